"""Bad input gets a clear error, never a crash: for every game, malformed versions of its
round example (a value of the wrong type, a missing key, an extra key or list item; up to
four changes at once) either score or raise TallyError, the error the API turns into a 422.
Any other exception would be a server error on a phone."""

import copy
import random

import pytest

import tally
from tally import TallyError

ODD_VALUES = [None, 1, -1, True, "x", [], {}, ["pine-crane"], {"x": 1}, 1.5, "pine-crane",
              [[1]], {"A": None}]
COMMON_KEYS = ["players", "dealer", "captures", "hands", "events", "carry"]


def mutate(obj, rng):
    obj = copy.deepcopy(obj)
    path, cur = [], obj
    while isinstance(cur, (dict, list)) and cur and rng.random() < 0.7:
        k = rng.choice(list(cur)) if isinstance(cur, dict) else rng.randrange(len(cur))
        path.append((cur, k))
        cur = cur[k]
    if not path:
        obj[rng.choice(COMMON_KEYS)] = rng.choice(ODD_VALUES)
        return obj
    parent, k = path[-1]
    r = rng.random()
    if r < 0.6:
        parent[k] = rng.choice(ODD_VALUES)
    elif r < 0.8 and isinstance(parent, dict):
        del parent[k]
    elif isinstance(parent, dict):
        parent[f"zz_{rng.randrange(9)}"] = rng.choice(ODD_VALUES)
    else:
        parent.append(rng.choice(ODD_VALUES))
    return obj


def rejected_mutations(example, score, rng, n=1500):
    """Score ``n`` changed copies of ``example`` (1-3 changes each): each must score or raise
    TallyError, never another exception. Returns how many were rejected."""
    rejected = 0
    for _ in range(n):
        rnd = copy.deepcopy(example)
        for _ in range(rng.randint(1, 3)):
            rnd = mutate(rnd, rng)
        try:
            score(rnd)
        except TallyError:
            rejected += 1
    return rejected


@pytest.mark.parametrize("game", sorted(tally.GAMES))
def test_malformed_rounds_raise_tally_error_only(game):
    rng = random.Random(game)  # a fixed sequence per game: a failure is reproducible
    example = tally.get_game(game).round_example
    rejected = 0
    for _ in range(2000):
        rnd = example
        for _ in range(rng.randint(1, 4)):
            rnd = mutate(rnd, rng)
        try:
            tally.score_round(game, rnd)
        except tally.TallyError:
            rejected += 1
    assert rejected > 0  # the mutations do reach the validation
