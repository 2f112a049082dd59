"""Quick entry for the luck games whose digests allow a round without the cards (issue 9,
section 1): each digest's section 9 examples re-entered from what is said at the table.

- oicho-kabu.md §7: "the cards of each column (2 or 3 months) and of the dealer in draw order
  (or just totals plus the triple / 4-1 / 9-1 flags)"; kyo-kabu.md §7: "As in Oicho-Kabu".
- hiki-kabu.md §7: "each player's cards in the order dealt ...; or, per player, the first card
  value, the final total, and whether the hand is three of a month".
- sota.md §7: "each player's final two card slugs ..., or the outcome entered by hand: winner +
  id + points, or `draw`".

Every expected number is the digest's; the card versions are in tests/test_luck_*.py.
"""

import pytest

import tally
from tally import TallyError, create_app, score_round

from test_luck_helpers import Dealer


def nets(game, rnd, **options):
    return score_round(game, rnd, options=options or None).net()


# ======================================================================================
# Oicho-Kabu and Kyo-Kabu: the dealer's total (and special), the columns' totals (and
# triple flags)
# ======================================================================================

def bank(dealer_total, columns, bets, *, players=("A", "B", "C", "D", "E"), special=None,
         **kw):
    """A banker round from totals only: columns = {column: total or (total, "triple")}."""
    dt = {"total": dealer_total, **({"special": special} if special else {})}
    return {"players": list(players), "dealer": players[0], "max_bet": 1000,
            "dealer_total": dt,
            "column_totals": [{"column": c, "total": v[0], "triple": True}
                              if isinstance(v, tuple) else {"column": c, "total": v}
                              for c, v in columns.items()],
            "bets": [{"player": p, "column": c, "amount": a} for p, c, a in bets], **kw}


@pytest.mark.parametrize("game", ["oicho-kabu", "kyo-kabu"])
def test_e3_fig_totals(game):
    """oicho-kabu.md §9 E3 (fig. 30.6) and kyo-kabu.md §9 E3 (fig. 31.6): dealer 1; columns
    7, 8, 6, 0; 10 on each -> +10, +10, +10, -10; dealer -20. The digests give only these
    totals: quick entry is how the book's own figure is entered."""
    rnd = bank(1, {1: 7, 2: 8, 3: 6, 4: 0},
               [("B", 1, 10), ("C", 2, 10), ("D", 3, 10), ("E", 4, 10)])
    assert nets(game, rnd) == {"A": -20, "B": 10, "C": 10, "D": 10, "E": -10}
    ex = tally.get_game(game).round_example
    if game == "kyo-kabu":  # the module's example is the same round with cards
        assert score_round(game, ex).net() == {"Ana": -20, "Bo": 10, "Cy": 10, "Di": 10,
                                               "Ed": -10}


def test_oicho_e4_triple():
    """oicho-kabu.md §9 E4: a triple column (three plums: 2 + 2 + 2 totals 6), bet 10, dealer
    total 9 -> the bettor wins +30."""
    rnd = bank(9, {1: (6, "triple")}, [("B", 1, 10)])
    assert nets("oicho-kabu", rnd)["B"] == 30


def test_oicho_e5_dealer_specials():
    """oicho-kabu.md §9 E5: dealer April then January (total 5); 10 on a triple and 20 on a
    9 -> loses both (-30). January then April is no special: the 9 wins +20, the triple +30."""
    cols = {1: (6, "triple"), 2: 9}
    rnd = bank(5, cols, [("B", 1, 10), ("B", 2, 20)], special="dealer_four_one")
    assert nets("oicho-kabu", rnd)["B"] == -30
    assert nets("oicho-kabu", bank(5, cols, [("B", 1, 10), ("B", 2, 20)]))["B"] == 50


@pytest.mark.parametrize("options, result", [({}, -15),
                                             ({"tie_dealer_wins": False, "tie_push": True}, 0)])
def test_oicho_e6_tie_rule(options, result):
    """oicho-kabu.md §9 E6: column 6, dealer 6, bet 15: tie_dealer_wins -15, tie_push 0."""
    assert nets("oicho-kabu", bank(6, {1: 6}, [("B", 1, 15)]), **options)["B"] == result


