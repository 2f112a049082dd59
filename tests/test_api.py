"""The REST API (tally/api): every endpoint and every error, with Flask's test client.

Points come from koi-koi.md section 9: K7 (book p.56, seed lines 1938-1987: akatan 5, A 5, B 0)
and K9 (p.57: B tane 1, x2 for A's koi-koi = 2). Dealers: koi-koi.md 5.4 step 6 (the stopper
deals next) and 5.4 step 2 (a draw keeps the dealer).
"""

import csv
import io
import json

import pytest

import tally

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]


def k7(a="A", b="B"):
    return {"captures": {a: POETRY, b: []}, "events": [{"type": "stop", "player": a}]}


def k9():
    return {"captures": {"A": POETRY, "B": TENS},
            "events": [{"type": "koi_koi", "player": "A"}, {"type": "stop", "player": "B"}]}


@pytest.fixture
def app(db_config):
    return tally.create_app(db_config)  # on SQLite and on PostgreSQL (conftest.py)


@pytest.fixture
def client(app):
    return app.test_client()


class Session:
    def __init__(self, client, **kw):
        body = {"game": "koi-koi", "players": ["A", "B"], "length": 6}
        body.update(kw)
        r = client.post("/api/v1/sessions", json=body)
        assert r.status_code == 201, r.json
        self.c, self.id = client, r.json["id"]
        self.edit, self.read = r.json["edit_token"], r.json["read_token"]
        self.version = r.json["version"]
        self.created = r.json

    def url(self, tail="", token=None):
        return f"/api/v1/sessions/{self.id}{tail}?t={token or self.edit}"

    def add(self, rnd, **kw):
        r = self.c.post(self.url("/rounds"), json={**rnd, "version": self.version}, **kw)
        if r.status_code == 201:
            self.version = r.json["version"]
        return r

    def get(self, token=None):
        return self.c.get(self.url("", token or self.read) + "&include=rounds,ledger")


def errors(r):
    assert set(r.json) == {"errors"} and r.json["errors"], r.json
    return r.json["errors"]


# ---------------------------------------------------------------- games

def test_health(client):
    assert client.get("/api/v1/health").json == {"status": "ok"}


def test_list_and_read_games(client):
    r = client.get("/api/v1/games")
    ids = [g["id"] for g in r.json["games"]]
    assert ids == sorted(tally.GAMES)
    r = client.get("/api/v1/games/koi-koi")
    g = r.json
    assert g == json.loads(json.dumps(tally.get_game("koi-koi").to_dict()))
    assert {"deck", "combinations", "options", "presets", "players"} <= set(g)
    akatan = next(c for c in g["combinations"] if c["id"] == "akatan")
    assert akatan["name"] and akatan["points"]
    assert all({"id", "type", "default", "description"} <= set(o) for o in g["options"])


def test_unknown_game_is_404(client):
    r = client.get("/api/v1/games/no-such-game")
    assert r.status_code == 404
    assert errors(r)[0]["field"] == "game" and "no-such-game" in errors(r)[0]["message"]
    assert client.post("/api/v1/games/nope/evaluate", json={"cards": []}).status_code == 404


def test_evaluate_k7(client):
    r = client.post("/api/v1/games/koi-koi/evaluate", json={"cards": POETRY})
    assert r.status_code == 200
    assert r.json["game"] == "koi-koi" and r.json["points"] == 5
    assert [(y["id"], y["points"], y["cards"]) for y in r.json["yaku"]] == [
        ("akatan", 5, POETRY)]
    assert r.json["yaku"][0]["name"]


def test_evaluate_with_options(client):
    # koi-koi.md 9 D16: poetry ribbons + willow ribbon: akatan 6, or 5 with the option off.
    cards = POETRY + ["willow-ribbon"]
    r = client.post("/api/v1/games/koi-koi/evaluate", json={"cards": cards})
    assert r.json["points"] == 6
    r = client.post("/api/v1/games/koi-koi/evaluate", json={
        "cards": cards, "preset": "book",
        "options": {"willow_ribbon_counts_as_additional": False}})
    assert r.json["points"] == 5 and r.json["preset"] == "book"


