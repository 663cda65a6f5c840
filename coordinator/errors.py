"""The coordinator's refusals: an :class:`ApiError` is an answer other than 200, with its reason.

Every part of the coordinator raises it where it finds the request wrong (``web.py`` turns it into
the HTTP answer), so it lives here, below them all.
"""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An answer other than 200: ``status`` and a human-readable reason (``headers``: extra headers;
    ``extra``: fields added to the JSON answer, such as the ``expected`` match_seq)."""

    def __init__(self, status: int, error: str, headers: dict[str, str] | None = None, **extra: Any) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.headers = headers or {}
        self.extra = extra


def too_many(what: str, wait: float) -> ApiError:
    """429 for an address that guessed wrong too often: how long it waits, in whole seconds."""
    secs = max(1, int(wait + 0.999))
    return ApiError(429, f"too many wrong {what} from this address: wait {secs} s", headers={"Retry-After": str(secs)})
