"""Go-Stop round settlement (go-stop.md sections 3, 5, 6 and 7). Private helper of go_stop.py.

Order of work: read the table (players, gwangpalli sitting-out), the piles and the events;
replay the events (Go validation 5.2, instant chips 6.4, junk-steal bookkeeping 6.5); then
settle by the outcome: Stop (5.8), nagari (6.6), void deal, or an instant win.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import BIT, BRIGHTS, CARD, FLOWER_BY_ID, RIBBONS, month_mask, slugs_of
from ..errors import TallyError
from ..results import Payment, PlayerScore, RoundResult, Step, said
from ..rounds import events_of, piles_of, player_field, players_of
from .go_stop import (BRIGHT_ROWS, ELIGIBLE, GID, RAIN, RIBBON_ROWS, SAKE, Compiled,
                      _choice_words, go_terms)


def _is_map(x):
    return type(x) is dict or isinstance(x, Mapping)


def _err(msg, **kw):
    return TallyError(msg, game=GID, **kw)


def _at(i, t=None):
    """The "go-stop: event 3: " (or "go-stop: event 3 (bomb): ") that starts a message about
    one event: a sentence of its own, so it is said in the reader's language too."""
    if t is None:
        return said("go-stop: event {i}: ", i=i)
    return said("go-stop: event {i} ({type}): ", i=i, type=t)


_GAME = []


def _game():
    if not _GAME:
        from . import go_stop
        _GAME.append(go_stop.GAME)
    return _GAME[0]


def _bool(ev, key, i):
    v = ev.get(key, False)
    if not isinstance(v, bool):
        raise _err(said("{at}'{key}' must be true or false", at=_at(i, ev['type']), key=key),
                   field=f"events.{i}.{key}")
    return v


def _int(ev, key, i, default=None, minimum=0):
    v = ev.get(key, default)
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        raise _err(said("{at}'{key}' must be a whole number >= {minimum}, not {value!r}",
                        at=_at(i, ev['type']), key=key, minimum=minimum, value=v),
                   field=f"events.{i}.{key}")
    return v


def _month(ev, i, required=True):
    m = ev.get("month")
    if m is None and not required:
        return None
    if not isinstance(m, str) or m not in FLOWER_BY_ID:
        raise _err(said("{at}unknown month {value!r}; use a flower id ({ids})",
                        at=_at(i, ev['type']), value=m, ids=", ".join(FLOWER_BY_ID)),
                   field=f"events.{i}.month")
    return m


# ---------------------------------------------------------------------------------------------
# the table: active players and gwangpalli (3.7, 6.3)
# ---------------------------------------------------------------------------------------------

def _table(g, rnd, c: Compiled):
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players)
    raw = rnd.get("sitting_out") or {}
    if not _is_map(raw):
        raise _err(said("go-stop: 'sitting_out' must map each player who sits out to "
                        "{{forced, shows, triples}}"), field="sitting_out")
    for name in raw:
        if name not in players:
            raise _err(said("go-stop: sitting_out names {player!r}, who is not one of the "
                            "players", player=name), player=name, field=f"sitting_out.{name}")
    n = len(players)
    if n <= 3 and raw:
        raise _err(said("go-stop: with {n} players nobody sits out (gwangpalli needs 4-7)",
                        n=n), field="sitting_out")
    if n >= 4 and len(raw) != n - 3:
        raise _err(said("go-stop: with {n} players exactly {out} must sit out (only 3 play a "
                        "gwangpalli hand), not {given}", n=n, out=n - 3, given=len(raw)),
                   field="sitting_out")
    if n == 7 and not c.jokers:  # 1 Header: 7 x 7 = 49 cards need at least one joker
        raise _err(said("go-stop: seven people need at least one joker in play (7 x 7 = 49 "
                        "cards); set joker_table"), option="joker_table", field="players")
    if dealer in raw:
        raise _err(said("go-stop: the dealer {player!r} must play and cannot sit out",
                        player=dealer), player=dealer, field=f"sitting_out.{dealer}")
    active = tuple(p for p in players if p not in raw)
    sitters = {}
    if raw:
        # 3.7: from the dealer's right (the next seat in turn order) each chooses; once two
        # non-dealers play, the rest are forced out. Forcedness follows from who plays.
        k = players.index(dealer)
        order = [players[(k + j) % n] for j in range(1, n)]
        plays = 0
        for p in order:
            if p in raw:
                sitters[p] = plays == 2
            else:
                plays += 1
    shown_all = 0
    claims = {}
    for p, info in raw.items():
        if info is None:
            info = {}
        if not _is_map(info):
            raise _err(said("go-stop: sitting_out.{player} must be an object", player=p),
                       player=p,
                       field=f"sitting_out.{p}")
        forced = sitters[p]
        iris = info.get("dealt_iris_bridge", False)
        if iris and (n != 7 or not c.rules.seven_player_iris_forced_out):
            raise _err(said("go-stop: {player!r}: dealt_iris_bridge forces a drop-out only "
                            "with 7 people and seven_player_iris_forced_out on", player=p),
                       player=p,
                       option="seven_player_iris_forced_out", field=f"sitting_out.{p}")
        forced = forced or bool(iris)
        if "forced" in info and info["forced"] != forced:
            raise _err(said("go-stop: {player!r} sat out forced: two non-dealers had already "
                            "chosen to play before their turn (3.7), so 'forced' cannot be "
                            "{value!r}", player=p, value=info['forced']) if forced else
                       said("go-stop: {player!r} sat out voluntarily: fewer than two "
                            "non-dealers had chosen to play before their turn (3.7), so "
                            "'forced' cannot be {value!r}", player=p, value=info['forced']),
                       player=p,
                       field=f"sitting_out.{p}.forced")
        shows = info.get("shows", [])
        from . import pile_mask
        m = pile_mask(g, shows, player=p, field=f"sitting_out.{p}.shows")
        if m & c.off:
            bad = slugs_of(m & c.off)[0]
            from . import _who
            raise _err(said("{who}card {card!r} is not in play under these options",
                            who=_who(p), card=bad), card=bad, player=p,
                       field=f"sitting_out.{p}.shows")
        if m & ~ELIGIBLE:
            bad = slugs_of(m & ~ELIGIBLE)[0]
            raise _err(said("go-stop: {player!r} cannot sell {card!r}: only brights, double "
                            "junk, the sake cup and jokers earn compensation (6.3)", player=p,
                            card=bad), card=bad, player=p,
                       field=f"sitting_out.{p}.shows")
        if m & shown_all:
            bad = slugs_of(m & shown_all)[0]
            raise _err(said("go-stop: card {card!r} is shown by two players", card=bad),
                       card=bad,
                       player=p, field=f"sitting_out.{p}.shows")
        shown_all |= m
        triples = info.get("triples", 0)
        if isinstance(triples, bool):
            triples = int(triples)
        if not isinstance(triples, int) or not 0 <= triples <= 2:
            raise _err(said("go-stop: sitting_out.{player}.triples must be 0, 1 or 2",
                            player=p), player=p,
                       field=f"sitting_out.{p}.triples")
        if (m or triples) and not forced:
            raise _err(said("go-stop: {player!r} dropped out voluntarily and cannot claim "
                            "compensation (only forced drop-outs are paid, 3.7)", player=p),
                       player=p,
                       field=f"sitting_out.{p}.shows")
        if forced and m:
            cards = m
            if n == 4 and c.rules.four_player_rain_exception and m & BRIGHTS == RAIN:
                cards &= ~RAIN  # 6.3: 4 people, a lone rain bright is not paid
            per = c.r.compensation_rate * cards.bit_count() * (2 if triples else 1)
            claims[p] = (per, m, cards, triples)
    return players, dealer, active, sitters, claims, shown_all


