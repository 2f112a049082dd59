"""Hana-Rumi (shared/rules/hana-rumi.md; seed 002, ch. 39, lines 7583-7787).

Every expected number below is copied from the digest's section 9 or the book's text."""

import pytest
from hypothesis import given, settings, strategies as st

import tally
from tally import TallyError
from tally.cards import CARD, FULL_DECK, CardSet
from tally.games._rummy import cards_of, classify

G = "hana-rumi"
TENS3 = ["plum-warbler", "wisteria-cuckoo", "iris-bridge"]
SEQ3 = ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1"]
BLUES = ["peony-blue", "chrysanthemum-blue", "maple-blue"]
POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]


def rnd(melds, in_hand=None, went_out="A", players=("A", "B"), **extra):
    r = {"players": list(players), "dealer": players[-1], "melds": melds,
         "in_hand": in_hand or {}, **extra}
    if went_out is not None:
        r["went_out"] = went_out
    return r


def score(r, **kw):
    return tally.score_round(G, r, **kw)


def C(**options):
    return cards_of(tally.get_game(G).rules(None, options))


# --------------------------------------------------------------------------- section 9

def test_e1_book_scoring_example():
    """E1 (book p. 191, seed lines 7761-7787): A 3 tens, 1 ribbon, 3 sequential chaffs -> 38;
    B 1 ten + 4 ribbons incl. the purple ones = 30, +20 Purple Ribbons, -3 hand -> 47."""
    r = score(rnd([{"A": TENS3, "B": ["maple-deer"]},
                   {"A": SEQ3},
                   {"B": BLUES + ["wisteria-ribbon"], "A": ["iris-ribbon"]}],
                  {"B": ["pampas-chaff-1", "pampas-chaff-2", "maple-chaff-1"]}))
    a, b = r.player("A"), r.player("B")
    assert (a.extra["captured"], a.extra["achievements"], a.extra["hand"], a.points) == \
        (38, 0, 0, 38)
    assert (b.extra["captured"], b.extra["achievements"], b.extra["hand"], b.points) == \
        (30, 20, 3, 47)
    assert [y.id for y in b.yaku if y.id == "purple_ribbons"] == ["purple_ribbons"]
    assert r.winner == "A" and r.next_dealer == "A"
    assert r.carry["totals"] == {"A": 38, "B": 47}
    assert r.payments == ()


def test_e2_card_values():
    """E2: [pine-crane, cherry-curtain, pampas-moon] + [joker-e (Dry), iris-ribbon,
    iris-chaff-1] -> 60 + (10 + 5 + 1) = 76; hand [joker-a (Wet), willow-lightning] -> -6."""
    area = ["pine-crane", "cherry-curtain", "pampas-moon", "joker-e", "iris-ribbon",
            "iris-chaff-1"]
    assert tally.evaluate(G, area).points == 76
    r = score(rnd([{"A": area[:3]}, {"B": area[3:]}], {"B": ["joker-a", "willow-lightning"]}))
    assert r.player("B").extra["hand"] == 6
    assert r.player("B").points == 16 - 6
    assert r.player("A").points == 60


def test_e3_one_achievement_per_combination():
    """E3: a ribbon combination of the 3 poetry and 3 purple ribbons -> one achievement, 20
    (not 40), plus 30 card points."""
    r = score(rnd([{"A": POETRY + BLUES}]))
    a = r.player("A")
    assert a.extra == {"captured": 30, "achievements": 20, "hand": 0}
    assert a.points == 50


