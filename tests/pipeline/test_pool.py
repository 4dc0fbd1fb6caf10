"""The ordered pool: the same events, in input order, with one process or two; the two ways
of checking a game (one pass, or cut then checked) agree."""

from __future__ import annotations

import io
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
from belote_notation.pipeline.pool import GameChecked, InputEnded, InputFailed, InputStarted, run

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
    one = list(run(found.sources, config, fmt, options, jobs=1))
    two = list(run(found.sources, config, fmt, options, jobs=2))
    assert one == two
    kinds = [type(e) for e in one]
    assert kinds.count(InputStarted) == kinds.count(InputEnded) == len(found.sources)
    assert [p.path for p in found.problems] == [str(tmp_path / "missing.bel")]
    assert not any(isinstance(e, InputFailed) for e in one)
    checked = [e for e in one if isinstance(e, GameChecked)]
    assert all(f.severity == "error" for e in checked for f in e.game.findings if f.code == "BEL303")
    assert not any(f.code.startswith("BEL9") for e in checked for f in e.game.findings)


def test_an_input_that_cannot_be_opened_is_an_event(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder.bel"
    folder.mkdir()
    events = list(run([Source(str(folder))], ValidationConfig(), jobs=2))
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
