"""Hachi-Hachi: shared/rules/hachi-hachi.md (the digest) and seed 002 (Hanami book, chapter 17,
seed lines 3361-4217; Quick Reference lines 8995-9139).

Every expected number below is copied from the digest's section 9 (or the seed's text); the
piles are built to have the card values the examples state (the book gives only totals).
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally.results import in_words  # the English sentence names cards (issue 23)
import tally
from tally import TallyError
from tally.cards import CARD, FLOWER_CARDS
from tally.games import GAMES

G = "hachi-hachi"
ALL = [c.slug for c in FLOWER_CARDS]
POETRY = {"pine-poetry", "plum-poetry", "cherry-poetry"}
BLUE = {"peony-blue", "chrysanthemum-blue", "maple-blue"}
DRY4 = {"pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"}
BRIGHT5 = DRY4 | {"willow-rainman"}
DRY_RIBBONS = {c.slug for c in FLOWER_CARDS if c.kind == "ribbon" and c.flower != "willow"}
YAKU_SETS = (POETRY, BLUE, DRY4, BRIGHT5)


def value(slugs):
    return sum(CARD[s].value for s in slugs)


def _completes_yaku(pile, fixed):
    for s in YAKU_SETS:
        if s <= pile and not s <= fixed:
            return True
    return len(pile & DRY_RIBBONS) >= 7 and len(fixed & DRY_RIBBONS) < 7


def deal(tcv, fixed=None, chaff=None, seed=1):
    """All 48 cards split so that player p's pile has card value tcv[p] (and chaff[p] chaff
    when given, else fewer than 16), holds the ``fixed`` cards, and completes no yaku beyond
    the fixed ones. A test helper: it builds inputs, never expected results."""
    rng = random.Random(seed)
    players = list(tcv)
    fixed = {p: set((fixed or {}).get(p, ())) for p in players}
    chaff = chaff or {}
    assert sum(tcv.values()) == 264
    used = set().union(*fixed.values())
    non = [s for s in ALL if CARD[s].kind != "chaff" and s not in used]
    rng.shuffle(non)
    non.sort(key=lambda s: -CARD[s].value)
    free_chaff = [s for s in ALL if CARD[s].kind == "chaff" and s not in used]
    rng.shuffle(free_chaff)
    fc = {p: sum(1 for s in fixed[p] if CARD[s].kind == "chaff") for p in players}
    fv = {p: value(fixed[p]) - fc[p] for p in players}

    def counts():  # each player's total chaff count, summing to 24
        ranges = [[chaff[p]] if p in chaff else
                  [c for c in range(fc[p], 16) if (tcv[p] - c) % 5 == 0] for p in players]
        out = [[]]
        for r in ranges:
            out = [o + [c] for o in out for c in r]
        out = [o for o in out if sum(o) == 24]
        rng.shuffle(out)
        return out

    for cs in counts():
        caps = [tcv[p] - c - fv[p] for p, c in zip(players, cs)]
        if min(caps) < 0:
            continue
        piles = [set(fixed[p]) for p in players]
        failed = set()

        def rec(i, caps):
            if i == len(non):
                return not any(caps)
            key = (i, tuple(caps))
            if key in failed:
                return False
            s = non[i]
            for k in rng.sample(range(len(players)), len(players)):
                if CARD[s].value <= caps[k] and \
                        not _completes_yaku(piles[k] | {s}, fixed[players[k]]):
                    piles[k].add(s)
                    caps[k] -= CARD[s].value
                    if rec(i + 1, caps):
                        return True
                    caps[k] += CARD[s].value
                    piles[k].discard(s)
            failed.add(key)
            return False

        if rec(0, caps):
            k = 0
            for p, c, pile in zip(players, cs, piles):
                n = c - fc[p]
                pile |= set(free_chaff[k:k + n])
                k += n
            out = {p: sorted(pile, key=ALL.index) for p, pile in zip(players, piles)}
            assert {p: value(v) for p, v in out.items()} == tcv
            return out
    raise AssertionError("no deal fits")


def claim(player, cards, combos=None):
    ev = {"type": "hand_combo_claim", "player": player, "cards": list(cards)}
    if combos is not None:
        ev["combos"] = list(combos)
    return ev


def call(player, how, yaku=None, tyv=None):
    ev = {"type": "yaku_call", "player": player, "call": how}
    if yaku is not None:
        ev["yaku"] = yaku
    if tyv is not None:
        ev["tyv"] = tyv
    return ev


def score(rnd, **kw):
    return tally.score_round(G, rnd, **kw)


def totals(res):
    return {p.player: p.points for p in res.players}


def pays(res, reason_start=""):
    return sorted((p.payer, p.payee, p.amount) for p in res.payments
                  if p.reason.startswith(reason_start))


def check_consistent(res):
    """Every 3-active round is zero-sum and the payments settle each player's points."""
    assert sum(totals(res).values()) == 0
    assert res.net() == totals(res)


# Hands used by several examples (7 cards each; "chaff" counts willow for hands).
SEVEN_CHAFF_3PAIRS = ["pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2",
                      "cherry-chaff-1", "cherry-chaff-2", "iris-chaff-1"]


# ======================================================================================
# Section 9.1: the book's worked examples
# ======================================================================================

def ex1_round(**extra):
    """Digest 9.1 book_ex1 (B p.92, Fig. 17.4; seed lines ~3690-3745)."""
    caps = deal({"A": 141, "B": 123})
    return {"players": ["A", "B"], "dealer": "A", "field_multiplier": "large_field",
            "events": [
                claim("A", ["pine-crane", "plum-chaff-1", "plum-chaff-2", "wisteria-chaff-1",
                            "iris-chaff-1", "peony-chaff-1", "willow-lightning"],
                      ["chaff_one_bright_six_chaff"]),
                claim("B", ["maple-deer", "maple-blue", "maple-chaff-1"],
                      ["suit_three_of_a_kind"])],
            "captures": caps, **extra}


def test_book_ex1_two_player_large_no_yaku():
    """Digest 9.1 book_ex1_two_player_large_no_yaku (B p.92, Fig. 17.4)."""
    res = score(ex1_round())
    assert pays(res, "hand combination") == [("A", "B", 40), ("B", "A", 80)]
    assert res.player("A").extra["card_score"] == 106
    assert res.player("B").extra["card_score"] == 70
    assert totals(res) == {"A": 146, "B": 30}
    assert res.winner == "A" and res.next_dealer == "A"
    # not zero-sum (section 6, A3): the card points are scores, not payments
    assert res.net() == {"A": 40, "B": -40}
    assert any("not zero-sum" in n for n in res.notes)


def test_book_ex2_two_player_grand_end():
    """Digest 9.1 book_ex2_two_player_grand_end (B p.92-93, Fig. 17.5)."""
    rnd = {"players": ["A", "B"], "dealer": "B", "field_multiplier": "grand_field",
           "events": [claim("A", ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1"],
                            ["suit_greater_wisteria"]),
                      call("B", "end", ["poetry_ribbons"], 70)],
           "captures": {"A": ["pine-crane", "pine-chaff-1", "iris-bridge", "iris-chaff-1"],
                        "B": ["pine-poetry", "pine-chaff-2", "plum-poetry", "plum-chaff-1",
                              "cherry-poetry", "cherry-chaff-1"]}}
    res = score(rnd)
    assert pays(res) == [("A", "B", 280), ("B", "A", 120)]
    assert all(p.extra["card_score"] is None for p in res.players)  # yaku round
    assert totals(res) == {"A": -160, "B": 160}
    assert res.winner == "B"


def ex3_round():
    caps = deal({"A": 100, "B": 90, "C": 74},
                fixed={"A": ["maple-deer"]})  # B does not capture all of its triple
    return {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": "small_field",
            "events": [claim("B", ["maple-deer", "maple-blue", "maple-chaff-1"],
                             ["suit_three_of_a_kind"]),
                       claim("C", SEVEN_CHAFF_3PAIRS, ["chaff_seven_chaff", "suit_three_pairs"])],
            "captures": caps}


