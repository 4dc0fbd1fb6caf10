"""``belote-replay validate``: discovery, output formats, exit codes, jobs, hostile input."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.check.report import REPORT_SCHEMA_VERSION
from belote_replay.main import cli
from tests.support.validator import generated_text, played_deals, replace_at

BIN = Path(sys.executable).parent / "belote-replay"


def run(*args: str, input: bytes | str | None = None):
    return CliRunner().invoke(cli, ["validate", *args], input=input, catch_exceptions=False)


@pytest.fixture()
def clean_file(tmp_path: Path) -> Path:
    path = tmp_path / "clean.bel"
    path.write_text(generated_text("classic"), encoding="utf-8")
    return path


@pytest.fixture()
def bad_file(tmp_path: Path) -> tuple[Path, int, int]:
    text = generated_text("moroccan")
    _, deal = played_deals(text)[0]
    score = deal.score
    path = tmp_path / "bad.bel"
    path.write_text(replace_at(text, score.line, score.col, f"score {score.ns} {score.ew}",
                               f"score {score.ns + 1} {score.ew}"), encoding="utf-8")
    return path, score.line, score.col


def test_clean_file_exits_0(clean_file):
    result = run(str(clean_file))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Checked 1 file, ")
    assert "0 errors" in result.output


def test_error_line_is_ruff_like_and_exits_1(bad_file):
    path, line, col = bad_file
    result = run(str(path))
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{col}: error BEL503 recorded deal score")
    assert "1 error" in result.output.splitlines()[-1]


def test_folder_is_searched_recursively(tmp_path, clean_file, bad_file):
    sub = tmp_path / "deep" / "er"
    sub.mkdir(parents=True)
    (sub / "x.bel").write_text(generated_text("gameduell"), encoding="utf-8")
    (sub / "notes.txt").write_text("not a record", encoding="utf-8")
    result = run(str(tmp_path))
    assert result.exit_code == 1
    assert "Checked 3 files" in result.output


def test_stdin(clean_file):
    result = run("-", input=clean_file.read_bytes())
    assert result.exit_code == 0
    assert "Checked 1 file" in result.output


def test_missing_file_and_empty_folder_exit_2(tmp_path):
    result = run(str(tmp_path / "nope.bel"))
    assert result.exit_code == 2
    assert "no such file" in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run(str(empty))
    assert result.exit_code == 2
    assert "holds no .bel file" in result.output


def test_missing_file_among_good_ones_exits_1(tmp_path, clean_file):
    result = run(str(clean_file), str(tmp_path / "nope.bel"))
    assert result.exit_code == 1
    assert "1 unreadable input" in result.output


@pytest.mark.parametrize("args", [["--rules", "whist"], ["--option", "nonsense=1"],
                                  ["--option", "litige=maybe"], ["--option", "noequals"],
                                  ["--format", "xml"], ["--jobs", "-1"]])
def test_usage_errors_exit_2(clean_file, args):
    result = run(*args, str(clean_file))
    assert result.exit_code == 2


def test_no_path_is_a_usage_error():
    assert run().exit_code == 2


def test_rules_and_option_override_the_file(clean_file):
    assert run("--rules", "moroccan", str(clean_file)).exit_code == 1
    result = run("--option", "target=100000", str(clean_file))
    assert result.exit_code == 1
    assert "BEL603" in result.output  # no match can be won with that target


def test_strict_turns_warnings_into_errors(tmp_path):
    text = generated_text("classic")
    _, deal = played_deals(text)[0]
    path = tmp_path / "w.bel"
    # deal numbered 7 instead of 1: a warning
    path.write_text(replace_at(text, deal.line, deal.col, f"deal {deal.number}", "deal 7"),
                    encoding="utf-8")
    relaxed = run(str(path))
    assert relaxed.exit_code == 0 and "warning BEL705" in relaxed.output
    strict = run("--strict", str(path))
    assert strict.exit_code == 1 and "error BEL705" in strict.output


def test_json_document_shape(bad_file, clean_file):
    path, line, col = bad_file
    result = run("--format", "json", str(path), str(clean_file))
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert list(doc) == ["schema_version", "files", "problems", "summary"]
    assert doc["schema_version"] == REPORT_SCHEMA_VERSION
    assert [f["path"] for f in doc["files"]] == [str(path), str(clean_file)]
    game = doc["files"][0]["games"][0]
    assert {"game", "rules", "deck", "findings", "deals", "winner", "totals", "pot"} <= set(game)
    finding = game["findings"][0]
    assert finding == {**finding, "code": "BEL503", "severity": "error", "line": line, "col": col,
                       "game": 1, "file": str(path)}
    deal = next(d for d in game["deals"] if d["outcome"] != "dead")
    assert {"card_points", "announcements", "belote", "outcome", "credited", "pot", "totals"} <= set(deal)
    assert sum(deal["card_points"]) in (162, 0) or deal["outcome"] == "capot"
    assert doc["summary"]["errors"] == 1
    assert doc["summary"]["files"] == 2


def test_jobs_keep_input_order(tmp_path, bad_file, clean_file):
    path, _, _ = bad_file
    other = tmp_path / "other.bel"
    other.write_text(generated_text("traditional"), encoding="utf-8")
    serial = run(str(path), str(clean_file), str(other))
    parallel = run("--jobs", "2", str(path), str(clean_file), str(other))
    assert serial.exit_code == parallel.exit_code == 1
    def strip(out: str) -> list[str]:
        return [line for line in out.splitlines() if not line.startswith("Checked")]

    assert strip(serial.output) == strip(parallel.output)
    json_serial = json.loads(run("--format", "json", str(path), str(other)).output)
    json_parallel = json.loads(run("--format", "json", "-j", "2", str(path), str(other)).output)
    for doc in (json_serial, json_parallel):
        doc["summary"].pop("seconds")
    assert json_serial == json_parallel


def test_jobs_split_one_large_file(tmp_path):
    """A file of several batches (over 256 KiB each today) comes back in order."""
    text = generated_text("moroccan", deals=1000)
    assert len(text.encode("utf-8")) > 600_000
    _, deal = played_deals(text)[-1]
    score = deal.score
    path = tmp_path / "big.bel"
    path.write_text(replace_at(text, score.line, score.col, f"score {score.ns} {score.ew}",
                               f"score {score.ns} {score.ew + 2}"), encoding="utf-8")
    serial = run(str(path))
    parallel = run("-j", "2", str(path))
    assert serial.output.splitlines()[:-1] == parallel.output.splitlines()[:-1]
    assert f":{score.line}:{score.col}: error BEL503" in parallel.output


# ----------------------------------------------------------------------------- hostile input
def _no_traceback(result) -> None:
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_binary_junk(tmp_path):
    path = tmp_path / "junk.bel"
    path.write_bytes(random.Random(20000).randbytes(20000) + b"\x00" * 100)
    result = run(str(path))
    _no_traceback(result)
    assert result.exit_code == 1
    assert "BEL0" in result.output


def test_invalid_utf8(tmp_path):
    text = generated_text("classic").encode("utf-8")
    path = tmp_path / "latin.bel"
    path.write_bytes(text[:200] + b"\xe9\xff" + text[200:])
    result = run(str(path))
    _no_traceback(result)
    assert result.exit_code == 1
    assert "BEL007" in result.output


def test_empty_file(tmp_path):
    path = tmp_path / "empty.bel"
    path.write_bytes(b"")
    result = run(str(path))
    assert result.exit_code == 1
    assert "BEL009" in result.output


def test_big_single_line(tmp_path):
    path = tmp_path / "line.bel"
    path.write_bytes(b"trick 1 " + b"N:AS " * 400_000)  # 2 MB, one line
    result = run(str(path))
    _no_traceback(result)
    assert result.exit_code == 1


def test_deeply_nested_empty_parentheses(tmp_path):
    text = generated_text("classic")
    _, deal = played_deals(text)[0]
    play = deal.tricks[0].plays[0]
    nest = "(" * 5000 + ")" * 5000
    lines = text.split("\n")
    lines[play.line - 1] += " " + nest
    path = tmp_path / "nested.bel"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = run(str(path))
    _no_traceback(result)
    assert result.exit_code == 1
    assert "BEL099" not in result.output  # an empty alternative line is a syntax finding, not a crash


def test_1200_nested_alternative_lines(tmp_path):
    """Variations of any depth, or a clear syntax finding past a documented depth: never BEL099."""
    text = generated_text("classic")
    _, deal = played_deals(text)[0]
    play = deal.tricks[0].plays[0]
    lines = text.split("\n")
    row, at = lines[play.line - 1], play.col - 1
    card = row[at:].split()[0]  # e.g. W:QH, and each alternative plays the same card again
    lines[play.line - 1] = row[:at + len(card)] + f" ({card}" * 1200 + ")" * 1200 + row[at + len(card):]
    path = tmp_path / "nested.bel"
    path.write_text("\n".join(lines), encoding="utf-8")
    result = run(str(path))
    _no_traceback(result)
    assert "BEL099" not in result.output
    assert result.exit_code in (0, 1)


def test_a_folder_named_like_a_file(tmp_path):
    folder = tmp_path / "looks.bel"
    folder.mkdir()
    (folder / "inside.bel").write_text(generated_text("classic"), encoding="utf-8")
    assert run(str(folder)).exit_code == 0


def test_console_script_end_to_end(clean_file, tmp_path):
    """The installed command, in a real process: exit codes and no traceback."""
    ok = subprocess.run([str(BIN), "validate", str(clean_file)], capture_output=True, text=True,
                        timeout=120)
    assert ok.returncode == 0, ok.stderr
    missing = subprocess.run([str(BIN), "validate", str(tmp_path / "missing.bel")],
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 2
    assert "Traceback" not in missing.stderr and "no such file" in missing.stderr


def test_progress_display_forced_on_keeps_output_intact(bad_file):
    path, line, col = bad_file
    result = run("--progress", str(path))
    assert result.exit_code == 1
    assert f"{path}:{line}:{col}: error BEL503" in result.output
    assert "Checked 1 file" in result.output
