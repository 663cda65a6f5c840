"""Button latency: from a (mock) GPIO pin edge to the engine, and to the frame.

    SDL_VIDEODRIVER=offscreen .venv/bin/python bench/hardware.py [--presses 200] [--clock default|interrupt|both]
                                    [--pace fast|human|rest|both] [--repeat N] [--no-gl-finish]

Runs the real app offscreen in a child process (same entry point as
``tablecup kiosk``) with ``backend = "gpio"`` on gpiozero's MockFactory
(MockPWMPin LEDs): kiosk.hardware_link attaches as in production.  A thread
plays the players: it waits until a side must reveal, waits a random 0-17 ms
(so presses are not in step with frames) and drives that side's pin low.
Two-player games (no Robot); the toss and the choices go straight to the Challengers! view
model of the local table (``app.controller``: ``Board.submit``, the screens' path), the Deck
Phase to the table (the greedy bot's choices), and are not measured.

For every press:
  engine  -- edge -> the engine has checked the reveal and the table hands it to the store (applied once written)
  saved   -- edge -> it is on disk and the listeners run (screens, LEDs)
  frame   -- edge -> the next frame after the screen updated has been swapped *and
             rendered*: the bench calls glFinish() after every swap.  Offscreen, mesa
             llvmpipe's swap is a no-op that does not wait for the rasterizer, so
             "flipped" frames pile up in the driver and one later frame (one that
             uploads a texture, e.g. a new card text) pays for all of them -- a real
             display's swap waits instead.  ``--no-gl-finish`` measures at submission
             (the old figure).

``--clock`` picks Kivy's clock (``KIVY_CLOCK``): ``default`` sleeps a whole frame
between ticks (a press from another thread waits for it); ``interrupt`` (the
kiosk's own default, see kiosk/main.py) wakes up when something is scheduled
from another thread.

``--pace``: ``human`` presses 0.3-0.8 s after a reveal becomes possible (a
person; the card's 0.2 s fade-in is over) -- the targets are about this pace;
``rest`` presses 1.5-2.5 s after, once the loop has slowed to its resting pace
(kiosk/pace.py: a press from another thread still wakes it at once); ``fast``
presses 0-17 ms after, while the previous reveal still animates and the main thread
is busy drawing (a stress figure: a press then waits for the frame being drawn).
``--repeat N`` runs each case N times and prints the spread.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time

# This file is called hardware.py: keep its folder from shadowing the hardware package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [x for x in sys.path if os.path.abspath(x or ".") != _HERE]
sys.path.insert(0, os.path.dirname(_HERE))

TARGETS = {"engine_p99_ms": 2.0, "frame_p99_ms": 50.0}
PINS = {0: 17, 1: 27}


def pct(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * q))] if s else float("nan")


#: Seconds from "a reveal is possible" to the press, drawn uniformly, for each ``--pace``.
PRESS_DELAY_S = {"fast": (0, 0.017), "human": (0.3, 0.8), "rest": (1.5, 2.5)}


def child(n_presses, out, pace="fast", gl_finish=True):
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    from kiosk.main import run

    res = {"error": None}

    def hook(app):
        from kivy.clock import Clock
        from kivy.core.window import Window

        from kiosk.games.challengers.board import new_game

        lat = {"handled": [], "engine": [], "saved": [], "synced": [], "frame": []}
        st = {"t0": None, "engine": None, "saved": None, "await_frame": False, "side": None}
        want = threading.Event()
        measured = threading.Event()
        rng = random.Random(1)

        def frame_done():
            if st["await_frame"]:
                now = time.perf_counter()
                st["await_frame"] = False
                lat["engine"].append((st["engine"] - st["t0"]) * 1000)
                lat["saved"].append((st["saved"] - st["t0"]) * 1000)
                lat["handled"].append((st["handled"] - st["t0"]) * 1000)
                lat["synced"].append((st["synced"] - st["t0"]) * 1000)
                lat["frame"].append((now - st["t0"]) * 1000)
                st["t0"] = None
                measured.set()
                Clock.schedule_once(director, 0.01)

        def first_listener(c, events):
            if st["t0"] is not None and st["engine"] is not None and st["saved"] is None:
                st["saved"] = time.perf_counter()

        def last_listener(c, events):
            if st["t0"] is not None and st["saved"] is not None and not st["await_frame"] and st["engine"]:
                st["await_frame"] = True          # the screen has been updated: the next flip shows it
                st["synced"] = time.perf_counter()
                Window.canvas.ask_update()
            elif st["t0"] is None:
                Clock.schedule_once(director, 0.01)

        def director(*_):
            # What the screens read: the Challengers! view model of the local table (Board), the
            # inputs its contract actions by halves (Board.submit), as the screens give them.
            c = app.controller
            if len(lat["frame"]) >= n_presses or res["error"]:
                return finish()
            if st["t0"] is not None or want.is_set():
                return
            t = c.tournament_view
            if t is None or t.over:
                new_game(app.table, ("Light", "Dark"), seed=rng.getrandbits(32))
            elif c.result is not None:
                c.ack_result()
            elif c.screen() == "deck":
                # The Deck Phase straight to the table, by the greedy bot's choice (not measured).
                table = app.table
                seat = min(table.to_act())
                greedy = table.game.policies["greedy"](table.data, seat, len(table.actions))
                table.act(greedy.act(table.observation(seat), table.legal(seat)))
            else:
                m = c.match_view()
                kind, side = m.expect
                if kind == "toss":
                    c.submit(None, "match.toss")
                elif kind == "choose":
                    c.submit(c.half_of(m.pending_player), "match.choose", 0)
                elif kind == "reveal":
                    st["side"] = c.half_of(side)           # the button of the half where the player sits
                    want.set()                       # the player presses (driver thread)
                else:
                    Clock.schedule_once(director, 0.01)

        def driver():
            try:
                while len(lat["frame"]) < n_presses:
                    if not want.wait(10):
                        raise TimeoutError("the kiosk never asked for a reveal")
                    pin = factory.pin(PINS[st["side"]])
                    # fast: press as soon as the kiosk asks (animations still running);
                    # human: a person's pace, 0.3-0.8 s after the card could be revealed;
                    # rest: after the loop has slowed down (no frame for a second).
                    time.sleep(rng.uniform(*PRESS_DELAY_S[pace]))
                    measured.clear()
                    st["engine"] = st["saved"] = st["handled"] = st["synced"] = None
                    st["t0"] = t0 = time.perf_counter()
                    want.clear()
                    pin.drive_low()
                    if not measured.wait(5):
                        raise TimeoutError("no frame after a press")
                    time.sleep(max(0.0, t0 + 0.04 - time.perf_counter()))   # hold 40 ms
                    pin.drive_high()
                    time.sleep(0.035)                # > debounce_ms before the next press on any pin
            except BaseException:
                import traceback
                res["error"] = traceback.format_exc()
                Clock.schedule_once(lambda dt: finish(), 0)
                raise                                # the thread's end shows it too

        def finish():
            res["clock"] = type(object.__getattribute__(Clock, "_obj")).__name__
            res["backend"] = app.hardware.status
            res["presses"] = len(lat["frame"])
            for k, v in lat.items():
                res[f"{k}_median_ms"] = pct(v, 0.5)
                res[f"{k}_p99_ms"] = pct(v, 0.99)
                res[f"{k}_max_ms"] = max(v) if v else float("nan")
            app.stop()

        def start(*_):
            store = app.table.store
            orig = store.add_table_action

            def add_table_action(table_id, seq, action_json):
                if st["t0"] is not None and st["engine"] is None and '"match.reveal"' in action_json:
                    st["engine"] = time.perf_counter()
                return orig(table_id, seq, action_json)
            store.add_table_action = add_table_action
            link = app.hardware
            orig_handle = link.handle

            def handle(event, received=None):
                if st["t0"] is not None and st.get("handled") is None:
                    st["handled"] = time.perf_counter()
                return orig_handle(event, received)
            link.handle = handle
            app.table.listeners.insert(0, first_listener)
            app.table.listeners.append(last_listener)
            from kivy.graphics.opengl import glFinish
            swap = Window.flip

            def flip(*a):                            # WindowBase.on_flip -> flip(): the swap
                r = swap(*a)
                if gl_finish:
                    glFinish()                       # the frame is really drawn now
                frame_done()
                return r
            Window.flip = flip
            threading.Thread(target=driver, daemon=True).start()
            director()

        Clock.schedule_once(start, 0.5)

    with tempfile.TemporaryDirectory() as data:
        cfg = os.path.join(data, "cfg")
        os.makedirs(cfg)
        with open(os.path.join(cfg, "hardware.toml"), "w") as f:
            f.write('[hardware]\nbackend = "gpio"\n')
        os.environ["TABLECUP_CONFIG"] = cfg
        run(["--data", os.path.join(data, "data"), "--windowed"], app_hook=hook)
    with open(out, "w") as f:
        json.dump(res, f)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--presses", type=int, default=200)
    ap.add_argument("--clock", choices=("default", "interrupt", "both"), default="both")
    ap.add_argument("--pace", choices=("fast", "human", "rest", "both"), default="both",
                    help="fast: press the moment a reveal is possible; human: 0.3-0.8 s later; "
                         "rest: 1.5-2.5 s later, the loop at its resting pace (both: fast and human)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per case (prints the spread)")
    ap.add_argument("--no-gl-finish", dest="gl_finish", action="store_false",
                    help="time frames at submission, without glFinish() after the swap")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.presses, args.child, args.pace, args.gl_finish)
        return 0
    clocks = ("default", "interrupt") if args.clock == "both" else (args.clock,)
    paces = ("fast", "human") if args.pace == "both" else (args.pace,)
    ok = True
    for clock, pace, run_i in [(c, p, i) for p in paces for c in clocks for i in range(args.repeat)]:
        if run_i == 0:
            runs = []
        env = dict(os.environ)
        env.setdefault("SDL_VIDEODRIVER", "offscreen")
        env.update({"KIVY_CLOCK": clock, "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1"})
        with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
            out = tmp.name
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--presses", str(args.presses),
                            "--pace", pace, "--child", out] + ([] if args.gl_finish else ["--no-gl-finish"]),
                           check=False, env=env, capture_output=True, text=True, timeout=900)
        try:
            with open(out) as f:
                r = json.load(f)
        except (OSError, ValueError):
            print(p.stdout[-2000:], p.stderr[-4000:])
            return 1
        finally:
            if os.path.exists(out):
                os.unlink(out)
        if r.get("error"):
            print(r["error"])
            return 1
        runs.append(r)
        print(f"KIVY_CLOCK={clock} ({r['clock']}), {pace} pace, {r['presses']} presses, run {run_i + 1}/{args.repeat}, "
              f"load average {os.getloadavg()[0]:.2f}, frames {'rendered (glFinish)' if args.gl_finish else 'submitted'}, "
              f"backend: {r['backend']}")
        for k, label in (("handled", "pin edge -> kiosk thread has it"), ("engine", "pin edge -> engine revealed"), ("saved", "pin edge -> on disk, listeners"),
                         ("synced", "pin edge -> screen updated"),
                         ("frame", "pin edge -> frame showing it")):
            line = f"  {label:32s} median {r[k + '_median_ms']:7.2f} ms   p99 {r[k + '_p99_ms']:7.2f} ms   max {r[k + '_max_ms']:7.2f} ms"
            target = TARGETS.get(k + "_p99_ms")
            if target is not None and pace == "fast":
                line += "   (stress pace: no target)"
            elif target is not None:
                good = r[k + "_p99_ms"] <= target
                ok &= good
                line += f"   target p99 <= {target:g} ms: {'ok' if good else 'MISSED'}"
            print(line)
        if run_i == args.repeat - 1 and args.repeat > 1:
            print(f"  spread over {args.repeat} runs (min-max):")
            for k in ("engine", "frame"):
                meds = [x[k + "_median_ms"] for x in runs]
                p99s = [x[k + "_p99_ms"] for x in runs]
                print(f"    {k:6s} median {min(meds):7.2f}-{max(meds):7.2f} ms   p99 {min(p99s):7.2f}-{max(p99s):7.2f} ms")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
