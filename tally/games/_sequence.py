"""Mechanics shared by the sequence games: Poka, Hiyoko (both), Isuri (both), Kage.

Not a game (the registry skips modules starting with ``_``). What every sequence game shares
(poka.md §2: the book calls Poka "the base game for Sequence games") is written once here:

- month order: Japanese order (poka.md §1) or Tensho order (hiyoko.md §1, isuri.md §1), and the
  natural month masks of a game's deck, so month counts are popcounts;
- reading a round: players, dealer, the ``hands`` key (the cards each player still holds when
  the round ends; empty for whoever went out), the ordered events, strict key checks;
- going out: exactly one ``out`` event, whose player must have no cards left;
- totals carried between rounds (tokens, round wins, scores) and first-to-N targets;
- the optional money of the book's introduction (p. VI): a fixed stake turned into payments.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from collections.abc import Mapping
from typing import Iterable

from ..cards import CARD, month_mask, slugs_of
from ..errors import TallyError
from ..options import BOOL, CHOICE, INT, Option, one_of_error
from ..results import Evaluation, Payment, PlayerScore, RoundResult, Step, YakuHit, said
from ..rounds import event_words, events_of, field_words, key_words, ordinal, player_field, players_of
from . import InputDef, YakuDef, pile_mask

# poka.md §1 (cards.md "# JP"): 1 pine ... 11 willow, 12 paulownia; December loops to January.
JP_ORDER = ("pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "pampas",
            "chrysanthemum", "maple", "willow", "paulownia")
# hiyoko.md §1 / isuri.md §1 (seed 002 lines 5719-5773): 2 willow, 6 paulownia, 11 peony, 12 plum.
TENSHO_ORDER = ("pine", "willow", "cherry", "wisteria", "iris", "paulownia", "clover",
                "pampas", "chrysanthemum", "maple", "peony", "plum")
MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")

COMMON_KEYS = frozenset({"players", "dealer", "hands", "events", "carry"})


def month_masks(order: tuple[str, ...], deck: int) -> tuple[int, ...]:
    """Index m-1 -> the cards of month m (in ``order``) that are in ``deck``."""
    return tuple(month_mask(f) & deck for f in order)


def month_of(slug: str, order: tuple[str, ...]) -> int:
    """A card's month number (1-12) in the game's month order."""
    return order.index(CARD[slug].flower) + 1


# cards.py gives month k (Japanese order) the four bits 4(k-1) .. 4k-1, so the twelve month
# counts of a pile are twelve 4-bit fields computed at once (SWAR): no per-month loop.
_FLOWERS48 = (1 << 48) - 1
_M1 = int("5" * 12, 16)  # 0b0101... : low bit of every 2-bit field
_M2 = int("3" * 12, 16)  # 0b0011... : low 2 bits of every 4-bit field
NIBBLE_ONES = int("1" * 12, 16)  # lowest bit of each month's count (odd count)
NIBBLE_FOURS = int("4" * 12, 16)  # bit 2 of each month's count (count == 4; counts are <= 4)
assert all(month_mask(f) == 0xF << 4 * k for k, f in enumerate(JP_ORDER)), "deck layout"


def month_nibbles(mask: int) -> int:
    """The 12 natural month counts (Japanese order) of a pile, one per 4-bit field."""
    x = mask & _FLOWERS48
    x = (x & _M1) + ((x >> 1) & _M1)
    return (x & _M2) + ((x >> 2) & _M2)


def full_month(mask: int) -> int:
    """The cards of the lowest month whose four natural cards are all in ``mask`` (0 if
    none): the four of a kind of poka.md §3 and kage.md §3 (natural cards only, poka.md
    §10.3, kage.md §10.4). A physical month, so the game's month order does not matter."""
    fours = month_nibbles(mask) & NIBBLE_FOURS
    return 0xF << ((fours & -fours).bit_length() - 3) if fours else 0


# --------------------------------------------------------------------------- options

def stake_option(option_id: str, description: str) -> Option:
    """The book's optional money (introduction p. VI, seed 002 lines 133-149)."""
    return Option(option_id, INT, 0, description, minimum=0, group="money")


def play_option(option_id: str, description: str, default=False) -> Option:
    """A rule that changes how the cards are played but never a score: offered so a table
    can record which rules it plays, and served with the game."""
    return Option(option_id, BOOL, default, description + " Play only: no score changes.",
                  group="play")


