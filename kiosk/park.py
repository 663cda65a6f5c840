"""A kiosk's park of a café tournament: :class:`ParkController`, the network's listener and the
park's seating screen's source.  Game-neutral: every game's park is played at its table.

The controller keeps what the kiosk knows of the café (pairing, the tournament and park it is
assigned to, the connection, the outbox's count, the last park and public views, stored so a
restart resumes without the network) and hands each park view and each answer to the park's
table, :attr:`ParkController.table`: a :class:`kiosk.table.park.ParkTable` (a ``LocalTable`` in
all its protocol, stored before it is applied), or the subclass the game's kiosk descriptor
names (``KioskGame.park``: Challengers!' tournament, with its Deck Phases, is
:class:`kiosk.games.challengers.park.ChallengersPark`).  The game's own screens show that table
while it is ``playing`` (:meth:`kiosk.session.Session.park_table`); between its games the park
screen reads the controller (:mod:`kiosk.park_screen`).

Nothing here knows a game's rules: which moment is on screen is the game's view model's word,
what may be done now the table's legal actions'.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from kiosk.games import registry as kiosk_games
from kiosk.i18n import tr
from kiosk.table import game_data, notify
from kiosk.table.park import ParkTable

log = logging.getLogger("tablecup.kiosk.park")

#: The game of a park view that does not name one (a coordinator from before the other games).
FIRST_GAME = "challengers"


def _table_class(game: str) -> Any:
    """The class of ``game``'s park table (``KioskGame.park``; default: ``ParkTable``)."""
    try:
        spec = kiosk_games.get(game).park
    except KeyError:
        spec = None
    return ParkTable if spec is None else kiosk_games.load_class(spec)


