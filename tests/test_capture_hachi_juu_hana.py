"""Hachi-juu Hana: shared/rules/hachi-juu-hana.md (seed 002, chapter 10, lines 1495-1610;
Quick Reference Chart p. 205, lines 8431-8487)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import GAMES, TallyError
from tally.cards import FULL_DECK, CardSet, month_mask, slugs_of

G = "hachi-juu-hana"
DECK = CardSet(FULL_DECK).slugs
WILLOWS = ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"]
PINE = list(slugs_of(month_mask("pine")))

# hachi-juu-hana.md 9, Example 1 fixture (seed 1593-1605): 2 brights, 3 tens, 4 ribbons,
# 7 chaff; 2 pine, 4 plum, 2 cherry, 2 wisteria, 2 iris, 4 willow.
EX1 = ["pine-crane", "pine-chaff-1", "plum-warbler", "plum-poetry", "plum-chaff-1",
       "plum-chaff-2", "cherry-poetry", "cherry-chaff-1", "wisteria-ribbon",
       "wisteria-chaff-1", "iris-bridge", "iris-chaff-1", "willow-rainman", "willow-swallow",
       "willow-ribbon", "willow-lightning"]


def rest(*piles):
    used = {s for p in piles for s in p}
    return [s for s in DECK if s not in used]


def split_rest(a):
    """The cards not in ``a``, dealt month by month in pairs to B and C (real captures)."""
    b, c = [], []
    for f in ("pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "pampas",
              "chrysanthemum", "maple", "willow", "paulownia"):
        left = [s for s in slugs_of(month_mask(f)) if s not in a]
        (b if len(b) <= len(c) else c).extend(left)
    return b, c


def three(a, events=(), **kw):
    b, c = split_rest(a)
    return {"players": ["A", "B", "C"], "dealer": "A", "captures": {"A": a, "B": b, "C": c},
            "events": list(events), **kw}


def two(a, events=(), **kw):
    return {"players": ["A", "B"], "dealer": "A", "captures": {"A": a, "B": rest(a)},
            "events": list(events), **kw}


# ---- section 9 ----------------------------------------------------------------------------

def test_example_1_pile():
    """hachi-juu-hana.md 9 Example 1 (seed 1593-1605): card value 2x20 + 3x10 + 4x5 + 7x0 = 90;
    yaku All 4 January + February + March = 60 (two flowers completed with 2 willows each)."""
    ev = tally.evaluate(G, EX1)
    assert ev.details == {"card_value": 90, "yaku_value": 60}
    assert [(y.id, y.points) for y in ev.yaku] == [
        ("all_four_pine", 20), ("all_four_plum", 20), ("all_four_cherry", 20)]
    pine = next(y for y in ev.yaku if y.id == "all_four_pine")
    assert sum(s.startswith("willow-") for s in pine.cards) == 2
    assert any("stand in for pine" in ch for ch in ev.choices)


def test_example_1_round_score_70():
    """hachi-juu-hana.md 9 Example 1: 3 players, round score (90 - 80) + 60 = 70."""
    r = tally.score_round(G, three(EX1))
    a = r.player("A")
    assert a.points == 70 and a.base_points == 90
    assert [s.id for s in a.steps] == ["card_value", "par", "all_four_pine", "all_four_plum",
                                       "all_four_cherry"]
    assert a.steps[1].value == -80


def test_example_1_other_pairs_give_the_same_total():
    """hachi-juu-hana.md 9: "The other pairs of flowers give the same total" -- a recorded
    willow_assignment to wisteria and iris scores the same 70."""
    ev = {"type": "willow_assignment", "player": "A",
          "assign": {"willow-rainman": "wisteria", "willow-swallow": "wisteria",
                     "willow-ribbon": "iris", "willow-lightning": "iris"}}
    r = tally.score_round(G, three(EX1, [ev]))
    a = r.player("A")
    assert a.points == 70
    assert {y.id for y in a.yaku} == {"all_four_plum", "all_four_wisteria", "all_four_iris"}


def test_example_1_keeping_the_willow_set_is_worth_less():
    """hachi-juu-hana.md 9: keeping the willows as All 4 November gives only 20 (70 - 40):
    an assignment that keeps them is rejected as below the best value (section 7: players
    choose among equal-value assignments)."""
    ev = {"type": "willow_assignment", "player": "A", "assign": {}}
    with pytest.raises(TallyError, match="worth 40 in yaku, less than the best 60") as e:
        tally.score_round(G, three(EX1, [ev]))
    assert e.value.player == "A"


def test_revealed_pine_two_players_minus_55():
    """hachi-juu-hana.md 9 derived check: 2 players, exactly the 4 pine cards after revealing
    a pine trio: 25 - 120 + 40 = -55."""
    r = tally.score_round(G, two(PINE, [{"type": "reveal_three_of_a_kind", "player": "A",
                                         "flower": "pine"}]))
    assert r.player("A").points == -55
    assert [y.points for y in r.player("A").yaku] == [40]


def test_unrevealed_pine_two_players_minus_75():
    """hachi-juu-hana.md 9 derived check: the same player without the reveal: -75."""
    r = tally.score_round(G, two(PINE))
    assert r.player("A").points == -75


# ---- section 10 readings ----------------------------------------------------------------------

REVEALED_FILL = ["pine-crane", "pine-poetry", "pine-chaff-1", "willow-rainman",
                 "plum-chaff-1", "plum-chaff-2"]


def test_reveal_with_willow_help_is_not_doubled_by_default():
    """hachi-juu-hana.md 10.1 (recommended): a revealed flower completed with willow cards
    scores 20; only the four genuine cards double it. 45 card value + 20 - 120."""
    rv = [{"type": "reveal_three_of_a_kind", "player": "A", "flower": "pine"}]
    r = tally.score_round(G, two(REVEALED_FILL, rv))
    a = r.player("A")
    assert [(y.id, y.points) for y in a.yaku] == [("all_four_pine", 20)]
    assert a.points == 20 + 5 + 20 - 120 + 20


def test_reveal_with_willow_help_doubles_under_the_other_reading():
    """hachi-juu-hana.md 10.1, the other reading as option reveal_doubles_with_willow: 40."""
    rv = [{"type": "reveal_three_of_a_kind", "player": "A", "flower": "pine"}]
    r = tally.score_round(G, two(REVEALED_FILL, rv),
                          options={"reveal_doubles_with_willow": True})
    assert [(y.id, y.points) for y in r.player("A").yaku] == [("all_four_pine", 40)]
    assert r.player("A").points == 45 - 120 + 40


def test_four_dealt_to_a_hand_may_be_revealed():
    """hachi-juu-hana.md 10.2: a dealt four counts as a trio to reveal; capturing all four then
    scores 40."""
    hand = PINE + ["plum-chaff-1", "plum-chaff-2", "cherry-chaff-1", "cherry-chaff-2"]
    rv = [{"type": "reveal_three_of_a_kind", "player": "A", "flower": "pine"}]
    r = tally.score_round(G, two(PINE, rv, hands={"A": hand}))
    assert r.player("A").points == -55


def test_willow_set_kept_when_nothing_to_fill():
    """Section 5.3 (a): four willows and no gap they can fill: All 4 November 20; revealed
    willow trio: 40."""
    ev = tally.evaluate(G, WILLOWS)
    assert [(y.id, y.points) for y in ev.yaku] == [("all_four_willow", 20)]
    rv = [{"type": "reveal_three_of_a_kind", "player": "A", "flower": "willow"}]
    r = tally.score_round(G, two(WILLOWS, rv))
    assert [(y.id, y.points) for y in r.player("A").yaku] == [("all_four_willow", 40)]


def test_genuine_four_plus_fill():
    """Section 5.3: every genuine four scores, willows then fill the smallest gaps first:
    one willow completes a 3-card flower rather than half a 2-card one."""
    pile = ["plum-warbler", "plum-poetry", "plum-chaff-1", "plum-chaff-2",
            "iris-bridge", "iris-ribbon", "iris-chaff-1", "pine-crane", "pine-chaff-1",
            "willow-swallow"]
    ev = tally.evaluate(G, pile)
    assert {(y.id, y.points) for y in ev.yaku} == {("all_four_plum", 20),
                                                   ("all_four_iris", 20)}


def test_dealer_field_four_capture():
    """Section 3: a field four is no misdeal: the dealer captures it (must be in the dealer's
    captures), and it scores as that month's yaku."""
    ok = tally.score_round(G, two(PINE, [{"type": "dealer_field_four_capture",
                                          "flower": "pine"}]))
    assert ok.player("A").points == -75
    with pytest.raises(TallyError, match="dealer B captures the four pine cards") as e:
        tally.score_round(G, {**two(PINE, [{"type": "dealer_field_four_capture",
                                             "flower": "pine"}]), "dealer": "B"})
    assert e.value.player == "B"


