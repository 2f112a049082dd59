"""The store's connections and write transactions, one class per backend.

- ``SqliteBackend``: one connection per thread in autocommit mode (WAL), each write one
  ``BEGIN IMMEDIATE`` transaction; the writers of every server process queue on a lock file
  beside the database (flock), not in SQLite's busy handler.
- ``PostgresBackend``: a psycopg 3 connection pool; a thread borrows a connection on its first
  query and gives it back when the request ends (``release``). Writes are plain ``BEGIN`` ...
  ``COMMIT`` (READ COMMITTED); the store locks the session row a write changes (``SELECT ...
  FOR UPDATE``), so the writers of one session queue on that row, on any app server.

Both hand out connections with the same ``execute(sql, params)`` that returns a cursor
(``fetchone``, ``fetchall``, iteration, ``rowcount``); SQL is written with ``?`` placeholders.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import threading
import weakref
from contextlib import contextmanager

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

from .dialects import POSTGRES, SQLITE, is_postgres_url

# "FULL": a commit reaches the disk before the 201 is sent, so an acknowledged round survives
# a power cut; "NORMAL" in WAL mode may lose the last commits then (bench/durability.py).
SYNCHRONOUS = ("FULL", "NORMAL")


class _Transactions:
    """Re-entrant write transactions on the thread's connection (nested calls join)."""

    def _begin(self, conn):
        raise NotImplementedError

    @contextmanager
    def _exclusive(self):
        yield

    @contextmanager
    def transaction(self):
        conn = self.conn
        local = self._local
        if local.depth:
            local.depth += 1
            try:
                yield conn
            finally:
                local.depth -= 1
            return
        with self._exclusive():
            self._begin(conn)
            local.depth = 1
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                conn.execute("COMMIT")
            finally:
                local.depth = 0


class SqliteBackend(_Transactions):
    dialect = SQLITE

    def __init__(self, path: str, synchronous: str = "FULL"):
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS}, not {synchronous!r}")
        self.path, self.synchronous = path, synchronous
        self._local = threading.local()
        # Writers of this process queue on a lock instead of SQLite's busy handler, which
        # sleeps in growing steps (up to 100 ms) while another thread holds the write lock.
        self._write_lock = threading.Lock()
        self._lock_fd: int | None = None
        self._lock_pid = 0

    @property
    def conn(self) -> sqlite3.Connection:
        c = getattr(self._local, "conn", None)
        if c is None:
            c = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False,
                                timeout=10)
            c.execute("PRAGMA journal_mode=WAL")
            c.execute(f"PRAGMA synchronous={self.synchronous}")
            c.execute("PRAGMA busy_timeout=10000")
            self._local.conn = c
            self._local.depth = 0
        return c

    def release(self):
        """Nothing to give back: the thread keeps its SQLite connection."""

    def close(self):
        c = getattr(self._local, "conn", None)
        if c is not None:
            c.close()
            self._local.conn = None

    def _begin(self, conn):
        conn.execute("BEGIN IMMEDIATE")

    @contextmanager
    def _exclusive(self):
        with self._write_lock, self._process_lock():
            yield

    @contextmanager
    def _process_lock(self):
        """The writers of every server process queue on a lock file beside the database
        (flock: the next writer wakes as soon as the lock is free). Where there is no flock
        (Windows: one process) the thread lock is enough."""
        if fcntl is None or self.path == ":memory:":
            yield
            return
        if self._lock_fd is None or self._lock_pid != os.getpid():
            self._lock_fd = os.open(self.path + "-writer", os.O_RDWR | os.O_CREAT, 0o600)
            self._lock_pid = os.getpid()  # a forked process opens its own (flock is per open)
        fcntl.flock(self._lock_fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self._lock_fd, fcntl.LOCK_UN)

    def schema_version(self, conn) -> int:
        return conn.execute("PRAGMA user_version").fetchone()[0]

    def set_schema_version(self, conn, v: int):
        conn.execute(f"PRAGMA user_version = {int(v)}")

    def lock_migrations(self, conn):
        """BEGIN IMMEDIATE already keeps a second migrating process out."""


