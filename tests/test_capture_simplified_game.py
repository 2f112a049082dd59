"""Simplified Game for Beginners: shared/rules/simplified-game.md (seed 002, chapter 4,
lines 657-770), plus the capture-game round mechanics of tally/games/_capture.py
(capture-basics.md sections 3, 5, 6, 8, 10) exercised through this game."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, FULL_DECK, CardSet

G = "simplified-game"
YAKU = {"simple_yaku": True}
DECK = CardSet(FULL_DECK).slugs
# simplified-game.md section 2: bright 20, ten 10, ribbon 5, chaff 1 (a test-side oracle).
BOOK = {"bright": 20, "ten": 10, "ribbon": 5, "chaff": 1}


def book_value(slugs):
    return sum(BOOK[CARD[s].kind] for s in slugs)


def rest(*piles):
    used = {s for p in piles for s in p}
    return [s for s in DECK if s not in used]


# simplified-game.md section 9: the figure 4.2 fixture (3 brights, 5 tens, 3 plain ribbons,
# 5 chaff; seed lines 745-765).
FIG_4_2 = ["pine-crane", "pine-chaff-1", "cherry-curtain", "cherry-chaff-1", "pampas-moon",
           "pampas-geese", "plum-warbler", "plum-chaff-1", "wisteria-cuckoo", "wisteria-ribbon",
           "iris-bridge", "iris-ribbon", "clover-boar", "clover-ribbon", "paulownia-chaff-1",
           "paulownia-chaff-2"]
FIVE_BRIGHTS = ["pine-crane", "pine-chaff-1", "cherry-curtain", "cherry-chaff-1", "pampas-moon",
                "pampas-chaff-1", "willow-rainman", "willow-lightning", "paulownia-phoenix",
                "paulownia-chaff-1"]
TWENTY_CHAFF = [f"{f}-chaff-{n}" for f in ("pine", "plum", "cherry", "wisteria", "iris", "peony",
                                             "clover", "pampas", "chrysanthemum", "maple")
                for n in (1, 2)]

# Two splits of the whole deck with a tie on card value (132 / 132; 103 / 58 / 103), checked
# against the book values below, for the round-tie rules (capture-basics.md 10.1).
TIE_A = ["plum-warbler", "plum-poetry", "plum-chaff-1", "plum-chaff-2", "cherry-curtain",
         "cherry-poetry", "iris-ribbon", "iris-chaff-1", "peony-butterflies", "peony-blue",
         "peony-chaff-1", "peony-chaff-2", "clover-boar", "clover-ribbon", "clover-chaff-1",
         "clover-chaff-2", "pampas-moon", "pampas-chaff-2", "chrysanthemum-chaff-1",
         "chrysanthemum-chaff-2", "maple-chaff-1", "maple-chaff-2", "willow-rainman",
         "willow-ribbon"]
TRI_A = ["pine-crane", "pine-chaff-1", "plum-warbler", "plum-poetry", "plum-chaff-1",
         "plum-chaff-2", "cherry-curtain", "cherry-poetry", "wisteria-ribbon", "wisteria-chaff-2",
         "iris-bridge", "iris-chaff-1", "peony-blue", "peony-chaff-2", "clover-boar",
         "clover-ribbon", "clover-chaff-1", "clover-chaff-2"]
TRI_B = ["cherry-chaff-1", "cherry-chaff-2", "pampas-moon", "pampas-chaff-2",
         "chrysanthemum-chaff-1", "chrysanthemum-chaff-2", "maple-blue", "maple-chaff-1",
         "willow-ribbon", "willow-lightning", "paulownia-phoenix", "paulownia-chaff-1"]


def two(a, dealer="Aki", **extra):
    return {"players": ["Aki", "Bo"], "dealer": dealer,
            "captures": {"Aki": a, "Bo": rest(a)}, **extra}


def three(dealer="Bo", **extra):
    return {"players": ["Aki", "Bo", "Cy"], "dealer": dealer,
            "captures": {"Aki": TRI_A, "Bo": TRI_B, "Cy": rest(TRI_A, TRI_B)}, **extra}


def ids(ev):
    return {y.id for y in ev.yaku}


# ---- section 9, worked examples -----------------------------------------------------------

def test_example_1_base_game_is_card_value_only():
    """simplified-game.md 9, Example 1 (seed 745-749): 60 + 50 + 15 + 5 = 130."""
    ev = tally.evaluate(G, FIG_4_2)
    assert ev.points == 130
    assert ev.yaku == ()


def test_example_2_with_simple_yaku():
    """simplified-game.md 9, Example 2 (seed 751-757): 130 + 30 + 20 = 180; four plain
    ribbons and ten chaffs do not score."""
    ev = tally.evaluate(G, FIG_4_2, options=YAKU)
    assert ev.points == 180
    assert ids(ev) == {"any_three_brights", "any_five_tens"}
    assert {y.id: y.points for y in ev.yaku} == {"any_three_brights": 30, "any_five_tens": 20}
    assert ev.details["card_value"] == 130 and ev.details["yaku_value"] == 50


def test_example_round_scores_both_players():
    """Example 1 as a round: Aki 130; Bo holds the rest of the 264-point deck (264 - 130)."""
    r = tally.score_round(G, two(FIG_4_2))
    assert r.player("Aki").points == 130
    assert r.player("Bo").points == 264 - 130
    assert r.winner == "Bo" and r.next_dealer == "Bo"
    assert r.payments == ()
    step = r.player("Aki").steps[0]
    assert step.op == "base" and step.value == 130 and "3 brights" in step.reason


def test_five_brights_score_three_brights_once():
    """simplified-game.md 9, derived check: 100 + 5 = 105 card points + 30 = 135."""
    ev = tally.evaluate(G, FIVE_BRIGHTS, options=YAKU)
    assert ev.points == 135
    assert [y.id for y in ev.yaku] == ["any_three_brights"]


def test_twenty_chaff_score_ten_chaffs_once():
    """simplified-game.md 9 / seed 727: 20 chaff still give one ten_chaffs: 20 + 10 = 30."""
    ev = tally.evaluate(G, TWENTY_CHAFF, options=YAKU)
    assert ev.points == 30
    assert [y.id for y in ev.yaku] == ["ten_chaffs"]


@pytest.mark.parametrize("yaku_id, cards, points", [
    ("poetry_ribbons", ["pine-poetry", "plum-poetry", "cherry-poetry"], 20),
    ("purple_ribbons", ["peony-blue", "chrysanthemum-blue", "maple-blue"], 20),
    ("four_plain_ribbons", ["wisteria-ribbon", "iris-ribbon", "clover-ribbon",
                            "willow-ribbon"], 20),
])
def test_ribbon_yaku_table(yaku_id, cards, points):
    """simplified-game.md section 4 table: each ribbon yaku is worth 20 on top of 5 a card."""
    ev = tally.evaluate(G, cards, options=YAKU)
    assert [(y.id, y.points) for y in ev.yaku] == [(yaku_id, points)]
    assert ev.points == 5 * len(cards) + points


@pytest.mark.parametrize("cards, below, at", [
    # section 4 thresholds: 3 brights, 5 tens, 10 chaff; one card fewer scores nothing
    (["pine-crane", "cherry-curtain", "pampas-moon"], 2, ("any_three_brights", 30)),
    (["plum-warbler", "wisteria-cuckoo", "iris-bridge", "clover-boar", "maple-deer"], 4,
     ("any_five_tens", 20)),
    (TWENTY_CHAFF[:10], 9, ("ten_chaffs", 10)),
])
def test_count_yaku_thresholds(cards, below, at):
    assert tally.evaluate(G, cards[:below], options=YAKU).yaku == ()
    assert [(y.id, y.points) for y in tally.evaluate(G, cards, options=YAKU).yaku] == [at]


def test_four_plain_ribbons_needs_the_willow_ribbon():
    """simplified-game.md 10.1: all four plain ribbons, the willow ribbon included."""
    three_dry = ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"]
    assert tally.evaluate(G, three_dry, options=YAKU).yaku == ()
    assert tally.evaluate(G, three_dry, options=YAKU).points == 15


def test_yaku_are_off_by_default_and_in_book_preset():
    """simplified-game.md 8 / 8.1 and 10.2: simple_yaku defaults to off."""
    g = tally.get_game(G)
    assert g.default_preset == "book"
    assert g.rules()["simple_yaku"] is False
    assert tally.evaluate(G, FIVE_BRIGHTS, preset="book").points == 105


def test_game_is_served_by_the_registry():
    g = tally.get_game(G)
    d = g.to_dict()
    assert d["players"] == {"min": 2, "max": 4} and d["lengths"] == [3, 6, 12]
    assert len(d["deck"]) == 48
    assert {y["id"] for y in d["combinations"]} == {
        "any_three_brights", "any_five_tens", "poetry_ribbons", "purple_ribbons",
        "four_plain_ribbons", "ten_chaffs"}
    assert {"simple_yaku", "tie_credits_round_win", "settle_per_point"} <= \
        {o["id"] for o in d["options"]}
    assert {e["id"] for e in d["events"]} >= {"misdeal", "hiki_formed", "round_end"}


# ---- round mechanics (capture-basics.md) ----------------------------------------------------

def test_tie_fixtures_really_tie():
    assert book_value(TIE_A) == book_value(rest(TIE_A)) == 132
    assert book_value(TRI_A) == book_value(rest(TRI_A, TRI_B)) == 103
    assert book_value(TRI_B) == 58


def test_two_player_tie_dealer_keeps_the_deal_no_win():
    """capture-basics.md 10.1: the dealer keeps the deal if tied; no round win credited."""
    for dealer in ("Aki", "Bo"):
        r = tally.score_round(G, two(TIE_A, dealer=dealer))
        assert r.winner is None and r.next_dealer == dealer
        assert r.carry["wins"] == {"Aki": 0, "Bo": 0}
        assert {p.role for p in r.players} == {"draw"}
        assert any("round tie" in n for n in r.notes)


def test_tie_between_non_dealers_goes_to_earliest_in_turn_order():
    """capture-basics.md 10.1 / 10.4: among tied non-dealers, the one nearest the dealer's
    right = earliest in turn order from the dealer. Bo deals: order Bo, Cy, Aki -> Cy."""
    r = tally.score_round(G, three(dealer="Bo"))
    assert r.winner is None and r.next_dealer == "Cy"
    r = tally.score_round(G, three(dealer="Cy"))
    assert r.next_dealer == "Cy"  # the dealer is tied: the dealer keeps the deal


def test_tie_credit_reading_is_configurable():
    """capture-basics.md 10.1: "Make both choices configurable": with tie_credits_round_win
    the tie-break order's player also gets the round win."""
    r = tally.score_round(G, three(dealer="Bo"), options={"tie_credits_round_win": True})
    assert r.winner == "Cy" and r.next_dealer == "Cy"
    assert r.carry["wins"]["Cy"] == 1


