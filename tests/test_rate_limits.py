"""Issue 22 item 5: rate limits kept in the database (so every app server and worker process
shares them), quotas per session, and the purge of abandoned empty sessions.

The limits read a clock the tests set (``LIMITS_CLOCK``), so a window ends without sleeping.
Rounds: koi-koi.md section 9, K7 (the three poetry ribbons, A stops).
"""

from __future__ import annotations

import math
import threading
import time

import pytest

import tally
from tally.api.ratelimit import Window, parse_limit
from tally.store import Store

from test_api import k7

SESSION = {"game": "koi-koi", "players": ["A", "B"], "length": 12}
KEY = "rate-limit-test-5d1f-4e0a-9b7c"


class Clock:
    """Seconds since the epoch, where the test puts them (at the start of a 10-minute
    window, so the windows of 60 and 600 seconds both start there)."""

    def __init__(self):
        self.t = float(math.floor(time.time() / 600) * 600)

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def make_app(db_config, clock):
    """An app on the test's database with ``limits`` set (every other limit at its default)."""
    def make(**limits):
        return tally.create_app({**db_config, "LIMITS_CLOCK": clock, **limits})
    return make


def from_address(addr: str) -> dict:
    return {"environ_base": {"REMOTE_ADDR": addr}}


def create(client, addr="127.0.0.1", **kw):
    return client.post("/api/v1/sessions", json=SESSION, **from_address(addr), **kw)


def error(r) -> dict:
    return r.json["errors"][0]


def made(client) -> dict:
    r = create(client)
    assert r.status_code == 201, r.json
    return r.json


# ----------------------------------------------------------------------------- creating

def test_creating_past_the_limit_is_429_until_the_window_ends(make_app, clock):
    client = make_app(RATE_LIMIT_SESSIONS="3/60").test_client()
    assert [create(client).status_code for _ in range(3)] == [201, 201, 201]
    clock.t += 15
    r = create(client)
    assert r.status_code == 429
    assert r.headers["Retry-After"] == "45"  # the seconds left in the window
    e = error(r)
    assert e["template"].startswith("too many new sessions from this address")
    assert (e["limit"], e["window"], e["retry_after"]) == (3, 60, 45)
    assert "(at most 3 in 60 seconds); try again in 45 seconds" in e["message"]
    assert create(client, "10.9.8.7").status_code == 201  # another address has its own count
    clock.t += 45  # the next window
    assert create(client).status_code == 201


@pytest.mark.parametrize("path, limit", [("/api/v1/groups", "RATE_LIMIT_GROUPS"),
                                         ("/api/v1/sessions/import", "RATE_LIMIT_IMPORTS")])
def test_groups_and_imports_have_their_own_limits(make_app, clock, path, limit):
    client = make_app(**{limit: "2/60"}).test_client()
    body = {"name": "club"} if "groups" in path else {
        "config": SESSION, "rounds": [k7()], "history": []}
    assert [client.post(path, json=body).status_code for _ in range(3)] == [201, 201, 429]
    assert create(client).status_code == 201  # sessions count apart
    clock.t += 60
    assert client.post(path, json=body).status_code == 201


def test_two_app_servers_on_one_database_share_the_counters(make_app):
    a = make_app(RATE_LIMIT_SESSIONS="3/60").test_client()
    b = make_app(RATE_LIMIT_SESSIONS="3/60").test_client()
    assert [create(a).status_code, create(b).status_code, create(a).status_code] == \
        [201, 201, 201]
    assert create(b).status_code == 429
    assert create(a).status_code == 429


def test_an_idempotent_replay_is_not_counted_again(make_app):
    client = make_app(RATE_LIMIT_SESSIONS="2/60").test_client()
    first = create(client, headers={"Idempotency-Key": KEY})
    assert first.status_code == 201
    for _ in range(3):
        again = create(client, headers={"Idempotency-Key": KEY})
        assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
        assert again.json["id"] == first.json["id"]
    assert create(client).status_code == 201  # the second session of the window
    assert create(client).status_code == 429


