"""Random positions of random legal play, for the solver's equality tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from belote_notation.game.engine import (
    DealState,
    legal_cards,
    new_deal,
    play_card,
    set_contract,
    set_hands,
    to_play,
)
from belote_notation.game.rules import Ruleset


def random_deal(rules: Ruleset, rng: random.Random, strains: tuple[int, ...] = (0, 1, 2, 3)) -> DealState:
    """A deal at its first lead: random hands, taker and trump (one of ``strains``: 4 is
    sans-atout, 5 tout-atout)."""
    deck = list(range(32))
    rng.shuffle(deck)
    state = new_deal(rules, rng.randrange(4))
    set_contract(state, rng.randrange(4), rng.choice(strains))
    set_hands(state, [sum(1 << c for c in deck[i * 8:(i + 1) * 8]) for i in range(4)])
    return state


def play_random(state: DealState, cards: int, rng: random.Random) -> DealState:
    """Play ``cards`` random legal cards."""
    for _ in range(cards):
        legal = legal_cards(state)
        play_card(state, to_play(state), rng.choice([c for c in range(32) if legal >> c & 1]))
    return state


def every_position(state: DealState, rng: random.Random) -> Iterator[DealState]:
    """The state before each card of a random legal play to the end (the same object)."""
    while state.trick_no < 8:
        yield state
        play_random(state, 1, rng)


def solver_args(state: DealState) -> tuple[list[int], list[int], int, int, int, int, int]:
    """The C searcher's arguments for ``state``."""
    leader = state.trick_seats[0] if state.trick_cards else to_play(state)
    return (state.hands, state.trick_cards, leader, state.points[0], state.points[1], state.tricks_won[0],
            state.tricks_won[1])
