"""The store (tally/store.py): schema and migrations, WAL, tokens, versions, history, undo,
idempotency keys, export and re-import, on SQLite and on PostgreSQL (the ``database`` fixture
of conftest.py). Rounds are koi-koi.md section 9 K7 (akatan 5) and K9
(B: tane 1 x 2 = 2)."""

import json
import sqlite3

import pytest

from tally import TallyError, series
from tally.store import (SCHEMA_VERSION, Conflict, NotFound, Stale, Store, digest,
                         read_token_of)

POETRY = ["pine-poetry", "plum-poetry", "cherry-poetry"]
K7 = {"captures": {"A": POETRY, "B": []}, "events": [{"type": "stop", "player": "A"}]}
K9 = {"captures": {"A": POETRY, "B": ["plum-warbler", "wisteria-cuckoo", "iris-bridge",
                                       "pampas-geese", "willow-swallow"]},
      "events": [{"type": "koi_koi", "player": "A"}, {"type": "stop", "player": "B"}]}


@pytest.fixture
def st(database):
    s = Store(database)
    s.migrate()
    yield s
    s.close()


@pytest.fixture
def cfg():
    return series.check_config({"game": "koi-koi", "players": ["A", "B"], "length": 6})


def chips(out):
    return {t["player"]: t["chips"] for t in out["state"]["totals"]}


def inputs(st, sid):
    return [r.input for r in st.round_states(sid)]


def test_schema_created_migrated_and_wal(tmp_path):
    st = Store(str(tmp_path / "t.sqlite"))
    st.migrate()
    conn = sqlite3.connect(tmp_path / "t.sqlite")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"sessions", "rounds", "history", "idempotency", "groups",
            "group_players"} <= tables
    assert st.migrate() == SCHEMA_VERSION  # a second start migrates nothing and keeps data


