"""Issue 9, "The table's phone, second pass: no traps", in a real browser (Debian's chromium on
a 360 x 740 phone, English, Japanese and Korean):

1. every error a player can meet is a page in the reader's language that says what happened
   and what to do, with the right status code; /api/ keeps its JSON errors;
2. a disabled button looks disabled (no hover look) and says why;
3. Undo says what it undoes, asks first (a modal dialog, keyboard and screen reader included)
   and Redo puts the change back (an added round, a correction, a deletion);
4. Back after saving never shows a spent month as current (the browser's back-forward cache,
   the service worker's copy of the record page), and the app never blames "someone else" for
   this phone's own save (two saves kept offline, another tab of the same phone);
5. axe-core finds no serious or critical violation on any page, light and dark, in the three
   languages (tests/browser/ensure-axe.sh installs it from npm);
6. screenshots of the pages touched, in /tmp/shots9/ (and test-artifacts/).
"""

from __future__ import annotations

import functools
import pathlib
import re
import subprocess
import time

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from tally.pages import HERE

from .conftest import ARGS, ARTIFACTS, CHROMIUM, PHONE
from .test_browser_flows import SESSION_URL, Phone

LANGS = ("en", "ja", "ko")
SCHEMES = ("light", "dark")
SHOTS = pathlib.Path("/tmp/shots9")
AXE = pathlib.Path(__file__).resolve().parent / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
# a koi-koi month Aki wins with three poetry ribbons (akatan, 5 points: koi-koi.md section 4)
AKATAN = {"captures": {"Aki": ["pine-poetry", "plum-poetry", "cherry-poetry"], "Bo": []},
          "events": [{"type": "stop", "player": "Aki"}]}
SANKO = {"captures": {"Bo": ["pine-crane", "cherry-curtain", "pampas-moon"], "Aki": []},
         "events": [{"type": "stop", "player": "Bo"}]}


@functools.lru_cache(maxsize=None)
def _catalogue(lang):
    with open(f"{HERE}/translations/{lang}/LC_MESSAGES/messages.po", "rb") as f:
        return read_po(f, locale=lang)


def tr(lang: str, msgid: str, **params) -> str:
    """The words a page in ``lang`` shows for ``msgid`` (from the catalogues, not the app)."""
    text = msgid
    if lang != "en":
        m = _catalogue(lang).get(msgid)
        assert m is not None and m.string, f"{msgid!r} has no {lang} translation"
        text = m.string
    return text % params if params else text


def shoot(page, name: str):
    """A screenshot for the player's eye (/tmp/shots9/) and for the test artifacts."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    page.screenshot(path=str(ARTIFACTS / f"traps-{name}.png"))


def new_session(request, server, length=6, players=("Aki", "Bo")):
    r = request.post(server + "/api/v1/sessions",
                     data={"game": "koi-koi", "players": list(players), "length": length})
    assert r.status == 201, r.text()
    return r.json()


def post_round(request, server, s, body, version, by=None):
    data = dict(body, **({"by": by} if by else {}))
    r = request.post(f"{server}/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                     data=data, headers={"If-Match": f'"{version}"'})
    assert r.status == 201, r.text()
    return r.json()["version"]


def session_url(server, s, token="edit_token"):
    return f"{server}/s/{s['id']}?t={s[token]}"


def no_overflow(page):
    """Nothing runs off a 360 px screen sideways."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width


# --------------------------------------------------------------------------- 1. error pages

