"""Tablecup serial board line protocol, versions 1 and 2 (pure encode/decode).

See docs/serial-protocol.md for the full description.  Every line is::

    $<BODY>*<CS>\\n

``BODY`` is printable ASCII (0x20-0x7E) without ``$`` and ``*``; fields are
separated by commas and the first field is the verb.  ``CS`` is the XOR of all
bytes of ``BODY`` as two hex digits (upper case when sending, either case
accepted).  A trailing ``\\r`` is tolerated.  Lines are at most
:data:`MAX_LINE_LENGTH` bytes including framing.

Board -> host: ``HELLO``, ``HB``, ``BTN``, ``ACK``, ``ERR``.
Host -> board: ``WHO``, ``LED``.

Version 2 names the buttons ``primary``, ``secondary`` (per side) and
``toss``; version 1 boards have ``reveal`` (the primary button) and ``toss``.
A host speaks both: :func:`table_button` maps a board's button name, given
the version its ``HELLO`` announced, to the table's button.

Nothing here does I/O; :func:`decode` raises :class:`ProtocolError` (with a
human readable ``reason``) for anything that is not a valid line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: The version this host's firmware speaks, and every version the host accepts.
PROTOCOL_VERSION = 2
SUPPORTED_VERSIONS = (1, 2)
MAX_LINE_LENGTH = 120
#: Board sends ``HB`` this often (milliseconds).
HEARTBEAT_INTERVAL_MS = 1000
#: Host declares the board lost after this long without a valid line.
HEARTBEAT_TIMEOUT_S = 3.5

#: Button names on the wire, per protocol version.
BUTTONS_BY_VERSION = {1: ("reveal", "toss"), 2: ("primary", "secondary", "toss")}
BUTTONS = ("primary", "secondary", "toss", "reveal")
SIDED_BUTTONS = ("primary", "secondary", "reveal")
SIDES = ("light", "dark")
NO_SIDE = "-"
STATES = {"down": True, "up": False}
LED_MODES = ("on", "off", "blink", "pulse", "flash")
MAX_COUNT = 999

_ID_RE = re.compile(r"^[A-Za-z0-9_.\-]{1,32}$")
_UINT_RE = re.compile(r"^[0-9]{1,15}$")
_HEX = "0123456789abcdefABCDEF"


class ProtocolError(ValueError):
    """A line was rejected; ``reason`` says why (for the log)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# --- messages -------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """Board announces itself (at boot and in answer to ``WHO``)."""

    version: int
    board_id: str
    firmware: str


@dataclass(frozen=True)
class Heartbeat:
    """Board is alive; ``uptime_ms`` counts from board boot."""

    uptime_ms: int


@dataclass(frozen=True)
class ButtonEdge:
    """A raw button edge seen by the board (the host debounces)."""

    button: str  # "primary" | "secondary" | "toss" (version 2); "reveal" | "toss" (version 1)
    side: str | None  # "light" | "dark" for a side button, None for toss
    pressed: bool
    uptime_ms: int


@dataclass(frozen=True)
class Ack:
    """Optional acknowledgement of a host command (``verb`` is e.g. ``LED``)."""

    verb: str


@dataclass(frozen=True)
class BoardError:
    """The board rejected something the host sent."""

    message: str


@dataclass(frozen=True)
class Who:
    """Host asks the board to (re)send ``HELLO``."""


@dataclass(frozen=True)
class LedCommand:
    """Host sets one LED.

    ``brightness`` is in percent (0..100).  ``count`` is the number of
    blink/pulse/flash cycles after which the LED goes off; 0 means forever.
    """

    side: str
    mode: str
    brightness: int = 100
    count: int = 0


Message = Hello | Heartbeat | ButtonEdge | Ack | BoardError | Who | LedCommand
BOARD_MESSAGES = (Hello, Heartbeat, ButtonEdge, Ack, BoardError)
HOST_MESSAGES = (Who, LedCommand)


# --- framing --------------------------------------------------------------
def checksum(body: str | bytes) -> str:
    """XOR of all bytes of ``body`` as two upper-case hex digits."""
    data = body.encode("ascii") if isinstance(body, str) else body
    value = 0
    for byte in data:
        value ^= byte
    return f"{value:02X}"


def _check_field(text: str, what: str) -> str:
    if not text or any(c in text for c in ",*$") or not all(" " <= c <= "~" for c in text):
        raise ValueError(f"{what} must be non-empty printable ASCII without , * $: {text!r}")
    return text


