"""Hachi-Hachi quick entry (issue 9, section 1): a round recorded from what is said at the
table instead of every captured card. shared/rules/hachi-hachi.md section 7 allows it: the
captures are "each active player's captured cards; or at least TCV, chaff count, yaku ids and
whether each claimed triple was fully captured"; section 5.8 lists the checks.

Every expected number is copied from the digest's section 9 (the book's examples give only
totals, which is what quick entry takes); the same examples entered with cards are in
tests/test_hachi_hachi.py, and each quick round here must pay what its card round pays.
"""

import pytest

import tally
from tally import TallyError, create_app
from tally.cards import CARD

from test_hachi_hachi import (SEVEN_CHAFF_3PAIRS, call, check_consistent, ex1_round,
                              ex3_round, ex4_round, ex5_round, pays, totals)

G = "hachi-hachi"


def score(rnd, **kw):
    return tally.score_round(G, rnd, **kw)


def said(player, combos, **kw):
    """A hand_combo_claim by name, without cards (quick entry)."""
    return {"type": "hand_combo_claim", "player": player, "combos": list(combos), **kw}


def tcv(points, chaff=None, yaku=None, ribbons=None):
    t = {"card_points": points}
    for k, v in (("chaff", chaff), ("yaku", yaku), ("ribbons", ribbons)):
        if v is not None:
            t[k] = v
    return t


def three(events, totals_, fm=1, **kw):
    return {"players": ["X", "Y", "Z"], "dealer": "X", "field_multiplier": fm,
            "events": events, "totals": totals_, **kw}


def same_payments(quick, cards):
    """The quick round pays exactly what the card round pays (reasons aside)."""
    assert sorted((p.payer, p.payee, p.amount) for p in quick.payments) == \
        sorted((p.payer, p.payee, p.amount) for p in cards.payments)
    assert totals(quick) == totals(cards)


# ======================================================================================
# Section 9.1, the book's examples, entered quickly
# ======================================================================================

EX1 = {"players": ["A", "B"], "dealer": "A", "field_multiplier": "large_field",
       "events": [said("A", ["chaff_one_bright_six_chaff"]),
                  said("B", ["suit_three_of_a_kind"])],
       "totals": {"A": tcv(141), "B": tcv(123)}}


def test_quick_book_ex1_two_player_large_no_yaku():
    """Digest 9.1 book_ex1_two_player_large_no_yaku (B p.92, Fig. 17.4): tcv A 141, B 123,
    x2; B pays A 80 and A pays B 40; card points 106 and 70; totals 146 and 30."""
    res = score(EX1)
    assert pays(res, "hand combination") == [("A", "B", 40), ("B", "A", 80)]
    assert res.player("A").extra["card_score"] == 106
    assert res.player("B").extra["card_score"] == 70
    assert totals(res) == {"A": 146, "B": 30}
    assert res.winner == "A"
    same_payments(res, score(ex1_round()))


def test_quick_book_ex2_two_player_grand_end():
    """Digest 9.1 book_ex2_two_player_grand_end (B p.92-93, Fig. 17.5): x4, A's Greater
    wisteria 120 from B, B's End with 3 Poetry Ribbons 280 from A; A -160, B 160."""
    rnd = {"players": ["A", "B"], "dealer": "B", "field_multiplier": "grand_field",
           "events": [said("A", ["suit_greater_wisteria"]),
                      call("B", "end", ["poetry_ribbons"], 70)],
           "totals": {"A": tcv(32), "B": tcv(18, yaku=["poetry_ribbons"])}}
    res = score(rnd)
    assert pays(res) == [("A", "B", 280), ("B", "A", 120)]
    assert totals(res) == {"A": -160, "B": 160}
    assert res.winner == "B"


