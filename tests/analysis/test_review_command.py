"""Issue 32: the review's values are ``[%dd …]`` commands inside its comments, read and written
by one module (:mod:`belote_notation.notation.review_command`); the page and ``stats`` read the
command, never the words, and files annotated before the command still give their values."""

from __future__ import annotations

import re
from pathlib import Path

from belote_notation.analysis.review import review_game
from belote_notation.check.replay import replay_game
from belote_notation.collections.review_figures import review_figures
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Annotated, Deal, Game, Play
from belote_notation.notation.review_command import DDValues, read_dd, write_dd
from belote_notation.notation.write.writer import write_game
from belote_notation.render.review_notes import solver_values

OLD = Path(__file__).resolve().parents[2] / "samples" / "review" / "annotated-classic-dd.bel"
"""Written by ``annotate`` before the commands: the prose alone."""


def _game(text: str) -> Game:
    game = parse_text(text, "<test>")[0].game
    assert game is not None
    return game


def _cards(game: Game) -> list[Annotated]:
    return [play for deal in game.deals for trick in deal.tricks for play in trick.plays]


def _read(game: Game) -> tuple[list[dict[str, int | None] | None], list[tuple[int, int, int]]]:
    """What the page reads on every card and what stats reads of every player."""
    figures = review_figures(replay_game(game, "<test>"))
    return ([solver_values(card) for card in _cards(game)],
            [(f.cards, f.points_lost, f.lossless) for f in figures])


def test_the_command_round_trips_through_a_comment_and_the_file() -> None:
    for values in (DDValues(39, 108, 69), DDValues(108), DDValues(0, 250, 250), DDValues(-20, 16, 36)):
        command = write_dd(values)
        assert read_dd([f"DD: any words at all {command}; more words"]) == values
        text = f"deal 1\ntrick 1 W:10H {{DD: loses {command}}}\nend\n"
        again = _game(write_game(_game(text)))
        assert read_dd(again.deals[0].tricks[0].plays[0].comments) == values
    assert read_dd(["DD: loses 3 points", "a coach's [%dd] or [%eval 0.3]"]) is None


def test_annotate_writes_the_values_as_a_command() -> None:
    old = _game(OLD.read_text(encoding="utf-8"))
    fresh = review_game(_strip_review(old)).game
    commands = [c for card in _cards(fresh) for c in card.comments if "[%dd " in c]
    assert commands and all(c.startswith("DD: ") for c in commands)
    assert not any("[%dd " in c for card in _cards(old) for c in card.comments)


def _strip_review(game: Game) -> Game:
    """``game`` without what ``annotate`` wrote (its ``DD`` comments, lines and glyphs stay
    for the coach's; the solver's lines and comments go)."""
    copy = game.model_copy(deep=True)
    copy.comments = [c for c in copy.comments if not c.startswith("DD")]
    for deal in copy.deals:
        deal.comments = [c for c in deal.comments if not c.startswith("DD")]
        for item in [*deal.bids, *_cards_of(deal)]:
            item.comments = [c for c in item.comments if not c.startswith("DD")]
            item.variations = [v for v in item.variations
                               if not all(c.startswith("DD") for i in v.items for c in i.comments)]
    return copy


def _cards_of(deal: Deal) -> list[Play]:
    return [play for trick in deal.tricks for play in trick.plays]


def test_a_file_annotated_before_the_command_still_renders_and_feeds_stats_the_same() -> None:
    old = _game(OLD.read_text(encoding="utf-8"))
    fresh = review_game(_strip_review(old)).game  # the same review, written with the commands
    old_values, old_figures = _read(old)
    new_values, new_figures = _read(fresh)
    assert sum(v is not None for v in old_values) >= 10
    assert old_values == new_values
    assert old_figures == new_figures
    assert sum(lost for _, lost, _ in old_figures) > 0


def test_rewording_the_prose_changes_nothing_read() -> None:
    fresh = review_game(_strip_review(_game(OLD.read_text(encoding="utf-8")))).game
    before = _read(fresh)
    reworded = _game(write_game(fresh))
    for card in _cards(reworded):
        card.comments = [re.sub(r"^DD: [^\[]*", "DD: perd tant de points, voir ", c) for c in card.comments]
        for variation in card.variations:
            for item in variation.items:
                item.comments = [re.sub(r"^DD: [^\[]*", "DD: fait ", c) for c in item.comments]
    assert any("perd tant" in c for card in _cards(reworded) for c in card.comments)
    assert _read(reworded) == before


def test_annotating_a_file_annotated_before_the_command_upgrades_it() -> None:
    """Its prose comments are replaced by the commented ones, not doubled: the same file as
    annotating the coach's record afresh (failed before: both comments stood side by side)."""
    coach = _game((OLD.parent / "annotated-classic.bel").read_text(encoding="utf-8"))
    old = _game(OLD.read_text(encoding="utf-8"))
    assert write_game(review_game(old).game) == write_game(review_game(coach).game)
