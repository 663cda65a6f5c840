"""Writes ``fixtures/kiosk-v3-<case>.db`` and ``fixtures/kiosk-v3-<case>.json``: kiosk.db files of
schema 3 as the kiosk of commit 7ee8d36 wrote them, and how that code saw their games.

The fixtures were written by the product code of commit 7ee8d36 (``kiosk.store.Store``, a real
``kiosk.table.LocalTable``; no Kivy), with this script added on top of it.  To make them again
from that code (into ``/tmp/new``, say, then compare or copy them here)::

    mkdir -p /tmp/old && git archive 7ee8d36 | tar -x -C /tmp/old
    git show "$(git log --diff-filter=A --format=%H -1 -- tests/kiosk/make_kiosk_v3.py)":tests/kiosk/make_kiosk_v3.py \\
        > /tmp/old/tests/kiosk/make_kiosk_v3.py
    cd /tmp/old && PYTHONPATH=. python tests/kiosk/make_kiosk_v3.py /tmp/new

Every game of ``engine/registry.py`` is in them.  The store keeps one unfinished table game
(``Store.new_table_game`` closes any other as abandoned), so each case is one file: a finished
game, then an unfinished game in progress, played by seeded bots through the table (people's
seats by a seeded policy of the game, bots' seats by the table's own ``bot_step``):

* ``challengers-solo``: a finished two-person tournament, then a solo one against the Robot,
  stopped in round 6's match while the person answers a choice, with an effect still in the
  match's agenda (the observation's ``agenda`` and ``context`` carry the rules' step names);
* ``challengers-two``: a finished solo tournament, then one of two people face to face (two
  halves), stopped in round 6's match at a person's pending choice;
* ``between``: a finished solo game against the sensible bot, then two people, mid-game;
* ``wacky``: a finished two-person race with a bot, then a person, a phone seat and two bots,
  mid-race, every secret choice but the phone seat's made;
* ``cosplay``: a finished game against one bot, then one against two bots, at the start of the
  person's turn (its preparation) after at least four recruits paid for card by card
  (``recruit Z`` then ``pay C``...);
* ``cosplay-paying``: a finished game against the random bot, then one stopped in the middle of
  the person's payment (a target named, a payer added, the cost not yet covered).

Each unfinished game stops at a moment when no bot is to act, so the real app resumes it and
waits.  The expected picture of each (:func:`picture`) is what a resumed ``LocalTable`` shows:
the stored action texts, who is to act, every seat's and the spectator's observation, each
seat's legal actions (text form), the replay's events (their ``repr`` and the game's
``describe_event`` sentence), the outcome, the state's generator digest, Challengers!' kiosk
``state_dump``, and where playing on by the same seeded bots ends (:func:`play_on`).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import registry
from engine.game import Action, replay
from kiosk.store import Store
from kiosk.table import LocalTable, Seat, solo, two_at_the_table

FIXTURES = Path(__file__).parent / "fixtures"

#: The seeded policy that plays a person's (or a phone's) seat, per game.
PERSON_POLICY = {"challengers": "greedy", "between": "sensible", "wacky": "casual", "cosplay": "sensible"}

#: At most this many actions in a game the script plays (a bug, not a long game, reaches it).
MAX_ACTIONS = 5000


@dataclass(frozen=True)
class Play:
    """One game of a case: its seating, names, seed and options; ``stop(table)`` says when an
    unfinished game is far enough (asked only when no bot is to act); None: played to its end."""

    seats: tuple[Seat, ...]
    names: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    stop: Callable[[LocalTable], bool] | None = None


def fixture_path(case: str, folder: Path = FIXTURES) -> Path:
    """The case's kiosk.db."""
    return folder / f"kiosk-v3-{case}.db"


def expected_path(case: str, folder: Path = FIXTURES) -> Path:
    """The case's expected picture: ``{"file", "finished", "unfinished", "play_on"}``."""
    return folder / f"kiosk-v3-{case}.json"


# ---------------------------------------------------------------------------- when to stop

