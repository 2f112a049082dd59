"""The session's evening (issue 14) through the API and the page, with Flask's test client:

- POST .../finish ends a series early, as a logged change: credential first, If-Match (412 on
  a stale version, 428 without), Idempotency-Key, 409 when over or empty; undo takes it back,
  a correction keeps it, export and import keep it; the page's Redo makes it again;
- GET .../end, .../scoresheet (paged), .../statistics: the figures the page shows, computed
  here by hand from the rounds' payments;
- the page and its poll read only the page's rounds and at most 48 running totals, whatever
  the length of the series; migration 5 fills in the new tallies of stored sessions;
- the page names the winner, draws the scoresheet, the chart and the statistics in en/ja/ko,
  and links the exports with its own token.

Rounds (/work/shared/rules/koi-koi.md): K8 (section 9: akatan 6 with a koi-koi, x2 = 12), K9
(Aki calls, Bo stops with 5 tens: tane 1, x2 = 2), K7 (akatan 5); section 6: the loser pays
the winner the round score.
"""

from __future__ import annotations

import json
import re
import sqlite3
import uuid

import pytest

from tally import series
from tally.sheet import CHART_POINTS, samples
from tally.store import SCHEMA_VERSION, Store
from tests.test_store_growth import store_at_schema, write_old_session
from tests.test_session_page import add, new_session, page, send, text_of, redo_of
from tests.test_stats import K7, K8, K9