def test_book_ex3_three_player_small_no_yaku():
    """Digest 9.1 book_ex3_three_player_small_no_yaku (B p.93, Fig. 17.6)."""
    res = score(ex3_round())
    hc = {p.player: sum(s.value for s in p.steps if s.id == "hand_combination")
          for p in res.players}
    assert hc == {"A": -100, "B": -40, "C": 140}
    assert {p.player: p.extra["card_score"] for p in res.players} == {"A": 12, "B": 2, "C": -14}
    assert not any(s.id in ("eighty_nine_plus_chaff", "captured_suit")
                   for p in res.players for s in p.steps)
    assert totals(res) == {"A": -88, "B": -38, "C": 126}
    assert res.winner == "A"
    check_consistent(res)


def ex4_round(**kw):
    caps = deal({"A": 88, "B": 88, "C": 88})
    return {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 2,
            "events": [claim("A", ["pine-crane", "pine-poetry", "pine-chaff-1"],
                             ["suit_three_of_a_kind"]),
                       claim("B", ["plum-chaff-1", "cherry-chaff-1", "iris-chaff-1",
                                   "peony-chaff-1", "maple-chaff-1"],
                             ["chaff_two_ribbons_five_chaff"])],
            "captures": caps, **kw}


def test_book_ex4_hachi_hachi_88():
    """Digest 9.1 book_ex4_hachi_hachi_88 (B p.94, Fig. 17.7): the claimed hand
    combinations are cancelled; the dealer takes 100 x 2 from each."""
    res = score(ex4_round())
    assert pays(res) == [("B", "A", 200), ("C", "A", 200)]
    assert not any(s.id == "hand_combination" for p in res.players for s in p.steps)
    assert totals(res) == {"A": 400, "B": -200, "C": -200}
    assert res.winner == "A"


def ex5_round(dealer="D", decisions=(("A", "pass"),), **kw):
    caps = deal({"B": 98, "C": 80, "D": 86},
                fixed={"B": ["plum-warbler", "plum-poetry", "plum-chaff-1"]})
    return {"players": ["A", "B", "C", "D"], "dealer": dealer,
            "field_multiplier": "grand_field",
            "events": [{"type": "play_decision", "player": p, "choice": ch}
                       for p, ch in decisions] + [
                claim("B", ["plum-warbler", "plum-poetry", "plum-chaff-1"],
                      ["suit_three_of_a_kind"]),
                claim("C", ["pine-chaff-2", "cherry-chaff-2", "wisteria-chaff-2",
                            "iris-chaff-2", "willow-lightning", "paulownia-chaff-1"],
                      ["chaff_one_ribbon_six_chaff"])],
            "captures": caps, **kw}


@pytest.mark.parametrize("dealer, decisions", [
    ("D", (("A", "pass"),)),  # A passes first; B and C are forced in
    ("C", (("D", "play"), ("A", "pass"))),  # A24: C as dealer fits the text too
])
def test_book_ex5_four_player_pass_captured_suit(dealer, decisions):
    """Digest 9.1 book_ex5 (B p.94-95, Fig. 17.8); A2: C's 120 comes from B and D, not
    from A as the book's text says (the figure and totals say B and D)."""
    res = score(ex5_round(dealer, decisions))
    assert pays(res, "hand combination") == [("B", "C", 120), ("C", "B", 80), ("D", "B", 80),
                                             ("D", "C", 120)]
    assert pays(res, "Captured Suit") == [("C", "B", 40), ("D", "B", 40)]
    assert pays(res, "pass penalty") == [("A", "B", 40)]
    assert {p: res.player(p).extra["card_score"] for p in "BCD"} == \
        {"B": 40, "C": -32, "D": -8}
    assert totals(res) == {"A": -40, "B": 200, "C": 88, "D": -248}
    assert res.winner == "B"
    check_consistent(res)


def test_a1_pass_penalty_off_example5():
    """Digest A1 (pass_penalty is switchable): without it Example 5 leaves A at 0 and B at the
    160 the book gives before the pot (B p.95: 'Player B's Total Score ... = 160 pts')."""
    res = score(ex5_round(), options={"pass_penalty": False})
    assert totals(res) == {"A": 0, "B": 160, "C": 88, "D": -248}


def test_book_ex6_four_player_compensation_end():
    """Digest 9.1 book_ex6 (B p.95-96, Fig. 17.9) = the module's round_example."""
    res = score(GAMES[G].round_example)
    assert pays(res, "compensation") == [("B", "D", 46), ("C", "D", 46)]
    assert pays(res, "hand combination") == [("B", "A", 80), ("C", "A", 80)]
    assert pays(res, "yaku") == [("A", "B", 200), ("C", "B", 200)]
    assert totals(res) == {"A": -40, "B": 274, "C": -326, "D": 92}
    assert res.winner == "B" and res.next_dealer == "B"
    assert res.player("D").extra["compensation"]["base"] == 23  # book_compensation_formula
    check_consistent(res)


@pytest.mark.parametrize("fm, each", [(1, 20), (2, 40), (4, 80)])
def test_book_hc_multiplier(fm, each):
    """Digest 9.1 book_hc_multiplier (B p.87): Any 3 of a Kind in a x1/x2/x4 field."""
    rnd = ex3_round()
    rnd["field_multiplier"] = fm
    rnd["events"] = rnd["events"][:1]
    res = score(rnd)
    assert pays(res, "hand combination") == [("A", "B", each), ("C", "B", each)]


