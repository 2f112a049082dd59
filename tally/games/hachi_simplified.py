"""Hachi (Simplified) (shared/rules/hachi-simplified.md; Hanami book chapter 19).

Scoring, yaku and the game end are Hachi's (``_hachi``); only the capture chart differs: a
card never takes its own month but a card of any of the three following months (section 3).
"""

from __future__ import annotations

from ._hachi import make_game

# Section 3, Figure 19.1 (seed 4545-4601), months in the book's Japanese order
# (11 willow, 12 paulownia): each month captures the three that follow, wrapping.
CHART = {m: tuple((m + k - 1) % 12 + 1 for k in (1, 2, 3)) for m in range(1, 13)}

GAME = make_game(
    "hachi-simplified",
    {"en": "Hachi (Simplified)"},
    CHART,
    "Two players, 48 cards; a card captures a card of one of the three following months, "
    "never its own. Score = card points (ribbons 1, all else 10) + 20 yaku (10 plain, 20 "
    "Poetry); two consecutive round wins by 20 or more take the game.",
    {
        "players": ["Aki", "Bo"],
        "dealer": "Aki",
        # Each pair is a capture the chart allows (e.g. pine takes plum, iris takes peony).
        # Aki: 7 x10 + 3 ribbons = 73 + poetry_one_two_three 20 = 93.
        # Bo: 9 x10 + 1 ribbon = 91 + three_five_six 10 + five_six_ten 10 = 111. Bo by 18.
        "captures": {
            "Aki": ["pine-poetry", "plum-chaff-1", "plum-poetry", "cherry-chaff-1",
                    "cherry-poetry", "wisteria-chaff-1", "clover-chaff-1", "pampas-chaff-1",
                    "chrysanthemum-chaff-1", "maple-chaff-1"],
            "Bo": ["cherry-curtain", "iris-chaff-1", "iris-bridge", "peony-butterflies",
                   "maple-deer", "willow-lightning",
                   "pampas-moon", "maple-chaff-2", "clover-ribbon", "pampas-chaff-2"],
        },
    },
)
