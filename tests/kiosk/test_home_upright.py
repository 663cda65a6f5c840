"""Home upright (720x1280, the Pi Touch Display 2 held so): the game's set-up fills the width
above the players and the finished games, its rows taller than on a landscape screen, the games'
tabs on two rows; every text fits, EN and FR, whichever game is chosen.

Before: the landscape Home, its 300 dp players' column beside a set-up squeezed into 420 dp, and
the lower two thirds of the screen empty.
"""

import pytest
from kiosk_helpers import artifacts_dir, run_script, script_result


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.slow
def test_home_upright_stacks_the_set_up_over_the_players(tmp_path, lang):
    p = run_script("drive_home_upright.py", tmp_path / "data", artifacts_dir() / "home-upright", "720x1280", lang,
                   TABLECUP_CONFIG=tmp_path / "config")
    r = script_result(p, "UPRIGHT-RESULT ")
    assert r["portrait"]
    for game, g in r["games"].items():
        solo, players, tab = g["solo"], g["players"], g["tab"]
        assert players[3] < solo[1], (game, "the players' column is not below the set-up")
        assert players[2] - players[0] > 0.9 * 720, (game, "the players' column does not take the width")
        assert players[1] < 0.05 * 1280, (game, "the finished games do not reach the bottom")
        assert solo[3] - solo[1] >= 84 * 0.9 * 1.5, (game, "the big buttons are no taller than landscape's")
        assert tab[2] - tab[0] > 0.4 * 720, (game, "the games' tabs are not two a row")
        assert g["faults"] == [] and g["bands"] == [], (game, g["faults"], g["bands"])


@pytest.mark.slow
def test_home_landscape_keeps_the_players_beside_the_set_up(tmp_path):
    p = run_script("drive_home_upright.py", tmp_path / "data", artifacts_dir() / "home-upright", "800x480", "en",
                   TABLECUP_CONFIG=tmp_path / "config")
    r = script_result(p, "UPRIGHT-RESULT ")
    assert not r["portrait"]
    g = r["games"]["wacky"]
    assert g["players"][0] > g["solo"][2] and g["players"][2] - g["players"][0] == pytest.approx(300, abs=1)
    assert g["solo"][3] - g["solo"][1] == pytest.approx(84, abs=1)
    assert g["faults"] == [] and g["bands"] == []
