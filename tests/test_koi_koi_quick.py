"""Koi-Koi quick entry (issue 9, section 1): the round recorded from what is said at the
table, the yaku by name with their counts ("Tan, 7 ribbons") instead of the captured cards.

Every worked example of shared/rules/koi-koi.md section 9 (K1-K11 from the Hanami book, seed
002 lines 1849-2121; the derived checks D1-D20) is entered again with each pile replaced by
the yaku it scores. The expected numbers are the digest's (or follow from its section 4 table
and section 5.5 formula by the arithmetic written next to them); besides them, each quick
round must settle exactly as the same round with cards: points, payments, next dealer, carry.
"""

import copy
import random

import pytest

import tally
from tally import TallyError
from tally import create_app

G = "koi-koi"

# the piles of tests/test_koi_koi.py, for the rounds with cards
POETRY3 = ["pine-poetry", "plum-poetry", "cherry-poetry"]
PURPLE3 = ["peony-blue", "chrysanthemum-blue", "maple-blue"]
FIVE_TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese",
             "willow-swallow"]
ISC = ["clover-boar", "maple-deer", "peony-butterflies"]
DRY_BRIGHTS = ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"]
BRIGHTS5 = DRY_BRIGHTS + ["willow-rainman"]
PLAIN_CHAFFS = [c.slug for c in tally.ALL_CARDS if "-chaff-" in c.slug
                and c.slug != "paulownia-chaff-colored"]

# the same piles as said at the table: (yaku, count) or (yaku,)
AKATAN = [("akatan", 3)]            # K7: the 3 poetry ribbons, akatan 5
AKATAN_4 = [("akatan", 4)]          # K8: + wisteria-ribbon, akatan 5 + 1
AOTAN = [("aotan", 3)]              # K2: the 3 purple ribbons, aotan 5
TANE = [("tane", 5)]                # K9: five tens, tane 1
AKATAN_TANE = AKATAN + TANE         # K1, K6: akatan 5 + tane 1


def declared(pile):
    return [{"yaku": y[0], "count": y[1]} if len(y) > 1 else {"yaku": y[0]} for y in pile]


def events(*calls):
    return [c if isinstance(c, dict) else {"type": c[0], "player": c[1]} for c in calls]


def koi(p):
    return ("koi_koi", p)


def stop(p):
    return ("stop", p)


def cards_round(evs, a=None, b=None, dealer="A", **extra):
    caps = {p: list(x) for p, x in (("A", a), ("B", b)) if x is not None}
    return {"players": ["A", "B"], "dealer": dealer, "captures": caps,
            "events": events(*evs), **extra}


def quick_round(evs, a=None, b=None, dealer="A", **extra):
    said = {p: declared(x) for p, x in (("A", a), ("B", b)) if x is not None}
    return {"players": ["A", "B"], "dealer": dealer, "declared": said,
            "events": events(*evs), **extra}


def score(rnd, **options):
    return tally.score_round(G, rnd, options=options or None)


def pts(result):
    return {p.player: p.points for p in result.players}


def settles_alike(quick, cards):
    """The quick round settles as the round with cards: points, payments, winner, next
    dealer and carry (only the breakdown's yaku and notes say what was declared)."""
    assert pts(quick) == pts(cards)
    assert [(p.payer, p.payee, p.amount) for p in quick.payments] == \
        [(p.payer, p.payee, p.amount) for p in cards.payments]
    assert (quick.winner, quick.next_dealer, quick.carry) == \
        (cards.winner, cards.next_dealer, cards.carry)
    for q, c in zip(quick.players, cards.players):
        assert [(y.id, y.points) for y in q.yaku] == [(y.id, y.points) for y in c.yaku]
        assert [(s.id, s.op, s.value, s.total) for s in q.steps] == \
            [(s.id, s.op, s.value, s.total) for s in c.steps]


