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
    assert "trick 3 (line 29;" in note   # issue 31: the tricks after it are checked (was "trick 3 on")


@pytest.mark.parametrize(("before", "after", "left_out"), [
    ("tafr9a E 11E 1C 10O", "tafr9a E 11E 1X 10O", "the dealt cards (line 16)"),
    ("smsara 1 N:pass W:pass S:take", "smsara 1 N:pass W:pas S:take", "the bidding"),
    ("trick 3 E:11E", "trik 3 E:11E", "trick 3 (line 29;"),   # issue 31: not "trick 3 on"
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


TRICK_7 = "trick 7 S:10B E:11O N:4E W:5C winner W"
TRICK_8 = "trick 8 W:5E S:4O E:5O N:6O winner W"
WRONG_8 = "trick 8 W:5E S:4O E:5O N:6O winner S"   # planted: W wins trick 8


def test_after_an_unknown_card_the_tricks_after_it_are_still_checked() -> None:
    """Issue 31: `7x` in trick 7; the wrong winner planted in trick 8 is still reported, and
    BEL001 names the unknown card with a did-you-mean from the deck."""
    text = CLUB.replace(TRICK_7, TRICK_7.replace("N:4E", "N:7x"), 1).replace(TRICK_8, WRONG_8, 1)
    found = _findings(text)
    assert [(c, ln) for c, ln, _ in found if c < "BEL9"] == [("BEL001", 33), ("BEL501", 34)]
    assert found[0][2] == ("unknown card `7x` in `N:7x` (not a card of the spanish deck): did you mean "
                           "7E, 7C, 7O or 7B?")
    (note,) = [m for c, _, m in found if c == "BEL910"]
    assert "trick 7 (line 33; its unread cards worked out from the hands as N's 4E" in note


def test_a_misspelt_trick_keyword_loses_only_its_trick() -> None:
    """`plie 5`: the line is skipped, its four cards worked out from the hands; tricks 6 to 8
    and the deal score are still checked."""
    text = CLUB.replace("trick 5 E:10O", "plie 5 E:10O", 1).replace(TRICK_8, WRONG_8, 1)
    text = text.replace("score 102 80\n", "score 112 70\n", 1)
    found = [(c, ln) for c, ln, _ in _findings(text) if c < "BEL9"]
    assert found == [("BEL001", 31), ("BEL501", 34), ("BEL503", 35)]


def test_without_hands_a_lost_trick_still_stops_the_check_of_its_deal() -> None:
    """Four unread cards and no hands to tell whose is which: the deal is checked up to the
    broken trick, as before, with no cascade."""
    dealt = ("tafr9a", "rest", "announce")
    lines = [ln for ln in CLUB.splitlines(keepends=True)[:36] if not ln.startswith(dealt)]
    text = "".join(lines).replace('[Result "NS"]', '[Result "*"]') + "\nend *\n"
    text = text.replace("score 102 80\nmatch 102 80", "score 82 80\nmatch 82 80")  # no announcements
    assert [c for c, _, _ in _findings(text) if c < "BEL9"] == []
    text = text.replace("trick 5 E:10O", "plie 5 E:10O", 1).replace(TRICK_8, WRONG_8, 1)
    found = _findings(text)
    assert [c for c, _, _ in found if c < "BEL9"] == ["BEL001"]
    (note,) = [m for c, _, m in found if c == "BEL910"]
    assert "trick 5 on (line" in note


def test_a_typo_in_a_winner_keeps_the_trick_and_the_ones_after_it() -> None:
    text = CLUB.replace(TRICK_7, TRICK_7.replace("winner W", "winer W"), 1).replace(TRICK_8, WRONG_8, 1)
    found = _findings(text)
    assert [(c, ln) for c, ln, _ in found if c < "BEL9"] == [("BEL001", 33), ("BEL501", 34)]
    (note,) = [m for c, _, m in found if c == "BEL910"]
    assert "what could not be read of trick 7 (line 33)" in note
