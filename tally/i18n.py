"""Breakdown sentences in the reader's language.

The engine writes each reason in English and keeps its template and parameters
(``tally.results.said``). Here the template is translated through the catalogues and filled
in: the API adds it as ``said`` beside ``reason`` (steps, payments) or ``text`` (notes,
choices, yaku notes) for readers of another language, and the pages show ``said`` where there
is one.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache

from flask_babel import get_locale, gettext
from markupsafe import Markup, escape

from . import josa
from .cards import CARD, FLOWER_BY_ID


def language() -> str:
    locale = get_locale()
    return locale.language if locale else "en"


# Parameters said by name in the reader's language: a card slug anywhere; a flower id, a
# combination (id or English name) and a choice id only under the parameter names below, so a
# player called "maple" stays so. A list of them (", " or " + ") is said part by part, and a
# combination may carry its points after it ("3 Poetry Ribbons (70)", "Any 7 Chaffs 40").
_FLOWER_KEYS = frozenset({"flower", "flowers", "month", "months", "m"})
_COMBINATION_KEY = re.compile(
    r"(yaku|combo|combos|combination|held|completed|hand|special|other_yaku)\d*$")
# choice ids and the ids of house rules named in a sentence, which the catalogues hold
_WORD_KEYS = frozenset({"formula", "reason", "option", "variations"})
_WITH_POINTS = re.compile(r"(.+?)( \(\d+\)| \d+)$")
_LIST_COMMA = {"ja": "、"}


@lru_cache(maxsize=1)
def _combinations() -> dict:
    """Every game's combinations by id and by English name -> their names."""
    from .games import GAMES
    out = {}
    for game in GAMES.values():
        for y in game.yaku:
            out.setdefault(y.id, y.names)
            out.setdefault(y.names.get("en", y.id), y.names)
    return out


def _combination(text: str, lang: str):
    names = _combinations().get(text)
    if names:
        return names.get(lang) or gettext(names.get("en", text))
    word = gettext(text)
    if word != text:
        return word
    m = _WITH_POINTS.fullmatch(text)
    if m:
        name = _combination(m[1], lang)
        return None if name is None else name + m[2]
    return None


def _part(key: str, text: str, lang: str):
    """One value said by name, or None when it is not one this parameter can name."""
    if text in CARD:
        return CARD[text].names.get(lang) or text
    if key == "game":
        from .games import GAMES
        if text in GAMES:
            names = GAMES[text].names
            return names.get(lang) or gettext(names["en"])
    if key in _FLOWER_KEYS and text in FLOWER_BY_ID:
        return FLOWER_BY_ID[text].names.get(lang) or text
    if _COMBINATION_KEY.match(key):
        return _combination(text, lang)
    if key in _WORD_KEYS:
        word = gettext(text)
        return word if word != text else None
    return None


def _shown(key: str, value, lang: str):
    if not isinstance(value, str) or not value:
        return value
    whole = _part(key, value, lang)
    if whole is not None:
        return whole
    for sep in (" + ", ", "):
        parts = value.split(sep)
        if len(parts) > 1:
            shown = [_part(key, p, lang) for p in parts]
            if None not in shown:
                return (_LIST_COMMA.get(lang, sep) if sep == ", " else sep).join(shown)
    return value


# Text a player typed (a name, a title, the "by" of a change) is set apart from the words
# around it, so its own direction stays inside it: a right-to-left name, or an override left
# open in it, never reorders the arrow, the amount or the words beside it ("Aki → Bo 12
# chips" stays so whatever Bo is called). In HTML it goes in <bdi>; where no markup can go (an
# attribute, a <title>) between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE.
FSI, PDI = "\u2068", "\u2069"


def who(name) -> Markup:
    """A name as HTML: escaped, in a <bdi> (the pages' ``who`` filter)."""
    return Markup("<bdi>%s</bdi>") % ("" if name is None else name)


def isolated(text) -> str:
    """A name as plain text, between FSI and PDI (the pages' ``isolated`` filter)."""
    return f"{FSI}{'' if text is None else text}{PDI}"


