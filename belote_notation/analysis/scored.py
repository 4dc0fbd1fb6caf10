"""Values by the deal's score: each end of the search scored by the engine's own ``score_deal``.

The search counts card points (N-S minus E-W, a capot told apart); :func:`scored_points` turns
one such end into what the deal credits each team (the contract made or failed, litige, capot,
the belote and the announcements that count), by scoring with the engine a copy of the deal
ended with those card points. The value by score of a card is that of its card-point value:
exact because the deal's score difference is nondecreasing in the card-point difference, the
rest fixed (tests/analysis/test_scored.py equals a minimax scoring every end with the engine).

>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.game.engine import new_deal, set_contract, set_hands
>>> state = new_deal(Ruleset.preset("classic"), dealer=3)
>>> set_contract(state, taker=0, trump=0)
>>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])  # N holds the belote
>>> scored_points(state, 250), scored_points(state, 0), scored_points(state, -20)
((270, 0), (101, 81), (20, 91))
"""

from __future__ import annotations

from belote_notation.analysis.refusal import Refusal
from belote_notation.game.engine import DealState, copy_deal
from belote_notation.game.engine.announcements import belote_holder
from belote_notation.game.engine.scoring import score_deal
from belote_notation.game.engine.tables import deal_points
from belote_notation.game.lang import msg

__all__ = ["VALUES", "scored_points"]

VALUES = ("cards", "score")
"""What a value counts: ``cards``, the card points; ``score``, the points the deal scores."""


def scored_points(state: DealState, diff: int) -> tuple[int, int]:
    """(N-S, E-W) points the deal of ``state`` credits when it ends with N-S minus E-W card
    points ``diff`` (``capot_points`` for a capot, as the search counts it).

    The belote counts when its holder can still make it count: the holder is taken to say
    belote and rebelote and to play the king first when both remain (docs/review.md, Limits).
    A générale is refused (:class:`~belote_notation.analysis.refusal.Refusal`, a ``ValueError``):
    its score depends on which player of the side won each trick, which card points do not tell."""
    if state.contract_kind == "generale":
        raise Refusal(msg("a générale is not valued by score: it depends on who of the side won each trick"))
    end = copy_deal(state)
    capot = state.rules.capot_points
    strain = state.strain if state.strain >= 0 else state.trump
    total = deal_points(state.rules, strain)  # 162, or 130 / 258 under contrée's value options
    if capot is not None and abs(diff) == capot:
        ns = total if diff > 0 else 0
        end.tricks_won = [8, 0] if diff > 0 else [0, 8]
    else:
        ns = (total + diff) // 2
        end.tricks_won = [4, 4]
    end.points = [ns, total - ns]
    end.trick_no = 8
    holder = belote_holder(state)
    if holder is not None and _can_count(state, holder):
        end.belote_announced[holder] = True
    result = score_deal(end)
    return result.credited


def _can_count(state: DealState, holder: int) -> bool:
    """The belote's holder has not yet lost it by what was played: no belote card was played
    unsaid where it must be said (the engine judges the order itself)."""
    if not state.rules.belote_requires_declaration:
        return True
    said = 0
    for _, card in state.belote_marks[holder]:
        said |= 1 << card
    return not state.belote_pair & state.played & ~said
