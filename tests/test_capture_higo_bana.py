"""Higo-Bana: shared/rules/higo-bana.md (seed 002, chapter 14, lines 2339-2527; Quick
Reference Chart p. 209, lines 8653-8695)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import GAMES, TallyError
from tally.cards import FULL_DECK, CardSet

G = "higo-bana"
DECK = CardSet(FULL_DECK).slugs

# HB1 fixtures (higo-bana.md 9; seed 2426-2525): card totals 90 / 75 / 80 by the section 2
# values (bright 20, ribbon 10, ten 5, chaff 0), yaku 0 / 2 / 1, together the whole deck.
A = ["pine-crane", "plum-warbler", "peony-butterflies", "chrysanthemum-sake", "willow-swallow",
     "iris-ribbon", "willow-ribbon", "peony-blue", "chrysanthemum-blue", "wisteria-ribbon",
     "pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1",
     "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2"]
B = ["clover-boar", "maple-deer", "pampas-geese", "wisteria-cuckoo", "iris-bridge",
     "pampas-moon", "willow-rainman", "clover-ribbon", "iris-chaff-1", "iris-chaff-2",
     "peony-chaff-1", "peony-chaff-2", "clover-chaff-1", "clover-chaff-2"]
C = ["pine-poetry", "plum-poetry", "cherry-poetry", "paulownia-phoenix", "cherry-curtain",
     "maple-blue", "pampas-chaff-1", "pampas-chaff-2", "chrysanthemum-chaff-1",
     "chrysanthemum-chaff-2", "maple-chaff-1", "maple-chaff-2", "willow-lightning",
     "paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2"]


def swap(x, y, card_x, card_y):
    return [c for c in x if c != card_x] + [card_y], [c for c in y if c != card_y] + [card_x]


def rnd(a=A, b=B, c=C, **kw):
    return {"players": ["A", "B", "C"], "dealer": "A", "captures": {"A": a, "B": b, "C": c},
            **kw}


def pts(r):
    return {p.player: p.points for p in r.players}


def penalties(r):
    return {p.player: sum(s.value for s in p.steps if s.id.startswith("penalty_"))
            for p in r.players}


def test_hb1():
    """HB1 (p. 67, Figure 14.3): 90 - 150 = -60, 75 - 50 = 25, 80 - 100 = -20; B wins and
    deals next; card totals sum to 245."""
    r = tally.score_round(G, rnd())
    assert {p.player: p.base_points for p in r.players} == {"A": 90, "B": 75, "C": 80}
    assert [len(p.yaku) for p in r.players] == [0, 2, 1]
    assert penalties(r) == {"A": -150, "B": -50, "C": -100}
    assert pts(r) == {"A": -60, "B": 25, "C": -20}
    assert r.winner == "B" == r.next_dealer
    assert sum(p.base_points for p in r.players) == 245


def test_hb2_a_two_yaku():
    """HB2 (a): one player holds 2 yaku -> every other player deducts 100. (C gives its
    pine-poetry to A: nobody but B holds a yaku.)"""
    a, c = swap(A, C, "pine-chaff-1", "pine-poetry")
    r = tally.score_round(G, rnd(a, B, c))
    assert [len(p.yaku) for p in r.players] == [0, 2, 0]
    assert penalties(r) == {"A": -100, "B": 0, "C": -100}


def test_hb2_b_one_yaku_each():
    """HB2 (b): two of three hold 1 yaku each -> each of them deducts 50, the third 100.
    (B gives its cuckoo to A: B keeps only Boar, Deer, Geese.)"""
    a, b = swap(A, B, "pine-chaff-1", "wisteria-cuckoo")
    r = tally.score_round(G, rnd(a, b, C))
    assert [len(p.yaku) for p in r.players] == [0, 1, 1]
    assert penalties(r) == {"A": -100, "B": -50, "C": -50}


def test_hb2_c():
    """HB2 (c): P 1 yaku, Q 2, R none -> P deducts 100, Q 50, R 150 (HB1's C, B, A)."""
    r = tally.score_round(G, rnd())
    assert penalties(r) == {"C": -100, "B": -50, "A": -150}


def test_hbd1():
    """HBD1: crane, warbler, curtain, moon, sake: 20+5+20+20+5 = 70; spring_semi_brights and
    the_views (the curtain serves both)."""
    ev = tally.evaluate(G, ["pine-crane", "plum-warbler", "cherry-curtain", "pampas-moon",
                            "chrysanthemum-sake"])
    assert ev.points == 70
    assert {y.id for y in ev.yaku} == {"spring_semi_brights", "the_views"}
    assert all(y.points == 0 for y in ev.yaku)  # a yaku never scores for its holder


def test_hbd2():
    """HBD2: 7 tens = 35; boar_deer_geese, sake_deer_butterfly, boar_cuckoo_bridge = 3."""
    ev = tally.evaluate(G, ["clover-boar", "maple-deer", "pampas-geese", "chrysanthemum-sake",
                            "peony-butterflies", "wisteria-cuckoo", "iris-bridge"])
    assert ev.points == 35 and ev.details["yaku_count"] == 3
    assert {y.id for y in ev.yaku} == {"boar_deer_geese", "sake_deer_butterfly",
                                       "boar_cuckoo_bridge"}


def test_hbd3_lead_50_not_met():
    """HBD3: HB1 with lead_50_final_score: B leads A by 85 but C by only 45 -> B stays 25."""
    r = tally.score_round(G, rnd(), options={"lead_50_final_score": True})
    assert pts(r)["B"] == 25


def test_hbd4_tokens():
    """HBD4: HB1 with counting_tokens: B wins by 45 over C -> 1 token."""
    r = tally.score_round(G, rnd(), options={"counting_tokens": True})
    assert r.carry["tokens"] == {"A": 0, "B": 1, "C": 0}


def test_hbd5_deck_totals():
    """HBD5: all 48 cards: 245; with rain_man_value_5 230; with both value variations 240."""
    assert tally.evaluate(G, DECK).points == 245
    assert tally.evaluate(G, DECK, options={"rain_man_value_5": True}).points == 230
    assert tally.evaluate(G, DECK, options={"rain_man_value_5": True,
                                            "special_paulownia_value_10": True}).points == 240


# ---- lead doublings and tokens that do trigger (section 8) -----------------------------------

# Two players: X holds every bright, ribbon and ten except the yaku-free split below.
X = ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman", "paulownia-phoenix",
     "pine-poetry", "plum-poetry", "cherry-poetry"]  # 100 + 30 = 130; yaku: poetry_ribbons
