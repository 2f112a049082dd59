"""Issue 28, the luck games (Kabu, Sutda, Sota) on a 360 x 740 phone: each docs example
(docs/games/<game>.md, "Example (round_example)") entered by taps, counted (every_game_taps.py),
its saved result checked against the docs' own figures, never against our code.

Kabu's columns and the dealer's hand are tiles (no list of 40 names): the columns take their
cards in the order dealt (oicho-kabu.md 5: the first field, a card to each column, then the
second; a third card is for the column tapped), and the bets are the stake typed once and a
tap per player and column. Sutda and Sota:
a hand of one card is not an error yet (no red line, no request that fails); the hint says two
cards are needed.
"""

from __future__ import annotations

from playwright.sync_api import expect

from .every_game_taps import Table, record, stored_round

# the docs' round_example of both Kabu games (oicho-kabu.md, kyo-kabu.md)
DEALER = ["pine-crane", "maple-deer"]
FIRST_FIELD = ["plum-warbler", "cherry-curtain", "wisteria-cuckoo", "peony-butterflies"]
SECOND_FIELD = ["iris-bridge", "iris-ribbon", "plum-poetry", "clover-boar"]
COLUMNS = [["plum-warbler", "iris-bridge"], ["cherry-curtain", "iris-ribbon"],
           ["wisteria-cuckoo", "plum-poetry"],
           ["peony-butterflies", "clover-boar", "clover-ribbon"]]


def kabu_round(a, bets):
    """The dealer's two cards into their hand (the grid of piles: the dealer is the first
    seat, selected), the columns as dealt, column 4's third card, the stake and the bets."""
    a.pile(DEALER)
    # the columns' tiles are open and column 1 takes the first card
    expect(a.page.locator(".cpk .cpk-to[aria-pressed=true]")).to_have_text("1 0")
    a.tiles(FIRST_FIELD + SECOND_FIELD)      # round the columns twice, as dealt
    expect(a.page.locator(".cpk .cpk-to[aria-pressed=true]")).to_have_text("1 2")
    a.tap('.cpk .cpk-to[aria-label="Column 4"]')
    a.tiles(["clover-ribbon"])                 # column 4 drew a third card
    # a column holds no card another column holds: column 2's are off while another column
    # takes cards (the next in turn after column 4 is column 1)
    assert a.page.get_attribute('.cpk .ct[data-s="cherry-curtain"]', "aria-disabled") == "true"
    a.fill(".bets-stake input", 10)
    for player, column in bets:
        a.tap(f'.bets-b[data-p="{player}"][data-n="{column}"]')


def test_oicho_kabu_docs_example(server, phone):
    """docs/games/oicho-kabu.md, Example (round_example): dealer pine + maple = 11 -> 1;
    columns 12 -> 2, 13 -> 3, 15 -> 5, 6 + 7 + 7 = 20 -> 0; columns 1-3 beat the dealer,
    column 4 loses: Ana -20, Bo +10, Cy +20, Di -10 (the docs' result)."""
    a = Table(phone(), server)
    url = a.setup("oicho-kabu", ["Ana", "Bo", "Cy", "Di"], 3, options={"max_bet": 100})
    a.open_record()
    kabu_round(a, [("Bo", 1), ("Cy", 2), ("Cy", 3), ("Di", 4)])
    text = a.review()
    assert "Ana → Bo 10" in text and "Ana → Cy 20" in text and "Di → Ana 10" in text, text
    a.save_round()
    record("Oicho-Kabu (docs example)", a, "31 / 16", 20, 4, issue_target=20)
    assert [a.chips(n) for n in ("Ana", "Bo", "Cy", "Di")] == ["-20", "+10", "+20", "-10"]
    inp = stored_round(a, url)["input"]
    assert inp["columns"] == COLUMNS and inp["hands"] == {"Ana": DEALER}
    assert inp["bets"] == [{"player": p, "column": c, "amount": 10}
                           for p, c in [("Bo", 1), ("Cy", 2), ("Cy", 3), ("Di", 4)]]


