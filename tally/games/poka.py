"""Poka: the base game of the sequence family (shared/rules/poka.md).

Two players, 6 cards each; the first to empty their hand wins the round and takes 1 token from
the pool (2 for an all-out on their own first turn). A dealt teyaku ("automatic win") wins the
round at once. First to 5 tokens (or 3 / 2 in the shorter games) wins the game. Two sources:
the Hanami book (seed 002, ch. 22) and the wiki page (seed 003); where they differ they are
options and the presets ``book`` and ``wiki``.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from types import SimpleNamespace

from ..cards import FULL_DECK, mask_of, slugs_of
from ..errors import TallyError
from ..options import BOOL, CHOICE, HANAMI_BOOK, Option, Preset
from ..results import Evaluation, PlayerScore, RoundResult, Step, YakuHit, said
from ..rounds import event_words, ordinal
from ..options import rule_words
from . import EventDef, Game, InputDef, YakuDef
from ._sequence import (JP_ORDER, NIBBLE_FOURS, NIBBLE_ONES, check_below_target,
                        check_out_hands, chosen, first_to, flag, full_month, month_masks,
                        month_nibbles, of_type, one_of, pile_mask, play_option, read_table,
                        read_totals, single, stake_option, stake_payments)

GAME_ID = "poka"
DECK = FULL_DECK  # §1: the 48 flower cards, no jokers
HAND = 6  # §1: 6 cards each; players never draw into their hands (§2)
MONTHS = month_masks(JP_ORDER, DECK)
PINE = MONTHS[0]
# §2: the three wilds (book) / ghost cards (wiki): crane, pine poetry ribbon, bush warbler.
WILDS = mask_of(["pine-crane", "pine-poetry", "plum-warbler"])


@dataclass(frozen=True)
class Teyaku:
    id: str
    names: dict
    tokens: int
    condition: str


# §3, in the digest's order (seed 002 lines 5251-5259, seed 003 lines 52-57).
TEYAKU = (
    Teyaku("three_wilds", {"en": "All 3 Wild Cards (Ghost Triplet)", "ja": "化三枚"}, 2,
           "pine-crane, pine-poetry and plum-warbler in the dealt hand"),
    Teyaku("three_pairs", {"en": "3 pairs (Triple Sticky)", "ja": "三双"}, 2,
           "the 6 dealt cards split into 3 pairs of the same month (natural months)"),
    Teyaku("three_januaries", {"en": "Any 3 January cards (January Triplet)",
                               "ja": "ピン三枚"}, 2,
           "at least 3 of the 4 pine (January) cards"),
    Teyaku("four_of_a_kind", {"en": "4 of a kind (Buttakuri)", "ja": "ブッタクリ"}, 5,
           "all 4 cards of one month"),
)
BY_ID = {t.id: t for t in TEYAKU}
OUT_NAMES = {"en": "Out"}
ALL_OUT_NAMES = {"en": "All out", "ja": "総出し"}

# §5 step 3 / §8: what happens when both players are dealt a teyaku (house option).
SIMULTANEOUS = ("void_equal", "both_score")

# §8 game lengths: (pool size, target). The wiki's 3-point game has no pool (§10.9).
LENGTHS = {"pool_9_target_5": (9, 5), "best_of_five": (5, 3), "best_of_three": (3, 2),
           "san_mon_shobu": (None, 3)}


def held(mask: int) -> list[tuple[Teyaku, int]]:
    """Every teyaku a hand holds, with the cards that make it. Natural months only (§5.1,
    §10.3): a wild never fills a pair or a triplet; the crane and the pine ribbon are still
    January cards."""
    found = []
    if mask & WILDS == WILDS:
        found.append((TEYAKU[0], WILDS))
    counts = month_nibbles(mask)  # 12 month counts at once, 4 bits each
    if mask.bit_count() == HAND and not counts & NIBBLE_ONES:  # every month count even
        found.append((TEYAKU[1], mask))
    pines = mask & PINE
    if pines.bit_count() >= 3:
        found.append((TEYAKU[2], pines))
    four = full_month(mask)
    if four:
        found.append((TEYAKU[3], four))
    return found


def award(found, stack: bool) -> tuple[int, list]:
    """§5.2 / §10.2: only the highest single teyaku scores (first in table order on equal
    values); ``teyaku_stack`` is the other reading (they add up)."""
    if stack:
        return sum(t.tokens for t, _ in found), found
    best = max(found, key=lambda f: f[0].tokens)
    return best[0].tokens, [best]


def _hit(t: Teyaku, cards: int) -> YakuHit:
    return YakuHit(t.id, t.names["en"], t.tokens, slugs_of(cards), t.names)


def compile(rules):
    length = chosen(GAME_ID, rules, LENGTHS)
    pool, target = LENGTHS[length]
    empty = Evaluation(0, ())
    return SimpleNamespace(rules=rules, length=length, pool=pool, target=target,
                           stack=rules["teyaku_stack"], empty=empty,
                           simultaneous=rules["simultaneous_teyaku"])


def evaluate(mask: int, c) -> Evaluation:
    """A dealt hand's teyaku (§3) and the tokens it wins (§5.2)."""
    counts = month_nibbles(mask)
    if (counts & NIBBLE_ONES or mask.bit_count() != HAND) and not counts & NIBBLE_FOURS \
            and mask & WILDS != WILDS and (mask & PINE).bit_count() < 3:
        return c.empty  # the common case: no teyaku (the checks of ``held``, at once)
    found = held(mask)
    tokens, used = award(found, c.stack)
    others = [t.id for t, _ in found if all(t is not u for u, _ in used)]
    return Evaluation(tokens, tuple(_hit(t, m) for t, m in used),
                      details={"also_held": others} if others else {})


