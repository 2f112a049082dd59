"""Hardening, second pass (issue 22): the inputs the first pass did not meet, on both backends.

- a round number of 2**63 was a 500 on SQLite (OverflowError), a 404 on PostgreSQL;
- a NUL character was a 500 on PostgreSQL, in an address even without a token;
- a name opening a right-to-left override spoofed the settlement line;
- a CSV cell could start a formula after a ";" in spreadsheets that split on it;
- a SQLite file holding a NUL made move-to-postgres fail with a DataError.

Rounds: koi-koi.md 9 K7 (the three poetry ribbons: 5 chips to the stopper).
"""

import csv
import io

import pytest

import tally
from tally.series import SeriesConfig
from tally.store import Store
from tally.text_rules import problem, unpaired_bidi

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
HUGE = 2 ** 63  # one past SQLite's largest integer


def k7(a, b):
    return {"captures": {a: POETRY, b: []}, "events": [{"type": "stop", "player": a}]}


@pytest.fixture
def app(db_config):
    return tally.create_app(db_config)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def made(client):
    s = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["Aki", "Bo"],
                                              "length": 6}).json
    assert client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                       json={**k7("Aki", "Bo"), "version": 1}).status_code == 201
    return s


# ----------------------------------------------------------------------------- the rules

@pytest.mark.parametrize("text, found", [
    ("Aki", None), ("아키", None), ("あき", None), ("A\u200fB", None),  # a plain mark is no embedding
    ("\u202eBo", ("bidi", "U+202E")),  # the case of the issue: an override left open
    ("\u202eBo\u202c", None),  # closed inside the name
    ("Bo\u202c", ("bidi", "U+202C")),  # closes nothing
    ("\u2067Bo", ("bidi", "U+2067")), ("\u2068Bo\u2069", None), ("Bo\u2069", ("bidi", "U+2069")),
    ("\u2066\u202eBo\u2069", None),  # PDI closes the override opened inside its isolate
    ("\u202e\u2066Bo\u2069", ("bidi", "U+202E")),
    ("x\x00y", ("control", "U+0000")), ("x\ny", ("control", "U+000A")),
    ("x\x1by", ("control", "U+001B")), ("x\x85y", ("control", "U+0085")),
    ("x\x7fy", ("control", "U+007F")), ("\ud800", ("surrogate", "")),
])
def test_what_text_a_client_may_send(text, found):
    assert problem(text) == found


def test_an_unpaired_control_is_named_where_it_opens():
    assert unpaired_bidi("ok \u202bthen \u202c and \u202d") == "U+202D"


# ----------------------------------------------------------------------------- numbers

def test_a_round_number_past_any_integer_is_a_404_naming_it(client, made):
    url = f"/api/v1/sessions/{made['id']}/rounds/{HUGE}?t={made['read_token']}"
    r = client.get(url)
    assert r.status_code == 404 and r.json["errors"][0]["field"] == "seq"
    r = client.put(f"/api/v1/sessions/{made['id']}/rounds/{HUGE}?t={made['edit_token']}",
                   json={**k7("Aki", "Bo"), "version": 2})
    assert r.status_code == 404 and r.json["errors"][0]["field"] == "seq"
    r = client.delete(f"/api/v1/sessions/{made['id']}/rounds/{10 ** 9 + 1}"
                      f"?t={made['edit_token']}&version=2")
    assert r.status_code == 404 and r.json["errors"][0]["field"] == "seq"
    # the credential still comes first
    assert client.get(f"/api/v1/sessions/{made['id']}/rounds/{HUGE}").status_code == 401


def test_the_record_page_with_a_huge_round_number_says_no_such_round(client, made):
    r = client.get(f"/s/{made['id']}/record?t={made['edit_token']}&seq={HUGE}",
                   headers={"Accept": "text/html"})
    assert r.status_code == 404 and 'data-why="no-round"' in r.get_data(as_text=True)


