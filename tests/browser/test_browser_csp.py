"""Every page under the app's Content-Security-Policy (tally/headers.py: no 'unsafe-inline',
no 'unsafe-eval') in a real browser, on a 360 x 740 phone, in English, Japanese and Korean:
the home page and its setup form, a session started from it, its view-only and edit links,
the share panel with its QR codes, the record page with every event added and the structured
inputs opened, its review, a round saved, the rules page (plain and a session's), /api/docs.
For Koi-Koi, Go-Stop (events, structured records) and Oicho-Kabu (columns and bets as
widgets). Zero violations are allowed: each is caught as the browser reports it (a
`securitypolicyviolation` event, through an init script, and the console).

Also: the ◐ toggle still switches the theme and the choice is applied before the body is
drawn (static/theme.js, no flash); the service worker installs its shell under its own policy
(sw.js must fetch) and its offline page is styled by the cached app.css."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import shot
from .test_browser_flows import SESSION_URL, Phone
from .test_browser_layout import EVENTS_JS

LANGS = ("en", "ja", "ko")
GAMES = {"koi-koi": ["Aki", "Bo"], "go-stop": ["Ana", "Bo", "Cy"],
         "oicho-kabu": ["Ana", "Bo", "Cy", "Di"]}

WATCH_JS = """
document.addEventListener("securitypolicyviolation", e => window.__cspViolation(
  [location.pathname, e.violatedDirective, e.blockedURI, e.sourceFile + ":" + e.lineNumber,
   e.sample].join(" | ")), true);
// the theme as it is when <body> appears: set already, or the page flashes the other one
new MutationObserver((_, obs) => {
  if (!document.body) return;
  window.__themeAtBody = document.documentElement.dataset.theme || null;
  obs.disconnect();
}).observe(document, {childList: true, subtree: true});
"""


class Watched:
    """A phone whose page reports every CSP violation and script error it meets."""

    def __init__(self, page):
        self.page, self.violations, self.errors = page, [], []
        page.expose_function("__cspViolation", lambda text: self.violations.append(text))
        page.add_init_script(WATCH_JS)
        page.on("console", lambda m: "Content Security Policy" in m.text
                and self.violations.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def settle(self):
        """Let the page finish (images, the sprite, the first poll) before it is judged."""
        self.page.wait_for_load_state("load")
        self.page.wait_for_timeout(150)


@pytest.fixture
def watched(phone):
    made = []

    def make(lang="en", **kw):
        w = Watched(phone(lang, **kw))
        made.append(w)
        return w

    yield make
    for w in made:
        assert not w.violations, "CSP violations:\n" + "\n".join(w.violations)
        assert not w.errors, "script errors:\n" + "\n".join(w.errors)


def new_session(page, server, game):
    options = {"max_bet": 100} if game == "oicho-kabu" else {}  # agreed before play
    r = page.request.post(server + "/api/v1/sessions",
                          data={"game": game, "players": GAMES[game], "options": options,
                                "first_dealer": GAMES[game][0]})
    assert r.status == 201, r.text()
    return r.json()


def home_and_setup(w, server, lang):
    """The home page with each game's setup part fetched and its house rules opened."""
    p = w.page
    p.goto(server + "/")
    for game in GAMES:
        if p.input_value("#game") != game:
            with p.expect_response(lambda r: "/setup" in r.url):
                p.select_option("#game", game)
        p.wait_for_selector(f'#setup a[href="/games/{game}/rules"]', state="attached")
        if p.locator("#setup details.house:not([open])").count():
            p.click("#setup details.house > summary")
    w.settle()
    assert p.evaluate("getComputedStyle(document.body).fontSize") == "17px"  # app.css applied
    shot(p, f"csp-home-{lang}")


def session_and_share(w, server, url, lang, game):
    """The session page, its share panel (both QR codes drawn) and its view-only link."""
    p = w.page
    p.goto(url)
    p.click("#share-open")
    p.wait_for_selector("#share[open]")
    p.click("#share details.share-link > summary")
    p.wait_for_function("() => [...document.querySelectorAll('#share img.qr')]"
                        ".every(i => i.complete && i.naturalWidth > 0)")
    w.settle()
    read_link = p.input_value("#read-link")
    p.click("#share form button")
    p.goto(read_link)
    expect(p.locator("#record")).to_have_count(0)
    w.settle()
    p.goto(url)
    shot(p, f"csp-session-{game}-{lang}")


def every_event_and_input(w, server, s, game, lang):
    """The record page with every event added once, the structured inputs' items opened and
    the review asked for (its answer or its messages drawn by the scripts)."""
    p = w.page
    p.goto(f"{server}/s/{s['id']}/record?t={s['edit_token']}")
    p.wait_for_selector("#review-open")
    shown, listed = p.evaluate(EVENTS_JS)
    assert shown == listed
    if game != "oicho-kabu":
        assert listed >= 3, (game, listed)
    p.click("#review-open")
    p.wait_for_timeout(300)
    w.settle()
    shot(p, f"csp-record-events-{game}-{lang}")
    p.evaluate("localStorage.clear()")  # the draft goes: the round is recorded afresh


def record_a_round(w, server, s, game):
    """A round through the page, saved: the session page shows it."""
    p = w.page
    phone = Phone(p, server)
    p.goto(f"{server}/s/{s['id']}/record?t={s['edit_token']}")
    p.wait_for_selector("#review-open")
    if game == "oicho-kabu":
        oicho_kabu_round(p)
    else:
        for slug in ("pine-poetry", "plum-poetry", "cherry-poetry"):
            phone.card(slug)
        if game == "koi-koi":
            phone.event("koi_koi", 0)
            phone.event("koi_koi", 1)
        phone.event("stop", 0)
        phone.review()
        phone.save()
    p.wait_for_url(SESSION_URL)
    expect(p.locator("#round-1")).to_be_visible()
    w.settle()


