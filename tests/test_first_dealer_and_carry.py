"""Issue 28: a session's first dealer and its opening carry (a table that continues an earlier
evening), Pyramid's cards left, and the setup form's seats.

Every expected number comes from a digest or a docs example, never from running our code:
- go-stop.md 9 EX-P12: the hand after a nagari, A wins with 3 points and no other factor, each
  loser pays 6 (so 3 with no nagari); 5.6: x2 per nagari carried with the cumulative rule
  (2^2 = 4: 12 each); 6.6: after a Stop the carry is 0 again. Cheong-dan (the three blue
  ribbons) is 3 points (section 4), the 3-player target 3;
- poka.md 9 E4: tokens A 4, B 3, A goes out -> A 5, game over, A wins; E5 (both_score, tokens
  A 3, B 4, pool 2): A three_pairs, B three_januaries -> A takes 2 (5), B 0 (4): A wins; section
  8: the target is 5, 3 or 2 (best_of_three: 2);
- koi-koi.md 5.4 step 8 (first_to_50: a total of 50 or more ends the game at once) with
  docs/games/koi-koi.md's K11 example (Aki 12);
- hana-gin.md section 6 (first to 100) with docs/games/hana-gin.md's E1 (Bo 29);
- pyramid.md 9: draw pile empty with 5 cards left -> a loss (0 points).
"""

import json
import pathlib

import pytest
from babel.messages.pofile import read_po

import tally
from tally import TallyError, create_app, series
from tally.games import GAMES

CATALOGUES = pathlib.Path(tally.__file__).parent / "translations"

CHEONG_DAN = ["peony-blue", "chrysanthemum-blue", "maple-blue"]


def ex_p12(winner="A", others=("B", "C")):
    """go-stop.md EX-P12's hand: the winner stops with 3 points (cheong-dan), no factor."""
    return {"captures": {winner: CHEONG_DAN, **{o: [] for o in others}},
            "events": [{"type": "stop", "player": winner, "score": 3}]}


def config(game, players, **kw):
    return series.check_config({"game": game, "players": players, **kw})


def paid(state):
    return {(p["from"], p["to"]): p["amount"] for p in state.result["payments"]}


# ----------------------------------------------------------------------------- engine

@pytest.mark.parametrize("opening, options, each", [
    ({}, {}, 3),                                        # no factor
    ({"nagari": 1}, {}, 6),                             # EX-P12
    ({"nagari": 2}, {}, 6),                             # single x2 by default (A21)
    ({"nagari": 2}, {"nagari_multiplier": "cumulative"}, 12),  # 2^2
])
def test_go_stop_hand_after_a_carried_nagari_is_paid_double(opening, options, each):
    cfg = config("go-stop", ["A", "B", "C"], opening_carry=opening, options=options)
    r = series.replay(cfg, [ex_p12()])[0]
    assert r.carry_in == opening
    assert paid(r) == {("B", "A"): each, ("C", "A"): each}
    s = series.summary(cfg, [r])
    assert s["carry"] == {"nagari": 0}  # 6.6: a Stop resets the carry
    assert [t["chips"] for t in s["totals"]] == [2 * each, -each, -each]


def test_poka_continues_from_its_tokens():
    cfg = config("poka", ["A", "B"], opening_carry={"tokens": {"A": 4, "B": 3}})
    out = {"events": [{"type": "out", "player": "A", "first_turn": False}]}
    rounds = series.replay(cfg, [out])
    carry = rounds[0].result["carry"]
    assert carry["tokens"] == {"A": 5, "B": 3}
    assert carry["game_over"] is True and carry["game_winner"] == "A"
    s = series.summary(cfg, rounds)
    assert s["complete"] and s["leaders"] == ["A"]
    assert {t["player"]: t["points"] for t in s["totals"]} == {"A": 5, "B": 3}


def test_poka_both_players_teyaku_from_carried_tokens():
    cfg = config("poka", ["A", "B"], opening_carry={"tokens": {"A": 3, "B": 4}},
                 options={"simultaneous_teyaku": "both_score"})
    both = {"events": [{"type": "teyaku", "player": "A", "yaku": "three_pairs"},
                       {"type": "teyaku", "player": "B", "yaku": "three_januaries"}]}
    carry = series.replay(cfg, [both])[0].result["carry"]
    assert carry["tokens"] == {"A": 5, "B": 4} and carry["game_winner"] == "A"


