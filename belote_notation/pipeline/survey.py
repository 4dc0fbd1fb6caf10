"""Ranges sized by work and planned by the workers: the client never reads every byte.

**Sizing** (:func:`task_bytes`): a task holds about a second of checking
(:data:`SECOND_BYTES` of ``.bel`` text on one core), and every worker gets at least
:data:`TASKS_PER_WORKER` tasks (the last ones leave no worker idle for long); the count of
tasks is rounded up to a multiple of the workers, and a range's bytes kept within
:data:`FLOOR_BYTES` and :data:`CEILING_BYTES`. ``BELOTE_RANGE_BYTES`` still sets the size.
With more than one worker, the last wave of blocks is cut again into waves of halving size
(:func:`block_starts`): the workers then finish within a fraction of a task of each other.

**Planning** (:func:`surveyed_ranges`): the input is cut into blocks of that size by offsets
alone, and each block is a small task (:func:`survey_block`, on a worker: it reads its own
block, as :func:`dask.bytes.read_bytes` finds a delimiter near a block's edges). The worker
finds the first likely game start at or after its block's start and at or after the next
block's start (:func:`next_start`: the line after an ``end``/``fin`` line, or a ``[`` line after
a line of a game's body), cuts the games between the two with the reader's own cutter, and
sends back only how many games and lines lie between them, and whether a game indeed starts
at the second one. The client adds the counts up (a prefix sum: each range's first game and
first line) and never reads the games. A likely start is proved, not trusted: block 0 starts
at byte 0, and each block's worker checks that the next block's start is where the reader's
own cut puts a game, so by induction every range starts where the serial reading starts a
game, and the reports from the ranges are the serial ones byte for byte. Where a check fails
(a brace comment over lines holding ``end`` lines and tags), the rest of the input is cut
by this process, streaming, as before.

>>> task_bytes(582_000_000, 16) // 2**20, task_bytes(58_000_000, 2) // 2**20, task_bytes(10_000, 2)
(6, 6, 262144)
>>> next_start(b"x\\nend NS\\n\\n[Event]\\ndeal 1\\n", 1)
10
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from belote_notation.notation.read.lines import END_WORDS
from belote_notation.notation.read.stream import iter_game_texts

if TYPE_CHECKING:
    from belote_notation.pipeline.ranges import ByteRange

__all__ = ["CEILING_BYTES", "FLOOR_BYTES", "SECOND_BYTES", "TAIL_WAVES", "TASKS_PER_WORKER", "Block",
           "block_starts", "next_start", "survey_block", "surveyed_ranges", "task_bytes"]

SECOND_BYTES = 8 * 2**20
"""About a second of checking on one core: ``validate`` reads 9-11 MB/s of classic ``.bel`` a
core on the compiled path (contrée about half as fast)."""
TASKS_PER_WORKER = 4
"""At least this many tasks a worker: the last wave leaves a worker idle a fraction of a task."""
FLOOR_BYTES = 256 * 2**10
"""No task smaller: a task's own cost on a cluster (a few milliseconds of the client and the
scheduler) stays small beside it."""
CEILING_BYTES = 64 * 2**20
"""No task larger: a lost worker costs a few seconds, and a range's results stay small."""
TAIL_WAVES = 3
"""The last wave's blocks are cut into this many waves of a half, a quarter, an eighth of a
block, and a last one of an eighth (:func:`block_starts`)."""
_WORDS = tuple(word.encode() for word in END_WORDS)
_LOOK = 4
"""How far a worker looks for a game start past its block's start, in blocks: past it the rest
of the input is cut by the client (an input of one huge game, or of no game at all)."""


