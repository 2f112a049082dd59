"""Drawn card tiles: one SVG symbol per card, made from the deck data (no image files).

A tile is recognised by colour and shape, not text: the month's colour fills it, a big shape
says the kind (gold sun = bright, white diamond = ten/animal, a ribbon bar in its colour, with
"writing" for poetry ribbons, dots = chaff, two dots ringed = double junk), and the month
number sits in the corner for those who read it.
"""

from __future__ import annotations

from html import escape

from .cards import ALL_CARDS, BONUS, BRIGHT, CHAFF, RIBBON, TEN, Card

MONTH_COLOURS = {
    "pine": "#1b5e20", "plum": "#ad1457", "cherry": "#ec407a", "wisteria": "#5e35b1",
    "iris": "#1e88e5", "peony": "#c62828", "clover": "#795548", "pampas": "#827717",
    "chrysanthemum": "#f9a825", "maple": "#e65100", "willow": "#00796b", "paulownia": "#546e7a",
}
RIBBON_COLOURS = {"poetry": "#d32f2f", "blue": "#1a237e", "plain": "#d32f2f"}
DOUBLE_JUNK = {"willow-lightning", "paulownia-chaff-colored"}
W, H = 60, 84


def _shape(card: Card) -> str:
    cx, cy = W / 2, H / 2 + 4
    if card.kind == BRIGHT:
        rays = "".join(
            f'<rect x="{cx - 2}" y="{cy - 24}" width="4" height="9" fill="#ffd54f" '
            f'transform="rotate({a} {cx} {cy})"/>' for a in range(0, 360, 45))
        return rays + f'<circle cx="{cx}" cy="{cy}" r="13" fill="#ffd54f" stroke="#5d4037" ' \
                      f'stroke-width="2"/>'
    if card.kind == TEN:
        return (f'<path d="M{cx} {cy - 18} L{cx + 15} {cy} L{cx} {cy + 18} L{cx - 15} {cy} Z" '
                f'fill="#fff" stroke="#212121" stroke-width="2.5"/>')
    if card.kind == RIBBON:
        colour = RIBBON_COLOURS[card.ribbon]
        bar = (f'<rect x="{cx - 8}" y="{cy - 26}" width="16" height="46" rx="2" fill="{colour}" '
               f'stroke="#fff" stroke-width="2"/>')
        if card.ribbon == "poetry":  # the written ribbons carry calligraphy
            bar += "".join(f'<rect x="{cx - 3}" y="{cy - 20 + 9 * i}" width="6" height="5" '
                           f'fill="#111"/>' for i in range(4))
        return bar
    if card.kind == CHAFF:
        dots = "".join(f'<circle cx="{cx + dx}" cy="{cy + dy}" r="4.5" fill="#fff" '
                       f'stroke="#000" stroke-width="1.5"/>'
                       for dx, dy in ((-9, 6), (0, -6), (9, 6)))
        if card.slug in DOUBLE_JUNK:
            dots += (f'<circle cx="{cx}" cy="{cy + 1}" r="19" fill="none" stroke="#ffd54f" '
                     f'stroke-width="3"/>')
        return dots
    # bonus cards: a star and what the card does (junk count or ability), big enough to tell apart
    label = BONUS_LABELS.get(card.slug, card.slug.rsplit("-", 1)[-1].upper())
    return (f'<text x="{cx}" y="{cy - 6}" font-size="22" text-anchor="middle" fill="#ffd54f" '
            f'font-family="sans-serif">★</text>'
            f'<text x="{cx}" y="{cy + 22}" font-size="17" font-weight="700" text-anchor="middle" '
            f'fill="#fff" font-family="sans-serif">{escape(label)}</text>')


BONUS_LABELS = {"joker-1": "1", "joker-2": "2", "joker-3": "3", "joker-boss": "B",
                "joker-double": "×2", "joker-shield": "光", "joker-deny": "⊘"}


def symbol(card: Card, *, korean_months: bool = False) -> str:
    colour = MONTH_COLOURS.get(card.flower, "#37474f")
    month = (card.month_kr if korean_months else card.month_jp) or ""
    return (f'<symbol id="card-{card.slug}" viewBox="0 0 {W} {H}">'
            f'<title>{escape(card.names["en"])}</title>'
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="6" fill="{colour}"/>'
            f'{_shape(card)}'
            f'<text x="6" y="16" font-size="14" font-weight="700" fill="#fff" stroke="#000" '
            f'stroke-width="3" paint-order="stroke" font-family="sans-serif">{month}</text>'
            f'</symbol>')


def sprite(*, korean_months: bool = False) -> str:
    """Every card as an SVG ``<symbol id="card-<slug>">``, for ``<use href="...#card-...">``."""
    body = "".join(symbol(c, korean_months=korean_months) for c in ALL_CARDS)
    # no style="display:none": symbols are never drawn by themselves, and the sprite is only
    # referenced from outside (an inline style would break the CSP when it is opened directly)
    return f'<svg xmlns="http://www.w3.org/2000/svg">{body}</svg>'


def standalone(card: Card) -> str:
    """One card as a complete SVG document (for previews and tests)."""
    body = symbol(card).replace("<symbol", "<g").replace("</symbol>", "</g>")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{W * 2}" height="{H * 2}" '
            f'viewBox="0 0 {W} {H}">{body}</svg>')


__all__ = ["sprite", "symbol", "standalone", "MONTH_COLOURS", "BONUS"]
