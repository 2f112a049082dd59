"""A series (a session of months): replaying its rounds through the engine.

Pure: no Flask, no SQL. A series is its configuration (game, preset, options fixed at creation,
players in seating order, length, chip value, first dealer, opening carry) plus the ordered
list of round inputs as the table entered them. Everything else (the dealer and month of each
round, the carry from one hand to the next, the results, the running totals and the chip
ledger) is derived by ``replay``, so correcting or deleting a past round recomputes every
later one.

Series rules taken from the engine, never per game:
- a round's dealer is the previous result's ``next_dealer`` (the same dealer when it is None);
- a round's ``carry`` is the previous result's ``carry`` (a nagari multiplier, for example);
  the first round's is the configuration's ``opening_carry`` (a table continuing an earlier
  evening: the nagari, tokens or running totals it ended with), empty by default;
- a round completes a month unless its result's ``carry["counts_as_month"]`` is false, or it has
  no winner and the rules' option ``nagari_counts_as_month`` is false (go-stop.md section 6.7);
- the series ends after its length in months, or when a result's ``carry["game_over"]`` is true
  (koi-koi's first_to_50, for example); ``carry["game_winner"]`` then names the winner;
- chips are the result's payments; a points-only game (no payments in any result) settles each
  round by the differences of points between each pair of players, which for two players is the
  loser paying the winner the round score (koi-koi.md section 6).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any, Iterable, NamedTuple

from .errors import TallyError
from .results import said
from .games import get_game, score_round
from .games._setup import opening_carry
from .settlement import direct_payments, fewest_transfers, to_money
from .stats import round_facts

SERVER_KEYS = ("players", "dealer", "carry")  # filled in by the series, never stored


@dataclass(frozen=True)
class SeriesConfig:
    game: str
    players: tuple[str, ...]
    preset: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    length: int | None = 12  # months; None = open-ended
    first_dealer: str | None = None
    chip_value: float = 1
    currency: str = ""
    # the first round's carry, for a table continuing an earlier evening (Game.opening)
    opening_carry: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"game": self.game, "preset": self.preset, "options": dict(self.options),
                "players": list(self.players), "length": self.length,
                "first_dealer": self.first_dealer, "chip_value": self.chip_value,
                "currency": self.currency, "opening_carry": dict(self.opening_carry)}


MAX_NAME = 40  # characters in a player's name
# money per chip: a chip worth a million keeps every ledger exact (and a 1e25 chip value would
# overflow the store's integers on the first round)
MAX_CHIP_VALUE = 1_000_000


def check_config(raw: Mapping) -> SeriesConfig:
    """Validate a new series against its game and return it normalised (preset resolved)."""
    g = get_game(raw.get("game"))
    preset = raw.get("preset")
    options = raw.get("options") or {}
    rules = g.rules(preset, options)  # raises on an unknown preset / option / bad value
    players = raw.get("players")
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise TallyError(said("players must be a list of names"), game=g.id, field="players")
    players = tuple(p.strip() for p in players)
    if any(not p for p in players):
        raise TallyError(said("a player's name is empty"), game=g.id, field="players")
    if any(len(p) > MAX_NAME for p in players):
        raise TallyError(said("a player's name has at most {n} characters", n=MAX_NAME),
                         game=g.id, field="players")
    if len(set(players)) != len(players):
        dup = next(p for p in players if players.count(p) > 1)
        raise TallyError(said("player {player!r} is listed twice", player=dup), game=g.id, player=dup,
                         field="players")
    lo, hi = g.players
    if not lo <= len(players) <= hi:
        raise TallyError(said("{game} is played by {lo}-{hi} players, not {n}", game=g.id, lo=lo,
                              hi=hi, n=len(players)),
                         game=g.id, field="players")
    if "length" in raw:
        length = raw["length"]
    else:  # 12 months (Chapter 3's standard), or the game's longest series
        length = 12 if 12 in g.lengths else max(g.lengths, default=None)
    if length is not None and length not in g.lengths:
        raise TallyError(said("a {game} series lasts {lengths} months or has no set length, "
                              "not {value!r}", game=g.id, lengths=", ".join(map(str, g.lengths)),
                              value=length), game=g.id, field="length")
    dealer = raw.get("first_dealer") or players[0]
    if dealer not in players:
        raise TallyError(said("first dealer {player!r} is not one of the players", player=dealer),
                         game=g.id,
                         player=dealer, field="first_dealer")
    chip_value = raw.get("chip_value", 1)
    if isinstance(chip_value, bool) or not isinstance(chip_value, (int, float)) or \
            not math.isfinite(chip_value) or not 0 <= chip_value <= MAX_CHIP_VALUE:
        raise TallyError(said("chip value must be a number from 0 to {limit}, not {value!r}",
                              value=chip_value, limit=MAX_CHIP_VALUE),
                         game=g.id, field="chip_value")
    currency = raw.get("currency") or ""
    if not isinstance(currency, str) or len(currency) > 8:
        raise TallyError(said("currency is a text of at most 8 characters"), game=g.id,
                         field="currency")
    opening = opening_carry(g, rules, players, raw.get("opening_carry"))
    return SeriesConfig(g.id, players, rules.preset, dict(options), length, dealer,
                        chip_value, currency, opening)


def config_of(d: Mapping) -> SeriesConfig:
    """A stored (already validated) configuration."""
    return SeriesConfig(d["game"], tuple(d["players"]), d.get("preset"),
                        dict(d.get("options") or {}), d.get("length"), d.get("first_dealer"),
                        d.get("chip_value", 1), d.get("currency") or "",
                        dict(d.get("opening_carry") or {}))


def clean_input(cfg: SeriesConfig, raw: Any, *, dealer: str | None = None,
                carry: Mapping | None = None, field_prefix: str = "") -> dict:
    """The round input as stored: the keys the series fills in are checked and dropped."""
    if not isinstance(raw, Mapping):
        raise TallyError(said("a round must be an object"), game=cfg.game,
                         field=field_prefix.rstrip(".") or "round")
    out = dict(raw)
    if "players" in out:
        if list(out.pop("players") or ()) != list(cfg.players):
            raise TallyError(said("this series is played by {players} in that seating order; "
                                  "leave the players out of the round",
                                  players=", ".join(cfg.players)), game=cfg.game,
                             field=field_prefix + "players")
    if "dealer" in out:
        given = out.pop("dealer")
        if dealer is not None and given != dealer:
            raise TallyError(said("the dealer of this round is {dealer!r} by the game's rules, not "
                                  "{given!r}; leave the dealer out of the round", dealer=dealer,
                                  given=given), game=cfg.game,
                             player=given if isinstance(given, str) else None,
                             rule="dealer", field=field_prefix + "dealer")
    if "carry" in out:
        given = out.pop("carry")
        if carry is not None and given not in (None, {}) and dict(given) != dict(carry):
            raise TallyError(said("the carry comes from the previous round; leave it out of the round"),
                             game=cfg.game, rule="carry", field=field_prefix + "carry")
    _bound_extra_keys(cfg.game, out, field_prefix)
    return out


# Keys a game does not read are kept (a client's own note on a round), but only a few small
# ones: a round is stored and replayed with every correction and undo.
MAX_EXTRA_KEYS, MAX_EXTRA_SIZE = 4, 1024


def round_keys(game) -> frozenset[str]:
    """The keys a game's round may carry."""
    return frozenset({"players", "dealer", "carry", "events", game.pile_key,
                      *(i.key for i in game.inputs), *(game.round_example or {})}) - {None}


