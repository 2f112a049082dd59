"""Sutda (섯다, seotda): the Hanami book's traditional version (shared/rules/sutda.md).

Two cards each from a 20-card deck (two cards of months 1-10, all chaffs but the curtain and
the moon). The best Hand Combo wins its points, else the best hand value ((m1 + m2) mod 10)
wins 1 point; only the winner scores. Ranks 12-17 need the month's "3rd" (``*-chaff-1``) or
"4th" (``*-chaff-2``) card (§1, §10.2) unless ``month_only_specials`` is on.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..cards import mask_of
from ..options import BOOL, HANAMI_BOOK, Option, Preset
from . import Game
from ._luck import (combo, either_or, score_seotda, seotda_evaluate, seotda_table,
                    seotda_tie_options, seotda_yaku_defs, stake_option, sutda_top_combos)

GAME_ID = "sutda"

# §1 and §10.1: March and August keep their bright plus the 4th card (chaff-2).
DECK = mask_of([
    "pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-curtain",
    "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1", "iris-chaff-2",
    "peony-chaff-1", "peony-chaff-2", "clover-chaff-1", "clover-chaff-2", "pampas-moon",
    "pampas-chaff-2", "chrysanthemum-chaff-1", "chrysanthemum-chaff-2", "maple-chaff-1",
    "maple-chaff-2"])

_TOP = sutda_top_combos()  # §4 ranks 1-11
# §4 ranks 12-17 as printed (seed 002 lines 6967-7021, 10281-10321): (rank, id, name,
# month of the 3rd card, month of the 4th card). 10-4 above 10-1 and 1 + 8 as printed (§10.4).
_LOW = [(12, "jan3_feb4", "3rd Jan & 4th Plum", 1, 2),
        (13, "jan3_apr4", "3rd Jan & 4th April", 1, 4),
        (14, "oct3_apr4", "3rd Oct & 4th April", 10, 4),
        (15, "oct3_jan4", "3rd Oct & 4th Jan", 10, 1),
        (16, "jan3_aug4", "3rd Jan & 4th Aug", 1, 8),
        (17, "jun3_apr4", "3rd June & 4th April", 6, 4)]
_FLOWER = ("pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "pampas",
           "chrysanthemum", "maple")


def combos(month_only: bool):
    if month_only:  # §8 month_only_specials: any card of each month (changes the game)
        low = [combo(r, cid, en + " (months only)", 1, (a, b)) for r, cid, en, a, b in _LOW]
    else:
        low = [combo(r, cid, en, 1, (f"{_FLOWER[a - 1]}-chaff-1", f"{_FLOWER[b - 1]}-chaff-2"))
               for r, cid, en, a, b in _LOW]
    return _TOP + low


def compile(rules):
    either_or(GAME_ID, rules, "tie_draw", "tie_all_score")
    return SimpleNamespace(rules=rules,
                           table=seotda_table(DECK, combos(rules["month_only_specials"])))


def evaluate(mask, c):
    return seotda_evaluate(GAME, mask, c)


def score_round(rnd, c):
    return score_seotda(GAME, rnd, c)


GAME = Game(
    id=GAME_ID,
    names={"en": "Sutda", "ko": "섯다"},
    family="luck",
    players=(2, 10),
    deck=DECK,
    options=seotda_tie_options() + (
        Option("month_only_specials", BOOL, False, "Ranks 12-17 match on months alone, "
               "ignoring 3rd/4th (for decks whose two chaffs cannot be told apart; changes "
               "the game, so off by default).", group="hands"),) + stake_option(),
    presets=(Preset("book", "The book's game: 20-card deck, the 17 Hand Combos as printed "
                    "(3rd/4th chaffs told apart, 1 + 8, 10-4 above 10-1), hand value 1 point, "
                    "only the winner scores; a tie is a draw.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=seotda_yaku_defs(combos(False), DECK),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/sutda.md",
    max_pile=2,
    round_example={
        "players": ["Ana", "Bo", "Cy"],
        "dealer": "Cy",
        "hands": {"Ana": ["maple-chaff-1", "maple-chaff-2"],
                  "Bo": ["pine-chaff-1", "plum-chaff-2"],
                  "Cy": ["cherry-curtain", "iris-chaff-1"]},
    },
    description="Two cards each from 20 (chaffs plus the curtain and the moon); the best "
                "Hand Combo wins its points, else the best hand value wins 1 point.",
    pile_key="hands",  # the cards entered are the ones held, not captured
)
