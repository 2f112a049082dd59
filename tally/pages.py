"""The table-side pages: server-rendered templates over the same engine, registry and store the
API uses. Words are translated with Flask-Babel (``tally/translations/*.po``, compiled to .mo in
the instance folder at start); card and combination names come from the engine's own en/ja/ko
names, with the catalogues filling in what the engine has only in English.

No page holds per-game code: events, options, presets and names all come from the registry.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import os
import re
import struct
import zlib
from urllib.parse import quote

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask_babel import Babel, gettext
from werkzeug.exceptions import HTTPException, default_exceptions

from .i18n import (cards_named, isolated, money, number, particles_in_pages, points_short,
                   points_words, said_of, signed, who)
from .api.views import unchanged_since
from .api import ratelimit

from . import GAMES, tiles
from .cards import CARD, FLOWER_BY_ID, FLOWERS, CardSet
from .history import CHANGES, redo_of, redo_stack
from .games import STRUCTURED_KINDS
from .options import HEADINGS, heading_of
from .share import public_base
from . import session_views

LANGUAGES = ("en", "ja", "ko")
LANGUAGE_NAMES = {"en": "EN", "ja": "日本語", "ko": "한국어"}
bp = Blueprint("pages", __name__)
HERE = os.path.dirname(__file__)


def select_locale() -> str:
    asked = request.args.get("lang") or request.cookies.get("lang")
    if asked in LANGUAGES:
        return asked
    return request.accept_languages.best_match(LANGUAGES) or "en"


def compile_catalogues(target: str) -> str:
    """Compile ``tally/translations/<lang>/LC_MESSAGES/messages.po`` to .mo under ``target``
    (the instance folder): .mo binaries are build products, never committed."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    src = os.path.join(HERE, "translations")
    for lang in os.listdir(src):
        po = os.path.join(src, lang, "LC_MESSAGES", "messages.po")
        if not os.path.isfile(po):
            continue
        out_dir = os.path.join(target, lang, "LC_MESSAGES")
        mo = os.path.join(out_dir, "messages.mo")
        if os.path.exists(mo) and os.path.getmtime(mo) >= os.path.getmtime(po):
            continue
        os.makedirs(out_dir, exist_ok=True)
        with open(po, "rb") as f:
            catalog = read_po(f, locale=lang)
        tmp = f"{mo}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            write_mo(f, catalog)
        os.replace(tmp, mo)  # atomic: two workers starting together never see half a file
    return target


def init_app(app) -> None:
    from .paths import built_catalogues

    target = built_catalogues() or compile_catalogues(
        os.path.join(app.instance_path, "translations"))
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = target
    Babel(app, locale_selector=select_locale)
    app.register_blueprint(bp)
    # flask-smorest answers every HTTP error app-wide with JSON (tally/api): the API keeps
    # that; a page (anything outside /api/ asked for by a browser) gets a page instead
    api_handler = app.error_handler_spec.get(None, {}).get(None, {}).get(HTTPException)
    app.register_error_handler(HTTPException, functools.partial(http_error, api_handler))
    # tojson keeps the order of keys: a stored round's maps are ordered (a Hana-Rumi
    # combination names its melder first), and the record page fills its widgets from them
    app.jinja_env.policies["json.dumps_kwargs"] = {"sort_keys": False}
    particles_in_pages(app.jinja_env)  # ko: "{name}이(가)" -> the one particle the name takes
    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["num"] = number  # counts and scores as the locale writes them
    app.jinja_env.filters["signed"] = signed  # chips won or lost: "+1,800"
    # a step or payment in the reader's language, the names in it in <bdi>
    app.jinja_env.filters["said"] = functools.partial(said_of, html=True)
    app.jinja_env.filters["who"] = who  # a name a player typed, in HTML
    app.jinja_env.filters["isolated"] = isolated  # the same in plain text (attributes, <title>)
    app.jinja_env.filters["dict_without"] = lambda args, key: "".join(
        f"{quote(k)}={quote(v)}&" for k, v in args.items(multi=True) if k != key)

    @app.context_processor
    def helpers():
        lang = select_locale()
        return {"lang": lang, "languages": LANGUAGES, "language_names": LANGUAGE_NAMES,
                "name_in": lambda names: name_in(names, lang), "tr": tr, "card": CARD,
                "choice_label": choice_label, "preset_name": preset_name,
                "house_rules": house_rules, "points_words": points_words,
                "points_short": points_short,
                "js_strings": js_strings, "public_base": lambda: public_base(
                    request.host_url, current_app.config.get("PUBLIC_URL"),
                    current_app.config.get("ALLOWED_HOSTS"))}


@bp.after_app_request
def remember_language(resp):
    """A language picked with ?lang= sticks (cookie) for the pages that follow."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        resp.set_cookie("lang", asked, max_age=3600 * 24 * 365, samesite="Lax")
    return resp


def money_of(cfg):
    """The session's money as the page writes it ("1,800 ₩"), or None when chips are not
    money (a chip worth 1 and no currency named)."""
    if cfg.chip_value == 1 and not cfg.currency:
        return None
    return lambda amount: money(amount, cfg.currency)


def tr(text: str) -> str:
    """Translate a string the engine has only in English (option descriptions, preset
    descriptions, event labels); unknown strings stay English. A card slug in it is said by
    the card's name ("all of: pine-crane" -> "all of: Pine with crane", 松に鶴, 송학 광)."""
    return cards_named(gettext(text)) if text else ""


def name_in(names: dict, lang: str | None = None) -> str:
    """A name in the page's language: the engine's own name, else the catalogue's
    translation of the English name, else English."""
    lang = lang or select_locale()
    return names.get(lang) or (tr(names.get("en", "")) if lang != "en" else names.get("en", ""))


