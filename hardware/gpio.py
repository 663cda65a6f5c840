"""Raspberry Pi GPIO backend (gpiozero; any pin factory).

Buttons are ``gpiozero.DigitalInputDevice`` devices (like ``Button`` but
without its hold thread) with gpiozero's own debouncing off
(``bounce_time=None``); edges go through our :class:`PressFilter`.  LEDs are
``gpiozero.PWMLED`` when the pin supports PWM (steady brightness =
``led_brightness``), else ``gpiozero.LED``.  Blinking uses gpiozero's
``source`` / ``source_delay`` machinery (a background gpiozero thread writing
alternating values), so a PWM LED blinks at the configured brightness rather
than at full power as ``PWMLED.blink()`` would.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator

from .config import HardwareConfig
from .debounce import FilteredButton
from .errors import HardwareError
from .events import PRIMARY, SECONDARY, TOSS_BUTTON, Sink
from .lights import (
    BLINK,
    BLINK_HALF_PERIOD_S,
    CELEBRATE,
    CELEBRATE_FLASHES,
    CELEBRATE_HALF_PERIOD_S,
    ON,
    LedStates,
)

log = logging.getLogger(__name__)


def _square(level: float, count: int | None) -> Iterator[float]:
    """level, 0, level, 0, ... (``count`` cycles, or forever)."""
    done = 0
    while count is None or done < count:
        yield level
        yield 0
        done += 1


class _GpioLed:
    def __init__(self, pin: int, brightness: float, pin_factory) -> None:
        from gpiozero import LED, PWMLED
        from gpiozero.exc import PinPWMError

        self.pin = pin
        try:
            self.device = PWMLED(pin, initial_value=0, pin_factory=pin_factory)
            self.pwm = True
        except PinPWMError:
            self.device = LED(pin, initial_value=False, pin_factory=pin_factory)
            self.pwm = False
        self.level = brightness if self.pwm else (1 if brightness > 0 else 0)

    def _stop(self) -> None:
        if self.device.source is not None:
            self.device.source = None

    def on(self) -> None:
        self._stop()
        self.device.value = self.level

    def off(self) -> None:
        self._stop()
        self.device.value = 0

    def blink(self, half_period: float, level: float | None = None, count: int | None = None) -> None:
        self._stop()
        self.device.source_delay = half_period
        self.device.source = _square(self.level if level is None else level, count)

    def close(self) -> None:
        try:
            self._stop()
            self.device.close()
        except Exception:  # pragma: no cover - closing must never raise
            log.debug("closing LED on GPIO%d failed", self.pin, exc_info=True)


class GpioBackend(LedStates):
    """Buttons and LEDs on Raspberry Pi GPIO pins (BCM numbering)."""

    name = "gpio"
    has_hardware = True

    def __init__(
        self,
        config: HardwareConfig,
        sink: Sink,
        *,
        pin_factory=None,
        clock: Callable[[], float] = time.monotonic,
        blink_half_period: float = BLINK_HALF_PERIOD_S,
        celebrate_half_period: float = CELEBRATE_HALF_PERIOD_S,
    ) -> None:
        try:
            from gpiozero import DigitalInputDevice
        except ImportError as exc:  # pragma: no cover - dependency is required
            raise HardwareError(f"gpiozero is not installed: {exc}") from exc

        self.config = config
        self._clock = clock
        self._blink_half = blink_half_period
        self._celebrate_half = celebrate_half_period
        self._buttons: list = []
        self._channels: list[FilteredButton] = []
        self.leds: dict[str, _GpioLed] = {}
        self._closed = False
        self._init_leds()
        for note in config.notes:
            log.warning("hardware: %s", note)

        pull_kwargs: dict[str, bool | None]
        if config.pull_up:
            pull_kwargs = {"pull_up": True}
        elif config.active_high:
            pull_kwargs = {"pull_up": False}  # internal pull-down
        else:
            pull_kwargs = {"pull_up": None, "active_state": False}  # external pull-up

        inputs = (
            (PRIMARY, "light", config.primary_light),
            (PRIMARY, "dark", config.primary_dark),
            (SECONDARY, "light", config.secondary_light),
            (SECONDARY, "dark", config.secondary_dark),
            (TOSS_BUTTON, None, config.toss),
        )
        current = "?"
        try:
            for button, side, pin in inputs:
                if pin is None:
                    continue  # a secondary button that is not wired
                current = f"GPIO{pin} ({button}{' ' + side if side else ''} button)"
                device = DigitalInputDevice(pin, bounce_time=None, pin_factory=pin_factory, **pull_kwargs)
                self._buttons.append(device)
                held = bool(device.is_active)
                if held:
                    log.warning(
                        "%s reads pressed at start-up: stuck button or wrong "
                        "active_high/pull_up setting?", current)
                channel = FilteredButton.for_config(config, button, side, sink, source=f"GPIO{pin}",
                                                    initial_pressed=held, clock=clock)
                self._channels.append(channel)
                device.when_activated = self._callback(channel, True)
                device.when_deactivated = self._callback(channel, False)
            for side, pin in (("light", config.led_light), ("dark", config.led_dark)):
                current = f"GPIO{pin} ({side} LED)"
                self.leds[side] = _GpioLed(pin, config.led_brightness, pin_factory)
        except HardwareError:
            self.close()
            raise
        except Exception as exc:
            self.close()
            raise HardwareError(f"cannot open {current}: {type(exc).__name__}: {exc}") from exc

    @staticmethod
    def _callback(channel: FilteredButton, pressed: bool) -> Callable[[], None]:
        def callback() -> None:
            channel.edge(pressed)

        return callback

    # -- Backend -----------------------------------------------------------
    def describe(self) -> str:
        c = self.config
        kinds = ", ".join(
            f"{side} LED GPIO{led.pin}{' PWM' if led.pwm else ''}" for side, led in self.leds.items()
        )
        def pin(value: int | None) -> str:
            return "not wired" if value is None else f"GPIO{value}"

        return (
            f"Raspberry Pi GPIO (primary light GPIO{c.primary_light}, primary dark GPIO{c.primary_dark}, "
            f"secondary light {pin(c.secondary_light)}, secondary dark {pin(c.secondary_dark)}, "
            f"toss GPIO{c.toss}; {kinds})"
        )

    def unwired(self, button: str, side: str | None) -> str | None:
        """Why ``button`` of ``side`` has no pin, or None if it has one."""
        if button == TOSS_BUTTON:
            return None
        key = f"{button}_{side}"
        if getattr(self.config, key) is not None:
            return None
        for note in self.config.notes:
            if note.startswith(key + " "):
                return note
        return f"hardware.{key} = false in {self.config.origin}"

    def wait_ready(self, timeout: float) -> bool:
        return not self._closed

    def close(self) -> None:
        self._closed = True
        for channel in self._channels:
            channel.close()
        for button in self._buttons:
            try:
                button.when_activated = None
                button.when_deactivated = None
                button.close()
            except Exception:  # pragma: no cover
                log.debug("closing button failed", exc_info=True)
        for led in self.leds.values():
            led.close()
        self._channels.clear()
        self._buttons.clear()
        self.leds.clear()

    # -- Lights ------------------------------------------------------------
    def _drive(self, side: str, state: str) -> None:
        led = self.leds.get(side)
        if led is None:
            return
        if state == ON:
            led.on()
        elif state == BLINK:
            led.blink(self._blink_half)
        elif state == CELEBRATE:
            led.blink(self._celebrate_half, level=1, count=CELEBRATE_FLASHES)
        else:
            led.off()
