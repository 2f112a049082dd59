"""Hachi-juu Hana, "Eighty Flowers" (shared/rules/hachi-juu-hana.md; Hanami book chapter 10,
seed 002 lines 1495-1610; quick reference line 8431).

Round score = (card value - par) + month yaku (section 5). Card values 20 / 10 / 5 / chaff 0
(deck 240), par 240 / players. Twelve "All 4 <month>" yaku, 20 each (40 for a revealed trio
completed with the genuine fourth card). The four willow cards may stand in for any flower
when yaku are counted, each card in one yaku only, so the app picks the best assignment:
keep them as All 4 November, or spend them filling the smallest gaps first (section 5.3).
"""

from __future__ import annotations

from itertools import combinations
from collections.abc import Mapping

from ..cards import BIT, FULL_DECK, WILLOW, mask_of, slugs_of
from ..options import BOOL, HANAMI_BOOK, Option, Preset
from ..results import Evaluation, YakuHit, said
from ..rounds import event_words, ordinal
from . import EventDef, Game, InputDef, YakuDef
from ._capture import LENGTH_INPUT
from ._capture import (COMMON_EVENTS, SETTLE_IDS, Compiled, Ledger,
                       check_all_captured, decide, finish, month_warnings, read_piles,
                       read_table, shared_options, tie_note, value_of)
from ._capture_expert import (CHAFF0_VALUES, FLOWER_IDS, JP_MONTH_NAME, MONTH, check_fields,
                              card_value_said, card_values_total_said, err, flower_of,
                              prescan, read_hands, reject_event)

GAME_ID = "hachi-juu-hana"
# Section 4: one yaku per flower, named by the book's (Japanese) month number.
YAKU_IDS = {f: f"all_four_{f}" for f in FLOWER_IDS}
NAMES = {f: {"en": f"All 4 {JP_MONTH_NAME[f]}"} for f in FLOWER_IDS}
# Every flower but willow, in deck (month) order: the candidates the willow cards can fill.
OTHERS = tuple((f, MONTH[f]) for f in FLOWER_IDS if f != "willow")
WILLOW_SLUGS = slugs_of(WILLOW)

YAKU = tuple(
    YakuDef(YAKU_IDS[f], NAMES[f], "20 (40 for a revealed trio completed with the genuine "
            "fourth card)", slugs_of(MONTH[f]), "",
            "all four cards of the month" + (
                "" if f == "willow" else "; captured willow cards may fill the gaps (each "
                                         "willow card serves one yaku only)"))
    for f in FLOWER_IDS)

OPTIONS = (
    # hachi-juu-hana.md 10.1: recommended "double only when the four genuine cards were
    # captured"; the other reading (a revealed flower completed with willows doubles too) is
    # cheap, so it is offered.
    Option("reveal_doubles_with_willow", BOOL, False,
           "A revealed flower completed with willow cards also scores 40. Off (recommended): only "
           "the four genuine cards double the month.", group="reading"),
) + shared_options("tie_credits_round_win", *SETTLE_IDS)

PRESETS = (Preset("book", "As the book has it (the game has no variations): the trio reveal, the "
                  "best willow assignment, doubling only a genuine four.", {}, names=HANAMI_BOOK),)

EVENTS = (
    EventDef("reveal_three_of_a_kind", "Before play the player showed three cards of one flower "
             "from the dealt hand (one event per trio; a dealt four counts too). If the player "
             "ends with all 4 genuine cards of it, its yaku is worth 40.",
             {"flower": InputDef("", "choice", "the month shown", choices=FLOWER_IDS,
                                 required=True)}),
    EventDef("dealer_field_four_capture", "All 4 cards of a month were dealt to the field: the "
             "dealer captures them at once (they must be in the dealer's captures).",
             {"flower": InputDef("", "choice", "the month", choices=FLOWER_IDS,
                                 required=True)}, per_player=False),
    EventDef("willow_assignment", "Optional: the player picks which flower each captured "
             "willow card stands for, among assignments of equal (best) value. Willow cards "
             "left out are unused; an empty assignment keeps the four as All 4 November.",
             {"assign": InputDef("", "map", "the flower each willow card stands for",
                                 keys="choices", choices=WILLOW_SLUGS, required=True,
                                 maximum=len(WILLOW_SLUGS),
                                 item=InputDef("", "choice", "Stands for", required=True,
                                               choices=tuple(f for f in FLOWER_IDS
                                                             if f != "willow")))}),
) + tuple(e for e in COMMON_EVENTS if e.id != "misdeal")  # section 3: no misdeals


