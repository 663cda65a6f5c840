"""Challengers! in a café: what a café host (the coordinator) needs beyond the contract.

The host holds a tournament as a contract :class:`~engine.game.GameState` and a game name; it
checks each action against ``legal_actions`` and applies it through the state.  What it cannot
know from the contract alone is the café's side of the game, and that is here (found through
the registry: ``GAME.cafe`` names this module, which the host imports when it first needs it):

* the set-up as the organiser gives it and as the host stores it (:func:`setup_from_request`,
  :func:`setup_from_stored`, :func:`setup_to_stored`), the catalogue of boxes and sets;
* where an action is played: the park of its player this round (:func:`park_of`), and whether it
  belongs to the park's *table game* -- a match, which the park's kiosk plays on its own from
  the match's spec and sends with its index (``match_seq``) -- (:func:`table_of`,
  :data:`TABLE_KINDS`);
* the actions' vocabulary for a machine-readable API (:data:`ACTION_KINDS`), and the old wire's
  tuples read as contract actions (:func:`legacy_action`: records written before the contract);
* the views: a tournament's summary, the public view (a TV), a park's view (its kiosk: the
  private part only for it), the answer to an action, events with hidden values blanked;
* the bot entrants: which seat the host plays now, and their policies.

Everything is a pure function of the state (no I/O, no clock).  ``entry`` arguments are the
host's record of one tournament, read for ``id``, ``name``, ``version``, ``state``, ``kiosks``
(park -> kiosk id), ``bots`` (player -> level), ``actions`` (the contract actions applied),
``cache`` (a dict this module keeps derived views in) and ``table_entries(park)`` (the indexes in
``actions`` of the park's current match).

A café's Deck Phase takes nothing back: :class:`CafeState` offers no ``deck.undo`` (the table's
courtesy, which a café's shared piles do not allow).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from engine.challengers.game import ChallengersState, from_tuple, match_actions, match_of, observe_deck_phase
from engine.challengers.library import Library
from engine.challengers.match import Match
from engine.challengers.tournament import DECK, FINAL, FINAL_DECK, MATCH, OVER, Tournament
from engine.errors import IllegalAction
from engine.events import Event
from engine.events import news as events_news
from engine.game import Action, GameSetup
from engine.json_values import plain

GAME = "challengers"
SIDES = ("light", "dark")

#: Every action a café kiosk may send, by kind: the names of its arguments (the contract's
#: ``args``, in order) and each argument's range.  A park's match's actions are its table's
#: (:data:`TABLE_KINDS`); the Deck Phase's go to the coordinator.
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "deck.option": ("option",), "deck.redraw": (), "deck.pick": ("card",), "deck.choose": ("option",),
    "deck.remove": ("card",), "deck.done": (), "match.toss": (), "match.reveal": (), "match.choose": ("option",),
}
ARG_RANGE = (0, 1000)
PLAYERS = (0, 7)
TABLE_KINDS = frozenset(k for k in ACTION_KINDS if k.startswith("match."))

#: The event kinds a host's live update names (the others are said as "action").
NEWS = ("round", "match", "win", "trophy", "trophy-to-box", "round-done", "finalists", "champion", "draw", "redraw",
        "deck-done")


class CafeState(ChallengersState):
    """A Challengers! tournament as a café plays it: the contract's state, without ``deck.undo``."""

    def legal_actions(self, player: int) -> list[Action]:
        return [a for a in super().legal_actions(player) if a.kind != "deck.undo"]

    def apply(self, action: Action) -> list[Event]:
        if action.kind == "deck.undo":
            raise IllegalAction("a café's Deck Phase takes nothing back")
        return super().apply(action)


def tournament(state: Any) -> Tournament:
    t: Tournament = state.tournament
    return t


# ---------------------------------------------------------------------------- data and set-up

def load(source: Any, data_dir: Any = None) -> Library:
    """The cards (``source``: the bundled data) and, given the café's data folder, its house sets
    that load (:mod:`engine.challengers.house`: a broken one is left out and logged)."""
    from engine.challengers.house import add_house_sets
    from engine.challengers.library import load as load_library
    lib = load_library(source)
    if data_dir is not None:
        add_house_sets(lib, data_dir)
    return lib


