"""Simplified Game for Beginners (shared/rules/simplified-game.md; Hanami book chapter 4).

Round score = card value (20 / 10 / 5 / 1, deck 264), plus the six "each" yaku of section 4
when the table turns on ``simple_yaku``. No par, no multiplier.
"""

from __future__ import annotations

from ..cards import BRIGHTS, CHAFFS, FULL_DECK, TENS
from ..options import BOOL, Option
from ..results import said
from . import Game
from ._capture import DEALT_HANDS_INPUT, LENGTH_INPUT
from ._capture import (COMMON_EVENTS, SETTLE_IDS, STANDARD_VALUES, Compiled, book_preset,
                       evaluate_compiled, groups_of, row, shared_options, standard_round,
                       yaku_defs)

# Section 4: one "each" group; every yaku scores at most once (20 chaff = one ten_chaffs).
ROWS = (
    row("any_three_brights", "Any 3 Brights", 30, BRIGHTS, "yaku", False, need=3),
    row("any_five_tens", "Any 5 Tens", 20, TENS, "yaku", False, need=5),
    row("poetry_ribbons", "3 Poetry Ribbons", 20,
        ["pine-poetry", "plum-poetry", "cherry-poetry"], "yaku", False, ja="赤短"),
    row("purple_ribbons", "3 Purple Ribbons", 20,
        ["peony-blue", "chrysanthemum-blue", "maple-blue"], "yaku", False, ja="青短"),
    # Section 10.1: "4 Plain Ribbons" needs all four, the willow ribbon included.
    row("four_plain_ribbons", "4 Plain Ribbons", 20,
        ["wisteria-ribbon", "iris-ribbon", "clover-ribbon", "willow-ribbon"], "yaku", False),
    row("ten_chaffs", "Any 10 Chaffs", 10, CHAFFS, "yaku", False, need=10),
)
GROUPS = groups_of(ROWS)

OPTIONS = (
    Option("simple_yaku", BOOL, False,
           "Additional Scoring (Yaku): add the book's six yaku; round score = card value + yaku "
           "value. Off in the base game.", group="round scoring"),
) + shared_options("tie_credits_round_win", *SETTLE_IDS)

PRESETS = (book_preset("The book's base game: card values only (no yaku), the three misdeals, 3, "
                       "6 or 12 rounds."),)


def compile(rules) -> Compiled:
    return Compiled(rules, STANDARD_VALUES, GROUPS if rules.simple_yaku else ())


evaluate = evaluate_compiled


def score_round(rnd, c: Compiled):
    return standard_round(GAME, rnd, c, all_captured=said(
        "a Simplified Game round ends when hands, deck and field are empty"))


GAME = Game(
    id="simplified-game",
    names={"en": "Simplified Game for Beginners"},
    family="capture",
    players=(2, 4),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=yaku_defs(ROWS),
    events=COMMON_EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/simplified-game.md",
    round_example={
        "players": ["Aki", "Bo"],
        "dealer": "Aki",
        # Aki: the section 9 fixture (130 points); Bo: the rest of the deck (134).
        "captures": {
            "Aki": ["pine-crane", "pine-chaff-1", "cherry-curtain", "cherry-chaff-1",
                    "pampas-moon", "pampas-geese", "plum-warbler", "plum-chaff-1",
                    "wisteria-cuckoo", "wisteria-ribbon", "iris-bridge", "iris-ribbon",
                    "clover-boar", "clover-ribbon", "paulownia-chaff-1", "paulownia-chaff-2"],
            "Bo": ["pine-poetry", "pine-chaff-2", "plum-poetry", "plum-chaff-2",
                   "cherry-poetry", "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2",
                   "iris-chaff-1", "iris-chaff-2", "peony-butterflies", "peony-blue",
                   "peony-chaff-1", "peony-chaff-2", "clover-chaff-1", "clover-chaff-2",
                   "pampas-chaff-1", "pampas-chaff-2", "chrysanthemum-sake",
                   "chrysanthemum-blue", "chrysanthemum-chaff-1", "chrysanthemum-chaff-2",
                   "maple-deer", "maple-blue", "maple-chaff-1", "maple-chaff-2",
                   "willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning",
                   "paulownia-phoenix", "paulownia-chaff-colored"],
        },
        "length": 6,
    },
    lengths=(3, 6, 12),
    description="The book's teaching game: capture by month; score the card values (and, "
                "once players are ready, six simple yaku).",
    inputs=(
        LENGTH_INPUT,
        DEALT_HANDS_INPUT,
    ),
)