@pytest.mark.parametrize("tcv, each", [(168, 100), (170, 120)])
def test_book_168_plus(tcv, each):
    """Digest 9.1 book_168_plus (B p.91 examples 1 and 2)."""
    rest = 264 - tcv
    res = score({"players": ["X", "Y", "Z"], "dealer": "Y", "field_multiplier": 1,
                 "captures": deal({"X": tcv, "Y": rest // 2, "Z": rest - rest // 2})})
    assert pays(res) == [("Y", "X", each), ("Z", "X", each)]
    assert res.winner == "X"


@pytest.mark.parametrize("n, each", [(16, 120), (18, 160)])
def test_book_simple_16(n, each):
    """Digest 9.1 book_simple_16 (B p.91 examples 1 and 2)."""
    x = n + 45  # any TCV works; 45 in non-chaff cards keeps it below the others
    res = score({"players": ["X", "Y", "Z"], "dealer": "Y", "field_multiplier": 1,
                 "captures": deal({"X": x, "Y": 110, "Z": 154 - x}, chaff={"X": n})})
    assert pays(res) == [("Y", "X", each), ("Z", "X", each)]
    assert res.winner == "X"


def test_book_multiple_multiplier():
    """Digest 9.1 book_multiple_multiplier (B p.96): paulownia + pine brights = x6."""
    rnd = ex3_round()
    del rnd["field_multiplier"]
    rnd["field_brights"] = ["paulownia-phoenix", "pine-crane"]
    res = score(rnd, options={"multiple_multiplier": True})
    assert res.player("A").steps[-1].op == "multiply"
    assert res.player("A").steps[-1].value == 6


def test_book_carryover_multiplier():
    """Digest 9.1 book_carryover_multiplier (B p.96): this round x4, the next x2."""
    rnd = ex3_round()
    del rnd["field_multiplier"]
    rnd["field_brights"] = ["paulownia-phoenix", "pine-crane"]
    res = score(rnd, options={"carryover_multiplier": True})
    assert res.player("A").steps[-1].value == 4
    assert res.carry == {"carry_multiplier": 2}
    # the carried x2 is the next round's multiplier when its own field has no bright
    nxt = ex3_round()
    del nxt["field_multiplier"]
    nxt["field_brights"] = []
    nxt["carry"] = res.carry
    res2 = score(nxt, options={"carryover_multiplier": True})
    assert res2.player("A").steps[-1].value == 2
    assert res2.carry == {}


SHISO_KARASU = ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning",
                "paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2"]


def test_book_winning_hand():
    """Digest 9.1 book_winning_hand (B p.97): 400 from each active opponent instead of 240,
    and the round ends at once."""
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
           "events": [claim("B", SHISO_KARASU)]}
    res = score(rnd, options={"winning_hand": True})
    assert pays(res) == [("A", "B", 400), ("C", "B", 400)]
    assert res.winner == "B"
    base = score({**rnd, "captures": deal({"A": 100, "B": 80, "C": 84})})
    # without the variation the same claim is the plain 200 + 40 = 240 (and play goes on)
    assert res.player("B").points == 800 and any(
        p.amount == 240 for p in base.payments if p.reason.startswith("hand combination"))


# ======================================================================================
# Section 9.2: derived checks
# ======================================================================================

def hand_round(hand, player="B", **kw):
    """A three-player round where ``player`` claims the best teyaku of ``hand``."""
    return {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
            "hands": {player: hand}, "events": [{"type": "hand_combo_claim", "player": player}],
            **kw}


def teyaku(res, p="B"):
    return {t["id"]: t["points"] for t in res.player(p).extra.get("teyaku", [])}


def test_d_hand_shiso_karasu():
    """Digest 9.2 d_hand_shiso_karasu: 200 + 40 = 240."""
    res = score({**hand_round(SHISO_KARASU), "captures": deal({"A": 100, "B": 80, "C": 84})})
    assert teyaku(res) == {"suit_four_and_three": 200, "chaff_seven_chaff": 40}
    assert pays(res, "hand combination") == [("A", "B", 240), ("C", "B", 240)]


@pytest.mark.parametrize("hand, expected, eligible", [
    # d_hand_willow_is_chaff_bright_combo
    (["pine-crane", "pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "iris-chaff-1",
      "maple-chaff-1", "willow-swallow"], {"chaff_one_bright_six_chaff": 40}, False),
    # d_hand_rainman_is_chaff
    (["willow-rainman", "pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "iris-chaff-1",
      "maple-chaff-1", "clover-chaff-1"], {"chaff_seven_chaff": 40}, True),
    # d_hand_haneken
    (["pine-crane", "pine-poetry", "pine-chaff-1", "plum-warbler", "plum-chaff-1",
      "cherry-curtain", "cherry-chaff-1"], {"suit_three_of_a_kind_two_pairs": 70}, False),
    # d_hand_three_ribbons_no_chaff_combo (book-literal, A9)
    (["pine-poetry", "plum-poetry", "wisteria-ribbon", "pine-chaff-1", "peony-chaff-1",
      "maple-chaff-1", "clover-chaff-1"], {}, False),
    # d_hand_240_with_bright_combo
    (["paulownia-phoenix", "paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2",
      "willow-rainman", "willow-swallow", "willow-ribbon"],
     {"suit_four_and_three": 200, "chaff_one_bright_six_chaff": 40}, False),
])
def test_d_hands(hand, expected, eligible):
    """Digest 9.2 hand checks, and eligible_89_plus_chaff with TCV 95 (>= 89)."""
    caps = deal({"A": 80, "B": 95, "C": 89})
    res = score({**hand_round(hand), "captures": caps})
    assert teyaku(res) == expected
    got_89 = any(s.id == "eighty_nine_plus_chaff" for s in res.player("B").steps)
    assert got_89 is (eligible and bool(expected))


def test_d_hand_240_not_a_winning_hand():
    """Digest 9.2 d_hand_240_with_bright_combo: winning_hand false (no Any 7 Chaffs), so the
    4 & 3 pays its 200 + 40 and play goes on."""
    hand = ["paulownia-phoenix", "paulownia-chaff-colored", "paulownia-chaff-1",
            "paulownia-chaff-2", "willow-rainman", "willow-swallow", "willow-ribbon"]
    res = score({**hand_round(hand), "captures": deal({"A": 80, "B": 95, "C": 89})},
                options={"winning_hand": True})
    assert pays(res, "hand combination") == [("A", "B", 240), ("C", "B", 240)]


def test_d_hand_greater_and_greater_captured_suit_twice():
    """Digest 9.2 d_hand_greater_and_greater: 80, no chaff combo, two captured-suit triples
    (B p.91: 'possible to claim this bonus twice')."""
    hand = ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "iris-bridge",
            "iris-ribbon", "iris-chaff-1", "pine-crane"]
    caps = deal({"A": 80, "B": 95, "C": 89}, fixed={"B": hand[:6]})
    res = score({**hand_round(hand), "captures": caps})
    assert teyaku(res) == {"suit_greater_and_greater": 80}
    assert pays(res, "Captured Suit") == [("A", "B", 20), ("C", "B", 20)]


def test_d_yaku_all_ribbons_four_dry_brights():
    """Digest 9.2 d_yaku_all_ribbons_four_dry_brights: TYV 370; 340 with no_extra_ribbons."""
    pile = [c.slug for c in FLOWER_CARDS if c.kind == "ribbon"] + sorted(DRY4)
    assert tally.evaluate(G, pile).points == 370
    assert tally.evaluate(G, pile, options={"no_extra_ribbons": True}).points == 340
    ids = {h.id: h.points for h in tally.evaluate(G, pile).yaku}
    assert ids == {"four_dry_brights": 100, "poetry_ribbons": 70, "purple_ribbons": 70,
                   "seven_dry_ribbons": 130}


def test_d_yaku_six_dry_plus_willow_ribbon():
    """Digest 9.2 d_yaku_six_dry_plus_willow_ribbon: nothing."""
    e = tally.evaluate(G, ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon",
                           "clover-ribbon", "maple-blue", "willow-ribbon"])
    assert e.points == 0 and e.yaku == ()
    assert e.details["card_points"] == 35


def test_section4_yaku_values_and_bright_group():
    """Section 4 (B p.88): 5 Brights 120 (not 120 + 100); 4 Dry Brights 100; the rainman with
    three dry brights is nothing; 7 dry ribbons 100 + 10 per further ribbon."""
    assert tally.evaluate(G, sorted(BRIGHT5)).points == 120
    assert [h.id for h in tally.evaluate(G, sorted(BRIGHT5)).yaku] == ["five_brights"]
    assert tally.evaluate(G, sorted(DRY4)).points == 100
    assert tally.evaluate(G, ["willow-rainman", "pine-crane", "cherry-curtain",
                              "pampas-moon"]).points == 0
    seven = sorted(DRY_RIBBONS - {"pine-poetry", "peony-blue"})
    assert tally.evaluate(G, seven).points == 100
    assert tally.evaluate(G, seven + ["willow-ribbon"]).points == 110
    e = tally.evaluate(G, ALL)
    assert e.details["card_points"] == 264 and e.details["chaff"] == 24


def test_d_compensation_triple_plus_loose():
    """Digest 9.2 d_compensation_triple_plus_loose: comp_base 16, 32 from each non-dealer."""
    hand = ["pine-crane", "pine-poetry", "pine-chaff-1", "plum-poetry", "peony-blue",
            "maple-chaff-1", "iris-chaff-1"]
    res = score(comp_round(hand, fm=2))
    assert res.player("D").extra["compensation"]["base"] == 16
    assert pays(res, "compensation") == [("B", "D", 32), ("C", "D", 32)]


def comp_round(hand, fm=1, tcv=None, **claim_kw):
    """A: dealer; B and C choose to play; D is forced out and claims for ``hand``."""
    caps = deal(tcv or {"A": 90, "B": 90, "C": 84})
    ev = {"type": "compensation_claim", "player": "D", **claim_kw}
    return {"players": ["A", "B", "C", "D"], "dealer": "A", "field_multiplier": fm,
            "hands": {"D": hand},
            "events": [{"type": "play_decision", "player": "B", "choice": "play"},
                       {"type": "play_decision", "player": "C", "choice": "play"}, ev],
            "captures": caps}


def three(x, y, z, events, fm=1, captures=None, **kw):
    return {"players": ["X", "Y", "Z"], "dealer": "X", "field_multiplier": fm,
            "events": events, "captures": captures, **kw}


POETRY_PILE = ["pine-poetry", "pine-chaff-1", "plum-poetry", "plum-chaff-1", "cherry-poetry",
               "cherry-chaff-1"]
