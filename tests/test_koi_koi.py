"""Koi-Koi: shared/rules/koi-koi.md (the digest) against the Hanami book, chapter 12 (seed
002_104f4bd85fcbc2d8.txt lines 1849-2121, quick reference 8543-8599).

Every expected number below is printed in the digest (section 9 K1-K11, D1-D20, section 10)
or follows from its section 4 table and section 5.5 formula by the arithmetic written next to
it; none was taken from running the engine.
"""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tally.results import in_words  # the English sentence names cards (issue 23)
import tally
from tally import TallyError
from tally.cards import FLOWER_CARDS, mask_of
from tally.games import koi_koi as kk

G = "koi-koi"
DECK = [c.slug for c in FLOWER_CARDS]

POETRY3 = ["pine-poetry", "plum-poetry", "cherry-poetry"]  # akatan = 5 (K7)
PURPLE3 = ["peony-blue", "chrysanthemum-blue", "maple-blue"]  # aotan = 5
FIVE_TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese",
             "willow-swallow"]  # tane = 1 (K9), no boar/deer/butterflies, no sake
ISC = ["clover-boar", "maple-deer", "peony-butterflies"]
DRY_BRIGHTS = ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"]
BRIGHTS5 = DRY_BRIGHTS + ["willow-rainman"]
PLAIN_CHAFFS = [s for s in DECK if "-chaff-" in s and s != "paulownia-chaff-colored"]  # 22


def ev(cards, **options):
    return tally.evaluate(G, cards, options=options or None)


def rnd(events=(), a=None, b=None, dealer="A", **extra):
    """A round between A and B; a pile of None is left out of the input."""
    caps = {}
    if a is not None:
        caps["A"] = list(a)
    if b is not None:
        caps["B"] = list(b)
    out = {"players": ["A", "B"], "dealer": dealer, "captures": caps,
           "events": [e if isinstance(e, dict) else {"type": e[0], "player": e[1]}
                      for e in events]}
    out.update(extra)
    return out


def koi(p):
    return ("koi_koi", p)


def stop(p):
    return ("stop", p)


def score(round_, **options):
    return tally.score_round(G, round_, options=options or None)


def pts(result):
    return {p.player: p.points for p in result.players}


# ---------------------------------------------------------------- K1-K6: calling (p. 54)
# koi-koi.md section 9, K1-K6; book p. 54 "Calling", seed lines 1862-1895.

def test_k1_koikoi_then_own_stop_doubles():
    """K1: A yaku -> koi-koi, A another yaku -> stop: A doubled, B 0, A wins and deals.
    A holds akatan (5, K7) and tane (1, K9): 6 x 2 = 12."""
    r = score(rnd([koi("A"), stop("A")], a=POETRY3 + FIVE_TENS, b=[], dealer="B"))
    assert pts(r) == {"A": 12, "B": 0}
    assert r.winner == "A" and r.next_dealer == "A"
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("B", "A", 12)]
    assert r.player("A").steps[-1].reason == "koi-koi x2: A called koi-koi"


def test_k2_opponents_stop_after_koikoi_is_doubled():
    """K2: A yaku -> koi-koi; B yaku -> stop: B doubled, A 0. B holds aotan (5): 10."""
    r = score(rnd([koi("A"), stop("B")], a=POETRY3, b=PURPLE3))
    assert pts(r) == {"A": 0, "B": 10}
    assert r.winner == "B" and r.next_dealer == "B"
    assert r.player("A").role == "loser" and r.player("B").role == "winner"


def test_k3_no_koikoi_stop_undoubled():
    """K3: no koi-koi; A yaku -> stop: A undoubled (akatan 5), B 0."""
    r = score(rnd([stop("A")], a=POETRY3))
    assert pts(r) == {"A": 5, "B": 0}
    assert [s.op for s in r.player("A").steps] == ["base"]


def test_k4_koikoi_then_no_stop_is_a_draw():
    """K4: A koi-koi, nobody stops: 0-0, the dealer keeps the deal (section 5.4 step 2)."""
    r = score(rnd([koi("A")], a=POETRY3, b=[], dealer="B"))
    assert pts(r) == {"A": 0, "B": 0}
    assert r.winner is None and r.next_dealer == "B" and r.payments == ()
    assert {p.role for p in r.players} == {"draw"}


def test_k5_no_stop_no_calls_is_a_draw():
    """K5: the round ends with no stop: 0-0."""
    r = score(rnd([], a=[], b=[], dealer="A"))
    assert pts(r) == {"A": 0, "B": 0} and r.next_dealer == "A" and r.winner is None


def test_k6_several_calls_double_once():
    """K6: A koi-koi, A koi-koi, A stop: doubled once. A: akatan 5 + tane 1 = 6 -> 12."""
    r = score(rnd([koi("A"), koi("A"), stop("A")], a=POETRY3 + FIVE_TENS))
    assert pts(r) == {"A": 12, "B": 0}
    assert r.player("A").steps[-1].value == 2


# ---------------------------------------------------- K7-K11: scoring examples (pp. 56-57)
# koi-koi.md section 9, K7-K11; book pp. 56-57, seed lines 1938-2063.