# --------------------------------------------------------------------------- rounds

def _claims(table, c, played: bool) -> dict:
    """Each teyaku claim: {player: (tokens, [(Teyaku, cards)], dealt mask or None)}."""
    out: dict = {}
    seen = 0
    for i, ev in of_type(table.events, "teyaku"):
        p = ev["player"]
        ids = ev.get("yaku", [])
        ids = [ids] if isinstance(ids, str) else ids
        if not isinstance(ids, (list, tuple)) or not all(x in BY_ID for x in ids):
            raise TallyError(said("{game}: event {n}, \"{event}\": the teyaku must be one "
                                  "or more of {yaku}, not {value!r}", game=GAME_ID,
                                  n=ordinal(i), event=event_words("teyaku"),
                                  yaku=", ".join(t.names["en"] for t in BY_ID.values()),
                                  value=ev.get("yaku")), game=GAME_ID, known=tuple(BY_ID),
                             player=p, rule="teyaku", event="teyaku",
                             field=f"events.{i}.yaku")
        dealt = None
        if "cards" in ev:
            dealt = pile_mask(GAME, ev["cards"], player=p, field=f"events.{i}.cards")
        elif not played and p in table.hands:
            dealt = table.hands[p]  # the round ended at the deal: the hand is the dealt hand
        if dealt is not None:
            if dealt.bit_count() != HAND:
                raise TallyError(said("{game}: {player!r}'s dealt hand must be {size} cards "
                                      "to check a teyaku, not {n}", game=GAME_ID, player=p,
                                      size=HAND, n=dealt.bit_count()), game=GAME_ID, player=p,
                                 rule="teyaku", field=f"events.{i}.cards")
            if not played and p in table.hands and table.hands[p] != dealt:
                raise TallyError(said("{game}: {player!r}'s teyaku cards differ from their "
                                      "hand, but a teyaku ends the round at the deal",
                                      game=GAME_ID, player=p), game=GAME_ID,
                                 player=p, rule="teyaku", field=f"events.{i}.cards")
            # players never draw (§2): nobody else can hold a card dealt to p, and whatever
            # p still holds was dealt to p
            for q, held_q in table.hands.items():
                clash = held_q & (~dealt if q == p else dealt)
                if clash:
                    card = slugs_of(clash)[0]
                    raise TallyError(
                        said("{game}: {player!r} holds {card!r}, but it is not in their dealt "
                             "hand and players never draw", game=GAME_ID, player=q, card=card)
                        if q == p else
                        said("{game}: {player!r} holds {card!r}, but {card!r} is dealt to "
                             "{other!r} in event {i}", game=GAME_ID, player=q, card=card,
                             other=p, i=ordinal(i)),
                        game=GAME_ID, card=card, player=q, rule="teyaku",
                        field=f"hands.{q}")
            if p not in out and dealt & seen:
                card = slugs_of(dealt & seen)[0]
                raise TallyError(said("{game}: card {card!r} is in two players' dealt hands",
                                      game=GAME_ID, card=card),
                                 game=GAME_ID, card=card, player=p, rule="teyaku",
                                 field=f"events.{i}.cards")
        if p in out:
            prev = out[p]
            if dealt is not None and prev[2] is not None and dealt != prev[2]:
                raise TallyError(said("{game}: two teyaku events give {player!r} different "
                                      "dealt hands",
                                      game=GAME_ID, player=p), game=GAME_ID, player=p, rule="teyaku",
                                 field=f"events.{i}.cards")
            dealt = dealt if dealt is not None else prev[2]
            ids = list(prev[3]) + [x for x in ids if x not in prev[3]]
        if dealt is not None:
            seen |= dealt
            found = held(dealt)
            have = {t.id for t, _ in found}
            for x in ids:
                if x not in have:
                    raise TallyError(said("{game}: {player!r} claims {yaku} but their dealt "
                                          "hand ({cards}) does not hold it ({condition})",
                                          game=GAME_ID, player=p, yaku=BY_ID[x].names["en"],
                                          cards=", ".join(slugs_of(dealt)),
                                          condition=said(BY_ID[x].condition)),
                                     game=GAME_ID, player=p,
                                     rule=x, field=f"events.{i}")
            if not found:
                raise TallyError(said("{game}: {player!r}'s dealt hand ({cards}) holds no "
                                      "teyaku", game=GAME_ID, player=p,
                                      cards=", ".join(slugs_of(dealt))), game=GAME_ID, player=p, rule="teyaku",
                                 field=f"events.{i}")
        elif not ids:
            raise TallyError(said("{game}: event {n}, \"{event}\", needs the teyaku by name "
                                  "or the 6 dealt cards", game=GAME_ID, n=ordinal(i),
                                  event=event_words("teyaku")),
                             game=GAME_ID, player=p,
                             rule="teyaku", field=f"events.{i}")
        else:
            found = [(BY_ID[x], 0) for x in ids]
        tokens, used = award(found, c.stack)
        out[p] = (tokens, used, dealt, ids)
    return out


