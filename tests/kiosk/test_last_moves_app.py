"""What just happened, in the real app: after a bot's move the person's half says it in a sentence,
with the cards it names drawn, until that bot moves again; nothing hidden is named or drawn; the
game's log opens from both halves, facing whoever opened it (drive_lastmove.py).  English and
French."""

import pytest
from kiosk_helpers import STILL, artifacts_dir, face_pixels, run_script, script_result
from registered import table_games

pytestmark = pytest.mark.slow   # a walk of the real app per game and language, shared by the file's tests


GAMES = table_games()


@pytest.fixture(scope="module", params=["en", "fr"])
def run(request, tmp_path_factory):
    lang = request.param
    art = artifacts_dir() / f"lastmove-{lang}"
    p = run_script("drive_lastmove.py", tmp_path_factory.mktemp(f"data-{lang}"), art, lang, timeout=240,
                   settings=STILL, TABLECUP_ROBOT_DELAY=0.3)
    return lang, art, script_result(p, "LASTMOVE-RESULT ")


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_move_is_said_and_drawn_on_the_persons_half(run, game):
    lang, art, r = run
    assert r["faults"] == [], r["faults"][:5]
    g = r["games"][game]
    assert g["checks"] >= 3 and g["bot_moves"], g
    drawn_moves = [m for m in g["bot_moves"] if m["want"]]
    assert drawn_moves, g["bot_moves"]
    for m in g["bot_moves"]:
        # The sentence about the bot's latest move is on the strip, with the bot's name ...
        assert m["said"] and m["said"][0] in m["texts"], m
        assert m["name"] in " ".join(m["texts"]), m
        # ... and every card it put on the table is drawn there, on the window.
        for card in m["want"]:
            assert card in m["drawn"] and card in m["faces_on_window"], m
    # It stays until that bot moves again: the person's own move does not change it.
    kept = [k for k in g["kept"] if not k["bot_moved"]]
    assert kept and all(k["before"] == k["after"] for k in kept), g["kept"]
    # The picture: a drawn card is not a hand shown face up (the top half has no face-up hand).
    assert face_pixels(art / f"lastmove-{game}-{lang}.png", (0, 0, 800, 60)) == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_log_opens_from_both_halves(run, game):
    _lang, _art, r = run
    g = r["games"][game]
    for half, turned in (("0", False), ("1", True)):
        log = g["log"][half]
        assert log["shown"] and log["turned"] is turned and log["closed"], log
        assert log["lines"] >= 2 and [log["newest"]] == log["want"], log
        assert not log["looked_under_log"]                 # nothing reaches the game under the log
    assert g["log_size"] >= 2
