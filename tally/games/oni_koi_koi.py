"""Oni Koi-Koi, 鬼こいこい (shared/rules/oni-koi-koi.md; Hanami book chapter 13, seed 002
lines 2123-2337; quick reference lines 8601-8651).

Koi-Koi (tally/games/koi_koi.py) with the Phoenix as a wild capturing card and its own yaku
list: Bright "one of" (15 / 10 / 8 / 6), Ribbon "each" (tan, aotan 6, akatan 6, flat sets),
Other "each" (tane, kasu). Only the player who calls Stop scores: base x the koi-koi factor
(section 5, the procedure of koi-koi.md 5.4-5.6). The Phoenix is always an ordinary dry bright
for yaku (section 2): its wild powers only change who captured what, which is the input.
The calling rules, options and events that the digest says are "as in Koi-Koi" are imported
from koi_koi.py.
"""

from __future__ import annotations

from dataclasses import replace
from collections.abc import Mapping

from ..cards import (BIT, BLUE_RIBBONS, BRIGHTS, CHAFFS, FLOWERS, FULL_DECK, POETRY_RIBBONS,
                     RIBBONS, TENS, month_mask, slugs_of)
from ..errors import TallyError
from ..options import BOOL, HANAMI_BOOK, Option, Preset, rule_words
from ..results import Evaluation, Payment, PlayerScore, RoundResult, Step, YakuHit, said
from ..rounds import event_words, events_of, field_words, int_field, named, ordinal, \
    piles_of, player_field, players_of
from . import EventDef, Game, InputDef, YakuDef
from ._capture import LENGTH_INPUT
from . import koi_koi as KK
from ._capture_expert import JP_MONTH_NAME, check_fields, read_hands

GAME_ID = "oni-koi-koi"

RAINMAN = BIT["willow-rainman"]
DRY_BRIGHTS = BRIGHTS & ~RAINMAN  # the Phoenix included: it is a normal dry bright (2, B3)
DRY_RIBBONS = RIBBONS & ~BIT["willow-ribbon"]  # the willow ribbon never scores in Oni (B1)
SAKE = BIT["chrysanthemum-sake"]
PHOENIX = BIT["paulownia-phoenix"]
DOUBLE_CHAFFS = BIT["willow-lightning"] | BIT["paulownia-chaff-colored"]
MONTHS = tuple(month_mask(f.id) for f in FLOWERS)  # round k -> MONTHS[k - 1] (B6)
FLOWER_IDS = tuple(f.id for f in FLOWERS)
MAX_TURNS = 8

# --- yaku (section 4) ------------------------------------------------------------------------
BRIGHT, RIBBON, OTHER, MONTH_CAT = "bright", "ribbon", "other", "month"
_ROWS = (
    ("goko", BRIGHT, "5 Brights", "五光", "15", BRIGHTS, "all five brights"),
    ("shiko", BRIGHT, "4 Dry Brights (excluding Rain)", "四光", "10", DRY_BRIGHTS,
     "the four brights other than the rain man (the Phoenix counts)"),
    ("ame_shiko", BRIGHT, "Any 4 Brights", "雨四光", "8", BRIGHTS, "any four of the five"),
    ("sanko", BRIGHT, "Any 3 Dry Brights (excluding Rain)", "三光", "6", DRY_BRIGHTS,
     "any three of the four dry brights (rain man + 2 is no yaku)"),
    ("tan", RIBBON, "Any 5 Dry Ribbons (excluding Rain)", "短冊", "1, +1 per further dry ribbon",
     DRY_RIBBONS, "five ribbons other than the willow ribbon"),
    ("aotan", RIBBON, "3 Purple Ribbons", "青短", "6", BLUE_RIBBONS, "flat: no increment"),
    ("akatan", RIBBON, "3 Poetry Ribbons", "赤短", "6", POETRY_RIBBONS, "flat: no increment"),
    ("tane", OTHER, "Any 5 Tens", "タネ", "1, +1 per further ten", TENS,
     "five tens (the willow swallow counts)"),
    ("kasu", OTHER, "Any 10 Chaffs", "カス", "1, +1 per further chaff", CHAFFS,
     "ten chaffs (the storm counts)"),
    ("yaku_of_the_month", MONTH_CAT, "Yaku of the Month", "月札", "4", 0,
     "with Yaku of the Month: all 4 cards of the month whose number (Japanese order) is the round "
     "number"),
)
_CAT = {r[0]: r[1] for r in _ROWS}
_NAMES = {r[0]: {"en": r[2], "ja": r[3]} for r in _ROWS}
_ORDER = {r[0]: i for i, r in enumerate(_ROWS)}
YAKU = tuple(YakuDef(i, _NAMES[i], pts, slugs_of(cards), "bright" if cat == BRIGHT else "",
                     desc) for i, cat, _en, _ja, pts, cards, desc in _ROWS)

