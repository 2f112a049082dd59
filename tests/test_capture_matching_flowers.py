"""Matching Flowers: shared/rules/matching-flowers.md (seed 002, chapter 5, lines 771-908;
Quick Reference Chart p. 199, lines 8163-8219)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, FULL_DECK, CardSet

G = "matching-flowers"
DECK = CardSet(FULL_DECK).slugs
SHORT = {"shorter_rounds": True}  # lets a round leave cards uncaptured (small fixtures)
BOOK = {"bright": 20, "ten": 10, "ribbon": 5, "chaff": 1}  # section 2


def book_value(slugs):
    return sum(BOOK[CARD[s].kind] for s in slugs)


def rest(*piles):
    used = {s for p in piles for s in p}
    return [s for s in DECK if s not in used]


# matching-flowers.md 9, Example 1 (seed 871-897): 4 brights, 5 tens, 3 ribbons, 10 chaff.
EX1 = ["pine-crane", "pine-chaff-1", "pampas-moon", "pampas-geese", "paulownia-phoenix",
       "paulownia-chaff-1", "willow-rainman", "willow-lightning", "clover-boar",
       "clover-ribbon", "maple-deer", "maple-chaff-1", "peony-butterflies", "peony-chaff-1",
       "wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2",
       "iris-ribbon", "iris-chaff-1", "plum-chaff-1", "plum-chaff-2"]
FIVE_BRIGHTS = ["pine-crane", "pine-chaff-1", "cherry-curtain", "cherry-chaff-1", "pampas-moon",
                "pampas-chaff-1", "willow-rainman", "willow-lightning", "paulownia-phoenix",
                "paulownia-chaff-1"]
VIEWS = ["cherry-curtain", "cherry-chaff-1", "pampas-moon", "pampas-chaff-1",
         "chrysanthemum-sake", "chrysanthemum-chaff-1"]
WILLOWS = ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"]


def rnd(a, b, dealer="Aki", **extra):
    return {"players": ["Aki", "Bo"], "dealer": dealer, "captures": {"Aki": a, "Bo": b},
            **extra}


def test_example_1():
    """matching-flowers.md 9, Example 1: 155 + (20 + 20 + 20 + 10) = 225 (seed 871-875)."""
    ev = tally.evaluate(G, EX1)
    assert ev.details["card_value"] == 155
    assert {y.id: y.points for y in ev.yaku} == {
        "crane_moon_phoenix": 20, "boar_deer_butterfly": 20, "dry_plain_ribbons": 20,
        "all_four_wisteria": 10}
    assert ev.points == 225


def test_example_1_rain_man_is_not_dry():
    """Seed 873: the rain bright is "wet" and never counts toward a dry yaku."""
    ev = tally.evaluate(G, EX1)
    assert "four_dry_brights" not in {y.id for y in ev.yaku}
    # the wisteria ribbon serves two yaku of different groups (seed 901)
    cards = {y.id: y.cards for y in ev.yaku}
    assert "wisteria-ribbon" in cards["dry_plain_ribbons"]
    assert "wisteria-ribbon" in cards["all_four_wisteria"]


def test_example_1_as_a_round():
    r = tally.score_round(G, rnd(EX1, rest(EX1)))
    aki = r.player("Aki")
    assert aki.points == 225 and aki.base_points == 155
    assert [s.op for s in aki.steps] == ["base", "add", "add", "add", "add"]
    assert sum(p.base_points for p in r.players) == 264
    assert r.payments == ()


def test_five_brights_one_of_group():
    """matching-flowers.md 9, derived: 105 + five_brights 100 = 205; the rest of the Bright
    group does not add."""
    ev = tally.evaluate(G, FIVE_BRIGHTS)
    assert ev.points == 205
    assert [y.id for y in ev.yaku] == ["five_brights"]


def test_the_views_replaces_the_viewings():
    """matching-flowers.md 9, derived: 53 + the_views 40 = 93, not 40 + 20 + 20."""
    ev = tally.evaluate(G, VIEWS)
    assert ev.points == 93
    assert [y.id for y in ev.yaku] == ["the_views"]


@pytest.mark.parametrize("yaku_id, cards, points", [
    ("five_brights", ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman",
                      "paulownia-phoenix"], 100),
    ("four_dry_brights", ["pine-crane", "cherry-curtain", "pampas-moon",
                          "paulownia-phoenix"], 60),
    ("spring_semi_brights", ["pine-crane", "plum-warbler", "cherry-curtain"], 30),
    ("crane_moon_phoenix", ["pine-crane", "pampas-moon", "paulownia-phoenix"], 20),
    ("seven_dry_ribbons", ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon",
                           "peony-blue", "clover-ribbon", "maple-blue"], 40),
    ("six_dry_ribbons", ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon",
                         "peony-blue", "maple-blue"], 30),
    ("poetry_ribbons", ["pine-poetry", "plum-poetry", "cherry-poetry"], 40),
    ("purple_ribbons", ["peony-blue", "chrysanthemum-blue", "maple-blue"], 40),
    ("dry_plain_ribbons", ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"], 20),
    ("the_views", ["cherry-curtain", "pampas-moon", "chrysanthemum-sake"], 40),
    ("flower_viewing", ["cherry-curtain", "chrysanthemum-sake"], 20),
    ("moon_viewing", ["pampas-moon", "chrysanthemum-sake"], 20),
    ("boar_deer_butterfly", ["clover-boar", "maple-deer", "peony-butterflies"], 20),
    ("all_four_wisteria", ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1",
                           "wisteria-chaff-2"], 10),
    ("all_four_willow", WILLOWS, 10),
])
def test_every_yaku_value(yaku_id, cards, points):
    """matching-flowers.md section 4 table (chart lines 8177-8217). Seven dry ribbons always
    hold a full set (at most 2 of each of the three sets is 6), here the plain one (20)."""
    ev = tally.evaluate(G, cards)
    extra = {"seven_dry_ribbons": [("dry_plain_ribbons", 20)]}.get(yaku_id, [])
    assert [(y.id, y.points) for y in ev.yaku] == [(yaku_id, points)] + extra
    assert ev.points == book_value(cards) + points + sum(p for _, p in extra)


def test_seven_dry_ribbons_ignore_the_willow_ribbon():
    """Six dry ribbons plus the willow ribbon are still 6 dry ribbons (30, not 40)."""
    cards = ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon", "peony-blue",
             "maple-blue", "willow-ribbon"]
    ev = tally.evaluate(G, cards)
    assert [(y.id, y.points) for y in ev.yaku] == [("six_dry_ribbons", 30)]


def test_five_dry_ribbons_score_no_count_yaku():
    """Section 4: the ribbon-count group starts at 6 dry ribbons."""
    five = ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon", "peony-blue"]
    assert tally.evaluate(G, five).yaku == ()


def test_ribbon_groups_add_together():
    """Section 4: groups always add; all 9 dry ribbons = 7-ribbon 40 + 40 + 40 + 20."""
    nine = ["pine-poetry", "plum-poetry", "cherry-poetry", "peony-blue", "chrysanthemum-blue",
            "maple-blue", "wisteria-ribbon", "iris-ribbon", "clover-ribbon"]
    ev = tally.evaluate(G, nine)
    assert ev.points == 9 * 5 + 40 + 40 + 40 + 20


# ---- variations (section 8) -----------------------------------------------------------------

LOW_A = ["pine-crane", "pine-chaff-1"]  # 21
LOW_B = ["plum-warbler", "plum-poetry", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1",
         "cherry-chaff-2"]  # 10 + 5 + 1 + 1 + 1 + 1 = 19


def test_low_man_out_zeroes_everyone_below_20():
    """matching-flowers.md 8 / 10.3: a score of 19 (< 20) zeroes the round; 10.7: a tie of all
    players, so the dealer keeps the deal and no win is credited."""
    r = tally.score_round(G, rnd(LOW_A, LOW_B, dealer="Bo"),
                          options={**SHORT, "low_man_out": True})
    assert [p.points for p in r.players] == [0, 0]
    assert r.winner is None and r.next_dealer == "Bo"
    assert r.player("Aki").steps[-1].id == "low_man_out"
    assert "Bo scored 19" in r.player("Aki").steps[-1].reason


def test_low_man_out_winner_reading_option():
    """matching-flowers.md 10.7: the alternative credits the highest score before zeroing."""
    r = tally.score_round(G, rnd(LOW_A, LOW_B, dealer="Bo"),
                          options={**SHORT, "low_man_out": True,
                                   "low_man_out_winner": "highest_before"})
    assert [p.points for p in r.players] == [0, 0]
    assert r.winner == "Aki" and r.next_dealer == "Aki"


def test_low_man_out_threshold_is_strictly_below_20():
    """matching-flowers.md 10.3: follow the book, "less than 20": 20 itself is safe."""
    b = ["pine-crane"]  # 20 (an odd month count: only a warning)
    a = ["cherry-curtain", "cherry-chaff-1"]  # 21
    r = tally.score_round(G, rnd(a, b), options={**SHORT, "low_man_out": True})
    assert [p.points for p in r.players] == [21, 20]
    assert r.winner == "Aki"


def test_low_man_out_off_by_default():
    r = tally.score_round(G, rnd(LOW_A, LOW_B), options=SHORT)
    assert [p.points for p in r.players] == [21, 19]


def test_rain_washes_points():
    """matching-flowers.md 8: the collector of all four willow cards scores normally (with
    all_four_willow); all others score 0."""
    a = WILLOWS  # 20 + 10 + 5 + 1 = 36, + all_four_willow 10 = 46
    b = ["pine-crane", "pine-chaff-1", "pampas-moon", "pampas-chaff-1"]  # 42
    r = tally.score_round(G, rnd(a, b), options={**SHORT, "rain_washes_points": True})
    assert r.player("Aki").points == 46
    assert r.player("Bo").points == 0
    assert r.player("Bo").steps[-1].id == "rain_washes_points"
    assert r.winner == "Aki"
    off = tally.score_round(G, rnd(a, b), options=SHORT)
    assert off.player("Bo").points == 42


def test_winner_takes_all_with_rain():
    """matching-flowers.md 10.2: under winner_takes_all, rain-zeroed opponents add 0."""
    a = WILLOWS
    b = ["pine-crane", "pine-chaff-1", "pampas-moon", "pampas-chaff-1"]
    r = tally.score_round(G, rnd(a, b), options={**SHORT, "rain_washes_points": True,
                                                 "winner_takes_all": True})
    assert [p.points for p in r.players] == [46, 0]


def test_winner_takes_all_sums_every_score():
    """matching-flowers.md 8: the winner scores all players' round scores; others 0."""
    a = EX1  # 225 (Example 1)
    b = VIEWS[:2] + VIEWS[4:]  # cherry-curtain, cherry-chaff-1, sake, chrysanthemum chaff:
    # 20 + 1 + 10 + 1 = 32 + flower_viewing 20 = 52
    r = tally.score_round(G, rnd(a, b), options={**SHORT, "winner_takes_all": True})
    assert r.player("Aki").points == 225 + 52
    assert r.player("Bo").points == 0
    assert r.winner == "Aki" and r.player("Aki").steps[-1].id == "winner_takes_all"


