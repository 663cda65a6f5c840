"""The seats' QR codes on the table.

* On each half, a small "phone" button facing that half's player; a tap shows the QR code of that
  half's seat (facing them too), a tap on the code hides it.
* The seats panel, for the phone seats on no half (a third player and more): each such seat's name,
  QR code and whether a phone holds it, in the middle of the table, its title written for both
  sides.  It opens by itself when a game with such seats starts and closes once every one of them
  is taken; the "Phone seats" button on the table's edge opens and closes it.  "Free" (tapped twice:
  the second tap confirms) revokes a seat's code -- its phone is told the seat was freed -- and
  shows a new code for the next phone.

Game-neutral: an overlay over every game's screens, fed by :class:`kiosk.phones.table_host.PhoneSeats`.
Hidden while phones cannot take seats (port in use), on a bot's half, and when no game is on.
"""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout

from kiosk import i18n
from kiosk.phones.qr import qr_texture

#: The seats panel's words picked by a seat's state (named here so that extraction finds them).
PICKED_BY_STATE = (i18n.N_("phone_taken"), i18n.N_("phone_waiting"), i18n.N_("phone_free"),
                   i18n.N_("phone_free_confirm"))

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


class ShownBox(BoxLayout):
    """A box that, while not ``shown``, lets every touch through (see :class:`ShownButton`)."""

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


class LooseSeat(BoxLayout):
    """One phone seat on no half, on the seats panel: its name, QR code, state and "Free" button."""

    seat = NumericProperty(0)
    name = StringProperty("")
    state_text = StringProperty("")
    taken = BooleanProperty(False)
    texture = ObjectProperty(None, allownone=True)
    url = StringProperty("")
    free_text = StringProperty("")
    confirming = BooleanProperty(False)


class SeatQrOverlay(FloatLayout):
    """Both halves' :class:`SeatQr` and the seats panel; :meth:`refresh` after every change of
    the table (and whenever a phone comes or goes)."""

    seats = ObjectProperty(None, allownone=True)     # PhoneSeats
    lang = StringProperty("en")
    notice = StringProperty("")                     # e.g. the phone port in use (until the game is left)
    loose = NumericProperty(0)                      # phone seats on no half in this game
    panel_open = BooleanProperty(False)
    panel_title = StringProperty("")
    panel_button = StringProperty("")

    #: The notice as a message key and its values: said again in each refresh's language.
    notice_words: tuple[str, dict] | None = None

    def __init__(self, **kw):
        super().__init__(**kw)
        self._game: int | None = None
        self._all_taken = False

    def say(self, key: str, fmt: dict) -> None:
        """A few words in the bottom half's corner until the game is left, in the table's language."""
        self.notice_words = (key, fmt)
        self.notice = i18n.tr(key, self.lang, **fmt)

    def refresh(self, active: bool) -> None:
        ps = self.seats
        self._panel(active)
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

    def _panel(self, active: bool) -> None:
        """The seats panel: one :class:`LooseSeat` per phone seat on no half."""
        ps = self.seats
        table = ps.table if ps is not None else None
        on = active and table is not None and table.state is not None and not table.over
        seats = ps.loose_seats() if on else []
        urls = {q: ps.url(q) for q in seats}
        if any(u is None for u in urls.values()):
            seats = []                    # phones cannot take seats (port in use): nothing to scan
        box = self.ids.loose
        if [w.seat for w in reversed(box.children)] != seats:
            box.clear_widgets()
            for q in seats:
                box.add_widget(LooseSeat(seat=q))
        taken = {q: ps.taken(q) for q in seats}
        for w in box.children:
            q = w.seat
            w.name = table.setup.players[q]
            w.taken = taken[q]
            w.state_text = i18n.tr("phone_taken" if w.taken else "phone_waiting", self.lang)
            w.free_text = i18n.tr("phone_free_confirm" if w.confirming else "phone_free", self.lang)
            if urls[q] != w.url:
                w.url, w.texture = urls[q], qr_texture(urls[q])
        self.loose = len(seats)
        self.panel_title = i18n.tr("phone_seats_scan", self.lang)
        self.panel_button = i18n.tr("phone_seats_button", self.lang, taken=sum(taken.values()), n=len(seats))
        game = table.table_id if on else None
        everyone = bool(seats) and all(taken.values())
        if game != self._game:
            self._game = game
            self.panel_open = bool(seats) and not everyone     # a new game: its codes show by themselves
        elif everyone and not self._all_taken:
            self.panel_open = False                              # the last phone came: the game shows
        self._all_taken = everyone
        if not seats:
            self.panel_open = False

    def toggle_panel(self) -> None:
        self.panel_open = bool(self.loose) and not self.panel_open

    def free(self, seat: int) -> None:
        """The "Free" button of ``seat``: the first tap asks, the second frees it (a new code)."""
        w = next((w for w in self.ids.loose.children if w.seat == seat), None)
        if w is None or self.seats is None:
            return
        if not w.confirming:
            w.confirming = True
            w.free_text = i18n.tr("phone_free_confirm", self.lang)
            return
        w.confirming = False
        self.seats.free(seat)
        self.refresh(True)

    def toggle(self, half: int) -> None:
        widget = self.ids.bottom if half == 0 else self.ids.top
        widget.showing = widget.available and not widget.showing
