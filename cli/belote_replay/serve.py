"""``belote-replay serve``: validation as a service, a store of games, replay links and review
jobs (docs/service.md); ``serve migrate`` and ``serve token create NAME`` manage its database.
The work is in :mod:`belote_notation.service`; this module only wires the options."""

from __future__ import annotations

from pathlib import Path

import click

from belote_notation.game.lang import Listed, msg, msg_n, msg_p
from belote_notation.game.lang.render import say
from belote_replay.click_words import Choice
from belote_replay.lang import lang_option

__all__ = ["command"]

_DATABASE_HELP = ("Database URL (default: an SQLite file in this folder; postgresql+psycopg://... for "
                  "PostgreSQL).")


_EXTRA = ("fastapi", "uvicorn", "sqlalchemy", "alembic")
"""What the `service` extra installs and ``serve`` imports."""


def _require_extra():
    """One line saying how to get the service extra when it is missing (exit 2), no traceback."""
    import importlib

    for name in _EXTRA:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            missing = getattr(exc, "name", None) or name
            said = say(msg("%(missing)s is missing: pip install 'belote-notation[service]'", missing=missing))
            click.echo(f"belote-replay serve: {said}", err=True)
            raise SystemExit(2) from None


def _database_option(function):
    return click.option("--database", "database_url", default=None, help=_DATABASE_HELP)(function)


def _settings(**overrides):
    from belote_notation.service.settings import Settings, SettingsError

    try:
        return Settings.load(overrides=overrides, config_dir=Path.cwd())
    except SettingsError as exc:
        raise click.UsageError(say(exc.reason)) from None


@click.group("serve", invoke_without_command=True)
@click.option("--host", default=None, help="Address to listen on (default 127.0.0.1).")
@click.option("--port", type=click.IntRange(0, 65535), default=None, help="Port (default 8000).")
@click.option("--database", "database_url", default=None, envvar="BELOTE_DATABASE_URL", help=_DATABASE_HELP)
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Web processes (default 1).")
@click.option("--jobs", type=click.IntRange(min=0), default=None,
              help="Review and import worker processes (default 1; one on SQLite).")
@lang_option
@click.pass_context
def command(ctx, host, port, database_url, workers, jobs):
    """Serve the HTTP API v1 and the web front (docs/service.md)."""
    _require_extra()
    ctx.obj = {"database_url": database_url}
    if ctx.invoked_subcommand is not None:
        return
    settings = _settings(host=host, port=port, database_url=database_url, workers=workers, jobs=jobs)
    from belote_notation.service.migrate import SchemaNotCurrent
    from belote_notation.service.server import serve

    try:
        serve(settings)
    except SchemaNotCurrent as exc:
        click.echo(f"belote-replay: {say(exc.reason)}", err=True)
        raise SystemExit(2) from None


@command.command("migrate")
@_database_option
@lang_option
@click.pass_obj
def migrate(obj, database_url):
    """Apply the database's pending schema migrations (Alembic)."""
    settings = _settings(database_url=database_url or obj["database_url"])
    from belote_notation.service.migrate import pending, upgrade

    todo = pending(settings.database_url)
    upgrade(settings.database_url)
    applied = (msg_n("applied %(n)s migration(s): %(names)s", "applied %(n)s migration(s): %(names)s", "n",
                     n=len(todo), names=Listed(tuple(todo))) if todo else
               msg_n("applied %(n)s migration(s); up to date", "applied %(n)s migration(s); up to date", "n",
                     n=len(todo)))
    click.echo(say(applied))


@command.group("token")
def token():
    """API tokens (accounts without passwords)."""


@token.command("create")
@click.argument("name")
@click.option("--scope", type=Choice(["read", "write", "admin"]), default="write", show_default=True)
@click.option("--expires", default=None, metavar="AGE",
              help="Refused after this long: 90d, 12h, 30m (default: never).")
@_database_option
@lang_option
@click.pass_obj
def token_create(obj, name, scope, expires, database_url):
    """Create a token for NAME (its owner) and print it: it is shown once, stored hashed."""
    lifetime = _age(expires) if expires else None
    with _engine(obj, database_url) as engine:
        from belote_notation.service.tokens import TokenRefused, create_token

        try:
            click.echo(create_token(engine, name, scope, lifetime))
        except TokenRefused as exc:
            raise click.BadParameter(say(exc.reason), param_hint="NAME") from None


@token.command("list")
@click.argument("name", required=False)
@_database_option
@lang_option
@click.pass_obj
def token_list(obj, name, database_url):
    """The tokens (of NAME, else everyone's): id, owner, scope, created, expires, last used."""
    with _engine(obj, database_url) as engine:
        from belote_notation.service.tokens import list_tokens

        rows = list_tokens(engine, name)
    click.echo(say(msg("id\towner\tscope\tcreated\texpires\tlast used")))
    never = say(msg_p("token", "never"))
    for info in rows:
        shown = info.to_dict()
        expires = shown["expires_at"] or never
        if info.expired:
            expires = say(msg("%(date)s (expired)", date=expires))
        click.echo("\t".join([info.id, info.owner, info.scope, shown["created_at"], expires,
                              shown["last_used_at"] or never]))


@token.command("revoke")
@click.argument("token_id", metavar="ID")
@_database_option
@lang_option
@click.pass_obj
def token_revoke(obj, token_id, database_url):
    """Revoke the token ID (as `serve token list` shows it; 6 characters or more of it)."""
    with _engine(obj, database_url) as engine:
        from belote_notation.service.tokens import revoke_token

        revoked = revoke_token(engine, token_id)
    if revoked is None:
        said = say(msg("no token (or more than one) with the id %(token)s", token=repr(token_id)))
        click.echo(f"belote-replay: {said}", err=True)
        raise SystemExit(1)
    click.echo(say(msg("revoked %(token)s (%(owner)s, %(scope)s)", token=revoked.id, owner=revoked.owner,
                       scope=revoked.scope)))


def _age(text):
    """A lifetime written 90d, 12h or 30m."""
    from datetime import timedelta

    units = {"d": "days", "h": "hours", "m": "minutes"}
    number, unit = text[:-1], text[-1:].lower()
    if unit not in units or not number.isdigit() or int(number) == 0:
        raise click.BadParameter(say(msg("%(value)s: write a number and d, h or m (90d, 12h, 30m)",
                                         value=repr(text))), param_hint="--expires")
    return timedelta(**{units[unit]: int(number)})


class _engine:
    """The migrated database of the options, as an engine, disposed at the end."""

    def __init__(self, obj, database_url):
        self.settings = _settings(database_url=database_url or obj["database_url"])

    def __enter__(self):
        from belote_notation.service.db import make_engine
        from belote_notation.service.migrate import SchemaNotCurrent
        from belote_notation.service.server import prepare_database

        try:
            prepare_database(self.settings)
        except SchemaNotCurrent as exc:
            raise click.ClickException(say(exc.reason)) from None
        except RuntimeError as exc:
            raise click.ClickException(str(exc)) from None
        self.engine = make_engine(self.settings.database_url)
        return self.engine

    def __exit__(self, *_):
        self.engine.dispose()
