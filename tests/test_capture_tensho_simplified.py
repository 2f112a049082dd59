"""Tensho (Simplified): shared/rules/tensho-simplified.md (seed 002, chapter 15, lines
2529-2835; Quick Reference Charts lines 8697-8921)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, CardSet
from tally.games import _tensho

import _capture_helpers as H
from _capture_helpers import tensho_round as rnd

G = "tensho-simplified"
GAME = tally.get_game(G)
DECK = CardSet(GAME.deck).slugs

# tensho-simplified.md section 2 (seed 2641-2731, read as two columns; TS2). Others are 1.
VALUES = {"pine-crane": 15, "pine-poetry": 5, "plum-warbler": 10, "plum-poetry": 10,
          "cherry-curtain": 3, "wisteria-cuckoo": 4, "iris-bridge": 5, "peony-butterflies": 10,
          "clover-boar": 7, "pampas-moon": 8, "chrysanthemum-sake": 9, "maple-deer": 10,
          "maple-blue": 10, "willow-rainman": 11, "paulownia-phoenix": 12}


def score(r, **kw):
    return tally.score_round(G, r, **kw)


def digest_table(shared):
    """Rows of section 4's yaku table: id -> (cards, Set One, Set Two) exactly as printed."""
    return H.tensho_digest_table(shared, G)


# --------------------------------------------------------------------------------------------
# Deck, values and the yaku tables

def test_deck_is_45_cards_without_paulownia_chaffs():
    """Section 1 (seed 2533): remove the jokers and the three December paulownia chaffs."""
    assert len(DECK) == 45
    assert "paulownia-phoenix" in DECK
    assert not {"paulownia-chaff-1", "paulownia-chaff-2", "paulownia-chaff-colored"} & set(DECK)
    assert not any(s.startswith("joker") for s in DECK)
    # section 2: 21 chaffs in this deck, willow-lightning included
    assert sum(CARD[s].kind == "chaff" for s in DECK) == 21


def test_card_values_and_deck_total_159():
    """Section 2 table and TSD8: the 45 cards total 159."""
    c = GAME.compiled()
    for s in DECK:
        assert _tensho.card_total(CARD[s].bit, c.values) == VALUES.get(s, 1), s
    assert _tensho.card_total(GAME.deck, c.values) == 159


def test_tsd7_warbler_and_swallow_make_11():
    """TSD7: plum-warbler + willow-swallow = 10 + 1 = 11 (22 in tensho.md)."""
    ev = tally.evaluate(G, ["plum-warbler", "willow-swallow"])
    assert ev.details["card_total"] == 11


# tensho.md section 2: each card's traditional value (tensho-simplified.md section 8, by_card)
BY_CARD = {**VALUES, "plum-warbler": 12, "plum-poetry": 1, "peony-butterflies": 11,
           "willow-rainman": 10, "willow-swallow": 10, "paulownia-phoenix": 10}


def test_tsd9_card_values_by_card():
    """TSD9 (tensho-simplified.md section 9; section 8 house option, section 10 TS2
    "Resolved (2026-12)"): with simplified_card_values = by_card, plum-warbler +
    willow-swallow = 12 + 10 = 22 and the 45-card deck still totals 159."""
    opt = {"simplified_card_values": "by_card"}
    ev = tally.evaluate(G, ["plum-warbler", "willow-swallow"], options=opt)
    assert ev.details["card_total"] == 22
    c = GAME.compiled(None, opt)
    assert _tensho.card_total(GAME.deck, c.values) == 159
    for s in DECK:
        assert _tensho.card_total(CARD[s].bit, c.values) == BY_CARD.get(s, 1), s


def test_card_values_go_by_position_by_default():
    """Section 8: simplified_card_values is a choice, by_position (the chart, TSD7's 11) by
    default and in the book preset; by_card the other reading."""
    o = next(o for o in GAME.options if o.id == "simplified_card_values")
    assert o.default == "by_position" and o.choices == ("by_position", "by_card")
    assert GAME.rules("book").simplified_card_values == "by_position"
    ev = tally.evaluate(G, ["plum-warbler", "willow-swallow"],
                        options={"simplified_card_values": "by_position"})
    assert ev.details["card_total"] == 11


