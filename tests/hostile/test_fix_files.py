"""``validate --fix`` on hostile files (issue 38): read-only files, links, devices, a file that
grows while it is fixed, and time linear in the file (doubling checks, marked ``slow``)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.pipeline.fix import GameFixed, NotFixable, fix_file, fix_text
from belote_replay.main import cli
from tests.hostile.timing import doubling_ratio

CLUB = Path(__file__).parents[1] / "pipeline" / "data" / "club-night-fix.bel"
FIXED = "total 405 151\n"


def _club(folder: Path, name: str = "club.bel") -> Path:
    target = folder / name
    target.write_bytes(CLUB.read_bytes())
    return target


def test_a_read_only_file_is_refused_not_rewritten(tmp_path: Path) -> None:
    target = _club(tmp_path)
    target.chmod(0o444)
    with pytest.raises(NotFixable, match="read-only"):
        fix_file(target)
    assert target.read_bytes() == CLUB.read_bytes() and os.listdir(tmp_path) == ["club.bel"]


def test_a_symlink_fixes_its_target_and_stays_a_link(tmp_path: Path) -> None:
    target = _club(tmp_path)
    link = tmp_path / "link.bel"
    link.symlink_to(target.name)
    fix_file(link)
    assert link.is_symlink() and FIXED in target.read_text("utf-8")


def test_a_hard_link_keeps_its_inode(tmp_path: Path) -> None:
    target = _club(tmp_path)
    other = tmp_path / "other.bel"
    os.link(target, other)
    inode = target.stat().st_ino
    fix_file(target)
    assert target.stat().st_ino == inode and FIXED in other.read_text("utf-8")


def test_text_appended_while_fixing_is_not_lost(tmp_path: Path) -> None:
    target = _club(tmp_path)

    def append(_: GameFixed) -> None:
        with open(target, "a", encoding="utf-8") as out:
            out.write("\n[Event \"late\"]\ndeal 1\nend\n")

    with pytest.raises(NotFixable, match="changed while"):
        fix_file(target, on_game=append)
    assert target.read_text("utf-8").endswith('[Event "late"]\ndeal 1\nend\n')


def test_fix_of_dev_zero_is_a_message_not_a_traceback() -> None:
    done = CliRunner().invoke(cli, ["validate", "--fix", "/dev/zero"])
    assert done.exit_code == 2 and done.exception is None or isinstance(done.exception, SystemExit)
    assert "regular files only" in done.output


def _games(n: int) -> str:
    """``n`` copies of the club night, each with its slip of addition (each game fixable)."""
    return "\n".join([CLUB.read_text("utf-8")] * n)


@pytest.mark.slow
@pytest.mark.timing  # a CPU ratio: run alone by .ci/run (-n 0)
@pytest.mark.parametrize("text", [_games, lambda n: _games(n).replace("total 415 151", "total 405 151")],
                         ids=["fix", "diff-nothing-to-change"])
def test_fix_and_diff_time_is_linear(text: Callable[[int], str], tmp_path: Path) -> None:
    small, large = tmp_path / "small.bel", tmp_path / "large.bel"
    small.write_text(text(40), "utf-8")
    large.write_text(text(80), "utf-8")
    ratio = doubling_ratio(lambda: fix_file(small, write=False), lambda: fix_file(large, write=False), 1e-3)
    assert ratio < 3.0, f"doubling took {ratio:.1f} times as long"
    assert fix_text(text(2), "t.bel").found >= 6  # three errors a copy: BEL304, BEL501, BEL503


@pytest.mark.slow
def test_fix_memory_is_that_of_a_game_not_the_file(tmp_path: Path) -> None:
    import tracemalloc

    peaks = []
    for n in (20, 20, 80):  # the first run warms the caches (grammar, regexes)
        target = tmp_path / f"m{n}.bel"
        target.write_text(_games(n), "utf-8")
        tracemalloc.start()
        fix_file(target, on_game=lambda game: None)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        assert FIXED in target.read_text("utf-8")
    assert peaks[2] < 1.5 * peaks[1], f"4 times the games took {peaks[2] / peaks[1]:.1f} times the memory"


def _nine_deals() -> list[str]:
    from belote_notation.game.rules import Ruleset
    from belote_notation.generator import generate_games
    from belote_notation.notation.write.writer import write_game

    game = next(generate_games(Ruleset.preset("moroccan"), matches=None, deals=9, seed=6))
    return write_game(game).splitlines(keepends=True)


@pytest.mark.parametrize("line, damage", [("tafr9a", "lost"), ("rest", "lost"), ("trick 4", "typo")])
def test_a_deal_that_did_not_read_whole_keeps_its_right_claims(line: str, damage: str) -> None:
    """Issue 38: a hand line that lost a card got its right score rewritten (here: 4 right lines
    of a 9-deal game before); one mistyped card made --fix rewrite right claims."""
    lines = _nine_deals()
    deal3 = [i for i, text in enumerate(lines) if text.startswith("deal 3 ")][0]
    at = next(i for i in range(deal3, len(lines)) if lines[i].startswith(line))
    if damage == "typo":
        lines[at] = re.sub(r"(\s[NESW]:)(1[0-2]|[1-9])([EOBC])(\s)", r"\1\2X\4", lines[at], count=1)
    else:
        lines[at] = lines[at].rstrip("\n").rsplit(" ", 1)[0] + "\n"
    text = "".join(lines)
    result = fix_text(text, "nine.bel")
    assert result.text == text and result.found == result.errors_remaining > 0


def test_a_file_fixed_with_numbers_of_another_length_is_exactly_the_fixed_text(tmp_path: Path) -> None:
    """The unsafe fixes write `153 9` over `138 24`: the file is the fixed text, nothing more
    (failed on the way: the input's tail was copied once more after a shorter fix)."""
    target = _club(tmp_path)
    fix_file(target, unsafe=True)
    assert target.read_text("utf-8") == fix_text(CLUB.read_text("utf-8"), str(target), unsafe=True).text
    assert "marque 153 9\n" in target.read_text("utf-8")
