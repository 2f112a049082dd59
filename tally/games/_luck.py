"""Shared mechanics of the luck games (Sutda, Sota, the Kabu games, Kingo).

Not a game (the registry skips modules starting with ``_``). What lives here is what at least
two luck games share, so it is written once:

- the month value of a card (the Kabu "digit" is the month number, pine 1 ... maple 10) and
  month sums by popcount;
- reading ordered hands (deal order matters: stakes, draw rules, dealer 9-1) with every card
  checked against the game's deck and against every other hand of the round;
- the seotda-type two-card ranking (Sutda, Sutda Simplified, Sota) as a table of combo rows;
- the options every game of a family shares (tie rule, dealer rotation, odd chips);
- settling a pot (shares, odd chips, a pot carried to the next round) and bets against a
  banker, always as zero-sum payments between players;
- quick entry (issue 9) where a digest allows totals instead of cards: a banker game's
  ``dealer_total`` and ``column_totals``; Sota's declared outcome goes through
  ``seotda_result`` like a round worked out from the hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from types import SimpleNamespace
from collections.abc import Mapping

from ..cards import BY_INDEX, CARD, FLOWERS, deck_without, month_mask, slugs_of
from ..errors import TallyError
from ..options import BOOL, CHOICE, INT, Option, one_of_error
from ..results import Evaluation, Payment, Said, Step, YakuHit, said
from ..settlement import fewest_transfers
from . import InputDef, pile_mask

# Months 1-10 in Japanese order: the only months any luck game uses.
MONTH_IDS = tuple(f.id for f in FLOWERS[:10])
MONTH_MASKS = tuple(month_mask(f) for f in MONTH_IDS)  # index m-1 -> every card of month m
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October")
# The Kabu games' deck: the 48 flower cards less willow and paulownia, no jokers (40 cards).
KABU_DECK = deck_without("willow", "paulownia")


def month_of_slug(slug: str) -> int:
    return CARD[slug].month_jp


def _byte_tables():
    # Months 1-10 are bits 0-39 (cards.py); the sum of a pile's months is five byte look-ups.
    tables = []
    for chunk in range(5):
        row = []
        for byte in range(256):
            row.append(sum(BY_INDEX[chunk * 8 + b].month_jp for b in range(8) if byte >> b & 1))
        tables.append(tuple(row))
    return tuple(tables)


_T0, _T1, _T2, _T3, _T4 = _byte_tables()
_LOW40 = (1 << 40) - 1


def month_sum(mask: int) -> int:
    """Sum of the month numbers of a pile of month 1-10 cards: five table look-ups."""
    if mask & ~_LOW40:
        raise ValueError("month_sum counts months 1-10 only")
    return (_T0[mask & 255] + _T1[mask >> 8 & 255] + _T2[mask >> 16 & 255]
            + _T3[mask >> 24 & 255] + _T4[mask >> 32])


def month_counts(mask: int) -> tuple[int, ...]:
    return tuple((mask & mm).bit_count() for mm in MONTH_MASKS)


def kabu(total: int) -> int:
    """The last digit of a sum (Kabu games, Sutda hand value)."""
    return total % 10


# --------------------------------------------------------------------------- reasons

def wrap_said(head: str, reason, tail: str = "", **params):
    """A sentence around another reason (``head + reason + tail``) as one complete template:
    the reason's template and params go into it, so every shape is translated whole."""
    if isinstance(reason, Said):
        return said(head + reason.template + tail, **params, **reason.params)
    return head.format_map(params) + str(reason) + tail.format_map(params)


def names_joined(names, key: str = "player", sep: str = " and "):
    """(template fragment, params) naming players one placeholder each, joined by ``sep``
    (a word kept in the template): "{player_1} and {player_2}"."""
    keys = [f"{key}_{i}" for i in range(1, len(names) + 1)]
    return sep.join("{%s}" % k for k in keys), dict(zip(keys, names))


# --------------------------------------------------------------------------- reading hands

class Ledger:
    """Every card seen in one round, with where it was, so no card can be in two places."""

    __slots__ = ("game", "used", "where")

    def __init__(self, game):
        self.game, self.used, self.where = game, 0, {}

    def take(self, mask: int, owner: str, *, player=None, field=None):
        clash = self.used & mask
        if clash:
            low = clash & -clash
            card = BY_INDEX[low.bit_length() - 1].slug
            raise TallyError(said("card {card!r} is in both {owner} and {owner2}", card=card,
                                  owner=self.where[low], owner2=owner),
                             game=self.game.id, card=card, player=player, field=field)
        m = mask
        while m:
            low = m & -m
            self.where[low] = owner
            m ^= low
        self.used |= mask


def ordered_hand(g, cards, *, owner: str, player=None, field: str, ledger: Ledger,
                 sizes: tuple[int, int]) -> tuple[int, tuple[int, ...]]:
    """One hand in the order dealt: (mask, month numbers in order). Checks slugs, the deck,
    duplicates, the number of cards and clashes with the rest of the round."""
    mask = pile_mask(g, cards, player=player, field=field)
    lo, hi = sizes
    n = mask.bit_count()
    if not lo <= n <= hi:
        want = lo if lo == hi else said("{lo} to {hi}", lo=lo, hi=hi)
        raise TallyError(said("{owner} has {n} cards; a {game} hand is {want} cards",
                              owner=owner, n=n, game=g.id, want=want) if n != 1 else
                         said("{owner} has {n} card; a {game} hand is {want} cards",
                              owner=owner, n=n, game=g.id, want=want), game=g.id, player=player, field=field)
    ledger.take(mask, owner, player=player, field=field)
    return mask, tuple(CARD[s].month_jp for s in cards)


def hands_of(g, rnd: Mapping, players, ledger: Ledger, *, sizes: tuple[int, int],
             key: str = "hands") -> dict[str, tuple[int, tuple[int, ...]]]:
    """Every player's hand from ``rnd[key]`` ({player: [slugs in the order dealt]})."""
    raw = rnd.get(key)
    if not isinstance(raw, Mapping):
        raise TallyError(said("{game}: give each player's hand, the cards in the order "
                              "dealt", game=g.id), game=g.id, field=key)
    for name in raw:
        if name not in players:
            raise TallyError(said("{game}: the hands name {player!r}, who is not one of the "
                                  "players", game=g.id, player=name),
                             game=g.id, player=name, field=f"{key}.{name}")
    out = {}
    for p in players:
        if p not in raw:
            raise TallyError(said("{game}: player {player!r} has no hand", game=g.id,
                                  player=p), game=g.id,
                             player=p, field=f"{key}.{p}")
        out[p] = ordered_hand(g, raw[p], owner=said("the hand of {player!r}", player=p),
                              player=p,
                              field=f"{key}.{p}", ledger=ledger, sizes=sizes)
    return out