# ---------------------------------------------------------------------------------------------
# replaying the events
# ---------------------------------------------------------------------------------------------

class _Hand:
    def __init__(self, active):
        self.gos = {p: [] for p in active}
        self.heundeum = {p: [] for p in active}
        self.bombs = {p: [] for p in active}
        self.passes = {p: 0 for p in active}
        self.ppuks = {p: 0 for p in active}
        self.stacks = {p: 0 for p in active}
        self.offers = []  # [offerer, refuser, index, lapsed_at]
        self.oe = []  # (index, event)
        self.sake_as = {}
        self.weol = set()
        self.junk = []  # (event, from, to, junk)
        self.last_owner = {}  # card bit -> (to, index)
        self.instant = []  # Payment
        self.end = None  # (kind, data)
        self.fours = []
        self.go_index = {}  # first Go event of each player (5.7 go-bak suspension)


_AFTER_END_OK = {"four_in_hand"}
# 3.8 first-turn chips: event -> (option with the chips, the payment's reason)
_FIRST_TURN = {"first_turn_four_capture": ("first_turn_four_capture_chips",
                                           "first turn four capture (3.8)"),
               "first_turn_chok": ("first_turn_chok_chips", "first turn chok (3.8)"),
               "boar_first_turn": ("boar_first_turn_chips", "boar first turn (3.8)"),
               "boar_capture": ("boar_first_turn_chips", "boar capture (3.8)")}


