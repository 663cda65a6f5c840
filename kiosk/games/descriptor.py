"""What a game tells the kiosk about itself: ``KIOSK`` in ``kiosk/games/<game>/__init__.py``.

No Kivy here: the descriptor names its screens as ``"module:Class"`` strings, imported when a
screen is first shown, so listing the games (home screen, tests) loads no screen.

    KIOSK = KioskGame(
        game="between",                                        # the engine's game name
        screens={"play": "kiosk.games.between.play:BetweenScreen"},
        buttons=between_buttons,                               # (observation, seat, legal) -> Buttons
        lights=between_lights,                                 # (observation, seat, legal) -> "off" | "on" | "blink" | "celebrate"
        levels=(("1", "random"), ("2", "sensible"), ("3", "search")),
        slow_bots=("search",),                                 # decided on the table's worker thread
        hint=between_hint,                                     # why a press did nothing, in a sentence
    )
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from kiosk.table.happened import Run, Said

#: LED states a game's ``lights`` answers, per side.  ``CELEBRATE`` plays a short win pattern
#: once (the LED goes off by itself), however long the game keeps answering it.
OFF, ON, BLINK, CELEBRATE = "off", "on", "blink", "celebrate"
LED_STATES = (OFF, ON, BLINK, CELEBRATE)

#: What shows a half's seat: (that seat's observation, the seat, the actions the engine offers
#: that seat now), or None when nobody sits there.
SeatObservation = tuple[Mapping[str, Any], int, Sequence[Any]]

#: What a side's button does.  ``LOOK``: hold to look at the side's private cards (the table
#: handles it); ``NOTHING``: the press is ignored; any other word is handled by the game's screen
#: (``GameScreen.button_<word>(half, down)``), e.g. Between Battle's ``"damage"``.
LOOK, NOTHING = "look", "nothing"


@dataclass(frozen=True)
class Buttons:
    """What a side's primary and secondary buttons mean right now."""

    primary: str = LOOK
    secondary: str = NOTHING


#: What a person pressed that did nothing, as a game's ``hint`` hears it: a side's primary or
#: secondary button, a card of their own hand, a place in the middle of the table (a zone, the
#: draft row), or a choice the engine refused.
PRIMARY, SECONDARY, CARD, TABLE, CHOICE = "primary", "secondary", "card", "table", "choice"


class HintWords(Protocol):
    """What a game's ``hint`` may say with: sentences in the table's language and the seats."""

    def t(self, key: str, **fmt: Any) -> str: ...

    def player_name(self, seat: int) -> str: ...

    def is_bot(self, seat: int) -> bool: ...


class SayWords(HintWords, Protocol):
    """What a game's ``say`` may say with: :class:`HintWords`, the table's language and the
    game's data (card names)."""

    lang: str

    @property
    def game_data(self) -> Any: ...

    @property
    def player_count(self) -> int: ...


class GameView(Protocol):
    """A game's kiosk view model over a table (``KioskGame.view``): what its screens show when
    one observation does not say it all (Challengers!: a match's end held on screen until a
    tap).  It keeps what must outlive one change in the table's ``view_state``."""

    def screen(self) -> str:
        """The key in ``KioskGame.screens`` of the screen that shows the table now."""
        ...

    def bots_wait(self) -> bool:
        """Whether the table's bots wait for now (for a tap, or a person's move)."""
        ...

    def seat_view(self, half: int) -> SeatObservation | None:
        """What the LEDs of ``half`` read: (observation, seat, legal actions), as shown now."""
        ...


def no_hint(observation: Mapping[str, Any], seat: int, legal: Sequence[Any], pressed: str, words: HintWords) -> str:
    """The default: a press at the wrong moment is not explained."""
    return ""


def look_only(observation: Mapping[str, Any], seat: int, legal: Sequence[Any]) -> Buttons:
    """The default: the primary button is hold to look, the secondary does nothing."""
    return Buttons()


def turn_lights(observation: Mapping[str, Any], seat: int, legal: Sequence[Any]) -> str:
    """The default LEDs: a side's LED is on while the engine offers its seat an action."""
    return ON if legal else OFF


def first_screen(observation: Mapping[str, Any]) -> str:
    """The default: every moment of the game is shown by the ``"play"`` screen."""
    return "play"


