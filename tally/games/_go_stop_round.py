"""Go-Stop round scoring (go-stop.md sections 3, 5, 6 and 7). Private helper of go_stop.py.

``score_round`` runs the phases in order, each a small pure step:

1. read the round: the table (players, dealer, who sits out: ``read_table``), then the piles,
   events, quick entry, ``check_calls`` and carry (``read_inputs``);
2. check it: replay the events, each checked as it comes (``replay_events``);
   phases 1 and 2 live in _go_stop_phases.py;
3. find the combinations: every way the winner's flexible cards may count
   (``winner_candidates``, 2.3), or what the table declared (``declared_candidate``);
4. apply the multipliers: Go (5.5), shaking, bombs, nagari and the variants
   (``winner_factors``), meong-dda;
5. settle: the bak penalties of each loser (``loser_baks``, 5.6; as declared:
   ``declared_loser_amount``), who pays for both (``liable_loser``, 5.7), the best payment
   (``best_settlement``, 5.8); or the instant win, nagari or void deal (``settle_hand``);
   then compensation (6.3), carry (6.6) and each player's breakdown.

Each phase raises the errors it finds, and the phases read the round in order, so the first
fault of a round is the one named.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..cards import BRIGHTS, CARD, FLOWER_BY_ID, RIBBONS, month_mask, slugs_of
from ..results import Payment, PlayerScore, RoundResult, Step, YakuHit, said
from ._go_stop_phases import (DECLARED_BAKS, Declared, Hand, Inputs, Table, _err, _game,
                              _is_map, check_declared_penalties, check_oe_myeon,
                              check_stop_calls, check_stop_piles, check_winning_brights,
                              declared_at_stop, declared_sake, read_inputs, read_table,
                              replay_events, sale_price, winner_side, yaku_points)
from .go_stop import (BRIGHT_ROWS, GID, NAMES, RAIN, RIBBON_ROWS, SAKE, Compiled,
                      _choice_words, go_terms)

# a named tuple built on every round is made as a plain tuple is (its class's generated
# __new__ is a Python call, about a tenth of a microsecond each)
_new = tuple.__new__

# Steps a table sees again and again (the same players, small amounts): made once and handed
# out again, as a Step and its Said are never changed. Keyed by everything they are made of,
# all str or int; each memo starts afresh when full.
_MEMO_MOST = 2048
_PAYS: dict = {}  # (loser, winner, amount) -> their "pays" step
_LOSER_BASE: dict = {}  # (winner, points) -> the losers' first step
_WINNER_BASE: dict = {}  # (winner, points, declared?) -> the winner's first step
_GO_STEP: dict = {}  # (Go calls, points added, total) -> the winner's Go step
_SHAKE_WORDS: dict = {}  # (factor, player, month) -> a heundeum's words
_STOP_PAYMENTS: dict = {}  # (loser, winner, amount) -> the loser's Stop payment


def _kept(memo: dict, key, value):
    """``value``, kept under ``key`` in ``memo``."""
    if len(memo) >= _MEMO_MOST:
        memo.clear()
    memo[key] = value
    return value


# =============================================================================================
# score_round: the phases in order
# =============================================================================================

def score_round(rnd: Mapping, c: Compiled) -> RoundResult:
    """Score one hand. Chips paid as the events came (6.4) and immediate compensation come
    first among the payments, then the settlement of how the hand ended, then delayed
    compensation: the order the table pays in."""
    g = _game()
    # 1. read the round
    table = read_table(g, rnd, c)
    inputs = read_inputs(g, rnd, c, table)
    # 2. check it
    hand = replay_events(c, table.active, table.dealer, inputs.events, inputs.check)
    # 3-5. combinations and multipliers (for a Stop), settlement
    kind = hand.end[0]
    at_once = immediate_compensation(c.r, table) if table.claims else ()
    out = settle_hand(c, rnd, hand, table, inputs)
    late, carried = delayed_compensation(c.r, table, inputs.pending, out, kind)
    payments = (*hand.instant, *at_once, *out.payments, *late)
    net = _net(table.players, payments)
    extra = _extras(table.players, out.rows, hand.junk, table.claims)
    return RoundResult(GID, c.preset, player_scores(table, kind, out, extra, net), payments,
                       out.winner, out.next_dealer, next_carry(c.r, kind, out, carried),
                       out.notes)


# =============================================================================================
# Phase 3: find the combinations
# =============================================================================================

def _designations(c: Compiled, forced, p, m):
    """The ways player ``p``'s flexible cards may count (2.3), kept to the declared one when
    the sake cup was declared (``forced``, from ``declared_sake``)."""
    ds = c.designations(m)
    if p in forced and m & SAKE & c.flex_mask:
        ds = tuple(d for d in ds if d & SAKE == forced[p])
    return ds


class Candidate(NamedTuple):
    """One way the winner's flexible cards count (2.3), scored."""
    designation: int  # the flexible cards counted as junk
    animals: int
    junk: int  # junk value
    stop_points: int  # P_stop: for the Stop target and the Go checks
    points: int  # P: the payment base
    rows: frozenset | None  # the scoring rows; None: points declared without them


def winner_candidates(c: Compiled, forced, W, mW, dW: Declared | None):
    """[Candidate] of the winner's pile, one per designation: which is best is known only
    once the losers' payments are. A declaration is one candidate (declared_candidate)."""
    if dW is not None:
        return [declared_candidate(c, dW)]
    if not mW & c.flex_mask:  # no flexible card held: one way to count
        n_a, j = c.counts(mW, 0)
        return [_new(Candidate, (0, n_a, j, *c.scored(mW, n_a, j)))]
    cands = []
    for d in _designations(c, forced, W, mW):
        n_a, j = c.counts(mW, d)
        cands.append(_new(Candidate, (d, n_a, j, *c.scored(mW, n_a, j))))
    return cands


# rows said by name that count for the Stop target (section 4: VIP and palssari do not)
_NOT_FOR_STOP = ("vip_ssangpi", "palssari")


def declared_candidate(c: Compiled, d: Declared) -> Candidate:
    """The winner as the table said: their combinations by name (their points, animals, junk
    value), or their points alone (the animals only as far as meong-dda needs: 7 when said)."""
    if not d.yaku:
        return Candidate(0, 7 if d.facts.get("meong_dda") else 0, 0, d.points, d.points,
                         None)
    counts = dict(d.yaku)
    points = {y: yaku_points(c, y, n) for y, n in d.yaku}
    return Candidate(0, counts.get("yul") or 0, counts.get("pi") or 0,
                     sum(v for y, v in points.items() if y not in _NOT_FOR_STOP),
                     sum(points.values()), frozenset(counts))


# =============================================================================================
# Phase 4: apply the multipliers
# =============================================================================================

def winner_factors(c: Compiled, h: Hand, W, mW, n_gos, go_factor, carry_n, rnd, dW=None):
    """[(step id, factor, why)] of the winner's multipliers that do not depend on how the
    flexible cards count, in the order the steps show them; the point value comes last.
    ``dW``: the winner's declaration (quick entry), which says what the cards would."""
    out = _go_factor(c.r, h, W, n_gos, go_factor) + _call_factors(c.r, h, W, carry_n)
    if _has_variants(c):
        out += _variant_factors(c, h, W, mW, rnd, dW)
    return out + _point_value_factor(c.r) if c.r.point_value != 1 else out


def _has_variants(c: Compiled) -> bool:
    """Whether any variant _variant_factors reads is in force (a joker_double fact is
    declared only where the double joker is in play)."""
    found = c.memo.get("variants")
    if found is None:
        r = c.r
        found = c.memo["variants"] = bool(r.missions or r.weol_yak_first_turn
                                          or r.weol_yak_month or c.ability["double"])
    return found


