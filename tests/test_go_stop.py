"""Go-Stop: every worked example of shared/rules/go-stop.md section 9, and the section 10
readings under both options. Expected numbers are the digest's (or its seeds'), never ours."""

import pytest

from tally.results import in_words  # the English sentence names cards (issue 23)
import tally
from tally import TallyError
from tally.games.go_stop import go_terms

G = "go-stop"
GODORI5 = ["plum-warbler", "wisteria-cuckoo", "pampas-geese"]
HONG3 = ["pine-poetry", "plum-poetry", "cherry-poetry"]
# 9: "every B/C loser has at least 1 bright and a junk value of at least 7"
B_STD = ["paulownia-phoenix", "maple-chaff-1", "maple-chaff-2", "clover-chaff-1",
         "clover-chaff-2", "iris-chaff-1", "iris-chaff-2", "peony-chaff-1"]
C_STD = ["willow-rainman", "pampas-chaff-1", "pampas-chaff-2", "chrysanthemum-chaff-1",
         "chrysanthemum-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2", "peony-chaff-2"]


def pts(cards, **kw):
    return tally.evaluate(G, cards, **kw).points


def gos(player, *scores):
    return [{"type": "go", "player": player, "score": s} for s in scores]


def stop(player, score=None):
    ev = {"type": "stop", "player": player}
    if score is not None:
        ev["score"] = score
    return [ev]


def three(a, b=B_STD, c=C_STD, events=(), **kw):
    rnd = {"players": ["A", "B", "C"], "dealer": "A",
           "captures": {"A": a, "B": b, "C": c}, "events": list(events)}
    rnd.update(kw)
    return rnd


def paid(result):
    """{loser: chips paid to the winner} for the Stop settlement."""
    out = {}
    for p in result.payments:
        if p.reason.startswith("Stop"):
            out[p.payer] = out.get(p.payer, 0) + p.amount
    return out


def score(rnd, preset=None, **options):
    return tally.score_round(G, rnd, preset=preset, options=options or None)


# ---------------------------------------------------------------------------------------------
# 9.1 the book [B]
# ---------------------------------------------------------------------------------------------

# (id, A's cards, Go scores, bomb month or None, heundeum month or None,
#  {preset or formula: per-loser payment})
B_TABLE = [
    ("EX-B1", GODORI5, [], None, None,
     {"book": 5, "pagat": 5, "pagat_text": 5, "encyclopedia": 5}),
    ("EX-B2", GODORI5, [3], None, None,
     {"book": 6, "pagat": 6, "pagat_text": 6, "encyclopedia": 6}),
    ("EX-B3", GODORI5, [3, 4], None, None,
     {"book": 10, "pagat": 7, "pagat_text": 7, "encyclopedia": 7}),
    ("EX-B4", GODORI5, [3], "peony", None,
     {"book": 12, "pagat": 6, "pagat_text": 6, "encyclopedia": 6}),
    ("EX-B5", GODORI5, [3, 4], "peony", None,
     {"book": 20, "pagat": 7, "pagat_text": 7, "encyclopedia": 7}),
    ("EX-B6", GODORI5 + HONG3, [3, 5, 7], "peony", "maple",
     {"book": 96, "pagat": 40, "pagat_text": 32, "encyclopedia": 40}),
]


@pytest.mark.parametrize("ex", B_TABLE, ids=[x[0] for x in B_TABLE])
@pytest.mark.parametrize("reading", ["book", "pagat", "pagat_text", "encyclopedia"])
def test_book_examples_table(ex, reading):
    """go-stop.md 9.1 EX-B1..B6 (seed 002 ch. 16 scoring examples): per loser / A's total."""
    _, cards, go_scores, bomb, shake, expect = ex
    events = []
    if shake:
        events.append({"type": "heundeum", "player": "A", "month": shake})
    if bomb:
        events.append({"type": "bomb", "player": "A", "month": bomb})
    events += gos("A", *go_scores) + stop("A")
    if reading == "pagat_text":
        res = score(three(cards, events=events), go_bonus_formula="pagat_text")
    else:
        res = score(three(cards, events=events), preset=reading)
    assert paid(res) == {"B": expect[reading], "C": expect[reading]}
    assert res.net()["A"] == 2 * expect[reading]
    assert res.winner == "A" and res.next_dealer == "A"


def test_ex_b7_go_bak():
    """9.1 EX-B7: B said Go, C never did. book/pagat: B 10, C 0; encyclopedia: B 10, C 5."""
    events = gos("B", 3) + stop("A")
    for preset in ("book", "pagat"):
        res = score(three(GODORI5, events=events), preset=preset)
        assert paid(res) == {"B": 10} and res.net() == {"A": 10, "B": -10, "C": 0}
    res = score(three(GODORI5, events=events), preset="encyclopedia")
    assert paid(res) == {"B": 10, "C": 5} and res.net()["A"] == 15


def test_ex_b8_draw_refusal_scope():
    """9.1 EX-B8 / 10 A12: C asked for a Draw, B refused, A stops."""
    ev = [{"type": "syodang_offer", "player": "C", "refused_by": "B"}] + stop("A")
    assert paid(score(three(GODORI5, events=ev), preset="book")) == {"B": 10}
    # pagat: inside the window the same; after it lapsed each pays own
    assert paid(score(three(GODORI5, events=ev))) == {"B": 10}
    lapsed = ev[:1] + [{"type": "syodang_lapsed"}] + stop("A")
    assert paid(score(three(GODORI5, events=lapsed))) == {"B": 5, "C": 5}
    # book: the refusal lasts the rest of the hand
    assert paid(score(three(GODORI5, events=lapsed), preset="book")) == {"B": 10}


DRY4 = ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"]
B_NO_BRIGHT = B_STD[1:]


@pytest.mark.parametrize("preset,options,expect", [
    ("book", {}, {"B": 10, "C": 5}),
    ("pagat", {}, {"B": 8, "C": 4}),
    ("encyclopedia", {}, {"B": 10, "C": 5}),
    ("book", {"weak_rain_man": True}, {"B": 10, "C": 10}),
    ("book", {"gwang_bak_mode": "plus_two"}, {"B": 7, "C": 5}),
])
def test_ex_b9_gwang_bak(preset, options, expect):
    """9.1 EX-B9: four dry brights; B has no bright, C only willow-rainman (10 A5 too)."""
    res = score(three(DRY4, B_NO_BRIGHT, events=stop("A")), preset=preset, **options)
    assert paid(res) == expect


