"""Hiyoko (Simplified): the book's easier Hiyoko (shared/rules/hiyoko-simplified.md).

2-4 players, a 45-card deck (no peony ribbon, no peony chaffs), 6 cards each, played as Poka
with 10 wild cards. The first to empty their hand wins the round; the first to 3 round wins
takes the game (§4-§6). No teyaku, no card values, no tokens: a round records only who went
out (seed 002 ch. 23, lines 5341-5455).
"""

from __future__ import annotations

from ..cards import FULL_DECK, mask_of
from ..options import HANAMI_BOOK, Preset
from . import EventDef, Game, YakuDef
from ._sequence import (JP_ORDER, SIMPLIFIED_WILDS, evaluate_nothing, hiyoko_compile,
                        play_option, score_out_race, stake_per_round_option, wilds_option)

GAME_ID = "hiyoko-simplified"
# §1: the 48 flower cards minus the peony ribbon and the two peony chaffs.
DECK = FULL_DECK & ~mask_of(["peony-blue", "peony-chaff-1", "peony-chaff-2"])
HAND = 6
TARGET = 3  # §6: first to 3 round wins
ORDER = JP_ORDER  # §1: Japanese month order; it matters for play only, not for scoring

# §2 / §10.1 (best reading, 2026-12): the 10 wilds are the traditional ones moved by month
# number (``by_month``); the house option ``simplified_wilds`` = ``by_flower`` keeps the
# traditional cards. Play only: scoring never depends on them.
WILDS = SIMPLIFIED_WILDS
WILDS_OPTION = wilds_option(
    "Which cards are the 10 wild cards (play only, no score changes). By month "
    "(recommended): the traditional game's wilds moved by month number: the crane and the "
    "pine ribbon for January to October, the warbler and the plum ribbon for February to "
    "November, the cherry ribbon for any month; while they are the base card, the "
    "butterflies and the paulownia chaffs count as January and the phoenix as any month. By "
    "flower: the traditional game's own cards: the willow rain man and ribbon for February "
    "to November; on the base, the phoenix and the plum ribbon and chaffs count as January "
    "and the warbler as any month.")

compile = hiyoko_compile


def score_round(rnd, c):
    return score_out_race(GAME, rnd, c, hand=HAND, target=TARGET)


GAME = Game(
    id=GAME_ID,
    names={"en": "Hiyoko (Simplified)", "ja": "ひよこ (簡易版)"},
    family="sequence",
    players=(2, 4),
    deck=DECK,
    options=(
        play_option("skip_june", "June has only one card (peony-butterflies), so a sequence "
                    "may jump from May straight to July (book variation)."),
        WILDS_OPTION,
        stake_per_round_option(),
    ),
    presets=(Preset("book", "The book: 45 cards, the 10 wilds, first to 3 round wins, no skipping "
                    "June. With 3-4 players a new base comes when every player has passed in a "
                    "row, and play goes on until someone has 3 round wins.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=(YakuDef("out", {"en": "Out"}, "1 round win", description="First player to play "
                  "their last card; first to 3 round wins takes the game.", kind="event"),),
    events=(EventDef("out", "The player played the last card from their hand."),),
    compile=compile,
    evaluate=evaluate_nothing,
    score_round=score_round,
    source="shared/rules/hiyoko-simplified.md",
    max_pile=HAND,
    lengths=(),
    description="Play the next month in sequence (10 wild cards) and be first to empty your "
                "6-card hand; first to 3 round wins.",
    # §9 E1 (book p. 125): A goes out with the ribbon as April, then May; B still holds the
    # January, December and November cards.
    round_example={
        "players": ["A", "B"],
        "dealer": "A",
        "events": [{"type": "out", "player": "A"}],
        "hands": {"A": [], "B": ["pine-chaff-1", "paulownia-phoenix", "willow-swallow"]},
    },
    pile_key="hands",  # the cards entered are the ones held, not captured
)
