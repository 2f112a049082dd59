"""The group page (/g/<id>?t=): the league of a family or a club over a period and per game
(issue 14): standings, head-to-head, each player's chips over the period as a chart, and the
group's sessions; shared by link and QR like a session. Routes on the pages blueprint.

Every figure comes from the store's per-session rows (tally.league over them), as the API's.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from babel.dates import format_date
from flask import current_app, render_template, request
from flask_babel import get_locale

from . import GAMES, league, series
from .api.groups import (group_link, group_read_token, open_links, sessions_of, today)
from .pages import _no_store, bp, fail, name_in, public_base, store
from .share import qr_svg
from .store import NotFound


def _group(gid: str):
    """The row, the access the token gives and the token (404 for a wrong one, like a
    session: a stranger learns nothing)."""
    token = request.args.get("t")
    try:
        row = store().group_row(gid)
    except NotFound:
        fail(404, "not-found")
    access = store().group_access(row, token)
    if access is None:
        fail(404, "not-found")
    return row, access, token


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def period_asked() -> tuple[league.Period, str | None, dict]:
    """The period the page's form asks for (``period``, ``from`` and ``to`` both included,
    ``game``); what it cannot read falls back to all time, with the reason."""
    kind = request.args.get("period") or "all"
    kind = kind if kind in league.PERIODS else "all"
    start, end = _day(request.args.get("from")), _day(request.args.get("to"))
    problem = None
    if kind == "custom" and (request.args.get("from") and not start
                             or request.args.get("to") and not end):
        problem = "dates"
    try:
        p = league.period(kind, today(), start if kind == "custom" else None,
                          end + timedelta(days=1) if kind == "custom" and end else None)
    except league.PeriodError:
        p, problem = league.period("all", today()), "order"
    game = request.args.get("game")
    form = {"period": p.kind, "from": start.isoformat() if start else "",
            "to": end.isoformat() if end else "", "game": game if game in GAMES else ""}
    return p, problem, form


def when(d: str | date | None) -> str:
    if not d:
        return ""
    d = date.fromisoformat(d[:10]) if isinstance(d, str) else d
    return format_date(d, "medium", locale=str(get_locale() or "en"))


def game_name(game_id: str) -> str:
    g = GAMES.get(game_id)
    return name_in(g.names) if g else game_id


def yaku_name(game_id: str, yaku_id: str) -> str:
    g = GAMES.get(game_id)
    y = next((y for y in (g.yaku if g else ()) if y.id == yaku_id), None)
    return name_in(y.names) if y else yaku_id.replace("_", " ")


def initials(names: list[str]) -> dict[str, str]:
    """A short head for each player's column: the first letters that tell them apart."""
    out = {}
    for n in names:
        k = 1
        while k < len(n) and any(m != n and m[:k] == n[:k] for m in names):
            k += 1
        out[n] = n[: max(k, 2)]
    return out


def league_view(gid: str, p: league.Period, game: str | None, links: dict) -> dict:
    rows = store().group_league_rows(gid, *p.iso(), game)
    table = series.standings_of(rows)["players"]
    for r in table:
        r["favourites"] = [{**f, "name": yaku_name(f["game"], f["id"])}
                           for f in league.favourites(r["games"])]
    order = [r["player"] for r in table]
    h2h = league.head_to_head(store().group_pair_rows(gid, *p.iso(), game), order)
    ts = league.time_series(rows)
    colour = {name: i % 7 for i, name in enumerate(order)}
    return {"table": table, "h2h": h2h, "short": initials(h2h["players"]),
            "series": ts, "chart": league.chart(ts) if ts["points"] else None,
            "colour": colour, "sessions": sessions_of(rows, links)}


@bp.get("/g/<group_id>")
def group(group_id):
    row, access, token = _group(group_id)
    p, problem, form = period_asked()
    read = group_read_token(token, access)
    ctx = league_view(group_id, p, form["game"] or None, open_links(group_id, read))
    base = public_base(request.host_url, current_app.config.get("PUBLIC_URL"),
                       current_app.config.get("ALLOWED_HOSTS"))
    share = {"read": base + group_link(group_id, read),
             "edit": base + group_link(group_id, token) if access == "edit" else None}
    qr = {k: _inline_svg(qr_svg(v)) for k, v in share.items() if v}
    games = [(g, game_name(g)) for g in store().group_games(group_id)]
    page = render_template(
        "pages/group.html", row=row, access=access, token=token, period=p, form=form,
        problem=problem, games=games, share=share, qr=qr, when=when, game_name=game_name,
        yaku_name=yaku_name, **ctx)
    return _no_store(current_app.make_response(page))


def _inline_svg(svg: bytes) -> str:
    """The QR code's SVG drawn in the page itself (no image request carrying the token),
    sized by the page's style sheet."""
    text = svg.decode("utf-8")
    return re.sub(r'^<svg width="[^"]*" height="[^"]*"', '<svg class="qr" aria-hidden="true"',
                  text[text.index("<svg"):])


__all__ = ["group"]
