"""Mushi (shared/rules/mushi.md; Hanami book chapter 8).

Two players, 40 cards (no peony, no bush clover), deck total 230, par 115. The Storm Chaff
(``willow-lightning``) is wild in play but an ordinary 1-point chaff for scoring; leftovers go
to players, so every card ends up captured. Round score = (card value - 115) + own yaku -
opponent's yaku: zero-sum between the two players.
"""

from __future__ import annotations

from ..cards import WILLOW, deck_without, mask_of
from ..errors import TallyError
from ..options import BOOL, Option
from ..results import said
from ..rounds import event_words, ordinal
from . import EventDef, Game, InputDef
from ._capture import DEALT_HANDS_INPUT, LENGTH_INPUT
from ._capture import (COMMON_EVENTS, SETTLE_IDS, STANDARD_VALUES, Compiled, Ledger,
                       book_preset, card_step, check_all_captured, decide, evaluate_compiled,
                       finish, groups_of, misdeal_result, read_piles, read_table, row,
                       shared_options, tie_note, yaku_defs, yaku_steps)

DECK = deck_without("peony", "clover")
PAR = 115  # section 2: half of 230
LIGHTNING = mask_of(["willow-lightning"])
OTHER_WILLOWS = WILLOW & ~LIGHTNING

# Section 4: all four stack ("earn points from each").
ROWS = (
    row("five_brights", "5 Brights", 30, ["pine-crane", "cherry-curtain", "pampas-moon",
                                          "willow-rainman", "paulownia-phoenix"],
        "yaku", False, ja="五光"),
    row("spring_semi_brights", "Spring Semi-Brights", 25,
        ["pine-crane", "plum-warbler", "cherry-curtain"], "yaku", False, ja="表菅原"),
    row("all_four_wisteria", "All 4 Wisteria", 10,
        ["wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2"],
        "yaku", False),
    row("all_four_paulownia", "All 4 Paulownia", 10,
        ["paulownia-phoenix", "paulownia-chaff-colored", "paulownia-chaff-1",
         "paulownia-chaff-2"], "yaku", False),
)

OPTIONS = shared_options("four_of_a_kind_not_misdeal") + (
    Option("first_to_50", BOOL, False,
           "The game ends after the round in which a running total reaches 50 or more (or "
           "after the agreed rounds); that player wins.", group="game flow"),
    Option("too_many_brights", BOOL, False,
           "5 Brights is not a yaku (worth 0); the other three stay.", group="round scoring"),
) + shared_options("counting_rounds", "tie_credits_round_win", *SETTLE_IDS)

PRESETS = (book_preset("As the book has it: 40-card deck, Storm Chaff wild, par 115, all four "
                       "variations off, 6 or 12 rounds."),)

EVENTS = COMMON_EVENTS + (
    EventDef("wild_capture", "The player used willow-lightning (the Storm Chaff) to take "
             "'card' (never one of the other three willow cards). Play only; checked against "
             "the captures.",
             {"card": InputDef("", "card", "the card the Storm Chaff took", required=True)}),
    EventDef("storm_last_card", "willow-lightning was the last card drawn: the player took "
             "every card left on the field. Play only; checked against the captures."),
    EventDef("leftover_assignment", "A card left on the field at the end went to the player: the "
             "last willow to the holder of the other two, the other leftover to the Storm Chaff's "
             "player (or whoever captured it). Checked against the captures.",
             {"card": InputDef("", "card", "the leftover card", required=True)}),
)


def compile(rules) -> Compiled:
    rows = tuple(r for r in ROWS if not (rules.too_many_brights and r.id == "five_brights"))
    return Compiled(rules, STANDARD_VALUES, groups_of(rows))


evaluate = evaluate_compiled  # par and the opponent's yaku are round matters


