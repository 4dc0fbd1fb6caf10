"""Issue 20 item 3: annotate says which deals it skipped and why, and reviews the play of deals
whose errors are only in the score sheet."""

from __future__ import annotations

import pytest

from belote_notation.analysis.review import review_game, skipped_notes
from belote_notation.analysis.solver import DoubleDummy, SolverUnavailable
from belote_notation.notation.read.reader import parse_text
from tests.cli.cli_support import run_belote
from tests.daily.support import SAMPLES

INVALID = SAMPLES / "invalid"


@pytest.fixture(autouse=True)
def _solver() -> None:
    try:
        DoubleDummy()
    except SolverUnavailable as exc:  # pragma: no cover - built without a C compiler
        pytest.skip(str(exc))


def _game(path):
    return parse_text(path.read_text(encoding="utf-8"))[0].game


def test_a_deal_whose_only_error_is_its_score_is_reviewed() -> None:
    review = review_game(_game(INVALID / "BEL503-wrong-deal-score.bel"))
    assert [dj.skipped for dj in review.deals] == [None] * len(review.deals)
    assert any(dj.cards for dj in review.deals)


def test_a_deal_with_an_error_in_its_play_is_skipped_and_said(tmp_path) -> None:
    review = review_game(_game(INVALID / "BEL303-did-not-follow.bel"))
    notes = skipped_notes(review)
    assert any("its play has errors (BEL303 in trick 2" in note for note in notes)
    out = tmp_path / "out.bel"
    done = run_belote("annotate", INVALID / "BEL303-did-not-follow.bel", "-o", out)
    assert done.returncode == 0, done.stderr
    assert "not reviewed: its play has errors (BEL303" in done.stderr
    assert "{DD not reviewed: its play has errors (BEL303" in out.read_text(encoding="utf-8")
    again = run_belote("annotate", out)  # its own output: nothing added
    assert again.stdout == out.read_text(encoding="utf-8")


def test_the_summary_counts_in_words_of_the_right_number() -> None:
    review = review_game(_game(INVALID / "BEL503-wrong-deal-score.bel"))
    summary = [c for c in review.game.comments if c.startswith("DD review:")][0]
    assert "1 mistakes" not in summary and "1 blunders" not in summary
    assert "1 mistake," in summary
