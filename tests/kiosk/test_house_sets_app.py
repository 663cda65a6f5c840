"""The kiosk loads the café's house sets with the bundled ones (the real app, offscreen).

A house set in the data folder's cards/ is in the app's card library (a café tournament's match
may use its cards); a file that cannot be loaded (not UTF-8 here) is left out with one sentence
on the home screen naming it, and the table starts anyway.
"""

import json

import pytest

from house_set import HOUSE
from kiosk_helpers import artifacts_dir, run_script


@pytest.mark.slow
def test_house_sets_load_in_the_kiosk_and_a_broken_one_is_named(tmp_path):
    data = tmp_path / "data"
    (data / "cards").mkdir(parents=True)
    (data / "cards" / "house.toml").write_text(HOUSE)
    broken = data / "cards" / "latin1.toml"
    broken.write_bytes(HOUSE.replace("house", "maison").replace("Cafe", "Caf\xe9").encode("latin-1"))
    p = run_script("drive_home.py", data, artifacts_dir() / "home", "start", timeout=90)
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("DRIVE-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("DRIVE-RESULT "):])
    assert r["error"] is None and r["rc"] == 0, r["error"]
    start = r["stages"][0]
    assert start["house_cards"] == ["barista"]
    assert start["alert"] == (f"A house set was not loaded: {broken}: field 'name': not UTF-8 text (byte 0xe9 at "
                              "line 2, column 12); save it as UTF-8")
    assert r["stages"][-1]["screen"] == "deck"
