"""The group's league in the API and on the group page (issue 14): standings over a period and
per game, head-to-head, the time series, the sessions with their links, sharing, and speed.

Every figure is worked out in this file from the rounds' payments, with the points of
docs/games/koi-koi.md section 9 (as tests/test_api.py): K7 is an akatan of 5 (the stopper
takes 5 chips from the other player), K9 is B's tane 1 doubled for A's koi-koi call = 2 chips
B takes from A (koi-koi.md 5.4/5.5). A chip is worth 1.

    s1 (A, B), 6 months: K7 A stops (A +5), K7 B stops (B +5), K9 (B +2)  -> A -2, B +2
    s2 (B, C), 6 months: K7 C stops twice                                  -> B -10, C +10
    s3 (C, A), 6 months: K7 A stops six times: over, A wins the series     -> A +30, C -30
    totals: A +28, B -8, C -20; head-to-head: B won 2 from A, C 10 from B, A 30 from C
"""

from __future__ import annotations

import re
import time

import pytest
from babel.messages.pofile import read_po

import tally
from tally.store import ROUND_COLUMNS
from test_api import POETRY, Session, errors, k7
from test_headers import inline_code

TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]
CATALOGUES = {lang: read_po(open(f"{tally.__path__[0]}/translations/{lang}/LC_MESSAGES/"
                                 "messages.po", "rb")) for lang in ("ja", "ko")}


def say(lang, text):
    return text if lang == "en" else CATALOGUES[lang].get(text).string


@pytest.fixture
def app(db_config):
    return tally.create_app(db_config)  # on SQLite and on PostgreSQL (conftest.py)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def league(client):
    g = client.post("/api/v1/groups", json={"name": "Family"}).json
    gid, tok = g["id"], g["token"]

    def session(players, rounds):
        s = Session(client, group=gid, group_token=tok, players=players, length=6)
        for r in rounds:
            assert s.add(r).status_code == 201
        return s
    s1 = session(["A", "B"], [k7("A", "B"), k7("B", "A"),
                              {"captures": {"A": POETRY, "B": TENS},
                               "events": [{"type": "koi_koi", "player": "A"},
                                          {"type": "stop", "player": "B"}]}])
    s2 = session(["B", "C"], [k7("C", "B"), k7("C", "B")])
    s3 = session(["C", "A"], [k7("A", "C")] * 6)
    return {"id": gid, "token": tok, "sessions": [s1, s2, s3]}


def get(client, league, tail, token=None, **q):
    qs = "".join(f"&{k}={v}" for k, v in q.items())
    return client.get(f"/api/v1/groups/{league['id']}/{tail}?t={token or league['token']}{qs}")


def test_standings(client, league):
    r = get(client, league, "standings")
    assert r.status_code == 200
    by = {p["player"]: p for p in r.json["players"]}
    assert [p["player"] for p in r.json["players"]] == ["A", "B", "C"]
    assert {p: by[p]["net_chips"] for p in by} == {"A": 28, "B": -8, "C": -20}
    assert {p: by[p]["chips_won"] for p in by} == {"A": 35, "B": 7, "C": 10}
    assert {p: by[p]["chips_lost"] for p in by} == {"A": 7, "B": 15, "C": 30}
    assert {p: by[p]["rounds_won"] for p in by} == {"A": 7, "B": 2, "C": 2}
    assert {p: by[p]["series_won"] for p in by} == {"A": 1, "B": 0, "C": 0}
    assert {p: by[p]["series_played"] for p in by} == {"A": 2, "B": 2, "C": 2}
    assert by["A"]["biggest_round"]["chips"] == 5
    assert by["A"]["yaku"] == [{"id": "akatan", "count": 7}]
    assert by["B"]["yaku"] == [{"id": "akatan", "count": 1}, {"id": "tane", "count": 1}]
    assert r.json["period"] == {"period": "all", "since": None, "until": None, "game": None}


def test_head_to_head(client, league):
    r = get(client, league, "head-to-head")
    assert r.status_code == 200
    assert r.json["players"] == ["A", "B", "C"]
    assert r.json["matrix"] == [[None, -2, 30], [2, None, -10], [-30, 10, None]]
    assert r.json["pairs"] == [{"player": "A", "opponent": "C", "chips": 30},
                               {"player": "C", "opponent": "B", "chips": 10},
                               {"player": "B", "opponent": "A", "chips": 2}]


def test_time_series(client, league):
    r = get(client, league, "timeline")
    assert r.status_code == 200
    assert r.json["players"] == ["A", "B", "C"]
    assert [p["chips"] for p in r.json["points"]] == [
        {"A": -2, "B": 2, "C": 0}, {"A": -2, "B": -8, "C": 10}, {"A": 28, "B": -8, "C": -20}]
    assert [p["session"] for p in r.json["points"]] == [s.id for s in league["sessions"]]


