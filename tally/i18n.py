"""Breakdown sentences in the reader's language.

The engine writes each reason in English and keeps its template and parameters
(``tally.results.said``). Here the template is translated through the catalogues and filled
in: the API adds it as ``said`` beside ``reason`` for readers of another language, and the
pages show ``said`` where there is one.
"""

from __future__ import annotations

from flask_babel import get_locale, gettext

from .cards import CARD, FLOWER_BY_ID


def language() -> str:
    locale = get_locale()
    return locale.language if locale else "en"


# Parameters that hold a flower id or a card slug, by name: shown as the flower's or the
# card's name in the reader's language (by name only, so a player called "maple" stays so).
_FLOWER_KEYS = frozenset({"flower", "month", "m"})
_CARD_KEYS = frozenset({"card"})
_NAME_KEYS = frozenset({"yaku", "combo", "formula"})  # display names and choice ids


def _shown(key: str, value, lang: str):
    if isinstance(value, str):
        if key in _FLOWER_KEYS and value in FLOWER_BY_ID:
            return FLOWER_BY_ID[value].names.get(lang) or value
        if key in _CARD_KEYS and value in CARD:
            return CARD[value].names.get(lang) or value
        if key in _NAME_KEYS:
            return gettext(value)  # the catalogues hold every combination name
    return value


def say(template: str, params: dict, fallback: str = "") -> str:
    """The template in the reader's language, filled in (the English reason if it will not).
    A parameter that is itself a sentence ({template, params}) is said first; flower ids, card
    slugs and combination names become their names in that language."""
    try:
        lang = language()
        params = {k: say(v["template"], v["params"]) if _is_sentence(v)
                  else v if lang == "en" else _shown(k, v, lang)
                  for k, v in params.items()}
        return gettext(template).format(**params)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return fallback or template


def _is_sentence(v) -> bool:
    return isinstance(v, dict) and isinstance(v.get("template"), str) and \
        isinstance(v.get("params"), dict)


def add_said(obj):
    """Add ``said`` to every object in ``obj`` that carries a template and its params."""
    if isinstance(obj, dict):
        template, params = obj.get("template"), obj.get("params")
        if isinstance(template, str) and isinstance(params, dict):
            obj["said"] = say(template, params, obj.get("reason") or "")
        for v in obj.values():
            if isinstance(v, (dict, list)):
                add_said(v)
    elif isinstance(obj, list):
        for v in obj:
            if isinstance(v, (dict, list)):
                add_said(v)
    return obj


def said_of(item) -> str:
    """What to show for a step or payment dict: its sentence in the reader's language."""
    if not isinstance(item, dict):
        return str(item)
    template, params = item.get("template"), item.get("params")
    if isinstance(template, str) and isinstance(params, dict):
        return say(template, params, item.get("reason") or "")
    return item.get("reason") or ""
