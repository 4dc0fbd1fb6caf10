"""One card judged against the solver's best: the points it lost, the outcome it changed, its glyph.

:func:`judge_card` values a card that had a choice against the best card of the double-dummy
values (:class:`CardJudgement`); a card that turns a made contract into a failed one, or a failed
one into a capot (the engine's score of both lines played on by both sides' best cards), is at
least ``?`` (:class:`Thresholds`). The review of a deal and of a game is
:mod:`belote_notation.analysis.review`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from belote_notation.analysis.solver import DoubleDummy
from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import DealState, copy_deal, play_card, score_deal
from belote_notation.notation.records import Glyph

__all__ = ["DEFAULT_THRESHOLDS", "CardJudgement", "Thresholds", "judge_card"]


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Points lost from which a card gets ``?!``, ``?`` and ``??``."""

    inaccuracy: int = 6
    mistake: int = 16
    blunder: int = 40

    def glyph(self, loss: float, outcome_flipped: bool = False) -> Glyph | None:
        """The glyph of a card losing ``loss`` points.

        >>> Thresholds().glyph(24), Thresholds().glyph(3), Thresholds().glyph(3, outcome_flipped=True)
        ('?', None, '?')
        """
        if loss >= self.blunder:
            return "??"
        if loss >= self.mistake or outcome_flipped:
            return "?"
        if loss >= self.inaccuracy:
            return "?!"
        return None


DEFAULT_THRESHOLDS = Thresholds()
"""``?!`` from 6 points lost, ``?`` from 16, ``??`` from 40."""


@dataclass(slots=True)
class CardJudgement:
    """One card that had a choice: what it made, what the best card made."""

    trick: int
    index: int
    seat: int
    card: int
    best_card: int
    points: int
    """What the player's side makes after this card, best play after."""
    best_points: int
    loss: int
    flipped: str | None = None
    """``made->failed`` or ``failed->capot`` when the card changed the deal's outcome."""
    wins_trick: bool = False
    """The best card wins the trick under way for the player's side; the card played does not."""
    expected_loss: float | None = None
    """With sampling: the loss averaged over deals consistent with what the player knew."""
    expected_best: int | None = None
    """With sampling: the card best on that average (the glyph's better line)."""
    glyph: Glyph | None = None


def _mark(state: DealState, seat: int, card: int, declares: Sequence[bool]) -> str | None:
    """The belote mark a player who declared belote in the deal says on a trump K or Q."""
    if not declares[seat] or card >> 3 != state.trump or card & 7 not in (QUEEN, KING):
        return None
    return "rebelote" if state.played >> (card ^ (QUEEN ^ KING)) & 1 else "belote"


_RANK = {"failed": 1, "litige": 2, "made": 3}


def _outcome(dd: DoubleDummy, state: DealState, declares: Sequence[bool]) -> tuple[int, int]:
    """The deal played on from ``state`` by both sides' best cards, scored by the engine, as a
    rank for the takers (4 capot made, 3 made, 2 litige, 1 failed, 0 capot against them), and
    the team winning the trick under way."""
    twin = copy_deal(state)
    trick = twin.trick_no
    winner = -1
    for seat, card in dd.best_line(state):
        play_card(twin, seat, card, _mark(twin, seat, card, declares))
        if winner < 0 and twin.trick_no > trick:
            winner = twin.tricks[-1][2] & 1
    result = score_deal(twin)
    if result.outcome == "capot":
        return (4 if result.capot_team == result.taker_team else 0), winner
    return _RANK.get(result.outcome, 2), winner


def _flip(before: int, after: int, taker_side: bool) -> str | None:
    """How a card changed the deal for its player's side (ranks of :func:`_outcome`): a made
    contract (a won deal, for the defence) lost, or a lost one turned into a capot."""
    if not taker_side:
        before, after = 4 - before, 4 - after
    if before >= 3 and after <= 2:
        return "made->failed"
    if 1 <= before <= 2 and after == 0:
        return "failed->capot"
    return None


def judge_card(dd: DoubleDummy, state: DealState, values: dict[int, int], trick: int, index: int,
                seat: int, card: int, declares: Sequence[bool], thresholds: Thresholds) -> CardJudgement:
    """The judgement of ``card`` played by ``seat`` as card ``index`` of trick ``trick`` (0-based)
    in ``state``, against the best of ``values`` (the solver's value of each legal card): the
    points it lost for its side, whether it changed the deal's outcome, its glyph."""
    team = seat & 1
    points = {c: dd.side_values(state, d)[team] for c, d in values.items()}
    best_card = max(points, key=lambda c: (points[c], -c))
    loss = points[best_card] - points.get(card, points[best_card])
    flipped = None
    if loss > 0:
        after_best, after_card = copy_deal(state), copy_deal(state)
        play_card(after_best, seat, best_card, _mark(after_best, seat, best_card, declares))
        play_card(after_card, seat, card, _mark(after_card, seat, card, declares))
        taker_side = state.taker is not None and state.taker & 1 == team
        (best_outcome, best_trick), (card_outcome, card_trick) = (_outcome(dd, after_best, declares),
                                                                  _outcome(dd, after_card, declares))
        flipped = _flip(best_outcome, card_outcome, taker_side)
        wins = best_trick == team and card_trick != team
    else:
        wins = False
    judgement = CardJudgement(trick + 1, index, seat, card, best_card, points.get(card, 0),
                              points[best_card], loss, flipped, wins_trick=wins)
    judgement.glyph = thresholds.glyph(loss, flipped is not None)
    return judgement
