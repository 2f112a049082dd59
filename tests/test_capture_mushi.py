"""Mushi: shared/rules/mushi.md (seed 002, chapter 8, lines 1155-1264; Quick Reference Chart
p. 202, lines 8311-8343)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, CardSet

G = "mushi"
DECK = CardSet(tally.get_game(G).deck).slugs
BOOK = {"bright": 20, "ten": 10, "ribbon": 5, "chaff": 1}  # mushi.md section 2

# mushi.md section 9, Example 1 (seed 1245-1259): A 4 brights, 3 tens, 3 ribbons, 6 chaff.
A = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "cherry-curtain",
     "cherry-chaff-1", "plum-warbler", "plum-poetry", "pampas-moon", "pampas-geese",
     "iris-bridge", "iris-ribbon", "paulownia-phoenix", "paulownia-chaff-colored",
     "paulownia-chaff-1", "paulownia-chaff-2"]
B = [s for s in DECK if s not in A]
# A split of the 40 cards with no yaku and card values 115 / 115 (checked below).
HALF = ["plum-chaff-1", "plum-chaff-2", "cherry-curtain", "cherry-poetry", "cherry-chaff-1",
        "cherry-chaff-2", "wisteria-ribbon", "wisteria-chaff-2", "pampas-geese",
        "pampas-chaff-2", "chrysanthemum-blue", "chrysanthemum-chaff-1", "maple-deer",
        "maple-blue", "maple-chaff-1", "maple-chaff-2", "willow-rainman", "willow-ribbon",
        "paulownia-phoenix", "paulownia-chaff-colored"]


def book_value(slugs):
    return sum(BOOK[CARD[s].kind] for s in slugs)


def rnd(a, b, dealer="A", **extra):
    return {"players": ["A", "B"], "dealer": dealer, "captures": {"A": a, "B": b}, **extra}


def test_deck_is_40_cards_worth_230():
    """mushi.md 1-2: no peony, no bush clover, no jokers; total 230, par 115."""
    assert len(DECK) == 40 and book_value(DECK) == 230
    assert not any(s.startswith(("peony", "clover", "joker")) for s in DECK)
    assert len(B) == 24


def test_example_1():
    """mushi.md 9 / seed 1245-1259: 131 / 99; yaku 35 / 10; (131 - 115) + 35 - 10 = 41 and
    (99 - 115) + 10 - 35 = -41; A wins."""
    r = tally.score_round(G, rnd(A, B))
    a, b = r.player("A"), r.player("B")
    assert (a.base_points, b.base_points) == (131, 99)
    assert {y.id: y.points for y in a.yaku} == {"spring_semi_brights": 25,
                                                "all_four_paulownia": 10}
    assert {y.id: y.points for y in b.yaku} == {"all_four_wisteria": 10}
    assert (a.points, b.points) == (41, -41)
    assert r.winner == "A" and r.next_dealer == "A" and r.payments == ()
    assert [s.id for s in b.steps] == ["card_value", "par", "all_four_wisteria",
                                       "opponent_yaku"]


def test_example_1_book_counts_typo():
    """mushi.md 10.1: B's counts are 1 bright, 4 tens, 5 ribbons, 14 chaff (the book's text
    says 6 / 7 / 18, which cannot fit the deck)."""
    kinds = [CARD[s].kind for s in B]
    assert [kinds.count(k) for k in ("bright", "ten", "ribbon", "chaff")] == [1, 4, 5, 14]


def test_round_example_is_the_book_example():
    r = tally.score_round(G, tally.get_game(G).round_example)
    assert [p.points for p in r.players] == [41, -41]


def test_five_brights_stack_with_spring_semi_brights():
    """mushi.md 9, derived: A with the rain man too adds five_brights 30 and keeps SSB 25:
    A = (151 - 115) + 30 + 25 + 10 - 10; B = (79 - 115) + 10 - 65."""
    a = A + ["willow-rainman"]
    b = [s for s in B if s != "willow-rainman"]
    r = tally.score_round(G, rnd(a, b))
    assert {y.id for y in r.player("A").yaku} == {"five_brights", "spring_semi_brights",
                                                  "all_four_paulownia"}
    assert r.player("A").points == (151 - 115) + 30 + 25 + 10 - 10
    assert r.player("B").points == (79 - 115) + 10 - 65


def test_too_many_brights():
    """mushi.md 8 / 9 derived: with too_many_brights, only the 25 counts."""
    a = A + ["willow-rainman"]
    b = [s for s in B if s != "willow-rainman"]
    r = tally.score_round(G, rnd(a, b), options={"too_many_brights": True})
    assert "five_brights" not in {y.id for y in r.player("A").yaku}
    assert r.player("A").points == (151 - 115) + 25 + 10 - 10


@pytest.mark.parametrize("yaku_id, cards, value", [
    ("five_brights", ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman",
                      "paulownia-phoenix"], 30),
    ("spring_semi_brights", ["pine-crane", "plum-warbler", "cherry-curtain"], 25),
    ("all_four_wisteria", ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1",
                           "wisteria-chaff-2"], 10),
    ("all_four_paulownia", ["paulownia-phoenix", "paulownia-chaff-colored",
                            "paulownia-chaff-1", "paulownia-chaff-2"], 10),
])
def test_every_yaku_value(yaku_id, cards, value):
    """mushi.md section 4 (seed 1217-1241, chart 8321-8341)."""
    ev = tally.evaluate(G, cards)
    assert [(y.id, y.points) for y in ev.yaku] == [(yaku_id, value)]
    assert ev.points == book_value(cards) + value


@pytest.mark.parametrize("cards", [
    ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"],  # no rain yaku
    ["pine-poetry", "plum-poetry", "cherry-poetry"],  # no ribbon yaku
    ["cherry-curtain", "chrysanthemum-sake"],  # no views
])
def test_no_other_yaku(cards):
    """mushi.md 9: Mushi has no ribbon or rain yaku (and no views)."""
    assert tally.evaluate(G, cards).yaku == ()


def test_zero_zero_tie_dealer_keeps_the_deal():
    """mushi.md 5.6 / 10.5: a tie can only be 0 : 0; the dealer keeps the deal, no win."""
    rest = [s for s in DECK if s not in HALF]
    assert book_value(HALF) == book_value(rest) == 115
    r = tally.score_round(G, rnd(HALF, rest, dealer="B"))
    assert [p.points for p in r.players] == [0, 0]
    assert r.winner is None and r.next_dealer == "B"


def test_first_to_50():
    """mushi.md 8 / 10.8: the game ends after the round in which a total reaches 50."""
    r = tally.score_round(G, rnd(A, B, carry={"round": 1, "totals": {"A": 9, "B": -9}}),
                          options={"first_to_50": True})
    assert r.carry["totals"] == {"A": 50, "B": -50}
    assert r.carry["game_over"] and r.carry["game_winner"] == "A"
    r = tally.score_round(G, rnd(A, B, carry={"round": 1, "totals": {"A": 8, "B": -8}}),
                          options={"first_to_50": True})
    assert "game_over" not in r.carry
    r = tally.score_round(G, rnd(A, B, carry={"round": 1, "totals": {"A": 9, "B": -9}}))
    assert "game_over" not in r.carry  # off by default


def test_events_are_checked_against_the_captures():
    """mushi.md 2 / 7: the Storm Chaff never takes a willow card; the last willow goes to the
    holder of the other two; the other leftover to the Storm Chaff's player."""
    ok = tally.get_game(G).round_example
    assert tally.score_round(G, ok).winner == "A"
    bad = [
        ({"type": "wild_capture", "player": "B", "card": "willow-swallow"}, "never a willow"),
        ({"type": "wild_capture", "player": "A", "card": "pine-crane"},
         r"Willow lightning \(storm\) is in B's"),
        ({"type": "wild_capture", "player": "B", "card": "pine-crane"}, "in A's captures"),
        ({"type": "leftover_assignment", "player": "A", "card": "pine-poetry"},
         r"does not hold Willow lightning \(storm\)"),
        ({"type": "storm_last_card", "player": "A"}, "\"Storm last card\" names A"),
        ({"type": "wild_capture", "player": "B", "card": "peony-blue"}, "not in the Mushi deck"),
    ]
    for ev, needle in bad:
        with pytest.raises(TallyError, match=needle):
            tally.score_round(G, rnd(A, B, events=[ev]))
    a = A + ["willow-ribbon"]
    b = [s for s in B if s != "willow-ribbon"]
    with pytest.raises(TallyError, match="last willow 'Willow ribbon' goes to the player who"):
        tally.score_round(G, rnd(a, b, events=[
            {"type": "leftover_assignment", "player": "A", "card": "willow-ribbon"}]))


