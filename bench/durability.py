"""Durability benchmark: what an acknowledged round write costs with SQLite
``PRAGMA synchronous=NORMAL`` versus ``FULL`` (TALLY_SQLITE_SYNCHRONOUS, read by the store).

What is timed: the wall time from the first request to the last 201 of ``--writes`` round
POSTs (``/api/v1/sessions/<id>/rounds`` with ``If-Match: *`` and an Idempotency-Key): each is
scored, stored in one ``BEGIN IMMEDIATE`` transaction and acknowledged over HTTP by the real
server (waitress, 4 threads) on 127.0.0.1. Sequential: one client, one write at a time.
Concurrent: 4 clients at once, each on its own session. Every run starts a fresh server on
a fresh database (in --dir, on a real disk: fsync on tmpfs costs nothing) after a few
warm-up writes; the modes alternate run by run so machine noise falls on both alike. The
median and the range (min-max) of the runs are printed, never only the best.

With WAL, FULL syncs the WAL on every commit; NORMAL syncs only at checkpoints, so a commit
can be lost on power loss or an OS crash (not on a process crash: the kernel still has the
data, see stress/faults.py).

    python bench/durability.py [--runs 5] [--writes 200] [--clients 4] [--dir DIR]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from live_server import LiveServer  # noqa: E402

MODES = ("NORMAL", "FULL")
WARMUP = 10
ROUNDS = [  # koi-koi.md 9 K7 for either player: valid in any month, for any dealer
    {"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
     "events": [{"type": "stop", "player": "A"}]},
    {"captures": {"B": ["pine-poetry", "plum-poetry", "cherry-poetry"], "A": []},
     "events": [{"type": "stop", "player": "B"}]},
]


class Phone:
    """One keep-alive connection, as a phone has; a write counts once its 201 is back."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(self, path: str, body: dict, headers: dict) -> tuple[int, bytes]:
        self.conn.request("POST", path, json.dumps(body),
                          {"Content-Type": "application/json", **headers})
        r = self.conn.getresponse()
        return r.status, r.read()

    def new_session(self) -> str:
        status, raw = self.post("/api/v1/sessions", {"game": "koi-koi", "players": ["A", "B"],
                                                     "length": None}, {})
        assert status == 201, raw
        body = json.loads(raw)
        return f"/api/v1/sessions/{body['id']}/rounds?t={body['edit_token']}"

    def write_rounds(self, path: str, n: int):
        for i in range(n):
            status, raw = self.post(path, ROUNDS[i % 2], {
                "If-Match": "*", "Idempotency-Key": str(uuid.uuid4())})
            if status != 201:
                raise RuntimeError(f"write {i}: {status} {raw[:300]!r}")

    def close(self):
        self.conn.close()