def _replay(rnd, c: Compiled, active, dealer, events, check):
    r = c.r
    h = _Hand(active)
    thr = r.stop_threshold_2p if len(active) == 2 else r.stop_threshold_3p
    opp = {p: [q for q in active if q != p] for p in active}

    def chips(i, p, amount, why):
        for q in opp[p]:
            h.instant.append(Payment(q, p, amount, why))

    def steal(ev, p, n):
        if n:
            for q in opp[p]:
                h.junk.append((ev["type"], q, p, n))

    for i, ev in enumerate(events):
        t = ev["type"]
        p = ev.get("player")
        if h.end is not None and not (t in _AFTER_END_OK and h.end[0] == "four"):
            raise _err(said("go-stop: event {i} ({type}) comes after the hand ended "
                            "({end} at event {j})", i=i, type=t, end=h.end[0],
                            j=h.end[1]['index']), field=f"events.{i}")
        if t == "go":
            s = _int(ev, "score", i)
            g = h.gos[p]
            if check:
                if s is None:
                    raise _err(said("{at}a go needs the caller's 'score'", at=_at(i)),
                               player=p, field=f"events.{i}.score")
                if not g and s < thr:
                    raise _err(said("{at}{player!r} cannot say Go at {score} points, below "
                                    "the Stop target {target} (5.2)", at=_at(i), player=p,
                                    score=s, target=thr), player=p, rule="go",
                               field=f"events.{i}.score")
                if g and s <= g[-1]:
                    raise _err(said("{at}{player!r} said Go at {last} before, so a new call "
                                    "needs more than {last} points, not {score} (5.2)",
                                    at=_at(i), player=p, last=g[-1], score=s),
                               player=p, rule="go", field=f"events.{i}.score")
            g.append(s)
            h.go_index.setdefault(p, i)
        elif t in ("stop", "winning_brights"):
            if t == "winning_brights" and not r.winning_brights:
                raise _err(said("{at}winning_brights needs the winning_brights option",
                                at=_at(i)), option="winning_brights", field=f"events.{i}")
            h.end = ("stop", {"index": i, "player": p, "score": _int(ev, "score", i),
                              "type": t})
        elif t == "heundeum":
            m = _month(ev, i)
            turn = _int(ev, "turn", i, minimum=1)
            if m in h.heundeum[p]:
                raise _err(said("{at}{player!r} already showed {month}", at=_at(i), player=p,
                                month=m), player=p,
                           field=f"events.{i}.month")
            if r.heundeum_timing == "deal_only" and turn is not None and turn > 1:
                raise _err(said("{at}heundeum only after the deal under "
                                "heundeum_timing=deal_only, not on turn {turn}", at=_at(i),
                                turn=turn), player=p,
                           option="heundeum_timing", field=f"events.{i}.turn")
            h.heundeum[p].append(m)
        elif t == "bomb":
            m = _month(ev, i)
            if m in h.heundeum[p] and not r.bomb_with_declared_triple:
                raise _err(said("{at}{player!r} declared {month} as heundeum and may not "
                                "bomb with it (bomb_with_declared_triple off, 3.6.1)",
                                at=_at(i), player=p, month=m), player=p,
                           option="bomb_with_declared_triple", field=f"events.{i}")
            if m in h.bombs[p]:
                raise _err(said("{at}{player!r} bombed {month} twice", at=_at(i), player=p,
                                month=m), player=p,
                           field=f"events.{i}.month")
            h.bombs[p].append(m)
            steal(ev, p, 1 if r.bomb_steals_junk else 0)
        elif t == "pass_hand_play":
            h.passes[p] += 1
            if r.bomb_draw_mode != "one_plus_two_skips" or h.passes[p] > 2 * len(h.bombs[p]):
                raise _err(said("{at}{player!r} may skip a hand play only after a bomb, at "
                                "most twice per bomb, under bomb_draw_mode=one_plus_two_skips",
                                at=_at(i), player=p), player=p, option="bomb_draw_mode",
                           field=f"events.{i}")
        elif t == "ppuk":
            turn = _int(ev, "turn", i, minimum=1)
            h.ppuks[p] += 1
            if turn == 1 and r.first_turn_ppuk_chips:
                chips(i, p, r.first_turn_ppuk_chips, said("first-turn ppuk (3.8)"))
            if h.ppuks[p] == 3:
                chips(i, p, r.three_ppuk_chips, said("third ppuk: the hand ends (6.4)"))
                h.end = ("three_ppuk", {"index": i, "player": p})
        elif t in ("stack_capture", "ja_ppuk"):
            creator = p if t == "ja_ppuk" else ev.get("creator", "dealt")
            if creator != "dealt" and creator not in active:
                raise _err(said("{at}stack creator {player!r} is not at the table (use a "
                                "player's name or 'dealt')", at=_at(i), player=creator),
                           player=creator,
                           field=f"events.{i}.creator")
            h.stacks[p] += 1
            if creator == "dealt" and r.stack_capture_steals == "created_only":
                n = 0
            else:
                n = 2 if r.hiki_bonus else 1
                if creator == p:
                    n = max(n, r.ja_ppuk_junk)
            if r.triple_hiki and h.stacks[p] == 3:
                n += 2  # 10 A18: once, at the third capture
            steal(ev, p, n)
        elif t in ("sseul", "chok", "ttadak"):
            last = _bool(ev, "last_turn", i)
            n = 0 if last or (t == "sseul" and not r.sseul_steals) else 1
            steal(ev, p, n)
        elif t in ("joker_capture", "joker_from_layout"):
            card = ev.get("card")
            if card not in c.jokers:
                raise _err(said("{at}{card!r} is not a bonus card in play "
                                "(joker_table={table!r})", at=_at(i), card=card,
                                table=r.joker_table), card=str(card),
                           option="joker_table", field=f"events.{i}.card")
            if t == "joker_from_layout" and p != dealer:
                raise _err(said("{at}a joker dealt to the layout goes to the dealer "
                                "{dealer!r}, not {player!r}", at=_at(i), dealer=dealer,
                                player=p), player=p, field=f"events.{i}")
            if c.jokers[card][1] == "boss_junk":
                steal(ev, p, 1)
        elif t == "junk_transfer":
            giver, card = ev.get("from"), ev.get("card")
            if giver not in active or giver == p:
                raise _err(said("{at}junk_transfer 'from' {player!r} must be another player "
                                "at the table", at=_at(i), player=giver), player=giver,
                           field=f"events.{i}.from")
            bit = BIT.get(card) if isinstance(card, str) else None
            if bit is None or not bit & (c.junk_cards | c.flex_mask):
                raise _err(said("{at}{card!r} is not a junk card in play", at=_at(i),
                                card=card), card=str(card), field=f"events.{i}.card")
            h.last_owner[bit] = (p, i)
        elif t == "sake_designation":
            a = ev.get("as")
            if a not in ("animal", "junk"):
                raise _err(said("{at}sake_designation 'as' must be animal or junk",
                                at=_at(i)), player=p, field=f"events.{i}.as")
            h.sake_as[p] = a
        elif t == "four_in_hand":
            _month(ev, i)
            if any(q == p for q, _ in h.fours):
                raise _err(said("{at}{player!r} already showed four", at=_at(i), player=p),
                           player=p,
                           field=f"events.{i}")
            h.fours.append((p, i))
            h.end = ("four", {"index": h.fours[0][1], "player": h.fours[0][0]})
        elif t == "four_on_table":
            h.end = ("four_on_table", {"index": i})
        elif t == "void_deal":
            reason = ev.get("reason", "four_in_layout")
            if reason == "four_pairs" and not r.misdeal_four_pairs:
                raise _err(said("{at}a four-pairs misdeal needs the misdeal_four_pairs "
                                "option", at=_at(i)), option="misdeal_four_pairs",
                           field=f"events.{i}.reason")
            h.end = ("void", {"index": i, "reason": reason})
        elif t == "nagari":
            h.end = ("nagari", {"index": i, "reason": ev.get("reason", "cards_exhausted")})
        elif t == "syodang_offer":
            if len(active) != 3:
                raise _err(said("{at}a nagari (syodang) may be offered only with 3 players "
                                "(5.7)", at=_at(i)), player=p, field=f"events.{i}")
            ref = ev.get("refused_by")
            if ref is None:
                h.end = ("nagari", {"index": i, "reason": "syodang_accepted"})
            else:
                if ref not in active or ref == p:
                    raise _err(said("{at}refused_by {player!r} must be one of the two other "
                                    "players", at=_at(i), player=ref), player=ref,
                               field=f"events.{i}.refused_by")
                h.offers.append([p, ref, i, None])
        elif t == "syodang_lapsed":
            open_ = [o for o in h.offers if o[3] is None]
            if not open_:
                raise _err(said("{at}no refused nagari offer is in effect", at=_at(i)),
                           field=f"events.{i}")
            open_[-1][3] = i
        elif t == "oe_myeon":
            kind = ev.get("kind", "played_unmatched")
            if kind not in ("played_unmatched", "left_capturable"):
                raise _err(said("{at}oe_myeon kind must be played_unmatched or "
                                "left_capturable", at=_at(i)), field=f"events.{i}.kind")
            card = ev.get("card")
            if not isinstance(card, str) or card not in CARD:
                raise _err(said("{at}unknown card {card!r}", at=_at(i), card=card),
                           card=str(card),
                           field=f"events.{i}.card")
            for k in ("last_card", "offered_draw", "same_result"):
                _bool(ev, k, i)
            h.oe.append((i, ev))
        elif t in ("first_turn_four_capture", "first_turn_chok", "boar_first_turn",
                   "boar_capture"):
            opt, why = _FIRST_TURN[t]
            if not getattr(r, opt):
                raise _err(said("{at}{type} pays nothing unless {option} is set", at=_at(i),
                                type=t, option=opt), option=opt, field=f"events.{i}")
            chips(i, p, getattr(r, opt), said(why))
        elif t == "weol_yak_first_turn":
            if not r.weol_yak_first_turn:
                raise _err(said("{at}weol_yak_first_turn needs that option", at=_at(i)),
                           option="weol_yak_first_turn", field=f"events.{i}")
            h.weol.add(p)
        elif t == "baek_hwa_jeom":
            if not r.baek_hwa_jeom:
                raise _err(said("{at}baek_hwa_jeom needs that option", at=_at(i)),
                           option="baek_hwa_jeom", field=f"events.{i}")
            steal(ev, p, 1)
    if h.end is None:
        raise _err(said("go-stop: the round has no end: add a stop, nagari, four_in_hand, "
                        "void_deal or four_on_table event"), field="events")
    return h, thr


