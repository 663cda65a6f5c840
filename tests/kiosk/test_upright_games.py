"""Every game's play screen laid out for an upright screen (the Pi Touch Display 2 held so,
720x1280), and again for landscape when the same window is turned (1280x720), in the real app
(drive_upright_games.py, two people at each game).

Upright, each half's parts are stacked: the card saying whose half it is across the width, and
the hand as wide as the screen nearest its player -- under the card on the bottom half, above it
on the turned top half.  Challengers!' bench is the other way round: the bench by the middle of
the table, the name, counts and REVEAL nearest the player.  Landscape, the hand (the bench) is
beside the card again.  No text is cut or printed over another at either size.

Before: at 720x1280 every game screen was its landscape layout stretched: the hand beside a card
three times the height it used.
"""

import pytest
from kiosk_helpers import artifacts_dir, run_script, script_result

GAMES = ("between", "wacky", "cosplay", "challengers")
HALVES = {"challengers": ("light", "dark")}
#: What is nearest its player upright: the hand, or (Challengers!) the card with REVEAL.
NEAREST = {"challengers": "card"}


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("upright")
    p = run_script("drive_upright_games.py", tmp / "data", artifacts_dir() / "upright-games", "720x1280:1280x720",
                   timeout=300, TABLECUP_CONFIG=tmp / "config")
    return script_result(p, "UPRIGHT-GAMES-RESULT ")


@pytest.mark.parametrize("game", GAMES)
def test_upright_halves_stack_their_parts(result, game):
    g = result["sizes"]["720x1280"][game]
    bottom, top = HALVES.get(game, ("bottom", "top"))
    assert g["portrait"], g
    near = NEAREST.get(game, "hand")
    far = "card" if near == "hand" else "hand"
    b, t = g[bottom], g[top]
    assert b[far][1] >= b[near][3] - 1, (game, f"the bottom {near} is not under its {far}", b)
    assert t[far][3] <= t[near][1] + 1, (game, f"the top {near} is not above its (turned) {far}", t)
    for half in (b, t):
        assert half["hand"][2] - half["hand"][0] > 0.75 * 720, (game, "the hand is not the width of the screen", half)
    assert g["faults"] == [], g["faults"]
    assert g["outside"] == [], g["outside"]


@pytest.mark.parametrize("game", GAMES)
def test_turned_landscape_puts_the_hand_beside_the_card(result, game):
    g = result["sizes"]["1280x720"][game]
    assert not g["portrait"], g
    for half in (g[h] for h in HALVES.get(game, ("bottom", "top"))):
        card, hand = half["card"], half["hand"]
        assert hand[0] >= card[2] - 1 or hand[2] <= card[0] + 1, (game, "the hand is not beside the card", half)
    assert g["faults"] == [], g["faults"]
    assert g["outside"] == [], g["outside"]      # before: Wacky's name, 1.3 times its column's width
