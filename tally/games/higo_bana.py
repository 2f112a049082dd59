"""Higo-Bana, 肥後花 (Sakura; "Hawaiian Hanafuda") (shared/rules/higo-bana.md; Hanami book
chapter 14, seed 002 lines 2339-2527; quick reference lines 8653-8695).

Each side (a player, or a team pooling its captures) scores its card points (bright 20,
ribbon 10, ten 5, chaff 0: deck 245) and loses 50 for every yaku captured by each opponent
side (section 5.4): score(s) = cards(s) - 50 x (all yaku - own yaku). Eight three-card yaku,
all "each"; a yaku never scores for its holder. The Storm (willow-lightning) is a wild
capturing card; its powers only change who captured what.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import BIT, FULL_DECK, mask_of, slugs_of
from ..options import BOOL, HANAMI_BOOK, INT, Option, Preset
from ..results import Evaluation, Payment, PlayerScore, RoundResult, Step, YakuHit, said
from ..rounds import (event_words, events_of, key_words, ordinal, piles_of, player_field,
                      players_of)
from . import EventDef, Game, InputDef, YakuDef
from ._capture import LENGTH_INPUT
from ._capture import COMMON_EVENTS, tie_order, value_of
from ._capture_expert import (FLOWER_IDS, MONTH, check_fields, err, flower_of, kind_values,
                              reject_event, value_card_said, value_rows)

GAME_ID = "higo-bana"
LIGHTNING = BIT["willow-lightning"]
RAINMAN = "willow-rainman"
SPECIAL = "paulownia-chaff-colored"
PENALTY = 50

# Section 4: id, book name, other names (not in the seed), cards. Card lists of the first
# five per 10.H1-H3 (pictures in the book; FudaWiki's Sakura table agrees).
_ROWS = (
    ("spring_semi_brights", "Spring Semi-Brights", "表菅原", "Omote Sugawara; Ro",
     ["pine-crane", "plum-warbler", "cherry-curtain"]),
    ("purple_ribbons", "3 Purple Ribbons (book: 3 Purple Brights)", "青短", "Aotan; Ni",
     ["peony-blue", "chrysanthemum-blue", "maple-blue"]),
    ("poetry_ribbons", "3 Poetry Ribbons (book: 3 Poetry Brights)", "赤短", "Akatan; Ha",
     ["pine-poetry", "plum-poetry", "cherry-poetry"]),
    ("plain_ribbons", "3 Dry Plain Ribbons (excluding Rain)", "草短", "Kusatan; He",
     ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"]),
    ("the_views", "The Views", "飲み", "Nomi; I",
     ["cherry-curtain", "pampas-moon", "chrysanthemum-sake"]),
    ("boar_deer_geese", "Boar, Deer, Geese", "猪鹿雁", "Inoshikagan; Chi",
     ["clover-boar", "maple-deer", "pampas-geese"]),
    ("sake_deer_butterfly", "Sake, Deer, Butterfly", "", "Ho",
     ["chrysanthemum-sake", "maple-deer", "peony-butterflies"]),
    ("boar_cuckoo_bridge", "Boar, Cuckoo, Bridge", "", "To",
     ["clover-boar", "wisteria-cuckoo", "iris-bridge"]),
)
def _name(yid: str) -> str:
    """A yaku as a sentence names it (said in the reader's language by the pages)."""
    return _NAMES[yid]["en"]


YAKU_ROWS = tuple((yid, mask_of(cards)) for yid, _en, _ja, _other, cards in _ROWS)
_NAMES = {yid: ({"en": en, "ja": ja} if ja else {"en": en}) for yid, en, ja, _o, _c in _ROWS}
YAKU = tuple(YakuDef(yid, _NAMES[yid], "-50 to each opponent (never scores for its holder)",
                     tuple(cards), "", f"all three cards (other names: {other})")
             for yid, _en, _ja, other, cards in _ROWS)

LEADS = ("lead_100_final_score", "lead_50_final_score", "lead_100_card_value",
         "lead_50_card_value")


def _lead(id_, amount, measure):
    return Option(id_, BOOL, False, f"If the round winner's {measure} is at least {amount} more "
                  f"than every opponent's, the winner's final round score is doubled (at most "
                  f"one of the four lead rules).", group="round scoring",
                  excludes=tuple(x for x in LEADS if x != id_))


OPTIONS = (
    Option("first_to_x_points", INT, 0, "The first side whose cumulative total reaches this "
           "number wins the game, tested after each round (two at once: the higher total, "
           "then shared); 0 = off (play the agreed rounds).", minimum=0, group="game end"),
    Option("wild_dealt_to_field_discarded", BOOL, False, "The lightning dealt to the opening "
           "field is removed from play (record it as an event of the round).",
           group="game flow"),
    Option("rain_man_value_5", BOOL, False, "willow-rainman is worth 5 instead of 20.",
           group="card values"),
    Option("special_paulownia_value_10", BOOL, False, "paulownia-chaff-colored is worth 10 "
           "instead of 0.", group="card values"),
    _lead("lead_100_final_score", 100, "final round score"),
    _lead("lead_50_final_score", 50, "final round score"),
    _lead("lead_100_card_value", 100, "card total (before penalties)"),
    _lead("lead_50_card_value", 50, "card total (before penalties)"),
    Option("counting_tokens", BOOL, False, "Each round win earns 1 token, 2 for a win by more "
           "than 50, 3 by more than 100 (margin over the runner-up, before any doubling); "
           "after the agreed rounds the most tokens wins (tie: higher total, then shared).",
           group="game end"),
    Option("chip_stake", INT, 0, "Money (the recommended way): every player outside the winning "
           "side pays this stake per token the round earned (1 when tokens are not counted) to "
           "the winning side's next dealer; 0 = off.", minimum=0,
           group="payment"),
)
PRESETS = (Preset("book", "As the book has it: card values 20/10/5/0, -50 per opponent's yaku, "
                  "all nine variations off, 6 or 12 rounds.", {}, names=HANAMI_BOOK),)

EVENTS = (
    EventDef("opening_field_four_of_a_kind", "All 4 cards of a month were dealt to the field: "
             "the dealer (their side) captures them at once.",
             {"flower": InputDef("", "choice", "the month", choices=FLOWER_IDS,
                                 required=True)}, per_player=False),
    EventDef("hiki_announced", "The player saw all 4 cards of a month between hand and field, "
             "announced Hiki and captured them (their side must hold all four).",
             {"flower": InputDef("", "choice", "the month", choices=FLOWER_IDS,
                                 required=True)}),
    EventDef("wild_capture", "willow-lightning (the Storm) was used as a wild card; no direct "
             "score (it decides the leftovers).",
             {"card": InputDef("", "card", "the card it took")}),
    EventDef("wild_dealt_to_field", "The lightning was dealt to the opening field; when the house "
             "rule says so, it leaves the game.", per_player=False,
             requires=("wild_dealt_to_field_discarded",)),
) + tuple(e for e in COMMON_EVENTS if e.id != "misdeal")  # section 3: no misdeals
_FIELDS = {"opening_field_four_of_a_kind": ("flower",), "hiki_announced": ("flower",),
           "wild_capture": ("card",), "wild_dealt_to_field": (), "hiki_formed": ("flower",),
           "round_end": ()}


class Compiled:
    __slots__ = ("rules", "values", "deck_total")

    def __init__(self, r):
        self.rules = r
        per = kind_values(20, 5, 10, 0)  # section 2: bright 20, ten 5, ribbon 10, chaff 0
        if r.rain_man_value_5:
            per[RAINMAN] = 5
        if r.special_paulownia_value_10:
            per[SPECIAL] = 10
        self.values = value_rows(per)
        self.deck_total = value_of(FULL_DECK, self.values)


def compile(rules) -> Compiled:
    return Compiled(rules)


def yaku_of(mask: int) -> list:
    """The yaku fully in a pile (section 4: each; a card may serve two)."""
    return [(yid, m) for yid, m in YAKU_ROWS if mask & m == m]


# The yaku never score for their holder, so each hit is a constant.
HITS = {yid: YakuHit(yid, _NAMES[yid]["en"], 0, slugs_of(m), _NAMES[yid],
                     said("costs each opponent {points}", points=PENALTY))
        for yid, m in YAKU_ROWS}


def evaluate(mask: int, c: Compiled) -> Evaluation:
    """A pile's card points and the yaku it holds. The yaku score 0 for their holder: each
    costs every opponent 50 (a round matter, see score_round)."""
    cv = 0
    for m, v in c.values:
        cv += v * (mask & m).bit_count()
    hits = tuple([HITS[yid] for yid, m in YAKU_ROWS if mask & m == m])
    return Evaluation(cv, hits, (), {"card_value": cv, "yaku_count": len(hits)})


# ---------------------------------------------------------------------------------------------
# Sides and teams (section 3, 10.H5, H11)

def _sides(g, rnd, players):
    """[(side name, members)] in seating order of first member; teams must sit alternately."""
    teams = rnd.get("teams")
    if teams is None:
        return [(p, (p,)) for p in players]
    if not isinstance(teams, Mapping) or not all(
            isinstance(v, (list, tuple)) for v in teams.values()):
        raise err(g, said("give each team's name with its players"), field="teams")
    seen = {}
    for name, members in teams.items():
        for p in members:
            if p not in players:
                raise err(g, said("team {team!r} names {player!r}, who is not one of the "
                                  "players", team=name, player=p), player=p, field=f"teams.{name}")
            if p in seen:
                raise err(g, said("player {player!r} is in teams {team!r} and {team2!r}",
                                  player=p, team=seen[p], team2=name), player=p,
                          field=f"teams.{name}")
            seen[p] = name
    missing = [p for p in players if p not in seen]
    if missing:
        raise err(g, said("player {player!r} is in no team", player=missing[0]),
                  player=missing[0], field="teams")
    k = len(teams)
    sizes = {len(v) for v in teams.values()}
    if len(sizes) != 1 or (k, len(players)) not in ((2, 4), (3, 6), (2, 6)):
        raise err(g, said("team play is 2 v 2, 2 v 2 v 2 or 3 v 3"), field="teams")
    for i, p in enumerate(players):  # partners sit alternately: A-B-A-B, A-B-C-A-B-C
        if seen[p] != seen[players[i % k]]:
            raise err(g, said("partners sit alternately: {player!r} (team {team!r}) cannot sit "
                              "at seat {seat}", player=p, team=seen[p], seat=i + 1),
                      player=p, field="teams")
    order = []
    for p in players:
        if seen[p] not in [s for s, _ in order]:
            order.append((seen[p], tuple(q for q in players if seen[q] == seen[p])))
    return order


# ---------------------------------------------------------------------------------------------
# A round (sections 5-7)

def score_round(rnd: Mapping, c: Compiled) -> RoundResult:
    g, r = GAME, c.rules
    reject_event(g, rnd, "misdeal", said("Higo-Bana has no misdeals"))
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players, default=players[0])
    sides = _sides(g, rnd, players)
    side_of = {p: s for s, members in sides for p in members}
    piles = piles_of(g, rnd, players)
    events = events_of(g, rnd, players)
    side_pile = {s: 0 for s, _ in sides}
    for p in players:
        side_pile[side_of[p]] |= piles[p]
    notes = []

    deck, discarded = FULL_DECK, False
    for i, ev in enumerate(events):
        t, p = ev["type"], ev.get("player")
        check_fields(g, ev, i, _FIELDS[t])
        if t == "wild_dealt_to_field":
            discarded = bool(r.wild_dealt_to_field_discarded)
        elif t == "hiki_formed":
            flower_of(g, ev, i)
        elif t in ("opening_field_four_of_a_kind", "hiki_announced"):
            f = flower_of(g, ev, i)
            who = dealer if t == "opening_field_four_of_a_kind" else p
            pile = side_pile[side_of[who]]
            if pile & MONTH[f] != MONTH[f]:
                lack = slugs_of(MONTH[f] & ~pile)[0]
                if len(sides[0][1]) > 1:
                    msg = said("event {n}, \"{event}\": {player} captures all four "
                               "{flower} cards, but their side lacks {card}", n=ordinal(i),
                               event=event_words(t), player=who, flower=f, card=lack)
                else:
                    msg = said("event {n}, \"{event}\": {player} captures all four "
                               "{flower} cards, but they lack {card}", n=ordinal(i),
                               event=event_words(t), player=who, flower=f, card=lack)
                raise err(g, msg, player=who, card=lack, rule=t, event=t,
                          field=f"events.{i}")
        elif t == "wild_capture":
            card = ev.get("card")
            if card is not None:
                if not isinstance(card, str) or card not in BIT or card == "willow-lightning":
                    raise err(g, said("event {n}, \"{event}\": {card!r} is not a card the "
                                      "Storm can take", n=ordinal(i), event=event_words(t),
                                      card=card), card=str(card), rule=t, event=t,
                              field=f"events.{i}.card")
                if not side_pile[side_of[p]] & BIT[card]:
                    raise err(g, said("event {n}, \"{event}\": {player} took {card} with the "
                                      "Storm but it is not in their captures", n=ordinal(i),
                                      event=event_words(t), player=p, card=card),
                              player=p, card=card, rule=t, event=t,
                              field=f"events.{i}.card")
            if not side_pile[side_of[p]] & LIGHTNING:
                raise err(g, said("event {n}, \"{event}\": {player} played the Storm as a "
                                  "wild card but it is not in their captures (keep it paired "
                                  "with the card it took)", n=ordinal(i), event=event_words(t),
                                  player=p),
                          player=p, card="willow-lightning", rule=t, event=t,
                          field=f"events.{i}")
    if discarded:
        deck &= ~LIGHTNING
        holder = next((p for p in players if piles[p] & LIGHTNING), None)
        if holder:
            raise err(g, said("{card} was discarded, as the house rules say when it is dealt "
                              "to the field, but {player} lists it", card="willow-lightning",
                              player=holder),
                      player=holder, card="willow-lightning",
                      option="wild_dealt_to_field_discarded",
                      field=f"captures.{holder}")
        notes.append(said("{card} was dealt to the field and discarded", card="willow-lightning"))
    union = 0
    for m in piles.values():
        union |= m
    expected = value_of(deck, c.values)
    valued = 0
    for m, _v in c.values:
        valued |= m
    # Section 2: captured chaffs (worth 0, in no yaku) may be thrown on a common discard
    # pile, so only the cards with a value must all be in someone's captures.
    if union & deck & valued != deck & valued:
        missing = slugs_of(deck & valued & ~union)
        raise err(g, said("a Higo-Bana round ends when hands, draw pile and field are empty "
                          "(the leftovers handed out), so every card with a value "
                          "is captured, but {n} card(s) are in nobody's captures "
                          "({cards}{more}); card values total {total}, not {expected}",
                          n=len(missing), cards=", ".join(missing[:6]),
                          more=" ..." if len(missing) > 6 else "",
                          total=value_of(union, c.values), expected=expected), card=missing[0],
                  field="captures")
    notes.append(said("card values of all captures total {total}", total=expected))
    thrown = (deck & ~union).bit_count()
    if thrown:
        notes.append(said("{count} chaff card(s) (worth 0) are on the discard pile",
                          count=thrown))

    # Sections 5.2-5.4.
    cards = {s: value_of(side_pile[s], c.values) for s, _ in sides}
    yk = {s: yaku_of(side_pile[s]) for s, _ in sides}
    all_yaku = sum(len(v) for v in yk.values())
    score, steps = {}, {}
    for s, _m in sides:
        st = [Step("card_value", "base", cards[s],
                   value_card_said(side_pile[s], c.values, cards[s]), cards[s])]
        total = cards[s]
        for t, _m2 in sides:
            if t != s and yk[t]:
                pen = -PENALTY * len(yk[t])
                total += pen
                st.append(Step(f"penalty_{t}", "add", pen, said(
                    "{side} holds {count} yaku ({yaku}): -{penalty} x {count}", side=t,
                    count=len(yk[t]), yaku=", ".join(_name(y) for y, _ in yk[t]), penalty=PENALTY),
                    total))
        if yk[s]:
            st.append(Step("own_yaku", "note", 0, said(
                "own yaku ({yaku}) cost each opponent {penalty} and score nothing here",
                yaku=", ".join(_name(y) for y, _ in yk[s]), penalty=PENALTY), total))
        score[s], steps[s] = total, st
    assert all(score[s] == cards[s] - PENALTY * (all_yaku - len(yk[s])) for s, _ in sides)

    names = [s for s, _ in sides]
    best = max(score.values())
    tied = [s for s in names if score[s] == best]
    tokens = 0
    if len(tied) == 1:
        win = tied[0]
        others = [score[s] for s in names if s != win]
        margin = best - max(others)
        tokens = (3 if margin > 100 else 2 if margin > 50 else 1) if r.counting_tokens else 1
        members = dict(sides)[win]
        if len(members) == 1:
            next_dealer = members[0]
        else:  # 10.H5: the winning team's member first in turn order after the dealer
            i = players.index(dealer)
            next_dealer = next(players[(i + k) % len(players)] for k in range(1, len(players)
                                                                                + 1)
                               if side_of[players[(i + k) % len(players)]] == win)
        lead = next((x for x in LEADS if r[x]), None)
        if lead:
            amount = 100 if "100" in lead else 50
            measure = cards if lead.endswith("card_value") else score
            if all(measure[win] - measure[s] >= amount for s in names if s != win):
                old = score[win]
                score[win] = old * 2
                ps = {"option": lead, "value": measure[win], "amount": amount}
                steps[win].append(Step(lead, "multiply", 2, said(
                    "the card total {value} leads every opponent by {amount} or "
                    "more", **ps) if measure is cards else said(
                    "the round score {value} leads every opponent by {amount} or "
                    "more", **ps), score[win]))
                if old < 0:
                    notes.append(said("warning: {side}'s negative score is doubled",
                                      side=win))
            else:
                notes.append(said("{side} does not lead every opponent by {amount}; "
                                  "no doubling", option=lead, side=win, amount=amount))
        if r.counting_tokens:
            ps = {"side": win, "margin": margin, "tokens": tokens}
            notes.append(said("counting tokens: {side} wins by {margin} over the runner-up -> "
                              "{tokens} tokens", **ps) if tokens > 1 else
                         said("counting tokens: {side} wins by {margin} over the runner-up -> "
                              "{tokens} token", **ps))
        winner = next_dealer  # a team's win is credited to its dealing member (H5)
        if len(members) > 1:
            notes.append(said("team {side} wins the round; {dealer} deals next",
                              side=win, dealer=next_dealer))
    else:  # 10.H4: no doubling, no tokens; the dealer's side keeps the deal, else turn order
        win = None
        tied_players = {p for p in players if side_of[p] in tied}
        next_dealer = tie_order(players, dealer, tied_players)
        winner = None
        notes.append(said("round tie between {sides}: no doubling or tokens; {dealer} deals "
                          "next", sides=", ".join(tied), dealer=next_dealer))

    # Carry and game end (section 6).
    carry = _carry(g, rnd, names, score, win, tokens, r, notes)
    payments = []
    if r.chip_stake and win is not None:
        amount = r.chip_stake * tokens
        ps = {"stake": r.chip_stake, "tokens": tokens}
        why = (said("{stake} x {tokens} tokens to the round winner", **ps)
               if tokens > 1 else
               said("{stake} x {tokens} token to the round winner", **ps))
        for p in players:
            if side_of[p] != win:
                payments.append(Payment(p, next_dealer, amount, why))
    out = []
    for p in players:
        s = side_of[p]
        role = "winner" if s == win else ("draw" if win is None and s in tied else "loser")
        extra = {"side": s} if len(sides) != len(players) else {}
        out.append(PlayerScore(p, tuple(HITS[y] for y, _m in yk[s]),
                               cards[s], tuple(steps[s]), score[s], role, extra))
    return RoundResult(GAME_ID, r.preset, tuple(out), tuple(payments), winner, next_dealer,
                       carry, tuple(notes))