def _go_factor(r, h: Hand, W, n_gos, go_factor):
    """The Go multiplier (5.5), or reverse Go's instead (a variant: a Go said after an
    opponent's Go is worth the agreed multiple whatever the count)."""
    if r.reverse_go_multiplier and W in h.reverse_go:
        return [("reverse_go", r.reverse_go_multiplier, said(
            "reverse Go x{factor}: {player} said Go after an opponent had (instead of the Go "
            "multiplier)", factor=r.reverse_go_multiplier, player=W))]
    if go_factor > 1:
        return [("go", go_factor, said("{gos} Go: x{factor}", gos=n_gos, factor=go_factor))]
    return []


def _point_value_factor(r):
    """The table's price per point turns the points into chips (or money)."""
    if r.point_value == 1:
        return []
    return [("point_value", r.point_value, said(
        "x{factor}: the table pays {factor} chips per point", factor=r.point_value))]


def _call_factors(r, h: Hand, W, carry_n):
    """Each shaking (heundeum) and bomb (5.6), and the nagari carried in (6.6)."""
    out = []
    for m in h.heundeum[W]:
        k = 4 if (r.heundeum_paulownia_willow_x4 and m in ("paulownia", "willow")) else 2
        why = _SHAKE_WORDS.get((k, W, m))
        if why is None:
            why = _kept(_SHAKE_WORDS, (k, W, m), said(
                "heundeum x{factor}: {player} showed three {month} cards", factor=k, player=W,
                month=m))
        out.append(("heundeum", k, why))
    if r.bomb_multiplier and r.bomb_multiplier_scope == "any_bomb_once":
        bomb = next(((p, m) for p, ms in h.bombs.items() for m in ms), None)
        if bomb:  # a scoreboard's rule: the hand doubles once, whoever bombed
            out.append(("bomb", 2, said("bomb x2 once for the hand: {player} bombed {month}",
                                        player=bomb[0], month=bomb[1])))
    elif r.bomb_multiplier:
        for m in h.bombs[W]:
            out.append(("bomb", 2, said("bomb x2: {player} bombed {month}", player=W,
                                        month=m)))
    if carry_n >= 1:
        k = 2 if r.nagari_multiplier == "single" else 2 ** carry_n
        out.append(("nagari", k, said(
            "nagari x{factor}: the previous deals ended with no winner" if carry_n > 1
            else "nagari x{factor}: the previous deal ended with no winner", factor=k)))
    return out


def _variant_factors(c: Compiled, h: Hand, W, mW, rnd, dW):
    """The table's variants: a mission, weol-yak (first turn, or the agreed month), the
    double joker. The round's ``mission`` and ``weol_yak_month`` are read only here."""
    r = c.r
    out = []
    if r.missions:
        out += _mission_factor(rnd, W, _holding(mW, dW, "holds_mission"))
    if r.weol_yak_first_turn and W in h.weol:
        out.append(("weol_yak_first_turn", 4, said(
            "weol-yak x4: all four of a month on {player}'s first turn", player=W)))
    if r.weol_yak_month:
        out += _weol_yak_month_factor(rnd, W, _holding(mW, dW, "holds_weol_yak_month"))
    if (dW.facts.get("joker_double") if dW is not None else mW & c.ability["double"]):
        out.append(("joker_double", 2, said("double joker x2: {player} holds it",
                                            player=W)))
    return out


def _holding(mW, dW, fact):
    """holds(mask): whether the winner holds every card of ``mask``, from their cards; in
    quick entry, the ``fact`` the table declared (None when it said nothing: no mask to test)."""
    if dW is not None:
        declared_fact = dW.facts.get(fact)
        return lambda mask: declared_fact
    return lambda mask: bool(mask) and mW & mask == mask


def _mission_factor(rnd, W, holds):
    """The agreed mission multiplies the winner who captured all its cards."""
    mis = rnd.get("mission")
    if mis is None:
        if holds(0):  # only a declaration can hold the cards of a mission not given
            raise _err(said("{player} holds the mission cards (declared), but the round gives "
                            "no mission: add the mission's cards and multiplier",
                            player=W), player=W, field="mission")
        return []
    if not _is_map(mis) or not isinstance(mis.get("multiplier"), int) \
            or not 2 <= mis["multiplier"] <= 9:
        raise _err(said("Go-Stop: the mission must give its cards and a multiplier from 2 "
                        "to 9"), field="mission")
    from . import pile_mask
    mm = pile_mask(_game(), mis.get("cards", []), field="mission.cards")
    if holds(mm):
        return [("mission", mis["multiplier"], said(
            "mission x{factor}: {player} holds the mission cards",
            factor=mis["multiplier"], player=W))]
    return []


def _weol_yak_month_factor(rnd, W, holds):
    """x4 for the winner holding all four cards of the agreed month."""
    wm = rnd.get("weol_yak_month")
    if wm is None:
        if holds(0):  # only a declaration can hold the cards of a month not given
            raise _err(said("{player} holds the weol-yak month (declared), but the round "
                            "names no weol-yak month: add the month", player=W), player=W,
                       field="weol_yak_month")
        return []
    if not isinstance(wm, str) or wm not in FLOWER_BY_ID:
        raise _err(said("Go-Stop: the weol-yak month {value!r} is not one of the twelve "
                        "months", value=wm), field="weol_yak_month", known=tuple(FLOWER_BY_ID))
    if holds(month_mask(wm)):
        return [("weol_yak_month", 4, said(
            "weol-yak x4: {player} holds all four {month}", player=W, month=wm))]
    return []


# =============================================================================================
# Phase 5: settle. First what one loser pays: the bak penalties (5.6)
# =============================================================================================

class Reading(NamedTuple):
    """A loser's pile with their flexible cards counted one way (2.3), counted once: what the
    bak penalties and the loser's own row read."""
    designation: int  # the flexible cards counted as junk
    animals: int
    junk: int  # junk value


def loser_readings(c: Compiled, forced, L, mL) -> tuple:
    """Every way loser ``L``'s flexible cards may count, each pile counted once for every
    candidate of the winner's that the search settles."""
    if not mL & c.flex_mask:  # no flexible card held: one way to count (most losers)
        return (_new(Reading, (0, *c.counts(mL, 0))),)
    return tuple(_new(Reading, (dL, *c.counts(mL, dL)))
                 for dL in _designations(c, forced, L, mL))


def loser_baks(k: "_BakRules", mL, rd: Reading, rows, nA_w, said_go, base) -> tuple:
    """5.6: ([(id, op, value), ...], amount, exempt): the bak penalties of a loser holding
    ``mL`` (read as ``rd``; ``said_go``: they said Go) against the winner's rows and ``nA_w``
    animals, under the rules ``k`` (_bak_rules), in the order they apply, and what the loser
    pays when they are applied to the winner's ``base``: each bak doubles (or, for a bak that
    does not apply, says why in a "note"), gwang-bak's plus_two chips come after every
    doubling (never doubled), and a loser with no captures may pay nothing. No words: the
    search for the best payment reads only the numbers (``bak_reason`` says each one)."""
    baks, t = [], base
    gwang_add = False
    if k.gwang != "off" and rows & BRIGHT_ROWS and not mL & k.gwang_cards:
        if mL & k.shield:  # the bright-shield joker covers them
            baks.append(_NO_GWANG_BAK)
        elif k.gwang == "double":
            baks.append(_GWANG_BAK_X2)
            t *= 2
        else:
            gwang_add = True  # plus_two: added last
    if "pi" in rows and rd.junk < k.pi_threshold:
        if rd.junk == 0 and k.pi_zero_exempt:
            baks.append(_NO_PI_BAK)
        else:
            baks.append(_PI_BAK)
            t *= 2
    if k.meong_bak and nA_w >= 7 and rd.animals == 0:
        baks.append(_MEONG_BAK)
        t *= 2
    if k.tti_bak and rows & RIBBON_ROWS and not mL & RIBBONS:
        baks.append(_TTI_BAK)
        t *= 2
    if said_go and k.go_bak:
        baks.append(_GO_BAK)
        t *= 2
    if gwang_add:
        baks.append(_GWANG_BAK_ADD)
        t += 2
    if k.no_captures and not mL:
        baks.append(_NO_CAPTURES)
        return baks, 0, True
    return baks, t, False