def test_periods_and_games(client, league):
    today = time.strftime("%Y-%m-%d", time.gmtime())
    for q in ({"period": "month"}, {"period": "year"}, {"period": "custom", "since": today}):
        r = get(client, league, "standings", **q)
        assert {p["player"]: p["net_chips"] for p in r.json["players"]} == \
            {"A": 28, "B": -8, "C": -20}, q
    assert r.json["period"]["since"] == today
    assert get(client, league, "head-to-head", period="custom", until=today).json["pairs"] == []
    assert get(client, league, "timeline", period="custom", since="2999-01-01").json[
        "points"] == []
    assert get(client, league, "standings", game="go-stop").json["players"] == []
    assert len(get(client, league, "timeline", game="koi-koi").json["points"]) == 3
    r = get(client, league, "standings", period="custom", since="2024-05-01", until="2024-04-01")
    assert r.status_code == 422 and errors(r)[0]["field"] == "until"
    for bad in ({"period": "week"}, {"since": "yesterday"}, {"game": "x" * 61}):
        r = get(client, league, "head-to-head", **bad)
        assert r.status_code == 422 and errors(r)[0]["field"] in bad, bad


def test_read_only_link_and_tokens(client, league):
    r = get(client, league, "share")
    read = r.json["url"].split("t=")[1]
    assert r.json["url"].endswith(f"/g/{league['id']}?t={read}") and read != league["token"]
    assert get(client, league, "head-to-head", token=read).status_code == 200
    assert get(client, league, "standings", token=read).json["players"][0]["net_chips"] == 28
    assert get(client, league, "share", token=read).json["url"].endswith(read)
    assert get(client, league, "share", token=read, link="edit").status_code == 403
    assert get(client, league, "qr.svg").data.startswith(b"<?xml")
    s = league["sessions"][0]
    r = client.post(f"/api/v1/groups/{league['id']}/sessions/{s.id}/link?t={read}",
                    json={"read_token": s.read})
    assert r.status_code == 403
    for token in ("bad", s.edit):
        assert get(client, league, "timeline", token=token).status_code == 401
    assert client.get(f"/api/v1/groups/nope/timeline?t={read}").status_code == 404
    # a read-only token adds no session to the group
    r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                              "group": league["id"], "group_token": read})
    assert r.status_code == 401


def test_sessions_and_their_links(client, league):
    s1, s2, s3 = league["sessions"]
    url = f"/api/v1/groups/{league['id']}/sessions/{s1.id}/link?t={league['token']}"
    assert client.post(url, json={"read_token": "wrong"}).status_code == 422
    r = client.post(url, json={"read_token": s1.edit})  # the edit token gives the read link
    assert r.status_code == 200 and r.json["url"].endswith(f"/s/{s1.id}?t={s1.read}")
    other = Session(client)  # not in the group: its view-only token cannot bring it in
    r = client.post(f"/api/v1/groups/{league['id']}/sessions/{other.id}/link?t="
                    f"{league['token']}", json={"read_token": other.read})
    assert r.status_code == 403 and errors(r)[0]["field"] == "read_token"
    assert get(client, league, "sessions").json["sessions"][-1]["id"] == s1.id
    read = get(client, league, "share").json["url"].split("t=")[1]
    for token in (league["token"], read):
        r = get(client, league, "sessions", token=token)
        assert [s["id"] for s in r.json["sessions"]] == [s3.id, s2.id, s1.id]
        assert [s["url"] for s in r.json["sessions"]][:2] == [None, None]
        assert r.json["sessions"][2]["url"].endswith(f"/s/{s1.id}?t={s1.read}")
        assert r.json["sessions"][0]["leaders"] == ["A"] and r.json["sessions"][0]["complete"]
        assert r.json["sessions"][0]["chips"] == {"C": -30, "A": 30}
        assert r.headers["Cache-Control"] == "no-store"
    assert client.get(r.json["sessions"][2]["url"].split("192.0.2.2")[-1]).status_code == 200


def test_the_openapi_document_has_the_group_league():
    spec = tally.create_app({"DATABASE": ":memory:", "TESTING": True}).test_client().get(
        "/api/v1/openapi.json").json
    for path in ("standings", "head-to-head", "timeline", "sessions", "share", "qr.svg"):
        op = spec["paths"][f"/api/v1/groups/{{group_id}}/{path}"]["get"]
        assert op["summary"] and "401" in op["responses"], path
    assert "post" in spec["paths"]["/api/v1/groups/{group_id}/sessions/{session_id}/link"]


# ----------------------------------------------------------------------------- the page

