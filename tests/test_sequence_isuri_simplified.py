"""Isuri (Simplified) (shared/rules/isuri-simplified.md): §9 examples, §10 readings, bad input.

Seed 002 ch. 24, lines 5459-5607 (Quick Reference p. 227, lines 9867-9921). Every expected
number is the digest's (§9) or follows from its printed formulas (§4).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError

G = "isuri-simplified"
SPLIT = {"losers_each_pay_full": False, "losers_split": True}


def out(player="B", **fields):
    return {"type": "out", "player": player, **fields}


def rnd(events, players=("A", "B"), dealer="A", **extra):
    return {"players": list(players), "dealer": dealer, "events": events, **extra}


def score(r, **kw):
    return tally.score_round(G, r, **kw)


def test_e1_formula_as_printed():
    """§9 E1 (book p. 129, seed 002 lines 5599-5605): 2 tokens x January (10) = 20; B takes
    20 points from A."""
    r = score(rnd([out("B", last_month=1, same_month_count=1, first_turn=False)], tokens=2))
    assert r.player("B").base_points == 20 and r.player("B").points == 20
    assert r.net() == {"A": -20, "B": 20}
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("A", "B", 20)]
    assert r.next_dealer == "B"


def test_e1_tokens_counted_by_the_rules():
    """§9 E1 / §10.1: by the written rules the table holds 3 tokens (1 at setup + 2
    all-passes), which gives 3 x 10 = 30."""
    r = score(rnd([{"type": "all_pass"}, {"type": "all_pass"},
                   out("B", last_card="pine-chaff-1")]))
    assert r.player("B").points == 30 and r.carry["table_tokens"] == 3
    # the printed count (2) cannot be entered together with the events that contradict it
    with pytest.raises(TallyError, match="holds 3") as e:
        score(rnd([{"type": "all_pass"}, {"type": "all_pass"}, out("B", last_month=1)],
                  tokens=2))
    assert e.value.field == "tokens"


def test_e2_base_score():
    """§9 E2 (book p. 128): 2 tokens, last card March -> base 6."""
    r = score(rnd([out("A", last_month=3)], tokens=2))
    assert r.player("A").base_points == 6 and r.player("A").points == 6


@pytest.mark.parametrize("tokens, month, n, first, expected", [
    (3, 3, 3, False, 27),   # 9 x 3
    (2, 5, 4, False, 40),   # 10 x 4
    (2, 5, 6, True, 100),   # 10 x 6 + 20 + 20
    (4, 1, 1, True, 80),    # 40 + 40
])
def test_e3_multipliers(tokens, month, n, first, expected):
    """§9 E3 (derived from the p. 128 formulas, seed 002 lines 5537-5573)."""
    r = score(rnd([out("B", last_month=month, same_month_count=n, first_turn=first)],
                  tokens=tokens))
    assert r.player("B").points == expected
    assert r.net()["A"] == -expected
    ids = [y.id for y in r.player("B").yaku]
    assert ids[0] == {1: "plain_out", 3: "out_three_same", 4: "out_four_same",
                      6: "out_six_same"}[n]
    assert ("first_turn_bonus" in ids) == first
    assert sum(y.points for y in r.player("B").yaku) == expected


def test_two_of_a_month_is_no_multiplier():
    """§5.4: n >= 3 -> n; otherwise 1."""
    assert score(rnd([out("B", last_month=3, same_month_count=2)], tokens=3)).net()["B"] == 9


def test_tokens_carry_across_rounds():
    """§2 / §5.2: tokens stay all game; T counts the setup token and every all-pass so far."""
    first = score(rnd([{"type": "all_pass"}, out("A", last_month=4)]))
    assert first.carry["table_tokens"] == 2 and first.player("A").points == 8
    second = score(rnd([{"type": "all_pass"}, out("B", last_month=1, first_turn=True)],
                       dealer="A", carry=first.carry))
    # 2 tokens carried + 1 all-pass = 3; January = 10; first turn + T x 10 (§4)
    assert second.carry["table_tokens"] == 3 and second.player("B").points == 3 * 10 + 3 * 10
    assert second.carry["scores"] == {"A": 8 - 60, "B": -8 + 60}
    assert second.carry["rounds_played"] == 2


@pytest.mark.parametrize("options, each, gained", [
    ({}, 40, 80),       # §10.2 recommended: each non-winner pays the full round score
    (SPLIT, 20, 40),    # §10.2 other reading: the losers share it
])
def test_three_players_both_readings(options, each, gained):
    """§10.2 with §9 E3's 40-point round (2 tokens, May, 4 of a month)."""
    r = score(rnd([out("C", last_month=5, same_month_count=4)], players=("A", "B", "C"),
                  tokens=2), options=options)
    assert r.net() == {"A": -each, "B": -each, "C": gained}
    assert r.player("C").points == gained and r.player("A").points == -each


