"""A crash in the middle of a burst of writes (the "Hardening" issue): the real server is
killed with SIGKILL at a random moment while phones add rounds, then restarted on the same
database; the phones retry what was in flight with the same Idempotency-Key. Every
acknowledged write is stored exactly once, none twice, and nothing answers 5xx. On SQLite and
on PostgreSQL (issue 13: the killed server's open transaction is rolled back by PostgreSQL).

The trial itself is stress/faults.py (``make stress`` runs many more of them)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stress"))

import faults  # noqa: E402
from live_server import LiveServer  # noqa: E402

SEEDS = [11, 12, 13]  # fixed seeds: the same random kill moments on every run


def on_database(database: str):
    """The trial's LiveServer, on ``database`` instead of the SQLite file it names."""
    def make(path, **kw):
        return LiveServer(database, log_path=str(path) + ".server.log", **kw)
    return make


@pytest.mark.parametrize("seed", SEEDS)
def test_sigkill_mid_burst_loses_and_doubles_nothing(seed, database, backend, tmp_path,
                                                     monkeypatch):
    if backend == "postgres":
        monkeypatch.setattr(faults, "LiveServer", on_database(database))
    r = faults.run_trial(seed, writers=3, writes=15, kills=1, workdir=str(tmp_path))
    assert r.kills == 1
    assert r.losses == [], f"acknowledged writes missing after the crash: {r.losses}"
    assert r.doubles == [], f"writes stored twice: {r.doubles}"
    assert r.server_errors == [], f"5xx responses: {r.server_errors}"
    assert r.mismatches == [] and r.rejected == []
    assert r.acknowledged == r.attempted == 45  # every phone got its answer in the end
    if backend == "postgres":  # the trial's rounds are in PostgreSQL, not in a file
        from tally.store import Store

        st = Store(database)
        assert st.conn.execute("SELECT count(*) FROM rounds").fetchone()[0] == 45
        st.close()