def _bound_extra_keys(game_id: str, inp: dict, field_prefix: str) -> None:
    known = round_keys(get_game(game_id))
    extra = [k for k in inp if k not in known]
    if len(extra) > MAX_EXTRA_KEYS:
        raise TallyError(said("{game} does not read {keys}; a round keeps at most {n} keys of "
                              "its own", game=game_id, keys=", ".join(map(str, extra[:8])),
                              n=MAX_EXTRA_KEYS), game=game_id, field=field_prefix + extra[0])
    for k in extra:
        size = len(json.dumps(inp[k], ensure_ascii=False, default=str))
        if size > MAX_EXTRA_SIZE:
            raise TallyError(said("{game} does not read {key}; a key of its own holds at most "
                                  "{limit} characters, not {size}", game=game_id, key=k,
                                  limit=MAX_EXTRA_SIZE, size=size),
                             game=game_id, field=field_prefix + k)


@dataclass
class RoundState:
    seq: int  # 1-based position in the series
    month: int  # the month this round was played in
    dealer: str
    carry_in: dict
    input: dict
    result: dict  # RoundResult.to_dict()
    counts_as_month: bool
    # a stored round taken again without scoring it (``reused``): the store's key of the
    # result it keeps; ``result`` then holds only what the running summary reads of it, and
    # ``input`` is as the store handed it (``Stored.input``)
    stored_as: Any = field(default=None, compare=False, repr=False)

    def view(self) -> dict:
        return {"seq": self.seq, "month": self.month, "dealer": self.dealer,
                "carry_in": self.carry_in, "counts_as_month": self.counts_as_month,
                "input": self.input, "result": self.result}


def _counts_as_month(result: Mapping, rules) -> bool:
    c = (result.get("carry") or {}).get("counts_as_month")
    if isinstance(c, bool):
        return c
    if result.get("winner") is None and rules.get("nagari_counts_as_month") is False:
        return False
    return True


