"""Between Battle: one test per rule of the spec, each from a fixed deck order.

Each docstring names the rule and quotes the sentence of the (French) rulebook
it interprets.  The decks are the rules decks of ``betweenplay`` (fixed,
never tuned): Pirate links 4, 13 / specials 3, 9, 15 / unique 11; Knight
links 5, 12 / specials 2, 8, 14 / unique 10; Cowboy links 3, 14 / specials 6,
10, 16 / unique 7; Ninja links 6, 11 / specials 1, 7, 13 / unique 9.
"""

import json

import pytest

from betweenplay import act, arrange, duel, ids, legal, rules_book, snapshot, top_value
from engine.between import GAME
from engine.errors import IllegalAction
from engine.events import Event
from engine.game import Action, GameSetup


@pytest.fixture(scope="module")
def book():
    return rules_book()


def refused(state, text):
    """The action is refused and nothing changed."""
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        act(state, text)
    assert snapshot(state) == before


# ---------------------------------------------------------------------------- set-up

def test_setup_five_cards_each_from_the_top_and_two_empty_zones(book):
    """Set-up. « Chaque joueur mélange son deck de 17 cartes » / « pioche les 5 premières cartes de son
    deck » / « Le premier joueur est déterminé au hasard »."""
    s = duel(book, ["pirate-7", "pirate-1", "pirate-16", "pirate-2", "pirate-5"], ["knight-3"], first=1)
    assert ids(book, s.hands[0]) == ["pirate-7", "pirate-1", "pirate-16", "pirate-2", "pirate-5"]
    assert ids(book, s.hands[1])[0] == "knight-3"
    assert [len(d) for d in s.decks] == [12, 12]
    assert s.zones == [[], []] and s.to_act() == {1}
    # shuffled and drawn by the seed: the same seed deals the same game, and either seat may begin
    deal = lambda seed: GAME.new(book, GameSetup("between", ("A", "B"), seed, {"characters": "pirate,ninja"}))
    assert deal(5).hands == deal(5).hands and deal(5).first == deal(5).first
    assert {deal(seed).first for seed in range(20)} == {0, 1}
    assert len({tuple(deal(seed).hands[0]) for seed in range(20)}) == 20


def test_setup_two_different_characters_given_or_drawn(book):
    """Set-up. « Chaque joueur choisit un deck de personnage (pirate, chevalier, cow-boy ou ninja) »:
    one deck per character, so two different ones; French names are understood; drawn when not given."""
    s = GAME.new(book, GameSetup("between", ("A", "B"), 3, {"characters": "Chevalier,ninja"}))
    assert s.chars == ("knight", "ninja")
    with pytest.raises(ValueError, match="different characters"):
        GAME.new(book, GameSetup("between", ("A", "B"), 3, {"characters": ["pirate", "pirate"]}))
    with pytest.raises(ValueError, match="unknown character 'wizard'"):
        GAME.new(book, GameSetup("between", ("A", "B"), 3, {"characters": "pirate,wizard"}))
    drawn = {GAME.new(book, GameSetup("between", ("A", "B"), seed)).chars for seed in range(40)}
    assert all(a != b for a, b in drawn) and len({c for pair in drawn for c in pair}) == 4
    with pytest.raises(ValueError, match="duel"):
        GAME.new(book, GameSetup("between", ("A", "B", "C", "D"), 3))


# ---------------------------------------------------------------------------- the between rule

def test_an_empty_zone_must_be_played_on(book):
    """Empty zones. « Si il y a une zone du champ de bataille vide, le joueur est obligé de jouer
    dessus. » At the start both are empty: the first card goes anywhere; the second must go on the
    zone still empty, with any card."""
    s = duel(book, ["pirate-7", "pirate-1", "pirate-16", "pirate-2", "pirate-5"],
             ["knight-3", "knight-4", "knight-6", "knight-9", "knight-16"])
    first = legal(s)
    assert first == {f"0 play pirate-{v} {z}" for v in (7, 1, 16, 2, 5) for z in "ab"}   # no damage: nothing to take
    act(s, "0 play pirate-7 a")
    assert legal(s) == {f"1 play knight-{v} b" for v in (3, 4, 6, 9, 16)} | {"1 damage"}
    refused(s, "1 play knight-3 a")