@pytest.mark.parametrize("body, field, culprit", [
    ({"cards": ["pine-poetry", "pine-unicorn"]}, "cards", ("card", "pine-unicorn")),
    ({"cards": ["joker-1"]}, "cards", ("card", "joker-1")),  # not in the koi-koi deck
    ({"cards": ["pine-poetry", "pine-poetry"]}, "cards", ("card", "pine-poetry")),
    ({"cards": [], "options": {"bogus": True}}, "options.bogus", ("option", "bogus")),
    ({"cards": [], "options": {"lucky_7": 3}}, "options.lucky_7", ("option", "lucky_7")),
    ({"cards": [], "preset": "casino"}, "preset", ("preset", "casino")),
])
def test_evaluate_errors_name_the_culprit(client, body, field, culprit):
    r = client.post("/api/v1/games/koi-koi/evaluate", json=body)
    assert r.status_code == 422
    e = errors(r)[0]
    assert e["field"] == field and e[culprit[0]] == culprit[1]
    # what the client typed is repeated; a house rule the game has is named by its description,
    # a card by its name
    rules = {o.id: o.description for o in tally.get_game("koi-koi").options}
    card = tally.CARD.get(culprit[1])
    assert culprit[1] in e["message"] or card and card.names["en"] in e["message"] or \
        rules[culprit[1]][1:] in e["message"]


def test_schema_and_json_errors(client):
    r = client.post("/api/v1/games/koi-koi/evaluate", json={})
    assert r.status_code == 422 and errors(r)[0]["field"] == "cards"
    r = client.post("/api/v1/games/koi-koi/evaluate", json={"cards": "pine-crane"})
    assert r.status_code == 422 and errors(r)[0]["field"] == "cards"
    r = client.post("/api/v1/games/koi-koi/evaluate", data="{nope",
                    content_type="application/json")
    assert r.status_code == 400 and errors(r)
    r = client.delete("/api/v1/games/koi-koi")
    assert r.status_code == 405 and errors(r)


def test_score_round_example_matches_engine(client):
    g = tally.get_game("koi-koi")
    r = client.post("/api/v1/games/koi-koi/score", json=g.round_example)
    assert r.status_code == 200
    assert r.json == json.loads(json.dumps(tally.score_round("koi-koi", g.round_example)
                                           .to_dict()))


def test_score_k9(client):
    r = client.post("/api/v1/games/koi-koi/score",
                    json={"players": ["A", "B"], "dealer": "A", **k9()})
    assert r.status_code == 200
    assert r.json["winner"] == "B" and r.json["net"] == {"A": -2, "B": 2}


@pytest.mark.parametrize("rnd, field, key, value", [
    ({"players": ["A", "B"], "dealer": "A",
      "captures": {"A": ["pine-poetry"], "B": ["pine-poetry"]}},
     "captures.B", "card", "pine-poetry"),  # a card in two players' piles
    ({"players": ["A", "B", "C"], "dealer": "A", "captures": {}},
     "players", None, None),  # wrong player count
    ({"players": ["A", "B"], "dealer": "A", "captures": {"A": ["pine-crane"], "B": []},
      "events": [{"type": "stop", "player": "A"}]},
     "events.0", "rule", "stop"),  # a stop with no yaku: the rules forbid it
    ({"players": ["A", "B"], "dealer": "A", "captures": {"A": [], "B": []},
      "events": [{"type": "go", "player": "A"}]},
     "events.0", "rule", "go"),  # not a koi-koi event
])
def test_score_errors(client, rnd, field, key, value):
    r = client.post("/api/v1/games/koi-koi/score", json=rnd)
    assert r.status_code == 422
    e = errors(r)[0]
    assert e["field"] == field
    if key:
        assert e[key] == value


# ---------------------------------------------------------------- sessions

