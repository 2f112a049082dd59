"""Marshmallow schemas: request validation, and the shapes the OpenAPI document shows.

Game-specific round keys differ per game, so round bodies accept unknown keys (INCLUDE) and the
engine validates them; everything the API itself owns is typed here, and what the engine answers
(a round's breakdown, a series' state) in result_schemas.py. The response schemas only describe:
each view writes its JSON itself (tests/test_api_responses_typed.py holds the two together).
"""

from __future__ import annotations

import math

import marshmallow as ma
from webargs.fields import DelimitedList
from marshmallow import fields, validate

from ..games import INPUT_KINDS, MAP_KEYS
from ..options import BOOL, CHOICE, INT, NUMBER
# the engine's answers (EvaluateOut, RoundResult, Round) are read from here too
from .result_schemas import (OPTION_VALUE, REQ, Base, EvaluateOut, Names, Round,
                             RoundInput, RoundResult, SessionConfig, SessionState, SeriesHead,
                             either, nullable, number, or_null)


VERSION = validate.Range(min=1, max=10 ** 9)  # sessions count versions from 1 (limits.MAX_NUMBER)
NAME = validate.Length(max=200)  # ids, titles, tokens sent in a body
PRESET = validate.Length(min=1, max=200)  # a preset id, or null for the game's default
MAX_ROUNDS = 1000  # a year of evenings; replaying them on import stays under a second
HISTORY_ACTIONS = ("create", "import", "add_round", "replace_round", "delete_round", "undo",
                   "finish")


