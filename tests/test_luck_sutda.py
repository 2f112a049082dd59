"""Sutda against shared/rules/sutda.md (seed 002, ch. 34, lines 6929-7021; Quick Reference
lines 10275-10321)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally import GAMES, TallyError, evaluate, get_game, score_round
from tally.cards import CardSet

G = "sutda"
MONTH_ONLY = {"month_only_specials": True}


def rnd(hands, dealer=None, **kw):
    d = {"players": list(hands), "hands": hands, **kw}
    if dealer:
        d["dealer"] = dealer
    return d


def pts(result):
    return {p.player: p.points for p in result.players}


def test_exact_card_rows_of_the_digest_table(shared):
    """§4: the rows naming exact cards (rank 1, ranks 12-17) with their ranks and points."""
    text = (shared / "rules" / f"{G}.md").read_text()
    section = text.split("## 4.")[1].split("## 5.")[0]
    rows = re.findall(r"^\| (\d+) \| `([a-z_0-9]+)` \| `([a-z-0-9]+)` \+ `([a-z-0-9]+)`"
                      r"[^|]*\| (\d+) \|", section, re.M)
    assert [int(r[0]) for r in rows] == [1, 12, 13, 14, 15, 16, 17]
    for rank, cid, a, b, points in rows:
        ev = evaluate(G, [b, a])
        assert (ev.yaku[0].id, ev.details["rank"], ev.points) == (cid, int(rank), int(points))


def test_deck_is_the_recommended_20_cards(shared):
    text = (shared / "rules" / f"{G}.md").read_text()
    deck_row = next(line for line in text.splitlines() if line.startswith("| deck |"))
    slugs = set(re.findall(r"`([a-z]+-[a-z0-9-]+)`", deck_row))
    assert len(slugs) == 20 and set(CardSet(get_game(G).deck).slugs) == slugs


@pytest.mark.parametrize("cards, cid, rank, points", [
    # §4 ranks 2-11: both cards of a month; October 5, the others 3.
    (["maple-chaff-1", "maple-chaff-2"], "pair_10", 2, 5),
    (["chrysanthemum-chaff-1", "chrysanthemum-chaff-2"], "pair_9", 3, 3),
    (["pampas-moon", "pampas-chaff-2"], "pair_8", 4, 3),
    (["clover-chaff-1", "clover-chaff-2"], "pair_7", 5, 3),
    (["peony-chaff-1", "peony-chaff-2"], "pair_6", 6, 3),
    (["iris-chaff-1", "iris-chaff-2"], "pair_5", 7, 3),
    (["wisteria-chaff-1", "wisteria-chaff-2"], "pair_4", 8, 3),
    (["cherry-curtain", "cherry-chaff-2"], "pair_3", 9, 3),
    (["plum-chaff-1", "plum-chaff-2"], "pair_2", 10, 3),
    (["pine-chaff-1", "pine-chaff-2"], "pair_1", 11, 3),
])
def test_month_pairs(cards, cid, rank, points):
    ev = evaluate(G, cards)
    assert (ev.yaku[0].id, ev.details["rank"], ev.points) == (cid, rank, points)


def test_e1_hand_value():
    """§9 E1 (book p. 167, seed line 6961): June (6) + July (7) -> 3."""
    ev = evaluate(G, ["peony-chaff-1", "clover-chaff-2"])
    assert (ev.yaku[0].id, ev.details["hand_value"]) == ("hand_value", 3)


def test_e2_fig_34_1():
    """§9 E2 (derived from fig. 34.1)."""
    r = score_round(G, rnd({"A": ["maple-chaff-1", "maple-chaff-2"],
                            "B": ["pine-chaff-1", "plum-chaff-2"],
                            "C": ["cherry-curtain", "iris-chaff-1"]}, "C"))
    assert r.player("A").yaku[0].id == "pair_10"
    assert r.player("B").yaku[0].id == "jan3_feb4"
    assert (r.player("C").yaku[0].id, r.player("C").extra["hand_value"]) == ("hand_value", 8)
    assert r.winner == "A" and pts(r) == {"A": 5, "B": 0, "C": 0}
    assert r.next_dealer == "A"  # §5.5


def test_e3_swapped_chaffs():
    """§9 E3: pine-chaff-2 + plum-chaff-1 is hand value 3; pine-chaff-1 + pampas-chaff-2 is
    jan3_aug4 for 1 point."""
    ev = evaluate(G, ["pine-chaff-2", "plum-chaff-1"])
    assert (ev.yaku[0].id, ev.details["hand_value"]) == ("hand_value", 3)
    ev = evaluate(G, ["pine-chaff-1", "pampas-chaff-2"])
    assert (ev.yaku[0].id, ev.points) == ("jan3_aug4", 1)


def test_e4_one_point_combo_beats_a_nine():
    """§9 E4: jun3_apr4 beats 7 + 2 = 9; A wins 1 point."""
    r = score_round(G, rnd({"A": ["peony-chaff-1", "wisteria-chaff-2"],
                            "B": ["clover-chaff-1", "plum-chaff-2"]}))
    assert r.player("A").yaku[0].id == "jun3_apr4"
    assert r.player("B").extra["hand_value"] == 9
    assert r.winner == "A" and pts(r) == {"A": 1, "B": 0}


def test_ten_four_ranks_above_ten_one():
    """§10.4: the book puts 10-4 (rank 14) above 10-1 (rank 15)."""
    a = evaluate(G, ["maple-chaff-1", "wisteria-chaff-2"])
    b = evaluate(G, ["maple-chaff-1", "pine-chaff-2"])
    assert (a.details["rank"], b.details["rank"]) == (14, 15)
    assert a.details["strength"] > b.details["strength"]


def test_month_only_specials_both_readings():
    """§8 / §10.2: with month_only_specials the swapped chaffs are a combo too, and two
    players can then hold the same rank (a tie, drawn under tie_draw)."""
    assert evaluate(G, ["pine-chaff-2", "plum-chaff-1"], options=MONTH_ONLY).yaku[0].id == \
        "jan3_feb4"
    hands = {"A": ["pine-chaff-1", "plum-chaff-2"], "B": ["pine-chaff-2", "plum-chaff-1"]}
    r = score_round(G, rnd(hands, "B"))
    assert r.winner == "A" and pts(r) == {"A": 1, "B": 0}
    r = score_round(G, rnd(hands, "B"), options=MONTH_ONLY)
    assert r.winner is None and pts(r) == {"A": 0, "B": 0} and r.next_dealer == "B"
    r = score_round(G, rnd(hands, "B"), options={**MONTH_ONLY, "tie_draw": False,
                                                  "tie_all_score": True})
    assert pts(r) == {"A": 1, "B": 1}


def test_ties_both_readings():
    """§10.3: equal best hand values: a draw (default) or each tied player scores."""
    hands = {"A": ["plum-chaff-1", "clover-chaff-1"], "B": ["cherry-chaff-2", "peony-chaff-1"],
             "C": ["pine-chaff-2", "iris-chaff-1"]}  # 9, 9, 6
    assert pts(score_round(G, rnd(hands))) == {"A": 0, "B": 0, "C": 0}
    r = score_round(G, rnd(hands), options={"tie_draw": False, "tie_all_score": True})
    assert pts(r) == {"A": 1, "B": 1, "C": 0}


def test_registry_and_example():
    d = GAMES[G].to_dict()
    assert {o["id"] for o in d["options"]} >= {"tie_draw", "tie_all_score",
                                               "month_only_specials"}
    assert d["default_preset"] == "book" and len(d["deck"]) == 20
    assert score_round(G, GAMES[G].round_example).winner == "Ana"


@pytest.mark.parametrize("hand, needle, card", [
    (["pine-crane", "plum-chaff-2"], "'Pine with crane' is not in the Sutda deck", "pine-crane"),
    (["cherry-chaff-1", "plum-chaff-2"], "'Cherry blossom chaff 1' is not in the Sutda deck",
     "cherry-chaff-1"),
    (["pine-chaff-1", "maple-chaff-2"], "'Pine chaff 1' is in both", "pine-chaff-1"),
])
def test_bad_cards(hand, needle, card):
    with pytest.raises(TallyError, match=needle) as e:
        score_round(G, rnd({"A": ["pine-chaff-1", "iris-chaff-1"], "B": hand}))
    assert e.value.card == card


DECK = CardSet(get_game(G).deck).slugs


@settings(max_examples=120, deadline=None)
@given(st.integers(2, 10), st.permutations(DECK), st.booleans())
def test_random_deals(n, cards, month_only):
    names = [f"P{i}" for i in range(n)]
    hands = {p: cards[2 * i:2 * i + 2] for i, p in enumerate(names)}
    opts = {"month_only_specials": month_only, "stake_per_point": 1}
    r = score_round(G, rnd(hands, names[-1]), options=opts)
    assert sum(r.net().values()) == 0
    assert sum(1 for p in r.players if p.points) <= 1  # tie_draw: at most one scorer
    assert r.next_dealer == (r.winner or names[-1])
    shuffled = {p: hands[p][::-1] for p in reversed(names)}
    assert score_round(G, {"players": names, "dealer": names[-1], "hands": shuffled},
                       options=opts).to_dict() == r.to_dict()
