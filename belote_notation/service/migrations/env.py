"""Alembic's environment for the service's migrations: the URL comes from the caller's config
(``belote_notation.service.migrate``); the tables from :mod:`belote_notation.service.schema`.
Imported outside a migration (a doctest run), it does nothing."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from belote_notation.service.schema import METADATA


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    engine = create_engine(context.config.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.connect() as conn:
            _migrate(conn)
            conn.commit()
    finally:
        engine.dispose()


if getattr(context, "config", None) is not None:
    run()
