"""``belote-replay convert IN [--from NAME] [--to NAME] [-o OUT]``: any format to any other.

The formats are those of ``belote-replay formats`` (built-ins and plugins,
:mod:`belote_notation.formats`). The input is opened by the pipeline
(:func:`belote_notation.pipeline.inputs.open_input`): its format comes from ``--from``, else
the one detector (the file name, else the first bytes, else ``.bel``); the output format
from ``--to``, else the name of OUT, else the other of ``.bel``/JSON. Games are read,
converted and written one at a time. ``-`` is stdin / stdout.

What an importer could not read is listed on stderr with its place and code (BEL8xx, or the
syntax codes of ``.bel``) and the rest is converted. An input with syntax errors (BEL0xx) is
not converted: an output file is only written, through a temporary file created with the
umask's permissions, when no error was found.
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TextIO

import click

from belote_notation.check.findings import Finding
from belote_notation.formats import Format, FormatIssue, all_formats, get_format, guess_format
from belote_notation.formats.base import ReadItem
from belote_notation.game.lang import msg, msg_n
from belote_notation.game.lang.render import said, say
from belote_notation.notation.positions import without_positions
from belote_notation.notation.records import Game
from belote_notation.pipeline.files import replacing, same_file
from belote_notation.pipeline.inputs import InputProblem, OpenInput, Source, open_input
from belote_notation.pipeline.output.text import not_bel_name
from belote_replay.cluster import backend_of, cluster_option
from belote_replay.lang import lang_option
from belote_replay.suggest import Refused

if TYPE_CHECKING:
    from belote_notation.pipeline.executor import Backend
    from belote_notation.pipeline.ranges import ByteRange

__all__ = ["command"]


class _Stop(Exception):
    """An input error: the conversion stops (nothing is written to a file)."""


class _Progress:
    """Games and deals converted, on stderr: updated in place on a terminal, a line a second
    otherwise (only when forced with ``--progress``)."""

    def __init__(self, enabled: bool, name: str, size: int) -> None:
        self.enabled, self.name, self.size = enabled, name, size
        self.tty = sys.stderr.isatty()
        self.games = self.deals = 0
        self.next = 0.0
        self.shown_games = -1

    def step(self, game: Game, done: int) -> None:
        self.games += 1
        self.deals += len(game.deals)
        now = time.monotonic()
        if self.enabled and now >= self.next:
            self.next = now + (0.2 if self.tty else 1.0)
            self._show(done)

    def _show(self, done: int) -> None:
        share = f", {100 * done // self.size}%" if self.size and done else ""
        counts = msg("converting %(file)s: %(games)s, %(deals)s", file=self.name,
                     games=msg_n("%(n)s games", "%(n)s games", "n", n=self.games),
                     deals=msg_n("%(n)s deals", "%(n)s deals", "n", n=self.deals))
        text = say(counts) + share
        sys.stderr.write(("\r" + text) if self.tty else text + "\n")
        sys.stderr.flush()
        self.shown_games = self.games

    def close(self, done: int) -> None:
        if self.enabled:
            if self.shown_games != self.games:
                self._show(done)
            if self.tty:
                sys.stderr.write("\n")


def _names(writing: bool) -> str:
    return ", ".join(f.name for f in all_formats() if (f.can_write if writing else f.can_read))


def _format(name: str, writing: bool) -> Format:
    fmt = get_format(name)
    if fmt is None or not (fmt.can_write if writing else fmt.can_read):
        names = _names(writing)
        refused = msg("no installed format can write %(name)s (one of: %(names)s)", name=repr(name),
                      names=names) if writing else \
            msg("no installed format can read %(name)s (one of: %(names)s)", name=repr(name), names=names)
        raise Refused(say(refused), param_hint="--to" if writing else "--from")
    return fmt


def _size(opened: OpenInput) -> int:
    """The input's size in bytes, for the progress display (0 when unknown: stdin, a pipe)."""
    try:
        return os.fstat(opened.stream.fileno()).st_size if opened.source.is_file else 0
    except (OSError, ValueError):
        return 0


class _Run:
    """One conversion: the games read, the issues shown, the counts for the exit code."""

    def __init__(self, name: str, progress: _Progress, positions: bool, tell: Callable[[], int]) -> None:
        self.name, self.progress, self.positions, self.tell = name, progress, positions, tell
        self.errors = self.warnings = self.games = 0

    def show(self, found: FormatIssue, where: str) -> None:
        if found.severity == "error":
            self.errors += 1
        elif found.severity == "warning":
            self.warnings += 1
        detail = ", ".join(part for part in found.where().split(", ")
                           if not part.startswith(("line", "column")))
        line = str(Finding.from_issue(found, where, None, found.severity))
        click.echo(f"{line} ({detail})" if detail else line, err=True)  # as validate prints a finding

    def games_of(self, items: Iterable[Game | FormatIssue]) -> Iterator[Game]:
        for item in items:
            if isinstance(item, FormatIssue):
                self.show(item, self.name)
                continue
            if self.errors:
                raise _Stop()
            self.games += 1
            self.progress.step(item, self.tell())
            yield item if self.positions else without_positions(item)
        if self.errors:
            raise _Stop()