def korean_order(game) -> bool:
    """Korean games count months in Korean order: willow (rain) is December there
    (cards.md); the game says so in ``Game.month_order``."""
    return game.month_order == "kr"


def event_label(event_id: str) -> str:
    """An event as a button names it: the catalogue's word, else the id in words with a
    capital ("heundeum" -> "Heundeum"), as English tables say them."""
    words = event_id.replace("_", " ")
    label = tr(words)
    return label[:1].upper() + label[1:] if label == words else label


def month_rows(game) -> list[dict]:
    """The deck grouped by month in the game's month order; bonus cards last."""
    korean = korean_order(game)
    deck = CardSet(game.deck)
    rows = []
    for f in sorted(FLOWERS, key=lambda f: f.month_kr if korean else f.month_jp):
        cards = [c.slug for c in deck if c.flower == f.id]
        if cards:
            rows.append({"month": f.month_kr if korean else f.month_jp, "flower": f.id,
                         "name": name_in(f.names), "cards": cards})
    bonus = [c.slug for c in deck if c.flower is None]
    if bonus:
        rows.append({"month": "+", "flower": "bonus", "name": tr("Bonus cards"), "cards": bonus})
    return rows


def choice_msgids(value) -> tuple[str, ...]:
    """The catalogue entries a choice may be under, in the order looked up: the value itself
    ("animal_or_double_junk"), in words ("four in layout"), capitalised ("Win")."""
    text = str(value)
    words = text.replace("_", " ")
    return tuple(dict.fromkeys((text, words, words[:1].upper() + words[1:])))


def choice_label(value) -> str:
    """A choice as a form shows it: the catalogue's word for it ("win" -> "勝ち"); else the
    value in words."""
    for msgid in choice_msgids(value):
        word = tr(msgid)
        if word != msgid:
            return word
    return str(value).replace("_", " ")


# inputs no table needs on the phone (issue 24, item 7): an engine switch for worked examples
PAGE_HIDDEN_INPUTS = ("check_calls",)
# inputs that exist only with this many people or more (Go-Stop's 4-7-player sitting out)
LEAST_PLAYERS = {"sitting_out": 4}
# inputs about the captured cards themselves: card entry only, never quick entry
CARD_ONLY_INPUTS = ("sake_as",)


def input_views(game, rules=None, keep=(), players=None) -> list[dict]:
    """The game's round inputs (``Game.inputs``) as the record page draws them, labels in the
    page's language. ``series_length`` inputs are left out: the session fills them in; so is,
    with ``rules``, an input of a house rule that is off (``InputDef.requires``) unless the
    round being edited holds it (``keep``). Keys the game's ``round_example`` shows but no
    InputDef declares yet are offered as JSON. Neither are, unless ``keep`` holds them, the
    inputs of ``PAGE_HIDDEN_INPUTS`` nor, with ``players`` (how many the session has), those
    needing more people (``LEAST_PLAYERS``)."""
    views, known = [], {game.pile_key, *ROUND_KEYS}
    for i in game.inputs:
        known.add(i.key)
        if i.kind == "series_length":
            continue
        if rules is not None and i.key not in keep and not i.possible(rules):
            continue
        if i.key not in keep and (i.key in PAGE_HIDDEN_INPUTS or (
                players is not None and players < LEAST_PLAYERS.get(i.key, 0))):
            continue
        example = (game.round_example or {}).get(i.key)
        if i.per_player and isinstance(example, dict) and example:
            example = next(iter(example.values()))  # one player's value, as each box takes
        views.append({
            "key": i.key, "kind": i.kind, "label": tr(i.description),
            "per_player": i.per_player, "required": i.required,
            "minimum": i.minimum, "maximum": i.maximum,
            "choices": [{"value": c, "label": choice_label(c)} for c in i.choices],
            "example": json.dumps(example, ensure_ascii=False) if example is not None else "",
            "fallback": False,
            # drawn by static/inputs.js from its spec: the new kinds; a structured input
            # (list, record, map) is one widget also when per player ({player: value})
            "spec": input_spec(game, i) if i.kind in SX_KINDS else None,
            "whole": i.kind in STRUCTURED_KINDS})
    for key, example in (game.round_example or {}).items():
        if key not in known:
            views.append({"key": key, "kind": "json", "label": tr("Other round details (JSON)"),
                          "per_player": False, "required": False, "minimum": None,
                          "maximum": None, "choices": [], "fallback": True,
                          "example": json.dumps(example, ensure_ascii=False),
                          "spec": None, "whole": False})
    return views


SX_KINDS = ("card", "cards", "players", "yaku", "text") + STRUCTURED_KINDS


def value_label(value) -> str:
    """A choice as a form shows it: a card or a flower by its name, else ``choice_label``."""
    if value in CARD:
        return name_in(CARD[value].names)
    if value in FLOWER_BY_ID:
        return name_in(FLOWER_BY_ID[value].names)
    return choice_label(value)


def input_spec(game, i) -> dict:
    """An InputDef as static/inputs.js draws it: labels in the page's language, nested
    items and fields alike. Choices are named by the input's own words for them (``labels``),
    else as the game's combinations (a ``yaku`` input offers all of them unless it names
    some), cards, flowers, or through the catalogue."""
    spec = {"key": i.key, "kind": i.kind, "label": tr(i.description),
            "required": i.required, "minimum": i.minimum, "maximum": i.maximum,
            "keys": i.keys, "per_player": i.per_player}
    combos = {y.id: y.names for y in game.yaku}
    own = dict(zip(i.choices, i.labels))
    spec["choices"] = [
        {"value": c, "label": tr(own[c]) if c in own else name_in(combos[c])
         if isinstance(c, str) and c in combos else value_label(c)}
        for c in (i.choices or (tuple(combos) if i.kind == "yaku" else ()))]
    if i.default is not None:
        spec["default"] = i.default
    if i.kind in CARD_KINDS:
        spec["pick"] = card_pick(game, i)
    if bets_layout(i):
        spec["layout"] = "bets"
    if i.item is not None:
        spec["item"] = input_spec(game, i.item)
        if dealt_in_turn(i):
            spec["item"]["pick"]["deal"] = True
    if i.fields:
        spec["fields"] = [input_spec(game, f) for f in i.fields]
    return spec