# ---------------------------------------------------------------------------------------------
# 5.8 the Stop settlement
# ---------------------------------------------------------------------------------------------

def _loser_amount(c, r, L, mL, dL, base_wf, rows, nA_w, h, n_players, explain):
    n_a, j = c.counts(mL, dL)
    lf, extra, steps = 1, 0, []
    if r.gwang_bak_mode != "off" and rows & BRIGHT_ROWS:
        nb = mL & BRIGHTS
        if r.weak_rain_man:
            nb &= ~RAIN
        if not nb:
            if mL & c.ability["bright_shield"]:
                if explain:
                    steps.append(("gwang_bak", "note", 0, said(
                        "no gwang-bak: {player} holds the bright-shield joker", player=L)))
            elif r.gwang_bak_mode == "double":
                lf *= 2
                if explain:
                    steps.append(("gwang_bak", "multiply", 2, said(
                        "gwang-bak x2: {player} holds no bright (willow-rainman does not "
                        "count)" if mL & RAIN else "gwang-bak x2: {player} holds no bright",
                        player=L)))
            else:
                extra += 2
    if "pi" in rows:
        t = r.pi_bak_threshold_2p if (n_players == 2 and r.pi_bak_threshold_2p) \
            else r.pi_bak_threshold
        if j < t:
            lf *= 2
            if explain:
                steps.append(("pi_bak", "multiply", 2, said(
                    "pi-bak x2: {player} holds junk value {junk}, fewer than {threshold}",
                    player=L, junk=j, threshold=t)))
    if r.animal_double_mode in ("meong_bak_only", "both") and nA_w >= 7 and n_a == 0:
        lf *= 2
        if explain:
            steps.append(("meong_bak", "multiply", 2, said(
                "meong-bak x2: winner has {animals} animals and {player} none", animals=nA_w,
                player=L)))
    if r.tti_bak and rows & RIBBON_ROWS and not mL & RIBBONS:
        lf *= 2
        if explain:
            steps.append(("tti_bak", "multiply", 2, said("tti-bak x2: {player} holds no ribbon",
                                                          player=L)))
    if r.go_bak_mode == "double" and h.gos[L]:
        lf *= 2
        if explain:
            steps.append(("go_bak", "multiply", 2, said(
                "go-bak x2: {player} said Go {gos} time(s) and lost", player=L,
                gos=len(h.gos[L]))))
    if extra and explain:
        steps.append(("gwang_bak", "add", 2, said(
            "gwang-bak +2 chips (plus_two): {player} holds no bright", player=L)))
    amount = base_wf * lf + extra
    exempt = bool(r.no_captures_no_pay and not mL)
    if exempt:
        amount = 0
        if explain:
            steps.append(("no_captures_no_pay", "set", 0, said(
                "{player} captured nothing and pays nothing (no_captures_no_pay)", player=L)))
    return amount, exempt, steps


def _refusal_in_effect(h, r, stop_i):
    for off, ref, i, lapsed in h.offers:
        if i > stop_i:
            continue
        if r.draw_refusal_scope == "next_turn_window" and lapsed is not None \
                and lapsed < stop_i:
            continue
        yield off, ref, i


