"""Tensho: shared/rules/tensho.md (seed 002, chapter 21, lines 4845-5185; Quick Reference
Charts lines 9517-9795)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, CardSet
from tally.games import _tensho

import _capture_helpers as H
from _capture_helpers import tensho_round as rnd

G = "tensho"
GAME = tally.get_game(G)
DECK = CardSet(GAME.deck).slugs

# tensho.md section 2 (seed 4983-5073, two columns by Tensho month). Every other card is 1.
VALUES = {"pine-crane": 15, "pine-poetry": 5, "willow-rainman": 10, "willow-swallow": 10,
          "cherry-curtain": 3, "wisteria-cuckoo": 4, "iris-bridge": 5,
          "paulownia-phoenix": 10, "clover-boar": 7, "pampas-moon": 8,
          "chrysanthemum-sake": 9, "maple-deer": 10, "maple-blue": 10,
          "peony-butterflies": 11, "plum-warbler": 12}


def score(r, **kw):
    return tally.score_round(G, r, **kw)


def ev(cards, yaku_set="one", **opts):
    return tally.evaluate(G, cards, options={"yaku_set": yaku_set, **opts})


def digest_table(shared):
    """Section 4's yaku table: id -> (cards, Set One, Set Two) exactly as printed."""
    return H.tensho_digest_table(shared, G)


# --------------------------------------------------------------------------------------------
# Deck, values, yaku tables

def test_deck_is_45_cards():
    """Section 1 (seed 4849): no jokers, no paulownia chaffs; 21 chaffs remain."""
    assert len(DECK) == 45 and "paulownia-phoenix" in DECK
    assert not any(s.startswith(("joker", "paulownia-chaff")) for s in DECK)
    assert sum(CARD[s].kind == "chaff" for s in DECK) == 21


def test_card_values_and_td7_deck_total_159():
    """Section 2 table; TD7: the full 45-card deck totals 159."""
    c = GAME.compiled()
    for s in DECK:
        assert _tensho.card_total(CARD[s].bit, c.values) == VALUES.get(s, 1), s
    assert _tensho.card_total(GAME.deck, c.values) == 159


def test_td8_warbler_and_swallow_make_22():
    """TD8: plum-warbler + willow-swallow = 12 + 10 = 22 (11 in tensho-simplified.md)."""
    assert ev(["plum-warbler", "willow-swallow"]).details["card_total"] == 22
    simple = tally.evaluate("tensho-simplified", ["plum-warbler", "willow-swallow"])
    assert simple.details["card_total"] == 11


def test_yaku_cards_and_values_are_the_digests(shared):
    """Section 4: every row's cards and Set One / Set Two values, read from the digest;
    24 yaku in Set One, 21 in Set Two, 31 in all."""
    table = digest_table(shared)
    assert len(table) == 31
    for col, set_id in ((1, "one"), (2, "two")):
        c = GAME.compiled(options={"yaku_set": set_id})
        got = {h.id: (set(h.cards), "AUTO" if auto else p)
               for m, p, h, auto in c.plans[set_id].rows}
        want = {k: (v[0], v[col]) for k, v in table.items() if v[col] is not None}
        assert got == want
    assert len(GAME.compiled().plans["one"].rows) == 24
    assert len(GAME.compiled().plans["two"].rows) == 21
    assert {y.id for y in GAME.yaku} == set(table)


def test_t1_front_is_the_ribbon_back_the_bright_or_ten():
    """Section 4 and T1 ("Resolved (2026-12): settled in substance", FudaWiki after the 1927
    survey): Front = the month's ribbon, Back = its bright/ten; Red Four (aka-shi) = crane,
    phoenix, wisteria ribbon = the book's One Six Four; Front 8 is the geese and the phoenix
    is both Front 6 and Back 6."""
    from tally.games.tensho import BACK, FRONT
    yaku = {y.id: set(y.cards) for y in tally.get_game(G).yaku}
    assert yaku["one_six_four"] == {"pine-crane", "paulownia-phoenix", "wisteria-ribbon"}
    assert FRONT[8] == "pampas-geese" and FRONT[6] == BACK[6] == "paulownia-phoenix"
    assert all(CARD[FRONT[m]].kind == "ribbon" for m in FRONT if m not in (6, 8))
    assert all(CARD[BACK[m]].kind in ("bright", "ten") for m in BACK)


def test_t5_ten_nine_twelve_uses_chrysanthemum():
    """T5: the book prints Ten Nine Twelve: maple, chrysanthemum and plum (not peony)."""
    assert [y.id for y in ev(["maple-blue", "chrysanthemum-blue", "plum-poetry"]).yaku] == \
        ["front_ten_nine_twelve"]
    assert ev(["maple-blue", "peony-blue", "plum-poetry"]).yaku == ()


# --------------------------------------------------------------------------------------------
# Section 9

A_CHAFF8 = ["pine-chaff-1", "pine-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
            "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1", "iris-chaff-2"]
B_CHAFF7 = ["peony-chaff-1", "peony-chaff-2", "clover-chaff-1", "clover-chaff-2",
            "pampas-chaff-1", "pampas-chaff-2", "willow-lightning", "willow-rainman",
            "maple-deer", "maple-blue"]


