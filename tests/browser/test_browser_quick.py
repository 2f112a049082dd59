"""Quick entry and tap targets on the record page (issue 9, section 1), on a 360 x 740 phone.

Every click, tap and fill from the opened record page to the saved month is counted (the mode
switch, Review and Save included) and asserted against the issue's targets; the counts are
printed for the report and written to test-artifacts/quick-taps.json. Each saved round's
money is checked against the rules digests (/work/shared/rules/*.md) or the games' docs, cited
at each test, never against numbers from our own code.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from .conftest import ARTIFACTS, PHONE
from .test_browser_flows import Phone

TAPS: dict = {}


class Counted(Phone):
    """A phone that also counts typing a number as one action."""

    def fill(self, selector, value):
        self.taps += 1
        self.page.fill(selector, str(value))

    def open_record(self):
        """The record page of the next month; the count starts once it is open."""
        self.page.click("#record")
        self.page.wait_for_selector("#review-open")
        self.taps = 0

    def review(self):
        self.tap("#review-open")
        # the breakdown, or what the engine said instead (the test's message on failure)
        self.page.wait_for_function("() => !document.getElementById('save').disabled || "
                                    "document.querySelector('#review-body .error')")
        text = self.page.inner_text("#review-body")
        assert self.page.is_enabled("#save"), text
        return text

    def call(self, event_id):
        """A call (koi-koi, go, stop) for the selected player, from the dock."""
        self.tap(f'#calls .call[data-id="{event_id}"]')

    def saved(self, label, target):
        TAPS[label] = {"taps": self.taps, "target": target}
        print(f"\n{label}: {self.taps} taps (target <= {target})")
        assert self.taps <= target, (label, self.taps)


def in_view(page, selector):
    """The element is on screen without scrolling: its whole box inside the 360 x 740 view."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= PHONE["width"], (selector, box)
    assert box["y"] + box["height"] <= PHONE["height"], (selector, box)


def rounds(page, base, session_url):
    """The session's stored rounds, read through the API with the page's own link."""
    m = re.search(r"/s/([^/?]+)\?t=([^&#]+)", session_url)
    res = page.request.get(f"{base}/api/v1/sessions/{m.group(1)}?t={m.group(2)}"
                           "&include=rounds,ledger")
    assert res.ok, res.status
    return res.json()["rounds"]


def test_go_stop_quick_three_players_a_go_and_a_pi_bak(server, phone):
    """Quick entry: Ana wins with 8 points after one Go, Cy has pi-bak. Digest go-stop.md
    5.5 (default `pagat_example`: one Go, base = P + 1 = 9) and 5.6 (pi-bak x2, multipliers
    multiply): Bo pays 9, Cy pays 9 x 2 = 18, Ana +27 (the same shape as docs/games/go-stop.md
    "Quick entry": Bo 40, Cy 40 x 2)."""
    a = Counted(phone(), server)
    url = a.start("go-stop", ["Ana", "Bo", "Cy"], 3, 7)
    a.open_record()
    in_view(a.page, ".mode[data-mode=quick]")
    a.tap(".mode[data-mode=quick]")
    a.tap('.qwin[data-p="0"]')            # the winner; the stop is theirs
    a.fill("#qpoints", 8)
    a.tap(".qgo.more")                     # one Go
    a.tap('.qbak[data-p="2"][data-k="pi_bak"]')
    expect(a.page.locator("#yaku")).to_contain_text("+27")  # the live line, before review
    in_view(a.page, "#review-open")
    text = a.review()
    assert "Bo → Ana 9" in text and "Cy → Ana 18" in text, text
    a.save()
    a.saved("go-stop quick, 3 players, one Go, pi-bak", 10)
    assert [a.chips(n) for n in ("Ana", "Bo", "Cy")] == ["+27", "-9", "-18"]
    stored = rounds(a.page, server, url)[0]["input"]
    assert stored["declared"] == {"Ana": {"points": 8}, "Cy": {"pi_bak": True}}
    assert [(e["type"], e["player"]) for e in stored["events"]] == [("go", "Ana"),
                                                                   ("stop", "Ana")]
    assert "captures" not in stored

    # the round opens in quick entry again, as it was said; the cards mode keeps its own
    a.page.goto(url.replace("?t=", "/record?t=") + "&seq=1")
    expect(a.page.locator(".mode[data-mode=quick]")).to_have_attribute("aria-checked", "true")
    expect(a.page.locator('.qwin[data-p="0"]')).to_have_attribute("aria-pressed", "true")
    assert a.page.input_value("#qpoints") == "8"
    a.page.click(".mode[data-mode=cards]")
    a.page.click('.t[data-s="pine-crane"]')
    a.page.click(".mode[data-mode=quick]")
    assert a.page.input_value("#qpoints") == "8"
    a.page.click(".mode[data-mode=cards]")
    expect(a.page.locator('.t[data-s="pine-crane"]')).to_have_class(re.compile(r"\bown\b"))

    # the next month opens in the mode this phone used last
    a.page.goto(url)
    a.open_record()
    expect(a.page.locator(".mode[data-mode=quick]")).to_have_attribute("aria-checked", "true")
    expect(a.page.locator("#grid")).to_be_hidden()


