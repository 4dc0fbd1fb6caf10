"""Games reviewed deal by deal on any :class:`~belote_notation.pipeline.executor.Backend`, in
input order: what ``belote-replay annotate`` runs, for a service as well.

Each deal is one task (:class:`DealTask`: the game's records, the deal's position and the
:class:`ReviewSettings`), judged by :func:`~belote_notation.analysis.review.judge_deal` on the
checks' replay of its game; :func:`judge_games` maps the tasks over the backend's window
(:meth:`~belote_notation.pipeline.executor.Window.map`), so the judgements come back in the
order of the games and of their deals, with a few tasks per worker in flight. On a backend
whose workers read byte ranges (a cluster), :func:`review_input` sends each a game's range
instead (:func:`judge_range`): the worker reads and replays that game itself.

>>> from belote_notation.notation.read.reader import parse_text
>>> game = parse_text("deal 1 dealer N\\nend\\n")[0].game
>>> [(index, judgement.skipped) for index, judgement in judge_games([game])]
[(0, 'not a complete deal with a contract and known hands')]

:func:`review_games` takes the games from any iterable, one at a time, and gives each game back
with its judgements as soon as its last deal is judged: only the games in flight are held
(what ``annotate`` runs on a file of any size).

>>> [(len(g.deals), len(j)) for g, j in review_games(iter([Game(), game]))]
[(0, 0), (1, 1)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from belote_notation.analysis.review import DealJudgement, Thresholds, judge_deal
from belote_notation.analysis.solver import DEFAULT_BUDGET, DoubleDummy
from belote_notation.check.replay import GameReplay, replay_game
from belote_notation.notation.records import Game
from belote_notation.pipeline.executor import SERIAL, Backend, Done
from belote_notation.pipeline.inputs import InputProblem, Source
from belote_notation.pipeline.range_work import outcomes
from belote_notation.pipeline.ranges import ByteRange, cut_input, range_records

__all__ = ["DealTask", "ReviewSettings", "judge_games", "judge_range", "review_games", "review_input"]


@dataclass(frozen=True, slots=True)
class ReviewSettings:
    """How cards are judged: the glyphs' thresholds, the sampled deals per card, their seed, and
    whether the draw keeps what the calls promised (``auction``, the default) or is uniform, and
    what a value counts (``value``: ``cards``, the card points, or ``score``, the deal's score)."""

    thresholds: Thresholds = field(default_factory=Thresholds)
    samples: int = 0
    seed: int = 0
    auction: bool = True
    value: str = "cards"
    budget: int = DEFAULT_BUDGET
    """Positions the solver may search for one deal, all its questions together (the solver's
    budget of a question, :data:`~belote_notation.analysis.solver.DEFAULT_BUDGET`, by default):
    past it the deal's remaining cards stay unjudged, and said."""


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

    def __call__(self, task: DealTask | None) -> DealJudgement | None:
        if task is None:  # the end of a game: nothing to judge
            return None
        if self.last is None or self.last[0] is not task.game:
            self.last = (task.game, replay_game(task.game, task.file, task.number))
        if self.solver is None:
            self.solver = DoubleDummy(value=self.settings.value)
        s = self.settings
        return judge_deal(self.last[1].deals[task.position], task.position, s.thresholds, s.samples, s.seed,
                          self.solver, s.auction, s.budget)


def review_games(games: Iterable[Game], file: str = "<string>", settings: ReviewSettings = ReviewSettings(),
                 backend: Backend = SERIAL, first_number: int = 1
                 ) -> Iterator[tuple[Game, list[DealJudgement]]]:
    """Each game of ``games`` with the judgements of its deals (in deal order), in the order of
    the games, every deal judged on ``backend`` (its workers are sent the games). The
    games are taken one at a time, as the workers need them: a game is held from its first
    deal's task to the moment it is given back. They are numbered from ``first_number`` in
    ``file`` (a cluster's worker judges a part of an input)."""
    taken: deque[Game] = deque()

    def tasks() -> Iterator[DealTask | None]:
        for index, game in enumerate(games):
            taken.append(game)
            for position in range(len(game.deals)):
                yield DealTask(game, file, index + first_number, position)
            yield None  # the game's end: its judgements are all in

    judged: list[DealJudgement] = []
    with backend.window() as window:
        for judgement in window.map(_Judge(settings), tasks()):
            if judgement is None:
                yield taken.popleft(), judged
                judged = []
            else:
                judged.append(judgement)


def judge_games(games: Iterable[Game], file: str = "<string>", settings: ReviewSettings = ReviewSettings(),
                backend: Backend = SERIAL, first_number: int = 1) -> Iterator[tuple[int, DealJudgement]]:
    """``(index of the game in games, judgement)`` for every deal of every game, in order,
    judged on ``backend``; the games are numbered from ``first_number`` in ``file``."""
    for index, (_, judgements) in enumerate(review_games(games, file, settings, backend, first_number)):
        for judgement in judgements:
            yield index, judgement


GAME_RANGES = 1
"""The target bytes of a range to judge: a game per task (judging costs seconds per deal with
samples, so the finest cut spreads the work best)."""


def judge_range(byte_range: ByteRange, settings: ReviewSettings) -> list[tuple[int, DealJudgement]]:
    """``(index of the game in its input, judgement)`` for every deal of the games of
    ``byte_range`` (a task, on a worker that reads the range itself). The games must be readable
    (``annotate`` refuses an input that is not before judging it)."""
    games = [read.game for read in range_records(byte_range) if read.game is not None]
    offset = byte_range.first_game - 1
    return [(index + offset, judgement) for index, judgement in
            judge_games(games, byte_range.name, settings, SERIAL, byte_range.first_game)]


def _judged(done: Done) -> list[tuple[int, DealJudgement]]:
    if done.error is not None:
        r: ByteRange = done.tag
        raise RuntimeError(f"{r.name}: the game at line {r.first_line} could not be judged on the "
                           f"cluster: {type(done.error).__name__}: {done.error}") from done.error
    judged: list[tuple[int, DealJudgement]] = done.result
    return judged


def _judge_ranges(source: Source, settings: ReviewSettings, backend: Backend
                  ) -> Iterator[tuple[int, DealJudgement]]:
    cut = cut_input(source, GAME_RANGES)
    if isinstance(cut, InputProblem):
        raise OSError(cut.message)
    for done in outcomes(backend, cut.ranges, judge_range, settings):
        yield from _judged(done)
    if cut.error is not None:
        raise OSError(f"{cut.info.name}: {cut.error}")


def review_input(games: Iterable[Game], source: Source, settings: ReviewSettings = ReviewSettings(),
                 backend: Backend = SERIAL) -> Iterator[tuple[Game, list[DealJudgement]]]:
    """What :func:`review_games` yields for ``games``, the games of ``source`` read here (to be
    written), judged on ``backend``: sent as games, or, when its workers read byte ranges, as
    one range per game of ``source`` (``OSError`` when they cannot be cut or read)."""
    if not backend.reads_ranges:
        yield from review_games(games, source.display, settings, backend)
        return
    judged = _judge_ranges(source, settings, backend)
    pending = next(judged, None)
    for index, game in enumerate(games):
        mine = []
        while pending is not None and pending[0] == index:
            mine.append(pending[1])
            pending = next(judged, None)
        yield game, mine