def test_kyo_e4_no_four_one_rule():
    """kyo-kabu.md §9 E4: dealer April then January totals 5 and is no special; 10 on a 7
    -> +10. Declaring the 4-1 is refused: Kyo-Kabu has only the 9-1."""
    assert nets("kyo-kabu", bank(5, {1: 7}, [("B", 1, 10)]))["B"] == 10
    with pytest.raises(TallyError, match="'dealer_four_one' is not a special hand of "
                                         "the dealer") as e:
        score_round("kyo-kabu", bank(5, {1: 7}, [("B", 1, 10)], special="dealer_four_one"))
    assert e.value.field == "dealer_total.special" and e.value.player == "A"


def test_kyo_e5_nine_one_beats_a_triple():
    """kyo-kabu.md §9 E5: dealer September then January; 20 on a triple -> -20."""
    rnd = bank(0, {1: (6, "triple")}, [("B", 1, 20)], special="dealer_nine_one")
    assert nets("kyo-kabu", rnd)["B"] == -20


def test_banker_cards_for_some_columns_totals_for_others():
    """oicho-kabu.md §9 E3 with the dealer and columns 1-2 in cards (1 + 10; 2 + 5; 3 + 5)
    and columns 3-4 said as totals: the same +10, +10, +10, -10."""
    deal = Dealer(tally.get_game("oicho-kabu").deck)
    rnd = bank(1, {3: 6, 4: 0}, [("B", 1, 10), ("C", 2, 10), ("D", 3, 10), ("E", 4, 10)])
    del rnd["dealer_total"]
    rnd["hands"] = {"A": deal(1, 10)}
    rnd["columns"] = [deal(2, 5), deal(3, 5), [], []]
    r = score_round("oicho-kabu", rnd)
    assert r.net() == {"A": -20, "B": 10, "C": 10, "D": 10, "E": -10}
    d = r.to_dict()
    assert [b.get("declared", False) for p in d["players"] for b in p.get("bets", [])] == \
        [False, False, True, True]
    assert any(n["template"].startswith("quick entry: the totals of columns")
               and n["params"]["columns"] == "3, 4" for n in d["notes"])
    assert "declared" not in d["players"][0]


def test_banker_result_says_what_was_declared():
    r = score_round("oicho-kabu", bank(5, {1: 9}, [("B", 1, 20)], special="dealer_four_one"))
    dealer = r.to_dict()["players"][0]
    assert dealer["declared"] == ["total", "special"] and dealer["cards"] == []
    assert [y["id"] for y in dealer["yaku"]] == ["total_5", "dealer_four_one"]
    assert dealer["yaku"][0]["note"]["template"] == "declared at the table"


@pytest.mark.parametrize("change, needle, field", [
    ({"dealer_total": {"total": 10}}, "0..9, not 10", "dealer_total.total"),
    ({"dealer_total": {"total": 3, "cards": []}},
     "the dealer's total and, if any, the dealer's special, nothing else",
     "dealer_total"),
    ({"column_totals": [{"column": 1, "total": -1}]}, "0..9, not -1",
     "column_totals.0.total"),
    ({"column_totals": [{"column": 1, "total": 7}, {"column": 1, "total": 8}]},
     "each once", "column_totals.1.column"),
    ({"column_totals": [{"column": 5, "total": 7}]}, "column must be 1 to 4",
     "column_totals.0.column"),
    # an April or September pair totals 8 and may not draw a third card (§5 step 5): no
    # triple of those months, so none totals 2 (4 x 3 = 12) or 7 (9 x 3 = 27)
    ({"column_totals": [{"column": 1, "total": 7, "triple": True}]},
     "total one of 0, 1, 3, 4, 5, 6, 8, 9, not 7", "column_totals.0.triple"),
])
def test_banker_impossible_values(change, needle, field):
    rnd = {**bank(1, {1: 7}, [("B", 1, 10)]), **change}
    with pytest.raises(TallyError) as e:
        score_round("oicho-kabu", rnd)
    assert needle in str(e.value) and e.value.field == field


