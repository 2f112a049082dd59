"""Sota against shared/rules/sota.md (seed 002, ch. 33, lines 6787-6925; Quick Reference
lines 10189-10271)."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally import GAMES, TallyError, evaluate, get_game, score_round
from tally.cards import CARD, CardSet

G = "sota"


def play(hands, dealer=None, **options):
    rnd = {"players": list(hands), "hands": hands}
    if dealer:
        rnd["dealer"] = dealer
    return score_round(G, rnd, options=options or None)


def pts(r):
    return {p.player: p.points for p in r.players}


def test_deck_is_the_20_cards_of_section_1(shared):
    text = (shared / "rules" / f"{G}.md").read_text()
    row = next(line for line in text.splitlines() if line.startswith("| deck |"))
    slugs = set(re.findall(r"`([a-z]+-[a-z0-9-]+)`", row))
    assert len(slugs) == 20 and set(CardSet(get_game(G).deck).slugs) == slugs


@pytest.mark.parametrize("cards, cid, rank, points", [
    # §4a, every rank as printed.
    (["cherry-curtain", "pampas-moon"], "curtain_moon", 1, 10),
    (["pine-crane", "pampas-moon"], "crane_moon", 2, 8),
    (["pine-crane", "cherry-curtain"], "crane_curtain", 3, 7),
    (["maple-deer", "maple-blue"], "pair_10", 4, 5),
    (["chrysanthemum-sake", "chrysanthemum-blue"], "pair_9", 5, 3),
    (["pampas-moon", "pampas-geese"], "pair_8", 6, 3),
    (["clover-boar", "clover-ribbon"], "pair_7", 7, 3),
    (["peony-butterflies", "peony-blue"], "pair_6", 8, 3),
    (["iris-bridge", "iris-ribbon"], "pair_5", 9, 3),
    (["wisteria-cuckoo", "wisteria-ribbon"], "pair_4", 10, 3),
    (["cherry-curtain", "cherry-poetry"], "pair_3", 11, 3),
    (["plum-warbler", "plum-poetry"], "pair_2", 12, 3),
    (["pine-crane", "pine-poetry"], "pair_1", 13, 3),
    (["pine-poetry", "plum-warbler"], "jan_feb", 14, 1),
    (["pine-crane", "wisteria-ribbon"], "jan_apr", 15, 1),
    (["pine-poetry", "chrysanthemum-sake"], "jan_sep", 16, 1),
    (["pine-crane", "maple-blue"], "jan_oct", 17, 1),
    (["wisteria-cuckoo", "maple-deer"], "apr_oct", 18, 1),
    (["wisteria-ribbon", "peony-blue"], "apr_jun", 19, 1),
])
def test_hand_combos(cards, cid, rank, points):
    ev = evaluate(G, cards[::-1])
    assert (ev.yaku[0].id, ev.details["rank"], ev.points) == (cid, rank, points)


def test_e1_hand_value():
    """§9 E1 (book p. 164, seed lines 6809-6813): June + July -> 3."""
    ev = evaluate(G, ["peony-butterflies", "clover-ribbon"])
    assert (ev.yaku[0].id, ev.details["hand_value"]) == ("hand_value", 3)


def test_e2_bright_pairs():
    """§9 E2: crane_moon beats the October pair, 8."""
    r = play({"A": ["pine-crane", "pampas-moon"], "B": ["maple-deer", "maple-blue"]}, "B")
    assert r.winner == "A" and pts(r) == {"A": 8, "B": 0} and r.next_dealer == "A"


def test_e3_catching_a_month_pair():
    """§9 E3: top = rank 5 (pair_9); B holds catcher_apr_jul -> B wins 3."""
    r = score_round(G, GAMES[G].round_example)
    assert r.winner == "Bo" and pts(r) == {"Ana": 0, "Bo": 3, "Cy": 0}
    assert "catcher_apr_jul" in [y.id for y in r.player("Bo").yaku]


def test_e4_tens_catcher_against_a_crane_pair():
    """§9 E4: top = 3 -> B (cuckoo + boar) wins 5."""
    r = play({"A": ["pine-crane", "cherry-curtain"], "B": ["wisteria-cuckoo", "clover-boar"]})
    assert r.winner == "B" and pts(r) == {"A": 0, "B": 5}


def test_e5_no_catch_against_curtain_moon():
    """§9 E5: the catcher has no effect against curtain + moon: A wins 10."""
    r = play({"A": ["cherry-curtain", "pampas-moon"], "B": ["wisteria-cuckoo", "clover-boar"]})
    assert r.winner == "A" and pts(r) == {"A": 10, "B": 0}


def test_e6_april_september_cancels_a_weak_round():
    """§9 E6: top = 14 -> draw; top = 4 (not >= 14) -> A wins 5."""
    r = play({"A": ["pine-poetry", "plum-warbler"], "B": ["wisteria-ribbon",
                                                          "chrysanthemum-blue"]}, "B")
    assert r.winner is None and pts(r) == {"A": 0, "B": 0} and r.next_dealer == "B"
    assert {p.role for p in r.players} == {"draw"}
    r = play({"A": ["maple-deer", "maple-blue"], "B": ["wisteria-ribbon", "chrysanthemum-blue"]})
    assert r.winner == "A" and pts(r) == {"A": 5, "B": 0}


def test_e7_tens_version_cancels_a_pair_round():
    """§9 E7: top = 4 >= 4 -> draw; top = 2 -> A wins 8."""
    r = play({"A": ["maple-deer", "maple-blue"], "B": ["wisteria-cuckoo", "chrysanthemum-sake"]})
    assert r.winner is None and pts(r) == {"A": 0, "B": 0}
    r = play({"A": ["pine-crane", "pampas-moon"], "B": ["wisteria-cuckoo", "chrysanthemum-sake"]})
    assert r.winner == "A" and pts(r) == {"A": 8, "B": 0}


def test_e8_no_combos_at_all():
    """§9 E8: A 9, B's void_apr_sep fires with no combo (top none) -> draw (§10.3)."""
    hands = {"A": ["plum-poetry", "clover-ribbon"], "B": ["wisteria-ribbon", "chrysanthemum-sake"]}
    r = play(hands)
    assert r.winner is None and pts(r) == {"A": 0, "B": 0}
    # §10.3 other reading: the void needs a combo on the table; then A's 9 wins 1.
    r = play(hands, void_needs_combo=True)
    assert r.winner == "A" and pts(r) == {"A": 1, "B": 0}


