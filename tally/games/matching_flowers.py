"""Matching Flowers (shared/rules/matching-flowers.md; Hanami book chapter 5).

Round score = card value (20 / 10 / 5 / 1, deck 264) + yaku in five groups (section 4):
Bright, Ribbon-count and Views are "one of" (the best only), Ribbon-set and Other "each".
Then the round-scoring variations in the order of section 5.8 / 10.2: low_man_out,
rain_washes_points, winner_takes_all.
"""

from __future__ import annotations

from ..cards import FULL_DECK, RIBBONS, WILLOW, mask_of
from ..options import BOOL, CHOICE, Option
from ..results import said
from . import Game
from ._capture import DEALT_HANDS_INPUT, LENGTH_INPUT
from ._capture import (COMMON_EVENTS, SETTLE_IDS, STANDARD_VALUES, Compiled, book_preset,
                       decide, evaluate_compiled, groups_of, row, shared_options, standard_round,
                       yaku_defs)

DRY_RIBBONS = RIBBONS & ~mask_of(["willow-ribbon"])  # "dry" = not a willow card (section 2)

# Section 4; card lists of the picture-only yaku per section 10.1.
ROWS = (
    row("five_brights", "5 Brights", 100, ["pine-crane", "cherry-curtain", "pampas-moon",
                                           "willow-rainman", "paulownia-phoenix"],
        "bright", True, ja="五光"),
    row("four_dry_brights", "4 Dry Brights (excluding Rain)", 60,
        ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"], "bright", True,
        ja="四光"),
    row("spring_semi_brights", "Spring Semi-Brights", 30,
        ["pine-crane", "plum-warbler", "cherry-curtain"], "bright", True, ja="表菅原"),
    row("crane_moon_phoenix", "Crane, Moon, Phoenix", 20,
        ["pine-crane", "pampas-moon", "paulownia-phoenix"], "bright", True),
    row("seven_dry_ribbons", "Any 7 Dry Ribbons (excluding Rain)", 40, DRY_RIBBONS,
        "ribbon count", True, need=7),
    row("six_dry_ribbons", "Any 6 Dry Ribbons (excluding Rain)", 30, DRY_RIBBONS,
        "ribbon count", True, need=6),
    row("poetry_ribbons", "3 Poetry Ribbons", 40, ["pine-poetry", "plum-poetry",
                                                   "cherry-poetry"], "ribbon set", False,
        ja="赤短"),
    row("purple_ribbons", "3 Purple Ribbons", 40, ["peony-blue", "chrysanthemum-blue",
                                                   "maple-blue"], "ribbon set", False,
        ja="青短"),
    row("dry_plain_ribbons", "3 Dry Plain Ribbons (excluding Rain)", 20,
        ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"], "ribbon set", False),
    row("the_views", "The Views", 40, ["cherry-curtain", "pampas-moon", "chrysanthemum-sake"],
        "views", True),
    row("flower_viewing", "Flower Viewing", 20, ["cherry-curtain", "chrysanthemum-sake"],
        "views", True, ja="花見で一杯"),
    row("moon_viewing", "Moon Viewing", 20, ["pampas-moon", "chrysanthemum-sake"], "views",
        True, ja="月見で一杯"),
    row("boar_deer_butterfly", "Boar, Deer, Butterfly", 20,
        ["clover-boar", "maple-deer", "peony-butterflies"], "other", False, ja="猪鹿蝶"),
    row("all_four_wisteria", "All 4 Wisteria", 10,
        ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2"],
        "other", False),
    row("all_four_willow", "All 4 Rain", 10,
        ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"], "other",
        False),
)
GROUPS = groups_of(ROWS)

OPTIONS = shared_options("four_of_a_kind_not_misdeal", "shorter_rounds", "winner_takes_all") + (
    Option("low_man_out", BOOL, False,
           "If any player's round score (cards + yaku) is below 20, every player scores 0 "
           "for the round.", group="round scoring"),
    Option("rain_washes_points", BOOL, False,
           "Rain (washes all the points away): if one player captured all four willow cards, "
           "every other player scores 0 for the round.", group="round scoring"),
) + shared_options("counting_rounds", "first_dealer_tie_breaker") + (
    # matching-flowers.md 10.7: "The alternative ... can be an app option."
    Option("low_man_out_winner", CHOICE, "tie",
           "After Low Man Out zeroes a round: a draw among all players (recommended), or a win "
           "for the player who was highest "
           "before the zeroing.", choices=("tie", "highest_before"), group="reading"),
) + shared_options("tie_credits_round_win", *SETTLE_IDS)

PRESETS = (book_preset("As the book has it: all seven variations off, 6 or 12 rounds, the "
                       "recommended readings for tied rounds."),)


def compile(rules) -> Compiled:
    return Compiled(rules, STANDARD_VALUES, GROUPS)


evaluate = evaluate_compiled


def _variations(t, led, piles, notes):
    """Section 5.8: low_man_out, then rain_washes_points (winner_takes_all follows)."""
    r = t.rules
    if r.low_man_out:
        low = [p for p in t.players if led.total[p] < 20]  # 10.3: strictly below 20
        if low:
            before = dict(led.total)
            why = _low_words(low, before)
            for p in t.players:
                led.set(p, "low_man_out", 0, why)
            if r.low_man_out_winner == "highest_before":
                notes.append(said("low man out: the round win goes to the highest score before "
                                  "the zeroing"))
                return decide(t, before)
            notes.append(said("low man out: every score is 0, so the round is a tie of all "
                              "players"))
            return decide(t, led.total)
    if r.rain_washes_points:
        for p in t.players:
            if piles[p] & WILLOW == WILLOW:
                for q in t.players:
                    if q != p:
                        led.set(q, "rain_washes_points", 0, said(
                            "rain washes the points away: {player} captured all four willow "
                            "cards", player=p))
    return None


def _low_words(low, before):
    """The low_man_out step: one template per number of players below 20 (at most 3)."""
    ps = {}
    for i, p in enumerate(low, 1):
        ps[f"player{i}"], ps[f"score{i}"] = p, before[p]
    if len(low) == 1:
        return said("low man out: {player1} scored {score1}, below 20; every player scores 0",
                    **ps)
    if len(low) == 2:
        return said("low man out: {player1} scored {score1}, {player2} scored {score2}, below "
                    "20; every player scores 0", **ps)
    return said("low man out: {player1} scored {score1}, {player2} scored {score2}, {player3} "
                "scored {score3}, below 20; every player scores 0", **ps)


def score_round(rnd, c: Compiled):
    why = None if c.rules.shorter_rounds else said(
        "a Matching Flowers round ends when hands, deck and field are empty")
    return standard_round(GAME, rnd, c, all_captured=why, adjust=_variations)


GAME = Game(
    id="matching-flowers",
    names={"en": "Matching Flowers", "ja": "花合わせ (基本)"},
    family="capture",
    players=(2, 3),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=yaku_defs(ROWS),
    events=COMMON_EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/matching-flowers.md",
    round_example={
        "players": ["Aki", "Bo"],
        "dealer": "Aki",
        # Aki: the section 9 example 1 fixture (155 + 70 = 225); Bo: the other 26 cards.
        "captures": {
            "Aki": ["pine-crane", "pine-chaff-1", "pampas-moon", "pampas-geese",
                    "paulownia-phoenix", "paulownia-chaff-1", "willow-rainman",
                    "willow-lightning", "clover-boar", "clover-ribbon", "maple-deer",
                    "maple-chaff-1", "peony-butterflies", "peony-chaff-1", "wisteria-cuckoo",
                    "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2", "iris-ribbon",
                    "iris-chaff-1", "plum-chaff-1", "plum-chaff-2"],
            "Bo": ["pine-poetry", "pine-chaff-2", "plum-warbler", "plum-poetry",
                   "cherry-curtain", "cherry-poetry", "cherry-chaff-1", "cherry-chaff-2",
                   "iris-bridge", "iris-chaff-2", "peony-blue", "peony-chaff-2",
                   "clover-chaff-1", "clover-chaff-2", "pampas-chaff-1", "pampas-chaff-2",
                   "chrysanthemum-sake", "chrysanthemum-blue", "chrysanthemum-chaff-1",
                   "chrysanthemum-chaff-2", "maple-blue", "maple-chaff-2", "willow-swallow",
                   "willow-ribbon", "paulownia-chaff-colored", "paulownia-chaff-2"],
        },
        "length": 6,
    },
    lengths=(6, 12),
    description="The Japanese basic game hana-awase: card values plus fifteen yaku in five "
                "groups.",
    inputs=(
        LENGTH_INPUT,
        DEALT_HANDS_INPUT,
    ),
)
