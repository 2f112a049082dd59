"""Six Hundred (shared/rules/six-hundred.md; Hanami book chapter 9; Japanese roppyakken).

Own card values (brights and the warbler 50, tens / ribbons / the special paulownia 10, other
chaff 0: deck 490), nineteen yaku, hand combinations claimed after the deal, and a wild
Storm Chaff whose leftovers stay on the field for nobody. Round score = hand combinations +
card value + yaku; the game ends after the round in which a running total reaches 600.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import BRIGHTS, CARD, CHAFFS, FULL_DECK, RIBBONS, TENS, WILLOW, mask_of, \
    month_mask, slugs_of
from ..errors import TallyError
from ..options import BOOL, CHOICE, Option, rule_words
from ..results import YakuHit, said
from ..rounds import event_words, ordinal, piles_of
from . import EventDef, Game, InputDef, YakuDef, pile_mask
from ._capture import (COMMON_EVENTS, HAND_SIZE, MONTHS, SETTLE_IDS, Compiled, Group, Ledger,
                       book_preset, card_step, check_all_captured, decide, evaluate_pile, finish,
                       game_winner, misdeal_result, month_warnings, read_piles, read_table, row,
                       shared_options, tie_note, value_of, yaku_defs, yaku_steps, _taking)

WARBLER = mask_of(["plum-warbler"])
SPECIAL = mask_of(["paulownia-chaff-colored"])  # "Special Paulownia"
SAKE_DEER = mask_of(["chrysanthemum-sake", "maple-deer"])
ZERO_CHAFF = CHAFFS & ~SPECIAL  # 10.5: the 0-point chaff (All Chaffs never counts the special)
PAULOWNIA = month_mask("paulownia")
LIGHTNING = mask_of(["willow-lightning"])

# Section 2, and the two card-value variations of section 8 (10.7: no warbler line in the
# alternate list, so the warbler is an ordinary ten; "2o" is read as 20).
BOOK_VALUES = {BRIGHTS: 50, WARBLER: 50, TENS & ~WARBLER: 10, RIBBONS: 10, SPECIAL: 10,
               ZERO_CHAFF: 0}
ALTERNATE_VALUES = {BRIGHTS: 20, TENS: 10, RIBBONS: 10, SPECIAL: 10, ZERO_CHAFF: 0}


def _value_rows(alternate: bool, sake_deer: bool) -> tuple:
    per_card = {}
    for mask, v in (ALTERNATE_VALUES if alternate else BOOK_VALUES).items():
        for s in slugs_of(mask):
            per_card[s] = v
    if sake_deer:
        for s in slugs_of(SAKE_DEER):
            per_card[s] = 50
    by_value: dict[int, int] = {}
    for s, v in per_card.items():
        by_value[v] = by_value.get(v, 0) | CARD[s].bit
    return tuple((m, v) for v, m in sorted(by_value.items(), reverse=True) if v)


def _month(flower: str, en: str, points: int):
    return row(f"all_four_{flower}", en, points, month_mask(flower), "month", False)


# Section 4 (10.2: the Bright group is "each", the Views group "one of").
BRIGHT_ROWS = (
    row("four_dry_brights", "4 Dry Brights (excluding Rain)", 600,
        ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"], "bright", False,
        ja="四光"),
    row("crane_moon_phoenix", "Crane, Moon, Phoenix", 150,
        ["pine-crane", "pampas-moon", "paulownia-phoenix"], "bright", False),
    row("spring_semi_brights", "Spring Semi-Brights", 150,
        ["pine-crane", "plum-warbler", "cherry-curtain"], "bright", False, ja="表菅原"),
)
RIBBON_ROWS = (
    row("seven_ribbons", "Any 7 Ribbons", 600, RIBBONS, "ribbon", False, need=7),
    row("poetry_ribbons", "3 Poetry Ribbons", 100,
        ["pine-poetry", "plum-poetry", "cherry-poetry"], "ribbon", False, ja="赤短"),
    row("purple_ribbons", "3 Purple Ribbons", 100,
        ["peony-blue", "chrysanthemum-blue", "maple-blue"], "ribbon", False, ja="青短"),
    row("dry_plain_ribbons", "3 Dry Plain Ribbons (excluding Rain)", 100,
        ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"], "ribbon", False),
)
VIEW_ROWS = (
    row("the_views", "The Views", 300, ["cherry-curtain", "pampas-moon", "chrysanthemum-sake"],
        "views", True),
    row("flower_viewing", "Flower Viewing", 100, ["cherry-curtain", "chrysanthemum-sake"],
        "views", True, ja="花見で一杯"),
    row("moon_viewing", "Moon Viewing", 100, ["pampas-moon", "chrysanthemum-sake"], "views",
        True, ja="月見で一杯"),
)
OTHER_ROWS = (
    row("boar_deer_butterfly", "Boar, Deer, Butterfly", 300,
        ["clover-boar", "maple-deer", "peony-butterflies"], "other", False, ja="猪鹿蝶"),
)
MONTH_ROWS = (
    row("all_four_willow", "All 4 Rain", 200, WILLOW, "month", False),
    _month("pine", "All 4 Pine", 50),
    _month("plum", "All 4 Plum", 50),
    _month("cherry", "All 4 Cherry", 50),
    _month("wisteria", "All 4 Wisteria", 50),
    _month("pampas", "All 4 Suzuki Grass", 50),
    _month("maple", "All 4 Maple", 50),
    _month("paulownia", "All 4 Paulownia", 50),
)
ROWS = BRIGHT_ROWS + RIBBON_ROWS + VIEW_ROWS + OTHER_ROWS + MONTH_ROWS

# Section 3: hand combinations (kind "hand"). All Chaffs and the 3-of-a-kind group add.
HAND = {"hand_all_chaff": 400, "hand_three_of_a_kind": 200, "hand_two_three_of_a_kind": 400}
HAND_NAMES = {"hand_all_chaff": "All Chaffs", "hand_three_of_a_kind": "Any 3 of a Kind",
              "hand_two_three_of_a_kind": "Any 3 of a Kind & Any 3 of a Kind"}
HAND_DEFS = (
    YakuDef("hand_all_chaff", {"en": "All Chaffs"}, "400", slugs_of(ZERO_CHAFF), "all chaffs",
            "every card dealt to the hand (8 with 2 players, 7 with 3) is a 0-point chaff; the "
            "coloured paulownia chaff does not qualify", kind="hand"),
    YakuDef("hand_three_of_a_kind", {"en": "Any 3 of a Kind"}, "200", (),
            "3 of a kind (one of)", "the hand holds at least 3 cards of one flower",
            kind="hand"),
    YakuDef("hand_two_three_of_a_kind", {"en": "Any 3 of a Kind & Any 3 of a Kind"}, "400", (),
            "3 of a kind (one of)", "at least 3 cards of each of two flowers (replaces the "
            "200)", kind="hand"),
)

OPTIONS = shared_options("shorter_rounds") + (
    Option("no_wild", BOOL, False,
           "willow-lightning is an ordinary 0-point chaff with no wild power (every card is "
           "then captured).", group="game flow"),
    Option("sake_deer_values", BOOL, False,
           "chrysanthemum-sake and maple-deer are worth 50 each (instead of 10).",
           group="round scoring"),
    Option("alternate_card_values", BOOL, False,
           "Card values bright 20, ten 10 (warbler included), ribbon 10, special paulownia "
           "10, chaff 0.", group="round scoring"),
    Option("rain_until_sunrise", BOOL, False,
           "A player holding any willow card scores 0 for Views-group yaku unless they also "
           "captured pine-crane.", group="round scoring"),
    Option("alternative_yaku_values", BOOL, False,
           "3 Poetry Ribbons are worth 150 and Spring Semi-Brights 100.", group="round scoring"),
    Option("scoring_canceled", BOOL, False,
           "If any player's round score without the willow and paulownia card values is 30 or "
           "less, every round score (hand combinations included) is 0; not when someone captured "
           "the 4 Dry Brights.", group="round scoring"),
    Option("seven_hundred", BOOL, False,
           "The target is 700, and the 4 Dry Brights and Any 7 Ribbons are worth 700 each.",
           group="game end"),
    # 10.8: "FudaWiki notes that some rule sets test card points only. Keep that as an app
    # option."
    Option("scoring_canceled_test", CHOICE, "round_score",
           "What the 30-or-less cancel tests: the round score (recommended: hand + cards + yaku, "
           "less the willow and paulownia card values) or the card points (card values only, less "
           "willow and paulownia).", choices=("round_score", "card_points"),
           group="reading"),
    # 10.2: the chapter and the chart interleave two columns; the literal layout would put
    # Crane-Moon-Phoenix and Spring Semi-Brights in the one-of Views group.
    Option("cmp_ssb_in_views_group", BOOL, False,
           "Put Crane, Moon, Phoenix and Spring Semi-Brights in the one-of Views group (the "
           "book's layout read literally). Off (recommended): they add up in the Bright group.",
           group="reading"),
) + shared_options("tie_credits_round_win", *SETTLE_IDS)

PRESETS = (book_preset("As the book has it: its own card values, Storm Chaff wild with leftovers "
                       "to nobody, hand combinations, target 600, all eight variations off."),)

EVENTS = COMMON_EVENTS + (
    EventDef("hand_combination_claim", "After the deal the player showed cards from their hand "
             "and claimed hand combinations (All Chaffs, Any 3 of a Kind, two of them). Checked "
             "against the shown cards (and the hands, when given); unclaimed combinations score "
             "nothing.",
             {"combinations": InputDef("", "yaku", "the hand combinations claimed",
                                       choices=tuple(HAND), required=True),
              "cards": InputDef("", "cards", "the cards shown", required=True)}),
    EventDef("wild_capture", "The player used willow-lightning to take 'card' (any card but a "
             "hiki). Play only; checked against the captures.",
             {"card": InputDef("", "card", "the card the Storm Chaff took", required=True)},
             requires=("!no_wild",)),
    EventDef("leftovers", "The cards left on the field at the end; they belong to nobody.",
             {"cards": InputDef("", "cards", "the cards left on the field")},
             per_player=False),
)


def compile(rules) -> Compiled:
    big = 700 if rules.seven_hundred else 600
    alt = rules.alternative_yaku_values
    fix = {"four_dry_brights": big, "seven_ribbons": big}
    if alt:
        fix.update(poetry_ribbons=150, spring_semi_brights=100)
    rows = tuple(r.with_points(fix[r.id]) if r.id in fix else r for r in ROWS)
    by_id = {r.id: r for r in rows}
    bright = [by_id[r.id] for r in BRIGHT_ROWS]
    views = [by_id[r.id] for r in VIEW_ROWS]
    if rules.cmp_ssb_in_views_group:
        moved = [replace(by_id[i], group="views", one_of=True)
                 for i in ("crane_moon_phoenix", "spring_semi_brights")]
        bright = [by_id["four_dry_brights"]]
        views = sorted(views + moved, key=lambda r: -r.points)
    void = ((WILLOW, mask_of(["pine-crane"]), said("rain until sunrise: a willow card and no "
                                                   "{card}", card="pine-crane"))
            if rules.rain_until_sunrise else None)
    groups = (Group(False, tuple(bright)),
              Group(False, tuple(by_id[r.id] for r in RIBBON_ROWS)),
              Group(True, tuple(views), void),
              Group(False, tuple(by_id[r.id] for r in OTHER_ROWS)),
              Group(False, tuple(by_id[r.id] for r in MONTH_ROWS)))
    values = _value_rows(rules.alternate_card_values, rules.sake_deer_values)
    return Compiled(rules, values, groups, {"target": big})


def evaluate(mask: int, c: Compiled):
    """One pile: card value + yaku (hand combinations are claimed in the round)."""
    return evaluate_pile(mask, c.values, c.groups)


def _said(message):
    """An error message (a said() sentence) led by the game id, said as one sentence."""
    return said("{game}: {message}", game="six-hundred", message=message)


def _hand_points(t, rnd, c) -> tuple[dict, list[str]]:
    """Hand combination claims, checked against the shown cards: ({player: [YakuHit]},
    notes on combinations a given hand holds but nobody claimed)."""
    size = HAND_SIZE[len(t.players)]  # section 3: 8 cards with 2 players, 7 with 3
    hands = {}
    if rnd.get("hands") is not None:
        hands = piles_of(GAME, rnd, t.players, "hands", max_pile=size)
    shown = {p: 0 for p in t.players}
    claims = {p: set() for p in t.players}
    for i, ev in enumerate(t.events):
        if ev["type"] != "hand_combination_claim":
            continue
        p, where = ev["player"], f"events.{i}"
        combos = ev.get("combinations")
        if not isinstance(combos, (list, tuple)) or not combos:
            raise TallyError(_said(said("\"{event}\" (event {i}) needs the hand "
                                        "combinations claimed, as a list", i=ordinal(i),
                                        event=event_words("hand_combination_claim"))),
                             game="six-hundred", player=p, rule="hand_combination_claim",
                             event="hand_combination_claim", field=f"{where}.combinations")
        for k in combos:
            if not isinstance(k, str) or k not in HAND:
                raise TallyError(_said(said("{value!r} is not a hand combination of this "
                                            "game (these are: {combos})", value=k,
                                            combos=", ".join(HAND_NAMES.values()))),
                                 game="six-hundred", player=p, rule=str(k),
                                 field=f"{where}.combinations", known=tuple(HAND))
        cards = ev.get("cards")
        if isinstance(cards, (str, bytes)) or not isinstance(cards, (list, tuple)):
            raise TallyError(_said(said("\"{event}\" (event {i}) needs the cards shown",
                                        i=ordinal(i), event=event_words("hand_combination_claim"))),
                             game="six-hundred", player=p, rule="hand_combination_claim",
                             event="hand_combination_claim", field=f"{where}.cards")
        m = pile_mask(GAME, cards, player=p, field=f"{where}.cards")
        if m.bit_count() > size:
            raise TallyError(_said(said("{player} showed {n} cards, but a hand holds {size} with "
                                        "{players} players", player=p, n=m.bit_count(),
                                        size=size, players=len(t.players))), game="six-hundred",
                             player=p, rule="hand_combination_claim", field=f"{where}.cards")
        if p in hands and m & ~hands[p]:
            bad = slugs_of(m & ~hands[p])[0]
            raise TallyError(_said(said("{player} showed {card!r}, which is not in {player}'s "
                                        "hand", player=p, card=bad)),
                             game="six-hundred", card=bad, player=p,
                             rule="hand_combination_claim", field=f"{where}.cards")
        shown[p] |= m
        claims[p].update(combos)
    seen = 0
    for p in t.players:
        if shown[p] & seen:
            bad = slugs_of(shown[p] & seen)[0]
            raise TallyError(_said(said("{card!r} was shown from two hands", card=bad)),
                             game="six-hundred",
                             card=bad, player=p, rule="hand_combination_claim", field="events")
        seen |= shown[p]
    out = {}
    notes = []
    for p in t.players:
        if p in hands:
            h = hands[p]
            three = sum(1 for _, mm in MONTHS if (h & mm).bit_count() >= 3)
            held = [k for k, ok in (("hand_all_chaff", h.bit_count() == size
                                     and not h & ~ZERO_CHAFF),
                                    ("hand_three_of_a_kind", three == 1),
                                    ("hand_two_three_of_a_kind", three >= 2)) if ok]
            for k in held:
                if k not in claims[p]:
                    notes.append(said("{player}'s hand holds {combination} but it was not "
                                      "claimed: it scores nothing", player=p,
                                      combination=HAND_NAMES[k]))
        m = shown[p]
        triples = sum(1 for _, mm in MONTHS if (m & mm).bit_count() >= 3)
        ok = {
            "hand_all_chaff": m.bit_count() == size and not m & ~ZERO_CHAFF,
            "hand_three_of_a_kind": triples >= 1,
            "hand_two_three_of_a_kind": triples >= 2,
        }
        why = {
            "hand_all_chaff": said("needs all {size} cards of the hand shown, each a 0-point "
                                   "chaff", size=size),
            "hand_three_of_a_kind": said("needs 3 cards of one flower among the shown cards"),
            "hand_two_three_of_a_kind": said("needs 3 cards of each of two flowers among the "
                                             "shown cards"),
        }
        for k in sorted(claims[p]):
            if not ok[k]:
                raise TallyError(_said(said("{player} claims {combination} but the shown cards do "
                                            "not make it ({why})", player=p,
                                            combination=HAND_NAMES.get(k, k),
                                            why=why[k])), game="six-hundred", player=p, rule=k,
                                 field="events")
        hits = []
        if "hand_all_chaff" in claims[p]:
            hits.append(YakuHit("hand_all_chaff", "All Chaffs", 400, slugs_of(m),
                                {"en": "All Chaffs"}))
        best = ("hand_two_three_of_a_kind" if "hand_two_three_of_a_kind" in claims[p]
                else "hand_three_of_a_kind" if "hand_three_of_a_kind" in claims[p] else None)
        if best:
            cards = 0
            for _, mm in MONTHS:
                if (m & mm).bit_count() >= 3:
                    cards |= m & mm
            hits.append(YakuHit(best, HAND_NAMES[best], HAND[best], slugs_of(cards),
                                {"en": HAND_NAMES[best]}))
        out[p] = hits
    return out, notes


def _canceled_words(low, tests):
    """The scoring_canceled step: one template per number of players at 30 or less."""
    ps = {}
    for i, p in enumerate(low, 1):
        ps[f"player{i}"], ps[f"value{i}"] = p, tests[p]
    if len(low) == 1:
        return said("scoring canceled: without willow and paulownia card values {player1} "
                    "{value1} (30 or less); every score is 0", **ps)
    if len(low) == 2:
        return said("scoring canceled: without willow and paulownia card values {player1} "
                    "{value1}, {player2} {value2} (30 or less); every score is 0", **ps)
    return said("scoring canceled: without willow and paulownia card values {player1} "
                "{value1}, {player2} {value2}, {player3} {value3} (30 or less); every score "
                "is 0", **ps)


def _check_play_events(t, piles, union) -> list[str]:
    r = t.rules
    notes = []
    for i, ev in enumerate(t.events):
        where = f"events.{i}"
        if ev["type"] == "wild_capture":
            p, slug = ev["player"], ev.get("card")
            if r.no_wild:
                raise TallyError(_said(said("\"{event}\" with the house rule \"{rule}\" on "
                                            "(the Storm Chaff is not wild)",
                                            event=event_words("wild_capture"),
                                            rule=rule_words(GAME.id, "no_wild"))),
                                 game="six-hundred", player=p, option="no_wild",
                                 rule="wild_capture", event="wild_capture", field=where)
            bit = pile_mask(GAME, [slug], player=p, field=f"{where}.card")
            for need, what in ((bit, slug), (LIGHTNING, "willow-lightning")):
                if not piles[p] & need:
                    raise TallyError(_said(said("\"{event}\" says {player} took {card!r} with "
                                                "the Storm Chaff, but {missing!r} is not in "
                                                "{player}'s captures", player=p, card=slug,
                                                missing=what,
                                                event=event_words("wild_capture"))),
                                     game="six-hundred", card=what, player=p,
                                     rule="wild_capture", event="wild_capture",
                                     field=f"{where}.card")
        elif ev["type"] == "leftovers":
            cards = ev.get("cards", [])
            m = pile_mask(GAME, cards, field=f"{where}.cards")
            if m & union:
                bad = slugs_of(m & union)[0]
                raise TallyError(_said(said("leftover {card!r} is also in a player's captures",
                                            card=bad)),
                                 game="six-hundred", card=bad, rule="leftovers",
                                 field=f"{where}.cards")
            if not r.shorter_rounds and m != FULL_DECK & ~union:
                missing = slugs_of(FULL_DECK & ~union & ~m)
                raise TallyError(_said(said("the leftovers must be every card nobody captured; "
                                            "also uncaptured: {cards}",
                                            cards=", ".join(missing) or "none")),
                                 game="six-hundred", card=missing[0] if missing else None,
                                 rule="leftovers", field=f"{where}.cards")
    return notes


def score_round(rnd, c: Compiled):
    r = c.rules
    t = read_table(GAME, rnd, r)
    if t.misdeal:
        return misdeal_result(t, r.preset)
    piles = read_piles(t, rnd)
    union = 0
    for m in piles.values():
        union |= m
    notes = _check_play_events(t, piles, union)
    if r.no_wild and not r.shorter_rounds:
        total = check_all_captured(t, piles, c.values, said(
            "with the house rule \"{rule}\" every month pairs off and the round ends with "
            "the field empty", rule=rule_words(t.game.id, "no_wild")))
        notes.append(said("card values total {total} (the whole deck)", total=total))
    else:
        left = (FULL_DECK & ~union).bit_count()
        notes.append(said("{count} card(s) uncaptured: they belong to nobody",
                          count=left))
        if not r.shorter_rounds and left > 2:
            notes.append(said("warning: {count} cards uncaptured; with the Storm Chaff at most "
                              "2 are left on the field at the end", count=left))
    hand, more = _hand_points(t, rnd, c)
    notes += more
    if r.no_wild:  # capture-basics.md 5: without the wild card captures come in pairs
        notes += month_warnings(piles, t.players)
    evs = {p: evaluate(piles[p], c) for p in t.players}
    led = Ledger(t.players)
    for p in t.players:
        card_step(led, p, piles[p], evs[p], c.values)
        for h in hand[p]:
            led.add(p, h.id, h.points, said("hand combination: {yaku} ({points})",
                                            yaku=h.name, points=h.points))
        yaku_steps(led, p, evs[p])
    held = {y.id: p for p in t.players for y in evs[p].yaku if y.points}
    cancelled = False
    if r.scoring_canceled:
        if "four_dry_brights" in held:
            notes.append(said("scoring canceled does not apply: {player} captured 4 Dry "
                              "Brights", player=held["four_dry_brights"]))
        else:
            wp = WILLOW | PAULOWNIA
            tests = {}
            for p in t.players:
                base = (led.total[p] if r.scoring_canceled_test == "round_score"
                        else evs[p].details["card_value"])
                tests[p] = base - value_of(piles[p] & wp, c.values)
            low = [p for p in t.players if tests[p] <= 30]
            if low:
                cancelled = True
                why = _canceled_words(low, tests)
                for p in t.players:
                    led.set(p, "scoring_canceled", 0, why)
                notes.append(said("scoring canceled: every score is 0, a tie of all players"))
    winner, next_dealer, tied = decide(t, led.total)
    if tied:
        notes.append(tie_note(t, tied, winner, next_dealer))
    target = c.extra["target"]

    def end_check(totals, wins):
        over = [p for p in t.players if totals[p] >= target]
        if not over:
            return None
        if len(over) == 1:
            return over[0], said("{player} reached {target}", player=over[0], target=target)
        who = ", ".join(over)
        if held.get("four_dry_brights") in over and not cancelled:
            return held["four_dry_brights"], said(
                "{players} reached {target}; {player} captured 4 Dry Brights", players=who,
                target=target, player=held["four_dry_brights"])
        if held.get("seven_ribbons") in over and not cancelled:
            return held["seven_ribbons"], said(
                "{players} reached {target}; {player} captured Any 7 Ribbons", players=who,
                target=target, player=held["seven_ribbons"])
        gw, how = game_winner(t, totals, wins)
        return gw, _taking("{players} reached {target}; ", how, players=who, target=target)

    yaku = {p: tuple(hand[p]) + evs[p].yaku for p in t.players}
    return finish(t, r.preset, led, yaku, winner, next_dealer, notes, end_check=end_check)


GAME = Game(
    id="six-hundred",
    names={"en": "Six Hundred", "ja": "六百間", "ko": "육백"},
    family="capture",
    players=(2, 3),
    deck=FULL_DECK,
    options=OPTIONS,
    presets=PRESETS,
    default_preset="book",
    yaku=yaku_defs(ROWS) + HAND_DEFS,
    events=EVENTS,
    compile=compile,
    evaluate=evaluate,
    score_round=score_round,
    source="shared/rules/six-hundred.md",
    round_example={
        # six-hundred.md section 9: players A and B are the book's A (480) and B (520, the
        # digest's corrected reading); C is re-dealt from the remaining cards (the book's C
        # needs A's phoenix): C claimed All Chaffs, his Storm Chaff took pampas-chaff-1, and
        # the last willow and pampas-chaff-2 stayed on the field.
        "players": ["A", "B", "C"],
        "dealer": "A",
        "hands": {"C": ["pine-chaff-1", "pine-chaff-2", "cherry-chaff-1", "cherry-chaff-2",
                        "wisteria-chaff-1", "iris-chaff-2", "maple-chaff-2"]},
        "captures": {
            "A": ["pine-crane", "pine-chaff-1", "pampas-moon", "pampas-geese",
                  "paulownia-phoenix", "paulownia-chaff-1", "wisteria-cuckoo",
                  "wisteria-ribbon", "iris-bridge", "iris-ribbon", "clover-ribbon",
                  "clover-chaff-1", "willow-swallow", "willow-ribbon", "plum-chaff-1",
                  "plum-chaff-2", "peony-chaff-1", "peony-chaff-2"],
            "B": ["cherry-curtain", "cherry-chaff-1", "chrysanthemum-sake",
                  "chrysanthemum-chaff-1", "clover-boar", "clover-chaff-2", "maple-deer",
                  "maple-chaff-1", "peony-butterflies", "peony-blue", "pine-poetry",
                  "pine-chaff-2", "chrysanthemum-blue", "chrysanthemum-chaff-2",
                  "iris-chaff-1", "iris-chaff-2"],
            "C": ["plum-warbler", "plum-poetry", "cherry-poetry", "cherry-chaff-2",
                  "wisteria-chaff-1", "wisteria-chaff-2", "maple-blue", "maple-chaff-2",
                  "paulownia-chaff-colored", "paulownia-chaff-2", "willow-lightning",
                  "pampas-chaff-1"],
        },
        "events": [{"type": "hand_combination_claim", "player": "C",
                    "combinations": ["hand_all_chaff"],
                    "cards": ["pine-chaff-1", "pine-chaff-2", "cherry-chaff-1",
                              "cherry-chaff-2", "wisteria-chaff-1", "iris-chaff-2",
                              "maple-chaff-2"]},
                   {"type": "wild_capture", "player": "C", "card": "pampas-chaff-1"},
                   {"type": "leftovers", "cards": ["willow-rainman", "pampas-chaff-2"]}],
    },
    lengths=(),
    description="Roppyakken: own card values, nineteen yaku and hand combinations; the first "
                "to 600 wins.",
    inputs=(
        InputDef("hands", "cards",
                 "Optional: the cards each player was dealt (8 each for 2 players, 7 for 3). "
                 "Hand combination claims and a misdeal called for a hand are checked against "
                 "them.", per_player=True),
    ),
)