# ------------------------------------------------------- K1-K11 (book pp. 54-57)
# koi-koi.md section 9; book p. 54 "Calling" (seed lines 1862-1895) and pp. 56-57 "Scoring"
# (lines 1938-2063). Each row: the calls, the dealer, A's and B's piles with cards and as
# said, then the digest's points and the next dealer.
K_EXAMPLES = {
    # K1: A yaku -> koi-koi, A another -> stop: A doubled (akatan 5 + tane 1 = 6, x2 = 12)
    "K1": ([koi("A"), stop("A")], "B", POETRY3 + FIVE_TENS, [], AKATAN_TANE, [],
           {"A": 12, "B": 0}, "A"),
    # K2: A koi-koi; B yaku -> stop: B doubled (aotan 5 x 2 = 10), A 0
    "K2": ([koi("A"), stop("B")], "A", POETRY3, PURPLE3, AKATAN, AOTAN,
           {"A": 0, "B": 10}, "B"),
    # K3: no koi-koi; A stop: undoubled (akatan 5)
    "K3": ([stop("A")], "A", POETRY3, None, AKATAN, None, {"A": 5, "B": 0}, "A"),
    # K4: A koi-koi, nobody stops: 0-0, the dealer keeps the deal
    "K4": ([koi("A")], "B", POETRY3, [], AKATAN, [], {"A": 0, "B": 0}, "B"),
    # K5: nobody stops, no call: 0-0
    "K5": ([], "A", [], [], [], [], {"A": 0, "B": 0}, "A"),
    # K6: A koi-koi twice then stop: doubled once (6 x 2 = 12)
    "K6": ([koi("A"), koi("A"), stop("A")], "A", POETRY3 + FIVE_TENS, None, AKATAN_TANE, None,
           {"A": 12, "B": 0}, "A"),
    # K7: 3 poetry ribbons, stop, no koi-koi: akatan 5
    "K7": ([stop("A")], "A", POETRY3, None, AKATAN, None, {"A": 5, "B": 0}, "A"),
    # K8: 3 poetry -> koi-koi; a 4th ribbon -> stop: akatan 6 x 2 = 12
    "K8": ([koi("A"), stop("A")], "A", POETRY3 + ["wisteria-ribbon"], None, AKATAN_4, None,
           {"A": 12, "B": 0}, "A"),
    # K9: A 3 poetry -> koi-koi; B 5 tens -> stop: tane 1 x 2 = 2
    "K9": ([koi("A"), stop("B")], "A", POETRY3, FIVE_TENS, AKATAN, TANE,
           {"A": 0, "B": 2}, "B"),
    # K10: A koi-koi, B koi-koi, no stop: draw
    "K10": ([koi("A"), koi("B")], "A", POETRY3, FIVE_TENS, AKATAN, TANE,
            {"A": 0, "B": 0}, "A"),
    # K11: both call, A adds a ribbon and stops: akatan 6 x 2 (once) = 12
    "K11": ([koi("A"), koi("B"), stop("A")], "A", POETRY3 + ["wisteria-ribbon"], FIVE_TENS,
            AKATAN_4, TANE, {"A": 12, "B": 0}, "A"),
}


@pytest.mark.parametrize("name", list(K_EXAMPLES))
def test_book_examples_k1_to_k11(name):
    evs, dealer, ca, cb, qa, qb, expected, next_dealer = K_EXAMPLES[name]
    quick = score(quick_round(evs, qa, qb, dealer))
    assert pts(quick) == expected, name
    assert quick.next_dealer == next_dealer, name
    settles_alike(quick, score(cards_round(evs, ca, cb, dealer)))


def k(name, **changes):
    """The quick and the cards round of example ``name``."""
    evs, dealer, ca, cb, qa, qb, _, _ = K_EXAMPLES[name]
    return quick_round(evs, qa, qb, dealer, **changes), cards_round(evs, ca, cb, dealer,
                                                                    **changes)


# ------------------------------------------------------- D1-D6: koi-koi multipliers
@pytest.mark.parametrize("example, options, player, expected", [
    ("K11", {"koikoi_multiplier": True}, "A", 18),  # D1: 2 calls -> x3 -> 6 x 3
    ("K6", {"koikoi_multiplier": True}, "A", 18),   # D2: 2 calls -> x3 -> 6 x 3
    ("K8", {"challenge": True}, "A", 6),            # D3: only A's own call -> 6
    ("K9", {"challenge": True}, "B", 2),            # D4: A (B's opponent) called -> 2
    ("K8", {"double_or_nothing": True}, "A", 12),   # D5: A called -> 12
    ("K9", {"double_or_nothing": True}, "B", 1),    # D6: B never called -> 1
], ids=["D1", "D2", "D3", "D4", "D5", "D6"])
def test_d1_to_d6_koikoi_variants(example, options, player, expected):
    quick, cards = k(example)
    q = score(quick, **options)
    assert pts(q)[player] == expected
    settles_alike(q, score(cards, **options))