class _AsHtml(string.Formatter):
    """str.format for a page: the words escaped, each string parameter shown as it is
    ({player}: a name may be one) in a <bdi>, the rest escaped; a repr ({player!r}) shows an
    override as an escape already."""

    def convert_field(self, value, conversion):
        if conversion is None and isinstance(value, str):
            return who(value)
        value = super().convert_field(value, conversion)
        return value if isinstance(value, (int, float)) else escape(value)

    def format_html(self, template: str, params: dict) -> Markup:
        return Markup(self.vformat(escape(template), (), params))


_AS_HTML = _AsHtml()


def say(template: str, params: dict, fallback: str = "", html: bool = False) -> str:
    """The template in the reader's language, filled in (the English reason if it will not).
    A parameter that is itself a sentence ({template, params}) is said first; flower ids, card
    slugs and combination names become their names in that language (in English too: a
    result stored with "akatan" says "3 Poetry Ribbons"); a Korean particle written
    in both forms after a parameter ("{player}이(가)") takes the one the name needs. ``html``: as HTML for a
    page, each string parameter (a player's name) in a <bdi>."""
    try:
        lang = language()
        params = {k: say(v["template"], v["params"], html=html) if _is_sentence(v)
                  else _shown(k, v, lang) if lang != "en" or _COMBINATION_KEY.match(k) else v
                  for k, v in params.items()}
        if html:
            text = _AS_HTML.format_html(gettext(template), params)
            return Markup(_finished(str(text), lang, html=True))
        return _finished(gettext(template).format(**params), lang)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return fallback or template


def _finished(text: str, lang: str, html: bool = False) -> str:
    """A filled-in sentence as the reader gets it: a card slug the template itself names said
    by the card's name, and in Korean each particle in the form its word takes."""
    if "-" in text:
        text = _slug_pattern().sub(lambda m: (escape if html else str)(
            CARD[m[1]].names.get(lang) or CARD[m[1]].names.get("en", m[1])), text)
    return josa.resolve(text) if lang == "ko" else text


def _is_sentence(v) -> bool:
    return isinstance(v, dict) and isinstance(v.get("template"), str) and \
        isinstance(v.get("params"), dict)


def add_said(obj):
    """Add ``said`` to every object in ``obj`` that carries a template and its params."""
    if isinstance(obj, dict):
        template, params = obj.get("template"), obj.get("params")
        if isinstance(template, str) and isinstance(params, dict):
            obj["said"] = say(template, params, _english(obj))
        for v in obj.values():
            if isinstance(v, (dict, list)):
                add_said(v)
    elif isinstance(obj, list):
        for v in obj:
            if isinstance(v, (dict, list)):
                add_said(v)
    return obj


def said_of(item, html: bool = False) -> str:
    """What to show for a step, payment, note or choice dict: its sentence in the reader's
    language (``html``: as HTML for a page, the names in it in <bdi>)."""
    if not isinstance(item, dict):
        return str(item)
    template, params = item.get("template"), item.get("params")
    if isinstance(template, str) and isinstance(params, dict):
        return say(template, params, _english(item), html)
    return _english(item)


def _english(item: dict) -> str:
    # steps and payments carry their sentence as "reason", notes and choices as "text",
    # errors as "message"
    return item.get("reason") or item.get("text") or item.get("message") or ""


# ----------------------------------------------------------------------------- numbers
# Numbers, chips and money as the reader's locale writes them (Babel's CLDR data): "1,800",
# "+5", "1,800 ₩". The currency is what the table typed at the start (a symbol, a word or a
# code, at most 8 characters), written after the amount as typed.

def _locale():
    return get_locale() or "en"


def number(value) -> str:
    """A count or a score: 1800 -> "1,800"; 2.5 stays "2.5"; anything else as it is."""
    from babel.numbers import format_decimal
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return "" if value is None else str(value)
    return format_decimal(value, "#,##0.##", locale=_locale())


# a round point in a game whose points have a word of their own (``Game.point_unit``): the
# catalogues say it (Koi-Koi's mon: 文 in Japanese, 점 in Korean); English says "points"
_POINT_UNITS = {"mon": "%(num)s mon"}


