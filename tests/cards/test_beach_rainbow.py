"""Rainbow (the Beach Cup's basic set): every card carries all set icons."""

from cardplay import bench_ids, deck_ids, ids

BENCH_OF_SIX = ["pig", "horse", "cow", "alien", "rat", "snake"]     # six names: every seat taken


def test_rainbow_cards_carry_every_set_icon(lib):
    """"This card has all set icons": each Rainbow card tests true for every set of both boxes."""
    rainbow = lib.catalogue.sets["rainbow"]
    assert rainbow.kind == "basic" and rainbow.size == 20 and rainbow.names["fr"] == "Arc-en-ciel"
    for ct in rainbow.cards:
        for sid in ("city", "castle", "secret", "beachclub", "mountain", "university", "toystore", "forest"):
            assert ct.has_icon(sid), (ct.id, sid)


def test_rulebook_example_backpacker_gets_coffee_machine_in_attack_and_ice_bob_in_possession(match):
    """Rulebook example: Coffee Machine (University +1 during the attack) and Ice Bob (Mountain +1 in
    flag possession) on the bench; the Rainbow Backpacker gets the first attacking, the second holding."""
    m = match(["talent", "champion"], ["backpacker", "newcomer"], first=0, bench_b=["coffee-machine", "ice-bob"])
    m.reveal(0)                                   # Talent 2
    m.reveal(1)                                   # Backpacker 1 + 1 (Coffee Machine) = 2 >= 2
    assert m.holder == 1
    assert m.defense_total() == 2                 # 1 + 1 (Ice Bob), no Coffee Machine bonus now
    assert dict(m.power_breakdown(m.flag_card, "possession")) == {"base": 1, "ice-bob": 1}


def test_a_non_rainbow_card_gets_neither_set_bonus(match):
    """Control for the example: a City Newcomer gets neither the University nor the Mountain bonus."""
    m = match(["newcomer", "champion"], ["newcomer", "talent"], first=0, bench_b=["coffee-machine", "ice-bob"])
    m.reveal(0)
    m.reveal(1)                                   # 1 >= 1
    assert m.holder == 1 and m.defense_total() == 1


def test_backpacker_goes_to_the_exhaust_pile_never_the_bench(match):
    """Backpacker (special): when it would be put on the bench it goes on the exhaust pile; the cards
    under it are benched as usual."""
    m = match(["backpacker", "newcomer", "talent", "newcomer"], ["champion", "horse"], first=1)
    m.reveal(1)                                   # Champion 4
    m.reveal(0)                                   # Backpacker 1
    m.reveal(0)                                   # Newcomer 1
    m.reveal(0)                                   # Talent 2: 1 + 1 + 2 = 4 >= 4
    assert m.holder == 0 and ids(m, m.sides[0].park) == ["backpacker", "newcomer", "talent"]
    m.reveal(1)                                   # Horse 5 >= 4: player 0's park is benched
    assert bench_ids(m, 0) == {"Newcomer": ["newcomer"], "Talent": ["talent"]}
    assert ids(m, m.sides[0].exhaust) == ["backpacker"]


def test_backpacker_needs_no_seat_on_a_full_bench(match):
    """Backpacker: it never takes a seat, so losing the flag with a full bench does not lose the match."""
    m = match(["backpacker", "newcomer"], ["talent", "newcomer"], first=0, bench_a=BENCH_OF_SIX)
    m.reveal(0)                                   # Backpacker 1
    m.reveal(1)                                   # Talent 2 >= 1
    assert m.winner is None and m.holder == 1
    assert ids(m, m.sides[0].exhaust) == ["backpacker"] and len(m.sides[0].bench) == 6


def test_dj_puts_the_top_card_under_the_deck(match):
    """DJ: look at the top card, put it on top or under -> under chosen."""
    m = match(["dj", "champion", "newcomer"], ["talent"], first=0)
    m.reveal(0)
    opts = [tuple((w, m.types[c].id) for w, c in o) for o in m.pending.options]
    assert sorted(opts) == [(("deck-bottom", "champion"),), (("deck-top", "champion"),)]
    m.choose(0, opts.index((("deck-bottom", "champion"),)))
    assert deck_ids(m, 0) == ["newcomer", "champion"]


def test_dj_keeps_the_top_card_on_top(match):
    """DJ: "on top" chosen -> the deck is unchanged."""
    m = match(["dj", "champion", "newcomer"], ["talent"], first=0)
    m.reveal(0)
    opts = [tuple((w, m.types[c].id) for w, c in o) for o in m.pending.options]
    m.choose(0, opts.index((("deck-top", "champion"),)))
    assert deck_ids(m, 0) == ["champion", "newcomer"]


def test_impostor_gets_one_per_different_base_power_on_the_bench(match):
    """Impostor: +1 for each different base power on the bench (3, 5, 3 -> two powers -> +2)."""
    m = match(["champion", "newcomer"], ["impostor", "newcomer"], first=0, bench_b=["pig", "horse", "cow"])
    m.reveal(0)
    m.reveal(1)                                   # 2 + 2 = 4 >= 4
    assert m.holder == 1 and m.defense_total() == 4   # an immediate bonus: kept in possession


