"""The session page at scale and in the reader's locale (issues 9 and 12), with Flask's test
client:

- an unchanged poll of /s/<id>/part with the ETag the compressed answer carried ("...:br")
  is a 304 before any template is rendered;
- the page lists the latest months and pages the rest (links that work without a script and
  keep the link's token); the totals stay complete;
- numbers, money, months and plurals as the locale writes them, chips and points on
  separate lines;
- Redo puts back a series of undone changes in reverse order.

Every round here is the Koi-Koi month of docs/games/koi-koi.md and tests/test_pages.py:
Aki stops with the three poetry ribbons (akatan, 5 points; /work/shared/rules/koi-koi.md
section 4), so Aki +5 chips and Bo -5 a round."""

from __future__ import annotations

import html
import json
import re
import uuid

import pytest
from flask import template_rendered

from tally.web import create_app

AKATAN = {"captures": {"Aki": ["pine-poetry", "plum-poetry", "cherry-poetry"], "Bo": []},
          "events": [{"type": "stop", "player": "Aki"}]}
# Bo stops with the three brights without the rain man (sanko, 5 points: koi-koi.md section 4)
SANKO = {"captures": {"Bo": ["pine-crane", "cherry-curtain", "pampas-moon"], "Aki": []},
         "events": [{"type": "stop", "player": "Bo"}]}


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "t.sqlite"), "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def new_session(client, **kw):
    body = {"game": "koi-koi", "players": ["Aki", "Bo"], **kw}
    r = client.post("/api/v1/sessions", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def add(client, s, body, by=None):
    v = client.get(f"/api/v1/sessions/{s['id']}?t={s['edit_token']}&include=rounds,ledger").get_json()["version"]
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    headers={"If-Match": f'"{v}"'}, json=dict(body, **({"by": by} if by else {})))
    assert r.status_code == 201, r.get_json()
    return r.get_json()["version"]


def page(client, s, token="edit_token", **args):
    q = "&".join(f"{k}={v}" for k, v in args.items())
    r = client.get(f"/s/{s['id']}?t={s[token]}" + (f"&{q}" if q else ""))
    assert r.status_code == 200
    return r.get_data(as_text=True)


def text_of(page_html: str) -> str:
    """The words as read: inline emphasis (<strong>, <b>) and a name's isolation (<bdi>, the
    invisible U+2068 ... U+2069) join their neighbours."""
    inline = re.sub(r"</?(strong|b|bdi)>|[\u2068\u2069]", "", page_html)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", inline)))


# ------------------------------------------------------------------------ 1. the 304 poll

@pytest.mark.parametrize("encoding", ["zstd", "br", "gzip"])
def test_an_unchanged_poll_is_a_304_before_anything_is_rendered(app, client, encoding):
    s = new_session(client)
    add(client, s, AKATAN)
    url = f"/s/{s['id']}/part?t={s['read_token']}"
    rendered = []

    def count(sender, template, context, **extra):
        rendered.append(template.name)

    first = client.get(url, headers={"Accept-Encoding": encoding})
    assert first.status_code == 200 and first.headers["Content-Encoding"] == encoding
    tag = first.headers["ETag"]
    assert tag.endswith(f':{encoding}"')  # the compressed answer's tag, as a browser keeps it
    with template_rendered.connected_to(count, app):
        again = client.get(url, headers={"Accept-Encoding": encoding, "If-None-Match": tag})
    assert again.status_code == 304 and not again.data
    assert rendered == []  # answered before the part was rendered (or compressed)
    assert again.headers["Cache-Control"] == "no-store"

    add(client, s, SANKO)  # a change: the same tag now gets the new part
    with template_rendered.connected_to(count, app):
        changed = client.get(url, headers={"Accept-Encoding": encoding, "If-None-Match": tag})
    assert changed.status_code == 200 and rendered == ["pages/_session_part.html"]


def test_a_poll_of_another_language_or_page_of_rounds_is_not_a_304(client):
    s = new_session(client)
    add(client, s, AKATAN)
    url = f"/s/{s['id']}/part?t={s['read_token']}"
    tag = client.get(url + "&lang=en", headers={"Accept-Encoding": "br"}).headers["ETag"]
    assert client.get(url + "&lang=ja", headers={"If-None-Match": tag}).status_code == 200
    assert client.get(url + "&lang=en&upto=1",
                      headers={"If-None-Match": tag}).status_code == 200


# ------------------------------------------------------------------ 2. the latest months

