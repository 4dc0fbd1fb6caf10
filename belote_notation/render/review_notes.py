"""What the page reads in a review: whose alternative line it is, and the solver's values.

``belote-replay annotate`` (:mod:`belote_notation.analysis.review`) marks everything it writes
with ``DD`` at the start of a comment: on a card that lost points,
``DD: loses 69 points: 8♠ makes 108, this card 39`` and the best card as an alternative line
``(W:8S {DD: makes 108})``. Any other alternative line is the coach's. The page labels each
line by its author and, where the game carries them, shows the solver's value of the card
played and of the best card (``tests/render/test_study.py`` checks these readings against
what ``annotate`` writes, so the two cannot drift apart).

>>> from belote_notation.notation.reader import parse_text
>>> game = parse_text("deal 1\\ntrick 1 W:10H {DD: loses 69 points: 8♠ makes 108, this card 39} "
...                   "(W:8S {DD: makes 108}) (W:AS {cash it})\\nend\\n")[0].game
>>> play = game.deals[0].tricks[0].plays[0]
>>> [line_author(v) for v in play.variations]
['solver', 'coach']
>>> solver_values(play)
{'played': 39, 'best': 1, 'bestValue': 108, 'loss': 69}
"""

from __future__ import annotations

import re
from typing import Literal

from belote_notation.notation.records import Annotated, Play, Variation

__all__ = ["SOLVER_MARK", "line_author", "solver_reviewed", "solver_values"]

SOLVER_MARK = "DD"
"""The word every comment of ``annotate`` starts with (``analysis.review.MARK``)."""
_LOSS = re.compile(r"DD: loses (\d{1,6}) points: .* makes (\d{1,6}), this card (\d{1,6})")
_BEST = re.compile(r"DD: makes (\d{1,6})\Z")


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
    """The solver's values on ``item`` when ``annotate`` wrote them: the card points the card
    played makes (``played``), the best card (``best``, 0..31, ``None`` when its line is not
    there) and what it makes (``bestValue``), and the ``loss``; ``None`` when it carries none."""
    for comment in item.comments:
        found = _LOSS.match(comment)
        if found is not None:
            loss, best_value, played = (int(group) for group in found.groups())
            return {"played": played, "best": _best_card(item), "bestValue": best_value, "loss": loss}
    return None


def _best_card(item: Annotated) -> int | None:
    """The card of the solver's line on ``item`` (a one-card line commented ``DD: makes N``)."""
    for variation in item.variations:
        if len(variation.items) == 1 and isinstance(variation.items[0], Play):
            play = variation.items[0]
            if any(_BEST.match(c) for c in play.comments):
                return play.card
    return None
