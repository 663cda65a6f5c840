"""Cosplay Team Battle's events said by the kiosk: the engine gives a message id and values
(``engine.cosplay.text.event_message``), the ``cosplay`` catalogue the words, in every language
with catalogues (the pseudo-locale too).  Over seeded games between bots, every event is said in
English as the engine's own sentence says it (where no count needs a plural form), in French, and
in the pseudo-locale with nothing but names left unaccented."""

from __future__ import annotations

import random

from pseudo_check import untranslated

import cards
from engine import registry
from engine.cosplay.text import describe_event, event_message, remember_names
from engine.events import Event
from engine.game import GameSetup, RandomPolicy
from kiosk.games.cosplay.events import MESSAGES, say_event
from kiosk.i18n import PSEUDO

GAME = registry.get("cosplay")
#: Message ids no seeded game below meets, and why.
RARE = {"cpe_unknown": "an event kind the kiosk does not know: none", "cpe_game_over_draw": "a draw: rare"}


def _events(steps: int = 4000):
    data = GAME.load(cards)
    for seed in range(6):
        players = 2 + seed % 3
        state = GAME.new(data, GameSetup("cosplay", tuple(f"P{i}" for i in range(players)), seed))
        planned = seed % 2 == 1                                  # the sensible bots; else random moves
        bots = [GAME.policies["sensible"](data, p, seed) if planned else RandomPolicy(seed * 31 + p)
                for p in range(players)]
        rng = random.Random(seed)
        for _ in range(steps):
            who = sorted(state.to_act())
            if not who:
                break
            legal = state.legal_actions(who[0])
            action = bots[who[0]].act(state.observation(who[0]), legal) if planned else rng.choice(legal)
            yield from state.apply(action)
    # Every card's ability and combo said once, and a combo laid out, whether or not those games met them.
    types = list(data.types.values())
    for t in types:
        for eff in (t.ability, t.combo):
            if eff is None:
                continue
            info = (eff.do, max(eff.kind, 0)) if eff.do in ("gain", "discount") else \
                (eff.do, t.id) if eff.do in ("cemetery", "recover") else eff.do
            yield Event("ability", 0, t.id, 1, info)
    yield Event("combo", 1, None, None, (types[0].id, types[1].id))
    # A take-back ability with nothing in the discard to take: the event names no card taken.
    yield Event("ability", 1, types[0].id, 0, "recover")


def test_every_event_is_said_through_the_catalogue_in_every_language():
    data = GAME.load(cards)
    remember_names(data)

    def seat(q: int) -> str:
        return f"P{q + 1}"                                        # as the engine's own sentences say a seat

    met = set()
    for event in _events():
        key, values = event_message(event)
        met.add(key)
        en = say_event(event, "en", seat, lambda c: data.card(c).title("en"))
        fr = say_event(event, "fr", seat, lambda c: data.card(c).title("fr"))
        qps = say_event(event, PSEUDO, seat, lambda c: data.card(c).title("en"))
        assert en and fr and en != fr, (event, en, fr)
        if "n" not in values:                                     # no plural form: the engine's very sentence
            assert en == describe_event(event, "en"), event
            assert fr == describe_event(event, "fr"), event
        names = tuple(seat(q) for q in range(5))
        assert not untranslated(qps, names), (event, qps)
    missed = {k for k in MESSAGES if k not in met} - set(RARE)
    assert not missed, sorted(missed)