def check_kabu_draw(g, months: tuple[int, ...], owner: str, *, player=None, field=None):
    """The Kabu third-card rule (hiki-kabu.md §5.3, oicho-kabu.md §5.5): on two cards a
    total of 7+ may not draw and 3 or less must draw; 4-6 may choose."""
    two = kabu(months[0] + months[1])
    if len(months) == 2 and two <= 3:
        raise TallyError(said("{owner} totals {total} on two cards, so a third card must be "
                              "dealt (3 or less must draw)",
                              owner=owner, total=two), game=g.id, player=player, field=field,
                         rule="third_card")
    if len(months) == 3 and two >= 7:
        raise TallyError(said("{owner} totals {total} on two cards, so it may not take a "
                              "third card (7 or more may not draw)", owner=owner, total=two),
                         game=g.id, player=player, field=field,
                         rule="third_card")


def no_events(g, rnd: Mapping):
    """These games record no events (their digests' section 7 lists only the cards and
    bets): any event is an error rather than silently ignored."""
    ev = rnd.get("events", [])
    if ev not in ([], (), None):
        raise TallyError(said("{game} records no events; enter the cards of each hand instead",
                              game=g.id),
                         game=g.id, field="events")


def seats_from_right(players, dealer) -> list[str]:
    """Players in turn order starting at the dealer's right; the dealer is last. The round's
    ``players`` list is in turn order (right to left), so the dealer's right is the next
    name after the dealer."""
    i = players.index(dealer)
    return list(players[i + 1:]) + list(players[:i + 1])


# Round inputs of the banker Kabu games (Oicho-Kabu, Kyo-Kabu; Game.inputs)
MAX_BET_INPUT = InputDef(
    "max_bet", "int",
    "The maximum bet agreed at setup: all bets of a round together may not pass it. Needed only "
                         "when the house rules do not set it.", minimum=1)
COLUMNS_INPUT = InputDef(
    "columns", "list",
    "The 4 columns in order, each a list of its cards as dealt (first, second, third field). A "
                         "column nobody backed, or one given by its total, may be an empty list.",
    minimum=4, maximum=4, item=InputDef("", "cards", "Column"))
# Quick entry (oicho-kabu.md §7: "or just totals plus the triple / 4-1 / 9-1 flags")
COLUMN_TOTALS_INPUT = InputDef(
    "column_totals", "list",
    "Quick entry, instead of a column's cards: its total (0-9) and whether its three cards "
    "are of one month (triple).", minimum=1, maximum=4,
    item=InputDef("", "record", "Column total", fields=(
        InputDef("column", "int", "Column", required=True, minimum=1, maximum=4),
        InputDef("total", "int", "Total", required=True, minimum=0, maximum=9),
        InputDef("triple", "bool", "Three of one month", default=False))))


def dealer_total_input(specials) -> InputDef:
    """Quick entry of the dealer's hand: its total and, when held, the dealer special."""
    return InputDef(
        "dealer_total", "record",
        "Quick entry, instead of the dealer's cards: the dealer's total (0-9) and the special "
        "hand the first two cards make, if any.",
        fields=(InputDef("total", "int", "Dealer's total", required=True, minimum=0,
                         maximum=9),
                InputDef("special", "choice", "Dealer's special",
                         choices=tuple(sp.id for sp in specials))))


def bets_input(who_backs_what: str) -> InputDef:
    """The round's bets; the games differ only in how many columns a player may back."""
    return InputDef(
        "bets", "list", "The bets in betting order: player, column (1 to 4) and amount. "
        + who_backs_what, required=True, minimum=1, item=InputDef("", "record", "Bet", fields=(
            InputDef("player", "player", "Player", required=True),
            InputDef("column", "int", "Column", required=True, minimum=1, maximum=4),
            InputDef("amount", "int", "Amount", required=True, minimum=1))))


def agreed(g, rnd: Mapping, c, key: str, what: str) -> int:
    """A ground rule agreed at setup (``max_bet``, ``set_bet``): the option, or the round's
    key of the same name when the option is unset; both set and different is an error."""
    opt = c.rules[key]
    v = rnd.get(key)
    if v is not None:
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise TallyError(said("{game}: {what} must be a whole number, 1 or more, not "
                                  "{value!r}", game=g.id, what=what, value=v),
                             game=g.id, field=key)
        if opt is not None and opt != v:
            raise TallyError(said("{game}: the round gives {value} as {what}, but the house "
                                  "rules set it to {opt}", game=g.id, what=what, value=v,
                                  opt=opt),
                             game=g.id, option=key, field=key)
        return v
    if opt is None:
        raise TallyError(said("{game}: {what} must be agreed before play: set it in the "
                              "house rules or give it with the round", game=g.id, what=what),
                         game=g.id, option=key, field=key)
    return opt


def either_or(g, rules, a: str, b: str):
    """Two mutually exclusive bools of which exactly one must be on (a ground rule)."""
    if rules[a] == rules[b]:
        raise one_of_error(g, (a, b), b if rules[a] else a)
    return a if rules[a] else b


# --------------------------------------------------------------------------- options

def pair_options(a: str, a_desc: str, b: str, b_desc: str, group: str):
    return (Option(a, BOOL, True, a_desc, group=group, excludes=(b,)),
            Option(b, BOOL, False, b_desc, group=group, excludes=(a,)))


def seotda_tie_options():
    return pair_options(
        "tie_draw", "Tied best hands make the round a draw: nobody scores and the dealer "
        "stays (recommended; the book does not cover ties).",
        "tie_all_score", "Every tied player scores the hand's points.", "ties")


def stake_option():
    return (Option("stake_per_point", INT, 0, "Optional money: each player who does not score "
                   "pays each scoring player this many chips per "
                   "point. 0 = points only.", minimum=0, group="payment"),)


