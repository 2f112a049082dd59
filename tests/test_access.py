"""Issue 11, access: every write endpoint with every wrong credential is refused, also through
an Idempotency-Key replay; keys are scoped by credential; no token is stored in plain text.

Rounds: koi-koi.md section 9 K7 (akatan, A 5 points)."""

import sqlite3
import uuid

import pytest

import tally

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
K7 = {"captures": {"A": POETRY, "B": []}, "events": [{"type": "stop", "player": "A"}]}


@pytest.fixture
def app(tmp_path):
    # every wrong credential against every address, from one address: far past the
    # token-failure limits (tests/test_rate_limits.py), which are not what is checked here
    return tally.create_app({"DATABASE": str(tmp_path / "access.sqlite"), "TESTING": True,
                             "RATE_LIMIT_TOKEN_ADDRESS": "off",
                             "RATE_LIMIT_TOKEN_SESSION": "off"})


@pytest.fixture
def client(app):
    return app.test_client()


def new_session(client, **headers):
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                              "length": None}, headers=headers)
    assert r.status_code == 201, r.json
    return r.json


def key() -> str:
    return str(uuid.uuid4())


@pytest.fixture
def world(client):
    """A session with one round (so there is something to correct, delete and undo), another
    session, and a group."""
    s = new_session(client)
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    json={**K7, "version": 1})
    assert r.status_code == 201
    other = new_session(client)
    group = client.post("/api/v1/groups", json={"name": "Club"}).json
    return {"s": s, "other": other, "group": group}


def writes(sid):
    """Every endpoint that changes a session: (method, path, body)."""
    return [("POST", f"/api/v1/sessions/{sid}/rounds", {**K7, "version": 2}),
            ("PUT", f"/api/v1/sessions/{sid}/rounds/1", {**K7, "version": 2}),
            ("DELETE", f"/api/v1/sessions/{sid}/rounds/1?version=2", None),
            ("POST", f"/api/v1/sessions/{sid}/undo", {"version": 2})]


def wrong_credentials(world):
    s, other, group = world["s"], world["other"], world["group"]
    tokens = {"none": None, "read": s["read_token"], "other session's edit":
              other["edit_token"], "other session's read": other["read_token"],
              "group": group["token"], "made up": "x" * 43}
    for name, token in tokens.items():
        yield name, "query", token
        yield name, "header", token
        yield name, "bearer", token
    # a token in the body is no credential, not even the right one
    yield "edit token in the body", "body", s["edit_token"]


def send(client, method, path, body, where, token, headers=None):
    headers = dict(headers or {})
    if token and where == "query":
        path += ("&" if "?" in path else "?") + f"t={token}"
    elif token and where == "header":
        headers["X-Tally-Token"] = token
    elif token and where == "bearer":
        headers["Authorization"] = f"Bearer {token}"
    elif token and where == "body":
        body = {**(body or {}), "t": token, "token": token, "edit_token": token}
    return client.open(path, method=method, json=body, headers=headers)


def test_every_write_refuses_every_wrong_credential(client, world):
    sid = world["s"]["id"]
    for method, path, body in writes(sid):
        for name, where, token in wrong_credentials(world):
            r = send(client, method, path, body, where, token)
            assert r.status_code in (401, 403), (method, path, name, where, r.status_code)
            assert r.json["errors"][0]["field"] == "t"
            # a read-only token is known but may not write: 403; anything else: 401
            assert r.status_code == (403 if token == world["s"]["read_token"] else 401)
    state = client.get(f"/api/v1/sessions/{sid}?t={world['s']['read_token']}"
        "&include=rounds,ledger").json
    assert state["version"] == 2 and len(state["rounds"]) == 1  # nothing changed


def test_reads_refuse_tokens_of_other_sessions_and_groups(client, world):
    sid = world["s"]["id"]
    for tail in ("", "/history", "/settlement", "/export.json", "/export.csv", "/share",
                 "/qr.svg", "/qr.png", "/rounds/1"):
        for token in (None, world["other"]["edit_token"], world["group"]["token"]):
            r = send(client, "GET", f"/api/v1/sessions/{sid}{tail}", None, "query", token)
            assert r.status_code == 401, (tail, token)