def test_turned_off_there_is_no_limit(make_app, monkeypatch):
    client = make_app(RATE_LIMITS="off", RATE_LIMIT_SESSIONS="1/60").test_client()
    assert {create(client).status_code for _ in range(4)} == {201}
    monkeypatch.setenv("TALLY_RATE_LIMIT_SESSIONS", "off")
    client = make_app().test_client()  # read from the environment
    assert {create(client).status_code for _ in range(4)} == {201}


def test_a_limit_as_configured():
    assert parse_limit("30/60") == (Window(30, 60),)
    assert parse_limit("10/60, 100/3600") == (Window(10, 60), Window(100, 3600))
    assert parse_limit([(5, 1)]) == (Window(5, 1),)
    for off in ("off", "", None, 0, "0"):
        assert parse_limit(off) == ()
    for bad in ("0/60", "30", "x/60"):
        with pytest.raises(ValueError):
            parse_limit(bad)


def test_every_window_of_a_limit_counts(make_app, clock):
    client = make_app(RATE_LIMIT_SESSIONS="2/60,3/600").test_client()
    assert [create(client).status_code for _ in range(2)] == [201, 201]
    clock.t += 60
    assert create(client).status_code == 201  # the third of the 10 minutes
    r = create(client)
    assert r.status_code == 429 and r.headers["Retry-After"] == "540"
    assert error(r)["window"] == 600


def test_an_ipv6_address_counts_by_its_64(make_app):
    client = make_app(RATE_LIMIT_SESSIONS="2/60").test_client()
    assert create(client, "2001:db8::1").status_code == 201
    assert create(client, "2001:db8::ffff:2").status_code == 201
    assert create(client, "2001:db8::3").status_code == 429  # the same /64
    assert create(client, "2001:db8:0:1::1").status_code == 201


