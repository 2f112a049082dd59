"""A player's name cannot reorder the text around it (issue 22 item 3), read on screen.

Bo's name starts with U+202E RIGHT-TO-LEFT OVERRIDE, left open. Unisolated, the override runs
on past the name to the end of the line: the settlement "Aki → Bo 12 chips" is drawn as
"Aki → spihc 21 oB" (the amount reads 21). Each test lays a line out character by character
(a Range's client rect per character, in the page) and checks what a reader sees: the digits
of the amount left to right in their order, the payer before the arrow and the payee after
it, "chips" not reversed; on the record page and in the chart, that nothing outside the name
is moved. Bo's own letters are the override's to reverse: only where they sit is checked.

The API will refuse a name with an unpaired override (tally/api/limits.py), so the sessions
are written through the store, on a server of this file's own (the shared one keeps its
store to itself). Screenshots at 360 x 740 (en, ja, ko; light and dark; the hostile name and
ordinary names) go to /tmp/shots/bidi/.
"""

from __future__ import annotations

import pathlib
import types

import pytest

from tally import series

from .conftest import serving

BO = "\u202eBo"
# a right-to-left name the API takes: unisolated, the amount after it jumps before it
# ("Aki → 12 سامي chips"), the digits of a European number being drawn right to left's way
SAMI = "\u0633\u0627\u0645\u064a"
# Bo stops with sanko 5 + aotan 7 (five ribbons, three of them blue): Aki pays Bo 12 chips
PILE = ["pine-crane", "cherry-curtain", "pampas-moon", "peony-blue", "chrysanthemum-blue",
        "maple-blue", "iris-ribbon", "wisteria-ribbon"]
SHOTS = pathlib.Path("/tmp/shots/bidi")

# every character of an element in the DOM's (logical) order, with the centre of the box it is
# drawn in; invisible ones (the override, the isolates, spaces that take no room) have none.
# The element is found in the same call: the session page redraws its part when it polls
GLYPHS = """sel => {
  const el = document.querySelector(sel), out = [], walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode())
    for (let i = 0; i < n.data.length; i++) {
      const r = document.createRange();
      r.setStart(n, i); r.setEnd(n, i + 1);
      const b = r.getClientRects()[0];
      out.push(b && b.width > 0 && n.data[i].trim()
        ? {ch: n.data[i], x: b.left + b.width / 2, y: b.top + b.height / 2} : {ch: n.data[i]});
    }
  return out;
}"""


@pytest.fixture(scope="module")
def site():
    """The app on 127.0.0.1 with its store at hand, to write what the API would refuse."""
    with serving() as (url, app):
        yield types.SimpleNamespace(url=url, store=app.extensions["tally_store"])


def session(site, players=(BO, "Aki"), rounds=1, title="", finish=False):
    """A Koi-Koi series where the first player wins each round with PILE (12 chips)."""
    cfg = series.check_config({"game": "koi-koi", "players": list(players), "length": 6})
    s = site.store.create_session(cfg, title=title)
    v = s["version"]
    for _ in range(rounds):
        v = site.store.add_round(s["id"], v, {
            "captures": {players[0]: PILE, players[1]: []},
            "events": [{"type": "stop", "player": players[0]}]}, actor=players[0])["version"]
    if finish:
        site.store.finish(s["id"], v)
    return s


def glyphs(page, selector):
    page.wait_for_selector(selector)
    return page.evaluate(GLYPHS, selector)


def before(a, b) -> bool:
    """Whether glyph a is read before glyph b: a line above, or left on the same line."""
    if abs(a["y"] - b["y"]) > 10:
        return a["y"] < b["y"]
    return a["x"] < b["x"]


def reads(line, *parts):
    """Check that ``line`` (glyphs) shows ``parts`` in their order, left to right. A part is
    a piece of text, read in its own order too, or ("name", text): a name whose letters may
    be drawn in any order (its override is its own), but all after the part before it and
    before the part after it. Returns the text as laid out, to say what went wrong."""
    text = "".join(g["ch"] for g in line)
    shown = "".join(g["ch"] for g in sorted((g for g in line if "x" in g),
                                            key=lambda g: (round(g["y"] / 20), g["x"])))
    at, groups = 0, []
    for part in parts:
        name = isinstance(part, tuple)
        word = part[1] if name else part
        i = text.index(word, at)
        at = i + len(word)
        seen = [g for g in line[i:at] if "x" in g]
        assert seen, (word, text)
        if not name:  # the letters of a word or an amount, in their order
            for a, b in zip(seen, seen[1:]):
                assert before(a, b), f"{word!r} is drawn reversed: the line reads {shown!r}"
        groups.append((word, seen))
    for (w1, g1), (w2, g2) in zip(groups, groups[1:]):
        assert all(before(a, b) for a in g1 for b in g2), \
            f"{w1!r} is not before {w2!r}: the line reads {shown!r}"
    return shown


