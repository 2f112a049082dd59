"""The real server in several processes (issue 12: every core used): the workers share the
database, no write is lost or doubled across them, and a killed server leaves no worker
holding the port. Round: koi-koi.md 9 K7 (5 chips to the stopper)."""

import json
import os
import threading
import time

from live_server import LiveServer, add_rounds_retrying

K7 = {"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
      "events": [{"type": "stop", "player": "A"}]}


def workers_of(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_writes_through_every_worker_are_kept_once(database):
    """On SQLite (a file lock queues the workers' writes) and on PostgreSQL (the session's
    row lock does)."""
    with LiveServer(database, env={"WORKERS": "2"}) as srv:
        assert len(workers_of(srv.pid)) == 2
        made = srv.json("POST", "/api/v1/sessions", {"game": "koi-koi", "players": ["A", "B"],
                                                     "length": None}, expect=201)
        url = f"/api/v1/sessions/{made['id']}"
        t = made["edit_token"]
        errors = []

        threads = [threading.Thread(target=add_rounds_retrying, args=(srv, url, t, K7, 8,
                                                                      errors))
                   for _ in range(6)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert errors == []
        got = srv.json("GET", f"{url}?t={t}&include=rounds,ledger")
        assert [r["seq"] for r in got["rounds"]] == list(range(1, 49))
        assert got["version"] == 49
        assert {x["player"]: x["chips"] for x in got["state"]["totals"]} == {"A": 240,
                                                                             "B": -240}
        hist = srv.json("GET", f"{url}/history?t={t}")["history"]
        assert [h["version"] for h in hist] == list(range(1, 50))


def test_a_killed_server_takes_its_workers_with_it(tmp_path):
    srv = LiveServer(tmp_path / "k.sqlite", env={"WORKERS": "2"}).start()
    try:
        kids = workers_of(srv.pid)
        assert len(kids) == 2
        srv.kill()  # SIGKILL to the main process only
        deadline = time.monotonic() + 5
        while any(alive(k) for k in kids) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not any(alive(k) for k in kids)
        srv.start()  # the same port, at once
        assert srv.json("GET", "/api/v1/health") == {"status": "ok"}
    finally:
        srv.stop()


def test_a_worker_that_dies_is_started_again(tmp_path):
    with LiveServer(tmp_path / "r.sqlite", env={"WORKERS": "2"}) as srv:
        first = workers_of(srv.pid)
        os.kill(first[0], 9)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            now = workers_of(srv.pid)
            if len(now) == 2 and first[0] not in now:
                break
            time.sleep(0.05)
        assert len(workers_of(srv.pid)) == 2 and first[0] not in workers_of(srv.pid)
        assert json.loads(srv.request("GET", "/api/v1/health")[2]) == {"status": "ok"}