def test_each_hit_is_one_atomic_upsert(database):
    st = Store(database)
    st.migrate()
    seen, lock = [], threading.Lock()

    def hit():
        for _ in range(10):
            n = st.hit([("bucket", 600, 1200)])[0]
            with lock:
                seen.append(n)
            st.release()
    threads = [threading.Thread(target=hit) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(seen) == list(range(1, 81))  # no two hits saw the same count
    assert st.purge_counters(1199) == 0 and st.purge_counters(1200) == 1
    st.close()


# ----------------------------------------------------------------------------- token failures

TOKENS = {"RATE_LIMIT_TOKEN_ADDRESS": "3/600", "RATE_LIMIT_TOKEN_SESSION": "5/600"}


def test_an_address_that_failed_too_often_is_refused_even_the_right_token(make_app, clock):
    client = make_app(**TOKENS).test_client()
    s = made(client)
    url = f"/api/v1/sessions/{s['id']}"
    a, b = from_address("192.0.2.1"), from_address("192.0.2.2")
    assert client.get(url, **a).status_code == 401  # a missing token counts too
    assert client.get(f"{url}?t=wrong", **a).status_code == 401
    assert client.post(f"{url}/rounds?t=wrong", json={**k7(), "version": 1}, **a
                       ).status_code == 401
    clock.t += 100
    r = client.get(f"{url}?t={s['edit_token']}", **a)
    assert r.status_code == 429 and r.headers["Retry-After"] == "500"
    assert error(r)["field"] == "t" and "this session from this address" in error(r)["message"]
    assert client.get(f"{url}?t={s['read_token']}", **b).status_code == 200
    clock.t += 500
    assert client.get(f"{url}?t={s['edit_token']}", **a).status_code == 200


def test_past_the_overall_threshold_the_session_is_refused_to_everyone(make_app):
    client = make_app(**TOKENS).test_client()
    s, other = made(client), made(client)
    url = f"/api/v1/sessions/{s['id']}"
    for i in range(5):  # 5 addresses, one failure each: under the per-address limit
        assert client.get(f"{url}?t=guess{i}", **from_address(f"198.51.100.{i}")
                          ).status_code == 401
    r = client.get(f"{url}?t={s['edit_token']}", **from_address("198.51.100.200"))
    assert r.status_code == 429
    assert error(r)["template"] == ("too many wrong or missing tokens for this session; try "
                                    "again in {retry} seconds")
    assert client.get(f"/api/v1/sessions/{other['id']}?t={other['read_token']}&include=rounds,ledger",
                      **from_address("198.51.100.200")).status_code == 200


def test_token_failures_on_the_pages_count_and_get_the_429_page(make_app):
    client = make_app(**TOKENS).test_client()
    s = made(client)
    page = f"/s/{s['id']}"
    assert client.get(f"{page}?t=wrong").status_code == 404
    assert client.get(f"{page}/record?t=wrong").status_code == 404
    assert client.get(f"{page}/part?t=wrong").status_code == 404
    r = client.get(f"{page}?t={s['edit_token']}")
    assert r.status_code == 429 and r.headers["Retry-After"] == "600"
    assert r.mimetype == "text/html" and 'data-code="429"' in r.get_data(as_text=True)
    assert 'data-why="too-many"' in r.get_data(as_text=True)  # says to wait, not "went wrong"
    r = client.get(f"{page}?t={s['edit_token']}&lang=ko")
    assert "너무 많이 시도했습니다" in r.get_data(as_text=True)
    assert client.get(f"/api/v1/sessions/{s['id']}?t={s['read_token']}&include=rounds,ledger").status_code == 429


def test_group_token_failures_count_per_group(make_app):
    client = make_app(**TOKENS).test_client()
    grp = client.post("/api/v1/groups", json={"name": "club"}).json
    assert client.get(f"/api/v1/groups/{grp['id']}?t=wrong").status_code == 401
    assert client.get(f"/g/{grp['id']}?t=wrong").status_code == 404
    assert client.post("/api/v1/sessions", json={**SESSION, "group": grp["id"],
                                                 "group_token": "wrong"}).status_code == 401
    r = client.get(f"/api/v1/groups/{grp['id']}?t={grp['token']}")
    assert r.status_code == 429 and "this group from this address" in error(r)["message"]
    assert client.get(f"/g/{grp['id']}?t={grp['token']}").status_code == 429
    assert client.get(f"/api/v1/groups/{grp['id']}?t={grp['token']}",
                      **from_address("192.0.2.9")).status_code == 200


def test_the_429_is_said_in_the_readers_language(make_app):
    client = make_app(RATE_LIMIT_SESSIONS="1/60").test_client()
    create(client)
    r = create(client, headers={"Accept-Language": "ja"})
    assert r.status_code == 429
    assert "新しい対局" in error(r)["said"]
    r = create(client, headers={"Accept-Language": "ko"})
    assert "새 게임" in error(r)["said"]


def test_every_new_sentence_has_japanese_and_korean():
    from babel.messages.pofile import read_po

    from tally.api import ratelimit
    sentences = [*ratelimit.CREATED.values(), *ratelimit.LOCKED.values(),
                 "the import has {n} rounds; a session may have at most {limit}",
                 "the session has {limit} rounds, as many as a session may have; start a new "
                 "session to go on",
                 "the session would keep {size} bytes, more than the {limit} a session may keep"]
    for lang in ("ja", "ko"):
        with open(f"tally/translations/{lang}/LC_MESSAGES/messages.po", "rb") as f:
            cat = read_po(f)
        missing = [t for t in sentences if not (cat.get(t) and cat.get(t).string)]
        assert not missing, (lang, missing)


# ----------------------------------------------------------------------------- quotas

def add(client, s, version, rnd=None):
    return client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                       json={**(rnd or k7()), "version": version})


def test_a_session_holds_at_most_max_rounds(make_app):
    client = make_app(MAX_ROUNDS_PER_SESSION=3).test_client()
    s = made(client)
    for v in (1, 2, 3):
        assert add(client, s, v).status_code == 201
    r = add(client, s, 4)
    assert r.status_code == 409
    assert (error(r)["field"], error(r)["limit"]) == ("rounds", 3)
    got = client.get(f"/api/v1/sessions/{s['id']}?t={s['read_token']}&include=rounds,ledger").json
    assert (got["version"], len(got["rounds"])) == (4, 3)
    # an import counts too: refused whole, with nothing stored
    doc = client.get(f"/api/v1/sessions/{s['id']}/export.json?t={s['edit_token']}").json
    four = {**doc, "rounds": doc["rounds"] + doc["rounds"][:1]}
    r = client.post("/api/v1/sessions/import", json=four)
    assert r.status_code == 413 and error(r)["field"] == "rounds"
    assert client.post("/api/v1/sessions/import", json=doc).status_code == 201


