"""Eight Off: the Hanami book's Eight Off patience (shared/rules/eight-off.md).

52 cards face up in 8 stacks of 6 and 4 reserve cells; four foundations built up from a
January through December to the joker (month 13). A win when all 52 are on the foundations, a
loss when no move is left (section 4). No points: a win counts 1 (``_patience``). The progress
figure is the cards on the foundations.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..cards import FULL_DECK
from ..options import HANAMI_BOOK, Preset
from . import Game, InputDef
from ._patience import (DECK52, foundations_evaluate, foundations_spec, play_option,
                        result_defs, score_single)

GAME_ID = "eight-off"
RESERVES = ("eight_open_reserves", "four_reserves", "joker_reserves")

OPTIONS = (
    play_option("eight_open_reserves", "Easier: all 8 reserves start empty; the 4 reserve "
                "cards go onto the first four tableau columns",
                excludes=("four_reserves", "joker_reserves")),
    play_option("ordered_foundation", "Harder: each foundation takes one card position: 1st "
                "cards, 2nd cards, left chaffs (chaff-1), right chaffs (chaff-2)"),
    play_option("ordered_tableau", "Harder: tableau runs keep the same card position (1st on "
                "1st, 2nd on 2nd ...)"),
    play_option("four_reserves", "Harder: only 4 reserve cells; the 4 reserve cards go onto the "
                "first four columns", excludes=("eight_open_reserves", "joker_reserves")),
    play_option("joker_reserves", "Harder: start with 4 reserve cells; each joker, once revealed, "
                "marks one extra cell (up to 8), so the foundations run January to December, 48 "
                "cards", excludes=("eight_open_reserves", "four_reserves")),
    play_option("alternating_tableau", "Harder: tableau runs alternate 'value' cards (brights, "
                "tens, ribbons, paulownia-chaff-colored) and 'chaff' cards (chaffs, "
                "willow-ribbon)"),
)


def compile(rules):
    # section 10.1: under joker_reserves the jokers are cell markers, never on a foundation
    allowed = FULL_DECK if rules["joker_reserves"] else DECK52
    spec = foundations_spec(GAME_ID, rules, OPTIONS, allowed,
                            "December" if rules["joker_reserves"] else "joker")
    return SimpleNamespace(rules=rules, spec=spec)


evaluate = foundations_evaluate


def score_round(rnd, c):
    return score_single(GAME, rnd, c.spec, c.rules.preset)


GAME = Game(
    id=GAME_ID,
    names={"en": "Eight Off"},
    family="fusion",
    players=(1, 1),
    deck=DECK52,
    options=OPTIONS,
    presets=(Preset("book", "52 cards, 8 face-up stacks of 6, 4 cards in 4 of the 8 reserve "
                    "cells, foundations January to joker, single-card moves, cards may come "
                    "back from a foundation; every variation off.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=result_defs("all four foundations built January to joker (52 cards; to December, 48 "
                     "cards, when the jokers mark reserve cells)", "no legal moves are left"),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/eight-off.md",
    max_pile=52,
    round_example={"players": ["Aki"], "result": "win", "foundations": 52},
    description="Eight Off with hanafuda: build four foundations January to the joker with 8 "
                "reserve cells. The result is win or loss.",
    pile_key=None,  # one result per round, not a pile per player
    inputs=(
        InputDef("result", "choice",
                 "Win: all four foundations are built. Loss: no move is left. May be left out "
                 "when foundations is given.", choices=("win", "loss")),
        InputDef("foundations", "int",
                 "Optional progress: how many cards are on the foundations (all 52 is a win; 48 "
                 "when the jokers mark reserve cells).", minimum=0, maximum=52),
    ),
)
