"""Kingo (きんご): blackjack with a target of 15 (shared/rules/kingo.md).

Everyone stakes the set bet; each player draws while their plain month sum is not above 15.
16 or more is over: that player doubles their bet and cannot win. Exactly three May cards
(``triple_fives``) triple every other bet and win; exactly April-May-June (``four_five_six``)
doubles every other bet and wins. Otherwise the closest to 15 takes the pot.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..cards import slugs_of
from ..errors import TallyError
from ..options import HANAMI_BOOK, INT, Option, Preset
from ..results import Evaluation, Step, YakuHit, said
from ..rounds import player_field, players_of
from . import Game, InputDef, YakuDef
from ._luck import (KABU_DECK, MONTH_MASKS, ODD_CHIPS, Ledger, agreed, carried_pot,
                    either_or, hands_of, month_sum, no_events, names_joined, pair_options,
                    settle_pot_round)

GAME_ID = "kingo"
TARGET = 15  # §2: 16 or more is over
MAY, APRIL, JUNE = MONTH_MASKS[4], MONTH_MASKS[3], MONTH_MASKS[5]
NAMES = {
    "over": {"en": "Over (bust)"},
    "triple_fives": {"en": "Triple Fives"},
    "four_five_six": {"en": "Four Five Six"},
}


def compile(rules):
    refund = either_or(GAME_ID, rules, "all_over_carry", "all_over_refund") == \
        "all_over_refund"
    return SimpleNamespace(rules=rules, refund=refund, cache={})


def evaluate(mask, c):
    ev = c.cache.get(mask)
    if ev is not None:
        return ev
    n = mask.bit_count()
    if n < 1:
        raise TallyError(said("a kingo hand has at least one card"), game=GAME_ID, field="cards")
    total = month_sum(mask)  # §2: the plain sum, no mod 10
    cards = slugs_of(mask)
    yaku = []
    if total > TARGET:
        yaku.append(YakuHit("over", NAMES["over"]["en"], total, cards, NAMES["over"],
                            said("{total} is over 15: the bet doubles", total=total)))
    else:
        yaku.append(YakuHit(f"total_{total}", f"Total {total}", total, cards,
                            {"en": f"Total {total}"}))
    # §4 and §10.4: "exactly" these three cards and nothing else.
    if n == 3 and (mask & MAY) == mask:
        yaku.append(YakuHit("triple_fives", NAMES["triple_fives"]["en"], total, cards,
                            NAMES["triple_fives"], said("every other player triples their bet")))
    elif n == 3 and all((mask & m).bit_count() == 1 for m in (APRIL, MAY, JUNE)):
        yaku.append(YakuHit("four_five_six", NAMES["four_five_six"]["en"], total, cards,
                            NAMES["four_five_six"], said("every other player doubles their bet")))
    ev = Evaluation(total, tuple(yaku), details={
        "total": total, "over": total > TARGET,
        "special": next((y.id for y in yaku if y.id in ("triple_fives", "four_five_six")),
                        None)})
    if len(c.cache) < 50000:
        c.cache[mask] = ev
    return ev


def score_round(rnd, c):
    players = players_of(GAME, rnd)
    dealer = player_field(GAME, rnd, "dealer", players)
    no_events(GAME, rnd)
    stake = agreed(GAME, rnd, c, "set_bet", said("the set bet"))
    carried = carried_pot(GAME, rnd, players)
    hands = hands_of(GAME, rnd, players, Ledger(GAME), sizes=(2, 10))
    evals, bets, steps = {}, {}, {}
    for p, (mask, months) in hands.items():
        # §5.2: a player may draw again only while the total is not higher than 15.
        before_last = sum(months[:-1])
        if before_last > TARGET:
            raise TallyError(said("player {player!r} drew again at {total}, over 15 (a "
                                  "player may draw only while the total is not higher than "
                                  "15)", player=p, total=before_last),
                             game=GAME_ID, player=p, field=f"hands.{p}", rule="draw")
        evals[p] = evaluate(mask, c)
        bets[p] = stake
        steps[p] = [Step("set_bet", "base", -stake, said("the set bet {stake}", stake=stake),
                         -stake)]
    over = [p for p in players if evals[p].details["over"]]
    for p in over:  # §5.4: the over-15 penalty comes first (§10.2, the book's example)
        bets[p] *= 2
        steps[p].append(Step("over", "multiply", 2, said(
            "{player} totals {total}, over 15: the bet doubles", player=p,
            total=evals[p].details["total"]), -bets[p]))
    fives = [p for p in players if evals[p].details["special"] == "triple_fives"]
    f456 = [p for p in players if evals[p].details["special"] == "four_five_six"]
    draw = False
    if fives or f456:  # §5.5: triple fives beats four-five-six
        holders, sp, mult = (fives, "Triple Fives", 3) if fives else (f456, "Four Five Six", 2)
        who, named = names_joined(holders)
        for p in players:
            if p not in holders:
                bets[p] *= mult
                steps[p].append(Step("triple_fives" if fives else "four_five_six", "multiply",
                                     mult, said(who + (
                                         " holds Triple Fives: every other player's bet x 3"
                                         if fives else " holds Four Five Six: every other "
                                         "player's bet x 2"), **named), -bets[p]))
        winners, why = holders, said("Triple Fives") if fives else said("Four Five Six")
    elif len(over) == len(players):  # §5.6: everyone over -> a draw and a new deal
        winners, draw = [], True
        why = said("everyone is over 15: the round is a draw")
    else:
        totals = {p: evals[p].details["total"] for p in players if p not in over}
        best = max(totals.values())
        winners = [p for p in players if totals.get(p) == best]
        if len(winners) == len(players):  # §10.5: only when nobody is over
            winners, why = [dealer], said("every player ties at {total}: the dealer takes "
                                          "the pot", total=best)
        else:
            why = said("closest to 15 without going over, {total}", total=best)
    notes = [why] if draw else []
    if draw:
        notes.append(said("the pot stays for the next round")
                     if not c.refund else said("bets are returned"))
    return settle_pot_round(
        GAME, c, players, dealer, bets, steps, carried, winners, why,
        yaku={p: evals[p].yaku for p in players},
        extras={p: {"total": evals[p].details["total"], "over": evals[p].details["over"]}
                for p in players},
        base_points={p: evals[p].details["total"] for p in players},
        notes=notes, draw=draw, refund=c.refund)


GAME = Game(
    id=GAME_ID,
    names={"en": "Kingo", "ja": "きんご"},
    family="luck",
    players=(2, 10),
    deck=KABU_DECK,
    options=(Option("set_bet", INT, None, "The set bet every player (the dealer included) puts in "
                    "the pot each round (agreed at setup; there is no usual value: set it here or "
                    "give it with each round).", minimum=1, group="ground rules", nullable=True),)
    + pair_options("all_over_carry", "App option (not in the book): when everyone is over, "
                   "the pot stays and is added to the next round's pot (recommended).",
                   "all_over_refund", "When everyone is over, the bets are returned.",
                   "draws")
    + (ODD_CHIPS,),
    presets=(Preset("book", "The book's game: 40-card deck, the agreed set bet, doubling over 15, "
                    "three fives (others pay x 3) above four-five-six (others pay x 2), ties "
                    "split, all tied: the dealer wins; when everyone is over, the pot carries to "
                    "the next round.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=tuple(YakuDef(f"total_{n}", {"en": f"Total {n}"}, f"{n} (closest to 15 wins)", (),
                       group="total", description="The plain sum of the months", kind="hand")
               for n in range(2, 16)) + (
        YakuDef("over", dict(NAMES["over"]), "bet x 2; cannot win", (),
                description="A total of 16 or more", kind="hand"),
        YakuDef("triple_fives", dict(NAMES["triple_fives"]), "others' bets x 3; wins the pot",
                tuple(slugs_of(MAY)), description="Exactly three May (iris) cards; beats "
                "Four Five Six", kind="hand"),
        YakuDef("four_five_six", dict(NAMES["four_five_six"]), "others' bets x 2; wins the "
                "pot", tuple(slugs_of(APRIL | MAY | JUNE)), description="Exactly one April, "
                "one May and one June", kind="hand")),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/kingo.md",
    max_pile=10,  # 1+1+1+1+2+2+2+2+3 = 15 may still draw a 10th card; then it is over
    round_example={  # kingo.md §9 E1 (book pp. 161-162): totals 15 (three Mays), 16, 18, 14
        "players": ["Ana", "Bo", "Cy", "Di"],
        "dealer": "Ana",
        "set_bet": 10,
        "hands": {"Ana": ["iris-bridge", "iris-ribbon", "iris-chaff-1"],
                  "Bo": ["maple-deer", "peony-butterflies"],
                  "Cy": ["maple-blue", "pampas-moon"],
                  "Di": ["maple-chaff-1", "wisteria-cuckoo"]},
    },
    description="Draw towards 15 without going over; over doubles your bet; three Mays or "
                "4-5-6 win outright and multiply the others' bets.",
    pile_key="hands",  # the cards entered are the ones held, not captured
    inputs=(
        InputDef("set_bet", "int",
                 "The set bet agreed at setup. Needed only when the house rules do not set it.",
                 minimum=1),
    ),
)
