"""`tablecup`: the command line, and the one place that wires the layers together.

Subcommands: ``games``, ``match``, ``simulate``, ``cafe``, ``cards``, ``kiosk``, ``coordinator``,
``hardware``, ``doctor``, ``backup``.  A bad value prints one line saying
what is wrong and exits 2.  Output piped into a reader that stops early (``| head``) ends
the command quietly (exit 141, a process ended by SIGPIPE).

``--json`` on the commands that play (``simulate`` for every game, ``match``) prints JSON
lines (:data:`JSON_LINES_HELP`); on the lists (``games``, ``cards list``) one JSON document.

Nothing here imports a game's rules before a command needs them: ``tablecup --help`` and
``tablecup games`` read each game's ``ABOUT`` (:func:`engine.registry.abouts`).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import sys
from typing import Any

from appliance.house import DataFileError
from engine.errors import GameDataError
from kiosk.i18n import N_

EXIT_USAGE = 2
# A command whose reader closed the pipe: the status of a process ended by SIGPIPE (128 + 13).
EXIT_BROKEN_PIPE = 141
JSON_LINES_HELP = ("JSON lines: one {\"event\": ...} per event, then one line "
                   "{\"outcome\": ..., \"winners\": [names], \"summary\": {...}}")


class UsageError(Exception):
    """A value the user gave that cannot work; printed as one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def _library(house=True):
    """The bundled data, plus the house sets a café placed in its data folder (a broken one is
    left out and its line logged, which the command line prints on stderr)."""
    import cards
    from engine.challengers.house import add_house_sets
    from engine.challengers.library import load
    lib = load(cards)
    if house:
        add_house_sets(lib)
    return lib


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


# ---------------------------------------------------------------------- words
def _language(lang: str):
    """``tr(key, **values)`` in ``lang`` (``--lang``: any language with compiled catalogues, the
    kiosk's), or a usage error naming the languages there are."""
    from kiosk import i18n
    if lang not in i18n.known():
        raise UsageError(f"--lang must be one of {', '.join(sorted(i18n.known()))}, not '{lang}'")
    return lambda key, **values: i18n.tr(key, lang, **values)


def _event_words(game_name: str, data, lang: str, names):
    """The kiosk's words for one event of ``game_name`` in ``lang`` (``KioskGame.events``: the
    engine's message ids through the game's catalogue), or None for a game without them."""
    from kiosk.games import registry as kiosk_games
    kg = kiosk_games.find(game_name)
    if kg is None or kg.events is None:
        return None
    words = kiosk_games.load_class(kg.events)
    return lambda event: words(data, event, lang, names)


def _said_game(game_name: str, state, policies, data, lang: str, title: str, header: dict, names) -> None:
    """``simulate --lang``: the game played to its end, said in ``lang`` from the catalogues: a
    header, every event as the kiosk's log says it, the winners."""
    tr = _language(lang)
    words = _event_words(game_name, data, lang, names)
    print(tr(N_("cli_game_header", n=0), title=title, n=len(names), seed=header["seed"]))
    for name, value in header.get("options", {}).items():
        print(tr(N_("cli_game_option"), option=name.replace("_", "-"), value=value))

    def say(events):
        for e in events:
            line = words(e) if words is not None else tr(N_("cli_event"), event=" ".join(
                str(x) for x in e if x is not None))
            if line:
                print(line)
    _play(state, policies, say)
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError(f"{game_name}: nobody can act, yet the game has no outcome")
    winners = [names[w] for w in outcome.winners]
    if not winners:
        print(tr(N_("cli_no_winner")))
        return
    said = winners[0]
    for name in winners[1:]:
        said = tr(N_("cli_and"), first=said, then=name)
    print(tr(N_("cli_winners", n=0), n=len(winners), winners=said))


