"""Which findings have a fix: the codes whose recorded value can be worked out again.

A module of its own so that the outputs that show fixes (``--format json``, ``jsonl``,
``sarif``: :mod:`.pool`) can tell a report without a fixable finding, most of them, without
importing the fix planner (:mod:`.fix_plan`: the replay, the records and pydantic, a tenth of a
second of every JSON run's start).

>>> sorted(FIXABLE)
['BEL501', 'BEL503', 'BEL504', 'BEL601', 'BEL603', 'BEL606']
"""

from __future__ import annotations

from belote_notation.check.codes import (
    DEAL_SCORE,
    LITIGE_POT,
    MATCH_TOTALS,
    MATCH_WINNER,
    SHEET_TOTALS,
    TRICK_WINNER,
)

__all__ = ["FIXABLE"]

FIXABLE = frozenset({TRICK_WINNER, DEAL_SCORE, LITIGE_POT, MATCH_TOTALS, SHEET_TOTALS, MATCH_WINNER})
"""The codes whose recorded value can be worked out again (``belote-replay rule CODE``)."""
