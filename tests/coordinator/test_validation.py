"""Test 4: malformed, oversized, unauthenticated, revoked, wrong-park and out-of-order requests to
every endpoint: never a 5xx, the right 4xx with a reason, and no state change (DB row counts,
snapshots, kiosks, parks).  Then hypothesis-generated bodies for every POST endpoint."""

import asyncio
import json
import uuid

import aiohttp
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from coordinator import store
from coordinator.views import snapshot_digest

import coordbots as cb

BIG = b'{"pad": "' + b"x" * (70 * 1024) + b'"}'
DEEP = b"[" * 1000 + b"]" * 1000          # 2 KB, 1,000 levels: once a 500 with a traceback


class World:
    """A coordinator with a 4-player tournament in its Match Phase, on a loop we drive by hand."""

    def __init__(self, tmp_path):
        self.loop = asyncio.new_event_loop()
        self.tmp = tmp_path
        self.run(self._start())

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    async def _start(self):
        self.cm = cb.inprocess(self.tmp / "data")
        self.base, self.c = await self.cm.__aenter__()
        self.s = aiohttp.ClientSession()
        s, base = self.s, self.base
        self.tid, self.tokens, self.kids = await cb.new_tournament(s, base, ["Ann", "Bob", "Cy", "Di"], seed=5)
        self.revoked_kid, self.revoked = await cb.pair(s, base, "Old table")
        self.spare_kid, self.spare = await cb.pair(s, base, "Spare table")
        async with s.post(f"{base}/api/kiosks/{self.revoked_kid}/revoke", headers=cb.org(self.tokens[1])) as r:
            assert r.status == 200
        bots = [cb.Bot(s, base, self.tid, p, tok, seed=p) for p, tok in self.tokens.items()]
        await asyncio.gather(*(b.run(until=lambda v: v["phase"] == "match") for b in bots))
        # two match actions at park 1
        for _ in range(2):
            body = bots[0].decide(await bots[0]._get_park())
            body["request_id"] = uuid.uuid4().hex
            status, j = await bots[0].post(body)
            assert status == 200, j
        self.bot1 = bots[0]

    def close(self):
        async def stop():
            await self.s.close()
            await self.cm.__aexit__(None, None, None)
        self.run(stop())
        self.loop.close()

    def state(self):
        c = self.c
        self.run(self._settle())        # let any queued commit land
        return (store.row_counts(self.tmp / "data" / store.DB_NAME),
                {tid: (snapshot_digest(e), dict(e.kiosks), e.setup) for tid, e in c.tournaments.items()},
                {k.id: (k.name, k.revoked) for k in c.kiosks.values()}, c.pairing_pin)

    async def _settle(self):
        while self.c.writer.pending:
            await asyncio.sleep(0.001)

    async def request(self, method, path, headers=None, body=None, raw=None):
        kw = {"headers": dict(headers or {})}
        if raw is not None:
            kw["data"] = raw
            kw["headers"].setdefault("Content-Type", "application/json")
        elif body is not None:
            kw["json"] = body
        async with self.s.request(method, self.base + path, **kw) as r:
            text = await r.text()
            return r.status, text

    def call(self, *a, **kw):
        return self.run(self.request(*a, **kw))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    w = World(tmp_path_factory.mktemp("validation"))
    yield w
    w.close()


def check(world, expected, method, path, headers=None, body=None, raw=None, contains=None):
    before = world.state()
    status, text = world.call(method, path, headers, body, raw)
    assert status == expected, (method, path, body if raw is None else raw[:80], status, text)
    j = json.loads(text)
    assert isinstance(j.get("error"), str) and j["error"], text
    if contains:
        assert contains in j["error"], j["error"]
    assert world.state() == before, (method, path, "changed the state")
    return j


