"""Tensho (shared/rules/tensho.md; Hanami book chapter 21), the traditional version.

As Tensho (Simplified) (``_tensho`` holds the shared rules) but with Tensho's own month order
(section 1: pine 1, willow 2, cherry 3, wisteria 4, iris 5, paulownia 6, clover 7, pampas 8,
chrysanthemum 9, maple 10, peony 11, plum 12), so the yaku named by month number hold other
cards and the card values differ (section 2). Never share tables with the simplified game.
"""

from __future__ import annotations

from ..options import CHOICE, HANAMI_BOOK, Option, Preset
from . import Game
from ._capture import DEALT_HANDS_INPUT
from . import _tensho as T
from ._tensho import AUTO, TenshoYaku as Y

# Section 4, card lookup by Tensho month. Pampas has no ribbon (Front 8 = geese); paulownia
# (month 6) has only the Phoenix, both its Front and its Back card. The book shows the yaku
# cards only as pictures; this Front/Back rule is settled (T1, 2026-12: FudaWiki's Tensho page
# after the 1927 survey pictures the same cards for every yaku the book names).
FRONT = {1: "pine-poetry", 2: "willow-ribbon", 3: "cherry-poetry", 4: "wisteria-ribbon",
         5: "iris-ribbon", 6: "paulownia-phoenix", 7: "clover-ribbon", 8: "pampas-geese",
         9: "chrysanthemum-blue", 10: "maple-blue", 11: "peony-blue", 12: "plum-poetry"}
BACK = {1: "pine-crane", 2: "willow-swallow",  # option back_two_card (T3)
        3: "cherry-curtain", 4: "wisteria-cuckoo", 5: "iris-bridge", 6: "paulownia-phoenix",
        7: "clover-boar", 8: "pampas-moon", 9: "chrysanthemum-sake", 10: "maple-deer",
        11: "peony-butterflies", 12: "plum-warbler"}

# Section 4 (seed lines 5078-5175): id, name, cards, Set One, Set Two (None = not in the
# set), conventional Japanese name where the digest gives one (FudaWiki, not the seed).
YAKU = (
    Y("front_one_two_three", "Front One Two Three", "F1 F2 F3", 100, 100,
      "omote ichi-ni-san"),
    Y("back_one_two_three", "Back One Two Three", "B1 B2 B3", 50, 50, "ura ichi-ni-san"),
    Y("front_one_two_ten", "Front One Two Ten", "F1 F2 F10", 100, 100),
    Y("back_one_two_ten", "Back One Two Ten", "B1 B2 B10", 50, 50),
    Y("front_three_four_five", "Front Three Four Five", "F3 F4 F5", 100, 100, "sa-shi-go"),
    Y("back_three_four_five", "Back Three Four Five", "B3 B4 B5", 50, 50),
    Y("front_seven_eight_nine", "Front Seven Eight Nine", "F7 F8 F9", 100, 100, "Nakazō"),
    Y("back_seven_eight_nine", "Back Seven Eight Nine", "B7 B8 B9", 50, 50),
    # T5: the book prints Ten Nine Twelve (chrysanthemum), not Ten Eleven Twelve.
    Y("front_ten_nine_twelve", "Front Ten Nine Twelve", "F10 F9 F12", 100, 100),
    Y("back_ten_nine_twelve", "Back Ten Nine Twelve", "B10 B9 B12", 50, 50),
    Y("front_nine_eleven_three", "Front Nine Eleven Three", "F9 F11 F3", 100, 100, "Kumazan"),
    Y("back_nine_eleven_three", "Back Nine Eleven Three", "B9 B11 B3", 50, 50),
    Y("front_five_six_ten", "Front Five Six Ten", "F5 F6 F10", AUTO, 100, "Gorōjū"),
    # T1: the book's value (50 in Set One) governs, not FudaWiki's 100.
    Y("back_five_six_ten", "Back Five Six Ten", "B5 B6 B10", 50, AUTO),
    Y("front_eight_four_twelve", "Front Eight Four Twelve", "F8 F4 F12", 100, None,
      "hasshi-kiri"),
    Y("back_eight_four_twelve", "Back Eight Four Twelve", "B8 B4 B12", 50, None),
    Y("front_eight_four_eleven_twelve", "Front Eight Four Eleven Twelve", "F8 F4 F11 F12", 100,
      None, "Yashima-kiri"),
    Y("back_eight_four_eleven_twelve", "Back Eight Four Eleven Twelve", "B8 B4 B11 B12", 50,
      None),
    Y("front_eight_four_eleven", "Front Eight Four Eleven", "F8 F4 F11", 100, None, "Yashima"),
    Y("back_eight_four_eleven", "Back Eight Four Eleven", "B8 B4 B11", 50, None),
    Y("front_seven_five_three", "Front Seven Five Three", "F7 F5 F3", 100, None,
      "shichi-go-san"),
    Y("back_seven_five_three", "Back Seven Five Three", "B7 B5 B3", 50, None),
    Y("front_four_eleven_twelve", "Front Four Eleven Twelve", "F4 F11 F12", 100, None,
      "shi-ma-kiri"),
    Y("back_four_eleven_twelve", "Back Four Eleven Twelve", "B4 B11 B12", 50, None),
    Y("front_seven_eight_nine_ten", "Front Seven Eight Nine Ten", "F7 F8 F9 F10", None, 100,
      "musume-bāsan"),
    Y("back_seven_eight_nine_ten", "Back Seven Eight Nine Ten", "B7 B8 B9 B10", None, 50),
    Y("front_ten_seven_eight", "Front Ten Seven Eight", "F10 F7 F8", None, 100, "musume"),
    Y("back_ten_seven_eight", "Back Ten Seven Eight", "B10 B7 B8", None, 50),
    Y("front_eight_nine_ten", "Front Eight Nine Ten", "F8 F9 F10", None, 100, "bāsan"),
    Y("back_eight_nine_ten", "Back Eight Nine Ten", "B8 B9 B10", None, 50),
    # Back 1, the Phoenix and Front 4: the "red four".
    Y("one_six_four", "One Six Four", "B1 F6 F4", None, AUTO, "aka-shi"),
)