def test_banker_both_kinds_refused():
    """Issue 9: the dealer's cards and a declared total at once are refused, naming the
    dealer; so are a column's cards and its total."""
    deal = Dealer(tally.get_game("oicho-kabu").deck)
    rnd = {**bank(1, {1: 7}, [("B", 1, 10)]), "hands": {"A": deal(1, 10)}}
    with pytest.raises(TallyError, match="dealer 'A' is given both cards and a "
                                         "quick-entry total") \
            as e:
        score_round("oicho-kabu", rnd)
    assert e.value.player == "A"
    rnd = {**bank(1, {1: 7}, [("B", 1, 10)]),
           "columns": [deal(2, 5), [], [], []]}
    with pytest.raises(TallyError, match="column 1 is given both as cards and as a "
                                         "quick-entry total"):
        score_round("oicho-kabu", rnd)
    rnd = bank(1, {1: 7}, [("B", 2, 10)])  # column 2 is neither said nor dealt
    with pytest.raises(TallyError, match="give the 4 columns"):
        score_round("oicho-kabu", rnd)


# ======================================================================================
# Hiki-Kabu: per player the first card's month, the total and the triple flag
# ======================================================================================

def pot(totals, dealer, **kw):
    return {"players": list(totals), "dealer": dealer, "totals": totals, **kw}


@pytest.mark.parametrize("dealer", ["A", "B", "C"])
def test_hiki_e1_book_gameplay_example(dealer):
    """hiki-kabu.md §9 E1 (book pp. 147-148): first cards 1, 10, 8 (stakes; pot 19); totals
    9, 8, 0; A takes the pot: A +18, B -10, C -8; A deals next."""
    r = score_round("hiki-kabu", pot({"A": {"first": 1, "total": 9},
                                      "B": {"first": 10, "total": 8},
                                      "C": {"first": 8, "total": 0}}, dealer))
    assert r.notes[0].startswith("pot 19")
    assert r.winner == "A" and r.next_dealer == "A"
    assert r.net() == {"A": 18, "B": -10, "C": -8}
    # the module's example is E1 with cards: the same payments
    assert score_round("hiki-kabu", tally.get_game("hiki-kabu").round_example).net() == \
        {"Ana": 18, "Bo": -10, "Cy": -8}


def test_hiki_e3_triple_pot():
    """hiki-kabu.md §9 E3: A three cherries (stake 3, counts as 9), B 8 (stake 9), C 7
    (stake 2): stakes tripled to 9, 27, 6; pot 42; A +33, B -27, C -6."""
    r = score_round("hiki-kabu", pot({"A": {"first": 3, "triple": True},
                                      "B": {"first": 9, "total": 8},
                                      "C": {"first": 2, "total": 7}}, "A"))
    assert r.notes[0].startswith("pot 42")
    assert r.net() == {"A": 33, "B": -27, "C": -6}


def test_hiki_e4_dealer_nine_one():
    """hiki-kabu.md §9 E4: dealer D September then January (stake 9), A three fives (stake
    5, triple pot): stakes 27, 15, pot 42; D takes it: D +15, A -15."""
    r = score_round("hiki-kabu", pot({"D": {"first": 9, "total": 3, "nine_one": True},
                                      "A": {"first": 5, "triple": True}}, "D"))
    assert r.net() == {"D": 15, "A": -15}
    assert r.winner == "D"


def test_hiki_e5_ties():
    """hiki-kabu.md §9 E5: A 8, B 8, C 5, stakes 3, 6, 2 -> pot 11 split between A and B
    (5.5 each, odd_chips exact); all three 8 -> the dealer takes the pot."""
    hands = {"A": {"first": 3, "total": 8}, "B": {"first": 6, "total": 8},
             "C": {"first": 2, "total": 5}}
    r = score_round("hiki-kabu", pot(hands, "C"), options={"odd_chips": "exact"})
    assert r.net() == {"A": 2.5, "B": -0.5, "C": -2}
    hands["C"] = {"first": 2, "total": 8}
    assert score_round("hiki-kabu", pot(hands, "C")).winner == "C"


def test_hiki_cards_for_some_totals_for_others():
    """hiki-kabu.md §9 E1 with A's cards shown (1, 2, 6) and B, C said: the same result."""
    deal = Dealer(tally.get_game("hiki-kabu").deck)
    rnd = pot({"B": {"first": 10, "total": 8}, "C": {"first": 8, "total": 0}}, "B",
              hands={"A": deal(1, 2, 6)})
    rnd["players"] = ["A", "B", "C"]
    r = score_round("hiki-kabu", rnd)
    assert r.net() == {"A": 18, "B": -10, "C": -8}
    d = r.to_dict()
    assert "declared" not in d["players"][0]
    assert d["players"][1]["declared"] == ["first", "total"]
    assert any(n["params"].get("players") == "B, C" for n in d["notes"]
               if n["template"].startswith("quick entry"))


