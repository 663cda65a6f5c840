"""The rules reference: one page per game, in English and French, over every screen.

A small "?" button sits in the app's root, over whichever screen is shown (one button for the
whole app, not one per screen).  A tap opens the page of the game at hand -- the game being
played, else the one chosen on the home screen -- in a scrollable panel; "Turn" turns it to
face the other side of the table, "Close" (or Escape) closes it.

The pages are text files, ``kiosk/rules/<game>.<lang>.md``, not gettext messages: a rules page
is prose a translator reads and writes as a whole (its paragraphs may be ordered differently in
another language), and a catalogue would cut it into sentences out of context.  A page is
written in a small part of Markdown: ``#`` title, ``##`` heading, ``- `` bullet, ``1. `` numbered
step, ``**bold**`` and ```key```.  A game without a page in the language asked reads English;
``tests/kiosk/test_rules_reference.py`` checks that every game has both, with the same headings
count.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from kivy.app import App
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.utils import escape_markup, get_hex_from_color

from kiosk.widgets import ModalLayer

RULES_DIR = Path(__file__).resolve().parent / "rules"
FALLBACK = "en"


class MissingPage(LookupError):
    """No rules page for a game, in any language."""


def page_path(game: str, lang: str) -> Path:
    """The page of ``game`` in ``lang``, else in English (MissingPage when neither exists)."""
    for code in dict.fromkeys((lang, FALLBACK)):
        path = RULES_DIR / f"{game}.{code}.md"
        if path.is_file():
            return path
    raise MissingPage(f"no rules page for {game!r} in {RULES_DIR}")


def blocks(text: str) -> list[tuple[str, str]]:
    """The page as (kind, text) blocks: ``title``, ``heading``, ``item`` (bullet or step), ``para``.
    Lines of one paragraph are joined; a blank line ends a paragraph."""
    out: list[tuple[str, str]] = []
    para: list[str] = []

    def flush():
        if para:
            out.append(("para", " ".join(para)))
            para.clear()
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            out.append(("heading", line[3:].strip()))
        elif line.startswith("# "):
            flush()
            out.append(("title", line[2:].strip()))
        elif line.startswith("- "):
            flush()
            out.append(("item", "•  " + line[2:].strip()))
        elif re.match(r"\d+\. ", line):
            flush()
            out.append(("item", line))
        elif out and out[-1][0] == "item" and raw.startswith("  ") and not para:
            out[-1] = ("item", out[-1][1] + " " + line)      # a list item's next line
        else:
            para.append(line)
    flush()
    return out


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_KEY = re.compile(r"`(.+?)`")


def markup(text: str, accent: str = "ffd94d") -> str:
    """Kivy markup for one block's text: ``**bold**`` bold, ```key``` bold in the accent colour."""
    text = escape_markup(text)
    text = _BOLD.sub(r"[b]\1[/b]", text)
    return _KEY.sub(rf"[b][color={accent}]\1[/color][/b]", text)


def title_of(game: str, lang: str) -> str:
    for kind, text in blocks(page_path(game, lang).read_text(encoding="utf-8")):
        if kind == "title":
            return text
    return game


class RulesPage(ModalLayer):
    """The reference panel (over every screen when ``shown``; it takes every touch then)."""

    turned = BooleanProperty(False)
    game = StringProperty("")
    lang = StringProperty("en")
    title = StringProperty("")

    def open(self, game: str, lang: str) -> None:
        self.game, self.lang = game, lang
        self.title = title_of(game, lang)
        self._fill()
        self.ids.scroll.scroll_y = 1
        self.shown = True

    def close(self) -> None:
        self.shown = False
        self.turned = False

    def _fill(self) -> None:
        from kiosk.palette import PALETTE
        box = self.ids.text
        box.clear_widgets()
        accent = get_hex_from_color(PALETTE.title)[1:7]
        for kind, text in blocks(page_path(self.game, self.lang).read_text(encoding="utf-8")):
            if kind == "title":
                continue
            size = {"heading": sp(19)}.get(kind, sp(16))
            lab = Label(text=markup(text, accent), markup=True, font_size=size, bold=kind == "heading",
                        color=PALETTE.title if kind == "heading" else (0.94, 0.94, 0.96, 1),
                        size_hint_y=None, halign="left", valign="top",
                        padding=(dp(24) if kind == "item" else 0, dp(6) if kind == "heading" else 0))
            lab.bind(width=lambda w, v: setattr(w, "text_size", (v, None)),
                     texture_size=lambda w, v: setattr(w, "height", v[1]))
            box.add_widget(lab)


def current_game(app) -> str:
    """The game whose page the "?" opens: the one being played, else the one chosen at home."""
    if app.table_active():
        return app.table.game.name
    if app.sm.current in ("deck", "match", "result", "park", "join"):
        return "challengers"
    return app.sm.get_screen("home").game


class HelpButton(FloatLayout):
    """The "?" in the app's root, and the page it opens.  Touches pass through except on them."""

    screen_has_tabs = BooleanProperty(False)   # the screen shown keeps a "?" on each half

    def on_touch_down(self, touch):
        if self.ids.page.shown:
            return self.ids.page.on_touch_down(touch)
        if self.screen_has_tabs:
            return False                  # a disabled button would still swallow the touch
        return self.ids.help.on_touch_down(touch)

    def on_touch_move(self, touch):
        if self.ids.page.shown:
            return self.ids.page.on_touch_move(touch)
        return False

    def on_touch_up(self, touch):
        if self.ids.page.shown:
            return self.ids.page.on_touch_up(touch)
        if self.screen_has_tabs:
            return False
        return self.ids.help.on_touch_up(touch)

    def open(self, turned: bool = False) -> None:
        """The rules of the game on screen; ``turned``: facing the top half's player."""
        app = App.get_running_app()
        self.ids.page.open(current_game(app), app.lang)
        self.ids.page.turned = turned

    def follow(self, screen) -> None:
        """``screen`` is shown now: the "?" over every screen stands aside if it has its own."""
        from kiosk.widgets import HelpTab
        self.screen_has_tabs = screen is not None and any(isinstance(w, HelpTab) for w in screen.walk())

    @property
    def shown(self) -> bool:
        return self.ids.page.shown

    def close(self) -> None:
        self.ids.page.close()


Builder.load_file(os.path.join(os.path.dirname(__file__), "rules_reference.kv"))