CARD_KINDS = ("card", "cards")
# Where an event's cards are, by the event (issue 28), beyond the game's deck and the input's
# own choices. "free": the cards in nobody's pile, chosen from the start (six-hundred.md:
# leftovers "nobody holds them; ... exactly the uncaptured cards"). "pile": the event's
# player's pile is offered first, the other tiles dimmed but not refused (six-hundred.md and
# mushi.md: the Storm Chaff's card is in its player's captures, as is a leftover given to a
# player; a game may read the event otherwise: Higo-Bana's card is in the team's pile)
EVENT_CARDS = {"leftovers": "free", "wild_capture": "pile", "leftover_assignment": "pile"}


def bets_layout(i) -> bool:
    """A list of bets, each a player, a column chosen among a few and an amount (Kabu:
    oicho-kabu.md 5 step 2, "each bettor stakes on one or more columns"): the page draws it as
    the players by the columns, each tap a bet of the stake typed once (static/inputs.js)."""
    item = i.item if i.kind == "list" else None
    if item is None or item.kind != "record" or len(item.fields) != 3:
        return False
    kinds = sorted(f.kind for f in item.fields)
    small = [f for f in item.fields if f.kind == "int" and f.minimum is not None
             and f.maximum is not None and f.maximum - f.minimum < 5]
    return kinds == ["int", "int", "player"] and len(small) == 1


def dealt_in_turn(i) -> bool:
    """A fixed number of card inputs, one list (Kabu's four columns): the cards go round them
    as they are dealt, each to the next with the fewest (oicho-kabu.md 5, steps 1 and 4: the
    first field, a card to each column, then the second field)."""
    return (i.kind == "list" and i.item is not None and i.item.kind == "cards"
            and i.minimum is not None and i.minimum == i.maximum)


# the only cards an input may name, by the input: go-stop.md, sitting_out.shows: "Only forced
# drop-outs may show cards (brights, double junk, the sake cup, jokers)"
CARDS_SHOWN = {"shows": lambda c: c.kind in ("bright", "bonus") or c.slug in (
    "willow-lightning", "paulownia-chaff-colored", "chrysanthemum-sake")}


def card_pick(game, i) -> dict:
    """How the record page offers a card input's tiles (static/inputs.js): ``only`` the
    input's own choices (jokers) or the cards it may name (CARDS_SHOWN), else the deck;
    ``from`` where the event's cards are (EVENT_CARDS); ``fill`` what it starts with: "free"
    (the leftovers) or, for an event that must show cards, "hand" (the player's hand as the
    form holds it: a claim shows the hand)."""
    pick = {}
    if i.choices:
        pick["only"] = [c for c in i.choices if c in CARD]
    elif i.key in CARDS_SHOWN:
        pick["only"] = [c.slug for c in CardSet(game.deck) if CARDS_SHOWN[i.key](c)]
    event = next((e for e in game.events if i in e.inputs), None)
    source = EVENT_CARDS.get(event.id) if event else None
    if source:
        pick["from"] = source
    if source == "free" and i.kind == "cards":
        pick["fill"] = "free"
    elif event and event.per_player and i.kind == "cards" and i.required and any(
            f.key == "hands" and f.kind == "cards" and f.per_player for f in game.inputs):
        pick["fill"] = "hand"
    return pick


@functools.lru_cache(maxsize=None)
def pile_least(game_id: str) -> int:
    """The fewest cards a pile must hold before the engine can score it: 2 in Sutda and Sota
    ("a hand is exactly two cards"), else 1. Asked of the engine with the deck's first cards,
    so the page sends no request it knows will fail while a hand is still short."""
    from . import evaluate
    from .errors import TallyError

    game = GAMES[game_id]
    deck = [c.slug for c in CardSet(game.deck)]
    for n in range(1, min(game.max_pile or 1, len(deck)) + 1):
        try:
            evaluate(game_id, deck[:n])
            return n
        except TallyError:
            continue
    return 1


