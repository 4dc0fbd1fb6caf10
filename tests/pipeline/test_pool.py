"""The ordered pool: the same events, in input order, with one process or two; the two ways
of checking a game (one pass, or cut then checked) agree."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from belote_notation.check.setup import ValidationConfig
from belote_notation.formats import get_format
from belote_notation.notation.read.reader import iter_games
from belote_notation.pipeline import (
    OpenInput,
    ReportOptions,
    Source,
    check_input,
    discover,
    games_of,
    open_input,
)
from belote_notation.pipeline.executor import Backend, ProcessBackend
from belote_notation.pipeline.pool import GameChecked, InputEnded, InputFailed, InputStarted, run
from tests.support.validator import generated_text

ROOT = Path(__file__).resolve().parents[2]
INVALID = ROOT / "samples" / "invalid"


def events_of(path: Path) -> bytes:
    out = io.StringIO()
    fmt = get_format("events")
    assert fmt is not None
    list(fmt.write((p.game for p in iter_games(path)), out))
    return out.getvalue().encode("utf-8")


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_two_processes_yield_the_events_of_one(tmp_path: Path, fmt: str) -> None:
    inputs = [INVALID, events_of(INVALID / "BEL303-did-not-follow.bel"), tmp_path / "missing.bel",
              ROOT / "samples" / "formats" / "colver-deals.cfn"]
    config = ValidationConfig(keep_deals=fmt == "json")
    options = ReportOptions.from_text(ignore=["BEL9"], strict=True)
    found = discover(inputs)
    one = list(run(found.sources, config, fmt, options, Backend.serial()))
    two = list(run(found.sources, config, fmt, options, Backend.processes(2)))
    assert one == two
    kinds = [type(e) for e in one]
    assert kinds.count(InputStarted) == kinds.count(InputEnded) == len(found.sources)
    assert [p.path for p in found.problems] == [str(tmp_path / "missing.bel")]
    assert not any(isinstance(e, InputFailed) for e in one)
    checked = [e for e in one if isinstance(e, GameChecked)]
    assert all(f.severity == "error" for e in checked for f in e.game.findings if f.code == "BEL303")
    assert not any(f.code.startswith("BEL9") for e in checked for f in e.game.findings)


@dataclass(frozen=True, slots=True)
class RangesOnProcesses(ProcessBackend):
    """Worker processes sent byte ranges, as a cluster's workers are: the cluster's road
    without Dask."""

    @property
    def reads_ranges(self) -> bool:
        return True


def test_byte_ranges_on_workers_yield_the_events_of_one_process(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BELOTE_RANGE_BYTES", "1500")  # a game or two a range: many ranges
    many = tmp_path / "many.bel"
    many.write_text("\n".join(p.read_text(encoding="utf-8") for p in sorted(INVALID.glob("*.bel"))),
                    encoding="utf-8")
    inputs = [many, tmp_path / "missing.bel", ROOT / "samples" / "formats" / "colver-deals.cfn"]
    sources = [Source(str(path)) for path in inputs]
    config = ValidationConfig(keep_deals=True)
    one = list(run(sources, config, "json"))
    spread = list(run(sources, config, "json", backend=RangesOnProcesses(2)))
    assert spread == one
    assert sum(isinstance(e, GameChecked) for e in one) > 20 and any(isinstance(e, InputFailed) for e in one)


def test_an_input_that_cannot_be_opened_is_an_event(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder.bel"
    folder.mkdir()
    events = list(run([Source(str(folder))], ValidationConfig(), backend=Backend.processes(2)))
    assert events == [InputFailed(str(folder), "is a folder, not a file")]


def test_one_pass_and_cut_then_checked_agree() -> None:
    config = ValidationConfig()
    for path in sorted(INVALID.glob("*.bel"))[:8]:
        source = discover([path]).sources[0]
        first, second = open_input(source), open_input(source)
        assert isinstance(first, OpenInput) and isinstance(second, OpenInput)
        with first, second:
            whole = list(check_input(first, config))
            cut = [game.check(second.name, config) for game in games_of(second)]
        assert [(r.game, r.findings) for r in whole] == [(r.game, r.findings) for r in cut]


def _read_bytes() -> int:
    with open("/proc/self/io", encoding="ascii") as io:
        return next(int(line.split()[1]) for line in io if line.startswith("rchar:"))


@pytest.mark.skipif(not os.path.exists("/proc/self/io"), reason="counts the bytes read with /proc/self/io")
def test_worker_processes_read_their_own_ranges_of_a_bel_file(tmp_path: Path) -> None:
    """``--jobs``: the workers plan and read the ranges of a ``.bel`` file themselves, so this
    process reads a few per cent of it at most (its start, and the workers' results through
    their pipes), where it read every byte to cut the games; the events are the serial ones."""
    path = tmp_path / "big.bel"
    chunk = generated_text("classic", deals=200, seed=4).encode()
    path.write_bytes(chunk * 20)  # about 2.3 MB: 8 ranges for 2 workers
    sources = [Source(str(path), path.stat().st_size)]
    one = list(run(sources, ValidationConfig()))
    two, before, read = [], 0, 0
    for event in run(sources, ValidationConfig(), backend=Backend.processes(2)):
        two.append(event)
        if isinstance(event, InputStarted):  # the workers started: their start reads no input
            before = _read_bytes()
        elif isinstance(event, InputEnded):  # before the workers end: a child's reads are its
            read = _read_bytes() - before    # parent's once it is waited for
    assert two == one
    assert sum(isinstance(e, GameChecked) for e in two) == 20 * chunk.count(b"[Event ")
    assert read < path.stat().st_size / 100, (read, path.stat().st_size)
