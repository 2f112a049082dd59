"""Six Hundred: shared/rules/six-hundred.md (seed 002, chapter 9, lines 1265-1494; Quick
Reference Chart pp. 203-204, lines 8345-8429)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import FULL_DECK, CardSet

G = "six-hundred"
DECK = CardSet(FULL_DECK).slugs

# six-hundred.md section 9 fixtures (seed 1415-1471).
A = ["pine-crane", "pine-chaff-1", "pampas-moon", "pampas-geese", "paulownia-phoenix",
     "paulownia-chaff-1", "wisteria-cuckoo", "wisteria-ribbon", "iris-bridge", "iris-ribbon",
     "clover-ribbon", "clover-chaff-1", "willow-swallow", "willow-ribbon", "plum-chaff-1",
     "plum-chaff-2", "peony-chaff-1", "peony-chaff-2"]
B = ["cherry-curtain", "cherry-chaff-1", "chrysanthemum-sake", "chrysanthemum-chaff-1",
     "clover-boar", "clover-chaff-2", "maple-deer", "maple-chaff-1", "peony-butterflies",
     "peony-blue", "pine-poetry", "pine-chaff-2", "chrysanthemum-blue", "chrysanthemum-chaff-2",
     "iris-chaff-1", "iris-chaff-2"]
C_HAND = ["pine-chaff-1", "pine-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
          "wisteria-chaff-1", "paulownia-chaff-1", "paulownia-chaff-2"]
C = ["paulownia-phoenix", "paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2",
     "plum-warbler", "plum-chaff-1", "iris-bridge", "iris-chaff-1", "maple-blue",
     "maple-chaff-1", "pine-chaff-1", "pine-chaff-2"]
VIEWS = ["cherry-curtain", "cherry-chaff-1", "pampas-moon", "pampas-chaff-1",
         "chrysanthemum-sake", "chrysanthemum-chaff-1"]
FOUR_DRY = ["pine-crane", "pine-chaff-1", "cherry-curtain", "cherry-chaff-1", "pampas-moon",
            "pampas-chaff-1", "paulownia-phoenix", "paulownia-chaff-1", "plum-warbler",
            "plum-chaff-1"]
CMP_SAKE = ["pine-crane", "pine-chaff-1", "pampas-moon", "pampas-chaff-1", "paulownia-phoenix",
            "paulownia-chaff-1", "chrysanthemum-sake", "chrysanthemum-chaff-1"]
CLAIM_C = {"type": "hand_combination_claim", "player": "C", "combinations": ["hand_all_chaff"],
           "cards": C_HAND}
SHORT = {"shorter_rounds": True}


def three(a, b, c, **extra):
    return {"players": ["A", "B", "C"], "dealer": "A", "captures": {"A": a, "B": b, "C": c},
            **extra}


def two(a, b, **extra):
    return {"players": ["X", "Y"], "dealer": "X", "captures": {"X": a, "Y": b}, **extra}


def yaku(ev):
    return {y.id: y.points for y in ev.yaku}


# ---- section 9, the book's example -------------------------------------------------------

def test_player_a_480():
    """six-hundred.md 9 / seed 1419-1427 and 1461: 230 + (150 + 100) = 480."""
    ev = tally.evaluate(G, A)
    assert ev.details["card_value"] == 230
    assert yaku(ev) == {"crane_moon_phoenix": 150, "dry_plain_ribbons": 100}
    assert ev.points == 480


def test_player_b_520_not_the_printed_370():
    """six-hundred.md 9 / 10.1 (seed 1435-1439, 1463): 120 + (100 + 300) = 520. The seed
    prints 0 + 120 + 250 = 370, adding A's yaku value; the book's own rule and figures give
    520."""
    ev = tally.evaluate(G, B)
    assert ev.details["card_value"] == 120
    assert yaku(ev) == {"flower_viewing": 100, "boar_deer_butterfly": 300}
    assert ev.points == 520


def test_player_c_580_with_all_chaffs():
    """six-hundred.md 9 / seed 1443-1467: hand 400 + cards 130 + all_four_paulownia 50 = 580;
    C wins the round (against the book's A 480 and B 520, shown in the example round)."""
    r = tally.score_round(G, three([], [], C, events=[CLAIM_C]), options=SHORT)
    c = r.player("C")
    assert c.base_points == 130
    assert {y.id: y.points for y in c.yaku} == {"hand_all_chaff": 400, "all_four_paulownia": 50}
    assert c.points == 580 and r.winner == "C"
    assert r.carry["totals"]["C"] == 580 and "game_over" not in r.carry  # 580 < 600


def test_round_example_scores_a_and_b_as_the_book():
    r = tally.score_round(G, tally.get_game(G).round_example)
    assert r.player("A").points == 480 and r.player("B").points == 520
    assert r.player("C").points == 400 + 50 + 10 + 10 + 10 + 10  # hand + warbler + 4 x 10


def test_views_one_of():
    """six-hundred.md 9 derived: 110 + the_views 300 = 410 (not 300 + 100 + 100)."""
    ev = tally.evaluate(G, VIEWS)
    assert yaku(ev) == {"the_views": 300} and ev.points == 410


def test_rain_until_sunrise():
    """six-hundred.md 9 derived: with a willow card and no crane the Views score 0 (120);
    adding pine-crane and pine-chaff-2 restores them: 170 + 300 = 470."""
    on = {"rain_until_sunrise": True}
    wet = VIEWS + ["willow-swallow", "willow-lightning"]
    ev = tally.evaluate(G, wet, options=on)
    assert ev.points == 120
    assert yaku(ev) == {"the_views": 0}
    assert tally.evaluate(G, wet).points == 420  # off: 120 + 300
    ev = tally.evaluate(G, wet + ["pine-crane", "pine-chaff-2"], options=on)
    assert ev.points == 470 and yaku(ev) == {"the_views": 300}


def test_bright_group_stacks_and_four_dry_brights_ends_the_game():
    """six-hundred.md 9 derived: 250 + 600 + 150 + 150 = 1150; the game ends and this player
    wins even if another player also passes 600 (section 6)."""
    ev = tally.evaluate(G, FOUR_DRY)
    assert yaku(ev) == {"four_dry_brights": 600, "crane_moon_phoenix": 150,
                        "spring_semi_brights": 150}
    assert ev.points == 1150
    other = ["maple-deer", "maple-chaff-1"]  # 10
    carry = {"round": 3, "totals": {"X": 0, "Y": 1200}}
    r = tally.score_round(G, two(FOUR_DRY, other, carry=carry), options=SHORT)
    assert r.carry["totals"] == {"X": 1150, "Y": 1210}
    assert r.carry["game_over"] and r.carry["game_winner"] == "X"


def test_crane_moon_phoenix_with_moon_viewing_pins_the_groups():
    """six-hundred.md 9 derived / 10.2: 160 + CMP 150 + Moon Viewing 100 = 410; under the other
    reading (CMP in the one-of Views group) the yaku would be 150: 310."""
    ev = tally.evaluate(G, CMP_SAKE)
    assert yaku(ev) == {"crane_moon_phoenix": 150, "moon_viewing": 100}
    assert ev.points == 410
    ev = tally.evaluate(G, CMP_SAKE, options={"cmp_ssb_in_views_group": True})
    assert yaku(ev) == {"crane_moon_phoenix": 150} and ev.points == 160 + 150


# ---- tables (sections 2 and 4) -----------------------------------------------------------

@pytest.mark.parametrize("yaku_id, cards, value", [
    ("four_dry_brights", ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"],
     600),
    ("crane_moon_phoenix", ["pine-crane", "pampas-moon", "paulownia-phoenix"], 150),
    ("spring_semi_brights", ["pine-crane", "plum-warbler", "cherry-curtain"], 150),
    ("poetry_ribbons", ["pine-poetry", "plum-poetry", "cherry-poetry"], 100),
    ("purple_ribbons", ["peony-blue", "chrysanthemum-blue", "maple-blue"], 100),
    ("dry_plain_ribbons", ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"], 100),
    ("the_views", ["cherry-curtain", "pampas-moon", "chrysanthemum-sake"], 300),
    ("flower_viewing", ["cherry-curtain", "chrysanthemum-sake"], 100),
    ("moon_viewing", ["pampas-moon", "chrysanthemum-sake"], 100),
    ("boar_deer_butterfly", ["clover-boar", "maple-deer", "peony-butterflies"], 300),
    ("all_four_willow", ["willow-rainman", "willow-swallow", "willow-ribbon",
                         "willow-lightning"], 200),
    ("all_four_pine", ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2"], 50),
    ("all_four_plum", ["plum-warbler", "plum-poetry", "plum-chaff-1", "plum-chaff-2"], 50),
    ("all_four_cherry", ["cherry-curtain", "cherry-poetry", "cherry-chaff-1",
                         "cherry-chaff-2"], 50),
    ("all_four_wisteria", ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1",
                           "wisteria-chaff-2"], 50),
    ("all_four_pampas", ["pampas-moon", "pampas-geese", "pampas-chaff-1", "pampas-chaff-2"],
     50),
    ("all_four_maple", ["maple-deer", "maple-blue", "maple-chaff-1", "maple-chaff-2"], 50),
    ("all_four_paulownia", ["paulownia-phoenix", "paulownia-chaff-colored",
                            "paulownia-chaff-1", "paulownia-chaff-2"], 50),
])
def test_every_yaku_value(yaku_id, cards, value):
    """six-hundred.md section 4 (seed 1351-1405, chart 8383-8427). The four dry brights also
    hold Crane-Moon-Phoenix, which stacks in the "each" Bright group (150)."""
    extra = {"crane_moon_phoenix": 150} if yaku_id == "four_dry_brights" else {}
    assert yaku(tally.evaluate(G, cards)) == {yaku_id: value, **extra}


def test_seven_ribbons_counts_the_willow_ribbon():
    """six-hundred.md 4: Any 7 Ribbons = 600, willow-ribbon counts; it comes with a set."""
    cards = ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon", "peony-blue",
             "maple-blue", "willow-ribbon"]
    assert yaku(tally.evaluate(G, cards)) == {"seven_ribbons": 600}
    assert tally.evaluate(G, cards).points == 70 + 600


@pytest.mark.parametrize("cards", [
    ["iris-bridge", "iris-ribbon", "iris-chaff-1", "iris-chaff-2"],
    ["peony-butterflies", "peony-blue", "peony-chaff-1", "peony-chaff-2"],
    ["clover-boar", "clover-ribbon", "clover-chaff-1", "clover-chaff-2"],
    ["chrysanthemum-sake", "chrysanthemum-blue", "chrysanthemum-chaff-1",
     "chrysanthemum-chaff-2"],
])
def test_no_month_yaku_for_iris_peony_clover_chrysanthemum(cards):
    assert tally.evaluate(G, cards).yaku == ()


def test_card_values_and_deck_total():
    """six-hundred.md 2: brights and the warbler 50, tens / ribbons / special paulownia 10,
    other chaff 0 (the storm chaff too); deck total 490."""
    ev = tally.evaluate
    assert ev(G, ["pine-crane"]).points == 50
    assert ev(G, ["plum-warbler"]).points == 50
    assert ev(G, ["maple-deer"]).points == 10
    assert ev(G, ["willow-ribbon"]).points == 10
    assert ev(G, ["paulownia-chaff-colored"]).points == 10
    assert ev(G, ["willow-lightning"]).points == 0 and ev(G, ["pine-chaff-1"]).points == 0
    assert tally.get_game(G).evaluate(FULL_DECK, tally.get_game(G).compiled()) \
        .details["card_value"] == 490


def test_card_value_variations():
    """six-hundred.md 8 / 10.7: sake & deer 50; alternate values: bright 20, ten 10 (the
    warbler too), ribbon 10, special paulownia 10, chaff 0."""
    ev = tally.evaluate
    assert ev(G, ["chrysanthemum-sake"], options={"sake_deer_values": True}).points == 50
    assert ev(G, ["maple-deer", "maple-chaff-1"], options={"sake_deer_values": True}).points \
        == 50
    alt = {"alternate_card_values": True}
    assert ev(G, ["pine-crane"], options=alt).points == 20
    assert ev(G, ["plum-warbler"], options=alt).points == 10
    assert ev(G, ["iris-ribbon"], options=alt).points == 10
    assert ev(G, ["paulownia-chaff-colored", "pine-chaff-1"], options=alt).points == 10
    assert ev(G, A, options=alt).details["card_value"] == 3 * 20 + 4 * 10 + 4 * 10


def test_alternative_yaku_values_and_seven_hundred():
    """six-hundred.md 8: poetry 150 and SSB 100; seven_hundred: 4DB and 7 ribbons 700."""
    alt = {"alternative_yaku_values": True}
    assert yaku(tally.evaluate(G, ["pine-poetry", "plum-poetry", "cherry-poetry"],
                               options=alt)) == {"poetry_ribbons": 150}
    assert yaku(tally.evaluate(G, FOUR_DRY, options=alt))["spring_semi_brights"] == 100
    seven = {"seven_hundred": True}
    assert yaku(tally.evaluate(G, FOUR_DRY, options=seven))["four_dry_brights"] == 700
    ribbons = ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon", "peony-blue",
               "maple-blue", "willow-ribbon"]
    assert yaku(tally.evaluate(G, ribbons, options=seven)) == {"seven_ribbons": 700}
    carry = {"totals": {"X": 0, "Y": 0}}
    r = tally.score_round(G, two(A, [], carry=carry), options={**SHORT, **seven})
    assert "game_over" not in r.carry  # 480
    r = tally.score_round(G, two(FOUR_DRY, [], carry=carry), options={**SHORT, **seven})
    assert r.carry["game_over"] and r.carry["game_winner"] == "X"  # 250 + 700 + 300