# ------------------------------------------------------- D7-D14: the yaku table
D8_CARDS = ISC + ["plum-warbler", "wisteria-cuckoo"]


@pytest.mark.parametrize("said_pile, cards, options, expected", [
    # D7: boar, deer, butterflies + warbler: inoshikacho 5 + 1 = 6
    ([("inoshikacho", 4)], ISC + ["plum-warbler"], {}, 6),
    # D8: 5 tens with boar, deer, butterflies: inoshikacho 7 (beats tane 1); lucky_7 x2 = 14
    ([("inoshikacho", 5)], D8_CARDS, {"lucky_7": True}, 14),
    # D11: 5 brights + sake: goko 10 + hanami 5 + tsukimi 5 = 20
    ([("goko",), ("hanami",), ("tsukimi",)], BRIGHTS5 + ["chrysanthemum-sake"], {}, 20),
    # D12: 3 poetry + 3 purple + a 7th ribbon: akatan_aotan 10 + 1 = 11
    ([("akatan_aotan", 7)], POETRY3 + PURPLE3 + ["wisteria-ribbon"], {}, 11),
    # D14: 12 chaffs: kasu 1 + 2 = 3
    ([("kasu", 12)], PLAIN_CHAFFS[:12], {}, 3),
], ids=["D7", "D8", "D11", "D12", "D14"])
def test_d7_to_d14_the_yaku_table(said_pile, cards, options, expected):
    q = score(quick_round([stop("A")], said_pile), **options)
    assert pts(q)["A"] == expected
    settles_alike(q, score(cards_round([stop("A")], cards), **options))


@pytest.mark.parametrize("options, expected", [
    ({"lucky_7": True}, 28), ({"lucky_7": True, "lucky_7_triple": True}, 21), ({}, 14)])
def test_d9_lucky_7_after_a_call(options, expected):
    """D9: D8 after B's koi-koi: lucky_7 x4 = 28; lucky_7_triple x3 = 21; without it 14."""
    quick = quick_round([koi("B"), stop("A")], [("inoshikacho", 5)], AKATAN)
    q = score(quick, **options)
    assert pts(q)["A"] == expected
    settles_alike(q, score(cards_round([koi("B"), stop("A")], D8_CARDS, POETRY3), **options))


def test_d10_no_bright_yaku_means_nothing_to_declare():
    """D10: the rain man + 2 dry brights are no yaku: with cards the stop is refused; said at
    the table, nothing is declared, and the stop is refused alike."""
    with pytest.raises(TallyError, match="no yaku"):
        score(cards_round([stop("A")], ["pine-crane", "cherry-curtain", "willow-rainman"]))
    with pytest.raises(TallyError, match="no yaku that scores was declared") as e:
        score(quick_round([stop("A")], []))
    assert e.value.player == "A" and e.value.field == "events.0"


@pytest.mark.parametrize("willow", [True, False])
def test_d13_tan_ignores_the_willow_ribbon(willow):
    """D13 / A1: 5 dry ribbons + the willow ribbon: tan 1 under either setting (tan counts
    the 5 dry ones)."""
    cards = ["pine-poetry", "plum-poetry", "peony-blue", "chrysanthemum-blue",
             "wisteria-ribbon", "willow-ribbon"]
    opts = {"willow_ribbon_counts_as_additional": willow}
    q = score(quick_round([stop("A")], [("tan", 5)]), **opts)
    assert pts(q)["A"] == 1
    settles_alike(q, score(cards_round([stop("A")], cards), **opts))


# ------------------------------------------------------- D15-D20
def test_d15_bright_and_super_bright():
    """D15: K7 with 2 brights in the opening field: bright 5 x 2 = 10; super_bright 5 x 3."""
    field = {"type": "opening_field_brights", "count": 2}
    quick, cards = (quick_round([stop("A"), field], AKATAN),
                    cards_round([stop("A"), field], POETRY3))
    assert pts(score(quick, bright=True))["A"] == 10
    assert pts(score(quick, super_bright=True))["A"] == 15
    settles_alike(score(quick, super_bright=True), score(cards, super_bright=True))


