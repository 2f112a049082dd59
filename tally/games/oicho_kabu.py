"""Oicho-Kabu (おいちょかぶ): a banker game of the Kabu family (shared/rules/oicho-kabu.md).

Bettors back four columns of 2-3 cards against the dealer's hand; a total is the last digit of
the month sum. A column of three cards of one month (``triple``) wins 3 x bet; the dealer's
first two cards April-January (``dealer_four_one``) or September-January
(``dealer_nine_one``) win every bet. The bank settles each bet (``_luck.score_banker``).
"""

from __future__ import annotations


from ..options import HANAMI_BOOK, Preset
from . import Game
from ._luck import (COLUMN_TOTALS_INPUT, COLUMNS_INPUT, KABU_DECK, MAX_BET_INPUT,
                    DealerSpecial, banker_compile, banker_evaluate, banker_options,
                    banker_yaku, bets_input, dealer_total_input, score_banker)

GAME_ID = "oicho-kabu"

# §4: decided by the dealer's first and second card, in that order (seed 002 lines 6431-6439).
SPECIALS = (DealerSpecial("dealer_four_one", {"en": "Dealer 4 and 1"}, 4, 1),
            DealerSpecial("dealer_nine_one", {"en": "Dealer 9 and 1"}, 9, 1))


compile = banker_compile(GAME_ID, SPECIALS)
evaluate = banker_evaluate


def score_round(rnd, c):
    return score_banker(GAME, rnd, c, specials=SPECIALS, one_column=False)


def round_example():
    return {
        "players": ["Ana", "Bo", "Cy", "Di"],
        "dealer": "Ana",
        "max_bet": 100,
        "hands": {"Ana": ["pine-crane", "maple-deer"]},  # 1 + 10 -> 1 (oicho-kabu.md §9 E3)
        "columns": [["plum-warbler", "iris-bridge"],  # 2 + 5 = 7
                    ["cherry-curtain", "iris-ribbon"],  # 3 + 5 = 8
                    ["wisteria-cuckoo", "plum-poetry"],  # 4 + 2 = 6
                    ["peony-butterflies", "clover-boar", "clover-ribbon"]],  # 6+7 -> 3, draws
                                                                          # 7: 20 -> 0
        "bets": [{"player": "Bo", "column": 1, "amount": 10},
                 {"player": "Cy", "column": 2, "amount": 10},
                 {"player": "Cy", "column": 3, "amount": 10},
                 {"player": "Di", "column": 4, "amount": 10}],
    }


GAME = Game(
    id=GAME_ID,
    names={"en": "Oicho-Kabu", "ja": "おいちょかぶ"},
    family="luck",
    players=(2, 10),
    deck=KABU_DECK,
    options=banker_options(),
    presets=(Preset("book", "The book's game: 40-card deck, four columns, triple paid 3 x bet, "
                    "dealer 4-1 and 9-1, the bank passes to the right after every round; the tie "
                    "rule (a tie goes to the dealer unless changed) and the maximum bet are "
                    "agreed at setup.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=banker_yaku(SPECIALS, "A column's first, second and third field cards are all of one "
                   "month: its bettors win automatically"),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/oicho-kabu.md",
    max_pile=3,
    round_example=round_example(),
    description="Bet on four columns of 2-3 cards against the dealer; the last digit of the "
                "month sum decides; a same-month triple pays 3 x bet; the dealer's 4-1 or 9-1 "
                "wins everything.",
    pile_key="hands",  # the cards entered are the ones held, not captured
    pile_every=False,
    inputs=(
        MAX_BET_INPUT,
        COLUMNS_INPUT,
        COLUMN_TOTALS_INPUT,
        dealer_total_input(SPECIALS),
        bets_input("A player may back several columns."),
    ),
)
