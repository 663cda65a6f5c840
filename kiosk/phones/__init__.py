"""Seats on phones: the kiosk's small web server on the LAN, for every game of the contract.

A phone that scans a seat's QR code holds that seat -- the code opens it once, for one phone: it
sees ``observation(seat)`` and the seat's legal actions, and acts; a WebSocket pushes each new
view.  The pieces:

* :mod:`kiosk.phones.host` -- what the server needs from the table (:class:`SeatHost`), and the
  views it publishes (:class:`SeatView`, computed on the table's thread, never on the server's).
* :mod:`kiosk.phones.tokens` -- the seats' codes, each exchanged once for the phone's own secret:
  random, one game only, revocable.
* :mod:`kiosk.phones.server` -- the aiohttp app and :class:`PhoneServer`, which runs it in its own
  thread with its own event loop, so the Kivy thread never waits on a phone.  What one client
  address may cost in connections and time is :mod:`appliance.lan`'s (shared with the
  coordinator); WebSockets per address, per seat and in all are counted by the server.
* ``static/`` -- the phone's page: plain HTML, CSS and JavaScript; its words come from the
  catalogues (``GET /api/words``).

See docs/protocol.md ("Phones") for the wire protocol and the threat model.

The server's names are imported on first use (``kiosk.phones.PhoneServer``): importing the package,
as the kiosk does at start, does not import aiohttp.
"""

from kiosk.phones.host import Refused, SeatHost, SeatView, seat_view

__all__ = ["DEFAULT_PORT", "PhoneServer", "PortTaken", "Refused", "SeatHost", "SeatView", "seat_view"]

_SERVER_NAMES = ("DEFAULT_PORT", "PhoneServer", "PortTaken")


def __getattr__(name: str):
    if name in _SERVER_NAMES:
        from kiosk.phones import server
        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