# ---- hand combinations (section 3) ----------------------------------------------------------

def claim(player, combos, cards):
    return {"type": "hand_combination_claim", "player": player, "combinations": combos,
            "cards": cards}


def test_three_of_a_kind_and_two():
    """six-hundred.md 3: 3 of a kind 200; two 3-of-a-kinds 400 replaces the 200 (one of);
    10.6: four of a month contains three of a kind."""
    trio = ["pine-crane", "pine-poetry", "pine-chaff-1"]
    r = tally.score_round(G, two([], [], events=[claim("X", ["hand_three_of_a_kind"], trio)]),
                          options=SHORT)
    assert r.player("X").points == 200
    six = trio + ["maple-deer", "maple-blue", "maple-chaff-1"]
    ev = claim("X", ["hand_three_of_a_kind", "hand_two_three_of_a_kind"], six)
    r = tally.score_round(G, two([], [], events=[ev]), options=SHORT)
    assert r.player("X").points == 400
    four = ["iris-bridge", "iris-ribbon", "iris-chaff-1", "iris-chaff-2"]
    r = tally.score_round(G, two([], [], events=[claim("Y", ["hand_three_of_a_kind"], four)]),
                          options=SHORT)
    assert r.player("Y").points == 200


def test_all_chaffs_needs_the_whole_hand_of_zero_point_chaff():
    """six-hundred.md 3 / 10.5: 8 cards with 2 players; the special paulownia is no chaff
    here."""
    eight = ["pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "cherry-chaff-1",
             "wisteria-chaff-1", "iris-chaff-1", "peony-chaff-1", "willow-lightning"]
    r = tally.score_round(G, two([], [], events=[claim("X", ["hand_all_chaff"], eight)]),
                          options=SHORT)
    assert r.player("X").points == 400
    with pytest.raises(TallyError, match="claims All Chaffs.*0-point chaff") as e:
        tally.score_round(G, two([], [], events=[claim("X", ["hand_all_chaff"],
                                                       eight[:7])]), options=SHORT)
    assert e.value.player == "X" and e.value.rule == "hand_all_chaff"
    special = eight[:7] + ["paulownia-chaff-colored"]
    with pytest.raises(TallyError, match="claims All Chaffs"):
        tally.score_round(G, two([], [], events=[claim("X", ["hand_all_chaff"], special)]),
                          options=SHORT)