def test_create_session(client):
    s = Session(client, title="Friday", chip_value=0.5, currency="EUR", first_dealer="B")
    body = s.created
    assert body["version"] == 1 and len(body["edit_token"]) >= 40
    assert body["read_token"] != body["edit_token"]
    assert body["read_url"].endswith(f"/s/{s.id}?t={s.read}")
    assert "localhost" not in body["read_url"] and "localhost" not in body["edit_url"]
    ses = body["session"]
    assert ses["config"]["preset"] == "book" and ses["config"]["players"] == ["A", "B"]
    assert ses["state"]["month"] == 1 and ses["state"]["dealer"] == "B"


@pytest.mark.parametrize("body, status, field", [
    ({"players": ["A", "B", "C"]}, 422, "players"),  # koi-koi is a 2-player game
    ({"players": ["A"]}, 422, "players"),
    ({"players": ["A", "B"], "length": 5}, 422, "length"),
    ({"players": ["A", "B"], "first_dealer": "Q"}, 422, "first_dealer"),
    ({"players": ["A", "B"], "options": {"lucky_7": "yes"}}, 422, "options.lucky_7"),
    ({"players": ["A", "B"], "game": "no-such"}, 422, "game"),
    ({"players": ["A", "B"], "chip_value": -2}, 422, "chip_value"),
    ({"players": ["A", "B"], "group": "nope"}, 404, "group"),
])
def test_create_session_errors(client, body, status, field):
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", **body})
    assert r.status_code == status, r.json
    assert errors(r)[0]["field"] == field


