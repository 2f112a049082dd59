"""What the later capture games of the Hanami book share beyond ``_capture.py``.

Hachi-juu Hana, Min-Hwatu, Oni Koi-Koi, Higo-Bana and Sudaoshi (shared/rules/<id>.md) each
keep their own tables and formula; this module holds the small pieces several of them use:
card-value tables with chaff worth 0, month masks by flower id, checks of event fields, the
"no misdeals in this game" guard, and the "every opponent pays each player the value of
their combinations" transfer (Min-Hwatu section 5, Sudaoshi section 5).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import BRIGHTS, CARD, CHAFFS, FLOWERS, RIBBONS, TENS, month_mask, slugs_of
from ..errors import TallyError
from ..results import said
from ..rounds import event_words, field_words, ordinal, piles_of

# Card values with chaff = 0 (Hachi-juu Hana and Min-Hwatu section 2): deck total 240.
CHAFF0_VALUES = ((BRIGHTS, 20), (TENS, 10), (RIBBONS, 5), (CHAFFS, 0))

FLOWER_IDS = tuple(f.id for f in FLOWERS)
MONTH = {f.id: month_mask(f.id) for f in FLOWERS}
# The book numbers months in Japanese order (capture-basics.md section 1): willow 11,
# paulownia 12. Used for names such as "All 4 November" and Oni's yaku of the month.
JP_MONTH_NAME = {f.id: name for f, name in zip(FLOWERS, (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December"))}


def value_rows(per_card: Mapping[str, int]) -> tuple:
    """(mask, value) rows, highest value first, from a value per card slug (0s left out)."""
    by_value: dict[int, int] = {}
    for slug, v in per_card.items():
        by_value[v] = by_value.get(v, 0) | CARD[slug].bit
    return tuple((m, v) for v, m in sorted(by_value.items(), reverse=True) if v)


def kind_values(bright: int, ten: int, ribbon: int, chaff: int) -> dict[str, int]:
    """A value per slug from a value per kind."""
    out = {}
    for mask, v in ((BRIGHTS, bright), (TENS, ten), (RIBBONS, ribbon), (CHAFFS, chaff)):
        for s in slugs_of(mask):
            out[s] = v
    return out


def kind_words(mask: int, values) -> str:
    """"2 brights x20 + 3 tens x10 + ..." for a (brights, tens, ribbons, chaff) value table."""
    parts = []
    for (m, v), name in zip(values, ("brights", "tens", "ribbons", "chaff")):
        n = (mask & m).bit_count()
        if n:
            parts.append(f"{n} {name} x{v}")
    return " + ".join(parts) if parts else "no cards"


_KIND_NAMES = ("brights", "tens", "ribbons", "chaff")


def card_value_said(mask: int, values, total):
    """"card value: {brights} brights x{brights_value} + ... = {total}": the words of
    ``kind_words`` as one template per set of kinds present (16 shapes)."""
    parts, params = [], {"total": total}
    for (m, v), name in zip(values, _KIND_NAMES):
        n = (mask & m).bit_count()
        if n:
            parts.append(f"{{{name}}} {name} x{{{name}_value}}")
            params[name], params[f"{name}_value"] = n, v
    return said("card value: " + (" + ".join(parts) if parts else "no cards") + " = {total}",
                **params)


def value_card_said(mask: int, values, total):
    """"card value: {cards1} cards x{value1} + ... = {total}": ``_capture.value_words`` as one
    template per number of rows present and each row's card / cards (the same templates as
    ``_capture``'s card value steps)."""
    parts, params = [], {"total": total}
    for m, v in values:
        n = (mask & m).bit_count()
        if n:
            i = len(parts) + 1
            parts.append(f"{{cards{i}}} card{'s' if n > 1 else ''} x{{value{i}}}")
            params[f"cards{i}"], params[f"value{i}"] = n, v
    return said("card value: " + (" + ".join(parts) if parts else "no cards") + " = {total}",
                **params)


def card_values_total_said(total):
    return said("card values of all captures total {total} (the whole deck, chaff 0)",
                total=total)