def test_a_card_must_lie_strictly_between_the_two_tops(book):
    """The between rule. « placer une carte ... avec un chiffre compris ENTRE les deux valeurs indiquées.
    Ex : ... « 4 » et « 10 » le joueur peut donc jouer ... « 5,6,7,8,9 » »."""
    s = duel(book, ["pirate-10", "pirate-1", "pirate-5", "pirate-7", "pirate-16"], ["knight-4"])
    act(s, "0 play pirate-10 a")
    act(s, "1 play knight-4 b")
    assert s.playable() == {"zones": ["a", "b"], "any": False, "between": [4, 10]}
    assert legal(s) == {"0 play pirate-5 a", "0 play pirate-5 b", "0 play pirate-7 a", "0 play pirate-7 b", "0 damage"}
    refused(s, "0 play pirate-1 a")      # out of range
    refused(s, "0 play pirate-16 b")


def test_equal_or_consecutive_tops_let_any_card_be_played(book):
    """Equal or consecutive tops. « Si deux chiffres se suivent ou sont identiques ... alors le joueur
    suivant peut jouer la carte de son choix »: on either zone."""
    s = duel(book, ["pirate-7", "pirate-8", "pirate-1", "pirate-16", "pirate-2"], ["knight-7", "knight-1"])
    act(s, "0 play pirate-7 a")
    act(s, "1 play knight-7 b")                      # 7 and 7: equal
    assert s.playable()["any"]
    assert {f"0 play pirate-{v} {z}" for v in (8, 1, 16, 2) for z in "ab"} <= legal(s)
    act(s, "0 play pirate-8 b")                      # 7 and 8: consecutive
    assert "1 play knight-1 a" in legal(s) and "1 play knight-1 b" in legal(s)


# ---------------------------------------------------------------------------- damage

def test_taking_damage_the_opponent_chooses_the_pile_then_both_draw_and_the_taker_begins(book):
    """Taking damage. « L'adversaire choisit un des deux paquets du champ de bataille, et le donne au
    joueur qui prend des dégâts. Chaque carte ainsi reçue correspond à 1 dégât » / « Les deux joueurs
    piochent ... afin d'en avoir 5 en main » / « Le joueur qui a pris des dégâts commence un nouveau tour »."""
    s = duel(book, ["pirate-7", "pirate-5", "pirate-1", "pirate-16", "pirate-2"], ["knight-3", "knight-1"])
    act(s, "0 play pirate-7 a")
    act(s, "1 play knight-3 b")
    act(s, "0 play pirate-5 a")                      # a: 7, 5   b: 3
    act(s, "1 damage")
    assert s.to_act() == {0} and legal(s) == {"0 give a", "0 give b"}
    refused(s, "1 give a")                           # the taker does not choose
    events = act(s, "0 give a")
    assert ids(book, s.damage[1]) == ["pirate-7", "pirate-5"]
    assert s.zones[0] == [] and Event("hit", 1, None, 2, "a") in events
    assert [len(h) for h in s.hands] == [5, 5]
    assert s.to_act() == {1}
    assert all(a.endswith(" a") for a in legal(s) if "play" in a)   # the emptied zone comes first


def test_damage_with_one_pile_needs_no_choice_and_none_with_no_pile(book):
    """Taking damage: with one pile on the battlefield the opponent's choice has one answer, so it is
    made; « Prendre des dégâts » with both zones empty gives nothing, so it is not allowed."""
    s = duel(book, ["pirate-7"], [])
    refused(s, "0 damage")
    act(s, "0 play pirate-7 a")
    act(s, "1 damage")
    assert ids(book, s.damage[1]) == ["pirate-7"] and s.pending is None and s.to_act() == {1}
    refused(s, "1 damage")


