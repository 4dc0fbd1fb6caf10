"""A deal's tricks as the checks traced them, as rows of numbers.

:func:`plain_rows` makes the traces of the tricks the engine played in one call from the final
state (the checks' :func:`~belote_notation.check.play.play_tricks` traces them so, and the
replay makes them on demand: :meth:`~belote_notation.check.replay.DealReplay.trick_rows`);
:func:`plain_numbers` gives the same numbers in one flat list, for a reader of every trick
that makes no row (the page's JSON: :meth:`~belote_notation.check.replay.DealReplay.plain_tricks`).
"""

from __future__ import annotations

from belote_notation.check.facts import TrickFact
from belote_notation.game.engine import DealState, running_points
from belote_notation.game.engine.view import trick_points

__all__ = ["TRICK_NUMBERS", "TraceRow", "plain_numbers", "plain_rows"]


TraceRow = tuple[int, list[int], list[int], list["str | None"], int, int, tuple[int, int]]
"""A trick's trace as numbers: :class:`TrickTrace`'s fields in its constructor's order."""

TRICK_NUMBERS = 13
"""The numbers of a trick in :func:`plain_numbers`."""


def plain_numbers(state: DealState, tricks: list[TrickFact], closed: int = 8) -> list[int]:
    """The first ``closed`` tricks, closed in the state, as one list of numbers, 13 a trick
    (:data:`TRICK_NUMBERS`): its number as written, its four seats and four cards in the order
    played, its winner, its points and the running card points of N-S and E-W when it closed (the
    points now, less those of the tricks closed after it: only a trick's close changes them)."""
    done = state.tricks
    points = trick_points(state)
    ns, ew = running_points(state)
    out: list[int] = []
    for k in range(closed - 1, -1, -1):  # backwards, each trick's numbers reversed: one reverse at the end
        (s0, s1, s2, s3), (c0, c1, c2, c3), winner = done[k]
        won = points[k]
        out += (ew, ns, won, winner, c3, c2, c1, c0, s3, s2, s1, s0, tricks[k].number)
        if winner & 1:
            ew -= won
        else:
            ns -= won
    out.reverse()
    return out


def plain_rows(state: DealState, tricks: list[TrickFact], closed: int = 8) -> list[TraceRow]:
    """The traces of the first ``closed`` tricks, closed in the state, as rows numbered from 1:
    each trick's seats, cards and belote words with its winner, its points and the running card
    points when it closed (:func:`plain_numbers`). What :func:`play_tricks` traces of a deal
    played in one call."""
    n = plain_numbers(state, tricks, closed)
    return [(k + 1, n[i + 1:i + 5], n[i + 5:i + 9], list(tricks[k].marks[:4]), n[i + 9], n[i + 10],
             (n[i + 11], n[i + 12])) for k, i in enumerate(range(0, len(n), TRICK_NUMBERS))]
