"""Two app servers on one PostgreSQL database (issue 13): what one writes the other reads and
builds on, a stale write through either is a 412, writers through both lose and double
nothing, a replayed Idempotency-Key racing across servers is applied once, and a phone polling
one server sees a round saved through the other within a second.

Round: koi-koi.md 9 K7 (the three poetry ribbons, akatan: 5 chips to the stopper)."""

import json
import threading
import time
import uuid

import pytest

from live_server import LiveServer, add_rounds_retrying

K7 = {"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
      "events": [{"type": "stop", "player": "A"}]}
K7_CHIPS = 5  # koi-koi.md 9 K7


@pytest.fixture
def servers(pg_fresh, tmp_path):
    a = LiveServer(pg_fresh, log_path=tmp_path / "a.log").start()
    try:
        b = LiveServer(pg_fresh, log_path=tmp_path / "b.log").start()
    except BaseException:
        a.stop()
        raise
    yield a, b
    a.stop()
    b.stop()


def etag_of(headers: dict) -> str:
    return next(v for k, v in headers.items() if k.lower() == "etag")


def new_session(srv) -> tuple[str, str]:
    made = srv.json("POST", "/api/v1/sessions", {"game": "koi-koi", "players": ["A", "B"],
                                                 "length": None}, expect=201)
    return f"/api/v1/sessions/{made['id']}", made["edit_token"]


def test_a_session_made_on_one_is_read_and_written_on_the_other(servers):
    a, b = servers
    url, t = new_session(a)
    assert b.json("GET", f"{url}?t={t}&include=rounds,ledger")["version"] == 1
    b.json("POST", f"{url}/rounds?t={t}", K7, {"If-Match": '"1"'}, expect=201)
    got = a.json("GET", f"{url}?t={t}&include=rounds,ledger")
    assert got["version"] == 2 and len(got["rounds"]) == 1
    assert {x["player"]: x["chips"] for x in got["state"]["totals"]} == {"A": K7_CHIPS,
                                                                         "B": -K7_CHIPS}


def test_a_stale_write_through_the_other_server_is_412(servers):
    a, b = servers
    url, t = new_session(a)
    a.json("POST", f"{url}/rounds?t={t}", K7, {"If-Match": '"1"'}, expect=201)
    status, headers, raw = b.request("POST", f"{url}/rounds?t={t}", K7, {"If-Match": '"1"'})
    assert status == 412, raw
    assert json.loads(raw)["errors"][0]["current_version"] == 2
    assert len(a.json("GET", f"{url}?t={t}&include=rounds,ledger")["rounds"]) == 1


def test_writers_through_both_servers_lose_and_double_nothing(servers):
    a, b = servers
    url, t = new_session(a)
    errors, stale = [], []

    threads = [threading.Thread(target=add_rounds_retrying, args=(srv, url, t, K7, 8, errors,
                                                                  stale))
               for srv in (a, b, a, b)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    got = b.json("GET", f"{url}?t={t}&include=rounds,ledger")
    assert [r["seq"] for r in got["rounds"]] == list(range(1, 33))
    assert got["version"] == 33
    assert {x["player"]: x["chips"] for x in got["state"]["totals"]} == {
        "A": 32 * K7_CHIPS, "B": -32 * K7_CHIPS}
    hist = a.json("GET", f"{url}/history?t={t}")["history"]
    assert [h["version"] for h in hist] == list(range(1, 34))


def test_blind_writes_through_both_servers_are_each_kept_once(servers):
    """No If-Match: nothing to be stale against, so every write lands, each exactly once
    (the session's row lock queues them; none reads a round count another is changing)."""
    a, b = servers
    url, t = new_session(a)
    statuses = []

    def phone(srv, n):
        for _ in range(n):
            statuses.append(srv.request("POST", f"{url}/rounds?t={t}", K7,
                                        {"If-Match": "*"})[0])
    threads = [threading.Thread(target=phone, args=(srv, 10)) for srv in (a, b, a, b)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert statuses == [201] * 40
    got = a.json("GET", f"{url}?t={t}&include=rounds,ledger")
    assert [r["seq"] for r in got["rounds"]] == list(range(1, 41)) and got["version"] == 41


def test_a_replay_racing_across_servers_is_applied_once(servers):
    a, b = servers
    url, t = new_session(a)
    answers = []

    def send(srv, key):
        answers.append(srv.request("POST", f"{url}/rounds?t={t}", K7,
                                   {"If-Match": "*", "Idempotency-Key": key}))
    for _ in range(5):
        key = str(uuid.uuid4())
        threads = [threading.Thread(target=send, args=(srv, key)) for srv in (a, b, a, b)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    assert [s for s, _, _ in answers] == [201] * 20
    replayed = [h.get("Idempotent-Replayed") for _, h, _ in answers]
    assert replayed.count("true") == 15  # of each four sends, one applied, three replayed
    got = b.json("GET", f"{url}?t={t}&include=rounds,ledger")
    assert len(got["rounds"]) == 5 and got["version"] == 6


def test_a_poll_on_one_server_sees_a_round_saved_through_the_other_within_1_s(servers):
    a, b = servers
    url, t = new_session(a)
    etag = etag_of(b.request("GET", f"{url}?t={t}&include=rounds,ledger")[1])
    assert b.request("GET", f"{url}?t={t}&include=rounds,ledger", headers={"If-None-Match": etag})[0] == 304
    seen = {}

    def poll():  # what the session page does, a little faster than a phone
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            status, headers, _ = b.request("GET", f"{url}?t={t}&include=rounds,ledger",
                                           headers={"If-None-Match": etag})
            if status == 200:
                seen["at"], seen["etag"] = time.monotonic(), etag_of(headers)
                return
            time.sleep(0.1)
    poller = threading.Thread(target=poll)
    poller.start()
    time.sleep(0.3)
    a.json("POST", f"{url}/rounds?t={t}", K7, {"If-Match": '"1"'}, expect=201)
    saved = time.monotonic()
    poller.join()
    assert seen["etag"] == '"2"'
    assert seen["at"] - saved < 1.0