def test_wild_as_last_card_counts_as_the_month_played():
    """§10.4: the crane played as August as the last card -> L = 8."""
    r = score(rnd([out("B", last_card="pine-crane", last_month=8)], tokens=2))
    assert r.player("B").points == 16
    assert any("played as month 8" in n for n in r.notes)


# §2 / §10.7 (best reading, 2026-12): the 11 wilds moved by month number (by_month), or
# isuri.md's cards (by_flower). The old reading made all four paulownia cards January base
# wilds; now the phoenix is the any-month base wild and the warbler a hand wild (Feb-Nov).
BY_MONTH = {"hand_jan_oct": ("pine-crane", "pine-poetry"),
            "hand_feb_nov": ("plum-warbler", "plum-poetry"),
            "hand_jan_dec": ("cherry-poetry",),
            "base_january": ("peony-butterflies", "paulownia-chaff-colored",
                             "paulownia-chaff-1", "paulownia-chaff-2", "peony-blue"),
            "base_any": ("paulownia-phoenix",)}
BY_FLOWER = {"hand_jan_oct": ("pine-crane", "pine-poetry"),
             "hand_feb_nov": ("willow-rainman", "willow-ribbon"),
             "hand_jan_dec": ("cherry-poetry",),
             "base_january": ("paulownia-phoenix", "plum-poetry", "plum-chaff-1",
                              "plum-chaff-2", "paulownia-chaff-colored"),
             "base_any": ("plum-warbler",)}


def test_the_eleven_wilds_by_month_and_by_flower():
    """§2 and §8 (simplified_wilds: by_month default, by_flower)."""
    from tally.games.isuri_simplified import WILDS
    g = tally.get_game(G)
    opt = next(o for o in g.options if o.id == "simplified_wilds")
    assert opt.default == "by_month" and opt.choices == ("by_month", "by_flower")
    assert WILDS == {"by_month": BY_MONTH, "by_flower": BY_FLOWER}
    assert all(sum(map(len, w.values())) == 11 for w in WILDS.values())


@pytest.mark.parametrize("options, note", [
    ({}, "a hand wild for any month from February to November"),
    ({"simplified_wilds": "by_flower"}, "a base wild, wild only while it is the base card"),
])
def test_the_warbler_as_a_last_card_by_each_reading(options, note):
    """§2: by_month, plum-warbler is a hand wild for February-November, so it may end as
    November (11): 2 tokens x 11 = 22. by_flower it is the any-month base wild, wild only as
    the base: the month entered is scored as given, with a warning."""
    r = score(rnd([out("B", last_card="plum-warbler", last_month=11)], tokens=2),
              options=options)
    assert r.player("B").points == 22
    assert any(note in n for n in r.notes)
    assert any(n.startswith("warning") for n in r.notes) == bool(options)


def _carry(scores, wins, played=5, tokens=1):
    return {"table_tokens": tokens, "scores": scores, "round_wins": wins,
            "rounds_played": played}


def test_game_ends_after_six_rounds():
    """§6 (seed 002 line 5585): after 6 rounds the highest total wins."""
    r = score(rnd([out("A", last_month=2)], carry=_carry({"A": -10, "B": 10}, {"A": 2, "B": 3})))
    assert r.carry["rounds_played"] == 6 and r.carry["game_over"] is True
    assert r.carry["scores"] == {"A": -8, "B": 8} and r.carry["game_winner"] == "B"


def test_tie_goes_to_most_rounds_won_then_shared():
    """§6: ties fall back on ch. 3 (seed 002 line 651): most rounds won, then shared."""
    r = score(rnd([out("A", last_month=2)], carry=_carry({"A": -2, "B": 2}, {"A": 3, "B": 2})))
    assert r.carry["scores"] == {"A": 0, "B": 0} and r.carry["game_winner"] == "A"
    r = score(rnd([out("A", last_month=2)], carry=_carry({"A": -2, "B": 2}, {"A": 2, "B": 3})))
    assert r.carry["game_winner"] is None and r.carry["shared_winners"] == ["A", "B"]