# each bak of loser_baks: (id, op, value)
_NO_GWANG_BAK = ("gwang_bak", "note", 0)
_GWANG_BAK_X2 = ("gwang_bak", "multiply", 2)
_GWANG_BAK_ADD = ("gwang_bak", "add", 2)
_NO_PI_BAK = ("pi_bak", "note", 0)
_PI_BAK = ("pi_bak", "multiply", 2)
_MEONG_BAK = ("meong_bak", "multiply", 2)
_TTI_BAK = ("tti_bak", "multiply", 2)
_GO_BAK = ("go_bak", "multiply", 2)
_NO_CAPTURES = ("no_captures_no_pay", "set", 0)


class _BakRules(NamedTuple):
    """What loser_baks reads of the rules at a table of this many players: read once per
    option set, as the settlement search asks for every loser and every count of the cards."""
    gwang: str  # gwang_bak_mode
    gwang_cards: int  # the brights that spare a loser gwang-bak
    shield: int  # the bright-shield joker
    pi_threshold: int
    pi_zero_exempt: bool
    meong_bak: bool
    tti_bak: bool
    go_bak: bool  # a loser who said Go pays double
    no_captures: bool  # no_captures_no_pay
    escape: bool  # loser_sake_choice=escape_pi_bak (else the way that costs least)


def _bak_rules(c: Compiled, n_players) -> _BakRules:
    found = c.memo.get(("bak_rules", n_players))
    if found is None:
        r = c.r
        found = c.memo["bak_rules", n_players] = _BakRules(
            r.gwang_bak_mode, BRIGHTS & ~RAIN if r.weak_rain_man else BRIGHTS,
            c.ability["bright_shield"], _pi_bak_threshold(r, n_players), r.pi_bak_zero_exempt,
            r.animal_double_mode in ("meong_bak_only", "both"), r.tti_bak,
            _go_bak_doubles(r, n_players), r.no_captures_no_pay,
            r.loser_sake_choice == "escape_pi_bak")
    return found


def _go_bak_doubles(r, n_players):
    """Whether a loser who said Go pays double: under go_bak_mode=double, or under
    pay_for_both when go_bak_doubles says so for this many players."""
    return r.go_bak_mode == "double" or (
        r.go_bak_mode == "pay_for_both" and n_players in _GO_BAK_DOUBLES[r.go_bak_doubles])


def _pi_bak_threshold(r, n_players):
    """A loser's junk value must reach this to escape pi-bak (5.6)."""
    return r.pi_bak_threshold_2p if (n_players == 2 and r.pi_bak_threshold_2p) \
        else r.pi_bak_threshold


# go_bak_doubles: with go-bak paying for both, who (by the number of players) also pays x2
_GO_BAK_DOUBLES = {"none": (), "two_players": (2,), "own_share": (2, 3, 4),
                   "both_shares": (2, 3, 4)}


def bak_step(r, h: Hand, L, mL, rd: Reading, bak, nA_w, n_players, total) -> Step:
    """One bak of loser_baks as a step of the loser's breakdown, ending at ``total`` (kept
    for the next time, keyed by all it reads: the rules ``r`` are one option set's)."""
    key = (r, bak, L, mL & RAIN, rd.junk, nA_w, len(h.gos[L]), n_players, total)
    found = _BAK_STEPS.get(key)
    if found is None:
        found = _kept(_BAK_STEPS, key, Step(*bak, bak_reason(r, h, L, mL, rd, bak, nA_w,
                                                             n_players), total))
    return found


_BAK_STEPS: dict = {}  # what bak_step reads -> the step


def bak_reason(r, h: Hand, L, mL, rd: Reading, bak, nA_w, n_players):
    """One bak of loser_baks in words."""
    bid, op, _ = bak
    if bid == "gwang_bak":
        if op == "note":
            return said("no gwang-bak: {player} holds the bright-shield joker", player=L)
        if op == "add":
            return said("gwang-bak +2 chips, added after every doubling: {player} holds no "
                        "bright", player=L)
        return said("gwang-bak x2: {player} holds no bright (willow-rainman does not "
                    "count)" if mL & RAIN else "gwang-bak x2: {player} holds no bright",
                    player=L)
    if bid == "pi_bak":
        if op == "note":
            return said("no pi-bak: {player} holds no junk at all, which spares them",
                        player=L)
        return said("pi-bak x2: {player} holds junk value {junk}, fewer than {threshold}",
                    player=L, junk=rd.junk, threshold=_pi_bak_threshold(r, n_players))
    if bid == "meong_bak":
        return said("meong-bak x2: the winner holds {animals} animals and {player} holds no "
                    "animal", animals=nA_w, player=L)
    if bid == "tti_bak":
        return said("tti-bak x2: {player} holds no ribbon", player=L)
    if bid == "go_bak":
        return said("go-bak x2: {player} said Go {gos} time(s) and lost", player=L,
                    gos=len(h.gos[L]))
    return said("{player} captured no card and so pays nothing", player=L)


def _go_bak(r, h: Hand, L, n_players, explain):
    """(factor, step): a loser who said Go pays double (_go_bak_doubles); for a loser whose
    penalties were declared."""
    if not (h.gos[L] and _go_bak_doubles(r, n_players)):
        return 1, None
    return 2, explain and ("go_bak", "multiply", 2, said(
        "go-bak x2: {player} said Go {gos} time(s) and lost", player=L,
        gos=len(h.gos[L])))


# quick entry: a loser's penalty as the table declared it (the winner's side of it from the
# winner's rows, winner_side); reasons as the cards' own, saying where the fact came from
_DECLARED_BAK = {
    "gwang_bak": "gwang-bak x2: {player} holds no bright (declared at the table)",
    "pi_bak": "pi-bak x2: {player} holds junk value below {threshold} (declared at the table)",
    "meong_bak": "meong-bak x2: {player} holds no animal (declared at the table)",
    "tti_bak": "tti-bak x2: {player} holds no ribbon (declared at the table)",
}


def declared_loser_amount(c: Compiled, h: Hand, L, d: Declared, base_wf, rows, nA_w,
                          n_players, explain):
    """(amount, exempt, steps) for a loser whose penalties were declared: loser_baks' factors,
    in the same order, each on the table's word (gwang-bak under plus_two adds its 2 chips
    last); steps are written only when ``explain``."""
    r = c.r
    lf, extra, steps = 1, 0, []
    for bak in DECLARED_BAKS:
        if not (d.facts.get(bak) and winner_side(bak, rows, nA_w)):
            continue
        if bak == "gwang_bak" and r.gwang_bak_mode == "plus_two":
            extra = 2
            continue
        lf *= 2
        if explain:
            params = {"threshold": _pi_bak_threshold(r, n_players)} if bak == "pi_bak" else {}
            steps.append((bak, "multiply", 2, said(_DECLARED_BAK[bak], player=L, **params)))
    k, step = _go_bak(r, h, L, n_players, explain)
    lf *= k
    steps += [step] if step else []
    if extra and explain:
        steps.append(("gwang_bak", "add", 2, said(
            "gwang-bak +2 chips, added after every doubling: {player} holds no bright "
            "(declared at the table)", player=L)))
    exempt = bool(r.no_captures_no_pay and d.facts.get("no_captures"))
    if exempt and explain:
        steps.append(("no_captures_no_pay", "set", 0, said(
            "{player} captured no card and so pays nothing", player=L)))
    return (0 if exempt else base_wf * lf + extra), exempt, steps