def compile(rules) -> Compiled:
    return Compiled(rules, CHAFF0_VALUES, (), {"double_with_willow":
                                              rules.reveal_doubles_with_willow})


# ---------------------------------------------------------------------------------------------
# The month yaku with willow jokers (section 5.3)

def _plan(mask: int, revealed: frozenset, double_with_willow: bool):
    """The best yaku: (value, genuine fours, filled [(flower, gap)], willow set kept?,
    equal alternatives in words)."""
    w = (mask & WILLOW).bit_count()
    genuine, gaps = [], []
    value = 0
    for f, mm in OTHERS:
        k = (mask & mm).bit_count()
        if k == 4:
            genuine.append(f)
            value += 40 if f in revealed else 20
        elif w and 4 - k <= w:
            gaps.append((f, 4 - k))
    keep = (40 if "willow" in revealed else 20) if w == 4 else 0  # (a): the willow set
    if double_with_willow and revealed:
        # (b) as a tiny knapsack (w <= 4, gaps >= 1: at most 4 flowers).
        best, fill = 0, []
        for n in range(1, w + 1):
            for combo in combinations(gaps, n):
                if sum(gp for _, gp in combo) <= w:
                    v = sum(40 if f in revealed else 20 for f, _ in combo)
                    if v > best:
                        best, fill = v, list(combo)
    else:
        # (b), all worth 20: smallest gaps first, earliest month first on equal gaps (the
        # book's example picks January and March among four 2-card flowers).
        fill, left = [], w
        for f, gp in sorted(gaps, key=lambda x: x[1]):
            if gp <= left:
                fill.append((f, gp))
                left -= gp
        best = 20 * len(fill)
    alternatives = ""
    if keep and keep >= best:  # equal: keep the genuine willow set (no joker needed)
        if fill and best == keep:
            alternatives = said("filling {flowers} with the willow cards would give the same "
                                "{points}", flowers=", ".join(f for f, _ in fill), points=best)
        return value + keep, genuine, [], True, alternatives
    if fill and not (double_with_willow and revealed):
        used = {f for f, _ in fill}
        same = [f for f, gp in gaps if f not in used and gp == fill[-1][1]]
        if same:
            alternatives = said("filling {flowers} instead gives the same total",
                                flowers=", ".join(same))
    return value + best, genuine, fill, False, alternatives


# A genuine four is a constant hit (20, or 40 when revealed): built once.
PLAIN_HITS = {f: YakuHit(YAKU_IDS[f], NAMES[f]["en"], 20, slugs_of(MONTH[f]), NAMES[f])
              for f in FLOWER_IDS}
DOUBLED_HITS = {f: YakuHit(YAKU_IDS[f], NAMES[f]["en"], 40, slugs_of(MONTH[f]), NAMES[f],
                           said("revealed trio: doubled")) for f in FLOWER_IDS}
ORDER = {y: i for i, y in enumerate(YAKU_IDS.values())}


_COMPLETED = ("completed with {count} willow card", "completed with {count} willow cards")


def _hits(mask: int, plan, revealed: frozenset, double_with_willow: bool):
    value, genuine, fill, keep, _alt = plan
    choices = []
    hits = [(DOUBLED_HITS if f in revealed else PLAIN_HITS)[f] for f in genuine]
    if keep:
        hits.append((DOUBLED_HITS if "willow" in revealed else PLAIN_HITS)["willow"])
        if not fill:
            hits.sort(key=lambda h: ORDER[h.id])
            return tuple(hits), choices
    if not fill:
        return tuple(hits), choices
    willows = list(slugs_of(mask & WILLOW))
    for f, gap in fill:
        used, willows = willows[:gap], willows[gap:]
        pts = 40 if double_with_willow and f in revealed else 20
        cards = slugs_of((mask & MONTH[f]) | mask_of(used))
        note = _COMPLETED[gap > 1]
        if f in revealed:
            note += (": revealed, doubled" if pts == 40 else
                     ": revealed, but only a genuine four doubles")
        hits.append(YakuHit(YAKU_IDS[f], NAMES[f]["en"], pts, cards, NAMES[f],
                            said(note, count=gap)))
        ps = {"cards": ", ".join(used), "flower": f, "yaku": NAMES[f]["en"]}
        choices.append(said("{cards} stands in for {flower} ({yaku})", **ps) if gap == 1 else
                       said("{cards} stand in for {flower} ({yaku})", **ps))
    hits.sort(key=lambda h: ORDER[h.id])
    return tuple(hits), choices


