"""ruff's habit: a finding suppressed by a comment on its line, ``{noqa: BEL303}``."""

from __future__ import annotations

import pytest

from belote_notation.check.validator import validate_text
from tests.daily.support import SAMPLES

TEXT = (SAMPLES / "invalid" / "BEL303-did-not-follow.bel").read_text(encoding="utf-8")


def _with_comment(comment: str) -> list[str]:
    lines = TEXT.split("\n")
    lines[42] += " " + comment  # line 43 holds the BEL303
    return [f.code for r in validate_text("\n".join(lines)) for f in r.findings]


def test_without_a_comment_the_finding_is_there() -> None:
    assert "BEL303" in _with_comment("{a remark}")


@pytest.mark.parametrize("comment", ["{noqa: BEL303}", "{noqa: bel3}", "; noqa: BEL6, BEL303", "{noqa}"])
def test_noqa_on_the_line_suppresses_the_finding(comment: str) -> None:
    assert "BEL303" not in _with_comment(comment)


def test_noqa_of_another_code_or_line_suppresses_nothing() -> None:
    assert "BEL303" in _with_comment("{noqa: BEL5}")
    lines = TEXT.split("\n")
    lines[41] += " {noqa: BEL303}"
    assert "BEL303" in [f.code for r in validate_text("\n".join(lines)) for f in r.findings]
