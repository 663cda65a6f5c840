"""The contract every game on the table keeps.

Shaped after OpenSpiel's Python games, python-chess and boardgame.io:

* A :class:`Game` describes a game once (name, titles, player counts, whether
  moves are simultaneous, whether information is hidden, its data folder) and
  knows how to load its data and set up a :class:`GameState`.
* A :class:`GameState` answers who may act now (a *set*: empty when the game
  is over, several players when moves are simultaneous), the legal actions of
  a player, applies one action and returns the events it caused (an illegal
  action raises :class:`~engine.errors.IllegalAction` and changes nothing),
  gives each player an :meth:`~GameState.observation` -- *the only place*
  where hidden information is removed -- and a typed :class:`Outcome` at the
  end.  :meth:`~GameState.clone` is truly independent and cheap: bots live on
  it.  Every random draw comes from a generator held in the state, so the
  set-up and the actions replay a game event for event.
* An :class:`Action` is a small typed value with one text codec and one JSON
  codec (like python-chess's ``Move`` and its UCI text).  The kiosk's store,
  the outbox, the coordinator and its OpenAPI document all go through it.
* A policy (:class:`Policy`) sees only a player's observation and the legal
  actions; it answers one of them.
* An observation is a format, not an implementation: plain JSON values that
  name no Python method or private field, with a schema version at its top
  (``observation["schema"] == OBSERVATION_SCHEMA``), because it leaves the
  process (phones, kiosks, the coordinator's bot worker) and is stored (a
  kiosk's saved park view, the coordinator's kept answers).  A reader calls :func:`check_schema` and gets a
  clear :class:`ObservationSchemaError` for a schema it does not read.

Nothing here reads a file, looks at a clock or starts a thread.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from engine.errors import IllegalAction, WrongShape
from engine.events import Event

__all__ = [
    "OBSERVATION_SCHEMA", "SCHEMA_KEY", "Action", "ActionSyntaxError", "Game", "GameSetup", "GameState",
    "ObservationSchemaError", "Outcome", "Policy", "RandomPolicy", "Termination", "action_label", "check_schema",
    "next_actor", "play_out", "replay",
]

# ---------------------------------------------------------------------------- actions

_WORD = re.compile(r"[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*\Z")
_ARG = re.compile(r"-?[0-9]+\Z|[a-z][a-z0-9_-]*\Z")
MAX_ARGS = 32


class ActionSyntaxError(IllegalAction):
    """Text or JSON that is not an action at all (its legality is never asked)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One move by one player: ``player`` does ``kind`` with ``args``.

    ``kind`` is a word of the game's vocabulary (``"reveal"``, ``"deck.pick"``,
    ``"play"``); ``args`` are small ints or lower-case words whose meaning the
    kind gives (a card's position, a zone).  The text form is
    ``"<player> <kind> <arg>..."`` (``"1 play 3 0"``), the JSON form
    ``{"player": 1, "kind": "play", "args": [3, 0]}``.  Both codecs check the
    form only; whether the action is legal now is the state's question.
    """

    player: int
    kind: str
    args: tuple[int | str, ...] = ()

    def __post_init__(self) -> None:
        if type(self.player) is not int or self.player < 0:
            raise ActionSyntaxError(f"an action's player is a seat number, not {self.player!r}")
        if type(self.kind) is not str or not _WORD.match(self.kind):
            raise ActionSyntaxError(f"not an action word: {self.kind!r}")
        if type(self.args) is not tuple:
            object.__setattr__(self, "args", tuple(self.args))
        if len(self.args) > MAX_ARGS:
            raise ActionSyntaxError(f"an action has at most {MAX_ARGS} arguments")
        for a in self.args:
            if type(a) is int:
                continue
            if type(a) is not str or not _ARG.match(a):
                raise ActionSyntaxError(f"not an action argument: {a!r}")

    # --- text codec
    def to_text(self) -> str:
        return " ".join([str(self.player), self.kind, *map(str, self.args)])

    @classmethod
    def from_text(cls, text: str) -> Action:
        if type(text) is not str or len(text) > 512:
            raise ActionSyntaxError("an action is a short line of text")
        words = text.split()
        if len(words) < 2 or not words[0].isdigit():
            raise ActionSyntaxError(f"not an action: {text!r} (expected '<player> <kind> <arg>...')")
        args = tuple(int(w) if w.lstrip("-").isdigit() else w for w in words[2:])
        return cls(int(words[0]), words[1], args)

    # --- JSON codec
    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, value: Any) -> Action:
        if not isinstance(value, Mapping):
            raise ActionSyntaxError("an action is an object with 'player', 'kind' and 'args'")
        unknown = set(value) - {"player", "kind", "args"}
        if unknown:
            raise ActionSyntaxError(f"unknown field(s) in an action: {', '.join(sorted(map(str, unknown)))}")
        args = value.get("args", [])
        if not isinstance(args, list):
            raise ActionSyntaxError("an action's 'args' is a list")
        player: Any = value.get("player")      # checked by the constructor, like the rest
        kind: Any = value.get("kind")
        return cls(player, kind, tuple(args))

    def __str__(self) -> str:
        return self.to_text()


# ---------------------------------------------------------------------------- outcome

class Termination(str, Enum):
    """How a game ended."""

    WIN = "win"            # one player won, or several shared the win (all in ``winners``)
    DRAW = "draw"          # nobody won
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won, why (a word of the game's vocabulary, e.g.
    ``"out-of-cards"``), the final scores where the game keeps any, and the
    facts a sentence on screen needs (``detail``)."""

    termination: Termination
    winners: tuple[int, ...] = ()
    reason: str = ""
    scores: tuple[int, ...] | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"termination": self.termination.value, "winners": list(self.winners), "reason": self.reason,
                "scores": None if self.scores is None else list(self.scores), "detail": dict(self.detail)}


