"""The group's league in the API (issue 14): standings, head-to-head and the time series over a
period and per game, the group's sessions with their view-only links, and sharing the group.

The routes join the groups blueprint (tally/api/views.py), whose guard checks the group's
token before any view runs: a GET takes the edit or the read-only token, a POST the edit one.
Every figure comes from what each session keeps at write time (its standing row, its pairs'
chips): no round is read.

A session's view-only link is kept for its group sealed (AES-GCM) with a key derived from the
group's read-only token, which is never stored: the group's links open it, the database alone
does not.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from urllib.parse import quote

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import Response

from .. import league, series
from ..results import said
from ..share import qr_svg
from ..store import NotFound, Store, read_token_of
from . import group_schemas as GS
from .limits import Unprocessable
from .views import (TOKEN_PARAM, Forbidden, _group_access, base_url, error_responses,
                    groups_blp, json_response, no_store, presented_token, store)

GROUP_TOKEN = {**TOKEN_PARAM, "description": "the group's token or its read-only token"}


# ----------------------------------------------------------------------------- helpers

def today():
    return datetime.now(timezone.utc).date()


def period_of(q: dict) -> league.Period:
    """The query's period; dates that make none are a 422 naming the field."""
    try:
        return league.period(q["period"], today(), q.get("since"), q.get("until"))
    except league.PeriodError as e:
        raise Unprocessable(said("the period must end after it starts"), field=e.field) from None


def period_body(p: league.Period, game: str | None) -> dict:
    since, until = p.iso()
    return {"period": p.kind, "since": since, "until": until, "game": game}


def league_rows(gid: str, p: league.Period, game: str | None) -> list[dict]:
    return store().group_league_rows(gid, *p.iso(), game)


def group_read_token(token: str, access: str) -> str:
    return token if access == "read" else read_token_of(token)


def _cipher(group_read: str) -> AESGCM:
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
               info=b"hanafuda-tally group links").derive(group_read.encode())
    return AESGCM(key)


def seal_link(group_read: str, sid: str, session_read: str) -> bytes:
    nonce = os.urandom(12)
    return nonce + _cipher(group_read).encrypt(nonce, session_read.encode(), sid.encode())


def open_links(gid: str, group_read: str) -> dict[str, str]:
    """{session id: its view-only token} for the sessions linked to the group."""
    cipher, out = _cipher(group_read), {}
    for sid, sealed in store().group_links(gid).items():
        try:
            out[sid] = cipher.decrypt(sealed[:12], sealed[12:], sid.encode()).decode()
        except (InvalidTag, ValueError):
            continue  # sealed under another token: no link
    return out


def session_link(sid: str, token: str) -> str:
    return f"/s/{quote(sid, safe='')}?t={quote(token, safe='')}"


def group_link(gid: str, token: str) -> str:
    return f"/g/{quote(gid, safe='')}?t={quote(token, safe='')}"


def sessions_of(rows: list[dict], links: dict[str, str], base: str = "") -> list[dict]:
    """The period's sessions, newest first, with their winners, chips and view-only links
    (under ``base``: the API's are whole addresses, the page's paths)."""
    out = []
    for r in reversed(rows):
        st = r["standing"]
        out.append({"id": r["id"], "title": r["title"], "game": r["game"],
                    "created": r["created"], "complete": st["complete"],
                    "leaders": [r["players"].get(p, p) for p in st["leaders"]]
                    if st["complete"] else [],
                    "chips": {r["players"].get(p, p): c for p, (c, _w) in st["totals"].items()},
                    "url": base + session_link(r["id"], links[r["id"]]) if r["id"] in links
                    else None})
    return out


# ----------------------------------------------------------------------------- endpoints

@groups_blp.route("/<group_id>/standings")
@groups_blp.arguments(GS.PeriodQuery(), location="query")
@groups_blp.response(200, GS.StandingsOut)
@error_responses(groups_blp, 401, 404, 422)
@groups_blp.doc(parameters=[GROUP_TOKEN])
def standings(q, group_id):
    """Standings over a period: chips won and lost, series and rounds won, biggest round,
    yaku made most often; per player and per game"""
    row = _group_access(group_id)
    p = period_of(q)
    out = series.standings_of(league_rows(group_id, p, q.get("game")))
    return json_response({"group": {"id": row["id"], "name": row["name"]},
                          "period": period_body(p, q.get("game")), "players": out["players"]})


@groups_blp.route("/<group_id>/head-to-head")
@groups_blp.arguments(GS.PeriodQuery(), location="query")
@groups_blp.response(200, GS.HeadToHeadOut)
@error_responses(groups_blp, 401, 404, 422)
@groups_blp.doc(parameters=[GROUP_TOKEN])
def head_to_head(q, group_id):
    """Head-to-head over a period: the chips each player won from each other player (what the
    other paid them in the rounds' payments, less what they paid the other)"""
    row = _group_access(group_id)
    p = period_of(q)
    order = [r["player"] for r in series.standings_of(
        league_rows(group_id, p, q.get("game")))["players"]]
    h2h = league.head_to_head(store().group_pair_rows(group_id, *p.iso(), q.get("game")), order)
    return json_response({"group": {"id": row["id"], "name": row["name"]},
                          "period": period_body(p, q.get("game")), **h2h})