# --- options (section 8): Koi-Koi's rows where the ids match ---------------------------------
_KK = {o.id: o for o in KK.OPTIONS}
_FLOW, _SCORE, _YAKU_G, _INTERP = "game flow", "round scoring", "yaku list", "interpretation"
OPTIONS = (
    _KK["minimum_points"], _KK["first_to_50"], _KK["automatic_win"], _KK["shorter_rounds"],
    _KK["four_of_a_kind_not_misdeal"], _KK["four_of_a_kind_for_the_win"], _KK["steal_points"],
    Option("leftovers", BOOL, False, "cards still in the field when the round ends stay there "
           "(cancels the Phoenix leftover hand-out; no scoring effect)", group=_FLOW),
    _KK["winner_scores_all_yaku"], _KK["bright"], _KK["super_bright"],
    replace(_KK["count_all_yaku"], description="every met yaku scores: in Oni only the Bright "
            "category is limited, so all met bright yaku add (5 brights = 39)",
            excludes=("only_one_yaku",)),
    replace(_KK["only_one_yaku"], excludes=("count_all_yaku",)),
    _KK["koikoi_multiplier"],
    Option("yaku_of_the_month", BOOL, False, "extra yaku worth 4: all 4 cards of the month "
           "whose number is the round number (1 = pine ... 12 = paulownia)", group=_YAKU_G),
    _KK["challenge"], _KK["double_or_nothing"], _KK["lucky_7"], _KK["lucky_7_triple"],
    _KK["sake_10_or_1"], _KK["sake_10_and_1"], _KK["special_chaffs"], _KK["dealers_delight"],
    replace(_KK["willow_ribbon_counts_as_additional"], description="kept for Koi-Koi "
            "compatibility: no effect in Oni Koi-Koi (the willow ribbon never scores here)"),
    _KK["lucky_7_threshold_uses_base"], _KK["minimum_points_call_counts_as_koikoi"],
    _KK["steal_points_bank"],
)
PRESETS = (Preset("book", "Every variation off; koi-koi doubles the stopper's score once; the "
                  "Phoenix is wild and its leftovers are handed out",
                  names=HANAMI_BOOK),)
VARIATIONS = tuple(o.id for o in OPTIONS if o.group != _INTERP and o.id != "steal_points_bank")

# --- events (section 7) --------------------------------------------------------------------
_KKE = {e.id: e for e in KK.EVENTS}
EVENTS = (
    _KKE["koi_koi"], _KKE["stop"], _KKE["misdeal"],
    EventDef("phoenix_revealed", "the holder of paulownia-phoenix showed it at the start, so "
             "it may capture any card from the hand (no scoring effect)"),
    EventDef("wild_capture", "the Phoenix was used as a wild card (no scoring effect: the "
             "captured cards are what counts)", {"card": InputDef("", "card", "the card it took")}),
    _KKE["automatic_win_hand"], _KKE["field_four_of_a_kind"], _KKE["opening_field_brights"],
    _KKE["sake_assignment"],
)
_FIELDS = {"koi_koi": {"forced"}, "stop": set(), "misdeal": set(), "phoenix_revealed": set(),
           "wild_capture": {"card"}, "automatic_win_hand": {"hand"},
           "field_four_of_a_kind": {"flower"}, "opening_field_brights": {"count"},
           "sake_assignment": {"as"}}


class Compiled:
    __slots__ = ("rules", "mode", "sake_choice", "sake_w", "sake_and", "special", "notes",
                 "hits", "empty")

    def __init__(self, r):
        self.rules = r
        self.mode = "all" if r.count_all_yaku else "one" if r.only_one_yaku else "default"
        self.special = r.special_chaffs
        self.sake_w = 2 if r.special_chaffs else 1
        # koi-koi.md 5.6 step 1 and A8: the sake cup's choice
        self.sake_choice = r.sake_10_or_1 or (r.special_chaffs and not r.sake_10_and_1)
        self.sake_and = r.sake_10_and_1
        self.hits = {}  # YakuHit per (id, points, cards): evaluate stays allocation-light
        self.empty = Evaluation(0, ())
        self.notes = {"tan": said("{points} + 1 per dry ribbon beyond {count}", points=1,
                                  count=5),
                      "tane": said("{points} + 1 per ten beyond {count}", points=1, count=5),
                      "kasu": said("{points} + 1 per chaff beyond {count} (storm, coloured "
                                   "paulownia, sake count 2)", points=1, count=10)
                      if r.special_chaffs else
                      said("{points} + 1 per chaff beyond {count}", points=1, count=10)}


def compile(rules) -> Compiled:
    if rules.lucky_7_triple and not rules.lucky_7:
        raise TallyError(said("{game}: the house rule \"{rule}\" needs the house rule "
                              "\"{needed}\" on", game=GAME_ID, rule=_rule("lucky_7_triple"),
                              needed=_rule("lucky_7")),
                         game=GAME_ID, option="lucky_7_triple", field="options.lucky_7_triple",
                         known=("lucky_7",))
    return Compiled(rules)


