"""Move a SQLite file's data into PostgreSQL (``flask --app tally move-to-postgres``): every
row of every table as stored, in one transaction on the target, nothing rescored. The target
must be empty (a fresh database, migrated here), so a move can never mix two stores.

SQLite stores a NUL character in a text; PostgreSQL cannot (files written before the API
refused control characters may hold one, in a title or a name). Such a file is refused with
the list of its cells, unless the move is asked to repair: then every NUL becomes U+FFFD
(the replacement character), both raw and as a JSON escape inside the stored JSON texts, so
a name stays the same name in every column it is written in."""

from __future__ import annotations

import re

from .db import _pg_sql
from .store import SCHEMA_VERSION, Store

# Every table at schema 10, parents first, with its columns (named: the two files' column
# order may differ, as SQLite adds migrated columns at the end). The rate-limit windows
# (rate_counters) are not copied: they end within minutes, and the servers are stopped.
TABLES = {
    "groups": ("id", "name", "token_hash", "created", "read_hash"),
    "group_players": ("id", "group_id", "name", "created"),
    "sessions": ("id", "title", "game", "config", "group_id", "player_ids", "edit_hash",
                 "read_hash", "version", "state", "created", "updated", "standing", "finished",
                 "round_count", "kept_bytes"),
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


NUL = "\x00"
REPLACEMENT = "\ufffd"
# \u0000 in JSON text, not preceded by an escaped backslash (\\u0000 is the text "\u0000")
_NUL_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u0000")
SHOWN = 20  # cells a refusal names before "and N more"


class MoveError(Exception):
    pass


class _Cells:
    """The text cells holding NUL met during the copy: repaired, or listed for a refusal."""

    def __init__(self, repair: bool):
        self.repair = repair
        self.found: list[str] = []

    def batch(self, table: str, columns: tuple[str, ...], rows: list[tuple]) -> list[tuple]:
        out = []
        for row in rows:
            if any(isinstance(v, str) and NUL in v for v in row):
                self.found.extend(f"{table} {row[0]}" + (f"/{row[1]}" if table == "rounds"
                                                          else "") + f" {col}"
                                  for col, v in zip(columns, row)
                                  if isinstance(v, str) and NUL in v)
            out.append(tuple(map(repaired, row)) if self.repair else row)
        return out

    def refusal(self) -> str:
        more = len(self.found) - SHOWN
        return (f"{len(self.found)} text cells hold a NUL character (U+0000), which "
                "PostgreSQL cannot store: " + "; ".join(self.found[:SHOWN])
                + (f"; and {more} more" if more > 0 else "")
                + ". Nothing was copied. Run again with --repair to write each NUL as U+FFFD.")


def repaired(value):
    """A cell PostgreSQL can hold: each NUL, raw or escaped in JSON text, as U+FFFD."""
    if not isinstance(value, str):
        return value
    if NUL in value:
        value = value.replace(NUL, REPLACEMENT)
    if "\\u0000" in value:
        value = _NUL_ESCAPE.sub(lambda m: m.group(1) + REPLACEMENT, value)
    return value


def move(source: str, target: str, *, repair: bool = False) -> dict[str, int]:
    """Copy ``source`` (a SQLite file) into ``target`` (a postgresql:// url); returns the
    rows copied per table, and under "repaired" the cells whose NUL became U+FFFD."""
    assert SCHEMA_VERSION == 10, "TABLES lists the schema 10 columns: update it with the schema"
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
            cells = _Cells(repair)
            counts = {t: _copy(src, c, t, cols, cells) for t, cols in TABLES.items()}
            if cells.found and not repair:
                raise MoveError(cells.refusal())  # the transaction is rolled back
            # new history entries are numbered after the copied ones
            c.execute("SELECT setval(pg_get_serial_sequence('history', 'id'), "
                      "coalesce(max(id), 0) + 1, false) FROM history")
        return {**counts, "repaired": len(cells.found)}
    finally:
        src.close()
        dst.close()


def _copy(src: Store, dst_conn, table: str, columns: tuple[str, ...], cells: _Cells) -> int:
    names = ", ".join(columns)
    insert = _pg_sql(f"INSERT INTO {table} ({names}) VALUES ({', '.join('?' * len(columns))})")
    rows = src.conn.execute(f"SELECT {names} FROM {table}")
    n = 0
    with dst_conn.raw.cursor() as cur:
        while batch := rows.fetchmany(BATCH):
            met = len(cells.found)
            batch = cells.batch(table, columns, batch)
            if len(cells.found) == met or cells.repair:  # a NUL would only fail the insert
                cur.executemany(insert, batch)
            n += len(batch)
    return n