K11 = {"captures": {"Aki": ["pine-poetry", "plum-poetry", "cherry-poetry", "wisteria-ribbon",
                            "pine-chaff-1", "plum-chaff-1", "cherry-chaff-2"],
                    "Bo": ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese",
                           "willow-swallow", "maple-chaff-1", "iris-chaff-2"]},
       "events": [{"type": "koi_koi", "player": "Aki"}, {"type": "koi_koi", "player": "Bo"},
                  {"type": "stop", "player": "Aki"}]}


@pytest.mark.parametrize("opening, over", [({}, False), ({"totals": {"Aki": 40}}, True)])
def test_koi_koi_first_to_50_counts_the_earlier_evening(opening, over):
    cfg = config("koi-koi", ["Aki", "Bo"], options={"first_to_50": True},
                 opening_carry=opening)
    rounds = series.replay(cfg, [K11])
    s = series.summary(cfg, rounds)
    start = opening.get("totals", {}).get("Aki", 0)
    assert {t["player"]: t["points"] for t in s["totals"]} == {"Aki": start + 12, "Bo": 0}
    assert s["game_over"] is over and s["complete"] is over
    assert s["leaders"] == ["Aki"]


HANA_GIN_E1 = {
    "ending": "hana", "caller": "Aki",
    "melds": {"Aki": [["plum-warbler", "wisteria-cuckoo", "iris-bridge"],
                      ["pine-chaff-1", "plum-chaff-1", "cherry-chaff-1", "wisteria-chaff-1"]],
              "Bo": [["wisteria-ribbon", "iris-ribbon", "clover-ribbon"],
                     ["peony-chaff-1", "clover-chaff-1", "pampas-chaff-1"]]},
    "unused": {"Aki": ["pampas-geese", "maple-chaff-1"],
               "Bo": ["chrysanthemum-chaff-1", "paulownia-chaff-1"]},
    "layoffs": ["iris-chaff-1"]}


def test_hana_gin_first_to_100_counts_the_earlier_evening():
    cfg = config("hana-gin", ["Aki", "Bo"], opening_carry={"totals": {"Aki": 20, "Bo": 80}})
    carry = series.replay(cfg, [HANA_GIN_E1])[0].result["carry"]
    assert carry["totals"] == {"Aki": 20, "Bo": 109}
    assert carry["game_over"] is True and carry["game_winner"] == "Bo"


@pytest.mark.parametrize("game, players, opening, options, where", [
    ("go-stop", ["A", "B", "C"], {"nagari": 11}, {}, "opening_carry.nagari"),
    ("go-stop", ["A", "B", "C"], {"nagari": -1}, {}, "opening_carry.nagari"),
    ("go-stop", ["A", "B", "C"], {"nagari": True}, {}, "opening_carry.nagari"),
    ("go-stop", ["A", "B", "C"], {"nagari": 1.5}, {}, "opening_carry.nagari"),
    ("go-stop", ["A", "B", "C"], {"tokens": 1}, {}, "opening_carry.tokens"),
    ("go-stop", ["A", "B", "C"], [1], {}, "opening_carry"),
    ("poka", ["A", "B"], {"tokens": {"A": 5}}, {}, "opening_carry.tokens.A"),
    ("poka", ["A", "B"], {"tokens": {"B": 2}}, {"best_of_three": True,
                                               "pool_9_target_5": False},
     "opening_carry.tokens.B"),
    ("poka", ["A", "B"], {"tokens": {"Z": 1}}, {}, "opening_carry.tokens"),
    ("poka", ["A", "B"], {"tokens": 3}, {}, "opening_carry.tokens"),
    ("poka", ["A", "B"], {"tokens": {"A": -1}}, {}, "opening_carry.tokens.A"),
    ("koi-koi", ["A", "B"], {"totals": {"A": 50}}, {"first_to_50": True},
     "opening_carry.totals.A"),
    ("hana-gin", ["A", "B"], {"totals": {"B": 100}}, {}, "opening_carry.totals.B"),
    ("hana-awase-2", ["A", "B", "C"], {"totals": {"C": 0}}, {"bankrupt": True},
     "opening_carry.totals.C"),
    ("kage", ["A", "B"], {"round_wins": {"A": 3}}, {}, "opening_carry.round_wins.A"),
    ("pyramid", ["A"], {"left": 1}, {}, "opening_carry"),
    ("sutda", ["A", "B"], {"pot": {"A": 1}}, {}, "opening_carry"),
])
def test_an_opening_carry_the_game_cannot_take_is_refused(game, players, opening, options,
                                                          where):
    with pytest.raises(TallyError) as e:
        config(game, players, opening_carry=opening, options=options)
    assert e.value.field == where


