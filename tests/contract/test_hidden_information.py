"""No place that shows a game tells a seat what another seat hides, for every registered game.

One checker (tests/support/leaks.py) reads the secrets from the contract (``determinize``: what
changes in a seat's view when the state is rebuilt from another seat's view) and looks for them
where a seat or the public reads: the table's per-seat observations, the phones' views, what
just happened at the table (each half's sentences, the log) and the saved game as home lists it.
Played at a real :class:`kiosk.table.LocalTable` on a real SQLite store, seat by seat, with
random legal moves.  And the checker itself is shown to fail on a view that leaks.
"""

from __future__ import annotations

import json
import random

import pytest
import toygame
from leaks import (
    assert_no_leaks,
    json_texts,
    observation_leaks,
    secrets,
    secrets_by_owner,
    text_leaks,
    visible_texts,
    widget_leaks,
)

from engine import registry
from engine.game import GameSetup
from kiosk import i18n, saved
from kiosk.games import registry as kiosk_games
from kiosk.phones.host import seat_view
from kiosk.phones.table_host import TableSeatHost
from kiosk.store import Store
from kiosk.table import LocalTable, Seat
from kiosk.table.happened import log_lines, said_to

HIDDEN = [g for g in registry.games() if g.hidden_information]

#: Actions played per game, and every how many the surfaces are checked (a Challengers! tournament
#: is thousands of actions: its deck phase and first matches are enough to meet its secrets).
ACTIONS, EVERY = 120, 2


def test_every_game_with_hidden_information_is_checked():
    """The games checked are the registry's, and each can rebuild a state from one seat's view
    (else :func:`leaks.secrets` would find nothing to hide and every check would pass)."""
    assert {g.name for g in HIDDEN} == {a.name for a in registry.abouts() if a.hidden_information}
    missing = [g.name for g in HIDDEN if g.determinize is None]
    assert not missing, f"games with hidden information but no determinize (the leak check reads it): {missing}"


class Words:
    """What a game's ``say`` reads, without a screen (the table's words in English)."""

    lang = "en"

    def __init__(self, table: LocalTable):
        self.table = table

    def t(self, key: str, **fmt) -> str:
        return i18n.tr(key, self.lang, **fmt)

    def player_name(self, seat: int) -> str:
        return self.table.setup.players[seat]

    def is_bot(self, seat: int) -> bool:
        return self.table.is_bot(seat)

    @property
    def game_data(self):
        return self.table.data

    @property
    def player_count(self) -> int:
        return len(self.table.seats)


NAMES = ("Ana", "Léo", "Zoé", "Max", "Eva", "Noé", "Kim", "Lou")


def seating(game, data, options) -> tuple[Seat, ...]:
    """Two people face to face, and a bot on no half when the game seats three as asked (Challengers!
    seats its Robot beside an odd number of players: two people there)."""
    for n in (3, 2, game.min_players):
        if game.min_players <= n <= game.max_players and \
                game.new(data, GameSetup(game.name, NAMES[:n], 0, options)).num_players == n:
            return ((Seat.person(0), Seat.person(1)) + tuple(Seat.bot("random") for _ in range(n - 2)))[:n]
    raise AssertionError(f"{game.name}: no seating of two or three players")


def new_table(tmp_path, game) -> LocalTable:
    table = LocalTable(Store(tmp_path / "kiosk.db"))
    kg = kiosk_games.find(game.name)
    options = kg.options("two") if kg is not None else {}
    seats = seating(game, table.data_for(game), options)
    assert table.new_game(game.name, seats, names=NAMES[:len(seats)], seed=11, options=options) is not None
    return table


def surface_leaks(table: LocalTable, seen: dict | None = None) -> list[str]:
    """Every leak the checker finds now, at every surface, for every viewer.  ``seen``: what each
    viewer's observations have shown so far (a sentence about a past move may name a card shown
    then and hidden again since, e.g. a Challengers! card revealed in a match, back in a deck)."""
    game, data, state = table.game, table.data, table.state
    kg = kiosk_games.find(game.name)
    host = TableSeatHost(table, post=lambda fn: fn())
    words = Words(table)
    found: list[str] = []
    for viewer in list(range(len(table.seats))) + [None]:
        hidden = secrets_by_owner(game, data, state, viewer)
        if not any(hidden.values()):
            continue
        who = "the public" if viewer is None else f"seat {viewer}"
        engine_view = state.observation(viewer)
        found += [f"the table's observation for {who}: {x}"
                  for x in observation_leaks(table.observation(viewer), engine_view, hidden)]
        if viewer is not None:
            view = json.loads(seat_view(host, viewer).text)
            found += [f"the phone view of seat {viewer}: {x}"
                      for x in observation_leaks(view["observation"], engine_view, hidden)]
            rest = {k: v for k, v in view.items() if k != "observation"}
            found += [f"the phone view of seat {viewer}: {x}"
                      for x in text_leaks(json_texts(rest), hidden, visible=visible_texts(engine_view))]
        if kg is not None and kg.say is not None:
            if viewer is None:
                # The log's text.  (Its lines may draw a card hidden again since, shown when it was
                # played, a hand shown for a moment: the cards a line draws are held to what was
                # shown around its move by test_happened.py and the real app's drive_lastmove.py.)
                lines = log_lines(table.history.moves, kg.say, words)
                found += [f"the log: {x}" for x in text_leaks(lines, hidden, visible=visible_texts(engine_view))]
            else:
                told = said_to(table.history.moves, viewer, kg.say, words)
                shown = visible_texts(engine_view) | (seen or {}).get(viewer, frozenset())
                found += [f"what {who} is told happened: {x}" for x in widget_leaks(told, hidden, visible=shown)]
    if table.table_id is not None:
        public = secrets_by_owner(game, data, state, None)
        listed = [saved.describe(s, lang, i18n.tr) for s in saved.saved_games(table.store, table.data_for)
                  for lang in ("en", "fr")]
        found += [f"the saved game on home: {x}"
                  for x in text_leaks(listed, public, visible=visible_texts(state.observation(None)))]
    return found


