"""A Challengers! choice between two copies of one card fits its panel (drive_fit_choice.py).

The table games' crowded moments (Wacky Challenge against six bots, at 800x480 in English and
French, at normal and "Large" text, and at 1920x1080 with "Large" text) are walked by
test_fit_walk.py, in its app processes, with the fit check of tests/kiosk/fit_check.py at every
decision in both languages.
"""

import pytest
from kiosk_helpers import artifacts_dir, run_script, script_result


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_challengers_choice_between_two_copies_is_readable(tmp_path, lang):
    """Two copies of one card offered one by one (drive_fit_choice.py): each option button at
    800x480 shows its whole words at a readable size.  Before: eight button places in the panel
    whatever the options, and French said "(exemplaire 1)": the words shrank to a tiny font."""
    p = run_script("drive_fit_choice.py", tmp_path / "data", artifacts_dir() / "fit-choice", lang, timeout=200,
                   TABLECUP_CONFIG=tmp_path / "config")
    r = script_result(p, "FITCHOICE-RESULT ")
    assert len(r["buttons"]) == 2, r
    for b in r["buttons"]:
        assert b["text"] == b["words"], b                  # whole words, not cut
        assert b["font"] >= r["least_font"], b             # and readable