@pytest.mark.parametrize("reason, player", [("field_four", None),
                                            ("hand_four_of_a_kind", "Bo"),
                                            ("hand_four_pairs", "Aki")])
def test_misdeal_voids_the_round_same_dealer(reason, player):
    """simplified-game.md 3 / capture-basics.md 3: the three misdeals; same dealer re-deals,
    nothing scored, not counted as a round."""
    ev = {"type": "misdeal", "reason": reason}
    if player:
        ev["player"] = player
    carry = {"round": 2, "totals": {"Aki": 100, "Bo": 90}, "wins": {"Aki": 1, "Bo": 1}}
    r = tally.score_round(G, {"players": ["Aki", "Bo"], "dealer": "Bo", "events": [ev],
                              "carry": carry})
    assert r.winner is None and r.next_dealer == "Bo"
    assert all(p.points == 0 for p in r.players)
    assert r.carry == carry
    assert "misdeal" in r.notes[0]


def test_impossible_hand_misdeals_are_rejected():
    """capture-basics.md 3: four pairs need 8 cards (3-player hands hold 7); with the dealt
    hands given, the holder's hand must show the misdeal."""
    ev = {"type": "misdeal", "reason": "hand_four_pairs", "player": "Bo"}
    with pytest.raises(TallyError, match="needs 8 cards in hand, but 3-player hands hold 7"):
        tally.score_round(G, {"players": ["Aki", "Bo", "Cy"], "events": [ev]})
    hand = ["pine-crane", "pine-poetry", "plum-warbler", "plum-poetry", "cherry-curtain",
            "cherry-poetry", "iris-bridge", "maple-deer"]  # three pairs only
    rnd = {"players": ["Aki", "Bo"], "events": [ev], "hands": {"Bo": hand}}
    with pytest.raises(TallyError, match="Bo's hand does not show the misdeal called "
                                         "\\(a player was dealt four pairs\\)") as e:
        tally.score_round(G, rnd)
    assert e.value.player == "Bo"
    hand[-1] = "iris-ribbon"  # now four pairs
    assert tally.score_round(G, rnd).next_dealer == "Aki"
    four = {"type": "misdeal", "reason": "hand_four_of_a_kind", "player": "Bo"}
    with pytest.raises(TallyError, match="does not show the misdeal called "
                                         "\\(a player was dealt all 4 cards"):
        tally.score_round(G, {**rnd, "events": [four]})


