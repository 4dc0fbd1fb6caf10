"""The solver's work is bounded (issue 22 item 3).

A file that validates clean with ``[Option "must_follow=false"]`` made ``solve --at 8.4`` run
for more than 900 s: the double-dummy table was searched from the first lead for every trump
before the point asked for, and nothing bounded a question. Now the table is searched only
with ``--table``, every question has a budget of positions (refused past it, with the deal and
the point named), and the work at a point is exponential only in the cards left to play.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_notation.analysis import DoubleDummy, judge_deal
from belote_notation.analysis.review import state_at
from belote_notation.analysis.solver import SearchTooLong
from belote_notation.check.replay import replay_game
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_game
from belote_replay.main import cli

RULES = Ruleset.preset("classic").with_options({"must_follow": False})


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("budget") / "free.bel"
    path.write_text(write_game(next(generate_games(RULES, deals=2, seed=2))), encoding="utf-8")
    return path


def _solve(*args: str) -> tuple[int, str, float]:
    start = time.process_time()
    result = CliRunner().invoke(cli, ["solve", *args])
    return result.exit_code, result.output, time.process_time() - start


def test_the_file_validates_clean(game_file: Path) -> None:
    text = game_file.read_text(encoding="utf-8")
    assert '[Option "must_follow=false"]' in text
    result = CliRunner().invoke(cli, ["validate", str(game_file)])
    assert result.exit_code == 0, result.output


def test_a_late_point_is_answered_at_once(game_file: Path) -> None:
    code, output, cpu = _solve(str(game_file), "--at", "8.4")
    assert code == 0, output
    assert "to play; card points" in output and "Double-dummy table" not in output
    assert cpu < 5, cpu


def test_a_question_past_its_budget_is_refused_with_its_place(game_file: Path) -> None:
    code, output, cpu = _solve(str(game_file), "--at", "1.1", "--budget", "200000")
    assert code == 1
    assert f"{game_file}: deal 1, before 1.1: the solver gave up" in output
    assert "200,000 positions" in output and "Traceback" not in output
    assert cpu < 5, cpu


def test_the_table_only_when_asked_and_within_the_budget(game_file: Path) -> None:
    code, output, _ = _solve(str(game_file), "--at", "8.4", "--table", "--budget", "200000")
    assert code == 1 and "deal 1, before 8.4: the solver gave up" in output


def test_the_review_leaves_refused_cards_unjudged() -> None:
    replay = replay_game(next(generate_games(RULES, deals=1, seed=2)), "free.bel").deals[0]
    dd = DoubleDummy(budget=100_000)
    with pytest.raises(SearchTooLong):
        dd.values(state_at(replay, 1, 1))
    judgement = judge_deal(replay, 0, dd=dd)
    assert judgement.skipped is None
    assert (1, 0) in judgement.unjudged and judgement.cards  # the later, smaller positions judged
    assert all((j.trick, j.index) not in judgement.unjudged for j in judgement.cards)