def test_add_rounds_read_totals_dealer_ledger(client):
    s = Session(client)
    r = s.add(k7())
    assert r.status_code == 201 and r.headers["ETag"] == '"2"'
    assert r.headers["Location"].endswith(f"/sessions/{s.id}/rounds/1")
    assert r.json["round"]["result"]["winner"] == "A"
    r = s.add(k9())
    assert r.status_code == 201
    r = s.get()
    assert r.status_code == 200 and r.json["access"] == "read"
    st = r.json["state"]
    assert {t["player"]: (t["points"], t["chips"]) for t in st["totals"]} == {
        "A": (5, 3), "B": (2, -3)}
    assert st["month"] == 3 and st["dealer"] == "B"
    assert [(e["from"], e["to"], e["amount"]) for e in st["ledger"]] == [
        ("B", "A", 5), ("A", "B", 2)]
    assert [x["dealer"] for x in r.json["rounds"]] == ["A", "A"]
    one = client.get(s.url("/rounds/2", s.read))
    assert one.status_code == 200 and one.json["result"]["winner"] == "B"
    assert client.get(s.url("/rounds/9", s.read)).status_code == 404
    again = client.get(s.url("", s.read), headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_tokens_guard_reads_and_writes(client):
    s = Session(client)
    assert client.get(f"/api/v1/sessions/{s.id}").status_code == 401
    assert client.get(f"/api/v1/sessions/{s.id}?t=guess").status_code == 401
    assert client.get(f"/api/v1/sessions/{s.id}",
                      headers={"Authorization": f"Bearer {s.read}"}).status_code == 200
    assert client.get(f"/api/v1/sessions/{s.id}",
                      headers={"X-Tally-Token": s.edit}).json["access"] == "edit"
    r = client.post(s.url("/rounds", s.read), json={**k7(), "version": 1})
    assert r.status_code == 403 and errors(r)[0]["field"] == "t"
    for m, tail in (("put", "/rounds/1"), ("delete", "/rounds/1"), ("post", "/undo")):
        assert getattr(client, m)(s.url(tail, s.read), json={"version": 1}).status_code == 403
    assert client.get("/api/v1/sessions/nope?t=x").status_code == 404
    assert s.get().json["version"] == 1  # nothing changed


def test_invalid_rounds_are_rejected_and_nothing_stored(client):
    s = Session(client)
    cases = [
        ({"captures": {"A": ["pine-poetry", "dragon-9"], "B": []}}, "captures.A", "dragon-9"),
        ({"captures": {"A": ["pine-poetry"], "B": ["pine-poetry"]}}, "captures.B",
         "pine-poetry"),
        ({"captures": {"A": ["joker-2"], "B": []}}, "captures.A", "joker-2"),
        ({"captures": {"A": ["pine-crane"], "B": []},
          "events": [{"type": "stop", "player": "A"}]}, "events.0", None),
        ({"captures": {"A": [], "B": []}, "events": [{"type": "stop", "player": "Zed"}]},
         "events.0.player", None),
        ({**k7(), "dealer": "B"}, "dealer", None),  # the rules name A as dealer
        ({**k7(), "players": ["B", "A"]}, "players", None),
    ]
    for rnd, field, card in cases:
        r = s.add(rnd)
        assert r.status_code == 422, (rnd, r.json)
        e = errors(r)[0]
        assert e["field"] == field, (rnd, e)
        if card:
            named = tally.CARD[card].names["en"] if card in tally.CARD else card
            assert e["card"] == card and named in e["message"]
    got = s.get().json
    assert got["version"] == 1 and got["rounds"] == []


def test_versions_if_match_and_stale_writes(client):
    s = Session(client)
    r = client.post(s.url("/rounds"), json=k7())
    assert r.status_code == 428 and errors(r)[0]["field"] == "version"
    r = client.post(s.url("/rounds"), json=k7(), headers={"If-Match": '"1"'})
    assert r.status_code == 201 and r.json["version"] == 2
    r = client.post(s.url("/rounds"), json=k7(), headers={"If-Match": '"1"'})
    assert r.status_code == 412
    e = errors(r)[0]
    assert e["current_version"] == 2 and r.headers["ETag"] == '"2"'
    r = client.post(s.url("/rounds"), json=k7(), headers={"If-Match": "W/\"2\""})
    assert r.status_code == 201
    r = client.post(s.url("/rounds"), json=k7(), headers={"If-Match": "banana"})
    assert r.status_code == 400
    r = client.post(s.url("/rounds"), json=k7(), headers={"If-Match": "*"})  # any version
    assert r.status_code == 201 and r.json["version"] == 4
    assert len(s.get().json["rounds"]) == 3


def test_idempotency_key_applies_once(client):
    s = Session(client)
    h = {"Idempotency-Key": "tap-123-4b1c-9e2f-5a7d"}
    body = {**k7(), "version": 1}
    r1 = client.post(s.url("/rounds"), json=body, headers=h)
    r2 = client.post(s.url("/rounds"), json=body, headers=h)
    assert r1.status_code == r2.status_code == 201
    assert r1.json == r2.json and r2.headers.get("Idempotent-Replayed") == "true"
    assert len(s.get().json["rounds"]) == 1
    r3 = client.post(s.url("/rounds"), json={**k9(), "version": 2}, headers=h)
    assert r3.status_code == 409 and errors(r3)[0]["field"] == "Idempotency-Key"
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]},
                    headers={"Idempotency-Key": "new-session-0f3e-41a2"})
    again = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]},
                        headers={"Idempotency-Key": "new-session-0f3e-41a2"})
    assert r.json["id"] == again.json["id"]


def test_correction_in_month_2_changes_month_3_dealer_and_ledger(client):
    s = Session(client)
    for rnd in (k7(), k9(), k7("B", "A")):
        assert s.add(rnd).status_code == 201
    before = s.get().json
    assert [x["dealer"] for x in before["rounds"]] == ["A", "A", "B"]
    r = client.put(s.url("/rounds/2"), json={**k7(), "version": s.version, "by": "Bo"})
    assert r.status_code == 200, r.json
    after = s.get().json
    assert [x["dealer"] for x in after["rounds"]] == ["A", "A", "A"]
    assert [(e["seq"], e["from"], e["to"], e["amount"]) for e in after["state"]["ledger"]] == [
        (1, "B", "A", 5), (2, "B", "A", 5), (3, "A", "B", 5)]
    assert {t["player"]: t["chips"] for t in after["state"]["totals"]} == {"A": 5, "B": -5}
    hist = client.get(s.url("/history", s.read)).json["history"]
    assert hist[-1]["action"] == "replace_round" and hist[-1]["actor"] == "Bo"
    assert hist[-1]["before"]["input"] == k9() and hist[-1]["after"]["input"] == k7()