def game_view(game, rules=None, keep=(), keep_inputs=(), players=None) -> dict:
    """What the record page's script needs about a game, in the page's language.

    With ``rules`` (the session's resolved house rules), only the events those rules make
    possible (``EventDef.possible``) are listed; the event types in ``keep`` (those of a stored
    round being edited) stay listed even when the rules no longer allow them."""
    keep = set(keep)
    events = [e for e in game.events
              if rules is None or e.id in keep or e.possible(rules)]
    return {
        "id": game.id, "name": name_in(game.names), "players": list(game.players),
        "pile_key": game.pile_key,
        # the form's inputs (drawn by the template) and the keys the session fills in itself
        "inputs": [{k: v[k] for k in ("key", "kind", "per_player", "required", "spec")}
                   for v in input_views(game, rules, keep_inputs, players)],
        "series_keys": [i.key for i in game.inputs if i.kind == "series_length"],
        # whether a player with nothing tapped is sent as an empty pile: as the game's example
        # round does (Oicho-Kabu: only the dealer holds a hand, the others bet)
        "pile_every": game.pile_every,
        "pile_least": pile_least(game.id) if game.pile_key else 1,  # Sutda: 2 (issue 28)
        "korean": korean_order(game),
        "yaku": {y.id: name_in(y.names) for y in game.yaku},
        # each field drawn by static/inputs.js from its InputDef (EventDef.inputs)
        "events": [{"id": e.id, "label": event_label(e.id), "description": tr(e.description),
                    # a field of a house rule that is off is not shown (Koi-Koi's "the
                    # 3-point minimum forced the call" without the minimum)
                    "fields": [input_spec(game, i) for i in e.inputs
                               if rules is None or i.possible(rules)],
                    "per_player": e.per_player} for e in events],
        "cards": {c.slug: name_in(c.names) for c in CardSet(game.deck)},
        # each flower's month number in the game's own order (Korean games: willow is 12)
        "flowers": [{"id": f.id, "name": name_in(f.names),
                     "month": f.month_kr if korean_order(game) else f.month_jp}
                    for f in FLOWERS],
        # the events that end a round: a call or any other event added after one of them goes
        # before it (issue 24: a shaking said after the Stop, a forgotten koi-koi)
        "ends": [e.id for e in events if e.id in ROUND_ENDS],
        # a month nobody said may be filled in only where the month changes no payment
        # (go-stop.md 3.6: a paulownia or willow shaking is x4 under that variant)
        "guess_month": not _month_pays(game, rules),
        "quick": quick_view(game, rules),
        # the calls a table says aloud (Koi-Koi's koi-koi and stop, Go-Stop's go and stop):
        # kept on screen beside Review for the selected player
        "calls": [e.id for e in events[:2] if e.per_player]
        if any(e.id == "stop" for e in events[:2]) else [],
    }


def _month_pays(game, rules) -> bool:
    """Whether the month of a shaking changes the payment under these rules."""
    return rules is not None and any(o.id == "heundeum_paulownia_willow_x4" and rules[o.id]
                                     for o in game.options)


# the events after which a round has ended (Go-Stop 5.3, Koi-Koi's stop): nothing the table
# adds later belongs after them
ROUND_ENDS = ("stop", "nagari", "four_in_hand", "void_deal", "four_on_table", "misdeal")


# Quick entry (issue 9): the round keys that stand for a player's cards, said at the table.
# Named by the engines alike (docs/engine.md "Quick entry"); any game with one gets the switch.
QUICK_KEYS = ("declared", "totals", "outcome", "card_totals", "column_totals", "dealer_total")
# the events a winner's quick entry offers beside the Go count: shaking and bombs
WINNER_EVENTS = ("heundeum", "bomb")
# the unit a growing yaku counts, by the kind of its cards ("Tan, 7 ribbons")
COUNT_UNITS = {"ribbon": "%(n)s ribbons", "ten": "%(n)s tens", "chaff": "%(n)s chaffs"}


def quick_view(game, rules=None) -> dict | None:
    """How the record page draws quick entry for a game, or None when it has none.

    ``kind``: "yaku" (a per-player list of {yaku, count}: yaku chips by name, a count
    stepper on the growing ones), "winner" (a per-player record with the winner's ``points``
    and each loser's penalty toggles: the winner, points, Go count and toggles), "form"
    (the game's own inputs, drawn by the generic widgets). ``deck``: a per-player card-point
    total checked live against the deck's total (its maximum)."""
    keys = [i.key for i in game.inputs if i.key in QUICK_KEYS]
    if not keys:
        return None
    view = {"keys": keys, "kind": "form", "deck": deck_check(game),
            "cards_only": [i.key for i in game.inputs if i.key in CARD_ONLY_INPUTS]}
    declared = next((i for i in game.inputs if i.key == "declared"), None)
    fields = {f.key: f for f in (declared.item.fields if declared and declared.item else
                                 declared.fields if declared else ())}
    if declared and declared.kind == "list" and "yaku" in fields:
        # a yaku that is itself a house rule (Yaku of the Month) only when the rule is on
        off = {o.id for o in game.options if rules is not None and not rules[o.id]}
        view.update(kind="yaku", yaku=yaku_chips(
            game, [y for y in fields["yaku"].choices if y not in off]))
    elif declared and declared.kind == "record" and "points" in fields:
        shown = [f for f in fields.values() if f.kind == "bool" and f.key.endswith("_bak")
                 and (rules is None or f.possible(rules))]
        view.update(kind="winner", points=fields["points"].minimum or 0,
                    penalties=[{"key": f.key, "label": tr(f.description)} for f in shown],
                    extras=[e.id for e in game.events if e.id in WINNER_EVENTS
                            and (rules is None or e.possible(rules))])
    return view


def yaku_chips(game, ids) -> list[dict]:
    """Each yaku a quick entry may name: its name, and for a growing one the least count
    (the cards it needs) and its unit in words."""
    least = counted_yaku(game)
    chips = []
    for y in game.yaku:
        if y.id not in ids:
            continue
        chip = {"id": y.id, "name": name_in(y.names)}
        if y.id in least:
            kinds = [CARD[s].kind for s in y.cards if s in CARD]
            kind = max(set(kinds), key=kinds.count) if kinds else "chaff"
            chip.update(least=least[y.id], unit=gettext(COUNT_UNITS.get(kind, "%(n)s chaffs")))
        chips.append(chip)
    return chips


def counted_yaku(game) -> dict:
    """{yaku id: least count} for the yaku a quick entry names with a count: the engine's
    own table of growing yaku ((points, counted from) per id; Koi-Koi's ``_GROWS``)."""
    module = importlib.import_module(game.score_round.__module__)
    grows = getattr(module, "_GROWS", {})
    return {yid: beyond for yid, (_points, beyond) in grows.items()}


