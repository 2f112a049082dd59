"""Hana-Rumi: the Hanami book's rummy for hanafuda (shared/rules/hana-rumi.md).

Each round every player scores the value of the cards in their own capture area (their melds
and the cards they added to anyone's melds), plus at most one Special Achievement per
combination whose cards are all theirs, minus the value of the cards left in their hand
(section 5). The first to 200 cumulative points ends the game and the highest total wins
(section 6). Money is optional and paid once, at game end: by the house option ``settlement``
with a stake per point (each loser pays the difference of the final totals by default), and
a fixed game stake.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from collections.abc import Mapping

from ..cards import BLUE_RIBBONS, POETRY_RIBBONS, slugs_of
from ..errors import TallyError
from ..options import BOOL, CHOICE, HANAMI_BOOK, Option, Preset, rule_words
from ..results import Evaluation, Payment, PlayerScore, RoundResult, Step, YakuHit, hit, said
from ..rounds import int_field, player_field, players_of
from . import Game, InputDef, YakuDef
from ._rummy import (DECK, MELD_DEFS, Cards, Ledger, _window, card_list, cards_of,
                     check_meld, exactly_one, joker_options, joker_words,
                     money, stake_option, totals_carry, wild_map,
                     check_wilds, WILDS_INPUT)

GAME_ID = "hana-rumi"
TARGET = 200  # section 6: the first to 200 cumulative points
EXHAUSTED = ("exhausted_scores", "exhausted_void", "exhausted_reshuffle")


@dataclass(frozen=True)
class Achievement:
    id: str
    names: dict
    points: int
    description: str


# Section 4b. Order matters only to break ties between equal points (section 10.2: the best).
ACHIEVEMENTS = (
    Achievement("complete_month", {"en": "Complete Month"}, 40,
                "a combination holding all 4 cards of one month, no Dry Koi"),
    Achievement("wet_koi_four", {"en": "Wet Koi (four)"}, 40,
                "a combination of 4 Wet Koi (instead of the one of 3)"),
    Achievement("wet_koi_three", {"en": "Wet Koi (three)"}, 20, "a combination of 3 Wet Koi"),
    Achievement("purple_ribbons", {"en": "Purple Ribbons"}, 20,
                "a combination containing peony-blue, chrysanthemum-blue and maple-blue"),
    Achievement("poetry_ribbons", {"en": "Poetry Ribbons"}, 20,
                "a combination containing pine-poetry, plum-poetry and cherry-poetry"),
    Achievement("sequence_of_five", {"en": "Sequence of Five"}, 20,
                "a chaff sequence of 5 or more cards (Dry Koi allowed)"),
)
ACH = {a.id: a for a in ACHIEVEMENTS}

# An achievement's breakdown step, by where it was scored: a combination, or as entered.
ACH_IN_COMBINATION = {
    "complete_month": lambda **p: said("Complete Month +{points} (combination {index})", **p),
    "wet_koi_four": lambda **p: said("Wet Koi (four) +{points} (combination {index})", **p),
    "wet_koi_three": lambda **p: said("Wet Koi (three) +{points} (combination {index})", **p),
    "purple_ribbons": lambda **p: said("Purple Ribbons +{points} (combination {index})", **p),
    "poetry_ribbons": lambda **p: said("Poetry Ribbons +{points} (combination {index})", **p),
    "sequence_of_five": lambda **p: said("Sequence of Five +{points} (combination {index})",
                                         **p),
}
ACH_AS_ENTERED = {
    "complete_month": lambda **p: said("Complete Month +{points} (as entered)", **p),
    "wet_koi_four": lambda **p: said("Wet Koi (four) +{points} (as entered)", **p),
    "wet_koi_three": lambda **p: said("Wet Koi (three) +{points} (as entered)", **p),
    "purple_ribbons": lambda **p: said("Purple Ribbons +{points} (as entered)", **p),
    "poetry_ribbons": lambda **p: said("Poetry Ribbons +{points} (as entered)", **p),
    "sequence_of_five": lambda **p: said("Sequence of Five +{points} (as entered)", **p),
}


def compile(rules):
    mode = exactly_one(GAME_ID, rules, EXHAUSTED)
    cards = cards_of(rules)
    return SimpleNamespace(rules=rules, cards=cards, exhausted=mode, jokers=joker_words(cards))


def evaluate(mask: int, c) -> Evaluation:
    """One capture area: the value of its cards (section 5 step 2, "captured").

    Achievements need the grouping into combinations, which a bare pile does not give: score
    a round for them.
    """
    v = c.cards.value(mask)
    return Evaluation(v, (), c.jokers, {"captured": v, "cards": mask.bit_count()})


# --------------------------------------------------------------------------- achievements

def _seq_run(pm: int, meld: int, cards: Cards) -> bool:
    """Sequence of Five: the claimant's own cards make 5+ consecutive months of the sequence."""
    own_real = pm & ~cards.dry
    own_months, _ = cards.months(own_real)
    others, _ = cards.months(meld & ~pm & ~cards.dry)
    length = own_months.bit_count() + (pm & cards.dry).bit_count()
    if length < 5 or length > 13:
        return False
    return any(own_months & ~w == 0 and w & others == 0
               for w in (_window(s, length) for s in range(13)))


