"""A press at the wrong moment at the local table (no Kivy): the table tells the app which half and
what was pressed (``LocalTable.refuse`` -> ``on_ignored``), and each game's ``KIOSK.hint`` turns
that seat's observation into a sentence saying whose move the table waits for, EN and FR, at
every moment of seeded games between random bots."""

import random

import pytest
from registered import table_games

from engine import registry
from engine.game import Action
from kiosk import i18n
from kiosk.games import registry as kiosk_games
from kiosk.games.descriptor import CARD, CHOICE, SECONDARY, TABLE
from kiosk.store import Store
from kiosk.table import LocalTable, Seat, two_at_the_table


class Words:
    """What a game's hint says with (the screen is this at the table): names, the language, who is a bot."""

    def __init__(self, names, bots, lang):
        self.names, self.bots, self.lang = names, bots, lang

    def t(self, key, **fmt):
        return i18n.tr(key, self.lang, **fmt)

    def player_name(self, seat):
        return self.names[seat]

    def is_bot(self, seat):
        return seat in self.bots


def test_a_refused_input_is_told_with_its_half_and_what_was_pressed(tmp_path):
    table = LocalTable(Store(tmp_path / "kiosk.db"))
    heard = []
    table.on_ignored = lambda half, pressed: heard.append((half, pressed))
    table.new_game("between", (Seat.person(0), Seat.bot("random", 1)), names=("Ana", "Robot"), seed=3)
    bot = 1
    table.submit(bot, "damage")                                # a person's input for the bot's seat
    table.refuse(None, TABLE, "nobody plays now")             # a tap in the middle
    idle = next(s for s in (0, 1) if s not in table.to_act())
    if idle == 0:
        table.submit(0, "damage")                             # not the person's turn: the engine refuses
    assert heard[:2] == [(1, CHOICE), (None, TABLE)]
    assert heard[2:] == ([(0, CHOICE)] if idle == 0 else [])
    assert [why for _, why in table.ignored][:2] == ["a bot plays this seat", "nobody plays now"]
    # A bot's refused action is nobody's press: not told.
    before = len(heard)
    table.act(Action(bot, "no-such-move", ()))
    assert len(heard) == before


#: Players at a hinted game: three (two when the game takes no more), Wacky Challenge four.
PLAYERS = {"wacky": 4}


@pytest.mark.parametrize("game", table_games())
def test_every_moment_has_a_sentence_for_a_seat_that_may_not_act(tmp_path, game):
    about = registry.about(game)
    players = PLAYERS.get(game, max(about.min_players, min(3, about.max_players)))
    table = LocalTable(Store(tmp_path / "kiosk.db"))
    seats = two_at_the_table() + tuple(Seat.bot("random") for _ in range(players - 2))
    names = ("Ana", "Léo") + tuple(f"Bot {i}" for i in range(1, players - 1))
    table.new_game(game, seats, names=names, seed=11)
    hint = kiosk_games.get(game).hint
    rng = random.Random(5)
    said = {"en": set(), "fr": set()}
    for _ in range(400):
        if table.over:
            break
        for seat in (0, 1):
            obs = table.observation(seat)
            for lang, texts in said.items():
                words = Words(names, set(range(2, players)), lang)
                for pressed in (SECONDARY, CARD, TABLE):
                    text = hint(obs, seat, table.legal(seat), pressed, words)
                    if seat not in table.to_act():
                        # Nothing to do for this seat now: the sentence says why, and whom it waits for.
                        assert text, (game, obs.get("phase"), seat, pressed)
                    assert "{" not in text and "hint" not in text, text
                    texts.add(text)
        acting = sorted(table.to_act())
        seat = acting[0] if acting else rng.randrange(players)
        table.act(rng.choice(table.legal(seat)))
    for texts in said.values():
        texts.discard("")
        assert len(texts) >= 3, texts
        # The names of the seats being waited for are in the sentences (the other person's, a bot's).
        assert any(name in text for text in texts for name in names[1:]), texts
    assert said["en"].isdisjoint(said["fr"])
    if table.over:
        obs = table.observation(0)
        over = hint(obs, 0, [], SECONDARY, Words(names, set(), "en"))
        assert over and over == hint(obs, 1, [], CARD, Words(names, set(), "en"))
