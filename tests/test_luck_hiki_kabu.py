"""Hiki-Kabu against shared/rules/hiki-kabu.md (seed 002, ch. 29, lines 6179-6249)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally import GAMES, TallyError, evaluate, get_game, score_round
from tally.cards import CARD, CardSet
from test_luck_helpers import Dealer

G = "hiki-kabu"
DECK = get_game(G).deck


def table(hands, dealer, **kw):
    """A round from month numbers in the order dealt (first = the face-up card)."""
    deal = Dealer(DECK)
    return {"players": list(hands), "dealer": dealer,
            "hands": {p: deal(*ms) for p, ms in hands.items()}, **kw}


def run(hands, dealer, options=None, **kw):
    return score_round(G, table(hands, dealer, **kw), options=options)


# ---------------------------------------------------------------- §9 worked examples

@pytest.mark.parametrize("dealer", ["A", "B", "C"])
def test_e1_book_gameplay_example(dealer):
    """§9 E1 (book pp. 147-148, seed lines 6245-6249), with the printed values ("March (2)"
    counts 2, §10.1). Stakes 1, 10, 8; pot 19; totals 9, 8, 0; A takes the pot. The example
    names no dealer and no dealer rule fires, so any dealer gives the same result."""
    r = run({"A": (1, 2, 6), "B": (10, 8), "C": (8, 7, 5)}, dealer)
    assert {p.player: p.extra["total"] for p in r.players} == {"A": 9, "B": 8, "C": 0}
    assert {p.player: p.extra["bet"] for p in r.players} == {"A": 1, "B": 10, "C": 8}
    assert r.notes[0].startswith("pot 19")
    assert r.winner == "A"
    assert r.net() == {"A": 18, "B": -10, "C": -8}
    assert r.next_dealer == "A"  # §6: the round winner deals next


def test_round_example_is_e1():
    assert score_round(G, GAMES[G].round_example).net() == {"Ana": 18, "Bo": -10, "Cy": -8}


def test_e2_rule_examples():
    """§9 E2 (p. 147, seed line 6227): [6, 8] -> 4; [3, 7] -> 0."""
    assert evaluate(G, ["peony-butterflies", "pampas-moon"]).points == 4
    assert evaluate(G, ["cherry-curtain", "clover-boar"]).points == 0


def test_e3_triple_pot():
    """§9 E3: A [3, 3, 3] counts 9; stakes become 9, 27, 6; pot 42; A +33, B -27, C -6."""
    r = run({"A": (3, 3, 3), "B": (9, 9), "C": (2, 5)}, "C")
    assert r.player("A").extra["total"] == 9
    assert [y.id for y in r.player("A").yaku] == ["total_9", "triple_pot"]
    assert {p.player: p.extra["bet"] for p in r.players} == {"A": 9, "B": 27, "C": 6}
    assert r.notes[0].startswith("pot 42")
    assert r.net() == {"A": 33, "B": -27, "C": -6}


def test_e4_dealer_nine_one():
    """§9 E4: dealer D [9, 1, 4], stake 9; A [5, 5, 5] triple pot, stake 5. Stakes tripled
    (27, 15; pot 42); D takes the pot: D +15, A -15."""
    r = run({"D": (9, 1, 4), "A": (5, 5, 5)}, "D")
    assert {p.player: p.extra["bet"] for p in r.players} == {"D": 27, "A": 15}
    assert r.net() == {"D": 15, "A": -15}
    assert "dealer_nine_one" in [y.id for y in r.player("D").yaku]
    assert r.winner == "D" and r.next_dealer == "D"


def test_e4_january_then_september_is_no_special():
    """§9 E4: "A dealer holding [1, 9, ...] gets no special" (seed line 6237)."""
    r = run({"D": (1, 9, 4), "A": (5, 5, 5)}, "D")
    assert r.winner == "A"
    assert "dealer_nine_one" not in [y.id for y in r.player("D").yaku]


def test_nine_one_only_for_the_dealer():
    """§4: only the dealer can have dealer_nine_one."""
    r = run({"D": (2, 5), "A": (9, 1, 2)}, "D")
    assert r.winner == "D"  # 7 beats A's 2; A's 9-1 is nothing


def test_e5_split_pot_odd_chip_readings():
    """§9 E5: A 8, B 8, C 5, stakes 3, 6, 2 -> pot 11 split between A and B: 5.5 each
    (odd_chips 'exact'); the default (§10.2) pays whole chips, 5 each, and leaves the odd chip
    in the pot; the option gives it to the tied player nearest the dealer's right."""
    hands = {"A": (3, 5), "B": (6, 2), "C": (2, 3)}
    r = run(hands, "C", {"odd_chips": "exact"})
    assert r.net() == {"A": 2.5, "B": -0.5, "C": -2}
    assert r.winner is None and r.next_dealer == "A"  # nearest the dealer's right
    r = run(hands, "C")
    shares = {p.player: s.value for p in r.players for s in p.steps if s.id == "pot"}
    assert shares == {"A": 5, "B": 5}
    assert sum(r.carry["pot"].values()) == 1
    assert sum(r.net().values()) == 0 and r.net()["A"] == 2
    r = run(hands, "C", {"odd_chips": "nearest_dealer_right"})
    assert r.net() == {"A": 3, "B": -1, "C": -2}


