"""Go-Stop round scoring, phases 1 and 2: read the round, check it (go-stop.md sections 3.7,
5.1, 5.2, 5.7, 6.3-6.5). Private helper of _go_stop_round.py, which runs every phase in order.

1. Read the round: the table (players, dealer, who sits out and what each forced drop-out
   sells), then the piles, events, quick entry (what the table declared instead of a
   player's cards, each declaration checked alone), ``check_calls`` and carry.
2. Check it: replay the events one by one, each checked as it comes, into a ``Hand`` (Go calls,
   shakings, bombs, instant chips, junk steals, how the hand ended); a Stop is also checked
   against the captures (or what was declared) once its combinations are known.

Each check runs in reading order, so when a round has several faults the one named is always
the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..cards import BIT, BRIGHTS, CARD, FLOWER_BY_ID, RIBBONS, slugs_of
from ..errors import TallyError
from ..results import Payment, said
from ..options import rule_words
from ..rounds import (event_words, events_of, field_words, named, ordinal, piles_of,
                      player_field, players_of)
from ._go_stop_rules import COUNTED, LOSER_FACTS, WINNER_FACTS, YAKU
from .go_stop import (BRIGHT_ROWS, CHEONG, CHO, ELIGIBLE, GID, GODORI, HONG, NAMES, RAIN,
                      RIBBON_ROWS, SAKE, Compiled)

# the sets a bright seller may sell with compensation_counts_sets (gostop-ts): godori and
# the three ribbon sets
SALE_SETS = (GODORI, HONG, CHEONG, CHO)
SALE_SETS_MASK = GODORI | HONG | CHEONG | CHO
from .go_stop import evaluate as evaluate_pile


# a named tuple built on every round is made as a plain tuple is (its class's generated
# __new__ is a Python call)
_new = tuple.__new__


def _is_map(x):
    return type(x) is dict or isinstance(x, Mapping)


def _err(msg, **kw):
    return TallyError(msg, game=GID, **kw)


def _at(i, t=None):
    """The "Go-Stop: event 3: " (or "Go-Stop: event 3, "Bomb": ") that starts a message about
    the event at index ``i``, counted from 1 and named by its button's words: a sentence of
    its own, so it is said in the reader's language too."""
    if t is None:
        return said("Go-Stop: event {i}: ", i=ordinal(i))
    return said("Go-Stop: event {i}, \"{event}\": ", i=ordinal(i), event=event_words(t))


_GAME = []


def _game():
    if not _GAME:
        from . import go_stop
        _GAME.append(go_stop.GAME)
    return _GAME[0]


def _bool(ev, key, i):
    v = ev.get(key, False)
    if not isinstance(v, bool):
        raise _err(said("{at}\"{what}\" must be on or off, not {value!r}",
                        at=_at(i, ev['type']), what=field_words(_game(), ev['type'], key),
                        value=v), event=ev['type'], field=f"events.{i}.{key}")
    return v


def _int(ev, key, i, default=None, minimum=0):
    v = ev.get(key, default)
    if v is None or type(v) is int and v >= minimum:  # what a table sends
        return v
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        raise _err(said("{at}\"{what}\" must be a whole number, {minimum} or more, not "
                        "{value!r}", at=_at(i, ev['type']),
                        what=field_words(_game(), ev['type'], key), minimum=minimum, value=v),
                   event=ev['type'], field=f"events.{i}.{key}")
    return v


def _month(ev, i, required=True):
    m = ev.get("month")
    if m is None and not required:
        return None
    if not isinstance(m, str) or m not in FLOWER_BY_ID:
        raise _err(said("{at}unknown month {value!r}", at=_at(i, ev['type']), value=m),
                   known=tuple(FLOWER_BY_ID), field=f"events.{i}.month")
    return m


# =============================================================================================
# Phase 1: read the round
# =============================================================================================

class Table(NamedTuple):
    """Who is at the table (3.7) and what the forced drop-outs sell (6.3)."""
    players: tuple  # everyone, in seating order
    dealer: str
    active: tuple  # the two or three who play the hand
    sitters: dict  # who sat out -> forced out?
    claims: dict  # forced drop-out -> (chips per payer, shown, paid cards, triples)
    shown: int  # every card shown by those who sat out


def read_table(g, rnd, c: Compiled) -> Table:
    """Players and dealer, then who sits out; each sitter is read in the order given."""
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players)
    raw = _sitting_out(rnd, players, dealer, c)
    active = tuple(p for p in players if p not in raw) if raw else players
    sitters = _forced_by_seat(players, dealer, raw) if raw else {}
    shown_all = 0
    claims = {}
    for p, info in raw.items():
        m, claim = _read_sitter(g, c, len(players), p, info, sitters[p], shown_all)
        shown_all |= m
        if claim is not None:
            claims[p] = claim
    return _new(Table, (players, dealer, active, sitters, claims, shown_all))


def _sitting_out(rnd, players, dealer, c: Compiled):
    """The ``sitting_out`` map, checked as a whole: gwangpalli (3.7) needs 4-7 people, and
    exactly all but three of them sit out, never the dealer."""
    raw = rnd.get("sitting_out") or {}
    if not _is_map(raw):
        raise _err(said("Go-Stop: who sits the hand out must be given by name, each with the "
                        "cards they show and their triples"), field="sitting_out")
    for name in raw:
        if name not in players:
            raise _err(said("Go-Stop: {player!r} sits the hand out but is not one of the "
                            "players", player=name), player=name, field=f"sitting_out.{name}")
    n = len(players)
    if n <= 3 and raw:
        raise _err(said("Go-Stop: with {n} players nobody sits out (gwangpalli needs 4-7)",
                        n=n), field="sitting_out")
    if n == 4 and not raw and c.rules.four_may_all_play:
        return raw  # a house rule: all four play the hand
    if n >= 4 and len(raw) != n - 3:
        raise _err(said("Go-Stop: with {n} players exactly {out} must sit out (only 3 play a "
                        "gwangpalli hand), not {given}", n=n, out=n - 3, given=len(raw)),
                   field="sitting_out")
    if n == 7 and not c.jokers:  # 1 Header: 7 x 7 = 49 cards need at least one joker
        raise _err(said("Go-Stop: seven people need at least one joker in play (7 x 7 = 49 "
                        "cards): choose which bonus cards are in play in the house rules"),
                   option="joker_table", field="players")
    if dealer in raw:
        raise _err(said("Go-Stop: the dealer {player!r} must play and cannot sit out",
                        player=dealer), player=dealer, field=f"sitting_out.{dealer}")
    return raw


def _forced_by_seat(players, dealer, raw) -> dict:
    """{sitter: forced?}. 3.7: from the dealer's right (the next seat in turn order) each
    chooses; once two non-dealers play, the rest are forced out. Forcedness follows from who
    plays, so the table never has to say it."""
    n = len(players)
    k = players.index(dealer)
    order = [players[(k + j) % n] for j in range(1, n)]
    sitters, plays = {}, 0
    for p in order:
        if p in raw:
            sitters[p] = plays == 2
        else:
            plays += 1
    return sitters