def test_e4_dry_koi_and_achievements():
    """E4: [plum-chaff-1, joker-f, wisteria-chaff-2, iris-chaff-1, peony-chaff-2] earns
    sequence_of_five; [joker-f, pine-poetry, pine-chaff-1, pine-chaff-2] earns no
    complete_month."""
    seq = ["plum-chaff-1", "joker-f", "wisteria-chaff-2", "iris-chaff-1", "peony-chaff-2"]
    a = score(rnd([{"A": seq}])).player("A")
    assert [y.id for y in a.yaku] == ["chaff_sequence", "sequence_of_five"]
    assert a.extra["achievements"] == 20
    a = score(rnd([{"A": ["joker-f", "pine-poetry", "pine-chaff-1", "pine-chaff-2"]}])).player("A")
    assert a.extra["achievements"] == 0
    # the same month complete with the real crane does earn it (section 4b: 40)
    a = score(rnd([{"A": ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2"]}]))
    assert a.player("A").extra["achievements"] == 40


def test_e5_game_end():
    """E5: totals A 180, B 190; round A +30, B +15 -> A 210, B 205; A has more -> A wins."""
    r = score(rnd([{"A": TENS3}, {"B": ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"]}],
                  carry={"totals": {"A": 180, "B": 190}}))
    assert (r.player("A").points, r.player("B").points) == (30, 15)
    assert r.carry["totals"] == {"A": 210, "B": 205}
    assert r.carry["game_over"] is True and r.carry["game_winners"] == ["A"]
    assert r.carry["game_winner"] == "A"


def _e6(**options):
    return score({"players": ["A", "B"], "dealer": "B", "exhausted": True,
                  "totals": {"A": {"captured": 25, "achievements": [], "hand": 4},
                             "B": {"captured": 10, "hand": 12}}}, options=options)


def test_e6_empty_draw_pile_scores_by_default():
    """E6 / section 10.7, exhausted_scores: A 25 - 4 = 21, B 10 - 12 = -2; no round winner,
    the same dealer deals."""
    r = _e6()
    assert (r.player("A").points, r.player("B").points) == (21, -2)
    assert r.winner is None and r.next_dealer == "B"


def test_e6_empty_draw_pile_void():
    """E6 under exhausted_void: both 0, same dealer."""
    r = _e6(exhausted_scores=False, exhausted_void=True)
    assert (r.player("A").points, r.player("B").points) == (0, 0)
    assert r.winner is None and r.next_dealer == "B"


def test_e6_reshuffle_means_no_exhausted_round():
    with pytest.raises(TallyError, match="play goes on when the draw pile runs out") as e:
        _e6(exhausted_scores=False, exhausted_reshuffle=True)
    assert e.value.option == "exhausted_reshuffle"


def test_exhausted_options_are_exactly_one():
    with pytest.raises(TallyError, match="exactly one"):
        _e6(exhausted_scores=False)
    with pytest.raises(TallyError, match="cannot both be on"):
        _e6(exhausted_void=True)


# --------------------------------------------------------------------------- section 4

@pytest.mark.parametrize("cards, kind", [
    (["pine-crane", "cherry-curtain", "willow-rainman"], "type_brights"),
    (["plum-warbler", "willow-swallow", "maple-deer", "clover-boar"], "type_tens"),
    # section 10.6: willow-ribbon is a ribbon by type
    (["willow-ribbon", "iris-ribbon", "pine-poetry"], "type_ribbons"),
    (["joker-a", "joker-b", "joker-c"], "type_wet_koi"),
    # section 4a: willow rainman-swallow-ribbon and swallow-ribbon-lightning
    (["willow-rainman", "willow-swallow", "willow-ribbon"], "contiguous_month"),
    (["willow-swallow", "willow-ribbon", "willow-lightning"], "contiguous_month"),
    (["pine-chaff-1", "plum-chaff-2", "cherry-chaff-1"], "chaff_sequence"),
    # wraps: December - Wet Koi - January; Wet Koi - January - February (seed 7745-7749)
    (["paulownia-chaff-1", "joker-a", "pine-chaff-1"], "chaff_sequence"),
    (["joker-d", "pine-chaff-2", "plum-chaff-1"], "chaff_sequence"),
    # a wild stands for any card
    (["joker-e", "pampas-moon", "cherry-curtain"], "type_brights"),
    (["wisteria-chaff-1", "joker-e", "peony-chaff-1"], "chaff_sequence"),
])
def test_combinations(cards, kind):
    assert classify(CardSet(cards).mask, C()) == kind


@pytest.mark.parametrize("cards", [
    ["pine-chaff-1", "plum-chaff-1", "pine-chaff-2"],  # January-February-January (seed 7751)
    ["pine-chaff-1", "plum-chaff-1", "plum-chaff-2"],  # chaffs cannot form a type combination
    ["pine-chaff-1", "cherry-chaff-1", "iris-chaff-1"],  # months not consecutive
    ["willow-rainman", "willow-swallow", "willow-lightning"],  # broken positions 1-2-4
    ["pine-crane", "pine-poetry"],  # fewer than 3
    ["pine-crane", "plum-warbler", "cherry-curtain"],  # bright, ten, bright
    ["joker-a", "pine-chaff-1", "joker-b"],  # two Wet Koi in one sequence
])
def test_not_combinations(cards):
    assert classify(CardSet(cards).mask, C()) is None


def test_look_alike_chaffs_section_10_4_both_readings():
    """10.4: {top, 2nd, any chaff} counts and {top, chaff, chaff} does not; the strict reading
    (chaff-2 is only ever the 4th card) is the option interchangeable_chaffs=False."""
    top2_chaff2 = CardSet(["pine-crane", "pine-poetry", "pine-chaff-2"]).mask
    top_chaffs = CardSet(["pine-crane", "pine-chaff-1", "pine-chaff-2"]).mask
    assert classify(top2_chaff2, C()) == "contiguous_month"
    assert classify(top_chaffs, C()) is None
    assert classify(top2_chaff2, C(interchangeable_chaffs=False)) is None
    assert classify(top_chaffs, C(interchangeable_chaffs=False)) is None
    r = rnd([{"A": ["pine-crane", "pine-poetry", "pine-chaff-2"]}])
    assert score(r).player("A").points == 26
    with pytest.raises(TallyError, match="not a combination"):
        score(r, options={"interchangeable_chaffs": False})


def test_joker_mapping_section_10_1():
    """10.1: a-d Wet (5), e-f Dry (10) by default; the table may map them otherwise."""
    assert tally.evaluate(G, ["joker-a", "joker-e"]).points == 15
    assert tally.evaluate(G, ["joker-a", "joker-e"], options={"dry_koi": "joker-a,joker-b"}
                          ).points == 15
    assert tally.evaluate(G, ["joker-a", "joker-b"], options={"dry_koi": "joker-a,joker-b"}
                          ).points == 20
    assert tally.evaluate(G, ["joker-e", "joker-f"], options={"dry_koi": "joker-a,joker-b"}
                          ).points == 10


def test_wet_koi_three_and_four():
    """Section 4b: 3 Wet Koi 20, 4 Wet Koi 40 instead."""
    a3 = score(rnd([{"A": ["joker-a", "joker-b", "joker-c"]}])).player("A")
    a4 = score(rnd([{"A": ["joker-a", "joker-b", "joker-c", "joker-d"]}])).player("A")
    assert (a3.extra["captured"], a3.extra["achievements"]) == (15, 20)
    assert (a4.extra["captured"], a4.extra["achievements"]) == (20, 40)
    # a Dry Koi in the combination does not count as a Wet Koi (no wilds in achievements)
    a = score(rnd([{"A": ["joker-a", "joker-b", "joker-e"]}])).player("A")
    assert a.extra["achievements"] == 0


def test_spread_achievement_nobody_earns_it_section_10_3():
    """10.3: 2 purple ribbons melded by A and the 3rd added by B: nobody earns it."""
    r = score(rnd([{"A": ["peony-blue", "chrysanthemum-blue", "iris-ribbon"],
                    "B": ["maple-blue"]}]))
    assert r.player("A").extra["achievements"] == 0
    assert r.player("B").extra["achievements"] == 0
    assert (r.player("A").points, r.player("B").points) == (15, 5)


def test_sequence_of_five_needs_five_of_the_claimants_cards():
    r = score(rnd([{"A": ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "wisteria-chaff-1"],
                    "B": ["iris-chaff-1"]}]))
    assert r.player("A").extra["achievements"] == 0 == r.player("B").extra["achievements"]
    r = score(rnd([{"A": ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "wisteria-chaff-1",
                          "iris-chaff-1"], "B": ["peony-chaff-1"]}]))
    assert r.player("A").extra["achievements"] == 20
    assert r.player("B").points == 1


def test_tie_on_final_total_section_10_5():
    """10.5: a tie on the final total goes to most rounds won, then a shared win."""
    r = score(rnd([{"A": TENS3}, {"B": ["pine-crane", "cherry-curtain", "pampas-moon"]}],
                  in_hand={"B": ["joker-a", "joker-b", "joker-c"]},
                  carry={"totals": {"A": 180, "B": 165}, "rounds_won": {"A": 1, "B": 3}}))
    # A 180 + 30 = 210; B 165 + 60 - 15 = 210
    assert r.carry["totals"] == {"A": 210, "B": 210}
    assert r.carry["rounds_won"] == {"A": 2, "B": 3}
    assert r.carry["game_winners"] == ["B"]
    r = score(rnd([{"A": TENS3}, {"B": ["pine-crane", "cherry-curtain", "pampas-moon"]}],
                  in_hand={"B": ["joker-a", "joker-b", "joker-c"]},
                  carry={"totals": {"A": 180, "B": 165}, "rounds_won": {"A": 2, "B": 3}}))
    assert r.carry["game_winners"] == ["A", "B"] and r.carry["game_winner"] is None


def test_under_200_the_game_goes_on():
    r = score(rnd([{"A": TENS3}], carry={"totals": {"A": 169, "B": 100}}))
    assert r.carry["totals"]["A"] == 199 and r.carry["game_over"] is False


def test_round_score_can_be_negative():
    """Section 5: round score = captured + achievements - penalty, which can be negative."""
    r = score(rnd([{"A": TENS3}], {"B": ["pine-crane", "joker-e"]}))
    assert r.player("B").points == -30


# --------------------------------------------------------------------------- errors

@pytest.mark.parametrize("r, needle, attr", [
    (rnd([{"A": ["pine-cran", "pine-poetry", "pine-chaff-1"]}]), "unknown card 'pine-cran'",
     ("card", "pine-cran")),
    (rnd([{"A": ["joker-1", "joker-a", "joker-b"]}]),
     "'Bonus card: one junk'.*not in the Hana-Rumi deck",
     ("card", "joker-1")),
    (rnd([{"A": TENS3}, {"B": ["plum-warbler", "maple-deer", "clover-boar"]}]),
     "'Plum with bush warbler' is in both combination 1 and combination 2",
     ("card", "plum-warbler")),
    (rnd([{"A": TENS3}], {"B": ["iris-bridge"]}), "'Iris with bridge' is in both",
     ("card", "iris-bridge")),
    (rnd([{"A": ["pine-crane", "plum-warbler", "cherry-curtain"]}]), "not a combination",
     ("rule", "combination")),
    (rnd([{"C": TENS3}]), "'C', who is not one of the players", ("player", "C")),
    (rnd([{"A": TENS3}], {"A": ["pine-chaff-1"]}), "'A' went out, so no card is left",
     ("player", "A")),
    (rnd([{"A": TENS3}], went_out=None), "name the player who went out", ("field", "went_out")),
    (rnd([{"A": TENS3}], exhausted=True), "one of the two", ("field", "went_out")),
    (rnd([{"A": TENS3}], went_out="Z"), "who went out: 'Z' is not one of the players",
     ("player", "Z")),
    (rnd([], totals={"A": {"captured": 20, "achievements": ["rainbow"]}}),
     "'rainbow', given for 'A', is not an achievement", ("rule", "rainbow")),
    (rnd([{"A": TENS3}], totals={"A": {"captured": 30}}), "both as totals and as cards",
     ("player", "A")),
    (rnd([], totals={"B": {"captured": 10, "achievements": ["wet_koi_four"]}}),
     "Wet Koi \\(four\\) with captured cards worth only 10", ("player", "B")),
    (rnd([], totals={"B": {"captured": -1}}), "the points of the captured cards must be a whole number",
     ("field", "totals.B.captured")),
    (rnd([{"A": TENS3}], carry={"totals": {"A": 201}, "game_over": True}),
     "the game ended", ("field", "carry")),
    (rnd([{"A": TENS3}], players=("A",)), "played by 2-4 players", ("field", "players")),
])
def test_bad_rounds_name_the_culprit(r, needle, attr):
    with pytest.raises(TallyError, match=needle) as e:
        score(r)
    assert getattr(e.value, attr[0]) == attr[1]


def test_bad_dry_koi_option():
    with pytest.raises(TallyError, match="Which two jokers are the Dry Koi") as e:
        tally.evaluate(G, [], options={"dry_koi": "joker-a"})
    assert e.value.option == "dry_koi"  # the id travels in its field


# --------------------------------------------------------------------------- properties

def _oracle_value(slugs, dry=("joker-e", "joker-f")):
    """Card values straight from cards.md's book values and section 2's joker values."""
    return sum(10 if s in dry else 5 if s.startswith("joker") else CARD[s].value for s in slugs)


DECK_SLUGS = CardSet(tally.get_game(G).deck).slugs


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK_SLUGS), unique=True, max_size=30))
def test_capture_value_matches_book_values(slugs):
    assert tally.evaluate(G, slugs).points == _oracle_value(slugs)


FLOWER_SLUGS = CardSet(FULL_DECK).slugs
CHAFF_BY_MONTH = [[c.slug for c in CardSet(FULL_DECK) if c.kind == "chaff" and c.month_jp == m]
                  for m in range(1, 13)] + [["joker-a", "joker-b", "joker-c", "joker-d"]]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 12), st.integers(3, 13), st.data())
