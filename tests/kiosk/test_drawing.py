"""What a frame costs to draw, as behaviour (the figures are bench/kiosk.py's): in software
rendering every pixel drawn is paid for on the CPU at every frame, the invisible ones too."""

from kiosk_helpers import run_script, script_result


def test_the_match_screen_draws_no_hidden_layer_and_nothing_while_idle(tmp_path):
    r = script_result(run_script("drive_drawing.py", tmp_path / "data", tmp_path / "art", timeout=240),
                      "DRAWING-RESULT ")
    # Hidden overlays (rules page, match log, names keyboard, QR cards, hints, ...) draw nothing.
    assert r["hidden_drawn"] == []
    assert r["shown_away"] == []
    # Nobody touches the table: no frame is drawn; no animation steps at every turn of the loop.
    assert r["idle_frames"] == 0
    assert r["spinning_animations"] == []
    # A reveal renders few new text textures (a card's texts, its count, the totals), not the screen's.
    assert r["reveal_renders"], r
    assert max(r["reveal_renders"]) <= 50, r["reveal_renders"]