# --- base of one pile (section 5 step 5; koi-koi.md 5.6) ------------------------------------
def _met(m: int, c: Compiled, sake_ten: bool, sake_chaff: bool, month: int = 0) -> list:
    """Every met yaku as (id, points, cards mask), in table order."""
    out = []
    b = m & BRIGHTS
    dry = b & DRY_BRIGHTS
    d = dry.bit_count()
    if d >= 3:
        if d == 4:
            if b & RAINMAN:
                out.append(("goko", 15, b))
            out.append(("shiko", 10, dry))
        if b.bit_count() >= 4:  # koi-koi.md A14: four dry brights also meet "any 4"
            out.append(("ame_shiko", 8, b))
        out.append(("sanko", 6, dry))
    rd = m & DRY_RIBBONS
    n = rd.bit_count()
    if n >= 5:
        out.append(("tan", n - 4, rd))
    if m & BLUE_RIBBONS == BLUE_RIBBONS:
        out.append(("aotan", 6, BLUE_RIBBONS))
    if m & POETRY_RIBBONS == POETRY_RIBBONS:
        out.append(("akatan", 6, POETRY_RIBBONS))
    t = m & TENS
    if not sake_ten:
        t &= ~SAKE
    n = t.bit_count()
    if n >= 5:
        out.append(("tane", n - 4, t))
    ch = m & CHAFFS
    n = ch.bit_count()
    if c.special:
        n += (ch & DOUBLE_CHAFFS).bit_count()
    if sake_chaff and m & SAKE:
        n += c.sake_w
        ch |= SAKE
    if n >= 10:
        out.append(("kasu", n - 9, ch))
    if month and m & month == month:
        out.append(("yaku_of_the_month", 4, month))
    return out


def _combine(met: list, c: Compiled) -> list:
    if len(met) <= 1 or c.mode == "all":
        return met
    if c.mode == "one":
        best = met[0]
        for y in met:
            if y[1] > best[1]:
                best = y
        return [best]
    # default: the best bright (the rows are in value order, so the first met), then all
    bright = [y for y in met if _CAT[y[0]] == BRIGHT]
    return bright[:1] + [y for y in met if _CAT[y[0]] != BRIGHT]


def _base(m, c, sake_ten, sake_chaff, month):
    met = _met(m, c, sake_ten, sake_chaff, month)
    scoring = _combine(met, c)
    return sum(y[1] for y in scoring), scoring, met


def pile_base(m: int, c: Compiled, *, month: int = 0, sake_as: str | None = None):
    """(base, scoring yaku, met yaku, choice in words)."""
    if m & SAKE and c.sake_choice:
        as_ten = _base(m, c, True, False, month)
        as_chaff = _base(m, c, False, True, month)
        recorded = bool(sake_as)
        if sake_as == "chaff" or (sake_as is None and as_chaff[0] > as_ten[0]):
            return as_chaff + (KK._sake_words(True, c.sake_w, recorded, as_ten[0],
                                              as_chaff[0]),)
        return as_ten + (KK._sake_words(False, c.sake_w, recorded, as_ten[0], as_chaff[0]),)
    return _base(m, c, True, c.sake_and, month) + ("",)


def _hit(y, c: Compiled) -> YakuHit:
    h = c.hits.get(y)
    if h is None:
        if len(c.hits) > 20000:
            c.hits.clear()
        yid, pts, cards = y
        h = c.hits[y] = YakuHit(yid, _NAMES[yid]["en"], pts, slugs_of(cards), _NAMES[yid],
                                c.notes.get(yid, ""))
    return h


def evaluate(mask: int, c: Compiled) -> Evaluation:
    """base(P) of one pile with no round context (so no yaku of the month)."""
    base, scoring, _met_, choice = pile_base(mask, c)
    if not scoring:
        return c.empty
    return Evaluation(base, tuple([_hit(y, c) for y in scoring]), (choice,) if choice else ())


# --- a round (sections 5-7) ------------------------------------------------------------------
def _err(msg, **kw):
    return TallyError(said("{game}: {message}", game=GAME_ID, message=msg), game=GAME_ID, **kw)


def _rule(option_id: str):
    """A house rule named as the setup page names it (its id stays in the error's fields)."""
    return rule_words(GAME_ID, option_id)


def _words(scoring) -> str:
    return " + ".join(f"{y[0]} {y[1]}" for y in scoring) or "no yaku"


_LISTS = tuple(" + ".join(f"{{yaku{i}}} {{points{i}}}" for i in range(1, n + 1))
               for n in range(len(_ROWS) + 1))


