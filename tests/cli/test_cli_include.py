"""Folders (issue 31): files of a folder that are not ``.bel`` are read when ``include`` (the
configuration) or ``--include`` names them, and are never left out without a word."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.cli_support import run_belote
from tests.pipeline.test_every_format import BEL303, CLEAN, as_format


def season(folder: Path) -> Path:
    """A season folder: one .bel game, an app's event log (with one illegal card), a CSV sheet."""
    folder.mkdir()
    (folder / "night-1.bel").write_text(CLEAN.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "app.events.jsonl").write_text(as_format(BEL303, "events"), encoding="utf-8")
    (folder / "sheet.csv").write_text(as_format(CLEAN, "csv"), encoding="utf-8")
    return folder


def test_validate_says_which_files_of_a_folder_it_did_not_read(tmp_path: Path) -> None:
    folder = season(tmp_path / "season")
    result = run_belote("validate", "--no-progress", "season", cwd=tmp_path)
    assert result.returncode == 0 and "Checked 1 file" in result.stdout
    assert ("2 files not read (not .bel): season/app.events.jsonl, season/sheet.csv; name them or add "
            "them to include") in result.stderr
    assert folder.is_dir()


def test_include_reads_the_logs_of_a_folder(tmp_path: Path) -> None:
    season(tmp_path / "season")
    result = run_belote("validate", "--no-progress", "--format", "json", "--include", "*.events.jsonl",
                        "season", cwd=tmp_path)
    document = json.loads(result.stdout)
    assert [f["path"] for f in document["files"]] == ["season/app.events.jsonl", "season/night-1.bel"]
    assert result.returncode == 1  # the log's illegal card
    assert "BEL303" in result.stdout
    assert "1 file not read (not .bel): season/sheet.csv" in result.stderr


def test_include_in_the_configuration_file(tmp_path: Path) -> None:
    season(tmp_path / "season")
    (tmp_path / "belote-replay.toml").write_text('include = ["*.events.jsonl", "*.csv"]\n', encoding="utf-8")
    result = run_belote("validate", "--no-progress", "season", cwd=tmp_path)
    assert "Checked 3 files" in result.stdout and "not read" not in result.stderr
    assert "season/app.events.jsonl:" in result.stdout


def test_a_bad_include_setting_is_a_usage_error(tmp_path: Path) -> None:
    season(tmp_path / "season")
    (tmp_path / "belote-replay.toml").write_text("include = 3\n", encoding="utf-8")
    result = run_belote("validate", "--no-progress", "season", cwd=tmp_path)
    assert result.returncode == 2 and "'include' should be a list of globs" in result.stderr


def test_a_folder_of_logs_says_why_it_is_not_read_and_include_reads_it(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in ("a.events.jsonl", "b.events.jsonl"):
        (logs / name).write_text(as_format(CLEAN, "events"), encoding="utf-8")
    result = run_belote("validate", "--no-progress", "logs", cwd=tmp_path)
    assert result.returncode == 2
    assert "logs: folder holds no .bel file (2 other files: name them or add them to include)" in (
        result.stderr)
    included = run_belote("validate", "--no-progress", "--include", "*.jsonl", "logs", cwd=tmp_path)
    assert included.returncode == 0 and "Checked 2 files, 2 games" in included.stdout


def test_the_collections_say_what_they_left_out_too(tmp_path: Path) -> None:
    season(tmp_path / "season")
    result = run_belote("select", "--count", "season", cwd=tmp_path)
    assert result.returncode == 0 and result.stdout.strip() == "1"
    assert "2 files not read (not .bel)" in result.stderr
