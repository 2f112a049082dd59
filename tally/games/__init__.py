"""The game registry. Every module in this package that defines ``GAME`` is a game; its id is
the digest file name in ``shared/rules/`` (``koi-koi``, ``go-stop``, ``hachi-hachi``, ...).

A game is data (deck, combinations, options, presets, events) plus three pure functions:
``compile(rules)`` precomputes what the options fix, once per option set;
``evaluate(mask, compiled)`` scores one pile; ``score_round(round, compiled)`` scores a round.
"""

from __future__ import annotations

import inspect

import importlib
import re
import pkgutil
from dataclasses import dataclass, field, replace
from collections.abc import Mapping
from typing import Any, Callable

from ..cards import BIT, CARD, CardSet
from ..errors import TallyError
from ..results import said
from ..options import Option, Preset, Rules, resolve


@dataclass(frozen=True)
class YakuDef:
    """A scoring combination as the rules page and the API show it."""
    id: str
    names: dict  # en / ja / ko where the sources give them
    points: str  # in words: "5, +1 per further ribbon"
    cards: tuple[str, ...] = ()  # the cards that make it (or can, for "any N of" combinations)
    group: str = ""  # "one of" groups: only the best combination of a group scores
    description: str = ""
    kind: str = "captured"  # "captured", "hand" (teyaku), "event"

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.names.get("en", self.id), "names": dict(self.names),
                "points": self.points, "cards": list(self.cards), "group": self.group,
                "description": self.description, "kind": self.kind}


# Kinds of round input beyond the common keys (tally/rounds.py), so forms can be drawn:
INPUT_KINDS = (
    "choice",         # one of ``choices``
    "int",            # a whole number (``minimum``/``maximum`` where known)
    "bool",           # true or false
    "player",         # one of the round's players
    "cards",          # a list of card slugs
    "card",           # one card slug
    "players",        # a list of distinct players of the round, in the order given
    "yaku",           # a list of the game's combination ids (``choices`` narrows them)
    # structured values, built from the kinds above (see InputDef):
    "list",           # a list of ``item`` values; ``minimum``/``maximum``: how many
    "record",         # an object whose keys are the keys of ``fields`` (each an InputDef)
    "map",            # an object from ``keys`` (the players, the ``choices`` or free text)
                      # to ``item`` values, in the order entered; ``minimum``/``maximum``:
                      # how many entries
    "text",           # a short free text (a reason in the table's words)
    "series_length",  # the series' agreed number of rounds: a session fills it in itself
    "json",           # any other value, entered as JSON (undeclared keys; kept for old forms)
)
STRUCTURED_KINDS = ("list", "record", "map")
MAP_KEYS = ("players", "choices", "text")


@dataclass(frozen=True)
class InputDef:
    """A round key a game reads beyond players, dealer, its pile key, events and carry."""
    key: str
    kind: str  # one of INPUT_KINDS
    description: str
    choices: tuple = ()
    per_player: bool = False  # {player: value} rather than one value
    required: bool = False
    minimum: int | None = None  # int: the value; list, map: the number of entries
    maximum: int | None = None
    # structured kinds: a list's or a map's values, a record's fields (each field's key is
    # its key in the object; nested descriptions are short labels), a map's keys
    item: InputDef | None = None
    fields: tuple[InputDef, ...] = ()
    keys: str = ""  # map only: one of MAP_KEYS
    labels: tuple[str, ...] = ()  # English words for the choices, where a bare value misleads
    default: Any = None  # what the engine takes when the value is left out, where not "none"
    # the house rules that make the input (or a record's field) meaningful, as
    # ``EventDef.requires``: any one suffices; empty = always. Forms hide it otherwise
    requires: tuple[str, ...] = ()

    def possible(self, rules) -> bool:
        return not self.requires or any(condition_holds(c, rules) for c in self.requires)

    def to_dict(self) -> dict:
        d = {"key": self.key, "kind": self.kind, "description": self.description,
             "per_player": self.per_player, "required": self.required}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        if self.item is not None:
            d["item"] = self.item.to_dict()
        if self.fields:
            d["fields"] = [f.to_dict() for f in self.fields]
        if self.keys:
            d["keys"] = self.keys
        if self.labels:
            d["labels"] = list(self.labels)
        if self.default is not None:
            d["default"] = self.default
        if self.requires:
            d["requires"] = list(self.requires)
        return d


