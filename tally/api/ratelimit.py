"""Rate limits whose counts live in the database (``rate_counters``, tally.store), so they hold
across the worker processes of a server on SQLite and across app servers on one PostgreSQL:
fixed windows, each hit one atomic upsert that returns the window's count.

- Creating, per client address: sessions, groups, imports (``RATE_LIMIT_SESSIONS``,
  ``RATE_LIMIT_GROUPS``, ``RATE_LIMIT_IMPORTS``). An Idempotency-Key replay of an answer
  already given is not counted again.
- Token failures (a wrong or missing token for a session or a group, on the API and on the
  pages that take ``?t=``), per (session, address) and per session overall
  (``RATE_LIMIT_TOKEN_ADDRESS``, ``RATE_LIMIT_TOKEN_SESSION``; a group likewise). They are
  read with the session's row, in the query a token check always made, and refused before the
  token is compared: a locked-out address learns nothing from a guess, not even a right one.

Past a limit: 429, ``Retry-After`` (the seconds to the window's end) and a sentence naming the
limit (a page gets the error page). The address is ``request.remote_addr``, which is the
proxy's unless ``PROXY_HOPS`` makes werkzeug's ProxyFix take it from X-Forwarded-For
(tally.web); an IPv6 address counts by its /64, which one machine holds whole.

Also here: the upkeep as writes go by (at most once a minute per process), which forgets
ended windows and purges abandoned sessions (no round, untouched ``PURGE_EMPTY_AFTER_DAYS``).
"""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from flask import Flask, current_app, g, request

from ..results import said
from ..store import StoreError, stamp
from .idempotency import lookup_of

log = logging.getLogger("tally.api")

UPKEEP_EVERY = 60  # seconds between two purges in one process
WRITES = ("POST", "PUT", "PATCH", "DELETE")


class TooMany(StoreError):
    status = 429


@dataclass(frozen=True)
class Window:
    hits: int     # allowed in one window
    seconds: int  # the window's length


def parse_limit(value) -> tuple[Window, ...]:
    """A limit as configured: ``"30/60"`` (30 in a 60-second window), several windows with
    commas (``"10/60,100/3600"``), a list of (hits, seconds) pairs, or ``"off"``, ``""``,
    ``0``, ``None``: no limit."""
    if not value or str(value).strip().lower() in ("off", "0", "none"):
        return ()
    pairs = value if not isinstance(value, str) else [
        part.split("/") for part in value.replace(" ", "").split(",") if part]
    windows = tuple(Window(int(h), int(s)) for h, s in pairs)
    if any(w.hits < 1 or w.seconds < 1 for w in windows):
        raise ValueError(f"a rate limit is hits/seconds, both at least 1, not {value!r}")
    return windows


def switch(value) -> bool:
    """TALLY_RATE_LIMITS: on unless it says off."""
    return str(value).strip().lower() not in ("off", "0", "false", "no")


@dataclass(frozen=True)
class Limits:
    """The limits in force (none when RATE_LIMITS is off) and the clock they read."""
    windows: dict  # bucket name -> tuple of Windows
    clock: object

    @classmethod
    def of(cls, config) -> "Limits":
        names = {"sessions": "RATE_LIMIT_SESSIONS", "groups": "RATE_LIMIT_GROUPS",
                 "imports": "RATE_LIMIT_IMPORTS", "token-address": "RATE_LIMIT_TOKEN_ADDRESS",
                 "token-overall": "RATE_LIMIT_TOKEN_SESSION"}
        on = switch(config.get("RATE_LIMITS", True))
        return cls({name: parse_limit(config.get(key)) if on else ()
                    for name, key in names.items()},
                   config.get("LIMITS_CLOCK") or time.time)


def _limits() -> Limits:
    return current_app.extensions["tally_limits"]


def _store():
    return current_app.extensions["tally_store"]


# ----------------------------------------------------------------------------- counters

@dataclass(frozen=True)
class Counter:
    """One bucket's current window: its row in ``rate_counters``."""
    bucket: str
    window: Window
    start: int

    @property
    def expires(self) -> int:
        return self.start + self.window.seconds

    def retry_after(self, now: float) -> int:
        return max(1, math.ceil(self.expires - now))


