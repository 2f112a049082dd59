"""The deck: every flower card and Korean bonus card, and piles of cards as bit sets.

Slugs, kinds and book values follow ``shared/rules/cards.md``. Each card owns one bit, so a
pile is one integer: counting a kind is a popcount, testing a yaku is a mask comparison.
Bits 0-47 are the flower cards in Japanese month order (four per month), bonus cards follow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .errors import TallyError

BRIGHT, TEN, RIBBON, CHAFF, BONUS = "bright", "ten", "ribbon", "chaff", "bonus"
KINDS = (BRIGHT, TEN, RIBBON, CHAFF, BONUS)

KIND_NAMES = {
    BRIGHT: {"en": "Bright", "ja": "光", "ko": "광"},
    TEN: {"en": "Ten (animal)", "ja": "タネ", "ko": "열끗"},
    RIBBON: {"en": "Ribbon", "ja": "短冊", "ko": "띠"},
    CHAFF: {"en": "Chaff (junk)", "ja": "カス", "ko": "피"},
    BONUS: {"en": "Bonus card", "ja": "ボーナス札", "ko": "보너스 패"},
}


@dataclass(frozen=True)
class Flower:
    id: str
    month_jp: int
    month_kr: int
    names: dict = field(compare=False)


# Korean decks swap willow and paulownia (cards.md): willow is the 12th month there.
FLOWERS = tuple(
    Flower(fid, jp, kr, {"en": en, "ja": ja, "ko": ko})
    for fid, jp, kr, en, ja, ko in (
        ("pine", 1, 1, "Pine", "松", "송학"),
        ("plum", 2, 2, "Plum blossom", "梅", "매조"),
        ("cherry", 3, 3, "Cherry blossom", "桜", "벚꽃"),
        ("wisteria", 4, 4, "Wisteria", "藤", "흑싸리"),
        ("iris", 5, 5, "Iris", "菖蒲", "난초"),
        ("peony", 6, 6, "Peony", "牡丹", "모란"),
        ("clover", 7, 7, "Bush clover", "萩", "홍싸리"),
        ("pampas", 8, 8, "Pampas grass", "芒", "공산"),
        ("chrysanthemum", 9, 9, "Chrysanthemum", "菊", "국진"),
        ("maple", 10, 10, "Maple", "紅葉", "단풍"),
        ("willow", 11, 12, "Willow (rain)", "柳", "비"),
        ("paulownia", 12, 11, "Paulownia", "桐", "오동"),
    )
)
FLOWER_BY_ID = {f.id: f for f in FLOWERS}


@dataclass(frozen=True)
class Card:
    slug: str
    index: int  # bit position
    flower: str | None  # None for bonus cards
    month_jp: int | None
    month_kr: int | None
    kind: str
    ribbon: str | None  # "poetry", "blue", "plain" (willow's ribbon is "plain" but in no set)
    value: int  # the Hanami book's standard card value (capture-basics.md section 2)
    names: dict = field(compare=False, repr=False)

    @property
    def bit(self) -> int:
        return 1 << self.index


# (slug suffix, kind, ribbon colour, en, ja, ko) per month, in the order of cards.md.
_MONTHS = {
    "pine": [("crane", BRIGHT, None, "Pine with crane", "松に鶴", "송학 광"),
             ("poetry", RIBBON, "poetry", "Pine poetry ribbon", "松に赤短", "송학 홍단")],
    "plum": [("warbler", TEN, None, "Plum with bush warbler", "梅に鶯", "매조 열끗"),
             ("poetry", RIBBON, "poetry", "Plum poetry ribbon", "梅に赤短", "매조 홍단")],
    "cherry": [("curtain", BRIGHT, None, "Cherry with curtain", "桜に幕", "벚꽃 광"),
               ("poetry", RIBBON, "poetry", "Cherry poetry ribbon", "桜に赤短", "벚꽃 홍단")],
    "wisteria": [("cuckoo", TEN, None, "Wisteria with cuckoo", "藤に不如帰", "흑싸리 열끗"),
                 ("ribbon", RIBBON, "plain", "Wisteria red ribbon", "藤に短冊", "흑싸리 초단")],
    "iris": [("bridge", TEN, None, "Iris with bridge", "菖蒲に八橋", "난초 열끗"),
             ("ribbon", RIBBON, "plain", "Iris red ribbon", "菖蒲に短冊", "난초 초단")],
    "peony": [("butterflies", TEN, None, "Peony with butterflies", "牡丹に蝶", "모란 열끗"),
              ("blue", RIBBON, "blue", "Peony blue ribbon", "牡丹に青短", "모란 청단")],
    "clover": [("boar", TEN, None, "Bush clover with boar", "萩に猪", "홍싸리 열끗"),
               ("ribbon", RIBBON, "plain", "Bush clover red ribbon", "萩に短冊", "홍싸리 초단")],
    "pampas": [("moon", BRIGHT, None, "Pampas with moon", "芒に月", "공산 광"),
               ("geese", TEN, None, "Pampas with geese", "芒に雁", "공산 열끗")],
    "chrysanthemum": [("sake", TEN, None, "Chrysanthemum with sake cup", "菊に盃", "국진 열끗"),
                      ("blue", RIBBON, "blue", "Chrysanthemum blue ribbon", "菊に青短", "국진 청단")],
    "maple": [("deer", TEN, None, "Maple with deer", "紅葉に鹿", "단풍 열끗"),
              ("blue", RIBBON, "blue", "Maple blue ribbon", "紅葉に青短", "단풍 청단")],
    "willow": [("rainman", BRIGHT, None, "Willow with rain man", "柳に小野道風", "비광"),
               ("swallow", TEN, None, "Willow with swallow", "柳に燕", "비 열끗"),
               ("ribbon", RIBBON, "plain", "Willow ribbon", "柳に短冊", "비 띠"),
               ("lightning", CHAFF, None, "Willow lightning (storm)", "柳のカス (雷)", "비 쌍피")],
    "paulownia": [("phoenix", BRIGHT, None, "Paulownia with phoenix", "桐に鳳凰", "오동 광"),
                  ("chaff-colored", CHAFF, None, "Paulownia coloured chaff", "桐のカス (色付き)",
                   "오동 쌍피")],
}
_VALUES = {BRIGHT: 20, TEN: 10, RIBBON: 5, CHAFF: 1, BONUS: 0}

_BONUS = [
    ("joker-1", "Bonus card: one junk", "ボーナス札 (カス1枚)", "보너스 피 (1장)"),
    ("joker-2", "Bonus card: two junk", "ボーナス札 (カス2枚)", "보너스 쌍피"),
    ("joker-3", "Bonus card: three junk", "ボーナス札 (カス3枚)", "보너스 쓰리피"),
    ("joker-boss", "Bonus card: boss", "ボーナス札 (親分)", "보너스 (대장)"),
    ("joker-double", "Bonus card: double win", "ボーナス札 (倍)", "보너스 (따블)"),
    ("joker-shield", "Bonus card: gwang-bak shield", "ボーナス札 (光バク除け)", "보너스 (광박 방지)"),
    ("joker-deny", "Bonus card: no payment for the other loser", "ボーナス札 (肩代わり無し)",
     "보너스 (독박 방지)"),
] + [(f"joker-{c}", f"Joker {c.upper()}", f"ジョーカー {c.upper()}", f"조커 {c.upper()}")
     for c in "abcdef"]


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for flower in FLOWERS:
        specials = _MONTHS[flower.id]
        chaff_count = 4 - len(specials)
        rows = list(specials) + [
            (f"chaff-{n}", CHAFF, None, f"{flower.names['en']} chaff {n}",
             f"{flower.names['ja']}のカス", f"{flower.names['ko']} 피")
            for n in range(1, chaff_count + 1)
        ]
        for suffix, kind, ribbon, en, ja, ko in rows:
            cards.append(Card(f"{flower.id}-{suffix}", len(cards), flower.id, flower.month_jp,
                              flower.month_kr, kind, ribbon, _VALUES[kind],
                              {"en": en, "ja": ja, "ko": ko}))
    for slug, en, ja, ko in _BONUS:
        cards.append(Card(slug, len(cards), None, None, None, BONUS, None, 0,
                          {"en": en, "ja": ja, "ko": ko}))
    return tuple(cards)


ALL_CARDS: tuple[Card, ...] = _build_deck()
CARD: dict[str, Card] = {c.slug: c for c in ALL_CARDS}
BY_INDEX: tuple[Card, ...] = ALL_CARDS
FLOWER_CARDS: tuple[Card, ...] = ALL_CARDS[:48]
BIT: dict[str, int] = {c.slug: c.bit for c in ALL_CARDS}


class CardSet:
    """An immutable set of cards held as one integer, with the usual set API.

    >>> s = CardSet(["pine-crane", "cherry-curtain"])
    >>> len(s), "pine-crane" in s
    (2, True)
    """

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[str | Card] | int | "CardSet" = 0):
        if isinstance(cards, int):
            mask = cards
        elif isinstance(cards, CardSet):
            mask = cards.mask
        else:
            mask = 0
            for c in cards:
                mask |= c.bit if isinstance(c, Card) else _bit(c)
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name, value):
        raise AttributeError("CardSet is immutable")

    @classmethod
    def where(cls, pred) -> "CardSet":
        return cls(c for c in ALL_CARDS if pred(c))

    def __iter__(self) -> Iterator[Card]:
        m = self.mask
        while m:
            low = m & -m
            yield BY_INDEX[low.bit_length() - 1]
            m ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card) -> bool:
        bit = card.bit if isinstance(card, Card) else BIT.get(card, 0)
        return bool(bit) and bool(self.mask & bit)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __eq__(self, other) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other): return CardSet(self.mask | _mask(other))
    def __and__(self, other): return CardSet(self.mask & _mask(other))
    def __sub__(self, other): return CardSet(self.mask & ~_mask(other))
    def __xor__(self, other): return CardSet(self.mask ^ _mask(other))
    __ror__, __rand__ = __or__, __and__
    union, intersection, difference = __or__, __and__, __sub__

    def issubset(self, other) -> bool: return self.mask & ~_mask(other) == 0
    def issuperset(self, other) -> bool: return _mask(other) & ~self.mask == 0
    def isdisjoint(self, other) -> bool: return self.mask & _mask(other) == 0
    __le__, __ge__ = issubset, issuperset

    def count(self, other) -> int:
        """How many cards of ``other`` are in this set."""
        return (self.mask & _mask(other)).bit_count()

    @property
    def slugs(self) -> list[str]:
        return [c.slug for c in self]

    def __repr__(self) -> str:
        return f"CardSet({self.slugs!r})"


def _bit(slug: str) -> int:
    try:
        return BIT[slug]
    except (KeyError, TypeError):
        from .results import said  # late: results imports this module
        raise TallyError(said("{who}unknown card {card!r}", who="", card=slug),
                         card=slug) from None


def _mask(x) -> int:
    if isinstance(x, CardSet):
        return x.mask
    if isinstance(x, int):
        return x
    return CardSet(x).mask


def mask_of(slugs: Iterable[str]) -> int:
    m = 0
    for s in slugs:
        m |= _bit(s)
    return m


# The slugs of every byte value at every byte position: a pile's slugs are a few tuple joins,
# not a loop over its cards (results list the cards of each combination on every call).
_BYTE_SLUGS = tuple(
    tuple(tuple(BY_INDEX[8 * k + i].slug for i in range(8)
                if b >> i & 1 and 8 * k + i < len(BY_INDEX)) for b in range(256))
    for k in range((len(BY_INDEX) + 7) // 8))


def slugs_of(mask: int) -> tuple[str, ...]:
    """Slugs of a mask, in deck order (so results never depend on input order)."""
    out, k = (), 0
    while mask:
        b = mask & 255
        if b:
            out += _BYTE_SLUGS[k][b]
        mask >>= 8
        k += 1
    return out


def select(pred) -> int:
    """Mask of every card (flower or bonus) for which ``pred(card)`` holds."""
    m = 0
    for c in ALL_CARDS:
        if pred(c):
            m |= c.bit
    return m


# Masks worth naming once (cards.md, "Counting conventions").
FULL_DECK = select(lambda c: c.kind != BONUS)
BRIGHTS = select(lambda c: c.kind == BRIGHT)
TENS = select(lambda c: c.kind == TEN)
RIBBONS = select(lambda c: c.kind == RIBBON)
CHAFFS = select(lambda c: c.kind == CHAFF)
BONUS_CARDS = select(lambda c: c.kind == BONUS)
POETRY_RIBBONS = select(lambda c: c.ribbon == "poetry")
BLUE_RIBBONS = select(lambda c: c.ribbon == "blue")
PLAIN_RIBBONS = mask_of(["wisteria-ribbon", "iris-ribbon", "clover-ribbon"])  # cho-dan: not willow
WILLOW = select(lambda c: c.flower == "willow")
GODORI_BIRDS = mask_of(["plum-warbler", "wisteria-cuckoo", "pampas-geese"])
INO_SHIKA_CHO = mask_of(["clover-boar", "maple-deer", "peony-butterflies"])


def month_mask(flower: str) -> int:
    return select(lambda c: c.flower == flower)


def deck_without(*flowers: str, keep_bonus: Iterable[str] = ()) -> int:
    """A game deck: the 48 flower cards less whole months, plus the named bonus cards."""
    m = FULL_DECK
    for f in flowers:
        m &= ~month_mask(f)
    return m | mask_of(keep_bonus)


def card_value_total(mask: int) -> int:
    return sum(c.value for c in CardSet(mask))


class MaskTable(dict):
    """What each sub-mask of a pile gives, built on first use: ``table[pile & GROUP]`` is
    ``build(pile & GROUP)``. A scorer reads a group of cards (the brights, the ribbons ...)
    as one lookup once the group's subsets it meets have been scored once; the tables live
    on a compiled rules object, so each option set has its own. (Any small key will do: a
    count, or a reading of a pile's flexible cards.)"""

    __slots__ = ("build",)

    def __init__(self, build):
        super().__init__()
        self.build = build

    def __missing__(self, key):
        value = self[key] = self.build(key)
        return value


def submasks(group: int) -> list[int]:
    """Every subset of the cards of ``group`` as a mask, the empty one first: what a table
    keyed by ``pile & group`` is filled with, 2 ** (cards in the group) of them."""
    subs = [0]
    bit = group
    while bit:
        low = bit & -bit  # each card of the group doubles the subsets found so far
        subs += [s | low for s in subs]
        bit ^= low
    return subs
