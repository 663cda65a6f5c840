"""Wacky Challenge's :class:`~engine.game.Game`: :data:`engine.wacky.ABOUT` with its rules."""

from engine.search import registered_policy
from engine.wacky import ABOUT
from engine.wacky.data import load
from engine.wacky.policies import POLICIES
from engine.wacky.state import determinize, new_game
from engine.wacky.text import describe_action, describe_event

GAME = ABOUT.game(
    load=load,
    new=new_game,
    policies={**POLICIES, "search": registered_policy("wacky")},   # the hard level
    determinize=determinize,
    describe_event=describe_event,
    describe_action=describe_action,
    cafe="engine.wacky.cafe",
)
