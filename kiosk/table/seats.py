"""Who plays each seat of a game at this table.

A :class:`Seat` is one of:

* a **person at the table**, on half 0 (the bottom edge) or half 1 (the top edge, its
  screen turned 180°): ``Seat.person(half)``;
* a **bot** playing by one of the game's policies (``engine.game.Game.policies``), shown on a
  half when the table has room for it: ``Seat.bot("sensible", half=1)``;
* a **phone**: ``Seat.phone(half)`` -- the player holds their hand on their phone and may still
  act on the table; ``Seat.phone()`` sits on no half (a third player and more): played on the
  phone only, the table showing that seat's public facts.

Seats are numbered like the engine's players; a game's seating is a tuple of seats, stored as
JSON beside its set-up so that a resumed game is seated as it was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import WrongShape

PERSON, BOT, PHONE = "person", "bot", "phone"
KINDS = (PERSON, BOT, PHONE)
HALVES = (0, 1)


@dataclass(frozen=True)
class Seat:
    """One seat: ``kind`` (``"person"``, ``"bot"``, ``"phone"``), the ``half`` of the table it is
    shown on (``None``: shown on neither, e.g. the third bot of a five-player game), and for a
    bot the name of its ``policy``."""

    kind: str
    half: int | None = None
    policy: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a seat is one of {', '.join(KINDS)}, not {self.kind!r}")
        if self.half is not None and self.half not in HALVES:
            raise ValueError(f"a table has halves 0 and 1, not {self.half!r}")
        if self.kind == PERSON and self.half is None:
            raise ValueError("a person at the table sits on half 0 or 1")
        if (self.kind == BOT) != (self.policy is not None):
            raise ValueError("a bot seat names its policy, and only a bot seat does")

    @classmethod
    def person(cls, half: int) -> Seat:
        return cls(PERSON, half)

    @classmethod
    def bot(cls, policy: str, half: int | None = None) -> Seat:
        return cls(BOT, half, policy)

    @classmethod
    def phone(cls, half: int | None = None) -> Seat:
        return cls(PHONE, half)

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "half": self.half, "policy": self.policy}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Seat:
        if not isinstance(value, Mapping):
            raise WrongShape(f"a seat is an object with 'kind', 'half' and 'policy', not {value!r}")
        return cls(str(value.get("kind")), value.get("half"), value.get("policy"))


def solo(n_bots: int, policy: str) -> tuple[Seat, ...]:
    """One person on the bottom half against ``n_bots`` bots; the first bot faces them on the top half."""
    return (Seat.person(0),) + tuple(Seat.bot(policy, 1 if i == 0 else None) for i in range(n_bots))


def two_at_the_table() -> tuple[Seat, ...]:
    """Two people, face to face: seat 0 on the bottom half, seat 1 on the top half."""
    return (Seat.person(0), Seat.person(1))


def seats_to_json(seats: Sequence[Seat]) -> list[dict[str, Any]]:
    return [s.to_json() for s in seats]


def seats_from_json(value: Any) -> tuple[Seat, ...]:
    if not isinstance(value, list):
        raise WrongShape("a seating is a list of seats")
    return tuple(Seat.from_json(v) for v in value)
