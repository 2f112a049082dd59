"""Growth benchmark (issue 12): what one request costs as a session or a group grows.

Against the real server (``python -m tally.cli serve``, as ``make run`` starts it) on
127.0.0.1, one client on one kept-alive connection. Sessions of 12 / 100 / 1,000 rounds of
Koi-Koi (2 players) and Go-Stop (3 players) and groups of 10 / 100 / 1,000 sessions of 12
rounds are built directly through the store (posting 1,000 rounds one by one would take
minutes); every figure is then timed through HTTP. The rounds are played-out deals: the deck
shuffled and dealt into each player's pile, the player holding a combination stops (a Go-Stop
deal where nobody reaches 3 points is a nagari).

Timed, each ``--runs`` times (median and range printed, never the best):
- POST a round: the next round of the session (then undone, so the session keeps its size);
- undo of an add: POST /undo right after that POST;
- GET one round: the middle round;
- PUT round 1: round 1 corrected, to another played-out deal and back again in turn (the
  later rounds are rescored until one starts from the same month, dealer and carry as
  before; the rest are counted again from what they stored);
- DELETE round 1 and its undo: every later round moves a month, so each is written again
  (the worst case of a correction: a moved round keeps its stored result where it starts
  from the same dealer and carry, and only its small row of place and running summary is
  rewritten; the others are rescored);
- unchanged poll: GET the session with If-None-Match of its version (a 304);
- session page and unchanged poll of its live part (/s/<id>, /s/<id>/part), for reference;
- group standings: GET /api/v1/groups/<id>/standings;
- group page: GET /g/<id>?t= (issue 22), with its size on the wire (the compressed body, asked
  with Accept-Encoding: gzip, br). The group's sessions are a session every two days up to
  today, each linked to the group as the home page links a session started in it.
Each figure is also given as a ratio to the issue's baseline table (the middle of the range
the issue gives; "-" where the issue has no figure for that size).

    python bench/growth.py [--runs 7] [--sizes 12,100,1000] [--groups 10,100,1000]
    python bench/growth.py --database-url postgresql://...   # on PostgreSQL (issue 13)

With ``--database-url`` the sessions are built through the app's own store with
``DATABASE_URL`` set, into that (empty) database, and the server runs with it too.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from live_server import LiveServer, read_memory  # noqa: E402

GAMES = {"koi-koi": ("Aki", "Bo"), "go-stop": ("Ana", "Bo", "Cy")}

# The table (real waitress server, one client, medians), in ms: (low, high) per
# (operation, game or None for both, size). The API poll's 18.6 ms is the figure for
# the API session GET "instead of 1.5", at the largest size.
BASELINE = {
    ("POST a round", "koi-koi", 12): (2.3, 2.3), ("POST a round", "go-stop", 12): (4.5, 4.5),
    ("POST a round", "koi-koi", 100): (3.5, 3.5), ("POST a round", "go-stop", 100): (5.5, 5.5),
    ("POST a round", "koi-koi", 1000): (13, 20), ("POST a round", "go-stop", 1000): (21, 36),
    ("GET one round", None, 12): (1.0, 1.0), ("GET one round", None, 100): (1.3, 1.3),
    ("GET one round", None, 1000): (4.4, 12),
    ("undo of an add", None, 12): (2.6, 2.6), ("undo of an add", None, 100): (8.3, 8.3),
    ("undo of an add", None, 1000): (104, 220),
    ("PUT round 1", None, 12): (5, 8), ("PUT round 1", None, 100): (23, 99),
    ("PUT round 1", None, 1000): (269, 794),
    ("unchanged API poll", None, 1000): (18.6, 18.6),
    ("session page", None, 12): (11, 17), ("session page", None, 100): (66, 179),
    ("session page", None, 1000): (502, 1127),
    ("unchanged poll of /part", None, 12): (7, 7),
    ("unchanged poll of /part", None, 100): (45, 53),
    ("unchanged poll of /part", None, 1000): (416, 416),
    ("group standings", None, 10): (7, 9), ("group standings", None, 100): (66, 95),
    ("group standings", None, 1000): (1258, 1684),
    ("group page", None, 1000): (2100, 2100),  # issue 22: 2.1 s and 459 KB
}


# ----------------------------------------------------------------------------- rounds

def _deck():
    from tally.cards import FULL_DECK, CardSet
    return list(CardSet(FULL_DECK).slugs)


def played_out(rng: random.Random, players, lo: int, hi: int) -> dict:
    """The deck shuffled and dealt into each player's captured pile."""
    deck = _deck()
    rng.shuffle(deck)
    caps = {}
    for p in players:
        k = rng.randint(lo, hi)
        caps[p], deck = deck[:k], deck[k:]
    return caps


