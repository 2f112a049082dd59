"""A group in a real browser (issue 14): made on the home page, picked for three sessions (its
known players seated with one tap), rounds recorded by tapping cards, then the group page's
standings, head-to-head, period filters, links and words in en/ja/ko.

Every figure is worked out here from the rounds' payments. Each round is a stop with the three
poetry ribbons: akatan, 5 points (koi-koi.md section 4 table; K7 in section 9), paid by the
other player in chips (a chip is worth 1):
    s1 Aki, Bo:  Aki stops, Bo stops, Aki stops   -> Aki +5, Bo -5
    s2 Bo, Cy:   Cy stops twice                   -> Bo -10, Cy +10
    s3 Cy, Aki:  Aki stops                        -> Aki +5, Cy -5
    standings: Aki +10, Cy +5, Bo -15; rounds won: Aki 3, Cy 2, Bo 1
    head-to-head: Aki won 5 from Bo and 5 from Cy, Cy won 10 from Bo
"""

from __future__ import annotations

import pathlib

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

import tally

from .conftest import serving, shot
from .test_browser_flows import SESSION_URL, Phone

POETRY = ("pine-poetry", "plum-poetry", "cherry-poetry")
CATALOGUES = pathlib.Path(tally.__file__).parent / "translations"


def say(lang: str, text: str) -> str:
    if lang == "en":
        return text
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f).get(text).string


def start_in_group(a: Phone, group: str, known: list[str], seats: list[str]):
    """Start a 6-month Koi-Koi in ``group``: its known players offered as chips, each seat
    filled by tapping its chip, or typed when the player is new."""
    p = a.page
    p.goto(a.base + "/")
    p.select_option("#group-pick", label=group)
    expect(p.locator("#known button")).to_have_count(len(known))
    assert p.locator("#known button").all_inner_texts() == sorted(known)
    for i, name in enumerate(seats):
        if name in known:
            p.click(f'#known button[data-name="{name}"]')
            expect(p.locator(f'#known button[data-name="{name}"]')).to_have_attribute(
                "aria-pressed", "true")
        else:
            p.fill(f"#player-list .player-row:nth-child({i + 1}) input", name)
    assert [p.input_value(f"#player-list .player-row:nth-child({i + 1}) input")
            for i in range(len(seats))] == seats
    p.select_option("select[name=length]", "6")
    p.click("#start button[type=submit]")
    p.wait_for_url(SESSION_URL)


def chips(page, name):
    return page.get_attribute(f'.standing[data-player="{name}"] .chips', "data-chips")


def won(page, row, col):
    return page.get_attribute(f'#group-h2h td[data-row="{row}"][data-col="{col}"]',
                              "data-chips")


def test_a_group_with_three_sessions(server, phone):
    a = Phone(phone(), server)
    p = a.page
    # a group made on the home page is picked for the next session at once
    p.goto(server + "/")
    p.select_option("#group-pick", "new")
    p.fill("#group-name", "Friday club")
    p.click("#group-create")
    expect(p.locator("#group-open")).to_be_visible()
    assert p.locator("#group-pick option:checked").inner_text() == "Friday club"
    shot(p, "home-group-created")
    for i, name in enumerate(["Aki", "Bo"]):
        p.fill(f"#player-list .player-row:nth-child({i + 1}) input", name)
    p.select_option("select[name=length]", "6")
    p.click("#start button[type=submit]")
    p.wait_for_url(SESSION_URL)
    a.month(0, POETRY)
    a.month(1, POETRY)
    a.month(0, POETRY)
    assert a.chips("Aki") == "+5" and a.chips("Bo") == "-5"

    start_in_group(a, "Friday club", ["Aki", "Bo"], ["Bo", "Cy"])
    a.month(1, POETRY)
    a.month(1, POETRY)
    assert a.chips("Cy") == "+10"
    start_in_group(a, "Friday club", ["Aki", "Bo", "Cy"], ["Cy", "Aki"])
    a.month(1, POETRY)
    assert a.chips("Aki") == "+5"

    # the group's page, from the home page's list of groups
    p.goto(server + "/")
    p.click("#group-list a")
    expect(p.locator("h1")).to_have_text("Friday club")
    group_url = p.url
    assert [p.get_attribute(x, "data-player") for x in ["#group-standings li:nth-child(1)",
            "#group-standings li:nth-child(2)", "#group-standings li:nth-child(3)"]] == \
        ["Aki", "Cy", "Bo"]
    assert (chips(p, "Aki"), chips(p, "Cy"), chips(p, "Bo")) == ("10", "5", "-15")
    assert p.inner_text('.standing[data-player="Aki"] [data-k="rounds_won"]') == "3 / 4"
    assert p.inner_text('.standing[data-player="Bo"] [data-k="rounds_won"]') == "1 / 5"
    assert (won(p, "Aki", "Bo"), won(p, "Aki", "Cy"), won(p, "Cy", "Bo")) == ("5", "5", "10")
    assert (won(p, "Bo", "Aki"), won(p, "Cy", "Aki"), won(p, "Bo", "Cy")) == ("-5", "-5", "-10")
    expect(p.locator("#group-chart polyline")).to_have_count(3)
    assert p.locator("#group-h2h").bounding_box()["width"] <= 360
    shot(p, "group-page")
    # every session of the group opens from its list (the view-only link)
    expect(p.locator(".group-sessions a")).to_have_count(3)
    p.click(".group-sessions li:nth-child(1) a")
    p.wait_for_url(SESSION_URL)
    assert p.locator("#record").count() == 0  # view-only

    # periods: this month holds all three; dates long past hold none
    p.goto(group_url)
    p.click("label:has(input[value=month])")
    p.wait_for_url("**period=month**")
    assert chips(p, "Aki") == "10" and won(p, "Cy", "Bo") == "10"
    p.click("label:has(input[value=custom])")
    expect(p.locator("#group-dates")).to_be_visible()
    p.fill("input[name=from]", "2020-01-01")
    p.fill("input[name=to]", "2020-12-31")
    p.click("#group-show")
    p.wait_for_url("**period=custom**")
    expect(p.locator("#group-empty")).to_be_visible()
    assert p.locator(".standing").count() == 0
    p.click("label:has(input[value=all])")
    p.wait_for_url("**period=all**")
    assert chips(p, "Bo") == "-15"

    # the words in ja and ko, the same figures
    for lang, label in (("ja", "日本語"), ("ko", "한국어"), ("en", "EN")):
        p.click(f".langs a[data-lang={lang}]")
        expect(p.locator("#group-h2h-title")).to_have_text(say(lang, "Head-to-head"))
        expect(p.locator("#group-standings-title")).to_have_text(say(lang, "Standings"))
        expect(p.locator("label:has(input[value=month]) span")).to_have_text(
            say(lang, "This month"))
        assert won(p, "Aki", "Bo") == "5" and chips(p, "Cy") == "5"
        assert p.evaluate("document.documentElement.lang") == lang

    # the view-only link, on another phone: the figures, no way to start a session
    p.click("#group-share-open")
    read_link = p.input_value("#group-read-link")
    assert p.input_value("#group-edit-link").endswith(group_url.split("?")[1].split("&")[0])
    b = phone()
    b.goto(read_link)
    assert chips(b, "Aki") == "10" and won(b, "Cy", "Bo") == "10"
    assert b.locator("#group-start").count() == 0
    # a phone that only saw the view-only link does not offer the group for a new session
    b.goto(server + "/")
    expect(b.locator("#group-list a")).to_have_count(1)
    assert b.locator("#group-pick option").count() == 2  # no group, a new group