def test_k7_three_poetry_ribbons_stop():
    """K7: 3 poetry ribbons, stop, no koi-koi: akatan 5; A scores 5."""
    assert ev(POETRY3).points == 5 and ev(POETRY3).yaku[0].id == "akatan"
    r = score(rnd([stop("A")], a=POETRY3))
    assert pts(r) == {"A": 5, "B": 0} and r.player("A").base_points == 5


K8 = rnd([koi("A"), stop("A")], a=POETRY3 + ["wisteria-ribbon"])
K9 = rnd([koi("A"), stop("B")], a=POETRY3, b=FIVE_TENS)
K11 = rnd([koi("A"), koi("B"), stop("A")], a=POETRY3 + ["wisteria-ribbon"], b=FIVE_TENS)


def test_k8_extra_ribbon_after_koikoi():
    """K8: 3 poetry -> koi-koi; one more ribbon -> stop: akatan 5 + 1 = 6; x2 = 12."""
    r = score(K8)
    assert r.player("A").base_points == 6 and pts(r) == {"A": 12, "B": 0}


def test_k9_opponent_stops_with_five_tens():
    """K9: A 3 poetry -> koi-koi; B 5 tens -> stop: tane 1, x2 = 2; A 0."""
    r = score(K9)
    assert pts(r) == {"A": 0, "B": 2} and r.winner == "B"
    assert [y.id for y in r.player("B").yaku] == ["tane"]


def test_k10_two_calls_no_stop_is_a_draw():
    """K10: A koi-koi, B koi-koi, no stop: draw, both 0."""
    r = score(rnd([koi("A"), koi("B")], a=POETRY3, b=FIVE_TENS))
    assert pts(r) == {"A": 0, "B": 0} and r.winner is None and r.payments == ()


def test_k11_two_calls_double_once():
    """K11: A koi-koi, B koi-koi, A adds a ribbon and stops: akatan 6 x 2 (once) = 12."""
    r = score(K11)
    assert pts(r) == {"A": 12, "B": 0}
    assert r.player("A").steps[-1].value == 2


def test_round_example_is_k11():
    r = tally.score_round(G, tally.get_game(G).round_example)
    assert pts(r) == {"Aki": 12, "Bo": 0}  # K11


# ------------------------------------------------------- D1-D6: koi-koi multiplier variants
# koi-koi.md section 9, derived checks D1-D6 (book p. 58, seed lines 2067-2079).

def test_d1_koikoi_multiplier_two_calls_triple():
    """D1: K11 with koikoi_multiplier: 2 calls -> x3 -> 6 x 3 = 18."""
    assert pts(score(K11, koikoi_multiplier=True))["A"] == 18


def test_d2_koikoi_multiplier_k6():
    """D2: K6 with koikoi_multiplier: 2 calls -> x3; A's 6 (akatan 5 + tane 1) -> 18."""
    r = score(rnd([koi("A"), koi("A"), stop("A")], a=POETRY3 + FIVE_TENS),
              koikoi_multiplier=True)
    assert pts(r)["A"] == 18 and r.player("A").steps[-1].value == 3


def test_d3_challenge_own_call_does_not_double():
    """D3: K8 with challenge: the only call is A's own -> 6."""
    r = score(K8, challenge=True)
    assert pts(r)["A"] == 6
    assert any(s.op == "note" and "challenge" in s.reason for s in r.player("A").steps)


def test_d4_challenge_opponents_call_doubles():
    """D4: K9 with challenge: A (B's opponent) called -> B doubled -> 2."""
    assert pts(score(K9, challenge=True))["B"] == 2


def test_d5_double_or_nothing_own_call_doubles():
    """D5: K8 with double_or_nothing: A called -> 12."""
    assert pts(score(K8, double_or_nothing=True))["A"] == 12


def test_d6_double_or_nothing_opponents_call_does_not():
    """D6: K9 with double_or_nothing: B never called -> 1."""
    assert pts(score(K9, double_or_nothing=True))["B"] == 1


def test_challenge_and_double_or_nothing_exclude_each_other():
    with pytest.raises(TallyError, match="doubles only the opponent's score") as e:
        ev([], challenge=True, double_or_nothing=True)
    assert e.value.option in ("challenge", "double_or_nothing")


# ------------------------------------------------------------- D7-D14: the yaku table
# koi-koi.md section 9 D7-D14 (section 4 table; book pp. 55-56, seed lines 1896-1959).

def test_d7_inoshikacho_plus_one_ten():
    """D7: boar, deer, butterflies + warbler: inoshikacho 5 + 1 = 6 (tane not met)."""
    e = ev(ISC + ["plum-warbler"])
    assert e.points == 6 and [y.id for y in e.yaku] == ["inoshikacho"]
    assert pts(score(rnd([stop("A")], a=ISC + ["plum-warbler"])))["A"] == 6


D8_PILE = ISC + ["plum-warbler", "wisteria-cuckoo"]  # 5 tens incl. boar, deer, butterflies


def test_d8_lucky_7_no_call():
    """D8: other = max(inoshikacho 7, tane 1) = 7 -> lucky_7 x2 = 14."""
    assert ev(D8_PILE).points == 7
    r = score(rnd([stop("A")], a=D8_PILE), lucky_7=True)
    assert pts(r)["A"] == 14 and r.player("A").steps[-1].id == "lucky_7"