def error_cases(server, s, over):
    """(name, url, status, why, title msgid, where the first link leads)."""
    sid, edit, read = s["id"], s["edit_token"], s["read_token"]
    return [
        ("view-only link on the record page", f"/s/{sid}/record?t={read}", 403, "view-only",
         "This link is view-only", f"/s/{sid}?t={read}"),
        ("unknown session", "/s/NoSuchSession?t=whatever", 404, "no-session",
         "No session at this address", "/"),
        ("wrong token", f"/s/{sid}?t=not-the-token", 404, "wrong-token",
         "This link is incomplete", "/"),
        ("no token", f"/s/{sid}", 404, "no-token", "This link is incomplete", "/"),
        ("finished series' record page", f"/s/{over['id']}/record?t={over['edit_token']}", 409,
         "series-over", "This series is over", f"/s/{over['id']}?t={over['edit_token']}"),
        ("unknown round", f"/s/{sid}/record?t={edit}&seq=7", 404, "no-round", "No such round",
         f"/s/{sid}?t={edit}"),
        ("unknown game's rules", "/games/no-such-game/rules", 404, "no-game", "No such game",
         "/"),
        ("unknown game's setup", "/games/no-such-game/setup", 404, "no-game", "No such game",
         "/"),
        ("another game's rules", f"/games/go-stop/rules?s={sid}&t={read}", 404, "other-game",
         "These are another game's rules", f"/games/koi-koi/rules?s={sid}&t={read}"),
        ("any other address", "/no/such/page", 404, "not-found", "Nothing here", "/"),
        ("under a session", f"/s/{sid}/no-such-part?t={edit}", 404, "not-found", "Nothing here",
         "/"),
    ]


@pytest.fixture(scope="module")
def finished(server, browser):
    """A 6-month koi-koi series played to its end (its record page answers 409)."""
    ctx = browser.new_context()
    s = new_session(ctx.request, server)
    v = s["version"]
    for _ in range(6):
        v = post_round(ctx.request, server, s, AKATAN, v)
    ctx.close()
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_every_error_is_a_page_in_the_readers_language(server, phone, finished, lang):
    page = phone(lang)
    s = new_session(page.request, server)
    for name, url, status, why, title, go in error_cases(server, s, finished):
        resp = page.goto(server + url)
        assert resp.status == status, (name, resp.status)
        assert resp.headers["content-type"].startswith("text/html"), (name, resp.headers)
        body = page.content()
        assert '"errors"' not in body, name  # not the API's JSON
        assert page.get_attribute("html", "lang") == lang, name
        assert page.get_attribute(".oops", "data-why") == why, name
        expect(page.locator("h1")).to_have_text(tr(lang, title))
        # what to do, in words, and a way on
        assert len(page.inner_text(".oops .todo")) > 8, name
        assert page.get_attribute("#oops-go", "href") == go, name
        if "?t=" in url:  # the token in the address: the page is kept in no cache
            assert resp.headers.get("cache-control") == "no-store", name
        no_overflow(page)
    # the view-only page's link opens the session, view-only
    page.goto(server + f"/s/{s['id']}/record?t={s['read_token']}")
    page.click("#oops-go")
    page.wait_for_url(SESSION_URL)
    expect(page.locator("#live")).to_have_attribute("data-access", "read")
    expect(page.locator("#record")).to_have_count(0)
    # the language links keep the address (and its token)
    page.goto(server + f"/s/{s['id']}/record?t={s['read_token']}")
    other = "ja" if lang != "ja" else "ko"
    page.click(f'.langs a[data-lang="{other}"]')
    expect(page.locator("h1")).to_have_text(tr(other, "This link is view-only"))
    page.context.clear_cookies()


def test_the_api_keeps_its_json_errors(server, phone, finished):
    page = phone("ja")
    s = new_session(page.request, server)
    html = {"Accept": "text/html"}
    over = page.request.get(f"{server}/api/v1/sessions/{finished['id']}?t="
                            f"{finished['read_token']}").json()["version"]
    calls = [
        ("post", f"/api/v1/sessions/{s['id']}/rounds?t={s['read_token']}", 403, s["version"]),
        ("post", f"/api/v1/sessions/{finished['id']}/rounds?t={finished['edit_token']}", 409,
         over),
        ("get", "/api/v1/sessions/NoSuch?t=x", 404, None),
        ("get", "/api/v1/games/no-such-game", 404, None),
        ("get", "/api/v1/nothing", 404, None),
    ]
    for method, url, status, version in calls:
        kw = {"data": dict(AKATAN, version=version)} if method == "post" else {}
        r = getattr(page.request, method)(server + url, headers=html, **kw)
        assert r.status == status, (url, r.status, r.text())
        assert r.headers["content-type"].startswith("application/json"), url
        assert r.json()["errors"], url
    # a page address asked for JSON (a script) gets the API's JSON error too
    r = page.request.get(server + "/no/such/page", headers={"Accept": "application/json"})
    assert r.status == 404 and r.json()["errors"]


