"""Hachi-Hachi (八八, "Eighty-Eight"): shared/rules/hachi-hachi.md; Hanami book (seed 002)
chapter 17, pp. 84-97, Quick Reference pp. 215-217.

A pile is scored by its captured combinations (dekiyaku, section 4) and its card value
(20 / 10 / 5 / 1, par 88). A round adds the pre-play parts (pass penalties, compensation for
forced-out players, hand combinations) and the section 5.3 order of operations, every amount
multiplied by the field multiplier (FM). The round input is documented in
docs/games/hachi-hachi.md.

Quick entry (issue 9; section 7 allows it): a player's captures may be given as what is said
at the table (``totals``: card points, chaff, yaku by name, ribbons) and claims by name without
cards; the arithmetic of the card values stands in for the cards, and the result marks what
was declared.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from collections.abc import Mapping

from ..cards import (BLUE_RIBBONS, BRIGHTS, CHAFFS, FULL_DECK, INO_SHIKA_CHO,
                     POETRY_RIBBONS, RIBBONS, TENS, WILLOW, card_value_total, mask_of,
                     slugs_of)
from ..errors import TallyError
from ..options import BOOL, CHOICE, HANAMI_BOOK, Option, Preset, rule_words
from ..results import (Evaluation, Payment, PlayerScore, RoundResult, Said, Step, YakuHit,
                       hit, said)
from ..rounds import event_words, events_of, named, ordinal, piles_of, player_field, \
    players_of
from ..settlement import fewest_transfers
from . import EventDef, Game, InputDef, YakuDef, pile_mask
from ._hachi_hands import (CHAFF_BY_ID, CHAFF_COMBOS, MONTHS, SUIT_BY_ID, SUIT_COMBOS,
                           TEYAKU_CHAFF, Groups, best_chaff, best_suit, captured_triples,
                           chaff_supported, compensation, month_groups, suit_choices,
                           suit_supported)

GAME_ID = "hachi-hachi"
PAR = 88  # 264 / 3 (section 2)
DECK_VALUE = 264
DECK_CHAFF = 24
NON_CHAFF_VALUE = 240  # 5 brights x 20 + 9 tens x 10 + 10 ribbons x 5 (section 2)
DRY_BRIGHTS = BRIGHTS & ~WILLOW
DRY_RIBBONS = RIBBONS & ~WILLOW
S16_CHAFF = CHAFFS | WILLOW  # simple_16_yaku: any willow card may count as a chaff (section 8)

# ---------------------------------------------------------------------------------------
# Captured combinations (section 4). (id, en, ja, points, cards, group)
YAKU_ROWS = (
    ("five_brights", "5 Brights", "五光", 120, BRIGHTS, "bright"),
    ("four_dry_brights", "4 Dry Brights (excluding Rain)", "四光", 100, DRY_BRIGHTS,
     "bright"),
    ("poetry_ribbons", "3 Poetry Ribbons", "赤短", 70, POETRY_RIBBONS, ""),
    ("purple_ribbons", "3 Purple Ribbons", "青短", 70, BLUE_RIBBONS, ""),
    ("seven_dry_ribbons", "Any 7 Dry Ribbons (excluding Rain)", "七短", 100,
     RIBBONS, ""),
    ("boar_deer_butterfly", "Boar, Deer, Butterfly", "猪鹿蝶", 70, INO_SHIKA_CHO,
     ""),
    ("simple_16_yaku", "Simple 16 Yaku", "素十六", 120, S16_CHAFF, ""),
)
YAKU_POINTS = {r[0]: r[3] for r in YAKU_ROWS}
YAKU_NAMES = {r[0]: {"en": r[1], "ja": r[2]} for r in YAKU_ROWS}

FIELDS = {  # section 3.8
    "small_field": ("Small Field", "小場", 1),
    "large_field": ("Large Field", "大場", 2),
    "grand_field": ("Grand Field", "絶場", 4),
}
FIELD_BRIGHT_MULT = {"pine-crane": 2, "cherry-curtain": 2, "pampas-moon": 2,
                     "willow-rainman": 4, "paulownia-phoenix": 4}
PASS_PENALTY = (10, 15, 20)  # section 3.4
RESPONSIBILITY_YAKU = ("four_dry_brights", "poetry_ribbons", "purple_ribbons")

ACHIEVEMENTS = (  # section 5.5: (id, en, ja, points in words)
    ("eighty_nine_plus_chaff", "89 Plus Chaff", "抜け役",
     "10 from each active opponent (non-bright chaff combo and TCV >= 89)"),
    ("captured_suit", "Captured Suit", "",
     "10 per fully captured claimed triple, from each active opponent"),
    ("hachi_hachi_88", "88 Hachi-Hachi", "総八",
     "dealer takes 100 from each active opponent; cancels the rest (no-yaku rounds)"),
    ("one_sixty_eight_plus", "168 Plus", "二た八",
     "100 + 10 per point over 168 from each active opponent; cancels the rest"),
    ("simple_16", "Simple 16", "素十六",
     "120 + 20 per chaff over 16 from each active opponent; cancels the rest"),
    ("blind_stay", "Blind Stay", "見ず転",
     "Blind Stay Dealer with TCV >= 89 takes 10 from every other seated player"),
    ("failed_blind_stay", "Failed Blind Stay", "",
     "Blind Stay Dealer with TCV < 89 in a no-yaku round pays 10 to each active opponent"),
    ("dealers_hand", "Dealer's Hand", "",
     "last trader with TCV >= 89 takes 10 from every other seated player"),
)

# ---------------------------------------------------------------------------------------
# Options (section 8, section 10 readings, section 11 general knowledge as named options).
_V = "variation"
OPTIONS = (
    Option("pass_penalty", BOOL, True, "4-7 seated: the 1st, 2nd and 3rd players who pass of "
           "their own accord pay 10, 15 and 20 (times the field multiplier) to the round winner "
           "(on unless the table agrees otherwise).", group=_V),
    Option("drop_out_dealer", BOOL, False, "Before the deal the dealer may drop out; a dealer who "
           "stays without looking is the Blind Stay Dealer, who scores Blind Stay or Failed Blind "
           "Stay.", group=_V),
    Option("trade", BOOL, False, "Blind trades for the dealer's hand; the last trader can earn "
           "Dealer's Hand.", group=_V),
    Option("hidden_field", BOOL, False, "Field dealt face down until the players are known "
           "(no scoring effect).", group=_V),
    Option("open_hand", BOOL, False, "Cards shown for hand combinations stay face up (no "
           "scoring effect).", group=_V),
    Option("multiple_multiplier", BOOL, False, "Several field brights add their multipliers "
           "(paulownia + pine = x6).", group=_V, excludes=("carryover_multiplier",)),
    Option("carryover_multiplier", BOOL, False, "Several field brights: the highest is used, "
           "the next-highest carries to the next round.", group=_V,
           excludes=("multiple_multiplier",)),
    Option("four_and_three", BOOL, False, "Claiming Any 4 of a Kind & Any 3 of a Kind wins the "
           "round at once (only pass penalties, compensation and hand combinations score).",
           group=_V),
    Option("winning_hand", BOOL, False, "Claiming 4 & 3 together with Any 7 Chaffs wins at once "
           "and takes 400 (not 240) from each active opponent.", group=_V),
    Option("no_extra_ribbons", BOOL, False, "Any 7 Dry Ribbons is always 100.", group=_V),
    Option("boar_deer_butterfly", BOOL, False, "Adds the yaku Boar, Deer, Butterfly (70).",
           group=_V),
    Option("alternate_two_player_scoring", BOOL, False, "Two players, no-yaku round: the "
           "higher TCV takes the TCV difference x FM (zero-sum).", group=_V),
    Option("less_compensation", BOOL, False, "Compensation per loose bright / poetry / purple "
           "ribbon is 2, not 3.", group=_V),
    Option("worthless_yaku", BOOL, False, "Held yaku earn no compensation.", group=_V),
    Option("risk", BOOL, False, "A Continue caller who does not end the round with End pays "
           "their TYV (x FM) to each active opponent.", group=_V),
    Option("responsibility_penalty", BOOL, False, "A player whose unmatched card lets the next "
           "player complete 4 Dry Brights / Poetry / Purple and End pays both losers' share.",
           group=_V),
    Option("simple_16_yaku", BOOL, False, "Simple 16 becomes a yaku worth 120 (willow cards may "
           "count as chaff) instead of a cancel-all achievement.", group=_V),
    Option("campaign", BOOL, False, "A session is one 12-round game per seated player; each "
           "game winner gets 10 x players (added to the score, not paid).", group=_V),
    Option("rounds_per_game", CHOICE, 12, "Rounds in a game (12, 6 or 3).",
           choices=(12, 6, 3), group="series"),
    # Section 10 readings where the other reading is cheap.
    Option("cancel_all_scope", CHOICE, "chapter", "What 88, 168 Plus and Simple 16 cancel: as the "
           "chapter says (hand combinations, card points, yaku and other achievements) or as the "
           "quick reference says (hand combinations and other achievements only; card points "
           "still score).", choices=("chapter", "quick_reference"), group="interpretation"),
    Option("achievements_in_yaku_rounds", BOOL, True, "89 Plus Chaff, Captured Suit, Blind Stay "
           "and Dealer's Hand also apply in rounds with yaku (off: only in rounds without yaku).",
           group="interpretation"),
    Option("rainman_compensation", BOOL, True, "The rain man earns the per-card compensation as a "
           "bright (off: it does not, being a chaff for hand combinations).",
           group="interpretation"),
    Option("worthless_yaku_card_fallback", BOOL, True, "When held yaku earn no compensation, the "
           "cards of a held yaku still earn the per-card compensation.", group="interpretation"),
    Option("risk_on_exhaustion", CHOICE, "replace", "With the Risk rule, when the cards run out "
           "the penalty replaces the Continue callers' half-value gain, or is added to it.",
           choices=("replace", "add"), group="interpretation"),
    Option("simple_16_yaku_extra_chaff", BOOL, False, "Another reading: Simple 16 as a yaku also "
           "adds 20 per chaff beyond 16 (usually a flat 120).", group="interpretation"),
    # Section 11: general knowledge, not the book; never on by default.
    Option("aka_two_or_more_ribbons", BOOL, False, "Not in the book, a common habit: Any 2 "
           "Ribbons & 5 Chaffs also accepts 3 or more ribbons with "
           "the rest chaff.", group="general knowledge"),
    Option("dealer_pays_compensation", BOOL, False, "Not in the book, a common habit: the dealer "
           "also pays compensation to forced-out players.", group="general knowledge"),
)

PRESETS = (
    Preset("book", "The game as the Hanami book plays it: 12 rounds, the pass penalty on, every "
           "other variation off, the recommended readings where the book is unclear.",
           names=HANAMI_BOOK),
    Preset("gk_traditional", "Traditional Japanese habits, not in the book: carry-over fields, "
           "the dealer shares compensation, aka with 2 or more ribbons.",
           {"carryover_multiplier": True, "dealer_pays_compensation": True,
            "aka_two_or_more_ribbons": True},
           names={"en": "Traditional Japanese table", "ja": "日本の昔ながらの遊び方",
                  "ko": "일본 전통 방식"}),
)

# event fields (the key is filled in from the field name)
_f = partial(InputDef, "")
_TEYAKU_IDS = tuple(CHAFF_BY_ID) + tuple(SUIT_BY_ID)
_REVEALED = _f("cards", "revealed cards (default: the player's dealt hand)")

# Quick entry (issue 9): a claim named without cards says what the cards would have shown.
_CAPTURED_SUIT = _f("int", "claimed triples captured whole", minimum=0, maximum=2)
_LOOSE_CARDS = _f("int", "loose brights, poetry and purple ribbons", minimum=0, maximum=7)

EVENTS = (
    EventDef("dealer_drop_out", "The dealer drops out before the deal (in order; each next dealer "
             "may drop out too while more than 3 remain).",
             requires=("drop_out_dealer",)),
    EventDef("trade", "trade: the player trades their hand for the dealer's hand "
             "(in turn order, before play/pass decisions).", requires=("trade",)),
    EventDef("play_decision", "4-7 seated: a non-dealer announces play or pass, in turn order "
             "from the dealer's right; players forced out or in may be recorded as such or left "
             "out.", {"choice": _f("choice", "the decision", required=True,
                            choices=("play", "pass", "forced_out", "forced_in"))}),
    EventDef("compensation_claim", "A forced-out player reveals cards to claim compensation "
             "(quick entry: names the claim and counts the loose cards instead).",
             {"cards": _REVEALED,
              "hand_combos": _f("yaku", "claimed teyaku (default: the best the cards support)",
                                choices=_TEYAKU_IDS),
              "held_yaku": _f("yaku", "claimed held yaku (default: every one the cards hold)",
                              choices=tuple(YAKU_POINTS)),
              "loose_cards": _LOOSE_CARDS}),
    EventDef("hand_combo_claim", "An active player claims hand combinations (teyaku) before "
             "play (quick entry: by name, without cards).",
             {"cards": _REVEALED,
              "combos": _f("yaku", "at most one chaff and one suit combo (default: "
                           "best)", choices=_TEYAKU_IDS),
              "captured_suit": _CAPTURED_SUIT}),
    EventDef("immediate_win", "Four and Three, or the Winning Hand: the claimant wins at once "
             "(optional record; it follows from the claims).",
             requires=("four_and_three", "winning_hand")),
    EventDef("yaku_call", "End of a turn after completing or raising a yaku.",
             {"call": _f("choice", "the call", choices=("continue", "end"), required=True),
              "yaku": _f("yaku", "yaku at the call", choices=tuple(YAKU_POINTS)),
              "tyv": _f("int", "total yaku value at the call (before FM)", minimum=10)}),
    EventDef("cancel_call", "A player who called Continue cancels at the start of their turn."),
    EventDef("responsibility", "Responsibility penalty: the player played the unmatched card that "
             "let the next player complete a yaku on the next turn.",
             {"completer": _f("player", "who completed the yaku", required=True),
              "yaku": _f("choice", "the yaku completed", choices=RESPONSIBILITY_YAKU,
                         required=True),
              "had_choice": _f("bool", "they had a choice of card", default=True)},
             requires=("responsibility_penalty",)),
    EventDef("round_end", "How the round ended (optional check).",
             {"how": _f("choice", "how the round ended",
                        choices=("end", "cancel", "exhausted", "immediate_win"))},
             per_player=False),
)
PHASE = {"dealer_drop_out": 0, "trade": 1, "play_decision": 2, "compensation_claim": 3,
         "hand_combo_claim": 4, "immediate_win": 5, "yaku_call": 6, "cancel_call": 6,
         "responsibility": 6, "round_end": 7}


# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Compiled:
    rules: object
    preset: str
    yaku_ids: frozenset  # captured yaku in force
    bdb: bool
    s16: bool
    s16_extra: bool
    no_extra: bool
    h_five: YakuHit
    h_four: YakuHit
    h_poetry: YakuHit
    h_purple: YakuHit
    h_bdb: YakuHit


def compile(rules) -> Compiled:
    def fixed(yid):
        r = next(r for r in YAKU_ROWS if r[0] == yid)
        return hit(yid, YAKU_NAMES[yid], r[3], r[4])
    ids = {"five_brights", "four_dry_brights", "poetry_ribbons", "purple_ribbons",
           "seven_dry_ribbons"}
    if rules.boar_deer_butterfly:
        ids.add("boar_deer_butterfly")
    if rules.simple_16_yaku:
        ids.add("simple_16_yaku")
    return Compiled(rules, rules.preset, frozenset(ids), rules.boar_deer_butterfly,
                    rules.simple_16_yaku, rules.simple_16_yaku_extra_chaff,
                    rules.no_extra_ribbons, fixed("five_brights"), fixed("four_dry_brights"),
                    fixed("poetry_ribbons"), fixed("purple_ribbons"),
                    fixed("boar_deer_butterfly"))


def evaluate(mask: int, c: Compiled) -> Evaluation:
    """A pile's dekiyaku (points = TYV before the FM) and card value (details)."""
    b = mask & BRIGHTS
    r = mask & RIBBONS
    nr = r.bit_count()
    chaff = (mask & CHAFFS).bit_count()
    tcv = 20 * b.bit_count() + 10 * (mask & TENS).bit_count() + 5 * nr + chaff
    hits = []
    pts = 0
    choices = ()
    if b == BRIGHTS:  # bright group: score one of (section 4)
        hits.append(c.h_five)
        pts = 120
    elif b & DRY_BRIGHTS == DRY_BRIGHTS:
        hits.append(c.h_four)
        pts = 100
    if mask & POETRY_RIBBONS == POETRY_RIBBONS:
        hits.append(c.h_poetry)
        pts += 70
    if mask & BLUE_RIBBONS == BLUE_RIBBONS:
        hits.append(c.h_purple)
        pts += 70
    if (r & DRY_RIBBONS).bit_count() >= 7:
        # 100 + 10 per ribbon beyond the 7th, willow's included (no_extra_ribbons: 100).
        v = 100 if c.no_extra else 100 + 10 * (nr - 7)
        hits.append(hit("seven_dry_ribbons", YAKU_NAMES["seven_dry_ribbons"], v, r,
                        "" if c.no_extra else said("100 + 10 per ribbon beyond the 7th")))
        pts += v
    if c.bdb and mask & INO_SHIKA_CHO == INO_SHIKA_CHO:
        hits.append(c.h_bdb)
        pts += 70
    if c.s16:
        s = mask & S16_CHAFF
        n = s.bit_count()
        if n >= 16:
            v = 120 + (20 * (n - 16) if c.s16_extra else 0)
            hits.append(hit("simple_16_yaku", YAKU_NAMES["simple_16_yaku"], v, s,
                            said("{chaff} chaff, willow cards counted as chaff", chaff=n)))
            pts += v
            if s & WILLOW & ~CHAFFS:
                choices = (said("willow cards {cards} counted as chaff for Simple 16 Yaku (they "
                                "keep their own kind elsewhere)",
                                cards=", ".join(slugs_of(s & WILLOW & ~CHAFFS))),)
    return Evaluation(pts, tuple(hits), choices,
                      {"card_points": tcv, "chaff": chaff, "par_difference": tcv - PAR})


