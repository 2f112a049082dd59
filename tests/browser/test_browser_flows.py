"""The table-side app in a real browser (Debian's chromium through Playwright), on a 360 x 740
phone: start a session, record months by tapping cards, watch the yaku live, share the link
to a second phone that sees rounds appear, edit, undo, a stale write, an offline round, and the
final settlement.

Every expected number comes from the rules digests, not from running our code:
- Koi-Koi month 1 is docs/games/koi-koi.md's example (shared/rules/koi-koi.md K11, Hanami book
  p. 57): Aki's akatan is 5 + 1 for the wisteria ribbon = 6, doubled once for the koi-koi calls
  = 12. Without the calls it is 6 (koi-koi.md section 5.5: koi = 2 only after a call). Three
  poetry ribbons alone = akatan 5; three dry brights = sanko 5 (koi-koi.md section 4 table).
- Go-Stop month 1 follows shared/rules/go-stop.md: sam-gwang 3 + pi 1 (10 junk) = 4 points
  (section 4); one Go adds 1 chip (section 5.5, pagat_example: P + 1); Cy's junk value 2 is
  below 5 while Ana scores the pi row, so pi-bak x2 (section 5.6); Bo holds a bright and 5 junk:
  no factor. Bo pays 5, Cy pays 10, Ana +15. Without the Go: 4 and 8 (+12). Hong-dan and
  cheong-dan are 3 each, paid by each of the two losers (sections 4 and 6.2).
The measured speeds (tap -> yaku on screen, bytes of the record page's first load) and the
tap counts are printed and written to test-artifacts/metrics.json.
"""

from __future__ import annotations

import json
import re
import statistics

from playwright.sync_api import expect

from .conftest import ARTIFACTS, shot

METRICS: dict = {"tap_ms": [], "taps": {}}
SESSION_URL = re.compile(r"/s/[^/?]+\?t=")


class Phone:
    """One phone at the table, counting the taps the scorer makes."""

    def __init__(self, page, base):
        self.page, self.base, self.taps = page, base, 0

    def tap(self, selector):
        self.taps += 1
        self.page.click(selector)

    def start(self, game, players, months, max_players, chip_value=None, currency=None):
        p = self.page
        p.goto(self.base + "/")
        if game != p.input_value("#game"):
            with p.expect_response(lambda r: "/setup" in r.url):
                p.select_option("#game", game)
            p.wait_for_selector(f'.players[data-max="{max_players}"]')
        while p.locator("#player-list input").count() < len(players):
            p.click("#add-player")
        while p.locator("#player-list input").count() > len(players):
            p.click("#player-list .player-row:last-child .del")
        for i, name in enumerate(players):
            p.fill(f"#player-list .player-row:nth-child({i + 1}) input", name)
        p.select_option("select[name=length]", str(months))
        if chip_value is not None:
            p.fill("input[name=chip_value]", str(chip_value))
            p.fill("input[name=currency]", currency)
        p.click("#start button[type=submit]")
        p.wait_for_url(SESSION_URL)
        return p.url

    def card(self, slug):
        """Tap a card and wait until the engine's answer is on screen (timed in the page)."""
        n = self.page.evaluate("window.__tapTimes.length")
        self.tap(f'.t[data-s="{slug}"]')
        # a function, not an expression: Playwright evals an expression in the page, which
        # the pages' CSP (no 'unsafe-eval') refuses
        self.page.wait_for_function(f"() => window.__tapTimes.length > {n}")

    def player(self, i):
        self.tap(f'.who .pl[data-i="{i}"]')

    def event(self, event_id, player_i=None):
        sel = f'.evb[data-id="{event_id}"]' + (f'[data-p="{player_i}"]' if player_i is not None
                                                else "")
        self.tap(sel)

    def review(self):
        self.tap("#review-open")
        self.page.wait_for_selector("#save:not([disabled])")
        return self.page.inner_text("#review-body")

    def save(self):
        METRICS["tap_ms"].extend(self.page.evaluate("window.__tapTimes"))
        self.tap("#save")
        self.page.wait_for_url(SESSION_URL)

    def month(self, player_i, slugs, stop_event="stop"):
        """A simple month: the stopper's pile and the stop."""
        self.tap("#record")
        self.page.wait_for_selector("#grid")
        if player_i:
            self.player(player_i)
        for s in slugs:
            self.card(s)
        self.event(stop_event, player_i)
        self.review()
        self.save()

    def chips(self, name):
        return self.page.inner_text(f'.total[data-player="{name}"] .chips')


