"""The players' settings: text size, palette, sound volume, animation speed, Deck Phase hints.

Kept in ``settings/kiosk.toml`` in the config folder (:func:`appliance.paths.config_dir`);
the café owner may edit it by hand, the settings screen writes it.  A folder of its own because
the kiosk must be able to write it and nothing else there: on the appliance ``/etc/tablecup`` is
read-only to the kiosk's service (``ProtectSystem=full``) except ``/etc/tablecup/settings``,
which the installer gives to the service's user and the unit lists in ``ReadWritePaths``::

    [kiosk]
    text_size = "large"        # normal | large
    palette = "colour-blind"   # standard | colour-blind
    volume = 60                # 0 (silent) to 100
    animations = "fast"        # normal | fast | off
    hint_bottom = true         # Challengers!' Deck Phase hint for the player on the bottom half
    hint_top = false           # ... and for the one on the top half

Read once at start.  A value that cannot be used is said in one line naming the file and the
key (in the log, and on the home screen), its default is used, and the other keys are kept;
the file is not rewritten until someone saves from the settings screen.  Writing goes through
a temporary file and a rename, so a failed write leaves the old file whole.

No Kivy here: the screen is :mod:`kiosk.settings_screen`.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path

from appliance import paths
from appliance.config import DataFileError, read_text

FILE_NAME = "kiosk.toml"
#: The config folder's subfolder the kiosk may write (and the only one).
FOLDER = "settings"
SECTION = "kiosk"

#: Text size -> how much larger than the design every ``sp`` is (Kivy's font scale).  One step:
#: the 800x480 design has little room to spare, and a quarter larger cuts texts on several screens.
TEXT_SIZES = {"normal": 1.0, "large": 1.12}
PALETTES = ("standard", "colour-blind")
#: Animation speed -> how long an animation lasts, as a share of its designed length.
ANIMATIONS = {"normal": 1.0, "fast": 0.5, "off": 0.0}
VOLUME_MAX = 100


@dataclass(frozen=True)
class Settings:
    text_size: str = "normal"
    palette: str = "standard"
    volume: int = 70
    animations: str = "normal"
    # Challengers!' Deck Phase hint (kiosk.games.challengers.pick_hint), asked for by the
    # person on each half of the table: off unless they turn it on.
    hint_bottom: bool = False
    hint_top: bool = False

    def hint_for(self, half: int) -> bool:
        """Does the person on ``half`` (0: bottom, 1: top) want the Deck Phase hint?"""
        return self.hint_bottom if half == 0 else self.hint_top

    @property
    def font_scale(self) -> float:
        return TEXT_SIZES[self.text_size]

    @property
    def animation_factor(self) -> float:
        return ANIMATIONS[self.animations]

    def with_(self, **changes) -> Settings:
        """A copy with ``changes`` checked (ValueError naming the key otherwise)."""
        new = replace(self, **changes)
        for key, value in changes.items():
            problem = _problem(key, value)
            if problem:
                raise ValueError(f"{key}: {problem}")
        return new


def _problem(key: str, value) -> str | None:
    """Why ``value`` cannot be the setting ``key``; None when it can."""
    choices = {"text_size": tuple(TEXT_SIZES), "palette": PALETTES, "animations": tuple(ANIMATIONS)}
    if key in choices:
        if value not in choices[key]:
            return f"{value!r} is not one of {', '.join(choices[key])}"
        return None
    if key in ("hint_bottom", "hint_top"):
        if not isinstance(value, bool):
            return f"{value!r} is not true or false"
        return None
    if key == "volume":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= VOLUME_MAX:
            return f"{value!r} is not a whole number from 0 to {VOLUME_MAX}"
        return None
    return "unknown key"


def settings_path(config: os.PathLike[str] | str | None = None) -> Path:
    folder = Path(config) if config is not None else paths.config_dir(create=False)
    return folder / FOLDER / FILE_NAME


def load(path: os.PathLike[str] | str) -> tuple[Settings, list[str]]:
    """The settings in ``path`` and one line per problem ("FILE: key 'volume': ...").

    Never raises for a bad file: a missing file is the defaults, an unreadable one is the
    defaults plus one line, a bad value is that key's default plus one line."""
    path = Path(path)
    if not path.is_file():
        return Settings(), []
    try:
        data = tomllib.loads(read_text(path))
    except DataFileError as exc:
        return Settings(), [str(exc)]
    except (tomllib.TOMLDecodeError, OSError) as exc:
        return Settings(), [f"{path}: {exc}; using the default settings"]
    section = data.get(SECTION, data)
    if not isinstance(section, dict):
        return Settings(), [f"{path}: [{SECTION}] must be a table; using the default settings"]
    known = {f.name for f in fields(Settings)}
    values, errors = {}, []
    for key, value in section.items():
        if key == SECTION and section is data:
            continue
        if key not in known:
            errors.append(f"{path}: key '{SECTION}.{key}': unknown key (known: {', '.join(sorted(known))})")
            continue
        problem = _problem(key, value)
        if problem:
            default = getattr(Settings(), key)
            errors.append(f"{path}: key '{SECTION}.{key}': {problem}; using {default!r}")
            continue
        values[key] = value
    return Settings(**values), errors


def dumps(settings: Settings) -> str:
    """The file's text for ``settings`` (every key, with what it may be)."""
    return (
        "# Tablecup kiosk settings (the settings screen writes this file; you may edit it too).\n"
        f"[{SECTION}]\n"
        f'text_size = "{settings.text_size}"    # {" | ".join(TEXT_SIZES)}\n'
        f'palette = "{settings.palette}"    # {" | ".join(PALETTES)}\n'
        f"volume = {settings.volume}    # 0 (silent) to {VOLUME_MAX}\n"
        f'animations = "{settings.animations}"    # {" | ".join(ANIMATIONS)}\n'
        f"hint_bottom = {str(settings.hint_bottom).lower()}    # Deck Phase hint, bottom half: true | false\n"
        f"hint_top = {str(settings.hint_top).lower()}    # Deck Phase hint, top half: true | false\n"
    )


def save(path: os.PathLike[str] | str, settings: Settings) -> None:
    """Write ``settings`` to ``path`` whole or not at all (OSError when it cannot)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(dumps(settings))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
