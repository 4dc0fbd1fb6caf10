"""Issue 22, one regression test per item of hostile input on the new surfaces (items 1, 2, 4-9,
12; the solver's 3 and 10 and the page's CSP, 11, are tested on their branches), each input
built in the test (tests/hostile/reproducers22.py), and the doubling checks of linear time
(marked ``slow``: a ratio of CPU times in one run, never an absolute time)."""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from belote_notation.check.replay import replay_game
from belote_notation.check.validator import validate_source
from belote_notation.formats import get_format
from belote_notation.formats.table import CsvFormat
from belote_notation.notation.limits import MAX_ITEMS_PER_GAME
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Game
from belote_notation.pipeline.inputs import Source, open_input
from belote_notation.pipeline.records import PickedGame, pick_game, records_of
from belote_notation.pipeline.review import review_games
from belote_replay.main import cli
from tests.hostile import reproducers22 as rep
from tests.hostile.timing import doubling_ratio

PARTIE = rep.PARTIE
SMALL = rep.ROOT / "samples" / "classic" / "capot-and-belote.bel"
"""A short match: annotate's solver work stays a second or two."""


def belote(*args: str | Path) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


def _nested(depth: int) -> bytes:
    return ("deal 1\ntrick 1 N:AS " + "(E:7S " * depth + ")" * depth + "\nend\n").encode()


# ------------------------------------------------------------------ items 1 and 2: no file destroyed
@pytest.mark.parametrize("command", ["annotate", "render", "convert"])
def test_an_output_that_is_the_input_is_refused_by_inode_not_name(command: str, tmp_path: Path) -> None:
    data = rep.json_twin(0)
    source = tmp_path / "m.json"
    source.write_bytes(data)
    alias = tmp_path / "alias.json"
    os.link(source, alias)
    for out in (source, alias, tmp_path / "." / "m.json"):
        result = belote(command, source, "-o", out)
        assert result.exit_code == 2 and "itself" in result.output, result.output
        assert source.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["alias.json", "m.json"]  # no temporary left


def test_annotate_reads_the_json_twin_as_json(tmp_path: Path) -> None:
    source = tmp_path / "m.json"
    assert belote("convert", SMALL, "-o", source).exit_code == 0
    result = belote("annotate", source, "-o", tmp_path / "reviewed.bel")
    assert result.exit_code == 0, result.output
    reviewed = parse_text((tmp_path / "reviewed.bel").read_text("utf-8"))
    original = parse_text(SMALL.read_text("utf-8"))
    assert len(reviewed) == len(original) == 1 and not reviewed[0].errors
    assert len(reviewed[0].game.deals) == len(original[0].game.deals) > 1


def test_annotate_of_a_file_it_cannot_read_whole_writes_nothing_anywhere(tmp_path: Path) -> None:
    source = tmp_path / "p.bel"
    source.write_bytes(rep.bel_bad_tail(0))
    out = tmp_path / "out.bel"
    out.write_text("kept\n", encoding="utf-8")
    result = belote("annotate", source, "-o", out)
    assert result.exit_code == 1 and f"{source}:" in result.output and "error BEL001" in result.output
    assert out.read_text("utf-8") == "kept\n" and source.read_bytes() == rep.bel_bad_tail(0)
    to_stdout = belote("annotate", source)
    assert to_stdout.exit_code == 1 and "deal 1" not in to_stdout.stdout  # not half a record either


def test_render_reads_json_and_event_logs_as_what_they_are(tmp_path: Path) -> None:
    twin = tmp_path / "m.json"
    twin.write_bytes(rep.json_twin(0))
    log = tmp_path / "m.events.jsonl"
    assert belote("convert", PARTIE, "-o", log).exit_code == 0
    for source in (twin, log):
        page = tmp_path / f"{source.name}.html"
        result = belote("render", source, "-o", page)
        assert result.exit_code == 0, result.output
        text = page.read_text("utf-8")
        assert "BEL001" not in text and text.count('class="belote-game"') == 1


# ------------------------------------------------------------------ item 4: each finding at its own line
def test_a_card_dealt_again_and_again_is_found_at_each_line() -> None:
    reports = list(validate_source(io.BytesIO(rep.rest_lines(50)), "rest.bel"))
    places = [(f.line, f.col) for f in reports[0].findings if f.code == "BEL102"]
    assert len(places) == 150 and len(set(places)) == 150  # three cards a line, fifty lines
    assert len({line for line, _ in places}) == 50


def test_the_findings_of_many_deals_are_placed_on_their_deals() -> None:
    game = parse_text(rep.short_deals(40).decode())[0].game
    replay = replay_game(game)
    for position, deal in enumerate(replay.deals):
        lines = {f.line for f in deal.findings if f.code == "BEL102"}
        assert lines == {2 * position + 2}


# ------------------------------------------------------------------ item 5: nesting
def test_annotate_takes_any_nesting_and_render_refuses_past_its_limit_with_a_located_finding(
        tmp_path: Path) -> None:
    deep = tmp_path / "deep.bel"
    deep.write_bytes(_nested(300))
    assert belote("annotate", deep, "-o", tmp_path / "out.bel").exit_code == 0
    refused = belote("render", deep, "-o", tmp_path / "deep.html")
    assert refused.exit_code == 2 and "RecursionError" not in refused.output
    assert f"{deep}:2:609: warning BEL810 game 1 cannot be drawn" in refused.output
    fine = tmp_path / "fine.bel"
    fine.write_bytes(_nested(100))
    assert belote("render", fine, "-o", tmp_path / "fine.html").exit_code == 0