def deck_check(game) -> dict | None:
    """The per-player card-point total a quick entry gives and the deck's total it must
    reach (the field's maximum): Hachi-Hachi's ``totals.card_points`` (264, all the
    cards when the round ran out)."""
    for i in game.inputs:
        if i.key not in QUICK_KEYS or not i.per_player:
            continue
        points = next((f for f in i.fields if f.key == "card_points" and f.maximum), None)
        if points:
            return {"key": i.key, "field": points.key, "of": points.maximum}
    return None


def js_strings() -> dict:
    """Every word the scripts show, translated on the server."""
    words = [
        "Saved", "Saving…", "Someone else changed this session. Here is the new state; your "
        "taps are kept: review and save again.", "Offline: kept on this phone, it will be sent "
        "when the network is back.", "Sent the round kept on this phone.", "points", "chips",
        "No combination yet", "Remove", "The rest go to %(name)s", "Copied", "Could not save",
        "Nothing to undo", "Review", "pays", "Total", "Back", "Save this month", "Save changes",
        "Player", "winner", "loser", "draw", "no winner", "Reconnecting…", "Undone",
        "Offline: points are computed when the network is back.", "Start", "Delete this round?",
        "Name", "Remove player", "Updated", "Taken by %(name)s", "rounds won", "View-only",
        "More events", "Payments", "misdeal", "%(name)s wins", "Month", "Dealer", "Month %(month)s",
        # the structured inputs (static/inputs.js)
        "Required", "At least %(n)s", "At most %(n)s", "A whole number", "Each name once",
        "Team name", "Add",
        # issue 9: buttons that say why they are off, undo and redo, stale writes of this phone
        "Every card has a player", "Scoring the round…", "Fix the problem above, then go back "
        "and review again.", "Starting…", "Undoing…", "Undone: %(what)s", "Redone: %(what)s",
        "This phone saved a change to this session after this page was opened. Here is the new "
        "state; your taps are kept: check them, then review and save again.",
        "Someone else changed this session just before: here is the new state. Look at it, "
        "then undo again if you still want to.",
        "This phone changed this session just before: here is the new state. Look at it, then "
        "undo again if you still want to.",
        # quick entry on the record page
        "%(name)s's yaku", "Winner", "Points", "Go", "Penalties", "Less", "Move up",
        "More", "If %(name)s stops now: %(n)s points", "Card points: %(n)s of %(of)s",
        "Tap the winner first",
        # issue 24: quick Koi-Koi keeps the one yaku of a "one of" group that counts
        "Only one of them counts: %(yaku)s, not %(other)s",
        # issue 28: a month's label on the record page's grid of piles
        "All of %(month)s: to %(name)s's pile", "All of %(month)s: out of %(name)s's pile",
    ]
    return {w: gettext(w) for w in words}


# ----------------------------------------------------------------------------- pages

# the keys the record page fills itself (the series supplies players, dealer and carry); the
# game's pile_key comes from the card grid, every other key from the form (Game.inputs)
ROUND_KEYS = ("players", "dealer", "carry", "events")


def store():
    return current_app.extensions["tally_store"]


def fail(code: int, why: str, **where):
    """Stop with HTTP ``code``; a player's browser gets templates/pages/error.html saying what
    happened (``why``) and what to do, with ``where`` (the session, the token, ...) for its
    links. The API's clients get the API's JSON error as before."""
    e = default_exceptions[code]()
    e.why, e.where = why, where
    raise e


def wants_page() -> bool:
    """A request outside /api/ that takes HTML (a browser's navigation, a plain fetch, no
    Accept header at all) gets an error page; one that prefers JSON keeps the JSON error."""
    if request.path.startswith("/api/"):
        return False
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best in ("text/html", None)


# the error page's text for each kind of error an address can meet (error.html)
GENERIC_WHY = {403: "forbidden", 404: "not-found", 405: "method", 409: "conflict"}


def http_error(api_handler, e: HTTPException):
    if api_handler is not None and not wants_page():
        return api_handler(e)
    code = e.code or 500
    why = getattr(e, "why", None) or GENERIC_WHY.get(code, "server")
    try:
        body = render_template("pages/error.html", code=code, why=why,
                               where=getattr(e, "where", {}))
    except Exception:  # a broken template must not hide the error itself
        current_app.logger.exception("the error page failed")
        body = f"<!doctype html><title>{code}</title><h1>{code}</h1>"
    resp = Response(body, status=code, mimetype="text/html")
    for name, value in e.get_headers():
        if name.lower() == "allow":  # 405 names the methods the address takes
            resp.headers[name] = value
    # an address with a token in it is kept in no cache, its error page neither
    return _no_store(resp) if request.args.get("t") else resp


def _session(session_id):
    """The row, the access the presented token gives ("read" / "edit"), config, state."""
    from .series import config_of

    row = token_checked_row(session_id)
    token = request.args.get("t")
    if row is None:
        fail(404, "no-session")
    access = store().auth(row, token)
    if access is None:
        ratelimit.token_failed("session", session_id)
        fail(404, "no-token" if not token else "wrong-token")
    cfg = config_of(json.loads(row["config"]))
    return row, access, token, cfg, json.loads(row["state"])


def limited_page(check, *args):
    """``check(*args)`` (a token check's read, tally.api.ratelimit); an address locked out
    for too many wrong tokens gets the 429 page, with Retry-After."""
    try:
        return check(*args)
    except ratelimit.TooMany:
        fail(429, "too-many")


def token_checked_row(session_id):
    """The session's row (None: no such session), unless this address is locked out."""
    return limited_page(ratelimit.session_row, store(), session_id)


