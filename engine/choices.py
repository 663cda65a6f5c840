"""Pending choices: the engine asks, the next action answers.

When a card lets its owner decide ("you may", "choose", "look through your
deck"), the engine stops and publishes a :class:`Choice`.  The answer is the
index of one of its ``options``; whoever answers (a person tapping a button,
the Robot, a bot) only ever picks from that list, so every answer the engine
receives is one it offered.
"""

from typing import Any, NamedTuple


class Choice(NamedTuple):
    """A decision the engine waits for.

    ``player`` must answer; ``kind`` says what is being decided (the vocabulary
    word of the effect: "move", "arrange", "seat", "extra-pick", ...);
    ``source`` is the id of the card asking; ``options`` is a tuple of
    options, each itself a tuple (usually of card instance numbers, whose
    meaning ``kind`` gives; an empty tuple means "do nothing");
    ``detail`` carries what a screen needs to explain it (destinations...).
    """

    player: Any
    kind: str
    source: str
    options: tuple[Any, ...]
    detail: Any = None
