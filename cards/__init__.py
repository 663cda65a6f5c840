"""The game data: card sets, boxes, rules facts and tournament plans, as TOML.

This package is data.  The one helper here lists the bundled files and reads
them as text; the engine parses and checks them
(``engine.challengers.library.load(cards)`` puts everything together;
the engine imports nothing from here, the caller hands this module over).
A file that is not UTF-8 text raises ``appliance.config.DataFileError``: one line naming it by
its path in this folder (as the engine's errors do), with the card and field of the bad byte.
"""

from pathlib import Path

from appliance.config import read_text

ROOT = Path(__file__).resolve().parent


def read(relative: str) -> str:
    """The text of one bundled data file, e.g. ``read("rules.toml")``."""
    return read_text(ROOT / relative, name=relative)


def files(folder: str, pattern: str = "*.toml") -> list[tuple[str, str]]:
    """[(path relative to the cards folder, text)] of the bundled files in ``folder``, sorted."""
    base = ROOT / folder
    return [(name, read_text(p, name=name)) for p in sorted(base.glob(pattern))
            for name in (str(p.relative_to(ROOT)),)]