# Section 2 (seed lines 4983-5073, two columns by Tensho month; agrees with FudaWiki).
# Every other card is worth 1.
VALUES = {"pine-crane": 15, "pine-poetry": 5, "willow-rainman": 10, "willow-swallow": 10,
          "cherry-curtain": 3, "wisteria-cuckoo": 4, "iris-bridge": 5, "paulownia-phoenix": 10,
          "clover-boar": 7, "pampas-moon": 8, "chrysanthemum-sake": 9, "maple-deer": 10,
          "maple-blue": 10, "peony-butterflies": 11, "plum-warbler": 12}

VARIANT = T.Variant(
    game_id="tensho", front=FRONT, back=BACK, option_id="back_two_card", option_month=2,
    option_choices=("willow-swallow", "willow-rainman"),
    option_note="the chart values both at 10; FudaWiki uses the swallow, "
                "some sources the rain man", values=VALUES, yaku=YAKU, digest="tensho.md")

# T10: the first-dealer draw in Tensho's own calendar (recommended) or the ordinary one.
DRAW_ORDER = Option(
    "first_dealer_month_order", CHOICE, "tensho",
    "First-dealer draw: the earliest month wins, counted in Tensho's order (recommended: willow 2 "
                    "beats cherry 3) or the "
                    "ordinary calendar. Never "
                    "affects scoring.", choices=("tensho", "ordinary"), group="game flow")

OPTIONS = T.options(VARIANT, (DRAW_ORDER,))
PRESETS = (Preset("book", "The book's rules: 45 cards, quick deal, the yaku set chosen each "
                  "round, Back 2 is the swallow, most round wins.", {}, names=HANAMI_BOOK),)


def compile(rules):
    return T.compile(VARIANT, rules)


evaluate = T.evaluate


def score_round(rnd, c):
    return T.score_round(GAME, rnd, c)


GAME = Game(
    id="tensho",
    names={"en": "Tensho", "ja": "天正"},
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
    source="shared/rules/tensho.md",
    max_pile=T.IN_PLAY,
    round_example={
        "players": ["Aki", "Bo"],
        "dealer": "Bo",
        "events": [{"type": "yaku_set_chosen", "set": "two", "by": "agreement"}],
        # Aki: front_one_two_three (pine, willow, cherry ribbons: 100). Bo:
        # back_ten_nine_twelve (deer, sake, warbler: 50). Aki wins.
        "captures": {
            "Aki": ["pine-poetry", "pine-chaff-1", "willow-ribbon", "willow-lightning",
                    "cherry-poetry", "cherry-chaff-1", "iris-chaff-1", "iris-chaff-2"],
            "Bo": ["maple-deer", "maple-chaff-1", "chrysanthemum-sake",
                   "chrysanthemum-chaff-1", "plum-warbler", "plum-chaff-1"],
        },
        "length": 6,
    },
    lengths=tuple(range(1, 13)),
    description="Two players, 45 cards, Tensho's own month order; two yaku sets (one chosen "
                "per round) of Front (ribbon) and Back (bright/ten) combinations named by "
                "month number; automatic wins; the most round wins takes the game.",
    inputs=(T.LENGTH_INPUT, T.YAKU_SET_INPUT, DEALT_HANDS_INPUT),
)
