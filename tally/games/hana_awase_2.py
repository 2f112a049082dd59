"""Hana-Awase 2 (shared/rules/hana-awase-2.md; Hanami book chapter 7).

Three players. Base = card value - 88 (par = 264 / 3). The round stops at the first yaku:
its holder adds the yaku value and each other player subtracts the full value; the holder
wins the round whatever the numbers (section 5). A round with no yaku ended normally: every
card is captured and the highest base wins.
"""

from __future__ import annotations

from ..cards import BRIGHTS, CHAFFS, FULL_DECK, RIBBONS, TENS, mask_of
from ..errors import TallyError
from ..options import BOOL, Option
from ..results import said
from ..rounds import event_words
from . import EventDef, Game
from ._capture import DEALT_HANDS_INPUT, LENGTH_INPUT
from ._capture import (COMMON_EVENTS, SETTLE_IDS, STANDARD_VALUES, Compiled, Ledger, _taking,
                       book_preset, card_step, check_all_captured, decide,
                       evaluate_compiled, finish, game_winner, groups_of, misdeal_result,
                       month_warnings, read_piles, read_table, row, shared_options, tie_note,
                       yaku_defs, yaku_steps)

DRY_RIBBONS = RIBBONS & ~mask_of(["willow-ribbon"])
PAR = 88  # section 2: 264 / 3
PAR_WORTHLESS = 80  # 10.4: 240 / 3, the app-level alternative with worthless_chaff

ROWS = (
    row("five_brights", "5 Brights", 100, ["pine-crane", "cherry-curtain", "pampas-moon",
                                           "willow-rainman", "paulownia-phoenix"],
        "bright", True, ja="五光"),
    row("four_dry_brights", "4 Dry Brights (excluding Rain)", 60,
        ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"], "bright", True,
        ja="四光"),
    row("seven_dry_ribbons", "Any 7 Dry Ribbons (excluding Rain)", 60, DRY_RIBBONS, "ribbon",
        False, need=7),
    row("purple_ribbons", "3 Purple Ribbons", 40,
        ["peony-blue", "chrysanthemum-blue", "maple-blue"], "ribbon", False, ja="青短"),
    row("poetry_ribbons", "3 Poetry Ribbons", 40,
        ["pine-poetry", "plum-poetry", "cherry-poetry"], "ribbon", False, ja="赤短"),
    # The storm chaff and the coloured paulownia chaff are chaff like the others (section 4).
    row("fourteen_chaffs", "Any 14 Chaffs", 60, CHAFFS, "chaff", False, need=14),
)
GROUPS = groups_of(ROWS)
WORTHLESS_VALUES = ((BRIGHTS, 20), (TENS, 10), (RIBBONS, 5), (CHAFFS, 0))

OPTIONS = (
    Option("bankrupt", BOOL, False,
           "Every player starts with 200 points; the game ends as soon as a running total is "
           "0 or less (or after the agreed rounds); the most points wins.", group="game flow"),
    Option("misery_loves_company", BOOL, False,
           "A player whose captured card value is 15 or less gains 40 and every other player "
           "loses 40, on top of normal scoring (once per qualifying player).",
           group="round scoring"),
    Option("worthless_chaff", BOOL, False,
           "Chaff cards are worth 0 points; the par stays 88 (the book).",
           group="round scoring"),
    # 10.4: "Offer par 80 as an app-level option, not as the book's rule."
    Option("worthless_chaff_par_80", BOOL, False,
           "When chaffs are worthless, use the fair par of 80 (240 / 3) "
           "instead of the book's 88.", group="reading"),
) + shared_options("tie_credits_round_win", *SETTLE_IDS)

PRESETS = (book_preset("As the book has it: par 88, the round ends at the first yaku, all three "
                       "variations off, 6 or 12 rounds."),)

MISDEALS = ("field_four", "hand_four_of_a_kind")  # section 3: four pairs is not one here
EVENTS = COMMON_EVENTS + (
    EventDef("yaku_round_end", "The named player's turn completed a yaku: the round ended "
             "after that Phase Three (optional: inferred from the captures; checked when "
             "given)."),
)


def compile(rules) -> Compiled:
    values = WORTHLESS_VALUES if rules.worthless_chaff else STANDARD_VALUES
    par = PAR_WORTHLESS if rules.worthless_chaff and rules.worthless_chaff_par_80 else PAR
    return Compiled(rules, values, GROUPS, {"par": par})


evaluate = evaluate_compiled  # the par and the other players' share: see score_round


