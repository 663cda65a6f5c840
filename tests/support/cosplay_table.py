"""Lay out a Cosplay Team Battle position by card ids, for tests.

``table(data, hands={0: ["badass", "neon-ronin"]}, assists={0: ["rust-knight"]},
zones=["moon-idol", ...])`` gives a state in seat ``current``'s recruitment
phase (not their first turn) where every card named is where it is said to be;
every other card goes where set-up would put it: the library (in card-number
order, the top card last), the objective piles, the Drama pile, each player's
reserve.  ``find(state, place, "neon-ronin")`` is the instance of that card in a
list of the state.
"""

from __future__ import annotations

from engine.cosplay.state import MAIN, CosplayState
from engine.game import GameSetup


def table(data, players: int = 2, current: int = 0, hands=None, assists=None, facedown=(), attached=(),
          zones=None, objectives=None, discards=None, reserves=None, library=None, seed: int = 0,
          first_turn: bool = False) -> CosplayState:
    s = CosplayState(data, GameSetup("cosplay", tuple(f"P{i + 1}" for i in range(players)), seed), deal=False)
    types = s.inst.types
    free: dict[str, list[int]] = {}
    for i in (*data.library, *[c for lv in data.objectives for c in lv], *data.drama):
        free.setdefault(types[i].id, []).append(i)
    mine = [dict() for _ in range(players)]
    for p in range(players):
        for i in s.inst.starters[p]:
            mine[p].setdefault(types[i].id, []).append(i)

    def take(card_id: str, p: int | None = None) -> int:
        if p is not None and mine[p].get(card_id):
            return mine[p][card_id].pop(0)
        if not free.get(card_id):
            raise KeyError(f"no free copy of {card_id!r}")
        return free[card_id].pop(0)

    by_name: dict[str, int] = {}

    def lay(spec, p=None):
        out = []
        for cid in spec:
            i = take(cid, p)
            by_name.setdefault(cid, i)
            out.append(i)
        return out

    s.zones = [-1 if c is None else take(c) for c in (zones or [None] * 6)]
    s.obj_zones = [-1 if c is None else take(c) for c in (objectives or [None] * (players + 1))]
    s.obj_level = [types[c].level if c >= 0 else 1 for c in s.obj_zones]
    for p in range(players):
        s.hand[p] = lay((hands or {}).get(p, []), p)
        s.assist[p] = lay((assists or {}).get(p, []), p)
        s.discard[p] = lay((discards or {}).get(p, []), p)
        if reserves and p in reserves:
            s.reserve[p] = list(reversed(lay(reserves[p], p)))      # first named is drawn first
    for p in range(players):
        if not (reserves and p in reserves):
            s.reserve[p] = [i for ids in mine[p].values() for i in ids]
    for p, cid in facedown:
        s.facedown.add(find(s, s.assist[p], cid))
    for p, eq, ch in attached:
        s.attached[find(s, s.assist[p], eq)] = find(s, s.assist[p], ch)
    if library is not None:
        s.library = list(reversed([take(c) for c in library]))       # first named is on top
    else:
        s.library = sorted(i for cid, ids in free.items() for i in ids if types[i].type in ("character", "equipment"))
    for lv in range(3):
        s.obj_piles[lv] = sorted(i for cid, ids in free.items() for i in ids
                                 if types[i].type == "objective" and types[i].level == lv + 1)
    s.drama_pile = list(free.get("drama", []))
    s.current = current
    s.turns = [1 if first_turn else 2] * players
    s.phase = MAIN
    return s


def find(state: CosplayState, place: list[int], card_id: str) -> int:
    """The first instance of ``card_id`` in ``place`` (a list of the state)."""
    for i in place:
        if state.inst.types[i].id == card_id:
            return i
    raise AssertionError(f"{card_id!r} is not there: {[state.inst.types[i].id for i in place]}")


def names(state: CosplayState, place) -> list[str]:
    """Card ids of a list of instances (or -1 for an empty zone: None)."""
    return [state.inst.types[i].id if i >= 0 else None for i in place]

