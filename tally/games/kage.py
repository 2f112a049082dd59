"""Kage: the book authors' all-luck sequence game (shared/rules/kage.md).

Two players, 48 cards plus 4-6 jokers (wild), 6 cards each; play is forced and a player with
nothing to play draws until they can. A round is won by a dealt automatic win (4 or more
jokers, or a natural four of a kind), by going out, or, when the draw pile runs out, by holding
fewer cards. Every win is one round win; the first to 3 takes the game (seed 002 ch. 25, lines
5611-5697).
"""

from __future__ import annotations

from types import SimpleNamespace

from ..cards import FULL_DECK, mask_of, slugs_of
from ..errors import TallyError
from ..options import BOOL, HANAMI_BOOK, Option, Preset
from ..results import Evaluation, YakuHit, said
from ..rounds import event_words, ordinal
from . import EventDef, Game, InputDef, YakuDef
from ._sequence import (JP_ORDER, check_out_hands, chosen, full_month, month_masks, of_type,
                        one_of, out_hit, pile_mask, read_table, round_win_result, single,
                        stake_per_round_option)

GAME_ID = "kage"
JOKER_SLUGS = tuple(f"joker-{c}" for c in "abcdef")  # cards.md: the book's plain jokers
ALL_JOKERS = mask_of(JOKER_SLUGS)
DECK = FULL_DECK | ALL_JOKERS  # §1: 48 cards plus 4 to 6 jokers (the options pick how many)
HAND = 6
TARGET = 3  # §6: first to 3 round wins
MONTHS = month_masks(JP_ORDER, FULL_DECK)
JOKER_COUNTS = {"jokers_4": 4, "jokers_5": 5, "jokers_6": 6}

NAMES = {
    "four_plus_wilds": {"en": "4 or more Wild Cards"},
    "four_of_a_kind": {"en": "4 of a kind"},
    "out": {"en": "Out"},
    "fewest_cards": {"en": "Fewest cards when the deck is exhausted"},
}


def held(mask: int, c) -> list[tuple[str, int]]:
    """§3 automatic wins in a hand. A joker never completes a four of a kind (§10.4) unless
    ``jokers_fill_four_of_a_kind`` (the other reading) is on."""
    found = []
    jokers = mask & ALL_JOKERS
    if jokers.bit_count() >= 4:
        found.append(("four_plus_wilds", jokers))
    four = full_month(mask)
    if not four and c.jokers_fill and 0 < jokers.bit_count() < 4:
        need = 4 - jokers.bit_count()
        four = next((m | jokers for m in MONTHS if (mask & m).bit_count() >= need), 0)
    if four:
        found.append(("four_of_a_kind", mask & four))
    return found


def compile(rules):
    n = JOKER_COUNTS[chosen(GAME_ID, rules, JOKER_COUNTS)]
    return SimpleNamespace(rules=rules, jokers=n, deck=FULL_DECK | mask_of(JOKER_SLUGS[:n]),
                           jokers_fill=rules["jokers_fill_four_of_a_kind"],
                           empty=Evaluation(0, ()))


def evaluate(mask: int, c) -> Evaluation:
    """A dealt hand's automatic win (§3): worth one round win, so 1 point if any."""
    found = held(mask, c)
    if not found:
        return c.empty
    yid, cards = found[0]
    return Evaluation(1, (YakuHit(yid, NAMES[yid]["en"], 1, slugs_of(cards), NAMES[yid]),),
                      details={"also_held": [f[0] for f in found[1:]]} if found[1:] else {})


