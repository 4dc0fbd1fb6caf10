"""The line scanner of the event reader (:mod:`belote_notation.formats.events_reader`): the
lines of a byte stream with their numbers, a canonical trick (six lines) or hand (one line) as
one regular-expression match, and one line's JSON object."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

from belote_notation.formats.base import UNREADABLE, FormatIssue, issue
from belote_notation.formats.limits import MAX_LINE_BYTES
from belote_notation.game.lang import msg

__all__ = ["FAST", "Piece", "is_trick", "decode_line", "pieces"]


def _card_line(n: int) -> bytes:
    return (rb'\{"type": "card", "seat": "(?P<seat%d>[NESW])", "card": "(?P<card%d>[^"\\\n]{1,8})"'
            rb'(?:, "belote": "(?P<mark%d>belote|rebelote)")?\}\n') % (n, n, n)


FAST = re.compile(rb'\{"type": "trick", "number": (?P<number>[1-9][0-9]{0,5})\}\n'
                  + b"".join(_card_line(n) for n in range(1, 5))
                  + rb'\{"type": "trick_end"(?:, "winner": "(?P<winner>[NESW])")?\}\n'
                  + rb'|\{"type": "(?P<hand>five|rest|hand)", "seat": "(?P<hand_seat>[NESW])", '
                  + rb'"cards": \[(?P<cards>(?:"[^"\\\n]{1,8}")(?:, "[^"\\\n]{1,8}")*)?\]\}\n')
"""What the writer prints most, read by one match: a canonical trick of four plays (its six
lines) or a canonical hand line (the group ``hand``: see :func:`is_trick`)."""


def is_trick(match: re.Match[bytes]) -> bool:
    """A :data:`FAST` match is a trick (not a hand)."""
    return match.start("hand") < 0
_CHUNK = 1 << 16

Piece = tuple[int, bytes, "re.Match[bytes] | None"]
"""A line's 1-based number and its bytes, or (with empty bytes) the number of the first line
of a canonical trick or hand and its :data:`FAST` match."""


def pieces(source: BinaryIO, fast: bool) -> Iterator[Piece]:
    """The lines of ``source`` with their 1-based numbers, as ``for raw in source`` gives them;
    with ``fast``, a canonical trick's six lines or a canonical hand come as one piece."""
    read = getattr(source, "read1", source.read)  # read1: a live pipe's lines come as they arrive
    rest, number = b"", 1
    match = FAST.match if fast else None  # read here: a test replaces it
    held: list[bytes] = []  # the pieces of a line longer than a chunk (joined once, not each time)
    size = 0
    while True:
        chunk = read(_CHUNK)
        if held and b"\n" not in chunk and chunk:
            held.append(chunk)
            size += len(chunk)
            if size > MAX_LINE_BYTES:  # a longer line is not held: its first bytes say what it is
                yield number, held[0][:200], None
                number += 1
                held, size, rest = [], 0, _skip_line(read)
            continue
        if held:
            rest, held, size = b"".join(held), [], 0
        buf = rest + chunk if rest else chunk
        if not chunk:
            if buf:
                yield number, buf, None
            return
        limit = buf.rfind(b"\n") + 1
        if not limit:
            held, size, rest = [buf], len(buf), b""
            continue
        pos = 0
        while pos < limit:
            found = match(buf, pos, limit) if match is not None else None
            if found is not None:
                yield number, b"", found
                pos, number = found.end(), number + (1 if found.start("hand") >= 0 else 6)
                continue
            end = buf.index(b"\n", pos) + 1
            yield number, buf[pos:end], None
            pos, number = end, number + 1
        rest = buf[limit:]


def _skip_line(read: Callable[[int], bytes]) -> bytes:
    """Read past the end of the line under way; what follows its end."""
    while True:
        chunk = read(_CHUNK)
        end = chunk.find(b"\n")
        if not chunk or end >= 0:
            return chunk[end + 1:] if end >= 0 else b""


def decode_line(raw: bytes, number: int, issues: list[FormatIssue]) -> dict[str, Any] | None:
    """Line ``number``'s JSON object; ``None`` for a blank line, or anything else with its issue
    added to ``issues``."""
    if not raw.strip():
        return None
    try:  # the C "utf-8" codec: "utf-8-sig" is a Python-level codec (10% of the time here)
        message = json.loads(raw.decode("utf-8-sig" if raw.startswith(b"\xef\xbb\xbf") else "utf-8").strip())
    except json.JSONDecodeError as exc:
        issues.append(issue(UNREADABLE, msg("not a JSON line (%(error)s at column %(col)s)", error=exc.msg,
                                            col=exc.colno), number, number))
        return None
    except (ValueError, RecursionError) as exc:  # bad UTF-8, a number of over 4,300 digits, deep nesting
        issues.append(issue(UNREADABLE, msg("not a JSON line (%(error)s)", error=str(exc)), number, number))
        return None
    if not isinstance(message, dict):
        issues.append(issue(UNREADABLE, msg("not a JSON object"), number, number))
        return None
    return message
