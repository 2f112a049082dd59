"""Storage: the schema and its migrations, and the writes a session goes through (versions,
the append-only history, undo, idempotency keys, tokens), on one of two backends (tally.db):
a SQLite file (the default: WAL, zero set-up) or PostgreSQL (``DATABASE_URL``), for several
app servers on one database. The SQL is written once with ``?`` placeholders; what differs
between the two is in tally.dialects.

Every write is one transaction on the thread's connection, which is otherwise in autocommit
mode (sqlite-utils' own ``with conn:`` blocks would commit half-way, so writes inside a
transaction use plain SQL on the same connection). On SQLite a write is ``BEGIN IMMEDIATE``
behind a file lock shared by the server processes, and readers never block thanks to WAL. On
PostgreSQL a write first locks its session's row (``SELECT ... FOR UPDATE``) and then checks
the version: the writers of one session queue on that row across processes and machines,
writers of different sessions never wait for each other, and no retry loop is needed (a
SERIALIZABLE transaction would abort the loser and leave the retry to us).

Tokens: the edit token is random (``secrets``); the read-only token is derived from it with
HMAC, so an edit-token holder can always get the read-only link while a read-only token
reveals nothing. Only SHA-256 digests of both are stored, compared with ``hmac.compare_digest``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from decimal import Decimal
from typing import Any, Callable

import orjson
import sqlite_utils

from . import series
from .history import CHANGES  # what an undo reverts
from .db import SYNCHRONOUS, backend_for  # noqa: F401 (SYNCHRONOUS: kept importable here)
from .dialects import POSTGRES, SQLITE, Dialect
from .results import said
from .series import RoundState, SeriesConfig

SCHEMA_VERSION = 10
MAX_SEQ = 10 ** 9  # no round is numbered near a billion (tally.api.limits.MAX_NUMBER)


class StoreError(Exception):
    status = 400
    code: str | None = None  # the machine code an API client reads (docs/api.md)

    def __init__(self, message: str, *, field: str | None = None, **extra):
        super().__init__(message)
        self.message, self.field, self.extra = message, field, extra

    def to_dict(self) -> dict:
        """The API's error item; a said() message keeps its template and params, so it can
        be said in the reader's language."""
        d = {"field": self.field, "message": str(self.message), **self.extra}
        if hasattr(self.message, "template"):
            d.update(self.message.to_dict())
        if self.code:  # else the API's code for the status (tally.api.conventions)
            d["code"] = self.code
        return d


class NotFound(StoreError):
    status = 404


def no_session(sid: str) -> NotFound:
    return NotFound(said("no session {session!r}", session=sid), field="session_id")


class Conflict(StoreError):
    status = 409


class OverQuota(Conflict):
    """A write that would take its session past a quota (``Store.max_rounds``,
    ``max_bytes``): 409, and the session stays as it was."""
    code = "over_quota"


class ImportTooLarge(StoreError):
    """An import larger than a session may be: 413, and nothing is stored."""
    status = 413
    code = "import_too_large"


class Stale(StoreError):
    """A write based on an old version of the session (HTTP 412)."""
    status = 412
    code = "stale_version"

    def __init__(self, current: int, given: int):
        super().__init__(said("the session changed: version {given} is stale, the current "
                              "version is {current}; reload and apply your change again",
                              given=given, current=current), field="version",
                         current_version=current)
        self.current = current


def stamp(moment: datetime) -> str:
    """A UTC time as stored: ISO 8601 to the millisecond, so stored times sort as text."""
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace(
        "+00:00", "Z")


def now() -> str:
    return stamp(datetime.now(timezone.utc))


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def read_token_of(edit_token: str) -> str:
    mac = hmac.new(edit_token.encode(), b"hanafuda-tally read-only", hashlib.sha256)
    return "r" + mac.hexdigest()[:42]


def new_id() -> str:
    return secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")


def _dumps(x) -> str:
    """Compact JSON text, the same as ``json.dumps(x, ensure_ascii=False, separators=(",",
    ":"))``. (A NaN never gets here: outside numbers are bounded finite on the way in.)"""
    return orjson.dumps(x, option=orjson.OPT_NON_STR_KEYS).decode()


# ----------------------------------------------------------------------------- migrations
# One list for both backends. A migration gets the database being migrated: ``db.conn``
# runs its SQL (``?`` placeholders), ``_dialect(db)`` says where SQLite and PostgreSQL differ
# (a sqlite_utils.Database, as older tests pass, is SQLite).

def _dialect(db) -> Dialect:
    return getattr(db, "dialect", SQLITE)


def _ddl(db, *statements: str):
    d = _dialect(db)
    for sql in statements:
        db.conn.execute(d.ddl(sql))


def _m1(db):
    _ddl(db,
         "CREATE TABLE sessions (id TEXT PRIMARY KEY, title TEXT, game {sorted} NOT NULL, "
         "config TEXT NOT NULL, group_id TEXT, player_ids TEXT, edit_hash TEXT, read_hash TEXT, "
         "version INTEGER NOT NULL, state TEXT, created TEXT, updated TEXT)",
         "CREATE TABLE rounds (session_id TEXT, seq INTEGER, view TEXT, created TEXT, "
         "PRIMARY KEY (session_id, seq))",
         "CREATE TABLE history (id {serial}, session_id TEXT, version INTEGER, action TEXT, "
         "actor TEXT, at TEXT, before TEXT, after TEXT, undoes INTEGER)",
         "CREATE INDEX idx_history_session_id_id ON history (session_id, id)",
         "CREATE TABLE idempotency (key TEXT, scope TEXT, body_hash TEXT, status INTEGER, "
         "body TEXT, created TEXT, PRIMARY KEY (key, scope))")


def _m2(db):
    _ddl(db,
         "CREATE TABLE groups (id TEXT PRIMARY KEY, name TEXT, token_hash TEXT, created TEXT)",
         "CREATE TABLE group_players (id TEXT PRIMARY KEY, group_id TEXT, name {sorted}, "
         "created TEXT)",
         "CREATE UNIQUE INDEX idx_group_players_group_id_name ON group_players (group_id, name)",
         "CREATE INDEX idx_sessions_group_id_created ON sessions (group_id, created)")


def _m3(db):
    """Idempotency records no longer keep a key or a response in plain text (a create's
    response holds its edit token): filed under a digest, the response sealed. The old rows
    go: they are at most two days old and hold tokens."""
    _ddl(db, "DROP TABLE idempotency",
         "CREATE TABLE idempotency (lookup TEXT PRIMARY KEY, body_hash TEXT, status INTEGER, "
         "sealed {blob} NOT NULL, expires TEXT NOT NULL)",
         "CREATE INDEX idx_idempotency_expires ON idempotency (expires)")


def _m4(db):
    """Writes that cost one round (issue 12): each round keeps its share of the running
    summary (its ledger entries, its line, the head and the standings' tallies after it) and
    its input apart from its result (what a rescoring reads), so
    a correction rescores from the round it changes, without reading the rounds before; the
    session keeps the head alone (``state``) and what the group standings add up
    (``standing``). Existing sessions are filled in from their stored results (no rescoring)."""
    c = db.conn
    for col in ("input", "ledger", "line", "head", "tallies"):
        c.execute(f"ALTER TABLE rounds ADD COLUMN {col} TEXT")
    c.execute("ALTER TABLE sessions ADD COLUMN standing TEXT")
    for sid, config in c.execute("SELECT id, config FROM sessions").fetchall():
        cfg = series.config_of(json.loads(config))
        head, tallies = series.start(cfg)
        for seq, view in c.execute("SELECT seq, view FROM rounds WHERE session_id = ? "
                                   "ORDER BY seq", (sid,)).fetchall():
            r = RoundState(**json.loads(view))
            step = series.advance(cfg, head, tallies, r)
            c.execute("UPDATE rounds SET input = ?, ledger = ?, line = ?, head = ?, tallies = ?"
                      " WHERE session_id = ? AND seq = ?",
                      (_dumps(r.input), *_step_texts(step), sid, seq))
            head, tallies = step.head, step.tallies
        c.execute("UPDATE sessions SET state = ?, standing = ? WHERE id = ?",
                  (_dumps(head), _dumps(series.standing(head, tallies)), sid))


def _step_texts(step: series.Step) -> tuple[str, str, str, str]:
    """A round's share of the running summary as stored: ledger, line, head, tallies."""
    return _dumps(step.ledger), _dumps(step.line), _dumps(step.head), _dumps(step.tallies)


# The standings' tallies after a round are kept with every CHECKPOINT-th round only (they
# are only read to rescore from a round, ``Store._checkpoint``): the rounds in between count
# from the one before by their stored ``gain`` and ``line``, at most CHECKPOINT - 1 of them.
CHECKPOINT = 16


def _kept_tallies(seq: int, tallies: dict) -> str | None:
    return _dumps(tallies) if seq % CHECKPOINT == 0 else None


