"""Rules the engine is taking over, kept here one small function each until it has them.

Each function below decides something the rules engine owns (a card given twice, an offer
also in a hand, turn order without a trump, the hands a deal's plays imply, the first dealer,
the winner the totals give). When the engine offers the same decision, the caller switches to
it and the function goes: the checks then only place the engine's violations.
"""

from __future__ import annotations

from belote_notation.check.context import Context
from belote_notation.check.facts import DealFacts, HandFact, OfferFact
from belote_notation.game.cards import SEAT_NAMES, Deck, card_symbol_name
from belote_notation.game.engine import DealState, first_leader, trick_winner
from belote_notation.game.engine import codes as C
from belote_notation.game.rules import Ruleset

__all__ = ["dealer_before", "hand_masks", "hands_from_plays", "names", "offer_in_hand",
           "plays_without_trump", "winner_by_totals"]


def names(mask: int, deck: Deck) -> str:
    """``1♣, 10♣`` style list of the cards of ``mask``."""
    return ", ".join(card_symbol_name(c, deck) for c in range(32) if mask >> c & 1)


def hand_masks(ctx: Context, hands: list[HandFact], used: int, what: str) -> tuple[list[int], int]:
    """Masks per seat of ``hands`` and the cards used; a card given twice is reported at its
    second occurrence."""
    masks = [0, 0, 0, 0]
    for hand in hands:
        cards = hand.cards
        mask = 0
        for card in cards:
            mask |= 1 << card
        if mask & used or mask.bit_count() != len(cards):
            mask = _duplicates(ctx, hand, used, what)
        used |= mask
        masks[hand.seat & 3] |= mask
    return masks, used


def _duplicates(ctx: Context, hand: HandFact, used: int, what: str) -> int:
    seat = hand.seat & 3
    positions = hand.positions
    mask = 0
    for i, card in enumerate(hand.cards):
        bit = 1 << card
        if (used | mask) & bit:
            line, col = positions[i] if i < len(positions) else (hand.line, hand.col)
            ctx.add(C.DUPLICATE_CARD, f"{card_symbol_name(card, ctx.deck)} appears twice in the deal "
                    f"({SEAT_NAMES[seat]} in {what})", line, col, seat=seat)
        mask |= bit
    return mask


def offer_in_hand(ctx: Context, offer: OfferFact, used: int) -> int:
    """The offer also dealt in a hand (BEL106 at the offer); the cards used with the offer."""
    bit = 1 << offer.card
    if used & bit:
        ctx.add(C.OFFER_IN_HAND, f"the offer {card_symbol_name(offer.card, ctx.deck)} is also in a hand",
                offer.line, offer.col)
    return used | bit


def hands_from_plays(deal: DealFacts, state: DealState) -> list[int]:
    """Each seat's hand from the cards it played (seats inferred from turn order and trick
    winners where the record leaves them out)."""
    hands = [0, 0, 0, 0]
    trump = state.trump
    step = state.flags.step
    leader = first_leader(state)
    for trick in deal.tricks:
        plays = trick.plays[:4]
        seat = leader
        seats = []
        for play in plays:
            if play.seat is not None:
                seat = play.seat & 3
            seats.append(seat)
            hands[seat] |= 1 << play.card
            seat = (seat + step) & 3
        if len(plays) != 4:
            break
        leader = seats[trick_winner([p.card for p in plays], trump)]
    return hands


def plays_without_trump(ctx: Context, deal: DealFacts, state: DealState) -> None:
    """Without a trump only what does not depend on it is checked: each card played once,
    by a player who held it (when the hands are known), seats in turn within each trick."""
    seen = 0
    hands = state.full_hands if state.hands_known else None
    step = state.flags.step
    deck = ctx.deck
    for t_index, trick in enumerate(deal.tricks):
        previous: int | None = None
        for play in trick.plays:
            bit = 1 << play.card
            seat = play.seat
            name = card_symbol_name(play.card, deck)
            if seen & bit:
                ctx.add(C.DUPLICATE_CARD, f"{name} played twice", play.line, play.col,
                        trick=t_index + 1, seat=seat)
            elif hands is not None and seat is not None and not hands[seat & 3] & bit:
                ctx.add(C.CARD_NOT_HELD, f"{SEAT_NAMES[seat & 3]} played {name}, which is not in "
                        "that hand", play.line, play.col, trick=t_index + 1, seat=seat)
            if seat is not None and previous is not None and seat != (previous + step) & 3:
                ctx.add(C.PLAYED_OUT_OF_TURN, f"{SEAT_NAMES[seat & 3]} played out of turn: it was "
                        f"{SEAT_NAMES[(previous + step) & 3]}'s turn", play.line, play.col,
                        trick=t_index + 1, seat=seat)
            if seat is not None:
                previous = seat & 3
            elif previous is not None:
                previous = (previous + step) & 3
            seen |= bit


def dealer_before(rules: Ruleset, first_bidder: int) -> int:
    """Who dealt, given who spoke first."""
    step = 1 if rules.first_bidder == "left" else 3
    return (first_bidder - step) & 3


def winner_by_totals(target: int, totals: list[int]) -> int | None:
    """The winner the record's own totals give (used when a deal could not be scored)."""
    a, b = totals[0] >= target, totals[1] >= target
    if a and b:
        return None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    return 0 if a else 1 if b else None