@pytest.mark.parametrize("ev, extra, needle", [
    (claim("X", ["hand_three_of_a_kind"], ["pine-crane", "pine-poetry", "maple-deer"]), {},
     "claims Any 3 of a Kind but the shown cards do not make it"),
    (claim("X", ["hand_four_of_a_kind"], ["pine-crane"]), {},
     "'hand_four_of_a_kind' is not a hand combination of this game"),
    (claim("X", ["hand_three_of_a_kind"], ["pine-crane", "pine-poetry", "pine-chaff-1"]),
     {"hands": {"X": ["pine-crane", "pine-poetry", "pine-chaff-2"]}},
     "X showed 'Pine chaff 1', which is not in X's hand"),
    (claim("X", ["hand_three_of_a_kind"], ["pine-crane"] * 3), {}, "listed twice"),
    (claim("X", ["hand_three_of_a_kind"], DECK[:9]), {}, "9 cards"),
])
def test_bad_claims(ev, extra, needle):
    with pytest.raises(TallyError, match=needle):
        tally.score_round(G, two([], [], events=[ev], **extra), options=SHORT)


def test_unclaimed_combination_scores_nothing_and_hands_are_checked():
    """six-hundred.md 7: unclaimed combinations score nothing (a note says so)."""
    hand = ["pine-crane", "pine-poetry", "pine-chaff-1", "maple-deer", "iris-bridge",
            "plum-warbler", "cherry-curtain", "willow-rainman"]
    r = tally.score_round(G, two([], [], hands={"X": hand}), options=SHORT)
    assert r.player("X").points == 0
    assert any("holds Any 3 of a Kind but it was not claimed" in n for n in r.notes)
    with pytest.raises(TallyError, match="9 cards in the dealt hands is more") as e:
        tally.score_round(G, two([], [], hands={"X": hand + ["maple-blue"]}), options=SHORT)
    assert e.value.field == "hands.X"