def evaluate(mask: int, c: Compiled) -> Evaluation:
    """One pile, no reveals: card value (chaff 0) + the best month yaku. (The par is a round
    matter: see score_round.)"""
    cv = 0
    for m, v in c.values:
        cv += v * (mask & m).bit_count()
    if not mask & WILLOW:  # no jokers: the genuine fours only
        hits = tuple([PLAIN_HITS[f] for f, mm in OTHERS if mask & mm == mm])
        yv = 20 * len(hits)
        return Evaluation(cv + yv, hits, (), {"card_value": cv, "yaku_value": yv})
    return _evaluation(mask, cv, NO_REVEALS, c.extra["double_with_willow"])


NO_REVEALS = frozenset()


def _evaluation(mask, cv, revealed, dw, plan=None) -> Evaluation:
    plan = plan or _plan(mask, revealed, dw)
    hits, choices = _hits(mask, plan, revealed, dw)
    if plan[3] and mask & WILLOW == WILLOW:
        alt = plan[4]
        choices.append(said("the four willow cards are kept as All 4 November (" + alt.template
                            + ")", **alt.params) if alt else
                       said("the four willow cards are kept as All 4 November"))
    elif plan[4]:
        choices.append(plan[4])
    elif plan[2] and mask & WILLOW == WILLOW:
        choices.append(said("keeping the willow cards as All 4 November would give only "
                            "{points}", points=40 if 'willow' in revealed else 20))
    return Evaluation(cv + plan[0], hits, tuple(choices),
                      {"card_value": cv, "yaku_value": plan[0]})


# ---------------------------------------------------------------------------------------------
# A round (sections 3, 5, 7)

def _assigned_plan(g, mask, assign, i, p, revealed, dw, best):
    """The plan a willow_assignment event names, checked to be complete and of best value."""
    if not isinstance(assign, Mapping):
        raise err(g, said("event {i}: the willow assignment must name, for each willow card, "
                          "the flower it counts as", i=ordinal(i)),
                  rule="willow_assignment", field=f"events.{i}.assign")
    by_flower: dict[str, list] = {}
    for slug, f in assign.items():
        if not isinstance(slug, str) or slug not in WILLOW_SLUGS or not mask & BIT[slug]:
            raise err(g, said("event {i}: {player} did not capture willow card {card!r}",
                              i=ordinal(i), player=p, card=slug), card=slug,
                      player=p, rule="willow_assignment", field=f"events.{i}.assign")
        if not isinstance(f, str) or f not in MONTH or f == "willow":
            raise err(g, said("event {i}: {card} cannot stand for {value!r}: name a flower other "
                              "than willow", i=ordinal(i), card=slug, value=f),
                      card=slug, player=p, rule="willow_assignment",
                      field=f"events.{i}.assign.{slug}")
        by_flower.setdefault(f, []).append(slug)
    value, genuine, fill = 0, [], []
    for f, mm in OTHERS:
        k = (mask & mm).bit_count()
        if k == 4:
            genuine.append(f)
            value += 40 if f in revealed else 20
            if f in by_flower:
                raise err(g, said("event {i}: {player} already holds all four {flower} cards; a "
                                  "willow card cannot serve that yaku", i=ordinal(i), player=p,
                                  flower=f), player=p, rule="willow_assignment",
                          field=f"events.{i}.assign")
        elif f in by_flower:
            if k + len(by_flower[f]) != 4:
                raise err(g, said("event {i}: {player} holds {k} {flower} card(s); {n} willow "
                                  "card(s) do not make exactly four", i=ordinal(i), player=p, k=k,
                                  flower=f, n=len(by_flower[f])), player=p,
                          rule="willow_assignment", field=f"events.{i}.assign")
            fill.append((f, 4 - k))
            value += 40 if dw and f in revealed else 20
    keep = not assign and mask & WILLOW == WILLOW
    if keep:
        value += 40 if "willow" in revealed else 20
    if value != best:
        raise err(g, said("event {i}: {player}'s willow assignment is worth {value} in yaku, "
                          "less than the best {best}; choose among assignments of equal value",
                          i=ordinal(i), player=p, value=value, best=best), player=p,
                  rule="willow_assignment", field=f"events.{i}.assign")
    # Assign the named willow cards (not deck order) in the hits.
    return value, genuine, fill, keep, "", by_flower


