"""A throwaway PostgreSQL cluster for the tests and benchmarks (Debian's server binaries;
``sh tests/ensure-postgres.sh`` installs them when missing).

    url = start_cluster()            # initdb in a fresh temp folder, start on a free port
    with fresh_database(url) as db:  # an empty database with a unique name, dropped after
        ...                          # db is "postgresql://postgres@127.0.0.1:PORT/t_..."
    stop_cluster()                   # pg_ctl stop -m fast, folder removed (also at exit)

pytest fixtures (import them into a test module or list this module in ``pytest_plugins``):
``pg_url`` (session: the cluster's url) and ``pg_database`` (per test: a fresh database url).
``TALLY_TEST_DATABASE_URL=postgresql://...`` uses that server instead of starting one.

The server listens on 127.0.0.1 only, with trust auth for local connections, its unix socket
in the temp folder; fsync stays on and synchronous_commit at its default (the durability tests
kill servers mid-write). initdb refuses root: as root the cluster runs as the ``postgres``
system user (the package creates it). A run that crashed leaves a folder whose owner process
is gone; the next start stops that orphan server and removes its folder.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

PREFIX = "tally-pg-"
SUPERUSER = "postgres"
OWNER_FILE = "owner.pid"   # the pid of the process that started the cluster
START_TRIES = 3            # a free port can be taken between picking it and binding it

_running: "Cluster | None" = None


class ClusterError(RuntimeError):
    """The cluster could not be set up; the message says what to do."""


def server_bin() -> Path:
    """The newest installed PostgreSQL server's bin folder."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    if not found:
        raise ClusterError("PostgreSQL server binaries not found under /usr/lib/postgresql: "
                           "run 'sh tests/ensure-postgres.sh' (installs Debian's postgresql)")
    return max(found, key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)


def _run_as() -> tuple[list[str], str | None]:
    """The command prefix and system user that run the server (initdb refuses root)."""
    if os.geteuid() != 0:
        return [], None
    try:
        pwd.getpwnam(SUPERUSER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", SUPERUSER], check=True)
    return ["runuser", "-u", SUPERUSER, "--"], SUPERUSER


def _base_dir() -> str:
    """Where cluster folders go: the temp folder, or /tmp when the server's system user could
    not reach into it (a root-only TMPDIR)."""
    base = tempfile.gettempdir()
    if os.geteuid() == 0 and not all(os.stat(p).st_mode & 0o001
                                     for p in _parents(Path(base))):
        return "/tmp"
    return base


def _parents(path: Path) -> list[Path]:
    return [path, *path.parents]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Cluster:
    """One cluster in its own temp folder: data/, sock/, server.log."""

    def __init__(self) -> None:
        self.bin = server_bin()
        self.prefix, self.user = _run_as()
        self.root = Path(tempfile.mkdtemp(prefix=PREFIX, dir=_base_dir()))
        (self.root / OWNER_FILE).write_text(str(os.getpid()))
        self.data, self.sock = self.root / "data", self.root / "sock"
        self.log = self.root / "server.log"
        self.sock.mkdir()
        self.port = 0
        if self.user:
            owner = pwd.getpwnam(self.user)
            for path in (self.root, self.sock):
                os.chown(path, owner.pw_uid, owner.pw_gid)
        self.root.chmod(0o700)

    @property
    def url(self) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str, timeout: float = 120) -> None:
        cmd = [*self.prefix, str(self.bin / args[0]), *args[1:]]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=self.root)
        if done.returncode:
            raise ClusterError(f"{args[0]} failed ({done.returncode}): {done.stderr.strip()}"
                               f"\n{self._log_tail()}")

    def _log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return "server log:\n" + "\n".join(self.log.read_text().splitlines()[-20:])
        return ""

    def _configure(self) -> None:
        (self.data / "pg_hba.conf").write_text(
            "# throwaway test cluster: local socket and 127.0.0.1 only, no password\n"
            "local all all trust\n"
            "host all all 127.0.0.1/32 trust\n")
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("\n# tests/pg_cluster.py\n"
                       "listen_addresses = '127.0.0.1'\n"
                       f"unix_socket_directories = '{self.sock}'\n"
                       "fsync = on\n"
                       "max_connections = 300\n")   # pools of several app servers at once

    def start(self) -> str:
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "-A", "trust",
                  "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions")
        self._configure()
        for attempt in range(START_TRIES):
            self.port = _free_port()
            try:
                self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                          "-o", f"-p {self.port}", "start")
                return self.url
            except ClusterError:
                if attempt == START_TRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(ClusterError, subprocess.TimeoutExpired):
                self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")
        shutil.rmtree(self.root, ignore_errors=True)


def reap_orphans() -> None:
    """Stop and remove clusters left by runs whose process is gone (a crash, a SIGKILL)."""
    for root in Path(_base_dir()).glob(PREFIX + "*"):
        try:
            owner = int((root / OWNER_FILE).read_text())
        except (OSError, ValueError):
            continue
        if _pid_alive(owner):
            continue
        data = root / "data"
        if (data / "postmaster.pid").exists():
            prefix, _ = _run_as()
            subprocess.run([*prefix, str(server_bin() / "pg_ctl"), "-D", str(data), "-m",
                            "immediate", "-w", "-t", "30", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def start_cluster() -> str:
    """Start this process's cluster (once) and return its url (database ``postgres``)."""
    global _running
    if _running is None:
        reap_orphans()
        cluster = Cluster()
        try:
            cluster.start()
        except BaseException:
            cluster.stop()
            raise
        _running = cluster
        atexit.register(stop_cluster)
    return _running.url


def stop_cluster() -> None:
    """Stop this process's cluster and remove its folder (no-op when none runs)."""
    global _running
    if _running is not None:
        cluster, _running = _running, None
        cluster.stop()


def _with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}"


@contextlib.contextmanager
def fresh_database(url: str):
    """An empty database with a unique name on ``url``'s server; dropped (connections
    still open to it are ended) when the block ends."""
    import psycopg   # only the PostgreSQL tests need it
    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _with_database(url, name)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _pytest_fixtures():
    import pytest

    @pytest.fixture(scope="session")
    def pg_url():
        """The url of a PostgreSQL server for this test session (started, and stopped at the
        end, unless TALLY_TEST_DATABASE_URL names one)."""
        given = os.environ.get("TALLY_TEST_DATABASE_URL")
        if given:
            yield given
            return
        # Several modules may import this fixture (each import is its own fixture to
        # pytest): only the one that started the cluster stops it, after everything that
        # depends on it has been torn down.
        started_here = _running is None
        yield start_cluster()
        if started_here:
            stop_cluster()

    @pytest.fixture
    def pg_database(pg_url):
        """A fresh, empty database for one test (dropped after it)."""
        with fresh_database(pg_url) as url:
            yield url

    return pg_url, pg_database


try:
    pg_url, pg_database = _pytest_fixtures()
except ImportError:   # used outside pytest (the benchmarks)
    pass



def main(argv: list[str]) -> int:
    """``python tests/pg_cluster.py CMD [ARG...]``: run CMD with ``PG_URL`` set to a throwaway
    cluster's url (``make bench-postgres``); the cluster is stopped when CMD ends."""
    import sys
    if not argv:
        print(main.__doc__, file=sys.stderr)
        return 2
    try:
        url = start_cluster()
    except ClusterError as e:
        print(e, file=sys.stderr)
        return 1
    try:
        return subprocess.call(argv, env={**os.environ, "PG_URL": url})
    finally:
        stop_cluster()


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv[1:]))
