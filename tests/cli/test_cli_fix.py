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


CLUB = Path(__file__).parents[1] / "pipeline" / "data" / "club-night-fix.bel"


def _error_count(belote, name: str) -> int:
    return sum(" error BEL" in line for line in belote("validate", "--no-source", name).stdout.splitlines())


def test_the_club_night_gets_one_safe_fix_and_validates_counts(belote, tmp_path: Path) -> None:
    """Issue 31: deal 2 holds an illegal card with a right typed score, deal 3's total is typed
    10 too high: --fix changes that total only, and counts as validate counts."""
    target = _copy(CLUB, tmp_path)
    before = _error_count(belote, target.name)
    done = belote("validate", "--fix", "--show-fixes", target.name)
    after = _error_count(belote, target.name)
    changed = [(a, b) for a, b in zip(CLUB.read_text("utf-8").splitlines(),
                                      target.read_text("utf-8").splitlines(), strict=True) if a != b]
    assert changed == [("total 415 151", "total 405 151")]
    count = f"Found {before} errors ({before - after} fixed, {after} remaining)."
    assert done.stdout.splitlines()[-2] == count
    assert "Fixed club-night-fix.bel:79:1: BEL601" in done.stdout and done.returncode == 1


def test_unsafe_fixes_diff_shows_the_engines_score_and_why(belote, tmp_path: Path) -> None:
    target = _copy(CLUB, tmp_path)
    done = belote("validate", "--unsafe-fixes", "--diff", target.name)
    assert "\n-marque 138 24\n" in done.stdout and "\n+marque 153 9\n" in done.stdout
    assert "+pli 3" not in done.stdout  # N as its winner would leave W leading trick 4: held back
    assert "(unsafe: deal 2 has an error in its play (BEL304 at 50:23)" in done.stdout
    assert target.read_bytes() == CLUB.read_bytes()
    plain = belote("validate", "--diff", target.name)
    assert "+marque" not in plain.stdout and "Not applied club-night-fix.bel:56:1: BEL503" in plain.stdout
    assert belote("validate", "--show-fixes", target.name).returncode == 2  # goes with --fix/--diff
