"""Read-only views of a deal in progress: what callers outside the engine may ask a
:class:`~.state.DealState` (they never read its fields).

>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.game.engine import apply_bid, deal_five, new_deal
>>> state = new_deal(Ruleset.preset("classic"), dealer=0)
>>> _ = deal_five(state, None, offer=7)
>>> next_bidder(state), calls(state), contract(state)
(1, (), None)
>>> _ = apply_bid(state, 1, "take")
>>> calls(state)
(Call(seat=1, action='take', suit=None, value=None),)
>>> contract(state)
Contract(taker=1, trump=0, kind=None, value=None, doubled=0)
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from belote_notation.game.engine.state import PHASE_DEAD, Call, DealState, first_leader
from belote_notation.game.engine.tables import NO_TRUMP_INDEX, POINTS

__all__ = [
    "Call",
    "CompletedTrick",
    "Contract",
    "TrickSoFar",
    "call_count",
    "calls",
    "cards_placed",
    "cards_played",
    "completed_trick",
    "completed_plays",
    "completed_tricks",
    "contract",
    "dealer",
    "hand_now",
    "hands_dealt",
    "hands_known",
    "held",
    "is_dead",
    "last_trick",
    "last_trick_winner",
    "next_bidder",
    "next_player",
    "offer",
    "running_points", "seat_after",
    "trick_points",
    "trick_so_far",
    "trick_winners",
    "tricks_played",
]

LAST_TRICK_BONUS = 10
"""The *dix de der*: points of the last trick on top of its cards."""


class Contract(NamedTuple):
    """Who took and the trump (``None`` when a take named no suit and there was no offer)."""

    taker: int
    trump: int | None
    """A suit 0-3; in a contrée contract also 4 sans-atout, 5 tout-atout."""
    kind: str | None = None
    """Contrée: ``points``, ``capot`` or ``generale``."""
    value: int | None = None
    """Contrée: the contract's value."""
    doubled: int = 0
    """Contrée: 1 coinché, 2 surcoinché."""


