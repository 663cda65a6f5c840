"""The wiring self-test, answered by a simulated café owner."""

import os
import queue
import select
import threading
import time
from functools import reduce

from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware import EventQueue, HardwareConfig, KeyboardBackend, run_selftest
from hardware.gpio import GpioBackend
from hardware.serial_board import SerialBoardBackend


class Owner:
    """Reads the prompts and acts on them from another thread, like a person."""

    def __init__(self, act):
        self.lines = []
        self._act = act
        self._todo = queue.Queue()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def say(self, line):
        self.lines.append(line)
        self._todo.put(line)

    def _run(self):
        while True:
            line = self._todo.get()
            if line is None:
                return
            self._act(line)

    def stop(self):
        self._todo.put(None)
        self._thread.join(2)

    @property
    def text(self):
        return "\n".join(self.lines)


def gpio_backend(**cfg):
    factory = MockFactory(pin_class=MockPWMPin)
    events = EventQueue()
    config = HardwareConfig(hold_ms=300, led_brightness=0.5, **cfg)
    return GpioBackend(config, events.put, pin_factory=factory), factory, events


def tap(pin, hold=0.05):
    pin.drive_low()
    time.sleep(hold)
    pin.drive_high()


PROMPT_PINS = {"LIGHT side primary": 17, "DARK side primary": 27, "LIGHT side secondary": 23,
               "DARK side secondary": 24}


def prompted_pin(line):
    """The pin a 'Press and release the ... button' prompt asks for, or None."""
    if not line.startswith("Press and release the "):
        return None
    return next(pin for what, pin in PROMPT_PINS.items() if what in line)


def test_all_checks_pass_with_correct_wiring():
    backend, factory, events = gpio_backend()
    led_states = {}

    def act(line):
        if prompted_pin(line) is not None:
            tap(factory.pin(prompted_pin(line)))
        elif "toss button briefly" in line:
            tap(factory.pin(22), 0.05)
        elif "HOLD the flag toss" in line:
            tap(factory.pin(22), 0.45)
        elif "LED should now be ON" in line:
            side = "light" if "LIGHT side LED" in line else "dark"
            led_states[side] = (factory.pin(12).state, factory.pin(13).state)
            tap(factory.pin(17))  # "I can see it" (its release must not confirm the next LED)

    owner = Owner(act)
    try:
        ok = run_selftest(backend, owner.say, events.get, step_timeout=3, led_timeout=3)
    finally:
        owner.stop()
        backend.close()
    assert ok, owner.text
    assert owner.lines[0].startswith("Tablecup hardware self-test: Raspberry Pi GPIO")
    assert "Press and release the LIGHT side primary button (Challengers: reveal)..." in owner.text
    assert "OK: LIGHT side primary button pressed and released on GPIO17" in owner.text
    assert "OK: DARK side primary button pressed and released on GPIO27" in owner.text
    assert "OK: LIGHT side secondary button pressed and released on GPIO23" in owner.text
    assert "OK: DARK side secondary button pressed and released on GPIO24" in owner.text
    assert "OK: flag toss button (short press) answered on GPIO22" in owner.text
    assert "OK: flag toss button (long press) answered on GPIO22" in owner.text
    # each LED was lit on its own while the owner looked at it
    assert led_states == {"light": (0.5, 0.0), "dark": (0.0, 0.5)}
    assert owner.lines[-1] == "All 8 checks passed."
    assert factory.pin(12).state == 0 and factory.pin(13).state == 0


def test_swapped_and_dead_inputs_are_reported():
    backend, factory, events = gpio_backend()

    def act(line):
        if "Press and release the LIGHT side primary" in line:
            tap(factory.pin(27))  # the owner's button is wired to the dark pin
        elif "Press and release the LIGHT side secondary" in line:
            tap(factory.pin(17))  # wired to the primary pin of its side
        elif "Press and release the DARK side secondary" in line:
            factory.pin(24).drive_low()  # pressed, never comes back up
        elif "HOLD the flag toss" in line:
            tap(factory.pin(22), 0.05)  # lets go too early
        # the DARK primary button, and the LED checks: nothing happens

    owner = Owner(act)
    try:
        ok = run_selftest(backend, owner.say, events.get, step_timeout=0.4, led_timeout=0.1)
    finally:
        owner.stop()
        backend.close()
    assert not ok
    text = owner.text
    assert ("Got the DARK side primary button, pressed (GPIO27) instead -- are the two primary buttons swapped?"
            in text)
    assert ("LIGHT side primary button: FAILED: no answer within 0.4 s "
            "(got instead: DARK side primary button, pressed (GPIO27))") in text
    assert ("Got the LIGHT side primary button, pressed (GPIO17) instead -- "
            "are this side's primary and secondary buttons swapped?") in text
    assert "DARK side secondary button: FAILED: pressed on GPIO24 but no release within 0.4 s (stuck button?)" in text
    assert "released too early, keep holding" in text
    assert "NOT CONFIRMED: LIGHT side LED" in text
    assert owner.lines[-1] == "8 of 8 checks failed; see docs/wiring.md."