def one_of(options: tuple[Option, ...]) -> tuple[Option, ...]:
    """Mutually exclusive bools (each excludes all the others); exactly one must be on."""
    ids = [o.id for o in options]
    return tuple(Option(o.id, BOOL, o.default, o.description, group=o.group,
                        excludes=tuple(i for i in ids if i != o.id)) for o in options)


def chosen(game: str, rules, ids: Iterable[str]) -> str:
    """The one option of a mutually exclusive group that is on (compile-time check)."""
    ids = tuple(ids)
    on = [i for i in ids if rules[i]]
    if len(on) != 1:
        raise one_of_error(game, ids)
    return on[0]


# --------------------------------------------------------------------------- reading a round

@dataclass(frozen=True)
class Table:
    players: tuple[str, ...]
    dealer: str
    events: list
    hands: dict  # player -> mask of the cards left in hand (only players whose hand was given)
    carry: object  # the previous round's carry (None at the start of a game)


def read_table(g, rnd: Mapping, deck: int, *, extra_keys=(),
               max_hand: int | None = None) -> Table:
    """Players, dealer, hands and events, each checked. Unknown keys are errors, so a typo
    (``first_trun``) can never silently change a score."""
    allowed = COMMON_KEYS | set(extra_keys)
    for key in rnd:
        if key not in allowed:
            raise TallyError(said("{game} does not read {value!r} in a round", game=g.id,
                                  value=key),
                             game=g.id, field=str(key), known=sorted(allowed))
    players = players_of(g, rnd)
    dealer = player_field(g, rnd, "dealer", players)
    events = events_of(g, rnd, players)
    fields = {e.id: tuple(e.fields) for e in g.events}
    for i, ev in enumerate(events):
        known = {"type", "player", *fields.get(ev["type"], ())}
        for key in ev:
            if key not in known:
                raise TallyError(said("{game}: event {n}, \"{event}\", has nothing called "
                                      "{value!r}", game=g.id, n=ordinal(i),
                                      event=event_words(ev["type"]), value=key), game=g.id,
                                 rule=ev["type"], event=ev["type"], known=sorted(known),
                                 field=f"events.{i}.{key}")
    hands = read_hands(g, rnd, players, deck, max_hand)
    return Table(players, dealer, events, hands, rnd.get("carry"))


def read_hands(g, rnd: Mapping, players, deck: int, max_hand: int | None) -> dict[str, int]:
    """``hands``: {player: [slugs]} the cards each player holds when the round ends (optional;
    a player left out is simply not checked). A card in two hands is an error."""
    raw = rnd.get("hands")
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise TallyError(said("{game}: the hands must give each player's cards left in "
                              "hand", game=g.id), game=g.id, field="hands")
    out, seen = {}, 0
    for name, cards in raw.items():
        if name not in players:
            raise TallyError(said("{game}: hands names {player!r}, who is not one of the "
                                  "players", game=g.id, player=name),
                             game=g.id, player=name, field=f"hands.{name}")
        mask = pile_mask(g, cards, player=name, field=f"hands.{name}")
        if mask & ~deck:
            bad = slugs_of(mask & ~deck)[0]
            raise TallyError(said("player {player!r}: card {card!r} is not in play in this "
                                  "{game} round",
                                  player=name, card=bad, game=g.id), game=g.id, card=bad, player=name, field=f"hands.{name}")
        if max_hand is not None and mask.bit_count() > max_hand:
            raise TallyError(said("player {player!r}: {n} cards left in hand is more than "
                                  "{game} allows (a hand starts with {most} cards and never "
                                  "draws)", player=name, n=mask.bit_count(), game=g.id,
                                  most=max_hand), game=g.id, player=name, field=f"hands.{name}")
        if mask & seen:
            card = slugs_of(mask & seen)[0]
            other = next(p for p, m in out.items() if m & CARD[card].bit)
            raise TallyError(said("card {card!r} is in both {player}'s and {player2}'s hands",
                                  card=card, player=other, player2=name),
                             game=g.id, card=card, player=name, field=f"hands.{name}")
        seen |= mask
        out[name] = mask
    return out


def of_type(events: list, *types: str) -> list[tuple[int, dict]]:
    return [(i, ev) for i, ev in enumerate(events) if ev["type"] in types]


