"""Issue 28, Go-Stop with a card input on a 360 x 740 phone: the cards a player who sits out
shows (gwangpalli) are tiles now, not a list of 61 names. Go-Stop's other flows are in
test_browser_flows.py, test_browser_quick.py and test_browser_table_third.py.

By hand from the digest (shared/rules/go-stop.md): four at the table, A deals; B and C choose
to play, so D is forced out (3.7) and shows pine-crane and cherry-curtain, two brights: the two
non-dealers who play pay 2 x 2 = 4 each (6.3, rate 2, paid at once). A stops with godori, the
three birds, 5 points (section 4); B and C hold no bright, no junk, no animal to be penalised
for (godori scores no bright, no junk and under seven animals): each pays 5.
A +10, B -9, C -9, D +8.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .every_game_taps import Table, record, stored_round

GODORI = ["plum-warbler", "wisteria-cuckoo", "pampas-geese"]


def test_go_stop_a_player_sitting_out_shows_cards_by_tiles(server, phone):
    a = Table(phone(), server)
    url = a.setup("go-stop", ["A", "B", "C", "D"], 3)
    a.open_record()
    out = 'fieldset[data-key="sitting_out"]'
    a.tap(f"{out} .sx-add.p3")
    a.tap(f"{out} .sx-item.p3 .cslot")
    # only the cards one may show (go-stop.md: brights, double junk, the sake cup, jokers), in
    # Korean month order: willow (rain) is the twelfth month
    shown = a.page.locator(f"{out} .cpk .ct:visible")
    expect(shown).to_have_count(5 + 2 + 1 + 13)
    assert a.page.locator(f'{out} .cpk .ct[data-s="pine-chaff-1"]').is_hidden()
    assert a.page.locator(f'{out} .cpk .month[data-flower="willow"] .ml b').inner_text() == "12"
    months = a.page.locator(f"{out} .cpk .month:visible")
    assert months.nth(months.count() - 2).get_attribute("data-flower") == "willow"
    a.tiles(["pine-crane", "cherry-curtain"])
    expect(a.page.locator(f"{out} .sx-item.p3 .cslot .ccount")).to_have_text("2")
    a.pile(GODORI)
    a.add_event("stop", 0)
    text = a.review()
    assert "B → D 4" in text and "C → D 4" in text, text
    a.save_round()
    record("Go-Stop, four at the table, D shows two brights", a, "-", 14)
    assert [a.chips(p) for p in ("A", "B", "C", "D")] == ["+10", "-9", "-9", "+8"]
    inp = stored_round(a, url)["input"]
    assert inp["sitting_out"] == {"D": {"shows": ["pine-crane", "cherry-curtain"]}}
