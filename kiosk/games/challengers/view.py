"""What Challengers!' screens read: small values built from observations, never the engine's objects.

No Kivy here.  Both transports build the same view: the local table from the engine's
``observation()`` of each half's seat and the public one (:func:`engine.challengers.game.observe`,
the one place that removes what a seat may not see); a park of a café tournament from the
coordinator's park and public views and the observation of the match it plays locally
(:func:`engine.challengers.game.observe_match`).  Cards are looked up in the catalogue by id.

* :class:`TableView`: the tournament as far as this table may show it (``round``, ``phase``,
  ``players``, ``standings``, ``over``, ``winner``, ``end_reason``); the standings rows are the
  public observation's ``standings`` (or the coordinator's).
* :class:`MatchView`: the match at this table -- benches, flag and attack with their powers
  (the observation's ``powers``), whose turn, and the pending choice's options for its chooser.
* :class:`DeckView`: one player's Deck Phase, from that player's own observation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.challengers.rules import DraftOption
from engine.choices import Choice
from kiosk.i18n import display_name

Card = Callable[[str], Any]        # a card id -> its card type (the catalogue's)


def _tuples(value: Any) -> Any:
    """Lists as tuples, all the way down (the engine's shape of a choice's options)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _choice(view: Mapping[str, Any] | None) -> Choice | None:
    """A pending choice whose options this viewer may see (None: no choice, or not theirs)."""
    if view is None or view.get("options") is None:
        return None
    return Choice(view["player"], view["kind"], view["source"], _tuples(view["options"]), _tuples(view["detail"]))


@dataclass(frozen=True)
class PlayerView:
    index: int
    name: str
    robot: bool
    fans: int                                   # fan tokens
    trophies: tuple[tuple[int, Any], ...]       # (round, fans or "?")
    total_fans: int | None


@dataclass
class TableView:
    round: int
    phase: str
    players: list[PlayerView]
    standings: list[dict[str, Any]]
    winner: int | None = None
    end_reason: str | None = None
    finalists: list[int] | None = None
    results: list[list[Any]] = field(default_factory=list)
    id: int | None = None            # a café tournament's id, its name, whether its fans show
    name: str = ""
    fans_visible: bool = True

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def player_name(self, player: int, lang: str) -> str:
        """``player``'s name as the screens say it in ``lang``: the kiosk's own names ("Player 1",
        "Robot") translated (:func:`kiosk.i18n.display_name`), a person's name as given."""
        return display_name(self.players[player].name, lang)

    def public_standings(self, viewer: int | None = None) -> list[dict[str, Any]]:
        """The standings rows as a screen may show them (rank, name, fan tokens, trophy rounds, fans)."""
        return list(self.standings)


def table_view(public: Mapping[str, Any], standings: Sequence[Mapping[str, Any]],
               own: Mapping[int, Mapping[str, Any]] = {}) -> TableView:
    """The tournament from the public observation and the public standings; a seat's own
    observation (``own[seat]``) fills in what only it may see of itself (its trophies' fans)."""
    players = []
    for i, p in enumerate(public["players"]):
        mine = own.get(i)
        q = mine["players"][i] if mine is not None else p
        players.append(PlayerView(i, q["name"], bool(q["robot"]), q["fan_tokens"],
                                  tuple((r, "?" if v is None else v) for r, v in q["trophies"]), q["fans"]))
    return TableView(round=public["round"], phase=public["phase"], players=players,
                     standings=[dict(r) for r in standings], winner=public.get("winner"),
                     end_reason=public.get("end"), finalists=public.get("finalists"),
                     results=[list(r) for r in public.get("results") or ()])


class SeatView:
    """One seat of a bench: its cards (instances, bottom first), its key and its width."""

    __slots__ = ("cards", "key", "width")

    def __init__(self, key: str, cards: Sequence[int], width: int) -> None:
        self.key, self.cards, self.width = key, list(cards), width


@dataclass
class SideView:
    name: str
    deck_size: int
    exhaust: list[int]
    park: list[int]
    fans: int
    bench: list[SeatView]

    def seats_used(self) -> int:
        return sum(s.width for s in self.bench)


