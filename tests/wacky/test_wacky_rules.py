"""Wacky Challenge: one test per rule (shared/spec/wacky-challenge.md), each naming the
rule and quoting the French of the rulebook it interprets.

Speeds and stages come from the data file, which is ours to tune: where a test
needs "the faster car" it asks the data which one that is.
"""

import pytest
from wackyplay import act, c, data, fingerprint, hierarchy, names, new, reveal

from engine.errors import IllegalAction
from engine.game import Action, GameSetup
from engine.wacky import GAME
from engine.wacky.data import VEHICLES
from engine.wacky.state import BOOST, CHOOSE, OVER, PICK, TURNS


def speed(name):
    return data().speed[c(name)]


def by_speed(vehicle, pilots):
    """The pilots' cards of ``vehicle``, fastest first."""
    return sorted((f"{p}-{vehicle}" for p in pilots), key=speed, reverse=True)


def finish_draft(state):
    """Every picker in turn takes the first card of the row."""
    while state.phase == PICK:
        p = min(state.to_act())
        act(state, f"{p} pick {data().names[state.row[0]]}")


# --------------------------------------------------------------------------- set-up

def test_setup_each_player_takes_their_colour_pack():
    """Set-up: "Chaque joueur choisit une carte personnage ... et prend en main les 5 cartes
    du paquet de cartes course correspondantes." """
    s = new(("violet", "yellow", "black"))
    assert names(s.hands[0]) == [f"violet-{v}" for v in VEHICLES]
    assert names(s.hands[1]) == [f"yellow-{v}" for v in VEHICLES]
    assert s.observation(2)["pilots"] == ["violet", "yellow", "black"]


def test_setup_characters_are_drawn_when_nobody_chooses():
    """Set-up: one character per player ("Chaque joueur choisit une carte personnage");
    without a choice the seeded generator draws distinct characters."""
    drawn = {GAME.new(data(), GameSetup("wacky", ("a", "b", "c"), seed)).pilot for seed in range(20)}
    assert len(drawn) > 5
    assert all(len(set(p)) == 3 for p in drawn)


@pytest.mark.parametrize("pilots, message", [(["yellow"], "1 pilot"), (["yellow", "pink"], "unknown pilot 'pink'"),
                                             (["red", "red"], "named twice")])
def test_setup_refuses_bad_pilot_options(pilots, message):
    with pytest.raises(ValueError, match=message):
        GAME.new(data(), GameSetup("wacky", ("a", "b"), 1, {"pilots": pilots}))


def test_setup_takes_the_pilots_option_as_text_from_the_command_line():
    s = GAME.new(data(), GameSetup("wacky", ("a", "b"), 1, {"pilots": "blue, orange"}))
    assert s.observation(None)["pilots"] == ["blue", "orange"]


def test_setup_hierarchy_starts_train_to_plane():
    """Set-up: "dans l'ordre train (en haut), voiture, moto, bateau, avion (en bas)"."""
    assert hierarchy(new()) == ["train", "car", "motorbike", "boat", "plane"]


@pytest.mark.parametrize("n", [2, 4, 7])
def test_setup_lays_out_players_plus_one_shuffled_starters(n):
    """Set-up: "Les 8 cartes starter sont mélangées puis l'on place face visible ... un nombre de
    cartes starter égal au nombre de joueurs plus une ... Les cartes starter restantes sont remises
    dans la boîte." """
    rows = set()
    for seed in range(12):
        s = GAME.new(data(), GameSetup("wacky", tuple("abcdefg"[:n]), seed))
        assert len(s.row) == n + 1
        assert all(data().owner[x] < 0 for x in s.row)
        rows.add(tuple(s.row))
    assert len(rows) > 1     # shuffled: the seed decides which and in what order


def test_setup_players_and_bounds():
    with pytest.raises(ValueError, match="2 to 7 players"):
        GAME.new(data(), GameSetup("wacky", ("a",), 1))
    with pytest.raises(ValueError, match="2 to 7 players"):
        GAME.new(data(), GameSetup("wacky", tuple("abcdefgh"), 1))
    with pytest.raises(ValueError, match="unknown option"):
        GAME.new(data(), GameSetup("wacky", ("a", "b"), 1, {"colour": "x"}))