def new_state(data: Library, setup: GameSetup) -> CafeState:
    """A new tournament; ``ValueError`` saying why when the rules refuse the set-up."""
    try:
        state = CafeState.new(data, setup)
    except KeyError as exc:
        raise ValueError(str(exc.args[0]).strip("'\"")) from None
    return CafeState(state.setup, state.tournament)


def setup_from_request(players: list[str], seed: int, box: str, sets: list[str] | None, robot_level: int,
                       solo_cards: bool, final_park: int) -> GameSetup:
    """The set-up of a tournament the organiser creates (``POST /api/tournaments``)."""
    return GameSetup(GAME, tuple(players), seed, {"box": box, "sets": list(sets) if sets else None,
                                                  "robot_level": robot_level, "solo_cards": solo_cards,
                                                  "final_park": final_park})


def setup_to_stored(setup: GameSetup) -> dict[str, Any]:
    """The set-up as the coordinator stores it (``tournaments.setup``, the record's ``setup``)."""
    o = setup.options
    sets = o.get("sets")
    return {"players": list(setup.players), "box": o.get("box", "base"), "sets": list(sets) if sets else None,
            "robot_level": o.get("robot_level", 1), "solo_cards": bool(o.get("solo_cards", False)),
            "seed": setup.seed, "final_park": o.get("final_park", 1)}


def setup_from_stored(d: Mapping[str, Any]) -> GameSetup:
    return setup_from_request(list(d["players"]), d["seed"], d["box"], d["sets"], d["robot_level"], d["solo_cards"],
                              d["final_park"])


def catalogue(lib: Library) -> dict[str, Any]:
    """Boxes and playable sets, for a set-up form (``GET /api/catalogue/sets``)."""
    cat = lib.catalogue
    boxes = []
    for b in lib.boxes.values():
        boxes.append({"id": b.id, "name": b.name, "basic": b.basic, "additional": list(b.additional),
                      "first_game_out": b.first_game_out, "default_sets": list(lib.default_sets(b.id))})
    sets = [{"id": s.id, "name": s.name, "names": dict(s.names), "kind": s.kind, "box": s.box}
            for s in cat.sets.values() if s.kind in ("basic", "additional", "house")]
    multi = lib.rules.robot_multiplayer_max
    return {"boxes": boxes, "sets": sets,
            "robot_levels": {"multiplayer": list(range(1, multi + 1)), "solo": list(range(1, 6))},
            "players": {"min": 1, "max": 8}}


def parks(state: Any) -> int:
    return int(tournament(state).parks)


# ---------------------------------------------------------------------------- actions

def legacy_action(state: Any, value: Any) -> Action:
    """An action of the old wire (Challengers!' tuple as a JSON list, ``["match", 2, "reveal", 1]``)
    as a contract action, read against ``state`` as it was when the action was applied (a match's
    side names its player).  ``ValueError`` when it is no such tuple."""
    t = tournament(state)
    if not isinstance(value, (list, tuple)) or len(value) < 3 or value[0] not in ("deck", "match"):
        raise ValueError(f"not an action of the old wire: {value!r}")
    if value[0] == "match" and value[1] not in t.matches:
        raise ValueError(f"no match at park {value[1]} for {value!r}")
    return from_tuple(t, tuple(value))


def table_of(state: Any, action: Action) -> int | None:
    """The park whose table game (its match) ``action`` belongs to; None for an action the
    coordinator plays itself (a Deck Phase's).  ``IllegalAction`` when the player has no match now."""
    if action.kind not in TABLE_KINDS:
        return None
    m: Any = match_of(tournament(state), action.player) if action.player < len(tournament(state).players) else None
    if m is None:
        raise IllegalAction(f"player {action.player} has no match now")
    return int(m.park)


def table_game(state: Any, park: int) -> Match | None:
    """The park's current table game (its match: the same object for all its actions), or None."""
    return tournament(state).matches.get(park)


