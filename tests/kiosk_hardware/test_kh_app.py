"""The real Kivy app (offscreen, in a child process) with the GPIO backend on
gpiozero's MockFactory: attach() at start, buttons on the mock pins, LEDs on
MockPWMPin, detach() at stop.  Also: what the kiosk says on a plain PC.

This file is also the child: ``python test_kh_app.py child SCENARIO OUT.json``.
"""

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_child(tmp_path, scenario, config_text=None, timeout=120, **env):
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    if config_text is not None:
        (cfg / "hardware.toml").write_text(config_text)
    out = tmp_path / "out.json"
    e = dict(os.environ)
    e.update({"SDL_VIDEODRIVER": "offscreen", "KIVY_NO_FILELOG": "1", "TABLECUP_CONFIG": str(cfg),
              "TABLECUP_ROBOT_DELAY": "0.01"})
    for k in ("TABLECUP_KIOSK_HOOK", "KIVY_NO_CONSOLELOG", "KIVY_HOME"):   # (set by the in-process tests)
        e.pop(k, None)
    e.update(env)
    p = subprocess.run([sys.executable, __file__, "child", scenario, str(out), str(tmp_path / "data")],
                       env=e, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert out.exists(), p.stdout[-3000:] + p.stderr[-5000:]
    r = json.loads(out.read_text())
    assert r.get("error") is None, r["error"] + "\n" + p.stderr[-3000:]
    return r, p


@pytest.mark.slow
def test_real_app_buttons_leds_and_operator_prompt_on_mock_gpio(tmp_path):
    r, _ = run_child(tmp_path, "gpio", '[hardware]\nbackend = "gpio"\nhold_ms = 300\n')
    assert r["status"].startswith("Raspberry Pi GPIO (primary light GPIO17, primary dark GPIO27, "
                                  "secondary light GPIO23, secondary dark GPIO24, toss GPIO22")
    assert r["app_status"] == r["status"]
    assert r["after_long_toss"] == "operator"          # long toss on home: the PIN prompt
    assert r["leds_waiting_toss"] == {"light": [0.0], "dark": [0.0]}
    side, other = r["beginner"], 1 - r["beginner"]
    names = ("light", "dark")
    # the side that must reveal blinks (default 0.5 s half period), the other is off
    assert r["leds_after_toss"][names[side]] == [0.0, 1.0]
    assert r["leds_after_toss"][names[other]] == [0.0]
    # one press, one card, on the right side; shown on the match screen
    assert r["deck_after"][side] == r["deck_before"][side] - 1
    assert r["deck_after"][other] == r["deck_before"][other]
    assert r["last_action"] == ["match", 1, "reveal", side]
    assert r["screen_after_reveal"] == "match"
    # the wrong side's press did nothing
    assert r["wrong_press_changed_state"] is False
    # the match won: the match's end held on screen, the winner's LED celebrates, the loser's is off
    assert r["screen_at_the_end"] == "match"
    assert r["leds_won"][names[r["winner_half"]]] == [0.0, 1.0]
    assert r["leds_won"][names[1 - r["winner_half"]]] == [0.0]
    # detach() at stop: LEDs off, pins released
    assert r["closed"] is True


@pytest.mark.slow
def test_a_table_game_hears_side_buttons_held_and_released_and_lights_the_turn(tmp_path):
    """Between Battle at the table on mock GPIO: holding a side's primary button shows that
    side's hand, letting go hides it; the LED of the side whose turn it is is lit."""
    r, _ = run_child(tmp_path, "table", '[hardware]\nbackend = "gpio"\n')
    assert r["looking_while_held"] == [0]
    assert r["looking_after_release"] == []
    assert r["looking_other_side_held"] == [1]
    turn = r["to_act_half"]
    names = ("light", "dark")
    assert r["leds"][names[turn]] == [1.0]
    assert r["leds"][names[1 - turn]] == [0.0]
    assert r["ignored_by_challengers"] == r["challengers_ignored_before"]   # Challengers' controller heard nothing


@pytest.mark.skipif(os.path.exists("/proc/device-tree/model"), reason="this machine may be a Raspberry Pi")
@pytest.mark.slow
def test_plain_pc_runs_with_keyboard_and_touch_only_and_says_so(tmp_path):
    r, p = run_child(tmp_path, "plain", None)
    want = "keyboard and touch only (no Raspberry Pi GPIO found, no serial board configured)"
    assert r["status"] == want
    assert f"kiosk buttons and LEDs: {want}" in p.stderr + p.stdout          # the start-up log line


@pytest.mark.slow
def test_a_broken_hardware_file_does_not_stop_the_kiosk(tmp_path):
    r, p = run_child(tmp_path, "plain", '[hardware]\nreveal_lihgt = 5\n')
    assert r["status"].startswith("keyboard and touch only (")
    assert "hardware.toml: key 'hardware.reveal_lihgt': unknown key" in r["status"]


# ---------------------------------------------------------------------- the child
def child(scenario, out, data):
    sys.path.insert(0, str(ROOT))
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory          # what gpiozero uses when the backend passes no pin_factory
    from kiosk.main import run
    sys.path.insert(0, str(ROOT / "tests" / "kiosk"))
    from engine_peek import install as peek_at_the_engine       # c.t, c.match: the tests' view
    peek_at_the_engine()

    res = {"error": None}

    def hook(app):
        from kivy.clock import Clock

        def on_main(fn, timeout=10):
            box, done = {}, threading.Event()

            def go(dt):
                try:
                    box["v"] = fn()
                except BaseException as exc:  # noqa: BLE001
                    box["e"] = exc
                done.set()
            Clock.schedule_once(go, 0)
            if not done.wait(timeout):
                raise TimeoutError("main thread did not answer")
            if "e" in box:
                raise box["e"]
            return box.get("v")

        def wait_main(pred, timeout=5):
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if on_main(pred):
                    return True
                time.sleep(0.01)
            raise AssertionError(f"timed out waiting for {pred}")

        pins = {"light": factory.pin(12), "dark": factory.pin(13)}

        def leds(duration, want=None, since=None):
            """The values each LED's pin took over ``duration`` seconds from now (or from the mark
            in ``since``: a mock pin keeps the history of the values it was set to).  A side in
            ``want`` is watched on, up to 10 s, until it has had those values: a loaded machine may
            run the blink thread late, never early."""
            marks = {side: len(pin.states) for side, pin in pins.items()} | (since or {})
            want = want or {}

            def seen():
                return {side: {round(float(st.state), 3) for st in pin.states[max(0, marks[side] - 1):]}
                        for side, pin in pins.items()}
            start = time.monotonic()
            while time.monotonic() - start < duration or (
                    any(not want[side] <= seen()[side] for side in want) and time.monotonic() - start < 10):
                time.sleep(0.005)
            return {side: sorted(values) for side, values in seen().items()}

        def press(pin, hold=0.05):
            factory.pin(pin).drive_low()
            time.sleep(hold)
            factory.pin(pin).drive_high()

        def drive():
            try:
                wait_main(lambda: getattr(app, "hardware", None) is not None)
                res["status"] = on_main(lambda: app.hardware.status)
                res["app_status"] = on_main(lambda: app.hardware_status)
                if scenario == "gpio":
                    drive_gpio()
                elif scenario == "table":
                    drive_table()
            except BaseException as exc:  # noqa: BLE001
                import traceback
                res["error"] = traceback.format_exc()
            finally:
                on_main(app.stop)

        def drive_gpio():
            c = app.controller
            assert on_main(lambda: app.sm.current) == "home"
            press(22, hold=0.45)                        # hold_ms = 300
            wait_main(lambda: app.sm.current == "operator")
            res["after_long_toss"] = on_main(lambda: app.sm.current)
            on_main(app.leave_operator)

            def deck_phase():
                c.new_game(("Light", "Dark"), seed=11)
                while c.match is None:
                    s = c.active_deck_side()
                    dp = c.deck_phase_at(s)
                    {"option": lambda: c.submit(s, "deck.option", 0), "pick": lambda: c.submit(s, "deck.pick", 0),
                     "choose": lambda: c.submit(s, "deck.choose", 0), "remove": lambda: c.submit(s, "deck.done")}[dp.stage]()
            on_main(deck_phase)
            wait_main(lambda: app.sm.current == "match")
            res["leds_waiting_toss"] = leds(0.1)
            press(22)
            wait_main(lambda: c.match.expect[0] == "reveal")
            side = on_main(lambda: c.match.expect[1])
            res["beginner"] = side
            res["leds_after_toss"] = leds(1.2, want={("light", "dark")[side]: {0.0, 1.0}})
            decks = lambda: [len(s.deck) for s in c.match.sides]  # noqa: E731
            res["deck_before"] = on_main(decks)
            n = on_main(lambda: len(c.t.actions))
            press((17, 27)[side])
            wait_main(lambda: len(c.t.actions) > n)
            time.sleep(0.1)
            res["deck_after"] = on_main(decks)
            res["last_action"] = list(on_main(lambda: c.t.actions[n]))
            res["screen_after_reveal"] = on_main(lambda: app.sm.current)
            m = on_main(lambda: c.match)
            if on_main(lambda: m.expect) == ("reveal", 1 - side):
                side = 1 - side                          # the other side attacks now: press the first one
            before = on_main(c.dump)
            press((17, 27)[1 - side])
            time.sleep(0.15)
            res["wrong_press_changed_state"] = on_main(c.dump) != before

            def to_the_end():
                while m.winner is None:
                    kind, s = m.expect
                    if kind == "reveal":
                        c.submit(c.half_of(s, m), "match.reveal")
                    else:
                        c.submit(c.half_of(m.pending.player, m), "match.choose", 0)
                return c.half_of(m.winner, m)
            before_the_end = {side: len(pin.states) for side, pin in pins.items()}
            res["winner_half"] = on_main(to_the_end)
            res["screen_at_the_end"] = on_main(lambda: app.sm.current)
            winner = ("light", "dark")[res["winner_half"]]
            # The winner's flashes since the winning move (they may be over when this looks); the
            # loser's LED from now.
            res["leds_won"] = leds(0.5, want={winner: {0.0, 1.0}}, since={winner: before_the_end[winner]})

        def drive_table():
            t = app.table
            res["challengers_ignored_before"] = on_main(lambda: len(app.controller.ignored))
            on_main(lambda: app.start_table("between", "two", seed=5))
            wait_main(lambda: app.table_active())
            factory.pin(17).drive_low()                 # the light (bottom) side holds its primary button
            wait_main(lambda: 0 in t.looking)
            res["looking_while_held"] = sorted(on_main(lambda: t.looking))
            factory.pin(17).drive_high()
            wait_main(lambda: 0 not in t.looking)
            res["looking_after_release"] = sorted(on_main(lambda: t.looking))
            factory.pin(27).drive_low()                 # the dark (top) side
            wait_main(lambda: 1 in t.looking)
            res["looking_other_side_held"] = sorted(on_main(lambda: t.looking))
            factory.pin(27).drive_high()
            wait_main(lambda: not t.looking)
            seat = on_main(lambda: next(iter(t.to_act())))
            res["to_act_half"] = on_main(lambda: t.half_of(seat))
            res["leds"] = leds(0.3)
            res["ignored_by_challengers"] = on_main(lambda: len(app.controller.ignored))

        Clock.schedule_once(lambda dt: threading.Thread(target=drive, daemon=True).start(), 0.2)

        def stopped(*_):
            link = app.hardware
            res["closed"] = bool(link._closed and link.backend is not None and not getattr(link.backend, "leds", None)
                                 and factory.pin(12).state == 0 and factory.pin(13).state == 0)
        app.bind(on_stop=stopped)

    rc = run(["--data", data, "--windowed"], app_hook=hook)
    res["rc"] = rc
    Path(out).write_text(json.dumps(res))


if __name__ == "__main__" and len(sys.argv) > 1 and sys.argv[1] == "child":
    child(sys.argv[2], sys.argv[3], sys.argv[4])
