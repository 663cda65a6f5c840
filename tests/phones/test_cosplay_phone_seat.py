"""Cosplay Team Battle with a third seat on a phone, at the real kiosk (a process of its own,
offscreen): while the phone's player is recruiting, the table lights none of the zones that
player could pay for (that would tell of their hand) and a tap on the table never starts a
payment for them; the person at the table keeps their own lit zones."""


import pytest
from kiosk_process import Kiosk
from ports import reserved_port

SEED = 1        # seat 1 (the phone) can recruit from zone 2 on its first turn



@pytest.mark.slow
def test_the_table_shows_nothing_of_a_phone_seats_hand_on_its_turn(tmp_path):
    kiosk = Kiosk(tmp_path / "data", reserved_port(), tmp_path / "hook.txt")
    try:
        kiosk.send(f"tphones cosplay 1 1 1 {SEED}")
        t = kiosk.wait(lambda t: t.get("game") is not None, "the game")
        assert [s["kind"] for s in t["seats"]] == ["person", "phone", "bot"]
        mine = kiosk.ask("props", "lit")
        kiosk.send("act 0 end")
        t = kiosk.wait(lambda t: t["spectator"]["current"] == 1, "the phone's turn")
        lit = kiosk.ask("props", "lit", "picked")
        zones = {k: v for k, v in lit.items() if k.startswith(("zone", "objective", "drama"))}
        assert zones and not any(v.get("lit") for v in zones.values()), zones
        kiosk.send("tap zone2")                               # a zone the phone's player could pay for
        after = kiosk.ask("props", "lit", "picked")
        assert not any(v.get("picked") for v in after.values())
        assert len(kiosk.table()["actions"]) == 1
        assert any(v.get("lit") for k, v in mine.items() if k.startswith("zone"))   # seat 0's own turn was lit
    finally:
        kiosk.stop()
