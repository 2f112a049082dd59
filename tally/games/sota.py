"""Sota (Seotda, 섯다): seotda with a draw-and-discard step (shared/rules/sota.md).

Only the final two cards count. 19 ranked Hand Combos (three bright pairs, the month pairs,
six "any X + any Y" pairs); four Special Hand Combinations catch a strong top hand (April +
July) or cancel a weak round (April + September). Ranking is the shared seotda table in
``_luck``; the specials are decided here before the usual comparison (§5 steps 3-4). Quick
entry (§7 allows it): the ``outcome`` as said at the table (winner, hand, points, or a draw)
instead of the hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace

from ..cards import mask_of, slugs_of
from ..errors import TallyError
from ..options import BOOL, HANAMI_BOOK, Option, Preset
from ..results import YakuHit, said
from ..rounds import player_field, players_of
from . import Game, InputDef, YakuDef
from ._luck import (HAND_VALUE, MONTH_MASKS, Outcome, combo, either_or, month_pairs,
                    no_events, pair_options, score_seotda, seotda_evaluate, seotda_result,
                    seotda_table, seotda_tie_options, seotda_yaku_defs, stake_option)

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
                    "{player} holds April Ten & September Ten and nobody holds a Hand Combo: "
                    "the round is a draw", player=t[0])
                    if top is None else said(
                    "{player} holds April Ten & September Ten and the top hand is rank "
                    "{rank}: the round is a draw", player=t[0], rank=top))
            a = holders("void_apr_sep")
            if a and (weak or top is not None and top >= 14):
                return Outcome("draw", said(
                    "{players} hold(s) Any April & Any September and nobody holds a Hand "
                    "Combo: the round is a draw", players=", ".join(a))
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
    if rnd.get("outcome") is not None:
        return _score_declared(rnd, c)
    return score_seotda(GAME, rnd, c, decide_specials(c))


# Quick entry (§7: "or the outcome entered by hand: winner + id + points, or draw"): the
# hands a round can be won with, and what each scores (§4a; the catchers §4b).
WINNING_HANDS = {cb.id: (cb.names, cb.points) for cb in COMBOS} | {
    "hand_value": (HAND_VALUE, 1),
    "catcher_apr_jul": (SPECIAL_NAMES["catcher_apr_jul"], 3),
    "catcher_apr_jul_tens": (SPECIAL_NAMES["catcher_apr_jul_tens"], 5)}
RANK = {cb.id: cb.rank for cb in COMBOS}
OUTCOME_KEYS = ("winner", "hand", "points", "draw")


def _score_declared(rnd, c):
    """The round's outcome as said at the table, without the hands (not both)."""
    players = players_of(GAME, rnd)
    dealer = player_field(GAME, rnd, "dealer", players, required=False)
    no_events(GAME, rnd)
    hands = rnd.get("hands")
    if isinstance(hands, Mapping) and hands:  # both kinds at once
        p = next(iter(hands))
        raise TallyError(said("{game}: {player!r} has cards entered and the round has a "
                              "declared outcome: enter one or the other", game=GAME_ID,
                              player=p), game=GAME_ID, player=p, field=f"hands.{p}")
    outcome = _declared_outcome(rnd["outcome"], players)
    note = said("declared at the table")
    shown = {}
    for p in players:
        won = p in outcome.winners
        names = WINNING_HANDS[outcome.hand_id][0] if won else {}
        shown[p] = ((YakuHit(outcome.hand_id, names["en"], outcome.points, (), names, note),)
                    if won else (), {"hand": outcome.hand_id if won else None,
                                     "rank": RANK.get(outcome.hand_id) if won else None,
                                     "hand_value": None, "declared": ["outcome"]})
    return seotda_result(GAME, c, players, dealer, outcome, shown, notes=(
        said("quick entry: the outcome was declared at the table, not worked out from the "
             "hands"),))