def test_kyo_kabu_docs_example(server, phone):
    """docs/games/kyo-kabu.md, Example (round_example): the same cards, one column per bettor:
    Ana -20, Bo +10, Cy +10, Di +10, Ed -10 (the docs' result)."""
    a = Table(phone(), server)
    a.setup("kyo-kabu", ["Ana", "Bo", "Cy", "Di", "Ed"], 3, options={"max_bet": 100})
    a.open_record()
    kabu_round(a, [("Bo", 1), ("Cy", 2), ("Di", 3), ("Ed", 4)])
    a.review()
    a.save_round()
    record("Kyo-Kabu (docs example)", a, "31 / 16", 20, 4, issue_target=20)
    assert [a.chips(n) for n in ("Ana", "Bo", "Cy", "Di", "Ed")] == [
        "-20", "+10", "+10", "+10", "-10"]


def two_card_hands(a, hands, game_word):
    """Each player's two cards; after the first card of each hand no error shows and no
    request fails, the dock says two cards are needed."""
    failed = []
    a.page.on("response", lambda r: failed.append(r.url) if r.status == 422 else None)
    # a card taken back, the hand empty again: nothing to say yet, no error (not counted)
    for _ in range(2):
        a.page.click(f'.t[data-s="{hands[0][0]}"]')
    expect(a.page.locator("#yaku")).to_contain_text("No combination yet")
    for i, cards in enumerate(hands):
        if i:
            a.player(i)
        a.tap(f'.t[data-s="{cards[0]}"]')
        expect(a.page.locator("#yaku")).to_contain_text("Pick 2 cards")
        assert a.page.locator("#yaku .error").count() == 0
        assert game_word not in a.page.inner_text("#yaku")
        a.card(cards[1])
        expect(a.page.locator("#yaku .error")).to_have_count(0)
    assert failed == [], failed


def test_sutda_docs_example(server, phone):
    """docs/games/sutda.md, Example (round_example), Cy dealing (a session made through the API:
    the first dealer is not the first seat): Ana's two maples are the 10 pair and win; only the
    winner scores, 5 (the docs' result: points Ana 5, Bo 0, Cy 0)."""
    a = Table(phone(), server)
    url = a.api_session({"game": "sutda", "players": ["Ana", "Bo", "Cy"], "length": 3,
                         "first_dealer": "Cy"})
    a.open_record()
    two_card_hands(a, [["maple-chaff-1", "maple-chaff-2"], ["pine-chaff-1", "plum-chaff-2"],
                       ["cherry-curtain", "iris-chaff-1"]], "exactly two")
    a.review()
    a.save_round()
    record("Sutda (docs example)", a, "-", 10, 2)
    result = stored_round(a, url)["result"]
    assert {p["player"]: p["points"] for p in result["players"]} == {"Ana": 5, "Bo": 0, "Cy": 0}


def test_sutda_simplified_docs_example(server, phone):
    """docs/games/sutda-simplified.md, Example (round_example): Ana's cherry curtain + pampas
    moon wins (points Ana 10, Bo 0, Cy 0 in the docs' result)."""
    a = Table(phone(), server)
    url = a.setup("sutda-simplified", ["Ana", "Bo", "Cy"], 3)
    a.open_record()
    two_card_hands(a, [["cherry-curtain", "pampas-moon"], ["maple-deer", "maple-chaff-2"],
                       ["iris-bridge", "chrysanthemum-chaff-2"]], "exactly two")
    a.review()
    a.save_round()
    record("Sutda (simplified) (docs example)", a, "-", 10, 2)
    result = stored_round(a, url)["result"]
    assert {p["player"]: p["points"] for p in result["players"]} == {"Ana": 10, "Bo": 0, "Cy": 0}


def test_sota_docs_example(server, phone):
    """docs/games/sota.md, Example (round_example): Bo's April + July catches Ana's
    chrysanthemum pair and scores 3 (points Ana 0, Bo 3, Cy 0 in the docs' result)."""
    a = Table(phone(), server)
    url = a.setup("sota", ["Ana", "Bo", "Cy"], 3)
    a.open_record()
    two_card_hands(a, [["chrysanthemum-sake", "chrysanthemum-blue"],
                       ["wisteria-ribbon", "clover-boar"], ["iris-bridge", "peony-blue"]],
                   "exactly two")
    a.review()
    a.save_round()
    record("Sota (docs example)", a, "-", 10, 2)
    result = stored_round(a, url)["result"]
    assert {p["player"]: p["points"] for p in result["players"]} == {"Ana": 0, "Bo": 3, "Cy": 0}