def flag(g, ev: Mapping, key: str, i: int, default=False) -> bool:
    v = ev.get(key, default)
    if not isinstance(v, bool):
        raise TallyError(said("{game}: event {n}, \"{event}\": \"{what}\" must be on or "
                              "off, not {value!r}", game=g.id, n=ordinal(i),
                              event=event_words(ev["type"]),
                              what=field_words(g, ev["type"], key), value=v),
                         game=g.id, rule=ev["type"], event=ev["type"],
                         field=f"events.{i}.{key}")
    return v


def whole(g, ev: Mapping, key: str, i: int, *, default=None, lo=0, hi=None) -> int:
    v = ev.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        words = {"game": g.id, "n": ordinal(i), "event": event_words(ev["type"]),
                 "what": field_words(g, ev["type"], key), "lo": lo, "value": v}
        raise TallyError(said("{game}: event {n}, \"{event}\": \"{what}\" must be a whole "
                              "number from {lo} to {hi}, not {value!r}", hi=hi, **words)
                         if hi is not None else
                         said("{game}: event {n}, \"{event}\": \"{what}\" must be a whole "
                              "number, at least {lo}, not {value!r}", **words),
                         game=g.id, rule=ev["type"], event=ev["type"],
                         field=f"events.{i}.{key}")
    return v


def single(g, found: list, what: str):
    """At most one event of a kind per round ("only one player can go out")."""
    if len(found) > 1:
        i, ev = found[1]
        raise TallyError(said("{game}: event {n}: a round has only one {what} (event {m} "
                              "already records one)", game=g.id, n=ordinal(i), what=what,
                              m=ordinal(found[0][0])), game=g.id,
                         rule=ev["type"], player=ev.get("player"), field=f"events.{i}")
    return found[0] if found else (None, None)


def check_out_hands(g, table: Table, winner: str, *, rule: str = "out"):
    """Whoever went out holds no cards; everybody else still holds at least one."""
    left = table.hands.get(winner)
    if left:
        raise TallyError(said("{game}: {player!r} went out but their hand still lists {n} "
                              "card(s) ({cards})", game=g.id, player=winner,
                              n=left.bit_count(), cards=", ".join(slugs_of(left))), game=g.id, player=winner,
                         rule=rule, field=f"hands.{winner}")
    for p, m in table.hands.items():
        if p != winner and not m:
            raise TallyError(said("{game}: {player!r} has no cards left too, but only "
                                  "{winner!r} went out (the round ends when the first player "
                                  "empties their hand)", game=g.id, player=p, winner=winner),
                             game=g.id, player=p, rule=rule, field=f"hands.{p}")


# --------------------------------------------------------------------------- totals and targets

def read_totals(g, carry, key: str, players) -> dict[str, int]:
    """The running totals a previous round's ``carry`` hands on (tokens, round wins, ...)."""
    if carry is None:
        return {p: 0 for p in players}
    if not isinstance(carry, Mapping):
        raise TallyError(said("{game}: the carry must be what the previous round's result "
                              "carried over", game=g.id), game=g.id, field="carry")
    if carry.get("game_over"):
        raise TallyError(said("{game}: the game is already over ({winner!r} won); start a "
                              "new game", game=g.id,
                              winner=carry.get("game_winner")), game=g.id, field="carry")
    raw = carry.get(key, {})
    if not isinstance(raw, Mapping):
        raise TallyError(said("{game}: {what} carried from the previous round must give "
                              "each player a whole number", game=g.id, what=key_words(key)),
                         game=g.id,
                         field=f"carry.{key}")
    out = {}
    for name, v in raw.items():
        if name not in players:
            raise TallyError(said("{game}: {what} carried from the previous round name "
                                  "{player!r}, who is not one of the players", game=g.id,
                                  what=key_words(key), player=name),
                             game=g.id, player=name, field=f"carry.{key}.{name}")
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise TallyError(said("{game}: {what} carried from the previous round: {player}'s "
                                  "must be a whole number, at least 0, not {value!r}",
                                  game=g.id, what=key_words(key), player=name, value=v),
                             game=g.id, player=name, field=f"carry.{key}.{name}")
        out[name] = v
    return {p: out.get(p, 0) for p in players}


def check_below_target(g, totals: Mapping[str, int], target: int, key: str):
    for p, v in totals.items():
        if v >= target:
            raise TallyError(said("{game}: {what} carried from the previous round give "
                                  "{player!r} {value}, which already reaches the target "
                                  "{target}: that game is over", game=g.id,
                                  what=key_words(key), player=p, value=v, target=target),
                             game=g.id, player=p,
                             field=f"carry.{key}.{p}")


