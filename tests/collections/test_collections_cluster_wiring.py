"""``--cluster ADDRESS`` of the collection commands: the work goes to the cluster's backend
(byte ranges through the one window) and its result is written as the serial run's; without a
cluster backend the command says so (exit 2). Here the cluster's window runs on threads of this
process; the real Dask runs are the cluster branch's tests (``tests/cluster``, marker
``cluster``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.cluster import ClusterBackend
from belote_notation.pipeline.executor import Window
from belote_replay.main import cli
from tests.collections.collection_data import as_text, collection_games

COMMANDS = [["select", "--taker", "N"], ["select", "--count", "--outcome", "made"],
            ["stats", "--format", "json"], ["dedupe"]]


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The cluster's window on two threads, not Dask (the addresses each window was opened for
    are listed), and ranges of a game or two: each input is cut many times."""
    opened: list[str] = []

    @contextmanager
    def window(self: ClusterBackend) -> Iterator[Window]:
        opened.append(self.address)
        with ThreadPoolExecutor(2) as threads, Window(threads, 6) as window:
            yield window

    monkeypatch.setattr(ClusterBackend, "window", window)
    monkeypatch.setenv("BELOTE_RANGE_BYTES", "1500")
    return opened


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("wiring") / "club.bel"
    games = collection_games()[:10]
    path.write_text(as_text(games + games[:2]), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
def test_the_cluster_gets_the_work_and_its_result_is_the_serial_one(command, source, windows):
    serial = CliRunner().invoke(cli, [command[0], str(source), *command[1:]])
    spread = CliRunner().invoke(cli, [command[0], str(source), *command[1:], "--cluster", "local:2"])
    assert windows == ["local:2"]
    assert spread.exit_code == serial.exit_code and serial.exit_code in (0, 1), serial.output
    assert spread.stdout == serial.stdout


@pytest.mark.parametrize("command", [["stats"], ["validate"], ["convert", "--to", "json"], ["annotate"]],
                         ids=lambda c: c[0])
def test_without_a_cluster_backend_the_command_says_so(command, source, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as when it is not installed
    done = CliRunner().invoke(cli, [command[0], str(source), *command[1:], "--cluster", "local:2"])
    assert done.exit_code == 2 and "needs the cluster backend" in done.output, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)


def test_export_through_the_cluster_writes_the_same_tables(source, tmp_path, windows):
    pq = pytest.importorskip("pyarrow.parquet")
    for name, extra in (("serial", []), ("spread", ["--cluster", "local:2"])):
        done = CliRunner().invoke(cli, ["export", str(source), "-o", str(tmp_path / name), *extra])
        assert done.exit_code == 0, done.output
    assert windows == ["local:2"]
    for table in ("games", "deals", "tricks", "findings"):
        a = pq.read_table(tmp_path / "serial" / table).to_pylist()
        b = pq.read_table(tmp_path / "spread" / table).to_pylist()
        assert a == b and a
