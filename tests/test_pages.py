"""The pages without a browser (Flask's test client): every game's pages render, the language
comes from ?lang=, the cookie or Accept-Language, the catalogues translate every interface
word, tokens gate the session pages, and the PWA assets are served. The browser flows are in
tests/browser/."""

from __future__ import annotations

import json
import re
import struct
from markupsafe import escape as html_escape

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from tally import GAMES
from tally.cards import CARD, FLOWER_CARDS, CardSet
from tally.pages import HERE, game_view, js_strings, korean_order, month_rows
from tally.i18n import cards_named
from tally.web import create_app

MAIN = ("koi-koi", "go-stop", "hachi-hachi")


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "t.sqlite"), "TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def shown(html: str) -> str:
    """The page's words as read: a name's <bdi> and its isolates (U+2068, U+2069) take no
    room (issue 22: tests/test_bidi_names.py checks they are there)."""
    return re.sub(r"</?bdi>|[\u2068\u2069]", "", html)


def new_session(client, game="koi-koi", players=("Aki", "Bo"), **kw):
    r = client.post("/api/v1/sessions", json={"game": game, "players": list(players), **kw})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def catalogue(lang):
    with open(f"{HERE}/translations/{lang}/LC_MESSAGES/messages.po", "rb") as f:
        return read_po(f, locale=lang)


def interface_words(app):
    """Every msgid the templates and tally/pages.py use."""
    import glob

    words = set()
    for path in glob.glob("templates/**/*.html", recursive=True):
        for _, msg, _, _ in extract_from_file("jinja2", path,
                                              options={"extensions": "jinja2.ext.i18n"}):
            words.add(msg if isinstance(msg, str) else msg[0])
    src = open(f"{HERE}/pages.py", encoding="utf-8").read()
    words |= set(re.findall(r'gettext\("([^"]+)"\)', src))
    with app.test_request_context("/"):
        words |= set(js_strings())
    return words


# ----------------------------------------------------------------------------- languages

@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_every_interface_word_is_translated(app, lang):
    cat = catalogue(lang)
    words = interface_words(app)
    assert len(words) > 80
    missing = sorted(w for w in words if not (cat.get(w) and cat.get(w).string))
    assert not missing, f"{lang} lacks: {missing}"


@pytest.mark.parametrize("lang", ["ja", "ko"])
@pytest.mark.parametrize("game_id", MAIN)
def test_main_games_names_and_rules_are_translated(lang, game_id):
    """The three main games' yaku names, option and preset descriptions and event labels
    exist in every language (the engine's own name or the catalogue's)."""
    cat = catalogue(lang)
    g = GAMES[game_id]
    texts = ([y.names["en"] for y in g.yaku if lang not in y.names]
             + [o.description for o in g.options] + [p.description for p in g.presets]
             + [e.id.replace("_", " ") for e in g.events] + [e.description for e in g.events]
             + [g.description])
    missing = [t for t in texts if t and not (cat.get(t) and cat.get(t).string)]
    assert not missing, missing


def test_placeholders_survive_translation():
    for lang in ("ja", "ko"):
        for m in catalogue(lang):
            if m.id and m.string:
                # a plural entry: each translated form has the placeholders of the plural
                ids, strings = (m.id, m.string) if m.pluralizable else ((m.id,), (m.string,))
                for text in strings:
                    assert sorted(re.findall(r"%\(\w+\)s", ids[-1])) == sorted(
                        re.findall(r"%\(\w+\)s", text)), (lang, m.id)


def test_catalogues_are_compiled_into_the_instance_folder(app):
    import os

    for lang in ("ja", "ko"):
        assert os.path.isfile(os.path.join(app.instance_path, "translations", lang,
                                           "LC_MESSAGES", "messages.mo"))


def test_language_from_query_cookie_and_browser(client):
    assert "対局を始める" in client.get("/?lang=ja").get_data(as_text=True)
    r = client.get("/?lang=ko")
    assert "새 게임 시작" in r.get_data(as_text=True)
    assert "lang=ko" in r.headers["Set-Cookie"]
    assert "새 게임 시작" in client.get("/").get_data(as_text=True)  # the cookie now
    fresh = client.application.test_client()
    page = fresh.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"})
    assert 'lang="ja"' in page.get_data(as_text=True)
    assert 'lang="en"' in fresh.get("/", headers={"Accept-Language": "fr"}).get_data(
        as_text=True)