def frame(*fields: object) -> bytes:
    """Build one framed line from fields (the first is the verb)."""
    body = ",".join(_check_field(str(f), "field") for f in fields)
    line = f"${body}*{checksum(body)}\n".encode("ascii")
    if len(line) > MAX_LINE_LENGTH:
        raise ValueError(f"line too long ({len(line)} bytes)")
    return line


def _fields(msg: Message) -> tuple:
    if isinstance(msg, Hello):
        return ("HELLO", msg.version, msg.board_id, msg.firmware)
    if isinstance(msg, Heartbeat):
        return ("HB", msg.uptime_ms)
    if isinstance(msg, ButtonEdge):
        side = msg.side if msg.side is not None else NO_SIDE
        return ("BTN", msg.button, side, "down" if msg.pressed else "up", msg.uptime_ms)
    if isinstance(msg, Ack):
        return ("ACK", msg.verb)
    if isinstance(msg, BoardError):
        return ("ERR", msg.message)
    if isinstance(msg, Who):
        return ("WHO",)
    if isinstance(msg, LedCommand):
        fields: tuple = ("LED", msg.side, msg.mode, msg.brightness)
        return fields + ((msg.count,) if msg.count else ())
    raise TypeError(f"not a protocol message: {msg!r}")


def encode(msg: Message) -> bytes:
    """Encode a message as one line (``b"$...*CS\\n"``).  Validates values."""
    _validate(msg)
    return frame(*_fields(msg))


def _validate(msg: Message) -> None:
    if isinstance(msg, Hello):
        if not isinstance(msg.version, int) or msg.version not in SUPPORTED_VERSIONS:
            raise ValueError(f"bad version {msg.version!r}")
        for name in ("board_id", "firmware"):
            if not _ID_RE.match(getattr(msg, name)):
                raise ValueError(f"bad {name} {getattr(msg, name)!r}")
    elif isinstance(msg, (Heartbeat, ButtonEdge)):
        if not isinstance(msg.uptime_ms, int) or not 0 <= msg.uptime_ms < 10**15:
            raise ValueError(f"bad uptime {msg.uptime_ms!r}")
        if isinstance(msg, ButtonEdge):
            _button_side(msg.button, NO_SIDE if msg.side is None else msg.side)
    elif isinstance(msg, Ack):
        if not re.match(r"^[A-Z]{1,8}$", msg.verb):
            raise ValueError(f"bad verb {msg.verb!r}")
    elif isinstance(msg, BoardError):
        _check_field(msg.message, "message")
    elif isinstance(msg, LedCommand):
        _led_values(msg.side, msg.mode, msg.brightness, msg.count)


# --- decoding -------------------------------------------------------------
def _uint(text: str, what: str) -> int:
    if not _UINT_RE.match(text):
        raise ProtocolError(f"{what} is not an unsigned integer: {text!r}")
    return int(text)


def _button_side(button: str, side: str) -> str | None:
    if button not in BUTTONS:
        raise ProtocolError(f"unknown button {button!r} (expected primary, secondary or toss; reveal in version 1)")
    if button in SIDED_BUTTONS:
        if side not in SIDES:
            raise ProtocolError(f"{button} button needs side light or dark, got {side!r}")
        return side
    if side != NO_SIDE:
        raise ProtocolError(f"toss button has no side ('-'), got {side!r}")
    return None


def _led_values(side: str, mode: str, brightness: int, count: int) -> None:
    if side not in SIDES:
        raise ProtocolError(f"LED side must be light or dark, got {side!r}")
    if mode not in LED_MODES:
        raise ProtocolError(f"unknown LED mode {mode!r} (expected {'|'.join(LED_MODES)})")
    if not isinstance(brightness, int) or not 0 <= brightness <= 100:
        raise ProtocolError(f"LED brightness must be 0..100, got {brightness!r}")
    if not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
        raise ProtocolError(f"LED count must be 0..{MAX_COUNT}, got {count!r}")


def _expect(verb: str, args: list, n: int) -> None:
    if len(args) != n:
        raise ProtocolError(f"{verb} needs {n} field(s), got {len(args)}")


