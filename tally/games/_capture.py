"""What the Hanami book's beginner capture games share (shared/rules/capture-basics.md).

Simplified Game, Matching Flowers, Hana-Awase 1 and 2, Mushi and Six Hundred all score a
round from each player's captured pile: card values (a few masks and popcounts) plus yaku
(rows of masks, grouped "one of" / "each", capture-basics.md section 4). Round flow is
shared too: the misdeal event, the deck-total check (264 for the 48 cards), the
0/2/4-cards-per-month warning (section 5), the round winner / next dealer with ties
(section 10.1), the shared variations of section 8, the optional money layer (section 6)
and the running totals / game end carried from round to round.

Each game module keeps its own tables and formula and calls these helpers; nothing here
is game-specific beyond what capture-basics.md says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from collections.abc import Mapping
from typing import Any, Callable

from ..cards import (BRIGHTS, CHAFFS, FLOWERS, RIBBONS, TENS, mask_of, month_mask,
                     slugs_of)
from ..errors import TallyError
from ..options import BOOL, CHOICE, HANAMI_BOOK, INT, NUMBER, Option, Preset, rule_words
from ..results import Evaluation, Payment, PlayerScore, RoundResult, Said, Step, YakuHit, said
from ..rounds import event_words, events_of, key_words, ordinal, piles_of, player_field, \
    players_of
from . import EventDef, InputDef, YakuDef

# --------------------------------------------------------------------------------------------
# Card values (capture-basics.md section 2)

# The book's standard values as (mask, value) rows: a pile's value is a few popcounts.
STANDARD_VALUES = ((BRIGHTS, 20), (TENS, 10), (RIBBONS, 5), (CHAFFS, 1))
KIND_ROWS = (("brights", BRIGHTS), ("tens", TENS), ("ribbons", RIBBONS), ("chaff", CHAFFS))
MONTHS = tuple((f.id, month_mask(f.id)) for f in FLOWERS)


def value_of(mask: int, values) -> int:
    total = 0
    for m, v in values:
        total += v * (mask & m).bit_count()
    return total


def value_words(mask: int, values) -> str:
    """"3 cards x50 + 8 cards x10" for a game's own value table. A ``Said`` whose template
    ("{cards1} cards x{value1} + {cards2} cards x{value2}", one per shape) a sentence can
    take in: ``said("card value: " + w.template + " = {total}", **w.params, total=...)``."""
    parts = []
    params = {}
    for m, v in values:
        n = (mask & m).bit_count()
        if n:
            i = len(parts) + 1
            parts.append(f"{{cards{i}}} card{'s' if n > 1 else ''} x{{value{i}}}")
            params[f"cards{i}"], params[f"value{i}"] = n, v
    return said(" + ".join(parts) if parts else "no cards", **params)


def standard_words(mask: int, values=STANDARD_VALUES) -> str:
    """Counts by kind for the standard table: "3 brights x20 + 5 tens x10 + ...". A ``Said``
    like value_words' (template "{brights} brights x20 + {tens} tens x10 + ...")."""
    if values is not STANDARD_VALUES:
        return value_words(mask, values)
    parts = []
    params = {}
    for (name, m), (_, v) in zip(KIND_ROWS, values):
        n = (mask & m).bit_count()
        if n:
            parts.append(f"{{{name}}} {name} x{v}")
            params[name] = n
    return said(" + ".join(parts) if parts else "no cards", **params)


def _taking(head: str, part, tail: str = "", **params) -> Said:
    """``head + part + tail`` as one template: ``part``'s own template and params when it is
    a Said (each shape a complete sentence), else ``part`` as the {reason} parameter."""
    if isinstance(part, Said) and not part.params.keys() & params.keys():
        return said(head + part.template + tail, **part.params, **params)
    return said(head + "{reason}" + tail, reason=part, **params)


# --------------------------------------------------------------------------------------------
# Yaku as rows of data (capture-basics.md section 4)

@dataclass(frozen=True)
class Row:
    """One yaku: satisfied when the pile holds at least ``need`` cards of ``mask``."""
    id: str
    names: dict
    points: int
    mask: int
    need: int
    group: str  # the book's category ("bright", "ribbon", ...)
    one_of: bool  # "earn points from one of": only the best satisfied row of the group
    description: str = ""
    cards: tuple = ()  # the fixed card list when need == all of mask

    def with_points(self, points: int) -> "Row":
        return Row(self.id, self.names, points, self.mask, self.need, self.group, self.one_of,
                   self.description, self.cards)


