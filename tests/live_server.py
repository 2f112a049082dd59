"""The real server (``python -m tally.cli serve``, waitress) as a subprocess on a loopback
port, for the fault tests, the stress scripts and the benchmarks.

    with LiveServer(db_path) as srv:          # starts, waits for /api/v1/health
                                              # (db_path: a SQLite file or a postgresql:// url)
        srv.request("GET", "/api/v1/health")  # (status, headers, body bytes)
        srv.memory()                          # {"VmHWM": kB, "VmRSS": kB} of the server
        srv.kill()                            # SIGKILL: a crash
        srv.start()                           # again, same database and port

Only 127.0.0.1 is ever a target. Every wait is bounded.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"


def free_port() -> int:
    """A port nobody listens on right now (the OS picks it)."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def read_memory(pid: int) -> dict:
    """VmHWM (peak resident) and VmRSS of a live process, in kB ({} once it is gone)."""
    out = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmHWM", "VmRSS"):
                out[key] = int(value.split()[0])
    except (OSError, ValueError):
        return {}
    return out


class LiveServer:
    """One server process on ``database``; ``start`` again after ``stop``/``kill`` reuses
    the same port (phones retry the same address)."""

    def __init__(self, database: str | os.PathLike, *, port: int | None = None,
                 threads: int = 4, env: dict | None = None, start_timeout: float = 30.0,
                 log_path: str | os.PathLike | None = None):
        self.database = str(database)
        self.port = port or free_port()
        self.threads = threads
        self.extra_env = dict(env or {})
        self.start_timeout = start_timeout
        self.proc: subprocess.Popen | None = None
        self.peak_kb = 0  # the highest VmHWM seen over every process this object started
        # stderr goes to a file: a pipe nobody reads could fill up and block the server
        self.log_path = str(log_path or self.database + ".server.log")
        if self.postgres and log_path is None:
            self.log_path = os.path.join(tempfile.mkdtemp(prefix="tally-live-"), "server.log")

    # -- lifecycle
    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    @property
    def postgres(self) -> bool:
        return self.database.startswith("postgresql://")

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def env(self) -> dict:
        where = ({"DATABASE_URL": self.database} if self.postgres
                 else {"TALLY_DATABASE": self.database, "DATABASE_URL": ""})
        return {**os.environ, "PYTHONPATH": str(ROOT), **where,
                # share links name this address, so nothing looks up the LAN address
                "TALLY_PUBLIC_URL": self.url, **self.extra_env}

    def command(self) -> list[str]:
        return [sys.executable, "-m", "tally.cli", "serve", "--host", HOST,
                "--port", str(self.port), "--threads", str(self.threads)]

    def start(self) -> "LiveServer":
        if self.proc is not None and self.proc.poll() is None:
            raise RuntimeError("the server is already running")
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(self.command(), env=self.env(), cwd=str(ROOT),
                                         stdout=subprocess.DEVNULL, stderr=log)
        self._wait_healthy()
        return self

    def _wait_healthy(self):
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n"
                                   + self.log_tail())
            try:
                status, _, _ = self.request("GET", "/api/v1/health", timeout=1.0)
                if status == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass  # not listening yet
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"the server did not answer /api/v1/health within "
                           f"{self.start_timeout:.0f} s:\n" + self.log_tail())

    def stop(self, timeout: float = 5.0) -> int | None:
        """SIGTERM, then SIGKILL if it has not exited within ``timeout`` seconds."""
        if self.proc is None:
            return None
        self._note_memory()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=timeout)
        return self.proc.returncode

    def kill(self) -> int | None:
        """SIGKILL at once: what a crash or a pulled plug looks like to the process."""
        if self.proc is None:
            return None
        self._note_memory()
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        return self.proc.returncode

    def __enter__(self) -> "LiveServer":
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- measuring
    def memory(self) -> dict:
        """The running server's VmHWM and VmRSS in kB: the highest of its processes (the
        main one and the workers it forked; peak_kb keeps the highest VmHWM)."""
        self._note_memory()
        if not self.proc or self.proc.poll() is not None:
            return {}
        each = [read_memory(p) for p in self.pids()]
        return {k: max(m.get(k, 0) for m in each) for k in ("VmHWM", "VmRSS")}

    def pids(self) -> list[int]:
        """The main process and its worker processes."""
        try:
            kids = Path(f"/proc/{self.pid}/task/{self.pid}/children").read_text().split()
        except OSError:
            kids = []
        return [self.pid] + [int(k) for k in kids]

    def _note_memory(self):
        if self.proc is not None and self.proc.poll() is None:
            self.peak_kb = max([self.peak_kb] + [read_memory(p).get("VmHWM", 0)
                                                 for p in self.pids()])

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(Path(self.log_path).read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    # -- talking to it
    def request(self, method: str, path: str, body=None, headers: dict | None = None,
                timeout: float = 10.0) -> tuple[int, dict, bytes]:
        """One request on a fresh connection; connection errors are raised (OSError or
        http.client.HTTPException), never retried here."""
        data = None if body is None else json.dumps(body).encode()
        h = {"Content-Type": "application/json"} if data is not None else {}
        h.update(headers or {})
        conn = http.client.HTTPConnection(HOST, self.port, timeout=timeout)
        try:
            conn.request(method, path, data, h)
            r = conn.getresponse()
            return r.status, dict(r.getheaders()), r.read()
        finally:
            conn.close()

    def json(self, method: str, path: str, body=None, headers: dict | None = None,
             expect: int = 200) -> dict:
        status, _, raw = self.request(method, path, body, headers)
        if status != expect:
            raise AssertionError(f"{method} {path}: {status} (expected {expect}): "
                                 f"{raw[:500]!r}")
        return json.loads(raw)


def add_rounds_retrying(srv: LiveServer, url: str, token: str, body: dict, n: int,
                        errors: list, stale: list | None = None) -> None:
    """A phone adding ``n`` rounds to the session at ``url``, each on the version it just read,
    read again and retried on a 412 (counted in ``stale``); any other answer goes to ``errors``
    and stops this phone. Each request on a fresh connection, so every worker takes some."""
    for _ in range(n):
        while True:
            v = srv.json("GET", f"{url}?t={token}")["version"]
            st, _, raw = srv.request("POST", f"{url}/rounds?t={token}", body,
                                     {"If-Match": f'"{v}"'})
            if st == 201:
                break
            if st != 412:
                errors.append((st, raw))
                return
            if stale is not None:
                stale.append(1)
