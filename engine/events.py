"""Event records: what happened, in the order it happened.

Events are plain tuples so that recording them costs next to nothing, and a
game that nobody listens to records none at all (its ``log`` is ``None``).
"""

from collections.abc import Collection, Iterable
from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened.

    ``kind`` names it ("reveal", "flag", "bench", "fans", "win", ...),
    ``player`` is the seat it happened to (or ``None``), ``card`` the card id
    involved (or ``None``), ``value`` a number where one matters (a power
    total, a fan count) and ``info`` anything else, as a small tuple or str.
    """

    kind: str
    player: Any = None
    card: Any = None
    value: Any = None
    info: Any = None

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self._asdict().items() if v is not None}


def news(events: Iterable[Event], worth_telling: Collection[str]) -> list[str]:
    """What a live update says changed: the kinds of ``events`` among ``worth_telling``, each once,
    in order; ``["action"]`` when none is."""
    kinds: list[str] = []
    for ev in events:
        if ev.kind in worth_telling and ev.kind not in kinds:
            kinds.append(ev.kind)
    return kinds or ["action"]
