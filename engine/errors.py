"""Errors the engine raises."""


class IllegalAction(ValueError):
    """An action the rules do not allow now.

    Raised before anything changes: the state is exactly as it was.
    """
