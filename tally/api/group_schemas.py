"""The group league's request and response shapes (issue 14): standings, head-to-head, the
time series, the sessions list and sharing. The responses are written by hand (JSON) and
these schemas document them in the OpenAPI document."""

from __future__ import annotations

from marshmallow import fields, validate

from ..league import PERIODS
from .result_schemas import nullable
from .schemas import Base


class PeriodQuery(Base):
    period = fields.String(load_default="all", validate=validate.OneOf(PERIODS), metadata={
        "description": "this calendar month, this calendar year (UTC), all time, or custom "
                       "(since and until)"})
    since = fields.Date(allow_none=True, load_default=None,
                        metadata={"description": "the first day (custom; YYYY-MM-DD)"})
    until = fields.Date(allow_none=True, load_default=None,
                        metadata={"description": "the first day after the period (custom)"})
    game = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=60),
                         metadata={"description": "one game's sessions only (a game id)"})


class SessionsQuery(PeriodQuery):
    after = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40),
                          metadata={"description": "the last session id of the page before "
                                                   "(its next_after); none: the newest first"})
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=500),
                           metadata={"description": "sessions on the page (at most 500)"})


class PeriodOut(Base):
    period = fields.String()
    since = fields.String(allow_none=True)
    until = fields.String(allow_none=True, metadata={"description": "excluded"})
    game = fields.String(allow_none=True)


class GroupRef(Base):
    id = fields.String()
    name = fields.String()


class GroupBiggestRound(Base):
    chips = fields.Float(required=True)
    session = fields.String(required=True)
    seq = fields.Integer(required=True)
    game = fields.String(required=True)


class GroupYakuCount(Base):
    id = fields.String()
    count = fields.Integer()


class Record(Base):
    player = fields.String()
    game = fields.String(metadata={"description": "per-game records only"})
    series_played = fields.Integer(metadata={"description": "series taken part in, finished or not"})
    series_finished = fields.Integer(metadata={"description": "of those, the finished ones"})
    series_won = fields.Integer()
    rounds_played = fields.Integer()
    rounds_won = fields.Integer()
    chips_won = fields.Float()
    chips_lost = fields.Float()
    net_chips = fields.Float()
    biggest_round = nullable(GroupBiggestRound, description=(
        "most chips won in one round (the first on a tie); null: none won"))
    yaku = fields.List(fields.Nested(GroupYakuCount), metadata={"description": "most often first"})


class PlayerRecord(Record):
    games = fields.List(fields.Nested(Record), metadata={"description": "the same, per game"})


class StandingsOut(Base):
    group = fields.Nested(GroupRef)
    period = fields.Nested(PeriodOut)
    players = fields.List(fields.Nested(PlayerRecord))


class Pair(Base):
    player = fields.String(metadata={"description": "who won the chips"})
    opponent = fields.String(metadata={"description": "who lost them"})
    chips = fields.Float()


class HeadToHeadOut(Base):
    group = fields.Nested(GroupRef)
    period = fields.Nested(PeriodOut)
    players = fields.List(fields.String())
    matrix = fields.List(fields.List(fields.Float(allow_none=True)), metadata={
        "description": "matrix[i][j]: the chips players[i] won from players[j] (what j paid "
                       "i less what i paid j); null on the diagonal"})
    pairs = fields.List(fields.Nested(Pair), metadata={"description": "each pair once, the "
                                                                      "winner first, most first"})


class Point(Base):
    session = fields.String()
    date = fields.String(metadata={"description": "the day the session was created (UTC)"})
    chips = fields.Dict(keys=fields.String(), values=fields.Float(), metadata={
        "description": "every player's chips added up to this session"})
    played = fields.Dict(keys=fields.String(), values=fields.Float(), metadata={
        "description": "the chips of those who played this session, in it"})


class TimelineOut(Base):
    group = fields.Nested(GroupRef)
    period = fields.Nested(PeriodOut)
    players = fields.List(fields.String(), metadata={"description": "most chips first"})
    points = fields.List(fields.Nested(Point), metadata={"description": "oldest first"})


class GroupSession(Base):
    id = fields.String()
    title = fields.String()
    game = fields.String()
    created = fields.String()
    complete = fields.Boolean()
    leaders = fields.List(fields.String(), metadata={"description": "the winners, once over"})
    chips = fields.Dict(keys=fields.String(), values=fields.Float())
    url = fields.String(allow_none=True, metadata={
        "description": "the session's view-only link, when it was linked to the group"})


class SessionsOut(Base):
    group = fields.Nested(GroupRef)
    period = fields.Nested(PeriodOut)
    sessions = fields.List(fields.Nested(GroupSession), metadata={"description": "newest first"})
    next_after = fields.String(allow_none=True, metadata={
        "description": "the after of the next page; null on the last page"})


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


class LinkIn(Base):
    read_token = fields.String(required=True, validate=validate.Length(min=1, max=200),
                               metadata={"description": "the session's view-only (or edit) "
                                                        "token, as its creation returned it"})


class LinkOut(Base):
    session = fields.String()
    url = fields.String()


class ShareQuery(Base):
    link = fields.String(load_default="read", validate=validate.OneOf(["read", "edit"]),
                         metadata={"description": "which link (edit needs the group's token)"})


class ShareOut(Base):
    link = fields.String()
    url = fields.String()
    qr_svg = fields.String()


__all__ = ["PeriodQuery", "SessionsQuery", "GroupOut", "StandingsOut", "HeadToHeadOut",
           "TimelineOut", "SessionsOut", "LinkIn", "LinkOut", "ShareQuery", "ShareOut"]