def _teyaku_reason(used, winner, value: int, stack: bool):
    """The base step of a teyaku win: "<id> <tokens> + ...: <who> was dealt <conditions>
    (<rule>): <n> tokens". The conditions are sentences, so each shape (which teyaku, in
    which order) is one complete template; a single teyaku (the default rule) has a literal
    template per teyaku."""
    p = {"player": winner, "tokens": value}
    if not stack and value != 1:
        (t, _), = used
        p["points"], p["yaku"] = t.tokens, t.names["en"]
        if t.id == "three_wilds":
            return said("{yaku} {points}: {player} was dealt pine-crane, pine-poetry and "
                        "plum-warbler in the dealt hand (highest single teyaku): {tokens} "
                        "tokens", **p)
        if t.id == "three_pairs":
            return said("{yaku} {points}: {player} was dealt the 6 dealt cards split "
                        "into 3 pairs of the same month (natural months) (highest single "
                        "teyaku): {tokens} tokens", **p)
        if t.id == "three_januaries":
            return said("{yaku} {points}: {player} was dealt at least 3 of the 4 "
                        "pine (January) cards (highest single teyaku): {tokens} tokens", **p)
        return said("{yaku} {points}: {player} was dealt all 4 cards of one month "
                    "(highest single teyaku): {tokens} tokens", **p)
    for n, (t, _) in enumerate(used, 1):
        p[f"points{n}"], p[f"yaku{n}"] = t.tokens, t.names["en"]
    template = (" + ".join(f"{{yaku{n}}} {{points{n}}}" for n, (t, _) in enumerate(used, 1))
                + ": {player} was dealt " + " and ".join(t.condition for t, _ in used)
                + (" (sum of all teyaku)" if stack else
                   " (highest single teyaku)")
                + (": {tokens} token" if value == 1 else ": {tokens} tokens"))
    return said(template, **p)


