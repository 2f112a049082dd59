"""The session page's evening (issue 14): the running scoresheet of the page's months, the
chart of each player's chips drawn as inline SVG on the server, the statistics and the end,
in the page's language. The figures come from ``tally.sheet`` (the same the API returns);
here they are only named and drawn. Called from tally/pages.py ``_session_context``."""

from __future__ import annotations

from flask_babel import gettext
from markupsafe import Markup, escape

from . import GAMES, league, sheet, stats
from .i18n import number, signed, who

# the chart's drawing box (the SVG scales to the page's width; 360 px phones draw it ~1:1)
W, H = 320, 170
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 22


def evening(store, row, cfg, state, upto, name_in) -> dict:
    """What the session page shows of the evening: ``sheet`` (a page of the scoresheet, the
    round views read for it in ``views``), ``chart`` (data, SVG, its words), ``stats``,
    ``end``, and the game's words for calls and penalties."""
    page = sheet.scoresheet(store, row, upto)
    data = sheet.chart(store, row)
    game = GAMES[cfg.game]
    calls = sorted(stats.call_types(cfg.game))
    short = league.initials(list(cfg.players))
    page["heads"] = heads(list(cfg.players), short)
    page["out"] = {seq: sat_out(v) for seq, v in page["views"].items()}
    # a game whose points are the chips each player won or paid (Go-Stop) writes no points
    # beside the chips: "100 pt" beside +100 read as a score (issue 24)
    page["points"] = any(t["points"] != t["chips"] for t in state["totals"])
    return {"sheet": page, "views": page.pop("views"),
            "chart": {**data, "svg": chart_svg(data), "text": chart_text(data)},
            "stats": sheet.statistics(row), "end": sheet.end(row),
            "call_label": event_words(calls[0]) if calls else None,
            "penalty_label": lambda step_id: penalty_label(step_id, game, name_in),
            "combo_name": lambda yid: name_in(next((y.names for y in game.yaku if y.id == yid),
                                                   {"en": yid}))}


def event_words(event_id: str) -> str:
    """An event by its name at the table ("こいこい", "고"), from the catalogues; in English
    as the table writes it ("koi-koi", "go")."""
    words = event_id.replace("_", " ")
    word = gettext(words)
    return event_id.replace("_", "-") if word == words else word


NAMED_PENALTIES = ("gwang_bak", "pi_bak", "meong_bak", "tti_bak", "go_bak", "dok_bak")


def penalty_label(step_id: str, game=None, name_in=None) -> str:
    """A penalty by its name at the table ("pi-bak", "피박"), from the catalogues; a penalty
    that is one of the game's combinations (Tensho's "back" hands) by that combination's
    name; another step by its id in words, translated where the catalogues have them."""
    if step_id in NAMED_PENALTIES:
        return gettext(step_id.replace("_", "-"))
    combo = next((y for y in (game.yaku if game else ()) if y.id == step_id), None)
    if combo is not None and name_in is not None:
        return name_in(combo.names)
    return gettext(step_id.replace("_", " "))


# the scoresheet's width for the players' columns at 360 px (the month's column apart), and
# about how wide a letter of a name is in its head: a CJK one, another
SHEET_PX, WIDE_PX, NARROW_PX = 290, 16, 9.5


def heads(players: list[str], short: dict) -> list[dict]:
    """Each column's head: the name when it fits the column at 360 px, else the first
    letters that tell the players apart (``short``), the name in full for screen readers and
    in the key under the title. A name is never broken inside (issue 24: "Jae/wo/n")."""
    room = SHEET_PX / max(len(players), 1)
    out = []
    for p in players:
        wide = sum(WIDE_PX if ord(ch) >= 0x2E80 else NARROW_PX for ch in p)
        out.append({"name": p, "short": short[p] if wide > room and short[p] != p else None})
    return out


SAT_OUT = ("sat out", "seller")  # the roles a round gives those who sat it out (gwangpalli)