def first_load(phone, session_url, game):
    """Bytes transferred by a fresh phone's first load of the record page; the card drawings
    (one SVG, cached for 30 days) are counted apart."""
    fresh = phone(color_scheme="dark")
    fresh.goto(session_url.replace("?t=", "/record?t="))
    fresh.wait_for_load_state("networkidle")
    shot(fresh, f"record-{game}-dark")
    sizes = fresh.evaluate("""() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const res = performance.getEntriesByType('resource');
      return [[location.pathname, nav.transferSize]].concat(res.map(r => [r.name, r.transferSize]));
    }""")
    page_bytes = sum(n for url, n in sizes if "cards.svg" not in url)
    card_bytes = sum(n for url, n in sizes if "cards.svg" in url)
    METRICS.setdefault("record_first_load_bytes", {})[game] = {"page": page_bytes,
                                                               "cards_svg": card_bytes}
    assert page_bytes < 100_000, sizes
    fresh.context.close()


def test_koi_koi_two_players(server, phone):
    a = Phone(phone(), server)
    a.start("koi-koi", ["Aki", "Bo"], 6, 2)
    session_url = a.page.url
    shot(a.page, "session-empty")

    # the view-only link from the share dialog opens on a second phone
    a.page.click("#share-open")
    a.page.wait_for_selector("#share[open] img.qr")
    shot(a.page, "share")
    read_link = a.page.input_value("#read-link")
    edit_link = a.page.input_value("#edit-link")
    assert read_link.startswith(server) and edit_link == session_url
    a.page.click("#share form button")
    b = Phone(phone(), server)
    b.page.goto(read_link)
    expect(b.page.locator("text=read-only view").first).to_be_visible()
    assert b.page.locator("#record").count() == 0  # a read-only link cannot record

    # first load of the record page on a fresh phone: bytes on the wire (cards excluded)
    first_load(phone, session_url, "koi-koi")

    # month 1: K11 by taps
    a.taps = 0
    a.tap("#record")
    a.page.wait_for_selector("#grid")
    for s in ("pine-poetry", "plum-poetry", "cherry-poetry", "wisteria-ribbon"):
        a.card(s)
    expect(a.page.locator("#yaku")).to_contain_text("3 Poetry Ribbons 6")
    expect(a.page.locator('.t.hl')).to_have_count(4)  # akatan's cards are highlighted
    shot(a.page, "record-koi-koi")
    # a card given to Aki cannot go to Bo
    a.player(1)
    a.page.click('.t[data-s="pine-poetry"]')
    assert a.page.get_attribute('.t[data-s="pine-poetry"]', "class").count("p0") == 1
    for s in ("plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"):
        a.card(s)
    expect(a.page.locator("#yaku")).to_contain_text("Any 5 Tens 1")
    a.event("koi_koi", 0)
    a.event("koi_koi", 1)
    a.event("stop", 0)
    text = a.review()
    assert "Aki wins" in text and "3 Poetry Ribbons 6" in text
    assert "koi-koi x2" in text and "= 12" in text
    assert re.search(r"Bo → Aki 12", text)
    shot(a.page, "review-koi-koi")
    a.save()
    METRICS["taps"]["koi-koi month, both piles and two calls (K11)"] = a.taps
    assert a.chips("Aki") == "+12" and a.chips("Bo") == "-12"
    # the second phone sees the round without reloading
    expect(b.page.locator("#round-1")).to_be_visible(timeout=8000)
    expect(b.page.locator('.total[data-player="Aki"] .chips')).to_have_text("+12")

    # edit month 1: without the two koi-koi calls it is 6
    a.page.click("#round-1 summary")
    a.page.click("#round-1 >> text=Edit this round")
    a.page.wait_for_selector("#evlist li")
    assert a.page.locator("#evlist li").count() == 3
    a.page.click("#evlist li:nth-child(1) .rm")
    a.page.click("#evlist li:nth-child(1) .rm")
    text = a.review()
    assert "= 6" in text and "Bo → Aki 6" in text
    a.save()
    assert a.chips("Aki") == "+6"
    expect(b.page.locator('.total[data-player="Aki"] .chips')).to_have_text("+6", timeout=8000)
    # undo (asked first: tests/browser/test_browser_traps.py) brings the calls back
    a.page.click("#undo")
    a.page.click("#undo-yes")
    expect(a.page.locator('.total[data-player="Aki"] .chips')).to_have_text("+12")

    # month 2 while the network is down: kept on the phone, sent once when it returns
    a.taps = 0
    a.tap("#record")
    a.page.wait_for_selector("#grid")
    a.player(1)
    for s in ("pine-crane", "cherry-curtain", "pampas-moon"):
        a.card(s)
    expect(a.page.locator("#yaku")).to_contain_text("5")
    a.event("stop", 1)
    a.review()
    METRICS["tap_ms"].extend(a.page.evaluate("window.__tapTimes"))
    a.page.context.set_offline(True)
    a.tap("#save")
    expect(a.page.locator("#conflict")).to_contain_text("kept on this phone")
    METRICS["taps"]["koi-koi month, stopper's pile only (sanko)"] = a.taps
    kept = a.page.evaluate("JSON.parse(localStorage.getItem('tally-outbox'))")
    assert len(kept) == 1
    with a.page.expect_response(lambda r: r.request.method == "POST" and "/rounds" in r.url):
        a.page.context.set_offline(False)
    a.page.wait_for_url(SESSION_URL)  # sent: the record page goes back to the session
    assert a.page.evaluate("JSON.parse(localStorage.getItem('tally-outbox') || '[]')") == []
    # a retry of the same write (same Idempotency-Key) is not applied twice
    replay = a.page.evaluate("""async item => {
      const r = await fetch(item.url, {method: item.method, body: JSON.stringify(item.body),
        headers: Object.assign({'Content-Type': 'application/json'}, item.headers)});
      return [r.status, r.headers.get('Idempotent-Replayed')];
    }""", kept[0])
    assert replay == [201, "true"]
    a.page.goto(session_url)
    assert a.chips("Bo") == "-7"  # -12 + 5
    assert a.page.locator(".round").count() == 2

    # a stale page: another phone records month 3 while this one is tapping month 4
    a.tap("#record")
    a.page.wait_for_selector("#grid")
    for s in ("pine-poetry", "plum-poetry", "cherry-poetry"):
        a.card(s)
    a.event("stop", 0)
    sid, token = re.search(r"/s/([^/?]+)\?t=(.+)$", session_url).groups()
    other = a.page.context.request.get(
        f"{server}/api/v1/sessions/{sid}?t={token}&include=rounds,ledger").json()
    r = a.page.context.request.post(
        f"{server}/api/v1/sessions/{sid}/rounds?t={token}",
        data={"captures": {"Bo": ["peony-blue", "chrysanthemum-blue", "maple-blue"], "Aki": []},
              "events": [{"type": "stop", "player": "Bo"}]},
        headers={"If-Match": f'"{other["version"]}"'})
    assert r.status == 201
    a.review()
    a.tap("#save")
    expect(a.page.locator("#conflict")).to_contain_text("Someone else changed this session")
    expect(a.page.locator("#conflict")).to_contain_text("Bo -2")  # the new state is shown
    assert a.page.locator(".t.own").count() == 3  # the taps are kept
    text = a.review()
    assert "3 Poetry Ribbons 5" in text
    a.save()
    assert a.chips("Aki") == "+7"  # 12 - 5 - 5 + 5

    a.month(1, ["pine-crane", "cherry-curtain", "pampas-moon"])  # month 5: Bo sanko 5
    a.month(0, ["pine-poetry", "plum-poetry", "cherry-poetry"])  # month 6: Aki akatan 5
    # the series is over: Aki 22 points, Bo 15 -> Bo pays Aki 7
    expect(a.page.locator("#settlement.final")).to_contain_text("Bo → Aki 7")
    assert a.page.locator("#record").count() == 0
    expect(b.page.locator("#settlement.final")).to_contain_text("Bo → Aki 7", timeout=8000)
    a.page.click("#round-6 summary")
    shot(a.page, "session-settled")
    a.page.goto(f"{server}/games/koi-koi/rules?s={sid}&t={token}")
    expect(a.page.locator("#yaku-akatan")).to_be_visible()
    shot(a.page, "rules-koi-koi")
    a.page.goto(server + "/")
    expect(a.page.locator("#recent-list li")).to_have_count(1)
    shot(a.page, "home")