class Version(fields.Integer):
    """A session version: a whole number (1.9 is refused, never read as 1)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("validate", VERSION)
        super().__init__(strict=True, **kwargs)


class FiniteFloat(fields.Float):
    def _validated(self, value):
        v = super()._validated(value)
        if v is not None and not math.isfinite(v):
            raise self.make_error("invalid", input=value)
        return v


# ---------------------------------------------------------------- errors
class ErrorItem(Base):
    code = fields.String(required=True, metadata={
        "description": "a stable machine code (docs/api.md: the table of codes)",
        "example": "invalid_card"})
    field = fields.String(allow_none=True, metadata={"description": "dotted path to the culprit"})
    message = fields.String(required=True, metadata={"description": "in English"})
    template = fields.String(metadata={"description": "the message's English template"})
    params = fields.Dict(keys=fields.String(), metadata={"description": (
        "the template's parameters by name: any JSON value (a value refused is quoted back "
        "as it was sent)")})
    said = fields.String(metadata={"description": (
        "the message in the reader's language (Accept-Language or ?lang=), for ja and ko")})
    card = fields.String(metadata={"description": "the card at fault, when there is one"})
    player = fields.String(metadata={"description": "the player at fault"})
    rule = fields.String(metadata={"description": "the rule or event at fault"})
    option = fields.String()
    preset = fields.String()
    game = fields.String()
    event = fields.String(metadata={"description": "the event at fault"})
    known = fields.List(either("string", "number", nullable=True), metadata={
        "description": "the values that would have been accepted (ids of cards, options, "
                       "presets, events, ...; a house rule's choices may be numbers or null)"})
    current_version = fields.Integer(metadata={"description": "412 only"})


class Errors(Base):
    errors = fields.List(fields.Nested(ErrorItem), required=True)


# ---------------------------------------------------------------- games
class EvaluateIn(Base):
    cards = fields.List(fields.String(validate=NAME), required=True,
                        validate=validate.Length(max=100),
                        metadata={"description": "card slugs of cards.md",
                                  "example": ["pine-poetry", "plum-poetry", "cherry-poetry"]})
    preset = fields.String(allow_none=True, load_default=None, validate=PRESET)
    options = fields.Dict(keys=fields.String(), load_default=dict,
                          metadata={"description": "option id -> value"})
    context = fields.Dict(keys=fields.String(), load_default=dict, metadata={
        "description": "what house-rule yaku need to know of the round, for the games that "
                       "read it (Koi-Koi: month, koikoi_calls, weather)",
        "example": {"month": "pine"}})


class ScoreIn(Base):
    class Meta:
        unknown = ma.INCLUDE
        ordered = True

    preset = fields.String(allow_none=True, load_default=None, validate=PRESET)
    options = fields.Dict(keys=fields.String(), load_default=dict)
    players = fields.List(fields.String(), metadata={"description": "names in seating order"})
    dealer = fields.String()
    captures = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    events = fields.List(fields.Dict())
    carry = fields.Dict()


FAMILIES = ("capture", "sequence", "luck", "fusion")  # Game.family


class PlayerRange(Base):
    min = fields.Integer(**REQ)
    max = fields.Integer(**REQ)


class GameSummary(Base):
    id = fields.String(**REQ)
    name = fields.String(**REQ, metadata={"description": "in English"})
    names = fields.Nested(Names, **REQ)
    family = fields.String(**REQ, validate=validate.OneOf(FAMILIES))
    players = fields.Nested(PlayerRange, **REQ)
    lengths = fields.List(fields.Integer(), **REQ, metadata={
        "description": "the series lengths in months the game allows"})
    default_preset = fields.String(**REQ)
    presets = fields.List(fields.String(), **REQ)
    url = fields.String(**REQ)


class GameList(Base):
    games = fields.List(fields.Nested(GameSummary), **REQ)


CHOICE_VALUE = either("string", "integer")
REQUIRES = ("the house-rule conditions that make it possible, any one sufficing: \"option\" "
            "(on), \"!option\" (off), \"option=value\" or \"option!=value\"; empty = always")


class InputDef(Base):
    """A round key a game reads, described so a form can be drawn (tally/games: InputDef)."""
    key = fields.String(**REQ)
    kind = fields.String(**REQ, validate=validate.OneOf(INPUT_KINDS))
    description = fields.String(**REQ)
    per_player = fields.Boolean(**REQ, metadata={"description": "{player: value} rather "
                                                                "than one value"})
    required = fields.Boolean(**REQ)
    choices = fields.List(CHOICE_VALUE)
    minimum = fields.Integer(metadata={"description": "int: the value; list, map: the "
                                                      "number of entries"})
    maximum = fields.Integer()
    item = fields.Nested(lambda: InputDef(), metadata={"description": "a list's or a map's "
                                                                      "values"})
    fields_ = fields.List(fields.Nested(lambda: InputDef()), data_key="fields",
                          metadata={"description": "a record's fields"})
    keys = fields.String(validate=validate.OneOf(MAP_KEYS), metadata={
        "description": "a map's keys"})
    labels = fields.List(fields.String(), metadata={"description": "English words for the "
                                                                   "choices"})
    default = either("string", "integer", "boolean", metadata={
        "description": "what the engine takes when the value is left out"})
    requires = fields.List(fields.String(), metadata={"description": REQUIRES})


class Combination(Base):
    """A scoring combination as the rules page shows it."""
    id = fields.String(**REQ)
    name = fields.String(**REQ)
    names = fields.Nested(Names, **REQ)
    points = fields.String(**REQ, metadata={"description": "in words: \"5, +1 per further "
                                                           "ribbon\""})
    cards = fields.List(fields.String(), **REQ)
    group = fields.String(**REQ, metadata={"description": "a \"one of\" group: only its best "
                                                          "combination scores"})
    description = fields.String(**REQ)
    kind = fields.String(**REQ, validate=validate.OneOf(["captured", "hand", "event"]))


class OptionOut(Base):
    """A house rule."""
    id = fields.String(**REQ)
    type = fields.String(**REQ, validate=validate.OneOf([BOOL, INT, NUMBER, CHOICE]))
    default = OPTION_VALUE
    description = fields.String(**REQ)
    sources = fields.String(metadata={"description": "which rule sources give it"})
    choices = fields.List(either("string", "integer", nullable=True))
    minimum = number()
    maximum = number()
    group = fields.String(metadata={"description": "a heading for forms"})
    excludes = fields.List(fields.String(), metadata={
        "description": "on/off rules that cannot be on together with this one"})
    nullable = fields.Boolean(metadata={"description": "null means \"not set\""})


class PresetOut(Base):
    id = fields.String(**REQ)
    names = fields.Nested(Names, **REQ)
    description = fields.String(**REQ)
    values = fields.Dict(keys=fields.String(), values=OPTION_VALUE, **REQ, metadata={
        "description": "house rule id -> value, where it differs from the defaults"})


class EventOut(Base):
    """An event a table records during a round ({"type": id, "player": ..., ...})."""
    id = fields.String(**REQ)
    description = fields.String(**REQ)
    fields_ = fields.Dict(keys=fields.String(), values=fields.String(), data_key="fields",
                          **REQ, metadata={"description": "field name -> description"})
    inputs = fields.List(fields.Nested(InputDef), **REQ, metadata={
        "description": "the same fields, described for forms"})
    per_player = fields.Boolean(**REQ)
    requires = fields.List(fields.String(), **REQ, metadata={"description": REQUIRES})


class GameOut(Base):
    id = fields.String(**REQ)
    name = fields.String(**REQ, metadata={"description": "in English"})
    names = fields.Nested(Names, **REQ)
    family = fields.String(**REQ, validate=validate.OneOf(FAMILIES))
    description = fields.String(**REQ)
    players = fields.Nested(PlayerRange, **REQ)
    lengths = fields.List(fields.Integer(), **REQ)
    month_order = fields.String(**REQ, validate=validate.OneOf(["jp", "kr"]), metadata={
        "description": "kr: the game's tables number months in Korean order"})
    pile_key = fields.String(**REQ, allow_none=True, metadata={
        "description": "the round key each player's tapped cards go under (captures, "
                       "hands, ...); null where a round is not a pile per player"})
    inputs = fields.List(fields.Nested(InputDef), **REQ, metadata={
        "description": "the game's other round keys"})
    deck = fields.List(fields.String(), **REQ)
    combinations = fields.List(fields.Nested(Combination), **REQ)
    options = fields.List(fields.Nested(OptionOut), **REQ)
    presets = fields.List(fields.Nested(PresetOut), **REQ)
    default_preset = fields.String(**REQ)
    events = fields.List(fields.Nested(EventOut), **REQ)
    source = fields.String(**REQ, metadata={"description": "the rules digest"})
    round_example = or_null("RoundInput", required=True, description=(
        "a valid round with its players and dealer: POST .../score takes it"))
    first_dealer_rule = fields.String(**REQ, metadata={
        "description": "how the game's rules choose who deals the first round, in players' "
                       "words (empty where one player plays alone); a session names the dealer "
                       "itself (first_dealer)"})
    opening_carry = fields.List(fields.Nested(InputDef), **REQ, metadata={"description": (
        "what a session may open with when a table continues an earlier evening (a session's "
        "opening_carry); empty where the game carries nothing over")})


# ---------------------------------------------------------------- sessions
class SessionIn(Base):
    game = fields.String(required=True, metadata={"example": "koi-koi"})
    preset = fields.String(allow_none=True, load_default=None, validate=PRESET)
    options = fields.Dict(keys=fields.String(), load_default=dict)
    players = fields.List(fields.String(validate=validate.Length(min=1, max=40)),
                          required=True, validate=validate.Length(min=1, max=7),
                          metadata={"description": "names in seating order (1 for the "
                                    "patience games, 2-7 as the game allows)",
                                    "example": ["Aki", "Bo"]})
    length = fields.Integer(allow_none=True, strict=True, validate=validate.Range(min=1, max=120),
                            metadata={
        "description": "months: 3, 6 or 12 as the game allows; null = open-ended; default 12 "
                       "(or the game's longest)"})
    chip_value = FiniteFloat(load_default=1, validate=validate.Range(min=0, max=1_000_000),
                             metadata={"description": "money per chip"})
    currency = fields.String(load_default="", validate=validate.Length(max=8))
    first_dealer = fields.String(allow_none=True, load_default=None,
                                 validate=validate.Length(max=40), metadata={
        "description": "who deals the first round: one of the players; default (null) the "
                       "first seat. The game's own rule for choosing is its "
                       "first_dealer_rule (GET /api/v1/games/{game})",
        "example": "Bo"})
    opening_carry = fields.Dict(
        keys=fields.String(validate=validate.Length(min=1, max=40)), values=fields.Raw(),
        allow_none=True, load_default=dict, validate=validate.Length(max=8), metadata={
            "description": "for a table continuing an earlier evening: what the first round "
                           "carries in, by the keys of the game's opening_carry list (GET "
                           "/api/v1/games/{game}): a whole number, or {player: whole number} "
                           "for a key that is per player; each within its minimum and maximum "
                           "and short of what would already end the game. Default {}: a new "
                           "evening",
            "example": {"nagari": 1}})
    title = fields.String(load_default="", validate=validate.Length(max=200))
    group = fields.String(allow_none=True, load_default=None, validate=NAME,
                          metadata={"description": "a group id: players keep their identity"})
    group_token = fields.String(allow_none=True, load_default=None, validate=NAME)
    by = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=80))


class SessionOut(Base):
    """A session: its configuration, where it stands with the ledger, and every round."""
    id = fields.String(**REQ)
    title = fields.String(**REQ)
    version = fields.Integer(**REQ)
    access = fields.String(**REQ, validate=validate.OneOf(["edit", "read"]), metadata={
        "description": "what the token presented allows"})
    created = fields.String(**REQ, metadata={"description": "UTC, ISO 8601"})
    updated = fields.String(**REQ)
    group = fields.String(**REQ, allow_none=True, metadata={"description": "its group's id"})
    config = fields.Nested(SessionConfig, **REQ)
    state = fields.Nested(SessionState, **REQ)
    rounds = fields.List(fields.Nested(Round), metadata={
        "description": "in order; with include=rounds (a create's answer: always)"})


class SessionQuery(Base):
    include = DelimitedList(fields.String(validate=validate.OneOf(["rounds", "ledger"])),
                            load_default=(), validate=validate.Length(max=2), metadata={
        "description": "what to add to the lean read, comma-separated: rounds (every round "
                       "with its breakdown, and state.rounds), ledger (state.ledger, every "
                       "chip transfer)"})


class Created(Base):
    id = fields.String(**REQ)
    version = fields.Integer(**REQ)
    edit_token = fields.String(**REQ)
    read_token = fields.String(**REQ)
    edit_url = fields.String(**REQ)
    read_url = fields.String(**REQ)
    session = fields.Nested(SessionOut, **REQ, metadata={"description": "as GET reads it"})


class RoundIn(Base):
    """A round's input: the game's keys (captures, hands, events, ...). ``players``, ``dealer``
    and ``carry`` come from the series and may be left out."""

    class Meta:
        unknown = ma.INCLUDE
        ordered = True

    version = Version(metadata={"description": "the session version this change is based on "
                                               "(or send If-Match)"})
    by = fields.String(allow_none=True, validate=validate.Length(max=80),
                       metadata={"description": "who makes the change (for the history)"})
    captures = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    hands = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))
    events = fields.List(fields.Dict())


class WriteIn(Base):
    version = fields.Integer(validate=VERSION)
    by = fields.String(allow_none=True, validate=validate.Length(max=80))


class HistoryChange(Base):
    """What a change was or made: a round ({seq, input}), a finish ({seq, month} before,
    {seq} after), a creation or import ({config, title, rounds})."""
    seq = fields.Integer()
    input = fields.Nested(RoundInput)
    month = fields.Integer(allow_none=True)
    config = fields.Nested(SessionConfig)
    title = fields.String()
    rounds = fields.Integer(metadata={"description": "rounds it was created with"})


CHANGE = ("null where there was nothing; an undo's before and after are those of the change "
          "it reverted, the other way round. An imported history keeps what it was given")


class HistoryEntry(Base):
    id = fields.Integer(**REQ)
    session_id = fields.String(metadata={"description": "GET .../history only"})
    version = fields.Integer(**REQ, allow_none=True, metadata={
        "description": "the version the change made"})
    action = fields.String(**REQ, validate=validate.OneOf(HISTORY_ACTIONS))
    actor = fields.String(**REQ, allow_none=True, metadata={"description": "who, when they "
                                                                            "said"})
    at = fields.String(**REQ, allow_none=True, metadata={"description": "when (UTC, ISO 8601)"})
    before = nullable(HistoryChange, required=True, description="before the change: " + CHANGE)
    after = nullable(HistoryChange, required=True, description="after the change: " + CHANGE)
    undoes = fields.Integer(**REQ, allow_none=True, metadata={
        "description": "an undo: the id of the change it reverted"})


class ExportRound(Base):
    seq = fields.Integer(**REQ)
    input = fields.Nested(RoundInput, **REQ)


class ExportOut(Base):
    """A whole session, re-importable (POST /api/v1/sessions/import)."""
    format = fields.String(**REQ, metadata={"example": "hanafuda-tally/session"})
    format_version = fields.Integer(**REQ, metadata={"example": 1})
    id = fields.String(**REQ)
    title = fields.String(**REQ)
    created = fields.String(**REQ)
    updated = fields.String(**REQ)
    version = fields.Integer(**REQ)
    config = fields.Nested(SessionConfig, **REQ, metadata={
        "description": "as the session was created"})
    rounds = fields.List(fields.Nested(ExportRound), **REQ)
    results = fields.List(fields.Nested(Round), **REQ)
    summary = fields.Nested(SessionState, **REQ, metadata={
        "description": "the state with the ledger and the rounds' lines"})
    history = fields.List(fields.Nested(HistoryEntry), **REQ)


class SessionShareOut(Base):
    url = fields.String(metadata={"description": "the link to open on a phone"})
    link = fields.String(metadata={"description": "read or edit"})
    qr_svg = fields.String(metadata={"description": "the address of its QR code (SVG)"})
    qr_png = fields.String(metadata={"description": "the address of its QR code (PNG)"})


class Changed(Base):
    """A write's answer: the round it names and the head of the summary (no ledger, no
    per-round lines: GET the session for those)."""
    version = fields.Integer(**REQ)
    round = or_null("Round", required=True, description=(
        "the round added or corrected (as GET .../rounds/<seq>); null after a deletion, an "
        "undo or a finish"))
    state = fields.Nested(SeriesHead, **REQ)


class SettlementQuery(Base):
    mode = fields.String(load_default="fewest", validate=validate.OneOf(["fewest", "direct"]))


class Net(Base):
    player = fields.String(**REQ)
    chips = number(**REQ, metadata={"description": "won (+) or lost (-)"})
    money = number(**REQ, metadata={"description": "chips x chip value, rounded to cents"})


class Transfer(Base):
    from_ = fields.String(data_key="from", **REQ)
    to = fields.String(**REQ)
    amount = number(**REQ, metadata={"description": "chips"})
    money = number(**REQ)


class SettlementOut(Base):
    mode = fields.String(**REQ, validate=validate.OneOf(["fewest", "direct"]))
    chip_value = number(**REQ)
    currency = fields.String(**REQ)
    nets = fields.List(fields.Nested(Net), **REQ, metadata={"description": "seating order"})
    payments = fields.List(fields.Nested(Transfer), **REQ)



class HistoryItem(Base):
    """One change of an exported history, as it is stored again (other keys are dropped)."""

    class Meta:
        unknown = ma.EXCLUDE
        ordered = True

    id = fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=0))
    version = fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=0))
    action = fields.String(required=True, validate=validate.OneOf(HISTORY_ACTIONS))
    actor = fields.String(allow_none=True, validate=validate.Length(max=80))
    at = fields.String(allow_none=True, validate=validate.Length(max=40))
    before = fields.Dict(allow_none=True)
    after = fields.Dict(allow_none=True)
    undoes = fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=0))


class ImportIn(Base):
    class Meta:
        unknown = ma.INCLUDE

    config = fields.Dict(required=True)
    rounds = fields.List(fields.Dict(), load_default=list, validate=validate.Length(max=MAX_ROUNDS))
    title = fields.String(load_default="", validate=validate.Length(max=200))
    history = fields.List(fields.Nested(HistoryItem), load_default=list,
                          validate=validate.Length(max=5 * MAX_ROUNDS))
    created = fields.DateTime(allow_none=True, load_default=None,
                              metadata={"description": "when the session was first created"})
    group = fields.String(allow_none=True, load_default=None, validate=NAME)
    group_token = fields.String(allow_none=True, load_default=None, validate=NAME)


class QrQuery(Base):
    link = fields.String(load_default="read", validate=validate.OneOf(["read", "edit"]),
                         metadata={"description": "which link the code holds (edit needs the "
                                                  "edit token)"})


class GroupIn(Base):
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))


class GroupCreated(Base):
    id = fields.String()
    name = fields.String()
    token = fields.String()


class StandingsQuery(Base):
    period = fields.String(load_default="all", validate=validate.OneOf(["all", "year"]),
                           metadata={"description": "all time, or this calendar year (UTC)"})
    since = fields.Date(allow_none=True, load_default=None)
    until = fields.Date(allow_none=True, load_default=None)
    game = fields.String(allow_none=True, load_default=None)


class StandingsOut(Base):
    group = fields.Dict()
    period = fields.Dict()
    players = fields.List(fields.Dict())


# ---------------------------------------------------------------- the evening (issue 14)
class Standing(Base):
    rank = fields.Integer(metadata={"description": "1 for the winners; equal chips and rounds "
                                                   "won share a rank"})
    player = fields.String()
    chips = number(metadata={"description": "net chips"})
    money = number(metadata={"description": "chips x chip value, rounded to cents"})
    points = number()
    rounds_won = fields.Integer()


class EndOut(Base):
    over = fields.Boolean(metadata={"description": "the series is over (its length, the "
                                                   "rules, or Finish now)"})
    finished_early = fields.Boolean(metadata={"description": "the table ended it (POST "
                                                             ".../finish); undo takes it back"})
    game_over = fields.Boolean(metadata={"description": "the rules ended it before its length"})
    months_played = fields.Integer()
    length = fields.Integer(allow_none=True)
    winners = fields.List(fields.String(), metadata={"description": (
        "most chips, then most rounds won (or the rules' game winner); more than one is a "
        "tie. While the series goes on: who would win if it ended now")})
    tie = fields.Boolean()
    standings = fields.List(fields.Nested(Standing))
    settlement = fields.Nested(SettlementOut, metadata={"description": "fewest transfers"})


class PageQuery(Base):
    """One page of a list, oldest first: the items after ``after`` (exclusive), at most
    ``limit``; the answer's ``next_after`` is the ``after`` of the next page (null: none)."""
    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=10 ** 9),
                           metadata={"description": "the last item of the page before (0: "
                                                    "from the start)"})
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000),
                           metadata={"description": "items on the page (at most 1000)"})


