"""A bounded look at a ``tcp://host:port`` address before :mod:`distributed` is given it.

``distributed`` waits for a peer's greeting without a deadline and reads a frame of whatever
size the peer announces: a server that accepts and never answers hangs the command, an HTTP
server's ``HTTP/1.1`` is read as a 3.5e18-byte frame, a server that announces 2 GiB is read
into memory. :func:`probe_scheduler` exchanges the greeting itself (the one every Dask comm
sends first: eight bytes of length, the frame count and lengths, a msgpack map), with a
deadline on the whole exchange and a bound on what it reads, and says in one line what the
address is when it is not a Dask scheduler. Past the greeting the peer is a scheduler, which
the client trusts as Dask does (its messages are pickles).

>>> import socket, threading
>>> listener = socket.create_server(("127.0.0.1", 0))
>>> port = listener.getsockname()[1]
>>> def answer_http():
...     peer, _ = listener.accept()
...     peer.recv(1024)
...     peer.sendall(b"HTTP/1.1 400 Bad Request\\r\\n\\r\\n")
...     peer.close()
>>> threading.Thread(target=answer_http).start()
>>> probe_scheduler(f"tcp://127.0.0.1:{port}")
Traceback (most recent call last):
...
OSError: tcp://127.0.0.1:... is not a dask scheduler: it answered 'HTTP/1.1 400 Bad Request'
>>> listener.close()
"""

from __future__ import annotations

import pickle
import socket
import struct
import sys
import time
from typing import Any

__all__ = ["CONNECT_SECONDS", "GREETING_BYTES", "probe_scheduler"]

CONNECT_SECONDS = 10.0
"""The whole exchange (connection and greeting) ends within this (docs/scale.md)."""
GREETING_BYTES = 64 * 1024
"""A scheduler's greeting is under a hundred bytes; anything announcing more is not one."""
_LENGTH = struct.Struct("Q")  # distributed's own prefix: native byte order, 8 bytes
_KEYS = frozenset({"compression", "python", "pickle-protocol"})


class _NotAScheduler(Exception):
    """What the peer said instead of a Dask greeting."""


def probe_scheduler(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Return when ``address`` (``tcp://host:port``) greets as a Dask scheduler within
    ``seconds``; else :class:`OSError` with the reason in one line."""
    host, _, port = address[len("tcp://"):].rpartition(":")
    host = host.strip("[]")  # tcp://[::1]:8786
    if not port.isdigit() or not host:
        raise OSError(f"{address} is not tcp://host:port")
    deadline = time.monotonic() + seconds
    try:
        with socket.create_connection((host, int(port)), timeout=seconds) as peer:
            peer.sendall(_greeting())
            _read_greeting(peer, deadline)
    except TimeoutError:
        raise OSError(f"cannot reach the dask scheduler at {address}: no answer in {seconds:g} s") from None
    except _NotAScheduler as exc:
        raise OSError(f"{address} is not a dask scheduler: {exc}") from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise OSError(f"cannot reach the dask scheduler at {address}: {reason}") from None


def _greeting() -> bytes:
    """The greeting a Dask client sends (``Comm.handshake_info``), framed as Dask frames it."""
    import msgpack  # type: ignore[import-untyped]

    body: bytes = msgpack.packb({"compression": None, "python": tuple(sys.version_info[:3]),
                                 "pickle-protocol": pickle.HIGHEST_PROTOCOL}, use_bin_type=True)
    frames = _LENGTH.pack(1) + _LENGTH.pack(len(body)) + body
    return _LENGTH.pack(len(frames)) + frames


def _read_greeting(peer: socket.socket, deadline: float) -> None:
    head = _read(peer, _LENGTH.size, deadline)
    (size,) = _LENGTH.unpack(head)
    if size > GREETING_BYTES:
        raise _NotAScheduler(f"it answered {_shown(head + _peek(peer))}" if head.isascii()
                             else f"it announced a message of {size:,} bytes")
    frames = _read(peer, size, deadline)
    message = _decoded(frames)
    if not isinstance(message, dict) or not _KEYS <= message.keys():
        raise _NotAScheduler(f"its greeting is not Dask's: {_shown(frames[:60])}")


def _read(peer: socket.socket, count: int, deadline: float) -> bytes:
    """Exactly ``count`` bytes before ``deadline`` (:class:`TimeoutError` past it)."""
    data = bytearray()
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        peer.settimeout(left)
        chunk = peer.recv(min(count - len(data), 65536))
        if not chunk:
            raise _NotAScheduler(f"it closed the connection after {len(data)} bytes" if data
                                 else "it closed the connection without a word")
        data += chunk
    return bytes(data)


def _peek(peer: socket.socket) -> bytes:
    """What else is already there to show (a status line), without waiting for more."""
    peer.settimeout(0.2)
    try:
        return peer.recv(120)
    except OSError:
        return b""


def _decoded(frames: bytes) -> Any:
    import msgpack

    try:
        (count,) = _LENGTH.unpack_from(frames)
        lengths = struct.unpack_from(f"{count}Q", frames, _LENGTH.size) if count <= 8 else ()
        start = _LENGTH.size * (1 + len(lengths))
        if not lengths or start + sum(lengths) != len(frames):
            raise ValueError("frame lengths do not add up")
        return msgpack.unpackb(frames[start:start + lengths[0]], raw=False, use_list=False)
    except (ValueError, struct.error, msgpack.UnpackException):
        return None


def _shown(data: bytes) -> str:
    """The first line of what the peer sent, printable."""
    line = data.split(b"\r\n", 1)[0].split(b"\n", 1)[0][:80]
    return repr(line.decode("ascii", "replace"))