# ---------------------------------------------------------------------- match
def cmd_match(args) -> int:
    from engine.challengers.describe import describe_event
    from engine.challengers.match import Match, play
    from engine.challengers.piles import LevelPiles
    from engine.challengers.policies import GreedyPolicy

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
              piles=piles, names=("a", "b"), icons_in_play=lib.icons_in_play(lib.default_sets(args.box)))
    play(m, GreedyPolicy(args.seed).choose)
    assert m.log is not None and m.winner is not None and m.reason is not None, "play() records and ends the match"
    names = ("a", "b")
    if args.lang is not None and not args.json:
        tr = _language(args.lang)
        said_names = _seat_names(args, 2)
        words = _event_words("challengers", lib, args.lang, said_names)
        assert words is not None, "Challengers! has its kiosk's event words"
        for e in m.log:
            if line := words(e):
                print(line)
        print(tr(N_("cli_winners", n=0), n=1, winners=said_names[m.winner]))
        return 0
    if args.json:
        from engine.game import Outcome, Termination
        for e in m.log:
            _event_line(e, {"player": names[e.player]} if isinstance(e.player, int) else {})
        outcome = Outcome(Termination.WIN, (m.winner,), m.reason, (m.sides[0].fans, m.sides[1].fans))
        _outcome_line(outcome, [names[m.winner]], {"reveals": m.reveals,
                                                    "fans": {"a": m.sides[0].fans, "b": m.sides[1].fans}})
    else:
        for e in m.log:
            print(describe_event(e, names))
        print(f"winner: {names[m.winner]} ({m.reason})")
    return 0


# ---------------------------------------------------------------------- JSON lines
def _event_line(event, extra=None) -> None:
    """One line of ``--json`` output for a command that plays: an event."""
    print(json.dumps({"event": dict(event.as_dict(), **(extra or {}))}, default=str, ensure_ascii=False))


def _outcome_line(outcome, winners: list, summary: dict) -> None:
    """The last line of ``--json`` output for a command that plays: how it ended, the
    winners by name, and what the game sums up (its own keys)."""
    print(json.dumps({"outcome": outcome.to_json(), "winners": winners, "summary": summary},
                     default=str, ensure_ascii=False))


# ---------------------------------------------------------------------- games
def cmd_games(args) -> int:
    """`tablecup games`: every registered game, from its facts (no game's rules imported)."""
    from engine import registry
    rows: list[dict[str, Any]] = [{"name": g.name, "title": g.title(), "titles": dict(g.titles), "min_players": g.min_players,
             "max_players": g.max_players, "bots": bool(g.policies), "policies": sorted(g.policies),
             "simultaneous": g.simultaneous, "hidden_information": g.hidden_information,
             "options": dict(g.options)} for g in registry.abouts()]
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
        return 0
    for r in rows:
        players = f"{r['min_players']}-{r['max_players']}" if r["min_players"] != r["max_players"] else str(r["min_players"])
        bots = f"bots: {', '.join(r['policies'])}" if r["bots"] else "no bots"
        print(f"{r['name']:<14} {r['title']:<28} {players:>5} players  {bots}")
    return 0


# ---------------------------------------------------------------------- simulate
def _game_named(name: str):
    """The facts of the game called ``name`` (its rules not imported), or a usage error."""
    from engine import registry
    try:
        return registry.about(name)
    except KeyError as e:
        raise UsageError(f"--game: {e.args[0]} (see `tablecup games`)") from None


def _bots(game, data, seats: int, policy: str, seed: int) -> dict:
    """Each seat's policy; its seed is the tournament's seed * 31 + the seat, as ever."""
    if policy not in game.policies:
        raise UsageError(f"--policy must be one of {', '.join(sorted(game.policies)) or 'nothing: no bots'} "
                         f"for {game.title()}, not '{policy}'")
    return {p: game.policies[policy](data, p, seed * 31 + p) for p in range(seats)}


def _play(state, policies, after=None) -> None:
    """Play to the end through the contract, one seat at a time (the state's own order)."""
    from engine.game import next_actor
    while True:
        seat = next_actor(state)
        if seat is None:
            return
        events = state.apply(policies[seat].act(state.observation(seat), state.legal_actions(seat)))
        if after is not None:
            after(events)


