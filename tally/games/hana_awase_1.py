"""Hana-Awase 1 (shared/rules/hana-awase-1.md; Hanami book chapter 6).

Round score = card value (20 / 10 / 5 / 1, deck 264) + yaku: Bright and Views groups "one of",
Ribbon group "each" (so 7 dry ribbons with both sets score 50 + 35 + 35), plus
boar-deer-butterfly. No par, no multiplier; ``winner_takes_all`` and ``dealer_tie_breaker``
are the chapter's round variations.
"""

from __future__ import annotations

from ..cards import FULL_DECK, RIBBONS, mask_of
from ..results import said
from . import Game
from ._capture import DEALT_HANDS_INPUT, LENGTH_INPUT
from ._capture import (COMMON_EVENTS, SETTLE_IDS, STANDARD_VALUES, Compiled, book_preset,
                       evaluate_compiled, groups_of, row, shared_options,
                       standard_round, yaku_defs)

DRY_RIBBONS = RIBBONS & ~mask_of(["willow-ribbon"])

# Section 4. 10.1: the chart's "5 Dry Brights" is a misprint for the text's 4 Dry Brights = 50.
ROWS = (
    row("five_brights", "5 Brights", 75, ["pine-crane", "cherry-curtain", "pampas-moon",
                                          "willow-rainman", "paulownia-phoenix"],
        "bright", True, ja="五光"),
    row("four_dry_brights", "4 Dry Brights (excluding Rain)", 50,
        ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"], "bright", True,
        ja="四光"),
    row("spring_semi_brights", "Spring Semi-Brights", 35,
        ["pine-crane", "plum-warbler", "cherry-curtain"], "bright", True, ja="表菅原"),
    row("seven_dry_ribbons", "Any 7 Dry Ribbons (excluding Rain)", 50, DRY_RIBBONS, "ribbon",
        False, need=7),
    row("purple_ribbons", "3 Purple Ribbons", 35,
        ["peony-blue", "chrysanthemum-blue", "maple-blue"], "ribbon", False, ja="青短"),
    row("poetry_ribbons", "3 Poetry Ribbons", 35,
        ["pine-poetry", "plum-poetry", "cherry-poetry"], "ribbon", False, ja="赤短"),
    row("flower_viewing", "Flower Viewing", 30, ["cherry-curtain", "chrysanthemum-sake"],
        "views", True, ja="花見で一杯"),
    row("moon_viewing", "Moon Viewing", 20, ["pampas-moon", "chrysanthemum-sake"], "views",
        True, ja="月見で一杯"),
    row("boar_deer_butterfly", "Boar, Deer, Butterfly", 35,
        ["clover-boar", "maple-deer", "peony-butterflies"], "other", False, ja="猪鹿蝶"),
)
GROUPS = groups_of(ROWS)

# Section 8. dealer_tie_breaker is the chapter's own variation; it also settles the round-win
# credit of a tie (capture-basics.md 10.1), so tie_credits_round_win is not offered here.
OPTIONS = shared_options("four_of_a_kind_not_misdeal", "winner_takes_all",
                         "dealer_tie_breaker", "counting_rounds", "first_dealer_tie_breaker",
                         *SETTLE_IDS)

PRESETS = (book_preset("As the book has it: all five variations off, 6 or 12 rounds, the "
                       "recommended readings for tied rounds."),)

# Section 3: four pairs is not a misdeal here (and cannot happen with 7- or 5-card hands).
MISDEALS = ("field_four", "hand_four_of_a_kind")


def compile(rules) -> Compiled:
    return Compiled(rules, STANDARD_VALUES, GROUPS)


evaluate = evaluate_compiled


def score_round(rnd, c: Compiled):
    return standard_round(GAME, rnd, c, all_captured=said(
        "a Hana-Awase 1 round ends when hands, deck and field are empty"),
                          misdeals=MISDEALS)


GAME = Game(
    id="hana-awase-1",
    names={"en": "Hana-Awase 1", "ja": "花合わせ・その1"},
    family="capture",
    players=(3, 4),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=yaku_defs(ROWS),
    events=COMMON_EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/hana-awase-1.md",
    round_example={
        "players": ["Aki", "Bo", "Cy"],
        "dealer": "Aki",
        # Aki: the section 9 example fixture (151 + 35 = 186); Bo and Cy share the rest.
        "captures": {
            "Aki": ["pine-crane", "pine-poetry", "pampas-moon", "pampas-geese",
                    "paulownia-phoenix", "paulownia-chaff-1", "willow-rainman",
                    "willow-swallow", "clover-boar", "clover-ribbon", "maple-deer",
                    "maple-chaff-1", "peony-butterflies", "peony-chaff-1", "iris-ribbon",
                    "iris-chaff-1", "plum-chaff-1", "plum-chaff-2"],
            "Bo": ["pine-chaff-1", "pine-chaff-2", "plum-warbler", "plum-poetry",
                   "cherry-curtain", "cherry-chaff-1", "chrysanthemum-sake",
                   "chrysanthemum-chaff-1", "wisteria-cuckoo", "wisteria-ribbon",
                   "willow-ribbon", "willow-lightning", "maple-blue", "maple-chaff-2"],
            "Cy": ["cherry-poetry", "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2",
                   "iris-bridge", "iris-chaff-2", "peony-blue", "peony-chaff-2",
                   "clover-chaff-1", "clover-chaff-2", "pampas-chaff-1", "pampas-chaff-2",
                   "chrysanthemum-blue", "chrysanthemum-chaff-2", "paulownia-chaff-colored",
                   "paulownia-chaff-2"],
        },
        "length": 6,
    },
    lengths=(6, 12),
    description="The book's first hana-awase: card values plus nine yaku for 3-4 players.",
    inputs=(
        LENGTH_INPUT,
        DEALT_HANDS_INPUT,
    ),
)