def banker_options():
    """The ground rules of Oicho-Kabu and Kyo-Kabu (oicho-kabu.md §5, §8, §10)."""
    return pair_options(
        "tie_dealer_wins", "A column tied with the dealer loses its bets (one of the two tie "
        "rules must be agreed; recommended default).",
        "tie_push", "Bets on a column tied with the dealer are returned.", "ground rules") + (
        Option("max_bet", INT, None, "Maximum bet: the most all bettors together may stake in one "
               "round (to be agreed, there is no usual value: set it here or give it with each "
               "round).",
               minimum=1, group="ground rules", nullable=True),
    ) + pair_options(
        "dealer_rotates", "App option (not in the book): the bank passes one seat to the "
        "dealer's right after every round (recommended).",
        "dealer_fixed", "App option (not in the book): the dealer keeps the bank until the "
        "table changes it by hand.", "dealer") + (
        Option("triple_total_return", BOOL, False, "Reading of the book's 'receive triple the "
               "amount of their bet': off = winnings of 3 x bet with the stake returned (a net "
               "gain of 3 bets, recommended); on = a total return of 3 x bet (a net gain of 2 "
               "bets).",
               group="payment"),
    )


ODD_CHIPS = Option(
    "odd_chips", CHOICE, "carry", "When a split pot does not divide into whole chips: carry (the "
                   "odd chips stay in the pot for the next round, recommended), the tied player "
                   "nearest the dealer's right takes them, or exact fractional shares.",
    choices=("carry", "nearest_dealer_right", "exact"), group="payment")


# --------------------------------------------------------------------------- seotda ranking

@dataclass(frozen=True)
class Combo:
    """One ranked Hand Combo of a seotda-type game: the exact two-card hands it names."""
    rank: int
    id: str
    names: dict
    points: int
    hands: tuple[int, ...]  # masks of the two-card hands that make it


def combo(rank, cid, en, points, *pairs, ko=None) -> Combo:
    """``pairs``: (slug, slug) tuples, or (month, month) ints meaning any card of each."""
    masks = []
    for a, b in pairs:
        if isinstance(a, int):
            for ca in slugs_of(MONTH_MASKS[a - 1]):
                for cb in slugs_of(MONTH_MASKS[b - 1]):
                    if ca != cb:
                        masks.append(CARD[ca].bit | CARD[cb].bit)
        else:
            masks.append(CARD[a].bit | CARD[b].bit)
    names = {"en": en}
    if ko:
        names["ko"] = ko
    return Combo(rank, cid, names, points, tuple(sorted(set(masks))))


def month_pairs(first_rank: int, points_of=lambda m: 3) -> list[Combo]:
    """The month pairs, October first (rank first_rank) down to January."""
    return [combo(first_rank + 10 - m, f"pair_{m}", f"{MONTH_NAMES[m - 1]} pair", points_of(m),
                  (m, m)) for m in range(10, 0, -1)]



def sutda_top_combos() -> list[Combo]:
    """Sutda's Hand Combo ranks 1-11, the same in both versions (sutda.md and
    sutda-simplified.md §4): Curtain and Moon (10 points), then the month pairs, October (5)
    down to January (3). A new list each call."""
    return ([combo(1, "curtain_moon", "Curtain and Moon", 10, ("cherry-curtain", "pampas-moon"))]
            + month_pairs(2, lambda m: 5 if m == 10 else 3))

HAND_VALUE = {"en": "Hand value"}


@dataclass
class SeotdaTable:
    """Every two-card hand of a deck, evaluated once at compile time."""
    evals: dict = field(default_factory=dict)  # mask -> Evaluation


def seotda_table(deck: int, combos: list[Combo], specials=None) -> SeotdaTable:
    """Precompute the Evaluation of each of the deck's two-card hands (190 for 20 cards), so
    ``evaluate`` is one dict look-up. ``specials(mask) -> tuple of YakuHit`` adds a game's
    special hands (Sota) to the hand's yaku."""
    by_mask = {}
    for cb in combos:
        for m in cb.hands:
            if m & ~deck:
                continue
            if m in by_mask:  # a hand matches one combo only (sutda.md §5.1)
                raise AssertionError(f"{cb.id} and {by_mask[m].id} share a hand")
            by_mask[m] = cb
    table = SeotdaTable()
    for a, b in combinations(slugs_of(deck), 2):
        m = CARD[a].bit | CARD[b].bit
        hv = kabu(CARD[a].month_jp + CARD[b].month_jp)
        cb = by_mask.get(m)
        if cb is not None:
            main = YakuHit(cb.id, cb.names["en"], cb.points, (a, b), cb.names,
                           said("rank {rank}", rank=cb.rank))
            strength = 100 - cb.rank
        else:
            main = YakuHit("hand_value", HAND_VALUE["en"], 1, (a, b), HAND_VALUE,
                           said("hand value {value} ({month_1} + {month_2}); 1 point if it "
                                "wins", value=hv, month_1=CARD[a].month_jp,
                                month_2=CARD[b].month_jp))
            strength = hv
        extra = specials(m) if specials else ()
        table.evals[m] = Evaluation(main.points, (main,) + tuple(extra), details={
            "rank": cb.rank if cb else None, "hand_value": hv, "strength": strength,
            "specials": [y.id for y in extra]})
    return table


def seotda_yaku_defs(combos, deck, specials=()):
    """The YakuDef rows of a seotda-type game: its combos by rank, then the hand value."""
    from . import YakuDef
    rows = [YakuDef(cb.id, cb.names, f"{cb.points} (rank {cb.rank})",
                    tuple(sorted({s for m in cb.hands if not m & ~deck for s in slugs_of(m)},
                                 key=lambda s: CARD[s].index)),
                    group="hand", description=f"Hand Combo rank {cb.rank}", kind="hand")
            for cb in combos]
    rows.append(YakuDef("hand_value", dict(HAND_VALUE), "1 (winner only)", (), group="hand",
                        description="Any other two cards: (month + month) mod 10, 9 best, 0 "
                        "worst; decides only when nobody holds a Hand Combo", kind="hand"))
    return tuple(rows) + tuple(specials)


def seotda_evaluate(g, mask: int, c) -> Evaluation:
    ev = c.table.evals.get(mask)
    if ev is None:
        raise TallyError(said("a {game} hand is exactly two cards, not {n}", game=g.id,
                              n=mask.bit_count()),
                         game=g.id, field="cards")
    return ev


@dataclass(frozen=True)
class Outcome:
    """What decides a seotda round before the usual comparison (a Sota special)."""
    kind: str  # "draw" or "win"
    reason: str
    winners: tuple[str, ...] = ()
    hand_id: str = ""
    points: int = 0


