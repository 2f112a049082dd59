"""Melds and card values shared by the book's two rummy games, Hana-Rumi and Hana-Gin
(hana-rumi.md sections 2, 4a and 10; hana-gin.md sections 2 and 4).

The deck is the 48 flower cards plus six jokers: four Wet Koi (a special chaff, month 13 in chaff
sequences) and two Dry Koi (wild). Which jokers are Dry is an option (hana-rumi.md section 10.1:
``joker-e`` and ``joker-f`` by default, "let the table set it").

A meld (the book's "Combination") is a mask. ``classify`` names its kind or returns None: bit
tests against the kind masks, with the (at most two) wilds filling gaps.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from collections.abc import Mapping

from ..cards import (BRIGHTS, CHAFFS, FULL_DECK, RIBBONS, TENS, mask_of, select, slugs_of)
from ..errors import TallyError
from ..options import BOOL, CHOICE, NUMBER, Option, one_of_error
from ..results import Said, said
from ..rounds import key_words
from . import InputDef, YakuDef

JOKERS = mask_of([f"joker-{c}" for c in "abcdef"])
DECK = FULL_DECK | JOKERS
# hana-rumi.md section 2: 1st..4th card of a month is the deck order of tally.cards (bit % 4).
# The two look-alike chaffs of a month (section 10.4) are the "*-chaff-1" / "*-chaff-2" cards.
PLAIN_CHAFFS = select(lambda c: c.slug.endswith(("-chaff-1", "-chaff-2")))
MONTHS = tuple(0b1111 << (4 * m) for m in range(12))
DRY_CHOICES = tuple(f"joker-{a},joker-{b}" for a, b in combinations("abcdef", 2))
SEQ_LEN = 13  # months 1-12 plus Wet Koi as month 13 (section 1, "month order")
FULL13 = (1 << SEQ_LEN) - 1

MELD_KINDS = ("type_brights", "type_tens", "type_ribbons", "type_wet_koi", "contiguous_month",
              "chaff_sequence")

MELD_DEFS = (
    YakuDef("type_brights", {"en": "Brights (type combination)"}, "card values",
            description="3 or more brights"),
    YakuDef("type_tens", {"en": "Tens (type combination)"}, "card values",
            description="3 or more tens"),
    YakuDef("type_ribbons", {"en": "Ribbons (type combination)"}, "card values",
            description="3 or more ribbons (willow-ribbon included)"),
    YakuDef("type_wet_koi", {"en": "Wet Koi (type combination)"}, "card values",
            description="3 or more Wet Koi"),
    YakuDef("contiguous_month", {"en": "Contiguous month"}, "card values",
            description="3 or more cards of one month in unbroken positions (1-2-3, 2-3-4 or "
                        "all four)"),
    YakuDef("chaff_sequence", {"en": "Chaff sequence"}, "card values",
            description="3 or more chaffs of consecutive months going one way; Wet Koi is "
                        "month 13 and the sequence wraps (December, Wet Koi, January)"),
)


def joker_options(group: str = "deck") -> tuple[Option, ...]:
    return (
        Option("dry_koi", CHOICE, "joker-e,joker-f",
               "Which two jokers are the Dry Koi (wild, 10 points); the other four are Wet Koi (5 "
               "points, month 13).", choices=DRY_CHOICES, group=group),
        Option("interchangeable_chaffs", BOOL, True,
               "A month's two plain chaffs are interchangeable when checking unbroken positions; "
               "off: the first plain chaff is strictly the 3rd card and "
               "the second the 4th.", group="combinations"),
    )


# The pieces of a card-value list (Cards.value_template): (param, singular, plural), in the
# order of Cards.value_words.
VALUE_PIECES = (
    ("brights", "{brights} bright x20", "{brights} brights x20"),
    ("tens", "{tens} ten x10", "{tens} tens x10"),
    ("ribbons", "{ribbons} ribbon x5", "{ribbons} ribbons x5"),
    ("chaffs", "{chaffs} chaff x1", "{chaffs} chaffs x1"),
    ("wet_koi", "{wet_koi} Wet Koi x5", "{wet_koi} Wet Kois x5"),
    ("dry_koi", "{dry_koi} Dry Koi x10", "{dry_koi} Dry Kois x10"),
)


# A list of 1-6 value parts, joined by ", " (the parts are sentences of their own).
LIST_OF = {n: ", ".join(f"{{p{i}}}" for i in range(1, n + 1)) for n in range(1, 7)}


@dataclass(frozen=True)
class Cards:
    """What the options fix about the deck: which jokers are wet and dry."""
    wet: int
    dry: int
    interchangeable: bool

    def value(self, mask: int) -> int:
        """Section 2: brights 20, tens 10, ribbons 5, chaffs 1, Wet Koi 5, Dry Koi 10."""
        return (20 * (mask & BRIGHTS).bit_count() + 10 * (mask & TENS).bit_count()
                + 5 * (mask & RIBBONS).bit_count() + (mask & CHAFFS).bit_count()
                + 5 * (mask & self.wet).bit_count() + 10 * (mask & self.dry).bit_count())

    def value_words(self, mask: int) -> str:
        parts = []
        for label, m, v in (("bright", BRIGHTS, 20), ("ten", TENS, 10), ("ribbon", RIBBONS, 5),
                            ("chaff", CHAFFS, 1), ("Wet Koi", self.wet, 5),
                            ("Dry Koi", self.dry, 10)):
            n = (mask & m).bit_count()
            if n:
                parts.append(f"{n} {label}{'s' if n > 1 else ''} x{v}")
        return ", ".join(parts) or "no cards"

    def value_said(self, mask: int) -> Said:
        """``value_words`` as a sentence whose parts are sentences too (each kind present,
        singular or plural, in VALUE_PIECES order), so each part is translated on its own."""
        parts = []
        for (key, one, many), m in zip(VALUE_PIECES, (BRIGHTS, TENS, RIBBONS, CHAFFS,
                                                        self.wet, self.dry)):
            n = (mask & m).bit_count()
            if n:
                parts.append(said(many if n > 1 else one, **{key: n}))
        if not parts:
            return said("no cards")
        return said(LIST_OF[len(parts)], **{f"p{i}": part for i, part in enumerate(parts, 1)})

    def month_of(self, bit: int) -> int:
        """Sequence month 0..12 of a chaff or Wet Koi bit (Japanese order, Wet Koi 12)."""
        if bit & self.wet:
            return 12
        return (bit.bit_length() - 1) // 4

    def months(self, mask: int) -> tuple[int, int]:
        """(13-bit month set, number of cards) of the chaffs / Wet Koi in ``mask``."""
        mm, m = 0, mask
        while m:
            low = m & -m
            mm |= 1 << self.month_of(low)
            m ^= low
        return mm, mask.bit_count()


def cards_of(rules) -> Cards:
    dry = mask_of(rules["dry_koi"].split(","))
    return Cards(JOKERS & ~dry, dry, rules["interchangeable_chaffs"])


def _window(start: int, length: int) -> int:
    """The cyclic run of ``length`` months from ``start`` as a 13-bit mask."""
    w = ((1 << length) - 1) << start
    return (w | (w >> SEQ_LEN)) & FULL13


def fits_cycle(month_set: int, length: int) -> bool:
    """Can ``length`` consecutive months (cyclic, 13) hold every month of ``month_set``?"""
    if length > SEQ_LEN:
        return False
    return any(month_set & ~_window(s, length) == 0 for s in range(SEQ_LEN))


def _contiguous(real: int, n: int, c: Cards) -> bool:
    """Section 4a: n cards of one month in unbroken positions, wilds filling the gaps."""
    low = real & -real
    month = MONTHS[(low.bit_length() - 1) // 4]
    if real & ~month or n > 4:
        return False
    shift = (low.bit_length() - 1) // 4 * 4
    pos = (real >> shift) & 0b1111  # positions 0..3 of the real cards
    plain = ((real & PLAIN_CHAFFS) >> shift) & 0b1111
    for a in range(0, 5 - n):
        window = ((1 << n) - 1) << a
        if c.interchangeable and plain:
            fixed = pos & ~plain
            # the look-alike chaffs may take any free position 3 or 4 inside the window
            if fixed & ~window == 0 and plain.bit_count() <= (window & 0b1100).bit_count():
                return True
        elif pos & ~window == 0:
            return True
    return False


def classify(mask: int, c: Cards) -> str | None:
    """The kind of a meld (section 4a) or None when the cards make no combination.

    Dry Koi may stand for any card (at most two are in the deck), so a meld is valid when some
    choice of the cards they stand for makes it one; the first kind of MELD_KINDS that fits is
    reported.
    """
    n = mask.bit_count()
    if n < 3:
        return None
    real = mask & ~c.dry
    if not real:
        return None
    if real & ~BRIGHTS == 0 and n <= 5:
        return "type_brights"
    if real & ~TENS == 0 and n <= 9:
        return "type_tens"
    if real & ~RIBBONS == 0 and n <= 10:
        return "type_ribbons"
    if real & ~c.wet == 0 and n <= 4:
        return "type_wet_koi"
    if real & ~FULL_DECK == 0 and _contiguous(real, n, c):
        return "contiguous_month"
    if real & ~(CHAFFS | c.wet) == 0:
        mm, k = c.months(real)
        if mm.bit_count() == k and fits_cycle(mm, n):
            return "chaff_sequence"
    return None


def check_meld(game: str, mask: int, c: Cards, *, player=None, field=None) -> str:
    kind = classify(mask, c)
    if kind is None:
        raise TallyError(said("{game}: {cards} is not a combination (3 or more brights, tens, "
                              "ribbons or Wet Koi; 3 or more unbroken cards of one month; or 3 "
                              "or more chaffs of consecutive months)", game=game,
                              cards=", ".join(slugs_of(mask))), game=game,
                         player=player, rule="combination", field=field)
    return kind


def joker_words(c: Cards) -> tuple[str, ...]:
    return (said("Wet Koi (5, month 13): {cards}", cards=", ".join(slugs_of(c.wet))),
            said("Dry Koi (wild, 10): {cards}", cards=", ".join(slugs_of(c.dry))))


def card_list(game: str, value, *, what: str, player=None, field=None, deck: int = DECK,
              deck_words: str = said("48 flower cards and {first}..{last}", first="joker-a",
                                     last="joker-f")) -> int:
    """A list of slugs as a mask (unknown, outside the deck and repeated cards are errors)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise TallyError(said("{game}: {what} must be a list of card slugs", game=game,
                              what=what), game=game,
                         player=player, field=field)
    from ..cards import CARD
    mask = 0
    for slug in value:
        card = CARD.get(slug) if isinstance(slug, str) else None
        if card is None:
            raise TallyError(said("{game}: unknown card {card!r} in {what}",
                                  game=game, card=slug, what=what),
                             game=game, card=str(slug), player=player, field=field)
        if not card.bit & deck:
            raise TallyError(said("{game}: card {card!r} in {what} is not in the {game} deck "
                                  "({deck})", game=game, card=slug, what=what,
                                  deck=deck_words), game=game, card=slug, player=player,
                             field=field)
        if mask & card.bit:
            raise TallyError(said("{game}: card {card!r} is listed twice in {what}", game=game,
                                  card=slug, what=what), game=game,
                             card=slug, player=player, field=field)
        mask |= card.bit
    return mask


