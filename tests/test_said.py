"""Breakdown sentences in the reader's language (issue 4: "every word of the interface").

The engine writes reasons with ``said(template, **params)``; every template in the engine has
a Japanese and a Korean translation with the same placeholders, and the API adds ``said`` in
the reader's language beside the English ``reason``."""

import ast
import pathlib
import string

import pytest
from babel.messages.pofile import read_po

from tally.results import in_words  # the English sentence names cards (issue 23)
import tally
from tally import create_app

ENGINE = pathlib.Path(tally.__file__).parent
CATALOGUES = ENGINE / "translations"


def templates():
    """Every literal template passed to said() in the engine, with where it is."""
    found = {}
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "said" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                found.setdefault(node.args[0].value, f"{path.name}:{node.lineno}")
    from tally.api import _SCHEMA_MESSAGES  # the request schemas' messages, said as sentences
    for _, template in _SCHEMA_MESSAGES:
        found.setdefault(template, "api/__init__.py:_SCHEMA_MESSAGES")
    return found


def fields(template):
    return sorted({f for _, f, _, _ in string.Formatter().parse(template) if f})


def test_the_main_games_write_templated_reasons():
    where = {w.split(":")[0] for w in templates().values()}
    assert {"koi_koi.py", "_go_stop_round.py", "hachi_hachi.py"} <= where


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_every_template_is_translated_with_the_same_placeholders(lang):
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        cat = read_po(f)
    missing, wrong = [], []
    for t, where in templates().items():
        m = cat.get(t)
        if not (m and m.string):
            missing.append(where)
        elif fields(m.string) != fields(t):
            wrong.append(where)
    assert not missing, f"{len(missing)} templates lack a {lang} translation: {missing[:5]}"
    assert not wrong, f"placeholders differ in the {lang} translation: {wrong[:5]}"


