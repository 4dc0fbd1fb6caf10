"""Nothing silently partial (issue 38): a game that could not be read whole is reported with its
place by every command that reads it, and changes the exit code; a truncated input is an error."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from belote_notation.collections.work import WholeGames, run_serial
from belote_notation.formats import get_format
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game
from belote_notation.pipeline.inputs import Source
from tests.cli.cli_support import run_belote, run_in_process


def games(count: int = 3) -> list[str]:
    """``count`` small legal games as .bel texts."""
    rules = Ruleset.preset("classic")
    return [write_game(next(iter(generate_games(rules, None, deals=2, seed=11 + n)))) for n in range(count)]


def broken_collection(tmp_path: Path) -> tuple[Path, int]:
    """Three games, the second with an unreadable token; then 1,000 unbalanced braces (a fourth
    game that never closes its comment). The line of the unreadable token."""
    first, second, third = games()
    lines = second.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("trick 3 "))
    lines[at] = lines[at].replace("trick 3 ", "trick 3 ZZ ", 1)
    text = "\n".join([first, "\n".join(lines) + "\n", third, "{" * 1000 + "\n"])
    path = tmp_path / "club.bel"
    path.write_text(text, encoding="utf-8")
    return path, first.count("\n") + 2 + at


def half_twin(tmp_path: Path) -> Path:
    """The JSON twin of three games, cut in half (inside game 2)."""
    fmt = get_format("json")
    assert fmt is not None
    out = io.StringIO()
    list(fmt.write((generate_games(Ruleset.preset("classic"), None, deals=2, seed=11 + n).__next__()
                    for n in range(3)), out))
    text = out.getvalue()
    path = tmp_path / "half.json"
    path.write_text(text[:len(text) // 2], encoding="utf-8")
    return path


def test_whole_games_counts_the_others() -> None:
    class Count:
        def map(self, games: object) -> int:
            return sum(1 for _ in games)  # type: ignore[attr-defined]

        def merge(self, parts: list[int]) -> int:
            return sum(parts)

    source = Source("a.bel", data=b"deal 1\nend\ndeal 1\ntrick 1 N:ZZ\nend\n")
    total, unread = run_serial(WholeGames(Count()), [source])
    assert (total, unread.games, [(f.code, f.line) for f in unread.findings]) == (1, 1, [("BEL001", 4)])


@pytest.mark.parametrize("command", [["select"], ["select", "--count"], ["dedupe"], ["stats"]])
def test_a_game_with_an_unreadable_token_is_reported_and_left_out(tmp_path: Path, command: list[str]) -> None:
    path, line = broken_collection(tmp_path)
    result = run_in_process(*command, path)
    assert result.returncode == 1, result.stderr
    assert re.search(rf"^{re.escape(str(path))}:{line}:\d+: error BEL001 ", result.stderr, re.M)
    assert re.search(rf"^{re.escape(str(path))}:\d+:1: error BEL002 ", result.stderr, re.M)
    assert "2 games could not be read whole (left out)" in result.stderr
    if command == ["select"] or command == ["dedupe"]:
        assert result.stdout.count("\nend") == 2 and "ZZ" not in result.stdout
    if command == ["select", "--count"]:
        assert result.stdout.strip() == "2"


@pytest.mark.parametrize("command", [["select"], ["select", "--count"], ["dedupe"], ["stats"]])
def test_a_twin_cut_in_half_is_an_error_in_the_collections(tmp_path: Path, command: list[str]) -> None:
    path = half_twin(tmp_path)
    result = run_in_process(*command, path)
    assert result.returncode == 1, result.stderr
    where = re.escape(str(path))
    assert re.search(rf"^{where}:\d+:\d+: error BEL801 .*\(game 2 is left out\)", result.stderr, re.M)
    assert "1 game could not be read whole" in result.stderr


def test_export_reports_the_games_it_could_not_read(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    path = half_twin(tmp_path)
    result = run_belote("export", path, "-o", tmp_path / "tables")
    assert result.returncode == 1
    assert "wrote 1 games" in result.stderr and "error BEL801" in result.stderr


def test_render_draws_what_it_read_and_says_what_it_could_not(tmp_path: Path) -> None:
    path, line = broken_collection(tmp_path)
    result = run_in_process("render", path, "-o", tmp_path / "club.html")
    assert result.returncode == 1
    assert re.search(rf"^{re.escape(str(path))}:{line}:\d+: error BEL001 ", result.stderr, re.M)
    assert "drawn as far as it was read" in result.stderr and (tmp_path / "club.html").exists()


@pytest.mark.parametrize("command", [["annotate"], ["convert", "--to", "json"]])
def test_annotate_and_convert_refuse_a_game_not_read_whole(tmp_path: Path, command: list[str]) -> None:
    path, line = broken_collection(tmp_path)
    result = run_in_process(*command, path)
    assert result.returncode in (1, 2) and f"{path}:{line}:" in result.stderr


def test_clean_inputs_still_pass(tmp_path: Path) -> None:
    clean = tmp_path / "clean.bel"
    clean.write_text("\n".join(games(2)), encoding="utf-8")
    for command in (["select"], ["dedupe"], ["stats"], ["render", "-o", str(tmp_path / "c.html")]):
        result = run_in_process(*command, clean)
        assert result.returncode == 0, (command, result.stderr)
        assert "could not be read whole" not in result.stderr
