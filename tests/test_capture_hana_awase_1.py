"""Hana-Awase 1: shared/rules/hana-awase-1.md (seed 002, chapter 6, lines 909-1004; Quick
Reference Chart p. 200, lines 8221-8261)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, FULL_DECK, CardSet

G = "hana-awase-1"
DECK = CardSet(FULL_DECK).slugs
BOOK = {"bright": 20, "ten": 10, "ribbon": 5, "chaff": 1}  # section 2


def book_value(slugs):
    return sum(BOOK[CARD[s].kind] for s in slugs)


def rest(*piles):
    used = {s for p in piles for s in p}
    return [s for s in DECK if s not in used]


# hana-awase-1.md 9 (seed 967-977): 4 brights, 5 tens, 3 ribbons, 6 chaff; only BDB.
EX1 = ["pine-crane", "pine-poetry", "pampas-moon", "pampas-geese", "paulownia-phoenix",
       "paulownia-chaff-1", "willow-rainman", "willow-swallow", "clover-boar", "clover-ribbon",
       "maple-deer", "maple-chaff-1", "peony-butterflies", "peony-chaff-1", "iris-ribbon",
       "iris-chaff-1", "plum-chaff-1", "plum-chaff-2"]
VIEWS = ["cherry-curtain", "cherry-chaff-1", "pampas-moon", "pampas-chaff-1",
         "chrysanthemum-sake", "chrysanthemum-chaff-1"]
BRIGHTS_WARBLER = ["pine-crane", "pine-chaff-1", "cherry-curtain", "cherry-chaff-1",
                   "pampas-moon", "pampas-chaff-1", "willow-rainman", "willow-lightning",
                   "paulownia-phoenix", "paulownia-chaff-1", "plum-warbler", "plum-chaff-1"]
# A 3-way split of the deck with no yaku and a 93 / 78 / 93 card-value tie (checked below).
TA = ["pine-poetry", "pine-chaff-2", "cherry-curtain", "cherry-chaff-2", "wisteria-cuckoo",
      "wisteria-chaff-2", "peony-chaff-1", "peony-chaff-2", "clover-ribbon", "clover-chaff-2",
      "pampas-geese", "pampas-chaff-1", "willow-swallow", "willow-ribbon", "paulownia-phoenix",
      "paulownia-chaff-1"]
TB = ["pine-crane", "pine-chaff-1", "plum-poetry", "plum-chaff-2", "cherry-poetry",
      "cherry-chaff-1", "wisteria-ribbon", "wisteria-chaff-1", "iris-chaff-1", "iris-chaff-2",
      "clover-boar", "clover-chaff-1", "chrysanthemum-sake", "chrysanthemum-blue",
      "maple-deer", "maple-chaff-1"]


def three(a, b, dealer="Aki", **extra):
    return {"players": ["Aki", "Bo", "Cy"], "dealer": dealer,
            "captures": {"Aki": a, "Bo": b, "Cy": rest(a, b)}, **extra}


def test_example_1():
    """hana-awase-1.md 9 / seed 967-973: 151 + 35 = 186."""
    ev = tally.evaluate(G, EX1)
    assert ev.details["card_value"] == 151
    assert [(y.id, y.points) for y in ev.yaku] == [("boar_deer_butterfly", 35)]
    assert ev.points == 186


def test_example_1_as_a_round():
    r = tally.score_round(G, three(EX1, TB[:0]))
    assert r.player("Aki").points == 186
    assert sum(p.base_points for p in r.players) == 264


def test_views_one_of_keeps_flower_viewing():
    """hana-awase-1.md 9 derived / 5.4: curtain, moon and sake score 30 (not 50): 53 + 30."""
    ev = tally.evaluate(G, VIEWS)
    assert [(y.id, y.points) for y in ev.yaku] == [("flower_viewing", 30)]
    assert ev.points == 83


def test_five_brights_replace_the_other_bright_yaku():
    """hana-awase-1.md 9 derived: 116 + 75 = 191; SSB 35 and 4DB 50 do not add."""
    ev = tally.evaluate(G, BRIGHTS_WARBLER)
    assert [(y.id, y.points) for y in ev.yaku] == [("five_brights", 75)]
    assert ev.points == 191


def test_ribbon_group_is_each():
    """hana-awase-1.md 4 notes: 7 dry ribbons with both sets score 50 + 35 + 35 = 120."""
    cards = ["pine-poetry", "plum-poetry", "cherry-poetry", "peony-blue", "chrysanthemum-blue",
             "maple-blue", "iris-ribbon"]
    ev = tally.evaluate(G, cards)
    assert {y.id: y.points for y in ev.yaku} == {
        "seven_dry_ribbons": 50, "purple_ribbons": 35, "poetry_ribbons": 35}
    assert ev.points == 7 * 5 + 120


@pytest.mark.parametrize("yaku_id, cards, points", [
    ("five_brights", ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman",
                      "paulownia-phoenix"], 75),
    # 10.1: the chart's "5 Dry Brights = 50" is the text's 4 Dry Brights = 50
    ("four_dry_brights", ["pine-crane", "cherry-curtain", "pampas-moon",
                          "paulownia-phoenix"], 50),
    ("spring_semi_brights", ["pine-crane", "plum-warbler", "cherry-curtain"], 35),
    ("purple_ribbons", ["peony-blue", "chrysanthemum-blue", "maple-blue"], 35),
    ("poetry_ribbons", ["pine-poetry", "plum-poetry", "cherry-poetry"], 35),
    ("flower_viewing", ["cherry-curtain", "chrysanthemum-sake"], 30),
    ("moon_viewing", ["pampas-moon", "chrysanthemum-sake"], 20),
    ("boar_deer_butterfly", ["clover-boar", "maple-deer", "peony-butterflies"], 35),
])
def test_every_yaku_value(yaku_id, cards, points):
    """hana-awase-1.md section 4 table (seed 947-983, chart 8231-8259)."""
    ev = tally.evaluate(G, cards)
    assert [(y.id, y.points) for y in ev.yaku] == [(yaku_id, points)]
    assert ev.points == book_value(cards) + points


@pytest.mark.parametrize("cards", [
    ["pine-crane", "pampas-moon", "paulownia-phoenix"],  # no Crane-Moon-Phoenix here
    ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"],  # no plain-ribbon yaku
    ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2"],
    ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon", "peony-blue",
     "maple-blue"],  # no 6-ribbon yaku
])
def test_matching_flowers_yaku_do_not_exist_here(cards):
    """hana-awase-1.md 4 notes: no CMP, 6-ribbon, plain-ribbon, Views or month yaku."""
    assert tally.evaluate(G, cards).yaku == ()


def test_tie_fixture_has_no_yaku_and_ties():
    assert book_value(TA) == book_value(rest(TA, TB)) == 93 and book_value(TB) == 78
    assert all(not tally.evaluate(G, p).yaku for p in (TA, TB, rest(TA, TB)))


def test_round_tie_without_dealer_tie_breaker():
    """hana-awase-1.md 5.8 / 10.5: no credit; the next dealer by the capture-basics order."""
    r = tally.score_round(G, three(TA, TB, dealer="Bo"))
    assert r.winner is None and r.next_dealer == "Cy"  # order from Bo: Bo, Cy, Aki
    r = tally.score_round(G, three(TA, TB, dealer="Aki"))
    assert r.winner is None and r.next_dealer == "Aki"


def test_dealer_tie_breaker():
    """hana-awase-1.md 8 (seed 993): a tie with the dealer goes to the dealer; among
    non-dealers, to the one nearest the dealer's right (earliest in turn order)."""
    on = {"dealer_tie_breaker": True}
    r = tally.score_round(G, three(TA, TB, dealer="Cy"), options=on)
    assert r.winner == "Cy" and r.next_dealer == "Cy"
    r = tally.score_round(G, three(TA, TB, dealer="Bo"), options=on)
    assert r.winner == "Cy" and r.carry["wins"]["Cy"] == 1
    r = tally.score_round(G, {"players": ["Aki", "Bo", "Cy", "Dee"], "dealer": "Dee",
                              "captures": {"Aki": TA, "Bo": TB, "Cy": rest(TA, TB),
                                           "Dee": []}}, options=on)
    assert r.winner == "Aki"  # order from Dee: Dee, Aki, Bo, Cy