def condition_option(condition: str) -> str:
    """The option an ``EventDef.requires`` condition reads."""
    return re.split(r"!?=", condition.lstrip("!"), maxsplit=1)[0]


def condition_holds(condition: str, rules) -> bool:
    if condition.startswith("!"):
        return not rules[condition[1:]]
    option, op, value = (re.split(r"(!?=)", condition, maxsplit=1) if "=" in condition
                         else (condition, "", ""))
    if not op:
        return bool(rules[option])
    return (str(rules[option]) == value) == (op == "=")


@dataclass(frozen=True)
class EventDef:
    """An event a table records during a round (``{"type": id, "player": ..., ...}``)."""
    id: str
    description: str
    # the event's fields beyond type and player: name -> InputDef (its key is the name; a
    # plain description is read as free text)
    fields: Mapping[str, InputDef | str] = field(default_factory=dict)
    per_player: bool = True
    # the house rules that make the event possible: it can happen only when at least one of
    # these conditions holds; empty = always possible. A condition is "option" (on: set,
    # non-zero), "!option" (off), "option=value" or "option!=value" (for choice options)
    requires: tuple[str, ...] = ()

    def possible(self, rules) -> bool:
        return not self.requires or any(condition_holds(c, rules) for c in self.requires)

    @property
    def inputs(self) -> tuple[InputDef, ...]:
        """The fields as InputDefs, each keyed by its field name, so forms can be drawn."""
        return tuple(
            (f if f.key == name else replace(f, key=name)) if isinstance(f, InputDef)
            else InputDef(name, "text", f) for name, f in self.fields.items())

    def to_dict(self) -> dict:
        return {"id": self.id, "description": self.description,
                "fields": {i.key: i.description for i in self.inputs},
                "inputs": [i.to_dict() for i in self.inputs],
                "per_player": self.per_player, "requires": list(self.requires)}


