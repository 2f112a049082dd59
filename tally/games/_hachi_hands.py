"""Hachi-Hachi hand combinations (teyaku) and forced-out compensation.

Rules: shared/rules/hachi-hachi.md section 3.9 (teyaku) and 3.5 (compensation); seed
002 chapter 17, pp. 85, 89-90. Kept apart from ``hachi_hachi.py`` so that module holds the
round; everything here is pure functions over card masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations

from ..cards import (BLUE_RIBBONS, BRIGHTS, CHAFFS, POETRY_RIBBONS, RIBBONS, TENS, WILLOW,
                     FLOWERS, mask_of, month_mask)

# Section 3.9: for teyaku only, all four willow cards count as chaff (B p.89, QR p.217).
TEYAKU_CHAFF = CHAFFS | WILLOW
DRY_BRIGHTS = BRIGHTS & ~WILLOW
MONTHS = tuple((f.id, month_mask(f.id)) for f in FLOWERS)
PAULOWNIA_CHAFFS = mask_of(["paulownia-chaff-colored", "paulownia-chaff-1",
                            "paulownia-chaff-2"])
GREATER_MONTHS = ("wisteria", "iris", "clover")  # any 3 of these months is Greater (B p.90)
QUALIFYING = BRIGHTS | POETRY_RIBBONS | BLUE_RIBBONS  # 3-point compensation cards (B p.85)


@dataclass(frozen=True)
class ChaffCombo:
    id: str
    en: str
    ja: str
    points: int
    chaff: int  # chaff cards in the 7-card hand (willow counted as chaff)
    others: int  # mask of the kind the other 7 - chaff cards must be
    bright: bool  # "non-bright chaff combos" matter for eighty_nine_plus_chaff (B p.91)


# Section 3.9 table "Chaff Combos". Each row describes the whole 7-card hand (A9: exact).
CHAFF_COMBOS = (
    ChaffCombo("chaff_two_ribbons_five_chaff", "Any 2 Ribbons & Any 5 Chaffs", "赤", 20,
               5, RIBBONS & ~WILLOW, False),
    ChaffCombo("chaff_one_ribbon_six_chaff", "Any 1 Ribbon & Any 6 Chaffs", "短一",
               30, 6, RIBBONS & ~WILLOW, False),
    ChaffCombo("chaff_one_ten_six_chaff", "Any 1 Ten & Any 6 Chaffs", "十一", 30, 6,
               TENS & ~WILLOW, False),
    ChaffCombo("chaff_one_bright_six_chaff", "Any 1 Bright & Any 6 Chaffs", "光一",
               40, 6, DRY_BRIGHTS, True),
    ChaffCombo("chaff_seven_chaff", "Any 7 Chaffs", "空素", 40, 7, 0, False),
)
CHAFF_BY_ID = {c.id: c for c in CHAFF_COMBOS}


@dataclass(frozen=True)
class SuitCombo:
    id: str
    en: str
    ja: str
    points: int
    quads: int
    triples: tuple[str, ...]  # "any", "greater" or a Greater month id
    pairs: int


# Section 3.9 table "Suit Combos" (B p.90, QR p.217).
SUIT_COMBOS = (
    SuitCombo("suit_three_of_a_kind", "Any 3 of a Kind", "三本", 20, 0, ("any",), 0),
    SuitCombo("suit_greater_wisteria", "Greater: Any 3 Wisteria", "立三本", 30, 0,
              ("wisteria",), 0),
    SuitCombo("suit_greater_iris", "Greater: Any 3 Iris", "立三本", 30, 0,
              ("iris",), 0),
    SuitCombo("suit_greater_clover", "Greater: Any 3 Lespedeza", "立三本", 30, 0,
              ("clover",), 0),
    SuitCombo("suit_greater_paulownia_chaff", "Greater: 3 Paulownia Chaffs",
              "立三本", 30, 0, ("paulownia",), 0),
    SuitCombo("suit_three_pairs", "Any 3 Pairs", "喰付", 40, 0, (), 3),
    SuitCombo("suit_four_of_a_kind", "Any 4 of a Kind", "手四", 60, 1, (), 0),
    SuitCombo("suit_two_three_of_a_kind", "Any 3 of a Kind & Any 3 of a Kind",
              "二三本", 60, 0, ("any", "any"), 0),
    SuitCombo("suit_three_of_a_kind_and_greater", "Any 3 of a Kind & Any Greater",
              "三本立三本", 70, 0, ("greater", "any"), 0),
    SuitCombo("suit_three_of_a_kind_two_pairs", "Any 3 of a Kind & Any 2 Pairs",
              "はねけん", 70, 0, ("any",), 2),
    SuitCombo("suit_greater_and_greater", "Any Greater & Any Greater",
              "二立三本", 80, 0, ("greater", "greater"), 0),
    SuitCombo("suit_four_of_a_kind_one_pair", "Any 4 of a Kind & Any 1 Pair",
              "一二四", 80, 1, (), 1),
    SuitCombo("suit_four_and_three", "Any 4 of a Kind & Any 3 of a Kind", "四三", 200,
              1, ("any",), 0),
)
SUIT_BY_ID = {s.id: s for s in SUIT_COMBOS}


@dataclass(frozen=True)
class Groups:
    """Month groups of revealed cards. A19: a month is one group (a quad is never a triple)."""
    quads: tuple[int, ...]
    triples: tuple[tuple[str, int, bool], ...]  # (month, mask, greater)
    pairs: tuple[int, ...]


def month_groups(revealed: int, hand: int | None = None) -> Groups:
    """Groups of the revealed cards; with the whole hand known, a group only counts when it is
    the hand's whole month (revealing 3 of a held quad does not make a triple, A19)."""
    quads, triples, pairs = [], [], []
    for fid, mm in MONTHS:
        m = revealed & mm
        n = m.bit_count()
        if n < 2 or hand is not None and (hand & mm).bit_count() != n:
            continue
        if n == 4:
            quads.append(m)
        elif n == 3:
            greater = fid in GREATER_MONTHS or (fid == "paulownia" and m == PAULOWNIA_CHAFFS)
            triples.append((fid, m, greater))
        else:
            pairs.append(m)
    return Groups(tuple(quads), tuple(triples), tuple(pairs))


