"""What the engine answers, typed for the OpenAPI document: a round's breakdown
(tally/results.py, ``RoundResult.to_dict``), a pile's evaluation, a series' configuration and
running summary (tally/series.py) and a stored round (``RoundState.view``).

Response schemas only: the views write their JSON themselves and these describe it, so a
generated client reads typed objects. Each keeps what every game returns; a game's own fields
are listed too, each optional and named by the games that give it. Two things stay open
objects, said so where they appear: a round's input (each game's own keys) and the carry from
one round to the next (each game's own state).

OpenAPI 3.0 has no "object or null" of a named schema, and apispec's way of writing one
(``anyOf: [{type: object, nullable: true}, {$ref}]``) lets any object through; so a nullable
object here is either ``$ref`` or exactly null (``or_null``), or written out in place with
``nullable: true`` (``nullable``).
"""

from __future__ import annotations

from functools import lru_cache

import marshmallow as ma
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from marshmallow import fields, validate


class Base(ma.Schema):
    """Every schema of the API (request and response): its fields in the order written."""

    class Meta:
        ordered = True


# ----------------------------------------------------------------------------- helpers
NULL = {"type": "object", "nullable": True, "enum": [None], "description": "null"}
REQ = {"required": True}


def or_null(component: str, *, required: bool = False, **metadata) -> fields.Raw:
    """A registered schema (by its component name) or null."""
    return fields.Raw(required=required, metadata={**metadata, "anyOf": [
        {"$ref": f"#/components/schemas/{component}"}, NULL]})


@lru_cache(maxsize=None)
def _json_schema(schema: type[ma.Schema]) -> dict:
    # the converter apispec uses for the document's own schemas; a nested schema comes out
    # as a $ref, which the document holds when another schema nests it (SessionConfig)
    plugin = MarshmallowPlugin()
    APISpec("inline", "1", "3.0.3", plugins=[plugin])
    return plugin.converter.schema2jsonschema(schema)


def nullable(schema: type[ma.Schema], *, required: bool = False, **metadata) -> fields.Raw:
    """An object of ``schema`` written in place, or null."""
    return fields.Raw(required=required,
                      metadata={**_json_schema(schema), "nullable": True, **metadata})


def either(*types: str | dict, nullable: bool = False, **metadata) -> fields.Raw:
    """A value of one of the JSON ``types`` ("integer", "string", ... or a schema)."""
    return fields.Raw(metadata={**metadata, "anyOf": [
        t if isinstance(t, dict) else {"type": t, **({"nullable": True} if nullable else {})}
        for t in types]})


def number(**kwargs) -> fields.Float:
    """Points, chips and money: whole numbers mostly, a fraction where a game shares a pot
    (Hiki-Kabu's odd chips) or a chip value has cents."""
    return fields.Float(**kwargs)


def per_player(values: fields.Field, description: str, **kwargs) -> fields.Dict:
    """{player name: value}: the keys are the session's players."""
    return fields.Dict(keys=fields.String(), values=values,
                       metadata={"description": description}, **kwargs)


# ----------------------------------------------------------------------------- sentences
class Names(Base):
    """A name in each language the sources give."""
    en = fields.String()
    ja = fields.String()
    ko = fields.String()


def params_field() -> fields.Dict:
    return fields.Dict(keys=fields.String(), values=either(
        "string", "number", "boolean", {"$ref": "#/components/schemas/Sentence"},
        nullable=True), metadata={"description": (
            "the template's parameters by name: a value, or itself a {template, params} "
            "sentence")})


def said_field() -> fields.String:
    return fields.String(metadata={"description": (
        "the sentence in the reader's language (Accept-Language or ?lang=), for ja and ko")})


class Sentence(Base):
    """A note or choice of the engine, in English and, when asked, the reader's language (a
    sentence inside another's params has no text)."""
    text = fields.String(metadata={"description": "the sentence in English"})
    template = fields.String(metadata={"description": "the English template, {name} params"})
    params = params_field()
    said = said_field()


