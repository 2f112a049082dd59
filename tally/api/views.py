"""The endpoints. Games go through the registry only (never a hard-coded game id)."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import re
from datetime import date, datetime, timezone
from functools import wraps
from urllib.parse import urlencode

from flask import Response, current_app, g, request
from flask_smorest import Blueprint
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import MethodNotAllowed

from .. import series, sheet
from ..i18n import add_said, language
from ..errors import TallyError
from ..results import said
from ..games import GAMES, get_game
from ..share import public_base, qr_png, qr_svg, session_link
from ..history import Redo, redo_of, redo_stack
from ..store import (Conflict, NotFound, Stale, Store, StoreError, no_session, read_token_of,
                     stamp)
from . import contract, ratelimit
from . import group_schemas as GS
from . import schemas as S
from .idempotency import idempotent as _idempotent
from .limits import MAX_NUMBER, bounded_input, check_text, dumps, parse_body

log = logging.getLogger("tally.api")

class StrictParser(FlaskParser):
    """The JSON body the request guard already parsed strictly and bounded
    (tally.api.limits), so no view reads an unchecked body."""

    def _raw_load_json(self, req):
        if not is_json_request(req):
            return core.missing
        if "tally_json" in g:
            return g.tally_json
        data = req.get_data(cache=True)
        return parse_body(data) if data else core.missing


class TallyBlueprint(Blueprint):
    ARGUMENTS_PARSER = StrictParser()

    def register_views_in_doc(self, api, app, spec, *, name, parameters):
        """Each operation completed on its way into the document (tally.api.contract)."""
        spec.path = contract.completing(spec)
        try:
            super().register_views_in_doc(api, app, spec, name=name, parameters=parameters)
        finally:
            del spec.path  # the APISpec's own method again


games_blp = TallyBlueprint("games", __name__, url_prefix="/api/v1/games",
                      description="The games and their rules; scoring without saving anything")
sessions_blp = TallyBlueprint("sessions", __name__, url_prefix="/api/v1/sessions",
                         description="Series of rounds: the ledger, corrections, settlement, "
                                     "sharing and export")
groups_blp = TallyBlueprint("groups", __name__, url_prefix="/api/v1/groups",
                       description="Players who keep their identity across sessions")

@sessions_blp.before_request
def session_credential_first():
    """The caller's token is checked before anything else is done (the body is not even
    read): the edit token to change a session, a read-only one to look at it."""
    sid = (request.view_args or {}).get("session_id")
    if sid is None or request.method == "OPTIONS":  # OPTIONS does nothing (a CORS preflight)
        return
    session_for(sid, "read" if request.method in ("GET", "HEAD") else "edit")


@groups_blp.before_request
def group_credential_first():
    gid = (request.view_args or {}).get("group_id")
    if gid is not None and request.method != "OPTIONS":
        _group_access(gid)


# what creating counts in (tally.api.ratelimit: per client address)
CREATING = {"sessions.create_session": "sessions", "sessions.import_session": "imports",
            "groups.create_group": "groups"}


@sessions_blp.before_request
@groups_blp.before_request
def creation_limit_next():
    """Creating counts in the client address's limit before the body is even read, so a
    refused flood of imports costs no parsing (a replay of an answer given counts nothing)."""
    name = CREATING.get(request.endpoint)
    if name is not None:
        ratelimit.count_creation(name)


for _blp in (games_blp, sessions_blp, groups_blp):
    _blp.before_request(bounded_input)

ERR = S.Errors
TOKEN_PARAM = {"in": "query", "name": "t", "schema": {"type": "string"},
               "description": "the session's edit or read-only token"}
IF_MATCH = {"in": "header", "name": "If-Match", "schema": {"type": "string"},
            "description": "the session version the change is based on (or a `version` field)"}
IDEM = {"in": "header", "name": "Idempotency-Key",
        "schema": {"type": "string", "minLength": 16, "maxLength": 200, "pattern": "^[!-~]+$"},
        "description": "a random value (a UUID): a repeated POST with the same key and token is "
                       "applied once, and its answer replayed only to that token"}


# ----------------------------------------------------------------------------- helpers

def store() -> Store:
    return current_app.extensions["tally_store"]


def json_response(body: str | dict | list, status: int = 200, headers=None) -> Response:
    if language() != "en":  # breakdown sentences in the reader's language, as "said"
        body = add_said(json.loads(body) if isinstance(body, str) else body)
    if not isinstance(body, str):
        body = dumps(body)
    resp = Response(body, status=status, mimetype="application/json")
    resp.vary.add("Accept-Language")
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def presented_token() -> str | None:
    t = request.args.get("t") or request.headers.get("X-Tally-Token")
    if not t:
        auth = request.headers.get("Authorization", "")
        if auth[:7].lower() == "bearer ":
            t = auth[7:].strip()
    return t or None


def authorize(row: dict, need: str) -> str:
    kind = Store.auth(row, presented_token())
    if kind is None:
        ratelimit.token_failed("session", row["id"])
        raise Unauthorized(said("a valid token for this session is needed (?t=...)"), field="t")
    if need == "edit" and kind != "edit":
        raise Forbidden(said("this link is read-only: the edit token is needed to change the "
                             "session"),
                        field="t")
    return kind


class Unauthorized(StoreError):
    status = 401


class Forbidden(StoreError):
    status = 403


class PreconditionRequired(StoreError):
    status = 428


def version_of(body: dict | None) -> int | None:
    header = request.headers.get("If-Match")
    if header and header.strip() == "*":
        return None  # HTTP's "any version": the change applies to whatever is current
    if header:
        v = header.strip()
        if v.startswith("W/"):
            v = v[2:]
        # an ETag echoed as received: Flask-Compress tags a compressed answer's ("5:gzip")
        v = re.sub(r":[a-z0-9-]{1,20}$", "", v.strip('"'))
        if not (v.isascii() and v.isdigit()) or len(v) > 10 or int(v) > MAX_NUMBER:
            raise StoreError(said("If-Match must be a session version, not {value!r}",
                                  value=header[:40]), field="If-Match")
        return int(v)
    if body and body.get("version") is not None:
        return body["version"]  # a whole number (the schemas are strict)
    raise PreconditionRequired(said("send the session version you based this change on "
                                    "(the If-Match header or the version field)"), field="version")


def actor_of(body: dict | None) -> str | None:
    by = (body or {}).get("by")
    if not by and request.headers.get("X-Tally-Actor"):
        by = request.headers["X-Tally-Actor"]
        check_text(by, "X-Tally-Actor", 80)  # the body's "by" was checked with the body
    return by[:80] if isinstance(by, str) else None


def _idempotency_credential(kwargs) -> str | None:
    """The credential an Idempotency-Key is filed under, checked before anything is replayed:
    the edit token on a session's writes; none to create a session or a group."""
    if "session_id" in kwargs:
        session_for(kwargs["session_id"], "edit")
        return presented_token()
    return None


