"""A collection command's work on any :class:`~belote_notation.pipeline.executor.Backend`:
:func:`run_work` (``belote_notation/collections/work.py`` defines the works).

A work is a picklable :class:`~belote_notation.collections.work.CollectionWork`: ``map(games)
-> P`` (the games of one piece of the inputs, in input order, as
:class:`~belote_notation.collections.reading.InputGame`\\ s) and ``merge(parts) -> R`` (the
parts in input order). In this process :func:`run_work` is
:func:`~belote_notation.collections.work.run_serial` (a ``map`` per input); with workers it
cuts the inputs into byte ranges at game boundaries (:mod:`belote_notation.pipeline.ranges`),
runs ``work.map`` on each range on a worker (which reads the range itself, by path) through the
backend's window, and ``work.merge`` here. What crosses to a worker: the work object and a
:class:`~belote_notation.pipeline.ranges.ByteRange` per task, and each range's part back;
never the games.

>>> class CountGames:
...     def map(self, games):
...         return sum(1 for _ in games)
...     def merge(self, parts):
...         return sum(parts)
>>> from belote_notation.pipeline.inputs import Source
>>> serial_parts(CountGames(), [Source("t.bel", data=b"deal 1\\nend\\ndeal 1\\nend\\n")], target=1)
[1, 1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from belote_notation.collections.work import CollectionWork, InputGames, input_games, run_serial
from belote_notation.pipeline.executor import Backend, Window
from belote_notation.pipeline.inputs import InputLike, InputProblem, Source, discover
from belote_notation.pipeline.range_work import RangeProgress, outcomes, window_outcomes
from belote_notation.pipeline.ranges import ByteRange, cut_input, is_url, range_games

__all__ = ["Merger", "ShuffleWork", "map_range", "ranges_of", "run_shuffled", "run_work", "serial_parts"]

P = TypeVar("P")
R = TypeVar("R")
V = TypeVar("V")
P_contra = TypeVar("P_contra", contravariant=True)
V_contra = TypeVar("V_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


def _sources(sources: Iterable[Source | InputLike]) -> Iterator[Source]:
    for item in sources:
        if isinstance(item, Source):
            yield item
            continue
        if isinstance(item, str) and is_url(item):  # read by the workers with Range requests
            yield Source(item)
            continue
        found = discover([item])
        for problem in found.problems:
            raise OSError(f"{problem.path}: {problem.message}")
        yield from found.sources


def ranges_of(sources: Iterable[Source | InputLike], target: int | None = None, window: Window | None = None
              ) -> Iterator[ByteRange]:
    """The byte ranges of every input, in order (paths and folders found as ``discover`` finds
    them; planned by ``window``'s workers when given). An input that cannot be opened or read
    raises ``OSError`` with the reason: a collection's figures without one of its inputs would
    be a silent wrong answer."""
    for source in _sources(sources):
        cut = cut_input(source, target, window=window)
        if isinstance(cut, InputProblem):
            raise OSError(f"{cut.path}: {cut.message}")
        yield from cut.ranges
        if cut.error is not None:
            raise OSError(f"{cut.info.name}: {cut.error}")


def map_range(byte_range: ByteRange, work: CollectionWork[P, Any]) -> P:
    """``work.map`` over the games of ``byte_range`` (a task, on a worker)."""
    items = range_games(byte_range)
    games = input_games(items, byte_range.name)  # read one at a time, as the work goes through them
    try:
        return work.map(InputGames(byte_range.name, games))  # the input's name: a report names the file
    finally:
        items.close()  # type: ignore[attr-defined]  # the range's file closed even when map stops early


def serial_parts(work: CollectionWork[P, Any], sources: Iterable[Source | InputLike],
                 target: int | None = None) -> list[P]:
    """The parts of every range mapped in this process, in order (what the cluster computes)."""
    return [map_range(r, work) for r in ranges_of(sources, target)]


def run_work(work: CollectionWork[P, R], sources: Iterable[Source | InputLike], backend: Backend,
             progress: RangeProgress | None = None, *, target: int | None = None,
             here: Callable[[], R] | None = None) -> R:
    """``work.merge`` of ``work.map`` over ``sources`` on ``backend``: in this process ``here()``
    when given (the work streamed, one game at a time, where merging parts would hold them
    all: kept games written as they come), else
    :func:`~belote_notation.collections.work.run_serial` (an input that cannot be opened raises
    its ``InputsUnreadable``); with workers, over every byte range of ``sources`` (cut at game
    boundaries, about ``target`` bytes each), the parts merged here in input order. A range
    whose worker died is mapped again on a cluster; one that cannot be mapped at all raises its
    error (a ``RuntimeError`` naming the range), as an input that cannot be cut raises
    ``OSError``."""
    if backend.in_process:
        return here() if here is not None else run_serial(work, _sources(sources))
    return work.merge(_parts(work, sources, backend, progress, target))


def _parts(work: CollectionWork[P, Any], sources: Iterable[Source | InputLike], backend: Backend,
           progress: RangeProgress | None, target: int | None) -> Iterator[P]:
    """Each range's part as the window hands it back, in input order, for ``work.merge`` to take
    as it comes (a part merged is let go: the client holds the window's parts, not every part)."""
    for done in outcomes(backend, lambda window: ranges_of(sources, target, window), map_range, work):
        byte_range: ByteRange = done.tag
        if done.error is not None:
            raise RuntimeError(f"{byte_range.name}: the range from line {byte_range.first_line} could not "
                               f"be mapped: {type(done.error).__name__}: {done.error}") from done.error
        yield done.result
        if progress is not None:
            progress(byte_range)


class Merger(Protocol[P_contra, V_contra, R_co]):
    """The side of a :class:`ShuffleWork` in this process: the parts taken in input order, then
    the partitions' verdicts."""

    def add(self, part: P_contra) -> Sequence[Any]:
        """One range's part taken (as it comes, in input order); its piece of each partition,
        as the partition's ``reduce`` is to get it."""

    def finish(self, verdicts: Sequence[V_contra]) -> R_co:
        """The result, from the verdicts of every partition (in the partitions' order)."""

    def close(self) -> None:
        """What the merger holds let go (a run stopped before :meth:`finish`)."""


class ShuffleWork(Protocol[P, V, R_co]):
    """A work in two stages on the workers: ``map`` over each range's games (a part, which
    carries its pieces of every partition), then ``reduce`` over each partition's pieces (every
    range's, in input order) to a verdict; this process only hands pieces on and takes the
    verdicts (:func:`run_shuffled`)."""

    def sized(self, workers: int) -> ShuffleWork[P, V, R_co]:
        """The same work for ``workers`` workers (its count of partitions)."""

    def map(self, games: Iterable[Any]) -> P:
        """The part of one range's games."""

    def reduce(self, pieces: Sequence[Any]) -> V:
        """The verdict of one partition."""

    def merger(self) -> Merger[P, V, R_co]:
        """What takes the parts and the verdicts in this process."""


def _reduce(item: tuple[ShuffleWork[Any, V, Any], Sequence[Any]]) -> V:
    work, pieces = item
    return work.reduce(pieces)


def run_shuffled(work: ShuffleWork[P, V, R], sources: Iterable[Source | InputLike], backend: Backend,
                 progress: RangeProgress | None = None, *, target: int | None = None) -> R:
    """``work`` over every byte range of ``sources`` in two stages in one window of
    ``backend``: ``map`` per range, the parts taken here in input order by the work's merger,
    which hands on each range's pieces; then ``reduce`` per partition over its pieces (on the
    workers too); the merger's ``finish`` over the verdicts. A range or a partition that cannot
    be done raises its error (a ``RuntimeError``), as an input that cannot be cut raises
    ``OSError``. Any backend: in this process the stages run here, one task at a time."""
    with backend.window() as window:
        work = work.sized(window.workers)
        merger = work.merger()
        try:
            pieces: list[Sequence[Any]] = []
            for done in window_outcomes(window, lambda w: ranges_of(sources, target, w), map_range, work):
                byte_range: ByteRange = done.tag
                if done.error is not None:
                    raise RuntimeError(f"{byte_range.name}: the range from line {byte_range.first_line} "
                                       f"could not be mapped: {type(done.error).__name__}: {done.error}"
                                       ) from done.error
                pieces.append(merger.add(done.result))
                if progress is not None:
                    progress(byte_range)
            count = len(pieces[0]) if pieces else 0
            partitions = [(work, [range_pieces[p] for range_pieces in pieces]) for p in range(count)]
            del pieces
            try:
                verdicts = list(window.map(_reduce, partitions))
            except Exception as exc:  # noqa: BLE001 - said as a range's failure is
                raise RuntimeError(f"a partition could not be reduced: {type(exc).__name__}: {exc}") from exc
            return merger.finish(verdicts)
        except BaseException:
            merger.close()
            raise