def open_page(phone, url, lang="en", scheme="light"):
    page = phone(lang, color_scheme=scheme)
    page.goto(url)
    return page


# ------------------------------------------------------------------------ the session page

@pytest.mark.parametrize("name", [BO, SAMI], ids=["override", "arabic"])
def test_the_settlement_reads_aki_pays_bo_12_chips(site, phone, name):
    s = session(site, (name, "Aki"))
    page = open_page(phone, f"{site.url}/s/{s['id']}?t={s['edit_token']}")
    assert page.viewport_size == {"width": 360, "height": 740}
    line = glyphs(page, "#settlement .pays li")
    assert "".join(g["ch"] for g in line) == f"Aki → {name} 12 chips"
    reads(line, "Aki", "→", ("name", name), "12", "chips")
    if name != BO:
        return  # the lines below are read with the override
    # the round's line and the last change carry the name inside their words
    reads(glyphs(page, ".round summary .net"), ("name", BO), "+12", ",", "Aki", "-12")
    reads(glyphs(page, "#undo-what"), "Last change", "Month 1", "added by", ("name", BO),
          ("name", BO), "wins", "(", ("name", BO), "+12", ",", "Aki", "-12", ")")
    # the totals: the dealer's mark and the chips stay where they are
    reads(glyphs(page, ".status"), "Month", "2", "/", "6", "Dealer")
    # the undo dialog shows the same words as text (isolated with FSI ... PDI)
    page.click("#undo")
    reads(glyphs(page, "#undo-confirm-what"), "Month 1", "added by",
          ("name", BO), ("name", BO), "wins", "(", ("name", BO), "+12", ",", "Aki", "-12", ")")


def test_the_end_and_the_scoresheet_keep_the_name_to_itself(site, phone):
    s = session(site, finish=True)
    page = open_page(phone, f"{site.url}/s/{s['id']}?t={s['read_token']}")
    reads(glyphs(page, ".status"), "The series is over", "·", ("name", BO), "wins")
    reads(glyphs(page, "#end .winner"), "★", ("name", BO), "wins the series")
    reads(glyphs(page, "#end .standings li"), "1", ("name", BO), "+12", "chips", "1 round won")
    reads(glyphs(page, "#stats p"), "Biggest round:", ("name", BO), ",", "+12", "chips",
          "in month 1")


def test_the_chart_keeps_the_name_to_itself(site, phone):
    s = session(site, rounds=2)
    page = open_page(phone, f"{site.url}/s/{s['id']}?t={s['read_token']}")
    line = glyphs(page, "#chart-text li")
    reads(line, ("name", BO), ":", "+24", "chips", "(highest", "+24", ",", "lowest", "0", ")")
    # the picture itself holds no name, only figures
    assert "Bo" not in page.inner_html("#chart svg")


# ------------------------------------------------------------------------ the record page

def test_the_record_page_keeps_the_name_to_itself(site, phone):
    s = session(site)
    page = open_page(phone, f"{site.url}/s/{s['id']}/record?t={s['edit_token']}")
    page.wait_for_selector("#grid")
    # Bo's button: the name, then the points; the dealer's line
    reads(glyphs(page, '.who .pl[data-i="0"]'), ("name", BO), "0")
    reads(glyphs(page, ".rec-head"), "Month 2", "/", "6", "·", "Dealer", ":", ("name", BO))  # the winner deals
    for slug in PILE:  # Bo's pile: the live line says what it makes
        n = page.evaluate("() => window.__tapTimes.length")
        page.click(f'.t[data-s="{slug}"]')
        page.wait_for_function(f"() => window.__tapTimes.length > {n}")
    reads(glyphs(page, "#yaku"), ("name", BO), "=", "12")
    # a tile's mark is a letter of the name, not the invisible override
    assert page.inner_text('.t[data-s="pine-crane"] i') == "B"
    page.click('.evb[data-id="stop"][data-p="0"]')
    reads(glyphs(page, "#evlist li .evt"), "Stop", ("name", BO), "×")
    # the API scores no round with such a name: its refusal names the field that holds it,
    # and the words after the name read in their order
    page.click("#review-open")
    words = page.locator("#review-body .error").inner_text().split()
    at = next(i for i, w in enumerate(words) if BO in w)  # "captures.\u202eBo"
    reads(glyphs(page, "#review-body .error"), ("name", words[at]), *words[at + 1:at + 5])


