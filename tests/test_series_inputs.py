"""A session fills in the round inputs of kind "series_length" (Game.inputs) itself.

Tensho (Simplified) ends by the agreed number of rounds: tensho-simplified.md section 6 ("After
the agreed number of rounds, the player with the most round wins wins the game"). The rounds
below never send ``length``; the session's agreed length has to reach the engine for the
game-end verdict to appear in the result's carry.

Round winners come from the same digest: section 4 (front_seven_five_three, clover-ribbon +
iris-ribbon + cherry-poetry, is worth 100 in Set One), section 5 step 3 (the higher yaku total
wins the round) and step 7 (the round winner deals the next round).
"""

import pytest

import tally
from tally import series

G = "tensho-simplified"
FRONT_753 = ["clover-ribbon", "iris-ribbon", "cherry-poetry"]  # Set One: 100 (section 4)
NOTHING = ["pine-chaff-1", "pine-chaff-2"]  # no yaku of either set: 0


def won_by(winner):
    """A round ``winner`` wins 100 to 0 (section 5 step 3), without 'length' or 'yaku_set'."""
    loser = "B" if winner == "A" else "A"
    return {"captures": {winner: FRONT_753, loser: NOTHING}}


def config(length):
    # option yaku_set "one": every round scores Set One (section 3), so rounds need no key
    return series.check_config({"game": G, "players": ["A", "B"], "length": length,
                                "options": {"yaku_set": "one"}})


def test_length_is_declared_as_a_series_length_input():
    kinds = {i.key: i.kind for i in tally.get_game(G).inputs}
    assert kinds["length"] == "series_length"


def test_the_session_supplies_the_agreed_length_and_the_game_ends_there():
    cfg = config(3)
    rounds = series.replay(cfg, [won_by("A"), won_by("B"), won_by("A")])
    assert all("length" not in r.input for r in rounds)  # never stored with the round
    # section 5 step 7: the round winner deals next
    assert [r.dealer for r in rounds] == ["A", "A", "B"]
    carries = [r.result["carry"] for r in rounds]
    assert [c.get("game_over", False) for c in carries] == [False, False, True]
    # section 6: after the 3 agreed rounds A has the most round wins (2 to 1)
    assert carries[-1]["wins"] == {"A": 2, "B": 1}
    assert carries[-1]["game_winner"] == "A"
    assert series.game_over(rounds) and series.is_complete(cfg, rounds)


def test_a_longer_agreed_length_does_not_end_the_game_early():
    cfg = config(6)
    rounds = series.replay(cfg, [won_by("A"), won_by("A"), won_by("A")])
    assert not any(r.result["carry"].get("game_over") for r in rounds)
    assert not series.is_complete(cfg, rounds)


@pytest.fixture
def client(tmp_path):
    return tally.create_app({"DATABASE": str(tmp_path / "inputs.sqlite"),
                             "TESTING": True}).test_client()


def test_api_session_reports_the_game_winner_at_the_agreed_length(client):
    r = client.post("/api/v1/sessions", json={"game": G, "players": ["A", "B"], "length": 3,
                                              "options": {"yaku_set": "one"}})
    assert r.status_code == 201, r.json
    sid, token, version = r.json["id"], r.json["edit_token"], r.json["version"]
    for w in ("A", "B", "A"):
        r = client.post(f"/api/v1/sessions/{sid}/rounds?t={token}",
                        json={**won_by(w), "version": version})
        assert r.status_code == 201, r.json
        version = r.json["version"]
    assert "length" not in r.json["round"]["input"]
    assert r.json["round"]["result"]["carry"]["game_over"] is True
    st = client.get(f"/api/v1/sessions/{sid}?t={token}").json["state"]
    # section 6: the most round wins (A, 2 to 1) takes the game
    assert st["complete"] is True and st["game_over"] is True and st["game_winner"] == "A"