def test_go_stop_three_players_in_korean(server, phone):
    a = Phone(phone("ko"), server)
    a.start("go-stop", ["Ana", "Bo", "Cy"], 3, 7, chip_value=100, currency="₩")
    expect(a.page.locator("h1")).to_contain_text("고스톱")
    session_url = a.page.url
    a.page.click("#share-open")
    read_link = a.page.input_value("#read-link")
    a.page.click("#share form button")
    b = Phone(phone("ko"), server)
    b.page.goto(read_link)
    first_load(phone, session_url, "go-stop")

    a.taps = 0
    a.tap("#record")
    a.page.wait_for_selector("#grid")
    # Korean order: willow (rain) is the 12th month and the last row
    assert a.page.inner_text('.month[data-flower="willow"] .ml b') == "12"
    months = a.page.locator(".month:not([data-flower=bonus])")
    assert months.last.get_attribute("data-flower") == "willow"
    for s in ("pine-crane", "cherry-curtain", "pampas-moon"):
        a.card(s)
    expect(a.page.locator("#yaku")).to_contain_text("삼광 3")
    a.event("go", 0)  # Go at 3: the score is taken from the cards once Ana's pile grows
    assert a.page.input_value('#evlist li:nth-child(1) [data-f="score"] input') == ""
    a.card("pine-chaff-1")
    assert a.page.input_value('#evlist li:nth-child(1) [data-f="score"] input') == "3"
    for s in ("pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1",
              "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1"):
        a.card(s)
    a.card("iris-chaff-2")
    expect(a.page.locator("#yaku")).to_contain_text("= 4")
    a.player(1)
    for s in ("paulownia-phoenix", "peony-chaff-1", "peony-chaff-2", "clover-chaff-1",
              "clover-chaff-2", "pampas-chaff-1"):
        a.card(s)
    a.player(2)
    for s in ("willow-rainman", "maple-chaff-1", "maple-chaff-2"):
        a.card(s)
    a.event("stop", 0)
    shot(a.page, "record-go-stop")
    text = a.review()
    # the breakdown is said in Korean on a Korean page (pi-bak: go-stop.md section 5.6)
    assert "피박 ×2: Cy" in text and "pi-bak" not in text  # Korean writes × (issue 23)
    assert "Bo → Ana 5" in text and "Cy → Ana 10" in text
    shot(a.page, "review-go-stop")
    a.save()
    METRICS["taps"]["go-stop 3-player month, all three piles, a go"] = a.taps
    assert [a.chips(n) for n in ("Ana", "Bo", "Cy")] == ["+15", "-5", "-10"]
    expect(b.page.locator('.total[data-player="Cy"] .chips')).to_have_text("-10", timeout=8000)

    # edit: without the Go, 4 and 8 (+12); undo: back to +15
    a.page.click("#round-1 summary")
    a.page.click("#round-1 a.button")
    a.page.wait_for_selector("#evlist li")
    a.page.click("#evlist li:nth-child(1) .rm")
    text = a.review()
    assert "Bo → Ana 4" in text and "Cy → Ana 8" in text
    a.save()
    assert a.chips("Ana") == "+12"
    a.page.click("#undo")
    a.page.click("#undo-yes")
    expect(a.page.locator('.total[data-player="Ana"] .chips')).to_have_text("+15")

    a.month(1, ["pine-poetry", "plum-poetry", "cherry-poetry"])  # hong-dan 3 from each
    a.month(2, ["peony-blue", "chrysanthemum-blue", "maple-blue"])  # cheong-dan 3 from each
    # Ana 15 - 3 - 3 = 9, Bo -5 + 6 - 3 = -2, Cy -10 - 3 + 6 = -7
    assert [a.chips(n) for n in ("Ana", "Bo", "Cy")] == ["+9", "-2", "-7"]
    settled = a.page.locator("#settlement.final")
    expect(settled).to_contain_text("Bo → Ana 2 칩 (200원)")  # 100원 a chip (issue 23)
    expect(settled).to_contain_text("Cy → Ana 7 칩 (700원)")
    expect(b.page.locator("#settlement.final")).to_contain_text("Cy → Ana 7", timeout=8000)
    shot(b.page, "session-go-stop-view-only")
    assert session_url


