"""The Flask application factory: configuration, the instance folder, the store, the API, the
pages (tally.pages) and the CLI commands."""

from __future__ import annotations

import os

from flask import Flask, jsonify
from flask.json.provider import DefaultJSONProvider


class StrictJSON(DefaultJSONProvider):
    """JSON out is strict JSON: a NaN or an infinity raises instead of going out as bare
    ``NaN``, which strict parsers reject."""

    def dumps(self, obj, **kwargs):
        kwargs.setdefault("allow_nan", False)
        return super().dumps(obj, **kwargs)


def limits_from_env(env) -> dict:
    """The limits' settings (docs/deploy.md): rate limits as "hits/seconds" (several windows
    with commas, "off" for none) counted in the database, so every server process shares
    them; quotas per session (0: no bound); the purge of abandoned empty sessions (0: never);
    the proxies in front whose X-Forwarded-For names the client (0: none, the peer is it)."""
    return dict(
        RATE_LIMITS=env.get("TALLY_RATE_LIMITS", "on"),  # "off": no rate limit at all
        RATE_LIMIT_SESSIONS=env.get("TALLY_RATE_LIMIT_SESSIONS", "30/60"),  # per address
        RATE_LIMIT_GROUPS=env.get("TALLY_RATE_LIMIT_GROUPS", "10/60"),
        # an import of 1,000 rounds keeps about 2 MB: 10 a minute, and 60 an hour
        RATE_LIMIT_IMPORTS=env.get("TALLY_RATE_LIMIT_IMPORTS", "10/60,60/3600"),
        # wrong or missing tokens per session (or group) and address, and per session
        RATE_LIMIT_TOKEN_ADDRESS=env.get("TALLY_RATE_LIMIT_TOKEN_ADDRESS", "20/600"),
        RATE_LIMIT_TOKEN_SESSION=env.get("TALLY_RATE_LIMIT_TOKEN_SESSION", "200/600"),
        MAX_ROUNDS_PER_SESSION=int(env.get("TALLY_MAX_ROUNDS", "5000")),
        MAX_BYTES_PER_SESSION=int(env.get("TALLY_MAX_SESSION_BYTES", str(64 * 1024 * 1024))),
        PURGE_EMPTY_AFTER_DAYS=float(env.get("TALLY_PURGE_EMPTY_AFTER_DAYS", "30")),
        PROXY_HOPS=int(env.get("TALLY_PROXY_HOPS", "0")),
    )


def create_app(config: dict | None = None, instance_path: str | None = None) -> Flask:
    from . import paths

    app = Flask(__name__, instance_path=paths.instance(instance_path),
                instance_relative_config=True,
                template_folder=paths.asset("templates"), static_folder=paths.asset("static"))
    from .api.limits import MAX_BODY

    app.config.from_mapping(
        DATABASE=os.environ.get("TALLY_DATABASE")
        or os.path.join(app.instance_path, "tally.sqlite"),
        # PostgreSQL for several app servers on one database (postgresql://...); without
        # it, the SQLite file DATABASE (tally.store)
        DATABASE_URL=os.environ.get("DATABASE_URL"),
        # FULL: a 201 is sent once the round would survive a power cut (tally.store)
        SQLITE_SYNCHRONOUS=os.environ.get("TALLY_SQLITE_SYNCHRONOUS", "FULL").upper(),
        # links and QR codes use this address; without it, the request's own address when
        # it is one of this machine's (or in ALLOWED_HOSTS), else this machine's LAN address
        PUBLIC_URL=os.environ.get("TALLY_PUBLIC_URL"),
        ALLOWED_HOSTS=[h.strip() for h in os.environ.get("TALLY_ALLOWED_HOSTS", "").split(",")
                       if h.strip()],
        # browser apps on these origins may call the API (comma-separated; none by default)
        CORS_ORIGINS=os.environ.get("TALLY_CORS_ORIGINS", ""),
        MAX_CONTENT_LENGTH=MAX_BODY,
        JSON_SORT_KEYS=False,
        **limits_from_env(os.environ),
    )
    app.config.from_pyfile("config.py", silent=True)
    if config:
        app.config.from_mapping(config)
    os.makedirs(app.instance_path, exist_ok=True)
    app.json = StrictJSON(app)
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    from .store import Store

    store = Store(app.config["DATABASE_URL"] or app.config["DATABASE"],
                  app.config["SQLITE_SYNCHRONOUS"],
                  max_rounds=app.config["MAX_ROUNDS_PER_SESSION"],
                  max_bytes=app.config["MAX_BYTES_PER_SESSION"])
    app.teardown_appcontext(lambda exc: store.release())  # a pooled connection goes back
    store.migrate()  # schema created and migrated on start
    from .store import now

    store.purge_idempotency(now())  # and as writes go by (tally.api.idempotency)
    app.extensions["tally_store"] = store

    @app.get("/api/v1/health")
    def health():
        return jsonify(status="ok")

    from .api import ratelimit

    ratelimit.init_app(app)  # rate limits in the database, Retry-After, the purge of old rows
    if app.config["PROXY_HOPS"]:  # the client's address as the proxy saw it
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=app.config["PROXY_HOPS"], x_proto=0,
                                x_host=0, x_port=0, x_prefix=0)
    from . import request_guard

    request_guard.init_app(app)  # no control character in any address or query, first
    from .api import init_api

    init_api(app)

    from . import pages

    pages.init_app(app)  # home, session (share links /s/<id>?t=), record, rules, PWA assets
    from . import headers

    headers.init_app(app)  # CSP, nosniff, no framing, no referrer on every response

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