@pytest.mark.parametrize("options, expected", [
    ({"lucky_7": True}, 28),
    ({"lucky_7": True, "lucky_7_triple": True}, 21),
    ({}, 14),
])
def test_d9_lucky_7_after_a_call(options, expected):
    """D9: D8 with a koi-koi call: x4 = 28; lucky_7_triple x3 = 21; without lucky_7 14."""
    r = score(rnd([koi("B"), stop("A")], a=D8_PILE, b=POETRY3), **options)
    assert pts(r)["A"] == expected


def test_d10_rainman_and_two_dry_brights_is_no_yaku():
    """D10: pine-crane, cherry-curtain, willow-rainman: no bright yaku."""
    assert ev(["pine-crane", "cherry-curtain", "willow-rainman"]).points == 0


def test_d11_five_brights_and_sake():
    """D11: 5 brights + sake: goko 10 + hanami 5 + tsukimi 5 = 20."""
    e = ev(BRIGHTS5 + ["chrysanthemum-sake"])
    assert e.points == 20
    assert {y.id: y.points for y in e.yaku} == {"goko": 10, "hanami": 5, "tsukimi": 5}


def test_d12_six_set_ribbons_and_one_more():
    """D12: ribbon = max(akatan_aotan 11, akatan 9, aotan 9, tan 3) = 11."""
    e = ev(POETRY3 + PURPLE3 + ["wisteria-ribbon"])
    assert e.points == 11 and [(y.id, y.points) for y in e.yaku] == [("akatan_aotan", 11)]


@pytest.mark.parametrize("willow", [True, False])
def test_d13_tan_ignores_the_willow_ribbon(willow):
    """D13 / A1: 5 dry ribbons (no complete set) + willow-ribbon: tan 1 either way."""
    pile = ["pine-poetry", "plum-poetry", "peony-blue", "chrysanthemum-blue",
            "wisteria-ribbon", "willow-ribbon"]
    e = ev(pile, willow_ribbon_counts_as_additional=willow)
    assert e.points == 1 and e.yaku[0].id == "tan"
    assert "willow-ribbon" not in e.yaku[0].cards


def test_d14_twelve_chaffs():
    """D14: 12 chaffs: kasu 1 + 2 = 3."""
    assert ev(PLAIN_CHAFFS[:12]).points == 3


# --------------------------------------------------------------------- D15-D20
def test_d15_bright_and_super_bright():
    """D15: K7 with 2 brights in the opening field: bright 5 x 2 = 10; super_bright 5 x 3 =
    15."""
    r7 = rnd([stop("A"), {"type": "opening_field_brights", "count": 2}], a=POETRY3)
    r = score(r7, bright=True)
    assert pts(r)["A"] == 10 and r.player("A").steps[-1].id == "bright"
    assert pts(score(r7, super_bright=True))["A"] == 15


@pytest.mark.parametrize("willow, expected", [(True, 6), (False, 5)])
def test_d16_willow_ribbon_raises_akatan(willow, expected):
    """D16 / A1: 3 poetry + willow-ribbon: akatan 6 (default), 5 with the option off."""
    r = score(rnd([stop("A")], a=POETRY3 + ["willow-ribbon"]),
              willow_ribbon_counts_as_additional=willow)
    assert pts(r)["A"] == expected


def test_d17_four_dry_ribbons_and_willow_is_no_yaku():
    """D17: 4 dry ribbons (no set) + willow-ribbon: 0."""
    assert ev(["pine-poetry", "plum-poetry", "peony-blue", "wisteria-ribbon",
               "willow-ribbon"]).points == 0


D18_PILE = ["chrysanthemum-sake", "plum-warbler", "iris-bridge", "pampas-geese"] + \
    PLAIN_CHAFFS[:9]


def test_d18_sake_10_or_1_best_use():
    """D18: as a ten T = 4, C = 9 -> 0; as a chaff C = 10 -> kasu 1: base 1."""
    assert ev(D18_PILE).points == 0  # book preset: the sake cup is a ten only
    e = ev(D18_PILE, sake_10_or_1=True)
    assert e.points == 1 and e.yaku[0].id == "kasu"
    assert "chrysanthemum-sake" in e.yaku[0].cards
    assert len(e.choices) == 1 and "counted as a chaff" in e.choices[0]


def test_d19_dealers_delight():
    """D19: no stop, neither pile meets a yaku: the dealer 6, the other 0, dealer keeps the
    deal; A10: the round is not counted as won."""
    r = score(rnd([], a=PLAIN_CHAFFS[:9], b=PLAIN_CHAFFS[9:18], dealer="B"),
              dealers_delight=True)
    assert pts(r) == {"A": 0, "B": 6} and r.next_dealer == "B"
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("A", "B", 6)]
    assert r.winner is None and r.carry["rounds_won"] == {"A": 0, "B": 0}


def test_a10_dealers_delight_not_when_a_yaku_was_captured():
    """A10: a round that ends with yaku but no stop is still 0-0."""
    r = score(rnd([koi("A")], a=POETRY3, b=[]), dealers_delight=True)
    assert pts(r) == {"A": 0, "B": 0} and r.payments == ()


def test_dealers_delight_needs_both_piles():
    with pytest.raises(TallyError, match="B's captured cards are required") as e:
        score(rnd([], a=[]), dealers_delight=True)
    assert e.value.player == "B"