def test_carry_adds_totals_and_ends_the_game_after_the_agreed_length():
    """capture-basics.md 6: after the agreed rounds the highest total wins."""
    carry = {"round": 2, "totals": {"Aki": 300, "Bo": 200}, "wins": {"Aki": 2, "Bo": 0},
             "first_dealer": "Aki"}
    r = tally.score_round(G, two(FIG_4_2, carry=carry, length=3))
    assert r.carry["totals"] == {"Aki": 300 + 130, "Bo": 200 + 134}
    assert r.carry["round"] == 3 and r.carry["game_over"] is True
    assert r.carry["game_winner"] == "Aki"
    r = tally.score_round(G, two(FIG_4_2, carry={**carry, "round": 0}, length=3))
    assert "game_over" not in r.carry


def test_game_tie_goes_to_most_rounds_won_then_shared():
    """capture-basics.md 6: tie -> most rounds won -> shared win."""
    carry = {"round": 2, "totals": {"Aki": 134, "Bo": 130}, "wins": {"Aki": 0, "Bo": 1},
             "first_dealer": "Aki"}
    # Aki scores 130 and Bo 134 this round: totals 264 / 264, wins 0 / 2 -> Bo.
    r = tally.score_round(G, two(FIG_4_2, carry=carry, length=3))
    assert r.carry["totals"] == {"Aki": 264, "Bo": 264}
    assert r.carry["game_winner"] == "Bo"
    carry["wins"] = {"Aki": 1, "Bo": 0}  # wins end 1 / 1: shared
    r = tally.score_round(G, two(FIG_4_2, carry=carry, length=3))
    assert r.carry["game_over"] and r.carry["game_winner"] is None
    assert any("shared win" in n for n in r.notes)