def points_words(value, unit: str = "point", shown: str | None = None) -> str:
    """Round points as the reader's language counts them in this game: "12 points", 12文.
    ``shown``: the number as written, when not ``value`` alone ("+1")."""
    from flask_babel import get_translations
    shown = number(value) if shown is None else shown
    if unit in _POINT_UNITS and language() != "en":
        return gettext(_POINT_UNITS[unit], num=shown)
    count = value if isinstance(value, int) and not isinstance(value, bool) else 2
    return get_translations().ungettext("%(num)s point", "%(num)s points", count) % {
        "num": shown}


def points_short(value, unit: str = "point") -> str:
    """Points in a narrow column: "12 pt", 12点, and 12文 for a game that counts mon."""
    if unit in _POINT_UNITS and language() != "en":
        return gettext(_POINT_UNITS[unit], num=number(value))
    return gettext("%(num)s pt", num=number(value))


def signed(value) -> str:
    """A gain or a loss in chips: "+5", "-1,800", and "0" for nothing."""
    from babel.numbers import format_decimal
    return format_decimal(value or 0, "+#,##0.##;-#,##0.##", locale=_locale()) \
        if value else number(0)


# The currencies a table types (a code, a symbol or a word), and how each locale writes an
# amount in them: Korean and Japanese put their word right after the number ("21,600원",
# "2,200円"), English its symbol before it ("₩21,600"). Any other currency stays as typed,
# after the amount.
_CURRENCIES = {
    "KRW": ("KRW", "₩", "원", "won", "ウォン"),
    "JPY": ("JPY", "¥", "￥", "円", "엔", "yen", "えん"),
}
_WRITTEN = {
    "KRW": {"ko": "{n}원", "ja": "{n}ウォン", "en": "₩{n}"},
    "JPY": {"ko": "{n}엔", "ja": "{n}円", "en": "¥{n}"},
}


def _currency_code(currency: str):
    c = currency.strip()
    for code, spellings in _CURRENCIES.items():
        if c in spellings or c.upper() == code or c.lower() in spellings:
            return code
    return None


def money(value, currency: str = "") -> str:
    """An amount of money (the settlement rounds it to cents) as the reader's locale writes
    it: "21,600원", "2,200円", "₩1,800", "12.50 €"; the cents only when there are some."""
    from babel.numbers import format_decimal
    v = float(value or 0)
    amount = format_decimal(abs(v), "#,##0" if v.is_integer() else "#,##0.00", locale=_locale())
    sign = "-" if v < 0 else ""
    code = _currency_code(currency) if currency else None
    if code:
        lang = str(_locale()).split("_")[0]
        return sign + _WRITTEN[code].get(lang, _WRITTEN[code]["en"]).format(n=amount)
    return f"{sign}{amount}\u00a0{currency}" if currency else sign + amount


def particles_in_pages(env) -> None:
    """The pages' gettext (``_``) in Korean: a particle written in both forms after a
    parameter ("%(name)s이(가)") takes the one the name needs, as in ``say``."""
    from jinja2 import pass_context
    gettext_of_page = env.globals["gettext"]

    @pass_context
    def gettext_said(context, string, **variables):
        rv = gettext_of_page(context, string, **variables)
        if language() != "ko":
            return rv
        return Markup(josa.resolve(str(rv))) if isinstance(rv, Markup) else josa.resolve(rv)

    env.globals["gettext"] = gettext_said


@lru_cache(maxsize=1)
def _slug_pattern():
    return re.compile(r"(?<![A-Za-z0-9_-])(" + "|".join(
        sorted(map(re.escape, CARD), key=len, reverse=True)) + r")(?![A-Za-z0-9_-])")


def cards_named(text: str, lang: str | None = None) -> str:
    """A text the engine wrote with card slugs in it ("all of: pine-crane, plum-warbler"),
    each slug said by the card's name in the reader's language."""
    if not text or "-" not in text:
        return text
    lang = lang or language()
    return _slug_pattern().sub(
        lambda m: CARD[m[1]].names.get(lang) or CARD[m[1]].names.get("en", m[1]), text)
