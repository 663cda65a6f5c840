"""One touch on the screen is one touch in the kiosk.

A touchscreen reaches a Kivy app on Linux by two roads at once unless one is closed:

* Kivy's own multitouch provider (``probesysfs``, Kivy's default on Linux) finds the
  touchscreen under ``/sys/class/input`` and reads its events from ``/dev/input`` (through
  mtdev or hidinput): every finger is a touch, each with its own position.
* SDL, which draws Kivy's window, reads the same device too (evdev on the console's KMS/DRM,
  XInput 2 under X11, the compositor's touch events under Wayland) and, with the hint
  ``SDL_TOUCH_MOUSE_EVENTS`` at its default, turns the first finger into mouse events; Kivy's
  mouse provider makes those a second touch.  Kivy ignores SDL's own finger events on Linux.

Both roads open, a button fires twice per tap and a hold to look is two holds.  Kivy's
Raspberry Pi detection, which used to pick one road, looks for ``/opt/vc``, absent since
Raspberry Pi OS Bookworm.

The kiosk keeps Kivy's road, the only one with every finger (two players may hold to look at
once, one on each half), and closes SDL's: ``SDL_TOUCH_MOUSE_EVENTS=0``, set before the window
exists (SDL reads the hint from the environment when it starts).  The mouse provider stays for
a real mouse (a desktop, the operator's USB mouse) and, with ``disable_on_activity``, drops a
mouse press while a finger is on the screen, in case a window system emulates a pointer for a
touch on its own.

``TABLECUP_TOUCH=sdl`` takes SDL's road alone instead (Kivy's provider off, SDL's touch to mouse
on): for a system where the kiosk may not read ``/dev/input`` (a sandboxed Wayland session);
one finger at a time then.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from typing import Protocol

#: The environment variable that chooses the road; its values.
TOUCH_SETTING = "TABLECUP_TOUCH"
KIVY = "kivy"
SDL = "sdl"


class KivyConfig(Protocol):
    """What :func:`configure` uses of ``kivy.config.Config``."""

    def has_section(self, section: str) -> bool: ...

    def add_section(self, section: str) -> None: ...

    def options(self, section: str) -> list[str]: ...

    def remove_option(self, section: str, option: str) -> bool: ...

    def set(self, section: str, option: str, value: str) -> None: ...


@dataclass(frozen=True)
class TouchInput:
    """The kiosk's input set-up: Kivy's ``[input]`` section and SDL's hints."""

    road: str
    providers: Mapping[str, str]      # Kivy's [input]: name -> "provider,args"
    sdl_hints: Mapping[str, str]      # environment variables SDL reads when it starts


class TouchSettingError(ValueError):
    pass


def touch_input(environ: Mapping[str, str]) -> TouchInput:
    """The input set-up for this environment (``TABLECUP_TOUCH``: ``kivy``, the default, or ``sdl``)."""
    road = environ.get(TOUCH_SETTING, "").strip().lower() or KIVY
    if road == KIVY:
        return TouchInput(
            road,
            {"mouse": "mouse,disable_multitouch,disable_on_activity", "touchscreen": "probesysfs"},
            {"SDL_TOUCH_MOUSE_EVENTS": "0"},
        )
    if road == SDL:
        return TouchInput(road, {"mouse": "mouse,disable_multitouch"}, {"SDL_TOUCH_MOUSE_EVENTS": "1"})
    raise TouchSettingError(f"{TOUCH_SETTING}={environ[TOUCH_SETTING]!r}: use {KIVY!r} (the default) or {SDL!r}")


def configure(config: KivyConfig, environ: MutableMapping[str, str]) -> TouchInput:
    """Set Kivy's input providers and SDL's hints; before the window exists.

    The kiosk's data folder keeps Kivy's ``config.ini``, where an operator may have set up the
    touchscreen's provider (``rotation=``, ``invert_y=1``; docs/raspberry-pi.md): those entries
    are kept on Kivy's road (a ``probesysfs`` is added when there is none) and removed on SDL's;
    the mouse's entry is always the kiosk's."""
    chosen = touch_input(environ)
    if not config.has_section("input"):
        config.add_section("input")
    touchscreens = [option for option in config.options("input") if option != "mouse"]
    for option in touchscreens if chosen.road == SDL else []:
        config.remove_option("input", option)
    for name, value in chosen.providers.items():
        if name == "mouse" or not touchscreens:
            config.set("input", name, value)
    environ.update(chosen.sdl_hints)
    return chosen
