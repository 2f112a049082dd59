"""A crash in the middle of a burst of writes (the "Hardening" issue): the real server is
killed with SIGKILL at a random moment while phones add rounds, then restarted on the same
database; the phones retry what was in flight with the same Idempotency-Key. Every
acknowledged write is stored exactly once, none twice, and nothing answers 5xx.

The trial itself is stress/faults.py (``make stress`` runs many more of them)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stress"))

from faults import run_trial  # noqa: E402

SEEDS = [11, 12, 13]  # fixed seeds: the same random kill moments on every run


@pytest.mark.parametrize("seed", SEEDS)
def test_sigkill_mid_burst_loses_and_doubles_nothing(seed, tmp_path):
    r = run_trial(seed, writers=3, writes=15, kills=1, workdir=str(tmp_path))
    assert r.kills == 1
    assert r.losses == [], f"acknowledged writes missing after the crash: {r.losses}"
    assert r.doubles == [], f"writes stored twice: {r.doubles}"
    assert r.server_errors == [], f"5xx responses: {r.server_errors}"
    assert r.mismatches == [] and r.rejected == []
    assert r.acknowledged == r.attempted == 45  # every phone got its answer in the end