def score_round(rnd: Mapping, c: Compiled):
    g = GAME
    reject_event(g, rnd, "misdeal", said("Hachi-juu Hana has no misdeals (a field four goes to "
                                         "the dealer)"))
    prescan(g, rnd)
    t = read_table(g, rnd, c.rules, misdeals=())
    n = len(t.players)
    piles = read_piles(t, rnd)
    hands = read_hands(g, rnd, t.players, 8 if n == 2 else 7)
    notes = []
    total = check_all_captured(t, piles, c.values, said(
        "a Hachi-juu Hana round ends when hands, draw pile and field are empty"))
    notes.append(card_values_total_said(total))
    dw = c.extra["double_with_willow"]
    revealed = {p: set() for p in t.players}
    assignments = {}
    field_four = None
    for i, ev in enumerate(t.events):
        kind, p = ev["type"], ev.get("player")
        if kind == "reveal_three_of_a_kind":
            check_fields(g, ev, i, ("flower",))
            f = flower_of(g, ev, i)
            owner = next((q for q in t.players if f in revealed[q]), None)
            if owner == p:
                raise err(g, said("event {i}: {player} revealed the {flower} trio twice",
                                  i=ordinal(i), player=p, flower=f), player=p,
                          rule=kind, field=f"events.{i}")
            if owner is not None:
                raise err(g, said("event {i}: {player} and {owner} cannot both hold three {flower} "
                                  "cards", i=ordinal(i), player=p, owner=owner, flower=f),
                          player=p, rule=kind, field=f"events.{i}")
            if p in hands and (hands[p] & MONTH[f]).bit_count() < 3:
                raise err(g, said("event {i}: {player}'s hand holds {n} {flower} card(s), not "
                                  "three", i=ordinal(i), player=p,
                                  n=(hands[p] & MONTH[f]).bit_count(),
                                  flower=f), player=p, rule=kind,
                          field=f"events.{i}")
            revealed[p].add(f)
        elif kind == "dealer_field_four_capture":
            check_fields(g, ev, i, ("flower",))
            f = flower_of(g, ev, i)
            if field_four is not None:
                raise err(g, said("event {i}: a second \"{event}\" (the field holds 8 or 6 "
                                  "cards: one four of a month at most in this record)",
                                  i=ordinal(i), event=event_words(kind)),
                          rule=kind, event=kind, field=f"events.{i}")
            if piles[t.dealer] & MONTH[f] != MONTH[f]:
                raise err(g, said("event {i}: the dealer {player} captures the four {flower} cards "
                                  "dealt to the field, but their captures lack {card}",
                                  i=ordinal(i), player=t.dealer, flower=f,
                                  card=slugs_of(MONTH[f] & ~piles[t.dealer])[0]),
                          player=t.dealer,
                          rule=kind, field=f"captures.{t.dealer}")
            field_four = f
        elif kind == "willow_assignment":
            check_fields(g, ev, i, ("assign",))
            if p in assignments:
                raise err(g, said("event {i}: {player}'s willow assignment is given twice",
                                  i=ordinal(i), player=p), player=p,
                          rule=kind, field=f"events.{i}")
            assignments[p] = (i, ev.get("assign"))
    if field_four is not None:
        for p in t.players:
            if field_four in revealed[p]:
                raise err(g, said("{player} revealed a {flower} trio, but all four {flower} cards "
                                  "were dealt to the field", player=p, flower=field_four),
                          player=p, rule="reveal_three_of_a_kind", field="events")

    par = 240 // n  # section 5.4: 120 (2 players) or 80 (3 players)
    led = Ledger(t.players)
    yaku, extra = {}, {}
    for p in t.players:
        m = piles[p]
        rv = frozenset(revealed[p])
        plan = _plan(m, rv, dw)
        cv = value_of(m, c.values)
        if p in assignments:
            i, assign = assignments[p]
            chosen = _assigned_plan(g, m, assign, i, p, rv, dw, plan[0])
            ev_ = _evaluation_assigned(m, cv, rv, dw, chosen)
        else:
            ev_ = _evaluation(m, cv, rv, dw, plan)
        yaku[p] = ev_.yaku
        led.start(p, "card_value", cv, card_value_said(m, c.values, cv))
        led.add(p, "par", -par, said("par: {players} players, 240 / {players} = {par}",
                                     players=n, par=par))
        for y in ev_.yaku:
            led.add(p, y.id, y.points, _yaku_said(y))
        for f in sorted(rv):
            if not any(y.id == YAKU_IDS[f] and y.points == 40 for y in ev_.yaku):
                led.note(p, "reveal", said("revealed {flower} trio: not completed with the four "
                                           "genuine cards, no doubling (no penalty)", flower=f))
        if ev_.choices:
            extra[p] = {"choices": list(ev_.choices)}
    winner, next_dealer, tied = decide(t, led.total)
    if tied:
        notes.append(tie_note(t, tied, winner, next_dealer))
    notes += month_warnings(piles, t.players)
    return finish(t, c.rules.preset, led, yaku, winner, next_dealer, notes, extra=extra)