def play_and_check(table: LocalTable, actions: int = ACTIONS, every: int = EVERY) -> int:
    """Random legal moves, seat by seat; every ``every``-th state checked.  Returns the checks
    that met a secret."""
    rng = random.Random(5)
    met = 0
    seen: dict[int, frozenset] = {}
    for step in range(actions):
        for viewer in range(len(table.seats)):
            seen[viewer] = seen.get(viewer, frozenset()) | visible_texts(table.state.observation(viewer))
        if step % every == 0:
            assert_no_leaks(f"{table.game.name} after {step} actions", surface_leaks(table, seen))
            met += any(any(secrets_by_owner(table.game, table.data, table.state, v).values())
                       for v in range(len(table.seats)))
        acting = sorted(table.to_act())
        if not acting:
            break
        seat = rng.choice(acting)
        assert table.act(rng.choice(table.legal(seat))) is not None
    return met


@pytest.mark.parametrize("game", HIDDEN, ids=lambda g: g.name)
def test_no_surface_shows_another_seats_secrets(tmp_path, game):
    table = new_table(tmp_path, game)
    met = play_and_check(table)
    assert met >= 3, f"{game.name}: the check met a secret only {met} times (is anything hidden?)"


def test_a_newly_registered_game_is_checked_the_same_way(tmp_path, monkeypatch):
    """The toy game, registered as a fifth game would be: nothing here or in the checker names it."""
    real_get = registry.get
    monkeypatch.setattr(registry, "get", lambda name: toygame.GAME if name == toygame.GAME.name else real_get(name))
    table = LocalTable(Store(tmp_path / "kiosk.db"), data_for=lambda game: {})
    assert table.new_game(toygame.GAME.name, seating(toygame.GAME, {}, {}), names=NAMES[:3], seed=4) is not None
    assert play_and_check(table, every=1) >= 3
    assert table.new_game(toygame.GAME.name, seating(toygame.GAME, {}, {}), names=NAMES[:3], seed=5) is not None
    monkeypatch.setattr(LocalTable, "observation", _leaky_observation(LocalTable.observation))
    with pytest.raises(AssertionError, match=r"highcard after 0 actions .* seat \d's"):
        play_and_check(table)


# ------------------------------------------------------------------ the checker catches leaks

def _leaky_observation(real):
    """An observation that also carries every other seat's view (what a careless table would send)."""
    def observation(self, seat):
        view = real(self, seat)
        if seat is None or self.state is None:
            return view
        return dict(view, others=[self.state.observation(q) for q in range(len(self.seats)) if q != seat])
    return observation


@pytest.mark.parametrize("game", HIDDEN, ids=lambda g: g.name)
def test_the_checker_fails_when_the_table_leaks_another_seats_hand(tmp_path, monkeypatch, game):
    table = new_table(tmp_path, game)
    monkeypatch.setattr(LocalTable, "observation", _leaky_observation(LocalTable.observation))
    with pytest.raises(AssertionError, match=r"the table's observation for seat \d: seat \d's"):
        play_and_check(table)


def test_the_checker_fails_on_a_sentence_naming_a_hidden_card():
    state = toygame.GAME.new(None, toygame.GameSetup("highcard", ("a", "b"), 3))
    hidden = {1: secrets(toygame.GAME, None, state, 1, 0)}
    assert hidden[1], "the other seat's hand is a secret"
    card = min(hidden[1])
    assert observation_leaks(dict(state.observation(0), peek=card), state.observation(0), hidden)
    assert not observation_leaks(state.observation(0), state.observation(0), hidden)

    class Face:
        def __init__(self, card=None, text=""):
            self.card, self.text = card, text

    assert widget_leaks([Face(card=str(card))], hidden)
    assert widget_leaks([Face(text=f"Bot holds the {card}")], hidden, names=lambda c: [f"the {c}"])
    assert not widget_leaks([Face(card=str(card))], hidden, allowed=lambda w, owner: True)
    with pytest.raises(AssertionError, match="shows what it may not: seat 1's"):
        assert_no_leaks("a half", widget_leaks([Face(card=card)], hidden))
