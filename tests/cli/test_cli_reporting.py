"""Choosing what ``validate`` reports, as ruff does: --select/--ignore, -q, --statistics,
--exit-zero, and defaults from belote-replay.toml or [tool.belote-replay] in pyproject.toml."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

from belote_notation.check.validator import validate_source
from tests.cli.cli_support import SAMPLES

INVALID = SAMPLES / "invalid"
FINDING = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<severity>\w+) (?P<code>BEL\d{3}) ")

pytest_plugins = ["tests.cli.cli_fixture"]  # the `belote` fixture


def codes(output: str) -> list[str]:
    return [m["code"] for line in output.splitlines() if (m := FINDING.match(line))]


@lru_cache(maxsize=1)
def every_code() -> Counter[str]:
    """The codes of samples/invalid, from the library: what a selection is taken from."""
    return Counter(f.code for path in sorted(INVALID.glob("*.bel"))
                   for report in validate_source(str(path), str(path)) for f in report.findings)


def chosen(*prefixes: str, but: tuple[str, ...] = ()) -> set[str]:
    return {c for c in every_code() if c.startswith(prefixes) and not c.startswith(but or ("-",))}


def test_select_and_ignore_by_code_and_prefix(belote) -> None:
    every = codes(belote("validate", INVALID).stdout)
    assert {"BEL303", "BEL304", "BEL503", "BEL910"} <= set(every)

    only = belote("validate", INVALID, "--select", "BEL3")
    assert only.returncode == 1
    assert codes(only.stdout) and all(c.startswith("BEL3") for c in codes(only.stdout))
    assert "BEL303" in codes(only.stdout)

    ignored = belote("validate", INVALID, "--ignore", "BEL3,BEL910")
    assert not any(c.startswith("BEL3") or c == "BEL910" for c in codes(ignored.stdout))
    assert "BEL503" in codes(ignored.stdout)

    # the most specific prefix wins, as in ruff: BEL303 stays although BEL30 is ignored
    specific = belote("validate", INVALID, "--select", "BEL303", "--select", "BEL5", "--ignore", "bel30")
    assert set(codes(specific.stdout)) == {"BEL303"} | {c for c in every if c.startswith("BEL5")}
    # the summary and the exit code count what is reported only
    clean = belote("validate", INVALID / "BEL303-did-not-follow.bel", "--ignore", "BEL303")
    assert clean.returncode == 0 and "0 errors" in clean.stdout


def test_selection_is_the_same_with_worker_processes(belote) -> None:
    one = belote("validate", INVALID, "--select", "BEL30")
    two = belote("validate", INVALID, "--select", "BEL30", "-j", "2")
    assert codes(one.stdout) == codes(two.stdout) != []


def test_unknown_code_is_a_usage_error_with_a_suggestion(belote) -> None:
    result = belote("validate", INVALID, "--ignore", "BEL3O3")
    assert result.returncode == 2
    assert "no finding code starts with 'BEL3O3'" in result.stderr and "BEL303" in result.stderr


def test_quiet_drops_infos_and_the_summary(belote) -> None:
    path = INVALID / "BEL004-unknown-card.bel"
    loud = belote("validate", path)
    assert "info BEL910" in loud.stdout and "Checked 1 file" in loud.stdout
    quiet = belote("validate", "-q", path)
    assert quiet.returncode == loud.returncode == 1
    assert "BEL004" in quiet.stdout and "info" not in quiet.stdout and "Checked" not in quiet.stdout


def test_statistics_counts_per_code(belote) -> None:
    result = belote("validate", "--statistics", INVALID)
    lines = result.stdout.splitlines()
    counted = {m[2]: int(m[1]) for line in lines if (m := re.match(r"^\s+(\d+)  (BEL\d{3})  \w+  ", line))}
    assert counted == every_code() and every_code()["BEL303"] == 1
    assert re.search(r"^\s+\d+  BEL303  error    did not follow the suit led$", result.stdout, re.M)
    assert list(counted.values()) == sorted(counted.values(), reverse=True)  # most frequent first
    assert not codes(result.stdout)  # a count per code instead of the findings
    assert lines[-1].startswith(f"Checked {len(list(INVALID.glob('*.bel')))} files")
    assert belote("validate", "--statistics", "--format", "json", INVALID).returncode == 2


def test_exit_zero(belote) -> None:
    result = belote("validate", "--exit-zero", INVALID / "BEL303-did-not-follow.bel")
    assert result.returncode == 0 and "error BEL303" in result.stdout


def test_pyproject_table_found_upwards_and_overridden_by_the_command_line(belote, tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "club"\n\n[tool.belote-replay]\n'
                                             'ignore = ["BEL303"]\nexit-zero = true\n', encoding="utf-8")
    deep = tmp_path / "records" / "2026"
    deep.mkdir(parents=True)
    path = INVALID / "BEL303-did-not-follow.bel"
    configured = belote("validate", path, cwd=deep)
    assert configured.returncode == 0 and "BEL303" not in configured.stdout
    overridden = belote("validate", path, "--select", "BEL3", cwd=deep)
    assert "error BEL303" in overridden.stdout and overridden.returncode == 0  # exit-zero still on
    assert belote("validate", path, "--ignore", "BEL9", cwd=deep).stdout.count("BEL303") == 0


def test_command_line_select_replaces_the_configuration_ignore_refines_it(belote, tmp_path: Path) -> None:
    (tmp_path / "belote-replay.toml").write_text('select = ["BEL3", "BEL9"]\nignore = ["BEL910"]\n',
                                                 encoding="utf-8")
    assert set(codes(belote("validate", INVALID).stdout)) == chosen("BEL3", "BEL9", but=("BEL910",))
    # --ignore is one more layer: the configuration's select and ignore still hold
    refined = belote("validate", INVALID, "--ignore", "BEL30")
    assert set(codes(refined.stdout)) == chosen("BEL3", "BEL9", but=("BEL910", "BEL30"))
    assert "BEL303" not in refined.stdout
    # --select starts afresh, as in ruff: BEL910 is back, BEL3 gone
    assert set(codes(belote("validate", INVALID, "--select", "BEL910,BEL5").stdout)) == (
        chosen("BEL910", "BEL5")) >= {"BEL910", "BEL503"}


def test_belote_replay_toml_wins_over_pyproject_in_its_folder(belote, tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.belote-replay]\nselect = ["BEL9"]\n', encoding="utf-8")
    (tmp_path / "belote-replay.toml").write_text('select = ["BEL303"]\nformat = "github"\n'
                                                 'options = { target = 1000 }\n', encoding="utf-8")
    result = belote("validate", INVALID / "BEL303-did-not-follow.bel")
    assert result.stdout.startswith("::error file=") and "title=BEL303" in result.stdout


def test_a_pyproject_without_the_table_is_passed_over(belote, tmp_path: Path) -> None:
    (tmp_path / "belote-replay.toml").write_text('ignore = ["BEL303"]\n', encoding="utf-8")
    inner = tmp_path / "project"
    inner.mkdir()
    (inner / "pyproject.toml").write_text('[tool.ruff]\nline-length = 100\n', encoding="utf-8")
    result = belote("validate", INVALID / "BEL303-did-not-follow.bel", cwd=inner)
    assert result.returncode == 0 and "BEL303" not in result.stdout


def test_a_wrong_configuration_says_where_and_what_was_meant(belote, tmp_path: Path) -> None:
    (tmp_path / "belote-replay.toml").write_text('ignroe = ["BEL605"]\n', encoding="utf-8")
    result = belote("validate", INVALID / "BEL303-did-not-follow.bel")
    assert result.returncode == 2
    assert "belote-replay.toml:1: unknown key 'ignroe' (did you mean 'ignore'?)" in result.stderr
    (tmp_path / "belote-replay.toml").write_text('quiet = "yes"\n', encoding="utf-8")
    assert "'quiet' should be a bool" in belote("validate", INVALID).stderr
