"""The real kiosk driven from outside: commands read from a file, one a line (tests and benchmarks).

The kiosk loads this module when ``TABLECUP_KIOSK_HOOK`` names a file (:mod:`kiosk.plugins`, as
``tests.kiosk.kiosk_hook``: from a checkout only) and calls :func:`attach`; the app then polls the
file every 50 ms (:class:`TestHook`) and runs each new line on the Kivy thread, as a person's or
a button's input would be:

``reveal SIDE``, ``toss``, ``choose SIDE I``, ``deck SIDE ACTION [I]``, ``key NAME``,
``solo LEVEL [SEED]``, ``two [SEED]``, ``resume``, ``home``, ``ack``, ``dump PATH`` (canonical
engine state as JSON), ``screenshot PATH``, ``lang en|fr``, ``block SECONDS`` (sleeps on the UI
thread: the watchdog test), ``join`` (tournament mode), ``pair PIN [NAME]``, ``go`` (seating
screen), ``texts PATH`` (every text in the widget tree, as JSON), ``quit``.

Games of the engine contract at a :class:`kiosk.table.LocalTable` (``app.table``):
``table GAME solo LEVEL [SEED]`` / ``table GAME two [SEED]`` (LEVEL counts from 1), ``tseed N``
(the games started from home next are seeded from N), ``tphones GAME PEOPLE PHONES BOTS [SEED]``
(PEOPLE 1 or 2 at the table, PHONES seats on phones), ``seats PATH`` (the phone seats' QR URLs, none
for a seat a phone holds, and which are taken, as JSON), ``freeseat SEAT`` (the operator screen's "Phone seats", then that seat's "Free" tapped twice), ``props PATH
NAME...`` (those properties of the current screen's widgets with an id, as JSON), ``tresume``,
``tleave``, ``button HALF primary|secondary down|up`` (what a hardware button does), ``keydown
NAME`` / ``keyup NAME`` (a key held and let go), ``tap ID [ID...]`` (a widget of the current
screen reached by ``ids``, tapped), ``tapcard CARD`` (a shown card), ``act TEXT`` (an action in
the contract's text form, as a person's input); ``dump`` then also writes ``table``
(:meth:`LocalTable.dump`).

Once attached it says ``STATUS=block-hook ready`` to systemd's notify socket.  In-process drive
scripts import :func:`widget_texts` from here (``tests/kiosk`` is on their path).
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from pathlib import Path

from kivy.clock import Clock
from kivy.uix.label import Label

from appliance import sdnotify
from kiosk.games.challengers import board as challengers

log = logging.getLogger("tablecup.kiosk")

#: The operator's own PIN, typed when a first use of the operator screen asks for one.
OPERATOR_PIN = "2468"

#: Kivy's markup tags, taken out of the texts ``texts`` writes.
MARKUP = re.compile(r"\[/?(?:b|i|u|s|sub|sup|size|color|font|ref|anchor)(?:=[^\]]*)?\]")


class TestHook:
    """Polls the hook file and runs each new command on the Kivy thread."""

    __test__ = False          # not a pytest test class, whatever its name

    def __init__(self, app, path) -> None:
        self.app = app
        self.path = Path(path)
        self.pos = 0              # the lines already run

    def start(self) -> TestHook:
        Clock.schedule_interval(self.poll, 0.05)
        return self

    def poll(self, *_) -> None:
        try:
            with open(self.path) as f:
                lines = f.read().splitlines()
        except FileNotFoundError:
            return
        while self.pos < len(lines):
            line = lines[self.pos].strip()
            self.pos += 1
            if line:
                try:
                    self.run(line)
                except Exception:
                    log.exception("hook command failed: %s", line)

    def run(self, line: str) -> None:
        """One command (the module's list), on the Kivy thread."""
        app = self.app
        c = app.controller
        c = getattr(c, "board", None) or c          # a café park: its game's view model takes the inputs
        w = line.split()
        cmd, args = w[0], w[1:]
        ints = [int(a) for a in args if a.lstrip("-").isdigit()]
        if cmd == "reveal":
            c.submit(ints[0], "match.reveal")
        elif cmd == "toss":
            c.submit(None, "match.toss")
        elif cmd == "choose":
            c.submit(ints[0], "match.choose", ints[1])
        elif cmd == "deck":
            c.submit(int(args[0]), "deck." + args[1], *[int(a) for a in args[2:]])
        elif cmd == "key":
            app.handle_key(args[0])             # a key pressed and let go
            app.handle_key_up(args[0])
        elif cmd == "solo":
            challengers.new_game(app.table, (app.t("player_name"),), robot_level=ints[0] if ints else 1,
                                 seed=ints[1] if len(ints) > 1 else None)
        elif cmd == "two":
            challengers.new_game(app.table, (app.t("light"), app.t("dark")), seed=ints[0] if ints else None)
        elif cmd == "resume":
            saved = app.table.unfinished(challengers.GAME)
            if saved is not None:
                app.resume_table(saved[0])
        elif cmd == "home":
            c.close_game()
        elif cmd == "ack":
            c.ack_result()
        elif cmd == "table":
            mode = args[1] if len(args) > 1 else "solo"
            nums = [int(a) for a in args[2:]]
            if mode == "two":
                app.start_table(args[0], "two", seed=nums[0] if nums else None)
            else:
                app.start_table(args[0], "solo", level=nums[0] - 1 if nums else None,
                                 seed=nums[1] if len(nums) > 1 else None)
        elif cmd == "tseed":
            app.table.seed_games(int(args[0]))      # the next games started from home, seeded
        elif cmd == "tphones":
            people, phones, bots = int(args[1]), int(args[2]), int(args[3])
            app.start_table(args[0], "two" if people == 2 else "solo", bots=bots, phones=phones,
                             seed=int(args[4]) if len(args) > 4 else None)
        elif cmd == "seats":
            # The phone seats as the table shows them: each seat's QR code's URL, which are taken.
            qr = app.seat_qr
            panel = {w.seat: {"url": w.url, "taken": w.taken, "state": w.state_text}
                     for w in qr.ids.loose.children} if qr is not None else {}
            halves = {h: w.url for h, w in ((0, qr.ids.bottom), (1, qr.ids.top)) if w.url} if qr is not None else {}
            tmp = args[0] + ".tmp"
            with open(tmp, "w") as f:
                json.dump({"panel": panel, "halves": halves, "open": bool(qr and qr.panel_open),
                           "button": qr.panel_button if qr is not None else ""}, f)
            os.replace(tmp, args[0])
        elif cmd == "props":
            # ``props PATH NAME...``: those properties of every widget of the current screen with an id.
            scr = app.sm.current_screen
            found = {key: {n: getattr(w, n) for n in args[1:] if hasattr(w, n)} for key, w in scr.ids.items()}
            tmp = args[0] + ".tmp"
            with open(tmp, "w") as f:
                json.dump({k: v for k, v in found.items() if v}, f, default=str)
            os.replace(tmp, args[0])
        elif cmd == "freeseat":
            # The operator opens the phone seats (operator screen, PIN), then taps a seat's "Free"
            # twice (ask, confirm).
            app.show_operator()
            op = app.sm.get_screen("operator")
            op.type_pin(op.pin())
            if op.mode == "newpin":
                op.type_pin(OPERATOR_PIN)           # a first use asks for the operator's own PIN
            op.ids.phone_seats.trigger_action(0)
            button = next(w for w in app.seat_qr.ids.loose.children if w.seat == int(args[0])).children[0]
            button.trigger_action(0)
            button.trigger_action(0)
        elif cmd == "tresume":
            app.resume_table()
        elif cmd == "tleave":
            app.leave_table()
        elif cmd == "button":
            app.side_button(int(args[0]), args[1], args[2] == "down")
        elif cmd == "keydown":
            app.handle_key(args[0])
        elif cmd == "keyup":
            app.handle_key_up(args[0])
        elif cmd == "tap":
            w = app.sm.current_screen
            for name in args:
                w = w.ids[name]
            w.trigger_action(0)
        elif cmd == "tapcard":
            # A shown card of a hand strip (any widget of the current screen whose ``card`` is it).
            stack = [app.sm.current_screen]
            while stack:
                w = stack.pop()
                if getattr(w, "card", None) == args[0] and hasattr(w, "trigger_action"):
                    w.trigger_action(0)
                    break
                stack.extend(w.children)
        elif cmd == "act":
            from engine.game import Action
            a = Action.from_text(" ".join(args))
            app.table.submit(a.player, a.kind, *a.args)
        elif cmd == "dump":
            tmp = args[0] + ".tmp"
            with open(tmp, "w") as f:
                # Challengers!: the whole tournament (the engine's own picture, hidden cards and all).
                tournament = getattr(app.table.state, "tournament", None)
                from engine.challengers.game import tournament_dump
                state = tournament_dump(tournament) if tournament is not None else app.controller.dump()
                json.dump({"screen": app.sm.current, "state": state, "table": app.table.dump()}, f,
                          sort_keys=True)
            os.replace(tmp, args[0])
        elif cmd == "screenshot":
            app.save_screenshot(args[0])
        elif cmd == "texts":
            tmp = args[0] + ".tmp"
            with open(tmp, "w") as f:
                json.dump({"screen": app.sm.current, "lang": app.lang, "texts": widget_texts(app.root)}, f,
                          ensure_ascii=False)
            os.replace(tmp, args[0])
        elif cmd == "block":
            # Hold the UI thread (the watchdog test: its pings must stop meanwhile).
            time.sleep(float(args[0]) if args else 3.0)
        elif cmd == "lang":
            app.set_setting("lang", args[0])
        elif cmd == "join":
            app.enter_tournament()
        elif cmd == "pair":
            scr = app.sm.get_screen("join")
            if len(args) > 1:
                scr.ids.name.text = " ".join(args[1:])
            scr.entered = ""
            for k in args[0]:
                scr.key(k)
            scr.key("OK")
        elif cmd == "go":
            app.controller.ack_seats()
        elif cmd == "quit":
            app.stop()


def widget_texts(root) -> list[str]:
    """Every text in the widget tree under ``root`` now (Labels, Buttons, card faces, text lines;
    hidden ones too), markup taken out: what the French-interface test reads."""
    from kiosk.widgets import CardFace, TextLine
    found = []
    for w in root.walk(restrict=True):
        if isinstance(w, (Label, TextLine)):
            found.append(w.text)
        elif isinstance(w, CardFace):
            found += [w.name, w.text]
    return sorted({MARKUP.sub("", t) for t in found if t and t.strip()})


def attach(app):
    """Start reading the file ``TABLECUP_KIOSK_HOOK`` names (the app is built); None without one."""
    path = os.environ.get("TABLECUP_KIOSK_HOOK")
    if not path:
        return None
    hook = TestHook(app, path).start()
    sdnotify.status("block-hook ready")      # the watchdog test may send `block SECONDS`
    return hook
