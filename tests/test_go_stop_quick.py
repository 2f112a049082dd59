"""Go-Stop quick entry (issue 9): a round recorded from what is said at the table, the
winner's points (or their combinations by name) and each loser's penalties, instead of the
captured cards; the Go, shaking and bomb events stay events. And a Go's score is optional,
checked only when given, in plain words (issue 9, "no traps").

Every worked example of shared/rules/go-stop.md section 9 that settles a Stop is entered
again as said at the table. The expected numbers are the digest's (or follow from its
sections 4 and 5 by the arithmetic written next to them); where tests/test_go_stop.py has the
same round with cards, the quick round must also settle exactly as it does.
"""

import copy
import random

import pytest

import tally
from tally import TallyError, create_app
from test_go_stop import paid, B_STD, C_STD, D1_A, D1_C, D4_A12, D4_B, D4_C, DRY4, GODORI5, HONG3

G = "go-stop"


def go(player, score=None):
    ev = {"type": "go", "player": player}
    if score is not None:
        ev["score"] = score
    return ev


def stop(player, score=None):
    return dict(go(player, score), type="stop")


def quick(events, declared, players=("A", "B", "C"), dealer="A", **extra):
    """A round entered from what the table said: ``declared`` instead of captures."""
    return {"players": list(players), "dealer": dealer, "declared": declared,
            "events": list(events), **extra}


def points(n, **toggles):
    return {"points": n, **toggles}


def said_yaku(*rows, **toggles):
    """The winner's combinations by name: ("godori",) or ("pi", 12)."""
    return {"yaku": [{"yaku": r[0], "count": r[1]} if len(r) > 1 else {"yaku": r[0]}
                     for r in rows], **toggles}


def score(rnd, preset=None, **options):
    return tally.score_round(G, rnd, preset=preset, options=options or None)




def settles_alike(q, cards):
    """Not an expected number: the quick round settles as the same round with cards (only
    the combinations' cards and the reasons say what was declared)."""
    assert q.net() == cards.net()
    assert [(p.payer, p.payee, p.amount) for p in q.payments] == \
        [(p.payer, p.payee, p.amount) for p in cards.payments]
    assert (q.winner, q.next_dealer, q.carry) == (cards.winner, cards.next_dealer, cards.carry)
    for a, b in zip(q.players, cards.players):
        assert [(s.id, s.op, s.value, s.total) for s in a.steps] == \
            [(s.id, s.op, s.value, s.total) for s in b.steps], a.player


def with_cards(rnd, captures):
    out = {k: v for k, v in rnd.items() if k != "declared"}
    return {**out, "captures": captures}


# ---------------------------------------------------------------------------------------------
# 9.1 the book [B]
# ---------------------------------------------------------------------------------------------

# (id, A's points, A's combinations, Go scores, bomb, heundeum, {reading: per loser}):
# go-stop.md 9.1, the EX-B1..B6 table (per loser / A's total = 2 x per loser)
B_TABLE = [
    ("EX-B1", 5, [("godori",)], [], None, None,
     {"book": 5, "pagat": 5, "pagat_text": 5, "encyclopedia": 5}),
    ("EX-B2", 5, [("godori",)], [3], None, None,
     {"book": 6, "pagat": 6, "pagat_text": 6, "encyclopedia": 6}),
    ("EX-B3", 5, [("godori",)], [3, 4], None, None,
     {"book": 10, "pagat": 7, "pagat_text": 7, "encyclopedia": 7}),
    ("EX-B4", 5, [("godori",)], [3], "peony", None,
     {"book": 12, "pagat": 6, "pagat_text": 6, "encyclopedia": 6}),
    ("EX-B5", 5, [("godori",)], [3, 4], "peony", None,
     {"book": 20, "pagat": 7, "pagat_text": 7, "encyclopedia": 7}),
    ("EX-B6", 8, [("godori",), ("hong_dan",)], [3, 5, 7], "peony", "maple",
     {"book": 96, "pagat": 40, "pagat_text": 32, "encyclopedia": 40}),
]
READINGS = [("book", {}), ("pagat", {}), ("pagat", {"go_bonus_formula": "pagat_text"}),
            ("encyclopedia", {})]


def b_events(go_scores, bomb, shake, with_scores):
    ev = [{"type": "heundeum", "player": "A", "month": shake}] if shake else []
    ev += [{"type": "bomb", "player": "A", "month": bomb}] if bomb else []
    ev += [go("A", s if with_scores else None) for s in go_scores]
    return ev + [stop("A")]


@pytest.mark.parametrize("ex", B_TABLE, ids=[x[0] for x in B_TABLE])
@pytest.mark.parametrize("preset, options", READINGS,
                         ids=["book", "pagat", "pagat_text", "encyclopedia"])
def test_book_examples_table_said_as_points(ex, preset, options):
    """9.1 EX-B1..B6: A's points said at the table, the Gos tapped without their scores; B
    and C left out of the quick entry (the digest's losers have a bright and 7 junk: no
    penalty)."""
    _, pts, _, go_scores, bomb, shake, expect = ex
    reading = options.get("go_bonus_formula", preset)
    res = score(quick(b_events(go_scores, bomb, shake, False), {"A": points(pts)}), preset,
                **options)
    assert paid(res) == {"B": expect[reading], "C": expect[reading]}
    assert res.net()["A"] == 2 * expect[reading]
    assert res.winner == "A" and res.next_dealer == "A"