def test_a_session_keeps_at_most_max_bytes(make_app, db_config):
    measure = make_app().test_client()
    s = made(measure)
    st = measure.application.extensions["tally_store"]
    sizes = []
    for v in (1, 2):
        assert add(measure, s, v).status_code == 201
        sizes.append(st.counted(s["id"])[1])
    doc = measure.get(f"/api/v1/sessions/{s['id']}/export.json?t={s['edit_token']}").json

    client = make_app(MAX_BYTES_PER_SESSION=sizes[1] - 1).test_client()
    t = made(client)
    assert add(client, t, 1).status_code == 201  # the first round fits
    r = add(client, t, 2)
    assert r.status_code == 409
    e = error(r)
    assert (e["field"], e["limit"], e["params"]["size"]) == ("session", sizes[1] - 1, sizes[1])
    row = client.application.extensions["tally_store"].session_row(t["id"])
    assert row["version"] == 2  # the refused round left nothing behind
    r = client.post("/api/v1/sessions/import", json=doc)
    assert r.status_code == 413 and error(r)["field"] == "session"


def test_the_kept_bytes_are_what_the_rows_add_up_to(make_app):
    """Every kind of write keeps the running count equal to the count from the rows."""
    client = make_app().test_client()
    st = client.application.extensions["tally_store"]
    s = made(client)
    base = f"/api/v1/sessions/{s['id']}"
    t = f"?t={s['edit_token']}"

    def counted():
        row = st.conn.execute("SELECT round_count, kept_bytes FROM sessions WHERE id = ?",
                              (s["id"],)).fetchone()
        assert tuple(row) == tuple(st.counted(s["id"])), "the running count drifted"
        return tuple(row)

    sizes = [counted()]
    for v in (1, 2, 3):
        add(client, s, v, k7("A", "B") if v != 2 else k7("B", "A"))
        sizes.append(counted())
    assert [n for n, _ in sizes] == [0, 1, 2, 3]
    assert all(a[1] < b[1] for a, b in zip(sizes, sizes[1:]))
    assert client.put(f"{base}/rounds/1{t}", json={**k7("B", "A"), "version": 4}
                      ).status_code == 200
    counted()
    assert client.delete(f"{base}/rounds/1{t}&version=5").status_code == 200
    assert counted()[0] == 2
    assert client.post(f"{base}/undo{t}", json={"version": 6}).status_code == 200
    assert counted()[0] == 3
    assert client.post(f"{base}/finish{t}", json={"version": 7}).status_code == 200
    assert client.post(f"{base}/undo{t}", json={"version": 8}).status_code == 200
    counted()
    doc = client.get(f"{base}/export.json{t}").json
    new = client.post("/api/v1/sessions/import", json={**doc, "title": "東京の夜"}).json
    row = st.conn.execute("SELECT round_count, kept_bytes FROM sessions WHERE id = ?",
                          (new["id"],)).fetchone()
    assert tuple(row) == tuple(st.counted(new["id"])) and row[0] == 3


def test_migration_10_counts_what_each_session_keeps(make_app):
    client = make_app().test_client()
    st = client.application.extensions["tally_store"]
    s = made(client)
    add(client, s, 1)
    want = st.conn.execute("SELECT round_count, kept_bytes FROM sessions").fetchall()
    from tally.store import _m10, _Migrating
    with st.transaction() as c:
        c.execute("DROP INDEX idx_sessions_empty")
        c.execute("DROP TABLE rate_counters")
        for col in ("round_count", "kept_bytes"):
            c.execute(f"ALTER TABLE sessions DROP COLUMN {col}")
        _m10(_Migrating(c, st.dialect) if st.postgres else st.db)
    assert st.conn.execute("SELECT round_count, kept_bytes FROM sessions").fetchall() == want
    assert want[0][0] == 1 and want[0][1] > 0