def test_ex_b10_higher_stakes():
    """9.1 EX-B10: the Pagat progression: +1, +2, then x2, x4, x8, x16 for 3..6 Gos."""
    for f in ("pagat_example", "pagat_text"):
        assert [go_terms(n, f)[1] for n in (3, 4, 5, 6)] == [2, 4, 8, 16]
    assert go_terms(1, "pagat_example") == (1, 1) and go_terms(2, "pagat_example") == (2, 1)


def test_ex_b11_bomb_factor_book():
    """9.1 EX-B11 (seed 002 'Bombing the Field'): A bombs peony and takes 4 peony, 2 iris,
    2 plum; under the book preset A's payment has a x2 bomb factor. A's jokbo per section 4:
    godori 5 + five animals 1 = 6."""
    a = ["peony-butterflies", "peony-blue", "peony-chaff-1", "peony-chaff-2", "iris-bridge",
         "iris-ribbon", "plum-warbler", "plum-poetry", "wisteria-cuckoo", "pampas-geese"]
    b = [x for x in B_STD if not x.startswith("peony") and not x.startswith("iris")]
    c = [x for x in C_STD if not x.startswith("peony")]
    ev = [{"type": "bomb", "player": "A", "month": "peony"}] + stop("A")
    res = score(three(a, b, c, events=ev), preset="book")
    assert paid(res) == {"B": 12, "C": 12}
    assert [s.id for s in res.player("A").steps].count("bomb") == 1
    assert paid(score(three(a, b, c, events=ev), preset="pagat")) == {"B": 6, "C": 6}


def test_ex_b12_and_p5_ppuk_chips():
    """9.1 EX-B12 / 9.2 EX-P5: first-turn ppuk 3 from each (A +6), play goes on; a third
    ppuk: 5 from each (A +10) and the hand ends."""
    first = [{"type": "ppuk", "player": "A", "month": "pine", "turn": 1},
             {"type": "nagari"}]
    res = score({"players": ["A", "B", "C"], "dealer": "A", "events": first})
    assert res.net() == {"A": 6, "B": -3, "C": -3}
    third = [{"type": "ppuk", "player": "A", "month": m, "turn": t}
             for m, t in (("pine", 2), ("plum", 3), ("cherry", 4))]
    res = score({"players": ["A", "B", "C"], "dealer": "B", "events": third})
    assert res.net() == {"A": 10, "B": -5, "C": -5}
    assert res.winner == "A" and res.next_dealer == "A"  # 10 A24
    with pytest.raises(TallyError, match="after the hand ended"):
        score({"players": ["A", "B", "C"], "dealer": "B",
               "events": third + [{"type": "chok", "player": "B"}]})


# ---------------------------------------------------------------------------------------------
# 9.2 Pagat [P]
# ---------------------------------------------------------------------------------------------

P1 = GODORI5 + ["iris-bridge", "peony-butterflies", "clover-boar"]


def test_ex_p1_animal_set():
    """9.2 EX-P1 (seed 001: 'scores 7 points - 1 for five animals, 1 for the 6th and 5 for
    godori'); godori_points=3 gives 5."""
    assert pts(P1) == 7
    assert pts(P1, options={"godori_points": 3}) == 5


def test_ex_p2_higher_opponent_wasted():
    """9.2 EX-P2: 2 players, target 5; B (7 points, one Go) pays 5; encyclopedia 10."""
    b = ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman"] + HONG3
    assert pts(b) == 7
    rnd = {"players": ["A", "B"], "dealer": "A", "captures": {"A": GODORI5, "B": b},
           "events": gos("B", 7) + stop("A", 5)}
    for preset, expect in (("pagat", 5), ("book", 5), ("encyclopedia", 10)):
        res = score(rnd, preset=preset, stop_threshold_2p=5)
        assert paid(res) == {"B": expect}


P3_A = ["wisteria-cuckoo", "iris-bridge", "peony-butterflies", "clover-boar", "pampas-geese",
        "maple-deer", "willow-swallow", "pine-chaff-1", "pine-chaff-2", "plum-chaff-1",
        "plum-chaff-2", "cherry-chaff-1", "cherry-chaff-2", "wisteria-chaff-1",
        "wisteria-chaff-2", "iris-chaff-1", "iris-chaff-2", "peony-chaff-1"]
P3_B = ["clover-chaff-1", "clover-chaff-2", "pampas-chaff-1", "pampas-chaff-2"]


@pytest.mark.parametrize("formula,expect", [
    ("pagat_example", 56), ("pagat_text", 40), ("encyclopedia", 56), ("book", 60),
    ("korean_common", 64)])
def test_ex_p3_56_chips(formula, expect):
    """9.2 EX-P3 (seed 001: '...will pay you 56 chips'); 10 A1/A2: tested as a payment case
    with Go validation off (check_calls=false)."""
    assert pts(P3_A) == 5
    rnd = {"players": ["A", "B"], "dealer": "A", "captures": {"A": P3_A, "B": P3_B},
           "events": [{"type": "go", "player": "A"}] * 3 + stop("A"), "check_calls": False}
    assert paid(score(rnd, go_bonus_formula=formula)) == {"B": expect}


def test_ex_p3_go_history_rejected_with_checks():
    """10 A2: three Gos ending at 5 points need a first Go at <= 2, below any target."""
    rnd = {"players": ["A", "B"], "dealer": "A", "captures": {"A": P3_A, "B": P3_B},
           "events": gos("A", 2, 3, 4) + stop("A")}
    with pytest.raises(TallyError, match="below the Stop target"):
        score(rnd, stop_threshold_2p=5)


def test_ex_p4_four_in_hand():
    """9.2 EX-P4: 2p +5/-5; 3p +10; two holders: the third -10; all three: 0 (void, A23)."""
    four = lambda p, m: {"type": "four_in_hand", "player": p, "month": m}  # noqa: E731
    res = score({"players": ["A", "B"], "dealer": "B", "events": [four("A", "pine")]})
    assert res.net() == {"A": 5, "B": -5} and res.next_dealer == "A"
    res = score({"players": ["A", "B", "C"], "dealer": "B", "events": [four("A", "pine")]})
    assert res.net() == {"A": 10, "B": -5, "C": -5}
    res = score({"players": ["A", "B", "C"], "dealer": "A",
                 "events": [four("A", "pine"), four("B", "plum")]})
    assert res.net() == {"A": 5, "B": 5, "C": -10}
    res = score({"players": ["A", "B", "C"], "dealer": "A", "carry": {"nagari": 1},
                 "events": [four("A", "pine"), four("B", "plum"), four("C", "iris")]})
    assert res.net() == {"A": 0, "B": 0, "C": 0}
    assert res.winner is None and res.next_dealer == "A" and res.carry["nagari"] == 1