def row(yaku_id: str, en: str, points: int, cards, group: str, one_of: bool, *,
        need: int | None = None, ja: str | None = None, description: str = "") -> Row:
    """A yaku row; ``cards`` is a list of slugs or a mask, ``need`` defaults to all of them."""
    mask = cards if isinstance(cards, int) else mask_of(cards)
    n = mask.bit_count() if need is None else need
    names = {"en": en}
    if ja:
        names["ja"] = ja
    if not description:
        description = (f"all of: {', '.join(slugs_of(mask))}" if n == mask.bit_count()
                       else f"at least {n} of: {', '.join(slugs_of(mask))}")
    fixed = slugs_of(mask) if n == mask.bit_count() else ()
    return Row(yaku_id, names, points, mask, n, group, one_of, description, fixed)


def yaku_defs(rows) -> tuple[YakuDef, ...]:
    return tuple(YakuDef(r.id, r.names, f"{r.points}", slugs_of(r.mask),
                         f"{r.group} (one of)" if r.one_of else r.group, r.description)
                 for r in rows)


@dataclass(frozen=True)
class Group:
    """Rows of one book category. ``void``: (any_mask, unless_mask, reason) makes the whole
    group worth 0 when the pile holds a card of any_mask and none of unless_mask (Six
    Hundred's rain_until_sunrise)."""
    one_of: bool
    rows: tuple[Row, ...]
    void: tuple | None = None
    # (mask, need, full, points, hit, void_hit) per row, precomputed once: a fixed-card yaku
    # is a mask comparison and its YakuHit never changes, so evaluate allocates none.
    plan: tuple = field(default=(), compare=False, repr=False)

    def __post_init__(self):
        plan = []
        for r in self.rows:
            full = r.need == r.mask.bit_count()
            hit = YakuHit(r.id, r.names["en"], r.points, r.cards, r.names) if full else None
            zero = (YakuHit(r.id, r.names["en"], 0, r.cards, r.names,
                            _taking("worth 0: ", self.void[2])) if full and self.void else None)
            plan.append((r.mask, r.need, full, r.points, hit, zero, r))
        object.__setattr__(self, "plan", tuple(plan))


def groups_of(rows) -> tuple[Group, ...]:
    """Rows grouped by their ``group`` in table order; one-of groups sorted best first."""
    order: dict[str, list[Row]] = {}
    for r in rows:
        order.setdefault((r.group, r.one_of), []).append(r)
    out = []
    for (_, one_of), rs in order.items():
        if one_of:
            rs = sorted(rs, key=lambda r: -r.points)
        out.append(Group(one_of, tuple(rs)))
    return tuple(out)


def evaluate_pile(mask: int, values, groups) -> Evaluation:
    """A pile's card value plus its yaku (one-of groups: the best; each groups: all)."""
    cv = 0
    for m, v in values:
        cv += v * (mask & m).bit_count()
    hits = []
    yv = 0
    for g in groups:
        void = g.void
        voided = void is not None and mask & void[0] and not mask & void[1]
        for rmask, need, full, points, hit, zero, r in g.plan:
            if full:
                if mask & rmask != rmask:
                    continue
            else:
                held = mask & rmask
                if held.bit_count() < need:
                    continue
                cards = slugs_of(held)
                hit = YakuHit(r.id, r.names["en"], points, cards, r.names)
                if voided:
                    zero = YakuHit(r.id, r.names["en"], 0, cards, r.names,
                                   _taking("worth 0: ", void[2]))
            if voided:
                hits.append(zero)
            else:
                hits.append(hit)
                yv += points
            if g.one_of:
                break
    return Evaluation(cv + yv, tuple(hits), (), {"card_value": cv, "yaku_value": yv})


# --------------------------------------------------------------------------------------------
# Options shared by the games (capture-basics.md sections 6, 8 and 10)

