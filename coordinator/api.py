"""The coordinator's API, declared once: request and response models (pydantic v2) and the table of
routes.  The same declarations validate every request body and generate ``/openapi.json``.

Request models are strict (a JSON ``true`` is not an integer, ``1.0`` is not an integer, unknown
fields are refused) and every constraint a request can break by its shape alone is in the schema,
so a body that matches the schema is never answered 400: what the rules of the game refuse after
that (an illegal action, a set-up the engine does not allow) is a 409 with the engine's reason.

Actions are the engine contract's JSON, decoded by ``actions.py`` (the one place that knows their
wire form); their schema is each café game's vocabulary (``actions.action_request_schema``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    WithJsonSchema,
)

from appliance.lan import MAX_JSON_DEPTH, json_depth_ok

from .actions import action_request_schema, cafe_games, decode_action
from .errors import ApiError

MAX_BODY = 64 * 1024
MAX_DEPTH = MAX_JSON_DEPTH        # nesting of arrays/objects in a request body (the phone server's too)
MAX_ID = 999_999_999              # path ids: the routes take 1 to 9 digits
MAX_SEED = 2**63 - 1
PAIRING_DIGITS = 12

# A name: no control characters, at least one visible character (leading/trailing blanks are
# trimmed once it is valid).
NAME_PATTERN = r"^[^\x00-\x1f\x7f]*[^\s\x00-\x1f\x7f][^\x00-\x1f\x7f]*$"


KioskName = Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=NAME_PATTERN)]
PlayerName = Annotated[str, StringConstraints(min_length=1, max_length=24, pattern=NAME_PATTERN)]
TournamentName = Annotated[str, StringConstraints(min_length=1, max_length=60, pattern=NAME_PATTERN)]


def _integral(value: object) -> object:
    """JSON Schema counts 1.0 as an integer: take it as 1 (a bool or 1.5 is still refused)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


# Integers within bounds (1.0 taken as 1: see _integral), one alias per meaning.
RobotLevel = Annotated[int, Field(ge=1, le=5), BeforeValidator(_integral)]
Seed = Annotated[int, Field(ge=0, le=MAX_SEED), BeforeValidator(_integral)]
ParkNumber = Annotated[int, Field(ge=1, le=4), BeforeValidator(_integral)]
Rounds = Annotated[int, Field(ge=1, le=30), BeforeValidator(_integral)]
TableSize = Annotated[int, Field(ge=2, le=8), BeforeValidator(_integral)]
KioskId = Annotated[int, Field(ge=1, le=MAX_ID), BeforeValidator(_integral)]
MatchSeq = Annotated[int, Field(ge=0, le=100_000), BeforeValidator(_integral)]


# defer_build: a model's validator is built when it is first used, not when the coordinator starts
# (the response models serve only /openapi.json).
class Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)


class Loose(BaseModel):
    """A response: the fields a client may rely on; more may be added later."""
    model_config = ConfigDict(extra="allow", defer_build=True)


Action = Annotated[Any, AfterValidator(decode_action), WithJsonSchema({"type": "object"})]


# ---------------------------------------------------------------------- requests
class PairRequest(Strict):
    pin: Annotated[str, StringConstraints(pattern=rf"^[0-9]{{{PAIRING_DIGITS}}}$")] = Field(
        description=f"the pairing code: {PAIRING_DIGITS} digits (shown on the organiser page, also as a QR code)")
    name: KioskName = Field(description="the kiosk's name, e.g. 'Table 1'")


