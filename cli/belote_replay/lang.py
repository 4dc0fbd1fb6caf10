"""``--lang en|fr|ar``: the language of the findings a command prints (docs/languages.md).

The option sets ``BELOTE_LANG``, which the library's writers read (:func:`~belote_notation.game.
lang.render.chosen_lang`) and the worker processes inherit; without it, ``BELOTE_LANG`` as the
user set it, else English. ``validate`` also takes ``lang = "fr"`` from the configuration file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

import click

from belote_notation.game.lang import LANGS

__all__ = ["lang_option", "set_lang"]

F = TypeVar("F", bound=Callable[..., Any])


def set_lang(value: str | None) -> None:
    """``value`` as ``BELOTE_LANG`` for the running command (nothing for ``None``: the
    environment's stays); the value before is put back when the command ends, so that a command
    run in-process (tests, a caller of ``cli``) leaves no language behind."""
    if not value:
        return
    before = os.environ.get("BELOTE_LANG")
    os.environ["BELOTE_LANG"] = value
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.call_on_close(lambda: _restore(before))


def _restore(before: str | None) -> None:
    if before is None:
        os.environ.pop("BELOTE_LANG", None)
    else:
        os.environ["BELOTE_LANG"] = before


def _callback(_ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    set_lang(value)


def lang_option(command: F) -> F:
    """The ``--lang`` option of a command that prints findings (its value is not passed on)."""
    return click.option("--lang", type=click.Choice(LANGS), default=None, expose_value=False, is_eager=True,
                        callback=_callback,
                        help="The findings' language: en, fr or ar (default: BELOTE_LANG, else en).")(command)
