"""Settlement: the fewest transfers, each loser paying each winner, chips to money.

Every expected payment list below is worked out by hand in the comments."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from tally.settlement import direct_payments, fewest_transfers, nets_of, to_money


def _settles(nets, payments):
    after = dict(nets)
    for p in payments:
        assert p.amount > 0
        after[p.payer] += p.amount
        after[p.payee] -= p.amount
    return all(abs(v) < 1e-9 for v in after.values())


def test_issue_example_four_players_three_payments():
    # +30, +10, -15, -25: no subset other than everyone sums to zero, so 4 - 1 = 3 payments.
    nets = {"A": 30, "B": 10, "C": -15, "D": -25}
    pays = fewest_transfers(nets)
    assert len(pays) == 3
    assert _settles(nets, pays)


def test_two_independent_pairs_settle_in_two():
    # A +10 / D -10 and B +5 / C -5 are two zero-sum groups: 4 - 2 = 2 payments, and those
    # payments are exactly D -> A 10 and C -> B 5.
    nets = {"A": 10, "B": 5, "C": -5, "D": -10}
    pays = fewest_transfers(nets)
    assert sorted((p.payer, p.payee, p.amount) for p in pays) == [("C", "B", 5), ("D", "A", 10)]


def test_three_players_one_winner():
    # A +12, B -5, C -7: each loser pays A: two payments.
    pays = fewest_transfers({"A": 12, "B": -5, "C": -7})
    assert sorted((p.payer, p.payee, p.amount) for p in pays) == [("B", "A", 5), ("C", "A", 7)]


def test_all_square_needs_no_payment():
    assert fewest_transfers({"A": 0, "B": 0}) == []
    assert direct_payments({"A": 0, "B": 0}) == []


def test_direct_split_in_proportion_exact():
    # Winners A +20 and B +20 share equally: C (-10) pays 5 + 5, D (-30) pays 15 + 15.
    pays = direct_payments({"A": 20, "B": 20, "C": -10, "D": -30})
    assert sorted((p.payer, p.payee, p.amount) for p in pays) == [
        ("C", "A", 5), ("C", "B", 5), ("D", "A", 15), ("D", "B", 15)]


def test_direct_rounding_keeps_every_total():
    # +30, +10, -15, -25: exact shares C->A 11.25, C->B 3.75, D->A 18.75, D->B 6.25; whole
    # chips keep each row and column total, moving the two .75 shares up: 11, 4, 19, 6.
    nets = {"A": 30, "B": 10, "C": -15, "D": -25}
    pays = direct_payments(nets)
    assert sorted((p.payer, p.payee, p.amount) for p in pays) == [
        ("C", "A", 11), ("C", "B", 4), ("D", "A", 19), ("D", "B", 6)]
    assert all(p.payer in ("C", "D") and p.payee in ("A", "B") for p in pays)


def test_unbalanced_nets_are_refused():
    with pytest.raises(ValueError):
        fewest_transfers({"A": 5, "B": -4})
    with pytest.raises(ValueError):
        direct_payments({"A": 5, "B": -4})


def test_money_conversion():
    assert to_money(-25, 0.1) == -2.5
    assert to_money(7, "0.05") == 0.35
    assert to_money(3, 0.125) == 0.38  # half-up at the cent: 0.375 -> 0.38
    assert to_money(0, 2) == 0


nets_strategy = st.lists(st.integers(-50, 50), min_size=1, max_size=6).map(
    lambda xs: xs + [-sum(xs)])


@settings(max_examples=150, deadline=None)
@given(nets_strategy)
def test_fewest_transfers_settle_and_are_minimal_bound(vals):
    nets = {f"P{i}": v for i, v in enumerate(vals)}
    pays = fewest_transfers(nets)
    assert _settles(nets, pays)
    nonzero = sum(1 for v in vals if v)
    assert len(pays) <= max(0, nonzero - 1)
    assert nets_of(pays, nets) == {p: v for p, v in nets.items()}


@settings(max_examples=150, deadline=None)
@given(nets_strategy)
def test_direct_payments_only_losers_to_winners(vals):
    nets = {f"P{i}": v for i, v in enumerate(vals)}
    pays = direct_payments(nets)
    assert _settles(nets, pays)
    for p in pays:
        assert nets[p.payer] < 0 < nets[p.payee]
        # each share is within one chip of the exact proportional share
        won = sum(v for v in vals if v > 0)
        exact = Fraction(-nets[p.payer] * nets[p.payee], won)
        assert abs(p.amount - exact) < 1
