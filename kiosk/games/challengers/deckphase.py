"""The Deck Phase: each side drafts on its own half, facing its player.

Under each half's header, what the other player just did (their last moves of the match before,
:mod:`kiosk.games.challengers.happened`), as on the match screen.

Nothing of one side's hand is ever put on the other half: each half is built
only from the Deck Phase of the player seated on that side.  A player who asked for the Deck
Phase hint (settings) sees a mark on the suggested choice and one line on their own half
(:mod:`kiosk.games.challengers.pick_hint`, thought out from their own observation).
"""

from __future__ import annotations

import os
import zlib

from kivy.app import App
from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Line, SmoothTriangle
from kivy.lang import Builder
from kivy.metrics import dp as _dp
from kivy.metrics import sp
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from engine.challengers.hint_pool import spare_cores
from kiosk import lastmove
from kiosk.cardtext import card_name
from kiosk.games.challengers.happened import happened_on
from kiosk.games.challengers.pick_hint import PickHints, question_key, reason_words
from kiosk.games.challengers.screen import ChallengersScreen
from kiosk.lastmove import fit_font
from kiosk.widgets import CardFace

#: A removal that would leave fewer cards than this asks first (the rules allow any number:
#: a player who must reveal with no card left loses the match).
MIN_DECK = 6

#: The hint's colour: a light sky blue, apart from the gold frame of a card that decided a match
#: and from both halves' backgrounds, in both palettes.
HINT_COLOUR = (0.55, 0.9, 1, 1)

#: Seconds between showing a Deck Phase decision and asking for its hint (a frame or two).
ASK_AFTER = 0.05


class HintMark:
    """The hint's mark over the suggested card or button: a frame and a corner flag, drawn on
    that widget's ``canvas.after`` (so it follows the widget wherever the layout puts it)."""

    def __init__(self):
        self.target = None
        self.group = InstructionGroup()
        self.group.add(Color(*HINT_COLOUR))
        self._frame = Line(width=_dp(2.5))
        self._flag = SmoothTriangle()
        self.group.add(self._frame)
        self.group.add(self._flag)

    def put(self, w):
        if w is not self.target:
            self.clear()
            self.target = w
            w.canvas.after.add(self.group)
            w.bind(pos=self._place, size=self._place)
        self._place()

    def clear(self):
        w, self.target = self.target, None
        if w is not None:
            w.canvas.after.remove(self.group)
            w.unbind(pos=self._place, size=self._place)

    def _place(self, *_):
        w = self.target
        if w is None:
            return
        x, y, width, height = w.x, w.y, w.width, w.height
        self._frame.rectangle = (x + 1, y + 1, width - 2, height - 2)
        f = min(_dp(26), width / 3, height / 3)
        # Bottom right: a card's level and power are on its top corners.
        self._flag.points = (x + width - f, y, x + width, y, x + width, y + f)


#: A drafted card's face, at most (width, height in dp): shorter where the half has less room
#: under its header (the hint's line, what just happened).
FACE_W, FACE_H = 152, 176
#: The least height of a drafted card's face (dp), however little room the half has.
FACE_MIN_H = 140

#: How long a first tap on Redraw waits for the second (seconds).
REDRAW_ARMED = 4.0


