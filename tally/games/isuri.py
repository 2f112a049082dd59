"""Isuri: the traditional version (shared/rules/isuri.md).

The scoring of Isuri (Simplified) with Tensho month numbers: 2-3 players, a 46-card deck (two
paulownia chaffs removed), 6 rounds; the winner's round score is tokens x the Tensho month of
their last card (January = 10; willow 2, paulownia 6, peony 11, plum 12), multiplied for a
same-month finish, plus bonuses; the loser pays it (seed 002 ch. 27, lines 5877-6073).
"""

from __future__ import annotations

from ..cards import FULL_DECK, mask_of
from ..options import HANAMI_BOOK, Preset
from . import Game
from ._sequence import TOKENS_INPUT
from ._sequence import (ISURI_ROUNDS, TENSHO_ORDER, evaluate_nothing, isuri_compile,
                        isuri_events, isuri_payment_options, isuri_yaku_defs, score_isuri)

GAME_ID = "isuri"
# §1 / §10.1: "remove ... 2 of the December Paulownia Chaffs"; the book does not say which, so
# the two plain ones go and paulownia-chaff-colored stays (scoring does not depend on it).
DECK = FULL_DECK & ~mask_of(["paulownia-chaff-1", "paulownia-chaff-2"])
ORDER = TENSHO_ORDER  # §1 / §10.3: L is the Tensho month number

# §2: Hiyoko's 10 wilds plus one; the pictures were lost. The text names the crane (hand wild)
# and a "December Chaff" (plum in Tensho order) as a base wild; the 11th wild is probably the
# extra paulownia card. Unconfirmed; scoring never depends on them.
WILDS = {
    "hand": {"any month January-October": 2, "any month February-November": 2,
             "any month January-December": 1},
    "base": {"January while it is the base": 5, "any month while it is the base": 1},
    "named_hand_wilds": ("pine-crane",),
    "inferred_january_base_wilds": ("plum-warbler", "plum-poetry", "plum-chaff-1",
                                    "plum-chaff-2", "paulownia-chaff-colored"),
}


def compile(rules):
    return isuri_compile(GAME_ID, rules, ORDER)


def score_round(rnd, c):
    return score_isuri(GAME, rnd, c)


GAME = Game(
    id=GAME_ID,
    names={"en": "Isuri", "ja": "いすり"},
    family="sequence",
    players=(2, 3),
    deck=DECK,
    options=isuri_payment_options(),
    presets=(Preset("book", "The book: 46 cards in Tensho month order, 1 setup token plus 1 "
                    "per all-pass kept all game, January = 10 and the other months by Tensho "
                    "number, the multipliers and first-turn bonus, 6 rounds, highest total "
                    "wins; with 3 players each loser pays the full round score.",
                    names=HANAMI_BOOK),),
    default_preset="book",
    yaku=isuri_yaku_defs(),
    events=isuri_events(),
    compile=compile,
    evaluate=evaluate_nothing,
    score_round=score_round,
    source="shared/rules/isuri.md",
    max_pile=6,
    lengths=(ISURI_ROUNDS,),
    description="Isuri in Tensho month order (willow 2, paulownia 6, peony 11, plum 12): "
                "tokens x the month of the winner's last card (January = 10), taken from the "
                "loser. 6 rounds.",
    # §9 E2 (derived): the last card is a plum chaff (December = 12) with 2 tokens -> 24.
    round_example={
        "players": ["A", "B"],
        "dealer": "A",
        "events": [{"type": "all_pass"},
                   {"type": "out", "player": "B", "last_card": "plum-chaff-1",
                    "same_month_count": 1, "first_turn": False}],
        "hands": {"A": ["peony-blue", "willow-swallow"], "B": []},
    },
    pile_key="hands",  # the cards entered are the ones held, not captured
    inputs=(TOKENS_INPUT,),
)
