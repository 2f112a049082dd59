"""Hiki-Kabu (ひきかぶ): a Kabu pot game (shared/rules/hiki-kabu.md).

Each player stakes the value of their face-up first card, takes a face-down second card and
maybe a third (7+ may not draw, 3 or less must); the highest total (last digit of the month
sum) takes the pot, ties split it, an all-round tie gives it to the dealer. Three cards of one
month (``triple_pot``) count as 9 and triple every stake; the dealer's September-then-January
(``dealer_nine_one``) takes the pot whatever the others hold.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..options import Preset
from ..results import Step, YakuHit, said
from ..rounds import player_field, players_of
from . import Game, YakuDef
from ._luck import (KABU_DECK, ODD_CHIPS, DealerSpecial, Ledger, carried_pot,
                    check_kabu_draw, dealer_special, hands_of, kabu_evaluation, no_events,
                    names_joined, settle_pot_round)

GAME_ID = "hiki-kabu"
TRIPLE_POT = {"en": "Triple Pot"}
NINE_ONE = DealerSpecial("dealer_nine_one", {"en": "Dealer 9 and 1"}, 9, 1)
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October")
# The stake step of each month (§5.1): one template per month, so the month is translated.
_STAKE = ("stake {stake}: the face-up first card is January",
          "stake {stake}: the face-up first card is February",
          "stake {stake}: the face-up first card is March",
          "stake {stake}: the face-up first card is April",
          "stake {stake}: the face-up first card is May",
          "stake {stake}: the face-up first card is June",
          "stake {stake}: the face-up first card is July",
          "stake {stake}: the face-up first card is August",
          "stake {stake}: the face-up first card is September",
          "stake {stake}: the face-up first card is October")


def compile(rules):
    cache = {}
    c = SimpleNamespace(rules=rules)
    # §4: three of a month counts as 9 (seed 002 line 6229).
    c.evaluate = lambda mask: kabu_evaluation(GAME, mask, cache, "triple_pot", TRIPLE_POT, 9)
    return c


def evaluate(mask, c):
    return c.evaluate(mask)


def score_round(rnd, c):
    players = players_of(GAME, rnd)
    dealer = player_field(GAME, rnd, "dealer", players)
    no_events(GAME, rnd)
    carried = carried_pot(GAME, rnd, players)
    hands = hands_of(GAME, rnd, players, Ledger(GAME), sizes=(2, 3))
    evals, stakes, steps = {}, {}, {}
    for p, (mask, months) in hands.items():
        check_kabu_draw(GAME, months, said("the hand of {player!r}", player=p), player=p,
                        field=f"hands.{p}")
        evals[p] = c.evaluate(mask)
        stakes[p] = months[0]  # §5.1: stake = the value of the face-up first card
        steps[p] = [Step("stake", "base", -months[0], said(_STAKE[months[0] - 1],
                                                          stake=months[0]), -months[0])]
    tripler = [p for p in players if evals[p].details.get("triple")]
    if tripler:  # §5.4, §10.3: every original stake tripled, once however many triples
        for p in players:
            stakes[p] *= 3
            steps[p].append(Step("triple_pot", "multiply", 3, said(
                "{players} holds three of a month: every stake is tripled",
                players=", ".join(tripler)), -stakes[p]))
    totals = {p: evals[p].details["total"] for p in players}
    sp = dealer_special((NINE_ONE,), hands[dealer][1])
    if sp is not None:  # §5.5: beats everything, triple pot included
        winners, why = [dealer], said("the dealer {dealer} holds September then January",
                                      dealer=dealer)
    else:
        best = max(totals.values())
        winners = [p for p in players if totals[p] == best]
        if len(winners) == len(players):
            winners, why = [dealer], said("every player ties at {total}: the dealer takes "
                                          "the pot", total=best)
        elif len(winners) == 1:
            why = said("the highest total, {total}", total=best)
        else:
            who, named = names_joined(winners)
            why = said(who + " tie at {total} and split the pot", total=best, **named)
    yaku = {p: evals[p].yaku for p in players}
    if sp is not None:
        yaku[dealer] += (YakuHit(sp.id, sp.names["en"], totals[dealer],
                                 evals[dealer].yaku[0].cards, sp.names,
                                 said("first card September, second January")),)
    extras = {p: {"total": totals[p], "cards": list(evals[p].yaku[0].cards)} for p in players}
    return settle_pot_round(GAME, c, players, dealer, stakes, steps, carried, winners, why,
                            yaku=yaku, extras=extras, base_points=totals)


GAME = Game(
    id=GAME_ID,
    names={"en": "Hiki-Kabu", "ja": "ひきかぶ"},
    family="luck",
    players=(2, 10),
    deck=KABU_DECK,
    options=(ODD_CHIPS,),
    presets=(Preset("book", "The book's game: 40-card deck, stake = value of the face-up "
                    "card, draw on 3 or less, stand on 7+, triple_pot and dealer_nine_one, "
                    "ties split, all tied -> dealer, odd chips stay in the pot."),),
    default_preset="book",
    yaku=tuple(YakuDef(f"total_{n}", {"en": f"Total {n}"}, f"{n} (higher wins the pot)", (),
                       group="total", description="Last digit of the month sum of 2-3 cards",
                       kind="hand") for n in range(10)) + (
        YakuDef("triple_pot", dict(TRIPLE_POT), "counts as 9; every stake x 3", (),
                description="Three cards of one month: the hand counts as 9 and every player "
                "triples their original stake", kind="hand"),
        YakuDef("dealer_nine_one", dict(NINE_ONE.names), "takes the pot", (),
                description="The dealer's first card is a September and the second a "
                "January, in that order: the dealer takes the pot whatever the others hold",
                kind="hand")),
    events=(),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/hiki-kabu.md",
    max_pile=3,
    round_example={  # hiki-kabu.md §9 E1 (book pp. 147-148), with the printed values
        "players": ["Ana", "Bo", "Cy"],
        "dealer": "Bo",
        "hands": {"Ana": ["pine-crane", "plum-warbler", "peony-butterflies"],
                  "Bo": ["maple-deer", "pampas-moon"],
                  "Cy": ["pampas-geese", "clover-boar", "iris-bridge"]},
    },
    description="Stake the face-up card's value, draw to a total (last digit of the month "
                "sum); the highest total takes the pot.",
    pile_key="hands",  # the cards entered are the ones held, not captured
)
