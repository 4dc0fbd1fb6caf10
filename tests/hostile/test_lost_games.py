"""No dropped game passes (issue 31): a game of the JSON twin that cannot be read is an error in
its own place, in every output format; the games after it keep their numbers; a twin cut short
is an error (issue 38)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import belote_notation as bn
from belote_notation.formats import get_format
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from tests.cli.cli_support import run_in_process


def twin_of(games: int = 3, seed: int = 5) -> str:
    """``games`` small legal games as the JSON twin (positions kept: one field a line)."""
    fmt = get_format("json")
    assert fmt is not None
    out = io.StringIO()
    played = [next(iter(generate_games(Ruleset.preset("classic"), None, deals=2, seed=seed + n)))
              for n in range(games)]
    list(fmt.write(played, out))
    return out.getvalue()


def three_with_a_bad_second(tmp_path: Path) -> tuple[Path, int]:
    """The 3-game twin whose game 2 has ``"deals": "not a list"``, and the line game 2 starts on."""
    document = json.loads(twin_of())
    document["games"][1]["deals"] = "not a list"
    text = json.dumps(document, indent=1)
    path = tmp_path / "three.json"
    path.write_text(text, encoding="utf-8")
    starts = [n for n, line in enumerate(text.splitlines(), 1) if line == "  {"]
    return path, starts[1]


def test_a_bad_game_keeps_its_number_and_is_an_error(tmp_path: Path) -> None:
    path, line = three_with_a_bad_second(tmp_path)
    result = run_in_process("validate", "--no-progress", "--format", "json", path)
    games = json.loads(result.stdout)["files"][0]["games"]
    assert result.returncode == 1
    assert [(g["game"], g["deal_count"]) for g in games] == [(1, 2), (2, 0), (3, 2)]
    assert [(g["game"], f["game"], f["code"], f["severity"], f["line"]) for g in games for f in g["findings"]
            ] == [(2, 2, "BEL801", "error", line)]
    assert "game 2 is left out" in games[1]["findings"][0]["message"]


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "sarif", "github", "junit"])
def test_every_output_format_fails_on_a_lost_game(tmp_path: Path, fmt: str) -> None:
    path, line = three_with_a_bad_second(tmp_path)
    result = run_in_process("validate", "--no-progress", "--format", fmt, path)
    assert result.returncode == 1, result.stdout
    assert "BEL801" in result.stdout and str(line) in result.stdout
    if fmt == "text":
        assert re.search(rf"^{re.escape(str(path))}:{line}:\d+: error BEL801 ", result.stdout, re.M)
        assert "3 games" in result.stdout


def test_bn_validate_numbers_the_games_as_the_input_does(tmp_path: Path) -> None:
    path, line = three_with_a_bad_second(tmp_path)
    reports = bn.validate(str(path))
    assert [(r.game, r.deal_count) for r in reports] == [(1, 2), (2, 0), (3, 2)]
    assert [(f.code, f.severity, f.line, f.game) for f in reports[1].findings] == [
        ("BEL801", "error", line, 2)]


def test_a_twin_cut_in_half_is_an_error_on_the_game_it_stops_in(tmp_path: Path) -> None:
    text = twin_of()
    cut = tmp_path / "half.json"
    cut.write_text(text[:len(text) // 2], encoding="utf-8")
    begun = len(re.findall(r'\{"line": 0, "col": 0, "headers"', text[:len(text) // 2]))  # cut in the last
    result = run_in_process("validate", "--no-progress", "--format", "json", cut)
    games = json.loads(result.stdout)["files"][0]["games"]
    assert result.returncode == 1
    lost = games[-1]
    assert lost["deal_count"] == 0 and [f["code"] for f in lost["findings"]] == ["BEL801"]
    assert f"game {lost['game']} is left out" in lost["findings"][0]["message"]
    assert len(games) == begun >= 2 and all(not g["findings"] and g["deal_count"] == 2 for g in games[:-1])


def test_a_twin_that_stops_after_a_comma_loses_the_next_game(tmp_path: Path) -> None:
    cut = tmp_path / "comma.json"
    cut.write_text('{"games": [{"deals": []}, ', encoding="utf-8")
    reports = bn.validate(str(cut))
    assert [(r.game, [(f.code, f.severity) for f in r.findings]) for r in reports] == [
        (1, []), (2, [("BEL801", "error")])]


def test_a_twin_with_no_readable_game_is_unreadable(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": [{"deals": 3}, {"deals": 4}]}', encoding="utf-8")
    result = run_in_process("validate", "--no-progress", bad)
    assert result.returncode == 2 and result.stdout.count("error BEL801") == 2


def test_show_gives_a_lost_game_as_that_game_and_no_other(tmp_path: Path) -> None:
    path, line = three_with_a_bad_second(tmp_path)
    second = run_in_process("show", path, "--game", "2")  # nothing to show: exit 2, and why
    assert second.returncode == 2 and f"{path}:{line}:3: error BEL801" in second.stderr
    assert "there is no game 2" in second.stderr
    third = run_in_process("show", path, "--game", "3")
    assert third.returncode == 0 and "BEL801" not in third.stdout + third.stderr
    page = run_in_process("render", path, "--game", "3", "-o", tmp_path / "g3.html")
    assert page.returncode == 0 and "BEL801" not in page.stderr


def test_a_cfn_line_that_is_not_read_is_that_game(tmp_path: Path) -> None:
    lines = (Path(__file__).resolve().parents[2] / "samples" / "formats" / "colver-deals.cfn").read_text(
        encoding="utf-8").splitlines()
    bad = tmp_path / "deals.cfn"
    bad.write_text("\n".join([lines[0], lines[1], "X:not a deal - 0", lines[3]]) + "\n", encoding="utf-8")
    result = run_in_process("validate", "--no-progress", "--format", "json", bad)
    games = json.loads(result.stdout)["files"][0]["games"]
    assert result.returncode == 1
    assert [(g["game"], g["line"], g["deal_count"]) for g in games] == [
        (1, 1, 1), (2, 2, 1), (3, 3, 0), (4, 4, 1)]
    errors = [(f["game"], f["code"], f["line"]) for g in games for f in g["findings"]
              if f["severity"] == "error"]
    assert errors == [(3, "BEL801", 3)]
