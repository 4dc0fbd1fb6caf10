"""belote-replay fmt / convert / schema through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from belote_replay.convert import command as convert
from belote_replay.fmt import command as fmt
from belote_replay.schema import command as schema

CANONICAL = ('[Rules "classic"]\n\ndeal 1 dealer S\ntafr9a N 7H 8H QH QD JC\n'
             "trick 1 W:8D N:QD E:7D S:9D winner N\nscore 64 98\n\nend *\n")
LENIENT = ('[Rules "classic"]\nDeal 1 Dealer s\ncinq n 7♥ 8♥ d♥ d♦ v♣\n'
           "pli 1 w:8♦ n:D♦ e:7♦ s:9♦ gagne n\nmarque 64 98\nfin *\n")


def test_fmt_rewrites_lenient_files_and_leaves_canonical_ones(tmp_path: Path) -> None:
    lenient, canonical = tmp_path / "a.bel", tmp_path / "b.bel"
    lenient.write_text(LENIENT, encoding="utf-8")
    canonical.write_text(CANONICAL, encoding="utf-8")
    result = CliRunner().invoke(fmt, [str(lenient), str(canonical)])
    assert result.exit_code == 0, result.output
    assert lenient.read_text("utf-8") == CANONICAL
    assert canonical.read_text("utf-8") == CANONICAL
    assert "reformatted" in result.output


def test_fmt_check_lists_files_and_writes_nothing(tmp_path: Path) -> None:
    lenient = tmp_path / "a.bel"
    lenient.write_text(LENIENT, encoding="utf-8")
    result = CliRunner().invoke(fmt, ["--check", str(tmp_path)])
    assert result.exit_code == 1
    assert f"would reformat {lenient}" in result.output
    assert lenient.read_text("utf-8") == LENIENT


def test_fmt_never_rewrites_a_file_with_syntax_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.bel"
    text = LENIENT.replace("7♦", "7X")
    broken.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(fmt, [str(broken)])
    assert result.exit_code == 2
    assert f"{broken}:4:" in result.output and "BEL001" in result.output
    assert broken.read_text("utf-8") == text
    assert list(tmp_path.iterdir()) == [broken]          # no temporary file left behind


def test_fmt_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(fmt, [str(tmp_path / "nope.bel")])
    assert result.exit_code == 2 and "no such file" in result.output


def test_convert_both_ways_without_loss(tmp_path: Path) -> None:
    source = tmp_path / "a.bel"
    source.write_text(CANONICAL, encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(convert, [str(source), "-o", str(tmp_path / "a.json")])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "a.json").read_text("utf-8"))
    assert data["games"][0]["deals"][0]["score"]["ns"] == 64
    result = runner.invoke(convert, [str(tmp_path / "a.json"), "-o", str(tmp_path / "b.bel")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "b.bel").read_text("utf-8") == CANONICAL


def test_convert_stdin_to_stdout_jsonl_and_back() -> None:
    runner = CliRunner()
    result = runner.invoke(convert, ["-", "--to", "jsonl"], input=CANONICAL + "\n" + CANONICAL)
    assert result.exit_code == 0
    assert len(result.output.splitlines()) == 2
    back = runner.invoke(convert, ["-"], input=result.output)
    assert back.exit_code == 0
    assert back.output == CANONICAL + "\n" + CANONICAL


def test_convert_refuses_input_with_errors(tmp_path: Path) -> None:
    source = tmp_path / "bad.bel"
    source.write_text(CANONICAL.replace("8D", "8X"), encoding="utf-8")
    result = CliRunner().invoke(convert, [str(source), "-o", str(tmp_path / "out.json")])
    assert result.exit_code == 2
    assert "BEL001" in result.output and not (tmp_path / "out.json").exists()


def test_convert_bad_json(tmp_path: Path) -> None:
    source = tmp_path / "bad.json"
    source.write_text("{nope", encoding="utf-8")
    result = CliRunner().invoke(convert, [str(source)])
    assert result.exit_code == 2 and "not JSON" in result.output


def test_schema_prints_the_json_schema() -> None:
    result = CliRunner().invoke(schema, [])
    assert result.exit_code == 0
    assert "Deal" in json.loads(result.output)["$defs"]
