"""The window changes size after the kiosk started (a window system answering late, a desktop
resize): the layout follows, at the scale of the new size.

Before: the scale (pixels per dp) was read once, from the window's first size; a window grown
from 800x480 to 1920x1080 kept 800x480's button and text sizes in a screen 2.4 times as big.
"""

import pytest

from kiosk_helpers import artifacts_dir, run_script, script_result


@pytest.mark.slow
def test_a_resized_window_is_laid_out_again_at_its_scale(tmp_path):
    p = run_script("drive_resize.py", tmp_path / "data", artifacts_dir() / "resize", "800x480:1920x1080",
                   TABLECUP_CONFIG=tmp_path / "config")
    r = script_result(p, "RESIZE-RESULT ")
    before, after = r["looks"]
    assert before["window"] == [800, 480] and before["density"] == 1.0
    assert after["window"] == [1920, 1080] and after["density"] == 2.25
    assert after["home_is_new"], "Home was not made again at the new scale"
    assert after["button_height"] == before["button_height"] * 2.25
    assert after["operator_font"] == before["operator_font"] * 2.25
    assert after["help_height"] == 1080
    for look in (before, after):
        assert look["outside"] == [] and look["faults"] == [], look


@pytest.mark.slow
def test_a_turned_screen_is_scaled_for_its_shape_from_the_start(tmp_path):
    """The operator's rotation (a quarter turn: 800x480 becomes 480x800) read at start-up: the
    screens are made at the scale of the turned window, not of the screen before it turned."""
    from kiosk.store import Store
    (tmp_path / "data").mkdir()
    store = Store(tmp_path / "data" / "kiosk.db")
    store.put("rotation", 90)
    store.close()
    p = run_script("drive_resize.py", tmp_path / "data", artifacts_dir() / "resize", "800x480:480x800",
                   TABLECUP_CONFIG=tmp_path / "config")
    r = script_result(p, "RESIZE-RESULT ")
    before = r["looks"][0]
    assert before["window"] == [480, 800] and before["density"] == 0.6, before
    assert before["outside"] == [], before