def test_d20_automatic_win_is_flat():
    """D20 / A11: automatic_win and bright; four pairs dealt, 1 bright in the field: 6 flat,
    the holder wins and deals next."""
    hand = ["pine-crane", "pine-poetry", "plum-warbler", "plum-poetry", "cherry-curtain",
            "cherry-poetry", "iris-bridge", "iris-ribbon"]
    r = score({"players": ["A", "B"], "dealer": "A", "hands": {"B": hand},
               "events": [{"type": "automatic_win_hand", "player": "B"},
                          {"type": "opening_field_brights", "count": 1}]},
              automatic_win=True, bright=True)
    assert pts(r) == {"A": 0, "B": 6} and r.winner == "B" and r.next_dealer == "B"
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("A", "B", 6)]


# -------------------------------------------------------------- section 10 ambiguities
def test_a4_rain_and_fog_field_at_stop():
    """A4: the field at the stop: willow voids hanami, paulownia voids tsukimi."""
    pile = ["cherry-curtain", "pampas-moon", "chrysanthemum-sake"]
    base = rnd([stop("A")], a=pile, b=[])
    field = {"type": "field_at_stop", "willow": True, "paulownia": False}
    r = score({**base, "events": base["events"] + [field]}, rain_and_fog=True)
    assert pts(r)["A"] == 5  # tsukimi 5 only
    assert [y.id for y in r.player("A").yaku] == ["tsukimi"]
    both = {**field, "paulownia": True}
    with pytest.raises(TallyError, match="no yaku.*hanami not scored"):
        score({**base, "events": base["events"] + [both]}, rain_and_fog=True)
    # without the variation the field is irrelevant: 10
    assert pts(score({**base, "events": base["events"] + [both]}))["A"] == 10


def test_a4_rain_and_fog_needs_the_field():
    with pytest.raises(TallyError, match='record "Field at stop"') as e:
        score(rnd([stop("A")], a=["cherry-curtain", "chrysanthemum-sake"]), rain_and_fog=True)
    assert e.value.option == "rain_and_fog"


def test_a5_field_multiplier_times_koikoi():
    """A5 / section 5.5: K8 (6, x2) with bright and 1 bright in the field: 6 x 2 x 2 = 24."""
    r = score({**K8, "events": K8["events"] + [{"type": "opening_field_brights",
                                                 "count": 1}]}, bright=True)
    assert pts(r)["A"] == 24


@pytest.mark.parametrize("triple, expected", [(False, 7 * 6), (True, 7 * 4)])
def test_a6_lucky_7_with_koikoi_multiplier(triple, expected):
    """A6: two calls (koi = 3), base >= 7: 3 x 2 = x6, or 3 + 1 = x4 with lucky_7_triple."""
    r = score(rnd([koi("B"), koi("A"), stop("A")], a=D8_PILE, b=POETRY3), lucky_7=True,
              lucky_7_triple=triple, koikoi_multiplier=True)
    assert pts(r)["A"] == expected


@pytest.mark.parametrize("uses_base, expected", [(True, 4 * 2), (False, 4 * 4)])
def test_a6_lucky_7_threshold(uses_base, expected):
    """lucky_7_threshold_uses_base (section 8 table, section 5.5): A holds tane 1 (five tens)
    + kasu 3 (twelve chaffs) = 4 and called koi-koi (koi 2). true: the yaku total 4 < 7, so
    4 x 2 = 8; false: 4 x 2 = 8 >= 7, koi 2 -> 4, so 4 x 4 = 16."""
    r = score(rnd([koi("A"), stop("A")], a=FIVE_TENS + PLAIN_CHAFFS[:12]), lucky_7=True,
              lucky_7_threshold_uses_base=uses_base)
    assert pts(r)["A"] == expected


def test_lucky_7_triple_needs_lucky_7():
    with pytest.raises(TallyError, match="x3 instead of x4 .* needs the house rule") as e:
        ev([], lucky_7_triple=True)
    assert e.value.option == "lucky_7_triple"


@pytest.mark.parametrize("counts, expected", [(True, 10), (False, 5)])
def test_a7_forced_koikoi(counts, expected):
    """A7: A (tane 1 < 3) is forced to koi-koi; B stops with aotan 5: x2 when the forced
    call counts (default), 5 otherwise. The call is inferred forced from A's final 1 point."""
    r = score(rnd([koi("A"), stop("B")], a=FIVE_TENS, b=PURPLE3), minimum_points=True,
              minimum_points_call_counts_as_koikoi=counts)
    assert pts(r)["B"] == expected


def test_a7_forced_flag_explicit():
    r = score(rnd([{"type": "koi_koi", "player": "A", "forced": True}, stop("B")], b=PURPLE3),
              minimum_points=True, minimum_points_call_counts_as_koikoi=False)
    assert pts(r)["B"] == 5


def test_minimum_points_forbids_a_stop_below_3():
    with pytest.raises(TallyError, match="may not stop with 1 points") as e:
        score(rnd([stop("A")], a=FIVE_TENS), minimum_points=True)
    assert e.value.player == "A" and e.value.option == "minimum_points"
    assert pts(score(rnd([stop("A")], a=FIVE_TENS)))["A"] == 1  # fine without the option


