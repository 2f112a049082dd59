"""Pyramid: the Hanami book's pyramid patience (shared/rules/pyramid.md).

21 cards in a 6-row pyramid (28 in 7 rows with larger_pyramid), pairs of the same month removed,
jokers discarded on sight. A win when the pyramid is empty (3 or fewer left with
three_or_less_wins), a loss when the draw pile runs out first (section 4). No points: a win
counts 1 (``_patience``). The progress figure is the cards left in the pyramid (their number
is read too, as older sessions stored it).
"""

from __future__ import annotations

from types import SimpleNamespace

from ..options import HANAMI_BOOK, Preset
from . import Game, InputDef
from ._patience import (DECK52, Spec, evaluate as _evaluate, play_option, result_defs,
                        score_single)

GAME_ID = "pyramid"

OPTIONS = (
    # harder (section 8)
    play_option("jokers_match", "Harder: jokers must be removed in pairs, joker with joker",
                excludes=("jokers_wild",)),
    play_option("draw_three", "Harder: draw 3 cards to the stock at a time, only the top one "
                "usable; the deck may be reshuffled up to three times when exhausted"),
    play_option("larger_pyramid", "Harder: 7 rows (28 cards) instead of 6 (21)"),
    play_option("blocked", "Harder: a card cannot pair with a card of its month that it is "
                "itself covering"),
    # easier
    play_option("jokers_wild", "Easier: a joker may pair with a card of any month",
                excludes=("jokers_match",)),
    play_option("three_or_less_wins", "Easier: the player wins with 3 or fewer cards left in "
                "the pyramid"),
    play_option("reshuffle", "Easier: the deck may be reshuffled when exhausted; the game ends "
                "when the pyramid is cleared or no match is left (no limit, also when drawing 3 "
                "at a time)"),
    play_option("free_space", "Easier: one reserve spot may hold any 1 card from the stock or "
                "pyramid", excludes=("three_free_spaces",)),
    play_option("three_free_spaces", "Easier: three such reserve spots",
                excludes=("free_space",)),
)


def compile(rules):
    size = 28 if rules["larger_pyramid"] else 21
    most_left = 3 if rules["three_or_less_wins"] else 0
    if rules["reshuffle"]:
        reshuffles = None  # section 10.2: reshuffle (unlimited) wins over draw_three's three
    elif rules["draw_three"]:
        reshuffles = 3
    else:
        reshuffles = 0
    spec = Spec(
        GAME_ID, "left", "cards left in the pyramid", DECK52, size,
        lambda n: n <= most_left,
        "an empty pyramid" if not most_left else "3 or fewer cards left",
        max_reshuffles=reshuffles,
        variations=tuple(o.id for o in OPTIONS if rules[o.id]))
    return SimpleNamespace(rules=rules, spec=spec)


def evaluate(mask: int, c):
    """The cards left in the pyramid at the end: none is a win (3 or fewer with
    three_or_less_wins), more a loss."""
    return _evaluate(c.spec, mask)


def score_round(rnd, c):
    return score_single(GAME, rnd, c.spec, c.rules.preset)


GAME = Game(
    id=GAME_ID,
    names={"en": "Pyramid"},
    family="fusion",
    players=(1, 1),
    deck=DECK52,
    options=OPTIONS,
    presets=(Preset("book", "6-row pyramid of 21 cards, one card drawn to the stock at a time, "
                    "jokers discarded without a partner, win when the pyramid is empty, loss "
                    "when the draw pile runs out; every variation off.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=result_defs("every pyramid card removed (or 3 or fewer left, when the house rule says "
                     "so)",
                     "the draw pile runs out first (with reshuffle: no moves are left)"),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/pyramid.md",
    max_pile=28,
    round_example={"players": ["Aki"], "result": "loss", "left": ["pine-crane",
                                                                   "maple-deer", "joker-a"]},
    description="Patience for one: clear the 21-card pyramid by removing pairs of the same "
                "month. The result is win or loss.",
    pile_key=None,  # one result per round, not a pile per player
    inputs=(
        InputDef("result", "choice",
                 "Win: the pyramid is cleared. Loss: the draw pile runs out first. May be left "
                 "out when left is given.", choices=("win", "loss")),
        # the cards, as section 5 records them (a number of cards, as sessions before issue 28
        # stored it, is still read: _patience.read_progress)
        InputDef("left", "cards",
                 "Optional progress: the cards left in the pyramid (an empty pyramid is a win; "
                 "3 or fewer when the house rule says so)."),
        InputDef("reshuffles", "int",
                 "Optional: how many times the deck was reshuffled (never in the book's game, at "
                 "most 3 when drawing 3 at a time, any number when reshuffles are "
                 "allowed).", minimum=0),
    ),
)