def _words_said(scoring, head: str = "", tail: str = "", **params):
    """``_words`` as one template per number of yaku ({yaku1} {points1} + ...), between
    ``head`` and ``tail``."""
    if not scoring:
        return said(head + "no yaku" + tail, **params)
    for i, y in enumerate(scoring, 1):
        params[f"yaku{i}"], params[f"points{i}"] = _NAMES[y[0]]["en"], y[1]  # said by name
    return said(head + _LISTS[len(scoring)] + tail, **params)


# "yaku of the month: all four <flower> cards (<month>) in round <n>": one template per month
# (the month name is a word to translate, the flower id a param).
_MONTH_SAID = {f: "yaku of the month: all four {flower} cards (" + name + ") in round {round}"
               for f, name in JP_MONTH_NAME.items()}


def _month_said(flower: str, rnd: int):
    return said(_MONTH_SAID[flower], flower=flower, round=rnd)


def _carry_of(rnd, players):
    raw = rnd.get("carry") or {}
    if not isinstance(raw, Mapping):
        raise _err(said("the previous round's carry must be given as that round handed it "
                        "on"), field="carry")
    if raw.get("game_over"):
        raise _err(said("the previous round ended the game; start a new game"),
                   field="carry")
    out = {"round": raw.get("round", 0)}
    if not isinstance(out["round"], int) or isinstance(out["round"], bool) or out["round"] < 0:
        raise _err(said("the previous round's number of rounds played must be a whole number, "
                        "0 or more, not {value!r}", value=out["round"]), field="carry.round")
    for key in ("totals", "rounds_won", "banks"):
        v = raw.get(key)
        if v is None:
            continue
        if not isinstance(v, Mapping) or set(v) - set(players) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in v.values()):
            raise _err(KK._carry_part_words(key, players), field=f"carry.{key}")
        out[key] = {p: v.get(p, 0) for p in players}
    return out


def _carry(players, carry_in, c, *, played=True):
    out = {"round": carry_in["round"] + (1 if played else 0),
           "totals": dict(carry_in.get("totals") or {p: 0 for p in players}),
           "rounds_won": dict(carry_in.get("rounds_won") or {p: 0 for p in players})}
    if "banks" in carry_in or c.rules.steal_points:
        out["banks"] = dict(carry_in.get("banks") or {p: c.rules.steal_points_bank
                                                       for p in players})
    return out


def _result(players, dealer, carry_in, c, *, winner=None, points=0, steps=(), hits=(),
            base=0, won=False, role_all="draw", notes=(), extra=None, played=True,
            length=None):
    r = c.rules
    carry = _carry(players, carry_in, c, played=played)
    notes = list(notes)
    scores, payments = [], ()
    for p in players:
        if p == winner:
            role = "winner" if won else "dealers_delight"
            scores.append(PlayerScore(p, tuple(hits), base, tuple(steps), points, role,
                                      extra or {}))
        else:
            scores.append(PlayerScore(p, (), 0, (), 0, "loser" if winner else role_all))
    if winner is not None:
        loser = next(p for p in players if p != winner)
        if points:
            payments = (Payment(loser, winner, points, said("round score")),)
        carry["totals"][winner] += points
        if won:
            carry["rounds_won"][winner] += 1
        if r.steal_points:
            carry["banks"][winner] += points
            carry["banks"][loser] -= points  # koi-koi.md A12: a bank may go below zero
            notes.append(said("{winner} takes {points} from {loser}'s bank",
                              winner=winner, points=points, loser=loser))
        if r.first_to_50 and carry["totals"][winner] >= 50:  # A16: the total, not the bank
            carry["game_over"] = True
            carry["game_winner"] = winner
            notes.append(said("first to 50: {player} reaches {total}, the game ends",
                              player=winner, total=carry['totals'][winner]))
    if length and played and not carry.get("game_over") and carry["round"] >= length:
        # section 6: highest total, then most rounds won, then a shared victory
        t, w = carry["totals"], carry["rounds_won"]
        pool = [p for p in players if t[p] == max(t.values())]
        if len(pool) > 1:
            pool = [p for p in pool if w[p] == max(w[q] for q in pool)]
        carry["game_over"] = True
        carry["game_winner"] = pool[0] if len(pool) == 1 else None
        ps = {"round": carry["round"], "length": length}
        notes.append(said("game over: {round} of {length} rounds played; {player} wins the "
                          "game", player=pool[0], **ps) if len(pool) == 1 else
                     said("game over: {round} of {length} rounds played; shared victory "
                          "between {player} and {player2}", player=pool[0], player2=pool[1],
                          **ps))
    next_dealer = winner if won else dealer
    return RoundResult(GAME_ID, r.preset, tuple(scores), payments, winner if won else None,
                       next_dealer, carry, tuple(notes))