def test_koi_koi_quick_two_players(server, phone):
    """Quick entry of K11's stopper: Aki says 3 Poetry Ribbons with 4 ribbons and stops.
    docs/games/koi-koi.md "Quick entry" and digest koi-koi.md K11 (p.57): akatan 6 (5 + the
    fourth ribbon); without the calls no doubling: Bo pays 6."""
    a = Counted(phone(), server)
    a.start("koi-koi", ["Aki", "Bo"], 6, 2)
    a.open_record()
    for sel in ("#calls .call[data-id=koi_koi]", "#calls .call[data-id=stop]", "#review-open"):
        in_view(a.page, sel)
    a.tap(".mode[data-mode=quick]")
    a.tap('.qchip[data-y="akatan"]')
    expect(a.page.locator(".qrow.wide output")).to_have_text("3 ribbons")  # the least
    a.tap(".qcount.more")
    expect(a.page.locator(".qrow.wide output")).to_have_text("4 ribbons")
    expect(a.page.locator("#yaku")).to_contain_text("If Aki stops now: 6 points")
    for sel in ("#calls .call[data-id=stop]", "#review-open"):
        in_view(a.page, sel)
    a.call("stop")
    text = a.review()
    assert "Bo → Aki 6" in text, text
    a.save()
    a.saved("koi-koi quick, 2 players", 6)
    assert [a.chips(n) for n in ("Aki", "Bo")] == ["+6", "-6"]


def test_koi_koi_cards_both_piles(server, phone):
    """K11 by cards, both piles: Aki's four ribbons, Aki's koi-koi, Bo's koi-koi, Bo takes
    the rest, Aki stops. Digest koi-koi.md K11 (p.57): akatan 6, x2 counted once although two
    calls = 12; Bo pays 12."""
    a = Counted(phone(), server)
    a.start("koi-koi", ["Aki", "Bo"], 6, 2)
    a.open_record()
    for s in ("pine-poetry", "plum-poetry", "cherry-poetry", "wisteria-ribbon"):
        a.card(s)
    for sel in ("#calls .call[data-id=koi_koi]", "#calls .call[data-id=stop]", "#review-open"):
        in_view(a.page, sel)
    a.call("koi_koi")
    a.player(1)
    a.call("koi_koi")
    a.tap("#rest")                         # the rest go to Bo
    a.player(0)
    a.call("stop")
    text = a.review()
    assert "Bo → Aki 12" in text, text
    a.save()
    a.saved("koi-koi cards, both piles, two calls (K11)", 12)
    assert [a.chips(n) for n in ("Aki", "Bo")] == ["+12", "-12"]