# --------------------------------------------------------------------------- the secret choice

def test_secret_choice_everyone_chooses_at_once():
    """Secret choice: "Chaque joueur choisit une carte parmi les cartes course qui lui restent en
    main et la place face cachée devant lui." All players may act at once."""
    s = new()
    assert s.to_act() == {0, 1, 2, 3}
    assert [a.to_text() for a in s.legal_actions(2)] == [f"2 choose green-{v}" for v in VEHICLES]
    act(s, "2 choose green-boat")
    assert s.to_act() == {0, 1, 3}
    assert s.legal_actions(2) == []


def test_secret_choice_is_invisible_to_others_until_all_have_chosen():
    """Secret choice: "Lorsque tous les joueurs ont choisi leur carte, chaque joueur retourne
    simultanément face visible cette carte." Until then no other view shows it."""
    s = new()
    before = [s.observation(p) for p in (1, 2, 3, None)]
    events = act(s, "0 choose yellow-plane")
    assert [e.card for e in events] == [None]             # the event does not name the card
    after = [s.observation(p) for p in (1, 2, 3, None)]
    for b, a in zip(before, after):
        assert a["your_choice"] is None and a["played"] == [None] * 4
        assert a["chosen"] == [True, False, False, False]
        assert a["hands"] == b["hands"]                    # the card is still face down, not gone
        assert "yellow-plane" not in str({k: v for k, v in a.items() if k != "hands"})
    assert s.observation(0)["your_choice"] == "yellow-plane"
    act(s, "1 choose red-car")
    act(s, "2 choose green-car")
    assert s.observation(1)["played"] == [None] * 4
    events = act(s, "3 choose blue-car")
    reveal_event = next(e for e in events if e.kind == "reveal")
    assert dict(reveal_event.info) == {0: "yellow-plane", 1: "red-car", 2: "green-car", 3: "blue-car"}
    for p in (1, 2, 3, None):
        assert s.observation(p)["played"] == ["yellow-plane", "red-car", "green-car", "blue-car"]


def test_secret_choice_cannot_be_changed_or_repeated():
    s = new()
    act(s, "0 choose yellow-car")
    before = fingerprint(s)
    with pytest.raises(IllegalAction, match="cannot act now"):
        act(s, "0 choose yellow-boat")
    assert fingerprint(s) == before


# --------------------------------------------------------------------------- pick order

def test_pick_order_highest_vehicle_in_the_hierarchy_first():
    """Pick order: "Le premier joueur à choisir est le joueur ayant posé la carte course avec le
    véhicule le plus haut dans la hiérarchie." A train of any speed beats any car."""
    pilots = ("yellow", "red", "green", "blue")
    slow_train = by_speed("train", pilots)[-1]
    seat_of = {p: i for i, p in enumerate(pilots)}
    s = new(pilots)
    cards_ = ["yellow-plane", "red-car", "green-boat", "blue-motorbike"]
    cards_[seat_of[slow_train.split("-")[0]]] = slow_train
    order = reveal(s, *cards_)
    vehicles = [data().vehicle[c(cards_[q])] for q in order]
    assert vehicles == sorted(vehicles)
    assert cards_[order[0]] == slow_train


def test_pick_order_same_vehicle_higher_speed_first():
    """Pick order: "En cas d'égalité c'est celui parmi les joueurs ex-æquo qui présente la plus
    grande vitesse qui l'emporte ... Et ainsi de suite jusqu'au joueur ayant mis la carte la plus
    basse dans la hiérarchie et/ou avec la plus petite vitesse." """
    pilots = ("yellow", "red", "green", "blue")
    s = new(pilots)
    order = reveal(s, *(f"{p}-car" for p in pilots))
    assert [f"{pilots[q]}-car" for q in order] == by_speed("car", pilots)


