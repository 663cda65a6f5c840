"""The house rules, checked with every test run: layers import downwards only, ruff and mypy pass.

The layers, top first (``docs/architecture.md``)::

    tablecup                 the command line: wires everything together
    kiosk, coordinator       the programs
    hardware, words          buttons and LEDs; the programs' words (gettext catalogues)
    engine                   the rules of every game
    cards                    data
    appliance                paths, configuration files, sd_notify

A package may import from its own layer or below, never from above, and no two
packages may import each other, even through others (a cycle).  Imports inside
functions count: a lazy import is still an import.  No product package imports test
code (``tests/``, or a test helper by the name pytest's ``pythonpath`` gives it): the
test plumbing reaches the kiosk only through its plugin point (``kiosk/plugins.py``).
"""

from __future__ import annotations

import ast
import hashlib
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = [("tablecup",), ("kiosk", "coordinator"), ("hardware", "words"), ("engine",), ("cards",), ("appliance",)]
PRODUCT = [p for layer in LAYERS for p in layer]


def rank(package: str) -> int:
    return next(len(LAYERS) - i for i, layer in enumerate(LAYERS) if package in layer)


def imports(root: Path, packages=PRODUCT):
    """(importing package, imported package, file, line) for every import between ``packages``."""
    found = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            module_parts = path.relative_to(root).with_suffix("").parts
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    targets = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    if node.level:
                        # Relative: counted from the importing module's package.
                        base = module_parts[:-node.level] if path.name != "__init__.py" else module_parts[:len(module_parts) - node.level]
                        targets = [".".join(base + ((node.module,) if node.module else ()))]
                    else:
                        targets = [node.module or ""]
                else:
                    continue
                for target in targets:
                    top = target.split(".")[0]
                    if top in packages and top != package:
                        found.append((package, top, str(path.relative_to(root)), node.lineno))
    return found


def upward(edges):
    return [e for e in edges if rank(e[1]) > rank(e[0])]


def cycles(edges):
    """Each cycle between packages once, as a list of packages."""
    graph: dict[str, set[str]] = {}
    for a, b, *_ in edges:
        graph.setdefault(a, set()).add(b)
    found, seen = [], set()

    def walk(node, path):
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                cycle = path[path.index(nxt):]
                key = frozenset(cycle)
                if key not in seen:
                    seen.add(key)
                    found.append(cycle + [nxt])
            else:
                walk(nxt, path + [nxt])
    for start in sorted(graph):
        walk(start, [start])
    return found


def test_every_import_points_down_and_no_packages_import_each_other():
    edges = imports(ROOT)
    assert edges, "no import between the product packages was found: the reader is broken"
    bad = [f"{file}:{line}: {a} imports {b}, a layer above it" for a, b, file, line in upward(edges)]
    bad += ["cycle: " + " -> ".join(c) for c in cycles(edges)]
    assert not bad, "\n".join(bad)


def test_the_reader_finds_an_upward_lazy_import_and_a_cycle(tmp_path):
    for pkg, text in {"engine": "def f():\n    from kiosk import app\n",
                      "kiosk": "from . import inputs\nimport coordinator.web\n",
                      "coordinator": "from kiosk.store import Store\n"}.items():
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
        (tmp_path / pkg / "m.py").write_text(text)
    edges = imports(tmp_path, ["engine", "kiosk", "coordinator"])
    assert upward(edges) == [("engine", "kiosk", "engine/m.py", 2)]
    assert [sorted(c[:-1]) for c in cycles(edges)] == [["coordinator", "kiosk"]]


