"""What just happened, without Kivy: the table keeps every move with the cards the public view
showed around it (kiosk/table/happened.py), and each game says a run of moves for one reader
(kiosk/games/<game>/happened.py) -- naming only those cards, in English and French, every
sentence of its catalogue.  The real app's strips and log: test_last_moves_app.py."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from registered import script_for, table_games

from engine import registry
from engine.events import Event
from kiosk import i18n
from kiosk.games import registry as kiosk_games
from kiosk.table.happened import Move, Run, latest_runs, log_lines, runs, said_to
from kiosk.table.local import game_data


class Words:
    """What a game's ``say`` reads: the screen's words, without a screen."""

    def __init__(self, game: str, lang: str, players: int, asked: set[str]):
        self.lang, self.asked = lang, asked
        self.game_data = game_data(registry.get(game))
        self.player_count = players

    def t(self, key: str, **fmt) -> str:
        self.asked.add(key)
        return i18n.tr(key, self.lang, **fmt)

    def player_name(self, seat: int) -> str:
        return ["Ana", "Bot 1", "Bot 2", "Bot 3"][seat]

    def is_bot(self, seat: int) -> bool:
        return seat > 0


def _run(seat, events, shown=()):
    return Run(seat, (Move(seat, tuple(events), frozenset(shown)),))


def between_runs():
    e = Event
    shown = {"pirate-7", "ninja-5", "ninja-9", "knight-3", "pirate-2"}
    return [
        _run(1, [e("turn", 1, None, 4), e("play", 1, "pirate-7", "a"), e("ability", 1, "pirate-7", None, "discard-random"),
                 e("discard", 0, "ninja-5")], shown),
        _run(1, [e("play", 1, "ninja-9", "b"), e("ability", 1, "ninja-9", None, "reveal-hand"),
                 e("reveal", 0, None, None, ("pirate-2", "knight-3"))], shown),
        _run(1, [e("reveal", 0, None, None, ())], shown),
        _run(1, [e("link", 1, "knight-3", "a", 4)], shown),
        _run(1, [e("play", 1, "pirate-joker", "a"), e("raise", 1, "pirate-2", "a"), e("wild", 1, None, "b")], shown),
        _run(1, [e("silenced", 1, "pirate-7"), e("ability", 1, "x", None, "draw"), e("ability", 1, "x", None, "extra-turn"),
                 e("take", 1, None, 1), e("bind", 0, None, "a"), e("silence", 0), e("move", 1, "knight-3", "a", "b")], shown),
        _run(1, [e("damage", 1), e("hit", 1, None, 3, "a")], shown),
        _run(1, [e("give", 1, None, "b"), e("hit", 0, None, 2, "b")], shown),
        _run(1, [e("coup-fatal", 1, None, 6)], shown),
    ]


def wacky_runs(data):
    e = Event
    cards = list(data.names)[:4]
    return [
        _run(1, [e("choose", 1)]),
        _run(2, [e("choose", 2), e("reveal", None, None, None, ((0, cards[0]), (1, cards[1]))), e("order", None, None, None, (1, 0))],
             cards),
        _run(1, [e("pick", 1, cards[1]), e("shift", None, cards[2], 1, ("car",)), e("booster", 1, cards[1], None, "raise"),
                 e("boost", 1, cards[1], None, ("raise", "car"))], cards),
        _run(1, [e("boost", 1, cards[1], None, ("swap", cards[0], cards[3])), e("boost", 1, cards[1], None, ("fastest",))],
             cards),
        _run(1, [e("pass", 1, cards[1], None, "raise"), e("pick", 1, "not-shown")], cards[:1]),
    ]


def cosplay_runs(data, players):
    e = Event
    types = data.with_players(players).types
    shown = {str(k) for k in range(8)}
    return [
        _run(1, [e("turn", 1, None, 3), e("place", 1, types[1].id, 1), e("attach", 1, types[2].id, 2, types[1].id),
                 e("recruit", 1, types[3].id, 3, (4, 0)), e("complete", 1, types[4].id, 4, (1, 0, 3)),
                 e("end-turn", 1), e("turn", 2, None, 3), e("place", 2, types[5].id, 5)], shown),
        _run(1, [e("steal", 1, types[5].id, 5, (0, 1)), e("drama", 1, None, 2, 0), e("use", 1, types[6].id, 6, "discard"),
                 e("combo", 1, types[7].id, 7, ())], shown),
        _run(1, [e("steal", 1, types[5].id, 5, (2, 1)), e("drama", 1, None, 1, 2), e("recruit", 1, types[9].id, 9, (2, 0))],
             shown),
        _run(1, [e("end-turn", 1)], shown),
    ]


def _did_keys(domain: str) -> set[str]:
    with open(i18n.LOCALE_DIR / "en" / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        keys = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(f) if m.id}
    return {k for k in keys if "_did_" in k}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", table_games())
def test_every_sentence_is_said_whole_and_names_only_cards_shown(game, lang):
    asked: set[str] = set()
    words = Words(game, lang, min(4, registry.about(game).max_players), asked)
    say = kiosk_games.get(game).say
    data = words.game_data
    made = script_for({"between": between_runs, "wacky": lambda: wacky_runs(data),
                       "cosplay": lambda: cosplay_runs(data, 4)}, game, "runs of moves to say")()
    for run in made:
        for reader in (0, 2, None):
            said = say(run, reader, words)
            assert said is not None and said.text, (run, reader)
            assert "{" not in said.text and not re.search(r"\b[a-z]+_did_[a-z_]+\b", said.text), said.text
            # a card drawn is a card shown around the move; one not shown is said "a card"
            assert set(said.cards) <= run.shown, (said.cards, run.shown)
    # Every sentence of the game's catalogue was said (in both languages: the catalogue check
    # says French has each of them).
    assert _did_keys(game) <= asked, sorted(_did_keys(game) - asked)
    # Reader 0 hears "your" where the move touched their cards; the log hears names.
    if game == "between":
        you, log = say(made[0], 0, words).text, say(made[0], None, words).text
        assert ("your" if lang == "en" else "votre") in you and "Ana" in log
        assert "Ninja 5" in you and say(made[0], 0, words).cards == ("pirate-7", "ninja-5")
    if game == "wacky":
        hidden = say(made[-1], 0, words)
        assert "not-shown" not in hidden.cards and i18n.tr("wk_did_a_card", lang) in hidden.text
    if game == "cosplay":
        turn = say(made[0], 0, words)
        assert types_named(data, turn.text, lang) and "5" not in turn.cards       # the next turn's move is not this one's


def types_named(data, text, lang):
    return data.with_players(4).types[3].title(lang) in text


def test_runs_and_what_each_half_is_told():
    e = Event
    moves = [Move(0, (e("play", 0, "a", "a"),)), Move(1, (e("play", 1, "b", "a"),)), Move(1, (e("give", 1),)),
             Move(0, (e("damage", 0),)), Move(2, (e("x", 2),))]
    assert [(r.seat, len(r.moves), r.index) for r in runs(moves)] == [(0, 1, 0), (1, 2, 1), (0, 1, 3), (2, 1, 4)]
    latest = latest_runs(moves)
    assert latest[0].index == 3 and latest[1].index == 1

    def say(run, reader, words):
        from kiosk.table.happened import Said
        return Said(run.seat, f"{run.seat}>{reader}")

    # the others' latest moves, the most recent first; never the reader's own
    assert [s.text for s in said_to(moves, 0, say, None)] == ["2>0", "1>0"]
    assert [s.text for s in said_to(moves, 1, say, None)] == ["2>1", "0>1"]
    assert log_lines(moves, say, None) == ["0>None", "1>None", "0>None", "2>None"]


def test_the_table_keeps_each_move_with_the_cards_shown_around_it(tmp_path):
    """A real LocalTable: the history follows the actions, and a resumed game has the same."""
    from kiosk.store import Store
    from kiosk.table import LocalTable, Seat
    store = Store(tmp_path / "kiosk.db")
    table = LocalTable(store)
    table.new_game("between", [Seat.person(0), Seat.bot("random", 1)], seed=5)
    for _ in range(12):
        seat = min(table.to_act())
        table.act(table.legal(seat)[0])
    moves = list(table.history.moves)
    assert len(moves) == 12 and [m.seat for m in moves] == [a.player for a in table.actions]
    played = [e.card for m in moves for e in m.events if e.kind == "play"]
    assert played and all(any(c in m.shown for m in moves) for c in played)
    again = LocalTable(store)
    assert again.resume()
    assert again.history.moves == moves
