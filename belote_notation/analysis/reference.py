"""The reference solver: plain minimax over the engine itself, for tests on small endgames.

No table, no pruning, no merged cards: every legal card (the engine's ``legal_cards``) is
played on a copy of the engine's state (``play_card``), and the end of the deal is counted
from the engine's own points and tricks. Its values are what the C search must equal.

>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.game.engine import new_deal, set_contract, set_hands, play_card
>>> state = new_deal(Ruleset.preset("classic"), dealer=3)
>>> set_contract(state, taker=0, trump=0)
>>> _ = set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
>>> for trick in range(7):
...     for seat in range(4):
...         _ = play_card(state, seat, seat * 8 + trick)
>>> minimax_values(state)  # N holds every trump and took every trick: the capot, 250 to 0
{7: 250}
"""

from __future__ import annotations

from belote_notation.game.engine import DealState, copy_deal, legal_cards, play_card, to_play

__all__ = ["final_difference", "minimax", "minimax_values"]


def final_difference(state: DealState) -> int:
    """N-S card points minus E-W's at the end of a deal, capot as ``capot_points`` counts it."""
    capot = state.rules.capot_points
    ns_tricks, ew_tricks = state.tricks_won
    if capot is not None and ew_tricks == 0:
        return capot
    if capot is not None and ns_tricks == 0:
        return -capot
    return state.points[0] - state.points[1]


def minimax(state: DealState) -> int:
    """The final N-S minus E-W card points under perfect play of both sides from ``state``."""
    if state.trick_no >= 8:
        return final_difference(state)
    seat = to_play(state)
    values = [minimax(_after(state, seat, card)) for card in _cards(legal_cards(state))]
    return max(values) if seat & 1 == 0 else min(values)


def minimax_values(state: DealState) -> dict[int, int]:
    """The value (final N-S minus E-W) of each legal card of the player to move."""
    seat = to_play(state)
    return {card: minimax(_after(state, seat, card)) for card in _cards(legal_cards(state))}


def _after(state: DealState, seat: int, card: int) -> DealState:
    twin = copy_deal(state)
    play_card(twin, seat, card)
    return twin


def _cards(mask: int) -> list[int]:
    return [card for card in range(32) if mask >> card & 1]
