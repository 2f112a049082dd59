"""What Tensho (Simplified) and Tensho share (shared/rules/tensho-simplified.md, tensho.md).

Both are 2-player capture games with the 45-card deck (no paulownia chaffs), two yaku sets of
which one is chosen per round, "each" scoring of Front (ribbon) and Back (bright/ten) yaku
named by month numbers, automatic wins, and a round decided by yaku total, then more chaffs,
then the higher card total (section 5). They differ only in the month numbering: each game
module gives its Front/Back card per month number, its yaku table (spec strings such as
"F1 F2 F3"), its card values and the option that picks one willow card (section 10 TS3/T3).

The game is won on round wins, so the carry counts wins; the agreed ``length`` ends it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from collections.abc import Mapping
from typing import Any

from ..cards import CARD, CHAFFS, FULL_DECK, mask_of, slugs_of
from ..errors import TallyError
from ..options import BOOL, CHOICE, Option
from ..results import Evaluation, PlayerScore, RoundResult, Step, YakuHit, said
from ..rounds import event_words, ordinal, piles_of
from . import EventDef, InputDef, YakuDef
from ._capture import (COMMON_EVENTS, MONTHS, game_payments, misdeal_result, read_table,
                       round_payments, shared_options)

AUTO = "AUTO"  # an automatic win: the round ends at once and the capturer wins (section 4)
PHOENIX = CARD["paulownia-phoenix"].bit
# Section 1: remove the jokers and the three paulownia chaffs; 45 cards.
DECK = FULL_DECK & ~mask_of(["paulownia-chaff-1", "paulownia-chaff-2",
                             "paulownia-chaff-colored"])
CHAFF = CHAFFS & DECK  # section 2: the tie-break counts cards of type chaff (21 here)
# Section 3: 6 + 6 dealt, 9 to the field, and one draw per turn for 6 turns each: at most
# 33 cards ever come into play (6 are discarded, 6 stay in the draw pile).
IN_PLAY = 6 + 6 + 9 + 12
SETS = ("one", "two")
SET_NAME = {"one": "Set One", "two": "Set Two"}


@dataclass(frozen=True)
class TenshoYaku:
    """One row of section 4: ``spec`` names each card as F (Front) or B (Back) + month number
    in the game's own numbering; ``set_one`` / ``set_two`` is points, AUTO or None (absent)."""
    id: str
    en: str
    spec: str
    set_one: Any
    set_two: Any
    ja: str = ""


@dataclass(frozen=True)
class Variant:
    """What one Tensho game fixes: ids, month lookup, values, yaku rows, back-card option."""
    game_id: str
    front: Mapping[int, str]  # month number -> Front card slug
    back: Mapping[int, str]  # month number -> Back card slug (the option month: its default)
    option_id: str  # "back_eleven_card" / "back_two_card"
    option_month: int
    option_choices: tuple[str, ...]  # default first
    option_note: str  # why the option exists, in the option's description
    values: Mapping[str, int]  # card values above 1 (every other card is worth 1)
    yaku: tuple[TenshoYaku, ...]
    digest: str  # "tensho-simplified.md"


def value_rows(values: Mapping[str, int]) -> tuple:
    """(mask, value) rows of section 2: the listed cards, every other card of the deck 1."""
    by_value: dict[int, int] = {}
    listed = 0
    for slug, v in values.items():
        by_value[v] = by_value.get(v, 0) | CARD[slug].bit
        listed |= CARD[slug].bit
    by_value[1] = by_value.get(1, 0) | (DECK & ~listed)
    return tuple((m, v) for v, m in sorted(by_value.items(), reverse=True))


def cards_of(v: Variant, spec: str, back_card: str) -> int:
    mask = 0
    for part in spec.split():
        side, month = part[0], int(part[1:])
        if side == "F":
            slug = v.front[month]
        elif month == v.option_month:
            slug = back_card
        else:
            slug = v.back[month]
        mask |= CARD[slug].bit
    return mask


def _points_words(y: TenshoYaku) -> str:
    def one(x):
        return "automatic win" if x == AUTO else ("not in this set" if x is None else str(x))
    return f"Set One: {one(y.set_one)}; Set Two: {one(y.set_two)}"