def test_d16_willow_ribbon_raises_akatan():
    """D16 / A1: 3 poetry + willow ribbon: akatan 6 by default, the willow ribbon counted
    (4 ribbons); 5 with willow_ribbon_counts_as_additional off, where akatan counts only the
    3 dry ones. A count is what the rules in force count."""
    cards = cards_round([stop("A")], POETRY3 + ["willow-ribbon"])
    q = score(quick_round([stop("A")], AKATAN_4))
    assert pts(q)["A"] == 6
    settles_alike(q, score(cards))
    off = {"willow_ribbon_counts_as_additional": False}
    q = score(quick_round([stop("A")], AKATAN), **off)
    assert pts(q)["A"] == 5
    settles_alike(q, score(cards, **off))
    # without the willow ribbon, akatan alone counts at most 3 + 3 plain + 2 purple = 8
    with pytest.raises(TallyError, match="3 Poetry Ribbons counts 3 to 8"):
        score(quick_round([stop("A")], [("akatan", 9)]), **off)
    assert pts(score(quick_round([stop("A")], [("akatan", 9)])))["A"] == 11  # 5 + 6


def test_d17_four_dry_ribbons_are_no_tan():
    """D17: 4 dry ribbons + the willow ribbon are no yaku: tan counts 5 or more."""
    with pytest.raises(TallyError, match="Any 5 Dry Ribbons .* counts 5 to 7") as e:
        score(quick_round([stop("A")], [("tan", 4)]))
    assert e.value.field == "declared.A.0.count" and e.value.rule == "tan"


def test_d18_sake_cup_as_a_chaff():
    """D18: sake_10_or_1, the sake cup + 3 tens + 9 chaffs: as a chaff, kasu 1 (C = 10)."""
    cards = ["chrysanthemum-sake", "plum-warbler", "iris-bridge", "pampas-geese"] + \
        PLAIN_CHAFFS[:9]
    q = score(quick_round([stop("A")], [("kasu", 10)]), sake_10_or_1=True)
    assert pts(q)["A"] == 1
    assert pts(score(cards_round([stop("A")], cards), sake_10_or_1=True)) == pts(q)


def test_d19_dealers_delight():
    """D19: no stop, neither pile meets a yaku: the dealer 6, keeps the deal; A10: not a
    round won."""
    q = score(quick_round([], [], [], dealer="B"), dealers_delight=True)
    assert pts(q) == {"A": 0, "B": 6} and q.next_dealer == "B"
    assert [(p.payer, p.payee, p.amount) for p in q.payments] == [("A", "B", 6)]
    assert q.carry["rounds_won"] == {"A": 0, "B": 0}
    cards = cards_round([], PLAIN_CHAFFS[:9], PLAIN_CHAFFS[9:18], dealer="B")
    settles_alike(q, score(cards, dealers_delight=True))


def test_d19_dealers_delight_needs_both_players_said():
    with pytest.raises(TallyError, match="B's captured cards are required"):
        score(quick_round([], []), dealers_delight=True)


def test_a10_a_declared_yaku_voids_dealers_delight():
    """A10: a round that ends with yaku but no stop is still 0-0."""
    q = score(quick_round([koi("A")], AKATAN, []), dealers_delight=True)
    assert pts(q) == {"A": 0, "B": 0} and q.payments == ()


def test_d20_automatic_win_with_quick_entry():
    """D20 / A11: automatic_win and bright, four pairs dealt: 6 flat, the holder deals next;
    a quick-entry round ends at the deal the same way."""
    rnd = {"players": ["A", "B"], "dealer": "A", "declared": {"A": [], "B": []},
           "events": [{"type": "automatic_win_hand", "player": "B"},
                      {"type": "opening_field_brights", "count": 1}]}
    q = score(rnd, automatic_win=True, bright=True)
    assert pts(q) == {"A": 0, "B": 6} and q.winner == "B" and q.next_dealer == "B"