def _bak_steps(c: Compiled, h: Hand, L, inputs: Inputs, b: "_Settled", n_players) -> list:
    """[(id, op, value, why)] of loser ``L``'s bak penalties in the settlement ``b``, in the
    order applied."""
    if L in inputs.declared:
        return declared_loser_amount(c, h, L, inputs.declared[L], b.per_loser, b.rows,
                                     b.animals, n_players, True)[2]
    mL, (_, rd, baks) = inputs.piles[L], b.paid[L]
    return [(*bak, bak_reason(c.r, h, L, mL, rd, bak, b.animals, n_players))
            for bak in baks]


# =============================================================================================
# Phase 5, settle: who pays for both (dok-bak, 5.7)
# =============================================================================================

def _refusal_in_effect(h: Hand, r, stop_i):
    for off, ref, i, lapsed in h.offers:
        if i > stop_i:
            continue
        if r.draw_refusal_scope == "next_turn_window" and lapsed is not None \
                and lapsed < stop_i:
            continue
        yield off, ref, i


# 5.7 the liable loser, in words: the reason of each dok-bak step, by liable_loser's kind ...
_DOK_BAK = {
    "syodang": "{player} refused {offerer}'s nagari offer (event {event}) and lost: pays for "
               "both (syodang)",
    "go_bak": "go-bak: {player} said Go and {other} did not: {player} pays for both (dok-bak)",
    "go_bak_double": "go-bak: {player} said Go and {other} did not: {player} pays for both, "
                     "{other}'s share doubled (dok-bak)",
    "both_go_first": "go-bak: {player} and {other} both said Go: {player}, seated first, pays "
                     "for both (dok-bak)",
    "both_go_last": "go-bak: {player} and {other} both said Go: {player}, seated last, pays "
                    "for both (dok-bak)",
    "oe_myeon": "oe-myeon: {player} left {winner} the winning card: pays for both",
    # four playing (four_may_all_play): one pays for the two others
    "go_bak_all": "go-bak: {player} said Go and {other} did not: {player} pays for everyone "
                  "(dok-bak)",
    "go_bak_all_double": "go-bak: {player} said Go and {other} did not: {player} pays for "
                         "everyone, the others' shares doubled (dok-bak)",
    "oe_myeon_all": "oe-myeon: {player} left {winner} the winning card: pays for everyone",
}
# ... and the winner's settlement line with two losers, by that kind ("deny_" and "exempt_"
# when the liable loser escapes dok-bak); with one loser it is _SETTLEMENT_ONE, with three
# _SETTLEMENT_THREE (each loser's own dok-bak step says why)
_SETTLEMENT_ONE = "from the losers: {loser} pays {amount}"
_SETTLEMENT_THREE = ("from the losers: {loser1} pays {amount1}, {loser2} pays {amount2}, "
                     "{loser3} pays {amount3}")
_STOP_SETTLEMENT = said("Stop settlement")  # each loser's payment (built once)
_PAID_TWO = "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2}"
_ESCAPES = {"deny_": "{player} holds the deny-losses joker: no dok-bak ({why})",
            "exempt_": "{player} is exempt (no captures): no dok-bak ({why})"}
_TWO_LOSER_KINDS = ("syodang", "go_bak", "both_go_first", "both_go_last", "oe_myeon")
_SETTLEMENT = {"": _PAID_TWO,
               "both_go": f"{_PAID_TWO} (both losers said Go: each pays their own)",
               "go_bak_double": f"{_PAID_TWO} ({_DOK_BAK['go_bak_double']})"}
for _kind in _TWO_LOSER_KINDS:  # built once: one flat template per reason, as translated
    _SETTLEMENT[_kind] = f"{_PAID_TWO} ({_DOK_BAK[_kind]})"
    for _pre, _esc in _ESCAPES.items():
        _SETTLEMENT[_pre + _kind] = f"{_PAID_TWO} ({_esc.replace('{why}', _DOK_BAK[_kind])})"


def liable_loser(r, h: Hand, W, losers, only_pi, stop_i, mW):
    """5.7 liable_loser: (liable loser or None, kind of reason, its params): the kind is a
    key of _DOK_BAK, "both_go" or "" (see _SETTLEMENT). ``only_pi``: the winner scored junk
    alone (oe-myeon's exception a). ``mW`` None: the winner's facts were declared."""
    offers = list(_refusal_in_effect(h, r, stop_i)) if h.offers else []
    for off, ref, i in offers:
        # the refuser winning shifts nothing; under accepter_wins neither does the offerer
        if ref != W and (r.syodang_liable_when == "anyone_else_wins" or off != W):
            return ref, "syodang", {"player": ref, "offerer": off, "event": i}
    if r.go_bak_mode == "pay_for_both":
        found = _go_bak_liable(r, h, losers, offers, W)
        if found is not None:
            return found
    if r.oe_myeon_mode != "off" and h.oe:
        om = _oe_myeon_losers(r, h, W, losers, only_pi, stop_i, mW)
        if len(om) == 1:
            kind = "oe_myeon" if len(losers) == 2 else "oe_myeon_all"
            return om[0], kind, {"player": om[0], "winner": W}
    return None, "", {}


def _others(losers, L):
    """The other losers, said as one name list."""
    return ", ".join(q for q in losers if q != L)


def _go_bak_liable(r, h: Hand, losers, offers, W):
    """The one loser who said Go pays for the others; when two did, each pays their own, or
    under both_go_liable the one seated first (or last) pays for both. A Go said before the
    winner refused that loser's nagari offer is suspended."""
    def suspended(L):
        return any(off == L and ref == W and i > h.go_index.get(L, 1 << 30)
                   for off, ref, i in offers)
    gb = [L for L in losers if h.gos[L]]
    if not gb:  # no loser said Go (most hands)
        return None
    if offers:
        gb = [L for L in gb if not suspended(L)]
    if len(gb) == 1:
        kind = "go_bak" if len(losers) == 2 else "go_bak_all"
        return gb[0], kind, {"player": gb[0], "other": _others(losers, gb[0])}
    if len(gb) == 2 and len(losers) == 2 and r.both_go_liable != "each_own":
        first = r.both_go_liable == "first_seated"
        L = gb[0] if first else gb[1]  # losers keep the seating order
        return L, "both_go_first" if first else "both_go_last", {
            "player": L, "other": _others(losers, L)}
    if len(gb) >= 2:
        return None, "both_go", {}
    return None


def _oe_myeon_losers(r, h: Hand, W, losers, only_pi, stop_i, mW):
    """The losers whose oe-myeon counts under oe_myeon_mode, in event order."""
    om = []
    for i, ev in h.oe:
        L = ev["player"]
        card = ev["card"]
        taken = card in CARD and (mW is None or mW & CARD[card].bit)  # None: declared
        if L not in losers or i > stop_i or not taken:
            continue
        if r.oe_myeon_mode == "pagat":
            if only_pi and not h.gos[W]:
                continue  # exception a
            if ev.get("last_card"):
                continue  # exception b
        else:
            if ev.get("kind", "played_unmatched") != "played_unmatched" or \
                    ev.get("offered_draw"):
                continue
            if r.oe_myeon_mode == "book_responsibility" and (
                    ev.get("last_card") or ev.get("same_result")):
                continue
        if L not in om:
            om.append(L)
    return om


