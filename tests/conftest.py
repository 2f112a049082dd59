import pathlib

import pytest

SHARED = pathlib.Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(scope="session")
def shared():
    assert (SHARED / "rules").is_dir(), "tests need ../shared beside the repository"
    return SHARED
