"""Turning points into chips: zero-sum payments, and settling a series in the fewest
transfers."""

from __future__ import annotations

from typing import Mapping

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
