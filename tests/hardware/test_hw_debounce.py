"""PressFilter / FilteredButton: debounce, no repeats, long toss (fake times)."""

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import FilteredButton, PressFilter
from hardware.events import ButtonEvent


def reveal_filter(**kw):
    return PressFilter("reveal", "light", debounce_ms=30, hold_ms=1500, source="T", **kw)


def toss_filter(**kw):
    return PressFilter("toss", None, debounce_ms=30, hold_ms=1500, long_kind="toss_long", source="T", **kw)


def feed(f, edges):
    out = []
    for pressed, at in edges:
        out += f.edge(pressed, at)
    return out


def test_bounce_gives_one_press():
    f = reveal_filter()
    events = feed(f, [(True, 10.000), (False, 10.002), (True, 10.003), (False, 10.006), (True, 10.008)])
    assert events == [ButtonEvent("reveal", "light", 10.000, "T")]
    # Release with its own bounce, well after the press.
    assert feed(f, [(False, 10.300), (True, 10.301), (False, 10.304)]) == []
    assert f.poll(11.0) == []
    assert not f.pressed
    # The next physical press counts again.
    assert feed(f, [(True, 12.0)]) == [ButtonEvent("reveal", "light", 12.0, "T")]


def test_hold_never_repeats():
    f = reveal_filter()
    events = f.edge(True, 0.0)
    for i in range(1, 200):  # a board re-sending "down", or noise while held
        events += f.edge(True, i * 0.05)
        events += f.poll(i * 0.05)
    events += f.edge(False, 30.0)
    assert [e.kind for e in events] == ["reveal"]


def test_glitch_settles_to_released_after_window():
    f = reveal_filter()
    assert len(f.edge(True, 1.0)) == 1
    assert f.edge(False, 1.005) == []  # inside the window: remembered, not accepted
    assert f.pressed
    assert f.next_deadline() == pytest.approx(1.030)
    assert f.poll(1.029) == []
    assert f.poll(1.031) == []
    assert not f.pressed  # settled, so the next press is not lost
    assert [e.at for e in f.edge(True, 2.0)] == [2.0]


def test_short_toss_emitted_at_release():
    f = toss_filter()
    assert f.edge(True, 5.0) == []
    assert f.poll(5.5) == []
    assert f.edge(False, 5.6) == [ButtonEvent("toss", None, 5.0, "T")]


def test_long_toss_emitted_when_hold_elapses_and_release_is_silent():
    f = toss_filter()
    assert f.edge(True, 5.0) == []
    assert f.next_deadline() == pytest.approx(6.5)
    assert f.poll(6.49) == []
    assert f.poll(6.5) == [ButtonEvent("toss_long", None, 5.0, "T")]
    assert f.poll(9.0) == []
    assert f.edge(False, 9.0) == []


def test_long_toss_detected_on_release_if_nobody_polled():
    f = toss_filter()
    f.edge(True, 0.0)
    assert [e.kind for e in f.edge(False, 2.0)] == ["toss_long"]


def test_toss_bounce_on_press_and_release():
    f = toss_filter()
    events = feed(f, [(True, 0.0), (False, 0.001), (True, 0.002), (False, 0.2), (True, 0.201), (False, 0.203)])
    events += f.poll(1.0)
    assert [e.kind for e in events] == ["toss"]


def test_button_held_at_startup_does_not_fire():
    f = toss_filter(initial_pressed=True)
    assert f.poll(100.0) == []
    assert f.edge(False, 100.0) == []
    assert [e.kind for e in f.edge(True, 101.0) + f.edge(False, 101.2)] == ["toss"]


def test_reset_forgets_pressed_state():
    f = reveal_filter()
    f.edge(True, 0.0)
    f.reset()
    assert not f.pressed
    assert [e.kind for e in f.edge(True, 0.01)] == ["reveal"]


@settings(max_examples=200, deadline=None)
@given(
    offsets=st.lists(st.floats(min_value=0.0, max_value=0.029), min_size=1, max_size=30),
    start=st.floats(min_value=0, max_value=1e6),
    hold=st.floats(min_value=0.031, max_value=5.0),
)
def test_any_bounce_burst_is_one_press(offsets, start, hold):
    """Edges alternating within the debounce window of the first press, then
    a clean release: exactly one press, whatever the burst looked like."""
    f = reveal_filter()
    events = f.edge(True, start)
    pressed = True
    for offset in sorted(offsets):
        pressed = not pressed
        events += f.edge(pressed, start + offset)
    events += f.edge(True, start + 0.0295)  # the contact settles closed
    events += f.poll(start + hold)
    events += f.edge(False, start + hold)
    events += f.poll(start + hold + 1)
    assert [e.kind for e in events] == ["reveal"]
    assert events[0].at == start
    assert not f.pressed


def test_filtered_button_timer_delivers_long_toss_without_more_edges():
    got = []
    done = threading.Event()

    def sink(event):
        got.append(event)
        done.set()

    fb = FilteredButton(
        PressFilter("toss", None, debounce_ms=5, hold_ms=100, long_kind="toss_long"), sink
    )
    try:
        t0 = time.monotonic()
        fb.edge(True)
        assert done.wait(2.0)
        assert [e.kind for e in got] == ["toss_long"]
        assert time.monotonic() - t0 >= 0.099
        fb.edge(False)
        assert [e.kind for e in got] == ["toss_long"]
    finally:
        fb.close()


def test_filtered_button_survives_failing_sink(caplog):
    calls = []

    def sink(event):
        calls.append(event)
        raise RuntimeError("boom")

    fb = FilteredButton(PressFilter("reveal", "dark", debounce_ms=5), sink)
    fb.edge(True, 1.0)
    fb.edge(False, 2.0)
    fb.edge(True, 3.0)
    fb.close()
    assert len(calls) == 2
    assert "sink failed" in caplog.text


def test_event_validation():
    with pytest.raises(ValueError):
        ButtonEvent("reveal", None, 0.0)
    with pytest.raises(ValueError):
        ButtonEvent("toss", "light", 0.0)
    with pytest.raises(ValueError):
        ButtonEvent("jump", None, 0.0)
    e = ButtonEvent("reveal", "dark", 1.0, "GPIO27")
    with pytest.raises(AttributeError):
        e.kind = "toss"  # immutable