def test_settle_per_point_difference_and_fixed_stake():
    """capture-basics.md 6 and 10.6: each loser pays (winner - loser) x rate; the fixed stake
    is paid by every other player. Zero-sum."""
    r = tally.score_round(G, two(FIG_4_2), options={"settle_per_point": 0.5,
                                                    "settle_fixed_per_round": 3})
    net = r.net()
    assert net == {"Aki": -(3 + 2), "Bo": 3 + 2}  # (134 - 130) x 0.5 = 2
    assert sum(net.values()) == 0
    r = tally.score_round(G, two(FIG_4_2), options={
        "settle_per_point": 1, "settle_per_point_basis": "winner_score"})
    assert r.net() == {"Aki": -134, "Bo": 134}


def test_settle_fixed_per_game_paid_at_game_end():
    carry = {"round": 2, "totals": {"Aki": 300, "Bo": 200}, "wins": {"Aki": 2, "Bo": 0}}
    r = tally.score_round(G, two(FIG_4_2, carry=carry, length=3),
                          options={"settle_fixed_per_game": 10})
    assert r.net() == {"Aki": 10, "Bo": -10}


def test_odd_month_counts_warn_but_score():
    """capture-basics.md 5 (derived, a warning only): 0, 2 or 4 cards of each month."""
    a = ["pine-crane", "pine-chaff-1", "pine-chaff-2"]
    r = tally.score_round(G, two(a))
    assert r.player("Aki").points == 22
    assert any("warning: Aki" in n and "pine" in n for n in r.notes)
    assert not any("warning" in n for n in tally.score_round(G, two(FIG_4_2)).notes)


# ---- errors --------------------------------------------------------------------------------