def _challengers_choice(round_at_least: int, with_effect: bool) -> Callable[[LocalTable], bool]:
    """A match of round ``round_at_least`` or later waits on a person's choice (with an effect
    still in its agenda, if ``with_effect``)."""
    def stop(table: LocalTable) -> bool:
        obs = table.observation(None)
        if obs["round"] < round_at_least:
            return False
        for m in obs["matches"]:
            if m["winner"] is None and m["pending"] is not None and m["agenda"]:
                steps = json.dumps(m["agenda"])
                if not with_effect or '"effect"' in steps:
                    return True
        return False
    return stop


def _after(n: int) -> Callable[[LocalTable], bool]:
    return lambda table: len(table.actions) >= n


def _paid_recruits(table: LocalTable) -> int:
    """Recruits named and paid for (``recruit`` followed by at least one ``pay``)."""
    kinds = [a.kind for a in table.actions]
    return sum(1 for i, k in enumerate(kinds) if k == "recruit" and i + 1 < len(kinds) and kinds[i + 1] == "pay")


def _cosplay_turn_after_recruits(n: int) -> Callable[[LocalTable], bool]:
    def stop(table: LocalTable) -> bool:
        obs = table.observation(None)
        return _paid_recruits(table) >= n and obs["pending"] is None and obs["choice"] is None \
            and table.actions[-1].player != obs["current"]          # a new turn has just begun
    return stop


def _cosplay_mid_payment(recruits_before: int) -> Callable[[LocalTable], bool]:
    def stop(table: LocalTable) -> bool:
        pend = table.observation(None)["pending"]
        return (_paid_recruits(table) >= recruits_before and pend is not None and pend["what"] == "recruit"
                and len(pend["payers"]) >= 1)
    return stop


CHALLENGERS_SOLO = {"box": "base", "robot_level": 2, "solo_cards": False}

#: case -> (game, the finished game, the unfinished game)
CASES: dict[str, tuple[str, Play, Play]] = {
    "challengers-solo": ("challengers",
                         Play(two_at_the_table(), ("Light", "Dark"), 2, dict(CHALLENGERS_SOLO, robot_level=1)),
                         Play((Seat.person(0), Seat.bot("robot", 1)), ("Player", "Robot"), 26, CHALLENGERS_SOLO,
                              _challengers_choice(6, with_effect=True))),
    "challengers-two": ("challengers",
                        Play((Seat.person(0), Seat.bot("robot", 1)), ("Player", "Robot"), 5, CHALLENGERS_SOLO),
                        Play(two_at_the_table(), ("Light", "Dark"), 1, dict(CHALLENGERS_SOLO, robot_level=1),
                             _challengers_choice(6, with_effect=False))),
    "between": ("between",
                Play(solo(1, "sensible"), ("Player", "Robot"), 11, {}),
                Play(two_at_the_table(), ("Player 1", "Player 2"), 12, {}, _after(40))),
    "wacky": ("wacky",
              Play(two_at_the_table() + (Seat.bot("sensible"),), ("Player 1", "Player 2", "Bot 1"), 21, {}),
              Play((Seat.person(0), Seat.phone(), Seat.bot("sensible", 1), Seat.bot("casual")),
                   ("Player", "Phone 1", "Bot 1", "Bot 2"), 22, {}, _after(30))),
    "cosplay": ("cosplay",
                Play(solo(1, "sensible"), ("Player", "Robot"), 31, {}),
                Play(solo(2, "sensible"), ("Player", "Bot 1", "Bot 2"), 32, {}, _cosplay_turn_after_recruits(4))),
    "cosplay-paying": ("cosplay",
                       Play(solo(1, "random"), ("Player", "Robot"), 33, {}),
                       Play(solo(1, "sensible"), ("Player", "Robot"), 34, {}, _cosplay_mid_payment(3))),
}


# ---------------------------------------------------------------------------- playing

