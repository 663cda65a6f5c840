"""The match: both halves (dark turned 180°), the middle, reveal buttons, choices.

Each half faces its player (a half is a seat: :meth:`match_side` says which engine side is
played there this round): name and role, deck count, exhaust pile count,
fans and trophies, the REVEAL button, and the bench of 6 seats (cards of one
name stacked on one seat, with a count badge).  The middle is drawn twice,
once facing each player: the card in flag possession with its power broken
down (base + each bonus), the attacker's revealed cards with the running
total against it, and whose turn it is.  A pending card choice appears on
its owner's half, facing the owner, each option in words (what goes where).

Every widget is built once; a refresh only sets properties, and a part whose
data did not change is not touched (cheap reveals on a Pi).  The flag toss and each capture
move over the screen (:mod:`.motion`) after the widgets already show the new state.
"""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.widget import Widget

from engine.challengers.game import decided_by
from kiosk import lastmove
from kiosk.cardtext import card_name
from kiosk.games.challengers.board import end_held
from kiosk.games.challengers.happened import happened_on
from kiosk.games.challengers.logpage import MatchLogPage
from kiosk.games.challengers.matchlog import log_lines
from kiosk.games.challengers.motion import MotionLayer
from kiosk.games.challengers.screen import ChallengersScreen
from kiosk.i18n import N_
from kiosk.widgets import CardFace, TextLine, fit_text

BENCH_SEATS = 6
ATTACK_CHIPS = 4     # the last cards of an attack shown in the middle (the head counts them all)
PAGE = 8            # choice buttons on one page


def _names(m, insts, lang):
    """"2× Poet, Knight" for card instances (cards of one name counted)."""
    order, n = [], {}
    for i in insts:
        nm = card_name(m.types[i], lang)
        if nm not in n:
            order.append(nm)
        n[nm] = n.get(nm, 0) + 1
    return ", ".join((f"{n[x]}× {x}" if n[x] > 1 else x) for x in order)


# The engine's zone names, as the kiosk says them (an "opponent-" zone is "opponent's <zone>").
ZONE_KEYS = {"deck-top": N_("zone_deck-top"), "deck-bottom": N_("zone_deck-bottom"), "deck": N_("zone_deck"),
             "bench": N_("zone_bench"), "exhaust": N_("zone_exhaust"), "discard": N_("zone_discard"),
             "box": N_("zone_box"), "self": N_("zone_self"), "park": N_("zone_park"),
             "pile-A": N_("zone_pile-A"), "pile-B": N_("zone_pile-B"), "pile-C": N_("zone_pile-C")}
# The parts of a power breakdown that are not a card.
BREAKDOWN_KEYS = {"base": N_("bd_base"), "kept": N_("bd_kept"), "attack": N_("bd_attack"), "double": N_("bd_double")}


def zone_words(zone, lang, tr):
    if not zone:
        return "?"
    if isinstance(zone, (tuple, list)):
        return " / ".join(zone_words(z, lang, tr) for z in zone)
    if zone.startswith("opponent-"):
        return tr("zone_opp", lang, zone=zone_words(zone[9:], lang, tr))
    return tr(ZONE_KEYS[zone], lang) if zone in ZONE_KEYS else zone


def choice_label(m, ch, opt, lang, tr):
    """Words for one option of a match choice: which cards go where."""
    if not opt:
        return tr("opt_nothing", lang)
    if ch.kind == "arrange":
        # One group per place, its cards top-most first: "top of deck: Dog, Talent; bottom of deck: Poet".
        groups: dict = {}
        for place, c in opt:
            groups.setdefault(place, []).append(card_name(m.types[c], lang))
        return "; ".join(tr("opt_arrange", lang, zone=zone_words(place, lang, tr), cards=", ".join(names))
                         for place, names in groups.items())
    if ch.kind == "seat":
        return tr("opt_seat", lang, cards=_names(m, opt, lang))
    if ch.kind == "move" and ch.detail:
        src, dst = ch.detail[0], ch.detail[1]
        return tr("opt_move", lang, cards=_names(m, opt, lang), src=zone_words(src, lang, tr),
                  dst=zone_words(dst, lang, tr))
    return _names(m, [c for c in opt if isinstance(c, int)], lang)