def test_t_e1_more_chaffs_wins():
    """T-E1 (p. 118 Ex. 1, seed 5176-5185): no yaku; A 8 chaffs, B 7: A wins, although B's
    card total is higher (chaffs are the first tie-break)."""
    r = score(rnd(A_CHAFF8, B_CHAFF7, dealer="B"))
    a, b = r.player("A"), r.player("B")
    assert a.yaku == b.yaku == () and (a.extra["chaffs"], b.extra["chaffs"]) == (8, 7)
    assert b.extra["card_total"] > a.extra["card_total"]
    assert r.winner == "A" and r.next_dealer == "A"


def test_t_e2_front_three_four_five():
    """T-E2 (p. 118 Ex. 2; printed "Front Four Three Five", T4): A 100, B none: A wins."""
    a = ["cherry-poetry", "cherry-chaff-1", "wisteria-ribbon", "wisteria-chaff-1",
         "iris-ribbon", "iris-chaff-1"]
    r = score(rnd(a, B_CHAFF7, "two"))
    assert [y.id for y in r.player("A").yaku] == ["front_three_four_five"]
    assert r.player("A").points == 100 and r.winner == "A"


def test_t_e3_one_six_four_is_an_automatic_win():
    """T-E3 (p. 118 Ex. 3): A completes One Six Four (Set Two): A wins at once, although B
    holds 300 points of Set Two yaku; no round scores are calculated."""
    a = ["pine-crane", "pine-chaff-1", "paulownia-phoenix", "wisteria-ribbon",
         "wisteria-chaff-1"]
    b = ["clover-ribbon", "clover-chaff-1", "pampas-geese", "pampas-chaff-1",
         "chrysanthemum-blue", "chrysanthemum-chaff-1", "maple-blue", "maple-chaff-1"]
    r = score(rnd(a, b, "two", dealer="B"))
    assert r.winner == "A" and r.next_dealer == "A"
    auto = [y for y in r.player("A").yaku if y.id == "one_six_four"]
    assert auto and auto[0].note == "automatic win in Set Two"
    assert (r.player("A").points, r.player("B").points) == (0, 0)


def test_td1_two_front_yaku():
    """TD1: Set One; pine-poetry, willow-ribbon, cherry-poetry, maple-blue = 100 + 100."""
    e = ev(["pine-poetry", "willow-ribbon", "cherry-poetry", "maple-blue"])
    assert {y.id for y in e.yaku} == {"front_one_two_three", "front_one_two_ten"}
    assert e.points == 200


def test_td2_td3_front_five_six_ten():
    """TD2: Set One; iris-ribbon, paulownia-phoenix, maple-blue is an automatic win.
    TD3: Set Two; the same cards are front_five_six_ten = 100."""
    cards = ["iris-ribbon", "paulownia-phoenix", "maple-blue"]
    assert ev(cards, "one").details["automatic_win"] == "front_five_six_ten"
    r = score(rnd(cards + ["iris-chaff-1", "maple-chaff-1"], A_CHAFF8[:4], "one"))
    assert r.winner == "A"
    two = ev(cards, "two")
    assert two.points == 100 and two.details["automatic_win"] is None


def test_td4_four_yaku_400():
    """TD4: Set One; pampas-geese, wisteria-ribbon, peony-blue, plum-poetry = 400."""
    e = ev(["pampas-geese", "wisteria-ribbon", "peony-blue", "plum-poetry"])
    assert {y.id for y in e.yaku} == {"front_eight_four_eleven_twelve",
                                      "front_eight_four_eleven", "front_eight_four_twelve",
                                      "front_four_eleven_twelve"}
    assert e.points == 400


def test_td5_td6_back_five_six_ten():
    """TD5: Set Two; iris-bridge, paulownia-phoenix, maple-deer: automatic win.
    TD6: Set One; the same cards: back_five_six_ten = 50."""
    cards = ["iris-bridge", "paulownia-phoenix", "maple-deer"]
    assert ev(cards, "two").details["automatic_win"] == "back_five_six_ten"
    r = score(rnd(A_CHAFF8[:4], cards + ["iris-chaff-1", "maple-chaff-1"], "two", events=[
        {"type": "automatic_win", "player": "B", "yaku": "back_five_six_ten"}]))
    assert r.winner == "B"
    one = ev(cards, "one")
    assert one.points == 50 and [y.id for y in one.yaku] == ["back_five_six_ten"]


def test_card_total_tie_break_uses_this_games_values():
    """Section 5 step 3 with section 2's values: warbler + plum chaff (12 + 1 = 13) beats
    rain man + lightning (10 + 1 = 11) here, while in tensho-simplified.md the same piles
    are 10 + 1 = 11 against 11 + 1 = 12 (the section 2 cross-warning)."""
    a, b = ["plum-warbler", "plum-chaff-1"], ["willow-rainman", "willow-lightning"]
    r = score(rnd(a, b))
    assert (r.player("A").extra["card_total"], r.player("B").extra["card_total"]) == (13, 11)
    assert r.winner == "A"
    s = tally.score_round("tensho-simplified", rnd(a, b))
    assert (s.player("A").extra["card_total"], s.player("B").extra["card_total"]) == (11, 12)
    assert s.winner == "B"