EX3 = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": "small_field",
       "events": [said("B", ["suit_three_of_a_kind"], captured_suit=0),
                  said("C", ["chaff_seven_chaff", "suit_three_pairs"])],
       # chaff counts 10 + 5 + 9 = 24 fit the TCVs 100 + 90 + 74 = 264 (section 5.8)
       "totals": {"A": tcv(100, 10), "B": tcv(90, 5), "C": tcv(74, 9)}}


def test_quick_book_ex3_three_player_small_no_yaku():
    """Digest 9.1 book_ex3_three_player_small_no_yaku (B p.93, Fig. 17.6): captured_suit
    {B: 0}; hand combinations A -100, B -40, C 140; card points 12, 2, -14; totals -88, -38,
    126; A wins with the highest TCV."""
    res = score(EX3)
    hc = {p.player: sum(s.value for s in p.steps if s.id == "hand_combination")
          for p in res.players}
    assert hc == {"A": -100, "B": -40, "C": 140}
    assert {p.player: p.extra["card_score"] for p in res.players} == \
        {"A": 12, "B": 2, "C": -14}
    assert totals(res) == {"A": -88, "B": -38, "C": 126}
    assert res.winner == "A"
    check_consistent(res)
    same_payments(res, score(ex3_round()))


def test_quick_book_ex4_hachi_hachi_88():
    """Digest 9.1 book_ex4_hachi_hachi_88 (B p.94, Fig. 17.7): every TCV 88, x2; the dealer
    takes 200 from each; the claimed hand combinations are cancelled."""
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 2,
           "events": [said("A", ["suit_three_of_a_kind"]),
                      said("B", ["chaff_two_ribbons_five_chaff"])],
           "totals": {p: tcv(88, 8) for p in "ABC"}}
    res = score(rnd)
    assert pays(res) == [("B", "A", 200), ("C", "A", 200)]
    assert not any(s.id == "hand_combination" for p in res.players for s in p.steps)
    assert totals(res) == {"A": 400, "B": -200, "C": -200}
    assert res.winner == "A"
    same_payments(res, score(ex4_round()))


@pytest.mark.parametrize("dealer, decisions", [
    ("D", (("A", "pass"),)),
    ("C", (("D", "play"), ("A", "pass"))),  # A24: C as dealer fits the text too
])
def test_quick_book_ex5_four_player_pass_captured_suit(dealer, decisions):
    """Digest 9.1 book_ex5_four_player_pass_captured_suit (B p.94-95, Fig. 17.8):
    captured_suit {B: 1}; A's pass penalty 40 goes to B; totals A -40, B 200, C 88, D -248
    (A2: C's 120 comes from B and D)."""
    rnd = {"players": ["A", "B", "C", "D"], "dealer": dealer,
           "field_multiplier": "grand_field",
           "events": [{"type": "play_decision", "player": p, "choice": ch}
                      for p, ch in decisions] + [
               said("B", ["suit_three_of_a_kind"], captured_suit=1),
               said("C", ["chaff_one_ribbon_six_chaff"])],
           "totals": {"B": tcv(98, 8), "C": tcv(80, 10), "D": tcv(86, 6)}}
    res = score(rnd)
    assert pays(res, "hand combination") == [("B", "C", 120), ("C", "B", 80),
                                             ("D", "B", 80), ("D", "C", 120)]
    assert pays(res, "Captured Suit") == [("C", "B", 40), ("D", "B", 40)]
    assert pays(res, "pass penalty") == [("A", "B", 40)]
    assert {p: res.player(p).extra["card_score"] for p in "BCD"} == \
        {"B": 40, "C": -32, "D": -8}
    assert totals(res) == {"A": -40, "B": 200, "C": 88, "D": -248}
    assert res.winner == "B"
    same_payments(res, score(ex5_round(dealer, decisions)))