def test_any_run_of_consecutive_months_is_a_sequence(start, length, data):
    months = [(start + i) % 13 for i in range(length)]
    cards = [data.draw(st.sampled_from(CHAFF_BY_MONTH[m])) for m in months]
    mask = CardSet(cards).mask
    assert classify(mask, C()) == "chaff_sequence"
    if 4 <= length <= 12:  # a gap in the middle breaks it (13 months wrap all round)
        gap = data.draw(st.integers(1, length - 2))
        broken = mask & ~CardSet([cards[gap]]).mask
        assert classify(broken, C()) is None
        # ... unless a Dry Koi fills it
        assert classify(broken | CardSet(["joker-e"]).mask, C()) == "chaff_sequence"


@settings(max_examples=100, deadline=None)
@given(st.randoms())
def test_card_order_never_changes_the_result(rand):
    melds = [{"A": TENS3 + ["maple-deer"], "B": ["willow-swallow"]},
             {"B": BLUES + ["iris-ribbon"]},
             {"A": ["plum-chaff-1", "joker-f", "wisteria-chaff-2", "iris-chaff-1",
                    "peony-chaff-2"]}]
    hand = {"B": ["pine-crane", "joker-a", "pampas-chaff-1"]}
    base = score(rnd(melds, hand)).to_dict()
    shuffled = [{p: rand.sample(cs, len(cs)) for p, cs in m.items()} for m in melds]
    rand.shuffle(shuffled)
    other = score(rnd(shuffled, {"B": rand.sample(hand["B"], 3)})).to_dict()
    assert [p["points"] for p in other["players"]] == [p["points"] for p in base["players"]]
    assert other["carry"] == base["carry"]


