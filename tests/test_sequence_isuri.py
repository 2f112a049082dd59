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
    """§1 / §8 / §10.1 (best reading, 2026-12): 46 cards; with isuri_kept_paulownia =
    colored (the default) the coloured paulownia chaff stays and the plain ones are out."""
    g = tally.get_game(G)
    kept = next(o for o in g.options if o.id == "isuri_kept_paulownia")
    assert kept.default == "colored" and kept.choices == ("colored", "any")
    from tally.games.isuri import deck_of
    assert len(tally.CardSet(deck_of("colored"))) == 46
    assert "paulownia-chaff-colored" in tally.CardSet(deck_of("colored"))
    with pytest.raises(TallyError, match="not in play in this Isuri round") as e:
        score(rnd([out(last_card="paulownia-chaff-1")]))
    assert e.value.card == "paulownia-chaff-1"
    with pytest.raises(TallyError, match="not in play in this Isuri round"):
        score(rnd([out(last_card="pine-chaff-1")], hands={"A": ["paulownia-chaff-2"]}))


def test_any_kept_paulownia_chaff_is_the_one_left():
    """§8 isuri_kept_paulownia = any: the table removes any two of the three paulownia
    chaffs; the one left is in play (46 cards either way) and paulownia is month 6 either
    way, so scoring does not change (E2's formula: 2 tokens x 6 = 12)."""
    any_ = {"isuri_kept_paulownia": "any"}
    for chaff in ("paulownia-chaff-1", "paulownia-chaff-2", "paulownia-chaff-colored"):
        r = score(rnd([out(last_card=chaff)], tokens=2), options=any_)
        assert r.player("B").points == 12
    with pytest.raises(TallyError, match="deck holds only one of them") as e:
        score(rnd([out(last_card="paulownia-chaff-1")], hands={"A": ["paulownia-chaff-2"]}),
              options=any_)
    assert e.value.option == "isuri_kept_paulownia"


# §2 / §10.4 (2026-12): the 11 wilds. Hand: crane, pine ribbon (Jan-Oct); willow rain man and
# ribbon (Feb-Nov); cherry ribbon (any month). Base: phoenix, plum ribbon and chaffs and the
# kept paulownia chaff (January while the base); the warbler (any month while the base).
def test_the_eleven_wilds_are_the_digests():
    from tally.games._sequence import HAND_WILD_MONTHS
    from tally.games.isuri import wilds_of
    w = wilds_of("colored")
    assert w == {"hand_jan_oct": ("pine-crane", "pine-poetry"),
                 "hand_feb_nov": ("willow-rainman", "willow-ribbon"),
                 "hand_jan_dec": ("cherry-poetry",),
                 "base_january": ("paulownia-phoenix", "plum-poetry", "plum-chaff-1",
                                  "plum-chaff-2", "paulownia-chaff-colored"),
                 "base_any": ("plum-warbler",)}
    assert sum(len(v) for v in w.values()) == 11
    assert HAND_WILD_MONTHS == {"hand_jan_oct": (1, 10), "hand_feb_nov": (2, 11),
                                "hand_jan_dec": (1, 12)}


def test_a_wild_last_card_counts_as_the_month_played():
    """§2, isuri-simplified.md §10.4: L is the month a wild was played as. willow-ribbon is a
    hand wild for February-November (Tensho months 2-11): as November (peony, 11) with 2
    tokens it scores 2 x 11 = 22."""
    r = score(rnd([out(last_card="willow-ribbon", last_month=11)], tokens=2))
    assert r.player("B").points == 22
    assert any("a hand wild for any month from February to November" in n for n in r.notes)
    assert not any(n.startswith("warning") for n in r.notes)


@pytest.mark.parametrize("card, played_as, why", [
    # §10.1 (changed 2026-12): the warbler is the any-month BASE wild, so from a hand it is
    # December (12), never another month (the old reading had it a January base wild)
    ("plum-warbler", 5, "a base wild, wild only while it is the base card"),
    ("willow-ribbon", 12, "a hand wild for any month from February to November"),
    ("maple-deer", 3, "not a wild card"),
])
def test_a_last_card_that_cannot_be_that_month_is_a_warning(card, played_as, why):
    """Play check (a warning, never a rejection): the month entered is scored as given."""
    r = score(rnd([out(last_card=card, last_month=played_as)], tokens=1))
    assert r.player("B").points == (10 if played_as == 1 else played_as)
    assert any(n.startswith("warning") and why in n for n in r.notes)


@pytest.mark.parametrize("options, each", [({}, 24), ({"losers_each_pay_full": False,
                                                       "losers_split": True}, 12)])
def test_three_players(options, each):
    """isuri.md §6 / isuri-simplified.md §10.2, with E2's 24-point round."""
    r = score(rnd([out("C", last_card="plum-chaff-1")], players=("A", "B", "C"), tokens=2),
              options=options)
    assert r.net() == {"A": -each, "B": -each, "C": 2 * each}


def test_no_teyaku():
    assert tally.evaluate(G, ["plum-warbler", "plum-poetry", "plum-chaff-1"]).points == 0