# --------------------------------------------------------------------------- 2. disabled

def styles(page, selector):
    return page.evaluate("""sel => { const s = getComputedStyle(document.querySelector(sel));
      return [s.backgroundColor, s.color, s.borderTopStyle, s.borderTopColor, s.cursor,
              s.filter].join(' | '); }""", selector)


@pytest.mark.parametrize("lang", LANGS)
def test_a_disabled_button_looks_disabled_and_says_why(server, browser, lang):
    # a desktop-like context: a mouse that hovers (a phone has no hover look to lose)
    ctx = browser.new_context(viewport=PHONE, locale=lang,
                              extra_http_headers={"Accept-Language": lang})
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    s = new_session(page.request, server)
    page.goto(session_url(server, s).replace("?t=", "/record?t="))
    page.wait_for_selector("#grid")
    rest = page.locator("#rest")
    expect(rest).to_be_enabled()
    enabled = styles(page, "#rest")
    page.hover("#rest")
    assert styles(page, "#rest") != enabled  # an enabled button answers the mouse
    page.mouse.move(0, 0)
    # every card given away: "the rest" has nothing left to give, and says so
    page.click("#rest")
    expect(rest).to_be_disabled()
    expect(rest).to_have_text(tr(lang, "Every card has a player"))
    off = styles(page, "#rest")
    assert off != enabled
    assert "dashed" in off and "not-allowed" in off
    page.hover("#rest", force=True)
    assert styles(page, "#rest") == off  # no hover look
    page.mouse.move(0, 0)
    shoot(page, f"record-rest-disabled-{lang}")
    # a tile taken back: the button works again and its label is back
    page.click('.t[data-s="pine-crane"]')
    expect(rest).to_be_enabled()
    expect(rest).to_contain_text("Aki")
    page.click('.t[data-s="pine-crane"]')

    # review: Save is off while the round is scored, and when it cannot be scored
    held = []
    page.route("**/api/v1/games/koi-koi/score", lambda route: held.append(route))
    page.click("#review-open")
    save = page.locator("#save")
    expect(save).to_be_disabled()
    expect(page.locator("#save-why")).to_have_text(tr(lang, "Scoring the round…"))
    assert page.get_attribute("#save", "aria-describedby") == "save-why"
    assert styles(page, "#save") != styles(page, "#review-back")
    shoot(page, f"review-save-disabled-{lang}")
    held[0].fulfill(status=422, content_type="application/json",
                    body='{"errors": [{"field": "round", "message": "no stop"}]}')
    page.unroute("**/api/v1/games/koi-koi/score")
    expect(page.locator("#review-body .error")).to_contain_text("no stop")
    expect(save).to_be_disabled()
    expect(page.locator("#save-why")).to_have_text(
        tr(lang, "Fix the problem above, then go back and review again."))
    page.click("#review-back")
    page.evaluate("() => localStorage.clear()")

    # the home page's Start is off while the session is made: a double tap makes one session
    made = []
    page.on("request", lambda r: r.method == "POST" and r.url.endswith("/api/v1/sessions")
            and made.append(r))
    page.goto(server + "/")
    for i, name in enumerate(("Ana", "Ben")):
        page.fill(f"#player-list .player-row:nth-child({i + 1}) input", name)
    gate = []
    page.route("**/api/v1/sessions", lambda route: gate.append(route))
    page.click("#start button[type=submit]")
    start = page.locator("#start button[type=submit]")
    expect(start).to_be_disabled()
    expect(start).to_have_text(tr(lang, "Starting…"))
    page.click("#start button[type=submit]", force=True)  # the second tap of a double tap
    gate[0].continue_()
    page.unroute("**/api/v1/sessions")
    page.wait_for_url(SESSION_URL)
    assert len(made) == 1
    # Back to the home page (kept by the browser or not): Start works again
    page.go_back(wait_until="commit")
    expect(page.locator("#start button[type=submit]")).to_be_enabled()
    ctx.close()


