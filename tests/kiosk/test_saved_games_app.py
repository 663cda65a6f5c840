"""Nothing lost without a question, and every finished game kept, in the real app (offscreen,
real touches and key events through the window: tests/kiosk/drive_saved_games.py).

The table keeps one saved game of each game: a new game of another game leaves it resumable; a
new game of the same game first asks, saying what would end.  Every game's panel on home has
its Resume row; every game's finished games are listed and a tap opens the result and its log.
Also: the name grid reads a keyboard's text (Shift+a is "A", not Shift's key code "İ"), and
"Large" text applies at once.
"""

from __future__ import annotations

import os
import random
import shutil

import pytest
from kiosk_helpers import ROOT, artifacts_dir, run_script, script_result
from registered import kiosk_games

import cards
from engine.challengers.library import load
from kiosk.games.challengers.board import seating
from kiosk.store import Store
from kiosk.table import LocalTable, game_data
from kiosk.table.seats import Seat

pytestmark = pytest.mark.slow   # the real app's walks, shared by the file's tests (66 s to set up in the fast lane's run)


#: Who played the finished games the test leaves in kiosk.db (the first is the person).
PLAYERS = ("Zoé", "Robot")


def finish_a_game(store, game, seed):
    """One game of ``game`` played to its end at a real LocalTable, every seat's move a seeded
    random legal one; its table id."""
    lib = load(cards)
    table = LocalTable(store, data_for=lambda g: lib if g.name == "challengers" else game_data(g))
    if game == "challengers":
        table.new_game(game, seating("solo"), names=PLAYERS, players=PLAYERS[:1], seed=seed,
                       options={"box": "base", "robot_level": 1, "solo_cards": False})
    else:
        table.new_game(game, (Seat.person(0), Seat.bot("random", 1)), names=PLAYERS, seed=seed)
    rng = random.Random(seed)
    while not table.over:
        seat = min(table.to_act())
        table.act(rng.choice(table.legal(seat)))
    tid = table.table_id
    table.leave()
    return tid


GAMES = tuple(kiosk_games())


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    base = tmp_path_factory.mktemp("saved")
    data, config = base / "data", base / "config"
    data.mkdir()
    config.mkdir()
    store = Store(data / "kiosk.db")
    # Between Battle: twelve, more than home shows at once.
    finished = {game: [finish_a_game(store, game, seed) for seed in range(1, 13 if game == "between" else 3)]
                for game in GAMES}
    store.close()
    p = run_script("drive_saved_games.py", data, artifacts_dir() / "saved", "en", timeout=240, TABLECUP_CONFIG=config)
    r = script_result(p, "SAVED-RESULT ")
    assert r["rc"] == 0 and r.get("done"), r
    r["finished_ids"] = finished
    r["db"] = data / "kiosk.db"
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        for name in ("saved-question-en", "saved-home-en", "saved-finished-between-en"):
            shutil.copy(artifacts_dir() / "saved" / f"{name}.png", ROOT / "docs" / "screenshots" / f"{name}.png")
    return r


def test_a_new_game_of_another_game_leaves_the_saved_one_resumable(run):
    assert run["wacky_screen"].startswith("wacky") and run["wacky_seats"][:2] == ["person", "phone"]
    assert run["between_started_at_once"]                  # nothing was saved of Between Battle: no question
    assert run["saved_after_two"] == ["between", "wacky"] and run["wacky_kept"]
    assert run["game_buttons"]["wacky"].startswith("▶ ") and run["game_buttons"]["between"].startswith("▶ ")
    assert not run["game_buttons"]["cosplay"].startswith("▶")


def test_a_new_game_of_the_same_game_asks_first_and_says_what_ends(run):
    asked = run["asked"]
    first = asked["first"]
    assert first["asking"] and first["screen"] == "home"
    assert first["text"] == ("A new game ends the saved game: Wacky Challenge with Player, Phone 1, turn 2. "
                             "Start anyway?"), first["text"]
    assert first["faults"] == []
    assert run["resume_rows"]["wacky-before"] == {"shown": True,
                                                  "text": "Resume: Wacky Challenge with Player, Phone 1, turn 2"}
    # "Keep it": nothing started, both saved games as they were.
    assert asked["kept"] == {"asking": False, "screen": "home", "saved": True}
    # Asked again, "End it and start": the new game; the old Wacky Challenge game closed, Between kept.
    assert asked["again"]
    ended = asked["ended"]
    assert ended["screen"].startswith("wacky") and ended["old"] == [1, "abandoned"] and ended["between_kept"]


