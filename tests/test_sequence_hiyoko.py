"""Hiyoko (shared/rules/hiyoko.md): §9 example, deck, month order, bad input.

Seed 002 ch. 26, lines 5703-5873 (Quick Reference p. 228, lines 9925-10021). Expected numbers
are the digest's.
"""

import pytest

import tally
from tally import TallyError
from tally.games.hiyoko import ORDER

G = "hiyoko"


def rnd(winner, players=("A", "B"), dealer="A", carry=None, hands=None, events=None):
    r = {"players": list(players), "dealer": dealer,
         "events": events if events is not None else [{"type": "out", "player": winner}]}
    if carry is not None:
        r["carry"] = carry
    if hands is not None:
        r["hands"] = hands
    return r


def test_e1_book_gameplay_example():
    """§9 E1 (book p. 136, seed 002 lines 5837-5873): A treats the December (plum) chaff base
    as a January and goes out: round wins A 1, B 0; A deals; the game goes on."""
    r = tally.score_round(G, rnd("A", hands={"A": [], "B": ["pine-chaff-1", "plum-poetry",
                                                            "peony-blue"]}))
    assert r.carry["round_wins"] == {"A": 1, "B": 0}
    assert r.next_dealer == "A" and r.carry["game_over"] is False
    assert r.player("A").points == 1


def test_game_end_first_to_three():
    """§6 (seed 002 line 5869): the first player to win 3 rounds wins the game."""
    r = tally.score_round(G, rnd("B", carry={"round_wins": {"A": 2, "B": 2}}))
    assert r.carry["game_over"] is True and r.carry["game_winner"] == "B"
    r = tally.score_round(G, rnd("B", carry={"round_wins": {"A": 2, "B": 1}}))
    assert r.carry["game_over"] is False


def test_deck_keeps_only_the_phoenix_of_paulownia():
    """§1 (seed 002 line 5707): 45 cards, the 3 December paulownia chaffs removed."""
    deck = tally.CardSet(tally.get_game(G).deck)
    assert len(deck) == 45
    assert "paulownia-phoenix" in deck
    assert not {"paulownia-chaff-colored", "paulownia-chaff-1", "paulownia-chaff-2"} & \
        set(deck.slugs)


def test_tensho_month_order():
    """§1 / §10.4 (seed 002 lines 5719-5773): willow 2, paulownia 6, peony 11, plum 12."""
    assert ORDER.index("pine") + 1 == 1 and ORDER.index("willow") + 1 == 2
    assert ORDER.index("paulownia") + 1 == 6 and ORDER.index("peony") + 1 == 11
    assert ORDER.index("plum") + 1 == 12


def test_no_teyaku():
    """§3: none."""
    assert tally.evaluate(G, ["pine-crane", "pine-poetry", "pine-chaff-1"]).points == 0


@pytest.mark.parametrize("r, needle, culprit", [
    (rnd("A", hands={"B": ["paulownia-chaff-1"]}), "not in the Hiyoko deck",
     ("card", "paulownia-chaff-1")),
    (rnd("B", hands={"B": ["plum-poetry"]}), "went out but", ("player", "B")),
    (rnd("A", events=[]), "who went out", ("rule", "out")),
    (rnd("A", events=[{"type": "teyaku", "player": "A"}]), "'teyaku', is not an event of this game",
     ("rule", "teyaku")),
    (rnd("A", players=("A",)), "played by 2-4 players", ("field", "players")),
])
def test_bad_rounds_name_the_culprit(r, needle, culprit):
    with pytest.raises(TallyError, match=needle) as e:
        tally.score_round(G, r)
    assert getattr(e.value, culprit[0]) == culprit[1]


def test_stake_is_zero_sum():
    r = tally.score_round(G, rnd("C", players=("A", "B", "C")),
                          options={"stake_per_round": 2})
    assert r.net() == {"A": -2, "B": -2, "C": 4}


def test_the_ten_wilds_are_named():
    """§2 / §10.1 (settled 2026-12, FudaWiki's Hiyoko page). The old digest had the warbler
    and the phoenix swapped: the warbler is the any-month base wild, the phoenix a January
    base wild; the hand wilds pine ribbon, willow rain man and willow ribbon are named."""
    from tally.games.hiyoko import WILDS
    assert WILDS == {"hand_jan_oct": ("pine-crane", "pine-poetry"),
                     "hand_feb_nov": ("willow-rainman", "willow-ribbon"),
                     "hand_jan_dec": ("cherry-poetry",),
                     "base_january": ("paulownia-phoenix", "plum-poetry", "plum-chaff-1",
                                      "plum-chaff-2"),
                     "base_any": ("plum-warbler",)}
    deck = tally.CardSet(tally.get_game(G).deck)
    assert sum(map(len, WILDS.values())) == 10
    assert all(c in deck for cards in WILDS.values() for c in cards)
