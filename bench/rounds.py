"""Random complete rounds per game, for the benchmark: valid inputs with varied events.

Each maker takes a ``random.Random`` and returns a round mapping for ``tally.score_round``.
Piles are drawn from pools of random piles that the engine scores as a winning hand, so the
rounds exercise the whole scoring path (combinations, multipliers, payments).
"""

from __future__ import annotations

import random

import tally
from tally.cards import FULL_DECK, CardSet

FLOWER_DECK = CardSet(FULL_DECK).slugs
MONTHS = ["pine", "plum", "cherry", "wisteria", "iris", "peony", "clover", "pampas",
          "chrysanthemum", "maple", "willow", "paulownia"]


def _winning_piles(game: str, score, lo: int, n=400, seed=7) -> list[list[str]]:
    """Random piles whose score (by ``score(evaluation)``) is at least ``lo``."""
    rng, out = random.Random(seed), []
    while len(out) < n:
        pile = rng.sample(FLOWER_DECK, rng.randint(8, 22))
        if score(tally.evaluate(game, pile)) >= lo:
            out.append(pile)
    return out


_KOI = {}


def koi_koi(rng: random.Random) -> dict:
    """Two players; the stopper holds a yaku; sometimes a koi-koi call comes first."""
    pool = _KOI.setdefault("pool", _winning_piles("koi-koi", lambda e: e.points, 1))
    a, b = rng.sample(["Aki", "Bo"], 2)
    pile = rng.choice(pool)
    rest = [c for c in FLOWER_DECK if c not in set(pile)]
    events = [{"type": "koi_koi", "player": a}] if rng.random() < 0.5 else []
    events.append({"type": "stop", "player": a})
    return {"players": ["Aki", "Bo"], "dealer": rng.choice(["Aki", "Bo"]),
            "captures": {a: pile, b: rng.sample(rest, rng.randint(0, 12))}, "events": events}


_GS = {}


def go_stop_3(rng: random.Random) -> dict:
    """Three players; the winner scores at least 4 (one Go at the target of 3, then a Stop),
    shaking in a random month and a nagari carried in a third of them; losers hold random
    disjoint piles."""
    pool = _GS.setdefault("pool", _winning_piles(
        "go-stop", lambda e: e.details["stop_points"], 4))
    names = ["Ana", "Bo", "Cy"]
    winner = rng.choice(names)
    losers = [p for p in names if p != winner]
    pile = rng.choice(pool)
    stop_points = tally.evaluate("go-stop", pile).details["stop_points"]
    rest = [c for c in FLOWER_DECK if c not in set(pile)]
    rng.shuffle(rest)
    k = rng.randint(0, len(rest))
    captures = {winner: pile, losers[0]: rest[:k // 2], losers[1]: rest[k // 2:k]}
    events = [{"type": "heundeum", "player": winner, "month": rng.choice(MONTHS), "turn": 1},
              {"type": "go", "player": winner, "score": 3},
              {"type": "stop", "player": winner, "score": stop_points}]
    return {"players": names, "dealer": rng.choice(names), "captures": captures,
            "events": events, "carry": {"nagari": rng.choice([0, 0, 1])}}


ROUND_MAKERS: dict = {
    "koi-koi": {"2 players": koi_koi},
    "go-stop": {"3": go_stop_3},
}
