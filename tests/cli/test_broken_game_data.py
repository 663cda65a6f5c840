"""A broken bundled game file, for every game: `tablecup simulate` and `tablecup cards check` say
one line naming the file, the card and the field (a wrong value, or a byte that is not UTF-8),
never a traceback.  Real processes on a copy of the bundled data with one field broken."""

import subprocess
import sys

import pytest
from broken_data import BYTE_BREAKS, FIELD_BREAKS, ROOT, broken_cards, env_with
from registered import assert_every_game_has, engine_games

PLAYERS = {"between": 2, "wacky": 3, "cosplay": 3, "challengers": 2}
TITLES = {"between": "Between Battle", "wacky": "Wacky Challenge", "cosplay": "Cosplay Team Battle",
          "challengers": "Challengers!"}
CASES = [(kind, b) for kind, breaks in (("field", FIELD_BREAKS), ("byte", BYTE_BREAKS)) for b in breaks.values()]


def test_every_registered_game_has_its_broken_files():
    for what, table in (("broken field", FIELD_BREAKS), ("broken byte", BYTE_BREAKS), ("player count", PLAYERS),
                        ("title", TITLES)):
        assert_every_game_has(table, engine_games(), f"{what} in the broken-data tests")


def tablecup(*args, cwd, data, **extra):
    env = env_with(cwd, TABLECUP_DATA=str(data), **extra)
    return subprocess.run([sys.executable, "-m", "tablecup.cli", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


def one_line(p):
    lines = [ln for ln in p.stderr.splitlines() if ln.strip()]
    assert "Traceback" not in p.stderr and len(lines) == 1, p.stderr
    return lines[0]


@pytest.mark.parametrize(("kind", "brk"), CASES, ids=[f"{b.game}-{kind}" for kind, b in CASES])
def test_simulate_says_one_line(tmp_path, kind, brk):
    copy = broken_cards(tmp_path / "copy", brk)
    p = tablecup("simulate", "--game", brk.game, "--players", str(PLAYERS[brk.game]), cwd=copy, data=tmp_path)
    assert p.returncode == 2 and one_line(p) == f"tablecup: {brk.line(copy)}"


def test_cards_check_checks_every_game_bundled_files(tmp_path):
    copy = broken_cards(tmp_path / "copy")
    p = tablecup("cards", "check", cwd=copy, data=tmp_path)
    assert p.returncode == 0 and p.stderr == "", p.stderr
    assert p.stdout.splitlines() == [f"{TITLES[g]} (bundled files): ok" for g in sorted(TITLES)] + [
        "no house sets to check (put them in the data folder's cards/ folder, or name files)"]


@pytest.mark.parametrize("game", sorted(FIELD_BREAKS))
def test_cards_check_names_the_broken_game_and_checks_the_others(tmp_path, game):
    brk = FIELD_BREAKS[game]
    copy = broken_cards(tmp_path / "copy", brk)
    p = tablecup("cards", "check", cwd=copy, data=tmp_path)
    assert p.returncode == 2 and one_line(p) == f"tablecup: {brk.line(copy)}"
    assert [ln for ln in p.stdout.splitlines() if ln.endswith(": ok")] == [
        f"{TITLES[g]} (bundled files): ok" for g in sorted(TITLES) if g != game]


@pytest.mark.parametrize("game", [g for g in engine_games() if g != "challengers"])   # not a Challengers! set
@pytest.mark.slow
def test_cards_check_takes_a_game_data_file_as_that_game(tmp_path, game):
    """A file in a game's data folder is checked as that game's data (it was read as a Challengers!
    set: "unknown key 'own_design'"), and --game says it for a file anywhere else."""
    bundled = ROOT / "cards" / FIELD_BREAKS[game].file
    p = tablecup("cards", "check", str(bundled), cwd=ROOT, data=tmp_path)
    assert p.returncode == 0 and p.stdout.strip() == f"{bundled}: ok", p.stderr
    mine = tmp_path / "mine.toml"
    brk = FIELD_BREAKS[game]
    mine.write_bytes(bundled.read_bytes().replace(brk.old, brk.new))
    p = tablecup("cards", "check", "--game", game, str(mine), cwd=ROOT, data=tmp_path)
    assert p.returncode == 2 and one_line(p) == f"tablecup: {mine}{brk.why}"
    mine.write_bytes(bundled.read_bytes())
    p = tablecup("cards", "check", "--game", game, str(mine), cwd=ROOT, data=tmp_path)
    assert p.returncode == 0 and p.stdout.strip() == f"{mine}: ok", p.stderr


def test_cards_check_refuses_an_unknown_game(tmp_path):
    p = tablecup("cards", "check", "--game", "chess", cwd=ROOT, data=tmp_path)
    assert p.returncode == 2 and one_line(p).startswith("tablecup: --game: unknown game 'chess'")


@pytest.mark.slow
def test_no_bundled_file_field_gives_a_traceback():
    """Every field of every game's bundled files (each key once per file), given a value of the
    wrong kind or left out: the game's own data error (one line), never another exception (a list
    where a word was expected made `x in table` raise TypeError)."""
    import re

    import cards
    from engine import registry
    from engine.challengers.cards import parse_set
    from engine.challengers.rules import parse_box, parse_lesson, parse_plan, parse_rules
    from engine.errors import GameDataError

    bundled = {}

    class Instead:
        """The bundled files (read once), ``path`` given ``text``."""

        def __init__(self, path, text):
            self.path, self.text = path, text

        def read(self, rel):
            return self.text if rel == self.path else cards.read(rel)

        def files(self, folder, pattern="*.toml"):
            if (folder, pattern) not in bundled:
                bundled[folder, pattern] = cards.files(folder, pattern)
            return [(p, self.text if p == self.path else t) for p, t in bundled[folder, pattern]]

    def whole_game(game):
        return lambda path, text: registry.get(game).load(Instead(path, text))

    # Challengers!: each file through its own parser (the library loads some twenty files).
    load = {"between/characters.toml": whole_game("between"), "wacky/wacky.toml": whole_game("wacky"),
            "cosplay/box.toml": whole_game("cosplay"),
            "base/city.toml": lambda path, text: parse_set(path, text, {"A": 3, "B": 5, "C": 10}),
            "robot/robot.toml": lambda path, text: parse_set(path, text, None),
            "base/box.toml": parse_box, "rules.toml": parse_rules, "plans/plan-4.toml": parse_plan,
            "lessons/first-match.toml": lambda path, text: parse_lesson(path, text, lambda cid: True)}
    wrong = ['"x"', "-1", "[]", "{}", "true", '["x"]', "[1]"]
    other = []
    tried = 0
    for path, parse in load.items():
        lines = cards.read(path).split("\n")
        seen = set()
        for i, text in enumerate(lines):
            variants = []
            key = re.match(r"^(\s*([A-Za-z0-9_.-]+)\s*=\s*)(.+)$", text)
            if key and key.group(2) not in seen:
                seen.add(key.group(2))
                variants += [key.group(1) + v for v in wrong] + [""]
            for inner in re.finditer(r"(\w+) = ([^,}]+)", text):
                if (key and key.group(2), inner.group(1)) not in seen:
                    seen.add((key and key.group(2), inner.group(1)))
                    variants += [text[:inner.start(2)] + v + text[inner.end(2):] for v in wrong]
            for variant in variants:
                tried += 1
                try:
                    parse(path, "\n".join(lines[:i] + [variant] + lines[i + 1:]))
                except GameDataError:
                    pass
                except Exception as e:  # noqa: BLE001 -- what the test looks for
                    other.append(f"{path}:{i + 1}: {variant.strip()!r}: {type(e).__name__}: {e}")
    assert tried > 500 and other == [], "\n".join(other[:20])