# --------------------------------------------------------------------------- 3. undo and redo

def history(page, server, s):
    r = page.request.get(f"{server}/api/v1/sessions/{s['id']}/history?t={s['edit_token']}")
    return r.json()["history"]


def chips(page, name):
    return page.inner_text(f'.total[data-player="{name}"] .chips')


def test_undo_says_what_it_undoes_asks_first_and_redo_puts_it_back(server, phone):
    a = Phone(phone(), server)
    url = a.start("koi-koi", ["Aki", "Bo"], 6, 2)
    page = a.page
    s = {"id": re.search(r"/s/([^/?]+)", url)[1], "edit_token": url.split("?t=")[1]}
    # month 1 from this page, month 2 by Aki's phone through the API (its writer says "by")
    a.month(0, ["pine-poetry", "plum-poetry", "cherry-poetry"])
    v = int(page.get_attribute("#live", "data-version"))
    post_round(page.request, server, s, SANKO, v, by="Aki")
    page.reload()
    expect(page.locator("#undo-what")).to_have_text(
        "Last change: Month 2, added by Aki · Bo wins (Aki -5, Bo +5)")
    assert page.get_attribute("#undo", "aria-describedby") == "undo-what"

    # asked first: Keep it, Escape and the dialog itself change nothing
    page.click("#undo")
    dlg = page.locator("#undo-confirm")
    expect(dlg).to_be_visible()
    expect(page.locator("#undo-confirm-what")).to_have_text("Month 2, added by Aki · Bo wins "
                                                           "(Aki -5, Bo +5)")
    assert page.evaluate("() => document.activeElement.id") == "undo-no"  # the safe choice
    page.click("#undo-no")
    expect(dlg).to_be_hidden()
    page.click("#undo")
    page.keyboard.press("Escape")
    expect(dlg).to_be_hidden()
    assert page.locator(".round").count() == 2 and chips(page, "Bo") == "0"

    # undone: the round goes, the page says what was undone and offers Redo (focused)
    page.click("#undo")
    page.click("#undo-yes")
    expect(page.locator(".round")).to_have_count(1)
    expect(page.locator("#toast")).to_contain_text("Undone: Month 2, added by Aki")
    expect(page.locator("#redo-what")).to_contain_text("Undone: Month 2, added by Aki")
    expect(page.locator("#redo")).to_be_focused()
    assert chips(page, "Aki") == "+5"
    # redo: the round is back, as it was
    page.click("#redo")
    expect(page.locator(".round")).to_have_count(2)
    expect(page.locator("#toast")).to_contain_text("Redone: Month 2, added by Aki")
    assert chips(page, "Aki") == "0" and chips(page, "Bo") == "0"
    expect(page.locator("#redo")).to_have_count(0)
    assert [h["action"] for h in history(page, server, s)][-3:] == \
        ["add_round", "undo", "add_round"]

    # a correction undone and redone (PUT again)
    v = int(page.get_attribute("#live", "data-version"))
    r = page.request.put(f"{server}/api/v1/sessions/{s['id']}/rounds/1?t={s['edit_token']}",
                         data=dict(AKATAN, captures={"Aki": AKATAN["captures"]["Aki"]
                                                     + ["wisteria-ribbon"], "Bo": []}),
                         headers={"If-Match": f'"{v}"'})
    assert r.status == 200
    expect(page.locator("#undo-what")).to_have_text(
        "Last change: Month 1, corrected · Aki wins (Aki +6, Bo -6)", timeout=8000)
    page.click("#undo")
    page.click("#undo-yes")
    expect(page.locator("#redo-what")).to_contain_text("Undone: Month 1, corrected")
    assert chips(page, "Aki") == "0"  # +5 - 5
    page.click("#redo")
    expect(page.locator(".total[data-player=\"Aki\"] .chips")).to_have_text("+1")  # 6 - 5

    # a deletion undone and redone (DELETE again)
    v = int(page.get_attribute("#live", "data-version"))
    r = page.request.delete(f"{server}/api/v1/sessions/{s['id']}/rounds/2?t={s['edit_token']}",
                            headers={"If-Match": f'"{v}"'})
    assert r.status == 200
    expect(page.locator("#undo-what")).to_have_text("Last change: Round 2, deleted",
                                                    timeout=8000)
    page.click("#undo")
    page.click("#undo-yes")
    expect(page.locator(".round")).to_have_count(2)
    expect(page.locator("#redo-what")).to_contain_text(
        "Undone: Month 2, deleted · Bo wins (Aki -5, Bo +5)")
    page.click("#redo")
    expect(page.locator(".round")).to_have_count(1)

    # a second tab of this phone undoes first: this tab's undo is refused without blaming
    # "someone else"
    other = page.context.new_page()
    other.goto(page.url)
    page.click("#undo")
    other.click("#undo")
    other.click("#undo-yes")
    expect(other.locator("#toast")).to_contain_text("Undone")
    page.click("#undo-yes")
    err = page.locator("#undo-error")
    expect(err).to_contain_text("This phone changed this session just before")
    expect(err).not_to_contain_text("Someone else")
    expect(page.locator("#undo-yes")).to_be_hidden()
    page.click("#undo-no")
    other.close()