Y = [s for s in DECK if s not in X]  # 245 - 130 = 115, yaku by the section 4 lists


def two(**kw):
    return {"players": ["X", "Y"], "dealer": "X", "captures": {"X": X, "Y": Y}, **kw}


def test_lead_card_value_and_final_score():
    """Section 8: Y holds purple, plain ribbons, boar-deer-geese, sake-deer-butterfly,
    boar-cuckoo-bridge (5 yaku); X holds poetry (1). X = 130 - 250 = -120, Y = 115 - 50 = 65.
    Y leads by 185 in score (>= 100: doubled to 130) but trails in card value (no doubling
    by lead_50_card_value)."""
    r = tally.score_round(G, two())
    assert len(r.player("Y").yaku) == 5 and len(r.player("X").yaku) == 1
    assert pts(r) == {"X": 130 - 250, "Y": 115 - 50}
    assert pts(tally.score_round(G, two(), options={"lead_100_final_score": True}))["Y"] == 130
    assert pts(tally.score_round(G, two(), options={"lead_50_card_value": True}))["Y"] == 65


def test_tokens_three_for_a_win_by_more_than_100():
    """Section 8 counting_tokens: a win by more than 100 (185) earns 3 tokens in total,
    measured before any doubling (10.H9)."""
    r = tally.score_round(G, two(), options={"counting_tokens": True,
                                             "lead_100_final_score": True})
    assert r.carry["tokens"]["Y"] == 3


def test_options_are_exclusive():
    with pytest.raises(TallyError, match="cannot both be on"):
        tally.evaluate(G, [], options={"lead_50_card_value": True,
                                       "lead_100_final_score": True})


# ---- teams (section 3, 10.H5, H11) ---------------------------------------------------------

def test_team_play_pools_captures():
    """Section 3 / H11: partners pool captures; a yaku split over partners counts. 2 v 2:
    P1 and P3 (team N) hold X split in two; P2 and P4 (team S) hold Y."""
    r = tally.score_round(G, {
        "players": ["P1", "P2", "P3", "P4"], "dealer": "P1",
        "teams": {"N": ["P1", "P3"], "S": ["P2", "P4"]},
        "captures": {"P1": X[:6], "P3": X[6:], "P2": Y[:20], "P4": Y[20:]}})
    assert pts(r) == {"P1": -120, "P2": 65, "P3": -120, "P4": 65}
    # H5: the winning team's member first in turn order after the dealer
    assert r.winner == "P2" == r.next_dealer
    assert r.player("P2").extra["side"] == "S"


def test_team_errors():
    base = {"players": ["P1", "P2", "P3", "P4"], "captures": {"P1": X, "P2": Y}}
    with pytest.raises(TallyError, match="partners sit alternately"):
        tally.score_round(G, {**base, "teams": {"N": ["P1", "P2"], "S": ["P3", "P4"]}})
    with pytest.raises(TallyError, match="'P4' is in no team"):
        tally.score_round(G, {**base, "teams": {"N": ["P1", "P3"], "S": ["P2"]}})