def test_an_empty_hand_draws_up_to_five_at_the_end_of_a_turn(book):
    """End of turn. « Si, à la fin d'un tour, un joueur n'a plus de cartes en main alors, il en pioche
    pour en avoir jusqu'à 5 en main »: the player who played and the opponent alike."""
    s = arrange(book, hands=(["pirate-9"], ["knight-4"]), zones=(["knight-3"], ["knight-11"]))
    act(s, "0 play pirate-9 a")       # the Pirate's special discards the Knight's only card
    assert ids(book, s.discard) == ["knight-4"]
    assert [len(h) for h in s.hands] == [5, 5]
    s = arrange(book, hands=(["pirate-7", "pirate-1"], ["knight-4"]), zones=(["knight-3"], ["knight-11"]))
    act(s, "0 play pirate-7 a")
    assert [len(h) for h in s.hands] == [1, 1]       # a hand that is not empty does not draw


# ---------------------------------------------------------------------------- links

def test_a_link_played_as_a_number_offers_a_link_and_creating_one_discards_the_pile(book):
    """Links. « Être jouée sur le champ de bataille => ... tournée vers l'extérieur » / « Créer un lien
    => ... défausser le paquet du champ de bataille qui a servi de connexion au lien et le remplacer par
    la carte ainsi jouée. Pour créer un lien il ne faut donc PAS respecter la contrainte de jouer entre
    les valeurs »."""
    s = arrange(book, hands=(["pirate-4", "pirate-1"], ["knight-12", "knight-1"]),
                zones=(["knight-3"], ["knight-11"]))
    act(s, "0 play pirate-4 a")                      # its number counts: 3 < 4 < 11
    view = s.observation(1)
    assert view["links"] == [True, False] and view["outward"] == ["pirate-4"] and view["tops"] == [4, 11]
    assert legal(s) == {"1 link knight-12 a", "1 damage"}   # 12 is out of 4..11, yet the link is open
    events = act(s, "1 link knight-12 a")
    assert ids(book, s.discard) == ["knight-3", "pirate-4"]
    assert ids(book, s.zones[0]) == ["knight-12"] and s.links == [0, 0]   # its own link is used up
    assert Event("link", 1, "knight-12", "a", 2) in events
    assert s.damage == [[], []]                      # discarded, not damage


def test_a_link_cannot_be_created_where_no_link_is_offered_nor_while_a_zone_is_empty(book):
    """Links: « en complétant un lien déjà pré-établi »: only onto a pile that offers a link; and an empty
    zone must be played on first, so no link is created then."""
    s = arrange(book, hands=(["pirate-13", "pirate-1"], ["knight-1"]), zones=(["knight-3", "pirate-4"], ["knight-11"]),
                outward=["pirate-4"])
    refused(s, "0 link pirate-13 b")                 # zone b offers none
    refused(s, "0 link pirate-1 a")                  # not a Link card
    assert "0 link pirate-13 a" in legal(s)
    s = arrange(book, hands=(["pirate-13"], ["knight-1"]), zones=(["knight-3", "pirate-4"], []), outward=["pirate-4"])
    refused(s, "0 link pirate-13 a")
    assert legal(s) == {"0 play pirate-13 b", "0 damage"}


# ---------------------------------------------------------------------------- the Joker

