"""Who sits where when a game starts from home, and what each seat is called.  No Kivy here.

Home offers a game "solo" (one person on the bottom half against the game's bots) or "two" (two
people face to face, with the game's ``two_bots``), and may add seats played on phones.  The
game's kiosk descriptor says how many bots a solo game seats by default and may seat a game its
own way (``KioskGame.seating``).  The names are the people's (typed on the name grid, else "Player"),
"Robot" for a lone bot (else "Bot 1", "Bot 2"...), "Phone 1"... for phone seats, in the table's
language (``t(key, **fmt)``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kiosk.games.descriptor import KioskGame
from kiosk.table import seats as seating
from kiosk.table.seats import Seat

Words = Callable[..., str]


def seat_game(kg: KioskGame, max_players: int, mode: str = "solo", level: int | None = None,
              bots: int | None = None, phones: int = 0) -> tuple[Seat, ...]:
    """The seats of a new game of ``kg``: ``mode`` "solo" or "two", the bots at ``level`` (0-based;
    default the game's), ``bots`` of them in solo (default the game's first ``solo_bots``),
    ``phones`` seats on no half.  With phones, the bots fill what the game's ``max_players``
    leaves; in solo the first bot faces the person."""
    policy = kg.policy(kg.default_level if level is None else int(level))
    n_bots = kg.two_bots if mode == "two" else (kg.solo_bots[0] if bots is None else int(bots))
    phones = int(phones or 0)
    if phones:
        n_bots = max(0, min(n_bots, max_players - (2 if mode == "two" else 1) - phones))
        people = seating.two_at_the_table() if mode == "two" else (Seat.person(0),)
        return (people + tuple(Seat.phone() for _ in range(phones)) +
                tuple(Seat.bot(policy, 1 if mode != "two" and i == 0 else None) for i in range(n_bots)))
    if kg.seating is not None:
        return tuple(kg.seating(mode, n_bots, policy))
    if mode == "two":
        return seating.two_at_the_table() + tuple(Seat.bot(policy) for _ in range(n_bots))
    return tuple(seating.solo(n_bots, policy))


def seat_names(seats: Sequence[Seat], mode: str, t: Words,
               people: Callable[[Sequence[str]], Sequence[str]] = tuple) -> tuple[str, ...]:
    """The name of each seat: ``people(defaults)`` gives the people's names in seat order (the
    typed ones, else the defaults); bots and phones are numbered."""
    n_bots = sum(1 for s in seats if s.is_bot)
    n_phones = sum(1 for s in seats if s.kind == "phone")
    defaults = (t("player", number=1), t("player", number=2)) if mode == "two" else (t("player_name"),)
    person_names = iter(people(defaults))
    bot_names = iter([t("robot")] if n_bots == 1 else [t("bot_n", number=i + 1) for i in range(n_bots)])
    phone_names = iter(t("phone_player", number=i + 1) for i in range(n_phones))
    return tuple(next(bot_names) if s.is_bot else next(phone_names) if s.kind == "phone" else next(person_names)
                 for s in seats)


def challengers_names(mode: str, t: Words, people: Callable[[Sequence[str]], Sequence[str]] = tuple
                      ) -> tuple[str, ...]:
    """The people of a Challengers! tournament at the table (the board adds the Robot)."""
    defaults = (t("light"), t("dark")) if mode == "two" else (t("player_name"),)
    return tuple(people(defaults))