def test_go_stop_cards_three_players(server, phone):
    """A 3-player hand by cards: Ana sam-gwang 3 + pi 1 (10 junk) = 4 after a Go at 3; Cy
    holds 2 junk; Bo takes the rest. Digest go-stop.md 5.5 (one Go: P + 1 = 5) and 5.6
    (pi-bak below 5 junk x2): Bo pays 5, Cy 10."""
    a = Counted(phone(), server)
    a.start("go-stop", ["Ana", "Bo", "Cy"], 3, 7)
    a.open_record()
    for s in ("pine-crane", "cherry-curtain", "pampas-moon"):
        a.card(s)
    in_view(a.page, "#calls .call[data-id=go]")
    a.call("go")
    for s in ("pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1",
              "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1",
              "iris-chaff-2"):
        a.card(s)
    in_view(a.page, "#calls .call[data-id=stop]")
    a.call("stop")
    a.player(2)
    for s in ("willow-rainman", "maple-chaff-1", "maple-chaff-2"):
        a.card(s)
    a.player(1)
    a.tap("#rest")
    in_view(a.page, "#review-open")
    text = a.review()
    assert "Bo → Ana 5" in text and "Cy → Ana 10" in text, text
    a.save()
    a.saved("go-stop cards, 3 players, a Go", 25)
    assert [a.chips(n) for n in ("Ana", "Bo", "Cy")] == ["+15", "-5", "-10"]


def test_hachi_hachi_quick_totals(server, phone):
    """Three players say their card points and chaff: Y 48 / 8, X 168 / 8, Z 48 / 8 (264 and
    24 in all). Digest hachi-hachi.md 5.3 step 3b and "book_168_plus" (B p.91): TCV 168
    takes 100 from each active opponent (x1 field)."""
    a = Counted(phone(), server)
    a.start("hachi-hachi", ["Y", "X", "Z"], 3, 7)
    a.open_record()
    a.tap(".mode[data-mode=quick]")
    a.tap('fieldset[data-key="field_multiplier"] .segb[data-v="small_field"]')  # x1
    fs = 'fieldset[data-key="totals"]'
    for i, (points, chaff) in enumerate(((48, 8), (168, 8), (48, 8))):
        a.tap(f"{fs} .sx-adds .sx-add.p{i}")
        row = f"{fs} .sx-item.p{i} .sx-rec > .sx-field"
        a.fill(f"{row}:nth-child(1) input", points)
        a.fill(f"{row}:nth-child(2) input", chaff)
    expect(a.page.locator("#yaku")).to_contain_text("Card points: 264 of 264")
    text = a.review()
    assert "Y → X 100" in text and "Z → X 100" in text, text
    a.save()
    # no target in the issue: the switch, the field, then "+", points and chaff per player
    a.saved("hachi-hachi quick, 3 players, totals", 1 + 1 + 3 * 3 + 2)
    assert [a.chips(n) for n in ("X", "Y", "Z")] == ["+200", "-100", "-100"]


def test_zz_report_taps():
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "quick-taps.json").write_text(json.dumps(TAPS, indent=1))
    print("\n" + json.dumps(TAPS, indent=1))


def test_amounts_are_written_as_the_language_writes_numbers(server, phone):
    """The review groups thousands by the page's language (issue 9 section 3): the pi-bak hand
    above with 1,000 chips a point (`point_value`, docs/games/go-stop.md: the Stop settlement is
    multiplied by it): Bo pays 9 x 1,000 = 9,000 and Cy 18 x 1,000 = 18,000."""
    page = phone("ko")
    s = page.request.post(server + "/api/v1/sessions", data={
        "game": "go-stop", "players": ["Ana", "Bo", "Cy"],
        "options": {"point_value": 1000}}).json()
    page.goto(f"{server}/s/{s['id']}/record?t={s['edit_token']}")
    page.wait_for_selector("#review-open")
    page.click(".mode[data-mode=quick]")
    page.click('.qwin[data-p="0"]')
    page.fill("#qpoints", "8")
    page.click(".qgo.more")
    page.click('.qbak[data-p="2"][data-k="pi_bak"]')
    expect(page.locator("#yaku")).to_contain_text("+27,000")
    page.click("#review-open")
    page.wait_for_function("() => !document.getElementById('save').disabled")
    text = page.inner_text("#review-body")
    assert "Bo → Ana 9,000" in text and "Cy → Ana 18,000" in text, text
    page.evaluate("() => localStorage.clear()")