def koi_koi_round(rng: random.Random) -> dict:
    import tally
    players = GAMES["koi-koi"]
    caps = played_out(rng, players, 10, 24)
    able = [p for p in players if tally.evaluate("koi-koi", caps[p]).points > 0]
    events = []
    if able:  # a player holding a combination stops, after a koi-koi now and then
        w = rng.choice(able)
        if rng.random() < 0.3:
            events.append({"type": "koi_koi", "player": w})
        events.append({"type": "stop", "player": w})
    return {"captures": caps, "events": events}


def go_stop_round(rng: random.Random) -> dict:
    import tally
    players = GAMES["go-stop"]
    caps = played_out(rng, players, 8, 16)
    points = {p: tally.evaluate("go-stop", caps[p]).details["stop_points"] for p in players}
    able = [p for p in players if points[p] >= 3]  # 3 points to stop with three players
    if not able:
        return {"captures": caps, "events": [{"type": "nagari"}]}
    w = rng.choice(able)
    return {"captures": caps, "events": [{"type": "stop", "player": w, "score": points[w]}]}


MAKERS = {"koi-koi": koi_koi_round, "go-stop": go_stop_round}


# ----------------------------------------------------------------------------- building

def open_store(db: str, database_url: str | None):
    """The store to build in: the SQLite file directly, or whatever the app opens for
    ``DATABASE_URL`` (the PostgreSQL backend)."""
    if not database_url:
        from tally.store import Store
        st = Store(db, "NORMAL")  # building only; the server writes with FULL
        st.migrate()
        return st
    from api import require_postgres_store
    require_postgres_store(database_url)
    import tally
    os.environ.update(DATABASE_URL=database_url, TALLY_DATABASE=db)
    return tally.create_app().extensions["tally_store"]


def build(db: str, sizes, groups, seed: int, database_url: str | None = None) -> dict:
    """Sessions and groups stored directly (through the store, as imports are)."""
    from tally import series
    from tally.store import stamp

    rng = random.Random(seed)
    st = open_store(db, database_url)
    out = {"sessions": {}, "groups": {}}
    for game, players in GAMES.items():
        cfg = series.check_config({"game": game, "players": list(players), "length": None})
        for n in sizes:
            inputs = [MAKERS[game](rng) for _ in range(n)]
            made = st.create_session(cfg, title=f"{game} {n}", inputs=inputs)
            out["sessions"][(game, n)] = {**made, "inputs": inputs,
                                          "extra": MAKERS[game](rng),
                                          "other_first": MAKERS[game](rng)}
    for n in groups:
        gid, token = st.create_group(f"group {n}")
        first = datetime.now(timezone.utc) - timedelta(days=2 * (n - 1))
        for i in range(n):
            game = "koi-koi" if i % 2 == 0 else "go-stop"
            cfg = series.check_config({"game": game, "players": list(GAMES[game]),
                                       "length": 12})
            made = st.create_session(cfg, group_id=gid, inputs=_twelve_months(cfg, rng),
                                     created=stamp(first + timedelta(days=2 * i)))
            _link(st, gid, token, made)
        out["groups"][n] = (gid, token)
    st.close()
    return out


def _link(st, gid: str, token: str, made: dict):
    """The session's view-only link kept for its group, as the home page keeps it for a
    session started in the group (the group page lists it)."""
    from tally.api.groups import seal_link
    from tally.store import read_token_of

    st.link_group_session(gid, made["id"], seal_link(read_token_of(token), made["id"],
                                                     made["read_token"]))


