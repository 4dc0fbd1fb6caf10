"""Every position of a deal, as small immutable values (python-chess's ``Board`` habits).

A :class:`Position` is the deal at one point: after the k-th call, or after the j-th card of
trick t. It says what each seat still holds and was dealt, the trick so far, its leader, the
seat to move and the cards it may legally play, the points so far and the contract. Nothing
here decides a rule: the positions are the engine's own states, replayed from the checks'
replay (:func:`~belote_notation.check.replay.replay_game`) act by act with the engine's
functions, and read through its views.

>>> from belote_notation.check.replay import replay_game
>>> from belote_notation.notation.read.reader import parse_text
>>> text = ("deal 1 dealer N\\nhand N 7S 8S 9S 10S JS QS KS AS\\nhand E 7H 8H 9H 10H JH QH KH AH\\n"
...         "hand S 7D 8D 9D 10D JD QD KD AD\\nhand W 7C 8C 9C 10C JC QC KC AC\\n"
...         "smsara E:take S\\ntrick 1 AH 7D 7C 7S\\nend\\n")
>>> deal = replay_game(parse_text(text)[0].game).deals[0]
>>> position = position_at(deal, trick=1, card=1)
>>> position
Position(deal=1, trick=1, card=1, to_move='S')
>>> print(position)
deal 1, trick 1 after card 1: S to play
contract: E ♠
N: 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠
E: 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥
S: 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦
W: 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣
trick: E:A♥ (leader E)
points: N-S 0, E-W 0; tricks 0-0
legal: 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦
>>> inferred_seats(deal)[:2]
(InferredSeat(trick=1, place=1, card='AH', seat='E'), InferredSeat(trick=1, place=2, card='7D', seat='S'))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from belote_notation.check.replay import DealReplay
from belote_notation.game.cards import SEAT_NAMES, Deck, card_name, card_symbol_name, cards_of
from belote_notation.game.engine import (
    Call,
    Contract,
    DealState,
    announce,
    apply_bid,
    call_count,
    calls,
    completed_tricks,
    contract,
    contract_name,
    deal_five,
    deal_rest,
    dealer,
    hand_now,
    hands_dealt,
    hands_known,
    held,
    is_dead,
    legal_auction_calls,
    legal_bids,
    legal_cards,
    new_deal,
    next_bidder,
    next_player,
    offer,
    play_card,
    running_points,
    set_auction_result,
    set_contract,
    set_hands,
    strain_name,
    trick_so_far,
    tricks_played,
)

__all__ = ["Cards", "InferredSeat", "Position", "deal_positions", "final_position", "inferred_seats",
           "position_at", "state_at_point"]


@dataclass(frozen=True, slots=True)
class Cards:
    """A set of cards (a 32-bit mask) named in its deck; iterates the cards (0..31) in order.

    >>> hand = Cards(0b1011, Deck.FRENCH)
    >>> hand, str(hand), len(hand), 1 in hand, list(hand)
    (Cards('7S 8S 10S'), '7♠ 8♠ 10♠', 3, True, [0, 1, 3])
    """

    mask: int
    deck: Deck = Deck.FRENCH

    def __iter__(self) -> Iterator[int]:
        return cards_of(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 32 and bool(self.mask >> card & 1)

    def names(self) -> list[str]:
        """The canonical names (``7S``, ``10O``) in order."""
        return [card_name(card, self.deck) for card in self]

    def __str__(self) -> str:
        return " ".join(card_symbol_name(card, self.deck) for card in self)

    def __repr__(self) -> str:
        return f"Cards({' '.join(self.names())!r})"


class PlayedCard(NamedTuple):
    """One card of the trick so far: who played it."""

    seat: int
    card: int


class InferredSeat(NamedTuple):
    """A play recorded without its seat (``trick 1 AH 7S``) and the seat the checks gave it."""

    trick: int
    place: int
    """The card's place in its trick (1..4)."""
    card: str
    seat: str


