"""The match: both halves (dark turned 180°), the middle lines, reveal buttons, choices."""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from kiosk.cardtext import card_name
from kiosk.widgets import CardFace

BENCH_SEATS = 6


def choice_label(m, ch, opt, lang, tr):
    """Words for one option of a match choice (card names; arrange: place per card)."""
    if not opt:
        return tr("nothing", lang)
    if ch.kind == "arrange":
        return ", ".join(f"{card_name(m.types[c], lang)} -> {place}" for place, c in opt)
    return ", ".join(card_name(m.types[c], lang) for c in opt)


class MatchSide(BoxLayout):
    side = NumericProperty(0)
    can_reveal = BooleanProperty(False)

    def __init__(self, **kw):
        super().__init__(**kw)
        self._shown_park = ()
        self._shown_bench = ()
        self._shown_choice = None

    def refresh(self, c, lang, tr):
        m = c.match
        s = m.sides[self.side]
        t = c.t
        pl = t.players[m.players[self.side]]
        self.can_reveal = m.expect == ("reveal", self.side) and not pl.robot and c.result is None
        trophies = ", ".join(f"R{r}:{f}" for r, f in pl.trophies) or "-"
        role = ""
        if m.holder == self.side:
            role = f"[color=ffd84a]{tr('flag', lang)}[/color]"
        elif m.holder is not None:
            role = f"[color=ff8a7a]{tr('attack', lang)}[/color]"
        self.ids.info.text = (f"[b]{pl.name}[/b] {role}\n{tr('deck', lang)}: {len(s.deck)}   "
                              f"{tr('exhaust', lang)}: {len(s.exhaust)}\n{tr('fans', lang)}: {s.fans}\n"
                              f"{tr('trophies', lang)}: {trophies}")
        ch = m.pending if m.expect[0] == "choose" else None
        mine = ch is not None and ch.player == self.side and not pl.robot
        # The park row: a pending choice of this side, or this side's revealed cards.
        park = self.ids.park
        key = ("choice", ch.source, ch.options, lang) if mine else ("park", tuple(s.park), lang,
                                                                     tuple(m.power(i, "possession" if m.holder == self.side else "attack") for i in s.park))
        if key != self._shown_park:
            old = set(self._shown_park[1]) if self._shown_park and self._shown_park[0] == "park" else set()
            self._shown_park = key
            park.clear_widgets()
            if mine:
                park.add_widget(Label(text=tr("choice", lang, card=card_name(c.lib.catalogue.card(ch.source), lang)),
                                      size_hint_x=None, width=120, text_size=(115, None), bold=True))
                for i, opt in enumerate(ch.options[:8]):
                    b = Button(text=f"{i + 1}. {choice_label(m, ch, opt, lang, tr)}", font_size=13,
                               text_size=(None, None), halign="center")
                    b.bind(size=lambda w, sz: setattr(w, "text_size", (sz[0] - 6, None)))
                    b.bind(on_release=lambda _b, i=i: App.get_running_app().controller.tap_choice(self.side, i))
                    park.add_widget(b)
            else:
                role = "possession" if m.holder == self.side else "attack"
                for inst in s.park[-5:]:
                    total = m.power(inst, role)
                    cf = CardFace.of(m.types[inst], lang, total=f"= {total}", size_hint_x=None, width=112,
                                     name_size=14, text_size_=10)
                    park.add_widget(cf)
                    if inst not in old:
                        cf.appear()
                park.add_widget(Label())
        # The bench: 6 seats, cards of one name stacked on one seat.
        bkey = (tuple((seat.key, tuple(seat.cards), seat.width) for seat in s.bench), lang)
        if bkey != self._shown_bench:
            old = {k for k, _, _ in self._shown_bench[0]} if self._shown_bench else set()
            self._shown_bench = bkey
            bench = self.ids.bench
            bench.clear_widgets()
            used = 0
            for seat in s.bench:
                ct = m.types[seat.cards[-1]]
                n = len(seat.cards)
                names = {card_name(m.types[i], lang) for i in seat.cards}
                label = " / ".join(sorted(names)) + (f"  ×{n}" if n > 1 else "")
                cf = CardFace(name=label, level=ct.level, power=str(m.power(seat.cards[-1], "possession")),
                              text="", bg=[0.93, 0.93, 0.88, 1], name_size=12, size_hint_x=seat.width)
                bench.add_widget(cf)
                if seat.key not in old:
                    cf.appear()
                used += seat.width
            for _ in range(max(0, BENCH_SEATS - used)):
                bench.add_widget(Label(text="·", color=(1, 1, 1, .3)))


class MidLine(BoxLayout):
    side = NumericProperty(0)

    def refresh(self, c, lang, tr):
        m = c.match
        t = c.t
        if m.flag_card is not None:
            parts = m.power_breakdown(m.flag_card, "possession")
            words = " ".join(f"{a:+d} {lab}" if k else f"{a}" for k, (lab, a) in enumerate(parts))
            self.ids.flag.text = (f"[color=ffd84a]{tr('flag', lang)}[/color] "
                                  f"{card_name(m.types[m.flag_card], lang)}: {words} = [b]{m.defense_total()}[/b]")
        else:
            self.ids.flag.text = ""
        if m.attack:
            cards = " + ".join(f"{card_name(m.types[i], lang)} {m.power(i, 'attack')}" for i in m.attack)
            self.ids.attack.text = (f"[color=ff8a7a]{tr('attack', lang)}[/color] {cards} = "
                                    f"[b]{m.attack_total()}[/b] / {m.defense_total()}")
        else:
            self.ids.attack.text = ""
        kind, side = m.expect
        if kind == "reveal":
            self.ids.turn.text = tr("to_reveal", lang, name=t.players[m.players[side]].name)
        elif kind == "choose":
            self.ids.turn.text = tr("to_choose", lang, name=t.players[m.players[m.pending.player]].name)
        elif kind == "toss":
            self.ids.turn.text = tr("toss", lang)
        else:
            self.ids.turn.text = ""


class MatchScreen(Screen):
    toss_visible = BooleanProperty(False)

    def refresh(self, c, events=()):
        app = App.get_running_app()
        m = c.match
        if m is None:
            return
        lang, tr = app.lang, app.tr_fn
        self.toss_visible = m.expect[0] == "toss"
        for w in (self.ids.light, self.ids.dark, self.ids.mid_light, self.ids.mid_dark):
            w.refresh(c, lang, tr)


Builder.load_file(os.path.join(os.path.dirname(__file__), "match.kv"))
