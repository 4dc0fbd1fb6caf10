"""The review figures of an annotated game read back from its record (what ``annotate`` wrote).

A game reviewed by ``belote-replay annotate`` carries a ``DD review:`` comment; each card that
lost points carries a ``DD: loses N points`` comment holding its values as a ``[%dd … loss=N]``
command (read by :func:`~belote_notation.notation.review_command.read_dd`, which reads the prose
of files annotated before the command too) and, from the thresholds on, a glyph
(``?!`` inaccuracy, ``?`` mistake, ``??`` blunder). The cards with a choice (the review's
denominator of accuracy) are counted on the checks' replay with the engine's legal cards,
in the deals the review judges (:func:`~belote_notation.check.judged.is_judged`, the rule
``annotate`` follows: a contract, every hand known, eight tricks, no error of the play).
"""

from __future__ import annotations

from dataclasses import dataclass

from belote_notation.analysis.annotation import MARK
from belote_notation.analysis.review import state_at
from belote_notation.check.judged import is_judged
from belote_notation.check.replay import GameReplay
from belote_notation.game.engine import legal_cards, play_card, to_play
from belote_notation.notation.review_command import read_dd

__all__ = ["CardFigures", "is_reviewed", "review_figures"]


@dataclass(slots=True)
class CardFigures:
    """One player's review figures."""

    cards: int = 0
    """Cards played with a choice."""
    points_lost: int = 0
    inaccuracies: int = 0
    mistakes: int = 0
    blunders: int = 0
    lossless: int = 0

    def add(self, other: CardFigures) -> None:
        self.cards += other.cards
        self.points_lost += other.points_lost
        self.inaccuracies += other.inaccuracies
        self.mistakes += other.mistakes
        self.blunders += other.blunders
        self.lossless += other.lossless

    @property
    def accuracy(self) -> float | None:
        """Share of the cards with a choice that lost nothing, in percent."""
        return 100.0 * self.lossless / self.cards if self.cards else None


def is_reviewed(replay: GameReplay) -> bool:
    return any(c.startswith(f"{MARK} review:") for c in replay.game.comments)


def review_figures(replay: GameReplay) -> list[CardFigures]:
    """The figures of the four seats (N E S W) of a reviewed game (all zero for another)."""
    seats = [CardFigures() for _ in range(4)]
    if not is_reviewed(replay):
        return seats
    for deal in replay.deals:
        if not is_judged(deal) or any(c.startswith(f"{MARK} not reviewed:") for c in deal.deal.comments):
            continue
        state = state_at(deal, 1, 1)
        for trick in deal.deal.tricks:
            for play in trick.plays:
                seat = to_play(state)
                if legal_cards(state).bit_count() > 1:
                    figures = seats[seat]
                    figures.cards += 1
                    values = read_dd(play.comments)
                    loss = values.loss or 0 if values is not None else 0
                    figures.points_lost += loss
                    figures.lossless += loss == 0
                    figures.inaccuracies += play.glyph == "?!"
                    figures.mistakes += play.glyph == "?"
                    figures.blunders += play.glyph == "??"
                play_card(state, seat, play.card, play.mark)
    return seats
