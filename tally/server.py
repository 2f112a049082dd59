"""The server behind ``make run`` and ``hanafuda-tally serve``: waitress in one process per
core, all accepting on one listening socket. SQLite in WAL mode is shared by the processes,
whose writes queue on a file lock; on PostgreSQL (``DATABASE_URL``) each process has its own
connection pool (tally.db)."""

from __future__ import annotations

import os
import time


def banner(host: str, port: int, public: str | None) -> str:
    from .share import lan_ip, qr_terminal

    url = (public or f"http://{lan_ip()}:{port}").rstrip("/") + "/"
    return (f"Hanafuda Tally is serving on {host}:{port}\n"
            f"Phones on the same network: open {url}\n{qr_terminal(url)}")


def serve(app, host: str, port: int, threads: int = 4, workers: int = 0):
    """Serve ``app`` with waitress: one process per core (``workers``: 0), each with a few
    threads, all accepting on one listening socket; the address phones open is printed with
    its QR code."""
    from .api.ratelimit import upkeep

    upkeep(app)  # abandoned sessions and ended windows purged at start (and as writes go by)
    sock = listen(host, port)
    print(banner(host, port, app.config.get("PUBLIC_URL")), flush=True)
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or not hasattr(os, "fork"):
        run_worker(app, sock, threads)
    else:
        warm_up(app)
        app.extensions["tally_store"].close()  # no connection or pool crosses a fork
        supervise(app, sock, threads, workers)


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
