"""The guided first match's hints (kiosk/games/challengers/guide.py), without Kivy: the lesson
played at a LocalTable as the app plays it; at every moment the player's half has a sentence
that matches what the match shows, the Robot's half none, and other games none."""

import re

import pytest
from kiosk_helpers import challengers_table

import cards
from engine.challengers.library import load
from kiosk import i18n
from kiosk.games.challengers.guide import guide_line
from kiosk.store import open_store


@pytest.fixture(scope="module")
def lib():
    return load(cards)


def _table(lib, tmp_path):
    pending = []
    store, _ = open_store(tmp_path / "kiosk.db")
    c = challengers_table(lib, store, schedule=lambda fn, delay: pending.append(fn))
    return c, pending


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_moment_of_the_lesson_has_its_sentence(lib, tmp_path, lang):
    c, pending = _table(lib, tmp_path)
    c.new_game(("Player",), seed=lib.lesson("first-match").seed, lesson="first-match")
    seen = []
    for _ in range(200):
        if c.result is not None:
            break
        m = c.match_view()
        line = guide_line(c, 0, lang, i18n.tr)
        assert line and "{" not in line, (m.expect, line)
        assert guide_line(c, 1, lang, i18n.tr) == ""                  # the Robot's half
        seen.append((m.expect, m.holder, m.sides[0].seats_used(), len(m.attack), line))
        kind, who = m.expect
        if kind == "toss":
            c.submit(None, "match.toss")
        elif kind == "reveal" and who == 0:
            c.submit(0, "match.reveal")
        else:
            pending.pop(0)()                                        # the Robot's move
    assert c.result is not None and c.result["winner"] == 0
    assert guide_line(c, 0, lang, i18n.tr) == ""                       # the held end speaks for itself
    c.ack_result()
    assert c.t.over and guide_line(c, 0, lang, i18n.tr) == ""
    lines = [s[-1] for s in seen]
    assert len(set(lines)) >= 8
    # The numbers said are the match's: an attack's total and the flag's power, the bench's seats.
    for (kind, who), holder, seats, attack, line in seen:
        if kind == "reveal" and who == 0 and holder == 1 and attack == 0 and 0 < seats < 5:
            assert re.search(rf"\b{seats}\b", line), line
    # After each capture by the Robot the sentence is a new one.
    caps = [k for k in range(1, len(seen)) if seen[k][1] == 1 and seen[k - 1][1] != 1]
    assert caps and all(seen[k][-1] != seen[k - 1][-1] for k in caps)


def test_no_sentence_outside_a_lesson(lib, tmp_path):
    c, _ = _table(lib, tmp_path)
    c.new_game(("Player",), seed=3)
    assert c.t.lesson is None and c.t.phase == "deck"
    assert guide_line(c, 0, "en", i18n.tr) == ""


def test_the_guide_knows_a_lesson_from_the_tables_set_up(lib, tmp_path, monkeypatch):
    """The product's board has no engine to peek at (the tests' ``c.t``): the guide reads the
    lesson from the game's set-up, so the guided first match speaks in the real app too."""
    from kiosk.games.challengers.board import Board
    c, _ = _table(lib, tmp_path)
    c.new_game(("Player",), seed=lib.lesson("first-match").seed, lesson="first-match")
    monkeypatch.delattr(Board, "t")
    assert c.lesson == "first-match" and guide_line(c, 0, "en", i18n.tr)