def split_line(line: bytes | str) -> list[str]:
    """Check framing and checksum; return the fields (verb first)."""
    if isinstance(line, bytes):
        if len(line) > MAX_LINE_LENGTH:
            raise ProtocolError(f"line too long ({len(line)} bytes, max {MAX_LINE_LENGTH})")
        try:
            text = line.decode("ascii")
        except UnicodeDecodeError:
            raise ProtocolError("not ASCII (garbage or wrong baud rate?)") from None
    else:
        text = line
        if len(text) > MAX_LINE_LENGTH:
            raise ProtocolError(f"line too long ({len(text)} bytes, max {MAX_LINE_LENGTH})")
    text = text.rstrip("\n").rstrip("\r")
    if not text:
        raise ProtocolError("empty line")
    if not text.startswith("$"):
        raise ProtocolError("does not start with '$' (garbage or partial line)")
    star = text.rfind("*")
    if star < 0:
        raise ProtocolError("no '*' checksum separator (truncated line?)")
    body, cs = text[1:star], text[star + 1 :]
    if len(cs) != 2 or any(c not in _HEX for c in cs):
        raise ProtocolError(f"checksum must be two hex digits, got {cs!r} (truncated line?)")
    if "$" in body:
        raise ProtocolError("'$' inside the line (two lines run together?)")
    if "*" in body:
        raise ProtocolError("more than one '*' in the line")
    if not all(" " <= c <= "~" for c in body):
        raise ProtocolError("control characters inside the line")
    expected = checksum(body)
    if cs.upper() != expected:
        raise ProtocolError(f"bad checksum: line says {cs.upper()}, computed {expected}")
    fields = body.split(",")
    if not fields[0]:
        raise ProtocolError("empty verb")
    if any(f == "" for f in fields[1:]):
        raise ProtocolError("empty field")
    return fields


def decode(line: bytes | str) -> Message:
    """Decode one line (with or without the trailing newline)."""
    verb, *args = split_line(line)
    if verb == "HELLO":
        if not args:
            raise ProtocolError("HELLO without protocol version")
        version = _uint(args[0], "HELLO protocol version")
        if version not in SUPPORTED_VERSIONS:
            spoken = " and ".join(str(v) for v in SUPPORTED_VERSIONS)
            raise ProtocolError(
                f"unsupported protocol version {version} (this host speaks {spoken}); "
                "update the board firmware or Tablecup"
            )
        _expect(verb, args, 3)
        board_id, firmware = args[1], args[2]
        if not _ID_RE.match(board_id):
            raise ProtocolError(f"bad board id {board_id!r}")
        if not _ID_RE.match(firmware):
            raise ProtocolError(f"bad firmware version {firmware!r}")
        return Hello(version, board_id, firmware)
    if verb == "HB":
        _expect(verb, args, 1)
        return Heartbeat(_uint(args[0], "HB uptime"))
    if verb == "BTN":
        _expect(verb, args, 4)
        button, side_text, state, uptime = args
        side = _button_side(button, side_text)
        if state not in STATES:
            raise ProtocolError(f"button state must be down or up, got {state!r}")
        return ButtonEdge(button, side, STATES[state], _uint(uptime, "BTN uptime"))
    if verb == "ACK":
        _expect(verb, args, 1)
        return Ack(args[0])
    if verb == "ERR":
        _expect(verb, args, 1)
        return BoardError(args[0])
    if verb == "WHO":
        _expect(verb, args, 0)
        return Who()
    if verb == "LED":
        if len(args) not in (3, 4):
            raise ProtocolError(f"LED needs 3 or 4 fields, got {len(args)}")
        side, mode = args[0], args[1]
        brightness = _uint(args[2], "LED brightness")
        count = _uint(args[3], "LED count") if len(args) == 4 else 0
        _led_values(side, mode, brightness, count)
        return LedCommand(side, mode, brightness, count)
    raise ProtocolError(f"unknown verb {verb!r}")


def table_button(version: int, edge: ButtonEdge) -> str:
    """The table's button (``"primary"``, ``"secondary"`` or ``"toss"``) that a
    board speaking ``version`` means by ``edge.button``.  Raises ProtocolError
    for a name that version does not have (``secondary`` from a version-1
    board, ``reveal`` from a version-2 board)."""
    names = BUTTONS_BY_VERSION.get(version)
    if names is None:
        raise ProtocolError(f"unsupported protocol version {version}")
    if edge.button not in names:
        raise ProtocolError(
            f"button {edge.button!r} is not in protocol version {version} (expected {' or '.join(names)})"
        )
    return "primary" if edge.button == "reveal" else edge.button
