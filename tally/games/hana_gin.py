"""Hana-Gin: the Hanami book's gin rummy for hanafuda (shared/rules/hana-gin.md).

Two players. A round ends with "Gin" (9 or 10 of the caller's 10 cards in combinations: 20 +
the opponent's unused cards, +20 with all ten), "Hana" (7 of 10: the lower unused total wins
the difference, +20 if that is the opponent) or an exhausted deck (a draw). Only the round
winner scores; the first to 100 wins the game (sections 4-6).
"""

from __future__ import annotations

from types import SimpleNamespace
from collections.abc import Mapping

from ..cards import slugs_of
from ..errors import TallyError
from ..options import HANAMI_BOOK, Preset
from ..results import Evaluation, Payment, PlayerScore, RoundResult, Step, YakuHit, hit, said
from ..rounds import player_field, players_of
from . import Game, InputDef, YakuDef
from ._rummy import (DECK, MELD_DEFS, Cards, Ledger, card_list, cards_of, check_meld, classify,
                     joker_options, joker_words, money, stake_option, totals_carry,
                     wild_map, check_wilds, wilds_ok, WILDS_INPUT)

GAME_ID = "hana-gin"
TARGET = 100  # section 6: first to 100 (10.4: 100 or more ends the game)
GIN_BONUS = 20  # sections 4-5: Gin's 20, the all-ten 20 and the undercut 20
ENDINGS = ("gin", "hana", "exhausted")

OUTCOMES = (
    YakuDef("gin", {"en": "Gin"}, "20 + opponent's unused", kind="event",
            description="a player calls Gin (9 of 10 cards in combinations); the opponent may "
                        "not lay off"),
    YakuDef("gin_all_ten", {"en": "Gin with all ten"}, "20 + opponent's unused + 20",
            kind="event", description="Gin with all 10 cards in combinations"),
    YakuDef("hana_caller_wins", {"en": "Hana (caller wins)"},
            "opponent's unused - caller's unused", kind="event",
            description="Hana; the caller's unused total is at most the opponent's (after the "
                        "opponent's lay-offs; a tie goes to the caller)"),
    YakuDef("hana_undercut", {"en": "Hana (undercut)"},
            "caller's unused - opponent's unused + 20", kind="event",
            description="Hana; the opponent's unused total is lower"),
    YakuDef("exhausted", {"en": "Deck exhausted"}, "0 (a draw)", kind="event",
            description="the draw pile runs out: nobody scores, the dealer stays"),
)
OUTCOME_NAMES = {y.id: y.names for y in OUTCOMES}
MELD_NAMES = {d.id: d.names for d in MELD_DEFS}


def compile(rules):
    cards = cards_of(rules)
    return SimpleNamespace(rules=rules, cards=cards, jokers=joker_words(cards))


def evaluate(mask: int, c) -> Evaluation:
    """One player's unused cards: their Total Unused Card Value (section 5; E5: 21 for
    pine-crane + willow-lightning)."""
    v = c.cards.value(mask)
    return Evaluation(v, (), c.jokers, {"unused_value": v, "cards": mask.bit_count()})


# --------------------------------------------------------------------------- input

def _err(msg, **kw):
    """``msg`` is a said() sentence, so the whole message is said in the reader's language."""
    return TallyError(said("{game}: {message}", game=GAME_ID, message=msg), game=GAME_ID, **kw)


def _melds_of(rnd, p, cards: Cards, ledger: Ledger, wilds):
    raw = (rnd.get("melds") or {})
    if not isinstance(raw, Mapping):
        raise _err(said("give each player's combinations as a list"),
                   field="melds")
    if p not in raw:
        return None
    lst = raw[p]
    if not isinstance(lst, (list, tuple)):
        raise _err(said("{player}'s combinations must be a list, each a list of cards",
                        player=p), player=p,
                   field=f"melds.{p}")
    out = []
    for i, slugs in enumerate(lst):
        where = f"melds.{p}.{i}"
        what = said("{player}'s combination {i}", player=p, i=i + 1)  # from 1, as a table counts
        m = card_list(GAME_ID, slugs, what=what, player=p, field=where)
        ledger.add(m, what, player=p, field=where)
        kind = check_meld(GAME_ID, m, cards, player=p, field=where)
        check_wilds(GAME_ID, m, wilds, cards, player=p, field=where)
        out.append((kind, m))
    return out


