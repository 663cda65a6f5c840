"""The games kept at the table, as home says them (kiosk/saved.py, no Kivy): each game's saved
game with how far it went, the finished games of one game (the last 50, latest first), and a
finished game opened: replayed to its result and its log.  Old Challengers! records too."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from pseudo_check import untranslated_in

import cards
from engine.challengers.library import load
from kiosk import i18n, saved
from kiosk.i18n import tr
from kiosk.store import Store
from kiosk.table import LocalTable, game_data
from kiosk.table.seats import Seat, two_at_the_table

FIXTURE_V0 = Path(__file__).parent / "fixtures" / "kiosk-v0.db"
LIB = load(cards)


def data_for(game):
    return LIB if game.name == "challengers" else game_data(game)


def test_each_games_saved_game_says_who_plays_and_how_far(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store, data_for=data_for)
    table.new_game("wacky", (Seat.person(0), Seat.phone(), Seat.bot("random", 1)), names=("Ana", "Phone 1", "Robot"),
                   seed=3)
    while table.observation(None)["turn"] < 3:
        table.act(table.legal(min(table.to_act()))[0])
    table.leave()
    table.new_game("cosplay", two_at_the_table(), names=("Ana", "Bob"), seed=4)
    table.leave()
    listed = saved.saved_games(store, data_for)
    assert [(s.game, s.names, s.kinds) for s in listed] == [
        ("cosplay", ("Ana", "Bob"), ("person", "person")),
        ("wacky", ("Ana", "Phone 1", "Robot"), ("person", "phone", "bot"))]
    words = {s.game: saved.describe(s, "en", tr) for s in listed}
    assert words == {"wacky": "Wacky Challenge with Ana, Phone 1, turn 3",
                     "cosplay": "Cosplay Team Battle with Ana, Bob, turn 1"}
    assert saved.describe(listed[1], "fr", tr) == "Wacky Challenge avec Ana, Phone 1, tour 3"


def test_a_saved_game_that_cannot_be_replayed_is_listed_by_its_moves(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    table.new_game("between", two_at_the_table(), names=("Ana", "Bob"), seed=1)
    table.act(table.legal(min(table.to_act()))[0])
    table.leave()
    store.add_table_action(table.unfinished()[0], 1, json.dumps({"player": 0, "kind": "nonsense", "args": []}))
    (s,) = saved.saved_games(store, data_for)
    assert s.progress is None and s.actions == 2
    assert saved.describe(s, "en", tr) == "Between Battle with Ana, Bob, 2 moves"


def play_to_the_end(store, game, seed):
    import random
    table = LocalTable(store, data_for=data_for)
    table.new_game(game, (Seat.person(0), Seat.bot("random", 1)), names=("Ana", "Robot"), seed=seed)
    rng = random.Random(seed)
    while not table.over:
        table.act(rng.choice(table.legal(min(table.to_act()))))
    table.leave()
    return table


def test_the_finished_games_of_one_game_latest_first_at_most_the_limit(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    ids = []
    for seed in range(4):
        play_to_the_end(store, "between", seed)
        ids.append(store.table_history(1)[0][0])
    play_to_the_end(store, "wacky", 9)
    listed = saved.finished_games(store, "between", limit=3)
    assert [f.id for f in listed] == ids[::-1][:3]
    assert all(f.game == "between" and f.names == ("Ana", "Robot") and f.winners for f in listed)
    assert [f.game for f in saved.finished_games(store, "wacky")] == ["wacky"]
    assert saved.HISTORY == 50


def test_a_finished_game_opens_to_its_result_and_its_log(tmp_path):
    store = Store(tmp_path / "kiosk.db")
    play_to_the_end(store, "between", 5)
    (listed,) = saved.finished_games(store, "between")
    record = saved.finished_game(store, listed, data_for, "en")
    outcome = json.loads(store.table_history(1)[0][3])
    assert record.error is None and list(record.scores) == outcome["scores"] and record.reason == outcome["reason"]
    # Said through the game's catalogue (KioskGame.events), the players by their names.
    assert record.log[0] in {f"Turn 1: {name}" for name in listed.names}, record.log[0]
    assert record.log[-1].startswith(tuple(f"{name} wins" for name in listed.names)), record.log[-1]
    french = saved.finished_game(store, listed, data_for, "fr")
    assert french.log != record.log and len(french.log) == len(record.log)


def test_old_challengers_games_are_listed_and_open(tmp_path):
    """A finished solo game of the first kiosk.db (schema 0, the old games table)."""
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE_V0, db)
    store = Store(db)
    listed = saved.finished_games(store, "challengers")
    assert [(f.id, f.names, f.winners) for f in listed] == [(saved.OLD - 1, listed[0].names, (1,))]
    assert listed[0].names[-1] == "Robot"
    record = saved.finished_game(store, listed[0], data_for, "en")
    assert record.error is None and len(record.log) > 20
    assert any(line.startswith(listed[0].names[0]) or f" {listed[0].names[0]} " in line for line in record.log)


def test_a_finished_challengers_games_log_is_in_the_tables_language_from_the_catalogues(tmp_path):
    """Its tournament's, Deck Phases' and matches' events in catalogue words: in the pseudo-locale
    no line holds a plain letter but the players' and the cards' names (the English of the command
    line's ``describe_event`` was shown in every language)."""
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE_V0, db)
    store = Store(db)
    (listed,) = saved.finished_games(store, "challengers")
    logs = {lang: saved.finished_game(store, listed, data_for, lang).log for lang in ("en", "fr", i18n.PSEUDO)}
    assert len(logs["en"]) > 20 and len(logs["fr"]) == len(logs["en"]) == len(logs[i18n.PSEUDO])
    assert untranslated_in(logs["en"], listed.names)               # the check finds English where it is
    left = untranslated_in(logs[i18n.PSEUDO], listed.names)
    assert not left, left
    assert not any(line.startswith("cle_") or "{" in line for line in logs["fr"]), logs["fr"]


def test_two_databases_never_share_a_saved_games_progress(tmp_path):
    """Table ids start again in another kiosk.db: each database's saved game says its own progress."""
    seen = {}
    for name, game in (("a", "wacky"), ("b", "between")):
        store = Store(tmp_path / name / "kiosk.db")
        table = LocalTable(store, data_for=data_for)
        seats = (Seat.person(0), Seat.bot("random", 1)) if game == "between" else \
            (Seat.person(0), Seat.phone(), Seat.bot("random", 1))
        table.new_game(game, seats, names=("Ana", "Bob", "Cy")[:len(seats)], seed=3)
        for _ in range(7):
            table.act(table.legal(min(table.to_act()))[0])
        want = saved.progress(table.observation(None))
        table.leave()
        (s,) = saved.saved_games(store, data_for)
        seen[game] = (s.id, s.actions, s.progress, want)
    assert seen["wacky"][:2] == seen["between"][:2]              # the same id and count of moves...
    assert seen["wacky"][3] != seen["between"][3]                # ...but not the same progress
    assert all(got == want for _, _, got, want in seen.values()), seen
