"""Cosplay Team Battle's payments at the table and on a phone: one list, the engine's.

A payment is one legal action (the target and its payers).  The table's screen shows the
engine's offered payments for a tapped target, one at a time ("Other payment" goes through
them), and a phone's page has one button per legal action: from the same state, both offer the
same payments for the seat.  The screen reads its table's protocol, never the state; the phone's
words say every payment (the gained points too) by name.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import cards
from engine import registry
from engine.cosplay.view import payment_move
from kiosk.store import Store
from kiosk.table import LocalTable, two_at_the_table

ROOT = Path(__file__).resolve().parents[2]


def test_no_cosplay_screen_module_reads_the_state():
    """The kiosk's Cosplay modules never read ``.state`` (of the table or anything else)."""
    for path in sorted((ROOT / "kiosk" / "games" / "cosplay").glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        reads = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "state"]
        assert reads == [], f"{path.name} reads .state on lines {reads}"


def _table_with_choices(tmp_path, seed=3):
    """A two-person table played by the sensible bot until seat 0 may pay for a target in more
    than one way (and by the gained points, when a seed gets there)."""
    table = LocalTable(Store(tmp_path / "kiosk.db"))
    table.new_game("cosplay", two_at_the_table(), names=("Ana", "Léo"), seed=seed)
    game = registry.get("cosplay")
    bots = [game.policies["sensible"](table.data, s, seed) for s in range(2)]
    for _ in range(400):
        seat = min(table.to_act())
        legal = table.legal(seat)
        targets = {}
        for a in legal:
            m = payment_move(a)
            if m is not None:
                targets.setdefault((m.kind, m.target), []).append(a)
        if seat == 0 and any(len(v) >= 3 for v in targets.values()):
            return table, targets
        table.act(bots[seat].act(table.observation(seat), legal))
    raise AssertionError("no position with a choice of payments")


def test_the_table_and_the_phone_offer_the_same_payments(tmp_path):
    pytest.importorskip("kivy")
    from kiosk.games.cosplay.phone import words
    from kiosk.games.cosplay.play import CosplayScreen
    from kiosk.widgets import Flip  # the shared widgets the screen's rules use, loaded

    assert Flip is not None
    table, targets = _table_with_choices(tmp_path)
    (kind, target), offered = max(targets.items(), key=lambda kv: len(kv[1]))
    screen = CosplayScreen()
    screen.refresh(table)
    if kind == "drama":                                      # each tap: the next purchase offered
        for _ in range(60):
            screen.tap_target("drama", 0)
            if screen.target == ("drama", target):
                break
    else:
        screen.tap_target(kind, target[-1] if kind == "steal" else target[0])
    assert screen._target_action() == (kind, target)
    shown = []
    for _ in range(len(offered)):
        shown.append(screen._proposed(0))
        screen.other_payment(0)
    assert shown == offered                                  # every offered payment, in the engine's order
    assert screen._proposed(0) == offered[0]                 # ... then the first again
    # The phone's page from the same state: one button per legal action, the same payments.
    legal = table.legal(0)
    page = words(table.data, table.observation(0), legal, "en", names=("Ana", "Léo"))
    assert len(page["labels"]) == len(legal)
    phone = [a for a in legal if (m := payment_move(a)) is not None and (m.kind, m.target) == (kind, target)]
    assert phone == shown
    # "Pay" on the table is one stored action: the shown one.
    n = len(table.actions)
    screen.do(0, ("pay",))
    assert table.actions[n:] == [offered[0]]


def test_the_phone_says_every_payment_in_words(tmp_path):
    """"pay pool" once read "pay 104" and broke the page (a traceback on every change): every
    payment now names its target and its payers, the gained points as such, in both languages."""
    from engine.cosplay import GAME
    from engine.game import GameSetup
    from kiosk.games.cosplay.phone import words

    data = GAME.load(cards)
    state = GAME.new(data, GameSetup("cosplay", ("A", "B", "C"), 5))
    state.pool = [2, 1, 0]                                   # points gained by an ability this turn
    obs, legal = state.observation(0), state.legal_actions(0)
    pooled = [a for a in legal if "pool" in a.args]
    assert pooled
    for lang, gained in (("en", "points gained"), ("fr", "points gagnés")):
        page = words(data, obs, legal, lang)
        hand_names = {data.with_players(3).types[c].title(lang) for c in obs["hand"]}
        assert all(not re.search(r"\d{2,}", h) for h in page["hand"])            # names, not numbers
        for a, label in zip(legal, page["labels"], strict=True):
            assert not re.search(r"\b(pay|payer) \d", label), label
            if a in pooled:
                assert gained in label
            m = payment_move(a)
            if m is not None:
                for k in m.payers:
                    if k != "pool" and k in obs["hand"]:
                        assert data.with_players(3).types[k].title(lang) in label
        assert hand_names


def test_a_drama_purchase_split_between_opponents_on_the_table_and_the_phone(tmp_path):
    """At three players, tapping the Drama pile goes through the purchases the engine offers: one
    card to each opponent, then two dealt out every way; a split one says where each card goes,
    on the table (in both languages) and on a phone, and "Pay" plays it as one action."""
    pytest.importorskip("kivy")
    from kiosk.games.cosplay.phone import words
    from kiosk.games.cosplay.play import CosplayScreen
    from kiosk.table import solo
    from kiosk.widgets import Flip

    assert Flip is not None
    table = LocalTable(Store(tmp_path / "kiosk.db"))
    table.new_game("cosplay", solo(2, "sensible"), names=("Ana", "Zoé", "Léo"), seed=5)
    assert table.observation(None)["current"] == 0
    table.state.pool = [6, 0, 0]                     # points gained this turn: two Drama cards' worth
    screen = CosplayScreen()
    screen.refresh(table)
    seen = []
    for _ in range(8):
        screen.tap_target("drama", 0)
        if screen.target is None:
            break
        seen.append(screen.target[1])
    assert seen[:5] == [(1, 1), (1, 2), (2, 1, 1), (2, 1, 2), (2, 2, 2)]
    while screen.target != ("drama", (2, 1, 2)):
        screen.tap_target("drama", 0)
    for lang, want in (("en", "1 to Zoé, 1 to Léo"), ("fr", "1 à Zoé, 1 à Léo")):
        screen.lang = lang
        screen.refresh(table)
        assert want in screen.ids.bottom.status, screen.ids.bottom.status
        legal = table.legal(0)
        labels = words(table.data, table.observation(0), legal, lang, names=("Ana", "Zoé", "Léo"))["labels"]
        split = [label for a, label in zip(legal, labels, strict=True) if a.kind == "drama" and a.args[:3] == (2, 1, 2)]
        assert split and all(want in label for label in split)
    n = len(table.actions)
    screen.do(0, ("pay",))
    assert [a.args[:3] for a in table.actions[n:]] == [(2, 1, 2)]
    assert [sum(1 for c in table.observation(None)["seats"][q]["discard"]
                if table.data.with_players(3).types[c].type == "drama") for q in (1, 2)] == [1, 1]
