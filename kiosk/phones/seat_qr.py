"""The seats' QR codes on the table.

* On each half, a small button showing a phone, facing that half's player; a tap shows the QR
  code of that half's seat (facing them too), a tap on the code hides it.  Once a phone holds the
  seat, its code is used up and never shown again: the button (green then) shows a card saying a
  phone plays the seat and how the staff frees it.
* The seats panel, for the phone seats on no half (a third player and more): each such seat's name,
  QR code (until a phone takes it) and whether a phone holds it, in the middle of the table, its
  title written for both sides.  It opens by itself when a game with such seats starts and closes
  once every one of them is taken; the "Phones 1/2" button opens and closes it.  Opened by the
  operator (the operator screen's "Phone seats", behind the PIN), it also lists the half seats a
  phone holds, and each seat has "Free" (tapped twice: the second tap confirms), which revokes the
  seat's code and its phone's secret -- the phone is told the seat was freed -- and makes a new
  code for the next phone (on the panel, or behind the half's button).
* The news: when a phone takes a seat, takes it after another phone was freed from it, or the
  operator frees it, a sentence in the middle of the table, for both sides, until tapped or
  :data:`NEWS_SECONDS` have passed (the server's log says it too).

Where the buttons go is the game's to say: its layout keeps a :class:`kiosk.widgets.PhoneSlot` free
on each half and a :class:`kiosk.widgets.PhoneSeatsSlot` in its public part, and the buttons are
drawn over them (a screen without a slot shows no button there), so that they never cover one of
the game's own controls, at any window size.

Game-neutral: an overlay over every game's screens, fed by :class:`kiosk.phones.table_host.PhoneSeats`
(a café park's: :class:`kiosk.phones.park_seats.ParkPhoneSeats`).
Hidden while phones cannot take seats (port in use), on a bot's half, and when no game is on.
"""

from __future__ import annotations

from pathlib import Path

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from kiosk import i18n
from kiosk.phones.qr import qr_texture
from kiosk.widgets import PhoneSeatsSlot, PhoneSlot

#: The seats panel's words picked by a seat's state (named here so that extraction finds them).
PICKED_BY_STATE = (i18n.N_("phone_taken"), i18n.N_("phone_waiting"), i18n.N_("phone_free"),
                   i18n.N_("phone_free_confirm"), i18n.N_("phone_held"), i18n.N_("phone_scan"))
#: How long a sentence about a seat's phone stays on the table (a tap hides it sooner).
NEWS_SECONDS = 15.0

Builder.load_file(str(Path(__file__).with_name("seat_qr.kv")))


class Shown:
    """A widget that, while not ``shown``, lets every touch through to what is underneath (it is
    invisible then; a disabled Kivy widget would swallow the touches on its area).  Mixed in
    before the widget class."""

    shown = BooleanProperty(False)

    def on_touch_down(self, touch):
        return super().on_touch_down(touch) if self.shown else False

    def on_touch_move(self, touch):
        return super().on_touch_move(touch) if self.shown else False

    def on_touch_up(self, touch):
        return super().on_touch_up(touch) if self.shown else False


class ShownButton(Shown, Button):
    """A button over the table, touchable only while ``shown``."""


class ShownBox(Shown, BoxLayout):
    """A box over the table, touchable only while ``shown``."""


class SeatQr(FloatLayout):
    """One half's button and QR card (inside a :class:`kiosk.widgets.Flip` for the top half)."""

    half = NumericProperty(0)
    available = BooleanProperty(False)     # this half's seat may be, or is, played on a phone now
    held = BooleanProperty(False)          # a phone holds this half's seat: no code to show
    showing = BooleanProperty(False)
    texture = ObjectProperty(None, allownone=True)
    url = StringProperty("")
    caption = StringProperty("")
    place = ListProperty([0, 0, 0, 0])     # the button's x, y, width, height: its PhoneSlot's (0 wide: none)


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
    can_free = BooleanProperty(False)      # the operator opened the panel


