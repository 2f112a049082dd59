"""Sutda (Simplified) against shared/rules/sutda-simplified.md (seed 002, ch. 28, lines
6079-6173; Quick Reference lines 10145-10185)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally import GAMES, TallyError, evaluate, get_game, score_round
from tally.cards import CardSet

G = "sutda-simplified"


def rnd(hands, dealer=None, **kw):
    d = {"players": list(hands), "hands": hands, **kw}
    if dealer:
        d["dealer"] = dealer
    return d


def pts(result):
    return {p.player: p.points for p in result.players}


# ---------------------------------------------------------------- §4 table, row by row

def _table_rows(shared):
    text = (shared / "rules" / f"{G}.md").read_text()
    section = text.split("## 4.")[1].split("## 5.")[0]
    return re.findall(r"^\| (\d+) \| `([a-z_0-9]+)` \| `([a-z-0-9]+)` \+ `([a-z-0-9]+)`"
                      r"[^|]*\| (\d+) \|", section, re.M)


def test_every_exact_card_combo_of_the_digest_table(shared):
    """§4: each row naming two exact cards is that combo with that rank and points."""
    rows = _table_rows(shared)
    assert len(rows) == 17  # the digest's table names both cards in all 17 rows
    for rank, cid, a, b, points in rows:
        ev = evaluate(G, [a, b])
        assert ev.yaku[0].id == cid
        assert ev.details["rank"] == int(rank)
        assert ev.points == int(points)
        assert evaluate(G, [b, a]) == ev  # the order of the two cards does not matter


def test_deck_is_the_20_cards_of_section_1(shared):
    text = (shared / "rules" / f"{G}.md").read_text()
    deck_row = next(line for line in text.splitlines() if line.startswith("| deck |"))
    slugs = set(re.findall(r"`([a-z]+-[a-z0-9-]+)`", deck_row))
    assert len(slugs) == 20
    assert set(CardSet(get_game(G).deck).slugs) == slugs


# ---------------------------------------------------------------- §9 worked examples

def test_e1_hand_value_june_july_is_3():
    """§9 E1 (book p. 144, seed line 6115): June (6) + July (7) -> 13 -> hand value 3."""
    ev = evaluate(G, ["peony-chaff-2", "clover-boar"])
    assert ev.yaku[0].id == "hand_value"
    assert ev.details["hand_value"] == 3
    assert ev.details["rank"] is None


def test_e2_combo_beats_hand_value():
    """§9 E2 (derived from fig. 28.1)."""
    r = score_round(G, rnd({"A": ["cherry-curtain", "pampas-moon"],
                            "B": ["maple-deer", "maple-chaff-2"],
                            "C": ["iris-bridge", "chrysanthemum-chaff-2"]}, "B"))
    assert r.winner == "A"
    assert r.player("A").yaku[0].id == "curtain_moon"
    assert pts(r) == {"A": 10, "B": 0, "C": 0}
    assert r.next_dealer == "A"  # §5.6: the winner deals next
    assert r.payments == ()  # no chips in the book


def test_e3_lowest_combo_beats_the_best_hand_value():
    """§9 E3: rank 17 beats hand value 9; A scores 1."""
    r = score_round(G, rnd({"A": ["peony-butterflies", "wisteria-chaff-2"],
                            "B": ["pine-crane", "pampas-moon"]}))
    assert r.player("A").yaku[0].id == "butterfly_apr_chaff"
    assert r.player("A").extra["rank"] == 17
    assert r.player("B").yaku[0].id == "hand_value"
    assert r.player("B").extra["hand_value"] == 9
    assert r.winner == "A"
    assert pts(r) == {"A": 1, "B": 0}


def test_e4_hand_values_only():
    """§9 E4: 2 + 7 = 9 beats 10 + 3 -> 3 and 4 + 6 -> 0; the winner scores 1."""
    r = score_round(G, rnd({"A": ["plum-warbler", "clover-chaff-2"],
                            "B": ["maple-chaff-2", "cherry-chaff-2"],
                            "C": ["wisteria-cuckoo", "peony-chaff-2"]}))
    assert [r.player(p).extra["hand_value"] for p in "ABC"] == [9, 3, 0]
    assert r.player("C").yaku[0].id == "hand_value"  # no combo: 12-17 need exact cards
    assert r.winner == "A"
    assert pts(r) == {"A": 1, "B": 0, "C": 0}


def test_e5_reversed_special_is_not_a_combo():
    """§9 E5: plum-warbler + pine-chaff-2 is hand value 3; pine-crane + plum-chaff-2 is
    crane_feb_chaff (rank 12, 1 point)."""
    ev = evaluate(G, ["plum-warbler", "pine-chaff-2"])
    assert (ev.yaku[0].id, ev.details["hand_value"]) == ("hand_value", 3)
    ev = evaluate(G, ["pine-crane", "plum-chaff-2"])
    assert (ev.yaku[0].id, ev.details["rank"], ev.points) == ("crane_feb_chaff", 12, 1)


def test_crane_with_august_chaff_is_rank_16_not_1_9():
    """§10.2: the book's 1 + 8 is the combo; 1 + 9 (traditional gu-ping) is a hand value."""
    assert evaluate(G, ["pine-crane", "pampas-chaff-2"]).yaku[0].id == "crane_aug_chaff"
    ev = evaluate(G, ["pine-crane", "chrysanthemum-chaff-2"])
    assert (ev.yaku[0].id, ev.details["hand_value"]) == ("hand_value", 0)


