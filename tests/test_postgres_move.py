"""``flask --app tally move-to-postgres`` (issue 13): a SQLite file's sessions, rounds,
history, groups, idempotency records and standing rows land in PostgreSQL exactly as stored,
in one transaction, and a target that already holds data is refused. Rounds: koi-koi.md 9 K7
(the three poetry ribbons: 5 chips to the stopper), so every stored value compared below was
written by the SQLite store and only copied."""

from decimal import Decimal

import pytest

import tally
from tally.move import TABLES
from tally.store import Store

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]


def k7(a, b):
    return {"captures": {a: POETRY, b: []}, "events": [{"type": "stop", "player": a}]}


def fill(client) -> dict:
    """A group with two sessions (rounds, a correction, an undo, a finish), a lone session
    and an Idempotency-Key record: every table gets rows."""
    g = client.post("/api/v1/groups", json={"name": "Family"}).json
    made = {}
    for name, players in (("s1", ["A", "B"]), ("s2", ["B", "C"])):
        r = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": players,
                                                   "length": 6, "group": g["id"],
                                                   "group_token": g["token"]})
        assert r.status_code == 201, r.json
        made[name] = r.json
    s1, s2 = made["s1"], made["s2"]
    assert client.post(f"/api/v1/groups/{g['id']}/sessions/{s1['id']}/link?t={g['token']}",
                       json={"read_token": s1["read_token"]}).status_code == 200
    url1 = f"/api/v1/sessions/{s1['id']}"
    for v, rnd in enumerate([k7("A", "B"), k7("B", "A"), k7("A", "B")], start=1):
        assert client.post(f"{url1}/rounds?t={s1['edit_token']}",
                           json={**rnd, "version": v}).status_code == 201
    assert client.post(f"{url1}/undo?t={s1['edit_token']}", json={"version": 4}
                       ).status_code == 200
    url2 = f"/api/v1/sessions/{s2['id']}"
    assert client.post(f"{url2}/rounds?t={s2['edit_token']}", json={**k7("C", "B"), "version": 1},
                       headers={"Idempotency-Key": "move-test-0f3e-41a2-9c1d"}
                       ).status_code == 201
    lone = client.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["X", "Y"],
                                                  "length": 6}).json
    return {"group": g, "s1": s1, "s2": s2, "lone": lone}


def rows(st: Store, table: str) -> list[tuple]:
    """A table's rows as comparable values (a NUMERIC is a Decimal on PostgreSQL)."""
    cols = ", ".join(TABLES[table])
    out = []
    for r in st.conn.execute(f"SELECT {cols} FROM {table}"):
        out.append(tuple(float(x) if isinstance(x, (Decimal, float)) else x for x in r))
    return sorted(out, key=repr)


@pytest.fixture
def sqlite_app(tmp_path):
    return tally.create_app({"DATABASE": str(tmp_path / "old.sqlite"), "DATABASE_URL": None,
                             "TESTING": True})


def test_every_row_is_copied_as_stored(sqlite_app, pg_fresh, tmp_path):
    made = fill(sqlite_app.test_client())
    src = str(tmp_path / "old.sqlite")
    r = sqlite_app.test_cli_runner().invoke(args=["move-to-postgres", "--from", src,
                                                  "--to", pg_fresh])
    assert r.exit_code == 0, r.output
    a, b = Store(src), Store(pg_fresh)
    for table in TABLES:
        want = rows(a, table)
        assert want, f"the SQLite file has no {table} rows: the test would prove nothing"
        assert rows(b, table) == want, table
    assert f"{len(rows(a, 'rounds'))} rounds" in r.output
    a.close()
    b.close()

    # the app on PostgreSQL answers as the app on SQLite did, and goes on from there
    pg = tally.create_app({"DATABASE_URL": pg_fresh, "TESTING": True}).test_client()
    old = sqlite_app.test_client()
    for s in ("s1", "s2", "lone"):
        url = f"/api/v1/sessions/{made[s]['id']}?t={made[s]['edit_token']}"
        assert pg.get(url).json == old.get(url).json
    g = made["group"]
    for tail in ("standings", "head-to-head", "sessions"):
        url = f"/api/v1/groups/{g['id']}/{tail}?t={g['token']}"
        assert pg.get(url).json == old.get(url).json, tail
    s1 = made["s1"]
    url1 = f"/api/v1/sessions/{s1['id']}"
    r = pg.post(f"{url1}/rounds?t={s1['edit_token']}", json={**k7("B", "A"), "version": 5})
    assert r.status_code == 201, r.json
    hist = pg.get(f"{url1}/history?t={s1['edit_token']}").json["history"]
    assert [h["version"] for h in hist] == [1, 2, 3, 4, 5, 6]
    assert len({h["id"] for h in hist}) == 6  # new entries numbered after the copied ones


def test_a_target_with_data_is_refused_and_left_alone(sqlite_app, pg_fresh, tmp_path):
    fill(sqlite_app.test_client())
    pg = tally.create_app({"DATABASE_URL": pg_fresh, "TESTING": True}).test_client()
    mine = pg.post("/api/v1/sessions", json={"game": "koi-koi", "players": ["P", "Q"],
                                             "length": 6}).json
    r = sqlite_app.test_cli_runner().invoke(args=["move-to-postgres", "--from",
                                                  str(tmp_path / "old.sqlite"), "--to",
                                                  pg_fresh])
    assert r.exit_code != 0 and "not empty" in r.output and "sessions" in r.output
    st = Store(pg_fresh)
    assert st.conn.execute("SELECT id FROM sessions").fetchall() == [(mine["id"],)]
    st.close()


def test_a_missing_source_file_is_said_plainly(sqlite_app, pg_fresh, tmp_path):
    r = sqlite_app.test_cli_runner().invoke(args=["move-to-postgres", "--from",
                                                  str(tmp_path / "nowhere.sqlite"), "--to",
                                                  pg_fresh])
    assert r.exit_code != 0 and "no SQLite file" in r.output


def test_database_url_from_the_environment(pg_fresh, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", pg_fresh)
    app = tally.create_app({"TESTING": True})
    assert app.extensions["tally_store"].postgres
    made = app.test_client().post("/api/v1/sessions", json={
        "game": "koi-koi", "players": ["A", "B"], "length": 6}).json
    st = Store(pg_fresh)
    assert st.session_row(made["id"])["version"] == 1
    st.close()
    r = app.test_cli_runner().invoke(args=["init-db"])
    assert r.exit_code == 0 and "postgresql://127.0.0.1" in r.output
    assert "postgres@" not in r.output  # the url's user stays off the terminal
