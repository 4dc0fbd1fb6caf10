"""``belote-replay export INPUTS... --to parquet -o FOLDER``: the games, deals, tricks and
findings of a collection as Parquet tables (docs/collections.md: the schema, DuckDB queries)."""

from __future__ import annotations

import click

from belote_notation.collections.export import PARTITION_COLUMNS, ExportWork
from belote_notation.collections.work import InputsUnreadable, each_input
from belote_notation.pipeline.unread import Unread
from belote_replay.collection_run import CLUSTER_HELP, UNREAD_EXIT, fail, run, say_unread, sources

__all__ = ["command"]


@click.command("export", epilog=f"Exit codes: 0 written; {UNREAD_EXIT}; 2 usage error, an input that "
               "cannot be read, or FOLDER not empty. Needs pyarrow: pip install "
               "'belote-notation[collections]'.")
@click.argument("inputs", nargs=-1)
@click.option("--to", "to_format", type=click.Choice(["parquet"]), default="parquet", show_default=True)
@click.option("-o", "--output", required=True, metavar="FOLDER",
              help="A new (or empty) folder: FOLDER/games, deals, tricks, findings.")
@click.option("--partition-by", "partition_by", multiple=True, type=click.Choice(PARTITION_COLUMNS),
              help="Partition every table by this column (hive folders; repeatable).")
@click.option("--cluster", metavar="ADDRESS", help=CLUSTER_HELP)
def command(inputs, to_format, output, partition_by, cluster) -> None:
    """Write the tables of INPUTS (any readable format) as Parquet."""
    try:
        from belote_notation.collections.export import ParquetWriter

        writer = ParquetWriter(output, partition_by)
    except ImportError:
        fail("export --to parquet needs pyarrow: pip install 'belote-notation[collections]'")
    except (OSError, ValueError) as exc:
        fail(str(exc))
    found = sources(inputs)
    work = ExportWork()
    unread = Unread()
    try:
        if cluster is not None:
            writer.add(run(work, found, cluster, unread))
        else:
            for games in each_input(found, unread, tricks=True):
                for rows in work.rows(games):
                    writer.add(rows)
        writer.close()
    except InputsUnreadable as exc:
        writer.abort()
        fail(str(exc))
    except (OSError, ValueError) as exc:  # a game that cannot be partitioned (named), a full disk...
        writer.abort()
        fail(f"cannot write {output}: {exc}" if isinstance(exc, OSError) else str(exc))
    except BaseException:
        writer.abort()
        raise
    click.echo(f"wrote {writer.games} games to {output}", err=True)
    say_unread(unread)
