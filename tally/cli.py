"""The command line: ``hanafuda-tally`` (installed) or ``flask --app tally`` (a checkout).

``hanafuda-tally`` alone serves the app as ``make run`` does (tally.server); its subcommands
are the maintenance commands below, each also a ``flask`` command: ``serve``, ``init-db``,
``export``, ``import``, ``purge``, ``move-to-postgres``. ``--instance`` (or ``TALLY_INSTANCE``)
chooses the folder of the database, the compiled catalogues and ``config.py`` (tally.paths)."""

from __future__ import annotations

import json
import os
import sys

import click
from flask import current_app
from flask.cli import AppGroup, ScriptInfo

# the maintenance commands: each runs inside the app (its config, store and catalogues)
maintenance = AppGroup("maintenance")


def _store():
    return current_app.extensions["tally_store"]


def register(app):
    """The maintenance commands as ``flask --app tally <command>``."""
    for command in maintenance.commands.values():
        app.cli.add_command(command)


@maintenance.command("init-db")
def init_db():
    """Create or migrate the database schema."""
    v = _store().migrate()
    where = current_app.config.get("DATABASE_URL") or current_app.config["DATABASE"]
    if "@" in where:  # a url's user (and password) stay off the terminal
        where = where.split("://")[0] + "://" + where.rpartition("@")[2]
    click.echo(f"database {where} at schema version {v}")

@maintenance.command("export")
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

@maintenance.command("import")
@click.argument("file", type=click.File("r"))
def import_(file):
    """Import a session exported as JSON; prints the new id and tokens."""
    from . import series
    from .errors import TallyError
    from .store import StoreError

    doc = json.load(file)
    try:
        cfg = series.check_config(doc["config"])
        inputs = [series.clean_input(cfg, r.get("input", r)) for r in doc.get("rounds", [])]
        out = _store().create_session(cfg, title=doc.get("title") or "", inputs=inputs,
                                      history=doc.get("history") or [],
                                      created=doc.get("created"))
    except (TallyError, KeyError, StoreError) as e:  # StoreError: past a quota
        raise click.ClickException(str(e)) from None
    click.echo(json.dumps(out, indent=2))

@maintenance.command("purge")
@click.option("--days", type=float, default=None,
              help="remove the sessions with no round untouched this many days "
                   "(default: PURGE_EMPTY_AFTER_DAYS, 30)")
def purge(days):
    """Remove the abandoned sessions (no round, untouched for PURGE_EMPTY_AFTER_DAYS),
    the rate-limit windows that ended and the expired Idempotency-Key records; prints
    how many."""
    from .api.ratelimit import upkeep
    from .store import now

    if days is not None:
        current_app.config["PURGE_EMPTY_AFTER_DAYS"] = days
    done = upkeep(current_app)
    keys = _store().purge_idempotency(now())
    after = current_app.config["PURGE_EMPTY_AFTER_DAYS"]
    click.echo(f"removed {done['sessions']} empty sessions untouched for {after:g} days"
               if after else "kept every empty session (PURGE_EMPTY_AFTER_DAYS is 0)")
    click.echo(f"removed {done['counters']} ended rate-limit windows and {keys} expired "
               "Idempotency-Key records")


@maintenance.command("move-to-postgres")
@click.option("--from", "source", help="the SQLite file (default: the app's DATABASE)")
@click.option("--to", "target", help="postgresql://... (default: DATABASE_URL)")
@click.option("--repair", is_flag=True,
              help="write each NUL character (which PostgreSQL cannot store) as U+FFFD "
                   "instead of refusing the file")
def move_to_postgres(source, target, repair):
    """Copy every session, round, history entry, group, idempotency record and standing
    row of a SQLite file into an empty PostgreSQL database, in one transaction."""
    from .move import MoveError, move

    source = source or current_app.config["DATABASE"]
    target = target or current_app.config.get("DATABASE_URL")
    if not target:
        raise click.ClickException("--to postgresql://... (or DATABASE_URL) is needed")
    if not os.path.isfile(source):
        raise click.ClickException(f"no SQLite file at {source}")
    try:
        counts = move(source, target, repair=repair)
    except MoveError as e:
        raise click.ClickException(str(e)) from None
    repaired = counts.pop("repaired")
    click.echo("copied " + ", ".join(f"{n} {t}" for t, n in counts.items()))
    if repaired:
        click.echo(f"repaired {repaired} text cells: each NUL character is now U+FFFD")


@click.group(invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--instance", type=click.Path(file_okay=False), envvar="TALLY_INSTANCE",
              help="The folder for the SQLite database, the compiled translations and "
                   "config.py (default: instance/ in a checkout, else your user data folder; "
                   "also TALLY_INSTANCE). TALLY_DATABASE or DATABASE_URL choose the database "
                   "itself.")
@click.version_option(package_name="hanafuda-tally", prog_name="hanafuda-tally")
@click.pass_context
def main(ctx, instance):
    """Hanafuda Tally: the scoring assistant for flower-card games.

    Without a command it serves the app on all interfaces, port 8000 (as `make run` does)
    and prints the address phones open, with its QR code."""
    from . import create_app

    ctx.obj = ScriptInfo(create_app=lambda: create_app(instance_path=instance),
                         set_debug_flag=False, load_dotenv_defaults=False)
    if ctx.invoked_subcommand is None:
        ctx.invoke(serve)


@main.command()
@click.option("--host", default=lambda: os.environ.get("HOST", "0.0.0.0"), show_default="0.0.0.0",
              help="The address to listen on (HOST); 127.0.0.1 for this machine only.")
@click.option("--port", type=click.IntRange(1, 65535),
              default=lambda: int(os.environ.get("PORT", "8000")), show_default="8000",
              help="The port to listen on (PORT).")
@click.option("--threads", type=click.IntRange(1, 256),
              default=lambda: int(os.environ.get("THREADS", "4")), show_default="4",
              help="Threads in each server process (THREADS).")
@click.option("--workers", type=click.IntRange(0, 256),
              default=lambda: int(os.environ.get("WORKERS", "0")), show_default="one per core",
              help="Server processes (WORKERS); 0 for one per core.")
@click.pass_context
def serve(ctx, host, port, threads, workers):
    """Serve the app to the phones on your network and print its address as a QR code."""
    from .server import serve as run

    # the schema is migrated and the catalogues compiled once, before any worker starts
    app = ctx.ensure_object(ScriptInfo).load_app()
    run(app, host, port, threads, workers)


for _command in maintenance.commands.values():
    main.add_command(_command)


if __name__ == "__main__":  # python -m tally.cli [serve ...]: as the hanafuda-tally command
    sys.exit(main(prog_name="hanafuda-tally"))
