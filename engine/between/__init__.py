"""Between Battle: a duel of hand management on two piles.

The rules (``state``), the decks as data (``cards``, read from
``cards/between/``), the events in words (``text``) and the bots
(``policies``), registered here as :data:`GAME`.
"""

from engine.between.cards import load
from engine.between.policies import POLICIES
from engine.between.state import determinize, new
from engine.between.text import describe_action, describe_event
from engine.game import Game
from engine.search import registered_policy

GAME = Game(
    name="between",
    titles={"en": "Between Battle", "fr": "Between Battle"},
    min_players=2,
    max_players=2,
    simultaneous=False,
    hidden_information=True,
    data_folder="between",
    load=load,
    new=new,
    policies={**POLICIES, "search": registered_policy("between")},   # the hard level
    determinize=determinize,
    options={"characters": "two characters, e.g. pirate,ninja (pirate, knight, cowboy, ninja; drawn when not given)"},
    describe_event=describe_event,
    describe_action=describe_action,
)

__all__ = ["GAME"]
