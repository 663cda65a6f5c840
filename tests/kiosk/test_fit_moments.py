"""The table games' crowded moments fit (drive_fit_moments.py): the fit check of
tests/kiosk/fit_check.py (texts cut, off their box or the window, words broken across lines) and
its overlap check (two texts drawn over each other), after every change of the screen.

At 800x480, EN and FR: Wacky Challenge against six bots (seven names on the hierarchy, eight
places on the draft row, seven route rows, three cards to a line); with "Large" text chosen on the
settings (it applies at once), at 800x480 and 1920x1080, the same.  Every moment of the other
games, and of Wacky Challenge at four players, is walked at every size, in both languages and at
both text sizes, by test_fit_walk.py.

Before: the booster's line ran off its half, the chips read "2. Ro... 3 · 3", the assistance
zone printed over the line above it, and French broke "(mainteni / r)" inside its word.  Then
the route rows' cards read "Boa... · ½" at four players, and at seven the draft row ran off the
window, the route rows' texts were cut to 7 px high and printed over each other.
"""

import pytest
from kiosk_helpers import artifacts_dir, run_script, script_result


def crowded_moments(tmp_path, size, lang, text="normal", runs="wacky:6"):
    p = run_script("drive_fit_moments.py", tmp_path / "data", artifacts_dir() / "fit-moments", size, lang, text, runs,
                   timeout=600, TABLECUP_CONFIG=tmp_path / "config")
    return script_result(p, "FITMOMENTS-RESULT ")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.slow
def test_the_crowded_moments_fit(tmp_path, lang):
    r = crowded_moments(tmp_path, "800x480", lang)
    # every moment was reached
    assert {"choose", "pick", "crowded-line"} <= set(r["moments"]["wacky7"]), r["moments"]
    assert not any(r["faults"].values()), {m: f[:6] for m, f in r["faults"].items() if f}


@pytest.mark.parametrize("size,lang", [("800x480", "en"), ("1920x1080", "en"), ("800x480", "fr")])
@pytest.mark.slow
def test_large_text_fits_seven_at_wacky(tmp_path, size, lang):
    r = crowded_moments(tmp_path, size, lang, "large")
    assert r["fontscale"] == pytest.approx(1.12)       # "Large", applied at once
    assert {"choose", "pick", "crowded-line"} <= set(r["moments"]["wacky7"]), r["moments"]
    assert not any(r["faults"].values()), {m: f[:6] for m, f in r["faults"].items() if f}


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