# 5.7 the liable loser, in words: the reason of each dok-bak step, by _liable's kind ...
_DOK_BAK = {
    "syodang": "{player} refused {offerer}'s nagari offer (event {event}) and lost: pays for "
               "both (syodang)",
    "go_bak": "go-bak: {player} said Go and {other} did not: {player} pays for both (dok-bak)",
    "oe_myeon": "oe-myeon: {player} left {winner} the winning card: pays for both",
}
# ... and the winner's settlement line with two losers, by that kind ("deny_" and "exempt_"
# when the liable loser escapes dok-bak); with one loser it is _SETTLEMENT_ONE
_SETTLEMENT_ONE = "from the losers: {loser} pays {amount}"
_STOP_SETTLEMENT = said("Stop settlement (5.8)")  # each loser's payment (built once)
_SETTLEMENT = {
    "": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2}",
    "syodang": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} ({player} "
               "refused {offerer}'s nagari offer (event {event}) and lost: pays for both "
               "(syodang))",
    "go_bak": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} (go-bak: "
              "{player} said Go and {other} did not: {player} pays for both (dok-bak))",
    "oe_myeon": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} "
                "(oe-myeon: {player} left {winner} the winning card: pays for both)",
    "both_go": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} (both "
               "losers said Go: each pays their own (10 A8))",
    "deny_syodang": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} "
                    "({player} holds the deny-losses joker: no dok-bak ({player} refused "
                    "{offerer}'s nagari offer (event {event}) and lost: pays for both "
                    "(syodang)))",
    "deny_go_bak": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} "
                   "({player} holds the deny-losses joker: no dok-bak (go-bak: {player} said "
                   "Go and {other} did not: {player} pays for both (dok-bak)))",
    "deny_oe_myeon": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} "
                     "({player} holds the deny-losses joker: no dok-bak (oe-myeon: {player} "
                     "left {winner} the winning card: pays for both))",
    "exempt_syodang": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} "
                      "({player} is exempt (no captures): no dok-bak ({player} refused "
                      "{offerer}'s nagari offer (event {event}) and lost: pays for both "
                      "(syodang)))",
    "exempt_go_bak": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} "
                     "({player} is exempt (no captures): no dok-bak (go-bak: {player} said Go "
                     "and {other} did not: {player} pays for both (dok-bak)))",
    "exempt_oe_myeon": "from the losers: {loser1} pays {amount1}, {loser2} pays {amount2} "
                       "({player} is exempt (no captures): no dok-bak (oe-myeon: {player} left "
                       "{winner} the winning card: pays for both))",
}


def _liable(c, r, h, W, losers, rows, stop_i, oe_card_ok):
    """5.7 liable_loser: (liable loser or None, kind of reason, its params): the kind is a
    key of _DOK_BAK, "both_go" or "" (see _SETTLEMENT)."""
    offers = list(_refusal_in_effect(h, r, stop_i))
    for off, ref, i in offers:
        if ref != W:
            return ref, "syodang", {"player": ref, "offerer": off, "event": i}
    if r.go_bak_mode == "pay_for_both":
        def suspended(L):
            return any(off == L and ref == W and i > h.go_index.get(L, 1 << 30)
                       for off, ref, i in offers)
        gb = [L for L in losers if h.gos[L] and not suspended(L)]
        if len(gb) == 1:
            other = next(q for q in losers if q != gb[0])
            return gb[0], "go_bak", {"player": gb[0], "other": other}
        if len(gb) == 2:
            return None, "both_go", {}
    if r.oe_myeon_mode != "off":
        om = []
        for i, ev in h.oe:
            L = ev["player"]
            if L not in losers or i > stop_i or not oe_card_ok(ev["card"]):
                continue
            if r.oe_myeon_mode == "pagat":
                if rows == {"pi"} and not h.gos[W]:
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
        if len(om) == 1:
            return om[0], "oe_myeon", {"player": om[0], "winner": W}
    return None, "", {}