# ------------------------------------------------------- section 10 and the variations
@pytest.mark.parametrize("said_pile, options, expected", [
    # A9 literal reading: 5 brights = goko 10 + shiko 8 + ame_shiko 7 + sanko 5 = 30
    ([("goko",), ("shiko",), ("ame_shiko",), ("sanko",)], {"count_all_yaku": True}, 30),
    # A9 gentler reading: the best bright only
    ([("goko",)], {"count_all_yaku_distinct_sets": True}, 10),
    # A9 with the 6 set ribbons: akatan_aotan 10 + akatan 8 + aotan 8 + tan 2 (section 4)
    ([("akatan_aotan", 6), ("akatan", 6), ("aotan", 6), ("tan", 6)],
     {"count_all_yaku": True}, 28),
    # A9 gentler reading: akatan_aotan 10 + tan 2
    ([("akatan_aotan", 6), ("tan", 6)], {"count_all_yaku_distinct_sets": True}, 12),
    # A14: four dry brights meet any 4 too: shiko 8 + ame_shiko 7 + sanko 5 = 20
    ([("shiko",), ("ame_shiko",), ("sanko",)], {"count_all_yaku": True}, 20),
], ids=["A9-brights", "A9-distinct", "A9-ribbons", "A9-distinct-ribbons", "A14"])
def test_a9_a14_count_all_yaku(said_pile, options, expected):
    assert pts(score(quick_round([stop("A")], said_pile), **options))["A"] == expected


def test_a9_count_all_needs_every_yaku_the_cards_make():
    """A9: under count_all_yaku 5 brights also score shiko, ame_shiko and sanko: naming goko
    alone would score 10 where the cards score 30, so it is refused with the missing ones."""
    with pytest.raises(TallyError, match=r"5 Brights also make 4 Dry Brights \(excluding Rain\), Any 4 Brights, Any 3 "
                       r"Dry Brights \(excluding Rain\), scoring") as e:
        score(quick_round([stop("A")], [("goko",)]), count_all_yaku=True)
    assert e.value.rule == "shiko" and e.value.field == "declared.A"


def test_a4_rain_and_fog_voids_a_declared_view():
    """A4: a willow card in the field at the stop voids hanami: tsukimi 5 only."""
    field = {"type": "field_at_stop", "willow": True, "paulownia": False}
    q = score(quick_round([stop("A"), field], [("hanami",), ("tsukimi",)]), rain_and_fog=True)
    assert pts(q)["A"] == 5 and [y.id for y in q.player("A").yaku] == ["tsukimi"]
    with pytest.raises(TallyError, match='record "Field at stop"'):  # the field must be said
        score(quick_round([stop("A")], [("hanami",)]), rain_and_fog=True)


def test_winner_scores_all_yaku_with_a_declared_opponent():
    """Section 5.6 step 5 on K9: B's tane 1 + A's akatan 5 = 6, x2 for A's call = 12."""
    quick, cards = k("K9")
    q = score(quick, winner_scores_all_yaku=True)
    assert pts(q)["B"] == 12
    opponent = q.to_dict()["players"][1]["opponent_yaku"]
    assert [(y["id"], y["points"], y["declared"]) for y in opponent] == [("akatan", 5, True)]
    settles_alike(q, score(cards, winner_scores_all_yaku=True))


def test_minimum_points_forces_a_declared_call():
    """A7: A (tane 1 < 3) is forced to koi-koi; B stops with aotan 5: x2 while the forced
    call counts, 5 otherwise."""
    rnd = quick_round([koi("A"), stop("B")], TANE, AOTAN)
    assert pts(score(rnd, minimum_points=True))["B"] == 10
    assert pts(score(rnd, minimum_points=True,
                     minimum_points_call_counts_as_koikoi=False))["B"] == 5


def test_other_programs_house_rules_apply_to_declared_yaku():
    """docs/games/koi-koi.md, the house rules: under `nintendo` (flat_ribbon_sets,
    willow_ribbon_in_tan) akatan is a flat 5 that adds to tan (6 ribbons: 1 + 1 = 2): 7;
    rain_voids_views: the rain man of a declared goko voids both views (D11's pile: 10)."""
    rnd = quick_round([stop("A")], [("tan", 6), ("akatan",)])
    assert pts(tally.score_round(G, rnd, preset="nintendo"))["A"] == 7
    q = score(quick_round([stop("A")], [("goko",), ("hanami",), ("tsukimi",)]),
              rain_voids_views=True)
    assert pts(q)["A"] == 10
    assert [s.id for s in q.player("A").steps if s.op == "note"] == ["hanami", "tsukimi"]