def test_ex_p6_double_heundeum():
    """9.2 EX-P6: sam-gwang 3, two heundeum sets: each pays 3 x 4 = 12; A +24."""
    a = ["pine-crane", "cherry-curtain", "pampas-moon"]
    ev = [{"type": "heundeum", "player": "A", "month": m} for m in ("plum", "iris")]
    res = score(three(a, ["paulownia-phoenix"], ["willow-rainman"], ev + stop("A")))
    assert paid(res) == {"B": 12, "C": 12} and res.net()["A"] == 24


A12 = ["pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1",
       "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1",
       "iris-chaff-2", "peony-chaff-1", "peony-chaff-2"]


def test_ex_p7_pi_bak_counts_junk_value():
    """9.2 EX-P7 / 10 A13: B holds willow-lightning + joker-3, 2 cards but junk value 5: no
    pi-bak under pagat (threshold 5); the encyclopedia threshold 6 doubles it."""
    b = ["willow-lightning", "joker-3"]
    c = ["willow-rainman", "pampas-chaff-1", "pampas-chaff-2", "clover-chaff-1",
         "clover-chaff-2", "maple-chaff-1", "maple-chaff-2", "paulownia-chaff-colored"]
    assert pts(A12) == 3
    res = score(three(A12, b, c, stop("A")))
    assert paid(res) == {"B": 3, "C": 3}
    res = score(three(A12, b, c, stop("A")), pi_bak_threshold=6)
    assert paid(res)["B"] == 6


def test_ex_p8_ja_ppuk():
    """9.2 EX-P8: your own stack: 2 junk from each opponent ([P]); another's stack: 1; the
    book gives 1 (ja_ppuk_junk, 10 B17)."""
    ev = [{"type": "stack_capture", "player": "A", "creator": "A", "month": "pine"},
          {"type": "stack_capture", "player": "B", "creator": "C", "month": "plum"},
          {"type": "nagari"}]
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "events": ev}
    res = score(rnd)
    assert [x["junk"] for x in res.player("A").extra["junk_received"]] == [2, 2]
    assert [x["junk"] for x in res.player("B").extra["junk_received"]] == [1, 1]
    res = score(rnd, preset="book")
    assert [x["junk"] for x in res.player("A").extra["junk_received"]] == [1, 1]


def _gwangpalli(players, dealer, sitting, events=({"type": "nagari"},), **kw):
    rnd = {"players": players, "dealer": dealer, "sitting_out": sitting,
           "events": list(events)}
    rnd.update(kw)
    return rnd


def test_ex_p9_gwangpalli_seating():
    """9.2 EX-P9 (3.7): 5 people, A deals, order B, C, D, E; forcedness follows from who
    plays."""
    P = ["A", "B", "C", "D", "E"]
    # B drop, C play, D drop -> E forced to play: nobody forced out, no compensation
    with pytest.raises(TallyError, match="voluntarily"):
        score(_gwangpalli(P, "A", {"B": {}, "D": {"shows": ["pine-crane"]}}))
    # B drop, C play, D play -> E forced out; E claims from C and D
    res = score(_gwangpalli(P, "A", {"B": {}, "E": {"shows": ["pine-crane"]}}))
    assert res.net() == {"A": 0, "B": 0, "C": -2, "D": -2, "E": 4}
    with pytest.raises(TallyError, match="forced"):
        score(_gwangpalli(P, "A", {"B": {"forced": True}, "E": {}}))
    # B drop, C drop -> D and E forced to play; no compensation
    res = score(_gwangpalli(P, "A", {"B": {}, "C": {}}))
    assert all(v == 0 for v in res.net().values())


def test_ex_p10_compensation_rate():
    """9.2 EX-P10: 2 chips per eligible card from each non-dealer who plays; 4 with a
    triple."""
    P = ["A", "B", "C", "D", "E"]
    shows = {"shows": ["pine-crane", "chrysanthemum-sake"]}
    res = score(_gwangpalli(P, "A", {"B": {}, "E": shows}))
    assert res.net()["E"] == 2 * 2 * 2
    res = score(_gwangpalli(P, "A", {"B": {}, "E": dict(shows, triples=1)}))
    assert res.net() == {"A": 0, "B": 0, "C": -8, "D": -8, "E": 16}


def test_ex_p11_deck_with_two_jokers():
    """9.2 EX-P11: joker-2 + joker-3 give a 50-card pack (the pagat joker table)."""
    c = tally.get_game(G).compiled()
    assert c.deck.bit_count() == 50
    assert tally.evaluate(G, ["joker-2", "joker-3"]).details["junk_value"] == 5
    with pytest.raises(TallyError, match="Bonus card: one junk"):
        tally.evaluate(G, ["joker-1"])


def test_ex_p12_nagari_doubles_next_deal():
    """9.2 EX-P12 (seed 001: 'the payments in the new deal are doubled'): A wins with 3
    points after a nagari; each loser pays 6."""
    first = score({"players": ["A", "B", "C"], "dealer": "B", "events": [{"type": "nagari"}]})
    assert first.carry["nagari"] == 1 and first.next_dealer == "B"
    a = ["pine-crane", "cherry-curtain", "pampas-moon"]
    res = score(three(a, events=stop("A"), carry=first.carry, dealer="B"))
    assert paid(res) == {"B": 6, "C": 6}
    assert res.carry["nagari"] == 0


def test_ex_p13_last_turn():
    """9.2 EX-P13: on the final turn sseul, ttadak, chok take no junk; a stack capture still
    takes 1 from each opponent."""
    ev = [{"type": t, "player": "A", "last_turn": True} for t in ("sseul", "ttadak", "chok")]
    ev += [{"type": "stack_capture", "player": "A", "creator": "dealt", "last_turn": True},
           {"type": "nagari"}]
    res = score({"players": ["A", "B", "C"], "dealer": "A", "events": ev})
    got = res.player("A").extra["junk_received"]
    assert [(x["event"], x["junk"]) for x in got] == [("stack_capture", 1)] * 2
    ev2 = [{"type": t, "player": "A"} for t in ("sseul", "ttadak", "chok")] + [
        {"type": "nagari"}]
    res = score({"players": ["A", "B"], "dealer": "A", "events": ev2})
    assert [x["junk"] for x in res.player("A").extra["junk_received"]] == [1, 1, 1]