def choice_labels(m, ch, lang, tr):
    """Words for every option of ``ch``, each told apart from the others: options that read
    the same (copies of one card offered one by one) say where their card lies in the deck."""
    labels = [choice_label(m, ch, opt, lang, tr) for opt in ch.options]
    seen: dict = {}
    for k, text in enumerate(labels):
        seen.setdefault(text, []).append(k)
    for text, ks in seen.items():
        if len(ks) < 2:
            continue
        for n, k in enumerate(ks, 1):
            opt = ch.options[k]
            insts = [c for c in opt if isinstance(c, int)] if ch.kind != "arrange" else []
            depth = m.deck_depth(insts[0]) if len(insts) == 1 else None
            labels[k] = text + " " + (tr("opt_depth", lang, place=depth + 1) if depth is not None
                                      else tr("opt_copy", lang, copy=n))
    return labels


def breakdown_words(m, parts, lang, tr, catalogue=None):
    """"3 base +2 kept +1 Poet" from Match.power_breakdown (card ids named)."""
    out = []
    for k, (label, amount) in enumerate(parts):
        if label in BREAKDOWN_KEYS:
            word = tr(BREAKDOWN_KEYS[label], lang)
        else:
            try:
                word = card_name(catalogue.card(label), lang)
            except KeyError:                 # a card of a set this kiosk does not have: its id
                word = label
        out.append(f"{amount} {word}" if k == 0 else f"{amount:+d} {word}")
    return " ".join(out)


def side_on(c, m, half):
    """The side of match ``m`` (a view) played on ``half`` (a held match may be of the last round)."""
    if not end_held(c):
        return c.match_side(half)
    p = c.player_at(half)
    return m.players.index(p) if p is not None and p in m.players else half


def decision(r) -> dict:
    """What decided the match of result ``r``: its observation's ``decided_by`` (a local table),
    or the same read from the events of its last action (a café park keeps those)."""
    return r.get("decided_by") or decided_by(r.get("events") or [])


def end_sentence(c, r, lang, tr):
    """Who won the match and why, in one sentence and a second line: "Robot's bench is full:
    7 names for 6 seats" / "Dark wins the match"."""
    m, t = c.match_view(), c.tournament_view
    winner, loser = t.player_name(r["winner"], lang), t.player_name(r["loser"], lang)
    lose_side = 1 - m.winner
    decided = decision(r)
    if decided["lose"] is not None:
        try:
            card = card_name(c.lib.catalogue.card(decided["lose"]), lang)
        except KeyError:
            card = str(decided["lose"])
        why = tr("why_card_lose", lang, card=card, loser=loser)
    elif m.reason == "bench-full" or decided["bench_need"] is not None:
        need = decided["bench_need"] or 1
        seats = m.sides[lose_side].seats_used() + need
        why = (tr("why_bench_full", lang, loser=loser, n=seats, seats=BENCH_SEATS) if m.reason == "bench-full"
               else tr("why_second_seat", lang, loser=loser))
    elif m.reason == "out-of-cards":
        why = tr("why_out_of_cards", lang, loser=loser)
    else:
        why = tr("reason_" + str(m.reason), lang)
    return f"{why}\n{tr('match_won', lang, name=winner)}"


def deciding_cards(c, r) -> set:
    """The cards that decided the match, to highlight: what could not be seated, the card
    whose effect lost it, or the flag that held when the attacker had no card left."""
    m = c.match_view()
    lose_side = 1 - m.winner
    lost_by = decision(r)["lose"]
    if lost_by is not None:
        return {i for i in [*m.attack, m.flag_card] if i is not None and m.types[i].id == lost_by}
    if m.reason == "out-of-cards":
        return {m.flag_card} if m.flag_card is not None else set()
    return set(m.sides[lose_side].park) | {i for i in m.attack if m.owner[i] == lose_side}