def test_pick_order_ties_that_data_cannot_prevent_are_drawn_by_the_seed():
    """Pick order: two cards of one vehicle and one speed (a starter played after a swap may tie
    with a race card) are ordered by a seeded draw: the same seed, the same order."""
    starter = next(x for x in data().starters if data().vehicle[x] == 1)   # a car starter
    twin = next(p.id for p in data().pilots if data().speed[p.cards[1]] == data().speed[starter])
    pilots = (twin, next(p.id for p in data().pilots if p.id != twin))
    orders = []
    for seed in range(16):
        s = new(pilots, seed)
        orders.append(tuple(reveal(s, f"{twin}-car", data().names[starter])))
        again = new(pilots, seed)
        assert tuple(reveal(again, f"{twin}-car", data().names[starter])) == orders[-1]
    assert set(orders) == {(0, 1), (1, 0)}


# --------------------------------------------------------------------------- the draft

def test_draft_turn_one_takes_from_the_starters_in_pick_order():
    """Draft: "Les joueurs choisissent chacun leur tour une carte course ou starter à droite des
    cartes hiérarchie." In the first turn that row holds only the starters; one is left."""
    s = new()
    starters = list(s.row)
    order = reveal(s, "yellow-train", "red-car", "green-motorbike", "blue-boat")
    assert order == [0, 1, 2, 3]
    assert s.to_act() == {0}
    assert sorted(a.args[0] for a in s.legal_actions(0)) == sorted(names(starters))
    with pytest.raises(IllegalAction, match="cannot act now"):
        act(s, f"1 pick {names(starters)[0]}")
    for p in order:
        act(s, f"{p} pick {data().names[s.row[-1]]}")
    assert [len(r) for r in s.routes] == [1, 1, 1, 1]
    assert s.row[0] in starters


def test_draft_next_row_is_the_card_left_and_the_played_cards():
    """Fin de tour: "Les cartes course jouées à gauche des cartes hiérarchie passent du côté droit."
    The row always holds players + 1 cards: the one left over and this turn's played cards."""
    s = new()
    reveal(s, "yellow-train", "red-car", "green-motorbike", "blue-boat")
    finish_draft(s)
    if s.phase == BOOST:
        act(s, f"{min(s.to_act())} pass")
    assert s.turn == 2 and s.phase == CHOOSE
    assert len(s.row) == 5
    assert names(s.row[1:]) == ["yellow-train", "red-car", "green-motorbike", "blue-boat"]
    assert data().owner[s.row[0]] < 0


def test_draft_a_card_not_in_the_row_is_refused():
    s = new()
    reveal(s, "yellow-train", "red-car", "green-motorbike", "blue-boat")
    before = fingerprint(s)
    for bad in ("0 pick yellow-car", "0 pick nothing", "0 pick 3", "0 choose yellow-car", "0 pick"):
        with pytest.raises(IllegalAction):
            act(s, bad)
        assert fingerprint(s) == before


# --------------------------------------------------------------------------- hierarchy shift

def _leave(s, vehicle_card):
    """Draft so that ``vehicle_card`` (a card of the row) is the one left."""
    left = c(vehicle_card)
    if left not in s.row:
        s.row[0] = left
    events = []
    while s.phase == PICK:
        p = min(s.to_act())
        take = next(x for x in s.row if x != left)
        events += act(s, f"{p} pick {data().names[take]}")
    return events


def test_hierarchy_shift_the_card_left_moves_its_vehicle_up_one_place():
    """Hierarchy shift: "Le véhicule sur la carte course ou starter qui n'a pas été prise monte d'un
    cran dans la hiérarchie." """
    s = new()
    reveal(s, "yellow-train", "red-car", "green-motorbike", "blue-boat")
    boat = next(x for x in data().starters if data().vehicle[x] == 3)
    events = _leave(s, data().names[boat])
    assert hierarchy(s) == ["train", "car", "boat", "motorbike", "plane"]
    shift = next(e for e in events if e.kind == "shift")
    assert shift.card == data().names[boat] and shift.info == ("train", "car", "boat", "motorbike", "plane")


