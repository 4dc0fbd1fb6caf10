"""What a player could see, for the review's expected loss (:mod:`belote_notation.analysis.review`):
the deals of the unseen cards consistent with the cards played, the voids shown and the face-up
card, sampled, and a card's loss averaged over them."""

from __future__ import annotations

import random
from collections.abc import Sequence

from belote_notation.analysis.solver import DoubleDummy
from belote_notation.game.cards import SUIT_MASKS
from belote_notation.game.engine import DealState, new_deal, play_cards, set_contract, set_hands

__all__ = ["Seen", "expected_loss"]


class Seen:
    """What every player saw so far: the cards played in order, the voids shown, the face-up
    card (with its taker until played)."""

    def __init__(self, final: DealState, offer: int | None) -> None:
        self.final = final
        self.offer = offer
        self.seats: list[int] = []
        self.cards: list[int] = []
        self.voids = [0, 0, 0, 0]

    def played(self, seat: int, card: int, led: int) -> None:
        if self.cards and len(self.cards) % 4 and card >> 3 != led:
            self.voids[seat] |= SUIT_MASKS[led]
        self.seats.append(seat)
        self.cards.append(card)

    def consistent(self, hands: Sequence[int]) -> bool:
        """Every card played so far is legal (the engine's ``play_cards``) had the cards still
        held been dealt as ``hands``: no trump shown missing, no overtrump refused, etc."""
        final = self.final
        assert final.taker is not None
        full = list(hands)
        for seat, card in zip(self.seats, self.cards, strict=True):
            full[seat] |= 1 << card
        twin = new_deal(final.rules, final.dealer, final.deck)
        set_contract(twin, final.taker, final.strain)
        set_hands(twin, full)
        return play_cards(twin, self.seats, self.cards, [None] * len(self.cards)) == len(self.cards)


def expected_loss(dd: DoubleDummy, state: DealState, seat: int, card: int, seen: Seen, samples: int,
                   rng: random.Random, bands: Sequence[int] = ()) -> float:
    """The loss of ``card`` averaged over ``samples`` deals consistent with what ``seat`` knew:
    its own hand, the cards played (each legal in the sampled deal), the voids shown, the
    face-up card with its taker."""
    others = [s for s in range(4) if s != seat]
    unknown = [c for s in others for c in range(32) if state.hands[s] >> c & 1]
    sizes = {s: state.hands[s].bit_count() for s in others}
    forced = {}
    offer, taker = seen.offer, state.taker
    if offer is not None and taker is not None and taker != seat and state.hands[taker] >> offer & 1:
        forced[offer] = taker
    def draw() -> list[int]:
        return _sample(state.hands, seat, unknown, sizes, seen, forced, rng)

    totals, drawn = dd.sampled_totals(state, draw, samples, card, seat & 1, bands=bands)
    if not totals:
        return 0.0
    best = max(totals.values())
    return (best - totals.get(card, best)) / drawn


def _sample(hands: Sequence[int], seat: int, unknown: list[int], sizes: dict[int, int], seen: Seen,
            forced: dict[int, int], rng: random.Random) -> list[int]:
    """One deal of the unknown cards to the other seats respecting sizes, voids, the face-up
    card and the legality of every card played; the real deal after 200 failed tries."""
    for _ in range(200):
        out = [0, 0, 0, 0]
        out[seat] = hands[seat]
        room = dict(sizes)
        cards = list(unknown)
        rng.shuffle(cards)
        cards.sort(key=lambda c: c not in forced)
        ok = True
        for c in cards:
            who = [forced[c]] if c in forced else [s for s in room if not seen.voids[s] >> c & 1]
            who = [s for s in who if room[s] > 0]
            if not who:
                ok = False
                break
            s = rng.choice(who)
            out[s] |= 1 << c
            room[s] -= 1
        if ok and seen.consistent(out):
            return out
    return list(hands)
