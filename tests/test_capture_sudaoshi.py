"""Sudaoshi: shared/rules/sudaoshi.md (seed 002, chapter 18, lines 4217-4515; Quick
Reference Chart pp. 218-219, lines 9139-9273)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import GAMES, TallyError
from tally.cards import FULL_DECK, CardSet, mask_of
from tally.games import sudaoshi as S

G = "sudaoshi"
DECK = CardSet(FULL_DECK).slugs

# SU1 fixtures (sudaoshi.md 9; seed 4394-4515): card totals A 89, B 108, C 133 by the
# section 2 values; B holds Moon + Geese (not all 4 pampas), C all 4 willow cards.
A = ["pine-crane", "plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-butterflies",
     "clover-boar", "chrysanthemum-sake", "cherry-poetry", "peony-blue", "chrysanthemum-blue",
     "maple-blue", "pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2",
     "cherry-chaff-1"]
B = ["pampas-moon", "pampas-geese", "maple-deer", "wisteria-ribbon", "iris-ribbon",
     "clover-ribbon", "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1",
     "iris-chaff-2", "peony-chaff-1", "peony-chaff-2", "clover-chaff-1", "clover-chaff-2"]
C = ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning", "pine-poetry",
     "plum-poetry", "cherry-curtain", "paulownia-phoenix", "pampas-chaff-1", "pampas-chaff-2",
     "chrysanthemum-chaff-1", "chrysanthemum-chaff-2", "maple-chaff-1", "maple-chaff-2",
     "paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2"]
CLAIM_A = {"type": "hand_combo_claim", "player": "A", "combo": "three_of_a_kind",
           "cards": ["pine-crane", "pine-chaff-1", "pine-chaff-2"]}
CLAIM_C = {"type": "hand_combo_claim", "player": "C", "combo": "seven_chaffs",
           "cards": ["willow-rainman", "willow-swallow", "plum-chaff-1", "cherry-chaff-1",
                     "iris-chaff-1", "maple-chaff-1", "clover-chaff-1"]}


def rnd(a=A, b=B, c=C, events=(CLAIM_A, CLAIM_C), **kw):
    return {"players": ["A", "B", "C"], "dealer": "A", "captures": {"A": a, "B": b, "C": c},
            "events": list(events), **kw}


def pts(r):
    return {p.player: p.points for p in r.players}


def test_su1():
    """SU1 (p. 102-103, Figure 18.6): burdens A 100, B 110, C 120; combos A 20, C 40; yaku
    B 10, C 20; card totals 89 / 108 / 133 -> A -41, B -62, C 103; C wins."""
    r = tally.score_round(G, rnd())
    assert {p.player: p.base_points for p in r.players} == {"A": 89, "B": 108, "C": 133}
    steps = {p.player: {s.id: s.value for s in p.steps} for p in r.players}
    assert {p: s.get("hand_combos", 0) for p, s in steps.items()} == {"A": 0, "B": -60,
                                                                      "C": 60}
    assert {p: s.get("yaku", 0) for p, s in steps.items()} == {"A": -30, "B": 0, "C": 30}
    assert {p: s["burden"] for p, s in steps.items()} == {"A": -100, "B": -110, "C": -120}
    assert pts(r) == {"A": -41, "B": -62, "C": 103}
    assert sum(pts(r).values()) == 0
    assert r.winner == "C" == r.next_dealer


def test_su1_next_burdens():
    """SU1: next round C is dealer with 100, A 110, B 120; the carry feeds the next round."""
    r = tally.score_round(G, rnd())
    assert r.carry["burdens"] == {"C": 100, "A": 110, "B": 120}
    nxt = tally.score_round(G, {**rnd(events=()), "dealer": "C", "carry": r.carry})
    assert {p.player: p.extra["burden"] for p in nxt.players} == {"A": 110, "B": 120,
                                                                  "C": 100}


def test_sud1_two_greaters():
    """SUD1: 3 wisteria + 3 iris + pine chaff: two_greaters 80 (beats two_three_kinds 60)."""
    hand = mask_of(["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "iris-bridge",
                    "iris-ribbon", "iris-chaff-1", "pine-chaff-1"])
    assert S.suit_combos(hand)[0][:2] == ("two_greaters", 80)
    assert ("two_three_kinds", 60) in [x[:2] for x in S.suit_combos(hand)]


def test_sud2_four_and_three():
    """SUD2: 4 pine + 3 plum: four_kind_three_kind 200."""
    hand = mask_of(["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2",
                    "plum-warbler", "plum-poetry", "plum-chaff-1"])
    assert S.best_claims(hand)[0] == ("four_kind_three_kind", 200)


def test_sud3_willow_cards_are_chaffs():
    """SUD3: rainman, swallow + 5 chaffs: seven_chaffs 40 (not bright_six_chaffs); no suit
    combo (one willow pair only)."""
    hand = mask_of(["willow-rainman", "willow-swallow", "pine-chaff-1", "plum-chaff-1",
                    "cherry-chaff-1", "iris-chaff-1", "maple-chaff-1"])
    assert S.best_claims(hand) == [("seven_chaffs", 40)]
    assert S.suit_combos(hand) == []


def test_sud4_bright_six_chaffs():
    """SUD4: crane + 6 chaffs of different months: bright_six_chaffs 40; no suit combo."""
    hand = mask_of(["pine-crane", "plum-chaff-1", "cherry-chaff-1", "wisteria-chaff-1",
                    "iris-chaff-1", "peony-chaff-1", "clover-chaff-1"])
    assert S.best_claims(hand) == [("bright_six_chaffs", 40)]


def test_sud5_rain_only_for_the_120_burden():
    """SUD5: the 110-burden player holding all 4 willow cards gets no Rain yaku. (SU1 with
    B and C swapping burdens: C carries 110, so C's Rainy Sky scores 0; C's yaku 20 -> 0.)"""
    r = tally.score_round(G, rnd(burdens={"A": 100, "B": 120, "C": 110}))
    c = r.player("C")
    assert [(y.id, y.points) for y in c.yaku if y.id == "rainy_sky"] == [("rainy_sky", 0)]
    assert c.extra["yaku_value"] == 0


def test_sud6_deck_total():
    """SUD6: the full deck's card total is 330."""
    assert tally.evaluate(G, DECK).details["card_value"] == 330