def test_a8_special_chaffs_sake_ten_or_two_chaffs():
    """A8: special_chaffs alone: the sake is a ten or 2 chaffs, whichever scores more."""
    as_chaffs = ["chrysanthemum-sake"] + PLAIN_CHAFFS[:8]  # 8 + 2 = 10 chaffs: kasu 1
    e = ev(as_chaffs, special_chaffs=True)
    assert e.points == 1 and e.choices == (
        "Chrysanthemum with sake cup counted as 2 chaffs (base 1; as a ten: 0)",)
    as_ten = ["chrysanthemum-sake"] + ISC  # inoshikacho 5 + 1 = 6 as a ten, 5 otherwise
    e = ev(as_ten, special_chaffs=True)
    assert e.points == 6 and "counted as a ten" in e.choices[0]
    # storm and coloured paulownia count 2: 8 chaffs incl. both = 10 -> kasu 1
    specials = ["willow-lightning", "paulownia-chaff-colored"] + PLAIN_CHAFFS[:6]
    assert ev(specials).points == 0 and ev(specials, special_chaffs=True).points == 1


def test_a8_sake_10_and_1_with_special_chaffs():
    """A8: with sake_10_and_1 the sake is a ten and 2 chaffs: inoshikacho 6 + kasu 1 = 7."""
    pile = ["chrysanthemum-sake"] + ISC + PLAIN_CHAFFS[:8]
    assert ev(pile, sake_10_and_1=True, special_chaffs=True).points == 7
    assert ev(pile, sake_10_and_1=True).points == 6  # 9 chaffs: no kasu


def test_sake_assignment_event_overrides_the_best():
    r = score(rnd([{"type": "sake_assignment", "player": "A", "as": "ten"}, stop("A")],
                  a=D18_PILE + ["pine-poetry", "plum-poetry", "cherry-poetry"]),
              sake_10_or_1=True)
    assert pts(r)["A"] == 5  # akatan 5; the sake as a ten: no kasu


@pytest.mark.parametrize("options, expected", [
    ({"count_all_yaku": True}, 30),  # A9: 10 + 8 + 7 + 5
    ({"count_all_yaku_distinct_sets": True}, 10),
    ({}, 10),
])
def test_a9_count_all_yaku_five_brights(options, expected):
    assert ev(BRIGHTS5, **options).points == expected


@pytest.mark.parametrize("options, expected", [
    # akatan_aotan 10 + akatan 8 + aotan 8 + tan 2 (6 dry ribbons) = 28
    ({"count_all_yaku": True}, 28),
    # gentler reading: akatan and aotan are inside akatan_aotan: 10 + tan 2 = 12
    ({"count_all_yaku_distinct_sets": True}, 12),
    ({}, 10),
])
def test_a9_count_all_yaku_six_set_ribbons(options, expected):
    assert ev(POETRY3 + PURPLE3, **options).points == expected


def test_a14_four_dry_brights_meet_any_4_under_count_all():
    """A14: shiko 8 + ame_shiko 7 + sanko 5 = 20 (default: shiko 8)."""
    assert ev(DRY_BRIGHTS, count_all_yaku=True).points == 20
    assert ev(DRY_BRIGHTS).points == 8


def test_a11_both_players_automatic_win_is_a_misdeal():
    r = score({"players": ["A", "B"], "dealer": "A",
               "events": [{"type": "automatic_win_hand", "player": "A"},
                          {"type": "automatic_win_hand", "player": "B"}]}, automatic_win=True)
    assert pts(r) == {"A": 0, "B": 0} and r.winner is None and r.next_dealer == "A"
    assert "misdeal" in r.notes[0]


def test_a12_steal_points_bank_may_go_negative():
    """A12: B's bank 3 loses K3's 5 points: -2."""
    r = score({**rnd([stop("A")], a=POETRY3), "carry": {"banks": {"A": 97, "B": 3}}},
              steal_points=True)
    assert r.carry["banks"] == {"A": 102, "B": -2}
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("B", "A", 5)]


def test_steal_points_default_bank_is_50():
    r = score(rnd([stop("A")], a=POETRY3), steal_points=True)
    assert r.carry["banks"] == {"A": 55, "B": 45}


def test_a16_first_to_50_uses_totals_not_banks():
    r = score({**rnd([stop("A")], a=POETRY3),
               "carry": {"totals": {"A": 45, "B": 0}, "banks": {"A": 10, "B": 90}}},
              first_to_50=True, steal_points=True)
    assert r.carry["totals"]["A"] == 50 and r.carry.get("game_over") is True
    r = score({**rnd([stop("A")], a=POETRY3), "carry": {"totals": {"A": 44, "B": 0}}},
              first_to_50=True)
    assert r.carry["totals"]["A"] == 49 and "game_over" not in r.carry


def test_a15_names():
    g = tally.get_game(G)
    assert {y.id: y.names["ja"] for y in g.yaku}["inoshikacho"] == "猪鹿蝶"
    assert all(y.names["en"] for y in g.yaku)