def test_yaku_cards_and_values_are_the_digests(shared):
    """Section 4: every row's cards, Set One and Set Two values, read from the digest."""
    table = digest_table(shared)
    assert len(table) == 31
    c1 = GAME.compiled(options={"yaku_set": "one"})
    c2 = GAME.compiled(options={"yaku_set": "two"})
    for c, col in ((c1, 1), (c2, 2)):
        got = {h.id: (set(h.cards), "AUTO" if auto else p)
               for m, p, h, auto in c.plans["one" if col == 1 else "two"].rows}
        want = {k: (v[0], v[col]) for k, v in table.items() if v[col] is not None}
        assert got == want
    assert len(c1.plans["one"].rows) == 24 and len(c2.plans["two"].rows) == 21
    assert {y.id for y in GAME.yaku} == set(table)


def test_evaluate_points_are_the_yaku_total():
    """TSD1: Set One; pampas-geese, wisteria-ribbon, peony-blue, willow-ribbon make four yaku
    worth 400."""
    ev = tally.evaluate(G, ["pampas-geese", "wisteria-ribbon", "peony-blue", "willow-ribbon"])
    assert ev.points == 400
    assert {y.id for y in ev.yaku} == {"front_eight_four_six_eleven", "front_eight_four_six",
                                       "front_eight_four_eleven", "front_four_six_eleven"}
    assert ev.choices  # the set is chosen per round: the default view says it shows Set One


# --------------------------------------------------------------------------------------------
# Section 9: the book's examples and the derived checks

A_CHAFF8 = ["pine-chaff-1", "pine-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
            "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1", "iris-chaff-2"]
# 7 chaffs (willow-lightning is one) and the two maple 10s: a higher card total than A's.
B_CHAFF7 = ["peony-chaff-1", "peony-chaff-2", "clover-chaff-1", "clover-chaff-2",
            "pampas-chaff-1", "pampas-chaff-2", "willow-lightning", "willow-swallow",
            "maple-deer", "maple-blue"]


@pytest.mark.parametrize("yaku_set", ["one", "two"])
def test_ts_e1_more_chaffs_wins(yaku_set):
    """TS-E1 (p. 72 Ex. 1, seed 2829): no yaku; A 8 chaffs, B 7 chaffs: A wins (the chaff
    tie-break comes before the card total, which B leads here)."""
    r = score(rnd(A_CHAFF8, B_CHAFF7, yaku_set, dealer="B"))
    a, b = r.player("A"), r.player("B")
    assert (a.points, b.points) == (0, 0) and a.yaku == b.yaku == ()
    assert (a.extra["chaffs"], b.extra["chaffs"]) == (8, 7)
    assert b.extra["card_total"] > a.extra["card_total"]
    assert r.winner == "A" and r.next_dealer == "A"
    assert r.carry["wins"] == {"A": 1, "B": 0}


def test_ts_e2_a_100_point_yaku_wins():
    """TS-E2 (p. 72 Ex. 2; "Front Four Three Five" is front_three_four_five, TS4): 100 v 0."""
    a = ["cherry-poetry", "cherry-chaff-1", "wisteria-ribbon", "wisteria-chaff-1",
         "iris-ribbon", "iris-chaff-1"]
    r = score(rnd(a, B_CHAFF7))
    assert [y.id for y in r.player("A").yaku] == ["front_three_four_five"]
    assert (r.player("A").points, r.player("B").points) == (100, 0)
    assert r.winner == "A"


ONE_FOUR_TWELVE = ["pine-crane", "pine-chaff-1", "wisteria-ribbon", "wisteria-chaff-1",
                   "paulownia-phoenix"]
B_300 = ["clover-ribbon", "clover-chaff-1", "pampas-geese", "pampas-chaff-1",
         "chrysanthemum-blue", "chrysanthemum-chaff-1", "maple-blue", "maple-chaff-1"]