def test_winner_takes_all_tie_goes_to_the_tie_break_order():
    """matching-flowers.md 10.4: a tied round: the next-dealer order's player takes the pot."""
    a = ["pine-crane", "pine-chaff-1"]  # 21
    b = ["cherry-curtain", "cherry-chaff-1"]  # 21
    for dealer in ("Aki", "Bo"):
        r = tally.score_round(G, rnd(a, b, dealer=dealer),
                              options={**SHORT, "winner_takes_all": True})
        assert r.player(dealer).points == 42
        assert r.winner == dealer and r.next_dealer == dealer


def test_shorter_rounds_allows_uncaptured_cards_only_when_on():
    """matching-flowers.md 8: with shorter_rounds cards may stay uncaptured; without it every
    card is captured (values total 264)."""
    with pytest.raises(TallyError, match="not 264"):
        tally.score_round(G, rnd(LOW_A, LOW_B))
    assert tally.score_round(G, rnd(LOW_A, LOW_B), options=SHORT).winner == "Aki"


def test_four_of_a_kind_not_misdeal_rejects_a_field_four_misdeal():
    """matching-flowers.md 8: with four_of_a_kind_not_misdeal the dealer captures them."""
    ev = {"type": "misdeal", "reason": "field_four"}
    r = tally.score_round(G, {"players": ["Aki", "Bo"], "events": [ev]})
    assert r.next_dealer == "Aki" and "misdeal" in r.notes[0]
    with pytest.raises(TallyError, match="is not a misdeal here, under the house rule") as e:
        tally.score_round(G, {"players": ["Aki", "Bo"], "events": [ev]},
                          options={"four_of_a_kind_not_misdeal": True})
    assert e.value.rule == "misdeal"


