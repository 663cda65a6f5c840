"""Between Battle's :class:`~engine.game.Game`: :data:`engine.between.ABOUT` with its rules."""

from engine.between import ABOUT
from engine.between.cards import load
from engine.between.policies import POLICIES
from engine.between.state import determinize, new
from engine.between.text import describe_action, describe_event
from engine.search import registered_policy

GAME = ABOUT.game(
    load=load,
    new=new,
    policies={**POLICIES, "search": registered_policy("between")},   # the hard level
    determinize=determinize,
    describe_event=describe_event,
    describe_action=describe_action,
    cafe="engine.between.cafe",
)