BoxId = Literal["base", "beach"]
SetId = Annotated[str, StringConstraints(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_\-]+$")]


#: The games a tournament may be of (every registered game has a café module).
CAFE_GAMES = ("challengers", "between", "wacky", "cosplay")
CafeGame = Literal["challengers", "between", "wacky", "cosplay"]

BotLevel = Literal["easy", "medium", "hard"]


class BotEntrant(Strict):
    """A player the search bot plays (see docs/protocol.md, "Bot entrants")."""

    name: PlayerName = Field(description="its name in the standings, distinct from every other player's")
    level: BotLevel = Field(default="medium", description="how hard it thinks: easy, medium or hard")


class CreateTournament(Strict):
    """A new tournament.  ``game`` names the game (Challengers! when left out, as old organiser
    pages send it); Challengers! takes ``box`` to ``final_park`` (its own printed plans), every
    other game a café format (``format``, ``rounds``, ``table_size``, ``seeding``); an option of
    the other kind is a 409 saying so."""

    game: CafeGame = Field(default="challengers", description="the game played: " + ", ".join(CAFE_GAMES))
    players: Annotated[list[PlayerName], Field(min_length=0, max_length=8)] = Field(
        description="the people: up to 8 names, distinct ignoring case, not 'Robot' (the engine's rules: "
                    "409 otherwise); with the bots, 1 to 8 players (409 otherwise)")
    bots: Annotated[list[BotEntrant], Field(max_length=8)] = Field(
        default_factory=list, description="bot entrants (the search bot), seated after the people")
    name: TournamentName | None = None
    box: BoxId = "base"
    sets: Annotated[list[SetId], Field(min_length=1, max_length=20)] | None = None
    robot_level: RobotLevel = 1
    solo_cards: bool = False
    seed: Seed | None = None
    final_park: ParkNumber = 1
    format: Literal["swiss", "knockout", "tables"] | None = Field(
        None, description="a café format (not Challengers!): swiss or knockout for a duel, tables for a game of "
                          "more players (default: the game's first)")
    rounds: Rounds | None = Field(None, description="swiss, tables: how many rounds (a knockout plays to the end)")
    table_size: TableSize | None = Field(None, description="tables: the most players at a table")
    seeding: Literal["entry", "draw"] | None = Field(None, description="knockout: its bracket's seeding")


class AssignKiosk(Strict):
    kiosk_id: KioskId


class FinalPark(Strict):
    park: ParkNumber


RequestId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.:\-]{1,64}$")]


class ActionRequest(Strict):
    """One engine action (the contract's JSON).  An action of a park's table game (a match)
    carries ``match_seq`` (its index in the park's current match); the others do not.  The
    action's form against the tournament's game is checked with the tournament (``actions.py``)."""

    request_id: RequestId = Field(description="unique per kiosk forever; a resend reuses it")
    action: Action
    match_seq: MatchSeq | None = None

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema, handler):
        return action_request_schema(cafe_games())


# ---------------------------------------------------------------------- responses
class Error(Loose):
    error: str = Field(description="why, naming the field or the rule")
    expected: int | None = Field(None, description="the next match_seq (409 out of order)")
    code: str | None = Field(None, description="an action's 409, as a word: illegal (not legal now), stale (its "
                                               "match_seq holds another action), out-of-order (a match_seq ahead), "
                                               "bot-seat (the coordinator plays that player), over")


class PairResponse(Loose):
    kiosk_id: int
    name: str
    token: str = Field(description="shown once; the coordinator keeps only its SHA-256")


class PairingCode(Loose):
    pin: str | None = Field(description=f"{PAIRING_DIGITS} digits")
    qr: str | None = Field(description="the pairing URI as a QR code (an SVG data: URI)")
    uri: str | None = Field(description="tablecup://pair?code=...&coordinator=...")


class Health(Loose):
    ok: bool
    tournaments: int
    kiosks: int


class ParkRef(Loose):
    tournament: int
    park: int


class KioskInfo(Loose):
    kiosk_id: int
    name: str
    revoked: bool
    parks: list[ParkRef]


class KioskList(Loose):
    kiosks: list[KioskInfo]


class Revoked(Loose):
    kiosk_id: int
    name: str
    revoked: bool


class MePark(Loose):
    tournament: int
    park: int
    name: str
    game: str = Field("challengers", description="the game played (engine.registry's name)")
    phase: str
    round: int
    over: bool = Field(False, description="the tournament is over (its game has an outcome)")


class Me(Loose):
    kiosk_id: int
    name: str
    revoked: bool
    parks: list[MePark]


class Box(Loose):
    id: str
    name: str
    basic: str
    additional: list[str]
    first_game_out: str | None
    default_sets: list[str] = Field(description="what 'sets': null means for this box")


class SetInfo(Loose):
    id: str
    name: str
    names: dict[str, str] = Field(default_factory=dict, description="its name by language (en, fr), as its cards print it")
    kind: Literal["basic", "additional", "house"]
    box: str | None


class Catalogue(Loose):
    boxes: list[Box]
    sets: list[SetInfo]
    robot_levels: dict[str, list[int]]
    players: dict[str, int]


Phase = Literal["deck", "match", "final-deck", "final", "over"]


