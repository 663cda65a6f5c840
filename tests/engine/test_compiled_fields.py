"""Every field the engine's compiled classes are given is declared in their ``.pxd``.

Compiled, a class a ``.pxd`` declares (``cdef class Match:``) is an extension type with the
fixed fields declared there: a field the ``.py`` assigns but the ``.pxd`` does not declare
compiles without a word and raises ``AttributeError`` in the compiled build only (or, on a
type with a ``__dict__``, lands there, slower, and out of ``Tournament.shallow_copy``'s
reach).  This test reads both files:

* the ``.pxd``: each ``cdef class``, its base, its fields (``cdef [public|readonly] type a, b``),
  whether it has a ``__dict__``; the types ``@cython.locals`` and typed arguments give the
  variables of each function, and the declared return types;
* the ``.py`` (with :mod:`ast`): every attribute assignment (``=``, ``+=``, annotated,
  tuple targets) on a variable whose class is known: ``self`` in a method of a declared
  class, a variable typed in the ``.pxd``, or one bound in the function to ``C(...)``,
  ``C.__new__(C)`` or a function declared to return ``C``; properties with a setter count
  as declared.  It also holds ``__slots__`` (what the pure class allows) and the field list
  ``Tournament.shallow_copy`` copies (``_FIELDS``) equal to the declarations.

Assignments on variables of unknown class (an untyped parameter) are not seen: the
compiled modules type the variables they set fields on, so this covers what they do.
A last test reads the compiled types themselves, when the build is there.

Every compiled game's modules are read (Challengers! and Cosplay Team Battle), each named with
its package (``challengers.policies``, ``cosplay.policies``): both games have a ``policies``,
and a class is looked for among its own game's declarations only.
"""

import ast
import re
from pathlib import Path

import pytest

from engine.challengers import COMPILED as CHALLENGERS_COMPILED
from engine.cosplay import COMPILED as COSPLAY_COMPILED

ENGINE = Path(__file__).resolve().parents[2] / "engine"
#: Each compiled game's package (a folder of engine/) and its compiled modules.
PACKAGES = {"challengers": CHALLENGERS_COMPILED, "cosplay": COSPLAY_COMPILED}
#: The modules with declarations, as "package.module".
MODULES = [f"{package}.{m}" for package, modules in PACKAGES.items() for m in modules
           if (ENGINE / package / f"{m}.pxd").exists()]


def _file(module: str, suffix: str) -> Path:
    """``module``'s (``"package.module"``) ``.py`` or ``.pxd``."""
    package, name = module.split(".")
    return ENGINE / package / f"{name}{suffix}"


def _package(module: str) -> str:
    return module.split(".")[0]

_CLASS = re.compile(r"^cdef class (\w+)(?:\((\w+)\))?\s*:")
_FIELD = re.compile(r"^\s+cdef\s+(?:(public|readonly)\s+)?(\w+)\s+([\w\s,]+?)\s*(?:#.*)?$")
_LOCALS = re.compile(r"^\s*@cython\.locals\((.*?)\)\s*$", re.DOTALL)
_FUNC = re.compile(r"^\s*c(?:p)?def\s+(?:(\w+)\s+)?(\w+)\s*\((.*)\)")


