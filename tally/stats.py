"""A series' statistics and its end: pure functions over what the engine and the series
already computed (round results, the running summary's head and tallies). No Flask, no SQL.

What a round tells (``round_facts``):
- a *call* is the game's "play on" event said by a player: Koi-Koi's koi-koi, Go-Stop's Go
  (the per-player event a game lists beside ``stop``, ``call_types``). A call *paid* when its
  caller won that round, and *failed* when someone else won it or nobody did (koi-koi.md
  section 9, K2 and K4: the caller's opponent stops, or the round runs out). Each call counts.
- a *penalty* is a step in a losing player's breakdown that makes them pay more: a factor
  above 1 (gwang-bak x2, pi-bak x2) or an amount added to what they pay (dok-bak: paying for
  both), never the chips of an instant event (``instant``: paid apart from the round).

The running tallies (``tally.series.tally_round``) add these up round by round, so the
statistics cost the same at 1,000 rounds as at 12 (``statistics`` reads the tallies only).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Mapping

# steps of a loser that are not penalties however they change the amount
NOT_PENALTIES = frozenset({"instant", "base", "pays", "settlement"})
TOP_COMBINATIONS = 3  # the combinations a player made most, shown per player


@lru_cache(maxsize=64)
def call_types(game_id: str) -> frozenset[str]:
    """The events of a game that are a player's call to play on: the per-player event listed
    beside ``stop`` among the game's first two events (as the record page keeps them on
    screen, tally/pages.py ``game_view``)."""
    from .games import get_game
    try:
        events = get_game(game_id).events[:2]
    except Exception:  # an unknown game (a stored result of a game since removed): no calls
        return frozenset()
    if not any(e.id == "stop" for e in events):
        return frozenset()
    return frozenset(e.id for e in events if e.per_player and e.id != "stop")


def _is_penalty(step: Mapping) -> bool:
    if step.get("id") in NOT_PENALTIES:
        return False
    value = step.get("value")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return (step.get("op") == "multiply" and value > 1) or (step.get("op") == "add" and value > 0)


def round_facts(result: Mapping, round_input: Mapping | None) -> dict:
    """Per player, what one round adds to the statistics: ``{"calls_paid", "calls_failed",
    "penalties": {step id: count}}`` (only the players it concerns)."""
    out: dict[str, dict] = {}

    def of(name):
        return out.setdefault(name, {"calls_paid": 0, "calls_failed": 0, "penalties": {}})
    calls = call_types(result.get("game") or "")
    winner = result.get("winner")
    events = (round_input or {}).get("events") if isinstance(round_input, Mapping) else None
    for e in events or ():
        if isinstance(e, Mapping) and e.get("type") in calls and isinstance(e.get("player"), str):
            of(e["player"])["calls_paid" if e["player"] == winner else "calls_failed"] += 1
    for ps in result.get("players") or ():
        if ps.get("role") != "loser":
            continue
        for st in ps.get("steps") or ():
            if _is_penalty(st):
                pen = of(ps["player"])["penalties"]
                pen[st["id"]] = pen.get(st["id"], 0) + 1
    return out


def _top(counts: Mapping[str, int], n: int | None = TOP_COMBINATIONS) -> list[dict]:
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [{"id": k, "count": v} for k, v in (ranked if n is None else ranked[:n])]


def statistics(players: Iterable[str], totals: Iterable[Mapping], tallies: Mapping) -> dict:
    """The statistics of a series from its running summary: per player rounds won and played,
    the biggest round (most chips won in one round, the first on a tie), the combinations made
    most, calls that paid and failed, penalties suffered; and for the whole series the biggest
    round and the combinations made most."""
    won = {t["player"]: t["rounds_won"] for t in totals}
    rows, biggest, made = [], None, {}
    for p in players:
        t = tallies.get(p) or {}
        big = t.get("biggest")
        pen = t.get("penalties") or {}
        rows.append({
            "player": p, "rounds_won": won.get(p, 0), "rounds_played": t.get("rounds_played", 0),
            "biggest_round": dict(big) if big else None,
            "combinations": _top(t.get("yaku") or {}),
            "calls": {"paid": t.get("calls_paid", 0), "failed": t.get("calls_failed", 0)},
            "penalties": {"count": sum(pen.values()), "kinds": _top(pen, None)}})
        if big and (biggest is None or big["chips"] > biggest["chips"] or (
                big["chips"] == biggest["chips"] and big["seq"] < biggest["seq"])):
            biggest = {"player": p, **big}
        for y, n in (t.get("yaku") or {}).items():
            made[y] = made.get(y, 0) + n
    return {"players": rows, "biggest_round": biggest, "combinations": _top(made)}


def ranked(totals: Iterable[Mapping]) -> list[dict]:
    """Final standings: most chips first, then most rounds won (koi-koi.md section 6,
    go-stop.md section 6.7); players equal on both share a rank ("1, 1, 3")."""
    order = sorted(totals, key=lambda t: (-t["chips"], -t["rounds_won"]))
    out, rank, prev = [], 0, None
    for i, t in enumerate(order, 1):
        key = (t["chips"], t["rounds_won"])
        if key != prev:
            rank, prev = i, key
        out.append({"rank": rank, **{k: t[k] for k in ("player", "chips", "money", "points",
                                                       "rounds_won") if k in t}})
    return out


def end_of(head: Mapping) -> dict:
    """How the series stands at its end (or would, if it ended now): over or not, ended
    early by the table (``finished``) or by the rules (``game_over``), the winners (more than
    one on a tie) and the final standings."""
    winners = list(head.get("leaders") or [])
    played = head.get("months_played", 0)
    return {"over": bool(head.get("complete")), "finished_early": bool(head.get("finished")),
            "game_over": bool(head.get("game_over")), "months_played": played,
            "length": head.get("length"),
            "winners": winners,
            "tie": len(winners) > 1, "standings": ranked(head.get("totals") or ())}