def _claims(table, c, ended_at_deal: bool) -> dict:
    out: dict = {}
    for i, ev in of_type(table.events, "auto_win"):
        p = ev["player"]
        yid = ev.get("yaku")
        if yid is not None and yid not in ("four_plus_wilds", "four_of_a_kind"):
            raise TallyError(said("{game}: event {n}, \"{event}\": the automatic win must be "
                                  "{yaku} or {other_yaku}, not {value!r}", game=GAME_ID,
                                  n=ordinal(i), event=event_words("auto_win"),
                                  yaku=NAMES["four_plus_wilds"]["en"],
                                  other_yaku=NAMES["four_of_a_kind"]["en"], value=yid),
                             game=GAME_ID, player=p, rule="auto_win", event="auto_win",
                             known=("four_plus_wilds", "four_of_a_kind"),
                             field=f"events.{i}.yaku")
        if p in out:
            raise TallyError(said("{game}: event {n}: {player!r} already has an \"{event}\" "
                                  "event", game=GAME_ID, n=ordinal(i), player=p,
                                  event=event_words("auto_win")),
                             game=GAME_ID, player=p, rule="auto_win", field=f"events.{i}")
        dealt = None
        if "cards" in ev:
            dealt = pile_mask(GAME, ev["cards"], player=p, field=f"events.{i}.cards")
        elif ended_at_deal and p in table.hands:
            dealt = table.hands[p]  # the round ended at the deal: the hand is the dealt hand
        if dealt is not None:
            if dealt & ~c.deck:
                bad = slugs_of(dealt & ~c.deck)[0]
                raise TallyError(said("{game}: card {card!r} is not in play with {n} jokers",
                                      game=GAME_ID, card=bad, n=c.jokers), game=GAME_ID, card=bad, player=p, rule="auto_win",
                                 field=f"events.{i}.cards")
            if dealt.bit_count() != HAND:
                raise TallyError(said("{game}: {player!r}'s dealt hand must be {size} cards "
                                      "to check an automatic win, not {n}", game=GAME_ID,
                                      player=p, size=HAND, n=dealt.bit_count()), game=GAME_ID,
                                 player=p, rule="auto_win", field=f"events.{i}.cards")
            found = held(dealt, c)
            if not found or (yid and yid not in [f[0] for f in found]):
                raise TallyError(said("{game}: {player!r}'s dealt hand ({cards}) holds no "
                                      "{yaku}", game=GAME_ID, player=p,
                                      cards=", ".join(slugs_of(dealt)),
                                      yaku=NAMES.get(yid, {}).get("en", yid)) if yid else
                                 said("{game}: {player!r}'s dealt hand ({cards}) holds no "
                                      "automatic win", game=GAME_ID, player=p,
                                      cards=", ".join(slugs_of(dealt))), game=GAME_ID, player=p,
                                 rule=yid or "auto_win", field=f"events.{i}")
            yid, cards = next(f for f in found if yid in (None, f[0]))
        elif yid is None:
            raise TallyError(said("{game}: event {n}, \"{event}\", needs the automatic win "
                                  "by name or the 6 dealt cards", game=GAME_ID, n=ordinal(i),
                                  event=event_words("auto_win")),
                             game=GAME_ID, player=p, rule="auto_win", event="auto_win",
                             field=f"events.{i}")
        else:
            cards = 0
        out[p] = (yid, cards)
    return out


def _hand_sizes(table, i, ev) -> dict:
    """§5.3: the cards left in each hand when the deck ran out, from the event's
    ``hand_sizes`` or the round's ``hands`` (both must agree when both are given)."""
    sizes = {}
    raw = ev.get("hand_sizes")
    if raw is not None:
        if not isinstance(raw, dict):
            raise TallyError(said("{game}: event {n}, \"{event}\": give each player's number "
                                  "of cards in hand", game=GAME_ID, n=ordinal(i),
                                  event=event_words("deck_exhausted")),
                             game=GAME_ID,
                             rule="deck_exhausted", field=f"events.{i}.hand_sizes")
        for p, n in raw.items():
            if p not in table.players:
                raise TallyError(said("{game}: the cards in hand name {player!r}, who is not "
                                      "one of the players",
                                      game=GAME_ID, player=p), game=GAME_ID, player=p, rule="deck_exhausted",
                                 field=f"events.{i}.hand_sizes.{p}")
            sizes[p] = _size(raw, p, i)
    for p, m in table.hands.items():
        n = m.bit_count()
        if p in sizes and sizes[p] != n:
            raise TallyError(said("{game}: {player!r} holds {size} cards by the count given, "
                                  "but their hand lists {n}", game=GAME_ID, player=p,
                                  size=sizes[p],
                                  n=n), game=GAME_ID, player=p, rule="deck_exhausted",
                             field=f"events.{i}.hand_sizes.{p}")
        sizes[p] = n
    for p in table.players:
        if p not in sizes:
            raise TallyError(said("{game}: the deck ran out: how many cards does {player!r} "
                                  "hold? Give their number of cards or their hand",
                                  game=GAME_ID, player=p),
                             game=GAME_ID, player=p,
                             rule="deck_exhausted", field=f"events.{i}.hand_sizes")
        if sizes[p] < 1:
            raise TallyError(said("{game}: {player!r} holds no cards, so they went out: "
                                  "enter an \"{event}\" event, not \"{other}\"", game=GAME_ID,
                                  player=p, event=event_words("out"),
                                  other=event_words("deck_exhausted")), game=GAME_ID, player=p,
                             rule="deck_exhausted", field=f"events.{i}.hand_sizes.{p}")
    return sizes