def test_hierarchy_shift_from_the_top_goes_to_the_bottom():
    """Hierarchy shift: "S'il est déjà en haut, il redescend tout en bas." """
    s = new()
    reveal(s, "yellow-train", "red-car", "green-motorbike", "blue-boat")
    train = next(x for x in data().starters if data().vehicle[x] == 0)
    _leave(s, data().names[train])
    assert hierarchy(s) == ["car", "motorbike", "boat", "plane", "train"]


# --------------------------------------------------------------------------- boosters

def _to_booster(pilots, booster_pilot, seed=1):
    """A game where ``booster_pilot`` (seat 1) plays its plane (slowest place) in turn 1 and
    so picks last; the others play trains... or cars. Returns the state at the booster."""
    s = new(pilots, seed)
    others = ["train", "car", "motorbike", "boat", "car", "car", "car"]
    played = [f"{p}-{others[i]}" for i, p in enumerate(pilots)]
    played[1] = f"{booster_pilot}-plane"
    order = reveal(s, *played)
    assert order[-1] == 1
    finish_draft(s)
    return s


BOOSTER_OF = {p.id: p for p in data().pilots}


def pilots_for(booster):
    """Four pilots, seat 1 holding the pilot whose cards carry ``booster``."""
    owner = next(p.id for p in data().pilots if data().boosters[p.booster].id == booster)
    rest = [p.id for p in data().pilots if p.id != owner][:3]
    return (rest[0], owner, rest[1], rest[2])


def test_booster_last_picker_may_use_it_or_pass():
    """Booster: "La carte course qui était la plus basse est retournée face booster ... et son
    propriétaire en effectue éventuellement l'action." Only the last picker, optionally."""
    pilots = pilots_for("fastest")
    s = _to_booster(pilots, pilots[1])
    assert s.phase == BOOST and s.to_act() == {1}
    obs = s.observation(0)
    assert obs["booster"] == {"booster": "fastest", "seat": 1, "card": f"{pilots[1]}-plane"}
    assert [a.to_text() for a in s.legal_actions(1)] == ["1 boost fastest", "1 pass"]
    before = fingerprint(s)
    for bad in ("0 pass", "1 boost raise train", "1 boost", "1 boost fastest 2"):
        with pytest.raises(IllegalAction):
            act(s, bad)
        assert fingerprint(s) == before
    events = act(s, "1 pass")
    assert [e.kind for e in events] == ["pass", "turn"]
    assert s.phase == CHOOSE and s.pending == -1


def test_booster_none_after_the_fifth_turn():
    """Booster: "No booster after turn 5" (the game ends: "La partie s'arrête à la fin du 5ème
    tour lorsque les joueurs n'ont plus de carte course en main")."""
    s = new()
    for turn in range(1, TURNS + 1):
        assert s.turn == turn
        for p in range(4):
            act(s, f"{p} choose {data().names[s.hands[p][0]]}")
        finish_draft(s)
        if s.phase == BOOST:
            assert turn < TURNS
            act(s, f"{min(s.to_act())} pass")
    assert s.phase == OVER and s.to_act() == frozenset()
    assert all(h == [] for h in s.hands) and all(len(r) == 5 for r in s.routes)
    assert s.outcome() is not None


def test_booster_a_starter_has_no_booster_side():
    """Booster: starters ("fond brun clair") carry no booster: a starter played last (after a
    swap put it in the hand) turns nothing over."""
    s = new()
    starter = data().names[next(x for x in data().starters if data().vehicle[x] == 4)]
    reveal(s, "yellow-train", starter, "green-car", "blue-car")
    finish_draft(s)
    assert s.phase == CHOOSE and s.turn == 2


def test_booster_raise_moves_any_vehicle_to_the_top():
    """Booster raise: "Placez le véhicule de votre choix en haut de la hiérarchie." The others keep
    their order below it."""
    pilots = pilots_for("raise")
    s = _to_booster(pilots, pilots[1])
    before = hierarchy(s)
    offered = [a.args[1] for a in s.legal_actions(1) if a.kind == "boost"]
    assert offered == before[1:]
    act(s, "1 boost raise boat")
    assert hierarchy(s) == ["boat"] + [v for v in before if v != "boat"]