def test_delete_and_undo(client):
    s = Session(client)
    s.add(k7())
    s.add(k9())
    r = client.delete(s.url("/rounds/1") + f"&version={s.version}")
    assert r.status_code == 200 and r.json["version"] == 4
    got = s.get().json
    assert len(got["rounds"]) == 1 and got["rounds"][0]["input"] == k9()
    r = client.post(s.url("/undo"), json={}, headers={"If-Match": '"4"'})
    assert r.status_code == 200
    got = s.get().json
    assert [x["input"] for x in got["rounds"]] == [k7(), k9()]
    assert [h["action"] for h in client.get(s.url("/history")).json["history"]] == [
        "create", "add_round", "add_round", "delete_round", "undo"]
    r = client.post(s.url("/undo"), json={"version": 4})
    assert r.status_code == 412


def test_undo_with_nothing_to_undo_is_409(client):
    s = Session(client)
    r = client.post(s.url("/undo"), json={"version": 1})
    assert r.status_code == 409


def test_series_over_is_409(client):
    s = Session(client, length=6)
    for _ in range(6):
        assert s.add(k7()).status_code == 201
    assert s.get().json["state"]["complete"] is True
    r = s.add(k7())
    assert r.status_code == 409


def test_settlement(client):
    s = Session(client, chip_value=0.25, currency="EUR")
    s.add(k7())
    s.add(k9())  # A +3, B -3 chips
    r = client.get(s.url("/settlement", s.read))
    assert r.status_code == 200
    assert r.json["payments"] == [{"from": "B", "to": "A", "amount": 3, "money": 0.75}]
    assert r.json["nets"] == [{"player": "A", "chips": 3, "money": 0.75},
                              {"player": "B", "chips": -3, "money": -0.75}]
    r = client.get(s.url("/settlement", s.read) + "&mode=direct")
    assert r.json["mode"] == "direct" and r.json["payments"][0]["amount"] == 3
    assert client.get(s.url("/settlement", s.read) + "&mode=x").status_code == 422


def test_export_import_round_trip(client):
    s = Session(client, title="Night", chip_value=2)
    s.add(k7())
    s.add(k9())
    client.put(s.url("/rounds/2"), json={**k7(), "version": s.version})
    client.post(s.url("/undo"), json={"version": s.version + 1})
    doc = client.get(s.url("/export.json", s.read)).json
    r = client.post("/api/v1/sessions/import", json=doc)
    assert r.status_code == 201, r.json
    doc2 = client.get(f"/api/v1/sessions/{r.json['id']}/export.json?t="
                      f"{r.json['read_token']}").json
    for k in ("config", "title", "created", "rounds", "results", "summary"):
        assert doc2[k] == doc[k], k
    a = client.get(s.url("", s.read) + "&include=rounds,ledger").json
    b = client.get(f"/api/v1/sessions/{r.json['id']}?t={r.json['read_token']}"
        "&include=rounds,ledger").json
    for k in ("config", "state", "rounds", "title", "created"):
        assert a[k] == b[k], k
    bad = dict(doc, rounds=[{"input": {"captures": {"A": ["nope"], "B": []}}}])
    r = client.post("/api/v1/sessions/import", json=bad)
    assert r.status_code == 422 and errors(r)[0]["card"] == "nope"


def test_export_csv(client):
    s = Session(client)
    s.add(k7())
    s.add(k9())
    r = client.get(s.url("/export.csv", s.read))
    assert r.status_code == 200 and r.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True))))
    assert len(rows) == 4  # 2 rounds x 2 players
    assert [(x["Round"], x["Player"], x["Points"], x["Chips"]) for x in rows] == [
        ("1", "A", "5", "5"), ("1", "B", "0", "-5"), ("2", "A", "0", "-2"),
        ("2", "B", "2", "2")]
    # issue 23: player words, not ids ("akatan=5"), in the reader's language
    assert rows[0]["Combinations"] == "3 Poetry Ribbons 5" and rows[0]["Game"] == "Koi-Koi"
    assert rows[0]["Role"] == "winner"
    ko = client.get(s.url("/export.csv", s.read), headers={"Accept-Language": "ko"})
    ko_rows = list(csv.DictReader(io.StringIO(ko.get_data(as_text=True))))
    assert ko_rows[0]["판"] == "1" and ko_rows[0]["족보"] == "홍단 5" and ko_rows[0]["역할"] == "승자"
    ja = client.get(s.url("/export.csv", s.read), headers={"Accept-Language": "ja"})
    assert list(csv.reader(io.StringIO(ja.get_data(as_text=True))))[1][10] == "赤短 5"


