"""The REST API under /api/v1: a thin layer over the engine (tally.evaluate / score_round),
the series replay (tally.series) and the store (tally.store).

flask-smorest builds the OpenAPI 3 document (/api/v1/openapi.json) from the marshmallow
schemas; /api/docs is a self-contained page rendered from that document (no CDN, so it works on
a table's offline network). Every error is ``{"errors": [{"field", "message", ...}]}``.
"""

from __future__ import annotations

import logging
import re

from flask import Flask, jsonify, render_template, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException
from werkzeug.routing import BaseConverter

from ..errors import TallyError
from ..i18n import add_said, language
from ..results import said
from ..store import StoreError
from .conventions import engine_code, with_codes
from .limits import too_large
from .schemas import Errors

log = logging.getLogger("tally.api")


# marshmallow's and webargs' messages, as sentences the catalogues can say in ja and ko
_SCHEMA_MESSAGES = [(re.compile(pattern), template) for pattern, template in (
    (r"Missing data for required field\.", "{field} is required"),
    (r"Field may not be null\.", "{field} may not be null"),
    (r"Unknown field\.", "{field} is not a field of this request"),
    (r"Not a valid string\.", "{field} must be text"),
    (r"Not a valid integer\.", "{field} must be a whole number"),
    (r"Not a valid number\.", "{field} must be a number"),
    (r"Not a valid boolean\.", "{field} must be true or false"),
    (r"Not a valid list\.", "{field} must be a list"),
    (r"Not a valid mapping type\.", "{field} must be an object"),
    (r"Not a valid date\.", "{field} must be a date (YYYY-MM-DD)"),
    (r"Invalid (input type|input|type|value)\.", "{field} has a value of the wrong type"),
    (r"Must be one of: (?P<choices>.*)\.", "{field} must be one of: {choices}"),
    (r"Length must be between (?P<min>\d+) and (?P<max>\d+)\.",
     "{field} must have {min} to {max} characters or items"),
    (r"Shorter than minimum length (?P<min>\d+)\.",
     "{field} must have at least {min} characters or items"),
    (r"Longer than maximum length (?P<max>\d+)\.",
     "{field} must have at most {max} characters or items"),
    (r"Must be greater than or equal to (?P<min>\S+) and less than or equal to (?P<max>\S+)\.",
     "{field} must be between {min} and {max}"),
    (r"Must be greater than or equal to (?P<min>\S+)\.", "{field} must be at least {min}"),
    (r"Must be less than or equal to (?P<max>\S+)\.", "{field} must be at most {max}"),
    (r"Number too large\.", "{field} is too large"),
    (r"Special numeric values \(nan or infinity\) are not permitted\.",
     "{field} must be a finite number"),
)]


def schema_error(field: str | None, message: str) -> dict:
    """One validation message as an error item: a said() sentence where marshmallow's words
    are known, so ja and ko readers get it in their language too."""
    name = field or "body"
    for pattern, template in _SCHEMA_MESSAGES:
        m = pattern.fullmatch(message)
        if m:
            params = {k: v for k, v in m.groupdict().items() if v is not None}
            text = said(template, field=name, **params)
            return {"field": field, "message": str(text), **text.to_dict()}
    return {"field": field, "message": message}


def _flatten(messages, prefix="") -> list[dict]:
    """webargs/marshmallow messages ({"json": {"players": ["..."]}}) as field/message items."""
    out = []
    if isinstance(messages, dict):
        for k, v in messages.items():
            if prefix == "" and k in ("json", "query", "headers", "view_args", "form"):
                out.extend(_flatten(v, ""))
            else:
                out.extend(_flatten(v, f"{prefix}.{k}" if prefix else str(k)))
    elif isinstance(messages, (list, tuple)):
        if all(isinstance(m, str) for m in messages):
            out.extend(schema_error(prefix or None, m) for m in messages)
        else:
            for m in messages:
                out.extend(_flatten(m, prefix))
    else:
        out.append(schema_error(prefix or None, str(messages)))
    return out


def error_response(status: int, errors: list[dict], headers=None):
    with_codes(status, errors)
    if language() != "en":  # an engine error said in the reader's language, as "said"
        add_said(errors)
    resp = jsonify(errors=errors)
    resp.status_code = status
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def http_error(error: HTTPException) -> dict:
    """A routing error (no such address, a method the address does not take) as a sentence."""
    if error.code == 404:
        text = said("there is nothing at {path}", path=request.path)
    elif error.code == 405:
        text = said("{method} is not allowed at {path}; it takes {allowed}",
                    method=request.method, path=request.path,
                    allowed=", ".join(sorted(error.valid_methods or ())))
    elif error.code == 413:
        return too_large(request.content_length).to_dict()
    else:
        return {"field": None, "message": error.description or error.name}
    return {"field": None, "message": str(text), **text.to_dict()}


class TallyApi(Api):
    ERROR_SCHEMA = Errors

    def handle_http_exception(self, error: HTTPException):
        data = getattr(error, "data", None) or {}
        if "messages" in data:
            errors = _flatten(data["messages"])
        elif "errors" in data:
            errors = data["errors"]
        else:
            errors = [http_error(error)]
        if error.code == 400 and not errors:
            errors = [{"field": None, "message": "bad request"}]
        headers = dict(data.get("headers") or {})
        if error.code == 405:
            headers["Allow"] = ", ".join(error.valid_methods or [])
        return error_response(error.code or 500, errors, headers)


class SessionId(BaseConverter):
    """A session id in a path: any segment but "import" (its own address), so OPTIONS
    /sessions/import offers only what that address takes."""
    regex = r"(?!import$)[^/]+"


def init_api(app: Flask) -> TallyApi:
    app.url_map.converters["sid"] = SessionId
    app.config.setdefault("API_TITLE", "Hanafuda Tally")
    app.config.setdefault("API_VERSION", "1")
    app.config.setdefault("OPENAPI_VERSION", "3.0.3")
    app.config.setdefault("OPENAPI_URL_PREFIX", "/api/v1")
    app.config.setdefault("OPENAPI_JSON_PATH", "openapi.json")
    app.config.setdefault("API_SPEC_OPTIONS", {
        "info": {"description": "Scoring, series, chip ledger and settlement for hanafuda and "
                                "hwatu games. Game, combination, option and preset ids are "
                                "those of the rules digests. Tokens go in `?t=`, the "
                                "`X-Tally-Token` header or `Authorization: Bearer`.",
                 "contact": {"name": "Hanafuda Tally", "url": "/api/docs"}},
        "servers": [{"url": "/", "description": "this server"}],
    })
    api = TallyApi(app)
    from . import conventions

    conventions.init_app(app)  # WWW-Authenticate, X-Request-Id, CORS when configured
    from .views import games_blp, groups_blp, sessions_blp
    from . import groups  # noqa: F401  (the group league's routes join groups_blp)

    api.register_blueprint(games_blp)
    api.register_blueprint(sessions_blp)
    api.register_blueprint(groups_blp)
    from .contract import finish

    finish(api.spec)  # security schemes, no unused component

    @app.errorhandler(TallyError)
    def tally_error(e: TallyError):
        item = e.to_dict()
        return error_response(422, [{**item, "code": engine_code(item)}])

    @app.errorhandler(StoreError)
    def store_error(e: StoreError):
        item = e.to_dict()
        headers = {}
        if getattr(e, "status", 400) == 412:
            headers["ETag"] = f'"{e.extra.get("current_version")}"'
        return error_response(e.status, [item], headers)

    @app.get("/api/docs")
    def api_docs():
        spec = api.spec.to_dict()
        return render_template("api_docs.html", spec=spec)

    return api