# --------------------------------------------------------------------------- 4. stale pages

@pytest.fixture(scope="module")
def bfcache_browser(browser):
    """Chromium as the phones' browsers behave: Back and Forward restore pages from memory
    (the back-forward cache), no-store pages too (Safari, Chrome's CCNS bfcache). Playwright
    turns the cache off by default; this browser keeps it on."""
    b = browser.browser_type.launch(
        executable_path=CHROMIUM, ignore_default_args=["--disable-back-forward-cache"],
        args=ARGS + ["--enable-features=CacheControlNoStoreEnterBackForwardCache:"
                     "level/restore-unless-cookie-change"])
    yield b
    b.close()


RESTORED_JS = """
addEventListener("pageshow", e => {
  if (!e.persisted) return;
  // after the page's own pageshow handlers have run
  setTimeout(() => {
    const live = document.getElementById("live"), st = document.querySelector(".status");
    (window.__restored = window.__restored || []).push({path: location.pathname,
      stale: !!live && live.classList.contains("stale"), status: st ? st.innerText : null});
    sessionStorage.setItem("restored", JSON.stringify(window.__restored));
  }, 0);
});
"""


def test_back_after_saving_never_shows_a_spent_month(server, bfcache_browser):
    ctx = bfcache_browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(10_000)
    ctx.add_init_script(RESTORED_JS)
    page = ctx.new_page()
    s = new_session(page.request, server)
    url = session_url(server, s)
    page.goto(url)
    expect(page.locator(".status")).to_contain_text("Month 1")
    a = Phone(page, server)
    a.month(0, ["pine-poetry", "plum-poetry", "cherry-poetry"])
    expect(page.locator(".status")).to_contain_text("Month 2")
    # Back: not the spent record page of month 1, but the session, at month 2
    page.go_back(wait_until="commit")
    page.wait_for_timeout(600)
    assert "/record" not in page.url, "Back led to the record page of the month just saved"
    expect(page.locator(".status")).to_contain_text("Month 2", timeout=1500)
    expect(page.locator("#round-1")).to_be_visible()
    restored = page.evaluate("() => window.__restored || []")
    for r in restored:  # brought back from memory: marked stale at once, then read again
        assert r["stale"] or "Month 2" in (r["status"] or ""), restored
    expect(page.locator("#live")).not_to_have_class(re.compile("stale"))
    # Chromium keeps no session page in that cache (it polls a no-store address); Safari may.
    # The page's answer to being brought back, with another phone's month saved meanwhile:
    # dimmed and busy at once, then read again without waiting for the next poll
    v = int(page.get_attribute("#live", "data-version"))
    post_round(page.request, server, s, SANKO, v)
    marked = page.evaluate("""() => {
      dispatchEvent(new PageTransitionEvent("pageshow", {persisted: true}));
      const live = document.getElementById("live");
      return [live.classList.contains("stale"), live.getAttribute("aria-busy")];
    }""")
    assert marked == [True, "true"]
    expect(page.locator(".status")).to_contain_text("Month 3", timeout=1500)
    expect(page.locator("#live")).not_to_have_class(re.compile("stale"))
    assert page.get_attribute("#live", "aria-busy") is None

    # a record page left by its ‹ link and come back to by Back, after another phone saved
    # a month meanwhile: it is read again (the taps stay in the draft)
    page.click("#record")
    page.wait_for_selector("#grid")
    expect(page.locator(".rec-title")).to_contain_text("Month 3")
    page.click('.t[data-s="pine-crane"]')
    page.click(".rec-head a.button")
    page.wait_for_url(SESSION_URL)
    v = int(page.get_attribute("#live", "data-version"))
    post_round(page.request, server, s, SANKO, v)
    page.go_back(wait_until="commit")
    expect(page.locator(".rec-title")).to_contain_text("Month 4", timeout=4000)
    expect(page.locator('.t[data-s="pine-crane"]')).to_have_class(re.compile("own"))
    page.evaluate("() => localStorage.clear()")
    ctx.close()