def test_ex_p14_syodang():
    """9.2 EX-P14: C offers, B refuses; A stops next -> B 10, C 0; if B wins in the window
    each pays own; if nobody wins in the window the effect lapses."""
    offer = [{"type": "syodang_offer", "player": "C", "refused_by": "B"}]
    assert paid(score(three(GODORI5, events=offer + stop("A")))) == {"B": 10}
    # B wins inside the window: normal payments (A and C each pay their own)
    res = score({"players": ["A", "B", "C"], "dealer": "A", "events": offer + stop("B"),
                 "captures": {"B": GODORI5, "A": B_STD, "C": C_STD}})
    assert paid(res) == {"A": 5, "C": 5}
    lapsed = offer + [{"type": "syodang_lapsed"}] + stop("A")
    assert paid(score(three(GODORI5, events=lapsed))) == {"B": 5, "C": 5}
    # both accept: nagari
    res = score({"players": ["A", "B", "C"], "dealer": "A",
                 "events": [{"type": "syodang_offer", "player": "C", "refused_by": None}]})
    assert res.carry["nagari"] == 1 and res.winner is None


# ---------------------------------------------------------------------------------------------
# 9.3 encyclopedia [E]
# ---------------------------------------------------------------------------------------------

def test_ex_e1_e3_ribbons_and_animals():
    """9.3 EX-E1..E3 (seed 004 'Point System')."""
    assert pts(HONG3 + ["peony-blue", "chrysanthemum-blue", "maple-blue"]) == 8
    six_ribbons = ["pine-poetry", "plum-poetry", "peony-blue", "chrysanthemum-blue",
                   "wisteria-ribbon", "willow-ribbon"]
    assert pts(six_ribbons) == 2
    assert pts(six_ribbons + ["iris-ribbon"]) == 3
    six_animals = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-butterflies",
                   "clover-boar", "maple-deer"]
    assert pts(six_animals) == 2
    assert pts(six_animals + ["willow-swallow"]) == 3
    assert pts(GODORI5 + ["iris-bridge", "peony-butterflies", "clover-boar"]) == 7


def test_ex_e4_three_doubles():
    """9.3 EX-E4 (seed 004: 'doubled three times, in other words, multiplied by eight'):
    encyclopedia B pays 56; pagat/book no 2-player go-bak: 28."""
    b = GODORI5 + ["iris-bridge", "peony-butterflies", "wisteria-ribbon", "iris-ribbon",
                   "peony-blue", "maple-blue", "willow-ribbon", "iris-chaff-1",
                   "iris-chaff-2"]
    a = ["pine-crane", "cherry-curtain", "pampas-moon", "willow-lightning",
         "paulownia-chaff-colored", "pine-chaff-1", "pine-chaff-2", "cherry-chaff-1",
         "cherry-chaff-2", "pampas-chaff-1", "pampas-chaff-2", "maple-chaff-1",
         "maple-chaff-2", "chrysanthemum-chaff-1"]
    assert pts(b) == 7 and pts(a) == 7
    rnd = {"players": ["A", "B"], "dealer": "B", "captures": {"A": a, "B": b},
           "events": gos("B", 7) + stop("A", 7)}
    assert paid(score(rnd, preset="encyclopedia")) == {"B": 56}
    assert paid(score(rnd, preset="pagat")) == {"B": 28}
    assert paid(score(rnd, preset="book")) == {"B": 28}


def test_ex_e5_go_progression():
    """9.3 EX-E5 and the 5.5 reference rows for P = 5."""
    rows = {"pagat_example": [5, 6, 7, 14, 28, 56, 112],
            "pagat_text": [5, 6, 7, 10, 20, 40, 80],
            "encyclopedia": [5, 6, 7, 14, 21, 28, 35],
            "book": [5, 6, 10, 15, 20, 25, 30],
            "korean_common": [5, 6, 7, 16, 36, 80, 176]}
    for f, want in rows.items():
        got = []
        for n in range(7):
            add, gm = go_terms(n, f)
            got.append((5 + add) * gm)
        assert got == want, f


def test_korean_common_issue_check():
    """The issue's own check: 5 points with 3 Go pay 16 under korean_common."""
    rnd = three(GODORI5, events=[{"type": "go", "player": "A"}] * 3 + stop("A"),
                check_calls=False)
    assert paid(score(rnd, go_bonus_formula="korean_common")) == {"B": 16, "C": 16}


# ---------------------------------------------------------------------------------------------
# 9.4 derived
# ---------------------------------------------------------------------------------------------

D1_A = ["pine-crane", "cherry-curtain", "pampas-moon", "pine-poetry", "plum-poetry",
        "wisteria-ribbon", "iris-ribbon", "peony-blue"]
D1_C = C_STD[1:]


def test_ex_d1_dok_bak_with_different_factors():
    """9.4 EX-D1: pagat/book: B 15, C 0; encyclopedia: B 10, C 10."""
    assert pts(D1_A) == 4
    ev = gos("A", 3) + gos("B", 3) + stop("A")
    for preset in ("pagat", "book"):
        res = score(three(D1_A, B_STD, D1_C, ev), preset=preset)
        assert paid(res) == {"B": 15} and res.net()["A"] == 15
    res = score(three(D1_A, B_STD, D1_C, ev), preset="encyclopedia")
    assert paid(res) == {"B": 10, "C": 10}


def test_ex_d2_theft_changes_both_piles():
    """9.4 EX-D2: the chok moves pine-chaff-1 from B to A; A stops with 7; B pays 14."""
    a = GODORI5 + ["clover-ribbon", "pine-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
                   "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1", "iris-chaff-2",
                   "peony-chaff-1", "peony-chaff-2", "clover-chaff-1", "pine-chaff-1"]
    b = ["pine-crane", "clover-chaff-2", "pampas-chaff-1", "pampas-chaff-2", "maple-chaff-1"]
    ev = [{"type": "chok", "player": "A"},
          {"type": "junk_transfer", "player": "A", "from": "B", "card": "pine-chaff-1"}]
    rnd = {"players": ["A", "B"], "dealer": "A", "captures": {"A": a, "B": b},
           "events": ev + stop("A", 7)}
    res = score(rnd)
    assert paid(res) == {"B": 14}
    assert res.player("A").extra["junk_received"] == [{"event": "chok", "from": "B",
                                                       "junk": 1}]
    # without the theft: A has 6 points and cannot stop
    a2 = [x for x in a if x != "pine-chaff-1"]
    with pytest.raises(TallyError, match="cannot stop with 6 points"):
        score({"players": ["A", "B"], "dealer": "A",
               "captures": {"A": a2, "B": b + ["pine-chaff-1"]}, "events": stop("A")})
    # the transfer must agree with the final piles
    with pytest.raises(TallyError, match="not in 'A'"):
        score({"players": ["A", "B"], "dealer": "A",
               "captures": {"A": a2 + ["pine-crane"], "B": b[1:] + ["pine-chaff-1"]},
               "events": ev + stop("A")})