@pytest.mark.parametrize("with_event", [False, True])
def test_ts_e3_one_four_twelve_is_an_automatic_win(with_event):
    """TS-E3 (p. 72 Ex. 3): A completes One Four Twelve (Set Two): A wins at once, whatever B
    holds (here front_seven_eight_nine, front_seven_eight_nine_ten, front_ten_seven_eight and
    front_eight_nine_ten = 400 in Set Two). No round scores are calculated (seed 2623)."""
    events = [{"type": "automatic_win", "player": "A", "yaku": "one_four_twelve"}]
    r = score(rnd(ONE_FOUR_TWELVE, B_300, "two", dealer="B",
                  events=events if with_event else []))
    assert r.winner == "A" and r.next_dealer == "A"
    assert r.player("B").base_points == 400
    assert (r.player("A").points, r.player("B").points) == (0, 0)
    assert any("automatic win" in n for n in r.notes)


def test_tsd2_front_five_ten_twelve_is_automatic_in_set_one():
    """TSD2: Set One; A completes iris-ribbon, maple-blue, paulownia-phoenix: A wins."""
    a = ["iris-ribbon", "iris-chaff-1", "maple-blue", "maple-chaff-1", "paulownia-phoenix"]
    r = score(rnd(a, B_CHAFF7[:6] + ["pine-poetry", "pine-chaff-2"], "one"))
    assert r.winner == "A"
    ev = tally.evaluate(G, ["iris-ribbon", "maple-blue", "paulownia-phoenix"],
                        options={"yaku_set": "one"})
    assert ev.details["automatic_win"] == "front_five_ten_twelve" and ev.points == 0


def test_tsd3_same_cards_are_100_in_set_two():
    """TSD3: Set Two; the same three cards: front_five_ten_twelve = 100, no automatic win."""
    ev = tally.evaluate(G, ["iris-ribbon", "maple-blue", "paulownia-phoenix"],
                        options={"yaku_set": "two"})
    assert ev.points == 100 and ev.details["automatic_win"] is None
    assert [y.id for y in ev.yaku] == ["front_five_ten_twelve"]


def test_tsd4_one_four_twelve_is_nothing_in_set_one():
    """TSD4: Set One; pine-crane, wisteria-ribbon, paulownia-phoenix: not a yaku -> 0."""
    ev = tally.evaluate(G, ["pine-crane", "wisteria-ribbon", "paulownia-phoenix"],
                        options={"yaku_set": "one"})
    assert ev.points == 0 and ev.yaku == () and ev.details["automatic_win"] is None


# TSD5 fixtures: both back yaku of 50 and 9 chaffs; card totals 40 and 37 (section 2 values).
A_40 = ["plum-chaff-1", "plum-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2",
        "peony-butterflies", "peony-blue", "peony-chaff-1", "peony-chaff-2", "pampas-geese",
        "pampas-chaff-2", "chrysanthemum-sake", "chrysanthemum-chaff-2", "maple-deer",
        "maple-chaff-2"]
B_37 = ["pine-chaff-1", "pine-chaff-2", "cherry-curtain", "cherry-chaff-1", "iris-bridge",
        "iris-ribbon", "iris-chaff-1", "iris-chaff-2", "clover-boar", "clover-chaff-1",
        "chrysanthemum-blue", "chrysanthemum-chaff-1", "maple-blue", "maple-chaff-1",
        "willow-swallow", "willow-lightning"]


@pytest.mark.parametrize("first", ["A", "B"])
def test_tsd5_card_total_breaks_the_second_tie(first):
    """TSD5: both 50; chaffs 9 v 9; card totals 40 v 37: the higher card total wins."""
    r = score(rnd(A_40, B_37, dealer=first))
    a, b = r.player("A"), r.player("B")
    assert (a.points, b.points) == (50, 50)
    assert (a.extra["chaffs"], b.extra["chaffs"]) == (9, 9)
    assert (a.extra["card_total"], b.extra["card_total"]) == (40, 37)
    assert r.winner == "A" and r.next_dealer == "A"
    assert not any(n.startswith("warning") for n in r.notes)


