"""Games recorded by an older Cosplay Team Battle, in today's actions.

In the first versions a payment was several actions: the target (``recruit 3``, ``complete 1``,
``drama 1 2``, ``steal 1 17``), then one ``pay C`` per payer (``pay pool`` for the points
gained), the target taken as soon as the payers covered it.  Today the target and its payers
are one action (``recruit 3 12 17``).  :func:`upgrade_actions` joins each old target with the
``pay`` actions that follow it; an old Drama purchase, ``drama P N`` (N cards to seat P), is
today's ``drama N P .. P`` (how many, then each card's recipient: several may share one purchase).  The events, and so the game, are the same: the new action
says the target, each payer and what was taken, as the old sequence did.

A game stored in the middle of a payment (a target named, its payers not yet covering it)
ends with a target that today's rules cannot take: that unfinished payment is dropped, and the
game resumes just before it was begun -- nothing of it had changed the game but the target
being named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.errors import IllegalAction
from engine.game import Action, GameSetup

from .state import CosplayState

__all__ = ["upgrade_actions"]

#: The old action words that named a target, before their ``pay`` actions, and how many
#: arguments they had (today's have the payers after them).
_TARGETS = {"recruit": 1, "complete": 1, "drama": 2, "steal": 2}


def upgrade_actions(data: Any, setup: GameSetup, actions: Sequence[Action]) -> list[Action]:
    """``actions`` in today's vocabulary (the same list when nothing is old).  Raises
    :class:`~engine.errors.IllegalAction` when the old actions do not make a game."""
    last = actions[-1] if actions else None
    ends_with_target = last is not None and len(last.args) == _TARGETS.get(last.kind)
    if not any(a.kind == "pay" for a in actions) and not ends_with_target:
        return list(actions)
    out: list[Action] = []
    old_target = False                         # the last action of ``out`` is an old target, with its payers
    for a in actions:
        if a.kind == "pay":
            if not old_target or out[-1].player != a.player or len(a.args) != 1:
                raise IllegalAction(f"action {len(out)}: {a} pays for no target")
            out[-1] = Action(out[-1].player, out[-1].kind, out[-1].args + a.args)
        else:
            out.append(a)
            old_target = len(a.args) == _TARGETS.get(a.kind)
    out = [_split_drama(a) for a in out]
    if old_target and not _takes(data, setup, out):
        out.pop()
    return out


def _split_drama(action: Action) -> Action:
    """An old Drama purchase, ``drama P N`` and its payers, as today's ``drama N P .. P`` (N cards,
    each to P) and its payers."""
    if action.kind != "drama":
        return action
    q, k, *payers = action.args
    if type(k) is not int or k < 1:
        raise IllegalAction(f"{action}: not an old Drama purchase")
    return Action(action.player, "drama", (k, *[q] * k, *payers))


def _takes(data: Any, setup: GameSetup, actions: Sequence[Action]) -> bool:
    """Does the last of ``actions`` (a target and its payers) take its target today?  (Not when
    the game was stored in the middle of that payment.)"""
    state = CosplayState(data, setup)
    for a in actions[:-1]:
        state.apply(a)
    try:
        state.apply(actions[-1])
    except IllegalAction:
        return False
    return True
