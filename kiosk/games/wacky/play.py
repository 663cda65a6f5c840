"""Wacky Challenge's table: the two halves facing their players, the race in the middle.

The middle is public and written for both sides of the table (every text twice, one of them
turned 180°): the hierarchy column, top first, with the cards revealed this turn on their
vehicle's line in pick order; the draft row; every seat's route with its stages.  Each half
(:class:`WackyHalf`) shows its seat's pilot, what that seat may do now, the booster when it is
offered to that seat, and its hand in a :class:`kiosk.hand.HandStrip`, face down until its owner
looks.

The secret choice: holding the side's button (or a finger on the hand) shows the hand; a tap
chooses a card (:meth:`LocalTable.select`); letting go locks it (the game is
``lock_on_release``), and the side's LED lights.  Until every choice is locked nothing of any
seat's hand or choice is in this screen's widgets, except the looking owner's own, on their own
half; then the engine reveals all the choices at once.
"""

from __future__ import annotations

import os
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from engine.game import Action
from engine.wacky.data import VEHICLES
from kiosk import hand as hand_widgets
from kiosk import lastmove
from kiosk import widgets as kiosk_widgets
from kiosk.cardicon import faint
from kiosk.games.cardframe import ICON_ALPHA, CardIconMixin, FramedCard
from kiosk.games.descriptor import CARD, TABLE
from kiosk.games.screen import ChoiceButton, GameHalf, GameScreen
from kiosk.games.wacky.colours import PILOT_COLOURS, STARTER_BAND, VEHICLE_EDGES, VEHICLE_TINTS, card_band
from kiosk.hand import FACE, HandStrip, SmallCard
from kiosk.i18n import N_

#: Sentences this screen picks by a computed name (a vehicle, a pilot's colour, the end's reason):
#: named here so that extraction keeps them in this game's catalogue.
PICKED_BY_NAME = (
    N_("wk_short_boat"), N_("wk_short_car"), N_("wk_short_motorbike"), N_("wk_short_plane"),
    N_("wk_short_train"),
    N_("wk_colour_black"), N_("wk_colour_blue"), N_("wk_colour_green"), N_("wk_colour_orange"),
    N_("wk_colour_red"), N_("wk_colour_violet"), N_("wk_colour_yellow"),
    N_("wk_end_shared"), N_("wk_end_speeds"), N_("wk_end_stages"),
    N_("wk_swap_hand"), N_("wk_swap_tap"),
)

INK = (0.12, 0.12, 0.16, 1)
EMPTY = (0.24, 0.26, 0.33, 1)      # a place with no card yet


def short_name(name: str) -> str:
    """A seat's name in two or three letters: "Bot 3" -> "B3", "Ana" -> "Ana", "Player" -> "Pla"."""
    words = name.split()
    if len(words) > 1 and words[-1].isdigit():
        return words[0][:1] + words[-1]
    return name[:3]


def short_names(name: str) -> list[str]:
    """Shorter ways to write a seat's name where the whole does not fit: its first word
    ("Wilhelmina-Mae Smith" -> "Wilhelmina-Mae", then "Wilhelmina"), then :func:`short_name`."""
    first = name.split()[0] if name.split() else name
    return [t for t in dict.fromkeys((first, first.split("-")[0], short_name(name))) if t and t != name]


def chip_text(place: int | None, name: str, speed: int, width: float, font_size: float) -> str:
    """A revealed card's chip on the hierarchy: "2. Bot 3 · 5", or shorter where the line is
    crowded ("2. B3 · 5", "B3 · 5"): a name shortened by Kivy read "2. … · 5"."""
    head = f"{place}. " if place else ""
    tries = [f"{head}{name} · [b]{speed}[/b]", f"{head}{short_name(name)} · [b]{speed}[/b]",
             f"{short_name(name)} · [b]{speed}[/b]", f"{short_name(name)} [b]{speed}[/b]"]
    for text in tries:
        if kiosk_widgets.text_extent(text, font_size, None, False, "center", True)[0] <= width:
            return text
    return tries[-1]


