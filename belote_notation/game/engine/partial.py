"""What the engine can still say about a partial record: hands worked out from the plays,
the checks that need no trump, and the shape of the tricks as written.

Plays are given as objects with a ``seat`` (``None`` when the record leaves it out) and a
``card``: the notation's play records, or :class:`SeatCard` values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from belote_notation.game.compiled import compiled
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation
from belote_notation.game.engine.state import DealState, first_leader
from belote_notation.game.lang import Card, Seat, msg
from belote_notation.game.tricks import trick_winner

__all__ = ["PlayLike", "RecordedWinner", "SeatCard", "check_plays_without_trump", "check_trick_size",
           "hands_from_plays", "wrong_winners"]


class PlayLike(Protocol):
    """A card played, as a record gives it: the seat may be left out."""

    @property
    def seat(self) -> int | None: ...

    @property
    def card(self) -> int: ...


class SeatCard(NamedTuple):
    """A plain :class:`PlayLike`."""

    seat: int | None
    card: int


def hands_from_plays(state: DealState, tricks: Sequence[Sequence[PlayLike]]) -> list[int]:
    """Each seat's hand (masks N E S W) from the cards it played. A seat left out is the one
    after the previous card in turn order; each trick is led by the winner of the one before
    (the first by :func:`~.state.first_leader`). Stops after the first trick of fewer than
    four cards; a fifth card of a trick is ignored.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, set_contract
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> [bin(h) for h in hands_from_plays(state, [[SeatCard(None, 0), SeatCard(None, 1)]])]
    ['0b1', '0b10', '0b0', '0b0']
    """
    hands = [0, 0, 0, 0]
    step = state.flags.play_step
    leader = first_leader(state)
    for trick in tricks:
        plays = trick[:4]
        seat = leader
        seats = []
        for play in plays:
            if play.seat is not None:
                seat = play.seat & 3
            seats.append(seat)
            hands[seat] |= 1 << play.card
            seat = (seat + step) & 3
        if len(plays) < 4:
            break
        trump = state.strain if state.strain >= 0 else state.trump
        leader = seats[trick_winner([p.card for p in plays], trump)]
    return hands


def check_plays_without_trump(state: DealState, tricks: Sequence[Sequence[PlayLike]]) -> list[Violation]:
    """What can be checked with no trump known: each card played once (``DUPLICATE_CARD``),
    by a player who held it when the hands are known (``CARD_NOT_HELD``), seats in turn
    within each trick (``PLAYED_OUT_OF_TURN``). Each violation has ``trick`` (1-based),
    ``index`` (in the trick), ``seat`` (as recorded, ``None`` if left out) and ``card``.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> [(v.code, v.trick, v.index) for v in check_plays_without_trump(state,
    ...     [[SeatCard(0, 5), SeatCard(2, 6)], [SeatCard(1, 5)]])]
    [('BEL301', 1, 1), ('BEL102', 2, 0)]
    """
    out: list[Violation] = []
    seen = 0
    hands = state.full_hands if state.hands_known else None
    step = state.flags.play_step
    deck = state.deck
    for number, trick in enumerate(tricks, 1):
        previous: int | None = None
        for index, play in enumerate(trick):
            card, seat = play.card, play.seat
            bit = 1 << card
            name = Card(card, deck)
            if seen & bit:
                out.append(Violation(C.DUPLICATE_CARD, msg("%(card)s played twice", card=name), seat=seat,
                                     trick=number,
                                     index=index, card=card))
            elif hands is not None and seat is not None and not hands[seat & 3] & bit:
                told = msg("%(who)s played %(card)s, which is not in that hand", who=Seat(seat & 3),
                           card=name)
                out.append(Violation(C.CARD_NOT_HELD, told, seat=seat, trick=number, index=index, card=card))
            if seat is not None and previous is not None and seat != (previous + step) & 3:
                told = msg("%(who)s played out of turn: it was %(turn)s's turn", who=Seat(seat & 3),
                           turn=Seat((previous + step) & 3))
                out.append(Violation(C.PLAYED_OUT_OF_TURN, told, seat=seat, trick=number, index=index,
                                     card=card))
            if seat is not None:
                previous = seat & 3
            elif previous is not None:
                previous = (previous + step) & 3
            seen |= bit
    return out


def check_trick_size(state: DealState, n_cards: int) -> Sequence[Violation]:
    """The next trick as written has ``n_cards`` cards: after the eighth trick it is one
    ``TOO_MANY_CARDS`` (``index`` 0), with more than four cards one ``TOO_MANY_CARDS`` at the
    fifth (``index`` 4), in that order. Call it before playing the trick's cards; a short trick is the
    record's business (it may simply stop there).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> [(v.code, v.trick, v.index) for v in check_trick_size(state, 5)]
    [('BEL308', 1, 4)]
    """
    trick = state.trick_no + 1
    out: list[Violation] = []
    if n_cards > 4:
        out.append(Violation(C.TOO_MANY_CARDS, msg("trick %(trick)s has %(cards)s cards, not 4", trick=trick,
                                                        cards=n_cards), trick=trick,
                             index=4))
    if state.trick_no >= 8:
        out.append(Violation(C.TOO_MANY_CARDS, msg("trick %(trick)s: a deal has only eight tricks",
                                                   trick=trick),
                             trick=trick,
                             index=0))
    return out or NO_VIOLATIONS


class RecordedWinner(Protocol):
    """A trick as recorded: the seat it says won it (``None``: not recorded)."""

    @property
    def winner(self) -> int | None: ...


def wrong_winners(state: DealState, tricks: Sequence[RecordedWinner], start: int, end: int) -> list[int]:
    """The places ``k`` of ``tricks[start:end]`` (tricks played in full) whose recorded winner is
    not the seat that won the trick (a trick recorded without a winner is never wrong).

    >>> from types import SimpleNamespace as Trick
    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, play_cards, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    >>> play_cards(state, [0, 1, 2, 3], [7, 15, 16, 24], [None] * 4)  # N wins with the ace of spades
    4
    >>> wrong_winners(state, [Trick(winner=0)], 0, 1), wrong_winners(state, [Trick(winner=2)], 0, 1)
    ([], [0])
    """
    done = state.tricks
    return [k for k in range(start, end) if tricks[k].winner is not None and tricks[k].winner != done[k][2]]


PYTHON_WRONG_WINNERS = wrong_winners
"""The Python :func:`wrong_winners`, whatever ``wrong_winners`` is bound to (the tests compare them)."""


def _compiled_wrong_winners() -> Callable[..., list[int]]:
    """The compiled :func:`wrong_winners` (``_play.c``)."""
    from belote_notation.game.engine import _play

    _play.bind_winners(PYTHON_WRONG_WINNERS)
    return _play.wrong_winners


wrong_winners = compiled(_compiled_wrong_winners) or wrong_winners
