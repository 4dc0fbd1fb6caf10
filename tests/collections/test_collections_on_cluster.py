"""The collection commands on a real Dask LocalCluster of 2 workers give byte-identical output
to their serial run, the inputs cut into ranges of a game or two (marker ``cluster``:
``.ci/run`` runs it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.collections.collection_data import as_text, collection_games

pytestmark = pytest.mark.cluster

BIN = Path(sys.executable).parent / "belote-replay"
SMALL_RANGES = {**os.environ, "BELOTE_RANGE_BYTES": "3000"}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("on-cluster")
    games = collection_games()
    (folder / "one.bel").write_text(as_text(games[:15]), encoding="utf-8")
    (folder / "two.bel").write_text(as_text(games[10:] + games[:3]), encoding="utf-8")
    return [str(folder / "one.bel"), str(folder / "two.bel")]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN), *args], capture_output=True, env=SMALL_RANGES, timeout=600)


@pytest.mark.parametrize("command", [["select", "--taker", "N", "--to", "jsonl"], ["select", "--count"],
                                     ["select", "--games", "2-5", "--output-deals"],
                                     ["stats", "--format", "json"], ["stats", "--format", "csv"],
                                     ["dedupe", "--report-format", "json"]], ids=" ".join)
def test_every_command_gives_the_serial_bytes(command, inputs, scheduler):
    serial = _run(command[0], *inputs, *command[1:])
    spread = _run(command[0], *inputs, *command[1:], "--cluster", scheduler)
    assert serial.returncode in (0, 1), serial.stderr
    assert (spread.returncode, spread.stdout) == (serial.returncode, serial.stdout), spread.stderr[-2000:]


def test_export_gives_the_serial_tables(inputs, scheduler, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    for name, extra in (("serial", []), ("spread", ["--cluster", scheduler])):
        done = _run("export", *inputs, "-o", str(tmp_path / name), *extra)
        assert done.returncode == 0, done.stderr[-2000:]
    for table in ("games", "deals", "tricks", "findings"):
        assert pq.read_table(tmp_path / "serial" / table).to_pylist() == \
            pq.read_table(tmp_path / "spread" / table).to_pylist()