@dataclass(frozen=True, slots=True)
class Position:
    """The deal at one point. ``trick``/``card``: the last card played (trick 1..8, card 1..4;
    both 0 before the first card); ``calls``: how many calls were made."""

    deal: int
    calls: int
    trick: int
    card: int
    dealer: int
    hands: tuple[Cards, ...]
    """What each seat (N E S W) still holds (as far as dealt: the first five in the bidding)."""
    dealt: tuple[Cards, ...]
    """What each seat was dealt (the eight cards once known)."""
    trick_so_far: tuple[PlayedCard, ...]
    """The cards of the trick under way (empty between tricks)."""
    leader: int | None
    """Who led (or leads) the trick under way; ``None`` before the play."""
    to_move: int | None
    """Who calls or plays next; ``None`` once the deal is over."""
    legal: Cards
    """The cards ``to_move`` may play (empty in the bidding and at the end)."""
    legal_calls: tuple[Call, ...]
    """The calls ``to_move`` may make (empty once the bidding is over)."""
    points: tuple[int, int]
    """Card points won so far by N-S and E-W (the 10 of the last trick included)."""
    tricks_won: tuple[int, int]
    call_history: tuple[Call, ...]
    contract: Contract | None
    phase: str
    """``bidding`` (until the first lead), ``play``, ``over`` (after eight tricks) or ``dead``
    (everybody passed). A record that stops in mid-play ends on a ``play`` position: who is to
    move and what they may play there."""
    deck: Deck

    @property
    def is_bidding(self) -> bool:
        return self.phase == "bidding"

    def contract_words(self) -> str | None:
        """The contract for people: ``E ♠``, or a contrée one ``S 80♥ coinché``."""
        taken = self.contract
        if taken is None:
            return None
        if taken.kind is None:
            return f"{SEAT_NAMES[taken.taker]} {strain_name(taken.trump) if taken.trump is not None else '?'}"
        action = "bid" if taken.kind == "points" else taken.kind
        words = contract_name(action, taken.trump, taken.value)
        extra = ("", " coinché", " surcoinché")[taken.doubled]
        return f"{SEAT_NAMES[taken.taker]} {words}{extra}"

    def __repr__(self) -> str:
        mover = SEAT_NAMES[self.to_move] if self.to_move is not None else None
        if self.trick == 0:
            return f"Position(deal={self.deal}, calls={self.calls}, to_move={mover!r})"
        return f"Position(deal={self.deal}, trick={self.trick}, card={self.card}, to_move={mover!r})"

    def __str__(self) -> str:
        if self.trick:
            where = f"trick {self.trick} after card {self.card}"
        else:
            where = f"after call {self.calls}" if self.phase in ("bidding", "dead") else "first lead"
        verb = "to call" if self.phase == "bidding" else "to play"
        state = (f"{SEAT_NAMES[self.to_move]} {verb}" if self.to_move is not None
                 else _ENDS.get(self.phase, self.phase))
        lines = [f"deal {self.deal}, {where}: {state}", f"contract: {self.contract_words() or '-'}"]
        lines += [f"{SEAT_NAMES[seat]}: {hand}" for seat, hand in enumerate(self.hands)]
        if self.leader is not None:
            played = " ".join(f"{SEAT_NAMES[p.seat]}:{card_symbol_name(p.card, self.deck)}"
                              for p in self.trick_so_far)
            lines.append(f"trick: {played or '-'} (leader {SEAT_NAMES[self.leader]})")
        lines.append(f"points: N-S {self.points[0]}, E-W {self.points[1]}; "
                     f"tricks {self.tricks_won[0]}-{self.tricks_won[1]}")
        if self.phase == "play":
            lines.append(f"legal: {self.legal}")
        return "\n".join(lines)


_ENDS = {"bidding": "auction over", "over": "deal over", "dead": "dead deal (everybody passed)"}

# ----------------------------------------------------------------------------- replaying
_KIND_ACTIONS = {"points": "bid", "capot": "capot", "generale": "generale"}