def cached_record_month(page):
    """The month of the record page the service worker keeps for offline use (or None)."""
    return page.evaluate("""async () => {
      const hit = await caches.match(location.pathname + "/record" + location.search);
      if (!hit) return null;
      const m = /"month": (\\d+)/.exec(await hit.text());
      return m ? +m[1] : null;
    }""")


def test_offline_record_page_opens_at_the_current_month(server, phone):
    page = phone()
    s = new_session(page.request, server)
    page.goto(session_url(server, s))
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.reload()  # now the worker controls the page and keeps copies of the pages
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    a = Phone(page, server)
    a.month(0, ["pine-poetry", "plum-poetry", "cherry-poetry"])  # month 1 saved
    expect(page.locator(".status")).to_contain_text("Month 2")
    deadline = time.time() + 8
    while cached_record_month(page) != 2 and time.time() < deadline:
        page.wait_for_timeout(200)
    page.context.set_offline(True)
    try:
        page.click("#record")
        page.wait_for_selector("#grid")
        # the kept copy: month 2, not the month 1 saved already
        expect(page.locator(".rec-title")).to_contain_text("Month 2")
        ctx = page.evaluate("() => JSON.parse(document.getElementById('ctx').textContent)")
        assert ctx["month"] == 2 and ctx["version"] == s["version"] + 1
    finally:
        page.context.set_offline(False)
    page.evaluate("() => localStorage.clear()")


TOASTS_JS = """
document.addEventListener("DOMContentLoaded", () => {
  const t = document.getElementById("toast");
  if (t) new MutationObserver(() => window.__toast(t.textContent)).observe(
    t, {childList: true, characterData: true, subtree: true});
});
"""


def outbox(page):
    return page.evaluate("() => JSON.parse(localStorage.getItem('tally-outbox') || '[]')")


def test_a_round_saved_twice_offline_is_sent_once_and_blames_no_one(server, phone):
    page = phone()
    s = new_session(page.request, server)
    url = session_url(server, s)
    a = Phone(page, server)
    page.goto(url.replace("?t=", "/record?t="))
    page.wait_for_selector("#grid")
    for slug in ("pine-poetry", "plum-poetry", "cherry-poetry"):
        a.card(slug)
    a.event("stop", 0)
    a.review()
    page.context.set_offline(True)
    page.click("#save")
    expect(page.locator("#conflict")).to_contain_text("kept on this phone")
    a.review()  # the same round reviewed and saved again while still offline (a double save)
    page.click("#save")
    assert len(outbox(page)) == 1
    toasts = []
    page.expose_function("__toast", lambda text: toasts.append(text))
    page.add_init_script(TOASTS_JS)  # every toast of the pages that follow
    with page.expect_response(lambda r: r.request.method == "POST" and "/rounds" in r.url):
        page.context.set_offline(False)
    page.wait_for_url(SESSION_URL)
    page.wait_for_timeout(2000)  # a second send would have come back by now
    assert outbox(page) == []
    assert not [t for t in toasts if "Someone else" in t or "Could not save" in t], toasts
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.endsWith(':error'))") == []
    expect(page.locator(".round")).to_have_count(1)
    page.click("#record")
    page.wait_for_selector("#grid")
    expect(page.locator("#conflict")).to_be_hidden()
    expect(page.locator(".rec-title")).to_contain_text("Month 2")
    page.evaluate("() => localStorage.clear()")