def test_the_joker_raises_a_card_of_the_pile_whose_ability_acts_even_an_opponents(book):
    """The Joker. « choisissez une carte du paquet et faites la remonter au dessus de la carte joker,
    appliquez la capacité de la carte remontée comme si vous veniez de la jouer. Si la carte remontée
    appartient à l'adversaire, alors, appliquez la capacité de la carte de l'adversaire » / « (X) =
    Cette carte peut toujours être jouée »."""
    s = arrange(book, hands=(["pirate-1", "pirate-2", "pirate-5"], ["knight-joker", "knight-1"]),
                zones=(["pirate-3", "pirate-7"], ["pirate-12"]), current=1)
    assert "1 play knight-joker a" in legal(s) and "1 play knight-1 a" not in legal(s)   # 7..12: only the Joker
    act(s, "1 play knight-joker a")
    assert s.to_act() == {1} and legal(s) == {"1 raise pirate-3", "1 raise pirate-7"}
    refused(s, "1 raise pirate-12")                  # not in this pile
    events = act(s, "1 raise pirate-3")
    assert ids(book, s.zones[0]) == ["pirate-7", "knight-joker", "pirate-3"] and top_value(s, "a") == 3
    assert Event("ability", 1, "pirate-3", None, "discard-random") in events
    assert len(s.hands[0]) == 2 and len(s.discard) == 1 and book.ids[s.discard[0]].startswith("pirate-")
    assert s.to_act() == {0}


def test_the_joker_on_an_empty_zone_is_a_wild_top_and_raises_alone_when_one_card_fits(book):
    """The Joker on an empty zone (the rulebook is silent; the spec decides): nothing to raise, it is a
    wild top and any card may be played after it. With one numbered card under it, that card rises
    without a question."""
    s = duel(book, ["pirate-joker", "pirate-1", "pirate-16"], ["knight-9", "knight-2"])
    act(s, "0 play pirate-joker a")
    assert s.tops() == ["wild", None]
    act(s, "1 play knight-9 b")
    assert s.playable()["any"]
    assert {"0 play pirate-1 a", "0 play pirate-16 b"} <= legal(s)
    s = arrange(book, hands=(["pirate-joker", "pirate-1"], ["knight-1"]), zones=(["knight-7"], ["knight-12"]))
    events = act(s, "0 play pirate-joker a")
    assert Event("raise", 0, "knight-7", "a") in events and s.to_act() == {1}


# ---------------------------------------------------------------------------- abilities

def test_pirate_special_discards_a_random_card_of_the_opponents_hand(book):
    """Pirate, special. « Défaussez une carte dans la main de l'adversaire aléatoirement » (from the
    state's seeded generator: the same seed discards the same card)."""
    def play(seed):
        s = arrange(book, hands=(["pirate-9", "pirate-1"], ["knight-1", "knight-4", "knight-6"]),
                    zones=(["knight-3"], ["knight-11"]))
        s.rng.seed(seed)
        events = act(s, "0 play pirate-9 a")
        return s, [e for e in events if e.kind == "discard"]
    s, discards = play(1)
    assert len(discards) == 1 and discards[0].player == 1
    assert len(s.hands[1]) == 2 and book.ids[s.discard[0]] == discards[0].card
    assert play(1)[1] == discards
    assert len({play(seed)[1][0].card for seed in range(30)}) == 3


def test_pirate_unique_takes_any_card_of_the_deck_then_shuffles_it(book):
    """Pirate, unique. « Prenez une carte au choix depuis votre deck et ajoutez-la à votre main.
    Mélangez ensuite votre deck. » The choice is offered by card, never in deck order."""
    deck = ["pirate-joker", "pirate-16", "pirate-2"]
    s = arrange(book, hands=(["pirate-11", "pirate-1"], ["knight-1"]), zones=(["knight-3"], ["knight-13"]),
                decks=(deck, ["knight-2"]))
    act(s, "0 play pirate-11 a")
    assert s.to_act() == {0} and s.observation(0)["pending"]["options"] == ["pirate-2", "pirate-16", "pirate-joker"]
    other = arrange(book, hands=(["pirate-11", "pirate-1"], ["knight-1"]), zones=(["knight-3"], ["knight-13"]),
                    decks=(deck[::-1], ["knight-2"]))
    act(other, "0 play pirate-11 a")
    assert legal(other) == legal(s)                  # the deck's order does not show
    rng_before = s.rng.getstate()
    events = act(s, "0 take pirate-joker")
    assert ids(book, s.hands[0]) == ["pirate-1", "pirate-joker"] and sorted(ids(book, s.decks[0])) == ["pirate-16", "pirate-2"]
    assert s.rng.getstate() != rng_before and Event("shuffle", 0) in events


