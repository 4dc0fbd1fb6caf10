"""Games reviewed deal by deal, in this process or over worker processes, in input order: what
``belote-replay annotate`` runs, for a service or a cluster job as well.

Each deal is one task (:class:`DealTask`: the game's records, the deal's position and the
:class:`ReviewSettings`), judged by :func:`~belote_notation.analysis.review.judge_deal` on the
checks' replay of its game; :func:`judge_games` hands the tasks to
:func:`~belote_notation.pipeline.ordered.ordered_map`, so the judgements come back in the order
of the games and of their deals, with a few tasks per worker in flight.

>>> from belote_notation.notation.reader import parse_text
>>> game = parse_text("deal 1 dealer N\\nend\\n")[0].game
>>> [(index, judgement.skipped) for index, judgement in judge_games([game])]
[(0, 'not a complete deal with a contract and known hands')]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from belote_notation.analysis.review import DealJudgement, Thresholds, judge_deal
from belote_notation.analysis.solver import DoubleDummy
from belote_notation.check.replay import GameReplay, replay_game
from belote_notation.notation.records import Game
from belote_notation.pipeline.ordered import ordered_map

__all__ = ["DealTask", "ReviewSettings", "judge_games"]


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    """How cards are judged: the glyphs' thresholds, the sampled deals per card and their seed."""

    thresholds: Thresholds = field(default_factory=Thresholds)
    samples: int = 0
    seed: int = 0


@dataclass(frozen=True, slots=True)
class DealTask:
    """One deal to judge: the deal at ``position`` of ``game`` (game ``number`` of ``file``)."""

    game: Game
    file: str
    number: int
    position: int


class _Judge:
    """Judges tasks with one solver and the last game's replay kept between them (the deals of
    a game come in a row). What is kept is dropped when the judge is sent to a worker, and with
    the judge when the call is over: nothing stays in the process."""

    def __init__(self, settings: ReviewSettings) -> None:
        self.settings = settings
        self.solver: DoubleDummy | None = None
        self.last: tuple[Game, GameReplay] | None = None

    def __getstate__(self) -> ReviewSettings:
        return self.settings

    def __setstate__(self, settings: ReviewSettings) -> None:
        self.__init__(settings)  # type: ignore[misc]

    def __call__(self, task: DealTask) -> DealJudgement:
        if self.last is None or self.last[0] is not task.game:
            self.last = (task.game, replay_game(task.game, task.file, task.number))
        if self.solver is None:
            self.solver = DoubleDummy()
        s = self.settings
        return judge_deal(self.last[1].deals[task.position], task.position, s.thresholds, s.samples, s.seed,
                          self.solver)


def judge_games(games: Sequence[Game], file: str = "<string>", settings: ReviewSettings = ReviewSettings(),
                jobs: int = 1, first_number: int = 1) -> Iterator[tuple[int, DealJudgement]]:
    """``(index of the game in games, judgement)`` for every deal of every game, in order,
    judged over ``jobs`` worker processes (in this process when 1); the games are numbered
    from ``first_number`` in ``file`` (a cluster's worker judges a part of an input)."""
    tasks = (DealTask(game, file, index + first_number, position)
             for index, game in enumerate(games) for position in range(len(game.deals)))
    indexes = (index for index, game in enumerate(games) for _ in game.deals)
    return zip(indexes, ordered_map(_Judge(settings), tasks, jobs), strict=True)
