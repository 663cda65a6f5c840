"""What one client on the café LAN may cost the coordinator in guesses.

Every limit here is *per client address* (:func:`appliance.lan.client_key`), so a stranger who
hammers the coordinator slows down only themself: wrong pairing codes or organiser PINs from one
address never lock out another address, and never change a code.

* :class:`Backoff` -- a few free wrong guesses, then a wait that doubles with each further wrong
  guess; a guess during the wait is not checked at all (429 with ``Retry-After``).

Connections, request deadlines and log floods are limited by :mod:`appliance.lan`, which the
kiosk's phone server shares.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable


class Backoff:
    """Wrong guesses per client: ``free`` of them cost nothing, then each one more doubles the wait
    (``first`` seconds, then twice that, ... up to ``longest``).  A right guess clears the client.

    :meth:`wait` says how long a client must still wait before its next guess is *checked*; the
    caller answers 429 without looking at the guess meanwhile.  Entries of clients that have been
    quiet for ``forget`` seconds are dropped, and the table never holds more than ``max_clients``
    entries (the oldest goes first), so the table's size is bounded too.
    """

    def __init__(self, free: int = 3, first: float = 2.0, longest: float = 300.0, forget: float = 3600.0,
                 max_clients: int = 4096, clock: Callable[[], float] = time.monotonic) -> None:
        self.free, self.first, self.longest, self.forget = free, first, longest, forget
        self.max_clients = max_clients
        self.clock = clock
        self._clients: OrderedDict[str, list] = OrderedDict()     # key -> [failures, not_before, last]

    def wait(self, key: str) -> float:
        """Seconds before this client's next guess is checked (0: check it now)."""
        got = self._clients.get(key)
        if got is None:
            return 0.0
        now = self.clock()
        if now - got[2] > self.forget:
            del self._clients[key]
            return 0.0
        return max(0.0, got[1] - now)

    def failed(self, key: str) -> float:
        """Count a wrong guess; returns the wait it starts (0 while the free guesses last)."""
        now = self.clock()
        got = self._clients.pop(key, None)
        if got is None or now - got[2] > self.forget:
            got = [0, now, now]
        got[0] += 1
        over = got[0] - self.free
        pause = 0.0 if over <= 0 else min(self.longest, self.first * 2 ** (over - 1))
        got[1], got[2] = now + pause, now
        self._clients[key] = got
        while len(self._clients) > self.max_clients:
            self._clients.popitem(last=False)
        return pause

    def succeeded(self, key: str) -> None:
        self._clients.pop(key, None)

    def failures(self, key: str) -> int:
        got = self._clients.get(key)
        return 0 if got is None else got[0]
