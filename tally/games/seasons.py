"""Seasons: the Hanami book's pure-luck patience (shared/rules/seasons.md).

48 cards face down in the field and a 4-card hand; play a hand card to its month's place and
pick up the card there. A win when every month is in place, a loss when the hand holds the 4
jokers first (section 4). The book's multiplayer variations decide who wins as section 10.1
recommends. No points: a win counts 1 (``_patience``).
"""

from __future__ import annotations

from types import SimpleNamespace
from collections.abc import Mapping

from ..cards import FULL_DECK
from ..errors import TallyError
from ..options import BOOL, HANAMI_BOOK, Option, Preset
from ..results import RoundResult, Said, said
from ..options import rule_words
from ..rounds import event_words, events_of, ordinal, player_field, players_of
from . import EventDef, Game, InputDef
from ._patience import (DECK52, JOKERS, Spec, evaluate as _evaluate, exactly_one, notes_of,
                        read_progress, read_result, record, result_defs, result_words)

GAME_ID = "seasons"
MODES = ("solo", "out_variation", "pass_variation", "cooperative_variation")
SPEC = Spec(GAME_ID, "placed", "flower cards placed in the field", FULL_DECK, 48,
            lambda n: n == 48, "all 48 flower cards in their places")


def compile(rules):
    mode = exactly_one(GAME_ID, rules, MODES)
    return SimpleNamespace(rules=rules, mode=mode,
                           spec=SPEC if mode == "solo" else
                           Spec(**{**SPEC.__dict__, "variations": (mode,)}))


def evaluate(mask: int, c):
    """The flower cards placed in the field: all 48 is a win (section 4), fewer a loss."""
    return _evaluate(c.spec, mask)


def _players(rnd, mode):
    if mode == "solo":
        return players_of(GAME, rnd, minimum=1, maximum=1)
    players = players_of(GAME, rnd, minimum=2, maximum=4)
    if mode == "out_variation" and len(players) == 3:
        # section 10.2: the book describes only 2 and 4 players
        raise TallyError(said("{game}: the house rule \"{rule}\" is for 2 or 4 players, not 3",
                              game=GAME_ID, rule=rule_words(GAME_ID, "out_variation")),
                         game=GAME_ID, option="out_variation", field="players")
    return players


def _hand(rnd, mode) -> bool:
    """The 4-card hand at the end: only the 4 jokers can be left (the field always holds 48
    cards). True when it was given."""
    if "hand" not in rnd:
        return False
    if mode == "out_variation":
        raise TallyError(said("{game}: under the house rule \"{rule}\" each player holds "
                              "their own cards; record who went out with \"{event}\" events "
                              "instead of the hand", game=GAME_ID,
                              rule=rule_words(GAME_ID, "out_variation"),
                              event=event_words("out")),
                         game=GAME_ID, field="hand")
    from ._rummy import card_list  # slug validation with messages that name the card
    hand = card_list(GAME_ID, rnd["hand"], what=said("the hand"), field="hand", deck=DECK52,
                     deck_words=said("48 flower cards and {first}..{last}", first="joker-a",
                                     last="joker-d"))
    if hand != JOKERS:
        raise TallyError(said("{game}: the round ends only when the hand holds the 4 jokers "
                              "({first}..{last}); this hand is not an end of the game",
                              game=GAME_ID, first="joker-a", last="joker-d"),
                         game=GAME_ID, field="hand", rule="loss")
    return True


