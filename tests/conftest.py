import os
import pathlib
import uuid

import pytest

from pg_cluster import pg_url  # noqa: F401 (the session's PostgreSQL server, started on use)

SHARED = pathlib.Path(__file__).resolve().parents[1].parent / "shared"

# The store and API tests run on both backends (issue 13): a test that takes the ``database``
# fixture runs once on a SQLite file and once on a fresh PostgreSQL database.
# TALLY_TEST_BACKENDS=sqlite limits a quick local run to SQLite (CI runs both).
BACKENDS = [b.strip() for b in os.environ.get("TALLY_TEST_BACKENDS", "sqlite,postgres")
            .split(",") if b.strip()]
TEMPLATE = "tally_template"


@pytest.fixture(scope="session")
def shared():
    assert (SHARED / "rules").is_dir(), "tests need ../shared beside the repository"
    return SHARED


def _admin(url: str):
    import psycopg

    return psycopg.connect(url, autocommit=True)


def _on(url: str, name: str) -> str:
    return url.rpartition("/")[0] + "/" + name


@pytest.fixture(scope="session")
def pg_template(pg_url):  # noqa: F811
    """A database migrated once, copied for each test (faster than migrating each time)."""
    from tally.store import Store

    name = f"{TEMPLATE}_{uuid.uuid4().hex[:8]}"
    with _admin(pg_url) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    st = Store(_on(pg_url, name))
    st.migrate()
    st.close()
    yield name
    import psycopg

    try:
        with _admin(pg_url) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    except psycopg.OperationalError:
        pass  # the cluster is already stopped (another session fixture stopped it first)


def _throwaway(pg_url: str, template: str | None = None):
    """A new database (a copy of ``template``, or empty), dropped after the test."""
    from tally.db import close_all_pools

    name = "t_" + uuid.uuid4().hex[:16]
    with _admin(pg_url) as c:
        c.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    yield _on(pg_url, name)
    close_all_pools()
    with _admin(pg_url) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def pg_fresh(pg_url, pg_template):  # noqa: F811
    """A fresh PostgreSQL database at the current schema, dropped after the test."""
    yield from _throwaway(pg_url, pg_template)


@pytest.fixture
def pg_empty(pg_url):  # noqa: F811
    """A new PostgreSQL database with no schema at all (the migration tests), dropped after."""
    yield from _throwaway(pg_url)


@pytest.fixture(params=BACKENDS)
def database(request, tmp_path):
    """Where the test's store or app keeps its data: a SQLite file's path, or the url of a
    fresh PostgreSQL database (``Store`` and ``DATABASE`` take either)."""
    if request.param == "sqlite":
        return str(tmp_path / "t.sqlite")
    return request.getfixturevalue("pg_fresh")


@pytest.fixture
def backend(database) -> str:
    return "postgres" if database.startswith("postgresql://") else "sqlite"


@pytest.fixture
def db_config(database) -> dict:
    """The app's configuration for ``database``: DATABASE_URL for PostgreSQL (as a deployment
    sets it), DATABASE for a SQLite file."""
    if database.startswith("postgresql://"):
        return {"DATABASE_URL": database, "TESTING": True}
    return {"DATABASE": database, "DATABASE_URL": None, "TESTING": True}
