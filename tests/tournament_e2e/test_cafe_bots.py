"""End to end, with a bot entrant: a real coordinator process and a real kiosk process; a person
(played by the kiosk's test bot pressing its inputs) against a bot entrant (the search bot,
entered by the organiser).  The coordinator plays the bot's Deck Phases; the kiosk plays the
bot's side of every match against the person; the coordinator is killed (-9) and restarted in
the middle, and the tournament still ends, every action where it belongs.  (Bot against bot
matches, played by the coordinator alone: tests/coordinator/test_bot_entrants.py.)"""

import json
import time

import pytest

import cafe
import cards
from coordinator.views import plain
from engine.challengers.library import load

pytestmark = pytest.mark.slow   # a café tournament with bot entrants through a restart

PEOPLE = ["Ann"]
BOTS = [{"name": "Ada", "level": "easy"}]


def test_bot_entrants_played_to_the_end_through_a_restart(tmp_path):
    coord, kiosks, tid = cafe.start_cafe(tmp_path, 1, PEOPLE, seed=12, final_park=1, bots=BOTS)
    try:
        pub = coord.public(tid)
        assert [(p["name"], p["bot"]) for p in pub["players"]] == [("Ann", None), ("Ada", "easy")]
        cafe.wait_until(lambda: coord.public(tid)["round"] >= 3, 90, "round 3", step=0.05, procs=[coord, *kiosks])
        coord.kill9()
        time.sleep(1)
        coord.start()
        pub = cafe.wait_over(coord, kiosks, tid, 120)
        assert pub["winner"] is not None
        assert {r["name"]: r["bot"] for r in pub["standings"]} == {"Ann": None, "Ada": "easy"}

        rec = coord.record(tid)
        lib = load(cards)
        setup, t, by_match = cafe.record_matches(lib, rec["setup"], rec["actions"])
        again = cafe.replay_record(lib, rec)
        assert plain(again.snapshot()) == rec["snapshot"]
        bots = {1}
        # Who played what: the coordinator (kiosk 0) the bot's Deck Phases; the kiosk the rest,
        # the bot's side of every match included.
        walk = load_walk(lib, rec)
        by_coordinator = [(a, players) for a, players, kid in walk if kid == 0]
        by_kiosks = [(a, players) for a, players, kid in walk if kid != 0]
        assert by_coordinator and by_kiosks
        assert all(a[0] == "deck" and a[1] in bots for a, _ in by_coordinator), by_coordinator[:5]
        assert all(a[0] == "match" or a[1] not in bots for a, _ in by_kiosks)
        # the kiosk revealed and chose for the bot (its side of the match), not only for the person
        bot_moves = [a for a, players in by_kiosks if a[0] == "match" and a[2] in ("reveal", "choose")
                     and players[a[3]] in bots]
        assert len(bot_moves) > 20, len(bot_moves)
        # The kiosk's own log of every match is the coordinator's record; what it sent is exactly
        # the record's kiosk actions.
        local = {}
        for k in kiosks:
            local.update(k.local_matches(tid))
        assert set(local) == set(by_match)
        for key in by_match:
            assert local[key] == by_match[key], key
        sent = sorted(json.dumps(a, sort_keys=True) for k in kiosks for _, a, _ in k.sent(tid))
        assert sent == sorted(json.dumps(rec["actions"][i], sort_keys=True) for i, (_, _, kid) in enumerate(walk)
                              if kid != 0)
        assert all(k.outbox_len() == 0 for k in kiosks)
    finally:
        for k in kiosks:
            k.stop()
        coord.stop()


def load_walk(lib, rec):
    """[(action as the tournament's tuple, players of its match or None, kiosk id)] in the record's order."""
    t = cafe.fresh_tournament(lib, rec)
    out = []
    for a, meta in zip(cafe.record_tuples(lib, rec), rec["meta"]):
        players = list(t.matches[a[1]].players) if a[0] == "match" else None
        out.append((a, players, meta["kiosk_id"]))
        t.apply(tuple(a))
    return out