def text_of(html: str) -> str:
    html = re.sub(r"<(script|style|svg|dialog)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def cell(html, row, col):
    m = re.search(rf'data-row="{row}" data-col="{col}" data-chips="([^"]+)"', html)
    return float(m.group(1))


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_group_page(client, league, lang):
    r = client.get(f"/g/{league['id']}?t={league['token']}&lang={lang}")
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store"
    html = r.get_data(as_text=True)
    chips = dict(re.findall(r'data-player="(\w)">.*?data-chips="([^"]+)"', html, re.S))
    assert chips == {"A": "28", "B": "-8", "C": "-20"}
    assert cell(html, "A", "B") == -2 and cell(html, "A", "C") == 30
    assert cell(html, "C", "B") == 10 and cell(html, "B", "C") == -10
    for word in ("Standings", "Head-to-head", "Chips over the period", "Series won",
                 "Favourite combinations", "This month", "All time", "Sessions"):
        assert say(lang, word) in html, word
    assert "<svg id=\"group-chart\"" in html and "<desc" in html
    assert not inline_code(html)  # the policy holds without 'unsafe-inline' (QR codes too)
    text = text_of(html)
    for internal in [league["id"], *(s.id for s in league["sessions"]), "None", "True",
                     "akatan", "koi-koi"]:
        assert internal not in text, internal
    # the view-only link opens the same page, without what only the group's link may do
    read = re.search(r'id="group-read-link"[^>]*value="[^"]*t=([^"]+)"', html).group(1)
    page = client.get(f"/g/{league['id']}?t={read}&lang={lang}").get_data(as_text=True)
    assert 'id="group-edit-link"' not in page and 'id="group-start"' not in page
    assert 'id="group-edit-link"' in html


def test_the_page_filters_by_period_and_game(client, league):
    base = f"/g/{league['id']}?t={league['token']}"
    empty = client.get(base + "&period=custom&from=2020-01-01&to=2020-12-31").get_data(
        as_text=True)
    assert 'id="group-empty"' in empty and "data-chips" not in empty
    full = client.get(base + "&period=month").get_data(as_text=True)
    assert cell(full, "A", "C") == 30
    wrong = client.get(base + "&period=custom&from=2024-05-01&to=2024-04-01")
    assert wrong.status_code == 200 and 'id="group-period-error"' in wrong.get_data(as_text=True)
    assert client.get(base + "&period=custom&from=nonsense").status_code == 200
    assert client.get(base + "&game=go-stop").status_code == 200
    assert client.get(f"/g/{league['id']}?t=wrong").status_code == 404
    assert client.get(f"/g/nope?t={league['token']}").status_code == 404


def test_the_home_page_offers_groups(client):
    html = client.get("/?lang=ko").get_data(as_text=True)
    assert 'id="group-pick"' in html and say("ko", "Create group") in html
    assert 'id="known-box"' in html


# ----------------------------------------------------------------------------- speed

def test_a_thousand_sessions_are_read_from_their_session_rows(client, app):
    """A group with 1,000 sessions (a year of weekly game nights is 52): the standings,
    head-to-head and the time series through the API read what each session keeps at write
    time (its standing row, its pairs), never a round: so their cost is linear in the
    sessions (issue 12; timed by bench/growth.py, not here)."""
    st = app.extensions["tally_store"]
    g = client.post("/api/v1/groups", json={"name": "Club"}).json
    seeds = []
    for players in (["A", "B"], ["B", "C"], ["C", "A"], ["A", "D"]):
        s = Session(client, group=g["id"], group_token=g["token"], players=players, length=12)
        for i in range(12):
            s.add(k7(*players) if i % 3 else k7(*reversed(players)))
        seeds.append(s.id)
    with st.transaction() as c:  # copies of the four, a week apart (their rounds too)
        for n in range(996):
            src = seeds[n % 4]
            sid = f"copy{n}"
            day = f"20{20 + n // 52 % 6}-{n % 12 + 1:02d}-{n % 28 + 1:02d}T20:00:00.000Z"
            c.execute("INSERT INTO sessions (id, title, game, config, group_id, player_ids, "
                      "edit_hash, read_hash, version, state, created, updated, standing) "
                      "SELECT ?, title, game, config, group_id, player_ids, edit_hash, read_hash,"
                      " version, state, ?, updated, standing FROM sessions WHERE id = ?",
                      (sid, day, src))
            c.execute("INSERT INTO round_results (session_id, rid, input, scored) SELECT ?, rid, "
                      "input, scored FROM round_results WHERE session_id = ?", (sid, src))
            c.execute(f"INSERT INTO rounds (session_id, seq, {', '.join(ROUND_COLUMNS)}) "
                      f"SELECT ?, seq, {', '.join(ROUND_COLUMNS)} FROM rounds "
                      "WHERE session_id = ?", (sid, src))
            c.execute("INSERT INTO session_pairs (session_id, payer, payee, chips) "
                      "SELECT ?, payer, payee, chips FROM session_pairs WHERE session_id = ?",
                      (sid, src))  # the store keeps them as it writes rounds: copied too
    # each seed: 8 rounds won by its first player, 4 by the second, 5 chips each: +20 / -20
    h2h = get(client, {"id": g["id"], "token": g["token"]}, "head-to-head").json
    assert h2h["matrix"][h2h["players"].index("A")][h2h["players"].index("D")] == 20 * 250
    for tail in ("standings", "head-to-head", "timeline"):
        seen = []
        if not st.postgres:
            st.conn.set_trace_callback(seen.append)
        try:
            r = get(client, {"id": g["id"], "token": g["token"]}, tail)
        finally:
            if not st.postgres:
                st.conn.set_trace_callback(None)
        assert r.status_code == 200
        assert st.postgres or seen, tail  # the trace saw the request's statements
        assert not [q for q in seen if re.search(r"\bFROM\s+rounds\b", q)], (tail, seen)
    assert len(get(client, {"id": g["id"], "token": g["token"]}, "timeline").json[
        "points"]) == 1000
