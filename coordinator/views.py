"""What the coordinator shows: plain JSON views of a tournament, hidden information respected.

* :func:`public_view` -- anyone (the TV page, ``GET /api/tournaments/{id}``): no seed, no deck
  contents, no drawn cards, no trophy fans while they are hidden (3+ players, before the end).
* :func:`park_view` -- ``GET .../parks/{park}``; the private part (drawn cards, decks, the match
  spec and its actions) only for the kiosk assigned to that park.
"""

from __future__ import annotations

import hashlib
import json

from engine.challengers.game import observe_deck_phase
from engine.challengers.tournament import DECK, MATCH, FINAL_DECK, FINAL, OVER

SIDES = ("light", "dark")


def plain(v):
    """Engine values as JSON values (tuples -> lists, sets -> sorted lists, card types -> ids)."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        if hasattr(v, "_asdict"):
            return {k: plain(x) for k, x in v._asdict().items()}
        return [plain(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted(plain(x) for x in v)
    if hasattr(v, "id") and isinstance(getattr(v, "id"), str):
        return v.id
    return str(v)


def snapshot_digest(t) -> str:
    return hashlib.sha256(json.dumps(plain(t.snapshot()), sort_keys=True).encode()).hexdigest()


def scrub_events(t, events) -> list:
    """Events as dicts; trophy fans blanked while hidden."""
    hidden = not t.fans_visible()
    out = []
    for ev in events:
        d = {"kind": ev.kind, "player": plain(ev.player), "card": plain(ev.card), "value": plain(ev.value),
             "info": plain(ev.info)}
        if hidden and ev.kind == "trophy":
            d["value"] = None
        out.append(d)
    return out


def seats(t, bots=None) -> list:
    """Where every player sits now: [{player, name, robot, bot, park, side}] (empty when over);
    ``bot``: a bot entrant's level (``bots``: player index -> level), else null."""
    bots = bots or {}
    out = []
    if t.phase in (DECK, MATCH) and 1 <= t.round:
        for park, light, dark in t.pairings(t.round):
            for side, p in enumerate((light, dark)):
                pl = t.players[p]
                out.append({"player": p, "name": pl.name, "robot": pl.robot, "bot": bots.get(p), "park": park,
                            "side": SIDES[side], "text": f"{pl.name} \u2192 park {park}, {SIDES[side]} side"})
    elif t.phase in (FINAL_DECK, FINAL):
        for side, p in enumerate(t.finalists):
            pl = t.players[p]
            park = t.setup.final_park
            out.append({"player": p, "name": pl.name, "robot": pl.robot, "bot": bots.get(p), "park": park,
                        "side": SIDES[side], "text": f"{pl.name} \u2192 park {park}, {SIDES[side]} side (Final)"})
    out.sort(key=lambda s: (s["park"], s["side"] != "light"))
    return out


def matches_view(t) -> list:
    out = []
    for park, m in sorted(t.matches.items()):
        names = [t.players[p].name for p in m.players]
        mr = match_round(t, m)
        out.append({"park": park, "players": list(m.players), "names": names, "final": t.phase == FINAL or
                    (t.phase == OVER and t.finalists is not None and t.round > t.rules.rounds),
                    "round": mr["round"], "current": mr["current"],
                    "state": "won" if m.winner is not None else "playing",
                    "winner": None if m.winner is None else m.players[m.winner], "reason": m.reason})
    return out


def results_view(t) -> list:
    return [{"round": r, "park": park, "winner": w, "loser": l, "winner_name": t.players[w].name,
             "loser_name": t.players[l].name, "reason": reason} for r, park, w, l, reason in t.results]


def seats_of(e) -> list:
    """``seats(t)``, cached on the entry: it changes only with the phase, the round and the finalists
    (the pairing plan and the slots are fixed at creation; a new Final park makes a new entry).
    The list and its dicts are shared: callers must not change them."""
    t = e.t
    key = (t.phase, t.round, tuple(t.finalists) if t.finalists else None)
    got = e.cache.get("seats")
    if got is None or got[0] != key:
        got = e.cache["seats"] = (key, seats(t, e.bots))
    return got[1]


def _with_trophies(t, rows, bots) -> list:
    """Each row gains ``trophies`` ``[{round, fans}]`` once trophy fans are visible (2 players, solo,
    or the tournament is over), else ``null``; ``trophy_rounds`` stays as it was."""
    visible = t.fans_visible()
    out = []
    for r in rows:
        r = dict(r)
        r["bot"] = bots.get(r["player"])
        r["trophies"] = ([{"round": rd, "fans": f} for rd, f in sorted(t.players[r["player"]].trophies)]
                         if visible else None)
        out.append(r)
    return out


