"""Storage: one SQLite file through sqlite-utils (schema, migrations, WAL), and the writes a
session goes through (versions, the append-only history, undo, idempotency keys, tokens).

Every write is one ``BEGIN IMMEDIATE`` transaction on a per-thread connection in autocommit
mode (sqlite-utils' own ``with conn:`` blocks would commit half-way, so writes inside a
transaction use plain SQL on the same connection). Readers never block thanks to WAL.

Tokens: the edit token is random (``secrets``); the read-only token is derived from it with
HMAC, so an edit-token holder can always get the read-only link while a read-only token
reveals nothing. Only SHA-256 digests of both are stored, compared with ``hmac.compare_digest``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Callable

import sqlite_utils

from . import series
from .results import said
from .series import RoundState, SeriesConfig

SCHEMA_VERSION = 3


class StoreError(Exception):
    status = 400

    def __init__(self, message: str, *, field: str | None = None, **extra):
        super().__init__(message)
        self.message, self.field, self.extra = message, field, extra

    def to_dict(self) -> dict:
        """The API's error item; a said() message keeps its template and params, so it can
        be said in the reader's language."""
        d = {"field": self.field, "message": str(self.message), **self.extra}
        if hasattr(self.message, "template"):
            d.update(self.message.to_dict())
        return d


class NotFound(StoreError):
    status = 404


class Conflict(StoreError):
    status = 409


