"""Issue 9, section 3 (plain words): a table counts a round's events from 1, so every sentence a
player reads names the first event "event 1" (ja "1番目の出来事", ko "1번째 상황": docs/glossary.md),
while the error's machine-readable ``field`` stays the 0-based JSON path into the input
("events.0...").

Each invalid round is a game's ``round_example`` whose FIRST event is made wrong (a value the
event does not take, a player not at the table, a key it lacks); the expected place, 1, is how
the issue says a table counts, not a number read from our own output. Two rounds more name two
events in one sentence (a koi-koi called after the stop that ended the round: event 2 after
event 1).
"""

from __future__ import annotations

import copy
import re

import pytest

import tally
from tally.errors import TallyError

# the words a sentence uses to name an event by its place, per language, and the place after
PLACE = {"en": re.compile(r"\bevent\s*(\d+)"), "ja": re.compile(r"(\d+)番目の出来事"),
         "ko": re.compile(r"(\d+)번째 상황")}


def _example(game: str) -> dict:
    return copy.deepcopy(tally.get_game(game).round_example)


def _first_event(game: str, event: dict) -> dict:
    """The example round with ``event`` as its first event (in place of the example's own
    first event, or ahead of none)."""
    body = _example(game)
    events = list(body.get("events") or [])
    body["events"] = [event, *events[1:]]
    return body


def _first_changed(game: str, **changes) -> dict:
    """The example round with its own first event given wrong values."""
    body = _example(game)
    body["events"][0].update(changes)
    return body


def _events(game: str, *events: dict) -> dict:
    return {**_example(game), "events": list(events)}


def _hiki_of_no_flower(game: str) -> dict:
    return _first_event(game, {"type": "hiki_formed", "player": _example(game)["players"][0],
                               "flower": "no_such_flower"})


def _poka_card_dealt_to_other() -> dict:
    """A's first event shows A's 6 dealt cards; B's hand holds one of them."""
    body = _first_event("poka", {"type": "teyaku", "player": "A", "cards": [
        "pine-chaff-1", "pine-chaff-2", "pine-crane", "pine-poetry", "cherry-chaff-2",
        "maple-deer"]})
    body["events"].append(_example("poka")["events"][0])
    body["hands"] = {"A": ["pine-chaff-2"], "B": ["pine-chaff-1"]}
    return body


# game -> the round whose first event is wrong
FIRST_WRONG = {
    "go-stop": _first_event("go-stop", {"type": "junk_transfer", "player": "Bo", "from": "Cy",
                                        "card": "pine-chaff-1"}),
    "hachi": _hiki_of_no_flower("hachi"),
    "hachi-hachi": _first_changed("hachi-hachi", choice="maybe"),
    "hachi-juu-hana": _first_event("hachi-juu-hana", {"type": "willow_assignment",
                                                      "player": "A", "assign": 5}),
    "hachi-simplified": _hiki_of_no_flower("hachi-simplified"),
    "hana-awase-1": _hiki_of_no_flower("hana-awase-1"),
    "hana-awase-2": _first_changed("hana-awase-2", player="Zed"),
    "higo-bana": _first_event("higo-bana", {"type": "wild_capture", "player": "A",
                                            "card": "pine-crane"}),
    "hiyoko": _first_changed("hiyoko", player="Zed"),
    "hiyoko-simplified": _first_changed("hiyoko-simplified", player="Zed"),
    "isuri": _first_changed("isuri", player="Zed"),
    "isuri-simplified": _first_changed("isuri-simplified", player="Zed"),
    "kage": _first_event("kage", {"type": "auto_win", "player": "A", "yaku": "no_such_yaku"}),
    "koi-koi": _first_changed("koi-koi", forced="maybe"),
    "matching-flowers": _hiki_of_no_flower("matching-flowers"),
    "min-hwatu": _hiki_of_no_flower("min-hwatu"),
    "mushi": _first_changed("mushi", card="no-such-card"),
    "oni-koi-koi": _first_changed("oni-koi-koi", forced="maybe"),
    "poka": _first_event("poka", {"type": "teyaku", "player": "A", "yaku": "no_such_yaku"}),
    # the house rule that has a fourth joker is off in the example
    "seasons": _first_event("seasons", {"type": "fourth_joker", "player": "Aki"}),
    "simplified-game": _hiki_of_no_flower("simplified-game"),
    "six-hundred": _first_changed("six-hundred", combinations="hand_all_chaff"),
    "sudaoshi": _first_changed("sudaoshi", combo="no_such_combo"),
    "tensho": _first_changed("tensho", by="vote"),
    "tensho-simplified": _first_changed("tensho-simplified", **{"from": "pocket"}),
}

# (id, game, round, the places the sentence names in order, the start of the field)
CASES = [(g, g, body, [1], "events.0") for g, body in sorted(FIRST_WRONG.items())] + [
    ("koi-koi-call-after-stop", "koi-koi",
     _events("koi-koi", {"type": "stop", "player": "Aki"}, {"type": "koi_koi", "player": "Bo"}),
     [2, 1], "events.1"),
    ("oni-koi-koi-call-after-stop", "oni-koi-koi",
     _events("oni-koi-koi", {"type": "stop", "player": "A"}, {"type": "koi_koi", "player": "B"}),
     [2, 1], "events.1"),
    # the checks the capture games share: an event the game does not have, a key it lacks
    ("hachi-juu-hana-misdeal", "hachi-juu-hana",
     _first_event("hachi-juu-hana", {"type": "misdeal"}), [1], "events.0"),
    ("sudaoshi-unknown-key", "sudaoshi", _first_changed("sudaoshi", colour="red"), [1],
     "events.0"),
    # a sentence about a hand that names the event its card was dealt in
    ("poka-card-dealt-to-other", "poka", _poka_card_dealt_to_other(), [1], "hands.B"),
]


def test_every_game_with_events_has_a_case():
    assert set(FIRST_WRONG) == {g for g, game in tally.GAMES.items() if game.events}


@pytest.mark.parametrize("game, body, places, field", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_engine_names_the_event_by_its_place(game, body, places, field):
    with pytest.raises(TallyError) as caught:
        tally.score_round(game, body)
    err = caught.value
    assert [int(n) for n in PLACE["en"].findall(str(err))] == places, str(err)
    assert err.field == field or err.field.startswith(field + "."), err.field


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = tally.create_app({"TESTING": True,
                            "DATABASE": str(tmp_path_factory.mktemp("ord") / "t.sqlite")})
    return app.test_client()


@pytest.mark.parametrize("lang", ("en", "ja", "ko"))
@pytest.mark.parametrize("game, body, places, field", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_api_names_the_event_by_its_place(client, lang, game, body, places, field):
    r = client.post(f"/api/v1/games/{game}/score", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_json()
    err = r.get_json()["errors"][0]
    text = err["message"] if lang == "en" else err["said"]
    assert [int(n) for n in PLACE[lang].findall(text)] == places, text
    assert err["field"] == field or err["field"].startswith(field + "."), err["field"]