def test_values_short_of_the_end_are_taken():
    assert config("poka", ["A", "B"], opening_carry={"tokens": {"A": 4}}).opening_carry == \
        {"tokens": {"A": 4}}
    assert config("koi-koi", ["A", "B"], opening_carry={"totals": {"A": 50}}).opening_carry \
        == {"totals": {"A": 50}}  # without first_to_50, 50 ends nothing
    assert config("go-stop", ["A", "B"], opening_carry=None).opening_carry == {}


def test_a_stored_config_keeps_its_opening_and_old_ones_read_as_none():
    cfg = config("go-stop", ["A", "B", "C"], opening_carry={"nagari": 1}, first_dealer="B")
    again = series.config_of(json.loads(json.dumps(cfg.to_dict())))
    assert again == cfg and again.opening_carry == {"nagari": 1}
    old = {k: v for k, v in cfg.to_dict().items() if k != "opening_carry"}  # before issue 28
    assert series.config_of(old).opening_carry == {}
    assert series.next_position(series.config_of(old), [])[2] == {}


# ----------------------------------------------------------------------------- pyramid

FIVE = ["pine-crane", "plum-warbler", "cherry-curtain", "wisteria-cuckoo", "iris-bridge"]


def test_pyramid_takes_the_cards_left_and_still_reads_a_number():
    spec = next(i for i in GAMES["pyramid"].inputs if i.key == "left")
    assert spec.kind == "cards"
    cfg = config("pyramid", ["Aki"])
    by_cards, by_number = series.replay(cfg, [{"left": FIVE}, {"left": 5, "result": "loss"}])
    for r in (by_cards, by_number):
        me = r.result["players"][0]
        assert r.result["winner"] is None and me["points"] == 0
        assert (me["result"], me["left"], me["role"]) == ("loss", 5, "loser")


# ----------------------------------------------------------------------------- registry

def test_every_game_says_how_its_first_dealer_is_chosen():
    for g in GAMES.values():
        d = g.to_dict()
        assert ("first_dealer_rule" in d) and (bool(d["first_dealer_rule"]) ==
                                                (g.players[1] > 1)), g.id
        for i in d["opening_carry"]:
            assert i["key"] and i["description"] and "default" in i, (g.id, i)
            assert i["kind"] == "int" and "minimum" in i and "maximum" in i, (g.id, i)
    assert "earliest month" in GAMES["koi-koi"].first_dealer_rule  # koi-koi.md 5.1 step 1
    assert "Tensho order" in GAMES["tensho"].first_dealer_rule  # tensho.md T10
    assert [i.key for i in GAMES["go-stop"].opening] == ["nagari"]
    assert [i.key for i in GAMES["poka"].opening] == ["tokens"]


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_setup_words_are_translated(lang):
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        cat = read_po(f)
    texts = {g.first_dealer_rule for g in GAMES.values()} | \
        {i.description for g in GAMES.values() for i in g.opening} | \
        {"First dealer", "Continue an earlier evening",
         "%(game)s is played by %(players)s players: enter at least %(n)s names"}
    missing = [t for t in texts if t and not (cat.get(t) and cat.get(t).string)]
    assert not missing


# ----------------------------------------------------------------------------- API and store

@pytest.fixture
def client(db_config):
    return create_app(db_config).test_client()  # on SQLite and on PostgreSQL (conftest.py)


def create(client, **body):
    r = client.post("/api/v1/sessions", json=body)
    assert r.status_code == 201, r.get_json()
    return r.json