def _no_store(resp):
    """A page whose URL or body holds a token is kept in no cache (a shared phone's browser
    cache, a proxy); Referrer-Policy: no-referrer is set on every response (tally/headers.py)."""
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/")
def home():
    games = sorted(GAMES.values(), key=lambda g: (g.family != "capture", name_in(g.names)))
    first = request.args.get("game") or ("koi-koi" if "koi-koi" in GAMES else games[0].id)
    game = GAMES.get(first) or games[0]
    return render_template("pages/home.html", games=games, game=game)


# ----------------------------------------------------------------------------- house rules
# The setup form and the rules page say a house rule by its description (in the page's
# language: each description says the rule in a table's words), its value in words, and list
# the rules under the headings of tally.options.HEADINGS; a preset by its everyday name.


def heading_label(heading: str) -> str:
    return {"scoring": gettext("Scoring"), "special hands": gettext("Special hands"),
            "penalties": gettext("Penalties and payments"), "series": gettext("Series"),
            "play": gettext("Dealing and play")}.get(heading, heading)


def preset_name(game, preset_id) -> str:
    """A preset by what a table calls it ("Nintendo's rules"), in the page's language
    (``Preset.names``). A preset the registry gives no names yet is called by the first clause
    of its description in that language ("The Korean rules most Go-Stop apps use: ..."), else
    by its id in words."""
    preset = next((p for p in game.presets if p.id == preset_id), None)
    if preset is not None and preset.names:
        return name_in(preset.names)
    first = re.split(r"[:;,：；、]| \(", tr(preset.description) if preset else "", maxsplit=1)[0]
    if first.strip():
        return first.strip()
    words = str(preset_id).replace("_", " ")
    return words[:1].upper() + words[1:]


def rule_text(option) -> str:
    """A house rule as the pages say it: its description in the page's language, starting with
    a capital letter."""
    text = tr(option.description)
    return text[:1].upper() + text[1:]


def rule_value(value) -> str:
    """A house rule's value as a player says it: on / off, not set, a choice by its name (a
    card or a flower by its name; the choice "none" as off), a number as written (2.0 as
    2)."""
    if isinstance(value, bool):
        return gettext("on") if value else gettext("off")
    if value is None:
        return gettext("not set")
    if value == "none":  # a choice that switches the rule off (no bonus cards, no ability)
        return gettext("off")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return value_label(value) if isinstance(value, str) else str(value)


def house_rules(game, values=None) -> list[dict]:
    """The game's house rules under their headings (empty headings left out), each with its
    value in words: the default, or with ``values`` (a session's rules) the value in force,
    ``changed`` when it is not the default."""
    groups = {h: [] for h in HEADINGS}
    for o in game.options:
        v = values[o.id] if values is not None and o.id in values else o.default
        groups[heading_of(o)].append({"option": o, "text": rule_text(o),
                                      "value": rule_value(v), "changed": v != o.default,
                                      "choices": [(c, rule_value(c)) for c in o.choices]})
    return [{"heading": h, "label": heading_label(h), "rules": rules}
            for h, rules in groups.items() if rules]


def preset_rules(game, values) -> list[dict]:
    """The rules ``values`` (a preset's, or a session's in force) set to something other than
    their default, in the game's order, each with its value in words."""
    return [{"option": o, "text": rule_text(o), "value": rule_value(values[o.id])}
            for o in game.options if o.id in values and values[o.id] != o.default]


@bp.get("/games/<game_id>/setup")
def setup(game_id):
    """The home form's game-specific part (presets, house rules, players, months)."""
    game = GAMES.get(game_id) or fail(404, "no-game", game=game_id)
    return render_template("pages/_setup.html", game=game)


# the session page lists this many rounds, the latest first; earlier ones are a link away,
# so the page costs the same at 1,000 rounds as at 12 (the totals come from the summary)
PAGE_ROUNDS = 12


def round_page(n_rounds: int, upto: int | None) -> tuple[int, int]:
    """The rounds the session page lists, as (first seq, last seq): the PAGE_ROUNDS up to
    ``upto`` (``?upto=``, clamped to the rounds there are), the latest without it."""
    last = n_rounds if upto is None else max(min(upto, n_rounds), min(1, n_rounds))
    return max(1, last - PAGE_ROUNDS + 1), last


def page_upto() -> int | None:
    """``?upto=`` when it is a round number (anything else lists the latest rounds)."""
    upto = request.args.get("upto", type=int)
    return upto if upto is not None and 0 < upto < 10**9 else None


def _session_context(session_id):
    from .series import settle

    row, access, token, cfg, state = _session(session_id)
    n_rounds = store().round_count(session_id)
    first, last = round_page(n_rounds, page_upto())
    views = {}  # the rounds read so far by number: the page's, and any undo or redo names

    def round_at(seq):
        if seq not in views:
            text = store().round_view(session_id, seq)
            views[seq] = json.loads(text) if text else None
        return views[seq]

    # the evening (tally/session_views.py): the scoresheet reads the page's rounds once
    evening = session_views.evening(store(), row, cfg, state, page_upto(), name_in)
    views.update(evening.pop("views"))
    rounds = [r for r in map(round_at, range(first, last + 1)) if r]
    settlement = settle(cfg, {t["player"]: t["chips"] for t in state["totals"]})
    game = GAMES[cfg.game]
    read_token = token
    if access == "edit":
        from .store import read_token_of
        read_token = read_token_of(token)
    undo, redo = undo_and_redo(session_id, round_at, n_rounds, state) \
        if access == "edit" else (None, None)
    paging = {"first": first, "last": last, "n": n_rounds,
              "earlier": first - 1 if first > 1 else None,
              "later": min(n_rounds, last + PAGE_ROUNDS) if last < n_rounds else None}
    return dict(row=row, access=access, token=token, read_token=read_token, cfg=cfg,
                state=state, rounds=rounds, paging=paging, settlement=settlement, game=game,
                korean=korean_order(game), undo=undo, redo=redo, money_of=money_of(cfg),
                **evening)