# the carry's keys as KEY_WORDS names them (in the error's field they stay keys)
_CARRY_WORDS = {"totals": "totals", "wins": "round_wins", "tokens": "tokens"}


def _carry(g, rnd, names, score, win, tokens, r, notes):
    raw = rnd.get("carry") or {}
    if not isinstance(raw, Mapping):
        raise err(g, said("the carry must be what the previous round's result carried over"),
                  field="carry")
    if raw.get("game_over"):
        raise err(g, said("the previous round ended the game; start a new game"),
                  field="carry")
    n = raw.get("round", 0)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise err(g, said("the number of rounds played carried from the previous round must "
                          "be a whole number, 0 or more, not {value!r}", value=n),
                  field="carry.round")
    out = {"round": n + 1}
    for key in ("totals", "wins", "tokens"):
        v = raw.get(key) or {}
        if not isinstance(v, Mapping) or set(v) - set(names) or not all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in v.values()):
            raise err(g, said("{what} carried from the previous round must give each side "
                              "({sides}) a number", what=key_words(_CARRY_WORDS[key]),
                              sides=", ".join(names)),
                      field=f"carry.{key}")
        out[key] = {s: v.get(s, 0) for s in names}
    for s in names:
        out["totals"][s] += score[s]
    if win is not None:
        out["wins"][win] += 1
        if r.counting_tokens:
            out["tokens"][win] += tokens
    if not r.counting_tokens:
        del out["tokens"]
    totals = out["totals"]
    length = rnd.get("length")
    if length is not None and length not in (6, 12):
        raise err(g, said("length {value!r} is not an agreed game length (6 or 12)",
                          value=length),
                  field="length")
    ended, how = None, ""
    target = r.first_to_x_points
    if target:
        reached = [s for s in names if totals[s] >= target]
        if reached:
            top = max(totals[s] for s in reached)
            pool = [s for s in reached if totals[s] == top]
            ended = pool
            how, hp = "first to {target} points", {"target": target}
    elif length is not None and out["round"] >= length:
        keys = ([("tokens", out["tokens"]), ("total", totals)] if r.counting_tokens
                else [("total", totals), ("rounds won", out["wins"])])
        pool = list(names)
        for _name, table in keys:
            top = max(table[s] for s in pool)
            pool = [s for s in pool if table[s] == top]
        ended = pool
        how, hp = "{round} of {length} rounds played", {"round": out["round"], "length": length}
    if ended:
        out["game_over"] = True
        out["game_winner"] = ended[0] if len(ended) == 1 else None
        notes.append(said("game over (" + how + "): {side} wins the game", side=ended[0], **hp)
                     if len(ended) == 1 else
                     said("game over (" + how + "): shared victory: {sides}",
                          sides=", ".join(ended), **hp))
    return out