SHARED_OPTIONS = {o.id: o for o in (
    Option("four_of_a_kind_not_misdeal", BOOL, False,
           "All 4 cards of a month dealt to the field go to the dealer (part of the dealer's "
           "captures) and are replaced; no misdeal.", group="game flow"),
    Option("shorter_rounds", BOOL, False,
           "The round ends as soon as every hand is empty; cards left in the draw pile or on "
           "the field belong to nobody.", group="game flow"),
    Option("winner_takes_all", BOOL, False,
           "The round winner scores the sum of all players' round scores; everyone else "
           "scores 0 (a tie goes to the tie-break order's player).", group="round scoring"),
    Option("counting_rounds", BOOL, False,
           "Game end: most rounds won wins; tie -> highest point total; still tied -> shared "
           "win.", group="game end"),
    Option("first_dealer_tie_breaker", BOOL, False,
           "Game end: a tied game goes to the player who dealt the first round.",
           group="game end"),
    Option("dealer_tie_breaker", BOOL, False,
           "A tie for round winner goes to the dealer if tied, otherwise to the tied player "
           "nearest the dealer's right (earliest in turn order); that player wins the round.",
           group="round scoring"),
    # capture-basics.md 10.1: "Make both choices configurable" (win credit of a tied round).
    Option("tie_credits_round_win", BOOL, False,
           "A tied round counts as a win for the tied player who deals next (the dealer first, "
           "then turn order). Off (recommended): a tied round is nobody's win.", group="reading"),
    # capture-basics.md section 6: the optional money layer ("Note on Gambling").
    Option("settle_fixed_per_round", INT, 0,
           "Money: every other player pays the round winner this "
           "fixed stake (0 = off).", minimum=0, group="payment"),
    Option("settle_per_point", NUMBER, 0,
           "Money: amount per point paid to the round winner (0 = off); which points it counts is "
           "the rule below.", minimum=0, group="payment"),
    Option("settle_per_point_basis", CHOICE, "difference",
           "Which points the money per point pays: the point difference (recommended: the "
           "winner's round score minus the loser's, at least 0) or the winner's score (the "
           "winner's round score, at least 0).", choices=("difference", "winner_score"),
           group="payment"),
    Option("settle_fixed_per_game", INT, 0,
           "Money: when the game ends (after the agreed rounds), every other player pays the sole "
           "game winner this stake (0 = off).", minimum=0,
           group="payment"),
)}
SETTLE_IDS = ("settle_fixed_per_round", "settle_per_point", "settle_per_point_basis",
              "settle_fixed_per_game")


def shared_options(*ids: str) -> tuple[Option, ...]:
    return tuple(SHARED_OPTIONS[i] for i in ids)


def book_preset(description: str) -> Preset:
    """capture-basics.md 8.1: ``book`` = every variation off (the option defaults)."""
    return Preset("book", description, {}, names=HANAMI_BOOK)


# --------------------------------------------------------------------------------------------
# Events shared by every capture game (capture-basics.md section 7)

MISDEAL_REASONS = {
    "field_four": "all 4 cards of a month were dealt to the field",
    "hand_four_of_a_kind": "a player was dealt all 4 cards of a month",
    "hand_four_pairs": "a player was dealt four pairs",
}
# the same descriptions as sentences of their own, for the error that names a misdeal
_MISDEAL_SAID = {
    "field_four": said("all 4 cards of a month were dealt to the field"),
    "hand_four_of_a_kind": said("a player was dealt all 4 cards of a month"),
    "hand_four_pairs": said("a player was dealt four pairs"),
}

# The carry's keys as a player names them (in the error's field they stay keys)
_CARRY_KEYS = {"totals": "totals", "wins": "round_wins"}


def _not_a_misdeal(g, reason, misdeals, allowed) -> Said:
    """A misdeal reason this game (or its house rules) does not take, named in words; a value
    that names no misdeal is quoted as typed."""
    if reason == "field_four" and reason in misdeals:
        return said("{game}: \"{what}\" is not a misdeal here, under the house rule "
                    "\"{rule}\"", game=g.id, what=_MISDEAL_SAID[reason],
                    rule=rule_words(g.id, "four_of_a_kind_not_misdeal"))
    names = {f"rule{n}": _MISDEAL_SAID[r] for n, r in enumerate(allowed, 1)}
    listed = said("; ".join(f'"{{{k}}}"' for k in names), **names)
    if reason in _MISDEAL_SAID:
        return said("{game}: \"{what}\" is not a misdeal here; the misdeals are: {misdeals}",
                    game=g.id, what=_MISDEAL_SAID[reason], misdeals=listed)
    return said("{game}: {value!r} is not a misdeal here; the misdeals are: {misdeals}",
                game=g.id, value=reason, misdeals=listed)


# Round inputs several capture games share (Game.inputs)
LENGTH_INPUT = InputDef(
    "length", "series_length",
    "The agreed number of rounds in the game. A session fills it in itself; the game ends "
    "once that many rounds are played.")
DEALT_HANDS_INPUT = InputDef(
    "hands", "cards",
    "Optional: the cards each player was dealt. Only used to check a misdeal called for a "
    "player's hand.", per_player=True)

