"""Schema migrations with Alembic, shipped in the package (``migrations/``): applied by
``belote-replay serve migrate``, checked when the service starts.

>>> import tempfile, os
>>> url = "sqlite:///" + os.path.join(tempfile.mkdtemp(), "m.db")
>>> pending(url)[-1] == HEAD  # every revision waits, oldest first
True
>>> upgrade(url)
>>> pending(url)
[]
"""

from __future__ import annotations

from importlib.resources import files

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine

from belote_notation.game.lang import Listed, Message, msg_n, render

__all__ = ["HEAD", "SchemaNotCurrent", "alembic_config", "check_current", "pending", "upgrade"]


def alembic_config(url: str) -> Config:
    """Alembic's configuration for ``url``, its scripts from the installed package."""
    config = Config()
    config.set_main_option("script_location", str(files("belote_notation.service").joinpath("migrations")))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


HEAD = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head() or ""
"""The newest revision this version of the service knows."""


class SchemaNotCurrent(RuntimeError):
    """The database is not at :data:`HEAD`: ``belote-replay serve migrate`` first (``reason``:
    a message of the catalogues, ``str()`` its English text)."""

    def __init__(self, reason: Message) -> None:
        super().__init__(render(reason))
        self.reason = reason


def upgrade(url: str) -> None:
    """Apply every migration not applied yet (creating the tables of an empty database)."""
    command.upgrade(alembic_config(url), "head")


def pending(url: str) -> list[str]:
    """The revisions not applied to the database at ``url``, oldest first."""
    script = ScriptDirectory.from_config(alembic_config(url))
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()
    todo = [rev.revision for rev in script.iterate_revisions("head", current)]
    return list(reversed(todo))


def check_current(url: str) -> None:
    """Raise :class:`SchemaNotCurrent` when migrations are pending."""
    todo = pending(url)
    if todo:
        raise SchemaNotCurrent(msg_n(
            "the database needs %(n)s migration(s) (%(names)s): run `belote-replay serve migrate` first",
            "the database needs %(n)s migration(s) (%(names)s): run `belote-replay serve migrate` first",
            "n", n=len(todo), names=Listed(tuple(todo))))