class TwoWay(BoxLayout):
    """A text written twice: turned 180° (for the top edge) above, upright below.  Its type
    shrinks from ``font_size`` to ``least`` (dp: the smallest type read across the table, the
    same with "Large" text, which would otherwise push a crowded row's words out of their
    boxes) until the text fits its half of the box
    (``fit_size``).  A text that does not fit even then gives way to the first of ``shorter``
    that does (a name's first word, its initials: ``shown`` is what is written); only then would
    a label with ``shorten`` end in "…"."""

    text = StringProperty("")
    #: shorter ways to say ``text``, tried in order when it does not fit at ``least``
    shorter = ListProperty([])
    shown = StringProperty("")
    font_size = NumericProperty(sp(12))
    least = NumericProperty(8)
    fit_size = NumericProperty(sp(12))
    bold = BooleanProperty(False)
    ink = ListProperty([0.93, 0.94, 0.97, 1])
    shorten = BooleanProperty(True)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.bind(size=self._fit, text=self._fit, shorter=self._fit, font_size=self._fit, bold=self._fit,
                  padding=self._fit)
        self._fit()

    def _fit(self, *_):
        # each text has half the box inside the padding (a tile's frame) and the spacing
        pad_l, pad_t, pad_r, pad_b = self.padding
        w = int(self.width - pad_l - pad_r)
        h = int((self.height - pad_t - pad_b - self.spacing) / 2)
        top = int(self.font_size)
        self.shown = self.text
        if not self.text or w < 8 or h < 4:
            self.fit_size = top
            return

        def fits(text: str, fs: int) -> bool:
            tw, th = kiosk_widgets.text_extent(text, fs, w, self.bold, "center", True)
            return th <= h and tw <= w and all(
                kiosk_widgets.text_extent(word, fs, None, self.bold, "left", True)[0] <= w for word in text.split())

        least = int(dp(self.least))
        shown = next((text for text in (self.text, *self.shorter) if fits(text, least)), self.text)
        self.shown = shown
        self.fit_size = kiosk_widgets.largest_font(least, max(least, top), lambda fs: fits(shown, fs))


def same_type(tiles, top: float) -> None:
    """One type size for ``tiles`` (a draft row, the routes): each tries ``top``, then all take
    the smallest that fitted, so that a row of cards does not read in four sizes."""
    tiles = [t for t in tiles if t.text]
    for tile in tiles:
        tile.font_size = top
    if tiles:
        least = min(tile.fit_size for tile in tiles)
        for tile in tiles:
            tile.font_size = least


class CardTile(CardIconMixin, ButtonBehavior, TwoWay):
    """A public race card (the draft row, a route, a revealed card), readable from both sides,
    over its vehicle's icon (``icon``) drawn faint in its frame's colour.  ``card`` is its id; a
    face-down card has none."""

    card = StringProperty("")
    lit = BooleanProperty(False)
    shorten = BooleanProperty(False)
    face = ListProperty(list(FACE))
    band = ListProperty(list(STARTER_BAND))
    edge = ListProperty([0, 0, 0, 0])        # the frame: its vehicle's colour (none: an empty place)

    def on_edge(self, _, edge):
        self.icon_rgba = list(faint(edge, ICON_ALPHA))


class HierLine(BoxLayout):
    """One place of the hierarchy column: its rank and vehicle, and this turn's cards of that vehicle."""

    title = StringProperty("")
    tint = ListProperty([1, 1, 1, 1])


class RouteRow(BoxLayout):
    """One seat's route: its name, its cards, its stages (at the end, how they add up)."""

    title = StringProperty("")
    total = StringProperty("")
    colour = ListProperty([1, 1, 1, 1])
    active = BooleanProperty(False)
    #: more than four rows: no margins, so that their texts keep a readable size
    compact = BooleanProperty(False)


class WackyHalf(GameHalf):
    """One side of the table; its view-model is set by :meth:`WackyScreen.update`."""

    pilot_text = StringProperty("")
    score_text = StringProperty("")
    colour = ListProperty([0.5, 0.5, 0.5, 1])
    has_choices = BooleanProperty(False)