class Ledger:
    """Every card seen in a round, so a card used twice is named with both places."""

    def __init__(self, game: str):
        self.game, self.seen = game, {}

    def add(self, mask: int, where: str, *, player=None, field=None):
        m = mask
        while m:
            low = m & -m
            m ^= low
            if low in self.seen:
                slug = slugs_of(low)[0]
                raise TallyError(said("{game}: card {card!r} is in both {first} and {second}",
                                      game=self.game, card=slug, first=self.seen[low],
                                      second=where), game=self.game, card=slug, player=player,
                                 field=field)
            self.seen[low] = where


def exactly_one(game: str, rules: Mapping, ids: tuple[str, ...]) -> str:
    on = [i for i in ids if rules[i]]
    if len(on) != 1:
        bad = on[1] if on else ids[0]
        raise one_of_error(game, ids, bad)
    return on[0]


def totals_carry(game: str, rnd: Mapping, players, key: str = "totals") -> dict:
    """The running totals from the previous round's carry (all players, whole numbers)."""
    carry = rnd.get("carry") or {}
    if not isinstance(carry, Mapping):
        raise TallyError(said("{game}: the carry must be what the previous round's result "
                              "carried over", game=game), game=game,
                         field="carry")
    raw = carry.get(key) or {}
    if not isinstance(raw, Mapping):
        raise TallyError(said("{game}: {what} carried from the previous round must give "
                              "each player a number", game=game, what=key_words(key)),
                         game=game,
                         field=f"carry.{key}")
    out = {}
    for name, v in raw.items():
        if name not in players:
            raise TallyError(said("{game}: {what} carried from the previous round name "
                                  "{player!r}, who is not one of the players", game=game,
                                  what=key_words(key), player=name),
                             game=game, player=name, field=f"carry.{key}.{name}")
        if not isinstance(v, int) or isinstance(v, bool):
            raise TallyError(said("{game}: {what} carried from the previous round: {player}'s "
                                  "must be a whole number, not {value!r}", game=game,
                                  what=key_words(key), player=name, value=v),
                             game=game, player=name, field=f"carry.{key}.{name}")
    for p in players:
        out[p] = raw.get(p, 0)
    return out


