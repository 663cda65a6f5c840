"""End to end, for the games of the table: a real coordinator process and real kiosk processes
(offscreen, each with its own data folder), paired with real PINs typed on the kiosks, assigned to
parks of a Between Battle and a Wacky Challenge tournament by organiser requests.  Each kiosk
plays its park's table with the game's own screen (the test bot presses its choices and taps the
held end away); the coordinator plays the bot entrants.  What the kiosks sent and kept is the
coordinator's record, and at the held end each half shows its own player."""

from __future__ import annotations

import json

import cafe
import pytest

from engine.game import Action

pytestmark = pytest.mark.slow   # real kiosk processes and a real coordinator


def table_logs(kiosk, tid):
    """{(round, park): [the tournament's actions]} of every table this kiosk played."""
    out = {}
    with kiosk.db() as c:
        for mid, rnd, park in c.execute("select id, round, park from park_matches where tournament = ?", (tid,)):
            out[(rnd, park)] = [Action.from_json(json.loads(a)).to_json() for (a,) in c.execute(
                "select action_json from park_actions where match_id = ? order by seq", (mid,))]
    return out


def check_record(coord, kiosks, tid):
    """Every table a kiosk kept is that park's actions of that round in the record, and every
    park's table was kept by a kiosk; the actions the kiosks got acknowledged are the record's
    actions of a person (by request id); nothing is left in an outbox."""
    rec = coord.record(tid)
    kept = {}
    for k in kiosks:
        for key, acts in table_logs(k, tid).items():
            assert key not in kept, f"two kiosks kept {key}"
            kept[key] = acts
    assert kept == cafe.tables_of_the_record(rec, finished=True)
    people = {m["request_id"]: Action.from_json(a).to_json() for m, a in zip(rec["meta"], rec["actions"])
              if m["kiosk_id"] != 0}

    def sent():
        """What the kiosks' outboxes delivered, once they are empty (an answer may still be on its way)."""
        if any(k.outbox_len() for k in kiosks):
            return None
        got = {}
        for k in kiosks:
            with k.db() as c:
                got.update({rid: Action.from_json(json.loads(a)).to_json() for rid, a in c.execute(
                    "select request_id, action_json from sent_log where tournament = ?", (tid,))})
        # Every person's action of the record was acknowledged to its kiosk; a move sent again
        # after one that crossed it may be answered as the one already held (its request id then
        # is not the record's), never as another action.
        held = {json.dumps(a, sort_keys=True) for a in people.values()}
        ok = people.items() <= got.items() and all(json.dumps(a, sort_keys=True) in held for a in got.values())
        return got if ok else None
    assert people
    cafe.wait_until(sent, 30, "the kiosks' acknowledged actions to be the people's of the record", procs=kiosks)
    return rec


def held_end(kiosk, rnd):
    """The kiosk's dump once its park table holds the end of round ``rnd``'s game, else None."""
    d = kiosk.dump()
    table = d["state"]["table"]
    return d if table["held"] and table["round"] == rnd else None


def halves_at_the_end(kiosk, path):
    """The names on each half of the game's screen, with the kiosk's park table."""
    kiosk.send(f"props {path} who")
    got = cafe.wait_until(lambda: path.exists() and json.loads(path.read_text()), 20, "the halves' names",
                          procs=[kiosk])
    return got


def bots(*names):
    return [{"name": n, "level": "easy"} for n in names]