def score_seotda(g, rnd: Mapping, c, special=None):
    """Score one round of a seotda-type game (sutda-simplified.md §5, sutda.md §5, sota.md §5).

    ``special(evals, players) -> Outcome | None`` lets Sota decide a round by its special
    hands before the usual comparison."""
    from ..rounds import player_field, players_of

    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players, required=False)
    no_events(g, rnd)
    ledger = Ledger(g)
    hands = hands_of(g, rnd, players, ledger, sizes=(2, 2))
    evals = {p: seotda_evaluate(g, m, c) for p, (m, _) in hands.items()}
    outcome = special(evals, players) if special else None
    if outcome is None:
        outcome = best_seotda_hand(evals, players)
    shown = {p: (ev.yaku, {"hand": ev.yaku[0].id, "rank": ev.details["rank"],
                           "hand_value": ev.details["hand_value"]}) for p, ev in evals.items()}
    return seotda_result(g, c, players, dealer, outcome, shown)


def best_seotda_hand(evals, players) -> Outcome:
    """§5 step 5: the best Hand Combo wins its points, else the highest hand value 1."""
    best = max(e.details["strength"] for e in evals.values())
    winners = tuple(p for p in players if evals[p].details["strength"] == best)
    top = evals[winners[0]]
    hand = top.yaku[0]
    if top.details["rank"] is None:
        why = said("the highest hand value, {value}, scores 1 point",
                   value=top.details["hand_value"])
    else:
        why = said("the best Hand Combo, {hand} (rank {rank}), scores {points}",
                   hand=hand.name, rank=top.details["rank"], points=hand.points)
    return Outcome("win", why, winners, hand.id, hand.points)


def seotda_result(g, c, players, dealer, outcome: Outcome, shown, notes=()):
    """The round's result once decided: ties (tie_draw / tie_all_score), each player's score,
    the optional money, who deals next. ``shown``: player -> (yaku, extra fields)."""
    from ..results import PlayerScore, RoundResult

    notes = list(notes)
    if outcome.kind == "win" and len(outcome.winners) > 1:
        tied = ", ".join(outcome.winners)
        if c.rules["tie_draw"]:
            outcome = Outcome("draw", wrap_said("{players} tie (", outcome.reason,
                                                "): the round is a draw",
                                                players=tied))
        else:
            notes.append(said("{players} tie: each scores", players=tied))
    scoring = set(outcome.winners) if outcome.kind == "win" else set()
    scores = []
    for p in players:
        if p in scoring:
            pts, role = outcome.points, "winner"
            steps = (Step(outcome.hand_id, "base", pts,
                          wrap_said("{player} wins: ", outcome.reason, player=p), pts),)
        elif outcome.kind == "draw":
            pts, role = 0, "draw"
            steps = (Step("draw", "note", 0, outcome.reason, 0),)
        else:
            pts, role = 0, "loser"
            steps = (Step("lose", "note", 0, said("only the winner scores"), 0),)
        yaku, extra = shown[p]
        scores.append(PlayerScore(p, yaku, pts, steps, pts, role, extra=dict(extra)))
    payments = _stake_payments(players, scoring, outcome.points, c.rules["stake_per_point"])
    winner = outcome.winners[0] if len(scoring) == 1 else None
    carry = {}
    if outcome.kind == "draw":
        notes.append(outcome.reason)
        if "drawn_round_replayed" in c.rules and c.rules["drawn_round_replayed"]:
            carry["round_counts"] = False
            notes.append(said("the drawn round does not count toward the agreed rounds"))
    # The winner deals next (sutda.md §5.5); a draw or a shared win keeps the dealer.
    return RoundResult(g.id, c.rules.preset, tuple(scores), tuple(payments), winner,
                       winner or dealer, carry, tuple(notes))


def _stake_payments(players, scoring, points, stake):
    """Optional money (sota.md §6): each non-scorer pays each scorer points x stake."""
    if not stake or not scoring:
        return []
    return [Payment(p, w, points * stake, said("{points} points x {stake} chips",
                                               points=points, stake=stake))
            for p in players if p not in scoring for w in players if w in scoring]


# --------------------------------------------------------------------------- settlement

def _num(x):
    if isinstance(x, Fraction):
        return x.numerator if x.denominator == 1 else float(x)
    return x


def payments_from_nets(nets: Mapping[str, int], reason: str) -> tuple[Payment, ...]:
    """Zero-sum payments that realise ``nets``: with one net winner every loser pays them
    directly; otherwise the fewest transfers."""
    creditors = [p for p, v in nets.items() if v > 0]
    if len(creditors) == 1:
        w = creditors[0]
        return tuple(Payment(p, w, _num(-v), reason) for p, v in nets.items() if v < 0)
    return tuple(Payment(pay.payer, pay.payee, _num(pay.amount), reason)
                 for pay in fewest_transfers(nets))


def carried_pot(g, rnd: Mapping, players) -> dict[str, int]:
    """Chips left in the pot by earlier rounds: ``carry.pot`` = {player: chips}. Each is what
    that player still owes the pot; the next pot's winner(s) collect it."""
    carry = rnd.get("carry") or {}
    if not isinstance(carry, Mapping):
        raise TallyError(said("{game}: the carry must be what the previous round's result "
                              "carried over", game=g.id),
                         game=g.id, field="carry")
    pot = carry.get("pot") or {}
    if not isinstance(pot, Mapping):
        raise TallyError(said("{game}: the chips the previous round left in the pot must be "
                              "given per player", game=g.id),
                         game=g.id,
                         field="carry.pot")
    for p, v in pot.items():
        if p not in players:
            raise TallyError(said("{game}: the chips the previous round left in the pot "
                                  "name {player!r}, who is not at the table", game=g.id,
                                  player=p),
                             game=g.id, player=p, field=f"carry.pot.{p}")
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise TallyError(said("{game}: the chips {player} left in the pot in the "
                                  "previous round must be a whole number, not {value!r}",
                                  game=g.id, player=p, value=v),
                             game=g.id, player=p, field=f"carry.pot.{p}")
    return {p: v for p, v in pot.items() if v}


