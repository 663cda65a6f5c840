"""Errors the engine raises."""


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    Raised before anything changes: the state is exactly as it was.
    """


class GameDataError(ValueError):
    """A game's data file that cannot be played (a card file, a character file, a box): one
    line naming the file, the card and the field.  Every game's own data error is one, so a
    caller that loads any game's data catches this."""


class WrongShape(ValueError, TypeError):
    """A JSON value of the wrong type where a set-up, a seating or an action was read (a list
    where an object belongs).  A type error by nature, and a bad value to the callers, which
    answer every malformed value the same way (a 400, one line): both, so either is caught."""