def test_sutda_hands_are_tapped_on_the_record_page(server, phone):
    """Issue 5: a luck game is played through the pages. Sutda (Simplified) takes each
    player's two cards as ``hands`` (Game.pile_key); sutda-simplified.md section 9 E2: A holds
    the curtain and the moon (Curtain and Moon, 10 points) and beats B and C."""
    a = Phone(phone(), server)
    a.start("sutda-simplified", ["A", "B", "C"], 3, 10)
    a.tap("#record")
    a.page.wait_for_selector("#grid")
    hands = {0: ["cherry-curtain", "pampas-moon"], 1: ["maple-deer", "maple-chaff-2"],
             2: ["iris-bridge", "chrysanthemum-chaff-2"]}
    for i, cards in hands.items():
        if i:
            a.player(i)
        for s in cards:
            a.card(s)
    text = a.review()
    assert "Curtain and Moon" in text and "= 10" in text
    a.save()
    sid, token = re.search(r"/s/([^/?]+)\?t=([^&]+)", a.page.url).groups()
    got = a.page.evaluate(f"fetch('/api/v1/sessions/{sid}?t={token}"
                          "&include=rounds,ledger').then(r => r.json())")
    stored = got["rounds"][0]
    assert stored["input"]["hands"] == {"A": hands[0], "B": hands[1], "C": hands[2]}
    assert "captures" not in stored["input"]
    assert stored["result"]["winner"] == "A"
    assert {p["player"]: p["points"] for p in stored["result"]["players"]} == \
        {"A": 10, "B": 0, "C": 0}