# ---------------------------------------------------------------------------------------
def _err(msg, **kw):
    """The error, its message (a said() sentence) led by the game id."""
    return TallyError(said("{game}: {message}", game=GAME_ID, message=msg), game=GAME_ID, **kw)


def _around(head: str, s: Said, tail: str = "", **params) -> Said:
    """``s`` inside a longer sentence: one more template (head + s's template + tail), so
    every sentence shape the players see is a single template to translate."""
    return said(head + s.template + tail, **s.params, **params)


def _yaku_names(ids) -> str:
    """Captured yaku by their names ("3 Poetry Ribbons"), as the result names them."""
    return ", ".join(YAKU_NAMES[y]["en"] if y in YAKU_NAMES else str(y) for y in ids)


def _needs_rule(i, event_id, option_id):
    """An event recorded while the house rule it belongs to is off."""
    return _err(said("event {i}: \"{event}\" needs the house rule \"{rule}\"", i=ordinal(i),
                     event=event_words(event_id), rule=rule_words(GAME_ID, option_id)),
                option=option_id, event=event_id, field=f"events.{i}")


# How a round ended, as the record page's choices name it (the value stays in ``field``)
ROUND_END_WORDS = {"end": "an End call", "cancel": "a Cancel call",
                   "exhausted": "the cards running out", "immediate_win": "an immediate win"}


def _how_words(how):
    """How a round ended in words; a value that is none of them is quoted as typed."""
    return named(ROUND_END_WORDS[how], how) if how in ROUND_END_WORDS else repr(how)


class _Ledger:
    """Amounts before the FM: transfers (payer -> payee) and card-point scores."""

    def __init__(self):
        self.items = []  # (id, payer, payee, amount, reason)
        self.scores = []  # (id, player, amount, reason)

    def pay(self, rid, payer, payee, amount, reason):
        if amount:
            self.items.append((rid, payer, payee, amount, reason))

    def from_each(self, rid, payee, payers, amount, reason):
        for q in payers:
            if q != payee:
                self.pay(rid, q, payee, amount, reason)


def _next_after(order, p, skip=()):
    i = order.index(p)
    for k in range(1, len(order) + 1):
        q = order[(i + k) % len(order)]
        if q not in skip:
            return q
    return p


def _slugs_or_hand(ev, i, p, hands, key="cards"):
    """The cards shown, else the dealt hand (a claim with neither is a quick-entry claim,
    read by _declared_hand_claim / _declared_compensation instead)."""
    if key in ev:
        return pile_mask(GAME, ev[key], player=p, field=f"events.{i}.{key}")
    return hands[p]


def _ids(ev, i, key, known, what):
    v = ev.get(key)
    if not isinstance(v, (list, tuple)) or not all(isinstance(x, str) for x in v):
        raise _err(said("event {i}: the {what} must be given as a list", i=ordinal(i), what=what),
                   field=f"events.{i}.{key}")
    for x in v:
        if x not in known:
            raise _err(said("event {i}: unknown {what} {value!r}", i=ordinal(i), what=what,
                            value=x),
                       rule=x, field=f"events.{i}.{key}", player=ev.get("player"))
    if len(set(v)) != len(v):
        raise _err(said("event {i}: the same {what} is named twice", i=ordinal(i), what=what),
                   field=f"events.{i}.{key}")
    return list(v)


def _field_multiplier(rnd, rules, carry_in):
    """Section 3.8 (+ multiple / carryover variations): (FM, reason, carry_out, field mask)."""
    field = None
    pool_named = []
    if "field" in rnd:
        field = pile_mask(GAME, rnd["field"], field="field")
        if field.bit_count() != 6:
            raise _err(said("the opening field has 6 cards, not {n}", n=field.bit_count()),
                       field="field")
        pool_named = [s for s in slugs_of(field & BRIGHTS)]
    if "field_brights" in rnd:
        fb = pile_mask(GAME, rnd["field_brights"], field="field_brights")
        if fb & ~BRIGHTS:
            raise _err(said("the brights of the opening field list {card!r}, which is not a "
                            "bright",
                            card=slugs_of(fb & ~BRIGHTS)[0]),
                       card=slugs_of(fb & ~BRIGHTS)[0], field="field_brights")
        if field is not None and field & BRIGHTS != fb:
            raise _err(said("the brights of the opening field as given are not the brights "
                            "among its 6 cards"),
                       field="field_brights")
        pool_named = list(slugs_of(fb))
    explicit = rnd.get("field_multiplier")
    if explicit is not None:
        if isinstance(explicit, str) and explicit in FIELDS:  # a list is not a field name
            m = FIELDS[explicit][2]
        elif isinstance(explicit, int) and not isinstance(explicit, bool) and (
                explicit in (1, 2, 4) or rules.multiple_multiplier and 1 <= explicit <= 14):
            m = explicit
        else:
            raise _err(said("the field multiplier must be Small Field, Large Field, Grand Field "
                            "or 1, 2, 4, not {value!r}", value=explicit),
                       field="field_multiplier", known=tuple(FIELDS))
        if "field" in rnd or "field_brights" in rnd:
            derived = _fm_from(pool_named, rules, None)[0]
            if derived != m:
                raise _err(said("the field multiplier {value!r} does not match the opening "
                                "field (x{fm})", value=explicit, fm=derived),
                           field="field_multiplier")
        pool = [(m, "recorded", {"m": m})] if m > 1 else []
        return _combine(pool, rules, carry_in) + (field,)
    if "field" not in rnd and "field_brights" not in rnd:
        raise _err(said("give the opening field (6 cards), only its brights, or the field "
                        "multiplier"),
                   field="field")
    return _fm_from(pool_named, rules, carry_in) + (field,)


def _fm_from(brights, rules, carry_in):
    pool = [(FIELD_BRIGHT_MULT[s], "bright", {"card": s}) for s in brights]
    return _combine(pool, rules, carry_in)


# Why a multiplier is in the pool, and the field it makes (the reason is one template).
FM_WHY = {"recorded": "field multiplier x{m} (as recorded)",
          "bright": "{card} in the opening field",
          "carried": "carried over from the previous round"}
FM_NAME = {2: "Large Field x{fm}: ", 4: "Grand Field x{fm}: "}
FM_CARRY = "; x{carry} carries to the next round"


def _combine(pool, rules, carry_in):
    """(FM, reason, carry): pool holds (multiplier, FM_WHY key, that reason's params)."""
    if rules.multiple_multiplier and pool:
        fm = sum(m for m, _, _ in pool)
        parts, params = [], {"fm": fm}
        for k, (m, kind, ps) in enumerate(pool, 1):
            # each multiplier's own placeholders, numbered: x{m1} ({card1} in the ...) + ...
            parts.append(f"x{{m{k}}} (" + FM_WHY[kind].replace("{m}", f"{{m{k}}}").replace(
                "{card}", f"{{card{k}}}") + ")")
            params[f"m{k}"] = m
            if "card" in ps:
                params[f"card{k}"] = ps["card"]
        return fm, said("multipliers added: " + " + ".join(parts) + " = x{fm}", **params), \
            None
    if carry_in:
        pool = pool + [(carry_in, "carried", {})]
    if not pool:
        return 1, said("Small Field x1: no bright in the opening field"), None
    pool = sorted(pool, key=lambda t: -t[0])
    fm, kind, params = pool[0]
    carry = pool[1][0] if rules.carryover_multiplier and len(pool) > 1 else None
    template = FM_NAME.get(fm, "field x{fm}: ") + FM_WHY[kind]
    if carry:
        return fm, said(template + FM_CARRY, fm=fm, carry=carry, **params), carry
    return fm, said(template, fm=fm, **params), carry


# ---------------------------------------------------------------------------------------
# The round, in phases. Each phase reads one part of the round and checks it there and then:
# the first fault met in this order is the one reported, so the order of the phases is part
# of the behaviour. The combinations are found as their part is read (teyaku with the
# claims, dekiyaku and card points with the captures); the field multiplier is read with the
# deal and applied last, to the settled amounts. Each phase hands a frozen record on.

def score_round(rnd: Mapping, c: Compiled) -> RoundResult:
    """Read the table, the deal, the seats, the pre-play claims, the captures and the calls;
    check how the round ended; settle it before the FM; then multiply by the FM."""
    rules = c.rules
    table = _read_table(rnd, rules)
    deal = _read_deal(rnd, table, rules)
    if deal.misdeal is not None:  # section 3.7: the same dealer deals again
        return _misdeal(table.seated, table.dealer0, deal.misdeal, table.carry, c)
    seats = _choose_players(table, rules)
    claims = _read_claims(table, seats, deal.hands, c)
    play = _read_play(rnd, table, seats, claims, c)
    calls = _replay_calls(play, seats.active, c)
    tie_winner = _check_outcome(rnd, play, calls, seats.active, claims.immediate, rules)
    led, winner, win_reason, cancelled = _settle(table, seats, claims, play, calls, tie_winner,
                                                 rules)
    # two players, no yaku, no immediate win: each banks (TCV - 88) x FM (section 6, A3)
    banks = (len(seats.active) == 2 and not rules.alternate_two_player_scoring
             and not calls.yaku_round and not claims.immediate and not cancelled)
    notes = (_around("field multiplier: ", deal.fm_reason),) + table.notes + deal.notes + \
        _quick_notes(table.seated, claims, play)
    extra = _player_extra(table.seated, seats, claims, play)
    return _result(table.seated, seats.active, led, deal, play.ev_of, extra, winner,
                   win_reason, notes, c, banks)


