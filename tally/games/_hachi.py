"""What Hachi (Simplified) and Hachi share (shared/rules/hachi-simplified.md, hachi.md).

The two games differ only in the capture chart (which months a card may capture), a play rule;
scoring, yaku, card values and the game end are identical (section 1 of each digest). Each
game module gives its chart and calls ``make_game``.

Round score = card points (ribbons 1, every other card 10) + every yaku held (10 plain, 20
"Poetry"); the higher score wins and deals next. The game is won by the first player to win
two consecutive rounds, each by 20 points or more (section 6); the carry keeps that streak.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from collections.abc import Mapping

from ..cards import FLOWERS, FULL_DECK, RIBBONS, month_mask, slugs_of
from ..errors import TallyError
from ..options import CHOICE, Option, rule_words
from ..results import Evaluation, PlayerScore, RoundResult, YakuHit, said
from ..rounds import piles_of
from . import Game, InputDef
from ._capture import (COMMON_EVENTS, SETTLE_IDS, Compiled, Ledger, book_preset,
                       evaluate_pile, game_payments, groups_of, misdeal_result, read_table,
                       round_payments, row, shared_options, yaku_defs, yaku_steps)

# Section 2: ribbons 1, brights / tens / chaffs 10 (full deck 390).
OTHERS = FULL_DECK & ~RIBBONS
VALUES = ((OTHERS, 10), (RIBBONS, 1))
# Section 3 / 5.1: 7 + 7 dealt, 6 to the field, one draw per turn for 7 turns each: at most 34
# cards come into play (the 14 left in the draw pile are never played), so at most 340 points.
IN_PLAY = 7 + 7 + 6 + 14
MAX_CARD_TOTAL = IN_PLAY * 10
STREAK_MARGIN = 20  # section 6: "by 20 points or more" (inclusive, section 9 round 1)
STREAK_WINS = 2


def _y(yid, en, ja, points, cards):
    return row(yid, en, points, cards, "plain" if points == 10 else "poetry", False, ja=ja)


# Section 4 (seed 4629-4673 / 4789-4833): names and values printed; the cards follow the
# naming pattern (plain = bright/ten of each month; Poetry = ribbon, with pampas-geese and
# paulownia-chaff-colored standing in), as FudaWiki has them; plain ten_seven_eight is built
# by the same pattern (HS1 / H1). Japanese names are conventional, not in the seed (HS6).
ROWS = (
    _y("twelve_four_eleven", "Twelve Four Eleven", "Kirishima", 10,
       ["paulownia-phoenix", "wisteria-cuckoo", "willow-rainman"]),
    _y("one_two_three", "One Two Three", "Ichi-ni-san", 10,
       ["pine-crane", "plum-warbler", "cherry-curtain"]),
    _y("nine_eleven_three", "Nine Eleven Three", "Kumano-san", 10,
       ["chrysanthemum-sake", "willow-rainman", "cherry-curtain"]),
    _y("five_six_ten", "Five Six Ten", "Gorōjū", 10,
       ["iris-bridge", "peony-butterflies", "maple-deer"]),
    _y("three_five_six", "Three Five Six", "Sangorō", 10,
       ["cherry-curtain", "iris-bridge", "peony-butterflies"]),
    _y("eight_four_eleven", "Eight Four Eleven", "Yashima", 10,
       ["pampas-moon", "wisteria-cuckoo", "willow-rainman"]),
    _y("five_four_six", "Five Four Six", "Go-shi-roku", 10,
       ["iris-bridge", "wisteria-cuckoo", "peony-butterflies"]),
    _y("ten_seven_eight", "Ten Seven Eight", "Jū-shichi-hachi", 10,
       ["maple-deer", "clover-boar", "pampas-moon"]),
    _y("seven_eight_nine", "Seven Eight Nine", "Nakazō", 10,
       ["clover-boar", "pampas-moon", "chrysanthemum-sake"]),
    _y("seven_five_three", "Seven Five Three", "Shichi-go-san", 10,
       ["clover-boar", "iris-bridge", "cherry-curtain"]),
    _y("poetry_twelve_four_eleven", "Poetry Twelve Four Eleven", "Tan no Kirishima", 20,
       ["paulownia-chaff-colored", "wisteria-ribbon", "willow-ribbon"]),
    _y("poetry_one_two_three", "Poetry One Two Three", "Tan no ichi-ni-san", 20,
       ["pine-poetry", "plum-poetry", "cherry-poetry"]),
    _y("poetry_nine_eleven_three", "Poetry Nine Eleven Three", "Tan no Kumano-san", 20,
       ["chrysanthemum-blue", "willow-ribbon", "cherry-poetry"]),
    _y("poetry_five_six_ten", "Poetry Five Six Ten", "Tan no Gorōjū", 20,
       ["iris-ribbon", "peony-blue", "maple-blue"]),
    _y("poetry_three_five_six", "Poetry Three Five Six", "Tan no Sangorō", 20,
       ["cherry-poetry", "iris-ribbon", "peony-blue"]),
    _y("poetry_eight_four_eleven", "Poetry Eight Four Eleven", "Tan no Yashima", 20,
       ["pampas-geese", "wisteria-ribbon", "willow-ribbon"]),
    _y("poetry_five_four_six", "Poetry Five Four Six", "Tan no go-shi-roku", 20,
       ["iris-ribbon", "wisteria-ribbon", "peony-blue"]),
    _y("poetry_ten_seven_eight", "Poetry Ten Seven Eight", "Jū-shichi-hachi (ribbons)", 20,
       ["maple-blue", "clover-ribbon", "pampas-geese"]),
    _y("poetry_seven_eight_nine", "Poetry Seven Eight Nine", "Tan no Nakazō", 20,
       ["clover-ribbon", "pampas-geese", "chrysanthemum-blue"]),
    _y("poetry_seven_five_three", "Poetry Seven Five Three", "Tan no shichi-go-san", 20,
       ["clover-ribbon", "iris-ribbon", "cherry-poetry"]),
)
# Section 8 house option ``hachi_yaku_list`` = ``fudawiki`` (HS1 / H1, 2026-12): FudaWiki's
# Hachi page has no plain Ten Seven Eight but a "Den" pair (warbler, rain man, phoenix; the
# ribbons with paulownia-chaff-colored standing in). Not in the book.
DEN_ROWS = (
    _y("den", "Den", "Den", 10, ["plum-warbler", "willow-rainman", "paulownia-phoenix"]),
    _y("poetry_den", "Poetry Den", "Tan no Den", 20,
       ["plum-poetry", "willow-ribbon", "paulownia-chaff-colored"]),
)
YAKU_LISTS = {
    "book": ROWS,  # the book's 20 (section 4)
    "fudawiki": tuple(r for r in ROWS if r.id != "ten_seven_eight") + DEN_ROWS,  # 21
}
ROW_BY_ID = {r.id: r for r in ROWS + DEN_ROWS}
HITS = {r.id: YakuHit(r.id, r.names["en"], r.points, r.cards, r.names)
        for r in ROWS + DEN_ROWS}
GROUPS = {name: groups_of(rows) for name, rows in YAKU_LISTS.items()}  # plain, Poetry: each
# The yaku the API lists: the book's 20, then the two only FudaWiki's list has.
YAKU_DEFS = yaku_defs(ROWS) + tuple(
    replace(d, description="Only with FudaWiki's yaku list: " + d.description)
    for d in yaku_defs(DEN_ROWS))

OPTIONS = (
    Option("hachi_yaku_list", CHOICE, "book",
           "Which yaku count: the book's 20 (recommended), or FudaWiki's 21: no plain Ten "
           "Seven Eight (deer, boar, moon), but Den (warbler, rain man, phoenix: 10) and "
           "Poetry Den (plum ribbon, willow ribbon, coloured paulownia chaff: 20).",
           choices=tuple(YAKU_LISTS), group="yaku list"),
) + shared_options(*SETTLE_IDS)
PRESETS = (book_preset("The book's rules (there are no variations): 48 cards, the book's capture "
                       "chart, ribbons 1 and all else 10, the 20 yaku, two wins in a row by 20 or "
                       "more take the game."),)
_COMMON = {e.id: e for e in COMMON_EVENTS}
EVENTS = (
    replace(_COMMON["misdeal"], description="The deal is void: the same dealer re-deals and "
            "nothing is scored. The only misdeal: all 4 cards of a month dealt to the field.",
            fields={"reason": InputDef("", "choice", "the reason", choices=("field_four",),
                                       required=True)}),
    replace(_COMMON["hiki_formed"], description="Three cards of a month were dealt to the field "
            "and stacked; any card that may capture that month under the capture chart takes all "
            "three. Play only: no effect on scoring."),
    _COMMON["round_end"],
)
MONTH_OF = {f.month_jp: f.id for f in FLOWERS}  # the book's Japanese month numbers


def compile(rules) -> Compiled:
    listed = rules["hachi_yaku_list"]
    return Compiled(rules, VALUES, GROUPS[listed],
                    {"yaku": tuple(r.id for r in YAKU_LISTS[listed])})


def evaluate(mask: int, c: Compiled) -> Evaluation:
    """One pile: card points (ribbons 1, others 10) + every yaku held; points = the score."""
    return evaluate_pile(mask, c.values, c.groups)


def _err(g, msg: str, **kw) -> TallyError:
    """The error, its message (a said() sentence) led by the game id."""
    return TallyError(said("{game}: {message}", game=g.id, message=msg), game=g.id, **kw)


# --------------------------------------------------------------------------------------------
# The capture chart as a realism check (a warning, never a rejection)

def chart_checker(chart: Mapping[int, tuple[int, ...]]):
    """A function telling whether a pile can be split into captures under ``chart``: pairs
    (a card of month a with one of a month in chart[a]) or hiki fours (a card of month a with
    three of one month in chart[a], section 10 HS3 / H3)."""
    months = tuple(sorted(chart))
    idx = {m: i for i, m in enumerate(months)}
    mate = [set() for _ in months]  # months a card of this month can pair with (either way)
    for a, caps in chart.items():
        for b in caps:
            mate[idx[a]].add(idx[b])
            mate[idx[b]].add(idx[a])
    takes = [tuple(idx[b] for b in chart[m]) for m in months]  # captured months
    taken_by = [tuple(idx[a] for a in months if m in chart[a]) for m in months]

    @lru_cache(maxsize=65536)
    def ok(counts: tuple) -> bool:
        i = next((k for k, n in enumerate(counts) if n), None)
        if i is None:
            return True
        c = list(counts)

        def minus(*ks):
            d = c[:]
            for k in ks:
                d[k] -= 1
                if d[k] < 0:
                    return None
            return tuple(d)
        options = [minus(i, j) for j in mate[i]]
        options += [minus(i, j, j, j) for j in takes[i]]  # i captures a hiki of j
        options += [minus(i, i, i, a) for a in taken_by[i]]  # a hiki of i taken by a
        return any(o is not None and ok(o) for o in options)

    masks = tuple(month_mask(MONTH_OF[m]) for m in months)

    def check(mask: int) -> bool:
        return ok(tuple((mask & mm).bit_count() for mm in masks))
    return check


# --------------------------------------------------------------------------------------------
# Round

def _from_captures(g, rnd, t, c, check) -> tuple[dict, dict, list[str]]:
    if "yaku" in rnd:
        raise _err(g, said("the yaku by name go with the card points; with the captured "
                           "cards the yaku are found from the cards"), field="yaku")
    piles = piles_of(g, rnd, t.players, max_pile=IN_PLAY)
    union = 0
    for m in piles.values():
        union |= m
    if union.bit_count() > IN_PLAY:
        # section 5.1
        raise _err(g, said("{n} cards captured in all, but at most {most} come into play (7 + 7 "
                           "dealt, 6 to the field, 14 drawn; the other 14 stay in the draw "
                           "pile)", n=union.bit_count(), most=IN_PLAY),
                   field="captures",
                   rule="too_many_cards")
    evals = {p: evaluate(piles[p], c) for p in t.players}
    words, notes = {}, []
    for p in t.players:
        m = piles[p]
        n, r = (m & OTHERS).bit_count(), (m & RIBBONS).bit_count()
        words[p] = said("card points: {cards} cards x10 + {ribbons} ribbons x1 = {value}",
                        cards=n, ribbons=r, value=evals[p].details["card_value"])
        if m and not check(m):
            notes.append(said("warning: {player}'s captures cannot be split into captures "
                              "allowed by this game's capture chart (pairs, or a hiki of three "
                              "with its capturing card), so this set cannot come from real "
                              "play", player=p))
    return evals, words, notes


def _from_totals(g, rnd, t, c) -> tuple[dict, dict, list[str]]:
    """Section 5 inputs "when only totals are known": each player's card total and the list
    of yaku. Impossible combinations are a warning only (the book's own example is one:
    section 10 HS2 / H2)."""
    totals = rnd.get("card_totals")
    if not isinstance(totals, Mapping):
        raise _err(g, said("the card points must give each player's total"),
                   field="card_totals")
    claims = rnd.get("yaku") or {}
    if not isinstance(claims, Mapping):
        raise _err(g, said("the yaku must give each player's list of yaku"), field="yaku")
    for name in list(totals) + list(claims):
        if name not in t.players:
            raise _err(g, said("{player!r} is not one of the players", player=name), player=name,
                       field="card_totals" if name in totals else "yaku")
    evals, words, notes, owner = {}, {}, [], {}
    for p in t.players:
        v = totals.get(p)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_CARD_TOTAL:
            raise _err(g, said("card points of {player!r} must be a whole number from 0 to "
                               "{most} (at most {cards} cards of at most 10), not {value!r}",
                               player=p,
                               most=MAX_CARD_TOTAL, cards=IN_PLAY, value=v), player=p,
                       field=f"card_totals.{p}")
        ids = claims.get(p, [])
        if isinstance(ids, (str, bytes)) or not isinstance(ids, (list, tuple)):
            raise _err(g, said("the yaku of {player!r} must be a list", player=p),
                       player=p,
                       field=f"yaku.{p}")
        hits, need = [], 0
        for yid in ids:
            if isinstance(yid, str) and yid in ROW_BY_ID and yid not in c.extra["yaku"]:
                raise _err(g, said("{yaku}, given for {player!r}, is not in the yaku list "
                                   "the house rules use (\"{rule}\")", yaku=HITS[yid].name,
                                   player=p, rule=rule_words(g.id, "hachi_yaku_list")),
                           player=p, rule=yid, option="hachi_yaku_list", field=f"yaku.{p}",
                           known=c.extra["yaku"])
            if not isinstance(yid, str) or yid not in ROW_BY_ID:
                raise _err(g, said("{value!r}, given for {player!r}, is not a yaku of this "
                                   "game", value=yid, player=p), player=p, rule=str(yid),
                           field=f"yaku.{p}", known=c.extra["yaku"])
            if any(h.id == yid for h in hits):
                raise _err(g, said("{player!r} lists yaku {id!r} twice (a yaku scores once)",
                                   player=p, id=yid),
                           player=p, rule=yid, field=f"yaku.{p}")
            for q, other in owner.items():
                clash = other & ROW_BY_ID[yid].mask
                if q != p and clash:
                    raise _err(g, said("{player!r}'s {yaku} needs {card!r}, which a yaku of "
                                       "{other!r} also needs; a card is in one pile only", player=p,
                                       yaku=yid, card=slugs_of(clash)[0], other=q), player=p,
                               card=slugs_of(clash)[0], rule=yid, field=f"yaku.{p}")
            need |= ROW_BY_ID[yid].mask
            hits.append(HITS[yid])
        owner[p] = need
        order = {r.id: k for k, r in enumerate(ROWS + DEN_ROWS)}
        hits.sort(key=lambda h: order[h.id])
        yv = sum(h.points for h in hits)
        evals[p] = Evaluation(v + yv, tuple(hits), (), {"card_value": v, "yaku_value": yv})
        words[p] = said("card points as given: {value}", value=v)
        if not _total_fits(v, need):
            r, n = (need & RIBBONS).bit_count(), (need & OTHERS).bit_count()
            notes.append(said("warning: {player}'s card total {value} cannot hold the cards of "
                              "the yaku listed ({ribbons} ribbons worth 1 and {cards} other "
                              "cards worth 10): with ribbons worth 1 a total ends in its "
                              "ribbon count; scored as given",
                              player=p, value=v, ribbons=r, cards=n))
    if sum(totals[p] for p in t.players) > MAX_CARD_TOTAL:
        raise _err(g, said("card totals add up to {total}, but at most {cards} cards worth at "
                           "most 10 each are captured in a round (at most {most})",
                           total=sum(totals[p] for p in t.players), cards=IN_PLAY,
                           most=MAX_CARD_TOTAL), field="card_totals")
    return evals, words, notes


def _total_fits(total: int, need: int) -> bool:
    """Is there a pile worth ``total`` (ribbons 1, others 10, at most 34 cards) holding the
    cards of ``need``?"""
    r_need, n_need = (need & RIBBONS).bit_count(), (need & OTHERS).bit_count()
    for r in range(total % 10, 11, 10):
        n = (total - r) // 10
        if r >= r_need and n >= n_need and n <= 38 and n + r <= IN_PLAY:
            return True
    return False


def _streak_in(g, t) -> tuple[str | None, int]:
    s = t.carry.get("streak", {"player": None, "count": 0})
    if not isinstance(s, Mapping) or s.get("player") not in (None, *t.players) or \
            not isinstance(s.get("count"), int) or isinstance(s.get("count"), bool) or \
            not 0 <= s["count"] < STREAK_WINS or (s["count"] > 0) != (s["player"] is not None):
        raise _err(g, said("the winning streak carried from the previous round must name "
                           "its player and count (0 to {most}), not {value!r}",
                           most=STREAK_WINS - 1, value=s),
                   field="carry.streak")
    return s["player"], s["count"]


def score_round(g, rnd: Mapping, c: Compiled, check) -> RoundResult:
    t = read_table(g, rnd, c.rules, misdeals=("field_four",))
    preset = c.rules.preset
    if t.misdeal:
        return misdeal_result(t, preset)
    streak_p, streak_n = _streak_in(g, t)
    if "captures" in rnd and "card_totals" in rnd:
        raise _err(g, said("give either the captured cards or the card points (with the "
                           "yaku), not both"),
                   field="card_totals")
    if "card_totals" in rnd:
        evals, words, notes = _from_totals(g, rnd, t, c)
    elif "captures" in rnd:
        evals, words, notes = _from_captures(g, rnd, t, c, check)
    else:
        raise _err(g, said("the captured cards are missing (each player's cards; or the card "
                           "points and the yaku when only totals are known)"),
                   field="captures")
    led = Ledger(t.players)
    for p in t.players:
        led.start(p, "card_value", evals[p].details["card_value"], words[p])
        yaku_steps(led, p, evals[p])
    scores = dict(led.total)
    a, b = t.players
    margin = abs(scores[a] - scores[b])
    winner = None if scores[a] == scores[b] else (a if scores[a] > scores[b] else b)
    out_notes = []
    if winner is None:
        out_notes.append(said("tied round ({points} v {points2}; the rules do not say): no "
                              "winner, {dealer} deals again, any winning "
                              "streak is broken", points=scores[a], points2=scores[b],
                              dealer=t.dealer))
        streak = (None, 0)
    else:
        loser = b if winner == a else a
        if margin >= STREAK_MARGIN:
            count = streak_n + 1 if streak_p == winner else 1
            streak = (winner, count)
            ps = {"player": winner, "margin": margin, "points": scores[winner],
                  "points2": scores[loser], "needed": STREAK_MARGIN, "count": count}
            out_notes.append(said("{player} wins the round by {margin} ({points} v {points2}): "
                                  "{needed} or more, {count} such wins in a row", **ps)
                             if count > 1 else
                             said("{player} wins the round by {margin} ({points} v {points2}): "
                                  "{needed} or more, {count} such win in a row", **ps))
        else:
            streak = (None, 0)
            out_notes.append(said("{player} wins the round by {margin} ({points} v {points2}): "
                                  "less than {needed}, so no streak", player=winner,
                                  margin=margin, points=scores[winner],
                                  points2=scores[loser], needed=STREAK_MARGIN))
    prev = t.carry
    totals = {p: prev.get("totals", {}).get(p, 0) + scores[p] for p in t.players}
    wins = {p: prev.get("wins", {}).get(p, 0) for p in t.players}
    if winner:
        wins[winner] += 1
    carry = {"round": int(prev.get("round", 0)) + 1, "totals": totals, "wins": wins,
             "streak": {"player": streak[0], "count": streak[1]},
             "first_dealer": prev.get("first_dealer", t.dealer)}
    game_win = None
    if streak[1] >= STREAK_WINS:
        game_win = streak[0]
        carry["game_over"], carry["game_winner"] = True, game_win
        out_notes.append(said("game over: {player} won two consecutive rounds, each by "
                              "{needed} points or more, and wins the game",
                              player=game_win, needed=STREAK_MARGIN))
    payments = round_payments(t, scores, winner) + game_payments(t, game_win)
    players = []
    for p in t.players:
        role = "winner" if p == winner else ("draw" if winner is None else "loser")
        players.append(PlayerScore(p, evals[p].yaku, led.base[p], tuple(led.steps[p]),
                                   led.total[p], role,
                                   {"card_value": evals[p].details["card_value"],
                                    "yaku_value": evals[p].details["yaku_value"],
                                    "margin": margin if p == winner else (
                                        0 if winner is None else -margin),
                                    # entered as totals (quick entry), not derived from cards
                                    **({"declared": ["card_value", "yaku"]}
                                       if "card_totals" in rnd else {})}))
    return RoundResult(g.id, preset, tuple(players), tuple(payments), winner,
                       winner or t.dealer, carry, tuple(out_notes + notes))


INPUTS = (
    InputDef("card_totals", "int",
             "Instead of captures, when only the totals were written down: each player's card "
             "points (ribbons 1, every other card 10).", per_player=True, minimum=0,
             maximum=MAX_CARD_TOTAL),
    InputDef("yaku", "yaku",
             "Only with the card points written down instead of the cards: the yaku each player "
             "made.",
             per_player=True),
)


def make_game(game_id: str, names: dict, chart: Mapping[int, tuple[int, ...]],
              description: str, round_example: Mapping) -> Game:
    """A Hachi game with its capture chart (months in the book's Japanese order)."""
    check = chart_checker(chart)
    holder = {}

    def score(rnd, c):
        return score_round(holder["game"], rnd, c, check)

    g = Game(id=game_id, names=names, family="capture", players=(2, 2), deck=FULL_DECK,
             options=OPTIONS, presets=PRESETS, default_preset="book", yaku=YAKU_DEFS,
             events=EVENTS, compile=compile, evaluate=evaluate, score_round=score,
             source=f"shared/rules/{game_id}.md", max_pile=IN_PLAY,
             round_example=round_example, lengths=(), description=description,
             inputs=INPUTS)
    holder["game"] = g
    return g
