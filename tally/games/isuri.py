"""Isuri: the traditional version (shared/rules/isuri.md).

The scoring of Isuri (Simplified) with Tensho month numbers: 2-3 players, a 46-card deck (two
paulownia chaffs removed), 6 rounds; the winner's round score is tokens x the Tensho month of
their last card (January = 10; willow 2, paulownia 6, peony 11, plum 12), multiplied for a
same-month finish, plus bonuses; the loser pays it (seed 002 ch. 27, lines 5877-6073).
"""

from __future__ import annotations

from ..cards import FULL_DECK, mask_of, slugs_of
from ..options import CHOICE, HANAMI_BOOK, Option, Preset
from . import Game
from ._sequence import TOKENS_INPUT
from ._sequence import (ISURI_ROUNDS, TENSHO_ORDER, TRADITIONAL_WILDS, evaluate_nothing,
                        isuri_compile, isuri_events, isuri_payment_options, isuri_yaku_defs,
                        score_isuri, with_wilds)

GAME_ID = "isuri"
PAULOWNIA_CHAFFS = mask_of(["paulownia-chaff-colored", "paulownia-chaff-1",
                            "paulownia-chaff-2"])
# §1 / §8 / §10.1 (best reading, 2026-12: FudaWiki's Isuri): "remove ... 2 of the December
# Paulownia Chaffs"; the one left is a second phoenix. ``colored``: the two plain ones go;
# ``any``: the table removes any two, so the deck a game may meet holds all three (at most
# one per round). Paulownia is month 6 either way: scoring does not depend on it.
KEPT_PAULOWNIA = {"colored": mask_of(["paulownia-chaff-colored"]), "any": PAULOWNIA_CHAFFS}
DECK = FULL_DECK  # every card some choice keeps; each round's deck: ``deck_of``
ORDER = TENSHO_ORDER  # §1 / §10.3: L is the Tensho month number

KEPT_OPTION = Option(
    "isuri_kept_paulownia", CHOICE, "colored",
    "Which paulownia chaff stays in the deck as a second phoenix (the other two are "
    "removed): the coloured one (recommended), or any one the table chooses. Scoring is the "
    "same either way.", choices=tuple(KEPT_PAULOWNIA), group="deck")


def deck_of(kept: str) -> int:
    return FULL_DECK & ~PAULOWNIA_CHAFFS | KEPT_PAULOWNIA[kept]


def wilds_of(kept: str) -> dict:
    """§2 / §10.4 (2026-12): Hiyoko's 10 wilds (settled) plus the kept paulownia chaff, a
    second phoenix: January while it is the base (best reading). Play only."""
    return with_wilds(TRADITIONAL_WILDS, "base_january", *slugs_of(KEPT_PAULOWNIA[kept]))


def compile(rules):
    kept = rules["isuri_kept_paulownia"]
    return isuri_compile(GAME_ID, rules, ORDER, deck=deck_of(kept), wilds=wilds_of(kept),
                         only_one=KEPT_PAULOWNIA[kept] if kept == "any" else 0)


def score_round(rnd, c):
    return score_isuri(GAME, rnd, c)


GAME = Game(
    id=GAME_ID,
    names={"en": "Isuri", "ja": "いすり"},
    family="sequence",
    players=(2, 3),
    deck=DECK,
    options=(KEPT_OPTION,) + isuri_payment_options(),
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
