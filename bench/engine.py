"""Engine benchmark: end-of-round piles scored per second, and complete rounds scored.

What is timed, and against what (issue 12, "Honest benchmarks"):

- ``evaluate``: ``tally.evaluate(game, slugs)`` as a caller makes it, the slugs checked
  (validation included), the compiled rules looked up and the pile scored. The piles are the
  ones rounds end with: the deck is dealt and every hand played out to the last card
  (bench/rounds.py, ``played_out``), and each player's captured pile is scored. Every run
  draws fresh piles, so no cache is warmed on the piles it is then timed on.
- ``score_round``: ``tally.score_round`` of complete rounds with events (bench/rounds.py),
  alone and followed by ``to_dict()`` of the result (as the API and the store use it).
- Each figure is the median of ``--runs`` runs (at least 5) with the range of all of them,
  never the best run, and is printed as a ratio to the baseline it names: the public peer
  scorers' figures below, the issue's targets, and, when ``--peers`` names a timing harness
  kept outside this repository, the peers timed in this process on the same piles.
- ``--peers`` times each peer's minimal scoring call alone (issue 27), named in every line
  it prints: KoiKoi-AI's ``KoiKoiRoundState.yaku_point`` for Koi-Koi and hwatu-gostop-rl's
  ``score_player`` for Go-Stop (``PEER_CALLS``). Turning a pile into the peer's own input
  (its round state, its player) is done beforehand and not timed; ours is timed with the
  slugs checked. The two alternate on chunks of the same piles in one process. The harness
  must say which call its ``score`` makes, and the bench refuses any other.

    python bench/engine.py [--runs 7] [--piles 4000] [--games koi-koi,go-stop]
                           [--peers /path/to/harness_dir]
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tally  # noqa: E402

from rounds import DEALS, ROUND_MAKERS, end_of_round_piles  # noqa: E402

# The faster public pure-Python scorer of each game, in piles per second, measured on this
# machine by issue 12 ("What was measured": one process, the same end-of-round piles of
# dealt-out rounds, about 17 cards each): guansanghai/KoiKoi-AI koikoigame.py and
# yubyunghun/hwatu-gostop-rl engine/scoring.py. A recorded figure, not re-measured here: the
# ratio to quote is the one --peers measures against the minimal call (PEER_CALLS). Their
# code is not part of this repository.
PEER_PILES = {"koi-koi": ("guansanghai/KoiKoi-AI", 147_000),
              "go-stop": ("yubyunghun/hwatu-gostop-rl", 89_000)}
# The peer call --peers times: each peer's minimal scoring call, alone (issue 27). Koi-Koi:
# KoiKoiRoundState.yaku_point (the points of a pile; not yaku, which lists the combinations:
# yaku + yaku_point is a heavier call). Go-Stop: score_player.
PEER_CALLS = {"koi-koi": ("KoiKoi-AI", "KoiKoiRoundState.yaku_point"),
              "go-stop": ("hwatu-gostop-rl", "score_player")}
# Issue 12's goals: twice the faster peer (piles/s, validation included) and a complete
# 3-player Go-Stop round with events in under 60 us.
TARGET_PILES = {"koi-koi": 300_000, "go-stop": 180_000}
TARGET_ROUND_US = {("go-stop", "3 players, events"): 60.0}
MIN_RUNS = 5
CHUNK = 250  # piles timed at a stretch when ours and a peer's alternate


def timed(fn, items) -> float:
    """Seconds to call ``fn`` on every item once."""
    start = time.perf_counter()
    for it in items:
        fn(it)
    return time.perf_counter() - start


def summary(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), min(values), max(values)


def load_peers(path: str | None) -> dict:
    """The peers' scorers from a harness module ``peers.py`` in ``path`` (kept outside this
    repository): its ``PEERS`` maps a game id to (name, call, prepare, score), where ``call``
    names the peer call ``score`` makes (it must be the minimal one, ``PEER_CALLS``),
    ``prepare(piles of slugs)`` turns piles into the peer's own input (untimed) and
    ``score(one)`` makes that call alone on one prepared pile."""
    if not path:
        return {}
    sys.path.insert(0, path)
    peers = importlib.import_module("peers").PEERS
    for game, entry in peers.items():
        want = PEER_CALLS.get(game, (None, None))[1]
        if len(entry) != 4 or entry[1] != want:
            raise SystemExit(f"peers.py: {game} must be (name, call, prepare, score) with call "
                             f"{want!r}, the peer's minimal scoring call; got {entry[:2]!r}")
    return peers


def bench_piles(game: str, rng: random.Random, runs: int, n: int, peer) -> dict:
    """Piles/s of ``tally.evaluate`` (and of the peer on the same piles) over ``runs`` runs,
    each on ``n`` fresh end-of-round piles. With a peer, each run alternates the two on
    chunks of the piles, so both see the same load of the machine."""
    ours, theirs, sizes = [], [], []
    for _ in range(runs):
        piles = end_of_round_piles(game, rng, n)
        sizes += [len(p) for p in piles]
        chunks = [piles[i:i + CHUNK] for i in range(0, n, CHUNK)]
        prepared = [peer[2](chunk) for chunk in chunks] if peer else []  # untimed
        t_ours = t_peer = 0.0
        for k, chunk in enumerate(chunks):
            t_ours += timed(lambda p: tally.evaluate(game, p), chunk)
            if peer:
                t_peer += timed(peer[3], prepared[k])  # the minimal call alone
        ours.append(n / t_ours)
        if peer:
            theirs.append(n / t_peer)
    return {"ours": ours, "peer": theirs, "mean_cards": statistics.mean(sizes)}


def bench_rounds(game: str, make, rng: random.Random, runs: int,
                 n: int) -> tuple[list[float], list[float]]:
    """Microseconds per ``tally.score_round``, and per ``score_round`` + ``to_dict()`` (what
    the API and the store do with every round), over ``runs`` runs of ``n`` fresh rounds;
    both are timed on each run's rounds, one after the other."""
    alone, with_dict = [], []
    for _ in range(runs):
        rounds = [make(rng) for _ in range(n)]
        alone.append(timed(lambda r: tally.score_round(game, r), rounds) / n * 1e6)
        with_dict.append(timed(lambda r: tally.score_round(game, r).to_dict(), rounds)
                         / n * 1e6)
    return alone, with_dict


