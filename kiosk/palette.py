"""The kiosk's named colours, in two palettes: the usual one and one safe for colour blindness.

Widgets ask for a colour by what it means (``PALETTE.go``, ``PALETTE.half_light``), never by
its value, and ``.kv`` rules bind to it (``#:import palette kiosk.palette.PALETTE``), so the
settings screen switches every such colour on screen at once.

The colour-blind-safe palette takes Okabe and Ito's eight colours, which stay apart for the
three common kinds of colour blindness (and in grey scale for the pairs that matter here:
the two halves are a dark blue and a light orange).  Red against green never carries a meaning
in it: "go" is blue, "stop" is vermilion, and the two halves are blue and orange.

Screens that follow the palette: home, settings, operator, the rules reference, the name
keyboard, the alerts and wrong-moment hints over every screen, Challengers!' match halves
and REVEAL buttons, and the tables of Between Battle, Wacky Challenge and Cosplay Team Battle
(each half's background and whose-turn bar, the lit zones, tiles and cards that may be played
or taken now, the choice rows' buttons, taking damage and ending a turn, "Again").  The card faces keep their level colours (the level is also written on
each card); their set bands follow the palette too (kiosk.setmarks, with a symbol per set).
"""

from __future__ import annotations

from kivy.event import EventDispatcher
from kivy.properties import ColorProperty, StringProperty

RGBA = tuple[float, float, float, float]


def _hex(code: str, alpha: float = 1.0) -> RGBA:
    code = code.lstrip("#")
    r, g, b = (int(code[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return (round(r, 3), round(g, 3), round(b, 3), alpha)


#: Every named colour, in each palette.  A new name goes in both.
PALETTES: dict[str, dict[str, RGBA]] = {
    "standard": {
        "title": (1, .85, .3, 1),            # the app's name, headings
        "go": (.3, .8, .4, 1),               # start a game alone
        "two": (.3, .5, .9, 1),              # start a game for two
        "resume": (1, .8, .2, 1),            # take up a saved game
        "join": (.9, .6, .2, 1),             # join a tournament
        "learn": (.2, .65, .75, 1),          # the guided first match
        "danger": (.9, .3, .3, 1),           # leaves or ends something (exit)
        "alert": (.72, .1, .1, .95),         # one sentence over the screen: something went wrong
        "hint": (.85, .45, .1, .95),         # a press at the wrong moment
        "neutral": (.5, .5, .55, 1),         # a plain button
        "panel": (.17, .18, .22, 1),         # a panel's background
        "half_light": (.20, .30, .22, 1),    # the bottom half (the solo player, "light")
        "half_dark": (.18, .18, .30, 1),     # the top half (the Robot, "dark")
        "reveal": (.2, .9, .3, 1),           # a REVEAL button that may be pressed now
        # The other games' tables (Between Battle, Wacky Challenge, Cosplay Team Battle):
        "half_active": (.20, .24, .20, 1),   # a half whose seat acts now (its turn, its choice)
        "half_idle": (.14, .15, .19, 1),     # a half waiting for the others
        "lit": (1, .8, .2, 1),               # whose turn: the bar on that half; what may be played or taken now; a choice to make
        "picked": (.55, .9, .55, 1),         # the target being paid for (Cosplay): chosen, not yet played
        "option": (.45, .7, 1, 1),           # a second kind of choice beside the main one (an ability, another payment)
        "turn_end": (.85, .4, .9, 1),        # ends a turn (Cosplay's "End turn")
    },
    "colour-blind": {
        "title": _hex("F0E442"),             # yellow
        "go": _hex("0072B2"),                # blue
        "two": _hex("56B4E9"),               # sky blue
        "resume": _hex("E69F00"),            # orange
        "join": _hex("CC79A7"),              # reddish purple
        "learn": _hex("009E73"),             # bluish green
        "danger": _hex("D55E00"),            # vermilion
        "alert": _hex("D55E00", .95),
        "hint": _hex("E69F00", .95),
        "neutral": (.5, .5, .5, 1),
        "panel": (.17, .17, .17, 1),
        "half_light": (.42, .30, .08, 1),    # a dark orange: light in grey scale beside the blue
        "half_dark": (.04, .20, .36, 1),     # a dark blue
        "reveal": _hex("56B4E9"),
        "half_active": (.04, .20, .36, 1),   # a dark blue: apart from the idle grey in grey scale too
        "half_idle": (.15, .15, .15, 1),
        "lit": _hex("F0E442"),               # yellow: the brightest mark, whatever the colour vision
        "picked": _hex("009E73"),            # bluish green: apart from the yellow "lit" and the sky-blue option
        "option": _hex("56B4E9"),            # sky blue
        "turn_end": _hex("CC79A7"),          # reddish purple
    },
}
DEFAULT = "standard"


class Palette(EventDispatcher):
    """The colours in use now, one Kivy property per name (bind to them)."""

    name = StringProperty(DEFAULT)
    title = ColorProperty()
    go = ColorProperty()
    two = ColorProperty()
    resume = ColorProperty()
    join = ColorProperty()
    learn = ColorProperty()
    danger = ColorProperty()
    alert = ColorProperty()
    hint = ColorProperty()
    neutral = ColorProperty()
    panel = ColorProperty()
    half_light = ColorProperty()
    half_dark = ColorProperty()
    reveal = ColorProperty()
    half_active = ColorProperty()
    half_idle = ColorProperty()
    lit = ColorProperty()
    picked = ColorProperty()
    option = ColorProperty()
    turn_end = ColorProperty()

    def __init__(self, **kw):
        super().__init__(**kw)
        self.use(self.name)

    def use(self, name: str) -> None:
        """Switch to palette ``name`` (a key of :data:`PALETTES`): every bound colour follows."""
        colours = PALETTES[name]
        for key, rgba in colours.items():
            setattr(self, key, rgba)
        self.name = name

    def half(self, half: int) -> RGBA:
        """The background of ``half`` (0 bottom / light, 1 top / dark)."""
        r, g, b, a = self.half_dark if half else self.half_light
        return (r, g, b, a)


#: The one palette of the running kiosk.
PALETTE = Palette()