def test_the_review_keeps_a_right_to_left_name_to_itself(site, phone):
    # (the API scores no round whose names hold an open override: a right-to-left name here)
    s = session(site, (SAMI, "Aki"))
    page = open_page(phone, f"{site.url}/s/{s['id']}/record?t={s['edit_token']}")
    page.wait_for_selector("#grid")
    for slug in PILE:
        page.click(f'.t[data-s="{slug}"]')
    page.click('.evb[data-id="stop"][data-p="0"]')
    page.click("#review-open")
    page.wait_for_selector("#save:not([disabled])")
    reads(glyphs(page, "#review-body p"), ("name", SAMI), "wins")
    reads(glyphs(page, "#review-body .breakdown"), ("name", SAMI), "=", "12")
    reads(glyphs(page, "#review-body .pays li"), "Aki", "→", ("name", SAMI), "12", "chips")


# ------------------------------------------------------------------------ the home page

def test_the_home_page_lists_the_session_without_reordering_it(site, phone):
    s = session(site, title="\u202eNight")
    page = open_page(phone, f"{site.url}/s/{s['id']}?t={s['edit_token']}")
    page.wait_for_function("() => localStorage.getItem('tally-recent')")
    page.goto(site.url + "/")
    page.wait_for_selector("#recent-list li")
    reads(glyphs(page, "#recent-list li a"), ("name", "\u202eNight"), "·", ("name", BO), ",",
          "Aki")


# ------------------------------------------------------------------------ how it looks

@pytest.mark.parametrize("names", ["hostile", "plain"])
def test_screenshots(site, phone, names):
    """Every page touched, at 360 x 740 in en/ja/ko, light and dark: nothing wider than the
    phone, no internal id or raw "true" in the words, no visible stray character."""
    players = (BO, "Aki") if names == "hostile" else ("Bo", "Aki")
    title = "\u202eNight" if names == "hostile" else "Night"
    s = session(site, players, rounds=2, title=title)
    done = session(site, players, rounds=1, title=title, finish=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ja", "ko"):
        for scheme in ("light", "dark"):
            tag = f"{names}-{lang}-{scheme}"
            page = open_page(phone, f"{site.url}/s/{s['id']}?t={s['edit_token']}&lang={lang}",
                             lang, scheme)
            page.screenshot(path=str(SHOTS / f"session-{tag}.png"))
            page.locator(".round summary").first.click()  # a round's breakdown, open
            for part in ("#settlement", "#sheet", "#chart", "#rounds"):
                page.locator(part).scroll_into_view_if_needed()
                page.screenshot(path=str(SHOTS / f"session{part.replace('#', '-')}-{tag}.png"))
            words = page.inner_text("main")
            assert s["id"] not in words and "true" not in words.split()
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
            page.emulate_media(media="print")
            page.screenshot(path=str(SHOTS / f"print-{tag}.png"), full_page=True)
            page.emulate_media(media="screen")
            page.goto(f"{site.url}/s/{done['id']}?t={done['edit_token']}&lang={lang}")
            page.screenshot(path=str(SHOTS / f"end-{tag}.png"))
            page.locator("#stats").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"stats-{tag}.png"))
            page.goto(f"{site.url}/s/{s['id']}/record?t={s['edit_token']}&lang={lang}")
            page.wait_for_selector("#grid")
            for slug in PILE[:4]:
                page.click(f'.t[data-s="{slug}"]')
            page.click('.evb[data-id="stop"][data-p="0"]')
            page.screenshot(path=str(SHOTS / f"record-{tag}.png"))
            page.click("#review-open")
            # the API scores no round whose names hold an open override: it says why
            page.wait_for_selector("#save:not([disabled]), #review-body .error")
            page.screenshot(path=str(SHOTS / f"review-{tag}.png"))
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
            page.goto(f"{site.url}/?lang={lang}")
            page.wait_for_selector("#recent-list li")
            page.fill("#player-list .player-row:nth-child(1) input", players[0])
            page.screenshot(path=str(SHOTS / f"home-{tag}.png"))
            page.goto(f"{site.url}/games/%D7%90%D7%91-2/rules?lang={lang}")
            page.screenshot(path=str(SHOTS / f"error-{tag}.png"))