def stake_option(oid: str, description: str) -> Option:
    """Optional money (the book's introduction, "Note on Gambling": "Players pay a fixed amount
    to the winner of each round or game. Players pay the winner based on the amount of points
    earned")."""
    return Option(oid, NUMBER, 0, description, minimum=0, group="payment")


def money(x) -> int | float:
    """A payment amount without float noise (0.1 x 24 = 2.4, not 2.4000000000000004)."""
    x = round(x, 6)
    return int(x) if float(x).is_integer() else x


WILDS_INPUT = InputDef(  # Game.inputs of both rummy games
    "wilds", "map",
    "Optional: each Dry Koi played as a wild (joker-e, joker-f) mapped to the card it stands "
    "for. That card may then not be added to its combination.", keys="choices",
    choices=("joker-e", "joker-f"), item=InputDef("", "card", "Stands for", required=True))


def wild_map(game: str, rnd: Mapping, c: Cards) -> dict[int, int]:
    """Optional ``wilds``: {Dry Koi slug: the card it stands for} (hana-rumi.md section 4a: a
    Dry Koi keeps the card it replaced, so nobody may add that card to its combination)."""
    raw = rnd.get("wilds") or {}
    if not isinstance(raw, Mapping):
        raise TallyError(said("{game}: give each Dry Koi played as a wild with the card it "
                              "stands for", game=game), game=game, field="wilds")
    from ..cards import CARD
    out = {}
    for j, stands in raw.items():
        where = f"wilds.{j}"
        jb = CARD[j].bit if j in CARD else 0
        if not jb & c.dry:
            raise TallyError(said("{game}: {card!r} is not a Dry Koi (under these house rules "
                                  "the Dry Koi are {cards})", game=game, card=j,
                                  cards=", ".join(slugs_of(c.dry))) if c.dry else
                             said("{game}: under these house rules no card is a Dry Koi, so "
                                  "{card!r} stands for nothing", game=game, card=j),
                             game=game, card=str(j), field=where)
        sb = CARD[stands].bit if isinstance(stands, str) and stands in CARD else 0
        if not sb & DECK or sb & c.dry:
            raise TallyError(said("{game}: a Dry Koi stands for a flower card or a Wet Koi, "
                                  "not {card!r}", game=game, card=stands),
                             game=game, card=str(stands), field=where)
        out[jb] = sb
    return out


