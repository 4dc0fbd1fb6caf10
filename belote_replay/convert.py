"""``belote-replay convert IN [-o OUT] [--to bel|json|jsonl]``: .bel <-> JSON without loss.

The input format comes from ``--from``, else the file extension (``.json``, ``.jsonl``,
``.bel``), else the first character (``{`` or a ``[`` followed by ``{``/``]`` is JSON).
The default output is the other format. ``-`` is stdin / stdout. Reading .bel streams one
game at a time. Input with syntax errors is not converted: the issues are listed and the
exit code is 2; an output file is only written (through a temporary file) when the whole
input was read cleanly.
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO, TextIO

import click

from belote_notation.notation.jsonio import (
    JsonReadError,
    read_json_games,
    write_json_games,
    write_jsonl_games,
)
from belote_notation.notation.reader import iter_games
from belote_notation.notation.records import Game
from belote_notation.notation.writer import NotationWriteError, write_games

__all__ = ["command"]


class _Failed(Exception):
    pass


def _sniff(head: bytes) -> str:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        return "json"
    if text.startswith(b"["):
        rest = text[1:].lstrip()
        if rest[:1] in (b"{", b"]"):
            return "json"
    return "bel"


def _bel_games(handle: BinaryIO, name: str, problems: list[str]) -> Iterator[Game]:
    for parsed in iter_games(handle, name):
        if parsed.errors:
            problems.extend(str(issue) for issue in parsed.errors)
            raise _Failed()
        yield parsed.game


def _json_games(handle: BinaryIO, name: str, problems: list[str]) -> Iterator[Game]:
    """The games of a JSON stream, one at a time (issue 13: read whole, 55 MB took 3 GB)."""
    try:
        yield from read_json_games(handle)
    except JsonReadError as exc:
        problems.append(f"{name}: {exc}")
        raise _Failed() from None


@click.command("convert")
@click.argument("source", metavar="IN")
@click.option("-o", "--output", default="-", metavar="OUT", help="Output file (default: stdout).")
@click.option("--to", "to_format", type=click.Choice(["bel", "json", "jsonl"]), default=None,
              help="Output format (default: the other one).")
@click.option("--from", "from_format", type=click.Choice(["bel", "json"]), default=None,
              help="Input format (default: from the extension or the content).")
def command(source: str, output: str, to_format: str | None, from_format: str | None) -> None:
    """Convert IN between .bel and its JSON twin, without loss."""
    handle: io.BufferedReader
    try:
        if source == "-":
            raw = sys.stdin.buffer
            handle = raw if isinstance(raw, io.BufferedReader) else io.BufferedReader(raw)  # type: ignore[arg-type]
            name = "<stdin>"
        else:
            handle = open(source, "rb")  # noqa: SIM115 - closed by the `with handle` below
            name = source
    except OSError as exc:
        click.echo(f"{source}: cannot read: {exc.strerror or exc}", err=True)
        raise SystemExit(2) from None
    with handle:
        if from_format is None:
            ext = Path(source).suffix.lower()
            if ext in (".json", ".jsonl"):
                from_format = "json"
            elif ext == ".bel":
                from_format = "bel"
            else:
                from_format = _sniff(handle.peek(64)[:64])
        if to_format is None:
            to_format = "json" if from_format == "bel" else "bel"
        problems: list[str] = []
        if from_format == "bel":
            games: Iterator[Game] = _bel_games(handle, name, problems)
        else:
            games = _json_games(handle, name, problems)
        _write(games, output, to_format, problems, name)


def _emit(games: Iterator[Game], out: TextIO, to_format: str) -> int:
    if to_format == "bel":
        return write_games(games, out)
    if to_format == "jsonl":
        return write_jsonl_games(games, out)
    return write_json_games(games, out)


def _write(games: Iterator[Game], output: str, to_format: str, problems: list[str],
           name: str) -> None:
    if output == "-":
        out = sys.stdout
        try:
            _emit(games, out, to_format)
        except _Failed:
            out.flush()
            _report(problems, name, partial=True)
        except NotationWriteError as exc:
            click.echo(f"{name}: cannot write as .bel: {exc}", err=True)
            raise SystemExit(2) from None
        return
    target = Path(output)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent if str(target.parent) else ".")
    except OSError as exc:
        click.echo(f"{output}: cannot write: {exc.strerror or exc}", err=True)
        raise SystemExit(2) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            _emit(games, out, to_format)
        os.replace(tmp_name, target)
    except _Failed:
        _report(problems, name, partial=False)
    except NotationWriteError as exc:
        click.echo(f"{name}: cannot write as .bel: {exc}", err=True)
        raise SystemExit(2) from None
    except OSError as exc:
        click.echo(f"{output}: cannot write: {exc.strerror or exc}", err=True)
        raise SystemExit(2) from None
    finally:
        if os.path.exists(tmp_name):
            os.unlink(tmp_name)


def _report(problems: list[str], name: str, partial: bool) -> None:
    for line in problems:
        click.echo(line, err=True)
    what = "the output stops before the game with errors" if partial else "nothing was written"
    click.echo(f"{name}: syntax errors, not converted ({what}); fix them or run "
               "`belote-replay validate` for details", err=True)
    raise SystemExit(2) from None
