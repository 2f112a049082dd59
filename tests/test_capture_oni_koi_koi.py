"""Oni Koi-Koi: shared/rules/oni-koi-koi.md (seed 002, chapter 13, lines 2123-2337; Quick
Reference Chart p. 208, lines 8601-8651)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import GAMES, TallyError
from tally.cards import FULL_DECK, CardSet

G = "oni-koi-koi"
DECK = CardSet(FULL_DECK).slugs
POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
PURPLE = ["peony-blue", "chrysanthemum-blue", "maple-blue"]
FIVE_DRY_RIBBONS = POETRY + ["wisteria-ribbon", "iris-ribbon"]
FIVE_TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese",
             "willow-swallow"]
BRIGHTS = ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman",
           "paulownia-phoenix"]


def koi(p, **kw):
    return {"type": "koi_koi", "player": p, **kw}


def stop(p):
    return {"type": "stop", "player": p}


def rnd(a, b=(), events=(), **kw):
    return {"players": ["A", "B"], "dealer": "A", "captures": {"A": list(a), "B": list(b)},
            "events": list(events), **kw}


def pts(r):
    return {p.player: p.points for p in r.players}


# ---- section 9, book examples -----------------------------------------------------------------

def test_o1():
    """O1 (p.61 Ex. 1, seed 2203): 3 poetry ribbons, stop, no koi-koi: akatan 6; B 0."""
    r = tally.score_round(G, rnd(POETRY, events=[stop("A")]))
    assert pts(r) == {"A": 6, "B": 0}
    assert [(y.id, y.points) for y in r.player("A").yaku] == [("akatan", 6)]
    assert r.winner == "A" == r.next_dealer


def test_o2():
    """O2 (p.62 Ex. 2, seed 2204-2291; B7): 3 poetry -> koi-koi; 5 dry ribbons -> stop:
    akatan 6 + tan 1 = 7, x2 = 14."""
    r = tally.score_round(G, rnd(FIVE_DRY_RIBBONS, events=[koi("A"), stop("A")]))
    assert pts(r) == {"A": 14, "B": 0}
    assert r.player("A").base_points == 7


def test_o3():
    """O3 (p.62 Ex. 3): A 3 poetry -> koi-koi; B 5 tens -> stop: tane 1, x2 = 2."""
    r = tally.score_round(G, rnd(POETRY, FIVE_TENS, [koi("A"), stop("B")]))
    assert pts(r) == {"A": 0, "B": 2}
    assert r.winner == "B"


def test_o4():
    """O4 (p.62 Ex. 4): A koi-koi, B koi-koi, no stop: a draw, the dealer keeps the deal."""
    r = tally.score_round(G, rnd(POETRY, FIVE_TENS, [koi("A"), koi("B")]))
    assert pts(r) == {"A": 0, "B": 0}
    assert r.winner is None and r.next_dealer == "A"
    assert r.payments == ()


def test_o5():
    """O5 (p.62 Ex. 5): A koi-koi, B koi-koi, A 5 dry ribbons -> stop: 6 + 1 = 7, x2 once
    = 14."""
    r = tally.score_round(G, rnd(FIVE_DRY_RIBBONS, FIVE_TENS, [koi("A"), koi("B"), stop("A")]))
    assert pts(r) == {"A": 14, "B": 0}
    assert r.net() == {"A": 14, "B": -14}


# ---- section 9, derived checks -------------------------------------------------------------------

def test_od1_koikoi_multiplier():
    """OD1: O5 with koikoi_multiplier: two calls -> x3 -> 21."""
    r = tally.score_round(G, rnd(FIVE_DRY_RIBBONS, FIVE_TENS, [koi("A"), koi("B"), stop("A")]),
                          options={"koikoi_multiplier": True})
    assert pts(r)["A"] == 21


def test_od2_lucky_7():
    """OD2: O2 with lucky_7: base 7 and a call -> x4 = 28 (x3 -> 21 with lucky_7_triple)."""
    r = rnd(FIVE_DRY_RIBBONS, events=[koi("A"), stop("A")])
    assert pts(tally.score_round(G, r, options={"lucky_7": True}))["A"] == 28
    assert pts(tally.score_round(G, r, options={"lucky_7": True,
                                                "lucky_7_triple": True}))["A"] == 21


def test_od3_lucky_7_below_threshold():
    """OD3: O1 with lucky_7: base 6 < 7, no call -> 6."""
    r = tally.score_round(G, rnd(POETRY, events=[stop("A")]), options={"lucky_7": True})
    assert pts(r)["A"] == 6


def test_od4_goko_one_of():
    """OD4: all 5 brights -> goko 15 (not 15 + 10 + 8 + 6)."""
    ev = tally.evaluate(G, BRIGHTS)
    assert ev.points == 15 and [y.id for y in ev.yaku] == ["goko"]


def test_od5_count_all_yaku():
    """OD5: the same with count_all_yaku (literal): 15 + 10 + 8 + 6 = 39."""
    ev = tally.evaluate(G, BRIGHTS, options={"count_all_yaku": True})
    assert ev.points == 39
    assert [y.id for y in ev.yaku] == ["goko", "shiko", "ame_shiko", "sanko"]


def test_od6_phoenix_is_a_dry_bright():
    """OD6: crane, curtain and the Phoenix (captured as a wild) -> sanko 6."""
    r = tally.score_round(G, rnd(["pine-crane", "cherry-curtain", "paulownia-phoenix",
                                  "maple-deer"],
                                 events=[{"type": "phoenix_revealed", "player": "A"},
                                         {"type": "wild_capture", "player": "A",
                                          "card": "maple-deer"}, stop("A")]))
    assert pts(r)["A"] == 6
    assert [y.id for y in r.player("A").yaku] == ["sanko"]


def test_od7_yaku_of_the_month():
    """OD7: round 3, yaku_of_the_month on, the 4 cherry cards and nothing else -> 4."""
    cherry = ["cherry-curtain", "cherry-poetry", "cherry-chaff-1", "cherry-chaff-2"]
    r = tally.score_round(G, rnd(cherry, events=[stop("A")], round_number=3),
                          options={"yaku_of_the_month": True})
    assert pts(r)["A"] == 4
    # round 3 by the carry: two rounds played before
    r = tally.score_round(G, rnd(cherry, events=[stop("A")], carry={"round": 2}),
                          options={"yaku_of_the_month": True})
    assert pts(r)["A"] == 4
    # not the month of round 1 (pine): no yaku, so no stop is possible
    with pytest.raises(TallyError, match="called stop but their captured cards hold no yaku"):
        tally.score_round(G, rnd(cherry, events=[stop("A")], round_number=1),
                          options={"yaku_of_the_month": True})


def test_od8_six_ribbons():
    """OD8: all 6 poetry + purple ribbons: 6 + 6 + tan 2 = 14."""
    ev = tally.evaluate(G, POETRY + PURPLE)
    assert ev.points == 14
    assert {(y.id, y.points) for y in ev.yaku} == {("akatan", 6), ("aotan", 6), ("tan", 2)}


def test_od9_willow_ribbon_no_extra():
    """OD9 (B1): 5 dry ribbons (no set) + willow-ribbon, no koi-koi: tan 1."""
    cards = ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon", "peony-blue",
             "willow-ribbon"]
    r = tally.score_round(G, rnd(cards, events=[stop("A")]))
    assert pts(r)["A"] == 1


@pytest.mark.parametrize("willow_opt", [True, False])
def test_od10_flat_sets(willow_opt):
    """OD10 (B1): 3 poetry + willow-ribbon: akatan 6 flat; the willow option is inert."""
    r = tally.score_round(G, rnd(POETRY + ["willow-ribbon"], events=[stop("A")]),
                          options={"willow_ribbon_counts_as_additional": willow_opt})
    assert pts(r)["A"] == 6


def test_od11_all_ribbons():
    """OD11: all 10 ribbons: tan (9 dry -> 5) + 6 + 6 = 17."""
    ribbons = POETRY + PURPLE + ["wisteria-ribbon", "iris-ribbon", "clover-ribbon",
                                 "willow-ribbon"]
    assert tally.evaluate(G, ribbons).points == 17


# ---- variations --------------------------------------------------------------------------------

def test_challenge_and_double_or_nothing():
    """Section 8 (koi-koi.md 5.5): challenge counts only the opponent's calls,
    double_or_nothing only the stopper's. O2 (own call): 7 / 14; O3 (opponent's call): 2 / 1."""
    o2 = rnd(FIVE_DRY_RIBBONS, events=[koi("A"), stop("A")])
    o3 = rnd(POETRY, FIVE_TENS, [koi("A"), stop("B")])
    assert pts(tally.score_round(G, o2, options={"challenge": True}))["A"] == 7
    assert pts(tally.score_round(G, o3, options={"challenge": True}))["B"] == 2
    assert pts(tally.score_round(G, o2, options={"double_or_nothing": True}))["A"] == 14
    assert pts(tally.score_round(G, o3, options={"double_or_nothing": True}))["B"] == 1


def test_bright_and_super_bright():
    """Section 8 bright / super_bright: 2 opening-field brights, O1: 6 x 2 = 12 / 6 x 3 =
    18; the count must be recorded."""
    ev = [{"type": "opening_field_brights", "count": 2}, stop("A")]
    assert pts(tally.score_round(G, rnd(POETRY, events=ev), options={"bright": True}))["A"] == 12
    assert pts(tally.score_round(G, rnd(POETRY, events=ev),
                                 options={"super_bright": True}))["A"] == 18
    with pytest.raises(TallyError, match='record "Opening field brights"') as e:
        tally.score_round(G, rnd(POETRY, events=[stop("A")]), options={"bright": True})
    assert e.value.option == "bright"


def test_automatic_win_flat_6():
    """Section 5 step 3: automatic_win: the holder scores 6 flat (koi-koi.md A11), wins and
    deals next."""
    ev = [{"type": "automatic_win_hand", "player": "B"},
          {"type": "opening_field_brights", "count": 1}]
    r = tally.score_round(G, rnd([], events=ev), options={"automatic_win": True,
                                                           "bright": True})
    assert pts(r) == {"A": 0, "B": 6} and r.winner == "B" == r.next_dealer


def test_four_of_a_kind_for_the_win():
    r = tally.score_round(G, rnd([], events=[{"type": "field_four_of_a_kind",
                                              "flower": "iris"}]),
                          options={"four_of_a_kind_for_the_win": True})
    assert pts(r) == {"A": 6, "B": 0} and r.winner == "A"


def test_field_four_is_a_misdeal_by_default():
    r = tally.score_round(G, rnd([], events=[{"type": "field_four_of_a_kind"}]))
    assert r.winner is None and r.next_dealer == "A" and r.carry["round"] == 0


def test_dealers_delight():
    """Section 8 dealers_delight (koi-koi.md A10): no stop and no yaku anywhere: dealer 6,
    not a round won."""
    r = tally.score_round(G, rnd(["pine-crane"], ["plum-warbler"]),
                          options={"dealers_delight": True})
    assert pts(r) == {"A": 6, "B": 0}
    assert r.winner is None and r.next_dealer == "A"
    assert r.carry["rounds_won"] == {"A": 0, "B": 0} and r.carry["totals"]["A"] == 6
    r = tally.score_round(G, rnd(POETRY, ["plum-warbler"]), options={"dealers_delight": True})
    assert pts(r) == {"A": 0, "B": 0}


def test_winner_scores_all_yaku():
    """Section 8: O3 with winner_scores_all_yaku: B's tane 1 + A's akatan 6 = 7, x2 = 14."""
    r = tally.score_round(G, rnd(POETRY, FIVE_TENS, [koi("A"), stop("B")]),
                          options={"winner_scores_all_yaku": True})
    assert pts(r)["B"] == (1 + 6) * 2


def test_minimum_points():
    """Section 8 minimum_points: fewer than 3 points cannot stop (O3's B has 1)."""
    with pytest.raises(TallyError, match="may not stop with 1 points") as e:
        tally.score_round(G, rnd(POETRY, FIVE_TENS, [koi("A"), stop("B")]),
                          options={"minimum_points": True})
    assert e.value.player == "B"


def test_sake_options_and_special_chaffs():
    """koi-koi.md 5.6 step 1 via Oni section 5: 9 chaffs incl. the storm count 10 under
    special_chaffs -> kasu 1; under sake_10_and_1 the sake adds a tenth chaff -> kasu 1."""
    chaffs = ["pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2",
              "cherry-chaff-1", "cherry-chaff-2", "iris-chaff-1", "iris-chaff-2",
              "willow-lightning"]
    assert tally.evaluate(G, chaffs).points == 0
    assert tally.evaluate(G, chaffs, options={"special_chaffs": True}).points == 1
    ev = tally.evaluate(G, chaffs + ["chrysanthemum-sake"], options={"sake_10_and_1": True})
    assert [(y.id, y.points) for y in ev.yaku] == [("kasu", 1)]


def test_steal_points_and_first_to_50():
    r = tally.score_round(G, rnd(POETRY, events=[stop("A")],
                                 carry={"totals": {"A": 45, "B": 0}}),
                          options={"steal_points": True, "first_to_50": True})
    assert r.carry["banks"] == {"A": 56, "B": 44}
    assert r.carry["game_over"] and r.carry["game_winner"] == "A"


# ---- errors ------------------------------------------------------------------------------------

def test_errors():
    with pytest.raises(TallyError, match="called stop but their captured cards hold no yaku"):
        tally.score_round(G, rnd(["pine-crane"], events=[stop("A")]))
    with pytest.raises(TallyError, match="called koi-koi but their captured cards hold no"):
        tally.score_round(G, rnd(["pine-crane"], POETRY, [koi("A"), stop("B")]))
    with pytest.raises(TallyError, match="after A's stop"):
        tally.score_round(G, rnd(POETRY, events=[stop("A"), koi("B")]))
    with pytest.raises(TallyError, match="2-2 players, not 3"):
        tally.score_round(G, {"players": ["A", "B", "C"], "captures": {}})
    with pytest.raises(TallyError, match="'Bonus card: one junk' is not in the Oni Koi-Koi deck"):
        tally.evaluate(G, ["joker-1"])
    with pytest.raises(TallyError, match='"Automatic win hand" needs the house rule'):
        tally.score_round(G, rnd([], events=[{"type": "automatic_win_hand", "player": "A"}]))
    with pytest.raises(TallyError, match="x3 instead of x4 .* needs the house rule"):
        tally.evaluate(G, [], options={"lucky_7_triple": True})
    with pytest.raises(TallyError, match="revealed the Phoenix but was not dealt"):
        hand = ["pine-crane", "pine-chaff-1", "plum-warbler", "plum-chaff-1", "iris-bridge",
                "maple-deer", "clover-boar", "peony-blue"]
        tally.score_round(G, rnd(POETRY, events=[{"type": "phoenix_revealed", "player": "A"},
                                                 stop("A")], hands={"A": hand}))
    with pytest.raises(TallyError, match="has no field 'colour'"):
        tally.score_round(G, rnd(POETRY, events=[{"type": "stop", "player": "A",
                                                  "colour": 1}]))


def test_registry():
    g = GAMES[G]
    ids = [o.id for o in g.options]
    assert len([i for i in ids if i not in (
        "willow_ribbon_counts_as_additional", "lucky_7_threshold_uses_base",
        "minimum_points_call_counts_as_koikoi", "steal_points_bank", "lucky_7_triple")]) == 22
    assert [p.id for p in g.presets] == ["book"]
    assert len(g.yaku) == 10  # 9 + yaku_of_the_month


# ---- properties ------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), k=st.integers(0, 24),
       opts=st.sampled_from([{}, {"count_all_yaku": True}, {"only_one_yaku": True},
                             {"special_chaffs": True}, {"sake_10_or_1": True}]))