def _read_sitter(g, c: Compiled, n, p, info, forced, shown_before):
    """(cards shown, claim or None) of one who sat out; only a forced drop-out is paid for
    the cards they show (6.3)."""
    if info is None:
        info = {}
    if not _is_map(info):
        raise _err(said("Go-Stop: for {player!r}, who sits the hand out, give the cards they "
                        "show and their triples", player=p),
                   player=p,
                   field=f"sitting_out.{p}")
    forced = _check_forced(c, n, p, info, forced)
    m = _shown_cards(g, c, p, info, shown_before)
    triples = info.get("triples", 0)
    if isinstance(triples, bool):
        triples = int(triples)
    if not isinstance(triples, int) or not 0 <= triples <= 2:
        raise _err(said("Go-Stop: the triples {player!r} shows on sitting out must be 0, 1 "
                        "or 2", player=p), player=p,
                   field=f"sitting_out.{p}.triples")
    if (m or triples) and not forced:
        raise _err(said("Go-Stop: {player!r} dropped out voluntarily and cannot claim "
                        "compensation (only forced drop-outs are paid)", player=p),
                   player=p,
                   field=f"sitting_out.{p}.shows")
    return m, (_claim(c, n, m, triples) if forced and m else None)


def _check_forced(c: Compiled, n, p, info, forced):
    """Forced out by seat, or by the iris bridge (7 people, a variant); a stated ``forced``
    must agree."""
    iris = info.get("dealt_iris_bridge", False)
    if iris and (n != 7 or not c.rules.seven_player_iris_forced_out):
        raise _err(said("Go-Stop: {player!r} was dealt the iris bridge, which forces a "
                        "drop-out only with 7 people under the house rule \"{rule}\"",
                        player=p, rule=rule_words(GID, "seven_player_iris_forced_out")),
                   player=p,
                   option="seven_player_iris_forced_out", field=f"sitting_out.{p}")
    forced = forced or bool(iris)
    if "forced" in info and info["forced"] != forced:
        raise _err(said("Go-Stop: {player!r} was forced to sit out: two non-dealers had "
                        "already chosen to play before their turn, so it was not a voluntary "
                        "drop-out", player=p) if forced else
                   said("Go-Stop: {player!r} sat out voluntarily: fewer than two "
                        "non-dealers had chosen to play before their turn, so it was not a "
                        "forced drop-out", player=p),
                   player=p,
                   field=f"sitting_out.{p}.forced")
    return forced


def _shown_cards(g, c: Compiled, p, info, shown_before) -> int:
    """The cards a sitter shows: in play, of a kind that sells (6.3), shown by nobody else."""
    shows = info.get("shows", [])
    from . import pile_mask
    m = pile_mask(g, shows, player=p, field=f"sitting_out.{p}.shows")
    if m & c.off:
        bad = slugs_of(m & c.off)[0]
        from . import _who
        raise _err(said("{who}card {card!r} is not in play under these options",
                        who=_who(p), card=bad), card=bad, player=p,
                   field=f"sitting_out.{p}.shows")
    sells = ELIGIBLE | SALE_SETS_MASK if c.rules.compensation_counts_sets else ELIGIBLE
    if m & ~sells:
        bad = slugs_of(m & ~sells)[0]
        raise _err(said("Go-Stop: {player!r} cannot sell {card!r}: only brights, double "
                        "junk, the sake cup and jokers earn compensation", player=p,
                        card=bad), card=bad, player=p,
                   field=f"sitting_out.{p}.shows")
    if m & shown_before:
        bad = slugs_of(m & shown_before)[0]
        raise _err(said("Go-Stop: card {card!r} is shown by two players", card=bad),
                   card=bad,
                   player=p, field=f"sitting_out.{p}.shows")
    return m


def _claim(c: Compiled, n, m, triples):
    """(chips per payer, shown, paid cards, triples): each card sold earns the rate, doubled
    when a triple was shown too (6.3); under compensation_counts_sets each whole set shown
    (godori, a ribbon set) adds its points instead of its cards."""
    cards = m & ELIGIBLE
    if n == 4 and c.rules.four_player_rain_exception and m & BRIGHTS == RAIN:
        cards &= ~RAIN  # 6.3: 4 people, a lone rain bright is not paid
    units = cards.bit_count() + _set_points(c, m)
    per = sale_price(c.r) * units * (2 if triples else 1)
    return (per, m, cards, triples)


def _set_points(c: Compiled, m) -> int:
    """The points of the whole sets among the cards shown for sale (gostop-ts's price)."""
    if not c.rules.compensation_counts_sets:
        return 0
    return sum(c.godori_points if mask == GODORI else 3
               for mask in SALE_SETS if m & mask == mask)


def sale_price(r):
    """Chips per card sold (6.3): the rate, or the table's own price (compensation_price)."""
    return r.compensation_rate if r.compensation_price is None else r.compensation_price


class Inputs(NamedTuple):
    """The rest of the round as read: piles, events, whether calls are checked, the carry."""
    piles: dict  # active player -> pile mask (0 for a player whose facts were declared)
    events: list
    check: bool  # check the Go and Stop scores against the captures
    carry_n: int  # nagari hands carried in (6.6)
    pending: object  # carry.compensation as given: checked only if delayed compensation is
    declared: dict  # quick entry: player -> Declared, what the table said instead of cards


def read_inputs(g, rnd, c: Compiled, table: Table) -> Inputs:
    """The piles of those who play (never holding a card shown by a sitter), the events,
    what quick entry declared, ``check_calls`` and the carry."""
    piles = piles_of(g, rnd, table.active, required=False, deck=c.deck)
    for p, m in piles.items() if table.shown else ():
        if m & table.shown:
            bad = slugs_of(m & table.shown)[0]
            raise _err(said("Go-Stop: card {card!r} is in {player!r}'s captures and shown by "
                            "a player who sat out", card=bad, player=p), card=bad, player=p,
                       field=f"captures.{p}")
    events = events_of(g, rnd, table.active, copy=False)  # the replay only reads them
    declared = read_declared(rnd, c, table)
    if declared:
        check_no_sake_for_declared(rnd, events, declared)
    check = rnd.get("check_calls", True)
    if not isinstance(check, bool):
        raise _err(said("Go-Stop: checking the Go and Stop scores against the captures must "
                        "be on or off, not {value!r}", value=check), field="check_calls")
    carry = rnd.get("carry") or {}
    if not _is_map(carry):
        raise _err(said("Go-Stop: the previous round's carry must be given as that round "
                        "handed it on"), field="carry")
    carry_n = carry.get("nagari", 0)
    if not isinstance(carry_n, int) or isinstance(carry_n, bool) or carry_n < 0:
        raise _err(said("Go-Stop: in the previous round's carry, the nagari hands carried "
                        "must be a whole number, 0 or more, not {value!r}", value=carry_n),
                   field="carry.nagari")
    return _new(Inputs, (piles, events, check, carry_n, carry.get("compensation", []),
                         declared))


# =============================================================================================
# Phase 1, quick entry: what the table says instead of a player's cards (issue 9)
# =============================================================================================
# "declared": {"Ana": {"points": 7}, "Cy": {"gwang_bak": true, "pi_bak": true}}
# The winner's points, or their combinations by name ({"yaku": [{"yaku": "godori"}, {"yaku":
# "pi", "count": 12}]}), and each loser's penalties replace their captured cards. The calls
# stay events, so go-bak, dok-bak, the Go formulas and the nagari carry apply as with cards.
# Each declaration is checked alone here; who won is known only at the Stop
# (declared_at_stop).

