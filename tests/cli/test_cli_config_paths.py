"""``per-file-ignores`` and ``exclude`` in the configuration, ``--config PATH`` and ``--isolated``."""

from __future__ import annotations

import pickle
from pathlib import Path

from belote_notation.pipeline.paths import PathPatterns
from belote_notation.pipeline.select import ReportOptions
from tests.cli.cli_support import SAMPLES

pytest_plugins = ["tests.cli.cli_fixture"]

TOTALS = SAMPLES / "invalid" / "BEL601-wrong-match-totals.bel"
CARD = SAMPLES / "invalid" / "BEL303-did-not-follow.bel"


def _club(folder: Path) -> Path:
    """A folder of games: club/ with a wrong total, club/drafts/ with a card error."""
    (folder / "club" / "drafts").mkdir(parents=True)
    (folder / "club" / "night.bel").write_bytes(TOTALS.read_bytes())
    (folder / "club" / "drafts" / "half.bel").write_bytes(CARD.read_bytes())
    return folder / "club"


def _codes(stdout: str) -> list[str]:
    return sorted(line.split()[2] for line in stdout.splitlines() if ": error BEL" in line)


def test_per_file_ignores_and_exclude_from_belote_replay_toml(belote, tmp_path: Path) -> None:
    _club(tmp_path)
    assert _codes(belote("validate", "club").stdout) == ["BEL303", "BEL601"]
    (tmp_path / "belote-replay.toml").write_text(
        'exclude = ["drafts"]\n[per-file-ignores]\n"club/night*.bel" = ["BEL6"]\n', "utf-8")
    done = belote("validate", "club")
    assert done.returncode == 0 and _codes(done.stdout) == [], done.stdout + done.stderr
    assert "Checked 1 file" in done.stdout
    named = belote("validate", "club/drafts/half.bel")  # a file named on its own is checked
    assert _codes(named.stdout) == ["BEL303"]


def test_the_globs_are_relative_to_the_configuration_file(belote, tmp_path: Path) -> None:
    _club(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[tool.belote-replay]\nexclude = ["club/drafts"]\n'
        '[tool.belote-replay.per-file-ignores]\n"club/*.bel" = ["BEL601"]\n', "utf-8")
    done = belote("validate", ".", cwd=tmp_path / "club")
    assert done.returncode == 0 and _codes(done.stdout) == [], done.stdout + done.stderr


def test_config_path_uses_that_file_only_and_isolated_none(belote, tmp_path: Path) -> None:
    _club(tmp_path)
    (tmp_path / "belote-replay.toml").write_text('ignore = ["BEL3"]\n', "utf-8")
    (tmp_path / "other.toml").write_text('ignore = ["BEL6"]\n', "utf-8")
    assert _codes(belote("validate", "club").stdout) == ["BEL601"]
    assert _codes(belote("validate", "--config", "other.toml", "club").stdout) == ["BEL303"]
    assert _codes(belote("validate", "--config=other.toml", "club").stdout) == ["BEL303"]
    assert _codes(belote("validate", "--isolated", "club").stdout) == ["BEL303", "BEL601"]
    missing = belote("validate", "--config", "nowhere.toml", "club")
    assert missing.returncode == 2 and "no such configuration file" in missing.stderr


def test_bad_path_settings_are_usage_errors(belote, tmp_path: Path) -> None:
    _club(tmp_path)
    (tmp_path / "belote-replay.toml").write_text('[per-file-ignores]\n"*.bel" = ["BEL6O1"]\n', "utf-8")
    done = belote("validate", "club")
    assert done.returncode == 2 and "BEL6O1" in done.stderr and "per-file-ignores" in done.stderr
    (tmp_path / "belote-replay.toml").write_text('exclude = 3\n', "utf-8")
    done = belote("validate", "club")
    assert done.returncode == 2 and "'exclude' should be a list of globs" in done.stderr


def test_report_options_with_per_file_ignores_travel_to_workers() -> None:
    options = ReportOptions(per_file_ignores=((PathPatterns(("a/*",), "/r"), ("BEL6",)),))
    assert pickle.loads(pickle.dumps(options)) == options
