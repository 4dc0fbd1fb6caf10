"""``--lang en|fr|ar``: the language of the words a command prints (docs/languages.md).

The option sets ``BELOTE_LANG``, which the library's writers read (:func:`~belote_notation.game.
lang.render.chosen_lang`) and the worker processes inherit. Without it, ``BELOTE_LANG`` as the
user set it; else ``lang = "fr"`` of the configuration file (``belote-replay.toml`` or
``[tool.belote-replay]``, found as ``validate`` finds it: :func:`~belote_replay.config.
find_config`); else English. ``validate`` reads its configuration file itself (``--config``,
``--isolated``) and hands its ``lang`` to the option as a default, below the environment's.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from belote_notation.game.lang import LANGS, Listed, msg
from belote_notation.game.lang.render import say
from belote_replay.click_words import Choice

__all__ = ["configured_lang", "lang_option", "set_lang"]

F = TypeVar("F", bound=Callable[..., Any])


def set_lang(value: str | None) -> None:
    """``value`` as ``BELOTE_LANG`` for the running command (nothing for ``None``: the
    environment's stays); the value before is put back when the command ends, so that a command
    run in-process (tests, a caller of ``cli``) leaves no language behind, a usage error
    included."""
    if not value:
        return
    before = os.environ.get("BELOTE_LANG")
    os.environ["BELOTE_LANG"] = value
    ctx = click.get_current_context(silent=True)
    if ctx is not None:  # the root's context: a command's is never closed when its parsing fails
        ctx.find_root().call_on_close(lambda: _restore(before))


def _restore(before: str | None) -> None:
    if before is None:
        os.environ.pop("BELOTE_LANG", None)
    else:
        os.environ["BELOTE_LANG"] = before


def configured_lang() -> str | None:
    """The ``lang`` of the configuration file found from the current folder, if any; a file that
    cannot be used, or a language not known, is a usage error (as ``validate`` says it)."""
    folder = Path.cwd()
    if not any((f / name).is_file() for f in (folder, *folder.parents)
               for name in ("belote-replay.toml", "pyproject.toml")):
        return None  # no file to read: the configuration's module is not even imported
    from belote_replay.config import ConfigError, find_config

    try:
        config = find_config()
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    lang = config.defaults.get("lang")
    if lang is not None and lang not in LANGS:
        raise click.UsageError(say(msg("%(file)s: 'lang' should be one of %(langs)s, not %(value)s",
                                       file=str(config.path), langs=Listed(tuple(LANGS)), value=repr(lang))))
    return lang


def _callback(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if os.environ.get("BELOTE_LANG") and param.name is not None \
            and ctx.get_parameter_source(param.name) is ParameterSource.DEFAULT_MAP:
        return  # validate's configuration file: the environment's language comes first
    if value is None and not os.environ.get("BELOTE_LANG") \
            and not getattr(ctx.command, "reads_config", False):
        value = configured_lang()
    set_lang(value)


def lang_option(command: F) -> F:
    """The ``--lang`` option of a command that prints words (its value is not passed on: the
    command's words are said in :func:`~belote_notation.game.lang.render.chosen_lang`)."""
    return click.option("--lang", type=Choice(LANGS), default=None, expose_value=False, is_eager=True,
                        callback=_callback,
                        help="The language of what is printed: en, fr or ar (default: BELOTE_LANG, else "
                             "the configuration file's lang, else en).")(command)
