"""Crash trials: concurrent phones add rounds to one session while the real server is killed
with SIGKILL at a random moment and restarted on the same database.

A phone retries a write whose answer it did not get with the same Idempotency-Key (and
``If-Match: *``, since it cannot know which version its write landed on). Afterwards every
acknowledged write (a 201 received) must be stored exactly once, no write may be stored
twice, and no response may be a 5xx.

Each write carries a mark in ``by`` ("w<writer>-<n>"); the server keeps it as the ``actor``
of the write's ``add_round`` history entry, written in the same transaction as the round, so
counting marks in the history counts stored writes (the round input itself keeps no mark:
``by`` is a write field, and unknown round fields may be refused once input validation
tightens).

    python stress/faults.py [--trials 30] [--writers 4] [--writes 25] [--kills 1] [--seed 1]
                            [--time-limit 300]

Exits 1 when a loss, a double, a 5xx or a mismatch is found. No trial starts after
--time-limit seconds (the report says how many ran). Environment: FAULT_TRIALS,
FAULT_WRITERS, FAULT_WRITES, FAULT_KILLS, FAULT_SEED, FAULT_TIME_LIMIT give the defaults.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from live_server import LiveServer  # noqa: E402

ROUNDS = [  # koi-koi.md 9 K7 for either player: valid in any month, for any dealer
    {"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
     "events": [{"type": "stop", "player": "A"}]},
    {"captures": {"B": ["pine-poetry", "plum-poetry", "cherry-poetry"], "A": []},
     "events": [{"type": "stop", "player": "B"}]},
]
CONNECTION_ERRORS = (OSError, http.client.HTTPException)
TRIAL_SECONDS = 30.0  # a trial's writers give up after this long, whatever happens


@dataclass
class Write:
    mark: str
    key: str
    body: dict
    acked_seq: int | None = None  # the seq of the 201 received
    replayed: bool = False  # the 201 was a stored response (Idempotent-Replayed)
    lost_answer: bool = False  # a connection error (killed in flight, or sent while down)
    rejected: str | None = None  # a final 4xx other than 412


@dataclass
class TrialResult:
    seed: int
    attempted: int = 0
    acknowledged: int = 0
    replayed: int = 0  # committed before the crash, answer lost, replayed after
    retried_after_error: int = 0
    stale_retries: int = 0  # 412s (two phones on one version), retried on the new version
    server_errors: list = field(default_factory=list)  # (mark, status, body) of every 5xx
    losses: list = field(default_factory=list)  # acknowledged marks stored 0 times
    doubles: list = field(default_factory=list)  # marks stored more than once
    mismatches: list = field(default_factory=list)  # other broken promises
    rejected: list = field(default_factory=list)
    kills: int = 0
    peak_kb: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not (self.losses or self.doubles or self.server_errors or self.mismatches
                    or self.rejected or self.acknowledged < self.attempted)


class Trial:
    """One session, ``writers`` phones of ``writes`` rounds each, ``kills`` crashes."""

    def __init__(self, seed: int, writers: int, writes: int, kills: int, database: str):
        self.rng = random.Random(seed)
        self.result = TrialResult(seed)
        self.writers, self.per_writer, self.kills = writers, writes, kills
        self.server = LiveServer(database)
        self.lock = threading.Lock()
        self.acked = 0
        self.progress = threading.Condition(self.lock)
        self.deadline = 0.0

    # -- the phones
    def new_writes(self, w: int) -> list[Write]:
        rng = random.Random(self.rng.random())
        return [Write(mark=f"w{w}-{n}", key=str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                      body={**rng.choice(ROUNDS), "by": f"w{w}-{n}"})
                for n in range(self.per_writer)]

    def post(self, path: str, write: Write, if_match: str):
        return self.server.request("POST", path, write.body, {
            "If-Match": if_match, "Idempotency-Key": write.key}, timeout=10.0)

    def send(self, write: Write, state: dict):
        """Send one write until it is acknowledged or refused (bounded by the deadline)."""
        path = f"/api/v1/sessions/{self.sid}/rounds?t={self.token}"
        blind = False  # after a lost answer the phone cannot know the version: If-Match *
        for _ in range(2000):
            if time.monotonic() > self.deadline:
                return
            try:
                status, headers, raw = self.post(
                    path, write, "*" if blind else f'"{state["version"]}"')
            except CONNECTION_ERRORS:
                write.lost_answer = blind = True
                time.sleep(0.02 + 0.03 * random.random())  # the server is down: wait a bit
                continue
            if status >= 500:
                with self.lock:
                    self.result.server_errors.append((write.mark, status, raw[:300]))
                time.sleep(0.02)
                continue
            if status == 412:
                with self.lock:
                    self.result.stale_retries += 1
                state["version"] = json.loads(raw)["errors"][0]["current_version"]
                continue
            if status == 201:
                body = json.loads(raw)
                write.acked_seq = body["round"]["seq"]
                write.replayed = headers.get("Idempotent-Replayed") == "true"
                state["version"] = max(state["version"], body["version"])
                with self.progress:
                    self.acked += 1
                    self.progress.notify_all()
                return
            write.rejected = f"{status} {raw[:300]!r}"
            return

    def phone(self, writes: list[Write]):
        state = {"version": 1}
        for write in writes:
            self.send(write, state)

    # -- the crashes
    def crash_at_random_moments(self, total: int):
        """SIGKILL after a random number of acknowledged writes plus a random few ms, so the
        kill lands in the middle of the burst; restart after a short outage."""
        targets = sorted(self.rng.randrange(1, max(2, total)) for _ in range(self.kills))
        for target in targets:
            with self.progress:
                self.progress.wait_for(lambda: self.acked >= target,
                                       timeout=max(0.0, self.deadline - time.monotonic()))
            time.sleep(self.rng.uniform(0.0, 0.004))
            self.server.kill()
            self.result.kills += 1
            time.sleep(self.rng.uniform(0.05, 0.3))
            self.server.start()

    # -- the check
    def history(self, base: str) -> list[dict]:
        """The whole history, a page at a time."""
        items, after = [], 0
        while after is not None:
            page = self.server.json("GET", f"{base}/history?t={self.token}&after={after}"
                                           "&limit=1000")
            items += page["history"]
            after = page["next_after"]
        return items

    def verify(self, writes: list[Write]):
        r = self.result
        base = f"/api/v1/sessions/{self.sid}"
        session = self.server.json("GET", f"{base}?t={self.token}&include=rounds,ledger")
        adds = [h for h in self.history(base) if h["action"] == "add_round"]
        stored = Counter(h["actor"] for h in adds)
        seq_of = {h["actor"]: h["after"]["seq"] for h in adds}
        rounds = session["rounds"]
        for w in writes:
            if w.acked_seq is not None and stored[w.mark] == 0:
                r.losses.append(w.mark)
            if stored[w.mark] > 1:
                r.doubles.append((w.mark, stored[w.mark]))
            if w.acked_seq is not None and stored[w.mark] == 1 and seq_of[w.mark] != w.acked_seq:
                r.mismatches.append(f"{w.mark}: acknowledged as round {w.acked_seq}, stored "
                                    f"as round {seq_of[w.mark]}")
            if w.rejected:
                r.rejected.append(f"{w.mark}: {w.rejected}")
        unknown = set(stored) - {w.mark for w in writes}
        if unknown:
            r.mismatches.append(f"history names writes nobody sent: {sorted(unknown)}")
        if [x["seq"] for x in rounds] != list(range(1, len(adds) + 1)):
            r.mismatches.append(f"{len(rounds)} rounds stored for {len(adds)} add_round "
                                f"history entries")
        if session["version"] != 1 + len(adds):
            r.mismatches.append(f"version {session['version']} after {len(adds)} writes")
        for x in rounds:  # each stored round is the input of the history entry naming it
            h = next((h for h in adds if h["after"]["seq"] == x["seq"]), None)
            if h is None or h["after"]["input"] != x["input"]:
                r.mismatches.append(f"round {x['seq']} differs from its history entry")

    def run(self) -> TrialResult:
        t0 = time.monotonic()
        self.deadline = t0 + TRIAL_SECONDS
        self.server.start()
        try:
            created = self.server.json("POST", "/api/v1/sessions", {
                "game": "koi-koi", "players": ["A", "B"], "length": None}, expect=201)
            self.sid, self.token = created["id"], created["edit_token"]
            per_phone = [self.new_writes(w) for w in range(self.writers)]
            writes = [w for ws in per_phone for w in ws]
            phones = [threading.Thread(target=self.phone, args=(ws,), daemon=True)
                      for ws in per_phone]
            for t in phones:
                t.start()
            self.crash_at_random_moments(len(writes))
            for t in phones:
                t.join(timeout=max(0.1, self.deadline - time.monotonic() + 15))
            if any(t.is_alive() for t in phones):
                self.result.mismatches.append("a phone was still sending at the deadline")
            self.verify(writes)
            self.tally(writes)
        finally:
            self.deadline = 0.0  # phones still retrying (after a failure) give up now
            self.server.stop()
            self.result.peak_kb = self.server.peak_kb
            self.result.seconds = time.monotonic() - t0
        return self.result

    def tally(self, writes: list[Write]):
        r = self.result
        r.attempted = len(writes)
        r.acknowledged = sum(w.acked_seq is not None for w in writes)
        r.replayed = sum(w.replayed for w in writes)
        r.retried_after_error = sum(w.lost_answer for w in writes)


def run_trial(seed: int, *, writers: int = 4, writes: int = 25, kills: int = 1,
              workdir: str | None = None, database_url: str | None = None) -> TrialResult:
    workdir = workdir or tempfile.mkdtemp(prefix="tally-faults-")
    if database_url is None:
        database = os.path.join(workdir, f"faults-{seed}.sqlite")
        return Trial(seed, writers, writes, kills, database).run()
    from pg_cluster import fresh_database
    with fresh_database(database_url) as database:  # a new database each trial
        return Trial(seed, writers, writes, kills, database).run()


def report(results: list[TrialResult]) -> bool:
    """Print the figures; True when every trial kept every promise."""
    total = lambda name: sum(getattr(r, name) for r in results)  # noqa: E731
    losses = [m for r in results for m in r.losses]
    doubles = [m for r in results for m in r.doubles]
    errors = [e for r in results for e in r.server_errors]
    problems = [(r.seed, m) for r in results for m in r.mismatches + r.rejected]
    peak = max((r.peak_kb for r in results), default=0)
    print(f"crash trials: {len(results)}   kills: {total('kills')}   "
          f"time: {sum(r.seconds for r in results):.1f} s")
    print(f"  writes attempted {total('attempted')}   acknowledged {total('acknowledged')}   "
          f"retried after a connection error {total('retried_after_error')}   "
          f"replayed after a crash {total('replayed')}   412 retries {total('stale_retries')}")
    print(f"  losses {len(losses)}   doubles {len(doubles)}   5xx {len(errors)}   "
          f"other problems {len(problems)}")
    print(f"  peak server memory (VmHWM) {peak / 1024:.1f} MiB")
    for seed, m in problems[:20]:
        print(f"  seed {seed}: {m}")
    for e in errors[:20]:
        print(f"  5xx: {e}")
    ok = all(r.ok for r in results)
    print("  OK: every acknowledged write stored once, none twice, no 5xx" if ok
          else "  FAILED")
    return ok


def main(argv=None) -> int:
    env = os.environ.get
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--trials", type=int, default=int(env("FAULT_TRIALS", "30")))
    p.add_argument("--writers", type=int, default=int(env("FAULT_WRITERS", "4")))
    p.add_argument("--writes", type=int, default=int(env("FAULT_WRITES", "25")),
                   help="writes per writer")
    p.add_argument("--kills", type=int, default=int(env("FAULT_KILLS", "1")),
                   help="SIGKILLs per trial")
    p.add_argument("--seed", type=int, default=int(env("FAULT_SEED", "1")))
    p.add_argument("--time-limit", type=float, default=float(env("FAULT_TIME_LIMIT", "300")),
                   help="start no trial after this many seconds")
    p.add_argument("--database-url", default=env("FAULT_DATABASE_URL"),
                   help="a PostgreSQL server (postgresql://...): each trial on a fresh database "
                        "of it instead of a SQLite file")
    a = p.parse_args(argv)
    print(f"  on {'PostgreSQL' if a.database_url else 'SQLite'}")
    workdir = tempfile.mkdtemp(prefix="tally-faults-")
    stop_at = time.monotonic() + a.time_limit
    results = []
    for i in range(a.trials):
        if time.monotonic() > stop_at:
            print(f"  time limit: {i} of {a.trials} trials ran")
            break
        r = run_trial(a.seed * 1000 + i, writers=a.writers, writes=a.writes, kills=a.kills,
                      workdir=workdir, database_url=a.database_url)
        print(f"  trial {i + 1}/{a.trials} seed {r.seed}: {r.acknowledged}/{r.attempted} "
              f"acknowledged, {r.replayed} replayed, {len(r.losses)} lost, "
              f"{len(r.doubles)} doubled, {len(r.server_errors)} 5xx, {r.seconds:.1f} s",
              flush=True)
        results.append(r)
    ok = report(results)
    if ok:
        shutil.rmtree(workdir, ignore_errors=True)
    else:
        print(f"  databases and server logs kept in {workdir}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
