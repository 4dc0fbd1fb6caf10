"""``belote-replay generate``: write seeded random, fully legal matches in the notation.

Every bid, announcement and card is drawn from what the rules engine says is legal, so the
output validates clean under its rules. Games are written one by one as they are produced
(flat memory, whatever ``--deals``).
"""

from __future__ import annotations

import sys

import click

from belote_notation.game.rules import RulesError, Ruleset

__all__ = ["command"]


def _rules(name: str, options: tuple[str, ...]) -> Ruleset:
    try:
        rules = Ruleset.preset(name)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--rules") from None
    overrides = {}
    for text in options:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{text!r} is not NAME=VALUE", param_hint="--option")
        overrides[key.strip()] = value.strip()
    try:
        return rules.with_options(overrides)
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--option") from None


@click.command(name="generate")
@click.option("--rules", "rules_name", default="classic", show_default=True, metavar="NAME",
              help="Rule system: moroccan, classic, gameduell or traditional.")
@click.option("--matches", type=click.IntRange(min=1), default=None,
              help="Number of complete matches (default 1 unless --deals is given).")
@click.option("--deals", type=click.IntRange(min=1), default=None,
              help="Stop after this many deals in all (the last match may be cut short: result *).")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed (same seed, same file).")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
              help="Override one rule option (repeatable), e.g. --option target=500.")
@click.option("-o", "--output", default="-", show_default=True, metavar="FILE",
              help="Where to write; '-' for standard output.")
def command(rules_name: str, matches: int | None, deals: int | None, seed: int,
            options: tuple[str, ...], output: str) -> None:
    """Write seeded random but fully legal matches (.bel) for testing importers and tools."""
    rules = _rules(rules_name, options)
    from belote_notation.generator import generate_games
    from belote_notation.notation.writer import write_games

    games = generate_games(rules, matches=matches, deals=deals, seed=seed)
    if output == "-":
        try:
            write_games(games, sys.stdout)
            sys.stdout.flush()
        except BrokenPipeError:  # e.g. piped into `head`: stop quietly
            _silence_stdout()
        return
    try:
        handle = open(output, "w", encoding="utf-8", newline="\n")  # noqa: SIM115 - closed by `with handle`
    except OSError as exc:
        click.echo(f"Error: cannot write {output}: {exc.strerror or exc}", err=True)
        sys.exit(2)
    try:
        with handle:
            count = write_games(games, handle)
    except OSError as exc:
        click.echo(f"Error: writing {output} failed: {exc.strerror or exc}", err=True)
        sys.exit(2)
    click.echo(f"wrote {count} game(s) to {output}", err=True)


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
