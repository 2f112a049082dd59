"""Hiki-Kabu (ひきかぶ): a Kabu pot game (shared/rules/hiki-kabu.md).

Each player stakes the value of their face-up first card, takes a face-down second card and
maybe a third (7+ may not draw, 3 or less must); the highest total (last digit of the month
sum) takes the pot, ties split it, an all-round tie gives it to the dealer. Three cards of one
month (``triple_pot``) count as 9 and triple every stake; the dealer's September-then-January
(``dealer_nine_one``) takes the pot whatever the others hold. Quick entry (§7 allows it): a
player's ``totals`` (first card's month, total, triple, nine_one) instead of the cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import SimpleNamespace

from ..options import HANAMI_BOOK, Preset
from ..errors import TallyError
from ..results import Step, YakuHit, said
from ..rounds import player_field, players_of
from . import Game, InputDef, YakuDef
from ._luck import (KABU_DECK, MONTH_MASKS, ODD_CHIPS, DealerSpecial, Ledger, carried_pot,
                    check_kabu_draw, dealer_special, hands_of, kabu_evaluation, no_events,
                    names_joined, settle_pot_round, total_hit)

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


@dataclass(frozen=True)
class _Hand:
    """What the pot needs of one hand: from its cards, or declared (hiki-kabu.md §7: "or,
    per player, the first card value, the final total, and whether the hand is three of a
    month")."""
    first: int  # the month of the face-up first card: the stake (§5.1)
    total: int
    triple: bool
    nine_one: bool  # the dealer's September then January (§4)
    yaku: tuple
    cards: tuple  # slugs; () when declared
    declared: tuple  # the facts said rather than shown


def score_round(rnd, c):
    players = players_of(GAME, rnd)
    dealer = player_field(GAME, rnd, "dealer", players)
    no_events(GAME, rnd)
    carried = carried_pot(GAME, rnd, players)
    hands = _hands(rnd, players, dealer, c)
    stakes, steps = {}, {}
    for p, h in hands.items():
        stakes[p] = h.first  # §5.1: stake = the value of the face-up first card
        steps[p] = [Step("stake", "base", -h.first, said(_STAKE[h.first - 1], stake=h.first),
                         -h.first)]
    tripler = [p for p in players if hands[p].triple]
    if tripler:  # §5.4, §10.3: every original stake tripled, once however many triples
        for p in players:
            stakes[p] *= 3
            steps[p].append(Step("triple_pot", "multiply", 3, said(
                "{players} holds three of a month: every stake is tripled",
                players=", ".join(tripler)), -stakes[p]))
    winners, why = _pot_winners(players, dealer, hands)
    extras = {p: {"total": h.total, "cards": list(h.cards)} |
              ({"declared": list(h.declared)} if h.declared else {}) for p, h in hands.items()}
    said_by = [p for p in players if hands[p].declared]
    notes = (said("quick entry: the hands of {players} were declared at the table (first "
                  "card, total), not counted from cards", players=", ".join(said_by)),) \
        if said_by else ()
    return settle_pot_round(GAME, c, players, dealer, stakes, steps, carried, winners, why,
                            yaku={p: h.yaku for p, h in hands.items()}, extras=extras,
                            base_points={p: h.total for p, h in hands.items()}, notes=notes)


def _pot_winners(players, dealer, hands):
    """§5.5-6: the dealer's 9-1 takes the pot; else the highest total, ties split, and an
    all-round tie goes to the dealer."""
    if hands[dealer].nine_one:  # beats everything, triple pot included
        return [dealer], said("the dealer {dealer} holds September then January",
                              dealer=dealer)
    totals = {p: hands[p].total for p in players}
    best = max(totals.values())
    winners = [p for p in players if totals[p] == best]
    if len(winners) == len(players):
        return [dealer], said("every player ties at {total}: the dealer takes the pot",
                              total=best)
    if len(winners) == 1:
        return winners, said("the highest total, {total}", total=best)
    who, named = names_joined(winners)
    return winners, said(who + " tie at {total} and split the pot", total=best, **named)


def _hands(rnd, players, dealer, c) -> dict:
    """Each player's hand: cards in the order dealt, or the quick ``totals`` (not both)."""
    declared = rnd.get("totals") or {}
    if not isinstance(declared, Mapping):
        raise TallyError(said("{game}: give each player's quick entry: the first card's "
                              "month, the total, whether it is three of one month and, for the "
                              "dealer, September then January", game=GAME_ID), game=GAME_ID,
                         field="totals")
    raw = rnd.get("hands")
    for p in declared:
        if p not in players:
            raise TallyError(said("{game}: the quick entry names {player!r}, who is not one "
                                  "of the players", game=GAME_ID, player=p),
                             game=GAME_ID, player=p, field=f"totals.{p}")
        if isinstance(raw, Mapping) and p in raw:  # both kinds at once
            raise TallyError(said("{game}: {player!r} is given both cards and totals: enter "
                                  "one or the other", game=GAME_ID, player=p),
                             game=GAME_ID, player=p, field=f"totals.{p}")
    ledger = Ledger(GAME)
    by_cards = [p for p in players if p not in declared]
    shown = hands_of(GAME, rnd, by_cards, ledger, sizes=(2, 3)) if by_cards else {}
    out = {p: _declared_hand(p, declared[p], p == dealer) if p in declared
           else _shown_hand(p, *shown[p], p == dealer, c) for p in players}
    _check_months(out, ledger.used)
    return out


def _shown_hand(p, mask, months, is_dealer, c) -> _Hand:
    check_kabu_draw(GAME, months, said("the hand of {player!r}", player=p), player=p,
                    field=f"hands.{p}")
    ev = c.evaluate(mask)
    total = ev.details["total"]
    sp = dealer_special((NINE_ONE,), months) if is_dealer else None
    yaku = ev.yaku + ((YakuHit(sp.id, sp.names["en"], total, ev.yaku[0].cards, sp.names,
                               said("first card September, second January")),) if sp else ())
    return _Hand(months[0], total, bool(ev.details.get("triple")), sp is not None, yaku,
                 ev.yaku[0].cards, ())


# A three-of-a-month hand's first two cards must be allowed to draw (6 or less, §5.3): no
# April (8) or September (8) triple.
TRIPLE_FIRSTS = tuple(m for m in range(1, 11) if (2 * m) % 10 <= 6)


def _declared_hand(p, raw, is_dealer) -> _Hand:
    """Quick entry: the first card's month (the stake), the final total, whether it is three
    of a month (it then counts as 9) and, for the dealer, September then January."""
    where = f"totals.{p}"
    if not isinstance(raw, Mapping) or set(raw) - {"first", "total", "triple", "nine_one"}:
        raise TallyError(said("{game}: the quick entry for {player!r} takes the first "
                              "card's month, the total, whether it is three of one month and, "
                              "for the dealer, September then January; nothing else",
                              game=GAME_ID, player=p),
                         game=GAME_ID, player=p, field=where)
    first = _whole(p, raw.get("first"), "first", 1, 10)
    triple, nine_one = _flag(p, raw, "triple"), _flag(p, raw, "nine_one")
    total = 9 if triple and raw.get("total") is None else _whole(p, raw.get("total"), "total",
                                                                   0, 9)
    if triple and (total != 9 or first not in TRIPLE_FIRSTS):
        raise TallyError(said("{game}: {player}'s quick entry: three of one month counts as "
                              "9, and its month is one of {months}", game=GAME_ID, player=p,
                              months=", ".join(map(str, TRIPLE_FIRSTS))),
                         game=GAME_ID, player=p, rule="triple_pot", field=f"{where}.triple")
    if nine_one and (not is_dealer or first != 9 or triple):
        raise TallyError(said("{game}: {player}'s quick entry: only the dealer holds "
                              "September then January, with a September as the first card",
                              game=GAME_ID,
                              player=p), game=GAME_ID, player=p, rule="dealer_nine_one",
                         field=f"{where}.nine_one")
    note = said("declared at the table")
    yaku = (total_hit(total, 0, note),) + \
        ((YakuHit("triple_pot", TRIPLE_POT["en"], 9, (), TRIPLE_POT, note),) if triple else ()) + \
        ((YakuHit(NINE_ONE.id, NINE_ONE.names["en"], total, (), NINE_ONE.names, note),)
         if nine_one else ())
    facts = tuple(k for k in ("first", "total", "triple", "nine_one") if k in raw)
    return _Hand(first, total, triple, nine_one, yaku, (), facts)


# The quick-entry keys as the record page labels them (in the error's field they stay keys)
_TOTALS_WORDS = {"first": said("the first card's month"), "total": said("the total"),
                 "triple": said("\"Three of one month\""),
                 "nine_one": said("\"Dealer: September, January\"")}


def _whole(p, v, key, lo, hi) -> int:
    if v is None:
        raise TallyError(said("{game}: the quick entry for {player!r} is missing {what}",
                              game=GAME_ID, player=p, what=_TOTALS_WORDS[key]),
                         game=GAME_ID, player=p, field=f"totals.{p}.{key}")
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise TallyError(said("{game}: the quick entry for {player!r}: {what} must be a whole "
                              "number {low}..{high}, not {value!r}", game=GAME_ID, player=p,
                              what=_TOTALS_WORDS[key], low=lo, high=hi, value=v),
                         game=GAME_ID, player=p, field=f"totals.{p}.{key}")
    return v


def _flag(p, raw, key) -> bool:
    v = raw.get(key, False)
    if not isinstance(v, bool):
        raise TallyError(said("{game}: the quick entry for {player!r}: {what} must be on or "
                              "off, not {value!r}",
                              game=GAME_ID, player=p, what=_TOTALS_WORDS[key], value=v),
                         game=GAME_ID, player=p, field=f"totals.{p}.{key}")
    return v


def _check_months(hands, shown_cards):
    """A month has 4 cards: the declared first cards (3 of a month for a triple) and the
    cards shown cannot need more."""
    for m in range(1, 11):
        need = (shown_cards & MONTH_MASKS[m - 1]).bit_count() + sum(
            3 if h.triple else 1 for h in hands.values() if h.declared and h.first == m)
        if need > 4:
            raise TallyError(said("{game}: the hands need {n} cards of month {month}; a month "
                                  "has 4", game=GAME_ID, n=need, month=m),
                             game=GAME_ID, field="totals")


GAME = Game(
    id=GAME_ID,
    names={"en": "Hiki-Kabu", "ja": "ひきかぶ"},
    family="luck",
    players=(2, 10),
    deck=KABU_DECK,
    options=(ODD_CHIPS,),
    presets=(Preset("book", "The book's game: 40-card deck, stake = value of the face-up card, "
                    "draw on 3 or less, stand on 7 or more, a triple takes the pot three times, "
                    "the dealer's 9-1 wins, ties split, all tied: the dealer wins, odd chips stay "
                    "in the pot.", names=HANAMI_BOOK),),
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
    inputs=(
        InputDef("totals", "record",
                 "Quick entry, instead of a player's cards: the month of the face-up first "
                 "card (the stake), the final total, whether the hand is three of a month, "
                 "and for the dealer whether the first two cards were September then "
                 "January.", per_player=True,
                 fields=(InputDef("first", "int", "First card's month", required=True,
                                  minimum=1, maximum=10),
                         InputDef("total", "int", "Total", minimum=0, maximum=9),
                         InputDef("triple", "bool", "Three of one month", default=False),
                         InputDef("nine_one", "bool", "Dealer: September, January",
                                  default=False))),
    ),
)
