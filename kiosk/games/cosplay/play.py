"""Cosplay Team Battle's table: two halves facing their players, the conveyor in the middle.

The middle shows the six recruitment zones, the objectives, the library, the Drama pile and the
cemetery; every tile is written twice, once for each side of the table.  Costs are coloured
icons with numbers (BADASS a red star, KAWAII a pink heart, CRAFT blue scissors, a white diamond
for "any resource").  Each half (:class:`CosplayHalf`) shows its seat's score, reserve, discard
and hand counts, where its La Passion is, its assistance zone (equipment after its character),
what it may do now, and its hand in a :class:`kiosk.hand.HandStrip`, face down until its owner
looks.  Seats no half shows (3-4 players) are tiles in a column of the middle, written twice too.

Recruiting: tap a zone (or an objective, or the Drama pile, or La Passion in the hand); the half
whose turn it is shows the first payment the engine offers for it (the legal list offers each
needed payment once, the least wasteful first: :func:`engine.cosplay.payment.payments`); tapping
hand cards picks another of the offered payments, with more or fewer cards of that kind (a
change no offered payment makes says why and changes nothing); "Other payment" shows the next;
"Pay" plays the shown action, target and payers in one.  A phone's page offers the same list.
Ending the turn asks for a confirmation: a long press on "End turn", or the secondary button
(twice).

The screen reads its table's protocol only (observations, legal actions, who sits where, what
may be shown) and the game's public card list (``table.data``), never the state.  What a half
puts in its widgets comes from the public view, and from the seat's own view only while its
owner is looking: the other hand is never in this screen's widgets.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.metrics import sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label

from engine.cosplay.payment import Payment
from engine.cosplay.state import POOL
from engine.cosplay.view import (
    PaymentMove,
    payment_move,
    points_in_view,
    recruited_cost_in_view,
    target_cost_in_view,
    zone_costs,
)
from engine.game import Action
from kiosk import hand as hand_widgets
from kiosk import lastmove
from kiosk.games.cardframe import CardIconMixin, FramedCard, MarkupFace
from kiosk.games.cosplay.events import say_event
from kiosk.games.cosplay.resources import COLOURS, ICONS, card_tint
from kiosk.games.descriptor import CARD, TABLE
from kiosk.games.screen import ChoiceButton, GameHalf, GameScreen
from kiosk.hand import HandStrip, SmallCard
from kiosk.i18n import N_
from kiosk.lastmove import fit_font
from kiosk.widgets import text_extent

#: Sentences this screen picks by a computed name (a logo, what a choice asks, an ability's
#: button): named here so that extraction keeps them in this game's catalogue.
PICKED_BY_NAME = (
    N_("cp_logo_discard"), N_("cp_logo_influence"), N_("cp_logo_recruit"), N_("cp_logo_sacrifice"),
    N_("cp_logo_support"),
    N_("cp_choose_drama"), N_("cp_choose_cemetery"), N_("cp_choose_recover"),
    N_("cp_use"), N_("cp_combo"), N_("cp_winner"), N_("cp_winner_tie"),
    N_("cp_passion_discard"), N_("cp_passion_hidden"), N_("cp_library"), N_("cp_library_short"),
)


def _in_order(target: tuple) -> tuple:
    """Targets in the engine's order of Drama purchases: fewer cards first, then by recipients."""
    kind, args = target
    return (kind, len(args), args)


#: Kivy markup tags (``[b]``, ``[color=...]``): not letters on screen.
_MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
#: How long "End turn" must be held before it asks for a confirmation (seconds).
LONG_PRESS = 0.6


def cost_markup(cost, size: float | None = None) -> str:
    """A cost (BADASS, KAWAII, CRAFT, any) as coloured icons and numbers: ``★3 ♥2 ◆4``; "0" when free."""
    parts = [f"[color={COLOURS[i]}]{ICONS[i]}{v}[/color]" for i, v in enumerate(cost) if v]
    text = " ".join(parts) or "0"
    return f"[b][size={int(size)}]{text}[/size][/b]" if size else f"[b]{text}[/b]"


#: The steps a hand card's words shrink by to fit its face (La Passion's line at Large text on a
#: narrow card), largest first.
FACE_SCALES = (1.0, 0.92, 0.84, 0.76, 0.68)


def markup_fits(text: str, font_size: int, width: int, height: int, bold: bool) -> bool:
    """Whether the markup ``text`` wrapped to ``width`` is at most ``height`` tall with no word
    broken inside across two lines (Kivy breaks a word too wide for a line)."""
    from kivy.core.text.markup import MarkupLabel
    lab = MarkupLabel(text=text, font_size=font_size, bold=bold, halign="center", valign="top", padding=0,
                      text_size=(width, None))
    lab.resolve_font_name()
    w, h = lab.render()
    if w > width or h > height:
        return False
    drawn = sum(len("".join(word.text for word in line.words).split()) for line in lab._cached_lines)
    return drawn <= len(_MARKUP.sub("", text).split())


