"""The steps of Challengers!' rules as they are written in an observation.

Inside the engine, a match's agenda (the steps still to resolve) and a pending choice's
continuation (what the answer is handed to, in a match or a Deck Phase) are bound methods
of the :class:`~engine.challengers.match.Match` or
:class:`~engine.challengers.deckphase.DeckPhase`: calling one is all a step costs.  An
observation names each of them by a value of :class:`Step` instead (``{"step": "compare"}``),
so what travels to a phone, a kiosk or a bot and what is stored says what the rules will do,
never how the Python code is spelled.  :data:`_METHODS` is the one table between the two:
:func:`step_name` encodes, :func:`bound_step` decodes.

Observations written before schema 1 (no ``"schema"`` key) named the methods themselves
(``{"step": "_step_compare"}``); :func:`upgrade_observation` is the one place that reads them
(:data:`SCHEMA_0_NAMES`): for a kiosk's saved park view or an older coordinator's Deck Phase
(``kiosk/park.py``), and for the answers a coordinator.db of schema 1 kept (its migration).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from types import MethodType
from typing import Any

from engine.game import OBSERVATION_SCHEMA, SCHEMA_KEY, ObservationSchemaError


class Step(str, Enum):
    """Every agenda step and every pending-choice continuation of the rules, by name."""

    # A match's agenda (the resolution of a reveal, in order of appearance).
    EFFECT = "effect"                    # one effect of a card
    COMPARE = "compare"                  # the attack against the flag's defence
    ATTACK_ON = "attack_on"              # the attacker reveals again
    FLAG_LOSS = "flag_loss"              # the holder loses the flag (its "flag lost" effects)
    BENCH = "bench"                      # the cards that lost the flag go to their bench
    TAKE_FLAG = "take_flag"              # the attacker takes the flag
    SWAP = "swap"                        # the roles swap: the other side attacks
    # What a match's pending choice is answered by.
    ANSWER_SEAT_POWER = "answer_seat_power"
    ANSWER_MOVE = "answer_move"
    ANSWER_ARRANGE = "answer_arrange"
    # What a Deck Phase's pending (when-picked) choice is answered by.
    ANSWER_REMOVE = "answer_remove"
    ANSWER_COST = "answer_cost"
    ANSWER_EXTRA_DRAW = "answer_extra_draw"
    ANSWER_THEN_REST = "answer_then_rest"   # an answer, then the rest of the picked card's effects
    # A determinized state's stand-in for a choice someone else answers (nobody observing
    # can know what it works on): answering it changes nothing.
    UNKNOWN_ANSWER = "unknown_answer"


def unknown_answer(self: Any, option: Any) -> None:
    """The continuation of someone else's pending choice in a determinized state (see
    :mod:`engine.challengers.determinize`): nothing the observer can know."""


#: Each step and the name of the engine's method it calls (``unknown_answer``: this module's
#: function, bound to the match or Deck Phase).  The one table between the two.
_METHODS: dict[Step, str] = {
    Step.EFFECT: "_step_effect",
    Step.COMPARE: "_step_compare",
    Step.ATTACK_ON: "_step_attack_on",
    Step.FLAG_LOSS: "_step_flag_lost",
    Step.BENCH: "_step_bench_park",
    Step.TAKE_FLAG: "_step_take_flag",
    Step.SWAP: "_step_swap",
    Step.ANSWER_SEAT_POWER: "_answer_seat_power",
    Step.ANSWER_MOVE: "_answer_move",
    Step.ANSWER_ARRANGE: "_answer_arrange",
    Step.ANSWER_REMOVE: "_answer_remove",
    Step.ANSWER_COST: "_answer_cost",
    Step.ANSWER_EXTRA_DRAW: "_answer_extra_draw",
    Step.ANSWER_THEN_REST: "_then",
    Step.UNKNOWN_ANSWER: "unknown_answer",
}

#: A method's name -> its step's value (what :func:`step_name` writes), and the way back.
_VALUE_OF_METHOD: dict[str, str] = {method: step.value for step, method in _METHODS.items()}
_METHOD_OF_VALUE: dict[str, str] = {step.value: method for step, method in _METHODS.items()}

#: What observations of schema 0 (before the schema key) wrote for each step: the engine's
#: method names of that time.  Frozen: a method renamed later does not change what old files say.
SCHEMA_0_NAMES: dict[str, Step] = {
    "_step_effect": Step.EFFECT,
    "_step_compare": Step.COMPARE,
    "_step_attack_on": Step.ATTACK_ON,
    "_step_flag_lost": Step.FLAG_LOSS,
    "_step_bench_park": Step.BENCH,
    "_step_take_flag": Step.TAKE_FLAG,
    "_step_swap": Step.SWAP,
    "_answer_seat_power": Step.ANSWER_SEAT_POWER,
    "_answer_move": Step.ANSWER_MOVE,
    "_answer_arrange": Step.ANSWER_ARRANGE,
    "_answer_remove": Step.ANSWER_REMOVE,
    "_answer_cost": Step.ANSWER_COST,
    "_answer_extra_draw": Step.ANSWER_EXTRA_DRAW,
    "_then": Step.ANSWER_THEN_REST,
    "_unknown_answer": Step.UNKNOWN_ANSWER,
}


def step_name(method: MethodType) -> str:
    """The value of :class:`Step` that names ``method`` (a step or a continuation, bound)."""
    name = method.__func__.__name__
    try:
        return _VALUE_OF_METHOD[name]
    except KeyError:
        raise TypeError(f"{name!r} is not a step of the rules (engine.challengers.steps lists them)") from None


def bound_step(value: Any, owner: object) -> Callable[..., Any]:
    """The engine's method that the step ``value`` (a :class:`Step`'s value) names, bound
    to ``owner`` (the match or the Deck Phase); a clear error for anything else."""
    method = _METHOD_OF_VALUE.get(value) if isinstance(value, str) else None
    if method is None:
        raise ObservationSchemaError(f"unknown step {value!r} in a Challengers! observation (the steps of schema "
                                     f"{OBSERVATION_SCHEMA}: {', '.join(s.value for s in Step)})")
    if method == "unknown_answer":
        return MethodType(unknown_answer, owner)
    bound: Callable[..., Any] = getattr(owner, method)
    return bound


def upgrade_observation(value: Any) -> Any:
    """An observation (or a part of one sent alone: a match, a Deck Phase) of schema 0 in
    today's form: every step named by :class:`Step`, and the schema key set.  One of today's
    schema is returned as it is; a newer one raises :class:`ObservationSchemaError`."""
    if not isinstance(value, dict):
        raise ObservationSchemaError(f"an observation is a JSON object, not {type(value).__name__}")
    schema = value.get(SCHEMA_KEY)
    if schema == OBSERVATION_SCHEMA:
        return value
    if schema is not None:
        raise ObservationSchemaError(f"an observation of schema {schema!r}: this Tablecup reads schema "
                                     f"{OBSERVATION_SCHEMA} and the older one; update Tablecup")
    return {SCHEMA_KEY: OBSERVATION_SCHEMA, **_upgraded_steps(value)}


def _upgraded_steps(value: Any) -> Any:
    if isinstance(value, list):
        return [_upgraded_steps(v) for v in value]
    if isinstance(value, dict):
        if set(value) == {"step"} and isinstance(value["step"], str):
            old = value["step"]
            step = SCHEMA_0_NAMES.get(old)
            if step is None:
                raise ObservationSchemaError(f"unknown step {old!r} in a Challengers! observation of schema 0")
            return {"step": step.value}
        return {k: _upgraded_steps(v) for k, v in value.items()}
    return value