def standings_of(e) -> list:
    """``t.public_standings()``, cached on the entry.  It is a function of the players' fan tokens
    and trophies and of whether fans are visible (the names, indexes and Robot flag are fixed), so
    that is the key; recomputing it (a sort with three keys per player) was ~30 us per view."""
    t = e.t
    key = (t.fans_visible(), tuple((p.fans, tuple(p.trophies)) for p in t.players))
    got = e.cache.get("standings")
    if got is None or got[0] != key:
        got = e.cache["standings"] = (key, _with_trophies(t, t.public_standings(), e.bots))
    return got[1]


def spec_of(e, park, m):
    """``plain(m.spec)`` of the park's current match, cached (a match's spec never changes)."""
    got = e.cache.get(("spec", park))
    if got is None or got[0] is not m:
        got = e.cache[("spec", park)] = (m, plain(m.spec))
    return got[1]


def match_round(t, m) -> dict:
    """Which round a park's match belongs to (8 = the Final) and whether it is the current one:
    between rounds (the next Deck Phase) and once the tournament is over, the park still holds its
    last match; ``current`` is then false."""
    spec = m.spec or {}
    final = bool(spec.get("final"))
    rnd = t.rules.rounds + 1 if final else spec.get("round", t.round)
    current = (t.phase == FINAL and final) or (t.phase == MATCH and not final and rnd == t.round)
    return {"round": rnd, "final": final, "current": current}


def players_of(t, bots=None) -> list:
    """[{player, name, robot, bot}]: ``bot`` is a bot entrant's level (``bots``), else null."""
    bots = bots or {}
    return [{"player": p.index, "name": p.name, "robot": p.robot, "bot": bots.get(p.index)} for p in t.players]


def public_view(e) -> dict:
    t = e.t
    s = e.setup
    return {
        "id": e.id, "name": e.name, "version": e.version, "round": t.round, "rounds": t.rules.rounds,
        "phase": t.phase, "parks": t.parks, "fans_visible": t.fans_visible(),
        "setup": {"players": list(s.players), "box": s.box, "sets": list(t.set_ids), "robot_level": s.robot_level,
                  "solo_cards": s.solo_cards, "final_park": s.final_park},
        "players": players_of(t, e.bots),
        "seats": seats_of(e),
        "deck_phase": [{"player": i, "name": t.players[i].name, "stage": d.stage}
                       for i, d in sorted(t.deck_phases.items())] if t.phase in (DECK, FINAL_DECK) else [],
        "matches": matches_view(t),
        "results": results_view(t),
        "standings": standings_of(e),
        "finalists": list(t.finalists) if t.finalists else None,
        "winner": t.winner, "end_reason": t.end_reason,
        "piles": {lv: {"pile": a, "discard": b} for lv, (a, b) in t.piles.sizes().items()},
        "kiosks": {str(p): k for p, k in sorted(e.kiosks.items())},
    }


def deck_state(t, player) -> dict | None:
    """One player's Deck Phase, private: that player's observation of it (options, drawn cards,
    deck, a pending choice: :func:`engine.challengers.game.observe_deck_phase`, the same the
    local table's screens read), with the player's index and name."""
    seen = observe_deck_phase(t, player)
    if seen is None:
        return None
    return {"player": player, "name": t.players[player].name, **seen}


def park_view(e, park, private: bool) -> dict:
    t = e.t
    everyone = seats_of(e)
    here = [s for s in everyone if s["park"] == park]
    m = t.matches.get(park)
    entries = e.match_entries(park)
    view = {
        "tournament": e.id, "park": park, "version": e.version, "round": t.round, "phase": t.phase,
        "kiosk_id": e.kiosks.get(park), "final_park": e.setup.final_park,
        "seats": everyone, "here": here,
        "deck_phase": [{"player": s["player"], "stage": t.deck_phases[s["player"]].stage}
                       for s in here if s["player"] in t.deck_phases] if t.phase in (DECK, FINAL_DECK) else [],
        "match": None if m is None else {
            "park": park, "players": list(m.players), "state": "won" if m.winner is not None else "playing",
            "winner": None if m.winner is None else m.players[m.winner], "reason": m.reason,
            "match_seq": len(entries), **match_round(t, m)},
        "results": [r for r in results_view(t) if r["park"] == park],
        "standings": standings_of(e),
        "name": e.name,
        "players": players_of(t, e.bots),
        "winner": t.winner, "end_reason": t.end_reason, "fans_visible": t.fans_visible(),
        "finalists": list(t.finalists) if t.finalists else None,
        "private": None,
    }
    if private:
        view["private"] = {
            "deck_phases": [deck_state(t, s["player"]) for s in here if s["player"] in t.deck_phases],
            "match": None if m is None else {
                "spec": spec_of(e, park, m), "actions": [list(t.actions[i][2:]) for i in entries],
                "match_seq": len(entries)},
            "own_fans": {str(s["player"]): t.players[s["player"]].total_fans for s in here},
        }
    return view
