"""Sutda (Simplified): the Hanami book's easier seotda (shared/rules/sutda-simplified.md).

Two cards each from a 20-card deck (the bright/ten and the 4th chaff of months 1-10); the best
Hand Combo wins its points, else the best hand value ((m1 + m2) mod 10) wins 1 point. Only the
winner scores. Ranking and round scoring are the shared seotda machinery in ``_luck``.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..cards import mask_of
from ..options import HANAMI_BOOK, Preset
from . import Game
from ._luck import (combo, either_or, score_seotda, seotda_evaluate, seotda_table,
                    seotda_tie_options, seotda_yaku_defs, stake_option, sutda_top_combos)

GAME_ID = "sutda-simplified"

# §1: for months 1-10, the first card (bright or ten) and the 4th card (chaff-2).
DECK = mask_of([
    "pine-crane", "pine-chaff-2", "plum-warbler", "plum-chaff-2", "cherry-curtain",
    "cherry-chaff-2", "wisteria-cuckoo", "wisteria-chaff-2", "iris-bridge", "iris-chaff-2",
    "peony-butterflies", "peony-chaff-2", "clover-boar", "clover-chaff-2", "pampas-moon",
    "pampas-chaff-2", "chrysanthemum-sake", "chrysanthemum-chaff-2", "maple-deer",
    "maple-chaff-2"])

# §4, ranks 1-17 exactly as printed (seed 002 lines 6121-6173 and 10151-10185). Ranks 12-17
# are exact cards (§10.3); 1 + 8 is kept as printed, not traditional 1 + 9 (§10.2).
COMBOS = sutda_top_combos()
COMBOS += [
    combo(12, "crane_feb_chaff", "Crane & Feb Chaff", 1, ("pine-crane", "plum-chaff-2")),
    combo(13, "crane_apr_chaff", "Crane & April Chaff", 1, ("pine-crane", "wisteria-chaff-2")),
    combo(14, "deer_apr_chaff", "Deer & April Chaff", 1, ("maple-deer", "wisteria-chaff-2")),
    combo(15, "deer_jan_chaff", "Deer & Jan Chaff", 1, ("maple-deer", "pine-chaff-2")),
    combo(16, "crane_aug_chaff", "Crane & Aug Chaff", 1, ("pine-crane", "pampas-chaff-2")),
    combo(17, "butterfly_apr_chaff", "Butterfly & April Chaff", 1,
          ("peony-butterflies", "wisteria-chaff-2")),
]


def compile(rules):
    either_or(GAME_ID, rules, "tie_draw", "tie_all_score")
    return SimpleNamespace(rules=rules, table=seotda_table(DECK, COMBOS))


def evaluate(mask, c):
    return seotda_evaluate(GAME, mask, c)


def score_round(rnd, c):
    return score_seotda(GAME, rnd, c)


GAME = Game(
    id=GAME_ID,
    names={"en": "Sutda (Simplified)", "ko": "섯다 (간단 규칙)"},
    family="luck",
    players=(2, 10),
    deck=DECK,
    options=seotda_tie_options() + stake_option(),
    presets=(Preset("book", "The book's game: 20-card deck, the 17 Hand Combos as printed (1 + 8, "
                    "not 1 + 9), hand value 1 point, only the winner "
                    "scores; a tie is a draw.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=seotda_yaku_defs(COMBOS, DECK),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/sutda-simplified.md",
    max_pile=2,
    round_example={
        "players": ["Ana", "Bo", "Cy"],
        "dealer": "Ana",
        "hands": {"Ana": ["cherry-curtain", "pampas-moon"],
                  "Bo": ["maple-deer", "maple-chaff-2"],
                  "Cy": ["iris-bridge", "chrysanthemum-chaff-2"]},
    },
    description="Two cards each; the best Hand Combo wins its points, else the best hand "
                "value (last digit of the month sum) wins 1 point. Only the winner scores.",
    pile_key="hands",  # the cards entered are the ones held, not captured
)
