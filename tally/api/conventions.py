"""What a client of any API expects (issue 25): a stable machine ``code`` on every error
(docs/api.md lists them all), ``WWW-Authenticate`` on a 401, a request id echoed in
``X-Request-Id``, and CORS for browser apps on other origins: an allow-list
(``TALLY_CORS_ORIGINS``), off by default, through flask-cors."""

from __future__ import annotations

import re
import uuid

from flask import g, request

# the code of an error by its HTTP status, where nothing more precise is known
BY_STATUS = {400: "invalid_request", 401: "unauthorized", 403: "read_only_token",
             404: "not_found", 405: "method_not_allowed", 409: "conflict",
             412: "stale_version", 413: "too_large", 415: "unsupported_media_type",
             422: "invalid_field", 428: "version_required", 429: "rate_limited",
             500: "server_error"}
# an engine error (422) by its culprit: the first of these the error names
BY_CULPRIT = (("option", "invalid_option"), ("preset", "unknown_preset"),
              ("card", "invalid_card"), ("player", "invalid_player"),
              ("event", "invalid_event"), ("rule", "rule_broken"), ("game", "unknown_game"))
# every code, with when it is given: docs/api.md's table is checked against this
CODES = {
    "invalid_request": "400: the request is malformed (a header, a query parameter)",
    "invalid_json": "400: the body is not strict JSON, or too deep",
    "unauthorized": "401: no token, or not this session's (or group's) token",
    "read_only_token": "403: a read-only token tried to change something",
    "not_found": "404: no such session, group, round or address",
    "method_not_allowed": "405: the address does not take this method (see Allow)",
    "conflict": "409: the change does not fit the session as it is (a series over, a name "
                "taken, an undo with nothing to undo)",
    "over_quota": "409: the session would pass its quota of rounds or stored bytes",
    "stale_version": "412: the session changed since the version sent (see ETag)",
    "too_large": "413: the body is larger than 4 MiB",
    "import_too_large": "413: an import with more rounds than a session may hold",
    "unsupported_media_type": "415: the body is not application/json",
    "required": "422: a field the request needs is missing",
    "unknown_field": "422: a field the request does not take",
    "invalid_field": "422: a field's value has the wrong type, length or range",
    "invalid_text": "422: a text holds a control character or an unclosed direction mark",
    "unknown_game": "422: no such game",
    "unknown_preset": "422: no such preset for the game",
    "invalid_option": "422: a house rule that is unknown or has a value it cannot take",
    "invalid_card": "422: a card that is unknown, repeated or not allowed where it is",
    "invalid_player": "422: a player who is not in the session, or named twice",
    "invalid_event": "422: an event that is unknown or out of place",
    "rule_broken": "422: the round breaks one of the game's rules (the error names it)",
    "invalid_round": "422: the round cannot be scored as given (the message says why)",
    "version_required": "428: a change without If-Match or a version field",
    "rate_limited": "429: too many requests from this address (see Retry-After)",
    "server_error": "500: our fault; the request id helps us find it",
}
_SCHEMA_CODES = {"{field} is required": "required",
                 "{field} is not a field of this request": "unknown_field"}


def error_code(status: int, item: dict) -> str:
    """The machine code of an error item that has none yet."""
    return _SCHEMA_CODES.get(item.get("template"), BY_STATUS.get(status, "invalid_request"))


def engine_code(item: dict) -> str:
    """The code of an engine error (tally.TallyError), by the culprit it names."""
    return next((code for key, code in BY_CULPRIT if item.get(key) is not None),
                "invalid_round")


def with_codes(status: int, errors: list[dict]) -> list[dict]:
    for item in errors:
        item.setdefault("code", error_code(status, item))
    return errors


# --------------------------------------------------------------------------- request id
# a client's own id is kept when it is short and plain; anything else is replaced
_CLIENT_ID = re.compile(r"[A-Za-z0-9._:\-]{8,128}")


def request_id() -> str:
    if "request_id" not in g:
        given = request.headers.get("X-Request-Id", "")
        g.request_id = given if _CLIENT_ID.fullmatch(given) else uuid.uuid4().hex
    return g.request_id


def add_request_id(resp):
    resp.headers["X-Request-Id"] = request_id()
    return resp


def add_www_authenticate(resp):
    """RFC 9110: a 401 names the scheme it wants (a token as Bearer, ?t= or X-Tally-Token)."""
    if resp.status_code == 401 and request.path.startswith("/api/"):
        given = request.headers.get("Authorization") or request.args.get("t") \
            or request.headers.get("X-Tally-Token")
        resp.headers["WWW-Authenticate"] = (
            'Bearer realm="hanafuda-tally"' + (', error="invalid_token"' if given else ""))
    return resp


# --------------------------------------------------------------------------- CORS
# what a browser app on another origin may send and read (the API's own headers)
ALLOW_HEADERS = ["Content-Type", "Authorization", "X-Tally-Token", "X-Tally-Actor",
                 "If-Match", "If-None-Match", "Idempotency-Key", "X-Request-Id",
                 "Accept-Language"]
EXPOSE_HEADERS = ["ETag", "Location", "Idempotent-Replayed", "X-Request-Id", "Retry-After",
                  "WWW-Authenticate"]


def origins_from(setting: str | None) -> list[str]:
    """``TALLY_CORS_ORIGINS``: origins separated by commas (https://app.example); empty:
    no other origin may call the API from a browser."""
    return [o.strip().rstrip("/") for o in (setting or "").split(",") if o.strip()]


def init_app(app) -> None:
    app.after_request(add_www_authenticate)
    app.after_request(add_request_id)
    origins = origins_from(app.config.get("CORS_ORIGINS"))
    if origins:
        from flask_cors import CORS

        # tokens travel in headers or ?t=, never in cookies: no credentials mode
        CORS(app, resources={r"/api/v1/*": {"origins": origins}}, allow_headers=ALLOW_HEADERS,
             expose_headers=EXPOSE_HEADERS, max_age=600, supports_credentials=False)
