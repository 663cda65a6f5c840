"""The per-address limits on their own, with a clock we move by hand."""

import logging

from appliance.lan import RateLimitFilter, client_key
from coordinator.limits import Backoff


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def test_client_key_is_the_address_or_the_ipv6_64():
    assert client_key(("192.168.1.23", 51234)) == "192.168.1.23"
    assert client_key(("2001:db8:1:2:aaaa::1", 5, 0, 0)) == "2001:db8:1:2::/64"
    assert client_key(("2001:db8:1:2:bbbb::9", 5, 0, 0)) == "2001:db8:1:2::/64"     # same device's /64
    assert client_key(("2001:db8:1:3::1", 5, 0, 0)) != client_key(("2001:db8:1:2::1", 5, 0, 0))
    assert client_key(("::ffff:10.0.0.7", 5, 0, 0)) == "10.0.0.7"
    assert client_key(("fe80::1%eth0", 5, 0, 2)) == "fe80::/64"
    assert client_key(None) == "?"


def test_backoff_doubles_per_address_and_forgets():
    clock = Clock()
    b = Backoff(free=3, first=2.0, longest=300.0, forget=3600.0, clock=clock)
    waits = [b.failed("a") for _ in range(3)]
    assert waits == [0, 0, 0] and b.wait("a") == 0
    assert b.failed("a") == 2.0 and b.wait("a") == 2.0
    assert b.wait("b") == 0                          # another address is not touched
    clock.t += 2
    assert b.wait("a") == 0
    assert [b.failed("a") for _ in range(10)] == [4, 8, 16, 32, 64, 128, 256, 300, 300, 300]
    b.succeeded("a")                                  # a right guess clears the address
    assert b.wait("a") == 0 and b.failures("a") == 0
    b.failed("c")
    clock.t += 3601                                   # a quiet hour: forgotten
    assert b.wait("c") == 0 and b.failed("c") == 0 and b.failures("c") == 1


def test_backoff_table_is_bounded():
    b = Backoff(max_clients=100, clock=Clock())
    for i in range(1000):
        b.failed(f"10.0.{i // 256}.{i % 256}")
    assert len(b._clients) == 100
    assert b.failures("10.0.3.231") == 1 and b.failures("10.0.0.0") == 0     # the newest kept


def test_log_lines_of_one_kind_are_rate_limited():
    clock = Clock()
    f = RateLimitFilter(burst=5, period=60.0, clock=clock)

    def rec(msg="wrong pairing code from %s", args=("10.0.0.9",)):
        return logging.LogRecord("tablecup.coordinator", logging.WARNING, __file__, 1, msg, args, None)

    passed = [f.filter(rec()) for _ in range(1000)]
    assert sum(passed) == 5
    assert f.filter(rec("another message", ())) is True          # another kind has its own budget
    clock.t += 61
    r = rec()
    assert f.filter(r) is True and "995 more like this" in r.getMessage()
