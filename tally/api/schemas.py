"""Marshmallow schemas: request validation, and the shapes the OpenAPI document shows.

Game-specific round keys differ per game, so round bodies accept unknown keys (INCLUDE) and the
engine validates them; everything the API itself owns is typed here.
"""

from __future__ import annotations

import math

import marshmallow as ma
from marshmallow import fields, validate


class Base(ma.Schema):
    class Meta:
        ordered = True


VERSION = validate.Range(min=1, max=10 ** 9)  # sessions count versions from 1 (limits.MAX_NUMBER)
NAME = validate.Length(max=200)  # ids, titles, tokens sent in a body
PRESET = validate.Length(min=1, max=200)  # a preset id, or null for the game's default


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
    params = fields.Dict(metadata={"description": "the template's parameters"})
    said = fields.String(metadata={"description": (
        "the message in the reader's language (Accept-Language or ?lang=), for ja and ko")})
    card = fields.String(metadata={"description": "the card at fault, when there is one"})
    player = fields.String(metadata={"description": "the player at fault"})
    rule = fields.String(metadata={"description": "the rule or event at fault"})
    option = fields.String()
    preset = fields.String()
    game = fields.String()
    event = fields.String(metadata={"description": "the event at fault"})
    known = fields.List(fields.String(), metadata={
        "description": "the values that would have been accepted (ids of cards, options, "
                       "presets, events, ...)"})
    current_version = fields.Integer(metadata={"description": "412 only"})


class Errors(Base):
    errors = fields.List(fields.Nested(ErrorItem), required=True)


# ---------------------------------------------------------------- games
class Sentence(Base):
    """A note or choice of the engine, in English and, when asked, the reader's language."""
    text = fields.String(metadata={"description": "the sentence in English"})
    template = fields.String(metadata={"description": "the English template, {name} params"})
    params = fields.Dict(metadata={"description": (
        "the template's parameters; a parameter may itself be a {template, params} sentence")})
    said = fields.String(metadata={"description": (
        "the sentence in the reader's language (Accept-Language or ?lang=), for ja and ko")})


class YakuHit(Base):
    id = fields.String()
    name = fields.String()
    names = fields.Dict(keys=fields.String(), values=fields.String())
    points = fields.Raw(metadata={"description": "integer (or number) of points"})
    cards = fields.List(fields.String())
    note = fields.Nested(Sentence, metadata={"description": "how the points were counted"})


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


class EvaluateOut(Base):
    game = fields.String()
    preset = fields.String()
    yaku = fields.List(fields.Nested(YakuHit))
    points = fields.Raw()
    choices = fields.List(fields.Nested(Sentence), metadata={
        "description": "how a dual-use card (sake cup, iris) or a wild card was counted"})
    details = fields.Dict(metadata={"description": "counts the game reports (junk, ...)"})


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


class GameSummary(Base):
    id = fields.String()
    name = fields.String()
    names = fields.Dict()
    family = fields.String()
    players = fields.Dict()
    lengths = fields.List(fields.Integer())
    default_preset = fields.String()
    presets = fields.List(fields.String())
    url = fields.String()


class GameList(Base):
    games = fields.List(fields.Nested(GameSummary))


class GameOut(Base):
    class Meta:
        unknown = ma.INCLUDE

    id = fields.String()
    name = fields.String()
    deck = fields.List(fields.String())
    combinations = fields.List(fields.Dict())
    options = fields.List(fields.Dict())
    presets = fields.List(fields.Dict())
    events = fields.List(fields.Dict(), metadata={"description": (
        "{id, description, fields, per_player, requires}: requires lists the house-rule "
        "conditions that make the event possible, any one sufficing: \"option\" (on), "
        "\"!option\" (off), \"option=value\" or \"option!=value\"; empty = always possible")})
    players = fields.Dict()
    lengths = fields.List(fields.Integer())
    round_example = fields.Dict(allow_none=True)
    first_dealer_rule = fields.String(metadata={
        "description": "how the game's rules choose who deals the first round, in players' "
                       "words (empty where one player plays alone); a session names the dealer "
                       "itself (first_dealer)"})
    opening_carry = fields.List(fields.Dict(), metadata={"description": (
        "what a session may open with when a table continues an earlier evening (a session's "
        "opening_carry): each an input {key, kind, description, per_player, minimum, maximum, "
        "default, requires} as in inputs; empty where the game carries nothing over")})


class ScoreOut(Base):
    class Meta:
        unknown = ma.INCLUDE

    game = fields.String()
    preset = fields.String()
    players = fields.List(fields.Dict(), metadata={"description": (
        "per player: yaku, base_points, steps [{id, op, value, reason, total}], points. A "
        "step's reason is English; where the engine has its template, the step also carries "
        "template and params, and for readers of another language (Accept-Language, ?lang=) "
        "said: the reason in that language")})
    payments = fields.List(fields.Dict(), metadata={"description": (
        "{from, to, amount, reason} (+ template, params, said as for steps)")})
    net = fields.Dict()
    winner = fields.String(allow_none=True)
    next_dealer = fields.String(allow_none=True)
    carry = fields.Dict()
    notes = fields.List(fields.Nested(Sentence), metadata={
        "description": "remarks on the round: warnings, readings taken, what was not scored"})


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


class Created(Base):
    id = fields.String()
    version = fields.Integer()
    edit_token = fields.String()
    read_token = fields.String()
    edit_url = fields.String()
    read_url = fields.String()
    session = fields.Dict()


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


