"""The match: running totals, the litige pot, dealer rotation, target and winner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from belote_notation.game.engine.scoring import DealResult
from belote_notation.game.rules import Ruleset

__all__ = [
    "MatchState",
    "MatchStep",
    "add_deal",
    "expected_dealer",
    "new_match",
    "next_dealer",
    "skip_deal",
    "winner_by_totals",
]


class MatchStep(NamedTuple):
    """What one deal did to the match. Pairs are (N-S, E-W)."""

    credited: tuple[int, int]
    """Points credited by the deal, the litige pot claimed included."""
    pot_claimed: int
    claimed_by: int | None
    pot: int
    """The litige pot after this deal."""
    totals: tuple[int, int]
    winner: int | None
    """The team that won the match with this deal, or ``None`` when the match goes on."""
    dealer: int
    """Who dealt this deal; :func:`expected_dealer` gives the next one."""


class MatchState:
    """Totals, pot and dealer of a match in progress.

    >>> from belote_notation.game.rules import Ruleset
    >>> new_match(Ruleset.preset("classic"), first_dealer=2)
    MatchState(totals=(0, 0), pot=0, deals=0)
    """

    __slots__ = ("dealer", "deals", "first_dealer", "pot", "rules", "totals", "winner")

    def __init__(self, rules: Ruleset, first_dealer: int) -> None:
        self.rules = rules
        self.first_dealer = first_dealer & 3
        self.dealer = first_dealer & 3
        self.totals = [0, 0]
        self.pot = 0
        self.deals = 0
        self.winner: int | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    def __repr__(self) -> str:
        return f"MatchState(totals={tuple(self.totals)}, pot={self.pot}, deals={self.deals})"


def new_match(rules: Ruleset, first_dealer: int) -> MatchState:
    """A match about to start, ``first_dealer`` dealing first."""
    return MatchState(rules, first_dealer)


def next_dealer(rules: Ruleset, dealer: int) -> int:
    """The dealer after ``dealer`` (``next_dealer`` option: the left or right neighbour)."""
    return (dealer + (1 if rules.next_dealer == "left" else 3)) & 3


def expected_dealer(match: MatchState) -> int:
    """Who should deal the next deal."""
    return match.dealer


def winner_by_totals(rules: Ruleset, totals: Sequence[int], taker_team: int | None = None
                     ) -> int | None:
    """The team (0 N-S, 1 E-W) that has won the match at ``totals``, or ``None``.

    A team wins by reaching ``target``; when both do, ``both_past_target`` decides: the higher
    total wins (a tie goes on), or with ``takers_win`` the takers of the last deal
    (``taker_team``, when known).

    >>> from belote_notation.game.rules import Ruleset
    >>> rules = Ruleset.preset("classic")
    >>> winner_by_totals(rules, (rules.target, 0)), winner_by_totals(rules, (0, 0))
    (0, None)
    """
    target = rules.target
    a, b = totals[0] >= target, totals[1] >= target
    if a and b:
        if rules.both_past_target == "takers_win" and taker_team is not None:
            return taker_team
        if totals[0] == totals[1]:
            return None
        return 0 if totals[0] > totals[1] else 1
    if a:
        return 0
    if b:
        return 1
    return None


def skip_deal(match: MatchState, dealer: int, dead: bool, totals: Sequence[int] | None,
              pot: int | None) -> None:
    """Go on past a deal dealt by ``dealer`` that could not be scored, taking the record's
    word for the match: its ``totals`` and ``pot`` after the deal, when it gives them.

    The dealer moves on unless the deal was ``dead`` and the rules keep the dealer then; a
    winner is decided from the totals if the match has none yet.

    >>> from belote_notation.game.rules import Ruleset
    >>> match = new_match(Ruleset.preset("classic"), first_dealer=0)
    >>> skip_deal(match, 0, dead=False, totals=(40, 120), pot=0)
    >>> match.totals, match.dealer, match.deals
    ([40, 120], 1, 1)
    """
    rules = match.rules
    match.dealer = next_dealer(rules, dealer) if not dead or rules.dead_deal_rotates else dealer & 3
    match.deals += 1
    if totals is not None:
        match.totals = [totals[0], totals[1]]
        if match.winner is None:
            match.winner = winner_by_totals(rules, match.totals)
    if pot is not None:
        match.pot = pot


def add_deal(match: MatchState, result: DealResult) -> MatchStep:
    """Add a scored deal: litige pot (stacked or claimed by the next decisive deal's winner),
    totals, winner, and the next dealer.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, score_deal
    >>> rules = Ruleset.preset("classic")
    >>> match = new_match(rules, first_dealer=0)
    >>> step = add_deal(match, score_deal(new_deal(rules, 0)))  # nobody took: a dead deal
    >>> step.credited, step.dealer, expected_dealer(match)
    ((0, 0), 0, 1)
    """
    rules = match.rules
    credited = list(result.credited)
    claimed = 0
    claimed_by: int | None = None
    outcome = result.outcome
    if outcome == "litige":
        match.pot += result.pot_in
    elif outcome != "dead" and result.winner_team is not None and match.pot:
        claimed = match.pot
        claimed_by = result.winner_team
        credited[claimed_by] += claimed
        match.pot = 0
    totals = match.totals
    totals[0] += credited[0]
    totals[1] += credited[1]
    dealer = match.dealer
    if outcome != "dead" or rules.dead_deal_rotates:
        match.dealer = next_dealer(rules, dealer)
    match.deals += 1
    winner = None
    if match.winner is None:
        winner = match.winner = winner_by_totals(rules, totals, result.taker_team)
    # as score_deal makes its result: without the Python __new__ namedtuple writes
    return tuple.__new__(MatchStep, ((credited[0], credited[1]), claimed, claimed_by, match.pot,
                                     (totals[0], totals[1]), winner, dealer))
