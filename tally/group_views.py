"""The group page (/g/<id>?t=): the league of a family or a club over a period and per game
(issue 14): standings, head-to-head, each player's chips over the period as a chart, and the
group's sessions; shared by link and QR like a session. Routes on the pages blueprint.

Every figure comes from the store's per-session rows (tally.league over them), as the API's.
A group of a thousand sessions stays a phone's page (issue 22): the sessions are listed a page
at a time, the chart keeps at most ``league.MOST_POINTS`` points, and each distinct number or
day is formatted once a page (``Figures``).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from functools import lru_cache
from urllib.parse import urlencode

from babel import Locale, dates, numbers
from flask import current_app, render_template, request
from flask_babel import get_locale

from . import GAMES, league, series
from .api.groups import (group_link, group_read_token, open_links, sessions_of, today)
from .api import ratelimit
from .pages import _no_store, bp, fail, limited_page, name_in, public_base, store
from .share import qr_svg
from .store import NotFound


def _group(gid: str):
    """The row, the access the token gives and the token (404 for a wrong one, like a
    session: a stranger learns nothing)."""
    token = request.args.get("t")
    try:
        row = limited_page(ratelimit.group_row, store(), gid)  # 429 for an address locked out
    except NotFound:
        fail(404, "not-found")
    access = store().group_access(row, token)
    if access is None:
        ratelimit.token_failed("group", gid)
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


class Figures:
    """The page's numbers and days as tally.i18n writes them ("1,800", "+5", "Mar 3, 2025"),
    each pattern parsed once a page and each distinct value formatted once: Babel parses its
    pattern on every call, and a big group's chart and lists repeat their values."""

    NUMBER, SIGNED = "#,##0.##", "+#,##0.##;-#,##0.##"  # tally.i18n.number's and signed's

    def __init__(self, locale):
        self.locale = Locale.parse(locale)
        self._number = numbers.parse_pattern(self.NUMBER)
        self._signed = numbers.parse_pattern(self.SIGNED)
        self._day = dates.parse_pattern(dates.get_date_format("medium", locale=self.locale))
        self._done: dict = {}

    def _once(self, kind: str, value, make) -> str:
        key = (kind, type(value), value)  # 1, 1.0 and True are one key without the type
        if key not in self._done:
            self._done[key] = make(value)
        return self._done[key]

    def num(self, value) -> str:
        """A count or a score: 1800 -> "1,800"; anything not a number as it is."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return "" if value is None else str(value)
        return self._once("num", value, lambda v: self._number.apply(v, self.locale))

    def signed(self, value) -> str:
        """Chips won or lost: "+5", "-1,800", "0"."""
        if not value:
            return self.num(0)
        return self._once("signed", value, lambda v: self._signed.apply(v, self.locale))

    def day(self, d: str | date | None) -> str:
        """A day (an ISO date or time, or a date) in the locale's medium format."""
        if not d:
            return ""
        return self._once("day", d, lambda v: self._day.apply(
            date.fromisoformat(v[:10]) if isinstance(v, str) else v, self.locale))


def game_name(game_id: str) -> str:
    g = GAMES.get(game_id)
    return name_in(g.names) if g else game_id


def yaku_name(game_id: str, yaku_id: str) -> str:
    g = GAMES.get(game_id)
    y = next((y for y in (g.yaku if g else ()) if y.id == yaku_id), None)
    return name_in(y.names) if y else yaku_id.replace("_", " ")


initials = league.initials  # the short heads of the tables' columns
CHART_BOX = league.Box(right=30)  # room for each line's short name beside its end


PAGE_SIZE = 20  # sessions a page of the list shows, newest first
_PAGE = re.compile(r"[1-9][0-9]{0,5}")  # a page number; a longer one is no group's page


def page_asked() -> int:
    """The page of the sessions' list asked for (``page``, 1 when none); not a plain
    number of at most six digits is a 400 (a page past the last is a 404: ``paged``)."""
    text = request.args.get("page")
    if text is None:
        return 1
    if not _PAGE.fullmatch(text):
        fail(400, "not-found")
    return int(text)


