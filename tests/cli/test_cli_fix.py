"""``belote-replay validate --fix`` and ``--diff``, run as a user runs them."""

from __future__ import annotations

from pathlib import Path

from tests.cli.cli_support import SAMPLES

pytest_plugins = ["tests.cli.cli_fixture"]

SCORE = SAMPLES / "invalid" / "BEL503-wrong-deal-score.bel"
CARD = SAMPLES / "invalid" / "BEL303-did-not-follow.bel"


def _copy(source: Path, folder: Path) -> Path:
    target = folder / source.name
    target.write_bytes(source.read_bytes())
    return target


def test_fix_rewrites_the_score_and_says_what_it_fixed(belote, tmp_path: Path) -> None:
    target = _copy(SCORE, tmp_path)
    done = belote("validate", "--fix", target.name)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().splitlines()[-1] == "Found 1 error (1 fixed, 0 remaining)."
    assert "score 140 62" in target.read_text("utf-8")
    assert belote("validate", target.name).returncode == 0
    again = belote("validate", "--fix", target.name)
    assert again.stdout.strip() == "Found 0 errors (0 fixed, 0 remaining)." and again.returncode == 0


def test_diff_shows_the_change_and_writes_nothing(belote, tmp_path: Path) -> None:
    target = _copy(SCORE, tmp_path)
    done = belote("validate", "--diff", target.name)
    assert done.returncode == 1
    assert "-score 150 52\n+score 140 62\n" in done.stdout
    assert done.stdout.startswith(f"--- {target.name}\n+++ {target.name}\n")
    assert target.read_bytes() == SCORE.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [target.name]


def test_an_error_that_cannot_be_recomputed_remains_and_exits_1(belote, tmp_path: Path) -> None:
    target = _copy(CARD, tmp_path)
    done = belote("validate", "--fix", target.name)
    assert done.returncode == 1
    assert "error BEL303" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "Found 1 error (0 fixed, 1 remaining)."
    assert target.read_bytes() == CARD.read_bytes()


def test_another_format_is_refused_with_exit_2(belote, tmp_path: Path) -> None:
    target = _copy(SAMPLES / "formats" / "club-score-sheet.csv", tmp_path)
    done = belote("validate", "--fix", target.name)
    assert done.returncode == 2
    assert "rewrites .bel files only" in done.stderr
    assert target.read_bytes() == (SAMPLES / "formats" / "club-score-sheet.csv").read_bytes()
    assert belote("validate", "--fix", "-", input="deal 1\nend\n").returncode == 2


def test_fix_with_another_output_format_is_a_usage_error(belote, tmp_path: Path) -> None:
    target = _copy(SCORE, tmp_path)
    done = belote("validate", "--fix", "--format", "json", target.name)
    assert done.returncode == 2 and "--fix and --diff go with --format text" in done.stderr
    assert target.read_bytes() == SCORE.read_bytes()
