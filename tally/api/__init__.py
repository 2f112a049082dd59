"""The REST API under /api/v1: a thin layer over the engine (tally.evaluate / score_round),
the series replay (tally.series) and the store (tally.store).

flask-smorest builds the OpenAPI 3 document (/api/v1/openapi.json) from the marshmallow
schemas; /api/docs is a self-contained page rendered from that document (no CDN, so it works on
a table's offline network). Every error is ``{"errors": [{"field", "message", ...}]}``.
"""

from __future__ import annotations

import logging

from flask import Flask, jsonify, render_template
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from ..errors import TallyError
from ..i18n import add_said, language
from ..store import StoreError
from .schemas import Errors

log = logging.getLogger("tally.api")


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
            out.extend({"field": prefix or None, "message": m} for m in messages)
        else:
            for m in messages:
                out.extend(_flatten(m, prefix))
    else:
        out.append({"field": prefix or None, "message": str(messages)})
    return out


def error_response(status: int, errors: list[dict], headers=None):
    if language() != "en":  # an engine error said in the reader's language, as "said"
        add_said(errors)
    resp = jsonify(errors=errors)
    resp.status_code = status
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


class TallyApi(Api):
    ERROR_SCHEMA = Errors

    def handle_http_exception(self, error: HTTPException):
        data = getattr(error, "data", None) or {}
        if "messages" in data:
            errors = _flatten(data["messages"])
        elif "errors" in data:
            errors = data["errors"]
        else:
            errors = [{"field": None, "message": error.description or error.name}]
        if error.code == 400 and not errors:
            errors = [{"field": None, "message": "bad request"}]
        headers = dict(data.get("headers") or {})
        if error.code == 405:
            headers["Allow"] = ", ".join(error.valid_methods or [])
        return error_response(error.code or 500, errors, headers)


def init_api(app: Flask) -> TallyApi:
    app.config.setdefault("API_TITLE", "Hanafuda Tally")
    app.config.setdefault("API_VERSION", "1")
    app.config.setdefault("OPENAPI_VERSION", "3.0.3")
    app.config.setdefault("OPENAPI_URL_PREFIX", "/api/v1")
    app.config.setdefault("OPENAPI_JSON_PATH", "openapi.json")
    app.config.setdefault("API_SPEC_OPTIONS", {
        "info": {"description": "Scoring, series, chip ledger and settlement for hanafuda and "
                                "hwatu games. Game, combination, option and preset ids are "
                                "those of the rules digests. Tokens go in `?t=`, the "
                                "`X-Tally-Token` header or `Authorization: Bearer`."},
        "components": {"securitySchemes": {
            "queryToken": {"type": "apiKey", "in": "query", "name": "t"},
            "headerToken": {"type": "apiKey", "in": "header", "name": "X-Tally-Token"}}},
    })
    api = TallyApi(app)
    from .views import games_blp, groups_blp, sessions_blp

    api.register_blueprint(games_blp)
    api.register_blueprint(sessions_blp)
    api.register_blueprint(groups_blp)

    @app.errorhandler(TallyError)
    def tally_error(e: TallyError):
        return error_response(422, [e.to_dict()])

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
