"""The file side of ``validate --fix`` (:mod:`~belote_notation.pipeline.fix`): the input read by
offset and up to its size when the fix began, the output written to a temporary only once
something changed, and the temporary put back over the file unless the file changed meanwhile.
"""

from __future__ import annotations

import contextlib
import io
import os
import secrets
import stat
from collections.abc import Callable
from typing import Any, BinaryIO

from belote_notation.game.lang import Message, msg, render

__all__ = ["BoundedReader", "LazyTemp", "NotFixable", "RawBytes", "write_back"]

_CHUNK = 1 << 20


class NotFixable(ValueError):
    """The file cannot be fixed (another format, not UTF-8, not a regular file, read-only,
    changed while it was fixed): the reason as a message (``str()`` its English text);
    nothing was written."""

    def __init__(self, reason: Message) -> None:
        super().__init__(render(reason))
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.reason,)


class BoundedReader(io.RawIOBase):
    """The first ``size`` bytes of a stream: what is appended while the file is fixed is not
    read (the write-back then sees the file changed and refuses)."""

    def __init__(self, stream: BinaryIO, size: int) -> None:
        super().__init__()
        self.stream, self.left = stream, size

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        want = self.left if size is None or size < 0 else min(size, self.left)
        data = self.stream.read(want) if want > 0 else b""
        self.left -= len(data)
        return data

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


class RawBytes:
    """The input's bytes by offset (a second handle on the file, or the bytes in memory)."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle

    def copy(self, start: int, end: int | None, write: Callable[[bytes], object]) -> None:
        self.handle.seek(start)
        left = None if end is None else end - start
        while left is None or left > 0:
            data = self.handle.read(_CHUNK if left is None else min(_CHUNK, left))
            if not data:
                return
            write(data)
            if left is not None:
                left -= len(data)

    def read(self, start: int, end: int) -> bytes:
        self.handle.seek(start)
        return self.handle.read(end - start)


class LazyTemp:
    """The output: nothing is written until the first change; then a temporary next to the
    target gets the bytes so far, and everything after."""

    def __init__(self, target: str, raw: RawBytes, write: bool, shown: str | os.PathLike[str]) -> None:
        self.target, self.raw, self.enabled, self.shown = target, raw, write, shown
        self.tmp: str | None = None
        self.out: BinaryIO | None = None

    def write(self, data: bytes) -> None:
        if self.out is not None:
            self.out.write(data)

    def changed(self, at: int) -> None:
        """The first change is at byte ``at`` of the input (everything before it is as it was)."""
        if self.out is not None or not self.enabled:
            return
        if not os.access(self.target, os.W_OK) or not os.stat(self.target).st_mode & 0o222:
            raise NotFixable(msg("the file is read-only: not rewritten (--diff shows the fixes)"))
        folder, name = os.path.split(self.target)
        for _ in range(100):
            tmp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            except OSError as exc:
                raise OSError(exc.errno, exc.strerror, os.fspath(self.shown)) from None
            self.tmp, self.out = tmp, os.fdopen(fd, "wb")
            break
        else:
            raise FileExistsError(17, "no free temporary name", os.fspath(self.shown))
        self.raw.copy(0, at, self.out.write)

    def finish(self) -> None:
        """Everything was written (the stream copies the input to its end): to the disk."""
        if self.out is not None:
            self.out.flush()
            os.fsync(self.out.fileno())
            self.out.close()

    def discard(self) -> None:
        if self.out is not None and not self.out.closed:
            self.out.close()
        if self.tmp is not None and os.path.exists(self.tmp):
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)


def write_back(tmp: str, target: str, before: os.stat_result, shown: str | os.PathLike[str]) -> None:
    """The temporary over the target, unless the target changed while it was fixed."""
    now = os.stat(target)
    if (now.st_size, now.st_mtime_ns, now.st_ino, now.st_dev) != (
            before.st_size, before.st_mtime_ns, before.st_ino, before.st_dev):
        raise NotFixable(msg("the file changed while it was being fixed: not rewritten (run again)"))
    if now.st_nlink > 1:  # other names see the same inode: write it in place
        with open(tmp, "rb") as data, open(target, "r+b") as out:
            while chunk := data.read(_CHUNK):
                out.write(chunk)
            out.truncate()
            out.flush()
            os.fsync(out.fileno())
        return
    os.chmod(tmp, stat.S_IMODE(now.st_mode))
    with contextlib.suppress(OSError):  # only root may give the file back to its owner
        if (now.st_uid, now.st_gid) != (os.getuid(), os.getgid()):
            os.chown(tmp, now.st_uid, now.st_gid)
    try:
        os.replace(tmp, target)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, os.fspath(shown)) from None
