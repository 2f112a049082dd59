"""Issue 9, section 3, the errors: every game's errors say what is wrong in player words, in
English and, through the API, in Japanese and Korean. An event is named as its button says it
("Deck exhausted"), a house rule by its description, a round key in words ("the dealer"), the
game by its name ("Hachi (Simplified)", not "hachi-simplified"). No id or key in snake_case,
no list of ids after "known:", no section number, no raw "true"/"none" appears in a message;
the machine-readable parts stay in the error's own fields (``field``, ``option``, ``event``,
``known``), so an API client loses nothing.

The invalid rounds are the example round of each game with one thing a table or a client gets
wrong: an event type the game does not have, an event naming a player who is not at the
table, a required key left out, two house rules that cannot both be on, a house rule that does
not exist or has a wrong value, a carry that is not the previous round's.
"""

from __future__ import annotations

import copy
import re

import pytest

import tally
from tally.options import BOOL

from test_plain_words_results_all import PLAIN

LANGS = ("en", "ja", "ko")
GAMES = sorted(tally.GAMES)
NOT_AT_TABLE = "Zed"
KNOWN_LIST = re.compile(r"known:|使える(?:イベント|出来事)|가능한 (?:이벤트|상황)|使える ID|가능한 ID",
                        re.IGNORECASE)


@pytest.fixture(scope="module")
def catalogues():
    from babel.messages.pofile import read_po
    out = {}
    for lang in ("ja", "ko"):
        with open(f"tally/translations/{lang}/LC_MESSAGES/messages.po", "rb") as f:
            out[lang] = read_po(f)
    return out


def templates_of(item: dict):
    """The error's template and those of the sentences among its params."""
    if isinstance(item.get("template"), str):
        yield item["template"]
    for v in (item.get("params") or {}).values():
        if isinstance(v, dict):
            yield from templates_of(v)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = tally.create_app({"TESTING": True,
                            "DATABASE": str(tmp_path_factory.mktemp("pwe") / "t.sqlite")})
    return app.test_client()


def example(game: str) -> dict:
    return copy.deepcopy(tally.get_game(game).round_example)


def first_player(game: str) -> str:
    return example(game)["players"][0]


def invalid_rounds(game: str):
    """(what, body, the values typed, the field the error must name)."""
    g = tally.get_game(game)
    out = []
    if g.events:
        out.append(("unknown event", {**example(game), "events": [
            {"type": "no_such_event", "player": first_player(game)}]},
            ("no_such_event",), "events.0"))
        per_player = next((e for e in g.events if e.per_player), None)
        if per_player is not None:
            out.append(("event of a player not at the table", {**example(game), "events": [
                {"type": per_player.id, "player": NOT_AT_TABLE}]}, (NOT_AT_TABLE,),
                "events.0"))
    required = [i.key for i in g.inputs if i.required and i.key in g.round_example]
    if g.pile_key and g.pile_key in g.round_example:
        required.append(g.pile_key)
    for key in required[:2]:
        body = example(game)
        del body[key]
        out.append((f"{key} left out", body, (), None))
    body = example(game)
    del body["players"]
    out.append(("players left out", body, (), "players"))
    rules = g.rules()
    pair = next(((o.id, x) for o in g.options for x in o.excludes), None)
    if pair:
        out.append(("two rules that cannot both be on",
                    {**example(game), "options": {pair[0]: True, pair[1]: True}}, (),
                    "options."))
    flag = next((o for o in g.options if o.type == BOOL), None)
    if flag is not None:
        out.append(("a rule set to a word", {**example(game), "options": {flag.id: "yes"}},
                    ("yes",), f"options.{flag.id}"))
    out.append(("a rule the game does not have",
                {**example(game), "options": {"no_such_rule": True}}, ("no_such_rule",),
                "options.no_such_rule"))
    out.append(("a preset the game does not have",
                {**example(game), "preset": "no_such_preset"}, ("no_such_preset",), "preset"))
    assert rules is not None
    out.append(("a carry that is not an object", {**example(game), "carry": 5}, ("5",),
                "carry"))
    return out