def test_card_and_yaku_names_come_from_the_engine(client, app):
    with app.test_request_context("/?lang=ja"):
        v = game_view(GAMES["koi-koi"])
        assert v["yaku"]["akatan"] == "赤短"  # the engine's own name
        assert v["cards"]["pine-crane"] == CARD["pine-crane"].names["ja"]
    with app.test_request_context("/?lang=ko"):
        v = game_view(GAMES["koi-koi"])
        assert v["yaku"]["akatan"] == "홍단"  # from the catalogue (the engine has no ko name)
        assert v["events"][0]["label"] == "코이코이"


# ----------------------------------------------------------------------------- months

def test_korean_games_use_korean_month_order(app):
    with app.test_request_context("/"):
        kr = month_rows(GAMES["go-stop"])
        jp = month_rows(GAMES["koi-koi"])
    assert korean_order(GAMES["go-stop"]) and not korean_order(GAMES["koi-koi"])
    # min-hwatu.md section 1: "Korean decks number willow 12 and paulownia 11"; six-hundred is
    # the book's Japanese Roppyakken (Japanese order) although it has a Korean name too
    assert korean_order(GAMES["min-hwatu"]) and not korean_order(GAMES["six-hundred"])
    flowers_kr = [r["flower"] for r in kr if r["flower"] != "bonus"]
    flowers_jp = [r["flower"] for r in jp]
    assert flowers_kr[-1] == "willow" and flowers_kr[-2] == "paulownia"  # cards.md
    assert flowers_jp[-1] == "paulownia" and flowers_jp[-2] == "willow"
    assert [r["month"] for r in jp] == list(range(1, 13))
    assert sum(len(r["cards"]) for r in jp) == 48


def test_sprite_draws_every_card_with_its_month(client):
    jp = client.get("/cards.svg").get_data(as_text=True)
    kr = client.get("/cards.svg?months=kr").get_data(as_text=True)
    for c in FLOWER_CARDS:
        assert f'id="card-{c.slug}"' in jp
    assert re.search(r'id="card-willow-rainman".*?>11</text>', jp)
    assert re.search(r'id="card-willow-rainman".*?>12</text>', kr)
    assert "max-age" in client.get("/cards.svg").headers["Cache-Control"]


# ----------------------------------------------------------------------------- pages

@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_a_setup_form_and_a_rules_page(client, game_id):
    g = GAMES[game_id]
    setup = client.get(f"/games/{game_id}/setup").get_data(as_text=True)
    for o in g.options:
        assert f'data-id="{o.id}"' in setup
    # the game's fewest players, one seat at least (issue 28: Seasons opens with one seat)
    assert setup.count('name="player"') == max(g.players[0], 1)
    rules = client.get(f"/games/{game_id}/rules?lang=ja")
    assert rules.status_code == 200
    text = rules.get_data(as_text=True)
    for y in g.yaku:
        assert f'id="yaku-{y.id}"' in text


def test_home_lists_every_game(client):
    text = client.get("/").get_data(as_text=True)
    for gid in GAMES:
        assert f'value="{gid}"' in text


def test_session_page_needs_a_token_and_shows_the_access(client):
    s = new_session(client)
    assert client.get(f"/s/{s['id']}").status_code == 404
    assert client.get(f"/s/{s['id']}?t=wrong").status_code == 404
    edit = client.get(f"/s/{s['id']}?t={s['edit_token']}")
    assert edit.headers["Referrer-Policy"] == "no-referrer"
    assert 'id="record"' in edit.get_data(as_text=True)
    assert 'id="edit-link"' in edit.get_data(as_text=True)
    read = client.get(f"/s/{s['id']}?t={s['read_token']}").get_data(as_text=True)
    assert 'id="record"' not in read and 'id="edit-link"' not in read
    assert s["edit_token"] not in read  # a view-only page never reveals the edit token
    assert client.get(f"/s/{s['id']}/record?t={s['read_token']}").status_code == 403
    assert client.get(f"/s/{s['id']}/record?t={s['edit_token']}").status_code == 200


def test_live_part_answers_304_until_the_session_changes(client):
    s = new_session(client)
    url = f"/s/{s['id']}/part?t={s['read_token']}"
    first = client.get(url)
    tag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    headers={"If-Match": f'"{s["version"]}"'},
                    json={k: v for k, v in GAMES["koi-koi"].round_example.items()
                          if k not in ("players", "dealer")})
    assert r.status_code == 201, r.get_json()
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 200
    text = shown(again.get_data(as_text=True))
    # docs/games/koi-koi.md example: akatan 6, said by the yaku's name
    assert 'id="round-1"' in text and "3 Poetry Ribbons 6" in text