class Declared(NamedTuple):
    """What the table said of one player instead of their cards."""
    points: int | None  # the winner's points as said
    yaku: tuple  # ((id, count or None), ...): the winner's combinations by name
    facts: dict  # each toggle given -> true or false

    @property
    def wins(self) -> bool:
        """Whether it says a winner's points (or combinations)."""
        return self.points is not None or bool(self.yaku)

    def said_on(self, names) -> list:
        """The facts among ``names`` the table said: points, combinations, a toggle on (a
        toggle off says nothing, so a form may send every toggle)."""
        return [k for k in names if (self.points is not None if k == "points" else
                                     bool(self.yaku) if k == "yaku" else self.facts.get(k))]


NO_PENALTY = Declared(None, (), {})  # a loser left out of a quick entry: no penalty said

# each toggle: (the option it needs, whether the rules in force have it). A toggle may be on
# only where its rule is in force; off is always accepted (there is nothing to apply).
_IN_FORCE = {
    "meong_dda": ("animal_double_mode",
                  lambda c: c.r.animal_double_mode in ("meong_dda_all", "both")),
    "joker_double": ("joker_abilities", lambda c: bool(c.ability["double"])),
    "holds_mission": ("missions", lambda c: c.r.missions),
    "holds_weol_yak_month": ("weol_yak_month", lambda c: c.r.weol_yak_month),
    "gwang_bak": ("gwang_bak_mode", lambda c: c.r.gwang_bak_mode != "off"),
    "pi_bak": ("pi_bak_threshold", lambda c: True),
    "meong_bak": ("animal_double_mode",
                  lambda c: c.r.animal_double_mode in ("meong_bak_only", "both")),
    "tti_bak": ("tti_bak", lambda c: c.r.tti_bak),
    "no_captures": ("no_captures_no_pay", lambda c: c.r.no_captures_no_pay),
    "joker_deny": ("joker_abilities", lambda c: bool(c.ability["deny_losses"])),
}
# each toggle in words, for the sentences that name it
FACT_WORDS = {"meong_dda": "meong-dda", "joker_double": "double joker",
              "holds_mission": "mission cards", "holds_weol_yak_month": "weol-yak month",
              "gwang_bak": "gwang-bak", "pi_bak": "pi-bak", "meong_bak": "meong-bak",
              "tti_bak": "tti-bak", "no_captures": "no-captures exemption",
              "joker_deny": "deny-losses joker"}
_YAKU_IDS = tuple(y.id for y in YAKU)
_FIXED_POINTS = {"sam_gwang": 3, "bi_sam_gwang": 2, "hong_dan": 3, "cheong_dan": 3,
                 "cho_dan": 3}
# the option without which (or with which, for sa_gwang) a combination does not score
_YAKU_OPTION = {"sa_gwang": "dry_four_not_yaku", "yukdori": "yukdori_bidori",
                "bidori": "yukdori_bidori", "vip_ssangpi": "vip_ssangpi",
                "palssari": "palssari"}
_RIBBON_SETS = ("hong_dan", "cheong_dan", "cho_dan")
_BIRD_ROWS = ("godori", "yukdori", "bidori")


def yaku_points(c: Compiled, yid, n=None):
    """A combination said by name: its points under the rules in force (section 4), from its
    count for yul, tti and pi; None where these rules do not score it."""
    if yid in COUNTED:
        return n - COUNTED[yid][0] + 1
    return {"o_gwang": c.o_gwang, "sa_gwang": None if c.dry_four_not_yaku else c.sa_gwang,
            "bi_sa_gwang": c.bi_sa_gwang, "godori": c.godori_points,
            "yukdori": 6 if c.yukdori else None, "bidori": 4 if c.yukdori else None,
            "vip_ssangpi": 3 if c.vip else None, "palssari": 8 if c.palssari else None,
            }.get(yid, _FIXED_POINTS.get(yid))


def read_declared(rnd, c: Compiled, table: Table) -> dict:
    """{player: Declared}: each declaration checked alone, for a player who plays the hand
    and whose cards are not given as well."""
    raw = rnd.get("declared")
    if raw is None:
        return {}
    if not _is_map(raw):
        raise _err(said("Go-Stop: quick entry must name each player with what the table "
                        "said of them: the winner's points, or a loser's penalties"),
                   field="declared")
    caps = rnd.get("captures")
    out = {}
    for p, rec in raw.items():
        if p not in table.active:
            raise _err(said("declared names {player}, who does not play this hand",
                            player=p), player=str(p), field=f"declared.{p}")
        if _is_map(caps) and p in caps:
            raise _err(said("{player}'s captured cards and declared facts are both given: "
                            "keep one of them (cards or quick entry)", player=p),
                       player=p, field=f"declared.{p}")
        out[p] = _declared_of(c, p, rec)
    return out


def _declared_of(c: Compiled, p, rec) -> Declared:
    """One player's declaration: known facts, each of the right kind and in force, then the
    combinations, then whether the facts agree with each other."""
    if not _is_map(rec):
        raise _err(said("{player}'s quick entry must say what the table said of them: "
                        "their points if they won, or their penalties", player=p), player=p,
                   field=f"declared.{p}")
    for key, value in rec.items():
        _check_fact(c, p, key, value)
    if "points" in rec and "yaku" in rec:
        raise _err(said("{player}'s points and combinations are both declared: give one of "
                        "them", player=p), player=p, field=f"declared.{p}.yaku")
    yaku = _declared_yaku(c, p, rec["yaku"]) if "yaku" in rec else ()
    d = Declared(rec.get("points"), yaku, {k: v for k, v in rec.items() if k in _IN_FORCE})
    lost = d.said_on(LOSER_FACTS)
    if d.said_on(WINNER_FACTS) and lost:
        raise _err(said("{player}'s declaration gives both a winner's points and a loser's "
                        "penalties: points are said for the winner, penalties for each loser",
                        player=p), player=p, field=f"declared.{p}.{lost[0]}")
    _check_meong_dda(c, p, d)
    return d


def _check_fact(c: Compiled, p, key, value):
    """A fact quick entry reads, of the right kind; a toggle on only under its rule."""
    where = f"declared.{p}.{key}"
    if key == "go_bak":
        raise _err(said("{player}'s go-bak follows from their Go events: record their Go "
                        "instead of declaring go-bak", player=p), player=p, field=where)
    if key == "points":
        return _check_points(c, p, value)
    if key == "yaku":
        return None  # read by _declared_yaku
    if key not in _IN_FORCE:
        raise _err(said("{player}'s quick entry has {key!r}, which it does not read: give "
                        "points or combinations for the winner, penalties for a loser",
                        player=p, key=key), player=p, field=where,
                   known=WINNER_FACTS + LOSER_FACTS)
    if not isinstance(value, bool):
        raise _err(said("{player}'s {fact} must be on or off, not {value!r}", player=p,
                        fact=said(FACT_WORDS[key]), value=value), player=p, field=where)
    option, in_force = _IN_FORCE[key]
    if value and not in_force(c):
        raise _err(said("{player}'s {fact} is on, but the house rules of this game do not have "
                        "it: turn it off, or change the house rules", player=p,
                        fact=said(FACT_WORDS[key])), player=p, option=option, field=where)
    return None


def _check_points(c: Compiled, p, value):
    """Points a hand can reach: a whole number up to what the whole deck scores."""
    most = evaluate_pile(c.deck, c).points
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= most:
        raise _err(said("{player}'s declared points must be a whole number from 0 to {most} "
                        "(the most a hand can score under these rules), not {value!r}",
                        player=p, most=most, value=value), player=p,
                   field=f"declared.{p}.points")