def test_share_links_and_qr_codes(client, app):
    s = Session(client)
    app.config["ALLOWED_HOSTS"] = ["192.168.1.20"]  # TALLY_ALLOWED_HOSTS
    r = client.get(s.url("/share"), base_url="http://192.168.1.20:8000")
    assert r.json["url"] == f"http://192.168.1.20:8000/s/{s.id}?t={s.read}"
    # a forged Host header never makes a link to another site (issue 11, item 8)
    r = client.get(s.url("/share"), base_url="http://evil.example:8000")
    assert "evil" not in r.json["url"] and r.json["url"].endswith(f"/s/{s.id}?t={s.read}")
    assert r.headers["Cache-Control"] == "no-store"  # the answer carries a token
    r = client.get(s.url("/share") + "&link=edit", base_url="http://localhost:8000")
    assert "localhost" not in r.json["url"] and r.json["url"].endswith(f"?t={s.edit}")
    assert ":8000/s/" in r.json["url"]
    r = client.get(s.url("/share", s.read) + "&link=edit")
    assert r.status_code == 403
    svg = client.get(s.url("/qr.svg", s.read))
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert svg.data.lstrip().startswith(b"<?xml") and b"<svg" in svg.data
    png = client.get(s.url("/qr.png"))
    assert png.status_code == 200 and png.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert client.get(f"/api/v1/sessions/{s.id}/qr.svg").status_code == 401
    app.config["PUBLIC_URL"] = "https://tally.example.org/"
    r = client.get(s.url("/share", s.read))
    assert r.json["url"] == f"https://tally.example.org/s/{s.id}?t={s.read}"


def test_read_only_page(client):
    s = Session(client, title="Family night")
    s.add(k7())
    r = client.get(f"/s/{s.id}?t={s.read}")
    assert r.status_code == 200 and b"Family night" in r.data and b"read-only" in r.data
    assert client.get(f"/s/{s.id}?t=wrong").status_code == 404
    assert client.get(f"/s/{s.id}").status_code == 404


def test_groups_and_standings(client):
    r = client.post("/api/v1/groups", json={"name": "Family"})
    assert r.status_code == 201
    gid, gtok = r.json["id"], r.json["token"]
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                              "group": gid})
    assert r.status_code == 401 and errors(r)[0]["field"] == "group_token"
    s1 = Session(client, group=gid, group_token=gtok, length=6)
    for _ in range(6):
        s1.add(k7())  # A wins six times: 30 chips, series won
    s2 = Session(client, group=gid, group_token=gtok, players=["B", "A"])
    s2.add(k9())  # same identities, other seats: B wins 2
    r = client.get(f"/api/v1/groups/{gid}/standings?t={gtok}")
    assert r.status_code == 200
    by = {p["player"]: p for p in r.json["players"]}
    assert by["A"]["net_chips"] == 28 and by["B"]["net_chips"] == -28
    assert by["A"]["chips_won"] == 30 and by["A"]["chips_lost"] == 2
    assert by["A"]["series_won"] == 1 and by["B"]["series_won"] == 0
    assert by["A"]["series_played"] == 2 and by["A"]["rounds_won"] == 6
    assert by["B"]["rounds_won"] == 1
    assert by["A"]["biggest_round"]["chips"] == 5
    # A's poetry ribbons in K9 are not a scored yaku: only the stopper scores (koi-koi.md 5.4)
    assert by["A"]["yaku"] == [{"id": "akatan", "count": 6}]
    assert by["B"]["yaku"] == [{"id": "tane", "count": 1}]
    assert by["A"]["games"][0]["game"] == "koi-koi"
    r = client.get(f"/api/v1/groups/{gid}/standings?t={gtok}&period=year")
    assert {p["player"]: p["net_chips"] for p in r.json["players"]} == {"A": 28, "B": -28}
    r = client.get(f"/api/v1/groups/{gid}/standings?t={gtok}&until=2000-01-01")
    assert r.json["players"] == []
    g = client.get(f"/api/v1/groups/{gid}?t={gtok}").json
    assert sorted(p["name"] for p in g["players"]) == ["A", "B"] and len(g["sessions"]) == 2
    assert client.get(f"/api/v1/groups/{gid}/standings?t=bad").status_code == 401
    assert client.get(f"/api/v1/groups/nope/standings?t={gtok}").status_code == 404