@pytest.fixture
def app(tmp_path):
    from tally.web import create_app
    return create_app({"DATABASE": str(tmp_path / "t.sqlite"), "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def version(client, s):
    return client.get(f"/api/v1/sessions/{s['id']}?t={s['edit_token']}").get_json()["version"]


def finish(client, s, v=None, token="edit_token", key=None, **body):
    headers = {"Idempotency-Key": key or str(uuid.uuid4())}
    if v is not False:
        headers["If-Match"] = f'"{version(client, s) if v is None else v}"'
    return client.post(f"/api/v1/sessions/{s['id']}/finish?t={s[token]}", headers=headers,
                       json=body)


def get(client, s, what, token="read_token", **q):
    extra = "".join(f"&{k}={v}" for k, v in q.items())
    r = client.get(f"/api/v1/sessions/{s['id']}/{what}?t={s[token]}{extra}")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def undo(client, s):
    r = client.post(f"/api/v1/sessions/{s['id']}/undo?t={s['edit_token']}",
                    headers={"If-Match": f'"{version(client, s)}"'}, json={})
    assert r.status_code == 200, r.get_json()
    return r.get_json()


# ------------------------------------------------------------------------ finish now

def test_finish_ends_the_series_and_undo_takes_it_back(client):
    s = new_session(client, length=12)
    add(client, s, K8)
    r = finish(client, s, by="Aki")
    assert r.status_code == 200, r.get_json()
    state = r.get_json()["state"]
    assert state["complete"] and state["finished"] and state["month"] is None
    end = get(client, s, "end")
    assert end["over"] and end["finished_early"] and end["winners"] == ["Aki"]
    assert end["months_played"] == 1
    # over: no more round, no second finish
    v = version(client, s)
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    headers={"If-Match": f'"{v}"'}, json=K7)
    assert r.status_code == 409
    assert finish(client, s).status_code == 409
    hist = client.get(f"/api/v1/sessions/{s['id']}/history?t={s['read_token']}").get_json()
    assert hist["history"][-1]["action"] == "finish" and hist["history"][-1]["actor"] == "Aki"
    # undo: the series goes on at month 2, Aki dealing (the winner deals, section 5.4)
    state = undo(client, s)["state"]
    assert not state["complete"] and "finished" not in state
    assert state["month"] == 2 and state["dealer"] == "Aki"
    add(client, s, K9)
    assert get(client, s, "end")["months_played"] == 2


def test_finish_checks_credential_version_and_rounds(client):
    s = new_session(client)
    assert finish(client, s).status_code == 409  # no round yet: nothing to finish
    add(client, s, K7)
    v = version(client, s)
    assert finish(client, s, token="read_token").status_code == 403
    r = client.post(f"/api/v1/sessions/{s['id']}/finish", json={})
    assert r.status_code == 401
    assert finish(client, s, v=False).status_code == 428
    r = finish(client, s, v=v - 1)
    assert r.status_code == 412 and r.get_json()["errors"][0]["current_version"] == v
    key = str(uuid.uuid4())
    first = finish(client, s, v=v, key=key)
    again = finish(client, s, v=v, key=key)
    assert first.status_code == again.status_code == 200
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json() == first.get_json()
    assert version(client, s) == v + 1  # applied once


def test_a_finished_series_stays_finished_through_a_correction(client):
    s = new_session(client)
    add(client, s, K8)
    add(client, s, K9)
    assert finish(client, s).status_code == 200
    v = version(client, s)
    r = client.put(f"/api/v1/sessions/{s['id']}/rounds/1?t={s['edit_token']}",
                   headers={"If-Match": f'"{v}"'}, json=K7)
    assert r.status_code == 200, r.get_json()
    state = r.get_json()["state"]
    assert state["complete"] and state["finished"]
    # K7 then K9: Aki +5 - 2 = 3
    assert {t["player"]: t["chips"] for t in state["totals"]} == {"Aki": 3, "Bo": -3}
    # undo the correction: still finished; undo again: the finish goes
    assert undo(client, s)["state"]["finished"]
    assert not undo(client, s)["state"]["complete"]


def test_export_and_import_keep_a_finished_series_finished(client):
    s = new_session(client)
    add(client, s, K8)
    finish(client, s)
    doc = client.get(f"/api/v1/sessions/{s['id']}/export.json?t={s['read_token']}").get_json()
    assert doc["summary"]["finished"]
    r = client.post("/api/v1/sessions/import", json=doc)
    assert r.status_code == 201, r.get_json()
    t = r.get_json()
    copy = {"id": t["id"], "edit_token": t["edit_token"], "read_token": t["read_token"]}
    end = get(client, copy, "end")
    assert end["over"] and end["finished_early"]
    assert undo(client, copy)["state"]["complete"] is False  # its history came along


def test_the_page_offers_finish_to_the_edit_link_only_and_redoes_it(client):
    s = new_session(client)
    assert 'id="finish"' not in page(client, s)  # no round: nothing to finish
    add(client, s, K8)
    assert 'id="finish"' in page(client, s)
    assert 'id="finish"' not in page(client, s, "read_token")
    finish(client, s)
    text = page(client, s)
    assert 'id="finish"' not in text and 'id="record"' not in text
    assert "The series, finished after month 1" in text_of(text)
    undo(client, s)
    text = page(client, s)
    req = redo_of(text)
    assert req["method"] == "POST" and req["path"].endswith("/finish")
    send(client, s, req)
    assert get(client, s, "end")["finished_early"]


# ------------------------------------------------------------------------ the figures

def test_end_scoresheet_and_statistics_by_hand(client):
    s = new_session(client, chip_value=100, currency="¥")
    for r in (K8, K9, K7):
        add(client, s, r)
    end = get(client, s, "end")
    # chips: Bo -> Aki 12, Aki -> Bo 2, Bo -> Aki 5
    assert [(x["rank"], x["player"], x["chips"], x["money"]) for x in end["standings"]] == [
        (1, "Aki", 15, 1500), (2, "Bo", -15, -1500)]
    assert end["settlement"]["payments"] == [{"from": "Bo", "to": "Aki", "amount": 15,
                                              "money": 1500}]
    assert not end["over"] and end["winners"] == ["Aki"]
    sheet = get(client, s, "scoresheet")
    assert (sheet["n"], sheet["first"], sheet["last"]) == (3, 1, 3)
    rows = [[(c["player"], c["points"], c["chips"], c["total_chips"], c["calls"])
             for c in r["cells"]] for r in sheet["rows"]]
    assert rows == [
        [("Aki", 12, 12, 12, 1), ("Bo", 0, -12, -12, 0)],
        [("Aki", 0, -2, 10, 1), ("Bo", 2, 2, -10, 0)],
        [("Aki", 5, 5, 15, 0), ("Bo", 0, -5, -15, 0)]]
    assert [(r["month"], r["dealer"], r["winner"]) for r in sheet["rows"]] == [
        (1, "Aki", "Aki"), (2, "Aki", "Bo"), (3, "Bo", "Aki")]  # the winner deals next
    assert sheet["chart"]["players"] == [{"player": "Aki", "chips": [0, 12, 10, 15]},
                                         {"player": "Bo", "chips": [0, -12, -10, -15]}]
    st = get(client, s, "statistics")
    aki, bo = st["players"]
    assert (aki["rounds_won"], bo["rounds_won"]) == (2, 1)
    assert aki["calls"] == {"paid": 1, "failed": 1}
    assert aki["biggest_round"] == {"chips": 12, "seq": 1, "month": 1}
    assert aki["combinations"] == [{"id": "akatan", "count": 2}]


def test_the_scoresheet_pages_like_the_round_list(client):
    s = new_session(client, length=None)
    for _ in range(30):
        add(client, s, K7)
    latest = get(client, s, "scoresheet")
    assert (latest["first"], latest["last"], latest["earlier"], latest["later"]) == (19, 30, 18,
                                                                                     None)
    assert [r["seq"] for r in latest["rows"]] == list(range(19, 31))
    first = get(client, s, "scoresheet", upto=12)
    assert (first["first"], first["last"], first["later"]) == (1, 12, 24)
    assert first["rows"][-1]["cells"][0]["total_chips"] == 12 * 5
    small = get(client, s, "scoresheet", upto=5, limit=2)
    assert [r["seq"] for r in small["rows"]] == [4, 5]
    r = client.get(f"/api/v1/sessions/{s['id']}/scoresheet?t={s['read_token']}&limit=0")
    assert r.status_code == 422
    r = client.get(f"/api/v1/sessions/{s['id']}/scoresheet?t=nope")
    assert r.status_code == 401


def test_the_chart_samples_a_long_series():
    assert samples(12) == list(range(1, 13))
    picked = samples(1000)
    assert len(picked) <= CHART_POINTS + 1 and picked[-1] == 1000 and picked[0] >= 1
    assert picked == sorted(set(picked))


def traced(app):
    st = app.extensions["tally_store"]
    seen: list[str] = []
    st.conn.set_trace_callback(seen.append)
    return st, seen


def test_the_page_reads_only_its_rounds_at_1000_rounds(app, client):
    """The page, its poll and the API's scoresheet read the page's 12 rounds and at most 48
    running totals, never the series; the statistics and the end read the session row."""
    r = client.post("/api/v1/sessions/import", json={
        "config": {"game": "koi-koi", "players": ["Aki", "Bo"], "length": None},
        "rounds": [K7] * 1000})
    assert r.status_code == 201, r.get_json()
    big = r.get_json()
    # the test client runs in this thread: it shares the store's connection, so every
    # statement the requests make is seen
    st, seen = traced(app)
    text = page(client, big)
    part = client.get(f"/s/{big['id']}/part?t={big['edit_token']}")
    assert part.status_code == 200
    for what in ("scoresheet", "statistics", "end"):
        get(client, big, what)
    st.conn.set_trace_callback(None)
    reads = [q for q in seen if "FROM rounds" in q]
    wide = [q for q in reads if "BETWEEN" not in q and " IN (" not in q
            and "max(seq)" not in q and "count(*)" not in q and "AND seq =" not in q]
    assert reads and not wide, wide
    assert "Rounds 989–1,000 of 1,000" in text_of(text)
    assert text.count('<tr id="sheet-') == 12
    assert len(re.findall(r'points="([^"]+)"', text)[0].split()) <= CHART_POINTS + 1


def test_migration_5_fills_in_calls_and_penalties(tmp_path):
    path = str(tmp_path / "old.sqlite")
    old = store_at_schema(path, 4)
    cfg = series.check_config({"game": "koi-koi", "players": ["Aki", "Bo"]})
    rounds = series.replay(cfg, [K8, K9, K7])
    sid = "s4"
    write_old_session(old, cfg, [K8, K9, K7], sid=sid)  # schema 4 has no finish
    # what schema 4 kept: the tallies with every round, without calls, penalties or the month
    # of the biggest round
    head, t = series.start(cfg)
    for r in rounds:
        head, t = (lambda s: (s.head, s.tallies))(series.advance(cfg, head, t, r))
        old.conn.execute("UPDATE rounds SET tallies = ? WHERE seq = ?", (json.dumps(t), r.seq))
    for seq, tallies in old.conn.execute("SELECT seq, tallies FROM rounds").fetchall():
        t = json.loads(tallies)
        for p in t.values():
            for k in ("calls_paid", "calls_failed", "penalties"):
                p.pop(k)
            if p["biggest"]:
                p["biggest"].pop("month")
        old.conn.execute("UPDATE rounds SET tallies = ? WHERE seq = ?", (json.dumps(t), seq))
    old.conn.execute("UPDATE sessions SET standing = json_remove(standing, "
                     "'$.tallies.Aki.calls_paid')")
    old.close()
    st = Store(path, "NORMAL")
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 4
    assert st.migrate() == SCHEMA_VERSION >= 5
    tallies = json.loads(st.session_row(sid)["standing"])["tallies"]
    assert (tallies["Aki"]["calls_paid"], tallies["Aki"]["calls_failed"]) == (1, 1)
    assert tallies["Aki"]["biggest"] == {"chips": 12, "seq": 1, "month": 1}
    assert st._checkpoint(cfg, sid, 3)[1] == tallies  # what a correction of round 4 starts from


# ------------------------------------------------------------------------ the page

@pytest.mark.parametrize("lang,words", [
    ("en", ["The winner", "Aki wins the series", "Final standings", "Scoresheet",
            "Chips over the months", "Statistics", "Koi-koi calls: 1 paid, 1 failed",
            "Aki: +15 chips (highest +15, lowest 0)", "Spreadsheet (CSV)",
            "¥1,500"]),
    ("ja", ["勝者", "Akiの優勝", "最終順位", "得点表", "月ごとのチップの推移", "成績",
            "成功 1、失敗 1", "Aki: +15チップ (最高 +15、最低 0)", "表計算 (CSV)"]),
    ("ko", ["우승자", "Aki 우승", "최종 순위", "점수표", "판마다의 칩 변화", "통계",
            "성공 1, 실패 1", "Aki: +15칩 (최고 +15, 최저 0)", "스프레드시트 (CSV)"]),
])
def test_the_page_names_the_winner_and_draws_the_evening(client, lang, words):
    s = new_session(client, chip_value=100, currency="¥")
    for r in (K8, K9, K7):
        add(client, s, r)
    finish(client, s)
    text = page(client, s, lang=lang)
    said = text_of(text)
    for w in words:
        assert w in said, (w, said[:3000])
    # the scoresheet: 3 months, the dealer and the koi-koi calls marked
    assert text.count('<tr id="sheet-') == 3
    assert text.count('class="badge b-call"') == 2 and text.count("badge b-deal") == 3
    # the chart: a line per player in the player's colour, described by its words
    svg = re.search(r"<svg class=\"chart\".*?</svg>", text, re.S).group(0)
    assert svg.count("<polyline") == 2 and 'aria-describedby="chart-text"' in svg
    assert "fill=" not in svg and "stroke=" not in svg  # colours from CSS (dark mode)
    # the exports carry this page's token; no internal id is shown
    assert f"/export.csv?t={s['edit_token']}" in text
    assert f"/export.json?t={s['edit_token']}" in text
    assert s["id"] not in said and "None" not in said and "True" not in said


def test_the_exports_linked_from_a_read_only_page_work_with_its_token(client):
    s = new_session(client)
    add(client, s, K8)
    text = page(client, s, "read_token")
    for kind in ("csv", "json"):
        href = re.search(rf'href="(/api/v1/sessions/[^"]+/export\.{kind}\?t=[^"]+)"',
                         text).group(1)
        r = client.get(href.replace("&amp;", "&"))
        assert r.status_code == 200
    assert "Aki" in r.get_data(as_text=True)


def test_every_word_of_the_evening_is_translated():
    from babel.messages.pofile import read_po
    from tally import session_views

    for lang in ("ja", "ko"):
        with open(f"tally/translations/{lang}/LC_MESSAGES/messages.po", "rb") as f:
            cat = read_po(f, locale=lang)
        missing = [w for w in session_views.WORDS if not (cat.get(w) and cat.get(w).string)]
        assert not missing, (lang, missing)
