"""What the page reads in a review: whose alternative line it is, and the solver's values.

``belote-replay annotate`` (:mod:`belote_notation.analysis.review`) marks everything it writes
with ``DD`` at the start of a comment: on a card that lost points,
``DD: loses 69 points: 8♠ makes 108, this card 39 [%dd best=108 value=39 loss=69]`` and the
best card as an alternative line ``(W:8S {DD: makes 108 [%dd value=108]})``: the values are read
from the ``[%dd …]`` commands (:mod:`belote_notation.notation.review_command`, which also reads the
prose of files annotated before the commands), never from the words. Any other alternative
line is the coach's. The page labels each line by its author and, where the game carries
them, shows the solver's value of the card played and of the best card
(``tests/render/test_study.py`` checks these readings against what ``annotate`` writes, so the
two cannot drift apart).

>>> from belote_notation.notation.read.reader import parse_text
>>> game = parse_text("deal 1\\ntrick 1 W:10H {DD: loses 69 points: 8♠ makes 108, this card 39} "
...                   "(W:8S {DD: makes 108}) (W:AS {cash it})\\nend\\n")[0].game
>>> play = game.deals[0].tricks[0].plays[0]
>>> [line_author(v) for v in play.variations]
['solver', 'coach']
>>> solver_values(play)
{'played': 39, 'best': 1, 'bestValue': 108, 'loss': 69}
"""

from __future__ import annotations

from typing import Literal

from belote_notation.notation.records import Annotated, Play, Variation
from belote_notation.notation.review_command import read_dd

__all__ = ["SOLVER_MARK", "line_author", "solver_reviewed", "solver_values"]

SOLVER_MARK = "DD"
"""The word every comment of ``annotate`` starts with (``analysis.review.MARK``)."""


def _by_solver(comment: str) -> bool:
    return comment.startswith(SOLVER_MARK + ":") or comment.startswith(SOLVER_MARK + " ")


def solver_reviewed(comments: list[str]) -> bool:
    """Whether a game's comments hold ``annotate``'s review line (``DD review: ...``): then every
    card of it with a choice was judged, and a card with no ``DD`` note lost nothing.

    >>> solver_reviewed(["DD review: N 0 points lost"]), solver_reviewed(["a coach's word"])
    (True, False)
    """
    return any(comment.startswith(SOLVER_MARK + " review:") for comment in comments)


def line_author(variation: Variation) -> Literal["solver", "coach"]:
    """``solver`` for a line ``annotate`` wrote (its comments start with ``DD``), else ``coach``."""
    comments = [*variation.comments, *(c for item in variation.items for c in item.comments)]
    return "solver" if comments and all(_by_solver(c) for c in comments) else "coach"


def solver_values(item: Annotated) -> dict[str, int | None] | None:
    """The solver's values on ``item`` when ``annotate`` wrote them (its ``[%dd …]`` command,
    or the prose of a file annotated before it: :func:`~belote_notation.notation.review_command.read_dd`):
    the card points the card played makes (``played``), the best card (``best``, 0..31,
    ``None`` when its line is not there) and what it makes (``bestValue``), and the ``loss``;
    ``None`` when it carries none."""
    values = read_dd(item.comments)
    if values is None or values.best is None or values.loss is None:
        return None
    return {"played": values.value, "best": _best_card(item), "bestValue": values.best, "loss": values.loss}


def _best_card(item: Annotated) -> int | None:
    """The card of the solver's line on ``item`` (a one-card line holding its value alone)."""
    for variation in item.variations:
        if len(variation.items) == 1 and isinstance(variation.items[0], Play):
            play = variation.items[0]
            values = read_dd(play.comments)
            if values is not None and values.loss is None and line_author(variation) == "solver":
                return play.card
    return None