class HistoryQuery(PageQuery):
    since = fields.Integer(load_default=0, validate=validate.Range(min=0, max=10 ** 9),
                           metadata={"description": "only the changes that made a version "
                                                    "after this one"})


class RoundsPage(Base):
    rounds = fields.List(fields.Nested(Round))
    next_after = fields.Integer(allow_none=True, metadata={
        "description": "the after of the next page; null on the last page"})


class HistoryPage(Base):
    history = fields.List(fields.Nested(HistoryEntry), metadata={
        "description": "the changes, oldest first"})
    next_after = fields.Integer(allow_none=True, metadata={
        "description": "the after of the next page (a history id); null on the last page"})


class ScoresheetQuery(Base):
    upto = fields.Integer(load_default=None, allow_none=True, strict=False,
                          validate=validate.Range(min=1, max=10 ** 9),
                          metadata={"description": "the page's last round (default: the latest)"})
    limit = fields.Integer(load_default=12, validate=validate.Range(min=1, max=100),
                           metadata={"description": "rounds on the page"})


class PenaltyCount(Base):
    id = fields.String(metadata={"description": "the step id of the breakdown (pi_bak, ...)"})
    count = fields.Integer()


class SheetCell(Base):
    player = fields.String()
    points = number(allow_none=True, metadata={"description": "the round's points"})
    chips = number(metadata={"description": "chips won (+) or paid (-) this round"})
    total_chips = number(metadata={"description": "running chips after this round"})
    total_points = number(metadata={"description": "running points after this round"})
    calls = fields.Integer(metadata={"description": "koi-koi / Go calls said this round"})
    penalties = fields.List(fields.Nested(PenaltyCount),
                            metadata={"description": "penalties suffered this round"})