@pytest.mark.parametrize("header", [str(HUGE), f'"{10 ** 12}"', "²", "-3", "3x"])
def test_if_match_is_a_version_or_a_400_naming_it(client, made, header):
    r = client.post(f"/api/v1/sessions/{made['id']}/rounds?t={made['edit_token']}",
                    json=k7("Bo", "Aki"), headers={"If-Match": header})
    assert r.status_code == 400 and r.json["errors"][0]["field"] == "If-Match"


# ----------------------------------------------------------------------------- NUL and controls

@pytest.mark.parametrize("path", ["/api/v1/sessions/x%00y", "/api/v1/sessions/x%00y/rounds/1",
                                  "/api/v1/groups/x%00y", "/api/v1/groups/x%00y/standings"])
def test_a_nul_in_an_address_is_a_400_before_any_token(client, path):
    r = client.get(path)
    assert r.status_code == 400, r.get_data(as_text=True)
    e = r.json["errors"][0]
    assert e["field"] in ("session_id", "group_id") and "U+0000" in e["message"]


@pytest.mark.parametrize("path", ["/s/x%00y", "/g/x%00y", "/s/x%00y/record"])
def test_a_nul_in_a_page_address_is_a_page_not_a_500(client, path):
    r = client.get(path + "?t=abc", headers={"Accept": "text/html"})
    assert r.status_code == 400 and 'data-why="not-found"' in r.get_data(as_text=True)


def test_a_nul_in_a_query_is_a_400_naming_it(client):
    g = client.post("/api/v1/groups", json={"name": "Family"}).json
    r = client.get(f"/api/v1/groups/{g['id']}/standings?t={g['token']}&game=a%00b")
    assert r.status_code == 400 and r.json["errors"][0]["field"] == "game"
    r = client.get(f"/api/v1/groups/{g['id']}/standings?t={g['token']}&ga%01me=x")
    assert r.status_code == 400 and r.json["errors"][0]["field"] == "query"
    r = client.get("/?lang=%00", headers={"Accept": "text/html"})
    assert r.status_code == 400


@pytest.mark.parametrize("body, field", [
    ({"title": "Friday\u0000"}, "title"),
    ({"players": ["Aki", "B\u0000o"]}, "players.1"),
    ({"players": ["Aki\n", "Bo"]}, "players.0"),
    ({"players": ["\u202eBo", "Aki"]}, "players.0"),  # the spoof of the issue, refused
    ({"by": "\x1b[31mAki"}, "by"),
    ({"currency": "\u202e$"}, "currency"),
])
def test_text_fields_refuse_controls_and_open_overrides(client, body, field):
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["Aki", "Bo"],
                                              "length": 6, **body})
    assert r.status_code == 422, r.json
    assert r.json["errors"][0]["field"] == field


def test_a_closed_override_is_a_name_like_any_other(client):
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "length": 6,
                                              "players": ["\u202eoB\u202c", "Aki"]})
    assert r.status_code == 201 and r.json["session"]["config"]["players"][0] == "\u202eoB\u202c"


def test_group_and_round_text_refuse_nul(client, made):
    r = client.post("/api/v1/groups", json={"name": "Fam\u0000ily"})
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "name"
    r = client.post(f"/api/v1/sessions/{made['id']}/rounds?t={made['edit_token']}",
                    json={**k7("Bo", "Aki"), "version": 2, "by": "B\u0000o"})
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "by"
    r = client.post(f"/api/v1/sessions/{made['id']}/rounds?t={made['edit_token']}",
                    json={**k7("Bo", "Aki"), "version": 2},
                    headers={"X-Tally-Actor": "B\x7fo"})
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "X-Tally-Actor"
    # nothing was written by the refused requests
    assert client.get(f"/api/v1/sessions/{made['id']}?t={made['read_token']}").json[
        "version"] == 2


def test_the_refusal_is_said_in_korean_and_japanese(client):
    for lang, word in (("ko", "제어 문자"), ("ja", "制御文字")):
        r = client.post("/api/v1/sessions", headers={"Accept-Language": lang}, json={
            "game": "koi-koi", "players": ["Aki", "B\u0000o"], "length": 6})
        assert word in r.json["errors"][0]["said"], r.json