EX6 = {"players": ["A", "B", "C", "D"], "dealer": "A", "field_multiplier": "large_field",
       "events": [
           {"type": "play_decision", "player": "B", "choice": "play"},
           {"type": "play_decision", "player": "C", "choice": "play"},
           {"type": "compensation_claim", "player": "D", "hand_combos": ["suit_three_pairs"],
            "held_yaku": [], "loose_cards": 1},
           said("A", ["chaff_seven_chaff"]),
           call("B", "end", ["four_dry_brights"], 100)],
       # A24: the book never gives A's TCV; A gets no 89 Plus Chaff, so below 89
       "totals": {"A": tcv(4), "B": tcv(84, yaku=["four_dry_brights"]), "C": tcv(22)}}


def test_quick_book_ex6_four_player_compensation_end():
    """Digest 9.1 book_ex6_four_player_compensation_end (B p.95-96, Fig. 17.9) and
    book_compensation_formula (B p.95): D's comp_base 40/2 + 3 = 23, x2 = 46 from B and
    from C; A's Any 7 Chaffs 80 from each; B's End 200 from each; A -40, B 274, C -326,
    D 92."""
    res = score(EX6)
    assert pays(res, "compensation") == [("B", "D", 46), ("C", "D", 46)]
    assert pays(res, "hand combination") == [("B", "A", 80), ("C", "A", 80)]
    assert pays(res, "yaku") == [("A", "B", 200), ("C", "B", 200)]
    assert totals(res) == {"A": -40, "B": 274, "C": -326, "D": 92}
    assert res.winner == "B" and res.next_dealer == "B"
    assert res.player("D").extra["compensation"]["base"] == 23
    check_consistent(res)
    same_payments(res, score(tally.get_game(G).round_example))


@pytest.mark.parametrize("fm, each", [(1, 20), (2, 40), (4, 80)])
def test_quick_book_hc_multiplier(fm, each):
    """Digest 9.1 book_hc_multiplier (B p.87): Any 3 of a Kind in a x1/x2/x4 field."""
    rnd = {**EX3, "field_multiplier": fm, "events": EX3["events"][:1]}
    assert pays(score(rnd), "hand combination") == [("A", "B", each), ("C", "B", each)]


@pytest.mark.parametrize("x, y, z, chaff, each", [
    (168, 48, 48, (8, 8, 8), 100),
    (170, 47, 47, (10, 7, 7), 120),
])
def test_quick_book_168_plus(x, y, z, chaff, each):
    """Digest 9.1 book_168_plus (B p.91): TCV 168 takes 100, 170 takes 120, from each."""
    rnd = three([], {"X": tcv(x, chaff[0]), "Y": tcv(y, chaff[1]), "Z": tcv(z, chaff[2])},
                dealer="Y")
    res = score(rnd)
    assert pays(res) == [("Y", "X", each), ("Z", "X", each)]
    assert res.winner == "X"


@pytest.mark.parametrize("n, y_chaff, z_chaff, each", [(16, 5, 3, 120), (18, 0, 6, 160)])
def test_quick_book_simple_16(n, y_chaff, z_chaff, each):
    """Digest 9.1 book_simple_16 (B p.91): 16 chaff take 120, 18 take 160, from each."""
    x = n + 45
    rnd = three([], {"X": tcv(x, n), "Y": tcv(110, y_chaff), "Z": tcv(154 - x, z_chaff)},
                dealer="Y")
    res = score(rnd)
    assert pays(res) == [("Y", "X", each), ("Z", "X", each)]
    assert res.winner == "X"


def test_quick_book_multiple_and_carryover_multiplier():
    """Digest 9.1 book_multiple_multiplier (x6) and book_carryover_multiplier (this round x4,
    the next x2), B p.96: the field rules apply to a quick round as to cards (every amount
    x FM, section 3.8)."""
    rnd = {k: v for k, v in EX3.items() if k != "field_multiplier"}
    rnd["field_brights"] = ["paulownia-phoenix", "pine-crane"]
    res = score(rnd, options={"multiple_multiplier": True})
    assert res.player("A").steps[-1].value == 6
    assert totals(res) == {"A": -88 * 6, "B": -38 * 6, "C": 126 * 6}
    res = score(rnd, options={"carryover_multiplier": True})
    assert res.player("A").steps[-1].value == 4 and res.carry == {"carry_multiplier": 2}
    nxt = {**rnd, "field_brights": [], "carry": res.carry}
    assert score(nxt, options={"carryover_multiplier": True}).player("A").steps[-1].value == 2