class CompletedTrick(NamedTuple):
    """One finished trick: seats and cards in play order, the winning seat, and its card
    points (the 10 of the last trick included)."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int
    points: int


class TrickSoFar(NamedTuple):
    """The trick being played: seats and cards so far, the suit led (``None`` before the first
    card) and the seat and card winning it so far."""

    seats: tuple[int, ...]
    cards: tuple[int, ...]
    led: int | None
    master_seat: int | None
    master_card: int | None


def next_bidder(state: DealState) -> int:
    """The seat whose call comes next (the first bidder before any call)."""
    return state.bid_turn


def next_player(state: DealState) -> int:
    """The seat to play the next card (the first leader before any card); never changes the
    state."""
    return state.turn if state.turn >= 0 else first_leader(state)


def seat_after(state: DealState, seat: int) -> int:
    """The seat that plays after ``seat`` in turn order (``direction`` option)."""
    return (seat + state.flags.play_step) & 3


def calls(state: DealState) -> tuple[Call, ...]:
    """The calls made so far, in order."""
    if state.flags.contree:
        return tuple(Call(*bid, value) for bid, value in zip(state.bids, state.bid_values, strict=True))
    return tuple(Call(*bid) for bid in state.bids)


def contract(state: DealState) -> Contract | None:
    """Taker and trump once somebody took (or :func:`~.state.set_contract`), else ``None``."""
    if state.taker is None:
        return None
    strain = state.strain if state.strain >= 0 else state.trump
    if state.contract_kind is not None:
        return Contract(state.taker, strain, state.contract_kind, state.contract_value, state.doubled)
    return Contract(state.taker, strain if strain >= 0 else None)


def _trick(state: DealState, number: int) -> CompletedTrick:
    seats, cards, winner = state.tricks[number]
    points = state.card_points if state.strain >= 0 else POINTS[NO_TRUMP_INDEX]
    total = sum(points[c] for c in cards) + (state.rules.last_trick_bonus if number == 7 else 0)
    return CompletedTrick(tuple(seats), tuple(cards), winner, total)


def last_trick(state: DealState) -> CompletedTrick | None:
    """The last completed trick, or ``None`` before the first is complete."""
    return _trick(state, len(state.tricks) - 1) if state.tricks else None


def last_trick_winner(state: DealState) -> int | None:
    """The seat that won the last completed trick (``None`` before the first): what
    :func:`last_trick` says, without building the trick (the checks ask it once per trick)."""
    tricks = state.tricks
    return tricks[-1][2] if tricks else None


def completed_trick(state: DealState, index: int) -> CompletedTrick | None:
    """The completed trick ``index`` (0 the first), or ``None`` when it is not complete yet."""
    return _trick(state, index) if 0 <= index < len(state.tricks) else None


def trick_winners(state: DealState) -> list[int]:
    """The seat that won each completed trick, in order (what :func:`completed_tricks` says of
    the winners, without building the tricks)."""
    return list(map(_WINNER, state.tricks))


_WINNER = itemgetter(2)
"""The winner of a completed trick as the state keeps it: (seats, cards, winner)."""


def cards_placed(state: DealState) -> int:
    """How many cards are on the table or in completed tricks (what was played and placed;
    a card the engine refused, such as one not of the deck, is not).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, play_card, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    >>> _ = play_card(state, 0, 7), play_card(state, 1, 40)
    >>> cards_placed(state)
    1
    """
    return state.trick_no * 4 + len(state.trick_cards)


def call_count(state: DealState) -> int:
    """How many calls were made so far (``len(calls(state))`` without building them)."""
    return len(state.bids)


def completed_tricks(state: DealState) -> tuple[CompletedTrick, ...]:
    """Every completed trick, in order."""
    return tuple(_trick(state, n) for n in range(len(state.tricks)))


def completed_plays(state: DealState) -> list[tuple[list[int], list[int], int, int]]:
    """(seats, cards, winner, points) of every completed trick, in order: what
    :func:`completed_tricks` says of each, as new lists, without a named tuple a trick (the
    page's replay asks it of every deal).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, play_card, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    >>> _ = [play_card(state, seat, 8 * seat) for seat in range(4)]
    >>> [(list(t.seats), list(t.cards), t.winner, t.points) for t in completed_tricks(state)] \\
    ...     == completed_plays(state)
    True
    """
    return [(list(seats), list(cards), winner, points)
            for (seats, cards, winner), points in zip(state.tricks, trick_points(state), strict=True)]


def trick_points(state: DealState) -> list[int]:
    """The points of every completed trick, in order: its four cards' and, for the last, the
    *dix de der* (what :func:`completed_plays` says of each, without copying the plays).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, play_card, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    >>> _ = [play_card(state, seat, 8 * seat) for seat in range(4)]
    >>> trick_points(state) == [t.points for t in completed_tricks(state)] == [running_points(state)[0]]
    True
    """
    points = state.card_points if state.strain >= 0 else POINTS[NO_TRUMP_INDEX]
    out = [points[a] + points[b] + points[c] + points[d] for _, (a, b, c, d), _ in state.tricks]
    if len(out) > 7:
        out[7] += state.rules.last_trick_bonus
    return out


def tricks_played(state: DealState) -> int:
    """How many tricks are complete (0 to 8)."""
    return state.trick_no


def trick_so_far(state: DealState) -> TrickSoFar:
    """The trick in progress (empty between tricks)."""
    if not state.trick_cards:
        return TrickSoFar((), (), None, None, None)
    return TrickSoFar(tuple(state.trick_seats), tuple(state.trick_cards), state.led, state.best_seat,
                      state.best_card)


def hands_known(state: DealState) -> bool:
    """True once the 8-card hands are known (dealt, given, or worked out from the plays)."""
    return state.hands_known


def hands_dealt(state: DealState) -> list[int] | None:
    """The hands as dealt (masks N E S W): the 8-card hands when known, else the first five
    cards, else ``None``."""
    if state.hands_known:
        return list(state.full_hands)
    if state.five is not None:
        return list(state.five)
    return None


def hand_now(state: DealState, seat: int) -> int:
    """The cards ``seat`` still holds (mask; 0 while the hands are unknown)."""
    return state.hands[seat]


def held(state: DealState, seat: int) -> int:
    """The eight cards ``seat`` was dealt (mask; 0 while the hands are unknown)."""
    return state.full_hands[seat]


def running_points(state: DealState) -> tuple[int, int]:
    """Card points won so far per team (N-S, E-W), the 10 of the last trick included."""
    return state.points[0], state.points[1]


def is_dead(state: DealState) -> bool:
    """True when everybody passed twice."""
    return state.phase == PHASE_DEAD


def dealer(state: DealState) -> int:
    """Who dealt."""
    return state.dealer


def offer(state: DealState) -> int | None:
    """The face-up card offered to the bidders, when known."""
    return state.offer


def cards_played(state: DealState, seat: int) -> int:
    """How many cards ``seat`` has played so far."""
    return state.cards_played(seat)
