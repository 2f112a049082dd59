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
from ._sequence import (BY_MONTH_WILDS, ISURI_ROUNDS, JP_ORDER, TRADITIONAL_WILDS,
                        evaluate_nothing, isuri_compile, isuri_events, isuri_payment_options,
                        isuri_yaku_defs, score_isuri, with_wilds, wilds_option)

GAME_ID = "isuri-simplified"
# §1: the 48 flower cards minus the two peony chaffs (June keeps the butterflies and ribbon).
DECK = FULL_DECK & ~mask_of(["peony-chaff-1", "peony-chaff-2"])
ORDER = JP_ORDER  # §1: Japanese month order; L is the Japanese month number

# §2 / §10.7 (best reading, 2026-12): Hiyoko (Simplified)'s 10 wilds plus one more base wild
# that counts as January: the peony ribbon (June's second card, kept in this deck) under
# ``by_month``; with ``by_flower``, Isuri's cards (the coloured paulownia chaff is the 11th).
# Play only: scoring never depends on them.
WILDS = {"by_month": with_wilds(BY_MONTH_WILDS, "base_january", "peony-blue"),
         "by_flower": with_wilds(TRADITIONAL_WILDS, "base_january", "paulownia-chaff-colored")}
WILDS_OPTION = wilds_option(
    "Which cards are the 11 wild cards (play only, no score changes). By month "
    "(recommended): the traditional game's wilds moved by month number: the crane and the "
    "pine ribbon for January to October, the warbler and the plum ribbon for February to "
    "November, the cherry ribbon for any month; while they are the base card, the "
    "butterflies, the peony ribbon and the paulownia chaffs count as January and the phoenix "
    "as any month. By flower: the traditional game's own cards: the willow rain man and "
    "ribbon for February to November; on the base, the phoenix, the coloured paulownia "
    "chaff and the plum ribbon and chaffs count as January and the warbler as any month.")


def compile(rules):
    return isuri_compile(GAME_ID, rules, ORDER, deck=DECK,
                         wilds=WILDS[rules["simplified_wilds"]])


def score_round(rnd, c):
    return score_isuri(GAME, rnd, c)


GAME = Game(
    id=GAME_ID,
    names={"en": "Isuri (Simplified)", "ja": "いすり (簡易版)"},
    family="sequence",
    players=(2, 3),
    deck=DECK,
    options=(WILDS_OPTION,) + isuri_payment_options(),
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

