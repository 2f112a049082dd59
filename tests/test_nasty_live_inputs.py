"""Issue 22, items 1 to 4 against the real server on both backends: each case the issue found
(a 500 on SQLite or PostgreSQL, a spoofed name, a formula in a CSV) is now a 4xx naming the
field, or stored and exported safely, and the server logs no traceback."""

import csv
import io
import json
import socket

import pytest

from live_server import HOST, LiveServer

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
HUGE = 2 ** 63


@pytest.fixture
def server(database, tmp_path):
    where = database if database.startswith("postgresql://") else str(tmp_path / "n.sqlite")
    with LiveServer(where, log_path=tmp_path / "server.log") as s:
        yield s


def raw_get(server, target: str) -> tuple[int, bytes]:
    """GET with ``target`` sent byte for byte (http.client refuses a control character)."""
    head = (f"GET {target} HTTP/1.1\r\nHost: {HOST}\r\nAccept: application/json\r\n"
            "Connection: close\r\n\r\n").encode("latin-1")
    with socket.create_connection((HOST, server.port), timeout=30) as sock:
        sock.sendall(head)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), answer.partition(b"\r\n\r\n")[2]


def field_of(body: bytes) -> str:
    return json.loads(body)["errors"][0]["field"]


def test_the_issues_inputs_are_4xx_on_the_real_server(server):
    s = server.json("POST", "/api/v1/sessions", {"game": "koi-koi", "players": ["Aki", "Bo"]},
                    expect=201)
    sid, read, edit = s["id"], s["read_token"], s["edit_token"]
    g = server.json("POST", "/api/v1/groups", {"name": "Family"}, expect=201)

    # 1. a round number of 2**63 or more
    status, body = raw_get(server, f"/api/v1/sessions/{sid}/rounds/{HUGE}?t={read}")
    assert status == 404 and field_of(body) == "seq"
    status, _ = raw_get(server, f"/s/{sid}/record?t={edit}&seq={HUGE}")
    assert status == 404

    # 2. NUL in an address (without a token), a query, a body's title, names
    for target, field in (("/api/v1/sessions/x%00y", "session_id"),
                          ("/api/v1/groups/x%00y", "group_id"),
                          (f"/api/v1/groups/{g['id']}/standings?t={g['token']}&game=a%00b",
                           "game")):
        status, body = raw_get(server, target)
        assert status == 400 and field_of(body) == field, (target, body)
    for target in ("/g/x%00y", "/s/x%00y"):
        assert raw_get(server, target)[0] == 400
    for body, field in (({"game": "koi-koi", "players": ["A", "B"], "title": "a\u0000b"},
                         "title"),
                        ({"game": "koi-koi", "players": ["A\u0000", "B"]}, "players.0"),
                        ({"game": "koi-koi", "players": ["\u202eBo", "Aki"]}, "players.0")):
        status, _, answer = server.request("POST", "/api/v1/sessions", body)
        assert status == 422 and field_of(answer) == field
    status, _, answer = server.request("POST", "/api/v1/groups", {"name": "\u0000"})
    assert status == 422 and field_of(answer) == "name"

    # 4. CSV: a formula after a ";" is neutralised, every text cell quoted
    evil = "x;=cmd|' /C calc'!A0"
    t = server.json("POST", "/api/v1/sessions", {"game": "koi-koi", "players": [evil, "Bo"]},
                    expect=201)
    server.json("POST", f"/api/v1/sessions/{t['id']}/rounds?t={t['edit_token']}",
                {"captures": {evil: POETRY, "Bo": []},
                 "events": [{"type": "stop", "player": evil}]}, {"If-Match": "*"}, expect=201)
    status, _, text = server.request("GET", f"/api/v1/sessions/{t['id']}/export.csv"
                                            f"?t={t['read_token']}")
    assert status == 200
    for line in text.decode().splitlines()[1:]:
        assert all(not c.lstrip('"').startswith("=") for c in line.split(";"))
    rows = list(csv.reader(io.StringIO(text.decode())))
    assert {r[5] for r in rows[1:]} == {"x;'=cmd|' /C calc'!A0", "Bo"}

    assert "Traceback" not in server.log_tail(), server.log_tail()