# --- phase 1: the table (players, events, dealer, carry, drop-outs, joker) ----------------
@dataclass(frozen=True)
class _Table:
    """Who sits where before the deal (sections 3.1-3.3, A14, A17)."""
    seated: tuple
    events: list
    dealer0: str  # the dealer as recorded: deals again after a misdeal
    dealer: str  # who deals this round, after the drop-outs and the joker
    carry: Mapping  # the previous round's result.carry
    carry_in: int | None  # carry.carry_multiplier (carryover_multiplier)
    dropped: list  # dealers who dropped out, in order (drop_out_dealer)
    joker: str | None  # 7 dealt in: the joker's holder sits the round out
    out_of_deal: frozenset  # the dropped dealers and the joker's holder
    blind: bool  # the dealer could have dropped out and stayed (blind_stay)
    notes: tuple

    @property
    def n_in(self) -> int:
        return len(self.seated) - len(self.dropped)


def _read_table(rnd, rules) -> _Table:
    """Players, events, dealer, carry; then the drop-outs and the joker settle who deals."""
    seated = players_of(GAME, rnd)
    events = _read_events(rnd, seated)
    dealer0 = player_field(GAME, rnd, "dealer", seated)
    carry, carry_in = _read_carry(rnd, rules)
    dropped, dealer = _dealer_drop_outs(events, seated, dealer0, rules)
    n_in = len(seated) - len(dropped)
    blind = bool(rules.drop_out_dealer) and n_in > 3
    notes = []
    if n_in == 3 and rules.drop_out_dealer and len(seated) > 3:
        notes.append(said("{player} had no choice to drop out (only 3 players left), so is "
                          "not a Blind Stay Dealer", player=dealer))
    joker, dealer, moved = _seat_joker(rnd, seated, dropped, dealer)
    if moved is not None:  # the dealer dealt the joker hands the deal on, so is not blind
        blind = False
        notes.append(moved)
    out_of_deal = frozenset(set(dropped) | ({joker} if joker else set()))
    return _Table(seated, events, dealer0, dealer, carry, carry_in, dropped, joker,
                  out_of_deal, blind, tuple(notes))


def _read_events(rnd, seated):
    """The events, each phase's after the previous phase's (PHASE); a sale is named as one."""
    raw_events = rnd.get("events", [])
    if isinstance(raw_events, (list, tuple)):
        for i, ev in enumerate(raw_events):
            if isinstance(ev, Mapping) and ev.get("type") in ("sell", "sell_hand"):
                # section 3.10
                raise _err(said("event {i}: the book has no way to sell a hand; record a pass "
                                "with \"{event}\" instead", i=ordinal(i),
                                event=event_words("play_decision")), rule="sell",
                           field=f"events.{i}")
    events = events_of(GAME, rnd, seated)
    phase = -1
    for i, ev in enumerate(events):
        ph = PHASE[ev["type"]]
        if ph < phase:
            raise _err(said("event {i} ({event}) is out of order: setup events (dealer drop, "
                            "trades, decisions, claims) come before calls", i=ordinal(i),
                            event=event_words(ev['type'])), rule=ev["type"], event=ev["type"],
                       field=f"events.{i}")
        phase = ph
    return events


def _read_carry(rnd, rules):
    """(carry, carry_in): the previous round's carry and the multiplier it hands on."""
    carry = rnd.get("carry") or {}
    if not isinstance(carry, Mapping):
        raise _err(said("the previous round's carry must be an object, as that round's "
                        "result gives it"), field="carry")
    carry_in = carry.get("carry_multiplier")
    if carry_in is not None:
        if not rules.carryover_multiplier:
            raise _err(said("the previous round's carry hands on a field multiplier, which "
                            "needs the house rule \"{rule}\"",
                            rule=rule_words(GAME_ID, "carryover_multiplier")),
                       option="carryover_multiplier", field="carry.carry_multiplier")
        if carry_in not in (2, 4):
            raise _err(said("the field multiplier carried over from the previous round must be "
                            "2 or 4, not {value!r}", value=carry_in),
                       field="carry.carry_multiplier")
    return carry, carry_in


def _dealer_drop_outs(events, seated, dealer, rules):
    """drop_out_dealer, A14: (dropped, dealer); each next dealer may drop while 4+ remain."""
    n = len(seated)
    dropped = []
    for i, ev in enumerate(events):
        if ev["type"] != "dealer_drop_out":
            continue
        if not rules.drop_out_dealer:
            raise _needs_rule(i, "dealer_drop_out", "drop_out_dealer")
        p = ev["player"]
        if p != dealer:
            raise _err(said("event {i}: {player!r} cannot drop out as dealer; the dealer is "
                            "{dealer!r}", i=ordinal(i), player=p, dealer=dealer),
                       player=p, field=f"events.{i}")
        if n - len(dropped) <= 3:
            raise _err(said("event {i}: dealer {player!r} cannot drop out: only {n} players are "
                            "still in (3 must play)", i=ordinal(i), player=p, n=n - len(dropped)),
                       player=p, field=f"events.{i}")
        dropped.append(p)
        dealer = _next_after(seated, p, dropped)
    return dropped, dealer


def _seat_joker(rnd, seated, dropped, dealer):
    """7 dealt in (B p.85, A17): (joker's holder, dealer, note when the deal moved on)."""
    joker = rnd.get("joker_holder")
    n_in = len(seated) - len(dropped)
    if n_in == 7:
        # 7 dealt in out of at most 7 seated: nobody dropped out, so the holder is dealt in
        joker = player_field(GAME, rnd, "joker_holder", seated)
        if joker == dealer:  # B p.85, A17: the next player deals this round
            dealer = _next_after(seated, joker, dropped + [joker])
            return joker, dealer, said("{joker} was dealt the joker as dealer; {dealer} deals",
                                       joker=joker, dealer=dealer)
    elif joker is not None:
        raise _err(said("who holds the joker is only used when 7 players are dealt in, not "
                        "{n}", n=n_in),
                   player=joker, field="joker_holder")
    return joker, dealer, None


# --- phase 2: the deal (field multiplier, hands, misdeal) --------------------------------
@dataclass(frozen=True)
class _Deal:
    """The opening field and the hands (sections 3.6-3.8)."""
    fm: int  # the field multiplier (section 3.8)
    fm_reason: Said
    carry_out: int | None  # the multiplier carried to the next round (carryover_multiplier)
    hands: dict  # player -> dealt hand, for the players who gave one
    misdeal: str | None  # the month whose 4 cards are all in the field (section 3.7)
    notes: tuple


def _read_deal(rnd, table, rules) -> _Deal:
    """The field multiplier, last_round (A12), the hands, and a misdeal or hiki (3.7)."""
    fm, fm_reason, carry_out, field = _field_multiplier(rnd, rules, table.carry_in)
    last = rnd.get("last_round", False)
    if not isinstance(last, bool):
        raise _err(said("whether this is the game's last round must be on or off"),
                   field="last_round")
    notes = ()
    if last and carry_out:  # A12: a carry still pending after the last round is lost
        notes = (said("the x{carry} carry is lost: this is the game's last round",
                      carry=carry_out),)
        carry_out = None
    hands = _read_hands(rnd, table, field)
    misdeal, hiki = _stacked_months(field)
    return _Deal(fm, fm_reason, carry_out, hands, misdeal, notes + hiki)


def _read_hands(rnd, table, field):
    """Dealt hands: none for who sat out, none sharing a card with the field."""
    hands = piles_of(GAME, rnd, table.seated, "hands", required=False, max_pile=7)
    joker = table.joker
    for p, m in hands.items():
        if m and p in table.out_of_deal and p != joker:
            raise _err(said("{player!r} dropped out before the deal and has no dealt hand",
                            player=p),
                       player=p, field=f"hands.{p}")
        if field is not None and m & field and p != joker:  # the joker's 6 are the field
            bad = slugs_of(m & field)[0]
            raise _err(said("card {card!r} is both in {player!r}'s hand and in the field",
                            card=bad, player=p), card=bad,
                       player=p, field=f"hands.{p}")
    return hands


def _stacked_months(field):
    """Section 3.7: (the misdeal's month or None, hiki notes for three of a month)."""
    if field is None:
        return None, ()
    notes = []
    for fid, mm in MONTHS:
        k = (field & mm).bit_count()
        if k == 4:  # misdeal: nothing is scored
            return fid, ()
        if k == 3:
            notes.append(said("hiki: three {month} cards in the field are stacked",
                              month=fid))
    return None, tuple(notes)


# --- phase 3: the seats (trades, play / pass decisions) ----------------------------------
@dataclass(frozen=True)
class _Seats:
    """The active players and what became of everyone else (sections 3.2-3.4)."""
    active: list  # in turn order from the dealer (section 3.1)
    status: dict  # player -> active, passed, forced out, forced in, joker, dropped dealer
    passers: list  # voluntary passers, in order (pass penalties)
    forced_out: list
    last_trader: str | None  # who holds the dealer's hand after the trades (dealers_hand)


def _choose_players(table, rules) -> _Seats:
    """Trades, then the play / pass decisions: everyone in the deal plays when 3 or fewer."""
    holder, traded = _trades(table, rules)
    status = {p: "active" for p in table.seated}
    for p in table.dropped:
        status[p] = "dropped dealer"
    if table.joker:
        status[table.joker] = "joker"
    decisions = [(i, ev) for i, ev in enumerate(table.events) if ev["type"] == "play_decision"]
    if table.n_in <= 3:
        if decisions:
            i = decisions[0][0]
            raise _err(said("event {i}: with {n} players in the deal everyone plays; no "
                            "play/pass decisions", i=ordinal(i), n=table.n_in), field=f"events.{i}")
        active = [p for p in table.seated if p not in table.dropped]
        passers, forced_out = [], []
    else:
        chosen, passers, forced_out, decided = _decide_in_turn(decisions, table)
        status.update(decided)
        active = [p for p in table.seated if p == table.dealer or p in chosen]
    return _Seats(_from_dealer(table.seated, table.dealer, active), status, passers,
                  forced_out, holder if traded else None)


def _from_dealer(seated, dealer, players):
    """``players`` in turn order, the dealer first (section 3.1)."""
    k = seated.index(dealer)
    return [p for p in seated[k:] + seated[:k] if p in players]


def _trades(table, rules):
    """trade, A15: (who holds the dealer's hand, the traders in order)."""
    holder, traded = table.dealer, []
    for i, ev in enumerate(table.events):
        if ev["type"] != "trade":
            continue
        p = ev["player"]
        if not rules.trade:
            raise _needs_rule(i, "trade", "trade")
        if table.n_in < 4:
            raise _err(said("event {i}: trading is for 4-7 players in the deal", i=ordinal(i)),
                       field=f"events.{i}")
        if p in table.out_of_deal or p == table.dealer:
            raise _err(said("event {i}: {player!r} cannot trade for the dealer's hand",
                            i=ordinal(i), player=p), player=p,
                       field=f"events.{i}")
        if p in traded:
            raise _err(said("event {i}: {player!r} already traded once", i=ordinal(i), player=p),
                       player=p, field=f"events.{i}")
        traded.append(p)
        holder = p
    return holder, traded


def _decide_in_turn(decisions, table):
    """Section 3.3: from the dealer's right each player plays or passes until two play beside
    the dealer; once that is settled the rest are forced out (or, if too few are left, in).
    (chosen, passers, forced out, status of each who did not simply choose to play)."""
    seated, n = table.seated, len(table.seated)
    start = seated.index(table.dealer)
    order = [seated[(start + k) % n] for k in range(1, n)]
    cands = [p for p in order if p not in table.out_of_deal]
    chosen, passers, forced_out, decided, di = [], [], [], {}, 0
    for k, p in enumerate(cands):
        ev_i, ev = decisions[di] if di < len(decisions) else (None, None)
        if len(chosen) == 2 or len(cands) - k == 2 - len(chosen):
            forced = "forced_out" if len(chosen) == 2 else "forced_in"
            if ev is not None and ev["player"] == p:  # a forced player may be recorded
                _check_forced(ev_i, ev, p, forced)
                di += 1
            if forced == "forced_out":
                forced_out.append(p)
                decided[p] = "forced out"
            else:
                chosen.append(p)
                decided[p] = "forced in"
            continue
        if _free_decision(ev_i, ev, p) == "play":
            chosen.append(p)
        else:
            passers.append(p)
            decided[p] = "passed"
        di += 1
    if di < len(decisions):
        ev_i, ev = decisions[di]
        raise _err(said("event {i}: {player!r} has no decision to make (the three players "
                        "were already set)", i=ordinal(ev_i), player=ev["player"]),
                   player=ev["player"], field=f"events.{ev_i}")
    return chosen, passers, forced_out, decided


def _check_forced(ev_i, ev, p, forced):
    """A forced player recorded with a decision must be recorded as forced."""
    if ev.get("choice") != forced:
        raise _err(said("event {i}: {player!r} had no choice ({forced}), not "
                        "{value!r}", i=ordinal(ev_i), player=p,
                        forced=said("forced out") if forced == "forced_out"
                        else said("forced in"), value=ev.get('choice')),
                   player=p, field=f"events.{ev_i}.choice")