def park_of(state: Any, action: Action) -> int:
    """The park whose kiosk may send ``action`` (where its player sits now); ``IllegalAction``
    saying why when there is none."""
    t = tournament(state)
    p = action.player
    if not 0 <= p < len(t.players):
        raise IllegalAction(f"the tournament has players 0 to {len(t.players) - 1}, not {p}")
    park = table_of(state, action)
    if park is not None:
        return park
    if t.phase not in (DECK, FINAL_DECK) or p not in t.deck_phases:
        raise IllegalAction(f"player {p} ({t.players[p].name}) has no Deck Phase now")
    return int(t.seat_of(p)[0])


def coordinator_plays(state: Any, bots: Mapping[int, str], action: Action) -> str | None:
    """Why a kiosk may not send ``action`` (the coordinator plays it: a bot entrant's Deck Phase,
    a match with no person in it), or None."""
    t = tournament(state)
    if action.kind not in TABLE_KINDS and action.player in bots:
        return f"player {action.player} ({t.players[action.player].name}) is a bot: the coordinator plays its Deck Phase"
    m = match_of(t, action.player) if action.kind in TABLE_KINDS else None
    if m is not None and not people_at(t, bots, m.players):
        return f"nobody at park {m.park} is a person: the coordinator plays its match"
    return None


def final_park_setup(state: Any, setup: GameSetup, actions: list[Action], park: int) -> GameSetup:
    """The set-up with the Final at ``park``, while it may still change (``IllegalAction`` saying why
    when not).  The rules read it only when the Final is seated, so replaying the same actions
    with the new set-up gives the same tournament with the new Final park."""
    t = tournament(state)
    if not 1 <= park <= t.parks:
        raise IllegalAction(f"the tournament has parks 1 to {t.parks}, not {park}")
    if t.phase in (FINAL, OVER):
        raise IllegalAction("the Final has started: its park can no longer change")
    if t.phase == FINAL_DECK:
        last_match = max((i for i, a in enumerate(actions) if a.kind in TABLE_KINDS), default=-1)
        if any(a.kind not in TABLE_KINDS for a in actions[last_match + 1:]):
            raise IllegalAction("the finalists have begun their last Deck Phase: the Final's park can no longer change")
    return GameSetup(setup.game, setup.players, setup.seed, {**setup.options, "final_park": park})


# ---------------------------------------------------------------------------- views



def snapshot(state: Any) -> Any:
    """The whole tournament as plain values (a finished tournament's record keeps it)."""
    return plain(tournament(state).snapshot())


def events_json(state: Any, events: list[Event]) -> list[dict[str, Any]]:
    """Events as dicts; trophy fans blanked while hidden."""
    hidden = not tournament(state).fans_visible()
    out = []
    for ev in events:
        d = {"kind": ev.kind, "player": plain(ev.player), "card": plain(ev.card), "value": plain(ev.value),
             "info": plain(ev.info)}
        if hidden and ev.kind == "trophy":
            d["value"] = None
        out.append(d)
    return out


def news(events: list[Event]) -> list[str]:
    """What a live update says changed: the kinds of the events that matter to a page."""
    return events_news(events, NEWS)


def summary(entry: Any) -> dict[str, Any]:
    """One line of ``GET /api/tournaments``."""
    t = tournament(entry.state)
    return {"id": entry.id, "name": entry.name, "game": GAME, "players": [p.name for p in t.players if not p.robot],
            "parks": t.parks, "round": t.round, "phase": t.phase, "over": t.phase == OVER, "version": entry.version,
            "winner": t.winner, "created": entry.created}