def test_next_dealer_and_par_sum():
    """Section 5.4-5.5: card value - par sums to 0, so the scores add up to the yaku total;
    the highest score wins and deals next."""
    r = tally.score_round(G, three(EX1))
    assert sum(p.base_points for p in r.players) == 240
    yaku_total = sum(y.points for p in r.players for y in p.yaku)
    assert sum(p.points for p in r.players) == yaku_total
    best = max(r.players, key=lambda p: p.points)
    assert r.winner == best.player == r.next_dealer


def test_registry_serves_options_and_presets():
    g = GAMES[G]
    assert [p.id for p in g.presets] == ["book"] and g.default_preset == "book"
    assert {o.id for o in g.options} >= {"reveal_doubles_with_willow", "tie_credits_round_win"}
    assert len(g.yaku) == 12 and g.lengths == (6, 12)
    assert "misdeal" not in {e.id for e in g.events}


# ---- errors -------------------------------------------------------------------------------

def test_no_misdeals():
    with pytest.raises(TallyError, match="no misdeals") as e:
        tally.score_round(G, two(PINE, [{"type": "misdeal", "reason": "field_four"}]))
    assert e.value.field == "events.0"


def test_card_not_in_deck():
    with pytest.raises(TallyError,
                       match="'Bonus card: one junk' is not in the Hachi-juu Hana deck") as e:
        tally.evaluate(G, ["joker-1"])
    assert e.value.card == "joker-1"