def _settle_stop(c, r, h, thr, active, piles, carry_n, rnd, check):
    W = h.end[1]["player"]
    stop_i = h.end[1]["index"]
    losers = [p for p in active if p != W]
    mW = piles[W]
    if h.end[1]["type"] == "winning_brights" and mW & BRIGHTS != BRIGHTS:
        raise _err(said("go-stop: {player!r} declared winning_brights without all five "
                        "brights", player=W), player=W, rule="winning_brights")
    forced = {}  # declared sake designations (2.3, 4)
    raw_as = rnd.get("sake_as") or {}
    if not _is_map(raw_as):
        raise _err(said("go-stop: 'sake_as' must map players to animal or junk"),
                   field="sake_as")
    for p, a in list(raw_as.items()) + list(h.sake_as.items()):
        if p not in active or a not in ("animal", "junk"):
            raise _err(said("go-stop: sake_as {player!r}: {value!r} (players at the table; "
                            "animal or junk)", player=p, value=a), player=p, field=f"sake_as.{p}")
        forced[p] = SAKE if a == "junk" else 0

    def des(p, m):
        ds = c.designations(m)
        if p in forced and m & SAKE & c.flex_mask:
            ds = tuple(d for d in ds if d & SAKE == forced[p])
        return ds

    cands = []
    for d in des(W, mW):
        n_a, j = c.counts(mW, d)
        ps, p = c.points(mW, n_a, j)
        cands.append((d, n_a, j, ps, p))
    best_ps = max(x[3] for x in cands)
    G = h.gos[W]
    if check:
        if best_ps < thr:
            raise _err(said("go-stop: {player!r} cannot stop with {score} points: the Stop "
                            "target is {target} (5.1)", player=W, score=best_ps, target=thr),
                       player=W, rule="stop", field=f"captures.{W}")
        if G and best_ps <= G[-1]:
            raise _err(said("go-stop: {player!r} said Go at {last} and cannot stop at "
                            "{score} points (it must be more than {last}, 5.2)", player=W,
                            last=G[-1], score=best_ps), player=W, rule="stop")
        s = h.end[1]["score"]
        if s is not None and s != best_ps:
            raise _err(said("go-stop: the stop says {player!r} has {stated} points but the "
                            "captures score {score}", player=W, stated=s, score=best_ps),
                       player=W, rule="stop", field=f"events.{stop_i}.score")
    for i, ev in h.oe:  # 5.7: the oe-myeon card is one the winner captured to win
        if ev["player"] == W:
            raise _err(said("{at}the winner {player!r} cannot be liable for oe-myeon",
                            at=_at(i), player=W), player=W, rule="oe_myeon",
                       field=f"events.{i}.player")
        if not mW & CARD[ev["card"]].bit:
            raise _err(said("{at}oe-myeon card {card!r} is not in the winner {player!r}'s "
                            "captures", at=_at(i), card=ev["card"], player=W), card=ev["card"],
                       rule="oe_myeon",
                       field=f"events.{i}.card")
    n = len(G)
    add, gm = go_terms(n, r.go_bonus_formula)
    # winner factors that do not depend on the designation
    wf_fixed = []
    if gm > 1:
        wf_fixed.append(("go", gm, said("{gos} Go: x{factor} ({formula})", gos=n, factor=gm,
                                        formula=r.go_bonus_formula)))
    for m in h.heundeum[W]:
        k = 4 if (r.heundeum_paulownia_willow_x4 and m in ("paulownia", "willow")) else 2
        wf_fixed.append(("heundeum", k, said("heundeum x{factor}: {player} showed three "
                                             "{month} cards", factor=k, player=W, month=m)))
    if r.bomb_multiplier:
        for m in h.bombs[W]:
            wf_fixed.append(("bomb", 2, said("bomb x2: {player} bombed {month}", player=W,
                                             month=m)))
    if carry_n >= 1:
        k = 2 if r.nagari_multiplier == "single" else 2 ** carry_n
        wf_fixed.append(("nagari", k, said(
            "nagari x{factor}: the previous deals ended with no winner" if carry_n > 1
            else "nagari x{factor}: the previous deal ended with no winner", factor=k)))
    if r.missions:
        mis = rnd.get("mission")
        if mis is not None:
            if not _is_map(mis) or not isinstance(mis.get("multiplier"), int) \
                    or not 2 <= mis["multiplier"] <= 9:
                raise _err(said("go-stop: 'mission' must be {{cards: [...], multiplier: "
                                "2..9}}"), field="mission")
            from . import pile_mask
            mm = pile_mask(_game(), mis.get("cards", []), field="mission.cards")
            if mm and mW & mm == mm:
                wf_fixed.append(("mission", mis["multiplier"], said(
                    "mission x{factor}: {player} holds the mission cards",
                    factor=mis["multiplier"], player=W)))
    if r.weol_yak_first_turn and W in h.weol:
        wf_fixed.append(("weol_yak_first_turn", 4, said(
            "weol-yak x4: all four of a month on {player}'s first turn", player=W)))
    if r.weol_yak_month:
        wm = rnd.get("weol_yak_month")
        if wm is not None:
            if not isinstance(wm, str) or wm not in FLOWER_BY_ID:
                raise _err(said("go-stop: weol_yak_month {value!r} is not a flower id",
                                value=wm), field="weol_yak_month")
            if mW & month_mask(wm) == month_mask(wm):
                wf_fixed.append(("weol_yak_month", 4, said(
                    "weol-yak x4: {player} holds all four {month}", player=W, month=wm)))
    if mW & c.ability["double"]:
        wf_fixed.append(("joker_double", 2, said("double joker x2: {player} holds it",
                                                 player=W)))
    wf_prod = 1
    for _, k, _ in wf_fixed:
        wf_prod *= k
    meong = r.animal_double_mode in ("meong_dda_all", "both")
    three = len(active) == 3
    oe_ok = lambda card: card in CARD and bool(mW & CARD[card].bit)  # noqa: E731
    best = None
    liab = {}
    for d, n_a, j, ps, p in cands:
        rows = c.row_ids(mW, n_a, j)
        wf = wf_prod * (2 if meong and n_a >= 7 else 1)
        base_wf = (p + add) * wf
        amounts, exempt, dls = {}, {}, {}
        for L in losers:
            mL = piles[L]
            opts = []
            for dL in des(L, mL):
                a, ex, _ = _loser_amount(c, r, L, mL, dL, base_wf, rows, n_a, h,
                                         len(active), False)
                opts.append((a, dL, ex))
            a, dL, ex = min(opts, key=lambda x: x[0])
            amounts[L], exempt[L], dls[L] = a, ex, dL
        pay = dict(amounts)
        liable, why = None, ("", {})  # why: (kind, params) of _DOK_BAK / _SETTLEMENT
        if three:
            only_pi = rows == {"pi"}
            if only_pi not in liab:  # depends on the rows only through exception a
                liab[only_pi] = _liable(c, r, h, W, losers, rows, stop_i, oe_ok)
            liable, kind, params = liab[only_pi]
            why = (kind, params)
            if liable is not None:
                if piles[liable] & c.ability["deny_losses"]:
                    why = ("deny_" + kind, params)
                    liable = None
                elif exempt[liable]:
                    why = ("exempt_" + kind, params)
                    liable = None
            if liable is not None:
                other = next(q for q in losers if q != liable)
                pay[liable] = amounts[liable] + amounts[other]
                pay[other] = 0
        total = sum(pay.values())
        key = (total, ps)
        if best is None or key > best[0]:
            best = (key, d, n_a, j, ps, p, None, rows, wf, base_wf, amounts, pay, dls,
                    liable, why)
    (_, d, n_a, j, ps, p, _, rows, wf, base_wf, amounts, pay, dls, liable, why) = best
    hits = c.hits(mW, d, n_a, j)
    return dict(W=W, losers=losers, d=d, n_a=n_a, j=j, ps=ps, p=p, hits=hits, rows=rows,
                add=add, n=n, wf_fixed=wf_fixed, meong=meong and n_a >= 7, base_wf=base_wf,
                amounts=amounts, pay=pay, dls=dls, liable=liable, why=why, cands=cands)


# ---------------------------------------------------------------------------------------------
# score_round
# ---------------------------------------------------------------------------------------------