def test_quick_book_winning_hand():
    """Digest 9.1 book_winning_hand (B p.97): the 4 & 3 with Any 7 Chaffs named at the table
    takes 400 from each active opponent and ends the round before play."""
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
           "events": [said("B", ["suit_four_and_three", "chaff_seven_chaff"])]}
    res = score(rnd, options={"winning_hand": True})
    assert pays(res) == [("A", "B", 400), ("C", "B", 400)]
    assert res.winner == "B"


# ======================================================================================
# Section 9.2, derived checks, entered quickly
# ======================================================================================

def test_quick_d_end_single_continue_double():
    """Digest 9.2 d_end_single_continue_double: x2, X pays Y 400, Z nothing."""
    rnd = three([call("X", "continue", ["poetry_ribbons"], 70),
                 call("Y", "end", ["four_dry_brights"], 100)],
                {"X": tcv(30, yaku=["poetry_ribbons"]), "Y": tcv(90, yaku=["four_dry_brights"]),
                 "Z": tcv(40)}, fm=2)
    res = score(rnd)
    assert pays(res) == [("X", "Y", 400)]
    assert totals(res) == {"X": -400, "Y": 400, "Z": 0}


def test_quick_d_cancel_half():
    """Digest 9.2 d_cancel_half: 7 dry ribbons (100) then Cancel, x4: X 400, Y and Z -200."""
    rnd = three([call("X", "continue", ["seven_dry_ribbons"], 100),
                 {"type": "cancel_call", "player": "X"}],
                {"X": tcv(60, yaku=["seven_dry_ribbons"], ribbons=7), "Y": tcv(50),
                 "Z": tcv(40)}, fm=4)
    res = score(rnd)
    assert totals(res) == {"X": 400, "Y": -200, "Z": -200}
    assert res.winner == "X"


def test_quick_d_exhausted_two_continuers():
    """Digest 9.2 d_exhausted_two_continuers: X +35+35-50, Y +50+50-35, Z -35-50."""
    rnd = three([call("X", "continue", ["purple_ribbons"], 70),
                 call("Y", "continue", ["four_dry_brights"], 100)],
                {"X": tcv(70, yaku=["purple_ribbons"]),
                 "Y": tcv(110, yaku=["four_dry_brights"]), "Z": tcv(84)},
                round_end="exhausted")
    res = score(rnd)
    assert totals(res) == {"X": 20, "Y": 65, "Z": -85}
    assert res.winner == "X"


@pytest.mark.parametrize("tcvs, chaff, expected", [
    # d_168_beats_simple_16: "consistent: e.g. chaff X 1, Y 16, Z 7"
    ((171, 51, 42), (1, 16, 7), {"X": 260, "Y": -130, "Z": -130}),
    # d_simple_16_wins_without_top_tcv: "consistent: e.g. chaff X 18, Y 0, Z 6"
    ((73, 110, 81), (18, 0, 6), {"X": 320, "Y": -160, "Z": -160}),
])
def test_quick_d_cancel_all_precedence(tcvs, chaff, expected):
    """Digest 9.2 d_168_beats_simple_16 and d_simple_16_wins_without_top_tcv: X wins."""
    res = score(three([], {p: tcv(t, n) for p, t, n in zip("XYZ", tcvs, chaff)}))
    assert totals(res) == expected
    assert res.winner == "X"


