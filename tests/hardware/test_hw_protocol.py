"""hardware.protocol: framing, round trips, rejection reasons."""

from functools import reduce

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware import protocol as p


def xor_hex(body: str) -> str:
    """Independent checksum: XOR of the bytes between '$' and '*'."""
    return format(reduce(lambda a, b: a ^ b, body.encode(), 0), "02X")


def line(body: str) -> bytes:
    return f"${body}*{xor_hex(body)}\n".encode()


# Literal vectors, also used in docs/serial-protocol.md.
VECTORS = [
    (b"$HELLO,2,pico-e6614103e7,2.0*48\n", p.Hello(2, "pico-e6614103e7", "2.0")),
    (b"$HB,15000*12\n", p.Heartbeat(15000)),
    (b"$BTN,primary,light,down,1234*5C\n", p.ButtonEdge("primary", "light", True, 1234)),
    (b"$BTN,primary,light,up,1301*4C\n", p.ButtonEdge("primary", "light", False, 1301)),
    (b"$BTN,secondary,dark,down,2000*2E\n", p.ButtonEdge("secondary", "dark", True, 2000)),
    (b"$BTN,secondary,dark,up,2450*38\n", p.ButtonEdge("secondary", "dark", False, 2450)),
    # version 1 boards (firmware 1.0)
    (b"$HELLO,1,pico-e6614103e7,1.0*48\n", p.Hello(1, "pico-e6614103e7", "1.0")),
    (b"$BTN,reveal,light,down,1234*39\n", p.ButtonEdge("reveal", "light", True, 1234)),
    (b"$BTN,reveal,light,up,1301*29\n", p.ButtonEdge("reveal", "light", False, 1301)),
    (b"$BTN,toss,-,down,5000*79\n", p.ButtonEdge("toss", None, True, 5000)),
    (b"$ACK,LED*28\n", p.Ack("LED")),
    (b"$ERR,unknown verb FOO*44\n", p.BoardError("unknown verb FOO")),
    (b"$WHO*50\n", p.Who()),
    (b"$LED,light,on,80*16\n", p.LedCommand("light", "on", 80)),
    (b"$LED,dark,blink,80*17\n", p.LedCommand("dark", "blink", 80)),
    (b"$LED,light,flash,100,15*76\n", p.LedCommand("light", "flash", 100, 15)),
]


@pytest.mark.parametrize("raw, msg", VECTORS)
def test_vectors(raw, msg):
    body = raw[1 : raw.index(b"*")].decode()
    assert raw.endswith(f"*{xor_hex(body)}\n".encode())
    assert p.encode(msg) == raw
    assert p.decode(raw) == msg
    assert p.decode(raw.rstrip(b"\n") + b"\r\n") == msg  # CRLF tolerated
    assert p.decode(raw.decode()) == msg  # str input works too


def test_lower_case_checksum_accepted():
    assert p.decode(b"$LED,dark,off,80*1a") == p.LedCommand("dark", "off", 80)


ids = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-", min_size=1, max_size=32)
uptimes = st.integers(min_value=0, max_value=10**15 - 1)
messages = st.one_of(
    st.builds(p.Hello, st.sampled_from(p.SUPPORTED_VERSIONS), ids, ids),
    st.builds(p.Heartbeat, uptimes),
    st.builds(lambda button, side, pressed, t: p.ButtonEdge(button, side, pressed, t),
              st.sampled_from(p.SIDED_BUTTONS), st.sampled_from(p.SIDES), st.booleans(), uptimes),
    st.builds(lambda pressed, t: p.ButtonEdge("toss", None, pressed, t), st.booleans(), uptimes),
    st.builds(p.Ack, st.sampled_from(["LED", "WHO"])),
    st.builds(p.BoardError, st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126, blacklist_characters=",*$"), min_size=1, max_size=60)),
    st.just(p.Who()),
    st.builds(p.LedCommand, st.sampled_from(p.SIDES), st.sampled_from(p.LED_MODES), st.integers(0, 100), st.integers(0, p.MAX_COUNT)),
)


@given(messages)
def test_round_trip(msg):
    raw = p.encode(msg)
    assert raw.startswith(b"$") and raw.endswith(b"\n")
    assert len(raw) <= p.MAX_LINE_LENGTH
    body = raw[1 : raw.rindex(b"*")].decode()
    assert raw[-3:-1].decode() == xor_hex(body)
    assert p.decode(raw) == msg


