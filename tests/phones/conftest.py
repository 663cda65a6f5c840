"""A phone server on 127.0.0.1 (a free port) over a real game on a table thread of its own."""

import pytest
from phone_host import ThreadHost, serve_phones


@pytest.fixture
def table():
    """Between Battle, seed 3, two players; the server follows it."""
    host = ThreadHost("between", ("Ann", "Bob"), seed=3)
    server = serve_phones(host)
    yield host, server
    server.stop()
    host.close()
