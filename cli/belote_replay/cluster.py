"""``--cluster ADDRESS`` for the commands that can run on a Dask cluster (``docs/scale.md``):
the option, its check (``local:N`` or ``tcp://host:port``; not with ``--jobs``), and a progress
display of the ranges done. The work is the library's (:mod:`belote_notation.cluster`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import click

from belote_replay.progress import ProgressDisplay

if TYPE_CHECKING:
    from belote_notation.pipeline.inputs import Source
    from belote_notation.pipeline.ranges import ByteRange

__all__ = ["RangesDisplay", "checked_cluster", "checked_jobs", "cluster_option", "run_collection_work"]

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")

HELP = ("Run on a Dask cluster: local:N (N worker processes on this machine) or tcp://HOST:PORT "
        "(a `dask scheduler`; the workers read the inputs by path or URL). Not with --jobs.")


def cluster_option(help: str = HELP) -> Callable[[F], F]:
    """The ``--cluster ADDRESS`` option (``help``: what it does for the command)."""
    return click.option("--cluster", "cluster", default=None, metavar="ADDRESS", help=help)


def checked_cluster(address: str | None, jobs_option: str | None = "jobs") -> str | None:
    """``address`` checked (a usage error when it is neither form, or when ``--jobs`` was
    typed as well), or ``None`` without ``--cluster``."""
    if address is None:
        return None
    typed = click.core.ParameterSource.COMMANDLINE
    if jobs_option is not None and click.get_current_context().get_parameter_source(jobs_option) == typed:
        raise click.UsageError("--cluster and --jobs go one at a time: --jobs spreads the work over "
                               "this machine's processes, --cluster over a Dask cluster's workers")
    from belote_notation.cluster.client import AddressError, parse_address

    try:
        workers = parse_address(address)
    except AddressError as exc:
        raise click.BadParameter(str(exc), param_hint="--cluster") from None
    if isinstance(workers, int):
        from belote_notation.pipeline.cores import capped_workers

        count, note = capped_workers(workers, "--cluster local:N")
        if note is not None:
            click.echo(f"belote-replay: {note}", err=True)
        return f"local:{count}"
    return address


def checked_jobs(jobs: int, option: str = "jobs") -> int:
    """The worker processes for ``--jobs`` (0: one per core) within this machine's cores; a
    count past them is capped, and said on stderr (naming the configuration file it came
    from, if it did)."""
    from belote_notation.pipeline.cores import capped_workers

    ctx = click.get_current_context()
    origin = "--jobs"
    if ctx.get_parameter_source(option) == click.core.ParameterSource.DEFAULT_MAP:
        config = ctx.meta.get("belote_replay.config")
        origin = f"jobs in {getattr(config, 'path', None) or 'the configuration file'}"
    count, note = capped_workers(jobs, origin)
    if note is not None:
        click.echo(f"belote-replay: {note}", err=True)
    return count


class RangesDisplay(ProgressDisplay):
    """The ranges done on the cluster, as bytes of the inputs (stderr): what a command built on
    :func:`belote_notation.cluster.run_work` passes as its ``progress``."""

    def __init__(self, label: str, sources: Iterable[Source], wanted: bool | None,
                 stream: TextIO | None = None) -> None:
        self.sizes = {source.display: source.size for source in sources}
        super().__init__(label, sum(self.sizes.values()), "bytes", wanted, stream)
        self.reached: dict[str, int] = {}
        self.ranges = 0

    def advance(self, byte_range: ByteRange) -> None:
        self.ranges += 1
        end = byte_range.end if byte_range.end is not None else self.sizes.get(byte_range.name, 0)
        self.reached[byte_range.name] = end
        self.update(sum(self.reached.values()), f"{self.ranges:,} ranges", os.path.basename(byte_range.name))


def run_collection_work(work: Any, sources: Sequence[Source], cluster: str | None,
                        serial: Callable[[Any, Sequence[Source]], R], label: str,
                        wanted: bool | None = None) -> R:
    """A collection command's work (``belote_notation/collections/work.py``): ``serial(work,
    sources)`` here without ``--cluster``, else :func:`belote_notation.cluster.run_work` on the
    cluster with the ranges' progress on stderr. What stops it on the cluster (a scheduler not
    reached, an input the workers cannot read) ends the command: the reason, exit 2."""
    if cluster is None:
        return serial(work, sources)
    from belote_notation.cluster import run_work

    try:
        with RangesDisplay(label, sources, wanted) as display:
            return run_work(work, sources, cluster, display.advance)
    except (OSError, RuntimeError) as exc:
        click.echo(f"belote-replay: {exc}", err=True)
        raise SystemExit(2) from None
