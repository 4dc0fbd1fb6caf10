"""``annotate`` on a Dask cluster: every deal of an input judged by the solver on the workers,
a game per task, the judgements handed back in the order of the games and of their deals (what
:func:`belote_notation.pipeline.review.judge_games` yields), so the reviewed copy written here
is the serial one byte for byte.

What crosses the network: a :class:`~belote_notation.pipeline.ranges.ByteRange` (one game's
place in the file) and the :class:`~belote_notation.pipeline.review.ReviewSettings` to the
worker, which reads and replays that game itself; the game's
:class:`~belote_notation.analysis.review.DealJudgement`\\ s back.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from belote_notation.analysis.review import DealJudgement
from belote_notation.cluster.client import Done, RangeProgress, outcomes
from belote_notation.formats.base import Format
from belote_notation.notation.records import Game
from belote_notation.pipeline.inputs import InputProblem, Source
from belote_notation.pipeline.ranges import ByteRange, cut_input, range_records
from belote_notation.pipeline.review import ReviewSettings, judge_games

__all__ = ["judge_on_cluster", "judge_range", "review_on_cluster"]

GAME_RANGES = 1
"""The target bytes of a range to judge: a game per task (judging costs seconds per deal with
samples, so the finest cut spreads the work best)."""


def judge_range(byte_range: ByteRange, settings: ReviewSettings) -> list[tuple[int, DealJudgement]]:
    """``(index of the game in its input, judgement)`` for every deal of the games of
    ``byte_range`` (a task, on a worker). The games must be readable (``annotate`` refuses an
    input that is not before judging it)."""
    games = [read.game for read in range_records(byte_range) if read.game is not None]
    offset = byte_range.first_game - 1
    return [(index + offset, judgement) for index, judgement in
            judge_games(games, byte_range.name, settings, 1, byte_range.first_game)]


def _judged(done: Done, progress: RangeProgress | None) -> list[tuple[int, DealJudgement]]:
    if done.error is not None:
        r: ByteRange = done.tag
        raise RuntimeError(f"{r.name}: the game at line {r.first_line} could not be judged on the "
                           f"cluster: {type(done.error).__name__}: {done.error}") from done.error
    if progress is not None:
        progress(done.tag)
    judged: list[tuple[int, DealJudgement]] = done.result
    return judged


def judge_on_cluster(source: Source, settings: ReviewSettings, address: str, format: Format | None = None,
                     progress: RangeProgress | None = None) -> Iterator[tuple[int, DealJudgement]]:
    """What :func:`~belote_notation.pipeline.review.judge_games` yields for the games of
    ``source``, judged on the cluster at ``address``. ``OSError`` when it cannot be read."""
    cut = cut_input(source, GAME_RANGES, format)
    if isinstance(cut, InputProblem):
        raise OSError(cut.message)
    for done in outcomes(address, cut.ranges, judge_range, settings):
        yield from _judged(done, progress)
    if cut.error is not None:
        raise OSError(f"{cut.info.name}: {cut.error}")


def review_on_cluster(games: Iterable[Game], source: Source, settings: ReviewSettings, address: str
                      ) -> Iterator[tuple[Game, list[DealJudgement]]]:
    """What :func:`~belote_notation.pipeline.review.review_games` yields: each game of ``games``
    (``source``'s, read here to be written) with the judgements of its deals, judged on the
    cluster at ``address``. ``OSError`` when it cannot be read."""
    judged = judge_on_cluster(source, settings, address)
    pending = next(judged, None)
    for index, game in enumerate(games):
        mine = []
        while pending is not None and pending[0] == index:
            mine.append(pending[1])
            pending = next(judged, None)
        yield game, mine
