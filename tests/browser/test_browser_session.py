"""The session page in a real browser (Debian's chromium, 360 x 740; issues 9 and 12):

- the page's poll of /part answers 304 through the real compression while nothing changes;
- the latest months are listed and "Show earlier months" pages back to round 1 with no script;
- Redo puts back a series of undos in reverse order, each said and focused;
- the start form's checks speak the page's language, not the browser's;
- screenshots of a 3-player Go-Stop session and a Koi-Koi one with money, en/ja/ko, light and
  dark, in /tmp/shots/session/.

The rounds are those of tests/test_session_page.py: Aki's akatan and Bo's sanko, 5 points each
(/work/shared/rules/koi-koi.md section 4); the Go-Stop round is the game's documented example
(docs/games/go-stop.md, GAMES["go-stop"].round_example)."""

from __future__ import annotations

import pathlib
import re

import pytest
from playwright.sync_api import expect

from tally import GAMES

from .conftest import PHONE
from .test_browser_traps import tr

SHOTS = pathlib.Path("/tmp/shots/session")
AKATAN = {"captures": {"Aki": ["pine-poetry", "plum-poetry", "cherry-poetry"], "Bo": []},
          "events": [{"type": "stop", "player": "Aki"}]}
SANKO = {"captures": {"Bo": ["pine-crane", "cherry-curtain", "pampas-moon"], "Aki": []},
         "events": [{"type": "stop", "player": "Bo"}]}


def new_session(request, server, **kw):
    body = {"game": "koi-koi", "players": ["Aki", "Bo"], **kw}
    r = request.post(server + "/api/v1/sessions", data=body)
    assert r.status == 201, r.text()
    return r.json()


def add(request, server, s, body, by=None):
    v = request.get(f"{server}/api/v1/sessions/{s['id']}?t={s['edit_token']}").json()["version"]
    r = request.post(f"{server}/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                     data=dict(body, **({"by": by} if by else {})),
                     headers={"If-Match": f'"{v}"'})
    assert r.status == 201, r.text()


def url_of(server, s, token="edit_token"):
    return f"{server}/s/{s['id']}?t={s[token]}"


def test_an_open_page_polls_with_304s_through_the_compression(server, phone):
    page = phone()
    s = new_session(page.request, server)
    add(page.request, server, s, AKATAN)
    polls = []
    page.on("response", lambda r: polls.append((r.status, r.headers.get("content-encoding")))
            if "/part?" in r.url else None)
    page.goto(url_of(server, s, "read_token"))
    page.wait_for_timeout(3000)  # the page polls every 750 ms
    assert polls[0][0] == 200 and polls[0][1] in ("zstd", "br", "gzip"), polls
    assert len(polls) >= 3 and all(p[0] == 304 for p in polls[1:]), polls
    # a change is seen at the next poll, well within a second and a half
    add(page.request, server, s, SANKO)
    expect(page.locator(".round")).to_have_count(2, timeout=1500)


def test_the_latest_months_and_earlier_ones_without_a_script(server, browser):
    ctx = browser.new_context(viewport=PHONE, java_script_enabled=False, locale="en",
                              extra_http_headers={"Accept-Language": "en"})
    page = ctx.new_page()
    s = new_session(page.request, server, length=None)
    for i in range(30):
        add(page.request, server, s, AKATAN if i % 3 else SANKO)
    page.goto(url_of(server, s, "read_token"))
    rows = page.locator(".round")
    expect(rows).to_have_count(12)
    assert rows.first.get_attribute("id") == "round-30"
    expect(page.locator(".round-pages")).to_contain_text("Rounds 19–30 of 30")
    # the totals count every round: 20 akatan (+5) and 10 sanko (-5) for Aki
    expect(page.locator('.total[data-player="Aki"] .chips')).to_have_text("+50")
    page.click("text=Show earlier months")
    assert rows.first.get_attribute("id") == "round-18"
    assert f"t={s['read_token']}" in page.url
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".round-pages").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "earlier-months-en-light.png"))
    page.click("text=Show earlier months")
    expect(rows).to_have_count(6)
    assert rows.last.get_attribute("id") == "round-1"
    expect(page.locator("text=Show earlier months")).to_have_count(0)
    page.click("text=Latest months")
    assert rows.first.get_attribute("id") == "round-30"
    ctx.close()