# ---- round variations, leftovers, game end ---------------------------------------------------

def test_scoring_canceled():
    """six-hundred.md 8 / 10.8 / 10.11: a player at 30 or less without willow and paulownia
    card values cancels every score (a tie of all: the dealer keeps the deal)."""
    wet = ["willow-rainman", "willow-swallow"]  # 60, but 0 without the willow values
    on = {**SHORT, "scoring_canceled": True}
    r = tally.score_round(G, two(A[:6], wet), options=on)
    assert [p.points for p in r.players] == [0, 0]
    assert r.winner is None and r.next_dealer == "X"
    assert tally.score_round(G, two(A[:6], wet), options=SHORT).player("Y").points == 60
    # the exception: someone captured 4 Dry Brights
    r = tally.score_round(G, two(FOUR_DRY, wet), options=on)
    assert [p.points for p in r.players] == [1150, 60]


def test_scoring_canceled_threshold_is_30_or_less():
    """six-hundred.md 8: "30 points or less": 30 cancels, 40 does not."""
    thirty = ["maple-deer", "maple-chaff-1", "iris-bridge", "iris-chaff-1", "wisteria-ribbon",
              "wisteria-chaff-1"]  # 10 + 10 + 10
    on = {**SHORT, "scoring_canceled": True}
    assert [p.points for p in tally.score_round(G, two(A[:6], thirty), options=on).players] \
        == [0, 0]
    forty = thirty + ["clover-ribbon", "clover-chaff-1"]
    assert tally.score_round(G, two(A[:6], forty), options=on).player("Y").points == 40


