"""The seats' QR codes on the table: on each half, a small "phone" button facing that half's
player; a tap shows the QR code of that half's seat (facing them too), a tap on the code hides it.

Game-neutral: an overlay over every game's screens, fed by :class:`kiosk.phones.table_host.PhoneSeats`.
Hidden while phones cannot take seats (port in use), on a bot's half, and when no game is on.
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout

from kiosk import i18n
from kiosk.phones.qr import qr_texture

Builder.load_file(str(Path(__file__).with_name("seat_qr.kv")))


class ShownButton(Button):
    """A button that, while not ``shown``, is invisible and lets every touch through to what is
    underneath (a disabled Kivy widget would swallow the touches on its area)."""

    shown = BooleanProperty(False)

    def on_touch_down(self, touch):
        return super().on_touch_down(touch) if self.shown else False

    def on_touch_move(self, touch):
        return super().on_touch_move(touch) if self.shown else False

    def on_touch_up(self, touch):
        return super().on_touch_up(touch) if self.shown else False


class SeatQr(FloatLayout):
    """One half's button and QR card (inside a :class:`kiosk.widgets.Flip` for the top half)."""

    half = NumericProperty(0)
    available = BooleanProperty(False)     # this half's seat may be taken by a phone now
    showing = BooleanProperty(False)
    texture = ObjectProperty(None, allownone=True)
    url = StringProperty("")
    button_text = StringProperty("")
    caption = StringProperty("")


class SeatQrOverlay(FloatLayout):
    """Both halves' :class:`SeatQr`; :meth:`refresh` after every change of the table."""

    seats = ObjectProperty(None, allownone=True)     # PhoneSeats
    lang = StringProperty("en")
    notice = StringProperty("")                     # e.g. the phone port in use (until the game is left)
    #: The notice as a message key and its values: said again in each refresh's language.
    notice_words: tuple[str, dict] | None = None

    def say(self, key: str, fmt: dict) -> None:
        """A few words in the bottom half's corner until the game is left, in the table's language."""
        self.notice_words = (key, fmt)
        self.notice = i18n.tr(key, self.lang, **fmt)

    def refresh(self, active: bool) -> None:
        ps = self.seats
        if not active:
            self.notice_words = None
        self.notice = i18n.tr(self.notice_words[0], self.lang, **self.notice_words[1]) if self.notice_words else ""
        for half, widget in ((0, self.ids.bottom), (1, self.ids.top)):
            seat = ps.table.seat_on(half) if (active and ps is not None and ps.table.state is not None) else None
            url = ps.url(seat) if seat is not None and not ps.table.over else None
            widget.available = url is not None
            widget.button_text = i18n.tr("phone_button", self.lang)
            widget.caption = i18n.tr("phone_scan", self.lang)
            if url is None:
                widget.showing = False
                widget.url, widget.texture = "", None
            elif url != widget.url:
                widget.url, widget.texture = url, qr_texture(url)

    def toggle(self, half: int) -> None:
        widget = self.ids.bottom if half == 0 else self.ids.top
        widget.showing = widget.available and not widget.showing