def test_counting_rounds_and_first_dealer_tie_breaker_at_game_end():
    """matching-flowers.md 8: counting_rounds (most wins, then points) and
    first_dealer_tie_breaker (a tied game goes to the first dealer)."""
    a = ["pine-crane", "pine-chaff-1"]  # 21
    b = ["cherry-curtain", "cherry-chaff-1"]  # 21: a tied round, no win credited
    carry = {"round": 5, "totals": {"Aki": 100, "Bo": 120}, "wins": {"Aki": 3, "Bo": 2},
             "first_dealer": "Aki"}
    base = rnd(a, b, carry=carry, length=6)
    assert tally.score_round(G, base, options=SHORT).carry["game_winner"] == "Bo"
    r = tally.score_round(G, base, options={**SHORT, "counting_rounds": True})
    assert r.carry["game_winner"] == "Aki"
    tied = rnd(a, b, carry={**carry, "totals": {"Aki": 100, "Bo": 100},
                            "wins": {"Aki": 2, "Bo": 2}}, length=6)
    assert tally.score_round(G, tied, options=SHORT).carry["game_winner"] is None
    r = tally.score_round(G, tied, options={**SHORT, "first_dealer_tie_breaker": True})
    assert r.carry["game_winner"] == "Aki"


def test_options_and_presets_are_served():
    g = tally.get_game(G)
    ids = [o.id for o in g.options]
    for oid in ("four_of_a_kind_not_misdeal", "shorter_rounds", "winner_takes_all",
                "low_man_out", "rain_washes_points", "counting_rounds",
                "first_dealer_tie_breaker", "low_man_out_winner"):
        assert oid in ids
    assert "dealer_tie_breaker" not in ids  # not a chapter 5 variation
    assert [p.id for p in g.presets] == ["book"]
    assert all(v is False for k, v in g.rules("book").items() if isinstance(v, bool))
    assert len(g.yaku) == 15 and g.players == (2, 3) and g.lengths == (6, 12)