def test_scoring_canceled_test_reading():
    """six-hundred.md 10.8: 'round_score' counts hand combinations and yaku; 'card_points'
    tests card values only. Y: hand 200 + card value 10 (maple-deer)."""
    ev = claim("Y", ["hand_three_of_a_kind"], ["pine-crane", "pine-poetry", "pine-chaff-1"])
    rnd = two(A[:6], ["maple-deer", "maple-chaff-1"], events=[ev])
    on = {**SHORT, "scoring_canceled": True}
    assert tally.score_round(G, rnd, options=on).player("Y").points == 210
    r = tally.score_round(G, rnd, options={**on, "scoring_canceled_test": "card_points"})
    assert [p.points for p in r.players] == [0, 0]


def test_game_end_tie_breaks():
    """six-hundred.md 6: several players at 600+: 4 Dry Brights, then Any 7 Ribbons, then the
    highest total."""
    ribbons = ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon", "peony-blue",
               "maple-blue", "willow-ribbon"]  # 70 + 600
    carry = {"totals": {"X": 0, "Y": 1000}}
    r = tally.score_round(G, two(ribbons, ["cherry-curtain"], carry=carry), options=SHORT)
    assert r.carry["totals"] == {"X": 670, "Y": 1050}
    assert r.carry["game_winner"] == "X"  # captured Any 7 Ribbons
    carry = {"totals": {"X": 600, "Y": 650}}
    r = tally.score_round(G, two(["pine-crane"], ["cherry-curtain"], carry=carry),
                          options=SHORT)
    assert r.carry["game_winner"] == "Y"  # highest total, 700 to 650


