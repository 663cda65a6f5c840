"""The seats' secrets: one code per seat, exchanged once for the phone's own secret.

* A seat's **code** (what its QR code holds) is 192 random bits from :mod:`secrets`, made when the
  table first shows that seat's code.  It opens the seat **once**: the first phone that brings it
  is given a **phone secret** of its own (192 fresh random bits, kept in an ``HttpOnly`` cookie)
  and holds the seat; the code is used up, and the table no longer shows it.
* Only the phone secret opens the seat's view and plays for it.  A second phone that brings the
  used code is refused (:data:`SEAT_TAKEN`); a seat changes phone only when the operator frees it,
  which revokes the code and the secret alike (the next :meth:`SeatTokens.code` is a new code).
* Everything is for one game: its end revokes every code and secret.  A game that leaves the
  table unfinished (home, another game) keeps them beside it in kiosk.db (:meth:`SeatTokens.export`):
  meanwhile its phones are told the game is paused, and they are let back in when it is resumed.
* The table keeps only a digest of each phone secret (never the secret itself, in memory or in
  kiosk.db), and finds codes and secrets by their digests, so neither a lookup's timing nor a
  dump gives a phone's secret away.  The unused codes are kept as they are: the table shows them.

Issued on the table's thread, exchanged and checked on the server's: every method holds one lock.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from dataclasses import dataclass
from typing import Any

TOKEN_BYTES = 24          # 192 bits
MAX_TOKEN = 128           # characters: anything longer is no code or secret of ours
MIN_TOKEN = TOKEN_BYTES * 4 // 3
MAX_SEATS = 16            # a kept seat number beyond this is not one of ours

#: Why a code opens no seat (the server says it with the status and page that go with it).
UNKNOWN_CODE = "unknown-code"        # not a code of the game in progress (revoked, old game, made up)
SEAT_TAKEN = "seat-taken"            # the code was used: another phone holds the seat
PHONE_HOLDS_A_SEAT = "phone-holds-a-seat"   # this phone holds another seat of the game already


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "replace")).digest()


def secret_digest(token: str | None) -> bytes | None:
    """The digest a phone secret is known by (None: no token, or too long to be one of ours)."""
    if not token or len(token) > MAX_TOKEN:
        return None
    return _digest(token)


def held_digests(kept: dict[str, Any]) -> set[bytes]:
    """The digests of the phones' secrets in what :meth:`SeatTokens.export` gave (malformed
    entries left out)."""
    held = kept.get("held") if isinstance(kept, dict) else None
    out = set()
    for text in (held.values() if isinstance(held, dict) else ()):
        if isinstance(text, str) and len(text) == 64:
            try:
                out.add(bytes.fromhex(text))
            except ValueError:
                continue
    return out


class CodeRefused(Exception):
    """A seat's code that opens nothing for this phone: ``reason`` is one of :data:`UNKNOWN_CODE`,
    :data:`SEAT_TAKEN`, :data:`PHONE_HOLDS_A_SEAT`; ``seat`` the seat concerned (None: unknown)."""

    def __init__(self, reason: str, seat: int | None = None) -> None:
        super().__init__(reason)
        self.reason, self.seat = reason, seat


@dataclass(frozen=True, slots=True)
class Taken:
    """A phone holds ``seat``: ``secret`` is the phone's new secret (None: it held the seat
    already, and brought its used code again); ``phones`` counts the phones that have held the
    seat in this game, this one included (more than one: the seat changed phone)."""

    seat: int
    secret: str | None
    phones: int


class SeatTokens:
    """The codes and phone secrets of the game in progress (``game`` counts games)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.game = 0
        self._codes: dict[int, tuple[str, bytes]] = {}     # seat -> its unused code (and digest)
        self._by_code: dict[bytes, int] = {}
        self._used: dict[bytes, int] = {}                  # digest of a used code -> its seat
        self._secrets: dict[int, bytes] = {}               # seat -> digest of its phone's secret
        self._by_secret: dict[bytes, int] = {}
        self._phones: dict[int, int] = {}                  # seat -> phones that have held it

    def _clear(self) -> list[int]:
        seats = sorted(set(self._codes) | set(self._secrets))
        for d in (self._codes, self._by_code, self._used, self._secrets, self._by_secret, self._phones):
            d.clear()
        return seats

    def new_game(self) -> list[int]:
        """Revoke everything (a new game, or none); returns the seats that had a code or a phone."""
        with self._lock:
            self.game += 1
            return self._clear()

    def revoke_all(self) -> list[int]:
        """The game has ended: everything goes (the game's number stays, for its last views)."""
        with self._lock:
            return self._clear()

    def code(self, seat: int) -> str | None:
        """``seat``'s code, made on first asking (shown again, it is the same), or None while a
        phone holds the seat: a taken seat's code is never shown again."""
        with self._lock:
            if seat in self._secrets:
                return None
            got = self._codes.get(seat)
            if got is not None:
                return got[0]
            code = secrets.token_urlsafe(TOKEN_BYTES)
            d = _digest(code)
            self._codes[seat] = (code, d)
            self._by_code[d] = seat
            return code

    def take(self, code: str, secret: str | None = None) -> Taken:
        """A phone brings ``code`` (and ``secret``, the cookie it holds, if any).  An unused code
        is exchanged for a new phone secret and used up; the phone that holds the seat bringing
        its used code again is told so (``secret`` None).  Else :class:`CodeRefused`."""
        if not code or len(code) > MAX_TOKEN:
            raise CodeRefused(UNKNOWN_CODE)
        d = _digest(code)
        with self._lock:
            mine = self._seat_of(secret)
            seat = self._by_code.get(d)
            if seat is None:
                used = self._used.get(d)
                if used is None:
                    raise CodeRefused(UNKNOWN_CODE)
                if mine == used:
                    return Taken(used, None, self._phones.get(used, 1))
                raise CodeRefused(SEAT_TAKEN, used)
            if mine is not None:
                raise CodeRefused(PHONE_HOLDS_A_SEAT, mine)
            del self._codes[seat], self._by_code[d]
            self._used[d] = seat
            new = secrets.token_urlsafe(TOKEN_BYTES)
            nd = _digest(new)
            self._secrets[seat] = nd
            self._by_secret[nd] = seat
            self._phones[seat] = self._phones.get(seat, 0) + 1
            return Taken(seat, new, self._phones[seat])

    def revoke(self, seat: int) -> bool:
        """Free ``seat``: its code and its phone's secret no longer open anything (the next
        :meth:`code` is a new one).  False if it had neither."""
        with self._lock:
            had = False
            got = self._codes.pop(seat, None)
            if got is not None:
                del self._by_code[got[1]]
                had = True
            sd = self._secrets.pop(seat, None)
            if sd is not None:
                del self._by_secret[sd]
                had = True
            for d in [d for d, s in self._used.items() if s == seat]:
                del self._used[d]             # the old code is now unknown, not "taken"
            return had

    def _seat_of(self, secret: str | None) -> int | None:
        if not secret or len(secret) > MAX_TOKEN:
            return None
        return self._by_secret.get(_digest(secret))

    def seat_of(self, secret: str | None) -> int | None:
        """The seat the phone ``secret`` holds in the game in progress, or None (unknown, revoked,
        an old game; a seat's code is no phone secret)."""
        if not secret or len(secret) > MAX_TOKEN:
            return None
        with self._lock:
            return self._seat_of(secret)

    def held(self, seat: int) -> bool:
        """Whether a phone holds ``seat`` (its code was exchanged and the seat not freed since)."""
        with self._lock:
            return seat in self._secrets

    def phones(self) -> dict[int, int]:
        """Seat -> how many phones have held it in this game."""
        with self._lock:
            return dict(self._phones)

    def seats(self) -> list[int]:
        """The seats with a code shown or a phone: the ones whose views the server keeps ready."""
        with self._lock:
            return sorted(set(self._codes) | set(self._secrets))

    def export(self) -> dict[str, Any]:
        """What the kiosk keeps beside its game (JSON), so that a restarted kiosk resumes it and
        its phones come back with the cookies they hold: the unused codes, and the digests only
        of the used codes and of the phones' secrets."""
        with self._lock:
            return {"codes": {str(s): c for s, (c, _) in self._codes.items()},
                    "held": {str(s): d.hex() for s, d in self._secrets.items()},
                    "used": {d.hex(): s for d, s in self._used.items()},
                    "phones": {str(s): n for s, n in self._phones.items()}}

    def restore(self, kept: dict[str, Any]) -> None:
        """Take back what :meth:`export` gave, for the game in progress (a resumed one).  Entries
        that are not of ours (a short code, a malformed digest, a strange seat) are left out."""
        def seat(key: Any) -> int | None:
            try:
                s = int(key)
            except (TypeError, ValueError):
                return None
            return s if 0 <= s < MAX_SEATS else None

        def digest(text: Any) -> bytes | None:
            if not isinstance(text, str) or len(text) != 64:
                return None
            try:
                return bytes.fromhex(text)
            except ValueError:
                return None

        def section(name: str) -> dict:
            got = kept.get(name) if isinstance(kept, dict) else None
            return got if isinstance(got, dict) else {}

        with self._lock:
            for k, d_text in section("held").items():
                s, d = seat(k), digest(d_text)
                if s is not None and d is not None:
                    self._secrets[s] = d
                    self._by_secret[d] = s
            for k, code in section("codes").items():
                s = seat(k)
                if s is None or s in self._secrets or not isinstance(code, str) \
                        or not MIN_TOKEN <= len(code) <= MAX_TOKEN:
                    continue                  # not one of ours: never a weak code
                d = _digest(code)
                self._codes[s] = (code, d)
                self._by_code[d] = s
            for d_text, k in section("used").items():
                s, d = seat(k), digest(d_text)
                if s is not None and d is not None:
                    self._used[d] = s
            for k, n in section("phones").items():
                s = seat(k)
                if s is not None and type(n) is int and n > 0:
                    self._phones[s] = n
            for s in self._secrets:
                self._phones.setdefault(s, 1)
