"""Where a command's work runs: :func:`backend_of`, the one place the command line turns
``--jobs`` and ``--cluster ADDRESS`` into the library's
:class:`~belote_notation.pipeline.executor.Backend`, which every command hands to the library
(``docs/scale.md``); the ``--cluster`` option, its check (``local:N`` or ``tcp://host:port``;
not with ``--jobs``), and a progress display of the ranges done."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

import click

from belote_notation.game.lang import Number, msg, msg_n
from belote_notation.game.lang.render import say
from belote_replay.progress import ProgressDisplay

if TYPE_CHECKING:
    from belote_notation.pipeline.executor import Backend
    from belote_notation.pipeline.inputs import Source
    from belote_notation.pipeline.ranges import ByteRange

__all__ = ["RangesDisplay", "backend_of", "checked_cluster", "checked_jobs", "cluster_option",
           "run_collection_shuffle", "run_collection_work"]

F = TypeVar("F", bound=Callable[..., Any])

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


def backend_of(jobs: int | None, cluster: str | None, jobs_option: str | None = "jobs") -> Backend:
    """The backend of a command, built once from its options: the cluster at ``--cluster``
    (checked), else ``jobs`` worker processes of this machine (checked; ``None`` for a command
    without ``--jobs``: this process). ``jobs_option``: the name of the command's ``--jobs``
    parameter, ``None`` when it has none."""
    address = checked_cluster(cluster, jobs_option)
    if address is not None:
        from importlib.util import find_spec

        from belote_notation.cluster import ClusterBackend

        if find_spec("distributed") is None:  # said once for every command, never a traceback
            raise click.UsageError("--cluster needs the cluster backend "
                                   "(pip install 'belote-notation[cluster]')")

        return ClusterBackend(address)
    from belote_notation.pipeline.executor import Backend

    return Backend.processes(1 if jobs is None or jobs_option is None else checked_jobs(jobs, jobs_option))


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
        super().__init__(label, sum(self.sizes.values()), say(msg("bytes")), wanted, stream)
        self.reached: dict[str, int] = {}
        self.ranges = 0

    def advance(self, byte_range: ByteRange) -> None:
        self.ranges += 1
        end = byte_range.end if byte_range.end is not None else self.sizes.get(byte_range.name, 0)
        self.reached[byte_range.name] = end
        ranges = say(msg_n("%(n)s range", "%(n)s ranges", "n", n=Number(self.ranges)))
        self.update(sum(self.reached.values()), ranges, os.path.basename(byte_range.name))


def run_collection_work(work: Any, sources: Sequence[Source], backend: Backend, label: str,
                        wanted: bool | None = None, here: Callable[[], Any] | None = None) -> Any:
    """A collection command's work (``belote_notation/collections/work.py``) on ``backend``
    through :func:`belote_notation.collections.spread.run_work` (``here``: its streamed form in
    this process), with the ranges' progress on stderr when it has workers. What stops it
    there (a scheduler not reached, an input the workers cannot read) ends the command: the
    reason, exit 2."""
    from belote_notation.collections.spread import run_work

    if backend.in_process:  # no ranges to show
        return run_work(work, sources, backend, here=here)
    return _shown(lambda display: run_work(work, sources, backend, display.advance), label, sources, wanted)


def run_collection_shuffle(work: Any, sources: Sequence[Source], backend: Backend, label: str) -> Any:
    """A collection command's work in two stages on ``backend``'s workers
    (:func:`belote_notation.collections.spread.run_shuffled`), shown and stopped as
    :func:`run_collection_work`."""
    from belote_notation.collections.spread import run_shuffled

    return _shown(lambda display: run_shuffled(work, sources, backend, display.advance), label, sources, None)


def _shown(run: Callable[[RangesDisplay], Any], label: str, sources: Sequence[Source],
           wanted: bool | None) -> Any:
    """``run(display)`` with the ranges' progress on stderr; what stops it there (a scheduler not
    reached, an input the workers cannot read) ends the command: the reason, exit 2."""
    try:
        with RangesDisplay(label, sources, wanted) as display:
            return run(display)
    except (OSError, RuntimeError) as exc:
        click.echo(f"belote-replay: {exc}", err=True)
        raise SystemExit(2) from None
