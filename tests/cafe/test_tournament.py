"""A café tournament of every game as a contract GameState: whole bot tournaments, the contract's
checks, determinism, what each entrant sees, the host's calls and bad input."""

import json

import pytest
from contract_checks import check_game, fingerprint
from registered import assert_every_game_has

import cards
from engine import registry
from engine.cafe import CafeTournament, new_setup, tournament_game
from engine.cafe.bots import entrant_bots, play_with_bots
from engine.cafe.formats import place_points, places
from engine.cafe.host import CafeHost
from engine.errors import IllegalAction
from engine.game import Action, GameSetup, Outcome, Termination, next_actor, play_out, replay

NAMES = [f"E{i + 1}" for i in range(30)]
#: The games café tournaments of engine.cafe play: those whose café module is the shared host
#: (Challengers! runs a tournament of its own: tests/engine/test_tournament_rules.py).
CAFE_GAMES = [g.name for g in registry.games()
              if g.cafe is not None and isinstance(getattr(registry.cafe(g.name), "HOST", None), CafeHost)]


@pytest.fixture(scope="module")
def data():
    return {g: registry.get(g).load(cards) for g in CAFE_GAMES}


def setup_of(game, n, seed=1, **options):
    return new_setup(game, NAMES[:n], seed, **options)


def whole(data, game, n, seed=1, bot="random", **options):
    s = setup_of(game, n, seed, **options)
    return play_with_bots(data[game], s, bot)


def check_rounds(state, least, most):
    """Every round seats each entrant exactly once (a table or a bye) at tables of least..most."""
    record = state.record()
    assert record["over"] and record["winner"] == record["standings"][0]["name"]
    assert len(record["rounds"]) == state.rules.rounds
    for r in record["rounds"]:
        seated = [p for t in r["tables"] for p in t["players"]] + [b["player"] for b in r["byes"]]
        if state.rules.format == "knockout":
            assert len(seated) == len(set(seated))
        else:
            assert sorted(seated) == list(range(state.num_players))
        assert all(least <= len(t["players"]) <= most for t in r["tables"])
        assert [t["park"] for t in r["tables"]] == list(range(1, len(r["tables"]) + 1))
        assert len(r["tables"]) <= state.parks
    json.dumps(record)
    return record


# ---------------------------------------------------------------------------- whole tournaments

def test_a_between_swiss_ladder_plays_to_its_end_without_rematches(data):
    state = whole(data, "between", 8, format="swiss", rounds=3, bot="sensible")
    record = check_rounds(state, 2, 2)
    pairs = [frozenset(t["players"]) for r in record["rounds"] for t in r["tables"]]
    assert len(pairs) == len(set(pairs)) == 12
    rows = record["standings"]
    keys = [(-r["points"], -r["buchholz"], -r["head_to_head"], r["lot"]) for r in rows]
    assert keys == sorted(keys) and [r["place"] for r in rows] == list(range(1, 9))
    assert sum(r["points"] for r in rows) == 12 * 2
    outcome = state.outcome()
    assert outcome.winners == (rows[0]["player"],) and outcome.reason == "swiss"


def test_a_swiss_of_an_odd_count_gives_each_entrant_one_bye_at_most(data):
    state = whole(data, "between", 5, seed=3, format="swiss", rounds=5)
    record = check_rounds(state, 2, 2)
    byes = [b["player"] for r in record["rounds"] for b in r["byes"]]
    assert sorted(byes) == [0, 1, 2, 3, 4]
    for row in record["standings"]:
        assert row["points"] == 2 * (row["wins"]) + row["draws"] and row["byes"] == 1


def test_a_between_knockout_plays_until_one_is_left_with_byes_to_the_top_seeds(data):
    state = whole(data, "between", 6, seed=2, format="knockout", bot="sensible")
    record = check_rounds(state, 2, 2)
    assert state.rules.rounds == 3 and state.parks == 2
    first = record["rounds"][0]
    assert [b["player"] for b in first["byes"]] == [0, 1]       # entry order: seeds 1 and 2
    assert [len(r["tables"]) for r in record["rounds"]] == [2, 2, 1]
    champion = record["standings"][0]
    final = record["rounds"][-1]["tables"][0]
    assert final["winner"] == champion["player"] and champion["place"] == 1
    assert [r["place"] for r in record["standings"]] == [1, 2, 3, 3, 5, 5]
    # Everyone but the champion lost exactly one game; the champion lost none.
    for row in record["standings"]:
        assert row["losses"] == (0 if row["place"] == 1 else 1)


