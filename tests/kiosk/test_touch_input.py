"""One finger is one touch: the kiosk opens one road for a touchscreen (Kivy's multitouch
provider) and closes SDL's touch-to-mouse before the window exists (:mod:`kiosk.touch`).

Run in the real app (offscreen) with its real input set-up, for the Pi's console (no window
system) and for X11: the set-up does not depend on the window system, and a test says so. A
``config.ini`` left in the data folder by an earlier kiosk holds Kivy's default [input], which
opened both roads: its touchscreen entry (which an operator may have tuned) stays, the mouse's
becomes the kiosk's.
"""

import pytest
from kiosk_helpers import artifacts_dir, run_script, script_result

from kiosk.touch import TouchSettingError, touch_input

KIVY_DEFAULT_CONFIG = "[input]\nmouse = mouse\n%(name)s = probesysfs\n"


@pytest.mark.parametrize(("window_system", "config_ini", "touchscreen"), [
    ("console", KIVY_DEFAULT_CONFIG, {"%(name)s": "probesysfs"}),
    ("x11", "", {"%(name)s": "probesysfs"}),            # Kivy writes its defaults on a first start
    ("console", "[input]\nmouse = mouse\n%(name)s = probesysfs,param=rotation=90\n",
     {"%(name)s": "probesysfs,param=rotation=90"}),     # as docs/raspberry-pi.md says to turn it
])
@pytest.mark.slow
def test_a_finger_is_one_press_and_one_release(tmp_path, window_system, config_ini, touchscreen):
    (tmp_path / "data" / "kivy").mkdir(parents=True)
    if config_ini:
        (tmp_path / "data" / "kivy" / "config.ini").write_text(config_ini)
    env = {"DISPLAY": ":0", "XDG_SESSION_TYPE": "x11"} if window_system == "x11" else {"DISPLAY": ""}
    p = run_script("drive_touch_input.py", tmp_path / "data", artifacts_dir() / f"touch-{window_system}", **env)
    r = script_result(p, "TOUCH-RESULT")
    # Before the window: SDL's touch-to-mouse off, Kivy's touchscreen provider and the mouse on.
    assert r["at_window"] == {"SDL_TOUCH_MOUSE_EVENTS": "0",
                              "input": {"mouse": "mouse,disable_multitouch,disable_on_activity", **touchscreen}}
    mouse = dict(r["providers"])["MouseMotionEventProvider"]
    assert mouse == {"device": "mouse", "disable_on_activity": True, "disable_multitouch": True}
    # A finger on a button, the window system reporting it as a mouse press too: one tap.
    assert r["one_tap"] == {"press": 1, "release": 1}
    # A mouse alone still clicks.
    assert r["mouse_click"] == {"press": 2, "release": 2}


class Section(dict):
    """Kivy's Config, its [input] section only."""

    def has_section(self, section):
        return True

    def options(self, section):
        return list(self)

    def remove_option(self, section, option):
        return self.pop(option, None) is not None

    def set(self, section, option, value):
        self[option] = value


def test_on_sdls_road_the_touchscreen_entries_go():
    config, environ = Section({"mouse": "mouse", "%(name)s": "probesysfs"}), {"TABLECUP_TOUCH": "sdl"}
    from kiosk.touch import configure
    configure(config, environ)
    assert config == {"mouse": "mouse,disable_multitouch"} and environ["SDL_TOUCH_MOUSE_EVENTS"] == "1"


def test_sdl_alone_is_the_other_road_and_anything_else_is_refused():
    sdl = touch_input({"TABLECUP_TOUCH": "sdl"})
    assert sdl.sdl_hints == {"SDL_TOUCH_MOUSE_EVENTS": "1"} and "touchscreen" not in sdl.providers
    assert touch_input({}) == touch_input({"TABLECUP_TOUCH": "Kivy "})
    with pytest.raises(TouchSettingError, match="TABLECUP_TOUCH='both'"):
        touch_input({"TABLECUP_TOUCH": "both"})
