"""``fmt`` on a symbolic link rewrites the file it points to and keeps the link (issue 31)."""

from __future__ import annotations

import os
from pathlib import Path

from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game
from tests.cli.cli_support import run_belote

CLEAN = write_game(next(iter(generate_games(Ruleset.preset("classic"), None, deals=2, seed=6))))


def test_fmt_of_a_link_rewrites_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "night.bel"
    target.write_text(CLEAN.replace("\nscore ", "\nscore  "), encoding="utf-8")
    link = tmp_path / "night.bel"
    link.symlink_to(os.path.relpath(target, tmp_path))
    check = run_belote("fmt", "--check", link)
    assert check.returncode == 1 and f"would reformat {link}" in check.stdout
    result = run_belote("fmt", link)
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert target.read_text(encoding="utf-8") == CLEAN
    assert sorted(p.name for p in (tmp_path / "real").iterdir()) == ["night.bel"]  # no temporary left
    assert run_belote("fmt", "--check", link).returncode == 0
