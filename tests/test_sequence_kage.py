"""Kage (shared/rules/kage.md): every §9 example, the §10 readings, bad input.

Seed 002 ch. 25, lines 5611-5697 (Quick Reference p. 225, lines 9797-9823). Expected numbers are
the digest's.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError

G = "kage"
E3_HAND = ["joker-a", "joker-b", "joker-c", "joker-d", "iris-ribbon", "maple-deer"]


def rnd(events, dealer="A", carry=None, hands=None):
    r = {"players": ["A", "B"], "dealer": dealer, "events": events}
    if carry is not None:
        r["carry"] = carry
    if hands is not None:
        r["hands"] = hands
    return r


def score(r, **kw):
    return tally.score_round(G, r, **kw)


def test_e1_book_gameplay_example():
    """§9 E1 (book p. 132, seed 002 lines 5677-5697): A plays February-May and is out."""
    r = score(rnd([{"type": "out", "player": "A"}], hands={"A": [], "B": ["paulownia-phoenix"]}))
    assert r.carry["round_wins"] == {"A": 1, "B": 0}
    assert r.next_dealer == "A" and r.carry["game_over"] is False
    assert r.player("A").yaku[0].id == "out" and r.player("A").points == 1


def test_e2_deck_exhausted_fewer_cards_wins():
    """§9 E2 (derived from p. 132, seed 002 lines 5683-5693): hand sizes A 3, B 2 -> B."""
    r = score(rnd([{"type": "deck_exhausted", "hand_sizes": {"A": 3, "B": 2}}]))
    assert r.winner == "B" and r.carry["round_wins"] == {"A": 0, "B": 1}
    assert r.player("B").yaku[0].id == "fewest_cards" and r.next_dealer == "B"
    # the same from the cards left in each hand
    r = score(rnd([{"type": "deck_exhausted"}],
                  hands={"A": ["pine-crane", "plum-warbler", "joker-a"],
                         "B": ["maple-deer", "iris-ribbon"]}))
    assert r.winner == "B"


def test_deck_exhausted_equal_hands_nobody_wins():
    """§10.2: equal hand sizes -> nobody wins the round; the same dealer deals again."""
    r = score(rnd([{"type": "deck_exhausted", "hand_sizes": {"A": 2, "B": 2}}], dealer="B",
                  carry={"round_wins": {"A": 1, "B": 0}}))
    assert r.winner is None and r.next_dealer == "B"
    assert r.carry["round_wins"] == {"A": 1, "B": 0}


def test_e3_automatic_win_four_jokers():
    """§9 E3 (derived): four jokers -> four_plus_wilds, A wins the round without play."""
    ev = tally.evaluate(G, E3_HAND)
    assert [y.id for y in ev.yaku] == ["four_plus_wilds"] and ev.points == 1
    r = score(rnd([{"type": "auto_win", "player": "A"}], hands={"A": E3_HAND}))
    assert r.winner == "A" and r.player("A").yaku[0].id == "four_plus_wilds"
    assert r.carry["round_wins"] == {"A": 1, "B": 0} and r.next_dealer == "A"


def test_four_of_a_kind_automatic_win():
    """§3 (seed 002 line 5661): 4 cards of the same month."""
    hand = ["cherry-curtain", "cherry-poetry", "cherry-chaff-1", "cherry-chaff-2", "joker-a",
            "pine-chaff-1"]
    assert tally.evaluate(G, hand).yaku[0].id == "four_of_a_kind"
    r = score(rnd([{"type": "auto_win", "player": "B", "cards": hand}]))
    assert r.winner == "B"


@pytest.mark.parametrize("options, points", [({}, 0), ({"jokers_fill_four_of_a_kind": True}, 1)])
def test_joker_and_four_of_a_kind_both_readings(options, points):
    """§10.4: a joker does not complete a four of a kind (recommended); other reading: it
    does. Three cherries + a joker."""
    hand = ["cherry-curtain", "cherry-poetry", "cherry-chaff-1", "joker-a", "pine-chaff-1",
            "maple-deer"]
    assert tally.evaluate(G, hand, options=options).points == points


def test_e4_game_end():
    """§9 E4 (derived): A 2, B 2; A wins round 5 -> A 3 -> game over, A wins."""
    r = score(rnd([{"type": "out", "player": "A"}], carry={"round_wins": {"A": 2, "B": 2}}))
    assert r.carry["round_wins"] == {"A": 3, "B": 2}
    assert r.carry["game_over"] is True and r.carry["game_winner"] == "A"


def test_both_automatic_wins_cancel():
    """§10.1: both players dealt an automatic win -> cancel both and play the round."""
    events = [{"type": "auto_win", "player": "A", "yaku": "four_plus_wilds"},
              {"type": "auto_win", "player": "B", "yaku": "four_of_a_kind"}]
    with pytest.raises(TallyError, match="cancel and the round is played"):
        score(rnd(events))
    r = score(rnd(events + [{"type": "out", "player": "B"}]))
    assert r.winner == "B" and any("cancelled" in n for n in r.notes)


@pytest.mark.parametrize("option, joker, ok", [
    ("jokers_4", "joker-e", False), ("jokers_5", "joker-e", True),
    ("jokers_5", "joker-f", False), ("jokers_6", "joker-f", True),
])
def test_joker_count_sets_the_deck(option, joker, ok):
    """§8 / §10.5: 4, 5 or 6 jokers (joker-a ...)."""
    opts = {"jokers_4": False, option: True} if option != "jokers_4" else {}
    r = rnd([{"type": "out", "player": "A"}], hands={"B": [joker]})
    if ok:
        assert score(r, options=opts).winner == "A"
    else:
        with pytest.raises(TallyError, match=f"{tally.CARD[joker].names['en']}.*not in play") as e:
            score(r, options=opts)
        assert e.value.card == joker


def test_five_jokers_is_also_four_plus_wilds():
    hand = ["joker-a", "joker-b", "joker-c", "joker-d", "joker-e", "maple-deer"]
    opts = {"jokers_4": False, "jokers_5": True}
    assert tally.evaluate(G, hand, options=opts).yaku[0].id == "four_plus_wilds"


def test_options_and_preset():
    g = tally.get_game(G)
    assert {o.id for o in g.options} >= {"jokers_4", "jokers_5", "jokers_6"}
    assert [p.id for p in g.presets] == ["book"] and g.rules().jokers_4 is True
    r = score(rnd([{"type": "out", "player": "B"}]), options={"stake_per_round": 3})
    assert r.net() == {"A": -3, "B": 3}


@pytest.mark.parametrize("r, needle, culprit", [
    (rnd([]), "who won the round", ("rule", "out")),
    (rnd([{"type": "out", "player": "A"}, {"type": "deck_exhausted",
                                           "hand_sizes": {"A": 1, "B": 1}}]),
     "not both", ("rule", "deck_exhausted")),
    (rnd([{"type": "deck_exhausted", "hand_sizes": {"A": 1}}]), "how many cards does 'B'",
     ("player", "B")),
    (rnd([{"type": "deck_exhausted", "hand_sizes": {"A": 0, "B": 2}}]), "went out",
     ("player", "A")),
    (rnd([{"type": "deck_exhausted", "hand_sizes": {"A": "3", "B": 2}}]),
     "A's number of cards must be", ("player", "A")),
    (rnd([{"type": "deck_exhausted", "hand_sizes": {"A": 2, "B": 2}}],
         hands={"A": ["pine-crane"]}), "lists 1", ("player", "A")),
    (rnd([{"type": "auto_win", "player": "A", "yaku": "three_pairs"}]), "the automatic win must be",
     ("player", "A")),
    (rnd([{"type": "auto_win", "player": "A"}]), "needs the .* by name or the 6 dealt cards", ("player", "A")),
    (rnd([{"type": "auto_win", "player": "A", "cards": E3_HAND[1:] + ["pine-crane"]}]),
     "holds no automatic win", ("player", "A")),
    (rnd([{"type": "auto_win", "player": "A", "yaku": "four_of_a_kind", "cards": E3_HAND}]),
     "holds no 4 of a kind", ("player", "A")),
    (rnd([{"type": "auto_win", "player": "A", "yaku": "four_plus_wilds"},
          {"type": "out", "player": "A"}]), "no play", ("player", "A")),
    (rnd([{"type": "out", "player": "A"}], hands={"A": ["joker-a"]}), "went out but",
     ("player", "A")),
    (rnd([{"type": "out", "player": "A"}], hands={"B": ["joker-z"]}), "unknown card",
     ("card", "joker-z")),
    (rnd([{"type": "out", "player": "A"}], carry={"round_wins": {"A": 3}}), "already reaches",
     ("player", "A")),
])
def test_bad_rounds_name_the_culprit(r, needle, culprit):
    with pytest.raises(TallyError, match=needle) as e:
        score(r)
    assert getattr(e.value, culprit[0]) == culprit[1]


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 2), st.integers(0, 2),
       st.integers(0, 5))
def test_exhausted_deck_zero_sum_and_fewest_wins(a, b, wa, wb, stake):
    r = score(rnd([{"type": "deck_exhausted", "hand_sizes": {"A": a, "B": b}}],
                  carry={"round_wins": {"A": wa, "B": wb}}),
              options={"stake_per_round": stake})
    assert sum(r.net().values()) == 0
    assert r.winner == (None if a == b else "A" if a < b else "B")
    assert sum(r.carry["round_wins"].values()) == wa + wb + (a != b)
    swapped = score(rnd([{"type": "deck_exhausted", "hand_sizes": {"B": b, "A": a}}],
                        carry={"round_wins": {"B": wb, "A": wa}}),
                    options={"stake_per_round": stake})
    assert swapped.to_dict() == r.to_dict()
