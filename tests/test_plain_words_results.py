"""Issue 9, section 3 (engine side), for the games of issue 10: a scored round explains itself
in player words. Every sentence of the result (each step's reason, each payment's, the notes,
how a card was counted, a combination's note), in English and as the API says it in Japanese
and Korean, names no option id, no digest section or ambiguity number ("(5.8)", "(A4)") and
no source tag ("[P var]"). The machine-readable ids stay in their own fields (a step's ``id``).

Each round turns several house rules on, so the sentences they add are searched too.
"""

from __future__ import annotations

import re

import pytest

import tally

LANGS = ("en", "ja", "ko")
CHECKS = {
    "internal id": re.compile(r"\b[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*_\w*[A-Za-z0-9]\b", re.ASCII),
    "section number": re.compile(r"\(\d+\.\d+|\b\d+\.\d+[a-z]?\)|§|\bsections? \d|\(A\d+\)"
                                 r"|\b\d+ A\d+\b|\d節|\d절", re.ASCII),
    "source tag": re.compile(r"\[|\b[PBE]\d? var\b"),
}

K_POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
K_TENS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]


def _koi(captures, events, **extra):
    return {"players": ["A", "B"], "dealer": "A", "captures": captures, "events": events,
            **extra}


KOI_KOI = [
    # koi-koi counted per call, lucky 7 one more, the opening-field bright, stealing points
    (_koi({"A": K_POETRY + K_TENS + ["pine-crane", "cherry-curtain", "pampas-moon"]},
          [{"type": "opening_field_brights", "count": 2}, {"type": "koi_koi", "player": "A"},
           {"type": "koi_koi", "player": "B"}, {"type": "stop", "player": "A"}]),
     None, {"koikoi_multiplier": True, "lucky_7": True, "lucky_7_triple": True,
            "bright": True, "steal_points": True, "first_to_50": True}),
    # the rain in the pile voids both views; challenge: the stopper's own call does not count
    (_koi({"A": ["pine-crane", "cherry-curtain", "pampas-moon", "chrysanthemum-sake",
                 "willow-lightning"]},
          [{"type": "koi_koi", "player": "A"}, {"type": "stop", "player": "A"}]),
     None, {"rain_voids_views": True, "challenge": True}),
    # hanafuda-js: the month and the weather; a view out of season, the month's four cards
    (_koi({"A": ["cherry-curtain", "chrysanthemum-sake", "pine-crane", "pine-poetry",
                 "pine-chaff-1", "pine-chaff-2"]},
          [{"type": "stop", "player": "A"}], month="pine", weather="foggy"),
     "hanafuda_js", {}),
    # KoiKoi-AI: a round nobody stops is the dealer's; double or nothing
    (_koi({}, [{"type": "koi_koi", "player": "B"}]), "koikoi_ai", {}),
    # views with friends and rain and fog
    (_koi({"A": ["cherry-curtain", "chrysanthemum-sake", "pampas-moon"]},
          [{"type": "field_at_stop", "willow": True, "paulownia": False},
           {"type": "stop", "player": "A"}]), None, {"rain_and_fog": True}),
    (_koi({"A": K_POETRY + ["wisteria-ribbon", "iris-ribbon"],
           "B": ["cherry-curtain", "chrysanthemum-sake"]}, [{"type": "stop", "player": "A"}]),
     None, {"views_with_friends": True, "winner_scores_all_yaku": True}),
]

BRIGHT3 = ["pine-crane", "cherry-curtain", "pampas-moon"]
JUNK = ["pine-chaff-1", "pine-chaff-2", "plum-chaff-1", "plum-chaff-2", "cherry-chaff-1",
        "cherry-chaff-2", "wisteria-chaff-1", "wisteria-chaff-2", "iris-chaff-1",
        "iris-chaff-2", "peony-chaff-1", "peony-chaff-2"]


def _gs(captures, events, players=None, **extra):
    players = players or list(captures)
    return {"players": players, "dealer": players[0], "captures": captures, "events": events,
            "check_calls": False, **extra}


