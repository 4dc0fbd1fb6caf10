"""``--cluster ADDRESS`` of the collection commands: the work goes to
``belote_notation.cluster.run_work(work, sources, address)`` and its result is written as the
serial run's; without a cluster backend the command says so (exit 2). The real Dask runs are
the cluster branch's tests (``tests/cluster``, marker ``cluster``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import belote_notation.cluster as cluster
from belote_notation.collections.work import run_serial
from belote_replay.main import cli
from tests.collections.collection_data import as_text, collection_games

COMMANDS = [["select", "--taker", "N"], ["select", "--count", "--outcome", "made"],
            ["stats", "--format", "json"], ["dedupe"]]


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("wiring") / "club.bel"
    games = collection_games()[:10]
    path.write_text(as_text(games + games[:2]), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_the_cluster_gets_the_work_and_its_result_is_the_serial_one(command, source, monkeypatch):
    calls = []

    def run_work(work, sources, address, progress=None):
        calls.append((type(work).__name__, [s.path for s in sources], address))
        return run_serial(work, sources)

    monkeypatch.setattr(cluster, "run_work", run_work, raising=False)
    serial = CliRunner().invoke(cli, [command[0], str(source), *command[1:]])
    spread = CliRunner().invoke(cli, [command[0], str(source), *command[1:], "--cluster", "local:2"])
    assert calls and calls[0][1:] == ([str(source)], "local:2")
    assert spread.exit_code == serial.exit_code and serial.exit_code in (0, 1), serial.output
    assert spread.stdout == serial.stdout


def test_without_a_cluster_backend_the_command_says_so(source, monkeypatch):
    monkeypatch.delattr(cluster, "run_work", raising=False)
    done = CliRunner().invoke(cli, ["stats", str(source), "--cluster", "local:2"])
    assert done.exit_code == 2 and "cluster backend" in done.output and "Traceback" not in done.output


def test_export_through_the_cluster_writes_the_same_tables(source, tmp_path, monkeypatch):
    pq = pytest.importorskip("pyarrow.parquet")
    monkeypatch.setattr(cluster, "run_work", lambda work, sources, address, progress=None:
                        run_serial(work, sources), raising=False)
    for name, extra in (("serial", []), ("spread", ["--cluster", "local:2"])):
        done = CliRunner().invoke(cli, ["export", str(source), "-o", str(tmp_path / name), *extra])
        assert done.exit_code == 0, done.output
    for table in ("games", "deals", "tricks", "findings"):
        a = pq.read_table(tmp_path / "serial" / table).to_pylist()
        b = pq.read_table(tmp_path / "spread" / table).to_pylist()
        assert a == b and a