@functools.lru_cache(maxsize=512)
def _pg_sql(sql: str) -> str:
    """``?`` placeholders as psycopg's ``%s`` (our SQL has no ``?`` or ``%`` in literals)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PgConnection:
    """A pooled psycopg connection that takes the store's ``?`` SQL."""

    __slots__ = ("raw",)

    def __init__(self, raw):
        self.raw = raw

    def execute(self, sql: str, params=()):
        return self.raw.execute(_pg_sql(sql), tuple(params))

    def executemany(self, sql: str, rows):
        """One statement for many rows (psycopg pipelines them)."""
        with self.raw.cursor() as cur:
            cur.executemany(_pg_sql(sql), [tuple(r) for r in rows])


_pools: "weakref.WeakSet[PostgresBackend]" = weakref.WeakSet()


def close_all_pools():
    """Close every PostgreSQL pool of this process (the tests, before dropping a database)."""
    for backend in list(_pools):
        backend.close()


class PostgresBackend(_Transactions):
    dialect = POSTGRES
    MIGRATION_LOCK = 7_301_913  # pg_advisory_xact_lock key: one app server migrates at a time

    def __init__(self, url: str, pool_size: int = 10):
        self.url, self.pool_size = url, pool_size
        self.path = url  # what error messages and the CLI print
        self._local = threading.local()
        self._pool = None
        self._pool_pid = 0
        self._pool_lock = threading.Lock()
        _pools.add(self)

    def _the_pool(self):
        """This process's pool, opened on first use (a forked worker opens its own)."""
        if self._pool is None or self._pool_pid != os.getpid():
            with self._pool_lock:
                if self._pool is None or self._pool_pid != os.getpid():
                    from psycopg_pool import ConnectionPool

                    # check: a connection the server dropped (a restart, a failover) is
                    # replaced when borrowed, not found broken by a request
                    self._pool = ConnectionPool(
                        self.url, min_size=1, max_size=self.pool_size, open=True,
                        kwargs={"autocommit": True}, timeout=30, name="tally",
                        check=ConnectionPool.check_connection)
                    self._pool_pid = os.getpid()
                    self._local = threading.local()  # nothing borrowed from a parent's pool
        return self._pool

    @property
    def conn(self) -> PgConnection:
        c = getattr(self._local, "conn", None)
        if c is not None and c.raw.broken and not self._local.depth:
            self.release()  # the pool discards it; this thread borrows another
            c = None
        if c is None:
            c = PgConnection(self._the_pool().getconn())
            self._local.conn = c
            self._local.depth = 0
        return c

    def release(self):
        """Give the thread's connection back to the pool (at the end of each request)."""
        c = getattr(self._local, "conn", None)
        if c is not None and not self._local.depth:
            self._local.conn = None
            if self._pool is not None and self._pool_pid == os.getpid():
                self._pool.putconn(c.raw)

    def close(self):
        """Close the pool (before a fork, at the end of a test); it opens again on use."""
        self.release()
        with self._pool_lock:
            pool, self._pool = self._pool, None
            if pool is not None and self._pool_pid == os.getpid():
                pool.close()
        self._local = threading.local()

    def _begin(self, conn):
        conn.execute("BEGIN")

    def schema_version(self, conn) -> int:
        conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
        return row[0] or 0

    def set_schema_version(self, conn, v: int):
        conn.execute("DELETE FROM schema_version")
        conn.execute("INSERT INTO schema_version (version) VALUES (?)", (v,))

    def lock_migrations(self, conn):
        """Two app servers starting at once: the second waits, then finds the schema done."""
        conn.execute("SELECT pg_advisory_xact_lock(?)", (self.MIGRATION_LOCK,))


def backend_for(target: str, synchronous: str = "FULL", pool_size: int = 10):
    """A PostgreSQL url (``postgresql://...``) or a SQLite file's path."""
    if is_postgres_url(target):
        return PostgresBackend(target, pool_size)
    return SqliteBackend(target, synchronous)
