"""The seats' order: who speaks first, whose deal it was, who leads the first trick.

Each one the rule system's option says (``first_bidder``, ``first_lead``, the play's turn
order), read by the deal's state (:mod:`.state`, which hands these names on) and the checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from belote_notation.game.rules import Ruleset

if TYPE_CHECKING:
    from belote_notation.game.engine.state import DealState

__all__ = ["dealer_before", "first_bidder", "first_leader"]


def first_bidder(rules: Ruleset, dealer: int) -> int:
    """Who speaks first in both bidding rounds (``first_bidder`` option: the dealer's left or
    right neighbour).

    >>> from belote_notation.game.rules import Ruleset
    >>> first_bidder(Ruleset.preset("classic"), dealer=0)
    1
    """
    return (dealer + _first_bid_offset(rules)) & 3


def dealer_before(rules: Ruleset, first_caller: int) -> int:
    """The dealer whose first bidder is ``first_caller``: the inverse of :func:`first_bidder`.

    >>> from belote_notation.game.rules import Ruleset
    >>> rules = Ruleset.preset("classic")
    >>> dealer_before(rules, 1), first_bidder(rules, dealer_before(rules, 1))
    (0, 1)
    """
    return (first_caller - _first_bid_offset(rules)) & 3


def _first_bid_offset(rules: Ruleset) -> int:
    return 1 if rules.first_bidder == "left" else 3


def first_leader(state: DealState) -> int:
    """Who leads the first trick, per ``first_lead``.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine.state import new_deal
    >>> first_leader(new_deal(Ruleset.preset("classic"), dealer=0))
    1
    """
    how = state.rules.first_lead
    if how == "after_taker" and state.taker is not None:
        return (state.taker + state.flags.play_step) & 3
    if how == "dealer_right":
        return (state.dealer + 3) & 3
    if how == "dealer_left":
        return (state.dealer + 1) & 3
    return (state.dealer + state.flags.play_step) & 3
