"""Issue 5: every game of the rulebook "can be created, played and settled through the API".
Each registered game's round example is played as month 1 of a session of that game, with
the example's seating and dealer: the stored result is the engine's, and the session settles."""

import pytest

import tally
from tally import create_app

SERIES_KEYS = ("players", "dealer", "carry")  # the series supplies these itself


@pytest.fixture()
def client(db_config):
    return create_app(db_config).test_client()  # on SQLite and on PostgreSQL (conftest.py)


@pytest.mark.parametrize("game", sorted(tally.GAMES))
def test_a_session_of_every_game(client, game):
    g = tally.get_game(game)
    example = g.round_example
    players = example["players"]
    dealer = example.get("dealer", players[0])
    length = (12 if 12 in g.lengths else max(g.lengths)) if g.lengths else None
    r = client.post("/api/v1/sessions", json={"game": game, "players": players,
                                              "length": length, "first_dealer": dealer})
    assert r.status_code == 201, r.get_json()
    sid, token, version = r.json["id"], r.json["edit_token"], r.json["version"]

    # Month 1 has no previous round, so it is scored without the example's carry (if any).
    rnd = {k: v for k, v in example.items() if k not in SERIES_KEYS}
    expected = tally.score_round(game, {**rnd, "players": players, "dealer": dealer})
    r = client.post(f"/api/v1/sessions/{sid}/rounds?t={token}", json={**rnd, "version": version})
    assert r.status_code == 201, r.get_json()
    assert r.json["round"]["result"] == expected.to_dict()

    s = client.get(f"/api/v1/sessions/{sid}/settlement?t={token}")
    assert s.status_code == 200
    nets = {n["player"]: n["chips"] for n in s.json["nets"]}
    assert set(nets) == set(players) and sum(nets.values()) == 0
    # the settlement's payments clear every balance
    for pay in s.json["payments"]:
        nets[pay["from"]] += pay["amount"]
        nets[pay["to"]] -= pay["amount"]
    assert all(v == 0 for v in nets.values())
