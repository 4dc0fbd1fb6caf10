"""``convert`` on a Dask cluster: what an input's format reads (games and issues, as
:meth:`~belote_notation.formats.base.Format.read` gives them), read range by range on the
workers and handed back in input order, so that the output writer here writes what a serial
run writes, byte for byte, in every output format.

What crosses the network: a :class:`~belote_notation.pipeline.ranges.ByteRange` per task to the
worker; the range's records (the games as pydantic records, pickled, and the issues) back. The
reading (parsing) is what the workers share; the writing stays here, in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from belote_notation.cluster.client import Done, RangeProgress, outcomes
from belote_notation.cluster.packed import Packed, Packer, unpack
from belote_notation.formats.base import Format, ReadItem
from belote_notation.pipeline.inputs import InputProblem, Source
from belote_notation.pipeline.pool import stopped_message
from belote_notation.pipeline.ranges import ByteRange, cut_input, range_items

__all__ = ["RangeRead", "read_on_cluster", "read_range"]


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


def read_on_cluster(source: Source, address: str, format: Format | None = None,
                    progress: RangeProgress | None = None, *, target: int | None = None
                    ) -> Iterator[ReadItem]:
    """The games and issues of ``source`` (read with ``format``, else the detected one) in
    order, each range read on the cluster at ``address``. An input that cannot be opened or
    read raises ``OSError`` with the reason."""
    cut = cut_input(source, target, format)
    if isinstance(cut, InputProblem):
        raise OSError(cut.message)
    for done in outcomes(address, cut.ranges, read_range):
        yield from _items(done, progress)
    if cut.error is not None:
        raise OSError(f"{cut.info.name}: {cut.error}")
