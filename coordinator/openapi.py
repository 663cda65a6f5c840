"""The OpenAPI 3 description served at ``/openapi.json`` (kept beside the routes in web.py)."""

from __future__ import annotations

ERR = {"$ref": "#/components/schemas/Error"}
OBJ = {"type": "object", "additionalProperties": True}


def _json(schema):
    return {"content": {"application/json": {"schema": schema}}}


def _errors(*codes):
    text = {400: "invalid body (the reason names the field)", 401: "missing or unknown token / organiser PIN",
            403: "revoked token, wrong PIN, or not this park's kiosk", 404: "no such tournament, park or kiosk",
            409: "not legal now (the engine's reason), out of order, or request id reused",
            413: "body over 64 KiB", 429: "too many wrong organiser PINs", 503: "could not be stored; send again"}
    return {str(c): {"description": text[c], **_json(ERR)} for c in codes}


TID = {"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
PARK = {"name": "park", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1, "maximum": 4}}
KID = {"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}
BEARER = {"bearer": []}
ORG = {"bearer": [], "organiser": []}


def _op(summary, ok, *, body=None, params=(), security=None, codes=(), status="200"):
    op = {"summary": summary, "responses": {status: {"description": "OK", **_json(ok)}, **_errors(*codes)}}
    if params:
        op["parameters"] = list(params)
    if body is not None:
        op["requestBody"] = {"required": True, **_json(body)}
    op["security"] = security if security is not None else []
    return op


def openapi() -> dict:
    S = "#/components/schemas/"
    idx = {"type": "integer", "minimum": 0, "maximum": 1000}
    action = {"oneOf": [
        {"type": "array", "description": "[\"deck\", player, \"option\"|\"pick\"|\"choose\"|\"remove\", index]",
         "prefixItems": [{"const": "deck"}, {"type": "integer", "minimum": 0, "maximum": 7},
                         {"enum": ["option", "pick", "choose", "remove"]}, idx], "minItems": 4, "maxItems": 4},
        {"type": "array", "description": "[\"deck\", player, \"redraw\"|\"done\"]",
         "prefixItems": [{"const": "deck"}, {"type": "integer", "minimum": 0, "maximum": 7},
                         {"enum": ["redraw", "done"]}], "minItems": 3, "maxItems": 3},
        {"type": "array", "description": "[\"match\", park, \"toss\"]",
         "prefixItems": [{"const": "match"}, {"type": "integer", "minimum": 1, "maximum": 4}, {"const": "toss"}],
         "minItems": 3, "maxItems": 3},
        {"type": "array", "description": "[\"match\", park, \"reveal\", side]",
         "prefixItems": [{"const": "match"}, {"type": "integer", "minimum": 1, "maximum": 4}, {"const": "reveal"},
                         {"enum": [0, 1]}], "minItems": 4, "maxItems": 4},
        {"type": "array", "description": "[\"match\", park, \"choose\", side, option]",
         "prefixItems": [{"const": "match"}, {"type": "integer", "minimum": 1, "maximum": 4}, {"const": "choose"},
                         {"enum": [0, 1]}, idx], "minItems": 5, "maxItems": 5},
    ]}
    schemas = {
        "Error": {"type": "object", "required": ["error"], "properties": {
            "error": {"type": "string"}, "expected": {"type": "integer", "description": "next match_seq (409 out of order)"}}},
        "PairRequest": {"type": "object", "additionalProperties": False, "required": ["pin", "name"], "properties": {
            "pin": {"type": "string", "pattern": "^[0-9]{6}$"}, "name": {"type": "string", "minLength": 1, "maxLength": 40}}},
        "PairResponse": {"type": "object", "required": ["kiosk_id", "name", "token"], "properties": {
            "kiosk_id": {"type": "integer"}, "name": {"type": "string"}, "token": {"type": "string"}}},
        "CreateTournament": {"type": "object", "additionalProperties": False, "required": ["players"], "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 60},
            "players": {"type": "array", "minItems": 1, "maxItems": 8,
                        "items": {"type": "string", "minLength": 1, "maxLength": 24}},
            "box": {"type": "string", "default": "base", "enum": ["base", "beach"]},
            "sets": {"type": ["array", "null"], "items": {"type": "string"}, "minItems": 1, "maxItems": 20},
            "robot_level": {"type": "integer", "minimum": 1, "maximum": 5, "default": 1},
            "solo_cards": {"type": "boolean", "default": False},
            "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": 2**63 - 1},
            "final_park": {"type": "integer", "minimum": 1, "maximum": 4, "default": 1}}},
        "AssignKiosk": {"type": "object", "additionalProperties": False, "required": ["kiosk_id"],
                        "properties": {"kiosk_id": {"type": "integer", "minimum": 1}}},
        "FinalPark": {"type": "object", "additionalProperties": False, "required": ["park"],
                      "properties": {"park": {"type": "integer", "minimum": 1, "maximum": 4}}},
        "ActionRequest": {"type": "object", "additionalProperties": False, "required": ["request_id", "action"],
                          "properties": {"request_id": {"type": "string", "pattern": "^[A-Za-z0-9_.:\\-]{1,64}$"},
                                         "action": {"$ref": S + "Action"},
                                         "match_seq": {"type": "integer", "minimum": 0,
                                                       "description": "required for match actions, absent for deck actions"}}},
        "Action": action,
        "ActionResponse": {"type": "object", "required": ["ok", "tournament", "seq", "action", "round", "phase", "events"],
                           "properties": {"ok": {"const": True}, "tournament": {"type": "integer"},
                                          "seq": {"type": "integer"}, "action": {"type": "array"},
                                          "round": {"type": "integer"}, "phase": {"type": "string"},
                                          "events": {"type": "array", "items": {"$ref": S + "Event"}},
                                          "deck_phase": {"$ref": S + "DeckPhase"},
                                          "match_seq": {"type": "integer"}, "next_match_seq": {"type": "integer"},
                                          "match": OBJ}},
        "Event": {"type": "object", "properties": {"kind": {"type": "string"}, "player": {}, "card": {}, "value": {},
                                                     "info": {}}},
        "DeckPhase": {"type": ["object", "null"], "properties": {
            "player": {"type": "integer"}, "name": {"type": "string"},
            "stage": {"enum": ["option", "pick", "choose", "remove", "done"]},
            "options": {"type": "array", "items": OBJ}, "option": {"type": ["object", "null"]},
            "drawn": {"type": "array", "items": {"type": "string"}}, "picks_left": {"type": "integer"},
            "can_redraw": {"type": "boolean"}, "redraw_used": {"type": "boolean"},
            "deck": {"type": "array", "items": {"type": "string"}}, "pending": {"type": ["object", "null"]},
            "fans": {"type": "integer"}}},
        "Seat": {"type": "object", "properties": {"player": {"type": "integer"}, "name": {"type": "string"},
                                                    "robot": {"type": "boolean"}, "park": {"type": "integer"},
                                                    "side": {"enum": ["light", "dark"]}, "text": {"type": "string"}}},
        "Standing": {"type": "object", "properties": {
            "rank": {"type": ["integer", "null"]}, "player": {"type": "integer"}, "name": {"type": "string"},
            "robot": {"type": "boolean"}, "fan_tokens": {"type": "integer"},
            "trophy_rounds": {"type": "array", "items": {"type": "integer"}},
            "fans": {"type": ["integer", "null"], "description": "null while hidden (3+ players, before the end)"},
            "trophies": {"type": ["array", "null"], "items": {"type": "object", "properties": {
                "round": {"type": "integer"}, "fans": {"type": "integer"}}},
                "description": "null while trophy fans are hidden"}}},
        "Tournament": {"type": "object", "required": ["id", "round", "phase", "version"], "properties": {
            "id": {"type": "integer"}, "name": {"type": "string"}, "version": {"type": "integer"},
            "round": {"type": "integer"}, "rounds": {"type": "integer"},
            "phase": {"enum": ["deck", "match", "final-deck", "final", "over"]}, "parks": {"type": "integer"},
            "fans_visible": {"type": "boolean"}, "setup": OBJ, "players": {"type": "array", "items": OBJ},
            "seats": {"type": "array", "items": {"$ref": S + "Seat"}}, "deck_phase": {"type": "array", "items": OBJ},
            "matches": {"type": "array", "items": OBJ}, "results": {"type": "array", "items": OBJ},
            "standings": {"type": "array", "items": {"$ref": S + "Standing"}},
            "finalists": {"type": ["array", "null"]}, "winner": {"type": ["integer", "null"]},
            "end_reason": {"type": ["string", "null"]}, "piles": OBJ, "kiosks": OBJ}},
        "TournamentList": {"type": "object", "properties": {"tournaments": {"type": "array", "items": OBJ}}},
        "Park": {"type": "object", "required": ["tournament", "park", "round", "phase", "private"], "properties": {
            "tournament": {"type": "integer"}, "park": {"type": "integer"}, "version": {"type": "integer"},
            "round": {"type": "integer"}, "phase": {"type": "string"}, "kiosk_id": {"type": ["integer", "null"]},
            "final_park": {"type": "integer"},
            "seats": {"type": "array", "items": {"$ref": S + "Seat"}},
            "here": {"type": "array", "items": {"$ref": S + "Seat"}}, "deck_phase": {"type": "array"},
            "match": {"type": ["object", "null"], "description": "{park, players, state, winner, reason, match_seq, "
                      "round (8 = Final), final, current}; current is false between rounds and when over"},
            "results": {"type": "array"}, "standings": {"type": "array", "items": {"$ref": S + "Standing"}},
            "name": {"type": "string"}, "players": {"type": "array", "items": OBJ},
            "winner": {"type": ["integer", "null"]}, "end_reason": {"type": ["string", "null"]},
            "fans_visible": {"type": "boolean"},
            "private": {"type": ["object", "null"], "description": "only for the park's kiosk: deck_phases "
                        "(DeckPhase per player seated here), match {spec, actions, match_seq}, own_fans"}}},
        "Me": {"type": "object", "required": ["kiosk_id", "name", "parks"], "properties": {
            "kiosk_id": {"type": "integer"}, "name": {"type": "string"}, "revoked": {"type": "boolean"},
            "parks": {"type": "array", "items": {"type": "object", "properties": {
                "tournament": {"type": "integer"}, "park": {"type": "integer"}, "name": {"type": "string"},
                "phase": {"type": "string"}, "round": {"type": "integer"}}}}}},
        "Catalogue": {"type": "object", "properties": {
            "boxes": {"type": "array", "items": {"type": "object", "properties": {
                "id": {"type": "string"}, "name": {"type": "string"}, "basic": {"type": "string"},
                "additional": {"type": "array", "items": {"type": "string"}}, "first_game_out": {"type": "string"},
                "default_sets": {"type": "array", "items": {"type": "string"},
                                 "description": "what 'sets': null means for this box"}}}},
            "sets": {"type": "array", "items": {"type": "object", "properties": {
                "id": {"type": "string"}, "name": {"type": "string"},
                "kind": {"enum": ["basic", "additional", "house"]}, "box": {"type": "string"}}}},
            "robot_levels": {"type": "object", "properties": {
                "multiplayer": {"type": "array", "items": {"type": "integer"}},
                "solo": {"type": "array", "items": {"type": "integer"}}}},
            "players": OBJ}},
        "Record": {"type": "object", "properties": {"tournament": {"type": "integer"}, "setup": OBJ,
                                                      "actions": {"type": "array"},
                                                      "meta": {"type": "array", "description": "per action, same "
                                                               "order: {seq, request_id, kiosk_id, match_seq (null "
                                                               "for deck actions)}", "items": OBJ},
                                                      "snapshot": OBJ,
                                                      "digest": {"type": "string"}}},
    }
    ref = lambda n: {"$ref": S + n}  # noqa: E731
    paths = {
        "/": {"get": {"summary": "Standings page for a TV (newest tournament)", "security": [],
                      "responses": {"200": {"description": "HTML", "content": {"text/html": {}}}}}},
        "/t/{id}": {"get": {"summary": "Standings page of one tournament", "parameters": [TID], "security": [],
                            "responses": {"200": {"description": "HTML", "content": {"text/html": {}}},
                                          **_errors(404)}}},
        "/organiser": {"get": {"summary": "Organiser page: log in with the organiser PIN; create tournaments, assign kiosks, "
                               "the Final's park, revoke kiosks",
                               "security": [], "responses": {"200": {"description": "HTML", "content": {"text/html": {}}}}}},
        "/openapi.json": {"get": {"summary": "This document", "security": [],
                                  "responses": {"200": {"description": "OpenAPI 3", **_json(OBJ)}}}},
        "/api/health": {"get": _op("Liveness", OBJ)},
        "/api/pair": {"post": _op("Pair a kiosk with the pairing PIN; returns its token (shown once)",
                                  ref("PairResponse"), body=ref("PairRequest"), codes=(400, 403, 413))},
        "/api/pairing-pin": {"get": _op("The current pairing PIN (organiser PIN only, for the organiser page)",
                                        {"type": "object", "properties": {"pin": {"type": ["string", "null"]}}},
                                        security=[{"organiser": []}], codes=(401, 403, 429))},
        "/api/kiosks": {"get": _op("Paired kiosks and their parks (organiser PIN only)", OBJ,
                                   security=[{"organiser": []}], codes=(401, 403, 429))},
        "/api/me": {"get": _op("The calling kiosk: its id, name and park assignments", ref("Me"),
                               security=[BEARER], codes=(401, 403))},
        "/api/catalogue/sets": {"get": _op("Boxes and playable sets (for a set-up form)", ref("Catalogue"))},
        "/api/kiosks/{id}/revoke": {"post": _op("Revoke a kiosk's token (organiser)", OBJ, params=[KID],
                                                security=[ORG], codes=(401, 403, 404, 429))},
        "/api/tournaments": {
            "post": _op("Create a tournament (organiser)", ref("Tournament"), body=ref("CreateTournament"),
                        security=[ORG], codes=(400, 401, 403, 413, 429), status="201"),
            "get": _op("All tournaments (summary)", ref("TournamentList"))},
        "/api/tournaments/{id}": {"get": _op("Public view (hidden information respected)", ref("Tournament"),
                                             params=[TID], codes=(404,))},
        "/api/tournaments/{id}/record": {"get": _op("Set-up (with seed), every applied action, snapshot and digest "
                                                    "(organiser; for audits and tests)", ref("Record"), params=[TID],
                                                    security=[ORG], codes=(401, 403, 404, 429))},
        "/api/tournaments/{id}/parks/{park}/kiosk": {"post": _op(
            "Assign a kiosk to a park (organiser); a kiosk holds one park per tournament", OBJ,
            params=[TID, PARK], body=ref("AssignKiosk"), security=[ORG], codes=(400, 401, 403, 404, 409, 413, 429))},
        "/api/tournaments/{id}/parks/{park}": {"get": _op(
            "What a park's kiosk needs; the private part only with that kiosk's token", ref("Park"),
            params=[TID, PARK], security=[{}, BEARER], codes=(401, 403, 404))},
        "/api/tournaments/{id}/actions": {"post": _op(
            "Apply one engine action (exactly once per request_id)", ref("ActionResponse"), params=[TID],
            body=ref("ActionRequest"), security=[BEARER], codes=(400, 401, 403, 404, 409, 413, 503))},
        "/api/tournaments/{id}/final": {"post": _op(
            "Choose the Final's park (organiser), until the finalists' last Deck Phase begins", OBJ,
            params=[TID], body=ref("FinalPark"), security=[ORG], codes=(400, 401, 403, 404, 409, 413, 429))},
        "/api/tournaments/{id}/events": {"get": {
            "summary": "WebSocket: {type: hello|update, tournament, version, round, phase, what[]} on every change",
            "parameters": [TID], "security": [],
            "responses": {"101": {"description": "WebSocket upgrade"}, **_errors(400, 404)}}},
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "Tablecup coordinator", "version": "1",
                 "description": "See docs/protocol.md. Every error is {\"error\": reason}."},
        "paths": paths,
        "components": {"schemas": schemas, "securitySchemes": {
            "bearer": {"type": "http", "scheme": "bearer", "description": "token from POST /api/pair"},
            "organiser": {"type": "apiKey", "in": "header", "name": "X-Organiser-Pin"}}},
    }