# ------------------------------------------------------- what the result says
def test_the_result_says_what_was_declared():
    q = score(quick_round([stop("A")], [("tan", 7), ("inoshikacho", 3)])).to_dict()
    aki = q["players"][0]
    assert [(y["id"], y["points"], y["declared"], y["cards"]) for y in aki["yaku"]] == [
        ("tan", 3, True, []), ("inoshikacho", 5, True, [])]  # 1 + 2 beyond 5; 5 + 0
    assert aki["yaku"][0]["note"]["text"] == \
        "declared at the table: 7 ribbons (1 + 1 per dry ribbon beyond 5)"
    assert aki["declared"] == ["yaku"]
    assert q["notes"][-1]["text"] == "A's yaku were declared, not read from cards"
    cards = score(cards_round([stop("A")], POETRY3)).to_dict()
    assert "declared" not in cards["players"][0] and not cards["notes"]
    assert all("declared" not in y for y in cards["players"][0]["yaku"])


# ------------------------------------------------------- errors
@pytest.mark.parametrize("rnd, options, match, field", [
    # both kinds for one player
    ({**cards_round([stop("A")], POETRY3), "declared": {"A": declared(AKATAN)}}, {},
     "A's captured cards and declared yaku are both given", "declared.A"),
    (quick_round([stop("A")], [("sakura",)]), {}, "'sakura' is not a Koi-Koi yaku",
     "declared.A.0.yaku"),
    (quick_round([stop("A")], [("shiko",), ("sanko",)]), {},
     "Any 3 Dry Brights .* does not score beside 4 Dry Brights", "declared.A"),
    (quick_round([stop("A")], [("tan", 5), ("akatan", 5)]), {},
     "Any 5 Dry Ribbons .* does not score beside 3 Poetry Ribbons", "declared.A"),
    (quick_round([stop("A")], [("tan",)]), {}, "A's declared Any 5 Dry Ribbons .* grows with the cards it counts",
     "declared.A.0.count"),
    (quick_round([stop("A")], [("goko", 5)]), {}, "A's declared 5 Brights takes no count", "declared.A.0.count"),
    (quick_round([stop("A")], [("akatan", 3), ("akatan", 4)]), {}, "A's declared yaku name 3 Poetry Ribbons twice",
     "declared.A.1.yaku"),
    # 8 of the 9 dry ribbons always hold a whole set: akatan or aotan would score instead
    (quick_round([stop("A")], [("tan", 8)]), {}, "Dry Ribbons .* counts 5 to 7",
     "declared.A.0.count"),
    # 9 tens hold boar, deer and butterflies
    (quick_round([stop("A")], [("tane", 9)]), {}, "Any 5 Tens counts 5 to 8", "declared.A.0.count"),
    (quick_round([stop("A")], [("kasu", 25)]), {}, "Any 10 Chaffs counts 10 to 24",
     "declared.A.0.count"),
    (quick_round([stop("A")], [("tane", 6), ("inoshikacho", 5)]),
     {"inoshikacho_and_tane_grow": True}, r"Any 5 Tens \(6 cards\), Boar, Deer, Butterfly \(5 cards\) count the same cards",
     "declared.A"),
    (quick_round([stop("A")], [("inoshikacho", 5)]), {"inoshikacho_and_tane_grow": True},
     "Boar, Deer, Butterfly also make Any 5 Tens", "declared.A"),
    (quick_round([stop("A")], [("tane", 8), ("kasu", 25)]), {"sake_10_or_1": True},
     "Any 5 Tens counts the sake cup as a ten and Any 10 Chaffs counts it as a chaff", "declared.A"),
    (quick_round([stop("A")], [("yaku_of_the_month",)]), {},
     "A's declared Yaku of the Month is not a yaku under these house rules", "declared.A.0.yaku"),
    (quick_round([stop("A")], [("yaku_of_the_month",)]), {"yaku_of_the_month": True},
     "Yaku of the Month needs the round's month", "month"),
    ({**quick_round([stop("A")], AKATAN), "declared": {"Cy": []}}, {},
     "declared names 'Cy', who is not one of the players", "declared.Cy"),
    ({**quick_round([stop("A")], AKATAN), "declared": {"A": {"yaku": "akatan"}}}, {},
     "A's declared yaku must be a list of at most 14 yaku", "declared.A"),
    (quick_round([stop("A")], [("akatan", "3")]), {}, "A's declared 3 Poetry Ribbons: the count must be a whole",
     "declared.A.0.count"),
    # what only the cards could tell
    (quick_round([{"type": "sake_assignment", "player": "A", "as": "ten"}, stop("A")],
                 [("hanami",)]), {"sake_10_or_1": True},
     "\"Sake assignment\" needs A's captured cards", "events.0"),
    # a card is in one place: B captured the crane A's goko needs
    (quick_round([stop("A")], [("goko",)]) | {"captures": {"B": ["pine-crane"]}}, {},
     "A's declared 5 Brights needs Pine with crane, which B holds", "declared.A"),
    # 8 tens said by A and 2 captured by B: the deck has 9
    (quick_round([stop("A")], [("tane", 8)]) | {"captures": {"B": ISC[:2]}}, {},
     "need 10 tens between them; the deck has 9", "declared.A"),
    (quick_round([koi("A"), stop("B")], [], AOTAN), {},
     "A called koi-koi but no yaku was declared", "events.0"),
], ids=lambda x: x if isinstance(x, str) else None)
def test_errors_name_the_player_and_the_yaku(rnd, options, match, field):
    with pytest.raises(TallyError, match=match) as e:
        score(rnd, **options)
    assert e.value.field == field and e.value.game == G