def score_round(rnd, c: Compiled):
    r = c.rules
    t = read_table(GAME, rnd, r, MISDEALS)
    if t.misdeal:
        return misdeal_result(t, r.preset)
    piles = read_piles(t, rnd)
    evs = {p: evaluate(piles[p], c) for p in t.players}
    holders = [p for p in t.players if evs[p].yaku]
    notes: list[str] = []
    if len(holders) > 1:
        raise TallyError(said("{game}: {players} both hold a yaku, but the round ends at "
                              "the first yaku", game=GAME.id, players=" and ".join(holders)),
                         game=GAME.id,
                         player=holders[1], rule="yaku_round_end", field="captures")
    for i, ev in enumerate(t.events):
        if ev["type"] == "yaku_round_end" and ev["player"] not in holders:
            raise TallyError(said("{game}: \"{event}\" names {player!r}, who holds no yaku",
                                  game=GAME.id, event=event_words("yaku_round_end"),
                                  player=ev['player']), game=GAME.id,
                             player=ev["player"],
                             rule="yaku_round_end", field=f"events.{i}.player")
    if not holders:
        total = check_all_captured(t, piles, c.values, said("nobody holds a yaku, so the round "
                                                            "ran to its normal end"))
        notes.append(said("no yaku: the round ran to its end; card values total {total}",
                          total=total))
    par = c.extra["par"]
    led = Ledger(t.players)
    for p in t.players:
        card_step(led, p, piles[p], evs[p], c.values)
        led.add(p, "par", -par, said("minus {par} (par)", par=par))
        yaku_steps(led, p, evs[p])
    if holders:
        y = holders[0]
        yv = evs[y].details["yaku_value"]
        names = " + ".join(f"{h.name} {h.points}" for h in evs[y].yaku if h.points)
        for p in t.players:
            if p != y:
                led.add(p, "yaku_paid", -yv, said("{player}'s yaku ({yaku}): each other "
                                                  "player loses the full {total}", player=y,
                                                  yaku=names, total=yv))
        notes.append(said("the round ended at {player}'s yaku; {player} wins the round", player=y))
    if r.misery_loves_company:
        for q in t.players:
            cv = evs[q].details["card_value"]
            if cv <= 15:  # 10.3: the captured card value
                for p in t.players:
                    if p == q:
                        led.add(p, "misery_loves_company", 40, said(
                            "misery loves company: {player} captured {value} (15 or less): +40",
                            player=q, value=cv))
                    else:
                        led.add(p, "misery_loves_company", -40, said(
                            "misery loves company: {player} captured {value} (15 or less): -40",
                            player=q, value=cv))
    if holders:
        winner = next_dealer = holders[0]
        tied = ()
    else:
        winner, next_dealer, tied = decide(t, led.total)
        if tied:
            notes.append(tie_note(t, tied, winner, next_dealer))
    notes += month_warnings(piles, t.players)
    yaku = {p: evs[p].yaku for p in t.players}

    end_check = None
    if r.bankrupt:
        def end_check(totals, wins):
            broke = [p for p in t.players if totals[p] <= 0]
            if not broke:
                return None
            gw, how = game_winner(t, totals, wins)
            return gw, _taking("bankrupt: {players} at 0 or less; ", how,
                               players=", ".join(broke))
    return finish(t, r.preset, led, yaku, winner, next_dealer, notes, end_check=end_check,
                  start=200 if r.bankrupt else 0)


GAME = Game(
    id="hana-awase-2",
    names={"en": "Hana-Awase 2", "ja": "花合わせ・その2 (88点基準)"},
    family="capture",
    players=(3, 3),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=yaku_defs(ROWS),
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/hana-awase-2.md",
    round_example={
        # hana-awase-2.md section 9, Example 1: the round stopped at A's poetry ribbons.
        "players": ["A", "B", "C"],
        "dealer": "A",
        "captures": {
            "A": ["pine-crane", "pine-poetry", "cherry-curtain", "cherry-poetry",
                  "plum-poetry", "plum-chaff-1", "paulownia-phoenix", "paulownia-chaff-1",
                  "paulownia-chaff-2", "paulownia-chaff-colored"],
            "B": ["pampas-moon", "pampas-geese", "wisteria-cuckoo", "wisteria-ribbon",
                  "iris-bridge", "iris-chaff-1", "plum-warbler", "plum-chaff-2"],
            "C": ["clover-boar", "clover-ribbon", "maple-deer", "maple-blue",
                  "peony-butterflies", "peony-chaff-1", "chrysanthemum-chaff-1",
                  "chrysanthemum-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2"],
        },
        "events": [{"type": "yaku_round_end", "player": "A"}],
        "length": 6,
    },
    lengths=(6, 12),
    description="The book's second hana-awase: par 88, and the round stops at the first yaku, "
                "which every other player pays in full.",
    inputs=(
        LENGTH_INPUT,
        DEALT_HANDS_INPUT,
    ),
)