def _seat_names(args, count: int) -> tuple[str, ...]:
    """``count`` players' names: "Player 1", ..., or with ``--lang`` the kiosk's name for a seat
    nobody named in that language (its ``player`` message)."""
    if args.lang is None or args.json:
        return tuple(f"Player {i + 1}" for i in range(count))
    tr = _language(args.lang)
    return tuple(tr("player", number=i + 1) for i in range(count))


def cmd_simulate(args) -> int:
    if args.players is None:
        args.players = max(2, _game_named(args.game).min_players)
    if args.game != "challengers":
        return cmd_simulate_game(args)
    from engine.challengers import GAME
    from engine.challengers.game import ChallengersState
    from engine.game import GameSetup

    lib = _library()
    if not 1 <= args.players <= 8:
        raise UsageError(f"--players must be 1 to 8, not {args.players}")
    sets = tuple(s.strip() for s in args.sets.split(",")) if args.sets else None
    if sets:
        for s in sets:
            if s not in lib.catalogue.sets:
                raise UsageError(f"unknown set '{s}' in --sets (one of {', '.join(lib.playable_sets())})")
    if args.box is None:
        # The box whose starter decks and draft the game uses: the basic set's.
        basic = next((s for s in sets or () if lib.catalogue.sets[s].kind == "basic"), None)
        args.box = lib.catalogue.sets[basic].box if basic else "base"
    if args.box not in lib.boxes:
        raise UsageError(f"--box must be one of {', '.join(lib.boxes)}, not '{args.box}'")
    names = _seat_names(args, args.players)
    options = {"box": args.box, "robot_level": args.robot_level, "solo_cards": args.solo_cards}
    if sets:
        options["sets"] = list(sets)
    try:
        state = GAME.new(lib, GameSetup("challengers", names, args.seed, options))
    except ValueError as e:
        raise UsageError(str(e)) from None
    assert isinstance(state, ChallengersState)
    t = state.tournament
    policies = _bots(GAME, lib, state.num_players, args.policy or "greedy", args.seed)
    if args.lang is not None and not args.json:
        _said_game("challengers", state, policies, lib, args.lang, GAME.title(args.lang),
                   {"seed": args.seed}, [p.name for p in t.players])
        return 0
    rounds: list[dict[str, Any]] = []

    def after(events):
        if args.json:
            for e in events:
                _event_line(e)
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
    _play(state, policies, after)
    assert t.winner is not None and t.end_reason is not None, "_play runs the tournament to its end"
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
        outcome = state.outcome()
        assert outcome is not None          # _play returned: nobody can act, the tournament is over
        _outcome_line(outcome, [result["winner"]], result)
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


def game_options(values: dict) -> dict:
    """A game's options from the command line: text, or a list where the value holds commas."""
    return {k: [x.strip() for x in v.split(",") if x.strip()] if "," in v else v
            for k, v in values.items() if v is not None}


def cmd_simulate_game(args) -> int:
    """`tablecup simulate --game NAME`: any registered game, played to its end by bots."""
    import cards
    from engine import registry
    from engine.game import GameSetup

    try:
        _game_named(args.game).check_players(args.players)
    except ValueError as e:
        raise UsageError(f"--players: {e}") from None
    game = registry.get(args.game)
    data = game.load(cards)
    options = game_options({k: getattr(args, "opt_" + k) for k in game.options})
    names = _seat_names(args, args.players)
    try:
        state = game.new(data, GameSetup(game.name, names, args.seed, options))
    except ValueError as e:
        raise UsageError(str(e)) from None
    policy = args.policy or ("random" if "random" in game.policies else min(game.policies, default=""))
    policies = _bots(game, data, state.num_players, policy, args.seed)
    seat_names = list(names) + [f"seat {i}" for i in range(len(names), state.num_players)]
    if args.lang is not None and not args.json:
        _said_game(game.name, state, policies, data, args.lang, game.title(args.lang),
                   {"seed": args.seed, "options": options}, seat_names)
        return 0

    def say(events):
        for e in events:
            if args.json:
                _event_line(e)
            elif game.describe_event is not None:
                print(game.describe_event(e, "en"))
            else:
                print(" ".join(str(x) for x in e if x is not None))
    if not args.json:
        print(f"{game.title()}: {args.players} player(s), seed {args.seed}"
              + (f", {', '.join(f'{k} {v}' for k, v in options.items())}" if options else ""))
    _play(state, policies, say)
    outcome = state.outcome()
    if outcome is None:
        raise RuntimeError(f"{game.name}: nobody can act, yet the game has no outcome")
    winners = [seat_names[w] for w in outcome.winners]
    if args.json:
        _outcome_line(outcome, winners, {})
    elif winners:
        print(f"Winner: {' and '.join(winners)} ({outcome.reason or outcome.termination.value})")
    else:
        print(f"No winner: {outcome.termination.value} ({outcome.reason})")
    return 0


