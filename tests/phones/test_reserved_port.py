"""The port a driven kiosk's phones take (tests/support/ports.py) is held for its phone server from
the moment it is chosen: no other socket of the machine can take it meanwhile -- a client's
connection beside the test would have left the kiosk without phones for a whole run -- and the
real phone server still binds it and serves."""

import errno
import socket
import urllib.request

import pytest
from ports import reserved_port

from kiosk.phones import PhoneServer


@pytest.mark.parametrize("address", ["127.0.0.1", "0.0.0.0"])
def test_no_other_socket_takes_the_held_port(address):
    port = reserved_port()
    stranger = socket.socket()          # another server, or a connection the system numbered so
    try:
        with pytest.raises(OSError) as exc:
            stranger.bind((address, port))
        assert exc.value.errno == errno.EADDRINUSE
    finally:
        stranger.close()


def test_the_phone_server_binds_the_held_port_and_serves():
    port = reserved_port()
    server = PhoneServer(port=port, bind="0.0.0.0", address="127.0.0.1")
    assert server.start() == port
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/phone.js", timeout=30) as r:
            assert r.status == 200
    finally:
        server.stop()