def first_to(totals: Mapping[str, int], target: int) -> str | None:
    """Who reached the target (checked after every award; only the round's winner can)."""
    return next((p for p, v in totals.items() if v >= target), None)


def stake_payments(winner: str | None, players, amount, reason: str) -> tuple[Payment, ...]:
    """Each other player pays the winner ``amount`` chips (zero-sum by construction)."""
    if not winner or not amount:
        return ()
    return tuple(Payment(p, winner, amount, reason) for p in players if p != winner)


# --------------------------------------------------------------------------- round-win games

def out_hit(yaku_id: str, names: dict, value: int, cards: int = 0, note: str = "") -> YakuHit:
    return YakuHit(yaku_id, names.get("en", yaku_id), value, slugs_of(cards), names, note)


def round_win_result(g, rules, table: Table, winner: str | None, hit: YakuHit | None,
                     reason: str, *, target: int, notes=(), stake: int = 0,
                     next_dealer: str | None = None) -> RoundResult:
    """Hiyoko, Kage: a round is worth one round win; first to ``target`` wins the game."""
    totals = read_totals(g, table.carry, "round_wins", table.players)
    check_below_target(g, totals, target, "round_wins")
    scores = []
    for p in table.players:
        if p == winner:
            totals[p] += 1
            steps = (Step("base", "base", 1, reason, 1),)
            scores.append(PlayerScore(p, (hit,), 1, steps, 1, "winner",
                                      {"round_wins": totals[p]}))
        else:
            scores.append(PlayerScore(p, (), 0, (), 0, "loser" if winner else "draw",
                                      {"round_wins": totals[p]}))
    champion = first_to(totals, target)
    notes = list(notes)
    if champion:
        notes.append(said("game over: {player} has {wins} round wins (first to {target})",
                          player=champion, wins=totals[champion], target=target))
    pays = stake_payments(winner, table.players, stake, said("stake per round won"))
    return RoundResult(g.id, rules.preset, tuple(scores), pays, winner,
                       next_dealer or winner or table.dealer,
                       {"round_wins": totals, "game_over": bool(champion),
                        "game_winner": champion}, tuple(notes))


def score_out_race(g, rnd: Mapping, c, *, hand: int, target: int) -> RoundResult:
    """A round of a pure race (Hiyoko, both versions): exactly one ``out`` event; its player
    wins one round win and deals next; first to ``target`` round wins takes the game."""
    table = read_table(g, rnd, g.deck, max_hand=hand)
    i, out = single(g, of_type(table.events, "out"),
                    said("\"{event}\" event (only one player can go out first)",
                         event=event_words("out")))
    if out is None:
        raise TallyError(said("{game}: who went out? Enter the round's \"{event}\" event",
                              game=g.id, event=event_words("out")), game=g.id,
                         rule="out", field="events")
    winner = out["player"]
    check_out_hands(g, table, winner)
    hit = out_hit("out", {"en": "Out"}, 1)
    return round_win_result(g, c.rules, table, winner, hit,
                            said("out: {player} was first to play their last card: 1 round "
                                 "win", player=winner),
                            target=target, stake=c.rules["stake_per_round"])


def stake_per_round_option() -> Option:
    return stake_option("stake_per_round", "Optional money: each other player pays the round "
                        "winner this many chips. 0 = round wins only.")


# --------------------------------------------------------------------------- no teyaku

def evaluate_nothing(mask: int, c):
    """Hiyoko and Isuri have no teyaku and no card values (§3, §2): every hand scores 0."""
    return c.empty


def hiyoko_compile(rules):
    """``compile`` of Hiyoko (both versions): nothing to precompute but the empty hand score
    ``evaluate_nothing`` returns."""
    return SimpleNamespace(rules=rules, empty=Evaluation(0, ()))


# --------------------------------------------------------------------------- Hiyoko / Isuri wilds