def undo_and_redo(session_id, round_at, n_rounds, state) -> tuple[dict | None, dict | None]:
    """What "Undo" would revert and what "Redo" would put back, said by the session page.

    Undo: the last change no undo has reverted yet, as tally/store.py's undo picks it. Redo:
    the top of ``redo_stack``, re-applied the way it was first made (the round POSTed again,
    the correction PUT again, the deletion DELETEd again) with the version of now: the changes
    after it were undone, so it lands where it was. The store has no undo of an undo (an
    undo's own entry is never a target), hence this."""
    hist = store().history(session_id)
    undone = {h["undoes"] for h in hist if h["action"] == "undo"}
    target = next((h for h in reversed(hist)
                   if h["action"] in CHANGES and h["id"] not in undone), None)
    undo = change_view(target, round_at, n_rounds, state, done=True) if target else None
    stack = redo_stack(hist)
    redo = change_view(stack[-1], round_at, n_rounds, state, done=False) if stack else None
    if redo is not None:
        redo["request"] = redo_request(session_id, stack[-1], n_rounds, state)
        redo["more"] = len(stack) - 1  # the undone changes Redo offers after this one
        if redo["request"] is None:
            redo = None
    return undo, redo


def change_view(h, round_at, n_rounds, state, done: bool) -> dict:
    """A history entry as the page says it: which month (or round), the action, who (when the
    writer said so, ``by``), and the round's outcome when the round on the page is the one
    the change is about (``done``: the change is in force, else it was undone)."""
    part = (h["before"] if h["action"] == "delete_round" else h["after"]) or {}
    seq = part.get("seq")
    shown = round_at(seq) if isinstance(seq, int) and 1 <= seq <= n_rounds else None
    if h["action"] == "delete_round" and done:
        shown = None  # the round deleted is gone: another round holds its place
    month = shown["month"] if shown else None
    if month is None and h["action"] == "add_round" and seq == n_rounds + 1:
        month = state.get("month")  # an undone round: it would be the next month again
    out = {"action": h["action"], "seq": seq, "month": month, "by": h.get("actor")}
    if h["action"] == "finish":  # the series ended after that month: no round's outcome
        return out
    # an added or corrected round in force is on the page as the change left it; a deleted
    # round undone is back as it was; a correction undone shows the round before it
    if shown and not (h["action"] == "replace_round" and not done):
        res = shown.get("result") or {}
        out["winner"] = res.get("winner")
        out["net"] = [(p, v) for p, v in (res.get("net") or {}).items() if v]
        out["outcome"] = True
    return out


def redo_request(session_id, h, n_rounds, state) -> dict | None:
    """The API call that makes the undone change ``h`` again, or None when it cannot be. The
    writer's name goes with it (``by``), so the history still says who made the change."""
    redo = redo_of(h, n_rounds, bool(state.get("complete")))
    if redo is None:
        return None
    base = f"/api/v1/sessions/{session_id}"
    by = {"by": redo.by} if redo.by else {}
    if redo.action == "finish":
        return {"method": "POST", "path": f"{base}/finish", "body": by}
    if redo.action == "add_round":
        return {"method": "POST", "path": f"{base}/rounds", "body": {**redo.input, **by}}
    if redo.action == "replace_round":
        return {"method": "PUT", "path": f"{base}/rounds/{redo.seq}",
                "body": {**redo.input, **by}}
    # a DELETE takes its writer in the query (after the token session.js adds)
    return {"method": "DELETE", "path": f"{base}/rounds/{redo.seq}",
            "query": f"&by={quote(redo.by)}" if redo.by else ""}


@bp.get("/s/<session_id>")
def session(session_id):
    ctx = _session_context(session_id)
    return _no_store(current_app.make_response(render_template("pages/session.html", **ctx)))


@bp.get("/s/<session_id>/part")
def session_part(session_id):
    """The live part of the session page; polled with If-None-Match (304 while unchanged)."""
    row = token_checked_row(session_id)
    if row is None:
        fail(404, "no-session")
    if store().auth(row, request.args.get("t")) is None:
        ratelimit.token_failed("session", session_id)
        fail(404, "wrong-token")
    upto = page_upto()  # an earlier page of rounds is another body
    tag = f'"{row["version"]}-{select_locale()}{"" if upto is None else f"-{upto}"}"'
    # session.js polls with the tag it got, which Flask-Compress suffixed with its encoding
    # ("5-en:br"): unchanged_since reads both forms, so the 304 comes before any rendering
    if unchanged_since(tag):
        return _no_store(Response(status=304, headers={"ETag": tag}))
    resp = current_app.make_response(render_template("pages/_session_part.html",
                                                     **_session_context(session_id)))
    resp.headers["ETag"] = tag
    resp.headers["X-Version"] = str(row["version"])
    return _no_store(resp)