def score_one(cfg: SeriesConfig, inp: Mapping, *, seq: int, month: int, dealer: str,
              carry: Mapping, field_prefix: str = "") -> RoundState:
    full = dict(inp)
    full["players"] = list(cfg.players)
    full["dealer"] = dealer
    if carry:
        full["carry"] = dict(carry)
    # games that end by the agreed number of rounds read it from the round (InputDef kind
    # "series_length"): the series knows it, so the table never types it
    for spec in get_game(cfg.game).inputs:
        if spec.kind == "series_length" and cfg.length is not None:
            full.setdefault(spec.key, cfg.length)
        # the round's month (Koi-Koi's house rules read it): the series' month, 1-12 in turn,
        # unless the table gave one
        if spec.key == "month" and spec.kind == "choice":
            full.setdefault(spec.key, (month - 1) % 12 + 1)
    try:
        res = score_round(cfg.game, full, preset=cfg.preset, options=cfg.options)
    except TallyError as e:
        raise _prefixed(e, seq, field_prefix) from None
    rd = res.to_dict()
    rules = _rules_of(cfg)
    return RoundState(seq, month, dealer, dict(carry or {}), dict(inp), rd,
                      _counts_as_month(rd, rules))


_RULES: dict = {}  # (game, preset, options) -> the rules in force, resolved once
_OF_CONFIG: dict = {}  # id(cfg) -> (cfg, rules, counters, month read): asked once per round


def _rules_of(cfg: SeriesConfig):
    """The rules a series plays by (the same for every round: resolved once, not per round)."""
    return _of_config(cfg)[1]


def _of_config(cfg: SeriesConfig) -> tuple:
    """What a series' rules say, resolved once per config: the rules in force, the carry's
    running counts (``_counters_of``) and whether the month is read (``month_read``)."""
    hit = _OF_CONFIG.get(id(cfg))
    if hit is not None and hit[0] is cfg:  # the config is held, so its id is not reused
        return hit
    game = get_game(cfg.game)
    key = (cfg.game, cfg.preset, json.dumps(dict(cfg.options), sort_keys=True, default=str))
    rules = _RULES.get(key)
    if rules is None:
        if len(_RULES) > 256:  # a bound: options are outside input
            _RULES.clear()
        rules = _RULES[key] = game.rules(cfg.preset, cfg.options)
    counters = game.carry_counters(rules) if game.carry_counters else ()
    reads_month = any(spec.key == "month" and spec.kind == "choice" and spec.possible(rules)
                      for spec in game.inputs)
    if len(_OF_CONFIG) > 64:
        _OF_CONFIG.clear()
    hit = _OF_CONFIG[id(cfg)] = (cfg, rules, counters, reads_month)
    return hit


def _prefixed(e: TallyError, seq: int, field_prefix: str) -> TallyError:
    new = TallyError(f"round {seq}: {e.message}" if field_prefix else e.message, game=e.game,
                     card=e.card, player=e.player, option=e.option, preset=e.preset,
                     rule=e.rule, field=field_prefix + (e.field or "round")
                     if field_prefix else e.field)
    new.round = seq
    return new


def next_position(cfg: SeriesConfig, rounds: list[RoundState]) -> tuple[int, str, dict]:
    """The month, dealer and carry of the next round after ``rounds``."""
    if not rounds:
        return 1, cfg.first_dealer or cfg.players[0], dict(cfg.opening_carry)
    last = rounds[-1]
    r = last.result
    dealer = r.get("next_dealer") or last.dealer
    carry = {k: v for k, v in (r.get("carry") or {}).items() if k != "counts_as_month"}
    return last.month + (1 if last.counts_as_month else 0), dealer, carry


def opening_points(cfg: SeriesConfig) -> dict:
    """Each player's points before the first round: 0, or where the session opens with the
    game's running totals (``Game.opening_points``), those totals, so the session's totals
    go on from the earlier evening's. Chips and money are the session's own."""
    key = get_game(cfg.game).opening_points if cfg.opening_carry else ""
    given = (cfg.opening_carry.get(key) or {}) if key else {}
    return {p: given.get(p, 0) for p in cfg.players}


def months_played(rounds: list[RoundState]) -> int:
    return sum(1 for r in rounds if r.counts_as_month)


def game_over(rounds: list[RoundState]) -> bool:
    """The engine ended the game early (``carry.game_over``, e.g. koi-koi's first_to_50)."""
    return bool(rounds) and bool((rounds[-1].result.get("carry") or {}).get("game_over"))


def is_complete(cfg: SeriesConfig, rounds: list[RoundState]) -> bool:
    return (cfg.length is not None and months_played(rounds) >= cfg.length) or \
        game_over(rounds)


def replay(cfg: SeriesConfig, inputs: list[Mapping], *, kept: list[RoundState] = (),
           field_prefix: str = "rounds.{seq}.") -> list[RoundState]:
    """Score ``inputs`` in order; the first ``len(kept)`` rounds are trusted as stored.

    A round that no longer fits (a later round naming the wrong dealer, a series that is
    already over) raises TallyError naming the round.
    """
    rounds = list(kept)
    for i in range(len(kept), len(inputs)):
        seq = i + 1
        prefix = field_prefix.format(seq=seq) if field_prefix else ""
        if is_complete(cfg, rounds):
            e = TallyError(said("round {seq}: the series is already over (after {months} months)",
                                seq=seq, months=months_played(rounds)),
                           game=cfg.game, rule="length", field=prefix.rstrip(".") or "round")
            e.round = seq
            raise e
        month, dealer, carry = next_position(cfg, rounds)
        rounds.append(score_one(cfg, inputs[i], seq=seq, month=month, dealer=dealer,
                                carry=carry, field_prefix=prefix))
    return rounds


