"""The eight tricks: whose turn it is, which cards are legal, and who wins each trick.

``legal_cards`` applies the play obligations, each governed by its own option of the
ruleset (see ``docs/rules.md``): follow suit, trump when an opponent is master, overtrump
when ruffing, overtrump when trump is led, undertrump, and the partner-master freedoms.
``play_card`` applies a card even when it is illegal and returns what was wrong.

Over the size bounds on purpose (this module over 400 lines, ``play_cards`` over 60): see the
comment in ``play_cards``; ``play_tricks_batch`` and the binding of the compiled loops
(``_play.c``) stay beside the loop they must equal (about 530 lines in all).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from belote_notation.game.cards import (
    KING,
    LAST_TRICK_BONUS,
    QUEEN,
    SEAT_NAMES,
    TrickPlays,
    card_symbol_name,
    suit_display,
)
from belote_notation.game.compiled import compiled
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation
from belote_notation.game.engine.state import (
    PHASE_DEAD,
    PHASE_DONE,
    PHASE_PLAY,
    DealState,
    first_leader,
    names,
    prepare_fast_path,
)
from belote_notation.game.engine.tables import (
    BEATS,
    HIGHER_TRUMP,
    NO_TRUMP_INDEX,
    SUIT_MASKS,
)
from belote_notation.game.rules import Ruleset

__all__ = ["BELOTE_WORDS", "RecordedTrick", "TrickPlays", "legal_cards", "legal_for", "plain_trick",
           "play_card", "play_cards", "play_tricks_batch", "to_play", "trick_winner"]

BELOTE_WORDS = ("belote", "rebelote")
"""What a player says with the first and with the second of the trump king and queen played."""


class RecordedTrick(TrickPlays, Protocol):
    """A trick as recorded: its plays, its number and its alternative lines (``None``: none)."""

    @property
    def number(self) -> int: ...

    @property
    def variations(self) -> object: ...


def to_play(state: DealState) -> int:
    """The seat whose turn it is to play (the first leader before any card)."""
    if state.turn < 0:
        state.turn = first_leader(state)
    return state.turn


def legal_for(state: DealState, seat: int, hand: int) -> int:
    """Mask of the cards of ``hand`` that ``seat`` may play to the current trick."""
    if not state.trick_cards:
        return hand
    f = state.flags
    led = state.led
    follow = hand & SUIT_MASKS[led]
    trump = state.trump
    best = state.best_card
    if follow:
        if not f.must_follow:
            return hand
        if (led == trump or state.all_trump) and f.overtrump_when_trump_led and (
                f.overtrump_partner_when_trump_led or state.best_seat != (seat + 2) & 3):
            return (follow & HIGHER_TRUMP[best]) or follow
        return follow
    if trump < 0:
        return hand
    tmask = SUIT_MASKS[trump]
    trumps = hand & tmask
    if not trumps:
        return hand
    best_is_trump = (best >> 3) == trump
    partner_master = state.best_seat == (seat + 2) & 3
    if partner_master and f.partner_master_may_discard:
        if best_is_trump and f.partner_master_trumping_must_overtrump:
            higher = trumps & HIGHER_TRUMP[best]
            if higher:
                return (hand & ~tmask) | higher
        return hand
    if not f.must_trump_when_opponent_master:
        return hand
    must_overtrump = (f.partner_master_trumping_must_overtrump if partner_master
                      else f.overtrump_when_ruffing)
    if best_is_trump and must_overtrump:
        higher = trumps & HIGHER_TRUMP[best]
        if higher:
            return higher
        return trumps if f.must_undertrump else hand
    return trumps


def legal_cards(state: DealState) -> int:
    """Mask of the cards the player to move may legally play (0 when the hands are unknown
    or the deal is over).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=1)
    >>> _ = set_hands(state, [0x0F0F, 0xF0F0, 0x0F0F0000, 0xF0F00000])
    >>> to_play(state), hex(legal_cards(state))
    (0, '0xf0f')
    >>> _ = play_card(state, 0, 0)
    >>> to_play(state), hex(legal_cards(state))  # E must follow spades
    (1, '0xf0')
    """
    if state.trick_no >= 8 or not state.hands_known:
        return 0
    seat = to_play(state)
    return legal_for(state, seat, state.hands[seat])


def trick_winner(cards: list[int], trump: int) -> int:
    """Index (0..3) of the winning card of a trick given in play order.

    ``trump`` is a suit 0-3, -1 (none) or a contrée contract's: 4 sans-atout, 5 tout-atout.

    >>> trick_winner([0, 7, 8, 1], trump=1)  # 7♠ led, A♠, 7♥ (trump) wins, 8♠
    2
    >>> trick_winner([7, 2, 1, 4], trump=5)  # tout-atout: A♠ led, the 9♠ beats it, J♠ wins
    3
    """
    beats = BEATS[trump if trump >= 0 else NO_TRUMP_INDEX]
    best, at = cards[0], 0
    for i in range(1, len(cards)):
        card = cards[i]
        if beats[best << 5 | card]:
            best, at = card, i
    return at


def _why_illegal(state: DealState, seat: int, hand: int, card: int, legal: int, trick: int,
                 index: int) -> Violation:
    """Name the obligation a legal-in-hand but illegal card broke."""
    deck = state.deck
    who = SEAT_NAMES[seat]
    led = state.led
    trump = state.trump
    best = state.best_card
    best_name = card_symbol_name(best, deck)
    if hand & SUIT_MASKS[led] and card >> 3 != led:
        return Violation(C.NOT_FOLLOWED, f"{who} did not follow {suit_display(led, deck)}: held "
                         f"{names(hand & SUIT_MASKS[led], deck)}", seat=seat, trick=trick, index=index,
                         card=card)
    if card >> 3 == trump or (state.all_trump and card >> 3 == led):
        return Violation(C.NOT_OVERTRUMPED, f"{who} did not overtrump: held {names(legal, deck)}, "
                         f"higher than {best_name} on the table", seat=seat, trick=trick, index=index,
                         card=card)
    trumps = hand & SUIT_MASKS[trump]
    if best >> 3 == trump and not trumps & HIGHER_TRUMP[best]:
        return Violation(C.NOT_UNDERTRUMPED, f"{who} did not play a trump: held {names(trumps, deck)} "
                         f"and no {suit_display(led, deck)} ({best_name} on the table)", seat=seat,
                         trick=trick, index=index, card=card)
    master = SEAT_NAMES[state.best_seat]
    return Violation(C.NOT_TRUMPED, f"{who} did not trump: held {names(trumps, deck)}, no "
                     f"{suit_display(led, deck)}, and {master} was winning with {best_name}", seat=seat,
                     trick=trick, index=index, card=card)


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
        bit = 1 << card  # a mark on an otherwise fine card only costs a call to _belote_card
        hand = state.hands[seat]
        if hand & bit and (not state.trick_cards or legal_for(state, seat, hand) & bit):
            extra = _belote_card(state, seat, card, mark, state.trick_no + 1, len(state.trick_cards))
            _apply(state, seat, card, bit)
            return extra or NO_VIOLATIONS
    return _play_checked(state, seat, card, mark)


_NO_MARK = (None,)


def play_cards(state: DealState, seats: Sequence[int | None], cards: Sequence[int],
               marks: Sequence[str | None], start: int = 0) -> int:
    """Play ``cards[start:]`` (``seats[i]`` plays ``cards[i]`` saying ``marks[i]``) while each
    is the expected player's held, legal card, with no mark or the belote word due (the trump
    king or queen of a seat that holds both, :data:`BELOTE_WORDS`); returns the index of the first card
    NOT played (``len(cards)``: all were). Play that one with :func:`play_card` (it gives the
    violations), then go on from the next. THE fast path of the engine: :func:`play_card` runs
    it for one card, so the two cannot drift apart; legality is :func:`legal_for`'s, as on the
    checked path (tests/game/test_play_cards.py: random deals, illegal cards injected).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, set_contract, set_hands
    >>> state = new_deal(Ruleset.preset("classic"), dealer=3)
    >>> set_contract(state, taker=0, trump=0)
    >>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    >>> play_cards(state, [0, 1, 2, 3], [7, 15, 16, 24], [None] * 4)
    4
    >>> play_cards(state, [1, 2, 3, 0], [14, 20, 30, 6], [None] * 4)  # N won: N leads, not E
    0
    """
    # SIZE EXCEPTION, on purpose: this function is over the 60-line bound and takes this module
    # over the 400-line bound (about 70 and 420). One loop, kept whole: it is validate's per-card hot
    # path, and moving a card's steps into a helper costs ~6% of the engine benchmark (measured
    # for the same steps in the first landing: 17.3-17.9k vs 16.4-16.8k deals/s, classic).
    # Called by play_tricks_batch (validate: once a deal, compiled); the trump's tables and the
    # step are fixed during play.
    if not state.fast_path_ready:
        return start
    hands = state.hands
    belote_pair, beats, trump, step = state.belote_pair, state.beats, state.trump, state.play_step
    every_suit_trump = state.all_trump
    i = start
    if start == 0:
        plays = zip(seats, cards, marks, strict=True)
    else:
        plays = zip(seats[start:], cards[start:], marks[start:], strict=True)
    for seat, card, mark in plays:
        if seat is None or seat != state.turn or type(card) is not int or card < 0:
            return i
        bit = 1 << card
        hand = hands[seat]
        if not hand & bit:
            return i
        if mark is not None and not (bit & belote_pair and state.full_hands[seat] & belote_pair == belote_pair
                                     and mark == _word_due(state, card)):
            return i  # a mark the engine finds fault with: play_card says what
        trick_cards = state.trick_cards
        if trick_cards:
            led = state.led
            # following a plain suit is always legal; anything else asks legal_for
            if ((card >> 3 != led or led == trump or every_suit_trump)
                    and not legal_for(state, seat, hand) & bit):
                return i
            if bit & belote_pair:  # the belote order is tracked where the marks are checked
                _belote_card(state, seat, card, mark, state.trick_no + 1, len(trick_cards))
            if beats[state.best_card << 5 | card]:
                state.best_card = card
                state.best_seat = seat
        else:
            if bit & belote_pair:
                _belote_card(state, seat, card, mark, state.trick_no + 1, 0)
            state.led = card >> 3
            state.best_card = card
            state.best_seat = seat
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
        return [Violation(C.BAD_CARD, f"{card!r} is not a card of the 32-card deck",
                          seat=seat if isinstance(seat, int) and 0 <= seat < 4 else None,
                          trick=state.trick_no + 1,
                          index=len(state.trick_cards))]
    if not isinstance(seat, int) or not 0 <= seat < 4:
        seat = to_play(state)
    prepare_fast_path(state)
    index = len(state.trick_cards)
    trick = state.trick_no + 1
    if state.trick_no >= 8:
        return [Violation(C.TOO_MANY_CARDS, f"{SEAT_NAMES[seat]} played "
                          f"{card_symbol_name(card, state.deck)} after the eighth trick", seat=seat,
                          trick=trick, index=index, card=card)]
    out: list[Violation] = []
    if state.phase != PHASE_PLAY:
        out.extend(_phase_problems(state, seat, card, trick, index))
    turn = to_play(state)
    if seat != turn:
        if index == 0:
            out.append(Violation(C.WRONG_LEADER, f"{SEAT_NAMES[seat]} led trick {trick}: "
                                 f"{SEAT_NAMES[turn]} should have led", seat=seat, trick=trick,
                                 index=index, card=card))
        else:
            out.append(Violation(C.PLAYED_OUT_OF_TURN, f"{SEAT_NAMES[seat]} played out of turn: it was "
                                 f"{SEAT_NAMES[turn]}'s turn", seat=seat, trick=trick, index=index,
                                 card=card))
    out.extend(_take_from_hand(state, seat, card, trick, index))
    bit = 1 << card
    state.played |= bit
    state.played_checked[seat] |= bit
    if mark is not None or bit & state.belote_pair:
        out.extend(_belote_card(state, seat, card, mark, trick, index))
    _place(state, seat, card)
    prepare_fast_path(state)
    return out or NO_VIOLATIONS


def _take_from_hand(state: DealState, seat: int, card: int, trick: int, index: int) -> list[Violation]:
    """Take ``card`` out of the hand holding it; say if it was played already, not held by
    ``seat``, or held but illegal here."""
    bit = 1 << card
    hands = state.hands
    name = card_symbol_name(card, state.deck)
    if state.played & bit:
        return [Violation(C.DUPLICATE_CARD, f"{SEAT_NAMES[seat]} played {name}, which was already played",
                          seat=seat, trick=trick, index=index, card=card)]
    if not state.hands_known:
        return []
    hand = hands[seat]
    if not hand & bit:
        holder = next((s for s in range(4) if hands[s] & bit), None)
        whose = f", which {SEAT_NAMES[holder]} holds" if holder is not None else ", which was not dealt"
        if holder is not None:
            hands[holder] ^= bit
        return [Violation(C.CARD_NOT_HELD, f"{SEAT_NAMES[seat]} played {name}{whose}", seat=seat,
                          trick=trick, index=index, card=card)]
    hands[seat] = hand ^ bit
    if index:
        legal = legal_for(state, seat, hand)
        if not legal & bit:
            return [_why_illegal(state, seat, hand, card, legal, trick, index)]
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
        state.points[team] += LAST_TRICK_BONUS
        state.last_trick_team = team
        if state.phase == PHASE_PLAY:
            state.phase = PHASE_DONE


def _phase_problems(state: DealState, seat: int, card: int, trick: int, index: int) -> list[Violation]:
    """A card played in a dead deal or before anybody took: said once per deal."""
    if state.phase == PHASE_DEAD:
        code = C.PLAY_AFTER_DEAD_DEAL
        message = "cards were played although everybody passed twice (dead deal)"
    elif state.taker is None:
        code, message = C.BIDDING_UNFINISHED, "play started before anybody took: no trump"
    else:
        return []
    if code in state.reported_once:
        return []
    state.reported_once.add(code)
    return [Violation(code, message, seat=seat, trick=trick, index=index, card=card)]


def _belote_card(state: DealState, seat: int, card: int, mark: str | None, trick: int,
                 index: int) -> list[Violation]:
    """Track the trump king and queen (belote order) and check a belote/rebelote mark."""
    out: list[Violation] = []
    trump = state.trump
    is_belote_card = trump >= 0 and card >> 3 == trump and (card & 7) in (QUEEN, KING)
    expected = _word_due(state, card)
    if is_belote_card and expected == BELOTE_WORDS[0]:
        state.first_belote_card = card
    if mark is None:
        return out
    who = SEAT_NAMES[seat]
    name = card_symbol_name(card, state.deck)
    if mark not in BELOTE_WORDS:
        out.append(Violation(C.BELOTE_BAD_MARK, f"{who} said {mark!r} on {name}", seat=seat, trick=trick,
                             index=index, card=card))
        return out
    if not is_belote_card:
        out.append(Violation(C.BELOTE_BAD_MARK, f"{who} said {mark} on {name}, which is not the king or "
                             "queen of trump", seat=seat, trick=trick, index=index, card=card))
        return out
    pair = (1 << card) | (1 << (card ^ (QUEEN ^ KING)))
    held = state.full_hands[seat] if state.hands_known else None
    if held is not None and held & pair != pair:
        out.append(Violation(C.BELOTE_NOT_HELD, f"{who} said {mark} without holding both king and "
                             "queen of trump", seat=seat, trick=trick, index=index, card=card))
    if mark != expected:
        out.append(Violation(C.BELOTE_ORDER, f"{who} said {mark} on {name}: "
                             f"{expected} was due", seat=seat, trick=trick, index=index,
                             card=card))
    state.belote_marks[seat].append((mark, card))
    return out


def _word_due(state: DealState, card: int) -> str:
    """The word due with the trump king or queen ``card``: the first of the pair played (the
    other one not played yet) is the belote, the second the rebelote."""
    return BELOTE_WORDS[state.played >> (card ^ (QUEEN ^ KING)) & 1]


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
               SUIT_MASKS, QUEEN, KING, LAST_TRICK_BONUS, BELOTE_WORDS, PHASE_PLAY, PHASE_DONE)
    return _play.play_cards, _play.play_tricks_batch


play_cards, play_tricks_batch = compiled(_compiled_play) or (play_cards, play_tricks_batch)