def fit_face(face: Label, body: Callable[[float], str], font: float) -> None:
    """Keep ``face``'s words the largest of :data:`FACE_SCALES` that fit the card whole:
    ``body(scale)`` is its markup with its inner sizes times ``scale``, over ``font`` times it."""
    def refit(*_):
        w, h = int(face.width), int(face.height)
        if w < 8 or h < 8:
            return
        for scale in FACE_SCALES:
            text, fs = body(scale), int(font * scale)
            if markup_fits(text, fs, w, h, face.bold) or scale == FACE_SCALES[-1]:
                face.font_size, face.text = fs, text
                face.texture_update()           # what Kivy draws is the judge
                if face.texture_size[0] <= w + 1 and face.texture_size[1] <= h + 1:
                    break

    face.bind(size=refit)
    refit()


class TileFace(MarkupFace):
    """One side's text of a :class:`Tile` (its sizes in markup, shrunk together to fit)."""


class Tile(CardIconMixin, ButtonBehavior, BoxLayout):
    """A place of the middle (a zone, an objective, a pile): its text for both sides, over the
    icon of its card's kind (``icon``: a character, an equipment, an objective)."""

    face = StringProperty("")
    filled = BooleanProperty(True)
    lit = BooleanProperty(False)        # the player whose turn it is may take it now
    picked = BooleanProperty(False)     # the target being paid for
    card = StringProperty("")           # the public card instance shown ("" for piles)


class LongPressButton(Button):
    """A button that fires ``on_long`` when held for :data:`LONG_PRESS` seconds; a short tap
    fires ``on_short`` (the screen says to hold)."""

    __events__ = ("on_long", "on_short")

    def on_touch_down(self, touch):
        if self.disabled or not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        self._fired = False
        self._ev = Clock.schedule_once(self._long, LONG_PRESS)
        return super().on_touch_down(touch)

    def _long(self, *_):
        self._fired = True
        self.dispatch("on_long")

    def on_touch_up(self, touch):
        if touch.grab_current is self:
            ev = getattr(self, "_ev", None)
            if ev is not None:
                ev.cancel()
            if not getattr(self, "_fired", False):
                self.dispatch("on_short")
        return super().on_touch_up(touch)

    def on_long(self):
        pass

    def on_short(self):
        pass


class CosplayHalf(GameHalf):
    """One side of the table; its view-model is set by :meth:`CosplayScreen.update`."""

    counts = StringProperty("")
    assist = StringProperty("")
    can_end = BooleanProperty(False)
    confirming = BooleanProperty(False)
    end_text = StringProperty("")
    has_choices = BooleanProperty(False)    # the choice row shows buttons (else: what the others did)


assert hand_widgets.HandStrip is HandStrip and lastmove.LastMoves is not None
Builder.load_file(os.path.join(os.path.dirname(__file__), "play.kv"))