def score_round(rnd: Mapping, c: Compiled) -> RoundResult:
    g, r = GAME, c.rules
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players, default=players[0])
    raw_caps = rnd.get("captures")
    given = set(raw_caps) if isinstance(raw_caps, Mapping) else set()
    piles = piles_of(g, rnd, players, required=False)
    hands = read_hands(g, rnd, players, 8)
    events = events_of(g, rnd, players)
    carry_in = _carry_of(rnd, players)
    length = rnd.get("length")
    if length is not None and length not in g.lengths:
        raise _err(said("length {length!r} is not an agreed game length (6 or 12)",
                        length=length),
                   field="length")
    month, month_flower = 0, None
    if r.yaku_of_the_month:
        k = int_field(g, rnd, "round_number", default=carry_in["round"] + 1, minimum=1,
                      maximum=12)
        month, month_flower = MONTHS[k - 1], FLOWER_IDS[k - 1]  # B6: month = round number

    calls, stop, decisions = [], None, {p: 0 for p in players}
    misdeal, auto, four, brights, sake_as = None, [], None, None, {}
    for i, ev in enumerate(events):
        t, p = ev["type"], ev.get("player")
        check_fields(g, ev, i, _FIELDS[t])
        if t in ("koi_koi", "stop"):
            if stop is not None:
                raise _err(said("event {i}: {player} calls {call} after {stopper}'s stop "
                                "(event {j}) ended the round", i=ordinal(i), player=p,
                                call=event_words(t),
                                stopper=stop[1], j=ordinal(stop[0])), player=p, rule=t,
                           field=f"events.{i}")
            decisions[p] += 1
            if decisions[p] > MAX_TURNS:
                raise _err(said("{player} makes more than {n} decisions; a player has only "
                                "{n} turns",
                                player=p, n=MAX_TURNS), player=p, rule=t, field=f"events.{i}")
            if t == "stop":
                stop = (i, p)
            else:
                forced = ev.get("forced", False)
                if not isinstance(forced, bool):
                    raise _err(said("event {i}, \"{event}\": \"{what}\" must be yes or no, not "
                                    "{value!r}", i=ordinal(i), event=event_words(t),
                                    what=field_words(g, t, "forced"), value=forced), rule=t,
                               event=t, field=f"events.{i}.forced")
                if forced and not r.minimum_points:
                    raise _err(said("event {i}: a forced koi-koi needs the house rule "
                                    "\"{rule}\"", i=ordinal(i), rule=_rule("minimum_points")),
                               player=p, option="minimum_points", field=f"events.{i}.forced")
                calls.append([i, p, forced])
        elif t == "misdeal":
            if misdeal is not None:
                raise _err(said("event {i}: a second misdeal", i=ordinal(i)), rule=t,
                           field=f"events.{i}")
            misdeal = (i, p)
        elif t == "phoenix_revealed":
            if p in hands and not hands[p] & PHOENIX:
                raise _err(said("event {i}: {player} revealed the Phoenix but was not dealt "
                                "{card}",
                                i=ordinal(i), player=p, card="paulownia-phoenix"), player=p,
                           card="paulownia-phoenix", rule=t, field=f"events.{i}")
        elif t == "wild_capture":
            card = ev.get("card")
            if card is not None and (not isinstance(card, str) or card not in BIT or
                                     card == "paulownia-phoenix"):
                raise _err(said("event {i}, \"{event}\": {card!r} is not a card the Phoenix "
                                "can take", i=ordinal(i), event=event_words(t), card=card),
                           card=str(card), rule=t, event=t, field=f"events.{i}.card")
            if p in given and not piles[p] & PHOENIX:
                raise _err(said("event {i}: {player} played the Phoenix as a wild card but "
                                "did not capture it",
                                i=ordinal(i), player=p), player=p, card="paulownia-phoenix", rule=t,
                           field=f"events.{i}")
        elif t == "automatic_win_hand":
            if not r.automatic_win:
                raise _err(said("event {i}: \"{event}\" needs the house rule \"{rule}\" (under "
                                "the book's rules such a hand is a misdeal the holder may "
                                "call)", i=ordinal(i), event=event_words(t),
                                rule=_rule("automatic_win")),
                           player=p, option="automatic_win", event=t, field=f"events.{i}")
            if any(a[1] == p for a in auto):
                raise _err(said("event {i}: {player}'s automatic win is recorded twice",
                                i=ordinal(i), player=p), player=p,
                           rule=t, field=f"events.{i}")
            if p in hands and not KK._hand_qualifies(hands[p]):
                raise _err(said("event {i}: {player}'s hand holds neither four pairs nor a "
                                "whole month", i=ordinal(i), player=p),
                           player=p, rule=t, field=f"hands.{p}")
            auto.append((i, p))
        elif t == "field_four_of_a_kind":
            if four is not None:
                raise _err(said("event {i}: a second \"{event}\"", i=ordinal(i),
                                event=event_words(t)),
                           rule=t, event=t, field=f"events.{i}")
            fl = ev.get("flower")
            if fl is not None and (not isinstance(fl, str) or fl not in FLOWER_IDS):
                raise _err(said("event {i}: unknown flower {flower!r}", i=ordinal(i), flower=fl),
                           rule=t,
                           field=f"events.{i}.flower")
            four = (i, fl)
        elif t == "opening_field_brights":
            n = ev.get("count")
            if brights is not None or not isinstance(n, int) or isinstance(n, bool) \
                    or not 0 <= n <= 5:
                raise _err(said("event {i}, \"{event}\": the brights in the opening field must "
                                "be 0-5, given once, not {value!r}", i=ordinal(i),
                                event=event_words(t), value=n), rule=t, event=t,
                           field=f"events.{i}.count")
            brights = n
        elif t == "sake_assignment":
            how = ev.get("as")
            if how not in ("ten", "chaff"):
                raise _err(said("event {i}, \"{event}\": the sake cup counts as a ten or as a "
                                "chaff, not {value!r}", i=ordinal(i), event=event_words(t),
                                value=how),
                           player=p, rule=t, event=t, field=f"events.{i}.as",
                           known=("ten", "chaff"))
            if not c.sake_choice:
                # Oni Koi-Koi takes these three house rules from Koi-Koi, words and all
                raise _err(KK._no_sake_choice(i), player=p, option="sake_10_or_1", event=t,
                           field=f"events.{i}")
            if p in given and not piles[p] & SAKE:
                raise _err(said("event {i}: {player} did not capture {card}", i=ordinal(i),
                                player=p, card="chrysanthemum-sake"),
                           card="chrysanthemum-sake", player=p, field=f"events.{i}")
            sake_as[p] = how

    def no_decisions(kind):
        if calls or stop:
            i = calls[0][0] if calls else stop[0]
            raise _err(said("the round ended at the deal ({kind}) but event {i} records a "
                            "koi-koi/stop decision",
                            kind=named(KK.DEAL_ENDS[kind]), i=ordinal(i)), rule=kind,
                       field=f"events.{i}")

    # 1. Pre-play outcomes (section 5 step 3).
    four_misdeal = four is not None and not (r.four_of_a_kind_not_misdeal or
                                             r.four_of_a_kind_for_the_win)
    if misdeal or four_misdeal or len(auto) == 2:
        why = (said("misdeal: the same dealer redeals; the round does not count")
               if misdeal else
               said("four cards of a month in the opening field: the same dealer redeals; the "
                    "round does not count") if four_misdeal else
               said("both players hold an automatic-win hand: the same dealer redeals; the "
                    "round does not count"))  # koi-koi.md A11
        no_decisions("misdeal")
        return _result(players, dealer, carry_in, c, length=length, role_all="misdeal",
                       played=False, notes=(why,))
    if four is not None and r.four_of_a_kind_not_misdeal and four[1] and dealer in given:
        mm = MONTHS[FLOWER_IDS.index(four[1])]
        if piles[dealer] & mm != mm:
            raise _err(said("under the house rule \"{rule}\" the dealer {dealer} captures the "
                            "four {month} cards, but their pile lacks some", dealer=dealer,
                            month=four[1], rule=_rule("four_of_a_kind_not_misdeal")),
                       player=dealer,
                       option="four_of_a_kind_not_misdeal", field=f"captures.{dealer}")
    flat = None
    if four is not None and r.four_of_a_kind_for_the_win:
        if auto:
            raise _err(said("two outcomes at the deal: \"{event}\" and \"{other}\"",
                            event=event_words("field_four_of_a_kind"),
                            other=event_words("automatic_win_hand")),
                       rule="automatic_win_hand", event="automatic_win_hand",
                       field=f"events.{auto[0][0]}")
        flat = (dealer, "four_of_a_kind_for_the_win",
                said("four of a kind for the win: 4 {month} cards in the opening field, the "
                     "dealer {dealer} scores 6", month=four[1], dealer=dealer) if four[1] else
                said("four of a kind for the win: 4 same-month cards in the opening field, "
                     "the dealer {dealer} scores 6", dealer=dealer))
    elif auto:
        flat = (auto[0][1], "automatic_win", said("automatic win: {player} was dealt four "
                "pairs or a whole month and scores 6", player=auto[0][1]))
    if flat:  # 6 flat points, no multiplier (koi-koi.md A11)
        no_decisions(flat[1])
        w, sid, reason = flat
        return _result(players, dealer, carry_in, c, length=length, winner=w, points=6, won=True,
                       steps=(Step(sid, "set", 6, reason, 6),))

    def need_pile(p, why):
        if p not in given:
            raise _err(said("{player}'s captured cards are required ({why})", player=p,
                            why=why), player=p,
                       field=f"captures.{p}")

    for call in calls:  # a call needs a yaku; piles only grow, so the final pile shows it
        i, p, _forced = call
        if p not in given:
            continue
        base, _s, met, _ch = pile_base(piles[p], c, month=month, sake_as=sake_as.get(p))
        if not met:
            raise _err(said("event {i}: {player} called koi-koi but their captured cards "
                            "hold no yaku", i=ordinal(i), player=p),
                       player=p, rule="koi_koi", field=f"events.{i}")
        if r.minimum_points and base < 3:
            call[2] = True  # below 3 at the end, so below 3 then: the call was forced

    # 2. No stop: a draw (step 4), or dealer's delight.
    if stop is None:
        if r.dealers_delight:
            for p in players:
                need_pile(p, said("\"{rule}\" looks at both final piles, leftovers included",
                                  rule=_rule("dealers_delight")))  # B4
            if not any(pile_base(piles[p], c, month=month, sake_as=sake_as.get(p))[2]
                       for p in players):
                return _result(players, dealer, carry_in, c, length=length, winner=dealer,
                               points=6, won=False, steps=(Step(
                                   "dealers_delight", "set", 6, said("dealer's delight: no "
                                   "yaku captured, the dealer {dealer} scores 6",
                                   dealer=dealer), 6),),
                               notes=(said("dealer's delight: not counted as a round won; the "
                                           "dealer keeps the deal"),))
        callers = list(dict.fromkeys(cl[1] for cl in calls))
        why = (said("no stop: the round is a draw, both score 0; the dealer keeps the deal "
                    "(koi-koi called by {caller} and {caller2}, nobody stopped)",
                    caller=callers[0], caller2=callers[1]) if len(callers) > 1 else
               said("no stop: the round is a draw, both score 0; the dealer keeps the deal "
                    "(koi-koi called by {caller}, nobody stopped)", caller=callers[0])
               if callers else
               said("no stop: the round is a draw, both score 0; the dealer keeps the deal"))
        return _result(players, dealer, carry_in, c, length=length, notes=(why,))

    # 3. Stop by S (step 5).
    si, s = stop
    other = next(p for p in players if p != s)
    need_pile(s, said("the stopper's pile is scored"))
    base, scoring, met, choice = pile_base(piles[s], c, month=month, sake_as=sake_as.get(s))
    if not met:
        raise _err(said("event {i}: {player} called stop but their captured cards hold no "
                        "yaku", i=ordinal(si), player=s),
                   player=s, rule="stop", field=f"events.{si}")
    if r.minimum_points and base < 3:
        raise _err(said("event {i}: {player} may not stop with {points} points: the house "
                        "rule \"{rule}\" needs 3 (the call is a forced koi-koi)", i=ordinal(si),
                        player=s, points=base, rule=_rule("minimum_points")), player=s,
                   option="minimum_points",
                   field=f"events.{si}")
    hits = tuple(_hit(y, c) for y in scoring)
    total = base
    how = {"all": " (every yaku met counts)", "one": " (only the single highest)"
           }.get(c.mode, "")
    steps = [Step("base", "base", base, _words_said(scoring, "", how), base)]
    if month_flower and any(y[0] == "yaku_of_the_month" for y in scoring):
        steps.append(Step("yaku_of_the_month", "note", 0, _month_said(
            month_flower, MONTHS.index(month) + 1), total))
    extra = {"choices": [choice]} if choice else {}
    if r.winner_scores_all_yaku:
        need_pile(other, said("\"{rule}\" adds the opponent's yaku",
                              rule=_rule("winner_scores_all_yaku")))
        ob, osc, _m, och = pile_base(piles[other], c, month=month, sake_as=sake_as.get(other))
        total += ob
        steps.append(Step("winner_scores_all_yaku", "add", ob, _words_said(
            osc, "winner scores all yaku: {player}'s ", player=other), total))
        extra["opponent_yaku"] = [_hit(y, c).to_dict() for y in osc]
        if och:
            extra.setdefault("choices", []).append(said("{player}: " + och.template,
                                                        player=other, **och.params))

    # 4. The koi-koi factor and the multiplier variations (koi-koi.md 5.5).
    total, more = koi_factor(r, s, calls, total, brights)
    steps += more
    return _result(players, dealer, carry_in, c, length=length, winner=s, points=total,
                   steps=steps, hits=hits, base=base, won=True, extra=extra)


