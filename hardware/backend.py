"""Choosing and opening a backend: :func:`open_backend`.

``backend = "auto"`` picks, in this order:

1. ``serial`` if ``device`` is configured and the path exists (a configured
   device is an explicit choice; the default config has none);
2. ``gpio`` if this is a Raspberry Pi (``/proc/device-tree/model`` contains
   "Raspberry Pi") and gpiozero can open the configured pins;
3. ``keyboard`` otherwise -- never an error; ``describe()`` says why.

Every backend delivers the same :class:`ButtonEvent` kinds to ``sink``; the
keyboard backends (``keyboard``, ``none``) do so for the keys the kiosk hands
to their ``key_down``/``key_up``.

Explicit ``gpio`` / ``serial`` raise :class:`HardwareError` when they cannot
be opened.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from .base import Backend, KeyboardBackend
from .config import HardwareConfig
from .errors import HardwareError
from .events import Sink

log = logging.getLogger(__name__)

DEVICE_TREE_MODEL = "/proc/device-tree/model"


def raspberry_pi_model(model_path: str = DEVICE_TREE_MODEL) -> str | None:
    """The Pi model string (e.g. "Raspberry Pi 5 Model B Rev 1.0") or None."""
    try:
        with open(model_path, "rb") as fh:
            model = fh.read().replace(b"\x00", b"").decode("utf-8", "replace").strip()
    except OSError:
        return None
    return model if "Raspberry Pi" in model else None


def open_backend(
    config: HardwareConfig,
    sink: Sink,
    *,
    pin_factory: Any = None,
    model_path: str = DEVICE_TREE_MODEL,
    serial_options: dict | None = None,
) -> Backend:
    """Open the configured backend; ``sink`` receives ButtonEvents from
    backend threads.  ``pin_factory`` and ``serial_options`` (keyword
    arguments for :class:`SerialBoardBackend`) are for tests and tuning."""
    kind = config.backend
    serial_options = serial_options or {}
    if kind == "none":
        return KeyboardBackend(name="none", sink=sink, config=config)
    if kind == "keyboard":
        return KeyboardBackend(f'backend = "keyboard" in {config.origin}', sink=sink, config=config)
    if kind == "gpio":
        from .gpio import GpioBackend

        return GpioBackend(config, sink, pin_factory=pin_factory)
    if kind == "serial":
        from .serial_board import SerialBoardBackend

        return SerialBoardBackend(config, sink, **serial_options)

    # auto
    serial_reason = "no serial board configured"
    if config.device:
        if os.path.exists(config.device):
            from .serial_board import SerialBoardBackend

            try:
                return SerialBoardBackend(config, sink, **serial_options)
            except HardwareError as exc:
                serial_reason = str(exc)
                log.warning("auto: serial board not usable: %s", exc)
        else:
            serial_reason = f"serial board {config.device} not present"

    model = raspberry_pi_model(model_path)
    if model is None:
        gpio_reason = "no Raspberry Pi GPIO found"
    else:
        from .gpio import GpioBackend

        try:
            return GpioBackend(config, sink, pin_factory=pin_factory)
        except HardwareError as exc:
            gpio_reason = f"{model} GPIO unavailable: {exc}"
            log.warning("auto: GPIO not usable: %s", exc)

    backend = KeyboardBackend(f"{gpio_reason}, {serial_reason}", sink=sink, config=config)
    log.info("hardware: %s", backend.describe())
    return backend