def _void_equal(table, claims, out, notes) -> dict:
    """§5 step 3, ``void_equal`` (the wiki's rule): equal teyaku cancel and the round is
    played; otherwise only the higher one counts. The claims left standing."""
    g = GAME
    (a, (va, ua, _, _)), (b, (vb, ub, _, _)) = claims.items()
    if va != vb:
        win, lose = (a, b) if va > vb else (b, a)
        notes.append(said("{player}'s teyaku ({tokens}) beats {other}'s ({other_tokens})",
                          player=win,
                          tokens=max(va, vb), other=lose, other_tokens=min(va, vb)))
        return {win: claims[win]}
    notes.append(said("{player}'s {yaku} ({tokens}) and {other}'s {other_yaku} "
                      "({other_tokens}) cancel: the round is played", player=a,
                      yaku=" + ".join(t.names["en"] for t, _ in ua), tokens=va, other=b,
                      other_yaku=" + ".join(t.names["en"] for t, _ in ub),
                      other_tokens=vb))
    if out is None:
        raise TallyError(said("{game}: the equal teyaku of {player!r} and {other!r} "
                              "cancel and the round is played: enter the \"{event}\" "
                              "event (who went out)", game=g.id, player=a, other=b,
                              event=event_words("out")),
                         game=g.id, rule="out", field="events")
    return {}


def _from_pool(order, earned, tokens, pool) -> dict:
    """§5 step 3, ``both_score``: each award taken from the pool in turn (the dealer first);
    the second player gets only what is left. No pool (the 3-point game): uncapped."""
    if pool is None:
        return dict(earned)
    left = max(0, pool - sum(tokens.values()))
    taken = {}
    for p in order:
        taken[p] = min(earned[p], left)
        left -= taken[p]
    return taken


def _both_champion(order, totals, target, four_wins) -> str | None:
    """The target is checked once, after both awards: both there -> the higher total, equal
    -> the dealer (``order[0]``); else a four of a kind, when it wins the game."""
    there = [p for p in order if totals[p] >= target]
    if there:
        return max(there, key=lambda p: (totals[p], p == order[0]))
    return next(iter(four_wins), None)


def _both_score(table, claims, tokens, out, i_out, c) -> RoundResult:
    """§5 step 3 ``both_score`` (poka.md E5): no play; both players take their award, the
    dealer first; the larger award deals next (equal: the dealer keeps the deal)."""
    g, players = GAME, table.players
    if out is not None:
        raise TallyError(said("{game}: both players' teyaku score at the deal, so the round "
                              "is not played and there is no \"{event}\" event (event {n})",
                              game=g.id, event=event_words("out"), n=ordinal(i_out)),
                         game=g.id, player=out["player"], rule="out", field=f"events.{i_out}")
    order = sorted(players, key=lambda p: p != table.dealer)  # the dealer first
    earned = {p: claims[p][0] for p in players}
    taken = _from_pool(order, earned, tokens, c.pool)
    a, b = order
    next_dealer = a if earned[a] >= earned[b] else b  # the larger award; equal: the dealer
    notes = [said("both players were dealt a teyaku: each takes their award from the pool, "
                  "{dealer} first, and the round is not played", dealer=table.dealer)]
    scores, pays = [], ()
    for p in players:
        value, used, _, _ = claims[p]
        steps = [Step("base", "base", value, _teyaku_reason(used, p, value, c.stack), value)]
        if taken[p] < value:
            steps.append(Step("pool", "set", taken[p], said(
                "only {tokens} token(s) left in the {pool}-token pool", tokens=taken[p],
                pool=c.pool), taken[p]))
        tokens[p] += taken[p]
        scores.append(PlayerScore(p, tuple(_hit(t, m) for t, m in used), value,
                                  tuple(steps), taken[p], "winner", {"tokens": tokens[p]}))
        pays += stake_payments(p, players, taken[p] * c.rules["stake_per_token"],
                               said("{chips} chip(s) per token won",
                                    chips=c.rules["stake_per_token"]))
    four = [p for p in order if c.rules["four_of_a_kind_wins_game"]
            and any(t.id == "four_of_a_kind" for t, _ in claims[p][1])]
    champion = _both_champion(order, tokens, c.target, four)
    if champion:
        notes.append(_both_game_over(champion, order, tokens, c.target))
    return RoundResult(g.id, c.rules.preset, tuple(scores), pays, next_dealer, next_dealer,
                       {"tokens": tokens, "game_over": bool(champion),
                        "game_winner": champion}, tuple(notes))