def scored(client, game, body, lang):
    r = client.post(f"/api/v1/games/{game}/score", json=body,
                    headers={"Accept-Language": lang})
    assert r.status_code in (200, 422), (r.status_code, r.get_json())
    return r.status_code, r.get_json()


def not_plain(game: str, text: str, given: tuple[str, ...]) -> list[str]:
    """What a message shows that a player should not read (the values typed aside)."""
    for value in given:
        text = text.replace(repr(value), "").replace(value, "")
    found = [what for what, pattern in PLAIN.items() if pattern.search(text)]
    g = tally.get_game(game)
    ids = {o.id for o in g.options} | {e.id for e in g.events} | {i.key for i in g.inputs}
    found += [f"id {i}" for i in ids if "_" in i and re.search(rf"\b{re.escape(i)}\b", text)]
    if KNOWN_LIST.search(text):
        found.append("a list of known ids")
    # a game id of several words ("hachi-simplified"); a one-word id is also a plain word
    if "-" in game and re.search(rf"(?<![\w-]){re.escape(game)}(?![\w-])", text):
        found.append("the game's id")
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_error_of_every_game_is_said_in_player_words(client, catalogues, game, lang):
    bad = {}
    for what, body, given, field in invalid_rounds(game):
        status, out = scored(client, game, body, lang)
        if status == 200:  # the game takes the round anyway (it reads no carry, say)
            assert what in ("a carry that is not an object",) or what.endswith("left out") \
                and what != "players left out", (what, out)
            continue
        for e in out["errors"]:
            said = e["message"] if lang == "en" else e.get("said", e["message"])
            found = not_plain(game, said, given)
            if found:
                bad[what] = (found, said)
            # the key at fault still travels in the field
            assert e.get("field"), (what, e)
            if field is not None:
                assert e["field"].startswith(field), (what, e["field"], field)
            if lang != "en":
                assert e.get("said") and e["said"] != e["message"], (what, e)
                untranslated = [t for t in templates_of(e) if not (
                    catalogues[lang].get(t) and catalogues[lang].get(t).string)]
                assert not untranslated, (what, untranslated)
    assert not bad, bad


def test_an_unknown_event_keeps_its_id_and_the_known_ones_in_fields(client):
    """The message says the event is not one of the game's; a program reads which ones are
    from ``known``, and the one it sent from ``event``."""
    body = {**example("kage"), "events": [{"type": "no_such_event", "player": "A"}]}
    status, out = scored(client, "kage", body, "en")
    err = out["errors"][0]
    assert status == 422 and err["event"] == "no_such_event"
    assert "deck_exhausted" in err["known"] and "deck_exhausted" not in err["message"]
    assert err["field"] == "events.0"


def test_an_event_is_named_as_its_button_says_it(client):
    """Kage: a "Deck exhausted" event for a player not at the table. English names the event
    as the record page's button; Japanese and Korean as the catalogue does (the same words the
    button shows there)."""
    body = {**example("kage"), "events": [{"type": "deck_exhausted", "player": NOT_AT_TABLE}]}
    _, en = scored(client, "kage", body, "en")
    err = en["errors"][0]
    assert '"Deck exhausted"' in err["message"] and err["message"].startswith("Kage: ")
    assert err["event"] == "deck_exhausted" and err["player"] == NOT_AT_TABLE
    assert err["field"] == "events.0.player"
    from babel.messages.pofile import read_po
    for lang in ("ja", "ko"):
        with open(f"tally/translations/{lang}/LC_MESSAGES/messages.po", "rb") as f:
            button = read_po(f).get("deck exhausted").string
        _, out = scored(client, "kage", body, lang)
        assert button in out["errors"][0]["said"], (lang, out["errors"][0]["said"])