# hiyoko.md §2 / isuri.md §2 (2026-12): each wild's ability -> its cards, in the book's row
# order. Hand wilds count as a month of their range when played from a hand; base wilds are
# wild only while they are the base card. Play only: no score depends on them, but Isuri's
# last card may be a wild played as another month (isuri-simplified.md §10.4).
HAND_WILD_MONTHS = {"hand_jan_oct": (1, 10), "hand_feb_nov": (2, 11), "hand_jan_dec": (1, 12)}
# The traditional wilds (hiyoko.md §2, settled; FudaWiki's Hiyoko page). The old digest had
# the warbler and the phoenix swapped: the warbler is the any-month base wild.
TRADITIONAL_WILDS = {
    "hand_jan_oct": ("pine-crane", "pine-poetry"),
    "hand_feb_nov": ("willow-rainman", "willow-ribbon"),
    "hand_jan_dec": ("cherry-poetry",),
    "base_january": ("paulownia-phoenix", "plum-poetry", "plum-chaff-1", "plum-chaff-2"),
    "base_any": ("plum-warbler",),
}
# The simplified games' wilds (hiyoko-simplified.md §2, best reading): the traditional ones
# moved by month number into the ordinary order (Tensho 2 willow -> plum, 6 paulownia ->
# peony, 12 plum -> paulownia).
BY_MONTH_WILDS = {
    "hand_jan_oct": ("pine-crane", "pine-poetry"),
    "hand_feb_nov": ("plum-warbler", "plum-poetry"),
    "hand_jan_dec": ("cherry-poetry",),
    "base_january": ("peony-butterflies", "paulownia-chaff-colored", "paulownia-chaff-1",
                     "paulownia-chaff-2"),
    "base_any": ("paulownia-phoenix",),
}
# hiyoko-simplified.md / isuri-simplified.md §8 house option ``simplified_wilds``.
SIMPLIFIED_WILDS = {"by_month": BY_MONTH_WILDS, "by_flower": TRADITIONAL_WILDS}
WILD_WORDS = {
    "hand_jan_oct": said("a hand wild for any month from January to October"),
    "hand_feb_nov": said("a hand wild for any month from February to November"),
    "hand_jan_dec": said("a hand wild for any month from January to December"),
    "base_january": said("a base wild, wild only while it is the base card"),
    "base_any": said("a base wild, wild only while it is the base card"),
    None: said("not a wild card"),
}


def with_wilds(table: Mapping[str, tuple], ability: str, *slugs: str) -> dict:
    """A wild table with more cards of one ability (Isuri's eleventh wild)."""
    out = dict(table)
    out[ability] = out[ability] + slugs
    return out


def wilds_option(description: str) -> Option:
    """hiyoko-simplified.md / isuri-simplified.md §8: which physical cards are the wilds."""
    return Option("simplified_wilds", CHOICE, "by_month", description,
                  choices=tuple(SIMPLIFIED_WILDS), group="play")


def ability_of(wilds: Mapping[str, tuple], slug: str) -> str | None:
    return next((a for a, cards in wilds.items() if slug in cards), None)


def played_as_note(wilds: Mapping[str, tuple], slug: str, month: int, played_as: int):
    """Isuri's last card entered as another month than its own: a note naming its wild
    ability, or a warning when it cannot count as that month (scored as given)."""
    ability = ability_of(wilds, slug)
    lo, hi = HAND_WILD_MONTHS.get(ability, (0, -1))
    ps = {"card": slug, "month": month, "played_as": played_as, "wild": WILD_WORDS[ability]}
    if lo <= played_as <= hi:
        return said("{card} (month {month}) was played as month {played_as}: {wild}", **ps)
    return said("warning: {card} (month {month}) was entered as played as month {played_as}, "
                "but it is {wild}; scored as given", **ps)


# --------------------------------------------------------------------------- Isuri scoring

ISURI_SAME = {3: "out_three_same", 4: "out_four_same", 5: "out_five_same",
              6: "out_six_same"}
ISURI_NAMES = {
    "plain_out": {"en": "Out"},
    "out_three_same": {"en": "Out with 3 cards of the same month"},
    "out_four_same": {"en": "Out with 4 cards of the same month"},
    "out_five_same": {"en": "Out with 5 cards of the same month"},
    "out_six_same": {"en": "Out with 6 cards of the same month"},
    "first_turn_bonus": {"en": "First-turn bonus"},
}
ISURI_ROUNDS = 6  # isuri-simplified.md §1 / isuri.md §1
ISURI_KEYS = ("tokens",)
TOKENS_INPUT = InputDef(  # Isuri's round key beyond the common ones (Game.inputs)
    "tokens", "int",
    "Optional: the tokens on the table at the end of the round. Without it, the tokens "
    "carried from the last round (1 at the start) plus one per all-pass event.", minimum=1)
ISURI_OUT_FIELDS = ("last_month", "last_card", "same_month_count", "first_turn")