# ------------------------------------------------------------- other variations
def test_no_views_and_views_with_friends():
    view = ["cherry-curtain", "chrysanthemum-sake"]
    assert ev(view).points == 5
    assert ev(view, no_views=True).points == 0
    e = ev(view, views_with_friends=True)
    assert e.points == 0 and "hanami" in e.details["not_scored"]
    assert ev(view + PLAIN_CHAFFS[:10], views_with_friends=True).points == 5 + 1  # kasu friend


def test_views_with_friends_view_alone_cannot_stop():
    with pytest.raises(TallyError, match="no yaku"):
        score(rnd([stop("A")], a=["cherry-curtain", "chrysanthemum-sake"]),
              views_with_friends=True)


def test_alternative_ribbon_other_charts():
    """Section 8: Ribbon each of tan / aotan 5 / akatan 5 (no akatan_aotan); Other each of
    tane / inoshikacho 5 / kasu."""
    # 7 dry ribbons: tan 3 + aotan 5 + akatan 5 = 13
    assert ev(POETRY3 + PURPLE3 + ["wisteria-ribbon"],
              alternative_ribbon_other_charts=True).points == 13
    # 5 tens incl. boar/deer/butterflies: tane 1 + inoshikacho 5 = 6; + 10 chaffs kasu 1
    assert ev(D8_PILE, alternative_ribbon_other_charts=True).points == 6
    assert ev(D8_PILE + PLAIN_CHAFFS[:10], alternative_ribbon_other_charts=True).points == 7


def test_only_one_yaku():
    assert ev(BRIGHTS5 + ["chrysanthemum-sake"], only_one_yaku=True).points == 10


def test_winner_scores_all_yaku():
    """K9 with winner_scores_all_yaku: B's tane 1 + A's akatan 5 = 6, x2 = 12."""
    r = score(K9, winner_scores_all_yaku=True)
    assert pts(r)["B"] == 12
    with pytest.raises(TallyError, match="A's captured cards are required"):
        score(rnd([koi("A"), stop("B")], b=FIVE_TENS), winner_scores_all_yaku=True)


def test_misdeals_and_four_of_a_kind():
    four = {"type": "field_four_of_a_kind", "flower": "pine"}
    r = score({"players": ["A", "B"], "dealer": "B", "events": [four]})
    assert pts(r) == {"A": 0, "B": 0} and r.winner is None and r.next_dealer == "B"
    r = score({"players": ["A", "B"], "dealer": "B", "events": [four]},
              four_of_a_kind_for_the_win=True)
    assert pts(r) == {"A": 0, "B": 6} and r.winner == "B" and r.next_dealer == "B"
    pine = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2"]
    r = score(rnd([four, stop("B")], a=[], b=pine + POETRY3[1:], dealer="B"),
              four_of_a_kind_not_misdeal=True)
    assert pts(r)["B"] == 5  # pine-poetry + plum + cherry poetry: akatan 5
    with pytest.raises(TallyError, match="lacks some"):
        score(rnd([four, stop("B")], a=[], b=POETRY3, dealer="B"),
              four_of_a_kind_not_misdeal=True)
    r = score({"players": ["A", "B"], "dealer": "A",
               "events": [{"type": "misdeal", "player": "B"}]})
    assert r.winner is None and r.next_dealer == "A" and r.payments == ()
    # section 5.4 step 1: "the redeal replaces the round (it does not use up one of the
    # agreed rounds)"; a draw with no stop (step 2) is a played round
    assert r.carry["counts_as_month"] is False
    assert "counts_as_month" not in score(rnd([koi("A")], a=POETRY3)).carry


def test_carry_totals_and_rounds_won():
    r = score({**K8, "carry": {"totals": {"A": 3, "B": 7}, "rounds_won": {"A": 1, "B": 2}}})
    assert r.carry["totals"] == {"A": 15, "B": 7}
    assert r.carry["rounds_won"] == {"A": 2, "B": 2}


