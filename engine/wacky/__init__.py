"""Wacky Challenge (Jim Dratwa, Ilopeli): a five-turn race of secret choices.

"Vous voici engagé dans une course folle. Pendant 5 tours vous allez devoir
rallier le maximum de villes étapes en utilisant plusieurs véhicules à votre
disposition." Each turn every player lays a race card face down; once all are
revealed, the vehicles' places in the hierarchy (then their speeds) say who
picks first from the draft row; the card nobody takes raises its vehicle in
the hierarchy; the last picker may use the booster on the back of their card.

The rules are in :mod:`engine.wacky.state`, the count in
:mod:`engine.wacky.scoring`, the data in ``cards/wacky/wacky.toml``
(:mod:`engine.wacky.data`), the bots in :mod:`engine.wacky.policies`.
"""

from engine.game import Game
from engine.search import registered_policy
from engine.wacky.data import load
from engine.wacky.policies import POLICIES
from engine.wacky.state import WackyState, determinize, new_game
from engine.wacky.text import describe_action, describe_event

GAME = Game(
    name="wacky",
    titles={"en": "Wacky Challenge", "fr": "Wacky Challenge"},
    min_players=2,
    max_players=7,
    simultaneous=True,
    hidden_information=True,
    data_folder="wacky",
    load=load,
    new=new_game,
    policies={**POLICIES, "search": registered_policy("wacky")},   # the hard level
    determinize=determinize,
    options={"pilots": "the characters in seat order, by colour (e.g. yellow,violet); drawn when not given"},
    describe_event=describe_event,
    describe_action=describe_action,
)

__all__ = ["GAME", "WackyState"]