@pytest.mark.parametrize("game, body, screen", [
    # Two people and two bot entrants: two parks, a duel at each.
    ("between", {"game": "between", "format": "swiss", "rounds": 2, "bots": bots("Ada", "Ben")}, "between.play"),
    # Two people and four bot entrants at tables of three: two parks.
    ("wacky", {"game": "wacky", "format": "tables", "rounds": 2, "table_size": 3,
               "bots": bots("Ada", "Ben", "Cyd", "Dot")}, "wacky.play"),
])
def test_a_park_of_another_game_is_taken_and_played_to_the_end(tmp_path, game, body, screen):
    coord, kiosks, tid = cafe.start_cafe(tmp_path, 2, ["Ann", "Bob"], seed=5,
                                         kiosk_env={"TABLECUP_BOT_HOLD_END": "view"}, **body)
    try:
        pub = cafe.wait_over(coord, kiosks, tid, 150)
        assert pub["over"] and pub["winner"] is not None
        ends = {}
        for k in kiosks:
            # The last round's end is held on the game's own screen (a bot entrant's last move
            # too, once the kiosk has read it), each half showing its player.
            ends[k] = cafe.wait_until(lambda k=k: held_end(k, pub["round"]), 30, "the held end", procs=[k])
        check_record(coord, kiosks, tid)
        for k, d in ends.items():
            assert d["screen"] == screen, d["screen"]
            table = d["state"]["table"]
            assert table["over"] and table["game"]["game"] == game
            names = table["game"]["players"]
            shown = {s["half"]: i for i, s in enumerate(table["seats"]) if s["half"] is not None}
            props = halves_at_the_end(k, k.dir / "halves.json")
            for half, wid in ((0, "bottom"), (1, "top")):
                assert names[shown[half]] in props[wid]["who"], (half, names, props)
            assert props["bottom"]["who"] != props["top"]["who"]
    finally:
        for k in kiosks:
            k.stop()
        coord.stop()


NIGHT = {"between": (["Ann", "Bob", "Cid"], {"game": "between", "format": "swiss", "rounds": 2}),
         "wacky": (["Dee", "Eve"], {"game": "wacky", "format": "tables", "rounds": 2, "table_size": 2})}


def cafe_night(tmp, kill_mid_round: bool):
    """A café night of a Between Battle and a Wacky Challenge tournament, one park each, on two
    real kiosks whose people play every seat; with ``kill_mid_round`` the coordinator is killed
    (-9) in the middle of round 1 and started again on its data folder while the kiosks play on.
    -> {game: the tournament's record}."""
    tmp.mkdir(parents=True)
    coord = cafe.Coordinator(tmp).start()
    kiosks = []
    try:
        coord.pair_organiser()
        kiosks = [cafe.Kiosk(tmp, n, coord.base, TABLECUP_BOT_HOLD_END="view").start() for n in (1, 2)]
        for k in kiosks:
            k.pair(coord)
        tids = {}
        for k, (game, (players, options)) in zip(kiosks, NIGHT.items()):
            tids[game] = coord.create(players, 31, **options)
            coord.assign(tids[game], 1, k.kid)
        if kill_mid_round:
            def under_way():
                return all(coord.public(tid)["round"] == 1 and coord.public(tid)["tables"][0]["match_seq"] >= 4
                           for tid in tids.values())
            cafe.wait_until(under_way, 90, "both tables under way", step=0.02, procs=kiosks)
            coord.kill9()
            # The kiosks play on, offline: their moves wait in their outboxes.
            cafe.wait_until(lambda: all(not k.dump()["state"]["online"] for k in kiosks), 30, "the kiosks offline",
                            procs=kiosks)
            cafe.wait_until(lambda: any(k.outbox_len() for k in kiosks), 30, "moves waiting offline", procs=kiosks)
            coord.start()
        records = {}
        for k, (game, tid) in zip(kiosks, tids.items()):
            pub = cafe.wait_over(coord, kiosks, tid, 150)
            cafe.wait_until(lambda k=k, pub=pub: held_end(k, pub["round"]), 30, "the held end", procs=[k])
            check_record(coord, [k], tid)
            records[game] = coord.record(tid)
        return records
    finally:
        for k in kiosks:
            k.stop()
        coord.stop()


def test_a_cafe_night_of_two_games_killed_mid_round_ends_as_an_uninterrupted_one(tmp_path):
    """The two-park night with the coordinator killed (-9) mid-round: each tournament's record is
    the one of the same night uninterrupted (a person's choice is drawn from the table's state, so
    it does not depend on when the coordinator died), and each kiosk kept its tables whole."""
    whole = cafe_night(tmp_path / "whole", kill_mid_round=False)
    killed = cafe_night(tmp_path / "killed", kill_mid_round=True)
    for game in NIGHT:
        assert killed[game]["snapshot"]["record"] == whole[game]["snapshot"]["record"], game
        assert sorted(json.dumps(a, sort_keys=True) for a in killed[game]["actions"]) == \
            sorted(json.dumps(a, sort_keys=True) for a in whole[game]["actions"]), game