GO_STOP = [
    (tally.get_game("go-stop").round_example, None, {}),
    # four playing, go-bak paying for everyone, money per point, ppuk runs, a first ttadak
    (_gs({"A": BRIGHT3 + JUNK[:10], "B": ["paulownia-phoenix"] + JUNK[10:12], "C": [],
          "D": ["willow-rainman", "chrysanthemum-sake"]},
         [{"type": "go", "player": "B", "score": 3}, {"type": "yeon_ppuk", "player": "C"},
          {"type": "sam_yeon_ppuk", "player": "D"},
          {"type": "first_turn_four_capture", "player": "A"},
          {"type": "ppuk", "player": "C", "month": "maple", "turn": 1},
          {"type": "stop", "player": "A"}]),
     "gostop_calculator", {"point_value": 100, "first_turn_ppuk_chips": 100,
                           "yeon_ppuk_chips": 200, "sam_yeon_ppuk_chips": 400}),
    # gostop-ts: reverse Go, both losers said Go, the sake cup read for points
    (_gs({"A": BRIGHT3 + ["chrysanthemum-sake"] + JUNK[:9], "B": JUNK[9:12],
          "C": ["chrysanthemum-blue"]},
         [{"type": "go", "player": "B", "score": 3}, {"type": "go", "player": "C", "score": 3},
          {"type": "go", "player": "A", "score": 4}, {"type": "stop", "player": "A"}]),
     "gostop_ts", {}),
    # the digest's variations: +2 gwang-bak, no captures no pay, no junk no pi-bak, the
    # Go formula, a bright seller with sets, a third ppuk that plays on
    (_gs({"A": BRIGHT3 + JUNK[:10], "B": [], "C": ["willow-rainman", "plum-warbler"]},
         [{"type": "go", "player": "A", "score": 4}, {"type": "go", "player": "A", "score": 5},
          {"type": "go", "player": "A", "score": 6}]
         + [{"type": "ppuk", "player": "C", "month": m, "turn": 2}
            for m in ("maple", "iris", "clover")]
         + [{"type": "chok", "player": "A"}, {"type": "stop", "player": "A"}],
         players=["A", "B", "C", "D"],
         sitting_out={"D": {"shows": ["paulownia-phoenix"] + ["wisteria-cuckoo",
                                                              "pampas-geese"][:0]}}),
     None, {"gwang_bak_mode": "plus_two", "no_captures_no_pay": True,
            "pi_bak_zero_exempt": True, "go_bonus_formula": "korean_common",
            "three_ppuk_ends_hand": False, "three_ppuk_chips": 2, "chok_steals": False}),
    # a nagari, then a void deal
    (_gs({}, [{"type": "nagari"}], players=["A", "B", "C"]), None, {}),
    (_gs({}, [{"type": "four_on_table"}], players=["A", "B"]), None, {}),
    # the scoreboard: any bomb doubles once
    (_gs({"A": BRIGHT3, "B": ["paulownia-phoenix"], "C": ["willow-rainman"]},
         [{"type": "bomb", "player": "B", "month": "maple"}, {"type": "stop", "player": "A"}]),
     "gostop_scoreboard", {}),
]

HACHI_HACHI = [
    (tally.get_game("hachi-hachi").round_example, None, {"multiple_multiplier": True}),
    (tally.get_game("hachi-hachi").round_example, None, {"carryover_multiplier": True}),
    (tally.get_game("hachi-hachi").round_example, "gk_traditional", {}),
    (tally.get_game("hachi-hachi").round_example, None, {"responsibility_penalty": True}),
]

ROUNDS = ([("koi-koi", *r) for r in KOI_KOI] + [("go-stop", *r) for r in GO_STOP]
          + [("hachi-hachi", *r) for r in HACHI_HACHI])


def sentences(obj, lang):
    """Every sentence of a result as the reader gets it: ``said`` in ja/ko (where there is
    one), else the English ``reason`` / ``text``."""
    if isinstance(obj, dict):
        for key in ("said", "reason", "text"):
            if isinstance(obj.get(key), str) and (key != "said" or lang != "en"):
                yield obj[key]
        for k, v in obj.items():
            if k != "params":
                yield from sentences(v, lang)
    elif isinstance(obj, list):
        for v in obj:
            yield from sentences(v, lang)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = tally.create_app({"TESTING": True,
                            "DATABASE": str(tmp_path_factory.mktemp("pw") / "t.sqlite")})
    return app.test_client()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game, rnd, preset, options", ROUNDS,
                         ids=[f"{g}-{i}" for i, (g, *_r) in enumerate(ROUNDS)])
def test_a_scored_round_says_it_in_player_words(client, lang, game, rnd, preset, options):
    body = {**rnd, "options": options, **({"preset": preset} if preset else {})}
    r = client.post(f"/api/v1/games/{game}/score", json=body,
                    headers={"Accept-Language": lang})
    assert r.status_code == 200, r.get_json()
    said = list(sentences(r.get_json(), lang))
    assert said
    ids = {o.id for o in tally.get_game(game).options}
    for text in said:
        for what, pattern in CHECKS.items():
            assert not pattern.search(text), f"{what} in {text!r}"
        assert not any(re.search(rf"\b{re.escape(i)}\b", text) for i in ids if "_" in i), text


def test_the_step_ids_stay_for_api_users():
    """The words changed, the ids did not: a program still finds each rule by its step id."""
    caps = {"A": BRIGHT3 + JUNK[:10], "B": [], "C": JUNK[10:12]}
    res = tally.score_round("go-stop", _gs(caps, [{"type": "stop", "player": "A"}]),
                            options={"gwang_bak_mode": "plus_two", "point_value": 100,
                                     "no_captures_no_pay": True})
    ids = {p.player: [s.id for s in p.steps] for p in res.players}
    assert "point_value" in ids["A"] and "no_captures_no_pay" in ids["B"]
    assert "gwang_bak" in ids["C"]