class YakuHit(Base):
    """A combination found: its cards and points."""
    id = fields.String(**REQ)
    name = fields.String(**REQ, metadata={"description": "in English"})
    names = fields.Nested(Names, **REQ)
    points = fields.Integer(**REQ)
    cards = fields.List(fields.String(), **REQ, metadata={"description": "card slugs"})
    note = fields.Nested(Sentence, metadata={"description": "how the points were counted"})
    declared = fields.Boolean(metadata={"description": (
        "said at the table (quick entry), not read from cards (Go-Stop, Koi-Koi, "
        "Hachi-Hachi)")})


class Step(Base):
    """One line of a breakdown, in the order applied."""
    id = fields.String(**REQ)
    op = fields.String(**REQ, validate=validate.OneOf(["base", "add", "multiply", "set",
                                                       "note"]))
    value = number(**REQ)
    reason = fields.String(**REQ, metadata={"description": "in English"})
    total = number(**REQ, metadata={"description": "the running total after this step"})
    template = fields.String(metadata={"description": "the reason's English template"})
    params = params_field()
    said = said_field()


class Payment(Base):
    from_ = fields.String(data_key="from", **REQ)
    to = fields.String(**REQ)
    amount = number(**REQ, metadata={"description": "chips"})
    reason = fields.String(**REQ, metadata={"description": "in English"})
    template = fields.String()
    params = params_field()
    said = said_field()


# ----------------------------------------------------------------------------- a player's score
# the roles the games give (tally/games): a Hachi-Hachi player's is their status in the deal
ROLES = ("winner", "loser", "draw", "", "void", "misdeal", "dealers_delight", "sat out",
         "seller", "dealer", "bettor", "active", "passed", "forced in", "forced out",
         "dropped dealer", "joker")


class Bet(Base):
    """A bettor's bet on a column of the bank (Kabu)."""
    player = fields.String(**REQ)
    column = fields.Integer(**REQ)
    amount = number(**REQ)
    result = number(metadata={"description": "chips won (+) or lost (-)"})
    reason = fields.String(metadata={"description": "in English"})
    declared = fields.Boolean(metadata={"description": "said at the table (quick entry)"})


class JunkGiven(Base):
    """Junk a player hands an opponent (Go-Stop 6.5)."""
    event = fields.String(**REQ)
    to = fields.String(**REQ)
    junk = fields.Integer(**REQ)


class JunkReceived(Base):
    event = fields.String(**REQ)
    from_ = fields.String(data_key="from", **REQ)
    junk = fields.Integer(**REQ)


class YakuTransfer(Base):
    """A combination's points paid by an opponent (Min-Hwatu)."""
    from_ = fields.String(data_key="from", **REQ)
    to = fields.String(**REQ)
    amount = number(**REQ)


class Compensation(Base):
    """What a Hachi-Hachi player who drops out is compensated for."""
    base = fields.Integer()
    hand_combos = fields.List(fields.String())
    held_yaku = fields.List(fields.String())
    loose_cards = fields.Integer()
    words = fields.String(metadata={"description": "in English"})
    declared = fields.Boolean()