D3_A = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-butterflies", "clover-boar",
        "maple-deer", "chrysanthemum-sake", "pine-chaff-1", "pine-chaff-2", "plum-chaff-1",
        "plum-chaff-2", "cherry-chaff-1", "cherry-chaff-2", "wisteria-chaff-1",
        "wisteria-chaff-2", "iris-chaff-1"]


def test_ex_d3_sake_designation_by_payment():
    """9.4 EX-D3 / 10 A14: junk value 3 each -> junk (16 total); 6 each -> animal (12);
    P_stop is 4 in both cases."""
    ev = tally.evaluate(G, D3_A)
    assert ev.details["stop_points"] == 4 and any("junk" in c for c in ev.choices)
    b3 = ["pine-crane", "maple-chaff-1", "maple-chaff-2", "clover-chaff-1"]
    c3 = ["cherry-curtain", "pampas-chaff-1", "pampas-chaff-2", "clover-chaff-2"]
    res = score(three(D3_A, b3, c3, stop("A", 4)))
    assert paid(res) == {"B": 8, "C": 8} and res.net()["A"] == 16
    assert "as 2 junk" in " ".join(res.player("A").extra["choices"])
    b6 = b3 + ["iris-chaff-2", "peony-chaff-1", "peony-chaff-2"]
    c6 = c3 + ["chrysanthemum-chaff-1", "chrysanthemum-chaff-2", "paulownia-chaff-1"]
    res = score(three(D3_A, b6, c6, stop("A", 4)))
    assert paid(res) == {"B": 6, "C": 6} and res.net()["A"] == 12
    assert "as an animal" in " ".join(res.player("A").extra["choices"])
    # the table's declaration overrides (2.3, 4)
    res = score(three(D3_A, b6, c6, stop("A", 4), sake_as={"A": "junk"}))
    assert paid(res) == {"B": 4, "C": 4}


D4_B = ["pampas-chaff-1", "pampas-chaff-2", "clover-chaff-1", "clover-chaff-2",
        "maple-chaff-1"]
D4_C = ["maple-chaff-2", "chrysanthemum-chaff-1", "chrysanthemum-chaff-2",
        "paulownia-chaff-1", "paulownia-chaff-2", "peony-chaff-2"]
D4_A12 = ["willow-lightning", "paulownia-chaff-colored", "pine-chaff-1", "pine-chaff-2",
          "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
          "wisteria-chaff-1", "wisteria-chaff-2"]


def test_ex_d4_oe_myeon():
    """9.4 EX-D4 (seed 001 dok-bak point 2, exceptions a and b)."""
    oe = {"type": "oe_myeon", "player": "C", "card": "pine-chaff-1",
          "kind": "played_unmatched"}
    assert pts(D4_A12) == 3
    res = score(three(D4_A12, D4_B, D4_C, [oe] + stop("A")))
    assert paid(res) == {"B": 3, "C": 3} and res.net()["A"] == 6
    a13 = D4_A12 + ["iris-chaff-1"]
    assert pts(a13) == 4
    res = score(three(a13, D4_B, D4_C, gos("A", 3) + [oe] + stop("A")))
    assert paid(res) == {"C": 10}
    last = dict(oe, last_card=True)
    res = score(three(a13, D4_B, D4_C, gos("A", 3) + [last] + stop("A")))
    assert paid(res) == {"B": 5, "C": 5}
    # oe_myeon_mode=off: nobody is liable
    res = score(three(a13, D4_B, D4_C, gos("A", 3) + [oe] + stop("A")), oe_myeon_mode="off")
    assert paid(res) == {"B": 5, "C": 5}


def test_ex_d5_first_turn_chips_are_kept():
    """9.4 EX-D5: net A +3, B +3, C -6."""
    ev = [{"type": "ppuk", "player": "B", "month": "iris", "turn": 1}] + stop("A")
    res = score(three(["pine-crane", "cherry-curtain", "pampas-moon"], ["paulownia-phoenix"],
                      ["willow-rainman"], ev))
    assert res.net() == {"A": 3, "B": 3, "C": -6}


def test_ex_d6_series():
    """9.4 EX-D6: 2 players, target 5, pagat, three months: A +1, B -1; with
    nagari_counts_as_month the series ends after deal 3: A -4, B +4."""
    P = ["A", "B"]
    deals = [
        {"players": P, "dealer": "A", "events": stop("A", 6),
         "captures": {"A": ["pine-crane", "cherry-curtain", "paulownia-phoenix"] + HONG3,
                      "B": ["pampas-moon"]}},
        {"players": P, "dealer": "A", "events": [{"type": "nagari"}]},
        {"players": P, "dealer": "A", "events": stop("B", 5),
         "captures": {"B": GODORI5, "A": ["pine-crane"]}},
        {"players": P, "dealer": "B",
         "events": [{"type": "four_in_hand", "player": "A", "month": "maple"}]},
    ]
    for counts, months, expect in ((False, 3, {"A": 1, "B": -1}), (True, 3, {"A": -4, "B": 4})):
        total = {"A": 0, "B": 0}
        carry, done, dealer = {}, 0, "A"
        for d in deals:
            if done == months:
                break
            assert d["dealer"] == dealer
            res = score(dict(d, carry=carry), stop_threshold_2p=5,
                        nagari_counts_as_month=counts)
            for k, v in res.net().items():
                total[k] += v
            carry, dealer = res.carry, res.next_dealer
            done += res.carry["counts_as_month"]
        assert total == expect


def test_ex_d7_compensation_numbers():
    """9.4 EX-D7 (6.3; seed 001 'More than three players', seed 002 'Playing with 4-7')."""
    P5 = ["A", "B", "C", "D", "E"]
    e = {"shows": ["pine-crane", "willow-lightning", "chrysanthemum-sake", "joker-3"]}
    res = score(_gwangpalli(P5, "A", {"B": {}, "E": e}))
    assert res.net() == {"A": 0, "B": 0, "C": -8, "D": -8, "E": 16}
    res = score(_gwangpalli(P5, "A", {"B": {}, "E": dict(e, triples=1)}))
    assert res.net()["E"] == 32 and res.net()["C"] == -16
    res = score(_gwangpalli(P5, "A", {"B": {}, "E": e}), compensation_rate=3)
    assert res.net()["E"] == 24 and res.net()["D"] == -12
    # 10 A25: two triples, x2 once
    res = score(_gwangpalli(P5, "A", {"B": {}, "E": dict(e, triples=2)}))
    assert res.net()["E"] == 32
    P4 = ["A", "B", "C", "D"]
    d = {"shows": ["willow-rainman", "paulownia-chaff-colored"]}
    res = score(_gwangpalli(P4, "A", {"D": d}))
    assert res.net() == {"A": 0, "B": -2, "C": -2, "D": 4}
    res = score(_gwangpalli(P4, "A", {"D": {"shows": d["shows"] + ["pine-crane"]}}))
    assert res.net()["D"] == 12
    res = score(_gwangpalli(P4, "A", {"D": d}), four_player_rain_exception=False)
    assert res.net()["D"] == 8
    res = score(_gwangpalli(P5, "A", {"B": {}, "E": d}))
    assert res.net()["E"] == 8 and res.net()["C"] == -4


