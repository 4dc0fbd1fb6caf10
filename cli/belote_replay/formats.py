"""``belote-replay formats``: every installed format and what it can read and write."""

from __future__ import annotations

import click

from belote_notation.formats import all_formats
from belote_notation.formats.registry import BUILTINS, load_errors
from belote_notation.game.lang import Message, msg
from belote_notation.game.lang.render import say
from belote_replay.lang import lang_option

__all__ = ["command"]


@click.command("formats")
@lang_option
def command() -> None:
    """List the installed formats (built-in and plugins): name, read/write, file names."""
    rows = []
    can = {"read": say(msg("read")), "write": say(msg("write"))}
    for fmt in all_formats():
        abilities = "/".join(can[a] for a, ok in (("read", fmt.can_read), ("write", fmt.can_write)) if ok)
        # a built-in's title is a msgid of the catalogues; a plugin's is its own words
        title = say(Message(fmt.title)) if fmt.name in BUILTINS else fmt.title + say(msg(" (plugin)"))
        rows.append((fmt.name, abilities, " ".join(fmt.extensions) or "-", title))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        click.echo("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:3])) + "  " + row[3])
    for problem in load_errors():
        click.echo(say(msg("not loaded: %(problem)s", problem=problem)), err=True)
