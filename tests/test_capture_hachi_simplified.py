"""Hachi (Simplified): shared/rules/hachi-simplified.md (seed 002, chapter 19, lines
4519-4681; Quick Reference Chart lines 9275-9395)."""

import re

import pytest

import tally
from tally.cards import CARD, FULL_DECK
from tally.games._capture import value_of

import _capture_helpers as H
from _capture_helpers import HACHI_DECK as DECK, hachi_round as rnd, totals_round

G = "hachi-simplified"
GAME = tally.get_game(G)


def score(r, **kw):
    return tally.score_round(G, r, **kw)


def digest_section(shared, n):
    return H.digest_section(shared, G, n)


# --------------------------------------------------------------------------------------------
# Tables

def test_yaku_are_the_digests(shared):
    """Section 4: 20 yaku, each row's cards and points exactly as the digest lists them."""
    want = {}
    for line in digest_section(shared, 4).splitlines():
        cols = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cols) == 5 and cols[0].startswith("`"):
            want[cols[0].strip("`")] = (set(re.findall(r"`([a-z0-9-]+)`", cols[3])),
                                        int(cols[4]))
    got = {y.id: (set(y.cards), int(y.points)) for y in GAME.yaku
           if y.id not in ("den", "poetry_den")}  # FudaWiki's list only (section 8)
    assert len(want) == 20 and got == want


def test_capture_chart_is_the_digests(shared):
    """Section 3 (Figure 19.1): each month captures the three following months."""
    from tally.games.hachi_simplified import CHART
    want = {}
    for line in digest_section(shared, 3).splitlines():
        m = re.match(r"\| (\d+) [a-z]+ \| ([\d, ]+) \|", line.strip())
        if m:
            want[int(m.group(1))] = tuple(int(x) for x in m.group(2).split(","))
    assert len(want) == 12 and CHART == want


def test_card_values_ribbons_1_others_10():
    """Section 2: every ribbon 1, every other card 10; the full deck is worth 390."""
    c = GAME.compiled()
    for s in DECK:
        assert value_of(CARD[s].bit, c.values) == (1 if CARD[s].kind == "ribbon" else 10), s
    assert value_of(FULL_DECK, c.values) == 390


# --------------------------------------------------------------------------------------------
# Section 9

def test_hs_e1_book_example_two_rounds():
    """HS-E1 (p. 107, seed 4676-4681): round 1 153 v 133 (A by exactly 20); round 2 131 + 20
    = 151 v 106 + 10 + 10 = 126 (A by 25): A wins the game after round 2."""
    r1 = score(totals_round(153, 133))
    assert (r1.player("A").points, r1.player("B").points) == (153, 133)
    assert r1.winner == "A" and r1.next_dealer == "A"
    assert r1.carry["streak"] == {"player": "A", "count": 1}
    assert "game_over" not in r1.carry
    r2 = score(totals_round(131, 106, ["poetry_one_two_three"],
                            ["five_six_ten", "three_five_six"], r1.carry))
    a, b = r2.player("A"), r2.player("B")
    assert (a.base_points, a.points, b.base_points, b.points) == (131, 151, 106, 126)
    assert r2.winner == "A"
    assert r2.carry["game_over"] is True and r2.carry["game_winner"] == "A"
    # HS2: 131 with the three poetry ribbons is impossible: a warning, scored as given
    assert any(n.startswith("warning: A's card total 131") for n in r2.notes)
    assert not any(n.startswith("warning: B") for n in r2.notes)


def test_hsd1_two_plain_yaku():
    """HSD1: curtain, bridge, butterflies, deer: cards 40 + three_five_six 10 + five_six_ten
    10 = 60."""
    e = tally.evaluate(G, ["cherry-curtain", "iris-bridge", "peony-butterflies", "maple-deer"])
    assert e.details["card_value"] == 40
    assert {y.id for y in e.yaku} == {"three_five_six", "five_six_ten"} and e.points == 60


def test_hsd2_poetry_one_two_three():
    """HSD2: the three poetry ribbons: cards 3 + 20 = 23."""
    e = tally.evaluate(G, ["pine-poetry", "plum-poetry", "cherry-poetry"])
    assert e.details["card_value"] == 3 and e.points == 23


def test_hsd3_stand_in_cards():
    """HSD3: paulownia-chaff-colored, wisteria-ribbon, willow-ribbon, pampas-geese: 10 + 1 +
    1 + 10 = 22 + 20 + 20 = 62 (the stand-ins keep their value of 10)."""
    e = tally.evaluate(G, ["paulownia-chaff-colored", "wisteria-ribbon", "willow-ribbon",
                           "pampas-geese"])
    assert e.details["card_value"] == 22
    assert {y.id for y in e.yaku} == {"poetry_twelve_four_eleven", "poetry_eight_four_eleven"}
    assert e.points == 62


def _chain(pairs, carry=None):
    return H.chain(G, pairs, carry)


