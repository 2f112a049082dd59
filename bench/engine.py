"""Engine benchmark: piles evaluated and rounds scored per second, for each game.

Baseline (issue "The scoring engine"): public pure-Python scorers that do less than ours manage
about 150,000 Koi-Koi piles and 90,000 Go-Stop piles per second on one core of this machine.
Target: 3-player Go-Stop round with events in under 100 microseconds.

    python bench/engine.py [--seconds 1.0] [--games koi-koi,go-stop]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tally  # noqa: E402
from tally.cards import FULL_DECK, CardSet  # noqa: E402

from rounds import ROUND_MAKERS  # noqa: E402

BASELINE_PILES = {"koi-koi": 150_000, "go-stop": 90_000}
TARGET_ROUND_US = {"go-stop/3": 100.0}  # "3" = 3 players with events


def random_piles(game_id: str, rng: random.Random, n: int) -> list[list[str]]:
    """Random piles of up to 24 cards of the game's deck that the game accepts as a pile
    (patience games reject piles that cannot be a foundation, for example)."""
    deck = CardSet(tally.get_game(game_id).deck & FULL_DECK).slugs
    piles = [rng.sample(deck, rng.randint(0, min(24, len(deck)))) for _ in range(n)]
    return [p for p in piles if _accepted(game_id, p)]


def _accepted(game_id, pile) -> bool:
    try:
        tally.evaluate(game_id, pile)
        return True
    except tally.TallyError:
        return False


def rate(fn, items, seconds: float) -> float:
    """Items per second over the best of three runs of at least ``seconds / 3`` each."""
    best = 0.0
    for _ in range(3):
        done, start = 0, time.perf_counter()
        while True:
            for it in items:
                fn(it)
            done += len(items)
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / 3:
                break
        best = max(best, done / elapsed)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.5)
    ap.add_argument("--games", default=",".join(sorted(tally.GAMES)))
    args = ap.parse_args(argv)
    rng = random.Random(2026)
    print(f"{'game':22} {'what':28} {'per second':>12} {'us each':>9}  vs baseline / target")
    for game_id in args.games.split(","):
        piles = random_piles(game_id, rng, 2000)
        if not piles:  # every random pile is impossible in this game: time the example's
            piles = [[]]
        pps = rate(lambda p: tally.evaluate(game_id, p), piles, args.seconds)
        base = BASELINE_PILES.get(game_id)
        note = f"{pps / base:.2f}x the {base:,} piles/s baseline" if base else ""
        print(f"{game_id:22} {'evaluate (random piles)':28} {pps:12,.0f} {1e6 / pps:9.1f}  {note}")
        makers = ROUND_MAKERS.get(game_id) or {
            "round_example": lambda _rng, g=game_id: tally.get_game(g).round_example}
        for kind, make in makers.items():
            rounds = [make(rng) for _ in range(300)]
            rps = rate(lambda r: tally.score_round(game_id, r), rounds, args.seconds)
            us = 1e6 / rps
            target = TARGET_ROUND_US.get(f"{game_id}/{kind}")
            note = f"target < {target:.0f} us: {'met' if us < target else 'MISSED'}" \
                if target else ""
            print(f"{game_id:22} {'score_round ' + kind:28} {rps:12,.0f} {us:9.1f}  {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
