"""The Flask application factory: configuration, the instance folder, the store, the API, the
pages (tally.pages) and the CLI commands."""

from __future__ import annotations

import os

from flask import Flask, jsonify


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

    from . import pages

    pages.init_app(app)  # home, session (share links /s/<id>?t=), record, rules, PWA assets

    # compressed responses for phones on a table's weak network (static files included)
    from flask_compress import Compress

    app.config.setdefault("COMPRESS_MIMETYPES", [
        "text/html", "text/css", "text/javascript", "application/javascript",
        "application/json", "application/manifest+json", "image/svg+xml"])
    app.config.setdefault("COMPRESS_REGISTER", True)
    Compress(app)

    from .cli import register

    register(app)
    return app
