"""``belote-replay formats``: every installed format and what it can read and write."""

from __future__ import annotations

import click

from belote_notation.formats import all_formats
from belote_notation.formats.registry import BUILTINS, load_errors

__all__ = ["command"]


@click.command("formats")
def command() -> None:
    """List the installed formats (built-in and plugins): name, read/write, file names."""
    rows = []
    for fmt in all_formats():
        abilities = "/".join(a for a, ok in (("read", fmt.can_read), ("write", fmt.can_write)) if ok)
        origin = "" if fmt.name in BUILTINS else " (plugin)"
        rows.append((fmt.name, abilities, " ".join(fmt.extensions) or "-", fmt.title + origin))
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        click.echo("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:3])) + "  " + row[3])
    for problem in load_errors():
        click.echo(f"not loaded: {problem}", err=True)