def test_hsd4_streak_needs_two_consecutive_wins_by_20():
    """HSD4: A wins by 25, 19, 30, 20: the game ends after the 4th round."""
    rs = _chain([(125, 100), (119, 100), (130, 100), (120, 100)])
    assert [r.winner for r in rs] == ["A"] * 4
    assert [r.carry.get("game_over", False) for r in rs] == [False, False, False, True]
    assert rs[-1].carry["game_winner"] == "A"


def test_streak_is_broken_by_the_other_player():
    """Section 6: the two wins must be the same player's and consecutive."""
    rs = _chain([(125, 100), (100, 125), (125, 100), (125, 100)])
    assert [r.carry.get("game_over", False) for r in rs] == [False, False, False, True]
    assert rs[1].carry["streak"] == {"player": "B", "count": 1}


# --------------------------------------------------------------------------------------------
# Section 10

def test_hs1_plain_ten_seven_eight():
    """HS1: plain Ten Seven Eight = maple-deer, clover-boar, pampas-moon (10)."""
    e = tally.evaluate(G, ["maple-deer", "clover-boar", "pampas-moon"])
    assert [(y.id, y.points) for y in e.yaku] == [("ten_seven_eight", 10)] and e.points == 40


def test_hs3_hiki_and_the_chart_check():
    """HS3: a hiki of month m is taken by a card that may capture m (3 plum + a pine card);
    the chart check is a warning only: pine never takes pine in this version."""
    ok = score(rnd(["pine-crane", "plum-warbler", "plum-chaff-1", "plum-chaff-2"], []))
    assert not any(n.startswith("warning") for n in ok.notes)
    bad = score(rnd(["pine-crane", "pine-chaff-1"], []))
    assert any(n.startswith("warning: A's captures cannot be split") for n in bad.notes)
    assert bad.player("A").points == 20  # still scored


def test_hs4_tie_breaks_the_streak():
    """HS4: a tied round has no winner, the dealer deals again, and breaks any streak."""
    rs = _chain([(125, 100), (110, 110), (125, 100)])
    assert rs[1].winner is None and rs[1].next_dealer == "A"
    assert rs[1].carry["streak"] == {"player": None, "count": 0}
    assert "game_over" not in rs[2].carry
    r = score(totals_round(100, 100, dealer="B"))
    assert r.next_dealer == "B"


def test_hs5_poetry_means_ribbon():
    """HS5: Poetry Seven Five Three uses the clover and iris plain ribbons."""
    e = tally.evaluate(G, ["clover-ribbon", "iris-ribbon", "cherry-poetry"])
    assert [y.id for y in e.yaku] == ["poetry_seven_five_three"] and e.points == 23


def test_captured_round_scores_card_points_plus_yaku():
    """Section 5.2 on real piles: A: pine-poetry takes plum, ... (see round_example)."""
    r = score(GAME.round_example)
    assert (r.player("Aki").points, r.player("Bo").points) == (73 + 20, 91 + 10 + 10)
    assert r.winner == "Bo" and r.next_dealer == "Bo"
    assert r.carry["streak"] == {"player": None, "count": 0}  # by 18, under 20


# --------------------------------------------------------------------------------------------
# Errors

def test_errors_name_the_culprit():
    H.hachi_errors_name_the_culprit(G)


@pytest.mark.parametrize("totals, yaku, match, field", H.HACHI_BAD_TOTALS)
def test_bad_totals_are_named(totals, yaku, match, field):
    H.hachi_bad_totals_are_named(G, totals, yaku, match, field)


def test_misdeal_length_players_carry():
    """Section 3: the only misdeal is a field four (same dealer, nothing scored)."""
    H.hachi_misdeal_length_players_carry(G)


def test_settlement_options():
    """Section 6 chips (book p. VI): per point (difference) and a stake to the game winner."""
    H.hachi_settlement_options(G)


def test_registry_serves_options_and_presets():
    H.hachi_registry_serves_options_and_presets(G)


# --------------------------------------------------------------------------------------------
# Properties

test_properties = H.hachi_properties(G)


def test_hsd5_plain_ten_seven_eight_by_yaku_list():
    """HSD5 (section 9; section 8 house option hachi_yaku_list, HS1 "Resolved (2026-12)"):
    maple-deer, clover-boar, pampas-moon: cards 30; book: ten_seven_eight 10 -> 40;
    fudawiki: no yaku -> 30."""
    H.hachi_plain_ten_seven_eight(G)


def test_hsd6_den_by_yaku_list():
    """HSD6: warbler, rain man, phoenix, plum ribbon, willow ribbon, coloured paulownia
    chaff: cards 10+10+10+1+1+10 = 42; book: no yaku -> 42; fudawiki: den 10 + poetry_den
    20 -> 72."""
    H.hachi_den(G)


def test_yaku_list_option_and_totals_entry():
    """Section 8: hachi_yaku_list is a choice, book (20 yaku) by default, fudawiki (21: no
    plain Ten Seven Eight, plus Den and Poetry Den); HSD6's numbers entered as totals; a
    yaku outside the list in force is refused, naming the option."""
    H.hachi_yaku_list_option(G)