@dataclass(frozen=True)
class Game:
    id: str
    names: dict
    family: str  # "capture", "sequence", "luck", "fusion"
    players: tuple[int, int]  # fewest and most players at the table
    deck: int  # mask of the cards in play (tally.cards)
    options: tuple[Option, ...]
    presets: tuple[Preset, ...]
    default_preset: str
    yaku: tuple[YakuDef, ...]
    events: tuple[EventDef, ...]
    compile: Callable[[Rules], Any]
    evaluate: Callable[[int, Any], Any]
    score_round: Callable[[Mapping, Any], Any]
    source: str = ""  # the digest, e.g. "shared/rules/koi-koi.md"
    max_pile: int | None = None  # most cards one player can capture
    round_example: Mapping | None = None  # a valid score_round input, for docs and the API
    lengths: tuple[int, ...] = (3, 6, 12)  # series lengths in months the game allows
    description: str = ""
    # "kr": the game's tables number months in Korean order (willow is December, paulownia
    # November); "jp": Japanese order (cards.md)
    month_order: str = "jp"
    # the round key under which each player's tapped cards go: "captures" in capture games,
    # "hands" where the cards that matter are the ones held (luck and sequence games); None
    # where a round is not a pile per player (patience and rummy games: see ``inputs``)
    pile_key: str | None = "captures"
    # whether every player has a pile in a round (a player with no card is an empty pile);
    # False where only some do (a Kabu round's dealer, Hana-Rumi's cards left in hand ...)
    pile_every: bool = True
    inputs: tuple[InputDef, ...] = ()  # the game's other round keys, described for forms
    # evaluate(cards, preset=, options=, **context) for games whose house-rule yaku need the
    # round's context (Koi-Koi: month, koikoi_calls, weather); None where none does
    evaluate_in_context: Callable[..., Any] | None = None
    # carry_counters(rules): the carry's running counts ({player: number}) that a round only
    # adds its own amount to and that no rule in force reads (Koi-Koi's totals, rounds won and
    # banks unless a rule ends the game by them). A correction that changes only these moves
    # every later round's counts by the same amount, so the series shifts them instead of
    # rescoring those rounds (tally.series.shifted). None: the game's carry has none.
    carry_counters: Callable[[Any], tuple[str, ...]] | None = None
    # Setting a session up (tally/games/_setup.py fills these in for every game): who deals the
    # first round, in the players' words ("" where one player plays alone); and what a session
    # may open with when a table continues an earlier evening: the first round's carry keys
    # (``opening``, each a whole number or one per player) and, for a count the game ends at,
    # ``opening_limits(rules) -> {key: (least, most)}``: values outside would already end it
    first_dealer_rule: str = ""
    opening: tuple[InputDef, ...] = ()
    opening_limits: Callable[[Any], Mapping[str, tuple]] | None = None
    # the opening key whose values are each player's running sum of the round points (the
    # session's totals start from them); "" where none is
    opening_points: str = ""
    # what a round point is called where the language has a word of its own for the game's
    # (docs/glossary.md): "mon" for Koi-Koi, said 文 in Japanese; "point" everywhere else
    point_unit: str = "point"

    def compiled(self, preset: str | None = None, options: Mapping | None = None):
        """The compiled rules for a preset and overrides, cached per distinct option set."""
        try:
            key = (preset, frozenset(options.items()) if options else None)
            return _COMPILED[self.id][key]
        except KeyError:
            pass
        except (TypeError, AttributeError):  # unhashable values: validate without caching
            return self.compile(self.rules(preset, options))
        c = self.compile(self.rules(preset, options))
        cache = _COMPILED[self.id]
        if len(cache) > 256:
            cache.clear()
        cache[key] = c
        return c

    def rules(self, preset: str | None = None, options: Mapping | None = None) -> Rules:
        return resolve(self.id, self.options, self.presets, self.default_preset, preset,
                       options)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.names.get("en", self.id), "names": dict(self.names),
                "family": self.family, "description": self.description,
                "players": {"min": self.players[0], "max": self.players[1]},
                "lengths": list(self.lengths), "month_order": self.month_order,
                "pile_key": self.pile_key, "inputs": [i.to_dict() for i in self.inputs],
                "deck": CardSet(self.deck).slugs, "combinations": [y.to_dict() for y in self.yaku],
                "options": [o.to_dict() for o in self.options],
                "presets": [p.to_dict() for p in self.presets],
                "default_preset": self.default_preset,
                "events": [e.to_dict() for e in self.events], "source": self.source,
                "round_example": self.round_example,
                "first_dealer_rule": self.first_dealer_rule,
                "opening_carry": [i.to_dict() for i in self.opening]}


_COMPILED: dict[str, dict] = {}


def pile_mask(g: Game, cards, *, player: str | None = None, field: str = "cards") -> int:
    """Validate one pile of slugs for game ``g`` and return it as a mask.

    Fast path: one dict lookup per card; duplicates and cards outside the deck show up as
    mask arithmetic (n distinct bits add up to a mask of n bits, a card listed twice carries
    into fewer). Only a failing pile is walked again to name the culprit.
    """
    if type(cards) is list or type(cards) is tuple:  # what JSON and callers give
        try:
            mask = sum(map(_BIT_OF, cards))
        except (KeyError, TypeError):
            _pile_error(g, cards, player, field)
        n = len(cards)
        if mask.bit_count() != n or mask & ~g.deck:
            _pile_error(g, cards, player, field)
    else:
        try:
            mask, n = 0, 0
            for slug in cards:
                mask |= BIT[slug]
                n += 1
        except (KeyError, TypeError):
            _pile_error(g, cards, player, field)
        if isinstance(cards, (str, bytes)) or mask.bit_count() != n or mask & ~g.deck:
            _pile_error(g, cards, player, field)
    if g.max_pile is not None and n > g.max_pile:
        raise TallyError(said("{who}{n} cards is more than one player can hold in {game} "
                              "(at most {most})", who=_who(player), n=n, game=g.id,
                              most=g.max_pile), game=g.id, player=player, field=field)
    return mask