def _both_game_over(champion, order, tokens, target) -> str:
    """The note that ends the game after a ``both_score`` round, saying how it was won."""
    other = order[1] if champion == order[0] else order[0]
    if tokens[other] < target:
        if tokens[champion] < target:
            return said("game over: {player} wins the game: under the house rules, four of "
                        "a kind wins the game at once", player=champion)
        return said("game over: {player} wins the game: {player} has {tokens} tokens "
                    "(first to {target})", player=champion, tokens=tokens[champion],
                    target=target)
    if tokens[other] == tokens[champion]:
        return said("game over: both players reached {target} with {tokens} tokens each: "
                    "the dealer, {player}, wins the game", player=champion,
                    tokens=tokens[champion], target=target)
    return said("game over: both players reached {target}: {player} has more tokens "
                "({tokens} v {other_tokens}) and wins the game", player=champion,
                tokens=tokens[champion], other_tokens=tokens[other], target=target)


def score_round(rnd, c) -> RoundResult:
    g, rules = GAME, c.rules
    table = read_table(g, rnd, DECK, max_hand=HAND)
    players = table.players
    tokens = read_totals(g, table.carry, "tokens", players)
    check_below_target(g, tokens, c.target, "tokens")
    outs = of_type(table.events, "out")
    i_out, out = single(g, outs, said("\"{event}\" event (only one player can go out first)",
                                      event=event_words("out")))
    voids = of_type(table.events, "void_round")
    notes: list[str] = []

    if voids:
        if len(table.events) > 1:
            i, ev = next((i, ev) for i, ev in enumerate(table.events)
                         if ev["type"] != "void_round")
            raise TallyError(said("{game}: a void round scores nothing, so it cannot also "
                                  "have a \"{event}\" event (event {n})", game=g.id,
                                  event=event_words(ev["type"]), n=ordinal(i)), game=g.id,
                             rule="void_round", event=ev["type"],
                             field=f"events.{i}")
        scores = tuple(PlayerScore(p, (), 0, (), 0, "draw", {"tokens": tokens[p]})
                       for p in players)
        return RoundResult(g.id, rules.preset, scores, (), None, table.dealer,
                           {"tokens": tokens, "game_over": False, "game_winner": None},
                           (said("void round: nothing scores; the same dealer deals again"),))

    claims = _claims(table, c, played=out is not None)
    if len(claims) == 2 and c.simultaneous == "both_score":
        return _both_score(table, claims, tokens, out, i_out, c)
    if len(claims) == 2:
        claims = _void_equal(table, claims, out, notes)
    if claims:
        (winner, (value, used, dealt, _)), = claims.items()
        if out is not None:
            raise TallyError(said("{game}: {player!r}'s teyaku wins the round at the deal, so "
                                  "there is no play and no \"{event}\" event (event {n})",
                                  game=g.id, player=winner, n=ordinal(i_out),
                                  event=event_words("out")), game=g.id,
                             player=out["player"], rule="out", field=f"events.{i_out}")
        hits = [_hit(t, m) for t, m in used]
        reason = _teyaku_reason(used, winner, value, c.stack)
    elif out is not None:
        winner = out["player"]
        check_out_hands(g, table, winner)
        if flag(g, out, "first_turn", i_out):
            value = 2
            hits = [YakuHit("all_out", ALL_OUT_NAMES["en"], 2, (), ALL_OUT_NAMES)]
            reason = said("all out: {player} played all {cards} cards on their own first turn: "
                          "2 tokens instead of 1", player=winner, cards=HAND)
        else:
            value = 1
            hits = [YakuHit("out", OUT_NAMES["en"], 1, (), OUT_NAMES)]
            reason = said("out: {player} was first to play their last card: 1 token",
                          player=winner)
    else:
        raise TallyError(said("{game}: who won the round? Enter an \"{event}\", \"{other}\" "
                              "or \"{third}\" event", game=g.id, event=event_words("out"),
                              other=event_words("teyaku"), third=event_words("void_round")),
                         game=g.id, rule="out", field="events")

    steps = [Step("base", "base", value, reason, value)]
    if rules["cap_award_at_pool"] and c.pool is not None:
        left = max(0, c.pool - sum(tokens.values()))
        if value > left:
            value = left
            steps.append(Step("pool", "set", left, said(
                "only {tokens} token(s) left in the {pool}-token pool",
                tokens=left, pool=c.pool), left))
    tokens[winner] += value
    champion = first_to(tokens, c.target)
    if not champion and rules["four_of_a_kind_wins_game"] and \
            any(h.id == "four_of_a_kind" for h in hits):
        champion = winner
    if champion:
        notes.append(said("game over: {player} wins the game: under the house rules, four of "
                          "a kind wins the game at once", player=champion)
                     if tokens[champion] < c.target else
                     said("game over: {player} wins the game: {player} has {tokens} tokens "
                          "(first to {target})", player=champion, tokens=tokens[champion],
                          target=c.target))
    scores = tuple(
        PlayerScore(p, tuple(hits), steps[0].value, tuple(steps), value, "winner",
                    {"tokens": tokens[p]}) if p == winner else
        PlayerScore(p, (), 0, (), 0, "loser", {"tokens": tokens[p]})
        for p in players)
    pays = stake_payments(winner, players, value * rules["stake_per_token"],
                          said("{chips} chip(s) per token won",
                               chips=rules["stake_per_token"]))
    return RoundResult(g.id, rules.preset, scores, pays, winner, winner,
                       {"tokens": tokens, "game_over": bool(champion),
                        "game_winner": champion}, tuple(notes))