class SheetRow(Base):
    seq = fields.Integer(metadata={"description": "the round (GET .../rounds/<seq>)"})
    month = fields.Integer()
    dealer = fields.String()
    winner = fields.String(allow_none=True)
    counts_as_month = fields.Boolean()
    cells = fields.List(fields.Nested(SheetCell), metadata={"description": "in seating order"})


class ChartLine(Base):
    player = fields.String()
    chips = fields.List(number(), metadata={"description": "running chips at each sample"})


class Chart(Base):
    seqs = fields.List(fields.Integer(), metadata={"description": (
        "the rounds sampled (0: the start); every round up to 48, else 48 evenly spread, the "
        "last always among them")})
    months = fields.List(fields.Integer())
    sampled = fields.Boolean()
    players = fields.List(fields.Nested(ChartLine))


class ScoresheetOut(Base):
    players = fields.List(fields.String())
    n = fields.Integer(metadata={"description": "rounds in the series"})
    first = fields.Integer()
    last = fields.Integer()
    earlier = fields.Integer(allow_none=True, metadata={"description": "upto of the page before"})
    later = fields.Integer(allow_none=True, metadata={"description": "upto of the page after"})
    rows = fields.List(fields.Nested(SheetRow), metadata={"description": "oldest first"})
    chart = fields.Nested(Chart, metadata={"description": "each player's running chips over "
                                                          "the whole series"})


