"""The eight tricks played: a card applied, the fast loop over a record's tricks, a trick closed.

``play_card`` applies a card even when it is illegal and returns what was wrong (every check,
with messages); ``play_cards`` is the engine's fast path over cards that break nothing, and
``play_tricks_batch`` runs it over a record's plain tricks in one call (both compiled in
``_play.c`` when it is built, bound at the end of this module, beside the loops they must equal).
Whose turn it is and which cards are legal is :mod:`.legality`'s; the belote words are
:mod:`.belote_marks`'s; who wins a trick is :mod:`belote_notation.game.tricks`'s (the names stay
importable from here).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from belote_notation.game.cards import (
    TrickPlays,
)
from belote_notation.game.compiled import compiled
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.belote_marks import (
    BELOTE_WORDS,
    belote_word_due,
    track_belote_card,
)
from belote_notation.game.engine.belote_table import belote_step
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation
from belote_notation.game.engine.legality import legal_cards, legal_for, to_play, why_illegal
from belote_notation.game.engine.state import (
    PHASE_DEAD,
    PHASE_DONE,
    PHASE_PLAY,
    DealState,
    prepare_fast_path,
)
from belote_notation.game.engine.tables import HIGHER_TRUMP, SUIT_MASKS
from belote_notation.game.lang import Card, Seat, msg
from belote_notation.game.rules import Ruleset
from belote_notation.game.tricks import trick_winner

__all__ = ["BELOTE_WORDS", "RecordedTrick", "TrickPlays", "legal_cards", "legal_for", "plain_trick",
           "play_card", "play_cards", "play_tricks_batch", "to_play", "trick_winner"]


class RecordedTrick(TrickPlays, Protocol):
    """A trick as recorded: its plays, its number and its alternative lines (``None``: none)."""

    @property
    def number(self) -> int: ...

    @property
    def variations(self) -> object: ...


def play_card(state: DealState, seat: int, card: int, mark: str | None = None) -> Sequence[Violation]:
    """Play ``card`` for ``seat`` (with a ``belote``/``rebelote`` mark if said).

    Returns the violations; the card is applied even when illegal so the replay goes on.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    >>> play_card(state, 0, 7)
    ()
    >>> [(v.code, v.seat, v.card) for v in play_card(state, 2, 16)]
    [('BEL301', 2, 16)]
    """
    if mark is None:
        if play_cards(state, (seat,), (card,), _NO_MARK):
            return NO_VIOLATIONS
    elif seat == state.turn and state.fast_path_ready and type(card) is int and 0 <= card < 32:
        bit = 1 << card  # a mark on an otherwise fine card only costs a call to track_belote_card
        hand = state.hands[seat]
        if hand & bit and (not state.trick_cards or legal_for(state, seat, hand) & bit):
            extra = track_belote_card(state, seat, card, mark, state.trick_no + 1, len(state.trick_cards))
            _apply(state, seat, card, bit)
            return extra or NO_VIOLATIONS
    return _play_checked(state, seat, card, mark)


_NO_MARK = (None,)


def play_cards(state: DealState, seats: Sequence[int | None], cards: Sequence[int],
               marks: Sequence[str | None], start: int = 0) -> int:
    """Play ``cards[start:]`` (``seats[i]`` plays ``cards[i]`` saying ``marks[i]``) while each
    is the expected player's held, legal card, with no mark or the belote word due (the trump
    king or queen of a seat that holds both, :data:`BELOTE_WORDS`); returns the index of the first
    card NOT played (``len(cards)``: all were). Play that one with :func:`play_card` (it gives the
    violations), then go on from the next. THE fast path of the engine: :func:`play_card` runs
    it for one card, so the two cannot drift apart; legality is :func:`legal_for`'s, as on the
    checked path (tests/game/test_play_cards.py: random deals, illegal cards injected).

    >>> from belote_notation.game.engine import new_deal, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    >>> play_cards(state, [0, 1, 2, 3], [7, 15, 16, 24], [None] * 4)
    4
    >>> play_cards(state, [1, 2, 3, 0], [14, 20, 30, 6], [None] * 4)  # N won: N leads, not E
    0
    """
    # One loop, a card's steps inline: a helper call per card cost ~6% of the engine benchmark
    # (17.3-17.9k vs 16.4-16.8k deals/s, classic). The trump's tables and the step are fixed in play.
    if not state.fast_path_ready:
        return start
    hands, belote_pair, beats, trump = state.hands, state.belote_pair, state.beats, state.trump
    step, every_suit_trump = state.play_step, state.all_trump
    i = start
    plays = (zip(seats[start:], cards[start:], marks[start:], strict=True) if start
             else zip(seats, cards, marks, strict=True))
    for seat, card, mark in plays:
        if seat is None or seat != state.turn or type(card) is not int or card < 0:
            return i
        bit, hand = 1 << card, hands[seat]
        if not hand & bit:
            return i
        if mark is not None and not (bit & belote_pair and state.full_hands[seat] & belote_pair == belote_pair
                                     and mark == belote_word_due(state, card)):
            return i  # a mark the engine finds fault with: play_card says what
        trick_cards = state.trick_cards
        # following a plain suit is always legal; anything else asks legal_for
        if trick_cards and ((card >> 3 != state.led or state.led == trump or every_suit_trump)
                            and not legal_for(state, seat, hand) & bit):
            return i
        if bit & belote_pair:  # the belote order is tracked where the marks are checked
            track_belote_card(state, seat, card, mark, state.trick_no + 1, len(trick_cards))
        if not trick_cards:
            state.led, state.best_card, state.best_seat = card >> 3, card, seat
        elif beats[state.best_card << 5 | card]:
            state.best_card, state.best_seat = card, seat
        trick_cards.append(card)
        state.trick_seats.append(seat)
        hands[seat] = hand ^ bit
        state.played |= bit
        i += 1
        if len(trick_cards) == 4:
            _close_trick(state)
            if not state.fast_path_ready:  # the eighth trick is over
                return i
        else:
            state.turn = (seat + step) & 3
    return i


def plain_trick(trick: RecordedTrick, index: int) -> bool:
    """A trick :func:`play_tricks_batch` plays as the trick of place ``index``: four plays each
    with its seat, numbered ``index + 1``, without alternative lines."""
    return (len(trick.cards) == 4 and trick.number == index + 1 and trick.variations is None
            and None not in trick.seats)


def play_tricks_batch(state: DealState, tricks: Sequence[RecordedTrick], start: int = 0) -> int:
    """:func:`play_cards` over a record's plain tricks in one call: play ``j`` of ``tricks[t]``
    is card ``4 * t + j``. Plays from card ``start`` while :func:`play_cards` would, trick after
    trick, until a trick reached at its first card is not plain (:func:`plain_trick`), and
    returns the index of the first card not played (``4 * len(tricks)``: all were). Validate
    plays a deal's tricks with it: one call to the compiled loop a deal instead of one a trick.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import SeatCard, new_deal, set_contract, set_hands
    >>> from types import SimpleNamespace as Trick
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    >>> plays = [([0, 1, 2, 3], [7, 15, 16, 24], [None] * 4), ([0, 1, 2, 3], [6, 14, 20, 30], [None] * 4)]
    >>> tricks = [Trick(seats=s, cards=c, marks=m, number=n, variations=None)
    ...           for n, (s, c, m) in enumerate(plays, 1)]
    >>> tricks[1].marks[3] = "belote"
    >>> play_tricks_batch(state, tricks)  # N won the first; W's K of clubs is no belote: play_card says
    7
    >>> tricks[1].number = 3
    >>> play_tricks_batch(new_deal(state.rules, dealer=3), tricks)  # no hands yet: nothing played
    0
    """
    if start < 0:
        raise ValueError(f"play_tricks_batch: start {start} is not a card index")
    t, j = divmod(start, 4)
    while t < len(tricks):
        trick = tricks[t]
        if j == 0 and not plain_trick(trick, t):
            return 4 * t
        played = PYTHON_PLAY_CARDS(state, trick.seats, trick.cards, trick.marks, j)
        if played < 4:
            return 4 * t + played
        t += 1
        j = 0
    return 4 * t + j


def _play_checked(state: DealState, seat: int, card: int, mark: str | None) -> Sequence[Violation]:
    """The full path of :func:`play_card`: every check, with messages."""
    if not isinstance(card, int) or not 0 <= card < 32:
        return [Violation(C.BAD_CARD, msg("%(card)s is not a card of the 32-card deck", card=repr(card)),
                          seat=seat if isinstance(seat, int) and 0 <= seat < 4 else None,
                          trick=state.trick_no + 1,
                          index=len(state.trick_cards))]
    if not isinstance(seat, int) or not 0 <= seat < 4:
        seat = to_play(state)
    prepare_fast_path(state)
    index = len(state.trick_cards)
    trick = state.trick_no + 1
    if state.trick_no >= 8:
        return [Violation(C.TOO_MANY_CARDS, msg("%(who)s played %(card)s after the eighth trick",
                                                  who=Seat(seat), card=Card(card, state.deck)), seat=seat,
                          trick=trick, index=index, card=card)]
    out: list[Violation] = []
    if state.phase != PHASE_PLAY:
        out.extend(_phase_problems(state, seat, card, trick, index))
    turn = to_play(state)
    if seat != turn:
        if index == 0:
            out.append(Violation(C.WRONG_LEADER, msg("%(who)s led trick %(trick)s: %(leader)s should have "
                                                     "led",
                                                         who=Seat(seat), trick=trick, leader=Seat(turn)),
                                 seat=seat, trick=trick,
                                 index=index, card=card))
        else:
            told = msg("%(who)s played out of turn: it was %(turn)s's turn", who=Seat(seat), turn=Seat(turn))
            out.append(Violation(C.PLAYED_OUT_OF_TURN, told, seat=seat, trick=trick, index=index, card=card))
    out.extend(_take_from_hand(state, seat, card, trick, index))
    bit = 1 << card
    state.played |= bit
    state.played_checked[seat] |= bit
    if mark is not None or bit & state.belote_pair:
        out.extend(track_belote_card(state, seat, card, mark, trick, index))
    _place(state, seat, card)
    prepare_fast_path(state)
    return out or NO_VIOLATIONS


def _take_from_hand(state: DealState, seat: int, card: int, trick: int, index: int) -> list[Violation]:
    """Take ``card`` out of the hand holding it; say if it was played already, not held by
    ``seat``, or held but illegal here."""
    bit = 1 << card
    hands = state.hands
    name = Card(card, state.deck)
    if state.played & bit:
        return [Violation(C.DUPLICATE_CARD, msg("%(who)s played %(card)s, which was already played",
                                                who=Seat(seat), card=name),
                          seat=seat, trick=trick, index=index, card=card)]
    if not state.hands_known:
        return []
    hand = hands[seat]
    if not hand & bit:
        holder = next((s for s in range(4) if hands[s] & bit), None)
        if holder is not None:
            hands[holder] ^= bit
            told = msg("%(who)s played %(card)s, which %(holder)s holds", who=Seat(seat), card=name,
                       holder=Seat(holder))
        else:
            told = msg("%(who)s played %(card)s, which was not dealt", who=Seat(seat), card=name)
        return [Violation(C.CARD_NOT_HELD, told, seat=seat,
                          trick=trick, index=index, card=card)]
    hands[seat] = hand ^ bit
    if index:
        legal = legal_for(state, seat, hand)
        if not legal & bit:
            return [why_illegal(state, seat, hand, card, legal, trick, index)]
    return []


def _place(state: DealState, seat: int, card: int) -> None:
    """Put a card on the trick: the suit led, the card winning so far, the next turn."""
    cards = state.trick_cards
    if cards:
        if state.beats[state.best_card << 5 | card]:
            state.best_card = card
            state.best_seat = seat
    else:
        state.led = card >> 3
        state.best_card = card
        state.best_seat = seat
    cards.append(card)
    state.trick_seats.append(seat)
    if len(cards) == 4:
        _close_trick(state)
    else:
        state.turn = (seat + state.play_step) & 3


def _apply(state: DealState, seat: int, card: int, bit: int) -> None:
    """Apply a checked card held by ``seat``."""
    state.hands[seat] ^= bit
    state.played |= bit
    _place(state, seat, card)


def _close_trick(state: DealState) -> None:
    winner = state.best_seat
    team = winner & 1
    pts = state.card_points
    cards = state.trick_cards
    state.points[team] += pts[cards[0]] + pts[cards[1]] + pts[cards[2]] + pts[cards[3]]
    state.tricks_won[team] += 1
    state.tricks.append((state.trick_seats, cards, winner))
    state.trick_no += 1
    state.trick_cards = []
    state.trick_seats = []
    state.turn = winner
    if state.trick_no == 8:
        state.fast_path_ready = False
        state.points[team] += last_trick_bonus(state.rules)
        state.last_trick_team = team
        if state.phase == PHASE_PLAY:
            state.phase = PHASE_DONE


def last_trick_bonus(rules: Ruleset) -> int:
    """The points the winners of the last trick add (the ``last_trick_bonus`` option): what
    :func:`_close_trick` adds at the eighth trick, and what the compiled loop asks once per rule set.

    >>> last_trick_bonus(Ruleset.preset("classic"))
    10
    """
    return rules.last_trick_bonus


def _phase_problems(state: DealState, seat: int, card: int, trick: int, index: int) -> list[Violation]:
    """A card played in a dead deal or before anybody took: said once per deal."""
    if state.phase == PHASE_DEAD:
        code = C.PLAY_AFTER_DEAD_DEAL
        message = msg("cards were played although everybody passed twice (dead deal)")
    elif state.taker is None:
        code, message = C.BIDDING_UNFINISHED, msg("play started before anybody took: no trump")
    else:
        return []
    if code in state.reported_once:
        return []
    state.reported_once.add(code)
    return [Violation(code, message, seat=seat, trick=trick, index=index, card=card)]


PYTHON_PLAY_CARDS = play_cards
"""The Python :func:`play_cards`, whatever ``play_cards`` is bound to (the tests compare them)."""
PYTHON_PLAY_TRICKS_BATCH = play_tricks_batch
"""The Python :func:`play_tricks_batch`, likewise."""


def _obligation_table(rules: Ruleset, strain: int) -> bytes | None:
    """The engine's obligation table for the C loop (imported on first use: the table is made
    by playing probe tricks through this module)."""
    from belote_notation.game.engine.obligations import obligation_table

    return obligation_table(rules, strain)


def _compiled_play() -> tuple[Callable[..., int], Callable[..., int]]:
    """The C loops of :func:`play_cards` and :func:`play_tricks_batch` (``_play.c``), handed
    this module's rules and tables (:func:`belote_notation.game.compiled.compiled` decides
    whether they are used)."""
    from belote_notation.game.engine import _play

    _play.bind(legal_for, PYTHON_PLAY_CARDS, PYTHON_PLAY_TRICKS_BATCH, _obligation_table, HIGHER_TRUMP,
               SUIT_MASKS, last_trick_bonus, belote_word_due, track_belote_card, belote_step, PHASE_PLAY,
               PHASE_DONE)
    return _play.play_cards, _play.play_tricks_batch


play_cards, play_tricks_batch = compiled(_compiled_play) or (play_cards, play_tricks_batch)