@pytest.fixture
def long_session(client):
    """An open-ended session of 200 rounds, every one Aki's akatan."""
    s = new_session(client, length=None)
    v = s["version"]
    for _ in range(200):
        r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                        headers={"If-Match": f'"{v}"'}, json=AKATAN)
        assert r.status_code == 201, r.get_json()
        v = r.get_json()["version"]
    return s


def listed(page_html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li class="round" id="round-(\d+)"', page_html)]


def test_the_page_lists_the_latest_months_and_pages_back_to_round_1(client, long_session):
    s = long_session
    latest = page(client, s, "read_token")
    assert listed(latest) == list(range(200, 188, -1))  # the latest 12, newest first
    # the totals stay complete: 200 rounds of +5 for Aki
    words = text_of(latest)
    assert "+1,000" in words and "200 rounds won" in words
    assert "Rounds 189–200 of 200" in words
    seen, here, pages = set(listed(latest)), latest, 1
    while True:  # "Show earlier months" is a plain link: no script needed
        m = re.search(r'<a class="button" rel="prev" href="([^"]+)"', here)
        if not m:
            break
        href = html.unescape(m.group(1))
        assert f"t={s['read_token']}" in href and s["edit_token"] not in href
        here = client.get(href.split("#")[0]).get_data(as_text=True)
        rows = listed(here)
        assert 0 < len(rows) <= 12 and not seen & set(rows)
        seen |= set(rows)
        pages += 1
    assert seen == set(range(1, 201)) and pages == 17  # ceil(200 / 12)
    assert listed(here)[-1] == 1
    # an earlier page links back to later rounds and to the latest ones
    assert 'rel="next"' in here and "Latest months" in here


def test_an_earlier_page_is_polled_at_its_own_rounds(client, long_session):
    s = long_session
    early = page(client, s, "read_token", upto=30)
    assert listed(early) == list(range(30, 18, -1))
    assert 'data-upto="30"' in early
    part = client.get(f"/s/{s['id']}/part?t={s['read_token']}&upto=30").get_data(as_text=True)
    assert listed(part) == list(range(30, 18, -1))
    # nonsense upto values list the latest rounds or the first ones, never fail
    assert listed(page(client, s, upto="x"))[0] == 200
    assert listed(page(client, s, upto=0))[0] == 200
    assert listed(page(client, s, upto=99999))[0] == 200
    assert listed(page(client, s, upto=-5))[0] == 200
    assert listed(page(client, s, upto=3)) == [3, 2, 1]


# ------------------------------------------------------------------ 3. locale formats

def test_money_months_and_plurals_follow_the_locale(client):
    # a chip is worth 360 won: Aki's akatan (5 chips) is ₩1,800; each locale writes won its own
    # way (issue 23: "3,600원", "3,600ウォン")
    s = new_session(client, chip_value=360, currency="₩")
    add(client, s, AKATAN)
    en = text_of(page(client, s, lang="en"))
    assert "+5 chips · ₩1,800" in en
    assert "5 points · 1 round won" in en and "0 points · 0 rounds won" in en
    assert "Bo → Aki 5 chips (₩1,800)" in en
    assert "Month 2 / 12" in en and "Month 1" in en
    add(client, s, AKATAN)
    en = text_of(page(client, s, lang="en"))
    assert "10 points · 2 rounds won" in en and "₩3,600" in en
    ja = text_of(page(client, s, lang="ja"))
    assert "3月 / 12" in ja and "2回勝ち" in ja and "+10 チップ · 3,600ウォン" in ja
    ko = text_of(page(client, s, lang="ko"))
    # a round is a 판 (issue 23), not a month
    assert "3판 / 12" in ko and "2판 승" in ko and "+10 칩 · 3,600원" in ko


def test_chips_and_points_are_never_on_one_line(client):
    s = new_session(client, chip_value=360, currency="₩")
    add(client, s, AKATAN)
    text = page(client, s)
    for total in re.findall(r'<li class="total.*?</li>', text, re.S):
        lines = [text_of(x) for x in re.findall(r"<span[^>]*>.*?</span>", total, re.S)]
        assert lines, total
        for line in lines:
            assert not (re.search(r"\bchips?\b", line) and re.search(r"\bpoints?\b", line)), line


def test_a_session_without_money_shows_no_money(client):
    s = new_session(client)
    add(client, s, AKATAN)
    words = text_of(page(client, s))
    assert "+5 chips" in words and "₩" not in words and "(5" not in words


# ------------------------------------------------------------------ 4. redo, many levels

def redo_of(text: str) -> dict | None:
    m = re.search(r'data-request="([^"]*)"', text)
    return json.loads(html.unescape(m.group(1))) if m else None


def send(client, s, req):
    v = client.get(f"/api/v1/sessions/{s['id']}?t={s['edit_token']}&include=rounds,ledger").get_json()["version"]
    url = req["path"] + f"?t={s['edit_token']}" + req.get("query", "")
    headers = {"If-Match": f'"{v}"'}
    if req["method"] == "POST":
        headers["Idempotency-Key"] = str(uuid.uuid4())
    r = client.open(url, method=req["method"], headers=headers, json=req.get("body"))
    assert r.status_code < 300, r.get_json()
    return r


def undo(client, s):
    v = client.get(f"/api/v1/sessions/{s['id']}?t={s['edit_token']}&include=rounds,ledger").get_json()["version"]
    r = client.post(f"/api/v1/sessions/{s['id']}/undo?t={s['edit_token']}",
                    headers={"If-Match": f'"{v}"'}, json={})
    assert r.status_code == 200, r.get_json()


def totals(client, s):
    body = client.get(f"/api/v1/sessions/{s['id']}?t={s['edit_token']}&include=rounds,ledger").get_json()
    return {t["player"]: t["chips"] for t in body["state"]["totals"]}, len(body["rounds"])


def test_a_series_of_undos_is_redone_in_reverse_order(client):
    s = new_session(client)
    add(client, s, AKATAN, by="Aki")
    add(client, s, SANKO, by="Bo")
    add(client, s, AKATAN, by="Aki")
    before = totals(client, s)
    for _ in range(3):
        undo(client, s)
    assert totals(client, s) == ({"Aki": 0, "Bo": 0}, 0)
    # the last undone first: month 1 (Aki's), then month 2 (Bo's), then month 3
    for month, by, more in ((1, "Aki", 2), (2, "Bo", 1), (3, "Aki", 0)):
        text = page(client, s)
        words = text_of(text)
        assert f"Undone: Month {month}, added by {by}" in words
        assert ("more change" in words) == bool(more)
        if more:
            assert f"{more} more change{'s' if more > 1 else ''} can be redone" in words
        send(client, s, redo_of(text))
    assert totals(client, s) == before
    text = page(client, s)
    assert 'id="redo"' not in text
    assert "Last change: Month 3, added by Aki" in text_of(text)  # the writer is kept
    hist = client.get(f"/api/v1/sessions/{s['id']}/history?t={s['edit_token']}").get_json()
    assert [h["action"] for h in hist["history"]][-3:] == ["add_round"] * 3


def test_redo_puts_back_a_correction_and_a_deletion_too(client):
    s = new_session(client)
    add(client, s, AKATAN)
    add(client, s, AKATAN)
    v = client.get(f"/api/v1/sessions/{s['id']}?t={s['edit_token']}&include=rounds,ledger").get_json()["version"]
    assert client.put(f"/api/v1/sessions/{s['id']}/rounds/1?t={s['edit_token']}",
                      headers={"If-Match": f'"{v}"'}, json=SANKO).status_code == 200
    assert client.delete(f"/api/v1/sessions/{s['id']}/rounds/2?t={s['edit_token']}&by=Bo",
                         headers={"If-Match": f'"{v + 1}"'}).status_code == 200
    after = totals(client, s)
    assert after == ({"Aki": -5, "Bo": 5}, 1)  # round 1 is now Bo's sanko, round 2 gone
    undo(client, s)
    undo(client, s)
    assert totals(client, s) == ({"Aki": 10, "Bo": -10}, 2)
    first = redo_of(page(client, s))
    assert first["method"] == "PUT" and first["path"].endswith("/rounds/1")
    send(client, s, first)
    second = redo_of(page(client, s))
    assert second["method"] == "DELETE" and second["query"] == "&by=Bo"
    send(client, s, second)
    assert totals(client, s) == after
    assert 'id="redo"' not in page(client, s)


def test_a_new_change_after_an_undo_ends_what_redo_can_put_back(client):
    s = new_session(client)
    add(client, s, AKATAN)
    add(client, s, AKATAN)
    undo(client, s)
    undo(client, s)
    assert 'id="redo"' in page(client, s)
    add(client, s, SANKO)  # a new month 1, not a redo
    text = page(client, s)
    assert 'id="redo"' not in text and "Last change: Month 1, added" in text_of(text)
    undo(client, s)  # only that new round is offered back
    words = text_of(page(client, s))
    assert "Undone: Month 1, added · Bo wins" not in words  # the undone round is not on the page
    assert "Undone: Month 1, added" in words and "more change" not in words


def test_a_view_only_page_offers_no_redo(client):
    s = new_session(client)
    add(client, s, AKATAN)
    undo(client, s)
    assert 'id="redo"' not in page(client, s, "read_token")
