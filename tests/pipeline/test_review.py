"""``judge_games``: every deal of every game judged, the same over one process or two, in order."""

from __future__ import annotations

import pytest

from belote_notation.analysis.review import apply_review
from belote_notation.check.replay import replay_game
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game
from belote_notation.pipeline.executor import Backend
from belote_notation.pipeline.review import ReviewSettings, judge_games


@pytest.fixture(scope="module")
def games() -> list:
    return list(generate_games(Ruleset.preset("contree"), matches=None, deals=3, seed=4)) + list(
        generate_games(Ruleset.preset("classic"), matches=None, deals=2, seed=9))


def _reviewed(games: list, jobs: int) -> list[str]:
    backend = Backend.processes(jobs)
    judged: list[list] = [[] for _ in games]
    for index, judgement in judge_games(games, "g.bel", ReviewSettings(samples=2, seed=1), backend):
        judged[index].append(judgement)
    assert [[j.position for j in deals] for deals in judged] == [list(range(len(g.deals))) for g in games]
    return [write_game(apply_review(game.model_copy(deep=True), replay_game(game).deck, judged[i]).game)
            for i, game in enumerate(games)]


def test_one_process_and_two_give_the_same_review(games: list) -> None:
    one = _reviewed(games, 1)
    assert one == _reviewed(games, 2)
    assert all("DD review:" in text for text in one)
    assert any("{DD " in text for text in one)  # some card or call was judged
