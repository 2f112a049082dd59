"""Floods against the real server on 127.0.0.1 with the default limits (issue 22, item 5): one
anonymous client creating sessions as fast as it can, four clients importing 1,000-round
sessions, and one client guessing a session's token. Each phase is bounded in time and in
requests and stops by itself.

Reports sessions/s and the bytes stored before the first 429, the refusals' rate and
Retry-After; fails (exit 1) when a phase sees a 5xx, gets past its limit (more creations,
imports or guesses answered than the limit allows), or a refusal has no Retry-After.

    python stress/flood.py [--seconds 8] [--database-url postgresql://...]

Without --database-url the server runs on a SQLite file in a temporary folder; with it, on a
fresh database of that PostgreSQL server (tests/pg_cluster.py).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from live_server import LiveServer  # noqa: E402

from tally.web import limits_from_env  # noqa: E402
from tally.api.ratelimit import parse_limit  # noqa: E402
from tally.store import Store  # noqa: E402

DEFAULTS = limits_from_env({})  # the limits a server gets with no setting


def allowed(setting: str, seconds: float) -> int:
    """The most a limit lets through in a phase of ``seconds`` (every window it spans)."""
    return min(w.hits * (int(seconds // w.seconds) + 2) for w in parse_limit(setting))


def kept(database: str) -> tuple[int, int]:
    """(sessions, bytes the store counts as kept for them)."""
    st = Store(database)
    try:
        n, size = st.conn.execute(
            "SELECT count(*), coalesce(sum(kept_bytes), 0) FROM sessions").fetchone()
    finally:
        st.close()
    return int(n), int(size)


class Phase:
    """``clients`` threads calling ``request()`` until ``seconds`` or ``most`` requests."""

    def __init__(self, name: str, clients: int, seconds: float, most: int, ok: int = 201,
                 least: int = 0):
        self.name, self.clients, self.seconds, self.most, self.ok = (
            name, clients, seconds, most, ok)
        self.least = least  # requests sent at least (past the limit), within 4 x seconds
        self.counts = {"ok": 0, "429": 0, "5xx": 0, "other": 0}
        self.first_429: float | None = None
        self.ok_before_429 = 0
        self.no_retry_after = 0
        self.sent = 0
        self.elapsed = 0.0
        self._lock = threading.Lock()

    def run(self, request) -> "Phase":
        t0 = time.monotonic()

        def loop():
            while True:
                with self._lock:
                    elapsed = time.monotonic() - t0
                    if self.sent >= self.most or elapsed >= 4 * self.seconds or (
                            elapsed >= self.seconds and self.sent >= self.least):
                        return
                    self.sent += 1
                status, headers, _ = request()
                with self._lock:
                    self._count(status, headers, time.monotonic() - t0)

        threads = [threading.Thread(target=loop) for _ in range(self.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.elapsed = time.monotonic() - t0
        return self

    def _count(self, status: int, headers: dict, at: float) -> None:
        if status == self.ok:
            self.counts["ok"] += 1
            if self.first_429 is None:
                self.ok_before_429 += 1
        elif status == 429:
            self.counts["429"] += 1
            if self.first_429 is None:
                self.first_429 = at
            if not headers.get("Retry-After"):
                self.no_retry_after += 1
        elif status >= 500:
            self.counts["5xx"] += 1
        else:
            self.counts["other"] += 1

    def line(self) -> str:
        c = self.counts
        head = f"{self.name}: {c['ok']} answered in {self.elapsed:.1f} s"
        if self.first_429 is None:
            return head + f", no 429 ({c})"
        rate = self.ok_before_429 / max(self.first_429, 1e-3)
        refused = c["429"] / max(self.elapsed - self.first_429, 1e-3)
        return (head + f"; {self.ok_before_429} before the first 429 at {self.first_429:.2f} s "
                f"({rate:.0f}/s), then {c['429']} refused ({refused:.0f}/s); 5xx {c['5xx']}, "
                f"other {c['other']}")


def import_body(rounds: int) -> dict:
    from rounds import koi_koi  # bench/rounds.py: a played-out Koi-Koi round
    rng = random.Random(22)
    inputs = [{k: v for k, v in koi_koi(rng).items() if k not in ("players", "dealer")}
              for _ in range(rounds)]
    return {"config": {"game": "koi-koi", "players": ["Aki", "Bo"], "length": None},
            "rounds": inputs, "history": []}


@contextlib.contextmanager
def database_for(url: str | None):
    if url is None:
        with tempfile.TemporaryDirectory(prefix="tally-flood-") as work:
            yield os.path.join(work, "flood.sqlite")
    else:
        from pg_cluster import fresh_database
        with fresh_database(url) as db:
            yield db


def flood(srv: LiveServer, database: str, seconds: float) -> list[str]:
    """The three phases; the problems found (none: the limits held)."""
    problems = []
    past = {name: min(w.hits for w in parse_limit(DEFAULTS[key])) + 1 for name, key in (
        ("sessions", "RATE_LIMIT_SESSIONS"), ("imports", "RATE_LIMIT_IMPORTS"),
        ("tokens", "RATE_LIMIT_TOKEN_ADDRESS"))}  # a request past each limit is always sent
    create = Phase("one client creating sessions", 1, seconds, 5000,
                   least=past["sessions"]).run(
        lambda: srv.request("POST", "/api/v1/sessions",
                            {"game": "koi-koi", "players": ["A", "B"]}))
    after_creates = kept(database)
    body = import_body(1000)
    imports = Phase("four clients importing 1,000-round sessions", 4, seconds, 400,
                    least=past["imports"]).run(
        lambda: srv.request("POST", "/api/v1/sessions/import", body, timeout=60))
    after_imports = kept(database)
    target = _any_session(database)
    guesses = Phase("one client guessing a token", 1, seconds, 3000, ok=401,
                    least=past["tokens"]).run(
        lambda: srv.request("GET", f"/api/v1/sessions/{target}?t=guess{random.random()}"))
    for ph, setting in ((create, DEFAULTS["RATE_LIMIT_SESSIONS"]),
                        (imports, DEFAULTS["RATE_LIMIT_IMPORTS"]),
                        (guesses, DEFAULTS["RATE_LIMIT_TOKEN_ADDRESS"])):
        print(ph.line())
        if ph.counts["5xx"] or ph.counts["other"]:
            problems.append(f"{ph.name}: {ph.counts}")
        if ph.counts["ok"] > allowed(setting, ph.elapsed):
            problems.append(f"{ph.name}: {ph.counts['ok']} answered past the limit {setting}")
        if ph.first_429 is None:
            problems.append(f"{ph.name}: never refused ({setting})")
        if ph.no_retry_after:
            problems.append(f"{ph.name}: {ph.no_retry_after} refusals without Retry-After")
    print(f"stored by the creating client: {after_creates[0]} sessions, "
          f"{after_creates[1] / 1e3:.1f} KB kept; by the importers: "
          f"{after_imports[0] - after_creates[0]} sessions, "
          f"{(after_imports[1] - after_creates[1]) / 1e6:.1f} MB kept")
    return problems


def _any_session(database: str) -> str:
    st = Store(database)
    try:
        return st.conn.execute("SELECT id FROM sessions LIMIT 1").fetchone()[0]
    finally:
        st.close()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=float(os.environ.get("FLOOD_SECONDS", 8)))
    p.add_argument("--database-url", default=os.environ.get("FLOOD_DATABASE_URL"))
    a = p.parse_args(argv)
    print(f"flood on {'PostgreSQL' if a.database_url else 'SQLite'}, the default limits: "
          f"sessions {DEFAULTS['RATE_LIMIT_SESSIONS']}, imports "
          f"{DEFAULTS['RATE_LIMIT_IMPORTS']}, token failures "
          f"{DEFAULTS['RATE_LIMIT_TOKEN_ADDRESS']} (hits/seconds)")
    if any(k.startswith("TALLY_RATE") for k in os.environ):
        print("flood: unset the TALLY_RATE_* settings: it measures the defaults")
        return 2
    with database_for(a.database_url) as database:
        with LiveServer(database) as srv:  # the server's defaults (no TALLY_RATE_* here)
            problems = flood(srv, database, a.seconds)
            tail = srv.log_tail()
    if "Traceback" in tail:
        problems.append("the server logged a traceback:\n" + tail)
    for line in problems:
        print("PROBLEM:", line)
    print("flood: the limits held" if not problems else f"flood: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