def _names(y: TenshoYaku) -> dict:
    return {"en": y.en, "ja": y.ja} if y.ja else {"en": y.en}


# the willow cards the back-card option chooses between, as the descriptions say them
_WILLOW = {"willow-swallow": "the swallow", "willow-rainman": "the rain man"}


def yaku_defs(v: Variant) -> tuple[YakuDef, ...]:
    out = []
    for y in v.yaku:
        mask = cards_of(v, y.spec, v.option_choices[0])
        group = ("front" if all(p[0] == "F" for p in y.spec.split()) else
                 "back" if all(p[0] == "B" for p in y.spec.split()) else "mixed")
        uses_option = f"B{v.option_month}" in y.spec.split()
        desc = f"all of: {', '.join(slugs_of(mask))}"
        if uses_option:
            usual, other = (_WILLOW[c] for c in v.option_choices)
            desc += f" (Back {v.option_month} is {usual} unless the house rules pick {other})"
        out.append(YakuDef(y.id, _names(y), _points_words(y), slugs_of(mask), group, desc))
    return tuple(out)


def options(v: Variant, extra: tuple[Option, ...] = ()) -> tuple[Option, ...]:
    return (
        Option("yaku_set", CHOICE, "per_round",
               "Which yaku set scores: chosen each round (the book: agreed before each deal, the "
               "dealer choosing if the players disagree; give it with each round), or Set One or "
               "Set Two for every round. A pile scored on its own, with the set chosen each "
               "round, uses Set One.", choices=("per_round", "one", "two"),
               group="round scoring"),
        Option(v.option_id, CHOICE, v.option_choices[0],
               f"Which willow card is Back {v.option_month} in the Back yaku ({v.option_note})"
               f": {_WILLOW[v.option_choices[0]]} (usual) or {_WILLOW[v.option_choices[1]]}.",
               choices=v.option_choices, group="reading"),
        Option("traditional_dealing", BOOL, False,
               "The book's ritual deal: the same card counts, no scoring effect.",
               group="game flow"),
    ) + extra + (
        Option("tied_game", CHOICE, "shared",
               "Equal round wins when the agreed length is reached (the book does not say; "
               "recommended reading): a shared victory, or an extra round (play on until the "
               "round wins differ).", choices=("shared", "extra_round"), group="game end"),
    ) + shared_options("settle_fixed_per_round", "settle_fixed_per_game")


_f = partial(InputDef, "")  # an event field (the key is filled in from the field name)


def events(v: Variant) -> tuple[EventDef, ...]:
    common = {e.id: e for e in COMMON_EVENTS}
    return (
        EventDef("yaku_set_chosen", "Before the deal the table chose the yaku set for this round "
                 "(Set One or Set Two), by agreement or, if the players disagreed, by the dealer. "
                 "The same as giving the round's yaku set.",
                 {"set": _f("choice", "the yaku set", choices=SETS, required=True),
                  "by": _f("choice", "chosen by", choices=("agreement", "dealer"))},
                 per_player=False, requires=("yaku_set=per_round",)),
        EventDef("misdeal", "The deal is void: the same dealer re-deals and nothing is scored. "
                 "The reason: all 4 cards of a month dealt to the field, or a player dealt all 4 "
                 "cards of a month (name the player, who may also keep the hand). No four-pairs "
                 "misdeal.",
                 {"reason": _f("choice", "the reason",
                               choices=("field_four", "hand_four_of_a_kind"), required=True),
                  "player": _f("player", "the holder (hand misdeal only)")}, per_player=False),
        common["hiki_formed"],
        EventDef("phoenix_auto_capture", "paulownia-phoenix (the only card of its month) was "
                 "dealt to the player's hand or drawn by them, and they put it straight into "
                 "their captures. Checked against the captures.",
                 {"from": _f("choice", "where it came from", choices=("hand", "draw"),
                             labels=("from the hand", "drawn from the pile"))}),
        EventDef("phoenix_dead_in_field", "paulownia-phoenix was dealt to the field: nobody "
                 "can capture it, so no yaku containing it is possible this round.",
                 per_player=False),
        EventDef("automatic_win", "The player completed an automatic-win yaku of the round's "
                 "set ('yaku'); the round ended at once and the player wins it. Optional: "
                 "it is also found from the captures.",
                 {"yaku": _f("choice", "the yaku", required=True,
                             choices=tuple(y.id for y in v.yaku
                                           if AUTO in (y.set_one, y.set_two)))}),
        common["round_end"],
    )