def isuri_yaku_defs():
    rows = (
        ("plain_out", "Base = T x L", "No row below applies: Round = Base."),
        ("out_three_same", "Base x 3", "Went out putting down 3 cards of the same month."),
        ("out_four_same", "Base x 4", "Went out putting down 4 cards of the same month."),
        ("out_five_same", "Base x 5", "5 cards of the same month (needs wilds)."),
        ("out_six_same", "Base x 6 + T x 10", "6 cards of the same month (needs wilds)."),
        ("first_turn_bonus", "+ T x 10", "Went out on their own first turn (adds to any row)."),
    )
    return tuple(YakuDef(i, ISURI_NAMES[i], pts, description=d + " T = tokens on the table, "
                         "L = month of the winner's last card (January = 10).", kind="event",
                         group="" if i == "first_turn_bonus" else "out")
                 for i, pts, d in rows)


def isuri_events():
    from . import EventDef

    return (
        EventDef("all_pass", "Every player passed in a row: one token is added to the table "
                 "(kept for the whole game).", per_player=False),
        EventDef("out", "The player went out (played the last card from their hand).",
                 {"last_month": InputDef("", "int", "the month the last card counted as "
                                         "(January = 1)", minimum=1, maximum=12),
                  "last_card": InputDef("", "card", "the last card (its month counts unless the "
                                        "month is given)"),
                  "same_month_count": InputDef("", "int", "cards of that month put down "
                                               "together to go out (default 1)", minimum=1,
                                               maximum=6),
                  "first_turn": InputDef("", "bool", "they went out on their own first "
                                         "turn")}),
    )


def isuri_compile(g, rules, order, *, deck: int, wilds: Mapping[str, tuple],
                  only_one: int = 0):
    """``deck``: the cards in play under ``rules``; ``only_one``: cards of which the table
    kept one (isuri.md ``isuri_kept_paulownia`` = ``any``), so a round shows at most one."""
    split = chosen(g, rules, ("losers_each_pay_full", "losers_split")) == "losers_split"
    return SimpleNamespace(rules=rules, order=order, split=split, empty=Evaluation(0, ()),
                           deck=deck, wilds=wilds, only_one=only_one)


def isuri_payment_options() -> tuple[Option, ...]:
    return one_of((
        Option("losers_each_pay_full", BOOL, True, "With 3 players every player but the winner "
               "pays the whole round score (the recommended reading of the "
               "book's 'the opponent').", group="payment"),
        Option("losers_split", BOOL, False, "With 3 players the non-winners share the round "
               "score equally.", group="payment"),
    ))


def _isuri_totals(g, carry, players):
    """carry: {"table_tokens", "scores", "round_wins", "rounds_played"} (None = new game)."""
    scores = read_totals_signed(g, carry, "scores", players)
    wins = read_totals(g, carry, "round_wins", players)
    played, tokens = 0, 1  # §1: one token is put on the table at setup
    if carry:
        played = _carry_int(g, carry, "rounds_played", 0, 0)
        tokens = _carry_int(g, carry, "table_tokens", 1, 1)
        if played >= ISURI_ROUNDS:
            raise TallyError(said("{game}: {played} rounds were already played; the game "
                                  "lasts {rounds} rounds", game=g.id, played=played,
                                  rounds=ISURI_ROUNDS), game=g.id, field="carry.rounds_played")
    return scores, wins, played, tokens


def _carry_int(g, carry, key, default, lo):
    v = carry.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo:
        raise TallyError(said("{game}: {what} carried from the previous round must be a "
                              "whole number, at least {lo}, not {value!r}", game=g.id,
                              what=key_words(key), lo=lo, value=v),
                         game=g.id, field=f"carry.{key}")
    return v


def read_totals_signed(g, carry, key, players) -> dict:
    """Like ``read_totals`` for running scores, which may be negative (points taken)."""
    if carry is None:
        return {p: 0 for p in players}
    if not isinstance(carry, Mapping):
        raise TallyError(said("{game}: the carry must be what the previous round's result "
                              "carried over", game=g.id), game=g.id, field="carry")
    raw = carry.get(key, {})
    if not isinstance(raw, Mapping):
        raise TallyError(said("{game}: {what} carried from the previous round must give "
                              "each player a number", game=g.id, what=key_words(key)),
                         game=g.id,
                         field=f"carry.{key}")
    for name, v in raw.items():
        if name not in players:
            raise TallyError(said("{game}: {what} carried from the previous round name "
                                  "{player!r}, who is not one of the players", game=g.id,
                                  what=key_words(key), player=name),
                             game=g.id, player=name, field=f"carry.{key}.{name}")
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise TallyError(said("{game}: {what} carried from the previous round: {player}'s "
                                  "must be a number, not {value!r}", game=g.id,
                                  what=key_words(key), player=name, value=v),
                             game=g.id, player=name, field=f"carry.{key}.{name}")
    return {p: raw.get(p, 0) for p in players}


