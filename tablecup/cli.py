"""`tablecup`: the command line, and the one place that wires the layers together.

Subcommands: ``match``, ``simulate``, ``cards``, ``kiosk``, ``coordinator``,
``hardware``, ``doctor``, ``backup``.  A bad value prints one line saying
what is wrong and exits 2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from engine.challengers.cards import CardFileError

EXIT_USAGE = 2


class UsageError(Exception):
    """A value the user gave that cannot work; printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _library():
    import cards
    from engine.challengers.library import load
    return load(cards)


def _card_list(lib, text: str, flag: str):
    ids = [c.strip() for c in text.split(",") if c.strip()]
    if not ids:
        raise UsageError(f"{flag} needs at least one card id")
    out = []
    for cid in ids:
        if cid not in lib.catalogue.cards:
            raise UsageError(f"unknown card id '{cid}' in {flag} (see `tablecup cards list`)")
        out.append(lib.catalogue.cards[cid])
    return out


# ---------------------------------------------------------------------- match
def cmd_match(args) -> int:
    from engine.challengers.match import Match, play
    from engine.challengers.piles import LevelPiles
    from engine.challengers.policies import GreedyPolicy
    from tablecup.describe import describe_event

    lib = _library()
    deck_a = _card_list(lib, args.deck_a, "--deck-a")
    deck_b = _card_list(lib, args.deck_b, "--deck-b")
    if not 1 <= args.round <= lib.rules.rounds:
        raise UsageError(f"--round must be 1 to {lib.rules.rounds}, not {args.round}")
    if args.box not in lib.boxes:
        raise UsageError(f"--box must be one of {', '.join(lib.boxes)}, not '{args.box}'")
    box = lib.box(args.box)
    rng = random.Random(args.seed)
    cat = lib.catalogue
    pile_cards = [ct for sid in (box.basic, *box.additional) for ct in cat.sets[sid].cards
                  if ct.level in "ABC" for _ in range(ct.copies)]
    piles = LevelPiles(pile_cards, random.Random(args.seed + 1))
    beginner = None if args.first is None else "ab".index(args.first)
    m = Match([deck_a, deck_b], rng=rng, beginner=beginner, round=args.round, shuffle=not args.no_shuffle,
              piles=piles, names=("a", "b"))
    play(m, GreedyPolicy(args.seed).choose)
    names = ("a", "b")
    if args.json:
        print(json.dumps({
            "winner": names[m.winner], "reason": m.reason, "reveals": m.reveals,
            "fans": {"a": m.sides[0].fans, "b": m.sides[1].fans},
            "events": [dict(e.as_dict(), **({"player": names[e.player]} if isinstance(e.player, int) else {}))
                       for e in m.log],
        }, indent=1))
    else:
        for e in m.log:
            print(describe_event(e, names))
        print(f"winner: {names[m.winner]} ({m.reason})")
    return 0


# ---------------------------------------------------------------------- simulate
def cmd_simulate(args) -> int:
    from engine.challengers.tournament import Tournament, Setup, OVER
    from engine.challengers.policies import make_policy

    lib = _library()
    if not 1 <= args.players <= 8:
        raise UsageError(f"--players must be 1 to 8, not {args.players}")
    if args.box not in lib.boxes:
        raise UsageError(f"--box must be one of {', '.join(lib.boxes)}, not '{args.box}'")
    sets = tuple(s.strip() for s in args.sets.split(",")) if args.sets else None
    if sets:
        for s in sets:
            if s not in lib.catalogue.sets:
                raise UsageError(f"unknown set '{s}' in --sets (one of {', '.join(lib.catalogue.sets)})")
    names = tuple(f"Player {i + 1}" for i in range(args.players))
    try:
        setup = Setup(players=names, box=args.box, sets=sets, robot_level=args.robot_level,
                      solo_cards=args.solo_cards, seed=args.seed)
        t = Tournament(lib, setup, record=False)
    except ValueError as e:
        raise UsageError(str(e)) from None
    policies = {p.index: make_policy("robot" if p.robot else args.policy, args.seed * 31 + p.index)
                for p in t.players}
    rounds = []
    shown = 0
    while not t.over:
        who = t.waiting()[0]
        actor = who[1] if who[0] == "deck" else who[2]
        t.apply(policies[actor].act(t, who))
        done_rounds = {r for r, *_ in t.results if r != "final"}
        while len(rounds) < len(done_rounds) and all(
                sum(1 for x in t.results if x[0] == r) == t.parks for r in range(1, len(rounds) + 2)):
            r = len(rounds) + 1
            rounds.append({
                "round": r,
                "matches": [{"park": park, "winner": t.players[w].name, "loser": t.players[l].name, "reason": why}
                            for rr, park, w, l, why in t.results if rr == r],
                "standings": [{"name": p.name, "fans": p.total_fans, "trophies": len(p.trophies)}
                              for p in t.standings()],
            })
    final = next(({"park": park, "winner": t.players[w].name, "loser": t.players[l].name, "reason": why}
                  for rr, park, w, l, why in t.results if rr == "final"), None)
    result = {
        "seed": args.seed, "players": args.players, "box": args.box, "sets": list(t.set_ids),
        "robot": any(p.robot for p in t.players), "robot_level": args.robot_level,
        "rounds": rounds, "final": final, "winner": t.players[t.winner].name, "end": t.end_reason,
        "standings": [{"name": p.name, "fans": p.total_fans, "trophies": [r for r, _ in p.trophies]}
                      for p in t.standings()],
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"Challengers! tournament: {args.players} player(s)"
          + (f" + Robot (level {args.robot_level})" if result["robot"] else "")
          + f", box {args.box}, sets {', '.join(t.set_ids)}, seed {args.seed}")
    for r in rounds:
        print(f"\nRound {r['round']}")
        for m in r["matches"]:
            print(f"  park {m['park']}: {m['winner']} beat {m['loser']} ({m['reason']})")
        print("  standings: " + ", ".join(f"{s['name']} {s['fans']} fans" for s in r["standings"]))
    if final:
        print(f"\nFinal at park {final['park']}: {final['winner']} beat {final['loser']} ({final['reason']})")
    why = {"final": "won the Final", "lead": "led by 11 fans or more", "most-fans": "had the most fans"}[t.end_reason]
    print(f"\nWinner: {result['winner']} ({why})")
    return 0