def _free_decision(ev_i, ev, p):
    """The recorded 'play' or 'pass' of ``p``, whose turn it is to decide."""
    if ev is None:
        raise _err(said("the \"{event}\" of {player!r} is missing (decisions go "
                        "counterclockwise from the dealer's right)", player=p,
                        event=event_words("play_decision")),
                   player=p, event="play_decision", field="events")
    if ev["player"] != p:
        raise _err(said("event {i}: {player!r} decides out of turn; {next!r} decides next",
                        i=ordinal(ev_i), player=ev["player"], next=p),
                   player=ev["player"], field=f"events.{ev_i}")
    choice = ev.get("choice")
    if choice != "play" and choice != "pass":
        raise _err(said("event {i}: {player!r} must choose play or pass, not {value!r}",
                        i=ordinal(ev_i), player=p, value=choice),
                   player=p, field=f"events.{ev_i}.choice")
    return choice


# --- phase 4: the claims before play (compensation, teyaku, immediate wins) --------------
@dataclass(frozen=True)
class _Claims:
    """What was shown before play: compensation (section 3.5) and teyaku (section 3.9)."""
    compensation: tuple  # (forced-out player, amount before the FM, detail), in event order
    hands: dict  # active claimant -> claim: combos, groups, revealed cards, words
    value: dict  # active player -> what their hand combinations are worth (0: none)
    available: dict  # active player with a dealt hand -> the teyaku ids it makes
    immediate: list  # who won at once (four_and_three / winning_hand, section 5.3 step 0)


def _read_claims(table, seats, hands, c) -> _Claims:
    """Compensation claims, then teyaku claims, their worth and any immediate win."""
    compensation = _compensation_claims(table.events, seats, hands, c)
    raw = _hand_combo_claims(table.events, seats.active, hands, c)
    available = {p: _available_teyaku(hands[p], c.rules) for p in seats.active
                 if hands.get(p)}
    immediate = _immediate_winners(table.events, seats.active, raw, c.rules)
    value, worded = {}, {}
    for p in seats.active:
        value[p], cl = _valued_claim(raw.get(p), c.rules)
        if cl is not None:
            worded[p] = cl
    return _Claims(compensation, worded, value, available, immediate)


def _compensation_claims(events, seats, hands, c):
    """Section 3.5: only forced-out players claim, once each."""
    out, done = [], set()
    for i, ev in enumerate(events):
        if ev["type"] != "compensation_claim":
            continue
        p = ev["player"]
        if p not in seats.forced_out:
            why = {"passed": said("passed voluntarily"), "joker": said("was dealt the joker"),
                   "active": said("is playing"), "forced in": said("is playing"),
                   "dropped dealer": said("dropped out as dealer")}[seats.status[p]]
            raise _err(said("event {i}: {player!r} {why} and gets no compensation (only "
                            "forced-out players do)", i=ordinal(i), player=p, why=why),
                       player=p, field=f"events.{i}")
        if p in done:
            raise _err(said("event {i}: {player!r} already claimed compensation", i=ordinal(i),
                            player=p),
                       player=p, field=f"events.{i}")
        done.add(p)
        base, detail = _compensation_claim(ev, i, p, hands, c)
        out.append((p, base, detail))
    return tuple(out)


def _hand_combo_claims(events, active, hands, c):
    """Section 3.9: active players claim hand combinations, once each."""
    claims = {}
    for i, ev in enumerate(events):
        if ev["type"] != "hand_combo_claim":
            continue
        p = ev["player"]
        if p not in active:
            raise _err(said("event {i}: {player!r} is not playing this round; only active players "
                            "claim hand combinations (forced-out players claim "
                            "compensation)", i=ordinal(i), player=p), player=p,
                       field=f"events.{i}")
        if p in claims:
            raise _err(said("event {i}: {player!r} already claimed hand combinations", i=ordinal(i),
                            player=p), player=p,
                       field=f"events.{i}")
        claims[p] = _hand_claim(ev, i, p, hands, c)
    return claims


def _available_teyaku(hand, rules):
    """The best chaff and suit combos a dealt hand makes (shown beside the claims)."""
    gr = month_groups(hand, hand)
    return [x.id for x in (best_chaff(hand, rules.aka_two_or_more_ribbons), best_suit(gr))
            if x]


def _immediate_winners(events, active, claims, rules):
    """four_and_three / winning_hand: a claimed 4 & 3 (with Any 7 Chaffs under winning_hand)
    wins before play; an immediate_win event must name such a player."""
    iw = []
    for p in active:
        ids = {x.id for x in claims.get(p, {}).get("combos", ())}
        if "suit_four_and_three" in ids and (rules.four_and_three or rules.winning_hand and
                                             "chaff_seven_chaff" in ids):
            iw.append(p)
    for i, ev in enumerate(events):
        if ev["type"] == "immediate_win" and ev["player"] not in iw:
            raise _err(said("event {i}: {player!r} has no immediate win (it needs a claimed "
                            "Any 4 of a Kind & Any 3 of a Kind under the house rule Four and "
                            "Three, or with Any 7 Chaffs as well under the house rule Winning "
                            "Hand)", i=ordinal(i), player=ev["player"]),
                       player=ev["player"], event="immediate_win", field=f"events.{i}",
                       known=("four_and_three", "winning_hand"))
    return iw


def _valued_claim(cl, rules):
    """(worth, the claim with its words): the combos' points, or 400 for a Winning Hand."""
    if not cl:
        return 0, None
    ids = {x.id for x in cl["combos"]}
    v = sum(x.points for x in cl["combos"])
    combos = " + ".join(f"{x.en} ({x.points})" for x in cl["combos"])
    words = said("{combos}", combos=combos)
    if rules.winning_hand and {"suit_four_and_three", "chaff_seven_chaff"} <= ids:
        v, words = 400, said("Winning Hand 400 (instead of {points}: {combos})", points=v,
                             combos=combos)
    return v, {**cl, "words": words}


# --- phase 5: the play (captures, dekiyaku and card points) ------------------------------
@dataclass(frozen=True)
class _Play:
    """The captured piles and what they hold (section 4), and the calls made in play."""
    caps: dict  # player -> captured pile
    ev_of: dict  # active player -> evaluate() of their pile
    tcv: dict  # active player -> total card value
    chaff: dict  # active player -> chaff captured
    tyv: dict  # active player -> total yaku value (before the FM)
    calls: list  # (event index, event) of the yaku_call, cancel_call, responsibility events
    round_end: str | None  # how the round ended, when recorded
    declared: dict  # quick entry: active player -> _Declared, instead of a captured pile


def _read_play(rnd, table, seats, claims, c) -> _Play:
    """round_end, the captures (none after an immediate win) or, in quick entry, their
    totals; each active pile evaluated."""
    calls = [(i, ev) for i, ev in enumerate(table.events)
             if ev["type"] in ("yaku_call", "cancel_call", "responsibility")]
    round_end = _read_round_end(rnd, table.events)
    if claims.immediate:
        caps = _no_captures(rnd, table.seated, calls, round_end, claims.immediate)
    else:
        if round_end == "immediate_win":
            raise _err(said("the round cannot end with an immediate win: nobody claimed a 4 & "
                            "3 under the house rule Four and Three or Winning Hand"),
                       field="round_end", known=("four_and_three", "winning_hand"))
        caps = piles_of(GAME, rnd, table.seated, "captures", deck=FULL_DECK,
                        required=not _all_declared(rnd, seats.active))
    for p in table.seated:
        if p not in seats.active and caps.get(p):
            raise _err(said("{player!r} is not playing this round and captures nothing",
                            player=p),
                       player=p, field=f"captures.{p}")
    declared = _read_totals(rnd, table.seated, seats.active, caps, c)
    _check_suit_sources(claims.hands, declared)
    ev_of = {p: _declared_evaluation(declared[p], c) if p in declared
             else evaluate(caps.get(p, 0), c) for p in seats.active}
    return _Play(caps, ev_of, {p: e.details["card_points"] for p, e in ev_of.items()},
                 {p: e.details["chaff"] for p, e in ev_of.items()},
                 {p: e.points for p, e in ev_of.items()}, calls, round_end, declared)


def _read_round_end(rnd, events):
    """How the round ended, as the round_end key and round_end events agree to say it."""
    round_end = rnd.get("round_end")
    for i, ev in enumerate(events):
        if ev["type"] == "round_end":
            if round_end is not None and round_end != ev.get("how"):
                raise _err(said("event {i}: this event says the round ended with {value}, but "
                                "how the round ended is given as {other}", i=ordinal(i),
                                value=_how_words(ev.get('how')), other=_how_words(round_end)),
                           field=f"events.{i}.how")
            round_end = ev.get("how")
    if round_end not in (None, "end", "cancel", "exhausted", "immediate_win"):
        raise _err(said("how the round ended must be end, cancel, exhausted or an immediate "
                        "win, not {value!r}", value=round_end), field="round_end",
                   known=tuple(ROUND_END_WORDS))
    return round_end


def _no_captures(rnd, seated, calls, round_end, immediate):
    """An immediate win ends the round before play: no calls, no captures."""
    if calls:
        raise _err(said("event {i}: the round ended before play with an immediate win "
                        "({player})", i=ordinal(calls[0][0]), player=immediate[0]),
                   field=f"events.{calls[0][0]}")
    if round_end not in (None, "immediate_win"):
        raise _err(said("the round cannot have ended with {value}: {player} won at once with "
                        "4 & 3", value=_how_words(round_end), player=immediate[0]),
                   field="round_end")
    caps = piles_of(GAME, rnd, seated, "captures", required=False, deck=FULL_DECK)
    if any(caps.values()) or rnd.get("totals"):
        raise _err(said("an immediate win ends the round before play: no captures"),
                   field="captures" if any(caps.values()) else "totals")
    return caps


# --- phase 5, quick entry: the captures as said at the table (issue 9) --------------------
# Section 7 allows "each active player's captured cards; or at least TCV, chaff count, yaku
# ids and whether each claimed triple was fully captured". A player entered that way has a
# ``totals`` record instead of a pile; what the cards would show is checked by arithmetic.
TOTALS_KEYS = ("card_points", "chaff", "yaku", "ribbons")
# each key as a player says it (an error names the key so; ``field`` keeps the key)
TOTALS_WORDS = {"card_points": "card points", "chaff": "chaff", "yaku": "yaku",
                "ribbons": "ribbons"}
THREE_WILLOW_NON_CHAFF = 3  # rainman, swallow, ribbon: Simple 16 Yaku may count them


@dataclass(frozen=True)
class _Declared:
    """One active player's captures as declared: no card is known."""
    card_points: int
    chaff: int | None  # None: not said (needed only where Simple 16 can score)
    ribbons: int | None  # None: not said (needed for Any 7 Dry Ribbons' value)
    yaku: tuple  # the named dekiyaku, in YAKU_ROWS order
    cards: int  # the cards the named yaku need: no other pile may hold them
    facts: tuple  # the totals keys said, for the result's "declared"


def _all_declared(rnd, active):
    """Every active player has totals (a malformed ``totals`` is reported as such)."""
    totals = rnd.get("totals")
    return totals is not None and (not isinstance(totals, Mapping) or
                                   all(p in totals for p in active))


def _read_totals(rnd, seated, active, caps, c) -> dict:
    """Each player's ``totals`` record, checked alone, then against the others and the
    captured piles (a card is in one place only)."""
    raw = rnd.get("totals")
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise _err(said("the totals must give, for each player entered quickly, their card "
                        "points, chaff, yaku and ribbons"), field="totals", known=TOTALS_KEYS)
    out = {}
    for p, t in raw.items():
        _check_totals_owner(p, t, seated, active, caps)
        out[p] = _declared_pile(p, t, c)
    _check_declared_together(out, caps)
    return out


def _check_totals_owner(p, t, seated, active, caps):
    """Totals belong to an active player with no captured cards (not both kinds at once)."""
    where = f"totals.{p}"
    if p not in seated:
        raise _err(said("totals names {player!r}, who is not one of the players", player=p),
                   player=p, field=where)
    if p not in active:
        raise _err(said("{player!r} is not playing this round and captures nothing: enter "
                        "no totals for them", player=p), player=p, field=where)
    if caps.get(p):
        raise _err(said("{player!r} is given both captured cards and totals: enter one or "
                        "the other", player=p), player=p, field=where)
    if not isinstance(t, Mapping):
        raise _err(said("{player}'s totals must give their card points, chaff, yaku and "
                        "ribbons", player=p), player=p, field=where, known=TOTALS_KEYS)
    extra = sorted(map(str, set(t) - set(TOTALS_KEYS)))
    if extra:
        raise _err(said("{player}'s totals give {key!r}, which is not one of card points, "
                        "chaff, yaku and ribbons", player=p, key=extra[0]),
                   player=p, field=f"{where}.{extra[0]}", known=TOTALS_KEYS)


def _count(t, key, p, most, required=False):
    """A whole number said for ``p`` (None when not said and not required)."""
    v = t.get(key)
    if v is None and not required:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= most:
        raise _err(said("{player}'s {what} must be a whole number 0..{most}, not {value!r}",
                        player=p, what=named(TOTALS_WORDS[key]), most=most, value=v),
                   player=p, field=f"totals.{p}.{key}")
    return v


