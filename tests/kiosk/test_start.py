"""The kiosk's start, as behaviour (the figure is bench/kiosk.py's first frame, <= 1.5 s)."""

from kiosk_helpers import run_script, script_result


def test_the_first_frame_waits_for_no_library_it_does_not_show(tmp_path):
    """The phone server (aiohttp) and a SQLite wrapper are not imported before the first frame;
    the phone server's module is imported on a thread once the screen shows, so that the first
    game offering phone seats does not wait for it either."""
    r = script_result(run_script("drive_start.py", tmp_path / "data", tmp_path / "art", timeout=120),
                      "START-RESULT ")
    assert r["imported_at_first_frame"] == [], r
    assert r["phones"] is True, r                  # the kiosk does offer phone seats
    assert r["phone_server_imported"] is True, r