@pytest.mark.slow
def test_every_endpoint_rejects_bad_requests(world):
    w = world
    T = f"/api/tournaments/{w.tid}"
    own, other = cb.bearer(w.tokens[1]), cb.bearer(w.tokens[2])
    org = cb.org(w.tokens[1])
    m = w.c.tournaments[w.tid].state.tournament.matches[1]
    seq = len(w.c.tournaments[w.tid].match_entries(1))
    good_action = w.bot1.decide(w.run(w.bot1._get_park()))
    writes = [  # (path, a valid body)
        ("/api/pair", {"pin": "000000000000", "name": "x"}),
        ("/api/tournaments", {"players": ["A", "B"]}),
        (f"{T}/parks/1/kiosk", {"kiosk_id": w.spare_kid}),
        (f"{T}/actions", dict(good_action, request_id="r-valid-1")),
        (f"{T}/final", {"park": 2}),
        (f"/api/kiosks/{w.spare_kid}/revoke", None),
    ]
    # malformed and oversized bodies (revoke takes no body: skipped)
    for path, _ in writes[:-1]:
        check(w, 400, "POST", path, org, raw=b"{not json")
        check(w, 400, "POST", path, org, raw=b"")
        check(w, 400, "POST", path, org, raw=b"[1, 2]")
        check(w, 400, "POST", path, org, raw=b"\xff\xfe")
        check(w, 400, "POST", path, org, body={"unexpected": 1})
        check(w, 413, "POST", path, org, raw=BIG)
        check(w, 400, "POST", path, org, raw=DEEP, contains="deeper")
        check(w, 400, "POST", path, org, raw=b'{"a": ' + b"[" * 20 + b"]" * 20 + b"}", contains="deeper")
        # JSON only: a cross-site form or text/plain POST (no CORS preflight) is refused
        check(w, 415, "POST", path, dict(org, **{"Content-Type": "text/plain"}), raw=b"{}", contains="application/json")
        check(w, 415, "POST", path, dict(org, **{"Content-Type": "application/x-www-form-urlencoded"}), raw=b"a=1")
        check(w, 403, "POST", path, dict(org, Origin="http://evil.example"), raw=b"{}", contains="cross-site")
    # field types and ranges
    check(w, 400, "POST", "/api/pair", body={"pin": 123456, "name": "x"}, contains="pin")
    check(w, 400, "POST", "/api/pair", body={"pin": "12345", "name": "x"}, contains="pin")
    check(w, 400, "POST", "/api/pair", body={"pin": "123456", "name": "x"}, contains="pin")
    check(w, 400, "POST", "/api/pair", body={"pin": "123456789012", "name": ""}, contains="name")
    check(w, 400, "POST", "/api/pair", body={"pin": "123456789012", "name": "   "}, contains="name")
    check(w, 403, "POST", "/api/pair", body={"pin": "000000000000" if w.c.pairing_pin != "000000000000"
                                             else "111111111111", "name": "x"}, contains="pairing code")
    for bad in ({"players": ["A"] * 9}, {"players": "AB"}, {"players": ["A"], "bots": [{"name": "B", "level": 3}]},
                {"players": ["A", 3]}, {"players": ["A", "B"], "robot_level": True},
                {"players": ["A", "B"], "robot_level": 9}, {"players": ["A", "B"], "seed": -1},
                {"players": ["A", "B"], "seed": 2**70}, {"players": ["A", "B"], "final_park": 0},
                {"players": ["A", "B"], "box": "nope"}, {"players": ["A", "B"], "robot_level": 1.5},
                {"players": ["A", "B"], "solo_cards": "yes"}, {"players": ["A\nB", "C"]}):
        check(w, 400, "POST", "/api/tournaments", org, body=bad)
    # well-formed, but the rules refuse it: 409 with the reason
    # ("players": [] is well-formed since bot entrants may fill a tournament: the count is a rule)
    for bad, why in (({"players": []}, "1 to 8 players"), ({"players": ["A", "a"]}, "same name"),
                     ({"players": ["A", "Robot"]}, "Robot"),
                     ({"players": ["A", "B"], "sets": ["nope"]}, ""), ({"players": ["A", "B", "C"], "robot_level": 5}, ""),
                     ({"players": ["A", "B"], "final_park": 3}, "")):
        check(w, 409, "POST", "/api/tournaments", org, body=bad, contains=why)
    for bad in ({"kiosk_id": "1"}, {"kiosk_id": 0}, {"kiosk_id": True}, {}):
        check(w, 400, "POST", f"{T}/parks/1/kiosk", org, body=bad)
    check(w, 404, "POST", f"{T}/parks/1/kiosk", org, body={"kiosk_id": 9999}, contains="kiosk")
    check(w, 404, "POST", f"{T}/parks/3/kiosk", org, body={"kiosk_id": w.spare_kid}, contains="parks 1 to 2")
    check(w, 409, "POST", f"{T}/parks/1/kiosk", org, body={"kiosk_id": w.revoked_kid}, contains="revoked")
    for bad in ({"park": "1"}, {"park": 5}, {"park": None}, {}):
        check(w, 400, "POST", f"{T}/final", org, body=bad)
    check(w, 404, "POST", f"{T}/final", org, body={"park": 3}, contains="parks 1 to 2")
    rid = {"request_id": "r1"}

    def act(player, kind, *args, **more):
        return dict(rid, action={"player": player, "kind": kind, "args": list(args)}, **more)
    light = m.players[0]
    for bad in ({"action": {"player": light, "kind": "match.toss", "args": []}, "match_seq": 0},
                dict(rid, action="reveal"), dict(rid, action=[]), dict(rid, action={}),
                dict(rid, action={"player": 0}), act(0, "deck.jump"), act(0, "deck.pick"), act(0, "deck.pick", -1),
                act(0, "deck.pick", True), act(0, "deck.pick", "x"), act(9, "deck.done"), act(-1, "deck.done"),
                act(True, "deck.done"), act(0, "deck.done", match_seq=0), act(light, "match.reveal"),
                act(light, "match.reveal", 0, match_seq=0), act(light, "match.toss", match_seq=-1),
                act(light, "match.choose", match_seq=0), act(1, "trade", 2),
                dict(rid, action={"player": 0, "kind": "deck.done", "args": [], "extra": 1}),
                dict(rid, action={"player": 0, "kind": "Deck.Done", "args": []}),
                {"request_id": "", "action": {"player": 0, "kind": "deck.done"}},
                {"request_id": "a b", "action": {"player": 0, "kind": "deck.done"}},
                {"request_id": "x" * 65, "action": {"player": 0, "kind": "deck.done"}},
                {"request_id": 5, "action": {"player": 0, "kind": "deck.done"}}):
        check(w, 400, "POST", f"{T}/actions", own, body=bad)
    # unauthenticated: no header, wrong scheme, unknown token -> 401; revoked -> 403
    for path, body in writes:
        for h in ({}, {"Authorization": "Basic abc"}, {"Authorization": "Bearer"}, cb.bearer("not-a-token")):
            if path == "/api/pair":
                continue
            h = dict(h, **({"X-Organiser-Pin": cb.ORG_PIN} if "actions" not in path else {}))
            check(w, 401, "POST", path, h, body=body)
        if path != "/api/pair":
            check(w, 403, "POST", path, dict(cb.bearer(w.revoked), **{"X-Organiser-Pin": cb.ORG_PIN}), body=body,
                  contains="revoked")
    # organiser PIN: missing -> 401, wrong -> 403 (a few only: ten wrong PINs lock the organiser for a minute)
    for path, body in writes:
        if path in ("/api/pair",) or "actions" in path:
            continue
        check(w, 401, "POST", path, own, body=body, contains="X-Organiser-Pin")
    check(w, 403, "POST", "/api/tournaments", cb.org(w.tokens[1], pin="000001"), body={"players": ["A", "B"]},
          contains="organiser PIN")
    check(w, 401, "GET", "/api/pairing-pin", {}, contains="X-Organiser-Pin")
    check(w, 401, "GET", "/api/kiosks", {}, contains="X-Organiser-Pin")
    check(w, 401, "GET", f"{T}/record", {"X-Organiser-Pin": cb.ORG_PIN})
    # wrong park: park 2's kiosk sends park 1's match action, or a Deck Phase... (Match Phase now), or reads park 1
    check(w, 403, "POST", f"{T}/actions", other, body=dict(good_action, request_id="r-wrong-park"),
          contains="not park 1's kiosk")
    check(w, 403, "GET", f"{T}/parks/1", other, contains="not park 1's kiosk")
    check(w, 401, "GET", f"{T}/parks/1", cb.bearer("nope"))
    check(w, 403, "GET", f"{T}/parks/1", cb.bearer(w.revoked), contains="revoked")
    # out of order and illegal
    check(w, 409, "POST", f"{T}/actions", own, body=dict(good_action, request_id="r-ahead", match_seq=seq + 3),
          contains=f"expected match_seq {seq}")
    check(w, 409, "POST", f"{T}/actions", own, body={"request_id": "r-deck", "action": {"player": 0, "kind": "deck.done"}},
          contains="no Deck Phase")
    # the player of the match who may not reveal now (or the dark side tossing)
    acting = {p for p in m.players if w.c.tournaments[w.tid].state.legal_actions(p)}
    idle = next(p for p in m.players if p not in acting)
    bad = {"player": idle, "kind": "match.reveal" if idle == m.players[0] else "match.toss", "args": []}
    check(w, 409, "POST", f"{T}/actions", own, body={"request_id": "r-illegal", "action": bad, "match_seq": seq},
          contains="illegal")
    # ids that do not exist
    check(w, 404, "GET", "/api/tournaments/999")
    check(w, 404, "GET", "/api/tournaments/999/parks/1")
    check(w, 404, "GET", f"{T}/parks/7")
    check(w, 404, "GET", f"{T}/parks/0")
    check(w, 404, "GET", "/t/999")
    check(w, 404, "GET", "/api/tournaments/abc")
    check(w, 404, "POST", "/api/tournaments/999/actions", own, body=dict(good_action, request_id="r-404"))
    check(w, 404, "POST", "/api/tournaments/999/final", org, body={"park": 1})
    check(w, 404, "POST", "/api/kiosks/999/revoke", org)
    check(w, 404, "GET", "/api/tournaments/999/events")
    check(w, 400, "GET", f"{T}/events", contains="WebSocket")
    check(w, 404, "GET", "/nope")
    check(w, 405, "DELETE", f"{T}")
    check(w, 405, "PUT", "/api/tournaments")
    # finally the valid write still works (the state really was unchanged)
    before = w.state()
    status, text = w.call("POST", f"{T}/actions", own, dict(good_action, request_id="r-valid-1"))
    assert status == 200, text
    assert w.state() != before