@pytest.mark.parametrize("ex", B_TABLE, ids=[x[0] for x in B_TABLE])
@pytest.mark.parametrize("preset, options", READINGS,
                         ids=["book", "pagat", "pagat_text", "encyclopedia"])
def test_book_examples_table_said_by_name(ex, preset, options):
    """9.1 EX-B1..B6 again, the combinations by name (GODORI5: godori; + HONG3: hong-dan),
    the Gos with their scores, every loser toggle said off; and as the cards settle."""
    _, _, rows, go_scores, bomb, shake, expect = ex
    reading = options.get("go_bonus_formula", preset)
    off = {"gwang_bak": False, "pi_bak": False, "meong_bak": False}
    rnd = quick(b_events(go_scores, bomb, shake, True),
                {"A": said_yaku(*rows), "B": dict(off), "C": dict(off)})
    res = score(rnd, preset, **options)
    assert paid(res) == {"B": expect[reading], "C": expect[reading]}
    cards = GODORI5 + (HONG3 if len(rows) > 1 else [])
    settles_alike(res, score(with_cards(rnd, {"A": cards, "B": B_STD, "C": C_STD}), preset,
                             **options))


def test_ex_b7_go_bak():
    """9.1 EX-B7: A 5 points, no Go; B said Go (its score not given), C never did.
    book/pagat: B 10, C 0, A +10; encyclopedia: B 10, C 5, A +15."""
    rnd = quick([go("B"), stop("A")], {"A": points(5)})
    for preset in ("book", "pagat"):
        res = score(rnd, preset)
        assert paid(res) == {"B": 10} and res.net() == {"A": 10, "B": -10, "C": 0}
    res = score(rnd, "encyclopedia")
    assert paid(res) == {"B": 10, "C": 5} and res.net()["A"] == 15


def test_ex_b8_draw_refusal():
    """9.1 EX-B8: A 5 points; C asked for a Draw and B refused. book: B 10, C 0; pagat the
    same inside the refusal window, otherwise B 5, C 5."""
    offer = {"type": "syodang_offer", "player": "C", "refused_by": "B"}
    rnd = quick([offer, stop("A")], {"A": points(5)})
    assert paid(score(rnd, "book")) == {"B": 10}
    assert paid(score(rnd)) == {"B": 10}
    lapsed = quick([offer, {"type": "syodang_lapsed"}, stop("A")], {"A": points(5)})
    assert paid(score(lapsed)) == {"B": 5, "C": 5}


@pytest.mark.parametrize("preset, options, c_bak, expect", [
    ("book", {}, False, {"B": 10, "C": 5}),
    ("pagat", {}, False, {"B": 8, "C": 4}),
    ("encyclopedia", {}, False, {"B": 10, "C": 5}),
    # weak_rain_man: C's rain bright does not protect, so the table says C's gwang-bak too
    ("book", {"weak_rain_man": True}, True, {"B": 10, "C": 10}),
    ("book", {"gwang_bak_mode": "plus_two"}, False, {"B": 7, "C": 5}),
])
def test_ex_b9_gwang_bak_toggles(preset, options, c_bak, expect):
    """9.1 EX-B9: A's four dry brights (sa-gwang: 5 book, 4 pagat); B has no bright (the
    table says gwang-bak), C only the rain man."""
    rnd = quick([stop("A")], {"A": said_yaku(("sa_gwang",)), "B": {"gwang_bak": True},
                              "C": {"gwang_bak": c_bak}})
    res = score(rnd, preset, **options)
    assert paid(res) == expect
    if not c_bak:
        b = B_STD[1:]  # no bright
        settles_alike(res, score(with_cards(rnd, {"A": DRY4, "B": b, "C": C_STD}), preset,
                                 **options))


def test_ex_b9_points_alone_trust_the_toggles():
    """9.1 EX-B9 under the book with A's 5 points said alone: B 10 (gwang-bak), C 5."""
    rnd = quick([stop("A")], {"A": points(5), "B": {"gwang_bak": True}})
    assert paid(score(rnd, "book")) == {"B": 10, "C": 5}


@pytest.mark.parametrize("n, expect", [(4, 28), (5, 56), (6, 112)])
def test_ex_b10_higher_stakes_with_gos_without_scores(n, expect):
    """9.1 EX-B10 (x4, x8, x16 for 4, 5, 6 Gos) with the +2 of pagat_example: the 5.5
    reference row for P = 5 (28, 56, 112). The Gos are tapped without a score."""
    rnd = quick([go("A")] * n + [stop("A")], {"A": points(5)})
    assert paid(score(rnd)) == {"B": expect, "C": expect}


def test_ex_b11_bomb_factor():
    """9.1 EX-B11: A bombed peony; A's jokbo per section 4 is godori 5 + five animals 1 = 6;
    the book's bomb x2: 12 each; pagat (no bomb factor): 6."""
    rnd = quick([{"type": "bomb", "player": "A", "month": "peony"}, stop("A")],
                {"A": said_yaku(("godori",), ("yul", 5))})
    assert paid(score(rnd, "book")) == {"B": 12, "C": 12}
    assert paid(score(rnd, "pagat")) == {"B": 6, "C": 6}


# ---------------------------------------------------------------------------------------------
# 9.2 Pagat [P]
# ---------------------------------------------------------------------------------------------

