"""One path for every game: the code outside a game's own package does not reach into its rules.

Read from the code (``ast``), as the house test reads imports:

- nothing under ``kiosk/`` or ``coordinator/`` outside ``kiosk/games/challengers/`` reads a
  Challengers! match's ``expect`` (what the engine waits for: the legal actions say it) or
  compares a Challengers! phase string (the game's descriptor routes screens);
- every screen class in ``kiosk/games/*/`` is a :class:`kiosk.games.screen.GameScreen`;
- no module of a game's screens reads the table's ``state`` (screens see the table's protocol:
  seats, legal actions, observations, submit, look);
- nothing in ``kiosk/games/challengers/`` reaches into the engine's Challengers! objects: no
  tournament, match or Deck Phase object (``.tournament``, ``.match``, ``.matches``,
  ``.deck_phases``, ``["match"]``), no import of the rules' modules -- its table and its views are
  built from the observations of the seats on the halves and their legal actions, as every game's.

A café tournament plays Challengers! on the contract too: the coordinator, and the kiosk's park
of a café (its controller, its seating screen, its network client) are read by the same check and
import nothing of Challengers! (its park's table is its own package's,
``kiosk/games/challengers/park.py``, found through its descriptor), and no
coordinator module imports a game's package when it is imported (it finds games through the
registry: ``engine.registry.get`` and ``engine.registry.cafe``).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHALLENGERS = ROOT / "kiosk" / "games" / "challengers"
#: The kiosk's side of a café tournament.
CAFE = {ROOT / "kiosk" / name for name in ("park.py", "park_screen.py", "network.py", "outbox.py")}
#: Challengers!' tournament phases (engine.challengers.tournament).
PHASES = {"deck", "final-deck", "match", "final", "over"}


def _mentions_phase(node: ast.AST) -> bool:
    """``x.phase``, ``x["phase"]``, ``x.get("phase")`` or a name ``phase`` (what one of those was
    read into) somewhere in ``node``."""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and n.attr == "phase":
            return True
        if isinstance(n, ast.Name) and n.id == "phase":
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
        elif isinstance(n, ast.Call) and any(isinstance(a, ast.Constant) and a.value == "expect" for a in n.args) and (
                (isinstance(n.func, ast.Attribute) and n.func.attr == "get")
                or (isinstance(n.func, ast.Name) and n.func.id == "getattr")):
            found.append(f"{where}:{n.lineno}: reads 'expect'")
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


def test_the_cafe_reads_no_challengers_internals():
    found = [f for p in [*sorted(CAFE), *_product_files("coordinator")] for f in reaches_into_challengers(p)]
    assert found == [], "\n".join(found)


def test_the_reader_finds_expect_and_a_phase_compared(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('if m.expect[0] == "toss" or t.phase in ("deck", "final-deck"):\n    pass\n'
                      'ok = view["phase"] == "prepare" and obs["expect"]\n'
                      'late = pub.get("phase") != "over"\n'
                      'phase = v["phase"]\nwaits = phase == "match" or m.get("expect") or getattr(m, "expect")\n')
    found = sorted(reaches_into_challengers(sample))
    assert found == ["sample.py:1: compares a phase with ['deck', 'final-deck']", "sample.py:1: reads .expect",
                     "sample.py:3: reads ['expect']", "sample.py:4: compares a phase with ['over']",
                     "sample.py:6: compares a phase with ['match']", "sample.py:6: reads 'expect'",
                     "sample.py:6: reads 'expect'"]
    assert sorted(reaches_into_challengers(sample, phases=False)) == [found[1], found[2], found[5], found[6]]


def challengers_imports(path: Path) -> list[str]:
    """Where ``path`` imports Challengers!' rules or its kiosk package (anywhere in the module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    where = path.relative_to(ROOT) if ROOT in path.parents else path.name
    found = []
    for node in ast.walk(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
        found += [f"{where}:{node.lineno}: imports {name}" for name in names
                  if name.split(".")[:2] == ["engine", "challengers"] or name.startswith("kiosk.games.challengers")]
    return found


#: What the café side may import of Challengers!: the outbox reads the old wire's tuples an older
#: kiosk stored (Challengers! was the one game of that wire) as contract actions.
OLD_WIRE = {"kiosk/outbox.py:18: imports engine.challengers.cafe"}


def test_the_kiosks_cafe_side_knows_no_game():
    """A park of every game is its game's table (``KioskGame.park``, Challengers!' in its own
    package): the park's controller, its seating screen, the network and the outbox import
    nothing of Challengers! (but the old wire's reader)."""
    found = [f for p in sorted(CAFE) for f in challengers_imports(p)]
    assert [f for f in found if f not in OLD_WIRE] == [], "\n".join(found)


def test_the_import_reader_finds_challengers(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import json\nfrom engine.challengers.cafe import ParkMatch\n"
                      "def later():\n    from kiosk.games.challengers.board import Board\n")
    assert challengers_imports(module) == ["m.py:2: imports engine.challengers.cafe",
                                           "m.py:4: imports kiosk.games.challengers.board"]


def reads_table_state(path: Path) -> list[str]:
    """Where ``path`` reads ``table.state`` (``self.table.state``, ``t.state``...)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and n.attr == "state":
            owner = n.value
            if (isinstance(owner, ast.Attribute) and owner.attr == "table") or \
                    (isinstance(owner, ast.Name) and owner.id in ("table", "t")):
                found.append(f"{path.relative_to(ROOT)}:{n.lineno}")
    return found


def test_no_screen_reads_the_table_state():
    found = [f for p in sorted((ROOT / "kiosk" / "games").rglob("*.py")) for f in reads_table_state(p)]
    assert found == [], "\n".join(found)


#: The engine's Challengers! objects, by the attribute a reader would reach them with.
ENGINE_OBJECTS = {"tournament", "match", "matches", "deck_phases"}
#: The rules' own modules (the kiosk reads ``engine.challengers.game``'s observations, the
#: catalogue's card types and the draft's option shape, never the rules' objects).
RULES_MODULES = {"engine.challengers.tournament", "engine.challengers.match", "engine.challengers.deckphase"}


def reaches_into_challengers_objects(path: Path) -> list[str]:
    """Where ``path`` reaches into the engine's Challengers! objects (see :data:`ENGINE_OBJECTS`)
    or reads the table's ``state``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    where = path.relative_to(ROOT) if ROOT in path.parents else path.name
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and n.attr in ENGINE_OBJECTS:
            found.append(f"{where}:{n.lineno}: reads .{n.attr}")
        elif isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and n.slice.value == "match":
            found.append(f"{where}:{n.lineno}: reads ['match']")
        elif isinstance(n, ast.ImportFrom) and n.module in RULES_MODULES:
            found.append(f"{where}:{n.lineno}: imports {n.module}")
        elif isinstance(n, ast.Import):
            found += [f"{where}:{n.lineno}: imports {a.name}" for a in n.names if a.name in RULES_MODULES]
    found += [f"{f}: reads the table's state" for f in reads_table_state(path)] if ROOT in path.parents else []
    return found


def test_challengers_kiosk_reads_observations_not_engine_objects():
    found = [f for p in sorted(CHALLENGERS.rglob("*.py")) for f in reaches_into_challengers_objects(p)]
    assert found == [], "\n".join(found)


def test_the_object_reader_finds_a_tournament_a_match_and_the_rules(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from engine.challengers.match import Match\n"
                      "m = c.result['match'] if held else c.match\n"
                      "n = len(self.t.tournament.matches)\n"
                      "ok = c.match_view().players, obs['matches'], view['deck_phases']\n")
    assert sorted(reaches_into_challengers_objects(sample)) == [
        "sample.py:1: imports engine.challengers.match", "sample.py:2: reads .match", "sample.py:2: reads ['match']",
        "sample.py:3: reads .matches", "sample.py:3: reads .tournament"]


#: Imports every module of every game's kiosk package and prints its screen classes, each with
#: whether it is a GameScreen -- in a child process, so that this test's imports do not reach the
#: others' (a test checks that listing the games loads no screen).
_SCREENS_SCRIPT = """
import importlib, inspect, json, pathlib, sys
from kivy.uix.screenmanager import Screen
from kiosk.games import registry
from kiosk.games.screen import GameScreen
root = pathlib.Path(sys.argv[1])
classes = []
for path in sorted((root / "kiosk" / "games").glob("*/*.py")):
    module = importlib.import_module(".".join(path.relative_to(root).with_suffix("").parts))
    classes += [c for _, c in inspect.getmembers(module, inspect.isclass)
                if issubclass(c, Screen) and c.__module__ == module.__name__]
for kg in registry.games():
    classes += [registry.load_class(spec) for spec in kg.screens.values()]
print(json.dumps({f"{c.__module__}.{c.__name__}": issubclass(c, GameScreen) for c in classes}))
"""


def test_every_game_screen_is_a_game_screen():
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    p = subprocess.run([sys.executable, "-c", _SCREENS_SCRIPT, str(ROOT)], capture_output=True, text=True, check=False,
                       env=env, cwd=ROOT, timeout=120)
    assert p.returncode == 0, p.stderr[-3000:]
    screens = json.loads(p.stdout.strip().splitlines()[-1])
    assert len(screens) >= 6, screens           # every game's play screen, Challengers!' three
    assert [name for name, is_game_screen in screens.items() if not is_game_screen] == []


def _module_body_nodes(tree: ast.AST):
    """Every node of a module outside its functions' bodies."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(c for c in ast.iter_child_nodes(node)
                     if not isinstance(c, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))


def game_imports_at_the_top(path: Path, games: set[str]) -> list[str]:
    """The imports of a game's package (``engine.<game>``) in ``path``'s module body (not inside
    a function, where they run only when the game is used)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    where = path.relative_to(ROOT) if ROOT in path.parents else path.name
    found = []
    for node in _module_body_nodes(tree):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
        found += [f"{where}:{node.lineno}: imports {name}" for name in names
                  if name.split(".")[:2] in [["engine", g] for g in games]]
    return found


def test_no_coordinator_module_imports_a_game_at_the_top():
    from engine import registry
    games = {about.name for about in registry.abouts()}
    found = [f for p in _product_files("coordinator") for f in game_imports_at_the_top(p, games)]
    assert found == [], "\n".join(found)


def test_the_import_reader_finds_a_game_imported_at_the_top(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import json\nfrom engine.wacky.state import X\n"
                      "def later():\n    from engine.between import GAME\n")
    assert game_imports_at_the_top(module, {"wacky", "between"}) == ["m.py:2: imports engine.wacky.state"]
