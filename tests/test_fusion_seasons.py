"""Seasons (shared/rules/seasons.md; seed 002, ch. 35, lines 7029-7081).

The book has no numeric examples; section 9's derived result checks and section 10's readings
are the cases. A win is recorded as 1 point, a loss 0 (a series counts wins, section 6)."""

import pytest
from hypothesis import given, settings, strategies as st

import tally
from tally import TallyError
from tally.cards import FULL_DECK, CardSet

G = "seasons"
FLOWERS = CardSet(FULL_DECK).slugs
JOKERS = ["joker-a", "joker-b", "joker-c", "joker-d"]
OUT = {"solo": False, "out_variation": True}
PASS = {"solo": False, "pass_variation": True}
COOP = {"solo": False, "cooperative_variation": True}


def score(r, **options):
    return tally.score_round(G, r, options=options or None)


def test_solo_all_48_placed_is_a_win():
    """Section 9: solo, all 48 placed -> win."""
    r = score({"players": ["Aki"], "placed": FLOWERS})
    assert r.winner == "Aki" and r.player("Aki").role == "winner"
    assert r.player("Aki").points == 1 and r.player("Aki").extra["placed"] == 48
    assert tally.evaluate(G, FLOWERS).yaku[0].id == "win"
    assert score({"players": ["Aki"], "result": "win"}).winner == "Aki"


def test_solo_hand_of_four_jokers_is_a_loss():
    """Section 9: solo, the hand is [joker-a, joker-b, joker-c, joker-d] -> loss."""
    r = score({"players": ["Aki"], "hand": JOKERS})
    assert r.winner is None and r.player("Aki").role == "loser"
    assert r.player("Aki").yaku[0].id == "loss" and r.player("Aki").points == 0
    assert tally.evaluate(G, FLOWERS[:47]).yaku[0].id == "loss"


def test_cooperative_win_records_every_player_as_winner():
    """Section 9: cooperative with 3 players, win -> all three recorded as winners."""
    r = score({"players": ["A", "B", "C"], "result": "win"}, **COOP)
    assert [p.role for p in r.players] == ["winner"] * 3
    assert [p.points for p in r.players] == [1, 1, 1]
    r = score({"players": ["A", "B", "C"], "result": "loss"}, **COOP)
    assert [p.role for p in r.players] == ["loser"] * 3


def test_out_variation_section_10_1():
    """10.1: players still in when the field is complete win, those out lose; everyone out ->
    everyone loses."""
    r = score({"players": ["A", "B", "C", "D"], "result": "win",
               "events": [{"type": "out", "player": "B"}, {"type": "out", "player": "D"}]},
              **OUT)
    assert {p.player: p.role for p in r.players} == \
        {"A": "winner", "B": "loser", "C": "winner", "D": "loser"}
    r = score({"players": ["A", "B"],
               "events": [{"type": "out", "player": "B"}, {"type": "out", "player": "A"}]},
              **OUT)
    assert [p.role for p in r.players] == ["loser", "loser"]


def test_out_variation_not_for_three_section_10_2():
    with pytest.raises(TallyError, match="2 or 4 players, not 3") as e:
        score({"players": ["A", "B", "C"], "result": "win"}, **OUT)
    assert e.value.option == "out_variation"


def test_pass_variation_section_10_1():
    """10.1: the player who draws the 4th joker loses and the others win; a completed field:
    everyone wins."""
    r = score({"players": ["A", "B", "C"], "events": [{"type": "fourth_joker", "player": "B"}]},
              **PASS)
    assert {p.player: p.role for p in r.players} == {"A": "winner", "B": "loser",
                                                     "C": "winner"}
    r = score({"players": ["A", "B"], "placed": 48}, **PASS)
    assert [p.role for p in r.players] == ["winner", "winner"]


@pytest.mark.parametrize("r, options, needle, attr", [
    ({"players": ["Aki"], "placed": 30, "result": "win"}, {}, "a win does not fit 30",
     ("field", "result")),
    ({"players": ["Aki"], "placed": FLOWERS, "result": "loss"}, {}, "a loss does not fit 48",
     ("field", "result")),
    ({"players": ["Aki"]}, {}, "result is missing", ("field", "result")),
    ({"players": ["Aki"], "result": "draw"}, {}, "a win or a loss", ("field", "result")),
    ({"players": ["Aki"], "hand": ["pine-crane", "joker-a", "joker-b", "joker-c"]}, {},
     "only when the hand holds the 4 jokers", ("field", "hand")),
    ({"players": ["Aki"], "hand": ["joker-e", "joker-b", "joker-c", "joker-d"]}, {},
     "'Joker E' in the hand is not in the Seasons deck", ("card", "joker-e")),
    ({"players": ["Aki"], "placed": ["joker-a"]}, {}, "'Joker A' cannot be among",
     ("card", "joker-a")),
    ({"players": ["Aki"], "placed": ["pine-cran"]}, {}, "unknown card 'pine-cran'",
     ("card", "pine-cran")),
    ({"players": ["Aki"], "placed": 49}, {}, "must be 0..48, not 49", ("field", "placed")),
    ({"players": ["A", "B"], "result": "win"}, {}, "played by 1-1 players",
     ("field", "players")),
    ({"players": ["A", "B"], "result": "win", "events": [{"type": "out", "player": "A"}]},
     PASS, "needs the house rule", ("rule", "out")),
    ({"players": ["A", "B"], "events": [{"type": "out", "player": "Z"}]}, OUT,
     "names 'Z'", ("player", "Z")),
    ({"players": ["A", "B"], "events": [{"type": "out", "player": "A"},
                                        {"type": "out", "player": "A"}]}, OUT,
     "'A' goes out twice", ("player", "A")),
    ({"players": ["A", "B"], "result": "loss", "events": [{"type": "out", "player": "A"}]},
     OUT, "'B' is still in", ("player", "B")),
    ({"players": ["A", "B"], "result": "loss"}, PASS, "needs the player who drew the 4th",
     ("rule", "fourth_joker")),
    ({"players": ["A", "B"], "result": "win",
      "events": [{"type": "fourth_joker", "player": "A"}]}, PASS, "nobody drew the 4th joker",
     ("player", "A")),
    ({"players": ["A", "B"], "result": "win", "hand": JOKERS}, OUT, "\"Out\" events",
     ("field", "hand")),
    ({"players": ["Aki"], "result": "win"}, {"solo": False}, "exactly one of these house rules must be on",
     ("option", "solo")),
])
def test_bad_rounds_name_the_culprit(r, options, needle, attr):
    with pytest.raises(TallyError, match=needle) as e:
        score(r, **options)
    assert getattr(e.value, attr[0]) == attr[1]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(FLOWERS), unique=True), st.randoms())
def test_only_a_full_field_wins_and_order_never_matters(placed, rand):
    ev = tally.evaluate(G, placed)
    assert ev.yaku[0].id == ("win" if len(placed) == 48 else "loss")
    assert ev.points == (1 if len(placed) == 48 else 0)
    shuffled = rand.sample(placed, len(placed))
    a = score({"players": ["Aki"], "placed": placed}).to_dict()
    assert score({"players": ["Aki"], "placed": shuffled}).to_dict() == a
