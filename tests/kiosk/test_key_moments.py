"""Input reaches only the moment on screen: every key and button at moments that hold or cover a
game, in the real app (offscreen), for every game (``drive_key_moments.py``)."""

import pytest

from kiosk_helpers import STILL, artifacts_dir, run_script, script_result

from engine import registry

pytestmark = pytest.mark.slow   # every key at every moment of every game in the real app


def test_every_key_and_button_does_only_what_the_moment_offers(tmp_path):
    p = run_script("drive_key_moments.py", tmp_path / "data", artifacts_dir() / "key-moments", timeout=400,
                   settings=STILL)
    got = script_result(p, "KEY-MOMENTS-RESULT")
    moments = got["moments"]
    games = {g.name for g in registry.games()}
    assert {name.split("-")[0] for name in moments} == games
    for name, seen in moments.items():
        assert seen["unchanged"], f"{name}: a key or button that the moment does not offer changed the game"
        assert seen["screen"][0] == seen["screen"][1] and seen["still"], (name, seen)
    # Keys in the Deck Phase do what taps do: a removal that would leave the deck short asks first.
    deck = moments["challengers-deck"]
    assert deck["stage"] == "remove" and deck["asked"] and min(deck["sizes"]) == 6, deck
    # A choice: its digit plays exactly that choice.
    choice = moments["challengers-choice"]["offered"]
    assert choice["actions"] == 1 and choice["changed"] and "match.choose 0" in choice["last"]
    # A finished match held on screen: Enter goes on to the result, the engine untouched (the next
    # round's Deck Phase, already under way in the engine, got none of the keys).
    assert all("tap the screen to go on" in hint for hint in moments["challengers-end"]["hints"])
    end = moments["challengers-end"]["offered"]
    assert end == {"screen": "result", "changed": False}
    result = moments["challengers-result"]["offered"]
    assert result["screen"] == "deck" and not result["changed"]
    # The log and the rules reference: Escape closes them, and the game stays.
    assert moments["challengers-log"]["offered"] == {"open": False, "screen": "match"}
    assert moments["challengers-log"]["resumed"] == {"screen": "match", "log_open": False}
    for game in games:
        assert moments[f"{game}-rules"]["offered"] == {"open": False, "screen": moments[f"{game}-rules"]["screen"][0]}