class Seat(Loose):
    player: int
    name: str
    robot: bool
    bot: BotLevel | None = Field(default=None, description="a bot entrant's level; null for a person or the Robot")
    park: int
    side: Literal["light", "dark"]
    text: str


class Trophy(Loose):
    round: int
    fans: int


class Standing(Loose):
    rank: int | None
    player: int
    name: str
    robot: bool
    bot: BotLevel | None = Field(default=None, description="a bot entrant's level; null for a person or the Robot")
    fan_tokens: int
    trophy_rounds: list[int]
    fans: int | None = Field(description="null while hidden (3+ players, before the end)")
    trophies: list[Trophy] | None = Field(description="null while trophy fans are hidden")


class Player(Loose):
    player: int
    name: str
    robot: bool
    bot: BotLevel | None = Field(default=None, description="a bot entrant's level; null for a person or the Robot")


class Result(Loose):
    round: int | str
    park: int
    winner: int
    loser: int
    winner_name: str
    loser_name: str
    reason: str | None


class Tournament(Loose):
    id: int
    name: str
    game: str = Field("challengers", description="the game played (engine.registry's name)")
    over: bool = Field(False, description="the tournament is over (its game has an outcome)")
    version: int = Field(description="the number of applied actions")
    round: int
    rounds: int
    phase: Phase
    parks: int
    fans_visible: bool
    setup: dict[str, Any]
    players: list[Player]
    seats: list[Seat]
    deck_phase: list[dict[str, Any]]
    matches: list[dict[str, Any]]
    results: list[Result]
    standings: list[Standing]
    finalists: list[int] | None
    winner: int | None
    end_reason: str | None
    piles: dict[str, Any]
    kiosks: dict[str, int]


class CafeTournamentView(Loose):
    """The public view of a café tournament of another game than Challengers! (Between Battle,
    Wacky Challenge, Cosplay Team Battle: ``engine/cafe/host.py``)."""

    id: int
    name: str
    game: str
    version: int = Field(description="the number of applied actions")
    format: Literal["swiss", "knockout", "tables"]
    rules: dict[str, Any] = Field(description="format, rounds, table_size, seeding, game_options")
    round: int
    rounds: int
    phase: Literal["playing", "over"]
    over: bool
    parks: int
    players: list[dict[str, Any]]
    seats: list[dict[str, Any]] = Field(description="[{player, name, bot, park, seat}] this round")
    byes: list[dict[str, Any]]
    tables: list[dict[str, Any]] = Field(description="[{park, round, players, names, game, to_act, over, outcome, "
                                                     "match_seq, current, observation}]: a spectator's view")
    results: list[dict[str, Any]] = Field(description="every finished round: {round, tables, byes}")
    standings: list[dict[str, Any]] = Field(description="the format's: place, player, name, points, tie-breaks")
    winner: str | None
    kiosks: dict[str, int]


#: A tournament's public view: Challengers!' or a café format's.
TOURNAMENT_VIEWS = (Tournament, CafeTournamentView)


class TournamentSummary(Loose):
    id: int
    name: str
    game: str = Field("challengers", description="the game played (engine.registry's name)")
    over: bool = Field(False, description="the tournament is over (its game has an outcome)")
    players: list[str]
    parks: int
    round: int
    phase: Phase
    version: int
    winner: int | None
    created: float


class TournamentList(Loose):
    tournaments: list[TournamentSummary]


class Record(Loose):
    tournament: int
    setup: dict[str, Any]
    actions: list[dict[str, Any]] = Field(description="every applied action, the contract's JSON {player, kind, args}")
    meta: list[dict[str, Any]] = Field(description="per action: {seq, request_id, kiosk_id, match_seq}")
    snapshot: dict[str, Any]
    digest: str


class Assigned(Loose):
    tournament: int
    park: int
    kiosk_id: int
    kiosks: dict[str, int]


class FinalParkSet(Loose):
    tournament: int
    final_park: int