@pytest.mark.parametrize("round_, needle, attr", [
    (two(["pine-cran"]), "unknown card 'pine-cran'", ("card", "pine-cran")),
    (two(["joker-1"]), "'Bonus card: one junk' is not in the Simplified Game for Beginners deck",
     ("card", "joker-1")),
    ({"players": ["Aki", "Bo"], "captures": {"Aki": ["pine-crane"], "Bo": DECK}},
     "'Pine with crane' is in both", ("card", "pine-crane")),
    ({"players": ["Aki", "Bo"], "captures": {"Aki": FIG_4_2, "Bo": rest(FIG_4_2)[1:]}},
     "nobody's captures .*Pine poetry ribbon.*total 259, not 264", ("card", "pine-poetry")),
    ({"players": ["A", "B", "C", "D", "E"], "captures": {}}, "players, not 5",
     ("field", "players")),
    (two(FIG_4_2, dealer="Zed"), "'Zed'", ("player", "Zed")),
    ({**two(FIG_4_2), "captures": {"Aki": FIG_4_2, "Cy": []}}, "'Cy'",
     ("player", "Cy")),
    (two(FIG_4_2, events=[{"type": "misdeal", "reason": "bad_luck"}]),
     "'bad_luck' is not a misdeal here", ("rule", "misdeal")),
    (two(FIG_4_2, events=[{"type": "misdeal", "reason": "hand_four_pairs"}]),
     "called by the player dealt it", ("field", "events.0.player")),
    (two(FIG_4_2, events=[{"type": "koi", "player": "Aki"}]), "'koi', is not an event of this game",
     ("rule", "koi")),
    (two(FIG_4_2, events=[{"type": "hiki_formed", "flower": "rose"}]), "flower 'rose'",
     ("rule", "hiki_formed")),
    (two(FIG_4_2, length=5), "length 5 is not an agreed game length", ("field", "length")),
    (two(FIG_4_2, carry={"totals": {"Zed": 3}}), "the running totals must give a number",
     ("field", "carry.totals")),
    (two(FIG_4_2, carry={"game_over": True}), "ended the game", ("field", "carry")),
    (two(FIG_4_2, carry={"round": "two"}), "number of rounds played must be",
     ("field", "carry.round")),
    ({"players": ["Aki", "Bo"]}, "captured cards", ("field", "captures")),
])
def test_bad_rounds_are_rejected_naming_the_culprit(round_, needle, attr):
    with pytest.raises(TallyError, match=needle) as e:
        tally.score_round(G, round_)
    assert getattr(e.value, attr[0]) == attr[1]


def test_bad_option_values_are_rejected():
    with pytest.raises(TallyError, match='"Additional Scoring .Yaku.: .*" must be on or off'):
        tally.evaluate(G, [], options={"simple_yaku": "yes"})
    with pytest.raises(TallyError, match="Which points the money per point pays"):
        tally.evaluate(G, [], options={"settle_per_point_basis": "half"})


# ---- properties ----------------------------------------------------------------------------

@st.composite
def deals(draw):
    """A random split of the 48 cards between 2-4 players (month pairs or not)."""
    n = draw(st.integers(2, 4))
    owners = draw(st.lists(st.integers(0, n - 1), min_size=48, max_size=48))
    names = ["Aki", "Bo", "Cy", "Dee"][:n]
    caps = {p: [s for s, o in zip(DECK, owners) if o == i] for i, p in enumerate(names)}
    dealer = draw(st.sampled_from(names))
    return {"players": names, "dealer": dealer, "captures": caps}


@settings(max_examples=120, deadline=None)
@given(deals(), st.booleans(), st.randoms(use_true_random=False))
def test_random_rounds(rnd, yaku_on, rng):
    opts = {"simple_yaku": yaku_on, "settle_per_point": 1, "settle_fixed_per_round": 2}
    r = tally.score_round(G, rnd, options=opts)
    pts = {p.player: p.points for p in r.players}
    # every card is captured: card values total 264 (simplified-game.md 5.6)
    assert sum(p.base_points for p in r.players) == 264
    if not yaku_on:
        assert pts == {p: book_value(c) for p, c in rnd["captures"].items()}
    assert all(pts[p] >= book_value(c) for p, c in rnd["captures"].items())
    assert sum(r.net().values()) == 0
    best = max(pts.values())
    assert pts[r.next_dealer] == best
    assert r.winner is None or pts[r.winner] == best
    # card order in the input never changes the result
    shuffled = {p: rng.sample(c, len(c)) for p, c in rnd["captures"].items()}
    again = tally.score_round(G, {**rnd, "captures": shuffled}, options=opts)
    assert again.to_dict() == r.to_dict()