PURPLE_PILE = ["peony-blue", "peony-chaff-1", "chrysanthemum-blue", "chrysanthemum-chaff-1",
               "maple-blue", "maple-chaff-1"]
DRY4_PILE = ["pine-crane", "pine-chaff-2", "cherry-curtain", "cherry-chaff-2", "pampas-moon",
             "pampas-chaff-1", "paulownia-phoenix", "paulownia-chaff-1"]
SEVEN_RIBBONS_PILE = ["pine-poetry", "plum-poetry", "wisteria-ribbon", "iris-ribbon",
                      "clover-ribbon", "peony-blue", "maple-blue", "pine-chaff-1",
                      "plum-chaff-1", "wisteria-chaff-1", "iris-chaff-1", "clover-chaff-1",
                      "peony-chaff-1", "maple-chaff-1"]


def test_d_end_single_continue_double():
    """Digest 9.2 d_end_single_continue_double (B p.88: double from the single Continue
    caller; the other pays nothing)."""
    rnd = three("X", "Y", "Z", [call("X", "continue", ["poetry_ribbons"], 70),
                                call("Y", "end", ["four_dry_brights"], 100)], fm=2,
                captures={"X": POETRY_PILE, "Y": DRY4_PILE, "Z": []})
    res = score(rnd)
    assert pays(res) == [("X", "Y", 400)]
    assert totals(res) == {"X": -400, "Y": 400, "Z": 0}
    assert res.winner == "Y"


def test_d_end_both_continued():
    """Digest 9.2 d_end_both_continued."""
    rnd = three("X", "Y", "Z", [call("X", "continue", ["poetry_ribbons"], 70),
                                call("Z", "continue", ["purple_ribbons"], 70),
                                call("Y", "end", ["four_dry_brights"], 100)],
                captures={"X": POETRY_PILE, "Y": DRY4_PILE, "Z": PURPLE_PILE})
    res = score(rnd)
    assert totals(res) == {"X": -100, "Y": 200, "Z": -100}
    assert res.winner == "Y"


def test_d_cancel_half():
    """Digest 9.2 d_cancel_half."""
    rnd = three("X", "Y", "Z", [call("X", "continue", ["seven_dry_ribbons"], 100),
                                {"type": "cancel_call", "player": "X"}], fm=4,
                captures={"X": SEVEN_RIBBONS_PILE, "Y": [], "Z": []})
    res = score(rnd)
    assert totals(res) == {"X": 400, "Y": -200, "Z": -200}
    assert res.winner == "X"


def exhausted_round():
    caps = deal({"X": 70, "Y": 130, "Z": 64},
                fixed={"X": ["peony-blue", "chrysanthemum-blue", "maple-blue"],
                       "Y": sorted(DRY4)})
    return three("X", "Y", "Z", [call("X", "continue", ["purple_ribbons"], 70),
                                 call("Y", "continue", ["four_dry_brights"], 100)],
                 captures=caps, round_end="exhausted")


def test_d_exhausted_two_continuers():
    """Digest 9.2 d_exhausted_two_continuers: X +35+35-50, Y +50+50-35, Z -35-50."""
    res = score(exhausted_round())
    assert totals(res) == {"X": 20, "Y": 65, "Z": -85}
    assert res.winner == "X"
    check_consistent(res)


@pytest.mark.parametrize("reading", ["replace", "add"])
def test_a10_risk_on_exhaustion(reading):
    """Digest A10 / section 8 risk: a Continue caller who did not End pays own TYV to each
    active opponent; on exhaustion it replaces the half-value gain (REC) or adds to it."""
    res = score(exhausted_round(), options={"risk": True, "risk_on_exhaustion": reading})
    risk = {"X": -2 * 70 + 100, "Y": -2 * 100 + 70, "Z": 70 + 100}
    half = {"X": 20, "Y": 65, "Z": -85}  # d_exhausted_two_continuers
    want = risk if reading == "replace" else {p: risk[p] + half[p] for p in risk}
    assert totals(res) == want


def test_risk_added_when_another_player_ends():
    """Section 8 risk + A10: X called Continue, Y ends: X also pays its 70 to Y and Z."""
    rnd = three("X", "Y", "Z", [call("X", "continue", ["poetry_ribbons"], 70),
                                call("Y", "end", ["four_dry_brights"], 100)],
                captures={"X": POETRY_PILE, "Y": DRY4_PILE, "Z": []})
    res = score(rnd, options={"risk": True})
    assert totals(res) == {"X": -200 - 140, "Y": 200 + 70, "Z": 70}


def test_d_168_cancels_everything():
    """Digest 9.2 d_168_cancels_everything (B p.91: hand combinations are cancelled)."""
    rnd = three("X", "Y", "Z", [claim("X", ["pine-crane", "pine-poetry", "pine-chaff-1"],
                                      ["suit_three_of_a_kind"])],
                captures=deal({"X": 170, "Y": 50, "Z": 44}))
    res = score(rnd)
    assert totals(res) == {"X": 240, "Y": -120, "Z": -120}
    assert res.winner == "X"


def test_a6_quick_reference_scope_keeps_card_points():
    """Digest A6, other reading (QR p.216 cancels only hand combinations and other special
    achievements): the 168 Plus round of d_168_cancels_everything plus each (TCV - 88)."""
    rnd = three("X", "Y", "Z", [claim("X", ["pine-crane", "pine-poetry", "pine-chaff-1"],
                                      ["suit_three_of_a_kind"])],
                captures=deal({"X": 170, "Y": 50, "Z": 44}))
    res = score(rnd, options={"cancel_all_scope": "quick_reference"})
    assert totals(res) == {"X": 240 + (170 - 88), "Y": -120 + (50 - 88), "Z": -120 + (44 - 88)}
    check_consistent(res)


def test_d_168_beats_simple_16():
    """Digest 9.2 d_168_beats_simple_16 (A5)."""
    rnd = three("X", "Y", "Z", [], captures=deal({"X": 171, "Y": 51, "Z": 42},
                                                 chaff={"Y": 16}))
    res = score(rnd)
    assert totals(res) == {"X": 260, "Y": -130, "Z": -130}
    assert res.winner == "X"


def test_d_simple_16_wins_without_top_tcv():
    """Digest 9.2 d_simple_16_wins_without_top_tcv."""
    rnd = three("X", "Y", "Z", [], captures=deal({"X": 73, "Y": 110, "Z": 81},
                                                 chaff={"X": 18}))
    res = score(rnd)
    assert totals(res) == {"X": 320, "Y": -160, "Z": -160}
    assert res.winner == "X"


def test_d_89_plus_chaff():
    """Digest 9.2 d_89_plus_chaff."""
    rnd = three("X", "Y", "Z", [claim("X", SEVEN_CHAFF_3PAIRS, ["chaff_seven_chaff"])],
                captures=deal({"X": 95, "Y": 90, "Z": 79}))
    res = score(rnd)
    assert totals(res) == {"X": 107, "Y": -48, "Z": -59}
    assert res.winner == "X"


def blind_round(tcv):
    return {"players": ["A", "B", "C", "D"], "dealer": "A", "field_multiplier": 1,
            "events": [{"type": "play_decision", "player": "B", "choice": "play"},
                       {"type": "play_decision", "player": "C", "choice": "play"},
                       {"type": "play_decision", "player": "D", "choice": "forced_out"}],
            "captures": deal(tcv)}


def test_d_blind_stay():
    """Digest 9.2 d_blind_stay (drop_out_dealer on; A stayed)."""
    res = score(blind_round({"A": 92, "B": 90, "C": 82}), options={"drop_out_dealer": True})
    assert totals(res) == {"A": 34, "B": -8, "C": -16, "D": -10}
    assert res.winner == "A"
    check_consistent(res)


def test_d_failed_blind_stay():
    """Digest 9.2 d_failed_blind_stay."""
    res = score(blind_round({"A": 80, "B": 100, "C": 84}), options={"drop_out_dealer": True})
    assert totals(res) == {"A": -28, "B": 22, "C": 6, "D": 0}
    assert res.winner == "B"