def test_a_save_refused_after_this_phones_own_save_blames_no_one(server, phone):
    """Two tabs of one phone on the record page: the first saves; the second's save is stale
    (412) because of this phone's own save, and says so instead of "someone else"."""
    page = phone()
    s = new_session(page.request, server)
    rec = session_url(server, s).replace("?t=", "/record?t=")
    one, two = Phone(page, server), Phone(page.context.new_page(), server)
    for p in (one, two):
        p.page.goto(rec)
        p.page.wait_for_selector("#grid")
    for slug in ("pine-poetry", "plum-poetry", "cherry-poetry"):
        one.card(slug)
    one.event("stop", 0)
    one.review()
    one.save()
    two.player(1)
    for slug in ("pine-crane", "cherry-curtain", "pampas-moon"):
        two.card(slug)
    two.event("stop", 1)
    two.review()
    two.page.click("#save")
    conflict = two.page.locator("#conflict")
    expect(conflict).to_contain_text("This phone saved a change to this session")
    expect(conflict).not_to_contain_text("Someone else")
    expect(conflict).to_contain_text("Month 2")  # the new state
    assert two.page.locator(".t.own").count() == 3  # the taps are kept
    two.review()
    two.save()
    expect(two.page.locator(".round")).to_have_count(2)
    page.evaluate("() => localStorage.clear()")


# --------------------------------------------------------------------------- 5. axe-core

