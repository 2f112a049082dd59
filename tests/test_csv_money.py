"""The CSV export's money column (issue 24, item 8): present when the session has a chip
value or a currency, each row's chips times the chip value; absent otherwise. Amounts by hand
from go-stop.md (see the round below), never from our own output."""

from __future__ import annotations

import csv
import io

import pytest

from tally.web import create_app

# Cho wins with 8 after two Gos, shook once; Dae gwang-bak and pi-bak (go-stop.md, default
# preset): base 8 + 2 = 10 (5.5), heundeum x2 (5.6): Dae 10 x 2 x 2 x 2 = 80, Eun 10 x 2 = 20
HAND = {"declared": {"Cho": {"points": 8}, "Dae": {"gwang_bak": True, "pi_bak": True}},
        "events": [{"type": "heundeum", "player": "Cho", "month": "pine"},
                   {"type": "go", "player": "Cho"}, {"type": "go", "player": "Cho"},
                   {"type": "stop", "player": "Cho"}]}


@pytest.fixture
def client(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite"), "TESTING": True,
                      "RATE_LIMITS": "off"})
    yield app.test_client()
    app.extensions["tally_store"].close()


def export(client, **money):
    s = client.post("/api/v1/sessions", json={"game": "go-stop",
                                              "players": ["Cho", "Dae", "Eun"], **money}).json
    r = client.post(f"/api/v1/sessions/{s['id']}/rounds?t={s['edit_token']}",
                    json={**HAND, "version": s["version"]})
    assert r.status_code == 201, r.json
    r = client.get(f"/api/v1/sessions/{s['id']}/export.csv?t={s['edit_token']}")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_money_column_with_a_chip_value_and_currency(client):
    text = export(client, chip_value=0.5, currency="EUR")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][-1] == "Money (EUR)"
    by_player = {r[5]: (r[9], r[-1]) for r in rows[1:]}
    # 100 chips x 0.5 = 50; -80 x 0.5 = -40; -20 x 0.5 = -10
    assert by_player == {"Cho": ("100", "50"), "Dae": ("-80", "-40"), "Eun": ("-20", "-10")}


def test_money_column_keeps_the_formula_protection(client):
    text = export(client, chip_value=2, currency="=1+1")
    header = next(csv.reader(io.StringIO(text)))
    assert header[-1] == "Money (=1+1)"  # inside the cell, not its start: no formula
    assert not any(c.startswith(("=", "+", "-", "@")) for c in header)
    rows = list(csv.reader(io.StringIO(text)))[1:]
    assert sorted(r[-1] for r in rows) == sorted(["200", "-160", "-40"])


def test_no_money_column_without_a_chip_value(client):
    header = next(csv.reader(io.StringIO(export(client))))
    assert not any(c.startswith("Money") for c in header)
