"""A park's kiosk.db written before the contract wire (``fixtures/kiosk-park-tuples.db``, made by
``tests/coordinator/make_tuple_wire.py`` from that code: round 2's match at park 1 with five actions
in its local log, the last two still in the outbox, every one a Challengers! tuple) resumes: the
match is replayed from its log read as contract actions, and what the outbox holds goes out in the
contract's JSON.  (``tests/coordinator/test_contract_wire.py`` delivers it to the coordinator.)"""

import json
import shutil
from pathlib import Path

import cards
from engine.challengers.cafe import ParkMatch, match_tuple
from engine.challengers.library import load
from engine.game import Action
from kiosk.outbox import Outbox
from kiosk.games.challengers.park import library_data
from kiosk.park import ParkController
from kiosk.store import Store

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "kiosk-park-tuples.db"


def test_a_park_log_of_tuples_resumes_on_the_contract(tmp_path):
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE, db)
    lib = load(cards)
    store = Store(db)
    rows = store.park_actions(1)
    assert len(rows) == 5 and all(isinstance(r, list) and r[:2] == ["match", 1] for r in rows)
    pc = ParkController(store, data_for=library_data(lib))
    park = pc.table
    assert park.match_id is not None and len(park.actions) == 5 and park.current() is not None
    # the same match as the tuples replayed on the rules' own match
    spec = json.loads(store.db.conn.execute("select spec_json from park_matches where id = 1").fetchone()[0])
    again = ParkMatch(lib, spec)
    for r in rows:
        again.match.apply(tuple(r[2:]))
    assert park.current().match.snapshot() == again.match.snapshot()
    # the outbox's entries go out in the contract's form, with their request ids and match_seq
    outbox = Outbox(db)
    first = outbox.first()
    outbox.close()
    action = Action.from_json(first["body"]["action"])
    assert first["body"]["match_seq"] == 3 and first["request_id"].startswith("k")
    assert ("match", 1, *match_tuple(spec["players"], action)) == tuple(rows[3])
    # and the table plays on from there: the next action is stored in the contract's JSON
    g = park.current()
    seat = next(p for p in g.players if g.legal_actions(p))
    nxt = g.legal_actions(seat)[0]
    assert pc.board.submit(g.players.index(seat), nxt.kind, *nxt.args)
    assert store.park_actions(1)[-1] == nxt.to_json()
    store.close()
