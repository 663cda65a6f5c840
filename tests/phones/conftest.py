"""A phone server on 127.0.0.1 (a free port) over a real game on a table thread of its own."""

import pytest
from phone_host import ThreadHost

from kiosk.phones import PhoneServer


@pytest.fixture
def table():
    """Between Battle, seed 3, two players; the server follows it."""
    host = ThreadHost("between", ("Ann", "Bob"), seed=3)
    server = PhoneServer(port=0, bind="127.0.0.1", address="127.0.0.1")
    server.start()
    host.listeners.append(server.changed)
    host.call(lambda: server.attach(host))
    yield host, server
    server.stop()
    host.close()