def _twelve_months(cfg, rng) -> list[dict]:
    """A complete 12-month series (a nagari that does not count as a month adds a round)."""
    from tally import series

    inputs, rounds = [], []
    while not series.is_complete(cfg, rounds):
        inputs.append(MAKERS[cfg.game](rng))
        rounds = series.replay(cfg, inputs, kept=rounds)
    return inputs


# ----------------------------------------------------------------------------- timing

class Client:
    """One kept-alive connection, as one phone or script."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def request(self, method, path, body=None, headers=None):
        data = None if body is None else json.dumps(body)
        h = {"Content-Type": "application/json"} if data is not None else {}
        h.update(headers or {})
        t0 = time.perf_counter()
        try:
            self.conn.request(method, path, data, h)
            r = self.conn.getresponse()
            raw = r.read()
        except (http.client.HTTPException, OSError):
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            raise
        dt = (time.perf_counter() - t0) * 1000
        return r.status, r.getheader("ETag"), raw, dt


def _ok(status, raw, want, what):
    if status != want:
        raise SystemExit(f"{what}: HTTP {status} (expected {want}): {raw[:300]!r}")


def time_session(c: Client, s: dict, n: int, runs: int) -> dict:
    sid, t = s["id"], s["edit_token"]
    base = f"/api/v1/sessions/{sid}"
    st, tag, raw, _ = c.request("GET", f"{base}?t={t}")
    _ok(st, raw, 200, "GET session")
    version = json.loads(raw)["version"]
    times = {k: [] for k in ("POST a round", "undo of an add", "GET one round", "PUT round 1",
                             "DELETE round 1", "undo of the delete",
                             "unchanged API poll", "session page",
                             "unchanged poll of /part")}
    for run in range(runs):
        st, _, raw, dt = c.request("POST", f"{base}/rounds?t={t}", s["extra"],
                                   {"If-Match": f'"{version}"'})
        _ok(st, raw, 201, "POST round")
        times["POST a round"].append(dt)
        version = json.loads(raw)["version"]
        st, _, raw, dt = c.request("POST", f"{base}/undo?t={t}", {},
                                   {"If-Match": f'"{version}"'})
        _ok(st, raw, 200, "undo")
        times["undo of an add"].append(dt)
        version = json.loads(raw)["version"]
        st, _, raw, dt = c.request("GET", f"{base}/rounds/{(n + 1) // 2}?t={t}")
        _ok(st, raw, 200, "GET round")
        times["GET one round"].append(dt)
        first = s["other_first"] if run % 2 == 0 else s["inputs"][0]
        st, _, raw, dt = c.request("PUT", f"{base}/rounds/1?t={t}", first,
                                   {"If-Match": f'"{version}"'})
        _ok(st, raw, 200, "PUT round 1")
        times["PUT round 1"].append(dt)
        version = json.loads(raw)["version"]
        for op, method, path in (("DELETE round 1", "DELETE", f"{base}/rounds/1?t={t}"),
                                 ("undo of the delete", "POST", f"{base}/undo?t={t}")):
            st, _, raw, dt = c.request(method, path, {} if method == "POST" else None,
                                       {"If-Match": f'"{version}"'})
            _ok(st, raw, 200, op)
            times[op].append(dt)
            version = json.loads(raw)["version"]
        st, _, raw, dt = c.request("GET", f"{base}?t={t}", headers={
            "If-None-Match": f'"{version}"', "Accept-Encoding": "gzip, br"})
        _ok(st, raw, 304, "unchanged poll")
        times["unchanged API poll"].append(dt)
        st, _, raw, dt = c.request("GET", f"/s/{sid}?t={t}", headers={
            "Accept-Encoding": "gzip, br"})
        _ok(st, raw, 200, "session page")
        times["session page"].append(dt)
        st, tag, raw, _ = c.request("GET", f"/s/{sid}/part?t={t}", headers={
            "Accept-Encoding": "gzip, br"})
        _ok(st, raw, 200, "session part")
        st, _, raw, dt = c.request("GET", f"/s/{sid}/part?t={t}", headers={
            "If-None-Match": tag or "", "Accept-Encoding": "gzip, br"})
        _ok(st, raw, 304, "unchanged part poll")
        times["unchanged poll of /part"].append(dt)
    return times


def time_group(c: Client, gid: str, token: str, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        st, _, raw, dt = c.request("GET", f"/api/v1/groups/{gid}/standings?t={token}")
        _ok(st, raw, 200, "standings")
        out.append(dt)
    return out


def time_group_page(c: Client, gid: str, token: str, runs: int) -> tuple[list[float], int]:
    """The group page's times and its largest size on the wire (bytes as sent, compressed)."""
    out, size = [], 0
    for _ in range(runs):
        st, _, raw, dt = c.request("GET", f"/g/{gid}?t={token}",
                                   headers={"Accept-Encoding": "gzip, br"})
        _ok(st, raw, 200, "group page")
        out.append(dt)
        size = max(size, len(raw))
    return out, size