def _candidates(kind: str, meld: int, pm: int, cards: Cards):
    """The achievements one player could claim on one combination (section 4b conditions)."""
    if kind == "contiguous_month" and not meld & cards.dry and meld.bit_count() == 4:
        if pm & meld == meld:  # all 4 cards of the month, none wild, all the claimant's
            yield ACH["complete_month"], meld
    if kind == "type_wet_koi":
        wet = pm & meld & cards.wet
        if wet.bit_count() == 4:
            yield ACH["wet_koi_four"], wet
        elif wet.bit_count() == 3:
            yield ACH["wet_koi_three"], wet
    if pm & BLUE_RIBBONS == BLUE_RIBBONS:
        yield ACH["purple_ribbons"], BLUE_RIBBONS
    if pm & POETRY_RIBBONS == POETRY_RIBBONS:
        yield ACH["poetry_ribbons"], POETRY_RIBBONS
    if kind == "chaff_sequence" and _seq_run(pm, meld, cards):
        yield ACH["sequence_of_five"], pm & meld


def best_achievement(kind: str, meld: int, contrib: Mapping[str, int], cards: Cards):
    """At most one achievement per combination (section 4b), the highest (section 10.2); the
    required cards must all be in one player's capture area (section 10.3). Equal points: the
    first player listed for the combination (its melder), then section 4b's order."""
    best = None
    for player, pm in contrib.items():
        for ach, req in _candidates(kind, meld, pm, cards):
            if best is None or ach.points > best[0].points:
                best = (ach, player, req)
    return best


# --------------------------------------------------------------------------- round

def _melds(rnd, players, cards: Cards, ledger: Ledger):
    wilds = wild_map(GAME_ID, rnd, cards)
    raw = rnd.get("melds", [])
    if not isinstance(raw, (list, tuple)):
        raise TallyError(said("{game}: give the combinations on the table as a list, each "
                              "with who put which cards into it", game=GAME_ID), game=GAME_ID,
                         field="melds")
    out = []
    for i, m in enumerate(raw):  # said from 1, as a table counts; ``field`` stays the JSON path
        where = f"melds.{i}"
        if not isinstance(m, Mapping) or not m:
            raise TallyError(said("{game}: combination {i} must be an object mapping each "
                                  "contributing player to their cards", game=GAME_ID, i=i + 1),
                             game=GAME_ID, field=where)
        contrib, meld = {}, 0
        for p, slugs in m.items():
            if p not in players:
                raise TallyError(said("{game}: combination {i} names {player!r}, who is not "
                                      "one of the players", game=GAME_ID, i=i + 1, player=p),
                                 game=GAME_ID, player=p, field=f"{where}.{p}")
            pm = card_list(GAME_ID, slugs, what=said("combination {i} ({player})", i=i + 1,
                                                     player=p), player=p,
                           field=f"{where}.{p}")
            if not pm:
                raise TallyError(said("{game}: combination {i} lists no cards for {player!r}",
                                      game=GAME_ID, i=i + 1, player=p),
                                 game=GAME_ID, player=p, field=f"{where}.{p}")
            ledger.add(pm, said("combination {i}", i=i + 1), player=p, field=f"{where}.{p}")
            contrib[p] = pm
            meld |= pm
        kind = check_meld(GAME_ID, meld, cards, field=where)
        check_wilds(GAME_ID, meld, wilds, cards, field=where)
        out.append((i, kind, meld, contrib))
    return out