def _triple_fits(token: str, triple) -> bool:
    fid, _, greater = triple
    if token == "any":
        return True
    if token == "greater":
        return greater
    return fid == token and greater


def suit_choices(combo: SuitCombo, groups: Groups):
    """Every way the groups can make ``combo``: tuples (cards used, triple masks used)."""
    for quads in combinations(groups.quads, combo.quads):
        for triples in permutations(groups.triples, len(combo.triples)):
            if not all(_triple_fits(t, tr) for t, tr in zip(combo.triples, triples)):
                continue
            for pairs in combinations(groups.pairs, combo.pairs):
                used = 0
                for m in quads + pairs:
                    used |= m
                for tr in triples:
                    used |= tr[1]
                yield used, tuple(tr[1] for tr in triples)


def suit_supported(combo: SuitCombo, groups: Groups) -> bool:
    return next(suit_choices(combo, groups), None) is not None


def chaff_supported(combo: ChaffCombo, revealed: int, *, aka_two_or_more: bool = False) -> bool:
    """Whether revealed cards can be this chaff combo. Claiming one shows every chaff of the
    hand (willow included); the 1-2 other cards may stay hidden (section 3.9, audit row 4)."""
    chaff = (revealed & TEYAKU_CHAFF).bit_count()
    others = revealed & ~TEYAKU_CHAFF
    if revealed.bit_count() > 7:
        return False
    if aka_two_or_more and combo.id == "chaff_two_ribbons_five_chaff":
        # A9 other reading ([GK]): 2 or more ribbons, the rest chaff.
        return chaff <= 5 and others & ~combo.others == 0
    return chaff == combo.chaff and others & ~combo.others == 0 and \
        others.bit_count() <= 7 - combo.chaff


def best_chaff(revealed: int, aka_two_or_more: bool = False) -> ChaffCombo | None:
    best = None
    for c in CHAFF_COMBOS:
        if chaff_supported(c, revealed, aka_two_or_more=aka_two_or_more) and \
                (best is None or c.points > best.points):
            best = c
    return best


def best_suit(groups: Groups) -> SuitCombo | None:
    best = None
    for s in SUIT_COMBOS:
        if suit_supported(s, groups) and (best is None or s.points > best.points):
            best = s
    return best


def captured_triples(combo: SuitCombo, groups: Groups, captured: int) -> tuple[int, int]:
    """(triples of the claimed combo fully captured by the claimant, cards of that choice).

    A7: only combos holding a triple qualify, counted per triple; quad combos never do."""
    if combo.quads:
        return 0, 0
    best = (0, 0)
    for used, triples in suit_choices(combo, groups):
        n = sum(1 for t in triples if t & captured == t)
        if n > best[0] or best == (0, 0):
            best = (n, used)
    return best


def compensation(revealed: int, chaff: ChaffCombo | None, suit: SuitCombo | None,
                 held: tuple, groups: Groups, *, per_card: int, rainman: bool,
                 held_counts: bool, fallback: bool) -> tuple[int, int, int, int]:
    """Section 3.5 comp_base for one claim choice: (total, HC half, held half, loose cards).

    ``held`` is a tuple of (points, mask) for the claimed held yaku. A chaff combo describes
    the whole hand, so claiming one covers every revealed card (A8a: the rainman then earns
    nothing); a suit combo covers the cards of its groups (the choice leaving most cards
    loose); a counted held yaku covers its cards (A8b: with worthless_yaku they fall back to
    the per-card amount unless ``fallback`` is off)."""
    hc = (chaff.points if chaff else 0) + (suit.points if suit else 0)
    qualifying = QUALIFYING if rainman else QUALIFYING & ~WILLOW
    covered = revealed if chaff else 0
    held_value = 0
    for pts, m in held:
        if held_counts:
            held_value += pts
            covered |= m
        elif not fallback:
            covered |= m
    loose_best = 0
    if suit is not None:
        loose_best = -1
        for used, _ in suit_choices(suit, groups):
            n = (revealed & qualifying & ~(covered | used)).bit_count()
            loose_best = max(loose_best, n)
    else:
        loose_best = (revealed & qualifying & ~covered).bit_count()
    return (hc // 2 + held_value // 2 + per_card * loose_best, hc // 2, held_value // 2,
            loose_best)
