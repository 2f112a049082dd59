"""Bounds on what a caller can send: body size, JSON depth, string and list lengths, numbers.

A request body is parsed once here, strictly (no NaN or Infinity, no 5,000-digit integers),
then walked once with its path, so each problem is answered with a 4xx naming the field
("rounds.3.captures.A.2") instead of a 5xx from deep inside the engine or the store. The
marshmallow schemas then check each field's own range; this is the floor under all of them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from flask import g, request
from werkzeug.exceptions import RequestEntityTooLarge

from ..results import said
from ..store import NotFound, StoreError
from ..text_rules import problem

# A 12-month Go-Stop session for seven players with every round corrected once exports to
# about 0.4 MB (bench/rounds.py makes one; tests/test_limits.py checks it fits), so 4 MiB
# leaves ten times the room.
MAX_BODY = 4 * 1024 * 1024
MAX_DEPTH = 32  # an import's history entry nests about 10 deep
MAX_STRING = 4_000  # characters in one string (names are 40, titles 200)
MAX_KEY = 200  # characters in one object key
MAX_ITEMS = 10_000  # items in one list or keys in one object
# no count, bet, score or version at a table comes near a billion, and every number a client
# sends stays exact in JavaScript's doubles
MAX_NUMBER = 10 ** 9
MAX_DIGITS = 20  # longer integer literals are not even converted (int() is quadratic)
MAX_QUERY = 2_000  # characters in one query-string value


class TooLarge(StoreError):
    status = 413


class Unprocessable(StoreError):
    status = 422


class BadText(Unprocessable):
    """A text with a control character or a direction mark left open."""
    code = "invalid_text"


class BadJson(StoreError):
    status = 400
    code = "invalid_json"


@dataclass(frozen=True)
class _Rejected:
    """A literal the parser refused to turn into a number; reported with its path later."""
    text: str


def _number(text: str):
    if len(text.lstrip("-")) > MAX_DIGITS:
        return _Rejected(text[:12] + "…")
    return int(text)


def _float(text: str):
    v = float(text)
    return v if abs(v) <= MAX_NUMBER else _Rejected(text[:24])


def _constant(text: str):  # NaN, Infinity, -Infinity: not JSON
    return _Rejected(text)


def parse_body(data: bytes):
    """The body as JSON, strictly: a syntax error is a 400, a limit a 413 or a 422."""
    if len(data) > MAX_BODY:
        raise too_large(len(data))
    try:
        value = json.loads(data, parse_int=_number, parse_float=_float,
                           parse_constant=_constant)
    except RecursionError:
        raise Unprocessable(said("the JSON body is nested more than {n} levels deep",
                                 n=MAX_DEPTH), field="body") from None
    except UnicodeDecodeError:
        raise BadJson(said("the body is not UTF-8 text"), field="body") from None
    except json.JSONDecodeError as e:
        raise BadJson(said("the body is not valid JSON ({error} at line {line}, column "
                           "{column})", error=e.msg, line=e.lineno, column=e.colno),
                      field="body") from None
    check_value(value)
    return value


def too_large(size: int | None) -> TooLarge:
    return TooLarge(said("the body is too large ({size} bytes; at most {limit})",
                         size=size if size is not None else "?", limit=MAX_BODY),
                    field="body")


def _path(parts) -> str:
    # a key that is not valid text is named with its escapes, so the error itself can be sent
    return ".".join(str(p).encode("utf-8", "backslashreplace").decode("utf-8")
                    for p in parts) or "body"


def check_text(text: str, field: str, limit: int = MAX_STRING):
    if len(text) > limit:
        raise Unprocessable(said("{field} is too long ({n} characters; at most {limit})",
                                 field=field, n=len(text), limit=limit), field=field)
    wrong = problem(text)
    if wrong is not None:
        raise BadText(text_problem(field, *wrong), field=field)


def text_problem(field: str, kind: str, char: str):
    """The sentence for what tally.text_rules.problem found in a field."""
    if kind == "surrogate":
        return said("{field} holds a character that is not valid text (a lone surrogate)",
                    field=field)
    if kind == "control":
        return said("{field} holds a control character ({char}), which no name or value may "
                    "hold", field=field, char=char)
    return said("{field} holds a text-direction mark ({char}) that is not closed, which "
                "would turn the text after it around", field=field, char=char)


def check_value(value) -> None:
    """Walk a parsed body once (no recursion, so no depth can crash it)."""
    stack = [(value, ())]
    while stack:
        v, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise Unprocessable(said("{field} is nested more than {n} levels deep",
                                     field=_path(path), n=MAX_DEPTH), field=_path(path))
        if isinstance(v, str):
            check_text(v, _path(path))
        elif isinstance(v, bool) or v is None:
            continue
        elif isinstance(v, (int, float)):
            if abs(v) > MAX_NUMBER:
                _out_of_range(path, v)
        elif isinstance(v, _Rejected):
            _out_of_range(path, v.text)
        elif isinstance(v, list):
            _check_count(len(v), path)
            stack.extend((x, (*path, i)) for i, x in enumerate(v))
        elif isinstance(v, dict):
            _check_count(len(v), path)
            for k, x in v.items():
                check_text(k, _path((*path, k[:40])), MAX_KEY)
                stack.append((x, (*path, k)))


def _out_of_range(path, value):
    field = _path(path)
    raise Unprocessable(said("{field} must be a finite number between -{limit} and {limit}, "
                             "not {value}", field=field, limit=MAX_NUMBER, value=value),
                        field=field)


def _check_count(n: int, path):
    if n > MAX_ITEMS:
        field = _path(path)
        raise Unprocessable(said("{field} has {n} items (at most {limit})", field=field, n=n,
                                 limit=MAX_ITEMS), field=field)


def check_query(args) -> None:
    for key, value in args.items(multi=True):
        check_text(key, "query", MAX_KEY)
        check_text(value, key, MAX_QUERY)


def check_path_numbers(view_args) -> None:
    """A number in the address (a round's) is at most MAX_NUMBER: SQLite cannot even compare
    2**63 with a column, and no round is numbered near a billion, so a larger one is a 404
    naming it on both backends."""
    for name, value in (view_args or {}).items():
        if isinstance(value, int) and not 0 <= value <= MAX_NUMBER:
            raise NotFound(said("there is no {field} {value} (at most {limit})", field=name,
                                value=value, limit=MAX_NUMBER), field=name)


def bounded_input():
    """A request's query and JSON body within bounds before a view sees them; the body parsed
    once, strictly, for the views' schemas to load (tally.api.views.StrictParser). Runs after
    the credential check (each blueprint registers it last)."""
    check_path_numbers(request.view_args)
    check_query(request.args)
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        try:
            data = request.get_data(cache=True)
        except RequestEntityTooLarge:
            raise too_large(request.content_length) from None
        if data and request.is_json:
            g.tally_json = parse_body(data)


def dumps(value) -> str:
    """Strict JSON out: a NaN or an infinity is a bug to find, never a bare NaN to send."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