def test_ex_p2_higher_opponent_wasted():
    """9.2 EX-P2: 2 players, target 5; A stops with 5, B (7 points) had said Go once.
    pagat 5, book 5, encyclopedia (go-bak x2) 10."""
    rnd = quick([go("B", 7), stop("A", 5)], {"A": said_yaku(("godori",))}, ("A", "B"))
    for preset, expect in (("pagat", 5), ("book", 5), ("encyclopedia", 10)):
        assert paid(score(rnd, preset, stop_threshold_2p=5)) == {"B": expect}


@pytest.mark.parametrize("formula, expect", [
    ("pagat_example", 56), ("pagat_text", 40), ("encyclopedia", 56), ("book", 60),
    ("korean_common", 64)])
@pytest.mark.parametrize("winner", [said_yaku(("yul", 7), ("pi", 11)),
                                    points(5, meong_dda=True)], ids=["by-name", "points"])
def test_ex_p3_56_chips(formula, expect, winner):
    """9.2 EX-P3: A's 7 animals (yul 3, so meong-dda) and 11 junk (pi 2), P = 5; B's junk
    value 4 (pi-bak); three Gos. As the digest says (10 A2), with Go validation off."""
    rnd = quick([go("A")] * 3 + [stop("A")], {"A": winner, "B": {"pi_bak": True}},
                ("A", "B"), check_calls=False)
    assert paid(score(rnd, go_bonus_formula=formula)) == {"B": expect}


def test_ex_p6_double_heundeum():
    """9.2 EX-P6: A sam-gwang 3 and two heundeum sets: each pays 3 x 4 = 12; A +24."""
    ev = [{"type": "heundeum", "player": "A", "month": m} for m in ("plum", "iris")]
    rnd = quick(ev + [stop("A")], {"A": said_yaku(("sam_gwang",))})
    res = score(rnd)
    assert paid(res) == {"B": 12, "C": 12} and res.net()["A"] == 24
    settles_alike(res, score(with_cards(rnd, {"A": DRY4[:3], "B": ["paulownia-phoenix"],
                                              "C": ["willow-rainman"]})))


def test_ex_p7_pi_bak_is_the_tables_word():
    """9.2 EX-P7: A's 12 junk (pi 3); B's junk value 5 escapes pi-bak under pagat (each pays
    3); with the encyclopedia threshold 6 the table says B's pi-bak: B pays 6."""
    a = said_yaku(("pi", 12))
    assert paid(score(quick([stop("A")], {"A": a, "B": {"pi_bak": False}}))) == \
        {"B": 3, "C": 3}
    assert paid(score(quick([stop("A")], {"A": a, "B": {"pi_bak": True}}),
                      pi_bak_threshold=6))["B"] == 6


def test_ex_p12_nagari_doubles_next_deal():
    """9.2 EX-P12: the hand after a nagari, A wins with 3 points: each loser pays 6."""
    first = score({"players": ["A", "B", "C"], "dealer": "B", "events": [{"type": "nagari"}]})
    res = score(quick([stop("A")], {"A": points(3)}, dealer="B", carry=first.carry))
    assert paid(res) == {"B": 6, "C": 6} and res.carry["nagari"] == 0


def test_ex_p14_syodang():
    """9.2 EX-P14: C offers, B refuses, A stops (5 points): B 10, C 0; B wins in the window:
    each pays their own; the window lapsed: B 5, C 5."""
    offer = {"type": "syodang_offer", "player": "C", "refused_by": "B"}
    assert paid(score(quick([offer, stop("A")], {"A": points(5)}))) == {"B": 10}
    assert paid(score(quick([offer, stop("B")], {"B": points(5)}))) == {"A": 5, "C": 5}
    lapsed = [offer, {"type": "syodang_lapsed"}, stop("A")]
    assert paid(score(quick(lapsed, {"A": points(5)}))) == {"B": 5, "C": 5}


# ---------------------------------------------------------------------------------------------
# 9.3 encyclopedia [E]
# ---------------------------------------------------------------------------------------------

def test_ex_e4_three_doubles():
    """9.3 EX-E4: 2 players, target 7; B said Go at 7 and holds no bright and junk value 2;
    A stops with 7 (sam-gwang 3 + junk value 13: pi 4). encyclopedia: go-bak x gwang-bak x
    pi-bak = x8, B pays 56; pagat/book: no go-bak with 2 players, 7 x 4 = 28."""
    rnd = quick([go("B", 7), stop("A", 7)],
                {"A": said_yaku(("sam_gwang",), ("pi", 13)),
                 "B": {"gwang_bak": True, "pi_bak": True}}, ("A", "B"), dealer="B")
    assert paid(score(rnd, "encyclopedia")) == {"B": 56}
    assert paid(score(rnd, "pagat")) == {"B": 28}
    assert paid(score(rnd, "book")) == {"B": 28}


# ---------------------------------------------------------------------------------------------
# 9.4 derived
# ---------------------------------------------------------------------------------------------

