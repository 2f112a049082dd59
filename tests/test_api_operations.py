"""The operations a client builds on (issue 25): redo, a paged rounds list, paged history and
group sessions, and bringing an existing session into a group with both tokens.

The round is koi-koi.md section 9, K7 (book p.56): A's three poetry ribbons are akatan, 5
points, and A stops; B's tens in K9 make 1 (tane 5 tens, 1 point)."""

from __future__ import annotations

import pytest

import tally

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
K7 = {"captures": {"A": POETRY, "B": []}, "events": [{"type": "stop", "player": "A"}]}
TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]
B_WINS = {"captures": {"A": [], "B": TENS}, "events": [{"type": "stop", "player": "B"}]}


@pytest.fixture
def client(db_config):
    return tally.create_app(db_config).test_client()


class Session:
    def __init__(self, client, **kw):
        r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                                  "length": 12, **kw})
        assert r.status_code == 201, r.json
        self.c, self.made = client, r.json
        self.id, self.edit, self.read = r.json["id"], r.json["edit_token"], r.json["read_token"]
        self.version = r.json["version"]

    def url(self, tail="", token=None):
        return f"/api/v1/sessions/{self.id}{tail}?t={token or self.edit}"

    def send(self, method, tail, body=None, status=200, **kw):
        r = self.c.open(self.url(tail, kw.pop("token", None)), method=method,
                        json=body, headers={"If-Match": f'"{self.version}"'}, **kw)
        assert r.status_code == status, (method, tail, r.status_code, r.json)
        if r.status_code < 300:
            self.version = r.json["version"]
        return r.json

    def points(self):
        return self.c.get(self.url()).json["state"]["totals"]


def winners(s):
    return [r["result"]["winner"] for r in s.c.get(s.url("/rounds")).json["rounds"]]


def test_redo_makes_each_undone_change_again(client):
    s = Session(client)
    s.send("POST", "/rounds", K7, 201)
    s.send("POST", "/rounds", K7, 201)
    s.send("POST", "/undo")                        # the second round goes
    assert winners(s) == ["A"]
    again = s.send("POST", "/redo")                # and comes back, scored as before
    assert again["round"]["seq"] == 2 and again["round"]["result"]["winner"] == "A"
    s.send("PUT", "/rounds/1", B_WINS)             # a correction
    s.send("POST", "/undo")
    assert winners(s) == ["A", "A"]
    s.send("POST", "/redo")
    assert winners(s) == ["B", "A"]
    s.send("DELETE", "/rounds/1")                  # a deletion
    s.send("POST", "/undo")
    s.send("POST", "/redo")
    assert winners(s) == ["A"]
    s.send("POST", "/finish")                      # the series ended now
    s.send("POST", "/undo")
    assert s.send("POST", "/redo")["state"]["complete"] is True
    err = s.send("POST", "/redo", status=409)      # nothing more to redo
    assert err["errors"][0]["code"] == "conflict"


def test_a_new_change_ends_what_can_be_redone(client):
    s = Session(client)
    s.send("POST", "/rounds", K7, 201)
    s.send("POST", "/undo")
    s.send("POST", "/rounds", B_WINS, 201)         # another round instead
    s.send("POST", "/redo", status=409)
    assert winners(s) == ["B"]


def test_redo_checks_the_token_and_the_version(client):
    s = Session(client)
    s.send("POST", "/rounds", K7, 201)
    s.send("POST", "/undo")
    s.send("POST", "/redo", status=403, token=s.read)
    stale = client.post(s.url("/redo"), headers={"If-Match": f'"{s.version - 1}"'})
    assert stale.status_code == 412 and stale.json["errors"][0]["code"] == "stale_version"
    assert winners(s) == []


def test_the_rounds_a_page_at_a_time(client):
    s = Session(client)
    for _ in range(12):
        s.send("POST", "/rounds", K7, 201)
    seen, after = [], 0
    while after is not None:
        page = client.get(s.url("/rounds", s.read) + f"&after={after}&limit=5").json
        assert len(page["rounds"]) <= 5
        seen += [r["seq"] for r in page["rounds"]]
        after = page["next_after"]
    assert seen == list(range(1, 13))
    whole = client.get(s.url("/rounds", s.read)).json
    assert [r["seq"] for r in whole["rounds"]] == seen and whole["next_after"] is None
    assert whole["rounds"][4] == client.get(s.url("/rounds/5", s.read)).json
    bad = client.get(s.url("/rounds", s.read) + "&limit=1001")
    assert bad.status_code == 422 and bad.json["errors"][0]["field"] == "limit"


