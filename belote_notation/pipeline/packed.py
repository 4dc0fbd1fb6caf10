"""Many small results of one task, held and sent as one compressed stream of pickles.

A task that reads a whole input (every format but ``.bel`` is one range per input:
``docs/scale.md``) made a list of its games' results: a 16.7 MB CSV held 1.67 GB on the
cluster (79 MB serial), the objects on the worker, their pickle, and the objects again here.
:class:`Packer` pickles each result as it is made into a zlib stream (level 1: the reports of a
file repeat themselves), so the worker holds the compressed bytes and one result; :func:`unpack`
gives them back one at a time, holding the compressed bytes and one result again.

>>> packer = Packer()
>>> for n in range(3):
...     packer.add({"game": n, "findings": ["BEL605"] * n})
>>> packed = packer.done()
>>> [item["game"] for item in unpack(packed)], len(packed.blob) < 100
([0, 1, 2], True)
"""

from __future__ import annotations

import pickle
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Packed", "Packer", "unpack"]

_SIZE = struct.Struct("<I")
_CHUNK = 1 << 13  # compressed bytes inflated at a time


@dataclass(frozen=True, slots=True)
class Packed:
    """The results packed (``blob``), then those kept as objects (``tail``): from the first one
    nested too deep for pickle's recursion on (alternative lines 80 deep). A task's result with
    a tail cannot travel either; the client computes it again (``range_work.pickled_call``)."""

    blob: bytes
    tail: list[Any] = field(default_factory=list)


class Packer:
    """Results added one at a time, compressed as they come."""

    def __init__(self) -> None:
        self.compressor = zlib.compressobj(1)
        self.parts: list[bytes] = []
        self.tail: list[Any] = []

    def add(self, item: Any) -> None:
        if not self.tail:
            try:
                data = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
            except RecursionError:
                data = None
            if data is not None:
                self.parts.append(self.compressor.compress(_SIZE.pack(len(data)) + data))
                return
        self.tail.append(item)  # kept in order after the packed ones

    def done(self) -> Packed:
        """Every result added (the packer is spent)."""
        self.parts.append(self.compressor.flush())
        return Packed(b"".join(self.parts), self.tail)


def unpack(packed: Packed) -> Iterator[Any]:
    """The results of ``packed``, in order, one at a time (our own workers' pickles)."""
    yield from _inflated(packed.blob)
    yield from packed.tail


def _inflated(blob: bytes) -> Iterator[Any]:
    inflater = zlib.decompressobj()
    pending = bytearray()
    view = memoryview(blob)
    for start in range(0, len(blob), _CHUNK):
        pending += inflater.decompress(view[start:start + _CHUNK])
        yield from _complete(pending)
    pending += inflater.flush()
    yield from _complete(pending)
    if pending:
        raise ValueError("a packed result was cut short")


def _complete(pending: bytearray) -> Iterator[Any]:
    """The whole results at the start of ``pending``, taken out of it."""
    while len(pending) >= _SIZE.size:
        size = _SIZE.unpack_from(pending)[0]
        end = _SIZE.size + size
        if len(pending) < end:
            return
        item = pickle.loads(pending[_SIZE.size:end])  # noqa: S301 - our own workers' pickles
        del pending[:end]
        yield item
