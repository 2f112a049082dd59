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
from ._sequence import (JP_ORDER, evaluate_nothing, hiyoko_compile, play_option,
                        score_out_race, stake_per_round_option)

GAME_ID = "hiyoko-simplified"
# §1: the 48 flower cards minus the peony ribbon and the two peony chaffs.
DECK = FULL_DECK & ~mask_of(["peony-blue", "peony-chaff-1", "peony-chaff-2"])
HAND = 6
TARGET = 3  # §6: first to 3 round wins
ORDER = JP_ORDER  # §1: Japanese month order; it matters for play only, not for scoring

# §2 / §10.1: the wild pictures (figs. 23.1/23.2) were lost. The text names the crane and the
# March ribbon as hand wilds and a December chaff as a base wild; the four "January when base"
# cards are inferred to be the paulownia (December) cards. Scoring never depends on them.
WILDS = {
    "hand": {"any month January-October": 2, "any month February-November": 2,
             "any month January-December": 1},
    "base": {"January while it is the base": 4, "any month while it is the base": 1},
    "named_hand_wilds": ("pine-crane", "cherry-poetry"),
    "inferred_january_base_wilds": ("paulownia-phoenix", "paulownia-chaff-colored",
                                    "paulownia-chaff-1", "paulownia-chaff-2"),
}

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