@bp.get("/s/<session_id>/record")
def record(session_id):
    """Record a round (or, with ?seq=, correct one): the edit token is needed."""
    row, access, token, cfg, state = _session(session_id)
    if access != "edit":
        fail(403, "view-only", session=session_id, token=token)
    game = GAMES[cfg.game]
    seq = request.args.get("seq", type=int)
    editing = None
    if seq:
        text = store().round_view(session_id, seq)  # that round alone (None past any round)
        if text is None:
            fail(404, "no-round", session=session_id, token=token, seq=seq,
                 n=store().last_seq(session_id))
        editing = json.loads(text)
    elif state["complete"]:
        fail(409, "series-over", session=session_id, token=token)
    rules = game.rules(cfg.preset, cfg.options)
    # the inputs a stored round holds stay on the page even when their rule is now off
    kept_inputs = set(editing["input"]) if editing and isinstance(editing["input"], dict) else set()
    ctx = {
        "session": session_id, "token": token, "version": row["version"],
        "config": cfg.to_dict(),
        "game": game_view(game, rules, keep=_event_types(editing["input"] if editing else None),
                          keep_inputs=kept_inputs, players=len(cfg.players)),
        "dealer": editing["dealer"] if editing else state["dealer"],
        "carry": editing["carry_in"] if editing else state["carry"],
        "month": editing["month"] if editing else state["month"],
        "seq": seq, "input": editing["input"] if editing else None,
        "lang": select_locale(),
    }
    resp = current_app.make_response(render_template(
        "pages/record.html", ctx=ctx, g_game=game, rows=month_rows(game), cfg=cfg,
        korean=korean_order(game), session_id=session_id, token=token, seq=seq,
        inputs=input_views(game, rules, kept_inputs, len(cfg.players)), player_choices=[{"value": p, "label": p} for p in cfg.players],
        month=ctx["month"], dealer=ctx["dealer"], state=state))
    return _no_store(resp)


def _event_types(round_input) -> set:
    """The event types a stored round's input records (kept on the page when it is edited)."""
    events = (round_input or {}).get("events") if isinstance(round_input, dict) else None
    return {e["type"] for e in events or ()
            if isinstance(e, dict) and isinstance(e.get("type"), str)}


@bp.get("/games/<game_id>/rules")
def rules(game_id):
    """Each combination with its cards drawn and its points, the house rules, the presets; with
    ?s=<session>&t=<token>, the values that session plays with."""
    game = GAMES.get(game_id) or fail(404, "no-game", game=game_id)
    in_force = None
    if request.args.get("s"):
        row, access, token, cfg, state = _session(request.args["s"])
        if cfg.game != game.id:
            fail(404, "other-game", session=row["id"], token=token, game=cfg.game)
        in_force = {"preset": cfg.preset, "values": dict(game.rules(cfg.preset, cfg.options))}
    chosen = game.rules(in_force["preset"]).preset if in_force else game.default_preset
    preset = next(p for p in game.presets if p.id == chosen)
    values = in_force["values"] if in_force else dict(preset.values)
    resp = current_app.make_response(render_template(
        "pages/rules.html", game=game, korean=korean_order(game), in_force=in_force,
        preset=preset, preset_rules=preset_rules(game, values),
        groups=house_rules(game, in_force["values"] if in_force else None)))
    return _no_store(resp) if in_force else resp


# ----------------------------------------------------------------------------- assets

ICON_SIZES = (192, 512)


def drawn_asset(body: bytes, tag: str, mimetype: str) -> Response:
    """An asset drawn in code, cached by browsers for 30 days; a repeat with its ETag is a
    304 (Flask-Compress re-checks it against the compressed body's tag)."""
    resp = Response(body, mimetype=mimetype)
    resp.cache_control.public = True
    resp.cache_control.max_age = 86400 * 30
    resp.set_etag(tag)
    return resp.make_conditional(request)


def tag_of(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:32]


@functools.lru_cache(maxsize=2)
def cards_sprite(korean: bool) -> tuple[bytes, str]:
    """The sprite and its ETag, drawn once per month order (the same for every request)."""
    body = tiles.sprite(korean_months=korean).encode()
    return body, tag_of(body)


@bp.get("/cards.svg")
def cards_svg():
    body, tag = cards_sprite(request.args.get("months") == "kr")
    return drawn_asset(body, tag, "image/svg+xml")


@bp.get("/manifest.webmanifest")
def manifest():
    body = {
        "name": gettext("Hanafuda Tally"), "short_name": gettext("Tally"),
        "start_url": "/", "scope": "/", "display": "standalone",
        "background_color": "#111317", "theme_color": "#b3261e",
        "icons": [{"src": f"/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png",
                   "purpose": "any maskable"} for n in ICON_SIZES],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")


@bp.get("/sw.js")
def service_worker():
    """The service worker, served from / so its scope is the whole app."""
    path = os.path.join(current_app.static_folder, "sw.js")
    with open(path, encoding="utf-8") as f:
        resp = Response(f.read(), mimetype="text/javascript")
    resp.headers["Service-Worker-Allowed"] = "/"
    resp.cache_control.no_cache = True
    return resp


@bp.get("/icon-<int:size>.png")
def icon(size):
    if size not in ICON_SIZES:
        abort(404)
    return drawn_asset(*drawn_icon(size), "image/png")


@functools.lru_cache(maxsize=len(ICON_SIZES))
def drawn_icon(size: int) -> tuple[bytes, str]:
    """The icon and its ETag, drawn once: drawing takes 0.2-0.4 s, and a phone installing the
    app asks for every size at once."""
    body = icon_png(size)
    return body, tag_of(body)


def icon_png(size: int) -> bytes:
    """The app icon drawn in code: a red card with a gold sun on a dark field (no binary
    files in the repository)."""
    bg, card, sun = (17, 19, 23), (179, 38, 30), (255, 213, 79)
    rows = []
    cx = cy = size / 2
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            inside = size * .22 <= x < size * .78 and size * .12 <= y < size * .88
            d2 = (x - cx) ** 2 + (y - cy) ** 2
            px = sun if inside and d2 < (size * .16) ** 2 else card if inside else bg
            row += bytes(px)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0,
                                                               0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


__all__ = ["bp", "init_app", "name_in", "month_rows", "game_view", "input_views", "korean_order"]


from . import group_views  # noqa: E402,F401  (the group page's routes join this blueprint)