def task_bytes(size: int, workers: int) -> int:
    """The bytes of a range of an input of ``size`` bytes for ``workers`` workers: about
    :data:`SECOND_BYTES` each, at least :data:`TASKS_PER_WORKER` ranges a worker, their count
    a multiple of the workers, within :data:`FLOOR_BYTES` and :data:`CEILING_BYTES`."""
    workers = max(1, workers)
    tasks = max(-(-size // SECOND_BYTES), TASKS_PER_WORKER * workers)
    tasks = -(-tasks // workers) * workers
    return min(CEILING_BYTES, max(FLOOR_BYTES, -(-size // tasks)))


def block_starts(size: int, block: int, workers: int = 1) -> list[int]:
    """Where the blocks of an input of ``size`` bytes start: every ``block`` bytes, but for the
    last wave (one block a worker, when there are more blocks than workers), whose bytes are cut
    again into :data:`TAIL_WAVES` waves of halving size and a last one as small as the one
    before, one piece a worker each, no piece under :data:`FLOOR_BYTES`. With tasks all alike
    the workers finish a whole task apart at worst (one waits for the other's last task); with
    an eighth of a task last, an eighth.

    >>> starts = block_starts(8 * 2**20, 2**20, 2)
    >>> [(end - start) // 2**10 for start, end in zip(starts, starts[1:] + [8 * 2**20])]
    [1024, 1024, 1024, 1024, 1024, 1024, 512, 512, 256, 256, 256, 256]
    >>> len(block_starts(8 * 2**20, 2**20, 1)), len(block_starts(2**20, 2**18, 2))
    (8, 4)
    """
    starts = list(range(0, size, block)) or [0]
    if workers < 2 or len(starts) <= workers:
        return starts
    at = starts[-workers]
    waves = TAIL_WAVES
    while waves and (size - at) // workers >> waves < FLOOR_BYTES:
        waves -= 1
    if not waves:
        return starts
    del starts[-workers:]
    weights = [1 << (waves - wave) for wave in range(1, waves + 1) for _ in range(workers)] + [1] * workers
    total, done = sum(weights), 0
    for weight in weights:
        starts.append(at + (size - at) * done // total)
        done += weight
    return sorted(set(starts))


def _starts_game(previous: bytes, line: bytes) -> bool:
    """Whether a game surely starts at ``line`` after the non-blank line ``previous`` (unless
    a brace comment spans them: proved by :func:`survey_block`)."""
    head = previous.lstrip()
    word = head.split(None, 1)[0].lower() if head else b""
    if word in _WORDS:
        return True
    return line.startswith(b"[") and head[:1] not in (b"[", b"{", b";")


def next_start(data: bytes, at: int) -> int | None:
    """The offset of the first likely game start in ``data`` on a line that begins at or after
    ``at`` (``at`` 0: 0), or ``None`` when there is none in ``data`` (which starts at a line
    start or at ``at``'s own line)."""
    if at == 0:
        return 0
    line_at = data.find(b"\n", at - 1) + 1
    if line_at == 0:
        return None
    previous = b""
    while line_at < len(data):
        eol = data.find(b"\n", line_at)
        if eol < 0:
            return None  # the line is not whole: the caller reads on
        line = data[line_at:eol]
        if line.strip():
            if previous and _starts_game(previous, line):
                return line_at
            previous = line
        line_at = eol + 1
    return None


def _find_start(stream: Any, at: int, limit: int) -> int | None:
    """The first likely game start at or after ``at`` (``stream`` is at ``at - 1``), reading at
    most ``limit`` bytes; ``-1``: none before the end of the input; ``None``: none within
    ``limit`` (the caller gives up)."""
    data, chunk = b"", 1 << 16
    while len(data) < limit:
        more = stream.read(chunk)
        data += more
        found = next_start(data, 1)
        if found is not None:
            return at - 1 + found
        if not more:
            return -1
        chunk *= 2
    return None


@dataclass(frozen=True, slots=True)
class Block:
    """What a worker found in its block: where its range starts and ends (``None`` start: no
    range starts in the block; ``None`` end: the end of the input), how many games and lines
    lie between, and whether a game indeed starts at ``end`` (``ok``)."""

    start: int | None
    end: int | None
    games: int = 0
    lines: int = 0
    ok: bool = True


def _open_at(template: ByteRange, at: int) -> Any:
    from belote_notation.pipeline.ranges import open_range

    return open_range(replace(template, start=at, end=None, data=None))


_GIVE_UP = -2


def _start_at(template: ByteRange, at: int | None, block: int) -> int | None:
    """The range start found from ``at`` (``None``: the end of the input, as ``at`` ``None``),
    :data:`_GIVE_UP` when none could be found within :data:`_LOOK` blocks."""
    if at is None or at == 0:
        return at
    with _open_at(template, at - 1) as stream:
        found = _find_start(stream, at, _LOOK * block)
    if found is None:
        return _GIVE_UP
    return None if found < 0 else found


def survey_block(template: ByteRange, at: int, following: int | None, block: int) -> Block:
    """The survey of the block from ``at`` to ``following`` of ``template``'s input (a task,
    on a worker; ``following`` ``None``: the last block)."""
    start, end = _start_at(template, at, block), _start_at(template, following, block)
    if _GIVE_UP in (start, end):
        return Block(None, None, ok=False)
    if start is None or (end is not None and start >= end):
        return Block(None, end)
    games, lines, reached = 0, 0, end is None
    with _open_at(template, start) as stream:
        for text in iter_game_texts(stream, name=template.name):
            if end is not None and text.start + start >= end:
                reached, lines = text.start + start == end, text.first_line - 1
                break
            games += 1
    return Block(start, end, games, lines, reached)


def _surveys(template: ByteRange, size: int, block: int, executor: Any, in_flight: int, workers: int
             ) -> Iterator[Block]:
    """The blocks' surveys in order, at most ``in_flight`` submitted ahead (the rest cancelled
    when the caller stops early)."""
    offsets = block_starts(size, block, workers)
    waiting: deque[Any] = deque()
    try:
        for k, at in enumerate(offsets):
            following = offsets[k + 1] if k + 1 < len(offsets) else None
            waiting.append(executor.submit(survey_block, template, at, following, block))
            if len(waiting) >= in_flight:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()
    finally:
        for future in waiting:
            future.cancel()


def surveyed_ranges(template: ByteRange, size: int, block: int, executor: Any, in_flight: int,
                    workers: int = 1) -> Iterator[ByteRange | Block]:
    """The ranges of ``template``'s input of ``size`` bytes, planned by blocks of ``block``
    bytes (the last ones smaller for ``workers`` workers: :func:`block_starts`) surveyed on
    ``executor``'s workers (at most ``in_flight`` surveys ahead), in order;
    a :class:`Block` last when a survey could not prove its end: its ``start`` (with the game
    and line there, as ``games`` and ``lines``) is where the caller cuts the rest itself."""
    game, line, at = 1, 1, 0
    for found in _surveys(template, size, block, executor, in_flight, workers):
        if not found.ok:
            yield Block(at, None, game, line, ok=False)
            return
        if found.start is None:
            continue
        yield replace(template, start=found.start, end=found.end, first_game=game, first_line=line,
                      games=found.games)
        game, line = game + found.games, line + found.lines
        at = found.end if found.end is not None else size


def local_size(path: str) -> int | None:
    """The size of a regular file here (``None``: not one)."""
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return None
