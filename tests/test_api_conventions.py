"""What a client of any API expects (issue 25): a machine code on every error, ETags that can
be echoed as received, WWW-Authenticate on a 401, a request id, and CORS only for the origins
the server allows."""

from __future__ import annotations

import pathlib
import re

import pytest

import tally
from tally.api.conventions import CODES

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
STOP_A = {"captures": {"A": POETRY, "B": []}, "events": [{"type": "stop", "player": "A"}]}


@pytest.fixture
def client(db_config):
    return tally.create_app(db_config).test_client()


def session(client):
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]})
    assert r.status_code == 201
    return r.json


def code_of(r) -> str:
    items = r.json["errors"]
    assert all(item["code"] in CODES for item in items), items
    return items[0]["code"]


def test_every_error_has_its_code(client):
    s = session(client)
    base = f"/api/v1/sessions/{s['id']}"
    edit, read = f"?t={s['edit_token']}", f"?t={s['read_token']}"
    cases = [
        (client.get(f"{base}"), 401, "unauthorized"),
        (client.post(f"{base}/rounds{read}", json=STOP_A), 403, "read_only_token"),
        (client.get(f"/api/v1/sessions/nosuchsession{edit}"), 404, "not_found"),
        (client.delete("/api/v1/games"), 405, "method_not_allowed"),
        (client.post(f"{base}/rounds{edit}", json=STOP_A), 428, "version_required"),
        (client.post(f"{base}/rounds{edit}", json={**STOP_A, "version": 7}), 412,
         "stale_version"),
        (client.post(f"{base}/rounds{edit}", json=STOP_A, headers={"If-Match": "abc"}), 400,
         "invalid_request"),
        (client.post("/api/v1/sessions", json={"players": ["A", "B"]}), 422, "required"),
        (client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                               "colour": 1}), 422, "unknown_field"),
        (client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                               "title": "a\x00b"}), 422, "invalid_text"),
        (client.post("/api/v1/sessions", data="{", content_type="application/json"), 400,
         "invalid_json"),
        (client.post("/api/v1/sessions", json={"game": "nope", "players": ["A", "B"]}), 422,
         "unknown_game"),
        (client.post("/api/v1/games/koi-koi/evaluate", json={"cards": ["pine-nothing"]}), 422,
         "invalid_card"),
        (client.post(f"{base}/rounds{edit}", json={**STOP_A, "version": s["version"],
                                                   "captures": {"A": POETRY, "Z": []}}),
         422, "invalid_player"),
    ]
    for r, status, code in cases:
        assert r.status_code == status, (code, r.status_code, r.json)
        assert code_of(r) == code, (status, r.json)


def test_the_codes_table_in_the_docs_lists_every_code():
    doc = (pathlib.Path(__file__).resolve().parents[1] / "docs/api.md").read_text()
    listed = set(re.findall(r"^\| `([a-z_]+)` \|", doc, re.M))
    assert listed == set(CODES)


def test_an_etag_echoed_as_received_is_a_version(client):
    s = session(client)
    url = f"/api/v1/sessions/{s['id']}?t={s['edit_token']}&include=rounds,ledger"
    got = client.get(url, headers={"Accept-Encoding": "gzip"})
    tag = got.headers["ETag"]
    for echoed in (tag, f"W/{tag}", f'"{s["version"]}:gzip"', f'"{s["version"]}:br"'):
        r = client.post(f"/api/v1/sessions/{s['id']}/undo?t={s['edit_token']}",
                        headers={"If-Match": echoed})
        # an undo with nothing to undo: the version was understood (else 400 or 412)
        assert r.status_code == 409 and code_of(r) == "conflict", (echoed, r.json)
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}", json=STOP_A,
                    headers={"If-Match": f'"{s["version"]}:gzip"'})
    assert r.status_code == 201, r.json
    fresh = client.get(url, headers={"If-None-Match": r.headers["ETag"][:-1] + ':gzip"'})
    assert fresh.status_code == 304


def test_a_401_says_how_to_authenticate(client):
    s = session(client)
    r = client.get(f"/api/v1/sessions/{s['id']}")
    assert r.headers["WWW-Authenticate"] == 'Bearer realm="hanafuda-tally"'
    r = client.get(f"/api/v1/sessions/{s['id']}", headers={"Authorization": "Bearer nope"})
    assert r.headers["WWW-Authenticate"] == 'Bearer realm="hanafuda-tally", error="invalid_token"'
    ok = client.get(f"/api/v1/sessions/{s['id']}",
                    headers={"Authorization": f"Bearer {s['read_token']}"})
    assert ok.status_code == 200 and "WWW-Authenticate" not in ok.headers


def test_a_request_id_is_echoed_or_made(client):
    made = client.get("/api/v1/games").headers["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    assert client.get("/api/v1/games").headers["X-Request-Id"] != made
    mine = "client-1234-abcd"
    assert client.get("/api/v1/games", headers={"X-Request-Id": mine}).headers[
        "X-Request-Id"] == mine
    odd = client.get("/api/v1/games", headers={"X-Request-Id": "<script>"})
    assert re.fullmatch(r"[0-9a-f]{32}", odd.headers["X-Request-Id"])


def test_no_cors_unless_the_origin_is_allowed(db_config):
    closed = tally.create_app(db_config).test_client()
    r = closed.options("/api/v1/sessions", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST"})
    assert "Access-Control-Allow-Origin" not in r.headers
    opened = tally.create_app({**db_config, "CORS_ORIGINS": "https://app.example"}).test_client()
    r = opened.options("/api/v1/sessions", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, if-match, idempotency-key"})
    assert r.headers["Access-Control-Allow-Origin"] == "https://app.example"
    allowed = r.headers["Access-Control-Allow-Headers"].lower()
    assert "if-match" in allowed and "idempotency-key" in allowed
    got = opened.get("/api/v1/games", headers={"Origin": "https://app.example"})
    assert got.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "etag" in got.headers["Access-Control-Expose-Headers"].lower()
    other = opened.get("/api/v1/games", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
    page = opened.get("/", headers={"Origin": "https://app.example"})
    assert "Access-Control-Allow-Origin" not in page.headers  # the API only


def test_options_offers_what_an_address_takes(client):
    allow = client.options("/api/v1/sessions/import").headers["Allow"]
    assert set(allow.split(", ")) == {"POST", "OPTIONS"}
    assert "GET" in client.options("/api/v1/sessions/abcdefabcdef").headers["Allow"]


def test_a_preflight_reaches_a_sessions_rounds(db_config):
    """A browser asks before it sends a token: the preflight is answered, nothing is done."""
    app = tally.create_app({**db_config, "CORS_ORIGINS": "https://app.example"})
    c = app.test_client()
    s = session(c)
    r = c.options(f"/api/v1/sessions/{s['id']}/rounds", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type"})
    assert r.status_code == 200 and r.headers["Access-Control-Allow-Origin"] == \
        "https://app.example"
    assert "authorization" in r.headers["Access-Control-Allow-Headers"].lower()
    assert c.get(f"/api/v1/sessions/{s['id']}?t={s['read_token']}"
        "&include=rounds,ledger").json["rounds"] == []