def test_record_page_carries_the_game_from_the_registry(client):
    s = new_session(client, "go-stop", ("Ana", "Bo", "Cy"), length=3)
    text = client.get(f"/s/{s['id']}/record?t={s['edit_token']}&lang=ko").get_data(
        as_text=True)
    ctx = json.loads(re.search(r'<script type="application/json" id="ctx">(.*?)</script>',
                               text, re.S).group(1))
    rules = GAMES["go-stop"].rules()
    assert [e["id"] for e in ctx["game"]["events"]] == [
        e.id for e in GAMES["go-stop"].events if e.possible(rules)]
    assert ctx["dealer"] in ("Ana", "Bo", "Cy") and ctx["seq"] is None
    assert text.count('class="t"') == CardSet(GAMES["go-stop"].deck).__len__()
    assert "?months=kr#card-willow-rainman" in text


def test_record_page_for_a_past_round_holds_its_input(client):
    s = new_session(client)
    ex = {k: v for k, v in GAMES["koi-koi"].round_example.items()
          if k not in ("players", "dealer")}
    client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                headers={"If-Match": f'"{s["version"]}"'}, json=ex)
    text = client.get(f"/s/{s['id']}/record?t={s['edit_token']}&seq=1").get_data(as_text=True)
    ctx = json.loads(re.search(r'id="ctx">(.*?)</script>', text, re.S).group(1))
    assert ctx["seq"] == 1 and ctx["input"]["events"] == ex["events"]
    assert client.get(f"/s/{s['id']}/record?t={s['edit_token']}&seq=9").status_code == 404


def test_rules_page_shows_the_session_house_rules(client):
    s = new_session(client, options={"first_to_50": True})
    text = client.get(f"/games/koi-koi/rules?s={s['id']}&t={s['read_token']}").get_data(
        as_text=True)
    assert "House rules of this session" in text
    # the rule is said in words, its value in force marked as changed; its id only in markup
    assert re.search(r'<tr id="rule-first_to_50" class="changed">', text)
    assert "<code>first_to_50</code>" not in text
    assert client.get(f"/games/go-stop/rules?s={s['id']}&t={s['read_token']}"
                      ).status_code == 404


# ----------------------------------------------------------------------------- install

def test_manifest_icons_and_service_worker(client):
    m = client.get("/manifest.webmanifest")
    assert m.mimetype == "application/manifest+json"
    body = json.loads(m.get_data())
    assert body["display"] == "standalone" and body["start_url"] == "/"
    for icon in body["icons"]:
        png = client.get(icon["src"]).data
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        w, h = struct.unpack(">II", png[16:24])
        assert f"{w}x{h}" == icon["sizes"]
    sw = client.get("/sw.js")
    assert sw.headers["Service-Worker-Allowed"] == "/"
    assert "fetch" in sw.get_data(as_text=True)
    assert client.get("/icon-64.png").status_code == 404


def test_pages_hold_no_per_game_code():
    """Events, options and names reach the pages from the registry: no game id appears in
    the page code."""
    import glob

    files = [f"{HERE}/pages.py"] + glob.glob("static/*.js") + glob.glob("templates/pages/*")
    for path in files:
        text = open(path, encoding="utf-8").read()
        for gid in GAMES:
            if gid in ("koi-koi",):  # the home page's default choice
                continue
            assert f'"{gid}"' not in text and f"'{gid}'" not in text, (path, gid)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_can_be_recorded(client, game_id):
    """A session of any game opens its record page with every card of its deck as a tile
    and every event of the registry its default rules make possible."""
    g = GAMES[game_id]
    n = min(g.players[1], max(g.players[0], 2))
    s = new_session(client, game_id, [f"P{i}" for i in range(n)],
                    length=max(g.lengths) if g.lengths else None)
    r = client.get(f"/s/{s['id']}/record?t={s['edit_token']}")
    assert r.status_code == 200
    text = r.get_data(as_text=True)
    # the card grid, where a round is a pile per player (the tiles card inputs are picked
    # from come apart, in a <template>: issue 28)
    grid = text.split('<template id="card-tiles">')[0]
    for c in CardSet(g.deck):
        assert (f'data-s="{c.slug}"' in grid) == (g.pile_key is not None)
    ctx = json.loads(re.search(r'id="ctx">(.*?)</script>', text, re.S).group(1))
    rules = g.rules()
    assert [e["id"] for e in ctx["game"]["events"]] == [e.id for e in g.events
                                                       if e.possible(rules)]
    # an event's button reads as a word, not as an id ("Heundeum", "Koi koi", never "koi_koi")
    for e in ctx["game"]["events"]:
        assert e["label"][:1].isupper() and "_" not in e["label"], e
    # every declared input has its control; the series' length is never asked, nor an
    # input of a house rule that is off (InputDef.requires), nor (issue 24) the engine's
    # switch for worked examples or an input for more people than the session has
    from tally.pages import LEAST_PLAYERS, PAGE_HIDDEN_INPUTS
    for i in g.inputs:
        assert (f'<fieldset class="inp" data-key="{i.key}"' in text) == \
            (i.kind != "series_length" and i.possible(rules) and i.key not in PAGE_HIDDEN_INPUTS
             and n >= LEAST_PLAYERS.get(i.key, 0)), i.key
    assert "Other round details (JSON)" not in text or any(
        k not in {i.key for i in g.inputs} | {"players", "dealer", "carry", "events", g.pile_key}
        for k in g.round_example or {})