def test_tsd6_phoenix_dead_in_field():
    """TSD6: the Phoenix dealt to the field: nobody can hold it, so no yaku with it."""
    dead = [{"type": "phoenix_dead_in_field"}]
    with pytest.raises(TallyError, match="Paulownia with phoenix.*dealt to the field") as e:
        score(rnd(ONE_FOUR_TWELVE, B_CHAFF7, "two", events=dead))
    assert e.value.player == "A" and e.value.card == "paulownia-phoenix"
    r = score(rnd(ONE_FOUR_TWELVE[:-1], B_CHAFF7, "two", events=dead))
    assert r.player("A").yaku == () and r.winner == "B"  # no yaku: B on chaffs, 7 v 2
    assert any("nobody can capture it" in n for n in r.notes)


# --------------------------------------------------------------------------------------------
# Section 10: the readings

def test_ts3_back_eleven_card_both_readings():
    """TS3: Back 11 is willow-rainman (default) or willow-swallow (option back_eleven_card)."""
    sake_curtain = ["chrysanthemum-sake", "cherry-curtain"]
    rain = tally.evaluate(G, sake_curtain + ["willow-rainman"], options={"yaku_set": "one"})
    swallow = tally.evaluate(G, sake_curtain + ["willow-swallow"], options={"yaku_set": "one"})
    assert [y.id for y in rain.yaku] == ["back_nine_eleven_three"] and rain.points == 50
    assert swallow.points == 0
    opt = {"yaku_set": "one", "back_eleven_card": "willow-swallow"}
    rain = tally.evaluate(G, sake_curtain + ["willow-rainman"], options=opt)
    swallow = tally.evaluate(G, sake_curtain + ["willow-swallow"], options=opt)
    assert rain.points == 0
    assert [y.id for y in swallow.yaku] == ["back_nine_eleven_three"] and swallow.points == 50
    assert swallow.yaku[0].cards == ("cherry-curtain", "chrysanthemum-sake", "willow-swallow")


def test_ts5_all_ties_equal_is_a_drawn_round():
    """TS5: yaku, chaffs and card totals all equal: a draw, no win, the dealer deals again."""
    a = ["pine-chaff-1", "pine-chaff-2", "wisteria-ribbon", "wisteria-chaff-1"]
    b = ["cherry-chaff-1", "cherry-chaff-2", "iris-ribbon", "iris-chaff-1"]
    r = score(rnd(a, b, dealer="B"))
    assert r.winner is None and r.next_dealer == "B"
    assert r.carry["wins"] == {"A": 0, "B": 0} and r.carry["round"] == 1
    assert {p.role for p in r.players} == {"draw"}


def _chain(outcomes, length, **kw):
    """Rounds won by the given players ("A", "B" or None for a draw), carry chained."""
    win = {"A": (A_CHAFF8, B_CHAFF7[:6]), "B": (B_CHAFF7[:6], A_CHAFF8)}
    draw = (["pine-chaff-1", "pine-chaff-2"], ["cherry-chaff-1", "cherry-chaff-2"])
    carry, results = None, []
    for w in outcomes:
        a, b = win[w] if w else draw
        r = score(rnd(a, b, carry=carry, length=length), **kw)
        assert r.winner == w
        carry = r.carry
        results.append(r)
    return results


def test_most_round_wins_takes_the_game():
    """Section 6: record round wins; after the agreed rounds the most wins takes the game."""
    rs = _chain(["A", "B", "A"], 3)
    assert [r.carry.get("game_over", False) for r in rs] == [False, False, True]
    assert rs[-1].carry["game_winner"] == "A" and rs[-1].carry["wins"] == {"A": 2, "B": 1}
    with pytest.raises(TallyError, match="ended the game"):
        score(rnd(A_CHAFF8, B_CHAFF7[:6], carry=rs[-1].carry, length=3))


def test_ts6_equal_round_wins_both_readings():
    """TS6: equal wins at the end: shared victory (default) or one more round (option)."""
    shared = _chain(["A", "B", None, "A", "B", None], 6)[-1]
    assert shared.carry["game_over"] is True and shared.carry["game_winner"] is None
    extra = _chain(["A", "B", None, "A", "B", None, "A"], 6,
                   options={"tied_game": "extra_round"})
    assert "game_over" not in extra[5].carry
    assert extra[6].carry["game_over"] is True and extra[6].carry["game_winner"] == "A"


