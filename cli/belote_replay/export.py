"""``belote-replay export INPUTS... --to parquet -o FOLDER``: the games, deals, tricks and
findings of a collection as Parquet tables (docs/collections.md: the schema, DuckDB queries)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

import click

from belote_notation.collections.export import PARTITION_COLUMNS, ExportWork
from belote_notation.collections.work import InputGames, InputsUnreadable
from belote_notation.game.lang import msg, msg_n
from belote_notation.game.lang.render import say
from belote_notation.pipeline.unread import Unread
from belote_replay.click_words import Choice
from belote_replay.collection_run import CLUSTER_HELP, UNREAD_EXIT, backend, fail, run, say_unread, sources
from belote_replay.lang import lang_option

if TYPE_CHECKING:
    from belote_notation.collections.export import ParquetWriter

__all__ = ["command"]


def _written(work: ExportWork, inputs: Iterator[InputGames], writer: ParquetWriter) -> None:
    """Each game's rows written as they are made (in this process)."""
    for games in inputs:
        for rows in work.rows(games):
            writer.add(rows)


@click.command("export", epilog=f"Exit codes: 0 written; {UNREAD_EXIT}; 2 usage error, an input that "
               "cannot be read, or FOLDER not empty. Needs pyarrow: pip install "
               "'belote-notation[collections]'.")
@click.argument("inputs", nargs=-1)
@lang_option
@click.option("--to", "to_format", type=Choice(["parquet"]), default="parquet", show_default=True)
@click.option("-o", "--output", required=True, metavar="FOLDER",
              help="A new (or empty) folder: FOLDER/games, deals, tricks, findings.")
@click.option("--partition-by", "partition_by", multiple=True, type=Choice(PARTITION_COLUMNS),
              help="Partition every table by this column (hive folders; repeatable).")
@click.option("--cluster", metavar="ADDRESS", help=CLUSTER_HELP)
def command(inputs, to_format, output, partition_by, cluster) -> None:
    """Write the tables of INPUTS (any readable format) as Parquet."""
    try:
        from belote_notation.collections.export import ParquetWriter

        writer = ParquetWriter(output, partition_by)
    except ImportError:
        fail(msg("export --to parquet needs pyarrow: pip install 'belote-notation[collections]'"))
    except (OSError, ValueError) as exc:
        fail(str(exc))
    found = sources(inputs)
    # on a cluster the workers make the batches' files; this process places them in writer.tmp
    work = ExportWork(partition_by=writer.partition_by, name_max=writer.name_max, into=writer.tmp)
    unread = Unread()
    try:
        placed = run(work, found, backend(cluster), unread, here=partial(_written, work, writer=writer))
        if placed is not None:
            writer.placed(placed)
        writer.close()
    except InputsUnreadable as exc:
        writer.abort()
        fail(str(exc))
    except (OSError, ValueError) as exc:  # a game that cannot be partitioned (named), a full disk...
        writer.abort()
        fail(msg("cannot write %(output)s: %(why)s", output=output, why=str(exc)) if isinstance(exc, OSError)
             else str(exc))
    except BaseException:
        writer.abort()
        raise
    # the English word stays plural whatever the count, as the line has always said it
    click.echo(say(msg_n("wrote %(n)s games to %(output)s", "wrote %(n)s games to %(output)s", "n",
                         n=writer.games, output=output)), err=True)
    say_unread(unread)