@pytest.fixture(scope="module")
def big_club():
    """A server of its own with a group of 45 sessions ("Night 1" ... "Night 45", a day apart,
    each linked as the home page links it), stored directly: the API lets one address start
    30 sessions a minute, and the other tests share the session-wide server."""
    from tally.api.groups import seal_link
    from tally.store import read_token_of

    with serving() as (url, app):
        st = app.extensions["tally_store"]
        gid, token = st.create_group("Big club")
        cfg = tally.series.check_config({"game": "koi-koi", "players": ["Aki", "Bo"],
                                         "length": None})
        ids = []
        for i in range(45):
            s = st.create_session(cfg, group_id=gid, title=f"Night {i + 1}",
                                  created=f"2025-01-{1 + i // 2:02d}T{10 + i % 2}:00:00.000Z")
            st.link_group_session(gid, s["id"], seal_link(read_token_of(token), s["id"],
                                                          s["read_token"]))
            ids.append(s["id"])
        yield {"url": f"{url}/g/{gid}?t={token}", "ids": ids, "token": token}


def test_the_list_of_a_big_group_goes_page_by_page(big_club, phone):
    """The list shows 20 sessions at a time; its Older / Newer links, side by side at 360
    px, keep the period and the token, and a session opens from any page."""
    p = phone()
    p.goto(big_club["url"] + "&period=all")
    titles = p.locator(".group-sessions li strong")
    expect(titles).to_have_count(20)
    assert titles.first.inner_text() == "Night 45"
    expect(p.locator("#group-newer")).to_have_count(0)
    older = p.locator("#group-older")
    older.scroll_into_view_if_needed()
    box = older.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] >= 44
    assert p.evaluate("document.documentElement.scrollWidth") <= 360
    older.click()
    p.wait_for_url("**page=2**")
    assert "period=all" in p.url and f"t={big_club['token']}" in p.url
    expect(titles).to_have_count(20)
    assert titles.first.inner_text() == "Night 25"
    expect(p.locator("#group-page-said")).to_have_text("21–40 of 45")
    p.locator("#group-pager").scroll_into_view_if_needed()
    shot(p, "group-pager")
    newer, older = p.locator("#group-newer").bounding_box(), p.locator(
        "#group-older").bounding_box()
    assert newer["x"] + newer["width"] <= older["x"] and older["x"] + older["width"] <= 360
    p.click("#group-older")
    p.wait_for_url("**page=3**")
    expect(titles).to_have_count(5)
    assert titles.last.inner_text() == "Night 1"
    expect(p.locator("#group-older")).to_have_count(0)
    p.click("#group-newer")
    p.wait_for_url("**page=2**")
    p.click("#group-newer")
    p.wait_for_url(lambda url: "page=" not in url and "period=all" in url)
    assert titles.first.inner_text() == "Night 45"
    p.click(".group-sessions li:nth-child(3) a")  # Night 43: a view-only session page
    p.wait_for_url(SESSION_URL)
    assert big_club["ids"][42] in p.url and p.locator("#record").count() == 0