def _unused_of(rnd, p, ledger: Ledger):
    """(mask or None, value given as a number or None)."""
    raw = rnd.get("unused") or {}
    if not isinstance(raw, Mapping):
        raise _err(said("give each player's unused cards (or their value)"),
                   field="unused")
    if p not in raw:
        return None, None
    v = raw[p]
    if isinstance(v, int) and not isinstance(v, bool):
        # at most 10 unused cards; the priciest 10 (5 brights, 2 Dry Koi, 3 tens) are 150
        if not 0 <= v <= 150:
            raise _err(said("the value of {player}'s unused cards must be 0 to 150, not {value}",
                            player=p, value=v),
                       player=p, field=f"unused.{p}")
        return None, v
    what = said("{player}'s unused cards", player=p)
    m = card_list(GAME_ID, v, what=what, player=p, field=f"unused.{p}")
    ledger.add(m, what, player=p, field=f"unused.{p}")
    return m, None


def _lay_off(melds, cards_mask: int, c: Cards, wilds):
    """Section 5 step 2 / 10.1: each lay-off card joins one of the caller's combinations, which
    must stay valid. Returns the extended melds, or None when no assignment works."""
    bits = []
    m = cards_mask
    while m:
        low = m & -m
        bits.append(low)
        m ^= low
    masks = [mk for _, mk in melds]

    def place(i):
        if i == len(bits):
            return all(classify(mk, c) and wilds_ok(mk, wilds, c) for mk in masks)
        for j in range(len(masks)):
            masks[j] |= bits[i]
            # a partial meld may be invalid until the rest is laid (a gap filled later)
            if place(i + 1):
                return True
            masks[j] &= ~bits[i]
        return False

    if len(masks) ** len(bits) > 200_000:
        raise _err(said("too many lay-off cards to check"), field="layoffs")
    return masks if place(0) else None


def _hand_size(p, melds, unused, layoffs, want: str, limits, field):
    """Check card counts where the cards are listed (section 1 and 10.2)."""
    size, max_unused = limits
    if unused is not None and max_unused is not None and unused.bit_count() > max_unused:
        raise _err(said("{player} has {n} unused cards, too many for {want} (at most {most})",
                        player=p, n=unused.bit_count(), want=want, most=max_unused),
                   player=p, field=f"unused.{p}")
    if melds is None or unused is None:
        return
    melded = sum(mk.bit_count() for _, mk in melds)
    total = melded + unused.bit_count() + layoffs
    if total != size:
        if layoffs:
            msg = said("{player} shows {total} cards ({melded} in combinations, {unused} unused, "
                       "{layoffs} laid off); {want} holds {size}", player=p, total=total,
                       melded=melded, unused=unused.bit_count(), layoffs=layoffs, want=want,
                       size=size)
        else:
            msg = said("{player} shows {total} cards ({melded} in combinations, {unused} "
                       "unused); {want} holds {size}", player=p, total=total, melded=melded,
                       unused=unused.bit_count(), want=want, size=size)
        raise _err(msg, player=p, field=field)


# --------------------------------------------------------------------------- round

