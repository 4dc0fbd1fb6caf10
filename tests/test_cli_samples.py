"""The samples: every file outside samples/invalid/ validates clean; every file in
samples/invalid/ fails (exit 1) with the finding its name promises, where it promises it.

An invalid sample names its code in the file name (``BEL303-revoke.bel``) or in a comment
``{expect BEL303 at 19:24}`` (or ``; expect BEL303 at 19:24``), which also fixes the place.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_replay.main import cli

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
VALID = sorted(p for p in SAMPLES.rglob("*.bel") if "invalid" not in p.relative_to(SAMPLES).parts)
INVALID = sorted((SAMPLES / "invalid").rglob("*.bel")) if (SAMPLES / "invalid").is_dir() else []
_EXPECT = re.compile(r"expect[s]?:?\s+(BEL\d{3})(?:\s+at\s+(\d+):(\d+))?", re.I)


def validate(path: Path):
    return CliRunner().invoke(cli, ["validate", str(path)], catch_exceptions=False)


def test_there_are_samples():
    assert len(VALID) >= 12  # three complete matches per preset at least


@pytest.mark.parametrize("path", VALID, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_sample_validates_clean(path):
    result = validate(path)
    assert result.exit_code == 0, result.output
    findings = [line for line in result.output.splitlines() if re.search(r":\d+:\d+: ", line)]
    assert [f for f in findings if " error " in f or " warning " in f] == []


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_sample_gives_its_finding(path):
    result = validate(path)
    assert result.exit_code == 1, result.output
    text = path.read_text(encoding="utf-8", errors="replace")
    expected = _EXPECT.search(text)
    code = expected.group(1) if expected else None
    if code is None:
        named = re.search(r"BEL\d{3}", path.name, flags=re.I)
        assert named, f"{path.name}: name the code in the file name or in an expect comment"
        code = named.group(0).upper()
    lines = [l for l in result.output.splitlines() if f" {code} " in l]
    assert lines, result.output
    if expected and expected.group(2):
        assert any(l.startswith(f"{path}:{expected.group(2)}:{expected.group(3)}: ") for l in lines), \
            result.output
