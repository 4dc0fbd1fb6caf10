"""Output files written whole or not at all: to a temporary file next to the target, renamed
over it when everything was written.

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
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

__all__ = ["replacing", "same_file"]


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A UTF-8 text stream (``\\n`` line ends) whose content replaces ``path`` when the block
    ends without an exception. The temporary file is created with the permissions the umask
    gives any new file (no process-wide umask switching); ``OSError`` says why it could not be
    created, written or renamed."""
    target = Path(path)
    tmp, fd = _create(target)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            yield out
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            with contextlib.suppress(OSError):
                tmp.unlink()


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
