"""The games kept at this table, as home says them: the saved games to resume and the finished
games to look back on.  No Kivy here.

The table keeps one saved (unfinished) game of each game (:meth:`kiosk.store.Store.new_table_game`
closes only the same game's): :func:`saved_games` lists them, each with who plays and how far it
went, "turn 3" or "round 2", read from the game's public observation after replaying it (kept per
game and number of actions, so home asks once).  :func:`describe` says one in a sentence: home's
Resume button and the question asked before a new game ends it.

:func:`finished_games` lists a game's last :data:`HISTORY` finished games (Challengers!' from
before it was played at the table included), and :func:`finished_game` replays one to give its
result and its log: every event, in the game's own words (``Game.describe_event``).
"""

from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.game import Action, GameSetup, replay
from kiosk.i18n import N_

log = logging.getLogger("tablecup.kiosk.saved")

#: How many finished games of each game home lists (every record stays in kiosk.db).
HISTORY = 50

#: Old Challengers! games (kept in the store's ``games`` table) are numbered apart from the
#: table's games: their ids in :func:`finished_games` are this minus the old id.
OLD = -1

Words = Callable[..., str]

#: How far a saved game went, by the kind :func:`progress` reads: "turn 3", "round 2".
PROGRESS = {"turn": N_("saved_turn"), "round": N_("saved_round")}


@dataclass(frozen=True)
class Saved:
    """A saved game: its table id, game, seat names and kinds (``person``, ``phone``, ``bot``),
    number of actions, and how far it went (``("turn", 3)``, ``("round", 2)``, or None)."""

    id: int
    game: str
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    actions: int
    progress: tuple[str, int] | None


#: (the database's path, table id, actions stored) -> the progress read from them.
_progress_cache: dict[tuple[str, int, int], tuple[str, int] | None] = {}


def progress(observation: dict[str, Any]) -> tuple[str, int] | None:
    """How far a game went, from its public observation: its round (Challengers!), else its turn
    (a number, or each player's count of turns: their sum is the table's turn)."""
    if isinstance(observation.get("round"), int):
        return ("round", observation["round"])
    turn = observation.get("turn")
    if isinstance(turn, int):
        return ("turn", turn)
    turns = observation.get("turns")
    if isinstance(turns, list) and turns and all(isinstance(n, int) for n in turns):
        return ("turn", max(1, sum(turns)))
    return None


def _replayed(game_name: str, setup_json: str, action_texts: list[str], data_for: Callable[[Any], Any]):
    """(state, events) of a stored game replayed with its game's data (``data_for(game)``)."""
    game = registry.get(game_name)
    data = data_for(game)
    setup = GameSetup.from_json(json.loads(setup_json))
    actions = [Action.from_json(json.loads(a)) for a in action_texts]
    if game.upgrade_actions is not None:
        actions = game.upgrade_actions(data, setup, actions)
    return replay(game, data, setup, actions)


def saved_games(store: Any, data_for: Callable[[Any], Any]) -> list[Saved]:
    """Every saved game at this table, one per game, latest first.  A game that cannot be
    replayed here is still listed (without its progress): Resume says why it fails."""
    out = []
    for tid, game, setup_json, seats_json, n, _started in store.unfinished_table_games():
        try:
            names = tuple(json.loads(setup_json).get("players", ()))
            kinds = tuple(s.get("kind", "person") for s in json.loads(seats_json))
        except (ValueError, AttributeError, TypeError):
            names, kinds = (), ()
        key = (str(store.path), tid, n)          # ids restart in another database
        if key not in _progress_cache:
            try:
                state, _ = _replayed(game, setup_json, store.table_actions(tid), data_for)
                _progress_cache[key] = progress(state.observation(None))
            except Exception:  # listed without its progress; Resume says what is wrong
                log.info("saved game %s: no progress read", tid, exc_info=True)
                _progress_cache[key] = None
        out.append(Saved(tid, game, names, kinds, n, _progress_cache[key]))
    return out


def title(game: str, lang: str) -> str:
    try:
        return registry.get(game).title(lang)
    except KeyError:
        return game


def describe(saved: Saved, lang: str, tr: Words, shown_name: Callable[[str, str], str] = lambda n, _l: n) -> str:
    """One saved game in words: "Wacky Challenge with Ana, Phone 1, turn 3" (the people at the
    table and on phones; the bots are not named).  ``shown_name(name, lang)`` says a stored name
    in the table's language (the kiosk's own "Player", "Robot")."""
    people = [shown_name(n, lang) for n, k in zip(saved.names, saved.kinds) if k != "bot"] or \
        [shown_name(n, lang) for n in saved.names]
    game = title(saved.game, lang)
    if saved.progress is not None:
        kind, number = saved.progress
        how_far = tr(PROGRESS[kind], lang, number=number)
    else:
        how_far = tr("saved_moves", lang, n=saved.actions)
    return tr("saved_game", lang, game=game, players=", ".join(people), progress=how_far)