def test_a_knockout_seeded_by_draw_takes_its_seeds_from_the_generator(data):
    a = CafeTournament(registry.get("between"), data["between"], setup_of("between", 6, 5, format="knockout",
                                                                          seeding="draw"))
    assert sorted(a.seeds) == list(range(6)) and a.seeds != tuple(range(6))
    assert sorted(a.byes) == sorted(a.seeds[:2])


def test_a_wacky_night_of_tables(data):
    state = whole(data, "wacky", 11, format="tables", table_size=5, bot="sensible")
    record = check_rounds(state, 2, 5)
    assert [len(t["players"]) for t in record["rounds"][0]["tables"]] == [4, 4, 3]
    rows = record["standings"]
    keys = [(-r["points"], -r["wins"], r["places"], r["lot"]) for r in rows]
    assert keys == sorted(keys)
    for r in record["rounds"]:
        for t in r["tables"]:
            assert t["points"] == place_points(t["places"])
            assert t["places"] == places(Outcome(**{**t["outcome"], "termination": Termination(t["outcome"]["termination"]),
                                                     "winners": tuple(t["outcome"]["winners"]),
                                                     "scores": tuple(t["outcome"]["scores"])}), len(t["players"]))


def test_a_cosplay_cup_of_tables(data):
    state = whole(data, "cosplay", 7, format="tables", rounds=2, table_size=4)
    record = check_rounds(state, 2, 4)
    assert [len(t["players"]) for t in record["rounds"][0]["tables"]] == [4, 3]


def test_tables_of_two_with_an_odd_count_give_one_bye_a_round_to_different_entrants(data):
    state = whole(data, "wacky", 5, format="tables", rounds=3, table_size=2)
    record = check_rounds(state, 2, 2)
    byes = [b["player"] for r in record["rounds"] for b in r["byes"]]
    assert len(byes) == 3 == len(set(byes))


def test_the_first_round_is_seated_by_lot_and_later_rounds_from_the_standings(data):
    state = whole(data, "wacky", 9, seed=4, format="tables", rounds=2, table_size=3)
    record = state.record()
    after_one = [r["player"] for r in record["rounds"][0]["standings"]]
    second = [sorted(t["players"]) for t in record["rounds"][1]["tables"]]
    assert second == [sorted(after_one[0:3]), sorted(after_one[3:6]), sorted(after_one[6:9])]


# ---------------------------------------------------------------------------- determinism

SAME_SEED = [("between", {"format": "swiss", "rounds": 3}), ("between", {"format": "knockout"}),
             ("wacky", {"format": "tables", "table_size": 4}), ("cosplay", {"format": "tables", "rounds": 1})]


@pytest.mark.parametrize("game, options", SAME_SEED)
def test_the_same_seed_gives_the_same_record(data, game, options):
    one = whole(data, game, 6, 9, bot="random", **options).record()
    two = whole(data, game, 6, 9, bot="random", **options).record()
    assert one == two
    assert whole(data, game, 6, 10, bot="random", **options).record() != one


def test_seed_and_actions_replay_a_tournament_event_for_event(data):
    s = setup_of("wacky", 7, 3, format="tables", rounds=2, table_size=4)
    game = tournament_game(s)
    state = game.new(data["wacky"], s)
    bots = entrant_bots(state, "sensible")
    played, events = [], []
    while (p := next_actor(state)) is not None:
        a = bots[p].act(state.observation(p), state.legal_actions(p))
        events.extend(state.apply(a))
        played.append(a)
    again, again_events = replay(game, data["wacky"], s, played)
    assert again_events == events and again.record() == state.record()
    kinds = {e.kind for e in events}
    assert {"park", "table-over", "round-over", "round", "tournament-over"} <= kinds
    for e in events:
        for lang in ("en", "fr"):
            assert game.describe_event(e, lang)


# ---------------------------------------------------------------------------- the contract's checks

CONTRACT = [
    ("between", 5, {"format": "swiss", "rounds": 2}, 5),
    ("between", 5, {"format": "knockout"}, 5),
    ("wacky", 5, {"format": "tables", "rounds": 2, "table_size": 3}, 3),
    ("cosplay", 5, {"format": "tables", "rounds": 1, "table_size": 3}, 9),
]


