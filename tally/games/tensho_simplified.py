"""Tensho (Simplified) (shared/rules/tensho-simplified.md; Hanami book chapter 15).

Two players, the 45-card deck, one of two yaku sets per round. Month numbers are the ordinary
ones (1 pine ... 11 willow, 12 paulownia); Front = the month's ribbon, Back = its bright/ten
(section 4: the traditional compositions, confirmed by FudaWiki, with months 6 and 12
renamed; best reading TS1). A round is won by an automatic win, else the higher yaku total,
then more chaffs, then the higher card total (section 5), whose values go by chart position
unless ``simplified_card_values`` says by card (TS2). Shared code: ``_tensho``.
"""

from __future__ import annotations

from dataclasses import replace

from ..options import CHOICE, HANAMI_BOOK, Option, Preset
from . import Game
from ._capture import DEALT_HANDS_INPUT
from . import _tensho as T
from ._tensho import AUTO, TenshoYaku as Y
from .tensho import VALUES as TRADITIONAL_VALUES  # by_card: tensho.md section 2

# Section 4, card lookup (ordinary month numbers). Pampas has no ribbon: its Front card is the
# geese; paulownia has only the Phoenix, both Front and Back.
FRONT = {1: "pine-poetry", 2: "plum-poetry", 3: "cherry-poetry", 4: "wisteria-ribbon",
         5: "iris-ribbon", 6: "peony-blue", 7: "clover-ribbon", 8: "pampas-geese",
         9: "chrysanthemum-blue", 10: "maple-blue", 11: "willow-ribbon",
         12: "paulownia-phoenix"}
BACK = {1: "pine-crane", 2: "plum-warbler", 3: "cherry-curtain", 4: "wisteria-cuckoo",
        5: "iris-bridge", 6: "peony-butterflies", 7: "clover-boar", 8: "pampas-moon",
        9: "chrysanthemum-sake", 10: "maple-deer", 11: "willow-rainman",  # option, TS3
        12: "paulownia-phoenix"}

# Section 4 (seed lines 2737-2833): id, name, cards, Set One, Set Two (None = not in the set).
YAKU = (
    Y("front_one_two_three", "Front One Two Three", "F1 F2 F3", 100, 100),
    Y("back_one_two_three", "Back One Two Three", "B1 B2 B3", 50, 50),
    Y("front_one_two_ten", "Front One Two Ten", "F1 F2 F10", 100, 100),
    Y("back_one_two_ten", "Back One Two Ten", "B1 B2 B10", 50, 50),
    Y("front_three_four_five", "Front Three Four Five", "F3 F4 F5", 100, 100),
    Y("back_three_four_five", "Back Three Four Five", "B3 B4 B5", 50, 50),
    Y("front_seven_eight_nine", "Front Seven Eight Nine", "F7 F8 F9", 100, 100),
    Y("back_seven_eight_nine", "Back Seven Eight Nine", "B7 B8 B9", 50, 50),
    Y("front_ten_nine_six", "Front Ten Nine Six", "F10 F9 F6", 100, 100),
    Y("back_ten_nine_six", "Back Ten Nine Six", "B10 B9 B6", 50, 50),
    Y("front_nine_eleven_three", "Front Nine Eleven Three", "F9 F11 F3", 100, 100),
    Y("back_nine_eleven_three", "Back Nine Eleven Three", "B9 B11 B3", 50, 50),
    Y("front_five_ten_twelve", "Front Five Ten Twelve", "F5 F10 F12", AUTO, 100),
    Y("back_five_ten_twelve", "Back Five Ten Twelve", "B5 B10 B12", 50, AUTO),
    Y("front_eight_four_six", "Front Eight Four Six", "F8 F4 F6", 100, None),
    Y("back_eight_four_six", "Back Eight Four Six", "B8 B4 B6", 50, None),
    Y("front_eight_four_six_eleven", "Front Eight Four Six Eleven", "F8 F4 F6 F11", 100, None),
    Y("back_eight_four_six_eleven", "Back Eight Four Six Eleven", "B8 B4 B6 B11", 50, None),
    Y("front_eight_four_eleven", "Front Eight Four Eleven", "F8 F4 F11", 100, None),
    Y("back_eight_four_eleven", "Back Eight Four Eleven", "B8 B4 B11", 50, None),
    Y("front_seven_five_three", "Front Seven Five Three", "F7 F5 F3", 100, None),
    Y("back_seven_five_three", "Back Seven Five Three", "B7 B5 B3", 50, None),
    Y("front_four_six_eleven", "Front Four Six Eleven", "F4 F6 F11", 100, None),
    Y("back_four_six_eleven", "Back Four Six Eleven", "B4 B6 B11", 50, None),
    Y("front_seven_eight_nine_ten", "Front Seven Eight Nine Ten", "F7 F8 F9 F10", None, 100),
    Y("back_seven_eight_nine_ten", "Back Seven Eight Nine Ten", "B7 B8 B9 B10", None, 50),
    Y("front_ten_seven_eight", "Front Ten Seven Eight", "F10 F7 F8", None, 100),
    Y("back_ten_seven_eight", "Back Ten Seven Eight", "B10 B7 B8", None, 50),
    Y("front_eight_nine_ten", "Front Eight Nine Ten", "F8 F9 F10", None, 100),
    Y("back_eight_nine_ten", "Back Eight Nine Ten", "B8 B9 B10", None, 50),
    # Back 1, Front 4 and the Phoenix (TS1).
    Y("one_four_twelve", "One Four Twelve", "B1 F4 F12", None, AUTO),
)