def test_ex_d7_delayed_compensation():
    """9.4 EX-D7 delayed variant: the hand's losers pay the same per-payer amounts at the
    end (the dealer too if the dealer lost); after a nagari they are paid doubled."""
    P4 = ["A", "B", "C", "D"]
    d = {"shows": ["pine-crane", "paulownia-chaff-colored"]}  # 2 cards: 4 per payer
    opts = {"compensation_timing": "delayed"}
    first = score(_gwangpalli(P4, "A", {"D": d}), **opts)
    assert all(v == 0 for v in first.net().values())
    assert first.carry["compensation"] == [{"to": "D", "per_payer": 4}]
    rnd = _gwangpalli(P4, "A", {"D": {}}, stop("B"), carry=first.carry,
                      captures={"B": GODORI5, "A": B_STD, "C": C_STD})
    res = score(rnd, **opts)
    # B wins 5 x 2 (nagari, 6.6) from each; A (dealer, lost) and C pay D 4 x 2 = 8 each
    assert res.net() == {"A": -18, "B": 20, "C": -18, "D": 16}
    # with nagari_redeal=all_players the compensation of a nagari hand lapses
    first = score(_gwangpalli(P4, "A", {"D": d}), nagari_redeal="all_players", **opts)
    assert "compensation" not in first.carry


def test_ex_d8_go_validation():
    """9.4 EX-D8: Go at 3, Go at 5, then a Stop at 5 is rejected, at 6 accepted."""
    a5 = GODORI5
    a6 = GODORI5 + ["iris-bridge", "peony-butterflies"]  # godori 5 + five animals 1
    assert pts(a6) == 6
    with pytest.raises(TallyError, match="A said Go at 5 points, so the Stop needs more "
                                         "than 5 points, and the cards score 5"):
        score(three(a5, events=gos("A", 3, 5) + stop("A", 5)))
    res = score(three(a6, events=gos("A", 3, 5) + stop("A", 6)))
    assert paid(res) == {"B": 8, "C": 8}  # (6 + 2) per 5.5, no factor
    with pytest.raises(TallyError, match="needs more than 5 points, not 5"):
        score(three(a6, events=gos("A", 3, 5, 5) + stop("A", 6)))
    with pytest.raises(TallyError, match="below the Stop target 3"):
        score(three(a6, events=gos("A", 2) + stop("A", 6)))


# ---------------------------------------------------------------------------------------------
# section 10 readings under both options
# ---------------------------------------------------------------------------------------------

def test_a5_four_brights_per_preset():
    """10 A5 / B2: four dry brights 4 [P] or 5 [B, E]; with rain 4 (3 by option)."""
    assert pts(DRY4) == 4
    assert pts(DRY4, preset="book") == 5 and pts(DRY4, preset="encyclopedia") == 5
    wet4 = DRY4[:3] + ["willow-rainman"]
    assert pts(wet4, preset="book") == 4
    assert pts(wet4, options={"bi_sa_gwang_points": 3}) == 3
    assert pts(DRY4[:3]) == 3 and pts(DRY4[:2] + ["willow-rainman"]) == 2
    assert pts(DRY4 + ["willow-rainman"]) == 15
    assert pts(DRY4 + ["willow-rainman"], options={"o_gwang_points": 50}) == 50


def test_a6_dry_four_not_yaku():
    """10 A6: under dry_four_not_yaku four dry brights score as any four brights = 4."""
    assert pts(DRY4, preset="book", options={"dry_four_not_yaku": True}) == 4


def test_a9_meong_bak_modes():
    """10 A9: 7+ animals: meong_dda_all doubles every loser; meong_bak_only doubles a loser
    with no animal; both; off."""
    a = P3_A[:7] + ["pine-chaff-1"]  # 7 animals: yul 3
    b = ["paulownia-phoenix", "plum-chaff-1"]  # no animal
    c = ["willow-rainman", "plum-warbler"]  # one animal
    rnd = three(a, b, c, stop("A"))
    assert paid(score(rnd)) == {"B": 6, "C": 6}
    assert paid(score(rnd, animal_double_mode="meong_bak_only")) == {"B": 6, "C": 3}
    assert paid(score(rnd, animal_double_mode="both")) == {"B": 12, "C": 6}
    assert paid(score(rnd, animal_double_mode="off")) == {"B": 3, "C": 3}


def test_a10_a11_refusal_beats_go_bak():
    """10 A10: refusal > go-bak; A11: if the refuser wins, go-bak still applies."""
    # B said Go; C offered and A refused; B wins -> A (refuser) pays for both (A10)
    ev = gos("C", 3) + [{"type": "syodang_offer", "player": "B", "refused_by": "A"}]
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "events": ev + stop("B"),
           "captures": {"B": GODORI5, "A": B_STD, "C": C_STD}}
    assert paid(score(rnd)) == {"A": 10}
    # A11: refuser A wins; C said Go -> C pays for both (go-bak)
    ev = gos("C", 3) + [{"type": "syodang_offer", "player": "B", "refused_by": "A"}]
    assert paid(score(three(GODORI5, events=ev + stop("A")))) == {"C": 10}
    # seed 001 point 4: C said Go, then offered, A refused and A wins: C's go-bak lapses
    ev = gos("C", 3) + [{"type": "syodang_offer", "player": "C", "refused_by": "A"}]
    assert paid(score(three(GODORI5, events=ev + stop("A")))) == {"B": 5, "C": 5}


def test_a8_both_losers_said_go():
    """10 A8: both losers said Go: each pays their own (pay_for_both); off: no go-bak."""
    ev = gos("B", 3) + gos("C", 3) + stop("A")
    assert paid(score(three(GODORI5, events=ev))) == {"B": 5, "C": 5}
    assert paid(score(three(GODORI5, events=gos("B", 3) + stop("A")),
                      go_bak_mode="off")) == {"B": 5, "C": 5}