def test_every_cafe_game_is_played_here():
    assert_every_game_has({case[0] for case in SAME_SEED}, CAFE_GAMES, "café tournament replayed from its seed")
    assert_every_game_has({case[0] for case in CONTRACT}, CAFE_GAMES, "café tournament checked on the contract")


@pytest.mark.parametrize("game, n, options, every", CONTRACT)
@pytest.mark.slow
def test_a_tournament_keeps_the_contract(data, game, n, options, every):
    s = setup_of(game, n, 2, **options)
    outcome = check_game(tournament_game(s), data[game], s, limit=200_000, every=every)
    assert outcome.termination == "win" and len(outcome.winners) == 1


def test_a_clone_plays_on_alone(data):
    s = setup_of("between", 6, 4, format="swiss", rounds=2)
    state = CafeTournament(registry.get("between"), data["between"], s)
    before = fingerprint(state)
    twin = state.clone()
    play_out(twin, entrant_bots(twin, "random"), limit=100_000)
    assert twin.outcome() is not None and state.outcome() is None
    assert fingerprint(state) == before and state.record()["rounds"] == []


# ---------------------------------------------------------------------------- what each one sees

def test_an_entrant_sees_their_own_table_as_their_seat_and_only_the_public_rest(data):
    s = setup_of("between", 6, 7, format="swiss", rounds=2)
    state = CafeTournament(registry.get("between"), data["between"], s)
    spectator = state.observation(None)
    assert spectator["table"] is None
    assert [row["observation"] for row in spectator["parks"]] == [t.state.observation(None) for t in state.tables]
    public = {**spectator, "parks": [{k: v for k, v in row.items() if k != "observation"}
                                     for row in spectator["parks"]]}
    for p in range(6):
        obs = state.observation(p)
        t = state.table_at(obs["table"]["park"])
        seat = t.seat_of(p)
        assert obs["table"] == {"park": t.park, "seat": seat, "players": list(t.players),
                                "observation": t.state.observation(seat)}
        # Beside their own table's view for their seat, what the tournament's spectators see.
        assert {**obs, "table": None, "you": None} == public
        assert obs["table"]["observation"]["hands"][1 - seat] is None


def test_the_host_maps_parks_seats_and_actions(data):
    s = setup_of("wacky", 7, 1, format="tables", table_size=4)
    state = CafeTournament(registry.get("wacky"), data["wacky"], s)
    t = state.table_at(2)
    assert t.park == 2 and [state.park_of(p) for p in t.players] == [2] * len(t.players)
    seat_action = t.state.legal_actions(1)[0]
    action = state.player_action(2, seat_action)
    assert action.player == t.players[1] and state.seat_action(action) == (2, seat_action)
    state.apply(action)
    # A kiosk replays its park's game from the table's set-up and actions alone.
    kiosk, _ = replay(registry.get("wacky"), data["wacky"], t.setup, t.actions)
    assert kiosk.observation(1) == t.state.observation(1) and t.setup.players == tuple(NAMES[p] for p in t.players)
    with pytest.raises(ValueError, match="no table at park 3 in round 1"):
        state.table_at(3)


def test_illegal_actions_say_why_and_change_nothing(data):
    s = setup_of("between", 5, 1, format="swiss", rounds=2)
    state = CafeTournament(registry.get("between"), data["between"], s)
    before = fingerprint(state)
    (bye,) = state.byes
    with pytest.raises(IllegalAction, match="has a bye in round 1"):
        state.apply(Action(bye, "damage"))
    waiting = next(p for t in state.tables for p in t.players if p not in state.to_act())
    with pytest.raises(IllegalAction, match=f"park {state.park_of(waiting)}: "):
        state.apply(Action(waiting, "damage"))
    with pytest.raises(IllegalAction, match="no entrant 9"):
        state.apply(Action(9, "damage"))
    assert fingerprint(state) == before