def _declared_pile(p, t, c) -> _Declared:
    """One player's totals: possible card values (20 / 10 / 5 / 1), and yaku whose cards fit
    in them."""
    tcv = _count(t, "card_points", p, DECK_VALUE, required=True)
    chaff = _count(t, "chaff", p, DECK_CHAFF)
    ribbons = _count(t, "ribbons", p, 10)
    _check_card_arithmetic(p, tcv, chaff, ribbons)
    ids = _declared_yaku_ids(p, t, c)
    cards = 0
    for y in ids:
        cards |= YAKU_CARDS.get(y, 0)
    need_ribbons = max(7 if "seven_dry_ribbons" in ids else 0, (cards & RIBBONS).bit_count())
    # the least the named yaku's cards are worth, beside the chaff and with it
    non_chaff = card_value_total(cards) + 5 * (need_ribbons - (cards & RIBBONS).bit_count())
    least = non_chaff + (16 if "simple_16_yaku" in ids else 0)
    names = _yaku_names(ids)
    if ribbons is not None and ribbons < need_ribbons:
        raise _err(said("{player}'s totals: {yaku} needs {n} ribbons, not {ribbons}", player=p,
                        yaku=names, n=need_ribbons, ribbons=ribbons),
                   player=p, field=f"totals.{p}.ribbons")
    if tcv < least or chaff is not None and (tcv - chaff < non_chaff or "simple_16_yaku" in ids
                                             and chaff + THREE_WILLOW_NON_CHAFF < 16):
        raise _err(said("{player}'s totals: {tcv} card points cannot hold {yaku}", player=p,
                        tcv=tcv, yaku=names), player=p, field=f"totals.{p}.yaku")
    if "seven_dry_ribbons" in ids and ribbons is None and not c.no_extra:
        raise _err(said("{player}'s totals: Any 7 Dry Ribbons is 100 + 10 per ribbon beyond "
                        "the 7th: say how many ribbons {player} captured", player=p),
                   player=p, rule="seven_dry_ribbons", field=f"totals.{p}.ribbons")
    return _Declared(tcv, chaff, ribbons, ids, cards,
                     tuple(k for k in TOTALS_KEYS if k in t or k == "yaku"))


def _check_card_arithmetic(p, tcv, chaff, ribbons):
    """Brights, tens and ribbons are worth 20 / 10 / 5, so beside the chaff a pile is a
    multiple of 5 (section 5.8), and beside the ribbons as well a multiple of 10."""
    rest = tcv - (chaff or 0)
    if chaff is not None and (rest < 0 or rest % 5 or rest > NON_CHAFF_VALUE):
        raise _err(said("{player}'s totals: {tcv} card points with {chaff} chaff leave {rest} "
                        "for the brights, tens and ribbons (20 / 10 / 5 each): not possible",
                        player=p, tcv=tcv, chaff=chaff, rest=rest),
                   player=p, field=f"totals.{p}.card_points")
    if ribbons is None:
        return
    left = rest - 5 * ribbons
    if left < 0 or chaff is not None and (left % 10 or left > NON_CHAFF_VALUE - 50):
        raise _err(said("{player}'s totals: {tcv} card points with {ribbons} ribbons leave "
                        "{rest} for the brights and tens (20 / 10 each): not possible",
                        player=p, tcv=tcv, ribbons=ribbons, rest=left),
                   player=p, field=f"totals.{p}.ribbons")


def _declared_yaku_ids(p, t, c):
    """The named dekiyaku: known, in force, each once, one of the bright group."""
    ids = t.get("yaku", [])
    where = f"totals.{p}.yaku"
    if not isinstance(ids, (list, tuple)) or not all(isinstance(y, str) for y in ids):
        raise _err(said("{player}'s totals: the captured yaku must be a list of yaku",
                        player=p), player=p, field=where)
    for y in ids:
        if y not in c.yaku_ids:
            in_force = tuple(r[0] for r in YAKU_ROWS if r[0] in c.yaku_ids)
            raise _err(said("{player}'s totals: {value!r} is not a yaku in force (these "
                            "are: {yaku})", player=p, value=y, yaku=_yaku_names(in_force)),
                       player=p, rule=y, field=where, known=in_force)
    if len(set(ids)) != len(ids) or {"five_brights", "four_dry_brights"} <= set(ids):
        raise _err(said("{player}'s totals name a yaku twice (5 Brights and 4 Dry Brights "
                        "are one of a group)", player=p), player=p, field=where)
    if "simple_16_yaku" in ids and c.s16_extra:  # A16: the extra counts willow cards too
        raise _err(said("{player}'s totals: with the house rule \"{rule}\", Simple 16 Yaku "
                        "counts willow cards as chaff: enter {player}'s captured cards",
                        player=p, rule=rule_words(GAME_ID, "simple_16_yaku_extra_chaff")),
                   player=p, option="simple_16_yaku_extra_chaff", field=where)
    return tuple(r[0] for r in YAKU_ROWS if r[0] in ids)


def _check_declared_together(declared, caps):
    """A card is in one place: no two players' yaku need the same card, and the totals fit
    in what the captured piles leave of the deck (264 points, 24 chaff, 10 ribbons)."""
    taken = 0
    for m in caps.values():
        taken |= m
    for p, d in declared.items():
        clash = d.cards & taken
        if clash:
            card = slugs_of(clash)[0]
            raise _err(said("{player}'s totals: {yaku} needs {card!r}, which another player "
                            "captured", player=p, card=card,
                            yaku=_yaku_names([next(y for y in d.yaku
                                                   if YAKU_CARDS.get(y, 0) & clash)])),
                       player=p, card=card, field=f"totals.{p}.yaku")
        taken |= d.cards
    piles = [m for p, m in caps.items() if p not in declared]
    for key, deck, of_pile in (("card_points", DECK_VALUE, card_value_total),
                               ("chaff", DECK_CHAFF, lambda m: (m & CHAFFS).bit_count()),
                               ("ribbons", 10, lambda m: (m & RIBBONS).bit_count())):
        total = sum(getattr(d, key) or 0 for d in declared.values())
        left = deck - sum(of_pile(m) for m in piles)
        if total > left:
            raise _err(said("totals: the {what} declared add up to {total}, but the cards "
                            "outside the captured piles hold only {left}",
                            what=named(TOTALS_WORDS[key]),
                            total=total, left=left), field="totals")


def _declared_evaluation(d, c) -> Evaluation:
    """What evaluate() would say of the pile: the named yaku (no cards), TCV and chaff."""
    hits = []
    for y in d.yaku:
        if y == "seven_dry_ribbons":
            v = 100 if c.no_extra else 100 + 10 * (d.ribbons - 7)
            note = said("declared at the table: {ribbons} ribbons", ribbons=d.ribbons) \
                if d.ribbons is not None else said("declared at the table")
        else:
            v, note = YAKU_POINTS[y], said("declared at the table")
        hits.append(hit(y, YAKU_NAMES[y], v, 0, note))
    return Evaluation(sum(h.points for h in hits), tuple(hits), (),
                      {"card_points": d.card_points, "chaff": d.chaff,
                       "par_difference": d.card_points - PAR})


def _check_suit_sources(hands, declared):
    """Both kinds at once: a claim shown in cards by a player whose pile is cards tells
    captured_suit itself, so it is not said as well."""
    for p, cl in hands.items():
        if "captured_suit" in cl and not cl.get("declared") and p not in declared:
            i = cl["index"]
            raise _err(said("event {i}: {player!r} showed the claimed cards and the captured "
                            "pile, which tell how many claimed triples {player} captured "
                            "whole: leave that count out", i=ordinal(i), player=p),
                       player=p, rule="captured_suit", field=f"events.{i}.captured_suit")


def _captured_suit(p, st, cl, play):
    """Section 5.5 captured_suit: the claimed triples ``p`` captured whole, counted from the
    cards when the claim showed them and ``p``'s pile is cards, else as said on the claim."""
    if "captured_suit" in cl:
        return cl["captured_suit"]
    if st.quads or not st.triples:  # A7: never for a quad, nor for Any 3 Pairs
        return 0
    if not cl.get("declared") and p not in play.declared:
        return captured_triples(st, cl["groups"], play.caps.get(p, 0))[0]
    i = cl["index"]
    raise _err(said("event {i}: say on {player!r}'s claim how many claimed triples {player} "
                    "captured whole: without the cards it cannot be counted",
                    i=ordinal(i), player=p), player=p, rule="captured_suit",
               field=f"events.{i}.captured_suit")


def _require_chaff(play):
    """Simple 16 (section 5.3 step 3c) can score only from a chaff count."""
    for p, d in play.declared.items():
        if d.chaff is None:
            raise _err(said("{player}'s totals: say {player}'s chaff count: in a three-player "
                            "round without yaku, 16 chaff or more is Simple 16", player=p),
                       player=p, rule="simple_16", field=f"totals.{p}.chaff")


def _check_declared_deck(play, active):
    """A round that ran out: the card points add up to the deck's 264 and, when every count
    is known, the chaff to its 24 (section 5.8)."""
    total = sum(play.tcv[p] for p in active)
    if total != DECK_VALUE:
        raise _err(said("a round that runs out captures every card: the card points add up "
                        "to {total}, not {deck} (no End or Cancel call was recorded)",
                        total=total, deck=DECK_VALUE), field="totals")
    chaff = [play.chaff[p] for p in active]
    if None not in chaff and sum(chaff) != DECK_CHAFF:
        raise _err(said("a round that runs out captures every card: the chaff counts add up "
                        "to {total}, not {deck}", total=sum(chaff), deck=DECK_CHAFF),
                   field="totals")


def _declared_facts(p, claims, play):
    """What the table declared for ``p`` rather than showed in cards (the result says so)."""
    facts = list(play.declared[p].facts) if p in play.declared else []
    cl = claims.hands.get(p) or {}
    facts += ["teyaku"] if cl.get("declared") else []
    facts += ["captured_suit"] if "captured_suit" in cl else []
    facts += ["compensation" for q, _, d in claims.compensation if q == p and d.get("declared")]
    return facts


def _quick_notes(seated, claims, play):
    """The round's notes on quick entry: whose totals and whose claims were declared."""
    notes = ()
    totals = [p for p in seated if p in play.declared]
    named = [p for p in seated if (claims.hands.get(p) or {}).get("declared") or any(
        q == p and d.get("declared") for q, _, d in claims.compensation)]
    if totals:
        notes += (said("quick entry: the card points and yaku of {players} were declared at "
                       "the table, not counted from cards", players=", ".join(totals)),)
    if named:
        notes += (said("quick entry: the claims of {players} were named at the table, "
                       "without cards", players=", ".join(named)),)
    return notes


# --- phase 6: the calls (Continue / End / Cancel, section 5.2) ---------------------------
@dataclass(frozen=True)
class _Calls:
    """How play stopped (section 5.2)."""
    ender: str | None
    canceller: str | None
    continued: dict  # player -> TYV at their last Continue (None when not recorded)
    first_cont: list  # Continue callers, in the order of their first Continue
    resp: dict | None  # the responsibility event (responsibility_penalty)

    @property
    def yaku_round(self) -> bool:
        return bool(self.continued or self.ender)


def _replay_calls(play, active, c) -> _Calls:
    """The calls in order: each checked against the caller's final pile and earlier calls."""
    ender = canceller = resp = None
    continued, first_cont = {}, []
    for i, ev in play.calls:
        p = ev["player"]
        _check_caller(i, p, active, ender, canceller)
        if ev["type"] == "responsibility":
            resp = _responsibility(ev, i, p, active, c.rules, resp)
            continue
        if ev["type"] == "cancel_call":
            if p not in continued:
                raise _err(said("event {i}: {player!r} cannot Cancel without having called "
                                "Continue", i=ordinal(i), player=p),
                           player=p, field=f"events.{i}")
            canceller = p
            continue
        call, at = _yaku_call(ev, i, p, play, continued, c)
        if resp is not None and resp["completer"] == p and "end_index" not in resp:
            # A11: the penalty applies only if the completer's next call is End
            resp = {**resp, "end_index": i if call == "end" else None}
        if call == "continue":
            if p not in continued:
                first_cont.append(p)
            continued[p] = at
        else:
            ender = p
    return _Calls(ender, canceller, continued, first_cont, resp)


def _check_caller(i, p, active, ender, canceller):
    """Calls come from active players, and none after End or Cancel."""
    where = f"events.{i}"
    if ender or canceller:
        ended = said("End by {player}", player=ender) if ender else \
            said("Cancel by {player}", player=canceller)
        raise _err(said("event {i}: the round already ended ({ended})", i=ordinal(i), ended=ended),
                   player=p, field=where)
    if p not in active:
        raise _err(said("event {i}: {player!r} is not playing this round", i=ordinal(i), player=p),
                   player=p, field=where)


def _yaku_call(ev, i, p, play, continued, c):
    """(call, TYV at the call): each call needs a yaku and more points than the last one."""
    where = f"events.{i}"
    call = ev.get("call")
    if call not in ("continue", "end"):
        raise _err(said("event {i}: the call must be Continue or End, not {value!r}", i=ordinal(i),
                        value=call), player=p, known=("continue", "end"),
                   field=f"{where}.call")
    at = _check_call(ev, i, p, play.tyv[p], play.ev_of[p], c, call)
    if p in continued and at is not None and continued[p] is not None and \
            at <= continued[p]:
        raise _err(said("event {i}: {player!r} may call again only with more points than at "
                        "their last Continue ({before}), not {at}", i=ordinal(i), player=p,
                        before=continued[p], at=at), player=p, field=where)
    if play.tyv[p] == 0:
        raise _err(said("event {i}: {player!r} called {call} but their captures hold no yaku",
                        i=ordinal(i), player=p, call=call),
                   player=p, field=where)
    if call == "end" and p in continued and continued[p] is not None and \
            play.tyv[p] <= continued[p]:
        raise _err(said("event {i}: {player!r} cannot End: no more points than at their "
                        "last Continue ({before})", i=ordinal(i), player=p,
                        before=continued[p]), player=p, field=where)
    return call, at