# ----------------------------------------------------------------------------- ledger

def round_payments(result: Mapping, players: Iterable[str]) -> list[dict]:
    """The chip transfers of one round: its payments, or for a points-only result (no
    payments) the differences of points between each pair of players."""
    pays = result.get("payments") or []
    if pays:
        return [dict(p) for p in pays]
    pts = {p["player"]: p.get("points") or 0 for p in result.get("players") or ()}
    order = [p for p in players if p in pts]
    out = []
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            d = pts[a] - pts[b]
            if d > 0:
                out.append({"from": b, "to": a, "amount": d, "reason": "points difference"})
            elif d < 0:
                out.append({"from": a, "to": b, "amount": -d, "reason": "points difference"})
    return out


def _count_round(scored: Iterable, winner, points: dict, won: dict) -> None:
    """Add one round's points (``scored``: (player, points) pairs) and its win to the running
    counts (``summary`` and ``advance``)."""
    for who, pts in scored:
        if who in points:
            points[who] += pts
    if winner in won:
        won[winner] += 1


def summary(cfg: SeriesConfig, rounds: list[RoundState], prev: Mapping | None = None) -> dict:
    """Running totals, the chip ledger, the month and dealer now, the settlement.

    With ``prev`` (the summary of the rounds before), ``rounds`` are only the rounds added
    after them: appending a round costs one round, not the whole series."""
    players = list(cfg.players)
    points = opening_points(cfg)
    chips = {p: 0 for p in players}
    won = {p: 0 for p in players}
    ledger, per_round, played = [], [], 0
    if prev is not None:
        for t in prev["totals"]:
            points[t["player"]], chips[t["player"]] = t["points"], t["chips"]
            won[t["player"]] = t["rounds_won"]
        ledger, per_round = list(prev["ledger"]), list(prev["rounds"])
        played = prev["months_played"]
    for r in rounds:
        res = r.result
        _count_round(((ps["player"], ps.get("points") or 0) for ps in res.get("players") or ()),
                     res.get("winner"), points, won)
        net = {p: 0 for p in players}
        for pay in round_payments(res, players):
            ledger.append({"seq": r.seq, "month": r.month, **pay})
            net[pay["from"]] = net.get(pay["from"], 0) - pay["amount"]
            net[pay["to"]] = net.get(pay["to"], 0) + pay["amount"]
            chips[pay["from"]] = chips.get(pay["from"], 0) - pay["amount"]
            chips[pay["to"]] = chips.get(pay["to"], 0) + pay["amount"]
        per_round.append({"seq": r.seq, "month": r.month, "dealer": r.dealer,
                          "winner": res.get("winner"), "net": net})
    played += months_played(rounds)
    if prev is not None and not rounds:
        month, dealer, carry = prev["month"], prev["dealer"], prev["carry"]
    else:
        month, dealer, carry = next_position(cfg, rounds)
    over = game_over(rounds) if rounds else bool(prev and prev.get("game_over"))
    complete = (cfg.length is not None and played >= cfg.length) or over
    chips = {p: _tidy(v) for p, v in chips.items()}
    champion = (rounds[-1].result.get("carry") or {}).get("game_winner") if over and rounds \
        else (prev or {}).get("game_winner")
    return {
        "month": None if complete else month,
        "months_played": played,
        "length": cfg.length,
        "complete": complete,
        "game_over": over,  # the rules ended the game before its length
        "game_winner": champion,
        "dealer": None if complete else dealer,
        "carry": carry,
        "totals": [{"player": p, "points": _tidy(points[p]), "chips": chips[p],
                    "money": to_money(chips[p], cfg.chip_value), "rounds_won": won[p]}
                   for p in players],
        "ledger": ledger,
        "rounds": per_round,
        "leaders": [champion] if champion in chips else leaders(chips, won),
    }


# ----------------------------------------------------------------------------- running summary
# What the store keeps so a write costs one round, not the whole series: the summary's head
# (``summary`` without its two lists, which grow with every round), each round's own ledger
# entries and line, and the tallies the group standings add up. ``advance`` extends them by
# one round; chained from ``start`` over a series they equal ``summary`` and ``standings``.

SUMMARY_LISTS = ("ledger", "rounds")  # the parts of ``summary`` kept per round, not in the head


@dataclass(frozen=True)
class Step:
    """One round's share of the running summary."""
    head: dict  # the summary after the round, without its ledger and rounds lists
    tallies: dict  # per player: chips won and lost, rounds played, biggest round, yaku counts
    ledger: list  # this round's chip transfers (summary["ledger"] entries)
    line: dict  # this round's summary["rounds"] entry
    gain: dict  # what the round adds to the counts (``gain_of``)


def start(cfg: SeriesConfig) -> tuple[dict, dict]:
    """The head and tallies of a series with no rounds."""
    head = {k: v for k, v in summary(cfg, []).items() if k not in SUMMARY_LISTS}
    return head, {}


