"""The kiosk's fonts: DejaVu Sans (Debian's ``fonts-dejavu-core``), found by path.

Kivy's bundled Roboto has no arrows (→) and few symbols; DejaVu Sans carries every glyph
the kiosk's texts use in English and French (``tests/kiosk/test_glyphs.py`` checks each
card text and screen string against its character map).  :func:`use` makes it the default
font of every label and card face, and registers ``TablecupMono`` (DejaVu Sans Mono) for
the standings tables.  No Kivy import at module level: :func:`find` runs before the window.
"""

from __future__ import annotations

from pathlib import Path

#: Where Debian / Raspberry Pi OS (fonts-dejavu-core) and other distributions put DejaVu.
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
             "/usr/local/share/fonts/dejavu")
FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
         "mono": "DejaVuSansMono.ttf", "mono_bold": "DejaVuSansMono-Bold.ttf"}
MONO = "TablecupMono"


class FontMissing(RuntimeError):
    """A font file the kiosk needs is not installed."""


def find(dirs=FONT_DIRS) -> dict[str, Path]:
    """{"regular" | "bold" | "mono" | "mono_bold": path}, or FontMissing naming what to install."""
    got: dict[str, Path] = {}
    for role, name in FILES.items():
        for d in dirs:
            p = Path(d) / name
            if p.is_file():
                got[role] = p
                break
        else:
            raise FontMissing(f"font {name} not found in {', '.join(dirs)}: install DejaVu Sans "
                              "(Debian / Raspberry Pi OS: sudo apt install fonts-dejavu-core)")
    return got


def use(paths: dict[str, Path]) -> None:
    """DejaVu Sans becomes the default font of every Kivy text; DejaVu Sans Mono is ``TablecupMono``."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    LabelBase.register(DEFAULT_FONT, fn_regular=str(paths["regular"]), fn_bold=str(paths["bold"]))
    LabelBase.register(MONO, fn_regular=str(paths["mono"]), fn_bold=str(paths["mono_bold"]))
    share_open_fonts()


def share_open_fonts() -> bool:
    """One open font per file, style and pixel size, whatever the size's decimals.

    Kivy's SDL2 text renderer opens a font at ``int(font_size)`` pixels but keys its cache of
    open fonts by ``str(font_size)``: a label at ``sp(15)`` (33.75 at 1920x1080), a card text
    at 33 and a title at 33.0 opened the same font three times.  The cache holds 64 fonts, about
    0.1 MB each with their glyphs; a 1920x1080 match used 84 keys for 50 fonts, so fonts were
    closed and opened again all along.  Keyed by the whole pixel size, a text is drawn with
    the very font it was before.  Returns False (and changes nothing) under another renderer.
    """
    from kivy.core.text import Label as CoreLabel

    if CoreLabel.__name__ != "LabelSDL2":
        return False

    def font_id(self) -> str:
        options = self.options
        return "|".join(str(v) for v in (int(options["font_size"]), options["font_name_r"], options["bold"],
                                         options["italic"], options["underline"], options["strikethrough"]))

    CoreLabel._get_font_id = font_id
    return True
