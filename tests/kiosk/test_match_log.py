"""The match log: its lines from the engine's events (what the table sees, EN and FR), and the
panel in the real app (offscreen, real touches), read back against the events of the match so far."""

import json
import shutil
import os

import pytest

from kiosk_helpers import ROOT, artifacts_dir, run_script, script_result

from engine.events import Event
from kiosk.games.challengers.matchlog import log_lines, match_events
from kiosk.i18n import tr


def test_a_card_drawn_face_down_into_a_deck_is_never_named_but_cards_in_play_are():
    events = [Event("match", (0, 1), None, 1), Event("toss", 1), Event("begin", 1),
              Event("reveal", 1, "treasure", 2), Event("draw", 1, "skeleton", None, "pile-A"),
              Event("move", 1, "skeleton", None, "deck-top"), Event("move", 0, "dog", None, "exhaust"),
              Event("choice", 0, "juggler", 6, "arrange"), Event("chose", 0, "juggler", 2, ((1, 2),)),
              Event("fans", 1, "treasure", 2), Event("win", 1, None, None, "bench-full")]
    names = ("Ann", "Bob")
    card = {"treasure": "Treasure", "skeleton": "Skeleton", "dog": "Dog", "juggler": "Juggler"}.get
    lines = log_lines(match_events(events, 1), names, card, tr, "en")
    assert lines == ["Flag toss: Bob begins", "Bob reveals Treasure (power 2)", "Bob takes a card from pile A",
                     "a card goes on top of Bob's deck", "Dog goes to Ann's exhaust pile", "Ann chooses (Juggler)",
                     "Bob wins 2 fans (Treasure)", "Bob wins the match"]
    assert not any("Skeleton" in line for line in lines)
    fr = log_lines(match_events(events, 1), names, card, tr, "fr")
    assert fr[1] == "Bob révèle Treasure (force 2)" and fr[3] == "une carte va sur le dessus du deck de Bob"
    # The latest match at the park only, and nothing of the tournament after its end.
    later = events + [Event("trophy", 1, None, 1, 3), Event("round", None, None, 2)]
    assert match_events(later, 1) == events[1:]
    assert match_events(later + [Event("match", (1, 0), None, 1), Event("toss", 0)], 1) == [Event("toss", 0)]
    assert match_events(events, 2) == []


def _line_of(e, names, cards):
    """What an event's line must hold, from the event alone (the reveals and the captures)."""
    who = names[e[1]]
    if e[0] == "reveal":
        return f"{who} reveals {cards[e[2]]} (power {e[3]})"
    return f"{who} takes the flag with {cards[e[2]]} ({e[3]})"


@pytest.mark.slow   # a long walk of the real app
def test_the_log_in_the_app_holds_every_reveal_effect_and_capture_so_far(tmp_path):
    art = artifacts_dir() / "matchlog"
    shutil.rmtree(art, ignore_errors=True)
    r = script_result(run_script("drive_matchlog.py", tmp_path / "data", art, timeout=90), "MATCHLOG-RESULT ")
    assert r["button"] == {"opacity": 0.85, "text": "Log"}
    assert r["empty"] == {"shown": True, "lines": ["Nothing has happened yet."]}
    opened = r["open"]
    events, lines, names, cards = opened["events"], opened["lines"], opened["names"], opened["cards"]
    assert opened["shown"] and r["top_line_seen"]
    # One line per event but the questions (their answers have lines) and the begin a toss has said.
    said = [e for k, e in enumerate(events) if e[0] != "choice" and not (e[0] == "begin" and events[k - 1][0] == "toss")]
    assert len(lines) == len(said) > 20
    # Every reveal and every capture, in order, in its own words.
    key = [_line_of(e, names, cards) for e in said if e[0] in ("reveal", "flag")]
    assert [line for line in lines if " reveals " in line or " takes the flag " in line] == key
    assert sum(e[0] == "reveal" for e in events) >= 9
    # The panel takes every touch while open; the match goes on underneath and the panel follows it.
    assert r["actions_while_open"] == 0
    live = r["live"]
    assert live["lines"][:len(lines)] == lines and len(live["lines"]) > len(lines)
    last_reveal = [e for e in live["events"] if e[0] == "reveal"][-1]
    assert [line for line in live["lines"] if " reveals " in line][-1] == _line_of(last_reveal, names, cards)
    # In French, the same lines in French.
    fr = r["french"]
    assert fr["title"] == "Journal du match" and len(fr["lines"]) == len(live["lines"])
    assert sum(" révèle " in line for line in fr["lines"]) == sum(" reveals " in line for line in live["lines"])
    assert not any(" reveals " in line or " takes the flag " in line for line in fr["lines"])
    assert r["closed"] == {"shown": False, "opacity": 0}
    assert r["top_half"] == {"shown": True, "turned": True}        # the top half's "Log" faces its player
    if os.environ.get("TABLECUP_SCREENSHOTS") == "1":
        docs = ROOT / "docs" / "screenshots"
        for name in ("match-log", "match-log-fr"):
            shutil.copy(art / f"{name}.png", docs / f"{name}.png")