def no_store(resp: Response) -> Response:
    """The answer carries a token: no cache keeps it."""
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _replayed(body: str, status: int, headers: dict) -> Response:
    resp = json_response(body, status, headers)
    return no_store(resp) if '"edit_token"' in body or '"token"' in body else resp


# Apply a POST once per Idempotency-Key: a repeat by the same credential gets the first answer
idempotent = _idempotent(_idempotency_credential, _replayed, lambda: store())


def engine(fn, *args, **kwargs):
    """Call the engine; a crash on odd input is reported as bad input, never a 500."""
    try:
        return fn(*args, **kwargs)
    except (TallyError, StoreError):
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        log.exception("engine failed on input")
        raise TallyError(said("the input could not be scored ({error}); check its shape "
                              "against the game's example round", error=type(e).__name__),
                         field="round") from None


def base_url() -> str:
    return public_base(request.host_url, current_app.config.get("PUBLIC_URL"),
                       current_app.config.get("ALLOWED_HOSTS"))


def session_body(row: dict, access: str, include=("rounds", "ledger")) -> str:
    """The session as JSON, spliced from the stored JSON texts (reads never re-score); the
    rounds and the ledger only when ``include`` names them."""
    rounds = "rounds" in include
    views, state = store().session_parts(row["id"], row["state"], ledger="ledger" in include,
                                         rounds=rounds)
    head = dumps({"id": row["id"], "title": row["title"], "version": row["version"],
                  "access": access, "created": row["created"], "updated": row["updated"],
                  "group": row["group_id"]})
    return (head[:-1] + ',"config":' + row["config"] + ',"state":' + state
            + (',"rounds":[' + ",".join(views) + "]" if rounds else "") + "}")