# --------------------------------------------------------------------------------------------
# compile / evaluate

@dataclass(frozen=True)
class Plan:
    """One yaku set: rows of (mask, points, hit, auto) in table order."""
    set_id: str
    rows: tuple


@dataclass(frozen=True)
class Compiled:
    rules: Any
    variant: Variant
    plans: Mapping[str, Plan]
    values: tuple  # (mask, value) rows of section 2
    fixed_set: str | None  # the option's set, or None when chosen per round
    ids: frozenset = field(default_factory=frozenset)
    byte_values: tuple = ()  # card total of each byte of a pile, per byte position


def compile(v: Variant, rules) -> Compiled:
    back_card = rules[v.option_id]
    plans = {}
    for s in SETS:
        rows = []
        for y in v.yaku:
            pts = y.set_one if s == "one" else y.set_two
            if pts is None:
                continue
            mask = cards_of(v, y.spec, back_card)
            auto = pts == AUTO
            note = ((said("automatic win in Set One") if s == "one" else
                     said("automatic win in Set Two")) if auto else "")
            hit = YakuHit(y.id, y.en, 0 if auto else pts, slugs_of(mask), _names(y), note)
            rows.append((mask, 0 if auto else pts, hit, auto))
        plans[s] = Plan(s, tuple(rows))
    fixed = None if rules.yaku_set == "per_round" else rules.yaku_set
    values = value_rows(v.values)
    # The card total a byte at a time: six table look-ups for the 48 flower cards.
    byte_values = tuple(tuple(card_total(b << (8 * k), values) for b in range(256))
                        for k in range(6))
    return Compiled(rules, v, plans, values, fixed, frozenset(y.id for y in v.yaku),
                    byte_values)


def card_total(mask: int, values) -> int:
    total = 0
    for m, val in values:
        total += val * (mask & m).bit_count()
    return total


def evaluate_set(mask: int, c: Compiled, set_id: str, choices=()) -> Evaluation:
    hits = []
    pts = 0
    auto = None
    for m, p, h, is_auto in c.plans[set_id].rows:
        if mask & m == m:
            hits.append(h)
            pts += p
            if is_auto:
                auto = h.id
    bv = c.byte_values
    total = (bv[0][mask & 255] + bv[1][(mask >> 8) & 255] + bv[2][(mask >> 16) & 255]
             + bv[3][(mask >> 24) & 255] + bv[4][(mask >> 32) & 255]
             + bv[5][(mask >> 40) & 255])
    return Evaluation(pts, tuple(hits), choices,
                      {"yaku_set": set_id, "automatic_win": auto,
                       "chaffs": (mask & CHAFF).bit_count(), "card_total": total})


_PER_ROUND = (said("the yaku set is chosen each round: Set One is shown here; a round that "
                   "chooses Set Two is scored under Set Two"),)


def evaluate(mask: int, c: Compiled) -> Evaluation:
    """One pile under the fixed set (Set One when the set is chosen per round): points =
    the yaku total; details give the automatic win, the chaff count and the card total."""
    if c.fixed_set is None:
        return evaluate_set(mask, c, "one", _PER_ROUND)
    return evaluate_set(mask, c, c.fixed_set)


# --------------------------------------------------------------------------------------------
# score_round

def _err(g, msg: str, **kw) -> TallyError:
    """``msg`` is a said() sentence, so the whole message is said in the reader's language."""
    return TallyError(said("{game}: {message}", game=g.id, message=msg), game=g.id, **kw)


def _event(i: int, kind: str) -> dict:
    """An event as a sentence names it: its place ("event 3", counted from 1) and its button's
    words; the id stays in the error's ``event`` field."""
    return {"n": ordinal(i), "event": event_words(kind)}


def _yaku_name(c: Compiled, yaku_id) -> str:
    """A yaku by its English name (said by name in ja / ko); an unknown id as it was given."""
    return next((y.en for y in c.variant.yaku if y.id == yaku_id), yaku_id)


