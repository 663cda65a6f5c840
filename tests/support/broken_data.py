"""A copy of the bundled game data with one field broken, for tests of the one-line errors.

``broken_cards(folder, *breaks)`` copies the ``cards`` package into ``folder/cards`` and applies
each break (a :class:`Break`: the file, the bytes to replace and what to put there); a process
started with ``folder`` first on its ``PYTHONPATH`` (:func:`env_with`) loads that copy as
``cards``.  Each break knows the one line a program must say about it (:meth:`Break.line`).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Break:
    game: str
    file: str            # relative to the cards folder, as the errors name it
    old: bytes
    new: bytes
    why: str             # what the line says after "<file>" (field breaks), or where the byte is

    def line(self, copy: Path) -> str:
        """The one line naming the file, the card and the field of this break in ``copy``."""
        if b"\xe9" not in self.new:
            return f"{self.file}{self.why}"
        raw = (copy / "cards" / self.file).read_bytes()
        at = raw.index(self.new) + self.new.index(b"\xe9")
        line = raw[:at].count(b"\n") + 1
        column = at - (raw[:at].rfind(b"\n") + 1) + 1
        return (f"{self.file}: {self.why}: not UTF-8 text (byte 0xe9 at line {line}, column {column}); "
                "save it as UTF-8")


#: A wrong value in one field of each game's bundled data, and what its error says.
FIELD_BREAKS = {
    "between": Break("between", "between/characters.toml", b'{ value = 3, ability = "special" }',
                     b'{ value = "three", ability = "special" }',
                     ": character 'pirate', card 3: field 'value': a whole number from 1 to 99 (or joker = true)"),
    "wacky": Break("wacky", "wacky/wacky.toml", b'{ vehicle = "train", speed = 7, stages = 1 }',
                   b'{ vehicle = "train", speed = "fast", stages = 1 }',
                   ", pilot 'yellow', card 1, field 'speed': must be a whole number from 0 to 99, not 'fast'"),
    "cosplay": Break("cosplay", "cosplay/box.toml", b'copies = 3\ngives = { badass = 1 }',
                     b'copies = "x"\ngives = { badass = 1 }',
                     ": card 'badass', field 'copies': a whole number from 1 to 40, not 'x'"),
    "challengers": Break("challengers", "base/city.toml", b'level = "A"\npower = 2\ncopies = 4',
                         b'level = "A"\npower = "two"\ncopies = 4',
                         ", card 'reporter', field 'power', line 13: must be a whole number, not 'two'"),
}

#: A byte that is not UTF-8 (Latin-1's é) in a name of each game's bundled data.
BYTE_BREAKS = {
    "between": Break("between", "between/characters.toml", b'names = { en = "Pirate", fr = "Pirate" }',
                     b'names = { en = "Pirate", fr = "Pirat\xe9" }', "character 'pirate', field 'names.fr'"),
    "wacky": Break("wacky", "wacky/wacky.toml", b'fr = "Capitaine Tchou-Tchou"', b'fr = "Capitaine Tch\xe9u-Tchou"',
                   "pilot 'yellow', field 'fr'"),
    "cosplay": Break("cosplay", "cosplay/box.toml", b'name = "Neon Ronin"', b'name = "N\xe9on Ronin"',
                     "character 'neon-ronin', field 'name'"),
    "challengers": Break("challengers", "base/city.toml", b'name = "Reporter"', b'name = "R\xe9porter"',
                         "card 'reporter', field 'name'"),
}


def broken_cards(folder: Path, *breaks: Break) -> Path:
    """``folder`` holding a ``cards`` package: the bundled one with ``breaks`` applied."""
    shutil.copytree(ROOT / "cards", folder / "cards", ignore=shutil.ignore_patterns("__pycache__"))
    for b in breaks:
        path = folder / "cards" / b.file
        raw = path.read_bytes()
        assert raw.count(b.old) == 1, f"{b.file} no longer holds {b.old!r} once"
        path.write_bytes(raw.replace(b.old, b.new))
    return folder


def env_with(folder: Path, **extra: str) -> dict[str, str]:
    """The environment of a process that imports ``cards`` from ``folder`` and the rest from here."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder), str(ROOT)]))
    env.update(extra)
    return env