def names_of_test_code(root: Path) -> set[str]:
    """The names test code can be imported by: the ``tests`` package, and every module of the
    folders pytest puts on ``sys.path`` (``pythonpath`` in pyproject.toml)."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    folders = config["tool"]["pytest"]["ini_options"].get("pythonpath", [])
    return {"tests"} | {path.stem for folder in folders for path in (root / folder).glob("*.py")}


def imports_of_test_code(root: Path, names: set[str], packages=PRODUCT):
    """(file, line, module) for every import of ``names`` in ``packages``: ``import``/``from``
    statements, and ``importlib.import_module``/``__import__`` of a module named in the code."""
    found = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    targets = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level:
                    targets = [node.module or ""]
                elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                      and isinstance(node.args[0].value, str)
                      and ast.unparse(node.func) in ("importlib.import_module", "import_module", "__import__")):
                    targets = [node.args[0].value]
                else:
                    continue
                found += [(str(path.relative_to(root)), node.lineno, t) for t in targets if t.split(".")[0] in names]
    return found


def test_no_product_module_imports_test_code_or_is_named_as_test_code():
    names = names_of_test_code(ROOT)
    assert {"tests", "kiosk_hook", "kiosk_bot", "cafe"} <= names, "the test helpers were not found: the reader is broken"
    bad = [f"{file}:{line}: imports {module}, which is test code" for file, line, module in
           imports_of_test_code(ROOT, names)]
    bad += [f"{path.relative_to(ROOT)}: named as test code (test_*.py): it belongs under tests/"
            for package in PRODUCT for path in sorted((ROOT / package).rglob("test_*.py"))]
    assert not bad, "\n".join(bad)


def test_the_reader_finds_test_code_imported_eagerly_lazily_and_by_name(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\npythonpath = ["tests/kiosk"]\n')
    (tmp_path / "tests" / "kiosk").mkdir(parents=True)
    (tmp_path / "tests" / "kiosk" / "kiosk_hook.py").write_text("")
    (tmp_path / "kiosk").mkdir()
    (tmp_path / "kiosk" / "app.py").write_text(
        "import importlib\nfrom tests.kiosk.kiosk_hook import TestHook\n"
        "def build():\n    import kiosk_hook\n    importlib.import_module('tests.kiosk.kiosk_bot')\n"
        "    from . import plugins\n    import testing\n")
    names = names_of_test_code(tmp_path)
    assert names == {"tests", "kiosk_hook"}
    assert imports_of_test_code(tmp_path, names, ["kiosk"]) == [
        ("kiosk/app.py", 2, "tests.kiosk.kiosk_hook"), ("kiosk/app.py", 4, "kiosk_hook"),
        ("kiosk/app.py", 5, "tests.kiosk.kiosk_bot")]


def _run(*args):
    """A checker from the test extras (``pip install -e .[test]``, as ``./dev.sh test`` does)."""
    return subprocess.run([sys.executable, "-m", *args], check=False, cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


#: The product, and the benchmarks and tools run beside it: linted, and read for hidden findings.
LINTED = [*PRODUCT, "bench", "tools"]


def test_ruff_finds_nothing_in_the_product_its_benchmarks_and_tools():
    r = _run("ruff", "check", "--no-cache", *LINTED)
    assert r.returncode == 0, r.stdout + r.stderr


def suppressions(root: Path) -> list[str]:
    """Every finding hidden from the checkers in the product, the benchmarks and the tools under
    ``root``: a ``noqa`` or a ``type: ignore`` comment, or a per-file ignore of ruff's."""
    found = []
    for package in LINTED:
        for path in sorted((root / package).rglob("*.py")):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "# noqa" in line or "# type: ignore" in line:
                    found.append(f"{path.relative_to(root)}:{n}: {line.strip()}")
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    ignores = config.get("tool", {}).get("ruff", {}).get("lint", {}).get("per-file-ignores", {})
    found += [f"pyproject.toml: per-file ignore {k} = {v}" for k, v in ignores.items()]
    return found


def test_the_suppression_reader_finds_a_noqa_a_type_ignore_and_a_per_file_ignore(tmp_path):
    (tmp_path / "kiosk").mkdir()
    (tmp_path / "kiosk" / "a.py").write_text("import os  # noqa: F401\nx: int = 'a'  # type: ignore\n")
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "b.py").write_text("import os  # noqa: F401\n")
    (tmp_path / "pyproject.toml").write_text('[tool.ruff.lint.per-file-ignores]\n"kiosk/a.py" = ["E501"]\n'
                                             '"hardware/firmware/*.py" = ["UP031"]\n')
    assert [f.split(":")[0] for f in suppressions(tmp_path)] == ["kiosk/a.py", "kiosk/a.py", "bench/b.py",
                                                                 "pyproject.toml", "pyproject.toml"]


def test_no_finding_is_suppressed_in_the_product():
    assert suppressions(ROOT) == []


def mypy_cache_dir() -> Path:
    """mypy's incremental cache for this checkout, outside it (the checkout stays clean): a run
    after a small edit checks again only what the edit can change (about a tenth of a cold run's
    time); mypy itself notices a changed file, option or version and checks it again."""
    checkout = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"tablecup-mypy-cache-{os.getuid()}-{checkout}"


def test_mypy_finds_nothing_in_any_product_package():
    r = _run("mypy", "--cache-dir", str(mypy_cache_dir()))
    assert r.returncode == 0, r.stdout + r.stderr


def module_imports(root: Path, packages=PRODUCT):
    """(importing module, imported module) for every import between product modules, lazy ones too;
    ``from a import b`` counts as importing ``a.b`` when that is a module, else ``a``."""
    modules = {".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
               for package in packages for p in (root / package).rglob("*.py")}
    edges = set()
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            me = ".".join(parts).removesuffix(".__init__")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
                if isinstance(node, ast.Import):
                    targets = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    if node.level:
                        base = parts[:-node.level] if path.name != "__init__.py" else parts[:len(parts) - node.level]
                        mod = ".".join(base + ((node.module,) if node.module else ()))
                    else:
                        mod = node.module or ""
                    targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in modules else mod for a in node.names]
                else:
                    continue
                for target in targets:
                    while target and target not in modules:
                        target = target.rpartition(".")[0]
                    if target and target != me:
                        edges.add((me, target))
    return sorted(edges)


def test_no_product_module_imports_itself_through_others():
    edges = module_imports(ROOT)
    assert ("engine.challengers.game", "engine.challengers.match") in edges, "the module reader is broken"
    # A package's __init__ importing its own modules (and they it) is how packages are built.
    own = [(a, b) for a, b in edges if not (b.startswith(a + ".") or a.startswith(b + "."))]
    bad = ["module cycle: " + " -> ".join(c) for c in cycles(own)]
    assert not bad, "\n".join(bad)