def test_leftovers_and_no_wild():
    """six-hundred.md 2 / 7 / 8: leftovers belong to nobody; with no_wild every card is
    captured and wild_capture makes no sense."""
    ex = tally.get_game(G).round_example
    with pytest.raises(TallyError, match="'Willow with rain man' is also in a player's captures"):
        caps = {**ex["captures"], "A": ex["captures"]["A"] + ["willow-rainman"]}
        tally.score_round(G, {**ex, "captures": caps})
    bad = [e if e["type"] != "leftovers" else {"type": "leftovers", "cards": ["willow-rainman"]}
           for e in ex["events"]]
    with pytest.raises(TallyError, match="also uncaptured: Pampas grass chaff 2"):
        tally.score_round(G, {**ex, "events": bad})
    with pytest.raises(TallyError, match="\"Wild capture\" with the house rule") as e:
        tally.score_round(G, ex, options={"no_wild": True})
    assert e.value.option == "no_wild"
    with pytest.raises(TallyError, match="not 490"):
        tally.score_round(G, two(A, B), options={"no_wild": True})
    r = tally.score_round(G, two(A, B))  # wild: cards may be left uncaptured
    assert any("warning" in n for n in r.notes)
    # no_wild: captures come in pairs again, so odd month counts warn (capture-basics.md 5)
    odd = A + ["maple-deer"]
    rest = [s for s in DECK if s not in odd]
    r = tally.score_round(G, two(odd, rest), options={"no_wild": True})
    assert any("warning: X holds an odd number of cards of maple" in n for n in r.notes)
    r = tally.score_round(G, two(odd, rest))
    assert not any("odd number" in n for n in r.notes)
    wild = [e if e["type"] != "wild_capture" else {**e, "card": "pampas-chaff-2"}
            for e in ex["events"]]
    with pytest.raises(TallyError, match="'Pampas grass chaff 2' is not in C's captures"):
        tally.score_round(G, {**ex, "events": wild})


def test_length_is_not_fixed():
    with pytest.raises(TallyError, match="gives no game length"):
        tally.score_round(G, two(A, B, length=6))


def test_options_and_presets():
    g = tally.get_game(G)
    ids = [o.id for o in g.options]
    assert ids[:8] == ["shorter_rounds", "no_wild", "sake_deer_values", "alternate_card_values",
                       "rain_until_sunrise", "alternative_yaku_values", "scoring_canceled",
                       "seven_hundred"]
    assert {"scoring_canceled_test", "cmp_ssb_in_views_group"} <= set(ids)
    assert [p.id for p in g.presets] == ["book"]
    assert len([y for y in g.yaku if y.kind == "captured"]) == 19
    assert len([y for y in g.yaku if y.kind == "hand"]) == 3
    assert g.players == (2, 3) and g.lengths == ()


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=48, max_size=48),
       st.fixed_dictionaries({k: st.booleans() for k in (
           "sake_deer_values", "alternate_card_values", "rain_until_sunrise",
           "alternative_yaku_values", "scoring_canceled", "cmp_ssb_in_views_group")}))
def test_random_rounds(owners, opts):
    caps = {p: [s for s, o in zip(DECK, owners) if o == i] for i, p in enumerate("ABC")}
    r = tally.score_round(G, three(caps["A"], caps["B"], caps["C"]),
                          options={**opts, "settle_fixed_per_round": 5})
    pts = {p.player: p.points for p in r.players}
    assert sum(r.net().values()) == 0
    assert all(v >= 0 for v in pts.values())
    assert r.next_dealer in pts and pts[r.next_dealer] == max(pts.values())
    flipped = {p: c[::-1] for p, c in caps.items()}
    again = tally.score_round(G, three(flipped["A"], flipped["B"], flipped["C"]),
                              options={**opts, "settle_fixed_per_round": 5})
    assert again.to_dict() == r.to_dict()