def _holds_deny_joker(c: Compiled, inputs: Inputs, L):
    """Whether loser ``L`` holds the deny-losses joker: in their cards, or as declared."""
    if L in inputs.declared:
        return bool(inputs.declared[L].facts.get("joker_deny"))
    return bool(inputs.piles[L] & c.ability["deny_losses"])


def _dok_bak(c: Compiled, losers, inputs: Inputs, amounts, paid, liability):
    """(payment per loser, liable loser or None, why): the liable loser pays both shares,
    unless the deny-losses joker or their exemption (no captures) saves them; a go-bak under
    go_bak_doubles=both_shares carries the other's share doubled. With nobody liable each
    pays their own: the payments are ``amounts`` itself (neither is changed afterwards)."""
    liable, kind, params = liability
    why = (kind, params)
    if liable is None:  # most hands
        return amounts, None, why
    if _holds_deny_joker(c, inputs, liable):
        return amounts, None, ("deny_" + kind, params)
    if paid[liable].exempt:
        return amounts, None, ("exempt_" + kind, params)
    pay = dict(amounts)
    others = [q for q in losers if q != liable]
    carried = sum(amounts[q] for q in others)
    # both_shares doubles a share carried for a loser who did not say Go (a loser who
    # said Go had their own share doubled by their go-bak already)
    if kind in ("go_bak", "go_bak_all") and c.r.go_bak_mode == "pay_for_both" \
            and c.r.go_bak_doubles == "both_shares":
        carried *= 2
        why = (kind + "_double", params)
    pay[liable] = amounts[liable] + carried
    for q in others:
        pay[q] = 0
    return pay, liable, why


# =============================================================================================
# Phase 5, settle: the Stop (5.8)
# =============================================================================================

class Paid(NamedTuple):
    """How one loser pays least for one count of the winner's cards (2.3, 5.6)."""
    exempt: bool  # no_captures_no_pay: they pay nothing
    reading: Reading  # how their flexible cards count
    baks: list | None  # their loser_baks (None: declared)


class _Settled(NamedTuple):
    """One designation of the winner's cards, settled."""
    designation: int
    animals: int
    junk: int
    stop_points: int
    points: int
    rows: frozenset | None  # the ids of the winner's scoring rows (None: not declared)
    per_loser: int  # the winner's points after Go and winner factors
    amounts: dict  # loser -> own share
    pay: dict  # loser -> what they pay after dok-bak
    paid: dict  # loser -> Paid: how they paid least
    liable: object  # the loser who pays for both, or None
    why: tuple  # (kind, params) of the settlement's reason


class Stop(NamedTuple):
    """A Stop, settled on the designation the losers pay most for."""
    winner: str
    losers: list
    go_chips: int  # chips the Go calls add (5.5)
    gos: int  # how many Go calls
    factors: list  # (id, factor, why) of the winner's fixed multipliers
    meong: bool  # meong-dda doubled the winner (7+ animals)
    hits: tuple
    candidates: list
    best: _Settled
    quick: Declared | None  # the winner's declaration (quick entry), or None for cards


def settle_stop(c: Compiled, h: Hand, active, inputs: Inputs, rnd) -> Stop:
    """Phases 3 to 5 of a Stop. The Stop's own checks come once the combinations are known
    (the Stop score is the best designation's), before anything is multiplied. A winner
    whose facts were declared has one candidate, and no card to look at (``took`` None)."""
    end = h.end[1]
    W = end["player"]
    losers = list(active)  # in seating order
    losers.remove(W)  # the Stop names a player of the hand (events_of)
    mW, dW = inputs.piles[W], inputs.declared.get(W)
    if end["type"] != "stop":
        check_winning_brights(c, h, W, mW, dW)
    forced = declared_sake(rnd, h, active) if h.sake_as or "sake_as" in rnd else _NO_ONE
    cands = winner_candidates(c, forced, W, mW, dW)  # 3. the combinations
    best_ps = max(x.stop_points for x in cands) if len(cands) > 1 else cands[0].stop_points
    if inputs.check:
        check_stop_calls(h, W, best_ps, dW is not None)
    if inputs.declared:
        check_declared_penalties(W, losers, inputs.declared, cands)
    if h.oe:
        check_oe_myeon(h, W, mW if dW is None else None)
    r = c.r
    n = len(h.gos[W])
    add, gm = go_terms(n, r.go_bonus_formula)  # 4. the multipliers
    factors = winner_factors(c, h, W, mW, n, gm, inputs.carry_n, rnd, dW)
    wf_prod = 1
    for _, k, _ in factors:
        wf_prod *= k
    best = best_settlement(c, h, W, losers, inputs, forced, cands, add, wf_prod,
                           end["index"])  # 5. settle
    meong = best.animals >= 7 and r.animal_double_mode in ("meong_dda_all", "both")
    hits = c.hits(mW, best.designation, best.animals, best.junk) if dW is None \
        else declared_hits(c, dW)
    return _new(Stop, (W, losers, add, n, factors, meong, hits, cands, best, dW))


_NO_ONE: dict = {}  # nobody declared how their sake cup counts (never written to)


def best_settlement(c: Compiled, h: Hand, W, losers, inputs: Inputs, forced, cands, add,
                    wf_prod, stop_i) -> _Settled:
    """2.3: the winner's flexible cards count the way that gets the most from the losers
    (ties: more Stop points, then the first tried), or under winner_sake_choice=most_points
    the way with the most Stop points (ties: the first tried, animal); each loser's count by
    loser_sake_choice."""
    r = c.r
    meong = r.animal_double_mode in ("meong_dda_all", "both")
    most_points = r.winner_sake_choice == "most_points"
    three = len(losers) >= 2  # three or four play: one may pay for the others (5.7)
    n_players = len(losers) + 1
    k = _bak_rules(c, n_players)
    piles = []
    for L in losers:
        piles.append(_loser_pile(c, h, forced, L, inputs))
    liable_by_pi = {}  # liable_loser reads the rows only for exception a (junk alone)
    best, best_key = None, None
    for d, n_a, j, ps, p, rows in cands:
        base_wf = (p + add) * (wf_prod * 2 if meong and n_a >= 7 else wf_prod)  # meong-dda
        amounts, paid = _least_amounts(c, h, k, piles, base_wf, rows, n_a, n_players)
        if not three:
            pay, liable, why = amounts, None, _NO_REASON
        else:
            only_pi = rows == _ONLY_PI
            liability = liable_by_pi.get(only_pi)
            if liability is None:
                took = None if W in inputs.declared else inputs.piles[W]
                liability = liable_by_pi[only_pi] = liable_loser(r, h, W, losers, only_pi,
                                                                 stop_i, took)
            pay, liable, why = _dok_bak(c, losers, inputs, amounts, paid, liability)
        key = (ps, 0) if most_points else (sum(pay.values()), ps)
        if best is None or key > best_key:
            best_key = key
            best = _new(_Settled, (d, n_a, j, ps, p, rows, base_wf, amounts, pay, paid,
                                   liable, why))
    return best


_NO_REASON = ("", {})  # a settlement with one loser: no reason why one pays for both


class _LoserPile(NamedTuple):
    """What the search reads of one loser, read once for every count of the winner's cards."""
    player: str
    declared: Declared | None  # their penalties as the table declared them
    pile: int
    said_go: bool
    readings: tuple  # every way their flexible cards may count (one when declared)


def _loser_pile(c: Compiled, h: Hand, forced, L, inputs: Inputs) -> _LoserPile:
    dL = inputs.declared.get(L)
    if dL is not None:
        return _new(_LoserPile, (L, dL, 0, False, (NOT_READ,)))
    mL = inputs.piles[L]
    ways = (_new(Reading, (0, *c.counts(mL, 0))),) if not mL & c.flex_mask else \
        loser_readings(c, forced, L, mL)  # most losers hold no flexible card: one way
    return _new(_LoserPile, (L, None, mL, bool(h.gos[L]), ways))