def _templates_in(obj):
    if isinstance(obj, dict):
        if isinstance(obj.get("template"), str):
            yield obj["template"]
        for v in obj.values():
            yield from _templates_in(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _templates_in(v)


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_templates_built_at_run_time_are_translated_too(lang):
    """Some templates are composed from fixed pieces (one per number of yaku, say): every
    template in the results of each game's round example is in the catalogue."""
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        cat = read_po(f)
    seen = {t for g in tally.GAMES.values()
            for t in _templates_in(tally.score_round(g.id, g.round_example).to_dict())}
    assert seen
    missing = sorted(t for t in seen if not (cat.get(t) and cat.get(t).string))
    assert not missing, f"{len(missing)} templates lack a {lang} translation: {missing[:3]}"


@pytest.fixture()
def client(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite")}).test_client()


def test_the_api_says_the_breakdown_in_the_readers_language(client):
    rnd = tally.get_game("koi-koi").round_example  # K11: koi-koi x2 on akatan 6
    en = client.post("/api/v1/games/koi-koi/score", json=rnd).get_json()
    ja = client.post("/api/v1/games/koi-koi/score", json=rnd,
                     headers={"Accept-Language": "ja"}).get_json()
    en_steps = [s for p in en["players"] for s in p["steps"]]
    ja_steps = [s for p in ja["players"] for s in p["steps"]]
    assert all("said" not in s for s in en_steps)  # English readers get the reason itself
    templated = [s for s in ja_steps if "template" in s]
    assert templated, "the koi-koi breakdown carries templates"
    for s in templated:
        assert s["said"] != s["reason"] and \
            s["reason"] == s["template"].format(**in_words(s["params"]))
    assert [s["reason"] for s in ja_steps] == [s["reason"] for s in en_steps]


@pytest.mark.parametrize("game", sorted(tally.GAMES))
def test_every_breakdown_sentence_of_a_game_has_a_template(game):
    """No game writes a step or payment reason the pages cannot translate."""
    d = tally.score_round(game, tally.get_game(game).round_example).to_dict()
    lines = [s for p in d["players"] for s in p["steps"]] + d["payments"]
    plain = [x["reason"] for x in lines if x.get("reason") and "template" not in x]
    assert not plain, plain[:3]


def test_flower_and_card_parameters_are_said_by_name(client):
    """A Go-Stop shaking step names its month: on a Korean page the month is 단풍 (the maple's
    Korean name, cards.md), not the id "maple"."""
    rnd = dict(tally.get_game("go-stop").round_example)  # Ana shakes maple (go-stop docs)
    ko = client.post("/api/v1/games/go-stop/score", json=rnd,
                     headers={"Accept-Language": "ko"}).get_json()
    shaking = [s for p in ko["players"] for s in p["steps"] if s["id"] == "heundeum"]
    assert shaking and shaking[0]["params"]["month"] == "maple"
    assert "단풍" in shaking[0]["said"] and "maple" not in shaking[0]["said"]


def test_combination_names_in_a_sentence_are_translated(client):
    """Hachi-juu Hana names a yaku inside its step sentence; a Japanese reader sees the
    catalogue's name for it, not the English one."""
    rnd = tally.get_game("hachi-juu-hana").round_example
    ja = client.post("/api/v1/games/hachi-juu-hana/score", json=rnd,
                     headers={"Accept-Language": "ja"}).get_json()
    named = [s for p in ja["players"] for s in p["steps"] if "yaku" in s.get("params", {})]
    assert named
    for s in named:
        assert s["params"]["yaku"] not in s["said"]


@pytest.mark.parametrize("game", sorted(tally.GAMES))
def test_every_note_and_choice_of_a_game_has_a_template(game):
    """Notes and choices travel as sentences ({text, template, params}) like steps do, so an
    API client or a page can say them in Japanese or Korean too."""
    d = tally.score_round(game, tally.get_game(game).round_example).to_dict()
    lines = d["notes"] + [c for p in d["players"] for c in p.get("choices", [])]
    assert all(isinstance(x, dict) and x["text"] for x in lines)
    plain = [x["text"] for x in lines if "template" not in x]
    assert not plain, plain[:3]


def test_notes_and_choices_are_said_in_the_readers_language(client):
    """Hachi-juu Hana's example lets two willow cards stand in for pine: the choice names the
    cards, and a Japanese reader sees the cards' names (cards.md), not their slugs."""
    rnd = tally.get_game("hachi-juu-hana").round_example
    ja = client.post("/api/v1/games/hachi-juu-hana/score", json=rnd,
                     headers={"Accept-Language": "ja"}).get_json()
    choices = [c for p in ja["players"] for c in p.get("choices", [])]
    assert choices and all("said" in c for c in choices)
    stand_in = next(c for c in choices if c["params"].get("cards") == "willow-rainman, willow-swallow")
    assert "柳に小野道風" in stand_in["said"] and "willow" not in stand_in["said"]
    notes = ja["notes"]
    assert notes and all(n["said"] != n["text"] for n in notes)
    en = client.post("/api/v1/games/hachi-juu-hana/score", json=rnd).get_json()
    assert all("said" not in n for n in en["notes"])  # English readers get the text itself


@pytest.mark.parametrize("key, value, shown, gone", [
    # a list of card slugs, under any parameter name
    ("cards", "joker-a, joker-b", None, "joker-"),
    # flower ids under a flower parameter: said by name, joined with the Japanese comma
    ("months", "cherry, clover", "桜、萩", "cherry"),
    # combinations with their points after them, joined by " + "
    ("combos", "Any 7 Chaffs (40) + Any 4 of a Kind & Any 3 of a Kind (200)", None, "Any"),
    ("yaku", "poetry_ribbons, boar_deer_butterfly", None, "_"),
    # a player's name is never taken for a flower
    ("player", "maple", "maple", None),
])
def test_list_parameters_are_said_part_by_part(key, value, shown, gone):
    from tally.i18n import say
    app = create_app({"TESTING": True, "DATABASE": ":memory:"})
    with app.test_request_context("/?lang=ja"):
        out = say("{%s}" % key, {key: value})
    if shown is not None:
        assert out == shown
    if gone is not None:
        assert gone not in out, out
    assert ("(40)" in out and "(200)" in out) == ("(40)" in value)


def test_the_evaluate_endpoint_says_its_choices(client):
    """Go-Stop's sake cup counts as animal or double junk, whichever is better for the pile
    (go-stop.md section 2.3): the choice comes back as a sentence, said in Korean."""
    ko = client.post("/api/v1/games/go-stop/evaluate", json={"cards": [
        "chrysanthemum-sake", "pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2",
        "cherry-chaff-1", "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2"]},
        headers={"Accept-Language": "ko"}).get_json()
    assert ko["choices"] and all({"text", "template", "said"} <= set(c) for c in ko["choices"])
    assert all(c["said"] != c["text"] for c in ko["choices"])


# the games whose notes name their house rules by id: the patience games list the variations
# played ("variations: {variations}"), Higo-Bana its doubling rule, Hana-Rumi its
# exhausted-pile rule ({option})
NAMED_OPTIONS = {
    **{g: None for g in ("eight-off", "pyramid", "seasons", "solitaire")},  # every option
    "higo-bana": ("lead_50_card_value", "lead_50_final_score", "lead_100_final_score"),
    "hana-rumi": ("exhausted_scores", "exhausted_void", "exhausted_reshuffle"),
}


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_house_rules_named_in_a_sentence_have_names(lang):
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        cat = read_po(f)
    missing = []
    for game, ids in NAMED_OPTIONS.items():
        g = tally.get_game(game)
        known = {o.id for o in g.options}
        assert ids is None or set(ids) <= known, (game, set(ids) - known)
        missing += [(game, i) for i in (ids or known)
                    if not (cat.get(i) and cat.get(i).string)]
    assert not missing, missing


def test_variations_are_said_by_name(client):
    """Pyramid with draw_three and blocked on: the note lists the variations, and a Korean
    reader sees their names, not the option ids."""
    rnd = dict(tally.get_game("pyramid").round_example)
    body = {**rnd, "options": {"draw_three": True, "blocked": True}}
    ko = client.post("/api/v1/games/pyramid/score", json=body,
                     headers={"Accept-Language": "ko"}).get_json()
    note = next(n for n in ko["notes"] if n.get("template") == "variations: {variations}")
    assert "draw three" in note["text"] and "draw_three" in note["params"]["ids"]
    assert "draw_three" not in note["said"]
    assert "blocked" not in note["said"]


def test_an_engine_error_is_said_in_the_readers_language(client):
    """A card tapped into two piles: the 422 error names the card, and a Japanese reader gets
    the message in Japanese with the card's name (cards.md) and the game's name."""
    rnd = dict(tally.get_game("koi-koi").round_example)
    rnd["captures"] = {"Aki": ["pine-crane", "pine-crane"], "Bo": []}
    ja = client.post("/api/v1/games/koi-koi/score", json=rnd,
                     headers={"Accept-Language": "ja"})
    assert ja.status_code == 422
    err = ja.get_json()["errors"][0]
    assert err["card"] == "pine-crane" and "listed twice" in err["message"]
    assert err["template"] == "{who}card {card!r} is listed twice"
    assert "松に鶴" in err["said"] and "pine-crane" not in err["said"]
    en = client.post("/api/v1/games/koi-koi/score", json=rnd).get_json()["errors"][0]
    assert "said" not in en and en["message"] == err["message"]


# the errors a player or API client can see: the engine's, and the store's and API's
ERRORS = {"TallyError", "StoreError", "NotFound", "Conflict", "Unauthorized", "Forbidden",
          "PreconditionRequired"}


def test_every_engine_error_is_a_sentence():
    """No error a player can see is raised with a bare English string or f-string: each
    message is a said() sentence, so a Japanese or Korean table reads what went wrong in its
    language."""
    bare = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ERRORS \
                    and node.args and isinstance(node.args[0], (ast.JoinedStr, ast.Constant,
                                                                ast.BinOp)):
                bare.append(f"{path.relative_to(ENGINE)}:{node.lineno}")
    assert not bare, bare


def test_a_session_error_is_said_in_the_readers_language(client):
    """Undo on a session with no rounds: the 409 says so in Korean for a Korean reader."""
    s = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["A", "B"]}).get_json()
    r = client.post(f"/api/v1/sessions/{s['id']}/undo?t={s['edit_token']}",
                    headers={"If-Match": f'"{s["version"]}"', "Accept-Language": "ko"})
    assert r.status_code == 409
    err = r.get_json()["errors"][0]
    assert err["message"] == "nothing to undo" and err["said"] == "되돌릴 것이 없습니다"