def gain_of(r: RoundState) -> dict:
    """What one round adds to the running counts besides its ledger: each player's points and
    combinations made (in the result's order), the winner, and the statistics' facts. Kept
    with the round, so the rounds after a correction that leaves them as they were are
    counted again from it without being read or rescored (``carry_forward``)."""
    players = r.result.get("players") or ()
    return {"points": [[ps["player"], ps.get("points") or 0] for ps in players],
            "winner": r.result.get("winner"),
            "yaku": [[ps["player"], [y["id"] for y in ps.get("yaku") or ()]] for ps in players],
            "facts": round_facts(r.result, r.input)}


def _counted(players: list, head: Mapping, gain: Mapping, ledger: list) -> tuple:
    """Points, chips, rounds won and the round's net chips per player after one round."""
    totals = {t["player"]: t for t in head["totals"]}
    points = {p: totals[p]["points"] for p in players}
    chips = {p: totals[p]["chips"] for p in players}
    won = {p: totals[p]["rounds_won"] for p in players}
    _count_round(gain["points"], gain["winner"], points, won)
    net = {p: 0 for p in players}
    for pay in ledger:
        for who, sign in ((pay["from"], -1), (pay["to"], 1)):
            net[who] = net.get(who, 0) + sign * pay["amount"]
            chips[who] = chips.get(who, 0) + sign * pay["amount"]
    return points, {p: _tidy(v) for p, v in chips.items()}, won, net


def _totals(cfg: SeriesConfig, points: Mapping, chips: Mapping, won: Mapping) -> list[dict]:
    return [{"player": p, "points": _tidy(points[p]), "chips": chips[p],
             "money": to_money(chips[p], cfg.chip_value), "rounds_won": won[p]}
            for p in cfg.players]


def advance(cfg: SeriesConfig, head: Mapping, tallies: Mapping, r: RoundState, *,
            in_place: bool = False, gain: Mapping | None = None) -> Step:
    """The running summary after round ``r``, from the one before it (``summary`` with
    ``prev``, without rebuilding the lists). The tallies are a new copy, or with
    ``in_place`` the ones given, counted on. ``gain``: the round's ``gain_of`` where it is
    known (a stored round whose result is reused)."""
    res = r.result
    gain = gain_of(r) if gain is None else gain
    ledger = [{"seq": r.seq, "month": r.month, **pay}
              for pay in round_payments(res, cfg.players)]
    points, chips, won, net = _counted(list(cfg.players), head, gain, ledger)
    played = head["months_played"] + (1 if r.counts_as_month else 0)
    month, dealer, carry = next_position(cfg, [r])
    over = game_over([r])
    complete = (cfg.length is not None and played >= cfg.length) or over
    champion = (res.get("carry") or {}).get("game_winner") if over else head.get("game_winner")
    new_head = {
        "month": None if complete else month, "months_played": played, "length": cfg.length,
        "complete": complete, "game_over": over, "game_winner": champion,
        "dealer": None if complete else dealer, "carry": carry,
        "totals": _totals(cfg, points, chips, won),
        "leaders": [champion] if champion in chips else leaders(chips, won),
    }
    line = {"seq": r.seq, "month": r.month, "dealer": r.dealer, "winner": res.get("winner"),
            "net": net}
    tallied = tally_into(tallies, r.seq, r.month, net, gain) if in_place else \
        tally_gain(tallies, r.seq, r.month, net, gain)
    return Step(new_head, tallied, ledger, line, gain)


# Where a round's standing in the series comes from: two heads with the same position give
# the next round the same month, dealer, carry and months counted, so it scores the same.
POSITION = ("month", "months_played", "length", "complete", "game_over", "game_winner",
            "dealer", "carry")


def same_position(head: Mapping, other: Mapping, *, but_carry: bool = False) -> bool:
    return all(head.get(k) == other.get(k) for k in POSITION if not (but_carry and k == "carry"))


def shifted(cfg: SeriesConfig, carry_in: Mapping, carry_out: Mapping | None,
            carry: Mapping) -> tuple[dict, dict] | None:
    """A stored round that was entered with ``carry_in`` and handed on ``carry_out`` (its
    result's carry), entered with ``carry`` instead, when the two differ only in the game's
    running counts (``Game.carry_counters``): the round scores the same, and the counts it
    hands on move by the same amounts. Returns the new (carry in, carry out); None when
    anything else differs (the round must be rescored)."""
    counters = _counters_of(cfg)
    if not counters or carry_in.keys() != carry.keys():
        return None
    moved = {}
    for k, v in carry.items():
        was = carry_in[k]
        if v == was:
            continue
        if k not in counters or not (_is_map(v) and _is_map(was) and v.keys() == was.keys()):
            return None
        moved[k] = {p: v[p] - was[p] for p in v}
    out = dict(carry_out or {})
    for k, by in moved.items():
        if not _is_map(out.get(k)) or out[k].keys() != by.keys():
            return None
        out[k] = {p: n + by[p] for p, n in out[k].items()}
    return dict(carry), out


