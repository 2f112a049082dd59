"""What the engine returns: plain frozen dataclasses with ``to_dict`` for JSON.

A breakdown is a list of ``Step``s per player, so every number can be explained: the base
points, then each multiplier, bonus or penalty with its reason, in the order applied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .cards import CARD, slugs_of

class Said(str):
    """A reason in English that also keeps its template and parameters, so the pages can say
    it in Japanese or Korean: ``said("pi-bak x2: {player} holds {junk} junk", player="Bo",
    junk=4)`` is the string "pi-bak x2: Bo holds 4 junk" everywhere a string is used."""

    __slots__ = ("template", "params")

    def to_dict(self) -> dict:
        # a parameter may itself be a said() sentence (a list of card values, say): it is
        # translated on its own, so a sentence never needs a template per combination of parts
        params = self.params
        return {"template": self.template,
                "params": {k: v.to_dict() if isinstance(v, Said) else v
                           for k, v in params.items()} if params else {}}


def said(template: str, **params) -> Said:
    # the parameters stay ids (the catalogues say them by name in ja / ko); the English
    # sentence says them as the pages do: a game by its name ("Hachi (Simplified)", never
    # "hachi-simplified"), a card by its name ("Iris chaff 1", never "iris-chaff-1")
    shown = params
    for k, v in params.items():  # most sentences name no card: no copy of their params
        if k == "game" or v.__class__ is str and "-" in v:
            shown = in_words(params)
            break
    out = Said(template.format_map(shown))
    out.template = template
    out.params = params
    return out


# values a table typed or sent, quoted back as they are (a player called "pine-crane" too)
_AS_TYPED = re.compile(r"(player|players|value|event|id|name|winner|loser|dealer|by)\d*$")


def in_words(params: dict) -> dict:
    """The parameters as the English sentence says them (``said``'s own text)."""
    return {k: _in_words(k, v) for k, v in params.items()}


def _in_words(key: str, value):
    """A parameter as the English sentence says it: card slugs (alone or in a list) by name."""
    if key == "game":
        return _game_name(value)
    if not isinstance(value, str) or "-" not in value or _AS_TYPED.match(key):
        return value
    if value in CARD:
        return CARD[value].names["en"]
    for sep in (", ", " + "):
        if sep in value:
            return sep.join(CARD[v].names["en"] if v in CARD else v for v in value.split(sep))
    return value


def _game_name(game):
    from .games import GAMES  # late: the games import this module
    g = GAMES.get(game) if isinstance(game, str) else None
    return g.names.get("en", game) if g is not None else game


def _words(text) -> dict:
    """The JSON fields of a reason: the text, plus template and params when it has them."""
    return text.to_dict() if isinstance(text, Said) else {}


def sentence(text) -> dict:
    """A note or a choice as JSON: ``{"text": English, "template", "params"}``, the same
    fields a step's reason has, so the API can say it in the reader's language too."""
    return {"text": str(text), **_words(text)}


# The types built on every evaluate() and score_round() call fill their instance dict in one
# step: a frozen dataclass's generated __init__ sets each field through object.__setattr__,
# which cost more than scoring a Koi-Koi pile. (dataclass keeps an __init__ the class defines.)
_setattr = object.__setattr__
_NONE = object()  # an argument not given (where None is a value)


@dataclass(frozen=True)
class YakuHit:
    """One scoring combination found in a pile."""
    id: str
    name: str  # English display name
    points: int
    cards: tuple[str, ...]  # the cards that make it, in deck order
    names: dict = field(default_factory=dict, compare=False)  # en / ja / ko where known
    note: str = ""  # e.g. "5 + 1 for each further ribbon"

    def __init__(self, id, name, points, cards, names=None, note=""):
        _setattr(self, "__dict__", {"id": id, "name": name, "points": points, "cards": cards,
                                    "names": {} if names is None else names, "note": note})

    @classmethod
    def of_mask(cls, id, name, points, mask: int, names=None, note="") -> "YakuHit":
        """A hit whose cards are the mask's, listed when first read: most piles a scorer
        sees are never shown, so their cards are never spelt out."""
        hit = cls.__new__(cls)
        _setattr(hit, "__dict__", {"id": id, "name": name, "points": points, "_mask": mask,
                                   "names": {} if names is None else names, "note": note})
        return hit

    def __getattr__(self, name):  # only for attributes not set: of_mask's cards
        d = self.__dict__
        if name == "cards" and "_mask" in d:
            cards = d["cards"] = slugs_of(d["_mask"])
            return cards
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def to_dict(self) -> dict:
        d = {"id": self.id, "name": self.name, "names": dict(self.names),
             "points": self.points, "cards": list(self.cards)}
        if self.note:
            d["note"] = sentence(self.note)
        return d


@dataclass(frozen=True)
class Evaluation:
    """A pile's combinations and their points, before any round multiplier."""
    points: int
    yaku: tuple[YakuHit, ...]
    choices: tuple[str, ...] = ()  # how dual-use cards were counted: said() sentences
    details: dict = field(default_factory=dict, compare=False)  # counts a game reports

    def __init__(self, points, yaku, choices=(), details=None):
        _setattr(self, "__dict__", {"points": points, "yaku": yaku, "choices": choices,
                                    "details": {} if details is None else details})

    def to_dict(self) -> dict:
        d = {"points": self.points, "yaku": [y.to_dict() for y in self.yaku]}
        if self.choices:
            d["choices"] = [sentence(c) for c in self.choices]
        if self.details:
            d["details"] = dict(self.details)
        return d


@dataclass(frozen=True)
class Step:
    """One line of a breakdown: ``op`` is "base", "add", "multiply", "set" or "note"."""
    id: str
    op: str
    value: int | float
    reason: str
    total: int | float  # the running total after this step

    def __init__(self, id, op, value, reason, total):
        _setattr(self, "__dict__", {"id": id, "op": op, "value": value, "reason": reason,
                                    "total": total})

    def to_dict(self) -> dict:
        d = self.__dict__
        out = {"id": d["id"], "op": d["op"], "value": d["value"], "reason": d["reason"],
               "total": d["total"]}
        if isinstance(d["reason"], Said):  # its template and params: as _words gives them
            out.update(d["reason"].to_dict())
        return out


def _sentences(value):
    if isinstance(value, Said):
        return sentence(value)
    if isinstance(value, (list, tuple)) and any(isinstance(v, Said) for v in value):
        return [sentence(v) for v in value]
    return value


def hit(yaku_id: str, names: dict, points: int, mask: int, note: str = "") -> YakuHit:
    return YakuHit(yaku_id, names.get("en", yaku_id), points, slugs_of(mask), names, note)


@dataclass(frozen=True)
class PlayerScore:
    player: str
    yaku: tuple[YakuHit, ...]
    base_points: int
    steps: tuple[Step, ...]
    points: int | float  # the round's final points for this player
    role: str = ""  # "winner", "loser", "draw", "sat out", "seller", ...
    extra: dict = field(default_factory=dict, compare=False)

    def __init__(self, player, yaku, base_points, steps, points, role="", extra=None):
        _setattr(self, "__dict__", {"player": player, "yaku": yaku, "base_points": base_points,
                                    "steps": steps, "points": points, "role": role,
                                    "extra": {} if extra is None else extra})

    def to_dict(self) -> dict:
        d = {"player": self.player, "role": self.role,
             "yaku": [y.to_dict() for y in self.yaku], "base_points": self.base_points,
             "steps": [s.to_dict() for s in self.steps], "points": self.points}
        if self.extra:  # game-specific fields; sentences among them (choices) as for notes
            d.update({k: _sentences(v) for k, v in self.extra.items()})
        return d


@dataclass(frozen=True)
class Payment:
    payer: str
    payee: str
    amount: int | float
    reason: str = ""

    def __init__(self, payer, payee, amount, reason=""):
        _setattr(self, "__dict__", {"payer": payer, "payee": payee, "amount": amount,
                                    "reason": reason})

    def to_dict(self) -> dict:
        return {"from": self.payer, "to": self.payee, "amount": self.amount,
                "reason": self.reason, **_words(self.reason)}


@dataclass(frozen=True)
class RoundResult:
    game: str
    preset: str
    players: tuple[PlayerScore, ...]
    payments: tuple[Payment, ...]  # between pairs of players; always zero-sum
    winner: str | None
    next_dealer: str | None
    carry: dict = field(default_factory=dict)  # state for the next hand (nagari multiplier...)
    notes: tuple[str, ...] = ()

    def __init__(self, game, preset, players, payments, winner, next_dealer, carry=_NONE,
                 notes=()):
        _setattr(self, "__dict__", {"game": game, "preset": preset, "players": players,
                                    "payments": payments, "winner": winner,
                                    "next_dealer": next_dealer,
                                    "carry": {} if carry is _NONE else carry, "notes": notes})

    def net(self) -> dict[str, Any]:
        """Each player's chips won (+) or lost (-) in this round."""
        out = {p.player: 0 for p in self.players}
        for pay in self.payments:
            out[pay.payer] -= pay.amount
            out[pay.payee] += pay.amount
        return out

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.player == name)

    def to_dict(self) -> dict:
        return {"game": self.game, "preset": self.preset,
                "players": [p.to_dict() for p in self.players],
                "payments": [p.to_dict() for p in self.payments], "net": self.net(),
                "winner": self.winner, "next_dealer": self.next_dealer,
                "carry": dict(self.carry), "notes": [sentence(n) for n in self.notes]}