def test_draw_against_catch_both_readings():
    """§10.1: C holds the tens void, B a plain April + July, top is a month pair (rank 4-13).
    Recommended: the draw wins; catch_before_void: B catches for 3."""
    hands = {"A": ["iris-bridge", "iris-ribbon"], "B": ["wisteria-ribbon", "clover-boar"],
             "C": ["wisteria-cuckoo", "chrysanthemum-sake"]}
    assert pts(play(hands)) == {"A": 0, "B": 0, "C": 0}
    r = play(hands, catch_before_void=True)
    assert r.winner == "B" and pts(r) == {"A": 0, "B": 3, "C": 0}


def test_tens_catcher_is_also_any_april_july():
    """§10.2: cuckoo + boar also counts as any April + any July, so it catches a month pair
    for 3."""
    r = play({"A": ["iris-bridge", "iris-ribbon"], "B": ["wisteria-cuckoo", "clover-boar"]})
    assert r.winner == "B" and pts(r) == {"A": 0, "B": 3}
    ids = [y.id for y in evaluate(G, ["wisteria-cuckoo", "clover-boar"]).yaku]
    assert ids == ["hand_value", "catcher_apr_jul_tens", "catcher_apr_jul"]


def test_specials_without_effect_are_their_hand_value():
    """§4b: April + July = 1, April + September = 3 when no effect applies."""
    assert evaluate(G, ["wisteria-ribbon", "clover-ribbon"]).details["hand_value"] == 1
    assert evaluate(G, ["wisteria-ribbon", "chrysanthemum-blue"]).details["hand_value"] == 3
    # top is rank 1: neither the catch nor the void applies; curtain-moon wins 10.
    r = play({"A": ["cherry-curtain", "pampas-moon"], "B": ["wisteria-ribbon", "clover-ribbon"],
              "C": ["wisteria-cuckoo", "chrysanthemum-sake"]})
    assert r.winner == "A" and pts(r) == {"A": 10, "B": 0, "C": 0}


def test_ties_both_readings():
    """§10.4: two players both holding January + February: a draw, or both score."""
    hands = {"A": ["pine-crane", "plum-warbler"], "B": ["pine-poetry", "plum-poetry"]}
    assert pts(play(hands)) == {"A": 0, "B": 0}
    assert pts(play(hands, tie_draw=False, tie_all_score=True)) == {"A": 1, "B": 1}


def test_drawn_round_counts_both_readings():
    """§10.5: a drawn round counts (default) or is replayed."""
    hands = {"A": ["maple-deer", "maple-blue"], "B": ["wisteria-cuckoo", "chrysanthemum-sake"]}
    assert play(hands).carry == {}
    r = play(hands, drawn_round_counts=False, drawn_round_replayed=True)
    assert r.carry == {"round_counts": False}


def test_errors():
    with pytest.raises(TallyError, match="'Pine chaff 1' is not in the Sota deck"):
        play({"A": ["pine-chaff-1", "plum-warbler"], "B": ["maple-deer", "maple-blue"]})
    with pytest.raises(TallyError, match="2-6 players"):
        play({f"P{i}": [] for i in range(7)})
    with pytest.raises(TallyError, match="3 cards is more than one player can hold"):
        play({"A": ["pine-crane", "plum-warbler", "iris-bridge"], "B": ["maple-deer",
                                                                       "maple-blue"]})


def test_registry():
    d = GAMES[G].to_dict()
    ids = [y["id"] for y in d["combinations"]]
    assert len(ids) == 19 + 1 + 4 and ids[0] == "curtain_moon"
    assert {o["id"] for o in d["options"]} >= {"tie_draw", "tie_all_score",
                                               "drawn_round_counts", "drawn_round_replayed"}


DECK = CardSet(get_game(G).deck).slugs
MONTH = {s: CARD[s].month_jp for s in DECK}


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 6), st.permutations(DECK))
def test_random_rounds(n, cards):
    names = [f"P{i}" for i in range(n)]
    hands = {p: cards[2 * i:2 * i + 2] for i, p in enumerate(names)}
    r = score_round(G, {"players": names, "dealer": names[0], "hands": hands},
                    options={"stake_per_point": 1})
    assert sum(r.net().values()) == 0
    scorers = [p for p in r.players if p.points]
    assert len(scorers) <= 1
    if scorers:
        assert scorers[0].points in (10, 8, 7, 5, 3, 1)
    # A round where anyone holds April + September with no combo on the table is a draw.
    ranks = [evaluate(G, h).details["rank"] for h in hands.values()]
    if all(r_ is None for r_ in ranks) and any(
            {MONTH[a], MONTH[b]} == {4, 9} for a, b in hands.values()):
        assert not scorers
    flipped = {p: hands[p][::-1] for p in reversed(names)}
    assert score_round(G, {"players": names, "dealer": names[0], "hands": flipped},
                       options={"stake_per_point": 1}).to_dict() == r.to_dict()