# --------------------------------------------------------------------------- the game

OPTIONS = one_of((
    Option("pool_9_target_5", BOOL, True, "Book default length: 9 tokens in the pool; the "
           "first player to hold 5 tokens wins the game.", group="game length"),
    Option("best_of_five", BOOL, False, "Book variation Best of Five: 5 tokens in the pool; "
           "first to 3 tokens wins.", group="game length"),
    Option("best_of_three", BOOL, False, "Book variation Best of Three: 3 tokens in the pool; "
           "first to 2 tokens wins.", group="game length"),
    Option("san_mon_shobu", BOOL, False, "Wiki 3-point game (San-mon Shobu): first to 3 points "
           "wins, no pool (the same result as Best of Five).", group="game length"),
)) + (
    Option("simultaneous_teyaku", CHOICE, "void_equal", "When both players are dealt a "
           "teyaku: equal ones cancel and the round is played, and four of a kind beats a "
           "2-token teyaku (the wiki's rule, recommended: the book is silent); or both "
           "players take their own tokens from the pool, the dealer first, and the round is "
           "not played.", choices=SIMULTANEOUS, group="teyaku"),
    Option("four_of_a_kind_wins_game", BOOL, False, "Wiki: four of a kind (buttakuri) wins "
           "the whole game at once (under every book target the 5 tokens do the same).",
           group="teyaku"),
    Option("teyaku_stack", BOOL, False, "A hand holding several teyaku scores them all added up "
           "(another reading); off: only the highest single teyaku "
           "(recommended).", group="teyaku"),
    Option("cap_award_at_pool", BOOL, False, "An award is capped at the tokens left in the pool "
           "(another reading; it never changes the winner). Off: awards are recorded uncapped "
           "(recommended).", group="scoring"),
    play_option("ghost_reset", "Wiki ghost cards: after a wild any month may be played and a "
                "wild may follow any card (book: the wild becomes the month it is played as)."),
    play_option("jan_feb_multi", "Wiki rule variant: with a January or February on top, every "
                "card of that month may go down at once."),
    play_option("must_play", "Wiki: a player who can discard must do so (the book allows a "
                "voluntary pass)."),
    stake_option("stake_per_token", "Optional money: the loser pays the round winner this many "
                 "chips per token won. 0 = tokens only."),
)

PRESETS = (
    Preset("book", "The Hanami book: 9-token pool, first to 5; equal teyaku held by both players "
           "cancel (a reading: the book is silent); a voluntary pass is allowed; a wild becomes "
           "the month it is played as.", names=HANAMI_BOOK),
    Preset("wiki", "The wiki page: first to 5 points (turn on the 3-point game for San-mon "
           "Shobu); equal teyaku cancel; four of a kind wins the game; ghost cards; a player who "
           "can discard must.",
           {"four_of_a_kind_wins_game": True, "ghost_reset": True, "must_play": True},
           names={"en": "The wiki's rules", "ja": "Wikiのルール", "ko": "위키 규칙"}),
)