def test_postgres_schema_created_and_migrated_once(pg_fresh):
    st = Store(pg_fresh)
    assert st.migrate() == SCHEMA_VERSION  # the template is migrated: nothing left to do
    tables = {r[0] for r in st.conn.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")}
    assert {"sessions", "rounds", "history", "idempotency", "groups", "group_players",
            "session_pairs", "group_links", "schema_version"} <= tables
    assert st.conn.execute("SELECT version FROM schema_version").fetchall() == [
        (SCHEMA_VERSION,)]


def test_postgres_schema_from_an_empty_database(pg_url):
    """Every migration runs on PostgreSQL from version 0 (the template fixture hides that)."""
    import uuid

    import psycopg

    name = "m_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_url, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    st = Store(pg_url.rpartition("/")[0] + "/" + name)
    try:
        assert st.migrate() == SCHEMA_VERSION
        cfg = series.check_config({"game": "koi-koi", "players": ["A", "B"], "length": 6})
        sid = st.create_session(cfg)["id"]
        assert st.add_round(sid, 1, K7)["version"] == 2
    finally:
        st.close()
        with psycopg.connect(pg_url, autocommit=True) as c:
            c.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def test_migration_from_version_1(tmp_path):
    import sqlite_utils
    from tally import store as store_mod

    path = str(tmp_path / "old.sqlite")
    db = sqlite_utils.Database(path)
    store_mod._m1(db)
    db.execute("PRAGMA user_version = 1")
    db.close()
    s = Store(path)
    s.migrate()
    assert s.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert "groups" in sqlite_utils.Database(s.conn).table_names()


def everything_stored(st, database) -> bytes:
    """Every byte the database keeps: the SQLite file and its log, or every PostgreSQL row."""
    if st.postgres:
        tables = [t for (t,) in st.conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")]
        return "\n".join(str(r) for t in tables
                         for r in st.conn.execute(f"SELECT * FROM {t}")).encode()
    return open(database, "rb").read() + open(database + "-wal", "rb").read()


def test_tokens_are_random_hashed_and_distinguished(st, cfg, database):
    out = st.create_session(cfg)
    row = st.session_row(out["id"])
    assert st.auth(row, out["edit_token"]) == "edit"
    assert st.auth(row, out["read_token"]) == "read"
    assert st.auth(row, "wrong") is None and st.auth(row, None) is None
    assert out["read_token"] == read_token_of(out["edit_token"])
    assert len(out["edit_token"]) >= 40
    raw = everything_stored(st, database)
    assert digest(out["edit_token"]).encode() in raw  # what is stored is the digest
    assert out["edit_token"].encode() not in raw and out["read_token"].encode() not in raw
    assert st.create_session(cfg)["edit_token"] != out["edit_token"]


def test_add_replace_delete_and_versions(st, cfg):
    sid = st.create_session(cfg)["id"]
    out = st.add_round(sid, 1, K7, "Aki")
    assert out["version"] == 2 and chips(out) == {"A": 5, "B": -5}
    out = st.add_round(sid, 2, K9)
    assert chips(out) == {"A": 3, "B": -3}
    with pytest.raises(Stale) as e:
        st.add_round(sid, 2, K7)
    assert e.value.current == 3
    out = st.replace_round(sid, 3, 2, K7)  # month 2 was really K7
    assert chips(out) == {"A": 10, "B": -10}
    out = st.delete_round(sid, 4, 1)
    assert chips(out) == {"A": 5, "B": -5} and out["rescored"] == [1]  # round 2, now 1
    assert [r.seq for r in st.round_states(sid)] == [1]
    with pytest.raises(NotFound):
        st.delete_round(sid, 5, 9)


def test_bad_round_stores_nothing(st, cfg):
    sid = st.create_session(cfg)["id"]
    bad = {"captures": {"A": ["pine-poetry"], "B": ["pine-poetry"]}}
    with pytest.raises(TallyError) as e:
        st.add_round(sid, 1, bad)
    assert e.value.field == "captures.B" and e.value.card == "pine-poetry"
    row = st.session_row(sid)
    assert row["version"] == 1 and st.round_views(sid) == []
    assert [h["action"] for h in st.history(sid)] == ["create"]


def test_correction_that_breaks_a_later_round_is_refused(st, cfg):
    sid = st.create_session(cfg)["id"]
    st.add_round(sid, 1, K7)  # A wins month 1 and deals month 2
    st.add_round(sid, 2, {**K7, "dealer": "A"})
    with pytest.raises(TallyError):  # not a scoreable round: nothing changes
        st.replace_round(sid, 3, 1, {"captures": {"A": ["pine-crane"], "B": []},
                                     "events": [{"type": "stop", "player": "A"}]})
    assert st.session_row(sid)["version"] == 3


def test_history_is_append_only_and_undo_walks_back(st, cfg):
    sid = st.create_session(cfg)["id"]
    st.add_round(sid, 1, K7, "Aki")
    st.add_round(sid, 2, K9, "Bo")
    st.replace_round(sid, 3, 1, K9, "Aki")
    st.undo(sid, 4, "Bo")  # reverts the correction
    assert inputs(st, sid) == [K7, K9]
    out = st.undo(sid, 5)  # reverts adding round 2
    assert inputs(st, sid) == [K7] and out["rescored"] == []  # nothing after it to rescore
    st.undo(sid, 6)  # reverts adding round 1
    assert inputs(st, sid) == []
    with pytest.raises(Conflict):
        st.undo(sid, 7)
    hist = st.history(sid)
    assert [h["action"] for h in hist] == ["create", "add_round", "add_round", "replace_round",
                                           "undo", "undo", "undo"]
    assert hist[1]["actor"] == "Aki" and hist[1]["at"].endswith("Z")
    assert hist[3]["before"] == {"seq": 1, "input": K7}
    assert hist[3]["after"] == {"seq": 1, "input": K9}
    assert hist[4]["undoes"] == hist[3]["id"]
    assert [h["version"] for h in hist] == [1, 2, 3, 4, 5, 6, 7]


def test_undo_of_a_delete_puts_the_round_back(st, cfg):
    sid = st.create_session(cfg)["id"]
    st.add_round(sid, 1, K7)
    st.add_round(sid, 2, K9)
    st.delete_round(sid, 3, 1)
    out = st.undo(sid, 4)
    assert inputs(st, sid) == [K7, K9]
    assert out["rescored"] == [1, 2]  # rescored from round 1
    assert chips(out) == {"A": 3, "B": -3}


def test_series_over_is_a_conflict(st):
    cfg = series.check_config({"game": "koi-koi", "players": ["A", "B"], "length": 6})
    sid = st.create_session(cfg)["id"]
    for v in range(1, 7):
        st.add_round(sid, v, K7)
    with pytest.raises(Conflict):
        st.add_round(sid, 7, K7)


def test_idempotency_records(st):
    later = "2999-01-01T00:00:00.000Z"
    with st.transaction():
        assert st.idempotent("k1", "h", key="K") is None
        st.remember("k1", "h", 201, b"sealed", expires=later)
    assert st.idempotent("k1", "h", key="K") == (201, b"sealed")
    with pytest.raises(Conflict):
        st.idempotent("k1", "other body", key="K")
    assert st.idempotent("k2", "h", key="K") is None
    # an expired record is not replayed, and the purge forgets it
    with st.transaction():
        st.remember("old", "h", 201, b"x", expires="2000-01-01T00:00:00.000Z")
    assert st.idempotent("old", "h", key="K") is None
    assert st.purge_idempotency("2001-01-01T00:00:00.000Z") == 1
    assert st.idempotent("k1", "h", key="K") == (201, b"sealed")


def test_transaction_rolls_back_on_error(st, cfg):
    sid = st.create_session(cfg)["id"]
    with pytest.raises(RuntimeError):
        with st.transaction() as c:
            c.execute("UPDATE sessions SET version = 99 WHERE id = ?", (sid,))
            raise RuntimeError
    assert st.session_row(sid)["version"] == 1


def test_export_import_identical(st, cfg):
    sid = st.create_session(cfg, title="Friday")["id"]
    st.add_round(sid, 1, K7)
    st.add_round(sid, 2, K9)
    st.replace_round(sid, 3, 2, K7)
    st.undo(sid, 4)
    doc = json.loads(json.dumps(st.export(sid)))
    cfg2 = series.check_config(doc["config"])
    new = st.create_session(cfg2, title=doc["title"], created=doc["created"],
                            inputs=[r["input"] for r in doc["rounds"]], history=doc["history"])
    doc2 = st.export(new["id"])
    for k in ("config", "title", "created", "rounds", "results", "summary"):
        assert doc2[k] == doc[k], k
    strip = lambda h: [{k: v for k, v in x.items() if k not in ("id", "undoes")} for x in h]
    assert strip(doc2["history"])[:-1] == strip(doc["history"])
    # the undo link survives the import: undo now reverts the same change as before
    # (the correction is already undone, so the next undo reverts adding round 2 in both)
    assert new["version"] == doc["version"] + 1  # the import is the next change
    st.undo(new["id"], new["version"])
    st.undo(sid, 5)
    assert inputs(st, new["id"]) == inputs(st, sid) == [K7]
