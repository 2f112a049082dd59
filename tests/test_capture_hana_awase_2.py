"""Hana-Awase 2: shared/rules/hana-awase-2.md (seed 002, chapter 7, lines 1005-1154; Quick
Reference Chart p. 201, lines 8263-8309)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import FULL_DECK, CardSet

G = "hana-awase-2"
DECK = CardSet(FULL_DECK).slugs

# hana-awase-2.md 9, Example 1 (seed 1081-1135): the round ended at A's 3 Poetry Ribbons.
A = ["pine-crane", "pine-poetry", "cherry-curtain", "cherry-poetry", "plum-poetry",
     "plum-chaff-1", "paulownia-phoenix", "paulownia-chaff-1", "paulownia-chaff-2",
     "paulownia-chaff-colored"]
B = ["pampas-moon", "pampas-geese", "wisteria-cuckoo", "wisteria-ribbon", "iris-bridge",
     "iris-chaff-1", "plum-warbler", "plum-chaff-2"]
C = ["clover-boar", "clover-ribbon", "maple-deer", "maple-blue", "peony-butterflies",
     "peony-chaff-1", "chrysanthemum-chaff-1", "chrysanthemum-chaff-2", "wisteria-chaff-1",
     "wisteria-chaff-2"]
FOURTEEN_CHAFF = [f"{f}-chaff-{n}" for f in ("pine", "plum", "cherry", "wisteria", "iris",
                                               "peony", "clover") for n in (1, 2)]


def rnd(a, b, c, **extra):
    return {"players": ["A", "B", "C"], "dealer": "A", "captures": {"A": a, "B": b, "C": c},
            **extra}


def points(r):
    return [p.points for p in r.players]


def test_example_1():
    """hana-awase-2.md 9 / seed 1081-1135: 79 / 67 / 45 -> -9 / -21 / -43 -> 31 / -61 / -83;
    A wins the round."""
    r = tally.score_round(G, rnd(A, B, C))
    assert [p.base_points for p in r.players] == [79, 67, 45]
    assert [p.steps[1].total for p in r.players] == [-9, -21, -43]
    assert points(r) == [31, -61, -83]
    assert r.winner == "A" and r.next_dealer == "A"
    assert sum(p.base_points for p in r.players) == 191  # the round stopped early
    assert [y.id for y in r.player("A").yaku] == ["poetry_ribbons"]
    assert r.player("B").steps[-1].id == "yaku_paid" and r.player("B").steps[-1].value == -40
    assert r.payments == ()


def test_example_1_with_the_event_recorded():
    r = tally.score_round(G, rnd(A, B, C, events=[{"type": "yaku_round_end", "player": "A"}]))
    assert points(r) == [31, -61, -83]


def test_example_1_misery_loves_company_changes_nothing():
    """hana-awase-2.md 9, derived: every card value is above 15, so no one qualifies."""
    r = tally.score_round(G, rnd(A, B, C), options={"misery_loves_company": True})
    assert points(r) == [31, -61, -83]


def test_fourteen_chaffs():
    """hana-awase-2.md 9, derived: 14 chaff -> 14 - 88 + 60 = -14; each other player -60 on
    top of their base (B: 20 + 10 - 88 - 60; C: 0 - 88 - 60)."""
    r = tally.score_round(G, rnd(FOURTEEN_CHAFF, ["pampas-moon", "pampas-geese"], []))
    assert points(r) == [-14, 30 - 88 - 60, -88 - 60]
    assert r.winner == "A"


def test_misery_loves_company_two_qualifiers():
    """hana-awase-2.md 10.3: each qualifier +40 and every other player -40, once per
    qualifier: A (14) and C (0) qualify: A +0, C +0, B -80."""
    r = tally.score_round(G, rnd(FOURTEEN_CHAFF, ["pampas-moon", "pampas-geese"], []),
                          options={"misery_loves_company": True})
    assert points(r) == [-14, 30 - 88 - 60 - 80, -88 - 60]
    assert [s.id for s in r.player("B").steps].count("misery_loves_company") == 2


def test_misery_threshold_is_card_value_15_or_less():
    """hana-awase-2.md 8 / 10.3: 15 qualifies (the captured card value, not the base)."""
    b = ["pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2",
         "cherry-chaff-1", "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2",
         "iris-chaff-1", "iris-chaff-2"]  # 5 + 10 = 15
    a = ["peony-blue", "chrysanthemum-blue", "maple-blue"]  # 15 + purple 40
    c = ["clover-chaff-1", "clover-chaff-2", "pampas-chaff-1", "pampas-chaff-2",
         "maple-chaff-1", "maple-chaff-2", "chrysanthemum-chaff-1", "chrysanthemum-chaff-2",
         "peony-chaff-1", "peony-chaff-2", "willow-lightning", "paulownia-chaff-1",
         "paulownia-chaff-2", "pampas-moon", "pampas-geese"]  # 13 chaff + 30 = 43
    r = tally.score_round(G, rnd(a, b, c), options={"misery_loves_company": True})
    # A and B both have card value 15: +40 - 40 each; C: -80.
    assert points(r) == [15 - 88 + 40, 15 - 88 - 40, 43 - 88 - 40 - 80]


def test_worthless_chaff_keeps_par_88():
    """hana-awase-2.md 8 / 10.4: chaff = 0, the book keeps par 88. A: 60 + 15 = 75;
    B: 20 + 40 + 5 = 65; C: 30 + 10 = 40."""
    r = tally.score_round(G, rnd(A, B, C), options={"worthless_chaff": True})
    assert [p.base_points for p in r.players] == [75, 65, 40]
    assert points(r) == [75 - 88 + 40, 65 - 88 - 40, 40 - 88 - 40]


def test_worthless_chaff_par_80_reading():
    """hana-awase-2.md 10.4: the app-level alternative, par 80 (240 / 3)."""
    opts = {"worthless_chaff": True, "worthless_chaff_par_80": True}
    r = tally.score_round(G, rnd(A, B, C), options=opts)
    assert points(r) == [75 - 80 + 40, 65 - 80 - 40, 40 - 80 - 40]
    # the par-80 switch alone changes nothing: it applies only with worthless_chaff
    r = tally.score_round(G, rnd(A, B, C), options={"worthless_chaff_par_80": True})
    assert points(r) == [31, -61, -83]


@pytest.mark.parametrize("yaku_id, cards, value", [
    ("five_brights", ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman",
                      "paulownia-phoenix"], 100),
    ("four_dry_brights", ["pine-crane", "cherry-curtain", "pampas-moon",
                          "paulownia-phoenix"], 60),
    ("purple_ribbons", ["peony-blue", "chrysanthemum-blue", "maple-blue"], 40),
    ("poetry_ribbons", ["pine-poetry", "plum-poetry", "cherry-poetry"], 40),
    ("fourteen_chaffs", FOURTEEN_CHAFF, 60),
])
def test_every_yaku_value(yaku_id, cards, value):
    """hana-awase-2.md section 4 (seed 1051-1093, chart 8273-8307)."""
    ev = tally.evaluate(G, cards)
    assert [(y.id, y.points) for y in ev.yaku] == [(yaku_id, value)]


def test_seven_dry_ribbons_is_each_with_the_sets():
    """hana-awase-2.md 4: Ribbon group "each": 60 + 40 + 40 for seven with both sets."""
    cards = ["pine-poetry", "plum-poetry", "cherry-poetry", "peony-blue", "chrysanthemum-blue",
             "maple-blue", "iris-ribbon"]
    ev = tally.evaluate(G, cards)
    assert {y.id: y.points for y in ev.yaku} == {
        "seven_dry_ribbons": 60, "purple_ribbons": 40, "poetry_ribbons": 40}


def test_fourteen_chaffs_count_the_storm_and_coloured_chaff():
    """hana-awase-2.md 4: willow-lightning and paulownia-chaff-colored count as chaff."""
    cards = FOURTEEN_CHAFF[:12] + ["willow-lightning", "paulownia-chaff-colored"]
    assert [y.id for y in tally.evaluate(G, cards).yaku] == ["fourteen_chaffs"]
    assert tally.evaluate(G, FOURTEEN_CHAFF[:13]).yaku == ()


def test_no_yaku_round_needs_every_card_and_ties_follow_capture_basics():
    """hana-awase-2.md 5.3 / 5.6: no yaku = the normal end: every card is captured and the
    highest base wins; ties use capture-basics.md 10.1. Card values 93 / 78 / 93 - 88."""
    ta = ["pine-poetry", "pine-chaff-2", "cherry-curtain", "cherry-chaff-2", "wisteria-cuckoo",
          "wisteria-chaff-2", "peony-chaff-1", "peony-chaff-2", "clover-ribbon",
          "clover-chaff-2", "pampas-geese", "pampas-chaff-1", "willow-swallow",
          "willow-ribbon", "paulownia-phoenix", "paulownia-chaff-1"]
    tb = ["pine-crane", "pine-chaff-1", "plum-poetry", "plum-chaff-2", "cherry-poetry",
          "cherry-chaff-1", "wisteria-ribbon", "wisteria-chaff-1", "iris-chaff-1",
          "iris-chaff-2", "clover-boar", "clover-chaff-1", "chrysanthemum-sake",
          "chrysanthemum-blue", "maple-deer", "maple-chaff-1"]
    tc = [s for s in DECK if s not in ta + tb]
    r = tally.score_round(G, {**rnd(ta, tb, tc), "dealer": "B"})
    assert points(r) == [93 - 88, 78 - 88, 93 - 88]
    assert r.winner is None and r.next_dealer == "C"
    with pytest.raises(TallyError, match="nobody holds a yaku.*not 264"):
        tally.score_round(G, rnd(ta, tb, tc[2:]))


def test_bankrupt_ends_the_game_at_zero():
    """hana-awase-2.md 8 / 10.5: start at 200; the game ends when a total is 0 or less; the
    most points wins."""
    r = tally.score_round(G, rnd(A, B, C), options={"bankrupt": True})
    assert r.carry["totals"] == {"A": 200 + 31, "B": 200 - 61, "C": 200 - 83}
    assert "game_over" not in r.carry
    carry = {"round": 3, "totals": {"A": 100, "B": 50, "C": 150}}
    r = tally.score_round(G, rnd(A, B, C, carry=carry), options={"bankrupt": True})
    assert r.carry["totals"] == {"A": 131, "B": -11, "C": 67}
    assert r.carry["game_over"] and r.carry["game_winner"] == "A"


@pytest.mark.parametrize("round_, needle, culprit", [
    (rnd(A + ["cherry-chaff-1", "cherry-chaff-2"], B + ["peony-blue", "chrysanthemum-blue",
                                                      "maple-blue"], C[:3]),
     "A and B both hold a yaku", "B"),
    (rnd(A, B, C, events=[{"type": "yaku_round_end", "player": "B"}]),
     "\"Yaku round end\" names 'B', who holds no yaku", "B"),
    (rnd(A, B, C, events=[{"type": "misdeal", "reason": "hand_four_pairs", "player": "C"}]),
     '"a player was dealt four pairs" is not a misdeal here', None),
    ({"players": ["A", "B"], "captures": {}}, "players, not 2", None),
])
def test_bad_rounds(round_, needle, culprit):
    with pytest.raises(TallyError, match=needle) as e:
        tally.score_round(G, round_)
    assert e.value.player == culprit


def test_options_and_presets():
    g = tally.get_game(G)
    ids = [o.id for o in g.options]
    assert ids[:4] == ["bankrupt", "misery_loves_company", "worthless_chaff",
                       "worthless_chaff_par_80"]
    assert [p.id for p in g.presets] == ["book"] and len(g.yaku) == 6
    assert "yaku_round_end" in {e.id for e in g.events}


@st.composite
def early_rounds(draw):
    """Random disjoint piles for 3 players from a random subset of the deck."""
    owners = draw(st.lists(st.integers(0, 3), min_size=48, max_size=48))
    return {p: [s for s, o in zip(DECK, owners) if o == i] for i, p in enumerate("ABC")}


@settings(max_examples=150, deadline=None)
@given(early_rounds(), st.booleans())
def test_random_rounds(caps, misery):
    evs = {p: tally.evaluate(G, c) for p, c in caps.items()}
    holders = [p for p, e in evs.items() if e.yaku]
    opts = {"misery_loves_company": misery, "settle_per_point": 1}
    try:
        r = tally.score_round(G, rnd(caps["A"], caps["B"], caps["C"]), options=opts)
    except TallyError as e:
        assert len(holders) > 1 or (not holders and "not 264" in str(e))
        return
    assert len(holders) <= 1
    pts = {p.player: p.points for p in r.players}
    if holders and not misery:
        y = holders[0]
        yv = evs[y].details["yaku_value"]
        assert r.winner == y
        for p in "ABC":
            cv = evs[p].details["card_value"]
            assert pts[p] == cv - 88 + (yv if p == y else -yv)
    assert sum(r.net().values()) == 0