class CosplayScreen(GameScreen):
    """The Cosplay Team Battle table (``KIOSK.screens["play"]``)."""

    over = BooleanProperty(False)
    others_shown = BooleanProperty(False)   # seats without a half (3-4 players) sit in the middle
    end_text = StringProperty("")
    home_text = StringProperty("")
    again_text = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        for half in (0, 1):
            # "End turn (hold)" in smaller type where a word would not fit ("(maintenir)")
            fit_font(self.half_widget(half).ids.end_turn, 10)
            # its counts and where its La Passion is, on one line: smaller type, not "…"
            fit_font(self.half_widget(half).ids.counts, 9)
        self.target: tuple[str, Any] | None = None     # what the current player tapped, awaiting "Pay"
        self.most: dict[str, int] = {}                  # hand card kind -> at most so many pay (taps)
        self.least: dict[str, int] = {}                 # hand card kind -> at least so many pay (taps)
        self.skip = 0                                   # "Other payment": the n-th payment that fits
        self.passion = False                            # La Passion tapped: choosing what to take
        # half -> a sentence for its status (a refusal, an effect), said in the table's language
        # when shown: a language changed while it shows says it again in the new one
        self.notice: dict[int, Callable[[], str]] = {}
        self._choice_key: dict[int, Any] = {}
        for half in (0, 1):
            strip = self.half_widget(half).ids.hand
            strip.card_width = sp(64)
            strip.card_height = sp(68)

    # ------------------------------------------------------------------ helpers
    def ctype(self, c: int):
        """Card instance ``c``'s printed card (the game's public card list)."""
        return self.table.data.with_players(len(self.table.seats)).types[c]

    def card_name(self, c: int) -> str:
        return self.ctype(c).title(self.lang)

    def player(self, seat: int) -> str:
        return self.player_name(seat)

    def said_face(self, card: str) -> SmallCard:
        """A card a sentence names, small: its name on its frame and icon (the sentence says what
        became of it)."""
        t = self.ctype(int(card))
        # (in regular weight: a long name, "Samouraï de Fer-blanc", takes two lines of the
        # face, not three, at Large text)
        return FramedCard(card=card, seen=True, font_size=sp(9), bold=False, text=self.card_name(int(card)),
                          tint=list(card_tint(t)), icon=self.card_icon(card))

    def card_icon(self, card: str) -> str:
        """A card's icon: its kind's (kiosk.iconset: character, equipment, objective, drama);
        none for no card."""
        return f"cosplay-{self.ctype(int(card)).type}" if card else ""

    def card_face(self, card: str, lit: bool) -> SmallCard:
        """A card of a hand: its name and what it pays with, framed in its style's colour, over
        its kind's icon."""
        t = self.ctype(int(card))
        face = FramedCard(card=card, lit=lit, markup=True, font_size=sp(11), tint=list(card_tint(t)),
                          icon=self.card_icon(card))
        title = t.title(self.lang)
        if t.type == "drama":
            def body(k: float) -> str:
                return f"[size={int(sp(13) * k)}]Drama[/size]"
        elif t.ability is not None and t.ability.do == "passion":
            said = self.t("cp_passion_card")

            def body(k: float) -> str:
                return f"[b]{title}[/b]\n[size={int(sp(9) * k)}]{said}[/size]"
        else:
            def body(k: float) -> str:
                return f"{title}\n" + cost_markup(t.gives, sp(15) * k)
        fit_face(face, body, sp(11))
        return face

    def _tile_text(self, c: int | None, label: str, compact: bool = False) -> str:
        """A zone's or an objective's card in three lines: its name, its cost (big), then where
        it is, what it pays with (or scores) and its logo.  ``compact``: smaller, for the
        narrower objective tiles of a 3-4 player table."""
        small = int(sp(7.5 if compact else 9))
        if c is None:
            return f"[size={small}]{label}[/size]\n[size={int(sp(12))}]{self.t('cp_empty')}[/size]"
        t = self.ctype(c)
        if t.type == "objective":
            cost = t.cost
            last = self.t("cp_points", n=t.points)
        else:
            pub = self.table.observation(None)
            cost = zone_costs(self.table.data, pub)[pub["zones"].index(c)]
            last = "+" + cost_markup(t.gives)
        if t.logo:
            # a narrow objective tile says its logo on a line of its own
            last += " · " + self.t(f"cp_logo_{t.logo}")
        if compact and t.type == "objective":
            # a narrow objective tile: its points beside its cost, its level without "Obj."
            return (f"[size={int(sp(8.5))}][b]{t.title(self.lang)}[/b][/size]\n{cost_markup(cost, sp(12))}"
                    f" [size={small}]{self.t('cp_points', n=t.points)}[/size]\n[size={small}]{label}"
                    + (f" · {self.t(f'cp_logo_{t.logo}')}" if t.logo else "") + "[/size]")
        title = t.title(self.lang)
        name = (8.5 if compact else 10.5) - (1.5 if len(title) > 15 else 0)   # a long name on one line
        return (f"[size={int(sp(name))}][b]{title}[/b][/size]\n"
                f"{cost_markup(cost, sp(12 if compact else 14))}\n[size={small}]{label} · {last}[/size]")

    # ------------------------------------------------------------------ refreshing
    def update(self, table, events):
        pub = table.observation(None)
        self.over = pub["over"]
        self.home_text, self.again_text = self.t("home"), self.again_word()
        cur = pub["current"]
        # The table lights and takes the moves of a person at the table; a seat on no half plays
        # on its phone (what it can afford would tell of its hand).
        person_turn = not pub["over"] and not table.is_bot(cur) and table.half_of(cur) is not None
        legal = table.legal(cur) if person_turn else []
        kinds = {(a.kind, a.args) for a in legal} | {(m.kind, m.target) for m in map(payment_move, legal)
                                                     if m is not None}
        if self.target is not None and (not person_turn or self._target_action() not in kinds):
            self.drop_target()
        if self.passion and (not person_turn or not any(a.kind == "steal" for a in legal)):
            self.passion = False
        self._notice_events(table, events)
        compact = any(table.half_of(q) is None for q in range(pub["players"]))
        for z, c in enumerate(pub["zones"]):
            tile = self.ids[f"zone{z + 1}"]
            tile.face = self._tile_text(c, self.t("cp_zone", z=z + 1), compact)
            tile.filled, tile.card = c is not None, "" if c is None else str(c)
            tile.icon = self.card_icon(tile.card)
            tile.lit = ("recruit", (z + 1,)) in kinds
            tile.picked = self.target == ("recruit", z + 1)
        objs = self.ids.objectives
        objs.size_hint_x = len(pub["objectives"]) if compact else 3
        while len(objs.children) < len(pub["objectives"]):
            t = Tile(on_release=lambda w: self.tap_target("complete", w.zone))
            t.zone = len(objs.children) + 1
            objs.add_widget(t)
            self.ids[f"objective{t.zone}"] = t
        while len(objs.children) > len(pub["objectives"]):     # a new game with fewer players
            del self.ids[f"objective{len(objs.children)}"]
            objs.remove_widget(objs.children[0])
        for z, c in enumerate(pub["objectives"]):
            tile = self.ids[f"objective{z + 1}"]
            lv = pub["objective_levels"][z]
            tile.face = self._tile_text(c, self.t("cp_level", level=lv), compact)
            tile.filled, tile.card = c is not None, "" if c is None else str(c)
            tile.icon = self.card_icon(tile.card)
            tile.lit = ("complete", (z + 1,)) in kinds
            tile.picked = self.target == ("complete", z + 1)
        small, big = int(sp(9.5)), int(sp(15))
        library = self.t("cp_library_short" if compact else "cp_library")     # a narrow tile: "Lib."
        self.ids.library.face = f"[size={small}]{library}[/size]\n[b][size={big}]{pub['library']}[/size][/b]"
        drama_lit = any(a.kind == "drama" for a in legal)
        self.ids.drama.face = (f"[size={small}]{self.t('cp_drama', n=pub['drama_pile'])}[/size]\n"
                               f"{cost_markup((0, 0, 0, pub['drama_cost']), sp(14))}\n"
                               f"[size={small}]{self.t('cp_drama_each')}[/size]")
        self.ids.drama.lit = drama_lit
        self.ids.drama.picked = self.target is not None and self.target[0] == "drama"
        cem = pub["cemetery"]
        last = self.card_name(cem[-1]) if cem and not compact else ""     # a narrow tile: the count only
        self.ids.cemetery.face = (f"[size={small}]{self.t('cp_cemetery')}[/size]\n[b][size={big}]{len(cem)}[/size][/b]"
                                  f"\n[size={int(sp(8)) if compact else small}]{last}[/size]")
        self.end_text = self.end_sentence(pub) if pub["over"] else ""
        for half in (0, 1):
            self._update_half(half, pub)
        self._update_others(pub)

    # ------------------------------------------------------------------ motion
    def moments(self, events: list) -> list[tuple[str, Any]]:
        """A recruit (or an objective completed): the place it was taken from and the taker's
        assistance zone swell; a card played to the assistance zone (placed, attached) lands
        there; a face-down card turned face up turns over there."""
        out: list[tuple[str, Any]] = []
        for e in events:
            if e.kind in ("recruit", "complete") and e.info:
                place = f"{'zone' if e.kind == 'recruit' else 'objective'}{e.info[0]}"
                out.append(("recruit", self.ids.get(place)))
                out.append(("recruit", self._assist_widget(e.player)))
            elif e.kind in ("place", "attach"):
                out.append(("played", self._assist_widget(e.player)))
            elif e.kind == "face-up":
                out.append(("reveal", self._assist_widget(e.player)))
        return out

    def _assist_widget(self, seat: int | None):
        """Where ``seat``'s assistance zone is drawn: its half's line, or its tile in the middle."""
        if seat is None:
            return None
        half = self.table.half_of(seat)
        if half is not None:
            return self.half_widget(half).ids.assist
        return next((self.ids[k] for k in self.ids if k.startswith("seat_tile")
                     and getattr(self.ids[k], "seat", None) == seat), None)

    # ------------------------------------------------------------------ seats without a half
    def _update_others(self, pub: dict) -> None:
        """The seats no half shows (the second and third bots of a 3-4 player game): one tile
        each in the middle, written for both sides, lit while that seat plays."""
        table = self.table
        others = [q for q in range(pub["players"]) if table.half_of(q) is None]
        self.others_shown = bool(others) and not pub["over"]
        box = self.ids.others
        while len(box.children) < len(others):
            t = Tile()
            box.add_widget(t)
            self.ids[f"seat_tile{len(box.children) - 1}"] = t
        while len(box.children) > len(others):
            box.remove_widget(box.children[0])
            del self.ids[f"seat_tile{len(box.children)}"]
        for i, q in enumerate(others):
            tile = self.ids[f"seat_tile{i}"]
            tile.seat = q
            tile.lit = pub["current"] == q and not pub["over"]
            tile.face = (self._seat_text(q, pub["seats"][q], budget=3, letters=24) if len(others) > 1
                         else self._seat_text(q, pub["seats"][q], budget=7, letters=70))

    def _seat_text(self, q: int, me: dict, budget: int, letters: int) -> str:
        """A seat's public information in a few short lines: name and score, counts and where
        its La Passion is, then its assistance zone on one line (at most ``budget`` entries and
        about ``letters`` letters of names, "+n" for the rest)."""
        small, big = int(sp(8.5)), int(sp(10))
        head = self.t("cp_seat_head", name=self.player(q), score=me["score"])
        counts = self.t("cp_seat_counts", hand=me["hand"], reserve=me["reserve"], discard=len(me["discard"]))
        entries = self._assist_entries(me, q, short=True)
        if not entries:
            assist = self.t("cp_assist_empty")
        else:
            fit = 0
            used = 0
            for i, entry in enumerate(entries):
                used += len(_MARKUP.sub("", entry)) + 2
                room = budget if i == len(entries) - 1 else budget - 1      # the last keeps a place for "+n"
                if i >= room or used > letters - (0 if i == len(entries) - 1 else 3):
                    break
                fit = i + 1
            fit = max(1, fit)
            more = len(entries) - fit
            assist = ", ".join(entries[:fit] + ([self.t("cp_more", n=more)] if more > 0 else []))
        return (f"[size={big}]{head}[/size]\n[size={small}]{counts}\n{self._passion_text(me)}\n"
                f"{assist}[/size]")

    def _passion_text(self, me: dict) -> str:
        """Where this seat's La Passion is, as far as everyone can tell: its discard is public;
        otherwise it is in its hand or its reserve."""
        in_discard = any((a := self.ctype(c).ability) is not None and a.do == "passion" for c in me["discard"])
        return self.t("cp_passion_discard" if in_discard else "cp_passion_hidden")

    def _notice_events(self, table, events: list) -> None:
        """What a person's own move did (an ability, a combo, equipment attached, a card taken
        with La Passion), said on their half until their next tap."""
        events = [e for e in events if isinstance(e, tuple) and hasattr(e, "kind")]
        said = [e for e in events if e.kind in ("ability", "attach", "steal", "drama", "combo", "use")
                and e.player is not None and not table.is_bot(e.player)]
        if any(e.kind == "turn" for e in events):
            self.notice = {}
        if said:
            best = [e for e in said if e.kind in ("ability", "attach", "steal", "drama")] or said
            half = table.half_of(best[-1].player)
            if half is not None:
                self.notice[half] = partial(self.say, best[-1])

    def say(self, event) -> str:
        """An event in a sentence of the table's language, with the players' names."""
        data = self.table.data
        return say_event(event, self.lang, self.player, lambda card: data.card(card).title(self.lang))

    def end_sentence(self, pub: dict) -> str:
        """The final score, line by line: objectives, the recruits' bonus, the total; the winner."""
        lines = []
        for q in range(pub["players"]):
            rc = recruited_cost_in_view(self.table.data, pub, q)
            me = pub["seats"][q]
            lines.append(self.t("cp_score_line", name=self.player(q), obj=me["objective_points"], n=me["completed"],
                                cost=rc, bonus=rc // 10, total=me["score"]))
        out = self.table.outcome
        if out is None or not out.winners:
            lines.append(self.t("cp_draw"))
        else:
            names = ", ".join(self.player(w) for w in out.winners)
            scores = sorted(me["score"] for me in pub["seats"])
            tied = len(scores) > 1 and scores[-1] == scores[-2]
            lines.append(self.t("cp_winner_tie" if tied else "cp_winner", name=names))
        return "\n".join(lines)

    def _update_half(self, half: int, pub: dict) -> None:
        table = self.table
        w = self.half_widget(half)
        seat = table.seat_on(half)
        strip = w.ids.hand
        if seat is None:
            w.who = w.counts = w.assist = w.status = ""
            strip.hide(0)
            return
        me = pub["seats"][seat]
        is_person = not table.is_bot(seat)
        w.active = pub["current"] == seat and not pub["over"]
        w.who = self.t("cp_who", name=self.player(seat), score=me["score"], obj=me["objective_points"])
        w.counts = (self.t("cp_counts", reserve=me["reserve"], discard=len(me["discard"]), hand=me["hand"])
                    + " · " + self._passion_text(me))
        box = w.ids.assist
        # As many entries as the box holds, then "+n" (it printed over the line above when the
        # zone held more than its lines: the count of letters was a guess).
        w.assist = self._assist_text(me, seat, fits=lambda text: box.width < 8 or text_extent(
            text, box.font_size, box.width, False, "left", True)[1] <= box.height)
        w.end_text = self.t("cp_end_turn")
        legal = table.legal(seat) if is_person and w.active else []
        w.can_end = any(a.kind == "end" for a in legal)
        if not w.can_end:
            w.confirming = False
        mine = self.private_view(seat) if is_person else None
        n = me["hand"]
        w.hand_label = self.t("hold_to_look", n=n) if is_person else self.t("cards_n", n=n)
        if mine is not None:
            strip.show([str(c) for c in mine["hand"]], self._lit_in_hand(seat, pub, legal, mine))
        else:
            strip.hide(n)
        w.status = self._status(pub, seat, mine)
        self._choices(half, pub, seat, legal, mine)

    def _lit_in_hand(self, seat: int, pub: dict, legal: list, mine: dict) -> set[str]:
        """The hand cards ringed while their owner looks: those to lay out in preparation; La
        Passion when it may take a card; while a target is picked, the hand cards paying for it."""
        if pub["phase"] == "prepare":
            return {str(a.args[0]) for a in legal if a.kind == "place"}
        if self.target is not None:
            pay = self.proposal(seat)
            return {str(k) for k in (pay.payers if pay is not None else ())}
        if any(a.kind == "steal" for a in legal):
            return {str(c) for c in mine["hand"] if self._is_passion(c)}
        return set()

    def _is_passion(self, c: int) -> bool:
        a = self.ctype(c).ability
        return a is not None and a.do == "passion"

    def _assist_entries(self, me: dict, seat: int, short: bool = False) -> list[str]:
        """The assistance zone, one entry per character (its equipment after a "+"), objective
        or loose equipment: face-down cards greyed, cards that pay nothing this turn (used for a
        combo) struck through.  ``short``: names only, for the middle's small tiles."""
        attached: dict[int, list[int]] = {}
        on = set()
        for e, c in me["attached"]:
            attached.setdefault(c, []).append(e)
            on.add(e)
        down = set(me["facedown"])
        pub = self.table.observation(None)
        used = set(pub["used"]) if pub["current"] == seat else set()
        parts = []
        for c in me["assist"]:
            if c in on:
                continue
            t = self.ctype(c)
            gives = cost_markup(t.gives) if t.type != "objective" and not short else ""
            text = f"{t.title(self.lang)} {gives}".strip()
            for e in attached.get(c, ()):
                text += f" [color=6cc4ff]+{self.card_name(e)}[/color]"
            if c in used:
                text = f"[s]{text}[/s]"
            parts.append(f"[color=8a8f9c]{text}[/color]" if c in down else text)
        return parts

    def _assist_text(self, me: dict, seat: int, letters: int | None = None, fits=None) -> str:
        """The half's assistance zone line; at most about ``letters`` letters when given, or as
        much as ``fits(text)`` takes (the entries that do not fit are counted: "+n")."""
        parts = self._assist_entries(me, seat)
        if not parts:
            return self.t("cp_assist_empty")
        head = self.t("cp_assist")
        if fits is not None:
            for i in range(len(parts), 0, -1):
                shown = parts[:i] + ([self.t("cp_more", n=len(parts) - i)] if i < len(parts) else [])
                text = head + " " + " · ".join(shown)
                if fits(text):
                    return text
            return head + " " + self.t("cp_more", n=len(parts))
        if letters is not None:
            used = len(_MARKUP.sub("", head)) + 4          # and room for "+n"
            for i, part in enumerate(parts):
                used += len(_MARKUP.sub("", part)) + 3
                if used > letters and i > 0:
                    parts = parts[:i] + [self.t("cp_more", n=len(parts) - i)]
                    break
        return head + " " + " · ".join(parts)

    def _status(self, pub: dict, seat: int, mine: dict | None) -> str:
        if pub["over"]:
            return self.t("cp_over")
        if pub["current"] != seat or self.table.is_bot(seat):
            # (a bot's own half says what it does: "your turn" would speak to nobody there)
            return self.t("cp_their_turn", name=self.player(pub["current"]))
        if self.half_widget(self.table.half_of(seat)).confirming:
            return self.t("cp_confirm_end")
        if pub["choice"] is not None:
            return self.t(f"cp_choose_{pub['choice']['word']}", card=self.card_name(pub["choice"]["source"]))
        note = self.notice.get(self.table.half_of(seat))
        if note is not None:
            return note()
        if pub["phase"] == "prepare":
            return self.t("cp_prepare")
        if self.passion and self.target is None:
            return self.t("cp_passion_pick")
        if self.target is not None and self.target[0] == "steal":
            q, c = self.target[1]
            return self.t("cp_confirm_steal", card=self.card_name(c), name=self.player(q))
        if self.target is not None and self.target[0] == "drama":
            k, *recipients = self.target[1]
            if len(set(recipients)) == 1:
                return self.t("cp_confirm_drama", n=k, name=self.player(recipients[0]))
            return self.t("cp_confirm_drama_split", n=k, split=self.drama_split(recipients))
        if self.target is not None:
            return self.t("cp_confirm_pay")
        text = self.t("cp_your_turn", pts=self._points_text(seat, pub if mine is None else mine))
        if pub["ending"]:
            text += " " + self.t("cp_last_round")
        return text

    def _points_text(self, seat: int, view: dict) -> str:
        """The points ``seat`` may pay with, as ``view`` shows them: with the hand while its owner
        looks; otherwise its assistance zone and the points gained this turn."""
        return cost_markup(points_in_view(self.table.data, view, seat))

    # ------------------------------------------------------------------ the choice row
    def _payers_text(self, payers, seat: int, mine: dict | None) -> str:
        """The proposed payers: names of assistance cards, and of hand cards only while looking."""
        assist = set(self.table.observation(None)["seats"][seat]["assist"])
        names, hidden = [], 0
        for k in payers:
            if k == POOL:
                names.append(self.t("cp_pool"))
            elif k not in assist and mine is None:
                hidden += 1
            else:
                names.append(self.card_name(k))
        counted: dict[str, int] = {}
        for name in names:                     # alike cards once, with their number: "Badass ×2"
            counted[name] = counted.get(name, 0) + 1
        names = [name if n == 1 else f"{name} ×{n}" for name, n in counted.items()]
        if hidden:
            names.append(self.t("cp_from_hand", n=hidden))
        return ", ".join(names) or self.t("cp_free")

    def _pay_text(self, pay: Payment, seat: int, mine: dict | None) -> str:
        """The "Pay" button: the payers, and the points lost when there are any."""
        payers = self._payers_text(pay.payers, seat, mine)
        if pay.waste:
            return self.t("cp_pay_with", payers=payers, lost=pay.waste)
        return self.t("cp_pay_exact", payers=payers)

    def _choices(self, half: int, pub: dict, seat: int, legal: list, mine: dict | None) -> None:
        """The buttons of this half's choice row for what the seat may do now."""
        options: list[tuple[str, Any, str]] = []        # text, what it does, its palette colour
        gold, grey, blue = "lit", "neutral", "option"     # what each button means: its palette colour
        w = self.half_widget(half)
        if legal and not pub["over"]:
            if w.confirming:
                options = [(self.t("cp_yes_end"), ("end",), gold), (self.t("bb_no"), ("cancel-end",), grey)]
            elif pub["choice"] is not None:
                ch = pub["choice"]
                for o in ch["options"]:
                    if ch["word"] == "drama":
                        text = self.t("cp_to_player", name=self.player(o))
                    elif ch["word"] == "cemetery":
                        text = self.t("cp_zone_card", z=o, card=self.card_name(pub["zones"][o - 1]))
                    else:
                        text = self.card_name(o)
                    options.append((text, ("act", "choose", o), gold))
            elif pub["phase"] == "prepare":
                for a in legal:
                    if a.kind == "attach":
                        options.append((self.t("cp_attach", e=self.card_name(a.args[0]), c=self.card_name(a.args[1])),
                                        ("act", "attach", *a.args), blue))
                options.append((self.t("cp_ready"), ("act", "ready"), gold))
            elif self.passion and self.target is None:
                takes = list(dict.fromkeys(m.target for m in map(payment_move, legal) if m is not None
                                           and m.kind == "steal"))
                for q, c in takes[:3]:
                    options.append((self.t("cp_take", card=self.card_name(c), name=self.player(q)), ("steal", q, c),
                                    gold))
                options.append((self.t("cp_cancel"), ("cancel",), grey))
            elif self.target is not None:
                pay = self.proposal(seat)
                if pay is not None:
                    options.append((self._pay_text(pay, seat, mine), ("pay",), gold))
                    if len(self._offered(seat)) > 1:
                        options.append((self.t("cp_other"), ("other",), blue))
                options.append((self.t("cp_cancel"), ("cancel",), grey))
            else:
                for a in legal:
                    if a.kind in ("use", "combo"):
                        options.append((self.t(f"cp_{a.kind}", card=self.card_name(a.args[0])), ("act", a.kind, *a.args),
                                        blue))
                options = options[:3]
        key = (seat, tuple((o[0], o[1]) for o in options))
        if self._choice_key.get(half) == key:
            return
        self._choice_key[half] = key
        row = w.ids.choices
        row.clear_widgets()
        for old in [k for k in w.ids if k.startswith("choice") and k != "choices"]:
            del w.ids[old]
        for i, (text, what, colour) in enumerate(options):
            paying = what[0] == "pay"
            b = ChoiceButton(text=text, font_size=sp(11.5 if paying else 13), bold=True, meaning=colour,
                       markup=True, halign="center", valign="middle",
                       size_hint_x=2.2 if paying else 1)
            fit_font(b, 9)          # a long card name in smaller type, whole, on two lines if need be
            b.what = what
            b.bind(on_release=lambda b, half=half: self.do(half, b.what))
            row.add_widget(b)
            w.ids[f"choice{i}"] = b
        w.has_choices = bool(options)
        if not options:
            row.add_widget(Label())

    # ------------------------------------------------------------------ inputs
    def do(self, half: int, what: tuple) -> None:
        """A button of a half's choice row."""
        table = self.table
        seat = table.seat_on(half)
        if seat is None or table.is_bot(seat):
            return
        w = self.half_widget(half)
        kind = what[0]
        self.notice.pop(half, None)
        if kind == "act":
            table.submit(seat, what[1], *what[2:])
        elif kind == "end":
            w.confirming = False
            table.submit(seat, "end")
        elif kind == "cancel-end":
            w.confirming = False
            self.refresh(table)
        elif kind == "cancel":
            self.drop_target()
            self.passion = False
            self.refresh(table)
        elif kind == "steal":
            self.passion = False
            self.pick(seat, ("steal", (what[1], what[2])))
        elif kind == "pay":
            self.pay(seat)
        elif kind == "other":
            self.other_payment(seat)

    def tap_target(self, what: str, zone: int) -> None:
        """A tap on a zone or an objective: the target whose payment the current player's half proposes."""
        table = self.table
        if table is None or table.game is None or table.over:
            return
        seat = table.observation(None)["current"]
        if table.is_bot(seat) or table.half_of(seat) is None:
            table.refuse(None, TABLE, "nobody at the table plays now", ("tap", what, zone))
            return
        half = table.half_of(seat)
        if half is not None:
            self.notice.pop(half, None)
        self.passion = False
        if what == "drama":
            # The Drama purchases the engine offers, one per tap in its order (one card to each
            # opponent, then two cards, dealt out every way...; at two players: one more each
            # tap), as far as the points go; then the target is dropped.
            ways = list(dict.fromkeys(args for kind, args in sorted(self._targets(seat), key=_in_order)
                                      if kind == "drama"))
            now = self.target[1] if self.target is not None and self.target[0] == "drama" else None
            at = ways.index(now) + 1 if now in ways else 0
            if at >= len(ways):
                self.drop_target()
                self.refresh(table)
                return
            self.pick(seat, ("drama", ways[at]))
            return
        action = (what, zone)
        if (what, (zone,)) not in self._targets(seat):
            table.refuse(half, TABLE, "that cannot be paid now", (seat, "tap", what, zone))
            return
        if self.target == action:
            self.drop_target()
            self.refresh(table)
        else:
            self.pick(seat, action)

    def drama_split(self, recipients) -> str:
        """Where a purchase's Drama cards go: "1 to Ana, 2 to Léo"."""
        return ", ".join(self.t("cp_drama_part", n=list(recipients).count(q), name=self.player(q))
                         for q in sorted(set(recipients)))

    def pick(self, seat: int, action: tuple) -> None:
        """``action`` (what, argument) becomes the target; its first offered payment is shown."""
        self.drop_target()
        self.target = action
        self.refresh(self.table)

    def drop_target(self) -> None:
        self.target = None
        self.most, self.least = {}, {}
        self.skip = 0

    def _target_action(self) -> tuple:
        assert self.target is not None, "a target is picked"
        what, arg = self.target
        return (what, tuple(arg) if isinstance(arg, tuple) else (arg,))

    def _targets(self, seat: int) -> set[tuple]:
        """(what, target arguments) of every target ``seat`` may pay for now."""
        return {(m.kind, m.target) for m in map(payment_move, self.table.legal(seat)) if m is not None}

    def _offered(self, seat: int) -> list[Action]:
        """The legal actions paying for the picked target, as the engine offers them (the least
        wasteful first): the same list a phone shows."""
        if self.target is None:
            return []
        what, args = self._target_action()
        return [a for a in self.table.legal(seat) if a.kind == what and a.args[:len(args)] == args]

    def _from_hand(self, seat: int, move: PaymentMove) -> dict[str, int]:
        """How many hand cards of each kind (card id) the payment spends."""
        assist = set(self.table.observation(None)["seats"][seat]["assist"])
        out: dict[str, int] = {}
        for k in move.payers:
            if k != POOL and k not in assist:
                cid = self.ctype(int(k)).id
                out[cid] = out.get(cid, 0) + 1
        return out

    def _fits(self, seat: int) -> list[Action]:
        """The offered payments that spend as many hand cards of each kind as the taps ask."""
        fits = []
        for a in self._offered(seat):
            move = payment_move(a)
            assert move is not None, "an offered payment"
            spent = self._from_hand(seat, move)
            if (all(spent.get(k, 0) <= n for k, n in self.most.items())
                    and all(spent.get(k, 0) >= n for k, n in self.least.items())):
                fits.append(a)
        return fits

    def _proposed(self, seat: int) -> Action | None:
        """The offered payment shown: the first that fits the taps (after "Other payment", the next)."""
        fits = self._fits(seat)
        return fits[self.skip % len(fits)] if fits else None

    def proposal(self, seat: int) -> Payment | None:
        """The payment shown for the target: its payers and the points it loses."""
        action = self._proposed(seat)
        move = None if action is None else payment_move(action)
        if move is None:
            return None
        data, pub = self.table.data, self.table.observation(None)
        lost = sum(move.points(data, pub, seat)) - sum(target_cost_in_view(data, pub, move))
        return Payment(tuple(move.payers), lost)

    def change_payment(self, seat: int, card: int) -> None:
        """A tap on a hand card while a target is picked: a card that pays is set aside (an offered
        payment with one card fewer of its kind is shown); one that does not pay yet is added (one
        with a card more of its kind).  A change that no offered payment makes says why and
        changes nothing."""
        half = self.table.half_of(seat)
        before = (dict(self.most), dict(self.least), self.skip)
        action = self._proposed(seat)
        move = None if action is None else payment_move(action)
        spent = {} if move is None else self._from_hand(seat, move)
        t = self.ctype(card)
        cid, has = t.id, spent.get(t.id, 0)
        paying = move is not None and card in move.payers
        if paying:
            self.most[cid] = has - 1
            if self.least.get(cid, 0) > has - 1:
                del self.least[cid]
        else:
            self.least[cid] = has + 1
            if self.most.get(cid, has + 1) < has + 1:
                del self.most[cid]
        self.skip = 0
        if self._proposed(seat) is None:
            if paying:
                why = N_("cp_refused_short")
            elif not sum(t.gives) or t.type in ("equipment", "drama"):
                why = N_("cp_refused_nopay")
            else:
                why = N_("cp_refused_wrong")
            self.most, self.least, self.skip = before
            if half is not None:
                self.notice[half] = lambda: self.t(why, card=self.card_name(card))
        elif half is not None:
            self.notice.pop(half, None)
        self.refresh(self.table)

    def other_payment(self, seat: int) -> None:
        """The next offered payment that fits the player's taps; when no other fits them, the taps
        are forgotten and the engine's first payment is shown again."""
        if len(self._fits(seat)) > 1:
            self.skip += 1
        else:
            self.most, self.least, self.skip = {}, {}, 0
        self.refresh(self.table)

    def pay(self, seat: int) -> None:
        """Play the shown payment: the target and its payers, one action."""
        action = self._proposed(seat)
        self.drop_target()
        if action is None:
            self.refresh(self.table)
            return
        self.table.submit(seat, action.kind, *action.args)

    def choose_card(self, half: int, card: str) -> None:
        """A tap on a shown card: laid in the assistance zone during preparation; while a target
        is picked, a change of its payment; La Passion: what may be taken with it."""
        table = self.table
        seat = table.seat_on(half)
        if seat is None or not table.may_show(seat):
            return
        pub = table.observation(None)
        if pub["current"] != seat:
            table.refuse(half, CARD, "not this seat's turn", (seat, "tap", card))
            return
        self.notice.pop(half, None)
        c = int(card)
        if pub["phase"] == "prepare":
            table.submit(seat, "place", c)
        elif self.target is not None:
            self.change_payment(seat, c)
        elif self._is_passion(c) and any(what == "steal" for what, _ in self._targets(seat)):
            self.passion = not self.passion
            self.refresh(table)
        elif self._is_passion(c):
            self.notice[half] = lambda: self.t("cp_passion_none")
            self.refresh(table)
        else:
            table.refuse(half, CARD, "a hand card pays only for a target", (seat, "tap", card))

    def ask_end(self, half: int) -> None:
        w = self.half_widget(half)
        if w.can_end:
            self.drop_target()
            self.passion = False
            w.confirming = True
            self.refresh(self.table)

    def short_end(self, half: int) -> None:
        w = self.half_widget(half)
        if w.can_end and not w.confirming:
            w.status = self.t("cp_hold_to_end")

    def button_end(self, half: int, down: bool) -> bool:
        """The secondary button: a first press asks, a second press ends the turn."""
        if not down:
            return True
        w = self.half_widget(half)
        if w.confirming:
            self.do(half, ("end",))
        else:
            self.ask_end(half)
        return True
