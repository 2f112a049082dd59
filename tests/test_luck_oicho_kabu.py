"""Oicho-Kabu against shared/rules/oicho-kabu.md (seed 002, ch. 30, lines 6255-6439)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally import GAMES, TallyError, evaluate, get_game, score_round
from tally.cards import CardSet
from test_luck_helpers import Dealer

G = "oicho-kabu"
DECK = get_game(G).deck


def bank(dealer_months, columns, bets, *, players=("A", "B", "C", "D"), max_bet=1000, **kw):
    """A round from month numbers: the dealer's hand and the four columns, in draw order."""
    deal = Dealer(DECK)
    rnd = {"players": list(players), "dealer": players[0], "max_bet": max_bet,
           "hands": {players[0]: deal(*dealer_months)},
           "columns": [deal(*col) for col in columns],
           "bets": [{"player": p, "column": c, "amount": a} for p, c, a in bets]}
    rnd.update(kw)
    return rnd


def nets(rnd, **options):
    return score_round(G, rnd, options=options or None).net()


# ---------------------------------------------------------------- §9 worked examples

def test_e1_maximum_bet_is_for_all_bettors_together():
    """§9 E1 (book p. 150, seed lines 6297-6303): M = 100, A deals. B 40, C 10 -> D may bet
    up to 50; B 50, C 30 -> D up to 20."""
    cols = [(7, 1), (8, 1), (6, 1), (2, 5)]
    assert nets(bank((1, 10), cols, [("B", 1, 40), ("C", 2, 10), ("D", 3, 50)], max_bet=100))
    with pytest.raises(TallyError, match="'D' may bet at most 50") as e:
        score_round(G, bank((1, 10), cols, [("B", 1, 40), ("C", 2, 10), ("D", 3, 51)],
                            max_bet=100))
    assert (e.value.player, e.value.option) == ("D", "max_bet")
    assert nets(bank((1, 10), cols, [("B", 1, 50), ("C", 2, 30), ("D", 3, 20)], max_bet=100))
    with pytest.raises(TallyError, match="'D' may bet at most 20"):
        score_round(G, bank((1, 10), cols, [("B", 1, 50), ("C", 2, 30), ("D", 3, 21)],
                            max_bet=100))


def test_max_bet_as_option_too():
    cols = [(7, 1), (8, 1), (6, 1), (2, 5)]
    rnd = bank((1, 10), cols, [("B", 1, 40), ("C", 2, 10), ("D", 3, 51)])
    del rnd["max_bet"]
    with pytest.raises(TallyError, match="may bet at most 50"):
        score_round(G, rnd, options={"max_bet": 100})
    with pytest.raises(TallyError, match="maximum bet must be agreed") as e:
        score_round(G, rnd)
    assert e.value.option == "max_bet"
    rnd["max_bet"] = 90
    with pytest.raises(TallyError, match="house rules set it to 100"):
        score_round(G, rnd, options={"max_bet": 100})


def test_e2_column_totals():
    """§9 E2 (book p. 151, seed lines 6351-6359): [6, 8] -> 4 ("July (6)" is June, §10.3);
    [3, 7] -> 0."""
    assert evaluate(G, ["peony-butterflies", "pampas-moon"]).points == 4
    assert evaluate(G, ["cherry-curtain", "clover-boar"]).points == 0


def test_e3_fig_30_6_settlement():
    """§9 E3 (fig. 30.6 totals, seed lines 6385-6407): dealer 1; columns 7, 8, 6, 0; 10 on
    each column -> +10, +10, +10, -10; dealer net -20."""
    cols = [(2, 5), (3, 5), (4, 2), (6, 7, 7)]  # 7, 8, 6, 6+7 = 13 -> 3 draws 7 -> 0
    r = score_round(G, bank((1, 10), cols, [("B", 1, 10), ("C", 2, 10), ("C", 3, 10),
                                            ("D", 4, 10)]))
    assert [e["result"] for p in "BCD" for e in r.player(p).extra["bets"]] == [10, 10, 10, -10]
    assert r.net()["A"] == -20
    assert r.player("A").extra["total"] == 1


