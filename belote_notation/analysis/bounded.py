"""The sampled review's loss of one card, searching only what the answer needs (issue 23).

:meth:`DoubleDummy.sampled_totals <belote_notation.analysis.solver.DoubleDummy.sampled_totals>`
values every legal card of every deal drawn exactly; the review's answer needs less: the
played card's value, the best value of each deal (for the rule "the best card is certain"),
and the values of the card best on the totals. :func:`sampled_loss` gives the same answer
and the same number of deals drawn: a card is valued exactly only when needed, otherwise a
zero-window test of the C search (``Solver.probe``) proves it below what matters. The
equality with ``sampled_totals`` is tested on random positions (tests/analysis/test_bounded.py).

>>> import random
>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.game.engine import new_deal, set_contract, set_hands
>>> from belote_notation.analysis.solver import DoubleDummy
>>> state = new_deal(Ruleset.preset("classic"), dealer=3)
>>> set_contract(state, taker=0, trump=0)
>>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])  # N holds every spade (trump)
>>> sampled_loss(DoubleDummy(), state, lambda: list(state.hands), 20, 0, 0)  # any card: capot
(0, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from belote_notation.analysis.solver import CERTAIN_AFTER, DoubleDummy, settled_losses, side_points
from belote_notation.game.engine import DealState, to_play

__all__ = ["sampled_loss", "sampled_loss_and_best"]


Position = tuple[list[int], list[int], int, int, int, int, int]
"""A position as the C search reads it: hands, trick so far, leader, points and tricks a side."""


class _Deal:
    """One deal drawn: the scores (the mover's side's final N-S minus E-W, signed so that more
    is better for it) known exactly, and upper bounds of the others."""

    __slots__ = ("exact", "guess", "position", "upper")

    def __init__(self, position: Position) -> None:
        self.position = position
        self.exact: dict[int, int] = {}
        self.upper: dict[int, int] = {}
        self.guess: dict[int, int] = {}
        """A lower bound found by a test: where the exact search starts."""


class _Asker:
    """The C search's questions on the deals drawn of one position, in the mover's side's scores."""

    def __init__(self, dd: DoubleDummy, state: DealState, team: int) -> None:
        self.dd, self.rules, self.team = dd, state.rules, team
        self.strain = state.strain if state.strain >= 0 else state.trump
        self.sign = 1 if team == 0 else -1
        self.solver = dd._solver(state.rules, state.strain)
        leader = state.trick_seats[0] if state.trick_cards else to_play(state)
        self.rest = (list(state.trick_cards), leader, state.points[0], state.points[1], state.tricks_won[0],
                     state.tricks_won[1])
        self.start = self.sign * (state.points[0] - state.points[1])
        self.hint: dict[int, tuple[int, int]] = {}
        """Each card's exact scores so far, summed, and how many: their mean is the first guess
        of its search in the next deal (closer than the last one: fewer MTD(f) tests)."""

    def guess(self, c: int) -> int:
        total, count = self.hint.get(c, (self.start, 1))
        return round(total / count)

    def found(self, c: int, score: int) -> None:
        total, count = self.hint.get(c, (0, 0))
        self.hint[c] = (total + score, count + 1)

    def points(self, score: int) -> int:
        return side_points(self.sign * score, self.rules, self.strain)[self.team]

    def exact(self, deal: _Deal, c: int) -> int:
        if c not in deal.exact:
            sign = self.sign
            guess = deal.guess.pop(c, max(deal.exact.values(), default=self.guess(c)))
            found = self.dd._ask(lambda: self.solver.probe(*deal.position, c, sign * guess, True))
            deal.exact[c] = sign * found
            deal.upper.pop(c, None)
            self.found(c, deal.exact[c])
        return deal.exact[c]

    def at_least(self, deal: _Deal, c: int, target: int) -> bool:
        """Whether ``c`` scores ``target`` or more; when not, its upper bound is kept."""
        beta = target if self.sign > 0 else 1 - target
        g = self.dd._ask(lambda: self.solver.probe(*deal.position, c, beta, False))
        if (g >= beta) == (self.sign > 0):
            deal.guess[c] = self.sign * g
            return True
        deal.upper[c] = self.sign * g
        return False

    def lower(self, deal: _Deal, c: int) -> None:
        """One test of ``c`` at its upper bound: its exact value, or a lower upper bound."""
        bound = deal.upper[c]
        if self.at_least(deal, c, bound):  # at least its upper bound: exactly it
            del deal.upper[c], deal.guess[c]
            deal.exact[c] = bound
            self.found(c, bound)

    def look(self, deal: _Deal, legal: list[int], card: int, always_best: int) -> None:
        """``card`` valued exactly, the top exactly, every other card exactly or bounded below
        the top (below or at it for those not in ``always_best``)."""
        top = self.exact(deal, card)
        # the cards that may still be best in every deal first: the top rises early
        for c in sorted(legal, key=lambda c: (not always_best >> c & 1, c)):
            if c in deal.exact:
                continue
            if always_best >> c & 1:  # needed: whether it reaches the top
                if self.at_least(deal, c, top):
                    top = max(top, self.exact(deal, c))
            elif self.at_least(deal, c, top + 1):
                top = self.exact(deal, c)


