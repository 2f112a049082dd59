"""The evening on a phone (issue 14; Debian's chromium, 360 x 740):

- a 3-month Go-Stop series tapped to its end on the record page: the winner named, the
  scoresheet's months and running totals, the chart's lines, the statistics, the exports
  (CSV and JSON downloaded with the page's token);
- a Koi-Koi series finished early ("Finish now", asked first) and the finish undone;
- the printed scoresheet of a 12-month series fits one A4 page (page.pdf);
- axe-core finds no serious violation in the end, the scoresheet, the chart, the statistics
  and the finish dialog (en/ja/ko, light and dark);
- screenshots of the session page (the end, the scoresheet, the chart, the statistics) in
  en/ja/ko, light and dark, in /tmp/shots/evening/, and nothing wider than the phone.

Expected figures, by hand from the rules (/work/shared/rules/go-stop.md section 4: hong-dan 3,
cheong-dan 3, godori 5 points; a Stop with no Go and no bak: each loser pays the winner the
points; the winner deals next. /work/shared/rules/koi-koi.md section 9 K8: 12, K7: 5).
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .test_browser_flows import Phone
from .test_browser_session import add, new_session, url_of
from .test_browser_traps import Audit, axe  # noqa: F401 (axe: the fixture)
from tests.test_stats import K7, K8, K9

SHOTS = pathlib.Path("/tmp/shots/evening")


def cells(page, seq):
    return [c.strip() for c in page.locator(f"#sheet-{seq} td .ch").all_inner_texts()]


def runs(page, seq):
    return [c.strip() for c in page.locator(f"#sheet-{seq} td .run").all_inner_texts()]


def test_a_go_stop_series_played_to_its_end(server, phone):
    a = Phone(phone(), server)
    a.start("go-stop", ["Ana", "Bo", "Cy"], 3, 7, chip_value=100, currency="₩")
    a.month(0, ["pine-poetry", "plum-poetry", "cherry-poetry"])  # Ana: hong-dan 3 from each
    a.month(1, ["peony-blue", "chrysanthemum-blue", "maple-blue"])  # Bo: cheong-dan 3
    a.month(0, ["plum-warbler", "wisteria-cuckoo", "pampas-geese"])  # Ana: godori 5
    # Ana 6 - 3 + 10 = 13, Bo -3 + 6 - 5 = -2, Cy -3 - 3 - 5 = -11
    assert [a.chips(n) for n in ("Ana", "Bo", "Cy")] == ["+13", "-2", "-11"]
    p = a.page
    expect(p.locator("#end .winner")).to_have_text(re.compile(r"Ana wins the series"))
    expect(p.locator("#end .standings li .pn")).to_have_text(["Ana", "Bo", "Cy"])
    expect(p.locator("#settlement.final")).to_contain_text("Cy → Ana 11")
    expect(p.locator("#settlement.final")).to_contain_text("(₩1,100)")  # issue 23
    assert p.locator("#record").count() == 0 and p.locator("#finish").count() == 0
    # the scoresheet: months down, players across, the running totals
    assert cells(p, 1) == ["+6", "-3", "-3"] and runs(p, 1) == ["Σ +6", "Σ -3", "Σ -3"]
    assert cells(p, 2) == ["-3", "+6", "-3"] and runs(p, 2) == ["Σ +3", "Σ +3", "Σ -6"]
    assert cells(p, 3) == ["+10", "-5", "-5"] and runs(p, 3) == ["Σ +13", "Σ -2", "Σ -11"]
    # the dealer: Ana, Ana (she won month 1), Bo (he won month 2)
    for seq, i in ((1, 1), (2, 1), (3, 2)):
        assert p.locator(f"#sheet-{seq} td:nth-child({i + 1}) .badge.b-deal").count() == 1
    # a month opens its breakdown
    p.click("#sheet-2 .open-round")
    expect(p.locator("#round-2 details")).to_have_attribute("open", "")
    # the chart: three lines, drawn and described
    expect(p.locator("svg.chart polyline")).to_have_count(3)
    expect(p.locator("#chart-text li").first).to_have_text("Ana: +13 chips (highest +13, lowest 0)")
    colour = p.locator("svg.chart polyline").first.evaluate("e => getComputedStyle(e).stroke")
    assert colour not in ("none", "rgb(0, 0, 0)")
    # statistics
    expect(p.locator("#stats")).to_contain_text("Biggest round: Ana, +10 chips in month 3")
    expect(p.locator("#stats .stat").first).to_contain_text("2 rounds won")
    # exports with the page's token
    with p.expect_download() as dl:
        p.click("#export-csv")
    csv_text = pathlib.Path(dl.value.path()).read_text()
    # every text cell is quoted (a spreadsheet splitting on ";" meets no formula: issue 22)
    assert csv_text.startswith('"Session","Game","Round"') and csv_text.count("\n") == 1 + 3 * 3
    with p.expect_download() as dl:
        p.click("#export-json")
    doc = json.loads(pathlib.Path(dl.value.path()).read_text())
    assert len(doc["rounds"]) == 3 and doc["summary"]["complete"]
    assert p.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_finish_early_and_undo(server, phone):
    page = phone()
    s = new_session(page.request, server, length=12)
    add(page.request, server, s, K8)
    add(page.request, server, s, K9)
    page.goto(url_of(server, s))
    page.click("#finish")
    expect(page.locator("#finish-confirm")).to_be_visible()
    expect(page.locator("#finish-no")).to_be_focused()  # asked first: keeping is the default
    page.click("#finish-no")
    expect(page.locator("#finish-confirm")).to_be_hidden()
    assert page.locator("#end").count() == 0
    page.click("#finish")
    page.click("#finish-yes")
    # K8 then K9: Aki 12 - 2 = 10
    expect(page.locator("#end .winner")).to_have_text(re.compile("Aki wins the series"))
    expect(page.locator("#end")).to_contain_text("Finished early, after 2 months.")
    expect(page.locator("#record")).to_have_count(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "finished-early-en-light.png"))
    # undo, asked first, brings the series back at month 3
    expect(page.locator("#undo-what")).to_contain_text("The series, finished after month 2")
    page.click("#undo")
    page.click("#undo-yes")
    expect(page.locator("#end")).to_have_count(0)
    expect(page.locator("#record")).to_be_visible()
    expect(page.locator(".status")).to_contain_text("Month 3")
    # and Redo finishes it again
    page.click("#redo")
    expect(page.locator("#end .winner")).to_have_text(re.compile("Aki wins the series"))


def test_the_printed_scoresheet_of_12_months_is_one_a4_page(server, phone):
    page = phone()
    s = new_session(page.request, server, length=12, chip_value=10, currency="€")
    for i in range(12):
        add(page.request, server, s, (K8, K9, K7)[i % 3])
    page.goto(url_of(server, s))
    page.emulate_media(media="print")
    expect(page.locator("header.bar")).to_be_hidden()
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.locator("#rounds")).to_be_hidden()
    pdf = page.pdf(format="A4", print_background=True)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, pages
    (SHOTS / "print-12-months.pdf").parent.mkdir(parents=True, exist_ok=True)
    (SHOTS / "print-12-months.pdf").write_bytes(pdf)


def test_screenshots(server, phone):
    made = None
    for lang in ("en", "ja", "ko"):
        for scheme in ("light", "dark"):
            page = phone(lang, color_scheme=scheme)
            if made is None:
                made = new_session(page.request, server, game="go-stop",
                                   players=["Ana", "Bo", "Cy"], length=3, chip_value=100,
                                   currency="₩")
                poetry = ["pine-poetry", "plum-poetry", "cherry-poetry"]
                birds = ["plum-warbler", "wisteria-cuckoo", "pampas-geese"]
                brights = ["pine-crane", "cherry-curtain", "pampas-moon"]
                for who, cards, go in (("Ana", poetry + birds, True),  # a Go badge
                                       ("Bo", ["peony-blue", "chrysanthemum-blue",
                                               "maple-blue"], False),
                                       ("Ana", brights, False)):  # gwang-bak badges
                    events = [{"type": "go", "player": who, "score": 3}] if go else []
                    add(page.request, server, made, {
                        "captures": {p: cards if p == who else [] for p in ("Ana", "Bo", "Cy")},
                        "events": events + [{"type": "stop", "player": who}]})
            page.goto(url_of(server, made) + f"&lang={lang}")
            page.wait_for_load_state("networkidle")
            SHOTS.mkdir(parents=True, exist_ok=True)
            for part in ("end", "sheet", "chart", "stats"):
                page.locator(f"#{part}").evaluate("e => e.scrollIntoView()")
                page.screenshot(path=str(SHOTS / f"{part}-{lang}-{scheme}.png"))
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_axe_finds_no_serious_violation_in_the_evening(server, browser, axe, lang, scheme):
    """axe-core (tests/browser/test_browser_traps.py) on a series over (the end, the
    scoresheet with its badges, the chart, the statistics, the exports) and on the finish
    dialog of a series going on."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=lang,
                              color_scheme=scheme, extra_http_headers={"Accept-Language": lang},
                              bypass_csp=True)
    page = ctx.new_page()
    audit = Audit(page, f"{lang}-{scheme}")
    s = new_session(page.request, server, length=6, chip_value=10, currency="€")
    for r in (K8, K9, K7):
        add(page.request, server, s, r)
    page.goto(url_of(server, s) + f"&lang={lang}")
    page.click("#finish")
    audit("finish dialog")
    page.click("#finish-yes")
    page.wait_for_selector("#end")
    page.click("#sheet-2 .open-round")
    audit("the end, scoresheet, chart, statistics")
    ctx.close()
    assert not audit.found, "axe-core found:\n" + "\n".join(audit.found)
