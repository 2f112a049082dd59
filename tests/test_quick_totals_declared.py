"""Issue 9, section 1: a round entered from totals (quick entry) says which facts were
declared rather than derived from cards, in every game that takes totals; the same round
entered with its cards declares nothing. The rounds are the docs' examples:

- Hachi (docs/games/hachi.md, from shared/rules/hachi.md: ribbons 1 point, every other card
  10; plain yaku 10, Poetry yaku 20): Aki 8 tens + 2 ribbons = 82, + Seven-Eight-Nine 10 = 92;
  Bo 4 tens + 6 ribbons = 46, + three Poetry yaku = 106. Bo wins by 14.
- Hana-Rumi (docs/games/hana-rumi.md, the book's p. 191 example): Aki 38; Bo 31 captured,
  + 20 Purple Ribbons, - 3 left in hand = 48. Aki went out.
"""

from __future__ import annotations

import tally

HACHI_QUICK = {"players": ["Aki", "Bo"], "dealer": "Bo",
               "card_totals": {"Aki": 82, "Bo": 46},
               "yaku": {"Aki": ["seven_eight_nine"],
                        "Bo": ["poetry_one_two_three", "poetry_five_four_six",
                               "poetry_three_five_six"]}}
RUMI_QUICK = {"players": ["Aki", "Bo"], "dealer": "Bo", "went_out": "Aki",
              "totals": {"Aki": {"captured": 38, "achievements": [], "hand": 0},
                         "Bo": {"captured": 31, "achievements": ["purple_ribbons"], "hand": 3}}}


def points(res) -> dict:
    return {p.player: p.points for p in res.players}


def declared(res) -> dict:
    return {p.player: (p.extra or {}).get("declared") for p in res.players}


def test_hachi_from_card_points_and_yaku():
    res = tally.score_round("hachi", HACHI_QUICK)
    assert points(res) == {"Aki": 92, "Bo": 106} and res.winner == "Bo"
    assert declared(res) == {"Aki": ["card_value", "yaku"], "Bo": ["card_value", "yaku"]}
    cards = tally.score_round("hachi", tally.get_game("hachi").round_example)
    assert points(cards) == points(res) and declared(cards) == {"Aki": None, "Bo": None}


def test_hana_rumi_from_totals():
    res = tally.score_round("hana-rumi", RUMI_QUICK)
    assert points(res) == {"Aki": 38, "Bo": 48} and res.winner == "Aki"
    assert declared(res) == {"Aki": ["captured", "achievements", "hand"],
                             "Bo": ["captured", "achievements", "hand"]}
    cards = tally.score_round("hana-rumi", tally.get_game("hana-rumi").round_example)
    assert points(cards) == points(res) and declared(cards) == {"Aki": None, "Bo": None}