class ParkController:
    """A café park's link to the coordinator (see the module's docstring).  ``store``: the
    kiosk's store; ``data_for(game)``: a game's data (the kiosk's Challengers! library with its
    house sets); ``schedule(fn, delay)``: the clock of the bots a park's table plays itself."""

    def __init__(self, store: Any, *, data_for: Callable[[Any], Any] = game_data,
                 schedule: Callable[..., Any] | None = None, robot_delay: float = 0.6) -> None:
        self.store = store
        self.data_for = data_for
        self.schedule = schedule or (lambda fn, delay: None)
        self.robot_delay = robot_delay
        self.listeners: list = []
        self.client: Any = None
        #: ``(half, pressed)``: a person's input at the park's table did nothing (the app's hint).
        self.on_ignored: Callable[[int | None, str], None] | None = None
        self.kiosk_id = store.get("coord_kiosk_id")
        self.kiosk_name = store.get("coord_kiosk_name")
        self.tid = store.get("park_tournament")
        self.park = store.get("park_number") or 1
        self.view = store.get("park_last_view")
        self.pub = store.get("park_last_public")
        if self.view and (self.view.get("tournament") != self.tid or self.view.get("park") != self.park):
            self.view, self.pub = None, None
        self.online = False
        self.status = "connecting"
        # The connection's parts (on_status), for the screens to say in their language.
        self.base: Any = None
        self.detail = ""
        self.retry: float | None = None
        self.outbox_n = len(store.outbox_rows())
        self.message = ""                 # the last thing the operator should know (English: logs, tests)
        self.said: tuple[str, dict[str, Any]] | None = None   # the same as (key, values): say()
        self.unassigned: list = []        # running tournaments, while waiting for an assignment
        self.storage_error: str | None = None   # a coordinator's update that could not be saved
        self.table: ParkTable = self._new_table(self._game())
        self.table.enter(self.tid, self.park, self.view)

    # ------------------------------------------------------------------ the park's table
    def _game(self) -> str:
        """The game of the tournament: its park view's, else its latest match's here."""
        if self.view is not None:
            return str(self.view.get("game") or FIRST_GAME)
        got = self.store.latest_park_match(self.tid, self.park) if self.tid is not None else None
        return str(got[2].get("game") or FIRST_GAME) if got is not None else FIRST_GAME

    def _new_table(self, game: str) -> ParkTable:
        """The park's table for ``game``: its descriptor's park table, else a ``ParkTable``."""
        cls = _table_class(game)
        if cls is not ParkTable:
            table: ParkTable = cls(self.store, data_for=self.data_for, kick=self._kick, schedule=self.schedule,
                                   bot_delay=self.robot_delay, on_leave=self.close_game)
        else:
            table = ParkTable(self.store, data_for=self.data_for, kick=self._kick)
        table.kiosk_id = self.kiosk_id
        table.public = self.pub
        table.on_ignored = self._ignored
        table.listeners.append(lambda t, events: self._changed(events))
        return table

    def _use_game(self, game: str) -> None:
        """The park's table is of ``game``'s kind (a new one when the tournament's game needs another)."""
        if type(self.table) is _table_class(game):
            return
        self.table.forget()
        self.table = self._new_table(game)
        self.table.enter(self.tid, self.park, None)

    def _ignored(self, half: int | None, pressed: str) -> None:
        if self.on_ignored is not None:
            self.on_ignored(half, pressed)

    def _kick(self) -> None:
        self.outbox_n = len(self.store.outbox_rows())
        if self.client is not None:
            self.client.kick()

    # ------------------------------------------------------------------ what the screens read
    @property
    def over(self) -> bool:
        """The tournament is over (as the last park view said)."""
        return bool((self.view or {}).get("over"))

    @property
    def t(self) -> Any:
        """The tournament as the park's game shows it between its games (its table's ``t``, a
        Challengers! park's; None for a game whose park screen reads the view)."""
        return getattr(self.table, "t", None)

    @property
    def board(self) -> Any:
        """The view model the park's game's screens read of its table (``KioskGame.view``), or
        None for a game whose screens read the table itself."""
        game = self.table.game
        kg = kiosk_games.find(game.name) if game is not None else None
        return kg.view(self.table) if kg is not None and kg.view is not None else None

    @property
    def paired(self) -> bool:
        return bool(self.store.get("coord_token"))

    @property
    def assigned(self) -> bool:
        return self.tid is not None

    def _here(self) -> list:
        return (self.view or {}).get("here", [])

    def moment(self) -> str | None:
        """The game's word for the tournament's moment (its park table's), or None."""
        moment = getattr(self.table, "moment", None)
        return moment() if moment is not None else None

    def needs_seats_ack(self) -> bool:
        """A new round's seating is shown until someone at this table taps "Go" (a game whose park
        table asks for it)."""
        needs = getattr(self.table, "needs_seats_ack", None)
        return bool(needs()) if needs is not None else False

    def ack_seats(self) -> None:
        ack = getattr(self.table, "ack_seats", None)
        if ack is not None:
            ack()
        self._changed([])

    def screen(self) -> str:
        """The screen of the park while its table is not on the game's screens: its seating."""
        return "park"

    def lights(self) -> tuple[str, str]:
        """Each side's LED: the park's table's while it is on screen, else off."""
        return self.table.lights() if self.table.playing else ("off", "off")

    def close_game(self) -> None:
        """Leave the tournament screen (the app goes home); the kiosk stays paired and assigned
        while the tournament runs; an over tournament is forgotten."""
        if self.view is not None and self.over:
            self.store.put("park_tournament", None)
            self.tid = None
            self.view, self.pub = None, None
            self.table.forget()
            self.store.put("park_last_view", None)
            if self.client is not None:
                self.client.set_park(None, None)
        self.store.put("park_mode", False)
        for fn in list(self.listeners):
            try:
                fn(self, ["leave"])
            except Exception:
                log.exception("listener failed")

    def _changed(self, events: list) -> None:
        notify(self.listeners, self, events)

    # ------------------------------------------------------------------ the operator's sentence
    def _say(self, key: str, **fmt: Any) -> None:
        """A sentence for the operator: in English for the log, as (key, values) for the screens."""
        self.message, self.said = tr(key, "en", **fmt), (key, fmt)

    def say(self, lang: str) -> str:
        """The last sentence for the operator in ``lang`` (""  when there is none): the park's own,
        else its table's."""
        if self.message:
            return tr(self.said[0], lang, **self.said[1]) if self.said else self.message
        table_say = getattr(self.table, "say", None)
        return table_say(lang) if table_say is not None else self.table.message

    # ------------------------------------------------------------------ coordinator -> here
    def attach(self, client: Any) -> None:
        self.client = client
        kid, token = self.store.get("coord_kiosk_id"), self.store.get("coord_token")
        if token:
            client.set_credentials(kid, token)
        if self.tid is not None:
            client.set_park(self.tid, self.park)

    def on_status(self, online: bool, base: Any, detail: str, retry: float | None = None) -> None:
        self.online = online
        # The parts, for the screens to say in their language; ``status`` for logs and tests.
        self.base, self.detail, self.retry = base, (detail if not online else ""), retry
        self.status = ("online" if online else "offline") + (f" · {base}" if base else "") + \
            (f" · {detail}" if detail and not online else "") + (f"; retry in {retry:.1f} s" if retry else "")
        self._changed([])

    def on_outbox(self, n: int) -> None:
        self.outbox_n = n
        self._changed([])

    def on_paired(self, answer: dict[str, Any]) -> None:
        self.store.put("coord_kiosk_id", answer["kiosk_id"])
        self.store.put("coord_token", answer["token"])
        self.store.put("coord_kiosk_name", answer["name"])
        self.kiosk_id, self.kiosk_name = answer["kiosk_id"], answer["name"]
        self.table.kiosk_id = self.kiosk_id
        self.message = ""
        if self.client is not None:
            self.client.set_credentials(answer["kiosk_id"], answer["token"])
        self._changed([])

    def on_unauthorized(self, why: str) -> None:
        self._say("pair_again", why=why)
        self._changed([])

    def on_unassigned(self, tournaments: list) -> None:
        self.unassigned = tournaments
        self._changed([])

    def on_assignment(self, tid: int, park: int) -> None:
        if (tid, park) == (self.tid, self.park):
            return
        log.info("assigned to tournament %s, park %s", tid, park)
        self.store.put("park_tournament", tid)
        self.store.put("park_number", park)
        self.tid, self.park = tid, park
        self.view, self.pub = None, None
        self.table.forget()
        self.table = self._new_table(self._game())
        self.table.enter(tid, park, None)
        if self.client is not None:
            self.client.set_park(tid, park)
        self._changed([])

    def on_lost_park(self, tid: int, park: int, why: str) -> None:
        if (tid, park) != (self.tid, self.park):
            return
        self._say("lost_park", why=why)
        self.store.put("park_tournament", None)
        self.tid = None
        self.view = None
        self.table.forget()
        if self.client is not None:
            self.client.set_park(None, None)
        self._changed([])

    def on_view(self, view: dict[str, Any], pub: dict[str, Any] | None) -> None:
        if view.get("tournament") != self.tid or view.get("park") != self.park:
            return
        if self.view is not None and view["version"] < self.view["version"]:
            return                                   # an older answer overtaken by a newer one
        self.view = view
        if pub is not None:
            self.pub = pub
            self.store.put("park_last_public", pub)
        self.store.put("park_last_view", view)
        self._use_game(str(view.get("game") or FIRST_GAME))
        self.table.public = self.pub
        self.table.on_view(view)
        self._changed([])

    def on_answer(self, entry: dict[str, Any], status: int, answer: dict[str, Any]) -> None:
        """The coordinator answered one of this park's actions: its table hears it."""
        self.table.on_answer(entry, status, answer)
        if status != 200 and not hasattr(self.table, "say") and answer.get("code") not in ("stale", "out-of-order"):
            self._say("refused_match")      # a move crossed by another's is played again after it
        if self.client is not None:
            self.client.kick(outbox=False)
        self._changed([])

    # ------------------------------------------------------------------ tests
    def dump(self) -> dict[str, Any]:
        """The park for tests and logs: the link's state, the tournament's round and phase (as the
        park's game shows them), the match played here (``match``, a game with one) and the table."""
        t, table = self.t, self.table.dump()
        return {"tournament": self.tid, "park": self.park, "kiosk_id": self.kiosk_id, "online": self.online,
                "outbox": self.outbox_n, "message": self.message,
                "round": t.round if t is not None else None, "phase": t.phase if t is not None else None,
                "screen": self.board.screen() if self.table.playing and self.board is not None else self.screen(),
                "match": table.get("match"), "table": table}