def _rate(values) -> str:
    med, lo, hi = summary(values)
    return f"{med:10,.0f}/s  ({lo:,.0f}-{hi:,.0f})"


def report_piles(game: str, res: dict, peer) -> None:
    ours = res["ours"]
    med = summary(ours)[0]
    print(f"{game}: tally.evaluate on fresh end-of-round piles each run (played-out deals, "
          f"mean {res['mean_cards']:.1f} cards), validation included")
    print(f"  ours {_rate(ours)}  {1e6 / med:.2f} us each")
    name, fixed = PEER_PILES[game]
    print(f"  {med / fixed:5.2f}x {name} as issue 12 recorded it ({fixed:,}/s, not "
          f"re-measured; --peers times its minimal call here)")
    target = TARGET_PILES[game]
    met = "met" if med >= target else "MISSED"
    print(f"  {med / target:5.2f}x the issue's target of {target:,}/s: {met}")
    if res["peer"]:
        ratios = [a / b for a, b in zip(ours, res["peer"])]
        r_med, r_lo, r_hi = summary(ratios)
        who, call = PEER_CALLS[game]
        print(f"  peer {_rate(res['peer'])}  ({who}'s {call} alone, its minimal scoring "
              f"call; this process, the same piles, interleaved)")
        print(f"  {r_med:5.2f}x ({r_lo:.2f}-{r_hi:.2f}) {who}'s {call}, run by run: "
              f"{'met' if r_med >= 2 else 'MISSED'} (goal 2x)")


def report_rounds(game: str, kind: str, timings: tuple[list[float], list[float]]) -> None:
    us, with_dict = timings
    med, lo, hi = summary(us)
    line = f"{game}: score_round, {kind}: {med:.1f} us median ({lo:.1f}-{hi:.1f})"
    target = TARGET_ROUND_US.get((game, kind))
    if target:
        line += (f"; target < {target:.0f} us: {'met' if med < target else 'MISSED'} "
                 f"({med / target:.2f}x the target)")
    print(line)
    d_med, d_lo, d_hi = summary(with_dict)
    print(f"{game}: score_round + to_dict(), {kind}: {d_med:.1f} us median "
          f"({d_lo:.1f}-{d_hi:.1f})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--piles", type=int, default=4000, help="piles per run")
    ap.add_argument("--rounds", type=int, default=500, help="rounds per run")
    ap.add_argument("--games", default=",".join(DEALS))
    ap.add_argument("--peers", default=None,
                    help="a directory holding peers.py, a timing harness for the peers' "
                         "minimal scoring calls (KoiKoiRoundState.yaku_point, score_player)")
    args = ap.parse_args(argv)
    if args.runs < MIN_RUNS:
        ap.error(f"--runs must be at least {MIN_RUNS}")
    peers = load_peers(args.peers)
    rng = random.Random(2026)
    print(f"median and range of {args.runs} runs; ratios are of the medians")
    for game in args.games.split(","):
        if game not in DEALS:
            ap.error(f"no deal model for {game!r} (bench/rounds.py DEALS: {', '.join(DEALS)})")
        report_piles(game, bench_piles(game, rng, args.runs, args.piles, peers.get(game)),
                     peers.get(game))
        for kind, make in ROUND_MAKERS.get(game, {}).items():
            report_rounds(game, kind, bench_rounds(game, make, rng, args.runs, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