def split_pot(players, dealer, bets: Mapping[str, int], carried: Mapping[str, int],
              winners, odd: str):
    """Share a pot among ``winners`` (hiki-kabu.md §5-6, §10.2; kingo.md §5-6, §10.6).

    Returns (nets, shares, carry_out, notes). ``bets`` are this round's final bets, ``carried``
    the chips earlier rounds left in the pot (owed by those players). Nets sum to zero: when
    odd chips stay in the pot they remain owed by the losers (first by seat from the dealer's
    right) and go to ``carry_out``."""
    owed = {p: bets.get(p, 0) + carried.get(p, 0) for p in players}
    pot = sum(owed.values())
    k = len(winners)
    notes = []
    order = seats_from_right(players, dealer)
    if odd == "exact":
        share = Fraction(pot, k)
        shares = {w: share for w in winners}
        odd_left = 0
    else:
        each, odd_left = divmod(pot, k)
        shares = {w: each for w in winners}
        if odd_left and odd == "nearest_dealer_right":
            first = next(p for p in order if p in winners)
            shares[first] += odd_left
            notes.append(said("{chips} odd chip(s) of the split go to {player}, the tied "
                              "player nearest the dealer's right", chips=odd_left, player=first))
            odd_left = 0
    nets = {p: shares.get(p, 0) - owed[p] for p in players}
    carry_out = {}
    if odd_left:
        notes.append(said("{pot} chips do not split evenly {ways} ways: {chips} chip(s) stay "
                          "in the pot for the next round", pot=pot, ways=k, chips=odd_left))
        left = odd_left
        for p in order:
            if left and nets[p] < 0:
                take = min(left, -nets[p])
                nets[p] += take
                carry_out[p] = take
                left -= take
    return {p: _num(v) for p, v in nets.items()}, {p: _num(v) for p, v in shares.items()}, \
        carry_out, notes


def banker_payments(dealer: str, nets: Mapping[str, int], reason: str) -> tuple[Payment, ...]:
    """The dealer is the bank: pays each winning bettor's net and collects each loser's."""
    out = []
    for p, v in nets.items():
        if v > 0:
            out.append(Payment(dealer, p, v, reason))
        elif v < 0:
            out.append(Payment(p, dealer, -v, reason))
    return tuple(out)


# --------------------------------------------------------------------------- Kabu hands

def total_hit(n: int, mask: int, note: str = "") -> YakuHit:
    names = {"en": f"Total {n}"}
    return YakuHit(f"total_{n}", names["en"], n, slugs_of(mask), names, note)


def three_of_a_month(mask: int) -> bool:
    """Three cards of one month (a Kabu ``triple`` / ``triple_pot``)."""
    if mask.bit_count() != 3:
        return False
    for mm in MONTH_MASKS:
        if mask & mm:
            return (mask & mm) == mask
    return False


def kabu_evaluation(g, mask: int, cache: dict, triple_id: str, triple_names: dict,
                    triple_counts_as: int | None) -> Evaluation:
    """A Kabu hand or column of 1-3 cards (oicho-kabu.md §4, hiki-kabu.md §4): points = the
    total (last digit of the month sum); three of a month adds the triple hit. Memoised: a
    40-card deck has under 11,000 such hands."""
    ev = cache.get(mask)
    if ev is not None:
        return ev
    n = mask.bit_count()
    if not 1 <= n <= 3:
        raise TallyError(said("a {game} hand is 1 to 3 cards, not {n}", game=g.id, n=n),
                         game=g.id, field="cards")
    s = month_sum(mask)
    total = kabu(s)
    yaku = [total_hit(total, mask, said("month sum {sum}, last digit {total}", sum=s,
                                        total=total))]
    details = {"total": total, "month_sum": s}
    if three_of_a_month(mask):
        if triple_counts_as is not None:  # Hiki-Kabu: the hand counts as 9 (§4)
            total = triple_counts_as
            yaku[0] = total_hit(total, mask, said("three of a month counts as {total}",
                                                  total=total))
            details["total"] = total
        yaku.append(YakuHit(triple_id, triple_names["en"], total, slugs_of(mask),
                            triple_names, said("three cards of one month")))
        details["triple"] = True
    ev = Evaluation(total, tuple(yaku), details=details)
    if len(cache) < 20000:
        cache[mask] = ev
    return ev


@dataclass(frozen=True)
class DealerSpecial:
    """A dealer hand decided by its first two cards in order (oicho-kabu.md §4)."""
    id: str
    names: dict
    first: int
    second: int


def dealer_special(specials, months: tuple[int, ...]):
    """Only the first two cards count, whatever the third (oicho-kabu.md §10.2)."""
    for sp in specials:
        if months[0] == sp.first and months[1] == sp.second:
            return sp
    return None


# --------------------------------------------------------------------------- banker games

TRIPLE = {"en": "Triple"}


def banker_yaku(specials, triple_desc):
    """YakuDef rows of a banker Kabu game: the totals, the column triple, dealer specials."""
    from . import YakuDef
    rows = [YakuDef(f"total_{n}", {"en": f"Total {n}"}, f"{n} (compared, higher wins)", (),
                    group="total", description="Last digit of the month sum of 2-3 cards",
                    kind="hand") for n in range(10)]
    rows.append(YakuDef("triple", dict(TRIPLE), "3 x bet", (), description=triple_desc,
                        kind="hand"))
    rows += [YakuDef(sp.id, sp.names, "wins every bet", (), description=f"The dealer's first "
                     f"card is month {sp.first} and the second month {sp.second}, in that "
                     f"order (overrides triple)", kind="hand") for sp in specials]
    return tuple(rows)


def banker_compile(game_id, specials):
    """``compile`` of a banker Kabu game: checks the two either-or ground rules and sets up
    the memoised column evaluation."""
    def compile(rules):
        tie = either_or(game_id, rules, "tie_dealer_wins", "tie_push")
        either_or(game_id, rules, "dealer_rotates", "dealer_fixed")
        cache = {}
        g = SimpleNamespace(id=game_id)
        c = SimpleNamespace(rules=rules, tie_rule=tie, specials=specials)
        c.evaluate = lambda mask: kabu_evaluation(g, mask, cache, "triple", TRIPLE, None)
        return c
    return compile



def banker_evaluate(mask: int, c):
    """``evaluate`` of a banker Kabu game: the memoised evaluation ``banker_compile`` set up."""
    return c.evaluate(mask)

@dataclass(frozen=True)
class BankerHand:
    """The dealer's hand as the settlement needs it: from the cards, or declared (quick
    entry: "just totals plus the ... 4-1 / 9-1 flags", oicho-kabu.md §7)."""
    total: int
    special: DealerSpecial | None
    yaku: tuple
    cards: tuple  # slugs; () when declared
    declared: tuple  # the facts said rather than shown: "total", "special"