# --- phase 7: how the round ended (checks across the phases) -----------------------------
def _check_outcome(rnd, play, calls, active, immediate, rules):
    """Every yaku was called, round_end agrees with the calls, a round that ran out captured
    every card; returns the table's tie_winner."""
    _check_responsibility(calls.resp, play.ev_of)
    for p in active:
        if play.tyv[p] and p not in calls.continued and p != calls.ender:
            names = _yaku_names(h.id for h in play.ev_of[p].yaku)
            # section 5.2
            raise _err(said("{player}'s captures hold {yaku} but no Continue/End call by "
                            "{player} was recorded (completing a yaku forces the call)",
                            player=p, yaku=names), player=p,
                       field=f"totals.{p}.yaku" if p in play.declared else f"captures.{p}")
    how = "immediate_win" if immediate else "end" if calls.ender else "cancel" \
        if calls.canceller else "exhausted"
    if play.round_end is not None and play.round_end != how:
        raise _err(said("how the round ended ({value}) does not match the calls (they say "
                        "{how})", value=_how_words(play.round_end), how=_how_words(how)),
                   field="round_end")
    if how == "exhausted":
        _check_every_card_captured(play, active)
    if len(active) == 3 and how != "immediate_win" and not calls.yaku_round and \
            not rules.simple_16_yaku:
        _require_chaff(play)
    tie_winner = rnd.get("tie_winner")
    if tie_winner is not None and tie_winner not in active:
        raise _err(said("the tie's winner {player!r} is not playing this round",
                        player=tie_winner),
                   player=tie_winner,
                   field="tie_winner")
    return tie_winner


def _check_responsibility(resp, ev_of):
    """The completer who Ended must hold the yaku the responsibility event names."""
    if resp is not None and resp.get("end_index") is not None:
        have = {h.id for h in ev_of[resp["completer"]].yaku}
        if resp["yaku"] not in have and not (resp["yaku"] == "four_dry_brights" and
                                             "five_brights" in have):
            raise _err(said("\"{event}\": {player}'s captures do not hold {yaku}",
                            event=event_words("responsibility"), player=resp['completer'],
                            yaku=_yaku_names([resp['yaku']])),
                       player=resp["completer"], rule=resp["yaku"],
                       field="events")


def _check_every_card_captured(play, active):
    """A round that ran out (no End, no Cancel) leaves every card in an active pile."""
    if play.declared:
        return _check_declared_deck(play, active)
    total_tcv = sum(play.tcv.values())
    captured = 0
    for p in active:
        captured |= play.caps.get(p, 0)
    if captured != FULL_DECK:
        missing = slugs_of(FULL_DECK & ~captured)
        raise _err(said("a round that runs out captures every card: the piles total "
                        "{total} card points, not {deck}; missing {cards}{more} (no End "
                        "or Cancel call was recorded)", total=total_tcv, deck=DECK_VALUE,
                        cards=", ".join(missing[:5]),
                        more="..." if len(missing) > 5 else ""), card=missing[0],
                   field="captures")


# --- phase 8: settlement before the FM (section 5.3) -------------------------------------
def _settle(table, seats, claims, play, calls, tie_winner, rules):
    """(ledger, winner, why, cancelled): compensation first, then the round's own scoring,
    then the pass penalties paid to the winner."""
    led = _Ledger()
    payers = [p for p in seats.active if p != table.dealer and seats.status[p] == "active"]
    payers += [table.dealer] if rules.dealer_pays_compensation else []
    for p, base, detail in claims.compensation:
        why = _around("compensation to forced-out {player}: ", detail["words"], player=p)
        for q in payers:
            led.pay("compensation", q, p, base, why)
    cancelled = False
    if claims.immediate:
        winner, win_reason = _settle_immediate(led, seats.active, claims, tie_winner)
    else:
        winner, win_reason, cancelled = _settle_play(led, table, seats, claims, play, calls,
                                                     tie_winner, rules)
    for k, p in enumerate(seats.passers):
        if rules.pass_penalty:
            led.pay("pass_penalty", p, winner, PASS_PENALTY[k],
                    said("pass penalty: {player} was passer no. {number}, paid to the round "
                         "winner", player=p, number=k + 1))
    return led, winner, win_reason, cancelled


def _settle_immediate(led, active, claims, tie_winner):
    """Section 5.3 step 0: only the hand combinations score; the best claimant wins (A26)."""
    _pay_hand_combinations(led, active, claims)
    best = max(claims.value[p] for p in claims.immediate)
    top = [p for p in active if p in claims.immediate and claims.value[p] == best]
    winner = _tie(top, active, tie_winner, said("immediate-win claimants"))  # A26
    return winner, _around("immediate win with ", claims.hands[winner]["words"])


def _settle_play(led, table, seats, claims, play, calls, tie_winner, rules):
    """Section 5.3 steps 1-5: (winner, why, whether a cancel-all achievement ended it)."""
    active = seats.active
    three = len(active) == 3
    cancelled = None
    if three and not calls.yaku_round:
        cancelled = _cancel_all(led, active, table.dealer, play.tcv, play.chaff, rules)
    if cancelled:
        if rules.cancel_all_scope == "quick_reference":  # A6: card points still score
            _score_card_points(led, active, play.tcv, play.declared)
        return cancelled[0], cancelled[1], True
    _pay_hand_combinations(led, active, claims)
    if not calls.yaku_round:
        winner, win_reason = _settle_card_points(led, active, play.tcv, tie_winner, rules,
                                                 play.declared)
    else:
        winner, win_reason = _yaku_settlement(led, active, calls.ender, calls.canceller,
                                              calls.continued, calls.first_cont, play.tyv,
                                              play.ev_of, calls.resp, rules)
    if three:
        _achievements(led, table.seated, active, table.dealer, play.tcv, claims.hands,
                      play, calls.yaku_round, table.blind, seats.last_trader,
                      table.joker, rules)
    return winner, win_reason, False


def _pay_hand_combinations(led, active, claims):
    """Section 3.9: each claimant takes their teyaku's worth from each other active player."""
    for p in active:
        if claims.value[p]:
            led.from_each("hand_combination", p, active, claims.value[p],
                          _around("hand combination of {player}: ", claims.hands[p]["words"],
                                  player=p))


def _score_card_points(led, active, tcv, declared=()):
    """Each active player scores TCV - 88 (banked in the two-player base game, A3; else
    settled between the players); a TCV declared in quick entry says so."""
    for p in active:
        led.scores.append(("card_points", p, tcv[p] - PAR,
                           said("card points: declared TCV {tcv} - 88", tcv=tcv[p])
                           if p in declared else
                           said("card points: TCV {tcv} - 88", tcv=tcv[p])))


def _settle_card_points(led, active, tcv, tie_winner, rules, declared):
    """A no-yaku round: card points against par (or, alternate_two_player_scoring, the TCV
    difference); the highest TCV wins (A4)."""
    if len(active) == 2 and rules.alternate_two_player_scoring:
        w = _tie(_top(tcv, active), active, tie_winner, said("highest TCV"))  # A4
        loser = next(p for p in active if p != w)
        led.pay("card_points", loser, w, tcv[w] - tcv[loser],
                said("card points: TCV {tcv} - {other_tcv} "
                     "(the difference, as two players may agree)", tcv=tcv[w],
                     other_tcv=tcv[loser]))
    else:
        _score_card_points(led, active, tcv, declared)
    winner = _tie(_top(tcv, active), active, tie_winner, said("highest TCV"))  # A4
    return winner, said("highest card value ({tcv})", tcv=tcv[winner])


# ---------------------------------------------------------------------------------------
def _top(tcv, active):
    best = max(tcv[p] for p in active)
    return [p for p in active if tcv[p] == best]


def _tie(tied, active, override, what):
    """A4 / A26: the dealer if tied (``active`` starts with the dealer), else the first in turn
    order; ``tie_winner`` overrides."""
    if len(tied) == 1:
        return tied[0]
    if override is not None:
        if override not in tied:
            raise _err(said("the tie's winner {player!r} is not among the tied {what}: "
                            "{players}",
                            player=override, what=what, players=", ".join(tied)),
                       player=override, field="tie_winner")
        return override
    return next(p for p in active if p in tied)


def _cancel_all(led, active, dealer, tcv, chaff, rules):
    """Section 5.3 step 3: 88 Hachi-Hachi > 168 Plus > Simple 16 (A5)."""
    if all(tcv[p] == PAR for p in active):
        led.from_each("hachi_hachi_88", dealer, active, 100,
                      said("88 Hachi-Hachi: every TCV is exactly 88; the dealer takes 100"))
        return dealer, said("88 Hachi-Hachi (dealer)")
    for p in active:
        if tcv[p] >= 168:
            v = 100 + 10 * (tcv[p] - 168)
            led.from_each("one_sixty_eight_plus", p, active, v,
                          said("168 Plus: TCV {tcv} -> 100 + 10 x {over} = {points}",
                               tcv=tcv[p], over=tcv[p] - 168, points=v))
            return p, said("168 Plus (TCV {tcv})", tcv=tcv[p])
    if not rules.simple_16_yaku:
        for p in active:
            if chaff[p] >= 16:
                v = 120 + 20 * (chaff[p] - 16)
                led.from_each("simple_16", p, active, v,
                              said("Simple 16: {chaff} chaff -> 120 + 20 x {over} = {points}",
                                   chaff=chaff[p], over=chaff[p] - 16, points=v))
                return p, said("Simple 16 ({chaff} chaff)", chaff=chaff[p])
    return None


def _yaku_settlement(led, active, ender, canceller, continued, first_cont, tyv, ev_of, resp,
                     rules):
    """Section 5.4 (+ risk, responsibility_penalty)."""
    if ender:
        for q, a, why in _end_payments(active, ender, continued, tyv, ev_of, resp, rules):
            led.pay("yaku", q, ender, a, why)
        winner, why = ender, said("called End")
    elif canceller:
        led.from_each("yaku", canceller, active, tyv[canceller] // 2,
                      said("yaku of {player} (Cancel): half of {tyv}", player=canceller,
                           tyv=tyv[canceller]))
        winner, why = canceller, said("called Cancel")
    else:
        if not (rules.risk and rules.risk_on_exhaustion == "replace"):
            for k in first_cont:
                led.from_each("yaku", k, active, tyv[k] // 2,
                              said("yaku of {player} (Continue, round ran out): half of {tyv}",
                                   player=k, tyv=tyv[k]))
        winner, why = first_cont[0], said("first to call Continue (round ran out)")
    if rules.risk:
        for k in first_cont:
            if k != ender and k != canceller:
                for q in active:
                    if q != k:
                        led.pay("risk", k, q, tyv[k],
                                said("risk: {player} called Continue but did not End; pays "
                                     "own TYV {tyv}", player=k, tyv=tyv[k]))
    return winner, why


def _yaku_words(ev_of, p):
    """A pile's yaku as "name (points) + ..." for the settlement's reasons."""
    return " + ".join(f"{h.name} ({h.points})" for h in ev_of[p].yaku)


def _end_payments(active, ender, continued, tyv, ev_of, resp, rules):
    """Section 5.4 End: (payer, amount, why); a lone Continue caller pays double, and under
    responsibility_penalty the responsible player pays for both losers."""
    opp = [q for q in active if q != ender]
    cont = [q for q in opp if q in continued]
    items = []
    if len(cont) == 1:
        items.append((cont[0], 2 * tyv[ender],
                      said("yaku of {player} (End): {yaku}, doubled because only "
                           "{continued} had called Continue", player=ender,
                           yaku=_yaku_words(ev_of, ender), continued=cont[0])))
    else:
        for q in opp:
            items.append((q, tyv[ender], said("yaku of {player} (End): {yaku}",
                                              player=ender, yaku=_yaku_words(ev_of, ender))))
    if resp is not None and resp.get("end_index") is not None and \
            resp["completer"] == ender and resp["had_choice"] and \
            rules.responsibility_penalty:
        total = sum(a for _, a, _ in items)
        r = resp["player"]
        items = [(r, total, said("yaku of {player} (End): {yaku}; {responsible} pays for "
                                 "both losers (responsible for letting {completed} be made)",
                                 player=ender, yaku=_yaku_words(ev_of, ender), responsible=r,
                                 completed=_yaku_names([resp["yaku"]])))]
    return items


def _achievements(led, seated, active, dealer, tcv, claims, play, yaku_round, blind,
                  last_trader, joker, rules):
    """Section 5.5 (the non-cancelling achievements; three active players only)."""
    general = not yaku_round or rules.achievements_in_yaku_rounds
    if general:
        for p in active:
            cl = claims.get(p)
            if not cl:
                continue
            ch = next((x for x in cl["combos"] if x.id in CHAFF_BY_ID), None)
            if ch is not None and not ch.bright and tcv[p] >= 89:
                led.from_each("eighty_nine_plus_chaff", p, active, 10,
                              said("89 Plus Chaff: {player} claimed {combo} and has TCV {tcv}",
                                   player=p, combo=ch.en, tcv=tcv[p]))
            st = next((x for x in cl["combos"] if x.id in SUIT_BY_ID), None)
            if st is not None:
                k = _captured_suit(p, st, cl, play)
                if k:
                    led.from_each("captured_suit", p, active, 10 * k,
                                  said("Captured Suit: {player} captured all cards of "
                                       "{triples} claimed triples (10 each)" if k > 1 else
                                       "Captured Suit: {player} captured all cards of "
                                       "{triples} claimed triple (10 each)",
                                       player=p, triples=k))
        others = [q for q in seated if q != joker]
        if blind and tcv[dealer] >= 89:
            led.from_each("blind_stay", dealer, others, 10,
                          said("Blind Stay: dealer {dealer} stayed blind and has TCV {tcv}",
                               dealer=dealer, tcv=tcv[dealer]))
        if last_trader and last_trader in active and tcv[last_trader] >= 89:
            led.from_each("dealers_hand", last_trader, others, 10,
                          said("Dealer's Hand: {player} traded last and has TCV {tcv}",
                               player=last_trader, tcv=tcv[last_trader]))
    if blind and not yaku_round and tcv[dealer] < 89:
        for q in active:
            if q != dealer:
                led.pay("failed_blind_stay", dealer, q, 10,
                        said("Failed Blind Stay: dealer {dealer} has TCV {tcv} < 89",
                             dealer=dealer, tcv=tcv[dealer]))


