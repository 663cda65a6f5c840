"""Button latency: from a (mock) GPIO pin edge to the engine, and to the frame.

    SDL_VIDEODRIVER=offscreen .venv/bin/python bench/hardware.py [--presses 200] [--clock default|interrupt|both]

Runs the real app offscreen in a child process (same entry point as
``tablecup kiosk``) with ``backend = "gpio"`` on gpiozero's MockFactory
(MockPWMPin LEDs): kiosk.hardware_link attaches as in production.  A thread
plays the players: it waits until a side must reveal, waits a random 0-17 ms
(so presses are not in step with frames) and drives that side's pin low.
Two-player games (no Robot); the toss, choices and the Deck Phase go straight
to the controller and are not measured.

For every press:
  engine  -- edge -> the engine has applied the reveal (the controller hands it to the store)
  saved   -- edge -> it is on disk and the listeners run (screens, LEDs)
  frame   -- edge -> the next Window frame (on_flip) after the screen updated

``--clock`` picks Kivy's clock (``KIVY_CLOCK``): ``default`` sleeps a whole frame
between ticks (a press from another thread waits for it); ``interrupt`` wakes
up when something is scheduled from another thread.
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


def child(n_presses, out):
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    from kiosk.main import run

    res = {"error": None}

    def hook(app):
        from kivy.clock import Clock
        from kivy.core.window import Window

        lat = {"handled": [], "engine": [], "saved": [], "synced": [], "frame": []}
        st = {"t0": None, "engine": None, "saved": None, "await_frame": False, "side": None}
        want = threading.Event()
        measured = threading.Event()
        rng = random.Random(1)

        def on_flip(*_):
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
            c = app.controller
            if len(lat["frame"]) >= n_presses or res["error"]:
                return finish()
            if st["t0"] is not None or want.is_set():
                return
            t = c.t
            if t is None or t.over:
                c.new_game(("Light", "Dark"), seed=rng.getrandbits(32))
            elif c.result is not None:
                c.ack_result()
            elif t.phase in ("deck", "final-deck"):
                s = c.active_deck_side()
                dp = c.deck_phase_at(s)
                {"option": lambda: c.deck_option(s, 0), "pick": lambda: c.deck_pick(s, 0),
                 "choose": lambda: c.deck_choose(s, 0), "remove": lambda: c.deck_done(s)}[dp.stage]()
            else:
                m = c.match
                kind, side = m.expect
                if kind == "toss":
                    c.press_toss()
                elif kind == "choose":
                    c.tap_choice(m.pending.player, 0)
                elif kind == "reveal":
                    st["side"] = side
                    want.set()                       # the player presses (driver thread)
                else:
                    Clock.schedule_once(director, 0.01)

        def driver():
            try:
                while len(lat["frame"]) < n_presses:
                    if not want.wait(10):
                        raise TimeoutError("the kiosk never asked for a reveal")
                    pin = factory.pin(PINS[st["side"]])
                    time.sleep(rng.uniform(0, 0.017))
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
            except BaseException:                    # noqa: BLE001
                import traceback
                res["error"] = traceback.format_exc()
                Clock.schedule_once(lambda dt: finish(), 0)

        def finish():
            res["clock"] = type(Clock).__name__
            res["backend"] = app.hardware.status
            res["presses"] = len(lat["frame"])
            for k, v in lat.items():
                res[f"{k}_median_ms"] = pct(v, 0.5)
                res[f"{k}_p99_ms"] = pct(v, 0.99)
                res[f"{k}_max_ms"] = max(v) if v else float("nan")
            app.stop()

        def start(*_):
            store = app.controller.store
            orig = store.add_action

            def add_action(game_id, seq, action):
                if st["t0"] is not None and st["engine"] is None and action[0] == "match" and action[2] == "reveal":
                    st["engine"] = time.perf_counter()
                return orig(game_id, seq, action)
            store.add_action = add_action
            link = app.hardware
            orig_handle = link.handle

            def handle(event, received=None):
                if st["t0"] is not None and st.get("handled") is None:
                    st["handled"] = time.perf_counter()
                return orig_handle(event, received)
            link.handle = handle
            app.controller.listeners.insert(0, first_listener)
            app.controller.listeners.append(last_listener)
            Window.bind(on_flip=on_flip)
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
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.presses, args.child)
        return 0
    clocks = ("default", "interrupt") if args.clock == "both" else (args.clock,)
    ok = True
    for clock in clocks:
        env = dict(os.environ)
        env.setdefault("SDL_VIDEODRIVER", "offscreen")
        env.update({"KIVY_CLOCK": clock, "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1"})
        with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
            out = tmp.name
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--presses", str(args.presses),
                            "--child", out], env=env, capture_output=True, text=True, timeout=600)
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
        print(f"KIVY_CLOCK={clock} ({r['clock']}), {r['presses']} presses, backend: {r['backend']}")
        for k, label in (("handled", "pin edge -> kiosk thread has it"), ("engine", "pin edge -> engine revealed"), ("saved", "pin edge -> on disk, listeners"),
                         ("synced", "pin edge -> screen updated"),
                         ("frame", "pin edge -> frame showing it")):
            line = f"  {label:32s} median {r[k + '_median_ms']:7.2f} ms   p99 {r[k + '_p99_ms']:7.2f} ms   max {r[k + '_max_ms']:7.2f} ms"
            target = TARGETS.get(k + "_p99_ms")
            if target is not None:
                good = r[k + "_p99_ms"] <= target
                ok &= good
                line += f"   target p99 <= {target:g} ms: {'ok' if good else 'MISSED'}"
            print(line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
