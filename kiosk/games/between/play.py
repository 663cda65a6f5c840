"""Between Battle's table: two halves facing their players, the two zones in the middle.

Each half (:class:`BetweenHalf`) shows its seat's help card (character, hit points left,
damage, deck and abilities), what that seat may do now, its choices (the pile to give, the
Joker's card, the Pirate's card from the deck) and its hand in a :class:`kiosk.hand.HandStrip`,
face down until its owner looks.  The middle shows both zones' top values and the playable
range, once for each side of the table.

What a half puts in its widgets comes from the public view (``observation(None)``), and from
the seat's own view only while the table may show it (its owner is looking): the other side's
cards are never in this screen's widgets.
"""

from __future__ import annotations

import os
from typing import Any

from kivy.lang import Builder
from kivy.metrics import sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from kiosk import cardmotion, lastmove
from kiosk import hand as hand_widgets
from kiosk.games.between.cardname import card_name, value_badge
from kiosk.games.between.colours import card_tint
from kiosk.games.cardframe import CardIconMixin, FramedCard
from kiosk.games.descriptor import CARD
from kiosk.games.screen import ChoiceButton, GameHalf, GameScreen
from kiosk.hand import HandStrip, SmallCard
from kiosk.i18n import N_
from kiosk.table.happened import Said

#: Sentences this screen picks by a computed name (the end's reason, a card's ability tag, what a
#: pending choice asks): named here so that extraction keeps them in this game's catalogue.
PICKED_BY_NAME = (
    N_("bb_end_coup-fatal"), N_("bb_end_coup-fatal-hit-points"), N_("bb_end_coup-fatal-tie"),
    N_("bb_end_hit-points"), N_("bb_end_no-cards"),
    N_("bb_tag_special"), N_("bb_tag_unique"),
    N_("bb_raise_wait"), N_("bb_raise_you"), N_("bb_take_wait"), N_("bb_take_you"),
    N_("bb_play_on"), N_("bb_link_on"),
)

ZONES = ("a", "b")




class ZoneTile(CardIconMixin, BoxLayout):
    """One zone: its top value and pile size, written for both sides of the table, over the
    icon of its top card's character."""

    face = StringProperty("")
    count = NumericProperty(0)
    lit = BooleanProperty(False)


class BetweenHalf(GameHalf):
    """One side of the table; its view-model is set by :meth:`BetweenScreen.update`."""

    hp_text = StringProperty("")
    deck_text = StringProperty("")
    help_text = StringProperty("")
    can_damage = BooleanProperty(False)
    has_choices = BooleanProperty(False)    # the choice row shows buttons (a pile to give, a zone...)
    confirming = BooleanProperty(False)
    damage_text = StringProperty("")
    confirm_text = StringProperty("")
    yes_text = StringProperty("")
    no_text = StringProperty("")


# The kv rules name HandStrip; make sure its module (and Factory entry) is loaded first.
assert hand_widgets.HandStrip is HandStrip and lastmove.LastMoves is not None
Builder.load_file(os.path.join(os.path.dirname(__file__), "play.kv"))