def seats(t: Any, bots: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """Where every player sits now: [{player, name, robot, bot, park, side}] (empty when over);
    ``bot``: a bot entrant's level (``bots``: player index -> level), else null."""
    bots = bots or {}
    out = []
    if t.phase in (DECK, MATCH) and 1 <= t.round:
        for park, light, dark in t.pairings(t.round):
            for side, p in enumerate((light, dark)):
                pl = t.players[p]
                out.append({"player": p, "name": pl.name, "robot": pl.robot, "bot": bots.get(p), "park": park,
                            "side": SIDES[side], "text": f"{pl.name} \u2192 park {park}, {SIDES[side]} side"})
    elif t.phase in (FINAL_DECK, FINAL):
        for side, p in enumerate(t.finalists):
            pl = t.players[p]
            park = t.setup.final_park
            out.append({"player": p, "name": pl.name, "robot": pl.robot, "bot": bots.get(p), "park": park,
                        "side": SIDES[side], "text": f"{pl.name} \u2192 park {park}, {SIDES[side]} side (Final)"})
    out.sort(key=lambda s: (s["park"], s["side"] != "light"))
    return out


def match_round(t: Tournament, m: Match) -> dict[str, Any]:
    """Which round a park's match belongs to (8 = the Final) and whether it is the current one:
    between rounds (the next Deck Phase) and once the tournament is over, the park still holds its
    last match; ``current`` is then false."""
    spec = m.spec or {}
    final = bool(spec.get("final"))
    rnd = t.rules.rounds + 1 if final else spec.get("round", t.round)
    current = (t.phase == FINAL and final) or (t.phase == MATCH and not final and rnd == t.round)
    return {"round": rnd, "final": final, "current": current}


def matches_view(t: Tournament) -> list[dict[str, Any]]:
    out = []
    for park, m in sorted(t.matches.items()):
        names = [t.players[p].name for p in m.players]
        mr = match_round(t, m)
        out.append({"park": park, "players": list(m.players), "names": names, "final": t.phase == FINAL or
                    (t.phase == OVER and t.finalists is not None and t.round > t.rules.rounds),
                    "round": mr["round"], "current": mr["current"],
                    "state": "won" if m.winner is not None else "playing",
                    "winner": None if m.winner is None else m.players[m.winner], "reason": m.reason})
    return out


def results_view(t: Tournament) -> list[dict[str, Any]]:
    return [{"round": r, "park": park, "winner": w, "loser": lo, "winner_name": t.players[w].name,
             "loser_name": t.players[lo].name, "reason": reason} for r, park, w, lo, reason in t.results]


def seats_of(entry: Any) -> list[dict[str, Any]]:
    """``seats(t)``, cached on the entry: it changes only with the phase, the round and the finalists
    (the pairing plan and the slots are fixed at creation; a new Final park makes a new entry).
    The list and its dicts are shared: callers must not change them."""
    t = tournament(entry.state)
    key = (t.phase, t.round, tuple(t.finalists) if t.finalists else None)
    got = entry.cache.get("seats")
    if got is None or got[0] != key:
        got = entry.cache["seats"] = (key, seats(t, entry.bots))
    return got[1]


def _with_trophies(t: Tournament, rows: list[dict[str, Any]], bots: Mapping[int, str]) -> list[dict[str, Any]]:
    """Each row gains ``trophies`` ``[{round, fans}]`` once trophy fans are visible (2 players, solo,
    or the tournament is over), else ``null``; ``trophy_rounds`` stays as it was."""
    visible = t.fans_visible()
    out = []
    for r in rows:
        r = dict(r)
        r["bot"] = bots.get(r["player"])
        r["trophies"] = ([{"round": rd, "fans": f} for rd, f in sorted(t.players[r["player"]].trophies)]
                         if visible else None)
        out.append(r)
    return out


def standings_of(entry: Any) -> list[dict[str, Any]]:
    """``t.public_standings()``, cached on the entry.  It is a function of the players' fan tokens
    and trophies and of whether fans are visible (the names, indexes and Robot flag are fixed), so
    that is the key; recomputing it (a sort with three keys per player) was ~30 us per view."""
    t = tournament(entry.state)
    key = (t.fans_visible(), tuple((p.fans, tuple(p.trophies)) for p in t.players))
    got = entry.cache.get("standings")
    if got is None or got[0] != key:
        got = entry.cache["standings"] = (key, _with_trophies(t, t.public_standings(), entry.bots))
    return got[1]


def spec_of(entry: Any, park: int, m: Match) -> Any:
    """``plain(m.spec)`` of the park's current match, cached (a match's spec never changes)."""
    got = entry.cache.get(("spec", park))
    if got is None or got[0] is not m:
        got = entry.cache[("spec", park)] = (m, plain(m.spec))
    return got[1]


def players_of(t: Tournament, bots: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """[{player, name, robot, bot}]: ``bot`` is a bot entrant's level (``bots``), else null."""
    bots = bots or {}
    return [{"player": p.index, "name": p.name, "robot": p.robot, "bot": bots.get(p.index)} for p in t.players]


def public_view(entry: Any) -> dict[str, Any]:
    """What anyone may see (the TV page, ``GET /api/tournaments/{id}``): no seed, no deck contents,
    no drawn cards, no trophy fans while they are hidden (3+ players, before the end)."""
    t = tournament(entry.state)
    s = t.setup
    return {
        "id": entry.id, "name": entry.name, "game": GAME, "version": entry.version, "round": t.round,
        "rounds": t.rules.rounds, "phase": t.phase, "over": t.phase == OVER, "parks": t.parks,
        "fans_visible": t.fans_visible(),
        "setup": {"players": list(s.players), "box": s.box, "sets": list(t.set_ids), "robot_level": s.robot_level,
                  "solo_cards": s.solo_cards, "final_park": s.final_park},
        "players": players_of(t, entry.bots),
        "seats": seats_of(entry),
        "deck_phase": [{"player": i, "name": t.players[i].name, "stage": d.stage}
                       for i, d in sorted(t.deck_phases.items())] if t.phase in (DECK, FINAL_DECK) else [],
        "matches": matches_view(t),
        "results": results_view(t),
        "standings": standings_of(entry),
        "finalists": list(t.finalists) if t.finalists else None,
        "winner": t.winner, "end_reason": t.end_reason,
        "piles": {lv: {"pile": a, "discard": b} for lv, (a, b) in t.piles.sizes().items()},
        "kiosks": {str(p): k for p, k in sorted(entry.kiosks.items())},
    }


def deck_state(t: Tournament, player: int) -> dict[str, Any] | None:
    """One player's Deck Phase, private: that player's observation of it (options, drawn cards,
    deck, a pending choice: :func:`engine.challengers.game.observe_deck_phase`, the same the
    local table's screens read), with the player's index and name."""
    seen = observe_deck_phase(t, player)
    if seen is None:
        return None
    return {"player": player, "name": t.players[player].name, **seen}


def park_view(entry: Any, park: int, private: bool) -> dict[str, Any]:
    """What a park's kiosk reads (``GET .../parks/{park}``); the private part (its players' Deck
    Phases, the match's spec and its actions so far, its players' fans) only for that kiosk."""
    t = tournament(entry.state)
    everyone = seats_of(entry)
    here = [s for s in everyone if s["park"] == park]
    m = t.matches.get(park)
    entries = entry.table_entries(park) or []
    view: dict[str, Any] = {
        "tournament": entry.id, "park": park, "game": GAME, "version": entry.version, "round": t.round,
        "phase": t.phase, "over": t.phase == OVER,
        "kiosk_id": entry.kiosks.get(park), "final_park": t.setup.final_park,
        "seats": everyone, "here": here,
        "deck_phase": [{"player": s["player"], "stage": t.deck_phases[s["player"]].stage}
                       for s in here if s["player"] in t.deck_phases] if t.phase in (DECK, FINAL_DECK) else [],
        "match": None if m is None else {
            "park": park, "players": list(m.players), "state": "won" if m.winner is not None else "playing",
            "winner": None if m.winner is None else m.players[m.winner], "reason": m.reason,
            "match_seq": len(entries), **match_round(t, m)},
        "results": [r for r in results_view(t) if r["park"] == park],
        "standings": standings_of(entry),
        "name": entry.name,
        "players": players_of(t, entry.bots),
        "winner": t.winner, "end_reason": t.end_reason, "fans_visible": t.fans_visible(),
        "finalists": list(t.finalists) if t.finalists else None,
        "private": None,
    }
    if private:
        deck_phases = []
        if t.phase in (DECK, FINAL_DECK):
            deck_phases = [deck_state(t, s["player"]) for s in here if s["player"] in t.deck_phases]
        view["private"] = {
            "deck_phases": deck_phases,
            "match": None if m is None else {
                "spec": spec_of(entry, park, m), "actions": [entry.actions[i].to_json() for i in entries],
                "match_seq": len(entries)},
            "own_fans": {str(s["player"]): t.players[s["player"]].total_fans for s in here},
        }
    return view


def answer(entry: Any, action: Action, park: int | None, match_seq: int | None, m: Match | None) -> dict[str, Any]:
    """What an applied action's answer adds to ``{ok, tournament, seq, action, events}``: the round
    and phase; a Deck Phase action's player's own Deck Phase (``deck_phase``), or a match action's
    ``match_seq``, ``next_match_seq`` and the match as it stands (``to_act``: who may act in it now)."""
    t = tournament(entry.state)
    resp: dict[str, Any] = {"round": t.round, "phase": t.phase}
    if park is None or m is None or match_seq is None:
        resp["deck_phase"] = deck_state(t, action.player)
        return resp
    resp["match_seq"] = match_seq
    resp["next_match_seq"] = match_seq + 1
    resp["match"] = {"park": park, "to_act": [p for p in m.players if match_actions(m, p)], "winner": m.winner,
                     "winner_player": None if m.winner is None else m.players[m.winner], "reason": m.reason}
    return resp


# ---------------------------------------------------------------------------- bot entrants

#: A level is the search bot's budget: practice matches per Deck Phase decision (round 1; later
#: rounds get fewer, dearer ones).  "hard" is the kiosk's pick hint's budget (about 0.1 s of CPU
#: per decision on the development machine, about 3x that on a Raspberry Pi 4).
LEVELS: dict[str, int] = {"easy": 30, "medium": 200, "hard": 1000}


def people_at(t: Tournament, bots: Mapping[int, str], players: Any) -> bool:
    """Whether a person plays in a match between ``players`` (not the Robot, not a bot entrant)."""
    return any(not t.players[p].robot and p not in bots for p in players)


def bot_turn(state: Any, bots: Mapping[int, str]) -> int | None:
    """The seat the coordinator plays now, or None: a bot entrant's Deck Phase, or any seat of a
    match with no person in it (the park's kiosk, if any, only watches that one)."""
    t = tournament(state)
    phase = t.phase
    if phase in (DECK, FINAL_DECK):
        for p in sorted(bots):
            d = t.deck_phases.get(p)
            if d is not None and d.stage != "done":
                return p
    elif phase in (MATCH, FINAL):
        for who in t.waiting():
            if who[0] == "match":
                m = t.matches[who[1]]
                if not people_at(t, bots, m.players):
                    return int(who[2])
    return None


def bot_kind(state: Any, bots: Mapping[int, str], seat: int) -> str:
    """Which bot decides for ``seat``: "robot" (the Robot, in a match with nobody in it), else the
    bot entrant's level."""
    return "robot" if tournament(state).players[seat].robot else bots[seat]


def bot_policy(lib: Library, kind: str, seat: int, seed: int) -> Any:
    """The policy of a bot entrant at level ``kind`` (:data:`LEVELS`: the search bot), or of the
    Robot (``"robot"``)."""
    if kind == "robot":
        from engine.challengers.legacy import legacy_policy
        return legacy_policy("robot")(lib, seat, seed)
    from engine.challengers.hint import HintSearchPolicy
    return HintSearchPolicy(lib, seat, seed, simulations=LEVELS[kind])


# ---------------------------------------------------------------------------- a park's match

def match_tuple(players: Any, action: Action) -> tuple[Any, ...]:
    """The match's own action for a contract action of one of its ``players`` (light, dark):
    ``("reveal", side)``; ``IllegalAction`` for a player not in it or a kind that is not a match's."""
    players = tuple(players)
    if action.player not in players or action.kind not in TABLE_KINDS:
        raise IllegalAction(f"{action} is not an action of a match between players {players[0]} and {players[1]}")
    side = players.index(action.player)
    verb = action.kind[len("match."):]
    if verb == "toss":
        return ("toss",)
    return (verb, side, *action.args)


def wire_action(value: Any, players: Any = None) -> Action:
    """An action a café kiosk kept: the contract's JSON, or the old wire's tuple
    (``["deck", player, verb, ...]``, ``["match", park, verb, side, ...]``: a match's needs its
    ``players``, light and dark)."""
    if isinstance(value, Mapping):
        return Action.from_json(value)
    if isinstance(value, (list, tuple)) and len(value) >= 3 and value[0] == "deck":
        return Action(int(value[1]), "deck." + str(value[2]), tuple(value[3:]))
    if isinstance(value, (list, tuple)) and len(value) >= 3 and value[0] == "match" and players is not None:
        return match_action(players, tuple(value[2:]))
    raise ValueError(f"not a café action: {value!r}")


def match_action(players: Any, step: Any) -> Action:
    """The contract action of a match's own action (``("reveal", 1)``, ``("choose", 0, 2)``,
    ``("toss",)``) between ``players`` (light, dark): the light side tosses."""
    verb = step[0]
    if verb == "toss":
        return Action(int(players[0]), "match.toss")
    if verb == "reveal":
        return Action(int(players[step[1]]), "match.reveal")
    if verb == "choose":
        return Action(int(players[step[1]]), "match.choose", (step[2],))
    raise ValueError(f"not a match's action: {step!r}")


class ParkMatch:
    """A park's match played at its table from the coordinator's spec (``private.match.spec``),
    through the contract: who may act, each player's legal actions, contract actions applied (the
    same as the coordinator's, so both hold the same match), each player's observation of it.

    ``match`` is the rules' :class:`~engine.challengers.match.Match` (the kiosk's match screens
    read its cards' powers); ``events`` are its events so far, sides named as players."""

    def __init__(self, library: Library, spec: Mapping[str, Any], record: bool = True) -> None:
        from engine.challengers.tournament import match_from_spec
        self.library = library
        self.spec = spec
        self.match: Any = match_from_spec(library.catalogue, dict(spec), record=record)
        self.players: tuple[int, int] = (int(self.match.players[0]), int(self.match.players[1]))
        park: Any = self.match.park
        self.park = int(park)

    def to_act(self) -> frozenset[int]:
        return frozenset(p for p in self.players if match_actions(self.match, p))

    def legal_actions(self, player: int) -> list[Action]:
        return match_actions(self.match, player)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action; the events, sides named as the tournament's players.  Illegal:
        ``IllegalAction`` and nothing changed."""
        if action not in self.legal_actions(action.player):
            raise IllegalAction(f"{action} is not a legal action of the match at park {self.park} now")
        return self._named(self.match.apply(match_tuple(self.match.players, action)))

    def take_log(self) -> list[Event]:
        """Every event the match recorded since the last call (from its spec on, the first time),
        sides named as players; the match's own log is emptied."""
        log = self.match.log
        if log is None:
            return []
        events = self._named(log)
        log.clear()
        return events

    def _named(self, events: Any) -> list[Event]:
        p = self.players
        return [Event(e.kind, p[e.player] if isinstance(e.player, int) else e.player, e.card, e.value, e.info)
                for e in events]

    def observation(self, player: int | None) -> dict[str, Any]:
        from engine.challengers.game import observe_match
        return observe_match(self.match, player, self.library)

    def bot_action(self, policy: Any, round_no: int, player: int) -> Action:
        """What ``policy`` (an :mod:`engine.challengers.policies` policy: the Robot, a bot
        entrant's greedy rule) plays for ``player`` in this match now."""
        step = policy.act(SimpleNamespace(matches={self.park: self.match}, round=round_no), ("match", self.park, player))
        return match_action(self.players, step[2:])

    @property
    def winner(self) -> int | None:
        """The player who won the match (None while it goes on)."""
        w = self.match.winner
        return None if w is None else self.players[w]

    @property
    def loser(self) -> int | None:
        w = self.match.winner
        return None if w is None else self.players[1 - w]

    @property
    def reason(self) -> str | None:
        r: str | None = self.match.reason
        return r