def test_blind_stay_needs_the_variation():
    """Section 5.5: Blind Stay applies only with drop_out_dealer (d_blind_stay without it:
    card points only, A +4, B +2, C -6)."""
    res = score(blind_round({"A": 92, "B": 90, "C": 82}))
    assert totals(res) == {"A": 4, "B": 2, "C": -6, "D": 0}


def test_d_alt_two_player_on_ex1():
    """Digest 9.2 d_alt_two_player_on_ex1 (A3: zero-sum alternative)."""
    res = score(ex1_round(), options={"alternate_two_player_scoring": True})
    assert totals(res) == {"A": 76, "B": -76}
    assert res.winner == "A"
    assert res.net() == totals(res)


def test_d_pass_penalties_six_seated():
    """Digest 9.2 d_pass_penalties_six_seated: A 20, B 30, D 40; 90 to the round winner."""
    caps = deal({"C": 100, "E": 90, "F": 74})
    rnd = {"players": ["A", "B", "C", "D", "E", "F"], "dealer": "F", "field_multiplier": 2,
           "events": [{"type": "play_decision", "player": p, "choice": ch}
                      for p, ch in (("A", "pass"), ("B", "pass"), ("C", "play"),
                                    ("D", "pass"))],
           "captures": caps}
    res = score(rnd)
    assert pays(res, "pass penalty") == [("A", "C", 20), ("B", "C", 30), ("D", "C", 40)]
    assert res.winner == "C"
    assert res.player("E").extra["status"] == "forced in"
    check_consistent(res)


def test_d_responsibility_penalty():
    """Digest 9.2 d_responsibility_penalty: Z pays everything; seed p.97 says "an opponent"
    capturing "on their next turn", so Y need not sit right after Z."""
    ev = [{"type": "responsibility", "player": "Z", "completer": "Y", "yaku": "poetry_ribbons",
           "had_choice": True}, call("Y", "end", ["poetry_ribbons"], 70)]
    rnd = three("X", "Y", "Z", ev, captures={"X": [], "Y": POETRY_PILE, "Z": []})
    res = score(rnd, options={"responsibility_penalty": True})
    assert totals(res) == {"X": 0, "Y": 140, "Z": -140}
    # no choice (seed: "does not apply if the player had no choice"): the normal 70 each
    ev[0]["had_choice"] = False
    res = score(rnd, options={"responsibility_penalty": True})
    assert totals(res) == {"X": -70, "Y": 140, "Z": -70}


# ======================================================================================
# Section 10 readings and the other variations
# ======================================================================================

def test_a4_tie_for_highest_tcv():
    """Digest A4: the dealer wins a tie if tied, else the first tied in turn order after the
    dealer; ``tie_winner`` overrides."""
    caps = deal({"X": 100, "Y": 100, "Z": 64})
    base = {"players": ["X", "Y", "Z"], "field_multiplier": 1, "captures": caps}
    assert score({**base, "dealer": "Y"}).winner == "Y"
    assert score({**base, "dealer": "Z"}).winner == "X"
    assert score({**base, "dealer": "X"}).winner == "X"
    assert score({**base, "dealer": "X", "tie_winner": "Y"}).winner == "Y"
    with pytest.raises(TallyError, match="not among the tied") as e:
        score({**base, "dealer": "X", "tie_winner": "Z"})
    assert e.value.player == "Z"


def test_a8a_rainman_compensation():
    """Digest A8a: the rainman earns 3 as a bright (REC); off, it earns nothing."""
    hand = ["willow-rainman", "pine-chaff-1", "plum-chaff-1", "cherry-chaff-1",
            "iris-chaff-1", "maple-chaff-1", "clover-ribbon"]
    rnd = comp_round(hand, cards=["willow-rainman"], hand_combos=[])
    assert score(rnd).player("D").extra["compensation"]["base"] == 3
    assert score(rnd, options={"rainman_compensation": False}).player("D").extra[
        "compensation"]["base"] == 0


def test_a8a_rainman_inside_chaff_combo_earns_nothing_extra():
    """Digest A8a: used inside a claimed chaff combo, the rainman earns no 3 points: Any 7
    Chaffs gives 40/2 = 20."""
    hand = ["willow-rainman", "pine-chaff-1", "plum-chaff-1", "cherry-chaff-1",
            "iris-chaff-1", "maple-chaff-1", "clover-chaff-1"]
    assert score(comp_round(hand)).player("D").extra["compensation"]["base"] == 20


@pytest.mark.parametrize("opts, base", [
    ({}, 35),  # half of held 3 Poetry Ribbons (70)
    ({"worthless_yaku": True}, 9),  # A8b: the three cards fall back to 3 each
    ({"worthless_yaku": True, "worthless_yaku_card_fallback": False}, 0),
    ({"less_compensation": True, "worthless_yaku": True}, 6),  # 2 per card
])
def test_a8b_worthless_yaku(opts, base):
    """Section 3.5 / A8b: held yaku at half value; worthless_yaku; less_compensation."""
    hand = ["pine-poetry", "plum-poetry", "cherry-poetry", "iris-chaff-1", "maple-chaff-1",
            "clover-chaff-1", "wisteria-cuckoo"]
    rnd = comp_round(hand, cards=["pine-poetry", "plum-poetry", "cherry-poetry"])
    assert score(rnd, options=opts).player("D").extra["compensation"]["base"] == base


def test_a9_aka_two_or_more_ribbons_gk():
    """Digest A9: 3 ribbons + 4 chaff is no chaff combo in the book (d_hand_three_ribbons_...);
    the [GK] option accepts it as Any 2 Ribbons & Any 5 Chaffs (20)."""
    hand = ["pine-poetry", "plum-poetry", "wisteria-ribbon", "pine-chaff-1", "peony-chaff-1",
            "maple-chaff-1", "clover-chaff-1"]
    caps = deal({"A": 80, "B": 95, "C": 89})
    assert teyaku(score({**hand_round(hand), "captures": caps})) == {}
    res = score({**hand_round(hand), "captures": caps},
                options={"aka_two_or_more_ribbons": True})
    assert teyaku(res) == {"chaff_two_ribbons_five_chaff": 20}
    assert score({**hand_round(hand), "captures": caps}, preset="gk_traditional") \
        .player("B").extra["teyaku"][0]["id"] == "chaff_two_ribbons_five_chaff"


def test_gk_dealer_pays_compensation():
    """Section 11 [GK] (never the default): the dealer shares the compensation."""
    hand = ["pine-crane", "pine-poetry", "pine-chaff-1", "plum-poetry", "peony-blue",
            "maple-chaff-1", "iris-chaff-1"]
    res = score(comp_round(hand), options={"dealer_pays_compensation": True})
    assert pays(res, "compensation") == [("A", "D", 16), ("B", "D", 16), ("C", "D", 16)]


@pytest.mark.parametrize("opts, value", [({}, 120), ({"simple_16_yaku_extra_chaff": True},
                                                      120 + 20 * 2)])
def test_a16_simple_16_yaku(opts, value):
    """Section 8 simple_16_yaku + A16: a flat 120 yaku (REC) or +20 per extra chaff; willow
    cards may count as chaff for it (B p.97)."""
    pile = [c.slug for c in FLOWER_CARDS if c.kind == "chaff"][:15] + [
        "willow-rainman", "willow-swallow", "willow-ribbon"]
    e = tally.evaluate(G, pile, options={"simple_16_yaku": True, **opts})
    assert [h.id for h in e.yaku] == ["simple_16_yaku"] and e.points == value
    assert e.choices
    assert tally.evaluate(G, pile).points == 0  # not a yaku without the variation


def test_a22_achievements_in_yaku_rounds():
    """Digest A22: 89 Plus Chaff applies in a yaku round by default; off, it does not."""
    rnd = GAMES[G].round_example
    caps = dict(rnd["captures"])
    caps["A"] = caps["A"] + ["plum-warbler", "wisteria-cuckoo", "iris-ribbon",
                             "peony-butterflies", "maple-deer", "chrysanthemum-sake",
                             "pampas-geese", "willow-rainman"]  # A's TCV becomes 89
    rnd = {**rnd, "captures": caps}
    assert tally.evaluate(G, caps["A"]).details["card_points"] == 89
    res = score(rnd)
    assert pays(res, "89 Plus") == [("B", "A", 20), ("C", "A", 20)]
    res = score(rnd, options={"achievements_in_yaku_rounds": False})
    assert pays(res, "89 Plus") == []


