"""What every real-app drive script shares: start the kiosk offscreen with a hook, press keys and
tap widgets, take screenshots, write JSON for the test, and report one ``TAG {json}`` line.

A drive script builds a :class:`Driver` inside its hook and gives it either a *step* function
called on the Kivy clock (:meth:`Driver.every`: one small move per call, with ``st["wait"]``
steps of rest in between) or a generator that yields the seconds to wait before its next part
(:meth:`Driver.follow`).  Either way an exception ends the run with its traceback in
``out["error"]``, which :func:`kiosk_helpers.script_result` reports.

The three table games' drivers also share the way a solo game is started from the home screen,
resumed, and closed at its end: :meth:`Driver.solo_game`.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("TABLECUP_ROBOT_DELAY", "0.01")
# The shared test helpers (tests/support: the leak check, the registered games), as pytest has them.
sys.path.insert(1, str(Path(__file__).resolve().parent.parent / "support"))

from engine_peek import install as peek_at_the_engine  # noqa: E402 - after the environment above

peek_at_the_engine()


def arguments() -> tuple[Path, Path, str, str]:
    """``DATA_DIR ARTIFACTS_DIR [MODE [ARG]]`` from the command line (the artifacts folder made)."""
    data, art = Path(sys.argv[1]), Path(sys.argv[2])
    art.mkdir(parents=True, exist_ok=True)
    mode = sys.argv[3] if len(sys.argv) > 3 else ""
    arg = sys.argv[4] if len(sys.argv) > 4 else ""
    return data, art, mode, arg



def run_app(args: list[str], hook: Callable, out: dict, tag: str) -> None:
    """Run the real app with ``hook``, then print ``TAG {out}`` (the test reads the last such line).
    Phones take seats on a port held for them (``ports.reserved_port``) unless ``args`` names one
    (tests run side by side)."""
    from ports import reserved_port

    from kiosk.main import run
    if "--phone-port" not in args:
        args = [*args, "--phone-port", str(reserved_port())]
    out["rc"] = run(args, app_hook=hook)
    print(f"{tag} " + json.dumps(out, ensure_ascii=False), flush=True)


def walk(w) -> Iterator:
    """``w`` and every widget under it."""
    stack = [w]
    while stack:
        x = stack.pop()
        yield x
        stack.extend(x.children)


def touch(widget=None, pos=None) -> None:
    """A real touch (down, up) through the window at the centre of ``widget`` (or at ``pos``, in
    window coordinates): what a finger does, hitting whatever is on top there."""
    from kivy.tests.common import UnitTestTouch
    t = UnitTestTouch(*(pos if pos is not None else widget.to_window(*widget.center)))
    t.touch_down()
    t.touch_up()


def play_deck_phase(c, by_half: bool = False) -> None:
    """Challengers!: every half's Deck Phase played through at once by the controller ``c``, each
    step taking the first option or card and ending the removals (the match is next).  The halves
    take turns, one step each, or with ``by_half`` the bottom half plays its whole Deck Phase
    first (the halves draw from the same piles: the order decides the decks)."""
    def step(half) -> bool:
        dp = c.deck_phase_at(half)
        if dp is None or dp.stage == "done":
            return False
        act = {"option": "deck.option", "pick": "deck.pick", "choose": "deck.choose"}.get(dp.stage)
        c.submit(half, act, 0) if act else c.submit(half, "deck.done")
        return True
    if by_half:
        for half in (0, 1):
            while step(half):
                pass
    while c.t.phase == "deck" and any(step(half) for half in (0, 1)):
        pass


class Driver:
    """One run's hands on the app: keys, taps, screenshots and files, counted in ``out``."""

    def __init__(self, app, out: dict, art: Path | None = None):
        self.app, self.out, self.art = app, out, art
        self.st: dict[str, Any] = {"steps": 0, "phase": "start", "wait": 0}
        self.ev = None

    # ------------------------------------------------------------------ hands
    def key_down(self, ch: str) -> None:
        from kivy.core.window import Window
        self.out["keys"] = self.out.get("keys", 0) + 1
        Window.dispatch("on_key_down", {" ": 32}.get(ch, ord(ch)), 0, ch, [])

    def key_up(self, ch: str) -> None:
        from kivy.core.window import Window
        Window.dispatch("on_key_up", {" ": 32}.get(ch, ord(ch)), 0)

    def key(self, ch: str) -> None:
        """A key pressed and let go (a side key held down is one press, however long)."""
        self.key_down(ch)
        self.key_up(ch)

    def tap(self, w) -> None:
        self.out["taps"] = self.out.get("taps", 0) + 1
        w.trigger_action(0)

    def screen(self):
        return self.app.sm.current_screen

    # ------------------------------------------------------------------ records
    def shot(self, name: str) -> Path:
        path = self.app.save_screenshot(self.art / f"{name}.png")
        self.out.setdefault("shots", []).append(name)
        return path

    def write(self, name: str, payload: Any) -> None:
        """``payload`` as JSON in ``ART/name``, all at once (a test may be waiting for the file)."""
        tmp = self.art / (name + ".tmp")
        tmp.write_text(json.dumps(payload, sort_keys=True))
        os.replace(tmp, self.art / name)

    # ------------------------------------------------------------------ running
    def fail(self) -> None:
        self.out["error"] = traceback.format_exc()
        self.app.stop()

    def finish(self) -> None:
        """The run went to its end: stop stepping, then stop the app once this frame is drawn."""
        from kivy.clock import Clock
        self.out["done"] = True
        if self.ev is not None:
            self.ev.cancel()
        Clock.schedule_once(lambda dt: self.app.stop(), 0.2)

    def every(self, interval: float, step: Callable[[], Any], check: Callable[[], Any] | None = None,
              limit: int | None = None) -> None:
        """Call ``step`` every ``interval`` seconds (not while ``st["wait"]`` steps of rest are
        left), then ``check``; more than ``limit`` steps is a failure."""
        from kivy.clock import Clock
        st = self.st

        def tick(dt):
            try:
                st["steps"] += 1
                if limit is not None and st["steps"] > limit:
                    raise RuntimeError(f"too many steps (phase {st['phase']}, screen {self.app.sm.current})")
                if st["wait"] > 0:
                    st["wait"] -= 1
                else:
                    step()
                if check is not None:
                    check()
            except Exception:       # noqa: BLE001 -- any failure of a step is the run's result
                self.fail()

        self.ev = Clock.schedule_interval(tick, interval)

    def follow(self, script: Iterator[float], first: float = 0.2, settle: bool = True) -> None:
        """Run the generator ``script``: each value it yields is the least number of seconds
        before its next part (longer while an animation runs, unless ``settle`` is False: the
        cards' fade-ins finish before anything is looked at)."""
        from kivy.animation import Animation
        from kivy.clock import Clock

        def advance(dt, waited=0.0):
            if settle and Animation._instances and waited < 3:
                Clock.schedule_once(lambda dt: advance(dt, waited + 0.05), 0.05)
                return
            try:
                wait = next(script)
            except StopIteration:
                return
            except Exception:       # noqa: BLE001 -- reported in the result line
                self.fail()
                return
            Clock.schedule_once(advance, wait)

        Clock.schedule_once(advance, first)

    # ------------------------------------------------------------------ a solo game of a table game
    def hold_mid_game(self, limit: int) -> bool:
        """Mode "first": once the person has made ``limit`` decisions, at the start of the next
        one, write ``before.json`` (once) and do nothing more -- the test kills the app now.
        True while held."""
        st, out = self.st, self.out
        if out["decisions"] < limit or st["phase"] != "start":
            return False
        if "before" not in st:
            st["before"] = True
            self.write("before.json", {"screen": self.app.sm.current, "table": self.app.table.dump()})
            print("BEFORE-READY", flush=True)
        return True

    def solo_game(self, game: str, mode: str, start: Callable, summary: Callable[[dict], Any]) -> bool:
        """The home screen's and the end's part of a solo game of ``game`` at the table; True
        when this step was one of them (else the person's own move is up to the caller).

        ``mode`` "first": the game is chosen on home, its generator seeded, then ``start(home)``
        taps its options; any other mode taps Resume (``out["resume_visible"]``) and writes
        ``after.json`` on the first step at the table.  At the end: ``GAME-end.png``,
        ``end.json``, ``summary(out)`` (the game's own facts), the stored actions and the closed
        game's row, then "Home"; back home, the run finishes."""
        app, st, out = self.app, self.st, self.out
        cur = app.sm.current
        t = app.table
        if cur == "home":
            if st["phase"] == "finished":
                out["home_after"] = True
                self.finish()
                return True
            if st["steps"] < 8:
                return True
            home = self.screen()
            if home.game != game:
                self.tap(home.ids[f"game_{game}"])
                st["wait"] = 3
                return True
            if mode == "first":
                t.seed_games(20261122)
                start(home)
            else:
                out["resume_visible"] = home.can_resume_table
                self.tap(home.ids.tresume)
                st["resumed"] = True
            return True
        if not cur.startswith(game):
            return True
        if st.get("resumed") and "after" not in st:
            st["after"] = True
            self.write("after.json", {"screen": cur, "table": t.dump()})
        if not t.over:
            return False
        if st["phase"] != "end-shot":
            st["phase"] = "end-shot"
            st["wait"] = 5
            return True
        self.shot(f"{game}-end")
        self.write("end.json", {"table": t.dump()})
        summary(out)
        out["actions"] = len(t.actions)
        out["stored"] = len(app.store.table_actions(t.table_id))
        out["finished_row"] = app.store.db.conn.execute(
            "select finished is not null, outcome_json from table_games where id = ?", (t.table_id,)).fetchone()
        st["phase"] = "finished"
        self.tap(self.screen().ids.home)
        return True


