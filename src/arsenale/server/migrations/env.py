"""Alembic environment: the server passes its open connection in `config.attributes`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from arsenale.server.storage import Base

config = context.config
connection = config.attributes.get("connection")

if connection is None:  # the `alembic` command line, with sqlalchemy.url set
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///arsenale.sqlite3")
    with engine.begin() as connection:
        context.configure(
            connection=connection, target_metadata=Base.metadata, render_as_batch=True
        )
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