@dataclass(frozen=True)
class Finished:
    """A finished game as listed: its id (:data:`OLD` minus the id for an old Challengers! game),
    game, when it ended (seconds since the epoch), the players' names, the winners' seats, and
    the lesson it was (Challengers!' guided first match: no tournament), if any."""

    id: int
    game: str
    finished: float
    names: tuple[str, ...]
    winners: tuple[int, ...]
    lesson: str | None = None


def finished_games(store: Any, game: str, limit: int = HISTORY) -> list[Finished]:
    """The last ``limit`` finished games of ``game``, latest first (an unreadable one is left out)."""
    out = []
    for tid, _game, setup_json, outcome_json, finished in store.table_history(limit, game=game):
        try:
            setup = json.loads(setup_json)
            names = tuple(str(n) for n in setup["players"])
            winners = tuple(int(w) for w in json.loads(outcome_json)["winners"])
            lesson = (setup.get("options") or {}).get("lesson")
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
        if game == "challengers" and len(names) % 2:
            names += ("Robot",)            # the engine seats the Robot with an odd number of people
        out.append(Finished(tid, game, finished, names, winners, lesson if isinstance(lesson, str) else None))
    if game == "challengers":
        out += _old_challengers(store, limit)
        out.sort(key=lambda f: -f.finished)
    return out[:limit]


def _old_challengers(store: Any, limit: int) -> list[Finished]:
    """Challengers! games finished before Challengers! was played at the table (schema < 3)."""
    out = []
    for g in store.history(limit):
        try:
            names = tuple(str(n) for n in json.loads(g["setup_json"])["players"])
        except (ValueError, KeyError, TypeError):
            continue
        if len(names) % 2:
            names += ("Robot",)
        out.append(Finished(OLD - g["id"], "challengers", g["finished"], names, (g["winner"],)))
    return out


def when(finished: float) -> str:
    return datetime.datetime.fromtimestamp(finished).strftime("%Y-%m-%d %H:%M")


@dataclass(frozen=True)
class Record:
    """A finished game opened: the list line's facts, its outcome (``winners``, ``scores``,
    ``reason``; None when it could not be replayed), its log lines and, when it could not be
    replayed, why."""

    game: Finished
    scores: tuple[int, ...]
    reason: str
    log: tuple[str, ...]
    error: str | None = None


def finished_game(store: Any, listed: Finished, data_for: Callable[[Any], Any], lang: str) -> Record:
    """``listed`` replayed from its set-up and its stored actions: its scores, its reason and its
    log, in ``lang``.  A game that cannot be replayed (its game gone, a data file broken) gives
    what its record says, with ``error``."""
    try:
        if listed.id <= OLD:
            setup_json, action_texts = _old_as_table_game(store, OLD - listed.id)
        else:
            row = store.table_game(listed.id)
            setup_json, action_texts = row["setup_json"], row["actions"]
        state, events = _replayed(listed.game, setup_json, action_texts, data_for)
        say = _event_words(listed, data_for, lang)
        lines = tuple(say(e) if say is not None else _said(listed, e, lang) for e in events)
        outcome = state.outcome()
        scores = tuple(outcome.scores) if outcome is not None and outcome.scores else ()
        reason = outcome.reason if outcome is not None else ""
        return Record(listed, scores, reason or "", tuple(line for line in lines if line))
    except Exception as exc:  # the record is shown with why its log is not
        log.exception("finished game %s cannot be replayed", listed.id)
        return Record(listed, (), "", (), f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__)


def _event_words(listed: Finished, data_for: Callable[[Any], Any], lang: str) -> Callable[[Any], str] | None:
    """The game's kiosk package's words for one event (``KioskGame.events``: the engine's message
    ids through the catalogues), with the players' names; None for a game without them."""
    from kiosk.games import registry as kiosk_games
    kg = kiosk_games.find(listed.game)
    if kg is None or kg.events is None:
        return None
    words = kiosk_games.load_class(kg.events)
    data = data_for(registry.get(listed.game))
    return lambda event: words(data, event, lang, listed.names)


def _said(listed: Finished, event: Any, lang: str) -> str:
    """One event of a finished game in words: the game's own (``Game.describe_event``; for
    Challengers!, with the players' names), else its kind and values."""
    if listed.game == "challengers":
        from engine.challengers.describe import describe_event
        return describe_event(event, listed.names)
    describe = registry.get(listed.game).describe_event
    if describe is not None:
        return describe(event, lang)
    return " ".join(str(x) for x in (event.kind, event.player, event.info) if x is not None)


def _old_as_table_game(store: Any, old_id: int) -> tuple[str, list[str]]:
    """An old Challengers! game (the store's ``games`` table) as a table game's set-up and actions."""
    from kiosk.store import _challengers_as_table_game
    g = store.game(old_id)
    texts = [r[0] for r in store.db.conn.execute("select action_json from actions where game_id = ? order by seq",
                                                 (old_id,))]
    setup_json, _seats, actions = _challengers_as_table_game(g["setup_json"], texts, store.path.parent)
    return setup_json, actions
