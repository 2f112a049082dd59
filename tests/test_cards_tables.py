"""The engine's speed helpers keep the results the same: MaskTable, YakuHit.of_mask, the
pile check's mask arithmetic, and the end-of-round piles the engine benchmark scores."""

import pathlib
import random
import sys

import pytest

from tally import CARD, TallyError, evaluate
from tally.cards import BRIGHTS, FULL_DECK, MaskTable, mask_of, slugs_of, submasks
from tally.results import YakuHit

sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "bench"))
from rounds import DEALS, end_of_round_piles, played_out  # noqa: E402

CRANE_CURTAIN = mask_of(["pine-crane", "cherry-curtain"])
BIT_SAKE = CARD["chrysanthemum-sake"].bit


def test_mask_table_builds_each_key_once():
    built = []
    table = MaskTable(lambda m: built.append(m) or m.bit_count())
    assert [table[CRANE_CURTAIN & BRIGHTS] for _ in range(3)] == [2, 2, 2]
    assert table[0] == 0
    assert built == [CRANE_CURTAIN, 0]


def test_a_hit_of_a_mask_lists_its_cards_like_one_built_with_them():
    names = {"en": "Two brights"}
    lazy = YakuHit.of_mask("x", "Two brights", 2, CRANE_CURTAIN, names)
    eager = YakuHit("x", "Two brights", 2, ("pine-crane", "cherry-curtain"), names)
    assert lazy == eager and hash(lazy) == hash(eager)
    assert lazy.cards == slugs_of(CRANE_CURTAIN) == ("pine-crane", "cherry-curtain")
    assert lazy.to_dict() == eager.to_dict()
    with pytest.raises(AttributeError):
        lazy.nothing_of_the_kind  # noqa: B018


@pytest.mark.parametrize("pile, culprit", [
    (["pine-crane", "pine-crane"], "listed twice"),
    (["pine-crane", "cherry-curtain", "cherry-curtain", "pampas-moon"], "listed twice"),
    # two of one card add up to the next card's bit: the count of bits still tells
    (["pine-crane", "pine-crane", "pine-chaff-1"], "listed twice"),
    (["pine-crane", "no-such-card"], "unknown card"),
    (["pine-crane", ["pine-poetry"]], "unknown card"),
])
def test_a_bad_pile_is_named_whatever_its_shape(pile, culprit):
    for shape in (list, tuple):
        with pytest.raises(TallyError, match=culprit):
            evaluate("koi-koi", shape(pile))


@pytest.mark.parametrize("game", sorted(DEALS))
def test_played_out_deals_share_out_the_deck(game):
    """Every card ends in one pile at most; a capture is a card and the one (or three) of its
    month it takes, so each pile has an even number of cards of whole pairs of months."""
    players, hand, face_up = DEALS[game]
    rng = random.Random(5)
    for _ in range(50):
        piles = played_out(rng, players, hand, face_up)
        assert len(piles) == players
        cards = [c for p in piles for c in p]
        assert len(cards) == len(set(cards)) and set(cards) <= set(slugs_of(FULL_DECK))
        for p in piles:
            assert len(p) % 2 == 0
            months = [CARD[c].flower for c in p]
            assert all(months.count(m) % 2 == 0 for m in months)


def test_end_of_round_piles_are_what_the_engine_accepts():
    rng = random.Random(6)
    for game in DEALS:
        piles = end_of_round_piles(game, rng, 60)
        assert len(piles) == 60
        for p in piles:
            evaluate(game, p)


READINGS = [(None, None), ("book", None), (None, {"sake_mode": "animal_or_single_junk"}),
            (None, {"iris_bridge_mode": "animal_or_double_junk"}),
            (None, {"sake_mode": "animal_and_single_junk", "vip_ssangpi": True,
                    "palssari": True, "yukdori_bidori": True})]


@pytest.mark.parametrize("preset, options", READINGS)
def test_go_stop_reads_a_flexible_card_as_trying_every_reading_would(preset, options):
    """2.3: the flexible cards count the way with the most Stop points (ties: all animal).
    best_reading counts the pile once; trying every designation in turn must agree, and the
    table-built points and rows must be those of the pile's cards."""
    from tally.games import get_game
    c = get_game("go-stop").compiled(preset, options)
    rng = random.Random(7)
    deck = slugs_of(FULL_DECK)
    for _ in range(400):
        m = mask_of(rng.sample(deck, rng.randint(0, 30)))
        tried = None
        for d in c.designations(m):
            n_a, j = c.counts(m, d)
            key = c.points(m, n_a, j)
            if tried is None or key > tried[0]:
                tried = (key, d, n_a, j)
        assert c.best_reading(m) == tried[1:]
        ps, p, hits = c.jokbo(m, *tried[1:])
        assert (ps, p) == tried[0]
        assert p == sum(h.points for h in hits)
        assert all(mask_of(h.cards) & ~m == 0 for h in hits)


def test_submasks_lists_every_subset_of_a_group_once():
    # a group of n cards has 2 ** n subsets (the empty one among them), each inside the group
    subs = submasks(CRANE_CURTAIN | BIT_SAKE)
    assert subs[0] == 0 and len(subs) == 8 == len(set(subs))
    assert set(subs) == {a | b | s for a in (0, CARD["pine-crane"].bit)
                         for b in (0, CARD["cherry-curtain"].bit) for s in (0, BIT_SAKE)}
    assert submasks(0) == [0]
