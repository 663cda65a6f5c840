"""Engine values as JSON values: the one conversion the café's views, records and digests share."""

from __future__ import annotations

from typing import Any


def plain(v: Any) -> Any:
    """Values as JSON values (tuples -> lists, sets -> sorted lists, things with a text ``id`` -> it)."""
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        if hasattr(v, "_asdict"):
            return {k: plain(x) for k, x in v._asdict().items()}
        return [plain(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted(plain(x) for x in v)
    if hasattr(v, "id") and isinstance(v.id, str):
        return v.id
    return str(v)
