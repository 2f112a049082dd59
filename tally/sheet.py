"""The evening on paper: the running scoresheet, the chart's running chips, the statistics and
the end of a series, as data the API returns and the session page draws. No Flask: reads the
store's per-round rows and the session row only, never the whole series, so each costs the
same at 1,000 rounds as at 12:

- the scoresheet reads the rounds of its page (``PAGE``, the latest by default);
- the chart reads the running totals stored with at most ``CHART_POINTS`` rounds, evenly
  spread over the series (the last always among them);
- the statistics and the end read the session row (the head and the running tallies).
"""

from __future__ import annotations

import json
from typing import Mapping

from . import series, stats

PAGE = 12  # rounds on a page of the scoresheet (as the session page's rounds)
MAX_PAGE = 100
CHART_POINTS = 48  # rounds sampled for the chart of a long series


def page_of(n: int, upto: int | None = None, size: int = PAGE) -> tuple[int, int]:
    """The rounds of a page as (first, last): the ``size`` rounds up to ``upto`` (clamped to
    the rounds there are), the latest without it; (1, 0) with no round."""
    last = n if upto is None else max(min(upto, n), min(1, n))
    return max(1, last - size + 1), last


def sheet_row(players, view: Mapping, line: Mapping, head: Mapping) -> dict:
    """One month of the scoresheet: per player the round's points and chips, the running
    chips and points after it, the calls said and the penalties suffered; the dealer and the
    winner."""
    res = view.get("result") or {}
    points = {ps["player"]: ps.get("points") for ps in res.get("players") or ()}
    totals = {t["player"]: t for t in head.get("totals") or ()}
    facts = stats.round_facts(res, view.get("input"))
    net = line.get("net") or {}
    cells = []
    for p in players:
        f = facts.get(p) or {"calls_paid": 0, "calls_failed": 0, "penalties": {}}
        t = totals.get(p) or {}
        cells.append({"player": p, "points": points.get(p), "chips": net.get(p, 0),
                      "total_chips": t.get("chips", 0), "total_points": t.get("points", 0),
                      "calls": f["calls_paid"] + f["calls_failed"],
                      "penalties": [{"id": k, "count": v} for k, v in f["penalties"].items()]})
    return {"seq": view["seq"], "month": view["month"], "dealer": view["dealer"],
            "winner": res.get("winner"), "counts_as_month": view.get("counts_as_month", True),
            "cells": cells}


def scoresheet(store, row: Mapping, upto: int | None = None, size: int = PAGE) -> dict:
    """A page of the running scoresheet (months down, players across), with the paging and
    the round views read for it (``views``: seq -> view, for the page's breakdowns)."""
    cfg = series.config_of(json.loads(row["config"]))
    n = store.last_seq(row["id"])
    first, last = page_of(n, upto, size)
    rows, views = [], {}
    for seq, view, line, head in store.round_rows(row["id"], first, last) if n else ():
        views[seq] = json.loads(view)
        rows.append(sheet_row(cfg.players, views[seq], json.loads(line), json.loads(head)))
    return {"players": list(cfg.players), "n": n, "first": first if n else 0, "last": last,
            "earlier": first - 1 if n and first > 1 else None,
            "later": min(n, last + size) if last < n else None,
            "rows": rows, "views": views}


def samples(n: int, points: int = CHART_POINTS) -> list[int]:
    """The rounds a chart of ``n`` rounds draws: all of them up to ``points``, else
    ``points`` evenly spread, the last always among them."""
    if n <= points:
        return list(range(1, n + 1))
    return sorted({max(1, round(i * n / points)) for i in range(1, points + 1)} | {n})


def chart(store, row: Mapping, points: int = CHART_POINTS) -> dict:
    """Each player's running chips after the sampled rounds, from 0 before the first:
    ``{"seqs": [0, ...], "months": [0, ...], "players": [{"player", "chips": [...]}],
    "sampled": bool}``."""
    cfg = series.config_of(json.loads(row["config"]))
    n = store.last_seq(row["id"])
    picked = samples(n, points)
    seqs, months = [0], [0]
    chips = {p: [0] for p in cfg.players}
    for seq, month, totals in store.running_totals(row["id"], picked):
        seqs.append(seq)
        months.append(month)
        have = {t["player"]: t["chips"] for t in json.loads(totals)}
        for p in cfg.players:
            chips[p].append(have.get(p, 0))
    return {"seqs": seqs, "months": months, "sampled": n > len(picked),
            "players": [{"player": p, "chips": chips[p]} for p in cfg.players]}


def statistics(row: Mapping) -> dict:
    cfg = series.config_of(json.loads(row["config"]))
    head = json.loads(row["state"])
    tallies = json.loads(row["standing"] or "{}").get("tallies") or {}
    return stats.statistics(cfg.players, head["totals"], tallies)


def end(row: Mapping) -> dict:
    """The end of the series (or where it would end now) with its settlement."""
    cfg = series.config_of(json.loads(row["config"]))
    head = json.loads(row["state"])
    return {**stats.end_of(head),
            "settlement": series.settle(cfg, {t["player"]: t["chips"] for t in head["totals"]})}
