"""One reader API (issue 31): ``bn.read_games``, ``bn.iter_games``, ``bn.validate`` and
``bn.replay_game`` take any readable format through the detector the commands use."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import belote_notation as bn
from belote_notation.notation.visitor import HeadersVisitor
from tests.cli.cli_support import SAMPLES
from tests.pipeline.test_every_format import CLEAN, as_format

FORMATS = SAMPLES / "formats"


def test_read_games_of_an_event_log_gives_its_deals(tmp_path: Path) -> None:
    log = tmp_path / "app.events.jsonl"
    log.write_text(as_format(CLEAN, "events"), encoding="utf-8")
    from_log = list(bn.read_games(str(log)))
    from_bel = list(bn.read_games(str(CLEAN)))
    assert [p.errors for p in from_log] == [[]]  # not one false BEL006
    assert [len(p.game.deals) for p in from_log] == [len(p.game.deals) for p in from_bel] > [0]
    def plays(parsed: bn.ParsedGame) -> list[list[tuple[int | None, int]]]:
        return [[(p.seat, p.card) for t in d.tricks for p in t.plays] for d in parsed.game.deals]

    assert plays(from_log[0]) == plays(from_bel[0])


@pytest.mark.parametrize("name", sorted(p.name for p in FORMATS.iterdir() if p.suffix != ".md"))
def test_every_reader_reads_what_validate_reads(name: str) -> None:
    path = str(FORMATS / name)
    games = list(bn.iter_games(path))
    reports = bn.validate(path)
    assert len(games) == len(reports) >= 1
    assert [len(p.game.deals) for p in games] == [r.deal_count for r in reports]
    with open(path, "rb") as handle:  # an open file: the same detector (the name, then the content)
        assert [len(p.game.deals) for p in bn.read_games(handle)] == [r.deal_count for r in reports]


def test_a_stream_is_told_by_its_content_or_its_name(tmp_path: Path) -> None:
    events = as_format(CLEAN, "events")
    assert len(next(bn.read_games(io.StringIO(events))).game.deals) > 0
    assert len(next(bn.read_games(events.encode(), name="app.events.jsonl")).game.deals) > 0


def test_a_visitor_of_another_format_is_told_its_issues() -> None:
    class Errors(HeadersVisitor):
        def begin_game(self, index: int, line: int, col: int) -> None:
            self.codes: list[str] = []
            super().begin_game(index, line, col)

        def visit_error(self, issue) -> None:  # type: ignore[no-untyped-def]
            self.codes.append(issue.code)

        def result(self):  # type: ignore[no-untyped-def]
            return self.codes

    assert list(bn.read_games(b'{"games": [{}, {"deals": 7}, {}]}', Errors)) == [[], ["BEL801"], []]


def test_replay_game_takes_any_input(tmp_path: Path) -> None:
    log = tmp_path / "app.events.jsonl"
    log.write_text(as_format(CLEAN, "events"), encoding="utf-8")
    from_log = bn.replay_game(str(log))
    from_records = bn.replay_game(next(bn.read_games(str(CLEAN))).game)
    assert from_log.report.file == str(log)
    assert [d.report.credited for d in from_log.deals] == [d.report.credited for d in from_records.deals]
    with pytest.raises(LookupError):
        bn.replay_game(str(log), number=2)
    with pytest.raises(OSError):
        bn.replay_game(str(tmp_path / "missing.bel"))