def counters(name: str, key: str, now: float) -> list[Counter]:
    """The current window of each of limit ``name``'s windows for ``key`` (the window's
    length is part of the bucket: two windows may start at the same second)."""
    return [Counter(f"{name}/{w.seconds}|{key}", w, int(now // w.seconds * w.seconds))
            for w in _limits().windows[name]]


def client_address() -> str:
    """The address the limits count: the peer's, an IPv6 one by its /64."""
    addr = request.remote_addr or "-"
    try:
        ip = ipaddress.ip_address(addr)
    except ValueError:
        return addr
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(getattr(ip, "ipv4_mapped", None) or ip)


def refuse(message, counter: Counter, now: float, field: str | None):
    """429 for ``counter``'s window: Retry-After (set on the answer by ``_retry_after``)."""
    retry = counter.retry_after(now)
    g.tally_retry_after = retry
    raise TooMany(message, field=field, limit=counter.window.hits,
                  window=counter.window.seconds, retry_after=retry)


# ----------------------------------------------------------------------------- creating

CREATED = {
    "sessions": "too many new sessions from this address (at most {limit} in {seconds} "
                "seconds); try again in {retry} seconds",
    "groups": "too many new groups from this address (at most {limit} in {seconds} "
              "seconds); try again in {retry} seconds",
    "imports": "too many imports from this address (at most {limit} in {seconds} "
               "seconds); try again in {retry} seconds",
}


def count_creation(name: str) -> None:
    """One more ``name`` (sessions, groups, imports) from this address, unless the request
    replays an answer already given; 429 past a limit."""
    if not _limits().windows[name] or _replay():
        return
    now = _limits().clock()
    mine = counters(name, client_address(), now)
    hits = _store().hit([(c.bucket, c.start, c.expires) for c in mine])
    for c, n in zip(mine, hits):
        if n > c.window.hits:
            refuse(said(CREATED[name], limit=c.window.hits, seconds=c.window.seconds,
                        retry=c.retry_after(now)), c, now, None)


def _replay() -> bool:
    """An Idempotency-Key whose answer is on file: the request creates nothing again."""
    key = request.headers.get("Idempotency-Key")
    return bool(key) and _store().idempotency_known(lookup_of(key, None))


# ----------------------------------------------------------------------------- token failures

LOCKED = {
    ("session", "token-address"): "too many wrong or missing tokens for this session from "
                                  "this address; try again in {retry} seconds",
    ("session", "token-overall"): "too many wrong or missing tokens for this session; try "
                                  "again in {retry} seconds",
    ("group", "token-address"): "too many wrong or missing tokens for this group from this "
                                "address; try again in {retry} seconds",
    ("group", "token-overall"): "too many wrong or missing tokens for this group; try again "
                                "in {retry} seconds",
}


def _token_counters(kind: str, ident: str, now: float) -> list[tuple[str, Counter]]:
    """(limit name, counter) of a session's or a group's token failures: this address's and
    everyone's."""
    key = f"{kind}|{ident}"
    return ([("token-address", c) for c in counters("token-address",
                                                      f"{key}|{client_address()}", now)]
            + [("token-overall", c) for c in counters("token-overall", key, now)])


def _refuse_if_locked(kind: str, mine, hits: list[int], now: float) -> None:
    for (name, c), n in zip(mine, hits):
        if n >= c.window.hits:
            refuse(said(LOCKED[kind, name], retry=c.retry_after(now)), c, now, "t")


def session_row(st, sid: str) -> dict | None:
    """The session's row (None: no such session), once this address may present a token for
    it: 429 while it, or everyone past the overall limit, failed too often."""
    now = _limits().clock()
    mine = _token_counters("session", sid, now)
    row, hits = st.session_row_counted(sid, [(c.bucket, c.start) for _, c in mine])
    if row is not None:
        _refuse_if_locked("session", mine, hits, now)
    return row


def group_row(st, gid: str) -> dict:
    """``group_row`` (404), once this address may present a token for the group (429)."""
    now = _limits().clock()
    mine = _token_counters("group", gid, now)
    row, hits = st.group_row_counted(gid, [(c.bucket, c.start) for _, c in mine])
    _refuse_if_locked("group", mine, hits, now)
    return row


def token_failed(kind: str, ident: str) -> None:
    """A wrong or missing token for session (or group) ``ident``: one more failure for this
    address and one for everyone."""
    mine = _token_counters(kind, ident, _limits().clock())
    if mine:
        _store().hit([(c.bucket, c.start, c.expires) for _, c in mine])


# ----------------------------------------------------------------------------- upkeep

def upkeep(app: Flask) -> dict[str, int]:
    """Forget the windows that ended and remove the abandoned sessions (every one of them,
    a batch at a time): how many of each."""
    st, now = app.extensions["tally_store"], app.extensions["tally_limits"].clock()
    done = {"counters": st.purge_counters(int(now)), "sessions": 0}
    days = app.config.get("PURGE_EMPTY_AFTER_DAYS")
    if days:
        before = stamp(datetime.fromtimestamp(now, timezone.utc) - timedelta(days=days))
        while (n := st.purge_empty_sessions(before)) > 0:
            done["sessions"] += n
    return done


def _upkeep_now_and_then(resp):
    """After a write, at most once every UPKEEP_EVERY seconds in this process (the first
    write after the start included)."""
    if request.method not in WRITES:
        return resp
    now = _limits().clock()
    last = current_app.extensions.get("tally_upkeep_at")
    if last is None or now - last >= UPKEEP_EVERY:
        current_app.extensions["tally_upkeep_at"] = now
        try:
            upkeep(current_app)
        except Exception:  # the answer is given already; the next minute tries again
            log.exception("the upkeep failed")
    return resp


def _retry_after(resp):
    retry = g.pop("tally_retry_after", None)
    if retry is not None and resp.status_code == 429:
        resp.headers["Retry-After"] = str(retry)
    return resp


def init_app(app: Flask) -> None:
    app.extensions["tally_limits"] = Limits.of(app.config)
    app.after_request(_retry_after)
    app.after_request(_upkeep_now_and_then)