def test_pairs_rank_2_to_11_october_5_others_3():
    """§4 ranks 2-11: October pair 5 points, September ... January 3 each."""
    flowers = ["pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "pampas",
               "chrysanthemum", "maple"]
    firsts = ["crane", "warbler", "curtain", "cuckoo", "bridge", "butterflies", "boar", "moon",
              "sake", "deer"]
    for month, (f, first) in enumerate(zip(flowers, firsts), 1):
        ev = evaluate(G, [f"{f}-{first}", f"{f}-chaff-2"])
        assert ev.yaku[0].id == f"pair_{month}"
        assert ev.details["rank"] == 12 - month
        assert ev.points == (5 if month == 10 else 3)


# ---------------------------------------------------------------- §10.1 ties, both readings

TIE = {"A": ["plum-warbler", "clover-chaff-2"], "B": ["cherry-curtain", "peony-chaff-2"],
       "C": ["pine-crane", "maple-chaff-2"]}  # 2+7 = 9, 3+6 = 9, 1+10 = 1


def test_tie_draw_default_nobody_scores_dealer_stays():
    r = score_round(G, rnd(TIE, "C"))
    assert pts(r) == {"A": 0, "B": 0, "C": 0}
    assert r.winner is None and r.next_dealer == "C"
    assert {p.role for p in r.players} == {"draw"}


def test_tie_all_score_each_tied_player_scores():
    r = score_round(G, rnd(TIE, "C"), options={"tie_draw": False, "tie_all_score": True})
    assert pts(r) == {"A": 1, "B": 1, "C": 0}
    assert r.winner is None and r.next_dealer == "C"


def test_stake_per_point_losers_pay_the_winner():
    """§6: optional money, a stake per point."""
    r = score_round(G, rnd({"A": ["maple-deer", "maple-chaff-2"],
                            "B": ["pine-crane", "plum-chaff-2"],
                            "C": ["iris-bridge", "clover-boar"]}),
                    options={"stake_per_point": 2})
    assert r.net() == {"A": 20, "B": -10, "C": -10}


# ---------------------------------------------------------------- registry, options, errors

def test_game_serves_options_presets_and_deck():
    g = GAMES[G]
    d = g.to_dict()
    assert {o["id"] for o in d["options"]} >= {"tie_draw", "tie_all_score"}
    assert [p["id"] for p in d["presets"]] == ["book"] and d["default_preset"] == "book"
    assert len(d["deck"]) == 20
    ids = [y["id"] for y in d["combinations"]]
    assert ids[:2] == ["curtain_moon", "pair_10"] and "hand_value" in ids and len(ids) == 18
    assert score_round(G, g.round_example).winner == "Ana"