@given(messages, st.data())
def test_any_single_byte_corruption_is_rejected_or_harmless(msg, data):
    raw = bytearray(p.encode(msg))
    i = data.draw(st.integers(0, len(raw) - 2))  # keep the newline
    new = data.draw(st.integers(0, 255).filter(lambda b: b != raw[i]))
    original = raw[i]
    raw[i] = new
    try:
        decoded = p.decode(bytes(raw))
    except p.ProtocolError:
        return
    # Only a change of letter case in the checksum digits is harmless.
    assert i >= len(raw) - 3 and chr(new).upper() == chr(original).upper()
    assert decoded == msg


@pytest.mark.parametrize(
    "raw, reason",
    [
        (b"", "empty line"),
        (b"hello world\n", "does not start with '$'"),
        (b"\xff\xfe$HB,1*31\n", "not ASCII"),
        (b"$HB,15000\n", "no '*'"),
        (b"$BTN,reveal,li\n", "no '*'"),
        (b"$HB,15000*1\n", "two hex digits"),
        (b"$HB,15000*ZZ\n", "two hex digits"),
        (b"$HB,15000*13\n", "bad checksum: line says 13, computed 12"),
        (b"$BTN,rev$HB,15000*12\n", "'$' inside the line"),
        (line("FOO,1"), "unknown verb 'FOO'"),
        (line("HB"), "HB needs 1 field(s), got 0"),
        (line("HB,-5"), "not an unsigned integer"),
        (line("HB,1,2"), "HB needs 1 field(s), got 2"),
        (line("BTN,reveal,light,down"), "BTN needs 4 field(s)"),
        (line("BTN,jump,light,down,5"), "unknown button 'jump'"),
        (line("BTN,reveal,-,down,5"), "needs side light or dark"),
        (line("BTN,secondary,-,down,5"), "secondary button needs side light or dark"),
        (line("BTN,toss,dark,down,5"), "toss button has no side"),
        (line("BTN,reveal,dark,sideways,5"), "down or up"),
        (line("HELLO,3,pico,3.0"), "unsupported protocol version 3 (this host speaks 1 and 2)"),
        (line("HELLO,1,pico"), "HELLO needs 3 field(s)"),
        (line("HELLO,1,pico board,1.0"), "bad board id"),
        (line("LED,light,disco,50"), "unknown LED mode 'disco'"),
        (line("LED,left,on,50"), "LED side must be light or dark"),
        (line("LED,light,on,101"), "brightness must be 0..100"),
        (line("LED,light,on"), "LED needs 3 or 4 fields"),
        (line("HB,,"), "empty field"),
        (b"$" + b"A" * 200 + b"*00\n", "line too long"),
        (b"$HB,1\x07*36\n", "control characters"),
    ],
)
def test_rejections_have_reasons(raw, reason):
    with pytest.raises(p.ProtocolError) as info:
        p.decode(raw)
    assert reason in info.value.reason


def test_button_names_depend_on_the_boards_version():
    """Version 1 had the reveal button; version 2 names the table's buttons."""
    edge = lambda button: p.ButtonEdge(button, "light", True, 1)  # noqa: E731
    assert p.table_button(1, edge("reveal")) == "primary"
    assert p.table_button(2, edge("primary")) == "primary"
    assert p.table_button(2, edge("secondary")) == "secondary"
    assert p.table_button(1, p.ButtonEdge("toss", None, True, 1)) == "toss"
    with pytest.raises(p.ProtocolError, match="'secondary' is not in protocol version 1"):
        p.table_button(1, edge("secondary"))
    with pytest.raises(p.ProtocolError, match="'reveal' is not in protocol version 2"):
        p.table_button(2, edge("reveal"))


def test_encode_refuses_invalid_values():
    with pytest.raises(ValueError):
        p.encode(p.LedCommand("light", "on", 150))
    with pytest.raises(ValueError):
        p.encode(p.BoardError("has,comma"))
    with pytest.raises(ValueError):
        p.encode(p.Hello(1, "bad id", "1"))
    with pytest.raises(ValueError):
        p.encode(p.Hello(3, "pico", "3.0"))
    with pytest.raises(TypeError):
        p.encode("LED")


def test_examples_in_the_protocol_document_are_valid():
    import pathlib
    import re

    import hardware

    doc = (pathlib.Path(hardware.__file__).parent.parent / "docs" / "serial-protocol.md").read_text()
    lines = re.findall(r"^(?:board|host):\s+(\$\S.*)$", doc, flags=re.M)
    assert len(lines) >= 10
    for text in lines:
        msg = p.decode(text)
        assert p.encode(msg) == (text + "\n").encode()