# ---------------------------------------------------------------------------- observations

#: The version of the observation format of every game here: each game's ``observation()``
#: (and any part of one sent alone) carries it as ``observation[SCHEMA_KEY]``.  A change that
#: would make an older reader misread an observation (a key renamed, a value's meaning changed)
#: raises it, and says in the game's module how an older observation reads now.
#:
#: 0 (no key): Challengers! named its rules' steps by the engine's method names
#: (``{"step": "_step_compare"}``).  1: steps are values of
#: :class:`engine.challengers.steps.Step` (``{"step": "compare"}``), and every observation
#: carries the key.
OBSERVATION_SCHEMA = 1
SCHEMA_KEY = "schema"


class ObservationSchemaError(ValueError):
    """An observation in a format this code does not read (another schema, an unknown step)."""


def check_schema(observation: Mapping[str, Any], what: str = "an observation") -> None:
    """Raise :class:`ObservationSchemaError`, saying why, unless ``observation`` is of
    :data:`OBSERVATION_SCHEMA` (``what`` names it in the message)."""
    got = observation.get(SCHEMA_KEY) if isinstance(observation, Mapping) else None
    if got == OBSERVATION_SCHEMA and type(got) is int:
        return
    if got is None:
        raise ObservationSchemaError(f"{what} has no schema version: it is older than schema 1 "
                                     f"(this code reads schema {OBSERVATION_SCHEMA}; upgrade it first)")
    if type(got) is int and got > OBSERVATION_SCHEMA:
        raise ObservationSchemaError(f"{what} is of schema {got}, newer than this code reads "
                                     f"({OBSERVATION_SCHEMA}): update Tablecup")
    raise ObservationSchemaError(f"{what} has schema {got!r}; this code reads schema {OBSERVATION_SCHEMA}")


# ---------------------------------------------------------------------------- set-up and state

@dataclass(frozen=True)
class GameSetup:
    """What a game is created from; with the actions, all that replay needs.

    ``players`` are the seats' names, in seat order; ``options`` are the
    game's own (JSON-able) options, e.g. ``{"characters": ["pirate", "ninja"]}``.
    """

    game: str
    players: tuple[str, ...]
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": list(self.players), "seed": self.seed, "options": dict(self.options)}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> GameSetup:
        try:
            players = value["players"]
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                raise ValueError("'players' is a list of names")
            seed = value.get("seed", 0)
            if type(seed) is not int:
                raise ValueError("'seed' is a whole number")
            options = value.get("options", {})
            if not isinstance(options, Mapping):
                raise WrongShape("'options' is an object")
            return cls(str(value["game"]), tuple(players), seed, dict(options))
        except KeyError as e:
            raise ValueError(f"a game set-up needs {e.args[0]!r}") from None


