"""The table's icons: which there are, where their files lie, the picture for a size.

Every icon comes from the game-icons.net collection (CC BY 3.0; its authors are credited in
``kiosk/icons/CREDITS.md``, on the settings screen and on the phone page).  Each is an SVG in
``kiosk/icons/svg/`` (white on transparent: the table tints it) and pictures rendered from it
(``kiosk/icons/png/NAME-SIZE.png``), made by ``tools/icons.py``.  No Kivy here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

FOLDER = Path(__file__).with_name("icons")
SVG = FOLDER / "svg"
PNG = FOLDER / "png"
#: The pictures' sizes in pixels: a card at 800x480 draws about 40, at 1920x1080 about 100.
SIZES = (48, 96, 192)


@dataclass(frozen=True)
class Icon:
    """An icon of the collection: its author's folder there and its name in that folder."""

    author: str
    source: str


#: Our name -> where the collection has it.  Names say what the icon stands for at the table.
ICONS: dict[str, Icon] = {
    "vehicle-train": Icon("delapouite", "steam-locomotive"),
    "vehicle-car": Icon("skoll", "race-car"),
    "vehicle-motorbike": Icon("delapouite", "scooter"),
    "vehicle-boat": Icon("delapouite", "speed-boat"),
    "vehicle-plane": Icon("quoting", "biplane"),
    "character-pirate": Icon("delapouite", "pirate-hat"),
    "character-knight": Icon("lorc", "visored-helm"),
    "character-cowboy": Icon("delapouite", "outback-hat"),
    "character-ninja": Icon("lorc", "ninja-mask"),
    "cosplay-character": Icon("delapouite", "carnival-mask"),
    "cosplay-equipment": Icon("delapouite", "bow-tie"),
    "cosplay-objective": Icon("delapouite", "trophy-cup"),
    "cosplay-drama": Icon("lorc", "drama-masks"),
    "cosplay-starter": Icon("delapouite", "hanger"),
    # Challengers!' set icons (``CardType.set``: a starter card carries the City's).
    "set-city": Icon("delapouite", "modern-city"),
    "set-castle": Icon("delapouite", "castle"),
    "set-film": Icon("delapouite", "clapperboard"),
    "set-funfair": Icon("delapouite", "carousel"),
    "set-haunted": Icon("lorc", "ghost"),
    "set-shipwreck": Icon("delapouite", "ship-wreck"),
    "set-space": Icon("delapouite", "ufo"),
    "set-robot": Icon("delapouite", "robot-antennas"),
    "set-beachclub": Icon("delapouite", "palm-tree"),
    "set-forest": Icon("lorc", "pine-tree"),
    "set-mountain": Icon("lorc", "mountains"),
    "set-rainbow": Icon("lorc", "rainbow-star"),
    "set-secret": Icon("delapouite", "secret-book"),
    "set-toystore": Icon("skoll", "spinning-top"),
    "set-university": Icon("delapouite", "graduate-cap"),
}


def png_path(name: str, size: int) -> Path:
    return PNG / f"{name}-{size}.png"


def picture(name: str, pixels: float) -> Path | None:
    """The picture of icon ``name`` to draw ``pixels`` wide: the smallest at least that size (the
    largest if none is), or None for a name that is not an icon."""
    if name not in ICONS:
        return None
    size = next((s for s in SIZES if s >= pixels), SIZES[-1])
    return png_path(name, size)


def svg_text(name: str) -> str | None:
    """The SVG of icon ``name`` (the phone page's), or None for a name that is not an icon."""
    return (SVG / f"{name}.svg").read_text(encoding="utf-8") if name in ICONS else None
