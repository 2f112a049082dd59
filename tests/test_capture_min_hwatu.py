"""Min-Hwatu: shared/rules/min-hwatu.md (seed 002, chapter 11, lines 1611-1849; Quick
Reference Chart p. 206, lines 8489-8541)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import GAMES, TallyError
from tally.cards import FULL_DECK, CardSet

G = "min-hwatu"
DECK = CardSet(FULL_DECK).slugs
OPT = {"optional_yaku": True}

# min-hwatu.md 9, Example 1 fixtures (book p. 52, seed 1717-1759).
A1 = ["pine-poetry", "pine-chaff-1", "plum-poetry", "plum-chaff-1", "cherry-poetry",
      "cherry-chaff-1", "pampas-moon", "pampas-geese", "willow-rainman", "willow-lightning",
      "wisteria-cuckoo", "wisteria-ribbon", "peony-butterflies", "peony-blue", "iris-ribbon",
      "iris-chaff-1"]
B1 = [s for s in DECK if s not in A1]

# min-hwatu.md 9, Example 2 fixtures (book p. 52, seed 1767-1841).
A2 = ["wisteria-ribbon", "wisteria-chaff-1", "iris-ribbon", "iris-chaff-1", "clover-ribbon",
      "clover-chaff-1", "cherry-curtain", "cherry-chaff-2", "pampas-moon", "pampas-geese",
      "peony-butterflies", "peony-blue"]
B2 = ["pine-crane", "pine-chaff-2", "plum-warbler", "plum-chaff-2", "wisteria-cuckoo",
      "wisteria-chaff-2", "iris-bridge", "iris-chaff-2", "peony-chaff-1", "peony-chaff-2",
      "clover-boar", "clover-chaff-2", "pampas-chaff-1", "pampas-chaff-2",
      "chrysanthemum-sake", "chrysanthemum-blue", "chrysanthemum-chaff-1",
      "chrysanthemum-chaff-2", "maple-deer", "maple-blue", "maple-chaff-1", "maple-chaff-2",
      "paulownia-chaff-colored", "paulownia-chaff-2"]
C2 = ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning", "pine-poetry",
      "pine-chaff-1", "plum-poetry", "plum-chaff-1", "cherry-poetry", "cherry-chaff-1",
      "paulownia-phoenix", "paulownia-chaff-1"]


def ex1(**kw):
    return {"players": ["A", "B"], "dealer": "A", "captures": {"A": A1, "B": B1}, **kw}


def ex2(**kw):
    return {"players": ["A", "B", "C"], "dealer": "A",
            "captures": {"A": A2, "B": B2, "C": C2}, **kw}


def points(r):
    return {p.player: p.points for p in r.players}


# ---- section 9 ----------------------------------------------------------------------------

def test_example_1():
    """min-hwatu.md 9 Example 1 (seed 1717-1759): card values 100 / 140, yaku 30 / 20;
    A = 100 + 30 - 20 = 110 (printed "11o"), B = 140 + 20 - 30 = 130; B wins."""
    r = tally.score_round(G, ex1())
    assert {p.player: p.base_points for p in r.players} == {"A": 100, "B": 140}
    assert [y.id for y in r.player("A").yaku] == ["poetry_ribbons"]
    assert [y.id for y in r.player("B").yaku] == ["all_four_maple"]
    assert points(r) == {"A": 110, "B": 130}
    assert r.winner == "B" == r.next_dealer
    assert r.payments == ()  # points only


def test_example_1_with_optional_yaku():
    """min-hwatu.md 9 derived: B also holds Spring Semi-Brights 150 (yaku 170, A 30):
    A = 100 + 30 - 170 = -40, B = 140 + 170 - 30 = 280 (sum 240)."""
    r = tally.score_round(G, ex1(), options=OPT)
    assert {y.id for y in r.player("B").yaku} == {"all_four_maple", "spring_semi_brights"}
    assert points(r) == {"A": -40, "B": 280}


def test_example_2():
    """min-hwatu.md 9 Example 2 (seed 1767-1841): 80 + 60 - 70 = 70, 90 + 40 - 80 = 50,
    70 + 100 - 50 = 120; C wins; the scores add up to 240."""
    r = tally.score_round(G, ex2())
    assert {p.player: p.base_points for p in r.players} == {"A": 80, "B": 90, "C": 70}
    assert points(r) == {"A": 70, "B": 50, "C": 120}
    assert sum(points(r).values()) == 240
    assert r.winner == "C"
    assert r.player("C").extra["yaku_transfers"] == [
        {"from": "A", "to": "C", "amount": 50}, {"from": "B", "to": "C", "amount": 50}]


def test_example_2_unchanged_with_optional_yaku():
    """min-hwatu.md 9: none of the three holds an optional yaku."""
    assert points(tally.score_round(G, ex2(), options=OPT)) == {"A": 70, "B": 50, "C": 120}


def test_example_2_winner_takes_all():
    """min-hwatu.md 9 derived check: with winner_takes_all C = 240, A = 0, B = 0."""
    r = tally.score_round(G, ex2(), options={"winner_takes_all": True})
    assert points(r) == {"A": 0, "B": 0, "C": 240}


# ---- yaku and variations (sections 4, 8) -------------------------------------------------

@pytest.mark.parametrize("yaku_id, cards, pts", [
    ("poetry_ribbons", ["pine-poetry", "plum-poetry", "cherry-poetry"], 30),
    ("purple_ribbons", ["peony-blue", "chrysanthemum-blue", "maple-blue"], 30),
    ("dry_plain_ribbons", ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"], 30),
    ("all_four_iris", ["iris-bridge", "iris-ribbon", "iris-chaff-1", "iris-chaff-2"], 20),
    ("all_four_maple", ["maple-deer", "maple-blue", "maple-chaff-1", "maple-chaff-2"], 20),
    ("all_four_willow", ["willow-rainman", "willow-swallow", "willow-ribbon",
                         "willow-lightning"], 20),
])
def test_standard_yaku(yaku_id, cards, pts):
    """min-hwatu.md section 4 standard table (seed 1681-1711; chart 8497-8539)."""
    ev = tally.evaluate(G, cards)
    assert [(y.id, y.points) for y in ev.yaku] == [(yaku_id, pts)]
    assert ev.details["yaku_value"] == pts


FIVE = ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman", "paulownia-phoenix",
        "plum-warbler"]
VIEWS = ["pine-crane", "cherry-curtain", "pampas-moon", "chrysanthemum-sake"]


def test_optional_yaku_only_with_the_variation():
    """Section 8.1: the book preset has standard yaku only."""
    assert tally.evaluate(G, FIVE).yaku == ()
    assert {y.id: y.points for y in tally.evaluate(G, FIVE, options=OPT).yaku} == {
        "five_brights": 200}


def test_count_all_yaku():
    """min-hwatu.md 8 count_all_yaku: five_brights + spring_semi_brights = 350, and
    grand_views + the_views = 250."""
    ev = tally.evaluate(G, FIVE, options={**OPT, "count_all_yaku": True})
    assert {y.id for y in ev.yaku} >= {"five_brights", "spring_semi_brights"}
    assert sum(y.points for y in ev.yaku if y.id in ("five_brights",
                                                     "spring_semi_brights")) == 350
    ev = tally.evaluate(G, VIEWS, options={**OPT, "count_all_yaku": True})
    views = {y.id: y.points for y in ev.yaku if "views" in y.id}
    assert views == {"grand_views": 150, "the_views": 100} and sum(views.values()) == 250
    ev = tally.evaluate(G, VIEWS, options=OPT)  # one of: the best only
    assert [y.id for y in ev.yaku if "views" in y.id] == ["grand_views"]


@pytest.mark.parametrize("missing", VIEWS)
def test_grand_views_is_crane_curtain_moon_sake(missing):
    """min-hwatu.md section 4 and 10.1, "Resolved (2026-12): best reading (strong)": The
    Grand Views = pine-crane, cherry-curtain, pampas-moon, chrysanthemum-sake, 150, one of
    with The Views (curtain, moon, sake, 100). Card value 20 + 20 + 20 + 10 = 70 (section 2).
    Without any one of the four cards there is no Grand Views."""
    g = tally.get_game(G)
    row = next(y for y in g.yaku if y.id == "grand_views")
    assert set(row.cards) == set(VIEWS) and row.points == "150"
    assert "least certain" not in row.description
    ev = tally.evaluate(G, VIEWS, options=OPT)
    assert ev.details == {"card_value": 70, "yaku_value": 150}
    assert tally.evaluate(G, VIEWS).yaku == ()  # optional: the book preset has none
    ev = tally.evaluate(G, [c for c in VIEWS if c != missing], options=OPT)
    assert "grand_views" not in {y.id for y in ev.yaku}
    assert {y.id for y in ev.yaku} == ({"the_views"} if missing == "pine-crane" else set())


def test_godori_stays_optional():
    """min-hwatu.md 10.2, "Resolved (2026-12): best reading": Godori (warbler, cuckoo, geese)
    50 is an optional yaku, outside the standard chart."""
    birds = ["plum-warbler", "wisteria-cuckoo", "pampas-geese"]
    assert tally.evaluate(G, birds).yaku == ()
    assert [(y.id, y.points) for y in tally.evaluate(G, birds, options=OPT).yaku] == [
        ("godori", 50)]


def test_only_one_yaku_is_what_opponents_pay():
    """min-hwatu.md 8 only_one_yaku: C (poetry 30 + all four rain 20) scores only 30, and that
    is what A and B pay: C = 70 + 2 x 30 - 30 - 20, A = 80 + 2 x 30 - 20 - 30,
    B = 90 + 2 x 20 - 30 - 30."""
    r = tally.score_round(G, ex2(), options={"only_one_yaku": True})
    assert [y.id for y in r.player("C").yaku] == ["poetry_ribbons"]
    assert points(r) == {"A": 80 + 2 * 30 - 20 - 30, "B": 90 + 2 * 20 - 30 - 30,
                         "C": 70 + 2 * 30 - 30 - 20}


def test_godori_and_bdb_stack():
    """Section 4: the optional "other" group is each (50 + 50)."""
    cards = ["plum-warbler", "wisteria-cuckoo", "pampas-geese", "clover-boar", "maple-deer",
             "peony-butterflies"]
    ev = tally.evaluate(G, cards, options=OPT)
    assert {(y.id, y.points) for y in ev.yaku} == {("godori", 50),
                                                   ("boar_deer_butterfly", 50)}


def test_options_exclusive():
    with pytest.raises(TallyError, match="cannot both be on"):
        tally.evaluate(G, [], options={"count_all_yaku": True, "only_one_yaku": True})


def test_tie_dealer_tie_breaker():
    """Section 8 dealer_tie_breaker: a tie that involves the dealer goes to the dealer.
    A holds the months pine..peony: 110 card points, poetry 30 + all four iris 20 = 50;
    B the rest: 130, all four maple 20 + all four rain 20 = 40 (section 2 and 4 values).
    A = 110 + 50 - 40 = 120 = B = 130 + 40 - 50."""
    a = [s for s in DECK if s.startswith(("pine", "plum", "cherry", "wisteria", "iris",
                                          "peony"))]
    b = [s for s in DECK if s not in a]
    base = {"players": ["A", "B"], "dealer": "B", "captures": {"A": a, "B": b}}
    r = tally.score_round(G, base)
    assert points(r) == {"A": 120, "B": 120}
    # capture-basics 10.1: no win credited, the dealer keeps the deal
    assert r.winner is None and r.next_dealer == "B"
    r = tally.score_round(G, base, options={"dealer_tie_breaker": True})
    assert r.winner == "B" == r.next_dealer


# ---- misdeals and errors ------------------------------------------------------------------

def test_misdeal_voids_the_round():
    r = tally.score_round(G, ex1(events=[{"type": "misdeal", "reason": "hand_four_pairs",
                                          "player": "B"}]))
    assert r.winner is None and r.next_dealer == "A"
    assert all(p.points == 0 for p in r.players)


def test_field_four_is_no_misdeal_under_the_variation():
    ev = [{"type": "misdeal", "reason": "field_four"}]
    with pytest.raises(TallyError, match="is not a misdeal here, under the house rule"):
        tally.score_round(G, ex1(events=ev), options={"four_of_a_kind_not_misdeal": True})


def test_errors_name_the_culprit():
    with pytest.raises(TallyError, match="'Joker A' is not in the Min-Hwatu deck"):
        tally.evaluate(G, ["joker-a"])
    with pytest.raises(TallyError, match=r"nobody's captures \(Pine with crane\)") as e:
        tally.score_round(G, {"players": ["A", "B"], "captures": {"A": A1, "B": B1[1:]}})
    assert "not 240" in str(e.value) and e.value.card == "pine-crane"
    with pytest.raises(TallyError, match="'Pine poetry ribbon' is in both"):
        tally.score_round(G, {"players": ["A", "B"],
                              "captures": {"A": A1, "B": B1 + ["pine-poetry"]}})
    with pytest.raises(TallyError, match="hand has 9 cards, not the 10 dealt"):
        tally.score_round(G, ex1(hands={"A": A1[:9]}))
    with pytest.raises(TallyError, match="has no house rule called 'optional'"):
        tally.evaluate(G, [], options={"optional": True})


def test_registry():
    g = GAMES[G]
    assert [p.id for p in g.presets] == ["book"]
    ids = {o.id for o in g.options}
    assert {"optional_yaku", "four_of_a_kind_not_misdeal", "winner_takes_all",
            "count_all_yaku", "only_one_yaku", "dealer_tie_breaker", "counting_rounds",
            "first_dealer_tie_breaker"} <= ids
    assert len(g.yaku) == 12


# ---- properties -----------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), n=st.sampled_from([2, 3]),
       opts=st.sampled_from([{}, OPT, {**OPT, "count_all_yaku": True},
                             {**OPT, "only_one_yaku": True}]))
def test_random_rounds_sum_to_240(seed, n, opts):
    """Section 5.4: yaku transfers net to zero, so the scores add up to the card total 240;
    input order never changes the result; money-layer payments are zero-sum."""
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    names = ["A", "B", "C"][:n]
    caps = {p: deck[i::n] for i, p in enumerate(names)}
    o = {**opts, "settle_per_point": 1}
    r = tally.score_round(G, {"players": names, "captures": caps}, options=o)
    assert sum(p.points for p in r.players) == 240
    assert sum(r.net().values()) == 0
    r2 = tally.score_round(G, {"players": names,
                               "captures": {p: v[::-1] for p, v in caps.items()}}, options=o)
    assert [p.points for p in r2.players] == [p.points for p in r.players]
