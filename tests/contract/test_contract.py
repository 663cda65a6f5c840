"""The engine contract, checked the same way on every registered game and on a toy game."""

import pytest

import cards
from engine import registry
from engine.game import Action, ActionSyntaxError, GameSetup
from contract_checks import check_game
import toygame

GAMES = registry.games()


def setups(game, seeds, big=None):
    """The fewest and the most players, and two, with every seed; a big table (more
    than four) once per seed pair only, so that a long game keeps the suite quick.
    ``big=False``: only the tables of four or fewer; ``big=True``: only the bigger ones."""
    for n in sorted({game.min_players, game.max_players, max(game.min_players, 2)}):
        if big is not None and (n > 4) != big:
            continue
        for seed in (seeds if n <= 4 else seeds[::2]):
            yield GameSetup(game.name, tuple(f"P{i + 1}" for i in range(n)), seed)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_registered_game_keeps_the_contract(game):
    data = game.load(cards)
    outcomes = [check_game(game, data, s, every=3) for s in setups(game, range(4), big=False)]
    assert all(o is not None for o in outcomes)


@pytest.mark.slow   # Challengers!' two 8-player tournaments were nine tenths of the contract check's time
@pytest.mark.parametrize("game", [g for g in GAMES if g.max_players > 4], ids=lambda g: g.name)
def test_every_registered_game_keeps_the_contract_at_a_big_table(game):
    data = game.load(cards)
    outcomes = [check_game(game, data, s, every=3) for s in setups(game, range(4), big=True)]
    assert outcomes and all(o is not None for o in outcomes)


def test_toy_game_keeps_the_contract():
    outcomes = [check_game(toygame.GAME, None, s) for s in setups(toygame.GAME, range(30))]
    assert {o.termination for o in outcomes} >= {"win", "draw"}


def test_a_simultaneous_choice_is_invisible_until_all_have_chosen():
    state = toygame.GAME.new(None, GameSetup("highcard", ("a", "b", "c"), 5))
    secret = state.legal_actions(0)[0]
    before = [state.observation(p) for p in (1, 2, None)]
    state.apply(secret)
    after = [state.observation(p) for p in (1, 2, None)]
    assert [o["hand_sizes"][0] for o in after] == [2, 2, 2]
    assert all(o["shown"] == [] for o in after)
    assert [o["chosen"] for o in before] != [o["chosen"] for o in after]


@pytest.mark.parametrize("text", ["", "x reveal", "0", "-1 reveal", "0 Reveal", "0 reveal 1.5", "0 reveal $"])
def test_the_text_codec_refuses_what_is_not_an_action(text):
    with pytest.raises(ActionSyntaxError):
        Action.from_text(text)


@pytest.mark.parametrize("value", [None, [], {"player": "0", "kind": "x"}, {"player": 0, "kind": "x", "args": "1"},
                                   {"player": 0, "kind": "x", "args": [[1]]}, {"player": 0, "kind": "x", "extra": 1},
                                   {"player": True, "kind": "x"}])
def test_the_json_codec_refuses_what_is_not_an_action(value):
    with pytest.raises(ActionSyntaxError):
        Action.from_json(value)


def test_both_codecs_round_trip():
    a = Action(3, "deck.pick", (2, "light", -1))
    assert a.to_text() == "3 deck.pick 2 light -1"
    assert Action.from_text(a.to_text()) == a == Action.from_json(a.to_json())


def test_the_registry_names_unknown_games():
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        registry.get("chess")


def _package(root, name, inits):
    """A package ``name`` under ``root`` whose subpackages have the given ``__init__`` texts."""
    (root / name).mkdir()
    (root / name / "__init__.py").write_text("")
    for sub, text in inits.items():
        (root / name / sub).mkdir()
        (root / name / sub / "__init__.py").write_text(text)
    (root / name / "plain.py").write_text("FOUND = 'not a package'\n")


def test_discovery_reads_subpackages_in_order_and_names_both_of_a_clash(tmp_path, monkeypatch):
    import importlib

    _package(tmp_path, "games_a", {"zeta": "FOUND = 'z'\n", "alpha": "FOUND = 'a'\n", "none": ""})
    _package(tmp_path, "games_b", {"one": "FOUND = 'same'\n", "two": "FOUND = 'same'\n"})
    monkeypatch.syspath_prepend(str(tmp_path))

    def read(module):
        return getattr(module, "FOUND", None)

    found = registry.discover(importlib.import_module("games_a"), read, str.upper, "things")
    assert found == {"A": ("games_a.alpha", "a"), "Z": ("games_a.zeta", "z")}
    with pytest.raises(RuntimeError, match=r"two things named 'SAME': games_b.one and games_b.two"):
        registry.discover(importlib.import_module("games_b"), read, str.upper, "things")


class _LeakyHighCard(toygame.HighCard):
    def observation(self, player):
        view = super().observation(player)
        view["others"] = [h for q, h in enumerate(self.hands) if q != player]
        return view


class _SharedClone(toygame.HighCard):
    def clone(self):
        return self


def _game_with(cls):
    import dataclasses
    return dataclasses.replace(toygame.GAME, new=lambda data, setup: cls(setup))


@pytest.mark.parametrize("cls, message", [(_LeakyHighCard, "cannot see"), (_SharedClone, "clone")])
def test_the_checks_catch_a_broken_game(cls, message):
    with pytest.raises(AssertionError, match=message):
        check_game(_game_with(cls), None, GameSetup("highcard", ("a", "b"), 1))
