"""Every registered game meets the tests that check today's games.

The tests read their games from the registries (tests/support/registered.py).  Where a test needs
a script for each game (the seeds of a walk of the real app, the taps at a wrong moment, the
phones beside the table), the script's table must name every game the registries list: this reads
those tables from the files (no app started) and fails naming the game and the table.  A toy game
registered in both registries shows that each list picks it up and each table is found short.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import toygame
from registered import engine_games, kiosk_games, missing, phone_games, script_for, table_games

from engine import registry
from engine.game import About
from kiosk.games import registry as kiosk_registry
from kiosk.games.descriptor import KioskGame

ROOT = Path(__file__).resolve().parents[2]

#: (file, the name of its per-game table, the games it must name, what the table gives a game).
SCRIPTS = [
    ("tests/kiosk/drive_lastmove.py", "GAMES", table_games, "bot level and seed of the walk of what just happened"),
    ("tests/kiosk/drive_table_moments.py", "GAMES", table_games, "tap at a wrong moment"),
    ("tests/kiosk/test_table_moments_app.py", "HINT_KEYS", table_games, "hint sentences said at a wrong moment"),
    ("tests/kiosk/test_table_moments_app.py", "WAITING", table_games, "sentence said while the bot thinks"),
    ("tests/kiosk/drive_french_games.py", "SEEDS", table_games, "seeds of the French walk"),
    ("tests/kiosk/drive_french_games.py", "RANDOM_GAMES", table_games, "rare moments of the French walk"),
    ("tests/kiosk/drive_french_games.py", "MOMENTS", table_games, "moments shown in French"),
    ("tests/phones/drive_phone_places.py", "GAMES", phone_games, "phones beside the table"),
]


def table_keys(path: str, name: str) -> set[str]:
    """The keys of the dict literal assigned to ``name`` anywhere in the file at ``path``."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and \
                any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return {k.value for k in node.value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
    raise AssertionError(f"{path}: no dict named {name} (this test reads it: keep its name or update SCRIPTS)")


def short(path: str, name: str, games) -> list[str]:
    return missing(table_keys(path, name), games())


@pytest.mark.parametrize(("path", "name", "games", "what"), SCRIPTS, ids=[f"{p.rsplit('/', 1)[1]}:{n}"
                                                                         for p, n, _, _ in SCRIPTS])
def test_every_per_game_script_names_every_registered_game(path, name, games, what):
    lacking = short(path, name, games)
    assert not lacking, f"{path}: {name} has no {what} for {', '.join(lacking)}"


def test_the_lists_are_the_registries():
    assert engine_games() == [g.name for g in registry.games()]
    assert set(engine_games(hidden=True)) | set(engine_games(hidden=False)) == set(engine_games())
    assert set(table_games()) <= {kg.game for kg in kiosk_registry.games()} and table_games()
    assert set(phone_games()) <= set(table_games())


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game (tests/support/toygame.py) registered in the engine's registry and, with a
    phone page and sentences, in the kiosk's."""
    abouts, kiosk = registry.abouts(), kiosk_registry.games()
    toy = KioskGame(game=toygame.GAME.name, screens={"play": "toy.play:ToyScreen"}, phone="toy.phone:words",
                    say=lambda run, reader, words: None)
    monkeypatch.setattr(registry, "abouts", lambda: [*abouts, About.of(toygame.GAME)])
    monkeypatch.setattr(kiosk_registry, "games", lambda: [*kiosk, toy])
    return toygame.GAME.name


def test_a_newly_registered_game_is_in_every_list_and_every_script_lacks_it(toy_registered):
    toy = toy_registered
    assert toy in engine_games() and toy in engine_games(hidden=True) and toy not in engine_games(hidden=False)
    assert toy in kiosk_games("say", "phone") and toy in table_games() and toy in phone_games()
    for path, name, games, _ in SCRIPTS:
        assert short(path, name, games) == [toy], (path, name)
    with pytest.raises(AssertionError, match=r"highcard: no runs of moves to say \(a game registered since"):
        script_for({"between": 1}, toy, "runs of moves to say")