def _m5(db):
    """The evening's end and statistics (issue 14): a session the table ended early
    ("Finish now") says so (``finished``: 1, kept through corrections and undone by undo), and
    each round's tallies count the calls that paid or failed and the penalties suffered, and
    name the month of the biggest round. The tallies are filled in again from the stored
    results (no rescoring)."""
    c = db.conn
    c.execute("ALTER TABLE sessions ADD COLUMN finished INTEGER")
    for sid, state in c.execute("SELECT id, state FROM sessions").fetchall():
        tallies: dict = {}
        for seq, view, line in c.execute("SELECT seq, view, line FROM rounds WHERE "
                                         "session_id = ? ORDER BY seq", (sid,)).fetchall():
            r = RoundState(**json.loads(view))
            tallies = series.tally_round(tallies, r, json.loads(line)["net"])
            c.execute("UPDATE rounds SET tallies = ? WHERE session_id = ? AND seq = ?",
                      (_dumps(tallies), sid, seq))
        c.execute("UPDATE sessions SET standing = ? WHERE id = ?",
                  (_dumps(series.standing(json.loads(state), tallies)), sid))


# Head-to-head (issue 14): the chips each seat paid each other seat in a session, kept as rounds
# are written and removed (a correction deletes the rounds after it and inserts them again), so
# a group's head-to-head adds up a few rows a session, not every round's ledger. Schemas 6 and 7
# kept them by the database's triggers (their SQL is the dialect's, tally.dialects); schema 8
# by the store itself (``_Pairs``).


def _m6(db):
    """The group's league (issue 14): a group gets a read-only link (``read_hash``, derived
    from its token like a session's; an older group's is filled in the first time its token
    is used), each session keeps the chips each seat paid each other seat (``session_pairs``,
    kept by the triggers above; the stored rounds are added up once here), and a group keeps
    its sessions' view-only links sealed with a key only its links give (``group_links``)."""
    d = _dialect(db)
    _ddl(db, "ALTER TABLE groups ADD COLUMN read_hash TEXT",
         "CREATE TABLE session_pairs (session_id TEXT NOT NULL, payer {sorted} NOT NULL, "
         "payee {sorted} NOT NULL, chips NUMERIC NOT NULL, "
         "PRIMARY KEY (session_id, payer, payee)){without_rowid}",
         "CREATE TABLE group_links (session_id TEXT PRIMARY KEY, group_id TEXT NOT NULL, "
         "sealed {blob} NOT NULL)",
         "CREATE INDEX group_links_group ON group_links (group_id)")
    for sql in d.pair_triggers:
        db.conn.execute(sql)
    db.conn.execute(d.pairs_fill)
    db.conn.execute("DELETE FROM session_pairs WHERE abs(chips) < 1e-9")


def _m7(db):
    """Corrections that cost the rounds they change (issue 12): each round keeps what it adds
    to the counts (``gain``: points, winner, combinations, statistics' facts), so the rounds
    after a correction that leaves their month, dealer and carry as they were are counted
    again without being rescored or read in full; the tallies are kept with every
    CHECKPOINT-th round only. Filled in from the stored results (no rescoring)."""
    c = db.conn
    c.execute("ALTER TABLE rounds ADD COLUMN gain TEXT")
    for sid, seq, view in c.execute("SELECT session_id, seq, view FROM rounds").fetchall():
        r = RoundState(**json.loads(view))
        c.execute("UPDATE rounds SET gain = ? WHERE session_id = ? AND seq = ?",
                  (_dumps(series.gain_of(r)), sid, seq))
    c.execute(f"UPDATE rounds SET tallies = NULL WHERE seq % {CHECKPOINT} <> 0")


def _m8(db):
    """The head-to-head rows kept by the store as it writes (``_Pairs``: one upsert a pair
    per write) instead of by the triggers (a trigger a round: a third of what a correction that
    moves a long series' rounds cost). The rows stay as the triggers left them."""
    for sql in _dialect(db).drop_pair_triggers:
        db.conn.execute(sql)


# Schema 9 (issue 12): a round's row holds its place in the series and its share of the running
# summary (small: what a correction that moves the rounds after it rewrites); its input and
# result as scored are a row of ``round_results``, written once when the round is scored and
# kept when the round moves to another number from the same dealer and carry
# (``series.reused``). A view is spliced together from both (``_view_text``).
ROUND_COLUMNS = ("rid", "month", "dealer", "carry_in", "carry_out", "next_dealer",
                 "counts_as_month", "ledger", "line", "head", "tallies", "gain", "created")


def _m9(db):
    """Rounds kept apart from their place (issue 12): each round's input and its result
    without its place go to ``round_results`` (``rid``: numbered per session), and its row
    in ``rounds`` keeps its number, month, dealer, the carry it was entered with and the
    carry its result hands on, with its share of the running summary. Filled in from the
    stored views (no rescoring)."""
    _ddl(db, "CREATE TABLE round_results (session_id TEXT NOT NULL, rid INTEGER NOT NULL, "
             "input TEXT NOT NULL, scored TEXT NOT NULL, PRIMARY KEY (session_id, rid))",
         "CREATE TABLE rounds_9 (session_id TEXT NOT NULL, seq INTEGER NOT NULL, "
         "rid INTEGER NOT NULL, month INTEGER, dealer TEXT, carry_in TEXT, carry_out TEXT, "
         "next_dealer TEXT, counts_as_month INTEGER, ledger TEXT, line TEXT, head TEXT, "
         "tallies TEXT, gain TEXT, created TEXT, PRIMARY KEY (session_id, seq))")
    c = db.conn
    rows = c.execute("SELECT session_id, seq, view, ledger, line, head, tallies, gain, created "
                     "FROM rounds")
    while batch := rows.fetchmany(500):
        results, places = [], []
        for sid, seq, view, ledger, line, head, tallies, gain, created in batch:
            r = RoundState(**json.loads(view))
            inp, scored, carry_out = _result_texts(r)
            results.append((sid, seq, inp, scored))
            places.append((seq, r.month, r.dealer, _dumps(r.carry_in), carry_out,
                           r.result.get("next_dealer"), int(r.counts_as_month), ledger, line,
                           head, tallies, gain, created, sid, seq))
        c.executemany("INSERT INTO round_results (session_id, rid, input, scored) "
                      "VALUES (?, ?, ?, ?)", results)
        c.executemany(f"INSERT INTO rounds_9 ({', '.join(ROUND_COLUMNS)}, session_id, seq) "
                      f"VALUES ({', '.join('?' * (len(ROUND_COLUMNS) + 2))})", places)
    _ddl(db, "DROP TABLE rounds", "ALTER TABLE rounds_9 RENAME TO rounds")


# The UTF-8 size of a text column in SQL (SQLite's octet_length is 3.43+ only; NULL is 0).
OCTETS = {"sqlite": "coalesce(length(CAST({c} AS BLOB)), 0)",
          "postgres": "coalesce(octet_length({c}), 0)"}


def _octets_sql(db_or_dialect, *columns: str) -> str:
    d = db_or_dialect if isinstance(db_or_dialect, Dialect) else _dialect(db_or_dialect)
    return " + ".join(OCTETS[d.name].format(c=c) for c in columns)


# What a session keeps that its use makes grow, counted in ``sessions.kept_bytes`` (the quota
# MAX_BYTES_PER_SESSION): the UTF-8 bytes of its config and title, of each round's input and
# result (round_results) and of each history entry's before, after and actor.
KEPT_RESULT = ("input", "scored")
KEPT_HISTORY = ("before", "after", "actor")


def _m10(db):
    """Limits (issue 22): fixed-window counters shared by every app server on the database
    (``rate_counters``: tally.api.ratelimit); each session's round count and the bytes it
    keeps (``round_count``, ``kept_bytes``: the quotas), filled in from what is stored; and
    the empty sessions indexed by their last change, so purging the abandoned ones reads only
    them."""
    _ddl(db, "CREATE TABLE rate_counters (bucket TEXT NOT NULL, window_start BIGINT NOT NULL, "
             "hits INTEGER NOT NULL, expires BIGINT NOT NULL, "
             "PRIMARY KEY (bucket, window_start)){without_rowid}",
         "CREATE INDEX idx_rate_counters_expires ON rate_counters (expires)",
         "ALTER TABLE sessions ADD COLUMN round_count INTEGER NOT NULL DEFAULT 0",
         "ALTER TABLE sessions ADD COLUMN kept_bytes BIGINT NOT NULL DEFAULT 0",
         "CREATE INDEX idx_sessions_empty ON sessions (updated) WHERE round_count = 0")
    db.conn.execute("UPDATE sessions SET (round_count, kept_bytes) = "
                    f"(SELECT {_counted_sql(db)})")


def _counted_sql(db) -> str:
    """A session's round count and kept bytes counted from its rows (the columns of a SELECT
    with ``sessions`` in scope): what the store keeps up to date as it writes, counted the
    long way."""
    return ("(SELECT count(*) FROM rounds r WHERE r.session_id = sessions.id), "
            f"{_octets_sql(db, 'config', 'title')} + "
            f"(SELECT coalesce(sum({_octets_sql(db, *KEPT_RESULT)}), 0) FROM round_results s "
            "WHERE s.session_id = sessions.id) + "
            f"(SELECT coalesce(sum({_octets_sql(db, *KEPT_HISTORY)}), 0) FROM history h "
            "WHERE h.session_id = sessions.id)")


MIGRATIONS = {1: _m1, 2: _m2, 3: _m3, 4: _m4, 5: _m5, 6: _m6, 7: _m7, 8: _m8, 9: _m9,
              10: _m10}


