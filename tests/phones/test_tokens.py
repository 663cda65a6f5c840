"""Seat codes and phone secrets: a code is long, random, one game only and opens its seat for one
phone, which is given a secret of its own; revocable; kept (the secrets as digests only) and taken
back for a resumed game."""

import json

import pytest

from kiosk.phones.tokens import PHONE_HOLDS_A_SEAT, SEAT_TAKEN, UNKNOWN_CODE, CodeRefused, SeatTokens


def _refused(t, code, secret=None):
    with pytest.raises(CodeRefused) as got:
        t.take(code, secret)
    return got.value.reason, got.value.seat


def test_a_code_is_long_random_and_opens_one_seat_of_one_game():
    t = SeatTokens()
    a, b = t.code(0), t.code(1)
    assert len(a) >= 32 and a != b and t.code(0) == a          # 192 bits, URL-safe; shown again: same
    for wrong in (a[:-1], "", "x" * 500):
        assert _refused(t, wrong) == (UNKNOWN_CODE, None)
    assert t.seats() == [0, 1] and not t.held(0)
    assert t.new_game() == [0, 1] and t.game == 1
    assert _refused(t, a) == (UNKNOWN_CODE, None)


def test_a_code_is_exchanged_once_for_the_phones_own_secret():
    t = SeatTokens()
    code = t.code(0)
    first = t.take(code)
    assert first.seat == 0 and first.phones == 1
    assert first.secret and first.secret != code and len(first.secret) >= 32
    assert t.seat_of(first.secret) == 0 and t.seat_of(code) is None    # the code is no secret
    assert t.held(0) and t.code(0) is None                             # a taken seat's code is never shown again
    assert _refused(t, code) == (SEAT_TAKEN, 0)                        # a second phone: refused
    assert _refused(t, code, "another phone's cookie") == (SEAT_TAKEN, 0)
    again = t.take(code, first.secret)                                 # the phone that holds it: told so
    assert (again.seat, again.secret) == (0, None)
    other = t.code(1)
    assert _refused(t, other, first.secret) == (PHONE_HOLDS_A_SEAT, 0)
    assert t.code(1) == other and not t.held(1)                        # nothing changed


def test_freeing_a_seat_revokes_its_code_and_its_phone_and_counts_the_next_phone():
    t = SeatTokens()
    old = t.code(2)
    owner = t.take(old).secret
    assert t.revoke(2) and not t.revoke(2)
    assert t.seat_of(owner) is None and not t.held(2)
    assert _refused(t, old) == (UNKNOWN_CODE, None)                    # the old code opens nothing
    new = t.code(2)
    assert new != old
    taken = t.take(new)
    assert taken.phones == 2 and t.seat_of(taken.secret) == 2          # the seat changed phone
    assert t.phones() == {2: 2}


def test_what_is_kept_holds_no_phone_secret_and_a_resumed_game_takes_it_back():
    t = SeatTokens()
    held_code = t.code(0)
    secret = t.take(held_code).secret
    waiting = t.code(1)
    kept = json.loads(json.dumps(t.export()))                          # as kiosk.db keeps it
    assert secret not in json.dumps(kept) and waiting in json.dumps(kept)
    again = SeatTokens()
    again.restore(kept)
    assert again.seat_of(secret) == 0 and again.held(0) and again.code(0) is None
    assert again.code(1) == waiting
    assert _refused(again, held_code) == (SEAT_TAKEN, 0)
    assert again.phones() == {0: 1}
    assert SeatTokens().seat_of(secret) is None                        # a new kiosk without them knows no phone
    t.revoke_all()
    assert t.seat_of(secret) is None and not any(t.export().values())


def test_weak_or_strange_kept_entries_never_come_back():
    t = SeatTokens()
    t.restore({"codes": {"3": "short", "4": 12345, "x": "A" * 40, "99": "B" * 40},
               "held": {"5": "not hex", "6": "ab" * 31}, "used": {"zz" * 32: 1}, "phones": {"1": -2}})
    assert t.seats() == [] and t.phones() == {}
    t.restore("not a dict")
    assert t.seats() == []


def test_a_setting_kept_by_an_older_kiosk_comes_back_as_the_seats_codes():
    """An older kiosk kept one token per seat, which was also its phone's cookie: taken back as
    that seat's code, so the phone scans it once more and is given a secret of its own."""
    from kiosk.phones.table_host import _kept_seats
    old = SeatTokens().code(0)
    t = SeatTokens()
    t.restore(_kept_seats({"table": 7, "tokens": {"0": old}}))
    assert t.code(0) == old and t.seat_of(old) is None and t.take(old).seat == 0
    assert _kept_seats({"table": 7}) == {}