def _check_events(t, piles) -> None:
    def holder(card_mask):
        return next((p for p in t.players if piles[p] & card_mask), None)

    for i, ev in enumerate(t.events):
        kind, p = ev["type"], ev.get("player")
        where = f"events.{i}"
        if kind in ("wild_capture", "leftover_assignment"):
            slug = ev.get("card")
            try:
                bit = mask_of([slug])
            except (TallyError, TypeError):
                raise TallyError(said("{game}: event {n}, \"{event}\", needs a card of the "
                                      "deck, not {value!r}", game="mushi", n=ordinal(i),
                                      event=event_words(kind), value=slug),
                                 game="mushi", card=str(slug), rule=kind,
                                 field=f"{where}.card") from None
            if not bit & DECK:
                raise TallyError(said("{game}: card {card!r} is not in the {game} deck",
                                      game="mushi", card=slug), game="mushi",
                                 card=slug, rule=kind, field=f"{where}.card")
            if not piles[p] & bit:
                owner = holder(bit)
                raise TallyError(said("{game}: \"{event}\" says {player} took {card!r}, but it "
                                      "is in {owner}'s captures", game="mushi",
                                      event=event_words(kind), player=p, card=slug,
                                      owner=owner) if owner else
                                 said("{game}: \"{event}\" says {player} took {card!r}, but it "
                                      "is in nobody's captures", game="mushi",
                                      event=event_words(kind), player=p, card=slug),
                                 game="mushi",
                                 card=slug, player=p, rule=kind, field=f"{where}.card")
            if kind == "wild_capture":
                if bit & WILLOW:
                    raise TallyError(said("{game}: the Storm Chaff cannot take {card!r}: never "
                                          "a willow card", game="mushi", card=slug),
                                     game="mushi",
                                     card=slug,
                                     player=p, rule=kind, field=f"{where}.card")
                if not piles[p] & LIGHTNING:
                    raise TallyError(said("{game}: {player} used the Storm Chaff but {storm} is "
                                          "in {owner}'s captures", game="mushi", player=p,
                                          owner=holder(LIGHTNING), storm="willow-lightning"),
                                     game="mushi",
                                     card="willow-lightning", player=p, rule=kind,
                                     field=f"{where}.player")
            elif bit & OTHER_WILLOWS:
                if piles[p] & OTHER_WILLOWS != OTHER_WILLOWS:
                    raise TallyError(said("{game}: the last willow {card!r} goes to the player "
                                          "who captured the other two willows, not {player}",
                                          game="mushi", card=slug, player=p), game="mushi",
                                     card=slug, player=p, rule=kind, field=f"{where}.player")
            elif not piles[p] & LIGHTNING:
                raise TallyError(said("{game}: the leftover {card!r} goes to the Storm Chaff's "
                                      "player, but {player} does not hold {storm}",
                                      game="mushi", card=slug, player=p,
                                      storm="willow-lightning"),
                                 game="mushi", card=slug, player=p, rule=kind,
                                 field=f"{where}.player")
        elif kind == "storm_last_card" and not piles[p] & LIGHTNING:
            raise TallyError(said("{game}: \"{event}\" names {player}, but {storm} is in "
                                  "{owner}'s captures", game="mushi", event=event_words(kind),
                                  player=p, owner=holder(LIGHTNING), storm="willow-lightning"),
                             game="mushi",
                             card="willow-lightning", player=p, rule=kind,
                             field=f"{where}.player")


def score_round(rnd, c: Compiled):
    r = c.rules
    t = read_table(GAME, rnd, r)
    if t.misdeal:
        return misdeal_result(t, r.preset)
    piles = read_piles(t, rnd)
    total = check_all_captured(t, piles, c.values, said("in Mushi the leftovers go to players"))
    _check_events(t, piles)
    a, b = t.players
    evs = {p: evaluate(piles[p], c) for p in t.players}
    led = Ledger(t.players)
    for p, q in ((a, b), (b, a)):
        card_step(led, p, piles[p], evs[p], c.values)
        led.add(p, "par", -PAR, said("minus {par} (par, half of 230)", par=PAR))
        yaku_steps(led, p, evs[p])
        qv = evs[q].details["yaku_value"]
        if qv:
            names = " + ".join(f"{h.name} {h.points}" for h in evs[q].yaku if h.points)
            led.add(p, "opponent_yaku", -qv, said("minus {player}'s yaku ({yaku})", player=q,
                                                  yaku=names))
    notes = [said("card values total {total} (the 40-card deck)", total=total)]
    winner, next_dealer, tied = decide(t, led.total)
    if tied:
        notes.append(tie_note(t, tied, winner, next_dealer))

    end_check = None
    if r.first_to_50:
        def end_check(totals, wins):
            top = [p for p in t.players if totals[p] >= 50]
            if top:  # zero-sum totals: at most one player can be at 50 or more
                return top[0], said("first to 50: {player} reached {total}", player=top[0],
                                    total=totals[top[0]])
            return None
    return finish(t, r.preset, led, {p: evs[p].yaku for p in t.players}, winner, next_dealer,
                  notes, end_check=end_check)


GAME = Game(
    id="mushi",
    names={"en": "Mushi", "ja": "虫"},
    family="capture",
    players=(2, 2),
    deck=DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=yaku_defs(ROWS),
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/mushi.md",
    max_pile=40,
    round_example={
        # mushi.md section 9, Example 1 (book figure 8.2): B's Storm Chaff took pampas-chaff-1
        # and both leftovers went to B.
        "players": ["A", "B"],
        "dealer": "A",
        "captures": {
            "A": ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2",
                  "cherry-curtain", "cherry-chaff-1", "plum-warbler", "plum-poetry",
                  "pampas-moon", "pampas-geese", "iris-bridge", "iris-ribbon",
                  "paulownia-phoenix", "paulownia-chaff-colored", "paulownia-chaff-1",
                  "paulownia-chaff-2"],
            "B": ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning",
                  "wisteria-cuckoo", "wisteria-ribbon", "wisteria-chaff-1", "wisteria-chaff-2",
                  "cherry-poetry", "cherry-chaff-2", "plum-chaff-1", "plum-chaff-2",
                  "iris-chaff-1", "iris-chaff-2", "pampas-chaff-1", "pampas-chaff-2",
                  "chrysanthemum-sake", "chrysanthemum-blue", "chrysanthemum-chaff-1",
                  "chrysanthemum-chaff-2", "maple-deer", "maple-blue", "maple-chaff-1",
                  "maple-chaff-2"],
        },
        "events": [{"type": "wild_capture", "player": "B", "card": "pampas-chaff-1"},
                   {"type": "leftover_assignment", "player": "B", "card": "pampas-chaff-2"},
                   {"type": "leftover_assignment", "player": "B", "card": "willow-ribbon"}],
        "length": 6,
    },
    lengths=(6, 12),
    description="Two-player zero-sum capture game with a 40-card deck and a wild Storm Chaff.",
    inputs=(
        LENGTH_INPUT,
        DEALT_HANDS_INPUT,
    ),
)
