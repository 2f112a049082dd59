"""Sota (Seotda, 섯다): seotda with a draw-and-discard step (shared/rules/sota.md).

Only the final two cards count. 19 ranked Hand Combos (three bright pairs, the month pairs,
six "any X + any Y" pairs); four Special Hand Combinations catch a strong top hand (April +
July) or cancel a weak round (April + September). Ranking is the shared seotda table in
``_luck``; the specials are decided here before the usual comparison (§5 steps 3-4).
"""

from __future__ import annotations

from types import SimpleNamespace

from ..cards import mask_of, slugs_of
from ..options import BOOL, Option, Preset
from ..results import YakuHit, said
from . import Game, YakuDef
from ._luck import (MONTH_MASKS, Outcome, combo, either_or, month_pairs, pair_options,
                    score_seotda, seotda_evaluate, seotda_table, seotda_tie_options,
                    seotda_yaku_defs, stake_option)

GAME_ID = "sota"

# §1: no willow, no paulownia, no chaff: the bright, ten and ribbon cards of months 1-10.
DECK = mask_of([
    "pine-crane", "pine-poetry", "plum-warbler", "plum-poetry", "cherry-curtain",
    "cherry-poetry", "wisteria-cuckoo", "wisteria-ribbon", "iris-bridge", "iris-ribbon",
    "peony-butterflies", "peony-blue", "clover-boar", "clover-ribbon", "pampas-moon",
    "pampas-geese", "chrysanthemum-sake", "chrysanthemum-blue", "maple-deer", "maple-blue"])

# §4a, ranks 1-19 as printed (fig. 33.1, seed 002 lines 6843-6899; chart 10201-10269).
COMBOS = [combo(1, "curtain_moon", "Curtain and Moon", 10, ("cherry-curtain", "pampas-moon")),
          combo(2, "crane_moon", "Crane and Moon", 8, ("pine-crane", "pampas-moon")),
          combo(3, "crane_curtain", "Crane and Curtain", 7, ("pine-crane", "cherry-curtain"))]
COMBOS += month_pairs(4, lambda m: 5 if m == 10 else 3)
COMBOS += [combo(14, "jan_feb", "Any Jan & Any Feb", 1, (1, 2)),
           combo(15, "jan_apr", "Any Jan & Any April", 1, (1, 4)),
           combo(16, "jan_sep", "Any Jan & Any Sep", 1, (1, 9)),
           combo(17, "jan_oct", "Any Jan & Any Oct", 1, (1, 10)),
           combo(18, "apr_oct", "Any April & Any Oct", 1, (4, 10)),
           combo(19, "apr_jun", "Any April & Any June", 1, (4, 6))]

# §4b: the four Special Hand Combinations (fig. 33.2, seed lines 6901-6925).
APR, JUL, SEP = MONTH_MASKS[3], MONTH_MASKS[6], MONTH_MASKS[8]
TENS_APR_JUL = mask_of(["wisteria-cuckoo", "clover-boar"])
TENS_APR_SEP = mask_of(["wisteria-cuckoo", "chrysanthemum-sake"])
SPECIAL_NAMES = {
    "catcher_apr_jul": {"en": "Any April & Any July"},
    "catcher_apr_jul_tens": {"en": "April Ten & July Ten"},
    "void_apr_sep": {"en": "Any April & Any September"},
    "void_apr_sep_tens": {"en": "April Ten & September Ten"},
}
SPECIAL_POINTS = {"catcher_apr_jul": 3, "catcher_apr_jul_tens": 5, "void_apr_sep": 0,
                  "void_apr_sep_tens": 0}


def specials_of(mask: int) -> tuple[YakuHit, ...]:
    """The special ids a two-card hand holds. The tens versions also count as the "any"
    versions of the same months (§5.1, §10.2: the literal text)."""
    ids = []
    if mask & APR and mask & JUL:
        if mask == TENS_APR_JUL:
            ids.append("catcher_apr_jul_tens")
        ids.append("catcher_apr_jul")
    if mask & APR and mask & SEP:
        if mask == TENS_APR_SEP:
            ids.append("void_apr_sep_tens")
        ids.append("void_apr_sep")
    cards = slugs_of(mask)
    return tuple(YakuHit(i, SPECIAL_NAMES[i]["en"], SPECIAL_POINTS[i], cards, SPECIAL_NAMES[i],
                         said("special hand combination")) for i in ids)


def compile(rules):
    either_or(GAME_ID, rules, "tie_draw", "tie_all_score")
    either_or(GAME_ID, rules, "drawn_round_counts", "drawn_round_replayed")
    return SimpleNamespace(rules=rules, table=seotda_table(DECK, COMBOS, specials_of))


def evaluate(mask, c):
    return seotda_evaluate(GAME, mask, c)


