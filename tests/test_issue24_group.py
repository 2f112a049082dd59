"""Issue 24, item 8: a series still being played is not counted in "Series won 0 / 1" on the
group page; the API says both the series taken part in and the finished ones. The league of
tests/test_api_groups.py: s1 (A, B) and s2 (B, C) are 3 and 2 months of 6, s3 (C, A) is
finished (6 of 6) and A won it."""

from __future__ import annotations

import re

from test_api_groups import app, client, get, league  # noqa: F401  (fixtures)


def test_unfinished_series_are_not_counted_as_played(client, league):  # noqa: F811
    by = {p["player"]: p for p in get(client, league, "standings").json["players"]}
    assert {p: by[p]["series_played"] for p in by} == {"A": 2, "B": 2, "C": 2}
    assert {p: by[p]["series_finished"] for p in by} == {"A": 1, "B": 0, "C": 1}
    page = client.get(f"/g/{league['id']}?t={league['token']}").get_data(as_text=True)
    shown = dict(re.findall(r'<li class="standing" data-player="([^"]+)">.*?'
                            r'<dd data-k="series_won">([^<]*)</dd>', page, re.S))
    assert shown == {"A": "1 / 1", "B": "0 / 0", "C": "0 / 1"}


def test_the_chart_says_every_month(client):  # noqa: F811
    """Issue 24, item 8: the chart's axis names every month played (it named the first and
    the last only): 5 months of Koi-Koi -> 1, 2, 3, 4, 5 under the lines."""
    from test_api import Session, k7
    s = Session(client, players=["A", "B"], length=6)
    for _ in range(5):
        assert s.add(k7("A", "B")).status_code == 201
    page = client.get(f"/s/{s.id}?t={s.edit}").get_data(as_text=True)
    svg = re.search(r'<svg class="chart".*?</svg>', page, re.S).group(0)
    assert re.findall(r'text-anchor="middle">([^<]*)</text>', svg) == ["1", "2", "3", "4", "5"]


def test_a_shaking_month_is_filled_in_only_where_it_pays_nothing(client):  # noqa: F811
    """Issue 24, item 1: quick entry fills a shaking's month the table did not say with the
    session's month, but not under `heundeum_paulownia_willow_x4` (go-stop.md 3.6: a
    paulownia or willow shaking is x4 there), where the table must say it."""
    import json
    for options, guess in (({}, True), ({"heundeum_paulownia_willow_x4": True}, False)):
        s = client.post("/api/v1/sessions", json={"game": "go-stop", "players": ["A", "B", "C"],
                                                  "options": options}).json
        page = client.get(f"/s/{s['id']}/record?t={s['edit_token']}").get_data(as_text=True)
        ctx = json.loads(re.search(r'id="ctx">(.*?)</script>', page, re.S).group(1))
        assert ctx["game"]["guess_month"] is guess, options
