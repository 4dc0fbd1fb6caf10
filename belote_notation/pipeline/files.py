"""Output files written whole or not at all: to a temporary file next to the target, renamed
over it when everything was written. :func:`replacing` is the one owner of how every command
writes a file it was given (``-o``, ``--html``, ``fmt``, ``--fix``), and of what it does to a
target that is not a plain file (issue 38):

- a device, a FIFO or a socket is written into, never replaced (``-o /dev/null`` run as root
  leaves ``/dev/null`` a device): the output is streamed to it;
- a symbolic link is kept: the temporary is made beside the file it points to, and renamed over
  that file;
- a file with other hard links keeps its inode (every name sees the new text): the whole output
  is written to the temporary first, then copied into the file in place;
- an existing file keeps its permission bits.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> target = os.path.join(folder, "out.bel")
>>> with replacing(target) as out:
...     _ = out.write("deal 1\\nend\\n")
>>> open(target, encoding="utf-8").read(), os.listdir(folder)
('deal 1\\nend\\n', ['out.bel'])

A block that fails leaves the target as it was, and no temporary behind:

>>> try:
...     with replacing(target) as out:
...         _ = out.write("half a page")
...         raise ValueError("the input broke")
... except ValueError:
...     pass
>>> open(target, encoding="utf-8").read(), os.listdir(folder)
('deal 1\\nend\\n', ['out.bel'])

A command that writes OUT from IN asks :func:`same_file` first: the same file under another
name (a link, ``./``, another case on a case-insensitive disk) is the same file.

>>> os.link(target, os.path.join(folder, "alias.bel"))
>>> same_file(target, os.path.join(folder, "alias.bel")), same_file(target, "-")
(True, False)
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

__all__ = ["replacing", "same_file"]


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A UTF-8 text stream (``\\n`` line ends) whose content replaces ``path`` when the block
    ends without an exception (what is done to a device, a link or a hard-linked file: the
    module's docstring). The temporary file is created with the permissions the umask gives
    any new file (no process-wide umask switching), then given those of the file it replaces;
    ``OSError`` says why it could not be created, written or renamed."""
    target = Path(path)
    try:
        status: os.stat_result | None = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):
        status = None
    if status is not None and not stat.S_ISREG(status.st_mode) and not stat.S_ISDIR(status.st_mode):
        with _into(target, status) as out:
            yield out
        return
    final = Path(os.path.realpath(target)) if target.is_symlink() else target
    tmp, fd = _create(final)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            yield out
        if status is not None and stat.S_ISREG(status.st_mode) and status.st_nlink > 1:
            _copy_into(tmp, final)
        else:
            if status is not None and stat.S_ISREG(status.st_mode):
                os.chmod(tmp, stat.S_IMODE(status.st_mode))
            os.replace(tmp, final)
    finally:
        if tmp.exists():
            with contextlib.suppress(OSError):
                tmp.unlink()


@contextlib.contextmanager
def _into(target: Path, status: os.stat_result) -> Iterator[TextIO]:
    """A text stream written straight into the device, FIFO or socket ``target`` (a socket is
    connected to; a FIFO's open waits for its reader, as the shell's ``>`` does)."""
    if stat.S_ISSOCK(status.st_mode):
        import socket

        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.connect(os.fspath(target))
            with connection.makefile("w", encoding="utf-8", newline="\n") as out:
                yield out
        return
    with open(target, "w", encoding="utf-8", newline="\n") as out:
        yield out


def _copy_into(tmp: Path, final: Path) -> None:
    """The whole of ``tmp`` copied into ``final`` in place (its inode, hence its other names,
    kept), then ``final`` cut at the new length."""
    with open(tmp, "rb") as source, open(final, "r+b") as out:
        while chunk := source.read(1 << 20):
            out.write(chunk)
        out.truncate()


def _create(target: Path) -> tuple[Path, int]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):  # a name already taken is tried again with another random part
        tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            return tmp, os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue
        except OSError as exc:  # named after the file asked for, not the temporary
            raise OSError(exc.errno, exc.strerror, str(target)) from None
    raise FileExistsError(17, "no free temporary name", str(target))


def same_file(source: str | os.PathLike[str], output: str | os.PathLike[str]) -> bool:
    """Whether ``output`` is the file ``source`` itself (by device and inode, not by name):
    writing one from the other would destroy the input. ``-`` (stdin/stdout), a path that does
    not exist yet or cannot be looked at is not the same file."""
    if os.fspath(source) == "-" or os.fspath(output) == "-":
        return False
    try:
        return os.path.samefile(source, output)
    except (OSError, ValueError):
        return False
