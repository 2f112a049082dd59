"""Test helpers for the luck games: deal distinct cards by month number."""

import pytest

from tally.cards import CARD, slugs_of


class Dealer:
    """Hands out distinct cards of the months asked for, in deck order."""

    def __init__(self, deck_mask):
        self.left = list(slugs_of(deck_mask))

    def __call__(self, *months):
        out = []
        for m in months:
            slug = next(s for s in self.left if CARD[s].month_jp == m)
            self.left.remove(slug)
            out.append(slug)
        return out


def test_dealer_hands_out_distinct_cards_of_the_asked_months():
    from tally.games._luck import KABU_DECK
    deal = Dealer(KABU_DECK)
    cards = deal(5, 5, 5, 5)
    assert len(set(cards)) == 4 and {CARD[s].month_jp for s in cards} == {5}
    with pytest.raises(StopIteration):  # the 40-card deck has only four May cards
        deal(5)
