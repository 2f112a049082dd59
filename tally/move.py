"""Move a SQLite file's data into PostgreSQL (``flask --app tally move-to-postgres``): every
row of every table as stored, in one transaction on the target, nothing rescored. The target
must be empty (a fresh database, migrated here), so a move can never mix two stores."""

from __future__ import annotations

from .db import _pg_sql
from .store import SCHEMA_VERSION, Store

# Every table at schema 9, parents first, with its columns (named: the two files' column
# order may differ, as SQLite adds migrated columns at the end).
TABLES = {
    "groups": ("id", "name", "token_hash", "created", "read_hash"),
    "group_players": ("id", "group_id", "name", "created"),
    "sessions": ("id", "title", "game", "config", "group_id", "player_ids", "edit_hash",
                 "read_hash", "version", "state", "created", "updated", "standing", "finished"),
    "round_results": ("session_id", "rid", "input", "scored"),
    "rounds": ("session_id", "seq", "rid", "month", "dealer", "carry_in", "carry_out",
               "next_dealer", "counts_as_month", "ledger", "line", "head", "tallies", "gain",
               "created"),
    "history": ("id", "session_id", "version", "action", "actor", "at", "before", "after",
                "undoes"),
    "session_pairs": ("session_id", "payer", "payee", "chips"),
    "group_links": ("session_id", "group_id", "sealed"),
    "idempotency": ("lookup", "body_hash", "status", "sealed", "expires"),
}
BATCH = 2000


class MoveError(Exception):
    pass


def move(source: str, target: str) -> dict[str, int]:
    """Copy ``source`` (a SQLite file) into ``target`` (a postgresql:// url); returns the
    rows copied per table."""
    assert SCHEMA_VERSION == 9, "TABLES lists the schema 9 columns: update it with the schema"
    src, dst = Store(source), Store(target)
    if src.postgres or not dst.postgres:
        raise MoveError("--from takes a SQLite file and --to a postgresql:// url")
    try:
        src.migrate()  # an older file is brought to the current schema first
        dst.migrate()
        with dst.transaction() as c:
            full = [t for t in TABLES if c.execute(f"SELECT 1 FROM {t} LIMIT 1").fetchone()]
            if full:
                raise MoveError(f"the target database is not empty (it has {', '.join(full)}):"
                                " move into a fresh database")
            # the session_pairs rows are copied as stored (schema 8: no trigger adds them up)
            counts = {t: _copy(src, c, t, cols) for t, cols in TABLES.items()}
            # new history entries are numbered after the copied ones
            c.execute("SELECT setval(pg_get_serial_sequence('history', 'id'), "
                      "coalesce(max(id), 0) + 1, false) FROM history")
        return counts
    finally:
        src.close()
        dst.close()


def _copy(src: Store, dst_conn, table: str, columns: tuple[str, ...]) -> int:
    names = ", ".join(columns)
    insert = _pg_sql(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})")
    rows = src.conn.execute(f"SELECT {names} FROM {table}")
    n = 0
    with dst_conn.raw.cursor() as cur:
        while batch := rows.fetchmany(BATCH):
            cur.executemany(insert, batch)
            n += len(batch)
    return n
