"""Hardware configuration: a small dataclass loaded from a TOML file.

The file may be a stand-alone hardware file (keys at the top level) or the
shared Tablecup configuration, in which case only its ``[hardware]`` table is
read and every other table is left to the rest of Tablecup::

    [hardware]
    backend = "auto"          # auto | gpio | serial | keyboard | none
    reveal_light = 17         # BCM numbers
    reveal_dark = 27
    toss = 22
    led_light = 12
    led_dark = 13
    active_high = false       # buttons connect the pin to GND when pressed
    pull_up = true            # use the Pi's internal pull-up resistors
    debounce_ms = 30
    hold_ms = 1500
    led_brightness = 1.0
    device = ""               # serial board, e.g. /dev/serial/by-id/usb-...
    baud = 115200

All keys are optional; the defaults are documented in docs/wiring.md.
"""

from __future__ import annotations

import dataclasses
import os
import tomllib
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Union

from appliance.config import not_utf8

from .errors import ConfigError

BACKENDS = ("auto", "gpio", "serial", "keyboard", "none")
PIN_KEYS = ("reveal_light", "reveal_dark", "toss", "led_light", "led_dark")
#: Usable BCM GPIO numbers on the 40-pin header of a Pi 3/4/5.
BCM_RANGE = range(0, 28)
SECTION = "hardware"


@dataclass(frozen=True)
class HardwareConfig:
    backend: str = "auto"
    reveal_light: int = 17
    reveal_dark: int = 27
    toss: int = 22
    led_light: int = 12
    led_dark: int = 13
    #: True: a pressed button reads high (wired to 3V3).  False: pressed reads
    #: low (wired to GND) -- the default.
    active_high: bool = False
    #: True: internal pull-up (buttons to GND).  False: with active_high the
    #: internal pull-down is used, without it no internal pull at all (use
    #: external pull-up resistors).
    pull_up: bool = True
    debounce_ms: int = 30
    hold_ms: int = 1500
    led_brightness: float = 1.0
    #: Serial board device path; empty = no board configured.
    device: str = ""
    baud: int = 115200
    #: Where the values came from (file path or "<defaults>"), for messages.
    origin: str = field(default="<defaults>", compare=False)

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def pins(self) -> dict[str, int]:
        return {key: getattr(self, key) for key in PIN_KEYS}


_FIELDS = {f.name: f for f in dataclasses.fields(HardwareConfig) if f.name != "origin"}


def _fail(origin: str, key: str, message: str) -> ConfigError:
    return ConfigError(f"{origin}: key '{SECTION}.{key}': {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate(cfg: HardwareConfig) -> None:
    origin = cfg.origin

    if not isinstance(cfg.backend, str) or cfg.backend not in BACKENDS:
        raise _fail(origin, "backend", f"must be one of {', '.join(BACKENDS)}; got {cfg.backend!r}")

    seen: dict[int, str] = {}
    for key in PIN_KEYS:
        value = getattr(cfg, key)
        if not _is_int(value) or value not in BCM_RANGE:
            raise _fail(origin, key, f"must be a BCM GPIO number 0..27; got {value!r}")
        if value in seen:
            raise _fail(origin, key, f"GPIO{value} is already used by '{SECTION}.{seen[value]}'")
        seen[value] = key

    for key in ("active_high", "pull_up"):
        if not isinstance(getattr(cfg, key), bool):
            raise _fail(origin, key, f"must be true or false; got {getattr(cfg, key)!r}")
    if cfg.active_high and cfg.pull_up:
        raise _fail(
            origin,
            "pull_up",
            "pull_up = true cannot be combined with active_high = true "
            "(the button would always read pressed); set pull_up = false to use "
            "the internal pull-down",
        )

    if not _is_int(cfg.debounce_ms) or not 0 <= cfg.debounce_ms <= 1000:
        raise _fail(origin, "debounce_ms", f"must be an integer 0..1000 (milliseconds); got {cfg.debounce_ms!r}")
    if not _is_int(cfg.hold_ms) or not 100 <= cfg.hold_ms <= 10000:
        raise _fail(origin, "hold_ms", f"must be an integer 100..10000 (milliseconds); got {cfg.hold_ms!r}")
    if cfg.hold_ms <= cfg.debounce_ms:
        raise _fail(origin, "hold_ms", f"must be longer than debounce_ms ({cfg.debounce_ms}); got {cfg.hold_ms}")

    b = cfg.led_brightness
    if isinstance(b, bool) or not isinstance(b, (int, float)) or not 0.0 <= b <= 1.0:
        raise _fail(origin, "led_brightness", f"must be a number from 0.0 to 1.0; got {b!r}")

    if not isinstance(cfg.device, str):
        raise _fail(origin, "device", f"must be a string (a device path, or \"\" for none); got {cfg.device!r}")
    if not _is_int(cfg.baud) or not 300 <= cfg.baud <= 4_000_000:
        raise _fail(origin, "baud", f"must be an integer baud rate 300..4000000; got {cfg.baud!r}")


def config_from_mapping(data: Mapping[str, Any], origin: str = "<mapping>") -> HardwareConfig:
    """Build a config from the keys of the ``[hardware]`` table."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"{origin}: '{SECTION}' must be a table")
    unknown = sorted(k for k in data if k not in _FIELDS)
    if unknown:
        known = ", ".join(_FIELDS)
        raise _fail(origin, unknown[0], f"unknown key (known keys: {known})")
    values = dict(data)
    if "led_brightness" in values and _is_int(values["led_brightness"]):
        values["led_brightness"] = float(values["led_brightness"])
    return HardwareConfig(**values, origin=origin)


def load_config(path: Optional[Union[str, os.PathLike]]) -> HardwareConfig:
    """Load the hardware config from a TOML file; ``None`` gives the defaults.

    If the document has a ``[hardware]`` table only that table is read;
    otherwise the whole document is the hardware configuration.
    Raises :class:`ConfigError` naming the file (and key) on any problem.
    """
    if path is None:
        return HardwareConfig()
    origin = os.fspath(path)
    try:
        with open(origin, "rb") as fh:
            doc = tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError(f"{origin}: configuration file not found") from None
    except OSError as exc:
        raise ConfigError(f"{origin}: cannot read configuration file: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{origin}: not valid TOML: {exc}") from None
    except UnicodeDecodeError as exc:      # TOML is UTF-8 text; tomllib lets this one through
        raise ConfigError(not_utf8(origin, exc.object, exc)) from None
    section = doc.get(SECTION)
    if section is None:
        data = doc  # a stand-alone hardware file
    elif isinstance(section, dict):
        data = section  # the shared Tablecup file: other tables are not ours
    else:
        raise ConfigError(f"{origin}: '{SECTION}' must be a table ([{SECTION}])")
    return config_from_mapping(data, origin)