def test_a26_two_immediate_wins():
    """Digest A26 (four_and_three): everyone's teyaku score; the larger claim wins, a tie goes
    to the first claimant in turn order from the dealer."""
    b = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler",
         "plum-poetry", "plum-chaff-1"]
    c = ["cherry-curtain", "cherry-poetry", "cherry-chaff-1", "cherry-chaff-2",
         "iris-bridge", "iris-ribbon", "iris-chaff-1"]
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
           "events": [claim("B", b), claim("C", c)]}
    res = score(rnd, options={"four_and_three": True})
    assert res.winner == "B"
    assert totals(res) == {"A": -400, "B": 200, "C": 200}
    assert score({**rnd, "dealer": "C"}, options={"four_and_three": True}).winner == "C"


def test_a14_dealer_drop_out():
    """Digest A14: the dealer drops before the deal (no penalty), the next player deals and
    stays blind; the dropped dealer still pays Blind Stay."""
    caps = deal({"B": 92, "C": 90, "D": 82})
    rnd = {"players": ["A", "B", "C", "D", "E"], "dealer": "A", "field_multiplier": 1,
           "events": [{"type": "dealer_drop_out", "player": "A"},
                      {"type": "play_decision", "player": "C", "choice": "play"},
                      {"type": "play_decision", "player": "D", "choice": "play"}],
           "captures": caps}
    res = score(rnd, options={"drop_out_dealer": True})
    assert res.player("A").extra["status"] == "dropped dealer"
    assert res.player("E").extra["status"] == "forced out"
    assert pays(res, "Blind Stay") == [("A", "B", 10), ("C", "B", 10), ("D", "B", 10),
                                       ("E", "B", 10)]


def test_a17_joker_dealer_seven_seated():
    """Section 3.3 / A17: 7 seated, the dealer holds the joker and sits out (no compensation,
    no penalty); the next player deals and must play."""
    caps = deal({"B": 100, "C": 90, "D": 74})
    rnd = {"players": list("ABCDEFG"), "dealer": "A", "joker_holder": "A",
           "field": ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "iris-chaff-1",
                     "peony-chaff-1", "maple-chaff-1"],
           "events": [{"type": "play_decision", "player": "C", "choice": "play"},
                      {"type": "play_decision", "player": "D", "choice": "play"}],
           "captures": caps}
    res = score(rnd)
    assert res.player("A").extra["status"] == "joker"
    assert {p for p in "EFG" if res.player(p).extra["status"] == "forced out"} == set("EFG")
    assert totals(res) == {"A": 0, "B": 12, "C": 2, "D": -14, "E": 0, "F": 0, "G": 0}


def test_trade_dealers_hand():
    """Section 5.5 dealers_hand (trade on): the last trader with TCV >= 89 takes 10 from every
    other seated player."""
    caps = deal({"A": 80, "B": 100, "C": 84})
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "A", "field_multiplier": 1,
           "events": [{"type": "trade", "player": "C"}, {"type": "trade", "player": "B"},
                      {"type": "play_decision", "player": "B", "choice": "play"},
                      {"type": "play_decision", "player": "C", "choice": "play"}],
           "captures": caps}
    res = score(rnd, options={"trade": True})
    assert pays(res, "Dealer's Hand") == [("A", "B", 10), ("C", "B", 10), ("D", "B", 10)]


def test_a12_carry_lost_after_last_round():
    """Digest A12: a carry still pending after the last round is dropped."""
    rnd = ex3_round()
    del rnd["field_multiplier"]
    rnd["field_brights"] = ["paulownia-phoenix", "pine-crane"]
    res = score({**rnd, "last_round": True}, options={"carryover_multiplier": True})
    assert res.carry == {} and res.player("A").steps[-1].value == 4


def test_campaign_bonus():
    """Section 8 campaign: 10 x the number of players per game won (B p.97)."""
    from tally.games.hachi_hachi import campaign_bonus
    assert campaign_bonus(5) == 50


def test_error_responsibility_yaku_not_captured():
    ev = [{"type": "responsibility", "player": "Z", "completer": "Y", "yaku": "purple_ribbons"},
          call("Y", "end", ["poetry_ribbons"], 70)]
    rnd = three("X", "Y", "Z", ev, captures={"X": [], "Y": POETRY_PILE, "Z": []})
    with pytest.raises(TallyError, match="do not hold 3 Purple Ribbons") as e:
        score(rnd, options={"responsibility_penalty": True})
    assert e.value.player == "Y"


def test_misdeal_field_four_of_a_month():
    """Section 3.7: all four cards of a month in the field: re-deal, same dealer, no score."""
    rnd = ex3_round()
    rnd["field"] = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2",
                    "plum-chaff-1", "iris-chaff-1"]
    del rnd["field_multiplier"]
    res = score(rnd)
    assert res.payments == () and res.winner is None and res.next_dealer == "A"
    assert "misdeal" in res.notes[0]


def test_field_from_cards():
    """Section 3.8: the highest applicable multiplier (pine x2 + willow x4 -> x4)."""
    rnd = ex3_round()
    del rnd["field_multiplier"]
    rnd["field"] = ["pine-crane", "willow-rainman", "plum-chaff-1", "iris-chaff-2",
                    "peony-chaff-2", "clover-chaff-2"]
    res = score(rnd)
    assert res.player("A").steps[-1].value == 4
    assert totals(res) == {"A": -88 * 4, "B": -38 * 4, "C": 126 * 4}


def test_boar_deer_butterfly():
    """Section 8 boar_deer_butterfly: a 70-point yaku only with the variation."""
    pile = ["clover-boar", "maple-deer", "peony-butterflies"]
    assert tally.evaluate(G, pile).points == 0
    assert tally.evaluate(G, pile, options={"boar_deer_butterfly": True}).points == 70


def test_game_metadata():
    g = GAMES[G]
    ids = {o.id for o in g.options}
    for o in ("pass_penalty", "drop_out_dealer", "trade", "hidden_field", "open_hand",
              "multiple_multiplier", "carryover_multiplier", "four_and_three", "winning_hand",
              "no_extra_ribbons", "boar_deer_butterfly", "alternate_two_player_scoring",
              "less_compensation", "worthless_yaku", "risk", "responsibility_penalty",
              "simple_16_yaku", "campaign", "rounds_per_game"):
        assert o in ids
    assert g.default_preset == "book"
    assert dict(g.rules()) == dict(g.rules("book"))
    with pytest.raises(TallyError, match="cannot both"):
        g.rules(None, {"multiple_multiplier": True, "carryover_multiplier": True})
    assert len([y for y in g.yaku if y.kind == "hand"]) == 18


# ======================================================================================
# Errors
# ======================================================================================

def test_error_unknown_slug_and_duplicates():
    with pytest.raises(TallyError, match="unknown card 'pine-cran'") as e:
        tally.evaluate(G, ["pine-cran"])
    assert e.value.card == "pine-cran"
    with pytest.raises(TallyError, match="not in the Hachi-Hachi .Eighty-Eight. deck"):
        tally.evaluate(G, ["joker-a"])
    rnd = ex3_round()
    rnd["captures"]["B"] = rnd["captures"]["B"] + [rnd["captures"]["A"][0]]
    with pytest.raises(TallyError, match="is in both .*A.*B.*captured cards") as e:
        score(rnd)
    assert e.value.player == "B"


def test_error_card_total_not_264():
    rnd = ex3_round()
    gone = rnd["captures"]["C"].pop()
    with pytest.raises(TallyError, match="not 264") as e:
        score(rnd)
    assert e.value.card == gone