def _is_map(x) -> bool:
    return type(x) is dict or isinstance(x, Mapping)  # the common case without the ABC check


class Stored(NamedTuple):
    """A stored round handed to ``replay_steps`` again, as a store keeps it apart from its
    place in the series: where it was played, what it handed on, what it added to the counts
    and paid. Its result is taken as it is where it starts from the same dealer and carry
    (``reused``); only then is it scored again from its input."""
    input: Any  # its input, or the input's JSON text (read only to score it again)
    month: int
    dealer: str
    carry_in: Mapping
    carry_out: Mapping | None  # its result's carry: what it hands on
    next_dealer: str | None
    counts_as_month: bool
    gain: Mapping  # its gain_of
    ledger: list  # its chip transfers as stored (their seq and month are set again)
    key: Any = None  # the store's key of its result (``RoundState.stored_as``)

    def raw_input(self) -> Mapping:
        return json.loads(self.input) if isinstance(self.input, str) else self.input


_PLACE_KEYS = ("seq", "month")  # what a ledger entry says of the round's place


def reused(cfg: SeriesConfig, stored: Stored, seq: int, month: int, dealer: str,
           carry: Mapping) -> RoundState | None:
    """``stored`` as round ``seq`` in ``month``, entered by ``dealer`` with ``carry``,
    without scoring it: a round's result depends on its input, dealer, carry and the
    series' rules only (``score_one``), and on its month only where the game takes the month
    and a rule in force reads it (``month_read``). So when the dealer and carry are the
    ones it was scored with (or the carry differs only in counts it shifts: ``shifted``) and
    the month is the same or unread, the result is the stored one. The round's ``result``
    then holds only what ``advance`` reads (its payments, winner, next dealer and carry):
    the store keeps the rest as it is (``stored_as``). None when it must be scored again."""
    if stored.dealer != dealer or (stored.month != month and month_read(cfg)):
        return None
    carry_in, carry_out = stored.carry_in, stored.carry_out
    if carry_in != carry:
        moved = shifted(cfg, carry_in, carry_out, carry)
        if moved is None:
            return None
        carry_in, carry_out = moved
    pays = [{k: v for k, v in pay.items() if k not in _PLACE_KEYS} for pay in stored.ledger]
    result = {"payments": pays, "winner": stored.gain["winner"],
              "next_dealer": stored.next_dealer, "carry": carry_out}
    return RoundState(seq, month, dealer, dict(carry_in), stored.input, result,
                      stored.counts_as_month, stored_as=stored.key)


def month_read(cfg: SeriesConfig) -> bool:
    """Whether a round's score can depend on its month in the series: only in a game that
    takes the month (``score_one`` fills it in), where a rule in force reads it (the input's
    ``requires``; tests/test_series_reuse.py checks that the results do not change with the
    month otherwise)."""
    return _of_config(cfg)[3]


def _counters_of(cfg: SeriesConfig) -> tuple[str, ...]:
    return _of_config(cfg)[2]


def carry_forward(cfg: SeriesConfig, head: Mapping, old_head: Mapping, ledger: list,
                  gain: Mapping, carry: Mapping | None = None) -> tuple[dict, dict]:
    """A stored round whose position did not change, counted again after a correction of an
    earlier round: its head as stored with the totals and leaders recounted from ``head``
    (the new summary before it) by the same arithmetic as ``advance``, and the carry it hands
    on when its counts were shifted (``shifted``); and its net chips."""
    points, chips, won, net = _counted(list(cfg.players), head, gain, ledger)
    champion = old_head.get("game_winner")
    out = {**old_head, "totals": _totals(cfg, points, chips, won),
           "leaders": [champion] if champion in chips else leaders(chips, won)}
    if carry is not None:
        out["carry"] = carry
    return out, net


def tally_round(tallies: Mapping, r: RoundState, net: Mapping) -> dict:
    """``tally_gain`` of a scored round."""
    return tally_gain(tallies, r.seq, r.month, net, gain_of(r))


def tally_gain(tallies: Mapping, seq: int, month: int, net: Mapping, gain: Mapping) -> dict:
    """The standings' tallies with one more round (a copy; ``tally_into`` adds in place)."""
    return tally_into(copy_tallies(tallies), seq, month, net, gain)


def copy_tallies(tallies: Mapping) -> dict:
    return {k: {**v, "yaku": dict(v["yaku"]), "penalties": dict(v.get("penalties") or {})}
            for k, v in tallies.items()}


