"""A group's league over a period (issue 14), from what each session keeps at write time: its
standing row (totals and tallies) and the chips each seat paid each other seat. Pure: no
Flask, no storage; the store reads the rows, the API and the group page show the results.

- ``period``: this month, this year, all time or custom dates, as [since, until) dates.
- ``head_to_head``: the chips each player won from (or lost to) each other player.
- ``time_series``: each player's chips after each session of the period, added up.
- ``bucketed``: the time series cut down to what a phone's chart can show (a point a day,
  week, month, quarter or year once the sessions are too many).
- ``chart``: the time series as lines in a box (the page draws them as SVG).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Iterable, Mapping

PERIODS = ("month", "year", "all", "custom")
EPSILON = 1e-9  # the pairs' chips are sums of sums: a float's leftover is nothing


class PeriodError(ValueError):
    """Dates that make no period; ``field`` names the one to change."""

    def __init__(self, message: str, field: str):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Period:
    kind: str  # one of PERIODS
    since: date | None  # the first day in it
    until: date | None  # the first day after it

    def iso(self) -> tuple[str | None, str | None]:
        return (self.since.isoformat() if self.since else None,
                self.until.isoformat() if self.until else None)

    @property
    def last_day(self) -> date | None:
        return self.until - timedelta(days=1) if self.until else None


def period(kind: str, today: date, since: date | None = None,
           until: date | None = None) -> Period:
    """The days ``kind`` covers on ``today`` (UTC): this calendar month, this calendar year,
    all time, or ``since`` (included) to ``until`` (excluded), either one open."""
    if kind == "month":
        start = today.replace(day=1)
        return Period(kind, start, (start + timedelta(days=32)).replace(day=1))
    if kind == "year":
        return Period(kind, date(today.year, 1, 1), date(today.year + 1, 1, 1))
    if kind == "custom" or since or until:
        if since and until and until <= since:
            raise PeriodError("the period must end after it starts", "until")
        return Period("custom", since, until)
    return Period("all", None, None)


def _tidy(v):
    v = round(v, 6)
    return int(v) if float(v).is_integer() else v


def head_to_head(pairs: Iterable[Mapping], order: list[str] | None = None) -> dict:
    """What each player won from each other player: the chips the other paid them less the
    chips they paid the other, over the ``pairs`` rows ({"from", "to", "chips"}). ``players``
    come in ``order`` (the standings'), then any others by name; ``matrix[i][j]`` is what
    player i won from player j (None on the diagonal); ``pairs`` lists each pair once, the
    winner first."""
    paid: dict[tuple[str, str], float] = {}
    for p in pairs:
        key = (p["from"], p["to"])
        paid[key] = paid.get(key, 0) + p["chips"]
    names = {n for k in paid for n in k}
    players = [n for n in order or () if n in names]
    players += sorted(names - set(players))

    def won(a, b):
        return _tidy(paid.get((b, a), 0) - paid.get((a, b), 0))
    matrix = [[None if a == b else won(a, b) for b in players] for a in players]
    out = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            n = won(a, b)
            if n:
                out.append({"player": a if n > 0 else b, "opponent": b if n > 0 else a,
                            "chips": abs(n)})
    out.sort(key=lambda x: (-x["chips"], x["player"], x["opponent"]))
    return {"players": players, "matrix": matrix, "pairs": out}


def time_series(rows: Iterable[Mapping]) -> dict:
    """Each player's chips added up session by session over ``rows`` (oldest first; each
    ``{"id", "created", "players": {seat: player}, "standing": {"totals": {seat: [chips,
    rounds won]}}}``). A player counts 0 before their first session. ``points``: one per
    session, with its day and everyone's running total."""
    running: dict[str, float] = {}
    points = []
    for r in rows:
        played = {}
        for seat, (chips, _won) in r["standing"]["totals"].items():
            who = r["players"].get(seat, seat)
            played[who] = played.get(who, 0) + chips
            running[who] = _tidy(running.get(who, 0) + chips)
        points.append({"session": r["id"], "date": r["created"][:10], "chips": dict(running),
                       "played": {k: _tidy(v) for k, v in played.items()}})
    players = sorted(running, key=lambda p: (-running[p], p))
    for pt in points:
        pt["chips"] = {p: pt["chips"].get(p, 0) for p in players}
    return {"players": players, "points": points}