class PlayerScore(Base):
    """One player's breakdown: combinations, base points, the steps, the round's points; and
    the fields a game adds (each named with the games that give it)."""
    player = fields.String(**REQ)
    role = fields.String(**REQ, validate=validate.OneOf(ROLES), metadata={"description": (
        "empty when the game gives none; a Hachi-Hachi player's status in the deal")})
    yaku = fields.List(fields.Nested(YakuHit), **REQ)
    base_points = fields.Integer(**REQ)
    steps = fields.List(fields.Nested(Step), **REQ)
    points = number(**REQ, metadata={"description": "the round's final points"})
    # the games' own fields
    achievements = fields.Integer(metadata={"description": "Hana-Rumi"})
    active = fields.Boolean(metadata={"description": "Hachi-Hachi: played the deal"})
    bet = number(metadata={"description": "Hiki-Kabu, Kingo"})
    bets = fields.List(fields.Nested(Bet), metadata={"description": "Kyo-Kabu, Oicho-Kabu"})
    burden = fields.Integer(metadata={"description": "Sudaoshi"})
    captured = fields.Integer(metadata={"description": "Hana-Rumi"})
    card_points = fields.Integer(metadata={"description": "Hachi-Hachi"})
    card_score = fields.Integer(allow_none=True, metadata={"description": "Hachi-Hachi"})
    card_total = fields.Integer(metadata={"description": "Tensho"})
    card_value = fields.Integer(metadata={"description": "Hachi"})
    cards = fields.List(fields.String(), metadata={"description": "the Kabu dealer's hand"})
    chaff = fields.Integer(allow_none=True, metadata={"description": "Hachi-Hachi"})
    chaffs = fields.Integer(metadata={"description": "Tensho"})
    choices = fields.List(fields.Nested(Sentence), metadata={
        "description": "how a dual-use card (sake cup, iris) or a wild card was counted"})
    compensation = fields.Nested(Compensation, metadata={"description": "Hachi-Hachi"})
    compensation_per_payer = number(metadata={"description": "Go-Stop"})
    declared = fields.List(fields.String(), metadata={
        "description": "the facts said at the table (quick entry), not read from cards"})
    foundations = fields.Integer(metadata={"description": "Eight-Off, Solitaire"})
    gos = fields.List(fields.Integer(allow_none=True), metadata={"description": "Go-Stop"})
    hand = either("integer", "string", nullable=True, metadata={"description": (
        "Hana-Rumi: the points of the cards left in hand (a number); Sutda, Sota: the hand's "
        "combination id (a string, null when none)")})
    hand_combos = fields.Integer(metadata={"description": "Sudaoshi"})
    hand_value = fields.Integer(allow_none=True, metadata={"description": "Sutda, Sota"})
    junk_given = fields.List(fields.Nested(JunkGiven), metadata={"description": "Go-Stop"})
    junk_received = fields.List(fields.Nested(JunkReceived),
                                metadata={"description": "Go-Stop"})
    left = fields.Integer(metadata={"description": "Pyramid"})
    margin = fields.Integer(metadata={"description": "Hachi"})
    opponent_yaku = fields.List(fields.Nested(YakuHit), metadata={"description": "Koi-Koi"})
    over = fields.Boolean(metadata={"description": "Kingo"})
    par_difference = fields.Integer(metadata={"description": "Hachi-Hachi"})
    per_loser_base = fields.Integer(metadata={"description": "Go-Stop"})
    placed = fields.Integer(metadata={"description": "Seasons"})
    rank = fields.Integer(allow_none=True, metadata={"description": "Sutda, Sota"})
    result = fields.String(validate=validate.OneOf(["win", "loss"]),
                           metadata={"description": "the patience games"})
    round_wins = fields.Integer(metadata={"description": "the sequence games"})
    score = number(metadata={"description": "Isuri"})
    side = fields.String(metadata={"description": "Higo-Bana: the player's team"})
    sold = fields.List(fields.String(), metadata={"description": "Go-Stop"})
    special = fields.String(allow_none=True, metadata={"description": "Oicho-Kabu"})
    status = fields.String(validate=validate.OneOf(ROLES), metadata={
        "description": "Hachi-Hachi"})
    stop_points = fields.Integer(metadata={"description": "Go-Stop"})
    teyaku = fields.List(fields.Nested(YakuHit), metadata={"description": "Hachi-Hachi"})
    teyaku_available = fields.List(fields.String(), metadata={"description": "Hachi-Hachi"})
    tokens = fields.Integer(metadata={"description": "Poka"})
    total = fields.Integer(metadata={"description": "the Kabu games: the hand's total"})
    tyv = fields.Integer(metadata={"description": "Hachi-Hachi"})
    unused = fields.Integer(metadata={"description": "Hana-Gin"})
    yaku_set = fields.String(validate=validate.OneOf(["one", "two"]),
                             metadata={"description": "Tensho"})
    yaku_transfers = fields.List(fields.Nested(YakuTransfer),
                                 metadata={"description": "Min-Hwatu"})
    yaku_value = fields.Integer(metadata={"description": "Hachi, Min-Hwatu, Sudaoshi"})


class Carry(Base):
    """What a round hands on to the next (a nagari, running totals, tokens, a streak...):
    an open object of the game's own keys. The series reads the three below."""

    class Meta:
        unknown = ma.INCLUDE
        ordered = True

    counts_as_month = fields.Boolean(metadata={
        "description": "false: the round does not complete a month (a Go-Stop nagari)"})
    game_over = fields.Boolean(metadata={"description": "the rules ended the game"})
    game_winner = fields.String(allow_none=True, metadata={
        "description": "who won it, when game_over"})