def test_every_card_must_be_captured():
    rnd = two(PINE)
    rnd["captures"]["B"] = rnd["captures"]["B"][:-1]
    with pytest.raises(TallyError, match="Paulownia chaff 2") as e:
        tally.score_round(G, rnd)
    assert "total 240" in str(e.value) or "not 240" in str(e.value)


def test_card_in_two_piles():
    rnd = two(PINE)
    rnd["captures"]["B"] = rnd["captures"]["B"] + ["pine-crane"]
    with pytest.raises(TallyError, match="'Pine with crane' is in both"):
        tally.score_round(G, rnd)


def test_reveal_errors():
    rv = {"type": "reveal_three_of_a_kind", "player": "A", "flower": "pine"}
    with pytest.raises(TallyError, match="revealed the pine trio twice"):
        tally.score_round(G, two(PINE, [rv, rv]))
    with pytest.raises(TallyError, match="cannot both hold three pine"):
        tally.score_round(G, two(PINE, [rv, {**rv, "player": "B"}]))
    with pytest.raises(TallyError, match="the month shown is 'oak', not a month") as e:
        tally.score_round(G, two(PINE, [{**rv, "flower": "oak"}]))
    assert e.value.field == "events.0.flower"
    hand = ["pine-crane", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
            "iris-chaff-1", "iris-chaff-2", "maple-chaff-1"]
    with pytest.raises(TallyError, match="hand holds 1 pine card"):
        tally.score_round(G, two(PINE, [rv], hands={"A": hand}))
    with pytest.raises(TallyError, match="dealt to the field"):
        tally.score_round(G, two(PINE, [rv, {"type": "dealer_field_four_capture",
                                             "flower": "pine"}]))


def test_willow_assignment_errors():
    bad = {"type": "willow_assignment", "player": "A",
           "assign": {"willow-rainman": "pine", "willow-swallow": "wisteria"}}
    with pytest.raises(TallyError, match="do not make exactly four"):
        tally.score_round(G, three(EX1, [bad]))
    bad = {"type": "willow_assignment", "player": "B", "assign": {"willow-rainman": "pine"}}
    with pytest.raises(TallyError,
                       match="did not capture willow card 'Willow with rain man'") as e:
        tally.score_round(G, three(EX1, [bad]))
    assert e.value.card == "willow-rainman"
    bad = {"type": "willow_assignment", "player": "A", "assign": {"willow-rainman": "willow"}}
    with pytest.raises(TallyError, match="flower other than willow"):
        tally.score_round(G, three(EX1, [bad]))


def test_player_count():
    rnd = {"players": ["A", "B", "C", "D"], "captures": {}}
    with pytest.raises(TallyError, match="2-3 players, not 4"):
        tally.score_round(G, rnd)


# ---- properties -----------------------------------------------------------------------------

@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**9), n=st.sampled_from([2, 3]))
def test_random_rounds(seed, n):
    """Random deals of the 48 cards: scores add up to the yaku total (card value - par sums
    to 0, section 5.4); input order never changes the result; yaku never below a plain count
    of genuine fours."""
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    names = ["A", "B", "C"][:n]
    caps = {p: deck[i::n] for i, p in enumerate(names)}
    r = tally.score_round(G, {"players": names, "captures": caps})
    assert sum(p.points for p in r.players) == sum(y.points for p in r.players for y in p.yaku)
    shuffled = {p: list(reversed(v)) for p, v in caps.items()}
    r2 = tally.score_round(G, {"players": names, "captures": shuffled})
    assert [p.points for p in r2.players] == [p.points for p in r.players]
    for p in names:
        ev = tally.evaluate(G, caps[p])
        fours = sum(len(set(caps[p]) & set(slugs_of(month_mask(f)))) == 4
                    for f in ("pine", "plum", "cherry", "wisteria", "iris", "peony", "clover",
                              "pampas", "chrysanthemum", "maple", "paulownia"))
        assert ev.details["yaku_value"] >= 20 * fours
        used = [s for y in ev.yaku for s in y.cards]
        assert len(used) == len(set(used))  # each card serves one yaku only (section 2)
