"""Who may do what: paired kiosks and their tokens, the pairing code, the organiser PIN.

A kiosk pairs once with the pairing code (shown on the organiser page and in the log) and gets a
token; the store keeps only the token's SHA-256.  One code pairs one kiosk, then a new one is
drawn.  The organiser's requests carry the organiser PIN (``--organiser-pin``, else the one kept
in the store, else one drawn at first start and kept).

Guesses (the pairing code, the organiser PIN) are limited per client address
(:class:`limits.Backoff`): a stranger's wrong guesses slow down only that stranger, and never
change the code or lock anyone else out.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import sqlite3
from dataclasses import dataclass
from typing import Any

from . import store
from .errors import ApiError, too_many
from .limits import Backoff

log = logging.getLogger("tablecup.coordinator")

PAIRING_DIGITS = 12          # 10^12 codes: out of reach of guessing at a few checks per address per hour
ORGANISER_DIGITS = 10


def new_code(digits: int) -> str:
    """A code of ``digits`` decimal digits, drawn from the system's secure source."""
    return f"{secrets.randbelow(10 ** digits):0{digits}d}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Kiosk:
    id: int
    name: str
    token_hash: str
    revoked: bool = False


class Access:
    """The kiosks, the pairing code and the organiser PIN of one coordinator.

    ``conn``: the store's connection, read once here (the kiosks, the PINs; a PIN drawn at first
    start is kept at once); ``writer`` stores what changes later (pairings, revocations, codes).
    """

    def __init__(self, conn: sqlite3.Connection, writer: store.Writer, organiser_pin: str | None = None) -> None:
        self.writer = writer
        self.kiosks: dict[int, Kiosk] = {}
        self.by_token: dict[str, Kiosk] = {}        # SHA-256 of the token -> kiosk (what the store holds)
        self.verified: dict[str, Kiosk] = {}        # token -> kiosk, for tokens already checked once
        self.pairing_guesses = Backoff()
        self.organiser_guesses = Backoff()
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        if organiser_pin:
            self.organiser_pin, self.organiser_pin_source = organiser_pin, "--organiser-pin"
        elif "organiser_pin" in meta:
            self.organiser_pin, self.organiser_pin_source = str(meta["organiser_pin"]), "stored"
        else:
            self.organiser_pin, self.organiser_pin_source = new_code(ORGANISER_DIGITS), "generated"
            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('organiser_pin', ?)", (self.organiser_pin,))
        pins = conn.execute("SELECT id, pin FROM pairing_pins WHERE used_by IS NULL "
                            "ORDER BY id DESC LIMIT 1").fetchall()
        self.pairing_pin_id: int | None = pins[0][0] if pins else None
        self.pairing_pin: str | None = pins[0][1] if pins else None
        for kid, name, th, revoked in conn.execute("SELECT id, name, token_hash, revoked FROM kiosks"):
            k = Kiosk(kid, name, th, bool(revoked))
            self.kiosks[k.id] = k
            self.by_token[k.token_hash] = k

    # ------------------------------------------------------------------ checks
    def kiosk_from(self, authorization: str | None, required: bool = True) -> Kiosk | None:
        """The kiosk of an ``Authorization: Bearer <token>`` header (None: no header and none
        ``required``); ``ApiError`` 401 for a missing or unknown token, 403 for a revoked one."""
        if not authorization:
            if required:
                raise ApiError(401, "missing 'Authorization: Bearer <token>' header")
            return None
        scheme, _, token = authorization.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token:
            raise ApiError(401, "the Authorization header must be 'Bearer <token>'")
        k = self.verified.get(token)
        if k is None:
            k = self.by_token.get(token_hash(token))
            if k is None:
                raise ApiError(401, "unknown token: pair this kiosk again (POST /api/pair)")
            self.verified[token] = k     # only known tokens: one entry per paired kiosk at most
        if k.revoked:
            raise ApiError(403, f"the token of kiosk {k.id} ({k.name}) was revoked")
        return k

    def check_organiser(self, pin: str | None, client: str) -> None:
        """The organiser PIN, limited per client address: after a few wrong ones that address waits
        (429) -- and only that address."""
        if not pin:
            raise ApiError(401, "missing X-Organiser-Pin header (the organiser PIN)")
        wait = self.organiser_guesses.wait(client)
        if wait > 0:
            raise too_many("organiser PINs", wait)
        if not hmac.compare_digest(pin.encode("utf-8", "replace"), self.organiser_pin.encode()):
            pause = self.organiser_guesses.failed(client)
            log.warning("wrong organiser PIN from %s%s", client, f" (it waits {pause:.0f} s)" if pause else "")
            raise ApiError(403, "wrong organiser PIN")
        self.organiser_guesses.succeeded(client)

    # ------------------------------------------------------------------ pairing & kiosks
    async def new_pairing_pin(self) -> None:
        pin = new_code(PAIRING_DIGITS)
        created = store.now()

        def write(conn: sqlite3.Connection) -> int | None:
            return conn.execute("INSERT INTO pairing_pins(pin, created, used_by, failures) VALUES (?, ?, NULL, ?)",
                                (pin, created, 0)).lastrowid
        self.pairing_pin = pin
        self.pairing_pin_id = await self.writer.write(write)
        log.info("new pairing code: %s", pin)

    async def pair(self, pin: str, name: str, client: str) -> dict[str, Any]:
        """Pair a kiosk with the pairing code.  Wrong codes are limited per client address; they
        never change the code, so a stranger cannot keep the tables from pairing."""
        wait = self.pairing_guesses.wait(client)
        if wait > 0:
            raise too_many("pairing codes", wait)
        if self.pairing_pin is None or not hmac.compare_digest(pin.encode(), self.pairing_pin.encode()):
            pause = self.pairing_guesses.failed(client)
            log.warning("wrong pairing code from %s%s", client, f" (it waits {pause:.0f} s)" if pause else "")
            raise ApiError(403, "wrong pairing code (see the organiser page or the coordinator's log)")
        self.pairing_guesses.succeeded(client)
        token = secrets.token_urlsafe(32)
        h = token_hash(token)
        pin_id = self.pairing_pin_id
        self.pairing_pin = None        # one PIN pairs one kiosk
        created = store.now()

        def write(conn: sqlite3.Connection) -> int:
            kid = conn.execute("INSERT INTO kiosks(name, token_hash, revoked, created) VALUES (?, ?, 0, ?)",
                               (name, h, created)).lastrowid
            conn.execute("UPDATE pairing_pins SET used_by = ? WHERE id = ?", (kid, pin_id))
            return int(kid or 0)
        kid = await self.writer.write(write)
        k = Kiosk(kid, name, h)
        self.kiosks[kid] = k
        self.by_token[h] = k
        log.info("kiosk %d (%s) paired", kid, name)
        await self.new_pairing_pin()
        return {"kiosk_id": kid, "name": name, "token": token}

    async def revoke(self, kid: int) -> dict[str, Any]:
        k = self.kiosks.get(kid)
        if k is None:
            raise ApiError(404, f"no kiosk {kid}")
        if not k.revoked:
            await self.writer.write(lambda conn: conn.execute("UPDATE kiosks SET revoked = 1 WHERE id = ?", (kid,)))
            k.revoked = True
            log.info("kiosk %d (%s) revoked", kid, k.name)
        return {"kiosk_id": kid, "name": k.name, "revoked": True}

    def usable(self, kid: int) -> Kiosk:
        """A kiosk that may be given a park: 404 for no such kiosk, 409 for a revoked one."""
        k = self.kiosks.get(kid)
        if k is None:
            raise ApiError(404, f"no kiosk {kid}")
        if k.revoked:
            raise ApiError(409, f"kiosk {kid} is revoked")
        return k