def _declared_yaku(c: Compiled, p, entries) -> tuple:
    """((id, count or None), ...): each combination known, in force, named once, with its
    count where it grows; then the combinations checked together."""
    if not isinstance(entries, list):
        raise _err(said("{player}'s declared combinations must be a list, each naming a "
                        "combination and, where it grows, its count", player=p), player=p,
                   field=f"declared.{p}.yaku")
    rows = []
    for i, e in enumerate(entries):
        yid, n = _yaku_entry(c, p, i, e)
        if any(y == yid for y, _ in rows):
            raise _err(said("{player}'s combinations name {yaku} twice", player=p,
                            yaku=NAMES[yid]["en"]),
                       player=p, rule=yid, field=f"declared.{p}.yaku.{i}.yaku")
        rows.append((yid, n))
    _check_groups(p, [y for y, _ in rows])
    _check_counts_together(c, p, dict(rows))
    return tuple(rows)


def _yaku_entry(c: Compiled, p, i, e):
    """One combination said by name: (id, count or None)."""
    where = f"declared.{p}.yaku.{i}"
    if not _is_map(e) or set(e) - {"yaku", "count"}:
        raise _err(said("{player}'s combination {i} must name the combination and, where it "
                        "grows, its count", player=p, i=ordinal(i)), player=p, field=where)
    yid, n = e.get("yaku"), e.get("count")
    if not isinstance(yid, str) or yid not in _YAKU_IDS:
        raise _err(said("{player}'s combination {i}: {value!r} is not a Go-Stop combination",
                        player=p, i=ordinal(i), value=yid), player=p, known=_YAKU_IDS,
                   field=f"{where}.yaku")
    if yid not in COUNTED and yaku_points(c, yid) is None:
        raise _err(said("{player}'s {yaku} does not score under the house rules of this game: "
                        "leave it out, or change the house rules", player=p,
                        yaku=NAMES[yid]["en"]), player=p, rule=yid, option=_YAKU_OPTION[yid],
                   field=f"{where}.yaku")
    _check_count(c, p, yid, n, f"{where}.count")
    return yid, n


def _check_count(c: Compiled, p, yid, n, where):
    """yul, tti and pi grow with what they count, within what the deck holds; the other
    combinations take no count."""
    if yid not in COUNTED:
        if n is not None:
            raise _err(said("{player}'s {yaku} takes no count: leave the count out",
                            player=p, yaku=NAMES[yid]["en"]), player=p, rule=yid, field=where)
        return
    least, most = _count_range(c, yid)
    if n is None:
        raise _err(said("{player}'s {yaku} grows with its cards: give its count ({least} or "
                        "more)", player=p, yaku=NAMES[yid]["en"], least=least), player=p,
                   rule=yid, field=where)
    if isinstance(n, int) and not isinstance(n, bool) and least <= n <= most:
        return
    kw = {"player": p, "least": least, "most": most, "count": n}
    raise _err(said("{player} can hold {least} to {most} animals, not {count!r}", **kw)
               if yid == "yul" else
               said("{player} can hold {least} to {most} ribbons, not {count!r}", **kw)
               if yid == "tti" else
               said("{player} can hold a junk value of {least} to {most}, not {count!r}", **kw),
               player=p, rule=yid, field=where)


def _count_range(c: Compiled, yid):
    """(least, most) of a growing combination's count: the deck's animals, ribbons, or the
    junk value of every junk card in play, flexible cards as junk (2.2, 2.3)."""
    if yid == "yul":
        return 5, (c.animals | c.flex_mask).bit_count()
    if yid == "tti":
        return 5, RIBBONS.bit_count()
    return 10, c.counts(c.deck, c.flex_mask)[1]


def _check_groups(p, ids):
    """Only one bright combination scores, and one bird combination (section 4)."""
    for group, template in ((BRIGHT_ROWS, "{player}'s {yaku} and {other_yaku} are both "
                                          "bright combinations: only one scores, the one for "
                                          "the brights held"),
                            (_BIRD_ROWS, "{player}'s {yaku} and {other_yaku} are both bird "
                                         "combinations: only one scores")):
        found = [y for y in ids if y in group]
        if len(found) > 1:
            raise _err(said(template, player=p, yaku=NAMES[found[0]]["en"],
                            other_yaku=NAMES[found[1]]["en"]), player=p, rule=found[1],
                       field=f"declared.{p}.yaku")


def _check_counts_together(c: Compiled, p, rows: dict):
    """What the combinations hold together: two ribbon sets are 6 ribbons, so tti scores
    too; a flexible card is an animal or junk, never both (2.3)."""
    n = 3 * sum(y in rows for y in _RIBBON_SETS)
    tti = NAMES["tti"]["en"]
    if n >= 5 and "tti" not in rows:
        raise _err(said("{player}'s ribbon sets hold {n} ribbons, so {yaku} scores too: add "
                        "{yaku} with a count of {n} or more", player=p, n=n, yaku=tti),
                   player=p, rule="tti", field=f"declared.{p}.yaku")
    if n >= 5 and rows["tti"] < n:
        raise _err(said("{player}'s {yaku} counts {count} ribbons, but their ribbon sets "
                        "alone hold {n}", player=p, count=rows["tti"], n=n, yaku=tti),
                   player=p, rule="tti", field=f"declared.{p}.yaku")
    if "yul" in rows and "pi" in rows and rows["pi"] > _most_junk_beside(c, rows["yul"]):
        raise _err(said("{player}'s {animals} animals and junk value {junk} cannot both be "
                        "held: a card counts as an animal or as junk, not both", player=p,
                        animals=rows["yul"], junk=rows["pi"]), player=p, rule="pi",
                   field=f"declared.{p}.yaku")


def _most_junk_beside(c: Compiled, animals):
    """The most junk value a pile holds beside ``animals`` animals: the flexible cards the
    animals need are not junk (the cheapest go to the animals)."""
    as_animals = max(0, animals - c.animals.bit_count())
    values = sorted(v for _, v, _ in c.flex)
    return c.counts(c.deck, 0)[1] + sum(values[as_animals:])


def _check_meong_dda(c: Compiled, p, d: Declared):
    """With the combinations said, meong-dda (where the rules have it) follows from the yul
    count: a given toggle must agree with it."""
    if not d.yaku or "meong_dda" not in d.facts or not _IN_FORCE["meong_dda"][1](c):
        return
    animals = dict(d.yaku).get("yul") or 0
    if d.facts["meong_dda"] and animals < 7:
        raise _err(said("{player}'s meong-dda is on, but their combinations hold fewer than 7 "
                        "animals: add {yaku} with 7 or more, or turn meong-dda off", player=p,
                        yaku=NAMES["yul"]["en"]), player=p, field=f"declared.{p}.meong_dda")
    if not d.facts["meong_dda"] and animals >= 7:
        raise _err(said("{player}'s combinations hold {animals} animals, so meong-dda "
                        "applies: turn meong-dda on, or leave it out", player=p,
                        animals=animals), player=p, field=f"declared.{p}.meong_dda")


def check_no_sake_for_declared(rnd, events, declared):
    """How a declared player's sake cup counts is already in what was said of them."""
    if not declared:
        return
    raw = rnd.get("sake_as")
    named = [(p, f"sake_as.{p}") for p in raw] if _is_map(raw) else []
    named += [(ev.get("player"), f"events.{i}") for i, ev in enumerate(events)
              if ev["type"] == "sake_designation"]
    for p, where in named:
        if p in declared:
            raise _err(said("{player}'s facts were declared, so how their sake cup counts is "
                            "already in them: remove the sake cup's designation, or enter "
                            "{player}'s cards", player=p), player=p, field=where)