# Section 9 HB1 as a round: card totals 90 / 75 / 80, yaku 0 / 2 / 1 -> -60 / 25 / -20.
_A = ["pine-crane", "plum-warbler", "peony-butterflies", "chrysanthemum-sake", "willow-swallow",
      "iris-ribbon", "willow-ribbon", "peony-blue", "chrysanthemum-blue", "wisteria-ribbon",
      "pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1",
      "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2"]
_B = ["clover-boar", "maple-deer", "pampas-geese", "wisteria-cuckoo", "iris-bridge",
      "pampas-moon", "willow-rainman", "clover-ribbon", "iris-chaff-1", "iris-chaff-2",
      "peony-chaff-1", "peony-chaff-2", "clover-chaff-1", "clover-chaff-2"]
_C = ["pine-poetry", "plum-poetry", "cherry-poetry", "paulownia-phoenix", "cherry-curtain",
      "maple-blue", "pampas-chaff-1", "pampas-chaff-2", "chrysanthemum-chaff-1",
      "chrysanthemum-chaff-2", "maple-chaff-1", "maple-chaff-2", "willow-lightning",
      "paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2"]

GAME = Game(
    id=GAME_ID,
    names={"en": "Higo-Bana", "ja": "肥後花"},
    family="capture",
    players=(2, 7),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=YAKU,
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/higo-bana.md",
    max_pile=48,
    round_example={"players": ["A", "B", "C"], "dealer": "A",
                   "captures": {"A": _A, "B": _B, "C": _C}, "length": 6},
    lengths=(6, 12),
    description="Sakura: card points, and every yaku captured costs each opponent 50; 2-7 "
                "players or teams.",
    inputs=(
        LENGTH_INPUT,
        InputDef("teams", "map",
                 "Optional, for team play: each team's name mapped to its players, who sit "
                 "alternately (2 v 2, 2 v 2 v 2 or 3 v 3).", keys="text", minimum=2,
                 item=InputDef("", "players", "Players", required=True)),
    ),
)