def test_winner_takes_all():
    """hana-awase-1.md 8 / 10.4: the winner takes everyone's points; the others score 0."""
    r = tally.score_round(G, three(TA, TB, dealer="Bo"), options={"winner_takes_all": True})
    assert [p.points for p in r.players] == [0, 0, 93 + 78 + 93]
    assert r.winner == "Cy"


def test_four_pairs_is_not_a_misdeal_here():
    """hana-awase-1.md 3 / 10.3: the chapter's list has no four-pairs misdeal."""
    ev = {"type": "misdeal", "reason": "hand_four_pairs", "player": "Bo"}
    with pytest.raises(TallyError, match='"a player was dealt four pairs" is not a misdeal here'):
        tally.score_round(G, three(EX1, [], events=[ev]))
    ok = {"type": "misdeal", "reason": "hand_four_of_a_kind", "player": "Bo"}
    assert tally.score_round(G, three(EX1, [], events=[ok])).next_dealer == "Aki"


def test_options_presets_and_players():
    g = tally.get_game(G)
    assert [o.id for o in g.options][:5] == [
        "four_of_a_kind_not_misdeal", "winner_takes_all", "dealer_tie_breaker",
        "counting_rounds", "first_dealer_tie_breaker"]
    assert [p.id for p in g.presets] == ["book"] and g.players == (3, 4)
    assert len(g.yaku) == 9
    with pytest.raises(TallyError, match="players, not 2"):
        tally.score_round(G, {"players": ["Aki", "Bo"], "captures": {}})


@st.composite
def deals(draw):
    n = draw(st.integers(3, 4))
    owners = draw(st.lists(st.integers(0, n - 1), min_size=48, max_size=48))
    names = ["Aki", "Bo", "Cy", "Dee"][:n]
    return {"players": names, "dealer": draw(st.sampled_from(names)),
            "captures": {p: [s for s, o in zip(DECK, owners) if o == i]
                         for i, p in enumerate(names)}}


@settings(max_examples=120, deadline=None)
@given(deals(), st.booleans(), st.booleans())
def test_random_rounds(rnd, wta, dtb):
    opts = {"winner_takes_all": wta, "dealer_tie_breaker": dtb, "settle_per_point": 2}
    r = tally.score_round(G, rnd, options=opts)
    pts = {p.player: p.points for p in r.players}
    assert sum(p.base_points for p in r.players) == 264
    assert sum(r.net().values()) == 0
    assert all(pts[p] >= book_value(c) for p, c in rnd["captures"].items()) or wta
    if dtb or wta:
        assert r.winner is not None
    assert r.winner is None or pts[r.winner] == max(pts.values())
    flipped = {**rnd, "captures": {p: c[::-1] for p, c in rnd["captures"].items()}}
    assert tally.score_round(G, flipped, options=opts).to_dict() == r.to_dict()