class Park(Loose):
    tournament: int
    park: int
    game: str = Field("challengers", description="the game played (engine.registry's name)")
    over: bool = Field(False, description="the tournament is over (its game has an outcome)")
    version: int
    round: int
    phase: Phase
    kiosk_id: int | None
    final_park: int
    seats: list[Seat]
    here: list[Seat]
    deck_phase: list[dict[str, Any]]
    match: dict[str, Any] | None = Field(description="{park, players, state, winner, reason, match_seq, round, "
                                                      "final, current}")
    results: list[Result]
    standings: list[Standing]
    name: str
    players: list[Player]
    winner: int | None
    end_reason: str | None
    fans_visible: bool
    finalists: list[int] | None
    private: dict[str, Any] | None = Field(description="only for the park's kiosk: deck_phases (each player's own "
                                           "observation of their Deck Phase, with player and name), match, own_fans")


class Event(Loose):
    kind: str
    player: Any = None
    card: Any = None
    value: Any = None
    info: Any = None


class ActionResponse(Loose):
    ok: Literal[True]
    tournament: int
    seq: int
    action: dict[str, Any] = Field(description="the action applied: the contract's JSON {player, kind, args}")
    round: int
    phase: Phase
    events: list[Event]
    deck_phase: dict[str, Any] | None = Field(default=None, description="a deck action's player's own observation of "
                                              "their Deck Phase, with player and name")
    match_seq: int | None = None
    next_match_seq: int | None = None
    match: dict[str, Any] | None = None


class Ticket(Loose):
    ticket: str = Field(description="for the tournament's WebSocket (?ticket=...), from this address only")
    expires_in: int


class PageWords(Loose):
    lang: str = Field(description="the language of the words")
    plural: list[int] = Field(description="the plural form each count from 0 takes (a count n past the list: "
                                          "the form of 100 + n % 100)")
    words: dict[str, str | list[str]] = Field(description="every message of the pages: its text, or its plural "
                                                          "forms; {name} fields are filled by the page")
    games: dict[str, str] = Field(description="the games' titles in the language (names)")


# ---------------------------------------------------------------------- routes
ERRORS = {400: "the body or a parameter does not match the schema (the reason names the field)",
          401: "missing or unknown token / organiser PIN", 403: "revoked token, wrong PIN, not this park's kiosk, "
          "or a cross-site request", 404: "no such tournament, park or kiosk",
          408: "the body did not arrive in time", 409: "the rules refuse it now (the engine's reason), "
          "out of order, or request id reused", 413: "body over 64 KiB", 415: "the body must be application/json",
          429: "too many wrong guesses from this address: wait (Retry-After)", 503: "could not be stored; send again"}

# OpenAPI security requirements: each a list of alternatives, each naming the schemes it needs.
Security = list[dict[str, list[str]]]
ANYONE: Security = []
KIOSK: Security = [{"bearer": []}]
ORGANISER: Security = [{"bearer": [], "organiser": []}]
ORGANISER_PIN: Security = [{"organiser": []}]
OPTIONAL_KIOSK: Security = [{}, {"bearer": []}]


@dataclass(frozen=True)
class Route:
    method: str
    path: str                      # OpenAPI form: /api/tournaments/{id}
    handler: str                   # the name of the handler in web.py
    summary: str
    response: Any = None           # a model, a tuple of models (one of them), or ("text/html" / "websocket")
    body: Any = None
    status: int = 200
    security: Security = field(default_factory=list)
    errors: tuple[int, ...] = ()
    params: tuple[str, ...] = ()   # path parameters: names in PARAMS
    query: tuple[str, ...] = ()    # required query parameters: names in PARAMS