def score_banker(g, rnd: Mapping, c, *, specials, one_column: bool):
    """Oicho-Kabu and Kyo-Kabu (oicho-kabu.md §5-6; kyo-kabu.md §1, §5): bettors back the
    four columns against the dealer, who is the bank. Hands and columns are cards, or in
    quick entry their totals and flags (§7)."""
    from ..results import RoundResult
    from ..rounds import player_field, players_of

    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players)
    no_events(g, rnd)
    max_bet = agreed(g, rnd, c, "max_bet", said("the maximum bet"))
    bets = _bets(g, rnd, players, dealer, max_bet, one_column)
    ledger = Ledger(g)
    hand = _dealer_hand(g, rnd, c, dealer, specials, ledger)
    columns = _columns(g, rnd, c, {b["column"] for b in bets}, ledger)
    nets, steps, lines = _settle_bets(bets, columns, hand, c)
    scores = _banker_scores(players, dealer, hand, nets, steps, lines)
    payments = banker_payments(dealer, nets, said("bets against the bank"))
    next_dealer = seats_from_right(players, dealer)[0] if c.rules["dealer_rotates"] else dealer
    notes = [said("dealer {dealer} totals {total} and holds {special}", dealer=dealer,
                  total=hand.total, special=hand.special.names["en"]) if hand.special else
             said("dealer {dealer} totals {total}", dealer=dealer, total=hand.total),
             columns_said(columns)] + _quick_banker_notes(dealer, hand, columns)
    return RoundResult(g.id, c.rules.preset, tuple(scores), payments, None, next_dealer, {},
                       tuple(notes))


def _dealer_hand(g, rnd, c, dealer, specials, ledger) -> BankerHand:
    """The dealer's hand in draw order, or its declared ``dealer_total`` (not both)."""
    raw = rnd.get("hands")
    if isinstance(raw, Mapping):
        for name in raw:
            if name != dealer:
                raise TallyError(said("{game}: only the dealer holds a hand; {player!r} bets on "
                                      "the columns instead", game=g.id, player=name),
                                 game=g.id, player=name, field=f"hands.{name}")
    has_cards = isinstance(raw, Mapping) and dealer in raw
    if rnd.get("dealer_total") is not None:
        if has_cards:  # both kinds at once
            raise TallyError(said("{game}: the dealer {player!r} is given both cards and a "
                                  "quick-entry total: enter one or the other", game=g.id,
                                  player=dealer), game=g.id, player=dealer,
                             field="dealer_total")
        return _declared_dealer(g, rnd["dealer_total"], dealer, specials)
    if not has_cards:
        raise TallyError(said("{game}: give the cards of the dealer {player!r} in the order "
                              "drawn, or the dealer's total", game=g.id, player=dealer),
                         game=g.id, player=dealer, field=f"hands.{dealer}")
    dmask, dmonths = ordered_hand(g, raw[dealer], player=dealer,
                                  owner=said("the hand of the dealer {player!r}",
                                             player=dealer),
                                  field=f"hands.{dealer}", ledger=ledger, sizes=(2, 3))
    dev = c.evaluate(dmask)
    total = dev.details["total"]
    sp = dealer_special(specials, dmonths)
    yaku = dev.yaku[:1] + ((YakuHit(sp.id, sp.names["en"], total, slugs_of(dmask), sp.names,
                                    said("first two cards in this order")),) if sp else ())
    return BankerHand(total, sp, yaku, slugs_of(dmask), ())


def _declared_dealer(g, raw, dealer, specials) -> BankerHand:
    """Quick entry: the dealer's total 0-9 and, when held, the special by id."""
    if not isinstance(raw, Mapping) or set(raw) - {"total", "special"}:
        raise TallyError(said("{game}: the quick entry of the dealer's hand takes the "
                              "dealer's total and, if any, the dealer's special, nothing else",
                              game=g.id), game=g.id, player=dealer, field="dealer_total")
    total = _digit(g, raw.get("total"), "dealer_total.total", said("the dealer's total"),
                   player=dealer)
    known = {sp.id: sp for sp in specials}
    sid = raw.get("special")
    if sid is not None and sid not in known:
        raise TallyError(said("{game}: {value!r} is not a special hand of the dealer here; "
                              "the dealer's specials are: {special}", game=g.id, value=sid,
                              special=", ".join(sp.names["en"] for sp in specials)),
                         game=g.id, player=dealer, rule=str(sid), known=tuple(known),
                         field="dealer_total.special")
    sp = known.get(sid)
    note = said("declared at the table")
    yaku = (total_hit(total, 0, note),) + (
        (YakuHit(sp.id, sp.names["en"], total, (), sp.names, note),) if sp else ())
    return BankerHand(total, sp, yaku, (), ("total",) + (("special",) if sp else ()))


def _digit(g, v, field, what, *, player=None) -> int:
    """A Kabu total said at the table: a whole number 0-9 (``what``: its name in words)."""
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 9:
        raise TallyError(said("{game}: {what} must be a whole number 0..9, not {value!r}",
                              game=g.id, what=what, value=v),
                         game=g.id, player=player, field=field)
    return v


def _columns(g, rnd, c, backed, ledger) -> dict:
    """Each backed column's total and triple flag: from its cards, or from
    ``column_totals`` (quick entry), never both; unbacked columns' cards are only checked."""
    declared = _column_totals(g, rnd)
    cols = rnd.get("columns")
    if cols is None and backed <= set(declared):  # every backed column said as a total
        cols = [[], [], [], []]
    if not isinstance(cols, (list, tuple)) or len(cols) != 4:
        raise TallyError(said("{game}: give the 4 columns, each with its cards in the "
                              "order dealt (first, second, third)", game=g.id), game=g.id,
                         field="columns")
    out = {}
    for i, cards in enumerate(cols, 1):
        where = f"columns.{i - 1}"
        if i in declared:
            if cards:  # both kinds at once
                raise TallyError(said("{game}: column {n} is given both as cards and as a "
                                      "quick-entry total: enter one or the other", game=g.id,
                                      n=i), game=g.id, field=where)
            if i in backed:
                out[i] = declared[i]
        elif i in backed:
            cmask, cmonths = ordered_hand(g, cards, owner=said("column {n}", n=i),
                                          field=where, ledger=ledger, sizes=(2, 3))
            check_kabu_draw(g, cmonths, said("column {n}", n=i), field=where)
            ev = c.evaluate(cmask)
            out[i] = {"total": ev.details["total"], "triple": bool(ev.details.get("triple")),
                      "declared": False}
        else:  # a column nobody backed settles nothing; its cards are only checked
            ordered_hand(g, cards or [], owner=said("column {n}", n=i), field=where,
                         ledger=ledger, sizes=(0, 3))
    return out


