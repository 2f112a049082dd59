"""Poka (shared/rules/poka.md): every worked example of §9, both readings of §10, bad input.

Seeds: the Hanami book ch. 22 (seed 002 lines 5191-5337, Quick Reference 9797-9825) and the
wiki page (seed 003). Every expected number below is the digest's or the seed's.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import CARD, TallyError

G = "poka"
WIKI_3 = {"pool_9_target_5": False, "san_mon_shobu": True}


def rnd(events, carry=None, hands=None, players=("A", "B"), dealer="A"):
    r = {"players": list(players), "dealer": dealer, "events": events}
    if carry is not None:
        r["carry"] = carry
    if hands is not None:
        r["hands"] = hands
    return r


def out(player, first_turn=False):
    return {"type": "out", "player": player, "first_turn": first_turn}


def score(r, **kw):
    return tally.score_round(G, r, **kw)


# --------------------------------------------------------------------------- §9 examples

def test_e1_book_gameplay_example():
    """§9 E1 (book p. 122, seed 002 lines 5333-5337): B goes out on their third turn and takes
    1 token; A still holds March, February, a May and December. Neither hand had a teyaku."""
    r = score(rnd([out("B")], hands={"A": ["plum-chaff-1", "cherry-chaff-1", "iris-chaff-2",
                                           "paulownia-chaff-1"], "B": []}))
    assert r.player("B").points == 1 and r.player("A").points == 0
    assert r.carry["tokens"] == {"A": 0, "B": 1}
    assert r.next_dealer == "B" and r.winner == "B"
    assert r.carry["game_over"] is False and r.payments == ()
    assert [y.id for y in r.player("B").yaku] == ["out"]
    # §9 E1: "Teyaku check on these hands: A has one pair only; B has two January cards"
    dealt_a = ["cherry-chaff-1", "plum-chaff-1", "iris-chaff-1", "iris-chaff-2",
               "paulownia-chaff-1", "peony-chaff-1"]
    dealt_b = ["pine-crane", "pine-chaff-1", "chrysanthemum-chaff-1", "willow-swallow",
               "paulownia-chaff-2", "clover-chaff-1"]
    assert tally.evaluate(G, dealt_a).points == 0
    assert tally.evaluate(G, dealt_b).points == 0


def test_e2_all_out_takes_two_instead_of_one():
    """§9 E2 / §4 (seed 002 line 5319; wiki 'All Out', seed 003): 2 tokens instead of 1."""
    r = score(rnd([out("A", first_turn=True)]))
    assert r.player("A").points == 2 and r.carry["tokens"] == {"A": 2, "B": 0}
    assert r.player("A").yaku[0].id == "all_out"
    assert "instead of 1" in r.player("A").steps[0].reason


@pytest.mark.parametrize("hand, yaku, points", [
    (["pine-crane", "pine-poetry", "plum-warbler", "iris-chaff-1", "maple-deer",
      "willow-swallow"], "three_wilds", 2),
    (["pine-crane", "pine-poetry", "pine-chaff-1", "clover-boar", "peony-blue", "maple-blue"],
     "three_januaries", 2),
    (["iris-bridge", "iris-ribbon", "maple-deer", "maple-chaff-2", "willow-rainman",
      "willow-lightning"], "three_pairs", 2),
    (["cherry-curtain", "cherry-poetry", "cherry-chaff-1", "cherry-chaff-2", "pine-chaff-1",
      "plum-chaff-1"], "four_of_a_kind", 5),
    (["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler",
      "iris-ribbon"], "four_of_a_kind", 5),
])
def test_e3_teyaku_checks(hand, yaku, points):
    """§9 E3 (derived from §3; seed 002 lines 5251-5259): the highest single teyaku only."""
    ev = tally.evaluate(G, hand)
    assert ev.points == points
    assert [y.id for y in ev.yaku] == [yaku]


def test_e3_four_of_a_kind_is_not_also_three_pairs():
    """§9 E3: cherry x4 + pine + plum -> four_of_a_kind 5 (not also three_pairs)."""
    ev = tally.evaluate(G, ["cherry-curtain", "cherry-poetry", "cherry-chaff-1",
                            "cherry-chaff-2", "pine-chaff-1", "plum-chaff-1"])
    assert "three_pairs" not in ev.details.get("also_held", [])


def test_e4_game_end_at_five_tokens():
    """§9 E4: A 4, B 3; A goes out -> A 5 -> game over, A wins (seed 002 line 5321)."""
    r = score(rnd([out("A")], carry={"tokens": {"A": 4, "B": 3}}))
    assert r.carry["tokens"] == {"A": 5, "B": 3}
    assert r.carry["game_over"] is True and r.carry["game_winner"] == "A"


@pytest.mark.parametrize("options, a_total", [
    ({}, 6),  # §10.5 recommended: record uncapped, 4 + 2
    ({"cap_award_at_pool": True}, 5),  # other reading: only 1 token left in the pool
])
def test_e4_pool_exhaustion_never_changes_the_winner(options, a_total):
    """§9 E4 / §10.5: A 4 with 1 token left in a 9-token pool (A 4 + B 4 taken) wins a
    2-token award: A reaches >= 5 and wins under both readings."""
    r = score(rnd([out("A", first_turn=True)], carry={"tokens": {"A": 4, "B": 4}}),
              options=options)
    assert r.carry["tokens"]["A"] == a_total
    assert r.carry["game_winner"] == "A"
    if options:
        assert r.player("A").steps[-1].op == "set" and r.player("A").points == 1


def test_e5_equal_teyaku_cancel_and_the_round_is_played():
    """§9 E5 / §10.1 (wiki, seed 003 line 48): A three_pairs, B three_januaries cancel."""
    events = [{"type": "teyaku", "player": "A", "yaku": "three_pairs"},
              {"type": "teyaku", "player": "B", "yaku": "three_januaries"}]
    with pytest.raises(TallyError, match="cancel and the round is played") as e:
        score(rnd(events))
    assert e.value.rule == "out"
    r = score(rnd(events + [out("B")]))
    assert r.winner == "B" and r.player("B").points == 1 and r.player("A").points == 0
    assert any("cancel" in n for n in r.notes)


def test_e5_four_of_a_kind_beats_a_two_token_teyaku():
    """§9 E5: A four_of_a_kind, B three_wilds -> A wins the round, +5 (game over)."""
    r = score(rnd([
        {"type": "teyaku", "player": "A", "cards": ["maple-deer", "maple-blue", "maple-chaff-1",
                                                    "maple-chaff-2", "iris-bridge",
                                                    "cherry-chaff-1"]},
        {"type": "teyaku", "player": "B", "cards": ["pine-crane", "pine-poetry", "plum-warbler",
                                                    "iris-chaff-1", "clover-boar",
                                                    "willow-swallow"]}]))
    assert r.winner == "A" and r.player("A").points == 5 and r.player("B").points == 0
    assert r.carry["game_over"] is True and r.carry["game_winner"] == "A"
    assert r.next_dealer == "A"


BOTH = {"simultaneous_teyaku": "both_score"}
E5_PAIRS_V_JANUARIES = [{"type": "teyaku", "player": "A", "yaku": "three_pairs"},
                        {"type": "teyaku", "player": "B", "yaku": "three_januaries"}]
E5_FOUR_V_WILDS = [{"type": "teyaku", "player": "A", "yaku": "four_of_a_kind"},
                   {"type": "teyaku", "player": "B", "yaku": "three_wilds"}]


def test_e5_both_score_equal_awards_and_the_dealer_keeps_the_deal():
    """§9 E5 both_score, tokens A 0, B 0 (A deals): A three_pairs, B three_januaries -> A +2,
    B +2 (A 2, B 2, pool 5); no play; equal awards -> A deals again."""
    r = score(rnd(E5_PAIRS_V_JANUARIES, carry={"tokens": {"A": 0, "B": 0}}), options=BOTH)
    assert {p.player: p.points for p in r.players} == {"A": 2, "B": 2}
    assert r.carry["tokens"] == {"A": 2, "B": 2} and 9 - sum(r.carry["tokens"].values()) == 5
    assert r.next_dealer == "A" and r.carry["game_over"] is False


def test_e5_both_score_four_of_a_kind_reaches_the_target():
    """§9 E5 both_score: A four_of_a_kind, B three_wilds -> A +5, B +2 (A 5, B 2) -> A
    reaches 5: game over, A wins."""
    r = score(rnd(E5_FOUR_V_WILDS), options=BOTH)
    assert {p.player: p.points for p in r.players} == {"A": 5, "B": 2}
    assert r.carry["tokens"] == {"A": 5, "B": 2}
    assert r.carry["game_over"] is True and r.carry["game_winner"] == "A"
    assert r.next_dealer == "A"


def test_e5_both_score_the_pool_decides_the_game():
    """§9 E5 both_score, tokens A 3, B 4 (pool 2): A takes 2 (A 5, pool 0), B takes 0 (B 4)
    -> A wins the game. (Uncapped, A 5 and B 6 would give the game to B; the pool decides,
    §6.)"""
    r = score(rnd(E5_PAIRS_V_JANUARIES, carry={"tokens": {"A": 3, "B": 4}}), options=BOTH)
    assert {p.player: p.points for p in r.players} == {"A": 2, "B": 0}
    assert r.carry["tokens"] == {"A": 5, "B": 4}
    assert r.carry["game_over"] is True and r.carry["game_winner"] == "A"


@pytest.mark.parametrize("a_tokens, b_award, b_teyaku, champion, dealer", [
    # both reach the target: equal totals -> the dealer (A) wins the game
    (1, 2, "three_januaries", "A", "A"),
    # both reach it: the higher total wins, dealer or not; the larger award (B's 5) deals next
    (2, 5, "four_of_a_kind", "B", "B"),
])
def test_both_score_target_checked_once_after_both_awards(a_tokens, b_award, b_teyaku,
                                                          champion, dealer):
    """§5 step 3 both_score: "Check the target once, after both awards: if both reach it,
    the higher total wins the game; equal totals -> the dealer wins"; the larger award deals
    next. The 3-point game (no pool, target 3): A (dealer) three_pairs 2, B as given."""
    events = [{"type": "teyaku", "player": "A", "yaku": "three_pairs"},
              {"type": "teyaku", "player": "B", "yaku": b_teyaku}]
    r = score(rnd(events, carry={"tokens": {"A": a_tokens, "B": 1}}),
              options={**BOTH, **WIKI_3})
    assert r.carry["tokens"] == {"A": a_tokens + 2, "B": 1 + b_award}
    assert r.carry["game_winner"] == champion and r.next_dealer == dealer


def test_e5_void_equal_is_the_default():
    """§8 / §10.1 (2026-12): simultaneous_teyaku is a choice, void_equal by default, in both
    presets; both_score is the other reading."""
    g = tally.get_game(G)
    opt = next(o for o in g.options if o.id == "simultaneous_teyaku")
    assert opt.default == "void_equal" and opt.choices == ("void_equal", "both_score")
    assert g.rules("book").simultaneous_teyaku == g.rules("wiki").simultaneous_teyaku \
        == "void_equal"


def test_both_score_has_no_play():
    """§5 step 3 both_score: the round is not played, so nobody goes out."""
    with pytest.raises(TallyError, match="round is not played") as e:
        score(rnd(E5_PAIRS_V_JANUARIES + [out("B")]), options=BOTH)
    assert e.value.rule == "out"


@pytest.mark.parametrize("old, choice", [(True, "void_equal"), (False, "both_score")])
def test_the_old_switch_is_still_read(old, choice):
    """§10.1: the on/off simultaneous_teyaku_void became simultaneous_teyaku. Stored sessions
    and API clients may still send it: on = void_equal, off = both_score (the best reading
    for a table that switched voiding off)."""
    g = tally.get_game(G)
    rules = g.rules(None, {"simultaneous_teyaku_void": old})
    assert rules.simultaneous_teyaku == choice and "simultaneous_teyaku_void" not in rules
    assert g.rules(None, {"simultaneous_teyaku_void": old,
                          "simultaneous_teyaku": choice}).simultaneous_teyaku == choice
    other = "both_score" if old else "void_equal"
    with pytest.raises(TallyError, match="old name") as e:
        g.rules(None, {"simultaneous_teyaku_void": old, "simultaneous_teyaku": other})
    assert e.value.option == "simultaneous_teyaku_void"
    with pytest.raises(TallyError, match="must be on or off"):
        g.rules(None, {"simultaneous_teyaku_void": "yes"})


PAIRS = ["iris-bridge", "iris-ribbon", "maple-deer", "maple-chaff-2", "willow-rainman",
         "willow-lightning"]
E6_HAND = ["maple-deer", "maple-blue", "maple-chaff-1", "maple-chaff-2", "iris-bridge",
           "pine-chaff-1"]


@pytest.mark.parametrize("preset", ["wiki", "book"])
def test_e6_four_of_a_kind_wins_the_game(preset):
    """§9 E6 (wiki, seed 003 line 57): A 1, B 0; B is dealt four maples -> B wins the game at
    once with 5 points; under the book the 5 tokens reach the target too (§10.4)."""
    r = score(rnd([{"type": "teyaku", "player": "B"}], carry={"tokens": {"A": 1, "B": 0}},
                  hands={"A": ["pine-crane", "plum-chaff-1", "cherry-chaff-1", "iris-chaff-1",
                               "peony-chaff-1", "clover-chaff-1"], "B": E6_HAND}),
              preset=preset)
    assert r.player("B").yaku[0].id == "four_of_a_kind" and r.player("B").points == 5
    assert r.carry["tokens"] == {"A": 1, "B": 5}
    assert r.carry["game_over"] is True and r.carry["game_winner"] == "B"


def test_e6_san_mon_shobu_three_points_win():
    """§9 E6: with san_mon_shobu, A on 2 who goes out on a later turn reaches 3 and wins."""
    r = score(rnd([out("A")], carry={"tokens": {"A": 2, "B": 0}}), preset="wiki",
              options=WIKI_3)
    assert r.carry["tokens"]["A"] == 3 and r.carry["game_winner"] == "A"
    r = score(rnd([out("A")], carry={"tokens": {"A": 2, "B": 0}}), preset="wiki")
    assert r.carry["game_over"] is False  # first to 5 by default


@pytest.mark.parametrize("length, target", [("best_of_five", 3), ("best_of_three", 2)])
def test_book_short_games(length, target):
    """§8 (seed 002 lines 5323-5335): Best of Five -> first to 3, Best of Three -> first to 2."""
    opts = {"pool_9_target_5": False, length: True}
    before = {"A": target - 1, "B": 0}
    r = score(rnd([out("A")], carry={"tokens": before}), options=opts)
    assert r.carry["game_winner"] == "A"
    with pytest.raises(TallyError, match="already reaches the target"):
        score(rnd([out("A")], carry={"tokens": {"A": target, "B": 0}}), options=opts)


@pytest.mark.parametrize("options, points", [({}, 5), ({"teyaku_stack": True}, 5 + 2 + 2)])
def test_several_teyaku_in_one_hand_both_readings(options, points):
    """§10.2: four Januaries + the warbler hold four_of_a_kind (5), three_wilds (2) and
    three_januaries (2): the highest only (recommended) or all added up (other reading)."""
    hand = ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2", "plum-warbler",
            "iris-ribbon"]
    assert tally.evaluate(G, hand, options=options).points == points
    r = score(rnd([{"type": "teyaku", "player": "A"}], hands={"A": hand}), options=options)
    assert r.player("A").points == points


def test_wilds_do_not_fill_teyaku():
    """§10.3: natural months only; the warbler does not complete a pair or a triplet."""
    assert tally.evaluate(G, ["pine-crane", "pine-chaff-1", "plum-warbler", "iris-chaff-1",
                              "iris-chaff-2", "maple-deer"]).points == 0
    # the crane and the pine ribbon still count as Januaries
    assert tally.evaluate(G, ["pine-crane", "pine-poetry", "pine-chaff-2", "iris-chaff-1",
                              "clover-boar", "maple-deer"]).yaku[0].id == "three_januaries"


def test_teyaku_win_with_claim_only_and_stake():
    """§3: a single holder wins at once; the optional money of p. VI pays per token."""
    r = score(rnd([{"type": "teyaku", "player": "B", "yaku": "three_pairs"}]),
              options={"stake_per_token": 10})
    assert r.player("B").points == 2 and r.next_dealer == "B"
    assert r.net() == {"A": -20, "B": 20}


def test_void_round_scores_nothing_and_dealer_stays():
    r = score(rnd([{"type": "void_round"}], dealer="B", carry={"tokens": {"A": 3, "B": 1}}))
    assert r.winner is None and r.next_dealer == "B"
    assert r.carry["tokens"] == {"A": 3, "B": 1}


def test_presets_and_options_are_served():
    g = tally.get_game(G)
    assert {p.id for p in g.presets} == {"book", "wiki"} and g.default_preset == "book"
    ids = {o.id for o in g.options}
    assert {"pool_9_target_5", "best_of_five", "best_of_three", "san_mon_shobu",
            "simultaneous_teyaku", "four_of_a_kind_wins_game", "ghost_reset",
            "jan_feb_multi"} <= ids
    assert {y.id for y in g.yaku} == {"three_wilds", "three_pairs", "three_januaries",
                                      "four_of_a_kind", "out", "all_out"}
    wiki = g.rules("wiki")
    assert wiki.four_of_a_kind_wins_game and wiki.ghost_reset and not wiki.jan_feb_multi
    assert wiki.simultaneous_teyaku == "void_equal" and wiki.pool_9_target_5


# --------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("r, needle, culprit", [
    (rnd([out("A")], hands={"A": ["pine-cran"]}), "unknown card 'pine-cran'",
     ("card", "pine-cran")),
    (rnd([out("A")], hands={"A": [], "B": ["pine-crane", "joker-a"]}), "not in the Poka deck",
     ("card", "joker-a")),
    (rnd([out("B")], hands={"A": ["pine-crane"], "B": ["pine-crane"]}),
     "'Pine with crane' is in both", ("card", "pine-crane")),
    (rnd([out("A")], hands={"A": ["pine-crane"]}), "went out but", ("player", "A")),
    (rnd([out("A")], hands={"A": [], "B": []}), "has no cards left too", ("player", "B")),
    (rnd([out("A")], hands={"B": ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2",
                                  "plum-chaff-1", "plum-chaff-2", "iris-chaff-1"]}),
     "more than one player can hold in Poka", ("player", "B")),
    (rnd([out("A"), out("B")]), 'only one "Out" event', ("player", "B")),
    (rnd([]), "who won the round", ("rule", "out")),
    (rnd([{"type": "teyaku", "player": "A", "yaku": "three_pairs"}, out("A")]),
     'no "Out" event', ("rule", "out")),
    (rnd([{"type": "teyaku", "player": "A", "yaku": "five_brights"}]), "the teyaku must be",
     ("player", "A")),
    (rnd([{"type": "teyaku", "player": "A"}]), "needs the .* by name or the 6 dealt cards", ("player", "A")),
    (rnd([{"type": "teyaku", "player": "A", "yaku": "three_pairs",
           "cards": ["pine-crane", "pine-poetry", "plum-warbler", "iris-chaff-1", "maple-deer",
                     "willow-swallow"]}]), "claims 3 pairs", ("rule", "three_pairs")),
    (rnd([{"type": "teyaku", "player": "A", "cards": ["pine-crane", "plum-chaff-1"]}]),
     "must be 6 cards", ("player", "A")),
    (rnd([{"type": "teyaku", "player": "A", "cards": ["pine-chaff-1", "plum-chaff-1",
                                                      "cherry-chaff-1", "iris-chaff-1",
                                                      "maple-deer", "willow-swallow"]}]),
     "holds no teyaku", ("player", "A")),
    (rnd([{"type": "teyaku", "player": "A", "cards": E6_HAND}],
         hands={"B": ["maple-deer", "pine-crane"]}), "'Maple with deer' is dealt to 'A'",
     ("card", "maple-deer")),
    (rnd([{"type": "teyaku", "player": "A", "yaku": "three_pairs", "cards": PAIRS},
          {"type": "teyaku", "player": "B", "yaku": "three_januaries"}, out("B")],
         hands={"A": ["cherry-chaff-1"], "B": []}), "never draw", ("card", "cherry-chaff-1")),
    (rnd([out("C")]), "names 'C'", ("player", "C")),
    (rnd([{"type": "go", "player": "A"}]), "'go', is not an event of this game", ("rule", "go")),
    (rnd([{"type": "out", "player": "A", "first_trun": True}]), "has nothing called 'first_trun'",
     ("rule", "out")),
    (rnd([{"type": "out", "player": "A", "first_turn": "yes"}]), "must be on or off",
     ("rule", "out")),
    (rnd([{"type": "void_round"}, out("A")]), "void round", ("rule", "void_round")),
    (rnd([out("A")], players=("A", "B", "C")), "played by 2-2 players", ("field", "players")),
    (rnd([out("A")], dealer="Z"), "the dealer: 'Z'", ("player", "Z")),
    ({**rnd([out("A")]), "captures": {}}, "does not read 'captures' in a round", ("field", "captures")),
    (rnd([out("A")], carry={"tokens": {"A": -1}}), "the tokens carried from the previous round: A's must be", ("player", "A")),
    (rnd([out("A")], carry={"tokens": {"Q": 1}}), "name 'Q'", ("player", "Q")),
    (rnd([out("A")], carry={"tokens": {"A": 5, "B": 0}}), "already reaches", ("player", "A")),
    (rnd([out("A")], carry={"game_over": True, "game_winner": "A"}), "already over",
     ("field", "carry")),
])
def test_bad_rounds_name_the_culprit(r, needle, culprit):
    with pytest.raises(TallyError, match=needle) as e:
        score(r)
    assert getattr(e.value, culprit[0]) == culprit[1]


def test_game_length_options_are_exclusive_and_required():
    with pytest.raises(TallyError, match="Book default length.*Book variation Best of Five|"
                                         "Book variation Best of Five.*Book default length"):
        score(rnd([out("A")]), options={"best_of_five": True})
    with pytest.raises(TallyError, match="exactly one of these house rules must be on") as e:
        score(rnd([out("A")]), options={"pool_9_target_5": False})
    assert e.value.option == "pool_9_target_5"


# --------------------------------------------------------------------------- properties

def _spec(hand):
    """The §3 table read literally, card by card (independent of the mask code)."""
    months = Counter(CARD[s].flower for s in hand)
    values = []
    if {"pine-crane", "pine-poetry", "plum-warbler"} <= set(hand):
        values.append(2)
    if len(hand) == 6 and all(n % 2 == 0 for n in months.values()):
        values.append(2)
    if months["pine"] >= 3:
        values.append(2)
    if 4 in months.values():
        values.append(5)
    return max(values, default=0)


hands6 = st.lists(st.sampled_from([c.slug for c in tally.CardSet(tally.get_game(G).deck)]),
                  min_size=6, max_size=6, unique=True)


@settings(max_examples=200, deadline=None)
@given(hands6, st.randoms())
def test_evaluate_matches_the_table_and_ignores_order(hand, rng):
    ev = tally.evaluate(G, hand)
    assert ev.points == _spec(hand)
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert tally.evaluate(G, shuffled) == ev


@settings(max_examples=100, deadline=None)
@given(hands6, st.booleans(), st.integers(0, 4), st.integers(0, 4), st.integers(0, 5))
def test_rounds_are_zero_sum_and_order_free(hand, first, ta, tb, stake):
    carry = {"tokens": {"A": ta, "B": tb}}
    points = _spec(hand)
    events = [{"type": "teyaku", "player": "B", "cards": hand}] if points else [out("A", first)]
    r = score(rnd(events, carry=carry), options={"stake_per_token": stake})
    assert sum(r.net().values()) == 0
    award = points or (2 if first else 1)
    winner = "B" if points else "A"
    assert r.player(winner).points == award
    assert r.net()[winner] == award * stake
    r2 = score(rnd(events, carry={"tokens": {"B": tb, "A": ta}}),
               options={"stake_per_token": stake})
    assert r2.to_dict() == r.to_dict()