YAKU = tuple(YakuDef(t.id, t.names, f"{t.tokens} tokens", slugs_of(WILDS if t.id ==
                     "three_wilds" else PINE if t.id == "three_januaries" else 0),
                     group="teyaku", description=t.condition.capitalize() + ".", kind="hand")
             for t in TEYAKU) + (
    YakuDef("out", OUT_NAMES, "1 token", description="First player to play the last card "
            "from their hand.", kind="event"),
    YakuDef("all_out", ALL_OUT_NAMES, "2 tokens (instead of 1)", description="The winner "
            "played all 6 cards on their own first turn of the round.", kind="event"),
)

EVENTS = (
    EventDef("teyaku", "A player shows a teyaku right after the deal and wins the round at "
             "once (enter one per player if both players show one).",
             {"yaku": InputDef("", "yaku", "the teyaku (optional when cards are given)",
                               choices=tuple(BY_ID)),
              "cards": InputDef("", "cards", "the 6 dealt cards (optional; checks the "
                                "claim)")}),
    EventDef("out", "The player played the last card from their hand.",
             {"first_turn": InputDef("", "bool", "they went out on their own first turn "
                                     "(all out)")}),
    EventDef("void_round", "The round is void (a misdeal, for example): nothing scores.",
             per_player=False),
)

# §8 / §10.1 (2026-12): the on/off house rule ``simultaneous_teyaku_void`` became the choice
# ``simultaneous_teyaku``. Sessions stored before keep the old id, and API clients may still
# send it: on meant the wiki's voiding; off asked the table (both teyaku were refused), which
# §10.1 now reads as ``both_score``, so no stored round scores differently.
OLD_SWITCH = Option("simultaneous_teyaku_void", BOOL, True, "Both players dealt a teyaku "
                    "(wiki rule, recommended; the book is silent): equal values cancel and "
                    "the round is played; four of a kind beats a 2-token teyaku.",
                    group="teyaku")
OLD_SWITCH_MEANS = {True: "void_equal", False: "both_score"}


def upgraded(options):
    """``options`` with the old switch given as the choice it stands for."""
    if not isinstance(options, Mapping) or OLD_SWITCH.id not in options:
        return options  # anything else is checked by resolve as usual
    out = dict(options)
    meant = OLD_SWITCH_MEANS[OLD_SWITCH.check(out.pop(OLD_SWITCH.id), game=GAME_ID)]
    if out.setdefault("simultaneous_teyaku", meant) != meant:
        raise TallyError(said("{game}: the house rule \"{rule}\" is the old name of "
                              "\"{other}\", and the two are set differently: give only one",
                              game=GAME_ID, rule=OLD_SWITCH.words,
                              other=rule_words(GAME_ID, "simultaneous_teyaku")),
                         game=GAME_ID, option=OLD_SWITCH.id, field=f"options.{OLD_SWITCH.id}")
    return out


@dataclass(frozen=True)
class PokaGame(Game):
    """Poka's game: it also reads the options of sessions stored before 2026-12."""

    def rules(self, preset=None, options=None):
        return super().rules(preset, upgraded(options))


GAME = PokaGame(
    id=GAME_ID,
    names={"en": "Poka", "ja": "ポカ"},
    family="sequence",
    players=(2, 2),
    deck=DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=YAKU,
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/poka.md",
    max_pile=HAND,
    lengths=(),
    description="Play the next month in sequence and be first to empty your 6-card hand: "
                "1 token (2 for all out on your first turn); dealt teyaku win at once. "
                "First to 5 tokens wins.",
    # §9 E1 (book p. 122): B goes out with November, December, January; A still holds March,
    # February, a May and December.
    round_example={
        "players": ["A", "B"],
        "dealer": "A",
        "events": [{"type": "out", "player": "B", "first_turn": False}],
        "hands": {"A": ["plum-chaff-1", "cherry-chaff-1", "iris-chaff-2",
                        "paulownia-chaff-1"], "B": []},
        "carry": {"tokens": {"A": 0, "B": 0}},
    },
    pile_key="hands",  # the cards entered are the ones held, not captured
)