def test_ex_d1_dok_bak_with_different_factors():
    """9.4 EX-D1: A 4 points (sam-gwang 3 + tti 1), Go once at 3; B said Go; C has no
    bright. pagat/book: B 15, C 0; encyclopedia: B 10, C 10."""
    ev = [go("A", 3), go("B", 3), stop("A")]
    rnd = quick(ev, {"A": said_yaku(("sam_gwang",), ("tti", 5)), "C": {"gwang_bak": True}})
    for preset in ("pagat", "book"):
        res = score(rnd, preset)
        assert paid(res) == {"B": 15} and res.net()["A"] == 15
        settles_alike(res, score(with_cards(rnd, {"A": D1_A, "B": B_STD, "C": D1_C}),
                                 preset))
    assert paid(score(rnd, "encyclopedia")) == {"B": 10, "C": 10}


def test_ex_d2_theft_with_quick_entry():
    """9.4 EX-D2: after the chok's theft A holds godori and 11 single junk (5 + 2 = 7) and
    stops; B's junk value 4: pi-bak, B pays 7 x 2 = 14. The junk transfer is recorded as it
    happened; the declared facts are the final ones."""
    ev = [{"type": "chok", "player": "A"},
          {"type": "junk_transfer", "player": "A", "from": "B", "card": "pine-chaff-1"},
          stop("A", 7)]
    rnd = quick(ev, {"A": said_yaku(("godori",), ("pi", 11)), "B": {"pi_bak": True}},
                ("A", "B"))
    res = score(rnd)
    assert paid(res) == {"B": 14}
    assert res.player("A").extra["junk_received"] == [{"event": "chok", "from": "B",
                                                       "junk": 1}]


def test_ex_d3_the_table_says_how_the_sake_cup_counted():
    """9.4 EX-D3: the table reads the sake cup for the best payment and says the result.
    (a) as junk: 6 animals (yul 2) + junk 11 (pi 2) = 4 points, B and C in pi-bak: 8 each,
    16; (b) as an animal: 7 animals, yul 3, meong-dda x2: 6 each, 12."""
    a = {"A": said_yaku(("yul", 6), ("pi", 11)), "B": {"pi_bak": True}, "C": {"pi_bak": True}}
    res = score(quick([stop("A")], a))
    assert paid(res) == {"B": 8, "C": 8} and res.net()["A"] == 16
    res = score(quick([stop("A")], {"A": said_yaku(("yul", 7))}))
    assert paid(res) == {"B": 6, "C": 6} and res.net()["A"] == 12


def test_ex_d4_oe_myeon():
    """9.4 EX-D4 (pagat): (a) only a pi row (junk 12 = 3), no Go: exception a, each pays 3,
    A +6; (b) junk 13 (4 points), Go once: C liable, pays (4 + 1) x 2 = 10, B 0; (c) C's last
    card: exception b, B 5 and C 5."""
    oe = {"type": "oe_myeon", "player": "C", "card": "pine-chaff-1", "kind": "played_unmatched"}
    rnd = quick([oe, stop("A")], {"A": said_yaku(("pi", 12))})
    res = score(rnd)
    assert paid(res) == {"B": 3, "C": 3} and res.net()["A"] == 6
    settles_alike(res, score(with_cards(rnd, {"A": D4_A12, "B": D4_B, "C": D4_C})))
    for a in (said_yaku(("pi", 13)), points(4)):
        assert paid(score(quick([go("A", 3), oe, stop("A")], {"A": a}))) == {"C": 10}
        last = dict(oe, last_card=True)
        assert paid(score(quick([go("A", 3), last, stop("A")], {"A": a}))) == \
            {"B": 5, "C": 5}


def test_ex_d5_first_turn_chips_are_kept():
    """9.4 EX-D5: B's first-turn ppuk (3 from A and C); A stops with 3: net A +3, B +3,
    C -6."""
    ev = [{"type": "ppuk", "player": "B", "month": "iris", "turn": 1}, stop("A")]
    assert score(quick(ev, {"A": points(3)})).net() == {"A": 3, "B": 3, "C": -6}


def test_ex_d7_delayed_compensation_with_quick_entry():
    """9.4 EX-D7, delayed variant: D sold 2 cards (4 per payer) in a nagari hand; the next
    hand B wins 5 x 2 (nagari, 6.6) from A and C, who each pay D 4 x 2 = 8: A -18, B +20,
    C -18, D +16."""
    opts = {"compensation_timing": "delayed"}
    first = score({"players": ["A", "B", "C", "D"], "dealer": "A",
                   "sitting_out": {"D": {"shows": ["pine-crane", "paulownia-chaff-colored"]}},
                   "events": [{"type": "nagari"}]}, **opts)
    rnd = quick([stop("B")], {"B": points(5)}, ("A", "B", "C", "D"),
                sitting_out={"D": {}}, carry=first.carry)
    assert score(rnd, **opts).net() == {"A": -18, "B": 20, "C": -18, "D": 16}


def test_ex_d8_go_validation_with_declared_points():
    """9.4 EX-D8 (target 3): Go at 3, Go at 5, then a Stop at 5 points is refused, at 6
    accepted ((6 + 2) each); a third Go at 5, or a first Go at 2, is refused."""
    with pytest.raises(TallyError) as e:
        score(quick([go("A", 3), go("A", 5), stop("A")], {"A": points(5)}))
    assert str(e.value) == ("A said Go at 5 points, so the Stop needs more than 5 points, and "
                            "the declared points are 5: check the Go's score or the declared "
                            "points")
    assert e.value.player == "A" and e.value.field == "declared.A"
    res = score(quick([go("A", 3), go("A", 5), stop("A")], {"A": points(6)}))
    assert paid(res) == {"B": 8, "C": 8}
    with pytest.raises(TallyError, match="the next Go needs more than 5 points, not 5"):
        score(quick([go("A", 3), go("A", 5), go("A", 5), stop("A")], {"A": points(6)}))
    with pytest.raises(TallyError, match="cannot say Go at 2 points, below the Stop target 3"):
        score(quick([go("A", 2), stop("A")], {"A": points(6)}))


