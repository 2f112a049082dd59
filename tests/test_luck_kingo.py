"""Kingo against shared/rules/kingo.md (seed 002, ch. 32, lines 6625-6783)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally import GAMES, TallyError, evaluate, get_game, score_round
from tally.cards import CARD, CardSet
from test_luck_helpers import Dealer

G = "kingo"
DECK = get_game(G).deck


def table(hands, dealer=None, set_bet=10, **kw):
    deal = Dealer(DECK)
    names = list(hands)
    return {"players": names, "dealer": dealer or names[0], "set_bet": set_bet,
            "hands": {p: deal(*ms) for p, ms in hands.items()}, **kw}


def bets(r):
    return {p.player: p.extra["bet"] for p in r.players}


def test_e1_book_scoring_example():
    """§9 E1 (book pp. 161-162; figs. 32.5/32.6, seed lines 6699-6779): S = 10; A 15 (three
    Mays), B 16, C 18, D 14. Over-15: B, C 10 -> 20; triple fives: B, C 20 -> 60, D 10 -> 30.
    Bets 10, 60, 60, 30; pot 160; A wins; net A +150, B -60, C -60, D -30."""
    r = score_round(G, table({"A": (5, 5, 5), "B": (10, 6), "C": (10, 8), "D": (10, 4)}))
    assert {p.player: p.extra["total"] for p in r.players} == \
        {"A": 15, "B": 16, "C": 18, "D": 14}
    assert [s.total for s in r.player("B").steps] == [-10, -20, -60]
    assert [s.total for s in r.player("D").steps] == [-10, -30]
    assert bets(r) == {"A": 10, "B": 60, "C": 60, "D": 30}
    assert r.notes[0].startswith("pot 160")
    assert r.winner == "A"
    assert r.net() == {"A": 150, "B": -60, "C": -60, "D": -30}
    assert score_round(G, GAMES[G].round_example).net() == \
        {"Ana": 150, "Bo": -60, "Cy": -60, "Di": -30}


def test_e2_four_five_six():
    """§9 E2: S = 5; A [4, 5, 6], B 13, C 17 -> C 5 -> 10, then others x 2: B 10, C 20; pot
    35; A +30, B -10, C -20."""
    r = score_round(G, table({"A": (4, 5, 6), "B": (10, 3), "C": (10, 7)}, set_bet=5))
    assert bets(r) == {"A": 5, "B": 10, "C": 20}
    assert r.net() == {"A": 30, "B": -10, "C": -20}


def test_e3_ordinary_win_and_split():
    """§9 E3: S = 10; A 14, B 14, C 12, D 19 -> D 20; pot 50; A and B 25 each (+15), C -10,
    D -20."""
    r = score_round(G, table({"A": (10, 4), "B": (9, 5), "C": (6, 6), "D": (10, 9)}))
    assert bets(r) == {"A": 10, "B": 10, "C": 10, "D": 20}
    assert r.net() == {"A": 15, "B": 15, "C": -10, "D": -20}
    assert r.winner is None and r.next_dealer == "A"  # the dealer is among the tied


def test_e4_all_over_carry_and_refund():
    """§9 E4 / §10.1: everyone >= 16 -> draw; bets doubled; the pot carries over (default) or
    the bets are returned (all_over_refund)."""
    rnd = table({"A": (10, 9), "B": (10, 8), "C": (10, 7)}, dealer="B")
    r = score_round(G, rnd)
    assert r.net() == {"A": 0, "B": 0, "C": 0} and r.payments == ()
    assert r.carry == {"pot": {"A": 20, "B": 20, "C": 20}}
    assert r.winner is None and r.next_dealer == "B"
    assert {p.role for p in r.players} == {"draw"}
    r2 = score_round(G, rnd, options={"all_over_carry": False, "all_over_refund": True})
    assert r2.net() == {"A": 0, "B": 0, "C": 0} and r2.carry == {}
    # The carried pot goes to the next round's winner: E3-like round, A wins alone.
    nxt = score_round(G, table({"A": (10, 5), "B": (9, 5), "C": (6, 6)}, carry=r.carry))
    assert nxt.net() == {"A": 20 + 40, "B": -30, "C": -30}


def test_e5_all_tied_dealer_takes_the_pot():
    """§9 E5: A 13, B 13, C 13 (all the players) -> the dealer takes the pot."""
    r = score_round(G, table({"A": (10, 3), "B": (9, 4), "C": (7, 6)}, dealer="C"))
    assert r.net() == {"A": -10, "B": -10, "C": 20}
    assert r.winner == "C" and r.next_dealer == "C"


def test_players_over_are_left_out_of_the_all_tie():
    """§10.5: "all players tie" only when nobody is over: A 13, B 13, C over -> A and B
    split (S = 10: pot 10 + 10 + 20 = 40, 20 each)."""
    r = score_round(G, table({"A": (10, 3), "B": (9, 4), "C": (10, 7)}, dealer="C"))
    assert r.net() == {"A": 10, "B": 10, "C": -20}


def test_triple_fives_beats_four_five_six():
    """§4: Triple Fives beats Four Five Six (seed line 6707): the 4-5-6 holder's bet is
    tripled like everyone else's."""
    r = score_round(G, table({"A": (5, 5, 5), "B": (4, 5, 6), "C": (10, 2)}))
    assert bets(r) == {"A": 10, "B": 30, "C": 30}
    assert r.winner == "A" and r.net() == {"A": 60, "B": -30, "C": -30}