def test_e3_round_example_is_fig_30_6():
    r = score_round(G, GAMES[G].round_example)
    assert r.net() == {"Ana": -20, "Bo": 10, "Cy": 20, "Di": -10}


def test_e4_triple_wins_three_times_the_bet():
    """§9 E4: column [2, 2, 2] (totals 6), bet 10, dealer 9 -> +30."""
    r = score_round(G, bank((4, 5), [(2, 2, 2), (1, 10), (1, 10), (3, 10)], [("B", 1, 10)]))
    assert r.player("A").extra["total"] == 9
    assert r.player("B").extra["bets"][0]["result"] == 30
    assert evaluate(G, r.to_dict()["players"][0]["cards"]).points == 9
    assert [y.id for y in evaluate(G, ["plum-warbler", "plum-poetry", "plum-chaff-1"]).yaku] \
        == ["total_6", "triple"]


def test_triple_total_return_reading():
    """§10.1 alternative reading: a total return of 3 x bet, so net +2b (+20 for E4)."""
    r = bank((4, 5), [(2, 2, 2), (1, 10), (1, 10), (3, 10)], [("B", 1, 10)])
    assert nets(r, triple_total_return=True)["B"] == 20


def test_e5_dealer_four_one_and_its_reverse():
    """§9 E5: dealer April then January (total 5): 10 on a triple and 20 on a 9 lose both
    (-30). January then April: no special; the 9 wins +20 and the triple +30."""
    cols = [(2, 2, 2), (4, 5), (1, 10), (3, 10)]
    bets = [("B", 1, 10), ("B", 2, 20)]
    r = score_round(G, bank((4, 1), cols, bets))
    assert r.net()["B"] == -30 and r.player("A").extra["special"] == "dealer_four_one"
    assert r.player("A").extra["total"] == 5
    r = score_round(G, bank((1, 4), cols, bets))
    assert [e["result"] for e in r.player("B").extra["bets"]] == [30, 20]
    assert r.player("A").extra["special"] is None


def test_dealer_nine_one_beats_a_triple_and_ignores_a_third_card():
    """§4 dealer_nine_one; §10.2: only the first two cards count, whatever the third."""
    cols = [(2, 2, 2), (4, 5), (1, 10), (3, 10)]
    for dealer in [(9, 1), (9, 1, 5), (4, 1, 3)]:
        assert nets(bank(dealer, cols, [("B", 1, 10), ("C", 2, 20)])) == \
            {"A": 30, "B": -10, "C": -20, "D": 0}
    assert nets(bank((1, 9), cols, [("B", 1, 10), ("C", 2, 20)]))["C"] == 20


def test_e6_tie_rule_both_readings():
    """§9 E6: column 6, dealer 6, bet 15: tie_dealer_wins -15; tie_push 0."""
    r = bank((2, 4), [(1, 5), (3, 10), (3, 10), (1, 10)], [("B", 1, 15)])
    assert nets(r)["B"] == -15
    assert nets(r, tie_dealer_wins=False, tie_push=True)["B"] == 0
    with pytest.raises(TallyError, match="exactly one of these house rules must be on"):
        nets(r, tie_dealer_wins=False)


def test_dealer_rotation_both_readings():
    """§6 / §8: dealer_rotates passes the bank to the dealer's right (the next name in
    'players', who bet first); dealer_fixed keeps it."""
    r = bank((2, 4), [(1, 5), (3, 10), (3, 10), (1, 10)], [("B", 1, 15)])
    assert score_round(G, r).next_dealer == "B"
    assert score_round(G, r, options={"dealer_rotates": False, "dealer_fixed": True}) \
        .next_dealer == "A"
    r["dealer"] = "D"
    r["hands"] = {"D": r["hands"].pop("A")}
    r["bets"] = [{"player": "A", "column": 1, "amount": 15}]
    assert score_round(G, r).next_dealer == "A"