class RoundResult(Base):
    """A round's breakdown: POST .../score answers it, and a stored round holds it."""
    game = fields.String(**REQ)
    preset = fields.String(**REQ)
    players = fields.List(fields.Nested(PlayerScore), **REQ, metadata={
        "description": "in seating order"})
    payments = fields.List(fields.Nested(Payment), **REQ, metadata={
        "description": "between pairs of players, zero-sum; none in a points-only game (the "
                       "series then settles the differences of points)"})
    net = per_player(number(), "each player's chips won (+) or paid (-)", **REQ)
    winner = fields.String(allow_none=True, **REQ)
    next_dealer = fields.String(allow_none=True, **REQ)
    notes = fields.List(fields.Nested(Sentence), **REQ, metadata={
        "description": "remarks on the round: warnings, readings taken, what was not scored"})
    carry = fields.Nested(Carry, **REQ, metadata={"description": "into the next round"})


# ----------------------------------------------------------------------------- one pile
class EvaluationDetails(Base):
    """The counts a game reports of a pile (each named with the games that give it)."""
    also_held = fields.List(fields.String(), metadata={"description": "Kage, Poka"})
    animals = fields.Integer(metadata={"description": "Go-Stop"})
    automatic_win = fields.String(allow_none=True, metadata={"description": "Tensho"})
    captured = fields.Integer(metadata={"description": "Hana-Rumi"})
    card_points = fields.Integer(metadata={"description": "Hachi-Hachi"})
    card_total = fields.Integer(metadata={"description": "Tensho"})
    card_value = fields.Integer()
    cards = fields.Integer(metadata={"description": "Hana-Gin, Hana-Rumi"})
    chaff = fields.Integer(allow_none=True, metadata={"description": "Hachi-Hachi"})
    chaffs = fields.Integer(metadata={"description": "Tensho"})
    foundations = fields.Integer(metadata={"description": "Eight-Off, Solitaire"})
    hand_value = fields.Integer(metadata={"description": "Sutda, Sota"})
    junk_value = fields.Integer(metadata={"description": "Go-Stop"})
    left = fields.Integer(metadata={"description": "Pyramid"})
    month_sum = fields.Integer(metadata={"description": "the Kabu games"})
    not_scored = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "Koi-Koi: combination id -> why it does not score (in English)"})
    over = fields.Boolean(metadata={"description": "Kingo"})
    par_difference = fields.Integer(metadata={"description": "Hachi-Hachi"})
    placed = fields.Integer(metadata={"description": "Seasons"})
    rank = fields.Integer(allow_none=True, metadata={"description": "Sutda, Sota"})
    result = fields.String(validate=validate.OneOf(["win", "loss"]),
                           metadata={"description": "the patience games"})
    special = fields.String(allow_none=True, metadata={"description": "Kingo"})
    specials = fields.List(fields.String(), metadata={"description": "Sutda, Sota"})
    stop_points = fields.Integer(metadata={"description": "Go-Stop"})
    strength = fields.Integer(metadata={"description": "Sutda, Sota"})
    total = fields.Integer(metadata={"description": "the Kabu games, Kingo"})
    triple = fields.Boolean(metadata={"description": "Hiki-Kabu"})
    unused_value = fields.Integer(metadata={"description": "Hana-Gin"})
    yaku_count = fields.Integer(metadata={"description": "Higo-Bana"})
    yaku_set = fields.String(metadata={"description": "Tensho"})
    yaku_value = fields.Integer()


class EvaluateOut(Base):
    game = fields.String(**REQ)
    preset = fields.String(**REQ)
    points = fields.Integer(**REQ)
    yaku = fields.List(fields.Nested(YakuHit), **REQ)
    choices = fields.List(fields.Nested(Sentence), metadata={
        "description": "how a dual-use card (sake cup, iris) or a wild card was counted"})
    details = fields.Nested(EvaluationDetails, metadata={
        "description": "counts the game reports (junk, card value, ...)"})


# ----------------------------------------------------------------------------- a series
OPTION_VALUE = either("boolean", "number", "string", nullable=True, metadata={
    "description": "on/off, a number or a choice; null where the rule is left unset"})


