"""The running totals of a record, checked as arithmetic over the typed deal scores.

Each ``match`` line is checked against the total before it *as it should have been* plus the
deal's typed score (the engine's score when none is typed), never against totals the engine
worked out on its own: a deal the engine scores differently (an illegal card, a wrong count)
is said once, at its deal score (BEL503), and the totals typed from its typed score are
right. One slip of addition is one finding:

>>> totals = RunningTotals()
>>> totals.step((100, 62), typed=(100, 62), engine=(100, 62)) is None
True
>>> slip = totals.step((210, 114), typed=(100, 42), engine=(100, 42))   # typed 10 too high
>>> slip.right, slip.before
((200, 104), (100, 62))
>>> totals.step((300, 166), typed=(100, 62), engine=(90, 72)) is None   # right again: not said twice
True

A total is accepted when one reading of the record makes it: the total before it as it
should have been, or as typed (a slip carried on is the same slip), plus the deal's typed
score or the engine's (a wrong deal score whose total follows the engine is said once, at
the score); or the engine's own running total. The total as it should have been then follows
the reading the typist used; a slip leaves it at the arithmetic value.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Pair", "RunningTotals", "Slip"]

Pair = tuple[int, int]


class Slip(NamedTuple):
    """A typed total that no reading of the record makes: what it should be, and from what."""

    right: Pair
    """The total it should be: :attr:`before` plus :attr:`score`."""
    before: Pair
    """The total before it as it should have been."""
    score: Pair
    """The deal's typed score (the engine's when none is typed)."""
    recorded_before: bool
    """:attr:`before` is also the total typed before it."""


class RunningTotals:
    """The totals before the current deal, as typed (:attr:`recorded`) and as they should have
    been (:attr:`should`); ``None`` when the record does not say and nothing adds up to them."""

    __slots__ = ("recorded", "should")

    def __init__(self) -> None:
        self.recorded: Pair | None = (0, 0)
        self.should: Pair | None = (0, 0)

    def step(self, claimed: Pair | None, typed: Pair | None, engine: Pair | None,
             engine_total: Pair | None = None) -> Slip | None:
        """Move past one deal: its typed total ``claimed`` (``None``: not written), its typed
        score ``typed``, the engine's ``engine`` (``None``: not typed, not scored) and the
        engine's running total after it. The :class:`Slip` when ``claimed`` is one, else
        ``None``."""
        should, recorded = self.should, self.recorded
        score = typed if typed is not None else engine
        if (claimed is not None and should is not None and score is not None
                and claimed[0] == should[0] + score[0] and claimed[1] == should[1] + score[1]):
            self.should = self.recorded = claimed  # the usual case: the total adds up
            return None
        if claimed is None:
            self.should = _add(should, score)
            self.recorded = _add(recorded, score)
            return None
        scores = [s for s in (typed, engine) if s is not None]
        via_should = {_plus(should, s) for s in scores} if should is not None else set()
        if engine_total is not None:
            via_should.add(engine_total)
        via_recorded = {_plus(recorded, s) for s in scores} if recorded is not None else set()
        slip = None
        if score is not None and claimed not in via_should and claimed not in via_recorded:
            before = should if should is not None else recorded
            if before is not None:
                slip = Slip(_plus(before, score), before, score, before == recorded)
        self.recorded = claimed
        if should is None or claimed in via_should or score is None:
            self.should = claimed
        else:
            self.should = _plus(should, score)
        return slip


def _plus(a: Pair, b: Pair) -> Pair:
    return a[0] + b[0], a[1] + b[1]


def _add(a: Pair | None, b: Pair | None) -> Pair | None:
    return None if a is None or b is None else _plus(a, b)