# =============================================================================================
# Phase 2: check it: replay the events
# =============================================================================================

class Hand(NamedTuple):
    """The hand as its events tell it, once replayed."""
    target: int  # the Stop target (5.1)
    gos: dict  # player -> the scores of their Go calls, in order (a tuple)
    heundeum: dict  # player -> months shown (a tuple)
    bombs: dict  # player -> months bombed (a tuple)
    offers: tuple  # refused nagari offers: (offerer, refuser, index, lapsed at or None)
    oe: tuple  # (index, event) of each oe-myeon
    sake_as: dict  # sake_designation events: player -> animal or junk
    weol: frozenset  # who made weol-yak on the first turn
    junk: tuple  # junk steals: (event type, from, to, junk)
    last_owner: dict  # card bit -> (to, index) of its last junk_transfer
    instant: tuple  # Payments made at once (3.8, 6.4)
    end: tuple  # (kind, data) of how the hand ended
    fours: tuple  # (player, index) of each four in hand
    go_index: dict  # first Go event of each player (5.7 go-bak suspension)
    reverse_go: frozenset  # who said Go after an opponent had (reverse Go, a variant)


class _Replay:
    """The hand while its events are replayed: what the event handlers read and record.
    Only ``replay_events`` and its handlers see it; it leaves as a frozen ``Hand``."""
    __slots__ = ("r", "c", "active", "dealer", "check", "target", "gos", "heundeum",
                 "bombs", "passes", "ppuks", "stacks", "offers", "oe", "sake_as", "weol",
                 "junk", "last_owner", "instant", "end", "fours", "go_index", "reverse_go")

    def __init__(self, c: Compiled, active, dealer, check):
        r = self.r = c.r
        self.c, self.active, self.dealer, self.check = c, active, dealer, check
        self.target = r.stop_threshold_2p if len(active) == 2 else r.stop_threshold_3p
        # player -> a tuple, replaced as a call comes (most players make none)
        self.gos = dict.fromkeys(active, ())
        self.heundeum = dict.fromkeys(active, ())
        self.bombs = dict.fromkeys(active, ())
        # player -> how many so far (a player not in them: none yet); the events that count
        # name a player at the table (events_of checks it)
        self.passes, self.ppuks, self.stacks = {}, {}, {}
        self.offers = []  # [offerer, refuser, index, lapsed_at]
        self.oe = []
        self.sake_as = {}
        self.weol = set()
        self.junk = []
        self.last_owner = {}
        self.instant = []
        self.end = None
        self.fours = []
        self.go_index = {}
        self.reverse_go = set()

    def chips(self, p, amount, why):
        """Instant chips: each opponent pays ``p`` at once (3.8, 6.4)."""
        for q in self.active:
            if q != p:
                self.instant.append(Payment(q, p, amount, why))

    def steal(self, ev, p, n):
        """Each opponent owes ``p`` ``n`` junk (6.5): bookkeeping for the table."""
        if n:
            for q in self.active:
                if q != p:
                    self.junk.append((ev["type"], q, p, n))

    def frozen(self) -> Hand:
        return _new(Hand, (
            self.target, self.gos, self.heundeum, self.bombs,
            tuple(tuple(o) for o in self.offers) if self.offers else (), tuple(self.oe),
            self.sake_as, frozenset(self.weol) if self.weol else _NO_ONE, tuple(self.junk),
            self.last_owner, tuple(self.instant), self.end, tuple(self.fours), self.go_index,
            frozenset(self.reverse_go) if self.reverse_go else _NO_ONE))


_NO_ONE = frozenset()


_AFTER_END_OK = {"four_in_hand"}  # a second four in hand may still be shown
# the events that end a hand, as the sentence asking for one names them
_ENDS = {"stop": "stop", "nagari": "nagari", "four": "four_in_hand", "void": "void_deal",
         "table": "four_on_table"}


def replay_events(c: Compiled, active, dealer, events, check) -> Hand:
    """Replay the events in order, each checked as it comes (Go validation 5.2, instant chips
    6.4, junk-steal bookkeeping 6.5); the hand must end, and nothing may follow its end."""
    h = _Replay(c, active, dealer, check)
    for i, ev in enumerate(events):
        t = ev["type"]
        p = ev.get("player")
        if h.end is not None and not (t in _AFTER_END_OK and h.end[0] == "four"):
            j = h.end[1]['index']
            raise _err(said("{at}it comes after the hand ended at event {j}, \"{end}\"",
                            at=_at(i, t), j=ordinal(j), end=event_words(events[j]["type"])),
                       event=t, field=f"events.{i}")
        on_event = _ON_EVENT.get(t)
        if on_event is not None:
            on_event(h, i, ev, p)
    if h.end is None:
        raise _err(said("Go-Stop: the round has no end: add a \"{stop}\", \"{nagari}\", "
                        "\"{four}\", \"{void}\" or \"{table}\" event",
                        **{k: event_words(e) for k, e in _ENDS.items()}),
                   field="events", known=tuple(_ENDS.values()))
    return h.frozen()


# -- the calls (5.1, 5.2) ---------------------------------------------------------------------

def _on_go(h, i, ev, p):
    """A Go call. Its score is optional (a table taps the Go first and may never count): when
    given, it is checked, unless check_calls is off."""
    s = _int(ev, "score", i)
    g = h.gos[p]
    if h.check and s is not None:
        _check_go(h.target, _given(g), p, s, i)
    if any(q != p for q in h.go_index):  # an opponent said Go before
        h.reverse_go.add(p)  # a Go answering an opponent's Go: reverse Go (yeokgo)
    h.gos[p] = (*g, s)
    h.go_index.setdefault(p, i)


def _given(scores):
    """The Go scores the table gave (a Go's score may be left out)."""
    return [s for s in scores if s is not None]


def _check_go(target, earlier, p, s, i):
    """5.2: a Go needs the Stop target; each one more points than the last Go with a score."""
    if not earlier and s < target:
        raise _err(said("{player} cannot say Go at {score} points, below the Stop target "
                        "{target}: check the Go's score", player=p, score=s, target=target),
                   player=p, rule="go", field=f"events.{i}.score")
    if earlier and s <= earlier[-1]:
        raise _err(said("{player} said Go at {last} points before, so the next Go needs more "
                        "than {last} points, not {score}: check the Go's score", player=p,
                        last=earlier[-1], score=s), player=p, rule="go",
                   field=f"events.{i}.score")


def _needs_rule(i, t, option):
    """An event that counts only under a house rule which is off."""
    return said("{at}this event counts only under the house rule \"{rule}\"", at=_at(i, t),
                rule=rule_words(GID, option))


def _on_stop(h, i, ev, p):  # stop, winning_brights
    t = ev["type"]
    if t == "winning_brights" and not h.r.winning_brights:
        raise _err(_needs_rule(i, t, "winning_brights"), option="winning_brights",
                   event=t, field=f"events.{i}")
    h.end = ("stop", {"index": i, "player": p, "score": _int(ev, "score", i),
                      "type": t})


# -- shaking, bombs, stacks (3.6, 6.4) --------------------------------------------------------

