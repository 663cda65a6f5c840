"""Match result, standings between rounds, and the final result."""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import StringProperty

from kiosk.games.challengers.screen import ChallengersScreen
from kiosk.i18n import N_, display_name

# Why a match ended (engine.challengers.match), said with the loser's name.
REASON_KEYS = {"out-of-cards": N_("reason_out-of-cards"), "bench-full": N_("reason_bench-full"),
               "card-effect": N_("reason_card-effect")}
# Why a tournament ended (engine.challengers.tournament).
END_KEYS = {"lead": N_("end_lead"), "most-fans": N_("end_most-fans"), "final": N_("end_final"),
            "lesson": N_("end_lesson")}


class ResultScreen(ChallengersScreen):
    headline = StringProperty("")
    detail = StringProperty("")
    standings = StringProperty("")
    next_words = StringProperty("")

    def show(self, c, events):
        app = App.get_running_app()
        lang, tr = app.lang, app.tr_fn
        t = c.tournament_view
        if t is None:
            return
        r = c.result
        if t.over:
            # A guided first match is one match, not a tournament: its winner won the match.
            key = N_("match_won") if t.end_reason == "lesson" else N_("champion")
            self.headline = tr(key, lang, name=t.player_name(t.winner, lang))
            self.detail = tr(END_KEYS[t.end_reason], lang) if t.end_reason in END_KEYS else str(t.end_reason)
            self.next_words = tr("home", lang)
        elif r is not None:
            self.headline = tr("match_won", lang, name=t.player_name(r["winner"], lang))
            loser = t.player_name(r["loser"], lang)
            why = (tr(REASON_KEYS[r["reason"]], lang, loser=loser) if r["reason"] in REASON_KEYS
                   else str(r["reason"]))
            self.detail = why + (" · " + tr("trophy", lang, round=r["round"], n=r["trophy"]) if r["trophy"] else "")
            self.next_words = tr("next_round", lang)
        rows = [f"{'':2} {'':12} {tr('fans', lang):>6} {tr('trophies', lang):>9}  {tr('total', lang)}"]
        for row in t.public_standings(None):
            rank = row["rank"] or ""
            fans = row["fans"] if row["fans"] is not None else "?"
            rows.append(f"{rank!s:2} {display_name(row['name'], lang)[:12]:12} {row['fan_tokens']:>6} "
                        f"{len(row['trophy_rounds']):>9}  {fans:>5}")
        self.standings = "\n".join(rows)

    def button(self, half, which) -> bool:
        """The shared toss button goes on (as Enter does); a side's button has no use here."""
        if which == "toss":
            self.next()
            return True
        return super().button(half, which)

    def on_key(self, press) -> bool:
        """Enter or the space bar go on (the next round, or home once the tournament is over)."""
        if press.goes_on:
            self.next()
            return True
        return False

    def next(self):
        c = self.board
        if c.tournament_view is not None and c.tournament_view.over:
            c.close_game()
        else:
            c.ack_result()


Builder.load_file(os.path.join(os.path.dirname(__file__), "result.kv"))
