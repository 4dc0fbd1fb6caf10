"""The review's values inside a comment, as a structured command: the one reader and writer.

``belote-replay annotate`` writes what the double-dummy solver found as a command inside its
comment, python-chess's way with ``[%eval …]`` and ``[%clk …]``: on a card that lost points
``[%dd best=108 value=39 loss=69]`` (what the best card makes, what this card makes, the
difference), on the solver's one-card line ``[%dd value=108]``. The words around it
(``DD: loses 69 points: 8♠ makes 108, this card 39``) are written from the same values for
people and never read back: the page (render/review_notes.py) and ``stats``
(collections/review_figures.py) read the command, so rewording or translating the prose changes
nothing they read. Files annotated before the command existed carry the prose alone: the prose
of that time is read here, as a fallback, and nowhere else.

>>> text = "DD: loses 69 points: 8♠ makes 108, this card 39 " + write_dd(DDValues(39, best=108, loss=69))
>>> text
'DD: loses 69 points: 8♠ makes 108, this card 39 [%dd best=108 value=39 loss=69]'
>>> read_dd([text]) == read_dd(["DD: perd 69 points " + write_dd(DDValues(39, 108, 69))])
True
>>> read_dd(["DD: loses 69 points: 8♠ makes 108, this card 39"])  # annotated before the command
DDValues(value=39, best=108, loss=69)
>>> read_dd(["DD: makes 108"]), read_dd(["a coach's word"])
(DDValues(value=108, best=None, loss=None), None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["DDValues", "read_dd", "write_dd"]

_COMMAND = re.compile(r"\[%dd((?: [a-z]{1,8}=-?\d{1,6})*)\]")
_FIELD = re.compile(r" ([a-z]{1,8})=(-?\d{1,6})")
_OLD_LOSS = re.compile(r"DD: loses (\d{1,6}) points: .* makes (\d{1,6}), this card (\d{1,6})")
"""The prose ``annotate`` wrote on a card before the command (read for old files only)."""
_OLD_BEST = re.compile(r"DD: makes (\d{1,6})\Z")
"""The prose of the solver's line before the command (read for old files only)."""


class DDValues(NamedTuple):
    """What the solver found on one card: what it makes (``value``, card points or score, as
    the review counted) and, on a card that lost points, what the best card makes and the loss."""

    value: int
    best: int | None = None
    loss: int | None = None


def write_dd(values: DDValues) -> str:
    """The command holding ``values`` (the fields that are set, in a fixed order)."""
    fields = [("best", values.best), ("value", values.value), ("loss", values.loss)]
    return "[%dd" + "".join(f" {name}={number}" for name, number in fields if number is not None) + "]"


def read_dd(comments: Iterable[str]) -> DDValues | None:
    """The solver's values in ``comments`` (the first command; else, for a file annotated
    before the command, the old prose), ``None`` when there are none."""
    old: DDValues | None = None
    for comment in comments:
        command = _COMMAND.search(comment)
        if command is not None:
            fields = {name: int(number) for name, number in _FIELD.findall(command.group(1))}
            if "value" in fields:
                return DDValues(fields["value"], fields.get("best"), fields.get("loss"))
        if old is None and (loss := _OLD_LOSS.match(comment)) is not None:
            lost, best, value = (int(group) for group in loss.groups())
            old = DDValues(value, best, lost)
        elif old is None and (line := _OLD_BEST.match(comment)) is not None:
            old = DDValues(int(line.group(1)))
    return old
