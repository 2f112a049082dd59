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
from .results import said

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
            want = (said("one of {choices}", choices=", ".join(map(repr, self.choices)))
                    if self.type == CHOICE
                    else {BOOL: said("true or false"), INT: said("a whole number"),
                          NUMBER: said("a number")}[self.type])
            raise TallyError(said("option {option!r} of {game} must be {want}, not {value!r}",
                                  option=self.id, game=game, want=want, value=value),
                             game=game, option=self.id, field=f"options.{self.id}")
        if self.minimum is not None and value < self.minimum or \
                self.maximum is not None and value > self.maximum:
            raise TallyError(said("option {option!r} of {game} must be between {low} and "
                                  "{high}, not {value!r}", option=self.id, game=game,
                                  low=self.minimum, high=self.maximum, value=value),
                             game=game, option=self.id,
                             field=f"options.{self.id}")
        return value

    def to_dict(self) -> dict:
        d = {"id": self.id, "type": self.type, "default": self.default,
             "description": self.description}
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

    def to_dict(self) -> dict:
        return {"id": self.id, "description": self.description, "values": dict(self.values)}


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
        raise TallyError(said("unknown preset {preset!r} for {game}; known: {known}",
                              preset=preset, game=game, known=", ".join(presets_by_id)),
                         game=game, preset=preset, field="preset")
    values = {o.id: o.default for o in options}
    values.update(presets_by_id[preset].values)
    if overrides is not None and not isinstance(overrides, Mapping):
        raise TallyError(said("options for {game} must be an object of option id -> value",
                              game=game), game=game, field="options")
    for k, v in (overrides or {}).items():
        if k not in by_id:
            raise TallyError(said("unknown option {option!r} for {game}", option=k, game=game),
                             game=game, option=k,
                             field=f"options.{k}")
        values[k] = by_id[k].check(v, game=game)
    for o in options:
        if o.type == BOOL and values[o.id]:
            for other in o.excludes:
                if values.get(other):
                    # the other id is a sentence of its own, so both are said by name
                    raise TallyError(said("options {option!r} and {other} of {game} cannot "
                                          "both be on", option=o.id,
                                          other=said("{option!r}", option=other), game=game),
                                     game=game, option=other,
                                     field=f"options.{other}")
    return Rules(values, preset)
