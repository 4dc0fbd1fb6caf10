"""``belote-replay serve``: validation as a service, a store of games, replay links and review
jobs (docs/service.md); ``serve migrate`` and ``serve token create NAME`` manage its database.
The work is in :mod:`belote_notation.service`; this module only wires the options."""

from __future__ import annotations

from pathlib import Path

import click

__all__ = ["command"]

_DATABASE_HELP = ("Database URL (default: an SQLite file in this folder; postgresql+psycopg://... for "
                  "PostgreSQL).")


def _settings(**overrides):
    try:
        from belote_notation.service.settings import Settings, SettingsError
    except ModuleNotFoundError as exc:  # installed without the service extra
        raise click.ClickException(f"the service needs the `service` extra (pip install "
                                   f"'belote-notation[service]'): {exc.name} is missing") from None
    try:
        return Settings.load(overrides=overrides, config_dir=Path.cwd())
    except SettingsError as exc:
        raise click.UsageError(str(exc)) from None


@click.group("serve", invoke_without_command=True)
@click.option("--host", default=None, help="Address to listen on (default 127.0.0.1).")
@click.option("--port", type=click.IntRange(0, 65535), default=None, help="Port (default 8000).")
@click.option("--database", "database_url", default=None, envvar="BELOTE_DATABASE_URL", help=_DATABASE_HELP)
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Web processes (default 1).")
@click.option("--jobs", type=click.IntRange(min=0), default=None,
              help="Review and import worker processes (default 1; one on SQLite).")
@click.pass_context
def command(ctx, host, port, database_url, workers, jobs):
    """Serve the HTTP API v1 and the web front (docs/service.md)."""
    ctx.obj = {"database_url": database_url}
    if ctx.invoked_subcommand is not None:
        return
    settings = _settings(host=host, port=port, database_url=database_url, workers=workers, jobs=jobs)
    from belote_notation.service.migrate import SchemaNotCurrent
    from belote_notation.service.server import serve

    try:
        serve(settings)
    except SchemaNotCurrent as exc:
        click.echo(f"belote-replay: {exc}", err=True)
        raise SystemExit(2) from None


@command.command("migrate")
@click.pass_obj
def migrate(obj):
    """Apply the database's pending schema migrations (Alembic)."""
    settings = _settings(database_url=obj["database_url"])
    from belote_notation.service.migrate import pending, upgrade

    todo = pending(settings.database_url)
    upgrade(settings.database_url)
    click.echo(f"applied {len(todo)} migration(s)" + (f": {', '.join(todo)}" if todo else "; up to date"))


@command.group("token")
def token():
    """API tokens (accounts without passwords)."""


@token.command("create")
@click.argument("name")
@click.option("--scope", type=click.Choice(["read", "write", "admin"]), default="write", show_default=True)
@click.pass_obj
def token_create(obj, name, scope):
    """Create a token for NAME (its owner) and print it: it is shown once, stored hashed."""
    settings = _settings(database_url=obj["database_url"])
    from belote_notation.service.db import make_engine
    from belote_notation.service.server import prepare_database
    from belote_notation.service.tokens import create_token

    try:
        prepare_database(settings)
    except RuntimeError as exc:
        raise click.ClickException(str(exc)) from None
    engine = make_engine(settings.database_url)
    try:
        click.echo(create_token(engine, name, scope))
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="NAME") from None
    finally:
        engine.dispose()