# ---------------------------------------------------------------------------------------------
# no traps: a Go's score is optional, checked only when given, in plain words
# ---------------------------------------------------------------------------------------------

A6 = GODORI5 + ["iris-bridge", "peony-butterflies"]  # godori 5 + five animals 1 = 6 (EX-D8)


def test_a_go_without_a_score_is_accepted():
    """The natural order: tap the cards, add the Go, review. EX-D8's A (6 points) said Go
    twice without giving the scores: (6 + 2) each, as with them."""
    rnd = {"players": ["A", "B", "C"], "dealer": "A",
           "captures": {"A": A6, "B": B_STD, "C": C_STD},
           "events": [go("A"), go("A"), stop("A")]}
    assert paid(score(rnd)) == {"B": 8, "C": 8}
    assert score(rnd).player("A").extra["gos"] == [None, None]


@pytest.mark.parametrize("events, message, field", [
    # EX-D8: a Stop at 5 after a Go at 5
    ([go("A", 3), go("A", 5), stop("A")],
     "A said Go at 5 points, so the Stop needs more than 5 points, and the cards score 5: "
     "check the Go's score or the cards", "captures.A"),
    # a given score is checked against the ones given before it, the others left out
    ([go("A", 3), go("A"), go("A", 3), stop("A")],
     "A said Go at 3 points before, so the next Go needs more than 3 points, not 3: check "
     "the Go's score", "events.2.score"),
    ([go("A"), go("A", 2), stop("A")],
     "A cannot say Go at 2 points, below the Stop target 3: check the Go's score",
     "events.1.score"),
    ([stop("A", 6)], "A's Stop says 6 points, but the cards score 5: check the Stop's score "
     "or the cards", "events.0.score"),
])
def test_a_wrong_go_score_is_refused_in_plain_words(events, message, field):
    rnd = {"players": ["A", "B", "C"], "dealer": "A",
           "captures": {"A": GODORI5, "B": B_STD, "C": C_STD}, "events": events}
    with pytest.raises(TallyError) as e:
        score(rnd)
    assert str(e.value) == message and e.value.field == field
    assert "(5." not in str(e.value)  # no section numbers


def test_check_calls_off_skips_the_given_scores():
    rnd = quick([go("A", 9), stop("A", 2)], {"A": points(5)}, check_calls=False)
    assert paid(score(rnd)) == {"B": 6, "C": 6}  # 5 + 1 (one Go, 5.5)


# ---------------------------------------------------------------------------------------------
# what the result says
# ---------------------------------------------------------------------------------------------

def test_the_result_says_what_was_declared():
    res = score(quick([go("A", 3), stop("A")], {"A": said_yaku(("godori",), ("pi", 12)),
                                                  "C": {"gwang_bak": False}})).to_dict()
    a, b, c = res["players"]
    assert [(y["id"], y["points"], y["declared"], y["cards"]) for y in a["yaku"]] == [
        ("godori", 5, True, []), ("pi", 3, True, [])]  # 12 junk: 1 + 2 further (section 4)
    assert a["yaku"][1]["note"]["text"] == "declared at the table: junk value 12"
    assert a["declared"] == ["yaku"] and b["declared"] == c["declared"] == ["penalties"]
    assert a["steps"][0]["reason"] == "A's jokbo: 8 points (declared at the table)"
    assert [n["text"] for n in res["notes"]] == [
        "A's combinations were declared, not read from cards",
        "B's penalties were declared, not read from cards",
        "C's penalties were declared, not read from cards"]
    res = score(quick([stop("A")], {"A": points(5), "B": {"pi_bak": True}}),
                pi_bak_threshold=6).to_dict()
    assert res["players"][0]["yaku"] == [] and res["players"][0]["declared"] == ["points"]
    assert res["players"][1]["steps"][1]["reason"] == \
        "pi-bak x2: B holds junk value below 6 (declared at the table)"
    cards = score({"players": ["A", "B", "C"], "dealer": "A", "events": [stop("A")],
                   "captures": {"A": GODORI5, "B": B_STD, "C": C_STD}}).to_dict()
    assert not cards["notes"] and all("declared" not in p for p in cards["players"])


def test_mixed_entry_cards_for_some_players():
    """The winner said by name and a loser's cards: the cards' penalties are derived (EX-B9
    pagat: B without a bright pays 8); the winner's cards and a loser's penalties said."""
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "events": [stop("A")],
           "declared": {"A": said_yaku(("sa_gwang",))},
           "captures": {"B": B_STD[1:], "C": C_STD}}
    assert paid(score(rnd)) == {"B": 8, "C": 4}
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "events": [stop("A")],
           "declared": {"B": {"gwang_bak": True}}, "captures": {"A": DRY4, "C": C_STD}}
    assert paid(score(rnd)) == {"B": 8, "C": 4}


# ---------------------------------------------------------------------------------------------
# errors: plain, naming the player and the field
# ---------------------------------------------------------------------------------------------

