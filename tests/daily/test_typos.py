"""Issue 20 item 6: one typo no longer stops the check of its whole deal."""

from __future__ import annotations

import pytest

from belote_notation.check.validator import validate_text
from tests.daily.support import SAMPLES

CLUB = (SAMPLES / "moroccan" / "club-match-1.bel").read_text(encoding="utf-8")


def _findings(text: str) -> list[tuple[str, int, str]]:
    return [(f.code, f.line, f.message) for r in validate_text(text, "club.bel") for f in r.findings]


def test_a_mistake_before_a_typo_in_the_same_deal_is_still_found() -> None:
    text = CLUB.replace("trick 1 E:1C N:12C W:6C S:10C winner S", "trick 1 E:1C N:12C W:6C S:10C winner N")
    text = text.replace("trick 3 E:11E N:10E", "trick 3 E:11X N:10E", 1)
    found = _findings(text)
    assert ("BEL501", 27) in [(c, ln) for c, ln, _ in found]   # trick 1's wrong winner
    assert [c for c, _, _ in found if c.startswith("BEL0")] == ["BEL001"]
    (note,) = [m for c, _, m in found if c == "BEL910"]
    assert "trick 3 on (line 29)" in note


@pytest.mark.parametrize(("before", "after", "left_out"), [
    ("tafr9a E 11E 1C 10O", "tafr9a E 11E 1X 10O", "the dealt cards (line 16)"),
    ("smsara 1 N:pass W:pass S:take", "smsara 1 N:pass W:pas S:take", "the bidding"),
    ("trick 3 E:11E", "trik 3 E:11E", "trick 3 on (line 29)"),
    ("score 102 80\n", "score 102 8O\n", "the deal score (line 35)"),
])
def test_one_typo_is_one_error_and_a_note_of_what_was_left_out(before: str, after: str,
                                                                left_out: str) -> None:
    text = CLUB.replace(before, after, 1)
    assert text != CLUB
    found = _findings(text)
    errors = [c for c, _, _ in found if c < "BEL9"]
    assert errors == ["BEL001"], found                   # no cascade of rule findings
    (note,) = [m for c, _, m in found if c == "BEL910"]
    assert note.startswith("deal 1 has a syntax error: checked without") and left_out in note


def test_the_deal_after_a_typo_trick_is_still_scored_into_the_match() -> None:
    text = CLUB.replace("trick 3 E:11E N:10E", "trick 3 E:11X N:10E", 1)
    text = text.replace("score 103 79\nmatch 205 159", "score 103 79\nmatch 205 158", 1)
    assert "match 205 158" in text
    assert "BEL601" in [c for c, _, _ in _findings(text)]
