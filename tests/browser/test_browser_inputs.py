"""The record page's structured inputs (static/inputs.js) in a real browser on a 360 x 740
phone: rounds whose game reads lists, records and maps are entered through widgets (card
pickers, coloured player names, "+" and "×", number boxes), never as typed JSON; a problem is
shown next to the part at fault; the draft survives a reload; the rounds are saved, and a
stored round opened for editing fills the same widgets again. Screenshots (360 x 740) go to
test-artifacts/inputs-*.png.

Every expected number comes from the rules digests, not from running our code:
- Oicho-Kabu: shared/rules/oicho-kabu.md section 9, E3 (settlement of fig. 30.6): dealer total
  1, columns 7, 8, 6, 0, bets of 10 on each column -> columns 1-3 win +10 each, column 4 loses
  10, dealer net -20. Card value = month number, total = sum mod 10 (section 2): the dealer's
  pine (1) + maple (10) = 1; columns plum 2 + iris 5 = 7, cherry 3 + iris 5 = 8,
  wisteria 4 + plum 2 = 6, peony 6 + clover 7 + clover 7 = 0.
- Go-Stop, 5 people: shared/rules/go-stop.md section 3.7 and EX-P9 (A deals; B drops, C and D
  play -> E is forced out and may claim from C and D); section 6.3 / EX-P10: 2 chips per eligible
  card (a bright) from each of the two non-dealers who play; section 4: hong-dan (3 poetry
  ribbons) is 3 points, paid by each of the two losers (section 6.2).
- Hana-Rumi: shared/rules/hana-rumi.md section 9, E1 (book p. 191): A went out with 3 tens,
  1 ribbon and 3 chaffs in a sequence -> 38; B 1 ten and 4 ribbons incl. the three blue ones
  (30), purple_ribbons +20, 3 chaffs left in hand -3 -> 47.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import shot


def new_session(page, server, game, players, **kw):
    r = page.request.post(server + "/api/v1/sessions",
                          data={"game": game, "players": players, **kw})
    assert r.status == 201, r.text()
    return r.json()


def open_record(page, server, s, seq=None):
    page.goto(f"{server}/s/{s['id']}/record?t={s['edit_token']}" + (f"&seq={seq}" if seq else ""))
    # attached, not visible: quick entry's inputs are drawn but hidden in the cards mode
    page.wait_for_selector("#inputs .sx > *", state="attached")


def stored_round(page, server, s, seq=1):
    r = page.request.get(f"{server}/api/v1/sessions/{s['id']}?t={s['edit_token']}"
                         "&include=rounds,ledger")
    assert r.status == 200
    return r.json()["rounds"][seq - 1]


def field(page, key):
    return page.locator(f'#inputs fieldset[data-key="{key}"]')


def items(loc):
    """The items of the list or map directly inside ``loc`` (not those nested deeper)."""
    return loc.locator(":scope > .ictl > .sx > * > .sx-items > .sx-item, "
                       ":scope > .sx-items > .sx-item")


def tap(loc, name):
    loc.get_by_role("button", name=name, exact=True).first.click()


def pressed(loc):
    return loc.locator('.sx-opt[aria-pressed="true"]').all_inner_texts()


def chips(loc):
    """The cards a card input holds, as its slot shows them (issue 28: tiles)."""
    return loc.locator(".cslot .tile use").evaluate_all(
        "l => l.map(u => u.getAttribute('href').split('#card-')[1])")


def pick(page, loc, slugs):
    """Cards into the card input in ``loc``: its slot opens the tiles (a new entry's are
    open already), a tap each card."""
    slot = loc.locator(".cslot").first
    if slot.get_attribute("aria-expanded") != "true":
        slot.click()
    for slug in slugs:
        page.locator(f'.cpk .ct[data-s="{slug}"]').click()


def review_and_save(page):
    page.click("#review-open")
    page.wait_for_selector("#save:not([disabled]), #review-body .error, .inp.bad")
    assert page.locator(".inp.bad").count() == 0, page.locator(".ferr").all_inner_texts()
    text = page.inner_text("#review-body")
    assert page.locator("#review-body .error").count() == 0, text
    page.click("#save")
    page.wait_for_url("**/s/*?t=*")
    return text


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_oicho_kabu_columns_and_bets(server, phone):
    page = phone()
    s = new_session(page, server, "oicho-kabu", ["Ana", "Bo", "Cy", "Di"],
                    options={"max_bet": 100}, first_dealer="Ana")
    open_record(page, server, s)
    # the dealer's hand in the grid, in the order dealt
    for slug in ("pine-crane", "maple-deer"):
        page.click(f'.t[data-s="{slug}"]')
    cols = field(page, "columns")
    assert cols.locator("textarea").count() == 0
    expect(items(cols)).to_have_count(4)  # four columns, none to add or remove
    assert cols.locator(".sx-add:visible, .sx-x").count() == 0
    dealt = [["plum-warbler", "iris-bridge"], ["cherry-curtain", "iris-ribbon"],
             ["wisteria-cuckoo", "plum-poetry"],
             ["peony-butterflies", "clover-boar", "clover-ribbon"]]
    # the columns' tiles are open; the cards go round the columns as dealt (oicho-kabu.md 5:
    # a first card each, then a second), then column 4's third card
    expect(cols.locator(".cpk")).to_be_visible()
    for slug in [c[0] for c in dealt] + [c[1] for c in dealt]:
        cols.locator(f'.cpk .ct[data-s="{slug}"]').click()
    cols.locator('.cpk .cpk-to[aria-label="Column 4"]').click()
    cols.locator(f'.cpk .ct[data-s="{dealt[3][2]}"]').click()
    bets = field(page, "bets")
    # a bet tapped before the stake is typed is no bet: the stake box says so; the round is
    # not reviewed without bets
    bets.locator('.bets-b[data-p="Bo"][data-n="1"]').click()
    expect(bets.locator(".bets-need")).to_have_text("Required: Amount")
    page.click("#review-open")
    expect(bets.locator(".ferr")).to_contain_text("Required")
    assert not page.locator("#review").is_visible()
    bets.locator(".bets-stake input").fill("10")
    for player, column in (("Bo", "1"), ("Cy", "2"), ("Cy", "3"), ("Di", "4")):
        bets.locator(f'.bets-b[data-p="{player}"][data-n="{column}"]').click()
    expect(bets.locator('.bets-b[aria-pressed="true"]')).to_have_count(4)
    # the dealer is the bank: no row of bets for Ana
    assert bets.locator('.bets-b[data-p="Ana"]').count() == 0
    no_sideways_scroll(page)
    bets.scroll_into_view_if_needed()
    shot(page, "inputs-oicho-kabu")
    review_and_save(page)

    r = stored_round(page, server, s)
    assert r["input"]["columns"] == dealt
    assert r["input"]["bets"] == [{"player": p, "column": c, "amount": 10}
                                  for p, c in (("Bo", 1), ("Cy", 2), ("Cy", 3), ("Di", 4))]
    # oicho-kabu.md 9 E3: columns 1-3 win 10 each, column 4 loses 10, the dealer -20
    assert r["result"]["net"] == {"Ana": -20, "Bo": 10, "Cy": 20, "Di": -10}

    # editing the stored round: the widgets hold its values
    edit = phone()
    open_record(edit, server, s, seq=1)
    cols, bets = field(edit, "columns"), field(edit, "bets")
    assert [chips(items(cols).nth(i)) for i in range(4)] == dealt
    on = bets.locator('.bets-b[aria-pressed="true"]')
    expect(on).to_have_count(4)
    assert [(b.get_attribute("data-p"), b.get_attribute("data-n"), b.inner_text().split())
            for b in on.all()] == [("Bo", "1", ["1", "10"]), ("Cy", "2", ["2", "10"]),
                                   ("Cy", "3", ["3", "10"]), ("Di", "4", ["4", "10"])]
    assert bets.locator(".bets-stake input").input_value() == "10"
    # a second tap takes a bet back: the shorter list, in the betting order
    bets.locator('.bets-b[data-p="Cy"][data-n="3"]').click()
    expect(on).to_have_count(3)
    assert [x["column"] for x in edit.evaluate("readForm()")["bets"]] == [1, 2, 4]


def test_go_stop_five_people_sitting_out(server, phone):
    page = phone()
    s = new_session(page, server, "go-stop", ["Ana", "Bo", "Cy", "Di", "Ed"],
                    first_dealer="Ana")
    open_record(page, server, s)
    out = field(page, "sitting_out")
    assert out.locator("textarea").count() == 0
    # one widget for every player: tap the names of those who sit out
    tap(out, "+ Bo")
    tap(out, "+ Ed")
    expect(items(out)).to_have_count(2)
    ed = items(out).nth(1)
    expect(ed.locator(":scope > .sx-h .sx-l")).to_have_text("Ed")
    pick(page, ed.locator(".sx-field").nth(0), ["pine-crane"])
    tap(ed.locator(".sx-field").nth(1), "0")
    # the draft on this phone keeps what the widgets hold across a reload; a widget tells the
    # form in a timeout after the tap (inputs.js), so let that run first: a reload sent in the
    # same millisecond as the tap (no person is that fast) races it, and loses more often
    # with Cross-Origin-Opener-Policy set (tally/headers.py)
    page.evaluate("() => new Promise(done => setTimeout(done))")
    page.reload()
    # attached, not visible: quick entry's inputs are drawn but hidden in the cards mode
    page.wait_for_selector("#inputs .sx > *", state="attached")
    out = field(page, "sitting_out")
    expect(items(out)).to_have_count(2)
    ed = items(out).nth(1)
    assert chips(ed.locator(".sx-field").nth(0)) == ["pine-crane"]
    assert pressed(ed.locator(".sx-field").nth(1)) == ["0"]
    # the dealer's hong-dan and the Stop
    for slug in ("pine-poetry", "plum-poetry", "cherry-poetry"):
        page.click(f'.t[data-s="{slug}"]')
    page.click('.evb[data-id="stop"][data-p="0"]')
    page.fill('#evlist [data-f="score"] input', "3")
    page.dispatch_event('#evlist [data-f="score"] input', "change")
    no_sideways_scroll(page)
    out.scroll_into_view_if_needed()
    shot(page, "inputs-go-stop-sitting-out")
    review_and_save(page)

    r = stored_round(page, server, s)
    assert r["input"]["sitting_out"] == {"Bo": {}, "Ed": {"shows": ["pine-crane"], "triples": 0}}
    assert set(r["input"]["captures"]) == {"Ana", "Cy", "Di"}  # those who sit out hold none
    # go-stop.md 6.3 / EX-P10: Ed (forced out) gets 2 from Cy and from Di; 4 and 6.2:
    # hong-dan 3 from each loser
    assert r["result"]["net"] == {"Ana": 6, "Bo": 0, "Cy": -5, "Di": -5, "Ed": 4}

    edit = phone()
    open_record(edit, server, s, seq=1)
    out = field(edit, "sitting_out")
    expect(items(out)).to_have_count(2)
    assert out.locator(".sx-item > .sx-h .sx-l").all_inner_texts() == ["Bo", "Ed"]
    ed = items(out).nth(1)
    assert chips(ed.locator(".sx-field").nth(0)) == ["pine-crane"]
    assert pressed(ed.locator(".sx-field").nth(1)) == ["0"]
    assert pressed(items(out).nth(0)) == [] and chips(items(out).nth(0)) == []
    # the names already sitting out are not offered again
    expect(out.locator(".sx-add:visible")).to_have_text(["+ Ana", "+ Cy", "+ Di"])


def test_hana_rumi_melds(server, phone):
    page = phone()
    s = new_session(page, server, "hana-rumi", ["Aki", "Bo"], first_dealer="Bo")
    open_record(page, server, s)
    field(page, "went_out").locator('label.segb[data-v="Aki"]').click()
    melds = field(page, "melds")
    assert melds.locator("textarea").count() == 0
    table = [{"Aki": ["plum-warbler", "wisteria-cuckoo", "iris-bridge"], "Bo": ["clover-boar"]},
             {"Aki": ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1"]},
             {"Bo": ["peony-blue", "chrysanthemum-blue", "maple-blue", "clover-ribbon"],
              "Aki": ["iris-ribbon"]}]
    for meld in table:
        melds.locator(".sx-list > .sx-add").click()
        m = items(melds).last
        for who, cards in meld.items():  # the melder first
            tap(m, "+ " + who)
            entry = items(m.locator(".sx-map")).last
            pick(page, entry, cards)
    # Bo's cards left in hand, in the grid
    page.click('.who .pl[data-i="1"]')
    for slug in ("pampas-chaff-1", "pampas-chaff-2", "maple-chaff-1"):
        page.click(f'.t[data-s="{slug}"]')
    no_sideways_scroll(page)
    melds.scroll_into_view_if_needed()
    shot(page, "inputs-hana-rumi-melds")
    review_and_save(page)

    r = stored_round(page, server, s)
    assert r["input"]["melds"] == table
    assert [list(m) for m in r["input"]["melds"]] == [["Aki", "Bo"], ["Aki"], ["Bo", "Aki"]]
    # hana-rumi.md 9 E1: A 38, B 47
    assert {p["player"]: p["points"] for p in r["result"]["players"]} == {"Aki": 38, "Bo": 47}

    edit = phone()
    open_record(edit, server, s, seq=1)
    melds = field(edit, "melds")
    expect(items(melds)).to_have_count(3)
    for i, meld in enumerate(table):
        entries = items(items(melds).nth(i).locator(".sx-map"))
        assert entries.locator(":scope > .sx-h .sx-l").all_inner_texts() == list(meld)
        assert [chips(entries.nth(j)) for j in range(len(meld))] == list(meld.values())
    assert edit.evaluate("readForm()")["melds"] == table
    melds.scroll_into_view_if_needed()
    shot(edit, "inputs-hana-rumi-edit")


# values of every structured input (the games' own examples, and one value each for the
# inputs their examples leave out), written into the widgets and read back unchanged
ROUND_TRIPS = {
    "go-stop": {"sitting_out": {"Bo": {}, "Ed": {"shows": ["pine-crane", "willow-lightning"],
                                                "triples": 1, "dealt_iris_bridge": True}},
                "mission": {"cards": ["pine-poetry", "plum-poetry"], "multiplier": 7}},
    "hachi": {"card_totals": {"Ana": 90, "Bo": 110},
              "yaku": {"Bo": ["poetry_seven_five_three", "one_two_three"]}},
    "hana-gin": {"wilds": {"joker-f": "pine-crane", "joker-e": "iris-ribbon"}},
    "hana-rumi": {"totals": {"Bo": {"captured": 40, "achievements": ["purple_ribbons",
                                                                     "complete_month"],
                                    "hand": 0}, "Ana": {"hand": 3}}},
    "higo-bana": {"teams": {"South": ["Bo", "Di"], "North": ["Ana", "Cy"]}},
}


def test_every_structured_input_round_trips(server, phone):
    """A stored round (or a draft) written into the widgets reads back as the same JSON, key
    order included, for every structured input of every game."""
    from tally import GAMES

    page = phone(color_scheme="dark")
    for gid, g in sorted(GAMES.items()):
        kinds = {i.key for i in g.inputs if i.kind in ("card", "players", "yaku", "list",
                                                       "record", "map")}
        if not kinds:
            continue
        ex = g.round_example or {}
        n = min(g.players[1], 5 if gid == "go-stop" else 4)
        players = ["Ana", "Bo", "Cy", "Di", "Ed"][:n]
        rename = dict(zip(ex.get("players", []), players))
        values = {k: ex[k] for k in kinds if k in ex}
        values.update(ROUND_TRIPS.get(gid, {}))
        # the example's players are named Ana, Bo, ... here
        values = _renamed(values, rename)
        # the house rules the inputs need, on (an input of a rule that is off is not shown)
        on = {c: True for i in g.inputs for c in i.requires if c.isidentifier()}
        s = new_session(page, server, gid, players, **({"options": on} if on else {}))
        open_record(page, server, s)
        got = page.evaluate("v => { fillForm(v); return readForm(); }", values)
        assert {k: got.get(k) for k in values} == values, gid
        assert [list(v) for v in got.values() if isinstance(v, dict)] == \
            [list(v) for v in {k: values[k] for k in got if k in values}.values()
             if isinstance(v, dict)], gid
        assert page.locator("#inputs textarea").count() == 0, gid
        no_sideways_scroll(page)
        # touch targets: every button of the widgets is at least 44 px high
        small = page.evaluate("""() => Array.from(document.querySelectorAll('#inputs .sx button'))
            .filter(b => b.offsetParent && b.getBoundingClientRect().height < 44).length""")
        assert small == 0, gid
        if gid in ("higo-bana", "hana-rumi"):
            if gid == "hana-rumi":  # its totals are quick entry: shown in the quick mode
                page.click(".mode[data-mode=quick]")
            field(page, "teams" if gid == "higo-bana" else "totals").scroll_into_view_if_needed()
            shot(page, f"inputs-{gid}-dark")


def _renamed(v, names):
    if isinstance(v, dict):
        return {names.get(k, k): _renamed(x, names) for k, x in v.items()}
    if isinstance(v, list):
        return [_renamed(x, names) for x in v]
    return names.get(v, v) if isinstance(v, str) else v