# ---------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("game, n, options, message", [
    ("chess", 4, {}, "game: unknown game 'chess'"),
    ("challengers", 4, {}, "Challengers! has no café format: it is a tournament of its own"),
    ("between", 4, {"format": "tables"}, "format: Between Battle is not played as 'tables'; its formats: swiss, knockout"),
    ("wacky", 4, {"format": "swiss"}, "format: Wacky Challenge is not played as 'swiss'; its formats: tables"),
    ("wacky", 4, {"format": "league"}, "format: Wacky Challenge is not played as 'league' .*the formats: swiss"),
    ("between", 1, {}, "too few entrants: a swiss tournament of Between Battle needs at least 2, not 1"),
    ("cosplay", 1, {}, "too few entrants: a tables tournament of Cosplay Team Battle needs at least 2, not 1"),
    ("wacky", 10, {"table_size": 8}, "table_size: Wacky Challenge seats 2 to 7 players at a table, not 8"),
    ("cosplay", 10, {"table_size": 1}, "table_size: Cosplay Team Battle seats 2 to 4 players at a table, not 1"),
    ("between", 6, {"table_size": 3}, "table_size: Between Battle is a duel, two at a table, not 3"),
    ("between", 6, {"rounds": 6}, "rounds: a Swiss of 6 entrants plays 1 to 5 rounds, not 6"),
    ("between", 6, {"format": "knockout", "rounds": 2}, "rounds: a knockout plays until one entrant is left"),
    ("between", 6, {"format": "knockout", "seeding": "rating"}, "seeding: entry, draw, not 'rating'"),
    ("between", 6, {"seeding": "draw"}, "seeding: only a knockout is seeded"),
    ("wacky", 6, {"rounds": 0}, "rounds: 1 to 30, not 0"),
    ("wacky", 6, {"rounds": "three"}, "rounds: a whole number, not 'three'"),
    ("wacky", 6, {"tables": 3}, "unknown tournament option\\(s\\): tables"),
    ("wacky", 6, {"game_options": {"pilots": ["pink", "red"]}}, "game_options: option 'pilots' names 2 pilot"),
])
def test_bad_input_names_what_is_wrong(data, game, n, options, message):
    s = setup_of(game, n, 1, **options)
    with pytest.raises(ValueError, match=message):
        tournament_game(s).new(data.get(game), s)


def test_a_set_up_of_another_game_or_a_mismatched_descriptor_is_refused(data):
    with pytest.raises(ValueError, match="not a café tournament's set-up"):
        tournament_game(GameSetup("between", ("a", "b")))
    s = setup_of("between", 4, 1)
    with pytest.raises(ValueError, match="this is a tournament of wacky, not of 'between'"):
        tournament_game("wacky").new(data["wacky"], s)


def test_bots_are_the_games_own_or_the_search_bot_at_a_level(data):
    s = setup_of("between", 4, 1, format="knockout")
    state = CafeTournament(registry.get("between"), data["between"], s)
    with pytest.raises(ValueError, match="bot: Between Battle's bots are random, search, sensible, not 'clever'"):
        entrant_bots(state, "clever")
    with pytest.raises(ValueError, match="level: one of easy, medium, hard, not 'expert'"):
        entrant_bots(state, "search", "expert")
    with pytest.raises(ValueError, match="level: only the search bot has levels"):
        entrant_bots(state, "sensible", "easy")


@pytest.mark.slow
def test_the_search_bot_plays_a_small_tournament_deterministically(data):
    s = setup_of("between", 2, 1, format="knockout")
    one = play_with_bots(data["between"], s, "search", "easy").record()
    assert one == play_with_bots(data["between"], s, "search", "easy").record()


def test_entrants_are_seated_with_a_fresh_generator_for_each_tables_game(data):
    state = whole(data, "wacky", 8, 6, format="tables", rounds=2, table_size=4)
    seeds = [t["seed"] for r in state.record()["rounds"] for t in r["tables"]]
    assert len(set(seeds)) == len(seeds)


def test_after_the_end_nothing_is_played_and_the_outcome_holds_the_final_standings(data):
    state = whole(data, "between", 4, format="knockout")
    assert state.to_act() == frozenset() and state.next_to_act() is None
    assert all(state.legal_actions(p) == [] for p in range(4))
    with pytest.raises(IllegalAction, match="the tournament is over"):
        state.apply(Action(0, "damage"))
    assert state.outcome().detail["standings"] == state.record()["standings"]
    assert state.park_of(0) is None


def test_a_single_games_set_up_is_not_a_tournaments(data):
    s = GameSetup("between", ("a", "b", "c"), 1, {"game": "between", "format": "swiss"})
    with pytest.raises(ValueError, match="not a café tournament's set-up: its game is 'between'"):
        CafeTournament(registry.get("between"), data["between"], s)