def test_the_api_stores_and_replays_the_opening_carry(client):
    s = create(client, game="go-stop", players=["A", "B", "C"], length=3,
               opening_carry={"nagari": 1})
    sid, tok = s["id"], s["edit_token"]
    assert s["session"]["config"]["opening_carry"] == {"nagari": 1}
    assert s["session"]["state"]["carry"] == {"nagari": 1}
    r = client.post(f"/api/v1/sessions/{sid}/rounds?t={tok}",
                    json={**ex_p12(), "version": s["version"]})
    assert r.status_code == 201, r.get_json()
    pays = {(p["from"], p["to"]): p["amount"] for p in r.json["round"]["result"]["payments"]}
    assert pays == {("B", "A"): 6, ("C", "A"): 6}
    # corrected: B stops instead; the opening carry is still the first hand's
    r = client.put(f"/api/v1/sessions/{sid}/rounds/1?t={tok}",
                   json={**ex_p12("B", ("A", "C")), "version": r.json["version"]})
    assert r.status_code == 200, r.get_json()
    got = client.get(f"/api/v1/sessions/{sid}?t={tok}&include=rounds,ledger").json
    assert got["rounds"][0]["carry_in"] == {"nagari": 1}
    assert {t["player"]: t["chips"] for t in got["state"]["totals"]} == \
        {"A": -6, "B": 12, "C": -6}
    # export and import keep it
    doc = client.get(f"/api/v1/sessions/{sid}/export.json?t={tok}").json
    imp = client.post("/api/v1/sessions/import", json=doc)
    assert imp.status_code == 201, imp.get_json()
    assert imp.json["session"]["config"]["opening_carry"] == {"nagari": 1}
    assert {t["player"]: t["chips"] for t in imp.json["session"]["state"]["totals"]} == \
        {"A": -6, "B": 12, "C": -6}


@pytest.mark.parametrize("opening, where", [
    ({"nagari": 11}, "opening_carry.nagari"),
    ({f"k{i}": 1 for i in range(9)}, "opening_carry"),
    ("many", "opening_carry"),
])
def test_the_api_refuses_an_opening_carry_out_of_bounds(client, opening, where):
    r = client.post("/api/v1/sessions", json={"game": "go-stop", "players": ["A", "B", "C"],
                                              "opening_carry": opening})
    assert r.status_code == 422
    assert any(e.get("field", "").startswith(where) for e in r.json["errors"]), r.json


def test_the_api_describes_the_setup_of_a_game(client):
    d = client.get("/api/v1/games/poka").json
    assert d["first_dealer_rule"].startswith("Each player draws a card")
    assert [(i["key"], i["per_player"], i["default"]) for i in d["opening_carry"]] == \
        [("tokens", True, 0)]
    assert client.get("/api/v1/games/pyramid").json["opening_carry"] == []


def test_a_pyramid_round_stored_with_a_number_replays_the_same(client):
    """An export written before issue 28 (left as a number) imports to the same result."""
    s = create(client, game="pyramid", players=["Aki"], length=3)
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    json={"left": 5, "result": "loss", "version": s["version"]})
    assert r.status_code == 201, r.get_json()
    doc = client.get(f"/api/v1/sessions/{s['id']}/export.json?t={s['edit_token']}").json
    doc["config"].pop("opening_carry")  # as an older export wrote it
    imp = client.post("/api/v1/sessions/import", json=doc).json
    got = client.get(f"/api/v1/sessions/{imp['id']}?t={imp['edit_token']}"
        "&include=rounds,ledger").json
    me = got["rounds"][0]["result"]["players"][0]
    assert got["rounds"][0]["input"]["left"] == 5
    assert me["points"] == 0 and (me["result"], me["left"]) == ("loss", 5)


# ----------------------------------------------------------------------------- the form

def test_the_setup_form_seats_the_fewest_players_and_names_the_rule(client):
    seasons = client.get("/games/seasons/setup").get_data(as_text=True)
    assert seasons.count('name="player"') == 1  # a game for one opens with one seat
    assert '<input name="player" maxlength="40"' in seasons  # home.js requires the first only
    koi = client.get("/games/koi-koi/setup?lang=ja").get_data(as_text=True)
    assert koi.count('name="player"') == 2
    assert 'data-fewer="こいこいは2人で遊びます。' in koi
    assert 'id="first-dealer"' in koi and "いちばん早い月" in koi
    assert '<details class="house opening" id="opening">' in koi  # closed by default
    solo = client.get("/games/pyramid/setup").get_data(as_text=True)
    assert 'id="first-dealer"' not in solo and 'id="opening"' not in solo
    luck = client.get("/games/sutda/setup").get_data(as_text=True)
    assert 'id="first-dealer"' in luck and 'id="opening"' not in luck