class Pxd:
    """What one ``.pxd`` declares: classes (fields, base, __dict__), variable types per
    function (``(class or None, function)``), return types."""

    def __init__(self, text: str):
        self.fields: dict[str, set[str]] = {}
        self.base: dict[str, str | None] = {}
        self.has_dict: dict[str, bool] = {}
        self.var_types: dict[tuple[str | None, str], dict[str, str]] = {}
        self.returns: dict[str, str] = {}
        current = None
        pending_locals: dict[str, str] = {}
        # Join a decorator's continuation lines (an open parenthesis) into one line.
        lines, buffer = [], ""
        for raw in text.splitlines():
            buffer = f"{buffer} {raw.strip()}" if buffer else raw
            if buffer.count("(") > buffer.count(")"):
                continue
            lines.append(buffer)
            buffer = ""
        for line in lines:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if not line[0].isspace():
                current = None
            m = _CLASS.match(line)
            if m:
                current = m.group(1)
                self.fields[current] = set()
                self.base[current] = m.group(2)
                self.has_dict[current] = False
                continue
            m = _LOCALS.match(line)
            if m:
                pending_locals = dict(pair.split("=") for pair in re.sub(r"\s", "", m.group(1)).split(","))
                continue
            m = _FUNC.match(line)
            if m:
                ret, name, args = m.groups()
                types = dict(pending_locals)
                for arg in args.split(","):
                    words = arg.split("=")[0].split()
                    if len(words) == 2:
                        types[words[1]] = words[0]
                self.var_types[(current, name)] = types
                if ret and current is None:
                    self.returns[name] = ret
                pending_locals = {}
                continue
            m = _FIELD.match(line)
            if m and current is not None:
                for name in re.split(r"[\s,]+", m.group(3).strip()):
                    if name == "__dict__":
                        self.has_dict[current] = True
                    elif name != "__weakref__":
                        self.fields[current].add(name)


def _pxds() -> dict[str, Pxd]:
    return {m: Pxd(_file(m, ".pxd").read_text()) for m in MODULES}


def _declared(pxds: dict[str, Pxd], cls: str) -> set[str]:
    """The fields of ``cls`` and of its declared bases."""
    for pxd in pxds.values():
        if cls in pxd.fields:
            base = pxd.base[cls]
            return pxd.fields[cls] | (_declared(pxds, base) if base else set())
    raise KeyError(cls)


def _targets(node):
    if isinstance(node, (ast.Tuple, ast.List)):
        for elt in node.elts:
            yield from _targets(elt)
    elif isinstance(node, ast.Starred):
        yield from _targets(node.value)
    else:
        yield node