def score_round(rnd: Mapping, c) -> RoundResult:
    mode, spec = c.mode, c.spec
    players = _players(rnd, mode)
    dealer = player_field(GAME, rnd, "dealer", players, required=False)
    events = events_of(GAME, rnd, players)
    count, mask = read_progress(spec, rnd)
    has_hand = _hand(rnd, mode)
    outs, fourth = [], None
    for i, ev in enumerate(events):
        kind, p = ev["type"], ev["player"]
        want = {"out": "out_variation", "fourth_joker": "pass_variation"}[kind]
        if mode != want:
            raise TallyError(said("{game}: event {n}, \"{event}\", needs the house rule "
                                  "\"{rule}\"", game=GAME_ID, n=ordinal(i),
                                  event=event_words(kind), rule=rule_words(GAME_ID, want)),
                             game=GAME_ID, rule=kind, option=want, field=f"events.{i}")
        if kind == "out":
            if p in outs:
                raise TallyError(said("{game}: {player!r} goes out twice", game=GAME_ID,
                                      player=p), game=GAME_ID, player=p,
                                 rule=kind, field=f"events.{i}")
            outs.append(p)
        else:
            if fourth is not None:
                raise TallyError(said("{game}: only one player draws the 4th joker",
                                      game=GAME_ID),
                                 game=GAME_ID, player=p, rule=kind, field=f"events.{i}")
            fourth = p
    derived = None
    if has_hand or fourth is not None or (outs and len(outs) == len(players)):
        derived = "loss"  # section 4: the jokers were all held before the field was complete
    result = read_result(spec, rnd, count, derived=derived)

    # who wins, section 10.1
    if mode == "out_variation":
        if result == "loss" and len(outs) < len(players):
            still = next(p for p in players if p not in outs)
            raise TallyError(said("{game}: {player!r} is still in; under the house rule "
                                  "\"{rule}\" the game is lost only when everyone is out",
                                  game=GAME_ID, player=still,
                                  rule=rule_words(GAME_ID, "out_variation")),
                             game=GAME_ID, player=still,
                             rule="loss", field="events")
        if result == "win" and len(outs) == len(players):
            raise TallyError(said("{game}: everyone went out, so the field was not completed",
                                  game=GAME_ID), game=GAME_ID, rule="win", field="result")
        winners = [p for p in players if p not in outs] if result == "win" else []
    elif mode == "pass_variation":
        if result == "loss" and fourth is None:
            raise TallyError(said("{game}: under the house rule \"{rule}\" a loss needs the "
                                  "player who drew the 4th joker (the \"{event}\" event)",
                                  game=GAME_ID, rule=rule_words(GAME_ID, "pass_variation"),
                                  event=event_words("fourth_joker")), game=GAME_ID,
                             rule="fourth_joker", field="events")
        if result == "win" and fourth is not None:
            raise TallyError(said("{game}: the field was completed, so nobody drew the 4th "
                                  "joker before that", game=GAME_ID),
                             game=GAME_ID, player=fourth, rule="fourth_joker",
                             field="events")
        winners = list(players) if result == "win" else [p for p in players if p != fourth]
    else:  # solo, cooperative: one shared result
        winners = list(players) if result == "win" else []

    out = []
    for p in players:
        mine = "win" if p in winners else "loss"
        why = result_words(spec, result, count)
        if mode == "out_variation" and p in outs:
            # one template per result shape: "{player} went out; " + the result
            why = (said("{player} went out; " + why.template, player=p,
                        **why.params) if isinstance(why, Said) else
                   f"{p} went out; {why}")
        elif mode == "pass_variation" and result == "loss":
            why = (said("{player} drew the 4th joker", player=p)
                   if p == fourth else
                   said("{player} drew the 4th joker, the others win",
                        player=fourth))
        out.append(record(spec, p, mine, count, mask, why))
    notes = list(notes_of(spec, None))
    if len(players) > 1:
        notes.append(said("winners: {players}", players=", ".join(winners)) if winners else
                     said("no winner"))
    return RoundResult(GAME_ID, c.rules.preset, tuple(out), (),
                       winners[0] if len(winners) == 1 else None, dealer or players[0], {},
                       tuple(notes))


OPTIONS = (
    Option("solo", BOOL, True, "One player with a 4-card hand (the book's main rules)",
           group="variation", excludes=MODES[1:]),
    Option("out_variation", BOOL, False,
           "2 players with 2 cards each or 4 with 1 each take turns; a player holding 2 jokers (2 "
           "players) or 1 joker (4 players) is out. Those still in when the "
           "field is complete win", group="variation",
           excludes=("solo", "pass_variation", "cooperative_variation")),
    Option("pass_variation", BOOL, False,
           "2-4 players; the 4-card hand passes to the right each time a joker is drawn. The "
           "player who draws the 4th joker loses, the others win", group="variation",
           excludes=("solo", "out_variation", "cooperative_variation")),
    Option("cooperative_variation", BOOL, False,
           "2-4 players share the 4-card hand as a team: one shared win or loss",
           group="variation", excludes=("solo", "out_variation", "pass_variation")),
)

GAME = Game(
    id=GAME_ID,
    names={"en": "Seasons"},
    family="fusion",
    # seasons.md section 1: 1 player, 2-4 through the multiplayer variations
    players=(1, 4),
    deck=DECK52,
    options=OPTIONS,
    presets=(Preset("book", "solo: one player, 4-card hand, 52 cards; result win or loss. "
                    "The three multiplayer modes are chosen explicitly.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=result_defs("every month revealed in its own place (all 48 flower cards placed)",
                     "the hand holds all 4 jokers before that"),
    events=(EventDef("out", "Playing with players out: the player holds 2 jokers (2 players) or 1 "
                     "joker (4 players) and is out; in the order it happened",
                     requires=("out_variation",)),
            EventDef("fourth_joker", "Playing with the hand passed on: the player who drew the "
                     "4th joker (loses)", requires=("pass_variation",))),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/seasons.md",
    max_pile=48,
    round_example={"players": ["Aki"], "result": "loss", "placed": 37,
                   "hand": ["joker-a", "joker-b", "joker-c", "joker-d"]},
    description="Patience for 1 (or 2-4 in the variations): lay every month in its place "
                "before the 4 jokers end up in hand. Pure luck; the result is win or loss.",
    pile_key=None,  # one result per round, not a pile per player
    inputs=(
        InputDef("result", "choice", "Win: every month is in place. Loss: the hand holds the "
                 "four jokers first. May be left out when 'placed' or the events decide it.",
                 choices=("win", "loss")),
        InputDef("placed", "int", "Optional progress: how many flower cards were placed in "
                 "the field (48 is a win, fewer a loss).", minimum=0, maximum=48),
        InputDef("hand", "cards", "Optional: the final hand, which can only be the four "
                 "jokers (it records a loss)."),
    ),
)
