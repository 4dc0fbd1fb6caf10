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
    announce,
    announcement_shape,
    announcement_value,
    belote_counts,
    belote_holder,
    best_announcements,
    find_announcements,
)
from belote_notation.game.engine.auction import (
    AuctionCall,
    apply_auction_call,
    auction_over,
    contract_name,
    legal_auction_calls,
    set_auction_result,
    strain_name,
)
from belote_notation.game.engine.bidding import apply_bid, bid_round, bidding_over, forced_take, legal_bids
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation
from belote_notation.game.engine.distribution import Holding, deal_five, deal_rest, set_contract, set_hands
from belote_notation.game.engine.match import (
    MatchState,
    MatchStep,
    add_deal,
    expected_dealer,
    new_match,
    next_dealer,
    skip_deal,
    winner_by_totals,
)
from belote_notation.game.engine.partial import (
    PlayLike,
    SeatCard,
    check_plays_without_trump,
    check_trick_size,
    hands_from_plays,
)
from belote_notation.game.engine.play import (
    legal_cards,
    legal_for,
    play_card,
    play_cards,
    to_play,
    trick_winner,
)
from belote_notation.game.engine.scoring import DealResult, score_deal
from belote_notation.game.engine.state import (
    Call,
    DealState,
    copy_deal,
    dealer_before,
    first_bidder,
    first_leader,
    new_deal,
)
from belote_notation.game.engine.view import (
    CompletedTrick,
    Contract,
    TrickSoFar,
    call_count,
    calls,
    cards_played,
    completed_tricks,
    contract,
    dealer,
    hand_now,
    hands_dealt,
    hands_known,
    held,
    is_dead,
    last_trick,
    last_trick_winner,
    next_bidder,
    next_player,
    offer,
    running_points,
    seat_after,
    trick_so_far,
    tricks_played,
)

__all__ = [
    "NO_VIOLATIONS",
    "AuctionCall",
    "Call",
    "CompletedTrick",
    "Contract",
    "DealResult",
    "DealState",
    "Holding",
    "MatchState",
    "MatchStep",
    "PlayLike",
    "SeatCard",
    "TrickSoFar",
    "Violation",
    "add_deal",
    "announce",
    "announcement_shape",
    "announcement_value",
    "apply_auction_call",
    "apply_bid",
    "auction_over",
    "belote_counts",
    "belote_holder",
    "best_announcements",
    "bid_round",
    "bidding_over",
    "call_count",
    "calls",
    "cards_played",
    "check_plays_without_trump",
    "check_trick_size",
    "codes",
    "completed_tricks",
    "contract",
    "contract_name",
    "copy_deal",
    "deal_five",
    "deal_rest",
    "dealer",
    "dealer_before",
    "expected_dealer",
    "find_announcements",
    "first_bidder",
    "first_leader",
    "forced_take",
    "hand_now",
    "hands_dealt",
    "hands_from_plays",
    "hands_known",
    "held",
    "is_dead",
    "last_trick",
    "last_trick_winner",
    "legal_auction_calls",
    "set_auction_result",
    "legal_bids",
    "legal_cards",
    "legal_for",
    "new_deal",
    "new_match",
    "next_bidder",
    "next_dealer",
    "next_player",
    "offer",
    "play_card",
    "play_cards",
    "running_points",
    "score_deal",
    "seat_after",
    "set_contract",
    "set_hands",
    "skip_deal",
    "strain_name",
    "to_play",
    "trick_so_far",
    "trick_winner",
    "tricks_played",
    "winner_by_totals",
]