# ---------------------------------------------------------------------- cafe
def cmd_cafe(args) -> int:
    """`tablecup cafe`: a whole café tournament of any game (but Challengers!, which keeps its
    printed plans: `tablecup simulate`) with every entrant a bot; its record, seeded."""
    import cards
    from engine.cafe import new_setup, tournament_game
    from engine.cafe.bots import play_with_bots

    tr = _language(args.lang) if args.lang is not None and not args.json else None
    names = list(_seat_names(args, max(0, args.players)))
    setup = new_setup(args.game, names, args.seed, format=args.format, rounds=args.rounds,
                      table_size=args.table_size, seeding=args.seeding)
    try:
        cafe = tournament_game(setup)
        inner = _game_named(args.game)
        bot = args.bot or ("sensible" if "sensible" in inner.policies else "random")
        state = play_with_bots(cafe.load(cards), setup, bot, args.level)
    except ValueError as e:
        raise UsageError(str(e)) from None
    record = state.record()
    if args.json:
        print(json.dumps(record, indent=1, ensure_ascii=False))
        return 0
    if tr is not None:
        # The café's own title is an English sentence around the game's: said here from the catalogue.
        _said_cafe(tr, record, tr(N_("cli_cafe_title"), game=inner.title(args.lang)), bot, args.level, args.seed)
        return 0
    rules = record["rules"]
    bots = f"{bot} bots" + (f" (level {args.level})" if args.level else "")
    print(f"{cafe.title()}: {rules['format']}, {len(names)} entrants, {rules['rounds']} round(s)"
          + (f", tables of at most {rules['table_size']}" if rules["format"] == "tables" else "")
          + f", {bots}, seed {args.seed}")
    for r in record["rounds"]:
        print(f"\nRound {r['round']}")
        for t in r["tables"]:
            seats = ", ".join(f"{place}. {name} ({points})" for name, place, points
                              in sorted(zip(t["names"], t["places"], t["points"], strict=True), key=lambda x: x[1]))
            print(f"  park {t['park']}: {seats}")
        for b in r["byes"]:
            print(f"  bye: {b['name']}")
    print("\nStandings")
    for s in record["standings"]:
        print(f"  {s['place']:>3}. {s['name']:<12} {s['points']:>4} points, {s['wins']} win(s)")
    print(f"\nWinner: {record['winner']}")
    return 0


#: The words of a café tournament's format, bot and search level (``cafe --lang``), by their codes.
CAFE_WORDS = {
    "format": {"swiss": N_("cli_format_swiss"), "knockout": N_("cli_format_knockout"),
               "tables": N_("cli_format_tables")},
    "bot": {"random": N_("cli_bot_random"), "sensible": N_("cli_bot_sensible"), "casual": N_("cli_bot_casual"),
            "greedy": N_("cli_bot_greedy"), "robot": N_("cli_bot_robot"), "search": N_("cli_bot_search")},
    "level": {"easy": N_("cli_level_easy"), "medium": N_("cli_level_medium"), "hard": N_("cli_level_hard")},
}