_BIT_OF = BIT.__getitem__


def _pile_error(g: Game, cards, player, field):
    """Raise the error that names what is wrong with a pile that failed the fast path."""
    if isinstance(cards, (str, bytes)) or not hasattr(cards, "__iter__"):
        raise TallyError(said("{who}cards must be a list of card slugs", who=_who(player)),
                         game=g.id, player=player, field=field)
    seen = 0
    for slug in cards:
        card = CARD.get(slug) if isinstance(slug, str) else None
        if card is None:
            raise TallyError(said("{who}unknown card {card!r}",
                                  who=_who(player), card=slug),
                             game=g.id, card=slug if isinstance(slug, str) else repr(slug),
                             player=player, field=field)
        if not g.deck & card.bit:
            raise TallyError(said("{who}card {card!r} is not in the {game} deck",
                                  who=_who(player), card=slug, game=g.id),
                             game=g.id, card=slug, player=player, field=field)
        if seen & card.bit:
            raise TallyError(said("{who}card {card!r} is listed twice", who=_who(player),
                                  card=slug), game=g.id,
                             card=slug, player=player, field=field)
        seen |= card.bit
    raise AssertionError("_pile_error called on a valid pile")


def _who(player):
    """The "player 'Aki': " that starts a message about one player's pile (a sentence of its
    own, so it is said in the reader's language too)."""
    return said("player {player!r}: ", player=player) if player is not None else ""




def _discover() -> dict[str, Game]:
    found = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            # the module reads its GAME at call time: it gets the setup facts too
            game = module.GAME = with_setup(game)
            found[game.id] = game
            _COMPILED[game.id] = {}
    return found


from ._setup import with_setup  # noqa: E402  (it builds InputDefs: after they are defined)

GAMES: dict[str, Game] = _discover()


def get_game(game: str | Game) -> Game:
    if isinstance(game, Game):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise TallyError(said("unknown game {game!r}", game=game),
                         game=game, field="game", known=sorted(GAMES)) from None


def evaluate(game, cards, *, preset=None, options=None, **context):
    """Score one player's captured pile: ``.points`` and ``.yaku``. ``context`` is what some
    house-rule yaku need to know of the round (Koi-Koi: ``month``, ``koikoi_calls``,
    ``weather``); without it the pile is scored alone."""
    g = get_game(game)
    if context:
        return _evaluate_in_context(g, cards, preset, options, context)
    compiled = g.compiled(preset, options)
    return g.evaluate(pile_mask(g, cards), compiled)


def _evaluate_in_context(g, cards, preset, options, context):
    known = () if g.evaluate_in_context is None else tuple(
        k for k, p in inspect.signature(g.evaluate_in_context).parameters.items()
        if p.kind is p.KEYWORD_ONLY and k not in ("preset", "options"))
    unknown = [k for k in context if k not in known]
    if unknown:
        raise TallyError(said("{game} reads no {key} for one pile (it reads: {known})",
                              game=g.id, key=unknown[0], known=", ".join(known) or "nothing"),
                         game=g.id, field=f"context.{unknown[0]}")
    return g.evaluate_in_context(cards, preset=preset, options=options, **context)


def score_round(game, round, *, preset=None, options=None):
    """Score a complete round: breakdown per player and the payments between them."""
    g = get_game(game)
    compiled = g.compiled(preset, options)
    if type(round) is not dict and not isinstance(round, Mapping):
        raise TallyError(said("a {game} round must be an object", game=g.id), game=g.id,
                         field="round")
    return g.score_round(round, compiled)