def _set_words(value: str) -> str:
    """"Set One" or "Set Two" as a sentence of its own (said in the reader's language)."""
    return said("Set One") if value == "one" else said("Set Two")


# The round keys both Tensho games read beyond the common ones (Game.inputs)
LENGTH_INPUT = InputDef(
    "length", "series_length",
    "The agreed number of rounds in the game. A session fills it in itself; the game ends once "
                        "that many rounds are played, unless round wins are tied and the table "
                        "plays an extra round for a tie (then one more round is played).")
YAKU_SET_INPUT = InputDef(
    "yaku_set", "choice",
    "Which yaku set this round uses, Set One or Set Two. Not needed when the house rules fix the "
                          "set or the choice is recorded as an event.", choices=SETS)


def _yaku_set(g, rnd: Mapping, t, c: Compiled) -> str:
    """The round's set from the option, the round key 'yaku_set' and yaku_set_chosen events:
    every source given must agree, and at least one is needed."""
    sources = []
    if c.fixed_set is not None:
        sources.append((c.fixed_set, said("the yaku set the house rules fix"),
                        "options.yaku_set"))
    if "yaku_set" in rnd:
        sources.append((rnd["yaku_set"], said("the round's yaku set"), "yaku_set"))
    for i, ev in enumerate(t.events):
        if ev["type"] == "yaku_set_chosen":
            by = ev.get("by")
            if by not in (None, "agreement", "dealer"):
                raise _err(g, said("event {n}, \"{event}\": the set is chosen by agreement "
                                   "or by the dealer, not {value!r}",
                                   **_event(i, "yaku_set_chosen"), value=by),
                           rule="yaku_set_chosen", event="yaku_set_chosen",
                           known=("agreement", "dealer"), field=f"events.{i}.by")
            if by == "dealer" and ev.get("player") not in (None, t.dealer):
                raise _err(g, said("event {n}, \"{event}\": the set is chosen by the "
                                   "dealer {dealer!r}, not {player!r}",
                                   **_event(i, "yaku_set_chosen"), dealer=t.dealer,
                                   player=ev["player"]), player=ev["player"],
                           rule="yaku_set_chosen", event="yaku_set_chosen",
                           field=f"events.{i}.player")
            sources.append((ev.get("set"), said("event {n}, \"{event}\",",
                                                **_event(i, "yaku_set_chosen")),
                            f"events.{i}.set"))
    if not sources:
        raise _err(g, said("say which yaku set this round uses, Set One or Set Two (agreed "
                           "before the deal, the dealer choosing if the players disagree)"),
                   rule="yaku_set", field="yaku_set", known=SETS)
    for value, where, fld in sources:
        if not isinstance(value, str) or value not in SETS:
            raise _err(g, said("{where} must be Set One or Set Two, not {value!r}",
                               where=where, value=value), rule="yaku_set", known=SETS,
                       field=fld)
    first = sources[0]
    for value, where, fld in sources[1:]:
        if value != first[0]:
            raise _err(g, said("{where} says {set} but {other} says {other_set}", where=where,
                               set=_set_words(value), other=first[1],
                               other_set=_set_words(first[0])), rule="yaku_set", field=fld)
    return first[0]