def test_cowboy_special_draws_a_card(book):
    """Cowboy, special. « Piochez une carte de votre deck »."""
    s = arrange(book, hands=(["cowboy-6", "cowboy-1"], ["ninja-2"]), zones=(["ninja-3"], ["ninja-10"]),
                decks=(["cowboy-16", "cowboy-2"], ["ninja-4"]), chars=("cowboy", "ninja"))
    act(s, "0 play cowboy-6 a")
    assert ids(book, s.hands[0]) == ["cowboy-1", "cowboy-16"] and ids(book, s.decks[0]) == ["cowboy-2"]


def test_cowboy_unique_pulls_the_other_zones_top_card_keeping_its_link(book):
    """Cowboy, unique. « Prenez la carte du dessus de l'autre paquet et placez-la par dessus celle-ci.
    Gardez son sens d'orientation. »: a Link card turned outward still offers its link."""
    s = arrange(book, hands=(["cowboy-7", "cowboy-1"], ["ninja-2"]), zones=(["ninja-3"], ["ninja-10", "ninja-11"]),
                outward=["ninja-11"], chars=("cowboy", "ninja"))
    events = act(s, "0 play cowboy-7 a")
    assert ids(book, s.zones[0]) == ["ninja-3", "cowboy-7", "ninja-11"] and ids(book, s.zones[1]) == ["ninja-10"]
    assert s.links == [1, 0] and s.tops() == [11, 10]
    assert Event("move", 0, "ninja-11", "a", "b") in events


def test_knight_special_binds_the_opponent_to_this_pile_for_one_turn_without_links(book):
    """Knight, special. « Votre adversaire, lors de son prochain tour, doit jouer sur ce paquet (ou
    prendre des dégâts), il n'est donc pas possible de « créer un lien » ». One turn only."""
    s = arrange(book, hands=(["pirate-10", "pirate-13", "pirate-1"], ["knight-8", "knight-11", "knight-1"]),
                zones=(["pirate-2"], ["pirate-4", "pirate-12"]), outward=["pirate-4"], current=1)
    act(s, "1 play knight-8 a")                      # tops 8 and 12; zone b offers a link
    assert s.observation(0)["bound"] == {"zone": "a", "silenced": False}
    assert legal(s) == {"0 play pirate-10 a", "0 damage"}
    refused(s, "0 play pirate-10 b")
    refused(s, "0 link pirate-13 b")
    act(s, "0 play pirate-10 a")
    act(s, "1 play knight-11 a")                     # 11 and 12: any card, and the bind is over
    assert s.observation(0)["bound"]["zone"] is None
    assert {"0 link pirate-13 b", "0 play pirate-1 b"} <= legal(s)


def test_knight_unique_takes_the_ability_from_the_opponents_next_card_but_not_links(book):
    """Knight, unique. « Votre adversaire, lors de son prochain tour, n'applique pas la capacité de sa
    carte jouée. Créer ou jouer une carte « lien » n'est PAS une capacité. »"""
    s = arrange(book, hands=(["pirate-9", "pirate-13"], ["knight-10", "knight-1", "knight-2"]),
                zones=(["pirate-2", "pirate-4"], ["pirate-12"]), outward=["pirate-4"], current=1)
    act(s, "1 play knight-10 b")                     # tops 4 and 10
    assert s.observation(0)["bound"] == {"zone": None, "silenced": True}
    assert "0 link pirate-13 a" in legal(s)          # a link is still allowed
    events = act(s, "0 play pirate-9 a")
    assert Event("silenced", 0, "pirate-9") in events and s.discard == [] and len(s.hands[1]) == 2