class SessionOut(Base):
    class Meta:
        unknown = ma.INCLUDE

    id = fields.String()
    title = fields.String()
    version = fields.Integer()
    access = fields.String()
    config = fields.Dict()
    state = fields.Dict()
    rounds = fields.List(fields.Dict())


class Round(Base):
    """One stored round, as GET .../rounds/{seq} answers it."""
    seq = fields.Integer(metadata={"description": "the round's number, from 1"})
    month = fields.Integer(metadata={"description": "the month it was played in"})
    dealer = fields.String()
    carry_in = fields.Dict(metadata={"description": "what it carried in (a nagari, ...)"})
    counts_as_month = fields.Boolean()
    input = fields.Dict(metadata={"description": "the round as the table entered it"})
    result = fields.Dict(metadata={"description": "the breakdown (POST .../score answers "
                                                  "the same)"})


class HistoryEntry(Base):
    id = fields.Integer()
    version = fields.Integer(metadata={"description": "the version the change made"})
    action = fields.String(metadata={"description": "create, import, add_round, "
                                                    "replace_round, delete_round, undo, finish"})
    actor = fields.String(allow_none=True, metadata={"description": "who, when they said"})
    at = fields.String(metadata={"description": "when (UTC, ISO 8601)"})
    before = fields.Dict(allow_none=True)
    after = fields.Dict(allow_none=True)
    undoes = fields.Integer(allow_none=True, metadata={"description": "an undo: the id of "
                                                                      "the change it reverted"})


class ExportOut(Base):
    """A whole session, re-importable (POST /api/v1/sessions/import)."""
    format = fields.String(metadata={"example": "hanafuda-tally/session"})
    format_version = fields.Integer(metadata={"example": 1})
    id = fields.String()
    title = fields.String()
    created = fields.String()
    updated = fields.String()
    version = fields.Integer()
    config = fields.Dict(metadata={"description": "as the session was created"})
    rounds = fields.List(fields.Dict(), metadata={"description": "{seq, input} each"})
    results = fields.List(fields.Nested(Round))
    summary = fields.Dict(metadata={"description": "the state with the ledger and the "
                                                   "rounds' lines"})
    history = fields.List(fields.Nested(HistoryEntry))


class SessionShareOut(Base):
    url = fields.String(metadata={"description": "the link to open on a phone"})
    link = fields.String(metadata={"description": "read or edit"})
    qr_svg = fields.String(metadata={"description": "the address of its QR code (SVG)"})
    qr_png = fields.String(metadata={"description": "the address of its QR code (PNG)"})


class Changed(Base):
    """A write's answer: the round it names and the head of the summary (no ledger, no
    per-round lines: GET the session for those)."""
    class Meta:
        unknown = ma.INCLUDE

    version = fields.Integer()
    round = fields.Dict(allow_none=True, metadata={
        "description": "the round added or corrected (as GET .../rounds/<seq>); null after a "
                       "deletion or an undo"})
    state = fields.Dict(metadata={
        "description": "month and dealer of the next round, carry, months_played, length, "
                       "complete, game_over, game_winner, totals, leaders"})


class SettlementQuery(Base):
    mode = fields.String(load_default="fewest", validate=validate.OneOf(["fewest", "direct"]))


class SettlementOut(Base):
    mode = fields.String()
    chip_value = fields.Float()
    currency = fields.String()
    nets = fields.List(fields.Dict())
    payments = fields.List(fields.Dict())


MAX_ROUNDS = 1000  # a year of evenings; replaying them on import stays under a second
HISTORY_ACTIONS = ("create", "import", "add_round", "replace_round", "delete_round", "undo",
                   "finish")


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
    chips = fields.Raw(metadata={"description": "net chips (a number)"})
    money = fields.Float(metadata={"description": "chips x chip value, rounded to cents"})
    points = fields.Raw()
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
    points = fields.Raw(allow_none=True, metadata={"description": "the round's points"})
    chips = fields.Raw(metadata={"description": "chips won (+) or paid (-) this round"})
    total_chips = fields.Raw(metadata={"description": "running chips after this round"})
    total_points = fields.Raw(metadata={"description": "running points after this round"})
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
    chips = fields.List(fields.Raw(), metadata={"description": "running chips at each sample"})


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
    player = fields.String()
    chips = fields.Raw()
    seq = fields.Integer()
    month = fields.Integer()


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
    biggest_round = fields.Nested(SessionBiggestRound, allow_none=True, metadata={
        "description": "most chips won in one round (the first on a tie)"})
    combinations = fields.List(fields.Nested(SessionYakuCount), metadata={
        "description": "the combinations made most (3 at most)"})
    calls = fields.Nested(Calls)
    penalties = fields.Nested(Penalties)


class StatisticsOut(Base):
    players = fields.List(fields.Nested(PlayerStatistics))
    biggest_round = fields.Nested(SessionBiggestRound, allow_none=True)
    combinations = fields.List(fields.Nested(SessionYakuCount))


class GroupPlayer(Base):
    id = fields.String()
    name = fields.String()
    created = fields.String()


class GroupSessionRef(Base):
    id = fields.String()
    title = fields.String()
    game = fields.String()
    created = fields.String()


class GroupOut(Base):
    id = fields.String()
    name = fields.String()
    created = fields.String()
    players = fields.List(fields.Nested(GroupPlayer))
    sessions = fields.List(fields.Nested(GroupSessionRef), metadata={"description": "oldest first"})

