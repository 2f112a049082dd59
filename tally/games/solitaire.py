"""Solitaire: the Hanami book's Klondike (shared/rules/solitaire.md).

Four foundations built up January to December (to the joker with the ``jokers`` variation).
A win when every card is on the foundations, a loss when no move is left (section 4). No
points: a win counts 1 (``_patience``). The progress figure is the cards on the foundations.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..cards import FULL_DECK
from ..options import HANAMI_BOOK, Preset
from . import Game, InputDef
from ._patience import (DECK52, JOKERS, foundations_evaluate, foundations_spec, play_option,
                        result_defs, score_single)

GAME_ID = "solitaire"

OPTIONS = (
    play_option("one_card_stock", "Easier: turn 1 card at a time to the stock instead of 3"),
    play_option("movable_foundations", "Easier: cards may come back from a foundation to the "
                "tableau"),
    play_option("face_up_stacks", "Easier: every tableau card is dealt face up"),
    play_option("alternating_tableau", "Harder: tableau runs alternate 'value' cards (brights, "
                "tens, ribbons, paulownia-chaff-colored) and 'chaff' cards (chaffs, "
                "willow-ribbon)"),
    play_option("ordered_foundation", "Harder: foundation 1 takes each month's 1st card, 2 its "
                "2nd, 3 its left chaff, 4 its right chaff"),
    play_option("exhausted_stack_restriction", "Harder: only a December (or a joker, with "
                "jokers) may fill an empty column"),
    play_option("unbroken_column", "Harder: only whole columns may move within the tableau"),
    play_option("larger_tableau", "Deal 7 stacks instead of 6"),
    play_option("jokers", "Add 4 jokers (joker-a..d) as a 13th month: foundations run January "
                "to joker, the tableau goes down from joker"),
    play_option("hidden_stock", "Harder: of the 3 stock cards turned at setup, only the top one "
                "stays visible"),
    play_option("exhausted_deck_loss", "Harder: the game ends as a loss the first time the draw "
                "pile is empty and a new draw is needed; no reshuffle",
                excludes=("exhausted_three_times_loss",)),
    play_option("exhausted_three_times_loss", "Harder: the game ends as a loss when the deck is "
                "exhausted for the third time (at most 2 reshuffles)",
                excludes=("exhausted_deck_loss",)),
    play_option("flipped_not_shuffled", "Harder: when the draw pile runs out, turn the stock "
                "over as the new draw pile instead of shuffling"),
)


def compile(rules):
    allowed = FULL_DECK | (JOKERS if rules["jokers"] else 0)
    if rules["exhausted_deck_loss"]:
        reshuffles = 0
    elif rules["exhausted_three_times_loss"]:
        reshuffles = 2
    else:
        reshuffles = None  # section 2: "as often as needed"
    spec = foundations_spec(GAME_ID, rules, OPTIONS, allowed,
                            "joker" if rules["jokers"] else "December", max_reshuffles=reshuffles)
    return SimpleNamespace(rules=rules, spec=spec)


evaluate = foundations_evaluate


def score_round(rnd, c):
    return score_single(GAME, rnd, c.spec, c.rules.preset)


GAME = Game(
    id=GAME_ID,
    names={"en": "Solitaire"},
    family="fusion",
    players=(1, 1),
    deck=DECK52,  # the jokers are in play only with the jokers variation
    options=OPTIONS,
    presets=(Preset("book", "48 cards, 6 tableau stacks of 1-6 cards, 3-card stock, unlimited "
                    "reshuffles when the draw pile is empty, foundations January to December; "
                    "every variation off.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=result_defs("all four foundations built January to December (with jokers: January to "
                     "joker)", "no legal moves are left (or a variation's loss condition)"),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/solitaire.md",
    max_pile=52,
    round_example={"players": ["Aki"], "result": "loss", "foundations": 30, "reshuffles": 4},
    description="Klondike with hanafuda: build four foundations January to December. The "
                "result is win or loss.",
    pile_key=None,  # one result per round, not a pile per player
    inputs=(
        InputDef("result", "choice",
                 "Win: all four foundations are built. Loss: no move is left. May be left out "
                 "when foundations is given.", choices=("win", "loss")),
        InputDef("foundations", "int",
                 "Optional progress: how many cards are on the foundations (all 48, or 52 with "
                 "jokers, is a win).", minimum=0, maximum=52),
        InputDef("reshuffles", "int",
                 "Optional: how many times the stock was turned into a new draw pile.",
                 minimum=0),
    ),
)