def moment_of(m, game=None):
    """What a refresh compares to see a toss or a capture: the match (game, round, park,
    players), what it expects, who holds the flag on which card, the attack, and each side's
    bench."""
    return ((game, m.round, m.park, tuple(m.players)), m.expect, m.holder, m.flag_card, tuple(m.attack),
            tuple(tuple((seat.key, tuple(seat.cards)) for seat in s.bench) for s in m.sides))


class BenchRow(Widget):
    """Six seats in a row; a double seat spans two.  Faces are kept and reused."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.faces = [CardFace(name_size=sp(14), text_size_=sp(14)) for _ in range(BENCH_SEATS)]
        for f in self.faces:
            self.add_widget(f)
        self.widths = [1] * BENCH_SEATS
        self.fbind("size", self._place)
        self.fbind("pos", self._place)

    def _place(self, *_):
        gap = dp(4)
        slot = (self.width - gap * (BENCH_SEATS - 1)) / BENCH_SEATS
        x = self.x
        used = 0
        for f, w in zip(self.faces, self.widths):
            if used >= BENCH_SEATS or w == 0:
                f.size = (0, 0)
                f.pos = (-1000, -1000)
                continue
            w = min(w, BENCH_SEATS - used)
            f.pos = (int(x), int(self.y))
            f.size = (int(slot * w + gap * (w - 1)), int(self.height))
            x += slot * w + gap * w
            used += w

    def set_widths(self, widths):
        if widths != self.widths:
            self.widths = widths
            self._place()


class MatchSide(BoxLayout):
    side = NumericProperty(0)
    can_reveal = BooleanProperty(False)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.board = None              # what the screen shows (a local table's Board or a park), set by refresh
        self._shown_bench = None
        self._shown_choice = None
        self._page = 0
        self._buttons = []
        self._panel_on = False

    def on_kv_post(self, *_):
        grid = self.ids.choice_grid
        for i in range(PAGE):
            b = Button(font_size=sp(16), halign="center", valign="middle", background_color=(0.95, 0.8, 0.3, 1))
            b.words = ""
            b.bind(size=self._fit_option)
            b.bind(on_release=self._tap_option)
            b.option = None
            grid.add_widget(b)
            self._buttons.append(b)
        self._panel = self.ids.choice_panel
        self._panel.bind(on_touch_down=self._panel_touch)
        self.ids.area.remove_widget(self._panel)

    @staticmethod
    def _panel_touch(panel, touch):
        """The open choice panel takes every touch on it: its buttons get theirs, and a finger
        between them reaches no bench card hidden underneath (nor enlarges one)."""
        if not panel.collide_point(*touch.pos):
            return False
        for child in panel.children[:]:
            if child.dispatch("on_touch_down", touch):
                break
        return True

    @staticmethod
    def _fit_option(b, *_):
        """The option's whole words on its button: the font shrinks to fit, never a cut where
        two options differ (only below the smallest font would words go)."""
        w, h = int(b.width - dp(10)), int(b.height - dp(4))
        if not b.words or w < 10 or h < 8:
            b.text = b.words
            return
        b.text_size = (w, None)
        b.font_size, b.text = fit_text(b.words, w, h, sp(16))

    def _tap_option(self, b):
        if b.option == "more":
            self._page += 1
            self._shown_choice = None
            c = self.board
            app = App.get_running_app()
            self._refresh_choice(c, c.match_view(), app.lang, app.tr_fn)
        elif b.option is not None:
            self.board.submit(self.side, "match.choose", b.option)

    def reveal(self):
        """The half's Reveal button: the seat on this half reveals (a hint says why not, when not now)."""
        self.board.submit(self.side, "match.reveal")

    def refresh(self, c, lang, tr):
        self.board = c
        m = c.match_view()
        es = side_on(c, m, self.side)       # the match's side played on this half this round
        s = m.sides[es]
        t = c.tournament_view
        pl = t.players[m.players[es]]
        self.can_reveal = m.expect == ("reveal", es) and not pl.robot and c.result is None
        trophies = ", ".join(tr("trophy_round", lang, round=r, fans=f) for r, f in pl.trophies) or "–"
        if m.holder == es:
            role = f"  [color=ffd84a]{tr('flag', lang)}[/color]"
        elif m.holder is not None:
            role = f"  [color=ff8a7a]{tr('attack', lang)}[/color]"
        else:
            role = ""
        self.ids.who.text = f"[b]{t.player_name(pl.index, lang)}[/b]{role}"
        # Plain text for what changes at every reveal (markup renders word by word).
        self.ids.info.text = (f"{tr('deck', lang)}: {s.deck_size}    {tr('exhaust', lang)}: {len(s.exhaust)}\n"
                              f"{tr('fans', lang)}: {s.fans}\n{tr('trophies', lang)}: {trophies}")
        self._refresh_bench(m, s, lang, tr)
        self._refresh_choice(c, m, lang, tr)
        held = end_held(c)
        note = self.ids.end_note
        note.opacity = 1 if held else 0
        if held:
            note.text = f"{end_sentence(c, c.result, lang, tr)}\n[size={int(sp(15))}]{tr('tap_to_go_on', lang)}[/size]"

    def _refresh_bench(self, m, s, lang, tr):
        bkey = (tuple((seat.key, tuple(seat.cards), seat.width) for seat in s.bench), lang)
        if bkey == self._shown_bench:
            return
        old = {k for k, *_ in self._shown_bench[0]} if self._shown_bench else set()
        first = self._shown_bench is None
        self._shown_bench = bkey
        row = self.ids.bench
        widths = []
        for i, face in enumerate(row.faces):
            if i < len(s.bench):
                seat = s.bench[i]
                top = seat.cards[-1]
                ct = m.types[top]
                face.show(ct, lang, count=len(seat.cards), round_no=m.round)
                names = {card_name(m.types[x], lang) for x in seat.cards}
                if len(names) > 1:                    # a seat shared by cards of two names
                    face.name = " / ".join(sorted(names))
                widths.append(seat.width)
                if seat.key not in old and not first:
                    face.appear()
            else:
                face.show(None, lang)
                widths.append(1)
        used = sum(widths[:len(s.bench)])
        free = BENCH_SEATS - used
        row.set_widths(widths[:len(s.bench)] + [1] * free + [0] * (BENCH_SEATS - len(s.bench) - free))

    def _refresh_choice(self, c, m, lang, tr):
        ch = m.pending if m.expect[0] == "choose" else None
        mine = ch is not None and ch.player == side_on(c, m, self.side) and not c.is_robot(self.side)
        key = (ch.source, ch.options, lang, self._page) if mine else None
        if key == self._shown_choice:
            return
        if not mine:
            self._page = 0
        elif self._shown_choice is not None and self._shown_choice[:3] != key[:3]:
            self._page = 0
            key = (ch.source, ch.options, lang, 0)
        self._shown_choice = key
        area = self.ids.area
        if not mine:
            if self._panel_on:
                area.remove_widget(self._panel)
                self._panel_on = False
            return
        if not self._panel_on:
            # In place and laid out before its words are fitted: a panel out of the tree still
            # has its buttons' old (or first, tiny) sizes, and fitting words there renders a
            # texture per font size tried, all thrown away by the refit at the real size.
            area.add_widget(self._panel)
            self._panel_on = True
            area.do_layout()
            self._panel.do_layout()
            self.ids.choice_grid.do_layout()
        src = card_name(c.lib.catalogue.card(ch.source), lang)
        n = len(ch.options)
        pages = 1 if n <= PAGE else -(-n // (PAGE - 1))
        page = self._page % pages
        per = PAGE if n <= PAGE else PAGE - 1
        start = page * per
        self.ids.choice_title.text = tr("choice", lang, card=src) + (
            f"  ({page + 1}/{pages})" if pages > 1 else "")
        labels = choice_labels(m, ch, lang, tr)
        for j, b in enumerate(self._buttons):
            i = start + j
            if j < per and i < n:
                b.option = i
                b.words = f"{i + 1}. {labels[i]}"
                b.opacity, b.disabled = 1, False
            elif j == PAGE - 1 and pages > 1:
                b.option = "more"
                b.words = tr("more", lang)
                b.opacity, b.disabled = 1, False
            else:
                b.option = None
                b.words = ""
                b.opacity, b.disabled = 0, True
        # Only the options take the panel's room: two options get half of it each, not two of
        # eight places (a French "(ex. 1)" label on a quarter-height button was tiny).
        grid = self.ids.choice_grid
        shown = [b for b in self._buttons if b.option is not None]
        grid.cols = 1 if len(shown) <= 3 else 2
        if list(reversed(grid.children)) != shown:
            grid.clear_widgets()
            for b in shown:
                grid.add_widget(b)
        grid.do_layout()
        for b in self._buttons:
            self._fit_option(b)


class MidLine(BoxLayout):
    """The middle, facing one player: flag card and its breakdown, attack, whose turn, and at
    the player's right hand their "?" and match log (over the benches they would cover cards)."""

    side = NumericProperty(0)
    has_log = BooleanProperty(False)        # the screen's has_log: this half's "Log" shows

    def __init__(self, **kw):
        super().__init__(**kw)
        self._shown = None
        self._shown_attack = None

    def on_kv_post(self, *_):
        row = self.ids.attack_row
        self.chips = []
        for _ in range(ATTACK_CHIPS):
            f = CardFace(compact=True, name_size=sp(11), size_hint_x=None, width=dp(62))
            f.opacity = 0
            row.add_widget(f)
            self.chips.append(f)

    def refresh(self, c, lang, tr):
        m = c.match_view()
        r = c.result if end_held(c) else None
        decide = deciding_cards(c, r) if r is not None else set()
        t = c.tournament_view
        fc = self.ids.flag_card
        if m.flag_card is not None:
            parts = m.power_breakdown(m.flag_card, "possession")
            total = m.defense_total()
            key = (m.flag_card, tuple(parts), lang)
            if key != self._shown:
                fresh = self._shown is None or self._shown[0] != m.flag_card
                self._shown = key
                fc.show(m.types[m.flag_card], lang, total=str(total), round_no=m.round)
                fc.opacity = 1
                if fresh:
                    fc.appear()
                self.ids.flag.text = (f"[color=ffd84a][b]{tr('flag', lang)}[/b][/color] "
                                      f"{card_name(m.types[m.flag_card], lang)}\n"
                                      f"{breakdown_words(m, parts, lang, tr, c.lib.catalogue)} = [b]{total}[/b]")
        elif self._shown != "none":
            self._shown = "none"
            fc.opacity = 0
            self.ids.flag.text = f"[color=ffd84a][b]{tr('flag', lang)}[/b][/color]\n{tr('no_flag', lang)}"
        akey = (tuple(m.attack), tuple(m.power(i, "attack") for i in m.attack), m.defense_total(), lang)
        if akey != self._shown_attack:
            before = set(self._shown_attack[0]) if self._shown_attack else set()
            self._shown_attack = akey
            shown = m.attack[-ATTACK_CHIPS:]
            for k, chip in enumerate(self.chips):
                if k < len(shown):
                    inst = shown[k]
                    chip.show(m.types[inst], lang, total=str(m.power(inst, "attack")), round_no=m.round)
                    if inst not in before:
                        chip.appear()
                    else:
                        chip.opacity = 1
                else:
                    chip.opacity = 0
            if m.attack:
                more = f" ({len(m.attack)})" if len(m.attack) > ATTACK_CHIPS else ""
                at, dt = m.attack_total(), m.defense_total()
                self.ids.attack_head.text = tr("attack", lang) + more
                self.ids.attack.color = (0.49, 1, 0.54, 1) if at >= dt else (1, 0.54, 0.48, 1)
                self.ids.attack.text = f"{at} / {dt}"
            else:
                self.ids.attack_head.text = ""
                self.ids.attack.text = ""
        kind, side = m.expect
        if kind == "reveal":
            turn = tr("to_reveal", lang, name=t.player_name(m.players[side], lang))
        elif kind == "choose":
            turn = tr("to_choose", lang, name=t.player_name(m.players[m.pending_player], lang))
        elif kind == "toss":
            turn = tr("toss", lang)
        else:
            turn = ""
        self.ids.turn.text = turn
        # The cards that decided a match that just ended, framed.
        fc.selected = m.flag_card is not None and m.flag_card in decide
        shown = m.attack[-ATTACK_CHIPS:]
        for k, chip in enumerate(self.chips):
            chip.selected = k < len(shown) and shown[k] in decide


assert lastmove.LastMoves is not None      # match.kv's "what just happened" strips


class MatchScreen(ChallengersScreen):
    toss_visible = BooleanProperty(False)
    end_shown = BooleanProperty(False)      # a finished match held on screen until a tap
    has_log = BooleanProperty(False)        # the board keeps the match's events (the local table, a café park)

    _moment = None                          # what the last refresh showed (see moment_of)

    def show(self, c, events):
        app = App.get_running_app()
        m = c.match_view()
        if m is None:
            return
        lang, tr = app.lang, app.tr_fn
        before, now = self._moment, moment_of(m, getattr(c, "game_id", None))
        if now != before:
            self.ids.motion.finish()        # a new change: the last one's motion is over
        self._moment = now
        self.end_shown = end_held(c)
        self.toss_visible = m.expect[0] == "toss"
        for w in (self.ids.light, self.ids.dark, self.ids.mid_light, self.ids.mid_dark):
            w.refresh(c, lang, tr)
        if before is not None and now != before and before[0] == now[0]:
            self.move(c, m, before, lang)
        self.has_log = hasattr(c, "match_events")
        for w in (self.ids.mid_light, self.ids.mid_dark):
            w.has_log = self.has_log
        self.show_happened(c, lang, tr)
        if self.ids.log_page.shown:
            self.ids.log_page.show_lines(self.log_lines(c), tr("log_empty", lang))

    def show_happened(self, c, lang, tr):
        """Each half's strip: the other player's last moves, in words.  The cards they name are
        not drawn: a face in the strip's row (28 px at 800x480) would be too small to read, and
        every card named is on the benches or the flag line just below."""
        for half, side in ((0, self.ids.light), (1, self.ids.dark)):
            strip = side.ids.happened
            strip.screen = self
            strip.has_log = self.has_log
            strip.log_text = tr("log_button", lang)
            strip.show(happened_on(c, half, lang), Widget, frozenset())

    def log_lines(self, c):
        """The match so far, one line per reveal, effect and capture, in the app's language."""
        app = App.get_running_app()
        lang = app.lang
        card = c.lib.catalogue.card

        def name(cid):
            try:
                return card_name(card(cid), lang)
            except KeyError:
                return str(cid)
        names = [p.name for p in c.tournament_view.players]
        return log_lines(c.match_events(), names, name, app.tr_fn, lang)

    def open_log(self, half: int = 0) -> None:
        """The match log, facing the player of ``half`` (1: the top half, turned)."""
        app = App.get_running_app()
        c = self.board
        if hasattr(c, "match_events"):
            self.ids.log_page.open(self.log_lines(c), app.tr_fn("log_empty", app.lang))
            self.ids.log_page.turned = half == 1

    def move(self, c, m, before, lang):
        """Show the change from ``before`` (a :func:`moment_of`) to ``m`` moving: the flag
        tossed to the player who begins, or the flag taken and the cards that lost it benched."""
        ids = self.ids
        mids = {0: ids.mid_light, 1: ids.mid_dark}
        halves = {0: ids.light, 1: ids.dark}

        def half(side):
            return next((h for h in (0, 1) if side_on(c, m, h) == side), side)

        _, expect, holder, flag, attack, benches = before
        if expect[0] == "toss" and m.expect[0] == "reveal" and m.holder is None:
            ids.motion.toss(ids.toss, mids[half(m.expect[1])].ids.flag_card)
            return
        if flag is None or m.flag_card is None or m.flag_card == flag or m.holder in (None, holder):
            return
        taker = m.flag_card
        shown = list(attack[-ATTACK_CHIPS:])
        k = shown.index(taker) if taker in shown else min(len(shown), ATTACK_CHIPS - 1)
        paths = [(mid.chips[k], mid.ids.flag_card) for mid in (ids.mid_light, ids.mid_dark)]
        lost_half = half(holder)
        lost_place = mids[lost_half].ids.flag_card
        seated = {key: set(cards) for key, cards in benches[holder]}
        benched = []
        for i, seat in enumerate(m.sides[holder].bench[:BENCH_SEATS]):
            new = [x for x in seat.cards if x not in seated.get(seat.key, ())]
            if new:
                top = seat.cards[-1] if seat.cards[-1] in new else new[-1]
                benched.append((m.types[top], lost_place, halves[lost_half].ids.bench.faces[i],
                                seat.key not in seated))
        ids.motion.capture(lang, m.round, (m.types[taker], paths),
                           (lost_place, mids[half(m.holder)].ids.flag_card), benched)

    def on_touch_down(self, touch):
        """While a finished match is held on screen, a tap anywhere goes on to the result (but
        on the log, or a half's "?" and "Log").  Any touch ends a motion first (and still does
        what it would do without one)."""
        self.ids.motion.finish()
        log_open = self.ids.log_page.shown
        on_tools = any(t.collide_point(*t.to_widget(*touch.pos))
                       for mid in (self.ids.mid_light, self.ids.mid_dark)
                       for t in mid.ids.tools.children if not t.disabled)
        if self.end_shown and not log_open and not on_tools and self.collide_point(*touch.pos):
            self.dismiss_end()
            return True
        return super().on_touch_down(touch)

    def dismiss_end(self):
        """The players have seen how the match ended: on to the result."""
        r = self.board.result
        if r is not None:
            r["end_seen"] = True
        App.get_running_app().sync()

    def toss(self):
        """The middle's "Toss the flag": the table's toss, whoever taps it."""
        self.board.submit(None, "match.toss")

    # ------------------------------------------------------------------ keys and buttons
    def button(self, half, which) -> bool:
        """Primary: the half's seat reveals; secondary (or the shared toss button): the flag is
        tossed.  While a finished match is held, the toss button goes on (as Enter does) and the
        side buttons only say to tap; while the log covers the match, nothing reaches it."""
        board = self.board
        if self.end_shown:
            if which == "toss":
                self.dismiss_end()
                return True
            board.ignore(("match.reveal", half), "a finished match is on screen: tap to go on")
            return False
        if self.ids.log_page.shown:
            board.ignore(("match.reveal", half), "the match log covers the match")
            return False
        kind = "match.reveal" if which == "primary" else "match.toss"
        return board.submit(half, kind) is not None

    def on_key(self, press) -> bool:
        """Enter or the space bar go on from a finished match; while playing, the space bar
        tosses the flag and a digit answers the pending choice on its chooser's half."""
        board = self.board
        if board is None:
            return False
        if self.end_shown:
            if press.goes_on:
                self.dismiss_end()
                return True
            if press.digit is not None:
                board.ignore(("match.choose", None), "a finished match is on screen: tap to go on")
                return True
            return False
        if self.ids.log_page.shown:
            return True                       # the log covers the match: nothing reaches it
        if press.name == " ":
            board.submit(None, "match.toss")
            return True
        if press.digit is not None:
            m = board.match_view()
            if m is None or m.expect[0] != "choose":
                board.ignore(("match.choose", None), "nothing to choose")
            else:
                board.submit(board.half_of(m.pending_player), "match.choose", press.digit - 1)
            return True
        return False

    def close_overlay(self) -> bool:
        if self.ids.log_page.shown:
            self.ids.log_page.close()
            return True
        return False

    def on_leave(self, *_):
        """The match is no longer on screen (home, the result, the Deck Phase): its log closes
        with it, so it is not open over the next match or a resumed game."""
        self.close_overlay()

    def reset(self):
        """Forget what is shown (language change, a new game)."""
        self.ids.motion.finish()
        self._moment = None
        for w in (self.ids.light, self.ids.dark):
            w._shown_bench = None
            w._shown_choice = None
        for w in (self.ids.mid_light, self.ids.mid_dark):
            w._shown = None
            w._shown_attack = None


# match.kv's rules name these: their modules (and Factory entries) are loaded before it.
assert MatchLogPage is not None and MotionLayer is not None and TextLine is not None
Builder.load_file(os.path.join(os.path.dirname(__file__), "match.kv"))