# ----------------------------------------------------------------------------- CSV

@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_no_csv_cell_starts_a_formula_whatever_the_separator(client, delimiter):
    evil = "x;=cmd|' /C calc'!A0"
    names = [evil, "a, +1|@SUM(1); -2"]
    s = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": names,
                                              "length": 6}).json
    assert client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                       json={**k7(*names), "version": 1}).status_code == 201
    text = client.get(f"/api/v1/sessions/{s['id']}/export.csv?t={s['read_token']}"
                      ).get_data(as_text=True)
    # a spreadsheet that ignores the quotes and splits on the separator still sees no formula
    for line in text.splitlines():
        for cell in line.split(delimiter):
            cell = cell.lstrip(' "')
            if cell.lstrip("-").isdigit():  # a number (chips lost) is no formula
                continue
            assert not cell.startswith(("=", "+", "-", "@")), (line, cell)
    rows = list(csv.reader(io.StringIO(text)))
    assert {r[5] for r in rows[1:]} == {"x;'=cmd|' /C calc'!A0", "a,' +1|'@SUM(1);' -2"}
    assert {r[9] for r in rows[1:]} == {"5", "-5"}  # numbers stay numbers (K7: 5 chips)
    assert all(line.split(",")[1].startswith('"') for line in text.splitlines()[1:])  # quoted


# ----------------------------------------------------------------------------- the move

def old_file_with_nul(path) -> dict:
    """A SQLite file written before the API refused NUL: a title and a player holding one."""
    st = Store(path)
    st.migrate()
    cfg = SeriesConfig(game="koi-koi", players=("A\x00ki", "Bo"), length=6)
    out = st.create_session(cfg, title="Fri\x00day", inputs=[k7("A\x00ki", "Bo")])
    st.close()
    return out


def test_move_refuses_a_nul_with_the_list_of_cells(tmp_path, pg_fresh):
    src = str(tmp_path / "old.sqlite")
    made = old_file_with_nul(src)
    app = tally.create_app({"DATABASE": src, "DATABASE_URL": None, "TESTING": True})
    r = app.test_cli_runner().invoke(args=["move-to-postgres", "--from", src, "--to", pg_fresh])
    assert r.exit_code != 0
    assert f"sessions {made['id']} title" in r.output and "--repair" in r.output
    assert f"rounds {made['id']}/1 dealer" in r.output
    st = Store(pg_fresh)
    assert st.conn.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0
    st.close()


def test_move_repairs_a_nul_into_the_same_name_everywhere(tmp_path, pg_fresh):
    src = str(tmp_path / "old.sqlite")
    made = old_file_with_nul(src)
    app = tally.create_app({"DATABASE": src, "DATABASE_URL": None, "TESTING": True})
    r = app.test_cli_runner().invoke(args=["move-to-postgres", "--from", src, "--to", pg_fresh,
                                           "--repair"])
    assert r.exit_code == 0, r.output
    assert "repaired" in r.output
    pg = tally.create_app({"DATABASE_URL": pg_fresh, "TESTING": True}).test_client()
    url = f"/api/v1/sessions/{made['id']}"
    doc = pg.get(f"{url}?t={made['edit_token']}").json
    assert doc["title"] == "Fri\ufffdday"
    assert doc["config"]["players"] == ["A\ufffdki", "Bo"]
    # the name is the same name in the config, the rounds and the ledger: the series goes on
    r = pg.post(f"{url}/rounds?t={made['edit_token']}",
                json={**k7("A\ufffdki", "Bo"), "version": doc["version"]})
    assert r.status_code == 201, r.json
    end = pg.get(f"{url}/settlement?t={made['read_token']}").json
    nets = {n["player"]: n["chips"] for n in end["nets"]}
    assert nets == {"A\ufffdki": 10, "Bo": -10}, end  # two K7 rounds: 5 chips each