def _said_cafe(tr, record: dict, title: str, bot: str, level: str | None, seed: int) -> None:
    """``cafe --lang``: a café tournament's record said from the catalogues (a code with no words
    there is printed as it is)."""
    rules = record["rules"]

    def word(kind: str, code: str) -> str:
        key = CAFE_WORDS[kind].get(code)
        return tr(key) if key else code
    bots = tr(N_("cli_cafe_bots_level"), bot=word("bot", bot), level=word("level", level)) if level else \
        tr(N_("cli_cafe_bots"), bot=word("bot", bot))
    header = {"title": title, "format": word("format", rules["format"]), "n": len(record["standings"]),
              "rounds": tr(N_("cli_rounds", n=0), n=rules["rounds"]), "bots": bots, "seed": seed}
    if rules["format"] == "tables":
        print(tr(N_("cli_cafe_header_tables", n=0), size=rules["table_size"], **header))
    else:
        print(tr(N_("cli_cafe_header", n=0), **header))
    for r in record["rounds"]:
        print("\n" + tr(N_("cli_round"), round=r["round"]))
        for t in r["tables"]:
            seats = sorted(zip(t["names"], t["places"], t["points"], strict=True), key=lambda x: x[1])
            said = [tr(N_("cli_seat", n=0), place=place, name=name, n=points) for name, place, points in seats]
            print(tr(N_("cli_park"), park=t["park"], seats=", ".join(said)))
        for b in r["byes"]:
            print(tr(N_("cli_bye"), name=b["name"]))
    print("\n" + tr(N_("cli_standings")))
    for s in record["standings"]:
        print(tr(N_("cli_standing", n=0), place=s["place"], name=s["name"], n=s["points"],
                 wins=tr(N_("cli_wins", n=0), n=s["wins"])))
    print("\n" + tr(N_("cli_winners", n=0), n=1, winners=record["winner"]))


# ---------------------------------------------------------------------- cards
def cmd_cards(args) -> int:
    from engine.challengers.text import set_names_for
    from kiosk.games.challengers.cardwords import card_text
    from kiosk.i18n import LANGS

    if args.cards_cmd == "check":
        return cmd_cards_check(args)
    lib = _library()
    cat = lib.catalogue
    names = {lang: set_names_for(cat, lang) for lang in LANGS}
    if args.cards_cmd == "show":
        if args.id not in cat.cards:
            raise UsageError(f"unknown card id '{args.id}' (see `tablecup cards list`)")
        tr = _language(args.lang)
        c = cat.cards[args.id]
        said_names = names.get(args.lang) or set_names_for(cat, args.lang)
        print(tr(N_("cli_card_header_round") if c.round_power else N_("cli_card_header"),
                 name=c.names.get(args.lang, c.name), set=said_names.get(c.set, c.set), level=c.level,
                 power=c.power, copies=c.copies))
        print(card_text(c, args.lang, said_names))
        if c.provisional:
            print(tr(N_("cli_card_provisional")))
        if c.own_design:
            print(tr(N_("cli_card_own_design")))
        return 0
    cards_ = sorted(cat.cards.values(), key=lambda c: (c.box, c.set, "SABCR".find(c.level[0]), c.id))
    if args.json:
        print(json.dumps([{
            "id": c.id, "name": c.name, "names": c.names, "set": c.set, "box": c.box, "level": c.level,
            "power": "round" if c.round_power else c.power, "copies": c.copies, "keyword": c.keyword,
            "timing": sorted({e.on for e in c.effects}), "provisional": c.provisional,
            "own_design": c.own_design, "text": {lang: card_text(c, lang, names[lang]) for lang in LANGS},
        } for c in cards_], indent=1, ensure_ascii=False))
    else:
        for c in cards_:
            power = "R" if c.round_power else c.power
            mark = " (provisional)" if c.provisional else (" (Tablecup design)" if c.own_design else "")
            print(f"{c.id:22} {c.name:20} {c.set:10} {c.level:4} {power!s:>2}  x{c.copies}  {c.keyword}{mark}")
    return 0