def test_settlement_layer_pays_the_round_and_game_winner():
    """Section 6 chips: a fixed payment to each round's or the game's winner."""
    opts = {"settle_fixed_per_round": 2, "settle_fixed_per_game": 10}
    rs = _chain(["B", "B"], 2, options=opts)
    assert rs[0].net() == {"A": -2, "B": 2}
    assert rs[1].net() == {"A": -12, "B": 12}


# --------------------------------------------------------------------------------------------
# Round input and errors

def test_yaku_set_from_event_option_or_round_key():
    """Section 3 / 7: the set comes from the round key, the yaku_set_chosen event or a fixed
    option; every source given must agree."""
    a = ["cherry-poetry", "cherry-chaff-1", "wisteria-ribbon", "wisteria-chaff-1",
         "iris-ribbon", "iris-chaff-1"]
    ev = [{"type": "yaku_set_chosen", "set": "two", "by": "dealer", "player": "A"}]
    r = score(rnd(a, B_CHAFF7, None, events=ev))
    assert r.player("A").extra["yaku_set"] == "two"
    r = score(rnd(a, B_CHAFF7, None), options={"yaku_set": "two"})
    assert r.player("A").extra["yaku_set"] == "two"
    with pytest.raises(TallyError, match="which yaku set") as e:
        score(rnd(a, B_CHAFF7, None))
    assert e.value.field == "yaku_set"
    with pytest.raises(TallyError, match="Set One or Set Two, not 'three'"):
        score(rnd(a, B_CHAFF7, "three"))
    with pytest.raises(TallyError,
                       match="Set One but the yaku set the house rules fix says Set Two"):
        score(rnd(a, B_CHAFF7, "one"), options={"yaku_set": "two"})
    with pytest.raises(TallyError, match="chosen by the dealer 'A', not 'B'") as e:
        score(rnd(a, B_CHAFF7, None, events=[{"type": "yaku_set_chosen", "set": "one",
                                               "by": "dealer", "player": "B"}]))
    assert e.value.player == "B"


@pytest.mark.parametrize("cards, match, culprit", [
    (["pine-cran"], "unknown card 'pine-cran'", "pine-cran"),
    (["paulownia-chaff-1"], "'Paulownia chaff 1' is not in the Tensho .Simplified. deck",
     "paulownia-chaff-1"),
    (["joker-a"], "'Joker A' is not in the Tensho .Simplified. deck", "joker-a"),
])
def test_bad_cards_are_named(cards, match, culprit):
    with pytest.raises(TallyError, match=match) as e:
        score(rnd(cards, []))
    assert e.value.card == culprit and e.value.player == "A"


def test_card_in_two_piles_and_too_many_cards():
    with pytest.raises(TallyError, match="'Pine chaff 1' is in both .*A.*B") as e:
        score(rnd(["pine-chaff-1"], ["pine-chaff-1"]))
    assert e.value.card == "pine-chaff-1"
    # section 3: 6 + 6 dealt + 9 field + 12 drawn = 33 cards at most come into play
    with pytest.raises(TallyError, match="34 cards captured in all, but at most 33"):
        score(rnd(DECK[:17], DECK[17:34]))
    with pytest.raises(TallyError, match="at most 33"):
        tally.evaluate(G, DECK[:34])


def test_automatic_win_event_is_checked():
    """Section 7: automatic_win names a yaku of the round's set that the player holds."""
    with pytest.raises(TallyError, match="One Four Twelve is not an automatic win in Set One"):
        score(rnd(ONE_FOUR_TWELVE, [], "one", events=[
            {"type": "automatic_win", "player": "A", "yaku": "one_four_twelve"}]))
    with pytest.raises(TallyError, match="'B' has not captured Pine with crane, Wisteria red "
                                         "ribbon "
                                         "of One Four Twelve") as e:
        score(rnd(ONE_FOUR_TWELVE[:-1], ["paulownia-phoenix"], "two", events=[
            {"type": "automatic_win", "player": "B", "yaku": "one_four_twelve"}]))
    assert e.value.player == "B"
    with pytest.raises(TallyError, match="'front_four_three_five' is not one of the yaku"):
        score(rnd(ONE_FOUR_TWELVE, [], "two", events=[
            {"type": "automatic_win", "player": "A", "yaku": "front_four_three_five"}]))


