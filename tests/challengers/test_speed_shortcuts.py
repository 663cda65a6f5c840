"""The engine's speed-ups answer exactly what the plain computation answers.

Each shortcut here replaced a simpler computation for speed only; these tests keep the
simple one beside it and compare the two on many inputs.
"""

import random

from engine.challengers.policies import card_value, removal_plan


def plain_removal_plan(deck, r, max_names, min_deck):
    """The greedy bot's removals as it first worked them out: group the deck's cards by
    name again for every card removed; the weakest name (by its best card, the first met
    of equal ones) loses its first card while there are too many names."""
    cards = list(deck)
    values = [card_value(c, r) for c in cards]
    names = [c.name for c in cards]
    steps = []
    while len(cards) > min_deck:
        groups = {}
        for i, (name, v) in enumerate(zip(names, values)):
            g = groups.setdefault(name, [v, []])
            g[1].append(i)
            g[0] = max(g[0], v)
        if len(groups) <= max_names:
            break
        weakest = None
        for g in groups.values():
            if weakest is None or g[0] < weakest[0]:
                weakest = g
        if len(names) - len(weakest[1]) < min_deck:
            break
        i = weakest[1][0]
        steps.append((i, len(cards), cards[i]))
        del cards[i], names[i], values[i]
    steps.append((None, len(cards), None))
    return steps[::-1]


def test_the_removal_plan_is_the_plain_one(lib):
    pool = [ct for ct in lib.catalogue.cards.values() if ct.level in ("A", "B", "C", "S")]
    rng = random.Random(7)
    removing = 0
    for _ in range(3000):
        few = rng.sample(pool, rng.randrange(2, 14))            # few names, many copies: ties
        deck = [rng.choice(few) for _ in range(rng.randrange(0, 30))]
        r = rng.randrange(1, 9)
        max_names, min_deck = rng.choice([(7, 8), (3, 4), (5, 12), (1, 0)])
        got = removal_plan(deck, {}, r, max_names, min_deck)
        assert got == plain_removal_plan(deck, r, max_names, min_deck)
        removing += len(got) > 1
    assert removing > 500


def test_a_spec_read_after_the_tournament_builds_the_match_as_it_began(lib):
    """A tournament writes a match's spec out only when it is read: read after everything
    was played (decks changed, reserves drawn), it still describes the match as it began."""
    import json

    from engine.challengers.policies import make_policy
    from engine.challengers.tournament import Setup, Tournament, match_from_spec

    t = Tournament(lib, Setup(players=tuple(f"P{i}" for i in range(5)), seed=3))
    bots = {p.index: make_policy("robot" if p.robot else "greedy", p.index) for p in t.players}
    started = {}                                   # match -> (its state, its reserve) as it began
    while not t.over:
        for m in t.matches.values():
            if m not in started:
                begun = m.copy()
                started[m] = (begun.snapshot(), {lv: [c.id for c in cards] for lv, cards in begun.piles.piles.items()})
        who = t.next_waiting()
        t.apply(bots[who[1] if who[0] == "deck" else who[2]].act(t, who))
    assert len(started) > 20
    drawn = 0
    for m, (state, reserve) in started.items():
        spec = json.loads(json.dumps(m.spec))
        again = match_from_spec(lib.catalogue, spec, record=False)
        assert again.snapshot() == state
        assert {lv: [c.id for c in cards] for lv, cards in again.piles.piles.items()} == reserve
        assert (again.players, again.park) == (m.players, m.park)
        drawn += sum(len(v) for v in reserve.values()) > sum(len(v) for v in m.piles.piles.values())
    assert drawn                                   # some reserves were drawn from after the spec was due


def test_the_kept_bench_bonuses_are_those_of_the_bench_as_it_is(lib):
    """A capture that benches no card with a bench bonus keeps the bench's bonuses worked
    out before: every card's power still adds up to its breakdown, read off the bench."""
    from engine.challengers.match import ATTACK, POSSESSION, REVEAL, Match
    from engine.challengers.piles import LevelPiles
    from engine.challengers.policies import GreedyPolicy

    box = lib.box("base")
    cat = lib.catalogue
    sets = (box.basic, *box.additional)
    level = {lv: [c for s in sets for c in cat.sets[s].cards if c.level == lv for _ in range(c.copies)]
             for lv in "ABC"}
    starter = [cat.card(c) for c in box.starter]
    rng = random.Random(11)
    choose = GreedyPolicy(0).choose
    checked = with_auras = 0
    for n in range(150):
        decks = [starter + rng.sample(level["A"], 6) + rng.sample(level["B"], 6) + rng.sample(level["C"], 2)
                 for _ in (0, 1)]
        m = Match(decks, rng=n, beginner=n & 1, round=7, record=False,
                  piles=LevelPiles(level["A"] + level["B"] + level["C"], random.Random(n)))
        while m.winner is None:
            kind, p = m.expect
            if kind == REVEAL:
                m.reveal(p)
            else:
                m.choose(m.pending.player, choose(m, m.pending))
            for side in m.sides:
                for i in side.park:
                    for role in (ATTACK, POSSESSION):
                        assert m.power(i, role) == sum(v for _, v in m.power_breakdown(i, role))
                        checked += 1
                with_auras += bool(m.auras(m.sides.index(side)))
    assert checked > 3000 and with_auras > 300


