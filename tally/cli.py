"""``flask --app tally init-db | export <session> | import <file>`` and the ``make run``
server (``python -m tally.cli serve``)."""

from __future__ import annotations

import json
import os
import sys

import click
from flask import current_app


def _store():
    return current_app.extensions["tally_store"]


def register(app):
    @app.cli.command("init-db")
    def init_db():
        """Create or migrate the database schema."""
        v = _store().migrate()
        click.echo(f"database {current_app.config['DATABASE']} at schema version {v}")

    @app.cli.command("export")
    @click.argument("session")
    @click.option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json")
    def export(session, fmt):
        """Print a session as JSON (re-importable) or CSV."""
        from .store import NotFound

        try:
            doc = _store().export(session)
        except NotFound as e:
            raise click.ClickException(e.message) from None
        if fmt == "csv":
            from .api.views import csv_of
            click.echo(csv_of(doc), nl=False)
        else:
            click.echo(json.dumps(doc, ensure_ascii=False, indent=2))

    @app.cli.command("import")
    @click.argument("file", type=click.File("r"))
    def import_(file):
        """Import a session exported as JSON; prints the new id and tokens."""
        from . import series
        from .errors import TallyError

        doc = json.load(file)
        try:
            cfg = series.check_config(doc["config"])
            inputs = [series.clean_input(cfg, r.get("input", r)) for r in doc.get("rounds", [])]
            out = _store().create_session(cfg, title=doc.get("title") or "", inputs=inputs,
                                          history=doc.get("history") or [],
                                          created=doc.get("created"))
        except (TallyError, KeyError) as e:
            raise click.ClickException(str(e)) from None
        click.echo(json.dumps(out, indent=2))


def banner(host: str, port: int, public: str | None) -> str:
    from .share import lan_ip, qr_terminal

    url = (public or f"http://{lan_ip()}:{port}").rstrip("/") + "/"
    return (f"Hanafuda Tally is serving on {host}:{port}\n"
            f"Phones on the same network: open {url}\n{qr_terminal(url)}")


def serve(argv=None):
    """Serve the app with waitress on all interfaces (``make run``)."""
    import argparse

    from waitress import serve as waitress_serve

    from . import create_app

    p = argparse.ArgumentParser(prog="python -m tally.cli serve")
    p.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    p.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    p.add_argument("--threads", type=int, default=int(os.environ.get("THREADS", "4")))
    a = p.parse_args(argv)
    app = create_app()
    print(banner(a.host, a.port, app.config.get("PUBLIC_URL")), flush=True)
    # waitress spools a body to disk before the app sees it: past this it answers 413 itself
    # (plain text); up to it the app answers a JSON 413 naming the body (tally.api.limits)
    waitress_serve(app, host=a.host, port=a.port, threads=a.threads, ident="hanafuda-tally",
                   max_request_body_size=16 * app.config["MAX_CONTENT_LENGTH"])


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "serve":
        serve(sys.argv[2:])
    else:
        print("usage: python -m tally.cli serve [--host H] [--port P]", file=sys.stderr)
        sys.exit(2)
