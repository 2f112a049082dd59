"""API benchmark: a mixed load against the app served by waitress on 127.0.0.1.

200 sessions of 12 months; 80% of requests read a whole session (rounds with breakdowns,
totals, ledger), 20% submit the next round (scored, stored, ledger recomputed) with its
If-Match version. Reports requests per second and latency percentiles.

Target (issue "series, chip ledger, settlement, storage and the REST API"): at least 500
requests/s and p99 under 50 ms on this 2-core machine with a production WSGI server.

    python bench/api.py [--requests 6000] [--clients 4] [--sessions 200] [--server waitress]
    python bench/api.py --server none   # Flask's test client in-process (no HTTP)
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
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


def server_cpu(proc) -> float:
    """CPU seconds (user + system) the server process has used so far."""
    if proc is None:
        return 0.0
    try:
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_server(kind: str, db: str, threads: int):
    port = free_port()
    env = dict(os.environ, TALLY_DATABASE=db, PYTHONPATH=str(ROOT))
    if kind == "gunicorn":
        cmd = [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}",
               "--log-level", "warning", "tally:create_app()"]
    else:
        cmd = [sys.executable, "-m", "tally.cli", "serve", "--host", "127.0.0.1", "--port",
               str(port), "--threads", str(threads)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return proc, port
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(proc.stderr.read().decode())
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--requests", type=int, default=6000)
    p.add_argument("--clients", type=int, default=4)
    p.add_argument("--sessions", type=int, default=200)
    p.add_argument("--server", choices=["waitress", "gunicorn", "none"], default="waitress")
    p.add_argument("--threads", type=int, default=4, help="waitress worker threads")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)

    rng = random.Random(a.seed)
    pool = round_pool()
    tmp = tempfile.mkdtemp(prefix="tally-bench-", dir=os.environ.get("BENCH_DIR"))
    db = os.path.join(tmp, "bench.sqlite")
    proc = None
    if a.server == "none":
        import tally
        app = tally.create_app({"DATABASE": db})
        make_client = lambda: TestClient(app)  # noqa: E731
    else:
        proc, port = start_server(a.server, db, a.threads)
        make_client = lambda: HttpClient(port)  # noqa: E731
    try:
        setup = make_client()
        sessions = []
        for i in range(a.sessions):
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
                    st, _, raw = c.request("GET", f"/api/v1/sessions/{s['id']}?t={s['t']}")
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
                    if ok:
                        counts["ok"] += 1
                    elif st == 412:
                        counts["stale"] += 1
                    elif st == 409:
                        counts["full"] += 1
                    else:
                        counts["error"] += 1

        threads = [threading.Thread(target=worker, args=(a.seed * 100 + k,))
                   for k in range(a.clients)]
        cpu0 = server_cpu(proc)
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        cpu = server_cpu(proc) - cpu0
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=10)

    every = sorted(lat["read"] + lat["write"])

    def pct(xs, q):
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")

    rps = len(every) / wall
    print(f"API mixed load ({a.server}, {a.clients} clients, {a.sessions} sessions of 12 "
          f"months): {len(every)} requests in {wall:.2f} s")
    print(f"  {rps:,.0f} requests/s   p50 {pct(every, .5):.1f} ms   p99 {pct(every, .99):.1f} ms"
          f"   (target >= 500 requests/s, p99 < 50 ms)")
    for k in ("read", "write"):
        print(f"  {k:5} n={len(lat[k]):5}  p50 {pct(lat[k], .5):.1f} ms  "
              f"p99 {pct(lat[k], .99):.1f} ms")
    print(f"  outcomes: {counts}")
    if proc is not None:
        print(f"  server CPU {cpu / len(every) * 1000:.2f} ms per request "
              f"({cpu / wall * 100:.0f}% of one core); machine load {os.getloadavg()[0]:.1f}")
    met = rps >= 500 and pct(every, .99) < 50 and counts["error"] == 0
    print("  target met" if met else "  TARGET MISSED")
    return 0


if __name__ == "__main__":
    sys.exit(main())