def test_a_replay_needs_the_credential_that_made_the_request(client, world):
    s = world["s"]
    sid = s["id"]
    for path, body in ((f"/api/v1/sessions/{sid}/rounds", K7),
                       (f"/api/v1/sessions/{sid}/undo", {})):
        headers = {"Idempotency-Key": key(), "If-Match": "*"}
        first = client.post(f"{path}?t={s['edit_token']}", json=body, headers=headers)
        assert first.status_code in (200, 201), first.json
        for name, where, token in wrong_credentials(world):
            r = send(client, "POST", path, body, where, token, headers)
            assert r.status_code in (401, 403), (path, name, where)
            assert "Idempotent-Replayed" not in r.headers
            assert "round" not in r.json and "state" not in r.json
        again = client.post(f"{path}?t={s['edit_token']}", json=body, headers=headers)
        assert again.headers.get("Idempotent-Replayed") == "true"
        assert again.status_code == first.status_code and again.json == first.json


def test_the_same_key_on_two_sessions_never_collides(client):
    a, b = new_session(client), new_session(client)
    k = "same-key-0000-1111-2222"
    for s in (a, b):
        r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                        json={**K7, "version": 1}, headers={"Idempotency-Key": k})
        assert r.status_code == 201 and "Idempotent-Replayed" not in r.headers
    for s in (a, b):
        got = client.get(f"/api/v1/sessions/{s['id']}?t={s['read_token']}"
            "&include=rounds,ledger").json
        assert len(got["rounds"]) == 1


def test_a_create_replays_only_to_the_same_key_and_body(client):
    k = key()
    first = new_session(client, **{"Idempotency-Key": k})
    again = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                                  "length": None},
                        headers={"Idempotency-Key": k})
    assert again.json["edit_token"] == first["edit_token"]
    assert again.headers["Cache-Control"] == "no-store"
    # another key, same body: a new session with its own tokens
    other = new_session(client, **{"Idempotency-Key": key()})
    assert other["id"] != first["id"] and other["edit_token"] != first["edit_token"]
    # the same key with another body is a conflict, not someone else's answer
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "C"]},
                    headers={"Idempotency-Key": k})
    assert r.status_code == 409 and "edit_token" not in r.get_data(as_text=True)


@pytest.mark.parametrize("bad", ["1", "short-key", "a" * 201, "has space in it 12345",
                                 "ключ-ключ-ключ-ключ"])
def test_keys_too_short_to_be_secret_are_refused(client, bad):
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]},
                    headers={"Idempotency-Key": bad.encode("utf-8").decode("latin-1")})
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "Idempotency-Key"


def test_no_token_is_stored_in_plain_text(app, client, tmp_path):
    s = new_session(client, **{"Idempotency-Key": key()})
    g = client.post("/api/v1/groups", json={"name": "Club"},
                    headers={"Idempotency-Key": key()}).json
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    json={**K7, "version": 1}, headers={"Idempotency-Key": key()})
    assert r.status_code == 201
    client.post(f"/api/v1/sessions/import", json={
        "config": {"game": "koi-koi", "players": ["A", "B"], "group": g["id"]},
        "group": g["id"], "group_token": g["token"]}, headers={"Idempotency-Key": key()})
    app.extensions["tally_store"].close()
    conn = sqlite3.connect(app.config["DATABASE"])
    dump = "\n".join(conn.iterdump())
    conn.close()
    blob = open(app.config["DATABASE"], "rb").read()
    for secret in (s["edit_token"], s["read_token"], g["token"]):
        assert secret not in dump and secret.encode() not in blob
    assert "idempotency" in dump  # the records are there, sealed


def test_expired_records_are_purged_as_writes_go_by(app, client):
    from tally.api import idempotency

    st = app.extensions["tally_store"]
    with st.transaction():
        st.remember("stale", "h", 201, b"x", expires="2000-01-01T00:00:00.000Z")
    app.extensions.pop("tally_idempotency_purged", None)
    new_session(client, **{"Idempotency-Key": key()})
    left = [r[0] for r in st.conn.execute("SELECT lookup FROM idempotency")]
    assert "stale" not in left and len(left) == 1
    assert idempotency.KEEP.total_seconds() == 24 * 3600