# The kv rules name HandStrip and Flip; make sure their modules (and Factory entries) are loaded first.
assert hand_widgets.HandStrip is HandStrip and kiosk_widgets.Flip is not None and lastmove.LastMoves is not None
Builder.load_file(os.path.join(os.path.dirname(__file__), "play.kv"))


class WackyScreen(GameScreen):
    """The Wacky Challenge table (``KIOSK.screens["play"]``)."""

    over = BooleanProperty(False)
    #: how many seats race (2 to 7): a crowded table packs its middle tighter
    seats = NumericProperty(0)
    row_title = StringProperty("")
    end_text = StringProperty("")
    home_text = StringProperty("")
    again_text = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        self.swap_from: dict[int, str] = {}       # half -> the route card its owner gives back (swap booster)
        self._keys: dict[str, Any] = {}
        self._chips: dict[int, CardTile] = {}     # seat -> its tile on the hierarchy column
        # after a change of width, once a frame: the words and chips that suit the new room
        self._retext_row = Clock.create_trigger(lambda dt: self._refresh("row"))
        self._relay_hierarchy = Clock.create_trigger(lambda dt: self._refresh("hierarchy"))

    # ------------------------------------------------------------------ words

    def vehicle(self, v: str) -> str:
        return self.t(f"wk_short_{v}")

    def stages(self, c: int) -> str:
        data = self.table.data
        n = data.stages[c]
        if data.half[c]:
            return f"{n}½" if n else "½"
        return str(n)

    def card_words(self, card: str, short: bool = False) -> str:
        """A card in a few words: its vehicle and speed, then its stages ("2½ stages"; with
        ``short``, for a narrow place, "2½ st.")."""
        data = self.table.data
        c = data.index[card]
        if short:
            return (f"[b]{self.vehicle(VEHICLES[data.vehicle[c]])} {data.speed[c]}[/b]\n"
                    + self.t("wk_stages_short", stages=self.stages(c)))
        # n: the stages rounded up, for the plural ("½ stage", "1 stage", "1½ stages")
        return self.t("wk_card", vehicle=self.vehicle(VEHICLES[data.vehicle[c]]), speed=data.speed[c],
                      stages=self.stages(c), n=data.stages[c] + (1 if data.half[c] else 0))

    def card_line(self, card: str) -> str:
        """A card on one line: vehicle and speed, then stages."""
        data = self.table.data
        c = data.index[card]
        return self.t("wk_chip", vehicle=self.vehicle(VEHICLES[data.vehicle[c]]), speed=data.speed[c],
                      stages=self.stages(c))

    def card_face(self, card: str, lit: bool) -> SmallCard:
        """A card of a hand, face up (only while its owner looks)."""
        data = self.table.data
        c = data.index[card]
        v = VEHICLES[data.vehicle[c]]
        # framed in its vehicle's colour (the hierarchy's), banded in its pilot's
        face = FramedCard(card=card, lit=lit, markup=True, font_size=sp(12), tint=list(VEHICLE_EDGES[v]),
                          band=list(self.band(card, None)), icon=self.card_icon(card))
        face.text = (f"[size={int(sp(13))}]{self.vehicle(VEHICLES[data.vehicle[c]])}[/size]\n"
                     f"[size={int(sp(20))}]{data.speed[c]}[/size]\n"
                     f"[size={int(sp(11))}]{self.t('wk_stages_short', stages=self.stages(c))}[/size]")
        return face

    def said_face(self, card: str) -> SmallCard:
        """A card a sentence names, small: its vehicle and speed on its frame and icon (the
        sentence says the rest)."""
        data = self.table.data
        c = data.index[card]
        v = VEHICLES[data.vehicle[c]]
        return FramedCard(card=card, seen=True, font_size=sp(10), text=f"{self.vehicle(v)} {data.speed[c]}",
                          tint=list(VEHICLE_EDGES[v]), band=list(self.band(card, None)), icon=self.card_icon(card))

    def card_icon(self, card: str) -> str:
        """A card's icon: its vehicle's (kiosk.iconset); none for no card."""
        if not card:
            return ""
        data = self.table.data
        return f"vehicle-{VEHICLES[data.vehicle[data.index[card]]]}"

    def names(self) -> tuple[str, ...]:
        return tuple(self.player_name(q) for q in range(len(self.table.setup.players)))

    def who(self, seat: int, viewer: int | None = None) -> str:
        return self.t("wk_you") if seat == viewer else self.names()[seat]

    def pilot_colour(self, pub: dict, seat: int) -> tuple:
        return PILOT_COLOURS.get(pub["pilots"][seat], (0.6, 0.6, 0.6, 1))

    def edge(self, card: str) -> list:
        """A public card's frame: its vehicle's colour ("": an empty place, no frame)."""
        if not card:
            return [0, 0, 0, 0]
        data = self.table.data
        return list(VEHICLE_EDGES[VEHICLES[data.vehicle[data.index[card]]]])

    def band(self, card: str, pub: dict | None) -> tuple:
        data = self.table.data
        return card_band(data, data.index[card])

    def booster_text(self, word: str) -> str:
        b = next((b for b in self.table.data.boosters if b is not None and b.id == word), None)
        return "" if b is None else (b.text.get(self.lang) or b.text["en"])

    # ------------------------------------------------------------------ motion
    def moments(self, events: list) -> list[tuple[str, Any]]:
        """The secret choices revealed: each seat's card turns over on the hierarchy; a card
        picked from the draft row: it lands on its taker's route."""
        out: list[tuple[str, Any]] = []
        routes = None
        for e in events:
            if e.kind == "reveal":
                for q, _ in e.info or ():
                    chip = self._chips.get(q)
                    if chip is not None and chip.parent is not None:
                        out.append(("reveal", chip))
            elif e.kind == "pick" and e.player is not None and f"route{e.player}" in self.ids:
                if routes is None:
                    routes = self.table.observation(None)["routes"]
                tiles = list(reversed(self.ids[f"route{e.player}"].ids.cards.children))
                placed = len(routes[e.player]) - 1
                if 0 <= placed < len(tiles):
                    out.append(("played", tiles[placed]))
        return out

    # ------------------------------------------------------------------ refreshing
    def update(self, table, events):
        pub = table.observation(None)
        self.over = pub["phase"] == "over"
        self.seats = len(pub["routes"])
        self.home_text = self.t("home")
        self.again_text = self.again_word()
        self.row_title = self.t("wk_row_title", turn=pub["turn"])
        self.end_text = self.end_sentence(pub) if self.over else ""
        self._hierarchy(pub)
        self._row(pub)
        self._routes(pub)
        for half in (0, 1):
            self._half(half, pub)

    def end_sentence(self, pub: dict) -> str:
        out = self.table.outcome
        if out is None:
            return ""
        who = ", ".join(self.names()[q] for q in out.winners)
        return self.t(f"wk_end_{out.reason}", who=who) + "\n" + self.t("wk_end_legend")

    def _rebuild(self, key: str, value: Any) -> bool:
        """Whether the part ``key`` shows something new (then it is rebuilt)."""
        if self._keys.get(key) == value:
            return False
        self._keys[key] = value
        return True

    def _hierarchy(self, pub: dict) -> None:
        """The five places, top first; on each line this turn's revealed cards of that vehicle,
        in pick order (or seat order before the order is known).  The lines are built once; a
        line's cards change once a turn (at the reveal), the picker's ring at each pick."""
        data = self.table.data
        box = self.ids.hierarchy
        if len(box.children) != len(VEHICLES):
            box.clear_widgets()
            for _ in VEHICLES:
                line = HierLine()
                line.ids.played.bind(width=lambda *_: self._relay_hierarchy())
                box.add_widget(line)
        order = pub["order"] or list(range(len(pub["played"])))
        upside = (pub["effect"] or {}).get("booster") == "upside-down"
        n = len(pub["hierarchy"])
        picker = pub["order"][pub["picks"]] if pub["phase"] == "pick" and pub["order"] else None
        for rank, (v, line) in enumerate(zip(pub["hierarchy"], reversed(box.children), strict=True)):
            line.title = f"{n - rank if upside else rank + 1} · {self.vehicle(v)}"
            line.tint = VEHICLE_TINTS[v]
            played = tuple((q, pub["played"][q]) for q in order if pub["played"][q] is not None
                           and VEHICLES[data.vehicle[data.index[pub["played"][q]]]] == v)
            key = (self.lang, played, tuple(pub["order"]), self.names())
            if getattr(line, "key", None) != key:
                line.key = key
                line.ids.played.clear_widgets()
                for q, card in played:
                    place = pub["order"].index(q) + 1 if pub["order"] else None
                    c = data.index[card]
                    tile = self._chip(q)
                    tile.card = card
                    tile.width = min(dp(76), self._chips_room(line) / len(played) - dp(3))
                    tile.text = chip_text(place, self.names()[q], data.speed[c], tile.width - dp(6), tile.font_size)
                    tile.band = self.band(card, pub)
                    tile.edge = self.edge(card)
                    tile.icon = self.card_icon(card)
                    line.ids.played.add_widget(tile)
                line.ids.played.add_widget(Widget())
            for tile in line.ids.played.children:
                if isinstance(tile, CardTile):
                    tile.lit = tile.seat == picker

    def _chips_room(self, line: HierLine) -> float:
        """The width a hierarchy line has for this turn's cards (before the first layout: what
        the column is made to leave them)."""
        room = line.ids.played.width
        return room if line.width > line.ids.name.width + dp(40) else dp(140)

    def _refresh(self, part: str) -> None:
        """The draft row or the hierarchy changed width: its words or chips measured again."""
        table = self.table
        if table is None or not table.playing or table.game is None or table.game.name != "wacky" or not self._keys:
            return                  # the table closed (or went on to another game) meanwhile
        pub = self.table.observation(None)
        if part == "row":
            self._row(pub)
            return
        for line in self.ids.hierarchy.children:
            line.key = None
        self._hierarchy(pub)

    def _chip(self, seat: int) -> CardTile:
        """``seat``'s revealed card on the hierarchy column: one tile per seat, made once and
        moved from line to line (making widgets is what costs, on a Pi)."""
        tile = self._chips.get(seat)
        if tile is None:
            # chip_text picks words that fit: Kivy's "…" would cut some that do
            tile = self._chips[seat] = CardTile(font_size=sp(10), ink=list(INK), size_hint_x=None)
            tile.seat = seat
        if tile.parent is not None:
            tile.parent.remove_widget(tile)
        return tile

    def _row(self, pub: dict) -> None:
        """The draft row (players + 1 places): a tap takes a card when a person at the table picks now."""
        row = self.ids.row
        places = len(pub["routes"]) + 1
        if len(row.children) != places + 1:
            row.clear_widgets()
            def tapped(tile: CardTile) -> None:
                if tile.card:
                    self.tap_row(tile.card)

            for i in range(places):
                tile = CardTile(font_size=sp(11), ink=list(INK), size_hint_x=None)
                tile.bind(on_release=tapped)
                row.add_widget(tile)
                self.ids[f"row{i}"] = tile
            row.add_widget(Widget())
            row.unbind(width=self._size_row)
            row.bind(width=self._size_row)
            self._size_row(row, row.width)
        picking = pub["phase"] == "pick" and any(not self.table.is_bot(q) and self.table.half_of(q) is not None
                                                 for q in pub["to_act"])
        for i in range(places):
            tile = self.ids[f"row{i}"]
            card = pub["row"][i] if i < len(pub["row"]) else ""
            tile.card = card
            tile.text = self.card_words(card, short=tile.width < dp(70)) if card else ""
            tile.band = self.band(card, pub) if card else (0, 0, 0, 0)
            tile.face = FACE if card else EMPTY
            tile.edge = self.edge(card)
            tile.icon = self.card_icon(card)
            tile.lit = picking and bool(card)
            tile.disabled = not card
        self._same_type("row", [self.ids[f"row{i}"] for i in range(places)], sp(11))

    def _size_row(self, row, width: float) -> None:
        """The draft row's places as wide as a card wants, narrower when eight share the row
        (their words then shorter: :meth:`card_words`)."""
        tiles = [t for t in row.children if isinstance(t, CardTile)]
        if tiles:
            each = min(dp(86), (width - row.spacing * len(tiles)) / len(tiles))
            for tile in tiles:
                tile.width = each
            self._retext_row()

    def _routes(self, pub: dict) -> None:
        """Every seat's route, five places each; at the end, how its stages add up."""
        n = len(pub["routes"])
        box = self.ids.routes
        if getattr(box, "seats", None) != n:
            box.seats = n
            box.clear_widgets()
            for q in range(n):
                r = RouteRow(compact=n > 4)
                for _ in range(5):
                    tile = CardTile(font_size=sp(10), ink=list(INK))
                    if n > 4:
                        tile.padding = (dp(3), dp(1))
                    r.ids.cards.add_widget(tile)
                box.add_widget(r)
                self.ids[f"route{q}"] = r
            if n < 4:
                box.add_widget(Widget(size_hint_y=(4 - n) / 4))
        final = self.table.outcome.detail["routes"] if self.over else None
        for q in range(n):
            route = pub["routes"][q]
            if final is not None:
                s = final[q]
                total = self.t("wk_total_end", total=s["total"], stages=s["stages"], pairs=s["pairs"],
                               own=s["own"], bonus=s["bonus"], speeds=s["speeds"])
            elif pub["phase"] == "choose":
                state = self.t("wk_locked") if pub["chosen"][q] else (
                    self.t("wk_choosing") if q in pub["to_act"] else self.t("wk_waits"))
                total = self.t("wk_total", total=pub["scores"][q]) + " · " + state
            elif pub["phase"] == "pick" and pub["order"]:
                place = pub["order"].index(q)
                when = self.t("wk_picked") if place < pub["picks"] else self.t("wk_picks_nth", place=place + 1)
                total = self.t("wk_total", total=pub["scores"][q]) + " · " + when
            else:
                total = self.t("wk_total", total=pub["scores"][q])
            r = self.ids[f"route{q}"]
            name = self.names()[q]
            r.title, r.total, r.ids.name.shorter = name, total, short_names(name)
            r.colour = self.pilot_colour(pub, q)
            r.active = q in pub["to_act"] and pub["phase"] != "choose"
            for i, tile in enumerate(reversed(r.ids.cards.children)):
                card = route[i] if i < len(route) else ""
                tile.card = card
                tile.text = self.card_line(card) if card else ""
                tile.band = self.band(card, pub) if card else (0, 0, 0, 0)
                tile.face = FACE if card else EMPTY
                tile.edge = self.edge(card)
                tile.icon = self.card_icon(card)
        self._same_type("routes", [t for q in range(n) for t in self.ids[f"route{q}"].ids.cards.children], sp(10))

    def _same_type(self, part: str, tiles: list, top: float) -> None:
        """:func:`same_type` for ``tiles``, when their words or sizes changed since last time
        (every move refreshes the screen: measuring 35 route cards each time is a Pi's time)."""
        if self._rebuild(f"type-{part}", tuple((t.text, int(t.width), int(t.height)) for t in tiles)):
            same_type(tiles, top)

    def _half(self, half: int, pub: dict) -> None:
        table = self.table
        w = self.half_widget(half)
        seat = table.seat_on(half)
        strip = w.ids.hand
        if seat is None:
            w.who = w.pilot_text = w.score_text = w.status = w.hand_label = ""
            strip.hide(0)
            self._choices(half, [])
            return
        data = table.data
        pilot = data.pilots[data.pilot_index[pub["pilots"][seat]]]
        is_person = not table.is_bot(seat)
        w.colour = self.pilot_colour(pub, seat)
        w.active = seat in pub["to_act"] and not (pub["phase"] == "choose" and pub["chosen"][seat])
        w.who = f"[b]{self.names()[seat]}[/b]"
        w.pilot_text = self.t("wk_pilot", pilot=pilot.names.get(self.lang) or pilot.names["en"],
                              colour=self.t(f"wk_colour_{pilot.id}"))
        w.score_text = self.t("wk_route", cards=len(pub["routes"][seat]), total=pub["scores"][seat])
        # The hand: its count (public), its faces only while its owner looks.
        n = len(pub["hands"][seat])
        w.hand_label = self.t("hold_to_look", n=n) if is_person else self.t("cards_n", n=n)
        mine = self.private_view(seat) if is_person else None
        if mine is not None:
            strip.show(mine["hands"][seat], self._lit(half, seat, mine))
        else:
            strip.hide(n)
        w.status = self._status(half, seat, pub, mine)
        self._choices(half, self._options(half, seat, pub) if is_person else [])

    def _lit(self, half: int, seat: int, mine: dict) -> list[str]:
        """The cards of a shown hand that a tap would use now: the one chosen (or locked), else
        every card while the choice is open; the cards a swap may take."""
        table = self.table
        if mine["phase"] == "choose":
            if mine["your_choice"] is not None:
                return [mine["your_choice"]]
            chosen = table.selected.get(seat)
            if chosen is not None:
                return [chosen.args[0]]
            return [a.args[0] for a in table.legal(seat) if a.kind == "choose"]
        if mine["phase"] == "boost" and half in self.swap_from:
            return [a.args[2] for a in table.legal(seat)
                    if a.kind == "boost" and len(a.args) == 3 and a.args[1] == self.swap_from[half]]
        return []

    def _status(self, half: int, seat: int, pub: dict, mine: dict | None) -> str:
        table = self.table
        phase = pub["phase"]
        names = self.names()
        if phase == "over":
            return self.end_sentence(pub).split("\n")[0]
        waiting = ", ".join(names[q] for q in sorted(pub["to_act"]) if q != seat)
        effect = pub["effect"]
        extra = ""
        if effect is not None:
            extra = "\n" + self.t("wk_effect", who=self.who(effect["seat"], seat),
                                  text=self.booster_text(effect["booster"]))
        if phase == "choose":
            head = self.t("wk_turn", turn=pub["turn"])
            if seat not in pub["to_act"]:
                if pub["chosen"][seat]:
                    return head + self.t("wk_locked_wait", names=waiting) + extra
                return head + self.t("wk_choose_last_wait", names=waiting) + extra
            if table.is_bot(seat):
                return head + self.t("wk_bot_chooses", name=names[seat]) + extra
            if mine is None:
                return head + self.t("wk_hold") + extra
            chosen = table.selected.get(seat)
            if chosen is not None:
                return head + self.t("wk_let_go", card=self.card_line(chosen.args[0]))
            return head + self.t("wk_tap_card")
        if phase == "pick":
            viewer = None if table.is_bot(seat) else seat
            order = ", ".join(self.who(q, viewer) for q in pub["order"])
            nxt = pub["order"][pub["picks"]]
            if nxt == seat and not table.is_bot(seat):
                return self.t("wk_your_pick") + "\n" + self.t("wk_order", order=order)
            return self.t("wk_picks", name=names[nxt]) + "\n" + self.t("wk_order", order=order)
        booster = pub["booster"]
        text = self.booster_text(booster["booster"])
        if booster["seat"] != seat:
            return self.t("wk_booster_other", name=names[booster["seat"]], text=text)
        if table.is_bot(seat):
            return self.t("wk_booster_bot", name=names[seat], text=text)
        if half in self.swap_from:
            return self.t("wk_swap_hand" if mine is None else "wk_swap_tap",
                          card=self.card_line(self.swap_from[half]))
        return self.t("wk_booster_you", text=text)

    def _options(self, half: int, seat: int, pub: dict) -> list[tuple[str, Any]]:
        """This half's buttons: the booster offered to its person (use it, how, or pass)."""
        table = self.table
        if pub["phase"] != "boost" or pub["booster"]["seat"] != seat:
            self.swap_from.pop(half, None)
            return []
        legal = table.legal(seat)
        word = pub["booster"]["booster"]
        options: list[tuple[str, Any]] = []
        if word == "raise":
            options = [(self.t("wk_raise", vehicle=self.vehicle(a.args[1])), a) for a in legal if a.kind == "boost"]
        elif word == "swap":
            if half in self.swap_from:
                options = [(self.t("wk_back"), ("unswap",))]
            else:
                gives = sorted({a.args[1] for a in legal if a.kind == "boost"})
                options = [(self.t("wk_give_back", card=self.card_line(c)), ("swap", c)) for c in gives]
        else:
            options = [(self.t("wk_use"), a) for a in legal if a.kind == "boost"]
        options += [(self.t("wk_pass"), a) for a in legal if a.kind == "pass"]
        return options

    def _choices(self, half: int, options: list[tuple[str, Any]]) -> None:
        w = self.half_widget(half)
        key = (self.lang, tuple((text, str(act)) for text, act in options))
        if not self._rebuild(f"choices{half}", key):
            return
        row = w.ids.choices
        row.clear_widgets()
        for old in [k for k in w.ids if k.startswith("choice") and k != "choices"]:
            del w.ids[old]
        for i, (text, act) in enumerate(options):
            b = ChoiceButton(text=text, font_size=sp(13), bold=True,
                       halign="center", valign="middle", shorten=True)
            b.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 4, None)))
            b.choice = act
            b.bind(on_release=lambda w, half=half: self.option(half, w.choice))
            row.add_widget(b)
            w.ids[f"choice{i}"] = b
        w.has_choices = bool(options)

    # ------------------------------------------------------------------ inputs

    def choose_card(self, half: int, card: str) -> None:
        """A tap on a card of a shown hand: during the choice it is chosen (tapped again, it is
        not); letting go of the hand locks it.  Taking a card with the swap booster, it is swapped."""
        table = self.table
        seat = table.seat_on(half)
        if seat is None or not table.may_show(seat):
            return
        phase = table.observation(None)["phase"]
        if phase == "choose":
            action = Action(seat, "choose", (card,))
            if action not in table.legal(seat):
                table.refuse(half, CARD, "that card cannot be chosen now", (seat, "tap", card))
                return
            if table.selected.get(seat) == action:
                table.select(seat, None)            # tapped again: not chosen any more
            else:
                self.choose(action)                 # kept until its owner lets go (lock on release)
        elif phase == "boost" and half in self.swap_from:
            give = self.swap_from.pop(half)
            table.submit(seat, "boost", "swap", give, card)
        else:
            table.refuse(half, CARD, f"a hand card does nothing in the {phase} phase", (seat, "tap", card))

    def option(self, half: int, choice: Any) -> None:
        """A button of a half's row: an action, or a step of the swap booster."""
        table = self.table
        seat = table.seat_on(half)
        if isinstance(choice, Action):
            self.swap_from.pop(half, None)
            table.submit(choice.player, choice.kind, *choice.args)
            return
        if choice[0] == "swap":
            self.swap_from[half] = choice[1]
        elif choice[0] == "unswap":
            self.swap_from.pop(half, None)
        if seat is not None:
            self.update(table, [])

    def tap_row(self, card: str) -> None:
        """A tap on a card of the draft row: the person at the table whose pick it is takes it
        (a seat on no half is played on its phone only: a tap on the table never picks for it)."""
        table = self.table
        pickers = [q for q in table.to_act() if not table.is_bot(q) and table.half_of(q) is not None]
        if table.observation(None)["phase"] != "pick" or not pickers:
            table.refuse(None, TABLE, "nobody at the table picks now", ("row", card))
            return
        table.submit(pickers[0], "pick", card)


__all__ = ["CardTile", "HierLine", "RouteRow", "TwoWay", "WackyHalf", "WackyScreen"]
