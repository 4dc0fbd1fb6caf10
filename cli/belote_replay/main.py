"""The ``belote-replay`` command group: wires the commands of the sibling modules together."""

from __future__ import annotations

import ast
import atexit
import contextlib
import functools
import gc
import importlib
from collections.abc import Iterator
from importlib.util import find_spec
from typing import Any

import click

from belote_notation import __version__

# command name -> module of this package that defines a click command called ``command``.
COMMANDS = {
    "validate": "validate",
    "show": "show",
    "fmt": "fmt",
    "convert": "convert",
    "schema": "schema",
    "generate": "generate",
    "formats": "formats",      # the converters issue
    "rule": "rule",            # the daily-use issue: a finding code's documentation
    "solve": "solve",          # the analysis issue
    "annotate": "annotate",    # the analysis issue
    "render": "render",        # the render issue
    "serve": "serve",          # the service issue
    "live": "live",            # the live games issue: a file played into a live game
    "follow": "follow",        # a live game printed as it goes
    "select": "select",        # the collections issue
    "dedupe": "dedupe",
    "stats": "stats",
    "export": "export",
}


class LazyGroup(click.Group):
    """Imports a command's module only when that command runs (fast start-up); the group's help
    lists the commands without importing them (:func:`outline`)."""

    listing = False
    """True while the group's help lists the commands: :meth:`get_command` outlines them."""

    def main(self, *args: Any, **extra: Any) -> Any:
        """The group run with the collector tuned (:func:`tuned_collector`) from before the
        command is resolved, and so imported, to its end."""
        with tuned_collector():
            return super().main(*args, **extra)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                            list[str]]:
        name = click.utils.make_str(args[0])
        if self.get_command(ctx, name) is None and not ctx.resilient_parsing:
            from belote_notation.check.suggest import meant
            from belote_notation.game.lang import msg, render
            from belote_replay.click_words import error_lang

            unknown = meant(msg("No such command %(name)s", name=repr(name)), name, self.list_commands(ctx))
            ctx.fail(render(msg("%(error)s.", error=unknown), error_lang()))
        return super().resolve_command(ctx, args)

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: object) -> click.Context:
        """The group's context; a usage error of the group's own options said in the language
        chosen (:mod:`belote_replay.click_words`)."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as exc:
            from belote_replay.click_words import in_language

            in_language(exc)
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if find_spec(f"belote_replay.{COMMANDS[name]}") is not None)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if self.listing and name in COMMANDS:
            made = outline(name)
            if made is not None:
                return made
        return self._load(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.listing = False

    def invoke(self, ctx: click.Context) -> object:
        """The command run; a plugin format that broke its contract ends it with one line and
        exit 2 (``belote_notation.formats.guard``), whatever the command; click's usage errors
        said in the language chosen (:mod:`belote_replay.click_words`)."""
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:
            from belote_replay.click_words import in_language

            in_language(exc)  # now, while a command's --lang is still the language chosen
            raise
        except Exception as exc:
            from belote_notation.formats.registry import PluginError

            if not isinstance(exc, PluginError):
                raise
            click.echo(f"belote-replay: {exc}", err=True)
            ctx.exit(2)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        module_name = COMMANDS.get(name)
        if module_name is None:
            return None
        try:
            module = importlib.import_module(f"belote_replay.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"belote_replay.{module_name}":
                return None  # command not built yet
            raise
        return module.command


_QUIET_KEYWORDS = frozenset({"name", "epilog", "invoke_without_command", "context_settings",
                             "no_args_is_help"})
"""Keywords of ``click.command`` that leave a command's line in the group's help as it is."""
_HELP_KEYWORDS = frozenset({"help", "short_help", "hidden", "deprecated"})
"""Keywords of ``click.command`` that make the line (literal values, passed on to the outline)."""


def outline(name: str) -> click.Command | None:
    """Command ``name`` as far as the group's help shows it (its help, short help, hidden and
    deprecated flags), read from its module's source, without importing the module: importing
    every command's module for its line was 0.25 s of ``--help``. The module's function
    ``command`` carries ``@click.command(...)`` or ``@click.group(...)``, whose docstring is the
    help unless ``help=`` gives it. ``None`` (the module is imported) when the source does not say
    it plainly: no source, another decorator's class (``cls=``), a value computed at import.
    """
    spec = find_spec(f"belote_replay.{COMMANDS[name]}")
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    try:
        with open(spec.origin, "rb") as source:
            tree = ast.parse(source.read())
    except (OSError, SyntaxError, ValueError):
        return None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "command":
            for decorator in node.decorator_list:
                if (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                        and ast.unparse(decorator.func) in ("click.command", "click.group")):
                    return _outlined(name, decorator, ast.get_docstring(node, clean=False))
    return None


def _outlined(name: str, decorator: ast.Call, docstring: str | None) -> click.Command | None:
    """The outline of command ``name`` from its decorator's literal keywords and its docstring."""
    attrs = {}
    for keyword in decorator.keywords:
        if keyword.arg in _HELP_KEYWORDS:
            try:
                attrs[keyword.arg] = ast.literal_eval(keyword.value)
            except ValueError:
                return None
        elif keyword.arg not in _QUIET_KEYWORDS:
            return None
    help_text = attrs.pop("help", None) or docstring
    return click.Command(name, help=help_text, **attrs)


YOUNG_COLLECTION_THRESHOLD = 10_000
"""Allocations between two young collections while a command runs (Python's default: 700)."""


@contextlib.contextmanager
def tuned_collector() -> Iterator[None]:
    """Tune the cyclic garbage collector for a command's run, and put it back after.

    The library never touches the collector (a web server's threads would all feel it); this
    process may. Records hold no reference cycles, and a game's records live until the game is
    done, so with the default threshold the collector ran again and again over objects it could
    not free. Measured on 20,000 classic deals (1,959 games, 11.6 MB; CPU, best of 3, on a
    loaded 2-core machine): ``convert --to jsonl`` 10.5 s with 11,095 collections taking 2.9 s
    (the library pausing the collector around each game, as before: 11.8 s, 7,199 collections,
    2.6 s); with the imported modules frozen (``gc.freeze``, never scanned again) and this
    threshold: 7.4 s, no collection. ``validate`` allocates and frees a game's objects in turn:
    no collection either way, 3.2-3.3 s before and after (the figures in the commit).

    It is tuned before the command's module is imported (the group resolves the command before
    it runs its own callback, where it was tuned before): the command's imports made ten
    collections that freed nothing, two now. When the process ends, what it made is frozen
    (:func:`_freeze_at_exit`).
    """
    frozen = gc.get_freeze_count() == 0
    thresholds = gc.get_threshold()
    if frozen:
        gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *thresholds[1:])
    _freeze_at_exit()
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if frozen:
            gc.unfreeze()


@functools.cache
def _freeze_at_exit() -> None:
    """Freeze every object when the interpreter exits (registered once per process, so it runs
    after the exit handlers registered later): Python's last collections then walk no object.
    They walked every object the process made to free memory that goes back with the process
    anyway (~29 M instructions, 6 % of a one-deal ``validate``). Objects freed by their count of
    references (a file's, a stream's) still are; the standard streams are flushed after."""
    atexit.register(gc.freeze)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="belote-replay")
def cli() -> None:
    """Parse, replay, validate, convert and render Belote records (.bel files)."""