def tally_into(out: dict, seq: int, month: int, net: Mapping, gain: Mapping) -> dict:
    """Add one round to the standings' tallies: its chips won or lost per player, the
    biggest round so far (the first one, on a tie) and the yaku made; and the session's
    statistics (tally/stats.py): calls that paid and failed, penalties suffered."""
    def of(name):
        return out.setdefault(name, {"chips_won": 0, "chips_lost": 0, "rounds_played": 0,
                                     "biggest": None, "yaku": {}, "calls_paid": 0,
                                     "calls_failed": 0, "penalties": {}})
    for name, n in net.items():
        t = of(name)
        t["rounds_played"] += 1
        if n > 0:
            t["chips_won"] = _tidy(t["chips_won"] + n)
            if t["biggest"] is None or n > t["biggest"]["chips"]:
                t["biggest"] = {"chips": n, "seq": seq, "month": month}
        elif n < 0:
            t["chips_lost"] = _tidy(t["chips_lost"] - n)
    for name, made in gain["yaku"]:
        t = of(name)
        for y in made:
            t["yaku"][y] = t["yaku"].get(y, 0) + 1
    for name, facts in gain["facts"].items():
        t = of(name)
        t["calls_paid"] = t.get("calls_paid", 0) + facts["calls_paid"]
        t["calls_failed"] = t.get("calls_failed", 0) + facts["calls_failed"]
        for k, n in facts["penalties"].items():
            t["penalties"][k] = t["penalties"].get(k, 0) + n
    return out


def finished(head: Mapping) -> dict:
    """The head of a series the table ended early ("Finish now"): over, with no next month or
    dealer; the totals, leaders and settlement are those of the rounds played."""
    return {**head, "complete": True, "finished": True, "month": None, "dealer": None}


def standing(head: Mapping, tallies: Mapping) -> dict:
    """What the group standings read of one series (stored with it at every write)."""
    return {"complete": head["complete"], "leaders": list(head["leaders"]),
            "totals": {t["player"]: [t["chips"], t["rounds_won"]] for t in head["totals"]},
            "tallies": dict(tallies)}


def replay_after(cfg: SeriesConfig, head: Mapping, tallies: Mapping, inputs: list[Mapping],
                 first_seq: int, field_prefix: str = "rounds.{seq}."
                 ) -> list[tuple[RoundState, Step]]:
    """Score ``inputs`` as rounds ``first_seq``... of a series whose running summary before
    them is ``head`` and ``tallies`` (``replay`` without the rounds before: they are neither
    read nor rescored). Each round comes with its share of the running summary."""
    return list(replay_steps(cfg, head, tallies, inputs, first_seq, field_prefix))


def replay_steps(cfg: SeriesConfig, head: Mapping, tallies: Mapping, inputs: Iterable[Mapping],
                 first_seq: int, field_prefix: str = "rounds.{seq}.", *, shared: bool = False):
    """``replay_after`` one round at a time (a store writes each as it comes, so a long
    rescoring never holds every round at once). With ``shared`` every step's tallies are one
    copy counted on round by round (not a copy per round): read a step's before the next. An
    input may be a ``Stored`` round: its stored result is taken where it still holds
    (``reused``), else it is scored again from its input."""
    if shared:
        tallies = copy_tallies(tallies)
    for i, inp in enumerate(inputs):
        r, step = next_step(cfg, head, tallies, inp, first_seq + i, field_prefix,
                            in_place=shared)
        yield r, step
        head, tallies = step.head, step.tallies


def next_step(cfg: SeriesConfig, head: Mapping, tallies: Mapping, inp, seq: int,
              field_prefix: str = "rounds.{seq}.", *, in_place: bool = False
              ) -> tuple[RoundState, Step]:
    """Round ``seq`` (an input, or a ``Stored`` round) scored or reused after the running
    summary ``head`` and ``tallies`` (counted on in place with ``in_place``), with its step."""
    prefix = field_prefix.format(seq=seq) if field_prefix else ""
    if head["complete"]:
        e = TallyError(said("round {seq}: the series is already over (after {months} months)",
                            seq=seq, months=head["months_played"]),
                       game=cfg.game, rule="length", field=prefix.rstrip(".") or "round")
        e.round = seq
        raise e
    if isinstance(inp, Stored):
        r = reused(cfg, inp, seq, head["month"], head["dealer"], head["carry"])
        if r is not None:
            return r, advance(cfg, head, tallies, r, in_place=in_place, gain=inp.gain)
        inp = inp.raw_input()
    r = score_one(cfg, inp, seq=seq, month=head["month"], dealer=head["dealer"],
                  carry=head["carry"], field_prefix=prefix)
    return r, advance(cfg, head, tallies, r, in_place=in_place)


def leaders(chips: Mapping[str, float], won: Mapping[str, int]) -> list[str]:
    """Highest chips; tie -> most rounds won; still tied -> a shared win (koi-koi.md section 6,
    go-stop.md section 6.7)."""
    if not chips:
        return []
    best = max((chips[p], won.get(p, 0)) for p in chips)
    return [p for p in chips if (chips[p], won.get(p, 0)) == best]


def settle(cfg: SeriesConfig, totals: Mapping[str, float], mode: str = "fewest") -> dict:
    """Who pays whom to settle the series: the fewest transfers, or each loser paying each
    winner directly; with the money at the session's chip value."""
    nets = {p: totals.get(p, 0) for p in cfg.players}
    pays = direct_payments(nets) if mode == "direct" else fewest_transfers(nets)
    return {
        "mode": mode,
        "chip_value": cfg.chip_value,
        "currency": cfg.currency,
        "nets": [{"player": p, "chips": _tidy(nets[p]),
                  "money": to_money(nets[p], cfg.chip_value)} for p in cfg.players],
        "payments": [{"from": x.payer, "to": x.payee, "amount": _tidy(x.amount),
                      "money": to_money(x.amount, cfg.chip_value)} for x in pays],
    }