def record_form(client, game_id, players, lang="en", **kw):
    s = new_session(client, game_id, players, **kw)
    text = client.get(f"/s/{s['id']}/record?t={s['edit_token']}&lang={lang}").get_data(
        as_text=True)
    ctx = json.loads(re.search(r'id="ctx">(.*?)</script>', text, re.S).group(1))
    return s, text, ctx


def test_seasons_record_page_is_a_form_from_the_registry(client, app):
    """Seasons (pile_key None): no card grid and no live-yaku bar; one control per InputDef,
    labelled with its description: result as toggle buttons, placed as a number 0-48, the
    hand as a card picker; the JSON box is gone."""
    g = GAMES["seasons"]
    s, text, ctx = record_form(client, "seasons", ["Aki"], length=3)
    assert 'id="grid"' not in text and 'id="yaku"' not in text and 'id="rest"' not in text
    assert 'class="who"' not in text and "Other round details (JSON)" not in text
    assert ctx["game"]["pile_key"] is None
    assert [i["key"] for i in ctx["game"]["inputs"]] == [i.key for i in g.inputs]
    form = re.search(r'<form id="inputs".*?</form>', text, re.S).group(0)
    keys = re.findall(r'<fieldset class="inp" data-key="([^"]+)" data-kind="([^"]+)"', form)
    assert keys == [(i.key, i.kind) for i in g.inputs]
    for i in g.inputs:
        assert str(html_escape(i.description)) in form
    # result: one big toggle per choice, the value as JSON
    result = re.search(r'data-key="result".*?</fieldset>', form, re.S).group(0)
    assert re.findall(r'<label class="segb" data-v="(\w+)"><input type="radio" '
                      r'name="in-result" value=\'"(\w+)"\'>', result) == [
        ("win", "win"), ("loss", "loss")]
    assert "required" not in result  # every Seasons input is optional
    placed = re.search(r'<input type="number" name="in-placed"[^>]*>', form).group(0)
    assert 'min="0"' in placed and 'max="48"' in placed
    # the hand as tiles (issue 28): drawn by static/inputs.js from its spec, from the deck's
    # tiles in the page's <template>, in the game's month order
    assert re.search(r'data-key="hand".*?<div class="sx" data-sx="cards"', form, re.S)
    tiles = re.search(r'<template id="card-tiles">(.*?)</template>', text, re.S).group(1)
    assert re.findall(r'data-s="([^"]+)"', tiles) == [c.slug for c in CardSet(g.deck)]
    # translated: the labels and the choices through the catalogue
    with app.test_request_context("/?lang=ja"):
        from tally.pages import choice_label, tr
        want = [tr(i.description) for i in g.inputs] + [choice_label("win")]
    _, ja, _ = record_form(client, "seasons", ["Aki"], lang="ja", length=3)
    for w in want:
        assert str(html_escape(w)) in ja


def event_ids(ctx) -> list[str]:
    return [e["id"] for e in ctx["game"]["events"]]


