"""A phone's buttons: the game's describe_action, else the action's text without its seat."""

import toygame

from engine import registry
from engine.game import Action, action_label


def test_a_game_names_its_actions_in_english_and_french():
    between = registry.get("between")
    play = Action(1, "play", ("knight-7", "a"))
    assert action_label(between, play, "en") == "Play Knight 7 on A"
    assert action_label(between, play, "fr") == "Jouer Chevalier 7 sur A"
    assert action_label(registry.get("wacky"), Action(0, "pass"), "fr") == "Passer"


def test_without_a_hook_the_label_is_the_text_codec_without_the_seat():
    assert toygame.GAME.describe_action is None
    assert action_label(toygame.GAME, Action(2, "play", (3, "x"))) == "play 3 x"