def test_ninja_special_plays_another_turn_at_once(book):
    """Ninja, special. « Vous jouez immédiatement un nouveau tour » (either option: play or take damage)."""
    s = arrange(book, hands=(["ninja-7", "ninja-8"], ["pirate-1"]), zones=(["pirate-3"], ["pirate-12"]),
                chars=("ninja", "pirate"))
    turn = s.turn
    events = act(s, "0 play ninja-7 a")
    assert s.to_act() == {0} and s.turn == turn + 1 and Event("ability", 0, "ninja-7", None, "extra-turn") in events
    assert legal(s) == {"0 play ninja-8 a", "0 play ninja-8 b", "0 damage"}
    assert act(s, "0 damage")[0] == Event("turn", 0, None, turn + 1)   # the new turn, said as it is played


def test_ninja_unique_reveals_the_opponents_hand_until_played(book):
    """Ninja, unique. « Votre adversaire révèle sa main actuelle et la place face visible devant lui »:
    those cards stay face up (in both players' views) until played; later draws stay hidden."""
    s = arrange(book, hands=(["ninja-9", "ninja-2"], ["pirate-5", "pirate-16"]), zones=(["pirate-3"], ["pirate-12"]),
                chars=("ninja", "pirate"))
    assert s.observation(0)["revealed"] == [[], []]
    act(s, "0 play ninja-9 b")                      # tops 3 and 9
    view = s.observation(0)
    assert view["revealed"][1] == ["pirate-16", "pirate-5"] and view["hands"][1] is None
    act(s, "1 play pirate-5 b")                      # between 3 and 9: 5 fits
    assert s.observation(0)["revealed"][1] == ["pirate-16"]
    assert s.observation(1)["revealed"][1] == ["pirate-16"]


# ---------------------------------------------------------------------------- the end

def test_a_player_whose_damage_reaches_their_hit_points_loses_at_once(book):
    """Hit points. « La fin de partie se déclenche lorsqu'un joueur subit des dégâts et que ses points
    de vie arrivent à zéro. Le joueur encore en vie est le vainqueur »."""
    nine = [f"pirate-{v}" for v in (1, 2, 5, 6, 7, 8, 10, 12, 14)]
    s = arrange(book, hands=(["pirate-16"], ["knight-1"]), zones=(["knight-3"], []), damage=(nine, []))
    events = act(s, "0 damage")
    o = s.outcome()
    assert o.winners == (1,) and o.reason == "hit-points" and o.scores == (0, 10)
    assert events[-1] == ("win", 1, None, None, "hit-points")
    assert s.to_act() == frozenset() and s.legal_actions(0) == s.legal_actions(1) == []
    refused(s, "0 play pirate-16 a")


@pytest.mark.parametrize("damage0, damage1, hand1, deck1, winner, reason", [
    (0, 3, ["knight-1", "knight-2", "knight-4"], ["knight-6", "knight-7", "knight-9", "knight-11"], 0, "coup-fatal"),
    (5, 0, ["knight-1", "knight-2"], [], 1, "coup-fatal-hit-points"),
    (2, 0, ["knight-1", "knight-2"], [], 0, "coup-fatal-tie"),
])
def test_coup_fatal(book, damage0, damage1, hand1, deck1, winner, reason):
    """Coup fatal. « Si un joueur joue sa dernière carte, alors son adversaire prend immédiatement en dégât
    toutes les cartes qu'il lui restent (en main et dans son deck). ... si aucun joueur n'est mort, alors
    c'est le joueur avec le plus de points de vie restant qui est déclaré gagnant. En cas d'égalité c'est
    le joueur ayant mis fin à la partie qui gagne. »"""
    dmg0 = [f"pirate-{v}" for v in (1, 2, 5, 6, 8)][:damage0]
    dmg1 = ["pirate-10", "pirate-12", "pirate-14"][:damage1]
    s = arrange(book, hands=(["pirate-7"], hand1), zones=(["knight-3"], ["knight-13"]),
                decks=([], deck1), damage=(dmg0, dmg1))
    events = act(s, "0 play pirate-7 a")
    assert Event("coup-fatal", 0, None, len(hand1) + len(deck1)) in events
    assert len(s.damage[1]) == damage1 + len(hand1) + len(deck1) and s.hands[1] == s.decks[1] == []
    o = s.outcome()
    assert o.winners == (winner,) and o.reason == reason