class _Replayer:
    """A fresh engine state moved on through the acts of a replayed deal, in the checks' order:
    distribution, calls, the rest of the cards (or the hands), announcements, the cards."""

    def __init__(self, replay: DealReplay) -> None:
        final = replay.state
        if final is None:
            raise ValueError("the deal was not replayed (a score sheet, or no deal record)")
        self.replay, self.final = replay, final
        self.number = replay.deal.number
        self.state = new_deal(final.rules, dealer(final), final.deck)
        self.contree = final.rules.bidding == "contree"
        self.calls = calls(final)
        now = trick_so_far(final)
        self.plays = [(seat, card) for trick in completed_tricks(final)
                      for seat, card in zip(trick.seats, trick.cards, strict=True)]
        self.plays += zip(now.seats, now.cards, strict=True)
        self.marks = [mark for trace in replay.tricks for mark in trace.marks]
        self.cards_played = 0
        self.dealt_at_once = ([held(final, seat) for seat in range(4)]
                              if self.contree and hands_known(final) else None)
        """Contrée deals all eight cards before the auction (the checks give them after it)."""
        if not self.contree:
            deal_five(self.state, list(final.five) if final.five is not None else None, offer(final))

    def call(self, index: int) -> None:
        seat, action, suit, value = self.calls[index]
        apply_bid(self.state, seat, action, suit, value)

    def start_play(self) -> bool:
        """The contract without an auction, the rest of the cards and the announcements; False
        when there is no play to follow (dead deal, no contract or hands unknown)."""
        state, final = self.state, self.final
        taken = contract(final)
        if not self.calls and taken is not None and taken.trump is not None:
            if taken.kind is not None:
                set_auction_result(state, taken.taker, _KIND_ACTIONS[taken.kind], taken.trump, taken.value,
                                   taken.doubled)
            else:
                set_contract(state, taken.taker, taken.trump)
        if hands_known(final):
            hands = [held(final, seat) for seat in range(4)]
            five, face_up = state.five, offer(final)
            if five is not None and face_up is not None and taken is not None:
                deal_rest(state, [hands[s] & ~five[s] & ~(1 << face_up) for s in range(4)])
            else:
                set_hands(state, hands)
        if is_dead(state) or contract(state) is None or not hands_known(state):
            return False
        for seat, kind, mask in final.announcements:
            announce(state, seat, kind, mask)
        return True

    def play(self) -> None:
        seat, card = self.plays[self.cards_played]
        mark = self.marks[self.cards_played] if self.cards_played < len(self.marks) else None
        play_card(self.state, seat, card, mark)
        self.cards_played += 1

    def legal_calls(self, bidding: bool) -> tuple[Call, ...]:
        state = self.state
        if not bidding:
            return ()
        seat = next_bidder(state)
        if self.contree:
            return tuple(Call(seat, action, suit, value)
                         for action, suit, value in legal_auction_calls(state))
        return tuple(Call(seat, action, suit) for action, suit in legal_bids(state))

    def position(self, phase: str) -> Position:
        state, deck = self.state, self.final.deck
        done = self.cards_played
        trick, card = ((done - 1) // 4 + 1, (done - 1) % 4 + 1) if done else (0, 0)
        now = trick_so_far(state)
        playing = phase == "play" and tricks_played(state) < 8
        if phase == "play" and not playing:
            phase = "over"
        if phase == "bidding" and is_dead(state):
            phase = "dead"
        bidding = phase == "bidding" and contract(state) is None
        leader = None
        if phase in ("play", "over"):
            leader = now.seats[0] if now.seats else next_player(state) if playing else None
        to_move = next_bidder(state) if bidding else next_player(state) if playing else None
        dealt = hands_dealt(state) or self.dealt_at_once or [0, 0, 0, 0]
        holding = [hand_now(state, s) for s in range(4)] if hands_known(state) else dealt
        return Position(
            self.number, call_count(state), trick, card, dealer(state),
            tuple(Cards(mask, deck) for mask in holding), tuple(Cards(mask, deck) for mask in dealt),
            tuple(PlayedCard(s, c) for s, c in zip(now.seats, now.cards, strict=True)),
            leader, to_move, Cards(legal_cards(state) if playing else 0, deck), self.legal_calls(bidding),
            running_points(state), (state.tricks_won[0], state.tricks_won[1]), calls(state),
            contract(state), phase, deck)


def deal_positions(replay: DealReplay) -> Iterator[Position]:
    """Every position of a replayed deal in order: before the first call, after each call,
    at the first lead, after each card (nothing for a deal that was not replayed).

    >>> from belote_notation.check.replay import replay_game
    >>> from belote_notation.generator import generate_games
    >>> from belote_notation.game.rules import Ruleset
    >>> game = next(generate_games(Ruleset.preset("classic"), deals=1, seed=3))
    >>> positions = list(deal_positions(replay_game(game).deals[0]))
    >>> positions[0].phase, positions[-1].phase, positions[-1].trick, positions[-1].card
    ('bidding', 'over', 8, 4)
    >>> sum(positions[-1].points), positions[-1].legal
    (162, Cards(''))
    """
    if replay.state is None:
        return
    steps = _Replayer(replay)
    yield steps.position("bidding")
    for index in range(len(steps.calls)):
        steps.call(index)
        yield steps.position("bidding")
    if not steps.start_play():
        return
    yield steps.position("play")
    while steps.cards_played < len(steps.plays):
        steps.play()
        yield steps.position("play")


def final_position(replay: DealReplay) -> Position | None:
    """The last of :func:`deal_positions` (where the record stops), without the ones before."""
    if replay.state is None:
        return None
    steps = _Replayer(replay)
    for index in range(len(steps.calls)):
        steps.call(index)
    if not steps.start_play():
        return steps.position("bidding")
    while steps.cards_played < len(steps.plays):
        steps.play()
    return steps.position("play")


def position_at(replay: DealReplay, *, calls: int | None = None, trick: int | None = None,
                card: int = 0) -> Position:
    """The position after call ``calls`` (0: before the first), or after card ``card`` (1..4;
    0: before its first card) of trick ``trick`` (1..8). Raises ``ValueError`` for a point the
    record does not reach."""
    wanted = (trick - 1, 4) if trick is not None and card == 0 and trick > 1 else (trick, card)
    for position in deal_positions(replay):
        if trick is None:
            if position.calls == calls and position.trick == 0:
                return position
        elif position.phase not in ("bidding", "dead") and (position.trick, position.card) == (
                (0, 0) if wanted == (1, 0) else wanted):
            return position
    where = f"call {calls}" if trick is None else f"trick {trick} card {card}"
    raise ValueError(f"deal {replay.deal.number} does not reach {where}")


def state_at_point(replay: DealReplay, cards: int) -> DealState:
    """A fresh engine state of a replayed deal after its first ``cards`` cards (0: at the
    first lead), for the solver. Raises ``ValueError`` without a play to follow there."""
    steps = _Replayer(replay)
    for index in range(len(steps.calls)):
        steps.call(index)
    if not steps.start_play():
        raise ValueError("the deal has no contract or its hands are not all known")
    if cards > len(steps.plays):
        raise ValueError(f"the record stops after {len(steps.plays)} cards")
    while steps.cards_played < cards:
        steps.play()
    return steps.state


def inferred_seats(replay: DealReplay) -> tuple[InferredSeat, ...]:
    """The plays recorded without a seat and the seat the replay gave each (who held the
    card, else the turn order)."""
    final = replay.state
    if final is None:
        return ()
    seats = [trick.seats for trick in completed_tricks(final)] + [trick_so_far(final).seats]
    out = []
    for t, trick in enumerate(replay.deal.tricks):
        for i, play in enumerate(trick.plays):
            if play.seat is None and t < len(seats) and i < len(seats[t]):
                out.append(InferredSeat(t + 1, i + 1, card_name(play.card, final.deck),
                                        SEAT_NAMES[seats[t][i]]))
    return tuple(out)