def test_record_page_shows_only_the_events_the_house_rules_allow(client):
    """Issue 4: a variation's events show only when the session plays it (EventDef.requires);
    the page's script gets the filtered list, so it needs no rules logic."""
    _, _, solo = record_form(client, "seasons", ["Aki"], length=3)
    assert "out" not in event_ids(solo) and "fourth_joker" not in event_ids(solo)
    _, _, out = record_form(client, "seasons", ["Aki", "Bo"], length=3,
                            options={"solo": False, "out_variation": True})
    assert event_ids(out) == ["out"]
    _, _, plain = record_form(client, "koi-koi", ["Aki", "Bo"])
    assert "wild_storm_capture" not in event_ids(plain)
    assert {"koi_koi", "stop", "misdeal"} <= set(event_ids(plain))
    _, _, wild = record_form(client, "koi-koi", ["Aki", "Bo"],
                             options={"storm_is_wild": True})
    assert "wild_storm_capture" in event_ids(wild)
    _, _, gs = record_form(client, "go-stop", ["Aki", "Bo", "Cy"],
                           options={"boar_first_turn_chips": 2})
    assert "boar_first_turn" in event_ids(gs) and "first_turn_chok" not in event_ids(gs)


def test_events_of_an_edited_round_stay_listed(app):
    """A stored round being edited keeps its event types even where the rules now rule them
    out; without rules every event is listed."""
    g = GAMES["koi-koi"]
    rules = g.rules()
    with app.test_request_context("/"):
        assert "wild_storm_capture" not in event_ids({"game": game_view(g, rules)})
        kept = event_ids({"game": game_view(g, rules, keep={"wild_storm_capture"})})
        assert "wild_storm_capture" in kept
        assert event_ids({"game": game_view(g)}) == [e.id for e in g.events]


def test_record_form_controls_follow_the_input_kinds(client, monkeypatch):
    """Each kind of InputDef gets its control: many choices a select, player buttons of the
    session's players, a toggle, one control per player, a JSON box for that key only;
    required inputs are marked required and series_length is never shown."""
    import dataclasses

    from tally.games import InputDef

    g = GAMES["go-stop"]
    fake = dataclasses.replace(g, inputs=(
        InputDef("mode", "choice", "Mode", choices=tuple("abcdef"), required=True),
        InputDef("caller", "player", "Who called"),
        InputDef("doubled", "bool", "Doubled"),
        InputDef("bet", "int", "Bet per player", per_player=True, minimum=1),
        InputDef("melds", "json", "Melds", required=True),
        InputDef("length", "series_length", "Rounds in the game"),
    ))
    monkeypatch.setitem(GAMES, "go-stop", fake)
    _, text, ctx = record_form(client, "go-stop", ["Aki", "Bo", "Cy"])
    form = re.search(r'<form id="inputs".*?</form>', text, re.S).group(0)
    assert re.search(r'<select name="in-mode" aria-label="Mode" required><option value="">',
                     form)
    assert re.findall(r'<label class="segb p\d" data-v="(\w+)">', form) == ["Aki", "Bo", "Cy"]
    assert 'type="checkbox" name="in-doubled" role="switch"' in form
    assert re.findall(r'name="in-bet-(\d)"', form) == ["0", "1", "2"]
    assert '<textarea name="in-melds"' in form and 'data-key="length"' not in form
    assert ctx["game"]["series_keys"] == ["length"]
    assert [i["required"] for i in ctx["game"]["inputs"]] == [True, False, False, False, True]


def test_session_page_shows_notes_and_choices_in_the_readers_language(client):
    """A round's notes and each player's choices (how wild cards were counted) are shown with
    the breakdown, said in the page's language: Hachi-juu Hana's example lets willow cards
    stand in for pine, and a Japanese page names them (cards.md), not by slug."""
    ex = dict(GAMES["hachi-juu-hana"].round_example)
    s = new_session(client, "hachi-juu-hana", ex.pop("players"))
    ex.pop("dealer", None)
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    headers={"If-Match": f'"{s["version"]}"'}, json=ex)
    assert r.status_code == 201, r.get_json()
    text = client.get(f"/s/{s['id']}?t={s['read_token']}&lang=ja").get_data(as_text=True)
    assert 'class="steps choices"' in text and 'class="steps notes"' in text
    assert "柳に小野道風、柳に燕" in text and "willow-rainman, " not in text  # not the slugs
    en = shown(client.get(f"/s/{s['id']}?t={s['read_token']}&lang=en").get_data(as_text=True))
    # issue 23: English names the cards too, not by slug
    assert "Willow with rain man, Willow with swallow stand in for pine" in en