def timed_writes(port: int, clients: int, writes: int) -> float:
    """Seconds for ``writes`` acknowledged writes spread over ``clients`` phones."""
    phones = [Phone(port) for _ in range(clients)]
    paths = [p.new_session() for p in phones]
    for p, path in zip(phones, paths):
        p.write_rounds(path, WARMUP)
    share = [writes // clients + (k < writes % clients) for k in range(clients)]
    errors = []
    start = threading.Barrier(clients + 1)

    def run(p, path, n):
        start.wait()
        try:
            p.write_rounds(path, n)
        except Exception as e:  # reported after the join
            errors.append(e)

    threads = [threading.Thread(target=run, args=(p, path, n))
               for p, path, n in zip(phones, paths, share)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join(timeout=300)
    seconds = time.perf_counter() - t0
    for p in phones:
        p.close()
    if errors or any(t.is_alive() for t in threads):
        raise RuntimeError(f"writes failed: {errors[:3]}")
    return seconds


def one_run(mode: str, clients: int, writes: int, workdir: str, k: int) -> float:
    db = os.path.join(workdir, f"{mode.lower()}-{clients}-{k}.sqlite")
    with LiveServer(db, env={"TALLY_SQLITE_SYNCHRONOUS": mode}) as srv:
        seconds = timed_writes(srv.port, clients, writes)
    for suffix in ("", "-wal", "-shm", ".server.log"):
        Path(db + suffix).unlink(missing_ok=True)
    return seconds


def mode_in_effect(mode: str, workdir: str) -> int | None:
    """PRAGMA synchronous (1 NORMAL, 2 FULL) of a store built the way the server builds it,
    to show that the variable reaches SQLite (None: the app does not read it)."""
    os.environ["TALLY_SQLITE_SYNCHRONOUS"] = mode
    try:
        import tally

        app = tally.create_app({"DATABASE": os.path.join(workdir, f"check-{mode}.sqlite")})
        return app.extensions["tally_store"].conn.execute("PRAGMA synchronous").fetchone()[0]
    except Exception:
        return None
    finally:
        os.environ.pop("TALLY_SQLITE_SYNCHRONOUS", None)


def filesystem(path: str) -> str:
    """The type of the filesystem holding ``path`` (from /proc/mounts)."""
    best, kind = "", "?"
    try:
        for line in Path("/proc/mounts").read_text().splitlines():
            _, mount, fstype = line.split()[:3]
            if (path == mount or path.startswith(mount.rstrip("/") + "/")) and \
                    len(mount) > len(best):
                best, kind = mount, fstype
    except OSError:
        pass
    return kind


def fsync_ms(workdir: str, n: int = 50) -> float:
    """Median milliseconds of one 4 KB write + fdatasync in ``workdir``: what FULL adds to
    every commit, at most (a virtual disk with a write cache makes it small)."""
    path = os.path.join(workdir, "fsync.probe")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    times = []
    try:
        for i in range(n):
            t0 = time.perf_counter()
            os.pwrite(fd, os.urandom(4096), (i % 16) * 4096)
            os.fdatasync(fd)
            times.append(time.perf_counter() - t0)
    finally:
        os.close(fd)
        os.unlink(path)
    return statistics.median(times) * 1000


def describe(label: str, mode: str, seconds: list[float], writes: int) -> str:
    per_write = sorted(s / writes * 1000 for s in seconds)
    rates = sorted(writes / s for s in seconds)
    return (f"  {label:10} {mode:6}  {statistics.median(per_write):6.2f} ms "
            f"(range {per_write[0]:.2f}-{per_write[-1]:.2f})   "
            f"{statistics.median(rates):6.0f} writes/s (range {rates[0]:.0f}-{rates[-1]:.0f})")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--writes", type=int, default=200, help="timed writes per run")
    p.add_argument("--clients", type=int, default=4, help="clients of the concurrent case")
    p.add_argument("--dir", default=os.environ.get("BENCH_DIR"),
                   help="where the databases go (default: a new temporary folder)")
    a = p.parse_args(argv)
    if a.runs < 5:
        print("note: fewer than 5 runs; the ranges mean little")
    workdir = tempfile.mkdtemp(prefix="tally-durability-", dir=a.dir)
    fs = filesystem(os.path.realpath(workdir))
    print(f"durability: {a.writes} acknowledged round writes per run, {a.runs} runs per case, "
          f"fresh server and database each run; databases on {fs} ({workdir})")
    print(f"  one 4 KB write + fdatasync there: {fsync_ms(workdir):.2f} ms (median of 50)")
    if fs in ("tmpfs", "ramfs"):
        print("  warning: a RAM filesystem makes fsync free; FULL and NORMAL will look alike")
    for mode in MODES:
        got = mode_in_effect(mode, workdir)
        print(f"  TALLY_SQLITE_SYNCHRONOUS={mode}: the store opens connections with "
              f"PRAGMA synchronous={got} (1 NORMAL, 2 FULL)")
    results = {}
    for label, clients in (("sequential", 1), (f"{a.clients} clients", a.clients)):
        for k in range(a.runs):
            for mode in (MODES if k % 2 == 0 else MODES[::-1]):  # alternate the order
                results.setdefault((label, mode), []).append(
                    one_run(mode, clients, a.writes, workdir, k))
    print("  case       mode    wall time per acknowledged write (run time / writes), and "
          "writes/s: median (range of the runs)")
    for (label, mode), seconds in results.items():
        print(describe(label, mode, seconds, a.writes))
    for label in dict.fromkeys(lbl for lbl, _ in results):
        normal = statistics.median(results[(label, "NORMAL")])
        full = statistics.median(results[(label, "FULL")])
        print(f"  {label}: FULL takes {full / normal:.2f}x the time of NORMAL (medians)")
    shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