# ------------------------------------------------------------------ item 6: CSV formula injection
def test_csv_cells_are_never_formulas() -> None:
    game = parse_text(rep.formula_tags(0).decode())[0].game
    out = io.StringIO()
    list(CsvFormat().write([game], out))
    cells = [cell for line in out.getvalue().splitlines()[1:] for cell in line.split(",")]
    assert all(not cell.lstrip('"').startswith(("=", "+", "@")) for cell in cells), cells
    assert any(cell.startswith("\"'=HYPERLINK(") for cell in cells)


# ------------------------------------------------------------------ item 7: importers' limits
@pytest.mark.parametrize("case", [r for r in rep.IMPORTER_REPRODUCERS if r.name.endswith("long-number")],
                         ids=lambda r: r.name)
def test_a_long_number_is_a_located_issue_in_every_importer(case: rep.Reproducer22) -> None:
    with open_input(Source(f"in{case.suffix}", data=case.make(case.size))) as opened:
        found = [f for read in records_of(opened) for f in read.findings]
    assert any(f.code == case.finding and f.line > 0 for f in found), [str(f) for f in found]
    assert all(len(f.message) < 300 for f in found)


@pytest.mark.slow  # 1,300 deals of events: a few seconds
def test_a_game_of_an_importer_stops_at_the_readers_item_limit() -> None:
    with open_input(Source("big.events.jsonl", data=rep.events_long_game(1300))) as opened:
        read = list(records_of(opened))
    assert len(read) == 2 and all(r.game is not None for r in read)
    cut = [f for f in read[0].findings + read[1].findings if "the reader's limit for a game" in f.message]
    assert len(cut) == 1 and cut[0].line > 0
    # nothing is lost: the game is cut (the deal under way at the cut goes on in the next part)
    assert sum(len(r.game.deals) for r in read if r.game) in (1300, 1301)
    for part in read:
        assert part.game is not None
        items = sum(len(d.bids) + sum(len(t.plays) for t in d.tricks) for d in part.game.deals)
        assert items <= MAX_ITEMS_PER_GAME


def test_a_csv_with_an_open_quote_costs_bounded_games() -> None:
    fmt = get_format("csv")
    assert fmt is not None
    games = [g for g in fmt.read(io.BytesIO(rep.csv_open_quote(30_000))) if isinstance(g, Game)]
    assert len(games) >= 2 and max(len(g.deals) for g in games) <= MAX_ITEMS_PER_GAME // 5


def test_generate_refuses_a_target_it_cannot_reach_within_the_readers_limits(tmp_path: Path) -> None:
    out = tmp_path / "g.bel"
    result = belote("generate", "--option", "target=99999999999999999999", "-o", out)
    assert result.exit_code == 2 and "out of range" in result.output and not out.exists()


# ------------------------------------------------------------------ item 8: streaming
class Zeros(io.RawIOBase):
    """``/dev/zero`` in a test: endless NUL bytes."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        buffer[:] = bytes(len(buffer))
        return len(buffer)


def test_picking_a_game_of_an_endless_input_ends_with_its_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    from belote_notation.pipeline import records

    monkeypatch.setattr(records, "PICK_BUDGET", 500_000)  # smaller for speed (the slow test: the real one)
    picked = pick_game(io.BufferedReader(Zeros()), 1)
    assert isinstance(picked, PickedGame) and [f.code for f in picked.syntax] == ["BEL008"]


def test_an_input_without_a_game_says_why_in_show_and_solve(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(rep.json_malformed(0))
    for command in ("show", "solve"):
        result = belote(command, bad)
        assert result.exit_code == 2 and f"{bad}:1:" in result.output and "BEL801" in result.output
        assert "Traceback" not in result.output and result.exception is None or \
            isinstance(result.exception, SystemExit)


def test_annotate_takes_one_game_at_a_time() -> None:
    taken = []

    def games() -> Iterator[Game]:
        for k in range(3):
            taken.append(k)
            yield parse_text("deal 1 dealer N\nend\n")[0].game

    for index, _ in enumerate(review_games(games())):
        assert taken == list(range(index + 1))  # the next game is not read before this one is given


# ------------------------------------------------------------------ item 12: exit codes
@pytest.mark.parametrize("command", ["validate", "show", "fmt", "convert", "render", "solve", "annotate"])
def test_a_missing_file_exits_2_everywhere(command: str, tmp_path: Path) -> None:
    result = belote(command, tmp_path / "missing.bel")
    assert result.exit_code == 2, result.output


def test_an_unreadable_json_input_exits_2_as_the_help_says(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(rep.json_malformed(0))
    assert belote("validate", bad).exit_code == 2


# ------------------------------------------------------------------ item 4: linear time


@pytest.mark.slow
@pytest.mark.timing  # a CPU ratio: run alone by .ci/run (-n 0)
@pytest.mark.parametrize("make, n, work", [
    (rep.rest_lines, 1500, lambda data: list(validate_source(io.BytesIO(data), "x.bel"))),
    (rep.short_deals, 3000, lambda data: replay_game(parse_text(data.decode())[0].game)),
], ids=["validate-rest-lines", "replay-short-deals"])
def test_doubling_the_input_about_doubles_the_time(make: Callable[[int], bytes], n: int,
                                                   work: Callable[[bytes], object]) -> None:
    small, large = make(n), make(2 * n)
    ratio = doubling_ratio(lambda: work(small), lambda: work(large), 1e-3)
    assert ratio < 3.0, f"doubling took {ratio:.1f} times as long"