def test_random_piles(seed, k, opts):
    """Section 4 ranges (bright 0-15, ribbon 0-17); order never matters; a Stop pays exactly
    the stopper's score (zero-sum)."""
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    a = deck[:k]
    ev = tally.evaluate(G, a, options=opts)
    assert tally.evaluate(G, a[::-1], options=opts).points == ev.points
    bright = sum(y.points for y in ev.yaku if y.id in ("goko", "shiko", "ame_shiko", "sanko"))
    assert bright <= (39 if opts.get("count_all_yaku") else 15)
    assert sum(y.points for y in ev.yaku if y.id in ("tan", "aotan", "akatan")) <= 17
    if ev.yaku:
        r = tally.score_round(G, rnd(a, deck[k:k + 10], [stop("A")]), options=opts)
        assert r.net() == {"A": ev.points, "B": -ev.points}


def test_game_end_by_length():
    """Section 6: after the agreed rounds the highest total wins; tie -> most rounds won."""
    r = tally.score_round(G, rnd(POETRY, events=[stop("A")], length=6,
                                 carry={"round": 5, "totals": {"A": 10, "B": 16},
                                        "rounds_won": {"A": 1, "B": 3}}))
    # totals 10 + 6 = 16 and 16: a tie; rounds won 1 + 1 = 2 against 3 -> B
    assert r.carry["game_over"] and r.carry["game_winner"] == "B"
