"""Wacky Challenge data: the bundled file loads; mistakes name the file, the card and the field;
another file plays without a change of code."""

import re

import pytest

import cards
from engine.game import GameSetup, play_out
from engine.wacky import GAME
from engine.wacky.data import BOOSTERS, DATA_FILE, VEHICLES, WackyDataError, load

TEXT = cards.read(DATA_FILE)
# The first pilot's first card (yellow's train), whatever its speed and stages today.
FIRST = re.search(r'\{ vehicle = "train", speed = (\d+), stages = (\d+) \}', TEXT).group(0)


class Source:
    """A data source holding one replacement text for the Wacky Challenge file."""

    def __init__(self, text):
        self.text = text

    def read(self, path):
        assert path == DATA_FILE
        return self.text


FIRST_WITH = {
    "<FIRST>": FIRST,
    "<FIRST-OPEN>": FIRST[:-2],
    "<FIRST-SPEED-TEXT>": re.sub(r"speed = \d+", 'speed = "fast"', FIRST),
    "<FIRST-STAGES-NEG>": re.sub(r"stages = \d+", "stages = -1", FIRST),
}


def edited(old, new, count=1):
    for k, v in FIRST_WITH.items():
        old, new = old.replace(k, v), new.replace(k, v)
    assert TEXT.count(old) >= count, old
    return TEXT.replace(old, new, count)


def test_the_bundled_data_is_marked_own_design_and_complete():
    data = GAME.load(cards)
    assert data.own_design is True
    assert len(data.pilots) == 7 and len(data.starters) == 8
    assert {b.id for b in data.boosters} == set(BOOSTERS)
    assert [b.id for b in data.boosters if not b.printed] == ["upside-down"]
    assert {"yellow", "violet"} <= {p.id for p in data.pilots}
    assert sum(1 for p in data.pilots if p.starters_bonus) == 1 and data.pilots[data.pilot_index["violet"]].starters_bonus
    # the printed starters: 2 trains, 2 cars, 1 motorbike, 1 boat, 2 planes
    assert sorted(data.vehicle[c] for c in data.starters) == [0, 0, 1, 1, 2, 3, 4, 4]


def test_the_bundled_data_meets_the_design_proposal():
    """Per vehicle the seven packs have distinct speeds (same-vehicle ties cannot happen), and a
    faster card never carries more stages than a slower one of its vehicle (a half-stage counted
    as 0.5, a half-aerodrome, worth 2 once paired, as 1.5)."""
    data = GAME.load(cards)
    for v in range(len(VEHICLES)):
        pack = sorted((p.cards[v] for p in data.pilots), key=lambda c: -data.speed[c])
        assert len({data.speed[c] for c in pack}) == 7
        worth = [data.stages[c] + (1.5 if v == 4 else 0.5) * data.half[c] for c in pack]
        assert worth == sorted(worth), VEHICLES[v]
    yellow = data.pilots[data.pilot_index["yellow"]].cards
    assert data.speed[yellow[0]] > data.speed[yellow[4]]       # faster by train than by plane


@pytest.mark.parametrize("old, new, message", [
    ("own_design = true", "own_design = 1", "wacky/wacky.toml, field 'own_design': must be true or false"),
    ("own_design = true", "own_design = true\ncolour = 3", "wacky/wacky.toml, field 'colour': unknown field"),
    ('hierarchy = ["train", "car", "motorbike", "boat", "plane"]', 'hierarchy = ["train", "car", "car", "boat", "plane"]',
     "field 'hierarchy': must list the five vehicles"),
    ('<FIRST>', '<FIRST-SPEED-TEXT>',
     "pilot 'yellow', card 1, field 'speed': must be a whole number from 0 to 99, not 'fast'"),
    ('<FIRST>', '<FIRST-STAGES-NEG>',
     "pilot 'yellow', card 1, field 'stages': must be a whole number"),
    ('<FIRST>', '<FIRST-OPEN>, half = true }',
     "pilot 'yellow', card 1, field 'half': a train has no half-stage"),
    ('vehicle = "train"', 'vehicle = "tram"',
     "pilot 'yellow', card 1, field 'vehicle': unknown vehicle 'tram'"),
    ('vehicle = "train"', 'vehicle = "car"',
     "pilot 'yellow', card 2, field 'vehicle': the pack already has a car"),
    ('<FIRST>', '<FIRST-OPEN>, colour = 2 }',
     "pilot 'yellow', card 1, field 'colour': unknown field"),
    ('booster = "raise"', 'booster = "rocket"', "pilot 'yellow', field 'booster': unknown booster 'rocket'"),
    ('id = "upside-down"', 'id = "loop"', "booster 'loop', field 'id': unknown booster 'loop'"),
    ('en = "Move any vehicle to the top of the hierarchy."', 'en = ""',
     "booster 'raise', field 'en': must be a non-empty string"),
    ('id = "red"', 'id = "yellow"', "pilot 'yellow', field 'id': the pilot 'yellow' is defined twice"),
    ('id = "red"', 'id = "Red Baron"', "field 'id': must be a lower-case word"),
    ('id = "starter-train-2"', 'id = "starter-train-1"',
     "card 'starter-train-1', field 'id': the id 'starter-train-1' is already used"),
    ('id = "starter-boat"\nvehicle = "boat"', 'id = "starter-boat"\nvehicle = "motorbike"',
     "card 'starter-boat', field 'half': a motorbike has no half-stage"),
])
def test_a_mistake_names_the_file_the_card_and_the_field(old, new, message):
    with pytest.raises(WackyDataError, match=re.escape(message)):
        load(Source(edited(old, new)))


def test_a_pack_must_have_five_cards():
    text = TEXT.replace("  " + FIRST + ",\n", "", 1)
    assert text != TEXT
    with pytest.raises(WackyDataError, match="pilot 'yellow', field 'cards': a pack is 5 cards"):
        load(Source(text))


def test_seven_pilots_and_eight_starters_are_needed():
    text = TEXT[:TEXT.rindex("[[pilot]]")] + TEXT[TEXT.index("[[starter]]"):]
    with pytest.raises(WackyDataError, match=r"wacky/wacky.toml, field 'pilot': the game needs 7 pilots .* not 6"):
        load(Source(text))
    cut = TEXT.rindex("[[starter]]")
    with pytest.raises(WackyDataError, match=r"field 'starter': the game needs 8 starters .* not 7"):
        load(Source(TEXT[:cut]))


def test_not_toml_at_all():
    with pytest.raises(WackyDataError, match=r"wacky/wacky.toml: not valid TOML"):
        load(Source(TEXT + "\n[[pilot]\n"))


def test_other_data_plays_without_a_change_of_code():
    """Replaceable: swap two pilots' train speeds and give yellow another booster; the game
    takes the file as it is."""
    text = edited('booster = "raise"', 'booster = "upside-down"')
    data = load(Source(text))
    yellow = data.pilots[data.pilot_index["yellow"]]
    assert data.booster[yellow.cards[0]] == BOOSTERS.index("upside-down")
    state = GAME.new(data, GameSetup("wacky", ("a", "b", "c"), 4, {"pilots": ["yellow", "red", "blue"]}))
    play_out(state, {p: GAME.policies["sensible"](data, p, p) for p in range(3)})
    assert state.outcome() is not None