def _least_amounts(c: Compiled, h: Hand, k: _BakRules, piles, base_wf, rows, nA_w,
                   n_players):
    """({loser: amount}, {loser: Paid}): what each loser pays before dok-bak, their flexible
    cards counted the way they pay least (2.3), or by loser_sake_choice=escape_pi_bak (ties:
    the first tried); from their cards (loser_baks' penalties) or from the penalties the
    table declared (one way to pay, the table's: baks None). ``_bak_steps`` says how each
    amount was reached."""
    amounts, paid = {}, {}
    for L, dL, mL, said_go, ways in piles:
        if dL is not None:
            amounts[L], ex = declared_loser_amount(c, h, L, dL, base_wf, rows, nA_w,
                                                   n_players, False)[:2]
            paid[L] = _new(Paid, (ex, NOT_READ, None))
            continue
        if len(ways) == 1:  # one way to count the cards (most losers): nothing to choose
            rd = ways[0]
            bk, a, ex = loser_baks(k, mL, rd, rows, nA_w, said_go, base_wf)
        else:
            best = None
            for way in ways:
                bk, a, ex = loser_baks(k, mL, way, rows, nA_w, said_go, base_wf)
                key = _escape_pi_bak_key(c, mL, way, a, n_players) if k.escape else a
                if best is None or key < best[0]:  # else the way that costs least
                    best = (key, a, way, ex, bk)
            _, a, rd, ex, bk = best
        amounts[L] = a
        paid[L] = _new(Paid, (ex, rd, bk))
    return amounts, paid


# a declared loser: no cards, so no reading (one way to pay, the table's)
NOT_READ = Reading(0, 0, 0)
_ONLY_PI = frozenset({"pi"})  # the winner scored junk alone (oe-myeon's exception a)


class DeclaredHit(YakuHit):
    """A combination the table declared by name (quick entry), as Koi-Koi's: no card was
    read, so none is listed, and its dict says ``"declared": true``."""

    def to_dict(self) -> dict:
        return {**super().to_dict(), "declared": True}


def declared_hits(c: Compiled, d: Declared) -> tuple:
    """The winner's combinations as declared, at their points; none when only the points
    were said (the base step says them)."""
    return tuple(DeclaredHit(y, NAMES[y]["en"], yaku_points(c, y, n), (), NAMES[y],
                             _declared_note(y, n)) for y, n in d.yaku)


def _declared_note(yid, n):
    if yid == "yul":
        return said("declared at the table: {count} animals", count=n)
    if yid == "tti":
        return said("declared at the table: {count} ribbons", count=n)
    if yid == "pi":
        return said("declared at the table: junk value {count}", count=n)
    return said("declared by name at the table")


def _escape_pi_bak_key(c, mL, rd: Reading, amount, n_players):
    """A loser's sake cup as a score app reads it: the count that escapes pi-bak first
    (whether or not the winner scored junk), then the one with more points."""
    j = rd.junk
    safe = j >= _pi_bak_threshold(c.r, n_players) or (j == 0 and c.r.pi_bak_zero_exempt)
    return (not safe, -c.points(mL, rd.animals, j)[0])


# -- the Stop's breakdown: each player's row --------------------------------------------------

class Row(NamedTuple):
    """What a player's breakdown shows of the Stop."""
    yaku: tuple
    base: int
    steps: list
    extra: dict


def _winner_row(c: Compiled, h: Hand, s: Stop, mW) -> Row:
    """The winner's jokbo and steps, with how their flexible cards were counted; in quick
    entry, which of their facts were declared."""
    b = s.best
    steps = _winner_steps(c.r, s)
    why = ("" if len(s.candidates) == 1 else
           "points" if c.r.winner_sake_choice == "most_points" else "best")
    cw = _choice_words(c, mW, b.designation, b.animals, why) if mW & c.flex_mask else ()
    # a breakdown leaves out an empty list: no Go said, no flexible card held
    extra = {"stop_points": b.stop_points}
    gos = h.gos[s.winner]
    if gos:
        extra["gos"] = list(gos)
    if cw:
        extra["choices"] = list(cw)
    extra["per_loser_base"] = b.per_loser
    if s.quick is not None:
        extra["declared"] = ["yaku"] if s.quick.yaku else ["points"]
    return _new(Row, (s.hits, b.points, steps, extra))


def _winner_steps(r, s: Stop):
    """Jokbo points, + Go points, x each factor, then what the losers pay."""
    W, b = s.winner, s.best
    tot = b.points
    first = _WINNER_BASE.get((W, tot, s.quick is None))
    if first is None:
        base = said("{player}'s jokbo: {points} points", player=W, points=tot) \
            if s.quick is None else \
            said("{player}'s jokbo: {points} points (declared at the table)", player=W,
                 points=tot)
        first = _kept(_WINNER_BASE, (W, tot, s.quick is None),
                      Step("base", "base", tot, base, tot))
    st = [first]
    if s.go_chips:
        tot += s.go_chips
        go = _GO_STEP.get((s.gos, s.go_chips, tot))
        if go is None:
            go = _kept(_GO_STEP, (s.gos, s.go_chips, tot), Step("go", "add", s.go_chips, said(
                "{gos} Go: +{points} points", gos=s.gos, points=s.go_chips), tot))
        st.append(go)
    facs = list(s.factors)
    if s.meong and s.quick is not None and not s.quick.yaku:  # the points alone were said
        facs.append(("meong_dda", 2, said("meong-dda x2: {player} holds 7 or more animals "
                                          "(declared at the table)", player=W)))
    elif s.meong:
        facs.append(("meong_dda", 2, said("meong-dda x2: {player} holds {animals} animals",
                                          player=W, animals=b.animals)))
    for fid, k, why in facs:
        tot *= k
        st.append(Step(fid, "multiply", k, why, tot))
    st.append(_settlement_step(s))
    return st


def _settlement_step(s: Stop) -> Step:
    """The winner's last step: what the losers pay, in words (kept for the next time, keyed
    by all it is made of: names, amounts and event numbers)."""
    kind, params = s.best.why
    ls, pay = s.losers, s.best.pay
    key = (kind, *params.items(), *ls, *map(pay.__getitem__, ls))
    found = _SETTLED_STEPS.get(key)
    if found is None:
        received = sum(pay.values())
        found = _kept(_SETTLED_STEPS, key, Step("settlement", "set", received,
                                                _settlement_reason(kind, params, ls, pay),
                                                received))
    return found


_SETTLED_STEPS: dict = {}  # (kind, its params, the losers, their amounts) -> the step


def _settlement_reason(kind, params, ls, pay):
    """The winner's last step in words: who paid what, and why one paid for both."""
    if len(ls) == 1:
        return said(_SETTLEMENT_ONE, loser=ls[0], amount=pay[ls[0]])
    if len(ls) == 3:  # four play: each loser's own dok-bak step says why
        return said(_SETTLEMENT_THREE, loser1=ls[0], amount1=pay[ls[0]], loser2=ls[1],
                    amount2=pay[ls[1]], loser3=ls[2], amount3=pay[ls[2]])
    # two losers (3 play): the reason for who pays what, when there is one
    return said(_SETTLEMENT[kind], loser1=ls[0], amount1=pay[ls[0]], loser2=ls[1],
                amount2=pay[ls[1]], **params)