STOP_A = [stop("A")]


@pytest.mark.parametrize("rnd, options, match, field", [
    # cards and declarations for the same player
    ({**quick(STOP_A, {"A": points(5)}), "captures": {"A": GODORI5}}, {},
     "A's captured cards and declared facts are both given", "declared.A"),
    (quick(STOP_A, {"Zed": points(5)}), {}, "declared names Zed, who does not play",
     "declared.Zed"),
    (quick(STOP_A, ["A"]), {}, "quick entry must name each player", "declared"),
    (quick(STOP_A, {"A": 5}), {}, "A's quick entry must say what the table said of them",
     "declared.A"),
    (quick(STOP_A, {"A": points(5), "B": {"go_bak": True}}), {},
     "B's go-bak follows from their Go events: record their Go", "declared.B.go_bak"),
    (quick(STOP_A, {"A": points(5), "B": {"gwangbak": True}}), {},
     "B's quick entry has 'gwangbak', which it does not read", "declared.B.gwangbak"),
    (quick(STOP_A, {"A": points(5), "B": {"pi_bak": "yes"}}), {},
     "B's pi-bak must be on or off", "declared.B.pi_bak"),
    # a penalty only where the rules in force have it
    (quick(STOP_A, {"A": points(5), "B": {"tti_bak": True}}), {},
     "B's tti-bak is on, but the house rules of this game do not have it: turn it off",
     "declared.B.tti_bak"),
    (quick(STOP_A, {"A": points(5), "B": {"meong_bak": True}}), {},
     "B's meong-bak is on, but the house rules", "declared.B.meong_bak"),
    (quick(STOP_A, {"A": points(5), "B": {"gwang_bak": True}}), {"gwang_bak_mode": "off"},
     "B's gwang-bak is on, but the house rules", "declared.B.gwang_bak"),
    # points reachable
    (quick(STOP_A, {"A": points(-1)}), {}, "A's declared points must be a whole number from 0",
     "declared.A.points"),
    (quick(STOP_A, {"A": points(1000)}), {}, "not 1000", "declared.A.points"),
    (quick(STOP_A, {"A": points("7")}), {}, "not '7'", "declared.A.points"),
    (quick(STOP_A, {"A": points(2)}), {},
     "A cannot stop with 2 declared points: the Stop target is 3. Check the declared points",
     "declared.A"),
    (quick([stop("A", 6)], {"A": points(5)}), {},
     "A's Stop says 6 points, but the declared points are 5", "events.0.score"),
    # conflicting declarations
    (quick(STOP_A, {"A": {"points": 5, "yaku": [{"yaku": "godori"}]}}), {},
     "A's points and combinations are both declared", "declared.A.yaku"),
    (quick(STOP_A, {"A": points(5, pi_bak=True)}), {},
     "A's declaration gives both a winner's points and a loser's penalties",
     "declared.A.pi_bak"),
    (quick(STOP_A, {"A": {"gwang_bak": False}}), {},
     "A said Stop: declare their points, or their combinations", "declared.A"),
    (quick(STOP_A, {"A": points(5), "B": points(7)}), {},
     r"B lost the hand \(A said Stop\): a winner's points are declared only for the winner",
     "declared.B.points"),
    (quick(STOP_A, {"A": points(5)}) | {"captures": {"B": B_STD}}, {},
     "A's points were declared without their combinations, so B's penalties cannot be read",
     "captures.B"),
    (quick(STOP_A, {"A": said_yaku(("godori",)), "B": {"gwang_bak": True}}), {},
     "B's gwang-bak is on, but A scored no bright combination", "declared.B.gwang_bak"),
    (quick(STOP_A, {"A": said_yaku(("godori",)), "B": {"pi_bak": True}}), {},
     "B's pi-bak is on, but A scored no junk combination", "declared.B.pi_bak"),
    (quick(STOP_A, {"A": said_yaku(("godori",), ("yul", 6)), "B": {"meong_bak": True}}),
     {"animal_double_mode": "meong_bak_only"},
     "B's meong-bak is on, but A holds fewer than 7 animals", "declared.B.meong_bak"),
    (quick(STOP_A, {"A": said_yaku(("yul", 6), meong_dda=True)}), {},
     "A's meong-dda is on, but their combinations hold fewer than 7 animals: add Animals",
     "declared.A.meong_dda"),
    (quick(STOP_A, {"A": said_yaku(("yul", 7), meong_dda=False)}), {},
     "A's combinations hold 7 animals, so meong-dda applies", "declared.A.meong_dda"),
    # the combinations by name
    (quick(STOP_A, {"A": {"yaku": "godori"}}), {}, "A's declared combinations must be a list",
     "declared.A.yaku"),
    (quick(STOP_A, {"A": {"yaku": ["godori"]}}), {},
     "A's combination 1 must name the combination", "declared.A.yaku.0"),
    (quick(STOP_A, {"A": said_yaku(("gwang",))}), {},
     "'gwang' is not a Go-Stop combination", "declared.A.yaku.0.yaku"),
    (quick(STOP_A, {"A": said_yaku(("yukdori",))}), {},
     r"A's Yukdori \(four birds\) does not score under the house rules of this game",
     "declared.A.yaku.0.yaku"),
    (quick(STOP_A, {"A": said_yaku(("sa_gwang",))}), {"dry_four_not_yaku": True},
     "A's Four brights without rain does not score", "declared.A.yaku.0.yaku"),
    (quick(STOP_A, {"A": said_yaku(("pi",))}), {},
     r"A's Junk grows with its cards: give its count \(10 or more\)",
     "declared.A.yaku.0.count"),
    (quick(STOP_A, {"A": said_yaku(("godori", 3))}), {},
     r"A's Godori \(three birds\) takes no count", "declared.A.yaku.0.count"),
    (quick(STOP_A, {"A": said_yaku(("yul", 10))}), {}, "A can hold 5 to 9 animals, not 10",
     "declared.A.yaku.0.count"),
    (quick(STOP_A, {"A": said_yaku(("tti", 11))}), {}, "A can hold 5 to 10 ribbons, not 11",
     "declared.A.yaku.0.count"),
    (quick(STOP_A, {"A": said_yaku(("pi", 9))}), {}, "A can hold a junk value of 10 to",
     "declared.A.yaku.0.count"),
    (quick(STOP_A, {"A": said_yaku(("godori",), ("godori",))}), {},
     r"A's combinations name Godori \(three birds\) twice", "declared.A.yaku.1.yaku"),
    (quick(STOP_A, {"A": said_yaku(("sam_gwang",), ("o_gwang",))}), {},
     "A's Three brights without rain and Five brights are both bright combinations",
     "declared.A.yaku"),
    (quick(STOP_A, {"A": said_yaku(("godori",), ("bidori",))}), {"yukdori_bidori": True},
     "are both bird combinations: only one scores", "declared.A.yaku"),
    (quick(STOP_A, {"A": said_yaku(("hong_dan",), ("cheong_dan",))}), {},
     "A's ribbon sets hold 6 ribbons, so Ribbons scores too: add Ribbons with a count of 6",
     "declared.A.yaku"),
    (quick(STOP_A, {"A": said_yaku(("hong_dan",), ("cheong_dan",), ("tti", 5))}), {},
     "A's Ribbons counts 5 ribbons, but their ribbon sets alone hold 6", "declared.A.yaku"),
    # 9 animals need the sake cup: the junk value left is 31 (26 in the deck, 5 in jokers)
    (quick(STOP_A, {"A": said_yaku(("yul", 9), ("pi", 33))}), {},
     "A's 9 animals and junk value 33 cannot both be held", "declared.A.yaku"),
    # what only the cards could tell
    (quick(STOP_A, {"A": points(5)}, sake_as={"A": "junk"}), {},
     "A's facts were declared, so how their sake cup counts is already in them",
     "sake_as.A"),
    (quick([{"type": "sake_designation", "player": "B", "as": "junk"}, stop("A")],
           {"A": points(5), "B": {}}), {}, "B's facts were declared", "events.0"),
    (quick(STOP_A, {"A": points(5, holds_mission=True)}), {"missions": True},
     "A holds the mission cards \\(declared\\), but the round gives no mission", "mission"),
    (quick([{"type": "winning_brights", "player": "A"}], {"A": points(8)}),
     {"winning_brights": True},
     "the declared 8 points are fewer than five brights score \\(15\\)", "declared.A.points"),
], ids=lambda x: x if isinstance(x, str) else None)
def test_errors_name_the_player_and_the_field(rnd, options, match, field):
    with pytest.raises(TallyError, match=match) as e:
        score(rnd, **options)
    assert e.value.field == field and e.value.game == G


