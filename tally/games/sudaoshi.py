"""Sudaoshi, 素倒し (shared/rules/sudaoshi.md; Hanami book chapter 18, seed 002 lines
4217-4515; quick reference lines 9139-9273).

Three players. Round score = (3 H_i - sum H) + (3 Y_i - sum Y) + V_i - burden_i (section 5.3):
each player takes their claimed hand combinations (H) and captured yaku (Y) from each
opponent, adds their card total (chaff, curtain and Phoenix 10; crane, moon, rain man and
tens 5; ribbons 1: deck 330) and pays their point burden (100 / 110 / 120, together 330), so
a round is zero-sum. Hand combinations: one Suit Combo and one Chaff Combo at most, each the
best of its category, with the four willow cards counted as chaffs (hand combinations only).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from collections.abc import Mapping

from ..cards import (BRIGHTS, CHAFFS, FULL_DECK, RIBBONS, TENS, WILLOW, mask_of,
                     slugs_of)
from ..options import BOOL, NUMBER, Option
from ..results import Evaluation, Payment, YakuHit, said
from ..rounds import ordinal
from ..settlement import fewest_transfers
from . import EventDef, Game, InputDef, YakuDef
from ._capture import LENGTH_INPUT
from ._capture import (COMMON_EVENTS, Compiled, Ledger, book_preset, check_all_captured, decide,
                       finish, misdeal_result, read_piles, read_table, shared_options,
                       tie_note, value_of)
from ._capture_expert import (FLOWER_IDS, MONTH, check_fields, each_opponent_pays, err,
                              prescan, read_hands, value_card_said, value_rows)

GAME_ID = "sudaoshi"
BURDENS = (100, 110, 120)

# Section 2: card values.
_PER_CARD = {s: 10 for s in slugs_of(CHAFFS)}
_PER_CARD.update({s: 5 for s in slugs_of(TENS)})
_PER_CARD.update({s: 1 for s in slugs_of(RIBBONS)})
_PER_CARD.update({"cherry-curtain": 10, "paulownia-phoenix": 10, "pine-crane": 5,
                  "pampas-moon": 5, "willow-rainman": 5})
VALUES = value_rows(_PER_CARD)

# Section 4: captured yaku (Hills for everyone, Rain only for the 120-burden player).
HILLS = (("the_hills", "The Hills (All 4 August)", "坊主揃", 20, MONTH["pampas"]),
         ("over_the_hills", "Over the Hills (Moon and Geese)", "坊主被り", 10,
          mask_of(["pampas-moon", "pampas-geese"])))
RAIN = (("rainy_sky", "Rainy Sky (All 4 November)", "雨揃", 20, MONTH["willow"]),
        ("under_the_rainy_sky", "Under the Rainy Sky (Rain Man and Swallow)", "雨被り", 10,
         mask_of(["willow-rainman", "willow-swallow"])))
_YNAMES = {r[0]: {"en": r[1], "ja": r[2]} for r in HILLS + RAIN}

# Section 3: hand combinations. Greaters: three wisteria, three iris, three clover cards,
# or the three paulownia chaffs.
PAULOWNIA_CHAFFS = mask_of(["paulownia-chaff-1", "paulownia-chaff-2",
                            "paulownia-chaff-colored"])
GREATERS = (("greater_wisteria", "wisteria", "Greater: Any 3 Wisteria"),
            ("greater_iris", "iris", "Greater: Any 3 Iris"),
            ("greater_clover", "clover", "Greater: Any 3 Lespedeza"),
            ("greater_paulownia_chaffs", "paulownia", "Greater: 3 Paulownia Chaffs"))
SUIT = (  # id, book name, points, in the digest's table order (best first)
    ("four_kind_three_kind", "Any 4 of a Kind & Any 3 of a Kind", 200),
    ("four_kind_pair", "Any 4 of a Kind & Any 1 Pair", 80),
    ("two_greaters", "Any Greater & Any Greater", 80),
    ("three_kind_two_pairs", "Any 3 of a Kind & Any 2 Pairs", 70),
    ("three_kind_greater", "Any 3 of a Kind & Any Greater", 70),
    ("four_of_a_kind", "Any 4 of a Kind", 60),
    ("two_three_kinds", "Any 3 of a Kind & Any 3 of a Kind", 60),
    ("three_pairs", "Any 3 Pairs", 40),
) + tuple((gid, name, 30) for gid, _f, name in GREATERS) + (
    ("three_of_a_kind", "Any 3 of a Kind", 20),
)
# Chaff combos: id, name, points, (chaffs, brights, tens, ribbons) of the 7-card hand.
CHAFF = (("seven_chaffs", "Any 7 Chaffs", 40, (7, 0, 0, 0)),
         ("bright_six_chaffs", "Any 1 Bright & Any 6 Chaffs", 40, (6, 1, 0, 0)),
         ("ribbon_six_chaffs", "Any 1 Ribbon & Any 6 Chaffs", 30, (6, 0, 0, 1)),
         ("ten_six_chaffs", "Any 1 Ten & Any 6 Chaffs", 30, (6, 0, 1, 0)),
         ("two_ribbons_five_chaffs", "Any 2 Ribbons & Any 5 Chaffs", 20, (5, 0, 0, 2)))
COMBO_POINTS = {r[0]: r[2] for r in SUIT + CHAFF}
COMBO_NAMES = {r[0]: r[1] for r in SUIT + CHAFF}
COMBO_KIND = {**{r[0]: "suit" for r in SUIT}, **{r[0]: "chaff" for r in CHAFF}}
# For hand combinations only, the four willow cards are chaffs (section 2, S8).
HAND_CHAFFS = CHAFFS | WILLOW
HAND_BRIGHTS, HAND_TENS, HAND_RIBBONS = BRIGHTS & ~WILLOW, TENS & ~WILLOW, RIBBONS & ~WILLOW

YAKU = tuple(
    YakuDef(yid, _YNAMES[yid], str(pts), slugs_of(m), grp, desc)
    for grp, rows, desc in (("hills", HILLS, "any player (one of)"),
                            ("rain", RAIN, "only the player with the 120 burden (one of)"))
    for yid, _en, _ja, pts, m in rows
) + tuple(YakuDef(cid, {"en": COMBO_NAMES[cid]}, str(COMBO_POINTS[cid]), (), "suit combo",
                  "dealt hand; claimed by showing the cards", "hand") for cid, _n, _p in SUIT
          ) + tuple(YakuDef(cid, {"en": name}, str(pts), (), "chaff combo",
                            f"dealt 7-card hand: {c} chaffs, {b} brights, {t} tens, {r} "
                            f"ribbons (willow cards count as chaffs)", "hand")
                    for cid, name, pts, (c, b, t, r) in CHAFF)

OPTIONS = (
    Option("open_hand", BOOL, False, "Cards shown to claim hand combinations stay face up "
           "for the whole round (no scoring effect).", group="game flow"),
) + shared_options("counting_rounds", "tie_credits_round_win") + (
    Option("chips_per_point", NUMBER, 0, "Money: the round is zero-sum, so players settle the "
           "round scores x this rate in the fewest payments (0 = off).",
           minimum=0, group="payment"),
)
PRESETS = (book_preset("As the book has it: burdens 100/110/120, hand combinations and yaku taken "
                       "from each opponent, both variations off."),)

EVENTS = tuple(e for e in COMMON_EVENTS if e.id != "misdeal") + (
    EventDef("misdeal", "All 4 cards of a month were dealt to the field (the only misdeal): the "
             "same dealer redeals with the same burdens.",
             {"reason": InputDef("", "choice", "the reason", choices=("field_four",),
                                 required=True)}, per_player=False),
    EventDef("hand_combo_claim", "Before play the player claimed a hand combination by "
             "showing the cards (every chaff in the hand for a Chaff Combo; the cards of the "
             "combo for a Suit Combo). One event per combo; at most one suit and one chaff "
             "combo per player. The cards (or the player's entry in 'hands') must satisfy it.",
             {"combo": InputDef("", "choice", "the combination", choices=tuple(COMBO_KIND),
                                required=True),
              "cards": InputDef("", "cards", "the cards shown")}),
)
_FIELDS = {"misdeal": ("reason",), "hand_combo_claim": ("combo", "cards"),
           "hiki_formed": ("flower",), "round_end": ()}


def compile(rules) -> Compiled:
    return Compiled(rules, VALUES, ())


# ---------------------------------------------------------------------------------------------
# Hand combinations (section 3)

def _counts(hand: int) -> dict:
    return {f: (hand & MONTH[f]).bit_count() for f in FLOWER_IDS if hand & MONTH[f]}


def suit_combos(hand: int) -> list:
    """Every Suit Combo the cards satisfy, best first: [(id, points, cards mask)]. Combined
    sets use different months (S5); a Greater may also serve as a 3 of a kind."""
    cnt = _counts(hand)
    threes = [f for f, n in cnt.items() if n >= 3]
    fours = [f for f, n in cnt.items() if n == 4]
    pairs = [f for f, n in cnt.items() if n >= 2]
    greaters = []
    for gid, f, _name in GREATERS:
        m = PAULOWNIA_CHAFFS if f == "paulownia" else MONTH[f]
        if (hand & m).bit_count() >= 3 and (f != "paulownia" or hand & m == m):
            greaters.append((gid, f, hand & m))
    M = lambda *fs: sum(hand & MONTH[f] for f in fs)  # noqa: E731
    found = []
    for a in fours:
        for b in threes:
            if b != a:
                found.append(("four_kind_three_kind", M(a, b)))
        for b in pairs:
            if b != a:
                found.append(("four_kind_pair", M(a, b)))
        found.append(("four_of_a_kind", M(a)))
    for (g1, f1, m1), (g2, f2, m2) in combinations(greaters, 2):
        found.append(("two_greaters", m1 | m2))
    for a in threes:
        for b, c in combinations([f for f in pairs if f != a], 2):
            found.append(("three_kind_two_pairs", M(a, b, c)))
        for gid, f, m in greaters:
            if f != a:
                found.append(("three_kind_greater", M(a) | m))
    for a, b in combinations(threes, 2):
        found.append(("two_three_kinds", M(a, b)))
    for a, b, c in combinations(pairs, 3):
        found.append(("three_pairs", M(a, b, c)))
    for gid, f, m in greaters:
        found.append((gid, m))
    for a in threes:
        found.append(("three_of_a_kind", M(a)))
    order = {r[0]: i for i, r in enumerate(SUIT)}
    found.sort(key=lambda x: (-COMBO_POINTS[x[0]], order[x[0]]))
    return [(cid, COMBO_POINTS[cid], m) for cid, m in found]


def chaff_combo(hand: int, whole: bool):
    """The Chaff Combo of a 7-card hand (whole=True), or the combos a shown set of chaffs is
    consistent with (whole=False: the other cards were not shown)."""
    c = (hand & HAND_CHAFFS).bit_count()
    kinds = (c, (hand & HAND_BRIGHTS).bit_count(), (hand & HAND_TENS).bit_count(),
             (hand & HAND_RIBBONS).bit_count())
    if whole:
        return [(cid, pts) for cid, _n, pts, need in CHAFF if need == kinds]
    return [(cid, pts) for cid, _n, pts, need in CHAFF if need[0] == c and all(
        have <= want for have, want in zip(kinds[1:], need[1:]))]


def best_claims(hand: int) -> list:
    """The best claim of each category for a dealt 7-card hand (the app's suggestion, S7)."""
    out = []
    suits = suit_combos(hand)
    if suits:
        out.append(suits[0][:2])
    chaffs = chaff_combo(hand, True)
    if chaffs:
        out.append(chaffs[0])
    return out


# ---------------------------------------------------------------------------------------------
# Captured cards (sections 2 and 4)

def _yaku(mask: int, rain: bool) -> list:
    out = []
    for rows, allowed in ((HILLS, True), (RAIN, rain)):
        for yid, _en, _ja, pts, m in rows:
            if mask & m == m:
                out.append((yid, pts if allowed else 0, m))
                break  # one of
    return out


def _hit(y) -> YakuHit:
    yid, pts, m = y
    note = "" if pts or yid in ("the_hills", "over_the_hills") else \
        said("Rain yaku: only the player with the 120 burden scores it")
    return YakuHit(yid, _YNAMES[yid]["en"], pts, slugs_of(m), _YNAMES[yid], note)


def evaluate(mask: int, c) -> Evaluation:
    """A pile: card total + Hills yaku. Rain yaku are listed at 0 (they score only for the
    120-burden player, a round matter; see score_round)."""
    cv = value_of(mask, c.values)
    hits = tuple(_hit(y) for y in _yaku(mask, False))
    yv = sum(h.points for h in hits)
    return Evaluation(cv + yv, hits, (), {"card_value": cv, "yaku_value": yv})


# ---------------------------------------------------------------------------------------------
# A round (sections 3, 5, 7)

def _burdens(g, rnd, t) -> dict:
    """This round's burdens: given, or the previous round's carry, or the first-round rule
    (dealer 100, next to play 110, last 120; S2)."""
    raw = rnd.get("burdens")
    where = "burdens"
    if raw is None and isinstance(t.carry.get("burdens"), Mapping):
        raw, where = t.carry["burdens"], "carry.burdens"
    if raw is None:
        i = t.players.index(t.dealer)
        return {t.players[(i + k) % 3]: b for k, b in enumerate(BURDENS)}
    if not isinstance(raw, Mapping) or set(raw) != set(t.players) or \
            sorted(raw.values()) != list(BURDENS):
        what = said("the burdens") if where == "burdens" else \
            said("the burdens in the previous round's carry")
        raise err(g, said("{what} must give each of the three players one of 100, 110 and 120",
                          what=what), field=where)
    if raw[t.dealer] != 100:
        # section 3.5
        raise err(g, said("the dealer {player} carries the 100 burden, not {burden}",
                          player=t.dealer, burden=raw[t.dealer]),
                  player=t.dealer, field=where)
    return dict(raw)


def _claims(g, t, hands) -> dict:
    """Each player's claimed combos: {player: [(id, points, shown mask)]}."""
    out = {p: [] for p in t.players}
    shown_by = {}
    for i, ev in enumerate(t.events):
        if ev["type"] != "hand_combo_claim":
            continue
        check_fields(g, ev, i, _FIELDS["hand_combo_claim"])
        p, cid = ev["player"], ev.get("combo")
        if not isinstance(cid, str) or cid not in COMBO_KIND:
            raise err(g, said("event {i}: unknown hand combination {value!r}", i=ordinal(i),
                              value=cid),
                      player=p, rule="hand_combo_claim", field=f"events.{i}.combo")
        kind = COMBO_KIND[cid]
        if any(COMBO_KIND[x[0]] == kind for x in out[p]):
            raise err(g, said("event {i}: {player} already claimed a {kind} combo; a player "
                              "claims at most one Suit Combo and one Chaff Combo", i=ordinal(i),
                              player=p, kind=said("suit") if kind == "suit" else said("chaff")),
                      player=p, rule="hand_combo_claim", field=f"events.{i}")
        shown = 0
        if ev.get("cards") is not None:
            from . import pile_mask
            shown = pile_mask(g, ev["cards"], player=p, field=f"events.{i}.cards")
            if shown.bit_count() > 7:
                raise err(g, said("event {i}: {player} shows {n} cards from a 7-card hand",
                                  i=ordinal(i), player=p, n=shown.bit_count()),
                          player=p, field=f"events.{i}.cards")
            if p in hands and shown & ~hands[p]:
                bad = slugs_of(shown & ~hands[p])[0]
                raise err(g, said("event {i}: {player} shows {card}, which is not in their hand",
                              i=ordinal(i), player=p, card=bad),
                          player=p, card=bad, field=f"events.{i}.cards")
            for q, m in shown_by.items():
                if q != p and m & shown:
                    bad = slugs_of(m & shown)[0]
                    raise err(g, said("event {i}: {card} is shown from both {other}'s and "
                                      "{player}'s hands", i=ordinal(i), card=bad, other=q,
                                      player=p),
                              player=p, card=bad, field=f"events.{i}.cards")
            shown_by[p] = shown_by.get(p, 0) | shown
        elif p not in hands:
            raise err(g, said("event {i}: {player}'s claim of {combo} needs the cards shown (or "
                              "{player}'s dealt hand) to be checked", i=ordinal(i), player=p,
                              combo=COMBO_NAMES[cid]), player=p,
                      rule="hand_combo_claim", field=f"events.{i}.cards")
        hand = hands.get(p)
        if kind == "suit":
            source = hand if hand is not None else shown
            ok = [x for x in suit_combos(source) if x[0] == cid]
            if not ok:
                raise err(g, said("event {i}: {player}'s {what} do not make {id} ({combo})",
                                  i=ordinal(i), player=p, what=said("hand") if hand is not None else
                                  said("shown cards"), id=cid, combo=COMBO_NAMES[cid]),
                          player=p, rule="hand_combo_claim", field=f"events.{i}")
            out[p].append((cid, COMBO_POINTS[cid], shown or ok[0][2]))
        else:
            if hand is not None:
                ok = chaff_combo(hand, True)
                if shown and (hand & HAND_CHAFFS) & ~shown:
                    raise err(g, said("event {i}: a Chaff Combo shows every chaff in the hand; "
                                      "{player} hides {card}", i=ordinal(i), player=p,
                                      card=slugs_of(hand & HAND_CHAFFS & ~shown)[0]),
                              player=p, rule="hand_combo_claim", field=f"events.{i}.cards")
            else:
                ok = chaff_combo(shown, shown.bit_count() == 7)
            if cid not in [x[0] for x in ok]:
                raise err(g, said("event {i}: {player}'s {what} do not make {id} ({combo}; the "
                                  "willow cards count as chaffs)", i=ordinal(i), player=p,
                                  what=said("hand") if hand is not None else
                                  said("shown cards"), id=cid, combo=COMBO_NAMES[cid]),
                          player=p, rule="hand_combo_claim",
                          field=f"events.{i}")
            out[p].append((cid, COMBO_POINTS[cid], shown or (hand & HAND_CHAFFS)))
    return out


def score_round(rnd: Mapping, c):
    g, r = GAME, c.rules
    prescan(g, rnd)
    t = read_table(g, rnd, r, misdeals=("field_four",))
    burdens = _burdens(g, rnd, t)
    if t.misdeal:
        res = misdeal_result(t, r.preset)
        return replace(res, carry={**res.carry, "burdens": burdens})
    piles = read_piles(t, rnd)
    hands = read_hands(g, rnd, t.players, 7)
    claims = _claims(g, t, hands)
    notes = []
    total = check_all_captured(t, piles, c.values, said(
        "a Sudaoshi round ends when hands, draw pile and field are empty"))
    notes.append(said("card values of all captures total {total} = 100 + 110 + 120",
                      total=total))
    H = {p: sum(x[1] for x in claims[p]) for p in t.players}
    yk = {p: _yaku(piles[p], burdens[p] == 120) for p in t.players}
    Y = {p: sum(y[1] for y in yk[p]) for p in t.players}
    V = {p: value_of(piles[p], c.values) for p in t.players}
    netH, netY = each_opponent_pays(H, t.players), each_opponent_pays(Y, t.players)
    led = Ledger(t.players)
    hits = {}
    for p in t.players:
        led.start(p, "card_value", V[p], value_card_said(piles[p], c.values, V[p]))
        # the book's order: combos, yaku, card value, burden; shown from the card value here
        for name, net, own in (("hand_combos", netH, H), ("yaku", netY, Y)):
            if net[p] or own[p]:
                others = [q for q in t.players if q != p]
                ps = {"own": own[p], "value1": own[others[0]], "player1": others[0],
                      "value2": own[others[1]], "player2": others[1]}
                led.add(p, name, net[p], said(
                    "hand combos: 2 x {own} - {value1} ({player1}) - {value2} ({player2})",
                    **ps) if name == "hand_combos" else said(
                    "yaku: 2 x {own} - {value1} ({player1}) - {value2} ({player2})", **ps))
        led.add(p, "burden", -burdens[p], said("point burden {burden}", burden=burdens[p]))
        for y in yk[p]:
            if not y[1]:
                led.note(p, y[0], said("{yaku}: Rain yaku score only for the 120 burden "
                                       "({player} carries {burden})",
                                       yaku=_YNAMES[y[0]]['en'], player=p,
                                       burden=burdens[p]))
        hits[p] = tuple(YakuHit(cid, COMBO_NAMES[cid], pts, slugs_of(m), {"en": COMBO_NAMES[cid]},
                                said("hand combination (suit combo)")
                                if COMBO_KIND[cid] == "suit" else
                                said("hand combination (chaff combo)"))
                        for cid, pts, m in claims[p]) + tuple(_hit(y) for y in yk[p])
        if p in hands:
            best = best_claims(hands[p])
            claimed = {x[0] for x in claims[p]}
            missed = [(cid, pts) for cid, pts in best if cid not in claimed]
            if len(missed) == 1:  # at most one suit and one chaff combination (best_claims)
                # S7: only claimed combinations score
                notes.append(said("{player}'s dealt hand also makes {combo} {points} "
                                  "(unclaimed: only claimed combinations score)",
                                  player=p, combo=COMBO_NAMES[missed[0][0]],
                                  points=missed[0][1]))
            elif missed:
                notes.append(said("{player}'s dealt hand also makes {combo} {points}, "
                                  "{combo2} {points2} (unclaimed: only claimed combinations "
                                  "score)", player=p, combo=COMBO_NAMES[missed[0][0]],
                                  points=missed[0][1], combo2=COMBO_NAMES[missed[1][0]],
                                  points2=missed[1][1]))
    assert sum(led.total.values()) == 0
    winner, next_dealer, tied = decide(t, led.total)
    if tied:
        notes.append(tie_note(t, tied, winner, next_dealer))
    # Section 3.5 / S3: highest -> dealer and 100, lowest -> 120; ties by turn order from the
    # dealer (the dealer first).
    i = t.players.index(t.dealer)
    seat = {t.players[(i + k) % 3]: k for k in range(3)}
    ranked = sorted(t.players, key=lambda p: (-led.total[p], seat[p]))
    nb = {p: b for p, b in zip(ranked, BURDENS)}
    assert ranked[0] == next_dealer
    notes.append(said("next burdens: {player1} {burden1}, {player2} {burden2}, {player3} "
                      "{burden3}", **{k: v for i, p in enumerate(ranked, 1)
                                      for k, v in ((f"player{i}", p), (f"burden{i}", nb[p]))}))
    extra = {p: {"burden": burdens[p], "hand_combos": H[p], "yaku_value": Y[p]}
             for p in t.players}
    res = finish(t, r.preset, led, hits, winner, next_dealer, notes, extra=extra)
    payments = res.payments
    if r.chips_per_point:
        rate = r.chips_per_point
        payments += tuple(Payment(x.payer, x.payee, x.amount,
                                  said("round score x {rate}", rate=rate))
                          for x in fewest_transfers({p: led.total[p] * rate
                                                     for p in t.players}))
    return replace(res, payments=payments, carry={**res.carry, "burdens": nb})


# Section 9 SU1 as a round (card totals 89 / 108 / 133; yaku: B over the hills, C rainy sky).
_A = ["pine-crane", "plum-warbler", "wisteria-cuckoo", "iris-bridge", "peony-butterflies",
      "clover-boar", "chrysanthemum-sake", "cherry-poetry", "peony-blue", "chrysanthemum-blue",
      "maple-blue", "pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2",
      "cherry-chaff-1"]
_B = ["pampas-moon", "pampas-geese", "maple-deer", "wisteria-ribbon", "iris-ribbon",
      "clover-ribbon", "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2",
      "iris-chaff-1", "iris-chaff-2", "peony-chaff-1", "peony-chaff-2", "clover-chaff-1",
      "clover-chaff-2"]
_C = ["willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning", "pine-poetry",
      "plum-poetry", "cherry-curtain", "paulownia-phoenix", "pampas-chaff-1", "pampas-chaff-2",
      "chrysanthemum-chaff-1", "chrysanthemum-chaff-2", "maple-chaff-1", "maple-chaff-2",
      "paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2"]
ROUND_EXAMPLE = {
    "players": ["A", "B", "C"],
    "dealer": "A",
    "captures": {"A": _A, "B": _B, "C": _C},
    "events": [
        {"type": "hand_combo_claim", "player": "A", "combo": "three_of_a_kind",
         "cards": ["pine-crane", "pine-chaff-1", "pine-chaff-2"]},
        {"type": "hand_combo_claim", "player": "C", "combo": "seven_chaffs",
         "cards": ["willow-rainman", "willow-swallow", "plum-chaff-1", "cherry-chaff-1",
                   "iris-chaff-1", "maple-chaff-1", "clover-chaff-1"]},
    ],
    "length": 6,
}

GAME = Game(
    id=GAME_ID,
    names={"en": "Sudaoshi", "ja": "素倒し"},
    family="capture",
    players=(3, 3),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=YAKU,
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/sudaoshi.md",
    max_pile=48,
    round_example=ROUND_EXAMPLE,
    lengths=(6, 12),
    description="Three players against point burdens of 100/110/120: card points, captured "
                "Hills and Rain yaku, and dealt hand combinations taken from each opponent.",
    inputs=(
        LENGTH_INPUT,
        InputDef("hands", "cards",
                 "Optional: the 7 cards each player was dealt. A hand combination claim "
                 "without its own cards is checked against them, and better unclaimed "
                 "combinations are noted.", per_player=True),
        InputDef("burdens", "choice",
                 "Optional: each player's burden this round, 100, 110 or 120 (the dealer "
                 "carries 100). By default the previous round's; in the first round 100, 110, "
                 "120 from the dealer in turn order.", choices=(100, 110, 120),
                 per_player=True),
    ),
)