@pytest.mark.parametrize("hand, needle, field", [
    ({"first": 0, "total": 3}, "1..10, not 0", "totals.A.first"),
    ({"first": 3, "total": 10}, "0..9, not 10", "totals.A.total"),
    ({"first": 3}, "missing the total", "totals.A.total"),
    ({"first": 3, "total": 9, "triple": "yes"}, "must be on or off, not 'yes'", "totals.A.triple"),
    # three of a month counts as 9 (§4), and an April or September pair may not draw (§5.3)
    ({"first": 3, "total": 6, "triple": True}, "counts as 9", "totals.A.triple"),
    ({"first": 4, "triple": True}, "one of 1, 2, 3, 5, 6, 7, 8, 10", "totals.A.triple"),
    # only the dealer, and only with a September first (§4)
    ({"first": 9, "total": 0, "nine_one": True}, "only the dealer", "totals.A.nine_one"),
    ({"first": 3, "total": 3, "stake": 3}, "September then January; nothing else",
     "totals.A"),
])
def test_hiki_impossible_values(hand, needle, field):
    rnd = pot({"A": hand, "B": {"first": 10, "total": 8}}, "B")
    with pytest.raises(TallyError) as e:
        score_round("hiki-kabu", rnd)
    assert needle in str(e.value) and e.value.field == field and e.value.player == "A"


def test_hiki_a_month_has_four_cards():
    rnd = pot({"A": {"first": 5, "triple": True}, "B": {"first": 5, "total": 8},
               "C": {"first": 5, "total": 7}}, "B")
    with pytest.raises(TallyError, match="need 5 cards of month 5; a month has 4"):
        score_round("hiki-kabu", rnd)


def test_hiki_both_kinds_refused():
    deal = Dealer(tally.get_game("hiki-kabu").deck)
    rnd = pot({"A": {"first": 1, "total": 9}, "B": {"first": 10, "total": 8}}, "B",
              hands={"A": deal(1, 2, 6)})
    with pytest.raises(TallyError, match="'A' is given both cards and totals") as e:
        score_round("hiki-kabu", rnd)
    assert e.value.player == "A" and e.value.field == "totals.A"


# ======================================================================================
# Sota: the outcome, winner + hand + points, or a draw
# ======================================================================================

def outcome(**o):
    return {"players": ["A", "B", "C"], "dealer": "A", "outcome": o}


@pytest.mark.parametrize("winner, hand, points", [
    ("A", "hand_value", 1),             # E1: June + July = 3, a hand value; it scores 1
    ("A", "crane_moon", 8),             # E2
    ("B", "catcher_apr_jul", 3),        # E3: catches the September pair
    ("B", "catcher_apr_jul_tens", 5),   # E4: catches crane + curtain
    ("A", "curtain_moon", 10),          # E5
    ("A", "pair_10", 5),                # E6, second case
])
def test_sota_declared_winners(winner, hand, points):
    """sota.md §9 E1-E6: the winner scores the points of the hand they won with."""
    r = score_round("sota", outcome(winner=winner, hand=hand, points=points))
    assert {p.player: p.points for p in r.players} == \
        {p: points if p == winner else 0 for p in "ABC"}
    assert r.winner == winner == r.next_dealer
    assert r.player(winner).yaku[0].id == hand
    assert score_round("sota", outcome(winner=winner, hand=hand)).player(winner).points == \
        points  # the points may be left out: the hand says them


def test_sota_declared_draw():
    """sota.md §9 E6 first case, E7 first case, E8: the round is a draw; nobody scores and
    the dealer deals again (§10.6)."""
    r = score_round("sota", outcome(draw=True))
    assert all(p.points == 0 and p.role == "draw" for p in r.players)
    assert r.winner is None and r.next_dealer == "A"
    replayed = score_round("sota", outcome(draw=True),
                           options={"drawn_round_counts": False, "drawn_round_replayed": True})
    assert replayed.carry == {"round_counts": False}


