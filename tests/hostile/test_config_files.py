"""Issue 38: hostile configuration files. A ``belote-replay.toml`` (or a ``pyproject.toml`` in
any parent folder, read by every ``validate``) nested 100,000 deep, a dotted key of 100,000
parts, 10 MB of comments, globs of 5,000 ``*a`` or 100,000 ``[!a]``, a glob reaching outside
its folder, option values of 10^20, a NUL in a key, a table where a value goes: each ends
``validate`` with exit 2 and one located line (file and line), in bounded time and memory (the
run is held to 1.5 GB of address space: the dotted key alone took every byte of the machine)."""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.formats.helpers import ROOT

SAMPLE = ROOT / "samples" / "classic" / "capot-and-belote.bel"

CASES = {
    "nested-arrays": ("x = " + "[" * 100_000 + "]" * 100_000 + "\n",
                      ":1:37: arrays and tables nested more than 32 deep"),
    "nested-tables": ("x = " + "{a = " * 100_000 + "1" + "}" * 100_000 + "\n",
                      ":1:165: arrays and tables nested"),
    "dotted-key": ("a" + ".a" * 100_000 + " = 1\n", ":1:130: more than 64 dots in a line"),
    "dotted-header": ("[a" + ".a" * 100_000 + "]\n", ":1:131: more than 64 dots in a line"),
    "comments": (("# " + "x" * 78 + "\n") * 131_072 + "jobs = 1\n", ": more than 1,048,576 bytes"),
    "alternating-stars": ('exclude = ["' + "*a" * 5_000 + '"]\n',
                          ":1: a glob of 10,000 characters (at most 1,024)"),
    "negated-sets": ('[per-file-ignores]\n"' + "[!a]" * 100_000 + '" = ["BEL6"]\n',
                     ":2: a glob of 400,000 characters (at most 1,024)"),
    "outside": ('jobs = 1\nexclude = ["../*"]\n', ":2: the glob '../*' reaches outside the folder"),
    "big-option": ('option = ["target=100000000000000000000"]\n',
                   ":1: 'option' holds a number of more than 15"),
    "big-options": ("quiet = true\noptions = { target = 100000000000000000000 }\n",
                    ":2: 'options' holds a number of more than 15 digits"),
    "big-option-name": ("quiet = true\noptions = { targ" + "8" * 64 + "et = 1000 }\n",  # fuzz
                        ":2: 'options' holds a number of more than 15 digits"),
    "nul-key": ('quiet = true\n"a\\u0000b" = 1\n', ":2: unknown key 'a\\x00b'"),
    "table-value": ("options.a.b = 1\n", ":1: 'options' holds {'b': 1}: a string, a number or true/false"),
    "negative-jobs": ("jobs = -5\n", ":1: 'jobs' should be 0 (one per core) or more, not -5"),
}


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))


def _validate(cwd: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "belote_replay", "validate", *args],  # noqa: PLW1509
                          capture_output=True, text=True, cwd=cwd, timeout=120, preexec_fn=_limited)
    return done, time.monotonic() - started


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_configuration_is_one_located_line(tmp_path: Path, case: str) -> None:
    text, said = CASES[case]
    config = tmp_path / "belote-replay.toml"
    config.write_text(text, encoding="utf-8")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "a.bel").write_bytes(SAMPLE.read_bytes())
    done, seconds = _validate(tmp_path, "games")
    assert done.returncode == 2, (done.returncode, done.stderr[-1500:])
    assert "Traceback" not in done.stderr, done.stderr[-1500:]
    assert f"{config}{said}" in done.stderr, done.stderr[-1500:]
    assert len(done.stderr) < 400, done.stderr[:1000]
    assert seconds < 30, seconds


def test_a_deeply_nested_pyproject_in_a_parent_folder_is_one_located_line(tmp_path: Path) -> None:
    deep = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"
    (tmp_path / "pyproject.toml").write_text(deep, encoding="utf-8")
    inner = tmp_path / "club" / "2026"
    inner.mkdir(parents=True)
    (inner / "a.bel").write_bytes(SAMPLE.read_bytes())
    done, _ = _validate(inner, "a.bel")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-1500:]
    assert f"{tmp_path / 'pyproject.toml'}:1:37: arrays and tables nested more than 32 deep" in done.stderr


def test_a_glob_that_excludes_everything_says_so(tmp_path: Path) -> None:
    (tmp_path / "belote-replay.toml").write_text('exclude = ["**"]\n', encoding="utf-8")
    (tmp_path / "a.bel").write_bytes(SAMPLE.read_bytes())
    done, _ = _validate(tmp_path, ".")
    assert done.returncode == 2, done.stderr
    said = f"the 1 files found are all left out by exclude = ['**'] of the configuration file in {tmp_path}"
    assert said in done.stderr


def test_a_huge_number_on_the_command_line_is_a_usage_error(tmp_path: Path) -> None:
    done, _ = _validate(tmp_path, str(SAMPLE), "--option", "target=1" + "0" * 5000, "--isolated")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-1500:]
    assert "bad value for rule option 'target': out of range: a number of more than 15 digits" in done.stderr