PARAMS: dict[str, dict[str, Any]] = {
    "id": {"schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID}},
    "park": {"schema": {"type": "integer", "minimum": 1, "maximum": 4}},
    "kid": {"schema": {"type": "integer", "minimum": 1, "maximum": MAX_ID}},
    "name": {"schema": {"enum": ["standings.css", "standings.js", "organiser.css", "organiser.js", "lang.js"]}},
    # A query parameter: its schema, the languages with compiled catalogues, is said when the
    # document is made (_query_param, coordinator/pagewords.py).
    "lang": {"description": "a language's code: en, fr (any with catalogues)"},
}
#: aiohttp's pattern for each path parameter (the route's text: {id:\d{1,9}}).
PATTERNS = {"id": r"\d{1,9}", "park": r"\d{1,3}", "kid": r"\d{1,9}", "name": r"[a-z]+\.(?:css|js)"}

T = "/api/tournaments/{id}"
ROUTES = (
    # The two routes every kiosk hits all the time first (aiohttp tries them in order).
    Route("POST", T + "/actions", "post_action", "Apply one engine action (exactly once per request_id)",
          ActionResponse, ActionRequest, security=KIOSK, errors=(400, 401, 403, 404, 408, 409, 413, 415, 503),
          params=("id",)),
    Route("GET", T + "/parks/{park}", "get_park", "What a park's kiosk needs; the private part only with that "
          "kiosk's token", Park, security=OPTIONAL_KIOSK, errors=(401, 403, 404), params=("id", "park")),
    Route("GET", "/", "page", "Standings page for a TV or a phone (newest tournament)", "text/html"),
    Route("GET", "/t/{id}", "page", "Standings page of one tournament", "text/html", errors=(404,), params=("id",)),
    Route("GET", "/organiser", "organiser_page", "Organiser page (log in with the organiser PIN)", "text/html"),
    Route("GET", "/openapi.json", "spec", "This document", dict),
    Route("GET", "/api/health", "health", "Liveness", Health),
    Route("POST", "/api/pair", "pair", "Pair a kiosk with the pairing code; returns its token (shown once)",
          PairResponse, PairRequest, security=ANYONE, errors=(400, 403, 408, 413, 415, 429)),
    Route("GET", "/api/pairing-pin", "pairing_pin", "The current pairing code and its QR code (organiser PIN)",
          PairingCode, security=ORGANISER_PIN, errors=(401, 403, 429)),
    Route("GET", "/api/kiosks", "kiosks", "Paired kiosks and their parks (organiser PIN)", KioskList,
          security=ORGANISER_PIN, errors=(401, 403, 429)),
    Route("GET", "/api/me", "me", "The calling kiosk: its id, name and park assignments", Me, security=KIOSK,
          errors=(401, 403)),
    Route("GET", "/api/catalogue/sets", "catalogue_sets", "Boxes and playable sets (for a set-up form)", Catalogue),
    Route("POST", "/api/kiosks/{kid}/revoke", "revoke", "Revoke a kiosk's token (organiser; no body)", Revoked,
          security=ORGANISER, errors=(401, 403, 404, 429), params=("kid",)),
    Route("POST", "/api/tournaments", "create", "Create a tournament (organiser)", TOURNAMENT_VIEWS, CreateTournament,
          status=201, security=ORGANISER, errors=(400, 401, 403, 408, 409, 413, 415, 429)),
    Route("GET", "/api/tournaments", "list_tournaments", "All tournaments (summary)", TournamentList),
    Route("GET", T, "get_tournament", "Public view (hidden information respected)", TOURNAMENT_VIEWS, errors=(404,),
          params=("id",)),
    Route("GET", T + "/record", "get_record", "Set-up (with seed), every applied action, snapshot and digest "
          "(organiser; audits and tests)", Record, security=ORGANISER, errors=(401, 403, 404, 429), params=("id",)),
    Route("POST", T + "/parks/{park}/kiosk", "assign", "Assign a kiosk to a park (organiser)", Assigned, AssignKiosk,
          security=ORGANISER, errors=(400, 401, 403, 404, 408, 409, 413, 415, 429), params=("id", "park")),
    Route("POST", T + "/final", "final", "Choose the Final's park (organiser), until the finalists' last Deck "
          "Phase begins", FinalParkSet, FinalPark, security=ORGANISER,
          errors=(400, 401, 403, 404, 408, 409, 413, 415, 429), params=("id",)),
    Route("GET", T + "/ticket", "ticket", "A short-lived ticket for the tournament's WebSocket (browsers)", Ticket,
          errors=(404,), params=("id",)),
    Route("GET", "/static/{name}", "static", "The pages' style sheets and scripts", "file", errors=(404,),
          params=("name",)),
    Route("GET", "/api/words", "words_of_pages", "The pages' words in one language (?lang=fr), from the coordinator's "
          "catalogues; revalidate with If-None-Match (ETag)", PageWords, errors=(400,), query=("lang",)),
    Route("GET", T + "/events", "events", "WebSocket: {type: hello|update, tournament, version, round, phase, "
          "what[]} on every change; needs a kiosk token (Authorization) or a ticket (?ticket=)", "websocket",
          security=ANYONE, errors=(400, 401, 404, 429), params=("id",)),
)
# OpenAPI describes HTTP exchanges, not WebSockets: the WebSocket routes are listed under the
# document's "x-websockets" (and described in docs/protocol.md).


def _query_param(name: str) -> dict[str, Any]:
    if name == "lang":                 # the languages served, as compiled when the document is made
        from .pagewords import known
        return {**PARAMS[name], "schema": {"enum": sorted(known())}}
    return PARAMS[name]


def aiohttp_path(path: str) -> str:
    out = path
    for name, pattern in PATTERNS.items():
        out = out.replace("{" + name + "}", "{" + name + ":" + pattern + "}")
    return out


def openapi() -> dict:
    """The OpenAPI 3.1 document, generated from the models and :data:`ROUTES`."""
    models = {}

    def ref(model):
        models[model.__name__] = model
        return {"$ref": f"#/components/schemas/{model.__name__}"}

    def content(model):
        if isinstance(model, tuple):      # one of several models (a tournament's view, by its game)
            return {"application/json": {"schema": {"oneOf": [ref(m) for m in model]}}}
        return {"application/json": {"schema": ref(model) if isinstance(model, type) and issubclass(model, BaseModel)
                                     else {"type": "object"}}}

    paths: dict = {}
    sockets: dict = {}
    for r in ROUTES:
        op: dict = {"summary": r.summary, "operationId": f"{r.handler}_{r.method.lower()}", "security": r.security}
        if r.params or r.query:
            op["parameters"] = [{"name": p, "in": "path", "required": True, **PARAMS[p]} for p in r.params] + \
                [{"name": p, "in": "query", "required": True, **_query_param(p)} for p in r.query]
        if r.body is not None:
            op["requestBody"] = {"required": True, "content": content(r.body)}
        if r.response == "text/html":
            ok = {str(r.status): {"description": "HTML", "content": {"text/html": {"schema": {"type": "string"}}}}}
        elif r.response == "file":
            ok = {str(r.status): {"description": "CSS or JavaScript", "content": {
                t: {"schema": {"type": "string"}} for t in ("text/css", "text/javascript")}}}
        elif r.response == "websocket":
            ok = {"101": {"description": "WebSocket upgrade"}}
        else:
            ok = {str(r.status): {"description": "OK", "content": content(r.response)}}
        errs = {str(c): {"description": ERRORS[c], "content": content(Error)} for c in r.errors}
        op["responses"] = {**ok, **errs}
        (sockets if r.response == "websocket" else paths).setdefault(r.path, {})[r.method.lower()] = op
    schemas = {}
    for name, model in list(models.items()):
        s = model.model_json_schema(ref_template="#/components/schemas/{model}")
        for sub, sub_schema in s.pop("$defs", {}).items():
            schemas[sub] = sub_schema
        schemas[name] = s
    return {
        "openapi": "3.1.0",
        "info": {"title": "Tablecup coordinator", "version": "2",
                 "description": "See docs/protocol.md. Every error is {\"error\": reason}. Every POST with a body "
                                "must say Content-Type: application/json."},
        "paths": paths,
        "x-websockets": sockets,
        "components": {"schemas": schemas, "securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer", "description": "token from POST /api/pair"},
            "organiser": {"type": "apiKey", "in": "header", "name": "X-Organiser-Pin"}}},
    }


# ---------------------------------------------------------------------- reading a body
def describe(exc: ValidationError) -> str:
    """The first problem of a validation error, naming the field."""
    err = exc.errors(include_url=False)[0]
    loc = ".".join(str(x) for x in err["loc"])
    msg = err["msg"]
    msg = msg.removeprefix("Value error, ")
    if err["type"] == "extra_forbidden":
        return f"unknown field '{loc}'"
    if err["type"] == "missing":
        return f"missing field '{loc}'"
    return f"'{loc}': {msg}" if loc else msg


def decode(model: type[BaseModel], text: str):
    """JSON text -> a validated model (``ApiError(400)`` naming the field otherwise)."""
    if not text.strip():
        raise ApiError(400, "the body must be a JSON object (it is empty)")
    if not json_depth_ok(text):
        raise ApiError(400, f"the body nests deeper than {MAX_DEPTH} levels")
    try:
        return model.model_validate_json(text)
    except ValidationError as exc:
        if exc.errors(include_url=False)[0]["type"] == "json_invalid":
            raise ApiError(400, f"the body is not valid JSON: {exc.errors(include_url=False)[0]['msg']}") from None
        raise ApiError(400, describe(exc)) from None