def test_sota_declared_money():
    """sota.md §6 optional money: each non-scorer pays points x stake (E3: B's 3 points)."""
    r = score_round("sota", outcome(winner="B", hand="catcher_apr_jul"),
                    options={"stake_per_point": 2})
    assert r.net() == {"A": -6, "B": 12, "C": -6}


def test_sota_result_says_what_was_declared():
    d = score_round("sota", outcome(winner="B", hand="pair_9")).to_dict()
    assert all(p["declared"] == ["outcome"] for p in d["players"])
    assert d["players"][1]["rank"] == 5 and d["players"][1]["yaku"][0]["cards"] == []
    assert d["notes"][0]["template"] == "quick entry: the outcome was declared at the " \
                                        "table, not worked out from the hands"


@pytest.mark.parametrize("o, needle, field", [
    ({"winner": "A", "hand": "crane_moon", "points": 7}, "Crane and Moon scores 8, not 7",
     "outcome.points"),
    ({"winner": "A", "hand": "void_apr_sep"}, "does not win a round", "outcome.hand"),
    ({"winner": "Z", "hand": "crane_moon"}, "'Z' is not one of the players",
     "outcome.winner"),
    ({"draw": True, "winner": "A"}, "a drawn round has no winner", "outcome.draw"),
    ({"winner": "A", "hand": "crane_moon", "cards": []}, "the declared outcome takes the winner",
     "outcome"),
])
def test_sota_impossible_outcomes(o, needle, field):
    with pytest.raises(TallyError) as e:
        score_round("sota", outcome(**o))
    assert needle in str(e.value) and e.value.field == field


def test_sota_both_kinds_refused():
    rnd = {**outcome(winner="A", hand="crane_moon"),
           "hands": {"B": ["maple-deer", "maple-blue"]}}
    with pytest.raises(TallyError, match="'B' has cards entered and the round has a "
                                         "declared outcome") as e:
        score_round("sota", rnd)
    assert e.value.player == "B"


# ======================================================================================
# The API serves the inputs and takes both kinds on the same endpoints
# ======================================================================================

@pytest.fixture()
def client(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite")}).test_client()


@pytest.mark.parametrize("game, keys", [
    ("oicho-kabu", {"column_totals", "dealer_total"}),
    ("kyo-kabu", {"column_totals", "dealer_total"}),
    ("hiki-kabu", {"totals"}),
    ("sota", {"outcome"}),
])
def test_the_games_serve_the_quick_entry_inputs(client, game, keys):
    inputs = {i["key"]: i for i in client.get(f"/api/v1/games/{game}").json["inputs"]}
    assert keys <= set(inputs)
    assert all(inputs[k]["kind"] in ("record", "list") for k in keys)


def test_a_session_switches_a_round_between_cards_and_quick_entry(client):
    """Issue 9 through the series API: hiki-kabu.md §9 E1 posted with cards, corrected (PUT)
    to quick entry and back; the next round is dealt by A, the winner (§6)."""
    r = client.post("/api/v1/sessions", json={"game": "hiki-kabu", "players": ["A", "B", "C"],
                                              "first_dealer": "B"})
    assert r.status_code == 201, r.json
    sid, token, version = r.json["id"], r.json["edit_token"], r.json["version"]
    url = f"/api/v1/sessions/{sid}/rounds"
    deal = Dealer(tally.get_game("hiki-kabu").deck)
    cards = {"hands": {"A": deal(1, 2, 6), "B": deal(10, 8), "C": deal(8, 7, 5)}}
    quick = {"totals": {"A": {"first": 1, "total": 9}, "B": {"first": 10, "total": 8},
                        "C": {"first": 8, "total": 0}}}
    expected = {"A": 18, "B": -10, "C": -8}
    r = client.post(f"{url}?t={token}", json={**cards, "version": version})
    assert r.status_code == 201 and r.json["round"]["result"]["net"] == expected
    for body in (quick, cards, quick):
        r = client.put(f"{url}/1?t={token}", json={**body, "version": r.json["version"]})
        assert r.status_code == 200, r.json
        assert r.json["round"]["result"]["net"] == expected
    r = client.post(f"{url}?t={token}", json={**quick, "version": r.json["version"]})
    assert r.status_code == 201 and r.json["round"]["dealer"] == "A"