@pytest.mark.parametrize("bad, needle, culprit", [
    ({"A": ["pine-crane", "nope"], "B": ["plum-warbler", "iris-bridge"]}, "unknown card 'nope'",
     "nope"),
    ({"A": ["pine-crane", "pine-poetry"], "B": ["plum-warbler", "iris-bridge"]},
     "'Pine poetry ribbon' is not in the Sutda .Simplified. deck", "pine-poetry"),
    ({"A": ["pine-crane", "iris-bridge"], "B": ["plum-warbler", "iris-bridge"]},
     "'Iris with bridge' is in both the hand of 'A'", "iris-bridge"),
    ({"A": ["pine-crane", "pine-crane"], "B": ["plum-warbler", "iris-bridge"]}, "listed twice",
     "pine-crane"),
])
def test_bad_cards_are_named(bad, needle, culprit):
    with pytest.raises(TallyError, match=needle) as e:
        score_round(G, rnd(bad))
    assert e.value.card == culprit


def test_wrong_hand_sizes_and_missing_hands():
    with pytest.raises(TallyError, match="'A'.*3 cards") as e:
        score_round(G, rnd({"A": ["pine-crane", "plum-warbler", "iris-bridge"],
                            "B": ["maple-deer", "maple-chaff-2"]}))
    assert e.value.player == "A"
    with pytest.raises(TallyError, match="'B' has no hand"):
        score_round(G, {"players": ["A", "B"], "hands": {"A": ["pine-crane", "plum-warbler"]}})
    with pytest.raises(TallyError, match="'Z', who is not one of the players"):
        score_round(G, {"players": ["A", "B"], "hands": {
            "A": ["pine-crane", "plum-warbler"], "B": ["maple-deer", "maple-chaff-2"],
            "Z": ["iris-bridge", "clover-boar"]}})
    with pytest.raises(TallyError, match="exactly two cards"):
        evaluate(G, ["pine-crane"])
    with pytest.raises(TallyError, match="2-10 players"):
        score_round(G, rnd({"A": ["pine-crane", "plum-warbler"]}))
    with pytest.raises(TallyError, match="the dealer: 'Q'"):
        score_round(G, rnd(TIE, "Q"))
    with pytest.raises(TallyError, match="records no events"):
        score_round(G, rnd(TIE, events=[{"type": "go", "player": "A"}]))


def test_tie_rule_must_be_exactly_one():
    with pytest.raises(TallyError, match="exactly one of these house rules must be on") as e:
        score_round(G, rnd(TIE), options={"tie_draw": False})
    assert e.value.option == "tie_draw"
    with pytest.raises(TallyError, match="cannot both be on"):
        score_round(G, rnd(TIE), options={"tie_all_score": True})


# ---------------------------------------------------------------- properties

DECK = CardSet(get_game(G).deck).slugs


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 10).flatmap(lambda n: st.tuples(
    st.just(n), st.permutations(DECK), st.randoms(use_true_random=False))),
    st.sampled_from([{}, {"stake_per_point": 3},
                     {"tie_draw": False, "tie_all_score": True, "stake_per_point": 1}]))
def test_random_deals_zero_sum_and_order_free(deal, options):
    n, cards, rng = deal
    names = [f"P{i}" for i in range(n)]
    hands = {p: cards[2 * i:2 * i + 2] for i, p in enumerate(names)}
    r = score_round(G, rnd(hands, names[0]), options=options)
    assert sum(r.net().values()) == 0
    winners = [p for p in r.players if p.points]
    # Only the winner(s) score, and each scores its hand's points (combo points or 1).
    assert all(p.points == p.yaku[0].points for p in winners)
    if winners:
        best = max(evaluate(G, h).details["strength"] for h in hands.values())
        assert all(evaluate(G, hands[p.player]).details["strength"] == best for p in winners)
    flipped = {p: list(reversed(h)) for p, h in reversed(list(hands.items()))}
    r2 = score_round(G, {"players": names, "dealer": names[0], "hands": flipped},
                     options=options)
    assert r2.to_dict() == r.to_dict()