@groups_blp.route("/<group_id>/timeline")
@groups_blp.arguments(GS.PeriodQuery(), location="query")
@groups_blp.response(200, GS.TimelineOut)
@error_responses(groups_blp, 401, 404, 422)
@groups_blp.doc(parameters=[GROUP_TOKEN])
def timeline(q, group_id):
    """Each player's chips over a period: added up session by session, oldest first"""
    row = _group_access(group_id)
    p = period_of(q)
    ts = league.time_series(league_rows(group_id, p, q.get("game")))
    return json_response({"group": {"id": row["id"], "name": row["name"]},
                          "period": period_body(p, q.get("game")), **ts})


@groups_blp.route("/<group_id>/sessions")
@groups_blp.arguments(GS.SessionsQuery(), location="query")
@groups_blp.response(200, GS.SessionsOut)
@error_responses(groups_blp, 401, 404, 422)
@groups_blp.doc(parameters=[GROUP_TOKEN])
def group_sessions(q, group_id):
    """The group's sessions over a period, newest first, a page at a time: winners, chips,
    view-only links"""
    row = _group_access(group_id)
    p = period_of(q)
    access = store().group_access(row, presented_token())
    rows, more = page_of(league_rows(group_id, p, q.get("game")), q["after"], q["limit"])
    links = open_links(group_id, group_read_token(presented_token(), access))
    body = {"group": {"id": row["id"], "name": row["name"]},
            "period": period_body(p, q.get("game")),
            "sessions": sessions_of(rows, links, base_url()),
            "next_after": rows[0]["id"] if more else None}
    return no_store(json_response(body))


def page_of(rows: list[dict], after: str | None, limit: int) -> tuple[list[dict], bool]:
    """The page of ``rows`` (oldest first) that comes, newest first, after session ``after``:
    its rows oldest first (``sessions_of`` turns them round) and whether older ones follow."""
    newest = len(rows)
    if after is not None:
        newest = next((i for i, r in enumerate(rows) if r["id"] == after), None)
        if newest is None:
            raise Unprocessable(said("{field} is not a session of this list", field="after"),
                                field="after")
    first = max(0, newest - limit)
    return rows[first:newest], first > 0


@groups_blp.route("/<group_id>/sessions/<sid:session_id>/link", methods=["POST"])
@groups_blp.arguments(GS.LinkIn())
@groups_blp.response(200, GS.LinkOut)
@error_responses(groups_blp, 401, 403, 404, 409, 422)
@groups_blp.doc(parameters=[{**TOKEN_PARAM, "description": "the group's token"}])
def link_session(body, group_id, session_id):
    """Keep a session's view-only link for its group (the group's page and its sessions list
    link to it). A session made without a group joins it here, with both tokens: the
    group's (?t=) and the session's edit token in the body (a view-only one may only link a
    session already in the group)"""
    _group_access(group_id, "edit")
    sid = session_id
    st = store()
    row = st.session_row(sid) if sid else None
    if row is None or row["group_id"] not in (group_id, None):
        raise NotFound(said("no session {session!r} in this group", session=sid),
                       field="session")
    kind = Store.auth(row, body["read_token"])
    if kind is None:
        raise Unprocessable(said("the token is not one of this session's"), field="read_token")
    if row["group_id"] is None:
        if kind != "edit":
            raise Forbidden(said("the session's edit token is needed to bring it into the "
                                 "group"), field="read_token")
        st.join_group(group_id, sid)
    read = body["read_token"] if kind == "read" else read_token_of(body["read_token"])
    st.link_group_session(group_id, sid, seal_link(read_token_of(presented_token()), sid, read))
    return no_store(json_response({"session": sid, "url": base_url() + session_link(sid, read)}))


@groups_blp.route("/<group_id>/share")
@groups_blp.arguments(GS.ShareQuery(), location="query")
@groups_blp.response(200, GS.ShareOut)
@error_responses(groups_blp, 401, 403, 404, 422)
@groups_blp.doc(parameters=[GROUP_TOKEN])
def share(q, group_id):
    """The group's share link (view-only unless link=edit) and its QR code's address"""
    url = share_url(group_id, q["link"])
    qs = f"?t={quote(presented_token(), safe='')}&link={q['link']}"
    return no_store(json_response({"link": q["link"], "url": url,
                                   "qr_svg": f"/api/v1/groups/{group_id}/qr.svg{qs}"}))


@groups_blp.route("/<group_id>/qr.svg")
@groups_blp.arguments(GS.ShareQuery(), location="query")
@error_responses(groups_blp, 401, 403, 404, 422)
@groups_blp.doc(parameters=[GROUP_TOKEN], responses={"200": {
    "description": "QR code of the group's share link",
    "content": {"image/svg+xml": {"schema": {"type": "string"}}}}})
def group_qr_svg(q, group_id):
    """QR code (SVG) of the group's share link"""
    return no_store(Response(qr_svg(share_url(group_id, q["link"])), mimetype="image/svg+xml"))


def share_url(group_id: str, link: str) -> str:
    """The group's link: the view-only one for any token, the edit one for the edit token."""
    row = _group_access(group_id, "edit" if link == "edit" else "read")
    token = presented_token()
    access = store().group_access(row, token)
    chosen = token if link == "edit" else group_read_token(token, access)
    return base_url() + group_link(group_id, chosen)