def test_quick_d_89_plus_chaff():
    """Digest 9.2 d_89_plus_chaff: X's Any 7 Chaffs and TCV 95: X 107, Y -48, Z -59."""
    rnd = three([said("X", ["chaff_seven_chaff"])],
                {"X": tcv(95, 10), "Y": tcv(90, 5), "Z": tcv(79, 9)})
    res = score(rnd)
    assert totals(res) == {"X": 107, "Y": -48, "Z": -59}
    assert res.winner == "X"


# ======================================================================================
# Mixed entry, and what the result says was declared
# ======================================================================================

def test_cards_for_some_totals_for_others():
    """Digest 9.1 book_ex3 with A and B entered as cards, C as a total (and C's claim shown
    in cards): the same -88, -38, 126."""
    rnd = ex3_round()
    c_pile = rnd["captures"].pop("C")
    rnd["totals"] = {"C": tcv(74, sum(CARD[s].kind == "chaff" for s in c_pile))}
    res = score(rnd)
    assert totals(res) == {"A": -88, "B": -38, "C": 126}
    assert res.player("C").extra["declared"] == ["card_points", "chaff", "yaku"]
    assert "declared" not in res.player("A").extra


def test_the_result_says_what_was_declared():
    """Issue 9: the declared facts are flagged where they are shown, and a note says so."""
    d = score(EX6).to_dict()
    by = {p["player"]: p for p in d["players"]}
    assert by["B"]["declared"] == ["card_points", "yaku"]
    assert by["B"]["yaku"][0]["cards"] == []
    assert by["B"]["yaku"][0]["note"]["template"] == "declared at the table"
    assert by["A"]["declared"] == ["card_points", "yaku", "teyaku"]
    assert by["A"]["teyaku"][0]["declared"] is True
    assert by["D"]["declared"] == ["compensation"] and by["D"]["compensation"]["declared"]
    templates = [n["template"] for n in d["notes"]]
    assert "quick entry: the card points and yaku of {players} were declared at the table, " \
           "not counted from cards" in templates
    assert any(n["params"].get("players") == "A, D" for n in d["notes"]
               if n["template"].startswith("quick entry: the claims"))
    ex3 = score(EX3).to_dict()
    steps = [s for p in ex3["players"] for s in p["steps"] if s["id"] == "card_points"]
    assert steps and all(s["template"] == "card points: declared TCV {tcv} - 88" for s in steps)


def test_the_note_is_said_in_japanese_and_korean():
    client = create_app({"TESTING": True, "DATABASE": ":memory:"}).test_client()
    for lang in ("ja", "ko"):
        r = client.post(f"/api/v1/games/{G}/score?lang={lang}", json=EX3)
        assert r.status_code == 200, r.json
        quick = [n for n in r.json["notes"] if n["template"].startswith("quick entry")]
        assert quick and all(n["said"] != n["text"] for n in quick)


# ======================================================================================
# What is checked
# ======================================================================================

def fails(rnd, needle, *, player=None, field=None, **kw):
    with pytest.raises(TallyError) as e:
        score(rnd, **kw)
    assert needle in str(e.value), str(e.value)
    if player is not None:
        assert e.value.player == player
    if field is not None:
        assert e.value.field == field
    return e.value


def with_totals(rnd, **changes):
    return {**rnd, "totals": {**rnd["totals"], **changes}}


def test_error_totals_do_not_add_up_to_the_deck():
    """Section 5.8: a no-yaku round (it ran out) has TCVs adding up to 264, chaff to 24."""
    fails(with_totals(EX3, C=tcv(73, 8)), "add up to 263, not 264", field="totals")
    fails(with_totals(EX3, C=tcv(79, 9)), "add up to 269", field="totals")
    fails(with_totals(EX3, A=tcv(100, 5)), "chaff counts add up to 19, not 24",
          field="totals")
    fails(with_totals(EX3, A=tcv(100, 15)), "the chaff declared add up to 29", field="totals")


