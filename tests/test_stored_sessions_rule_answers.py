"""Issue 27, "The rule questions answered": sessions stored before the answers replay to the
same numbers under their stored options.

Each session below is built as the code before the change stored it: its configuration with
the option ids of the time (Poka's on/off ``simultaneous_teyaku_void``, Hana-Rumi's
``stake_per_game`` alone, no ``settlement``, ``hachi_yaku_list``, ``simplified_card_values``,
``simplified_wilds`` or ``isuri_kept_paulownia``), stored as a dict and read back
(``tally.series.config_of``), then replayed round by round (``tally.series.replay``). Every
expected number is a digest's (the example named in each test), never one our code printed.

Where a digest says the old reading was wrong (the Hiyoko / Isuri warbler and phoenix were
swapped), the scores never depended on it; the test checks the new reading's words.
"""

import pytest

from tally.series import check_config, config_of, replay


def stored(game, players, options=None, **extra):
    """A configuration as a session made before the change kept it."""
    raw = {"game": game, "players": list(players), "options": options or {}, **extra}
    return config_of(check_config(raw).to_dict())


def points(rs):
    return [{p["player"]: p["points"] for p in r.result["players"]} for r in rs]


def net(r):
    out = {p["player"]: 0 for p in r.result["players"]}
    for pay in r.result["payments"]:
        out[pay["from"]] -= pay["amount"]
        out[pay["to"]] += pay["amount"]
    return out


# --------------------------------------------------------------------------- Poka

E1_OUT = {"events": [{"type": "out", "player": "B", "first_turn": False}]}
E5_EQUAL = [{"type": "teyaku", "player": "A", "yaku": "three_pairs"},
            {"type": "teyaku", "player": "B", "yaku": "three_januaries"}]


def test_poka_old_switch_on_replays_as_void_equal():
    """poka.md 9 E1 (B goes out: 1 token) then E5 void_equal (equal teyaku cancel and the
    round is played; B goes out: 1 token): stored with simultaneous_teyaku_void = true."""
    cfg = stored("poka", ["A", "B"], {"simultaneous_teyaku_void": True})
    assert cfg.options == {"simultaneous_teyaku_void": True}  # kept as stored
    rs = replay(cfg, [E1_OUT, {"events": E5_EQUAL + [{"type": "out", "player": "B"}]}])
    assert points(rs) == [{"A": 0, "B": 1}, {"A": 0, "B": 1}]
    assert rs[-1].result["carry"]["tokens"] == {"A": 0, "B": 2}


def test_poka_old_switch_off_replays_unchanged():
    """Off, the old code refused a round where both players claimed a teyaku, so a stored
    session holds only rounds where one player did (poka.md 9 E3: three_wilds 2 tokens) or
    nobody (E1: 1 token); the switch now reads as both_score (section 10.1), which scores
    those rounds the same."""
    cfg = stored("poka", ["A", "B"], {"simultaneous_teyaku_void": False})
    rs = replay(cfg, [{"events": [{"type": "teyaku", "player": "A", "yaku": "three_wilds"}]},
                      E1_OUT])
    assert points(rs) == [{"A": 2, "B": 0}, {"A": 0, "B": 1}]
    assert rs[-1].result["carry"]["tokens"] == {"A": 2, "B": 1}


# --------------------------------------------------------------------------- Hana-Rumi