def _loser_row(c: Compiled, h: Hand, s: Stop, L, inputs: Inputs, common) -> Row:
    """The loser's own jokbo (counted as they paid), then how their payment was reached; a
    loser whose penalties were declared shows no card, only the steps. ``common``: what
    every loser's steps share (_loser_common)."""
    if L in inputs.declared:
        return _new(Row, ((), 0, _loser_steps(c, h, s, L, inputs, common),
                          {"declared": ["penalties"]}))
    mL = inputs.piles[L]
    dL, la, lj = s.best.paid[L].reading
    _, base, yaku = c.jokbo(mL, dL, la, lj)
    steps = _loser_steps(c, h, s, L, inputs, common)
    extra = {}
    if mL & c.flex_mask:
        why = "escape" if c.r.loser_sake_choice == "escape_pi_bak" else "least"
        cw = _choice_words(c, mL, dL, la, why)
        if cw:  # a breakdown leaves out an empty list
            extra["choices"] = list(cw)
    return _new(Row, (yaku, base, steps, extra))


def _loser_common(s: Stop) -> tuple:
    """(first step, dok-bak reason or None): what every loser's steps share, built once: the
    winner's points, and why one loser pays for both."""
    b = s.best
    t = b.per_loser
    base = _LOSER_BASE.get((s.winner, t))
    if base is None:
        base = _kept(_LOSER_BASE, (s.winner, t), Step(
            "base", "base", t, said("{winner}'s points after Go and winner factors",
                                    winner=s.winner), t))
    return base, (said(_DOK_BAK[b.why[0]], **b.why[1]) if b.liable is not None else None)


def _loser_steps(c: Compiled, h: Hand, s: Stop, L, inputs: Inputs, common):
    """The winner's points, x each bak, then dok-bak (paying both shares, or nothing)."""
    W, b = s.winner, s.best
    n_players = len(s.losers) + 1
    t = b.per_loser
    ls = [common[0]]
    declared = L in inputs.declared
    if declared:  # (id, op, value, why)
        baks = _bak_steps(c, h, L, inputs, b, n_players)
    else:  # (id, op, value): said one at a time, as _bak_steps would
        mL, (_, rd, baks) = inputs.piles[L], b.paid[L]
        r, nA_w = c.r, b.animals
    for bak in baks:
        fid, op, k = bak[0], bak[1], bak[2]
        if op == "multiply":
            t *= k
        elif op == "add":
            t += k
        elif op == "set":
            t = k
        ls.append(Step(fid, op, k, bak[3], t) if declared else
                  bak_step(r, h, L, mL, rd, bak, nA_w, n_players, t))
    if b.liable is not None:
        dok_bak = common[1]
        if L == b.liable:
            carried = b.pay[L] - b.amounts[L]  # the other's share (doubled by some tables)
            t += carried
            ls.append(Step("dok_bak", "add", carried, dok_bak, t))
        else:
            t = 0
            ls.append(Step("dok_bak", "set", 0, dok_bak, t))
    pays = _PAYS.get((L, W, t))
    if pays is None:
        pays = _kept(_PAYS, (L, W, t), Step("pays", "set", -t, said(
            "{player} pays {winner} {amount}", player=L, winner=W, amount=t), -t))
    ls.append(pays)
    return ls


# =============================================================================================
# Phase 5, settle: by how the hand ended
# =============================================================================================

class Outcome(NamedTuple):
    """How the hand ended, settled."""
    winner: object  # None when nobody won
    next_dealer: str
    nagari: int  # the nagari count carried to the next hand (6.6)
    losers: tuple  # the losers of the hand (they pay delayed compensation, 6.3)
    roles: dict  # role of the players the outcome names
    rows: dict  # the Stop's players: their Row
    payments: tuple
    notes: tuple


def settle_hand(c: Compiled, rnd, h: Hand, t: Table, inputs: Inputs) -> Outcome:
    """Settle by how the hand ended: Stop (5.8), nagari (6.6), void deal (3.3), four in the
    layout or in hand (3.4), or a third ppuk (6.4)."""
    kind = h.end[0]
    r = c.r
    if kind == "stop":
        return _stop(c, rnd, h, t, inputs)
    if kind == "nagari":
        return _nagari(h, t, inputs.carry_n)
    if kind == "void" or kind == "four_on_table" and r.four_on_table != "dealer_wins":
        return _no_deal(t, inputs.carry_n, said(
            "void deal: nothing paid, same dealer, nagari carry unchanged"))
    if kind == "four_on_table":
        return _dealer_wins(r, t)
    if kind == "four":
        return _four_in_hand(r, h, t, inputs.carry_n)
    return _third_ppuk(r, h, t)


def _stop(c: Compiled, rnd, h: Hand, t: Table, inputs: Inputs) -> Outcome:
    """5.8: each loser pays the winner; the winner deals next and the nagari carry ends."""
    declared = declared_at_stop(rnd, h, t.active, inputs.declared)
    if declared is not inputs.declared:  # the winner's quick entry fills in the losers
        inputs = inputs._replace(declared=declared)
    check_stop_piles(rnd, h, t.active, inputs.piles, inputs.declared)
    s = settle_stop(c, h, t.active, inputs, rnd)
    W, pay = s.winner, s.best.pay
    rows = {W: _winner_row(c, h, s, inputs.piles[W])}
    roles = {W: "winner"}
    payments = []
    common = _loser_common(s)
    for L in s.losers:
        rows[L] = _loser_row(c, h, s, L, inputs, common)
        roles[L] = "loser"
        amount = pay[L]
        if amount:
            found = _STOP_PAYMENTS.get((L, W, amount))
            payments.append(found if found is not None else _kept(
                _STOP_PAYMENTS, (L, W, amount), Payment(L, W, amount, _STOP_SETTLEMENT)))
    return _new(Outcome, (W, W, 0, tuple(s.losers), roles, rows, tuple(payments),
                          _declared_notes(t.active, W, inputs.declared) if inputs.declared
                          else ()))


def _declared_notes(active, W, declared):
    """The result says whose facts were declared rather than read from cards."""
    notes = []
    for p in active:
        if p not in declared:
            continue
        if p != W:
            notes.append(said("{player}'s penalties were declared, not read from cards",
                              player=p))
        elif declared[p].yaku:
            notes.append(said("{player}'s combinations were declared, not read from cards",
                              player=p))
        else:
            notes.append(said("{player}'s points were declared, not read from cards",
                              player=p))
    return tuple(notes)


def _nagari(h: Hand, t: Table, carry_n) -> Outcome:
    """6.6: nobody pays; one more nagari doubles the next Stop."""
    return Outcome(None, t.dealer, carry_n + 1, (), {p: "draw" for p in t.active}, {}, (), (
        said("nagari ({reason}): nobody pays; the same dealer deals again and "
             "the next Stop is doubled", reason=_NAGARI_WHY.get(h.end[1]["reason"],
                                                                 h.end[1]["reason"])),))


# why a hand ended with no winner, in words (a table's own reason is shown as typed)
_NAGARI_WHY = {"cards_exhausted": "the cards ran out",
               "syodang_accepted": "both accepted the offer of a nagari"}


def _no_deal(t: Table, carry_n, note) -> Outcome:
    """A void deal (3.3) or a four in hand recorded as one: nothing paid, nothing carried."""
    return Outcome(None, t.dealer, carry_n, (), {p: "draw" for p in t.active}, {}, (),
                   (note,))


def _dealer_wins(r, t: Table) -> Outcome:
    """four_on_table=dealer_wins: the dealer wins as if holding the four (P var)."""
    d = t.dealer
    losers = tuple(q for q in t.active if q != d)
    payments = tuple(Payment(q, d, r.four_in_hand_chips, said(
        "four of a month in the layout: the dealer wins")) for q in losers)
    roles = {p: ("winner" if p == d else "loser") for p in t.active}
    return Outcome(d, d, 0, losers, roles, {}, payments, ())


