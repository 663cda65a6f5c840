"""Match result, standings between rounds, and the final result."""

from __future__ import annotations

import os

from kivy.app import App
from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen


class ResultScreen(Screen):
    headline = StringProperty("")
    detail = StringProperty("")
    table = StringProperty("")
    button = StringProperty("")

    def refresh(self, c, events=()):
        app = App.get_running_app()
        lang, tr = app.lang, app.tr_fn
        t = c.t
        if t is None:
            return
        r = c.result
        if t.over:
            self.headline = tr("champion", lang, name=t.players[t.winner].name)
            self.detail = tr("end_" + str(t.end_reason), lang)
            self.button = tr("home", lang)
        elif r is not None:
            self.headline = tr("match_won", lang, name=t.players[r["winner"]].name)
            self.detail = (tr("reason_" + str(r["reason"]), lang) +
                           (" · " + tr("trophy", lang, round=r["round"], fans=r["trophy"]) if r["trophy"] else ""))
            self.button = tr("next_round", lang)
        rows = [f"{'':2} {'':12} {tr('fans', lang):>6} {tr('trophies', lang):>9}  total"]
        for row in t.public_standings(None):
            rank = row["rank"] or ""
            fans = row["fans"] if row["fans"] is not None else "?"
            rows.append(f"{rank!s:2} {row['name'][:12]:12} {row['fan_tokens']:>6} "
                        f"{len(row['trophy_rounds']):>9}  {fans:>5}")
        self.table = "\n".join(rows)

    def next(self):
        app = App.get_running_app()
        c = app.controller
        if c.t is not None and c.t.over:
            c.close_game()
        else:
            c.ack_result()


Builder.load_file(os.path.join(os.path.dirname(__file__), "result.kv"))
