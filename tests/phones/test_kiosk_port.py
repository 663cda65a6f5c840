"""`tablecup kiosk --phone-port P` (the app's behaviour with the port free or taken is driven in
test_table_app.py)."""

import pytest

from kiosk.main import parse


def test_the_phone_port_option():
    assert parse([]).phone_port == 8471
    assert parse(["--phone-port", "9000"]).phone_port == 9000
    for bad in ("0", "70000", "http"):
        with pytest.raises(SystemExit):
            parse(["--phone-port", bad])