@pytest.mark.parametrize("players", [["A"], list("ABCDEFGH")])
def test_error_player_counts(players):
    with pytest.raises(TallyError, match="2-7 players"):
        score({"players": players, "dealer": "A", "field_multiplier": 1, "captures": {}})


def _with_events(rnd, events):
    return {**rnd, "events": events}


@pytest.mark.parametrize("events, needle, who", [
    ([{"type": "cancel_call", "player": "X"}], "cannot Cancel without", "X"),
    ([call("Z", "end")], "captures hold no yaku", "Z"),
    ([call("X", "end", ["purple_ribbons"])], "do not hold it", "X"),
    ([call("X", "end", tyv=100)], "does not match", "X"),
    ([call("X", "continue", tyv=70), call("X", "end", tyv=70)], "more points", "X"),
    ([call("X", "end"), call("Y", "end")], "already ended", "Y"),
    ([call("X", "stop")], "must be Continue or End", "X"),
    ([{"type": "sell", "player": "Y"}], "no way to sell", None),
    ([call("X", "end"), claim("Y", ["iris-chaff-1"])], "out of order", None),
])
def test_error_impossible_calls(events, needle, who):
    rnd = three("X", "Y", "Z", events, captures={"X": POETRY_PILE, "Y": [], "Z": []})
    with pytest.raises(TallyError, match=needle) as e:
        score(rnd)
    if who:
        assert e.value.player == who


def test_error_yaku_without_call():
    rnd = three("X", "Y", "Z", [], captures={"X": POETRY_PILE, "Y": [], "Z": []})
    with pytest.raises(TallyError, match="3 Poetry Ribbons but no Continue/End") as e:
        score(rnd)
    assert e.value.player == "X"


@pytest.mark.parametrize("events, needle, who", [
    ([{"type": "play_decision", "player": "C", "choice": "play"}], "out of turn", "C"),
    ([{"type": "play_decision", "player": "B", "choice": "maybe"}], "must choose play or pass", "B"),
    ([], "\"Play decision\" of 'B' is missing", "B"),
    ([{"type": "play_decision", "player": "B", "choice": "play"},
      {"type": "play_decision", "player": "C", "choice": "play"},
      {"type": "play_decision", "player": "D", "choice": "play"}], "had no choice", "D"),
    ([{"type": "play_decision", "player": "B", "choice": "pass"},
      {"type": "compensation_claim", "player": "B", "cards": ["pine-crane"]}],
     "passed voluntarily", "B"),
    ([{"type": "play_decision", "player": "B", "choice": "play"},
      {"type": "play_decision", "player": "C", "choice": "play"},
      claim("D", ["pine-crane", "pine-poetry", "pine-chaff-1"])], "not playing", "D"),
    ([{"type": "trade", "player": "B"}], "needs the house rule \"Blind trades", None),
    ([{"type": "dealer_drop_out", "player": "A"}], "needs the house rule \"Before the deal the dealer may drop out", None),
])
def test_error_impossible_setup(events, needle, who):
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "A", "field_multiplier": 1,
           "events": events, "captures": deal({"A": 88, "B": 88, "C": 88})}
    with pytest.raises(TallyError, match=needle) as e:
        score(rnd)
    if who:
        assert e.value.player == who


@pytest.mark.parametrize("ev, needle, rule", [
    (claim("B", ["pine-crane", "pine-poetry", "plum-chaff-1"], ["suit_three_of_a_kind"]),
     "do not make Any 3 of a Kind", "suit_three_of_a_kind"),
    (claim("B", SEVEN_CHAFF_3PAIRS, ["chaff_seven_chaff", "chaff_one_ten_six_chaff"]),
     "at most one chaff combo", None),
    (claim("B", SEVEN_CHAFF_3PAIRS, ["suit_nine"]), "unknown hand combination", "suit_nine"),
    (claim("B", SEVEN_CHAFF_3PAIRS[:6], ["chaff_seven_chaff"]), "do not make Any 7 Chaffs",
     "chaff_seven_chaff"),
])
def test_error_unsupported_teyaku(ev, needle, rule):
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1, "events": [ev],
           "captures": deal({"A": 88, "B": 88, "C": 88})}
    with pytest.raises(TallyError, match=needle) as e:
        score(rnd)
    if rule:
        assert e.value.rule == rule


def test_error_chaff_claim_must_show_every_chaff():
    """Section 3.9: a chaff combo claim shows every chaff of the (known) hand."""
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
           "hands": {"B": SEVEN_CHAFF_3PAIRS},
           "events": [claim("B", SEVEN_CHAFF_3PAIRS[:5], ["chaff_seven_chaff"])],
           "captures": deal({"A": 88, "B": 88, "C": 88})}
    with pytest.raises(TallyError, match="shows every chaff"):
        score(rnd)


@pytest.mark.parametrize("patch, needle, field", [
    ({"field_multiplier": 3}, "the field multiplier must be", "field_multiplier"),
    ({"field_multiplier": None, "field": ["pine-crane"]}, "6 cards", "field"),
    ({"field_multiplier": None}, "give the opening field", "field"),
    ({"carry": {"carry_multiplier": 2}}, "needs the house rule \"Several field brights: the highest",
     "carry.carry_multiplier"),
    ({"joker_holder": "A"}, "only used when 7", "joker_holder"),
    ({"round_end": "end"}, "does not match the calls", "round_end"),
    ({"dealer": "Q"}, "not one of the players", "dealer"),
])
def test_error_round_keys(patch, needle, field):
    rnd = {**ex3_round(), **patch}
    rnd = {k: v for k, v in rnd.items() if v is not None}
    with pytest.raises(TallyError, match=needle) as e:
        score(rnd)
    assert e.value.field == field


def test_error_captures_by_player_sitting_out():
    rnd = ex5_round()
    rnd["captures"]["A"] = [rnd["captures"]["B"].pop()]
    with pytest.raises(TallyError, match="not playing this round") as e:
        score(rnd)
    assert e.value.player == "A"


# ======================================================================================
# Properties
# ======================================================================================

@st.composite
def complete_rounds(draw):
    """A random complete 3-active round: every card captured; a Continue call for each
    player whose pile holds a yaku (so the round ran out as a yaku round)."""
    owners = draw(st.lists(st.sampled_from("XYZ"), min_size=48, max_size=48))
    caps = {p: [s for s, o in zip(ALL, owners) if o == p] for p in "XYZ"}
    events = []
    for p in "XYZ":
        if tally.evaluate(G, caps[p]).points:
            events.append(call(p, "continue"))
    fm = draw(st.sampled_from([1, 2, 4]))
    dealer = draw(st.sampled_from("XYZ"))
    return {"players": ["X", "Y", "Z"], "dealer": dealer, "field_multiplier": fm,
            "events": events, "captures": caps}


@settings(max_examples=150, deadline=None)
@given(complete_rounds(), st.randoms(use_true_random=False))
def test_property_complete_round(rnd, rng):
    """Card total 264; zero-sum; payments settle the points; card order never matters."""
    assert sum(tally.evaluate(G, v).details["card_points"]
               for v in rnd["captures"].values()) == 264
    res = score(rnd)
    check_consistent(res)
    shuffled = {p: rng.sample(v, len(v)) for p, v in rnd["captures"].items()}
    assert score({**rnd, "captures": shuffled}).to_dict() == res.to_dict()


@settings(max_examples=100, deadline=None)
@given(st.sets(st.sampled_from(ALL), max_size=30), st.randoms(use_true_random=False))
def test_property_evaluate_order_and_value(pile, rng):
    pile = sorted(pile)
    e = tally.evaluate(G, pile)
    assert e.details["card_points"] == value(pile)
    assert tally.evaluate(G, rng.sample(pile, len(pile))) == e
    assert e.points == sum(h.points for h in e.yaku)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from("BCD"), min_size=48, max_size=48),
       st.sampled_from(["pass", "play"]), st.sampled_from([1, 2, 4]))