def err(g, msg: str, **kw) -> TallyError:
    """The error, its message (a said() sentence, or a plain string) led by the game id."""
    return TallyError(said("{game}: {message}", game=g.id, message=msg), game=g.id, **kw)


def reject_event(g, rnd: Mapping, kind: str, why: str) -> None:
    """Raise a clear error for an event type the game does not have (e.g. a misdeal in a game
    with no misdeals), before the generic 'unknown event' message."""
    raw = rnd.get("events")
    if isinstance(raw, (list, tuple)):
        for i, ev in enumerate(raw):
            if isinstance(ev, Mapping) and ev.get("type") == kind:
                raise err(g, said("event {i}: {why}", i=ordinal(i), why=why), rule=kind,
                          field=f"events.{i}")


def prescan(g, rnd: Mapping) -> None:
    """Checks ``_capture.read_table`` leaves to Python: a ``hiki_formed`` flower that is not a
    string (unhashable) and a ``carry.round`` that is not a whole number. Call it first."""
    raw = rnd.get("events")
    if isinstance(raw, (list, tuple)):
        for i, ev in enumerate(raw):
            if isinstance(ev, Mapping) and ev.get("type") == "hiki_formed" and \
                    not isinstance(ev.get("flower"), str):
                raise err(g, said("event {n}, \"{event}\", names the flower {flower!r}, "
                                  "not a month of the {game} deck", game=g.id, n=ordinal(i),
                                  event=event_words("hiki_formed"), flower=ev.get("flower")),
                          rule="hiki_formed", event="hiki_formed", field=f"events.{i}.flower")
    carry = rnd.get("carry")
    if isinstance(carry, Mapping) and "round" in carry:
        n = carry["round"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise err(g, said("the previous round's number of rounds played must be a whole "
                              "number, 0 or more, not {value!r}", value=n), field="carry.round")


def check_fields(g, ev: Mapping, i: int, allowed) -> None:
    """An event may carry only its documented fields."""
    extra = set(ev) - {"type", "player"} - set(allowed)
    if extra:
        bad = sorted(extra)[0]
        raise err(g, said("event {i}, \"{event}\", has no field {key!r}", i=ordinal(i),
                          event=event_words(ev["type"]), key=bad), rule=ev["type"],
                  event=ev["type"], field=f"events.{i}.{bad}")


def flower_of(g, ev: Mapping, i: int, key: str = "flower", *, deck: int | None = None) -> str:
    fl = ev.get(key)
    if not isinstance(fl, str) or fl not in MONTH or (deck is not None and
                                                       not deck & MONTH[fl]):
        raise err(g, said("event {i}, \"{event}\": {what} is {value!r}, not a month of the "
                          "{game} deck", i=ordinal(i), event=event_words(ev["type"]), game=g.id,
                          what=field_words(g, ev["type"], key), value=fl),
                  rule=ev["type"], event=ev["type"], field=f"events.{i}.{key}",
                  known=FLOWER_IDS)
    return fl


def read_hands(g, rnd: Mapping, players, size: int | None) -> dict[str, int]:
    """Optional dealt hands ({player: [slugs]}), pairwise disjoint, each of ``size`` cards."""
    if rnd.get("hands") is None:
        return {}
    hands = piles_of(g, rnd, players, "hands", required=False)
    given = set(rnd["hands"])
    if size is not None:
        for p in given:
            n = hands[p].bit_count()
            if n != size:
                raise err(g, said("{player}'s hand has {n} cards, not the {size} dealt",
                                  player=p, n=n, size=size), player=p,
                          field=f"hands.{p}")
    return {p: hands[p] for p in given}


def each_opponent_pays(values: Mapping[str, int], players) -> dict[str, int]:
    """Every opponent pays each player the value of that player's combinations:
    net(i) = (n - 1) * v(i) - sum of the others' v (Min-Hwatu 5.4, Sudaoshi 5.3). Zero-sum."""
    n = len(players)
    total = sum(values[p] for p in players)
    return {p: n * values[p] - total for p in players}