def _on_heundeum(h, i, ev, p):
    m = _month(ev, i)
    turn = _int(ev, "turn", i, minimum=1)
    if m in h.heundeum[p]:
        raise _err(said("{at}{player!r} already showed {month}", at=_at(i), player=p,
                        month=m), player=p,
                   field=f"events.{i}.month")
    if h.r.heundeum_timing == "deal_only" and turn is not None and turn > 1:
        raise _err(said("{at}heundeum is shown only after the deal under these house rules "
                        "(\"{rule}\"), not on turn {turn}", at=_at(i), turn=turn,
                        rule=rule_words(GID, "heundeum_timing")), player=p,
                   option="heundeum_timing", field=f"events.{i}.turn")
    h.heundeum[p] += (m,)


def _on_bomb(h, i, ev, p):
    r = h.r
    m = _month(ev, i)
    if m in h.heundeum[p] and not r.bomb_with_declared_triple:
        raise _err(said("{at}{player!r} declared {month} as heundeum and may not "
                        "bomb with it: the house rule \"{rule}\" is off",
                        at=_at(i), player=p, month=m,
                        rule=rule_words(GID, "bomb_with_declared_triple")), player=p,
                   option="bomb_with_declared_triple", field=f"events.{i}")
    if m in h.bombs[p]:
        raise _err(said("{at}{player!r} bombed {month} twice", at=_at(i), player=p,
                        month=m), player=p,
                   field=f"events.{i}.month")
    h.bombs[p] += (m,)
    h.steal(ev, p, 1 if r.bomb_steals_junk else 0)


def _on_pass_hand_play(h, i, ev, p):
    h.passes[p] = h.passes.get(p, 0) + 1
    if h.r.bomb_draw_mode != "one_plus_two_skips" or h.passes[p] > 2 * len(h.bombs[p]):
        raise _err(said("{at}{player!r} may skip a hand play only after a bomb, at "
                        "most twice per bomb, and only under some house rules (\"{rule}\")",
                        at=_at(i), player=p, rule=rule_words(GID, "bomb_draw_mode")),
                   player=p, option="bomb_draw_mode",
                   field=f"events.{i}")


def _on_ppuk(h, i, ev, p):
    """A first-turn ppuk may pay chips (3.8); the third ppuk wins the hand at once (6.4),
    unless the table plays on (three_ppuk_ends_hand off). Some tables make each opponent
    give the maker junk (ppuk_steals_junk)."""
    r = h.r
    turn = _int(ev, "turn", i, minimum=1)
    h.ppuks[p] = h.ppuks.get(p, 0) + 1
    h.steal(ev, p, r.ppuk_steals_junk)
    if turn == 1 and r.first_turn_ppuk_chips:
        h.chips(p, r.first_turn_ppuk_chips, said("first-turn ppuk"))
    if h.ppuks[p] != 3:
        return
    if r.three_ppuk_ends_hand:
        h.chips(p, r.three_ppuk_chips, said("third ppuk: the hand ends"))
        h.end = ("three_ppuk", {"index": i, "player": p})
    elif r.three_ppuk_chips:
        h.chips(p, r.three_ppuk_chips, said("third ppuk: play goes on (the table plays on "
                                            "after a third ppuk)"))


def _on_stack_capture(h, i, ev, p):  # stack_capture, ja_ppuk
    """Taking a stack steals junk (6.5): more when one's own stack (ja-ppuk) or with hiki."""
    r = h.r
    t = ev["type"]
    creator = p if t == "ja_ppuk" else ev.get("creator", "dealt")
    if creator != "dealt" and creator not in h.active:
        raise _err(said("{at}who made the stack, {player!r}, is not at the table: name a "
                        "player, or \"{dealt}\" for a stack dealt to the layout", at=_at(i),
                        player=creator, dealt=named("dealt")),
                   player=creator,
                   field=f"events.{i}.creator")
    h.stacks[p] = h.stacks.get(p, 0) + 1
    if creator == "dealt" and r.stack_capture_steals == "created_only":
        n = 0
    else:
        n = 2 if r.hiki_bonus else 1
        if creator == p:
            n = max(n, r.ja_ppuk_junk)
    if r.triple_hiki and h.stacks[p] == 3:
        n += 2  # 10 A18: once, at the third capture
    h.steal(ev, p, n)


def _on_layout_steal(h, i, ev, p):  # sseul, chok, ttadak
    """One junk from each opponent, except on the last turn (6.5)."""
    last = _bool(ev, "last_turn", i)
    off = (ev["type"] == "sseul" and not h.r.sseul_steals) or \
        (ev["type"] == "chok" and not h.r.chok_steals)
    n = 0 if last or off else 1
    h.steal(ev, p, n)


# -- jokers and junk (2.4, 6.5) ---------------------------------------------------------------

def _on_joker(h, i, ev, p):  # joker_capture, joker_from_layout
    c = h.c
    card = ev.get("card")
    if card not in c.jokers:
        raise _err(said("{at}{card!r} is not a bonus card in play under these house rules",
                        at=_at(i), card=card), card=str(card), known=sorted(c.jokers),
                   option="joker_table", field=f"events.{i}.card")
    if ev["type"] == "joker_from_layout" and p != h.dealer:
        raise _err(said("{at}a joker dealt to the layout goes to the dealer "
                        "{dealer!r}, not {player!r}", at=_at(i), dealer=h.dealer,
                        player=p), player=p, field=f"events.{i}")
    if c.jokers[card][1] == "boss_junk":
        h.steal(ev, p, 1)


def _on_junk_transfer(h, i, ev, p):
    """Records where a junk card went last; the Stop checks it against the final piles."""
    c = h.c
    giver, card = ev.get("from"), ev.get("card")
    if giver not in h.active or giver == p:
        raise _err(said("{at}who gives the card, {player!r}, must be another player at "
                        "the table", at=_at(i, ev["type"]), player=giver), player=giver,
                   field=f"events.{i}.from")
    bit = BIT.get(card) if isinstance(card, str) else None
    if bit is None or not bit & (c.junk_cards | c.flex_mask):
        raise _err(said("{at}{card!r} is not a junk card in play", at=_at(i),
                        card=card), card=str(card), field=f"events.{i}.card")
    h.last_owner[bit] = (p, i)


def _on_sake_designation(h, i, ev, p):
    a = ev.get("as")
    if a not in ("animal", "junk"):
        raise _err(said("{at}say whether the sake cup counts as an animal or as junk",
                        at=_at(i, ev["type"])), player=p, known=("animal", "junk"),
                   field=f"events.{i}.as")
    h.sake_as[p] = a


# -- ends without a Stop (3.3, 3.4, 6.6) ------------------------------------------------------

def _on_four_in_hand(h, i, ev, p):
    """Four of a month in hand (3.4): the first one shown ends the hand; others may follow."""
    _month(ev, i)
    if any(q == p for q, _ in h.fours):
        raise _err(said("{at}{player!r} already showed four", at=_at(i), player=p),
                   player=p,
                   field=f"events.{i}")
    h.fours.append((p, i))
    h.end = ("four", {"index": h.fours[0][1], "player": h.fours[0][0]})


def _on_four_on_table(h, i, ev, p):
    h.end = ("four_on_table", {"index": i})


def _on_void_deal(h, i, ev, p):
    reason = ev.get("reason", "four_in_layout")
    if reason == "four_pairs" and not h.r.misdeal_four_pairs:
        raise _err(said("{at}a misdeal for a hand of four pairs counts only under the house "
                        "rule \"{rule}\"", at=_at(i, ev["type"]),
                        rule=rule_words(GID, "misdeal_four_pairs")), option="misdeal_four_pairs",
                   field=f"events.{i}.reason")
    h.end = ("void", {"index": i, "reason": reason})