def test_property_four_seated_zero_sum(owners, first, fm):
    """Four seated with a pass or a forced-out player claiming compensation: zero-sum."""
    caps = {p: [s for s, o in zip(ALL, owners) if o == p] for p in "BCD"}
    if first == "pass":
        dec = [{"type": "play_decision", "player": "A", "choice": "pass"}]
    else:
        dec = [{"type": "play_decision", "player": "A", "choice": "play"},
               {"type": "play_decision", "player": "B", "choice": "play"}]
        caps = {"A": caps["C"], "B": caps["B"], "D": caps["D"]}
        dec.append({"type": "compensation_claim", "player": "C",
                    "cards": ["pine-crane", "pine-poetry", "pine-chaff-1", "plum-poetry"]})
    events = dec + [call(p, "continue") for p in caps if tally.evaluate(G, caps[p]).points]
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "D", "field_multiplier": fm,
           "events": events, "captures": caps}
    res = score(rnd)
    check_consistent(res)


# ======================================================================================
# More section 10 readings
# ======================================================================================

def test_a7_captured_suit_never_for_pairs_or_quads():
    """Digest A7 / B p.91: only combos holding a triple qualify; Any 3 Pairs has none and the
    quad combos are excluded, even when every shown card is captured."""
    pairs = ["pine-crane", "pine-poetry", "plum-warbler", "plum-poetry", "iris-bridge",
             "iris-ribbon", "maple-deer"]
    quad = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "maple-deer",
            "iris-bridge", "plum-warbler"]
    for hand, combo in ((pairs, "suit_three_pairs"), (quad, "suit_four_of_a_kind")):
        caps = deal({"A": 80, "B": 100, "C": 84}, fixed={"B": hand})
        rnd = {**hand_round(hand), "captures": caps}
        res = score(rnd)
        assert teyaku(res) == {combo: SUIT_POINTS[combo]}
        assert pays(res, "Captured Suit") == []


SUIT_POINTS = {"suit_three_pairs": 40, "suit_four_of_a_kind": 60}


def test_a11_responsibility_only_when_completer_ends():
    """Digest A11: the completer calls Continue (not End) on that turn: no penalty; Y's later
    Cancel collects half from each (section 5.4)."""
    ev = [{"type": "responsibility", "player": "Z", "completer": "Y", "yaku": "poetry_ribbons"},
          call("Y", "continue", ["poetry_ribbons"], 70), {"type": "cancel_call", "player": "Y"}]
    rnd = three("X", "Y", "Z", ev, captures={"X": [], "Y": POETRY_PILE, "Z": []})
    res = score(rnd, options={"responsibility_penalty": True})
    assert totals(res) == {"X": -35, "Y": 70, "Z": -35}


def test_a15_last_trader_sitting_out_earns_nothing():
    """Digest A15: a last trader who then sits out cannot earn Dealer's Hand."""
    caps = deal({"A": 80, "B": 100, "C": 84})
    rnd = {"players": ["A", "B", "C", "D"], "dealer": "A", "field_multiplier": 1,
           "events": [{"type": "trade", "player": "D"},
                      {"type": "play_decision", "player": "B", "choice": "play"},
                      {"type": "play_decision", "player": "C", "choice": "play"}],
           "captures": caps}
    res = score(rnd, options={"trade": True})
    assert pays(res, "Dealer's Hand") == []
    with pytest.raises(TallyError, match="already traded once"):
        score({**rnd, "events": [{"type": "trade", "player": "D"},
                                 {"type": "trade", "player": "D"}] + rnd["events"][1:]},
              options={"trade": True})


def test_a19_quad_is_not_a_triple():
    """Digest A19: with the hand known, three cards of a held quad are no triple."""
    hand = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "maple-deer",
            "iris-bridge", "plum-warbler"]
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
           "hands": {"B": hand},
           "events": [claim("B", hand[:3], ["suit_three_of_a_kind"])],
           "captures": deal({"A": 80, "B": 100, "C": 84})}
    with pytest.raises(TallyError, match="do not make Any 3 of a Kind"):
        score(rnd)


def test_a20_lesser_claim_accepted():
    """Digest A20: a lesser combo the cards support may be claimed (3 + 3 shown, 20 claimed)."""
    hand = ["pine-crane", "pine-poetry", "pine-chaff-1", "plum-warbler", "plum-poetry",
            "plum-chaff-1", "maple-deer"]
    rnd = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
           "hands": {"B": hand}, "events": [claim("B", hand[:6], ["suit_three_of_a_kind"])],
           "captures": deal({"A": 80, "B": 100, "C": 84})}
    res = score(rnd)
    assert teyaku(res) == {"suit_three_of_a_kind": 20}
    assert res.player("B").extra["teyaku_available"] == ["suit_two_three_of_a_kind"]


def test_a25_boar_deer_butterfly_held_yaku():
    """Digest A25: a forced-out hand holding Boar, Deer, Butterfly claims half (35)."""
    hand = ["clover-boar", "maple-deer", "peony-butterflies", "iris-chaff-1", "pine-chaff-1",
            "plum-chaff-1", "cherry-chaff-1"]
    rnd = comp_round(hand, cards=hand[:3])
    assert score(rnd, options={"boar_deer_butterfly": True}).player("D").extra[
        "compensation"]["base"] == 35
    assert score(rnd).player("D").extra["compensation"]["base"] == 0


def test_a27_seven_seated_dealer_dropped_no_joker():
    """Digest A14 / A27: 7 seated with the dealer dropped is dealt as 6: no joker holder."""
    rnd = {"players": list("ABCDEFG"), "dealer": "A", "field_multiplier": 1,
           "joker_holder": "C",
           "events": [{"type": "dealer_drop_out", "player": "A"}],
           "captures": deal({"B": 100, "C": 90, "D": 74})}
    with pytest.raises(TallyError, match="only used when 7 players are dealt in, not 6"):
        score(rnd, options={"drop_out_dealer": True})


def test_default_claim_never_guesses_hidden_cards():
    """Section 3.9 (audit row 4): six chaffs shown without the 7th card do not tell which
    6-chaff combo it is; the default claims none, a named combo is accepted."""
    six = SEVEN_CHAFF_3PAIRS[:6]
    base = {"players": ["A", "B", "C"], "dealer": "A", "field_multiplier": 1,
            "captures": deal({"A": 80, "B": 100, "C": 84})}
    res = score({**base, "events": [claim("B", six)]})
    assert "chaff_one_bright_six_chaff" not in teyaku(res)
    res = score({**base, "events": [claim("B", six, ["chaff_one_ten_six_chaff"])]})
    assert teyaku(res) == {"chaff_one_ten_six_chaff": 30}


def test_breakdown_sentences_carry_their_templates():
    """Every step and payment of the documented example round says its reason through a
    template (tally.results.said) that its params fill in to the English text, so the pages
    can translate it; the round's notes do too."""
    from tally.results import Said

    res = tally.score_round(G, GAMES[G].round_example)
    d = res.to_dict()
    items = [s for p in d["players"] for s in p["steps"]] + d["payments"]
    assert items
    for item in items:
        assert item["template"].format(**in_words(item["params"])) == item["reason"], item
    steps = {s["id"] for p in d["players"] for s in p["steps"]}
    assert {"compensation", "hand_combination", "yaku", "field_multiplier"} <= steps
    b = next(s for s in d["players"][1]["steps"] if s["id"] == "yaku")
    assert b["template"] == "yaku of {player} (End): {yaku} (from {payer})"
    assert b["params"]["player"] == "B"
    for note in res.notes:
        assert isinstance(note, Said) and note.template.format(**in_words(note.params)) == note


@pytest.mark.parametrize("value", [["small_field"], {"x": 1}, "huge_field", 3.5])
def test_a_field_multiplier_of_the_wrong_kind_is_a_tally_error(value):
    """A list or an object as field_multiplier is named as bad input (it used to raise a
    TypeError from the dictionary look-up)."""
    rnd = dict(tally.get_game("hachi-hachi").round_example)
    rnd.pop("field", None)
    rnd.pop("field_brights", None)
    rnd["field_multiplier"] = value
    with pytest.raises(tally.TallyError) as e:
        tally.score_round("hachi-hachi", rnd)
    assert e.value.field == "field_multiplier"