def test_the_variants_facts_said_at_the_table():
    """Every multiplier still applies: a mission (x3 here), weol-yak (x4), the double and
    deny-losses jokers, no_captures_no_pay. A 5 points, no factor otherwise (EX-B1: 5)."""
    mission = {"cards": ["pine-crane"], "multiplier": 3}
    rnd = quick(STOP_A, {"A": points(5, holds_mission=True)}, mission=mission)
    assert paid(score(rnd, missions=True)) == {"B": 15, "C": 15}
    rnd = quick(STOP_A, {"A": points(5, holds_weol_yak_month=True)}, weol_yak_month="pine")
    assert paid(score(rnd, weol_yak_month=True)) == {"B": 20, "C": 20}
    rnd = quick(STOP_A, {"A": points(5, joker_double=True)})
    assert paid(score(rnd, joker_abilities=True)) == {"B": 10, "C": 10}
    # EX-B7's go-bak, B holding the deny-losses joker (10 A29): each pays their own
    rnd = quick([go("B"), stop("A")], {"A": points(5), "B": {"joker_deny": True}})
    assert paid(score(rnd, joker_abilities=True)) == {"B": 5, "C": 5}
    # 10 A30: C captured nothing and pays nothing
    rnd = quick(STOP_A, {"A": points(5), "C": {"no_captures": True}})
    assert paid(score(rnd, no_captures_no_pay=True)) == {"B": 5}


def test_malformed_quick_rounds_raise_tally_error_only():
    """As tests/test_robustness.py for the game's example: changed quick rounds score or
    raise TallyError, never another exception."""
    from test_robustness import rejected_mutations
    rng = random.Random("go-stop quick")
    example = quick([{"type": "heundeum", "player": "A", "month": "maple"}, go("A", 5),
                     go("B"), stop("A")],
                    {"A": said_yaku(("sam_gwang",), ("yul", 7), ("pi", 12)),
                     "B": {"gwang_bak": True, "pi_bak": False}, "C": {"pi_bak": True}})
    score(example)
    assert rejected_mutations(example, score, rng) > 0