def test_a_yaku_a_preset_turns_off_is_refused():
    """nintendo scores the rain man + 3 brights as 3 Brights (ame_shiko_points 0)."""
    with pytest.raises(TallyError, match="Any 4 Brights is not a yaku under these house rules"):
        tally.score_round(G, quick_round([stop("A")], [("ame_shiko",)]), preset="nintendo")
    assert pts(tally.score_round(G, quick_round([stop("A")], [("sanko",)]),
                                 preset="nintendo"))["A"] == 5


def test_malformed_quick_rounds_raise_tally_error_only():
    """As tests/test_robustness.py for the game's example: changed quick rounds score or
    raise TallyError, never another exception."""
    from test_robustness import rejected_mutations
    rng = random.Random("koi-koi quick")
    example = quick_round([koi("A"), koi("B"), stop("A")], AKATAN_4 + [("kasu", 11)], TANE)
    assert rejected_mutations(example, score, rng) > 0


# ------------------------------------------------------- the API
@pytest.fixture()
def client(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "q.sqlite")}).test_client()


def test_the_game_document_lists_the_quick_entry_input(client):
    game = client.get("/api/v1/games/koi-koi").json
    spec = next(i for i in game["inputs"] if i["key"] == "declared")
    assert spec["kind"] == "list" and spec["per_player"] is True
    assert spec["item"]["kind"] == "record"
    yaku, count = spec["item"]["fields"]
    assert (yaku["key"], yaku["kind"], yaku["required"]) == ("yaku", "choice", True)
    assert set(yaku["choices"]) >= {y["id"] for y in game["combinations"]}
    assert (count["key"], count["kind"], count["required"]) == ("count", "int", False)


def test_the_score_endpoint_takes_quick_entry_and_says_it_in_japanese(client):
    """K8 as said: akatan 6 x 2 = 12."""
    rnd, _ = k("K8")
    r = client.post("/api/v1/games/koi-koi/score", json=rnd,
                    headers={"Accept-Language": "ja"})
    assert r.status_code == 200, r.json
    assert r.json["players"][0]["points"] == 12
    note = r.json["notes"][-1]
    assert note["text"] == "A's yaku were declared, not read from cards"
    assert note["said"] != note["text"] and "A" in note["said"]
    hit = r.json["players"][0]["yaku"][0]
    assert hit["declared"] is True and hit["note"]["said"] != hit["note"]["text"]
    both = {**rnd, "captures": {"A": POETRY3}}
    r = client.post("/api/v1/games/koi-koi/score", json=both)
    assert r.status_code == 422 and r.json["errors"][0]["field"] == "declared.A"