def sat_out(view: dict) -> list[str]:
    """The players who sat a round out: the round's input says them (Go-Stop's
    ``sitting_out``), or its result gives them no part but sitting out."""
    said = (view.get("input") or {}).get("sitting_out") or {}
    res = view.get("result") or {}
    return sorted(set(said) | {ps["player"] for ps in res.get("players") or ()
                               if ps.get("role") in SAT_OUT})


def _scale(values, lo_px, hi_px):
    """The lowest and highest chips (0 always among them) and the y of a value."""
    lo, hi = min(values + [0]), max(values + [0])
    span = (hi - lo) or 1  # nobody won or lost a chip: a flat line at the bottom
    return lo, hi, lambda v: hi_px - (v - lo) * (hi_px - lo_px) / span


def chart_svg(data: dict) -> Markup:
    """Each player's running chips as a line in the player's colour, dash and marker (CSS
    classes p0..p6 set ``--pc``, dark mode included; app.css the dashes, league.MARKS the
    markers), lines on one value set a little apart (league.apart); the zero line and the
    axis words in ``currentColor``. The picture holds no name (issue 22): the words of the
    picture, each after its line's key, are ``chart_text`` (its accessible description)."""
    lines = data["players"]
    every = [v for ln in lines for v in ln["chips"]]
    lo, hi, y = _scale(every, TOP, H - BOTTOM)
    n = len(data["seqs"]) - 1
    x = (lambda i: LEFT + i * (W - LEFT - RIGHT) / n) if n else (lambda i: LEFT)
    out = [f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" '
           'aria-labelledby="chart-title" aria-describedby="chart-text" focusable="false">',
           league.marker_defs()]
    for v in sorted({lo, 0, hi}):
        cls = "zero" if v == 0 else "grid"
        out.append(f'<line class="{cls}" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v):.1f}" '
                   f'y2="{y(v):.1f}"/><text class="ax" x="{LEFT - 4}" y="{y(v) + 4:.1f}" '
                   f'text-anchor="end">{escape(signed(v))}</text>')
    months = data["months"]
    # every month on the axis (issue 24: only the first and last were said), one in `step`
    # past 12, the last always, never crowding it
    step = max(1, -(-n // 12))
    ticks = {i for i in range(1, n + 1, step) if n - i == 0 or n - i >= step} | ({n} if n else set())
    for i in sorted(ticks):
        out.append(f'<text class="ax" x="{x(i):.1f}" y="{H - 6}" text-anchor="middle">'
                   f'{escape(number(months[i]))}</text>')
    off = league.apart([ln["chips"] for ln in lines], league.GAP)
    for k, ln in enumerate(lines):
        xy = [(x(i), y(v) + off[k][i]) for i, v in enumerate(ln["chips"])]
        pts = " ".join(f"{a:.1f},{b:.1f}" for a, b in xy)
        out.append(f'<polyline class="ln p{k % 7}" points="{pts}"/>')
        for a, b in (xy if n < league.MARKED else xy[-1:]) if n else ():
            out.append(f'<use class="mk p{k % 7}" href="#mk{k % 7}" x="{a:.1f}" y="{b:.1f}"/>')
    out.append("</svg>")
    return Markup("".join(out))


def chart_text(data: dict) -> list[Markup]:
    """The chart in words, a sentence per player: where the chips ended, their highest and
    lowest point (the SVG's description for screen readers, and shown under it). As HTML: the
    name in a <bdi>, so its direction never carries over to the figures after it."""
    words = escape(gettext("%(name)s: %(last)s chips (highest %(high)s, lowest %(low)s)"))
    out = []
    for ln in data["players"]:
        chips = ln["chips"]
        out.append(words % {"name": who(ln["player"]),
                            "last": signed(chips[-1]), "high": signed(max(chips)),
                            "low": signed(min(chips))})
    return out


# the words this module looks up (tests/test_session_evening.py checks the catalogues hold them)
WORDS = ("%(name)s: %(last)s chips (highest %(high)s, lowest %(low)s)", "go-bak", "dok-bak",
         "gwang-bak", "pi-bak", "meong-bak", "tti-bak")
