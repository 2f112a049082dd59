"""Turning points into chips: zero-sum payments, and settling a series in the fewest
transfers."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from .results import Payment


def fewest_transfers(nets: Mapping[str, int | float]) -> list[Payment]:
    """Payments that settle every net balance (+ is owed, - owes) in the fewest transfers.

    With n players holding non-zero balances, the fewest transfers is n minus the largest
    number of groups the players split into where each group sums to zero; found exactly by
    a DP over subsets (a table seats at most 7), then each group settles greedily.
    """
    people = [p for p, v in nets.items() if v]
    vals = [nets[p] for p in people]
    n = len(people)
    if n == 0:
        return []
    if abs(sum(vals)) > 1e-9:
        raise ValueError(f"balances do not sum to zero: {dict(nets)}")
    if n > 16:  # far beyond any table: greedy is good enough
        return _greedy(people, vals)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    for m in range(1, full + 1):
        low = (m & -m).bit_length() - 1
        total[m] = total[m & (m - 1)] + vals[low]
    best = [0] * (full + 1)
    for m in range(1, full + 1):
        zero = 1 if abs(total[m]) < 1e-9 else 0
        b = 0
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            b = max(b, best[m ^ low])
        best[m] = b + zero
    # Walk back: the masks where the running sum is zero close a group.
    groups, current, m = [], [], full
    while m:
        zero = 1 if abs(total[m]) < 1e-9 else 0
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            if best[m ^ low] + zero == best[m]:
                break
        i = low.bit_length() - 1
        current.append(i)
        m ^= low
        if abs(total[m]) < 1e-9:
            groups.append(current)
            current = []
    out: list[Payment] = []
    for g in groups:
        out.extend(_greedy([people[i] for i in g], [vals[i] for i in g]))
    return out


def _greedy(people, vals) -> list[Payment]:
    bal = dict(zip(people, vals))
    out = []
    while True:
        debtors = sorted((p for p in bal if bal[p] < -1e-9), key=lambda p: (bal[p], p))
        creditors = sorted((p for p in bal if bal[p] > 1e-9), key=lambda p: (-bal[p], p))
        if not debtors or not creditors:
            return out
        d, c = debtors[0], creditors[0]
        amount = min(-bal[d], bal[c])
        if isinstance(amount, float) and amount.is_integer():
            amount = int(amount)
        out.append(Payment(d, c, amount, "settlement"))
        bal[d] += amount
        bal[c] -= amount


def nets_of(payments, players=()) -> dict[str, int | float]:
    out = {p: 0 for p in players}
    for pay in payments:
        out[pay.payer] = out.get(pay.payer, 0) - pay.amount
        out[pay.payee] = out.get(pay.payee, 0) + pay.amount
    return out


def winner_takes(winner: str, amounts: Mapping[str, int | float], reason: str) -> list[Payment]:
    """Each loser pays the winner their amount (zero amounts are left out)."""
    return [Payment(p, winner, a, reason) for p, a in amounts.items() if a and p != winner]


def direct_payments(nets: Mapping[str, int | float], *, quantum: int | float = 1) -> list[Payment]:
    """The table that prefers it settles with each loser paying each winner directly: a loser's
    debt is split over the winners in proportion to what each won.

    Amounts are whole multiples of ``quantum`` (1 chip by default) when every balance is; the
    rounding keeps each loser's total and each winner's total exact (largest remainders first).
    """
    from fractions import Fraction

    if abs(sum(nets.values())) > 1e-9:
        raise ValueError(f"balances do not sum to zero: {dict(nets)}")
    losers = [p for p, v in nets.items() if v < 0]
    winners = [p for p, v in nets.items() if v > 0]
    won = sum(Fraction(nets[w]) for w in winners)
    if not losers or not won:
        return []
    exact = {(lo, w): Fraction(-nets[lo]) * Fraction(nets[w]) / won
             for lo in losers for w in winners}
    q = Fraction(quantum)
    whole = all((Fraction(v) / q).denominator == 1 for v in nets.values())
    if not whole:  # fractional balances: pay the exact shares
        amounts = {k: v for k, v in exact.items()}
    else:
        units = {k: v / q for k, v in exact.items()}
        amounts = {k: Fraction(int(u)) for k, u in units.items()}  # floor (u >= 0)
        row = {lo: Fraction(-nets[lo]) / q - sum(amounts[lo, w] for w in winners)
               for lo in losers}
        col = {w: Fraction(nets[w]) / q - sum(amounts[lo, w] for lo in losers)
               for w in winners}
        # Which fractional shares round up: a flow of one unit per share from losers to
        # winners that meets every loser's and winner's remainder (one always exists: matrix
        # rounding, Bacharach 1966); augmenting paths, largest fractions tried first.
        frac = sorted((k for k in units if units[k] != int(units[k])),
                      key=lambda k: (-(units[k] - int(units[k])), k))
        up: set = set()

        def augment(lo, seen):
            for k in frac:
                if k[0] != lo or k in up or k[1] in seen:
                    continue
                w = k[1]
                seen.add(w)
                if col[w] > 0:
                    col[w] -= 1
                    up.add(k)
                    return True
                for k2 in list(up):  # re-route a winner's unit taken by another loser
                    if k2[1] == w and augment(k2[0], seen):
                        up.discard(k2)
                        up.add(k)
                        return True
            return False

        for lo in losers:
            while row[lo] > 0 and augment(lo, set()):
                row[lo] -= 1
        for k in up:
            amounts[k] += 1
        amounts = {k: v * q for k, v in amounts.items()}
    out = []
    for lo in losers:
        for w in winners:
            a = amounts[lo, w]
            if a:
                a = int(a) if a.denominator == 1 else float(a)
                out.append(Payment(lo, w, a, "settlement (loser pays winner)"))
    return out


@lru_cache(maxsize=4096)  # every round's totals are converted: the same few amounts again
def to_money(chips: int | float, chip_value: int | float | str, places: int = 2) -> float:
    """Chips converted to money at ``chip_value`` per chip, rounded half-up to ``places``."""
    amount = Decimal(str(chips)) * Decimal(str(chip_value))
    return float(amount.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))