def cmd_cards_check(args) -> int:
    """Check game data files: by default every game's bundled files and the house sets in the
    data folder; given files, those (as ``--game``'s data, else the game whose data folder holds
    them, else Challengers! sets).  One line per file or game: ok, or what is wrong (exit 2)."""
    from pathlib import Path

    from appliance.house import house_folder, read_text
    from engine import registry
    if args.game is not None:
        _game_named(args.game)
    failed = False

    def check(what: str, work, instead=None) -> None:
        nonlocal failed
        try:
            work()
        except (GameDataError, DataFileError) as e:
            print(f"tablecup: {e if instead is None else instead.named(e)}", file=sys.stderr)
            failed = True
        else:
            print(f"{what}: ok")

    if not args.paths:
        import cards
        for game in registry.games():
            if args.game in (None, game.name):
                check(f"{game.title()} (bundled files)", lambda game=game: game.load(cards))
        folder = house_folder()
        house = sorted(folder.glob("*.toml")) if folder.is_dir() and args.game in (None, "challengers") else []
        if args.game in (None, "challengers") and not house:
            print("no house sets to check (put them in the data folder's cards/ folder, or name files)")
        lib = None
        try:
            lib = _library(house=False) if house else None
        except (GameDataError, DataFileError):
            house = []                  # Challengers!' own files are broken: said above
        if lib is not None:
            for path in house:
                check(str(path), lambda path=path: lib.add_sets([(str(path), read_text(path))]))
        return EXIT_USAGE if failed else 0
    by_game: dict[str, list[tuple[str, str]]] = {}
    folders = {g.data_folder: g.name for g in registry.games() if g.name != "challengers"}
    for p in map(Path, args.paths):
        if not p.is_file():
            raise UsageError(f"no such file: {p}")
        name = args.game or folders.get(p.resolve().parent.name, "challengers")
        try:
            by_game.setdefault(name, []).append((str(p), read_text(p)))
        except DataFileError as e:
            print(f"tablecup: {e}", file=sys.stderr)
            failed = True
    for name, texts in by_game.items():
        if name == "challengers":
            lib = _library(house=False)
            for source, text in texts:        # CardFileError names the file, card, field and line
                check(source, lambda source=source, text=text, lib=lib: lib.add_sets([(source, text)]))
        else:
            game = registry.get(name)
            instead = _Instead(game, texts)
            check(", ".join(s for s, _ in texts), lambda game=game, instead=instead: game.load(instead), instead)
    return EXIT_USAGE if failed else 0


class _Instead:
    """The bundled data, with one game's data folder replaced by the files given: what that
    game would load if they were its files."""

    def __init__(self, game, texts: list[tuple[str, str]]) -> None:
        self.folder, self.texts = game.data_folder, texts
        self.asked: dict[str, str] = {}       # a bundled path the game read -> the file given instead

    def named(self, error: Exception) -> str:
        """``error``'s line with the files given named where the game named its own path."""
        line = str(error)
        for path, source in self.asked.items():
            line = line.replace(path, source)
        return line

    def files(self, folder: str, pattern: str = "*.toml") -> list[tuple[str, str]]:
        import cards
        return list(self.texts) if folder == self.folder else cards.files(folder, pattern)

    def read(self, path: str) -> str:
        from pathlib import Path

        import cards
        folder, _, name = path.partition("/")
        if folder != self.folder:
            return cards.read(path)
        same = [(source, text) for source, text in self.texts if Path(source).name == name]
        if same or len(self.texts) == 1:
            source, text = (same or self.texts)[0]
            self.asked[path] = source
            return text
        raise UsageError(f"{', '.join(s for s, _ in self.texts)}: which one is {path}? name one file, or one called {name}")


# ---------------------------------------------------------------------- other layers
def cmd_kiosk(rest) -> int:
    from kiosk.main import run
    return run(rest)


def cmd_coordinator(rest) -> int:
    from coordinator.main import run
    return run(rest)


def cmd_hardware(args) -> int:
    """`tablecup hardware test [CONFIG]`: the wiring self-test."""
    from appliance.paths import config_dir
    from hardware.selftest import main as selftest
    config = args.config
    if config is None:
        default = config_dir(create=False) / "hardware.toml"
        config = str(default) if default.is_file() else None
    return selftest([config] if config else [])


