"""Pyramid (shared/rules/pyramid.md; seed 002, ch. 36, lines 7087-7221).

No numeric examples in the book; section 9's derived checks and section 10's readings are the
cases. A win is recorded as 1 point, a loss 0."""

import pytest
from hypothesis import given, settings, strategies as st

import tally
from tally import TallyError
from tally.cards import CardSet

G = "pyramid"
DECK = CardSet(tally.get_game(G).deck).slugs
FIVE = ["pine-crane", "plum-warbler", "cherry-curtain", "wisteria-cuckoo", "iris-bridge"]


def score(r, **options):
    return tally.score_round(G, {"players": ["Aki"], **r}, options=options or None)


def test_emptied_pyramid_is_a_win():
    """Section 9: pyramid emptied -> win."""
    r = score({"left": []})
    assert r.winner == "Aki" and r.player("Aki").points == 1
    assert r.player("Aki").yaku[0].id == "win"
    assert score({"left": 0, "result": "win"}).winner == "Aki"
    assert tally.evaluate(G, []).yaku[0].id == "win"


def test_draw_pile_empty_with_five_left_is_a_loss():
    """Section 9: draw pile empty with 5 cards left -> loss."""
    r = score({"left": FIVE, "result": "loss"})
    assert r.winner is None and r.player("Aki").role == "loser"
    assert r.player("Aki").extra == {"result": "loss", "left": 5}
    assert r.player("Aki").points == 0


def test_three_or_less_wins():
    """Section 9: the same with three_or_less_wins and 3 left -> win (and 4 left is still a
    loss); without the variation 3 left is a loss."""
    assert score({"left": FIVE[:3]}, three_or_less_wins=True).winner == "Aki"
    assert score({"left": FIVE[:4]}, three_or_less_wins=True).winner is None
    assert score({"left": FIVE[:3]}).winner is None
    assert tally.evaluate(G, FIVE[:3], options={"three_or_less_wins": True}).yaku[0].id == "win"
    assert tally.evaluate(G, FIVE[:3]).yaku[0].id == "loss"


def test_reshuffles_section_10_2():
    """10.2: draw_three allows up to three reshuffles; with reshuffle too, reshuffle
    (unlimited) wins; the book's game has none (the deck running out ends it)."""
    assert score({"result": "loss", "reshuffles": 3}, draw_three=True).notes[-1] == \
        "reshuffles: 3"
    with pytest.raises(TallyError, match="4 reshuffles.*at most 3") as e:
        score({"result": "loss", "reshuffles": 4}, draw_three=True)
    assert e.value.field == "reshuffles"
    assert score({"result": "loss", "reshuffles": 9}, draw_three=True, reshuffle=True).winner \
        is None
    with pytest.raises(TallyError, match="no reshuffle is allowed"):
        score({"result": "loss", "reshuffles": 1})


def test_larger_pyramid_holds_28():
    left = DECK[:22]
    with pytest.raises(TallyError, match="22 cards left in the pyramid is more than 21"):
        score({"left": left})
    assert score({"left": left}, larger_pyramid=True).player("Aki").extra["left"] == 22


def test_variations_are_recorded():
    """Section 5 step 3: record the result and the variations used."""
    r = score({"result": "win"}, blocked=True, free_space=True)
    assert r.notes[0] == "variations: blocked, one free space"
    assert score({"result": "win"}).notes[0] == "no variations (the book's rules)"


@pytest.mark.parametrize("r, options, needle, attr", [
    ({"left": FIVE, "result": "win"}, {}, "a win does not fit 5", ("field", "result")),
    ({"left": [], "result": "loss"}, {}, "a loss does not fit 0", ("field", "result")),
    ({}, {}, "result is missing", ("field", "result")),
    ({"left": ["joker-e"]}, {}, "'Joker E' cannot be among", ("card", "joker-e")),
    ({"left": ["pine-crane", "pine-crane"]}, {}, "listed twice", ("card", "pine-crane")),
    ({"left": 22}, {}, "number of cards left in the pyramid must be 0..21", ("field", "left")),
    ({"left": "pine-crane"}, {}, "as a list of cards or as their number", ("field", "left")),
    ({"result": "win", "reshuffles": -1}, {}, "whole number", ("field", "reshuffles")),
    ({"result": "win"}, {"jokers_match": True, "jokers_wild": True}, "cannot both be on",
     ("option", "jokers_wild")),
    ({"result": "win"}, {"free_space": True, "three_free_spaces": True}, "cannot both be on",
     ("option", "three_free_spaces")),
])
def test_bad_rounds_name_the_culprit(r, options, needle, attr):
    with pytest.raises(TallyError, match=needle) as e:
        score(r, **options)
    assert getattr(e.value, attr[0]) == attr[1]


def test_one_player():
    with pytest.raises(TallyError, match="played by 1-1 players"):
        tally.score_round(G, {"players": ["A", "B"], "result": "win"})


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK), unique=True, max_size=21), st.booleans(), st.randoms())
def test_result_follows_cards_left(left, easy, rand):
    opts = {"three_or_less_wins": easy}
    want = "win" if len(left) <= (3 if easy else 0) else "loss"
    r = tally.score_round(G, {"players": ["Aki"], "left": left}, options=opts)
    assert r.player("Aki").yaku[0].id == want
    again = tally.score_round(G, {"players": ["Aki"], "left": rand.sample(left, len(left))},
                              options=opts)
    assert again.to_dict() == r.to_dict()