def _check_events(g, t, piles: Mapping[str, int]) -> list[str]:
    notes = []
    holder = next((p for p in t.players if piles[p] & PHOENIX), None)
    dead = [i for i, ev in enumerate(t.events) if ev["type"] == "phoenix_dead_in_field"]
    auto_caps = [i for i, ev in enumerate(t.events) if ev["type"] == "phoenix_auto_capture"]
    for i, ev in enumerate(t.events):
        if ev["type"] == "hiki_formed" and ev.get("flower") == "paulownia":
            raise _err(g, said("event {n}, \"{event}\": {flower} has only one card in "
                               "this deck, so it cannot form a hiki",
                               **_event(i, "hiki_formed"), flower="paulownia"),
                       rule="hiki_formed", event="hiki_formed",
                       field=f"events.{i}.flower")
        if ev["type"] == "phoenix_auto_capture" and ev.get("from") not in (None, "hand",
                                                                             "draw"):
            raise _err(g, said("event {n}, \"{event}\": the Phoenix came from the hand or "
                               "from the draw, not {value!r}",
                               **_event(i, "phoenix_auto_capture"), value=ev["from"]),
                       rule="phoenix_auto_capture", event="phoenix_auto_capture",
                       known=("hand", "draw"), field=f"events.{i}.from")
    if dead:
        i = dead[0]
        if auto_caps:
            raise _err(g, said("event {n}, \"{event}\", contradicts event {m}, "
                               "\"{other}\": the Phoenix was dealt to the field",
                               **_event(auto_caps[0], "phoenix_auto_capture"), m=ordinal(i),
                               other=event_words("phoenix_dead_in_field")),
                       rule="phoenix_auto_capture", event="phoenix_auto_capture",
                       field=f"events.{auto_caps[0]}")
        if holder:
            raise _err(g, said("{player!r} holds {card}, but it was dealt to the field "
                               "(event {n}, \"{event}\") and nobody can capture it",
                               player=holder, card="paulownia-phoenix",
                               **_event(i, "phoenix_dead_in_field")),
                       card="paulownia-phoenix", player=holder, rule="phoenix_dead_in_field",
                       event="phoenix_dead_in_field", field=f"captures.{holder}")
        notes.append(said("{card} was dealt to the field: nobody can capture it, so no yaku "
                          "containing it is possible this round", card="paulownia-phoenix"))
    if len(auto_caps) > 1:
        raise _err(g, said("two \"{event}\" events: there is only one Phoenix",
                           event=event_words("phoenix_auto_capture")),
                   rule="phoenix_auto_capture", event="phoenix_auto_capture",
                   field=f"events.{auto_caps[1]}")
    if auto_caps:
        i = auto_caps[0]
        p = t.events[i]["player"]
        if holder != p:
            raise _err(g, said("event {n}, \"{event}\": {player!r} took {card}, but it is "
                               "not in {player}'s captures", **_event(i, "phoenix_auto_capture"),
                               player=p, card="paulownia-phoenix"), card="paulownia-phoenix",
                       player=p, rule="phoenix_auto_capture", event="phoenix_auto_capture",
                       field=f"captures.{p}")
        src = t.events[i].get("from")
        if src == "hand":
            notes.append(said("{player} put {card} straight into their captures (from the hand)",
                              player=p, card="paulownia-phoenix"))
        elif src == "draw":
            notes.append(said("{player} put {card} straight into their captures (from the draw)",
                              player=p, card="paulownia-phoenix"))
        else:
            notes.append(said("{player} put {card} straight into their captures", player=p,
                              card="paulownia-phoenix"))
    return notes


def _month_warnings(piles, players) -> list[str]:
    """capture-basics.md section 5 (derived, a warning only): same-month captures take 2 or 4
    cards of a month; the Phoenix, alone in its month, is taken by itself."""
    out = []
    for p in players:
        m = piles[p]
        odd = [fid for fid, mm in MONTHS if fid != "paulownia" and (m & mm).bit_count() in (1, 3)]
        if odd:
            out.append(said("warning: {player} holds an odd number of cards of {months}; "
                            "captures take 2 cards of a month (or 4 with a hiki), so this set "
                            "cannot come from real play",
                            player=p, months=", ".join(odd)))
    return out


