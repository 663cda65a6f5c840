"""PressFilter / FilteredButton: debounce, no repeats, press and release of the
side buttons, long toss (fake times)."""

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import FilteredButton, PressFilter
from hardware.events import ButtonEvent


def reveal_filter(**kw):
    """The light side's primary button (Challengers' reveal)."""
    return PressFilter.side_button("primary", "light", debounce_ms=30, hold_ms=1500, source="T", **kw)


def toss_filter(**kw):
    return PressFilter.toss(debounce_ms=30, hold_ms=1500, source="T", **kw)


def press(at):
    return ButtonEvent("primary_press", "light", at, "T")


def release(at, held):
    return ButtonEvent("primary_release", "light", at, "T", held)


def kinds(events):
    return [e.kind for e in events]


def feed(f, edges):
    out = []
    for pressed, at in edges:
        out += f.edge(pressed, at)
    return out


def test_bounce_gives_one_press():
    f = reveal_filter()
    events = feed(f, [(True, 10.000), (False, 10.002), (True, 10.003), (False, 10.006), (True, 10.008)])
    assert events == [press(10.000)]
    # Release with its own bounce, well after the press: one release, at its first edge.
    assert feed(f, [(False, 10.300), (True, 10.301), (False, 10.304)]) == [release(10.300, 10.300 - 10.000)]
    assert f.poll(11.0) == []
    assert not f.pressed
    # The next physical press counts again.
    assert feed(f, [(True, 12.0)]) == [press(12.0)]


def test_hold_never_repeats():
    f = reveal_filter()
    events = f.edge(True, 0.0)
    for i in range(1, 200):  # a board re-sending "down", or noise while held
        events += f.edge(True, i * 0.05)
        events += f.poll(i * 0.05)
    events += f.edge(False, 30.0)
    assert kinds(events) == ["primary_press", "primary_release"]
    assert events[1].held == pytest.approx(30.0)


def test_glitch_settles_to_released_after_window():
    f = reveal_filter()
    assert len(f.edge(True, 1.0)) == 1
    assert f.edge(False, 1.005) == []  # inside the window: remembered, not accepted
    assert f.pressed
    assert f.next_deadline() == pytest.approx(1.030)
    assert f.poll(1.029) == []
    # settled: released at the end of the window, so the next press is not lost
    assert f.poll(1.031) == [release(1.0 + 0.030, 1.0 + 0.030 - 1.0)]
    assert not f.pressed
    assert [e.at for e in f.edge(True, 2.0)] == [2.0]


def test_short_toss_emitted_at_release():
    f = toss_filter()
    assert f.edge(True, 5.0) == []
    assert f.poll(5.5) == []
    assert f.edge(False, 5.6) == [ButtonEvent("toss", None, 5.0, "T", 5.6 - 5.0)]


def test_long_toss_emitted_when_hold_elapses_and_release_is_silent():
    f = toss_filter()
    assert f.edge(True, 5.0) == []
    assert f.next_deadline() == pytest.approx(6.5)
    assert f.poll(6.49) == []
    assert f.poll(6.5) == [ButtonEvent("toss_long", None, 5.0, "T", 1.5)]
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


def test_side_button_held_at_startup_reports_nothing_until_pressed_again():
    f = reveal_filter(initial_pressed=True)
    assert f.edge(False, 100.0) == []          # its press was never reported: nor is this release
    assert kinds(f.edge(True, 101.0) + f.edge(False, 101.5)) == ["primary_press", "primary_release"]


def test_reset_forgets_pressed_state():
    f = reveal_filter()
    f.edge(True, 0.0)
    assert f.reset() == []                      # no time given: forget quietly
    assert not f.pressed
    assert kinds(f.edge(True, 0.01)) == ["primary_press"]


def test_reset_releases_a_held_side_button_but_not_the_toss():
    """A board lost while a side button is held: a game showing a hand must hide it."""
    f = reveal_filter()
    f.edge(True, 1.0)
    assert f.reset(3.0) == [release(3.0, 2.0)]
    assert f.edge(False, 3.5) == []            # the real release, if it ever comes, is not reported again
    assert f.reset(4.0) == []                  # nothing held, nothing to say
    t = toss_filter()
    t.edge(True, 1.0)
    assert t.reset(1.2) == [] and t.poll(10.0) == []


def test_hold_is_press_then_release_with_the_time_held():
    f = PressFilter.side_button("secondary", "dark", debounce_ms=30, source="T")
    assert f.edge(True, 2.0) == [ButtonEvent("secondary_press", "dark", 2.0, "T")]
    for i in range(1, 50):                      # held 5 s: nothing in between
        assert f.poll(2.0 + i * 0.1) == []
    assert f.edge(False, 7.0) == [ButtonEvent("secondary_release", "dark", 7.0, "T", 5.0)]


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
    assert kinds(events) == ["primary_press", "primary_release"]
    assert events[0].at == start and events[1].at == start + hold
    assert not f.pressed


def test_filtered_button_timer_delivers_long_toss_without_more_edges():
    got = []
    done = threading.Event()

    def sink(event):
        got.append(event)
        done.set()

    fb = FilteredButton(
        PressFilter.toss(debounce_ms=5, hold_ms=100), sink
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

    fb = FilteredButton(PressFilter.side_button("primary", "dark", debounce_ms=5), sink)
    fb.edge(True, 1.0)
    fb.edge(False, 2.0)
    fb.edge(True, 3.0)
    fb.close()
    assert kinds(calls) == ["primary_press", "primary_release", "primary_press"]
    assert "sink failed" in caplog.text


def test_filter_refuses_impossible_buttons():
    with pytest.raises(ValueError, match="side button must be"):
        PressFilter.side_button("toss", "light")
    with pytest.raises(ValueError, match="needs side light or dark"):
        PressFilter.side_button("primary", None)
    with pytest.raises(ValueError, match="either its release or a long press"):
        PressFilter("primary_press", "light", long_kind="primary_press", release_kind="primary_release")


def test_event_validation():
    with pytest.raises(ValueError, match="needs side"):
        ButtonEvent("primary_press", None, 0.0)
    with pytest.raises(ValueError, match="needs side"):
        ButtonEvent("secondary_release", "left", 0.0)
    with pytest.raises(ValueError, match="has no side"):
        ButtonEvent("toss", "light", 0.0)
    with pytest.raises(ValueError, match="unknown button event kind 'jump'"):
        ButtonEvent("jump", None, 0.0)
    with pytest.raises(ValueError, match="unknown button event kind 'reveal'"):
        ButtonEvent("reveal", "light", 0.0)       # the game's word, not the hardware's
    with pytest.raises(ValueError, match="held"):
        ButtonEvent("primary_release", "light", 0.0, held=-1.0)
    e = ButtonEvent("primary_press", "dark", 1.0, "GPIO27")
    assert (e.button, e.is_release, e.describe()) == ("primary", False, "DARK side primary button, pressed")
    r = ButtonEvent("secondary_release", "light", 2.0, "GPIO23", 1.0)
    assert (r.button, r.is_release, r.describe()) == ("secondary", True, "LIGHT side secondary button, released")
    assert ButtonEvent("toss_long", None, 0.0).button == "toss"
    with pytest.raises(AttributeError):
        e.kind = "toss"  # immutable


def test_challengers_reveal_is_the_primary_press():
    from hardware.events import REVEAL
    assert REVEAL == "primary_press"
