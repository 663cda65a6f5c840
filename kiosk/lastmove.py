"""What just happened, on each half of a table game: the other players' last moves in sentences
facing that half's player, with the cards they name drawn, and the game's log one tap away.

:class:`LastMoves` is a half's strip: one row per sentence (:class:`kiosk.table.happened.Said`,
the most recent first, as many as its height holds), each row the cards the sentence names,
drawn by the game (``make_face(card)``), then the sentence, its type shrunk to fit the row but
never below a readable size; at its end a "Log" button opens the whole game's log facing this
half (:class:`LogPage`, over the screen).  A screen keeps one in each half (``ids.happened``)
and :class:`kiosk.games.screen.GameScreen` fills them after every change.

A card is drawn only while the public view shows it now (the screen passes ``drawable``); the
sentence itself names only cards the public view showed around the move.  Cards drawn here
have a face of their own colour (:data:`kiosk.hand.FACE_SEEN`): never mistaken, by a player or
by a test reading pixels, for a hand shown face up.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from typing import Any

from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from kiosk.table.happened import Said
from kiosk.widgets import ModalLayer, largest_font, text_extent

#: The smallest type a sentence of the strip shrinks to (sp): smaller is not read across a table.
MIN_SAID_SP = 11
#: The most cards drawn beside one sentence (a card played and a revealed hand of five).
MAX_CARDS = 6


class FitLabel(Label):
    """A label for ``whole``: its type shrinks, from ``max_font`` down to ``least`` (sp), until
    the text wrapped to its width fits its height, no word broken inside.  A text that does not
    fit even then is shortened: with ``trim`` "first" it loses its first sentences ("… " stands
    for them: the latest part of a turn is the one to read on a half, the log has it all), with
    "last" its last words ("…").

    ``one_line``: the text stays on one line and only its type shrinks (a player's name and
    what follows it: a long name in smaller type, a short one at ``max_font``).  The label's
    own ``padding`` is room the text does not take."""

    whole = StringProperty("")
    max_font = NumericProperty(sp(15))
    least = NumericProperty(MIN_SAID_SP)
    trim = StringProperty("first")
    one_line = BooleanProperty(False)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(size=self._fit, whole=self._fit, max_font=self._fit, least=self._fit, one_line=self._fit,
                  padding=self._fit)
        self._fit()         # (what the constructor was given: the bindings came after it)

    def fits(self, text: str, fs: int) -> bool:
        pad = self.padding
        w, h = int(self.width - pad[0] - pad[2]), int(self.height - pad[1] - pad[3])
        tw, th = text_extent(text, fs, None if self.one_line else w, self.bold, self.halign, self.markup)
        if th > h or tw > w:
            return False
        # no word wider than a line (Kivy would break it inside)
        return all(text_extent(word, fs, None, self.bold, "left", self.markup)[0] <= w
                   for word in text.split())

    def _fit(self, *_):
        w, h = int(self.width), int(self.height)
        self.text_size = (max(1, w), None)
        text = self.whole
        if not text or w < 8 or h < 4:
            self.text = text
            return
        least = int(sp(self.least))
        if self.trim == "first":
            sentences = text.split(". ")
            while len(sentences) > 1 and not self.fits(text, least):
                sentences = sentences[1:]
                text = "… " + ". ".join(sentences)
        words = text.split(" ")
        while len(words) > 1 and not self.fits(text, least):
            words = words[:-1]
            text = " ".join(words).rstrip(":;,") + "…"
        self.font_size = largest_font(least, max(least, int(self.max_font)), lambda fs: self.fits(text, fs))
        self.text = text


def fit_font(label, least_sp: float, most: float | None = None) -> None:
    """Keep ``label``'s type the largest, from ``most`` (default: its font size now) down to
    ``least_sp``, at which its text wrapped to its width fits its height with no word broken."""
    top = int(most if most is not None else label.font_size)

    def refit(*_):
        w, h = int(label.width), int(label.height)
        if not label.text or w < 8 or h < 4:
            return
        label.text_size = (w, None)
        text = label.text

        def fits(fs: int) -> bool:
            tw, th = text_extent(text, fs, w, label.bold, label.halign, label.markup)
            return th <= h and tw <= w and all(
                text_extent(word, fs, None, label.bold, "left", label.markup)[0] <= w for word in text.split())

        least = int(sp(least_sp))
        fs = largest_font(least, max(least, top), fits)
        label.font_size = fs
        # The texture Kivy draws is the judge: a card of the last move at Large text measured a
        # line shorter than it drew ("Samouraï de Fer-blanc", 2 px over its face).
        label.texture_update()
        while fs > least and (label.texture_size[0] > w + 1 or label.texture_size[1] > h + 1):
            fs -= 1
            label.font_size = fs
            label.texture_update()

    label.bind(size=refit, text=refit)
    refit()


class SaidRow(BoxLayout):
    """One sentence and its cards."""

    text = StringProperty("")
    said_key: tuple = ()        # (text, cards, room for cards) it was made for (LastMoves)


class LastMoves(BoxLayout):
    """A half's "what just happened" strip (see the module): ``screen`` and ``half`` say whose
    log the "Log" button opens, and facing whom."""

    screen = ObjectProperty(None, allownone=True)
    half = NumericProperty(0)
    row_height = NumericProperty(dp(40))        # a row's least height: the strip shows what fits
    face_ratio = NumericProperty(0.72)          # a drawn card's width over its height
    has_log = BooleanProperty(True)
    log_text = StringProperty("Log")

    def __init__(self, **kw):
        super().__init__(**kw)
        self._shown: tuple = ()
        self._said: list[Said] = []
        self._face: Callable[[Any], Widget] | None = None
        self._drawable: Collection[Any] = ()
        self.bind(size=lambda *_: self._build(force=True))

    def rows(self) -> int:
        return max(1, int(self.height // max(1.0, self.row_height)))

    def show(self, said: Sequence[Said], make_face: Callable[[Any], Widget], drawable: Collection[Any]) -> None:
        """The sentences for this half, the most recent first; ``drawable``: the cards the public
        view shows now (only those are drawn)."""
        self._said, self._face, self._drawable = list(said), make_face, drawable
        self._build()

    def _build(self, force: bool = False) -> None:
        said = self._said[:self.rows()]
        key = tuple((s.text, tuple(c for c in s.cards if c in self._drawable)) for s in said)
        if key == self._shown and not force:
            return
        self._shown = key
        box = self.ids.rows
        # the cards leave the sentence at least half the row
        room = max(0, int((self.width - dp(60)) * 0.5 // max(1.0, (self.row_height * self.face_ratio + dp(3)))))
        # A move adds its sentence on top and pushes the others down: the rows still said are
        # kept as they are (their words and cards already drawn), only new ones are made.
        kept: dict[tuple, list[SaidRow]] = {}
        if not force:
            for row in reversed(box.children):
                kept.setdefault(row.said_key, []).append(row)
        box.clear_widgets()
        for text, cards in key:
            same = kept.get((text, cards, room))
            box.add_widget(same.pop(0) if same else self._row(text, cards, room))

    def _row(self, text: str, cards: tuple, room: int) -> SaidRow:
        row = SaidRow(text=text)
        row.said_key = (text, cards, room)
        for card in cards[:min(MAX_CARDS, room)]:
            face = self._face(card) if self._face is not None else Widget()
            face.size_hint_x = None
            ratio = self.face_ratio
            face.bind(height=lambda w, h, ratio=ratio: setattr(w, "width", h * ratio))
            face.width = self.row_height * ratio
            if isinstance(face, Label):
                fit_font(face, 7)
            row.ids.cards.add_widget(face)
        return row

    def said_texts(self) -> list[str]:
        """The sentences on the strip now (tests)."""
        return [t for t, _ in self._shown]

    def drawn_cards(self) -> list[Any]:
        """The cards drawn on the strip now, row by row (tests)."""
        return [w.card for row in reversed(self.ids.rows.children)
                for w in reversed(row.ids.cards.children) if getattr(w, "card", None)]

    def open_log(self) -> None:
        if self.screen is not None:
            self.screen.open_log(self.half)


class LogPage(ModalLayer):
    """A game's log over its screen: every line so far, the newest at the top, scrollable;
    "Turn" turns it to face the other side of the table, "Close" (or Escape) closes it.  While
    open it takes every touch (nothing reaches the game underneath) and follows the game (a move
    underneath adds its line)."""

    turned = BooleanProperty(False)
    title = StringProperty("")          # "" : the match log's title (Challengers!)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.lines: list[str] = []

    def open(self, lines, empty_text: str) -> None:
        self.show_lines(lines, empty_text)
        self.shown = True
        self.ids.scroll.scroll_y = 1           # the latest line first in sight

    def close(self) -> None:
        self.shown = False
        self.turned = False

    def show_lines(self, lines, empty_text: str) -> None:
        """``lines`` in the order they happened; shown the other way up (the newest first)."""
        box = self.ids.lines
        lines = list(lines) or [empty_text]
        if lines[:len(self.lines)] != self.lines or len(box.children) != len(self.lines):
            box.clear_widgets()
            self.lines = []
        for k in range(len(self.lines), len(lines)):
            lab = Label(text=lines[k], font_size=sp(16), size_hint_y=None, halign="left", valign="top",
                        color=(0.94, 0.94, 0.96, 1) if lines[k] != empty_text else (0.7, 0.7, 0.72, 1))
            lab.bind(width=lambda w, v: setattr(w, "text_size", (v, None)),
                     texture_size=lambda w, v: setattr(w, "height", v[1]))
            box.add_widget(lab, index=len(box.children))     # above the others: the newest on top
        self.lines = lines

    def shown_lines(self) -> list[str]:
        """The lines on the panel, from the top (the newest) down."""
        return [w.text for w in reversed(self.ids.lines.children)]


Builder.load_file(os.path.join(os.path.dirname(__file__), "lastmove.kv"))
