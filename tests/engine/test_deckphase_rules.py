"""The Deck Phase, rule by rule (shared/spec/challengers.md, "Deck Phase, exactly")."""

import random

import pytest

from engine import IllegalAction
from engine.challengers.deckphase import DeckPhase
from engine.challengers.piles import LevelPiles
from engine.challengers.rules import DraftOption


def piles_of(lib, a=(), b=(), c=()):
    """Level piles holding exactly these ids; the LAST id is the top card."""
    cat = lib.catalogue
    return LevelPiles([cat.card(x) for x in (*a, *b, *c)])


def starter(lib):
    return [lib.catalogue.card(c) for c in lib.box("base").starter]


def names(cards):
    return [c.id for c in cards]


def test_draft_options_by_round_are_the_boxes(lib):
    """The round's options: base 2A, 2A, 2A|1B, 2A|2B, 2B, 2B|1C, 2C (Beach Cup has its own)."""
    got = [[o.describe() for o in r] for r in lib.box("base").draft]
    assert got == [["2 from A"], ["2 from A"], ["2 from A", "1 from B"], ["2 from A", "2 from B"],
                   ["2 from B"], ["2 from B", "1 from C"], ["2 from C"]]


def test_choose_an_option_then_draw_five_from_its_pile(lib):
    """Choose one of the round's options, draw 5 from that level's pile."""
    piles = piles_of(lib, a=["pig", "cat", "pony", "cow", "spider", "parrot", "jester"])
    dp = DeckPhase(0, starter(lib), [DraftOption("A", 2)], piles, random.Random(0))
    dp.apply(("option", 0))
    assert names(dp.drawn) == ["jester", "parrot", "spider", "cow", "pony"]
    assert len(piles.piles["A"]) == 2


def test_keep_as_many_as_the_option_says_and_discard_the_rest(lib):
    """Keep as many as the option says; the rest go to that level's discard."""
    piles = piles_of(lib, b=["horse", "lion", "bat", "shark", "alien"])
    deck = starter(lib)
    dp = DeckPhase(0, deck, [DraftOption("B", 1)], piles, random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))
    assert deck[-1].id == "alien" and len(deck) == 7
    assert dp.stage == "remove"
    assert sorted(names(piles.discards["B"])) == ["bat", "horse", "lion", "shark"]
    with pytest.raises(IllegalAction):
        dp.apply(("pick", 0))


def test_redraw_once_before_the_first_pick(lib):
    """Once per Deck Phase the drawn cards may be discarded and as many new ones drawn."""
    piles = piles_of(lib, a=[f"{x}" for x in ["pig", "cat", "pony", "cow", "spider",
                                               "parrot", "jester", "hermit", "gangster", "clown"]])
    dp = DeckPhase(0, starter(lib), [DraftOption("A", 2)], piles, random.Random(0))
    dp.apply(("option", 0))
    first = names(dp.drawn)
    dp.apply(("redraw",))
    assert names(dp.drawn) == ["spider", "cow", "pony", "cat", "pig"]
    assert sorted(names(piles.discards["A"])) == sorted(first)
    with pytest.raises(IllegalAction):
        dp.apply(("redraw",))                      # once only


def test_redraw_after_the_first_of_two_picks_draws_as_many_as_are_left(lib):
    """With a pick of 2 the redraw may come after the first pick: as many new cards as discarded."""
    piles = piles_of(lib, a=["pig", "cat", "pony", "cow", "spider", "parrot", "jester", "hermit", "gangster"])
    dp = DeckPhase(0, starter(lib), [DraftOption("A", 2)], piles, random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))
    dp.apply(("redraw",))
    assert len(dp.drawn) == 4
    dp.apply(("pick", 0))
    assert dp.stage == "remove"


def test_no_redraw_after_the_last_pick(lib):
    piles = piles_of(lib, b=["horse", "lion", "bat", "shark", "alien", "ufo"])
    dp = DeckPhase(0, starter(lib), [DraftOption("B", 1)], piles, random.Random(0))
    dp.apply(("option", 0))
    dp.apply(("pick", 0))
    before = (names(dp.drawn), dp.stage)
    with pytest.raises(IllegalAction):
        dp.apply(("redraw",))
    assert (names(dp.drawn), dp.stage) == before


def test_an_option_that_pays_fans_pays_them(lib):
    """Beach Cup: "2 from A (+2 fans)" gives its fans."""
    piles = piles_of(lib, a=["pig", "cat", "pony", "cow", "spider"])
    dp = DeckPhase(0, starter(lib), [DraftOption("A", 2, fans=2), DraftOption("B", 1)], piles, random.Random(0))
    dp.apply(("option", 0))
    assert dp.fans == 2


def test_when_picked_effects_resolve_on_the_pick(lib):
    """"When picked" effects resolve in the Deck Phase that drafts the card (Clones: 1 fan)."""
    piles = piles_of(lib, b=["horse", "lion", "bat", "shark", "clones"])
    dp = DeckPhase(0, starter(lib), [DraftOption("B", 2)], piles, random.Random(0))
    dp.apply(("option", 0))
    assert dp.fans == 0
    dp.apply(("pick", 0))
    assert dp.fans == 1


def test_removing_starter_cards_sends_them_to_the_box_others_to_the_discard(lib):
    """Remove any number of cards: starter cards back to the box, others to their level's discard."""
    piles = piles_of(lib)
    deck = starter(lib) + [lib.catalogue.card("pig")]
    dp = DeckPhase(0, deck, [], piles, random.Random(0))
    assert dp.stage == "remove"                     # no draft: removal only (as before the Final)
    dp.apply(("remove", 0))                         # a Newcomer
    dp.apply(("remove", len(deck) - 1))             # the Pig
    assert dp.removed == [(lib.catalogue.card("newcomer"), "box"), (lib.catalogue.card("pig"), "discard")]
    assert names(piles.discards["A"]) == ["pig"]
    dp.apply(("done",))
    assert dp.stage == "done" and len(deck) == 5


def test_a_short_pile_gets_its_discards_shuffled_under_it(lib):
    """When a pile cannot cover a draw, its discards are shuffled and put under it."""
    piles = piles_of(lib, a=["pig", "cat"])
    piles.discards["A"] = [lib.catalogue.card(c) for c in ("pony", "cow", "spider", "jester")]
    dp = DeckPhase(0, starter(lib), [DraftOption("A", 2)], piles, random.Random(3))
    dp.apply(("option", 0))
    assert names(dp.drawn)[:2] == ["cat", "pig"]    # the pile's own cards first: the discards went under
    rest = names(dp.drawn)[2:] + names(piles.piles["A"])
    assert sorted(rest) == ["cow", "jester", "pony", "spider"]   # the four discards, now under the pile
    assert len(dp.drawn) == 5 and piles.discards["A"] == []


@pytest.mark.parametrize("action", [("pick", 0), ("done",), ("remove", 0), ("option", 3), ("option",),
                                    ("redraw",), ("fly",), ("pick", 0, 1)])
def test_an_invalid_deck_action_changes_nothing(lib, action):
    piles = piles_of(lib, a=["pig", "cat", "pony", "cow", "spider"])
    deck = starter(lib)
    dp = DeckPhase(0, deck, [DraftOption("A", 2)], piles, random.Random(0))
    before = (names(deck), dp.stage, piles.sizes())
    with pytest.raises(IllegalAction):
        dp.apply(action)
    assert (names(deck), dp.stage, piles.sizes()) == before