def _size(raw, p, i):
    v = raw[p]
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise TallyError(said("{game}: event {n}, \"{event}\": {player}'s number of cards "
                              "must be a whole number, not {value!r}", game=GAME_ID,
                              n=ordinal(i), event=event_words("deck_exhausted"), player=p,
                              value=v), game=GAME_ID, player=p,
                         rule="deck_exhausted", field=f"events.{i}.hand_sizes.{p}")
    return v


def score_round(rnd, c):
    g, rules = GAME, c.rules
    table = read_table(g, rnd, c.deck)
    i_out, out = single(g, of_type(table.events, "out"),
                        said("\"{event}\" event (only one player can go out first)",
                             event=event_words("out")))
    i_ex, exhausted = single(g, of_type(table.events, "deck_exhausted"),
                             said("\"{event}\" event", event=event_words("deck_exhausted")))
    if out is not None and exhausted is not None:
        raise TallyError(said("{game}: a round ends either when a player goes out or when "
                              "the deck runs out, not both (events {n} and {m})", game=g.id,
                              n=ordinal(i_out), m=ordinal(i_ex)), game=g.id,
                         rule="deck_exhausted", field=f"events.{i_ex}")
    played = out is not None or exhausted is not None
    claims = _claims(table, c, ended_at_deal=not played)
    notes = []
    if len(claims) == 2:
        (a, (ya, _)), (b, (yb, _)) = claims.items()
        notes.append(said("both players were dealt an automatic win ({player}: {yaku}, "
                          "{other}: {other_yaku}): both are cancelled and the round is played",
                          player=a, yaku=NAMES[ya]["en"], other=b, other_yaku=NAMES[yb]["en"]))
        if not played:
            raise TallyError(said("{game}: both players' automatic wins cancel and the round "
                                  "is played: enter the \"{event}\" or \"{other}\" event",
                                  game=g.id, event=event_words("out"),
                                  other=event_words("deck_exhausted")),
                             game=g.id, rule="out", field="events")
        claims = {}
    stake = rules["stake_per_round"]
    if claims:
        (winner, (yid, cards)), = claims.items()
        if played:
            i = i_out if out is not None else i_ex
            raise TallyError(said("{game}: {player!r}'s automatic win ends the round at the "
                                  "deal, so there is no play (event {n})", game=g.id,
                                  player=winner, n=ordinal(i)), game=g.id,
                             player=winner, rule=table.events[i]["type"], field=f"events.{i}")
        hit = out_hit(yid, NAMES[yid], 1, cards)
        return round_win_result(g, rules, table, winner, hit,
                                said("{yaku}: {player} was dealt an automatic win: 1 round "
                                     "win", yaku=NAMES[yid]["en"], player=winner),
                                target=TARGET, notes=notes, stake=stake)
    if out is not None:
        winner = out["player"]
        check_out_hands(g, table, winner)
        return round_win_result(g, rules, table, winner, out_hit("out", NAMES["out"], 1),
                                said("out: {player} was first to play their last card: 1 "
                                     "round win", player=winner),
                                target=TARGET, notes=notes, stake=stake)
    if exhausted is not None:
        sizes = _hand_sizes(table, i_ex, exhausted)
        fewest = min(sizes.values())
        leaders = [p for p in table.players if sizes[p] == fewest]
        (p1, p2) = table.players  # Kage is a two-player game
        shown = {"player1": p1, "cards1": sizes[p1], "player2": p2, "cards2": sizes[p2]}
        if len(leaders) > 1:
            notes.append(said("deck exhausted with equal hands ({player1} {cards1}, {player2} "
                              "{cards2}): nobody wins the round and the same dealer deals again",
                              **shown))
            return round_win_result(g, rules, table, None, None, "", target=TARGET,
                                    notes=notes, next_dealer=table.dealer)
        winner = leaders[0]
        return round_win_result(g, rules, table, winner,
                                out_hit("fewest_cards", NAMES["fewest_cards"], 1),
                                said("the deck ran out and {player} holds the fewest cards "
                                     "({player1} {cards1}, {player2} {cards2}): 1 round win",
                                     player=winner, **shown),
                                target=TARGET, notes=notes, stake=stake)
    raise TallyError(said("{game}: who won the round? Enter an \"{event}\", \"{other}\" or "
                          "\"{third}\" event", game=g.id, event=event_words("auto_win"),
                          other=event_words("out"), third=event_words("deck_exhausted")),
                     game=g.id, rule="out", field="events")


