"""The guided first match (a lesson): one match, the lesson's decks, no Deck Phase, the same
match for everyone; its data file is checked on the way in."""

import pytest

import cards
from engine.challengers.cards import CardFileError
from engine.challengers.library import load
from engine.game import GameSetup, play_out, replay
from engine.registry import get

GAME = get("challengers")


@pytest.fixture(scope="module")
def lib():
    return GAME.load(cards)


def _lesson(lib, seed=None):
    lesson = lib.lesson("first-match")
    return GAME.new(lib, GameSetup("challengers", ("Ann",), lesson.seed if seed is None else seed,
                                   {"lesson": "first-match"}))


def test_the_lesson_is_one_match_with_its_decks_and_no_deck_phase(lib):
    st = _lesson(lib)
    t = st.tournament
    lesson = lib.lesson("first-match")
    assert t.phase == "match" and t.deck_phases == {}
    m = t.matches[1]
    decks = {m.players[s]: sorted(m.types[i].id for i in m.sides[s].deck) for s in (0, 1)}
    assert decks == {0: sorted(lesson.player), 1: sorted(lesson.opponent)}
    assert st.observation(0)["deck_phases"] == [None, None]
    assert st.to_act() == frozenset({0})                     # the player tosses the flag
    policies = {0: GAME.policies["greedy"](lib, 0, 1), 1: GAME.policies["robot"](lib, 1, 1)}
    actions = play_out(st, policies)
    out = st.outcome()
    assert out is not None and out.reason == "lesson"
    assert [r[0] for r in t.results] == [1]                   # one match, then it is over
    kinds = [e.kind for e in t.log]
    # What the lesson's seed was chosen to show: the flag changing hands, an effect, fans, a bench full.
    assert kinds.count("flag-lost") >= 5 and "bonus" in kinds and "fans" in kinds
    assert t.results[0][2] == 0 and t.results[0][4] == "bench-full"     # the new player wins
    again, _ = replay(GAME, lib, st.setup, actions)
    assert again.tournament.snapshot() == t.snapshot()


def test_a_lesson_is_for_one_player_and_a_known_id(lib):
    with pytest.raises(ValueError, match="lesson"):
        GAME.new(lib, GameSetup("challengers", ("Ann", "Bob"), 1, {"lesson": "first-match"}))
    with pytest.raises(ValueError, match="option 'lesson'"):
        GAME.new(lib, GameSetup("challengers", ("Ann",), 1, {"lesson": "nope"}))


class _Source:
    """The bundled data with one lessons file replaced."""

    def __init__(self, text):
        self.text = text

    def read(self, path):
        return cards.read(path)

    def files(self, folder, pattern="*.toml"):
        if folder == "lessons":
            return [("lessons/first-match.toml", self.text)]
        return cards.files(folder, pattern)


GOOD = cards.read("lessons/first-match.toml")


@pytest.mark.parametrize("change, words", [
    (("\"jester\"", "\"jestr\""), ["lessons/first-match.toml", "player.cards", "card 7", "jestr"]),
    (("\"beta\"", "3"), ["lessons/first-match.toml", "opponent.cards", "card 2", "3"]),
    (("seed = 57", "seed = \"x\""), ["lessons/first-match.toml", "'seed'"]),
    (("box = \"base\"", "box = \"moon\""), ["lessons/first-match.toml", "'box'", "moon"]),
    (("[opponent]", "[robot]"), ["lessons/first-match.toml", "'opponent'"]),
])
def test_a_malformed_lesson_names_the_file_the_card_and_the_field(change, words):
    old, new = change
    assert old in GOOD
    with pytest.raises(CardFileError) as e:
        load(_Source(GOOD.replace(old, new, 1)))
    for w in words:
        assert w in str(e.value)


def test_the_lesson_file_says_it_is_our_own_design():
    import tomllib
    assert tomllib.loads(GOOD)["own_design"] is True