def unchanged_since(tag: str) -> bool:
    """Whether If-None-Match names ``tag``. Flask-Compress sends a compressed answer's ETag
    with its encoding ("5:br"), so a client polls with that form: it matches too."""
    sent = request.headers.get("If-None-Match") or ""
    return any(t.strip() in (tag, "*") or t.strip().split(":")[0] + '"' == tag
               for t in sent.split(",") if t.strip())


def etag(version: int) -> dict:
    return {"ETag": f'"{version}"'}


def error_responses(blp: Blueprint, *codes: int):
    """The error responses an endpoint documents, in the order given (all with ``ERR``)."""
    def decorate(fn):
        for code in reversed(codes):
            fn = blp.alt_response(code, schema=ERR)(fn)
        return fn
    return decorate


def session_for(session_id: str, need: str) -> tuple[Store, dict]:
    """The store and the session's row, once the presented token allows ``need`` (404 before
    401/403)."""
    st = store()
    checked = g.get("tally_session")  # already checked by session_credential_first
    if checked and checked[0] == session_id and (need == "read" or checked[2] == "edit"):
        return st, checked[1]
    row = ratelimit.session_row(st, session_id)  # 429 for an address locked out
    if row is None:
        raise no_session(session_id)
    g.tally_session = (session_id, row, authorize(row, need))
    return st, row


def round_input(body: dict) -> dict:
    """A round as sent, without the write fields (``version``, ``by``)."""
    return {k: v for k, v in body.items() if k not in ("version", "by")}


def added_body(out: dict) -> str:
    """A round added: the new version, the round and the head of the summary."""
    return ('{"version":%d,"round":%s,"state":%s}'
            % (out["version"], out["round_json"], out["state_json"]))


def changed_body(out: dict, seq: int | None) -> str:
    """A change's answer: the new version, the round it names (when it is in force) and the
    head of the summary; the other rounds and the whole ledger are read with a GET."""
    rnd = "null"
    if seq is not None and out["first_view"] and out["first"] == seq:
        rnd = out["first_view"]
    return '{"version":%d,"round":%s,"state":%s}' % (out["version"], rnd, out["state_json"])


# ----------------------------------------------------------------------------- games

@games_blp.route("")
@games_blp.response(200, S.GameList)
def list_games():
    """List the games"""
    out = []
    for gid in sorted(GAMES):
        g = GAMES[gid]
        out.append({"id": g.id, "name": g.names.get("en", g.id), "names": dict(g.names),
                    "family": g.family, "players": {"min": g.players[0], "max": g.players[1]},
                    "lengths": list(g.lengths), "default_preset": g.default_preset,
                    "presets": [p.id for p in g.presets],
                    "url": f"/api/v1/games/{g.id}"})
    return json_response({"games": out})


def need_game(game: str):
    try:
        return get_game(game)
    except TallyError as e:
        raise NotFound(e.message, field="game") from None


@games_blp.route("/<game>")
@games_blp.response(200, S.GameOut)
@error_responses(games_blp, 404)
def read_game(game):
    """One game's rules: deck, combinations, options, presets, events, player counts"""
    g = need_game(game)
    return json_response(g.to_dict())


@games_blp.route("/<game>/evaluate", methods=["POST"])
@games_blp.arguments(S.EvaluateIn())
@games_blp.response(200, S.EvaluateOut)
@error_responses(games_blp, 404, 422)
def evaluate(body, game):
    """Score one pile of captured cards (base points of that pile alone); nothing is saved"""
    g = need_game(game)
    from .. import evaluate as _evaluate
    ev = engine(_evaluate, g.id, body["cards"], preset=body["preset"],
                options=body["options"], **body["context"])
    preset = g.rules(body["preset"], body["options"]).preset
    return json_response({"game": g.id, "preset": preset, **ev.to_dict()})


@games_blp.route("/<game>/score", methods=["POST"])
@games_blp.arguments(S.ScoreIn())
@games_blp.response(200, S.RoundResult)
@error_responses(games_blp, 404, 422)
def score(body, game):
    """Score a complete round (players, dealer, captures, hands, events); nothing is saved"""
    g = need_game(game)
    from .. import score_round
    body = dict(body)
    preset, options = body.pop("preset", None), body.pop("options", None) or {}
    res = engine(score_round, g.id, body, preset=preset, options=options)
    return json_response(res.to_dict())


