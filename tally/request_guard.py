"""The first check of every request, page or API: the address and the query hold only text a
name or an id can hold (tally.text_rules). It runs before anything reads the store, even the
credential check, because an id holding NUL cannot even be looked up in PostgreSQL; refusing
it does nothing with the session, so no credential is needed to refuse it."""

from __future__ import annotations

from flask import request
from werkzeug.exceptions import BadRequest

from .api.limits import text_problem
from .text_rules import problem


def init_app(app) -> None:
    app.before_request(refuse_bad_text)  # the app's own run before any blueprint's


def refuse_bad_text():
    for name, value in (request.view_args or {}).items():
        if isinstance(value, str):
            _check(value, name)
    for key, value in request.args.items(multi=True):
        _check(key, "query")
        _check(value, key[:40])


def _check(text: str, field: str) -> None:
    wrong = problem(text)
    if wrong is None:
        return
    text = text_problem(field, *wrong)
    e = BadRequest()
    e.data = {"errors": [{"field": field, "message": str(text), **text.to_dict()}]}
    e.why = "not-found"  # a page: "this address is not a page of Hanafuda Tally"
    raise e