def _on_nagari(h, i, ev, p):
    h.end = ("nagari", {"index": i, "reason": ev.get("reason", "cards_exhausted")})


# -- nagari offers and oe-myeon: who pays for both (5.7) --------------------------------------

def _on_syodang_offer(h, i, ev, p):
    """Accepted by both, the hand is a nagari; refused, the refuser may pay for both."""
    if len(h.active) != 3:
        raise _err(said("{at}a nagari (syodang) may be offered only with 3 players",
                        at=_at(i)), player=p, field=f"events.{i}")
    ref = ev.get("refused_by")
    if ref is None:
        h.end = ("nagari", {"index": i, "reason": "syodang_accepted"})
    else:
        if ref not in h.active or ref == p:
            raise _err(said("{at}who refused, {player!r}, must be one of the two other "
                            "players", at=_at(i, ev["type"]), player=ref), player=ref,
                       field=f"events.{i}.refused_by")
        h.offers.append([p, ref, i, None])


def _on_syodang_lapsed(h, i, ev, p):
    open_ = [o for o in h.offers if o[3] is None]
    if not open_:
        raise _err(said("{at}no refused nagari offer is in effect", at=_at(i)),
                   field=f"events.{i}")
    open_[-1][3] = i


def _on_oe_myeon(h, i, ev, p):
    kind = ev.get("kind", "played_unmatched")
    if kind not in ("played_unmatched", "left_capturable"):
        raise _err(said("{at}how the card was left must be \"{played}\" or \"{left}\"",
                        at=_at(i, ev["type"]), played=named("played unmatched"),
                        left=named("left capturable")),
                   known=("played_unmatched", "left_capturable"), field=f"events.{i}.kind")
    card = ev.get("card")
    if not isinstance(card, str) or card not in CARD:
        raise _err(said("{at}unknown card {card!r}", at=_at(i), card=card),
                   card=str(card),
                   field=f"events.{i}.card")
    for k in ("last_card", "offered_draw", "same_result"):
        _bool(ev, k, i)
    h.oe.append((i, ev))


# -- chips paid at once: the first-turn variants (3.8) and the ppuk runs of score apps ---------

# event -> (option with the chips, the payment's reason)
_CHIP_EVENTS = {"first_turn_four_capture": ("first_turn_four_capture_chips",
                                            "all four of a month on the first turn"),
                "first_turn_chok": ("first_turn_chok_chips", "chok on the first turn"),
                "boar_first_turn": ("boar_first_turn_chips", "the boar taken on the first turn"),
                "boar_capture": ("boar_first_turn_chips", "the boar taken on the first turn"),
                # a run of ppuk pays and play goes on, unlike a third ppuk (6.4)
                "yeon_ppuk": ("yeon_ppuk_chips", "yeon-ppuk: a second ppuk in a row"),
                "sam_yeon_ppuk": ("sam_yeon_ppuk_chips",
                                  "sam-yeon-ppuk: three ppuk in a row")}


def _on_first_turn_chips(h, i, ev, p):
    t = ev["type"]
    opt, why = _CHIP_EVENTS[t]
    if not getattr(h.r, opt):
        raise _err(said("{at}this event pays nothing unless the house rule \"{rule}\" "
                        "sets its chips", at=_at(i, t), rule=rule_words(GID, opt)),
                   option=opt, event=t, field=f"events.{i}")
    h.chips(p, getattr(h.r, opt), said(why))


def _on_weol_yak_first_turn(h, i, ev, p):
    if not h.r.weol_yak_first_turn:
        raise _err(_needs_rule(i, ev["type"], "weol_yak_first_turn"),
                   option="weol_yak_first_turn", event=ev["type"], field=f"events.{i}")
    h.weol.add(p)


def _on_baek_hwa_jeom(h, i, ev, p):
    if not h.r.baek_hwa_jeom:
        raise _err(_needs_rule(i, ev["type"], "baek_hwa_jeom"),
                   option="baek_hwa_jeom", event=ev["type"], field=f"events.{i}")
    h.steal(ev, p, 1)


_ON_EVENT = {
    "go": _on_go, "stop": _on_stop, "winning_brights": _on_stop,
    "heundeum": _on_heundeum, "bomb": _on_bomb, "pass_hand_play": _on_pass_hand_play,
    "ppuk": _on_ppuk, "stack_capture": _on_stack_capture, "ja_ppuk": _on_stack_capture,
    "sseul": _on_layout_steal, "chok": _on_layout_steal, "ttadak": _on_layout_steal,
    "joker_capture": _on_joker, "joker_from_layout": _on_joker,
    "junk_transfer": _on_junk_transfer, "sake_designation": _on_sake_designation,
    "four_in_hand": _on_four_in_hand, "four_on_table": _on_four_on_table,
    "void_deal": _on_void_deal, "nagari": _on_nagari,
    "syodang_offer": _on_syodang_offer, "syodang_lapsed": _on_syodang_lapsed,
    "oe_myeon": _on_oe_myeon,
    **{t: _on_first_turn_chips for t in _CHIP_EVENTS},
    "weol_yak_first_turn": _on_weol_yak_first_turn, "baek_hwa_jeom": _on_baek_hwa_jeom,
}


# -- a Stop, against the captures or what was declared (5.1, 5.2, 5.7, 6.5) -----------------

def declared_at_stop(rnd, h: Hand, active, declared) -> dict:
    """Quick entry at the Stop, once the winner is known: {player: Declared} of those the
    table declared. The winner's says points (or combinations), a loser's no winner's fact;
    a loser left out of a quick entry has no penalty."""
    W = h.end[1]["player"]
    dW = declared.get(W)
    if dW is not None and not dW.wins:
        raise _err(said("{player} said Stop: declare their points, or their combinations by "
                        "name", player=W), player=W, field=f"declared.{W}")
    if not declared:  # cards only: nothing said to check
        return declared
    caps = rnd.get("captures") or {}
    for L in active:
        if L != W:
            _check_loser_declared(L, W, declared.get(L), dW, L in caps)
    if dW is None:
        return declared
    return {p: declared.get(p, NO_PENALTY) for p in active if p in declared or p not in caps}


def _check_loser_declared(L, W, dL, dW, carded):
    """A loser's declaration gives penalties, never points; and the winner's points alone do
    not say which combinations scored, so a loser's penalties cannot be read from cards."""
    won = dL.said_on(WINNER_FACTS) if dL is not None else []
    if won:
        raise _err(said("{player} lost the hand ({winner} said Stop): a winner's points are "
                        "declared only for the winner; give {player}'s penalties", player=L,
                        winner=W), player=L, field=f"declared.{L}.{won[0]}")
    if carded and dW is not None and not dW.yaku:
        raise _err(said("{winner}'s points were declared without their combinations, so "
                        "{player}'s penalties cannot be read from {player}'s cards: declare "
                        "{player}'s penalties, or {winner}'s combinations by name", player=L,
                        winner=W), player=L, field=f"captures.{L}")


