"""click's own words in the language chosen (docs/languages.md): the ``Usage:`` line, ``Try
'... --help' for help.``, ``Error:`` before a usage error, a choice refused, a missing argument
or option, an option that does not exist, a file that cannot be opened.

click says them through :func:`gettext.gettext` with the process's global domain; changing
that domain would change the words of every other library of a program that imports ours (and
of every thread). So nothing global changes: the command group hands each of click's errors
that leaves a command to :func:`in_language`, which gives that one error a ``show`` saying the
same thing from our catalogues, the msgids being click's English. English is left to click,
byte for byte. Each text is composed in English too and compared with what click itself prints
(:func:`_composed`): when a click version words something otherwise, that part is printed as
click says it, never a sentence click did not mean.

The language is the one chosen when the error leaves the command: ``--lang`` when it was read
before the error (an eager option: read before the others, but not before an option unknown to
the command, which the parser meets first), else ``BELOTE_LANG``, else the configuration file's
``lang`` (read quietly: a file that cannot be read leaves click's words in English), else
English (:func:`error_lang`).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import partial
from typing import IO, Any

import click

from belote_notation.game.lang import Lang, Message, lang_of, msg, msg_n, render
from belote_notation.game.lang.render import chosen_lang

__all__ = ["Choice", "error_lang", "in_language"]


def error_lang() -> Lang:
    """The language of click's words now: the one chosen (``--lang`` read, ``BELOTE_LANG``),
    else the configuration file's, else English."""
    import os

    lang = chosen_lang()
    if lang != "en" or os.environ.get("BELOTE_LANG"):
        return lang
    from belote_replay.lang import configured_lang

    try:
        configured = configured_lang()
    except click.UsageError:
        return lang
    return lang if configured is None else lang_of(configured)


class Choice(click.Choice):
    """click's :class:`click.Choice`, its refusal (``'xx' is not one of 'en', 'fr', 'ar'.``) said
    in the language chosen when the value is refused."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            lang = error_lang()
            refusal = msg_n("%(value)s is not %(choices)s.", "%(value)s is not one of %(choices)s.", "n",
                            value=repr(value), choices=", ".join(map(repr, self.choices)),
                            n=len(self.choices))
            if lang == "en" or render(refusal) != exc.message:
                raise
            self.fail(render(refusal, lang), param, ctx)


def in_language(exc: click.ClickException) -> None:
    """Have ``exc`` shown in the language chosen now (its class, fields and message unchanged);
    nothing in English, for an error already given its language, or for one that shows
    something of its own (a group called without a command shows its help)."""
    if type(exc).show not in (click.ClickException.show, click.UsageError.show) or "show" in vars(exc):
        return
    lang = error_lang()
    if lang != "en":
        exc.show = partial(_show, exc, lang, exc.show)  # type: ignore[method-assign]


def _show(exc: click.ClickException, lang: Lang, click_show: Any, file: IO[Any] | None = None) -> None:
    """``exc`` said in ``lang`` where its English composition is click's own, else as click says it."""
    english = io.StringIO()
    click_show(english)
    ctx = exc.ctx if isinstance(exc, click.UsageError) else None
    color = ctx.color if ctx is not None else None
    text = english.getvalue()
    if _composed(exc, "en") == text:
        text = _composed(exc, lang)
    click.echo(text, file=file, err=file is None, nl=False, color=color)


def _composed(exc: click.ClickException, lang: Lang) -> str:
    """What :meth:`click.UsageError.show` prints, from the catalogue's words in ``lang``."""
    head = ""
    ctx = exc.ctx if isinstance(exc, click.UsageError) else None
    if ctx is not None:
        hint = ""
        if ctx.command.get_help_option(ctx) is not None:
            names: Any = getattr(ctx.command, "get_help_option_names", None)  # click >= 8.2
            option = max(names(ctx), key=len) if names is not None else ctx.help_option_names[0]
            hint = render(msg("Try '%(command)s %(option)s' for help.", command=ctx.command_path,
                              option=option), lang) + "\n"
        head = f"{_usage(ctx, lang)}\n{hint}\n"
    return head + render(msg("Error: %(message)s", message=_message(exc, lang)), lang) + "\n"


def _usage(ctx: click.Context, lang: Lang) -> str:
    """The command's usage line with the catalogue's ``Usage:``."""
    formatter = ctx.make_formatter()
    pieces = ctx.command.collect_usage_pieces(ctx)
    formatter.write_usage(ctx.command_path, " ".join(pieces), render(msg("Usage:"), lang) + " ")
    return formatter.getvalue().rstrip("\n")


def _message(exc: click.ClickException, lang: Lang) -> str:
    """The error's own sentence in ``lang`` when it is one click words as the catalogue does
    (checked on its English), else as the error gives it."""
    said = _said(exc)
    if said is None or render(said) != exc.format_message():
        return exc.format_message()
    return render(said, lang)


def _said(exc: click.ClickException) -> Message | None:
    """The message of the catalogue that words ``exc`` as click does, when there is one."""
    if type(exc) is click.MissingParameter:
        return _missing(exc)
    if type(exc) is click.BadParameter:
        hint = _hint(exc)
        if hint is None:
            return msg("Invalid value: %(reason)s", reason=exc.message)
        return msg("Invalid value for %(option)s: %(reason)s", option=hint, reason=exc.message)
    if type(exc) is click.NoSuchOption:
        return _no_such_option(exc)
    if type(exc) is click.FileError:
        return msg("Could not open file %(file)s: %(reason)s", file=repr(exc.ui_filename), reason=exc.message)
    return None


def _hint(exc: click.BadParameter) -> str | None:
    """The option or argument an error is about, as click names it."""
    hint: Sequence[str] | str | None = exc.param_hint
    if hint is None and exc.param is not None:
        hint = exc.param.get_error_hint(exc.ctx)
    if hint is not None and not isinstance(hint, str):
        return " / ".join(repr(x) for x in hint)
    return hint


_MISSING = {"argument": msg("Missing argument"), "option": msg("Missing option"),
            "parameter": msg("Missing parameter")}


def _missing(exc: click.MissingParameter) -> Message | None:
    """``Missing argument 'FILE'.``; ``None`` when click adds words of its own (a choice's list)."""
    kind = exc.param_type
    if kind is None and exc.param is not None:
        kind = exc.param.param_type_name
    extra = exc.param.type.get_missing_message(exc.param, exc.ctx) if exc.param is not None else None
    if exc.message or extra or kind not in _MISSING:
        return None
    hint = _hint(exc)
    if not hint:
        return msg("%(missing)s.", missing=_MISSING[kind])
    return msg("%(missing)s %(name)s.", missing=_MISSING[kind], name=hint)


def _no_such_option(exc: click.NoSuchOption) -> Message | None:
    """``No such option '--x'.``, with click's guess when it has one."""
    said = msg("No such option %(name)s.", name=repr(exc.option_name))
    if not exc.possibilities:
        return said
    if len(exc.possibilities) == 1:
        return msg("%(error)s Did you mean %(option)s?", error=said, option=repr(exc.possibilities[0]))
    options = ", ".join(repr(p) for p in sorted(exc.possibilities))
    return msg("%(error)s (Did you mean one of: %(options)s?)", error=said, options=options)
