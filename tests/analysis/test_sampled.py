"""Sampled reviews cost less (issue 23): a deal drawn again is not searched again, and drawing
stops once the best card, or the card's loss, is certain (docs/review.md)."""

from __future__ import annotations

import random

from belote_notation.analysis import DoubleDummy
from belote_notation.analysis.solver import CERTAIN_AFTER
from belote_notation.game.engine import legal_cards, to_play
from belote_notation.game.rules import Ruleset
from tests.analysis.positions import play_random, random_deal


def _position(seed: int, cards: int) -> tuple[DoubleDummy, object]:
    rng = random.Random(seed)
    return DoubleDummy(), play_random(random_deal(Ruleset.preset("classic"), rng), cards, rng)


def _draws(hands_list: list[list[int]]):  # type: ignore[no-untyped-def]
    """A drawer handing out ``hands_list`` in turn, counting its calls."""
    calls = []

    def draw() -> list[int]:
        calls.append(1)
        return list(hands_list[(len(calls) - 1) % len(hands_list)])
    return draw, calls


def test_a_deal_drawn_again_is_not_searched_again() -> None:
    dd, state = _position(1, 12)
    seat = to_play(state)
    card = min(c for c in range(32) if legal_cards(state) >> c & 1)
    draw, calls = _draws([state.hands])
    once = DoubleDummy()
    once.sampled_totals(state, draw, 1, card, seat & 1, certain_after=0)
    totals, drawn = dd.sampled_totals(state, draw, 12, card, seat & 1, certain_after=0)
    assert drawn == 12 and len(calls) == 13
    assert dd.nodes == once.nodes > 0  # twelve draws of one deal: one search
    values = dd.card_values(state)
    assert totals == {v.card: 12 * v.points for v in values}


def test_drawing_stops_once_the_best_card_is_certain() -> None:
    dd, state = _position(2, 13)
    seat = to_play(state)
    values = dd.card_values(state)
    best = values[0].card
    draw, calls = _draws([state.hands])  # the same deal every time: the best never changes
    totals, drawn = dd.sampled_totals(state, draw, 20, best, seat & 1)
    assert drawn == len(calls) == CERTAIN_AFTER
    assert totals[best] == CERTAIN_AFTER * values[0].points
    _, every = dd.sampled_totals(state, draw, 20, best, seat & 1, certain_after=0)
    assert every == 20


def test_drawing_goes_on_while_the_loss_is_uncertain() -> None:
    """Two deals where the best card differs and the loss of the card changes: all drawn."""
    rng = random.Random(3)
    for _ in range(200):
        state = play_random(random_deal(Ruleset.preset("classic"), rng), 14, rng)
        seat = to_play(state)
        others = [s for s in range(4) if s != seat]
        a, b = others[0], others[1]
        if state.hands[a].bit_count() != state.hands[b].bit_count():
            continue
        swapped = list(state.hands)
        swapped[a], swapped[b] = state.hands[b], state.hands[a]
        dd = DoubleDummy()
        first, second = dd.values_with_hands(state, state.hands), dd.values_with_hands(state, swapped)
        best_first = max(first, key=lambda c: first[c] * (1 if seat & 1 == 0 else -1))
        best_second = max(second, key=lambda c: second[c] * (1 if seat & 1 == 0 else -1))
        if best_first == best_second or first == second:
            continue
        card = next(c for c in first if c not in (best_first, best_second))
        if first[card] - first[best_first] == second[card] - second[best_first]:
            continue
        draw, calls = _draws([state.hands, swapped])
        _, drawn = dd.sampled_totals(state, draw, 8, card, seat & 1, bands=(6, 16, 40))
        assert drawn >= CERTAIN_AFTER and len(calls) == drawn
        break
    else:
        raise AssertionError("no position found with a best card that depends on the deal")
