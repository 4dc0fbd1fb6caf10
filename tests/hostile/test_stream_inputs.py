"""Inputs read once, as streams (issue 38): a FIFO or a pipe (``<(cat clean.bel)``) given to any
command is opened once and never read twice nor waited on for ever."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

import pytest

from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game
from tests.cli.cli_support import BIN

CLEAN = write_game(next(iter(generate_games(Ruleset.preset("classic"), None, deals=2, seed=4))))
TIMEOUT = 60


def feed_fifo(fifo: Path, data: bytes, seconds: float = TIMEOUT) -> threading.Thread:
    """A writer that opens ``fifo`` once a reader has (never blocking past ``seconds``), writes
    ``data`` and closes it, as a shell's ``cat clean.bel > fifo &`` does."""
    def write() -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: no reader yet
                time.sleep(0.02)
                continue
            os.set_blocking(fd, True)
            try:
                os.write(fd, data)
            except BrokenPipeError:
                pass
            finally:
                os.close(fd)
            return

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def run_with_pipe(args: list[str], data: bytes, cwd: Path) -> subprocess.CompletedProcess:
    """``belote-replay ARGS`` where ``{pipe}`` is ``/dev/fd/N``, a pipe fed with ``data`` (what
    ``<(cat clean.bel)`` gives)."""
    read, write = os.pipe()

    def feed() -> None:
        try:
            os.write(write, data)
        except BrokenPipeError:
            pass
        finally:
            os.close(write)

    thread = threading.Thread(target=feed, daemon=True)
    try:
        argv = [str(BIN), *(a.replace("{pipe}", f"/dev/fd/{read}") for a in args)]
        thread.start()
        return subprocess.run(argv, pass_fds=(read,), capture_output=True, text=True, cwd=cwd,
                              timeout=TIMEOUT)
    finally:
        os.close(read)
        thread.join(5)


def test_dedupe_of_a_pipe_writes_its_game(tmp_path: Path) -> None:
    result = run_with_pipe(["dedupe", "{pipe}", "-o", "u.bel"], CLEAN.encode(), tmp_path)
    assert result.returncode == 0, result.stderr
    assert "1 kept" in result.stdout + result.stderr
    assert (tmp_path / "u.bel").read_text(encoding="utf-8") == CLEAN


def test_annotate_of_a_pipe_reads_its_game(tmp_path: Path) -> None:
    result = run_with_pipe(["annotate", "{pipe}", "-o", "r.bel"], CLEAN.encode(), tmp_path)
    assert result.returncode == 0, result.stderr
    assert "empty" not in result.stderr
    assert (tmp_path / "r.bel").read_text(encoding="utf-8").count("\ntrick ") == CLEAN.count("\ntrick ")


@pytest.mark.parametrize("command", [["dedupe", "-o", "u.bel"], ["annotate", "-o", "r.bel"], ["fmt"],
                                     ["fmt", "--check"], ["fmt", "--diff"], ["select"], ["stats"],
                                     ["validate", "--no-progress"], ["convert", "--to", "json"], ["show"],
                                     ["render", "-o", "p.html"]])
def test_a_fifo_is_read_once_by_every_command(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "club.bel"
    os.mkfifo(fifo)
    writer = feed_fifo(fifo, CLEAN.encode())
    result = subprocess.run([str(BIN), command[0], str(fifo), *command[1:]], capture_output=True, text=True,
                            cwd=tmp_path, timeout=TIMEOUT)
    writer.join(TIMEOUT)
    assert result.returncode == 0, (command, result.stderr)
    assert not writer.is_alive()
    if command == ["fmt"]:  # not rewritten in place (a FIFO): the canonical text on stdout
        assert result.stdout == CLEAN and "written to standard output" in result.stderr
    if command[0] == "dedupe":
        assert (tmp_path / "u.bel").read_text(encoding="utf-8") == CLEAN


def test_fmt_check_of_a_fifo_says_it_would_reformat(tmp_path: Path) -> None:
    fifo = tmp_path / "club.bel"
    os.mkfifo(fifo)
    writer = feed_fifo(fifo, CLEAN.replace("\nscore ", "\nscore  ").encode())
    result = subprocess.run([str(BIN), "fmt", "--check", str(fifo)], capture_output=True, text=True,
                            timeout=TIMEOUT)
    writer.join(TIMEOUT)
    assert result.returncode == 1 and f"would reformat {fifo}" in result.stdout


def test_a_fifo_is_not_cut_for_a_cluster_whose_workers_would_open_it_again(tmp_path: Path) -> None:
    from belote_notation.pipeline.inputs import InputProblem, Source
    from belote_notation.pipeline.ranges import cut_input

    fifo = tmp_path / "club.bel"
    os.mkfifo(fifo)
    refused = cut_input(Source(str(fifo)))  # refused before it is opened: no writer needed
    assert isinstance(refused, InputProblem) and "read only once" in refused.message
