"""The score of one deal: contract made or failed, capot, litige, dead deal.

Each option of the ruleset that decides a deal's score is applied here, in
:func:`score_deal`: ``contract_basis`` (what the takers must beat), ``failure_announcements``,
``belote_survives_failure``, ``capot_points`` and ``capot_against_takers_is_dedans``,
``litige`` and ``litige_keeps_belote``, ``round_scores_to_ten``.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from belote_notation.game.cards import DEAL_POINTS, SEAT_NAMES
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.announcements import belote_counts, best_announcements
from belote_notation.game.engine.codes import Violation
from belote_notation.game.engine.state import PHASE_DEAD, DealState

__all__ = ["DealResult", "score_deal", "BELOTE_POINTS"]

BELOTE_POINTS = 20
Pair = tuple[int, int]


class DealResult(NamedTuple):
    """What a deal scores. Pairs are (N-S, E-W).

    ``credited`` is what each team scores from this deal before any litige pot is claimed;
    ``pot_in`` is what this deal puts into the pot. ``winner_team`` is the team that won a
    decisive deal (takers if made, defence if failed; ``None`` for a litige or a dead deal).
    """

    outcome: str
    """``made``, ``failed``, ``litige``, ``capot`` or ``dead``."""
    taker: Optional[int]
    taker_team: Optional[int]
    trump: Optional[int]
    card_points: Pair
    """Card points per team, the 10 of the last trick included (162 in all)."""
    last_trick_team: Optional[int]
    tricks_won: Pair
    announcements: Pair
    """Announcement points that counted per team (only the best team's)."""
    announcements_declared: Pair
    """Points of every valid announcement declared per team."""
    belote: Pair
    """Belote points per team (20 to the holder's team when it counts)."""
    totals: Pair
    """Card points + announcements counted + belote: what ``totals`` judges."""
    credited: Pair
    pot_in: int
    winner_team: Optional[int]
    capot_team: Optional[int]
    complete: bool
    """All eight tricks were played (else the score is of what was played)."""
    violations: tuple
    """Infos and errors found only at the end (belote not declared, tricks missing)."""

    @property
    def score(self) -> Pair:
        """Alias of ``credited``."""
        return self.credited



def _round(value: int) -> int:
    return (value + 5) // 10 * 10


def score_deal(state: DealState) -> DealResult:
    """Score the deal in its current state (a dead deal scores nothing)."""
    rules = state.rules
    if state.phase == PHASE_DEAD or state.taker is None:
        return DealResult("dead", None, None, None, (0, 0), None, (0, 0), (0, 0), (0, 0), (0, 0),
                          (0, 0), (0, 0), 0, None, None, state.phase == PHASE_DEAD, ())
    notes: list[Violation] = []
    complete = state.trick_no >= 8
    if not complete:
        notes.append(Violation(C.TRICKS_MISSING, f"only {state.trick_no} of the 8 tricks were played",
                               "error", None, state.trick_no + 1))
    taker = state.taker
    T = taker & 1
    D = 1 - T
    cp = (state.points[0], state.points[1])
    _, ann, declared = best_announcements(state)
    bel_seat, bel_notes = belote_counts(state)
    notes.extend(bel_notes)
    bel = [0, 0]
    if bel_seat is not None:
        bel[bel_seat & 1] = BELOTE_POINTS
    totals = (cp[0] + ann[0] + bel[0], cp[1] + ann[1] + bel[1])
    won = state.tricks_won
    if not complete:
        won = [0, 0]
        for _, _, winner in state.tricks:
            won[winner & 1] += 1
    capot_team = 0 if won[0] == 8 else 1 if won[1] == 8 else None

    basis = rules.contract_basis
    if basis == "card_points":
        diff = cp[T] - cp[D]
    elif basis == "totals":
        diff = totals[T] - totals[D]
    else:  # over_81: more than half of the 162 card points
        diff = cp[T] - DEAL_POINTS // 2
    if capot_team is not None:
        diff = 1 if capot_team == T else -1

    credited = [0, 0]
    pot_in = 0
    capot_points = rules.capot_points
    if diff > 0:
        winner: Optional[int] = T
        if capot_team == T and capot_points is not None:
            outcome = "capot"
            credited[T] = capot_points + ann[T] + bel[T]
            credited[D] = ann[D] + bel[D]
        else:
            outcome = "made"
            credited[T] = totals[T]
            credited[D] = totals[D]
    elif diff < 0:
        winner = D
        base = DEAL_POINTS
        outcome = "failed"
        if capot_team == D and capot_points is not None and not rules.capot_against_takers_is_dedans:
            base = capot_points
            outcome = "capot"
        how = rules.failure_announcements
        bonus = declared[0] + declared[1] if how == "all_to_defence" else ann[D] if how == "defence_keeps_own" else 0
        credited[D] = base + bonus + bel[D]
        credited[T] = bel[T] if rules.belote_survives_failure else 0
    else:
        winner = None
        outcome = "litige"
        litige = rules.litige
        if litige == "both_score":
            credited[T] = totals[T]
            credited[D] = totals[D]
        else:
            credited[D] = totals[D]
            kept = bel[T] if rules.litige_keeps_belote else 0
            credited[T] = kept
            if litige == "pot":
                pot_in = totals[T] - kept
    if rules.round_scores_to_ten:
        credited = [_round(credited[0]), _round(credited[1])]
        pot_in = _round(pot_in)
    return DealResult(
        outcome, taker, T, state.trump, cp, state.last_trick_team, (won[0], won[1]), ann, declared,
        (bel[0], bel[1]), totals, (credited[0], credited[1]), pot_in, winner, capot_team, complete,
        tuple(notes),
    )


def describe(result: DealResult) -> str:
    """One line for people: ``made: N-S 112, E-W 70``."""
    if result.outcome == "dead":
        return "dead deal: nobody scores"
    taker = SEAT_NAMES[result.taker] if result.taker is not None else "?"
    text = f"{result.outcome} (taker {taker}): N-S {result.credited[0]}, E-W {result.credited[1]}"
    if result.pot_in:
        text += f", {result.pot_in} into the pot"
    return text
