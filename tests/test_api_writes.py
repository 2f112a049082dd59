"""What a write answers (issue 12): the round it names and the head of the summary, not the
whole session; the session GET still has the whole summary. Rounds: koi-koi.md 9 K7 (the
poetry ribbons, 5 points, stopped by A) and K9-like draws; the expected figures are the
digest's, the shapes the API's documented ones (docs/api.md, "What a write answers")."""

import pytest

import tally

K7 = {"captures": {"A": ["pine-poetry", "plum-poetry", "cherry-poetry"], "B": []},
      "events": [{"type": "stop", "player": "A"}]}
K7B = {"captures": {"B": ["pine-poetry", "plum-poetry", "cherry-poetry"], "A": []},
       "events": [{"type": "stop", "player": "B"}]}
HEAD_KEYS = {"month", "months_played", "length", "complete", "game_over", "game_winner",
             "dealer", "carry", "totals", "leaders"}


@pytest.fixture
def client(db_config):
    return tally.create_app(db_config).test_client()  # SQLite and PostgreSQL (conftest.py)


def new_session(client, length=12):
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                              "length": length})
    return r.json["id"], r.json["edit_token"]


def test_a_new_round_answers_itself_and_the_head_of_the_summary(client):
    sid, t = new_session(client)
    r = client.post(f"/api/v1/sessions/{sid}/rounds?t={t}", json={**K7, "version": 1})
    assert r.status_code == 201
    assert set(r.json) == {"version", "round", "state"}
    assert set(r.json["state"]) == HEAD_KEYS  # no ledger, no per-round lines
    assert r.json["round"] == client.get(f"/api/v1/sessions/{sid}/rounds/1?t={t}").json
    st = r.json["state"]
    # K7: A wins 5 and deals month 2 (koi-koi.md section 6: the winner deals)
    assert (st["month"], st["dealer"], st["months_played"]) == (2, "A", 1)
    assert {x["player"]: x["chips"] for x in st["totals"]} == {"A": 5, "B": -5}
    full = client.get(f"/api/v1/sessions/{sid}?t={t}&include=rounds,ledger").json["state"]
    assert {k: v for k, v in full.items() if k in HEAD_KEYS} == st
    assert [(e["seq"], e["from"], e["to"], e["amount"]) for e in full["ledger"]] == [
        (1, "B", "A", 5)]
    assert full["rounds"] == [{"seq": 1, "month": 1, "dealer": "A", "winner": "A",
                               "net": {"A": 5, "B": -5}}]


def test_a_correction_answers_the_corrected_round_and_a_deletion_none(client):
    sid, t = new_session(client)
    v = 1
    for rnd in (K7, K7, K7):
        v = client.post(f"/api/v1/sessions/{sid}/rounds?t={t}", json={**rnd, "version": v}
                        ).json["version"]
    r = client.put(f"/api/v1/sessions/{sid}/rounds/2?t={t}", json={**K7B, "version": v})
    assert r.status_code == 200 and set(r.json["state"]) == HEAD_KEYS
    assert r.json["round"] == client.get(f"/api/v1/sessions/{sid}/rounds/2?t={t}").json
    assert r.json["round"]["result"]["winner"] == "B"
    # B won month 2, so B deals month 3 (the winner deals): round 3 was rescored
    assert client.get(f"/api/v1/sessions/{sid}/rounds/3?t={t}").json["dealer"] == "B"
    assert {x["player"]: x["chips"] for x in r.json["state"]["totals"]} == {"A": 5, "B": -5}
    r = client.delete(f"/api/v1/sessions/{sid}/rounds/1?t={t}&version={r.json['version']}")
    assert r.status_code == 200 and r.json["round"] is None
    assert {x["player"]: x["chips"] for x in r.json["state"]["totals"]} == {"A": 0, "B": 0}
    r = client.post(f"/api/v1/sessions/{sid}/undo?t={t}", json={"version": r.json["version"]})
    assert r.status_code == 200 and r.json["round"] is None
    assert {x["player"]: x["chips"] for x in r.json["state"]["totals"]} == {"A": 5, "B": -5}
    got = client.get(f"/api/v1/sessions/{sid}?t={t}&include=rounds,ledger").json
    assert [x["result"]["winner"] for x in got["rounds"]] == ["A", "B", "A"]
    assert [(e["seq"], e["to"]) for e in got["state"]["ledger"]] == [(1, "A"), (2, "B"),
                                                                      (3, "A")]


def test_the_export_keeps_the_whole_summary(client):
    sid, t = new_session(client, length=6)
    v = 1
    for _ in range(6):
        v = client.post(f"/api/v1/sessions/{sid}/rounds?t={t}", json={**K7, "version": v}
                        ).json["version"]
    doc = client.get(f"/api/v1/sessions/{sid}/export.json?t={t}").json
    assert doc["summary"] == client.get(f"/api/v1/sessions/{sid}?t={t}"
        "&include=rounds,ledger").json["state"]
    assert doc["summary"]["complete"] and len(doc["summary"]["ledger"]) == 6
    r = client.post(f"/api/v1/sessions/{sid}/rounds?t={t}", json={**K7, "version": v})
    assert r.status_code == 409  # six months played: the series is over
