"""Players' names: typed on an on-screen key grid (the touchscreen) or a physical keyboard.

The home screen's "Players" box shows the names typed, or in grey "Player 1" / "Player 2" when
none was: each game then keeps its own default ("Player" solo, "Light"/"Dark" for two at
Challengers!, "Player 1"/"Player 2" at the other games).  A tap on one opens :class:`NameEntry` over the
screen: a key grid (QWERTY in English, AZERTY in French, a row of accented letters), Space,
Delete, "Default" (back to the game's default) and OK.  A physical keyboard types into it too
while it is open: the characters as the keyboard's layout makes them (Kivy's ``on_textinput``:
Shift+a is "A", AltGr and dead keys give their letters; :meth:`NameEntry.typed`), Enter, Escape
and Backspace by their key codes (:meth:`NameEntry.key`).  A key code is never read as a
character: Shift's own code, 304, is "İ" as a character, and a letter's code is its lower case
whatever Shift says.  A name is at most
:data:`MAX_NAME` characters; spaces at the ends are dropped; an empty name is the default.
Names are kept in the table's settings (``player_names``) until changed.
"""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.metrics import sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.button import Button

from kiosk.widgets import ModalLayer

MAX_NAME = 14
ROWS = {
    "en": ["1234567890", "qwertyuiop", "asdfghjkl'", "zxcvbnm-.", "éèêëàâçîïô"],
    "fr": ["1234567890", "azertyuiop", "qsdfghjklm", "wxcvbn'-.", "éèêëàâçîïô"],
}


def clean(name: str) -> str:
    """A name as kept: printable, no spaces at the ends, at most :data:`MAX_NAME` characters."""
    text = "".join(ch for ch in name if ch.isprintable())
    return " ".join(text.split())[:MAX_NAME]


class NameEntry(ModalLayer):
    """The key grid over the screen; ``seat`` 0 or 1 is the name being typed."""

    seat = NumericProperty(0)
    text = StringProperty("")
    shift = BooleanProperty(True)         # the next letter is a capital (a name's first letter)
    lang = StringProperty("")

    def open(self, seat: int) -> None:
        app = App.get_running_app()
        self.seat = seat
        self.text = app.chrome.names[seat]
        self.shift = not self.text
        self._keys(app.lang)
        self.shown = True

    def _keys(self, lang: str) -> None:
        if self.lang == lang and self.ids.grid.children:
            return
        self.lang = lang
        grid = self.ids.grid
        grid.clear_widgets()
        for row in ROWS.get(lang, ROWS["en"]):
            for ch in row.ljust(10):
                b = Button(text=ch if ch != " " else "", font_size=sp(20), disabled=ch == " ")
                b.char = ch
                b.bind(on_release=lambda w: self.type(w.char))
                grid.add_widget(b)
                if ch != " ":
                    self.ids["key_" + ch] = b
        self._case()

    def _case(self, *_):
        for b in self.ids.grid.children:
            ch = getattr(b, "char", " ")
            if ch != " ":
                b.text = ch.upper() if self.shift else ch

    def on_shift(self, *_):
        self._case()

    def type(self, ch: str) -> None:
        """One character typed (on the grid or a keyboard)."""
        if len(self.text) >= MAX_NAME:
            return
        if ch == " " and (not self.text or self.text.endswith(" ")):
            return
        self.text += ch.upper() if self.shift else ch
        self.shift = ch in " -"

    def backspace(self) -> None:
        self.text = self.text[:-1]
        self.shift = not self.text or self.text[-1] in " -"

    def default(self) -> None:
        self.text = ""
        self.ok()

    def ok(self) -> None:
        App.get_running_app().chrome.set_name(self.seat, clean(self.text))
        self.shown = False

    def cancel(self) -> None:
        self.shown = False

    def key(self, ch, key=None) -> bool:
        """A key of a physical keyboard while the grid is open (always taken: True): Escape,
        Enter and Backspace; the characters come as text (:meth:`typed`)."""
        if key == 27 or ch == "escape":
            self.cancel()
        elif key == 13 or ch in ("enter", "\r", "numpadenter"):
            self.ok()
        elif key == 8 or ch == "backspace":
            self.backspace()
        return True

    def typed(self, text: str) -> None:
        """Text from a physical keyboard, as its layout made it: typed as it comes (its own
        capitals, not the grid's Shift)."""
        for ch in text:
            if ch.isprintable():
                self.shift = False
                self.type(ch)


Builder.load_file(os.path.join(os.path.dirname(__file__), "name_entry.kv"))
