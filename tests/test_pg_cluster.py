"""The throwaway PostgreSQL cluster the store and API tests run on (tests/pg_cluster.py)."""

from __future__ import annotations

import subprocess
import sys

import psycopg
import pytest

from pg_cluster import Cluster, fresh_database, pg_database, pg_url, reap_orphans  # noqa: F401


def _reachable(url: str) -> bool:
    try:
        psycopg.connect(url, connect_timeout=3).close()
        return True
    except psycopg.OperationalError:
        return False


def _dead_pid() -> int:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    return int(gone.stdout)


def _databases(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        return {row[0] for row in conn.execute("SELECT datname FROM pg_database")}


def test_session_cluster_accepts_connections_with_durable_settings(pg_url):
    with psycopg.connect(pg_url) as conn:
        settings = dict(conn.execute(
            "SELECT name, setting FROM pg_settings WHERE name IN "
            "('listen_addresses', 'fsync', 'synchronous_commit', 'server_encoding')"))
    assert settings == {"listen_addresses": "127.0.0.1", "fsync": "on",
                        "synchronous_commit": "on", "server_encoding": "UTF8"}


def test_fresh_database_is_empty_writable_and_dropped_after(pg_url):
    with fresh_database(pg_url) as url:
        name = url.rsplit("/", 1)[1]
        assert name in _databases(pg_url)
        with psycopg.connect(url) as conn:
            tables = conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
            assert tables.fetchone()[0] == 0
            conn.execute("CREATE TABLE t (x int)")
            conn.execute("INSERT INTO t VALUES (1)")
        left_open = psycopg.connect(url)   # a pool left open must not block the drop
    assert name not in _databases(pg_url)
    with pytest.raises(psycopg.OperationalError):   # ended by the drop
        left_open.execute("SELECT 1")
    assert not _reachable(url)


def test_two_fresh_databases_are_distinct(pg_database, pg_url):
    with fresh_database(pg_url) as other:
        assert other != pg_database
        with psycopg.connect(pg_database) as conn:
            conn.execute("CREATE TABLE only_here (x int)")
        with psycopg.connect(other) as conn:
            assert conn.execute("SELECT to_regclass('only_here')").fetchone()[0] is None


def test_cluster_stop_ends_the_server_and_removes_its_folder():
    cluster = Cluster()
    url = cluster.start()
    assert _reachable(url)
    assert (cluster.data / "postmaster.pid").stat().st_uid != 0   # initdb refuses root
    cluster.stop()
    assert not _reachable(url)
    assert not cluster.root.exists()


def test_a_crashed_runs_cluster_is_reaped_by_the_next_start():
    cluster = Cluster()
    url = cluster.start()
    (cluster.root / "owner.pid").write_text(str(_dead_pid()))   # its owner died
    try:
        reap_orphans()
        assert not _reachable(url)
        assert not cluster.root.exists()
    finally:
        cluster.stop()


@pytest.mark.parametrize("bad", ["", "not a pid"])
def test_reaping_ignores_folders_without_an_owner(tmp_path, monkeypatch, bad):
    monkeypatch.setattr("pg_cluster._base_dir", lambda: str(tmp_path))
    unowned, orphan = tmp_path / "tally-pg-x", tmp_path / "tally-pg-y"
    for folder in (unowned, orphan):
        folder.mkdir()
    (unowned / "owner.pid").write_text(bad)
    (orphan / "owner.pid").write_text(str(_dead_pid()))
    reap_orphans()
    assert unowned.exists()
    assert not orphan.exists()   # the same scan does reap a folder whose owner is gone