def koi_factor(r, s, calls, total, brights):
    """koi-koi.md 5.5 (Oni section 5 step 6): (score, steps)."""
    steps = []
    counted = [cl for cl in calls if not (cl[2] and not r.minimum_points_call_counts_as_koikoi)]
    if len(counted) < len(calls):
        steps.append(Step("minimum_points", "note", 1, said(
            "a forced koi-koi (under 3 points) is not a real call"), total))
    if r.challenge:
        skipped = [cl for cl in counted if cl[1] == s]
        counted = [cl for cl in counted if cl[1] != s]
    elif r.double_or_nothing:
        skipped = [cl for cl in counted if cl[1] != s]
        counted = [cl for cl in counted if cl[1] == s]
    else:
        skipped = []
    if skipped:  # one caller: the stopper (challenge) or the opponent (double_or_nothing)
        ps = {"caller": skipped[0][1], "stopper": s}
        steps.append(Step("koi_koi", "note", 1, said(
            "{caller}'s koi-koi does not double {stopper}'s score (challenge: only the "
            "opponent's calls count)", **ps) if r.challenge else said(
            "{caller}'s koi-koi does not double {stopper}'s score (double or nothing: only the "
            "stopper's own calls count)", **ps), total))
    n = len(counted)
    koi = 1 + n if r.koikoi_multiplier else (2 if n else 1)
    if r.super_bright or r.bright:
        name = "super_bright" if r.super_bright else "bright"
        if brights is None:
            raise _err(said("record \"{event}\" (0 when the field had no bright) to apply "
                            "the house rule \"{rule}\"",
                            event=event_words("opening_field_brights"), rule=_rule(name)),
                       event="opening_field_brights",
                       option=name, rule="opening_field_brights", field="events")
        fld = 1 + brights if r.super_bright else (2 if brights else 1)
    else:
        fld = 1
    # The sentences of the koi-koi and lucky 7 steps: each shape one template, put together
    # from who called (why) and what reached 7; params are players and numbers only.
    who = list(dict.fromkeys(cl[1] for cl in counted))
    once = ", counted once" if n > 1 and not r.koikoi_multiplier else ""
    if not n:
        why = "no koi-koi call counts"
    elif len(who) == 1:
        why = "{caller} called koi-koi (" + ("{calls} call" if n == 1 else "{calls} calls") + \
            once + ")"
    else:
        why = "{caller} and {caller2} called koi-koi ({calls} calls" + once + ")"
    whyp = dict(zip(("caller", "caller2"), who), calls=n) if n else {}
    lucky_t = total if r.lucky_7_threshold_uses_base else total * koi * fld
    if r.lucky_7 and lucky_t >= 7:
        koi = koi + 1 if r.lucky_7_triple else koi * 2
        total *= koi
        words = ("lucky 7 x{factor}: " + why + "; " +
                 ("the yaku total" if r.lucky_7_threshold_uses_base else "the score") +
                 " {value} is 7 or more")
        steps.append(Step("lucky_7", "multiply", koi, said(words, factor=koi, value=lucky_t,
                                                           **whyp), total))
    elif koi > 1:
        total *= koi
        steps.append(Step("koi_koi", "multiply", koi, said("koi-koi x{factor}: " + why,
                                                           factor=koi, **whyp), total))
    if fld > 1:
        total *= fld
        steps.append(Step("super_bright" if r.super_bright else "bright", "multiply", fld,
                          said("super bright x{factor}: {count} bright(s) in the opening field",
                               factor=fld, count=brights) if r.super_bright else
                          said("bright x{factor}: {count} bright(s) in the opening field",
                               factor=fld, count=brights), total))
    return total, steps