def score_round(rnd: Mapping, c) -> RoundResult:
    g, cards = GAME, c.cards
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players)
    ending = rnd.get("ending")
    if not isinstance(ending, str) or ending not in ENDINGS:
        raise _err(said("how did the round end? Gin, Hana, or the draw pile ran out")
                   if ending is None else
                   said("the round ends with Gin, Hana or the draw pile running out, not "
                        "{value!r}", value=ending),
                   field="ending", known=ENDINGS)
    prev = totals_carry(GAME_ID, rnd, players)
    carry_in = rnd.get("carry") or {}
    if carry_in.get("game_over"):
        raise _err(said("the game ended in the previous round; start a new game without its "
                        "carry"),
                   field="carry")
    ledger = Ledger(GAME_ID)
    wilds = wild_map(GAME_ID, rnd, cards)
    melds = {p: _melds_of(rnd, p, cards, ledger, wilds) for p in players}
    unused = {p: _unused_of(rnd, p, ledger) for p in players}
    layoff_raw = rnd.get("layoffs")

    if ending == "exhausted":
        if rnd.get("caller") is not None:
            raise _err(said("nobody calls when the deck is exhausted; leave out who called"),
                       field="caller")
        if layoff_raw:
            raise _err(said("lay-offs happen only after Hana"), field="layoffs",
                       rule="exhausted")
        out = tuple(PlayerScore(p, (), 0, (Step("exhausted", "base", 0, said(
            "the deck ran out: a draw, nobody scores"), 0),), 0, "draw") for p in players)
        return RoundResult(GAME_ID, c.rules.preset, out, (), None, dealer,
                           _carry(prev, {p: 0 for p in players}),
                           (said("deck exhausted: a draw, {dealer} deals again",
                                 dealer=dealer),))

    caller = player_field(g, rnd, "caller", players)
    opp = next(p for p in players if p != caller)
    layoffs = 0
    if layoff_raw is not None:
        layoffs = card_list(GAME_ID, layoff_raw, what=said("the lay-offs"), player=opp,
                            field="layoffs")
    if layoffs and ending == "gin":
        raise _err(said("after Gin {player} may not lay off", player=opp),
                   player=opp,
                   rule="gin", field="layoffs")
    ledger.add(layoffs, said("{player}'s lay-offs", player=opp), player=opp, field="layoffs")

    u_mask = {p: unused[p][0] for p in players}
    u_val = {p: cards.value(unused[p][0]) if unused[p][0] is not None else unused[p][1]
             for p in players}
    if u_val[opp] is None:
        raise _err(said("{player}'s unused cards (or their value) are missing",
                        player=opp), player=opp,
                   field=f"unused.{opp}")

    notes = []
    if layoffs:
        if melds[caller] is None:
            raise _err(said("lay-offs need {player}'s combinations to check them",
                            player=caller),
                       player=caller, field=f"melds.{caller}")
        extended = _lay_off(melds[caller], layoffs, cards, wilds)
        if extended is None:
            raise _err(said("{player} cannot lay {cards} onto {caller}'s combinations",
                            player=opp, cards=", ".join(slugs_of(layoffs)), caller=caller),
                       player=opp, rule="layoff", field="layoffs")
        notes.append(said("{player} laid off {cards} (worth {value})", player=opp,
                          cards=", ".join(slugs_of(layoffs)), value=cards.value(layoffs)))

    if ending == "gin":
        all_ten = rnd.get("all_ten")
        if all_ten is not None and not isinstance(all_ten, bool):
            raise _err(said("whether all 10 cards were in combinations must be on or off"),
                       field="all_ten")
        if u_val[caller] is not None:
            if u_val[caller] > 20:
                raise _err(said("{player} called Gin with unused cards worth {value}: at most "
                                "one card may be unused", player=caller, value=u_val[caller]),
                           player=caller,
                           field=f"unused.{caller}")
            derived = u_val[caller] == 0
            if all_ten is not None and all_ten != derived:
                raise _err(said("all 10 cards are said to be in combinations, but {player}'s "
                                "unused cards are worth {value}", player=caller,
                                value=u_val[caller]) if all_ten else
                           said("{player}'s unused cards are worth {value}, so all 10 cards "
                                "were in combinations", player=caller, value=u_val[caller]),
                           player=caller, field="all_ten")
            all_ten = derived
        elif all_ten is None:
            raise _err(said("say whether {player} used all 10 cards in combinations, or "
                            "list {player}'s unused cards", player=caller), player=caller,
                       field="all_ten")
        _hand_size(caller, melds[caller], u_mask[caller], 0, said("Gin"), (10, 1),
                   f"melds.{caller}")
        _hand_size(opp, melds[opp], u_mask[opp], 0, said("the opponent"), (9, None),
                   f"melds.{opp}")
        outcome = "gin_all_ten" if all_ten else "gin"
        winner = caller
        steps = [Step("gin", "base", GIN_BONUS, said("{player} called Gin: 20", player=caller),
                      GIN_BONUS)]
        total = GIN_BONUS + u_val[opp]
        steps.append(Step("opponent_unused", "add", u_val[opp],
                          _unused_words(cards, opp, u_mask[opp], u_val[opp]), total))
        if all_ten:
            total += GIN_BONUS
            steps.append(Step("all_ten", "add", GIN_BONUS,
                              said("all 10 cards in combinations +20"), total))
    else:  # hana
        if u_val[caller] is None:
            raise _err(said("{player}'s unused cards (or their value) are missing",
                            player=caller), player=caller, field=f"unused.{caller}")
        if rnd.get("all_ten") is not None:
            raise _err(said("all 10 cards in combinations counts only after Gin"),
                       field="all_ten")
        _hand_size(caller, melds[caller], u_mask[caller], 0,
                   said("a Hana caller (after the discard)"), (9, 2), f"melds.{caller}")
        _hand_size(opp, melds[opp], u_mask[opp], layoffs.bit_count(), said("the opponent"),
                   (9, None), f"melds.{opp}")
        uc, uo = u_val[caller], u_val[opp]
        if uc <= uo:  # a tie goes to the caller
            outcome, winner, total = "hana_caller_wins", caller, uo - uc
            steps = [Step("opponent_unused", "base", uo,
                          _unused_words(cards, opp, u_mask[opp], uo), uo),
                     Step("own_unused", "add", -uc,
                          _unused_words(cards, caller, u_mask[caller], uc, less=True), total)]
        else:
            outcome, winner, total = "hana_undercut", opp, uc - uo + GIN_BONUS
            steps = [Step("caller_unused", "base", uc,
                          _unused_words(cards, caller, u_mask[caller], uc), uc),
                     Step("own_unused", "add", -uo,
                          _unused_words(cards, opp, u_mask[opp], uo, less=True), uc - uo),
                     Step("undercut", "add", GIN_BONUS, said(
                         "{player} undercut the Hana caller {caller}: +20", player=opp,
                         caller=caller), total)]

    scores = {p: (total if p == winner else 0) for p in players}
    out = []
    for p in players:
        yaku = tuple(hit(kind, MELD_NAMES[kind], 0, mk, said("combination"))
                     for kind, mk in (melds[p] or ()))
        extra = {"unused": u_val[p]}
        if p == winner:
            yaku = (YakuHit(outcome, OUTCOME_NAMES[outcome]["en"], total, (),
                            OUTCOME_NAMES[outcome]),) + yaku
            out.append(PlayerScore(p, yaku, steps[0].value, tuple(steps), total, "winner",
                                   extra))
        else:
            out.append(PlayerScore(p, yaku, 0, (Step("loser", "base", 0, said(
                "only the round winner scores"), 0),), 0, "loser", extra))
    carry = _carry(prev, scores)
    loser = opp if winner == caller else caller
    payments = []
    per_point = c.rules["stake_per_point"]
    if per_point and total:
        payments.append(Payment(loser, winner, money(total * per_point),
                                said("stake per point: {points} x {stake}", points=total,
                                     stake=per_point)))
    if c.rules["stake_per_game"] and carry["game_over"]:
        payments.append(Payment(loser, winner, money(c.rules["stake_per_game"]),
                                said("game stake: {player} reached {target}", player=winner,
                                     target=TARGET)))
    return RoundResult(GAME_ID, c.rules.preset, tuple(out), tuple(payments), winner, winner,
                       carry, tuple(notes))