class DeckHalf(BoxLayout):
    side = NumericProperty(0)
    can_redraw = BooleanProperty(False)
    can_done = BooleanProperty(False)
    can_undo = BooleanProperty(False)
    redraw_armed = BooleanProperty(False)     # Redraw tapped once: the next tap redraws
    said = BooleanProperty(False)             # the "what just happened" line has something to say

    def __init__(self, **kw):
        super().__init__(**kw)
        self._shown = None
        # Widgets are made once and reused (a Pi builds Labels slowly).
        self._faces = []
        self._buttons = []
        self._label = None
        self._confirm = None         # ((player, round), card index) waiting for "Remove" / "Keep it"
        self._confirmed = None       # (player, round) whose short deck was confirmed
        self._lang_tr = ("en", None)
        self.confirm_buttons = ()
        self.mark = HintMark()
        self._asking = None          # the hint question scheduled for this half
        self.board = None            # what the screen shows (a local table's Board or a park), set by refresh

    def on_kv_post(self, base_widget):
        # The header in smaller type rather than over the hint's line under it ("large" text).
        fit_font(self.ids.header, 11)

    def _face(self, k):
        while len(self._faces) <= k:
            cf = CardFace(size_hint=(None, None))
            cf.bind(on_release=self._tap)
            self._faces.append(cf)
        return self._faces[k]

    def _button(self, k):
        while len(self._buttons) <= k:
            b = Button(size_hint=(None, None), halign="center", valign="middle")
            b.bind(size=lambda w, sz: setattr(w, "text_size", (sz[0] - _dp(8), None)))
            b.bind(on_release=self._tap)
            self._buttons.append(b)
        return self._buttons[k]

    def _message(self, text):
        if self._label is None:
            self._label = Label(size_hint=(1, 1), font_size=sp(22))
        self._label.text = text
        return self._label

    # ------------------------------------------------------------------ the header's buttons
    def tap_redraw(self):
        """The first tap asks (the button says so), the second within REDRAW_ARMED seconds redraws."""
        c = self.board
        if not self.redraw_armed:
            self.redraw_armed = True
            Clock.unschedule(self._disarm)
            Clock.schedule_once(self._disarm, REDRAW_ARMED)
            return None
        self._disarm()
        return c.submit(self.side, "deck.redraw")

    def _disarm(self, *_):
        Clock.unschedule(self._disarm)
        self.redraw_armed = False

    def tap_undo(self):
        self._disarm()
        self._confirm = None
        return self.board.submit(self.side, "deck.undo")

    def tap_done(self):
        self._disarm()
        return self.board.submit(self.side, "deck.done")

    def _tap(self, w):
        act = getattr(w, "act", None)
        if act is not None:
            self.act(act, w.idx)

    def act(self, act, idx):
        """A choice of this half, by a tap or a key: ``act`` is the stage's word ("option",
        "pick", "choose", "remove"; "keep" and a "confirmed" removal answer the question asked
        before a removal leaves the deck short) and ``idx`` the item."""
        self._disarm()
        c = self.board
        if act == "keep":
            self._confirm = None
            self._shown = None
            self.refresh(c, *self._lang_tr)
            return None
        if act == "remove" and idx != "confirmed":
            dp = c.deck_phase_at(self.side)
            key = (c.player_at(self.side), c.tournament_view.round)
            if dp is not None and len(dp.deck) - 1 < MIN_DECK and self._confirmed != key:
                self._confirm = (key, idx)
                self._shown = None
                self.refresh(c, *self._lang_tr)
                return None
        if act == "remove" and idx == "confirmed":
            key, idx = self._confirm
            self._confirmed, self._confirm = key, None
            self._shown = None
            return c.submit(self.side, "deck.remove", idx)
        return c.submit(self.side, "deck." + act, idx)

    def _ask(self, dp, lang, tr):
        """Ask before a removal leaves the deck under MIN_DECK cards (once per Deck Phase)."""
        if not self.confirm_buttons:
            msg = Label(size_hint=(1, None), height=_dp(96), font_size=sp(19), halign="center", valign="middle")
            msg.bind(width=lambda w, v: setattr(w, "text_size", (v - _dp(24), None)))
            yes = Button(size_hint=(None, None), size=(_dp(220), _dp(56)), font_size=sp(22), background_color=(1, 0.45, 0.35, 1))
            no = Button(size_hint=(None, None), size=(_dp(220), _dp(56)), font_size=sp(22), background_color=(0.3, 0.8, 0.4, 1))
            yes.act, yes.idx = "remove", "confirmed"
            no.act, no.idx = "keep", None
            for b in (yes, no):
                b.bind(on_release=self._tap)
            self._confirm_label = msg
            self.confirm_buttons = (yes, no)
        yes, no = self.confirm_buttons
        _, idx = self._confirm
        card = card_name(dp.deck[idx], lang) if idx < len(dp.deck) else "?"
        self._confirm_label.text = tr("confirm_remove", lang, n=len(dp.deck) - 1, card=card)
        yes.text, no.text = tr("confirm_yes", lang), tr("confirm_no", lang)
        body = self.ids.body
        for w in (self._confirm_label, no, yes):
            body.add_widget(w)

    def refresh(self, c, lang, tr):
        self.board = c
        self._lang_tr = (lang, tr)
        t = c.tournament_view
        p = c.player_at(self.side)
        bot = c.is_robot(self.side)
        dp = None if bot else c.deck_phase_at(self.side)       # a bot's draft is its own
        body = self.ids.body
        if self._confirm is not None and (dp is None or dp.stage != "remove" or self._confirm[0] != (p, t.round)):
            self._confirm = None
        if dp is None:
            key = ("none", p, lang, t.round)
        else:
            key = (dp.stage, tuple(x.uid for x in dp.drawn), tuple(x.uid for x in dp.deck), dp.picks_left,
                   dp.can_redraw(), dp.pending, lang, t.round, self._confirm)
        self.can_redraw = dp is not None and dp.can_redraw()
        self.can_done = dp is not None and dp.stage == "remove"
        # A café park's Deck Phase (its coordinator's) has no taking back: no can_undo there.
        self.can_undo = dp is not None and hasattr(dp, "can_undo") and dp.can_undo()
        if not self.can_redraw:
            self._disarm()
        if key == self._shown:
            return
        self._shown = key
        body.clear_widgets()
        name = t.player_name(p, lang) if p is not None else "?"
        rnd = tr("deck_phase", lang, round=t.round)
        if dp is None:
            self.ids.header.text = f"[b]{name}[/b] · {rnd}"
            robot = p is not None and t.players[p].robot
            body.add_widget(self._message(tr("robot_ready", lang) if robot else
                                          tr("bot_drafting", lang, name=name) if bot else tr("waiting_other", lang)))
            return
        stage = dp.stage
        what = {"option": tr("choose_option", lang), "pick": tr("pick_n", lang, n=dp.picks_left),
                "choose": tr("when_picked", lang), "remove": tr("remove_cards", lang),
                "done": tr("waiting_other", lang)}[stage]
        self.ids.header.text = f"[b]{name}[/b] · {rnd} · {what}"
        if stage == "option":
            for i, opt in enumerate(dp.options):
                b = self._button(i)
                b.text = f"{i + 1}.  " + option_words(opt, lang, tr)
                b.font_size, b.size = sp(26), (_dp(360), _dp(150))
                b.act, b.idx = "option", i
                body.add_widget(b)
        elif stage == "pick":
            for i, ct in enumerate(dp.drawn):
                cf = self._face(i)
                cf.compact, cf.name_size, cf.text_size_, cf.size = False, sp(17), sp(13), (_dp(FACE_W), self.face_h())
                cf.show(ct, lang, round_no=t.round)
                cf.act, cf.idx = "pick", i
                body.add_widget(cf)
        elif stage == "choose":
            ch = dp.pending
            src = card_name(c.lib.catalogue.card(ch.source), lang)
            body.add_widget(self._message(f"{src}:"))
            self._label.size_hint, self._label.size, self._label.font_size = (None, None), (_dp(120), _dp(60)), sp(16)
            for i, opt in enumerate(ch.options[:12]):
                label = ", ".join(card_name(dp.deck[j], lang) for j in opt) if opt else tr("nothing", lang)
                b = self._button(i)
                b.text = f"{i + 1}. {label}"
                b.font_size, b.size = sp(14), (_dp(200), _dp(60))
                b.act, b.idx = "choose", i
                body.add_widget(b)
        elif stage == "remove" and self._confirm is not None:
            self._ask(dp, lang, tr)
        elif stage == "remove":
            # Each face carries its effect text, as the pick step's do (what a card does is what
            # decides whether to keep it): one row of tall faces while the deck fits in one,
            # else rows of at most eight, shorter.
            n = len(dp.deck)
            rows = 1 if n <= 8 else 2 if n <= 16 else 3
            across = -(-n // rows)
            w = min(_dp(FACE_W), (_dp(REMOVE_ROW) - _dp(5) * (across - 1)) / across)
            h = (self.face_h(), _dp(88), _dp(58))[rows - 1]
            for i, ct in enumerate(dp.deck):
                cf = self._face(i)
                cf.compact, cf.name_size, cf.text_size_, cf.size = False, sp(13), sp(14), (w, h)
                cf.show(ct, lang, round_no=t.round)
                cf.act, cf.idx = "remove", i
                body.add_widget(cf)
        else:
            body.add_widget(self._message(tr("waiting_other", lang)))
        if self._label is not None and stage != "choose":
            self._label.size_hint, self._label.font_size = (1, 1), sp(22)

    def face_h(self):
        """A drafted card's height: :data:`FACE_H`, or what the body has room for under the
        header (its hint's line and what just happened), not under :data:`FACE_MIN_H`."""
        room = self.height - self.padding[1] - self.padding[3] - self.spacing - self.ids.top.height
        return max(_dp(FACE_MIN_H), min(_dp(FACE_H), room)) if self.height > _dp(FACE_H) else _dp(FACE_H)

    def show_happened(self, c, screen, lang, tr):
        """The other player's last moves, in words, on this half's line (the match log's
        sentences; nothing while nobody else has moved in a match)."""
        strip = self.ids.happened
        strip.screen = screen
        strip.log_text = tr("log_button", lang)
        said = happened_on(c, self.side, lang)
        self.said = bool(said)
        strip.show(said, Widget, frozenset())

    def show_hint(self, c, hints, lang, tr):
        """The Deck Phase hint on this half, when its player asked for it: asked of ``hints``
        (thought out on its worker), then its mark and its line once it is answered."""
        p = c.player_at(self.side)
        wants = (hints is not None and p is not None and not c.is_robot(self.side)
                 and App.get_running_app().chrome.settings.hint_for(self.side))
        obs = c.table.observation(p) if wants else None
        key = question_key(c.game_id, obs) if obs is not None else None
        legal = c.table.legal(p) if key is not None else ()
        if len(legal) < 2:                       # nothing to choose: no hint
            self._asking = None
            if hints is not None:
                hints.forget(self.side)
            self.mark.clear()
            self.ids.hint.text = ""
            return
        answer = hints.answer(self.side, key)
        if answer is None:
            self.mark.clear()
            self.ids.hint.text = tr("hint_thinking", lang)
            if self._asking != key:
                # Asked once the new cards are on screen: drawing them is not slowed by the thinking.
                self._asking = key
                seed = zlib.crc32(repr((c.table.setup.seed, key)).encode())
                Clock.schedule_once(lambda dt: self._ask_hint(hints, key, obs, legal, seed), ASK_AFTER)
            return
        target = self._hint_target(answer.action) if answer.action is not None else None
        if target is None:
            self.mark.clear()
        else:
            self.mark.put(target)
        self.ids.hint.text = (reason_words(c.deck_phase_at(self.side), answer, lang, tr, card_name)
                              if answer.action is not None else "")

    def _ask_hint(self, hints, key, obs, legal, seed):
        if self._asking == key:             # still this half's decision
            hints.ask(self.side, key, obs, legal, seed)

    def _hint_target(self, action):
        """The widget showing the hint's choice on this half (None: not shown now)."""
        kind = action[0]
        if kind == "option":
            w = self._buttons[action[1]] if action[1] < len(self._buttons) else None
        elif kind in ("pick", "remove"):
            w = self._faces[action[1]] if action[1] < len(self._faces) else None
        else:
            w = self.ids.redraw if kind == "redraw" else self.ids.done
            return w if w.opacity > 0 else None
        return w if w is not None and w in self.ids.body.children else None


def option_words(opt, lang, tr):
    """A Deck Phase option in words: "keep 2 of level B (+1 fan)"."""
    text = tr("draft_option", lang, n=opt.pick, level=opt.level)
    return text + ("  " + tr("draft_fans", lang, n=opt.fans) if opt.fans else "")


#: The width (dp) a row of the removal step's faces takes: the narrowest half, 800 dp less its padding.
REMOVE_ROW = 787


#: The stages of a Deck Phase whose n-th item a digit key takes (as a tap on it would).
DIGIT_STAGES = frozenset({"option", "pick", "choose", "remove"})


class DeckPhaseScreen(ChallengersScreen):
    pick_hints = None           # PickHints, once a local table's game shows this screen

    def on_key(self, press) -> bool:
        """Keys play the first half (bottom first) whose person still drafts, as taps on it
        would: a digit takes the n-th option, card or choice of its stage (a removal that would
        leave the deck short asks first), ``r`` is the Redraw button (a second press redraws),
        ``d`` ends the removals."""
        board = self.board
        if board is None or not (press.digit is not None or press.name in ("r", "d")):
            return False
        side = board.active_deck_side()
        if side is None:
            board.ignore(("deck", None), "nobody drafts now")
            return True
        half = self.ids.light if side == 0 else self.ids.dark
        if press.name == "r":
            half.tap_redraw()
        elif press.name == "d":
            half.tap_done()
        else:
            dp = board.deck_phase_at(side)
            if dp is None or dp.stage not in DIGIT_STAGES:
                board.ignore(("deck", side), "nothing to choose at this stage")
            else:
                half.act(dp.stage, press.digit - 1)
        return True

    def show(self, c, events):
        app = App.get_running_app()
        if c.tournament_view is None:
            return
        hints = self._hints(c)
        for w in (self.ids.light, self.ids.dark):
            w.show_happened(c, self, app.lang, app.tr_fn)
            w.refresh(c, app.lang, app.tr_fn)
            w.show_hint(c, hints, app.lang, app.tr_fn)

    def _hints(self, c):
        """The table's hints (None in a café tournament's park: the hint is the local table's)."""
        table = getattr(c, "table", None)
        if table is None:
            return None
        if self.pick_hints is None:
            # The practice matches on worker processes, one per core; they end with the app.
            self.pick_hints = PickHints(c.lib, post=lambda fn: Clock.schedule_once(lambda dt: fn(), 0),
                                        on_answer=self._answered, workers=spare_cores())
            App.get_running_app().bind(on_stop=lambda *_: self.pick_hints.stop())
            table.listeners.append(self._watch)
        return self.pick_hints

    def on_leave(self, *_):
        """The game left the Deck Phase (or the table went home): the hints being thought are
        cancelled (their workers are free for the next), and asked again if it comes back."""
        super().on_leave()
        if self.pick_hints is not None:
            for w in (self.ids.light, self.ids.dark):
                w._asking = None
                self.pick_hints.forget(w.side)

    def _answered(self, half):
        app = App.get_running_app()
        c = self.board
        if self.manager is not None and self.manager.current == self.name and c.tournament_view is not None:
            w = self.ids.light if half == 0 else self.ids.dark
            w.show_hint(c, self.pick_hints, app.lang, app.tr_fn)

    def _watch(self, table, events):
        """During matches, each person's seat remembers the opponents' cards it sees (the hint's
        guess at their decks), from that seat's own observation."""
        if table.game is None or table.game.name != "challengers" or not table.playing:
            return
        if not table.observation(None)["matches"]:
            return
        for seat, s in enumerate(table.seats):
            if not s.is_bot:
                self.pick_hints.watch(table.table_id, seat, table.observation(seat))


assert lastmove.LastMoves is not None      # deckphase.kv's "what just happened" lines
Builder.load_file(os.path.join(os.path.dirname(__file__), "deckphase.kv"))