def _responsibility(ev, i, p, active, rules, prev):
    where = f"events.{i}"
    if not rules.responsibility_penalty:
        raise _needs_rule(i, "responsibility", "responsibility_penalty")
    if prev is not None:
        raise _err(said("event {i}: only one responsibility event per round", i=ordinal(i)),
                   field=where)
    comp = ev.get("completer")
    if comp not in active or comp == p:
        raise _err(said("event {i}: completer {player!r} must be another active player",
                        i=ordinal(i), player=comp), player=comp,
                   field=f"{where}.completer")
    # The seed (p.97) says "an opponent ... on their next turn", not the next player in turn
    # order as the digest's section 8 has it; the seed wins (and the digest's own 9.2 check
    # d_responsibility_penalty has Y complete after Z with seats X, Y, Z).
    yid = ev.get("yaku")
    if not isinstance(yid, str) or yid not in RESPONSIBILITY_YAKU:
        raise _err(said("event {i}: the penalty covers only {yaku}, not {value!r}", i=ordinal(i),
                        yaku=_yaku_names(RESPONSIBILITY_YAKU), value=yid),
                   rule=str(yid), field=f"{where}.yaku")
    hc = ev.get("had_choice", True)
    if not isinstance(hc, bool):
        raise _err(said("event {i}: whether they had a choice of card must be on or off",
                        i=ordinal(i)),
                   field=f"{where}.had_choice")
    return {"player": p, "completer": comp, "yaku": yid, "had_choice": hc}


def _check_call(ev, i, p, final_tyv, evaluation, c, call):
    """Validate a call's optional 'yaku' / 'tyv' against the final pile; TYV at the call."""
    where = f"events.{i}"
    if "yaku" in ev:
        ids = _ids(ev, i, "yaku", c.yaku_ids, said("yaku"))
        have = {h.id for h in evaluation.yaku}
        if "five_brights" in have:
            have.add("four_dry_brights")
        for y in ids:
            if y not in have:
                raise _err(said("event {i}: {player!r} calls with {yaku} but their captures do "
                                "not hold it", i=ordinal(i), player=p, yaku=_yaku_names([y])),
                           player=p, rule=y, field=f"{where}.yaku")
    at = ev.get("tyv")
    if at is None:
        return final_tyv if call == "end" else None
    if not isinstance(at, int) or isinstance(at, bool) or at <= 0 or at % 10:
        raise _err(said("event {i}: the total yaku value at the call must be a positive "
                        "multiple of 10, not {value!r}", i=ordinal(i), value=at), player=p,
                   field=f"{where}.tyv")
    if at > final_tyv or call == "end" and at != final_tyv:
        raise _err(said("event {i}: {player}'s total yaku value at the call, {at}, does not "
                        "match their captures (TYV {tyv})", i=ordinal(i), player=p, at=at,
                        tyv=final_tyv),
                   player=p, field=f"{where}.tyv")
    return at


def _hand_claim(ev, i, p, hands, c):
    """A teyaku claim (section 3.9): checked against the cards shown (or the dealt hand); in
    quick entry, with neither, the combos count as named."""
    if "cards" not in ev and not hands.get(p):
        cl = _declared_hand_claim(ev, i, p)
    else:
        cl = _shown_hand_claim(ev, i, p, hands, c)
    return _with_captured_suit({**cl, "index": i}, ev, i, p)


def _shown_hand_claim(ev, i, p, hands, c):
    rules = c.rules
    revealed = _slugs_or_hand(ev, i, p, hands)
    hand = hands.get(p) or None
    where = f"events.{i}"
    if revealed.bit_count() > 7:
        raise _err(said("event {i}: {player!r} reveals {n} cards; a hand has 7", i=ordinal(i),
                        player=p, n=revealed.bit_count()),
                   player=p, field=f"{where}.cards")
    if hand is not None and revealed & ~hand:
        bad = slugs_of(revealed & ~hand)[0]
        raise _err(said("event {i}: {player!r} reveals {card!r}, which is not in "
                        "{player}'s dealt hand", i=ordinal(i), player=p, card=bad), player=p,
                   card=bad, field=f"{where}.cards")
    groups = month_groups(revealed, hand)
    if "combos" in ev:
        ch, st = _claimed_combos(ev, i, p)
        for x in ch:
            if hand is not None and revealed & TEYAKU_CHAFF != hand & TEYAKU_CHAFF:
                raise _err(said("event {i}: claiming {combo} shows every chaff of the hand "
                                "(willow included)", i=ordinal(i), combo=x.en),
                           player=p, rule=x.id, field=f"{where}.cards")
            if not chaff_supported(x, hand if hand is not None else revealed,
                                   aka_two_or_more=rules.aka_two_or_more_ribbons):
                raise _err(said("event {i}: {player}'s cards do not make {combo}", i=ordinal(i),
                                player=p, combo=x.en), player=p,
                           rule=x.id, field=f"{where}.combos")
        for x in st:
            if not suit_supported(x, groups):
                raise _err(said("event {i}: {player}'s cards do not make {combo}", i=ordinal(i),
                                player=p, combo=x.en), player=p,
                           rule=x.id, field=f"{where}.combos")
        combos = ch + st
    else:
        # Default: the best the cards support. A chaff combo is only inferred from all 7
        # cards (the hidden 1-2 cards' kind is unknown otherwise: name it in 'combos').
        whole = hand if hand is not None else revealed
        combos = [x for x in (best_chaff(whole, rules.aka_two_or_more_ribbons)
                              if whole.bit_count() == 7 else None, best_suit(groups)) if x]
    return {"combos": combos, "groups": groups, "revealed": revealed}


def _claimed_combos(ev, i, p, key="combos"):
    """The teyaku named in ``ev[key]``: (chaff combos, suit combos), one of each at most."""
    ids = _ids(ev, i, key, set(CHAFF_BY_ID) | set(SUIT_BY_ID), said("hand combination"))
    ch = [CHAFF_BY_ID[x] for x in ids if x in CHAFF_BY_ID]
    st = [SUIT_BY_ID[x] for x in ids if x in SUIT_BY_ID]
    if len(ch) > 1 or len(st) > 1:
        raise _err(said("event {i}: {player!r} may claim at most one chaff combo and one suit "
                        "combo", i=ordinal(i), player=p),
                   player=p, field=f"events.{i}.{key}")
    return ch, st


NO_GROUPS = Groups((), (), ())


def _declared_hand_claim(ev, i, p):
    """Quick entry: teyaku named without cards. Only the one-chaff-one-suit rule can be
    checked; the combos count as said, and the claim is marked declared."""
    if "combos" not in ev:
        raise _err(said("event {i} ({event}): player {player!r} shows no cards: give the "
                        "cards shown, {player}'s dealt hand or, in quick entry, the claimed "
                        "combinations", i=ordinal(i), event=event_words(ev["type"]), player=p),
                   player=p, event=ev["type"], field=f"events.{i}.cards")
    ch, st = _claimed_combos(ev, i, p)
    return {"combos": ch + st, "groups": NO_GROUPS, "revealed": 0, "declared": True}


def _with_captured_suit(cl, ev, i, p):
    """Quick entry: the claimed triples the claimant captured whole (section 5.5
    captured_suit), said on the claim where the cards cannot tell it (A7: never for a combo
    holding a quad, counted per triple)."""
    if "captured_suit" not in ev:
        return cl
    n = ev["captured_suit"]
    st = next((x for x in cl["combos"] if x.id in SUIT_BY_ID), None)
    most = 0 if st is None or st.quads else len(st.triples)
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= most:
        raise _err(said("event {i}: the claimed triples of {player}'s suit combo captured "
                        "whole are 0 to {most}, not {value!r}", i=ordinal(i),
                        player=p, most=most, value=n),
                   player=p, rule="captured_suit", field=f"events.{i}.captured_suit")
    return {**cl, "captured_suit": n}


def _teyaku_hit(x, cl):
    """A claimed teyaku with the revealed cards that make it."""
    rev = cl["revealed"]
    if cl.get("declared"):
        return hit(x.id, {"en": x.en, "ja": x.ja}, x.points, 0, said("declared at the table"))
    if x.id in CHAFF_BY_ID:
        cards = rev & (TEYAKU_CHAFF | x.others)
        note = said("willow cards count as chaff; the other card(s) may stay hidden")
    else:
        cards = next((u for u, _ in suit_choices(x, cl["groups"])), 0)
        note = ""
    return hit(x.id, {"en": x.en, "ja": x.ja}, x.points, cards, note)


def _held_yaku(mask, c):
    """Complete dekiyaku inside a forced-out hand (section 3.5): (id, points, cards)."""
    e = evaluate(mask, c)
    return [(h.id, h.points, mask_of(h.cards)) for h in e.yaku]


COMP_PARTS = {"hand": "half of {combos} = {hand_half}",
              "held": "half of held {held} = {held_half}",
              "one_loose": "{loose} loose bright/poetry/purple card x {per_card}",
              "loose": "{loose} loose bright/poetry/purple cards x {per_card}"}


def _compensation_claim(ev, i, p, hands, c):
    """Section 3.5: (amount from each payer before the FM, detail) for a forced-out player's
    revealed cards: half their teyaku, half their held yaku, and per loose card."""
    if "cards" not in ev and not hands.get(p):
        return _declared_compensation(ev, i, p, c)
    if "loose_cards" in ev:  # both kinds at once: the cards already tell the loose cards
        raise _err(said("event {i}: {player!r} shows cards and counts the loose cards too; "
                        "the cards tell the loose cards: give one or the other", i=ordinal(i),
                        player=p),
                   player=p, field=f"events.{i}.loose_cards")
    rules = c.rules
    cl = _hand_claim({k: v for k, v in ev.items() if k in ("type", "player", "cards")} |
                     ({"combos": ev["hand_combos"]} if "hand_combos" in ev else {}), i, p,
                     hands, c)
    revealed, groups = cl["revealed"], cl["groups"]
    held = _claimed_held_yaku(ev, i, p, revealed, c)
    kw = dict(per_card=2 if rules.less_compensation else 3, rainman=rules.rainman_compensation,
              held_counts=not rules.worthless_yaku,
              fallback=rules.worthless_yaku_card_fallback)
    if "hand_combos" in ev:
        ch = next((x for x in cl["combos"] if x.id in CHAFF_BY_ID), None)
        st = next((x for x in cl["combos"] if x.id in SUIT_BY_ID), None)
        best = (compensation(revealed, ch, st, tuple((h[1], h[2]) for h in held), groups, **kw),
                ch, st)
    else:  # the claim worth most among those the cards support
        best = _best_compensation(p, hands, cl, held, kw, rules)
    return _compensation_detail(best, held, kw)


# The cards each held yaku needs (section 4); Any 7 Dry Ribbons needs 7 of the 9 dry ribbons.
YAKU_CARDS = {"five_brights": BRIGHTS, "four_dry_brights": DRY_BRIGHTS,
              "poetry_ribbons": POETRY_RIBBONS, "purple_ribbons": BLUE_RIBBONS,
              "boar_deer_butterfly": INO_SHIKA_CHO}


def _declared_compensation(ev, i, p, c):
    """Quick entry, section 3.5 from what the forced-out player says: half the named
    teyaku, half the named held yaku, and 3 (2) per loose card as counted at the table."""
    if not {"hand_combos", "held_yaku", "loose_cards"} & set(ev):
        raise _err(said("event {i} ({event}): player {player!r} shows no cards: give the "
                        "cards shown, {player}'s dealt hand or, in quick entry, the claim by "
                        "name and its loose cards", i=ordinal(i), event=event_words(ev["type"]),
                        player=p),
                   player=p, event=ev["type"], field=f"events.{i}.cards")
    rules = c.rules
    ch, st = _claimed_combos(ev, i, p, "hand_combos") if "hand_combos" in ev else ([], [])
    ids = _ids(ev, i, "held_yaku", c.yaku_ids - {"simple_16_yaku"}, said("held yaku")) \
        if "held_yaku" in ev else []
    held = [(y, YAKU_POINTS[y], YAKU_CARDS.get(y, 0)) for y in ids]
    loose = ev.get("loose_cards", 0)
    kw = dict(per_card=2 if rules.less_compensation else 3, held_counts=not rules.worthless_yaku)
    _check_declared_hand(i, p, ch, ids, loose, kw["held_counts"])
    hc_half = sum(x.points for x in ch + st) // 2
    held_half = sum(h[1] for h in held) // 2 if kw["held_counts"] else 0
    base = hc_half + held_half + kw["per_card"] * loose
    best = ((base, hc_half, held_half, loose), ch[0] if ch else None, st[0] if st else None)
    base, detail = _compensation_detail(best, held, kw)
    return base, {**detail, "declared": True}


def _check_declared_hand(i, p, ch, held_ids, loose, held_counts):
    """What a 7-card hand can hold: a chaff combo is the whole hand (no held yaku, no loose
    card, A8a); the held yaku and the loose cards outside them fit in 7 cards."""
    where = f"events.{i}"
    if not isinstance(loose, int) or isinstance(loose, bool) or not 0 <= loose <= 7:
        raise _err(said("event {i}: the loose brights, poetry and purple ribbons must be a "
                        "whole number 0..7, not {value!r}", i=ordinal(i), value=loose), player=p,
                   field=f"{where}.loose_cards")
    if "five_brights" in held_ids and "four_dry_brights" in held_ids:
        raise _err(said("event {i}: {player!r} may hold 5 Brights or 4 Dry Brights, not both "
                        "(one of the bright group)", i=ordinal(i), player=p),
                   player=p, rule="four_dry_brights", field=f"{where}.held_yaku")
    if ch and (held_ids or loose):
        raise _err(said("event {i}: {player!r} claims {combo}, a whole hand of chaff: it "
                        "leaves no held yaku and no loose card", i=ordinal(i), player=p,
                        combo=ch[0].en), player=p, rule=ch[0].id, field=where)
    needed = 0
    for y in held_ids:
        needed |= YAKU_CARDS.get(y, 0)
    n = needed.bit_count()
    if "seven_dry_ribbons" in held_ids:
        n += max(0, 7 - (needed & DRY_RIBBONS).bit_count())
    if n + (loose if held_counts else 0) > 7:
        raise _err(said("event {i}: {player!r}'s held yaku and loose cards need {n} cards; a "
                        "hand has 7", i=ordinal(i), player=p, n=n + (loose if held_counts else 0)),
                   player=p, field=where)