def test_seasons_solo_through_the_round_form(server, phone):
    """Issue 4/5: a game whose round is not a pile per player (Seasons, pile_key None) is
    recorded through the form drawn from Game.inputs: no card grid, no live-yaku bar.
    seasons.md section 6: no points, "the app can count wins"; section 9: a solo win and a solo
    loss (the hand holds the four jokers). So a win counts 1 round won and a loss 0: after a
    win and a loss the session shows 1 round won."""
    a = Phone(phone(), server)
    a.start("seasons", ["Aki"], 3, 4)
    session_url = a.page.url
    first_load(phone, session_url, "seasons")

    a.taps = 0
    a.tap("#record")
    a.page.wait_for_selector("#inputs")
    assert a.page.locator("#grid, #yaku, #rest, .who").count() == 0
    expect(a.page.locator('fieldset[data-key="result"] legend')).to_contain_text(
        "every month is in place")
    # a number out of range blocks the review, with the message next to the field
    a.page.fill('input[name="in-placed"]', "49")
    a.tap("#review-open")
    expect(a.page.locator('fieldset[data-key="placed"] .ferr')).to_be_visible()
    shot(a.page, "record-seasons-invalid")
    assert not a.page.locator("#review").is_visible()
    a.page.fill('input[name="in-placed"]', "")
    a.tap('fieldset[data-key="result"] .segb[data-v="win"]')
    assert a.page.is_checked('input[name="in-result"][value=\'"win"\']')
    shot(a.page, "record-seasons")
    # the choice survives a reload (the draft in localStorage)
    a.page.reload()
    assert a.page.is_checked('input[name="in-result"][value=\'"win"\']')
    text = a.review()
    assert "Aki wins" in text
    shot(a.page, "review-seasons")
    a.save()
    METRICS["taps"]["seasons solo month through the form (a win)"] = a.taps
    expect(a.page.locator('.total[data-player="Aki"]')).to_contain_text("1 round won")

    # month 2: a loss, with the final hand picked from the card list
    a.tap("#record")
    a.page.wait_for_selector("#inputs")
    a.tap('fieldset[data-key="result"] .segb[data-v="loss"]')
    # the hand's tiles are open (issue 28: tiles, not a list of names)
    for s in ("joker-a", "joker-b", "joker-c", "joker-d"):
        a.page.click(f'fieldset[data-key="hand"] .cpk .ct[data-s="{s}"]')
    expect(a.page.locator('fieldset[data-key="hand"] .cslot .tile')).to_have_count(4)
    a.page.click('fieldset[data-key="hand"] .cpk .ct[data-s="joker-d"]')  # a tap takes it back
    expect(a.page.locator('fieldset[data-key="hand"] .cslot .tile')).to_have_count(3)
    a.page.click('fieldset[data-key="hand"] .cpk .ct[data-s="joker-d"]')
    shot(a.page, "record-seasons-loss")
    text = a.review()
    assert "no winner" in text
    a.save()
    expect(a.page.locator('.total[data-player="Aki"]')).to_contain_text("1 round won")
    assert a.page.locator(".round").count() == 2

    # editing round 2 fills the form from the stored input; a tap takes the choice back
    sid, token = re.search(r"/s/([^/?]+)\?t=([^&]+)", a.page.url).groups()
    stored = a.page.evaluate(f"fetch('/api/v1/sessions/{sid}?t={token}"
                             "&include=rounds,ledger').then(r => r.json())")
    assert stored["rounds"][1]["input"] == {
        "result": "loss", "hand": ["joker-a", "joker-b", "joker-c", "joker-d"], "events": []}
    assert [r["result"]["winner"] for r in stored["rounds"]] == ["Aki", None]
    a.page.goto(f"{server}/s/{sid}/record?t={token}&seq=2")
    assert a.page.is_checked('input[name="in-result"][value=\'"loss"\']')
    expect(a.page.locator('fieldset[data-key="hand"] .cslot .tile')).to_have_count(4)
    a.tap('fieldset[data-key="result"] .segb[data-v="loss"]')
    assert not a.page.is_checked('input[name="in-result"][value=\'"loss"\']')
    text = a.review()  # the hand alone records the loss (section 4)
    assert "no winner" in text
    a.page.click("#review-back")
    a.page.evaluate("localStorage.clear()")


def test_zz_report_metrics():
    """Print the measured figures (the speed goals are reported, not timed tests)."""
    ms = sorted(METRICS["tap_ms"])
    assert ms, "the flows above record tap timings"
    METRICS["tap_ms_summary"] = {"taps": len(ms), "median": round(statistics.median(ms), 1),
                                 "p95": round(ms[int(len(ms) * .95) - 1], 1),
                                 "max": round(ms[-1], 1)}
    ARTIFACTS.mkdir(exist_ok=True)
    out = {k: v for k, v in METRICS.items() if k != "tap_ms"}
    (ARTIFACTS / "metrics.json").write_text(json.dumps(out, indent=2))
    print("\npages metrics:", json.dumps(out))
    assert METRICS["tap_ms_summary"]["median"] < 1000  # a sanity bound only, never flaky