def _yaku_said(y):
    """"All 4 March (20)", or "(40; <note>)" with the note's template inside."""
    if not y.note:
        return said("{yaku} ({points})", yaku=y.name, points=y.points)
    note = y.note if hasattr(y.note, "template") else said(y.note)
    return said("{yaku} ({points}; " + note.template + ")", yaku=y.name, points=y.points,
                **note.params)


def _evaluation_assigned(mask, cv, revealed, dw, chosen) -> Evaluation:
    value, genuine, fill, keep, _alt, by_flower = chosen
    hits, choices = [], []
    for f in genuine:
        pts = 40 if f in revealed else 20
        hits.append(YakuHit(YAKU_IDS[f], NAMES[f]["en"], pts, slugs_of(MONTH[f]), NAMES[f],
                            said("revealed trio: doubled") if f in revealed else ""))
    if keep:
        pts = 40 if "willow" in revealed else 20
        hits.append(YakuHit(YAKU_IDS["willow"], NAMES["willow"]["en"], pts,
                            slugs_of(mask & WILLOW), NAMES["willow"], ""))
    for f, gap in fill:
        used = list(slugs_of(mask_of(by_flower[f])))
        pts = 40 if dw and f in revealed else 20
        cards = slugs_of((mask & MONTH[f]) | mask_of(used))
        hits.append(YakuHit(YAKU_IDS[f], NAMES[f]["en"], pts, cards, NAMES[f],
                            said(_COMPLETED[gap > 1], count=gap)))
        ps = {"cards": ", ".join(used), "flower": f}
        choices.append(said("{cards} stands in for {flower} (as assigned)", **ps) if gap == 1
                       else said("{cards} stand in for {flower} (as assigned)", **ps))
    order = {y: i for i, y in enumerate(YAKU_IDS.values())}
    hits.sort(key=lambda h: order[h.id])
    return Evaluation(cv + value, tuple(hits), tuple(choices),
                      {"card_value": cv, "yaku_value": value})


# The book's example (section 9, Example 1) as a 3-player round: A holds the fixture; B and
# C split the other cards in pairs of a month.
_A = ["pine-crane", "pine-chaff-1", "plum-warbler", "plum-poetry", "plum-chaff-1",
      "plum-chaff-2", "cherry-poetry", "cherry-chaff-1", "wisteria-ribbon", "wisteria-chaff-1",
      "iris-bridge", "iris-chaff-1", "willow-rainman", "willow-swallow", "willow-ribbon",
      "willow-lightning"]
_B = ["pine-poetry", "pine-chaff-2", "cherry-curtain", "cherry-chaff-2", "wisteria-cuckoo",
      "wisteria-chaff-2", "iris-ribbon", "iris-chaff-2", "peony-butterflies", "peony-blue",
      "peony-chaff-1", "peony-chaff-2", "clover-boar", "clover-chaff-1"]
_C = ["clover-ribbon", "clover-chaff-2", "pampas-moon", "pampas-geese", "pampas-chaff-1",
      "pampas-chaff-2", "chrysanthemum-sake", "chrysanthemum-blue", "chrysanthemum-chaff-1",
      "chrysanthemum-chaff-2", "maple-deer", "maple-blue", "maple-chaff-1", "maple-chaff-2",
      "paulownia-phoenix", "paulownia-chaff-colored", "paulownia-chaff-1",
      "paulownia-chaff-2"]

GAME = Game(
    id=GAME_ID,
    names={"en": "Hachi-juu Hana", "ja": "八十花"},
    family="capture",
    players=(2, 3),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=YAKU,
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/hachi-juu-hana.md",
    max_pile=48,
    round_example={
        "players": ["A", "B", "C"],
        "dealer": "A",
        "captures": {"A": _A, "B": _B, "C": _C},
        "events": [{"type": "reveal_three_of_a_kind", "player": "C", "flower": "pampas"}],
        "length": 6,
    },
    lengths=(6, 12),
    description="Eighty Flowers: card points against a par of 240 / players, plus twelve "
                "month yaku completed with the willow cards as jokers.",
    inputs=(
        LENGTH_INPUT,
        InputDef("hands", "cards",
                 "Optional: the cards each player was dealt (8 each for 2 players, 7 for 3). "
                 "A revealed three of a kind is checked against them.", per_player=True),
    ),
)