def sampled_loss(dd: DoubleDummy, state: DealState, draw: Callable[[], list[int]], samples: int, card: int,
                 team: int, certain_after: int = CERTAIN_AFTER, bands: Sequence[int] = ()) -> tuple[int, int]:
    """(loss, deals drawn) of :func:`sampled_loss_and_best`."""
    loss, drawn, _ = sampled_loss_and_best(dd, state, draw, samples, card, team, certain_after, bands)
    return loss, drawn


def sampled_loss_and_best(dd: DoubleDummy, state: DealState, draw: Callable[[], list[int]], samples: int,
                          card: int, team: int, certain_after: int = CERTAIN_AFTER,
                          bands: Sequence[int] = ()) -> tuple[int, int, int]:
    """(the best card's total minus ``card``'s, deals drawn, the best card: the highest total,
    the lowest card among equal totals): what ``sampled_totals`` with the
    same arguments gives (best total and ``card``'s, deals drawn, the same stops), each card
    valued only as far as the answer needs.

    Its bounds are on card points, where a higher value always scores more; by score
    (``dd.value == "score"``) two card-point values can score alike, which changes which cards
    are best, so every card is valued exactly there (``sampled_totals`` itself)."""
    if dd.value != "cards":
        totals, drawn_count = dd.sampled_totals(state, draw, samples, card, team, certain_after, bands)
        top = max(totals, key=lambda c: (totals[c], -c), default=card)
        return totals.get(top, 0) - totals.get(card, totals.get(top, 0)), drawn_count, top
    asker = _Asker(dd, state, team)
    seen: dict[tuple[int, ...], _Deal] = {}
    drawn: list[_Deal] = []
    legal: list[int] = []
    always_best = -1
    for count in range(1, samples + 1):
        hands = draw()
        deal = seen.get(tuple(hands))
        if deal is None:
            deal = seen[tuple(hands)] = _Deal((hands, *asker.rest))
            mask = asker.solver.legal(*deal.position)  # checks the position, searches nothing
            legal = [c for c in range(32) if mask >> c & 1]
            if card not in legal:  # not a card of this position: it loses nothing
                return 0, count, card
            asker.look(deal, legal, card, always_best)
        drawn.append(deal)
        top = max(deal.exact.values())
        always_best &= sum(1 << c for c, s in deal.exact.items() if s == top)
        if certain_after and count >= certain_after:
            if not always_best:
                best = _best(drawn, legal, asker)
                losses = [asker.points(d.exact[best]) - asker.points(d.exact[card]) for d in drawn]
            if always_best or settled_losses(losses, bands):
                loss, best = _loss(drawn, legal, card, asker)
                return loss, count, best
    loss, best = _loss(drawn, legal, card, asker)
    return loss, samples, best


def _best(drawn: list[_Deal], legal: list[int], asker: _Asker) -> int:
    """The card of the highest total (the lowest card among equal totals), valued exactly in
    every deal: a card whose upper bounds sum below it needs no exact value.

    The card of the highest upper total is lowered one test a deal at a time (each test at its
    upper bound gives its exact value or a lower bound) rather than valued outright: most such
    cards fall below another card's total after a test or two (issue 23)."""
    def total(c: int) -> int:
        return sum(asker.points(d.exact[c] if c in d.exact else d.upper[c]) for d in drawn)

    upper = {c: total(c) for c in legal}
    while True:
        best = max(legal, key=lambda c: (upper[c], -c))
        missing = next((d for d in drawn if best not in d.exact), None)
        if missing is None:
            return best
        asker.lower(missing, best)  # only the bounds of best change
        upper[best] = total(best)


def _loss(drawn: list[_Deal], legal: list[int], card: int, asker: _Asker) -> tuple[int, int]:
    """``card``'s loss against the card best on the totals, and that card."""
    best = _best(drawn, legal, asker)
    return sum(asker.points(d.exact[best]) - asker.points(d.exact[card]) for d in drawn), best