def cmd_doctor(args) -> int:
    from hardware import HardwareError
    from tablecup.doctor import format_report, report
    extra = {}
    try:
        from appliance.paths import config_dir
        from hardware import load_config
        cfg = config_dir(create=False) / "hardware.toml"
        extra["hardware config"] = str(cfg) if cfg.is_file() else "defaults (no hardware.toml)"
        config = load_config(str(cfg) if cfg.is_file() else None)
        extra["hardware backend setting"] = config.backend
        from hardware import open_backend
        backend = open_backend(config, lambda event: None)
        try:
            extra["hardware backend chosen"] = backend.describe()
        finally:
            backend.close()
    except (HardwareError, OSError, ValueError, ImportError) as e:   # the doctor reports what it examines
        extra["hardware config"] = f"unreadable: {e}"
    print(format_report(report(extra)))
    return 0


def cmd_backup(args) -> int:
    from tablecup.backup import BackupError, backup
    try:
        result = backup(keep_days=args.keep_days)
    except BackupError as e:
        print(f"tablecup: backup failed: {e}", file=sys.stderr)
        return 1
    print(result.summary())
    return 0


def _game_of(argv) -> str:
    """The value of ``--game`` in a ``simulate`` command line (its options depend on it)."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default="challengers")
    known, _ = pre.parse_known_args(argv[1:])
    return known.game


def build_parser(game: str = "challengers") -> argparse.ArgumentParser:
    p = _Parser(prog="tablecup", description="A Raspberry Pi game table: Challengers! and more.")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=_Parser)

    m = sub.add_parser("match", help="play one match between two decks and print every event")
    m.add_argument("--deck-a", required=True, help="card ids, top card first, comma-separated")
    m.add_argument("--deck-b", required=True, help="card ids, top card first, comma-separated")
    m.add_argument("--first", choices=("a", "b"), help="who begins (default: a flag toss)")
    m.add_argument("--round", type=int, default=1, help="the round being played (1-7; the Cyborg's power)")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--box", default="base", help="whose level piles cards such as the Villain draw from")
    m.add_argument("--no-shuffle", action="store_true", help="play the decks in the order given")
    m.add_argument("--json", action="store_true", help=JSON_LINES_HELP)
    m.add_argument("--lang", help="say the match in this language, from the kiosk's catalogues (the players: "
                                  "Player 1 and Player 2 in it)")

    g = sub.add_parser("games", help="the games this table plays")
    g.add_argument("--json", action="store_true", help="one JSON document: a list of the games")

    s = sub.add_parser("simulate", help="play a whole game with bots (default: a Challengers! tournament)")
    s.add_argument("--game", default="challengers", help="which game (see `tablecup games`)")
    s.add_argument("--players", type=int, help="how many players (Challengers!: 1, solo vs the Robot, to 8; "
                                               "default: 2, or the game's smallest table when it needs more)")
    if game == "challengers":
        s.add_argument("--robot-level", type=int, default=1, help="1-3, or 1-5 solo")
        s.add_argument("--solo-cards", action="store_true", help="shuffle the SOLO cards into the R cards")
        s.add_argument("--box", help="whose starter decks and draft: base or beach (default: the basic set's box)")
        s.add_argument("--sets", help="one basic set and 5 additional sets from either box, comma-separated "
                                      "(default: the box's, less its first-game set)")
        s.add_argument("--policy", default="greedy", choices=("greedy", "random"))
    else:
        # Another game: its own options, as it declares them (its facts: its rules not imported).
        from engine import registry
        try:
            options = registry.about(game).options
        except KeyError:
            options = {}
        for key, help_text in options.items():
            s.add_argument("--" + key.replace("_", "-"), dest="opt_" + key, help=help_text)
        s.add_argument("--policy", help="which bot plays every seat (default: random)")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--json", action="store_true", help=JSON_LINES_HELP + " (every game)")
    s.add_argument("--lang", help="say the game in this language, from the kiosk's catalogues (en, fr, or any "
                                  "language compiled there): every event as the kiosk's log says it")

    f = sub.add_parser("cafe", help="a whole café tournament of any game, every entrant a bot")
    f.add_argument("--game", required=True, help="the game at every table (see `tablecup games`)")
    f.add_argument("--format", help="swiss or knockout (a duel), tables (more players); default the game's first")
    f.add_argument("--players", type=int, required=True, help="how many entrants")
    f.add_argument("--rounds", type=int, help="swiss, tables: how many rounds (a knockout plays to the end)")
    f.add_argument("--table-size", type=int, help="tables: the most players at a table (default: the game's most)")
    f.add_argument("--seeding", help="knockout: entry (entry order) or draw (a seeded draw)")
    f.add_argument("--bot", help="the game's bot for every entrant (default: sensible, else random), or search")
    f.add_argument("--level", help="the search bot's level: easy, medium or hard")
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--lang", help="say the record in this language, from the kiosk's catalogues")
    f.add_argument("--json", action="store_true", help="the whole record as JSON")

    c = sub.add_parser("cards", help="the card catalogue")
    csub = c.add_subparsers(dest="cards_cmd", required=True, parser_class=_Parser)
    cl = csub.add_parser("list", help="every card with its id")
    cl.add_argument("--json", action="store_true", help="one JSON document: every card, with its text in English "
                                                          "and French")
    cs = csub.add_parser("show", help="one card and its text")
    cs.add_argument("id")
    cs.add_argument("--lang", default="en", help="en, fr, or any language compiled in the kiosk's catalogues")
    cc = csub.add_parser("check", help="check game data files (default: every game's bundled files and the "
                                       "house sets in the data folder)")
    cc.add_argument("paths", nargs="*", help="files to check: Challengers! sets, or a game's data with --game "
                                             "(default for a file in a game's data folder, e.g. cards/between/)")
    cc.add_argument("--game", help="check the files as this game's data (see `tablecup games`)")

    sub.add_parser("kiosk", help="start the touchscreen table (solo vs the Robot by default)", add_help=False)
    sub.add_parser("coordinator", help="run the LAN tournament service", add_help=False)
    h = sub.add_parser("hardware", help="buttons and LEDs")
    hsub = h.add_subparsers(dest="hardware_cmd", required=True, parser_class=_Parser)
    ht = hsub.add_parser("test", help="wiring self-test: lights each LED, asks for each button")
    ht.add_argument("config", nargs="?", help="hardware TOML (default: hardware.toml in the config folder)")
    sub.add_parser("doctor", help="what a support call needs to know")
    b = sub.add_parser("backup", help="copy the databases to backups/YYYY-MM-DD, keep a week")
    b.add_argument("--keep-days", type=int, default=7)
    return p


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        # The kiosk and the coordinator parse their own options.
        if argv[:1] == ["kiosk"]:
            return cmd_kiosk(argv[1:])
        if argv[:1] == ["coordinator"]:
            return cmd_coordinator(argv[1:])
        # What the code logs (a house set left out, say) is one line on stderr, as the errors are.
        logging.basicConfig(format="tablecup: %(message)s", level=logging.WARNING, stream=sys.stderr)
        game = _game_of(argv) if argv[:1] == ["simulate"] else "challengers"
        if game != "challengers":
            _game_named(game)       # an unknown game: one clear line before the options
        args = build_parser(game).parse_args(argv)
        handler = {"match": cmd_match, "simulate": cmd_simulate, "cafe": cmd_cafe, "games": cmd_games, "cards": cmd_cards,
                   "hardware": cmd_hardware, "doctor": cmd_doctor, "backup": cmd_backup}[args.cmd]
        status = handler(args)
        sys.stdout.flush()              # here, where a closed pipe is caught, not at exit
        return status
    except BrokenPipeError:
        return _reader_gone()
    except UsageError as e:
        print(f"tablecup: {e}", file=sys.stderr)
        return EXIT_USAGE
    except (GameDataError, DataFileError) as e:     # any game's data: one line naming file, card, field
        print(f"tablecup: {e}", file=sys.stderr)
        return EXIT_USAGE


def _reader_gone() -> int:
    """The reader of our output closed it (``tablecup ... | head -1``): stop quietly.  What
    is still buffered for stdout goes nowhere, so the interpreter's flush at exit cannot fail
    again with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):       # no real file descriptor (stdout replaced): nothing buffered
        pass
    return EXIT_BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