def test_a_session_round_switches_between_cards_and_quick_entry(client):
    """A session (POST, then PUT of the same round): K7 with cards (A 5), corrected to K8 as
    said at the table (A 12), back to K7 with cards (A 5); month 2 is K9 as said (B 2 after
    A's call), dealt by A, the stopper of month 1 (section 5.4 step 6). Undo brings the
    quick entry back; the history keeps every version entered."""
    s = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"],
                                              "length": 6}).json
    url = f"/api/v1/sessions/{s['id']}"
    tok = f"?t={s['edit_token']}"
    strip = ("players", "dealer")
    k7_cards = {k: v for k, v in k("K7")[1].items() if k not in strip}
    k8_quick = {k: v for k, v in k("K8")[0].items() if k not in strip}
    k9_quick = {k: v for k, v in k("K9")[0].items() if k not in strip}

    def totals():
        got = client.get(url + tok + "&include=rounds,ledger").json
        return {t["player"]: t["chips"] for t in got["state"]["totals"]}, got

    r = client.post(url + "/rounds" + tok, json={**k7_cards, "version": s["version"]})
    assert r.status_code == 201, r.json
    version = r.json["version"]
    r = client.post(url + "/rounds" + tok, json={**k9_quick, "version": version})
    assert r.status_code == 201, r.json
    version = r.json["version"]
    assert totals()[0] == {"A": 5 - 2, "B": -5 + 2}

    r = client.put(url + "/rounds/1" + tok, json={**k8_quick, "version": version})
    assert r.status_code == 200, r.json
    version = r.json["version"]
    chips, got = totals()
    assert chips == {"A": 12 - 2, "B": -12 + 2}
    first = got["rounds"][0]
    assert first["input"]["declared"] == k8_quick["declared"]
    assert first["result"]["players"][0]["yaku"][0]["declared"] is True
    assert [x["dealer"] for x in got["rounds"]] == ["A", "A"]

    r = client.put(url + "/rounds/1" + tok, json={**k7_cards, "version": version})
    assert r.status_code == 200, r.json
    version = r.json["version"]
    chips, got = totals()
    assert chips == {"A": 5 - 2, "B": -5 + 2} and "declared" not in got["rounds"][0]["input"]

    r = client.post(url + "/undo" + tok, json={"version": version})
    assert r.status_code == 200, r.json
    chips, got = totals()
    assert chips == {"A": 12 - 2, "B": -12 + 2}
    assert got["rounds"][0]["input"]["declared"] == k8_quick["declared"]
    hist = client.get(url + "/history" + f"?t={s['read_token']}").json["history"]
    entered = [h["after"]["input"] for h in hist if h["action"] == "replace_round"]
    assert entered[:2] == [k8_quick, k7_cards]


# ------------------------------------------------------- quick entry agrees with cards
# A consistency check, as tests/test_koi_koi.py does for its two pile evaluators: not an
# expected number, but the same piles scored both ways. Each random pile's scoring yaku,
# said by name with the count each one's cards give it, must score the pile's points and be
# accepted, under option sets that change the yaku list and its combining.
AGREEING_RULES = [("book", {}), ("book", {"count_all_yaku": True}),
                  ("book", {"count_all_yaku_distinct_sets": True}),
                  ("book", {"only_one_yaku": True}), ("nintendo", {}), ("koikoi_ai", {}),
                  ("book", {"alternative_ribbon_other_charts": True}),
                  ("book", {"sake_10_or_1": True, "special_chaffs": True}),
                  ("book", {"willow_ribbon_counts_as_additional": False}),
                  ("hanafuda_js", {"yaku_of_the_month": False, "views_in_season_only": False,
                                   "views_double_in_season": False})]


def said_count(hit, c):
    """The count a table says for a growing yaku: the cards it counts, a kasu chaff that
    counts 2 (special_chaffs, a 2-chaff sake cup) twice."""
    from tally.cards import BIT
    from tally.games import koi_koi as kk
    if not kk._grows(hit.id, c):
        return None
    n = len(hit.cards)
    if hit.id == "kasu":
        n += sum(1 for x in hit.cards if c.special and BIT[x] & kk.DOUBLE_CHAFFS)
        n += (c.sake_chaff_w - 1) if "chrysanthemum-sake" in hit.cards else 0
    return n


@pytest.mark.parametrize("preset, options", AGREEING_RULES,
                         ids=[f"{p}-{'-'.join(o) or 'default'}" for p, o in AGREEING_RULES])
def test_a_piles_yaku_said_by_name_score_as_the_pile(preset, options):
    deck = [c.slug for c in tally.ALL_CARDS if not c.slug.startswith("joker")]
    c = tally.get_game(G).compiled(preset, options or None)
    rng = random.Random(f"{preset}{sorted(options)}")
    checked = 0
    for _ in range(400):
        pile = rng.sample(deck, rng.randint(3, 26))
        ev = tally.evaluate(G, pile, preset=preset, options=options or None)
        if not ev.points:
            continue
        said_pile = [(h.id,) if said_count(h, c) is None else (h.id, said_count(h, c))
                     for h in ev.yaku]
        r = tally.score_round(G, quick_round([stop("A")], said_pile), preset=preset,
                              options=options or None)
        assert pts(r)["A"] == ev.points, (pile, said_pile)
        checked += 1
    assert checked > 50
