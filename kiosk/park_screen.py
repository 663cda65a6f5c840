"""The park screen of a tournament: where everyone sits this round ("Ann → park 2, light side"),
the standings as the coordinator shows them (trophy rounds, no fans, while they are hidden),
the connection state, what is waiting in the outbox, and a "Go" button when a new round's
seating has to be read first.  Also shown while the kiosk waits to be assigned to a park.

A tournament of a game whose park table shows no tournament of its own (every game but
Challengers!) shows here what its park view says between its table's games (a
bye, the other parks still playing, the end): where everyone plays this round and the
standings by points; its table itself is shown by the game's own screens."""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from kiosk.i18n import N_, display_name

SIDE_KEYS = {"light": N_("light"), "dark": N_("dark")}


def seats_text(view, park, tr, lang):
    lines = []
    for s in view.get("seats", []):
        side = tr(SIDE_KEYS[s["side"]], lang).lower() if s["side"] in SIDE_KEYS else s["side"]
        line = tr("seat_line", lang, name=display_name(s["name"], lang), park=s["park"], side=side)
        lines.append(f"[color=ffd84a]{line}[/color]" if s["park"] == park else line)
    return "\n".join(lines)


def cafe_seats_text(view, park, tr, lang):
    """Where every entrant plays this round in a tournament of another game ("Ann → park 2")."""
    lines = []
    for s in view.get("seats", []):
        line = tr("cafe_seat_line", lang, name=display_name(s["name"], lang), park=s["park"])
        lines.append(f"[color=ffd84a]{line}[/color]" if s["park"] == park else line)
    return "\n".join(lines)


def cafe_standings_text(rows, tr, lang):
    """A tournament of another game's standings: place, name, points."""
    out = [f"{'':3} {'':14} {tr('cafe_points', lang):>6}"]
    for r in rows:
        out.append(f"{r.get('place', '')!s:3} {display_name(r['name'], lang)[:14]:14} {r.get('points', 0)!s:>6}")
    return "\n".join(out)


def standings_text(rows, tr, lang):
    out = [f"{'':2} {'':12} {tr('fans', lang):>6} {tr('trophies', lang):>10} {'':>5}"]
    for r in rows:
        rank = r["rank"] or ""
        rounds = ",".join(str(x) for x in r["trophy_rounds"]) or "-"
        total = r["fans"] if r["fans"] is not None else "?"
        out.append(f"{rank!s:2} {display_name(r['name'], lang)[:12]:12} {r['fan_tokens']:>6} {rounds:>10} {total!s:>5}")
    return "\n".join(out)


class ParkScreen(Screen):
    headline = StringProperty("")
    seats = StringProperty("")
    table = StringProperty("")
    status = StringProperty("")
    can_go = BooleanProperty(False)

    def refresh(self, c, events=()):
        app = App.get_running_app()
        lang, tr = app.lang, app.tr_fn
        net = tr("online", lang) if c.online else tr("offline", lang)
        extra = f" · {tr('outbox', lang, n=c.outbox_n)}" if c.outbox_n else ""
        who = tr("kiosk_line", lang, name=c.kiosk_name or "", id=c.kiosk_id) if c.kiosk_id else ""
        self.status = " · ".join(x for x in (net + extra, who) if x) + (f"\n{c.say(lang)}" if c.message else "")
        self.can_go = c.needs_seats_ack() if c.t is not None else False
        if c.tid is not None and c.view is not None and c.t is None:
            self._cafe(c, tr, lang)
            return
        if c.tid is None or c.t is None:
            self.headline = tr("wait_assign", lang) if c.tid is None else tr("connecting", lang)
            self.seats = "\n".join(f"#{t['id']} {t['name']} · {len(t.get('players', []))} · {t['phase']}"
                                   for t in c.unassigned) if c.tid is None else ""
            self.table = ""
            return
        t = c.t
        rnd = tr("final_round", lang) if t.round > 7 else tr("round", lang, round=t.round)
        moment = c.moment()               # the game's word for the screen of the tournament's moment
        if self.can_go:
            what = tr("take_seats", lang)
        elif moment == "match":
            what = tr("wait_matches", lang)
        elif moment == "deck":
            what = tr("wait_decks", lang) if c._here() else tr("no_match_here", lang)
        else:
            what = ""
        self.headline = f"{t.name} · {tr('park_n', lang, park=c.park)} · {rnd}" + (f"\n{what}" if what else "")
        self.seats = seats_text(c.view, c.park, tr, lang)
        self.table = standings_text(t.public_standings(), tr, lang)

    def _cafe(self, c, tr, lang):
        """A tournament of another game between its table's games."""
        v = c.view
        rnd = tr("round", lang, round=v["round"])
        if v.get("over"):
            what = tr("cafe_over", lang, name=display_name(v.get("winner") or "?", lang))
        elif v.get("table") is None:
            what = tr("no_match_here", lang)
        else:
            what = tr("wait_matches", lang)
        self.headline = f"{v.get('name', '')} · {tr('park_n', lang, park=c.park)} · {rnd}\n{what}"
        self.seats = cafe_seats_text(v, c.park, tr, lang)
        self.table = cafe_standings_text(v.get("standings", []), tr, lang)

    def go(self):
        App.get_running_app().controller.ack_seats()

    def on_key(self, press) -> bool:
        """Enter or the space bar: the players have taken their seats (as "Go")."""
        if press.goes_on:
            self.go()
            return True
        return False

    def reset(self):
        pass


Builder.load_file(os.path.join(os.path.dirname(__file__), "park_screen.kv"))
