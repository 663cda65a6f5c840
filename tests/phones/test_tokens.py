"""Seat tokens: long, random, one game only, revocable, kept and taken back for a resumed game."""

from kiosk.phones.tokens import SeatTokens


def test_a_token_is_long_random_and_holds_one_seat_of_one_game():
    t = SeatTokens()
    a, b = t.issue(0), t.issue(1)
    assert len(a) >= 32 and a != b and t.issue(0) == a          # 192 bits, URL-safe; shown again: same
    assert (t.seat_of(a), t.seat_of(b), t.seat_of(a[:-1]), t.seat_of(None), t.seat_of("x" * 500)) == (0, 1, None, None, None)
    assert t.revoke(0) and not t.revoke(0) and t.seat_of(a) is None and t.seat_of(b) == 1
    assert t.issue(0) != a
    assert t.new_game() == [0, 1] and t.seat_of(b) is None and t.game == 1


def test_tokens_kept_for_a_resumed_game_come_back_and_weak_ones_never_do():
    t = SeatTokens()
    a = t.issue(2)
    kept = t.export()
    again = SeatTokens()
    again.restore({**kept, 3: "short", 4: 12345})
    assert again.seat_of(a) == 2 and again.seats() == [2] and again.seat_of("short") is None
    assert SeatTokens().seat_of(a) is None           # a new kiosk without them knows no token
    t.revoke_all()
    assert t.seat_of(a) is None and t.export() == {}