# ---------------------------------------------------------------------- generated bodies
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=10), kids, max_size=5),
    max_leaves=12)
ints = st.integers(-3, 12) | st.booleans() | st.none() | st.text(max_size=3)
kinds = st.sampled_from(["deck.option", "deck.redraw", "deck.pick", "deck.choose", "deck.remove", "deck.done",
                         "deck.undo", "match.toss", "match.reveal", "match.choose", "x", "match"]) | json_values
actions = st.one_of(
    st.lists(st.sampled_from(["deck", "match"]) | ints, max_size=6),          # the old wire: refused
    st.fixed_dictionaries({"player": ints, "kind": kinds}, optional={"args": st.lists(ints, max_size=3) | json_values}),
    st.fixed_dictionaries({"player": ints, "kind": kinds, "args": st.lists(ints, max_size=2)},
                          optional={"extra": json_values}))
action_bodies = st.fixed_dictionaries(
    {"request_id": st.text("abc-", min_size=1, max_size=8) | json_values, "action": actions},
    optional={"match_seq": ints, "extra": json_values})
create_bodies = st.fixed_dictionaries(
    {"players": st.lists(st.text(max_size=6), max_size=10) | json_values},
    optional={k: v for k, v in {"box": st.sampled_from(["base", "beach", "x"]) | json_values,
                                 "sets": st.none() | st.lists(st.text(max_size=8), max_size=7),
                                 "robot_level": ints, "solo_cards": json_values, "seed": ints | json_values,
                                 "final_park": ints, "name": json_values}.items()})