# ----------------------------------------------------------------------------- sessions

def _group_for(body) -> str | None:
    gid = body.get("group")
    if not gid:
        return None
    row = ratelimit.group_row(store(), gid)  # 429 for an address locked out
    if not Store.group_auth(row, body.get("group_token")):
        ratelimit.token_failed("group", gid)
        raise Unauthorized(said("the group's token is needed to add a session to it"),
                           field="group_token")
    return gid


def _created(out: dict) -> Response:
    st = store()
    row = st.need_session(out["id"])
    base = base_url()
    body = {"id": out["id"], "version": out["version"], "edit_token": out["edit_token"],
            "read_token": out["read_token"],
            "edit_url": session_link(base, out["id"], out["edit_token"]),
            "read_url": session_link(base, out["id"], out["read_token"]),
            "session": json.loads(session_body(row, "edit"))}
    return no_store(json_response(body, 201, {"Location": f"/api/v1/sessions/{out['id']}",
                                              **etag(out["version"])}))


@sessions_blp.route("", methods=["POST"])
@sessions_blp.arguments(S.SessionIn())
@sessions_blp.response(201, S.Created)
@error_responses(sessions_blp, 401, 404, 422, 429)
@sessions_blp.doc(parameters=[IDEM])
@idempotent
def create_session(body):
    """Create a session (a series): game, preset and options are fixed here"""
    cfg = engine(series.check_config, body)
    gid = _group_for(body)
    out = store().create_session(cfg, title=body.get("title") or "", group_id=gid,
                                 actor=body.get("by"))
    return _created(out)


def _stamp_of(moment: datetime | None) -> str | None:
    """An imported creation time as stored (UTC; a time without a zone is taken as UTC)."""
    if moment is None:
        return None
    return stamp(moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc))


@sessions_blp.route("/import", methods=["POST"])
@sessions_blp.arguments(S.ImportIn())
@sessions_blp.response(201, S.Created)
@error_responses(sessions_blp, 401, 413, 422, 429)
@sessions_blp.doc(parameters=[IDEM])
@idempotent
def import_session(body):
    """Import a session exported as JSON: a new session identical to the exported one"""
    cfg = engine(series.check_config, body["config"])
    gid = _group_for(body)
    inputs = []
    for i, r in enumerate(body["rounds"]):
        inp = r.get("input") if isinstance(r, dict) and "input" in r else r
        inputs.append(series.clean_input(cfg, inp, field_prefix=f"rounds.{i + 1}."))
    out = engine(store().create_session, cfg, title=body.get("title") or "", group_id=gid,
                 inputs=inputs, history=[h for h in body["history"] if isinstance(h, dict)],
                 created=_stamp_of(body.get("created")))
    return _created(out)


@sessions_blp.route("/<sid:session_id>")
@sessions_blp.arguments(S.SessionQuery(), location="query", as_kwargs=True)
@sessions_blp.response(200, S.SessionOut)
@sessions_blp.alt_response(304, description="unchanged since the If-None-Match version")
@error_responses(sessions_blp, 401, 404, 422)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def read_session(session_id, include):
    """The session: its configuration and where it stands (month, dealer, carry, totals,
    leaders); its rounds with their breakdowns and the chip ledger with include=rounds,ledger
    (GET .../rounds pages the rounds)"""
    if session_id == "import":  # /import only takes a POST; no session has this id
        raise MethodNotAllowed(valid_methods=["POST"])
    _, row = session_for(session_id, "read")
    kind = g.tally_session[2]
    tag = etag(row["version"])
    if unchanged_since(tag["ETag"]):  # a phone polling: answered before anything is built
        return Response(status=304, headers=tag)
    return json_response(session_body(row, kind, include), 200, tag)


@sessions_blp.route("/<sid:session_id>/rounds", methods=["POST"])
@sessions_blp.arguments(S.RoundIn())
@sessions_blp.response(201, S.Changed)
@error_responses(sessions_blp, 401, 403, 404, 409, 412, 422, 428)
@sessions_blp.doc(parameters=[TOKEN_PARAM, IF_MATCH, IDEM])
@idempotent
def add_round(body, session_id):
    """Add the next round: the server scores it, advances the month and names the dealer"""
    st, _ = session_for(session_id, "edit")
    version = version_of(body)
    raw = round_input(body)
    out = engine(st.add_round, session_id, version, raw, actor_of(body))
    seq = out["seq"]
    return json_response(added_body(out), 201,
                         {"Location": f"/api/v1/sessions/{session_id}/rounds/{seq}",
                          **etag(out["version"])})


