"""The test fixtures themselves: the throwaway PostgreSQL cluster is a real server."""

from __future__ import annotations

import sqlalchemy as sa


def test_db_url_is_a_usable_empty_database(db_url: str) -> None:
    engine = sa.create_engine(db_url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("CREATE TABLE probe (n INTEGER PRIMARY KEY)"))
            conn.execute(sa.text("INSERT INTO probe (n) VALUES (1), (2)"))
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT sum(n) FROM probe")).scalar_one() == 3
            tables = sa.inspect(conn).get_table_names()
        assert tables == ["probe"]
    finally:
        engine.dispose()