@dataclass(frozen=True)
class KioskGame:
    """A game's kiosk package, described once.

    ``game``: the engine's name (``engine.registry.get(game)``).  ``screens``: screen key ->
    ``"module:Class"`` of a :class:`kiosk.games.screen.GameScreen`; ``screen(observation)``
    picks the key for a moment of the game (default ``"play"``).  ``buttons(observation, seat,
    legal)`` and ``lights(observation, seat, legal)`` follow the seat's observation and the actions
    the engine offers it now (``legal``, the table's ``legal_actions(seat)``): what the engine
    allows is read from ``legal``, never worked out again from the observation, so a button, its
    LED and the screen give one answer.  ``levels``: the bot levels
    offered on the home screen, (label, policy name) from easy to hard, ``default_level`` an
    index into them.  ``solo_bots``: how many bots a solo game may seat (the home screen offers a
    choice when there are several; the first is the default).  ``two_players``: whether two people
    may play at the table, with ``two_bots`` bots beside them.  ``lock_on_release``: the game's
    secret choice is played when its owner stops looking (Wacky Challenge), not when tapped.
    ``slow_bots``: the policies that think long enough to decide off the UI thread (the table's
    ``think``; e.g. Challengers!' ``"search"``).
    ``hint(observation, seat, legal, pressed, words)``: why a press of the person on ``seat``'s half did
    nothing (``pressed``: :data:`PRIMARY`, :data:`SECONDARY`, :data:`CARD`, :data:`TABLE` or
    :data:`CHOICE`), in one short sentence said on that half ("Wait: Ana is choosing"), read
    from that seat's observation; ``words`` says it in the table's language (:class:`HintWords`).
    ``options(mode)``: the set-up options for a new game.  ``seating(mode, n_bots, policy)``: the
    seats (``kiosk.table.Seat``) when the default does not fit (default: solo = one person on
    half 0, the first bot facing them on half 1, the other bots on no half; two = people on halves
    0 and 1, then the bots).  ``phone``: ``"module:function"`` of the phone page's words,
    ``(data, observation, legal actions, lang, names=the seats' names in lang) -> dict`` with ``"hand"`` (the seat's private
    cards, one text each), ``"labels"`` (one per legal action, in order) and ``"lines"`` (the
    public state in a few sentences) -- read from that observation only (no Kivy there).
    ``events``: ``"module:function"`` saying one event of the game, ``(data, event, lang, names) ->
    str``, from the engine's message ids through the catalogues (a finished game's log; without
    it the log reads the engine's ``describe_event``).
    ``public_cards(observation)``: the cards a public observation shows (the table keeps, with
    each move, those shown just before or after it: :mod:`kiosk.table.happened`); ``say(run,
    reader, words)``: a seat's run of moves in one sentence for the seat ``reader`` ("your" where
    it touched their cards) or, with ``reader`` None, for the log, naming only cards of
    ``run.shown`` (:class:`kiosk.table.happened.Said`, or None when there is nothing to say).
    With both, every half says what the others just did and the game has a log.
    ``view(table)``: the game's view model over a local table (:class:`GameView`) when what is
    on screen is more than the observation says: then its ``screen()`` picks the screen (not
    ``screen(observation)``), its ``bots_wait()`` holds the table's bots and its
    ``seat_view(half)`` is what the LEDs read.
    ``park``: ``"module:Class"`` of the game's table at a park of a café tournament, when it is
    more than one game seated by the coordinator (a :class:`kiosk.table.park.ParkTable`
    subclass, made with the keywords ``data_for``, ``kick``, ``schedule``, ``bot_delay`` and
    ``on_leave``; default: ``ParkTable``).
    """

    game: str
    screens: Mapping[str, str]
    buttons: Callable[[Mapping[str, Any], int, Sequence[Any]], Buttons] = look_only
    lights: Callable[[Mapping[str, Any], int, Sequence[Any]], str] = turn_lights
    screen: Callable[[Mapping[str, Any]], str] = first_screen
    levels: Sequence[tuple[str, str]] = (("1", "random"),)
    default_level: int = 0
    solo_bots: Sequence[int] = (1,)
    two_players: bool = True
    two_bots: int = 0
    lock_on_release: bool = False
    slow_bots: Sequence[str] = ()
    hint: Callable[[Mapping[str, Any], int, Sequence[Any], str, HintWords], str] = no_hint
    options: Callable[[str], Mapping[str, Any]] = field(default=lambda mode: {})
    seating: Callable[[str, int, str], Sequence[Any]] | None = None
    phone: str | None = None
    events: str | None = None
    public_cards: Callable[[Mapping[str, Any]], Iterable[Any]] | None = None
    say: Callable[[Run, int | None, SayWords], Said | None] | None = None
    view: Callable[[Any], GameView] | None = None
    park: str | None = None

    def __post_init__(self) -> None:
        if "play" not in self.screens:
            raise ValueError(f"{self.game}: a kiosk game has at least a 'play' screen")
        for key, spec in self.screens.items():
            if ":" not in spec:
                raise ValueError(f"{self.game}: screen {key!r} is 'module:Class', not {spec!r}")
        if not self.levels or not 0 <= self.default_level < len(self.levels):
            raise ValueError(f"{self.game}: default_level must index levels")

    def half_lights(self, seat_view: Callable[[int], SeatObservation | None]) -> tuple[str, str]:
        """Each half's LED (bottom, top): :attr:`lights` of the seat shown on that half, from
        that seat's observation and legal actions (``seat_view(half)``); off where nobody is shown.  The one way
        every game's LEDs are decided, at the local table and at a park alike."""
        out = []
        for half in (0, 1):
            got = seat_view(half)
            state = OFF if got is None else self.lights(*got)
            if state not in LED_STATES:
                raise ValueError(f"{self.game}: lights() answered {state!r}, not one of {', '.join(LED_STATES)}")
            out.append(state)
        return out[0], out[1]

    def policy(self, level: int) -> str:
        """The policy name of bot level ``level`` (0-based, clamped)."""
        return self.levels[max(0, min(level, len(self.levels) - 1))][1]