@sessions_blp.route("/<sid:session_id>/rounds/<int:seq>")
@sessions_blp.response(200, S.Round)
@error_responses(sessions_blp, 401, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def read_round(session_id, seq):
    """One round: its input, dealer, month and result"""
    st, row = session_for(session_id, "read")
    view = st.round_view(session_id, seq)
    if view is None:
        raise NotFound(said("no round {seq} in this session (it has {n})", seq=seq,
                            n=st.round_count(session_id)), field="seq")
    return json_response(view, 200, etag(row["version"]))


@sessions_blp.route("/<sid:session_id>/rounds/<int:seq>", methods=["PUT"])
@sessions_blp.arguments(S.RoundIn())
@sessions_blp.response(200, S.Changed)
@error_responses(sessions_blp, 401, 403, 404, 412, 422, 428)
@sessions_blp.doc(parameters=[TOKEN_PARAM, IF_MATCH])
def replace_round(body, session_id, seq):
    """Correct a past round (replace its input); every later round and the ledger are
    recomputed"""
    st, _ = session_for(session_id, "edit")
    version = version_of(body)
    raw = round_input(body)
    out = engine(st.replace_round, session_id, version, seq, raw, actor_of(body))
    return json_response(changed_body(out, seq), 200, etag(out["version"]))


@sessions_blp.route("/<sid:session_id>/rounds/<int:seq>", methods=["DELETE"])
@sessions_blp.arguments(S.WriteIn(), location="query", as_kwargs=True)
@sessions_blp.response(200, S.Changed)
@error_responses(sessions_blp, 401, 403, 404, 412, 422, 428)
@sessions_blp.doc(parameters=[TOKEN_PARAM, IF_MATCH])
def delete_round(session_id, seq, **q):
    """Delete a round; every later round and the ledger are recomputed"""
    st, _ = session_for(session_id, "edit")
    version = version_of(q)
    out = engine(st.delete_round, session_id, version, seq, actor_of(q))
    return json_response(changed_body(out, None), 200, etag(out["version"]))


@sessions_blp.route("/<sid:session_id>/undo", methods=["POST"])
@sessions_blp.arguments(S.WriteIn())
@sessions_blp.response(200, S.Changed)
@error_responses(sessions_blp, 401, 403, 404, 409, 412, 422, 428)
@sessions_blp.doc(parameters=[TOKEN_PARAM, IF_MATCH, IDEM])
@idempotent
def undo(body, session_id):
    """Revert the last change (adding, correcting or deleting a round, finishing the series)"""
    st, _ = session_for(session_id, "edit")
    version = version_of(body)
    out = engine(st.undo, session_id, version, actor_of(body))
    return json_response(changed_body(out, None), 200, etag(out["version"]))


@sessions_blp.route("/<sid:session_id>/redo", methods=["POST"])
@sessions_blp.arguments(S.WriteIn())
@sessions_blp.response(200, S.Changed)
@error_responses(sessions_blp, 401, 403, 404, 409, 412, 422, 428)
@sessions_blp.doc(parameters=[TOKEN_PARAM, IF_MATCH, IDEM])
@idempotent
def redo(body, session_id):
    """Make the last undone change again, as an editor's Redo (409 when there is none: a
    change made after the undo ends what can be redone)"""
    st, row = session_for(session_id, "edit")
    version = version_of(body)
    if version is not None and version != row["version"]:
        raise Stale(row["version"], version)  # the history read below is of this version
    redo = next_redo(st, session_id, row)
    by = redo.by or actor_of(body)
    if redo.action == "add_round":
        out = engine(st.add_round, session_id, version, redo.input, by)
        return json_response(added_body(out), 200, etag(out["version"]))
    if redo.action == "replace_round":
        out = engine(st.replace_round, session_id, version, redo.seq, redo.input, by)
    elif redo.action == "delete_round":
        out = engine(st.delete_round, session_id, version, redo.seq, by)
    else:
        out = engine(st.finish, session_id, version, by)
    shown = redo.seq if redo.action == "replace_round" else None
    return json_response(changed_body(out, shown), 200, etag(out["version"]))


def next_redo(st: Store, session_id: str, row: dict) -> Redo:
    stack = redo_stack(st.history(session_id))
    complete = json.loads(row["state"])["complete"]
    redo = redo_of(stack[-1], st.round_count(session_id), complete) if stack else None
    if redo is None:
        raise Conflict(said("nothing to redo"), field="history")
    return redo


@sessions_blp.route("/<sid:session_id>/finish", methods=["POST"])
@sessions_blp.arguments(S.WriteIn())
@sessions_blp.response(200, S.Changed)
@error_responses(sessions_blp, 401, 403, 404, 409, 412, 422, 428)
@sessions_blp.doc(parameters=[TOKEN_PARAM, IF_MATCH, IDEM])
@idempotent
def finish(body, session_id):
    """End the series now, after the rounds played, and settle it; undo takes it back
    (409 when it is over already or has no round)"""
    st, _ = session_for(session_id, "edit")
    version = version_of(body)
    out = engine(st.finish, session_id, version, actor_of(body))
    return json_response(changed_body(out, None), 200, etag(out["version"]))


@sessions_blp.route("/<sid:session_id>/end")
@sessions_blp.response(200, S.EndOut)
@error_responses(sessions_blp, 401, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def series_end(session_id):
    """The end of the series: over or not, the winners (a tie names several), the final
    standings and the settlement in chips and money"""
    _, row = session_for(session_id, "read")
    return json_response(sheet.end(row), 200, etag(row["version"]))


@sessions_blp.route("/<sid:session_id>/scoresheet")
@sessions_blp.arguments(S.ScoresheetQuery(), location="query")
@sessions_blp.response(200, S.ScoresheetOut)
@error_responses(sessions_blp, 401, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def scoresheet(q, session_id):
    """The running scoresheet, a page of months (the latest 12 by default): each month's
    points and chips per player, the running totals, dealer, winner, calls and penalties;
    and the chart's running chips over the whole series"""
    st, row = session_for(session_id, "read")
    out = sheet.scoresheet(st, row, q.get("upto"), q["limit"])
    out.pop("views")
    out["chart"] = sheet.chart(st, row)
    return json_response(out, 200, etag(row["version"]))


@sessions_blp.route("/<sid:session_id>/statistics")
@sessions_blp.response(200, S.StatisticsOut)
@error_responses(sessions_blp, 401, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def statistics(session_id):
    """Statistics per player: rounds won, biggest round, combinations made most, koi-koi /
    Go calls that paid and failed, penalties suffered"""
    _, row = session_for(session_id, "read")
    return json_response(sheet.statistics(row), 200, etag(row["version"]))


@sessions_blp.route("/<sid:session_id>/history")
@sessions_blp.arguments(S.HistoryQuery(), location="query", as_kwargs=True)
@sessions_blp.response(200, S.HistoryPage)
@error_responses(sessions_blp, 401, 404, 422)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def history(session_id, after, since, limit):
    """The append-only history of changes, oldest first, a page at a time"""
    st, row = session_for(session_id, "read")
    items = st.history(session_id, after, since, limit + 1)
    more = len(items) > limit
    return json_response({"history": items[:limit],
                          "next_after": items[limit - 1]["id"] if more else None},
                         200, etag(row["version"]))


@sessions_blp.route("/<sid:session_id>/rounds")
@sessions_blp.arguments(S.PageQuery(), location="query", as_kwargs=True)
@sessions_blp.response(200, S.RoundsPage)
@error_responses(sessions_blp, 401, 404, 422)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def list_rounds(session_id, after, limit):
    """The session's rounds in order, a page at a time (each as GET .../rounds/{seq})"""
    st, row = session_for(session_id, "read")
    page = st.round_views_after(session_id, after, limit + 1)
    more = len(page) > limit
    body = ('{"rounds":[' + ",".join(view for _, view in page[:limit]) + '],"next_after":'
            + (str(page[limit - 1][0]) if more else "null") + "}")
    return json_response(body, 200, etag(row["version"]))


@sessions_blp.route("/<sid:session_id>/settlement")
@sessions_blp.arguments(S.SettlementQuery(), location="query")
@sessions_blp.response(200, S.SettlementOut)
@error_responses(sessions_blp, 401, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def settlement(q, session_id):
    """Each player's net chips and the payments that settle them (fewest transfers, or
    each loser paying each winner directly), with money at the chip value"""
    _, row = session_for(session_id, "read")
    cfg = series.config_of(json.loads(row["config"]))
    state = json.loads(row["state"])
    totals = {t["player"]: t["chips"] for t in state["totals"]}
    return json_response(series.settle(cfg, totals, q["mode"]))


@sessions_blp.route("/<sid:session_id>/export.json")
@sessions_blp.response(200, S.ExportOut, description="the complete session; POST it to "
                                                      "/api/v1/sessions/import")
@error_responses(sessions_blp, 401, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def export_json(session_id):
    """Export a session as JSON (re-importable)"""
    st, _ = session_for(session_id, "read")
    return json_response(st.export(session_id), 200, {
        "Content-Disposition": f'attachment; filename="tally-{session_id}.json"'})


# OWASP's CSV injection guidance: a spreadsheet runs a cell starting with one of these as a
# formula (=HYPERLINK(...) in a player's name). A spreadsheet set to another separator (";" in
# much of Europe, a tab, a "|") splits a text cell there, so a formula start right after any
# of those is neutralised too: an apostrophe before it, which spreadsheets show as text.
FORMULA_START = re.compile(r"(^|[,;\t|\r\n])(?=[ ]*[=+\-@\t\r])")


def csv_cell(value):
    if isinstance(value, str):
        return FORMULA_START.sub(r"\1'", value)
    return value


class _SafeWriter:
    """csv.writer whose text cells are all quoted and can never start a formula."""

    def __init__(self, buf):
        self._w = csv.writer(buf, quoting=csv.QUOTE_NONNUMERIC)

    def writerow(self, row):
        self._w.writerow([csv_cell(v) for v in row])


# The spreadsheet's columns, said in the reader's language (issue 23: a spreadsheet shows
# player words; the ids stay in export.json)
CSV_COLUMNS = ("Session", "Game", "Round", "Month", "Dealer", "Player", "Role", "Base points",
               "Points", "Chips", "Combinations", "Winner")


def _money_cell(amount):
    """An amount of money as a spreadsheet number: cents at most, no trailing ".0"."""
    amount = round(amount, 2)
    return int(amount) if amount == int(amount) else amount


def csv_of(doc: dict) -> str:
    from flask import has_request_context
    from flask_babel import gettext
    if not has_request_context():  # the CLI's export: English
        lang, gettext = "en", (lambda text: text)
    else:
        lang = language()
    buf = io.StringIO()
    w = _SafeWriter(buf)
    # issue 24: the money each row means, when the session has a chip value or a currency
    cfg = doc["config"]
    value, currency = cfg.get("chip_value", 1), cfg.get("currency") or ""
    with_money = value != 1 or bool(currency)
    w.writerow([gettext(c) for c in CSV_COLUMNS] + (
        [f"{gettext('Money')} ({currency})" if currency else gettext("Money")]
        if with_money else []))
    game = GAMES.get(doc["config"]["game"])
    game_name = (game.names.get(lang) or gettext(game.names["en"])) if game else \
        doc["config"]["game"]

    def yaku_name(y):
        names = y.get("names") or {}
        return names.get(lang) or gettext(names.get("en") or y.get("name") or y["id"])

    nets = {r["seq"]: r["net"] for r in doc["summary"]["rounds"]}
    for r in doc["results"]:
        res = r["result"]
        for ps in res.get("players") or ():
            yaku = ", ".join(f"{yaku_name(y)} {y['points']}" for y in ps.get("yaku") or ())
            role = ps.get("role") or ""
            w.writerow([doc["id"], game_name, r["seq"], r["month"], r["dealer"],
                        ps["player"], gettext(role) if role else "", ps.get("base_points", ""),
                        ps.get("points", ""), nets.get(r["seq"], {}).get(ps["player"], 0),
                        yaku, res.get("winner") or ""] + (
                [_money_cell(nets.get(r["seq"], {}).get(ps["player"], 0) * value)]
                if with_money else []))
    return buf.getvalue()


@sessions_blp.route("/<sid:session_id>/export.csv")
@error_responses(sessions_blp, 401, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM], responses={"200": {
    "description": "one row per round and player",
    "content": {"text/csv": {"schema": {"type": "string"}}}}})
def export_csv(session_id):
    """Export a session as CSV (one row per round and player)"""
    st, _ = session_for(session_id, "read")
    return Response(csv_of(st.export(session_id)), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="tally-{session_id}.csv"'})


def _share_link(row, link: str) -> str:
    token = presented_token()
    kind = authorize(row, "edit" if link == "edit" else "read")
    if link == "read" and kind == "edit":
        token = read_token_of(token)
    return session_link(base_url(), row["id"], token)


@sessions_blp.route("/<sid:session_id>/share")
@sessions_blp.arguments(S.QrQuery(), location="query")
@sessions_blp.response(200, S.SessionShareOut,
                       description="the share link and the addresses of its QR codes")
@error_responses(sessions_blp, 401, 403, 404, 422)
@sessions_blp.doc(parameters=[TOKEN_PARAM])
def share(q, session_id):
    """The share link (read-only unless link=edit) and its QR codes"""
    row = store().need_session(session_id)
    url = _share_link(row, q["link"])
    qs = "?" + urlencode({"t": presented_token(), "link": q["link"]})
    return no_store(json_response({"url": url, "link": q["link"],
                                   "qr_svg": f"/api/v1/sessions/{session_id}/qr.svg{qs}",
                                   "qr_png": f"/api/v1/sessions/{session_id}/qr.png{qs}"}))


@sessions_blp.route("/<sid:session_id>/qr.svg")
@sessions_blp.arguments(S.QrQuery(), location="query")
@error_responses(sessions_blp, 401, 403, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM], responses={"200": {
    "description": "QR code of the share link",
    "content": {"image/svg+xml": {"schema": {"type": "string"}}}}})
def qr_svg_view(q, session_id):
    """QR code (SVG) of the session's share link"""
    row = store().need_session(session_id)
    return no_store(Response(qr_svg(_share_link(row, q["link"])), mimetype="image/svg+xml"))


@sessions_blp.route("/<sid:session_id>/qr.png")
@sessions_blp.arguments(S.QrQuery(), location="query")
@error_responses(sessions_blp, 401, 403, 404)
@sessions_blp.doc(parameters=[TOKEN_PARAM], responses={"200": {
    "description": "QR code of the share link",
    "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}}})
def qr_png_view(q, session_id):
    """QR code (PNG) of the session's share link"""
    row = store().need_session(session_id)
    return no_store(Response(qr_png(_share_link(row, q["link"])), mimetype="image/png"))


# ----------------------------------------------------------------------------- groups

@groups_blp.route("", methods=["POST"])
@groups_blp.arguments(S.GroupIn())
@groups_blp.response(201, S.GroupCreated)
@error_responses(groups_blp, 422, 429)
@groups_blp.doc(parameters=[IDEM])
@idempotent
def create_group(body):
    """Create a group (a family, a club): its players keep their identity across sessions"""
    gid, token = store().create_group(body["name"])
    return no_store(json_response({"id": gid, "name": body["name"], "token": token}, 201,
                                  {"Location": f"/api/v1/groups/{gid}"}))


def _group_access(gid: str, need: str | None = None) -> dict:
    """The group's row once the token allows ``need`` (a GET: the group's token or its
    read-only one; a change: the group's token)."""
    row = ratelimit.group_row(store(), gid)  # 429 for an address locked out
    kind = store().group_access(row, presented_token())
    if kind is None:
        ratelimit.token_failed("group", gid)
        raise Unauthorized(said("the group's token is needed (?t=...)"), field="t")
    need = need or ("read" if request.method in ("GET", "HEAD") else "edit")
    if need == "edit" and kind != "edit":
        raise Forbidden(said("this group link is read-only: the group's own link is needed "
                             "to change it"), field="t")
    return row


@groups_blp.route("/<group_id>")
@groups_blp.response(200, GS.GroupOut, description="the group, its players and its sessions")
@error_responses(groups_blp, 401, 404)
@groups_blp.doc(parameters=[TOKEN_PARAM])
def read_group(group_id):
    """A group: its players and sessions"""
    row = _group_access(group_id)
    st = store()
    sessions = [{"id": sid, "title": title, "game": game, "created": created}
                for sid, title, game, created in st.conn.execute(
                    "SELECT id, title, game, created FROM sessions WHERE group_id = ? "
                    "ORDER BY created", (group_id,))]
    return json_response({"id": row["id"], "name": row["name"], "created": row["created"],
                          "players": st.group_players(group_id), "sessions": sessions})


__all__ = ["games_blp", "sessions_blp", "groups_blp"]