def test_secondary_buttons_that_are_not_wired_are_skipped():
    backend, factory, events = gpio_backend(secondary_light=None, secondary_dark=None)

    def act(line):
        if prompted_pin(line) is not None:
            tap(factory.pin(prompted_pin(line)))
        elif "toss button briefly" in line:
            tap(factory.pin(22), 0.05)
        elif "HOLD the flag toss" in line:
            tap(factory.pin(22), 0.45)
        elif "LED should now be ON" in line:
            tap(factory.pin(22))

    owner = Owner(act)
    try:
        ok = run_selftest(backend, owner.say, events.get, step_timeout=3, led_timeout=3)
    finally:
        owner.stop()
        backend.close()
    assert ok, owner.text
    assert "LIGHT side secondary button: skipped, not wired (hardware.secondary_light = false in <defaults>)" in owner.text
    assert "Press and release the DARK side secondary" not in owner.text
    assert owner.lines[-1] == "All 6 checks passed."


def test_keyboard_backend_has_nothing_to_test():
    lines = []
    ok = run_selftest(KeyboardBackend("no Raspberry Pi GPIO found, no serial board configured"),
                      lines.append, lambda timeout: None, step_timeout=0.1)
    assert not ok
    assert "keyboard and touch only" in lines[0]
    assert lines[1].startswith("Nothing to test")


def test_board_that_never_says_hello_fails_cleanly():
    master, slave = os.openpty()
    lines = []
    backend = SerialBoardBackend(HardwareConfig(device=os.ttyname(slave)), lambda e: None)
    try:
        ok = run_selftest(backend, lines.append, lambda timeout: None, step_timeout=0.2)
    finally:
        backend.close()
        os.close(master)
        os.close(slave)
    assert not ok
    assert lines[0].startswith("Waiting for the hardware: serial board on /dev/")
    assert lines[-1] == "FAILED: the hardware did not become ready within 0.2 s."


def test_selftest_over_a_serial_board():
    master, slave = os.openpty()
    path = os.ttyname(slave)

    def send(body):
        cs = format(reduce(lambda a, b: a ^ b, body.encode(), 0), "02X")
        os.write(master, f"${body}*{cs}\n".encode())

    stop = threading.Event()

    def board():  # answers WHO with HELLO, ignores LED commands
        buf = b""
        while not stop.is_set():
            if select.select([master], [], [], 0.05)[0]:
                try:
                    buf += os.read(master, 4096)
                except OSError:
                    return
                if b"$WHO*50\n" in buf:
                    buf = buf.replace(b"$WHO*50\n", b"")
                    send("HELLO,2,pico-selftest,2.0")

    board_thread = threading.Thread(target=board, daemon=True)
    board_thread.start()
    events = EventQueue()
    backend = SerialBoardBackend(
        HardwareConfig(device=path, hold_ms=300), events.put, heartbeat_timeout=30
    )
    uptime = [0]

    def edge(button, side, state):
        uptime[0] += 60
        send(f"BTN,{button},{side},{state},{uptime[0]}")

    def press(button, side, hold=0.05):
        edge(button, side, "down")
        time.sleep(hold)
        edge(button, side, "up")

    def act(line):
        if line.startswith("Press and release the "):
            side = "light" if "LIGHT side" in line else "dark"
            press("primary" if "primary" in line else "secondary", side)
        elif "toss button briefly" in line:
            press("toss", "-")
        elif "HOLD the flag toss" in line:
            press("toss", "-", 0.45)
        elif "LED should now be ON" in line:
            press("primary", "light")

    owner = Owner(act)
    try:
        ok = run_selftest(backend, owner.say, events.get, step_timeout=3, led_timeout=3)
    finally:
        owner.stop()
        backend.close()
        stop.set()
        board_thread.join(2)
        os.close(master)
        os.close(slave)
    assert ok, owner.text
    assert any(line.startswith("Tablecup hardware self-test: serial board pico-selftest") for line in owner.lines)
    assert f"OK: DARK side primary button pressed and released on serial {path} primary/dark" in owner.text
    assert f"OK: LIGHT side secondary button pressed and released on serial {path} secondary/light" in owner.text


def test_command_line_exit_codes(tmp_path, capsys):
    from hardware.selftest import main

    good = tmp_path / "kb.toml"
    good.write_text('[hardware]\nbackend = "keyboard"\n')
    assert main([str(good)]) == 1  # nothing to test is not a pass
    assert "Nothing to test" in capsys.readouterr().out
    bad = tmp_path / "bad.toml"
    bad.write_text('[hardware]\nbackend = "seriall"\n')
    assert main([str(bad)]) == 2
    assert "bad.toml: key 'hardware.backend'" in capsys.readouterr().err
    missing = tmp_path / "absent.toml"
    missing.write_text(f'[hardware]\nbackend = "serial"\ndevice = "{tmp_path}/ttyACM0"\n')
    assert main([str(missing)]) == 2
    assert f"{tmp_path}/ttyACM0 does not exist" in capsys.readouterr().err