def test_game_stake():
    """Book introduction ("Note on Gambling", seed 002 lines 133-149): a fixed amount to the
    winner of the game; a shared win splits it."""
    r = score(rnd([{"A": TENS3}, {"B": ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"]}],
                  players=("A", "B", "C"), carry={"totals": {"A": 180, "B": 190, "C": 10}}),
              options={"stake_per_game": 6})
    assert r.carry["game_winners"] == ["A"]
    assert sorted((p.payer, p.payee, p.amount) for p in r.payments) == \
        [("B", "A", 6), ("C", "A", 6)]
    assert sum(r.net().values()) == 0
    r = score(rnd([{"A": TENS3}, {"B": ["pine-crane", "cherry-curtain", "pampas-moon"]}],
                  in_hand={"B": ["joker-a", "joker-b", "joker-c"]}, players=("A", "B", "C"),
                  carry={"totals": {"A": 180, "B": 165}, "rounds_won": {"A": 2, "B": 3}}),
              options={"stake_per_game": 6})
    assert sorted((p.payer, p.payee, p.amount) for p in r.payments) == \
        [("C", "A", 3), ("C", "B", 3)]


# E7 (hana-rumi.md section 9, "new in 2026-12"; section 6, 8, 10.8): final totals A 205,
# B 120, C -30; A wins; stake 10 cents per point. Here A reaches 205 with a round of 30
# (three tens) from 175.
E7 = rnd([{"A": TENS3}], players=("A", "B", "C"),
         carry={"totals": {"A": 175, "B": 120, "C": -30}})


@pytest.mark.parametrize("settlement, pays, net", [
    ("winner_difference", [("B", "A", 8.5), ("C", "A", 23.5)],
     {"A": 32.0, "B": -8.5, "C": -23.5}),
    ("winner_total", [("B", "A", 20.5), ("C", "A", 20.5)],
     {"A": 41.0, "B": -20.5, "C": -20.5}),
    ("all_pairs_difference", [("B", "A", 8.5), ("C", "A", 23.5), ("C", "B", 15)],
     {"A": 32.0, "B": 6.5, "C": -38.5}),
])
def test_e7_money_at_game_end(settlement, pays, net):
    """E7: winner_difference (default): B pays (205 - 120) x 0.10 = 8.50, C pays
    (205 - (-30)) x 0.10 = 23.50; winner_total: B and C each pay 205 x 0.10 = 20.50;
    all_pairs_difference: as winner_difference plus C pays B (120 - (-30)) x 0.10 = 15.00."""
    r = score(E7, options={"settlement": settlement, "stake_per_point": 0.1})
    assert r.carry["totals"] == {"A": 205, "B": 120, "C": -30}
    assert r.carry["game_winner"] == "A"
    assert sorted((p.payer, p.payee, p.amount) for p in r.payments) == pays
    assert {k: pytest.approx(v) for k, v in r.net().items()} == net


def test_e7_fixed_per_game():
    """E7 fixed_per_game (stake s): B and C each pay s -> A +2s, B -s, C -s (s = 5 here); the
    stake per point is not used."""
    r = score(E7, options={"settlement": "fixed_per_game", "stake_per_point": 0.1,
                           "stake_per_game": 5})
    assert r.net() == {"A": 10, "B": -5, "C": -5}


def test_settlement_default_and_no_money_before_game_end():
    """Section 8: settlement is a choice, winner_difference by default (book preset too);
    money is paid once, at game end; with no stake nothing is paid."""
    g = tally.get_game(G)
    o = next(o for o in g.options if o.id == "settlement")
    assert o.default == "winner_difference" and o.choices == (
        "winner_difference", "winner_total", "all_pairs_difference", "fixed_per_game")
    assert g.rules("book").settlement == "winner_difference"
    assert score(E7).payments == ()
    going_on = rnd([{"A": TENS3}], players=("A", "B", "C"),
                   carry={"totals": {"A": 100, "B": 120, "C": -30}})
    assert score(going_on, options={"stake_per_point": 0.1}).payments == ()


def test_a_dry_koi_keeps_the_card_it_replaced():
    """Section 4a (seed lines 7657-7665): nobody may add the card a wild stands for, e.g. the
    January crane to Wild-January Ribbon-January Chaff. Optional key 'wilds' declares it."""
    meld = {"A": ["joker-e", "pine-poetry", "pine-chaff-1"], "B": ["pine-crane"]}
    assert score(rnd([meld])).player("B").points == 20  # undeclared: the wild may be chaff-2
    with pytest.raises(TallyError, match="Joker E stands for Pine with crane") as e:
        score(rnd([meld], wilds={"joker-e": "pine-crane"}))
    assert e.value.card == "pine-crane" and e.value.rule == "wild"
    seq = {"A": ["wisteria-chaff-1", "joker-f", "peony-chaff-1"]}
    assert score(rnd([seq], wilds={"joker-f": "iris-chaff-2"})).player("A").points == 12
    with pytest.raises(TallyError, match="not a combination with Joker F as Maple with deer"):
        score(rnd([seq], wilds={"joker-f": "maple-deer"}))
    with pytest.raises(TallyError, match="'Joker A' is not a Dry Koi") as e:
        score(rnd([seq], wilds={"joker-a": "iris-chaff-2"}))
    assert e.value.card == "joker-a"
