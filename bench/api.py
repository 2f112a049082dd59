"""API benchmark: a mixed load against the real server (as ``make run`` starts it: waitress in
one process per core) on 127.0.0.1.

8 clients on kept-alive connections (phones), 200 sessions of 12 months; 80% of requests read
a whole session (rounds with breakdowns, totals, ledger), 20% submit the next round (scored
and stored) with its If-Match version.
Five runs, each on fresh sessions; prints the median and range of requests per second and
latency percentiles, the server's CPU per request and each server process's memory.

Target (issue 12): at least 1,000 requests/s and p99 under 50 ms on this 2-core machine
(the issue measured 367-509 requests/s, p99 33-91 ms).

    python bench/api.py [--requests 6000] [--clients 8] [--runs 5] [--server waitress]
    python bench/api.py --server none   # Flask's test client in-process (no HTTP)

On PostgreSQL (issue 13; ``make bench-postgres`` starts a throwaway cluster): every server
gets ``DATABASE_URL``; ``--servers 1,2`` measures 1 and then 2 separate server processes
(each ``--workers`` forked workers, 1 here) with the clients spread over them, as behind a
proxy, and prints the ratio of 2 to 1.

    python bench/api.py --database-url postgresql://... --servers 1,2 --workers 1
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = ["Aki", "Bo"]
POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]


def round_pool() -> list[dict]:
    """Valid koi-koi rounds (koi-koi.md section 9 K7, K8, K9, a draw) for either player, plus
    the game's own round_example; none depends on who deals."""
    import tally

    pool = []
    for a, b in (PLAYERS, PLAYERS[::-1]):
        pool.append({"captures": {a: POETRY, b: ["iris-chaff-1"]},
                     "events": [{"type": "stop", "player": a}]})
        pool.append({"captures": {a: POETRY + ["wisteria-ribbon"], b: TENS[:2]},
                     "events": [{"type": "koi_koi", "player": a},
                                {"type": "stop", "player": a}]})
        pool.append({"captures": {a: POETRY, b: TENS},
                     "events": [{"type": "koi_koi", "player": a},
                                {"type": "stop", "player": b}]})
    pool.append({"captures": {"Aki": ["pine-crane"], "Bo": ["maple-deer"]}, "events": []})
    ex = dict(tally.get_game("koi-koi").round_example or {})
    if sorted(ex.get("players", [])) == sorted(PLAYERS):
        for k in ("players", "dealer", "carry"):
            ex.pop(k, None)
        pool.append(ex)
    return pool


class HttpClient:
    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method, path, body=None, headers=None):
        data = None if body is None else json.dumps(body)
        h = {"Content-Type": "application/json"} if data else {}
        h.update(headers or {})
        for attempt in range(2):
            try:
                self.conn.request(method, path, data, h)
                r = self.conn.getresponse()
                raw = r.read()
                return r.status, dict(r.getheaders()), raw
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise


class TestClient:
    def __init__(self, app):
        self.c = app.test_client()

    def request(self, method, path, body=None, headers=None):
        r = self.c.open(path, method=method, json=body, headers=headers or {})
        return r.status_code, dict(r.headers), r.data


def server_pids(proc) -> list[int]:
    """The server process and the worker processes it started (of each, for a list)."""
    if proc is None:
        return []
    if isinstance(proc, list):
        return [pid for one in proc for pid in server_pids(one)]
    try:
        kids = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    except OSError:
        kids = []
    return [proc.pid] + [int(k) for k in kids]


def server_cpu(proc) -> float:
    """CPU seconds (user + system) the server's processes have used so far."""
    total = 0.0
    for pid in server_pids(proc):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("nan")
    return total


def server_memory(proc) -> list[tuple[int, float, float]]:
    """(pid, RSS MB, PSS MB) of each server process; PSS counts the pages the workers share
    with the process that forked them once, RSS in each."""
    out = []
    for pid in server_pids(proc):
        rss = pss = float("nan")
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Rss:"):
                    rss = int(line.split()[1]) / 1024
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1]) / 1024
        except OSError:
            pass
        out.append((pid, rss, pss))
    return out


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