# --------------------------------------------------------------------------------------------
# Section 10 readings

def test_t3_back_two_card_both_readings():
    """T3: Back 2 is willow-swallow (default) or willow-rainman (option back_two_card)."""
    crane_curtain = ["pine-crane", "cherry-curtain"]
    assert ev(crane_curtain + ["willow-swallow"]).points == 50
    assert ev(crane_curtain + ["willow-rainman"]).points == 0
    opt = {"back_two_card": "willow-rainman"}
    e = ev(crane_curtain + ["willow-rainman"], **opt)
    assert [y.id for y in e.yaku] == ["back_one_two_three"] and e.points == 50
    assert ev(crane_curtain + ["willow-swallow"], **opt).points == 0


def test_t6_drawn_round():
    """T6: all tie-breaks equal: no win recorded, the dealer deals again."""
    r = score(rnd(["pine-chaff-1", "pine-chaff-2"], ["cherry-chaff-1", "cherry-chaff-2"],
                  dealer="B"))
    assert r.winner is None and r.next_dealer == "B" and r.carry["wins"] == {"A": 0, "B": 0}


def test_t7_equal_wins_at_the_end_both_readings():
    """T7: equal round wins after the agreed rounds: shared victory or one more round."""
    def play(winner, carry, **kw):
        a, b = ((A_CHAFF8[:4], A_CHAFF8[4:6]) if winner == "A"
                else (A_CHAFF8[:2], A_CHAFF8[2:6]))
        return score(rnd(a, b, carry=carry, length=2), **kw)
    r1 = play("A", None)
    r2 = play("B", r1.carry)
    assert r2.carry["game_over"] is True and r2.carry["game_winner"] is None
    opt = {"tied_game": "extra_round"}
    r2 = play("B", play("A", None, options=opt).carry, options=opt)
    assert "game_over" not in r2.carry
    r3 = play("B", r2.carry, options=opt)
    assert r3.carry["game_winner"] == "B" and r3.winner == "B"


def test_t10_draw_order_option_never_affects_scoring():
    """T10: the first-dealer draw order is a setting; scoring is the same either way."""
    a = ["cherry-poetry", "cherry-chaff-1", "wisteria-ribbon", "wisteria-chaff-1"]
    r1 = score(rnd(a, A_CHAFF8[6:]))
    r2 = score(rnd(a, A_CHAFF8[6:]), options={"first_dealer_month_order": "ordinary"})
    assert r1.winner == "A"
    assert r1.to_dict() == r2.to_dict()


# --------------------------------------------------------------------------------------------
# Errors and the registry

def test_errors_name_the_culprit():
    with pytest.raises(TallyError, match="'Paulownia coloured chaff' is not in the Tensho deck"):
        score(rnd(["paulownia-chaff-colored"], []))
    with pytest.raises(TallyError, match="which yaku set"):
        score(rnd([], [], None))
    with pytest.raises(TallyError, match="at most 33"):
        score(rnd(DECK[:20], DECK[20:40]))
    with pytest.raises(TallyError, match="One Six Four is not an automatic win in Set One"):
        score(rnd(["pine-crane", "paulownia-phoenix", "wisteria-ribbon"], [], events=[
            {"type": "automatic_win", "player": "A", "yaku": "one_six_four"}]))
    with pytest.raises(TallyError, match="names 'C', who is not at the table"):
        score(rnd([], [], events=[{"type": "phoenix_auto_capture", "player": "C"}]))
    with pytest.raises(TallyError, match="the Phoenix came from the hand or from the draw"):
        score(rnd(["paulownia-phoenix"], [], events=[
            {"type": "phoenix_auto_capture", "player": "A", "from": "field"}]))


def test_registry_serves_options_and_presets():
    d = GAME.to_dict()
    assert {o["id"] for o in d["options"]} == {
        "yaku_set", "back_two_card", "traditional_dealing", "first_dealer_month_order",
        "tied_game", "settle_fixed_per_round", "settle_fixed_per_game"}
    assert [p["id"] for p in d["presets"]] == ["book"]
    assert tally.score_round(G, GAME.round_example).winner == "Aki"


@settings(max_examples=150, deadline=None)
@given(st.permutations(DECK), st.integers(0, 33), st.data(),
       st.sampled_from(["one", "two"]))
def test_properties(cards, n, data, ys):
    k = data.draw(st.integers(0, n))
    a, b = list(cards[:k]), list(cards[k:n])
    r = score(rnd(a, b, ys), options={"settle_fixed_per_round": 3})
    r2 = score({**rnd(a[::-1], b[::-1], ys), "players": ["B", "A"]},
               options={"settle_fixed_per_round": 3})
    assert sum(r.net().values()) == 0
    # card order and seat order never change who wins (the dealer is A in both)
    assert r.winner == r2.winner and r.net() == r2.net()
    assert score(rnd(a[::-1], b[::-1], ys)).to_dict() == \
        score(rnd(a, b, ys)).to_dict()
