"""Issue 24, item 8: a series still being played is not counted in "Series won 0 / 1" on the
group page; the API says both the series taken part in and the finished ones. The league of
tests/test_api_groups.py: s1 (A, B) and s2 (B, C) are 3 and 2 months of 6, s3 (C, A) is
finished (6 of 6) and A won it.

Then the rest of issue 24 the server draws: one colour rule per player (the session page by
seat, the group page by the order the group first saw its players), no points beside Go-Stop's
chips in the scoresheet, and who sat a hand out read from the round."""

from __future__ import annotations

import re

from test_api import Session, k7
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


# ----------------------------------------------------------------------------- one colour rule

def colours(page: str, pattern: str) -> dict:
    """{player: colour index} of every match of ``pattern`` (groups: index, name)."""
    return {name: int(k) for k, name in re.findall(pattern, page, re.S)}


STANDING = (r'<li class="standing" data-player="[^"]+">\s*<div class="standing-head">'
            r'<span class="swatch p(\d)"[^>]*></span><strong class="name"><bdi>([^<]+)</bdi>')
H2H_ROW = r'<th scope="row"><span class="swatch p(\d)"[^>]*></span> <bdi>([^<]+)</bdi></th>'
LEGEND = r'<li><span class="swatch p(\d)" aria-hidden="true"></span><bdi>([^<]+)</bdi>'


def group_colours(client, league, **q) -> dict:  # noqa: F811
    qs = "".join(f"&{k}={v}" for k, v in q.items())
    page = client.get(f"/g/{league['id']}?t={league['token']}{qs}").get_data(as_text=True)
    found = [colours(page, STANDING), colours(page, H2H_ROW), colours(page, LEGEND)]
    assert found[0] == found[1] == found[2], found  # standings, head-to-head and chart agree
    lines = re.findall(r'<polyline class="ln p(\d)"', page)
    assert sorted(map(int, lines)) == sorted(found[0].values())  # a line in each one's colour
    return found[0]


def test_one_colour_per_player_on_the_group_page(client, league):  # noqa: F811
    """Issue 24, item 8: the group page coloured by rank, so a colour moved when the standings
    did and never matched the session page. Now a player's colour is their place in the order
    the group first saw them: s1 seats A, B; s2 brings C (A p0, B p1, C p2), the same in the
    standings, the head-to-head and the chart, whatever the ranks, the period or the game."""
    assert group_colours(client, league) == {"A": 0, "B": 1, "C": 2}  # ranks A, B, C
    # C takes 30 chips from B (K7 six times: koi-koi.md 9, akatan 5 each): ranks A, C, B
    s4 = Session(client, group=league["id"], group_token=league["token"], players=["C", "B"],
                 length=6)
    for _ in range(6):
        assert s4.add(k7("C", "B")).status_code == 201
    by = {p["player"]: p["net_chips"] for p in
          get(client, league, "standings").json["players"]}
    assert by == {"A": 28, "B": -38, "C": 10}
    assert group_colours(client, league) == {"A": 0, "B": 1, "C": 2}
    # a game of its own, first played by C, B, A: the colours stay the group's
    gs = Session(client, game="go-stop", group=league["id"], group_token=league["token"],
                 players=["C", "B", "A"], length=3)
    assert gs.add({"captures": {"C": ["pine-poetry", "plum-poetry", "cherry-poetry"],
                                "B": [], "A": []},
                   "events": [{"type": "stop", "player": "C"}]}).status_code == 201
    assert group_colours(client, league, game="go-stop") == {"A": 0, "B": 1, "C": 2}
    assert group_colours(client, league, period="month") == {"A": 0, "B": 1, "C": 2}


def test_the_session_page_colours_by_seat(client, league):  # noqa: F811
    """The session page's rule: the seat, on the player cards, the scoresheet's heads and the
    chart's lines and words. s1 sat A, B as the group first saw them: the group page's
    colours (A p0, B p1)."""
    s1 = league["sessions"][0]
    page = client.get(f"/s/{s1.id}?t={s1.edit}").get_data(as_text=True)
    cards = colours(page, r'<li class="total p(\d)[^"]*" data-player="([^"]+)">')
    heads = colours(page, r'<th scope="col" class="p(\d)"><span class="pn"><bdi>([^<]+)</bdi>')
    legend = colours(page, r'<li class="p(\d)"><svg class="key".*?</svg><span><bdi>([^<]+)</bdi>')
    assert cards == heads == legend == {"A": 0, "B": 1}
    svg = re.search(r'<svg class="chart".*?</svg>', page, re.S).group(0)
    assert re.findall(r'<polyline class="ln p(\d)"', svg) == ["0", "1"]
    assert sorted(set(re.findall(r'<use class="mk p(\d)" href="#mk(\d)"', svg))) == [
        ("0", "0"), ("1", "1")]  # each line's marker its own


def test_go_stop_scoresheet_writes_no_points_beside_chips(client):  # noqa: F811
    """Issue 24, item 4: a Go-Stop cell showed "100 pt" beside +100 chips: the engine's points
    are the chips a player won or paid, so the sheet writes the chips only. Koi-Koi keeps its
    points (the stopper's yaku points, the other player's 0: koi-koi.md 5.4)."""
    gs = Session(client, game="go-stop", players=["Ana", "Bo", "Cy"], length=3)
    # Ana's hong-dan, 3 points (go-stop.md 4), no Go, no bak: Bo and Cy pay 3 each (6.2)
    assert gs.add({"captures": {"Ana": ["pine-poetry", "plum-poetry", "cherry-poetry"],
                                "Bo": [], "Cy": []},
                   "events": [{"type": "stop", "player": "Ana"}]}).status_code == 201
    page = client.get(f"/s/{gs.id}?t={gs.edit}").get_data(as_text=True)
    sheet = re.search(r'<section id="sheet".*?</section>', page, re.S).group(0)
    assert re.findall(r'<span class="ch">([^<]+)</span>', sheet)[:3] == ["+6", "-3", "-3"]
    assert 'class="pt"' not in sheet and " pt<" not in sheet
    ks = Session(client, players=["A", "B"])
    assert ks.add(k7()).status_code == 201
    page = client.get(f"/s/{ks.id}?t={ks.edit}").get_data(as_text=True)
    sheet = re.search(r'<section id="sheet".*?</section>', page, re.S).group(0)
    assert re.findall(r'<span class="pt">([^<]+)</span>', sheet)[:2] == ["5 pt", "0 pt"]


def test_sitting_out_is_read_from_the_round():
    """The players marked as sitting a hand out: those the round's ``sitting_out`` names, and
    those its result gives no part but sitting out (go-stop.md 3.7: "sat out", a forced
    drop-out paid for its brights "seller")."""
    from tally.session_views import sat_out
    view = {"input": {"sitting_out": {"D": {}}},
            "result": {"players": [{"player": "A", "role": "winner"},
                                   {"player": "D", "role": "sat out"},
                                   {"player": "E", "role": "seller"}]}}
    assert sat_out(view) == ["D", "E"]
    assert sat_out({"input": {}, "result": {"players": [{"player": "A", "role": ""}]}}) == []
