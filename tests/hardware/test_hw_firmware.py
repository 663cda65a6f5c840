"""The MicroPython reference firmware's pure helpers agree with the host.

hardware/firmware/main.py only touches the Pico's hardware inside main(),
which runs on MicroPython only, so CPython can import it and check that both
implementations of the protocol understand each other.
"""

import importlib.util
import pathlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hardware
from hardware import protocol as p

FIRMWARE = pathlib.Path(hardware.__file__).parent / "firmware" / "main.py"


@pytest.fixture(scope="module")
def fw():
    spec = importlib.util.spec_from_file_location("tablecup_pico_firmware", FIRMWARE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # must not start main() under CPython
    return module


def fresh_leds():
    return {"light": ("off", 0, 0, 0), "dark": ("off", 0, 0, 0)}


def test_board_lines_decode_on_the_host(fw):
    assert fw.PROTOCOL_VERSION == p.PROTOCOL_VERSION
    assert fw.MAX_LINE == p.MAX_LINE_LENGTH
    assert fw.HEARTBEAT_MS == p.HEARTBEAT_INTERVAL_MS
    assert p.decode(fw.hello_line("pico-e6614103e7")) == p.Hello(2, "pico-e6614103e7", fw.FIRMWARE_VERSION)
    assert p.decode(fw.heartbeat_line(15000)) == p.Heartbeat(15000)
    assert p.decode(fw.button_line("primary", "light", True, 1234)) == p.ButtonEdge("primary", "light", True, 1234)
    assert p.decode(fw.button_line("toss", "-", False, 99)) == p.ButtonEdge("toss", None, False, 99)
    assert p.decode(fw.error_line("bad, *nasty* $input")) == p.BoardError("bad   nasty   input")
    assert fw.button_line("primary", "light", True, 1234) == "$BTN,primary,light,down,1234*5C\n"


def test_every_button_of_the_firmware_is_one_the_host_maps(fw):
    """The board reports each of the table's five buttons, on its own pin."""
    reported = set()
    for button, side, _gp in fw.BUTTON_PINS:
        edge = p.decode(fw.button_line(button, side, True, 1))
        reported.add((p.table_button(fw.PROTOCOL_VERSION, edge), edge.side))
    assert reported == {("primary", "light"), ("primary", "dark"), ("secondary", "light"),
                        ("secondary", "dark"), ("toss", None)}
    assert len({gp for _b, _s, gp in fw.BUTTON_PINS}) == 5
    assert [gp for b, _s, gp in fw.BUTTON_PINS if b != "secondary"] == [2, 3, 4]   # firmware 1.0's pins


@given(st.builds(p.LedCommand, st.sampled_from(p.SIDES), st.sampled_from(p.LED_MODES),
                 st.integers(0, 100), st.integers(0, p.MAX_COUNT)))
def test_host_led_commands_are_applied_and_acknowledged(fw, cmd):
    leds = fresh_leds()
    replies = fw.handle_line(p.encode(cmd).decode(), leds, 500, "pico-x")
    assert [p.decode(r) for r in replies] == [p.Ack("LED")]
    assert leds[cmd.side] == (cmd.mode, cmd.brightness, cmd.count, 500)


def test_who_gets_hello(fw):
    replies = fw.handle_line(p.encode(p.Who()).decode(), fresh_leds(), 0, "pico-x")
    assert [p.decode(r) for r in replies] == [p.Hello(2, "pico-x", fw.FIRMWARE_VERSION)]


@pytest.mark.parametrize(
    "line, reason",
    [
        ("$LED,light,on,80*17", "bad checksum"),
        ("LED,light,on,80", "no start marker"),
        ("$LED,light,on", "no checksum"),
        (p.frame("LED", "left", "on", 80).decode(), "unknown side left"),
        (p.frame("LED", "light", "disco", 80).decode(), "unknown mode disco"),
        (p.frame("LED", "light", "on", 180).decode(), "out of range: 180"),
        (p.frame("DANCE").decode(), "unknown verb DANCE"),
    ],
)
def test_board_rejects_bad_host_lines(fw, line, reason):
    leds = fresh_leds()
    replies = fw.handle_line(line, leds, 0, "pico-x")
    assert [p.decode(r) for r in replies] == [p.BoardError(reason)]
    assert leds == fresh_leds()
    assert fw.handle_line("\r", leds, 0, "pico-x") == []


def test_led_animation_levels(fw):
    level = fw.led_level
    assert level("on", 80, 0, 123456) == 80
    assert level("off", 80, 0, 5) == 0
    assert [level("blink", 60, 0, t) for t in (0, 499, 500, 999, 1000)] == [60, 60, 0, 0, 60]
    assert [level("flash", 100, 15, t) for t in (0, 100, 2999, 3000, 10000)] == [100, 0, 0, 0, 0]
    assert level("flash", 100, 15, 2850) == 100  # last flash still running
    assert [level("pulse", 100, 0, t) for t in (0, 500, 1000, 1500, 2000)] == [0, 50, 100, 50, 0]
