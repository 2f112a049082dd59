"""The session page's evening (issue 14): the running scoresheet of the page's months, the
chart of each player's chips drawn as inline SVG on the server, the statistics and the end,
in the page's language. The figures come from ``tally.sheet`` (the same the API returns);
here they are only named and drawn. Called from tally/pages.py ``_session_context``."""

from __future__ import annotations

from flask_babel import gettext
from markupsafe import Markup, escape

from . import GAMES, sheet, stats
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
    return {"sheet": page, "views": page.pop("views"),
            "chart": {**data, "svg": chart_svg(data), "text": chart_text(data)},
            "stats": sheet.statistics(row), "end": sheet.end(row),
            "call_label": event_words(calls[0]) if calls else None,
            "penalty_label": penalty_label,
            "combo_name": lambda yid: name_in(next((y.names for y in game.yaku if y.id == yid),
                                                   {"en": yid}))}


def event_words(event_id: str) -> str:
    """An event by its name at the table ("こいこい", "고"), from the catalogues; in English
    as the table writes it ("koi-koi", "go")."""
    words = event_id.replace("_", " ")
    word = gettext(words)
    return event_id.replace("_", "-") if word == words else word


NAMED_PENALTIES = ("gwang_bak", "pi_bak", "meong_bak", "tti_bak", "go_bak", "dok_bak")


def penalty_label(step_id: str) -> str:
    """A penalty by its name at the table ("pi-bak", "피박"), from the catalogues; another
    game's penalty step by its id in words, translated where the catalogues have them."""
    if step_id in NAMED_PENALTIES:
        return gettext(step_id.replace("_", "-"))
    return gettext(step_id.replace("_", " "))


def _scale(values, lo_px, hi_px):
    """The lowest and highest chips (0 always among them) and the y of a value."""
    lo, hi = min(values + [0]), max(values + [0])
    span = (hi - lo) or 1  # nobody won or lost a chip: a flat line at the bottom
    return lo, hi, lambda v: hi_px - (v - lo) * (hi_px - lo_px) / span


def chart_svg(data: dict) -> Markup:
    """Each player's running chips as a line in the player's colour (CSS classes p0..p6 set
    ``--pc``, dark mode included), the zero line and the axis words in ``currentColor``. The
    words of the picture are in ``chart_text`` (its accessible description)."""
    lines = data["players"]
    every = [v for ln in lines for v in ln["chips"]]
    lo, hi, y = _scale(every, TOP, H - BOTTOM)
    n = len(data["seqs"]) - 1
    x = (lambda i: LEFT + i * (W - LEFT - RIGHT) / n) if n else (lambda i: LEFT)
    out = [f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" '
           'aria-labelledby="chart-title" aria-describedby="chart-text" focusable="false">']
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
    for k, ln in enumerate(lines):
        pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(ln["chips"]))
        out.append(f'<polyline class="ln p{k % 7}" points="{pts}"/>')
        if n:
            out.append(f'<circle class="dot p{k % 7}" cx="{x(n):.1f}" '
                       f'cy="{y(ln["chips"][-1]):.1f}" r="3.5"/>')
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
