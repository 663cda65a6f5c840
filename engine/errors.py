"""Errors the engine raises."""


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    Raised before anything changes: the state is exactly as it was.
    """


class GameDataError(ValueError):
    """A game's data file that cannot be played (a card file, a character file, a box): one
    line naming the file, the card and the field.  Every game's own data error is one, so a
    caller that loads any game's data catches this."""
