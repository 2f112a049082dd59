"""Solitaire (shared/rules/solitaire.md; seed 002, ch. 37, lines 7227-7421).

No numeric examples in the book; section 9's derived checks and section 10's readings are the
cases. A win is recorded as 1 point, a loss 0."""

import pytest
from hypothesis import given, settings, strategies as st

import tally
from tally import TallyError
from tally.cards import FULL_DECK, CardSet

G = "solitaire"
FLOWERS = CardSet(FULL_DECK).slugs  # deck order: month by month, the book's card order
JOKERS = ["joker-a", "joker-b", "joker-c", "joker-d"]


def score(r, **options):
    return tally.score_round(G, {"players": ["Aki"], **r}, options=options or None)


def ev(cards, **options):
    return tally.evaluate(G, cards, options=options or None)


def test_all_48_on_foundations_is_a_win():
    """Section 9: all 48 on foundations -> win."""
    r = score({"foundations": FLOWERS})
    assert r.winner == "Aki" and r.player("Aki").points == 1
    assert r.player("Aki").extra == {"result": "win", "foundations": 48}
    assert ev(FLOWERS).yaku[0].id == "win"


def test_stuck_with_30_is_a_loss():
    """Section 9: stuck with 30 on foundations -> loss (progress 30)."""
    r = score({"foundations": 30, "result": "loss"})
    assert r.winner is None and r.player("Aki").extra == {"result": "loss", "foundations": 30}
    # 30 real cards: January-July complete (28) and two Augusts
    thirty = FLOWERS[:30]
    assert ev(thirty).yaku[0].id == "loss" and ev(thirty).details["foundations"] == 30


def test_jokers_variation_runs_to_the_joker():
    """Section 8 jokers: foundations January -> joker, 52 cards; without it no joker plays."""
    assert ev(FLOWERS + JOKERS, jokers=True).yaku[0].id == "win"
    assert ev(FLOWERS, jokers=True).yaku[0].id == "loss"
    with pytest.raises(TallyError, match="'Joker A' cannot be among") as e:
        ev(FLOWERS + JOKERS)
    assert e.value.card == "joker-a"
    with pytest.raises(TallyError, match="2 jokers are on the foundations but only 1"):
        ev(FLOWERS[:44] + ["paulownia-phoenix", "joker-a", "joker-b"], jokers=True)


def test_foundations_build_up_from_january():
    """Section 2: a foundation starts with a January and goes up one month at a time."""
    assert ev(["pine-crane", "plum-poetry", "cherry-chaff-2"]).yaku[0].id == "loss"
    with pytest.raises(TallyError, match="1 February cards are on the foundations but only 0 "
                       "January") as e:
        ev(["plum-warbler"])
    assert e.value.rule == "foundation"
    with pytest.raises(TallyError, match="2 March cards .* only 1 February"):
        ev(["pine-crane", "pine-poetry", "plum-warbler", "cherry-curtain", "cherry-poetry"])


def test_ordered_foundation_section_10_3():
    """10.3 / ordered_foundation: foundation 1 takes 1st cards, 2 the 2nd, 3 the left chaff
    (chaff-1), 4 the right chaff (chaff-2)."""
    ok = ["pine-crane", "pine-chaff-1", "plum-warbler", "plum-chaff-1"]
    assert ev(ok, ordered_foundation=True).yaku[0].id == "loss"
    mixed = ["pine-crane", "plum-poetry"]  # February's 2nd card on January's 1st
    assert ev(mixed).yaku[0].id == "loss"  # fine without the variation
    with pytest.raises(TallyError,
                       match="Plum poetry ribbon is on a foundation without Pine poetry ribbon"):
        ev(mixed, ordered_foundation=True)
    with pytest.raises(TallyError,
                       match="Plum blossom chaff 2 is on a foundation without Pine chaff 2"):
        ev(["pine-chaff-1", "plum-chaff-2"], ordered_foundation=True)
    assert ev(FLOWERS, ordered_foundation=True).yaku[0].id == "win"


def test_reshuffle_limits_section_10_2():
    """Section 2: reshuffles as often as needed; exhausted_deck_loss: the first exhaustion
    ends the game (10.2), so none; exhausted_three_times_loss: the third, so at most 2."""
    assert score({"result": "loss", "reshuffles": 40}).notes[-1] == "reshuffles: 40"
    with pytest.raises(TallyError, match="no reshuffle is allowed"):
        score({"result": "loss", "reshuffles": 1}, exhausted_deck_loss=True)
    assert score({"result": "loss", "reshuffles": 2}, exhausted_three_times_loss=True).winner \
        is None
    with pytest.raises(TallyError, match="3 reshuffles.*at most 2"):
        score({"result": "loss", "reshuffles": 3}, exhausted_three_times_loss=True)
    with pytest.raises(TallyError, match="cannot both be on"):
        score({"result": "loss"}, exhausted_deck_loss=True, exhausted_three_times_loss=True)


@pytest.mark.parametrize("r, options, needle, attr", [
    ({"foundations": 30, "result": "win"}, {}, "a win does not fit 30", ("field", "result")),
    ({"foundations": 48, "result": "loss"}, {}, "a loss does not fit 48", ("field", "result")),
    ({"foundations": 49}, {}, "foundations must be 0..48", ("field", "foundations")),
    ({"foundations": ["pine-cran"]}, {}, "unknown card 'pine-cran'", ("card", "pine-cran")),
    ({}, {}, "result is missing", ("field", "result")),
    ({"result": "won"}, {}, "a win or a loss", ("field", "result")),
])
def test_bad_rounds_name_the_culprit(r, options, needle, attr):
    with pytest.raises(TallyError, match=needle) as e:
        score(r, **options)
    assert getattr(e.value, attr[0]) == attr[1]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=4, max_size=4), st.randoms())
def test_any_four_foundations_are_accepted(heights, rand):
    """Four foundations of any heights: month m holds one card per foundation above it."""
    cards = []
    for m in range(12):
        n = sum(h > m for h in heights)
        cards += rand.sample(FLOWERS[4 * m:4 * m + 4], n)
    e = ev(rand.sample(cards, len(cards)))
    assert e.yaku[0].id == ("win" if heights == [12] * 4 else "loss")
    assert e.details["foundations"] == sum(heights)
