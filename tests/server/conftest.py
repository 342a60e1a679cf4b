"""Fixtures for the web service: databases (SQLite and a throwaway PostgreSQL) and the server
running as a real process.

- `pg_cluster` (session): a PostgreSQL cluster these tests start themselves, one per pytest
  process (each xdist worker has its own), stopped and deleted at the end. If it cannot start
  the tests that need it fail with the reason: `make test` installs PostgreSQL.
- `db_url`: parametrised, one fresh database per test, as a SQLAlchemy URL: a SQLite file in
  the test's tmp_path, and a new database in `pg_cluster`.
- `pg_url`: a fresh PostgreSQL database only.
- `serve`: starts `arsenale serve` on a database in a child process (see ServerProcess); every
  process it started is killed at the end of the test.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from .helpers import ClusterError, PgCluster, ServerProcess


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    try:
        cluster = PgCluster()
    except ClusterError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        cluster.start()
    except (ClusterError, OSError) as e:
        cluster.stop()
        pytest.fail(f"the throwaway PostgreSQL cluster did not start: {e}", pytrace=False)
    try:
        yield cluster
    finally:
        cluster.stop()


def _sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'arsenale.sqlite3'}"


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> Iterator[str]:
    url = pg_cluster.create_database()
    yield url
    with contextlib.suppress(Exception):  # one left behind goes with the cluster's directory
        pg_cluster.drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return _sqlite_url(tmp_path)
    url: str = request.getfixturevalue("pg_url")
    return url


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """`serve(db_url, bot_delay=0.05)` starts the server and returns it once it answers."""
    started: list[ServerProcess] = []

    def start(db_url: str, bot_delay: float = 0.05) -> ServerProcess:
        server = ServerProcess(db_url, tmp_path, bot_delay=bot_delay)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.kill()