def test_error_more_than_the_deck_in_a_round_ended_by_a_call():
    """Section 5.8: a yaku round's TCVs add up to at most 264."""
    rnd = with_totals(EX6, A=tcv(200))
    fails(rnd, "add up to 306", field="totals")


@pytest.mark.parametrize("bad, needle, field", [
    (tcv(300), "0..264", "totals.A.card_points"),
    (tcv(-1), "0..264", "totals.A.card_points"),
    (tcv(99.5), "0..264", "totals.A.card_points"),
    (tcv(100, 25), "0..24", "totals.A.chaff"),
    (tcv(100, 7), "leave 93 for the brights, tens and ribbons", "totals.A.card_points"),
    (tcv(10, 15), "leave -5", "totals.A.card_points"),
    (tcv(264, 4), "leave 260", "totals.A.card_points"),  # brights, tens, ribbons are 240
    (tcv(100, 10, ribbons=1), "leave 85 for the brights and tens", "totals.A.ribbons"),
    (tcv(20, ribbons=5), "leave -5", "totals.A.ribbons"),
    ({"chaff": 10}, "0..264", "totals.A.card_points"),
    ({"card_points": 100, "tcv": 3}, "give 'tcv', which is not one of", "totals.A.tcv"),
])
def test_error_impossible_values(bad, needle, field):
    """Card values are 20 / 10 / 5 / 1 (section 2): TCV - chaff is a multiple of 5 (section
    5.8), and without the ribbons a multiple of 10."""
    fails(with_totals(EX3, A=bad), needle, player="A", field=field)


def test_error_both_kinds_for_one_player():
    """Issue 9: cards and totals for the same player are refused, naming the player."""
    rnd = ex3_round()
    rnd["totals"] = {"B": tcv(90, 5)}
    fails(rnd, "'B' is given both captured cards and totals", player="B", field="totals.B")
    ev = {"type": "compensation_claim", "player": "D", "hand_combos": ["suit_three_pairs"],
          "loose_cards": 1, "cards": tally.get_game(G).round_example["hands"]["D"]}
    rnd = {**EX6, "events": EX6["events"][:2] + [ev] + EX6["events"][3:]}
    fails(rnd, "'D' shows cards and counts the loose cards too", player="D")
    rnd = ex3_round()
    rnd["events"][0] = {**rnd["events"][0], "captured_suit": 0}
    fails(rnd, "tell how many claimed triples B captured whole", player="B", field="events.0.captured_suit")


def test_error_totals_for_a_player_sitting_out():
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "D", "field_multiplier": 4,
           "events": [{"type": "play_decision", "player": "A", "choice": "pass"}],
           "totals": {"A": tcv(0), "B": tcv(98, 8), "C": tcv(80, 10), "D": tcv(86, 6)}}
    fails(rnd, "'A' is not playing this round", player="A", field="totals.A")


@pytest.mark.parametrize("changes, needle, field", [
    # a yaku not in force (boar_deer_butterfly is a variation, section 8)
    ({"X": tcv(120, yaku=["boar_deer_butterfly"])}, "not a yaku in force", "totals.X.yaku"),
    ({"X": tcv(120, yaku=["five_brights", "four_dry_brights"])}, "name a yaku twice",
     "totals.X.yaku"),
    # the named yaku's own cards are worth more than the total: 4 Dry Brights are 80
    ({"X": tcv(70, yaku=["four_dry_brights"])}, "70 card points cannot hold", "totals.X.yaku"),
    # 5 Brights are 100 beside the chaff: 105 points with 10 chaff leave only 95
    ({"X": tcv(105, 10, yaku=["five_brights"])}, "105 card points cannot hold",
     "totals.X.yaku"),
    ({"X": tcv(100, yaku=["seven_dry_ribbons"])}, "say how many ribbons", "totals.X.ribbons"),
    ({"X": tcv(100, yaku=["seven_dry_ribbons"], ribbons=6)}, "needs 7 ribbons, not 6",
     "totals.X.ribbons"),
    # two players cannot both hold the three poetry ribbons
    ({"X": tcv(30, yaku=["poetry_ribbons"]), "Z": tcv(30, yaku=["poetry_ribbons"])},
     "which another player captured", "totals.Z.yaku"),
])
def test_error_impossible_yaku(changes, needle, field):
    rnd = three([call("X", "end")], {"X": tcv(30, yaku=["poetry_ribbons"]), "Y": tcv(40),
                                     "Z": tcv(40)})
    rnd = with_totals(rnd, **changes)
    if "Z" in changes:
        rnd["events"] = [call("Z", "continue"), call("X", "end")]
    fails(rnd, needle, field=field)


