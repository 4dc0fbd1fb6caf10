"""Analysis: the double-dummy solver and the review of a recorded game (docs/review.md).

The layer above ``check``: it reads a record's deals through the checks' replay, values
positions with a C search fed by the engine's own tables and play obligations, and writes the
review into the notation's records.

>>> from belote_notation.analysis import review_game
>>> from belote_notation.notation.read.reader import parse_text
>>> text = open("samples/review/annotated-classic.bel", encoding="utf-8").read()
>>> review = review_game(parse_text(text)[0].game)
>>> play = review.game.deals[0].tricks[3].plays[0]  # W:10H at trick 4 of deal 1
>>> play.glyph, play.comments[-1]
('??', 'DD: loses 69 points: 8♠ makes 108, this card 39; the deal is lost [%dd best=108 value=39 loss=69]')
"""

from belote_notation.analysis.review import Review, Thresholds, judge_deal, review_game, state_at
from belote_notation.analysis.solver import CardValue, DoubleDummy, SolverUnavailable, TableEntry, side_points

__all__ = ["CardValue", "DoubleDummy", "Review", "SolverUnavailable", "TableEntry", "Thresholds",
           "judge_deal", "review_game", "side_points", "state_at"]