class MatchView:
    """One match as an observation shows it, with the few questions the screens ask of it."""

    def __init__(self, view: Mapping[str, Any], card: Card, chooser: Mapping[str, Any] | None = None) -> None:
        """``view``: a match of the public observation (with its face-up cards' ``powers``);
        ``chooser``: the same match in the observation of the player whose choice is pending
        (its options and what they name)."""
        shown = chooser if chooser is not None and chooser.get("pending") is not None else view
        self.park: int = view["park"]
        self.round: int = view["round"]
        self.players: list[int] = list(view["players"])
        self.expect: tuple = tuple(view["expect"])
        self.holder: int | None = view["holder"]
        self.flag_card: int | None = view["flag"]
        self.attack: list[int] = list(view["attack"])
        self.reveals: int = view["reveals"]
        self.winner: int | None = view["winner"]
        self.reason: str | None = view["reason"]
        self.owner: list[int] = list(view["owner"])
        self.types = [None if c is None else card(c) for c in shown["cards"]]
        self.sides = [SideView(s["name"], s["deck_size"], list(s["exhaust"]), list(s["park"]), s["fans"],
                               [SeatView(k, c, w) for k, c, w in s["bench"]]) for s in view["sides"]]
        self.pending = _choice(shown["pending"])
        self.pending_player: int | None = None if view["pending"] is None else view["pending"].get("player")
        powers = view["powers"]
        self._flag_parts = [(label, amount) for label, amount in powers["flag"]]
        self._defense: int = powers["defense"]
        self._attack = dict(zip(self.attack, powers["attack"]))
        self._attack_total: int = powers["attack_total"]

    def power(self, inst: int, role: str) -> int:
        """A face-up card's power: attacking (``"attack"``), or the flag's (``"possession"``)."""
        if role == "attack":
            return self._attack[inst]
        if inst == self.flag_card:
            return self._defense
        raise KeyError(f"card {inst} has no power shown as {role}")

    def power_breakdown(self, inst: int, role: str) -> list[tuple[str, int]]:
        if inst != self.flag_card or role != "possession":
            raise KeyError(f"only the flag card's possession power is broken down, not card {inst}'s {role}")
        return list(self._flag_parts)

    def defense_total(self) -> int:
        return self._defense

    def attack_total(self) -> int:
        return self._attack_total

    def deck_depth(self, inst: int) -> int | None:
        """Where an offered card lies in its deck: never shown, a deck's order is hidden from
        everyone (copies offered one by one are told apart by number instead)."""
        return None


class DeckView:
    """One player's Deck Phase as their observation shows it (``observation["deck_phases"][seat]``)."""

    def __init__(self, view: Mapping[str, Any], player: int, card: Card) -> None:
        self.player = player
        self.stage: str = view["stage"]
        self.options = tuple(DraftOption(lv, pick, fans) for lv, pick, fans in view["options"])
        self.option = None if view["option"] is None else self.options[view["option"]]
        self.drawn = [card(c) for c in view["drawn"] or ()]
        self.deck = [card(c) for c in view["deck"] or ()]
        self.picks_left: int = view["picks_left"]
        self.redraw_used: bool = view["redraw_used"]
        self.fans: int = view["fans"]
        self.pending = _choice(view["pending"])
        # What the player may take back, the last on top: {"undoes": "pick"|"choose"|"remove", "card": id, ...}
        # (a café tournament's Deck Phase has none: its coordinator's view has no "undo").
        self.undo: list[Mapping[str, Any]] = list(view.get("undo") or ())

    def can_undo(self) -> bool:
        return bool(self.undo) and self.stage != "done"

    def legal_actions(self) -> list[tuple]:
        """What the player may do now, as the engine's Deck Phase lists it (``("pick", 2)``,
        ``("redraw",)``; a take-back is the table's, not listed here): a café park checks an
        input against it before sending it to the coordinator."""
        if self.stage == "option":
            return [("option", i) for i in range(len(self.options))]
        if self.stage == "pick":
            return [("pick", i) for i in range(len(self.drawn))] + ([("redraw",)] if self.can_redraw() else [])
        if self.stage == "choose":
            return [("choose", i) for i in range(len(self.pending.options))] if self.pending is not None else []
        if self.stage == "remove":
            return [("remove", i) for i in range(len(self.deck))] + [("done",)]
        return []

    def can_redraw(self) -> bool:
        return self.stage == "pick" and not self.redraw_used and self.picks_left > 0