def test_a_player_left_with_no_card_and_no_pile_loses(book):
    """No cards (the rulebook is silent): a player whose hand and deck are empty can only take damage;
    once both zones are empty too, they can do nothing and lose (« no-cards »)."""
    s = arrange(book, hands=([], ["knight-1"]), zones=(["knight-3"], []), decks=([], ["knight-2"]))
    assert legal(s) == {"0 damage"}
    act(s, "0 damage")
    assert s.outcome().winners == (1,) and s.outcome().reason == "no-cards"


# ---------------------------------------------------------------------------- refused, hidden

def test_illegal_actions_are_refused_and_change_nothing(book):
    """A card out of range, a second turn, a Link where no link is offered, a hidden card asked for."""
    s = arrange(book, hands=(["pirate-7", "pirate-13", "pirate-1"], ["knight-5", "knight-1"]),
                zones=(["knight-3"], ["knight-11"]))
    refused(s, "0 play pirate-1 a")                  # out of range
    refused(s, "1 play knight-5 a")                  # not their turn
    refused(s, "0 link pirate-13 a")                 # no link offered
    refused(s, "0 play knight-5 a")                  # the opponent's hidden card
    refused(s, "0 play pirate-2 a")                  # a card of the own deck, not in hand
    refused(s, "0 play pirate-7 c")                  # no such zone
    refused(s, "0 give a")                           # nothing to give
    act(s, "0 play pirate-7 a")
    refused(s, "0 play pirate-13 a")                 # a second turn


def test_the_observation_hides_the_opponents_hand_and_every_decks_order(book):
    """Hidden information: « face cachée »: each hand of 5 is its owner's; decks are face down."""
    s = duel(book, ["pirate-7", "pirate-1", "pirate-16", "pirate-2", "pirate-5"], ["knight-3"])
    view = json.dumps(s.observation(1))
    hidden = ids(book, s.hands[0]) + ids(book, s.decks[0])
    assert not [i for i in hidden if f'"{i}"' in view]
    assert s.observation(1)["hand_sizes"] == [5, 5] and s.observation(1)["deck_sizes"] == [12, 12]
    assert s.observation(0)["hand"] == ["pirate-7", "pirate-1", "pirate-16", "pirate-2", "pirate-5"]
    assert s.observation(None)["hand"] is None


def test_a_refused_action_from_text_that_is_not_an_action(book):
    s = duel(book)
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "play", ("pirate-7",)))
    with pytest.raises(IllegalAction):
        s.apply(Action(0, "shuffle"))


def test_a_joker_played_under_the_knights_unique_raises_a_card_without_its_ability(book):
    """Knight, unique, and the Joker. « n'applique pas la capacité de sa carte jouée »: the Joker still
    raises a card (that is how it is played), but the raised card's ability does not act."""
    s = arrange(book, hands=(["pirate-joker", "pirate-1"], ["knight-10", "knight-1", "knight-2"]),
                zones=(["knight-2", "knight-3"], ["pirate-12"]), current=1)
    act(s, "1 play knight-10 b")                     # the Knight's unique; tops 3 and 10
    act(s, "0 play pirate-joker a")
    events = act(s, "0 raise knight-2")              # the Knight's special card, raised
    assert ids(book, s.zones[0])[-1] == "knight-2"
    assert Event("silenced", 0, "knight-2") in events and s.next_bind == [None, None]


