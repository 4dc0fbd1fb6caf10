"""Double-dummy values of an engine position: every legal card, the best line, the DD table.

A position is the engine's own :class:`~belote_notation.game.engine.DealState` (hands known,
contract set: a trump suit, or sans-atout or tout-atout): the C search reads its hands, the
current trick, the points and tricks so far. Values are card points (the last trick's 10 and
the capot as the rule system counts them), or with ``value="score"`` the points the deal scores
(the contract made or failed, the belote and announcements that count:
:mod:`~belote_notation.analysis.scored`).

Every question (one position's values, one entry of the table) has a budget of positions
searched (:data:`DEFAULT_BUDGET`, settable): past it the question is refused with
:class:`SearchTooLong`, never answered from a part of the search. The work of a question is
exponential only in the cards left to play: nothing is searched from an earlier point unless
the table is asked for.

>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.game.engine import new_deal, set_contract, set_hands
>>> state = new_deal(Ruleset.preset("classic"), dealer=3)
>>> set_contract(state, taker=0, trump=0)
>>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])  # N holds every spade (trump)
>>> dd = DoubleDummy()
>>> sorted({v.points for v in dd.card_values(state)})  # N-S take every trick whatever N leads
[250]

The search is an optional C extension: where it was not built, :class:`DoubleDummy` raises
:class:`SolverUnavailable` (one line saying how to get it) when made.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from belote_notation.analysis.refusal import Refusal
from belote_notation.analysis.scored import VALUES, scored_points
from belote_notation.analysis.tables import SolverUnavailable, solver_for, solver_limit, solver_type
from belote_notation.game.cards import SANS_ATOUT, TOUT_ATOUT
from belote_notation.game.engine import (
    DealState,
    copy_deal,
    first_leader,
    new_deal,
    play_card,
    set_contract,
    to_play,
)
from belote_notation.game.engine.tables import deal_points
from belote_notation.game.lang import Message, Number, msg, msg_n
from belote_notation.game.rules import Ruleset

if TYPE_CHECKING:
    from belote_notation.analysis._dds import Solver

T = TypeVar("T")

__all__ = ["CERTAIN_AFTER", "DEFAULT_BUDGET", "CardValue", "DoubleDummy", "Refusal", "SearchTooLong",
           "SolverUnavailable", "TableEntry", "side_points", "strains_of"]

DEFAULT_BUDGET = 40_000_000
"""Positions one question may search (a few seconds of the C search; a full deal of the usual
rule systems takes well under a million)."""


CERTAIN_AFTER = 4
"""Sampled reviews: a card that was among the best in each of this many drawn deals is judged
on them alone (its best is certain enough; docs/review.md)."""


class SearchTooLong(Refusal):
    """A question passed its budget of positions: refused, not answered from a part (``reason``
    says so in every language, ``str()`` in English)."""


def _past(budget: int) -> Message:
    """The refusal of a question that needs more than ``budget`` positions."""
    return msg_n("the solver gave up: this question needs more than %(budget)s positions (its budget)",
                 "the solver gave up: this question needs more than %(budget)s positions (its budget)",
                 "budget", budget=Number(budget))  # English: "positions" for any budget, as it said


def strains_of(rules: Ruleset) -> tuple[int, ...]:
    """The contracts' trumps ``rules`` allow: the four suits, sans-atout and tout-atout when on.

    >>> strains_of(Ruleset.preset("classic")), strains_of(Ruleset.preset("contree").with_options(
    ...     {"sans_atout": True, "tout_atout": True}))
    ((0, 1, 2, 3), (0, 1, 2, 3, 4, 5))
    """
    extra = ((SANS_ATOUT,) if rules.sans_atout else ()) + ((TOUT_ATOUT,) if rules.tout_atout else ())
    return (0, 1, 2, 3) + extra


def side_points(diff: int, rules: Ruleset, strain: int) -> tuple[int, int]:
    """(N-S, E-W) card points at the end of a deal played in ``strain`` whose N-S minus E-W is
    ``diff`` (the deal's total from :func:`~belote_notation.game.engine.tables.deal_points`).

    >>> side_points(20, Ruleset.preset("classic"), 0), side_points(-250, Ruleset.preset("classic"), 0)
    ((91, 71), (0, 250))
    >>> side_points(20, Ruleset.preset("contree").with_options({"sans_atout": True,
    ...                                                       "sans_atout_values": "plain"}), 4)
    (75, 55)
    """
    capot = rules.capot_points
    if capot is not None and diff == capot:
        return capot, 0
    if capot is not None and diff == -capot:
        return 0, capot
    total = deal_points(rules, strain)
    return (total + diff) // 2, (total - diff) // 2


_T95 = (0, 0, 12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14, 2.13, 2.12,
        2.11, 2.10, 2.09, 1.96)
"""Student's t for a two-sided 95% interval of the mean of ``n`` deals (``_T95[n]``; 1.96 beyond)."""


def _settled(drawn: list[dict[int, int]], totals: dict[int, int], card: int, bands: Sequence[int]) -> bool:
    """``card``'s loss against the best card on average is the same in every deal drawn, or its
    95% interval (Student's t) lies between two of ``bands`` (0 and infinity are bands)."""
    if card not in totals:
        return False
    best = max(totals, key=lambda c: (totals[c], -c))
    return settled_losses([points[best] - points[card] for points in drawn], bands)


def settled_losses(losses: Sequence[int], bands: Sequence[int]) -> bool:
    """The rule of :func:`_settled` on a card's losses in the deals drawn.

    >>> settled_losses([10, 10], ()), settled_losses([0, 40], (6, 16, 40))
    (True, False)
    >>> settled_losses([7, 8, 7, 8], (6, 16))  # 7.5 +- 0.9: within ?! (6 to 16)
    True
    """
    if len(set(losses)) == 1:
        return True
    mean = sum(losses) / len(losses)
    spread = _T95[min(len(losses), len(_T95) - 1)] * statistics.stdev(losses) / math.sqrt(len(losses))
    edges = [0, *sorted(bands), math.inf]
    return any(low <= mean - spread and mean + spread < high for low, high in itertools.pairwise(edges))


@dataclass(frozen=True, slots=True)
class CardValue:
    """A legal card and what the side playing it makes at the end of the deal (best play on
    both sides after it)."""

    card: int
    points: int
    """Card points the mover's side makes (by score: the points the deal credits it)."""
    diff: int
    """N-S minus E-W card points at the end."""


@dataclass(frozen=True, slots=True)
class TableEntry:
    """One line of the double-dummy table: a trump, the takers it stands for, the leader."""

    trump: int
    """The strain: a suit 0-3, 4 sans-atout, 5 tout-atout."""
    takers: tuple[int, ...]
    leader: int
    points: tuple[int, int]
    """(N-S, E-W) card points under best play."""


class DoubleDummy:
    """The solver: one C searcher (and its transposition table) per rule set and trump, kept
    for every position asked, so the positions of one deal share what was searched.
    ``budget`` bounds the positions of each question (:class:`SearchTooLong` past it);
    ``value`` is what a side's value counts: ``cards`` (card points) or ``score`` (the points the
    deal credits it, :func:`~belote_notation.analysis.scored.scored_points`).

    Raises :class:`SolverUnavailable` when the C extension was not built with this install."""

    def __init__(self, budget: int = DEFAULT_BUDGET, value: str = "cards") -> None:
        solver_type()  # fail here, before any work, where the extension is missing
        if not 1 <= budget <= 10**15:
            raise ValueError(f"budget {budget}: expected 1..10**15 positions")
        if value not in VALUES:
            raise ValueError(f"value {value!r}: expected one of {', '.join(VALUES)}")
        self.budget = budget
        self.value = value
        self._solvers: dict[tuple[Ruleset, int], Solver] = {}
        self._firsts: dict[tuple[Ruleset, tuple[int, ...], int, int], tuple[int, int] | None] = {}
        """The first-lead values asked so far (None: refused, past the budget)."""
        self._left: int | None = None
        """Positions the questions may still search together (:meth:`spend_at_most`)."""

    def _solver(self, rules: Ruleset, trump: int) -> Solver:
        key = (rules, trump)
        solver = self._solvers.get(key)
        if solver is None:
            if len(self._solvers) >= 8:
                self._solvers.clear()
            solver = self._solvers[key] = solver_for(rules, trump)
        solver.budget = self.budget
        return solver

    def spend_at_most(self, positions: int | None) -> None:
        """Bound the positions of the questions asked from now on, all together (``None``: each
        question by :attr:`budget` alone): past it, every question is refused with
        :class:`SearchTooLong`. A review of one deal asks many questions (a card, a sampled deal
        each); this is its budget (``annotate --budget``)."""
        self._left = positions

    def _ask(self, call: Callable[[], T]) -> T:
        left = self._left
        if left is not None and left <= 0:
            raise SearchTooLong(msg("the solver gave up: the questions of this review passed their budget of "
                                    "positions"))
        per_question = self.budget if left is None else min(self.budget, left)
        for solver in self._solvers.values():
            solver.budget = per_question
        before = self.nodes
        try:
            return call()
        except solver_limit() as exc:
            raise SearchTooLong(_past(per_question)) from exc
        finally:
            if left is not None:
                self._left = left - max(0, self.nodes - before)

    def side_values(self, state: DealState, diff: int) -> tuple[int, int]:
        """(N-S, E-W) values of the deal of ``state`` ending with card points N-S minus E-W
        ``diff``: the card points, or (``value="score"``) the points the deal credits.

        >>> from belote_notation.game.engine import new_deal, set_contract, set_hands
        >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
        >>> set_contract(state, taker=0, trump=0)
        >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
        >>> DoubleDummy().side_values(state, -20), DoubleDummy(value="score").side_values(state, -20)
        ((71, 91), (20, 91))
        """
        if self.value == "score":
            return scored_points(state, diff)
        return side_points(diff, state.rules, state.strain if state.strain >= 0 else state.trump)

    @property
    def nodes(self) -> int:
        """Positions searched so far by every searcher kept."""
        return sum(s.nodes for s in self._solvers.values())

    def values(self, state: DealState) -> dict[int, int]:
        """Each legal card of the player to move and the final N-S minus E-W after it."""
        return self.values_with_hands(state, state.hands)

    def values_with_hands(self, state: DealState, hands: list[int]) -> dict[int, int]:
        """:meth:`values` with the cards still held dealt as ``hands`` (a sampled deal)."""
        if state.trick_no >= 8 or not state.hands_known:
            return {}
        if not 0 <= state.strain <= TOUT_ATOUT:
            raise Refusal(msg("the deal's trump is not known: nothing to solve"))
        leader = state.trick_seats[0] if state.trick_cards else to_play(state)
        solver = self._solver(state.rules, state.strain)
        return dict(self._ask(lambda: solver.values(hands, state.trick_cards, leader, state.points[0],
                                                     state.points[1], state.tricks_won[0],
                                                     state.tricks_won[1])))

    def sampled_totals(self, state: DealState, draw: Callable[[], list[int]], samples: int, card: int,
                       team: int, certain_after: int = CERTAIN_AFTER,
                       bands: Sequence[int] = ()) -> tuple[dict[int, int], int]:
        """Each legal card's points for ``team`` summed over up to ``samples`` deals of the cards
        still held drawn by ``draw``, and how many deals were drawn (docs/review.md).

        A deal drawn again is not searched again (late in a deal few deals remain possible);
        from ``certain_after`` deals on, no more are drawn once one card was among the best in
        every deal so far (the best card is certain), or once ``card``'s loss against the best
        card on average is the same in every deal so far (its loss is certain), or once the
        95% interval of that loss lies between two of ``bands`` (the losses where a judgement
        changes: the glyph's thresholds): the totals are then those of the deals drawn
        (``certain_after`` 0: always ``samples``)."""
        seen: dict[tuple[int, ...], dict[int, int]] = {}
        totals: dict[int, int] = {}
        always_best = -1  # the cards among the best in every deal so far (a mask; -1: every card)
        drawn_points: list[dict[int, int]] = []
        for drawn in range(1, samples + 1):
            hands = draw()
            key = tuple(hands)
            points = seen.get(key)
            if points is None:
                points = seen[key] = {c: self.side_values(state, d)[team]
                                      for c, d in self.values_with_hands(state, hands).items()}
            for c, p in points.items():
                totals[c] = totals.get(c, 0) + p
            drawn_points.append(points)
            top = max(points.values(), default=None)
            always_best &= sum(1 << c for c, p in points.items() if p == top)
            if certain_after and drawn >= certain_after and (always_best or _settled(drawn_points, totals,
                                                                                      card, bands)):
                return totals, drawn
        return totals, samples

    def card_values(self, state: DealState) -> list[CardValue]:
        """The legal cards of the player to move, best first (for the mover's side)."""
        team = to_play(state) & 1 if state.trick_no < 8 else 0
        out = []
        for card, diff in self.values(state).items():
            sides = self.side_values(state, diff)
            out.append((sides[1 - team] - sides[team], CardValue(card, sides[team], diff)))
        return [v for _, v in sorted(out, key=lambda o: (o[0], o[1].card))]

    def best_line(self, state: DealState) -> list[tuple[int, int]]:
        """(seat, card) to the end of the deal, each side playing its best card (the lowest
        card among equal values)."""
        line = []
        twin = copy_deal(state)
        while twin.trick_no < 8:
            values = self.card_values(twin)
            if not values:
                break
            seat = to_play(twin)
            line.append((seat, values[0].card))
            play_card(twin, seat, values[0].card)
        return line

    def table(self, rules: Ruleset, hands: list[int], dealer: int) -> list[TableEntry]:
        """The double-dummy table of a deal: for each trump the rules allow (sans-atout and
        tout-atout included), the card points each side makes from the first lead, the leader as
        the rules give it (for each taker when the leader depends on the taker)."""
        out = []
        for trump in strains_of(rules):
            by_leader: dict[int, list[int]] = {}
            for taker in range(4):
                by_leader.setdefault(self._leader(rules, dealer, taker, trump), []).append(taker)
            for leader, takers in sorted(by_leader.items()):
                points = self._first_lead_points(rules, hands, trump, leader)
                out.append(TableEntry(trump, tuple(takers), leader, points))
        return out

    def table_entry(self, rules: Ruleset, hands: list[int], dealer: int, trump: int,
                    taker: int) -> TableEntry:
        """One entry of :meth:`table`: ``taker`` takes with ``trump``."""
        leader = self._leader(rules, dealer, taker, trump)
        return TableEntry(trump, (taker,), leader, self._first_lead_points(rules, hands, trump, leader))

    @staticmethod
    def _leader(rules: Ruleset, dealer: int, taker: int, trump: int) -> int:
        state = new_deal(rules, dealer)
        set_contract(state, taker, trump)
        return first_leader(state)

    def _first_lead_points(self, rules: Ruleset, hands: list[int], trump: int,
                           leader: int) -> tuple[int, int]:
        key = (rules, tuple(hands), trump, leader)
        if key not in self._firsts:
            solver = self._solver(rules, trump)
            try:
                diff = self._ask(lambda: solver.value(hands, [], leader, 0, 0, 0, 0))
            except SearchTooLong:
                if self._left is None:  # past its own budget (not a review's): refused at once again
                    self._firsts[key] = None
                raise
            self._firsts[key] = side_points(diff, rules, trump)
        found = self._firsts[key]
        if found is None:
            raise SearchTooLong(_past(self.budget))
        return found