def test_impostor_with_an_empty_bench_has_base_power(match):
    """Impostor: empty bench -> no bonus."""
    m = match(["impostor", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 2


def test_streamer_doubles_a_next_card_bonus(match):
    """Streamer: "double every power bonus this card receives" -> the Action Figure's +2 counts +4."""
    m = match(["horse", "newcomer"], ["action-figure", "streamer", "newcomer"], first=0)
    m.reveal(0)                                   # Horse 5
    m.reveal(1)                                   # Action Figure 2 < 5: next card +2
    m.reveal(1)                                   # Streamer 3 + 2 x 2 = 7; 2 + 7 >= 5
    assert m.holder == 1 and m.defense_total() == 7


def test_streamer_doubles_a_bench_bonus_it_gets_as_a_rainbow_card(match):
    """Streamer: the Blacksmith's City +1 (a Rainbow card is a City card) counts +2."""
    m = match(["streamer", "newcomer"], ["newcomer"], first=0, bench_a=["blacksmith"])
    m.reveal(0)
    assert m.defense_total() == 5


def test_streamer_without_bonus_is_base_power(match):
    """Streamer: no bonus -> doubling nothing leaves 3."""
    m = match(["streamer", "newcomer"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3


def test_skater_takes_two_fans_after_losing_the_previous_match(match):
    """Skater: "if you lost the previous match, take 2 fans"."""
    m = match(["skater"], ["newcomer"], first=0, lost_previous=(True, False))
    m.reveal(0)
    assert m.sides[0].fans == 2


def test_skater_takes_no_fans_after_winning_the_previous_match(match):
    """Skater: no previous loss -> no fans; base power 5."""
    m = match(["skater"], ["newcomer"], first=0)
    m.reveal(0)
    assert m.sides[0].fans == 0 and m.defense_total() == 5


# --- Rainbow and Mascot: "+1 for each different set icon on your bench" ------------------------

BEACH_FIRST_GAME = {"rainbow", "secret", "beachclub", "mountain", "university", "toystore"}


def mascot_bonus(events):
    """The Mascot's "+1 per icon" bonus, from a match's events (plain dicts or Events)."""
    for e in events:
        d = e if isinstance(e, dict) else e.as_dict()
        if d["kind"] == "bonus" and d.get("card") == "mascot":
            return d["value"]
    return 0


def play_skater_then_mascot(m):
    """Skater (Rainbow) opens and is beaten by the Lion; the Mascot attacks over the benched Skater."""
    m.reveal(1)                                   # Skater 5 takes the flag
    m.reveal(0)                                   # Lion 5 >= 5: the Skater goes to the bench
    m.reveal(1)                                   # Mascot: +1 per icon on the bench
    return m


def test_a_rainbow_card_counts_every_icon_of_the_game_the_same_from_every_entry_point(lib, match):
    """A Rainbow card carries every set icon of the game in play: one count whether the match is
    built directly, by a tournament (through its spec), or by `tablecup match`."""
    import json
    import subprocess
    import sys

    from engine.challengers.tournament import Setup, Tournament, match_from_spec
    # Built directly, told nothing about the game: the Rainbow box's first game, six icons.
    direct = play_skater_then_mascot(match(["lion", "newcomer"], ["skater", "mascot"], first=1))
    assert mascot_bonus(direct.log) == len(BEACH_FIRST_GAME) == 6
    # A tournament of that game hands its matches the same icons.
    t = Tournament(lib, Setup(players=("A", "B"), box="beach", seed=1))
    assert t.icons_in_play == BEACH_FIRST_GAME
    spec = {"park": 1, "round": 1, "final": False, "players": [0, 1], "names": ["A", "B"], "seed": 0,
            "beginner": 1, "decks": [["lion", "newcomer"], ["skater", "mascot"]], "fans": [0, 0],
            "trophies": [0, 0], "lost_previous": [False, False], "icons_in_play": sorted(t.icons_in_play),
            "reserve": {}}
    via_spec = match_from_spec(lib.catalogue, json.loads(json.dumps(spec)))
    for p, order in ((0, ["lion", "newcomer"]), (1, ["skater", "mascot"])):    # undo the spec's shuffle
        via_spec.sides[p].deck.sort(key=lambda c: order.index(via_spec.types[c].id), reverse=True)
    assert mascot_bonus(play_skater_then_mascot(via_spec).log) == 6
    # The command line plays the --box's first game.
    r = subprocess.run([sys.executable, "-m", "tablecup.cli", "match", "--deck-a", "lion,newcomer",
                        "--deck-b", "skater,mascot", "--first", "b", "--no-shuffle", "--box", "beach", "--json"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = [json.loads(line) for line in r.stdout.splitlines()]       # JSON lines: the events, then the outcome
    assert mascot_bonus([line["event"] for line in lines if "event" in line]) == 6


def test_a_rainbow_card_counts_the_icons_of_the_sets_the_game_is_played_with(lib, match):
    """Rainbow with base additional sets: its icons are that game's, plus a City starter card's own."""
    sets = ("rainbow", "castle", "film", "funfair", "haunted", "shipwreck")
    icons = lib.icons_in_play(sets)
    assert icons == {"rainbow", "castle", "film", "funfair", "haunted", "shipwreck"}
    m = play_skater_then_mascot(match(["lion", "newcomer"], ["skater", "mascot"], first=1, icons_in_play=icons,
                                      bench_b=["newcomer"]))
    assert mascot_bonus(m.log) == 7              # six sets' icons and the Newcomer's City
    m = play_skater_then_mascot(match(["lion", "newcomer"], ["skater", "mascot"], first=1, bench_b=["newcomer"]))
    assert mascot_bonus(m.log) == 7              # the Beach first game's six, and City
    m = play_skater_then_mascot(match(["lion", "newcomer"], ["skater", "mascot"], first=1, bench_b=["rat"]))
    assert mascot_bonus(m.log) == 6              # a Secret card adds no icon the Rainbow card lacks