def kiosk_controller(table: LocalTable, game: str) -> Any:
    """What the kiosk puts over the table for ``game`` (Challengers!: its view model ``Board``,
    which holds the Robot while a match's end is shown and leaves the flag toss to a person);
    None for the games that need nothing more."""
    if game != "challengers":
        return None
    import cards
    from engine.challengers.library import load
    from kiosk.games.challengers.board import board_of
    return board_of(table)


def step(table: LocalTable, controller: Any = None) -> None:
    """One move at the table: a bot's (the table's own ``bot_step``), else the first person's
    by the game's seeded person policy; a match's end shown is tapped away, a held Robot's flag
    toss pressed (as a person does at the kiosk)."""
    assert table.state is not None and table.game is not None and table.setup is not None
    if controller is not None and controller.result is not None:
        controller.ack_result()
        return
    before = len(table.actions)
    to_act = sorted(table.to_act())
    if any(table.is_bot(s) for s in to_act):
        table.bot_step()
        if len(table.actions) > before:
            return
    people = [s for s in to_act if not table.is_bot(s)]
    if people:
        seat = people[0]
        seed = (table.setup.seed * 7_919 + seat * 104_729 + len(table.actions)) % 2**32
        policy = table.game.policies[PERSON_POLICY[table.game.name]](table.data, seat, seed)
        action = policy.act(table.observation(seat), table.legal(seat))
    else:
        action = Action(to_act[0], "match.toss")
    if table.act(action) is None:
        raise RuntimeError(f"{action} refused: {table.ignored[-1]}")


def bot_to_act(table: LocalTable) -> bool:
    return any(table.is_bot(s) for s in table.to_act())