def _declared_outcome(raw, players) -> Outcome:
    """``{"winner", "hand", "points"}`` or ``{"draw": true}``; the points must be the hand's."""
    if not isinstance(raw, Mapping) or set(raw) - set(OUTCOME_KEYS):
        raise TallyError(said("{game}: the declared outcome takes the winner, the winning hand "
                              "and its points, or says the round is a draw; nothing else",
                              game=GAME_ID), game=GAME_ID, field="outcome")
    draw = raw.get("draw", False)
    if draw is True:
        if set(raw) - {"draw"}:
            raise TallyError(said("{game}: a drawn round has no winner, hand or points",
                                  game=GAME_ID), game=GAME_ID, field="outcome.draw")
        return Outcome("draw", said("declared at the table: the round is a draw"))
    if draw is not False:
        raise TallyError(said("{game}: the declared outcome's draw must be on or off, not "
                              "{value!r}", game=GAME_ID, value=draw),
                         game=GAME_ID, field="outcome.draw")
    winner, hand = raw.get("winner"), raw.get("hand")
    if winner not in players:
        raise TallyError(said("{game}: the declared winner {player!r} is not one of the "
                              "players ({players})", game=GAME_ID, player=winner,
                              players=", ".join(players)), game=GAME_ID,
                         field="outcome.winner")
    if hand not in WINNING_HANDS:
        raise TallyError(said("{game}: the declared hand {value!r} does not win a round; the "
                              "winning hands are: {yaku}", game=GAME_ID, value=hand,
                              yaku=", ".join(n["en"] for n, _ in WINNING_HANDS.values())),
                         game=GAME_ID, player=winner, rule=str(hand),
                         known=tuple(WINNING_HANDS), field="outcome.hand")
    names, points = WINNING_HANDS[hand]
    if raw.get("points", points) != points:
        raise TallyError(said("{game}: {hand} scores {points}, not {value!r}", game=GAME_ID,
                              hand=names["en"], points=points, value=raw["points"]),
                         game=GAME_ID, player=winner, rule=hand, field="outcome.points")
    return Outcome("win", said("declared at the table: {hand} scores {points}",
                               hand=names["en"], points=points), (winner,), hand, points)


GAME = Game(
    id=GAME_ID,
    names={"en": "Sota", "ko": "소타 (섯다 변형)"},
    family="luck",
    players=(2, 6),
    deck=DECK,
    options=seotda_tie_options()
    + pair_options("drawn_round_counts", "App option (not in the book): a drawn round still "
                   "counts toward the agreed number of rounds (recommended).",
                   "drawn_round_replayed", "A drawn round does not count and is replayed.",
                   "draws")
    + (Option("catch_before_void", BOOL, False, "When a tens April + September void and an April "
              "+ July catch both apply, the catch wins (off: the draw wins, "
              "recommended).", group="specials"),
       Option("void_needs_combo", BOOL, False, "Any April & Any September (and the tens version) "
              "void the round only when someone holds a Hand Combo (off: with no combo at all the "
              "round is a draw too, recommended).",
              group="specials"))
    + stake_option(),
    presets=(Preset("book", "The book's game: 20-card deck, the 19 Hand Combos and the four "
                    "Special Hand Combinations as printed, hand value 1 point, only the winner "
                    "scores; a tie is a draw, and a drawn round counts.", names=HANAMI_BOOK),),
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
            ("void_apr_sep", "draw (when the top hand is rank 14-19, or nobody has a hand combo)",
             slugs_of(APR | SEP), "Any April + any September: cancels a weak round"),
            ("void_apr_sep_tens", "draw (when the top hand is rank 4-19, or nobody has a hand "
             "combo)",
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
    inputs=(
        InputDef("outcome", "record",
                 "Quick entry, instead of the hands: the winner, the hand they won with and "
                 "its points, or that the round was a draw.",
                 fields=(InputDef("winner", "player", "Winner"),
                         InputDef("hand", "choice", "Winning hand",
                                  choices=tuple(WINNING_HANDS)),
                         InputDef("points", "int", "Points", minimum=1, maximum=10),
                         InputDef("draw", "bool", "Draw", default=False))),
    ),
)
