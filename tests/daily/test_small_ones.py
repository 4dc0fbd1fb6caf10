"""Issue 20 item 8: the small ones."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

import belote_notation
from tests.cli.cli_support import BIN, ROOT, SAMPLES, run_belote, run_in_process

BEL303 = SAMPLES / "invalid" / "BEL303-did-not-follow.bel"


def test_dash_capital_v_prints_the_version() -> None:
    done = run_belote("-V")
    assert done.returncode == 0 and done.stdout.startswith("belote-replay, version ")


@pytest.mark.parametrize("args", [["--deal", "99"], ["--game", "7"], ["--at", "9.1"], []])
def test_solve_usage_errors_exit_2(args: list[str]) -> None:
    done = run_in_process("solve", *([str(SAMPLES / "classic" / "partie-1.bel")] if args else []), *args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr


def test_an_empty_file_is_not_a_game(tmp_path: Path) -> None:
    empty = tmp_path / "empty.bel"
    empty.write_bytes(b"")
    done = run_in_process("validate", empty)
    assert "Checked 1 file, 0 games, 0 deals" in done.stdout and done.returncode == 1


def test_a_file_that_is_not_bel_is_said_so() -> None:
    done = run_in_process("validate", ROOT / "README.md")
    assert "README.md: not a .bel file?" in done.stderr
    assert "not a .bel file?" not in run_in_process("validate", BEL303).stderr


def test_convert_refuses_an_unknown_extension(tmp_path: Path) -> None:
    out = tmp_path / "x.xyz"
    done = run_in_process("convert", SAMPLES / "classic" / "partie-1.bel", "-o", out)
    assert done.returncode == 2 and not out.exists() and "no installed format writes 'x.xyz'" in done.stderr


def test_fmt_keeps_a_leading_comment_before_the_tags_and_a_line_comment_as_braces(tmp_path: Path) -> None:
    path = tmp_path / "c.bel"
    path.write_text('; club night, table 3\n[Rules "classic"]\n\ndeal 1 dealer S ; first deal\n'
                    "tafr9a N QS 9H 7C QC AC\nend *\n", encoding="utf-8")
    assert run_in_process("fmt", path).returncode == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith('{club night, table 3}\n[Rules "classic"]\n')
    assert "deal 1 dealer S\n{first deal}\n" in text
    assert run_in_process("fmt", "--check", path).returncode == 0  # canonical now: stays so
    for fmt in ("json", "events"):  # the other formats keep it before the tags too
        converted = run_in_process("convert", path, "--to", fmt)
        back = run_in_process("convert", "-", "--from", fmt, "--to", "bel", input=converted.stdout)
        assert back.stdout == text, fmt


def test_convert_and_fmt_messages_carry_severity_and_column(tmp_path: Path) -> None:
    bad = SAMPLES / "invalid" / "BEL004-unknown-card.bel"
    line = f"{bad}:34:16: error BEL004 unknown card `9O`"
    assert line in run_in_process("fmt", "--check", bad).stderr
    assert line in run_in_process("convert", bad, "--to", "json").stderr


def test_dir_shows_only_public_names() -> None:
    names = dir(belote_notation)
    assert "validate" in names and "read_games" in names
    assert [n for n in names if n.startswith("_") and not n.startswith("__")] == []
    assert not {"annotations", "importlib", "TYPE_CHECKING", "Any"} & set(names)


def test_docs_grammar_link_and_readme_commands() -> None:
    notation = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#]*belote\.lark)\)", notation):
        assert (ROOT / "docs" / target).resolve().is_file(), target
    assert re.search(r"\]\([^)#]*belote\.lark\)", notation)
    assert "importlib.resources.files(\"belote_notation.grammar\")" in notation
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "exactly these two commands" not in readme


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_terminal_lines_are_not_cut_at_the_width() -> None:
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | {"COLUMNS": "40", "NO_COLOR": "1"}
    process = subprocess.Popen([str(BIN), "validate", "--progress", str(BEL303)], stdout=follower,
                               stderr=follower, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=120)
    os.close(leader)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8"))
    assert "error BEL303 N did not follow ♥: held 10♥, K♥" in shown.replace("\r", "")