def play(table: LocalTable, controller: Any, stop: Callable[[LocalTable], bool] | None) -> None:
    """Play until the game is over, or until ``stop(table)`` at a moment no bot is to act."""
    while not table.over:
        if stop is not None and not bot_to_act(table) and (controller is None or controller.result is None) \
                and stop(table):
            return
        if len(table.actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{table.game}: no end after {MAX_ACTIONS} actions")
        step(table, controller)
    if stop is not None:
        raise RuntimeError(f"{table.setup}: the game ended before its stopping moment")


def start(table: LocalTable, controller: Any, game: str, p: Play) -> None:
    """A new game at ``table`` as the kiosk starts it (through ``controller`` if the game has one)."""
    if controller is not None:
        people = tuple(n for n, s in zip(p.names, p.seats) if not s.is_bot)
        controller.new_game(people, robot_level=p.options["robot_level"], box=p.options["box"], seed=p.seed,
                            solo_cards=p.options["solo_cards"])
        assert table.seats == p.seats
    else:
        table.new_game(game, p.seats, names=p.names, seed=p.seed, options=p.options)


def play_on(table: LocalTable, controller: Any) -> dict[str, Any]:
    """Play the table's game to its end by the seeded bots: how many actions it then has, a
    digest of their texts, and its outcome."""
    play(table, controller, None)
    assert table.outcome is not None
    texts = "\n".join(a.to_text() for a in table.actions)
    return {"actions": len(table.actions), "actions_sha256": hashlib.sha256(texts.encode()).hexdigest(),
            "outcome": table.outcome.to_json()}


# ---------------------------------------------------------------------------- the picture

def picture(table: LocalTable, store: Store) -> dict[str, Any]:
    """How the code sees the table's (resumed) game: see the module's docstring."""
    state, game, setup = table.state, table.game, table.setup
    assert state is not None and game is not None and setup is not None and table.table_id is not None
    _, events = replay(game, table.data, setup, table.actions)
    describe = game.describe_event
    seats: list[int | None] = [*range(len(table.seats)), None]
    outcome = table.outcome
    out: dict[str, Any] = {
        "id": table.table_id,
        "game": game.name,
        "setup": setup.to_json(),
        "seats": [s.to_json() for s in table.seats],
        "stored_actions": [json.loads(a) for a in store.table_actions(table.table_id)],
        "actions": [a.to_text() for a in table.actions],
        "to_act": sorted(table.to_act()),
        "observations": {str(s): table.observation(s) for s in seats},
        "legal": {str(s): [a.to_text() for a in table.legal(s)] for s in range(len(table.seats))},
        "events": [repr(tuple(e)) for e in events],
        "event_texts": [describe(e, "en") if describe is not None else repr(tuple(e)) for e in events],
        "outcome": None if outcome is None else outcome.to_json(),
        "rng": table.dump()["rng"],
    }
    if game.name == "challengers":
        from engine.challengers.game import ChallengersState
        from kiosk.games.challengers.board import state_dump
        assert isinstance(state, ChallengersState)
        out["state_dump"] = state_dump(state.tournament)
    return out


def finished_record(store: Store, table_id: int) -> dict[str, Any]:
    """A finished game's record: its stored outcome, and its actions replayed (count, digest of
    the events, the outcome they reach), read in today's vocabulary where the game says how
    (``Game.upgrade_actions``, as :meth:`LocalTable.resume` does; the count is the stored one)."""
    from engine.game import GameSetup
    from kiosk.table import game_data
    game_name, setup_json, outcome_json = store.db.conn.execute(
        "select game, setup_json, outcome_json from table_games where id = ?", (table_id,)).fetchone()
    game = registry.get(game_name)
    stored = [Action.from_json(json.loads(a)) for a in store.table_actions(table_id)]
    actions = stored
    setup = GameSetup.from_json(json.loads(setup_json))
    if getattr(game, "upgrade_actions", None) is not None:     # as a resume reads them (older code: none)
        actions = game.upgrade_actions(game_data(game), setup, actions)
    state, events = replay(game, game_data(game), setup, actions)
    outcome = state.outcome()
    return {"id": table_id, "actions": len(stored), "stored_outcome": json.loads(outcome_json),
            "outcome": None if outcome is None else outcome.to_json(),
            "events_sha256": hashlib.sha256("\n".join(repr(tuple(e)) for e in events).encode()).hexdigest()}


# ---------------------------------------------------------------------------- writing

def make(case: str, folder: Path) -> dict[str, Any]:
    """Write the case's kiosk.db; its expected picture."""
    game, finished, unfinished = CASES[case]
    path = fixture_path(case, folder)
    for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        p.unlink(missing_ok=True)
    store = Store(path)
    table = LocalTable(store)
    controller = kiosk_controller(table, game)
    start(table, controller, game, finished)
    play(table, controller, None)
    finished_id = table.table_id
    assert finished_id is not None
    table.leave()
    start(table, controller, game, unfinished)
    play(table, controller, unfinished.stop)
    store.close()

    # The picture of the game resumed from the file, as the kiosk resumes it.
    store = Store(path)
    table = LocalTable(store)
    kiosk_controller(table, game)          # over the table, as in the kiosk (it hears the resume)
    assert table.resume()
    expected: dict[str, Any] = {"file": path.name, "finished": finished_record(store, finished_id),
                                "unfinished": picture(table, store)}
    store.close()
    # Played on from a copy (the fixture keeps the game in progress).
    scratch = folder / f".{path.name}.play-on"
    scratch.write_bytes(path.read_bytes())
    store = Store(scratch)
    table = LocalTable(store)
    controller = kiosk_controller(table, game)
    assert table.resume()
    expected["play_on"] = play_on(table, controller)
    store.close()
    scratch.unlink()
    return expected


def main(argv: list[str]) -> int:
    folder = Path(argv[1]) if len(argv) > 1 else FIXTURES
    folder.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        e = make(case, folder)
        expected_path(case, folder).write_text(json.dumps(e, indent=1, sort_keys=True) + "\n")
        u = e["unfinished"]
        print(f"{fixture_path(case, folder).name}: {fixture_path(case, folder).stat().st_size} bytes, finished "
              f"{e['finished']['actions']} actions, unfinished {len(u['actions'])} (to act {u['to_act']}), "
              f"played on to {e['play_on']['actions']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
