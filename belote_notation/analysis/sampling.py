"""What a player could see, for the review's expected loss (:mod:`belote_notation.analysis.review`):
the deals of the unseen cards consistent with the cards played, the voids shown, the face-up
card and the calls made, sampled, and a card's loss averaged over them.

The calls are read as promises of length in a suit (:func:`auction_promises`, documented in
docs/review.md): a contrée bid in a suit promises at least 1 card of it (2 from 110, 3 from
120, 4 from 140, 5 for a capot or a générale), a take naming a suit in round 2 of the
*smsara* at least 2;
a bid the same player raises promises the most its highest bid does. Sans-atout, tout-atout,
passes, coinches and round-1 takes promise nothing (a round-1 take takes the face-up card,
which the sampling gives the taker already). ``Seen(..., auction=False)`` draws uniformly
among the deals the cards played allow, as before.

>>> from belote_notation.game.engine import Call
>>> auction_promises([Call(3, "bid", 1, 80), Call(2, "pass", None, None), Call(3, "bid", 1, 120)])
{(3, 1): 3}
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from belote_notation.analysis.bounded import sampled_loss_and_best
from belote_notation.analysis.solver import DoubleDummy
from belote_notation.game.cards import SUIT_MASKS
from belote_notation.game.engine import Call, DealState, calls, new_deal, play_cards, set_contract, set_hands

__all__ = ["ExpectedLoss", "Seen", "auction_promises", "expected_loss", "promised_length", "sample_hands"]

_SUITS = 4
"""Strains 0-3 are suits; 4 and 5 are sans-atout and tout-atout (they promise no suit)."""


def promised_length(action: str, value: int | None) -> int:
    """The cards of its suit a call promises (0: none).

    The lengths are the fewest that colver's heuristic bidders held in 1,500 deals (80-100:
    some bid with a single card of the suit; 110: two or more; 120: three or more).

    >>> [promised_length("bid", v) for v in (80, 100, 110, 120, 130, 140, 160)]
    [1, 1, 2, 3, 3, 4, 4]
    >>> promised_length("capot", None), promised_length("pass", None)
    (5, 0)
    """
    if action in ("capot", "generale"):
        return 5
    if action == "take":
        return 2
    if action != "bid" or value is None:
        return 0
    return 1 if value < 110 else 2 if value < 120 else 3 if value < 140 else 4


def auction_promises(calls: Sequence[Call], rounds: bool = False) -> dict[tuple[int, int], int]:
    """(seat, suit) -> the fewest cards of the suit the seat's calls say it was dealt.

    ``rounds``: the calls are a *smsara* (a take naming a suit promises only in round 2, the
    round-1 take being of the face-up card's suit)."""
    promises: dict[tuple[int, int], int] = {}
    for index, call in enumerate(calls):
        if call.suit is None or not 0 <= call.suit < _SUITS:
            continue
        if call.action == "take" and (not rounds or index < 4):
            continue
        need = promised_length(call.action, call.value)
        key = (call.seat, call.suit)
        if need > promises.get(key, 0):
            promises[key] = need
    return promises


class Seen:
    """What every player saw so far: the cards played in order, the voids shown, the face-up
    card (with its taker until played) and, with ``auction`` (the default), what the calls
    promised (:func:`auction_promises`)."""

    def __init__(self, final: DealState, offer: int | None, auction: bool = True) -> None:
        self.final = final
        self.offer = offer
        self.seats: list[int] = []
        self.cards: list[int] = []
        self.voids = [0, 0, 0, 0]
        made = calls(final) if auction else ()
        self.promises = auction_promises(made, rounds=final.rules.bidding == "smsara")

    def played(self, seat: int, card: int, led: int) -> None:
        if self.cards and len(self.cards) % 4 and card >> 3 != led:
            self.voids[seat] |= SUIT_MASKS[led]
        self.seats.append(seat)
        self.cards.append(card)

    def dealt(self, hands: Sequence[int]) -> list[int]:
        """The hands as dealt, had the cards still held been ``hands``."""
        full = list(hands)
        for seat, card in zip(self.seats, self.cards, strict=True):
            full[seat] |= 1 << card
        return full

    def keeps_promises(self, hands: Sequence[int], viewer: int | None = None) -> bool:
        """Every seat (but ``viewer``, who knows its own hand) was dealt the cards its calls
        promised, had the cards still held been ``hands``."""
        if not self.promises:
            return True
        full = self.dealt(hands)
        return all((full[seat] & SUIT_MASKS[suit]).bit_count() >= need
                   for (seat, suit), need in self.promises.items() if seat != viewer)

    def consistent(self, hands: Sequence[int]) -> bool:
        """Every card played so far is legal (the engine's ``play_cards``) had the cards still
        held been dealt as ``hands``: no trump shown missing, no overtrump refused, etc."""
        final = self.final
        assert final.taker is not None
        full = self.dealt(hands)
        twin = new_deal(final.rules, final.dealer, final.deck)
        set_contract(twin, final.taker, final.strain)
        set_hands(twin, full)
        return play_cards(twin, self.seats, self.cards, [None] * len(self.cards)) == len(self.cards)


class ExpectedLoss(NamedTuple):
    """A card judged over the deals its player could see."""

    loss: float
    """Its loss against :attr:`best`, averaged over the deals drawn."""
    best: int
    """The card best on expectation (the highest average, the lowest card among equal ones)."""


def expected_loss(dd: DoubleDummy, state: DealState, seat: int, card: int, seen: Seen, samples: int,
                  rng: random.Random, bands: Sequence[int] = ()) -> ExpectedLoss:
    """The loss of ``card`` averaged over ``samples`` deals consistent with what ``seat`` knew:
    its own hand, the cards played (each legal in the sampled deal), the voids shown, the
    face-up card with its taker; and the card best on that average."""
    def draw() -> list[int]:
        return sample_hands(state, seat, seen, rng)

    loss, drawn, best = sampled_loss_and_best(dd, state, draw, samples, card, seat & 1, bands=bands)
    return ExpectedLoss(loss / drawn, best)


def sample_hands(state: DealState, seat: int, seen: Seen, rng: random.Random) -> list[int]:
    """The cards still held (masks N E S W), the other seats' drawn at random among the deals
    consistent with what ``seat`` saw: its own hand, the cards played (each legal in the drawn
    deal), the voids shown, the face-up card with its taker, and the calls' promises.

    >>> from belote_notation.game.engine import apply_bid, new_deal, set_hands
    >>> from belote_notation.game.rules import Ruleset
    >>> state = new_deal(Ruleset.preset("contree"), dealer=0)  # W speaks first
    >>> hands = [0xFF << 8 * (s % 4) for s in range(4)]  # N the spades, E the hearts, ...
    >>> set_hands(state, [hands[1], hands[0], hands[2], hands[3]])  # E the spades, N the hearts
    ()
    >>> for seat, action, suit, value in [(3, "pass", None, None), (2, "pass", None, None),
    ...                                   (1, "bid", 0, 140), (0, "pass", None, None),
    ...                                   (3, "pass", None, None), (2, "pass", None, None)]:
    ...     assert not apply_bid(state, seat, action, suit, value)
    >>> drawn = sample_hands(state, 0, Seen(state, None), random.Random(1))
    >>> (drawn[1] & SUIT_MASKS[0]).bit_count() >= 4, drawn[0] == state.hands[0]
    (True, True)
    """
    others = [s for s in range(4) if s != seat]
    unknown = [c for s in others for c in range(32) if state.hands[s] >> c & 1]
    sizes = {s: state.hands[s].bit_count() for s in others}
    forced = {}
    offer, taker = seen.offer, state.taker
    if offer is not None and taker is not None and taker != seat and state.hands[taker] >> offer & 1:
        forced[offer] = taker
    return _sample(state.hands, seat, unknown, sizes, seen, forced, rng)


TRIES = 200
"""Draws of one sample before the review takes the real deal (a position whose constraints
almost no deal meets)."""


def _sample(hands: Sequence[int], seat: int, unknown: list[int], sizes: dict[int, int], seen: Seen,
            forced: dict[int, int], rng: random.Random) -> list[int]:
    """One deal of the unknown cards to the other seats respecting sizes, voids, the face-up
    card, the calls' promises and the legality of every card played; without the promises
    after :data:`TRIES` failed tries (calls that promised what the cards seen rule out), and
    the real deal after as many more.

    Half the tries draw uniformly and keep a deal that meets every constraint (exact); the
    other half first give each promising seat the cards it still lacks of its suit, then deal
    the rest (for promises a uniform draw seldom meets)."""
    needs = _needs(seen, seat, hands)
    if seen.promises:
        for attempt in range(TRIES):
            out = _deal(hands, seat, unknown, sizes, seen, forced, rng, needs if attempt % 2 else {})
            if out is not None and seen.keeps_promises(out, seat) and seen.consistent(out):
                return out
    for _ in range(TRIES):
        out = _deal(hands, seat, unknown, sizes, seen, forced, rng, {})
        if out is not None and seen.consistent(out):
            return out
    return list(hands)


def _needs(seen: Seen, seat: int, hands: Sequence[int]) -> dict[tuple[int, int], int]:
    """(other seat, suit) -> cards of the suit the seat must still be given."""
    out = {}
    played = seen.dealt([0, 0, 0, 0])
    for (who, suit), need in seen.promises.items():
        if who != seat:
            lacking = need - (played[who] & SUIT_MASKS[suit]).bit_count()
            if lacking > 0:
                out[(who, suit)] = lacking
    return out


def _deal(hands: Sequence[int], seat: int, unknown: list[int], sizes: dict[int, int], seen: Seen,
          forced: dict[int, int], rng: random.Random, needs: dict[tuple[int, int], int]) -> list[int] | None:
    """The unknown cards dealt at random (``None`` when the draw is stuck), each seat of
    ``needs`` first given that many cards of its suit."""
    out = [0, 0, 0, 0]
    out[seat] = hands[seat]
    room = dict(sizes)
    cards = list(unknown)
    rng.shuffle(cards)
    cards.sort(key=lambda c: c not in forced)
    for (bidder, suit), lacking in needs.items():
        if seen.voids[bidder] & SUIT_MASKS[suit]:
            return None
        mine = [c for c in cards if c >> 3 == suit and c not in forced][:lacking]
        if len(mine) < lacking or room[bidder] < lacking:
            return None
        for c in mine:
            out[bidder] |= 1 << c
            cards.remove(c)
        room[bidder] -= lacking
    for c in cards:
        who = [forced[c]] if c in forced else [s for s in room if not seen.voids[s] >> c & 1]
        who = [s for s in who if room[s] > 0]
        if not who:
            return None
        s = rng.choice(who)
        out[s] |= 1 << c
        room[s] -= 1
    return out