class Stale(StoreError):
    """A write based on an old version of the session (HTTP 412)."""
    status = 412

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
    return json.dumps(x, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# ----------------------------------------------------------------------------- migrations

def _m1(db: sqlite_utils.Database):
    db["sessions"].create({
        "id": str, "title": str, "game": str, "config": str, "group_id": str,
        "player_ids": str, "edit_hash": str, "read_hash": str, "version": int, "state": str,
        "created": str, "updated": str}, pk="id", not_null={"game", "config", "version"})
    db["rounds"].create({"session_id": str, "seq": int, "view": str, "created": str},
                        pk=("session_id", "seq"))
    db["history"].create({"id": int, "session_id": str, "version": int, "action": str,
                          "actor": str, "at": str, "before": str, "after": str, "undoes": int},
                         pk="id")
    db["history"].create_index(["session_id", "id"])
    db["idempotency"].create({"key": str, "scope": str, "body_hash": str, "status": int,
                              "body": str, "created": str}, pk=("key", "scope"))


def _m2(db: sqlite_utils.Database):
    db["groups"].create({"id": str, "name": str, "token_hash": str, "created": str}, pk="id")
    db["group_players"].create({"id": str, "group_id": str, "name": str, "created": str},
                               pk="id")
    db["group_players"].create_index(["group_id", "name"], unique=True)
    db["sessions"].create_index(["group_id", "created"])


def _m3(db: sqlite_utils.Database):
    """Idempotency records no longer keep a key or a response in plain text (a create's
    response holds its edit token): filed under a digest, the response sealed. The old rows
    go: they are at most two days old and hold tokens."""
    db["idempotency"].drop()
    db["idempotency"].create({"lookup": str, "body_hash": str, "status": int, "sealed": bytes,
                              "expires": str}, pk="lookup", not_null={"sealed", "expires"})
    db["idempotency"].create_index(["expires"])


MIGRATIONS = {1: _m1, 2: _m2, 3: _m3}
# "FULL": a commit reaches the disk before the 201 is sent, so an acknowledged round survives
# a power cut; "NORMAL" in WAL mode may lose the last commits then (bench/durability.py).
SYNCHRONOUS = ("FULL", "NORMAL")


class Store:
    def __init__(self, path: str, synchronous: str = "FULL"):
        if synchronous not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS}, not {synchronous!r}")
        self.path, self.synchronous = path, synchronous
        self._local = threading.local()
        # Writers of this process queue on a lock instead of SQLite's busy handler, which
        # sleeps in growing steps (up to 100 ms) while another thread holds the write lock.
        self._write_lock = threading.Lock()

    # -- connections and transactions
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

    @property
    def db(self) -> sqlite_utils.Database:
        return sqlite_utils.Database(self.conn)

    def close(self):
        c = getattr(self._local, "conn", None)
        if c is not None:
            c.close()
            self._local.conn = None

    @contextmanager
    def transaction(self):
        """One write transaction (re-entrant: nested calls join the outer one)."""
        conn = self.conn
        if self._local.depth:
            self._local.depth += 1
            try:
                yield conn
            finally:
                self._local.depth -= 1
            return
        with self._write_lock:
            conn.execute("BEGIN IMMEDIATE")
            self._local.depth = 1
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                conn.execute("COMMIT")
            finally:
                self._local.depth = 0

    def migrate(self) -> int:
        """Create or upgrade the schema (PRAGMA user_version holds the schema version)."""
        db = self.db
        db.enable_wal()
        with self.transaction() as conn:
            have = conn.execute("PRAGMA user_version").fetchone()[0]
            for v in range(have + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[v](db)
                conn.execute(f"PRAGMA user_version = {v}")
        return SCHEMA_VERSION

    # -- reading
    def session_row(self, sid: str) -> dict | None:
        cur = self.conn.execute(
            "SELECT id, title, game, config, group_id, player_ids, edit_hash, read_hash, "
            "version, state, created, updated FROM sessions WHERE id = ?", (sid,))
        row = cur.fetchone()
        if row is None:
            return None
        keys = ("id", "title", "game", "config", "group_id", "player_ids", "edit_hash",
                "read_hash", "version", "state", "created", "updated")
        return dict(zip(keys, row))

    def need_session(self, sid: str) -> dict:
        row = self.session_row(sid)
        if row is None:
            raise NotFound(said("no session {session!r}", session=sid), field="session_id")
        return row

    def round_views(self, sid: str) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT view FROM rounds WHERE session_id = ? ORDER BY seq", (sid,))]

    def round_view(self, sid: str, seq: int) -> str | None:
        """One stored round by its number (the others are not read)."""
        row = self.conn.execute("SELECT view FROM rounds WHERE session_id = ? AND seq = ?",
                                (sid, seq)).fetchone()
        return row[0] if row else None

    def round_count(self, sid: str) -> int:
        return self.conn.execute("SELECT count(*) FROM rounds WHERE session_id = ?",
                                 (sid,)).fetchone()[0]

    def round_states(self, sid: str) -> list[RoundState]:
        return [RoundState(**json.loads(v)) for v in self.round_views(sid)]

    def history(self, sid: str) -> list[dict]:
        out = []
        for r in self.db.query("SELECT * FROM history WHERE session_id = ? ORDER BY id", [sid]):
            r = dict(r)
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
        self.conn.execute("INSERT OR REPLACE INTO idempotency VALUES (?, ?, ?, ?, ?)",
                          (lookup, body_hash, status, sealed, expires))

    def purge_idempotency(self, before: str) -> int:
        """Forget the records that expired before ``before`` (an ISO time)."""
        with self.transaction() as c:
            return c.execute("DELETE FROM idempotency WHERE expires < ?", (before,)).rowcount

    # -- groups
    def create_group(self, name: str) -> tuple[str, str]:
        gid, token = new_id(), new_token()
        with self.transaction() as c:
            c.execute("INSERT INTO groups VALUES (?, ?, ?, ?)", (gid, name, digest(token), now()))
        return gid, token

    def group_row(self, gid: str) -> dict:
        row = self.conn.execute("SELECT id, name, token_hash, created FROM groups WHERE id = ?",
                                (gid,)).fetchone()
        if row is None:
            raise NotFound(said("no group {group!r}", group=gid), field="group")
        return dict(zip(("id", "name", "token_hash", "created"), row))

    @staticmethod
    def group_auth(row: dict, token: str | None) -> bool:
        return bool(token) and isinstance(token, str) and hmac.compare_digest(
            digest(token), row["token_hash"])

    def group_players(self, gid: str) -> list[dict]:
        return [dict(zip(("id", "name", "created"), r)) for r in self.conn.execute(
            "SELECT id, name, created FROM group_players WHERE group_id = ? ORDER BY name",
            (gid,))]

    def _identities(self, gid: str, names) -> list[str]:
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

    def group_series(self, gid: str, since: str | None = None, until: str | None = None,
                     game: str | None = None) -> list[dict]:
        sql = "SELECT id, game, config, player_ids, state FROM sessions WHERE group_id = ?"
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
        names = {p["id"]: p["name"] for p in self.group_players(gid)}
        out = []
        for sid, g, config, pids, state in self.conn.execute(sql + " ORDER BY created", args):
            cfg = json.loads(config)
            pids = json.loads(pids or "[]")
            state = json.loads(state)
            out.append({"id": sid, "game": g,
                        "players": {n: names.get(i, n) for n, i in zip(cfg["players"], pids)},
                        "complete": state["complete"], "summary": state,
                        "rounds": [json.loads(v) for v in self.round_views(sid)]})
        return out

    # -- sessions
    def create_session(self, cfg: SeriesConfig, *, title: str = "", group_id: str | None = None,
                       inputs: list | None = None, history: list | None = None,
                       actor: str | None = None, created: str | None = None) -> dict:
        """Store a new series (with rounds when importing). Returns id, tokens, version."""
        sid, edit = new_id(), new_token()
        read = read_token_of(edit)
        # an imported history keeps its versions; the import itself is the next one
        version = 1 + max((h.get("version") or 0 for h in history or ()
                           if isinstance(h.get("version"), int)), default=0)
        rounds = series.replay(cfg, list(inputs or []))
        state = series.summary(cfg, rounds)
        ts = now()
        with self.transaction() as c:
            pids = self._identities(group_id, cfg.players) if group_id else []
            c.execute("INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                      (sid, title, cfg.game, _dumps(cfg.to_dict()), group_id, _dumps(pids),
                       digest(edit), digest(read), version, _dumps(state), created or ts, ts))
            for r in rounds:
                c.execute("INSERT INTO rounds VALUES (?, ?, ?, ?)",
                          (sid, r.seq, _dumps(r.view()), ts))
            ids = {}  # an imported history keeps its undo links under the new row ids
            for h in history or ():
                cur = c.execute(
                    "INSERT INTO history (session_id, version, action, actor, at, before,"
                    " after, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (sid, h.get("version"), h.get("action"), h.get("actor"), h.get("at"),
                     _dumps(h["before"]) if h.get("before") is not None else None,
                     _dumps(h["after"]) if h.get("after") is not None else None,
                     ids.get(h.get("undoes"))))
                ids[h.get("id")] = cur.lastrowid
            action = "import" if inputs is not None else "create"
            self._log(sid, version, action, actor, None, {"config": cfg.to_dict(),
                                                          "title": title, "rounds": len(rounds)})
        return {"id": sid, "edit_token": edit, "read_token": read, "version": version}

    def _log(self, sid, version, action, actor, before, after, undoes=None):
        self.conn.execute(
            "INSERT INTO history (session_id, version, action, actor, at, before, after, undoes)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, version, action, actor, now(), None if before is None else _dumps(before),
             None if after is None else _dumps(after), undoes))

    def change(self, sid: str, version: int | None, action: str, actor: str | None,
               edit: Callable[[SeriesConfig, list[RoundState]], tuple]) -> dict:
        """Apply one change to a session's rounds, atomically.

        ``edit(cfg, rounds)`` returns ``(inputs, keep, before, after, undoes)``: the new list
        of round inputs, how many leading rounds are unchanged, and the history record. The
        rounds from ``keep`` on are replayed; a stale ``version`` raises Stale.
        """
        with self.transaction() as c:
            row = self.need_session(sid)
            if version is not None and version != row["version"]:
                raise Stale(row["version"], version)
            cfg = series.config_of(json.loads(row["config"]))
            rounds = self.round_states(sid)
            inputs, keep, before, after, undoes = edit(cfg, rounds)
            keep = min(keep, len(rounds), len(inputs))
            new = series.replay(cfg, inputs, kept=rounds[:keep])
            state = series.summary(cfg, new)
            ts = now()
            c.execute("DELETE FROM rounds WHERE session_id = ? AND seq > ?", (sid, keep))
            for r in new[keep:]:
                c.execute("INSERT INTO rounds VALUES (?, ?, ?, ?)",
                          (sid, r.seq, _dumps(r.view()), ts))
            v = row["version"] + 1
            c.execute("UPDATE sessions SET version = ?, state = ?, updated = ? WHERE id = ?",
                      (v, _dumps(state), ts, sid))
            self._log(sid, v, action, actor, before, after, undoes)
        return {"version": v, "state": state, "rounds": new, "config": cfg}

    # The four changes a table makes.
    def add_round(self, sid, version, raw, actor=None) -> dict:
        """Append the next round. Only the new round is scored and only the last stored
        round and the stored summary are read (the summary is extended, not rebuilt)."""
        with self.transaction() as c:
            row = self.need_session(sid)
            if version is not None and version != row["version"]:
                raise Stale(row["version"], version)
            cfg = series.config_of(json.loads(row["config"]))
            prev = json.loads(row["state"])
            if prev["complete"]:
                raise Conflict(said("the series is over after {months} months; no more rounds",
                                    months=prev["months_played"]), field="round")
            last = c.execute("SELECT view FROM rounds WHERE session_id = ? ORDER BY seq DESC "
                             "LIMIT 1", (sid,)).fetchone()
            before = [RoundState(**json.loads(last[0]))] if last else []
            seq = before[0].seq + 1 if before else 1
            month, dealer, carry = series.next_position(cfg, before)
            inp = series.clean_input(cfg, raw, dealer=dealer, carry=carry)
            new = series.score_one(cfg, inp, seq=seq, month=month, dealer=dealer, carry=carry)
            state = series.summary(cfg, [new], prev)
            view_json, state_json, ts, v = _dumps(new.view()), _dumps(state), now(), \
                row["version"] + 1
            c.execute("INSERT INTO rounds VALUES (?, ?, ?, ?)", (sid, seq, view_json, ts))
            c.execute("UPDATE sessions SET version = ?, state = ?, updated = ? WHERE id = ?",
                      (v, state_json, ts, sid))
            self._log(sid, v, "add_round", actor, None, {"seq": seq, "input": inp})
        return {"version": v, "state": state, "round": new, "seq": seq,
                "round_json": view_json, "state_json": state_json}

    def replace_round(self, sid, version, seq, raw, actor=None) -> dict:
        def edit(cfg, rounds):
            _need_round(rounds, seq)
            old = rounds[seq - 1]
            inp = series.clean_input(cfg, raw, dealer=old.dealer, carry=old.carry_in)
            inputs = [r.input for r in rounds]
            inputs[seq - 1] = inp
            return (inputs, seq - 1, {"seq": seq, "input": old.input},
                    {"seq": seq, "input": inp}, None)
        return self.change(sid, version, "replace_round", actor, edit)

    def delete_round(self, sid, version, seq, actor=None) -> dict:
        def edit(cfg, rounds):
            _need_round(rounds, seq)
            inputs = [r.input for r in rounds]
            old = inputs.pop(seq - 1)
            return inputs, seq - 1, {"seq": seq, "input": old}, None, None
        return self.change(sid, version, "delete_round", actor, edit)

    def undo(self, sid, version, actor=None) -> dict:
        def edit(cfg, rounds):
            hist = self.history(sid)
            undone = {h["undoes"] for h in hist if h["action"] == "undo"}
            target = next((h for h in reversed(hist) if h["action"] in
                           ("add_round", "replace_round", "delete_round")
                           and h["id"] not in undone), None)
            if target is None:
                raise Conflict(said("nothing to undo"), field="history")
            inputs = [r.input for r in rounds]
            b, a = target["before"], target["after"]
            if target["action"] == "add_round":
                seq = a["seq"]
                _need_round(rounds, seq)
                inputs.pop(seq - 1)
            elif target["action"] == "replace_round":
                seq = b["seq"]
                _need_round(rounds, seq)
                inputs[seq - 1] = b["input"]
            else:
                seq = b["seq"]
                inputs.insert(seq - 1, b["input"])
            return inputs, seq - 1, a, b, target["id"]
        return self.change(sid, version, "undo", actor, edit)

    def export(self, sid: str) -> dict:
        row = self.need_session(sid)
        return {
            "format": "hanafuda-tally/session",
            "format_version": 1,
            "id": row["id"],
            "title": row["title"],
            "created": row["created"],
            "updated": row["updated"],
            "version": row["version"],
            "config": json.loads(row["config"]),
            "rounds": [{"seq": r.seq, "input": r.input} for r in self.round_states(sid)],
            "results": [r.view() for r in self.round_states(sid)],
            "summary": json.loads(row["state"]),
            "history": [{k: h[k] for k in ("id", "version", "action", "actor", "at", "before",
                                            "after", "undoes")} for h in self.history(sid)],
        }


def _need_round(rounds, seq):
    if not isinstance(seq, int) or not 1 <= seq <= len(rounds):
        raise NotFound(said("no round {seq} in this session (it has {n})", seq=seq, n=len(rounds)),
                       field="seq")