class SessionBiggestRound(Base):
    player = fields.String(metadata={"description": "the session's biggest round only"})
    chips = number(**REQ)
    seq = fields.Integer(**REQ)
    month = fields.Integer(**REQ)


class Calls(Base):
    paid = fields.Integer(metadata={"description": "calls whose caller won that round"})
    failed = fields.Integer(metadata={"description": "calls whose caller did not win it"})


class Penalties(Base):
    count = fields.Integer()
    kinds = fields.List(fields.Nested(PenaltyCount))


class SessionYakuCount(Base):
    id = fields.String()
    count = fields.Integer()


class PlayerStatistics(Base):
    player = fields.String()
    rounds_won = fields.Integer()
    rounds_played = fields.Integer()
    biggest_round = nullable(SessionBiggestRound, description=(
        "most chips won in one round (the first on a tie); null: none won"))
    combinations = fields.List(fields.Nested(SessionYakuCount), metadata={
        "description": "the combinations made most (3 at most)"})
    calls = fields.Nested(Calls)
    penalties = fields.Nested(Penalties)


class StatisticsOut(Base):
    players = fields.List(fields.Nested(PlayerStatistics))
    biggest_round = nullable(SessionBiggestRound, description=(
        "the most chips one player won in one round; null: none won"))
    combinations = fields.List(fields.Nested(SessionYakuCount))