# ------------------------------------------------------------------------ errors
@pytest.mark.parametrize("round_, options, needle, culprit", [
    (rnd([stop("A")], a=PLAIN_CHAFFS[:3]), {}, "A called stop but .* no yaku", "A"),
    (rnd([koi("A"), stop("B")], a=PLAIN_CHAFFS[:3], b=POETRY3), {},
     "A called koi-koi but .* no yaku", "A"),
    (rnd([stop("A"), koi("B")], a=POETRY3, b=PURPLE3), {}, "after A's stop", "B"),
    (rnd([stop("A"), stop("A")], a=POETRY3), {}, "after A's stop", "A"),
    (rnd([stop("A")], b=[]), {}, "A's captured cards are required", "A"),
    (rnd([koi("A")] * 9, a=POETRY3), {}, "more than 8 decisions", "A"),
    (rnd([{"type": "koi_koi", "player": "A", "forced": True}], a=POETRY3), {},
     "a forced koi-koi needs the house rule", "A"),
    (rnd([{"type": "automatic_win_hand", "player": "A"}]), {},
     '"Automatic win hand" needs the house rule', "A"),
    (rnd([{"type": "automatic_win_hand", "player": "A"}, stop("A")], a=POETRY3),
     {"automatic_win": True}, "ended at the deal", None),
    (rnd([{"type": "wild_storm_capture", "player": "A"}]), {}, "the storm is wild only under", "A"),
    (rnd([{"type": "wild_storm_capture", "player": "A"}]), {"brewing_storm": True},
     "pampas", "A"),
    (rnd([{"type": "sake_assignment", "player": "A", "as": "ten"}]), {}, "no choice", "A"),
    (rnd([{"type": "sake_assignment", "player": "A", "as": "both"}]), {"sake_10_or_1": True},
     "counts as a ten or as a chaff, not 'both'", "A"),
    (rnd([stop("A")], a=POETRY3), {"bright": True}, 'record "Opening field brights"', None),
    (rnd([{"type": "opening_field_brights", "count": 6}]), {}, "must be 0-5", None),
    (rnd([{"type": "field_at_stop", "willow": True}, stop("A")],
         a=POETRY3 + ["willow-rainman", "willow-swallow"],
         b=["willow-ribbon", "willow-lightning"]), {}, "willow card cannot lie", None),
    (rnd([{"type": "field_at_stop", "willow": "yes"}]), {}, "must be yes or no", None),
    (rnd([{"type": "stop", "player": "A", "why": 1}]), {}, "has no field 'why'", None),
    (rnd([("pass", "A")]), {}, "'pass', is not an event of this game", None),
    (rnd([stop("C")]), {}, "'C', who is not at the table", "C"),
    (rnd([], dealer="C"), {}, "the dealer: 'C' is not one of the players", "C"),
    ({"players": ["A", "B", "C"], "dealer": "A"}, {}, "2-2 players, not 3", None),
    ({"players": ["A"], "dealer": "A"}, {}, "2-2 players, not 1", None),
    ({**rnd([]), "hands": {"A": POETRY3 + FIVE_TENS},
      "events": [{"type": "automatic_win_hand", "player": "A"}]}, {"automatic_win": True},
     "neither four pairs nor a whole month", "A"),
    ({**rnd([]), "carry": {"totals": {"Z": 1}}}, {}, "the running totals must give", None),
])
def test_bad_rounds_are_named(round_, options, needle, culprit):
    with pytest.raises(TallyError, match=needle) as e:
        score(round_, **options)
    if culprit:
        assert e.value.player == culprit


@pytest.mark.parametrize("caps, needle, card", [
    ({"A": ["pine-crane", "pine-crane"]}, "listed twice", "pine-crane"),
    ({"A": ["pine-crane"], "B": ["pine-crane"]}, "is in both", "pine-crane"),
    ({"A": ["joker-1"]}, "not in the Koi-Koi deck", "joker-1"),
    ({"A": ["pine-cran"]}, "unknown card 'pine-cran'", "pine-cran"),
])
def test_bad_piles_are_named(caps, needle, card):
    with pytest.raises(TallyError, match=needle) as e:
        score({"players": ["A", "B"], "dealer": "A", "captures": caps})
    assert e.value.card == card


def test_evaluate_rejects_more_than_the_deck():
    with pytest.raises(TallyError, match="listed twice"):
        ev(DECK + ["pine-crane"])  # 49 slugs: more than the 48 cards


def test_registry_counts():
    g = tally.get_game(G)
    # section 4: "Yaku count: 13", then the house rule's Yaku of the Month (issue 10)
    assert [y.id for y in g.yaku][13:] == ["yaku_of_the_month"] and len(g.yaku) == 14
    variations = set(kk.VARIATIONS) - {"lucky_7_triple"}
    assert len(variations) == 27  # section 8: 27 variations + lucky_7_triple
    assert {o.id for o in g.options} >= variations | {
        "lucky_7_triple", "willow_ribbon_counts_as_additional", "lucky_7_threshold_uses_base",
        "minimum_points_call_counts_as_koikoi", "count_all_yaku_distinct_sets"}
    # the book's own preset is the default; the others are public programs' rules (issue 10)
    assert [p.id for p in g.presets] == ["book", "nintendo", "koikoi_ai", "hanafuda_js"]
    assert g.default_preset == "book"
    assert all(not g.rules("book")[v] for v in kk.VARIATIONS)  # section 8.1


# -------------------------------------------------------------------- properties
piles = st.lists(st.sampled_from(DECK), max_size=24, unique=True)
YAKU_OPTIONS = ["sake_10_or_1", "sake_10_and_1", "special_chaffs",
                "alternative_ribbon_other_charts", "no_views", "views_with_friends",
                "count_all_yaku", "only_one_yaku", "count_all_yaku_distinct_sets",
                "rain_and_fog"]


@st.composite
def yaku_options(draw):
    on = draw(st.sets(st.sampled_from(YAKU_OPTIONS)))
    for a, b in (("sake_10_or_1", "sake_10_and_1"), ("count_all_yaku", "only_one_yaku"),
                 ("count_all_yaku", "count_all_yaku_distinct_sets"),
                 ("only_one_yaku", "count_all_yaku_distinct_sets")):
        if a in on and b in on:
            on.discard(b)
    opts = {k: True for k in on}
    opts["willow_ribbon_counts_as_additional"] = draw(st.booleans())
    return opts


@settings(max_examples=150, deadline=None)
@given(piles, st.sampled_from(DECK))
def test_adding_a_card_never_lowers_the_base_book(pile, card):
    if card in pile:
        return
    assert ev(pile + [card]).points >= ev(pile).points