class SeatQrOverlay(FloatLayout):
    """Both halves' :class:`SeatQr` and the seats panel; :meth:`refresh` after every change of
    the table (and whenever a phone comes or goes)."""

    seats = ObjectProperty(None, allownone=True)     # PhoneSeats
    lang = StringProperty("en")
    notice = StringProperty("")                     # why phones are off (port in use), until the game is left
    loose = NumericProperty(0)                      # phone seats on no half in this game
    listed = NumericProperty(0)                     # seats on the panel (the held half seats too, for the operator)
    panel_open = BooleanProperty(False)
    news = StringProperty("")                       # the newest sentence about a seat's phone, while shown
    freeing = BooleanProperty(False)        # the panel was opened by the operator: seats may be freed
    panel_title = StringProperty("")
    panel_button = StringProperty("")
    panel_place = ListProperty([0, 0, 0, 0])    # the panel button's box: the game's PhoneSeatsSlot
    notice_place = ListProperty([0, 0, 0, 0])   # the crossed-out phone's box: the bottom half's PhoneSlot

    #: The notice as a message key and its values: said again in each refresh's language.
    notice_words: tuple[str, dict] | None = None

    def __init__(self, **kw):
        super().__init__(**kw)
        self._game: int | None = None
        self._all_taken = False
        self._screen = None
        self._slots: dict = {}                  # 0, 1 (the halves) and "seats": the screen's slots
        self._followed: list = []               # (widget, callback) bound to move the buttons
        self._place_soon = Clock.create_trigger(lambda dt: self.place(), -1)
        self.bind(pos=self._place_soon, size=self._place_soon)
        self._news_seen = 0
        self._news_words: tuple[str, int] | None = None
        self._news_end = Clock.create_trigger(lambda dt: self.hide_news(), NEWS_SECONDS)

    def say(self, key: str, fmt: dict) -> None:
        """Phones are off, for the reason ``key`` says (kept in the table's language): a crossed-out
        phone in the place of the bottom half's "Phone" button until the game is left."""
        self.notice_words = (key, fmt)
        self.notice = i18n.tr(key, self.lang, **fmt)

    def refresh(self, active: bool, screen: Widget | None = None) -> None:
        """Say the seats of the table (``active``: a game is on ``screen``, by default the one
        shown at the last refresh)."""
        if not active or screen is not None:
            self._follow(screen if active else None)
        ps = self.seats
        self._panel(active)
        if not active:
            self.notice_words = None
        self.notice = i18n.tr(self.notice_words[0], self.lang, **self.notice_words[1]) if self.notice_words else ""
        for half, widget in ((0, self.ids.bottom), (1, self.ids.top)):
            seat = ps.table.seat_on(half) if (active and ps is not None and ps.table.playing) else None
            live = seat is not None and not ps.table.over
            held = live and ps.taken(seat)
            url = ps.url(seat) if live and not held else None
            widget.held = held
            widget.available = url is not None or held
            widget.caption = i18n.tr("phone_held" if held else "phone_scan", self.lang)
            if url is None:
                widget.showing = widget.showing and held     # a card showing the code now says it is taken
                widget.url, widget.texture = "", None
            elif url != widget.url:
                widget.url, widget.texture = url, qr_texture(url)
        self._news(active)

    def _news(self, active: bool) -> None:
        """The newest sentence about a seat's phone, said once, in the table's language."""
        ps = self.seats
        if not active or ps is None or ps.table.setup is None:
            self._news_words = None
        elif ps.news_count != self._news_seen and ps.news is not None:
            self._news_seen = ps.news_count
            self._news_words = ps.news
            self._news_end.cancel()
            self._news_end()
        if self._news_words is None:
            self.news = ""
            return
        key, seat = self._news_words
        name = i18n.display_name(ps.table.setup.players[seat], self.lang)
        self.news = i18n.tr(key, self.lang, name=name)

    def hide_news(self) -> None:
        """The sentence about a seat's phone goes (tapped, or its time is up)."""
        self._news_end.cancel()
        self._news_words = None
        self.news = ""

    def _panel(self, active: bool) -> None:
        """The seats panel: one :class:`LooseSeat` per phone seat on no half (and, opened by the
        operator, per half seat a phone holds)."""
        ps = self.seats
        table = ps.table if ps is not None else None
        on = (active and table is not None and table.playing and not table.over
              and ps.server() is not None)        # not while phones cannot take seats (port in use)
        loose = ps.loose_seats() if on else []
        seats = ps.managed_seats() if on and self.freeing else loose
        taken = {q: ps.taken(q) for q in seats}
        urls = {q: None if taken[q] else ps.url(q) for q in seats}
        box = self.ids.loose
        if [w.seat for w in reversed(box.children)] != seats:
            box.clear_widgets()
            for q in seats:
                box.add_widget(LooseSeat(seat=q))
        for w in box.children:
            q = w.seat
            assert table is not None                 # seats are listed only while a table plays
            w.name = i18n.display_name(table.setup.players[q], self.lang)
            w.taken = taken[q]
            w.state_text = i18n.tr("phone_taken" if w.taken else "phone_waiting", self.lang)
            w.free_text = i18n.tr("phone_free_confirm" if w.confirming else "phone_free", self.lang)
            w.can_free = self.freeing
            url = urls[q]
            if url is None:
                w.url, w.texture = "", None          # a taken seat's code is never shown again
            elif url != w.url:
                w.url, w.texture = url, qr_texture(url)
        self.loose = len(loose)
        self.listed = len(seats)
        self.panel_title = i18n.tr("phone_seats_scan", self.lang)
        self.panel_button = i18n.tr("phone_seats_button", self.lang, taken=sum(taken.get(q, False) for q in loose),
                                    n=len(loose))
        game = ps.game_key() if on and table is not None else None
        everyone = bool(loose) and all(taken[q] for q in loose)
        if game != self._game:
            self._game = game
            self.panel_open = bool(loose) and not everyone      # a new game: its codes show by themselves
        elif everyone and not self._all_taken:
            self.panel_open = False                              # the last phone came: the game shows
        self._all_taken = everyone
        if not seats:
            self.panel_open = False

    # ------------------------------------------------------------------ where the buttons go
    def _follow(self, screen: Widget | None) -> None:
        """Keep the buttons over ``screen``'s slots: they move whenever a slot or anything it sits
        in moves (a turned half, a window resized)."""
        if screen is self._screen:
            return
        for widget, callback in self._followed:
            widget.unbind(pos=callback, size=callback)
        self._screen, self._slots, self._followed = screen, {}, []
        if screen is not None:
            for w in screen.walk(restrict=True):
                if isinstance(w, PhoneSlot):
                    self._slots[int(w.half)] = w
                elif isinstance(w, PhoneSeatsSlot):
                    self._slots["seats"] = w
            for slot in self._slots.values():
                w = slot
                while w is not None and w is not screen.parent:
                    w.bind(pos=self._place_soon, size=self._place_soon)
                    self._followed.append((w, self._place_soon))
                    w = w.parent
        self.place()

    def place(self) -> None:
        """Put each button over its slot on the screen shown (none: no slot, no button)."""
        for half, widget in ((0, self.ids.bottom), (1, self.ids.top)):
            widget.place = _box_on(widget, self._slots.get(half))
        self.panel_place = _box_on(self, self._slots.get("seats"))
        self.notice_place = _box_on(self, self._slots.get(0))

    def toggle_panel(self) -> None:
        self.panel_open = bool(self.loose) and not self.panel_open

    def on_panel_open(self, _w, shown: bool) -> None:
        if not shown:
            self._freeing(False)             # freeing lasts while the operator's panel is open

    def open_for_operator(self) -> None:
        """The operator's way in (behind the PIN): the panel, listing the half seats a phone
        holds besides the seats on no half, with a "Free" button on each."""
        self._freeing(self.seats is not None and bool(self.seats.managed_seats()))
        if self.freeing:
            self._panel(True)
        self.panel_open = self.freeing

    def _freeing(self, on: bool) -> None:
        self.freeing = on
        box = self.ids.loose
        if not on and self.seats is not None:
            loose = set(self.seats.loose_seats())
            for w in [w for w in box.children if w.seat not in loose]:
                box.remove_widget(w)         # a half's seat is listed for the operator only
            self.listed = len(box.children)
        for w in box.children:
            w.can_free, w.confirming = on, False
            w.free_text = i18n.tr("phone_free", self.lang)

    def free(self, seat: int) -> None:
        """The "Free" button of ``seat``: the first tap asks, the second frees it (a new code).
        Only in the panel the operator opened."""
        w = next((w for w in self.ids.loose.children if w.seat == seat), None)
        if w is None or self.seats is None or not self.freeing:
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


def _box_on(widget: Widget, slot: Widget | None) -> list[float]:
    """``slot``'s box (x, y, width, height) where ``widget``'s children are placed, through the
    turned halves on the way ([0, 0, 0, 0] without a slot or while it has no size)."""
    if slot is None or slot.width < 1 or slot.height < 1 or slot.get_root_window() is None:
        return [0, 0, 0, 0]
    xs, ys = [], []
    for corner in ((slot.x, slot.y), (slot.right, slot.top)):
        x, y = widget.to_widget(*slot.to_window(*corner))
        xs.append(x)
        ys.append(y)
    return [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]
