"""One phone per seat, at the real kiosk (offscreen, tests/phones/drive_phone_per_seat.py): a seat's
code opens it for one phone only, which keeps it across reconnects; the table never shows a taken
seat's code again (each half's phone button, the seats panel); the operator frees a seat, which
makes a new code and kills the old one; and the table says whenever a seat's phone changes.

Three phones, each an aiohttp client on a loopback address of its own, against the kiosk's real
phone server; the table's side is read from the real widgets."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from kiosk_helpers import ROOT, artifacts_dir, kiosk_env

pytestmark = pytest.mark.slow   # the real app and a phone's browser session, shared by the file's tests


HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    data = tmp_path_factory.mktemp("per-seat") / "data"
    p = subprocess.run([sys.executable, str(HERE / "drive_phone_per_seat.py"), str(data),
                        str(artifacts_dir() / "phones")], check=False, env=kiosk_env(), capture_output=True,
                       text=True, timeout=240, cwd=ROOT)
    line = [x for x in p.stdout.splitlines() if x.startswith("PER-SEAT-RESULT ")]
    assert line, p.stdout[-2000:] + p.stderr[-4000:]
    r = json.loads(line[-1][len("PER-SEAT-RESULT "):])
    assert r["error"] is None and r["rc"] == 0, r["error"]
    return r


def test_a_second_phone_with_a_taken_seats_code_is_refused_and_sees_nothing(run):
    ph = run["phones"]
    assert ph["a_takes"]["status"] == 200 and ph["b_takes"]["status"] == 200
    for tried in (ph["c_panel_code"], ph["c_half_code"]):            # a phone seat, a person's half seat
        assert tried["status"] == 409 and tried["refusal"] == "seat-taken", tried
        assert not tried["set_cookie"] and "Another phone already plays this seat" in tried["text"]
    assert ph["c_cookie_after_codes"] is None
    # The code put in the cookie by hand opens nothing either: no view, no move.
    assert ph["c_view_with_code"]["status"] == 401 and ph["c_view_with_code"]["json"]["code"] == "no-seat"
    assert ph["c_act_with_code"]["status"] == 401 and ph["c_played"] == 0


def test_the_owner_phone_keeps_its_seat_across_reconnects(run):
    ph = run["phones"]
    assert ph["a_cookie_is_code"] is False                          # its cookie is a secret of its own
    # Every request on a new connection: the cookie brings it back to its seat's view ...
    assert ph["a_view"]["status"] == 200 and ph["a_seat"] == 2
    assert ph["a_reopens_code"]["status"] == 303 and not ph["a_reopens_code"]["set_cookie"]
    # ... and it plays; the table has the move.
    assert ph["a_act"]["status"] == 200 and ph["a_played"] == 1


def test_the_table_no_longer_shows_a_taken_seats_code(run):
    looks = run["looks"]
    start = looks["start"]
    assert start["panel"]["2"]["url"] and start["panel"]["2"]["image_texture"] and start["panel"]["2"]["image_opacity"] == 1
    assert start["halves"]["0"]["url"] and start["halves"]["0"]["texture"]
    taken = looks["b took"]
    # The seats panel: the taken seat says so, its code is gone (not even faint).
    seat = taken["panel"]["2"]
    assert seat["taken"] and seat["url"] == "" and not seat["texture"] and not seat["image_texture"]
    assert seat["image_opacity"] == 0
    # The bottom half's button: no code behind it; a tap shows a card saying a phone plays the seat.
    half = taken["halves"]["0"]
    assert half["held"] is True and half["url"] == "" and not half["texture"]
    tapped = looks["bottom tapped"]["halves"]["0"]
    assert tapped["showing"] and not tapped["card_image"] and tapped["card_image_opacity"] == 0
    assert tapped["caption"].startswith("A phone plays this seat")
    # The other half, untaken, still offers its code.
    assert taken["halves"]["1"]["url"] == start["halves"]["1"]["url"] and taken["halves"]["1"]["texture"]


def test_after_the_operator_frees_a_seat_a_new_code_works_and_the_old_one_does_not(run):
    ph, looks = run["phones"], run["looks"]
    assert run["operator_offers"] == [True, True]                   # "Phone seats" on the operator screen
    assert run["operator_lists"][0] == [0, 2]                      # the half seat a phone holds is listed too
    freed = looks["freed 2"]["panel"]["2"]
    assert ph["new_panel_url_differs"] and not freed["taken"] and freed["image_texture"]
    assert ph["c_old_code"]["status"] == 401 and ph["c_old_code"]["refusal"] == "unknown-code"
    assert ph["c_new_code"]["status"] == 200 and ph["c_view"]["status"] == 200 and ph["c_view"]["json"]["seat"] == 2
    assert ph["a_view_after_free"]["status"] == 401                # the freed phone holds nothing now
    assert looks["c took"]["panel"]["2"]["url"] == ""               # the new code is used up in turn
    # The bottom half's seat, freed: its button offers a new code; its old phone holds nothing.
    half = looks["freed 0"]["halves"]["0"]
    assert half["held"] is False and half["texture"] and ph["new_half_url_differs"]
    assert ph["b_view_after_free"]["status"] == 401


def test_the_table_says_when_a_seats_phone_changes(run):
    looks, names = run["looks"], run["names"]
    assert run.get("never") is None, run.get("never")
    assert looks["start"]["news"] == ""
    assert looks["a took"]["news"] == f"A phone now plays {names[2]}'s seat."
    assert looks["b took"]["news"] == f"A phone now plays {names[0]}'s seat."      # told to the person at once
    assert looks["freed 2"]["news"].startswith(f"{names[2]}'s seat was freed")
    assert looks["c took"]["news"] == f"{names[2]}'s seat changed phone: a new phone plays it now."
    log = run["log"]
    assert "phone seats: seat 2 taken by the phone at 127.0.0.2" in log
    assert any(line.startswith("phone seats: the operator freed seat 2") for line in log)
    assert any(line.startswith("phone seats: seat 2 changed phone: the phone at 127.0.0.4 holds it now")
               for line in log)
    assert any("127.0.0.4 was refused seat 2 (seat-taken)" in line for line in log)