# The bench's one client creates hundreds of sessions a run from 127.0.0.1: the rate limits
# stay on (their counters are part of what is measured) but far past anything it does.
BENCH_LIMITS = {"TALLY_RATE_LIMIT_SESSIONS": "1000000/60"}


def start_server(kind: str, db: str, threads: int, workers: int = 0,
                 database_url: str | None = None):
    port = free_port()
    env = dict(os.environ, TALLY_DATABASE=db, PYTHONPATH=str(ROOT), **BENCH_LIMITS)
    if database_url:
        env["DATABASE_URL"] = database_url
    if kind == "gunicorn":
        cmd = [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}",
               "--log-level", "warning", "tally:create_app()"]
    else:
        cmd = [sys.executable, "-m", "tally.cli", "serve", "--host", "127.0.0.1", "--port",
               str(port), "--threads", str(threads), "--workers", str(workers)]
    # stderr to a file: a pipe nobody reads could fill up and block the server
    log = open(f"{db}.{port}.server.log", "wb")
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return proc, port
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(Path(f"{db}.{port}.server.log").read_text())
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def make_sessions(setup, n: int, pool, rng) -> list[dict]:
    sessions = []
    for i in range(n):
        st, _, raw = setup.request("POST", "/api/v1/sessions", {
            "game": "koi-koi", "players": PLAYERS, "length": 12, "title": f"bench {i}"})
        assert st == 201, raw
        body = json.loads(raw)
        s = {"id": body["id"], "t": body["edit_token"], "version": body["version"],
             "rounds": 0, "lock": threading.Lock()}
        for _ in range(rng.randrange(0, 5)):  # some months already played
            st, _, raw = setup.request(
                "POST", f"/api/v1/sessions/{s['id']}/rounds?t={s['t']}",
                {**rng.choice(pool), "version": s["version"]})
            assert st == 201, raw
            s["version"] = json.loads(raw)["version"]
            s["rounds"] += 1
        sessions.append(s)
    return sessions


def one_run(a, make_client, sessions, pool, rng, proc) -> dict:
    """``a.requests`` requests from ``a.clients`` clients: 80% session reads, 20% rounds."""
    plan = ["read" if rng.random() < 0.8 else "write" for _ in range(a.requests)]
    lat = {"read": [], "write": []}
    counts = {"ok": 0, "stale": 0, "full": 0, "error": 0}
    cursor = iter(range(a.requests))
    lock = threading.Lock()

    def worker(seed):
        r = random.Random(seed)
        c = make_client()
        while True:
            with lock:
                i = next(cursor, None)
            if i is None:
                return
            s = sessions[r.randrange(len(sessions))]
            kind = plan[i]
            t0 = time.perf_counter()
            if kind == "read":
                st, _, raw = c.request(  # the whole session, as before the lean read
                    "GET", f"/api/v1/sessions/{s['id']}?t={s['t']}&include=rounds,ledger")
                ok = st == 200
            else:
                st, _, raw = c.request(
                    "POST", f"/api/v1/sessions/{s['id']}/rounds?t={s['t']}",
                    r.choice(pool), {"If-Match": f'"{s["version"]}"'})
                ok = st == 201
                if ok:
                    with s["lock"]:
                        s["version"] = max(s["version"], json.loads(raw)["version"])
                elif st == 412:
                    with s["lock"]:
                        s["version"] = max(s["version"], json.loads(raw)["errors"][0]
                                           ["current_version"])
            dt = time.perf_counter() - t0
            with lock:
                lat[kind].append(dt)
                key = "ok" if ok else {412: "stale", 409: "full"}.get(st, "error")
                counts[key] += 1

    threads = [threading.Thread(target=worker, args=(rng.randrange(1 << 30),))
               for _ in range(a.clients)]
    cpu0, own0 = server_cpu(proc), time.process_time()
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    every = lat["read"] + lat["write"]
    return {"rps": len(every) / wall, "p50": pct(every, .5), "p99": pct(every, .99),
            "read_p99": pct(lat["read"], .99), "write_p99": pct(lat["write"], .99),
            "cpu_ms": (server_cpu(proc) - cpu0) / len(every) * 1000,
            "cores": (server_cpu(proc) - cpu0) / wall, "counts": counts,
            "client_cores": (time.process_time() - own0) / wall}


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def spread(runs, key, fmt="{:,.1f}") -> str:
    xs = [r[key] for r in runs]
    return (fmt.format(statistics.median(xs)) + " (" + fmt.format(min(xs)) + "-"
            + fmt.format(max(xs)) + ")")


