"""Outer Space cards: Match Phase cards from fixed deck orders, "when picked" cards
through a Deck Phase over level piles in a known order."""

from cardplay import bench_ids, deck_ids, ids


import random

from engine.challengers.deckphase import DeckPhase
from engine.challengers.piles import LevelPiles
from engine.challengers.rules import DraftOption


def pile(card, ids_top_last):
    """LevelPiles holding these cards in this order (the end of each level is the top)."""
    return LevelPiles([card(i) for i in ids_top_last])


def deck_phase(card, deck, pile_ids, level="A", pick=2):
    dp = DeckPhase(0, [card(c) for c in deck], [DraftOption(level, pick)], pile(card, pile_ids), random.Random(0))
    dp.apply(("option", 0))
    return dp


# ---------------------------------------------------------------- Match Phase

def test_space_cards_without_effect_cow_alien_slime(match):
    """Cow 3, Alien 5, Slime 7: base power only."""
    m = match(["cow", "slime"], ["alien", "cow", "newcomer"], first=0)
    m.reveal(0)
    assert m.defense_total() == 3
    m.reveal(1)
    assert m.holder == 1 and m.defense_total() == 5
    m.reveal(0)
    assert m.holder == 0 and m.defense_total() == 7
    m.reveal(1)
    m.reveal(1)
    assert m.attack_total() == 4 and m.winner == 0