def test_several_columns_and_several_backers():
    """§5.2: a bettor may back more than one column; several players may back one column,
    their bets kept apart."""
    r = score_round(G, bank((2, 4), [(1, 5), (3, 5), (3, 10), (1, 10)],
                            [("B", 1, 5), ("B", 2, 7), ("C", 2, 3), ("D", 2, 1)]))
    assert r.net() == {"A": -6, "B": 2, "C": 3, "D": 1}  # 6 ties 6 (dealer), 8 beats 6


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize("cols, needle", [
    ([(1, 2), (4, 5), (1, 10), (3, 10)], "column 1 totals 3 on two cards, so a third card "
     "must be dealt"),
    ([(4, 5, 1), (4, 5), (1, 10), (3, 10)], "column 1 totals 9 on two cards, so it may not"),
])
def test_third_card_rule(cols, needle):
    with pytest.raises(TallyError, match=needle) as e:
        score_round(G, bank((2, 4), cols, [("B", 1, 5)]))
    assert e.value.field == "columns.0"


def test_bad_round_inputs_are_named():
    base = bank((2, 4), [(1, 5), (4, 5), (1, 10), (3, 10)], [("B", 1, 5)])
    cases = [
        ({"bets": [{"player": "A", "column": 1, "amount": 5}]}, "dealer 'A' cannot bet"),
        ({"bets": [{"player": "B", "column": 5, "amount": 5}]}, "column must be 1 to 4"),
        ({"bets": [{"player": "B", "column": 1, "amount": 0}]}, "amount must be a whole"),
        ({"bets": [{"player": "Z", "column": 1, "amount": 5}]}, "'Z', who is not at the"),
        ({"columns": base["columns"][:3]}, "give the 4 columns"),
        ({"hands": {"A": ["willow-rainman", "pine-crane"]}},
         "'Willow with rain man' is not in the Oicho-Kabu deck"),
        ({"hands": {"A": base["columns"][0]}}, "is in both the hand of the dealer 'A' and "
         "column 1"),
        ({"hands": {"A": ["pine-poetry"]}}, "has 1 card"),
        ({"hands": {"A": ["pine-poetry", "plum-poetry"], "B": ["iris-ribbon"]}},
         "only the dealer holds a hand"),
        ({"events": [{"type": "x"}]}, "records no events"),
    ]
    for change, needle in cases:
        with pytest.raises(TallyError, match=needle):
            score_round(G, {**base, **change})


def test_registry():
    d = GAMES[G].to_dict()
    ids = {o["id"] for o in d["options"]}
    assert ids >= {"tie_dealer_wins", "tie_push", "max_bet", "dealer_rotates", "dealer_fixed"}
    assert len(d["deck"]) == 40 and d["default_preset"] == "book"
    assert {"triple", "dealer_four_one", "dealer_nine_one", "total_9"} <= \
        {y["id"] for y in d["combinations"]}


# ---------------------------------------------------------------- properties

SLUGS = CardSet(DECK).slugs
TOTAL = {s: i for i, s in enumerate(SLUGS)}


@settings(max_examples=150, deadline=None)
@given(st.permutations(SLUGS), st.lists(st.tuples(st.sampled_from("BCD"), st.integers(1, 4),
                                                  st.integers(1, 50)), min_size=1, max_size=6),
       st.booleans(), st.randoms(use_true_random=False))
def test_random_rounds_are_zero_sum_and_bet_order_free(cards, bets, push, rng):
    from tally.cards import CARD
    month = lambda s: CARD[s].month_jp  # noqa: E731
    cols, i = [], 2
    for _ in range(4):  # honour the third-card rule: draw on 3 or less, never on 7+
        two = cards[i:i + 2]
        t = (month(two[0]) + month(two[1])) % 10
        n = 3 if t <= 3 or (t <= 6 and rng.random() < 0.5) else 2
        cols.append(cards[i:i + n])
        i += n
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "A", "max_bet": 1000,
           "hands": {"A": cards[:2]}, "columns": cols,
           "bets": [{"player": p, "column": c, "amount": a} for p, c, a in bets]}
    opts = {"tie_dealer_wins": not push, "tie_push": push}
    r = score_round(G, rnd, options=opts)
    net = r.net()
    assert sum(net.values()) == 0
    assert net["A"] == -sum(p.points for p in r.players if p.player != "A")
    assert all(abs(v) <= 3 * sum(a for q, _, a in bets if q == p) for p, v in net.items()
               if p != "A")
    rnd["bets"] = list(reversed(rnd["bets"]))
    assert score_round(G, rnd, options=opts).net() == net