def _totals_form(rnd, players):
    raw = rnd.get("totals") or {}
    if not isinstance(raw, Mapping):
        raise TallyError(said("{game}: give each player's totals: the points of the "
                              "captured cards, the achievements and the points of the cards "
                              "left in hand", game=GAME_ID), game=GAME_ID, field="totals")
    out = {}
    for p, t in raw.items():
        where = f"totals.{p}"
        if p not in players:
            raise TallyError(said("{game}: the totals name {player!r}, who is not one of the "
                                  "players", game=GAME_ID, player=p),
                             game=GAME_ID, player=p, field=where)
        if not isinstance(t, Mapping):
            raise TallyError(said("{game}: {player}'s totals must give the points of the "
                                  "captured cards, the achievements and the points of the "
                                  "cards left in hand", game=GAME_ID, player=p), game=GAME_ID,
                             player=p, field=where)
        extra = set(t) - {"captured", "achievements", "hand"}
        if extra:
            raise TallyError(said("{game}: {player}'s totals take only the points of the "
                                  "captured cards, the achievements and the points of the cards "
                                  "left in hand, not {key!r}", game=GAME_ID, player=p,
                                  key=sorted(extra)[0]),
                             game=GAME_ID, player=p, field=where)
        # 48 flower cards are worth 264, the jokers 4 x 5 + 2 x 10: 304 at most
        captured = int_field(GAME, t, "captured", maximum=304, field=f"{where}.captured")
        hand = int_field(GAME, t, "hand", maximum=304, field=f"{where}.hand")
        achs = t.get("achievements", [])
        if not isinstance(achs, (list, tuple)):
            raise TallyError(said("{game}: the achievements of {player!r} must be a list",
                                  game=GAME_ID, player=p),
                             game=GAME_ID, player=p, field=f"{where}.achievements")
        for a in achs:
            if not isinstance(a, str) or a not in ACH:
                raise TallyError(said("{game}: {value!r}, given for {player!r}, is not an "
                                      "achievement; the achievements are: {yaku}",
                                      game=GAME_ID, value=a, player=p,
                                      yaku=", ".join(x.names["en"] for x in ACHIEVEMENTS)),
                                 game=GAME_ID, player=p, rule=str(a), known=tuple(ACH),
                                 field=f"{where}.achievements")
        if achs.count("wet_koi_three") + achs.count("wet_koi_four") > 1:
            raise TallyError(said("{game}: {player!r} claims more than one Wet Koi achievement, "
                                  "but there are only 4 Wet Koi", game=GAME_ID, player=p),
                             game=GAME_ID, player=p,
                             rule="wet_koi_three", field=f"{where}.achievements")
        for a in ("purple_ribbons", "poetry_ribbons", "wet_koi_four"):
            if achs.count(a) > 1:
                raise TallyError(said("{game}: {player!r} claims {yaku} twice; its cards exist "
                                      "once", game=GAME_ID, player=p,
                                      yaku=ACH[a].names["en"]),
                                 game=GAME_ID, player=p, rule=a, field=f"{where}.achievements")
        if captured < sum(_min_cards(a) for a in achs):
            raise TallyError(said("{game}: {player!r} claims {yaku} with captured cards worth "
                                  "only {value}", game=GAME_ID, player=p,
                                  yaku=", ".join(ACH[a].names["en"] for a in achs),
                                  value=captured), game=GAME_ID, player=p,
                             field=f"{where}.captured")
        out[p] = (captured, tuple(achs), hand)
    return out


def _min_cards(a: str) -> int:
    """The least card value an achievement's own cards are worth (consistency check): the
    cheapest full month is a ten, a ribbon and two chaffs (17)."""
    return {"complete_month": 17, "wet_koi_four": 20, "wet_koi_three": 15, "purple_ribbons": 15,
            "poetry_ribbons": 15, "sequence_of_five": 5}[a]