@runtime_checkable
class GameState(Protocol):
    """What every game's state answers.  Players are seats numbered from 0.

    ``num_players`` counts seats: the set-up's players first, in order, then any
    seat the game adds itself (Challengers! seats its Robot when the count of
    people is odd); every seat acts through the same actions and policies.
    A state may also offer ``next_to_act() -> int | None``, the seat it would ask
    first when several may act (see :func:`next_actor`); it is optional.
    """

    setup: GameSetup
    rng: random.Random

    @property
    def num_players(self) -> int: ...

    def to_act(self) -> frozenset[int]:
        """Who may act now: empty when the game is over, several when moves are simultaneous."""
        ...

    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty when it is not their moment)."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Check and apply one action; the events it caused.  Illegal: raises, changes nothing.

        Events are the authority's record (the log, replay): they may name what only their actor
        sees (a player's own draw), so what travels to a player, a phone or a bot is
        ``observation``, never raw events."""
        ...

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator), as JSON-able values, with
        ``"schema": OBSERVATION_SCHEMA`` at the top; no key or value names a Python method
        or a private field (they leave the process and are stored)."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        ...

    def clone(self) -> GameState:
        """A copy that shares nothing mutable with this state."""
        ...


class Policy(Protocol):
    """Decides for one seat from what that seat may see."""

    name: str

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action: ...


class RandomPolicy:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise IllegalAction("no legal action to choose from")
        return legal[self.rng.randrange(len(legal))]


# ---------------------------------------------------------------------------- the descriptor

@dataclass(frozen=True)
class Game:
    """A game, described once and registered (see :mod:`engine.registry`).

    ``load(source)`` reads the game's data through a data source (anything with
    ``read(path)`` and ``files(folder)``; the engine never opens a file) and
    returns it checked; ``new(data, setup)`` sets up a state; ``policies`` maps a
    bot's name to a factory ``(data, seat, seed) -> Policy``; ``determinize``,
    for games with hidden information, builds from one player's observation a
    full state consistent with it, every hidden thing drawn from ``rng`` (the
    search bot plays on such states, so it never reads what its player may not see);
    it refuses an observation of another schema (:func:`check_schema`).
    ``options`` names the game's own set-up options for the command line
    (option -> one line of help; a value reaches ``GameSetup.options`` as a
    string, or a list where it holds commas); ``describe_event(event, lang)``
    says one event in a sentence (for ``tablecup simulate`` and the match log);
    ``describe_action(action, lang)`` names one action for a button (a phone's
    page); without it a button reads the action's text form (:func:`action_label`).
    ``upgrade_actions(data, setup, actions)`` gives a stored game's actions in today's
    vocabulary when the game's actions changed form (a store calls it before replaying an
    old game; the same list when nothing is old).
    ``cafe`` names the module (dotted path) a café host imports to run tournaments of the game
    across a café's tables (the set-up as an organiser gives it, the park of an action, the
    views of a park and of a TV); None: not a café game.  It is imported only by a café host,
    when it first needs it (:func:`engine.registry.cafe`).
    """

    name: str
    titles: Mapping[str, str]
    min_players: int
    max_players: int
    simultaneous: bool
    hidden_information: bool
    data_folder: str
    load: Callable[[Any], Any]
    new: Callable[[Any, GameSetup], GameState]
    policies: Mapping[str, Callable[[Any, int, int], Policy]] = field(default_factory=dict)
    determinize: Callable[[Any, dict[str, Any], int, random.Random], GameState] | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    describe_event: Callable[[Event, str], str] | None = None
    describe_action: Callable[[Action, str], str] | None = None
    upgrade_actions: Callable[[Any, GameSetup, Sequence[Action]], list[Action]] | None = None
    cafe: str | None = None

    def title(self, lang: str = "en") -> str:
        return self.titles.get(lang) or self.titles["en"]

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{self.title()} is for {self.min_players} to {self.max_players} players, not {n}")

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "titles": dict(self.titles), "min_players": self.min_players,
                "max_players": self.max_players, "simultaneous": self.simultaneous,
                "hidden_information": self.hidden_information, "bots": sorted(self.policies),
                "options": dict(self.options)}


@dataclass(frozen=True)
class About:
    """What a game is, without its rules: the facts the registry lists before any game's engine
    is imported (``tablecup games``, the command line's options and its help).

    A game's package declares it as ``ABOUT`` in its ``__init__`` and builds its :class:`Game`
    from it (:meth:`game`), in a module of its own that the package imports when ``GAME`` is
    first asked for: the facts are written once.  ``policies`` names the bots (the factories
    are the :class:`Game`'s)."""

    name: str
    titles: Mapping[str, str]
    min_players: int
    max_players: int
    simultaneous: bool
    hidden_information: bool
    data_folder: str
    policies: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "policies", tuple(sorted(self.policies)))

    def title(self, lang: str = "en") -> str:
        return self.titles.get(lang) or self.titles["en"]

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            raise ValueError(f"{self.title()} is for {self.min_players} to {self.max_players} players, not {n}")

    @classmethod
    def of(cls, game: Game) -> About:
        """The facts of ``game`` (a game registered without an ``ABOUT``)."""
        return cls(name=game.name, titles=game.titles, min_players=game.min_players, max_players=game.max_players,
                   simultaneous=game.simultaneous, hidden_information=game.hidden_information,
                   data_folder=game.data_folder, policies=tuple(sorted(game.policies)), options=game.options)

    def game(self, *, load: Callable[[Any], Any], new: Callable[[Any, GameSetup], GameState],
             policies: Mapping[str, Callable[[Any, int, int], Policy]], **rest: Any) -> Game:
        """The :class:`Game` these facts describe, with its rules; its bots must be the ones named."""
        if sorted(policies) != sorted(self.policies):
            raise ValueError(f"{self.name}: the bots {sorted(policies)} are not the ones its ABOUT names "
                             f"{sorted(self.policies)}")
        return Game(name=self.name, titles=self.titles, min_players=self.min_players, max_players=self.max_players,
                    simultaneous=self.simultaneous, hidden_information=self.hidden_information,
                    data_folder=self.data_folder, load=load, new=new, policies=policies, options=self.options,
                    **rest)


def action_label(game: Game, action: Action, lang: str = "en") -> str:
    """A button's words for ``action``: the game's ``describe_action``, else the
    action's text form without its seat (``"play pirate-7 a"``)."""
    if game.describe_action is not None:
        return game.describe_action(action, lang)
    return " ".join([action.kind, *map(str, action.args)])


def replay(game: Game, data: Any, setup: GameSetup, actions: Sequence[Action]) -> tuple[GameState, list[Event]]:
    """A new state from ``setup`` with ``actions`` applied in order, and every event."""
    state = game.new(data, setup)
    events: list[Event] = []
    for a in actions:
        events.extend(state.apply(a))
    return state, events


def next_actor(state: GameState) -> int | None:
    """The seat a driver that asks one seat at a time asks next (``None``: the game is over).

    A state may say whom it would ask first with an optional ``next_to_act()``
    method (Challengers!: the Deck Phases by seat, then the matches by park, so
    that its event log reads in its own order); otherwise the lowest seat that
    may act.
    """
    prefer = getattr(state, "next_to_act", None)
    if prefer is not None:
        seat: int | None = prefer()
        return seat
    acting = state.to_act()
    return min(acting) if acting else None


def play_out(state: GameState, policies: Mapping[int, Policy], limit: int = 100_000) -> list[Action]:
    """Play ``state`` to its end, each seat deciding by its policy (:func:`next_actor`
    first when several may act); the actions played."""
    played: list[Action] = []
    for _ in range(limit):
        seat = next_actor(state)
        if seat is None:
            return played
        action = policies[seat].act(state.observation(seat), state.legal_actions(seat))
        state.apply(action)
        played.append(action)
    raise RuntimeError(f"the game did not end within {limit} actions")