def test_no_teyaku_and_options_served():
    assert tally.evaluate(G, ["pine-crane", "pine-poetry", "pine-chaff-1"]).points == 0
    g = tally.get_game(G)
    assert {o.id for o in g.options} == {"simplified_wilds", "losers_each_pay_full",
                                         "losers_split"}
    assert [p.id for p in g.presets] == ["book"] and g.lengths == (6,)
    assert len(tally.CardSet(g.deck)) == 46


@pytest.mark.parametrize("r, needle, culprit", [
    (rnd([]), "who went out", ("rule", "out")),
    (rnd([out("B")]), "give the last card or the month it counted as", ("player", "B")),
    (rnd([out("B", last_month=13)]), "\"the month the last card counted as .January = 1.\" must be a whole number from 1 to 12",
     ("rule", "out")),
    (rnd([out("B", last_month=3, same_month_count=7)]), "\"cards of that month put down together to go out .default 1.\" must be",
     ("rule", "out")),
    (rnd([out("B", last_month=3, first_turn=1)]), "\"they went out on their own first turn\" must be on or off", ("rule", "out")),
    (rnd([out("B", last_card="peony-chaff-1")]), "not in the Isuri .Simplified. deck",
     ("card", "peony-chaff-1")),
    (rnd([out("B", last_card="pine-chaff-1")], hands={"A": ["pine-chaff-1"]}),
     "list it in 'A'", ("card", "pine-chaff-1")),
    (rnd([out("B", last_month=3)], tokens=0), "tokens must be a whole number >= 1",
     ("field", "tokens")),
    (rnd([out("B", last_month=3)], carry=_carry({}, {}, played=6)), "already played",
     ("field", "carry.rounds_played")),
    (rnd([out("B", last_month=3)], players=("A", "B", "C", "D")), "played by 2-3 players",
     ("field", "players")),
    (rnd([out("B", last_month=3), out("A", last_month=3)]), 'only one "Out"', ("player", "A")),
    (rnd([{"type": "all_pass", "player": "Z"}, out("B", last_month=3)]), "names 'Z'",
     ("player", "Z")),
    (rnd([out("B", last_month=3)], hands={"B": ["iris-chaff-1"]}), "went out but",
     ("player", "B")),
    (rnd([out("B", last_month=3)], captures={}), "does not read 'captures' in a round",
     ("field", "captures")),
])
def test_bad_rounds_name_the_culprit(r, needle, culprit):
    with pytest.raises(TallyError, match=needle) as e:
        score(r)
    assert getattr(e.value, culprit[0]) == culprit[1]


def test_payment_options_are_exclusive():
    with pytest.raises(TallyError, match="exactly one of these house rules must be on"):
        score(rnd([out("B", last_month=3)]), options={"losers_each_pay_full": False})


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 3), st.integers(0, 5), st.integers(1, 12), st.integers(1, 6),
       st.booleans(), st.booleans(), st.data())
def test_round_formula_and_zero_sum(n_players, passes, month, n, first, split, data):
    players = ["A", "B", "C"][:n_players]
    winner = data.draw(st.sampled_from(players))
    events = [{"type": "all_pass"}] * passes + [
        out(winner, last_month=month, same_month_count=n, first_turn=first)]
    opts = SPLIT if split else {}
    r = score(rnd(events, players=players), options=opts)
    T = 1 + passes
    L = 10 if month == 1 else month
    # §4 as printed: Base x n (n >= 3), + T x 10 for six, + T x 10 for the first turn
    expected = T * L * (n if n >= 3 else 1) + (T * 10 if n == 6 else 0) + \
        (T * 10 if first else 0)
    assert sum(r.net().values()) == 0
    assert sum(y.points for y in r.player(winner).yaku) == expected
    assert r.net()[winner] == (expected if split else expected * (n_players - 1))
    shuffled = rnd(events, players=players, carry={"scores": {p: 0 for p in reversed(players)},
                                                   "round_wins": {}, "table_tokens": 1,
                                                   "rounds_played": 0})
    assert score(shuffled, options=opts).net() == r.net()