def test_a17_two_bombs_and_heundeum_x4():
    """10 A17: x2 per bomb; 3.6 variant: paulownia/willow heundeum x4."""
    ev = [{"type": "bomb", "player": "A", "month": m} for m in ("peony", "maple")]
    assert paid(score(three(GODORI5, events=ev + stop("A")), preset="book")) == \
        {"B": 20, "C": 20}
    ev = [{"type": "heundeum", "player": "A", "month": "willow"}] + stop("A")
    assert paid(score(three(GODORI5, events=ev))) == {"B": 10, "C": 10}
    assert paid(score(three(GODORI5, events=ev), heundeum_paulownia_willow_x4=True)) == \
        {"B": 20, "C": 20}


def test_bomb_with_declared_triple():
    """3.6.1 / 10 B7: [P] forbids bombing a declared heundeum triple; [E] allows it."""
    ev = [{"type": "heundeum", "player": "A", "month": "peony"},
          {"type": "bomb", "player": "A", "month": "peony"}] + stop("A")
    with pytest.raises(TallyError, match="may not bomb"):
        score(three(GODORI5, events=ev))
    res = score(three(GODORI5, events=ev), preset="encyclopedia")
    assert paid(res) == {"B": 10, "C": 10}  # heundeum x2; no bomb multiplier in [E]
    assert res.player("A").extra["junk_received"][0]["event"] == "bomb"  # [E] bomb steals


def test_a18_triple_hiki():
    """10 A18: +2 junk once at the third stack capture (on top of its normal 1)."""
    ev = [{"type": "stack_capture", "player": "A", "creator": "dealt", "month": m}
          for m in ("pine", "plum", "cherry", "iris")] + [{"type": "nagari"}]
    res = score({"players": ["A", "B"], "dealer": "A", "events": ev}, triple_hiki=True)
    assert [x["junk"] for x in res.player("A").extra["junk_received"]] == [1, 1, 3, 1]
    res = score({"players": ["A", "B"], "dealer": "A", "events": ev}, hiki_bonus=True)
    assert [x["junk"] for x in res.player("A").extra["junk_received"]] == [2, 2, 2, 2]


def test_a21_consecutive_nagari():
    """10 A21: single x2 by default; cumulative x2^k as an option."""
    rnd = three(GODORI5, events=stop("A"), carry={"nagari": 2})
    assert paid(score(rnd)) == {"B": 10, "C": 10}
    assert paid(score(rnd, nagari_multiplier="cumulative")) == {"B": 20, "C": 20}


def test_a22_a24_instant_chips_not_doubled_and_carry_reset():
    """10 A22: fixed chips are never doubled by the nagari carry; A24: the instant winner
    deals next and the carry resets."""
    res = score({"players": ["A", "B", "C"], "dealer": "B", "carry": {"nagari": 1},
                 "events": [{"type": "four_in_hand", "player": "C", "month": "pine"}]})
    assert res.net() == {"A": -5, "B": -5, "C": 10}
    assert res.next_dealer == "C" and res.carry["nagari"] == 0


def test_first_turn_variant_chips():
    """3.8 / 6.4: first-turn four-capture, chok and boar chips (3 is [P]'s example amount),
    paid at once and kept whatever the result."""
    ev = [{"type": t, "player": "B"} for t in
          ("first_turn_four_capture", "first_turn_chok", "boar_capture")] + [{"type": "nagari"}]
    res = score({"players": ["A", "B", "C"], "dealer": "A", "events": ev},
                first_turn_four_capture_chips=3, first_turn_chok_chips=3,
                boar_first_turn_chips=3)
    assert res.net() == {"A": -9, "B": 18, "C": -9}


def test_void_deal_keeps_carry():
    """3.3 / 6.6: a void deal pays nothing and keeps the nagari carry; dealer_wins variant."""
    res = score({"players": ["A", "B", "C"], "dealer": "B", "carry": {"nagari": 1},
                 "events": [{"type": "four_on_table"}]})
    assert res.carry["nagari"] == 1 and res.next_dealer == "B" and not res.payments
    res = score({"players": ["A", "B", "C"], "dealer": "B",
                 "events": [{"type": "four_on_table"}]}, four_on_table="dealer_wins")
    assert res.net() == {"A": -5, "B": 10, "C": -5}


def test_a29_a30_jokers():
    """2.4 / 10 A29-A30: ability jokers (0 junk); shield blocks gwang-bak; double x2; deny
    blocks dok-bak; no_captures_no_pay zeroes an empty loser."""
    opts = {"joker_abilities": True}
    assert tally.evaluate(G, ["joker-boss", "joker-shield"], options=opts) \
        .details["junk_value"] == 0
    b = B_NO_BRIGHT + ["joker-shield"]
    res = score(three(DRY4, b, events=stop("A")), **opts)
    assert paid(res) == {"B": 4, "C": 4}
    res = score(three(GODORI5 + ["joker-double"], events=stop("A")), **opts)
    assert paid(res) == {"B": 10, "C": 10}
    ev = gos("B", 3) + stop("A")
    res = score(three(GODORI5, B_STD + ["joker-deny"], events=ev), **opts)
    assert paid(res) == {"B": 5, "C": 5}
    res = score(three(GODORI5, B_STD, [], events=ev), no_captures_no_pay=True)
    assert paid(res) == {"B": 5}  # C exempt: B pays only its own
    res = score(three(GODORI5, [], C_STD, events=ev), no_captures_no_pay=True)
    assert paid(res) == {"C": 5}  # B liable but exempt: the shift is cancelled


def test_sake_modes():
    """2.2-2.3 / 8.2: sake as animal or 2 junk; single-junk variant; Super Sake (both)."""
    j9 = A12[:9]
    assert pts(j9 + ["chrysanthemum-sake"]) == 2  # 9 + 2 = 11 junk
    assert pts(j9 + ["chrysanthemum-sake"], options={"sake_mode": "animal_or_single_junk"}) == 1
    five = ["plum-warbler", "iris-bridge", "peony-butterflies", "clover-boar"]
    ev = tally.evaluate(G, j9 + five + ["chrysanthemum-sake"],
                        options={"sake_mode": "animal_and_single_junk"})
    assert ev.points == 2 and ev.details["animals"] == 5 and ev.details["junk_value"] == 10
    ev = tally.evaluate(G, j9 + ["iris-bridge", "chrysanthemum-sake"],
                        options={"iris_bridge_mode": "animal_or_double_junk"})
    assert ev.details["junk_value"] == 11 and ev.points == 2
    assert any("Iris with bridge counted as 2 junk" in c for c in ev.choices)


