"""The kiosk's window: --window WxH, and the dp scale that makes the 800x480 design fill it."""

import pytest

from kiosk.main import parse_size, run
from kiosk.scale import ui_scale


@pytest.mark.parametrize("size,scale", [((800, 480), 1.0), ((1024, 600), 1.25), ((1280, 720), 1.5),
                                        ((1280, 800), 1.6), ((1920, 1080), 2.25), ((720, 1280), 0.9)])
def test_one_dp_fills_the_screen_with_the_design(size, scale):
    assert ui_scale(*size) == scale


def test_a_bad_window_size_is_one_line_and_status_2(capsys, tmp_path):
    assert run(["--data", str(tmp_path), "--window", "1280by720"]) == 2
    err = capsys.readouterr().err
    assert "--window" in err and "1280by720" in err
    with pytest.raises(ValueError, match="200 to 10000"):
        parse_size("10x10")
    assert parse_size("1920X1080") == (1920, 1080)


def test_the_x11_screen_is_asked_only_where_sdl_will_use_x11():
    from kiosk.main import x11_screen_size
    assert x11_screen_size({"SDL_VIDEODRIVER": "offscreen", "DISPLAY": ":0"}) is None
    assert x11_screen_size({"SDL_VIDEODRIVER": "kmsdrm"}) is None
    assert x11_screen_size({}) is None                       # no DISPLAY: the console (KMS/DRM)
    assert x11_screen_size({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}) is None