class _Reached:
    """Where the reading is in the input (bytes): this process's stream, or the last range read
    on the cluster."""

    def __init__(self, tell: Callable[[], int]) -> None:
        self.here, self.done = tell, 0

    def tell(self) -> int:
        return self.done or self.here()

    def items(self, opened: OpenInput, reader: Format, backend: Backend) -> Iterable[ReadItem]:
        from belote_notation.pipeline.range_work import read_items

        return read_items(opened, reader, backend, self.advance)

    def advance(self, byte_range: ByteRange) -> None:
        self.done = byte_range.end or self.done


def _write(fmt: Format, games: Iterator[Game], out: TextIO, run: _Run) -> None:
    for lost in fmt.write(games, out):  # about the input's records: placed in the input
        run.show(lost, run.name)


def _to_stdout(fmt: Format, games: Iterator[Game], run: _Run) -> None:
    # .bel and every text format are UTF-8 whatever the locale says.
    out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n", write_through=True)
    try:
        _write(fmt, games, out, run)
    finally:
        out.flush()
        out.detach()


def _to_file(fmt: Format, games: Iterator[Game], run: _Run, output: str) -> None:
    try:
        with replacing(output) as out:  # OUT appears whole, or stays as it was
            _write(fmt, games, out, run)
    except OSError as exc:
        refused = msg("cannot write: %(error)s", error=str(exc.strerror or exc))
        click.echo(f"{output}: {say(refused)}", err=True)
        raise SystemExit(2) from None


@click.command("convert", epilog="Exit codes: 0 converted; 1 converted, but the input held what "
               "could not be read (listed, with a BEL8xx code); 2 not converted (syntax errors, "
               "nothing readable, a usage error). `belote-replay formats` lists the formats.")
@click.argument("source", metavar="IN")
@click.option("-o", "--output", default="-", metavar="OUT", help="Output file (default: stdout).")
@click.option("--from", "from_format", metavar="NAME", default=None,
              help="Input format (default: from the file name, else the content).")
@click.option("--to", "to_format", metavar="NAME", default=None,
              help="Output format (default: from OUT's name, else .bel <-> json).")
@click.option("--positions/--no-positions", default=True,
              help="Keep the source positions (line/col) in the records: --no-positions gives "
                   "compact JSON.")
@click.option("--progress/--no-progress", default=None,
              help="Show progress on stderr (default: only when stderr is a terminal).")
@click.option("--drop-unknown", is_flag=True,
              help="Leave out the fields of the input its format does not know (by default they "
                   "are kept as tags or comments, BEL805).")
@cluster_option("Read IN on a Dask cluster, range by range: local:N or tcp://HOST:PORT (docs/scale.md); "
                "the output is written here, in order.")
@lang_option
def command(source: str, output: str, from_format: str | None, to_format: str | None,
            positions: bool, progress: bool | None, drop_unknown: bool, cluster: str | None) -> None:
    """Convert IN from one format to another, one game at a time."""
    backend = backend_of(None, cluster, jobs_option=None)
    reader = _format(from_format, False) if from_format else None
    writer = _format(to_format, True) if to_format else None
    if writer is None and output != "-":
        writer = guess_format(output, writing=True)
        if writer is None and not_bel_name(output):  # a name no format writes: say so, write nothing
            none = msg("no installed format writes %(name)s (name one with --to: %(names)s)",
                       name=repr(os.path.basename(output)), names=_names(True))
            raise Refused(say(none), param_hint="-o")
    if same_file(source, output):  # fmt rewrites in place by design; convert never does
        itself = msg("is IN itself: not converted (OUT would replace the input it is read from); write to "
                     "another file, or use `belote-replay fmt` to rewrite a .bel")
        click.echo(f"{output}: {say(itself)}", err=True)
        raise SystemExit(2)
    opened = open_input(Source(source), reader)  # the pipeline's one detector when no --from
    if isinstance(opened, InputProblem):
        problem = said(opened.msg, opened.message)
        why = problem if opened.message.startswith("cannot read") else say(msg("cannot read: %(error)s",
                                                                               error=problem))
        click.echo(f"{opened.path}: {why}", err=True)
        raise SystemExit(2)
    with opened:
        reader, name = opened.format, opened.name
        if drop_unknown:
            reader = reader.dropping_unknown()
        if writer is None:
            writer = _format("json" if reader.notation_text else "bel", True)
        if not positions:
            writer = writer.without_positions()
        shown = sys.stderr.isatty() if progress is None else progress
        reached = _Reached(opened.tell)
        run = _Run(name, _Progress(shown, name, _size(opened)), positions, reached.tell)
        games = run.games_of(reached.items(opened, reader, backend))
        try:
            if output == "-":
                _to_stdout(writer, games, run)
            else:
                _to_file(writer, games, run, output)
        except _Stop:
            what = msg("the output stops before the game with errors") if output == "-" else \
                msg("nothing was written")
            stopped = msg("errors in the input, not converted (%(what)s); run `belote-replay validate` for "
                          "details", what=what)
            click.echo(f"{name}: {say(stopped)}", err=True)
            raise SystemExit(2) from None
        except OSError as exc:  # on a cluster: the input could not be cut or read, the scheduler reached
            click.echo(f"{name}: {exc}", err=True)
            raise SystemExit(2) from None
        finally:
            run.progress.close(reached.tell())
    if run.games == 0 and run.warnings:
        raise SystemExit(2)
    if run.warnings:
        raise SystemExit(1)