# The figures for this benchmark before (issue 12): 367-509 requests/s, median 440;
# p99 33-91 ms; about 2 ms of server CPU per request.
BASELINE_RPS, BASELINE_P99, BASELINE_CPU_MS = 440, (33 + 91) / 2, 2.0


def require_postgres_store(url: str) -> None:
    """Stop with a clear message unless the app stores its sessions in the PostgreSQL
    database ``url`` when ``DATABASE_URL`` names it (the backend of issue 13)."""
    try:
        import psycopg
    except ImportError:
        raise SystemExit("psycopg is not installed: run 'make bench-postgres' (it installs the "
                         "project's dependencies) or pip install -e .") from None
    import tally
    keep = {k: os.environ.get(k) for k in ("DATABASE_URL", "TALLY_DATABASE")}
    tmp = tempfile.mkdtemp(prefix="tally-bench-check-")
    os.environ.update(DATABASE_URL=url, TALLY_DATABASE=os.path.join(tmp, "ignored.sqlite"))
    try:
        app = tally.create_app()   # migrates the schema of the store it opens
        getattr(app.extensions["tally_store"], "close", lambda: None)()
    except Exception as e:  # noqa: BLE001 - any failure here means: no usable backend
        raise SystemExit(f"the app could not open DATABASE_URL={url}: "
                         f"{type(e).__name__}: {e}") from None
    finally:
        for k, v in keep.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    with psycopg.connect(url) as conn:
        made = conn.execute("SELECT to_regclass('sessions')").fetchone()[0]
    if made is None:
        raise SystemExit("the store does not support PostgreSQL yet: with DATABASE_URL set, "
                         "the app made no tables in that database (tally/store.py still opens "
                         "its SQLite file). The PostgreSQL backend of issue 13 must land first.")


class Servers:
    """``n`` server processes on their own ports; each new client goes to the next one, as
    a proxy's round robin does."""

    def __init__(self, a, db: str, n: int):
        self.procs, self.ports = [], []
        for _ in range(n):
            proc, port = start_server(a.server, db, a.threads, a.workers, a.database_url)
            self.procs.append(proc)
            self.ports.append(port)
        self.turn = 0
        self.lock = threading.Lock()

    def client(self) -> HttpClient:
        with self.lock:
            port = self.ports[self.turn % len(self.ports)]
            self.turn += 1
        return HttpClient(port)

    def stop(self):
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            proc.wait(timeout=10)


def measure(a, rng, pool, db: str, n_servers: int) -> tuple[list[dict], dict, int]:
    """``a.runs`` runs against ``n_servers`` server processes (or the test client)."""
    servers = None
    if a.server == "none":
        import tally
        app = tally.create_app({"DATABASE": db,
                                "RATE_LIMIT_SESSIONS": BENCH_LIMITS["TALLY_RATE_LIMIT_SESSIONS"]})
        make_client, procs = (lambda: TestClient(app)), None
    else:
        servers = Servers(a, db, n_servers)
        make_client, procs = servers.client, servers.procs
    runs, peak, workers = [], {}, 0
    try:
        for _ in range(a.runs):  # fresh sessions each run: none is full after a few runs
            sessions = make_sessions(make_client(), a.sessions, pool, rng)
            runs.append(one_run(a, make_client, sessions, pool, rng, procs))
            for pid, rss, pss in server_memory(procs):
                peak[pid] = max(peak.get(pid, (0, 0)), (rss, pss))
            workers = max(workers, len(server_pids(procs)))
    finally:
        if servers is not None:
            servers.stop()
    return runs, peak, workers


