"""``flask --app tally init-db | export <session> | import <file> | move-to-postgres`` and the
``make run`` server (``python -m tally.cli serve``): waitress in one process per core. SQLite
in WAL mode is shared by the processes, whose writes queue on a file lock; on PostgreSQL
(``DATABASE_URL``) each process has its own connection pool (tally.db)."""

from __future__ import annotations

import json
import os
import sys
import time

import click
from flask import current_app


def _store():
    return current_app.extensions["tally_store"]


def register(app):
    @app.cli.command("init-db")
    def init_db():
        """Create or migrate the database schema."""
        v = _store().migrate()
        where = current_app.config.get("DATABASE_URL") or current_app.config["DATABASE"]
        if "@" in where:  # a url's user (and password) stay off the terminal
            where = where.split("://")[0] + "://" + where.rpartition("@")[2]
        click.echo(f"database {where} at schema version {v}")

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

    @app.cli.command("purge")
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


    @app.cli.command("move-to-postgres")
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


def banner(host: str, port: int, public: str | None) -> str:
    from .share import lan_ip, qr_terminal

    url = (public or f"http://{lan_ip()}:{port}").rstrip("/") + "/"
    return (f"Hanafuda Tally is serving on {host}:{port}\n"
            f"Phones on the same network: open {url}\n{qr_terminal(url)}")


def serve(argv=None):
    """Serve the app with waitress on all interfaces (``make run``): one process per core
    (``--workers``), each with a few threads, all accepting on one listening socket."""
    import argparse

    from . import create_app

    p = argparse.ArgumentParser(prog="python -m tally.cli serve")
    p.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    p.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    p.add_argument("--threads", type=int, default=int(os.environ.get("THREADS", "4")))
    p.add_argument("--workers", type=int, default=int(os.environ.get("WORKERS", "0")),
                   help="server processes (default: one per core; 1 where fork is missing)")
    a = p.parse_args(argv)
    app = create_app()  # schema migrated and catalogues compiled once, before any worker
    from .api.ratelimit import upkeep

    upkeep(app)  # abandoned sessions and ended windows purged at start (and as writes go by)
    sock = listen(a.host, a.port)
    print(banner(a.host, a.port, app.config.get("PUBLIC_URL")), flush=True)
    workers = a.workers or os.cpu_count() or 1
    if workers <= 1 or not hasattr(os, "fork"):
        run_worker(app, sock, a.threads)
    else:
        warm_up(app)
        app.extensions["tally_store"].close()  # no connection or pool crosses a fork
        supervise(app, sock, a.threads, workers)


def listen(host: str, port: int):
    """The listening socket every worker accepts on (bound once, so the port is either
    all ours or refused at once)."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    for attempt in range(40):  # a server killed a moment ago may still hold the port
        try:
            return socket.create_server((host, port), family=family, backlog=1024)
        except OSError:
            if attempt == 39:
                raise
            time.sleep(0.05)


def warm_up(app):
    """Load, before the workers are forked, what each would otherwise load on its first pages:
    every template compiled, the catalogues and number formats of every language, the games'
    tables. The workers then share those pages with this process instead of each keeping a
    copy (about 14 MB a worker), and ``gc.freeze`` keeps the collector from touching (and so
    copying) them."""
    import gc

    from .pages import LANGUAGES

    env = app.jinja_env
    for name in env.list_templates():
        if name.endswith(".html"):
            env.get_template(name)
    with app.test_client() as client:
        for lang in LANGUAGES:  # pages that read no session: nothing is written
            for path in ("/", "/games/koi-koi/rules", "/games/go-stop/setup", "/api/v1/games"):
                client.get(f"{path}?lang={lang}")
    gc.collect()
    gc.freeze()


def run_worker(app, sock, threads: int):
    from waitress import serve as waitress_serve

    trim = give_memory_back()
    if trim is not None:
        app.wsgi_app = TrimAfterLarge(app.wsgi_app, trim)
    # waitress spools a body to disk before the app sees it: past this it answers 413 itself
    # (plain text); up to it the app answers a JSON 413 naming the body (tally.api.limits)
    waitress_serve(app, sockets=[sock], threads=threads, ident="hanafuda-tally",
                   max_request_body_size=16 * app.config["MAX_CONTENT_LENGTH"])


def give_memory_back(every: float = 10.0):
    """Hand the memory a large request used back to the system (glibc's ``malloc_trim``),
    every ``every`` seconds, and let the worker's threads share two malloc arenas: each
    thread otherwise keeps its own, and what a big export or a correction of a long series
    freed stays in them, so a worker that once served one grows for good. A no-op where
    glibc is missing."""
    import ctypes
    import threading

    try:
        libc = ctypes.CDLL("libc.so.6")
        trim = libc.malloc_trim
        libc.mallopt(-8, 2)  # M_ARENA_MAX: before the worker's threads start
    except (OSError, AttributeError):
        return None

    def loop():
        while True:
            time.sleep(every)
            trim(0)
    threading.Thread(target=loop, name="malloc-trim", daemon=True).start()
    return trim


class TrimAfterLarge:
    """WSGI middleware: once a request that took long (an export, a whole long session, a
    correction of many rounds: what makes the peaks) has sent its answer, hand what it freed
    back at once (``malloc_trim``), not at the next turn of the 10-s loop. A quick request
    is answered as it is and trims nothing: a trim costs about a millisecond, the big
    requests tens."""

    def __init__(self, app, trim, after: float = 0.02):
        self.app, self.trim, self.after = app, trim, after

    def __call__(self, environ, start_response):
        t0 = time.perf_counter()
        body = self.app(environ, start_response)
        if time.perf_counter() - t0 <= self.after:
            return body
        return _ThenTrim(body, lambda: self.trim(0))


class _ThenTrim:
    """A response body that calls ``then`` once the server has closed it (sent)."""

    def __init__(self, body, then):
        self.body, self.then = body, then

    def __iter__(self):
        return iter(self.body)

    def close(self):
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.then()


def supervise(app, sock, threads: int, workers: int):
    """Fork the workers and keep them running: a worker that dies is started again; SIGTERM
    or SIGINT stops them all. A worker dies with this process, even on SIGKILL (Linux), so
    a crashed server never leaves workers holding the port."""
    import signal

    children: dict[int, float] = {}
    stopping = []

    parent = os.getpid()

    def fork_one():
        pid = os.fork()
        if pid == 0:
            _die_with_parent(parent)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            try:
                run_worker(app, sock, threads)
            finally:
                os._exit(0)
        children[pid] = time.monotonic()

    def stop(signum, frame):
        stopping.append(signum)
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for _ in range(workers):
        fork_one()
    while children:
        try:
            pid, _ = os.wait()
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        started = children.pop(pid, None)
        if not stopping and started is not None:
            if time.monotonic() - started < 1:
                time.sleep(1)  # a worker that cannot start is not restarted in a tight loop
            fork_one()


def _die_with_parent(parent: int):
    """Ask Linux to SIGKILL this process when its parent dies (prctl PR_SET_PDEATHSIG)."""
    import signal

    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: a worker then outlives a SIGKILLed parent until it is stopped
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(0)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "serve":
        serve(sys.argv[2:])
    else:
        print("usage: python -m tally.cli serve [--host H] [--port P]", file=sys.stderr)
        sys.exit(2)