SERIOUS = ("serious", "critical")
AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(" ") + " :: " + n.failureSummary.split("\\n").slice(0, 3).join(" "))}));
}"""


@pytest.fixture(scope="session")
def axe():
    """axe-core from npm (tests/browser/ensure-axe.sh, also run by `make test`)."""
    if not AXE.exists():
        subprocess.run(["sh", str(AXE.parents[3] / "ensure-axe.sh")], check=True)
    assert AXE.exists(), "axe-core is missing: sh tests/browser/ensure-axe.sh"
    return AXE


class Audit:
    """axe-core run in each state of each page; every serious or critical violation kept."""

    def __init__(self, page, tag):
        self.page, self.tag, self.found, self.audited = page, tag, [], []

    def __call__(self, name):
        p = self.page
        p.wait_for_timeout(100)
        if not p.evaluate("() => typeof window.axe !== 'undefined'"):
            p.add_script_tag(path=str(AXE))
        for v in p.evaluate(AXE_RUN):
            if v["impact"] in SERIOUS:
                self.found.append(f"[{self.tag}] {name}: {v['id']} ({v['impact']}) {v['help']}"
                                  + "".join(f"\n      {n}" for n in v["nodes"][:5]))
        self.audited.append(name)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("lang", LANGS)
def test_axe_finds_no_serious_violation(server, browser, axe, lang, scheme):
    # the pages' CSP would refuse the injected axe script: bypassed in this context only
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                              has_touch=True, locale=lang, color_scheme=scheme,
                              extra_http_headers={"Accept-Language": lang}, bypass_csp=True)
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    audit = Audit(page, f"{lang}-{scheme}")
    s = new_session(page.request, server)
    url = session_url(server, s)

    page.goto(server + "/")
    page.click("#setup details.house > summary")
    audit("home")
    with page.expect_response(lambda r: "/setup" in r.url):
        page.select_option("#game", "go-stop")
    page.wait_for_selector('.players[data-max="7"]')
    page.click("#setup details.house > summary")
    audit("home, go-stop setup")

    for game in ("koi-koi", "go-stop"):
        g = s if game == "koi-koi" else page.request.post(
            server + "/api/v1/sessions", data={"game": game, "players": ["Ana", "Bo", "Cy"]}).json()
        page.goto(session_url(server, g).replace("?t=", "/record?t="))
        page.wait_for_selector("#review-open")
        page.click("#rest")  # every card given, the button off
        page.evaluate("""() => { document.querySelectorAll('#events details').forEach(d => d.open = true);
          document.querySelectorAll('#events .evb').forEach(b => b.click()); }""")
        audit(f"record with every event added ({game})")
        page.click(".mode[data-mode=quick]")  # quick entry: yaku chips, or winner and penalties
        if game == "koi-koi":
            page.click('.qchip[data-y="akatan"]')
        else:
            page.click(".qwin >> nth=0")  # Ana wins: points, Go and each loser's penalties
        audit(f"record, quick entry ({game})")
        page.evaluate("() => localStorage.clear()")

    page.goto(url.replace("?t=", "/record?t="))
    page.wait_for_selector("#grid")
    for slug in ("pine-poetry", "plum-poetry", "cherry-poetry"):
        page.click(f'.t[data-s="{slug}"]')
    page.click('.evb[data-id="stop"][data-p="0"]')
    page.click("#review-open")
    page.wait_for_selector("#save:not([disabled])")
    audit("review")
    page.click("#save")
    page.wait_for_url(SESSION_URL)
    page.click("#round-1 summary")
    audit("session")
    page.click("#share-open")
    page.click("#share details.share-link > summary")
    audit("share panel")
    page.click("#share form button")
    page.click("#undo")
    audit("undo confirm")
    page.click("#undo-yes")
    page.wait_for_selector("#redo")
    audit("session with redo")
    page.goto(url.replace(s["edit_token"], s["read_token"]))
    audit("session, view-only")
    page.goto(f"{server}/games/koi-koi/rules?s={s['id']}&t={s['read_token']}")
    audit("rules")
    page.goto(url.replace("?t=", "/record?t=").replace(s["edit_token"], s["read_token"]))
    audit("error page (view-only)")
    page.goto(server + "/no/such/page")
    audit("error page (404)")
    ctx.close()
    assert len(audit.audited) == 15
    assert not audit.found, "axe-core found:\n" + "\n".join(audit.found)


# --------------------------------------------------------------------------- 6. screenshots

@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("lang", LANGS)
def test_screenshots_of_the_pages_touched(server, phone, lang, scheme):
    """At 360 x 740 as a player sees them: the error page, the session with the undo confirm
    open, the record page with a disabled button (and the review's Save off)."""
    page = phone(lang, color_scheme=scheme)
    tag = f"{lang}-{scheme}"
    s = new_session(page.request, server)
    post_round(page.request, server, s, AKATAN, s["version"], by="Aki")
    page.goto(f"{server}/s/{s['id']}/record?t={s['read_token']}")
    expect(page.locator("h1")).to_have_text(tr(lang, "This link is view-only"))
    no_overflow(page)
    shoot(page, f"error-view-only-{tag}")
    page.goto(server + "/no/such/page")
    shoot(page, f"error-404-{tag}")

    page.goto(session_url(server, s))
    what = tr(lang, "%(what)s, added by %(name)s", what=tr(lang, "Month %(month)s", month=1),
              name="Aki")
    expect(page.locator("#undo-what")).to_contain_text(what)
    page.click("#undo")
    expect(page.locator("#undo-confirm h2")).to_have_text(tr(lang, "Undo this change?"))
    expect(page.locator("#undo-confirm-what")).to_contain_text(what)
    no_overflow(page)
    shoot(page, f"session-undo-confirm-{tag}")
    page.click("#undo-yes")
    expect(page.locator("#redo")).to_be_visible()
    expect(page.locator("#redo-what")).to_contain_text(tr(lang, "Undone: %(what)s", what=what))
    shoot(page, f"session-redo-{tag}")

    page.goto(session_url(server, s).replace("?t=", "/record?t="))
    page.wait_for_selector("#grid")
    page.click("#rest")
    expect(page.locator("#rest")).to_have_text(tr(lang, "Every card has a player"))
    no_overflow(page)
    shoot(page, f"record-disabled-{tag}")
    page.route("**/api/v1/games/koi-koi/score", lambda route: None)  # never answered
    page.click("#review-open")
    expect(page.locator("#save-why")).to_have_text(tr(lang, "Scoring the round…"))
    shoot(page, f"review-save-disabled-{tag}")
    page.evaluate("() => localStorage.clear()")