# --- The twins kept for C calls -----------------------------------------------------------
# Compiled, the engine's hot paths call a twin of a method or function, typed for C: Match's
# _power (a flag, not a role's name) beside power; the bots' _best_move beside option_score
# (and _base_power beside Match.base_power); the greedy bot's _act_in_phase, _pick_in_phase and
# _phase_names beside its general Deck Phase decision; run_tournament's direct calls
# (apply_deck_action, play_forced) beside asking each policy.  Each twin is held here to what
# the plain computation answers, over many seeded states.  These run in whichever engine this
# process imported; tests/engine/test_compiled_engine.py runs this file again in pure Python.

class _Seen:
    """An object seen through another one: not a Match (nor a DeckPhase), so the bots take
    their general path, which asks the object's public methods."""

    def __init__(self, inner):
        self._inner = inner

    def __getattr__(self, name):
        return getattr(self._inner, name)


def _decks(lib, box, rng, c_cards):
    cat = lib.catalogue
    b = lib.box(box)
    sets = (b.basic, *b.additional)
    level = {lv: [c for s in sets for c in cat.sets[s].cards if c.level == lv for _ in range(c.copies)]
             for lv in "ABC"}
    starter = [cat.card(c) for c in b.starter]
    decks = [starter + rng.sample(level["A"], 6) + rng.sample(level["B"], 6) + rng.sample(level["C"], c_cards)
             for _ in (0, 1)]
    return decks, level


def _matches(lib, count, seed):
    """Seeded matches of both boxes, with level piles, played by greedy and random choices:
    yields each match at every step, then plays that step."""
    from engine.challengers.match import CHOOSE, REVEAL, Match
    from engine.challengers.piles import LevelPiles
    from engine.challengers.policies import GreedyPolicy, RandomPolicy

    rng = random.Random(seed)
    for n in range(count):
        decks, level = _decks(lib, ("base", "beach")[n % 2], rng, n % 4)
        m = Match(decks, rng=n, beginner=None if n % 3 == 0 else n & 1, round=1 + n % 7, record=False,
                  piles=LevelPiles(level["A"] + level["B"] + level["C"], random.Random(n)))
        choose = (GreedyPolicy(n) if n % 4 else RandomPolicy(n)).choose
        while m.winner is None:
            yield m
            kind, p = m.expect
            if kind == REVEAL:
                m.reveal(p)
            elif kind == CHOOSE:
                m.choose(m.pending.player, choose(m, m.pending))
            else:
                m.toss()


def test_a_cards_power_its_c_twin_and_the_totals_are_its_breakdown(lib):
    """Match._power (and power, attack_total, defense_total, which call it) against
    power_breakdown, which reads the card types and the bench directly (no _Hot, no bench
    bonus kept per type), for every card of the match, at every step."""
    from engine.challengers.match import ATTACK, POSSESSION

    def total(m, inst, role):
        return sum(v for _, v in m.power_breakdown(inst, role))

    checked = bonused = 0
    for step, m in enumerate(_matches(lib, 60, 5)):
        if step % 2:
            continue
        for inst in range(len(m.types)):
            for role in (ATTACK, POSSESSION):
                want = total(m, inst, role)
                assert m._power(inst, role == ATTACK) == m.power(inst, role) == want, (inst, role)
                bonused += want != m.base_power(inst)
                checked += 1
        assert m.attack_total() == sum(total(m, i, ATTACK) for i in m.attack)
        assert m.defense_total() == (total(m, m.flag_card, POSSESSION) if m.flag_card is not None else 0)
    assert checked > 40_000 and bonused > 2_000, (checked, bonused)


