"""Fixed-seed tournaments and matches, recorded, as one digest of their event logs.

Run as a script it prints ``<digest> <compiled modules>``: the test of the
compiled engine runs it under both engines (``TABLECUP_PURE_PYTHON``) and
compares.  Every effect of both boxes comes up in these games.
"""

import hashlib
import random
import sys

import cards
import engine.challengers
from engine.challengers.library import load
from engine.challengers.match import Match, play
from engine.challengers.piles import LevelPiles
from engine.challengers.policies import GreedyPolicy, RandomPolicy, make_policy, run_tournament
from engine.challengers.tournament import Setup, Tournament


def event_digest(lib) -> str:
    h = hashlib.sha256()

    def add(events):
        for e in events:
            h.update(repr(tuple(e)).encode())
            h.update(b"\n")

    for box in ("base", "beach"):
        for n, seed, policy in ((8, 0, "greedy"), (8, 1, "random"), (5, 2, "greedy"), (2, 3, "random")):
            t = Tournament(lib, Setup(players=tuple(f"P{i}" for i in range(n)), box=box, seed=seed))
            run_tournament(t, {p.index: make_policy("robot" if p.robot else policy, seed * 10 + p.index)
                               for p in t.players})
            add(t.log)
        t = Tournament(lib, Setup(players=("solo",), box=box, robot_level=5, solo_cards=True, seed=4))
        run_tournament(t, {0: make_policy("greedy", 4), 1: make_policy("robot", 1)})
        add(t.log)
        # Single matches with bigger decks, a flag toss or not, level piles in play.
        cat = lib.catalogue
        b = lib.box(box)
        sets = (b.basic, *b.additional)
        level = {lv: [c for s in sets for c in cat.sets[s].cards if c.level == lv for _ in range(c.copies)]
                 for lv in "ABC"}
        starter = [cat.card(c) for c in b.starter]
        rng = random.Random(3)
        for i in range(60):
            decks = [starter + rng.sample(level["A"], 6) + rng.sample(level["B"], 6) + rng.sample(level["C"], i % 4)
                     for _ in (0, 1)]
            piles = LevelPiles([c for lv in "ABC" for c in level[lv]], random.Random(i))
            m = Match(decks, rng=i, beginner=None if i % 3 == 0 else i & 1, round=1 + i % 7, piles=piles)
            play(m, GreedyPolicy(i).choose if i & 2 else RandomPolicy(i).choose)
            add(m.log)
            h.update(repr(m.snapshot()).encode())
    return h.hexdigest()


if __name__ == "__main__":
    digest = event_digest(load(cards))
    print(digest, ",".join(engine.challengers.compiled_modules()) or "-")
    sys.exit(0)
