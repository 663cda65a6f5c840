"""End to end: at the held end of every park match of a whole Challengers! tournament, each half
of the table shows its own player.

A real coordinator process and two real kiosk processes (offscreen), four players pressed by
the kiosks' test bot.  The players look at each match's end until the coordinator has moved
past it (the other park finished the round: the next round's seating is already known), as
people do; meanwhile a witness plugin (``tests/kiosk/park_witness.py``) reads each half of
the match screen at every redraw -- the name on it, the deck and exhaust counts, the bench --
and keeps screenshots (``tests/artifacts/park-ends/``).  What each half must show comes from
the coordinator's record alone: at a park, the bottom half is the plan's light side of the
match (its ``players[0]``), the top half the dark side.  The match log is offered there too:
at each end the witness taps the bottom half's "Log", whose lines must be those the
coordinator's own events of that match give.  And a key presser
(``tests/kiosk/park_keys.py``) presses digits, ``r`` and ``d`` at every moment between matches
(waiting, a new round's seating, a held end, a result): none of them may reach the coordinator.
"""

import json
import shutil
from pathlib import Path

import cafe
import pytest
from kiosk_helpers import artifacts_dir

import cards
from engine.challengers.library import load

from kiosk.cardtext import card_name
from kiosk.games.challengers.matchlog import log_lines
from kiosk.i18n import tr

pytestmark = pytest.mark.slow   # every park match's end on two real kiosks

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def bench_names(m, side):
    """The name on each seat of a bench, as the kiosk's card face writes it (a seat shared by
    cards of two names shows both)."""
    out = []
    for seat in side.bench[:6]:
        names = {card_name(m.types[c], "en") for c in seat.cards}
        out.append(" / ".join(sorted(names)) if len(names) > 1 else card_name(m.types[seat.cards[-1]], "en"))
    return out


def match_ends(rec):
    """{(round, park): each side's player's name, deck and exhaust counts, bench card names} at
    the end of every match of the coordinator's record (round 8 = the Final), and {(round,
    park): the match log's lines, newest first} from the events the coordinator's tournament
    gave for that match's actions."""
    lib = load(cards)
    t = cafe.fresh_tournament(lib, rec)
    ends, events = {}, {}
    for a in cafe.record_tuples(lib, rec):
        m = t.matches.get(a[1]) if a[0] == "match" else None
        rnd = t.round
        got = t.apply(tuple(a))
        if m is not None:
            events.setdefault((rnd, a[1]), []).extend(got)
        if m is not None and m.winner is not None:
            ends[(rnd, a[1])] = [{"name": t.players[p].name, "deck": len(side.deck), "exhaust": len(side.exhaust),
                                  "bench": sorted(bench_names(m, side))}
                                 for p, side in zip(m.players, m.sides)]
    names = [p.name for p in t.players]
    logs = {}
    for key, evs in events.items():
        evs = evs[:next(i + 1 for i, e in enumerate(evs) if e.kind == "win")]     # the match's, not the round's
        logs[key] = log_lines(evs, names, lambda cid: card_name(lib.catalogue.card(cid), "en"), tr, "en")[::-1]
    return ends, logs


def read_rows(folder, name):
    """The JSON lines ``name`` a plugin wrote in ``folder`` (none yet: [])."""
    f = Path(folder) / name
    return [json.loads(line) for line in f.read_text().splitlines()] if f.exists() else []


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """One whole tournament on two kiosks, with the witness and the key presser plugged in:
    (the record's match ends, their match logs, {(round, park): the witness's rows}, the key
    presser's rows of each kiosk)."""
    tmp = tmp_path_factory.mktemp("cafe")
    shots = artifacts_dir() / "park-ends"
    shutil.rmtree(shots, ignore_errors=True)
    env = {"TABLECUP_KIOSK_PLUGINS": "tests.kiosk.kiosk_bot,tests.kiosk.park_witness,tests.kiosk.park_keys",
           "TABLECUP_BOT_HOLD_END": "view"}
    coord = cafe.Coordinator(tmp).start()
    kiosks = []
    try:
        coord.pair_organiser()
        for n in (1, 2):
            k = cafe.Kiosk(tmp, n, coord.base, TABLECUP_WITNESS=shots / f"kiosk{n}",
                           TABLECUP_PARK_KEYS=tmp / f"keys{n}", **env)
            kiosks.append(k.start())
            k.pair(coord)
        tid = coord.create(PLAYERS, 41, final_park=2)
        for park, k in enumerate(kiosks, 1):
            coord.assign(tid, park, k.kid)
        pub = cafe.wait_over(coord, kiosks, tid, 240)
        assert pub["winner"] is not None
        ends, logs = match_ends(coord.record(tid))
        # The last end is still held on the Final's kiosk until the view says "over": wait for it.
        seen: dict = {}

        def read_all():
            seen.clear()
            for n in (1, 2):
                for row in read_rows(shots / f"kiosk{n}", "ends.jsonl"):
                    seen.setdefault((row["round"], row["park"]), []).append(row)
            return all(any(r["moved_on"] for r in seen.get(key, [])) for key in ends)
        cafe.wait_until(read_all, 30, "every match's end read once the coordinator moved on", procs=kiosks)
    finally:
        for k in kiosks:
            k.stop()
        coord.stop()
    keys = [read_rows(tmp / f"keys{n}", "keys.jsonl") for n in (1, 2)]
    return ends, logs, seen, keys


def test_each_half_shows_its_own_player_at_every_park_match_end(night):
    ends, _, seen, _ = night
    assert len(ends) == 15, sorted(ends)          # 7 rounds on 2 parks, and the Final
    assert set(seen) == set(ends), (sorted(seen), sorted(ends))
    for key, want in sorted(ends.items()):
        for row in seen[key]:
            got = [{"name": h["who"], "deck": h["deck"], "exhaust": h["exhaust"], "bench": sorted(h["bench"])}
                   for h in row["halves"]]
            assert got[0]["name"] != got[1]["name"], (key, row)
            assert got == want, (key, row["moved_on"], got, want)


def test_the_match_log_is_offered_at_every_park_match(night):
    """Each half's "Log" at a park, with the whole match in it: the lines the coordinator's
    own events of that match give."""
    ends, logs, seen, _ = night
    for key in sorted(ends):
        first_looks = [row for row in seen[key] if "log" in row]
        assert len(first_looks) == 1 and first_looks[0]["log"] == logs[key], (key, first_looks, logs[key])


def test_keys_between_matches_send_nothing(night):
    """Digits, ``r`` and ``d`` pressed while a park waits (to be assigned, for the other parks),
    shows a new round's seating, holds a match's end or shows a result: nothing goes to the
    outbox, nothing is in flight (a digit reaches a Deck Phase only on its screen)."""
    _, _, _, keys = night
    for n, rows in enumerate(keys, 1):
        kinds = {}
        for row in rows:
            kinds.setdefault(row["moment"][0], []).append(row)
            assert row["new"] == [] and row["inflight"] == [], (n, row)
        assert len(kinds.get("seating", [])) >= 7, (n, sorted(kinds))     # every round's seating
        assert len(kinds.get("held", [])) >= 7, (n, sorted(kinds))
        # A result is tapped away by the bot within a few hundredths of a second: some are seen.
        assert kinds.get("result"), (n, sorted(kinds))
        assert kinds.get("waiting"), (n, sorted(kinds))
