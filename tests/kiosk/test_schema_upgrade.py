"""kiosk.db has a schema version; a database written by an older kiosk plays on.

``fixtures/kiosk-v0.db`` was written by the kiosk store of commit 7add352 (before schema
versions): the operator settings (French, Robot level 2), a finished solo game, and an
unfinished 2-player game in round 2's match.  ``fixtures/kiosk-v2.db`` was written by commit
e285870 (schema 2, Challengers! still in its own tables): an unfinished Wacky Challenge game at
the table, then an unfinished solo Challengers! game (Robot level 2, seed 12) in round 2's match.
Both made with that commit's code:

    git archive 7add352 | tar -x -C /tmp/old
    # then, with /tmp/old first on sys.path: Store(path), TableController(...).new_game(...),
    # played by tests/kiosk/test_controller.py's play_until, store.close()

Version 3 moves the unfinished Challengers! game into the table's games (contract actions), the
same game: it replays to the same tournament, event for event.
"""

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

import cards
from engine.challengers.library import load
from engine.challengers.tournament import replay as replay_tournament
from kiosk.games.challengers.board import state_dump
from kiosk.store import SCHEMA_VERSION, Store, setup_from_json
from kiosk_helpers import artifacts_dir, replay_saved, run_script, saved_actions

FIXTURE = Path(__file__).parent / "fixtures" / "kiosk-v0.db"
FIXTURE_V2 = Path(__file__).parent / "fixtures" / "kiosk-v2.db"


def old_game(conn, gid):
    """The tournament an old ``games``/``actions`` record replays to, by the tournament's own replay."""
    setup_json = conn.execute("select setup_json from games where id = ?", (gid,)).fetchone()[0]
    actions = [tuple(json.loads(r[0])) for r in
               conn.execute("select action_json from actions where game_id = ? order by seq", (gid,))]
    return replay_tournament(load(cards), setup_from_json(setup_json), actions), actions


def moved_the_same_game(db):
    """Open ``db`` (migrating it): its unfinished Challengers! game is now the table's, the same game."""
    conn = sqlite3.connect(db)
    gid = conn.execute("select max(id) from games where finished is null").fetchone()[0]
    before, old_actions = old_game(conn, gid)
    games_before = conn.execute("select id, setup_json, started, finished, winner from games where id != ?",
                                (gid,)).fetchall()
    conn.close()
    store = Store(db)
    assert store.schema_version == SCHEMA_VERSION == 3
    tid, game, _setup, _seats, texts = store.unfinished_table_game()
    assert game == "challengers" and len(texts) == len(old_actions)
    moved = replay_saved(load(cards), store, tid).tournament
    assert state_dump(moved) == state_dump(before) and moved.log == before.log      # event for event
    assert moved.actions == old_actions                       # the same tournament actions, in order
    finished, note, winner = store.db.conn.execute("select finished, note, winner from games where id = ?",
                                                   (gid,)).fetchone()
    assert finished and note == f"moved to table game {tid}" and winner is None
    assert store.db.conn.execute("select id, setup_json, started, finished, winner from games where id != ?",
                                 (gid,)).fetchall() == games_before            # the other records as they were
    assert len(store.actions(gid)) == len(old_actions)       # the old record keeps its actions
    store.close()
    return tid, len(old_actions)


def test_the_old_database_is_migrated_in_place(tmp_path):
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE, db)
    conn = sqlite3.connect(db)
    assert conn.execute("pragma user_version").fetchone()[0] == 0
    before = {t: conn.execute(f"select * from {t} order by 1, 2").fetchall() for t in ("games", "actions", "settings")}
    conn.close()
    moved_the_same_game(db)
    store = Store(db)
    assert store.get("lang") == "fr" and store.get("robot_level") == 2
    # The finished games stay where they were (the home screen's history reads them there).
    rows = store.db.conn.execute("select id, setup_json, started, finished, winner from games order by id").fetchall()
    assert [r for r in rows if r[3] is not None and r in before["games"]] == [r for r in before["games"] if r[3]]
    assert store.db.conn.execute("select * from actions order by 1, 2").fetchall() == before["actions"]
    assert store.db.conn.execute("select count(*) from table_games").fetchone()[0] == 1
    store.close()
    assert Store(db).schema_version == SCHEMA_VERSION          # opening again changes nothing


def test_a_database_of_schema_2_is_migrated_and_its_challengers_game_moved(tmp_path):
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE_V2, db)
    assert sqlite3.connect(db).execute("pragma user_version").fetchone()[0] == 2
    tid, n = moved_the_same_game(db)
    store = Store(db)
    # The Wacky Challenge game that was unfinished stays as it was; the moved game is the latest.
    wacky = store.db.conn.execute("select id, finished from table_games where game = 'wacky'").fetchall()
    assert wacky == [(1, None)] and tid == 2 and n == 29
    assert json.loads(store.db.conn.execute("select setup_json from table_games where id = ?", (tid,)).fetchone()[0]
                      )["options"]["robot_level"] == 2
    store.close()


def test_a_game_that_cannot_be_moved_is_closed_with_the_reason(tmp_path):
    """A saved action the tournament refuses (as a resume would have found): the old record is
    closed with why, every action kept, and nothing half-moved is left in the table's games."""
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE_V2, db)
    conn = sqlite3.connect(db)
    conn.execute("insert into actions(game_id, seq, action_json) values (1, 29, ?)",
                 (json.dumps(["deck", 0, "done"]),))                 # no Deck Phase in a match
    conn.commit()
    conn.close()
    store = Store(db)
    assert store.schema_version == SCHEMA_VERSION
    finished, note = store.db.conn.execute("select finished, note from games where id = 1").fetchone()
    assert finished and note.startswith("could not be moved: IllegalAction")
    assert len(store.actions(1)) == 30
    assert [r[0] for r in store.db.conn.execute("select game from table_games")] == ["wacky"]
    store.close()


