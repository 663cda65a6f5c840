"""One path for every game: the code outside a game's own package does not reach into its rules.

Read from the code (``ast``), as the house test reads imports:

- nothing under ``kiosk/`` or ``coordinator/`` outside ``kiosk/games/challengers/`` reads a
  Challengers! match's ``expect`` (what the engine waits for: the legal actions say it) or
  compares a Challengers! phase string (the game's descriptor routes screens);
- every screen class in ``kiosk/games/*/`` is a :class:`kiosk.games.screen.GameScreen`.

A café tournament still runs Challengers! on a path of its own -- the coordinator, and the
kiosk's park of a café (its controller, its inputs, its seating screen, its network client) --
until issue 31 moves it onto the contract: that part of the first check is expected to
fail until then, and fails the suite once it passes, so that the exception goes with the last
reader.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHALLENGERS = ROOT / "kiosk" / "games" / "challengers"
#: The kiosk's side of a café tournament, still on Challengers!' own wire (issue 31).
CAFE = {ROOT / "kiosk" / name for name in ("park.py", "inputs.py", "park_screen.py", "network.py")}
#: Challengers!' tournament phases (engine.challengers.tournament).
PHASES = {"deck", "final-deck", "match", "final", "over"}


def _mentions_phase(node: ast.AST) -> bool:
    """``x.phase``, ``x["phase"]`` or ``x.get("phase")`` somewhere in ``node``."""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and n.attr == "phase":
            return True
        if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and n.slice.value == "phase":
            return True
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get"
                and n.args and isinstance(n.args[0], ast.Constant) and n.args[0].value == "phase"):
            return True
    return False


def _phase_strings(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in PHASES}


def reaches_into_challengers(path: Path, phases: bool = True) -> list[str]:
    """Where ``path`` reads ``expect`` or (with ``phases``) compares a Challengers! phase string."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    where = path.relative_to(ROOT) if ROOT in path.parents else path.name
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and n.attr == "expect":
            found.append(f"{where}:{n.lineno}: reads .expect")
        elif isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and n.slice.value == "expect":
            found.append(f"{where}:{n.lineno}: reads ['expect']")
        elif phases and isinstance(n, ast.Compare):
            sides = [n.left, *n.comparators]
            if any(_mentions_phase(s) for s in sides) and any(_phase_strings(s) for s in sides):
                found.append(f"{where}:{n.lineno}: compares a phase with "
                             f"{sorted(set().union(*map(_phase_strings, sides)))}")
    return found


def _product_files(package: str) -> list[Path]:
    return sorted(p for p in (ROOT / package).rglob("*.py") if CHALLENGERS not in p.parents)


def _own_game_package(path: Path) -> bool:
    """A module of another game's kiosk package: its phases are that game's own words."""
    games = ROOT / "kiosk" / "games"
    return games in path.parents and path.parent != games


def test_the_kiosk_reads_no_challengers_internals_outside_its_package():
    found = [f for p in _product_files("kiosk") if p not in CAFE
             for f in reaches_into_challengers(p, phases=not _own_game_package(p))]
    assert found == [], "\n".join(found)


@pytest.mark.xfail(strict=True, reason="issue 31: a café tournament still plays Challengers! on its own wire")
def test_the_cafe_reads_no_challengers_internals():
    found = [f for p in [*sorted(CAFE), *_product_files("coordinator")] for f in reaches_into_challengers(p)]
    assert found == [], "\n".join(found)


def test_the_reader_finds_expect_and_a_phase_compared(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('if m.expect[0] == "toss" or t.phase in ("deck", "final-deck"):\n    pass\n'
                      'ok = view["phase"] == "prepare" and obs["expect"]\n'
                      'late = pub.get("phase") != "over"\n')
    found = sorted(reaches_into_challengers(sample))
    assert found == ["sample.py:1: compares a phase with ['deck', 'final-deck']", "sample.py:1: reads .expect",
                     "sample.py:3: reads ['expect']", "sample.py:4: compares a phase with ['over']"]
    assert sorted(reaches_into_challengers(sample, phases=False)) == [found[1], found[2]]


def test_every_game_screen_is_a_game_screen():
    from kivy.uix.screenmanager import Screen

    from kiosk.games import registry
    from kiosk.games.screen import GameScreen
    screens = []
    for path in sorted((ROOT / "kiosk" / "games").glob("*/*.py")):
        module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        screens += [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                    if issubclass(cls, Screen) and cls.__module__ == module.__name__]
    for kg in registry.games():
        screens += [registry.load_class(spec) for spec in kg.screens.values()]
    assert len({c.__name__ for c in screens}) >= 6        # every game's play screen, Challengers!' three
    not_game = sorted({f"{c.__module__}.{c.__name__}" for c in screens if not issubclass(c, GameScreen)})
    assert not_game == []