class BetweenScreen(GameScreen):
    """The Between Battle table (``KIOSK.screens["play"]``)."""

    range_text = StringProperty("")
    over = BooleanProperty(False)
    home_text = StringProperty("")
    again_text = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        self.selected: dict[int, str] = {}     # half -> the card tapped while looking, awaiting its zone
        for side in ("range_top", "range_bottom"):
            # the end's sentence is two lines of Large text: smaller type, whole
            lastmove.fit_font(self.ids[side], 11)
        self._choice_key: dict[int, Any] = {}

    # ------------------------------------------------------------------ widgets

    def card_face(self, card: str, lit: bool) -> SmallCard:
        """A card of a hand, drawn as a card: its value, its tag, a frame in its kind's colour,
        its character's icon."""
        return FramedCard(card=card, lit=lit, markup=True, text=self.card_markup(card), tint=self.card_tint(card),
                          icon=self.card_icon(card))

    def said_face(self, card: str) -> SmallCard:
        """A card a sentence names: its value (or J) on its frame and icon; the sentence says whose it is."""
        c = self.table.data.card(card)
        return FramedCard(card=card, seen=True, font_size=sp(15), text=value_badge(c.value, self.lang),
                          tint=self.card_tint(card), icon=self.card_icon(card))

    def card_tint(self, card: str) -> list:
        """A card's frame: the colour of its kind (a special, a link, the Joker, a plain number)."""
        return list(card_tint(self.table.data, card))

    def card_icon(self, card: str) -> str:
        """A card's icon: its character's (kiosk.iconset)."""
        return f"character-{self.table.data.card(card).character}"

    def said_to(self, seat: int) -> list[Said]:
        """The other player's last move, and the cards of their hand the Ninja made them reveal
        (drawn on this half, facing the player who saw them, while they stay in that hand)."""
        said = super().said_to(seat)
        pub = self.table.observation(None)
        other = 1 - seat
        shown = pub["revealed"][other]
        if not shown:
            return said
        text = self.t("bb_their_revealed", name=self.player_name(other),
                      cards=", ".join(card_name(c, self.lang) for c in shown))
        if said and said[0].seat == other:
            return [Said(other, said[0].text + " " + text, tuple(dict.fromkeys((*said[0].cards, *shown)))), *said[1:]]
        return [Said(other, text, tuple(shown)), *said]

    def card_markup(self, card: str) -> str:
        c = self.table.data.card(card)
        tag = ""
        if c.link:
            tag = self.t("bb_tag_link")
        elif c.ability:
            tag = self.t(f"bb_tag_{c.ability}")
        value = value_badge(c.value, self.lang)
        return f"[size={int(sp(24))}]{value}[/size]" + (f"\n[size={int(sp(10))}]{tag}[/size]" if tag else "")

    def cards_n(self, n: int) -> str:
        return self.t("cards_n", n=n)

    def card_text(self, card: str) -> str:
        """A card in a sentence: its value, or "Joker"."""
        c = self.table.data.card(card)
        return self.t("bb_joker") if c.value is None else str(c.value)

    # ------------------------------------------------------------------ motion
    def moments(self, events: list) -> list[tuple[str, Any]]:
        """A card played or linked: its zone lands it; damage taken: the hit points of that seat
        shake; the Ninja's reveal: the revealed cards turn over where the other player sees them."""
        table = self.table
        out: list[tuple[str, Any]] = []
        for e in events:
            if e.kind in ("play", "link") and e.value in ZONES:
                out.append(("played", self.ids[f"zone_{e.value}"]))
            elif e.kind in ("damage", "hit") and e.player is not None:
                half = table.half_of(e.player)
                if half is not None:
                    out.append(("damage", self.half_widget(half).ids.hp))
            elif e.kind == "reveal" and e.player is not None:
                half = table.half_of(1 - e.player)
                if half is not None:
                    out.extend(("reveal", w) for w in cardmotion.cards_in(self.half_widget(half).ids.happened,
                                                                          e.info or ()))
        return out

    # ------------------------------------------------------------------ refreshing
    def update(self, table, events):
        pub = table.observation(None)
        self.over = pub["outcome"] is not None
        self.home_text = self.t("home")
        self.again_text = self.again_word()
        self._update_middle(pub)
        for half in (0, 1):
            self._update_half(half, pub)

    def _name(self, pub: dict, seat: int) -> str:
        return self.player_name(seat)

    def _update_middle(self, pub: dict) -> None:
        tops, zones = pub["tops"], pub["zones"]
        links = pub["links"]
        playable = pub["playable"]
        for z, tile in enumerate((self.ids.zone_a, self.ids.zone_b)):
            n = len(zones[z])
            tile.count = n
            tile.lit = ZONES[z] in playable["zones"] and pub["outcome"] is None
            tile.icon = self.card_icon(zones[z][-1]) if n else ""
            tile.icon_rgba = [0.12, 0.12, 0.16, 0.13]     # dark on the light face of a pile
            label = self.t("bb_zone", zone=ZONES[z].upper())
            if not n:
                tile.face = f"[b]{label}[/b]\n[size={int(sp(12))}]{self.t('bb_empty')}[/size]"
                continue
            top = self.t("bb_joker") if tops[z] == "wild" else str(tops[z])
            extra = self.cards_n(n) + (" · " + self.t("bb_tag_link") if links[z] else "")
            tile.face = f"[size={int(sp(27))}][b]{top}[/b][/size]\n[size={int(sp(11))}]{label} · {extra}[/size]"
        if pub["outcome"] is not None:
            self.range_text = self.end_sentence(pub)
            return
        bound = pub["bound"]["zone"]
        if bound is not None:
            self.range_text = self.t("bb_range_bound", zone=bound.upper())
        elif not zones[0] and not zones[1]:
            self.range_text = self.t("bb_range_start")
        elif not zones[0] or not zones[1]:
            self.range_text = self.t("bb_range_empty", zone=playable["zones"][0].upper())
        elif playable["any"]:
            self.range_text = self.t("bb_range_any")
        else:
            lo, hi = playable["between"]
            self.range_text = self.t("bb_range", lo=lo, hi=hi)

    def end_sentence(self, pub: dict) -> str:
        out = pub["outcome"]
        winner = out["winners"][0]
        loser = 1 - winner
        left = out["detail"].get("hit_points_left", [0, 0])
        return self.t(f"bb_end_{out['reason']}", winner=self._name(pub, winner), loser=self._name(pub, loser),
                      hp=pub["hit_points"][loser], won=left[winner], lost=left[loser])

    def _update_half(self, half: int, pub: dict) -> None:
        table = self.table
        w = self.half_widget(half)
        seat = table.seat_on(half)
        strip = w.ids.hand
        if seat is None:
            w.who = w.hp_text = w.deck_text = w.help_text = w.status = ""
            strip.hide(0)
            return
        book = table.data
        char = book.characters[pub["characters"][seat]]
        is_person = not table.is_bot(seat)
        w.active = seat in pub["to_act"]
        w.who = self.t("bb_who", name=self._name(pub, seat), character=char.name(self.lang))
        left = max(0, pub["hit_points"][seat] - len(pub["damage"][seat]))
        w.hp_text = self.t("bb_hp", left=left, hp=pub["hit_points"][seat], damage=len(pub["damage"][seat]))
        # (cards the Ninja made this seat reveal are drawn on the other half, facing who saw them)
        w.deck_text = self.t("bb_deck", deck=pub["deck_sizes"][seat], hand=pub["hand_sizes"][seat])
        w.help_text = char.help.get(self.lang) or char.help.get("en", "")
        w.damage_text = self.t("bb_take_damage")
        w.confirm_text = self.t("bb_confirm")
        w.yes_text, w.no_text = self.t("bb_yes"), self.t("bb_no")
        mine = self.private_view(seat) if is_person else None
        may_damage = is_person and any(a.kind == "damage" for a in table.legal(seat))
        w.can_damage = may_damage
        if not may_damage:
            w.confirming = False
        # The hand: face up while its owner looks, else its count.
        n = pub["hand_sizes"][seat]
        w.hand_label = self.t("hold_to_look", n=n) if is_person else \
            self.cards_n(n)
        if mine is not None:
            lit = {a.args[0] for a in table.legal(seat) if a.kind in ("play", "link")}
            strip.show(mine["hand"], lit)
        else:
            self.selected.pop(half, None)
            strip.hide(n)
        w.status = self._status(pub, seat, half, mine)
        self._choices(half, pub, seat, mine)

    def _status(self, pub: dict, seat: int, half: int, mine: dict | None) -> str:
        if pub["outcome"] is not None:
            return self.end_sentence(pub)
        pend = pub["pending"]
        other = self._name(pub, 1 - seat)
        if pend is not None:
            kind, chooser = pend["kind"], pend["player"]
            if chooser == seat and self.table.is_bot(seat):
                return self.t("bb_their_turn", name=self._name(pub, seat))
            if kind == "give":
                return self.t("bb_give_you", name=other) if chooser == seat else self.t("bb_give_wait", name=other)
            if chooser != seat:
                return self.t(f"bb_{kind}_wait", name=other)
            if kind == "take" and mine is None:
                return self.t("bb_take_hold")
            return self.t(f"bb_{kind}_you")
        if pub["current"] != seat or self.table.is_bot(seat):
            # (a bot's own half says it plays: "your turn" would speak to nobody there)
            return self.t("bb_their_turn", name=self._name(pub, pub["current"]))
        if half in self.selected:
            return self.t("bb_pick_zone", card=self.card_text(self.selected[half]))
        bound = pub["bound"]
        zones = pub["zones"]
        if bound["zone"] is not None:
            text = self.t("bb_bound", zone=bound["zone"].upper())
        elif not zones[0] and not zones[1]:
            text = self.t("bb_your_turn_start")
        elif not zones[0] or not zones[1]:
            text = self.t("bb_your_turn_empty", zone=pub["playable"]["zones"][0].upper())
        elif pub["playable"]["any"]:
            text = self.t("bb_your_turn_any")
        else:
            lo, hi = pub["playable"]["between"]
            text = self.t("bb_your_turn", lo=lo, hi=hi)
        if bound["silenced"]:
            text += " " + self.t("bb_silenced")
        return text

    def _choices(self, half: int, pub: dict, seat: int, mine: dict | None) -> None:
        """The buttons of this half's choice row: a pending choice, or the zone of a selected card."""
        table = self.table
        options: list[tuple[str, tuple]] = []
        if not table.is_bot(seat) and pub["outcome"] is None:
            pend = pub["pending"]
            legal = table.legal(seat)
            if pend is not None and pend["player"] == seat:
                if pend["kind"] == "give":
                    options = [(self.t("bb_give_button", zone=a.args[0].upper(),
                                       n=len(pub["zones"][ZONES.index(a.args[0])])), (a.kind, *a.args)) for a in legal]
                elif pend["kind"] == "raise":
                    options = [(self.t("bb_raise_button", card=self.card_text(a.args[0])), (a.kind, *a.args))
                               for a in legal]
                elif pend["kind"] == "take" and mine is not None:     # the deck is private: only while looking
                    options = [(self.card_text(a.args[0]), (a.kind, *a.args)) for a in legal]
            elif half in self.selected and mine is not None:
                card = self.selected[half]
                for a in legal:
                    if a.kind in ("play", "link") and a.args[0] == card:
                        said = "bb_play_on" if a.kind == "play" else "bb_link_on"
                        options.append((self.t(said, card=self.card_text(card), zone=a.args[1].upper()),
                                        (a.kind, *a.args)))
        key = (seat, tuple(options))
        if self._choice_key.get(half) == key:
            return
        self._choice_key[half] = key
        w = self.half_widget(half)
        row = w.ids.choices
        row.clear_widgets()
        for old in [k for k in w.ids if k.startswith("choice") and k != "choices"]:
            del w.ids[old]
        for i, (text, act) in enumerate(options):
            b = ChoiceButton(text=text, font_size=sp(15), bold=True,
                       halign="center", valign="middle")
            b.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - 4, None)))
            b.choice = act
            b.bind(on_release=lambda w, seat=seat: self.table.submit(seat, *w.choice))
            row.add_widget(b)
            w.ids[f"choice{i}"] = b
        w.has_choices = bool(options)
        if not options:
            row.add_widget(Label())

    # ------------------------------------------------------------------ inputs

    def choose_card(self, half: int, card: str) -> None:
        """A tap on a shown card: played at once when it can go to one place only, else its
        zone is asked in the choice row."""
        table = self.table
        seat = table.seat_on(half)
        if seat is None or not table.may_show(seat):
            return
        acts = [a for a in table.legal(seat) if a.kind in ("play", "link") and a.args[0] == card]
        if len(acts) == 1:
            self.selected.pop(half, None)
            table.act(acts[0])
        elif acts:
            self.selected[half] = card
            self.update(table, [])
        else:
            table.refuse(half, CARD, "that card cannot be played now", (seat, "tap", card))

    def ask_damage(self, half: int) -> None:
        w = self.half_widget(half)
        if w.can_damage:
            w.confirming = True

    def confirm_damage(self, half: int) -> None:
        w = self.half_widget(half)
        w.confirming = False
        seat = self.table.seat_on(half)
        if seat is not None:
            self.table.submit(seat, "damage")

    def cancel_damage(self, half: int) -> None:
        self.half_widget(half).confirming = False

    def button_damage(self, half: int, down: bool) -> bool:
        """The secondary button: a first press asks, a second press confirms."""
        if not down:
            return True
        if self.half_widget(half).confirming:
            self.confirm_damage(half)
        else:
            self.ask_damage(half)
        return True