def test_every_games_saved_game_has_its_resume_row_and_resumes(run):
    assert run["started"] == {"challengers": "deck", "cosplay": "cosplay.play"}
    assert run["saved_all"] == sorted(GAMES)
    rows = run["resume_rows"]
    assert rows["challengers"] == {"shown": True, "text": "Resume: Challengers! with Player, round 1"}
    assert rows["between"]["shown"] and rows["between"]["text"].startswith("Resume: Between Battle with Player, turn ")
    # The new Wacky Challenge game (the "Phones" row went back to 0 on Between Battle's panel).
    assert rows["wacky"] == {"shown": True, "text": "Resume: Wacky Challenge with Player, turn 1"}
    assert rows["cosplay"]["shown"] and rows["cosplay"]["text"].startswith("Resume: Cosplay Team Battle with Player, turn ")
    for game, resumed in run["resumed"].items():
        assert resumed["id"] == resumed["saved"], game            # the game's own saved game
        assert resumed["screen"] != "home", game


def test_every_games_finished_games_are_listed_and_open_their_result_and_log(run):
    assert run["more"] == {"between": "Show 2 more", "between-after": 12}    # ten at a time
    for game in GAMES:
        listed = run["finished"][game]
        assert len(listed) == (10 if game == "between" else 2), (game, listed)
        assert all("Zoé – Robot: " in line for line in listed), listed
        opened = run["opened"][game]
        assert opened["screen"] == "history" and opened["back"] == "home"
        assert opened["id"] == run["finished_ids"][game][-1]          # the latest first
        assert opened["heading"].startswith({"challengers": "Challengers!", "between": "Between Battle",
                                             "wacky": "Wacky Challenge", "cosplay": "Cosplay Team Battle"}[game])
        assert opened["players"] == "1. Zoé · 2. Robot"
        assert opened["result"].startswith("Won by ") or opened["result"].startswith("No winner"), opened["result"]
        assert len(opened["log"]) > 10, game
        assert "\n".join(opened["shown"]).count("\n") + len(opened["shown"]) >= len(opened["log"]), game
        assert opened["faults"] == [], (game, opened["faults"])


def test_the_name_grid_reads_the_keyboards_text_not_its_key_codes(run):
    assert run["typed"] == "Ana"                 # not "İana": Shift's own key code is no character
    assert run["name"] == {"names": ["Ana", ""], "button": "Ana", "grid_shown": False}


def test_large_text_applies_at_once_on_the_screen_shown(run):
    large = run["large"]
    assert large["screen"] == "settings" and large["state"] == "down"
    assert large["after"]["title"] == pytest.approx(large["before"]["title"] * 1.12, rel=0.01)
    assert large["after"]["home_solo"] == pytest.approx(large["before"]["home_solo"] * 1.12, rel=0.01)
    assert "next start" not in large["message"] and large["message"] == "Saved"
    assert large["faults"] == []
    home = large["home"]
    assert home["screen"] == "home" and home["faults"] == [] and home["game"] == GAMES[-1]   # the walk's last
    assert home["saved"] == sorted(GAMES) and home["names"] == ["Ana", ""]


def test_the_question_and_the_lists_in_french(tmp_path):
    """The same walk with the table in French: the question, the Resume rows and the finished
    games in French words, every text fitting (800x480, normal then large text)."""
    data, config = tmp_path / "data", tmp_path / "config"
    data.mkdir()
    config.mkdir()
    store = Store(data / "kiosk.db")
    for game in GAMES:
        finish_a_game(store, game, 1)
    store.close()
    p = run_script("drive_saved_games.py", data, artifacts_dir() / "saved", "fr", timeout=240, TABLECUP_CONFIG=config)
    r = script_result(p, "SAVED-RESULT ")
    assert r["rc"] == 0 and r.get("done"), r
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        shutil.copy(artifacts_dir() / "saved" / "saved-question-fr.png", ROOT / "docs" / "screenshots")
    first = r["asked"]["first"]
    assert first["text"] == ("Une nouvelle partie clôt la partie en cours : Wacky Challenge avec Joueur, Téléphone 1, "
                             "tour 2. Commencer quand même ?"), first["text"]
    assert first["faults"] == []
    assert r["resume_rows"]["challengers"]["text"] == "Reprendre : Challengers ! avec Joueur, manche 1"
    assert r["asked"]["ended"]["old"] == [1, "abandoned"]
    for game in GAMES:
        opened = r["opened"][game]
        assert opened["result"].startswith("Gagnée par ") or opened["result"].startswith("Pas de gagnant")
        assert opened["faults"] == [], (game, opened["faults"])
    assert r["large"]["faults"] == [] and r["large"]["home"]["faults"] == []