def _auto_winner(g, t, evals, yaku_set: str, c: Compiled, piles) -> tuple[str | None,
                                                                           str | None]:
    holders = [p for p in t.players if evals[p].details["automatic_win"]]
    if len(holders) > 1:
        # the digest's section 10: the first automatic win completed ends the round
        raise _err(g, said("both {player!r} and {player2!r} hold an automatic win; only the "
                           "first completed counts and the round stops there, so the other "
                           "cannot be captured", player=holders[0],
                           player2=holders[1]), rule="automatic_win", field="captures")
    ev_i = [i for i, ev in enumerate(t.events) if ev["type"] == "automatic_win"]
    if len(ev_i) > 1:
        raise _err(g, said("two \"{event}\" events: the round ends at the first",
                           event=event_words("automatic_win")),
                   rule="automatic_win", event="automatic_win", field=f"events.{ev_i[1]}")
    if ev_i:
        i = ev_i[0]
        ev = t.events[i]
        p, yid = ev["player"], ev.get("yaku")
        c_plan = {h.id: (m, auto) for m, _, h, auto in c.plans[yaku_set].rows}
        if yid not in c.ids:
            raise _err(g, said("event {n}, \"{event}\": {value!r} is not one of the yaku",
                               **_event(i, "automatic_win"), value=yid), player=p,
                       rule="automatic_win", event="automatic_win", known=sorted(c.ids),
                       field=f"events.{i}.yaku")
        if yid not in c_plan or not c_plan[yid][1]:
            raise _err(g, said("event {n}, \"{event}\": {yaku} is not an automatic win in "
                               "{set}", **_event(i, "automatic_win"), yaku=_yaku_name(c, yid),
                               set=_set_words(yaku_set)),
                       player=p, rule=yid, event="automatic_win",
                       field=f"events.{i}.yaku")
        missing = c_plan[yid][0] & ~piles[p]
        if missing:
            raise _err(g, said("event {n}, \"{event}\": {player!r} has not captured "
                               "{cards} of {yaku}", **_event(i, "automatic_win"), player=p,
                               cards=", ".join(slugs_of(missing)), yaku=_yaku_name(c, yid)),
                       player=p, card=slugs_of(missing)[0], rule=yid, event="automatic_win",
                       field=f"captures.{p}")
        return p, yid
    if holders:
        return holders[0], evals[holders[0]].details["automatic_win"]
    return None, None


def score_round(g, rnd: Mapping, c: Compiled) -> RoundResult:
    v = c.variant
    t = read_table(g, rnd, c.rules, misdeals=("field_four", "hand_four_of_a_kind"))
    preset = c.rules.preset
    if t.misdeal:
        return misdeal_result(t, preset)
    yaku_set = _yaku_set(g, rnd, t, c)
    piles = piles_of(g, rnd, t.players, max_pile=IN_PLAY)
    union = 0
    for m in piles.values():
        union |= m
    if union.bit_count() > IN_PLAY:
        # the digest's section 3: the deal and the draws
        raise _err(g, said("{n} cards captured in all, but at most {most} come into play (6 + 6 "
                           "dealt, 9 to the field, 12 drawn; 6 are discarded and the rest of the "
                           "draw pile is not played)", n=union.bit_count(), most=IN_PLAY),
                   field="captures", rule="too_many_cards")
    notes = _check_events(g, t, piles)
    evals = {p: evaluate_set(piles[p], c, yaku_set) for p in t.players}
    auto_p, auto_id = _auto_winner(g, t, evals, yaku_set, c, piles)
    one = yaku_set == "one"
    notes.insert(0, said("yaku set: Set One") if one else said("yaku set: Set Two"))
    steps = {p: [] for p in t.players}
    points = {p: evals[p].points for p in t.players}
    for p in t.players:
        total = 0
        steps[p].append(Step("yaku_total", "base", 0, said(
            "Set One: a Tensho score is the sum of the player's yaku (no card points)") if one
            else said("Set Two: a Tensho score is the sum of the player's yaku (no card "
                      "points)"), 0))
        for h in evals[p].yaku:
            if h.note:
                steps[p].append(Step(h.id, "note", 0, said(
                    "{yaku}: automatic win in Set One", yaku=h.name) if one else said(
                    "{yaku}: automatic win in Set Two", yaku=h.name), total))
            else:
                total += h.points
                steps[p].append(Step(h.id, "add", h.points, said(
                    "{yaku} ({points})", yaku=h.name, points=h.points), total))
    winner = None
    if auto_p:
        winner = auto_p
        hit_name = next(h.name for h in evals[auto_p].yaku if h.id == auto_id)
        ps = {"player": auto_p, "yaku": hit_name, "id": auto_id, "digest": v.digest}
        notes.append(said("automatic win: {player} completed {yaku} (Set One); the round ends "
                          "at once and {player} wins it; no round scores are calculated",
                          **ps) if one else
                     said("automatic win: {player} completed {yaku} (Set Two); the round ends "
                          "at once and {player} wins it; no round scores are calculated", **ps))
        for p in t.players:
            points[p] = 0
            steps[p].append(Step("automatic_win", "set", 0, said(
                "automatic win by {player}: no round scores are calculated", player=auto_p),
                0))
    else:
        winner = _decide(t, evals, notes, steps)
    next_dealer = winner or t.dealer
    if winner is None:
        notes.append(said("drawn round: yaku, chaffs and card totals all equal (the rules do "
                          "not say; a draw is the usual choice): no win is recorded and "
                          "{dealer} deals again", digest=v.digest, dealer=t.dealer))
    notes += _month_warnings(piles, t.players)
    carry, more, game_win = _next_carry(t, winner, c)
    notes += more
    payments = round_payments(t, points, winner) + game_payments(t, game_win)
    players = []
    for p in t.players:
        role = "winner" if p == winner else ("draw" if winner is None else "loser")
        d = evals[p].details
        players.append(PlayerScore(p, evals[p].yaku, evals[p].points, tuple(steps[p]),
                                   points[p], role,
                                   {"chaffs": d["chaffs"], "card_total": d["card_total"],
                                    "yaku_set": yaku_set}))
    return RoundResult(g.id, preset, tuple(players), tuple(payments), winner, next_dealer,
                       carry, tuple(notes))


