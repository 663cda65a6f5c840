"""Hardware configuration: a small dataclass loaded from a TOML file.

The file may be a stand-alone hardware file (keys at the top level) or the
shared Tablecup configuration, in which case only its ``[hardware]`` table is
read and every other table is left to the rest of Tablecup::

    [hardware]
    backend = "auto"          # auto | gpio | serial | keyboard | none
    primary_light = 17        # BCM numbers (reveal_light / reveal_dark: older names)
    primary_dark = 27
    secondary_light = 23      # false: this side has no secondary button
    secondary_dark = 24
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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from appliance.config import not_utf8

from .errors import ConfigError

BACKENDS = ("auto", "gpio", "serial", "keyboard", "none")
PIN_KEYS = ("primary_light", "primary_dark", "secondary_light", "secondary_dark", "toss", "led_light", "led_dark")
#: Pins that may be ``false`` in the file: a table without secondary buttons.
OPTIONAL_PIN_KEYS = ("secondary_light", "secondary_dark")
#: Older key names still read: the primary buttons were the reveal buttons.
ALIASES = {"reveal_light": "primary_light", "reveal_dark": "primary_dark"}
#: Usable BCM GPIO numbers on the 40-pin header of a Pi 3/4/5.
BCM_RANGE = range(28)
SECTION = "hardware"


@dataclass(frozen=True)
class HardwareConfig:
    backend: str = "auto"
    #: Each side's primary button (Challengers: reveal) -- today's wiring.
    primary_light: int = 17
    primary_dark: int = 27
    #: Each side's secondary button; None: not wired.
    secondary_light: int | None = 23
    secondary_dark: int | None = 24
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
    #: Field -> the key as the file spelled it (an older name), for messages.
    spelled: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    #: What loading decided on its own (e.g. a default pin left out), for the log.
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def pins(self) -> dict[str, int]:
        """Every wired pin by key (secondary buttons that are not wired are left out)."""
        return {key: getattr(self, key) for key in PIN_KEYS if getattr(self, key) is not None}

    @property
    def reveal_light(self) -> int:
        """Older name of :attr:`primary_light`."""
        return self.primary_light

    @property
    def reveal_dark(self) -> int:
        """Older name of :attr:`primary_dark`."""
        return self.primary_dark


_FIELDS = {f.name: f for f in dataclasses.fields(HardwareConfig) if f.name not in ("origin", "spelled", "notes")}


def _fail(origin: str, key: str, message: str) -> ConfigError:
    return ConfigError(f"{origin}: key '{SECTION}.{key}': {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _validate(cfg: HardwareConfig) -> None:
    origin = cfg.origin

    def name(key: str) -> str:
        return cfg.spelled.get(key, key)

    if not isinstance(cfg.backend, str) or cfg.backend not in BACKENDS:
        raise _fail(origin, "backend", f"must be one of {', '.join(BACKENDS)}; got {cfg.backend!r}")

    seen: dict[int, str] = {}
    for key in PIN_KEYS:
        value = getattr(cfg, key)
        if value is None and key in OPTIONAL_PIN_KEYS:
            continue
        if not _is_int(value) or value not in BCM_RANGE:
            allowed = " (or false: not wired)" if key in OPTIONAL_PIN_KEYS else ""
            raise _fail(origin, name(key), f"must be a BCM GPIO number 0..27{allowed}; got {value!r}")
        if value in seen:
            raise _fail(origin, name(key), f"GPIO{value} is already used by '{SECTION}.{name(seen[value])}'")
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
    """Build a config from the keys of the ``[hardware]`` table.

    ``reveal_light``/``reveal_dark`` (older names) set the primary buttons.
    ``secondary_light``/``secondary_dark = false`` means not wired.  A secondary
    button the file does not mention is left out, with a note, when its default
    pin is one the file gives to something else: a table configured before
    secondary buttons existed keeps working as it was."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"{origin}: '{SECTION}' must be a table")
    unknown = sorted(k for k in data if k not in _FIELDS and k not in ALIASES)
    if unknown:
        known = ", ".join(list(_FIELDS) + list(ALIASES))
        raise _fail(origin, unknown[0], f"unknown key (known keys: {known})")
    values = dict(data)
    spelled: dict[str, str] = {}
    for old, new in ALIASES.items():
        if old in values:
            if new in values:
                raise _fail(origin, old, f"is the older name of '{SECTION}.{new}'; give only one of them")
            values[new] = values.pop(old)
            spelled[new] = old
    for key in OPTIONAL_PIN_KEYS:
        if values.get(key) is False:
            values[key] = None
    if "led_brightness" in values and _is_int(values["led_brightness"]):
        values["led_brightness"] = float(values["led_brightness"])
    notes = []
    given = {value: key for key, value in values.items() if key in PIN_KEYS and _is_int(value)}
    for key in OPTIONAL_PIN_KEYS:
        default = _FIELDS[key].default
        if key not in values and default in given:
            values[key] = None
            notes.append(f"{key} not wired: its default GPIO{default} is "
                         f"'{SECTION}.{spelled.get(given[default], given[default])}' in {origin}")
    return HardwareConfig(**values, origin=origin, spelled=spelled, notes=tuple(notes))


def load_config(path: str | os.PathLike | None) -> HardwareConfig:
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