ROUND_EXAMPLE = {
    # O5 (oni-koi-koi.md 9; book p. 62): A has the 3 poetry ribbons and calls koi-koi, B has
    # 5 tens and calls koi-koi, A reaches 5 dry ribbons and stops: (6 + 1) x 2 = 14.
    "players": ["A", "B"],
    "dealer": "A",
    "captures": {
        "A": ["pine-poetry", "plum-poetry", "cherry-poetry", "wisteria-ribbon", "iris-ribbon",
              "pine-chaff-1", "plum-chaff-1", "cherry-chaff-2", "wisteria-chaff-1",
              "iris-chaff-2"],
        "B": ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese",
              "willow-swallow", "maple-chaff-1", "pampas-chaff-1", "plum-chaff-2",
              "wisteria-chaff-2", "willow-lightning"],
    },
    "events": [
        {"type": "koi_koi", "player": "A"},
        {"type": "koi_koi", "player": "B"},
        {"type": "stop", "player": "A"},
    ],
    "length": 6,
}

GAME = Game(
    id=GAME_ID,
    names={"en": "Oni Koi-Koi", "ja": "鬼こいこい"},
    family="capture",
    players=(2, 2),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=YAKU,
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/oni-koi-koi.md",
    max_pile=48,
    point_unit="mon",  # 文 in Japanese (docs/glossary.md)
    round_example=ROUND_EXAMPLE,
    lengths=(6, 12),
    description="Koi-Koi with the Phoenix as a wild card and its own yaku list; only the "
                "player who stops scores, doubled if anyone called koi-koi.",
    inputs=(
        LENGTH_INPUT,
        InputDef("hands", "cards",
                 "Optional: the 8 cards each player was dealt. Claims made at the deal "
                 "(phoenix revealed, automatic win, misdeal) are checked against them.",
                 per_player=True),
        InputDef("round_number", "int",
                 "Optional, with Yaku of the Month: which round of the game this is (1 to 12), "
                 "which sets the month. By default the round after the "
                 "previous one.", minimum=1, maximum=12),
    ),
)