# Section 2 (two-column reading of seed lines 2641-2731, TS2): the values go with the
# ordinary month number, so six cards differ from tensho.md. Every other card is worth 1.
VALUES = {"pine-crane": 15, "pine-poetry": 5, "plum-warbler": 10, "plum-poetry": 10,
          "cherry-curtain": 3, "wisteria-cuckoo": 4, "iris-bridge": 5,
          "peony-butterflies": 10, "clover-boar": 7, "pampas-moon": 8,
          "chrysanthemum-sake": 9, "maple-deer": 10, "maple-blue": 10, "willow-rainman": 11,
          "paulownia-phoenix": 12}

VARIANT = T.Variant(
    game_id="tensho-simplified", front=FRONT, back=BACK, option_id="back_eleven_card",
    option_month=11, option_choices=("willow-rainman", "willow-swallow"),
    option_note="the chart values only the rain man above 1; the "
                "traditional game uses the swallow", values=VALUES, yaku=YAKU,
    digest="tensho-simplified.md")

# §8 house option / §10 TS2 (2026-12): the values go by chart position (the table above,
# default) or each card keeps its traditional value (tensho.md §2). Only the last tie-break.
CARD_VALUE_TABLES = {"by_position": VALUES, "by_card": TRADITIONAL_VALUES}
CARD_VALUES = Option(
    "simplified_card_values", CHOICE, "by_position",
    "Which card values break the last tie: the values printed in this game's chart, read by "
    "month (recommended: warbler and plum ribbon 10, butterflies 10, rain man 11, swallow 1, "
    "phoenix 12), or each card's value in traditional Tensho (warbler 12, plum ribbon 1, "
    "butterflies 11, rain man 10, swallow 10, phoenix 10).",
    choices=tuple(CARD_VALUE_TABLES), group="card values")

OPTIONS = T.options(VARIANT, (CARD_VALUES,))
PRESETS = (Preset("book", "The book's rules: 45 cards, quick deal, the yaku set chosen each "
                  "round, Back 11 is the rain man, most round wins.", {}, names=HANAMI_BOOK),)


def compile(rules):
    values = CARD_VALUE_TABLES[rules["simplified_card_values"]]
    return T.compile(replace(VARIANT, values=values), rules)


evaluate = T.evaluate


def score_round(rnd, c):
    return T.score_round(GAME, rnd, c)


GAME = Game(
    id="tensho-simplified",
    names={"en": "Tensho (Simplified)"},
    family="capture",
    players=(2, 2),
    deck=T.DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=T.yaku_defs(VARIANT),
    events=T.events(VARIANT),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/tensho-simplified.md",
    max_pile=T.IN_PLAY,
    round_example={
        "players": ["Aki", "Bo"],
        "dealer": "Aki",
        "yaku_set": "one",
        # Aki: front_three_four_five (100); Bo: back_seven_eight_nine (50). Aki wins.
        "captures": {
            "Aki": ["cherry-poetry", "cherry-chaff-1", "wisteria-ribbon", "wisteria-chaff-1",
                    "iris-ribbon", "iris-chaff-1", "pine-chaff-1", "pine-chaff-2"],
            "Bo": ["clover-boar", "clover-chaff-1", "pampas-moon", "pampas-chaff-1",
                   "chrysanthemum-sake", "chrysanthemum-chaff-1", "maple-chaff-1",
                   "maple-chaff-2", "paulownia-phoenix"],
        },
        "events": [{"type": "phoenix_auto_capture", "player": "Bo", "from": "draw"}],
        "length": 6,
    },
    lengths=tuple(range(1, 13)),
    description="Two players, 45 cards, two yaku sets (one chosen per round) of Front "
                "(ribbon) and Back (bright/ten) combinations named by month number; automatic "
                "wins; the most round wins takes the game.",
    inputs=(T.LENGTH_INPUT, T.YAKU_SET_INPUT, DEALT_HANDS_INPUT),
)
