"""Hiyoko: the traditional version (shared/rules/hiyoko.md).

2-4 players, a 45-card deck (the three paulownia chaffs removed), Tensho month order (willow is
February, paulownia June, peony November, plum December), 6 cards each, played as Poka with 10
wild cards. The first to empty their hand wins the round; the first to 3 round wins takes the
game (§4-§6). Scoring is the same race as Hiyoko (Simplified), shared in ``_sequence``
(seed 002 ch. 26, lines 5703-5873).
"""

from __future__ import annotations

from ..cards import FULL_DECK, mask_of
from ..options import HANAMI_BOOK, Preset
from . import EventDef, Game, YakuDef
from ._sequence import (TENSHO_ORDER, TRADITIONAL_WILDS, evaluate_nothing, hiyoko_compile,
                        play_option, score_out_race, stake_per_round_option)

GAME_ID = "hiyoko"
# §1: "remove ... the 3 December Paulownia Chaffs" (seed 002 line 5707): paulownia keeps only
# the phoenix.
DECK = FULL_DECK & ~mask_of(["paulownia-chaff-colored", "paulownia-chaff-1",
                             "paulownia-chaff-2"])
HAND = 6
TARGET = 3  # §6: first to 3 round wins
ORDER = TENSHO_ORDER  # §1 / §10.4: sequences use Tensho order (play only, not scoring)

# §2 / §10.1 (settled 2026-12, FudaWiki's Hiyoko page and the book's named cards): the 10
# wilds. Play only: scoring never depends on them.
WILDS = TRADITIONAL_WILDS

compile = hiyoko_compile


def score_round(rnd, c):
    return score_out_race(GAME, rnd, c, hand=HAND, target=TARGET)


GAME = Game(
    id=GAME_ID,
    names={"en": "Hiyoko", "ja": "ひよこ"},
    family="sequence",
    players=(2, 4),
    deck=DECK,
    options=(
        play_option("skip_june", "June (paulownia in Tensho order) has only the phoenix left, "
                    "so a sequence may jump from May (iris) to July (clover) (book "
                    "variation)."),
        stake_per_round_option(),
    ),
    presets=(Preset("book", "The book: 45 cards in Tensho month order, the 10 wilds, first to 3 "
                    "round wins, no skipping June; with 3-4 players, the same readings as Hiyoko "
                    "(Simplified).", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=(YakuDef("out", {"en": "Out"}, "1 round win", description="First player to play "
                  "their last card; first to 3 round wins takes the game.", kind="event"),),
    events=(EventDef("out", "The player played the last card from their hand."),),
    compile=compile,
    evaluate=evaluate_nothing,
    score_round=score_round,
    source="shared/rules/hiyoko.md",
    max_pile=HAND,
    lengths=(),
    description="Hiyoko in Tensho month order (willow is February, plum December): be first "
                "to empty your 6-card hand; first to 3 round wins.",
    # §9 E1 (book p. 136): A goes out; B still holds a January, the December (plum) and the
    # November (peony) card.
    round_example={
        "players": ["A", "B"],
        "dealer": "A",
        "events": [{"type": "out", "player": "A"}],
        "hands": {"A": [], "B": ["pine-chaff-1", "plum-poetry", "peony-blue"]},
    },
    pile_key="hands",  # the cards entered are the ones held, not captured
)
