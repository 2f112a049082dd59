"""Isuri (Simplified): the book's easier Isuri (shared/rules/isuri-simplified.md).

2-3 players, a 46-card deck (the two peony chaffs removed), 6 rounds, played as Poka with 11
wilds, several cards of one month at a time, and a token added to the table each time every
player passes in a row. The winner's round score is tokens x the month of their last card
(January = 10), multiplied for a same-month finish, plus bonuses; the loser pays it (§4-§6,
seed 002 ch. 24, lines 5459-5607). The scoring is shared with Isuri in ``_sequence``.
"""

from __future__ import annotations

from ..cards import FULL_DECK, mask_of
from ..options import HANAMI_BOOK, Preset
from . import Game
from ._sequence import TOKENS_INPUT
from ._sequence import (ISURI_ROUNDS, JP_ORDER, evaluate_nothing, isuri_compile,
                        isuri_events, isuri_payment_options, isuri_yaku_defs, score_isuri)

GAME_ID = "isuri-simplified"
# §1: the 48 flower cards minus the two peony chaffs (June keeps the butterflies and ribbon).
DECK = FULL_DECK & ~mask_of(["peony-chaff-1", "peony-chaff-2"])
ORDER = JP_ORDER  # §1: Japanese month order; L is the Japanese month number

# §2: the 10 Hiyoko (Simplified) wilds plus one more "January when base" wild; the pictures
# were lost. The text names the crane (hand wild) and a December paulownia chaff (base wild);
# the extra wild is probably peony-blue (unconfirmed). Scoring never depends on them.
WILDS = {
    "hand": {"any month January-October": 2, "any month February-November": 2,
             "any month January-December": 1},
    "base": {"January while it is the base": 5, "any month while it is the base": 1},
    "named_hand_wilds": ("pine-crane",),
    "inferred_january_base_wilds": ("paulownia-phoenix", "paulownia-chaff-colored",
                                    "paulownia-chaff-1", "paulownia-chaff-2", "peony-blue"),
}


def compile(rules):
    return isuri_compile(GAME_ID, rules, ORDER)


def score_round(rnd, c):
    return score_isuri(GAME, rnd, c)


GAME = Game(
    id=GAME_ID,
    names={"en": "Isuri (Simplified)", "ja": "いすり (簡易版)"},
    family="sequence",
    players=(2, 3),
    deck=DECK,
    options=isuri_payment_options(),
    presets=(Preset("book", "The book: 46 cards, 1 setup token plus 1 per all-pass kept all "
                    "game, January = 10, the multipliers and first-turn bonus, 6 rounds, "
                    "highest total wins; with 3 players each loser pays the full round "
                    "score.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=isuri_yaku_defs(),
    events=isuri_events(),
    compile=compile,
    evaluate=evaluate_nothing,
    score_round=score_round,
    source="shared/rules/isuri-simplified.md",
    max_pile=6,
    lengths=(ISURI_ROUNDS,),
    description="Sequence play where tokens pile up on every double pass; the winner scores "
                "tokens x the month of the last card (January = 10), taken from the loser. "
                "6 rounds.",
    # §9 E1 (book p. 129): two all-passes, then B goes out with November, December, January
    # (one card per month, not on the first turn). By the written rules T = 1 + 2 = 3.
    round_example={
        "players": ["A", "B"],
        "dealer": "A",
        "events": [{"type": "all_pass"}, {"type": "all_pass"},
                   {"type": "out", "player": "B", "last_card": "pine-chaff-1",
                    "same_month_count": 1, "first_turn": False}],
        "hands": {"A": ["willow-ribbon"], "B": []},
    },
    pile_key="hands",  # the cards entered are the ones held, not captured
    inputs=(TOKENS_INPUT,),
)

