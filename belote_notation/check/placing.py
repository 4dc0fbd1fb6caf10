"""Which deal of a game a finding is about: findings placed by the deal's number and line.

A game may hold two deals with the same number; a finding goes to the last of them that
starts at or before it (issue 22: built once, so placing every finding costs time linear in
the game). The replay (:mod:`belote_notation.check.replay`) and the collections place a
game's findings so.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Sequence
from typing import Protocol

from belote_notation.check.findings import Finding

__all__ = ["NumberedDeal", "findings_by_deal"]


class NumberedDeal(Protocol):
    """A deal as a game places findings on it: its number and the line it starts at (a record,
    or the checks' facts of a deal read as text)."""

    @property
    def number(self) -> int: ...

    @property
    def line(self) -> int: ...


def findings_by_deal(deals: Sequence[NumberedDeal], findings: Iterable[Finding]) -> list[list[Finding]]:
    """``findings`` placed on the deal each is about, one list a deal (in ``deals``' order); a
    finding about no deal is left out. Two deals may share a number: a finding goes to the last
    of them that starts at or before it.

    >>> from belote_notation.notation.records import Deal
    >>> found = [Finding("BEL301", "error", "S played out of turn", "x.bel", 9, 1, deal=1)]
    >>> [len(f) for f in findings_by_deal([Deal(number=1, line=2), Deal(number=1, line=8)], found)]
    [0, 1]
    """
    index = _DealIndex(deals)
    placed: list[list[Finding]] = [[] for _ in deals]
    for finding in findings:
        at = index.position_of(finding)
        if at is not None:
            placed[at].append(finding)
    return placed


class _DealIndex:
    """The deals of a game by number, built once, so that placing every finding costs time
    linear in the game (issue 22: looking each one up by scanning every deal was quadratic)."""

    def __init__(self, deals: Sequence[NumberedDeal]) -> None:
        self.by_number: dict[int, tuple[list[int], list[int]]] = {}
        for position, deal in enumerate(deals):
            positions, lines = self.by_number.setdefault(deal.number, ([], []))
            positions.append(position)
            lines.append(deal.line)
        self.ordered = {number: all(a <= b for a, b in itertools.pairwise(lines))
                        for number, (_, lines) in self.by_number.items()}

    def position_of(self, finding: Finding) -> int | None:
        """The deal a finding is about: the last deal with its number that starts at or before
        it, else the first with its number (two deals may share a number)."""
        if finding.deal is None or finding.deal not in self.by_number:
            return None
        positions, lines = self.by_number[finding.deal]
        if self.ordered[finding.deal]:
            k = bisect.bisect_right(lines, finding.line)
            return positions[max(k - 1, 0)]
        found = positions[0]
        for position, line in zip(positions, lines, strict=True):
            if line <= finding.line:
                found = position
        return found