# ---------------------------------------------------------------------- cards
def cmd_cards(args) -> int:
    lib = _library()
    cards_ = sorted(lib.catalogue.cards.values(), key=lambda c: (c.box, c.set, "SABCR".find(c.level[0]), c.id))
    if args.cards_cmd == "list":
        if args.json:
            print(json.dumps([{
                "id": c.id, "name": c.name, "set": c.set, "box": c.box, "level": c.level,
                "power": "round" if c.round_power else c.power, "copies": c.copies, "keyword": c.keyword,
                "provisional": c.provisional, "own_design": c.own_design,
            } for c in cards_], indent=1, ensure_ascii=False))
        else:
            for c in cards_:
                power = "R" if c.round_power else c.power
                mark = " (provisional)" if c.provisional else (" (Tablecup design)" if c.own_design else "")
                print(f"{c.id:22} {c.name:20} {c.set:10} {c.level:4} {power!s:>2}  x{c.copies}  {c.keyword}{mark}")
        return 0
    return 0


# ---------------------------------------------------------------------- other layers
def cmd_kiosk(args, rest) -> int:
    from kiosk.main import run
    return run(rest)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tablecup", description="Challengers! on a Raspberry Pi table.")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=_Parser)

    m = sub.add_parser("match", help="play one match between two decks and print every event")
    m.add_argument("--deck-a", required=True, help="card ids, top card first, comma-separated")
    m.add_argument("--deck-b", required=True, help="card ids, top card first, comma-separated")
    m.add_argument("--first", choices=("a", "b"), help="who begins (default: a flag toss)")
    m.add_argument("--round", type=int, default=1, help="the round being played (1-7; the Cyborg's power)")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--box", default="base", help="whose level piles cards such as the Villain draw from")
    m.add_argument("--no-shuffle", action="store_true", help="play the decks in the order given")
    m.add_argument("--json", action="store_true")

    s = sub.add_parser("simulate", help="play a whole tournament with bots")
    s.add_argument("--players", type=int, required=True, help="1 (solo vs the Robot) to 8")
    s.add_argument("--robot-level", type=int, default=1, help="1-3, or 1-5 solo")
    s.add_argument("--solo-cards", action="store_true", help="shuffle the SOLO cards into the R cards")
    s.add_argument("--box", default="base")
    s.add_argument("--sets", help="the basic set and 5 additional sets, comma-separated (default: the box's)")
    s.add_argument("--policy", default="greedy", choices=("greedy", "random"))
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true")

    c = sub.add_parser("cards", help="the card catalogue")
    csub = c.add_subparsers(dest="cards_cmd", required=True, parser_class=_Parser)
    cl = csub.add_parser("list", help="every card with its id")
    cl.add_argument("--json", action="store_true")

    sub.add_parser("kiosk", help="start the touchscreen table (solo vs the Robot by default)", add_help=False)
    return p


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["kiosk"]:
            return cmd_kiosk(None, argv[1:])
        args = build_parser().parse_args(argv)
        handler = {"match": cmd_match, "simulate": cmd_simulate, "cards": cmd_cards}[args.cmd]
        return handler(args)
    except UsageError as e:
        print(f"tablecup: {e}", file=sys.stderr)
        return EXIT_USAGE
    except CardFileError as e:
        print(f"tablecup: {e}", file=sys.stderr)
        return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
