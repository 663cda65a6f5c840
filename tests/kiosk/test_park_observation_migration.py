"""A kiosk.db that a park's kiosk wrote before observation schema 1 (``fixtures/kiosk-park-obs0.db``,
made by ``tests/coordinator/make_observation_v0.py`` from that code): its saved park view holds a
player's Deck Phase waiting on a when-picked choice, its steps named by the engine's methods.
Today's kiosk opens it, and reads that Deck Phase (and one an older coordinator sends the same way)
as today's observation; a Deck Phase of a newer schema is not guessed at."""

from __future__ import annotations

import copy
import shutil
import sqlite3
from pathlib import Path

import pytest

import cards
from engine.challengers.library import load
from engine.challengers.steps import upgrade_observation
from engine.game import OBSERVATION_SCHEMA, ObservationSchemaError
from kiosk.games.challengers.park import deck_observation, library_data
from kiosk.park import ParkController
from kiosk.store import Store

FIXTURE = Path(__file__).parent / "fixtures" / "kiosk-park-obs0.db"


@pytest.fixture
def opened(tmp_path):
    db = tmp_path / "kiosk.db"
    shutil.copy(FIXTURE, db)
    assert sqlite3.connect(db).execute("pragma user_version").fetchone()[0] == 3
    store = Store(db)
    yield store
    store.close()


def waiting(view):
    return [d for d in view["private"]["deck_phases"] if d["context"] is not None]


def test_the_saved_park_view_of_an_old_kiosk_is_read_as_todays_observation(opened):
    lib = load(cards)
    pc = ParkController(opened, data_for=library_data(lib))
    saved = opened.get("park_last_view")
    assert pc.view == saved and pc.tid == saved["tournament"] and pc.park == 1
    (old,) = waiting(saved)
    assert "schema" not in old and "_then" in str(old["context"])
    # The saved view, as the coordinator of that time sends it again: the player's Deck Phase is read.
    pc.on_view(copy.deepcopy(saved), opened.get("park_last_public"))
    seen = deck_observation(copy.deepcopy(old))
    assert seen["schema"] == OBSERVATION_SCHEMA and seen == upgrade_observation(copy.deepcopy(old))
    assert set(_steps(seen["context"])) == {"answer_then_rest", "answer_extra_draw"}
    dv = pc.table.deck_states[old["player"]]
    assert dv.stage == "choose" and dv.pending is not None and dv.pending.source == old["pending"]["source"]
    assert [c.id for c in dv.deck] == old["deck"] and [c.id for c in dv.drawn] == old["drawn"]
    assert pc.say("en") == ""


def test_a_deck_phase_of_a_newer_schema_is_refused_and_the_one_held_is_kept(opened):
    lib = load(cards)
    pc = ParkController(opened, data_for=library_data(lib))
    saved = opened.get("park_last_view")
    pc.on_view(copy.deepcopy(saved), None)
    (old,) = waiting(saved)
    held = pc.table.deck_states[old["player"]]
    newer = copy.deepcopy(saved)
    newer["version"] += 1
    for d in newer["private"]["deck_phases"]:
        d["schema"] = OBSERVATION_SCHEMA + 1
    pc.on_view(newer, None)
    assert pc.table.deck_states[old["player"]] is held
    assert pc.table.said[0] == "park_newer_format" and "update this kiosk" in pc.say("en")
    with pytest.raises(ObservationSchemaError, match="update Tablecup"):
        deck_observation(newer["private"]["deck_phases"][0])


def _steps(value):
    if isinstance(value, dict):
        if set(value) == {"step"}:
            return [value["step"]]
        return [s for v in value.values() for s in _steps(v)]
    if isinstance(value, list):
        return [s for v in value for s in _steps(v)]
    return []