# ---- game end (section 6) ------------------------------------------------------------------

def test_first_to_x_points():
    r = tally.score_round(G, two(carry={"totals": {"X": 0, "Y": 240}}),
                          options={"first_to_x_points": 300})
    assert r.carry["game_over"] and r.carry["game_winner"] == "Y"


def test_game_end_by_length():
    r = tally.score_round(G, two(length=6, carry={"round": 5, "totals": {"X": 400, "Y": 0}}))
    assert r.carry["game_over"] and r.carry["game_winner"] == "X"


# ---- events and errors --------------------------------------------------------------------------

def test_wild_dealt_to_field_discarded():
    """Section 8: the Storm dealt to the field leaves the game; the other 47 are captured."""
    c = [s for s in C if s != "willow-lightning"]
    r = tally.score_round(G, rnd(A, B, c, events=[{"type": "wild_dealt_to_field"}]),
                          options={"wild_dealt_to_field_discarded": True})
    assert pts(r) == {"A": -60, "B": 25, "C": -20}
    with pytest.raises(TallyError, match=r"Willow lightning \(storm\) was discarded") as e:
        tally.score_round(G, rnd(events=[{"type": "wild_dealt_to_field"}]),
                          options={"wild_dealt_to_field_discarded": True})
    assert e.value.player == "C"


def test_captured_chaffs_may_be_discarded():
    """Section 2: chaffs (0 points, in no yaku) may go to a common discard pile, so they may
    be missing from the captures; not the special paulownia under its value-10 variation."""
    c = [s for s in C if s not in ("paulownia-chaff-1", "paulownia-chaff-colored")]
    r = tally.score_round(G, rnd(A, B, c))
    assert pts(r) == {"A": -60, "B": 25, "C": -20}
    assert any("2 chaff card(s)" in n for n in r.notes)
    with pytest.raises(TallyError, match="Paulownia coloured chaff"):
        tally.score_round(G, rnd(A, B, c), options={"special_paulownia_value_10": True})


def test_errors():
    with pytest.raises(TallyError, match="no misdeals"):
        tally.score_round(G, rnd(events=[{"type": "misdeal", "reason": "field_four"}]))
    with pytest.raises(TallyError, match=r"nobody's captures \(Paulownia with phoenix\)") as e:
        tally.score_round(G, rnd(A, B, [s for s in C if s != "paulownia-phoenix"]))
    assert "not 245" in str(e.value)
    with pytest.raises(TallyError, match="'Pine with crane' is in both"):
        tally.score_round(G, rnd(A, B + ["pine-crane"], C))
    with pytest.raises(TallyError, match="B captures all four pine cards, but they lack"):
        tally.score_round(G, rnd(events=[{"type": "hiki_announced", "player": "B",
                                          "flower": "pine"}]))
    with pytest.raises(TallyError, match="A captures all four iris cards, but they lack Iris"):
        tally.score_round(G, rnd(events=[{"type": "opening_field_four_of_a_kind",
                                          "flower": "iris"}]))
    with pytest.raises(TallyError, match="Storm as a wild card but it is not in"):
        tally.score_round(G, rnd(events=[{"type": "wild_capture", "player": "A"}]))
    with pytest.raises(TallyError, match="'Bonus card: one junk' is not in the Higo-Bana deck"):
        tally.evaluate(G, ["joker-1"])
    with pytest.raises(TallyError, match="2-7 players, not 8"):
        tally.score_round(G, {"players": list("ABCDEFGH"), "captures": {}})


def test_registry():
    g = GAMES[G]
    assert len(g.yaku) == 8 and [p.id for p in g.presets] == ["book"]
    assert {"first_to_x_points", "wild_dealt_to_field_discarded", "rain_man_value_5",
            "special_paulownia_value_10", "lead_100_final_score", "lead_50_final_score",
            "lead_100_card_value", "lead_50_card_value", "counting_tokens"} <= \
        {o.id for o in g.options}


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), n=st.integers(2, 7))
def test_random_rounds(seed, n):
    """Section 5.4: score(s) = cards(s) - 50 x (Y - yaku(s)); cards sum to 245; input order
    never changes the result; chips are zero-sum."""
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    names = [f"P{i}" for i in range(n)]
    caps = {p: deck[i::n] for i, p in enumerate(names)}
    r = tally.score_round(G, {"players": names, "captures": caps}, options={"chip_stake": 2})
    total_yaku = sum(len(p.yaku) for p in r.players)
    assert sum(p.base_points for p in r.players) == 245
    for p in r.players:
        assert p.points == p.base_points - 50 * (total_yaku - len(p.yaku))
    assert sum(r.net().values()) == 0
    r2 = tally.score_round(G, {"players": names, "captures": {p: v[::-1]
                                                             for p, v in caps.items()}})
    assert pts(r2) == pts(r)