def test_phoenix_auto_capture_is_checked():
    ev = [{"type": "phoenix_auto_capture", "player": "B", "from": "hand"}]
    with pytest.raises(TallyError, match="'B' took Paulownia with phoenix, but it is not in B's"):
        score(rnd(ONE_FOUR_TWELVE, [], "two", events=ev))
    ok = score(rnd([], ["paulownia-phoenix"], "two", events=ev))
    assert any("from the hand" in n for n in ok.notes)
    with pytest.raises(TallyError, match="contradicts"):
        score(rnd([], [], events=ev + [{"type": "phoenix_dead_in_field"}]))


def test_misdeals_and_players():
    """Section 3: misdeal for a field four or a hand four of a kind; no four-pairs rule."""
    r = score(rnd([], [], None, dealer="B",
                  events=[{"type": "misdeal", "reason": "hand_four_of_a_kind", "player": "A"}]))
    assert r.winner is None and r.next_dealer == "B" and r.carry == {}
    with pytest.raises(TallyError, match='"a player was dealt four pairs" is not a misdeal here'):
        score(rnd([], [], events=[{"type": "misdeal", "reason": "hand_four_pairs",
                                   "player": "A"}]))
    with pytest.raises(TallyError, match="played by 2-2 players, not 3"):
        score({"players": ["A", "B", "C"], "yaku_set": "one", "captures": {}})
    with pytest.raises(TallyError, match="paulownia has only one card"):
        score(rnd([], [], events=[{"type": "hiki_formed", "flower": "paulownia"}]))


def test_odd_month_counts_are_a_warning():
    r = score(rnd(["pine-crane"], []))
    assert any(n.startswith("warning: A holds an odd number of cards of pine") for n in r.notes)


def test_registry_serves_options_and_presets():
    d = GAME.to_dict()
    assert {o["id"] for o in d["options"]} == {
        "yaku_set", "back_eleven_card", "traditional_dealing", "simplified_card_values",
        "tied_game", "settle_fixed_per_round", "settle_fixed_per_game"}
    assert [p["id"] for p in d["presets"]] == ["book"] and d["default_preset"] == "book"
    assert {e["id"] for e in d["events"]} >= {"yaku_set_chosen", "misdeal",
                                              "phoenix_auto_capture", "phoenix_dead_in_field",
                                              "automatic_win"}
    assert d["players"] == {"min": 2, "max": 2} and len(d["deck"]) == 45


# --------------------------------------------------------------------------------------------
# Properties

@st.composite
def deals(draw):
    cards = draw(st.permutations(DECK))
    n = draw(st.integers(0, 33))
    k = draw(st.integers(0, n))
    return list(cards[:k]), list(cards[k:n]), draw(st.sampled_from(["one", "two"]))


@settings(max_examples=150, deadline=None)
@given(deals(), st.randoms(use_true_random=False))
def test_properties(deal, rng):
    a, b, ys = deal
    opts = {"settle_fixed_per_round": 1}
    r = score(rnd(a, b, ys), options=opts)
    a2, b2 = a[:], b[:]
    rng.shuffle(a2)
    rng.shuffle(b2)
    assert score(rnd(a2, b2, ys), options=opts).to_dict() == r.to_dict()
    assert sum(r.net().values()) == 0
    auto = [p.player for p in r.players
            if any(y.note.startswith("automatic win") for y in p.yaku)]
    if auto:
        assert r.winner == auto[0]
    elif r.winner:
        loser = "B" if r.winner == "A" else "A"
        w, l_ = r.player(r.winner), r.player(loser)
        assert (w.points, w.extra["chaffs"], w.extra["card_total"]) > \
               (l_.points, l_.extra["chaffs"], l_.extra["card_total"])
        assert r.net() == {r.winner: 1, loser: -1}
    for p in r.players:
        ev = tally.evaluate(G, a if p.player == "A" else b, options={"yaku_set": ys})
        assert ev.yaku == p.yaku and ev.points == p.base_points