def test_error_declared_yaku_and_calls_agree():
    """Section 5.2: completing a yaku forces a call; a call needs the yaku."""
    rnd = three([], {"X": tcv(30, yaku=["poetry_ribbons"]), "Y": tcv(40), "Z": tcv(40)})
    fails(rnd, "no Continue/End call by X", player="X")
    rnd = three([call("X", "end", ["purple_ribbons"])],
                {"X": tcv(30, yaku=["poetry_ribbons"]), "Y": tcv(40), "Z": tcv(40)})
    fails(rnd, "calls with 3 Purple Ribbons", player="X")
    rnd = three([call("X", "end", ["poetry_ribbons"], 100)],
                {"X": tcv(30, yaku=["poetry_ribbons"]), "Y": tcv(40), "Z": tcv(40)})
    fails(rnd, "total yaku value at the call, 100, does not match", player="X")


def test_error_facts_quick_entry_cannot_do_without():
    """Simple 16 (section 5.3 step 3c) needs the chaff counts; captured_suit (section 5.5)
    the claimant's word when no card shows it."""
    rnd = with_totals(EX3, B=tcv(90))
    fails(rnd, "say B's chaff count", player="B", field="totals.B.chaff")
    rnd = {**EX3, "events": [said("B", ["suit_three_of_a_kind"])] + EX3["events"][1:]}
    fails(rnd, "how many claimed triples B captured whole", player="B",
          field="events.0.captured_suit")
    rnd = {**EX3, "events": [said("B", ["suit_three_of_a_kind"], captured_suit=2)]}
    fails(rnd, "0 to 1, not 2", player="B")
    rnd = {**EX3, "events": [{"type": "hand_combo_claim", "player": "B"}]}
    fails(rnd, "in quick entry, the claimed combinations", player="B")


def test_error_declared_compensation_that_no_hand_holds():
    """Section 3.5 / A8a: a chaff combo is the whole hand, so nothing else is loose."""
    ev = {"type": "compensation_claim", "player": "D", "hand_combos": ["chaff_seven_chaff"],
          "loose_cards": 1}
    rnd = {**EX6, "events": EX6["events"][:2] + [ev] + EX6["events"][3:]}
    fails(rnd, "a whole hand of chaff", player="D")
    ev = {"type": "compensation_claim", "player": "D", "held_yaku": ["five_brights"],
          "loose_cards": 3}
    rnd = {**EX6, "events": EX6["events"][:2] + [ev] + EX6["events"][3:]}
    fails(rnd, "need 8 cards; a hand has 7", player="D")


def test_error_totals_after_an_immediate_win():
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
           "events": [said("B", ["suit_four_and_three", "chaff_seven_chaff"])],
           "totals": {"A": tcv(100, 10)}}
    fails(rnd, "no captures", field="totals", options={"winning_hand": True})


# ======================================================================================
# The API: the inputs served, and a round switched between cards and quick entry
# ======================================================================================

