"""The rules engine: replays a deal step by step and knows what is legal and what it scores.

One deal::

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, legal_bids
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> legal_bids(state)
    [('pass', None), ('take', None)]

Calls return a sequence of :class:`Violation` (a shared empty tuple when nothing is wrong)
and never raise on an illegal act: the act is applied and the replay goes on.
"""

from belote_notation.game.engine import codes
from belote_notation.game.engine.announcements import (
    announce, announcement_shape, announcement_value, belote_counts, belote_holder,
    best_announcements, find_announcements,
)
from belote_notation.game.engine.bidding import apply_bid, bid_round, bidding_over, forced_take, legal_bids
from belote_notation.game.engine.codes import NO_VIOLATIONS, SEVERITY, TITLES, Violation
from belote_notation.game.engine.match import MatchState, MatchStep, add_deal, expected_dealer, new_match, next_dealer
from belote_notation.game.engine.play import legal_cards, legal_for, play_card, to_play, trick_winner
from belote_notation.game.engine.scoring import DealResult, score_deal
from belote_notation.game.engine.state import (
    DealState, deal_five, deal_rest, first_bidder, first_leader, new_deal, set_contract, set_hands,
)

__all__ = [
    "codes", "Violation", "NO_VIOLATIONS", "TITLES", "SEVERITY",
    "DealState", "new_deal", "deal_five", "deal_rest", "set_hands", "set_contract",
    "first_bidder", "first_leader",
    "legal_bids", "apply_bid", "bidding_over", "bid_round", "forced_take",
    "announce", "announcement_shape", "announcement_value", "best_announcements",
    "find_announcements", "belote_holder", "belote_counts",
    "to_play", "legal_cards", "legal_for", "play_card", "trick_winner",
    "DealResult", "score_deal",
    "MatchState", "MatchStep", "new_match", "expected_dealer", "add_deal", "next_dealer",
]
