"""House rules as data: every option has an id, a type, a default and a description, and a
preset is a named set of values. ``resolve`` turns (preset, overrides) into a frozen ``Rules``
mapping, validating every id and value against the game's option table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from collections.abc import Mapping
from typing import Any

from .errors import TallyError
from .results import Said, said
from .rounds import named

BOOL, INT, NUMBER, CHOICE = "bool", "int", "number", "choice"


@dataclass(frozen=True)
class Option:
    id: str
    type: str  # BOOL, INT, NUMBER or CHOICE
    default: Any
    description: str
    choices: tuple = ()  # CHOICE only: the allowed values
    minimum: float | None = None
    maximum: float | None = None
    group: str = ""  # a heading for forms ("scoring", "payment", ...)
    excludes: tuple[str, ...] = ()  # bool options that cannot be on together with this one
    nullable: bool = False  # None means "not set" (a value the table agrees, or a round gives)
    sources: str = ""  # which rule sources give it ("P var, B var"), for the API, never shown

    def check(self, value, *, game: str) -> Any:
        if value is None and (self.nullable or self.type == CHOICE and None in self.choices):
            return value
        ok = {
            BOOL: lambda v: isinstance(v, bool),
            INT: lambda v: isinstance(v, int) and not isinstance(v, bool),
            NUMBER: lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
            CHOICE: lambda v: v in self.choices,
        }[self.type](value)
        if not ok:
            # a choice's values travel in ``known``: the setup page offers them by name
            want = {CHOICE: said("one of its choices"), BOOL: said("on or off"),
                    INT: said("a whole number"), NUMBER: said("a number")}[self.type]
            raise TallyError(said("{game}: the house rule \"{rule}\" must be {want}, not "
                                  "{value!r}", rule=self.words, game=game, want=want,
                                  value=value),
                             game=game, option=self.id, field=f"options.{self.id}",
                             known=self.choices if self.type == CHOICE else None)
        if self.minimum is not None and value < self.minimum or \
                self.maximum is not None and value > self.maximum:
            raise TallyError(said("{game}: the house rule \"{rule}\" must be from {low} to "
                                  "{high}, not {value!r}", rule=self.words, game=game,
                                  low=self.minimum, high=self.maximum, value=value),
                             game=game, option=self.id,
                             field=f"options.{self.id}")
        return value

    @property
    def words(self) -> Said:
        """The rule as the setup page names it (its description), to be named in a sentence;
        a ja / ko reader gets the catalogue's words for it."""
        return named(self.description[:1].upper() + self.description[1:], self.description)

    def to_dict(self) -> dict:
        d = {"id": self.id, "type": self.type, "default": self.default,
             "description": self.description}
        if self.sources:
            d["sources"] = self.sources
        if self.choices:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        if self.group:
            d["group"] = self.group
        if self.excludes:
            d["excludes"] = list(self.excludes)
        if self.nullable:
            d["nullable"] = True
        return d


@dataclass(frozen=True)
class Preset:
    id: str
    description: str
    values: Mapping[str, Any] = field(default_factory=dict)  # differences from the defaults
    # what a table calls it, en / ja / ko ("Nintendo's rules", "任天堂のルール", "닌텐도 규칙");
    # the pages show this, never the id
    names: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"id": self.id, "names": dict(self.names), "description": self.description,
                "values": dict(self.values)}


# The rules of the Hanami book (Hanafuda Games: Hanami Edition), the source of every game's
# "book" preset
HANAMI_BOOK = MappingProxyType({"en": "The Hanami book's rules", "ja": "Hanami 本のルール",
                                "ko": "Hanami 책 규칙"})


# The headings the pages group house rules under, in the order shown. An option's heading
# follows from its ``group`` word (GROUP_HEADINGS); where one group word holds rules of several
# kinds (Koi-Koi's "game flow", Go-Stop's "payment" and "events", Hachi-Hachi's "variation"),
# OPTION_HEADINGS names the option's heading by its id (an id means the same rule in every
# game that has it). Anything else is "play": how the game is dealt and played.
HEADINGS = ("scoring", "special hands", "penalties", "series", "play")
GROUP_HEADINGS = {
    "scoring": "scoring", "round scoring": "scoring", "yaku list": "scoring",
    "combinations": "scoring", "card values": "scoring", "interpretation": "scoring",
    "reading": "scoring", "other programs' house rules": "scoring", "cards": "scoring",
    "ties": "scoring",
    "teyaku": "special hands", "hands": "special hands", "specials": "special hands",
    "automatic wins": "special hands", "deal": "special hands",
    "payment": "penalties", "money": "penalties", "gwangpalli": "penalties",
    "events": "penalties", "ground rules": "penalties", "draws": "penalties",
    "game end": "series", "game length": "series", "series": "series", "dealer": "series",
}
OPTION_HEADINGS = {
    # Koi-Koi family: "game flow"
    "first_to_50": "series", "steal_points": "series", "steal_points_bank": "series",
    "empty_bank_ends_game": "series", "bankrupt": "series",
    "automatic_win": "special hands", "four_of_a_kind_for_the_win": "special hands",
    "four_of_a_kind_not_misdeal": "special hands", "minimum_points": "scoring",
    "new_yaku_only": "scoring",
    # Go-Stop: "payment", "events", "deal", "cards"
    "stop_threshold_2p": "scoring", "stop_threshold_3p": "scoring",
    "go_bonus_formula": "scoring", "reverse_go_multiplier": "scoring", "missions": "scoring",
    "winning_brights": "special hands", "starting_stack": "series",
    "nagari_multiplier": "series", "nagari_counts_as_month": "series",
    "weol_yak_first_turn": "special hands", "weol_yak_month": "special hands",
    "baek_hwa_jeom": "special hands", "nagari_redeal": "play", "first_dealer_rule": "play",
    "bomb_draw_mode": "play", "joker_stays_with_ppuk": "play", "joker_hand_mode": "play",
    # Hachi-Hachi: "variation", "general knowledge"
    "pass_penalty": "penalties", "risk": "penalties", "risk_on_exhaustion": "penalties",
    "responsibility_penalty": "penalties", "less_compensation": "penalties",
    "worthless_yaku": "penalties", "worthless_yaku_card_fallback": "penalties",
    "rainman_compensation": "penalties", "dealer_pays_compensation": "penalties",
    "multiple_multiplier": "scoring", "carryover_multiplier": "scoring",
    "no_extra_ribbons": "scoring", "boar_deer_butterfly": "scoring",
    "alternate_two_player_scoring": "scoring", "simple_16_yaku": "scoring",
    "aka_two_or_more_ribbons": "scoring", "four_and_three": "special hands",
    "winning_hand": "special hands", "campaign": "series",
    # Sota: a drawn round counts toward the series or not
    "drawn_round_counts": "series", "drawn_round_replayed": "series",
}


