"""Idempotency-Key: a retried POST is applied once, and its answer replayed only to its maker.

- The credential is checked before anything is replayed (the view's own check runs first).
- A record is found by a digest of the key together with the method, the path and the token
  presented, so a replay reaches only the credential that made the request, and two clients
  that both pick the key "1" on different sessions never meet.
- The stored answer is sealed (AES-GCM) with a key derived from the Idempotency-Key and the
  token, which the server never stores: the database holds no token in plain text, not even
  the edit token of a create's answer. The key must be long enough to be a secret (a UUID).
- Records expire after ``KEEP``; expired ones are purged as writes go by, not only at start.
"""

from __future__ import annotations

import hashlib
import os
from datetime import datetime, timedelta, timezone
from functools import wraps

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from flask import current_app, request

from ..results import said
from ..store import digest, stamp
from .limits import Unprocessable

KEEP = timedelta(hours=24)  # a phone's outbox retries within minutes; a day is plenty
PURGE_EVERY = timedelta(minutes=1)
MIN_KEY, MAX_KEY = 16, 200


def check_key(key: str) -> None:
    if not MIN_KEY <= len(key) <= MAX_KEY or not all("!" <= ch <= "~" for ch in key):
        raise Unprocessable(said("Idempotency-Key must be {lo} to {hi} visible ASCII characters "
                                 "of a random value (a UUID), not {n} characters",
                                 lo=MIN_KEY, hi=MAX_KEY, n=len(key)), field="Idempotency-Key")


def _secret(key: str, token: str | None) -> bytes:
    return f"{request.method} {request.path}\n{token or ''}\n{key}".encode("utf-8")


def lookup_of(key: str, token: str | None) -> str:
    """Where the record is filed: a digest of the key, the request line and the credential."""
    credential = digest(token) if token else ""
    return hashlib.sha256(b"lookup\n" + credential.encode() + b"\n"
                          + _secret(key, None)).hexdigest()


def _cipher(key: str, token: str | None) -> AESGCM:
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                   info=b"hanafuda-tally idempotency seal").derive(_secret(key, token))
    return AESGCM(derived)


def seal(key: str, token: str | None, body: str) -> bytes:
    nonce = os.urandom(12)
    return nonce + _cipher(key, token).encrypt(nonce, body.encode("utf-8"), None)


def unseal(key: str, token: str | None, sealed: bytes) -> str:
    return _cipher(key, token).decrypt(sealed[:12], sealed[12:], None).decode("utf-8")


def idempotent(authorize, respond, store):
    """Decorate a POST view. ``authorize(kwargs)`` checks the credential and returns the
    token presented (or None where the endpoint needs none); ``respond(body, status)`` builds
    a replayed response; ``store()`` is the Store."""
    def decorate(fn):
        @wraps(fn)
        def wrapper(*args, **kwargs):
            key = request.headers.get("Idempotency-Key")
            if key is None:
                return fn(*args, **kwargs)
            check_key(key)
            token = authorize(kwargs)
            lookup = lookup_of(key, token)
            body_hash = hashlib.sha256(request.get_data()).hexdigest()
            st = store()
            with st.transaction():
                hit = st.idempotent(lookup, body_hash, key=key)
                if hit is not None:
                    status, sealed = hit
                    return respond(unseal(key, token, sealed), status,
                                   {"Idempotent-Replayed": "true"})
                resp = fn(*args, **kwargs)
                if 200 <= resp.status_code < 300:
                    now = datetime.now(timezone.utc)
                    st.remember(lookup, body_hash, resp.status_code,
                                seal(key, token, resp.get_data(as_text=True)),
                                expires=stamp(now + KEEP))
                    _purge_now_and_then(st, now)
                return resp
        return wrapper
    return decorate


def _purge_now_and_then(st, now: datetime) -> None:
    last = current_app.extensions.get("tally_idempotency_purged")
    if last is None or now - last >= PURGE_EVERY:
        current_app.extensions["tally_idempotency_purged"] = now
        st.purge_idempotency(stamp(now))