# ---------------------------------------------------------------------------------------------
# the API
# ---------------------------------------------------------------------------------------------

@pytest.fixture()
def client(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "q.sqlite")}).test_client()


def test_the_game_document_lists_the_quick_entry_input(client):
    game = client.get("/api/v1/games/go-stop").json
    spec = next(i for i in game["inputs"] if i["key"] == "declared")
    assert spec["kind"] == "record" and spec["per_player"] is True
    keys = [f["key"] for f in spec["fields"]]
    assert keys[:2] == ["points", "yaku"] and {"gwang_bak", "pi_bak", "meong_bak"} <= set(keys)
    yaku = next(f for f in spec["fields"] if f["key"] == "yaku")["item"]["fields"]
    assert set(yaku[0]["choices"]) == {y["id"] for y in game["combinations"]}
    go_ = next(e for e in game["events"] if e["id"] == "go")
    assert next(i for i in go_["inputs"] if i["key"] == "score")["required"] is False


def test_the_score_endpoint_takes_quick_entry_and_says_it_in_japanese(client):
    """EX-B9 (book) said at the table: B 10, C 5; the notes and the declared penalty in
    Japanese; both kinds for one player refused, naming the player; a wrong Go score refused
    in the reader's language."""
    rnd = {**quick([stop("A")], {"A": said_yaku(("sa_gwang",)), "B": {"gwang_bak": True}}),
           "preset": "book"}
    r = client.post("/api/v1/games/go-stop/score", json=rnd,
                    headers={"Accept-Language": "ja"})
    assert r.status_code == 200, r.json
    assert {p["from"]: p["amount"] for p in r.json["payments"]} == {"B": 10, "C": 5}
    note = r.json["notes"][0]
    assert note["text"] == "A's combinations were declared, not read from cards"
    assert note["said"] != note["text"] and "A" in note["said"]
    bak = r.json["players"][1]["steps"][1]
    assert bak["id"] == "gwang_bak" and bak["said"] != bak["reason"]
    assert r.json["players"][0]["yaku"][0]["declared"] is True
    both = {**rnd, "captures": {"A": DRY4}}
    r = client.post("/api/v1/games/go-stop/score", json=both)
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "declared.A"
    assert r.json["errors"][0]["player"] == "A"
    wrong = quick([go("A", 2), stop("A")], {"A": points(5)})
    r = client.post("/api/v1/games/go-stop/score", json=wrong,
                    headers={"Accept-Language": "ko"})
    err = r.json["errors"][0]
    assert r.status_code == 422 and err["field"] == "events.0.score"
    assert err["message"] == ("A cannot say Go at 2 points, below the Stop target 3: check "
                              "the Go's score")
    assert err["said"] != err["message"] and "2" in err["said"]


def test_a_session_round_switches_between_cards_and_quick_entry(client):
    """9.4 EX-D6 through a session (2 players, target 5, pagat, three months): deal 1 A
    stops with 6, said at the table; deal 2 a nagari; deal 3 B stops with 5 (GODORI5) x2
    nagari, said by name; deal 4 A holds four of a month. Final A +1, B -1. Round 1 is then
    corrected to its cards (PUT) and back to quick entry: the totals stay the digest's."""
    s = client.post("/api/v1/sessions", json={"game": "go-stop", "players": ["A", "B"],
                                              "length": 3,
                                              "options": {"stop_threshold_2p": 5}}).json
    url, tok = f"/api/v1/sessions/{s['id']}", f"?t={s['edit_token']}"
    deal1_quick = {"events": [stop("A", 6)], "declared": {"A": points(6)}}
    deal1_cards = {"events": [stop("A", 6)],
                   "captures": {"A": ["pine-crane", "cherry-curtain", "paulownia-phoenix"]
                                + HONG3, "B": ["pampas-moon"]}}
    deals = [deal1_quick, {"events": [{"type": "nagari"}]},
             {"events": [stop("B", 5)], "declared": {"B": said_yaku(("godori",))}},
             {"events": [{"type": "four_in_hand", "player": "A", "month": "maple"}]}]
    version = s["version"]
    for d in deals:
        r = client.post(url + "/rounds" + tok, json={**d, "version": version})
        assert r.status_code == 201, r.json
        version = r.json["version"]

    def state():
        got = client.get(url + tok + "&include=rounds,ledger").json
        return {t["player"]: t["chips"] for t in got["state"]["totals"]}, got

    chips, got = state()
    assert chips == {"A": 1, "B": -1} and got["state"]["complete"]
    assert [x["dealer"] for x in got["rounds"]] == ["A", "A", "A", "B"]
    assert got["rounds"][0]["result"]["players"][0]["declared"] == ["points"]
    for entered in (deal1_cards, deal1_quick):
        r = client.put(url + "/rounds/1" + tok, json={**entered, "version": version})
        assert r.status_code == 200, r.json
        version = r.json["version"]
        chips, got = state()
        assert chips == {"A": 1, "B": -1}
        assert got["rounds"][0]["input"] == entered
    hist = client.get(url + "/history" + f"?t={s['read_token']}").json["history"]
    assert [h["after"]["input"] for h in hist if h["action"] == "replace_round"][:2] == \
        [deal1_cards, deal1_quick]