# ----------------------------------------------------------------------------- purge

def age(st, sid: str, days: int) -> None:
    """The session as if nobody had changed it for ``days`` days."""
    with st.transaction() as c:
        c.execute("UPDATE sessions SET updated = ? WHERE id = ?",
                  (f"{time.strftime('%Y-%m-%d', time.gmtime(time.time() - days * 86400))}"
                   "T00:00:00.000Z", sid))


def three_sessions(client) -> tuple[dict, dict, dict]:
    """An empty session untouched for 40 days, one with a round as old, a recent empty one."""
    st = client.application.extensions["tally_store"]
    old_empty, old_played, new_empty = made(client), made(client), made(client)
    assert add(client, old_played, 1).status_code == 201
    age(st, old_empty["id"], 40)
    age(st, old_played["id"], 40)
    age(st, new_empty["id"], 10)
    return old_empty, old_played, new_empty


def alive(client, s) -> bool:
    return client.get(f"/api/v1/sessions/{s['id']}?t={s['read_token']}&include=rounds,ledger").status_code == 200


def test_abandoned_empty_sessions_are_purged_as_writes_go_by(make_app, clock):
    client = make_app().test_client()
    st = client.application.extensions["tally_store"]
    old_empty, old_played, new_empty = three_sessions(client)
    made(client)  # a write less than a minute after the last purge: nothing yet
    assert alive(client, old_empty)
    clock.t += 61
    made(client)
    assert not alive(client, old_empty)
    assert alive(client, old_played) and alive(client, new_empty)
    assert st.conn.execute("SELECT count(*) FROM history WHERE session_id = ?",
                           (old_empty["id"],)).fetchone()[0] == 0


def test_the_purge_command_says_how_many_it_removed(make_app):
    app = make_app()
    client = app.test_client()
    old_empty, old_played, new_empty = three_sessions(client)
    out = app.test_cli_runner().invoke(args=["purge"])
    assert out.exit_code == 0, out.output
    assert "removed 1 empty sessions untouched for 30 days" in out.output
    assert not alive(client, old_empty) and alive(client, old_played)
    out = app.test_cli_runner().invoke(args=["purge", "--days", "5"])
    assert "removed 1 empty sessions untouched for 5 days" in out.output
    assert not alive(client, new_empty) and alive(client, old_played)


def test_a_purge_after_0_days_is_off(make_app):
    app = make_app(PURGE_EMPTY_AFTER_DAYS=0)
    client = app.test_client()
    old_empty, _, _ = three_sessions(client)
    out = app.test_cli_runner().invoke(args=["purge"])
    assert "kept every empty session" in out.output and alive(client, old_empty)


# ----------------------------------------------------------------------------- behind a proxy

PROXY = "10.0.0.2"


def via_proxy(client, forwarded_for: str):
    return client.post("/api/v1/sessions", json=SESSION,
                       headers={"X-Forwarded-For": forwarded_for}, **from_address(PROXY))


def test_behind_a_proxy_the_forwarded_address_counts(make_app, monkeypatch):
    monkeypatch.setenv("TALLY_PROXY_HOPS", "1")
    client = make_app(RATE_LIMIT_SESSIONS="2/60").test_client()
    assert client.application.config["PROXY_HOPS"] == 1
    # a client's own X-Forwarded-For comes first; the proxy appends the address it saw
    assert via_proxy(client, "203.0.113.5").status_code == 201
    assert via_proxy(client, "1.2.3.4, 203.0.113.5").status_code == 201
    assert via_proxy(client, "5.6.7.8, 203.0.113.5").status_code == 429
    assert via_proxy(client, "203.0.113.6").status_code == 201


def test_without_proxy_hops_the_forwarded_address_is_ignored(make_app):
    client = make_app(RATE_LIMIT_SESSIONS="2/60").test_client()
    assert via_proxy(client, "203.0.113.5").status_code == 201
    assert via_proxy(client, "203.0.113.6").status_code == 201
    assert via_proxy(client, "203.0.113.7").status_code == 429  # all of them are the proxy