def check_stop_piles(rnd, h: Hand, active, piles, declared):
    """A Stop settles on every pile at the table (or what was declared instead), and the last
    receiver of each junk_transfer must hold the card at the end."""
    W = h.end[1]["player"]
    caps = rnd.get("captures") or {}
    for p in active:
        if p in caps or p in declared:
            continue
        raise _err(said("Go-Stop: a Stop needs {player!r}'s captures: enter their captured "
                        "cards, or declare their points (quick entry)", player=p) if p == W else
                   said("Go-Stop: a Stop needs {player!r}'s captures for the penalties: enter "
                        "their captured cards, or declare their penalties (quick entry)",
                        player=p),
                   player=p, field=f"captures.{p}")
    for bit, (to, i) in h.last_owner.items():
        if to not in declared and not piles[to] & bit:
            raise _err(said("Go-Stop: event {i} gives {card!r} to {player!r}, but it is "
                            "not in {player!r}'s final captures", i=ordinal(i),
                            card=slugs_of(bit)[0], player=to), player=to,
                       card=slugs_of(bit)[0], field=f"events.{i}")


def check_winning_brights(c: Compiled, h: Hand, W, mW, dW):
    """A winning_brights Stop (a variant) needs all five brights: in the cards, among the
    declared combinations, or at least the five brights' points declared."""
    if h.end[1]["type"] != "winning_brights":
        return
    if dW is not None and dW.points is not None:
        if dW.points < c.o_gwang:
            raise _err(said("{player} ended the hand with five brights, but the declared "
                            "{points} points are fewer than five brights score ({least}): "
                            "check the declared points", player=W,
                            points=dW.points, least=c.o_gwang), player=W,
                       rule="winning_brights", field=f"declared.{W}.points")
        return
    five = "o_gwang" in dict(dW.yaku) if dW is not None else mW & BRIGHTS == BRIGHTS
    if not five:
        raise _err(said("Go-Stop: {player!r} ended the hand with \"{event}\" without all five "
                        "brights", player=W, event=event_words("winning_brights")), player=W,
                   rule="winning_brights", event="winning_brights",
                   field=f"events.{h.end[1]['index']}")


def declared_sake(rnd, h: Hand, active) -> dict:
    """{player: SAKE if the sake cup was declared junk, else 0} (2.3, 4): the round's
    ``sake_as`` first, then the sake_designation events."""
    forced = {}
    raw_as = rnd.get("sake_as") or {}
    if not raw_as and not h.sake_as:  # nobody said how their sake cup counts
        return forced
    if not _is_map(raw_as):
        raise _err(said("Go-Stop: how the sake cup counts must be given per player, as an "
                        "animal or as junk"), field="sake_as")
    for p, a in list(raw_as.items()) + list(h.sake_as.items()):
        if p not in active or a not in ("animal", "junk"):
            raise _err(said("Go-Stop: {player!r} does not play this hand, so how their sake "
                            "cup counts cannot be given", player=p) if p not in active else
                       said("Go-Stop: {player}'s sake cup counts as an animal or as junk, "
                            "not {value!r}", player=p, value=a), player=p,
                       known=("animal", "junk"), field=f"sake_as.{p}")
        forced[p] = SAKE if a == "junk" else 0
    return forced


def check_stop_calls(h: Hand, W, best_ps, quick=False):
    """The Stop against the captures, or the declared points (``quick``), unless check_calls
    is off: the target reached (5.1), more than the last Go with a score (5.2), and the
    stated score, if any, the one the captures give."""
    G = _given(h.gos[W])
    where = f"declared.{W}" if quick else f"captures.{W}"
    if best_ps < h.target:
        raise _err(said("{player} cannot stop with {score} declared points: the Stop target "
                        "is {target}. Check the declared points", player=W, score=best_ps,
                        target=h.target) if quick else
                   said("{player} cannot stop with {score} points: the Stop target is "
                        "{target}. Check {player}'s cards", player=W, score=best_ps,
                        target=h.target), player=W, rule="stop", field=where)
    if G and best_ps <= G[-1]:
        raise _err(said("{player} said Go at {last} points, so the Stop needs more than "
                        "{last} points, and the declared points are {score}: check the Go's "
                        "score or the declared points", player=W, last=G[-1], score=best_ps)
                   if quick else
                   said("{player} said Go at {last} points, so the Stop needs more than "
                        "{last} points, and the cards score {score}: check the Go's score or "
                        "the cards", player=W, last=G[-1], score=best_ps),
                   player=W, rule="stop", field=where)
    s = h.end[1]["score"]
    if s is not None and s != best_ps:
        raise _err(said("{player}'s Stop says {stated} points, but the declared points are "
                        "{score}: check the Stop's score or the declared points", player=W,
                        stated=s, score=best_ps) if quick else
                   said("{player}'s Stop says {stated} points, but the cards score {score}: "
                        "check the Stop's score or the cards", player=W, stated=s,
                        score=best_ps),
                   player=W, rule="stop", field=f"events.{h.end[1]['index']}.score")


def winner_side(bak, rows, animals) -> bool:
    """Whether the winner's side of a loser's penalty holds (5.6): a bright, junk or ribbon
    row scored, or 7+ animals. ``rows`` None: the winner's points were declared without
    their combinations, so the table's word for the penalty is taken."""
    if rows is None:
        return True
    if bak == "gwang_bak":
        return bool(rows & BRIGHT_ROWS)
    if bak == "pi_bak":
        return "pi" in rows
    if bak == "meong_bak":
        return animals >= 7
    return bool(rows & RIBBON_ROWS)  # tti_bak


DECLARED_BAKS = ("gwang_bak", "pi_bak", "meong_bak", "tti_bak")


def check_declared_penalties(W, losers, declared, cands):
    """A loser's declared penalty needs the winner's side of it, in some count of the
    winner's flexible cards (``cands``: each with its rows and animals)."""
    if not declared:  # cards only: no penalty said
        return
    for L in losers:
        facts = declared[L].facts if L in declared else {}
        for bak in DECLARED_BAKS:
            if facts.get(bak) and not any(winner_side(bak, x.rows, x.animals) for x in cands):
                raise _err(_penalty_without_winner(bak, L, W), player=L, rule=bak,
                           field=f"declared.{L}.{bak}")


def _penalty_without_winner(bak, L, W):
    if bak == "gwang_bak":
        return said("{player}'s gwang-bak is on, but {winner} scored no bright combination: "
                    "turn it off, or check {winner}'s cards or combinations", player=L,
                    winner=W)
    if bak == "pi_bak":
        return said("{player}'s pi-bak is on, but {winner} scored no junk combination: turn "
                    "it off, or check {winner}'s cards or combinations", player=L, winner=W)
    if bak == "meong_bak":
        return said("{player}'s meong-bak is on, but {winner} holds fewer than 7 animals: "
                    "turn it off, or check {winner}'s cards or combinations", player=L,
                    winner=W)
    return said("{player}'s tti-bak is on, but {winner} scored no ribbon combination: turn it "
                "off, or check {winner}'s cards or combinations", player=L, winner=W)


def check_oe_myeon(h: Hand, W, mW):
    """5.7: the oe-myeon card is one the winner captured to win, and never the winner's.
    ``mW`` None: the winner's facts were declared, so their cards cannot be looked at."""
    for i, ev in h.oe:
        if ev["player"] == W:
            raise _err(said("{at}the winner {player!r} cannot be liable for oe-myeon",
                            at=_at(i), player=W), player=W, rule="oe_myeon",
                       field=f"events.{i}.player")
        if mW is not None and not mW & CARD[ev["card"]].bit:
            raise _err(said("{at}oe-myeon card {card!r} is not in the winner {player!r}'s "
                            "captures", at=_at(i), card=ev["card"], player=W), card=ev["card"],
                       rule="oe_myeon",
                       field=f"events.{i}.card")