@pytest.mark.parametrize("round_, needle", [
    (rnd(A + ["peony-blue"], B), "'Peony blue ribbon' is not in the Mushi deck"),
    (rnd(A, [s for s in B if s != "willow-rainman"]),
     "nobody's captures \\(Willow with rain man\\); card values total 210, not 230"),
    ({"players": ["A", "B", "C"], "captures": {}}, "players, not 3"),
])
def test_bad_rounds(round_, needle):
    with pytest.raises(TallyError, match=needle):
        tally.score_round(G, round_)


def test_options_presets_and_deck_are_served():
    g = tally.get_game(G)
    assert [o.id for o in g.options][:4] == ["four_of_a_kind_not_misdeal", "first_to_50",
                                             "too_many_brights", "counting_rounds"]
    assert [p.id for p in g.presets] == ["book"] and len(g.yaku) == 4
    assert len(g.to_dict()["deck"]) == 40 and g.players == (2, 2)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.booleans(), min_size=40, max_size=40), st.booleans())
def test_random_rounds_are_zero_sum(owners, tmb):
    a = [s for s, o in zip(DECK, owners) if o]
    b = [s for s, o in zip(DECK, owners) if not o]
    r = tally.score_round(G, rnd(a, b), options={"too_many_brights": tmb,
                                                 "settle_per_point": 1})
    pa, pb = r.player("A").points, r.player("B").points
    assert pa == -pb  # mushi.md 5.4: zero-sum because the card values total 230
    assert r.player("A").base_points + r.player("B").base_points == 230
    assert sum(r.net().values()) == 0
    if pa != pb:
        assert r.winner == ("A" if pa > pb else "B")
    swapped = tally.score_round(G, rnd(b[::-1], a[::-1]), options={"too_many_brights": tmb})
    assert (swapped.player("A").points, swapped.player("B").points) == (pb, pa)