# the round keys that used to be typed as JSON, each now drawn as a widget (static/inputs.js)
STRUCTURED = [("go-stop", "sitting_out"), ("go-stop", "mission"), ("hachi", "yaku"),
              ("hachi-simplified", "yaku"), ("hana-gin", "melds"), ("hana-gin", "wilds"),
              ("hana-rumi", "melds"), ("hana-rumi", "wilds"), ("hana-rumi", "totals"),
              ("higo-bana", "teams"), ("kyo-kabu", "columns"), ("kyo-kabu", "bets"),
              ("oicho-kabu", "columns"), ("oicho-kabu", "bets")]


@pytest.mark.parametrize("game_id, key", STRUCTURED)
def test_structured_inputs_are_widgets_not_json_boxes(client, game_id, key):
    """Each formerly-JSON input renders a structured control (a widget root inputs.js fills
    from the spec in the page's context), never a textarea; a structured input is one widget
    holding every player's value, a per-player leaf (yaku) one widget per player; the spec
    carries the nested labels, bounds and choices."""
    g = GAMES[game_id]
    i = next(x for x in g.inputs if x.key == key)
    n = min(g.players[1], max(g.players[0], 4 if game_id in ("go-stop", "higo-bana") else 2))
    players = [f"P{k}" for k in range(n)]
    # an input of a house rule is on the page when its rule is on (InputDef.requires)
    on = {"options": {c: True for c in i.requires}} if i.requires else {}
    _, text, ctx = record_form(client, game_id, players, **on)
    assert 'src="/static/inputs.js"' in text and \
        text.index("inputs.js") < text.index("record.js")
    fs = re.search(rf'<fieldset class="inp" data-key="{key}" data-kind="(\w+)">(.*?)</fieldset>',
                   text, re.S)
    assert fs and fs.group(1) == i.kind != "json"
    assert "<textarea" not in fs.group(2)
    roots = re.findall(r'<div class="sx" data-sx="(\w+)" role="group" aria-label="([^"]*)">',
                       fs.group(2))
    whole = i.kind in ("list", "record", "map")
    assert len(roots) == (1 if whole or not i.per_player else n)
    assert {k for k, _ in roots} == {i.kind}
    spec = next(x for x in ctx["game"]["inputs"] if x["key"] == key)["spec"]
    assert spec["kind"] == i.kind and spec["per_player"] == i.per_player
    assert spec["label"] == cards_named(i.description, "en")  # cards by name (issue 23)
    if i.item is not None:
        assert spec["item"]["kind"] == i.item.kind and spec["item"]["label"] == i.item.description
    if i.fields:
        assert [(f["key"], f["kind"], f["minimum"], f["maximum"], f["required"])
                for f in spec["fields"]] == [(f.key, f.kind, f.minimum, f.maximum, f.required)
                                              for f in i.fields]
    if i.kind == "yaku":  # the game's combinations, by name
        assert [c["value"] for c in spec["choices"]] == [y.id for y in g.yaku]
        assert all(c["label"] for c in spec["choices"])


def test_structured_input_labels_are_translated_and_cards_named(client, app):
    """Nested labels go through the catalogue like the descriptions; choices that are card
    slugs are shown by the card's name (the Dry Koi of wilds)."""
    from tally.cards import CARD

    _, _, ctx = record_form(client, "hana-rumi", ["Aki", "Bo"])
    spec = {x["key"]: x["spec"] for x in ctx["game"]["inputs"]}
    assert [c["label"] for c in spec["wilds"]["choices"]] == [
        CARD["joker-e"].names["en"], CARD["joker-f"].names["en"]]
    assert spec["wilds"]["keys"] == "choices" and spec["wilds"]["item"]["kind"] == "card"
    assert spec["melds"]["item"]["kind"] == "map" and spec["melds"]["item"]["keys"] == "players"
    assert [c["value"] for c in spec["totals"]["fields"][1]["choices"]] == [
        "complete_month", "wet_koi_four", "wet_koi_three", "purple_ribbons", "poetry_ribbons",
        "sequence_of_five"]
    _, _, ja = record_form(client, "oicho-kabu", ["Ana", "Bo"], lang="ja")
    bets = next(x for x in ja["game"]["inputs"] if x["key"] == "bets")["spec"]
    with app.test_request_context("/?lang=ja"):
        from tally.pages import tr
        assert bets["item"]["label"] == tr("Bet")
        assert [f["label"] for f in bets["item"]["fields"]] == [
            tr("Player"), tr("Column"), tr("Amount")]