@pytest.mark.parametrize("round_, needle", [
    ({"players": ["A", "B", "C", "D"], "captures": {}}, "players, not 4"),
    (rnd(EX1, rest(EX1)[2:]), "2 card\\(s\\) are in nobody's captures"),
    (rnd(EX1, rest(EX1), length=3), "length 3 is not an agreed game length"),
    (rnd(["pine-crane"], ["pine-crane"]), "'Pine with crane' is in both"),
])
def test_bad_rounds(round_, needle):
    with pytest.raises(TallyError, match=needle):
        tally.score_round(G, round_)


@st.composite
def deals(draw):
    n = draw(st.integers(2, 3))
    owners = draw(st.lists(st.integers(0, n - 1), min_size=48, max_size=48))
    names = ["Aki", "Bo", "Cy"][:n]
    return {"players": names, "dealer": draw(st.sampled_from(names)),
            "captures": {p: [s for s, o in zip(DECK, owners) if o == i]
                         for i, p in enumerate(names)}}


@settings(max_examples=120, deadline=None)
@given(deals(), st.fixed_dictionaries({k: st.booleans() for k in (
    "low_man_out", "rain_washes_points", "winner_takes_all")}))
def test_random_rounds(rnd_, opts):
    opts = {**opts, "settle_per_point": 1}
    r = tally.score_round(G, rnd_, options=opts)
    pts = {p.player: p.points for p in r.players}
    assert sum(p.base_points for p in r.players) == 264
    assert sum(r.net().values()) == 0
    if opts["low_man_out"] and not (opts["winner_takes_all"] or opts["rain_washes_points"]):
        assert all(v == 0 for v in pts.values()) or all(v >= 20 for v in pts.values())
    if opts["winner_takes_all"]:
        assert sorted(pts.values())[:-1] == [0] * (len(pts) - 1)
    plain = tally.score_round(G, rnd_)
    if not any(opts[k] for k in ("low_man_out", "rain_washes_points", "winner_takes_all")):
        assert pts == {p.player: p.points for p in plain.players}
    reversed_ = {**rnd_, "captures": {p: c[::-1] for p, c in rnd_["captures"].items()}}
    assert tally.score_round(G, reversed_, options=opts).to_dict() == r.to_dict()