def score_round(rnd: Mapping, c) -> RoundResult:
    g, cards = GAME, c.cards
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players)
    went_out = player_field(g, rnd, "went_out", players, required=False)
    exhausted = rnd.get("exhausted", False)
    if not isinstance(exhausted, bool):
        raise TallyError(said("{game}: {message}", game=GAME_ID,
                              message=said("whether the draw pile ran out must be on or "
                                           "off")),
                         game=GAME_ID,
                         field="exhausted")
    if (went_out is None) == (not exhausted):
        raise TallyError(said("{game}: name the player who went out, or say that the draw "
                              "pile ran out and nobody went out: one of the two", game=GAME_ID),
                         game=GAME_ID, field="went_out")
    if exhausted and c.exhausted == "exhausted_reshuffle":
        raise TallyError(said("{game}: under the house rule \"{rule}\" play goes on when the "
                              "draw pile runs out, so a round cannot end with it exhausted",
                              game=GAME_ID, rule=rule_words(GAME_ID, "exhausted_reshuffle")),
                         game=GAME_ID, option="exhausted_reshuffle",
                         field="exhausted")
    ledger = Ledger(GAME_ID)
    melds = _melds(rnd, players, cards, ledger)
    raw_hands = rnd.get("in_hand") or {}
    if not isinstance(raw_hands, Mapping):
        raise TallyError(said("{game}: give each player's cards left in hand", game=GAME_ID),
                         game=GAME_ID, field="in_hand")
    hands = {}
    for p, slugs in raw_hands.items():
        if p not in players:
            raise TallyError(said("{game}: the cards left in hand name {player!r}, who is not "
                                  "one of the players", game=GAME_ID, player=p),
                             game=GAME_ID, player=p, field=f"in_hand.{p}")
        what = said("{player}'s hand", player=p)
        hands[p] = card_list(GAME_ID, slugs, what=what, player=p, field=f"in_hand.{p}")
        ledger.add(hands[p], what, player=p, field=f"in_hand.{p}")
    totals_form = _totals_form(rnd, players)
    for p in totals_form:
        if p in hands or any(p in contrib for *_, contrib in melds):
            raise TallyError(said("{game}: {player!r} is given both as totals and as cards; use "
                                  "one", game=GAME_ID, player=p),
                             game=GAME_ID, player=p, field=f"totals.{p}")
    if went_out is not None:
        left = totals_form[went_out][2] if went_out in totals_form else \
            cards.value(hands.get(went_out, 0))
        if hands.get(went_out) or left:
            raise TallyError(said("{game}: {player!r} went out, so no card is left in their "
                                  "hand", game=GAME_ID, player=went_out),
                             game=GAME_ID, player=went_out, field=f"in_hand.{went_out}")

    # section 5 step 2, per player
    hits = {p: [] for p in players}
    captured = {p: 0 for p in players}
    ach_points = {p: [] for p in players}
    for i, kind, meld, contrib in melds:
        for p, pm in contrib.items():
            v = cards.value(pm)
            captured[p] += v
            hits[p].append(hit(kind, MELD_NAMES[kind], v, pm,
                               said("combination {index}: {values}", index=i + 1,
                                    values=cards.value_said(pm))))
        best = best_achievement(kind, meld, contrib, cards)
        if best:
            ach, p, req = best
            hits[p].append(hit(ach.id, ach.names, ach.points, req,
                               said("combination {index}", index=i + 1)))
            ach_points[p].append((ach, i))
    penalty = {p: cards.value(hands.get(p, 0)) for p in players}
    for p, (cap, achs, hand) in totals_form.items():
        captured[p], penalty[p] = cap, hand
        for a in achs:
            ach_points[p].append((ACH[a], None))
            hits[p].append(YakuHit(a, ACH[a].names["en"], ACH[a].points, (), ACH[a].names))

    void = exhausted and c.exhausted == "exhausted_void"
    prev = totals_carry(GAME_ID, rnd, players)
    prev_won = totals_carry(GAME_ID, rnd, players, "rounds_won")
    if (rnd.get("carry") or {}).get("game_over"):
        raise TallyError(said("{game}: {message}", game=GAME_ID,
                              message=said("the game ended in the previous round; start a new game "
                                       "without its carry")), game=GAME_ID, field="carry")
    scores, out = {}, []
    for p in players:
        if p not in totals_form and captured[p]:
            why = said("captured cards {points}: {values}", points=captured[p],
                       values=cards.value_said(sum(ct.get(p, 0) for *_, ct in melds)))
        else:
            why = said("captured cards {points}", points=captured[p])
        steps = [Step("captured", "base", captured[p], why, captured[p])]
        total = captured[p]
        for ach, where in ach_points[p]:
            total += ach.points
            steps.append(Step(ach.id, "add", ach.points,
                              ACH_AS_ENTERED[ach.id](points=ach.points) if where is None else
                              ACH_IN_COMBINATION[ach.id](points=ach.points, index=where + 1),
                              total))
        if penalty[p]:
            total -= penalty[p]
            if p in hands:
                why = said("cards left in hand -{points} ({values})", points=penalty[p],
                           values=cards.value_said(hands[p]))
            else:
                why = said("cards left in hand -{points} (as entered)", points=penalty[p])
            steps.append(Step("hand", "add", -penalty[p], why, total))
        if void:
            steps.append(Step("exhausted_void", "set", 0, said(
                "the draw pile ran out: the round is a draw and nobody scores"), 0))
            total = 0
        scores[p] = total
        role = "winner" if p == went_out else ("draw" if exhausted else "")
        out.append(PlayerScore(p, tuple(hits[p]), captured[p], tuple(steps), total, role,
                               {"captured": captured[p],
                                "achievements": sum(a.points for a, _ in ach_points[p]),
                                "hand": penalty[p],
                                # entered as totals (quick entry), not derived from cards
                                **({"declared": ["captured", "achievements", "hand"]}
                                   if p in totals_form else {})}))
    totals = {p: prev[p] + scores[p] for p in players}
    won = dict(prev_won)
    if went_out is not None:
        won[went_out] += 1
    carry = {"totals": totals, "rounds_won": won, "game_over": False, "game_winner": None}
    notes = []
    if exhausted:
        notes.append(said("the draw pile ran out: no round winner, {dealer} deals again",
                          option=c.exhausted, dealer=dealer))
    if max(totals.values()) >= TARGET:
        carry["game_over"] = True
        carry["game_winners"] = game_winners(totals, won)
        if len(carry["game_winners"]) == 1:
            carry["game_winner"] = carry["game_winners"][0]
        gw = carry["game_winners"]
        ps = {"winners": ", ".join(gw), "points": totals[gw[0]], "target": TARGET}
        notes.append(said("game over: {winners} wins with {points} (first to {target}, highest "
                          "total)", **ps) if len(gw) == 1 else
                     said("game over: {winners} win with {points} (first to {target}, highest "
                          "total)", **ps))
    payments = game_end_payments(c.rules, totals, carry.get("game_winners", ())) \
        if carry["game_over"] else []
    return RoundResult(GAME_ID, c.rules.preset, tuple(out), tuple(payments), went_out,
                       went_out if went_out is not None else dealer, carry, tuple(notes))