def test_openapi_and_docs(client):
    from openapi_spec_validator import validate

    spec = client.get("/api/v1/openapi.json").json
    validate(spec)
    assert spec["openapi"].startswith("3.")
    assert "/api/v1/sessions/{session_id}/rounds" in spec["paths"]
    r = client.get("/api/docs")
    assert r.status_code == 200 and b"/api/v1/sessions" in r.data


def test_database_from_environment(tmp_path, monkeypatch):
    path = tmp_path / "env.sqlite"
    monkeypatch.setenv("TALLY_DATABASE", str(path))
    app = tally.create_app({"TESTING": True})
    assert app.config["DATABASE"] == str(path) and path.exists()


def test_cli_init_db_and_export(app):
    runner = app.test_cli_runner()
    r = runner.invoke(args=["init-db"])
    assert r.exit_code == 0 and "schema version" in r.output
    c = app.test_client()
    s = Session(c)
    s.add(k7())
    r = runner.invoke(args=["export", s.id])
    assert r.exit_code == 0 and json.loads(r.output)["rounds"][0]["input"] == k7()
    r = runner.invoke(args=["export", s.id, "--format", "csv"])
    assert r.output.count("\n") == 3
    r = runner.invoke(args=["export", "nope"])
    assert r.exit_code != 0 and "nope" in r.output


def test_open_ended_session(client):
    s = Session(client, length=None)
    for _ in range(13):
        assert s.add(k7()).status_code == 201
    st = s.get().json["state"]
    assert st["length"] is None and not st["complete"] and st["month"] == 14


def test_single_player_series(client):
    """Issue 5: Eight Off is "a single player's result recorded in a series" (eight-off.md
    section 6: no settlement), so a 1-player session keeps its wins and moves no chips."""
    s = Session(client, game="eight-off", players=["Aki"], length=3)
    assert s.add({"result": "win", "foundations": 52}).status_code == 201
    assert s.add({"result": "loss"}).status_code == 201
    st = s.get().json["state"]
    assert st["month"] == 3 and st["ledger"] == []
    (aki,) = st["totals"]
    assert aki["player"] == "Aki" and aki["rounds_won"] == 1 and aki["chips"] == 0


def test_unknown_round_for_correction_is_404(client):
    s = Session(client)
    r = client.put(s.url("/rounds/3"), json={**k7(), "version": 1})
    assert r.status_code == 404 and errors(r)[0]["field"] == "seq"
    r = client.delete(s.url("/rounds/1") + "&version=1")
    assert r.status_code == 404


@pytest.mark.parametrize("game", sorted(tally.GAMES))
def test_every_game_through_the_registry(client, game):
    """The API has no per-game code: each registered game's rules and round_example go through
    it exactly as through the engine (the same result, or the same error)."""
    g = tally.get_game(game)
    r = client.get(f"/api/v1/games/{game}")
    assert r.status_code == 200 and r.json["id"] == game
    assert [o["id"] for o in r.json["options"]] == [o.id for o in g.options]
    ex = g.round_example
    if ex is None:
        r = client.post(f"/api/v1/games/{game}/score", json={})
        assert r.status_code == 422
        return
    try:
        expected = json.loads(json.dumps(tally.score_round(game, ex).to_dict()))
    except tally.TallyError as e:
        r = client.post(f"/api/v1/games/{game}/score", json=ex)
        assert r.status_code == 422 and errors(r)[0]["message"] == e.message
    except Exception:  # an engine crash is reported as bad input, never a 500
        r = client.post(f"/api/v1/games/{game}/score", json=ex)
        assert r.status_code == 422
    else:
        r = client.post(f"/api/v1/games/{game}/score", json=ex)
        assert r.status_code == 200 and r.json == expected


