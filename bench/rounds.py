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
    "koi-koi": {"2 players, events": koi_koi},
    "go-stop": {"3 players, events": go_stop_3},
}


# ---------------------------------------------------------------------------------------------
# End-of-round piles: deal the deck and play it out (how the benchmark draws its piles)
# ---------------------------------------------------------------------------------------------

# (players, cards in each hand, cards face up) of a deal: Koi-Koi (koi-koi.md) and Go-Stop
# with three players (go-stop.md section 3; Pagat)
DEALS = {"koi-koi": (2, 8, 8), "go-stop": (3, 7, 6)}
_MONTH_OF = {c.slug: c.flower for c in CardSet(FULL_DECK)}


def played_out(rng: random.Random, players: int, hand: int, face_up: int,
               deck: list[str] = FLOWER_DECK) -> list[list[str]]:
    """Deal ``deck`` and play every hand out; each player's captured pile at the end.

    Each turn a player plays a card from hand (one that matches the layout when they can,
    four times in five), then turns up the top of the stock; a card takes one card of its
    month from the layout (the player's pick of two, all three of three) or joins the
    layout. Bonus cards (no month) go straight to the player's pile and the player draws
    again, as in Go-Stop. No yaku is chased and nobody stops early, so the piles are the
    ones a round that is played to the last card ends with."""
    cards = list(deck)
    rng.shuffle(cards)
    hands = [cards[i * hand:(i + 1) * hand] for i in range(players)]
    layout = cards[players * hand:players * hand + face_up]
    stock = cards[players * hand + face_up:]
    piles: list[list[str]] = [[] for _ in range(players)]
    while any(hands):
        for p in range(players):
            if hands[p]:
                _place(rng, _chosen(rng, hands[p], layout), layout, piles[p], stock)
            if stock:
                _place(rng, stock.pop(), layout, piles[p], stock)
    return piles


def _chosen(rng, hand: list[str], layout: list[str]) -> str:
    months = {_MONTH_OF.get(c) for c in layout}
    matching = [c for c in hand if _MONTH_OF.get(c) in months]
    card = rng.choice(matching if matching and rng.random() < 0.8 else hand)
    hand.remove(card)
    return card


def _place(rng, card: str, layout: list[str], pile: list[str], stock: list[str]) -> None:
    month = _MONTH_OF.get(card)
    if month is None:  # a bonus card: into the pile, and the player draws another
        pile.append(card)
        if stock:
            _place(rng, stock.pop(), layout, pile, stock)
        return
    same = [c for c in layout if _MONTH_OF[c] == month]
    taken = same if len(same) != 2 else [rng.choice(same)]
    if not taken:
        layout.append(card)
        return
    for c in taken:
        layout.remove(c)
    pile.append(card)
    pile.extend(taken)


def end_of_round_piles(game: str, rng: random.Random, n: int) -> list[list[str]]:
    """``n`` piles from played-out deals of ``game`` (every player's pile of each deal)."""
    players, hand, face_up = DEALS[game]
    out: list[list[str]] = []
    while len(out) < n:
        out.extend(played_out(rng, players, hand, face_up))
    return out[:n]