# Section 6 / 8 (2026-12): how the losers pay at game end, per point of the final totals.
SETTLEMENTS = ("winner_difference", "winner_total", "all_pairs_difference", "fixed_per_game")


def _owed(rule: str, totals: Mapping[str, int], payer: str, payee: str) -> int:
    """Points ``payer`` owes ``payee`` at game end under ``settlement`` (0: nothing)."""
    if rule == "winner_total":
        return totals[payee]  # the winner's total, the payer's own ignored
    return max(0, totals[payee] - totals[payer])  # signed totals: a negative total pays more


def per_point_payments(rule: str, totals, winners, stake) -> list[Payment]:
    """E7: ``winner_difference`` / ``winner_total``: each other player pays the winner (split
    equally between shared winners, a reading: section 10.5 leaves it open);
    ``all_pairs_difference``: every pair settles the difference of their totals."""
    players = list(totals)
    if rule == "all_pairs_difference":
        pairs = [(a, b, 1) for a in players for b in players if totals[b] > totals[a]]
    else:
        pairs = [(a, w, len(winners)) for a in players if a not in winners for w in winners]
    reason = (said("the winner's final total x {stake} per point", stake=stake)
              if rule == "winner_total" else
              said("difference of the final totals x {stake} per point", stake=stake))
    return [Payment(a, b, money(_owed(rule, totals, a, b) * stake / n), reason)
            for a, b, n in pairs if _owed(rule, totals, a, b)]


def game_end_payments(rules, totals, winners) -> list[Payment]:
    """The money at game end: the per-point settlement in force (none for
    ``fixed_per_game``) and the fixed game stake, split equally between shared winners."""
    pays = []
    if rules["stake_per_point"] and rules["settlement"] != "fixed_per_game":
        pays += per_point_payments(rules["settlement"], totals, winners,
                                   rules["stake_per_point"])
    stake = rules["stake_per_game"]
    if stake:
        share = money(stake / len(winners))
        why = (said("game stake {stake} shared by {count} winners", stake=stake,
                    count=len(winners)) if len(winners) > 1 else
               said("game stake {stake}", stake=stake))
        pays += [Payment(p, w, share, why) for p in totals if p not in winners
                 for w in winners]
    return pays


def game_winners(totals: Mapping[str, int], rounds_won: Mapping[str, int]) -> list[str]:
    """Section 6: the highest total wins; a tie goes to most rounds won, then a shared win
    (section 10.5, the book's general rule of ch. 3)."""
    top = max(totals.values())
    tied = [p for p in totals if totals[p] == top]
    most = max(rounds_won[p] for p in tied)
    return [p for p in tied if rounds_won[p] == most]


MELD_NAMES = {d.id: d.names for d in MELD_DEFS}