def test_variant_rows():
    """4: yukdori/bidori, VIP (not for the target), palssari (not for the target)."""
    o = {"yukdori_bidori": True}
    assert pts(GODORI5 + ["willow-swallow"], options=o) == 6
    assert pts(GODORI5[:2] + ["willow-swallow"], options=o) == 4
    assert pts(GODORI5, options=o) == 5
    vip = ["chrysanthemum-sake", "paulownia-chaff-colored", "willow-lightning"]
    ev = tally.evaluate(G, vip, options={"vip_ssangpi": True})
    assert ev.points == 3 and ev.details["stop_points"] == 0
    pal = ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2",
           "clover-boar", "clover-ribbon", "clover-chaff-1", "clover-chaff-2"]
    ev = tally.evaluate(G, pal, options={"palssari": True})
    assert ev.points == 8 and ev.details["stop_points"] == 0
    # the VIP points are paid but do not reach the target
    with pytest.raises(TallyError, match="cannot stop with 0 points"):
        score(three(vip, events=stop("A")), vip_ssangpi=True)


def test_tti_bak_and_pi_bak_2p():
    """5.6: tti-bak [P var]; 2-player pi-bak threshold 7 [P var]."""
    a = ["pine-poetry", "plum-poetry", "cherry-poetry"]
    res = score(three(a, events=stop("A")), tti_bak=True)
    assert paid(res) == {"B": 6, "C": 6}  # B_STD/C_STD hold no ribbon
    a2 = A12
    b2 = ["pine-crane", "pampas-chaff-1", "pampas-chaff-2", "clover-chaff-1",
          "clover-chaff-2", "maple-chaff-1"]  # junk value 5
    rnd = {"players": ["A", "B"], "dealer": "A", "captures": {"A": a2, "B": b2},
           "events": stop("A")}
    assert paid(score(rnd, stop_threshold_2p=3)) == {"B": 3}
    assert paid(score(rnd, stop_threshold_2p=3, pi_bak_threshold_2p=7)) == {"B": 6}


def test_a15_dealt_stacks_steal():
    """10 A15: a dealt stack's capture takes junk (all_stacks); created_only: it does not."""
    ev = [{"type": "stack_capture", "player": "A", "creator": "dealt", "month": "pine"},
          {"type": "nagari"}]
    rnd = {"players": ["A", "B"], "dealer": "A", "events": ev}
    assert score(rnd).player("A").extra["junk_received"][0]["junk"] == 1
    assert "junk_received" not in score(rnd, stack_capture_steals="created_only") \
        .player("A").extra


def test_a19_sake_transfer_only_when_it_is_junk():
    """10 A19: the sake cup may change hands as a 2-junk card; under sake_mode=animal_only
    it is no junk card and cannot be handed over."""
    b = ["pine-crane", "chrysanthemum-sake"]
    ev = [{"type": "junk_transfer", "player": "B", "from": "A",
           "card": "chrysanthemum-sake"}, {"type": "nagari"}]
    rnd = {"players": ["A", "B"], "dealer": "A", "captures": {"B": b}, "events": ev}
    assert score(rnd).carry["nagari"] == 1
    with pytest.raises(TallyError, match="'Chrysanthemum with sake cup' is not a junk card"):
        score(rnd, sake_mode="animal_only")


def test_a27_winning_brights():
    """10 A27 ([B var] Winning Brights, seed 002: '15 points plus the value of any other
    yaku'): a forced Stop scored normally."""
    a = DRY4 + ["willow-rainman"] + HONG3
    ev = [{"type": "winning_brights", "player": "A"}]
    res = score(three(a, ["plum-chaff-1"], ["pine-chaff-1"], ev), winning_brights=True)
    assert paid(res) == {"B": 36, "C": 36}  # (15 + 3) x 2 gwang-bak


def test_a28_oe_myeon_kinds_per_mode():
    """10 A28 / B10: [P] also counts a card left capturable; [B] only an unmatched card
    played from hand, not after an offered Draw; book_responsibility adds last card."""
    a13 = D4_A12 + ["iris-chaff-1"]
    left = {"type": "oe_myeon", "player": "C", "card": "pine-chaff-1",
            "kind": "left_capturable"}
    ev = gos("A", 3) + [left] + stop("A")
    assert paid(score(three(a13, D4_B, D4_C, ev))) == {"C": 10}
    assert paid(score(three(a13, D4_B, D4_C, ev), preset="book")) == {"B": 5, "C": 5}
    played = dict(left, kind="played_unmatched", last_card=True)
    ev = gos("A", 3) + [played] + stop("A")
    assert paid(score(three(a13, D4_B, D4_C, ev), preset="book")) == {"C": 10}
    assert paid(score(three(a13, D4_B, D4_C, ev), preset="book",
                      oe_myeon_mode="book_responsibility")) == {"B": 5, "C": 5}
    drew = dict(played, last_card=False, offered_draw=True)
    ev = gos("A", 3) + [drew] + stop("A")
    assert paid(score(three(a13, D4_B, D4_C, ev), preset="book")) == {"B": 5, "C": 5}


def test_breakdown_sentences_carry_their_templates():
    """Every step and payment of a settled hand keeps its template and params (said()), and
    the template filled in with the params is exactly the English reason."""
    rounds = [tally.get_game(G).round_example,  # heundeum, ppuk, Go, chok, nagari carry
              three(GODORI5 + HONG3, events=gos("B", 3) + gos("A", 5) + stop("A")),  # go-bak
              three(GODORI5 + ["chrysanthemum-sake"], events=stop("A"))]  # sake choice
    for rnd in rounds:
        d = tally.score_round(G, rnd).to_dict()
        lines = [s for p in d["players"] for s in p["steps"]] + d["payments"]
        assert lines and d["winner"] in ("A", "Ana")
        for line in lines:
            assert "template" in line, line
            assert line["template"].format(**in_words(line["params"])) == line["reason"]
            assert "{" in line["template"] or not line["params"]
    d = tally.score_round(G, rounds[1]).to_dict()
    settle = d["players"][0]["steps"][-1]
    assert settle["id"] == "settlement" and "{loser1}" in settle["template"]
    assert "go-bak: {player} said Go" in settle["template"] and settle["params"]["player"] == "B"
    res = tally.score_round(G, rounds[2])
    choice = res.player("A").extra["choices"][0]
    assert choice.template.format(**in_words(choice.params)) == choice
