"""``belote-replay dedupe INPUTS... -o UNIQUE --report REPORT``: the games of a collection
without exact duplicates and without games that are the start of a longer one; what was
dropped and why in a report (text or JSON). Memory stays bounded: the fingerprints go to an
on-disk table past ``--memory-rows`` (docs/collections.md)."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator

import click

from belote_notation.collections.dedupe import DedupeWork
from belote_notation.collections.dedupe_shards import DedupeShardWork
from belote_notation.collections.dedupe_texts import GameTexts, kept_output
from belote_notation.collections.table import MEMORY_ROWS, TableError
from belote_notation.collections.work import each_input
from belote_notation.formats.native import BelFormat
from belote_notation.game.lang import msg
from belote_notation.notation.records import Game
from belote_notation.pipeline.inputs import Source
from belote_notation.pipeline.unread import Unread
from belote_replay.click_words import Choice
from belote_replay.cluster import run_collection_shuffle
from belote_replay.collection_run import (
    CLUSTER_HELP,
    UNREAD_EXIT,
    backend,
    fail,
    open_output,
    refuse_overwriting_inputs,
    run,
    say_unread,
    sources,
    writer_of,
)
from belote_replay.lang import lang_option

__all__ = ["command"]


def _spooled(found: list, folder: str) -> list:
    """The inputs are read twice (decide, then write): stdin, a FIFO, a pipe (``<(cmd)``) or a
    device is read once, as a stream, into a temporary file first (named as given)."""
    out = []
    for count, source in enumerate(found):
        if not source.rereadable:
            path = os.path.join(folder, f"input-{count}")
            try:
                with open(path, "wb") as handle:
                    if source.is_stdin:
                        shutil.copyfileobj(sys.stdin.buffer, handle)
                    else:
                        with open(source.path, "rb") as stream:
                            shutil.copyfileobj(stream, handle)
            except OSError as exc:
                fail(msg("cannot read %(file)s: %(error)s", file=source.display,
                         error=str(exc.strerror or exc)))
            source = Source(path, os.path.getsize(path), None, source.display)
        out.append(source)
    return out


def kept_games(places: Iterator[tuple[str, int]], found: list) -> Iterator[Game]:
    """The records of the games kept (``places``: their input and number, in order), the
    inputs read again: only these games are read into records."""
    wanted = next(places, None)
    for games in each_input(found):
        for game in games:
            if wanted is None:
                return
            if (games.name, game.number) == wanted:
                wanted = next(places, None)
                assert game.game is not None  # a game kept was read whole
                yield game.game


@click.command("dedupe", epilog=f"Exit codes: 0 nothing dropped; 1 games dropped (listed in the report), "
               f"or {UNREAD_EXIT[2:]}; 2 usage error or an input that cannot be read.")
@click.argument("inputs", nargs=-1)
@lang_option
@click.option("-o", "--output", default="-", metavar="OUT", help="The unique games (default: stdout).")
@click.option("--to", "to_format", metavar="NAME", help="Format of OUT (default: from its name, else .bel).")
@click.option("--report", "report_path", metavar="FILE",
              help="Where the report goes (default: stderr, or stdout when OUT is a file).")
@click.option("--report-format", type=Choice(["text", "json"]), default="text", show_default=True)
@click.option("--drop-deals", is_flag=True,
              help="Also drop a game that repeats a deal of an earlier kept game (else only reported).")
@click.option("--memory-rows", type=click.IntRange(min=1), default=MEMORY_ROWS, show_default=True,
              help="Fingerprint rows kept in memory before the table moves to a temporary file.")
@click.option("--cluster", metavar="ADDRESS", help=CLUSTER_HELP)
def command(inputs, output, to_format, report_path, report_format, drop_deals, memory_rows, cluster) -> None:
    """Drop duplicate games and games that are the start of another, from INPUTS (any format)."""
    found = sources(inputs)
    fmt = writer_of(to_format, output)
    refuse_overwriting_inputs(output, found)
    if report_path is not None:
        refuse_overwriting_inputs(report_path, found)
    with tempfile.TemporaryDirectory(prefix="belote-dedupe-") as folder:
        try:
            found = _spooled(found, folder)
        except OSError as exc:
            fail(msg("cannot copy standard input to %(folder)s: %(error)s", folder=folder,
                     error=str(exc.strerror or exc)))
        work = DedupeWork(drop_deals, memory_rows)
        unread = Unread()
        spread = backend(cluster)
        # a .bel output: each game's text written as it is read (no records; dedupe_texts.py),
        # here or, on a cluster, by the workers (sent back with their range's fingerprints,
        # which the workers also decide: dedupe_shards.py)
        texts = GameTexts(folder) if isinstance(fmt, BelFormat) and spread.in_process else None
        try:
            if not spread.in_process:
                shards = DedupeShardWork(drop_deals, memory_rows, isinstance(fmt, BelFormat), folder)
                result, texts, seen = run_collection_shuffle(shards, found, spread, "reading")
                unread.join(seen)
            else:
                result = run(work, found, spread, unread, here=lambda inputs: work.streamed(
                    work.entries(games, texts) for games in inputs))
        except TableError as exc:  # a full temporary disk: the table's file is removed
            fail(exc.strerror or str(exc))
        with result, texts if texts is not None else contextlib.nullcontext():
            with open_output(output) as out:
                if isinstance(fmt, BelFormat) and texts is not None and len(texts) == result.games:
                    lost_games = fmt.write_texts(kept_output(result, texts, found), out)
                else:
                    lost_games = fmt.write(kept_games(result.kept_places(), found), out)
                for lost in lost_games:
                    click.echo(f"{output}: {lost}", err=True)
            if report_path is not None:
                with open_output(report_path) as handle:
                    result.write_report(handle, report_format)
            else:  # beside the games on stdout, the report goes to stderr
                result.write_report(sys.stderr if output == "-" else sys.stdout, report_format)
            dropped = result.games - result.kept_count
    say_unread(unread)
    if dropped:
        raise SystemExit(1)