def rescoring_per_round(game: str, inputs: list, runs: int) -> list[float]:
    """What rescoring the rounds after round 1 costs, in us a round: each round scored again
    (``series.score_one``: the engine and its result as JSON) from the position it starts
    from, in this process, ``runs`` times. The issue's yardstick for a correction ("no more
    than rescoring the rounds after the change")."""
    from tally import series

    cfg = series.check_config({"game": game, "players": list(GAMES[game]), "length": None})
    rounds = series.replay(cfg, inputs)[1:]
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for r in rounds:
            series.score_one(cfg, r.input, seq=r.seq, month=r.month, dealer=r.dealer,
                             carry=r.carry_in)
        out.append((time.perf_counter() - t0) / len(rounds) * 1e6)
    return out


# ----------------------------------------------------------------------------- reporting

def server_memory(pid: int) -> dict:
    """RSS, peak RSS and PSS (kB) of the server and of every worker process it started. The
    workers are forked after the app is loaded and share those pages with the first process:
    RSS counts a shared page in every process, PSS splits it among them, so the PSS summed
    over the processes is the memory the server takes."""
    procs = {pid: read_memory(pid)}
    for child in _children(pid):
        procs[child] = read_memory(child)
    for p, m in procs.items():
        try:
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    m["Pss"] = int(line.split()[1])
        except (OSError, ValueError):
            pass
    return procs


class PeakSampler:
    """The server's memory (PSS summed over its processes) read every ``every`` seconds in a
    thread while the runs go on: the highest is what "stays under ... through the run" is
    about, which a reading before and after would miss."""

    def __init__(self, pid: int, every: float = 0.1):
        import threading

        self.pid, self.every, self.samples = pid, every, []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> "PeakSampler":
        self._thread.start()
        return self

    def _run(self):
        while not self._done.wait(self.every):
            mem = server_memory(self.pid)
            self.samples.append(sum(m.get("Pss", 0) for m in mem.values()))

    def stop(self):
        self._done.set()
        self._thread.join()

    @property
    def peak(self) -> int:
        return max(self.samples, default=0)


def _children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [int(p) for p in found]


def fmt_ms(xs: list[float]) -> str:
    return f"{statistics.median(xs):8.2f} ms ({min(xs):.2f}-{max(xs):.2f})"


