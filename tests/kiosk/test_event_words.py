"""A finished game's log in the kiosk's words: for every game whose kiosk package says events
itself (``KioskGame.events``: the engine's message ids through the game's catalogue), every event
of seeded random games is said in English, in French (otherwise) and in the pseudo-locale with
nothing but names and data left unaccented -- as the saved-games screen says it
(``kiosk.saved``) -- and every message id the engine may answer is met but the rare ones."""

from __future__ import annotations

import importlib
import random

import pytest
from pseudo_check import untranslated

import cards
from engine import registry
from engine.events import Event
from engine.game import GameSetup
from kiosk.games import registry as kiosk_games
from kiosk.i18n import PSEUDO
from kiosk.saved import Finished, _event_words

NAMES = ("Ann", "Bob", "Cy")
#: Message ids seeded random games do not meet, per game, and why.
RARE = {
    "cosplay": {"cpe_unknown": "an event kind the kiosk does not know", "cpe_game_over_draw": "a draw",
                "cpe_last_round_objectives": "a game short of objectives: rare",
                **{key: "tests/kiosk/test_cosplay_events.py says every ability and combo" for key in (
                    "cpe_combo", "cpe_ability_discount", "cpe_ability_none", "cpe_ability_score")}},
    "wacky": {"wke_unknown": "an event kind the kiosk does not know"},
    "between": {"bbe_unknown": "an event kind the kiosk does not know"},
}


def _made_events(name: str, data):
    """Events the seeded games seldom make, made here: Wacky Challenge's every booster and ends,
    Between Battle's every event, ability and end."""
    if name == "between":
        effects = ("discard-random", "tutor", "draw", "pull-top", "bind-pile", "silence", "extra-turn", "reveal-hand")
        reasons = ("hit-points", "coup-fatal", "coup-fatal-hit-points", "coup-fatal-tie", "no-cards")
        return [Event("turn", 0, None, 3), Event("play", 0, "knight-7", "a"), Event("raise", 1, "ninja-2", "b"),
                Event("link", 0, "pirate-5", "a", 2), Event("wild", 0, None, "b"), Event("silenced", 1, "cowboy-3"),
                Event("discard", 1, "knight-joker"), Event("draw", 0, None, 2), Event("coup-fatal", 0, None, 3),
                Event("take", 0, None, 1), Event("shuffle", 0), Event("silence", 1), Event("damage", 0),
                Event("bind", 1, None, "a"), Event("give", 0, None, "b"), Event("reveal", 1, None, None, ("ninja-4",)),
                Event("reveal", 1, None, None, ()), Event("move", 0, "pirate-9", "b", "a"),
                Event("hit", 0, None, 4, "a"),
                *(Event("ability", 0, "ninja-8", None, e) for e in effects),
                *(Event("win", 1, None, None, r) for r in reasons)]
    if name != "wacky":
        return []
    a, b = data.names[0], data.names[1]                  # two race cards by id
    boosts = [("raise", "train"), ("swap", a, b), ("fastest",), ("choose-last",), ("disguise",), ("speed-first",),
              ("upside-down",)]
    return [*(Event("boost", 0, None, None, info) for info in boosts),
            Event("end", None, None, None, ("speeds", 1)), Event("end", None, None, None, ("shared", 0, 1))]


def _random_play(state, seed: int, moves: int):
    """The events of ``state`` played on by uniformly random legal moves (seeded), at most ``moves``."""
    rng = random.Random(seed)
    for _ in range(moves):
        who = sorted(state.to_act())
        if not who:
            return
        yield from state.apply(rng.choice(state.legal_actions(who[0])))


def _games_with_event_words() -> list[str]:
    return [kg.game for kg in kiosk_games.games() if kg.events is not None]


def _games_with_event_messages() -> list[str]:
    """Those whose engine gives each event's message id (``engine.<game>.text.event_message``);
    Challengers!' kiosk says its events from the events themselves (tested below)."""
    return [name for name in _games_with_event_words()
            if hasattr(importlib.import_module(f"engine.{name}.text"), "event_message")]


def test_the_games_with_their_own_event_words():
    assert {"between", "challengers", "cosplay", "wacky"} <= set(_games_with_event_words())


@pytest.mark.parametrize("name", _games_with_event_messages())
def test_a_finished_games_log_is_said_through_the_catalogue_in_every_language(name):
    game = registry.get(name)
    kg = kiosk_games.get(name)
    messages = importlib.import_module(kg.events.partition(":")[0]).MESSAGES
    met, lines = set(), 0
    message_of = importlib.import_module(f"engine.{name}.text").event_message
    for seed in range(6):
        players = max(game.min_players, min(2 + seed % 2, game.max_players))
        names = NAMES[:players]
        listed = Finished(1, name, 0.0, names, ())
        say = {lang: _event_words(listed, lambda g: g.load(cards), lang) for lang in ("en", "fr", PSEUDO)}
        state = game.new(game.load(cards), GameSetup(name, names, seed))
        for event in _random_play(state, seed, 3000):
            met.add(message_of(event)[0])
            en, fr, qps = (say[lang](event) for lang in ("en", "fr", PSEUDO))
            assert en and fr and qps, event
            assert not untranslated(qps, names), (event, qps)
            lines += 1
    listed = Finished(1, name, 0.0, NAMES[:2], ())
    for event in _made_events(name, game.load(cards)):
        met.add(message_of(event)[0])
        for lang in ("en", "fr", PSEUDO):
            said = _event_words(listed, lambda g: g.load(cards), lang)(event)
            assert said and (lang != PSEUDO or not untranslated(said, NAMES)), (event, said)
    assert lines > 100
    missed = set(messages) - met - set(RARE.get(name, {}))
    assert not missed, sorted(missed)


def test_a_finished_challengers_games_log_is_said_through_the_catalogue_in_every_language():
    """Seeded tournaments (solo against the Robot, two and three players) played by random moves:
    every event but a question is said in English, French and the pseudo-locale, the last with
    nothing but the players' and cards' names unaccented; each kind of event the tournaments
    make is said."""
    from kiosk.games.challengers.events import SILENT
    game = registry.get("challengers")
    data = game.load(cards)
    kinds, lines = set(), 0
    for seed, players in enumerate((1, 2, 3)):
        names = NAMES[:players] + (("Robot",) if players % 2 else ())
        listed = Finished(1, "challengers", 0.0, names, ())
        say = {lang: _event_words(listed, lambda g: data, lang) for lang in ("en", "fr", PSEUDO)}
        state = game.new(data, GameSetup("challengers", NAMES[:players], seed))
        for event in _random_play(state, seed, 20000):
            en, fr, qps = (say[lang](event) for lang in ("en", "fr", PSEUDO))
            if event.kind in SILENT:
                continue
            kinds.add(event.kind)
            assert en and fr and qps, event
            assert not untranslated(qps, names), (event, qps)
            lines += 1
        assert state.outcome() is not None
    assert lines > 300
    assert {"round", "match", "option", "pick", "deck-done", "reveal", "flag", "win", "trophy", "champion"} <= kinds
