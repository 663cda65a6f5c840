"""The rules of the games Tablecup hosts, as pure Python.

A game is *state + actions -> events*: the caller applies an action, the
engine checks it, changes the state and returns what happened.  Nothing here
reads files, looks at a clock, starts a thread or knows about Kivy.

What every game needs lives at this level (the error raised for an illegal
action, event records, pending choices); each game has its own subpackage
(``engine.challengers`` today).
"""

from engine.choices import Choice
from engine.errors import IllegalAction
from engine.events import Event

__all__ = ["Choice", "Event", "IllegalAction"]