def test_hana_rumi_game_stake_replays_unchanged():
    """hana-rumi.md 9 E1 (A 38, B 47), then totals entered for a round that takes A past 200
    (A +170: 208): the game ends and, as before, B pays the fixed game stake (6) and nothing
    per point (the stake per point is 0 in a stored session)."""
    cfg = stored("hana-rumi", ["A", "B"], {"stake_per_game": 6})
    e1 = {"went_out": "A",
          "melds": [{"A": ["plum-warbler", "wisteria-cuckoo", "iris-bridge"],
                     "B": ["maple-deer"]},
                    {"A": ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1"]},
                    {"B": ["peony-blue", "chrysanthemum-blue", "maple-blue",
                           "wisteria-ribbon"], "A": ["iris-ribbon"]}],
          "in_hand": {"B": ["pampas-chaff-1", "pampas-chaff-2", "maple-chaff-1"]}}
    last = {"went_out": "A", "totals": {"A": {"captured": 170, "hand": 0},
                                        "B": {"captured": 0, "hand": 0}}}
    rs = replay(cfg, [e1, last])
    assert points(rs) == [{"A": 38, "B": 47}, {"A": 170, "B": 0}]
    assert rs[0].result["payments"] == []
    assert rs[-1].result["carry"]["totals"] == {"A": 208, "B": 47}
    assert net(rs[-1]) == {"A": 6, "B": -6}


# --------------------------------------------------------------------------- capture games

def test_min_hwatu_optional_yaku_replays_unchanged():
    """min-hwatu.md 9, Example 1 with optional_yaku (derived test): A -40, B 280; Grand
    Views' cards did not change (section 10.1)."""
    from tally.games.min_hwatu import EXAMPLE_A, EXAMPLE_B
    cfg = stored("min-hwatu", ["A", "B"], {"optional_yaku": True}, length=6)
    rs = replay(cfg, [{"captures": {"A": EXAMPLE_A, "B": EXAMPLE_B}}])
    assert points(rs) == [{"A": -40, "B": 280}]


@pytest.mark.parametrize("game", ["tensho", "tensho-simplified"])
def test_tensho_default_options_replay_unchanged(game):
    """tensho.md / tensho-simplified.md section 4: Front 100, Back 50 (each game's example
    round: one player's Front yaku 100 against a Back yaku 50; the higher total wins);
    simplified_card_values = by_position is the old values."""
    from tally import get_game
    ex = get_game(game).round_example
    inp = {k: v for k, v in ex.items() if k not in ("players", "dealer", "length")}
    cfg = stored(game, ex["players"], {}, first_dealer=ex["dealer"], length=6)
    (r,) = replay(cfg, [inp])
    assert sorted(points([r])[0].values()) == [50, 100]
    assert r.result["winner"] == "Aki"


@pytest.mark.parametrize("game", ["hachi", "hachi-simplified"])
def test_hachi_book_yaku_replay_unchanged(game):
    """hachi.md 9 H-E1 / hachi-simplified.md 9 HS-E1, as card totals: 153 v 133 (A by 20),
    then 131 + poetry_one_two_three 20 = 151 v 106 + five_six_ten 10 + three_five_six 10 =
    126 (A by 25): A wins the game. The book's yaku list is the default."""
    cfg = stored(game, ["A", "B"], {})
    rs = replay(cfg, [{"card_totals": {"A": 153, "B": 133}, "yaku": {"A": [], "B": []}},
                      {"card_totals": {"A": 131, "B": 106},
                       "yaku": {"A": ["poetry_one_two_three"],
                                "B": ["five_six_ten", "three_five_six"]}}])
    assert points(rs) == [{"A": 153, "B": 133}, {"A": 151, "B": 126}]
    assert rs[-1].result["carry"]["game_winner"] == "A"


# --------------------------------------------------------------------------- Hiyoko, Isuri

@pytest.mark.parametrize("game", ["hiyoko", "hiyoko-simplified"])
def test_hiyoko_replays_unchanged(game):
    """hiyoko.md / hiyoko-simplified.md 9 E1: A goes out: round wins A 1, B 0. The wilds
    changed (the warbler and phoenix were swapped in the old reading) but no score depends
    on them."""
    cfg = stored(game, ["A", "B"], {})
    (r,) = replay(cfg, [{"events": [{"type": "out", "player": "A"}]}])
    assert r.result["carry"]["round_wins"] == {"A": 1, "B": 0}
    assert r.result["next_dealer"] == "A"


def test_isuri_replays_to_the_same_numbers_with_the_new_wild_words():
    """isuri.md 9 E2: the last card plum-chaff-1 (December = 12), 2 tokens -> 24. A stored
    round whose last card is plum-warbler played as January: 2 x 10 = 20, as before; the old
    code called it "a wild" (the old guess: a January base wild); the corrected table
    (section 2) makes it the any-month base wild, wild only as the base card, so the round
    now carries a warning and is scored as given."""
    cfg = stored("isuri", ["A", "B"], {})
    out = {"type": "out", "player": "B"}
    rs = replay(cfg, [{"tokens": 2, "events": [{**out, "last_card": "plum-chaff-1"}]},
                      {"events": [{**out, "last_card": "plum-warbler", "last_month": 1}]}])
    assert points(rs) == [{"A": -24, "B": 24}, {"A": -20, "B": 20}]
    assert any(n["text"].startswith("warning: Plum with bush warbler")
               and "a base wild" in n["text"] for n in rs[1].result["notes"])


def test_isuri_simplified_replays_unchanged():
    """isuri-simplified.md 9 E1, the formula as printed: 2 tokens x January (10) = 20, paid
    by A; then the crane (a hand wild for January-October in the old and the new table)
    played as August with the 2 tokens carried: 2 x 8 = 16 (section 10.4)."""
    cfg = stored("isuri-simplified", ["A", "B"], {})
    out = {"type": "out", "player": "B"}
    rs = replay(cfg, [{"tokens": 2, "events": [{**out, "last_month": 1}]},
                      {"events": [{**out, "last_card": "pine-crane", "last_month": 8}]}])
    assert points(rs) == [{"A": -20, "B": 20}, {"A": -16, "B": 16}]
    assert not any(n["text"].startswith("warning") for n in rs[1].result["notes"])


# --------------------------------------------------------------------------- the API

NEW_OPTIONS = {
    "tensho-simplified": ("simplified_card_values", "by_position", ["by_position", "by_card"]),
    "hachi": ("hachi_yaku_list", "book", ["book", "fudawiki"]),
    "hachi-simplified": ("hachi_yaku_list", "book", ["book", "fudawiki"]),
    "hana-rumi": ("settlement", "winner_difference",
                  ["winner_difference", "winner_total", "all_pairs_difference",
                   "fixed_per_game"]),
    "poka": ("simultaneous_teyaku", "void_equal", ["void_equal", "both_score"]),
    "hiyoko-simplified": ("simplified_wilds", "by_month", ["by_month", "by_flower"]),
    "isuri-simplified": ("simplified_wilds", "by_month", ["by_month", "by_flower"]),
    "isuri": ("isuri_kept_paulownia", "colored", ["colored", "any"]),
}


@pytest.fixture()
def client(tmp_path):
    from tally import create_app
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.sqlite")}).test_client()


@pytest.mark.parametrize("game", sorted(NEW_OPTIONS))
def test_the_api_serves_each_new_option(client, game):
    """Each digest's section 8 house option (2026-12), with its id, type, default and
    choices, in GET /api/v1/games/<game>; Poka no longer serves the old switch."""
    oid, default, choices = NEW_OPTIONS[game]
    options = {o["id"]: o for o in client.get(f"/api/v1/games/{game}").get_json()["options"]}
    o = options[oid]
    assert (o["type"], o["default"], o["choices"]) == ("choice", default, choices)
    assert o["description"] and "_" not in o["description"]
    assert "simultaneous_teyaku_void" not in options


def test_an_api_client_may_still_send_the_old_poka_switch(client):
    """poka.md 10.1: a session created with the old id keeps it and scores E1 as before."""
    r = client.post("/api/v1/sessions", json={"game": "poka", "players": ["A", "B"],
                                              "options": {"simultaneous_teyaku_void": True}})
    assert r.status_code == 201, r.get_json()
    r = client.post("/api/v1/games/poka/score",
                    json={"players": ["A", "B"], "dealer": "A", **E1_OUT,
                          "options": {"simultaneous_teyaku_void": True}})
    assert r.status_code == 200 and r.get_json()["winner"] == "B"
