"""End to end: a real coordinator process and real kiosk processes (offscreen, each with its own
data folder), paired with real PINs typed on the kiosks, assigned to parks by organiser
requests, bot players pressing the kiosks' inputs.  What the kiosks played (their local SQLite
logs) must be exactly the coordinator's record."""

import json
import time

import pytest

import cafe
import cards
from coordinator.views import plain
from engine.challengers.library import load


pytestmark = pytest.mark.slow   # a café tournament over several real kiosks and a coordinator

PLAYERS8 = ["Alice", "Bruno", "Chloé", "Driss", "Emma", "Farid", "Gaëlle", "Hugo"]

_LIB = None


def lib():
    global _LIB
    if _LIB is None:
        _LIB = load(cards)
    return _LIB


def check_record(coord, kiosks, tid, final_park=1):
    """Every kiosk's local log of every match == the coordinator's actions for that park/round;
    the snapshot == a local replay; the coordinator's action count == what the kiosks got acknowledged."""
    rec = coord.record(tid)
    setup, t, by_match = cafe.record_matches(lib(), rec["setup"], rec["actions"])
    local = {}
    for k in kiosks:
        for key, acts in k.local_matches(tid).items():
            assert key not in local, f"two kiosks played {key}"
            local[key] = acts
    assert set(local) == set(by_match), (sorted(local), sorted(by_match))
    for key in by_match:
        assert local[key] == by_match[key], f"match {key} differs"
    again = cafe.replay_record(lib(), rec)
    assert again.phase == "over"
    assert plain(again.snapshot()) == rec["snapshot"]
    acked = [a for k in kiosks for _, a, _ in k.sent(tid)]
    assert len(acked) == len(rec["actions"]), (len(acked), len(rec["actions"]))
    def same(a):
        return json.dumps(a, sort_keys=True)
    assert sorted(map(same, acked)) == sorted(map(same, rec["actions"]))
    for k in kiosks:
        assert k.outbox_len() == 0
    return rec, t


def stop_all(coord, kiosks):
    for k in kiosks:
        k.stop()
    coord.stop()


def test_eight_players_four_kiosks_every_result_sent_twice(tmp_path):
    """Test 1: 8 players, four kiosks on parks 1-4, a whole tournament to its champion.

    And a fault on the way: every outbox entry is sent twice (TABLECUP_OUTBOX_DUP=1): each action
    is applied once (the second answer is the stored one, X-Tablecup-Duplicate: 1), so the
    coordinator's action count equals the kiosks' total.  (One night for both: a night of its
    own for the duplicates cost a whole tournament more; the other nights here send once.)"""
    coord, kiosks, tid = cafe.start_cafe(tmp_path, 4, PLAYERS8, seed=2024, final_park=2,
                                         kiosk_env={"TABLECUP_OUTBOX_DUP": "1"})
    try:
        seen_hidden = []

        def during(pub):
            if pub["phase"] != "over" and pub["round"] >= 2:
                seen_hidden.append(all(r["fans"] is None for r in pub["standings"]))
        pub = cafe.wait_over(coord, kiosks, tid, 170, during)
        assert pub["winner"] is not None and pub["end_reason"] == "final"
        assert seen_hidden and all(seen_hidden)
        # every kiosk shows the final result, with the champion's name
        for k in kiosks:
            d = cafe.wait_until(lambda: (lambda d: d if d["state"]["phase"] == "over" else None)(k.dump()), 20,
                                "the final result on every kiosk", procs=[k])
            assert d["screen"] == "result"
        rec, t = check_record(coord, kiosks, tid)
        assert t.winner == pub["winner"]
        assert rec["snapshot"]["results"][-1][:2] == ["final", 2]
        sent = [x for k in kiosks for x in k.sent(tid)]
        assert len(sent) == len(rec["actions"])
        assert all(dup == 1 for _, _, dup in sent), [s for s in sent if s[2] != 1][:5]
    finally:
        stop_all(coord, kiosks)


PLAYERS4 = ["Ann", "Bob", "Cy", "Di"]


def park_seq(coord, tid, park):
    st, v = cafe.http("GET", f"{coord.base}/api/tournaments/{tid}/parks/{park}")
    return v["round"], v["phase"], (v["match"] or {}).get("match_seq", 0) if v["match"] and v["match"]["state"] == "playing" else -1


def test_coordinator_kill9_mid_round(tmp_path):
    """Fault: kill -9 the coordinator in the middle of a round; the kiosks play on locally and say
    they are offline; the coordinator restarts (same data, same port); the kiosks reconnect by
    themselves, their outboxes deliver, the tournament finishes and matches the kiosks' logs."""
    coord, kiosks, tid = cafe.start_cafe(tmp_path, 2, PLAYERS4, seed=77, final_park=1)
    try:
        cafe.wait_until(lambda: (lambda r: r[0] >= 3 and r[1] == "match" and r[2] >= 3)(park_seq(coord, tid, 1)),
                        60, "round 3's matches under way", step=0.02, procs=kiosks)
        coord.kill9()

        def played_on_offline():
            states = [k.dump()["state"] for k in kiosks]
            return states if all(not d["online"] for d in states) and any(d["outbox"] > 0 for d in states) else None
        # every kiosk says it is offline, and plays on: actions wait in an outbox to be sent
        cafe.wait_until(played_on_offline, 20, "the kiosks offline, playing on", step=0.2, procs=kiosks)
        coord.start()
        pub = cafe.wait_over(coord, kiosks, tid, 90)
        assert pub["winner"] is not None
        check_record(coord, kiosks, tid)
        assert all(k.dump()["state"]["online"] for k in kiosks)
    finally:
        stop_all(coord, kiosks)


def test_kiosk_cut_off_and_killed(tmp_path):
    """Fault: a kiosk frozen (SIGSTOP/SIGCONT) mid-match; then killed (-9) mid-match and restarted
    towards a dead address: it resumes the match from its SQLite and plays on offline, the
    outbox filling; killed again and restarted with the right address: the outbox delivers in
    order and the tournament finishes."""
    coord, kiosks, tid = cafe.start_cafe(tmp_path, 2, PLAYERS4, seed=31, final_park=2,
                                         kiosk_env={"TABLECUP_BOT_DELAY": "0.1"})
    k1 = kiosks[0]
    try:
        cafe.wait_until(lambda: (lambda r: r[0] >= 2 and r[1] == "match" and r[2] >= 2)(park_seq(coord, tid, 2)),
                        60, "round 2's matches under way", step=0.02, procs=kiosks)
        kiosks[1].proc.send_signal(cafe.signal.SIGSTOP)
        time.sleep(2)
        kiosks[1].proc.send_signal(cafe.signal.SIGCONT)
        cafe.wait_until(lambda: (lambda r: r[0] >= 3 and r[1] == "match" and 2 <= r[2] <= 5)(park_seq(coord, tid, 1)),
                        60, "round 3's matches just begun", step=0.02, procs=kiosks)
        k1.kill9()
        good = k1.url
        k1.url = f"http://127.0.0.1:{cafe.free_port()}"     # nobody listens there
        k1.start()
        d = cafe.wait_until(lambda: (lambda d: d if d["state"]["outbox"] >= 3 else None)(k1.dump()), 40,
                            "kiosk 1 to play on offline", procs=[k1])
        assert d["state"]["online"] is False and d["state"]["match"] is not None
        k1.kill9()
        assert k1.outbox_len() >= 3
        k1.url = good
        k1.start()
        pub = cafe.wait_over(coord, kiosks, tid, 90)
        assert pub["winner"] is not None
        check_record(coord, kiosks, tid)
    finally:
        stop_all(coord, kiosks)
