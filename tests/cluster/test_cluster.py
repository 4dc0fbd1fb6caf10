"""A real Dask LocalCluster of 2 worker processes: every command wired to ``--cluster`` gives the
serial run's output byte for byte (several formats, several files, files with errors, inputs
cut into many ranges); a worker killed mid-run changes nothing; ``run_work`` of a small work
equals its serial run."""

from __future__ import annotations

import os
import re
import signal
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import pytest

from belote_notation.check.setup import ValidationConfig
from belote_notation.cluster import ClusterBackend
from belote_notation.collections.spread import run_work, serial_parts
from belote_notation.formats import get_format
from belote_notation.notation.read.reader import iter_games
from belote_notation.pipeline import discover
from belote_notation.pipeline.executor import Backend
from belote_notation.pipeline.pool import GameChecked, Job, run
from belote_notation.pipeline.range_checks import run_by_ranges
from belote_notation.pipeline.records import ReadGame
from tests.cli.cli_support import run_belote
from tests.support.validator import generated_text

pytestmark = pytest.mark.cluster

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
SMALL_RANGES = {"BELOTE_RANGE_BYTES": "1500"}
"""Ranges of a game or two: every input of a few kilobytes is cut many times."""
TIMING = re.compile(r' in [0-9.]+s(, [0-9,]+ deals/s)?\.|"seconds": ?[0-9.]+|time="[0-9.]+"')


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Several files and formats: a multi-game file, its CRLF twin with a BOM, a file with
    errors (syntax, illegal cards, a game without end), an event log, a CFN file, a folder."""
    folder = tmp_path_factory.mktemp("inputs")
    games = "\n".join(generated_text(p, deals=4, seed=s) for s in range(3)
                      for p in ("classic", "moroccan", "traditional"))
    (folder / "many.bel").write_text(games, encoding="utf-8")
    (folder / "crlf.bel").write_bytes(b"\xef\xbb\xbf" + games.replace("\n", "\r\n").encode())
    invalid = sorted((SAMPLES / "invalid").glob("*.bel"))
    broken = "\n".join(p.read_text(encoding="utf-8") for p in invalid)
    (folder / "errors.bel").write_text(broken + "\ndeal 1\ntrick 1 N:ZZ\n[Event \"after\"]\ndeal 1\nend\n",
                                       encoding="utf-8")
    events = get_format("events")
    assert events is not None
    with (folder / "log.events.jsonl").open("w", encoding="utf-8") as out:
        list(events.write((p.game for p in iter_games(invalid[0])), out))
    return [folder / "many.bel", folder / "crlf.bel", folder / "errors.bel", folder / "log.events.jsonl",
            SAMPLES / "formats" / "colver-deals.cfn", SAMPLES / "classic", folder / "missing.bel"]


def _same_run(args: Sequence[str | Path], address: str) -> tuple[str, str]:
    serial = run_belote(*args, env=SMALL_RANGES)
    cluster = run_belote(*args, "--cluster", address, env=SMALL_RANGES)
    assert cluster.returncode == serial.returncode, cluster.stderr
    assert TIMING.sub("", cluster.stdout) == TIMING.sub("", serial.stdout)
    assert TIMING.sub("", cluster.stderr) == TIMING.sub("", serial.stderr)
    return serial.stdout, serial.stderr


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "github", "sarif", "junit"])
def test_validate_on_the_cluster_writes_the_serial_output(scheduler: str, inputs: list[Path],
                                                          fmt: str) -> None:
    out, err = _same_run(["validate", *inputs, "--format", fmt, "--no-progress"], scheduler)
    assert "BEL303" in out and "BEL001" in out      # findings of the cut files are there
    assert "missing.bel" in out + err


def test_validate_with_options_and_a_local_cluster(inputs: list[Path]) -> None:
    args = ["validate", *inputs[:3], "--rules", "classic", "--ignore", "BEL9", "--strict", "--source",
            "--no-progress"]
    out, _ = _same_run(args, "local:2")
    assert "Checked" in out


@pytest.mark.parametrize("to", ["json", "bel", "events", "jsonl"])
def test_convert_on_the_cluster_writes_the_serial_output(scheduler: str, inputs: list[Path], to: str,
                                                         tmp_path: Path) -> None:
    for source in inputs[:2]:
        out, _ = _same_run(["convert", source, "--to", to], scheduler)
        assert out
    serial, cluster = tmp_path / "serial.json", tmp_path / "cluster.json"
    run_belote("convert", inputs[0], "-o", serial, env=SMALL_RANGES)
    run_belote("convert", inputs[0], "-o", cluster, "--cluster", scheduler, env=SMALL_RANGES)
    assert cluster.read_bytes() == serial.read_bytes()


def test_convert_of_a_file_with_errors_is_refused_as_in_serial(scheduler: str, inputs: list[Path]) -> None:
    _, err = _same_run(["convert", inputs[2], "--to", "json"], scheduler)
    assert "not converted" in err


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_annotate_on_the_cluster_writes_the_serial_review(scheduler: str, fmt: str, tmp_path: Path) -> None:
    source = tmp_path / "two.bel"
    source.write_text("\n".join(generated_text("classic", deals=2, seed=s) for s in (1, 2)), encoding="utf-8")
    out, _ = _same_run(["annotate", source, "--format", fmt], scheduler)
    assert out.strip()


def test_cluster_and_jobs_together_are_a_usage_error(inputs: list[Path]) -> None:
    for command in (["validate", inputs[0]], ["annotate", inputs[0]]):
        done = run_belote(*command, "--jobs", "2", "--cluster", "local:2")
        assert done.returncode == 2 and "one at a time" in done.stderr
    done = run_belote("validate", inputs[0], "--cluster", "nowhere")
    assert done.returncode == 2 and "local:N or tcp://host:port" in done.stderr


class DealCount:
    """A small work of our own: games, deals and deals per dealer of the ranges."""

    def map(self, games: Iterable[ReadGame]) -> Counter[str]:
        count: Counter[str] = Counter()
        for read in games:
            count["games"] += 1
            for deal in read.game.deals if read.game else ():
                count["deals"] += 1
                count[f"dealer {deal.dealer}"] += 1
        return count

    def merge(self, parts: Sequence[Counter[str]]) -> Counter[str]:
        total: Counter[str] = Counter()
        for part in parts:
            total.update(part)
        return total


def test_run_work_equals_its_serial_run(scheduler: str, inputs: list[Path]) -> None:
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers need not import tests/
    files = [p for p in inputs if p.exists()]
    work = DealCount()
    whole = work.merge([work.map(read for part in [files] for read in _all_records(part))])
    parts = serial_parts(work, files, target=1500)
    assert len(parts) > len(files)                      # the inputs were cut
    assert work.merge(parts) == whole
    seen: list[int] = []
    on_cluster = ClusterBackend(scheduler)
    assert run_work(work, files, on_cluster, lambda r: seen.append(r.first_game), target=1500) == whole
    assert len(seen) == len(parts)
    with pytest.raises(OSError, match="no such file"):
        run_work(work, inputs, ClusterBackend(scheduler))


def test_a_collection_command_runs_its_work_here_or_on_the_cluster(scheduler: str,
                                                                   inputs: list[Path]) -> None:
    import cloudpickle

    from belote_replay.cluster import run_collection_work

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    sources = discover([p for p in inputs if p.exists()]).sources
    work = DealCount()

    here = run_collection_work(work, sources, Backend.serial(), "counting")
    assert here == work.merge([work.map(_all_records([Path(s.path) for s in sources]))])
    assert run_collection_work(work, sources, ClusterBackend(scheduler), "counting", False) == here
    with pytest.raises(SystemExit) as stopped:
        run_collection_work(work, sources, ClusterBackend("tcp://127.0.0.1:1"), "counting", False)
    assert stopped.value.code == 2


def _all_records(paths: list[Path]) -> Iterator[ReadGame]:
    from belote_notation.pipeline.inputs import open_input
    from belote_notation.pipeline.records import records_of

    for source in discover(paths).sources:
        with open_input(source) as opened:  # type: ignore[union-attr]
            yield from records_of(opened)


def test_a_worker_killed_mid_run_changes_nothing(scheduler: str, inputs: list[Path]) -> None:
    from distributed import Client

    sources = discover(inputs[:3] * 1).sources
    config = ValidationConfig(keep_deals=True)
    serial = list(run(sources, config, "json"))
    with Client(scheduler) as client:
        pids = client.run(os.getpid)
    victim = sorted(pids.values())[0]
    killed: list[int] = []

    def kill_once(path: str, done: int, games: int, deals: int) -> None:
        if not killed:
            os.kill(victim, signal.SIGKILL)
            killed.append(games)

    on_cluster = ClusterBackend(scheduler)
    events = list(run_by_ranges(sources, Job(config, "json"), on_cluster, kill_once, target=600))
    assert killed and killed[0] < sum(isinstance(e, GameChecked) for e in serial)  # killed before the end
    assert events == serial
    with Client(scheduler) as client:
        client.wait_for_workers(2, timeout=60)
        assert victim not in client.run(os.getpid).values()


def test_the_one_window_runs_over_dasks_executor(scheduler: str) -> None:
    from distributed import Client

    from belote_notation.pipeline.executor import Window

    with Client(scheduler) as client:
        with Window(client.get_executor(pure=False), 4) as window:
            outcomes = [done for item in range(12) for done in window.submit(item, divmod, 60, item - 5)]
            outcomes += window.drain()
        assert [done.tag for done in outcomes] == list(range(12))
        assert [done.result for done in outcomes if done.error is None] == \
            [divmod(60, item - 5) for item in range(12) if item != 5]
        assert type(outcomes[5].error) is ZeroDivisionError
        window = Window(client.get_executor(pure=False), 3)
        results = window.map(abs, range(-100, 0))
        assert [next(results) for _ in range(3)] == [100, 99, 98]
        results.close()  # what was waiting is cancelled, nothing is held
        assert not window.items and window.in_flight == 0


def test_distributeds_chatter_stays_off_the_commands_stderr(scheduler: str) -> None:
    """What distributed logs below ERROR in the client's process (a connection closed while tasks
    were in flight, at INFO with its traceback; a warning of its client) reaches no handler during
    a run (distributed's own handlers write to stderr; its client's logger has handlers of its own
    and does not propagate), and its loggers are as they were after it."""
    import logging

    from belote_notation.cluster.client import connect

    class Kept(logging.Handler):
        def __init__(self) -> None:
            super().__init__()
            self.messages: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.messages.append(record.getMessage())

    distributed_logger = logging.getLogger("distributed")
    batched, client_logger = logging.getLogger("distributed.batched"), logging.getLogger("distributed.client")
    before = (distributed_logger.level, client_logger.level)
    kept = Kept()
    for logger in (distributed_logger, client_logger):
        logger.addHandler(kept)
    try:
        with connect(scheduler):
            batched.info("Batched Comm Closed")
            client_logger.warning("a client's warning")
            batched.error("an error still shows")
        batched.info("after the run")
    finally:
        for logger in (distributed_logger, client_logger):
            logger.removeHandler(kept)
    assert kept.messages == ["an error still shows", "after the run"]
    assert (distributed_logger.level, client_logger.level) == before
