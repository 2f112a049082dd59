"""Eight Off (shared/rules/eight-off.md; seed 002, ch. 38, lines 7427-7577).

No numeric examples in the book; section 9's derived checks and section 10's readings are the
cases. A win is recorded as 1 point, a loss 0."""

import pytest
from hypothesis import given, settings, strategies as st

import tally
from tally import TallyError
from tally.cards import FULL_DECK, CardSet

G = "eight-off"
FLOWERS = CardSet(FULL_DECK).slugs
JOKERS = ["joker-a", "joker-b", "joker-c", "joker-d"]


def score(r, **options):
    return tally.score_round(G, {"players": ["Aki"], **r}, options=options or None)


def ev(cards, **options):
    return tally.evaluate(G, cards, options=options or None)


def test_52_on_the_foundations_is_a_win():
    """Section 9: 52 cards on the foundations -> win (January to joker)."""
    r = score({"foundations": FLOWERS + JOKERS})
    assert r.winner == "Aki" and r.player("Aki").points == 1
    assert r.player("Aki").extra == {"result": "win", "foundations": 52}
    assert ev(FLOWERS + JOKERS).yaku[0].id == "win"
    # December complete but no joker yet: not a win (the joker is month 13)
    assert ev(FLOWERS).yaku[0].id == "loss"


def test_stuck_is_a_loss():
    """Section 9: stuck -> loss."""
    r = score({"result": "loss"})
    assert r.winner is None and r.player("Aki").role == "loser"
    assert r.player("Aki").points == 0
    assert score({"foundations": 17}).player("Aki").yaku[0].id == "loss"


def test_joker_reserves_section_10_1():
    """10.1: under joker_reserves the jokers are cell markers, so the foundations run January to
    December and a win is all 48 on them."""
    assert ev(FLOWERS, joker_reserves=True).yaku[0].id == "win"
    assert score({"foundations": 48}, joker_reserves=True).winner == "Aki"
    with pytest.raises(TallyError, match="'Joker A' cannot be among") as e:
        ev(FLOWERS + ["joker-a"], joker_reserves=True)
    assert e.value.card == "joker-a"
    with pytest.raises(TallyError, match="foundations must be 0..48"):
        score({"foundations": 52}, joker_reserves=True)


def test_jokers_only_on_a_foundation_that_reached_december():
    with pytest.raises(TallyError, match="1 jokers are on the foundations but only 0") as e:
        ev(["pine-crane", "joker-a"])
    assert e.value.rule == "foundation"


def test_ordered_foundation():
    """Section 8 ordered_foundation: foundation p takes each month's p-th card."""
    assert ev(["pine-poetry", "plum-poetry"], ordered_foundation=True).yaku[0].id == "loss"
    with pytest.raises(TallyError,
                       match="Plum with bush warbler is on a foundation without Pine with crane"):
        ev(["pine-poetry", "plum-warbler"], ordered_foundation=True)
    assert ev(FLOWERS + JOKERS, ordered_foundation=True).yaku[0].id == "win"


def test_reserve_variations_exclude_each_other():
    for a, b in (("eight_open_reserves", "four_reserves"), ("four_reserves", "joker_reserves"),
                 ("eight_open_reserves", "joker_reserves")):
        with pytest.raises(TallyError, match="cannot both be on"):
            score({"result": "win"}, **{a: True, b: True})
    assert score({"result": "win"}, ordered_tableau=True, four_reserves=True).notes[0] == \
        "variations: tableau in order, 4 reserves"


@pytest.mark.parametrize("r, needle, attr", [
    ({"foundations": 51, "result": "win"}, "a win does not fit 51", ("field", "result")),
    ({"foundations": 53}, "foundations must be 0..52", ("field", "foundations")),
    ({"foundations": ["joker-e"]}, "'Joker E' cannot be among", ("card", "joker-e")),
    ({"foundations": ["plum-warbler"]}, "only 0 January", ("rule", "foundation")),
    ({"result": "loss", "reshuffles": 0}, "no draw pile", ("field", "reshuffles")),
    ({}, "result is missing", ("field", "result")),
])
def test_bad_rounds_name_the_culprit(r, needle, attr):
    with pytest.raises(TallyError, match=needle) as e:
        score(r)
    assert getattr(e.value, attr[0]) == attr[1]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=4, max_size=4), st.randoms())
def test_any_four_foundations_are_accepted(heights, rand):
    """Four foundations of any heights, 13 = topped with a joker."""
    cards = []
    for m in range(12):
        cards += rand.sample(FLOWERS[4 * m:4 * m + 4], sum(h > m for h in heights))
    cards += JOKERS[:sum(h == 13 for h in heights)]
    e = ev(rand.sample(cards, len(cards)))
    assert e.yaku[0].id == ("win" if heights == [13] * 4 else "loss")
    assert e.details["foundations"] == sum(heights)
