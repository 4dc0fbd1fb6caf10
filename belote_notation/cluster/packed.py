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
>>> blob = packer.done()
>>> [item["game"] for item in unpack(blob)], len(blob) < 100
([0, 1, 2], True)
"""

from __future__ import annotations

import pickle
import struct
import zlib
from collections.abc import Iterator
from typing import Any

__all__ = ["Packer", "unpack"]

_SIZE = struct.Struct("<I")
_CHUNK = 1 << 13  # compressed bytes inflated at a time


class Packer:
    """Results added one at a time, compressed as they come."""

    def __init__(self) -> None:
        self.compressor = zlib.compressobj(1)
        self.parts: list[bytes] = []
        self.count = 0

    def add(self, item: Any) -> None:
        data = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
        self.parts.append(self.compressor.compress(_SIZE.pack(len(data)) + data))
        self.count += 1

    def done(self) -> bytes:
        """The stream of every result added (the packer is spent)."""
        self.parts.append(self.compressor.flush())
        return b"".join(self.parts)


def unpack(blob: bytes) -> Iterator[Any]:
    """The results packed in ``blob``, in order, one at a time (our own workers' pickles)."""
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
