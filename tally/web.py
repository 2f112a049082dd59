"""The Flask application factory: configuration, the instance folder, the store, the API, the
share page and the CLI commands."""

from __future__ import annotations

import json
import os

from flask import Flask, abort, jsonify, render_template, request


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True,
                template_folder="../templates", static_folder="../static")
    app.config.from_mapping(
        DATABASE=os.environ.get("TALLY_DATABASE")
        or os.path.join(app.instance_path, "tally.sqlite"),
        PUBLIC_URL=os.environ.get("TALLY_PUBLIC_URL"),
        JSON_SORT_KEYS=False,
    )
    app.config.from_pyfile("config.py", silent=True)
    if config:
        app.config.from_mapping(config)
    os.makedirs(app.instance_path, exist_ok=True)
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    from .store import Store

    store = Store(app.config["DATABASE"])
    store.migrate()  # schema created and migrated on start
    from datetime import datetime, timedelta, timezone

    # stored Idempotency-Key responses are kept two days
    store.purge_idempotency((datetime.now(timezone.utc) - timedelta(days=2)).isoformat())
    app.extensions["tally_store"] = store

    @app.get("/api/v1/health")
    def health():
        return jsonify(status="ok")

    from .api import init_api

    init_api(app)

    @app.get("/s/<session_id>")
    def shared_session(session_id):
        """The read-only page a share link opens (the full pages are a later issue)."""
        row = store.session_row(session_id)
        token = request.args.get("t")
        if row is None or store.auth(row, token) is None:
            abort(404)
        from .series import config_of, settle

        cfg = config_of(json.loads(row["config"]))
        state = json.loads(row["state"])
        rounds = [json.loads(v) for v in store.round_views(session_id)]
        settlement = settle(cfg, {t["player"]: t["chips"] for t in state["totals"]})
        resp = app.make_response(render_template(
            "session.html", row=row, cfg=cfg, state=state, rounds=rounds,
            settlement=settlement))
        resp.headers["Referrer-Policy"] = "no-referrer"  # the token is in this page's URL
        return resp

    from .cli import register

    register(app)
    return app
