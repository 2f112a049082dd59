"""The deck against shared/rules/cards.md."""

import re

import pytest

from tally import CARD, CardSet, TallyError
from tally.cards import (BLUE_RIBBONS, BRIGHTS, CHAFFS, FLOWER_CARDS, FULL_DECK, POETRY_RIBBONS,
                         RIBBONS, TENS, card_value_total, deck_without, slugs_of)


def test_every_slug_of_cards_md_is_a_card_and_no_other(shared):
    text = (shared / "rules" / "cards.md").read_text()
    table = text.split("Bonus cards")[0]
    slugs = set(re.findall(r"`([a-z]+-[a-z0-9-]+)`", table))
    assert slugs == {c.slug for c in FLOWER_CARDS}
    bonus = set(re.findall(r"`(joker-[a-z0-9]+)`", text))
    # cards.md names joker-a .. joker-f as a range
    bonus |= {f"joker-{c}" for c in "abcdef"}
    assert bonus <= set(CARD)


def test_category_totals_match_cards_md():
    # cards.md: "Totals: 5 brights, 9 tens/animals, 10 ribbons, 24 chaff/junk = 48."
    assert [len(CardSet(m)) for m in (BRIGHTS, TENS, RIBBONS, CHAFFS)] == [5, 9, 10, 24]
    assert len(CardSet(FULL_DECK)) == 48


def test_deck_value_is_264_and_240_without_chaff():
    # capture-basics.md section 2: "with chaff = 1 the 48 cards are worth 264; with chaff = 0
    # they are worth 240".
    assert card_value_total(FULL_DECK) == 264
    assert card_value_total(FULL_DECK & ~CHAFFS) == 240


def test_korean_month_order_swaps_willow_and_paulownia():
    # cards.md: willow is JP 11 / KR 12, paulownia JP 12 / KR 11.
    assert (CARD["willow-rainman"].month_jp, CARD["willow-rainman"].month_kr) == (11, 12)
    assert (CARD["paulownia-phoenix"].month_jp, CARD["paulownia-phoenix"].month_kr) == (12, 11)


def test_ribbon_sets():
    assert set(CardSet(POETRY_RIBBONS).slugs) == {"pine-poetry", "plum-poetry", "cherry-poetry"}
    assert set(CardSet(BLUE_RIBBONS).slugs) == {"peony-blue", "chrysanthemum-blue", "maple-blue"}


def test_every_card_has_three_names():
    for c in CARD.values():
        assert all(c.names[lang] for lang in ("en", "ja", "ko")), c.slug


def test_cardset_is_a_set():
    a = CardSet(["pine-crane", "cherry-curtain"])
    b = CardSet(["cherry-curtain", "pampas-moon"])
    assert (a | b).slugs == ["pine-crane", "cherry-curtain", "pampas-moon"]
    assert (a & b).slugs == ["cherry-curtain"]
    assert (a - b).slugs == ["pine-crane"]
    assert len(a ^ b) == 2 and "pine-crane" in a and "pampas-moon" not in a
    assert a <= a | b and not a <= b and a.isdisjoint(CardSet(["maple-deer"]))
    assert CardSet(["pine-crane", "cherry-curtain"]) == a and hash(a) == hash(CardSet(a.mask))


def test_cardset_rejects_unknown_slug():
    with pytest.raises(TallyError, match="pine-cran"):
        CardSet(["pine-cran"])


def test_slugs_come_out_in_deck_order():
    assert slugs_of(CardSet(["maple-deer", "pine-crane"]).mask) == ("pine-crane", "maple-deer")


def test_deck_without_months():
    # capture-basics.md section 1: Mushi plays with 40 cards, peony and bush clover removed.
    assert len(CardSet(deck_without("peony", "clover"))) == 40


def test_slugs_of_lists_every_card_of_any_mask():
    import random

    from tally.cards import ALL_CARDS
    rng = random.Random(48)
    for _ in range(500):
        m = rng.getrandbits(len(ALL_CARDS))
        assert list(slugs_of(m)) == [c.slug for c in ALL_CARDS if m >> c.index & 1]