@pytest.fixture()
def client(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite")}).test_client()


def test_the_game_serves_the_quick_entry_inputs(client):
    g = client.get(f"/api/v1/games/{G}").json
    t = next(i for i in g["inputs"] if i["key"] == "totals")
    assert t["kind"] == "record" and t["per_player"] is True
    assert [f["key"] for f in t["fields"]] == ["card_points", "chaff", "yaku", "ribbons"]
    assert t["fields"][0]["required"] and t["fields"][0]["maximum"] == 264
    events = {e["id"]: {i["key"]: i for i in e["inputs"]} for e in g["events"]}
    assert events["hand_combo_claim"]["captured_suit"]["kind"] == "int"
    assert events["compensation_claim"]["loose_cards"]["maximum"] == 7


def _points(r):
    assert r.status_code in (200, 201), r.json
    return {p["player"]: p["points"] for p in r.json["round"]["result"]["players"]}


def test_a_round_switched_between_cards_and_quick_entry(client):
    """Issue 9: POST a round with cards, PUT it as quick entry, PUT it back as cards; each
    scores digest 9.1 book_ex3 (-88, -38, 126) and the next month still follows it."""
    r = client.post("/api/v1/sessions", json={"game": G, "players": ["A", "B", "C"],
                                              "length": 12, "first_dealer": "A"})
    sid, token = r.json["id"], r.json["edit_token"]
    url = f"/api/v1/sessions/{sid}/rounds"

    def body(rnd, version):
        return {**{k: v for k, v in rnd.items() if k not in ("players", "dealer")},
                "version": version}

    cards = ex3_round()
    r = client.post(f"{url}?t={token}", json=body(cards, r.json["version"]))
    assert _points(r) == {"A": -88, "B": -38, "C": 126}
    r = client.put(f"{url}/1?t={token}", json=body(EX3, r.json["version"]))
    assert _points(r) == {"A": -88, "B": -38, "C": 126}
    assert "totals" in r.json["round"]["input"] and "captures" not in r.json["round"]["input"]
    assert r.json["round"]["result"]["players"][0]["declared"] == ["card_points", "chaff", "yaku"]
    r = client.put(f"{url}/1?t={token}", json=body(cards, r.json["version"]))
    assert _points(r) == {"A": -88, "B": -38, "C": 126}
    assert "declared" not in r.json["round"]["result"]["players"][0]
    # month 2, dealt by A (the winner), entered quickly: book_ex4 (A 400, B -200, C -200)
    ex4 = {"field_multiplier": 2, "events": [said("A", ["suit_three_of_a_kind"]),
                                             said("B", ["chaff_two_ribbons_five_chaff"])],
           "totals": {p: tcv(88, 8) for p in "ABC"}}
    r = client.post(f"{url}?t={token}", json=body(ex4, r.json["version"]))
    assert _points(r) == {"A": 400, "B": -200, "C": -200}
    assert r.json["round"]["dealer"] == "A"
    r = client.put(f"{url}/2?t={token}", json=body(ex4_round(), r.json["version"]))
    assert _points(r) == {"A": 400, "B": -200, "C": -200}
    s = client.get(f"/api/v1/sessions/{sid}/settlement?t={token}")
    nets = {n["player"]: n["chips"] for n in s.json["nets"]}
    assert nets == {"A": -88 + 400, "B": -38 - 200, "C": 126 - 200}


def test_a_bad_quick_round_is_a_422_naming_the_player(client):
    r = client.post(f"/api/v1/games/{G}/score", json=with_totals(EX3, B=tcv(90, 7)))
    assert r.status_code == 422
    err = r.json["errors"][0]
    assert err["player"] == "B" and err["field"] == "totals.B.card_points"


def test_seven_chaff_pairs_claim_needs_no_captured_suit():
    """A7: Any 3 Pairs holds no triple, so C's claim in book_ex3 needs no captured_suit."""
    assert "suit_three_pairs" in EX3["events"][1]["combos"]
    assert SEVEN_CHAFF_3PAIRS  # the same claim shown in cards (tests/test_hachi_hachi.py)
    score(EX3)