# event fields (the key is filled in from the field name)
_f = partial(InputDef, "")
FLOWER_CHOICES = tuple(f.id for f in FLOWERS)
MISDEAL_HOLDER = _f("player", "the holder (hand misdeals only)")
HIKI_FLOWER = _f("choice", "the month", choices=FLOWER_CHOICES, required=True)

COMMON_EVENTS = (
    EventDef("misdeal", "The deal is void: the same dealer re-deals, nothing is scored, the round "
             "does not count. The reason: all 4 cards of a month in the field (called by the "
             "table), or a hand with all 4 cards of a month or four pairs (called by the player "
             "holding it).",
             {"reason": _f("choice", "the reason", choices=tuple(MISDEAL_REASONS),
                           required=True),
              "player": MISDEAL_HOLDER}, per_player=False),
    EventDef("hiki_formed", "Three cards of a month were dealt to the field and stacked; the "
             "fourth takes all four. Play only: no effect on scoring.",
             {"flower": HIKI_FLOWER}, per_player=False),
    EventDef("round_end", "The round ended; the captures are final. No effect on scoring.",
             per_player=False),
)
_FLOWER_IDS = {f.id for f in FLOWERS}
# Cards per hand by player count: the same in all six beginner games (each digest's
# section 3). Four pairs need 8 cards, so that misdeal exists only with 2 players.
HAND_SIZE = {2: 8, 3: 7, 4: 5}


# --------------------------------------------------------------------------------------------
# Reading a round

@dataclass
class Table:
    """The parts of a round every capture game reads the same way."""
    game: Any
    rules: Any
    players: tuple[str, ...]
    dealer: str
    events: list
    carry: dict
    misdeal: dict | None = None
    length: int | None = None


def read_table(g, rnd: Mapping, rules, misdeals=tuple(MISDEAL_REASONS),
               hand_sizes: Mapping[int, int] = HAND_SIZE) -> Table:
    """Players, dealer (default: the first player listed), events, carry, misdeal.
    ``hand_sizes``: cards per hand by player count (for the four-pairs misdeal check)."""
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players, default=players[0])
    events = events_of(g, rnd, players)
    misdeal = None
    allowed = tuple(r for r in misdeals
                    if not (r == "field_four" and rules.get("four_of_a_kind_not_misdeal")))
    for i, ev in enumerate(events):
        kind = ev["type"]
        if kind == "misdeal":
            reason = ev.get("reason")
            if reason not in allowed:
                raise TallyError(_not_a_misdeal(g, reason, misdeals, allowed), game=g.id,
                                 rule="misdeal", known=allowed, field=f"events.{i}.reason")
            if reason != "field_four" and ev.get("player") is None:
                raise TallyError(said("{game}: a misdeal where {what} is called by the "
                                      "player dealt it: name that player", game=g.id,
                                      what=_MISDEAL_SAID[reason]),
                                 game=g.id, rule="misdeal",
                                 field=f"events.{i}.player")
            if misdeal is not None:
                raise TallyError(said("{game}: two misdeal events in one round", game=g.id),
                                 game=g.id,
                                 rule="misdeal", field=f"events.{i}")
            _check_hand_misdeal(g, rnd, players, ev, i, hand_sizes)
            misdeal = ev
        elif kind == "hiki_formed":
            flower = ev.get("flower")
            if not isinstance(flower, str) or flower not in _FLOWER_IDS or \
                    not g.deck & month_mask(flower):
                raise TallyError(said("{game}: event {n}, \"{event}\", names the flower "
                                      "{flower!r}, not a month of the {game} deck", game=g.id,
                                      n=ordinal(i), event=event_words(kind), flower=flower),
                                 game=g.id, event=kind,
                                 rule="hiki_formed", field=f"events.{i}.flower")
    carry = rnd.get("carry") or {}
    if not isinstance(carry, Mapping):
        raise TallyError(said("{game}: the previous round's carry must be given as that "
                              "round handed it on", game=g.id), game=g.id, field="carry")
    carry = dict(carry)
    if carry.get("game_over"):
        raise TallyError(said("{game}: the previous round ended the game; start a new game "
                              "without a carry",
                              game=g.id), game=g.id, field="carry")
    for key in ("totals", "wins"):
        part = carry.get(key, {})
        if not isinstance(part, Mapping) or any(
                p not in players or not isinstance(v, (int, float)) or isinstance(v, bool)
                for p, v in part.items()):
            raise TallyError(said("{game}: in the previous round's carry, {what} must give a "
                                  "number to players of this table", game=g.id,
                                  what=key_words(_CARRY_KEYS[key])),
                             game=g.id, field=f"carry.{key}")
    played = carry.get("round", 0)
    if not isinstance(played, int) or isinstance(played, bool) or played < 0:
        raise TallyError(said("{game}: the previous round's number of rounds played must be "
                              "a whole number, 0 or more, not {value!r}", game=g.id,
                              value=played), game=g.id,
                         field="carry.round")
    length = rnd.get("length")
    if length is not None and (not g.lengths or length not in g.lengths):
        why = (said("{game}: length {value!r} is not an agreed game length ({lengths})",
                    game=g.id, value=length, lengths=", ".join(map(str, g.lengths)))
               if g.lengths else
               said("{game}: the game ends by its own rule, so a round gives no game length "
                    "(not {value!r})", game=g.id, value=length))
        raise TallyError(why, game=g.id, field="length")
    return Table(g, rules, players, dealer, events, carry, misdeal, length)


