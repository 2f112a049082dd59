"""The Flask application factory: configuration, the instance folder, the blueprints."""

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
    )
    app.config.from_pyfile("config.py", silent=True)
    if config:
        app.config.from_mapping(config)
    os.makedirs(app.instance_path, exist_ok=True)

    @app.get("/api/v1/health")
    def health():
        return jsonify(status="ok")

    return app
