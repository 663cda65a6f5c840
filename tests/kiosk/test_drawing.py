"""What a frame costs to draw, as behaviour (the figures are bench/kiosk.py's): in software
rendering every pixel drawn is paid for on the CPU at every frame, the invisible ones too."""

import pytest

from kiosk_helpers import run_script, script_result

pytestmark = pytest.mark.slow   # a match in the real app with its drawing recorded


@pytest.fixture(scope="module")
def drawing(tmp_path_factory):
    """One run of the real app (drive_drawing.py): what its match screen draws."""
    tmp = tmp_path_factory.mktemp("drawing")
    return script_result(run_script("drive_drawing.py", tmp / "data", tmp / "art", timeout=240),
                         "DRAWING-RESULT ")


def test_the_match_screen_draws_no_hidden_layer_and_nothing_while_idle(drawing):
    r = drawing
    # Hidden overlays (rules page, match log, names keyboard, QR cards, hints, ...) draw nothing.
    assert r["hidden_drawn"] == []
    assert r["shown_away"] == []
    # Nor does a shown one draw what shows nothing: an unused stack badge, an empty text.
    assert r["drawn_for_nothing"] == {}
    # Nobody touches the table: no frame is drawn; no animation steps at every turn of the loop.
    assert r["idle_frames"] == 0
    assert r["spinning_animations"] == []
    # ... and the loop itself slows down (Kivy's turns about 100 times a second otherwise, at
    # about 3 % of a core), until a finger touches the table.
    assert r["fps_at_rest"] < 30 and r["rest_turns_per_s"] < 40, r
    assert r["fps_after_touch"] == 60, r
    # A reveal renders few new text textures (a card's texts, its count, the totals), not the screen's.
    assert r["reveal_renders"], r
    assert max(r["reveal_renders"]) <= 50, r["reveal_renders"]


def test_the_window_draws_without_multisampling_stencil_clears_or_kept_text_pixels(drawing):
    """Kivy's defaults that cost most in software rendering and show nothing (kiosk.rendering):
    a 4-sample window, a stencil buffer cleared at every scroll view and a stencil clip around
    the screens; and every label's text kept twice, in its texture and its drawing surface."""
    r = drawing
    assert r["window_samples"] == 0
    assert r["stencil_pushes"] > 0, r          # the match screen has scroll views (log, rules)
    assert r["stencil_clears"] == 0, r
    assert r["screens_clip"] is False
    assert r["labels_keeping_pixels"] == [], r["labels_keeping_pixels"][:10]
    # Texts changed by a reveal are drawn into their textures between frames, never in one.
    assert r["texts_filled_mid_frame"] == [], r["texts_filled_mid_frame"][:10]
    # What start-up built is out of reach of Python's full collections (a pause each).
    assert r["frozen_objects"] > 50_000, r["frozen_objects"]


def test_the_match_backgrounds_are_cleared_boxes_where_each_part_is(drawing):
    """The halves and middle lines fill their boxes by a clear, not a rectangle
    (kiosk.rendering.ClearedBackground), each in its own colour and place, the turned top
    ones too, on the window and in a screenshot, with the window turned by the operator too;
    one half by the window's own clear."""
    r = drawing
    assert r["background_rectangles"] == {"dark": 0, "mid_dark": 0, "mid_light": 0, "light": 0}, r
    for turned in ("", " turned"):            # and with the window turned a quarter turn
        # A half (the largest box) is painted by the window's clear, which costs next to nothing;
        # the other boxes are cleared one by one (each about as dear as drawing it).
        assert r["painted_by_window" + turned] in ("dark", "light"), r
        # The window's clear and three boxes: the other half and the middle lines (the hidden
        # end-of-match notes clear nothing).
        assert r["clears" + turned] == 4, r
        colours = r["background_colours" + turned]
        assert len(colours) == 8, colours
        for where, c in colours.items():
            for drawn in ("window", "screenshot"):
                assert all(abs(a - b) <= 2 for a, b in zip(c[drawn], c["want"])), (turned, where, drawn, c)