@pytest.mark.parametrize("cards, best", [
    (["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler",
      "plum-poetry", "cherry-chaff-1"], ("four_kind_pair", 80)),
    (["pine-crane", "pine-poetry", "pine-chaff-1", "plum-warbler", "plum-poetry",
      "cherry-chaff-1", "cherry-chaff-2"], ("three_kind_two_pairs", 70)),
    (["pine-crane", "pine-poetry", "pine-chaff-1", "clover-boar", "clover-ribbon",
      "clover-chaff-1", "maple-deer"], ("three_kind_greater", 70)),
    (["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler",
      "cherry-chaff-1", "maple-deer"], ("four_of_a_kind", 60)),
    (["pine-crane", "pine-poetry", "plum-warbler", "plum-poetry", "cherry-chaff-1",
      "cherry-chaff-2", "maple-deer"], ("three_pairs", 40)),
    (["paulownia-chaff-1", "paulownia-chaff-2", "paulownia-chaff-colored", "pine-crane",
      "plum-warbler", "cherry-chaff-1", "maple-deer"], ("greater_paulownia_chaffs", 30)),
    (["paulownia-chaff-1", "paulownia-chaff-2", "paulownia-phoenix", "pine-crane",
      "plum-warbler", "cherry-chaff-1", "maple-deer"], ("three_of_a_kind", 20)),
])
def test_suit_combo_table(cards, best):
    """Section 3 suit combos (chart 9237-9271); S4: the Phoenix cannot stand in for a
    paulownia chaff of the Greater."""
    assert S.suit_combos(mask_of(cards))[0][:2] == best


@pytest.mark.parametrize("cards, best", [
    (["pine-poetry", "pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "iris-chaff-1",
      "maple-chaff-1", "clover-chaff-1"], ("ribbon_six_chaffs", 30)),
    (["plum-warbler", "pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "iris-chaff-1",
      "maple-chaff-1", "clover-chaff-1"], ("ten_six_chaffs", 30)),
    (["pine-poetry", "plum-poetry", "plum-chaff-1", "cherry-chaff-1", "iris-chaff-1",
      "maple-chaff-1", "clover-chaff-1"], ("two_ribbons_five_chaffs", 20)),
])
def test_chaff_combo_table(cards, best):
    assert S.chaff_combo(mask_of(cards), True) == [best]


def test_s6_no_chaff_combo_for_mixed_hands():
    """S6: 1 ribbon + 1 ten + 5 chaffs has no chaff combo."""
    hand = mask_of(["pine-poetry", "plum-warbler", "cherry-chaff-1", "iris-chaff-1",
                    "maple-chaff-1", "clover-chaff-1", "peony-chaff-1"])
    assert S.chaff_combo(hand, True) == []


def test_claim_checked_against_the_hand():
    hand_a = ["pine-crane", "pine-chaff-1", "pine-chaff-2", "plum-warbler", "iris-bridge",
              "maple-deer", "peony-blue"]
    r = tally.score_round(G, rnd(hands={"A": hand_a}))
    assert pts(r) == {"A": -41, "B": -62, "C": 103}
    with pytest.raises(TallyError, match="do not make four_of_a_kind") as e:
        tally.score_round(G, rnd(events=[{**CLAIM_A, "combo": "four_of_a_kind"}],
                                 hands={"A": hand_a}))
    assert e.value.player == "A"
    with pytest.raises(TallyError, match="shows Pine poetry ribbon, which is not in their hand"):
        tally.score_round(G, rnd(events=[{**CLAIM_A, "cards": ["pine-crane", "pine-poetry",
                                                                 "pine-chaff-1"]}],
                                 hands={"A": hand_a}))