def report(a, runs, peak, workers, n_servers: int) -> bool:
    store = "PostgreSQL" if a.database_url else "SQLite"
    how = f"{n_servers} server process(es), " if a.database_url else ""
    print(f"API mixed load ({a.server}, {store}, {how}{a.clients} clients, {a.sessions} "
          f"sessions of 12 months, 80% session reads / 20% new rounds): {a.runs} runs of "
          f"{a.requests} requests, median (range)")
    rps = statistics.median(r["rps"] for r in runs)
    p99 = statistics.median(r["p99"] for r in runs)
    print(f"  requests/s  {spread(runs, 'rps', '{:,.0f}')}   x{rps / BASELINE_RPS:.2f} of the "
          f"issue's {BASELINE_RPS} (target >= 1,000)")
    print(f"  p50 ms      {spread(runs, 'p50')}")
    print(f"  p99 ms      {spread(runs, 'p99')}   x{p99 / BASELINE_P99:.2f} of the issue's "
          f"33-91 (target < 50); reads {spread(runs, 'read_p99')}, writes "
          f"{spread(runs, 'write_p99')}")
    if a.server != "none":
        cpu = statistics.median(r["cpu_ms"] for r in runs)
        print(f"  server CPU  {spread(runs, 'cpu_ms', '{:.2f}')} ms per request "
              f"(x{cpu / BASELINE_CPU_MS:.2f} of the issue's ~2), "
              f"{spread(runs, 'cores', '{:.2f}')} cores busy (the clients: "
              f"{spread(runs, 'client_cores', '{:.2f}')}); machine load "
              f"{os.getloadavg()[0]:.1f}")
        print("  server memory, highest seen: " + ", ".join(
            f"{rss:.0f} MB RSS / {pss:.0f} MB PSS"
            for rss, pss in peak.values()) + f" ({workers} processes)")
    errors = sum(r["counts"]["error"] for r in runs)
    print(f"  outcomes: {dict((k, sum(r['counts'][k] for r in runs)) for k in runs[0]['counts'])}")
    met = rps >= 1000 and p99 < 50 and errors == 0
    print("  target met" if met else "  TARGET MISSED")
    return errors == 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--requests", type=int, default=6000)
    p.add_argument("--clients", type=int, default=8)
    p.add_argument("--sessions", type=int, default=200)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--server", choices=["waitress", "gunicorn", "none"], default="waitress")
    p.add_argument("--threads", type=int, default=4, help="waitress threads per worker")
    p.add_argument("--workers", type=int, default=0,
                   help="worker processes per server (default: one per core)")
    p.add_argument("--servers", default="1",
                   help="server processes, or a list to compare (1,2: the ratio of 2 to 1)")
    p.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"),
                   help="postgresql://... : the servers store in PostgreSQL (DATABASE_URL)")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    counts = [int(x) for x in a.servers.split(",") if x]
    if a.database_url:
        if a.server != "waitress":
            p.error("--database-url runs the waitress server (python -m tally.cli serve)")
        require_postgres_store(a.database_url)
    elif counts != [1]:
        p.error("several server processes share one store only on PostgreSQL (--database-url)")

    rng = random.Random(a.seed)
    pool = round_pool()
    tmp = tempfile.mkdtemp(prefix="tally-bench-", dir=os.environ.get("BENCH_DIR"))
    db = os.path.join(tmp, "bench.sqlite")
    medians, clean = {}, True
    for n in counts:
        runs, peak, workers = measure(a, rng, pool, db, n)
        clean = report(a, runs, peak, workers, n) and clean
        medians[n] = statistics.median(r["rps"] for r in runs)
    if len(counts) > 1:
        first = counts[0]
        print("  requests/s by server processes: " + ", ".join(
            f"{n}: {medians[n]:,.0f} (x{medians[n] / medians[first]:.2f} of {first})"
            for n in counts) + f" on {os.cpu_count()} cores shared with the clients and "
            "PostgreSQL")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