def test_rules_that_cannot_both_be_on_are_named_by_their_descriptions(client):
    g = tally.get_game("eight-off")
    a, b = (o for o in g.options if o.id in ("eight_open_reserves", "four_reserves"))
    body = {**example("eight-off"), "options": {a.id: True, b.id: True}}
    _, en = scored(client, "eight-off", body, "en")
    err = en["errors"][0]
    assert a.description in err["message"] and b.description in err["message"]
    assert err["option"] == b.id and err["field"] == f"options.{b.id}"
    assert set(err["known"]) == {a.id, b.id}


SNAKE_ID = re.compile(r"\b[a-z0-9]*[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9]\b")


def _with(game: str, drop: tuple[str, ...] = (), **changes) -> dict:
    body = {k: v for k, v in example(game).items() if k not in drop}
    return {**body, **changes}


def _hiki_kabu_declared_triple() -> dict:
    body = example("hiki-kabu")
    del body["hands"]["Ana"]
    return {**body, "totals": {"Ana": {"first": 3, "total": 9, "triple": "yes"}}}


# (game, round, the values typed (which a message may quote back), the field at fault): the
# errors of the quick entries, declared outcomes and carries a table types in by hand
GAME_ERRORS = [
    ("sota", _with("sota", ("hands",), outcome={"winner": "Ana", "hand": "crane_moon",
                                                 "points": 7}), (), "outcome.points"),
    ("sota", _with("sota", ("hands",), outcome={"winner": "Ana", "hand": "crane_moon",
                                                 "cards": []}), (), "outcome"),
    ("sota", _with("sota", ("hands",), outcome={"draw": "yes"}), ("yes",), "outcome.draw"),
    ("oicho-kabu", _with("oicho-kabu", ("hands",), dealer_total={"total": 3, "cards": []}), (),
     "dealer_total"),
    ("oicho-kabu", _with("oicho-kabu", max_bet=90, options={"max_bet": 100}), (), "max_bet"),
    ("oicho-kabu", _with("oicho-kabu", column_totals=[{"column": 1, "total": 4}]), (),
     "columns.0"),
    ("hiki-kabu", _hiki_kabu_declared_triple(), ("yes",), "totals.Ana.triple"),
    ("hana-rumi", _with("hana-rumi", exhausted=True), (), "went_out"),
    ("hana-rumi", _with("hana-rumi", ("went_out",), exhausted=True,
                        options={"exhausted_scores": False, "exhausted_reshuffle": True}), (),
     "exhausted"),
    ("pyramid", {"players": ["Aki"], "left": 5, "result": "win"}, (), "result"),
    ("pyramid", {"players": ["Aki"]}, (), "result"),
    ("simplified-game", _with("simplified-game", events=[
        {"type": "misdeal", "reason": "hand_four_pairs"}]), (), "events.0.player"),
    ("simplified-game", _with("simplified-game", carry={"round": -1}), ("-1",), "carry.round"),
    ("hachi", _with("hachi", length=6), ("6",), "length"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,body,given,field", GAME_ERRORS,
                         ids=[f"{g}-{f}" for g, _, _, f in GAME_ERRORS])
def test_quick_entry_and_carry_errors_name_things_in_player_words(client, catalogues, game,
                                                                  body, given, field, lang):
    """The error names the hand (Crane and Moon), the input (the dealer's total, "Three of one
    month"), the house rule (by its description), the result (a win) in words, in en / ja /
    ko; the key at fault stays in ``field``."""
    status, out = scored(client, game, body, lang)
    assert status == 422, out
    err = out["errors"][0]
    assert err["field"] == field
    text = err["message"] if lang == "en" else err["said"]
    for value in given:
        text = text.replace(repr(value), "").replace(value, "")
    assert not SNAKE_ID.search(text), text
    assert not PLAIN["raw value"].search(text), text
    assert "{" not in text and "." + field.split(".")[-1] not in text, text
    if lang != "en":
        assert text != err["message"]
        assert all(catalogues[lang].get(t) and catalogues[lang].get(t).string
                   for t in templates_of(err)), list(templates_of(err))