def ratio(op: str, game: str | None, n: int, xs: list[float]) -> str:
    base = BASELINE.get((op, game, n)) or BASELINE.get((op, None, n))
    if base is None:
        return "  -"
    lo, hi = base
    mid = (lo + hi) / 2
    told = f"{lo:g}" if lo == hi else f"{lo:g}-{hi:g}"
    return f"  x{statistics.median(xs) / mid:.2f} of {told} ms"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--sizes", default="12,100,1000")
    p.add_argument("--groups", default="10,100,1000")
    p.add_argument("--seed", type=int, default=12)
    p.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL"),
                   help="postgresql://... : build in and serve from PostgreSQL (DATABASE_URL)")
    a = p.parse_args(argv)
    if a.runs < 5:
        p.error("at least 5 runs")
    sizes = [int(x) for x in a.sizes.split(",") if x]
    groups = [int(x) for x in a.groups.split(",") if x]
    tmp = tempfile.mkdtemp(prefix="tally-growth-", dir=os.environ.get("BENCH_DIR"))
    db = os.path.join(tmp, "growth.sqlite")
    t0 = time.perf_counter()
    made = build(db, sizes, groups, a.seed, a.database_url)
    store = "PostgreSQL" if a.database_url else "SQLite"
    print(f"Growth (issue 12, {store}): built {len(made['sessions'])} sessions and "
          f"{sum(groups)} group sessions through the store in {time.perf_counter() - t0:.1f} s;"
          f" {a.runs} runs of each request, one client, median (range) in ms")
    env = {"TALLY_SQLITE_SYNCHRONOUS": "FULL"}
    if a.database_url:
        env["DATABASE_URL"] = a.database_url
    srv = LiveServer(db, env=env).start()
    sampler = None
    try:
        mem0 = server_memory(srv.pid)
        sampler = PeakSampler(srv.pid).start()
        c = Client(srv.port)
        for game in GAMES:
            for n in sizes:
                times = time_session(c, made["sessions"][(game, n)], n, a.runs)
                for op, xs in times.items():
                    print(f"  {op:24} {game:8} {n:5} rounds  {fmt_ms(xs)}"
                          f"{ratio(op, game, n, xs)}")
            n = max(sizes)
            if n >= 100:
                per = statistics.median(rescoring_per_round(
                    game, made["sessions"][(game, n)]["inputs"], a.runs))
                for op in ("DELETE round 1", "undo of the delete", "PUT round 1"):
                    us = [x * 1e3 / (n - 1) for x in times[op]]
                    print(f"  {op + ', a round':24} {game:8} {n:5} rounds  "
                          f"{statistics.median(us):6.1f} us ({min(us):.1f}-{max(us):.1f})"
                          f"  x{statistics.median(us) / per:.2f} of rescoring the rounds "
                          f"after it ({per:.1f} us a round, in process)")
        for n in groups:
            xs = time_group(c, *made["groups"][n], a.runs)
            print(f"  {'group standings':24} {'both':8} {n:5} sessions{fmt_ms(xs)}"
                  f"{ratio('group standings', None, n, xs)}")
            xs, size = time_group_page(c, *made["groups"][n], a.runs)
            print(f"  {'group page':24} {'both':8} {n:5} sessions{fmt_ms(xs)}, "
                  f"{size / 1000:.1f} KB on the wire{ratio('group page', None, n, xs)}")
        mem1 = server_memory(srv.pid)
        sampler.stop()
        time.sleep(12)  # the workers hand freed memory back every 10 s (tally.cli)
        mem2 = server_memory(srv.pid)
    finally:
        if sampler is not None:
            sampler.stop()
        srv.stop()
    print(f"  server memory through the runs: at most {sampler.peak / 1024:.0f} MB PSS summed "
          f"over the processes ({len(sampler.samples)} samples, every {sampler.every:g} s; "
          f"median {statistics.median(sampler.samples) / 1024:.0f} MB)")
    for label, mem in (("at start", mem0), ("right after the runs", mem1),
                       ("12 s later, idle", mem2)):
        rss = sum(m.get("VmRSS", 0) for m in mem.values()) / 1024
        pss = sum(m.get("Pss", 0) for m in mem.values()) / 1024
        each = ", ".join(f"{m.get('VmRSS', 0) / 1024:.0f}" for m in mem.values())
        peak = max((m.get("VmHWM", 0) for m in mem.values()), default=0) / 1024
        print(f"  server memory {label}: {pss:.0f} MB PSS summed over {len(mem)} process(es) "
              f"(shared pages counted once); {rss:.0f} MB RSS summed ({each} MB each; "
              f"highest peak {peak:.0f} MB)")
    print(f"  total time {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
