"""Issue 9, section 3 (engine side), for every game: a scored round explains itself in player
words, in English and as the API says it in Japanese and Korean. No sentence of a result (step,
payment, note, choice, a combination's note) and no error message names an option id, a digest
section ("(5.8)", "§10.1", "section 3"), a source file ("capture-basics.md") or a raw value
("true", "none"). The ids stay in their own fields (a step's ``id``, an error's ``field``).

Each game's ``round_example`` is scored under every preset and with each on/off house rule
turned the other way, so the sentences the house rules add are searched too (a flip the example
cannot be scored under, such as one of two rules that go together, is passed over). A few invalid
rounds per game check the errors a table meets most: a mistyped card, a card tapped twice, a
dealer who is not at the table.
"""

from __future__ import annotations

import copy
import re

import pytest

import tally
from tally.options import BOOL

from test_plain_words_results import CHECKS, sentences

LANGS = ("en", "ja", "ko")
PLAIN = {
    **CHECKS,
    "file path": re.compile(r"shared/rules|\b[\w./-]+\.(?:md|py|ts|js|txt)\b", re.ASCII),
    "raw value": re.compile(r"\b(?:true|false|none|null|None|True|False)\b", re.ASCII),
}
GAMES = sorted(tally.GAMES)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = tally.create_app({"TESTING": True,
                            "DATABASE": str(tmp_path_factory.mktemp("pwa") / "t.sqlite")})
    return app.test_client()


def leaks(game: str, said: list[str], given: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """What each sentence shows that a player should not read. ``given``: values the caller
    typed (an error may repeat them to say what is wrong)."""
    ids = {o.id for o in tally.get_game(game).options if "_" in o.id}
    found = []
    for text in said:
        for value in given:
            text = text.replace(repr(value), "").replace(value, "")
        found += [(what, text) for what, pattern in PLAIN.items() if pattern.search(text)]
        found += [("option id", text) for i in ids if re.search(rf"\b{re.escape(i)}\b", text)]
    return found


def scored(client, game, body, lang):
    r = client.post(f"/api/v1/games/{game}/score", json=body,
                    headers={"Accept-Language": lang})
    assert r.status_code in (200, 422), (r.status_code, r.get_json())
    return r.status_code, r.get_json()


def variants(game: str):
    """(label, preset, options): every preset, then each on/off house rule flipped."""
    g = tally.get_game(game)
    out = [(f"preset {p.id}", p.id, {}) for p in g.presets]
    rules = g.rules()
    out += [(f"{o.id} flipped", None, {o.id: not rules[o.id]})
            for o in g.options if o.type == BOOL]
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_says_its_round_in_player_words(client, game, lang):
    example = tally.get_game(game).round_example
    found, scored_ok = {}, 0
    for label, preset, options in variants(game):
        body = {**copy.deepcopy(example), "options": options,
                **({"preset": preset} if preset else {})}
        status, out = scored(client, game, body, lang)
        if status != 200:  # a house rule that needs another one or a round key: no round
            continue
        scored_ok += 1
        bad = leaks(game, list(sentences(out, lang)))
        if bad:
            found[label] = bad[:2]
    assert scored_ok, f"{game}: the round example scores under no preset"
    assert not found, f"{game} ({lang}): {found}"


def invalid_rounds(game: str):
    """Rounds a table gets wrong: (what, round, the values typed)."""
    g = tally.get_game(game)
    example = g.round_example
    out = []
    pile = example.get(g.pile_key) if g.pile_key else None
    if isinstance(pile, dict) and any(pile.values()):
        who = next(p for p, cards in pile.items() if cards)
        rnd = copy.deepcopy(example)
        rnd[g.pile_key][who] = ["pine-cran"] + list(rnd[g.pile_key][who])[1:]
        out.append(("mistyped card", rnd, ("pine-cran",)))
        twice = copy.deepcopy(example)
        twice[g.pile_key][who] = list(twice[g.pile_key][who]) * 2
        out.append(("card listed twice", twice, ()))
    # the patience games: their cards are one list (the cards left, placed ...)
    for key, cards in example.items():
        if not out and isinstance(cards, list) and cards and all(c in tally.CARD for c in cards):
            out.append(("mistyped card", {**copy.deepcopy(example),
                                          key: ["pine-cran"] + cards[1:]}, ("pine-cran",)))
    for key, count in example.items():  # or a count (Eight Off, Solitaire)
        if not out and type(count) is int:
            out.append(("count below zero", {**copy.deepcopy(example), key: -1}, ("-1",)))
    if "dealer" in example:
        out.append(("dealer not at the table", {**copy.deepcopy(example), "dealer": "Zed"},
                    ("Zed",)))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_errors_of_every_game_are_plain_and_name_what_is_wrong(client, game, lang):
    cases = invalid_rounds(game)
    assert cases
    for what, rnd, given in cases:
        status, out = scored(client, game, rnd, lang)
        assert status == 422, (what, out)
        errors = out["errors"]
        said = [e.get("said", e["message"]) if lang != "en" else e["message"] for e in errors]
        assert not leaks(game, said, given), (what, said)
        # concrete: the error points at the field, and says the value that is wrong
        assert all(e.get("field") for e in errors), (what, errors)
        if what == "mistyped card":
            assert any("pine-cran" in s for s in said), said