def test_two_four_five_six_hands_split():
    """§10.3: the holders split the pot; the others' bets are doubled once."""
    r = score_round(G, table({"A": (4, 5, 6), "B": (6, 5, 4), "C": (10, 2)}))
    assert bets(r) == {"A": 10, "B": 10, "C": 20}
    assert r.net() == {"A": 10, "B": 10, "C": -20}


def test_exactly_those_cards():
    """§10.4: a fourth card breaks the special (and is over anyway); 15 from other cards is
    a plain 15."""
    assert [y.id for y in evaluate(G, ["iris-bridge", "iris-ribbon", "iris-chaff-1"]).yaku] \
        == ["total_15", "triple_fives"]
    ev = evaluate(G, ["iris-bridge", "iris-ribbon", "iris-chaff-1", "pine-crane"])
    assert [y.id for y in ev.yaku] == ["over"] and ev.points == 16
    assert [y.id for y in evaluate(G, ["maple-deer", "iris-bridge"]).yaku] == ["total_15"]


def test_odd_chips_readings():
    """§10.6: whole chips, the odd chip(s) carry over; or the other odd-chip readings."""
    rnd = table({"A": (10, 4), "B": (9, 5), "C": (8, 6), "D": (10, 8)}, set_bet=5, dealer="D")
    r = score_round(G, rnd)  # pot 5+5+5+10 = 25, three ways: 8 each, 1 left
    assert sum(r.carry["pot"].values()) == 1 and sum(r.net().values()) == 0
    r = score_round(G, rnd, options={"odd_chips": "nearest_dealer_right"})
    assert r.net() == {"A": 4, "B": 3, "C": 3, "D": -10}


def test_errors():
    with pytest.raises(TallyError, match="'A' drew again at 16"):
        score_round(G, table({"A": (10, 6, 1), "B": (10, 2)}))
    with pytest.raises(TallyError, match="the set bet must be agreed") as e:
        score_round(G, {**table({"A": (10, 4), "B": (10, 2)}), "set_bet": None})
    assert e.value.option == "set_bet"
    assert score_round(G, {**table({"A": (10, 4), "B": (10, 2)}), "set_bet": None},
                       options={"set_bet": 10}).net() == {"A": 10, "B": -10}
    with pytest.raises(TallyError, match="has 1 card"):
        score_round(G, {**table({"A": (10,), "B": (10, 2)})})
    with pytest.raises(TallyError, match="'Willow with swallow' is not in the Kingo deck"):
        score_round(G, {**table({"A": (10, 4), "B": (10, 2)}),
                        "hands": {"A": ["willow-swallow", "pine-crane"],
                                  "B": ["maple-deer", "plum-warbler"]}})
    with pytest.raises(TallyError, match='exactly one of these house rules must be on'):
        score_round(G, table({"A": (10, 4), "B": (10, 2)}), options={"all_over_carry": False})


SLUGS = CardSet(DECK).slugs


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 8), st.permutations(SLUGS), st.randoms(use_true_random=False),
       st.sampled_from(["carry", "nearest_dealer_right", "exact"]), st.booleans())
def test_random_rounds(n, cards, rng, odd, refund):
    names = [f"P{i}" for i in range(n)]
    hands, i = {}, 0
    for p in names:
        hand = [cards[i], cards[i + 1]]
        i += 2
        while sum(CARD[s].month_jp for s in hand) <= 15 and rng.random() < 0.6:
            hand.append(cards[i])
            i += 1
        hands[p] = hand
    opts = {"odd_chips": odd, "all_over_carry": not refund, "all_over_refund": refund}
    rnd = {"players": names, "dealer": names[-1], "set_bet": 4, "hands": hands}
    r = score_round(G, rnd, options=opts)
    assert abs(sum(r.net().values())) < 1e-9
    for p in r.players:  # a player who is over never wins anything
        if p.extra["over"]:
            assert p.points <= 0
    rnd2 = {**rnd, "hands": dict(reversed(list(hands.items())))}
    assert score_round(G, rnd2, options=opts).to_dict() == r.to_dict()