def page_link(n: int) -> str:
    """This address on page ``n`` of the list (no ``page`` for the first), the token and
    every other parameter kept, scrolled to the list."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "page"]
    if n > 1:
        args.append(("page", str(n)))
    return f"{request.path}?{urlencode(args)}#group-sessions"


def paged(rows: list, page: int) -> tuple[list, dict]:
    """The rows ``page`` lists (rows oldest first, as the store reads them; the list shows
    them newest first) and where that page stands among the others."""
    total = len(rows)
    pages = max(1, -(-total // PAGE_SIZE))
    if page > pages:
        fail(404, "not-found")
    end = total - (page - 1) * PAGE_SIZE
    start = max(0, end - PAGE_SIZE)
    return rows[start:end], {
        "page": page, "pages": pages, "total": total,
        "first": total - end + 1, "last": total - start,
        "newer": page_link(page - 1) if page > 1 else None,
        "older": page_link(page + 1) if page < pages else None}


def league_view(gid: str, p: league.Period, game: str | None, page: int,
                group_read: str) -> dict:
    rows = store().group_league_rows(gid, *p.iso(), game)
    shown, paging = paged(rows, page)
    table = series.standings_of(rows)["players"]
    for r in table:
        r["favourites"] = [{**f, "name": yaku_name(f["game"], f["id"])}
                           for f in league.favourites(r["games"])]
    order = [r["player"] for r in table]
    h2h = league.head_to_head(store().group_pair_rows(gid, *p.iso(), game), order)
    ts = league.bucketed(league.time_series(rows))
    # one colour rule (issue 24): a player's colour is their place in the order the group
    # first saw them (league.first_seen), the same for every period and game; a period or
    # game of its own reads the whole group's sessions for it
    everyone = rows if p.since is None and p.until is None and not game else \
        store().group_league_rows(gid)
    colour = {name: i % 7 for i, name in enumerate(league.first_seen(everyone))}
    short = initials(sorted(set(h2h["players"]) | set(ts["players"])))
    return {"table": table, "h2h": h2h, "short": short, "marks": league.marker_defs(),
            "series": ts, "chart": league.chart(ts, CHART_BOX) if ts["points"] else None,
            "colour": colour, "paging": paging,
            "sessions": sessions_of(shown, open_links(gid, group_read))}


@bp.get("/g/<group_id>")
def group(group_id):
    row, access, token = _group(group_id)
    p, problem, form = period_asked()
    read = group_read_token(token, access)
    ctx = league_view(group_id, p, form["game"] or None, page_asked(), read)
    base = public_base(request.host_url, current_app.config.get("PUBLIC_URL"),
                       current_app.config.get("ALLOWED_HOSTS"))
    share = {"read": base + group_link(group_id, read),
             "edit": base + group_link(group_id, token) if access == "edit" else None}
    qr = {k: qr_inline(v) for k, v in share.items() if v}
    games = [(g, game_name(g)) for g in store().group_games(group_id)]
    fmt = Figures(get_locale() or "en")
    page = render_template(
        "pages/group.html", row=row, access=access, token=token, period=p, form=form,
        problem=problem, games=games, share=share, qr=qr, fmt=fmt, when=fmt.day,
        game_name=game_name, yaku_name=yaku_name, **ctx)
    return _no_store(current_app.make_response(page))


@lru_cache(maxsize=32)
def qr_inline(url: str) -> str:
    """The link's QR code for the page, drawn once for the few links phones open again and
    again (drawing one takes longer than the rest of a small group's page); only a request
    that showed the link's token reaches it."""
    return _inline_svg(qr_svg(url))


def _inline_svg(svg: bytes) -> str:
    """The QR code's SVG drawn in the page itself (no image request carrying the token),
    sized by the page's style sheet."""
    text = svg.decode("utf-8")
    return re.sub(r'^<svg width="[^"]*" height="[^"]*"', '<svg class="qr" aria-hidden="true"',
                  text[text.index("<svg"):])


__all__ = ["group"]
