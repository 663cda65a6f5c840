"""Each game's phone page in words (``KIOSK.phone``): the seat's private cards by name, one
readable button per legal action, the table in a few lines, in English and French; made from the
seat's observation and legal actions only, through every phase of games between random bots."""

import re

import pytest
from registered import kiosk_games as kiosk_games_with

import cards
from engine import registry
from engine.game import GameSetup, RandomPolicy, action_label
from kiosk import iconset
from kiosk.games import registry as kiosk_games

MARKUP = re.compile(r"\[/?b\]|\{|\}")
HEX = re.compile(r"#[0-9a-f]{6}")
#: Moves played per game (60 unless said): enough to meet each of its phases.
STEPS = {"wacky": 40, "cosplay": 80}


def _private_hand(name, obs):
    return obs["hand"] if "hand" in obs else obs["hands"][obs["you"]]     # Wacky Challenge: every hand in view


@pytest.mark.parametrize("name", kiosk_games_with("phone"))
def test_the_phone_words_say_the_hand_and_every_move_in_both_languages(name):
    game = registry.get(name)
    players, steps = max(game.min_players, min(3, game.max_players)), STEPS.get(name, 60)
    data = game.load(cards)
    words = kiosk_games.load_class(kiosk_games.get(name).phone)
    state = game.new(data, GameSetup(name, tuple(f"P{i}" for i in range(players)), 5))
    bots = RandomPolicy(2)
    phases = set()
    for _ in range(steps):
        if state.outcome() is not None:
            break
        for seat in range(players):
            obs, legal = state.observation(seat), state.legal_actions(seat)
            phases.add(obs.get("phase"))
            said = {lang: words(data, obs, legal, lang) for lang in ("en", "fr")}
            labels = {}
            for lang, w in said.items():
                assert len(w["hand"]) == len(_private_hand(name, obs))
                # The hand drawn as cards: one per card, named as in the sentence, with a number.
                assert [c["said"] for c in w["cards"]] == w["hand"]
                for c in w["cards"]:
                    assert c["title"] and c["badge"] and HEX.fullmatch(c["band"]), c
                    assert c.get("icon", "") in iconset.ICONS or (name == "cosplay" and "icon" not in c), c
                    assert not MARKUP.search(c["title"] + c.get("tag", "")), c
                assert len(w["seats"]) == players and w["lines"]
                # A button says the game's words ("labels"), else the engine's describe_action.
                labels[lang] = w.get("labels") or [action_label(game, a, lang) for a in legal]
                assert len(labels[lang]) == len(legal)
                for text in [*w["hand"], *labels[lang], *w["lines"], *w["seats"]]:
                    assert text and not MARKUP.search(text), (lang, text)
                for a, label in zip(legal, labels[lang], strict=True):
                    assert label != " ".join([a.kind, *map(str, a.args)])   # words, not the wire form
            if any(a.kind != "choose" for a in legal):
                assert labels["en"] != labels["fr"]
        seat = min(state.to_act())
        state.apply(bots.act(state.observation(seat), state.legal_actions(seat)))
    assert len(phases) >= (3 if name == "wacky" else 1)


def test_cosplay_moves_on_a_phone_name_the_seats_by_their_names():
    """A Drama card sent to a seat says its name ("Send 1 Drama card to Ana"), not "Player 2",
    when the table gives the seats' names; without names, the seat's number."""
    game = registry.get("cosplay")
    data = game.load(cards)
    words = kiosk_games.load_class(kiosk_games.get("cosplay").phone)
    state = game.new(data, GameSetup("cosplay", ("P0", "P1", "P2"), 5))
    seat = min(state.to_act())
    legal = state.legal_actions(seat)
    drama = [i for i, a in enumerate(legal) if a.kind == "drama"]
    assert drama, "the first turn may buy Drama"
    obs = state.observation(seat)
    for lang, names in (("en", ("Ana", "Bot 1", "Léo")), ("fr", ("Ana", "Bot 1", "Léo"))):
        named = words(data, obs, legal, lang, names=names)["labels"]
        plain = words(data, obs, legal, lang)["labels"]
        for i in drama:
            who = legal[i].args[1]                       # how many, then each card's recipient
            assert names[who] in named[i] and "Ana" not in plain[i], (named[i], plain[i])
            assert plain[i] != named[i]