def _num(x):
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _check_kept_one(g, c, table: Table, last_card: str | None) -> None:
    """isuri.md ``isuri_kept_paulownia`` = ``any``: the table kept one of the three
    paulownia chaffs, so a round's hands and last card show at most one of them."""
    seen = CARD[last_card].bit if last_card else 0
    for m in table.hands.values():
        seen |= m
    kept = slugs_of(seen & c.only_one)
    if len(kept) > 1:
        raise TallyError(said("{game}: {card!r} and {other!r} are both in this round, but the "
                              "deck holds only one of them (the table removed the others)",
                              game=g.id, card=kept[0], other=kept[1]),
                         game=g.id, card=kept[1], option="isuri_kept_paulownia", field="hands")


def score_isuri(g, rnd: Mapping, c) -> RoundResult:
    """isuri-simplified.md §4-§6 (isuri.md §4-§6 with Tensho months): Round = T x L x n
    (n >= 3), + T x 10 for six of a month, + T x 10 for going out on the first turn; the
    loser(s) pay it to the winner; after 6 rounds the highest total wins."""
    rules, order = c.rules, c.order
    table = read_table(g, rnd, c.deck, extra_keys=ISURI_KEYS, max_hand=6)
    players = table.players
    scores, wins, played, carried = _isuri_totals(g, table.carry, players)
    passes = len(of_type(table.events, "all_pass"))
    counted = carried + passes
    notes = []
    if "tokens" in rnd:
        T = rnd["tokens"]
        if not isinstance(T, int) or isinstance(T, bool) or T < 1:
            raise TallyError(said("{game}: tokens must be a whole number >= 1 (the table "
                                  "starts with 1), not {value!r}", game=g.id, value=T),
                             game=g.id, field="tokens")
        if (table.carry or passes) and T != counted:
            raise TallyError(said("{game}: tokens is {tokens}, but the table holds {counted} "
                                  "({carried} carried from the last round or set up, + "
                                  "{passes} all-pass event(s))", game=g.id, tokens=T,
                                  counted=counted, carried=carried, passes=passes),
                             game=g.id, rule="all_pass", field="tokens")
    else:
        T = counted
    i, out = single(g, of_type(table.events, "out"),
                    said("\"{event}\" event (only one player can go out first)",
                         event=event_words("out")))
    if out is None:
        raise TallyError(said("{game}: who went out? Enter the round's \"{event}\" event with "
                              "the month of the last card", game=g.id,
                              event=event_words("out")), game=g.id, rule="out", field="events")
    winner = out["player"]
    check_out_hands(g, table, winner)
    month = None
    if "last_card" in out:
        card = pile_mask(g, [out["last_card"]], player=winner, field=f"events.{i}.last_card")
        slug = slugs_of(card)[0]
        holder = next((p for p, m in table.hands.items() if m & card), None)
        if card & ~c.deck:
            raise TallyError(said("player {player!r}: card {card!r} is not in play in this "
                                  "{game} round", player=winner, card=slug, game=g.id),
                             game=g.id, card=slug, player=winner, field=f"events.{i}.last_card")
        if holder:
            raise TallyError(said("{game}: the last card {card!r} was played, but the hands "
                                  "list it in {player!r}'s hand", game=g.id, card=slug,
                                  player=holder), game=g.id, card=slug, player=holder,
                             rule="out", field=f"events.{i}.last_card")
        month = month_of(slug, order)
    if "last_month" in out:
        m = whole(g, out, "last_month", i, lo=1, hi=12)
        if month is not None and m != month:
            notes.append(played_as_note(c.wilds, out["last_card"], month, m))
        month = m
    _check_kept_one(g, c, table, out.get("last_card"))
    if month is None:
        raise TallyError(said("{game}: event {n}, \"{event}\": give the last card or the "
                              "month it counted as (1-12): the month of {player}'s last card "
                              "sets the score", game=g.id, n=ordinal(i),
                              event=event_words("out"), player=winner), game=g.id,
                         player=winner, rule="out", field=f"events.{i}.last_month")
    n = whole(g, out, "same_month_count", i, default=1, lo=1, hi=6)
    first = flag(g, out, "first_turn", i)
    L = 10 if month == 1 else month  # §2: January counts as 10
    base = T * L
    steps = [Step("base", "base", base, _isuri_base_reason(T, L, month), base)]
    total = base
    row = ISURI_SAME.get(n, "plain_out")
    if n >= 3:
        total *= n
        steps.append(Step(row, "multiply", n, said("{yaku} x{count}: {player} went out putting "
                                                   "down {count} cards of the same month",
                                                   yaku=ISURI_NAMES[row]["en"], count=n, player=winner), total))
    row_points = total
    if n == 6:
        total += T * 10
        row_points = total
        steps.append(Step("out_six_same_bonus", "add", T * 10,
                          said("6 cards of the same month: + {tokens} tokens x 10",
                               tokens=T), total))
    hits = [out_hit(row, ISURI_NAMES[row], row_points)]
    if first:
        total += T * 10
        steps.append(Step("first_turn_bonus", "add", T * 10,
                          said("first-turn bonus: {player} went out on their own first turn: + "
                               "{tokens} tokens x 10", player=winner, tokens=T), total))
        hits.append(out_hit("first_turn_bonus", ISURI_NAMES["first_turn_bonus"], T * 10))
    losers = [p for p in players if p != winner]
    split = c.split
    share = _num(total / len(losers)) if split else total
    gained = _num(share * len(losers))
    if len(losers) > 1 and not split:
        steps.append(Step("losers_each_pay_full", "multiply", len(losers),
                          said("each of the {count} other players pays the full round score",
                               count=len(losers)), gained))
    elif len(losers) > 1:
        notes.append(said("the {count} other players share the round score: {share} each",
                          count=len(losers), share=share))
    round_score = said("round score")
    pays = tuple(Payment(p, winner, share, round_score) for p in losers)
    wins[winner] += 1
    played += 1
    for p in players:
        scores[p] = _num(scores[p] + (gained if p == winner else -share))
    result_scores = tuple(
        PlayerScore(p, tuple(hits), base, tuple(steps), gained, "winner",
                    {"score": scores[p], "round_wins": wins[p]}) if p == winner else
        PlayerScore(p, (), 0, (Step("pays", "base", -share,
                                    said("pays {player}'s round score", player=winner),
                                    -share),), -share, "loser",
                    {"score": scores[p], "round_wins": wins[p]})
        for p in players)
    over = played >= ISURI_ROUNDS
    champion, shared = None, []
    if over:
        champion, shared = _isuri_winner(scores, wins)
        notes.append(said("game over after {rounds} rounds: {player} wins with {score}",
                          rounds=ISURI_ROUNDS, player=champion, score=scores[champion])
                     if champion else
                     said("game over after {rounds} rounds: shared win: {players} (equal score "
                          "and rounds won, seed 002 p. 22)", rounds=ISURI_ROUNDS,
                          players=", ".join(shared)))
    carry = {"table_tokens": T, "scores": scores, "round_wins": wins, "rounds_played": played,
             "game_over": over, "game_winner": champion}
    if shared:
        carry["shared_winners"] = shared
    return RoundResult(g.id, rules.preset, result_scores, pays, winner, winner, carry,
                       tuple(notes))


