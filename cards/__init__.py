"""The game data: card sets, boxes, rules facts and tournament plans, as TOML.

This package is data.  The one helper here lists the bundled files and reads
them as text; the engine parses and checks them
(``engine.challengers.library.load(cards)`` puts everything together;
the engine imports nothing from here, the caller hands this module over).
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent


def read(relative: str) -> str:
    """The text of one bundled data file, e.g. ``read("rules.toml")``."""
    return (ROOT / relative).read_text(encoding="utf-8")


def files(folder: str, pattern: str = "*.toml") -> list[tuple[str, str]]:
    """[(path relative to the cards folder, text)] of the bundled files in ``folder``, sorted."""
    base = ROOT / folder
    return [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in sorted(base.glob(pattern))]
