"""pipeline/survey.py: ranges sized by work and planned by the workers. A million deals cut for
16 workers make 32 to 256 tasks; the process that plans reads less than 1% of the input; the
planned ranges hold the games of the serial reading (numbers, lines, offsets), whatever the
cut, and where a likely game start is not one (a comment over lines) the rest is cut here."""

from __future__ import annotations

import math
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from belote_notation.notation.read.stream import iter_game_texts
from belote_notation.pipeline.executor import Backend, Window, process_context
from belote_notation.pipeline.in_process import InProcessExecutor
from belote_notation.pipeline.inputs import Source
from belote_notation.pipeline.ranges import ByteRange, cut_input, range_bytes, range_texts
from belote_notation.pipeline.survey import FLOOR_BYTES, survey_block, task_bytes
from tests.support.validator import generated_text

TRICKY = (
    "[Event \"a\"]\n{ a note\nend\n}\n[Site \"b\"]\ndeal 1 dealer N\nend\n\n"   # `end` inside a comment
    "deal 1 dealer N\ntrick 1 N:ZZ\nend\n\n\n"
    "[Event \"no end\"]\ndeal 1\n"
    "[Event \"next\"]\ndeal 1 {a comment\nover lines}\nend\n"
    "deal 1 ; end in a comment\nend\n"
    "deal 1 \xe9t\xe9\nend NS\r\n\r\n[Event \"crlf\"]\r\ndeal 1\r\nend\r\n"
)


def _games(ranges: list[ByteRange]) -> list[tuple[int, int, int, int, str]]:
    return [(t.index, t.first_line, t.start, t.end, t.text) for r in ranges for t in range_texts(r)]


def _serial(path: Path) -> list[tuple[int, int, int, int, str]]:
    return [(t.index, t.first_line, t.start, t.end, t.text) for t in iter_game_texts(str(path))]


def _planned(path: Path, target: int | None, window: Window) -> list[ByteRange]:
    cut = cut_input(Source(str(path), path.stat().st_size), target, window=window)
    assert not isinstance(cut, type(None)) and hasattr(cut, "ranges")
    ranges = list(cut.ranges)  # type: ignore[union-attr]
    assert cut.error is None  # type: ignore[union-attr]
    return ranges


def test_a_million_deals_for_16_workers_make_32_to_256_tasks() -> None:
    text = generated_text("classic", deals=400, seed=3).encode()
    size = len(text) * 1_000_000 // 400
    tasks = math.ceil(size / task_bytes(size, 16))
    assert 32 <= tasks <= 256
    assert tasks % 16 == 0 or tasks * task_bytes(size, 16) >= size
    assert task_bytes(10_000, 16) == FLOOR_BYTES  # a small input: the floor, not 16 tiny tasks
    assert math.ceil(size / task_bytes(size, 1)) < tasks  # one worker: fewer, about a second each


def test_belote_range_bytes_still_sets_the_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BELOTE_RANGE_BYTES", "12345")
    assert range_bytes(10**9, 16) == 12345
    monkeypatch.delenv("BELOTE_RANGE_BYTES")
    assert range_bytes(10**9, 16) == task_bytes(10**9, 16)


@pytest.mark.parametrize("target", [1, 7, 30, 64, 200, 10**6])
def test_planned_ranges_hold_the_serial_games(tmp_path: Path, target: int) -> None:
    path = tmp_path / "tricky.bel"
    path.write_bytes(b"\xef\xbb\xbf" + TRICKY.encode() + generated_text("classic", deals=12, seed=5).encode())
    with Backend.serial().window() as window:
        planned = _planned(path, target, window)
    assert _games(planned) == _serial(path)
    streamed = cut_input(Source(str(path), path.stat().st_size), target)
    assert [(r.start, r.first_game, r.first_line) for r in planned][:1] == \
        [(r.start, r.first_game, r.first_line) for r in streamed.ranges][:1]  # type: ignore[union-attr]


def test_the_last_tasks_are_smaller_so_that_the_workers_finish_together(tmp_path: Path) -> None:
    path = tmp_path / "tail.bel"
    chunk = generated_text("classic", deals=400, seed=6).encode()
    path.write_bytes(chunk * 40)  # about 9.3 MB: blocks of 2 MiB, the last two cut in eighths
    with Window(InProcessExecutor(), 1, workers=2) as window:
        planned = _planned(path, 2**21, window)
    sizes = [(r.end or path.stat().st_size) - r.start for r in planned]
    assert max(sizes[-2:]) < sizes[0] / 4, sizes  # the last wave an eighth of a task, about
    assert len(planned) > math.ceil(len(chunk) * 40 / 2**21)
    assert _games(planned) == _serial(path)
    with Backend.serial().window() as one:  # one worker: no tail, nothing to even out
        assert len(_planned(path, 2**21, one)) == math.ceil(len(chunk) * 40 / 2**21)


def test_a_likely_start_that_is_none_is_not_trusted(tmp_path: Path) -> None:
    path = tmp_path / "comment.bel"
    path.write_text(TRICKY, encoding="utf-8")
    template = ByteRange(str(path), "comment.bel", "bel")
    inside = TRICKY.index("end\n}")  # the `}` line after an `end` line inside a comment: likely, not a start
    block = survey_block(template, 0, inside, 1000)
    assert not block.ok  # the cut from byte 0 puts no game at the `}` line
    with Backend.serial().window() as window:
        assert _games(_planned(path, inside, window)) == _serial(path)


def _read_bytes() -> int:
    with open("/proc/self/io", encoding="ascii") as io:
        return next(int(line.split()[1]) for line in io if line.startswith("rchar:"))


@pytest.mark.skipif(not os.path.exists("/proc/self/io"), reason="counts the bytes read with /proc/self/io")
def test_the_planning_process_reads_under_one_percent_of_the_input(tmp_path: Path) -> None:
    path = tmp_path / "big.bel"
    chunk = generated_text("classic", deals=400, seed=4).encode()
    with path.open("wb") as out:
        for _ in range(100):  # about 23 MB
            out.write(chunk)
    size = path.stat().st_size
    with ProcessPoolExecutor(2, mp_context=process_context()) as pool, Window(pool, 4, workers=16) as window:
        pool.submit(abs, 1).result()  # the workers started (their start reads no input)
        before = _read_bytes()
        planned = _planned(path, None, window)
        read = _read_bytes() - before
    assert read < size / 100, (read, size)
    assert 16 <= len(planned) <= 64
    games = chunk.count(b"\n[Event ") + chunk.startswith(b"[Event ")
    assert sum(r.games for r in planned) == 100 * games
    assert _games(planned) == _serial(path)
