"""Issue 38: ``-j 5000``, ``jobs = 5000`` in a configuration file and ``--cluster local:5000``
are capped by this machine's cores, with a note saying so (1,042 processes were running after
30 s; ``local:N`` had no cap)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import click
import psutil

from belote_notation.pipeline.cores import machine_cores
from belote_replay.cluster import checked_cluster
from tests.formats.helpers import ROOT

SAMPLE = ROOT / "samples" / "classic" / "partie-1.bel"


def _validate_counting_processes(args: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess[str], int]:
    """The run, and the most processes below it seen while it ran."""
    command = [sys.executable, "-m", "belote_replay", "validate", *args]
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    most, started = 0, time.monotonic()
    watched = psutil.Process(process.pid)
    while process.poll() is None and time.monotonic() - started < 120:
        try:
            most = max(most, len(watched.children(recursive=True)))
        except psutil.NoSuchProcess:
            break
        time.sleep(0.05)
    out, err = process.communicate(timeout=120)
    return subprocess.CompletedProcess(command, process.returncode, out, err), most


def test_jobs_past_the_cores_are_capped_with_a_note(tmp_path: Path) -> None:
    games = tmp_path / "games.bel"
    games.write_text(SAMPLE.read_text("utf-8") * 40, encoding="utf-8")
    done, most = _validate_counting_processes([str(games), "-q", "-j", "5000"], tmp_path)
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr, done.stderr
    cores = machine_cores()
    said = f"--jobs asks for 5000 processes, more than this machine's {cores} cores: {cores} used"
    assert said in done.stderr
    assert most <= cores + 2, most  # the workers, and multiprocessing's resource tracker


def test_jobs_in_a_config_file_are_capped_and_the_file_named(tmp_path: Path) -> None:
    (tmp_path / "belote-replay.toml").write_text("jobs = 5000\n", encoding="utf-8")
    (tmp_path / "games.bel").write_text(SAMPLE.read_text("utf-8") * 40, encoding="utf-8")
    done, most = _validate_counting_processes(["games.bel", "-q"], tmp_path)
    assert done.returncode in (0, 1) and "Traceback" not in done.stderr, done.stderr
    assert f"jobs in {tmp_path / 'belote-replay.toml'} asks for 5000 processes" in done.stderr
    assert most <= machine_cores() + 2, most


def test_local_n_past_the_cores_is_capped_with_a_note(capsys: object) -> None:
    with click.Context(click.Command("validate")):
        address = checked_cluster("local:5000", jobs_option=None)
    assert address == f"local:{machine_cores()}"
    assert "--cluster local:N asks for 5000 processes" in capsys.readouterr().err  # type: ignore[attr-defined]
