"""Wacky Challenge (Jim Dratwa, Ilopeli): a five-turn race of secret choices.

"Vous voici engagé dans une course folle. Pendant 5 tours vous allez devoir
rallier le maximum de villes étapes en utilisant plusieurs véhicules à votre
disposition." Each turn every player lays a race card face down; once all are
revealed, the vehicles' places in the hierarchy (then their speeds) say who
picks first from the draft row; the card nobody takes raises its vehicle in
the hierarchy; the last picker may use the booster on the back of their card.

The rules are in :mod:`engine.wacky.state`, the count in
:mod:`engine.wacky.scoring`, the data in ``cards/wacky/wacky.toml``
(:mod:`engine.wacky.data`), the bots in :mod:`engine.wacky.policies`; :data:`ABOUT` says what the game is,
and :data:`GAME` (built in :mod:`engine.wacky.entry`) loads the rules when first
asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game import About

if TYPE_CHECKING:
    from engine.wacky.entry import GAME

ABOUT = About(
    name="wacky",
    titles={"en": "Wacky Challenge", "fr": "Wacky Challenge"},
    min_players=2,
    max_players=7,
    simultaneous=True,
    hidden_information=True,
    data_folder="wacky",
    policies=("casual", "random", "search", "sensible"),
    options={"pilots": "the characters in seat order, by colour (e.g. yellow,violet); drawn when not given"},
)

__all__ = ["ABOUT", "GAME"]


def __getattr__(name: str) -> Any:
    # The rules load when ``GAME`` is first asked for (the registry, a caller): the game can be
    # listed from ABOUT without them.
    if name == "GAME":
        from engine.wacky.entry import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