def _words(cards: Cards, mask, value) -> str:
    if mask is None:
        return f"{value} (as entered)"
    return f"{value}" + (f" ({cards.value_words(mask)})" if mask else "")


def _unused_words(cards: Cards, player, mask, value, *, less: bool = False):
    """A step's "{player}'s unused cards ..." (``_words`` as one template per shape); ``less``:
    the "less {player}'s ..." of the subtracted side."""
    ps = {"player": player, "value": value}
    if mask is None:
        return (said("less {player}'s unused cards {value} (as entered)", **ps) if less else
                said("{player}'s unused cards {value} (as entered)", **ps))
    if not mask:
        return (said("less {player}'s unused cards {value}", **ps) if less else
                said("{player}'s unused cards {value}", **ps))
    values = cards.value_said(mask)
    return (said("less {player}'s unused cards {value} ({values})", **ps, values=values) if less
            else said("{player}'s unused cards {value} ({values})", **ps, values=values))


def _carry(prev, scores) -> dict:
    totals = {p: prev[p] + scores[p] for p in prev}
    over = [p for p in totals if totals[p] >= TARGET]
    # only one player scores per round, so at most one can pass 100 (section 6)
    return {"totals": totals, "game_over": bool(over), "game_winner": over[0] if over else None}


GAME = Game(
    id=GAME_ID,
    names={"en": "Hana-Gin"},
    family="fusion",
    players=(2, 2),
    deck=DECK,
    options=joker_options() + (
        stake_option("stake_per_point", "Optional money (book introduction): the round's loser "
                     "pays the winner this much per point scored"),
        stake_option("stake_per_game", "Optional money (book introduction): when the game "
                     "ends the loser pays the winner this fixed amount")),
    presets=(Preset("book", "The book's game: 48 cards plus 4 Wet Koi (joker-a..d) and 2 Dry "
                    "Koi (joker-e, joker-f), 9-card deal, Hana at 7 of 10 cards in "
                    "combinations, Gin at 9 of 10, exhausted deck = draw, first to 100.",
                    names=HANAMI_BOOK),),
    default_preset="book",
    yaku=MELD_DEFS + OUTCOMES,
    events=(),  # a round's ending is the key 'ending' with 'caller'
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/hana-gin.md",
    round_example={
        "players": ["Aki", "Bo"],
        "dealer": "Aki",
        "ending": "hana",
        "caller": "Aki",
        "melds": {"Aki": [["plum-warbler", "wisteria-cuckoo", "iris-bridge"],
                          ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1",
                           "wisteria-chaff-1"]],
                  "Bo": [["wisteria-ribbon", "iris-ribbon", "clover-ribbon"],
                         ["peony-chaff-1", "clover-chaff-1", "pampas-chaff-1"]]},
        "unused": {"Aki": ["pampas-geese", "maple-chaff-1"],
                   "Bo": ["chrysanthemum-chaff-1", "paulownia-chaff-1"]},
        "layoffs": ["iris-chaff-1"],
    },
    description="Gin rummy with hanafuda for two: call Hana (7 of 10 in combinations) or Gin "
                "(9 of 10); only the round winner scores; first to 100.",
    pile_key="unused",  # each player's unused cards (or their value); melds are lists of lists
    inputs=(
        InputDef("ending", "choice",
                 "How the round ended: gin, hana, or exhausted (the draw pile ran out: a "
                 "draw).", choices=ENDINGS, required=True),
        InputDef("caller", "player",
                 "The player who called Gin or Hana. Leave it out when the deck was "
                 "exhausted."),
        InputDef("melds", "list",
                 "Optional: each player's combinations, as a list of card lists; each must be "
                 "a valid combination.", per_player=True,
                 item=InputDef("", "cards", "Combination", required=True)),
        InputDef("layoffs", "cards",
                 "Hana only: the cards the other player laid off onto the caller's "
                 "combinations (needs the caller's melds)."),
        WILDS_INPUT,
        InputDef("all_ten", "bool",
                 "Gin only: on when all 10 of the caller's cards were in combinations. Not needed "
                 "when the caller's unused cards are given."),
    ),
)
