"""The ``belote-replay`` command group: wires the commands of the sibling modules together."""

from __future__ import annotations

import importlib

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
}


class LazyGroup(click.Group):
    """Imports a command's module only when that command runs (fast start-up)."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                            list[str]]:
        name = click.utils.make_str(args[0])
        if self.get_command(ctx, name) is None and not ctx.resilient_parsing:
            from belote_notation.check.suggest import did_you_mean

            ctx.fail(f"No such command {name!r}{did_you_mean(name, self.list_commands(ctx))}.")
        return super().resolve_command(ctx, args)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self._load(name) is not None)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return self._load(name)

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


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="belote-replay")
def cli() -> None:
    """Parse, replay, validate, convert and render Belote records (.bel files)."""