def test_claim_errors():
    with pytest.raises(TallyError, match="already claimed a chaff combo"):
        tally.score_round(G, rnd(events=[CLAIM_C, {**CLAIM_C, "combo": "seven_chaffs"}]))
    with pytest.raises(TallyError, match="unknown hand combination 'royal_flush'"):
        tally.score_round(G, rnd(events=[{**CLAIM_A, "combo": "royal_flush"}]))
    with pytest.raises(TallyError, match="needs the cards shown"):
        tally.score_round(G, rnd(events=[{"type": "hand_combo_claim", "player": "A",
                                          "combo": "three_of_a_kind"}]))
    with pytest.raises(TallyError, match="shown from both"):
        tally.score_round(G, rnd(events=[CLAIM_A, {**CLAIM_C, "cards": ["pine-chaff-1"] +
                                                   CLAIM_C["cards"][1:]}]))
    with pytest.raises(TallyError, match="do not make bright_six_chaffs"):
        tally.score_round(G, rnd(events=[{**CLAIM_C, "combo": "bright_six_chaffs"}]))


def test_misdeal_keeps_burdens():
    """Section 7: a field four is the only misdeal: same dealer, same burdens."""
    r = tally.score_round(G, rnd(events=[{"type": "misdeal", "reason": "field_four"}]))
    assert r.winner is None and r.next_dealer == "A"
    assert r.carry["burdens"] == {"A": 100, "B": 110, "C": 120}
    with pytest.raises(TallyError, match="a player was dealt four pairs"):
        tally.score_round(G, rnd(events=[{"type": "misdeal", "reason": "hand_four_pairs",
                                          "player": "A"}]))


def test_errors():
    with pytest.raises(TallyError, match="3-3 players, not 2"):
        tally.score_round(G, {"players": ["A", "B"], "captures": {}})
    with pytest.raises(TallyError, match="the dealer A carries the 100 burden"):
        tally.score_round(G, rnd(burdens={"A": 110, "B": 100, "C": 120}))
    with pytest.raises(TallyError, match="one of 100, 110 and 120"):
        tally.score_round(G, rnd(burdens={"A": 100, "B": 100, "C": 120}))
    with pytest.raises(TallyError, match=r"nobody's captures \(Paulownia chaff 2\)") as e:
        tally.score_round(G, rnd(c=C[:-1]))
    assert "not 330" in str(e.value)
    with pytest.raises(TallyError, match="'Bonus card: one junk' is not in the Sudaoshi deck"):
        tally.evaluate(G, ["joker-1"])


def test_registry_and_chips():
    g = GAMES[G]
    assert {o.id for o in g.options} >= {"open_hand", "counting_rounds"}
    assert [p.id for p in g.presets] == ["book"]
    assert len([y for y in g.yaku if y.kind == "hand"]) == 18
    assert len([y for y in g.yaku if y.kind == "captured"]) == 4
    r = tally.score_round(G, rnd(), options={"chips_per_point": 1})
    assert r.net() == {"A": -41, "B": -62, "C": 103}


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_rounds_zero_sum(seed):
    """Section 5.4: the three scores sum to 0 when all cards are captured; input order never
    changes the result; the next burdens are 100/110/120 by rank."""
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    caps = {p: deck[i::3] for i, p in enumerate("ABC")}
    hand = rng.sample(deck, 7)
    best = S.best_claims(mask_of(hand))
    events = [{"type": "hand_combo_claim", "player": "B", "combo": cid, "cards": hand}
              for cid, _pts in best if S.COMBO_KIND[cid] == "suit"]
    base = {"players": ["A", "B", "C"], "captures": caps, "events": events}
    r = tally.score_round(G, base, options={"chips_per_point": 2})
    assert sum(pts(r).values()) == 0
    assert sum(r.net().values()) == 0
    r2 = tally.score_round(G, {**base, "captures": {p: v[::-1] for p, v in caps.items()}})
    assert pts(r2) == pts(r)
    by_burden = {b: p for p, b in r.carry["burdens"].items()}
    scores = pts(r)
    assert scores[by_burden[100]] == max(scores.values()) == scores[r.next_dealer]
    assert scores[by_burden[120]] == min(scores.values())
    assert scores[by_burden[100]] >= scores[by_burden[110]] >= scores[by_burden[120]]


def test_game_end_and_counting_rounds():
    """Section 6: after the agreed rounds the highest total wins; counting_rounds: most rounds
    won (then the higher total)."""
    carry = {"round": 5, "totals": {"A": 200, "B": 0, "C": 0}, "wins": {"A": 1, "B": 0, "C": 4}}
    r = tally.score_round(G, rnd(length=6, carry=carry))
    assert r.carry["game_over"] and r.carry["game_winner"] == "A"  # 200 - 41 > 103
    r = tally.score_round(G, rnd(length=6, carry=carry), options={"counting_rounds": True})
    assert r.carry["game_winner"] == "C"  # 4 + 1 rounds won