def decide_specials(c):
    """§5 steps 2-4: the draw check, then the catch check (or the other way round with
    ``catch_before_void``, §10.1)."""
    rules = c.rules

    def special(evals, players):
        ranks = [e.details["rank"] for e in evals.values() if e.details["rank"] is not None]
        top = min(ranks) if ranks else None
        held = {p: set(evals[p].details["specials"]) for p in players}

        def holders(sid):
            return tuple(p for p in players if sid in held[p])

        def void():
            weak = top is None and not rules["void_needs_combo"]
            t = holders("void_apr_sep_tens")
            if t and (weak or top is not None and top >= 4):
                return Outcome("draw", said(
                    "{player} holds April Ten & September Ten and the top hand is none "
                    "(nobody holds a Hand Combo): the round is a draw", player=t[0])
                    if top is None else said(
                    "{player} holds April Ten & September Ten and the top hand is rank "
                    "{rank}: the round is a draw", player=t[0], rank=top))
            a = holders("void_apr_sep")
            if a and (weak or top is not None and top >= 14):
                return Outcome("draw", said(
                    "{players} hold(s) Any April & Any September and the top hand is none "
                    "(nobody holds a Hand Combo): the round is a draw", players=", ".join(a))
                    if top is None else said(
                    "{players} hold(s) Any April & Any September and the top hand is rank "
                    "{rank}: the round is a draw", players=", ".join(a), rank=top))
            return None

        def catch():
            t = holders("catcher_apr_jul_tens")
            if t and top in (2, 3):
                return Outcome("win", said("April Ten & July Ten catches the rank-{rank} "
                                           "hand: 5 points", rank=top),
                               t, "catcher_apr_jul_tens", 5)
            a = holders("catcher_apr_jul")
            if a and top is not None and 4 <= top <= 13:
                return Outcome("win", said("Any April & Any July catches the rank-{rank} "
                                           "month pair: 3 points", rank=top),
                               a, "catcher_apr_jul", 3)
            return None

        order = (catch, void) if rules["catch_before_void"] else (void, catch)
        for check in order:
            out = check()
            if out is not None:
                return out
        return None

    return special


def _top(top):
    return "none (nobody holds a Hand Combo)" if top is None else f"rank {top}"


def score_round(rnd, c):
    return score_seotda(GAME, rnd, c, decide_specials(c))


GAME = Game(
    id=GAME_ID,
    names={"en": "Sota", "ko": "섯다"},
    family="luck",
    players=(2, 6),
    deck=DECK,
    options=seotda_tie_options()
    + pair_options("drawn_round_counts", "App option (not in the book): a drawn round still "
                   "counts toward the agreed number of rounds (recommended).",
                   "drawn_round_replayed", "A drawn round does not count and is replayed.",
                   "draws")
    + (Option("catch_before_void", BOOL, False, "Reading of §10.1: when a tens April + "
              "September void and an April + July catch both apply, the catch wins (off: the "
              "draw wins, recommended).", group="specials"),
       Option("void_needs_combo", BOOL, False, "Reading of §10.3: Any April & Any September "
              "(and the tens version) void the round only when someone holds a Hand Combo "
              "(off: with no combo at all the round is a draw too, recommended).",
              group="specials"))
    + stake_option(),
    presets=(Preset("book", "The book's game: 20-card deck, the 19 Hand Combos and the four "
                    "Special Hand Combinations as printed, hand value 1 point, only the "
                    "winner scores, tie_draw, drawn_round_counts."),),
    default_preset="book",
    yaku=seotda_yaku_defs(COMBOS, DECK, tuple(
        YakuDef(i, dict(SPECIAL_NAMES[i]), p, cards, group="special", description=d,
                kind="hand")
        for i, p, cards, d in (
            ("catcher_apr_jul", "3 (wins when the top hand is rank 4-13)",
             slugs_of(APR | JUL), "Any April + any July: catches a month pair"),
            ("catcher_apr_jul_tens", "5 (wins when the top hand is rank 2 or 3)",
             slugs_of(TENS_APR_JUL), "April ten + July ten: catches crane-moon or "
             "crane-curtain"),
            ("void_apr_sep", "draw (when the top hand is rank 14-19 or none)",
             slugs_of(APR | SEP), "Any April + any September: cancels a weak round"),
            ("void_apr_sep_tens", "draw (when the top hand is rank 4-19 or none)",
             slugs_of(TENS_APR_SEP), "April ten + September ten: cancels a pair round")))),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/sota.md",
    max_pile=2,
    round_example={  # sota.md §9 E3: B's April + July catches A's September pair
        "players": ["Ana", "Bo", "Cy"],
        "dealer": "Ana",
        "hands": {"Ana": ["chrysanthemum-sake", "chrysanthemum-blue"],
                  "Bo": ["wisteria-ribbon", "clover-boar"],
                  "Cy": ["iris-bridge", "peony-blue"]},
    },
    description="Seotda with a draw-and-discard step: the final two cards are ranked; "
                "April + July catches strong hands, April + September cancels weak rounds.",
    pile_key="hands",  # the cards entered are the ones held, not captured
)
