"""The kiosk's link to the physical buttons and LEDs (the ``hardware`` package).

    self.hardware = hardware_link.attach(self)     # TablecupApp.on_start
    hardware_link.detach(self)                      # TablecupApp.on_stop

* Config: ``hardware.toml`` in :func:`appliance.paths.config_dir` (a stand-alone
  hardware file or a file with a ``[hardware]`` table); defaults without it.
  A broken file or a backend that cannot be opened never stops the kiosk: it
  runs with keyboard and touch only and says why (log + :attr:`HardwareLink.status`).
* Threads: the backend calls :meth:`HardwareLink.sink` from its own threads
  (gpiozero callbacks, serial reader, debounce timers).  The sink only posts
  the event to the Kivy clock; everything else (controller, screens, LEDs)
  happens on the Kivy main thread.
* Buttons (light = half 0, dark = half 1), with the app: every event goes through the app's one
  door for keys and buttons, ``app.side_button(half, button, pressed)`` (``button`` "primary",
  "secondary", or "toss" with half None for the shared toss button): the screen on display says
  what it means (its game's ``KIOSK.buttons``: reveal, hold to look, take damage...), so a press
  reaches only the moment on screen.  ``toss`` on the result screen continues (like Enter);
  ``toss_long`` on the home screen opens the operator PIN prompt, elsewhere it counts as a toss.
  Without the app (tests, the hardware bench), the controller is a Challengers! board (a local
  table's view model, :class:`kiosk.games.challengers.board.Board`, or a café park): the
  primary press reveals and the secondary press or the toss button tosses, as contract actions
  (``controller.submit(half, kind)``); releases are left alone.
  A press the game does not expect does nothing and is logged; nothing is ever
  kept for later (a press that could not be handled within :data:`STALE_AFTER_S`
  is dropped).  A release is never dropped: whatever a hold shows must end.
* LEDs, after every change of the controller or the table: ``app.side_lights()``,
  each half's state from the game's ``KIOSK.lights`` over the seat shown there
  (Challengers!: the flag holder's LED lit, the side that must act blinking, the
  winner's celebrating while the match's end is shown) -- the same for every game,
  at the local table and at a park.  Without the app, ``controller.lights()``:
  ``(bottom, top)`` or ``{half or side: state}``, the states of :mod:`hardware.lights`.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

from kivy.clock import Clock

from hardware import ButtonEvent, ConfigError, HardwareConfig, HardwareError, KeyboardBackend, load_config, open_backend
from hardware.events import DARK, LIGHT, PRIMARY_PRESS, SECONDARY_PRESS, SIDE_KINDS, TOSS, TOSS_LONG
from hardware.lights import CELEBRATE, OFF

log = logging.getLogger("tablecup.kiosk.hardware")

CONFIG_NAME = "hardware.toml"
#: Side names of the hardware layer <-> the controller's side numbers.
SIDE_INDEX = {LIGHT: 0, DARK: 1}
SIDE_NAME = (LIGHT, DARK)
#: A button event still waiting for the main thread after this long is dropped, not played late.
STALE_AFTER_S = 1.0


def config_path() -> Path:
    """Where the kiosk looks for its hardware configuration."""
    from appliance import paths

    return paths.config_dir(create=False) / CONFIG_NAME


def load_kiosk_config(path: Path | None = None) -> HardwareConfig:
    """The hardware config from ``path`` (default :func:`config_path`), or the
    defaults when that file does not exist.  Raises ConfigError if it is broken."""
    path = config_path() if path is None else Path(path)
    return load_config(path if path.exists() else None)


class HardwareLink:
    """Buttons -> controller, controller -> LEDs.  Usable without the App:
    ``current_screen()`` names the shown screen (or None), ``open_operator()``
    shows the PIN prompt, ``continue_result()`` leaves the result screen."""

    def __init__(self, controller, *, current_screen: Callable[[], str | None] = lambda: None,
                 open_operator: Callable[[], None] = lambda: None,
                 continue_result: Callable[[], None] | None = None,
                 stale_after: float = STALE_AFTER_S,
                 table_button: Callable[[int | None, str, bool], bool] | None = None,
                 table_lights: Callable[[], tuple[str, str]] | None = None) -> None:
        self.controller = controller
        # With the app, every button goes through its one door, ``table_button(half,
        # "primary"|"secondary"|"toss", down)``: the screen on display says what it means (half
        # None: the shared toss button).  The LEDs follow ``table_lights()`` (the app's: every
        # game's ``KIOSK.lights``), or the controller's ``lights()`` without it.
        self.table_button = table_button
        self.table_lights = table_lights
        self.current_screen = current_screen
        self.open_operator = open_operator
        self.continue_result = continue_result
        self.stale_after = stale_after
        self.backend = None
        self.status = "hardware not opened"
        self.ignored: deque[tuple[ButtonEvent, str]] = deque(maxlen=200)    # the last (ButtonEvent, why) that did nothing -- for logs and tests
        self.handled = 0                    # button events that did something
        self.unrouted = 0                   # releases a board (no app) has no use for
        self._closed = False
        self._leds = None                   # what the LEDs were last wanted to show

    # ------------------------------------------------------------------ opening / closing
    def open(self, config: HardwareConfig | None = None, *, config_file: Path | None = None, **backend_kw):
        """Open the backend (``backend_kw`` go to :func:`hardware.open_backend`, e.g.
        ``pin_factory``) and start following the controller.  Never raises for a
        bad config or unusable hardware: falls back to keyboard and touch only."""
        try:
            if config is None:
                config = load_kiosk_config(config_file)
            backend = open_backend(config, self.sink, **backend_kw)
        except (ConfigError, HardwareError) as exc:
            log.error("hardware: %s -- running with keyboard and touch only", exc)
            backend = KeyboardBackend(str(exc), sink=self.sink)
        except Exception as exc:        # never let the buttons stop the kiosk
            log.exception("hardware: cannot open the backend -- running with keyboard and touch only")
            backend = KeyboardBackend(f"{type(exc).__name__}: {exc}", sink=self.sink)
        return self.use(backend)

    def use(self, backend):
        """Follow the controller with an already opened backend whose sink is :meth:`sink`."""
        self.backend = backend
        self.status = backend.describe()
        log.info("Hardware: kiosk buttons and LEDs: %s", self.status)
        if self.follow not in self.controller.listeners:
            self.controller.listeners.append(self.follow)
        self.follow(self.controller, [])
        return self

    def close(self) -> None:
        self._closed = True
        try:
            self.controller.listeners.remove(self.follow)
        except ValueError:
            pass
        if self.backend is not None:
            try:
                self.backend.all_off()
            except Exception:
                log.debug("LEDs off at close failed", exc_info=True)
            try:
                self.backend.close()
            except Exception:
                log.exception("hardware: closing the backend failed")

    # ------------------------------------------------------------------ buttons
    def sink(self, event: ButtonEvent) -> None:
        """Called from backend threads: only hand the event to the Kivy clock."""
        received = time.monotonic()
        Clock.schedule_once(lambda dt: self.handle(event, received), 0)

    def handle(self, event: ButtonEvent, received: float | None = None) -> None:
        """One button event, on the Kivy main thread."""
        if self._closed:
            return
        if received is not None and not event.is_release and time.monotonic() - received > self.stale_after:
            return self._ignore(event, f"stale: waited {time.monotonic() - received:.1f} s for the kiosk")
        c = self.controller
        screen = self.current_screen()
        half = SIDE_INDEX[event.side] if event.side is not None else None
        if event.kind in SIDE_KINDS and self.table_button is not None:
            if not self.table_button(half, event.button, not event.is_release):
                return self._ignore(event, "the game has no use for it now")
        elif event.kind in (PRIMARY_PRESS, SECONDARY_PRESS):
            # Without the app: a Challengers! board's reveal (primary) and toss (secondary).
            before = len(c.ignored)
            if c.submit(half, "match.reveal" if event.kind == PRIMARY_PRESS else "match.toss") is None:
                return self._ignore(event, self._why(before))
        elif event.kind in SIDE_KINDS:
            self.unrouted += 1                # a release: a board has no held buttons
            log.debug("hardware: %s (%s): the game has no use for it", event.describe(), event.source)
            return None
        elif event.kind == TOSS or (event.kind == TOSS_LONG and screen not in ("home", "operator")):
            if screen == "result" and self.continue_result is not None:
                self.continue_result()
            elif self.table_button is not None:
                if not self.table_button(None, "toss", True):
                    return self._ignore(event, "the game has no use for it now")
            else:
                before = len(c.ignored)
                if c.submit(None, "match.toss") is None:
                    return self._ignore(event, self._why(before))
        elif event.kind == TOSS_LONG and screen == "home":
            log.info("hardware: %s: operator PIN prompt", event.describe())
            self.open_operator()
        else:
            return self._ignore(event, f"nothing to do on the {screen} screen")
        self.handled += 1

    def _why(self, before):
        c = self.controller
        return c.ignored[-1][1] if len(c.ignored) > before else "not expected now"

    # ------------------------------------------------------------------ keys
    def key_down(self, key) -> bool:
        """A key went down (Kivy's text or key code): True if the backend turned it into a
        table button (keyboard backends: ``a``/``q``, ``l``/``p``, space; see hardware.KEYS)."""
        handler = getattr(self.backend, "key_down", None)
        return bool(handler(key)) if handler is not None and not self._closed else False

    def key_up(self, key) -> bool:
        """A key went up: True if it is one of the table's buttons."""
        handler = getattr(self.backend, "key_up", None)
        return bool(handler(key)) if handler is not None and not self._closed else False

    def _ignore(self, event, why):
        self.ignored.append((event, why))
        log.info("hardware: %s (%s) ignored: %s", event.describe(), event.source, why)

    # ------------------------------------------------------------------ LEDs
    def follow(self, controller, events=()) -> None:
        """Controller listener: put the LEDs in the state :meth:`wanted` says.

        A celebration plays to its end: when a side that celebrated is then wanted off, it is
        left to finish (it goes off by itself); a side wanted celebrating again after that
        plays it again."""
        if self._closed or self.backend is None:
            return
        want = self.wanted(controller)
        if want == self._leds:
            return
        before, self._leds = self._leds or {}, want
        told = dict(want)
        for side, state in want.items():
            if state == OFF and before.get(side) == CELEBRATE:
                told[side] = CELEBRATE               # already playing: the backend leaves it alone
        try:
            shown = getattr(self.backend, "leds_shown", {})
            again = {side: OFF for side, state in told.items()
                     if state == CELEBRATE and before.get(side) != CELEBRATE and shown.get(side) == CELEBRATE}
            if again:
                self.backend.set_leds({**told, **again})     # a new win on a side that celebrated last
            self.backend.set_leds(told)
        except Exception:            # a broken LED must not stop the game
            log.exception("hardware: LED update %s failed", want)

    def wanted(self, controller) -> dict:
        """``{"light": state, "dark": state}``: ``table_lights()`` when the app gives it (the
        game's ``KIOSK.lights`` of each half's seat), else ``controller.lights()`` -- a pair
        (bottom half, top half) or a mapping of half number or side name to state."""
        lights = self.table_lights() if self.table_lights is not None else controller.lights()
        if not isinstance(lights, dict):
            lights = dict(enumerate(lights))
        want = {side: OFF for side in SIDE_NAME}
        for key, state in lights.items():
            want[SIDE_NAME[key] if isinstance(key, int) else key] = state
        return want


# ---------------------------------------------------------------------- the App
def attach(app, **backend_kw) -> HardwareLink:
    """Open the configured backend for ``app`` (a running TablecupApp) and link it."""
    sm = app.sm

    def current_screen():
        return sm.current

    def continue_result():
        screen = sm.current_screen
        if getattr(screen, "next", None) is not None:
            screen.next()
        else:
            app.side_button(None, "toss", True)

    link = HardwareLink(app.hardware_controller(), current_screen=current_screen, open_operator=app.show_operator,
                        continue_result=continue_result, table_button=app.side_button,
                        table_lights=app.side_lights)
    app.table.listeners.append(lambda table, events: link.follow(link.controller))
    link.open(**backend_kw)
    app.hardware_status = link.status
    return link


def detach(app) -> None:
    """Close the backend opened by :func:`attach` (idempotent)."""
    link = getattr(app, "hardware", None)
    if link is not None:
        link.close()