def test_stored_maps_keep_their_order_on_the_record_page(client):
    """A Hana-Rumi combination names its melder first: the page's context keeps the order of a
    stored round's keys (tojson does not sort them)."""
    s = new_session(client, "hana-rumi", ["Aki", "Bo"])
    melds = [{"Bo": ["peony-blue", "chrysanthemum-blue", "maple-blue"], "Aki": ["iris-ribbon"]}]
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    json={"went_out": "Aki", "melds": melds, "version": s["version"],
                          "in_hand": {"Bo": ["pampas-chaff-1"]}})
    assert r.status_code == 201, r.get_json()
    text = client.get(f"/s/{s['id']}/record?t={s['edit_token']}&seq=1").get_data(as_text=True)
    ctx = json.loads(re.search(r'id="ctx">(.*?)</script>', text, re.S).group(1))
    assert list(ctx["input"]["melds"][0]) == ["Bo", "Aki"]
    assert text.index('"Bo": ["peony-blue"') < text.index('"Aki": ["iris-ribbon"]')


def test_games_that_deal_some_players_no_pile_say_so(client):
    """Oicho-Kabu's bettors hold no hand (only the dealer): the page sends no empty pile for
    them (Game.pile_every); Koi-Koi sends every player's pile."""
    _, _, oicho = record_form(client, "oicho-kabu", ["Ana", "Bo"])
    _, _, koi = record_form(client, "koi-koi", ["Ana", "Bo"])
    assert oicho["game"]["pile_every"] is False and koi["game"]["pile_every"] is True


@pytest.mark.parametrize("url", ["/static/record.js", "/static/app.css", "/cards.svg"])
def test_pages_and_assets_travel_compressed(client, url):
    """Phones at a table are often on a weak network: what a browser accepts compressed is sent
    compressed (Flask-Compress; static files stream, so as brotli), and unpacks to the same
    bytes."""
    import brotli
    plain = client.get(url)
    packed = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})  # as chromium
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert len(packed.data) < len(plain.data) / 2
    assert brotli.decompress(packed.data) == plain.data


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_structured_input_labels_are_in_the_catalogues(lang):
    """The nested labels of structured inputs (items, fields) are shown as form labels: each
    has a translation, like the descriptions tests/test_translations.py checks."""
    cat = catalogue(lang)

    def nested(i):
        for sub in ([i.item] if i.item is not None else []) + list(i.fields):
            yield sub.description
            yield from nested(sub)

    labels = {d for g in GAMES.values() for i in g.inputs for d in nested(i)}
    assert len(labels) > 10
    missing = sorted(w for w in labels if not (cat.get(w) and cat.get(w).string))
    assert not missing, f"{lang} lacks: {missing}"


def test_the_offline_shell_holds_every_script_and_style_of_the_pages(client):
    """A phone that lost the network must still open the record page: the service worker's
    app shell lists every script and style the pages load."""
    s = new_session(client)
    sw = client.get("/sw.js").get_data(as_text=True)
    shell = set(re.findall(r'"(/[^"]+)"', sw[sw.index("ASSETS"):sw.index("];")]))
    for url in (f"/s/{s['id']}/record?t={s['edit_token']}", f"/s/{s['id']}?t={s['edit_token']}",
                "/"):
        text = client.get(url).get_data(as_text=True)
        assets = set(re.findall(r'(?:src|href)="(/static/[^"?]+)"', text))
        assert assets and assets <= shell, assets - shell


def test_event_fields_are_drawn_from_their_input_definitions(client):
    """Each event field reaches the record page as an input spec (EventDef.inputs), labelled
    in the page's language; a month is offered by its flower's name (cards.md: maple is
    단풍), a player field by the session's players."""
    s = new_session(client, "go-stop", ("Ana", "Bo", "Cy"), length=3)
    text = client.get(f"/s/{s['id']}/record?t={s['edit_token']}&lang=ko").get_data(
        as_text=True)
    ctx = json.loads(re.search(r'id="ctx">(.*?)</script>', text, re.S).group(1))
    events = {e["id"]: e for e in ctx["game"]["events"]}
    month = next(f for f in events["heundeum"]["fields"] if f["key"] == "month")
    assert month["kind"] == "choice" and month["required"]
    assert {"value": "maple", "label": "단풍"} in month["choices"]
    score = next(f for f in events["go"]["fields"] if f["key"] == "score")
    go = next(e for e in GAMES["go-stop"].events if e.id == "go")
    english = next(i.description for i in go.inputs if i.key == "score")
    assert score["kind"] == "int" and score["label"] not in ("", english)  # said in Korean
    for e in ctx["game"]["events"]:
        for f in e["fields"]:
            assert f["kind"] != "json" and f["label"], (e["id"], f)