# The totals a column of three cards of one month can have: its first two cards may draw
# only when they total 6 or less (the third-card rule), so no April or September triple.
TRIPLE_TOTALS = tuple(sorted({kabu(3 * m) for m in range(1, 11) if kabu(2 * m) <= 6}))


def _column_totals_shape(game: str):
    """The quick-entry column totals are not a list of {column, total, triple}."""
    return said("{game}: the quick-entry column totals must be a list, each giving the "
                "column, its total and whether its three cards are of one month", game=game)


def _column_totals(g, rnd) -> dict:
    """Quick entry: ``column_totals`` = [{column, total, triple}], each column once."""
    raw = rnd.get("column_totals")
    if raw is None:
        return {}
    if not isinstance(raw, (list, tuple)):
        raise TallyError(_column_totals_shape(game=g.id), game=g.id, field="column_totals")
    out = {}
    for k, item in enumerate(raw):
        where = f"column_totals.{k}"
        if not isinstance(item, Mapping) or set(item) - {"column", "total", "triple"}:
            raise TallyError(_column_totals_shape(game=g.id), game=g.id, field=where)
        col = item.get("column")
        if not isinstance(col, int) or isinstance(col, bool) or not 1 <= col <= 4 or \
                col in out:
            raise TallyError(said("{game}: quick-entry column total {n}: the column must be 1 "
                                  "to 4, each once, not {value!r}", game=g.id, n=k + 1,
                                  value=col),
                             game=g.id, field=f"{where}.column")
        total = _digit(g, item.get("total"), f"{where}.total",
                       said("the total of column {column}", column=col))
        triple = item.get("triple", False)
        if not isinstance(triple, bool) or triple and total not in TRIPLE_TOTALS:
            raise TallyError(said("{game}: column {n}: three cards of one month total one of "
                                  "{totals}, not {total}", game=g.id, n=col,
                                  totals=", ".join(map(str, TRIPLE_TOTALS)), total=total),
                             game=g.id, field=f"{where}.triple", rule="triple")
        out[col] = {"total": total, "triple": triple, "declared": True}
    return out


def _settle_bets(bets, columns, hand: BankerHand, c):
    """Each bet against the dealer (oicho-kabu.md §5.7): (nets, steps, lines)."""
    triple_mult = 2 if c.rules["triple_total_return"] else 3
    nets = {}
    steps, lines = {}, []
    for b in bets:
        p, col, amt = b["player"], b["column"], b["amount"]
        res, why = _bet_result(col, amt, columns[col], hand, triple_mult, c.tie_rule)
        nets[p] = nets.get(p, 0) + res
        steps.setdefault(p, []).append(Step(f"column_{col}", "add", res, wrap_said(
            "bet {bet} on column {bet_column}: ", why, bet=amt, bet_column=col), nets[p]))
        lines.append({"player": p, "column": col, "amount": amt, "result": res,
                      "reason": why, **({"declared": True} if columns[col]["declared"]
                                        else {})})
    return nets, steps, lines


def _bet_result(col, amt, column, hand, triple_mult, tie_rule):
    """(result for the bettor, why) of one bet b on one column."""
    total, dtotal = column["total"], hand.total
    if hand.special is not None:
        return -amt, said("the dealer holds {hand}: the dealer wins every bet",
                          hand=hand.special.names["en"])
    if column["triple"]:
        return triple_mult * amt, said("column {column} is a triple: paid {factor} x "
                                       "{amount}", column=col, factor=triple_mult, amount=amt)
    if total > dtotal:
        return amt, said("column {column} totals {total}, above the dealer's {dealer_total}",
                         column=col, total=total, dealer_total=dtotal)
    if total < dtotal:
        return -amt, said("column {column} totals {total}, below the dealer's "
                          "{dealer_total}", column=col, total=total, dealer_total=dtotal)
    if tie_rule == "tie_push":
        return 0, said("column {column} ties the dealer at {total}: bet returned",
                       column=col, total=total)
    return -amt, said("column {column} ties the dealer at {total}: the dealer wins",
                      column=col, total=total)


def _banker_scores(players, dealer, hand: BankerHand, nets, steps, lines):
    """The dealer's side of every bet, then each bettor's own bets."""
    from ..results import PlayerScore

    scores = []
    for p in players:
        if p == dealer:
            running, fixed = 0, []
            for ln in lines:  # the bank's side of every bet
                running -= ln["result"]
                fixed.append(Step(f"bet_{ln['player']}_{ln['column']}", "add", -ln["result"],
                                  wrap_said("{bettor}'s bet on column {bet_column}: ",
                                            ln["reason"], bettor=ln["player"],
                                            bet_column=ln["column"]), running))
            extra = {"total": hand.total, "cards": list(hand.cards),
                     "special": hand.special.id if hand.special else None}
            if hand.declared:  # quick entry: said at the table, not counted from cards
                extra["declared"] = list(hand.declared)
            scores.append(PlayerScore(p, hand.yaku, hand.total, tuple(fixed),
                                      -sum(nets.values()), "dealer", extra=extra))
        else:
            mine = [ln for ln in lines if ln["player"] == p]
            scores.append(PlayerScore(p, (), 0, tuple(steps.get(p, ())), nets.get(p, 0),
                                      "bettor" if mine else "sat out", extra={"bets": mine}))
    return scores


def _quick_banker_notes(dealer, hand: BankerHand, columns) -> list:
    """Which facts the table declared instead of showing the cards (issue 9)."""
    notes = []
    if hand.declared:
        notes.append(said("quick entry: the total of dealer {dealer} was declared at the "
                          "table, not counted from cards", dealer=dealer))
    said_cols = [str(i) for i, v in sorted(columns.items()) if v["declared"]]
    if said_cols:
        notes.append(said("quick entry: the totals of columns {columns} were declared at the "
                          "table, not counted from cards", columns=", ".join(said_cols)))
    return notes