class SessionConfig(Base):
    """A series as it was created (fixed from then on)."""
    game = fields.String(**REQ)
    preset = fields.String(allow_none=True)
    options = fields.Dict(keys=fields.String(), values=OPTION_VALUE, metadata={
        "description": "house rule id -> value, beside the preset's"})
    players = fields.List(fields.String(), **REQ, metadata={"description": "seating order"})
    length = fields.Integer(allow_none=True, metadata={"description": "months; null: "
                                                                      "open-ended"})
    first_dealer = fields.String(allow_none=True)
    chip_value = number(metadata={"description": "money per chip"})
    currency = fields.String()
    opening_carry = fields.Dict(keys=fields.String(), values=either(
        "integer", {"type": "object", "additionalProperties": {"type": "integer"}}),
        metadata={"description": (
            "the first round's carry (a table continuing an earlier evening): a whole number, "
            "or {player: whole number}")})


class Total(Base):
    player = fields.String(**REQ)
    points = number(**REQ, metadata={"description": "the round points added up"})
    chips = number(**REQ)
    money = number(**REQ, metadata={"description": "chips x chip value, rounded to cents"})
    rounds_won = fields.Integer(**REQ)


class SeriesHead(Base):
    """Where a series stands: month and dealer of the next round, the carry into it, the
    months played, over or not, the totals and the leaders."""
    month = fields.Integer(allow_none=True, metadata={
        "description": "the next round's month; null once the series is over"})
    months_played = fields.Integer(**REQ)
    length = fields.Integer(allow_none=True)
    complete = fields.Boolean(**REQ, metadata={"description": "the series is over"})
    game_over = fields.Boolean(metadata={"description": "the rules ended it before its length"})
    game_winner = fields.String(allow_none=True)
    dealer = fields.String(allow_none=True, metadata={
        "description": "the next round's dealer; null once the series is over"})
    carry = fields.Nested(Carry, metadata={"description": "into the next round"})
    totals = fields.List(fields.Nested(Total), **REQ, metadata={"description": "seating order"})
    leaders = fields.List(fields.String(), **REQ, metadata={
        "description": "most chips, then most rounds won (or the rules' game winner)"})
    finished = fields.Boolean(metadata={"description": "ended early (POST .../finish)"})


class LedgerEntry(Base):
    """A chip transfer of the ledger: a round's payment, or for a points-only game the
    difference of points between two players."""
    seq = fields.Integer(**REQ)
    month = fields.Integer(**REQ)
    from_ = fields.String(data_key="from", **REQ)
    to = fields.String(**REQ)
    amount = number(**REQ)
    reason = fields.String(**REQ, metadata={"description": "in English"})
    template = fields.String()
    params = params_field()
    said = said_field()


class RoundLine(Base):
    seq = fields.Integer(**REQ)
    month = fields.Integer(**REQ)
    dealer = fields.String(**REQ)
    winner = fields.String(allow_none=True)
    net = per_player(number(), "chips won (+) or paid (-) in the round", **REQ)


class SessionState(SeriesHead):
    """The whole summary: the head, the chip ledger and a line per round."""
    ledger = fields.List(fields.Nested(LedgerEntry), metadata={
        "description": "every chip transfer (GET session: with include=ledger)"})
    rounds = fields.List(fields.Nested(RoundLine), metadata={
        "description": "a line per round (GET session: with include=rounds)"})


class RoundInput(Base):
    """A round as the table entered it: an open object of the game's own keys (GET
    /api/v1/games/{game}: pile_key, inputs, events), as POST .../rounds takes it."""

    class Meta:
        unknown = ma.INCLUDE
        ordered = True


class Round(Base):
    """One stored round, as GET .../rounds/{seq} answers it."""
    seq = fields.Integer(**REQ, metadata={"description": "the round's number, from 1"})
    month = fields.Integer(**REQ, metadata={"description": "the month it was played in"})
    dealer = fields.String(**REQ)
    carry_in = fields.Nested(Carry, **REQ, metadata={
        "description": "what it carried in: the previous round's carry"})
    counts_as_month = fields.Boolean(**REQ)
    input = fields.Nested(RoundInput, **REQ)
    result = fields.Nested(RoundResult, **REQ, metadata={
        "description": "the breakdown (POST .../score answers the same)"})
