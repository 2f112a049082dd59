"""Isuri (shared/rules/isuri.md): §9 examples with Tensho month values, deck, bad input.

Seed 002 ch. 27, lines 5877-6073 (Quick Reference pp. 229-230, lines 10023-10143). Every
expected number is the digest's.
"""

import pytest

import tally
from tally import TallyError

G = "isuri"


def out(player="B", **fields):
    return {"type": "out", "player": player, **fields}


def rnd(events, players=("A", "B"), dealer="A", **extra):
    return {"players": list(players), "dealer": dealer, "events": events, **extra}


def score(r, **kw):
    return tally.score_round(G, r, **kw)


def test_e1_book_example_as_printed_and_by_the_rules():
    """§9 E1 (pp. 140-141, seed 002 lines 6061-6073): 2 tokens x January (10) = 20, paid by
    A; counting tokens by the rules gives 3 (setup + 2 all-passes) -> 30."""
    r = score(rnd([out(last_month=1, same_month_count=1, first_turn=False)], tokens=2))
    assert r.player("B").base_points == 20 and r.net() == {"A": -20, "B": 20}
    r = score(rnd([{"type": "all_pass"}, {"type": "all_pass"}, out(last_card="pine-chaff-2")]))
    assert r.net() == {"A": -30, "B": 30}


@pytest.mark.parametrize("card, tokens, n, expected", [
    ("plum-chaff-1", 2, 1, 24),      # December (plum) = 12 in Tensho order: 2 x 12
    ("willow-swallow", 5, 3, 30),    # February (willow) = 2: 5 x 2 x 3
])
def test_e2_tensho_month_values(card, tokens, n, expected):
    """§9 E2 (derived): the month of the last card is its Tensho number."""
    r = score(rnd([out(last_card=card, same_month_count=n)], tokens=tokens))
    assert r.player("B").points == expected


@pytest.mark.parametrize("card, month", [
    ("plum-warbler", 12), ("peony-butterflies", 11), ("willow-rainman", 2),
    ("paulownia-phoenix", 6), ("pine-crane", 10), ("maple-deer", 10), ("cherry-curtain", 3),
])
def test_tensho_numbers_from_the_card(card, month):
    """§7 / §10.3: plum 12, peony 11, willow 2, paulownia 6, pine 1 -> 10 (seed 002 lines
    5893-5947); one token, so the round score is L itself."""
    assert score(rnd([out(last_card=card)], tokens=1)).player("B").points == month


def test_deck_removes_two_plain_paulownia_chaffs():
    """§1 / §10.1: 46 cards; the coloured paulownia chaff stays (recommended reading)."""
    deck = tally.CardSet(tally.get_game(G).deck)
    assert len(deck) == 46 and "paulownia-chaff-colored" in deck
    with pytest.raises(TallyError, match="not in the Isuri deck") as e:
        score(rnd([out(last_card="paulownia-chaff-1")]))
    assert e.value.card == "paulownia-chaff-1"


@pytest.mark.parametrize("options, each", [({}, 24), ({"losers_each_pay_full": False,
                                                       "losers_split": True}, 12)])
def test_three_players(options, each):
    """isuri.md §6 / isuri-simplified.md §10.2, with E2's 24-point round."""
    r = score(rnd([out("C", last_card="plum-chaff-1")], players=("A", "B", "C"), tokens=2),
              options=options)
    assert r.net() == {"A": -each, "B": -each, "C": 2 * each}


def test_no_teyaku():
    assert tally.evaluate(G, ["plum-warbler", "plum-poetry", "plum-chaff-1"]).points == 0
