"""Kyo-Kabu (the book's notes also spell it Kyu-Kabu): Oicho-Kabu with two differences
(shared/rules/kyo-kabu.md §1): each bettor backs only one column, and there is no "Dealer 4
and 1"; only "Dealer 9 and 1" overrides (seed 002 lines 6491, 6613-6619). Everything else is
the shared banker machinery in ``_luck.score_banker``.
"""

from __future__ import annotations

from ..options import HANAMI_BOOK, Preset
from . import Game
from ._luck import (COLUMN_TOTALS_INPUT, COLUMNS_INPUT, KABU_DECK, MAX_BET_INPUT,
                    DealerSpecial, banker_compile, banker_evaluate, banker_options,
                    banker_yaku, bets_input, dealer_total_input, score_banker)

GAME_ID = "kyo-kabu"
SPECIALS = (DealerSpecial("dealer_nine_one", {"en": "Dealer 9 and 1"}, 9, 1),)

compile = banker_compile(GAME_ID, SPECIALS)
evaluate = banker_evaluate


def score_round(rnd, c):
    return score_banker(GAME, rnd, c, specials=SPECIALS, one_column=True)


GAME = Game(
    id=GAME_ID,
    names={"en": "Kyo-Kabu", "ja": "きょうかぶ"},
    family="luck",
    players=(2, 10),
    deck=KABU_DECK,
    options=banker_options(),
    presets=(Preset("book", "The book's game: 40-card deck, Oicho-Kabu's procedure with one "
                    "column per bettor and no 4-1 rule, triple paid 3 x bet, dealer 9-1, the bank "
                    "passes to the right after every round; the tie rule (a tie goes to the "
                    "dealer unless changed) and the maximum bet are agreed "
                    "at setup.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=banker_yaku(SPECIALS, "A column's first, second and third field cards are all of one "
                     "month: its bettors win automatically"),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/kyo-kabu.md",
    max_pile=3,
    round_example={  # kyo-kabu.md §9 E3 (fig. 31.6 totals), one 10-chip bet per column
        "players": ["Ana", "Bo", "Cy", "Di", "Ed"],
        "dealer": "Ana",
        "max_bet": 100,
        "hands": {"Ana": ["pine-crane", "maple-deer"]},  # 1 + 10 -> 1
        "columns": [["plum-warbler", "iris-bridge"],  # 7
                    ["cherry-curtain", "iris-ribbon"],  # 8
                    ["wisteria-cuckoo", "plum-poetry"],  # 6
                    ["peony-butterflies", "clover-boar", "clover-ribbon"]],  # 3, draws: 0
        "bets": [{"player": "Bo", "column": 1, "amount": 10},
                 {"player": "Cy", "column": 2, "amount": 10},
                 {"player": "Di", "column": 3, "amount": 10},
                 {"player": "Ed", "column": 4, "amount": 10}],
    },
    description="Oicho-Kabu with one column per bettor and only the dealer's 9-1 special.",
    pile_key="hands",  # the cards entered are the ones held, not captured
    pile_every=False,
    inputs=(
        MAX_BET_INPUT,
        COLUMNS_INPUT,
        COLUMN_TOTALS_INPUT,
        dealer_total_input(SPECIALS),
        bets_input("Each player may back only one column."),
    ),
)