def _claimed_held_yaku(ev, i, p, revealed, c):
    """The held yaku claimed (default: every one the revealed cards hold)."""
    held_all = _held_yaku(revealed, c)
    if "held_yaku" not in ev:
        return held_all
    ids = _ids(ev, i, "held_yaku", {h[0] for h in held_all} | set(YAKU_POINTS),
               said("held yaku"))
    have = {h[0] for h in held_all}
    for y in ids:
        if y not in have:
            raise _err(said("event {i}: {player!r}'s revealed cards do not hold the yaku "
                            "{yaku}", i=ordinal(i), player=p, yaku=y),
                       player=p, rule=y, field=f"events.{i}.held_yaku")
    return [h for h in held_all if h[0] in ids]


def _best_compensation(p, hands, cl, held, kw, rules):
    """(compensation(), chaff combo, suit combo) worth most of the claims the cards support."""
    revealed, groups = cl["revealed"], cl["groups"]
    hand = hands.get(p) or None
    whole = hand if hand is not None else revealed
    chs = [None] + [x for x in CHAFF_COMBOS if whole.bit_count() == 7 and chaff_supported(
        x, whole, aka_two_or_more=rules.aka_two_or_more_ribbons) and (
        hand is None or revealed & TEYAKU_CHAFF == hand & TEYAKU_CHAFF)]
    sts = [None] + [x for x in SUIT_COMBOS if suit_supported(x, groups)]
    best = None
    for ch in chs:
        for st in sts:
            r = compensation(revealed, ch, st, tuple((h[1], h[2]) for h in held), groups,
                             **kw)
            if best is None or r[0] > best[0][0]:
                best = (r, ch, st)
    return best


def _compensation_detail(best, held, kw):
    """(base, detail): one template per shape, the parts present joined by "; "."""
    (base, hc_half, held_half, loose), ch, st = best
    parts = [f"{x.en} {x.points}" for x in (ch, st) if x]
    words, params = [], {}
    if parts:
        words.append(COMP_PARTS["hand"])
        params.update(combos=" + ".join(parts), hand_half=hc_half)
    if held and held_half:
        words.append(COMP_PARTS["held"])
        params.update(held=" + ".join(_yaku_names([h[0]]) for h in held), held_half=held_half)
    if loose:
        words.append(COMP_PARTS["loose" if loose > 1 else "one_loose"])
        params.update(loose=loose, per_card=kw["per_card"])
    detail = {"base": base, "hand_combos": [x.id for x in (ch, st) if x],
              "held_yaku": [h[0] for h in held] if kw["held_counts"] else [],
              "loose_cards": loose,
              "words": said("; ".join(words) or "nothing to claim", **params)}
    return base, detail


def _misdeal(seated, dealer, fid, carry, c):
    players = tuple(PlayerScore(p, (), 0, (), 0, "misdeal") for p in seated)
    return RoundResult(GAME_ID, c.preset, players, (), None, dealer, dict(carry),
                       (said("misdeal: all four {month} cards in the opening field; the same "
                             "dealer deals again and nothing is scored",
                             month=fid),))


# --- phase 9: the field multiplier and the result ----------------------------------------
def _result(seated, active, led, deal, ev_of, extra, winner, win_reason, notes, c, banks):
    """Apply the FM: each player's steps end with x FM, each payment is the amount x FM."""
    steps, totals = _ledger_steps(seated, led)
    players = tuple(_player_score(p, active, steps[p], totals[p], led, deal, ev_of, extra[p],
                                  winner) for p in seated)
    notes = notes + _closing_notes(winner, win_reason, banks)
    return RoundResult(GAME_ID, c.preset, players, _payments(led, deal.fm, banks), winner,
                       winner, {"carry_multiplier": deal.carry_out} if deal.carry_out else {},
                       notes)


def _player_extra(seated, seats, claims, play):
    """What each player's breakdown shows beside the steps, in the order it was found."""
    extra = {p: {"status": seats.status[p]} for p in seated}
    for p, _, detail in claims.compensation:
        extra[p]["compensation"] = detail
    for p, ids in claims.available.items():
        extra[p]["teyaku_available"] = ids
    for p, cl in claims.hands.items():
        extra[p]["teyaku"] = [_teyaku_hit(x, cl).to_dict() | (
            {"declared": True} if cl.get("declared") else {}) for x in cl["combos"]]
    for p in seats.active:
        extra[p].update(card_points=play.tcv[p], chaff=play.chaff[p],
                        par_difference=play.tcv[p] - PAR, tyv=play.tyv[p])
    for p in seated:
        facts = _declared_facts(p, claims, play)
        if facts:  # quick entry (issue 9): these facts were said, not counted from cards
            extra[p]["declared"] = facts
    return extra


def _ledger_steps(seated, led):
    """(steps, totals) before the FM: both sides of each transfer, then the card points."""
    steps = {p: [] for p in seated}
    totals = {p: 0 for p in seated}
    lines = []
    for sid, payer, payee, amt, why in led.items:
        lines.append((payee, sid, amt, _around("", why, " (from {payer})", payer=payer)))
        lines.append((payer, sid, -amt, _around("", why, " (to {payee})", payee=payee)))
    lines += [(p, sid, amt, why) for sid, p, amt, why in led.scores]
    for p, sid, v, why in lines:
        totals[p] += v
        steps[p].append(Step(sid, "add", v, why, totals[p]))
    return steps, totals


def _payments(led, fm, banks):
    """Every transfer x FM; card points not banked are settled in the fewest transfers."""
    payments = [Payment(payer, payee, amt * fm, why)
                for _, payer, payee, amt, why in led.items]
    if led.scores and not banks:
        nets = {p: amt * fm for _, p, amt, _ in led.scores}
        for pay in fewest_transfers(nets):
            payments.append(Payment(pay.payer, pay.payee, pay.amount,
                                    said("card points (TCV - 88) x FM, settled between "
                                         "players")))
    return tuple(payments)


def _player_score(p, active, steps, base, led, deal, ev_of, extra, winner):
    """One player's breakdown: the steps, then x FM; card_score when card points scored."""
    fm = deal.fm
    st = steps + [Step("field_multiplier", "multiply", fm, deal.fm_reason, base * fm)]
    role = "winner" if p == winner else extra["status"]
    info = dict(extra)
    if p in active:
        banked = any(s[0] == "card_points" and s[1] == p for s in led.scores)
        info["card_score"] = (ev_of[p].details["card_points"] - PAR) * fm if banked else None
    info["active"] = p in active
    return PlayerScore(p, ev_of[p].yaku if p in active else (), base, tuple(st), base * fm,
                       role, info)


def _closing_notes(winner, win_reason, banks):
    """Who won and deals next; in the two-player base game, that the scores are banked."""
    notes = ()
    if winner:
        notes += (_around("round winner {winner}: ", win_reason, "; {winner} deals next",
                          winner=winner),)
    if banks:
        notes += (said("not zero-sum: in the two-player base game each player banks "
                       "(TCV - 88) x FM as a score; payments hold the "
                       "transfers only"),)
    return notes


def campaign_bonus(seated: int) -> int:
    """Section 8 ``campaign``: each game's winner gets 10 x the number of players, added to
    the session total and paid by nobody (A3). Series-level: score_round never applies it."""
    return 10 * seated


# ---------------------------------------------------------------------------------------
def _yaku_defs():
    out = []
    for yid, en, ja, pts, cards, group in YAKU_ROWS:
        words = {"seven_dry_ribbons": "100, +10 per ribbon beyond the 7th (willow's included)",
                 "simple_16_yaku": "120 (with the Simple 16 yaku variation)",
                 "boar_deer_butterfly": "70 (with the Boar, Deer, Butterfly variation)"
                 }.get(yid, str(pts))
        out.append(YakuDef(yid, {"en": en, "ja": ja}, words, slugs_of(cards), group))
    for x in CHAFF_COMBOS:
        out.append(YakuDef(x.id, {"en": x.en, "ja": x.ja}, str(x.points), (), "chaff_combo",
                           "willow cards count as chaff; the whole 7-card hand", "hand"))
    for x in SUIT_COMBOS:
        out.append(YakuDef(x.id, {"en": x.en, "ja": x.ja}, str(x.points), (), "suit_combo",
                           "", "hand"))
    for aid, en, ja, words in ACHIEVEMENTS:
        out.append(YakuDef(aid, {"en": en, "ja": ja} if ja else {"en": en}, words, (),
                           "special_achievement", "", "event"))
    for fid, (en, ja, m) in FIELDS.items():
        out.append(YakuDef(fid, {"en": en, "ja": ja}, f"x{m}", (), "field",
                           "field multiplier from the opening field", "event"))
    return tuple(out)


ROUND_EXAMPLE = {
    # Book example 6 (digest 9.1): 4 seated, A deals, D forced out, B ends with 4 Dry Brights.
    "players": ["A", "B", "C", "D"],
    "dealer": "A",
    "field": ["pine-crane", "plum-chaff-2", "iris-chaff-2", "peony-chaff-2", "maple-chaff-2",
              "chrysanthemum-chaff-2"],
    "hands": {"A": ["willow-lightning", "willow-swallow", "pampas-chaff-1", "clover-chaff-1",
                    "wisteria-chaff-1", "chrysanthemum-chaff-1", "paulownia-chaff-1"],
              "D": ["iris-bridge", "iris-ribbon", "peony-butterflies", "peony-blue",
                    "maple-deer", "maple-blue", "cherry-curtain"]},
    "events": [
        {"type": "play_decision", "player": "B", "choice": "play"},
        {"type": "play_decision", "player": "C", "choice": "play"},
        {"type": "compensation_claim", "player": "D", "hand_combos": ["suit_three_pairs"],
         "cards": ["iris-bridge", "iris-ribbon", "peony-butterflies", "peony-blue",
                   "maple-deer", "maple-blue", "cherry-curtain"]},
        {"type": "hand_combo_claim", "player": "A", "combos": ["chaff_seven_chaff"]},
        {"type": "yaku_call", "player": "B", "call": "end", "yaku": ["four_dry_brights"],
         "tyv": 100},
    ],
    "captures": {"A": ["willow-lightning", "wisteria-chaff-2", "pampas-chaff-1",
                       "plum-chaff-2"],
                 "B": ["pine-crane", "pine-chaff-1", "cherry-curtain", "cherry-chaff-1",
                       "pampas-moon", "pampas-chaff-2", "paulownia-phoenix",
                       "paulownia-chaff-2"],
                 "C": ["iris-bridge", "iris-chaff-2", "clover-boar", "clover-chaff-1"]},
}

GAME = Game(
    id=GAME_ID,
    names={"en": "Hachi-Hachi (Eighty-Eight)", "ja": "八八"},
    family="capture",
    players=(2, 7),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=_yaku_defs(),
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/hachi-hachi.md",
    round_example=ROUND_EXAMPLE,
    pile_every=False,  # the players who drop out of a hand have no pile
    lengths=(3, 6, 12),
    description="Three active players (of 2-7 seated) capture cards against a par of 88; "
                "hand combinations, captured yaku with Continue / End / Cancel, special "
                "achievements, all times the field multiplier.",
    inputs=(
        InputDef("field", "cards",
                 "The 6 cards dealt face up to the field. They set the field multiplier; give "
                 "these, only the brights among them, or the field as recorded."),
        InputDef("field_brights", "cards",
                 "Instead of the field cards: only the brights among the 6 opening field cards "
                 "(an empty list when there were no brights)."),
        InputDef("field_multiplier", "choice",
                 "Instead of the field cards: the field as recorded, small field (x1), large "
                 "field (x2) or grand field (x4).",
                 choices=("small_field", "large_field", "grand_field")),
        InputDef("joker_holder", "player",
                 "Needed when 7 players are dealt in: the player dealt the joker, who sits the "
                 "round out without compensation."),
        InputDef("hands", "cards",
                 "Optional: each player's hand of up to 7 cards. Hand combination and "
                 "compensation claims are checked against it, and a claim without cards uses "
                 "it.", per_player=True),
        InputDef("round_end", "choice",
                 "Optional check of how the round ended: end, cancel, exhausted (every card "
                 "captured) or an immediate win.",
                 choices=("end", "cancel", "exhausted", "immediate_win")),
        InputDef("tie_winner", "player",
                 "Only after a tie for the highest card total (or between immediate wins): the "
                 "player the table names as the winner."),
        InputDef("last_round", "bool",
                 "On for the game's last round: a field multiplier still to carry over to the "
                 "next round is dropped."),
        InputDef("totals", "record",
                 "Quick entry, instead of a player's captured cards: their card points "
                 "(TCV), chaff count, captured yaku by name and, for Any 7 Dry Ribbons, "
                 "their number of ribbons.", per_player=True,
                 fields=(InputDef("card_points", "int", "Card points (TCV)", required=True,
                                  minimum=0, maximum=DECK_VALUE),
                         InputDef("chaff", "int", "Chaff captured", minimum=0,
                                  maximum=DECK_CHAFF),
                         InputDef("yaku", "yaku", "Captured yaku",
                                  choices=tuple(YAKU_POINTS)),
                         InputDef("ribbons", "int", "Ribbons captured", minimum=0,
                                  maximum=10))),
    ),
)