def test_an_extra_turn_during_a_bound_turn_is_free(book):
    """Knight, special, « lors de son prochain tour » and Ninja, special, « un nouveau tour »: the bind
    holds for the one turn; the extra turn the Ninja plays next is not bound."""
    s = arrange(book, hands=(["ninja-7", "ninja-5", "ninja-16"], ["knight-8", "knight-1"]),
                zones=(["ninja-3"], ["ninja-12"]), current=1, chars=("ninja", "knight"))
    act(s, "1 play knight-8 b")                      # tops 3 and 8; the Ninja is bound to zone b
    assert legal(s) == {"0 play ninja-7 b", "0 play ninja-5 b", "0 damage"}
    act(s, "0 play ninja-7 b")                       # the special: another turn at once; tops 3 and 7
    assert s.to_act() == {0} and s.bind_zone is None
    assert legal(s) == {"0 play ninja-5 a", "0 play ninja-5 b", "0 damage"}


def test_a_choice_with_one_answer_is_made_and_the_turn_passes_once(book):
    """Pirate, unique, with one card left in the deck: « Prenez une carte au choix »: the only card is
    taken without a question, and the turn passes to the opponent exactly once."""
    s = arrange(book, hands=(["pirate-11", "pirate-1"], ["knight-1"]), zones=(["knight-3"], ["knight-13"]),
                decks=(["pirate-16"], ["knight-2"]))
    turn = s.turn
    events = act(s, "0 play pirate-11 a")
    assert ids(book, s.hands[0]) == ["pirate-1", "pirate-16"] and s.decks[0] == []
    assert s.to_act() == {1} and s.turn == turn + 1
    # and through a Joker: the Knight raises the Pirate's unique, one card in the Knight's deck
    s = arrange(book, hands=(["pirate-1"], ["knight-joker", "knight-1"]), zones=(["pirate-11"], ["pirate-13"]),
                decks=(["pirate-2"], ["knight-16"]), current=1)
    turn = s.turn
    events = act(s, "1 play knight-joker a")
    assert ids(book, s.hands[1]) == ["knight-1", "knight-16"] and s.to_act() == {0} and s.turn == turn + 1


def test_every_turn_is_said_as_it_is_played_the_first_included(book):
    s = duel(book, ["pirate-7"], ["knight-3"])
    assert act(s, "0 play pirate-7 a")[0] == Event("turn", 0, None, 1)
    events = act(s, "1 damage")
    assert events[0] == Event("turn", 1, None, 2) and [e.kind for e in events].count("turn") == 1
    assert act(s, "1 play knight-3 a")[0] == Event("turn", 1, None, 3)


def test_a_determinized_state_keeps_what_the_player_sees_and_redraws_the_rest(book):
    """For the search bot: from seat 0's view after the Ninja's reveal, every rebuilt state shows seat 0
    the same, keeps the revealed cards in the opponent's hand and draws the hidden ones from the unseen."""
    import random as _random
    from engine.between.state import determinize
    s = arrange(book, hands=(["ninja-9", "ninja-2"], ["pirate-5", "pirate-16"]), zones=(["pirate-3"], ["pirate-12"]),
                chars=("ninja", "pirate"))
    act(s, "0 play ninja-9 b")
    act(s, "1 play pirate-5 a")                      # 3..9: fits; pirate-16 stays revealed
    view = s.observation(0)
    hands = set()
    for seed in range(20):
        guess = determinize(book, view, 0, _random.Random(seed))
        assert guess.observation(0) == view and legal(guess, 0) == legal(s, 0)
        assert "pirate-16" in ids(book, guess.hands[1]) and len(guess.hands[1]) == len(s.hands[1])
        seen = set(view["discard"]) | {c for z in view["zones"] for c in z}
        assert not set(ids(book, guess.hands[1] + guess.decks[1])) & seen
    fresh = duel(book, ["pirate-7"], ["knight-3"])
    for seed in range(20):
        guess = determinize(book, fresh.observation(0), 0, _random.Random(seed))
        assert guess.observation(0) == fresh.observation(0) and guess.hands[0] == fresh.hands[0]
        assert all(book.cards[c].character == "knight" for c in guess.hands[1] + guess.decks[1])
        hands.add(tuple(sorted(guess.hands[1])))
    assert len(hands) > 5                            # the hidden hand is drawn, not copied