def _isuri_base_reason(T, L, month):
    """The base step of an Isuri round: one template per month of the last card (the
    month name is a word, so it stays in the template)."""
    p = {"tokens": T, "value": L}
    if month == 1:
        return said("base score: {tokens} token(s) on the table x {value} (last card "
                    "January, counted as 10)", **p)
    if month == 2:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card February)", **p)
    if month == 3:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card March)", **p)
    if month == 4:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card April)", **p)
    if month == 5:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card May)", **p)
    if month == 6:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card June)", **p)
    if month == 7:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card July)", **p)
    if month == 8:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card August)", **p)
    if month == 9:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card September)", **p)
    if month == 10:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card October)", **p)
    if month == 11:
        return said("base score: {tokens} token(s) on the table x {value} "
                    "(last card November)", **p)
    # month == 12
    return said("base score: {tokens} token(s) on the table x {value} "
                "(last card December)", **p)


def _isuri_winner(scores, wins):
    """Highest total; ties: most rounds won, then a shared win (ch. 3 p. 22, seed 002 line
    651)."""
    best = max(scores.values())
    top = [p for p in scores if scores[p] == best]
    most = max(wins[p] for p in top)
    top = [p for p in top if wins[p] == most]
    return (top[0], []) if len(top) == 1 else (None, top)