def test_go_stop_session_nagari_carry(client):
    """go-stop.md 6.6: after a nagari the same dealer deals again and the next hand pays x2;
    6.7: the nagari does not complete a month (default)."""
    ex = dict(tally.get_game("go-stop").round_example)
    players = ex.pop("players")
    ex.pop("dealer", None)
    ex.pop("carry", None)
    s = Session(client, game="go-stop", players=players, length=3, first_dealer=players[1])
    r = s.add({"captures": {p: [] for p in players}, "events": [{"type": "nagari"}]})
    assert r.status_code == 201, r.json
    st = r.json["state"]
    assert st["month"] == 1 and st["dealer"] == players[1] and st["carry"].get("nagari")
    r = s.add(ex)
    assert r.status_code == 201, r.json
    doubled = [p for p in r.json["round"]["result"]["payments"] if "ppuk" not in p["reason"]]
    plain = client.post("/api/v1/games/go-stop/score",
                        json={**ex, "players": players, "dealer": players[1]}).json
    single = [p for p in plain["payments"] if "ppuk" not in p["reason"]]
    assert [p["amount"] for p in doubled] == [2 * p["amount"] for p in single]
    assert r.json["state"]["month"] == 2


def test_tokens_never_reach_the_logs(client, caplog):
    import logging

    caplog.set_level(logging.DEBUG)
    s = Session(client)
    s.add(k7())
    client.post(s.url("/rounds"), json={"captures": {"A": ["x"]}, "version": s.version})
    client.get(s.url("/qr.svg"))
    assert s.edit not in caplog.text and s.read not in caplog.text


def test_make_run_banner_and_public_addresses(monkeypatch):
    from tally import share
    from tally.server import banner

    monkeypatch.setattr(share, "lan_ip", lambda: "192.168.7.9")
    text = banner("0.0.0.0", 8000, None)
    assert "http://192.168.7.9:8000/" in text and "localhost" not in text
    assert "█" in text or "▀" in text  # the QR code drawn in the terminal
    assert "https://t.example/" in banner("0.0.0.0", 8000, "https://t.example")
    assert share.public_base("http://localhost:8000/") == "http://192.168.7.9:8000"
    assert share.public_base("http://127.0.0.1/") == "http://192.168.7.9"
    assert share.public_base("http://[::1]:8000/") == "http://192.168.7.9:8000"
    # the request's address is used only when trusted: this machine's, or an allowed one
    assert share.public_base("http://192.168.7.9:8000/") == "http://192.168.7.9:8000"
    assert share.public_base("http://10.0.0.4:8000/") == "http://192.168.7.9:8000"
    assert share.public_base("http://10.0.0.4:8000/", None, ["10.0.0.4"]) == \
        "http://10.0.0.4:8000"
    assert share.public_base("http://evil.example/", None, ["10.0.0.4"]) == \
        "http://192.168.7.9"
    assert share.public_base("http://x/", "https://p.example/") == "https://p.example"


def test_a_poll_with_the_compressed_etag_is_a_304(client):
    """Flask-Compress sends ETag "1:br" for a compressed answer; a phone polls with it."""
    s = Session(client)
    r = client.get(s.url(""), headers={"Accept-Encoding": "br"})
    tag = r.headers["ETag"]
    assert tag == '"1:br"' and r.status_code == 200
    again = client.get(s.url(""), headers={"If-None-Match": tag, "Accept-Encoding": "br"})
    assert again.status_code == 304 and not again.get_data()
    s.add(k7())
    changed = client.get(s.url(""), headers={"If-None-Match": tag, "Accept-Encoding": "br"})
    assert changed.status_code == 200 and changed.headers["ETag"] == '"2:br"'
