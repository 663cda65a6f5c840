"""The Deck Phase: each side drafts on its own half, facing its player.

Nothing of one side's hand is ever put on the other half: each half is built
only from the Deck Phase of the player seated on that side.
"""

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


class DeckHalf(BoxLayout):
    side = NumericProperty(0)
    can_redraw = BooleanProperty(False)
    can_done = BooleanProperty(False)

    def __init__(self, **kw):
        super().__init__(**kw)
        self._shown = None

    def refresh(self, c, lang, tr):
        t = c.t
        ctl = c
        p = c.player_at(self.side)
        dp = c.deck_phase_at(self.side)
        body = self.ids.body
        if dp is None:
            key = ("none", p, lang)
        else:
            key = (dp.stage, tuple(x.uid for x in dp.drawn), tuple(x.uid for x in dp.deck), dp.picks_left,
                   dp.can_redraw(), dp.pending, lang)
        self.can_redraw = dp is not None and dp.can_redraw()
        self.can_done = dp is not None and dp.stage == "remove"
        if key == self._shown:
            return
        self._shown = key
        body.clear_widgets()
        name = t.players[p].name if p is not None else "?"
        rnd = tr("deck_phase", lang, round=t.round)
        if dp is None:
            self.ids.header.text = f"[b]{name}[/b] · {rnd}"
            body.add_widget(Label(text=tr("robot_ready", lang) if p is not None and t.players[p].robot
                                  else tr("waiting_other", lang), size_hint=(1, 1), font_size=22))
            return
        stage = dp.stage
        what = {"option": tr("choose_option", lang), "pick": tr("pick_n", lang, n=dp.picks_left),
                "choose": tr("when_picked", lang), "remove": tr("remove_cards", lang),
                "done": tr("waiting_other", lang)}[stage]
        self.ids.header.text = f"[b]{name}[/b] · {rnd} · {what}"
        if stage == "option":
            for i, opt in enumerate(dp.options):
                b = Button(text=f"{i + 1}.  {opt.describe()}" + (f"  (+{opt.fans} fans)" if opt.fans else ""),
                           font_size=26, size_hint=(None, None), size=(360, 150))
                b.bind(on_release=lambda _b, i=i: ctl.deck_option(self.side, i))
                body.add_widget(b)
        elif stage == "pick":
            for i, ct in enumerate(dp.drawn):
                cf = CardFace.of(ct, lang, size_hint=(None, None), size=(152, 176), name_size=17, text_size_=13)
                cf.bind(on_release=lambda _b, i=i: ctl.deck_pick(self.side, i))
                body.add_widget(cf)
        elif stage == "choose":
            ch = dp.pending
            src = card_name(c.lib.catalogue.card(ch.source), lang)
            body.add_widget(Label(text=f"{src}:", size_hint=(None, None), size=(120, 60), bold=True))
            for i, opt in enumerate(ch.options[:12]):
                label = ", ".join(card_name(dp.deck[j], lang) for j in opt) if opt else tr("nothing", lang)
                b = Button(text=f"{i + 1}. {label}", size_hint=(None, None), size=(200, 60), font_size=14)
                b.bind(on_release=lambda _b, i=i: ctl.deck_choose(self.side, i))
                body.add_widget(b)
        elif stage == "remove":
            n = len(dp.deck)
            w = 94 if n <= 16 else 76
            for i, ct in enumerate(dp.deck):
                cf = CardFace.of(ct, lang, size_hint=(None, None), size=(w, 90), name_size=12, text_size_=9)
                cf.bind(on_release=lambda _b, i=i: ctl.deck_remove(self.side, i))
                body.add_widget(cf)
        else:
            body.add_widget(Label(text=tr("waiting_other", lang), size_hint=(1, 1), font_size=22))


class DeckPhaseScreen(Screen):
    def refresh(self, c, events=()):
        app = App.get_running_app()
        if c.t is None:
            return
        for w in (self.ids.light, self.ids.dark):
            w.refresh(c, app.lang, app.tr_fn)


Builder.load_file(os.path.join(os.path.dirname(__file__), "deckphase.kv"))