def _tidy(v):
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


# ----------------------------------------------------------------------------- standings

def standings(series: Iterable[Mapping]) -> dict:
    """A group's standings over many series, from every round (the full computation;
    the API reads ``standings_of``, which must equal it).

    Each item: ``{"id", "game", "players": {seat name: identity}, "complete", "summary",
    "rounds": [RoundState.view()...]}``. Returns per player (identity) and per game: chips
    won and lost, series played and won, rounds won, biggest round, yaku made most often.
    """
    people: dict[str, dict] = {}

    def rec(who, game):
        return _records(people, who, game)

    for s in series:
        ident = s["players"]
        summ = s["summary"]
        for t in summ["totals"]:
            who = ident.get(t["player"], t["player"])
            for r in rec(who, s["game"]):
                r["series_played"] += 1
                # "Series won 0 / 1" counts finished series only (issue 24)
                r["series_finished"] += 1 if s.get("complete") else 0
                r["net_chips"] = _tidy(r["net_chips"] + t["chips"])
                r["rounds_won"] += t["rounds_won"]
                if s.get("complete") and t["player"] in summ["leaders"]:
                    r["series_won"] += 1
        for rr in summ["rounds"]:
            for name, n in rr["net"].items():
                who = ident.get(name, name)
                for r in rec(who, s["game"]):
                    if n > 0:
                        r["chips_won"] = _tidy(r["chips_won"] + n)
                    elif n < 0:
                        r["chips_lost"] = _tidy(r["chips_lost"] - n)
                    r["rounds_played"] += 1
                    if n > 0 and (r["biggest_round"] is None or n > r["biggest_round"]["chips"]):
                        r["biggest_round"] = {"chips": n, "session": s["id"],
                                              "seq": rr["seq"], "game": s["game"]}
        for rv in s["rounds"]:
            for ps in rv["result"].get("players") or ():
                who = ident.get(ps["player"], ps["player"])
                for r in rec(who, s["game"]):
                    for y in ps.get("yaku") or ():
                        r["_yaku"][y["id"]] = r["_yaku"].get(y["id"], 0) + 1
    return _ranked(people)


def standings_of(rows: Iterable[Mapping]) -> dict:
    """``standings`` from each series' stored ``standing`` (no round is read): linear in the
    number of series. Each row: ``{"id", "game", "players": {seat name: identity},
    "standing"}``, in the order the series were created."""
    people: dict[str, dict] = {}
    for s in rows:
        ident, st = s["players"], s["standing"]
        for name, (chips, rounds_won) in st["totals"].items():
            for r in _records(people, ident.get(name, name), s["game"]):
                r["series_played"] += 1
                r["series_finished"] += 1 if st["complete"] else 0
                r["net_chips"] = _tidy(r["net_chips"] + chips)
                r["rounds_won"] += rounds_won
                if st["complete"] and name in st["leaders"]:
                    r["series_won"] += 1
        for name, t in st["tallies"].items():
            for r in _records(people, ident.get(name, name), s["game"]):
                r["chips_won"] = _tidy(r["chips_won"] + t["chips_won"])
                r["chips_lost"] = _tidy(r["chips_lost"] + t["chips_lost"])
                r["rounds_played"] += t["rounds_played"]
                big = t["biggest"]
                if big and (r["biggest_round"] is None or
                            big["chips"] > r["biggest_round"]["chips"]):
                    r["biggest_round"] = {"chips": big["chips"], "session": s["id"],
                                          "seq": big["seq"], "game": s["game"]}
                for y, n in t["yaku"].items():
                    r["_yaku"][y] = r["_yaku"].get(y, 0) + n
    return _ranked(people)


def _records(people: dict, who: str, game: str) -> tuple[dict, dict]:
    p = people.setdefault(who, _blank(who))
    return p, p["games"].setdefault(game, _blank(who, game))


def _ranked(people: dict) -> dict:
    out = []
    for p in people.values():
        _finish(p)
        p["games"] = [_finish(g) for _, g in sorted(p["games"].items())]
        out.append(p)
    out.sort(key=lambda p: (-p["net_chips"], -p["series_won"], p["player"]))
    return {"players": out}


def _blank(who, game=None):
    d = {"player": who, "series_played": 0, "series_finished": 0, "series_won": 0,
         "rounds_played": 0,
         "rounds_won": 0, "chips_won": 0, "chips_lost": 0, "net_chips": 0,
         "biggest_round": None, "_yaku": {}}
    if game is None:
        d["games"] = {}
    else:
        d["game"] = game
    return d


def _finish(r):
    counts = r.pop("_yaku")
    r["yaku"] = [{"id": k, "count": v}
                 for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    return r
