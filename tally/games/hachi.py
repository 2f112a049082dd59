"""Hachi (shared/rules/hachi.md; Hanami book chapter 20), the traditional version.

Scoring, yaku and the game end are shared with Hachi (Simplified) (``_hachi``); only the
capture chart differs (section 3, Figure 20.1).
"""

from __future__ import annotations

from ._hachi import make_game

# Section 3, Figure 20.1 (seed 4713-4763), months in the book's Japanese order (11 willow,
# 12 paulownia). Derived rule: two months match when their numbers add up to a number ending
# in 3 or 8; wisteria (4) and chrysanthemum (9) are the only months that take their own.
CHART = {1: (2, 7, 12), 2: (1, 6, 11), 3: (5, 10), 4: (4, 9), 5: (3, 8), 6: (2, 7, 12),
         7: (1, 6, 11), 8: (5, 10), 9: (4, 9), 10: (3, 8), 11: (2, 7, 12), 12: (1, 6, 11)}

GAME = make_game(
    "hachi",
    {"en": "Hachi", "ja": "八"},
    CHART,
    "Two players, 48 cards; a card captures the months of its chart (months whose numbers "
    "add up to a number ending in 3 or 8). Score = card points (ribbons 1, all else 10) + 20 "
    "yaku (10 plain, 20 Poetry); two consecutive round wins by 20 or more take the game.",
    {
        "players": ["Aki", "Bo"],
        "dealer": "Bo",
        # Every pair is a capture the chart allows (boar takes a pine chaff, wisteria takes
        # wisteria, ...). Aki: 8 x10 + 2 ribbons = 82 + seven_eight_nine 10 = 92.
        # Bo: 4 x10 + 6 ribbons = 46 + poetry_one_two_three, poetry_five_four_six and
        # poetry_three_five_six (20 each) = 106. Bo wins by 14.
        "captures": {
            "Aki": ["clover-boar", "pine-chaff-1", "pampas-moon", "iris-chaff-1",
                    "chrysanthemum-sake", "wisteria-chaff-1", "cherry-curtain", "maple-blue",
                    "willow-ribbon", "clover-chaff-1"],
            "Bo": ["pine-poetry", "plum-chaff-1", "plum-poetry", "peony-blue",
                   "cherry-poetry", "iris-chaff-2", "wisteria-ribbon", "wisteria-chaff-2",
                   "iris-ribbon", "pampas-chaff-1"],
        },
    },
)
