"""Hiyoko (Simplified) (shared/rules/hiyoko-simplified.md): §9 examples, §10 readings, bad input.

Seed 002 ch. 23, lines 5341-5455 (Quick Reference p. 226, lines 9827-9865). Expected numbers
are the digest's.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from tally import TallyError

G = "hiyoko-simplified"


def rnd(winner, players=("A", "B"), dealer="A", carry=None, hands=None, events=None):
    r = {"players": list(players), "dealer": dealer,
         "events": events if events is not None else [{"type": "out", "player": winner}]}
    if carry is not None:
        r["carry"] = carry
    if hands is not None:
        r["hands"] = hands
    return r


def test_e1_book_gameplay_example():
    """§9 E1 (book p. 125, seed 002 lines 5407-5455): A treats the December base wild as a
    January, plays February, March, the ribbon as April, then May and is out."""
    r = tally.score_round(G, rnd("A", hands={"A": [], "B": ["pine-chaff-1", "paulownia-phoenix",
                                                            "willow-swallow"]}))
    assert r.carry["round_wins"] == {"A": 1, "B": 0}
    assert r.next_dealer == "A" and r.winner == "A"
    assert r.carry["game_over"] is False
    assert r.player("A").points == 1 and r.player("B").points == 0
    assert r.payments == ()


def test_e2_game_end_with_three_players():
    """§9 E2: round wins A 2, B 1, C 2 (3 players); C wins -> C 3 -> game over."""
    r = tally.score_round(G, rnd("C", players=("A", "B", "C"),
                                 carry={"round_wins": {"A": 2, "B": 1, "C": 2}}))
    assert r.carry["round_wins"] == {"A": 2, "B": 1, "C": 3}
    assert r.carry["game_over"] is True and r.carry["game_winner"] == "C"
    assert r.next_dealer == "C"


def test_more_than_five_rounds_with_three_players():
    """§10.3: with 3 players first-to-3 can take 7 rounds: A 2, B 2, C 2 still plays on."""
    r = tally.score_round(G, rnd("B", players=("A", "B", "C"),
                                 carry={"round_wins": {"A": 2, "B": 2, "C": 2}}))
    assert r.carry["game_winner"] == "B"


def test_four_players_and_stake():
    """§1: 2-4 players; optional money (p. VI): each other player pays a fixed stake."""
    r = tally.score_round(G, rnd("D", players=("A", "B", "C", "D")),
                          options={"stake_per_round": 5})
    assert r.net() == {"A": -5, "B": -5, "C": -5, "D": 15}


def test_the_deck_has_no_peony_ribbon_or_chaff():
    """§1 (seed 002 line 5345): 45 cards; June keeps only peony-butterflies."""
    deck = tally.CardSet(tally.get_game(G).deck)
    assert len(deck) == 45
    assert "peony-butterflies" in deck and "peony-blue" not in deck


def test_no_teyaku_every_hand_scores_zero():
    """§3: none."""
    ev = tally.evaluate(G, ["pine-crane", "pine-poetry", "pine-chaff-1", "pine-chaff-2",
                            "cherry-poetry", "maple-deer"])
    assert ev.points == 0 and ev.yaku == ()


def test_options_and_preset():
    g = tally.get_game(G)
    assert [p.id for p in g.presets] == ["book"]
    assert g.rules().skip_june is False
    # skip_june is play only: the result is the same
    a = tally.score_round(G, rnd("A"))
    b = tally.score_round(G, rnd("A"), options={"skip_june": True})
    assert a.carry == b.carry


def test_the_ten_wilds_by_month_and_by_flower():
    """§2 / §10.1 (best reading, 2026-12) and §8 simplified_wilds (by_month default,
    by_flower = hiyoko.md's cards). The old pre-fill made all four paulownia cards January
    base wilds; now the phoenix is the any-month base wild, the butterflies a January base
    wild, and the pine ribbon, warbler and plum ribbon hand wilds. Play only."""
    from tally.games.hiyoko_simplified import WILDS
    assert WILDS["by_month"] == {
        "hand_jan_oct": ("pine-crane", "pine-poetry"),
        "hand_feb_nov": ("plum-warbler", "plum-poetry"),
        "hand_jan_dec": ("cherry-poetry",),
        "base_january": ("peony-butterflies", "paulownia-chaff-colored", "paulownia-chaff-1",
                         "paulownia-chaff-2"),
        "base_any": ("paulownia-phoenix",)}
    assert WILDS["by_flower"] == {
        "hand_jan_oct": ("pine-crane", "pine-poetry"),
        "hand_feb_nov": ("willow-rainman", "willow-ribbon"),
        "hand_jan_dec": ("cherry-poetry",),
        "base_january": ("paulownia-phoenix", "plum-poetry", "plum-chaff-1", "plum-chaff-2"),
        "base_any": ("plum-warbler",)}
    deck = tally.CardSet(tally.get_game(G).deck)
    assert all(c in deck for w in WILDS.values() for cards in w.values() for c in cards)
    opt = next(o for o in tally.get_game(G).options if o.id == "simplified_wilds")
    assert opt.default == "by_month" and opt.choices == ("by_month", "by_flower")
    # play only: §9 E1 scores the same under both
    a = tally.score_round(G, rnd("A"))
    b = tally.score_round(G, rnd("A"), options={"simplified_wilds": "by_flower"})
    assert a.carry == b.carry == {"round_wins": {"A": 1, "B": 0}, "game_over": False,
                                  "game_winner": None}


@pytest.mark.parametrize("r, needle, culprit", [
    (rnd("A", hands={"B": ["peony-blue"]}), "not in the Hiyoko .Simplified. deck",
     ("card", "peony-blue")),
    (rnd("A", hands={"A": ["pine-crane"]}), "went out but", ("player", "A")),
    (rnd("A", hands={"B": []}), "has no cards left too", ("player", "B")),
    (rnd("A", events=[]), "who went out", ("rule", "out")),
    (rnd("A", events=[{"type": "out", "player": "A"}, {"type": "out", "player": "B"}]),
     'only one "Out" event', ("player", "B")),
    (rnd("A", players=("A", "B", "C", "D", "E")), "played by 2-4 players",
     ("field", "players")),
    (rnd("A", carry={"round_wins": {"A": 3, "B": 0}}), "already reaches", ("player", "A")),
    (rnd("A", events=[{"type": "out", "player": "A", "first_turn": True}]),
     "has nothing called 'first_turn'", ("rule", "out")),
])
def test_bad_rounds_name_the_culprit(r, needle, culprit):
    with pytest.raises(TallyError, match=needle) as e:
        tally.score_round(G, r)
    assert getattr(e.value, culprit[0]) == culprit[1]


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 4), st.data())
def test_one_round_win_zero_sum(n, data):
    players = ["P1", "P2", "P3", "P4"][:n]
    wins = {p: data.draw(st.integers(0, 2)) for p in players}
    winner = data.draw(st.sampled_from(players))
    stake = data.draw(st.integers(0, 9))
    r = tally.score_round(G, rnd(winner, players=players, dealer=players[0],
                                 carry={"round_wins": wins}),
                          options={"stake_per_round": stake})
    assert sum(r.net().values()) == 0
    assert r.net()[winner] == stake * (n - 1)
    assert sum(r.carry["round_wins"].values()) == sum(wins.values()) + 1
    assert r.carry["game_over"] == (wins[winner] == 2)