@settings(max_examples=150, deadline=None)
@given(piles, st.sampled_from(DECK), yaku_options())
def test_adding_a_card_never_lowers_the_base_any_yaku_options(pile, card, options):
    """Holds under every yaku-list option too: each yaku value grows with the pile, and the
    combining rules (best of, sum, single best, best sake use) keep that."""
    if card in pile:
        return
    assert ev(pile + [card], **options).points >= ev(pile, **options).points


@settings(max_examples=150, deadline=None)
@given(piles, yaku_options(), st.randoms())
def test_card_order_never_changes_the_evaluation(pile, options, rng):
    shuffled = list(pile)
    rng.shuffle(shuffled)
    assert ev(shuffled, **options).to_dict() == ev(pile, **options).to_dict()


@settings(max_examples=200, deadline=None)
@given(piles, yaku_options())
def test_fast_path_matches_the_general_path(pile, options):
    g = tally.get_game(G)
    c = g.compiled(None, options)
    m = mask_of(pile)
    assert kk.evaluate(m, c).to_dict() == kk._evaluate_general(m, c).to_dict()


@st.composite
def rounds(draw):
    deck = list(DECK)
    draw(st.randoms()).shuffle(deck)
    cut = draw(st.integers(0, 48))
    a, b = deck[:cut][:30], deck[cut:][:30]
    has = {"A": bool(ev(a).yaku), "B": bool(ev(b).yaku)}
    callers = [p for p in "AB" if has[p]]
    events = []
    for _ in range(draw(st.integers(0, 4))):
        if callers:
            events.append(koi(draw(st.sampled_from(callers))))
    if callers and draw(st.booleans()):
        events.append(stop(draw(st.sampled_from(callers))))
    return rnd(events, a=a, b=b, dealer=draw(st.sampled_from("AB")))


ROUND_OPTIONS = [{}, {"koikoi_multiplier": True}, {"challenge": True}, {"lucky_7": True},
                 {"steal_points": True}, {"winner_scores_all_yaku": True},
                 {"dealers_delight": True}, {"double_or_nothing": True, "lucky_7": True,
                                             "lucky_7_triple": True}]


@settings(max_examples=150, deadline=None)
@given(rounds(), st.sampled_from(ROUND_OPTIONS), st.randoms())
def test_round_payments_sum_to_zero_and_ignore_card_order(round_, options, rng):
    r = score(round_, **options)
    assert sum(r.net().values()) == 0
    winners = [p for p in r.players if p.points]
    assert len(winners) <= 1
    if winners:
        w = winners[0]
        assert r.net()[w.player] == w.points
        assert r.next_dealer == w.player
    else:
        assert r.next_dealer == round_["dealer"] and r.payments == ()
    shuffled = {p: rng.sample(cards, len(cards)) for p, cards in round_["captures"].items()}
    assert score({**round_, "captures": shuffled}, **options).to_dict() == r.to_dict()


def test_draw_and_misdeal_keep_the_carry():
    carry = {"totals": {"A": 4, "B": 9}, "rounds_won": {"A": 1, "B": 2}}
    r = score({**rnd([koi("A")], a=POETRY3), "carry": carry})
    assert r.carry == carry
    r = score({**rnd([{"type": "misdeal"}]), "carry": carry}, steal_points=True)
    assert r.carry == {**carry, "banks": {"A": 50, "B": 50}, "counts_as_month": False}


def test_empty_pile():
    e = ev([])
    assert e.points == 0 and e.yaku == () and e.to_dict() == {"points": 0, "yaku": []}


def test_play_only_options_do_not_change_the_score():
    """storm_is_wild / brewing_storm / shorter_rounds / new_yaku_only govern play only
    (section 8): K8 still scores 12."""
    wild = {"type": "wild_storm_capture", "player": "A"}
    pampas = {"type": "opening_field_has_pampas"}
    k8 = {**K8, "events": [pampas, wild] + K8["events"]}
    for options in ({"storm_is_wild": True}, {"brewing_storm": True},
                    {"shorter_rounds": True, "new_yaku_only": True}):
        if "shorter_rounds" in options:
            assert pts(score(K8, **options))["A"] == 12
        else:
            assert pts(score(k8, **options))["A"] == 12


def test_breakdown_sentences_carry_their_templates():
    """Every sentence of a round (steps, payments, notes) keeps a template and params that
    give its English text again, so the pages can say it in Japanese or Korean."""
    r = score(rnd([koi("A"), koi("B"), stop("A"), {"type": "opening_field_brights",
                                                    "count": 2}],
                  a=POETRY3 + FIVE_TENS, b=PURPLE3), bright=True, steal_points=True)
    d = r.to_dict()
    steps = d["players"][0]["steps"]
    assert [s["reason"] for s in steps] == [
        "3 Poetry Ribbons 5 + Any 5 Tens 1",
        "koi-koi x2: A and B called koi-koi (2 calls), counted once",
        "bright x2: 2 brights in the opening field"]
    for item in steps + d["payments"]:
        assert item["template"].format(**in_words(item["params"])) == item["reason"]
        assert "{" in item["template"] or not item["params"]
    assert steps[1]["params"] == {"factor": 2, "caller": "A", "caller2": "B", "calls": 2}
    assert r.notes == ("A takes 24 from B's bank",)
    assert r.notes[0].template.format(**in_words(r.notes[0].params)) == r.notes[0]
