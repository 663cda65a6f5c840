"""The seats' secret tokens.

A token is 192 random bits from :mod:`secrets` (URL-safe text), issued for one seat of one game.
It is the only thing that lets a phone see a seat's private view or act for it, so:

* it is valid for that game only: a new game, or the end of this one, revokes every token;
* the operator freeing a seat revokes that seat's token (its phone is told and disconnected);
* the table keeps only a digest of each token, and finds a token by its digest, so neither a
  lookup's timing nor a dump of the table's memory gives a token away.

Issued on the table's thread, checked on the server's: every method holds one lock.
"""

from __future__ import annotations

import hashlib
import secrets
import threading

TOKEN_BYTES = 24          # 192 bits


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


class SeatTokens:
    """Seat -> token for the game in progress (``game`` counts games: a token names its own)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.game = 0
        self._by_digest: dict[bytes, int] = {}
        self._by_seat: dict[int, tuple[str, bytes]] = {}

    def new_game(self) -> list[int]:
        """Revoke every token (a new game, or none); returns the seats that held one."""
        with self._lock:
            seats = sorted(self._by_seat)
            self.game += 1
            self._by_digest.clear()
            self._by_seat.clear()
            return seats

    def revoke_all(self) -> list[int]:
        """The game has ended: every token goes (the game's number stays, for its last views)."""
        with self._lock:
            seats = sorted(self._by_seat)
            self._by_digest.clear()
            self._by_seat.clear()
            return seats

    def issue(self, seat: int) -> str:
        """``seat``'s token, made on first asking (the QR code shown again keeps working)."""
        with self._lock:
            got = self._by_seat.get(seat)
            if got is not None:
                return got[0]
            token = secrets.token_urlsafe(TOKEN_BYTES)
            d = _digest(token)
            self._by_seat[seat] = (token, d)
            self._by_digest[d] = seat
            return token

    def revoke(self, seat: int) -> bool:
        """Free ``seat``: its token no longer opens anything.  False if it held none."""
        with self._lock:
            got = self._by_seat.pop(seat, None)
            if got is None:
                return False
            del self._by_digest[got[1]]
            return True

    def seat_of(self, token: str | None) -> int | None:
        """The seat ``token`` holds in the game in progress, or None (unknown, revoked, old game)."""
        if not token or len(token) > 128:
            return None
        with self._lock:
            return self._by_digest.get(_digest(token))

    def export(self) -> dict[int, str]:
        """Seat -> token, for the kiosk to keep beside its game (a restarted kiosk resumes the
        game, and its phones come back with the cookies they hold)."""
        with self._lock:
            return {seat: token for seat, (token, _) in self._by_seat.items()}

    def restore(self, tokens: dict[int, str]) -> None:
        """Take back the tokens :meth:`export` gave, for the game in progress (a resumed one)."""
        with self._lock:
            for seat, token in tokens.items():
                if not isinstance(token, str) or len(token) < TOKEN_BYTES * 4 // 3 or type(seat) is not int:
                    continue              # not one of ours: never a weak token
                d = _digest(token)
                self._by_seat[seat] = (token, d)
                self._by_digest[d] = seat

    def seats(self) -> list[int]:
        with self._lock:
            return sorted(self._by_seat)