def _check_hand_misdeal(g, rnd: Mapping, players, ev, i: int, hand_sizes) -> None:
    """A hand misdeal must be possible: four pairs need an 8-card hand (capture-basics.md 3);
    when the round gives the dealt ``hands``, the holder's hand must show the condition."""
    reason, p = ev["reason"], ev.get("player")
    if reason == "field_four":
        return
    size = hand_sizes.get(len(players))
    if reason == "hand_four_pairs" and size is not None and size < 8:
        raise TallyError(said("{game}: a four-pairs misdeal needs 8 cards in hand, but "
                              "{n}-player hands hold {size}", game=g.id, n=len(players),
                              size=size), game=g.id, player=p,
                         rule="misdeal", field=f"events.{i}.reason")
    if rnd.get("hands") is None:
        return
    hand = piles_of(g, rnd, players, "hands", required=False).get(p, 0)
    counts = [(hand & m).bit_count() for _, m in MONTHS]
    ok = (4 in counts if reason == "hand_four_of_a_kind"
          else sum(n // 2 for n in counts) >= 4)  # four sets of 2 (a 4 of a month is 2 sets)
    if not ok:
        raise TallyError(said("{game}: {player}'s hand does not show the misdeal called "
                              "({what})", game=g.id, player=p,
                              what=_MISDEAL_SAID[reason]), game=g.id, player=p, rule="misdeal",
                         field=f"events.{i}")


def read_piles(t: Table, rnd: Mapping, *, max_pile: int | None = None) -> dict[str, int]:
    return piles_of(t.game, rnd, t.players, max_pile=max_pile)


def check_all_captured(t: Table, piles: Mapping[str, int], values, why: str) -> int:
    """Every card of the deck is captured (capture-basics.md section 5, "Checks"): the union
    is the deck and the card values add up to the deck total (264 for the 48 cards)."""
    deck = t.game.deck
    union = 0
    for m in piles.values():
        union |= m
    expected = value_of(deck, values)
    got = value_of(union, values)
    if union != deck:
        missing = slugs_of(deck & ~union)
        shown = (said("{cards} and {more} more", cards=", ".join(missing[:6]),
                      more=len(missing) - 6) if len(missing) > 6 else ", ".join(missing))
        raise TallyError(said("{game}: {reason}, so every card is captured, but {n} card(s) "
                              "are in nobody's captures ({cards}); card values total {got}, "
                              "not {expected}", game=t.game.id, reason=why, n=len(missing),
                              cards=shown, got=got, expected=expected), game=t.game.id,
                         card=missing[0], field="captures")
    return got


def month_warnings(piles: Mapping[str, int], players) -> list[str]:
    """capture-basics.md section 5 (derived, a warning only): with same-month captures every
    player holds 0, 2 or 4 cards of each month."""
    out = []
    for p in players:
        m = piles[p]
        odd = [fid for fid, mm in MONTHS if (m & mm).bit_count() in (1, 3)]
        if odd:
            out.append(said("warning: {player} holds an odd number of cards of {months}; "
                            "captures come in pairs or fours, so this set cannot come from "
                            "real play", player=p,
                            months=", ".join(odd)))
    return out


# --------------------------------------------------------------------------------------------
# Per-player breakdown

class Ledger:
    """Each player's running total and Steps, in the order applied."""

    def __init__(self, players):
        self.total = {p: 0 for p in players}
        self.steps = {p: [] for p in players}
        self.base = {p: 0 for p in players}

    def start(self, p, step_id, value, reason):
        self.total[p] = value
        self.base[p] = value
        self.steps[p].append(Step(step_id, "base", value, reason, value))

    def add(self, p, step_id, value, reason):
        self.total[p] += value
        self.steps[p].append(Step(step_id, "add", value, reason, self.total[p]))

    def set(self, p, step_id, value, reason):
        self.total[p] = value
        self.steps[p].append(Step(step_id, "set", value, reason, value))

    def note(self, p, step_id, reason):
        self.steps[p].append(Step(step_id, "note", 0, reason, self.total[p]))


def card_and_yaku_steps(led: Ledger, p: str, mask: int, ev: Evaluation, values) -> None:
    card_step(led, p, mask, ev, values)
    yaku_steps(led, p, ev)


def card_step(led: Ledger, p: str, mask: int, ev: Evaluation, values) -> None:
    cv = ev.details["card_value"]
    led.start(p, "card_value", cv,
              _taking("card value: ", standard_words(mask, values), " = {total}", total=cv))


def yaku_steps(led: Ledger, p: str, ev: Evaluation) -> None:
    for y in ev.yaku:
        if y.points:
            led.add(p, y.id, y.points, said("{yaku} ({points})", yaku=y.name, points=y.points))
        else:
            led.note(p, y.id, _taking("{yaku}: ", y.note, yaku=y.name))


# --------------------------------------------------------------------------------------------
# Round winner and next dealer (capture-basics.md section 3 and 10.1)

def tie_order(players, dealer, tied) -> str:
    """dealer_tie_breaker order: the dealer if tied, else the tied player nearest the dealer's
    right, i.e. earliest in turn order from the dealer (play is counterclockwise, 10.4)."""
    i = players.index(dealer)
    for k in range(len(players)):
        p = players[(i + k) % len(players)]
        if p in tied:
            return p
    raise AssertionError("no tied player")


def decide(t: Table, scores: Mapping[str, int | float]) -> tuple[str | None, str, tuple]:
    """(round winner or None, next dealer, tied players) from the round scores.

    The highest score wins and deals next. A tie: the next dealer comes from the
    dealer_tie_breaker order; the win is credited only when dealer_tie_breaker (a variation)
    or tie_credits_round_win (the 10.1 reading) is on.
    """
    best = max(scores.values())
    tied = tuple(p for p in t.players if scores[p] == best)
    if len(tied) == 1:
        return tied[0], tied[0], ()
    chosen = tie_order(t.players, t.dealer, tied)
    credit = t.rules.get("dealer_tie_breaker") or t.rules.get("tie_credits_round_win")
    return (chosen if credit else None), chosen, tied


def tie_note(t: Table, tied, winner, next_dealer) -> str:
    who = ", ".join(tied)
    if winner:
        return said("round tie between {players}: {winner} wins it by the tie-break order "
                    "(dealer first, then turn order) and deals next", players=who,
                    winner=winner)
    return said("round tie between {players}: no round win is credited; {dealer} deals next "
                "(dealer keeps the deal if tied, else the tied player earliest in turn order)",
                players=who, dealer=next_dealer)


def winner_takes_all(t: Table, led: Ledger) -> tuple[str, list[str]]:
    """capture-basics.md section 8: the round winner scores everyone's sum, the others 0. A
    tie goes to the tie-break order's player (matching-flowers.md 10.4)."""
    winner, next_dealer, tied = decide(t, led.total)
    taker = winner or next_dealer
    pot = sum(led.total.values())
    for p in t.players:
        if p == taker:
            led.set(p, "winner_takes_all", pot,
                    said("winner takes all: {player} scores every player's round score "
                         "({total})", player=p, total=pot))
        else:
            led.set(p, "winner_takes_all", 0,
                    said("winner takes all: {player} takes the round", player=taker))
    notes = []
    if tied:
        notes.append(said("winner takes all: round tie between {players} goes to {player} "
                          "(dealer first, then turn order)",
                          players=", ".join(tied), player=taker))
    return taker, notes


# --------------------------------------------------------------------------------------------
# Money layer (capture-basics.md section 6) and game end

def round_payments(t: Table, scores: Mapping[str, int | float], winner: str | None) \
        -> list[Payment]:
    """settle_fixed_per_round / settle_per_point: losers pay the round winner. Zero-sum by
    construction (each payment moves one amount between two players)."""
    r = t.rules
    out: list[Payment] = []
    if winner is None:
        return out
    stake = r.get("settle_fixed_per_round", 0)
    rate = r.get("settle_per_point", 0)
    for p in t.players:
        if p == winner:
            continue
        if stake:
            out.append(Payment(p, winner, stake, said("fixed stake to the round winner")))
        if rate:
            if r.get("settle_per_point_basis") == "winner_score":
                pts = max(scores[winner], 0)
                why = said("per point: {points} points (winner's round score) x {rate}",
                           points=pts, rate=rate)
            else:
                pts = max(scores[winner] - scores[p], 0)
                why = said("per point: {points} points ({winner_score} - {score}) x {rate}",
                           points=pts, winner_score=scores[winner], score=scores[p],
                           rate=rate)
            amount = pts * rate
            if isinstance(amount, float) and amount.is_integer():
                amount = int(amount)
            if amount:
                out.append(Payment(p, winner, amount, why))
    return out


def game_winner(t: Table, totals, wins) -> tuple[str | None, str]:
    """capture-basics.md section 6 and section 8 (counting_rounds, first_dealer_tie_breaker)."""
    r = t.rules
    players = list(t.players)
    keys = ([("wins", wins), ("total", totals)] if r.get("counting_rounds")
            else [("total", totals), ("wins", wins)])
    pool = players
    how = []
    for name, table in keys:
        best = max(table[p] for p in pool)
        pool = [p for p in pool if table[p] == best]
        how.append(name)
        if len(pool) == 1:
            return pool[0], _GAME_WON_BY[tuple(how)]
    first = t.carry.get("first_dealer", t.dealer)  # no carry: this is the first round
    if r.get("first_dealer_tie_breaker") and first in pool:
        return first, said("tie: the first dealer wins")
    return None, said("shared win between {tied}", tied=", ".join(pool))


# game_winner's "how": the keys that decided it, in order (a Said other sentences take in)
_GAME_WON_BY = {("total",): said("highest total"), ("wins",): said("most rounds won"),
                ("total", "wins"): said("highest total then most rounds won"),
                ("wins", "total"): said("most rounds won then highest total")}


def next_carry(t: Table, scores: Mapping[str, int | float], winner: str | None, *,
               start: int | float = 0,
               end_check: Callable | None = None) -> tuple[dict, list[str], str | None]:
    """The carry for the next round: rounds played, running totals, rounds won, first dealer;
    and whether the game ended: the game's own ``end_check(totals, wins)`` returns
    (game winner or None, how) or None; else the agreed ``length`` reached ends it."""
    c = t.carry
    totals = {p: c.get("totals", {}).get(p, start) for p in t.players}
    wins = {p: c.get("wins", {}).get(p, 0) for p in t.players}
    for p in t.players:
        totals[p] += scores[p]
    if winner:
        wins[winner] += 1
    played = c.get("round", 0) + 1
    carry = {"round": played, "totals": totals, "wins": wins,
             "first_dealer": c.get("first_dealer", t.dealer)}
    notes: list[str] = []
    ended = None
    if end_check is not None:
        ended = end_check(totals, wins)
    if ended is None and t.length is not None and played >= t.length:
        gw, how = game_winner(t, totals, wins)
        ended = (gw, _taking("{played} of {length} rounds played; ", how, played=played,
                             length=t.length))
    game_win = None
    if ended is not None:
        game_win, how = ended
        carry["game_over"] = True
        carry["game_winner"] = game_win
        if game_win:
            notes.append(_taking("game over: ", how, "; {game_winner} wins the game",
                                 game_winner=game_win))
        else:
            notes.append(_taking("game over: ", how))
    return carry, notes, game_win


def game_payments(t: Table, game_win: str | None) -> list[Payment]:
    stake = t.rules.get("settle_fixed_per_game", 0)
    if not stake or game_win is None:
        return []
    why = said("stake to the game winner")
    return [Payment(p, game_win, stake, why) for p in t.players if p != game_win]


# --------------------------------------------------------------------------------------------
# Assembling the result

def misdeal_result(t: Table, preset: str) -> RoundResult:
    ev = t.misdeal
    note = _misdeal_note(ev["reason"], ev.get("player"), t.dealer)
    players = tuple(PlayerScore(p, (), 0, (), 0, "void") for p in t.players)
    return RoundResult(t.game.id, preset, players, (), None, t.dealer, dict(t.carry), (note,))


def _misdeal_note(reason: str, player, dealer: str) -> Said:
    """The note of a void deal: one template per MISDEAL_REASONS entry, with or without the
    holder who called it."""
    if reason == "field_four":
        if player:
            return said("misdeal: all 4 cards of a month were dealt to the field ({player}); "
                        "the deal is void, nothing is scored and {dealer} deals again",
                        player=player, dealer=dealer)
        return said("misdeal: all 4 cards of a month were dealt to the field; the deal is "
                    "void, nothing is scored and {dealer} deals again", dealer=dealer)
    if reason == "hand_four_of_a_kind":
        if player:
            return said("misdeal: a player was dealt all 4 cards of a month ({player}); the "
                        "deal is void, nothing is scored and {dealer} deals again",
                        player=player, dealer=dealer)
        return said("misdeal: a player was dealt all 4 cards of a month; the deal is void, "
                    "nothing is scored and {dealer} deals again",
                    dealer=dealer)
    if reason == "hand_four_pairs":
        if player:
            return said("misdeal: a player was dealt four pairs ({player}); the deal is void, "
                        "nothing is scored and {dealer} deals again", player=player, dealer=dealer)
        return said("misdeal: a player was dealt four pairs; the deal is void, nothing is "
                    "scored and {dealer} deals again",
                    dealer=dealer)
    raise KeyError(reason)


def finish(t: Table, preset: str, led: Ledger, yaku: Mapping[str, tuple], winner, next_dealer,
           notes: list[str], *, end_check=None, start=0, extra=None) -> RoundResult:
    scores = dict(led.total)
    payments = round_payments(t, scores, winner)
    carry, more, game_win = next_carry(t, scores, winner, start=start, end_check=end_check)
    notes = list(notes) + more
    payments += game_payments(t, game_win)
    players = []
    for p in t.players:
        role = "winner" if p == winner else ("draw" if winner is None else "loser")
        players.append(PlayerScore(p, tuple(yaku.get(p, ())), led.base[p],
                                   tuple(led.steps[p]), led.total[p], role,
                                   (extra or {}).get(p, {})))
    return RoundResult(t.game.id, preset, tuple(players), tuple(payments), winner, next_dealer,
                       carry, tuple(notes))


# --------------------------------------------------------------------------------------------
# The compiled rules and the common round of the card-value + yaku games

@dataclass(frozen=True)
class Compiled:
    """What ``compile(rules)`` fixes once per option set."""
    rules: Any
    values: tuple  # (mask, value) rows
    groups: tuple  # Group rows for evaluate_pile
    extra: Mapping = field(default_factory=dict)  # game-specific precomputed values



def evaluate_compiled(mask: int, c: Compiled) -> Evaluation:
    """``evaluate`` of a card-value-plus-yaku game: one pile's card value and its own yaku,
    with the values and groups ``compile`` fixed (par and the other players are round
    matters)."""
    return evaluate_pile(mask, c.values, c.groups)

def standard_round(g, rnd: Mapping, c: Compiled, *, all_captured: str | None,
                   adjust: Callable | None = None, pairs_only: bool = True,
                   misdeals=tuple(MISDEAL_REASONS)) -> RoundResult:
    """Round score = card value + own yaku (Simplified Game, Matching Flowers, Hana-Awase 1).

    ``all_captured``: why every card must be captured (None when cards may stay uncaptured);
    ``adjust(t, led, piles, notes)`` applies the game's round-scoring variations and may
    return (winner, next dealer, tied) to settle the round itself; otherwise
    winner_takes_all (if on) and the highest score decide it. ``misdeals``: the chapter's
    misdeal list.
    """
    t = read_table(g, rnd, c.rules, misdeals)
    if t.misdeal:
        return misdeal_result(t, c.rules.preset)
    piles = read_piles(t, rnd)
    notes: list[str] = []
    if all_captured:
        total = check_all_captured(t, piles, c.values, all_captured)
        notes.append(said("card values of all captures total {total} (the whole deck)",
                          total=total))
    led = Ledger(t.players)
    yaku = {}
    for p in t.players:
        ev = evaluate_pile(piles[p], c.values, c.groups)
        yaku[p] = ev.yaku
        card_and_yaku_steps(led, p, piles[p], ev, c.values)
    decided = adjust(t, led, piles, notes) if adjust else None
    if decided is None and c.rules.get("winner_takes_all"):
        taker, more = winner_takes_all(t, led)
        notes += more
        decided = (taker, taker, ())
    elif decided is None:
        decided = decide(t, led.total)
    winner, next_dealer, tied = decided
    if tied:
        notes.append(tie_note(t, tied, winner, next_dealer))
    if pairs_only:
        notes += month_warnings(piles, t.players)
    return finish(t, c.rules.preset, led, yaku, winner, next_dealer, notes)