def test_booster_fastest_next_card_beats_its_kind():
    """Booster fastest: "Le prochain véhicule que vous jouerez sera le plus rapide de sa catégorie."
    The slowest car then picks before every other car, and still after a higher vehicle."""
    pilots = pilots_for("fastest")
    s = _to_booster(pilots, pilots[1])
    act(s, "1 boost fastest")
    # The vehicle where this pilot's card is slowest against the others' cards.
    v = max((v for v in VEHICLES if v != "plane"),
            key=lambda v: by_speed(v, pilots).index(f"{pilots[1]}-{v}"))
    assert by_speed(v, pilots)[0] != f"{pilots[1]}-{v}"
    top = next(x for x in hierarchy(s) if x != v)
    above = s.hier.index(VEHICLES.index(top)) < s.hier.index(VEHICLES.index(v))
    cards_ = [f"{pilots[0]}-{v}", f"{pilots[1]}-{v}", f"{pilots[2]}-{v}", f"{pilots[3]}-{top}"]
    order = reveal(s, *cards_)
    same = [q for q in order if q != 3]
    assert same == [1] + sorted((0, 2), key=lambda q: -speed(cards_[q]))
    assert (order[0] == 3) == above
    # Only for that one turn: the effect is gone afterwards.
    finish_draft(s)
    assert s.effect == -1


def test_booster_choose_last_chooses_after_the_others_are_revealed():
    """Booster choose-last: "Vous choisirez votre véhicule lorsque tous les autres joueurs auront
    révélé le leur." """
    pilots = pilots_for("choose-last")
    s = _to_booster(pilots, pilots[1])
    act(s, "1 boost choose-last")
    assert s.to_act() == {0, 2, 3}
    assert s.legal_actions(1) == []
    act(s, f"0 choose {pilots[0]}-car")
    act(s, f"2 choose {pilots[2]}-car")
    assert s.observation(1)["played"] == [None] * 4
    events = act(s, f"3 choose {pilots[3]}-car")
    assert s.to_act() == {1} and s.phase == CHOOSE
    assert dict(next(e for e in events if e.kind == "reveal").info) == {
        0: f"{pilots[0]}-car", 2: f"{pilots[2]}-car", 3: f"{pilots[3]}-car"}
    assert s.observation(1)["played"] == [f"{pilots[0]}-car", None, f"{pilots[2]}-car", f"{pilots[3]}-car"]
    events = act(s, f"1 choose {pilots[1]}-train")
    assert s.phase == PICK
    assert dict(next(e for e in events if e.kind == "reveal").info) == {1: f"{pilots[1]}-train"}


def test_booster_disguise_next_card_becomes_the_top_vehicle_at_speed_zero():
    """Booster disguise: "Le véhicule sur la prochaine carte que vous jouerez sera momentanément
    transformé en celui du sommet de la hiérarchie. Si cette transformation a lieu elle amènera sa
    vitesse à zéro." It then picks after the real top vehicles and before all others."""
    pilots = pilots_for("disguise")
    s = _to_booster(pilots, pilots[1])
    act(s, "1 boost disguise")
    top = hierarchy(s)[0]
    low = hierarchy(s)[-1]
    second = hierarchy(s)[1]
    cards_ = [f"{pilots[0]}-{top}", f"{pilots[1]}-{low}", f"{pilots[2]}-{second}", f"{pilots[3]}-{top}"]
    order = reveal(s, *cards_)
    assert order[2] == 1 and set(order[:2]) == {0, 3} and order[3] == 2


def test_booster_disguise_changes_nothing_on_the_top_vehicle():
    """Booster disguise: "Si cette transformation a lieu": a card already of the top vehicle keeps
    its speed."""
    pilots = pilots_for("disguise")
    s = _to_booster(pilots, pilots[1])
    act(s, "1 boost disguise")
    top = hierarchy(s)[0]
    cards_ = [f"{p}-{top}" for p in pilots]
    order = reveal(s, *cards_)
    assert [cards_[q] for q in order] == by_speed(top, pilots)