def _decide(t, evals, notes, steps) -> str | None:
    """Section 5: higher yaku total; tie -> more chaffs; tie -> higher card total; tie -> draw."""
    a, b = t.players
    ea, eb = evals[a], evals[b]
    if ea.points != eb.points:
        w = a if ea.points > eb.points else b
        notes.append(said("{player} wins the round on yaku points ({points} v {points2})",
                          player=w, points=ea.points, points2=eb.points))
        return w
    for key in ("chaffs", "card_total"):
        va, vb = ea.details[key], eb.details[key]
        for p, val in ((a, va), (b, vb)):
            steps[p].append(Step(f"tie_break_{key}", "note", 0,
                                 said("tie-break: {value} chaffs", value=val)
                                 if key == "chaffs" else
                                 said("tie-break: {value} card total", value=val),
                                 evals[p].points))
        if va != vb:
            w = a if va > vb else b
            if key == "chaffs":
                notes.append(said("yaku points tied ({points} v {points2}): {player} wins on "
                                  "chaffs ({value} v {value2})", points=ea.points,
                                  points2=eb.points, player=w, value=va, value2=vb))
            else:
                notes.append(said("yaku points tied ({points} v {points2}), chaffs tied "
                                  "({chaffs} v {chaffs2}): {player} wins on card total "
                                  "({value} v {value2})", points=ea.points,
                                  points2=eb.points, chaffs=ea.details["chaffs"],
                                  chaffs2=eb.details["chaffs"], player=w, value=va,
                                  value2=vb))
            return w
    return None


def _next_carry(t, winner, c: Compiled) -> tuple[dict, list[str], str | None]:
    """Round wins are the only record (section 6). The agreed ``length`` ends the game: most
    round wins; equal wins -> option tied_game (shared victory or one more round)."""
    prev = t.carry
    wins = {p: prev.get("wins", {}).get(p, 0) for p in t.players}
    if winner:
        wins[winner] += 1
    played = int(prev.get("round", 0)) + 1
    carry = {"round": played, "wins": wins,
             "first_dealer": prev.get("first_dealer", t.dealer)}
    notes: list[str] = []
    length = t.length
    if length is None or played < length:
        return carry, notes, None
    best = max(wins.values())
    leaders = [p for p in t.players if wins[p] == best]
    if len(leaders) == 1:
        carry["game_over"], carry["game_winner"] = True, leaders[0]
        notes.append(said("game over after {rounds} rounds: {player} won the most rounds "
                          "({wins}) and wins the game", rounds=played, player=leaders[0],
                          wins=best))
        return carry, notes, leaders[0]
    if c.rules.tied_game == "extra_round":
        notes.append(said("round wins tied ({wins} each) after {rounds} rounds: one more round",
                          wins=best, rounds=played))
        return carry, notes, None
    carry["game_over"], carry["game_winner"] = True, None
    notes.append(said("game over after {rounds} rounds: round wins tied ({wins} each), a "
                      "shared victory", rounds=played, wins=best))
    return carry, notes, None