def exclusive(game: str, rules: tuple[Option, ...]) -> Said:
    """Rules that cannot be on together, said by their descriptions."""
    if len(rules) == 2:
        return said("{game}: the house rules \"{rule}\" and \"{other}\" cannot both be on",
                    game=game, rule=rules[0].words, other=rules[1].words)
    return said("{game}: only one of these house rules can be on: {rules}", game=game,
                rules=listed(rules))


def rule_words(game: str, option_id: str) -> Said:
    """A game's house rule named as the setup page names it (its description)."""
    from .games import GAMES  # late: the games import this module
    return next(o for o in GAMES[game].options if o.id == option_id).words


def one_of_error(game: str, ids: tuple[str, ...], at: str | None = None) -> TallyError:
    """Exactly one of the rules ``ids`` of ``game`` must be on, and none or several are;
    ``at``: the rule the error's field names (the first by default)."""
    from .games import GAMES  # late: the games import this module
    by_id = {o.id: o for o in GAMES[game].options}
    at = at or ids[0]
    return TallyError(said("{game}: exactly one of these house rules must be on: {rules}",
                           game=game, rules=listed(tuple(by_id[i] for i in ids))),
                      game=game, option=at, field=f"options.{at}", known=tuple(ids))


def listed(rules: tuple[Option, ...]) -> Said:
    """Several rules by their descriptions, each in quotes: a sentence per number of rules,
    so each description is said on its own in ja / ko."""
    names = {f"rule{n}": o.words for n, o in enumerate(rules, 1)}
    return said("; ".join(f'"{{{k}}}"' for k in names), **names)


def heading_of(option: Option) -> str:
    """The heading (one of HEADINGS) an option is listed under on the pages."""
    return OPTION_HEADINGS.get(option.id) or GROUP_HEADINGS.get(option.group, "play")


class Rules(Mapping):
    """The option values in force for one game: read as ``rules["id"]`` or ``rules.id``.

    Values are also plain instance attributes, so ``rules.id`` in a hot path is one lookup.
    """

    def __init__(self, values: dict, preset: str):
        _setattr = object.__setattr__
        for k, v in values.items():
            if not hasattr(Rules, k):  # an id like "values" must not hide a Mapping method
                _setattr(self, k, v)
        _setattr(self, "_values", MappingProxyType(values))
        _setattr(self, "preset", preset)

    def __getitem__(self, k): return self._values[k]
    def __iter__(self): return iter(self._values)
    def __len__(self): return len(self._values)

    def __getattr__(self, k):  # only reached for ids that share a name with a method
        try:
            return self._values[k]
        except KeyError:
            raise AttributeError(k) from None

    def __setattr__(self, k, v):
        raise AttributeError("Rules are read-only")

    def __repr__(self):
        return f"Rules(preset={self.preset!r}, {dict(self._values)!r})"


def resolve(game: str, options: tuple[Option, ...], presets: tuple[Preset, ...],
            default_preset: str, preset: str | None, overrides: Mapping | None) -> Rules:
    by_id = {o.id: o for o in options}
    presets_by_id = {p.id: p for p in presets}
    preset = default_preset if preset is None else preset
    if preset not in presets_by_id:
        raise TallyError(said("{game} has no set of house rules called {preset!r}",
                              preset=preset, game=game),
                         game=game, preset=preset, field="preset", known=tuple(presets_by_id))
    values = {o.id: o.default for o in options}
    values.update(presets_by_id[preset].values)
    if overrides is not None and not isinstance(overrides, Mapping):
        raise TallyError(said("{game}: the house rules must be given as an object, each "
                              "rule's id with its value", game=game), game=game,
                         field="options")
    for k, v in (overrides or {}).items():
        if k not in by_id:
            raise TallyError(said("{game} has no house rule called {value!r}", value=k,
                                  game=game),
                             game=game, option=k, field=f"options.{k}", known=tuple(by_id))
        values[k] = by_id[k].check(v, game=game)
    for o in options:
        if o.type == BOOL and values[o.id]:
            for other in o.excludes:
                if values.get(other):
                    raise TallyError(exclusive(game, (o, by_id[other])), game=game,
                                     option=other, field=f"options.{other}",
                                     known=(o.id, other))
    return Rules(values, preset)