def test_booster_speed_first_compares_speed_then_hierarchy():
    """Booster speed-first: "La vitesse est d'abord comparée et la hiérarchie départage les
    ex-æquo" -- for everyone, next turn."""
    pilots = pilots_for("speed-first")
    s = _to_booster(pilots, pilots[1])
    act(s, "1 boost speed-first")
    hand = {p: [x for x in s.hands[q]] for q, p in enumerate(pilots)}
    cards_ = [data().names[hand[p][-1]] for p in pilots]      # any card still in hand
    order = reveal(s, *cards_)
    keys = [(-speed(cards_[q]), s.hier.index(data().vehicle[c(cards_[q])])) for q in order]
    assert keys == sorted(keys)
    assert [speed(cards_[q]) for q in order] == sorted((speed(x) for x in cards_), reverse=True)


def test_booster_swap_exchanges_a_route_card_with_a_hand_card_not_the_train():
    """Booster swap: "Echanger une carte de votre parcours avec une carte qu'il vous reste en main.
    La carte choisie de votre main ne peut pas être le train." """
    pilots = pilots_for("swap")
    s = _to_booster(pilots, pilots[1])
    route = list(s.routes[1])
    hand = list(s.hands[1])
    uses = [a for a in s.legal_actions(1) if a.kind == "boost"]
    assert uses and all(a.args[1] in names(route) for a in uses)
    assert {a.args[2] for a in uses} == {x for x in names(hand) if not x.endswith("-train")}
    with pytest.raises(IllegalAction, match="not a train"):
        act(s, f"1 boost swap {names(route)[0]} {pilots[1]}-train")
    act(s, f"1 boost swap {names(route)[0]} {pilots[1]}-car")
    assert names(s.routes[1]) == [f"{pilots[1]}-car"]
    assert names(route)[0] in names(s.hands[1]) and f"{pilots[1]}-car" not in names(s.hands[1])
    assert len(s.hands[1]) == len(hand)


def test_booster_swap_with_only_a_train_in_hand_is_not_offered():
    """Booster swap: with only the train left in hand there is nothing to swap; no booster turn."""
    pilots = pilots_for("swap")
    s = new(pilots)
    s.hands[1] = [c(f"{pilots[1]}-train"), c(f"{pilots[1]}-plane")]
    s.routes[1] = [s.row[0]]
    reveal(s, f"{pilots[0]}-train", f"{pilots[1]}-plane", f"{pilots[2]}-car", f"{pilots[3]}-car")
    finish_draft(s)
    assert s.phase == CHOOSE and s.turn == 2


def test_booster_upside_down_reads_the_hierarchy_from_the_bottom():
    """Booster upside-down (the project's seventh, in the spirit of the printed ones): next turn
    the hierarchy is read from the bottom up, for everyone; speed still breaks ties."""
    pilots = pilots_for("upside-down")
    s = _to_booster(pilots, pilots[1])
    act(s, "1 boost upside-down")
    h = hierarchy(s)
    cards_ = [f"{pilots[0]}-{h[0]}", f"{pilots[1]}-{h[4]}", f"{pilots[2]}-{h[2]}", f"{pilots[3]}-{h[4]}"]
    order = reveal(s, *cards_)
    assert set(order[:2]) == {1, 3} and order[2:] == [2, 0]
    assert speed(cards_[order[0]]) > speed(cards_[order[1]])


def test_every_booster_of_the_data_is_tested_here():
    tested = {"raise", "fastest", "choose-last", "disguise", "speed-first", "swap", "upside-down"}
    assert {b.id for b in data().boosters if b is not None} == tested


# --------------------------------------------------------------------------- illegal actions

def test_an_illegal_action_is_refused_and_changes_nothing():
    s = new()
    act(s, "1 choose red-car")
    before = fingerprint(s)
    for bad in ["0 choose red-train", "0 choose", "0 pick starter-boat", "1 choose red-boat", "7 choose x",
                "0 choose yellow-train 2", "0 boost raise train", "0 pass"]:
        with pytest.raises(IllegalAction):
            act(s, bad)
        assert fingerprint(s) == before
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "choose", (99,)))
    assert fingerprint(s) == before