def queued_seconds(thread: int | None = None, process: int | None = None) -> float:
    """Seconds this thread (or the thread of native id ``thread`` in this process, or the main
    thread of process ``process``) has waited, runnable, for a core so far (Linux's schedstat; 0
    where there is none): the machine's other work, not the app's, kept it from running then."""
    if process is not None:
        path = f"/proc/{process}/schedstat"
    else:
        path = "/proc/thread-self/schedstat" if thread is None else f"/proc/self/task/{thread}/schedstat"
    try:
        with open(path) as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class FrameTimes:
    """Every frame's time while the app runs: a Clock callback each frame (the interrupt clock
    never sleeps while a zero-interval event is pending, so the interval is one frame) and each
    drawing (``on_draw`` to ``on_flip``: the window's own rendering, slow with a software
    renderer).  ``during()``, when given, is asked at each frame (e.g. "a bot is thinking");
    :meth:`longest_stall_ms` is the longest the UI thread went without a frame, the drawing
    left out, between two frames where ``during()`` held.  The time the UI thread waited for a
    core meanwhile (:func:`queued_seconds`) is left out too, and that of the threads named in
    ``waited_on`` (a thread the UI waits for, e.g. for the interpreter's lock, waiting for a core
    itself): on a loaded machine that is the machine's stall, not the app's, and it is the app's
    that a test bounds."""

    def __init__(self, during: Callable[[], bool] = lambda: True, waited_on: tuple[str, ...] = ()):
        import time

        from kivy.clock import Clock
        from kivy.core.window import Window

        from kiosk.widgets import FRAME
        self.ticks: list[tuple[float, bool, float]] = []
        self.draws: list[list[Any]] = []          # [drawn from, to, queued then, then]
        self.last_stalls: list[float] = []
        import threading

        def queued() -> float:
            return queued_seconds() + sum(queued_seconds(th.native_id) for th in threading.enumerate()
                                          if th.name in waited_on and th.native_id is not None)

        Clock.schedule_interval(lambda dt: self.ticks.append((time.perf_counter(), bool(during()), queued())), FRAME)
        Window.bind(on_draw=lambda *a: self.draws.append([time.perf_counter(), None, queued(), 0.0]))
        Window.bind(on_flip=lambda *a: self.draws[-1].__setitem__(slice(1, 4, 2), (time.perf_counter(), queued()))
                    if self.draws and self.draws[-1][1] is None else None)

    def longest_stall_ms(self, start: float, end: float) -> tuple[int, float]:
        """(frames between ``start`` and ``end`` while ``during()`` held, the longest gap between
        two such frames in ms with the drawing inside that gap left out); :attr:`last_stalls`:
        the five longest."""
        import itertools
        ticks = [tick for tick in self.ticks if start <= tick[0] <= end]
        drawn = [d for d in self.draws if d[1] is not None and start - 0.1 <= d[0] <= end]

        def stall_of(a: float, queued_a: float, b: float, queued_b: float) -> float:
            """The gap from ``a`` to ``b`` less the drawing in it and the waits for a core
            outside that drawing (a drawing's own waits are left out with it)."""
            inside = [(x, y, qx, qy) for x, y, qx, qy in drawn if a <= x and y <= b]
            waits = queued_b - queued_a - sum(qy - qx for _, _, qx, qy in inside)
            return b - a - sum(max(0.0, min(b, y) - max(a, x)) for x, y, _, _ in drawn) - max(0.0, waits)

        stall = [stall_of(a, queued_a, b, queued_b)
                 for (a, on_a, queued_a), (b, on_b, queued_b) in itertools.pairwise(ticks) if on_a and on_b]
        self.last_stalls = sorted((round(1000 * x, 1) for x in stall), reverse=True)[:5]
        return sum(on for _, on, _ in ticks), round(1000 * max(stall, default=0.0), 1)


def start_table_game(d: Driver, game: str, level: int, seed: int) -> Iterator[float]:
    """Taps on the home screen (a part of a :meth:`Driver.follow` script): ``game``, its bot level
    ``level`` (1-based, as on screen), then "Solo", with the table's games seeded by ``seed``."""
    home = d.app.sm.get_screen("home")
    if home.game != game:
        d.tap(home.ids[f"game_{game}"])
        yield 0.3
    d.tap(home.ids[f"tlv{level}"])
    yield 0.1
    d.app.table.seed_games(seed)
    d.tap(home.ids.tsolo)
    yield 0.3
