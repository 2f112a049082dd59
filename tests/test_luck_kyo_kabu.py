"""Kyo-Kabu against shared/rules/kyo-kabu.md (seed 002, ch. 31, lines 6443-6619)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally import GAMES, TallyError, evaluate, get_game, score_round
from test_luck_helpers import Dealer

G = "kyo-kabu"
DECK = get_game(G).deck


def bank(dealer_months, columns, bets, *, players=("A", "B", "C", "D"), max_bet=1000):
    deal = Dealer(DECK)
    return {"players": list(players), "dealer": players[0], "max_bet": max_bet,
            "hands": {players[0]: deal(*dealer_months)},
            "columns": [deal(*col) for col in columns],
            "bets": [{"player": p, "column": c, "amount": a} for p, c, a in bets]}


def nets(rnd, **options):
    return score_round(G, rnd, options=options or None).net()


COLS = [(7, 1), (8, 1), (6, 1), (2, 5)]


def test_e1_maximum_bet():
    """§9 E1 (book p. 155): M = 100: B 40, C 10 -> D <= 50; B 50, C 30 -> D <= 20."""
    for b, c, d in [(40, 10, 50), (50, 30, 20)]:
        ok = bank((1, 10), COLS, [("B", 1, b), ("C", 2, c), ("D", 3, d)], max_bet=100)
        assert sum(nets(ok).values()) == 0
        bad = bank((1, 10), COLS, [("B", 1, b), ("C", 2, c), ("D", 3, d + 1)], max_bet=100)
        with pytest.raises(TallyError, match=f"'D' may bet at most {d}"):
            score_round(G, bad)


def test_e2_totals():
    """§9 E2 (book p. 156): [6, 8] -> 4; [3, 7] -> 0."""
    assert evaluate(G, ["peony-chaff-1", "pampas-chaff-1"]).points == 4
    assert evaluate(G, ["cherry-chaff-1", "clover-chaff-1"]).points == 0


def test_e3_fig_31_6():
    """§9 E3: dealer 1; columns 7, 8, 6, 0; one 10-chip bet on each -> +10, +10, +10, -10."""
    r = score_round(G, GAMES[G].round_example)
    assert r.net() == {"Ana": -20, "Bo": 10, "Cy": 10, "Di": 10, "Ed": -10}
    assert r.player("Ana").extra["total"] == 1


def test_e4_no_four_one_rule():
    """§9 E4: dealer April then January (total 5); 10 on a column totalling 7 -> +10 (in
    Oicho-Kabu this bet would lose)."""
    rnd = bank((4, 1), [(2, 5), (3, 10), (3, 10), (1, 10)], [("B", 1, 10)])
    assert nets(rnd)["B"] == 10
    assert score_round("oicho-kabu", rnd).net()["B"] == -10


def test_e5_nine_one_beats_a_triple():
    """§9 E5: dealer September then January; 20 on a triple -> -20."""
    rnd = bank((9, 1), [(2, 2, 2), (3, 10), (3, 10), (1, 10)], [("B", 1, 20)])
    assert nets(rnd) == {"A": 20, "B": -20, "C": 0, "D": 0}
    rnd = bank((1, 9), [(2, 2, 2), (3, 10), (3, 10), (1, 10)], [("B", 1, 20)])
    assert nets(rnd)["B"] == 60  # no special: the triple pays 3 x 20


def test_e6_one_column_per_player():
    """§9 E6: B tries to bet on columns 1 and 3 -> rejected."""
    rnd = bank((2, 4), [(1, 5), (3, 4), (3, 4), (1, 10)], [("B", 1, 5), ("B", 3, 5)])
    with pytest.raises(TallyError, match="'B' may back only one column") as e:
        score_round(G, rnd)
    assert e.value.player == "B" and e.value.field == "bets.1"
    assert score_round("oicho-kabu", rnd)  # Oicho-Kabu allows it


def test_tie_and_rotation_options():
    """Same ground rules as Oicho-Kabu (kyo-kabu.md §8, §10)."""
    rnd = bank((2, 4), [(1, 5), (3, 10), (3, 10), (1, 10)], [("B", 1, 15)])
    assert nets(rnd)["B"] == -15
    assert nets(rnd, tie_dealer_wins=False, tie_push=True)["B"] == 0
    assert score_round(G, rnd).next_dealer == "B"
    assert score_round(G, rnd, options={"dealer_rotates": False, "dealer_fixed": True}) \
        .next_dealer == "A"
    triple = bank((4, 5), [(2, 2, 2), (1, 10), (1, 10), (3, 10)], [("B", 1, 10)])
    assert nets(triple)["B"] == 30 and nets(triple, triple_total_return=True)["B"] == 20


def test_registry():
    d = GAMES[G].to_dict()
    ids = {y["id"] for y in d["combinations"]}
    assert "dealer_nine_one" in ids and "dealer_four_one" not in ids
    assert {o["id"] for o in d["options"]} >= {"tie_dealer_wins", "tie_push", "max_bet",
                                               "dealer_rotates", "dealer_fixed"}


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.integers(1, 30)), min_size=3, max_size=3),
       st.sampled_from([(2, 4), (9, 1), (4, 1), (1, 9), (5, 5)]))
def test_zero_sum_and_kyo_never_uses_four_one(bets, dealer):
    rnd = bank(dealer, [(1, 5), (3, 3, 3), (6, 10), (2, 6)],
               [(p, c, a) for p, (c, a) in zip("BCD", bets)])
    net = nets(rnd)
    assert sum(net.values()) == 0
    if dealer == (9, 1):
        assert all(net[p] == -a for p, (_, a) in zip("BCD", bets))
    oicho = score_round("oicho-kabu", rnd).net()
    if dealer != (4, 1):
        assert oicho == net