def wilds_ok(meld: int, wilds: Mapping[int, int], c: Cards) -> bool:
    plain = meld
    for jb, sb in wilds.items():
        if meld & jb:
            if meld & sb:
                return False
            plain = (plain & ~jb) | sb
    return plain == meld or classify(plain, c) is not None


def check_wilds(game: str, meld: int, wilds: Mapping[int, int], c: Cards, *, player=None,
                field=None) -> None:
    """The declared Dry Koi of a combination: the card each stands for is not in it too, and
    the combination is valid with that card in the wild's place."""
    plain = meld
    for jb, sb in wilds.items():
        if not meld & jb:
            continue
        j, s = slugs_of(jb)[0], slugs_of(sb)[0]
        if meld & sb:
            raise TallyError(said("{game}: {wild} stands for {card}, so {card} cannot be added "
                                  "to its combination", game=game, wild=j, card=s),
                             game=game, card=s, player=player,
                             rule="wild", field=field)
        plain = (plain & ~jb) | sb
    if plain != meld and classify(plain, c) is None:
        named = None
        for jb, sb in wilds.items():
            if meld & jb:
                one = said("{wild} as {card}", wild=slugs_of(jb)[0], card=slugs_of(sb)[0])
                named = one if named is None else said("{first}, {second}", first=named,
                                                       second=one)
        raise TallyError(said("{game}: {cards} is not a combination with {wilds}", game=game,
                              cards=", ".join(slugs_of(meld)), wilds=named),
                         game=game, player=player, rule="wild", field=field)