def test_carried_odd_chip_goes_to_the_next_pot():
    """§10.2: the odd chip stays in the pot; the next round's winner collects it."""
    first = run({"A": (3, 5), "B": (6, 2), "C": (2, 3)}, "C")
    (owner, chips), = first.carry["pot"].items()
    nxt = run({"A": (1, 2, 6), "B": (10, 8), "C": (8, 7, 5)}, "A", carry=first.carry)
    # E1's round again: A takes 19 plus the carried chip.
    expect = {"A": 18, "B": -10, "C": -8}
    expect["A"] += chips
    expect[owner] -= chips
    assert nxt.net() == expect and nxt.carry == {}


def test_e5_all_tied_dealer_takes_the_pot():
    """§9 E5: all three 8 -> the dealer takes the pot (stakes 3, 6, 2)."""
    r = run({"A": (3, 5), "B": (6, 2), "C": (2, 6)}, "B")
    assert r.net() == {"A": -3, "B": 5, "C": -2}
    assert r.winner == "B" and r.next_dealer == "B"


def test_triple_pot_ties_a_natural_nine():
    """§10.7: a triple only counts as 9, so it ties another 9 and they share the tripled pot;
    §10.3: two triples still triple the stakes once."""
    r = run({"A": (3, 3, 3), "B": (4, 5), "C": (1, 1, 1), "D": (2, 5)}, "D")
    assert {p.player: p.extra["bet"] for p in r.players} == {"A": 9, "B": 12, "C": 3, "D": 6}
    # A, B and C all count 9 and split the pot of 30: 10 each.
    assert r.net() == {"A": 1, "B": -2, "C": 7, "D": -6}


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize("hands, needle", [
    ({"A": (1, 2), "B": (10, 8)}, "'A' totals 3 on two cards, so a third card must be dealt"),
    ({"A": (1, 2, 6), "B": (10, 8, 1)}, "'B' totals 8 on two cards, so it may not take"),
])
def test_draw_rule_is_enforced(hands, needle):
    with pytest.raises(TallyError, match=needle):
        run(hands, "A")


def test_bad_inputs_are_named():
    base = table({"A": (1, 2, 6), "B": (10, 8)}, "A")
    cases = [
        ({"dealer": None}, "the dealer: None is not one of the players"),
        ({"hands": {"A": ["willow-rainman", "pine-crane"], "B": base["hands"]["B"]}},
         "'Willow with rain man' is not in the Hiki-Kabu deck"),
        ({"hands": {"A": base["hands"]["A"], "B": base["hands"]["A"][:2]}},
         "'Pine with crane' is in both the hand of 'A' and the hand of 'B'"),
        ({"hands": {"A": base["hands"]["A"] + ["maple-blue"], "B": base["hands"]["B"]}},
         "more than one player can hold"),
        ({"carry": {"pot": {"Z": 1}}}, "left in the pot name 'Z'"),
        ({"carry": {"pot": {"A": -1}}}, "the chips A left in the pot in the previous round "
                                        "must be a whole number"),
    ]
    for change, needle in cases:
        with pytest.raises(TallyError, match=needle):
            score_round(G, {**base, **change})


def test_registry():
    d = GAMES[G].to_dict()
    assert {o["id"] for o in d["options"]} == {"odd_chips"}
    assert len(d["deck"]) == 40 and not any(s.startswith(("willow", "paulownia"))
                                            for s in d["deck"])
    assert {"triple_pot", "dealer_nine_one"} <= {y["id"] for y in d["combinations"]}


# ---------------------------------------------------------------- properties

SLUGS = CardSet(DECK).slugs


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 10), st.permutations(SLUGS), st.randoms(use_true_random=False),
       st.sampled_from(["carry", "nearest_dealer_right", "exact"]))
def test_random_rounds_conserve_chips(n, cards, rng, odd):
    names = [f"P{i}" for i in range(n)]
    hands, i = {}, 0
    for p in names:
        t = (CARD[cards[i]].month_jp + CARD[cards[i + 1]].month_jp) % 10
        k = 3 if t <= 3 or (t <= 6 and rng.random() < 0.5) else 2
        hands[p] = cards[i:i + k]
        i += k
    carry = {"pot": {names[-1]: 2}} if rng.random() < 0.3 else {}
    rnd = {"players": names, "dealer": names[0], "hands": hands, "carry": carry}
    r = score_round(G, rnd, options={"odd_chips": odd})
    net = r.net()
    assert abs(sum(net.values())) < 1e-9
    stakes = sum(p.extra["bet"] for p in r.players) + sum(carry.get("pot", {}).values())
    shares = sum(s.value for p in r.players for s in p.steps if s.id == "pot")
    assert abs(stakes - shares - sum(r.carry.get("pot", {}).values())) < 1e-9
    rnd2 = {**rnd, "hands": dict(reversed(list(hands.items())))}
    assert score_round(G, rnd2, options={"odd_chips": odd}).to_dict() == r.to_dict()
