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


def _folders(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_dir())


@pytest.mark.parametrize("partition", [[], ["--partition-by", "rules"], ["--partition-by", "source"]],
                         ids=["flat", "by-rules", "by-source"])
def test_export_gives_the_serial_tables(inputs, scheduler, tmp_path, partition):
    # the workers make each range's files, this process places them: the same rows in the same
    # order, the same folders (docs/collections.md, "what the same export means")
    pq = pytest.importorskip("pyarrow.parquet")
    said = []
    for name, extra in (("serial", []), ("spread", ["--cluster", scheduler])):
        done = _run("export", *inputs, "-o", str(tmp_path / name), *partition, *extra)
        assert done.returncode == 0, done.stderr[-2000:]
        said.append(done.stderr.decode().split(" to ")[0])
    assert said[0] == said[1] == "wrote 35 games", said
    assert _folders(tmp_path / "serial") == _folders(tmp_path / "spread")
    for table in ("games", "deals", "tricks", "findings"):
        serial = pq.read_table(tmp_path / "serial" / table)
        spread = pq.read_table(tmp_path / "spread" / table)
        assert serial.schema == spread.schema and serial.to_pylist() == spread.to_pylist()
    assert len(list((tmp_path / "spread" / "games").rglob("*.parquet"))) > 1  # made range by range


def test_a_source_too_long_for_a_folder_name_stops_the_export_as_in_serial(scheduler, tmp_path):
    path = tmp_path / "long.bel"
    path.write_text("".join(f'[Rules "classic"]\n[Source "{s}"]\n\ndeal 1\n\nend *\n\n'
                            for s in ["short"] * 40 + ["é" * 125] + ["short"] * 5), encoding="utf-8")
    said = []
    for name, extra in (("serial", []), ("spread", ["--cluster", scheduler])):
        done = _run("export", str(path), "-o", str(tmp_path / name), "--partition-by", "source", *extra)
        assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr[-2000:]
        said.append([line for line in done.stderr.decode().splitlines() if "game 41" in line])
    assert said[0] == said[1] and len(said[0]) == 1, said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.bel"]  # no half export, no temporary