OPTIONS = one_of((
    Option("jokers_4", BOOL, True, "4 jokers (joker-a to joker-d) in the deck (the book allows "
           "4-6 and gives no usual number; 4 is recommended).", group="deck"),
    Option("jokers_5", BOOL, False, "5 jokers (joker-a to joker-e).", group="deck"),
    Option("jokers_6", BOOL, False, "6 jokers (joker-a to joker-f).", group="deck"),
)) + (
    Option("jokers_fill_four_of_a_kind", BOOL, False, "A joker completes a four of a kind "
           "(another reading). Off: natural cards only (recommended).",
           group="automatic wins"),
    stake_per_round_option(),
)

GAME = Game(
    id=GAME_ID,
    names={"en": "Kage"},
    family="sequence",
    players=(2, 2),
    deck=DECK,
    options=OPTIONS,
    presets=(Preset("book", "The book: 48 cards plus 4 jokers (the table may pick 5 or 6), "
                    "automatic wins, fewest cards wins on an exhausted deck, first to 3 round "
                    "wins, and the recommended readings where the book is "
                    "unclear.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=(
        YakuDef("four_plus_wilds", NAMES["four_plus_wilds"], "1 round win", JOKER_SLUGS,
                description="4 or more jokers in the dealt hand.", kind="hand"),
        YakuDef("four_of_a_kind", NAMES["four_of_a_kind"], "1 round win",
                description="All 4 natural cards of one month in the dealt hand.",
                kind="hand"),
        YakuDef("out", NAMES["out"], "1 round win", description="First player to play their "
                "last card.", kind="event"),
        YakuDef("fewest_cards", NAMES["fewest_cards"], "1 round win", description="The draw "
                "pile ran out before anyone went out: the player with fewer cards in hand "
                "wins (equal: nobody).", kind="event"),
    ),
    events=(
        EventDef("auto_win", "A player shows an automatic win right after the deal (one event "
                 "per player if both do).",
                 {"yaku": InputDef("", "choice", "the automatic win (optional when cards are "
                                   "given)", choices=("four_plus_wilds", "four_of_a_kind")),
                  "cards": InputDef("", "cards", "the 6 dealt cards (optional; checks the "
                                    "claim)")}),
        EventDef("out", "The player played the last card from their hand."),
        EventDef("deck_exhausted", "The draw pile ran out before anyone went out.",
                 {"hand_sizes": InputDef("", "map", "cards left in each hand (or give "
                                         "'hands')", keys="players",
                                         item=InputDef("", "int", "Cards", required=True,
                                                       minimum=1))},
                 per_player=False),
    ),
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/kage.md",
    max_pile=None,  # hands grow: a player draws until they can play (§2)
    lengths=(),
    description="Forced sequence play with 4-6 jokers; go out first, or hold the fewest cards "
                "when the deck runs out. First to 3 round wins.",
    # §9 E1 (book p. 132): A goes out with February, March, April, May; B still holds the
    # December.
    round_example={
        "players": ["A", "B"],
        "dealer": "A",
        "events": [{"type": "out", "player": "A"}],
        "hands": {"A": [], "B": ["paulownia-phoenix"]},
    },
    pile_key="hands",  # the cards entered are the ones held, not captured
)