def columns_said(columns) -> Said:
    """The note listing each backed column's total, "columns: 1: 7, 4: 0 (triple)": one
    template per shape (which columns, which of them triples), the numbers as params."""
    parts, params = [], {}
    for i, v in sorted(columns.items()):
        parts.append("{column_%d}: {total_%d}%s" % (i, i, " (triple)" if v["triple"] else ""))
        params[f"column_{i}"], params[f"total_{i}"] = i, v["total"]
    return said("columns: " + ", ".join(parts), **params)


def _bets(g, rnd, players, dealer, max_bet, one_column):
    raw = rnd.get("bets")
    if not isinstance(raw, (list, tuple)):
        raise TallyError(said("{game}: give the bets as a list, each with the player, the "
                              "column and the amount", game=g.id),
                         game=g.id, field="bets")
    out, total, seen = [], 0, set()
    for i, b in enumerate(raw):
        where = f"bets.{i}"
        if not isinstance(b, Mapping):
            raise TallyError(said("{game}: bet {i} must be an object {{player, column, "
                                  "amount}}", game=g.id, i=i),
                             game=g.id, field=where)
        p = b.get("player")
        if p not in players:
            raise TallyError(said("{game}: bet {i} names {player!r}, who is not at the table",
                                  game=g.id, i=i, player=p),
                             game=g.id, player=p, field=f"{where}.player")
        if p == dealer:
            raise TallyError(said("{game}: the dealer {player!r} cannot bet; the dealer is "
                                  "the bank", game=g.id, player=p),
                             game=g.id, player=p, field=f"{where}.player")
        col, amt = b.get("column"), b.get("amount")
        if not isinstance(col, int) or isinstance(col, bool) or not 1 <= col <= 4:
            raise TallyError(said("{game}: bet {i} of {player!r}: column must be 1 to 4, not "
                                  "{value!r}", game=g.id, i=i, player=p, value=col),
                             game=g.id, player=p, field=f"{where}.column")
        if not isinstance(amt, int) or isinstance(amt, bool) or amt < 1:
            raise TallyError(said("{game}: bet {i} of {player!r}: amount must be a whole "
                                  "number >= 1, not {value!r}", game=g.id, i=i, player=p,
                                  value=amt), game=g.id, player=p, field=f"{where}.amount")
        if one_column and p in seen:
            raise TallyError(said("{game}: {player!r} may back only one column",
                                  game=g.id, player=p),
                             game=g.id, player=p, field=where, rule="one_column")
        seen.add(p)
        if total + amt > max_bet:
            raise TallyError(said("{game}: {player!r}'s bet of {amount} takes the round's "
                                  "bets to {total}, over the maximum bet {most}: {player!r} "
                                  "may bet at most {left}", game=g.id, player=p, amount=amt,
                                  total=total + amt, most=max_bet, left=max_bet - total),
                             game=g.id, player=p,
                             option="max_bet", field=f"{where}.amount", rule="max_bet")
        total += amt
        out.append({"player": p, "column": col, "amount": amt})
    return out


# --------------------------------------------------------------------------- pot games

def pot_next_dealer(players, dealer, winners) -> str:
    """Who deals after a pot game (hiki-kabu.md §6, kingo.md §6): a single winner; the
    dealer when taking the pot or among the tied; else the tied player nearest the dealer's
    right (the book's Dealer Tie Breaker, ch. 6)."""
    if len(winners) == 1:
        return winners[0]
    if not winners or dealer in winners:
        return dealer
    return next(p for p in seats_from_right(players, dealer) if p in winners)


def settle_pot_round(g, c, players, dealer, bets, bet_steps, carried, winners, why, *,
                     yaku, extras, base_points, notes=(), draw=False, refund=False):
    """The shared tail of a pot round: shares, odd chips, payments and the result.

    ``bets``: each player's final bet this round; ``bet_steps``: their Steps so far (stake and
    multipliers, as negative running totals); ``winners``: who takes the pot. With ``draw``
    nobody takes it: the whole pot is carried to the next round, or with ``refund`` this
    round's bets go back and only chips carried from earlier rounds stay (kingo.md §10.1)."""
    from ..results import PlayerScore, RoundResult

    notes = list(notes)
    if draw:
        nets = {p: 0 for p in players}
        carry_out = {p: (0 if refund else bets[p]) + carried.get(p, 0) for p in players
                     if (0 if refund else bets[p]) + carried.get(p, 0)}
        shares = {}
    else:
        nets, shares, carry_out, more = split_pot(players, dealer, bets, carried, winners,
                                                  c.rules["odd_chips"])
        notes += more
    scores = []
    for p in players:
        steps = list(bet_steps[p])
        running = steps[-1].total if steps else 0
        if carried.get(p):
            running -= carried[p]
            steps.append(Step("carried", "add", -carried[p], said(
                "{chips} chip(s) {player} left in the pot last round", chips=carried[p],
                player=p), running))
        if p in shares:
            running += shares[p]
            steps.append(Step("pot", "add", shares[p], wrap_said(
                "{taker} takes the pot: " if len(winners) == 1 else
                "{taker} takes a share of the pot: ", why, taker=p), _num(running)))
        if draw and refund and bets[p]:
            running += bets[p]
            steps.append(Step("refund", "add", bets[p], said(
                "the round is a draw: {player}'s bet of {bet} is returned", player=p,
                bet=bets[p]), _num(running)))
        if carry_out.get(p):
            running += carry_out[p]
            steps.append(Step("pot_carried", "add", carry_out[p], said(
                "{chips} chip(s) of {player}'s stay in the pot for the next round",
                chips=carry_out[p], player=p), _num(running)))
        role = "draw" if draw else ("winner" if p in shares else "loser")
        scores.append(PlayerScore(p, yaku[p], base_points[p], tuple(steps), nets[p], role,
                                  extra={**extras[p], "bet": bets[p]}))
    payments = () if draw else payments_from_nets(nets, said("pot"))
    winner = winners[0] if len(winners) == 1 else None
    carry = {"pot": carry_out} if carry_out else {}
    pot = sum(bets.values()) + sum(carried.values())
    stakes = ", ".join(f"{p} {bets[p]}" for p in players)  # names and numbers only
    notes.insert(0, said("pot {pot}: {stakes} + {carried} carried", pot=pot, stakes=stakes,
                         carried=sum(carried.values())) if carried else
                 said("pot {pot}: {stakes}", pot=pot, stakes=stakes))
    return RoundResult(g.id, c.rules.preset, tuple(scores), payments, winner,
                       pot_next_dealer(players, dealer, winners), carry, tuple(notes))
