"""Issue 32: one rule of the deals a review judges (:mod:`belote_notation.check.judged`), so
``annotate``'s figures and ``stats``' figures on the annotated file are the same, on every
sample (``samples/classic/partie-2.bel`` has one wrong score on line 34: a score-sheet error
that leaves its deal's play to judge; ``stats`` used to drop the deal)."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.analysis.review import review_game
from belote_notation.check.judged import is_judged, why_not_judged
from belote_notation.check.replay import replay_game
from belote_notation.collections.review_figures import review_figures
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.write.writer import write_game

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FILES = sorted(p for folder in ("classic", "coinche", "contree", "moroccan", "traditional", "review")
               for p in (SAMPLES / folder).glob("*.bel"))


def _figures_both_ways(path: Path) -> list[tuple[list[tuple[int, ...]], list[tuple[int, ...]]]]:
    out = []
    for parsed in parse_text(path.read_text(encoding="utf-8"), str(path)):
        if parsed.game is None:
            continue
        review = review_game(parsed.game, file=str(path))
        annotate = [(p.cards, p.points_lost, p.inaccuracies, p.mistakes, p.blunders, p.best)
                    for p in review.players]
        again = parse_text(write_game(review.game), str(path))[0].game
        assert again is not None
        stats = [(f.cards, f.points_lost, f.inaccuracies, f.mistakes, f.blunders, f.lossless)
                 for f in review_figures(replay_game(again, str(path)))]
        out.append((annotate, stats))
    return out


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_annotate_and_stats_give_the_same_figures(path: Path) -> None:
    for annotate, stats in _figures_both_ways(path):
        assert stats == annotate


def test_partie_2_with_a_wrong_score_on_line_34_the_deal_is_judged_by_both(tmp_path: Path) -> None:
    """Failed before: annotate gave North 44 cards and 263 points lost, stats 41 and 188."""
    lines = (SAMPLES / "classic" / "partie-2.bel").read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[33] == "score 84 78\n"
    lines[33] = "score 85 78\n"
    path = tmp_path / "partie-2.bel"
    path.write_text("".join(lines), encoding="utf-8")
    game = parse_text(path.read_text(encoding="utf-8"), str(path))[0].game
    assert game is not None
    first = replay_game(game, str(path)).deals[0]
    assert any(f.severity == "error" and f.line == 34 for f in first.findings) and is_judged(first)
    [(annotate, stats)] = _figures_both_ways(path)
    assert stats == annotate
    assert annotate[0][:2] == (44, 263)


def test_a_deal_without_its_hands_is_not_judged() -> None:
    deal = replay_game(parse_text("deal 1\nend\n")[0].game).deals[0]  # type: ignore[arg-type]
    assert why_not_judged(deal) == "not a complete deal with a contract and known hands"


def test_the_page_says_which_deals_the_review_judged(tmp_path: Path) -> None:
    """The quiz calls the card played the best only in a deal the review judged (viewer.js
    reads ``judged``); a deal whose play breaks a rule is not judged, one with a wrong score is."""
    from belote_notation.render.view import game_view

    lines = (SAMPLES / "classic" / "partie-2.bel").read_text(encoding="utf-8").splitlines(keepends=True)
    lines[33] = "score 85 78\n"
    game = parse_text("".join(lines), "p.bel")[0].game
    assert game is not None
    replay = replay_game(game, "p.bel")
    view = game_view(replay)
    assert [d["judged"] for d in view["deals"]] == [is_judged(d) for d in replay.deals]
    assert view["deals"][0]["judged"] is True
    assert game_view(replay_game(parse_text("deal 1\nend\n")[0].game))["deals"][0]["judged"] is False  # type: ignore[arg-type]
    viewer = (Path(__file__).resolve().parents[2] / "belote_notation" / "render" / "viewer.js").read_text()
    assert "game().reviewed && deal().judged ? played" in viewer
