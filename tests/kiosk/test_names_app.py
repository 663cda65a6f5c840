"""The kiosk's own seat names follow the table's language in Challengers! (the real app)."""

import pytest

from kiosk_helpers import artifacts_dir, run_script, script_result

pytestmark = pytest.mark.slow   # a long walk of the real app for the seat names


def test_challengers_says_the_kiosks_seat_names_in_the_tables_language(tmp_path):
    p = run_script("drive_names.py", tmp_path / "data", artifacts_dir() / "names", timeout=120)
    r = script_result(p, "NAMES-RESULT ")
    assert r["rc"] == 0 and r.get("done"), r
    # The game's record keeps the names as given when it started (English) ...
    assert r["names"] == {"two": ["Light", "Dark"], "solo": ["Player", "Robot"]}
    # ... and every screen says them in French.
    for stage in ("deck", "match", "match-end", "result"):
        said = " ".join(r["texts"][stage])
        assert "Clair" in said and "Sombre" in said, (stage, said[:400])
        assert "Light" not in said and "Dark" not in said, (stage, said[:400])
    solo = " ".join(r["texts"]["solo-deck"])
    assert "Joueur" in solo and "Player" not in solo, solo[:400]