def _four_in_hand(r, h: Hand, t: Table, carry_n) -> Outcome:
    """3.4: each holder of a four wins chips from every other player; a void deal when
    everybody holds one, or under four_in_hand_mode=misdeal."""
    holders = [p for p, _ in h.fours]
    if r.four_in_hand_mode == "misdeal" or len(holders) == len(t.active):
        return _no_deal(t, carry_n, said(
            "four of a month in hand: recorded as a void deal; same dealer, carry "
            "unchanged"))
    losers = tuple(q for q in t.active if q not in holders)
    payments = tuple(Payment(q, hp, r.four_in_hand_chips, said(
        "four of a month in hand: instant win")) for hp in holders for q in losers)
    roles = {p: ("winner" if p in holders else "loser") for p in t.active}
    return Outcome(holders[0], holders[0], 0, losers, roles, {}, payments, ())


def _third_ppuk(r, h: Hand, t: Table) -> Outcome:
    """6.4: the third ppuk wins the hand; its chips were paid as the event came."""
    W = h.end[1]["player"]
    losers = tuple(q for q in t.active if q != W)
    roles = {p: ("winner" if p == W else "loser") for p in t.active}
    return Outcome(W, W, 0, losers, roles, {}, (), (
        said("{player} made a third ppuk: each opponent pays {chips} and the "
             "hand ends", player=W, chips=r.three_ppuk_chips),))


# -- compensation (6.3) and carry (6.6) -------------------------------------------------------

def immediate_compensation(r, t: Table):
    """6.3 immediate compensation: the two non-dealers who play (or, under
    compensation_payers=all_players, all three) pay each forced drop-out."""
    if not (t.claims and r.compensation_timing == "immediate"):
        return ()
    payers = [p for p in t.active
              if p != t.dealer or r.compensation_payers == "all_players"]
    out = []
    for f, (per, m, cards, triples) in t.claims.items():
        why = _sale_words(r, f, per, cards, triples)
        out += [Payment(q, f, per, why) for q in payers]
    return tuple(out)


def _sale_words(r, f, per, cards, triples):
    """What a seller is paid for: the cards sold, and the points of the sets sold with them
    (compensation_counts_sets) when the price holds more than the cards."""
    rate = sale_price(r)
    sets = per // (rate * (2 if triples else 1)) - cards.bit_count()
    if sets:
        return said("gwangpalli compensation: {player} sells {cards} card(s) and sets worth "
                    "{points} points x{rate} x2 (triple shown)" if triples else
                    "gwangpalli compensation: {player} sells {cards} card(s) and sets worth "
                    "{points} points x{rate}", player=f, cards=cards.bit_count(),
                    points=sets, rate=rate)
    return said("gwangpalli compensation: {player} sells {cards} card(s) x{rate} x2 "
                "(triple shown)" if triples else
                "gwangpalli compensation: {player} sells {cards} card(s) x{rate}",
                player=f, cards=cards.bit_count(), rate=rate)


def delayed_compensation(r, t: Table, pending, out: Outcome, kind):
    """6.3 delayed compensation, paid by the losers of the hand: (payments, compensation to
    carry or None). With no loser it waits: over a nagari to the same three (doubled when
    paid), or over a void deal as it was."""
    if r.compensation_timing != "delayed":
        return (), None
    owed = [(f, per, False) for f, (per, *_rest) in t.claims.items()]
    if not isinstance(pending, list):
        raise _err(said("Go-Stop: in the previous round's carry, the compensation owed must "
                        "be a list"), field="carry")
    for item in pending:
        if not _is_map(item) or item.get("to") not in t.players:
            raise _err(said("Go-Stop: in the previous round's carry, each compensation owed "
                            "must name a player at the table"), field="carry.compensation")
        owed.append((item["to"], item.get("per_payer", 0), True))
    if out.losers:
        payments = []
        for f, per, doubled in owed:
            amt = per * 2 if doubled else per
            for L in out.losers:
                if L != f:
                    payments.append(Payment(L, f, amt, said(
                        "delayed gwangpalli compensation x2 (carried over a nagari)"
                        if doubled else "delayed gwangpalli compensation")))
        return tuple(payments), None
    if kind == "nagari" and owed and r.nagari_redeal == "same_three":
        return (), [{"to": f, "per_payer": per} for f, per, _ in owed]
    if kind != "nagari" and owed:  # void deal: still owed
        return (), [{"to": f, "per_payer": per} for f, per, d in owed
                    if not d] + [dict(x) for x in pending]
    return (), None


def next_carry(r, kind, out: Outcome, compensation):
    """The carry for the next hand: nagari count, compensation still owed, and whether this
    hand used up a month of the series."""
    carry = {"nagari": out.nagari}
    if compensation is not None:
        carry["compensation"] = compensation
    # a month of the series is used up when someone won, or by a nagari if the table says so
    carry["counts_as_month"] = bool(out.winner is not None or
                                    (kind == "nagari" and r.nagari_counts_as_month))
    return carry


# -- each player's breakdown ------------------------------------------------------------------

def _net(players, payments):
    """Each player's chips after every payment of the hand."""
    net = dict.fromkeys(players, 0)
    for pay in payments:
        net[pay.payer] -= pay.amount
        net[pay.payee] += pay.amount
    return net


def _extras(players, rows, junk, claims):
    """Each player's extra fields: the Stop's, what junk each opponent owes (6.5, for the
    table to hand over), and what a forced drop-out sold (6.3)."""
    extra = {}
    for p in players:  # each row's own dict
        row = rows.get(p)
        extra[p] = {} if row is None else row.extra
    for t, q, p, n in junk:
        extra[p].setdefault("junk_received", []).append({"event": t, "from": q, "junk": n})
        extra[q].setdefault("junk_given", []).append({"event": t, "to": p, "junk": n})
    for p, (per, m, cards, triples) in claims.items():
        if cards:  # a breakdown leaves out an empty list (sets sold without a card)
            extra[p]["sold"] = list(slugs_of(cards))
        extra[p]["compensation_per_payer"] = per
    return extra


def player_scores(t: Table, kind, out: Outcome, extra, net):
    """One breakdown per player in seating order, those who sat out included."""
    stop = kind == "stop"
    scores = []
    roles, rows = out.roles, out.rows
    for p in t.players:
        role = roles.get(p)
        if role is None:  # the outcome names those who play; the others sat out
            role = ("seller" if p in t.claims else "sat out") if p in t.sitters else ""
        row, n = rows.get(p), net[p]
        if row is None:
            steps = _closing_steps([], not stop and p in t.active, n)
            scores.append(PlayerScore(p, (), 0, tuple(steps), n, role, extra[p]))
            continue
        st = row.steps
        steps = st if stop and st and st[-1].total == n else \
            _closing_steps(st, not stop and p in t.active, n)
        # extra: each row's own dict, which never holds an empty list (_winner_row, _extras)
        scores.append(PlayerScore(p, row.yaku, row.base, tuple(steps), n, role, extra[p]))
    return tuple(scores)


def _closing_steps(st, instant_only, net_p):
    """Steps that end at the player's net: chips paid at once are never multiplied, so they
    close the breakdown (or are all of it when the hand ended without a Stop)."""
    if instant_only:
        return [Step("instant", "set", net_p, said("chips paid at once this hand"),
                     net_p)]
    if st and st[-1].total != net_p:
        return st + [Step("instant", "add", net_p - st[-1].total, said(
            "chips paid at once this hand (first-turn events, compensation; never "
            "multiplied)"), net_p)]
    if not st and net_p:
        return [Step("compensation", "set", net_p, said("gwangpalli compensation"),
                     net_p)]
    return st