def _octets(*texts: str | None) -> int:
    """The UTF-8 bytes of texts as kept (what OCTETS counts in SQL)."""
    return sum(len(t) if t.isascii() else len(t.encode("utf-8", "surrogatepass"))
               for t in texts if isinstance(t, str))


def _result_texts(r: RoundState) -> tuple[str, str, str | None]:
    """A scored round's input, its view without its place (``scored``: the result's carry
    left out; ``_view_text`` puts them back) and the carry its result hands on, as JSON."""
    res = r.result
    scored = _dumps({"counts_as_month": r.counts_as_month, "input": r.input,
                     "result": {k: v for k, v in res.items() if k != "carry"}})
    carry_out = res.get("carry")
    return _dumps(r.input), scored, None if carry_out is None else _dumps(carry_out)


def _view_text(seq: int, month, dealer, carry_in: str, carry_out: str | None,
               scored: str) -> str:
    """A round's view (``RoundState.view``) from what is stored: its place (number, month,
    dealer, carry in, and the carry its result hands on, put back as the result's last key)
    spliced around the rest, as texts, nothing parsed."""
    place = '{"seq":%d,"month":%s,"dealer":%s,"carry_in":%s,' % (
        seq, _dumps(month), _dumps(dealer), carry_in)
    if carry_out is None:
        return place + scored[1:]
    comma = "" if scored.endswith("{}}") else ","  # an empty result: nothing before the carry
    return place + scored[1:-2] + comma + '"carry":' + carry_out + "}}"


# What a round's view is read from: its row and its result's.
VIEW_SQL = "r.seq, r.month, r.dealer, r.carry_in, r.carry_out, s.scored"
JOINED = ("rounds r JOIN round_results s ON s.session_id = r.session_id AND s.rid = r.rid")


class _Pairs:
    """What one write does to a session's head-to-head rows (``session_pairs``): the ledgers
    of the rounds it removes and inserts, added up per pair of seats, then written with one
    upsert a pair (``write``). Amounts are added exactly (a float as its decimal text, as
    the JSON holds it), so PostgreSQL's NUMERIC keeps what the ledgers say."""

    def __init__(self):
        self.chips: dict[tuple[str, str], Any] = {}
        self.removing = False  # only a round removed can bring a pair back to nothing

    def count(self, ledger: list, sign: int = 1) -> None:
        self.removing = self.removing or sign < 0
        for pay in ledger:
            a = pay["amount"]
            key = (pay["from"], pay["to"])
            self.chips[key] = self.chips.get(key, 0) + sign * (
                a if isinstance(a, int) else Decimal(repr(a)))

    def write(self, conn, sid: str, postgres: bool) -> None:
        rows = [(sid, payer, payee, _chips(v, postgres))
                for (payer, payee), v in self.chips.items() if v]
        if rows:
            conn.executemany(
                "INSERT INTO session_pairs (session_id, payer, payee, chips) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (session_id, payer, payee) DO UPDATE SET chips = "
                "session_pairs.chips + excluded.chips", rows)
            if self.removing:
                conn.execute("DELETE FROM session_pairs WHERE session_id = ? AND "
                             "abs(chips) < 1e-9", (sid,))
        self.chips.clear()
        self.removing = False


class _Growth:
    """What one write adds to the bytes its session keeps (``kept_bytes``), less what it
    frees: the results written and dropped, the history entry logged."""

    def __init__(self, dialect: Dialect):
        self.bytes = 0
        self.result_sql = _octets_sql(dialect, *KEPT_RESULT)  # a dropped result's size


class _RoundWriter:
    """Rounds stored with their share of the running summary, a batch at a time
    (``executemany``: on PostgreSQL one round trip a batch, not one a round): a new row, or
    with ``over`` over the row of the same number. A round scored gets a new result row; a
    round reused (``RoundState.stored_as``) keeps its own. The results of the rows ``dropped``
    (rows removed or written over) go unless a round kept them (``close``). Their ledgers are
    counted in ``pairs`` (the ledger of a row written over is the caller's to take out), the
    bytes of the results written and dropped in ``growth``.
    Nothing written is read before ``flush``."""

    BATCH = 64
    INSERT = (f"INSERT INTO rounds ({', '.join(ROUND_COLUMNS)}, session_id, seq) "
              f"VALUES ({', '.join('?' * (len(ROUND_COLUMNS) + 2))})")
    UPDATE = (f"UPDATE rounds SET {', '.join(c + ' = ?' for c in ROUND_COLUMNS)} "
              "WHERE session_id = ? AND seq = ?")
    RESULT = "INSERT INTO round_results (session_id, rid, input, scored) VALUES (?, ?, ?, ?)"

    def __init__(self, conn, sid: str, ts: str, pairs: _Pairs, growth: _Growth, dropped=()):
        self.conn, self.sid, self.ts, self.pairs, self.growth = conn, sid, ts, pairs, growth
        self.results: list[tuple] = []
        self.inserts: list[tuple] = []
        self.updates: list[tuple] = []
        self.next_rid: int | None = None
        self.dropped, self.kept = set(dropped), set()

    def write(self, r: RoundState, step: series.Step, *, over: bool = False) -> str | None:
        """Returns the round's view text when it was scored (None when reused)."""
        carry_in, view = _dumps(r.carry_in), None
        if r.stored_as is None:
            rid = self._new_rid()
            inp, scored, carry_out = _result_texts(r)
            self.results.append((self.sid, rid, inp, scored))
            self.growth.bytes += _octets(inp, scored)
            view = _view_text(r.seq, r.month, r.dealer, carry_in, carry_out, scored)
        else:
            rid = r.stored_as
            self.kept.add(rid)
            carry_out = r.result["carry"]
            carry_out = None if carry_out is None else _dumps(carry_out)
        self.pairs.count(step.ledger)
        values = (rid, r.month, r.dealer, carry_in, carry_out, r.result.get("next_dealer"),
                  int(r.counts_as_month), _dumps(step.ledger), _dumps(step.line),
                  _dumps(step.head), _kept_tallies(r.seq, step.tallies), _dumps(step.gain),
                  self.ts, self.sid, r.seq)
        (self.updates if over else self.inserts).append(values)
        if len(self.inserts) + len(self.updates) >= self.BATCH:
            self.flush()
        return view

    def _new_rid(self) -> int:
        if self.next_rid is None:
            self.next_rid = self.conn.execute(
                "SELECT coalesce(max(rid), 0) FROM round_results WHERE session_id = ?",
                (self.sid,)).fetchone()[0]
        self.next_rid += 1
        return self.next_rid

    def flush(self) -> None:
        for sql, rows in ((self.RESULT, self.results), (self.INSERT, self.inserts),
                          (self.UPDATE, self.updates)):
            if rows:
                self.conn.executemany(sql, rows)
                rows.clear()

    def close(self) -> None:
        """Flush, and remove the results no row names any more (their bytes freed)."""
        self.flush()
        gone = sorted(self.dropped - self.kept)
        for i in range(0, len(gone), 500):  # a few statements, not one a result
            part = gone[i:i + 500]
            freed = self.conn.execute(
                "DELETE FROM round_results WHERE session_id = ? AND rid IN "
                f"({', '.join('?' * len(part))}) RETURNING {self.growth.result_sql}",
                (self.sid, *part)).fetchall()
            self.growth.bytes -= sum(n for (n,) in freed)


def _chips(v, postgres: bool):
    if isinstance(v, Decimal):
        return int(v) if v == v.to_integral_value() else v if postgres else float(v)
    return v


@dataclass(frozen=True)
class _Migrating:
    """What a migration gets on PostgreSQL: the connection and the dialect."""
    conn: Any
    dialect: Dialect