# issue 9: a player meets pages, not JSON; the API keeps its JSON errors (the browser side is
# tests/browser/test_browser_traps.py)
@pytest.mark.parametrize("lang, title", [("en", "This link is view-only"),
                                         ("ja", "このリンクは閲覧用です"),
                                         ("ko", "이 링크는 보기 전용입니다")])
def test_errors_are_pages_in_the_readers_language(client, lang, title):
    s = new_session(client)
    sid, edit, read = s["id"], s["edit_token"], s["read_token"]
    html = {"Accept": "text/html", "Accept-Language": lang}
    r = client.get(f"/s/{sid}/record?t={read}", headers=html)
    assert r.status_code == 403 and r.mimetype == "text/html"
    text = r.get_data(as_text=True)
    assert f"<h1 id=\"oops-title\">{title}</h1>" in text and f'lang="{lang}"' in text
    assert f'href="/s/{sid}?t={read}"' in text  # the way back: the view-only page
    assert r.headers["Cache-Control"] == "no-store"  # its address holds a token
    for url, status, why in ((f"/s/{sid}?t=wrong", 404, "wrong-token"),
                             ("/s/nope?t=x", 404, "no-session"),
                             (f"/s/{sid}/record?t={edit}&seq=3", 404, "no-round"),
                             ("/games/nope/rules", 404, "no-game"),
                             ("/games/nope/setup", 404, "no-game"),
                             ("/nothing-here", 404, "not-found"),
                             (f"/s/{sid}/part?t=wrong", 404, "wrong-token")):
        r = client.get(url, headers=html)
        assert (r.status_code, r.mimetype) == (status, "text/html"), url
        assert f'data-why="{why}"' in r.get_data(as_text=True), url
    r = client.post("/", headers=html)
    assert r.status_code == 405 and r.mimetype == "text/html" and "GET" in r.headers["Allow"]


def test_the_api_and_json_callers_keep_json_errors(client):
    s = new_session(client)
    html = {"Accept": "text/html"}
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['read_token']}", headers=html,
                    json={"version": 1})
    assert r.status_code == 403 and r.get_json()["errors"]
    assert client.get("/api/v1/nothing", headers=html).get_json()["errors"]
    r = client.get(f"/s/{s['id']}/record?t={s['read_token']}",
                   headers={"Accept": "application/json"})
    assert r.status_code == 403 and r.get_json()["errors"]


def test_the_session_page_says_what_undo_and_redo_do(client):
    s = new_session(client)
    q = f"?t={s['edit_token']}"
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds{q}", headers={"If-Match": '"1"'},
                    json={"captures": {"Aki": ["pine-poetry", "plum-poetry", "cherry-poetry"],
                                       "Bo": []}, "events": [{"type": "stop", "player": "Aki"}],
                          "by": "Aki"})
    assert r.status_code == 201
    text = shown(client.get(f"/s/{s['id']}{q}").get_data(as_text=True))
    assert "Last change: Month 1, added by Aki · Aki wins (Aki +5, Bo -5)" in text
    assert 'id="redo"' not in text
    assert 'id="undo-what"' not in client.get(f"/s/{s['id']}?t={s['read_token']}").get_data(
        as_text=True)  # a view-only page offers no undo
    assert client.post(f"/api/v1/sessions/{s['id']}/undo{q}", headers={"If-Match": '"2"'},
                       json={}).status_code == 200
    text = shown(client.get(f"/s/{s['id']}{q}").get_data(as_text=True))
    assert "Undone: Month 1, added by Aki · Redo puts it back." in text
    redo = json.loads(html_unescape(re.search(r'data-request="([^"]*)"', text).group(1)))
    assert redo["method"] == "POST" and redo["path"] == f"/api/v1/sessions/{s['id']}/rounds"
    assert redo["body"]["captures"]["Aki"] == ["pine-poetry", "plum-poetry", "cherry-poetry"]
    assert 'id="undo"' not in text  # nothing left to undo


def html_unescape(s):
    import html
    return html.unescape(s)