def score_round(rnd: Mapping, c: Compiled) -> RoundResult:
    g = _game()
    r = c.r
    players, dealer, active, sitters, claims, shown = _table(g, rnd, c)
    piles = piles_of(g, rnd, active, required=False, deck=c.deck)
    for p, m in piles.items():
        if m & shown:
            bad = slugs_of(m & shown)[0]
            raise _err(said("go-stop: card {card!r} is in {player!r}'s captures and shown by "
                            "a player who sat out", card=bad, player=p), card=bad, player=p,
                       field=f"captures.{p}")
    events = events_of(g, rnd, active)
    check = rnd.get("check_calls", True)
    if not isinstance(check, bool):
        raise _err(said("go-stop: 'check_calls' must be true or false"), field="check_calls")
    carry = rnd.get("carry") or {}
    if not _is_map(carry):
        raise _err(said("go-stop: 'carry' must be the previous round's carry object"),
                   field="carry")
    carry_n = carry.get("nagari", 0)
    if not isinstance(carry_n, int) or isinstance(carry_n, bool) or carry_n < 0:
        raise _err(said("go-stop: carry.nagari must be a whole number >= 0"),
                   field="carry.nagari")
    pending = carry.get("compensation", [])
    h, thr = _replay(rnd, c, active, dealer, events, check)
    payments = list(h.instant)
    notes = []
    steps = {p: [] for p in players}
    yaku = {p: () for p in players}
    base = {p: 0 for p in players}
    role = {p: "" for p in players}
    extra = {p: {} for p in players}
    for p in sitters:
        role[p] = "seller" if p in claims else "sat out"
    kind, info = h.end
    winner = None
    next_dealer = dealer
    new_carry = {"nagari": carry_n}
    losers_of_hand = []

    # 6.3 immediate compensation: the two non-dealers who play pay each forced drop-out
    payers = [p for p in active if p != dealer]
    if claims and r.compensation_timing == "immediate":
        for f, (per, m, cards, triples) in claims.items():
            for q in payers:
                payments.append(Payment(q, f, per, said(
                    "gwangpalli compensation: {player} sells {cards} card(s) x{rate} x2 "
                    "(triple shown)" if triples else
                    "gwangpalli compensation: {player} sells {cards} card(s) x{rate}",
                    player=f, cards=cards.bit_count(), rate=r.compensation_rate)))

    if kind == "stop":
        W = info["player"]
        for p in active:
            if p not in (rnd.get("captures") or {}):
                raise _err(said("go-stop: a Stop needs {player!r}'s captures (the winner's "
                                "pile, and each loser's for the bak tests)", player=p),
                           player=p, field=f"captures.{p}")
        # the last junk_transfer of a card must agree with the final piles
        for bit, (to, i) in h.last_owner.items():
            if not piles[to] & bit:
                raise _err(said("go-stop: event {i} gives {card!r} to {player!r}, but it is "
                                "not in {player!r}'s final captures", i=i,
                                card=slugs_of(bit)[0], player=to), player=to,
                           card=slugs_of(bit)[0], field=f"events.{i}")
        s = _settle_stop(c, r, h, thr, active, piles, carry_n, rnd, check)
        winner, next_dealer = W, W
        new_carry = {"nagari": 0}
        losers_of_hand = s["losers"]
        yaku[W], base[W], role[W] = s["hits"], s["p"], "winner"
        st = [Step("base", "base", s["p"], said("{player}'s jokbo: {points} points", player=W,
                                                points=s["p"]), s["p"])]
        tot = s["p"]
        if s["add"]:
            tot += s["add"]
            st.append(Step("go", "add", s["add"], said(
                "{gos} Go: +{chips} chips ({formula})", gos=s["n"], chips=s["add"],
                formula=r.go_bonus_formula), tot))
        facs = list(s["wf_fixed"])
        if s["meong"]:
            facs.append(("meong_dda", 2, said("meong-dda x2: {player} holds {animals} animals",
                                              player=W, animals=s["n_a"])))
        for fid, k, why in facs:
            tot *= k
            st.append(Step(fid, "multiply", k, why, tot))
        received = sum(s["pay"].values())
        kind_why, why_params = s["why"]
        ls_ = s["losers"]
        if len(ls_) == 1:
            said_from = said(_SETTLEMENT_ONE, loser=ls_[0], amount=s["pay"][ls_[0]])
        else:  # two losers (3 play): the reason for who pays what, when there is one
            said_from = said(_SETTLEMENT[kind_why], loser1=ls_[0], amount1=s["pay"][ls_[0]],
                             loser2=ls_[1], amount2=s["pay"][ls_[1]], **why_params)
        st.append(Step("settlement", "set", received, said_from, received))
        steps[W] = st
        cw = _choice_words(c, piles[W], s["d"], s["n_a"],
                           "best" if len(s["cands"]) > 1 else "")
        extra[W] = {"stop_points": s["ps"], "gos": list(h.gos[W]),
                    "choices": list(cw), "per_loser_base": s["base_wf"]}
        for L in s["losers"]:
            mL = piles[L]
            dL = s["dls"][L]
            la, lj = c.counts(mL, dL)  # the loser's own jokbo, with the designation used
            yaku[L], base[L], role[L] = c.hits(mL, dL, la, lj), c.points(mL, la, lj)[1], \
                "loser"
            a, _, lst = _loser_amount(c, r, L, mL, s["dls"][L], s["base_wf"], s["rows"],
                                      s["n_a"], h, len(active), True)
            t = s["base_wf"]
            ls = [Step("base", "base", t, said("{winner}'s points after Go and winner factors",
                                               winner=W), t)]
            for fid, op, k, why in lst:
                if op == "multiply":
                    t *= k
                elif op == "add":
                    t += k
                elif op == "set":
                    t = k
                ls.append(Step(fid, op, k, why, t))
            if s["liable"] is not None:
                dok_bak = said(_DOK_BAK[kind_why], **why_params)
                if L == s["liable"]:
                    other = next(q for q in s["losers"] if q != L)
                    t += s["amounts"][other]
                    ls.append(Step("dok_bak", "add", s["amounts"][other], dok_bak, t))
                else:
                    t = 0
                    ls.append(Step("dok_bak", "set", 0, dok_bak, t))
            ls.append(Step("pays", "set", -t, said("{player} pays {winner} {amount}", player=L,
                                                   winner=W, amount=t), -t))
            steps[L] = ls
            if mL & c.flex_mask:
                extra[L]["choices"] = list(_choice_words(c, mL, dL, la, "least"))
            if s["pay"][L]:
                payments.append(Payment(L, W, s["pay"][L], _STOP_SETTLEMENT))
    elif kind == "nagari":
        role.update({p: "draw" for p in active})
        k = carry_n + 1
        new_carry = {"nagari": k}
        notes.append(said("nagari ({reason}): nobody pays; the same dealer deals again and "
                          "the next Stop is doubled (6.6)", reason=info["reason"]))
    elif kind in ("void", "four_on_table") and not (
            kind == "four_on_table" and r.four_on_table == "dealer_wins"):
        role.update({p: "draw" for p in active})
        notes.append(said("void deal: nothing paid, same dealer, nagari carry unchanged "
                          "(3.3)"))
    elif kind == "four_on_table":  # dealer_wins variant
        winner = next_dealer = dealer
        new_carry = {"nagari": 0}
        for q in active:
            if q != dealer:
                payments.append(Payment(q, dealer, r.four_in_hand_chips, said(
                    "four of a month in the layout: dealer wins (P var)")))
        losers_of_hand = [q for q in active if q != dealer]
        role.update({p: ("winner" if p == dealer else "loser") for p in active})
    elif kind == "four":
        holders = [p for p, _ in h.fours]
        if r.four_in_hand_mode == "misdeal" or len(holders) == len(active):
            role.update({p: "draw" for p in active})
            notes.append(said("four of a month in hand: recorded as a void deal (10 A23 / "
                              "four_in_hand_mode=misdeal); same dealer, carry unchanged"))
        else:
            for hp in holders:
                for q in active:
                    if q not in holders:
                        payments.append(Payment(q, hp, r.four_in_hand_chips, said(
                            "four of a month in hand: instant win (3.4)")))
            winner = next_dealer = holders[0]
            new_carry = {"nagari": 0}
            losers_of_hand = [q for q in active if q not in holders]
            role.update({p: ("winner" if p in holders else "loser") for p in active})
    elif kind == "three_ppuk":
        W = info["player"]
        winner = next_dealer = W
        new_carry = {"nagari": 0}
        losers_of_hand = [q for q in active if q != W]
        role.update({p: ("winner" if p == W else "loser") for p in active})
        notes.append(said("{player} made a third ppuk: each opponent pays {chips} and the "
                          "hand ends (6.4)", player=W, chips=r.three_ppuk_chips))

    # 6.3 delayed compensation, paid by the losers of the hand
    if r.compensation_timing == "delayed":
        owed = [(f, per, False) for f, (per, *_rest) in claims.items()]
        if not isinstance(pending, list):
            raise _err(said("go-stop: carry.compensation must be a list"), field="carry")
        for item in pending:
            if not _is_map(item) or item.get("to") not in players:
                raise _err(said("go-stop: carry.compensation entries must name a player at "
                                "the table"), field="carry.compensation")
            owed.append((item["to"], item.get("per_payer", 0), True))
        if losers_of_hand:
            for f, per, doubled in owed:
                amt = per * 2 if doubled else per
                for L in losers_of_hand:
                    if L != f:
                        payments.append(Payment(L, f, amt, said(
                            "delayed gwangpalli compensation x2 (carried over a nagari)"
                            if doubled else "delayed gwangpalli compensation")))
        elif kind == "nagari" and owed and r.nagari_redeal == "same_three":
            new_carry["compensation"] = [{"to": f, "per_payer": per} for f, per, _ in owed]
        elif kind != "nagari" and owed:  # void deal: still owed
            new_carry["compensation"] = [{"to": f, "per_payer": per} for f, per, d in owed
                                         if not d] + [dict(x) for x in pending]
    counts = kind in ("stop", "four", "three_ppuk") and winner is not None or \
        kind == "four_on_table" and winner is not None or \
        (kind == "nagari" and r.nagari_counts_as_month)
    new_carry["counts_as_month"] = bool(counts)

    # junk-steal bookkeeping (6.5): what each opponent owes, for the table to hand over
    for t, q, p, n in h.junk:
        extra[p].setdefault("junk_received", []).append({"event": t, "from": q, "junk": n})
        extra[q].setdefault("junk_given", []).append({"event": t, "to": p, "junk": n})
    for p, (per, m, cards, triples) in claims.items():
        extra[p]["sold"] = list(slugs_of(cards))
        extra[p]["compensation_per_payer"] = per

    net = {p: 0 for p in players}
    for pay in payments:
        net[pay.payer] -= pay.amount
        net[pay.payee] += pay.amount
    out = []
    for p in players:
        st = steps[p]
        if p in active and kind != "stop":
            st = [Step("instant", "set", net[p], said("chips paid at once this hand (6.4)"),
                       net[p])]
        elif st and st[-1].total != net[p]:
            st = st + [Step("instant", "add", net[p] - st[-1].total, said(
                "chips paid at once this hand (first-turn events, compensation; never "
                "multiplied)"), net[p])]
        elif not st and net[p]:
            st = [Step("compensation", "set", net[p], said("gwangpalli compensation (6.3)"),
                       net[p])]
        out.append(PlayerScore(p, tuple(yaku[p]), base[p], tuple(st), net[p], role[p],
                               {k: v for k, v in extra[p].items() if v != []}))
    return RoundResult(GID, c.preset, tuple(out), tuple(payments), winner, next_dealer,
                       new_carry, tuple(notes))