def test_undos_are_redone_in_reverse_order(server, phone):
    page = phone()
    s = new_session(page.request, server)
    add(page.request, server, s, AKATAN, by="Aki")
    add(page.request, server, s, SANKO, by="Bo")
    add(page.request, server, s, AKATAN, by="Aki")
    page.goto(url_of(server, s))
    for month in (3, 2, 1):
        expect(page.locator("#undo-what")).to_contain_text(f"Month {month}, added by")
        page.click("#undo")
        page.click("#undo-yes")
        expect(page.locator(".round")).to_have_count(month - 1)
        expect(page.locator("#redo")).to_be_focused()
    expect(page.locator("#redo-what")).to_contain_text(
        "Undone: Month 1, added by Aki · Redo puts it back. 2 more changes can be redone")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "redo-en-light.png"))
    for month, by in ((1, "Aki"), (2, "Bo"), (3, "Aki")):
        page.keyboard.press("Enter")  # Redo keeps the focus while there is more to redo
        expect(page.locator(".round")).to_have_count(month)
        expect(page.locator("#toast")).to_contain_text(f"Redone: Month {month}, added by {by}")
    expect(page.locator("#redo")).to_have_count(0)
    expect(page.locator('.total[data-player="Aki"] .chips')).to_have_text("+5")
    expect(page.locator("#undo-what")).to_contain_text("Last change: Month 3, added by Aki")


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_start_form_checks_speak_the_page_language(server, phone, lang):
    page = phone(lang)
    page.goto(server + f"/?lang={lang}")
    page.fill("input[name=chip_value]", "-1")
    page.click("#start button[type=submit]")
    first = page.locator("#player-list input").first
    assert first.evaluate("el => el.validationMessage") == tr(lang, "Required")
    chip = page.locator("input[name=chip_value]")
    assert chip.evaluate("el => el.validationMessage") == tr(lang, "At least %(n)s", n="0")
    first.fill("Aki")  # mended: the words are gone
    assert first.evaluate("el => el.validationMessage") == ""
    chip.fill("")
    chip.press_sequentially("1.5")
    assert chip.evaluate("el => el.validationMessage") == ""  # any chip value of 0 or more
    assert page.url.rstrip("/").endswith(f"/?lang={lang}")  # nothing was started


# ----------------------------------------------------------------------------- screenshots

def go_stop_session(request, server):
    s = new_session(request, server, game="go-stop", players=["Ana", "Bo", "Cy"], length=6)
    example = {k: v for k, v in GAMES["go-stop"].round_example.items()
               if k not in ("players", "dealer", "carry")}
    add(request, server, s, example)
    return s


def test_screenshots(server, phone):
    shots = []
    for lang in ("en", "ja", "ko"):
        for scheme in ("light", "dark"):
            page = phone(lang, color_scheme=scheme)
            if not shots:
                gs = go_stop_session(page.request, server)
                kk = new_session(page.request, server, chip_value=360, currency="₩")
                for body in (AKATAN, SANKO, AKATAN):
                    add(page.request, server, kk, body, by="Aki")
                shots = [("go-stop", gs), ("koi-koi-money", kk)]
            for name, s in shots:
                page.goto(url_of(server, s) + f"&lang={lang}")
                page.wait_for_load_state("networkidle")
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / f"{name}-{lang}-{scheme}.png"))
                page.locator(".round details").first.evaluate("d => d.open = true")
                page.locator("#rounds").evaluate("h => h.scrollIntoView()")
                page.screenshot(path=str(SHOTS / f"{name}-{lang}-{scheme}-rounds.png"))
                # nothing wider than the phone
                assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