small = st.fixed_dictionaries({}, optional={"kiosk_id": ints | json_values, "park": ints | json_values,
                                            "pin": st.text("0123456789", max_size=7) | json_values,
                                            "name": json_values})


def _fuzz(world, path_of, bodies, headers, allow_ok=False):
    T = f"/api/tournaments/{world.tid}"

    @settings(max_examples=120, deadline=None, database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(body=bodies | json_values)
    def one(body):
        before = world.state()
        status, text = world.call("POST", path_of(T), headers, body=body)
        assert status < 500, (body, status, text)
        if status >= 400:
            assert json.loads(text)["error"]
            assert world.state() == before, (body, status, "changed the state")
        else:
            assert allow_ok, (body, status, text)
    one()


@pytest.mark.slow
def test_generated_action_bodies(world):
    _fuzz(world, lambda T: f"{T}/actions", action_bodies, cb.bearer(world.tokens[1]), allow_ok=True)


@pytest.mark.slow
def test_generated_organiser_bodies(world):
    org = cb.org(world.tokens[1])
    _fuzz(world, lambda T: "/api/tournaments", create_bodies, org, allow_ok=True)
    _fuzz(world, lambda T: f"{T}/final", small, org, allow_ok=True)
    _fuzz(world, lambda T: f"{T}/parks/2/kiosk", small, org, allow_ok=True)
    _fuzz(world, lambda T: "/api/pair", small, {})


def test_openapi_lists_every_route(world):
    status, text = world.call("GET", "/openapi.json")
    assert status == 200
    spec = json.loads(text)
    assert spec["openapi"].startswith("3.")
    from coordinator.web import make_app
    routes = set()
    for r in make_app(world.c).router.routes():
        info = r.resource.get_info() if r.resource else {}
        path = info.get("path") or info.get("formatter")
        if r.method == "HEAD":
            continue
        import re
        path = re.sub(r"\{(\w+):[^}]*\}", r"{\1}", path)
        routes.add((r.method.lower(), path))
    documented = {(m, p) for p, ops in [*spec["paths"].items(), *spec["x-websockets"].items()] for m in ops}
    assert routes == documented
    for p, ops in spec["paths"].items():
        for m, op in ops.items():
            if m == "post" and "requestBody" in op:
                assert op["requestBody"]["content"]["application/json"]["schema"]
            assert op["responses"]
