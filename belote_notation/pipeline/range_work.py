"""Work over byte ranges on any backend: each range a task that a worker reads itself (it is sent
a :class:`~belote_notation.pipeline.ranges.ByteRange`, never the games), the outcomes handed back
in the order of the ranges through the backend's one window (:mod:`.executor`).

:func:`outcomes` is what every runner over ranges uses (``validate``'s
:mod:`.range_checks`, :func:`read_items` here, the review's ranges, the collections' works);
:func:`read_items` is ``convert``'s reading: what an input's format reads (games and issues, as
:meth:`~belote_notation.formats.base.Format.read` gives them), read range by range on the
workers when the backend reads ranges, so that the writer here writes what a serial run writes,
byte for byte, in every output format.

What crosses to a worker for ``convert``: a range; the range's records (the games as pydantic
records, pickled and packed: :mod:`.packed`) and the issues back.

>>> from belote_notation.pipeline.executor import Backend
>>> from belote_notation.pipeline.inputs import Source
>>> from belote_notation.pipeline.ranges import cut_input
>>> cut = cut_input(Source("t.bel", data=b"deal 1\\nend\\ndeal 1\\nend\\n"), 1)
>>> [(done.tag.first_game, done.result.error) for done in outcomes(Backend.serial(), cut.ranges, read_range)]
[(1, None), (2, None)]
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from belote_notation.formats.base import Format, ReadItem
from belote_notation.formats.limits import bounded_issues
from belote_notation.pipeline.executor import Backend, Done, Window
from belote_notation.pipeline.inputs import InputProblem, OpenInput
from belote_notation.pipeline.packed import Packed, Packer, unpack
from belote_notation.pipeline.pool import stopped_message
from belote_notation.pipeline.ranges import ByteRange, cut_input, range_items

__all__ = ["RangeProgress", "RangeRead", "outcomes", "read_items", "read_range", "window_outcomes"]

RangeProgress = Callable[[ByteRange], None]
"""``progress(byte_range)``: told of each range once its outcome is here, in input order."""


@dataclass(frozen=True, slots=True)
class _Pickled:
    """A task's result pickled on the worker (``data``), or ``None`` when it nests too deep for
    pickle's recursion (alternative lines 75 deep): then this machine computes it again."""

    data: bytes | None


def pickled_call(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` pickled here, on the worker: a result too deep to pickle comes back
    as ``_Pickled(None)`` instead of a pickling traceback in the worker's log and a lost range.
    (Unpickling is not recursive: the client reads back any depth.) A result pickle cannot take
    for another reason goes back as it is, for the executor's own serialisers (Dask's)."""
    result = function(*args)
    try:
        return _Pickled(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    except RecursionError:
        return _Pickled(None)
    except Exception:  # noqa: BLE001 - not picklable by pickle: Dask tries cloudpickle
        return result


def _unpickled(done: Done, function: Callable[..., Any], args: tuple[Any, ...]) -> Done:
    if not isinstance(done.result, _Pickled):
        return done
    if done.result.data is None:  # too deep to travel: read here, as a serial run does
        try:
            return Done(done.tag, function(*args))
        except Exception as exc:  # noqa: BLE001 - the runner says what was lost, never a traceback
            return Done(done.tag, error=exc)
    return Done(done.tag, pickle.loads(done.result.data))  # noqa: S301 - our own workers' pickle


def outcomes(backend: Backend, ranges: Iterable[ByteRange] | Callable[[Window], Iterable[ByteRange]],
             function: Callable[..., Any], *args: Any) -> Iterator[Done]:
    """``function(byte_range, *args)`` for each of ``ranges`` on ``backend``'s workers, the
    outcomes in the order of the ranges (each :class:`~.executor.Done` tagged with its range;
    a range whose task failed has its ``error``). ``ranges`` may be a function of the window,
    for ranges planned by its workers (``cut_input(..., window=window)``)."""
    with backend.window() as window:
        yield from window_outcomes(window, ranges, function, *args)


def window_outcomes(window: Window, ranges: Iterable[ByteRange] | Callable[[Window], Iterable[ByteRange]],
                    function: Callable[..., Any], *args: Any) -> Iterator[Done]:
    """:func:`outcomes` in a window already open (a run of more than one stage of tasks on the
    same workers: the window is left open, drained)."""
    for byte_range in ranges(window) if callable(ranges) else ranges:
        for done in window.submit(byte_range, pickled_call, function, byte_range, *args):
            yield _unpickled(done, function, (done.tag, *args))
    for done in window.drain():
        yield _unpickled(done, function, (done.tag, *args))


@dataclass(frozen=True, slots=True)
class RangeRead:
    """What the format read from one range (packed as it was read: :mod:`.packed`), and why
    the reading stopped early (if it did)."""

    packed: Packed
    error: str | None = None

    @property
    def items(self) -> Iterator[ReadItem]:
        return unpack(self.packed)


def read_range(byte_range: ByteRange) -> RangeRead:
    """The games and issues of ``byte_range`` (a task, on a worker)."""
    items = Packer()
    try:
        for item in range_items(byte_range):
            items.add(item)
    except Exception as exc:  # noqa: BLE001 - said to the client, never a traceback
        return RangeRead(items.done(), stopped_message(exc))
    return RangeRead(items.done())


def _items(done: Done, progress: RangeProgress | None) -> Iterator[ReadItem]:
    r: ByteRange = done.tag
    if done.error is not None:
        raise OSError(f"{r.name}: could not read the games from line {r.first_line} on the cluster: "
                      f"{type(done.error).__name__}: {done.error}")
    read: RangeRead = done.result
    yield from read.items
    if read.error is not None:
        raise OSError(f"{r.name}: {read.error}")
    if progress is not None:
        progress(r)


def read_items(opened: OpenInput, format: Format, backend: Backend, progress: RangeProgress | None = None,
               *, target: int | None = None) -> Iterator[ReadItem]:
    """The games and issues of ``opened`` read with ``format``, in order, at most 100 issues a
    game listed and the rest counted (``bounded_issues``): from its stream here, or, when
    ``backend`` reads ranges, each range of its source read by a worker (``progress`` told of
    each). An input that cannot be cut or read on the workers raises ``OSError`` with the
    reason."""
    if not backend.reads_ranges:
        yield from bounded_issues(format.read(opened.stream, opened.name))
        return
    errors: list[str] = []

    def ranges(window: Window) -> Iterator[ByteRange]:
        cut = cut_input(opened.source, target, format, window=window)
        if isinstance(cut, InputProblem):
            raise OSError(cut.message)
        yield from cut.ranges
        if cut.error is not None:
            errors.append(f"{cut.info.name}: {cut.error}")

    for done in outcomes(backend, ranges, read_range):
        yield from _items(done, progress)
    if errors:
        raise OSError(errors[0])