def played_on_in_the_app(tmp_path, fixture):
    """The real app started on a copy of ``fixture``: it resumes the moved game and plays rounds
    2 and 3 (or 3) on, to round 4; the drive script's result."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(fixture, data / "kiosk.db")
    p = run_script("drive_table.py", data, artifacts_dir() / "table", "resume", 0, timeout=180,
                   TABLECUP_TEST_STOP_ROUND=4)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None, r["error"]
    assert r["rc"] == 0 and r["stopped_in_round"] == 4, "the game was played on to round 4"
    assert r["db_actions"] == r["actions"] > r["resumed_actions"] and r["replays_equal"]
    assert r["schema"] == SCHEMA_VERSION
    return r


@pytest.mark.slow
def test_the_app_resumes_a_challengers_game_of_schema_2_and_plays_on(tmp_path):
    r = played_on_in_the_app(tmp_path, FIXTURE_V2)
    assert r["resumed"] and r["resumed_actions"] == 29


def saved_house_set_game(db):
    """An unfinished solo game of schema 2's own tables, played with the café's house set (its
    cards in the piles), into its Match Phase: its id and the tournament it replays to."""
    from engine.challengers.tournament import Setup, Tournament
    from house_set import HOUSE
    from kiosk.store import setup_to_json
    lib = load(cards)
    lib.add_sets([("house.toml", HOUSE)])
    setup = Setup(players=("Ann",), sets=(*lib.default_sets("base")[:5], "house"), robot_level=2, seed=31)
    t = Tournament(lib, setup)
    while t.phase == "deck" or not t.matches:
        who = t.waiting()[0]
        dp = t.deck_phases[who[1]]
        t.apply(("deck", who[1], {"option": "option", "pick": "pick", "choose": "choose"}.get(dp.stage, "done"),
                 0) if dp.stage != "remove" else ("deck", who[1], "done"))
    conn = sqlite3.connect(db)
    gid = conn.execute("insert into games(setup_json, started) values (?, 1)", (setup_to_json(setup),)).lastrowid
    conn.executemany("insert into actions(game_id, seq, action_json) values (?,?,?)",
                     [(gid, i, json.dumps(list(a))) for i, a in enumerate(t.actions)])
    conn.commit()
    conn.close()
    return gid, t


def test_a_game_played_with_a_house_set_is_moved_with_its_cards(tmp_path):
    """The migration replays a saved game with the bundled cards and the data folder's house
    sets, as the app plays: a game with a house set's cards moves like any other."""
    from house_set import HOUSE
    data = tmp_path / "data"
    (data / "cards").mkdir(parents=True)
    (data / "cards" / "house.toml").write_text(HOUSE)
    shutil.copy(FIXTURE_V2, data / "kiosk.db")
    gid, before = saved_house_set_game(data / "kiosk.db")
    assert "house" in before.set_ids
    store = Store(data / "kiosk.db")
    tid, game, _setup, _seats, texts = store.unfinished_table_game()
    assert game == "challengers" and len(texts) == len(before.actions)
    lib = load(cards)
    lib.add_sets([("house.toml", HOUSE)])
    moved = replay_saved(lib, store, tid).tournament
    assert state_dump(moved) == state_dump(before) and moved.log == before.log
    assert store.db.conn.execute("select note from games where id = ?", (gid,)).fetchone()[0] == \
        f"moved to table game {tid}"
    store.close()
    # Without the house set in the data folder the game cannot be replayed: closed with why.
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(FIXTURE_V2, other / "kiosk.db")
    gid, _ = saved_house_set_game(other / "kiosk.db")
    store = Store(other / "kiosk.db")
    note = store.db.conn.execute("select note from games where id = ?", (gid,)).fetchone()[0]
    assert note.startswith("could not be moved: ") and "house" in note
    store.close()


def test_a_database_from_a_newer_tablecup_is_refused(tmp_path):
    import pytest
    from kiosk.store import NewerDatabase
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE, db)
    conn = sqlite3.connect(db)
    conn.execute(f"pragma user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(NewerDatabase, match="update Tablecup"):
        Store(db)


@pytest.mark.slow
def test_the_app_resumes_the_old_saved_game_and_plays_on(tmp_path):
    r = played_on_in_the_app(tmp_path, FIXTURE)
    assert r["resumed"] and r["resumed_actions"] == 37       # the game moved to the table's games
    assert r["lang"] == "fr"


def test_the_kiosk_started_on_a_newer_database_says_so_in_one_line(tmp_path):
    import subprocess
    import sys
    from kiosk_helpers import ROOT, kiosk_env
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(FIXTURE, data / "kiosk.db")
    conn = sqlite3.connect(data / "kiosk.db")
    conn.execute(f"pragma user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    p = subprocess.run([sys.executable, "-m", "kiosk.main", "--data", str(data), "--windowed"], env=kiosk_env(),
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert lines == [f"tablecup kiosk: {data / 'kiosk.db'} has schema version {SCHEMA_VERSION + 1}; this Tablecup "
                     f"knows up to {SCHEMA_VERSION}: update Tablecup"]
    assert sqlite3.connect(data / "kiosk.db").execute("pragma user_version").fetchone()[0] == SCHEMA_VERSION + 1