class Store:
    """The sessions, rounds, history, groups and idempotency records, on SQLite (a file's
    path, the default) or PostgreSQL (a ``postgresql://`` url): tally.db holds the
    connections and transactions, tally.dialects the SQL that differs."""

    def __init__(self, path: str, synchronous: str = "FULL", *, pool_size: int = 10,
                 max_rounds: int | None = None, max_bytes: int | None = None):
        self.backend = backend_for(path, synchronous, pool_size)
        self.dialect: Dialect = self.backend.dialect
        self.path, self.synchronous = path, synchronous
        # the quotas of one session (None or 0: no bound); the app sets them (tally.web)
        self.max_rounds, self.max_bytes = max_rounds, max_bytes
        self._writing = threading.local()  # the growth of this thread's write (_Growth)

    @property
    def postgres(self) -> bool:
        return self.dialect is POSTGRES

    # -- connections and transactions
    @property
    def conn(self):
        """This thread's connection: ``execute(sql with ?, params)`` gives a cursor."""
        return self.backend.conn

    @property
    def db(self) -> sqlite_utils.Database:
        """The SQLite file through sqlite-utils (SQLite only: the older tests' migrations)."""
        if self.postgres:
            raise TypeError("sqlite-utils works on SQLite files only")
        return sqlite_utils.Database(self.conn)

    def close(self):
        self.backend.close()

    def release(self):
        """The request is over: a pooled connection goes back to the pool."""
        self.backend.release()

    def transaction(self):
        """One write transaction (re-entrant: nested calls join the outer one). On SQLite
        the writers queue on a file lock; on PostgreSQL on the row of the session written
        (``_writable``)."""
        return self.backend.transaction()

    def migrate(self) -> int:
        """Create or upgrade the schema (SQLite: PRAGMA user_version holds the schema
        version; PostgreSQL: the schema_version table)."""
        if self.postgres:
            db = _Migrating(self.conn, POSTGRES)
        else:
            db = self.db
            db.enable_wal()
        with self.transaction() as conn:
            self.backend.lock_migrations(conn)
            have = self.backend.schema_version(conn)
            for v in range(have + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[v](db)
                self.backend.set_schema_version(conn, v)
        return SCHEMA_VERSION

    # -- reading
    SESSION_KEYS = ("id", "title", "game", "config", "group_id", "player_ids", "edit_hash",
                    "read_hash", "version", "state", "created", "updated", "standing")

    def session_row(self, sid: str, *, lock: bool = False) -> dict | None:
        """The session's row: ``state`` is the head of its summary (``series.summary``
        without the ledger and rounds lists; ``full_state`` has them). ``lock``: held until
        the transaction ends (PostgreSQL; on SQLite the write lock already is)."""
        row = self.conn.execute(f"SELECT {', '.join(self.SESSION_KEYS)} FROM sessions "
                                "WHERE id = ?" + (self.dialect.lock_row if lock else ""),
                                (sid,)).fetchone()
        return None if row is None else dict(zip(self.SESSION_KEYS, row))

    def need_session(self, sid: str, *, lock: bool = False) -> dict:
        row = self.session_row(sid, lock=lock)
        if row is None:
            raise no_session(sid)
        return row

    def round_views(self, sid: str) -> list[str]:
        return [_view_text(*row) for row in self.conn.execute(
            f"SELECT {VIEW_SQL} FROM {JOINED} WHERE r.session_id = ? ORDER BY r.seq", (sid,))]

    def round_views_after(self, sid: str, after: int, limit: int) -> list[tuple[int, str]]:
        """At most ``limit`` stored rounds after round ``after``: (number, view text)."""
        return [(row[0], _view_text(*row)) for row in self.conn.execute(
            f"SELECT {VIEW_SQL} FROM {JOINED} WHERE r.session_id = ? AND r.seq > ? "
            "ORDER BY r.seq LIMIT ?", (sid, after, limit))]

    def round_view(self, sid: str, seq: int) -> str | None:
        """One stored round by its number (the others are not read)."""
        if not 0 < seq <= MAX_SEQ:  # SQLite cannot compare 2**63 with a column
            return None
        row = self.conn.execute(f"SELECT {VIEW_SQL} FROM {JOINED} WHERE r.session_id = ? AND "
                                "r.seq = ?", (sid, seq)).fetchone()
        return _view_text(*row) if row else None

    def round_rows(self, sid: str, first: int, last: int) -> list[tuple[int, str, str, str]]:
        """Rounds ``first``..``last`` as stored: (seq, view, line, head) texts; the other
        rounds are not read (the scoresheet's page)."""
        return [(row[0], _view_text(*row[:6]), row[6], row[7]) for row in self.conn.execute(
            f"SELECT {VIEW_SQL}, r.line, r.head FROM {JOINED} WHERE r.session_id = ? AND "
            "r.seq BETWEEN ? AND ? ORDER BY r.seq", (sid, first, last))]

    def running_totals(self, sid: str, seqs) -> list[tuple[int, int, str]]:
        """(seq, month, totals after it) of the rounds ``seqs`` alone (the chart's samples):
        read from each round's stored line and head, nothing else."""
        seqs = sorted(set(seqs))
        if not seqs:
            return []
        marks = ",".join("?" * len(seqs))
        return self.conn.execute(
            f"SELECT seq, {self.dialect.json_int('line', 'month')}, "
            f"{self.dialect.json_text('head', 'totals')} FROM rounds "
            f"WHERE session_id = ? AND seq IN ({marks}) ORDER BY seq",
            (sid, *seqs)).fetchall()

    def round_count(self, sid: str) -> int:
        return self.conn.execute("SELECT count(*) FROM rounds WHERE session_id = ?",
                                 (sid,)).fetchone()[0]

    def round_states(self, sid: str) -> list[RoundState]:
        return [RoundState(**json.loads(v)) for v in self.round_views(sid)]

    def last_seq(self, sid: str) -> int:
        """How many rounds the session has (read from the key's index, no round is read)."""
        return self.conn.execute("SELECT max(seq) FROM rounds WHERE session_id = ?",
                                 (sid,)).fetchone()[0] or 0

    def session_parts(self, sid: str, head: str | None = None, *, ledger: bool = True,
                      rounds: bool = True) -> tuple[list[str], str]:
        """The stored round views and the session's summary (``summary()``: the head with
        the ledger and the rounds lists spliced in), as JSON texts: nothing is re-scored or
        parsed. ``head``: the session row's ``state``, when already read. Without ``ledger``
        or ``rounds`` (the views and the rounds' lines) those are neither read nor given; with
        neither, no round is read at all (a lean read)."""
        head = head or self.need_session(sid)["state"]
        if not (ledger or rounds):
            return [], head
        views, chips, lines = [], [], []
        columns = f"{VIEW_SQL}, r.ledger, r.line" if rounds else "r.ledger, r.line"
        for *place, led, line in self.conn.execute(
                f"SELECT {columns} FROM {JOINED if rounds else 'rounds r'} "
                "WHERE r.session_id = ? ORDER BY r.seq", (sid,)):
            if rounds:
                views.append(_view_text(*place))
                lines.append(line)
            if ledger and led != "[]":
                chips.append(led[1:-1])
        return views, (head[:-1] + (',"ledger":[' + ",".join(chips) + "]" if ledger else "")
                       + (',"rounds":[' + ",".join(lines) + "]" if rounds else "") + "}")

    def full_state(self, sid: str) -> dict:
        """The session's whole summary (``series.summary`` of its rounds), from what is stored."""
        return json.loads(self.session_parts(sid)[1])

    def history(self, sid: str, after: int = 0, since: int = 0,
                limit: int | None = None) -> list[dict]:
        """The changes, oldest first: those after history id ``after`` that made a version
        after ``since``, at most ``limit`` (all by default)."""
        out = []
        for values in self.conn.execute(
                f"SELECT {', '.join(HISTORY_KEYS)} FROM history WHERE session_id = ? AND "
                "id > ? AND version > ? ORDER BY id LIMIT ?",
                (sid, after, since, -1 if limit is None and not self.postgres else limit)):
            r = dict(zip(HISTORY_KEYS, values))
            r["before"] = json.loads(r["before"]) if r["before"] else None
            r["after"] = json.loads(r["after"]) if r["after"] else None
            out.append(r)
        return out

    @staticmethod
    def auth(row: dict, token: str | None) -> str | None:
        """'edit', 'read' or None for a presented token (constant-time comparisons)."""
        if not token or not isinstance(token, str):
            return None
        h = digest(token)
        edit = hmac.compare_digest(h, row["edit_hash"] or "")
        read = hmac.compare_digest(h, row["read_hash"] or "")
        return "edit" if edit else "read" if read else None

    # -- idempotency (tally.api.idempotency decides what is filed and seals it)
    def idempotent(self, lookup: str, body_hash: str, *, key: str) -> tuple[int, bytes] | None:
        """The stored answer filed under ``lookup``. Called inside the write's transaction:
        on PostgreSQL a lock on the lookup (held to the commit) makes a replay that races the
        first request on another app server wait for it and then find its answer."""
        if self.postgres:
            self.conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (lookup,))
        row = self.conn.execute("SELECT body_hash, status, sealed FROM idempotency WHERE "
                                "lookup = ? AND expires > ?", (lookup, now())).fetchone()
        if row is None:
            return None
        if row[0] != body_hash:
            raise Conflict(said("Idempotency-Key {key!r} was already used for a different "
                                "request", key=key),
                           field="Idempotency-Key")
        return row[1], row[2]

    def remember(self, lookup: str, body_hash: str, status: int, sealed: bytes, *,
                 expires: str):
        self.conn.execute(
            "INSERT INTO idempotency (lookup, body_hash, status, sealed, expires) VALUES "
            "(?, ?, ?, ?, ?) ON CONFLICT (lookup) DO UPDATE SET body_hash = excluded.body_hash,"
            " status = excluded.status, sealed = excluded.sealed, expires = excluded.expires",
            (lookup, body_hash, status, sealed, expires))

    def idempotency_known(self, lookup: str) -> bool:
        """Whether an answer is on file under ``lookup`` (a replay, not a new request)."""
        return self.conn.execute("SELECT 1 FROM idempotency WHERE lookup = ? AND expires > ?",
                                 (lookup, now())).fetchone() is not None

    def purge_idempotency(self, before: str) -> int:
        """Forget the records that expired before ``before`` (an ISO time)."""
        with self.transaction() as c:
            return c.execute("DELETE FROM idempotency WHERE expires < ?", (before,)).rowcount

    # -- rate limits (tally.api.ratelimit): fixed-window counters every app server shares
    HIT = ("INSERT INTO rate_counters (bucket, window_start, hits, expires) VALUES (?, ?, 1, ?) "
           "ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_counters.hits + 1 "
           "RETURNING hits")
    HITS_OF = "(SELECT hits FROM rate_counters WHERE bucket = ? AND window_start = ?)"

    def hit(self, counters) -> list[int]:
        """One more hit in each counter ``(bucket, window start, expires)`` (seconds since
        the epoch), each one upsert, all in one transaction; returns each one's hits so far
        in its window."""
        if not counters:
            return []
        with self.transaction() as c:
            return [c.execute(self.HIT, tuple(counter)).fetchone()[0] for counter in counters]

    def purge_counters(self, now: int) -> int:
        """Forget the counters whose window ended by ``now`` (seconds since the epoch)."""
        with self.transaction() as c:
            return c.execute("DELETE FROM rate_counters WHERE expires <= ?", (now,)).rowcount

    def _row_counted(self, table: str, keys: tuple, key: str, counters) -> tuple | None:
        """A row by its id and, in the same statement, the hits of ``counters`` (bucket,
        window start): a token check reads both in the one query it always made."""
        columns = ", ".join(keys) + "".join(f", {self.HITS_OF}" for _ in counters)
        args = [x for counter in counters for x in counter] + [key]
        row = self.conn.execute(f"SELECT {columns} FROM {table} WHERE id = ?", args).fetchone()
        if row is None:
            return None
        return dict(zip(keys, row)), [n or 0 for n in row[len(keys):]]

    def session_row_counted(self, sid: str, counters) -> tuple[dict | None, list[int]]:
        """``session_row`` and the hits of ``counters``."""
        return self._row_counted("sessions", self.SESSION_KEYS, sid, counters) or (None, [])

    def group_row_counted(self, gid: str, counters) -> tuple[dict, list[int]]:
        """``group_row`` (404 for no such group) and the hits of ``counters``."""
        found = self._row_counted("groups", self.GROUP_KEYS, gid, counters)
        if found is None:
            raise NotFound(said("no group {group!r}", group=gid), field="group")
        return found

    # -- abandoned sessions
    SESSION_PARTS = ("history", "round_results", "rounds", "session_pairs", "group_links")

    def purge_empty_sessions(self, before: str, most: int = 500) -> int:
        """Remove up to ``most`` sessions that have no round and were last changed before
        ``before`` (an ISO time), with their history and links; returns how many. Only the
        empty sessions are read (``idx_sessions_empty``). A session that got its first round
        meanwhile is kept: the delete checks again, on PostgreSQL after the row lock of that
        round's write."""
        with self.transaction() as c:
            ids = [sid for (sid,) in c.execute(
                "SELECT id FROM sessions WHERE round_count = 0 AND updated < ? "
                "ORDER BY updated LIMIT ?", (before, most))]
            if not ids:
                return 0
            gone = [sid for (sid,) in c.execute(
                f"DELETE FROM sessions WHERE id IN ({', '.join('?' * len(ids))}) AND "
                "round_count = 0 AND updated < ? RETURNING id", (*ids, before)).fetchall()]
            marks = ", ".join("?" * len(gone))
            for table in self.SESSION_PARTS if gone else ():
                c.execute(f"DELETE FROM {table} WHERE session_id IN ({marks})", gone)
            return len(gone)

    # -- groups
    def create_group(self, name: str) -> tuple[str, str]:
        """A new group: its id and its (edit) token; the read-only token is
        ``read_token_of(token)``, like a session's."""
        gid, token = new_id(), new_token()
        with self.transaction() as c:
            c.execute("INSERT INTO groups (id, name, token_hash, created, read_hash) "
                      "VALUES (?, ?, ?, ?, ?)",
                      (gid, name, digest(token), now(), digest(read_token_of(token))))
        return gid, token

    GROUP_KEYS = ("id", "name", "token_hash", "created", "read_hash")

    def group_row(self, gid: str) -> dict:
        row = self.conn.execute(f"SELECT {', '.join(self.GROUP_KEYS)} FROM groups WHERE id = ?",
                                (gid,)).fetchone()
        if row is None:
            raise NotFound(said("no group {group!r}", group=gid), field="group")
        return dict(zip(self.GROUP_KEYS, row))

    def group_access(self, row: dict, token: str | None) -> str | None:
        """'edit', 'read' or None for a token presented to a group (constant-time). A group
        made before read-only links gets its read hash the first time its token is used."""
        if not token or not isinstance(token, str):
            return None
        if self.group_auth(row, token):
            if not row.get("read_hash"):
                row["read_hash"] = digest(read_token_of(token))
                with self.transaction() as c:
                    c.execute("UPDATE groups SET read_hash = ? WHERE id = ?",
                              (row["read_hash"], row["id"]))
            return "edit"
        return "read" if hmac.compare_digest(digest(token), row.get("read_hash") or "") \
            else None

    @staticmethod
    def group_auth(row: dict, token: str | None) -> bool:
        return bool(token) and isinstance(token, str) and hmac.compare_digest(
            digest(token), row["token_hash"])

    def group_players(self, gid: str) -> list[dict]:
        return [dict(zip(("id", "name", "created"), r)) for r in self.conn.execute(
            "SELECT id, name, created FROM group_players WHERE group_id = ? ORDER BY name",
            (gid,))]

    def _identities(self, gid: str, names) -> list[str]:
        """The group players' ids of a new session's seats; new names join the group (two
        app servers adding the same name queue on the group's row)."""
        if self.postgres:
            self.conn.execute("SELECT id FROM groups WHERE id = ? FOR UPDATE", (gid,))
        ids = []
        for n in names:
            row = self.conn.execute("SELECT id FROM group_players WHERE group_id = ? AND "
                                    "name = ?", (gid, n)).fetchone()
            if row is None:
                pid = new_id()
                self.conn.execute("INSERT INTO group_players VALUES (?, ?, ?, ?)",
                                  (pid, gid, n, now()))
                ids.append(pid)
            else:
                ids.append(row[0])
        return ids

    def _group_sessions(self, columns: str, gid: str, since: str | None, until: str | None,
                        game: str | None):
        sql = f"SELECT {columns} FROM sessions WHERE group_id = ?"
        args: list[Any] = [gid]
        if since:
            sql += " AND created >= ?"
            args.append(since)
        if until:
            sql += " AND created < ?"
            args.append(until)
        if game:
            sql += " AND game = ?"
            args.append(game)
        return self.conn.execute(sql + " ORDER BY created", args)

    def group_series(self, gid: str, since: str | None = None, until: str | None = None,
                     game: str | None = None) -> list[dict]:
        """Every series of the group with all its rounds (``series.standings``' input: the
        full computation, which reads every round)."""
        names = {p["id"]: p["name"] for p in self.group_players(gid)}
        out = []
        for sid, g, config, pids in self._group_sessions("id, game, config, player_ids", gid,
                                                        since, until, game).fetchall():
            cfg = json.loads(config)
            pids = json.loads(pids or "[]")
            state = self.full_state(sid)
            out.append({"id": sid, "game": g,
                        "players": {n: names.get(i, n) for n, i in zip(cfg["players"], pids)},
                        "complete": state["complete"], "summary": state,
                        "rounds": [json.loads(v) for v in self.round_views(sid)]})
        return out

    def group_standing_rows(self, gid: str, since: str | None = None, until: str | None = None,
                            game: str | None = None) -> list[dict]:
        """Each series' stored standing (``series.standings_of``' input): one small row a
        series, no round read."""
        names = {p["id"]: p["name"] for p in self.group_players(gid)}
        out = []
        for sid, g, config, pids, standing in self._group_sessions(
                f"id, game, {self.dialect.json_text('config', 'players')}, player_ids, standing",
                gid,
                since, until, game):
            seats = json.loads(config)
            out.append({"id": sid, "game": g, "standing": json.loads(standing),
                        "players": {n: names.get(i, n)
                                    for n, i in zip(seats, json.loads(pids or "[]"))}})
        return out

    # -- the group's league (issue 14): read from the per-session rows, no round is read
    def _league_query(self, columns: str, tables: str, gid: str, since: str | None,
                      until: str | None, game: str | None, order: str = "s.created"):
        sql = f"SELECT {columns} FROM {tables} WHERE s.group_id = ?"
        args: list[Any] = [gid]
        for clause, value in (("s.created >= ?", since), ("s.created < ?", until),
                              ("s.game = ?", game)):
            if value:
                sql += " AND " + clause
                args.append(value)
        return self.conn.execute(sql + f" ORDER BY {order}", args)

    def _seats(self, gid: str) -> Callable[[str, str | None], dict]:
        """{seat name: group player's name} of a session, from its seats and player ids."""
        names = {p["id"]: p["name"] for p in self.group_players(gid)}
        known: dict[tuple, dict] = {}  # a group sits the same few tables again and again

        def seats(players_json: str, pids: str | None) -> dict:
            key = (players_json, pids)
            if key not in known:
                known[key] = {n: names.get(i, n) for n, i in zip(json.loads(players_json),
                                                                  json.loads(pids or "[]"))}
            return dict(known[key])
        return seats

    def group_league_rows(self, gid: str, since: str | None = None, until: str | None = None,
                          game: str | None = None) -> list[dict]:
        """The group's sessions in a period, oldest first, each with its title, game, creation
        time, seats and stored standing (``series.standings_of``' and the time series' input)."""
        seats = self._seats(gid)
        return [{"id": sid, "title": title, "game": g, "created": created,
                 "players": seats(players, pids), "standing": json.loads(standing)}
                for sid, title, g, created, players, pids, standing in self._league_query(
                    "s.id, s.title, s.game, s.created, "
                    f"{self.dialect.json_text('s.config', 'players')}, s.player_ids, s.standing",
                    "sessions s", gid, since, until, game)]

    def group_pair_rows(self, gid: str, since: str | None = None, until: str | None = None,
                        game: str | None = None) -> list[dict]:
        """The chips each group player paid another in each session of a period (the
        ``session_pairs`` the triggers keep), by the players' group names."""
        seats = self._seats(gid)
        out = []
        for sid, players, pids, payer, payee, chips in self._league_query(
                f"s.id, {self.dialect.json_text('s.config', 'players')}, s.player_ids, p.payer, "
                "p.payee, p.chips", "sessions s JOIN session_pairs p ON p.session_id = s.id",
                gid, since, until, game, "s.created, p.payer, p.payee"):
            who = seats(players, pids)
            out.append({"session": sid, "from": who.get(payer, payer),
                        "to": who.get(payee, payee), "chips": _number(chips)})
        return out

    def group_games(self, gid: str) -> list[str]:
        """The games the group has played (any period)."""
        return [g for (g,) in self.conn.execute(
            "SELECT DISTINCT game FROM sessions WHERE group_id = ? ORDER BY game", (gid,))]

    def join_group(self, gid: str, sid: str) -> None:
        """Bring a session made without a group into group ``gid``: its players join the
        group by name (as a session created in the group), and the group's standings count
        it from now on. A session of another group stays there (409)."""
        with self.transaction() as c:
            row = self.need_session(sid, lock=True)
            if row["group_id"] == gid:
                return
            if row["group_id"] is not None:
                raise Conflict(said("the session {session!r} belongs to another group",
                                    session=sid), field="session")
            pids = self._identities(gid, json.loads(row["config"])["players"])
            c.execute("UPDATE sessions SET group_id = ?, player_ids = ? WHERE id = ?",
                      (gid, _dumps(pids), sid))

    def link_group_session(self, gid: str, sid: str, sealed: bytes) -> None:
        """Keep a session's view-only link for its group, sealed by the caller."""
        with self.transaction() as c:
            c.execute("INSERT INTO group_links (session_id, group_id, sealed) VALUES (?, ?, ?) "
                      "ON CONFLICT (session_id) DO UPDATE SET group_id = excluded.group_id, "
                      "sealed = excluded.sealed", (sid, gid, sealed))

    def group_links(self, gid: str) -> dict[str, bytes]:
        return dict(self.conn.execute("SELECT session_id, sealed FROM group_links WHERE "
                                      "group_id = ?", (gid,)))

    # -- sessions
    def create_session(self, cfg: SeriesConfig, *, title: str = "", group_id: str | None = None,
                       inputs: list | None = None, history: list | None = None,
                       actor: str | None = None, created: str | None = None) -> dict:
        """Store a new series (with rounds when importing). Returns id, tokens, version. An
        import past a quota is refused whole (``ImportTooLarge``)."""
        importing = inputs is not None
        self._check_import_rounds(len(inputs or ()))  # before a round is scored
        sid, edit = new_id(), new_token()
        read = read_token_of(edit)
        # an imported history keeps its versions; the import itself is the next one
        version = 1 + max((h.get("version") or 0 for h in history or ()
                           if isinstance(h.get("version"), int)), default=0)
        head, tallies = series.start(cfg)
        steps = series.replay_after(cfg, head, tallies, list(inputs or []), 1)
        if steps:
            head, tallies = steps[-1][1].head, steps[-1][1].tallies
        ts = now()
        with self.transaction() as c:
            growth = self._start_growth()
            pids = self._identities(group_id, cfg.players) if group_id else []
            pairs = _Pairs()
            self._insert_rounds(sid, steps, ts, pairs)
            pairs.write(c, sid, self.postgres)
            self._import_history(sid, history or ())
            finished = bool(_finish_in_force(history or ()) and steps and not head["complete"])
            if finished:
                head = series.finished(head)
            self._log(sid, version, "import" if importing else "create", actor, None,
                      {"config": cfg.to_dict(), "title": title, "rounds": len(steps)})
            config = _dumps(cfg.to_dict())
            kept = growth.bytes + _octets(config, title)
            self._check_bytes(kept, importing)
            # the row last: its round count and bytes are known once everything is written
            c.execute("INSERT INTO sessions (id, title, game, config, group_id, player_ids, "
                      "edit_hash, read_hash, version, state, created, updated, standing, "
                      "finished, round_count, kept_bytes) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (sid, title, cfg.game, config, group_id, _dumps(pids),
                       digest(edit), digest(read), version, _dumps(head), created or ts, ts,
                       _dumps(series.standing(head, tallies)), 1 if finished else None,
                       len(steps), kept))
        return {"id": sid, "edit_token": edit, "read_token": read, "version": version}

    def _import_history(self, sid: str, history) -> None:
        """An imported history, its undo links kept under the new row ids."""
        ids = {}
        for h in history:
            before = _dumps(h["before"]) if h.get("before") is not None else None
            after = _dumps(h["after"]) if h.get("after") is not None else None
            cur = self.conn.execute(
                "INSERT INTO history (session_id, version, action, actor, at, before,"
                " after, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (sid, h.get("version"), h.get("action"), h.get("actor"), h.get("at"),
                 before, after, ids.get(h.get("undoes"))))
            ids[h.get("id")] = cur.fetchone()[0]
            self._growth().bytes += _octets(before, after, h.get("actor"))

    # -- quotas: what one session may keep, checked before its write commits
    def _start_growth(self) -> _Growth:
        """A write begins: what it adds to its session's bytes is counted from nothing."""
        self._writing.growth = _Growth(self.dialect)
        return self._writing.growth

    def _growth(self) -> _Growth:
        growth = getattr(self._writing, "growth", None)
        return growth if growth is not None else self._start_growth()

    def counted(self, sid: str) -> tuple[int, int]:
        """The session's round count and kept bytes as its rows add up (reads every row:
        a check of what ``round_count`` and ``kept_bytes`` hold)."""
        return tuple(self.conn.execute(
            f"SELECT {_counted_sql(self.dialect)} FROM sessions WHERE id = ?", (sid,)).fetchone())

    def _check_import_rounds(self, n: int) -> None:
        if self.max_rounds and n > self.max_rounds:
            raise ImportTooLarge(said("the import has {n} rounds; a session may have at most "
                                      "{limit}", n=n, limit=self.max_rounds),
                                 field="rounds", limit=self.max_rounds)

    def _check_next_round(self, seq: int) -> None:
        if self.max_rounds and seq > self.max_rounds:
            raise OverQuota(said("the session has {limit} rounds, as many as a session may "
                                 "have; start a new session to go on", limit=self.max_rounds),
                            field="rounds", limit=self.max_rounds)

    def _check_bytes(self, kept: int, importing: bool = False) -> None:
        """``kept``: the bytes the session would keep once the write commits."""
        if self.max_bytes and kept > self.max_bytes:
            error = ImportTooLarge if importing else OverQuota
            raise error(said("the session would keep {size} bytes, more than the {limit} a "
                             "session may keep", size=kept, limit=self.max_bytes),
                        field="session", limit=self.max_bytes)

    def _insert_rounds(self, sid: str, steps, ts: str, pairs: _Pairs, *, existing: int = 0,
                       dropped=()) -> tuple[list[int], str | None, Any]:
        """Store rounds with their share of the running summary, each as it comes (``steps``
        may be a generator: a long rescoring never holds every round at once), their ledgers
        counted in ``pairs``; a round numbered up to ``existing`` over the row of its number
        (whose ledger the caller took out of ``pairs``). ``dropped``: the results of the rows
        removed or written over, which go unless a round reused them. Returns the rounds'
        numbers, the first one's view text and the last step."""
        seqs, first, step = [], None, None
        rows = _RoundWriter(self.conn, sid, ts, pairs, self._growth(), dropped)
        for r, step in steps:
            view = rows.write(r, step, over=r.seq <= existing)
            if not seqs:
                first = view
            seqs.append(r.seq)
        rows.close()
        if seqs and first is None:  # the first round kept its stored result
            first = self.round_view(sid, seqs[0])
        return seqs, first, step

    def _log(self, sid, version, action, actor, before, after, undoes=None):
        before = None if before is None else _dumps(before)
        after = None if after is None else _dumps(after)
        self.conn.execute(
            "INSERT INTO history (session_id, version, action, actor, at, before, after, undoes)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, version, action, actor, now(), before, after, undoes))
        self._growth().bytes += _octets(before, after, actor)

    def _writable(self, sid: str, version: int | None) -> tuple[dict, SeriesConfig]:
        """The session's row and configuration for a write based on ``version`` (the write's
        growth counted from here)."""
        self._start_growth()
        row = self.need_session(sid, lock=True)
        if version is not None and version != row["version"]:
            raise Stale(row["version"], version)
        return row, series.config_of(json.loads(row["config"]))

    def _commit_head(self, sid: str, row: dict, head: dict, tallies: dict, ts: str, *,
                     rounds: int, log: tuple) -> tuple:
        """The change's history entry (``log``: action, actor, before, after, undoes), then
        the session's new version, head, standing, round count and kept bytes; returns
        (version, head text). A write that would keep the session past its byte quota is
        refused here, before it commits. A series the table ended early stays ended
        (``series.finished``) through corrections."""
        if not head["complete"] and self.conn.execute(
                "SELECT finished FROM sessions WHERE id = ?", (sid,)).fetchone()[0]:
            head = series.finished(head)
        v, head_json = row["version"] + 1, _dumps(head)
        self._log(sid, v, *log)
        grown = self._growth().bytes
        (kept,) = self.conn.execute(
            "UPDATE sessions SET version = ?, state = ?, standing = ?, updated = ?, "
            "round_count = ?, kept_bytes = kept_bytes + ? WHERE id = ? RETURNING kept_bytes",
            (v, head_json, _dumps(series.standing(head, tallies)), ts, rounds, grown,
             sid)).fetchone()
        if grown > 0:  # a write that frees bytes is never refused
            self._check_bytes(kept)
        return v, head_json

    # The four changes a table makes.
    def add_round(self, sid, version, raw, actor=None) -> dict:
        """Append the next round. Only the new round is scored; the stored head of the
        summary gives its month, dealer and carry, and is extended by it (no round read)."""
        with self.transaction() as c:
            row, cfg = self._writable(sid, version)
            head = json.loads(row["state"])
            if head["complete"]:
                raise Conflict(said("the series is over after {months} months; no more rounds",
                                    months=head["months_played"]), field="round")
            tallies = json.loads(row["standing"])["tallies"]
            seq = self.last_seq(sid) + 1
            self._check_next_round(seq)
            inp = series.clean_input(cfg, raw, dealer=head["dealer"], carry=head["carry"])
            new = series.score_one(cfg, inp, seq=seq, month=head["month"],
                                   dealer=head["dealer"], carry=head["carry"])
            step = series.advance(cfg, head, tallies, new)
            ts = now()
            pairs = _Pairs()
            view_json = self._insert_rounds(sid, [(new, step)], ts, pairs)[1]
            pairs.write(c, sid, self.postgres)
            v, state_json = self._commit_head(
                sid, row, step.head, step.tallies, ts, rounds=seq,
                log=("add_round", actor, None, {"seq": seq, "input": inp}))
        return {"version": v, "state": step.head, "round": new, "seq": seq,
                "round_json": view_json, "state_json": state_json}

    def _rewrite(self, sid: str, version: int | None, action: str, actor: str | None,
                 plan: Callable[..., tuple]) -> dict:
        """Apply a correction, a deletion or an undo, atomically.

        ``plan(cfg, n, start, inputs_after)`` gets the round count, ``start(keep)``: the
        running summary stored with round ``keep`` (head, tallies), and
        ``inputs_after(keep, count=None)``: the stored inputs of the rounds after it. It
        returns ``(keep, inputs, tail, before, after, undoes)``: the rounds from ``keep + 1``
        on become ``inputs`` (a new round's input, or the number of a stored round that
        moves), rescored from that summary; the rounds before are neither read nor
        rescored. A stored round that moves keeps its result where it starts from the same
        dealer and carry (``series.reused``). ``tail``: the stored rounds after those keep
        their numbers (a round replaced in place), so they are rescored only until one
        starts where it started before; from there on they score as stored and are only
        counted again (``_recount``).
        """
        with self.transaction() as c:
            row, cfg = self._writable(sid, version)
            n = self.last_seq(sid)
            keep, inputs, tail, before, changed, undoes = plan(
                cfg, n, lambda k: self._checkpoint(cfg, sid, k),
                lambda k, count=None: self._inputs_after(sid, k, count))
            head, tallies = self._checkpoint(cfg, sid, keep)
            ts, pairs = now(), _Pairs()
            if tail:
                seqs, first_view, head, tallies = self._rewrite_in_place(
                    cfg, sid, keep, inputs, n, head, tallies, ts, pairs)
            else:  # every later round moves: rescored (or reused), each written over the
                # row of its new number as it comes (cheaper than new rows)
                moved = {row[0]: _stored(row) for row in c.execute(
                    f"SELECT {STORED_SQL} FROM {JOINED} WHERE r.session_id = ? AND r.seq > ?",
                    (sid, keep)).fetchall()}
                for stored in moved.values():
                    pairs.count(stored.ledger, -1)
                seqs, first_view, step = self._insert_rounds(sid, series.replay_steps(
                    cfg, head, tallies, _moved(inputs, moved), keep + 1, shared=True), ts, pairs,
                    existing=n, dropped=[stored.key for stored in moved.values()])
                c.execute("DELETE FROM rounds WHERE session_id = ? AND seq > ?",
                          (sid, keep + len(seqs)))  # numbers no round has any more
                if step is not None:
                    head, tallies = step.head, step.tallies
            pairs.write(c, sid, self.postgres)
            v, state_json = self._commit_head(
                sid, row, head, tallies, ts, rounds=n if tail else keep + len(seqs),
                log=(action, actor, before, changed, undoes))
        return {"version": v, "state": head, "state_json": state_json, "first": keep + 1,
                "rescored": seqs, "first_view": first_view}

    def _rewrite_in_place(self, cfg: SeriesConfig, sid: str, keep: int, inputs: list, n: int,
                          head: dict, tallies: dict, ts: str, pairs: _Pairs) -> tuple:
        """Rounds ``keep + 1``... replaced by ``inputs``, the stored rounds after them keeping
        their numbers: rescored (each written as it comes) while they start from a different
        position than before (month, dealer, carry, months counted: ``series.POSITION``); from
        the first that starts where it did, or where only the carry's running counts differ
        and the round can take them (``series.shifted``), they score the same and are only
        counted again (``_recount``). Returns (rescored numbers, first view, head, tallies)."""
        last = keep + len(inputs)
        old = self._stored_head(sid, last)  # read before the row is rewritten
        gone = []
        for ledger, rid in self.conn.execute("DELETE FROM rounds WHERE session_id = ? AND "
                                             "seq > ? AND seq <= ? RETURNING ledger, rid",
                                             (sid, keep, last)).fetchall():
            pairs.count(orjson.loads(ledger), -1)
            gone.append(rid)
        seqs, first_view, step = self._insert_rounds(sid, series.replay_steps(
            cfg, head, tallies, inputs, keep + 1, shared=True), ts, pairs, dropped=gone)
        head, tallies = step.head, step.tallies
        settled, rewritten = False, _RoundWriter(self.conn, sid, ts, pairs, self._growth())
        while last < n:
            rows = self._stored_rows(sid, last + 1, n)
            if not rows:  # the rounds are numbered 1..n without gaps: never
                raise Conflict(said("the session's rounds changed meanwhile; try again"),
                               field="round")
            for *row, stored_head in rows:
                stored = _stored(row)
                seq = row[0]
                if not settled:
                    shift = series.same_position(head, old, but_carry=True) and series.shifted(
                        cfg, stored.carry_in, stored.carry_out, head["carry"]) is not None
                    if series.same_position(head, old) or shift:
                        recount = self._recount(cfg, sid, head, tallies, last, shift)
                        if recount is not None:  # (reads only rounds not rewritten yet)
                            head, tallies = self._write_recount(sid, *recount)
                            rewritten.close()
                            return seqs, first_view, head, tallies
                        settled = True  # a round that cannot be shifted: rescore the rest
                r, step = series.next_step(cfg, head, tallies, stored, seq, in_place=True)
                pairs.count(stored.ledger, -1)
                rewritten.dropped.add(stored.key)
                rewritten.write(r, step, over=True)
                seqs.append(seq)
                head, tallies, old, last = step.head, step.tallies, orjson.loads(stored_head), seq
        rewritten.close()
        return seqs, first_view, head, tallies

    def _stored_head(self, sid: str, seq: int) -> dict:
        (text,) = self.conn.execute("SELECT head FROM rounds WHERE session_id = ? AND seq = ?",
                                    (sid, seq)).fetchone()
        return orjson.loads(text)

    def _stored_rows(self, sid: str, first: int, n: int, few: int = 16) -> list[tuple]:
        """``few`` stored rounds from ``first`` on, as ``_stored`` reads them, each with its
        head's text last."""
        return self.conn.execute(
            f"SELECT {STORED_SQL}, r.head FROM {JOINED} WHERE r.session_id = ? AND r.seq >= ? "
            "AND r.seq <= ? ORDER BY r.seq", (sid, first, min(n, first + few - 1))).fetchall()

    def _recount(self, cfg: SeriesConfig, sid: str, head: dict, tallies: dict, last: int,
                 shift: bool) -> tuple | None:
        """Count the stored rounds after ``last`` again from the new summary before them
        (their results are as stored, or with the carry's counts shifted): each one's head
        (and carries, when shifted), and the tallies kept every CHECKPOINT-th round. Nothing
        is written (``_write_recount``); None when a round cannot be shifted after all."""
        tallies = series.copy_tallies(tallies)
        heads, carries, kept = [], [], []
        for seq, ledger, line, gain, old, carry_in, carry_out in self.conn.execute(
                "SELECT seq, ledger, line, gain, head, carry_in, carry_out FROM rounds "
                "WHERE session_id = ? AND seq > ? ORDER BY seq", (sid, last)).fetchall():
            gain, carry = orjson.loads(gain), None
            if shift:
                moved = series.shifted(cfg, orjson.loads(carry_in), _loads_or_none(carry_out),
                                       head["carry"])
                if moved is None:
                    return None
                carries.append((_dumps(moved[0]), _dumps(moved[1]), sid, seq))
                carry = {k: v for k, v in moved[1].items() if k != "counts_as_month"}
            head, net = series.carry_forward(cfg, head, orjson.loads(old), orjson.loads(ledger),
                                             gain, carry=carry)
            series.tally_into(tallies, seq, orjson.loads(line)["month"], net, gain)
            heads.append((_dumps(head), sid, seq))
            if seq % CHECKPOINT == 0:
                kept.append((_dumps(tallies), sid, seq))
        return heads, carries, kept, head, tallies

    def _write_recount(self, sid, heads, carries, kept, head, tallies) -> tuple[dict, dict]:
        update = "UPDATE rounds SET {} WHERE session_id = ? AND seq = ?"
        for columns, rows in (("head = ?", heads), ("carry_in = ?, carry_out = ?", carries),
                              ("tallies = ?", kept)):
            self.conn.executemany(update.format(columns), rows)
        return head, tallies

    def _inputs_after(self, sid: str, keep: int, count: int | None = None) -> list[dict]:
        return [json.loads(i) for (i,) in self.conn.execute(
            f"SELECT s.input FROM {JOINED} WHERE r.session_id = ? AND r.seq > ? AND r.seq <= ? "
            "ORDER BY r.seq", (sid, keep, keep + count if count is not None else 1 << 62))]

    def _checkpoint(self, cfg: SeriesConfig, sid: str, seq: int) -> tuple[dict, dict]:
        """The running summary stored with round ``seq`` (the start for 0): its head, and the
        tallies kept with the last CHECKPOINT-th round, counted on by the rounds since."""
        if seq == 0:
            return series.start(cfg)
        (head,) = self.conn.execute("SELECT head FROM rounds WHERE session_id = ? AND seq = ?",
                                    (sid, seq)).fetchone()
        base = seq - seq % CHECKPOINT
        tallies = {}
        if base:
            (kept,) = self.conn.execute("SELECT tallies FROM rounds WHERE session_id = ? AND "
                                        "seq = ?", (sid, base)).fetchone()
            tallies = json.loads(kept)
        for k, line, gain in self.conn.execute(
                "SELECT seq, line, gain FROM rounds WHERE session_id = ? AND seq > ? AND "
                "seq <= ? ORDER BY seq", (sid, base, seq)).fetchall():
            line = json.loads(line)
            series.tally_into(tallies, k, line["month"], line["net"], json.loads(gain))
        return json.loads(head), tallies

    def replace_round(self, sid, version, seq, raw, actor=None) -> dict:
        def plan(cfg, n, start, inputs_after):
            _need_round(n, seq)
            head, _ = start(seq - 1)  # its dealer and carry: the summary's before it
            inp = series.clean_input(cfg, raw, dealer=head["dealer"], carry=head["carry"])
            old = inputs_after(seq - 1, 1)[0]
            return seq - 1, [inp], True, {"seq": seq, "input": old}, {"seq": seq, "input": inp}, None
        return self._rewrite(sid, version, "replace_round", actor, plan)

    def delete_round(self, sid, version, seq, actor=None) -> dict:
        def plan(cfg, n, start, inputs_after):
            _need_round(n, seq)
            gone = inputs_after(seq - 1, 1)[0]
            return seq - 1, list(range(seq + 1, n + 1)), False, {"seq": seq, "input": gone}, \
                None, None
        return self._rewrite(sid, version, "delete_round", actor, plan)

    def undo(self, sid, version, actor=None) -> dict:
        def plan(cfg, n, start, inputs_after):
            target = self.undo_target(sid)
            if target is None:
                raise Conflict(said("nothing to undo"), field="history")
            b, a = target["before"], target["after"]
            if target["action"] == "finish":  # the series goes on where it was ended
                self.conn.execute("UPDATE sessions SET finished = NULL WHERE id = ?", (sid,))
                return n, [], False, a, b, target["id"]
            if target["action"] == "delete_round":  # the deleted round goes back in its place
                keep = min(b["seq"] - 1, n)
                return keep, [b["input"], *range(keep + 1, n + 1)], False, a, b, target["id"]
            if target["action"] == "add_round":
                _need_round(n, a["seq"])
                return a["seq"] - 1, list(range(a["seq"] + 1, n + 1)), False, a, b, target["id"]
            _need_round(n, b["seq"])  # a correction: the round as it was, in its place
            return b["seq"] - 1, [b["input"]], True, a, b, target["id"]
        return self._rewrite(sid, version, "undo", actor, plan)

    def undo_target(self, sid: str) -> dict | None:
        """The last change (add, correction, deletion) no undo has reverted yet: the history
        is read backwards and only as far as that change (an undo always names an earlier
        entry, so the undos that matter are met first)."""
        undone = set()
        for hid, action, before, after, undoes, actor, at, version in self.conn.execute(
                "SELECT id, action, before, after, undoes, actor, at, version FROM history "
                "WHERE session_id = ? ORDER BY id DESC", (sid,)):
            if action == "undo":
                undone.add(undoes)
            elif action in CHANGES and hid not in undone:
                return {"id": hid, "action": action, "actor": actor, "at": at,
                        "version": version, "undoes": undoes,
                        "before": json.loads(before) if before else None,
                        "after": json.loads(after) if after else None}
        return None

    def finish(self, sid, version, actor=None) -> dict:
        """End the series now ("Finish now"): over after the rounds played, settled as they
        stand. A logged change: undo takes it back. No round is read or rescored."""
        with self.transaction() as c:
            row, cfg = self._writable(sid, version)
            head = json.loads(row["state"])
            n = self.last_seq(sid)
            if head["complete"]:
                raise Conflict(said("the series is over after {months} months already",
                                    months=head["months_played"]), field="finish")
            if n == 0:
                raise Conflict(said("no round was played yet: there is nothing to finish"),
                               field="finish")
            c.execute("UPDATE sessions SET finished = 1 WHERE id = ?", (sid,))
            tallies = json.loads(row["standing"])["tallies"]
            ts = now()
            v, state_json = self._commit_head(
                sid, row, head, tallies, ts, rounds=n,
                log=("finish", actor, {"seq": n, "month": head["month"]}, {"seq": n}))
        return {"version": v, "state": json.loads(state_json), "state_json": state_json,
                "first": n + 1, "rescored": [], "first_view": None}

    def export(self, sid: str) -> dict:
        row = self.need_session(sid)
        views, state = self.session_parts(sid, row["state"])
        results = [json.loads(v) for v in views]
        return {
            "format": "hanafuda-tally/session",
            "format_version": 1,
            "id": row["id"],
            "title": row["title"],
            "created": row["created"],
            "updated": row["updated"],
            "version": row["version"],
            "config": json.loads(row["config"]),
            "rounds": [{"seq": r["seq"], "input": r["input"]} for r in results],
            "results": results,
            "summary": json.loads(state),
            "history": [{k: h[k] for k in ("id", "version", "action", "actor", "at", "before",
                                            "after", "undoes")} for h in self.history(sid)],
        }


HISTORY_KEYS = ("id", "session_id", "version", "action", "actor", "at", "before", "after",
                "undoes")


def _moved(inputs: list, moved: dict):
    """The rounds of a rewrite in their new order: a new round's input as it is, a stored
    round (its old number) as read (``_stored``)."""
    for x in inputs:
        yield moved.pop(x) if isinstance(x, int) else x


# What a stored round is read as to take it again (``_stored``): its row, and its input from
# its result's row (read only to score it again).
STORED_SQL = ("r.seq, r.rid, s.input, r.month, r.dealer, r.carry_in, r.carry_out, "
              "r.next_dealer, r.counts_as_month, r.gain, r.ledger")


def _stored(row) -> series.Stored:
    """A round read by ``STORED_SQL``, to hand to ``series.replay_steps`` again."""
    _seq, rid, inp, month, dealer, carry_in, carry_out, next_dealer, counts, gain, ledger = row
    return series.Stored(inp, month, dealer, orjson.loads(carry_in), _loads_or_none(carry_out),
                         next_dealer, bool(counts), orjson.loads(gain), orjson.loads(ledger), rid)


def _loads_or_none(text: str | None):
    return None if text is None else orjson.loads(text)


def _number(x):
    """A NUMERIC as JSON has it: PostgreSQL gives a Decimal, SQLite an int or a float."""
    if isinstance(x, Decimal):
        return int(x) if x == x.to_integral_value() else float(x)
    return x




def _finish_in_force(history) -> bool:
    """Whether an (imported) history ended its series early: its last finish was not undone,
    nor a round added after it (the store refuses that; an edited export may hold it)."""
    undone = {h.get("undoes") for h in history if h.get("action") == "undo"}
    ended = False
    for h in history:
        if h.get("action") in ("finish", "add_round") and h.get("id") not in undone:
            ended = h["action"] == "finish"
    return ended


def _need_round(n: int, seq):
    """``seq`` names one of the session's ``n`` rounds."""
    if not isinstance(seq, int) or not 1 <= seq <= n:
        raise NotFound(said("no round {seq} in this session (it has {n})", seq=seq, n=n),
                       field="seq")
