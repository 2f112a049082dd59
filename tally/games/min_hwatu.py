"""Min-Hwatu, 민화투 (shared/rules/min-hwatu.md; Hanami book chapter 11, seed 002 lines
1611-1849; quick reference line 8489).

Round score = card value (20 / 10 / 5 / chaff 0, deck 240) + (n - 1) x own yaku - the sum of
the opponents' yaku (section 5.4): every opponent pays each player the full value of that
player's yaku, so the transfers net to zero and the scores add up to 240. Six standard yaku
(all "each"); six optional ones behind ``optional_yaku`` (bright and views "one of", other
"each"); ``count_all_yaku`` / ``only_one_yaku`` override the groups.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import FULL_DECK
from ..options import BOOL, Option
from ..results import Evaluation, said
from . import EventDef, Game, InputDef
from ._capture import LENGTH_INPUT
from ._capture import (COMMON_EVENTS, SETTLE_IDS, Compiled, Ledger, book_preset,
                       check_all_captured, decide, evaluate_pile, finish, groups_of,
                       misdeal_result, month_warnings, read_piles, read_table, row,
                       shared_options, tie_note, winner_takes_all, yaku_defs)
from ._capture_expert import (CHAFF0_VALUES, card_value_said, card_values_total_said,
                              each_opponent_pays, prescan, read_hands)

GAME_ID = "min-hwatu"


def _ko(r, ko):
    r.names["ko"] = ko
    return r


# Section 4, standard yaku: always in use, all "each".
STANDARD = (
    _ko(row("poetry_ribbons", "3 Poetry Ribbons", 30,
            ["pine-poetry", "plum-poetry", "cherry-poetry"], "standard", False, ja="赤短"),
        "홍단"),
    _ko(row("purple_ribbons", "3 Purple Ribbons", 30,
            ["peony-blue", "chrysanthemum-blue", "maple-blue"], "standard", False, ja="青短"),
        "청단"),
    _ko(row("dry_plain_ribbons", "3 Dry Plain Ribbons (excluding Rain)", 30,
            ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"], "standard", False), "초단"),
    row("all_four_iris", "All 4 Iris", 20,
        ["iris-bridge", "iris-ribbon", "iris-chaff-1", "iris-chaff-2"], "standard", False),
    row("all_four_maple", "All 4 Maple", 20,
        ["maple-deer", "maple-blue", "maple-chaff-1", "maple-chaff-2"], "standard", False),
    row("all_four_willow", "All 4 Rain", 20,
        ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"], "standard",
        False),
)
# Section 4, optional yaku (variation optional_yaku); card lists per section 10.1-10.2
# (resolved 2026-12: Grand Views = crane, curtain, moon, sake is the best reading, FudaWiki
# reading the book's picture; Godori stays optional).
OPTIONAL = (
    row("five_brights", "5 Brights", 200, ["pine-crane", "cherry-curtain", "pampas-moon",
                                           "willow-rainman", "paulownia-phoenix"],
        "optional bright", True, ja="五光"),
    row("spring_semi_brights", "Spring Semi-Brights", 150,
        ["pine-crane", "plum-warbler", "cherry-curtain"], "optional bright", True),
    row("grand_views", "The Grand Views", 150,
        ["pine-crane", "cherry-curtain", "pampas-moon", "chrysanthemum-sake"],
        "optional views", True,
        description="pine-crane, cherry-curtain, pampas-moon, chrysanthemum-sake (the book "
        "shows them as a picture; FudaWiki's list)"),
    row("the_views", "The Views", 100, ["cherry-curtain", "pampas-moon", "chrysanthemum-sake"],
        "optional views", True),
    row("boar_deer_butterfly", "Boar, Deer, Butterfly", 50,
        ["clover-boar", "maple-deer", "peony-butterflies"], "optional other", False,
        ja="猪鹿蝶"),
    _ko(row("godori", "Godori (five birds)", 50,
            ["plum-warbler", "wisteria-cuckoo", "pampas-geese"], "optional other", False),
        "고도리"),
)


def _flat(rows):
    """count_all_yaku: no one-of limits (every row its own "each" group)."""
    return tuple(r.__class__(r.id, r.names, r.points, r.mask, r.need, r.group, False,
                             r.description, r.cards) for r in rows)


OPTIONS = (
    Option("optional_yaku", BOOL, False,
           "Adds the six optional yaku: 5 Brights 200 / Spring Semi-Brights 150 (one of), "
           "Grand Views 150 / The Views 100 (one of), Boar-Deer-Butterfly 50 and Godori 50 "
           "(each).", group="yaku list"),
) + shared_options("four_of_a_kind_not_misdeal", "winner_takes_all") + (
    Option("count_all_yaku", BOOL, False,
           "No one-of limits: every satisfied yaku scores (5 Brights + Spring Semi-Brights = "
           "350). Only matters with the optional yaku.", group="round scoring",
           excludes=("only_one_yaku",)),
    Option("only_one_yaku", BOOL, False,
           "Each player scores only their single highest-valued yaku; that is what opponents "
           "pay.", group="round scoring", excludes=("count_all_yaku",)),
) + shared_options("dealer_tie_breaker", "counting_rounds", "first_dealer_tie_breaker",
                   "tie_credits_round_win", *SETTLE_IDS)

PRESETS = (book_preset("As the book has it: the standard yaku only (the optional yaku off), every "
                       "variation off, 6 or 12 rounds."),)

EVENTS = COMMON_EVENTS + (
    EventDef("draw_matches_own_pair", "Play only: the Phase Two card matched only the pair "
             "just made; the three cards became a field hiki and the player captured nothing "
             "that turn. No effect on scoring (it shows in the final captures)."),
)


def compile(rules) -> Compiled:
    rows = STANDARD + (OPTIONAL if rules.optional_yaku else ())
    if rules.count_all_yaku:
        rows = _flat(rows)
    return Compiled(rules, CHAFF0_VALUES, groups_of(rows), {"only_one": rules.only_one_yaku})


def evaluate(mask: int, c: Compiled) -> Evaluation:
    """One pile: card value + own yaku value (no transfers: those need the other piles)."""
    ev = evaluate_pile(mask, c.values, c.groups)
    if c.extra["only_one"] and len(ev.yaku) > 1:
        best = max(ev.yaku, key=lambda y: y.points)  # first of equal values: table order
        cv = ev.details["card_value"]
        return Evaluation(cv + best.points, (best,),
                          (said("only one yaku: {yaku} ({points}) is the single highest",
                                yaku=best.name, points=best.points),),
                          {"card_value": cv, "yaku_value": best.points})
    return ev


def _yaku_list(hits, params) -> str:
    """"{yaku1} {points1} + {yaku2} {points2} ..." (yaku names and points into params)."""
    for i, y in enumerate(hits, 1):
        params[f"yaku{i}"], params[f"points{i}"] = y.name, y.points
    return " + ".join(f"{{yaku{i}}} {{points{i}}}" for i in range(1, len(hits) + 1))


def _own_yaku_said(hits, value, opponents):
    """One template per number of yaku and of opponents (1 or 2)."""
    params = {"total": value, "opponents": opponents}
    words = _yaku_list(hits, params)
    tail = ("opponents ({opponents} x {total})" if opponents > 1 else
            "opponent ({opponents} x {total})")
    return said("own yaku " + words + " = {total}, paid by each of {opponents} " + tail,
                **params)


def score_round(rnd: Mapping, c: Compiled):
    g = GAME
    prescan(g, rnd)
    t = read_table(g, rnd, c.rules)
    if t.misdeal:
        return misdeal_result(t, c.rules.preset)
    n = len(t.players)
    piles = read_piles(t, rnd)
    read_hands(g, rnd, t.players, 10 if n == 2 else 7)
    notes = []
    total = check_all_captured(t, piles, c.values, said(
        "a Min-Hwatu round ends when hands, draw pile and field are empty"))
    notes.append(card_values_total_said(total))
    led = Ledger(t.players)
    evs = {p: evaluate(piles[p], c) for p in t.players}
    own = {p: evs[p].details["yaku_value"] for p in t.players}
    extra = {}
    for p in t.players:
        ev = evs[p]
        cv = ev.details["card_value"]
        led.start(p, "card_value", cv, card_value_said(piles[p], c.values, cv))
        if own[p]:
            led.add(p, "own_yaku", (n - 1) * own[p], _own_yaku_said(ev.yaku, own[p], n - 1))
        for q in t.players:
            if q != p and own[q]:
                led.add(p, f"pays_{q}", -own[q], said("pays {player}'s yaku ({points})",
                                                      player=q, points=own[q]))
        transfers = [{"from": q, "to": p, "amount": own[p]} for q in t.players
                     if q != p and own[p]]
        extra[p] = {"yaku_value": own[p], "yaku_transfers": transfers}
        if ev.choices:
            extra[p]["choices"] = list(ev.choices)
    net = each_opponent_pays(own, t.players)
    assert all(led.total[p] == evs[p].details["card_value"] + net[p] for p in t.players)
    if c.rules.winner_takes_all:
        taker, more = winner_takes_all(t, led)
        notes += more
        winner, next_dealer, tied = taker, taker, ()
    else:
        winner, next_dealer, tied = decide(t, led.total)
    if tied:
        notes.append(tie_note(t, tied, winner, next_dealer))
    notes += month_warnings(piles, t.players)
    yaku = {p: evs[p].yaku for p in t.players}
    return finish(t, c.rules.preset, led, yaku, winner, next_dealer, notes, extra=extra)


# min-hwatu.md 9, Example 1 fixtures (2 players): A 100 + 30 - 20 = 110, B 140 + 20 - 30 = 130.
EXAMPLE_A = ["pine-poetry", "pine-chaff-1", "plum-poetry", "plum-chaff-1", "cherry-poetry",
             "cherry-chaff-1", "pampas-moon", "pampas-geese", "willow-rainman",
             "willow-lightning", "wisteria-cuckoo", "wisteria-ribbon", "peony-butterflies",
             "peony-blue", "iris-ribbon", "iris-chaff-1"]
EXAMPLE_B = ["pine-crane", "pine-chaff-2", "plum-warbler", "plum-chaff-2", "cherry-curtain",
             "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2", "iris-bridge",
             "iris-chaff-2", "peony-chaff-1", "peony-chaff-2", "clover-boar", "clover-ribbon",
             "clover-chaff-1", "clover-chaff-2", "pampas-chaff-1", "pampas-chaff-2",
             "chrysanthemum-sake", "chrysanthemum-blue", "chrysanthemum-chaff-1",
             "chrysanthemum-chaff-2", "maple-deer", "maple-blue", "maple-chaff-1",
             "maple-chaff-2", "willow-swallow", "willow-ribbon", "paulownia-phoenix",
             "paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2"]

GAME = Game(
    id=GAME_ID,
    names={"en": "Min-Hwatu", "ko": "민화투"},
    family="capture",
    players=(2, 3),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=yaku_defs(STANDARD + OPTIONAL),
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/min-hwatu.md",
    max_pile=48,
    round_example={"players": ["A", "B"], "dealer": "A",
                   "captures": {"A": EXAMPLE_A, "B": EXAMPLE_B}, "length": 6},
    lengths=(6, 12),
    description="The Korean plain hwatu game: card points (chaff 0) plus yaku that every "
                "opponent pays in full.",
    month_order="kr",  # Korean hwatu numbering (digest section 1)
    inputs=(
        LENGTH_INPUT,
        InputDef("hands", "cards",
                 "Optional: the cards each player was dealt (10 each for 2 players, 7 for 3). "
                 "A misdeal called for a player's hand is checked against them.",
                 per_player=True),
    ),
)