def test_the_history_a_page_at_a_time_and_since_a_version(client):
    s = Session(client)
    for _ in range(4):
        s.send("POST", "/rounds", K7, 201)
    first = client.get(s.url("/history", s.read) + "&limit=2").json
    assert [h["action"] for h in first["history"]] == ["create", "add_round"]
    rest = client.get(s.url("/history", s.read) + f"&after={first['next_after']}").json
    assert [h["action"] for h in rest["history"]] == ["add_round"] * 3
    assert rest["next_after"] is None
    newer = client.get(s.url("/history", s.read) + f"&since={s.version - 1}").json
    assert [h["version"] for h in newer["history"]] == [s.version]


def group(client):
    r = client.post("/api/v1/groups", json={"name": "Friday"})
    assert r.status_code == 201, r.json
    return r.json


def test_group_sessions_a_page_at_a_time(client):
    g = group(client)
    ids = [Session(client, group=g["id"], group_token=g["token"], title=f"night {i}").id
           for i in range(5)]
    url = f"/api/v1/groups/{g['id']}/sessions?t={g['token']}&limit=2"
    seen, after = [], ""
    while after is not None:
        page = client.get(url + (f"&after={after}" if after else "")).json
        seen += [x["id"] for x in page["sessions"]]
        after = page["next_after"]
    assert seen == ids[::-1]  # newest first, each once
    bad = client.get(url + "&after=nosuchsession")
    assert bad.status_code == 422 and bad.json["errors"][0]["field"] == "after"


def test_an_existing_session_joins_a_group_with_both_tokens(client):
    g = group(client)
    s = Session(client)                             # made without a group
    s.send("POST", "/rounds", K7, 201)
    link = f"/api/v1/groups/{g['id']}/sessions/{s.id}/link?t={g['token']}"
    refused = client.post(link, json={"read_token": s.read})
    assert refused.status_code == 403 and refused.json["errors"][0]["code"] == "read_only_token"
    joined = client.post(link, json={"read_token": s.edit})
    assert joined.status_code == 200, joined.json
    assert client.get(s.url()).json["group"] == g["id"]
    listed = client.get(f"/api/v1/groups/{g['id']}/sessions?t={g['token']}").json["sessions"]
    assert [x["id"] for x in listed] == [s.id] and listed[0]["chips"]["A"] > 0
    # another group cannot take it now
    other = group(client)
    taken = client.post(f"/api/v1/groups/{other['id']}/sessions/{s.id}/link?t={other['token']}",
                        json={"read_token": s.edit})
    assert taken.status_code == 404


def test_the_lean_read_and_what_it_includes(client):
    s = Session(client)
    for _ in range(3):
        s.send("POST", "/rounds", K7, 201)
    lean = client.get(s.url(token=s.read)).json
    assert "rounds" not in lean and "ledger" not in lean["state"]
    assert "rounds" not in lean["state"] and lean["state"]["totals"]
    rounds = client.get(s.url(token=s.read) + "&include=rounds").json
    assert [r["seq"] for r in rounds["rounds"]] == [1, 2, 3] and "ledger" not in rounds["state"]
    whole = client.get(s.url(token=s.read) + "&include=rounds,ledger").json
    assert len(whole["state"]["ledger"]) == 3 and len(whole["state"]["rounds"]) == 3
    bad = client.get(s.url(token=s.read) + "&include=everything")
    assert bad.status_code == 422 and bad.json["errors"][0]["field"].startswith("include")


def test_the_lean_read_of_a_thousand_rounds_is_small_and_quick(client):
    """Issue 25: the lean read under 10 KB and 5 ms at 1,000 rounds (the whole read was
    1.5 MB and 244 ms): it reads the session's row and no round."""
    import statistics
    import time

    made = Session(client, length=None)
    doc = client.get(made.url("/export.json")).json
    doc["rounds"] = [{"seq": n, "input": K7} for n in range(1, 1001)]
    doc["history"] = []
    imported = client.post("/api/v1/sessions/import", json=doc)
    assert imported.status_code == 201, imported.json
    url = f"/api/v1/sessions/{imported.json['id']}?t={imported.json['read_token']}"
    times = []
    for _ in range(7):
        t0 = time.perf_counter()
        r = client.get(url, headers={"Accept-Encoding": "identity"})
        times.append(time.perf_counter() - t0)
    size, median = len(r.data), statistics.median(times)
    whole = len(client.get(url + "&include=rounds,ledger",
                           headers={"Accept-Encoding": "identity"}).data)
    print(f"\nlean read at 1,000 rounds: {size} bytes, median {median * 1000:.1f} ms "
          f"(range {min(times) * 1000:.1f}-{max(times) * 1000:.1f}); whole read {whole} bytes")
    assert r.json["state"]["months_played"] == 1000
    assert size < 10_000 and median < 0.005