def _assigned(tree: ast.AST):
    """Every assignment target in ``tree``, with its line."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                yield from _targets(t)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            yield node.target
        elif isinstance(node, (ast.For, ast.comprehension)):
            yield from _targets(node.target)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            yield from _targets(node.optional_vars)


def _class_of_call(value, classes: set[str], returns: dict[str, str]) -> str | None:
    """``C(...)``, ``C.__new__(C)`` or ``f(...)`` with ``f`` declared to return ``C``."""
    if not isinstance(value, ast.Call):
        return None
    f = value.func
    if isinstance(f, ast.Name):
        if f.id in classes:
            return f.id
        return returns.get(f.id)
    if (isinstance(f, ast.Attribute) and f.attr == "__new__" and isinstance(f.value, ast.Name)
            and f.value.id in classes):
        return f.value.id
    return None


def _setter_properties(cls: ast.ClassDef) -> set[str]:
    names = set()
    for item in cls.body:
        if isinstance(item, ast.FunctionDef):
            for d in item.decorator_list:
                if isinstance(d, ast.Attribute) and d.attr == "setter":
                    names.add(item.name)
    return names


def field_problems(module: str, source: str, pxds: dict[str, Pxd]) -> list[str]:
    """What ``source`` (the ``.py`` of ``module``) assigns that its declarations miss."""
    pxd = pxds[module]
    where = f"engine/{module.replace('.', '/')}.py"
    # A module's classes come from its own game's declarations (it cimports no other game's).
    pxds = {m: p for m, p in pxds.items() if _package(m) == _package(module)}
    classes = {c for p in pxds.values() for c in p.fields}
    returns = {name: ret for p in pxds.values() for name, ret in p.returns.items() if ret in classes}
    tree = ast.parse(source)
    problems = []
    # Properties with a setter, of the classes of every compiled module (this one as edited).
    settable: dict[str, set[str]] = {}
    for name in pxds:
        for node in (tree if name == module else ast.parse(_file(name, ".py").read_text())).body:
            if isinstance(node, ast.ClassDef) and node.name in classes:
                settable[node.name] = _setter_properties(node)

    def check(func: ast.FunctionDef, owner: str | None):
        types = dict(pxd.var_types.get((owner, func.name), {}))
        types = {v: t for v, t in types.items() if t in classes}
        if owner in pxd.fields and func.args.args:
            types[func.args.args[0].arg] = owner           # self
        for node in ast.walk(func):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                cls = _class_of_call(node.value, classes, returns)
                if cls:
                    types[node.targets[0].id] = cls
            elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                  and isinstance(node.annotation, ast.Name) and node.annotation.id in classes):
                types[node.target.id] = node.annotation.id
        for target in _assigned(func):
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id in types:
                cls = types[target.value.id]
                allowed = _declared(pxds, cls) | settable.get(cls, set())
                if target.attr not in allowed:
                    problems.append(f"{where}:{target.lineno}: {target.value.id}.{target.attr} is assigned, "
                                    f"but {cls} in its .pxd declares no field {target.attr}")

    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            check(node, None)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    check(item, node.name)
    # What the pure class allows (__slots__) and what a copy copies (_FIELDS): the same fields.
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in pxd.fields:
            for item in node.body:
                if (isinstance(item, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__"
                                                         for t in item.targets)):
                    slots = set(ast.literal_eval(item.value))
                    if slots != pxd.fields[node.name]:
                        problems.append(f"{where}: {node.name}.__slots__ and its .pxd differ: "
                                        f"{sorted(slots ^ pxd.fields[node.name])}")
        if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "_FIELDS" for t in node.targets)
                and "Tournament" in pxd.fields):
            listed = list(ast.literal_eval(node.value))
            if len(listed) != len(set(listed)) or set(listed) != pxd.fields["Tournament"]:
                problems.append(f"{where}: _FIELDS and Tournament in its .pxd differ: "
                                f"{sorted(set(listed) ^ pxd.fields['Tournament'])}")
    return problems


def test_the_pxd_reader_reads_the_declarations():
    pxds = _pxds()
    assert {"Match", "Side", "Seat", "_Hot"} <= set(pxds["challengers.match"].fields)
    assert {"rng", "sides", "_hots_list", "attack_bonus"} <= pxds["challengers.match"].fields["Match"]
    assert pxds["challengers.tournament"].has_dict["Tournament"] and not pxds["challengers.match"].has_dict["Match"]
    assert pxds["challengers.policies"].base["GreedyPolicy"] == "Policy"
    assert pxds["challengers.tournament"].var_types[("Tournament", "apply_deck_action")]["dp"] == "DeckPhase"
    assert pxds["challengers.tournament"].var_types[("Tournament", "_match_done")]["reserve"] == "PileReserve"
    assert pxds["challengers.tournament"].returns["_new_match"] == "Match"
    assert _declared(pxds, "GreedyPolicy") == {"_removals", "_names", "_max_names", "_min_deck", "_new_name_cost",
                                               "_rng_seed", "_rng"}
    # Both games have a policies module: each is read under its own name.
    assert {"challengers.policies", "cosplay.policies"} <= set(pxds)
    assert {"zones", "hand", "current", "over"} <= pxds["cosplay.state"].fields["CosplayState"]
    assert pxds["cosplay.payment"].fields["Purse"] == {"keys", "groups", "_ways"}
    assert pxds["cosplay.policies"].var_types[(None, "playout")]["state"] == "CosplayState"


@pytest.mark.slow
def test_every_field_a_compiled_module_assigns_is_declared_in_its_pxd():
    pxds = _pxds()
    problems = []
    for module in MODULES:
        problems += field_problems(module, _file(module, ".py").read_text(), pxds)
    assert problems == []


def test_every_declared_field_is_assigned_somewhere_in_its_module():
    """The other way round: a field declared but never set is a leftover of an old version."""
    pxds = _pxds()
    for module in MODULES:
        tree = ast.parse(_file(module, ".py").read_text())
        set_names = {t.attr for t in _assigned(tree) if isinstance(t, ast.Attribute)}
        for cls, fields in pxds[module].fields.items():
            assert fields <= set_names, (module, cls, sorted(fields - set_names))


@pytest.mark.slow
def test_the_check_finds_a_field_the_pxd_does_not_declare():
    """The check itself, on the real files with one field added the ways the code sets them."""
    pxds = _pxds()
    match_py = _file("challengers.match", ".py").read_text()
    edits = [
        ("        self.reveals = 0\n", "        self.reveals = 0\n        self.undeclared = 1\n"),
        ("        m.attacked_by = self.attacked_by\n",
         "        m.attacked_by = self.attacked_by\n        m.undeclared, m.rng = 1, None\n"),
        ("        self.key, self.cards, self.width = sys.intern(key), cards, width\n",
         "        self.key, self.cards, self.width = sys.intern(key), cards, width\n        self.undeclared += 1\n"),
    ]
    for old, new in edits:
        assert old in match_py
        problems = field_problems("challengers.match", match_py.replace(old, new, 1), pxds)
        assert len(problems) == 1 and "undeclared" in problems[0], problems
    tournament_py = _file("challengers.tournament", ".py").read_text()
    typed = "    def _match_done(self, m):\n"            # m typed Match in tournament.pxd
    assert typed in tournament_py
    problems = field_problems("challengers.tournament",
                              tournament_py.replace(typed, typed + "        m.undeclared = 1\n", 1), pxds)
    assert len(problems) == 1 and "Match" in problems[0], problems
    # match_from_spec's m, untyped there, is what _new_match is declared to return: a Match.
    built = "    m.spec = spec\n    return m\n"
    assert built in tournament_py
    edited = tournament_py.replace(built, "    m.spec = spec\n    m.undeclared = 1\n    return m\n", 1)
    assert len(field_problems("challengers.tournament", edited, pxds)) == 1
    piles_py = _file("challengers.piles", ".py").read_text()
    assert field_problems("challengers.piles", piles_py.replace('__slots__ = ("discards", "piles")',
                                                    '__slots__ = ("discards", "piles", "x")'), pxds)
    assert field_problems("challengers.tournament", tournament_py.replace('"deck_phases",', '', 1), pxds)


@pytest.mark.slow
def test_the_check_reads_cosplay_apart_from_challengers():
    """Cosplay's compiled classes are held the same way: a field its state, its clone or a purse
    sets without a declaration is found, under the module's own name."""
    pxds = _pxds()
    state_py = _file("cosplay.state", ".py").read_text()
    edits = [
        ("        self.over = False\n", "        self.over = False\n        self.undeclared = 1\n"),
        ("        c.over = self.over\n", "        c.over = self.over\n        c.undeclared = 1\n"),
    ]
    for old, new in edits:
        assert old in state_py
        problems = field_problems("cosplay.state", state_py.replace(old, new, 1), pxds)
        assert len(problems) == 1 and "engine/cosplay/state.py:" in problems[0] and "CosplayState" in problems[0], problems
    payment_py = _file("cosplay.payment", ".py").read_text()
    old = "        self.groups = groups\n"
    assert old in payment_py
    problems = field_problems("cosplay.payment", payment_py.replace(old, old + "        self.undeclared = 1\n", 1), pxds)
    assert len(problems) == 1 and "Purse" in problems[0], problems
    assert field_problems("cosplay.policies", _file("cosplay.policies", ".py").read_text(), pxds) == []


def test_the_compiled_types_have_the_declared_fields():
    """The build itself: each compiled class's fields (their descriptors) are the .pxd's."""
    import importlib

    pxds = _pxds()
    compiled = 0
    for module in MODULES:
        mod = importlib.import_module(f"engine.{module}")
        if mod.__file__.endswith(".py"):
            continue
        compiled += 1
        tree = ast.parse(_file(module, ".py").read_text())
        for cls, fields in pxds[module].fields.items():
            # Properties are descriptors too: the ones the .py defines are not fields.
            properties = {item.name for node in tree.body if isinstance(node, ast.ClassDef) and node.name == cls
                          for item in node.body if isinstance(item, ast.FunctionDef)}
            own = {name for name, v in vars(getattr(mod, cls)).items()
                   if type(v).__name__ in ("getset_descriptor", "member_descriptor")
                   and name not in ("__dict__", "__weakref__") and name not in properties}
            assert own == fields, (module, cls, sorted(own ^ fields))
    if not compiled:
        pytest.skip("the engine runs pure Python here (no compiled build)")
