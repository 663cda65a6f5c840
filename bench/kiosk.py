"""Kiosk figures: first frame, reveal latency, fps during animations, idle CPU, peak memory.

    SDL_VIDEODRIVER=offscreen .venv/bin/python bench/kiosk.py [--reveals 200] [--window 1920x1080] [--motions 30]

Runs the real app in a child process (same entry point as ``tablecup kiosk``);
reveals go through the keyboard handler (the path touch and GPIO buttons share).
``KIVY_CLOCK`` is passed through (the kiosk's default: ``interrupt``).

A frame counts when it has been swapped and rendered: the bench calls glFinish()
after every swap (offscreen, mesa llvmpipe's swap does not wait for the
rasterizer, so frames would pile up in the driver and be paid for later).
``--no-gl-finish`` counts frames at submission (the figures before 2026-11).

Animations: the card fade-ins, and since 2026-11 the match screen's flag toss and captures
(``kiosk.games.challengers.motion``).  For the first ``--motions`` tosses and captures the drive
lets each one run to its end before the next press (after that, presses come at once and cut
them short, as a quick player's would); "fps during animations" counts every frame of the
drive, those motions included, and "fps in toss/capture" only the frames drawn while one of
them ran (from the press that started it to its end).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

# This file is called kiosk.py: keep its folder from shadowing the kiosk package.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [x for x in sys.path if os.path.abspath(x or ".") != _HERE]

TARGETS = {"first_frame_s": ("<=", 1.5), "reveal_p99_ms": ("<=", 50), "fps_anim": (">=", 30),
           "fps_motion": (">=", 30), "idle_cpu_pct": ("<=", 3), "peak_mb": ("<=", 250)}


def child(n_reveals, gl_finish=True, window="800x480", n_motions=30):
    import resource

    from kiosk.main import run

    res = {}

    def hook(app):
        from kivy.clock import Clock
        from kivy.core.window import Window

        from kiosk.games.challengers.board import new_game
        lat, flips = [], []
        st = {"t_in": None, "phase": "idle", "motion": None, "motions": 0, "motion_frames": 0, "motion_s": 0.0}

        def motion():
            """The match screen's motion layer, once the screen exists."""
            sm = app.sm
            return sm.get_screen("match").ids.motion if sm.has_screen("match") else None

        def watch_motion(t_press, n_press):
            """A toss or capture started by the press at ``t_press``: wait for its end (the
            first ``n_motions`` of them)."""
            mo = motion()
            if mo is not None and mo.running and st["motions"] < n_motions:
                st["motion"] = (t_press, n_press)

        from kivy.graphics.opengl import glFinish
        swap = Window.flip

        def flip(*a):                            # WindowBase.on_flip -> flip(): the swap
            r = swap(*a)
            if gl_finish:
                glFinish()                       # the frame is really drawn now
            now = time.perf_counter()
            flips.append(now)
            if st["t_in"] is not None:
                lat.append((now - st["t_in"]) * 1000)
                st["t_in"] = None
                Clock.schedule_once(drive, 0)    # next move once the reveal is on screen
            return r
        Window.flip = flip

        def idle_start(dt):
            r = resource.getrusage(resource.RUSAGE_SELF)
            st["cpu0"], st["w0"] = r.ru_utime + r.ru_stime, time.perf_counter()
            st["idle_flips0"] = len(flips)
            Clock.schedule_once(idle_end, 5)

        def idle_end(dt):
            r = resource.getrusage(resource.RUSAGE_SELF)
            res["idle_cpu_pct"] = 100 * (r.ru_utime + r.ru_stime - st["cpu0"]) / (time.perf_counter() - st["w0"])
            res["idle_frames"] = len(flips) - st["idle_flips0"]
            new_game(app.table, ("Light", "Dark"), seed=7)
            st["anim_start"] = len(flips)
            st["t_anim"] = time.perf_counter()
            Clock.schedule_once(drive, 0)

        def drive(dt):
            c = app.controller
            if st["motion"] is not None:          # a toss or capture runs: let it end
                if motion().running:
                    Clock.schedule_once(drive, 1 / 60.)
                    return
                t0, n0 = st["motion"]
                st["motion"] = None
                st["motions"] += 1
                st["motion_frames"] += len(flips) - n0
                st["motion_s"] += time.perf_counter() - t0
            if len(lat) >= n_reveals:
                n = len(flips) - st["anim_start"]
                res["fps_anim"] = n / (time.perf_counter() - st["t_anim"])
                res["motions"] = st["motions"]
                res["fps_motion"] = st["motion_frames"] / st["motion_s"] if st["motion_s"] else None
                res["reveals"] = len(lat)
                s = sorted(lat)
                res["reveal_median_ms"] = s[len(s) // 2]
                res["reveal_p99_ms"] = s[min(len(s) - 1, int(len(s) * 0.99))]
                res["clock"] = type(object.__getattribute__(Clock, "_obj")).__name__
                app.stop()
                return
            if st["t_in"] is not None:            # the frame showing the last reveal calls drive
                return
            t = c.tournament_view                 # the local table's Challengers! view model (Board)
            if t is None or t.over:
                new_game(app.table, ("Light", "Dark"), seed=len(lat))
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
                    t_press, n_press = time.perf_counter(), len(flips)
                    c.submit(None, "match.toss")
                    watch_motion(t_press, n_press)
                elif kind == "choose":
                    c.submit(c.half_of(m.pending_player), "match.choose", 0)
                elif kind == "reveal":
                    st["t_in"] = time.perf_counter()
                    n_press = len(flips)
                    key = "a" if c.half_of(side) == 0 else "l"
                    app.handle_key(key)
                    app.handle_key_up(key)          # a press, then let go (a held key reveals once)
                    watch_motion(st["t_in"], n_press)
                    Window.canvas.ask_update()
                    return
            Clock.schedule_once(drive, 0)

        def first(dt):
            Clock.schedule_once(idle_start, 1.0)
        Clock.schedule_once(first, 0.2)

    with tempfile.TemporaryDirectory() as d:
        run(["--data", d, "--window", window], app_hook=hook)
    res["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("BENCH-RESULT " + json.dumps(res), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reveals", type=int, default=200)
    ap.add_argument("--no-gl-finish", dest="gl_finish", action="store_false",
                    help="count frames at submission, without glFinish() after the swap")
    ap.add_argument("--window", default="800x480", help="the kiosk's window size (default 800x480)")
    ap.add_argument("--motions", type=int, default=30,
                    help="tosses and captures the drive lets run to their end (default 30)")
    ap.add_argument("--child", action="store_true")
    a = ap.parse_args()
    if a.child:
        child(a.reveals, a.gl_finish, a.window, a.motions)
        return 0
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "offscreen")
    env.update({"KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1"})
    t0 = time.monotonic()      # the kiosk's KIOSK-FIRST-FRAME is on the same (system-wide) clock
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", "--reveals", str(a.reveals),
                        "--window", a.window, "--motions", str(a.motions)]
                       + ([] if a.gl_finish else ["--no-gl-finish"]),
                       check=False, env=env, capture_output=True, text=True, timeout=600)
    res, first = None, None
    for line in p.stdout.splitlines():
        if line.startswith("KIOSK-FIRST-FRAME "):
            first = float(line.split()[1]) - t0
        if line.startswith("BENCH-RESULT "):
            res = json.loads(line[len("BENCH-RESULT "):])
    if res is None:
        print(p.stdout[-2000:], p.stderr[-3000:])
        return 1
    res["first_frame_s"] = first
    rows = [("first interactive frame", "first_frame_s", "s"), ("reveal→frame median", "reveal_median_ms", "ms"),
            ("reveal→frame p99", "reveal_p99_ms", "ms"), ("fps during animations", "fps_anim", "fps"),
            ("fps in toss/capture", "fps_motion", "fps"),
            ("idle CPU", "idle_cpu_pct", "%"), ("peak memory (RSS)", "peak_mb", "MB")]
    print(f"{'measure':26} {'value':>10}  {'unit':4} target")
    for label, key, unit in rows:
        v = res.get(key)
        tgt = TARGETS.get(key)
        ok = ""
        if tgt and v is not None:
            ok = ("ok" if (v <= tgt[1] if tgt[0] == "<=" else v >= tgt[1]) else "MISSED")
            ok = f"{tgt[0]} {tgt[1]} {ok}"
        print(f"{label:26} {v:>10.2f}  {unit:4} {ok}" if v is not None else f"{label:26} {'n/a':>10}")
    print(f"(window {a.window}, {res.get('reveals')} reveals, {res.get('motions')} tosses/captures run to their end, clock {res.get('clock')}, {res.get('idle_frames')} frames drawn in 5 s idle, "
          f"frames {'rendered (glFinish)' if a.gl_finish else 'submitted'}, load average {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