def test_the_bots_best_move_is_the_best_option_score(lib):
    """best_option on a real match (compiled: _best_move, its scores worked out on the _Hot
    structs) picks what the general path picks on the same match seen as another object
    (option_score for every option, the first of the best); option_score itself answers
    the same on both (_base_power against Match.base_power)."""
    from engine.challengers.policies import best_option, option_score

    kinds: dict = {}
    for m in _matches(lib, 400, 9):
        ch = m.pending
        if m.expect[0] != "choose":
            continue
        seen = _Seen(m)
        scores = [option_score(m, ch, opt) for opt in ch.options]
        assert scores == [option_score(seen, ch, opt) for opt in ch.options]
        assert best_option(m, ch) == best_option(seen, ch) == scores.index(max(scores))
        key = (ch.kind, *(ch.detail or ())[:2])
        kinds[key] = kinds.get(key, 0) + 1
    moves = sum(n for k, n in kinds.items() if k[0] not in ("seat", "arrange"))
    assert moves > 300 and kinds.get(("arrange",), 0) > 10, kinds
    assert {k[1] for k in kinds if len(k) > 1} >= {"bench", "deck", "exhaust"}, kinds


def test_the_greedy_bots_deck_phase_shortcuts_decide_as_its_general_path(lib):
    """The greedy bot in a real Deck Phase (compiled: _act_in_phase, _pick_in_phase, the deck's
    names kept between calls by _phase_names, its removal plan kept between calls) decides
    what a new greedy bot decides on the same phase seen as another object, which reads
    the whole deck again every time."""
    from engine.challengers.deckphase import DONE
    from engine.challengers.policies import GreedyPolicy, make_policy
    from engine.challengers.tournament import Setup, Tournament

    stages: dict = {}
    for seed in range(10):
        box = ("base", "beach")[seed % 2]
        t = Tournament(lib, Setup(players=tuple(f"P{i}" for i in range(2 + seed % 7)), box=box, seed=seed),
                       record=False)
        bots = {p.index: GreedyPolicy(p.index) if not p.robot else make_policy("robot", p.index) for p in t.players}
        while not t.over:
            who = t.next_waiting()
            if who[0] == "deck":
                dp = t.deck_phases[who[1]]
                bot = bots[who[1]]
                if isinstance(bot, GreedyPolicy) and dp.stage != DONE:
                    action = bot.deck_action(t, dp)
                    assert action == GreedyPolicy(who[1]).deck_action(t, _Seen(dp)), (seed, dp.stage)
                    stages[dp.stage] = stages.get(dp.stage, 0) + 1
                    t.apply(("deck", who[1], *action))
                    continue
                t.apply(bot.act(t, who))
            else:
                t.apply(bots[who[2]].act(t, who))
    assert stages.get("pick", 0) > 500 and stages.get("remove", 0) > 100 and stages.get("option", 0) > 50, stages


def test_run_tournament_plays_what_asking_every_policy_plays(lib):
    """run_tournament's direct ways (the greedy bot's decision as a C call, apply_deck_action,
    Tournament.play_forced for reveals and tosses) against asking each policy and applying
    its action, one at a time: the same actions, the same events."""
    from engine.challengers.policies import make_policy, run_tournament
    from engine.challengers.tournament import Setup, Tournament

    def bots(t, seed):
        kinds = ("greedy", "random", "greedy")
        return {p.index: make_policy("robot" if p.robot else kinds[(p.index + seed) % 3], seed * 10 + p.index)
                for p in t.players}

    for seed in range(8):
        setup = Setup(players=tuple(f"P{i}" for i in range(1 + seed % 8)), box=("base", "beach")[seed % 2],
                      seed=seed)
        fast = run_tournament((t := Tournament(lib, setup)), bots(t, seed))
        plain = Tournament(lib, setup)
        policies = bots(plain, seed)
        while not plain.over:
            who = plain.next_waiting()
            plain.apply(policies[who[1] if who[0] == "deck" else who[2]].act(plain, who))
        assert fast.actions == plain.actions and fast.log == plain.log, seed
        assert fast.winner == plain.winner


def test_the_greedy_bots_option_choice_remembers_only_the_same_options(lib):
    """The greedy bot's Deck Phase option (the first of the best-looking: cards' worth plus
    fans) is remembered for the last options tuple it weighed: asked about other options in
    between, or about a list changed since, it answers what weighing them again answers."""
    from engine.challengers.policies import LEVEL_VALUE, _best_option_index
    from engine.challengers.rules import DraftOption

    def plain(options):
        worths = [o.pick * LEVEL_VALUE[o.level] + o.fans for o in options]
        return worths.index(max(worths))

    drafts = [opts for name in ("base", "beach") for opts in lib.box(name).draft if opts]
    made = (DraftOption("A", 1, 9), DraftOption("C", 1, 0), DraftOption("B", 2, 0))
    rng = random.Random(5)
    answers = set()
    for _ in range(200):
        options = rng.choice(drafts + [made])
        assert _best_option_index(options) == plain(options)
        answers.add(_best_option_index(options))
    assert len(answers) > 1, answers
    changing = [DraftOption("A", 1, 0), DraftOption("B", 1, 0)]
    assert _best_option_index(changing) == 1
    changing[0] = DraftOption("C", 2, 0)
    assert _best_option_index(changing) == 0