def test_ai_from_the_bench_base_power_two_cards_plus_one(match):
    """A.I. (from the bench): base-power-2 cards +1, attacking and holding; others nothing."""
    m = match(["dog", "newcomer"], ["talent", "newcomer"], first=0, bench_b=["ai"])
    m.reveal(0)
    m.reveal(1)                        # Talent 2 + 1 = 3 >= 3
    assert m.holder == 1 and m.defense_total() == 3
    m = match(["dog", "newcomer"], ["newcomer", "newcomer", "newcomer"], first=0, bench_b=["ai"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 1


def test_ai_copies_stack(match):
    """Two A.I.s: a Talent holds the flag at 2 + 2."""
    m = match(["talent", "newcomer"], ["newcomer"], first=0, bench_a=["ai", "ai"])
    m.reveal(0)
    assert m.defense_total() == 4


def test_rescue_pod_flag_loss_removes_itself_and_exhausts_the_top_level_b_card(match, card):
    """Rescue Pod (flag loss): it leaves the deck; the top Level-B pile card goes on its owner's exhaust pile."""
    piles = pile(card, ["cow", "alien", "lion"])               # B top: lion
    m = match(["rescue-pod", "newcomer"], ["talent", "newcomer"], first=0, piles=piles)
    m.reveal(0)
    m.reveal(1)                        # Talent 2 >= 1
    assert m.holder == 1
    pod = next(i for i, t in enumerate(m.types) if t.id == "rescue-pod")
    assert (pod, "discard") in m.removed
    assert m.sides[0].bench == []                      # not benched
    assert ids(m, m.sides[0].exhaust) == ["lion"]
    lion = m.sides[0].exhaust[0]
    assert m.owner[lion] == 0
    assert [c.id for c in piles.piles["B"]] == ["alien"]
    assert card("rescue-pod") not in m.collected(0)              # it is out of its owner's deck


def test_rescue_pod_attacking_without_the_flag_does_nothing(match, card):
    """Rescue Pod that never held the flag: no flag loss, no effect."""
    piles = pile(card, ["lion"])
    m = match(["dog", "newcomer"], ["rescue-pod", "newcomer", "newcomer"], first=0, piles=piles)
    m.reveal(0)
    m.reveal(1)
    assert m.removed == [] and m.sides[1].exhaust == [] and len(piles.piles["B"]) == 1


def test_band_from_the_bench_space_cards_plus_one(match):
    """Band (from the bench): Space cards +1, attacking and holding; others nothing."""
    m = match(["champion", "newcomer"], ["cow", "newcomer"], first=0, bench_b=["band"])
    m.reveal(0)
    m.reveal(1)                        # Cow 3 + 1 = 4 >= 4
    assert m.holder == 1 and m.defense_total() == 4
    m = match(["champion", "newcomer"], ["dog", "newcomer", "newcomer"], first=0, bench_b=["band", "band"])
    m.reveal(0)
    m.reveal(1)
    assert m.attack_total() == 3


def test_band_copies_stack(match):
    """Two Bands: an Alien holds the flag at 5 + 2."""
    m = match(["alien", "newcomer"], ["newcomer"], first=0, bench_a=["band", "band"])
    m.reveal(0)
    assert m.defense_total() == 7


def test_ufo_puts_the_top_two_level_a_cards_under_the_deck(match, card):
    """UFO: the top two Level-A pile cards go under its owner's deck."""
    piles = pile(card, ["hermit", "pig", "cow", "alien"])       # A top: cow, then pig
    m = match(["horse", "newcomer"], ["ufo", "newcomer"], first=0, piles=piles)
    m.reveal(0)
    m.reveal(1)
    assert deck_ids(m, 1)[0] == "newcomer"
    assert sorted(deck_ids(m, 1)[1:]) == ["cow", "pig"]
    assert all(m.owner[c] == 1 for c in m.sides[1].deck)
    assert [c.id for c in piles.piles["A"]] == ["hermit"]
    assert [c.id for c in piles.piles["B"]] == ["alien"]
    m.reveal(1)                        # the Newcomer: 3 + 1 = 4 < 5, the attack goes on
    assert m.expect == ("reveal", 1)


def test_hologram_opponent_gets_the_top_level_b_card_on_top_of_their_deck(match, card):
    """Hologram: the opponent puts the top Level-B pile card on top of their deck."""
    piles = pile(card, ["cow", "bat", "lion"])                 # B top: lion
    m = match(["talent", "newcomer"], ["hologram", "newcomer"], first=0, piles=piles)
    m.reveal(0)
    m.reveal(1)                        # Hologram 4 >= 2
    assert m.holder == 1
    assert deck_ids(m, 0) == ["lion", "newcomer"]
    assert m.owner[m.sides[0].deck[-1]] == 0
    assert deck_ids(m, 1) == ["newcomer"]
    assert [c.id for c in piles.piles["B"]] == ["bat"]
    m.reveal(0)                        # the Lion comes straight back at it: 5 >= 4
    assert m.holder == 0


# ---------------------------------------------------------------- Deck Phase (when picked)

def test_clones_when_picked_take_one_fan(card):
    """Clones (when picked): 1 fan, once, in the Deck Phase that picks it."""
    dp = deck_phase(card, ["newcomer"], ["bat", "band", "clones", "clones", "alien"], level="B", pick=2)
    assert [c.id for c in dp.drawn] == ["alien", "clones", "clones", "band", "bat"]
    dp.apply(("pick", 1))
    assert dp.fans == 1
    dp.apply(("pick", 1))                           # the second Clones
    assert dp.fans == 2
    assert [c.id for c in dp.deck] == ["newcomer", "clones", "clones"]


def test_clones_not_picked_no_fan(card):
    """Clones drawn but not picked: no fan."""
    dp = deck_phase(card, ["newcomer"], ["bat", "band", "clones", "alien", "ufo"], level="B", pick=2)
    dp.apply(("pick", [c.id for c in dp.drawn].index("alien")))
    dp.apply(("pick", [c.id for c in dp.drawn].index("bat")))
    assert dp.fans == 0 and dp.stage == "remove"


def test_shapeshifter_may_remove_a_deck_card_to_pick_one_more(card):
    """Shapeshifter (when picked): remove one deck card (not itself) to pick an extra card."""
    dp = deck_phase(card, ["newcomer", "dog"], ["pig", "cow", "hermit", "jester", "shapeshifter"])
    assert [c.id for c in dp.drawn] == ["shapeshifter", "jester", "hermit", "cow", "pig"]
    dp.apply(("pick", 0))
    assert dp.stage == "choose" and dp.pending.kind == "extra-pick"
    offered = sorted(tuple(dp.deck[i].id for i in o) for o in dp.pending.options)
    assert offered == [(), ("dog",), ("newcomer",)]            # the Shapeshifter itself is not offered
    dp.apply(("choose", [tuple(dp.deck[i].id for i in o) for o in dp.pending.options].index(("newcomer",))))
    assert dp.removed == [(card("newcomer"), "box")]             # a starter card goes back to the box
    assert dp.picks_left == 2                                    # one left of two, plus the extra one
    dp.apply(("pick", 0))
    dp.apply(("pick", 0))
    assert [c.id for c in dp.deck] == ["dog", "shapeshifter", "jester", "hermit"]
    assert dp.stage == "remove"


def test_shapeshifter_declined_keeps_the_normal_pick_count(card):
    """Shapeshifter: declining removes nothing and adds no pick."""
    dp = deck_phase(card, ["newcomer", "dog"], ["pig", "cow", "hermit", "jester", "shapeshifter"])
    dp.apply(("pick", 0))
    dp.apply(("choose", [len(o) for o in dp.pending.options].index(0)))
    assert dp.removed == [] and dp.picks_left == 1
    dp.apply(("pick", 0))
    assert dp.stage == "remove" and len(dp.deck) == 4


def test_shapeshifter_as_the_last_pick_still_gets_its_extra_pick(card):
    """Shapeshifter picked second: paying still gives one more pick from the drawn cards; a removed
    Level-A card goes to its discard."""
    dp = deck_phase(card, ["newcomer", "pig"], ["cow", "hermit", "shapeshifter", "jester", "pony"])
    dp.apply(("pick", 0))                                         # pony
    dp.apply(("pick", [c.id for c in dp.drawn].index("shapeshifter")))
    opts = [tuple(dp.deck[i].id for i in o) for o in dp.pending.options]
    dp.apply(("choose", opts.index(("pig",))))
    assert dp.stage == "pick" and dp.picks_left == 1
    assert [c.id for c in dp.piles.discards["A"]] == ["pig"]
    dp.apply(("pick", 0))
    assert dp.stage == "remove" and len(dp.deck) == 4


def test_shapeshifter_may_remove_an_earlier_shapeshifter_copy(card):
    """Shapeshifter: "a card from your deck" includes another Shapeshifter already in it
    (only the card being picked is excluded)."""
    dp = deck_phase(card, ["newcomer", "shapeshifter"], ["pig", "cow", "hermit", "jester", "shapeshifter"])
    dp.apply(("pick", 0))
    offered = sorted(tuple(dp.deck[i].id for i in o) for o in dp.pending.options)
    assert offered == [(), ("newcomer",), ("shapeshifter",)]
    dp.apply(("choose", [tuple(dp.deck[i].id for i in o) for o in dp.pending.options].index(("shapeshifter",))))
    assert [c.id for c in dp.deck] == ["newcomer", "shapeshifter"]
    assert dp.picks_left == 2


def test_sci_fi_geek_may_remove_two_space_cards_to_pick_one_more(card):
    """Sci-Fi Geek (when picked): remove two Space cards (not itself) for an extra pick."""
    dp = deck_phase(card, ["newcomer", "cow", "alien", "pig"], ["slime", "dragon", "bard", "t-rex", "sci-fi-geek"],
                    level="C", pick=1)
    assert dp.drawn[0].id == "sci-fi-geek"
    dp.apply(("pick", 0))
    assert dp.stage == "choose" and dp.pending.kind == "extra-pick"
    offered = sorted(tuple(sorted(dp.deck[i].id for i in o)) for o in dp.pending.options)
    assert offered == [(), ("alien", "cow")]
    dp.apply(("choose", [len(o) for o in dp.pending.options].index(2)))
    assert sorted(c.id for c, _ in dp.removed) == ["alien", "cow"]
    assert all(w == "discard" for _, w in dp.removed)
    assert dp.stage == "pick" and dp.picks_left == 1
    dp.apply(("pick", [c.id for c in dp.drawn].index("slime")))
    assert [c.id for c in dp.deck] == ["newcomer", "pig", "sci-fi-geek", "slime"]
    assert dp.stage == "remove"


def test_sci_fi_geek_with_fewer_than_two_other_space_cards_asks_nothing(card):
    """Sci-Fi Geek: only one other Space card in the deck -> no extra pick possible."""
    dp = deck_phase(card, ["newcomer", "cow"], ["slime", "dragon", "bard", "t-rex", "sci-fi-geek"],
                    level="C", pick=1)
    dp.apply(("pick", 0))
    assert dp.pending is None and dp.stage == "remove"
    assert [c.id for c in dp.deck] == ["newcomer", "cow", "sci-fi-geek"]


def test_sci_fi_geek_may_remove_an_earlier_sci_fi_geek_copy(card):
    """Sci-Fi Geek: another Sci-Fi Geek already in the deck is a Space card that may be removed."""
    dp = deck_phase(card, ["sci-fi-geek", "cow"], ["slime", "dragon", "bard", "t-rex", "sci-fi-geek"],
                    level="C", pick=1)
    dp.apply(("pick", 0))
    assert dp.stage == "choose"
    offered = sorted(tuple(sorted(dp.deck[i].id for i in o)) for o in dp.pending.options)
    assert offered == [(), ("cow", "sci-fi-geek")]


def test_ai_and_band_played_then_benched_give_their_bonus(match):
    """A.I. and Band revealed, beaten, benched: their bonus reaches the next cards."""
    m = match(["ai", "talent", "newcomer"], ["dog", "dragon"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Dog 3 >= 2
    m.reveal(0)                       # Talent 2 + 1 = 3 >= 3
    assert m.holder == 0 and m.defense_total() == 3
    m = match(["band", "cow", "newcomer"], ["champion", "dragon"], first=0)
    m.reveal(0)
    m.reveal(1)                       # Champion 4 >= 3
    m.reveal(0)                       # Cow 3 + 1 = 4 >= 4
    assert m.holder == 0 and m.defense_total() == 4