def oicho_kabu_round(p):
    """oicho-kabu.md section 9 E3 through the widgets (as tests/browser/test_browser_inputs.py):
    the dealer's hand tapped, four columns picked, four bets of 10."""
    for slug in ("pine-crane", "maple-deer"):
        p.click(f'.t[data-s="{slug}"]')
    cols = p.locator('#inputs fieldset[data-key="columns"]')
    dealt = [["plum-warbler", "iris-bridge"], ["cherry-curtain", "iris-ribbon"],
             ["wisteria-cuckoo", "plum-poetry"],
             ["peony-butterflies", "clover-boar", "clover-ribbon"]]
    # the columns' tiles (issue 28): the cards round the columns as dealt, then column 4's third
    for slug in [c[0] for c in dealt] + [c[1] for c in dealt]:
        cols.locator(f'.cpk .ct[data-s="{slug}"]').click()
    cols.locator(".cpk .cpk-to").nth(3).click()
    cols.locator(f'.cpk .ct[data-s="{dealt[3][2]}"]').click()
    bets = p.locator('#inputs fieldset[data-key="bets"]')
    bets.locator(".bets-stake input").fill("10")
    for player, column in (("Bo", "1"), ("Cy", "2"), ("Cy", "3"), ("Di", "4")):
        bets.locator(f'.bets-b[data-p="{player}"][data-n="{column}"]').click()
    p.click("#review-open")
    p.wait_for_selector("#save:not([disabled])")
    p.click("#save")


def rules_and_docs(w, server, s, game):
    p = w.page
    for url in (f"/games/{game}/rules", f"/games/{game}/rules?s={s['id']}&t={s['read_token']}"):
        p.goto(server + url)
        # the page is drawn (the house rules are tables under a <details> now; the combinations
        # are always shown)
        expect(p.locator(".combos")).to_be_visible()
        w.settle()


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_runs_under_the_policy(server, watched, lang):
    w = watched(lang)
    home_and_setup(w, server, lang)
    # a session started from the home form (home.js under the policy)
    url = Phone(w.page, server).start("koi-koi", GAMES["koi-koi"], 6, 2)
    sid, token = re.search(r"/s/([^/?]+)\?t=(.+)$", url).groups()
    sessions = {"koi-koi": {"id": sid, "edit_token": token,
                            "read_token": w.page.input_value("#read-link").split("?t=")[1]}}
    for game in GAMES:
        s = sessions.get(game) or new_session(w.page, server, game)
        url = f"{server}/s/{s['id']}?t={s['edit_token']}"
        session_and_share(w, server, url, lang, game)
        every_event_and_input(w, server, s, game, lang)
        record_a_round(w, server, s, game)
        w.page.goto(url)  # the round is stored, and shown with its breakdown opened
        w.page.click("#round-1 summary")
        expect(w.page.locator("#round-1 .breakdown").first).to_be_visible()
        rules_and_docs(w, server, s, game)
    w.page.goto(server + "/api/docs")
    w.page.locator("details").first.click()
    border = w.page.evaluate("getComputedStyle(document.querySelector('.op')).borderTopStyle")
    assert border == "solid"  # static/api_docs.css applied
    w.settle()


def test_the_theme_toggle_works_and_is_set_before_the_body(server, watched):
    w = watched("en", color_scheme="light")
    p = w.page
    p.goto(server + "/")
    bg = "getComputedStyle(document.body).backgroundColor"
    light = p.evaluate(bg)
    assert p.evaluate("window.__themeAtBody") is None  # nothing chosen yet: the system's
    p.click(".bar .theme")
    assert p.evaluate("document.documentElement.dataset.theme") == "dark"
    dark = p.evaluate(bg)
    assert dark != light
    p.reload()
    assert p.evaluate("window.__themeAtBody") == "dark"  # applied before <body> was parsed
    assert p.evaluate(bg) == dark
    p.click(".bar .theme")
    assert p.evaluate("localStorage.getItem('theme')") == "light"
    assert p.evaluate(bg) == light


def test_the_service_worker_installs_and_its_offline_page_is_styled(server, watched):
    w = watched("en")
    p = w.page
    p.goto(server + "/")
    # the shell was fetched by the worker (its own policy lets it reach the app's origin)
    cached = p.evaluate("""async () => {
      await navigator.serviceWorker.ready;
      const name = (await caches.keys()).find(k => k.startsWith("tally-shell"));
      return (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname);
    }""")
    assert {"/static/theme.js", "/static/app.css", "/static/api_docs.css"} <= set(cached)
    p.reload()  # now the worker controls the page
    p.wait_for_function("() => navigator.serviceWorker.controller !== null")
    p.context.set_offline(True)
    # a worker Chromium restarted under load may miss the offline emulation: its requests
    # for this page are refused by the context's route too, so it is offline either way
    p.context.route("**/s/never-opened*", lambda route: route.abort("internetdisconnected"))
    try:
        p.goto(server + "/s/never-opened?t=x")
        expect(p.locator("h1")).to_have_text("Offline")
        assert p.evaluate("getComputedStyle(document.body).fontSize") == "17px"  # app.css
        w.settle()
    finally:
        p.context.unroute("**/s/never-opened*")
        p.context.set_offline(False)
