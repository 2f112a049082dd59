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

import re
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


# lines on one value stand this far apart (drawing units); a marker at each point while the
# chart has at most MARKED points (a 12-month series and its start), else at the last only;
# labels beside the last points at least LABEL_GAP apart
GAP, MARKED, LABEL_GAP = 3, 13, 11
# a marker shape per colour (issue 24: lines of one colour-blind reader still told apart),
# drawn around (0, 0); the dash of each line is in static/app.css (.ln.p0 ... .ln.p6)
MARKS = ('<circle r="3.2"/>', '<path d="M-2.8-2.8h5.6v5.6h-5.6z"/>',
         '<path d="M0-3.8L3.4 2.6H-3.4z"/>', '<path d="M0-3.9L3.9 0L0 3.9L-3.9 0z"/>',
         '<path d="M0 3.8L3.4-2.6H-3.4z"/>',
         '<path d="M-1.3-3.7h2.6v2.4h2.4v2.6h-2.4v2.4h-2.6v-2.4h-2.4v-2.6h2.4z"/>',
         '<path d="M0-4L1.1-1.3H4L1.7.5L2.6 3.6L0 1.8L-2.6 3.6L-1.7.5L-4-1.3H-1.1z"/>')


def marker_defs() -> str:
    """The marker shapes as SVG definitions (``#mk0`` ... ``#mk6``), for <use>."""
    return "<defs>" + "".join(f'<g id="mk{k}">{m}</g>' for k, m in enumerate(MARKS)) + \
        "</defs>"


def chart(series: Mapping, box: Box = Box()) -> dict:
    """The time series as polylines in ``box``: x by session (the first at the left edge),
    y by chips with 0 always in view, lines on one value set ``GAP`` apart. Each line: its
    player, points ("x,y ..."), where its last point is and the value there, the points to
    mark and the y of its label; ``ticks``: (y, chips) of round values, ``zero``: the y of
    0."""
    points, players = series["points"], series["players"]
    values = [v for pt in points for v in pt["chips"].values()] + [0]
    lo, hi = min(values), max(values)
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    w = box.width - box.left - box.right
    h = box.height - box.top - box.bottom
    steps = max(len(points) - 1, 1)
    off = apart([[pt["chips"][p] for pt in points] for p in players], GAP)

    def x(i):
        return round(box.left + w * i / steps, 1)

    def y(v, d=0.0):
        return round(min(max(box.top + h * (hi - v) / (hi - lo) + d, box.top), box.top + h), 1)
    lines = []
    for k, p in enumerate(players):
        xy = [(x(i), y(pt["chips"][p], off[k][i])) for i, pt in enumerate(points)]
        if len(xy) == 1:  # one session: a short level line, so it shows
            xy = [(x(0), xy[0][1]), (box.left + w, xy[0][1])]
        lines.append({"player": p, "index": k, "points": " ".join(f"{a},{b}" for a, b in xy),
                      "end": xy[-1], "value": points[-1]["chips"][p] if points else 0,
                      "marks": xy if len(points) <= MARKED else xy[-1:]})
    for ln, ly in zip(lines, label_ys([ln["end"][1] for ln in lines], box.top + 4,
                                      box.top + h, LABEL_GAP)):
        ln["label"] = round(ly + 3.5, 1)  # the text's baseline: its middle on the line
    return {"box": box, "lines": lines, "zero": y(0), "ticks": [(y(t), _tidy(t)) for t in
                                                                _ticks(lo, hi)],
            "first": points[0]["date"] if points else None,
            "last": points[-1]["date"] if points else None}


# the direction marks and overrides a typed name may hold: a short head leaves them out (it
# is shown isolated; an override cut from its name would be one of its own)
BIDI = re.compile("[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]")


def initials(names: list[str]) -> dict[str, str]:
    """A short head for each player's column: the first letters that tell them apart (at
    least two), without direction marks."""
    bare = {n: BIDI.sub("", n) for n in names}
    out = {}
    for n in names:
        b, k = bare[n], 1
        while k < len(b) and any(m != n and bare[m][:k] == b[:k] for m in names):
            k += 1
        out[n] = b[: max(k, 2)] or n[:2]
    return out


def first_seen(rows: Iterable[Mapping]) -> list[str]:
    """The group's players in the order the group first saw them: session by session, oldest
    first (``rows`` as ``time_series`` reads them), each session's seats in order. The group
    page colours a player by this place (issue 24: one colour rule), which never moves with
    the standings, the period or the game shown; a table that keeps its seats has there the
    colours of its session pages, where a player's colour is their seat."""
    seen: dict[str, int] = {}
    for r in rows:
        for who in r["players"].values():
            seen.setdefault(who, len(seen))
    return list(seen)


def apart(lines: list[list[float]], gap: float) -> list[list[float]]:
    """Offsets that set apart lines meeting on one value (issue 24: 7 players' lines on 0
    hid each other): at each point the lines of equal value are spread ``gap`` drawing units
    apart around it, in their order; a line alone on its value is not moved."""
    out = [[0.0] * len(ln) for ln in lines]
    for i in range(max((len(ln) for ln in lines), default=0)):
        same: dict[float, list[int]] = {}
        for k, ln in enumerate(lines):
            if i < len(ln):
                same.setdefault(ln[i], []).append(k)
        for ks in same.values():
            for j, k in enumerate(ks):
                out[k][i] = (j - (len(ks) - 1) / 2) * gap
    return out


def label_ys(ends: list[float], top: float, bottom: float, gap: float) -> list[float]:
    """Where each line's label goes beside its last point: at the point's height; labels
    that would overlap stand ``gap`` apart, centred on their points, inside
    ``top``..``bottom``."""
    def place(members):  # a run of labels centred on their points, inside the box
        first = sum(ends[m] for m in members) / len(members) - (len(members) - 1) * gap / 2
        return [min(max(first, top), bottom - (len(members) - 1) * gap), members]
    runs: list = []
    for k in sorted(range(len(ends)), key=lambda k: (ends[k], k)):
        runs.append(place([k]))
        while len(runs) > 1 and runs[-2][0] + len(runs[-2][1]) * gap > runs[-1][0]:
            last = runs.pop()
            runs[-1] = place(runs[-1][1] + last[1])
    ys = [0.0] * len(ends)
    for first, members in runs:
        for j, m in enumerate(members):
            ys[m] = first + j * gap
    return ys


def favourites(games: Iterable[Mapping], n: int = 3) -> list[dict]:
    """A player's combinations made most often over their per-game records (each with
    ``game`` and ``yaku``: [{"id", "count"}]): the first ``n``, most often first."""
    made = [{"game": g["game"], "id": y["id"], "count": y["count"]}
            for g in games for y in g.get("yaku") or ()]
    made.sort(key=lambda y: (-y["count"], y["game"], y["id"]))
    return made[:n]