YAKU = MELD_DEFS + tuple(
    YakuDef(a.id, a.names, str(a.points), group="achievement", description=a.description,
            cards=tuple(slugs_of({"purple_ribbons": BLUE_RIBBONS,
                                  "poetry_ribbons": POETRY_RIBBONS}.get(a.id, 0))))
    for a in ACHIEVEMENTS)

OPTIONS = joker_options() + (
    Option("settlement", CHOICE, "winner_difference",
           "Money at the end of the game (not in the book), at the stake per point: each "
           "other player pays the winner the difference between the winner's total and their "
           "own (recommended); or the winner's whole total; or every two players settle the "
           "difference of their totals; or only the fixed game stake is paid.",
           choices=SETTLEMENTS, group="payment"),
    stake_option("stake_per_point", "Optional money: the stake per point for the money at "
                 "the end of the game (0 = no money per point)"),
    stake_option("stake_per_game", "Optional money (book introduction): when the game ends "
                 "each other player pays the game winner this fixed amount (split equally "
                 "when the win is shared)"),
    Option("exhausted_scores", BOOL, True,
           "Not in the book: when the draw pile runs out the round ends, everyone is scored as "
           "usual, nobody wins the round and the dealer deals again",
           group="exhausted", excludes=("exhausted_void", "exhausted_reshuffle")),
    Option("exhausted_void", BOOL, False,
           "Not in the book: when the draw pile runs out the round is a draw as in Hana-Gin: "
           "nobody scores, the dealer deals again",
           group="exhausted", excludes=("exhausted_scores", "exhausted_reshuffle")),
    Option("exhausted_reshuffle", BOOL, False,
           "Not in the book: the discard pile except its top card is shuffled into a new draw "
           "pile and play goes on", group="exhausted",
           excludes=("exhausted_scores", "exhausted_void")),
)

GAME = Game(
    id=GAME_ID,
    names={"en": "Hana-Rumi"},
    family="fusion",
    players=(2, 4),
    deck=DECK,
    options=OPTIONS,
    presets=(Preset("book", "The book's game: 48 cards plus 4 Wet Koi and 2 Dry Koi, 7-card deal, "
                    "the book's card values and achievements, first to 200 (highest total if "
                    "several); when the draw pile runs out, everyone is "
                    "scored as usual.", names=HANAMI_BOOK),),
    default_preset="book",
    yaku=YAKU,
    events=(),  # who went out is the round key 'went_out' ('exhausted' when the pile ran out)
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/hana-rumi.md",
    round_example={
        "players": ["Aki", "Bo"],
        "dealer": "Bo",
        "went_out": "Aki",
        "melds": [
            {"Aki": ["plum-warbler", "wisteria-cuckoo", "iris-bridge"]},
            {"Aki": ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1"]},
            {"Bo": ["peony-blue", "chrysanthemum-blue", "maple-blue"], "Aki": ["iris-ribbon"]},
            {"Bo": ["clover-boar", "clover-ribbon", "clover-chaff-1"]},
        ],
        "in_hand": {"Bo": ["pampas-chaff-1", "pampas-chaff-2", "maple-chaff-1"]},
    },
    description="Rummy with hanafuda: meld combinations into your capture area, go out; score "
                "captured cards + Special Achievements - cards left in hand; first to 200.",
    pile_key="in_hand",  # the cards left in each hand; the melds are shared combinations
    pile_every=False,
    inputs=(
        InputDef("went_out", "player",
                 "The player who discarded their last card: the round winner, who deals next. "
                 "Leave it out when the draw pile ran out."),
        InputDef("exhausted", "bool",
                 "On when the draw pile ran out and nobody went out (instead of naming who went "
                 "out)."),
        InputDef("melds", "list",
                 "The combinations on the table: for each, who put which cards into it, the "
                 "melder first.", item=InputDef(
                     "", "map", "Combination", keys="players", minimum=1,
                     item=InputDef("", "cards", "Cards", required=True))),
        WILDS_INPUT,
        InputDef("totals", "record",
                 "Instead of cards, for a player: the points of the captured cards, the "
                 "achievements and the points of the cards left in hand.", per_player=True,
                 fields=(InputDef("captured", "int", "Captured card points", minimum=0,
                                  maximum=304),
                         InputDef("achievements", "yaku", "Achievements",
                                  choices=tuple(a.id for a in ACHIEVEMENTS)),
                         InputDef("hand", "int", "Points left in hand", minimum=0,
                                  maximum=304))),
    ),
)
