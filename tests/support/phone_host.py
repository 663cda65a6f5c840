"""A table for the phone server's tests and bench: a real engine game state owned by a thread of
its own, which stands in for the Kivy loop (work is posted to it, run one at a time, in order)."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import cards
from engine import registry
from engine.game import Action, GameSetup

if TYPE_CHECKING:
    from kiosk.phones import PhoneServer


class ThreadHost:
    """:class:`kiosk.phones.SeatHost` over ``registry.get(game).new(...)``, on its own thread.

    ``listeners`` are called on the host's thread after every change (the kiosk calls
    ``PhoneServer.changed`` there).  :meth:`table` plays an action as a touch on the table would."""

    def __init__(self, game: str, players: tuple[str, ...], seed: int = 1) -> None:
        self.game = registry.get(game)
        self.data = self.game.load(cards)
        self.state = self.game.new(self.data, GameSetup(game, players, seed))
        self.played: list[Action] = []
        self.listeners: list[Callable[[], None]] = []
        self.thread_ids: set[int] = set()      # every thread a host method ran on (the test checks)
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="table", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            job()

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(5)

    def _here(self) -> None:
        self.thread_ids.add(threading.get_ident())

    # --- SeatHost
    def post(self, fn: Callable[[], None]) -> None:
        self._jobs.put(fn)

    def version(self) -> int:
        self._here()
        return len(self.played)

    def seat_names(self):
        self._here()
        return list(self.state.setup.players)

    def observation(self, seat: int):
        self._here()
        return self.state.observation(seat)

    def legal_actions(self, seat: int):
        self._here()
        return self.state.legal_actions(seat)

    def outcome(self):
        self._here()
        return self.state.outcome()

    def phone_words(self, observation, legal):
        """The view in words, as the kiosk's table host says it (the game's ``KIOSK.phone``)."""
        self._here()
        from kiosk.games import registry as kiosk_games
        from kiosk.phones.host import langs
        kg = kiosk_games.find(self.game.name)
        if kg is None or kg.phone is None:
            return None
        words = kiosk_games.load_class(kg.phone)
        return {lang: words(self.data, observation, legal, lang) for lang in langs()}

    def submit(self, seat: int, action: Action) -> None:
        self._here()
        self.state.apply(action)
        self.played.append(action)
        for fn in self.listeners:
            fn()

    # --- for tests
    def call(self, fn: Callable[[], object], timeout: float = 5.0):
        """Run ``fn`` on the host's thread and return its result."""
        done: queue.SimpleQueue = queue.SimpleQueue()
        self.post(lambda: done.put(fn()))
        return done.get(timeout=timeout)

    def table(self, action: Action) -> None:
        """A touch on the table: played on the host's thread, then the listeners told."""
        self.call(lambda: self.submit(action.player, action))


def serve_phones(host: ThreadHost) -> PhoneServer:
    """A real phone server on a free loopback port, started and following ``host`` (the kiosk
    attaches its table so); the caller stops it."""
    from kiosk.phones import PhoneServer

    server = PhoneServer(port=0, bind="127.0.0.1", address="127.0.0.1")
    server.start()
    host.listeners.append(server.changed)
    host.call(lambda: server.attach(host))
    return server