# the units a long time series is cut into, finest first ("session": every session kept)
UNITS = ("session", "day", "week", "month", "quarter", "year")
MOST_POINTS = 48  # a 340-unit-wide chart on a phone: about 6 units between points


def _bucket(day: str, unit: str) -> str:
    """The ``unit`` an ISO ``day`` falls in, as a key that sorts with time."""
    if unit == "day":
        return day
    if unit == "week":  # ISO weeks, Monday first
        d = date.fromisoformat(day)
        return (d - timedelta(days=d.weekday())).isoformat()
    if unit == "month":
        return day[:7]
    if unit == "quarter":
        return f"{day[:4]}-Q{(int(day[5:7]) - 1) // 3 + 1}"
    return day[:4]


def _last_of_each(points: list[dict], unit: str) -> list[dict]:
    """The last point of each ``unit`` (the points are oldest first)."""
    if unit == "session":
        return points
    last: dict[str, dict] = {}
    for pt in points:
        last[_bucket(pt["date"], unit)] = pt  # a later one replaces it, keeping its place
    return list(last.values())


def bucketed(series: Mapping, most: int = MOST_POINTS) -> dict:
    """``series`` (``time_series``' result) with at most ``most`` points where it can: every
    session while they are few, else one point a day, week, month, quarter or year (the
    finest that fits), each the running totals after the last session in it, so the lines
    end where the full series ends. ``unit`` names the one used."""
    points = series["points"]
    for unit in UNITS:
        kept = _last_of_each(points, unit)
        if len(kept) <= most:
            break
    return {"players": series["players"], "unit": unit,
            "points": [{"date": pt["date"], "chips": pt["chips"]} for pt in kept]}


@dataclass(frozen=True)
class Box:
    """The chart's drawing area (SVG user units): the plot inside the margins."""
    width: int = 340
    height: int = 200
    left: int = 44
    right: int = 10
    top: int = 10
    bottom: int = 24


def _ticks(lo: float, hi: float, n: int = 4) -> list[float]:
    """About ``n`` round values from ``lo`` to ``hi`` (1, 2 or 5 times a power of ten)."""
    span = hi - lo or 1
    raw = span / n
    mag = 10 ** (len(str(int(raw))) - 1) if raw >= 1 else 1
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    first = -(-lo // step) * step
    return [first + i * step for i in range(int((hi - first) // step) + 1)]


def chart(series: Mapping, box: Box = Box()) -> dict:
    """The time series as polylines in ``box``: x by session (the first at the left edge),
    y by chips with 0 always in view. Each line: its player, points ("x,y ..."), where its
    last point is and the value there; ``ticks``: (y, chips) of round values, ``zero``: the
    y of 0."""
    points, players = series["points"], series["players"]
    values = [v for pt in points for v in pt["chips"].values()] + [0]
    lo, hi = min(values), max(values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    w = box.width - box.left - box.right
    h = box.height - box.top - box.bottom
    steps = max(len(points) - 1, 1)

    def x(i):
        return round(box.left + w * i / steps, 1)

    def y(v):
        return round(box.top + h * (hi - v) / (hi - lo), 1)
    lines = []
    for k, p in enumerate(players):
        xy = [(x(i), y(pt["chips"][p])) for i, pt in enumerate(points)]
        if len(xy) == 1:  # one session: a short level line, so it shows
            xy = [(x(0), xy[0][1]), (box.left + w, xy[0][1])]
        lines.append({"player": p, "index": k, "points": " ".join(f"{a},{b}" for a, b in xy),
                      "end": xy[-1], "value": points[-1]["chips"][p] if points else 0})
    return {"box": box, "lines": lines, "zero": y(0), "ticks": [(y(t), _tidy(t)) for t in
                                                                _ticks(lo, hi)],
            "first": points[0]["date"] if points else None,
            "last": points[-1]["date"] if points else None}


def favourites(games: Iterable[Mapping], n: int = 3) -> list[dict]:
    """A player's combinations made most often over their per-game records (each with
    ``game`` and ``yaku``: [{"id", "count"}]): the first ``n``, most often first."""
    made = [{"game": g["game"], "id": y["id"], "count": y["count"]}
            for g in games for y in g.get("yaku") or ()]
    made.sort(key=lambda y: (-y["count"], y["game"], y["id"]))
    return made[:n]
