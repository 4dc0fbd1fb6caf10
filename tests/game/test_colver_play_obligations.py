"""colver's play obligations against ours, position by position (docs/rules.md, "Checked against
colver"): with :data:`COLVER_PLAY` (no undertrumping obligation; trump led, overtrump even the
partner) the legal cards are colver's at every position (9,184 positions of 300 deals); with
the ``contree`` preset's obligations they are not in 74 of those deals (50 for the
undertrumping alone, 24 for the partner's trump alone).

colver plays random legal cards here (its heuristic players seldom reach the positions where
the obligations differ)."""

from __future__ import annotations

import random

import pytest

from belote_notation.game.engine import legal_cards, new_deal, play_card, set_auction_result, set_hands
from belote_notation.game.rules import Ruleset
from tests.support.colver_games import COLVER_OPTIONS, COLVER_PLAY, card

colver = pytest.importorskip("colver")

DEALS = 300


def _mask(cards: list[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << card(c)
    return mask


def differing_deals(options: dict[str, str], deals: int = DEALS) -> tuple[int, int]:
    """(deals with at least one position where our legal cards are not colver's, positions
    compared)."""
    rules = Ruleset.preset("contree").with_options(options)
    differing = positions = 0
    for seed in range(deals):
        rng = random.Random(seed)
        env = colver.Env.deal(dealer=seed % 4, seed=seed)
        while env.phase() == 0 and not env.is_terminal():
            env.step(env.bid_maxi())
        if env.is_terminal():
            continue
        history = [(seat, action) for seat, action in env.get_bid_history() if 1 <= action <= 40]
        taker, last = history[-1]
        info = env.get_contract()
        state = new_deal(rules, env.get_dealer())
        action = "capot" if last >= 37 else "bid"
        set_auction_result(state, taker, action, info["trump"], info["value"], info["coinche"])
        assert not set_hands(state, [_mask(h) for h in env.get_hands()])
        differs = False
        while not env.is_terminal():
            seat = env.current_player()
            theirs = _mask(list(env.legal_actions()))
            ours = legal_cards(state)
            positions += 1
            differs |= theirs != ours
            choice = rng.choice(list(env.legal_actions()))
            assert not play_card(state, seat, card(choice)) or differs
            env.step(choice)
        differing += differs
    return differing, positions


def test_with_colver_s_obligations_the_legal_cards_are_colver_s_everywhere() -> None:
    differing, positions = differing_deals({**COLVER_OPTIONS, **COLVER_PLAY})
    assert positions > DEALS * 20
    assert differing == 0


def test_with_the_preset_s_obligations_some_deals_differ() -> None:
    differing, _ = differing_deals(COLVER_OPTIONS)
    assert DEALS // 30 <= differing <= DEALS // 3


@pytest.mark.parametrize("option", list(COLVER_PLAY))
def test_each_of_colver_s_obligations_is_needed(option: str) -> None:
    """Leaving either option at the preset's value makes some position differ."""
    others = {k: v for k, v in COLVER_PLAY.items() if k != option}
    differing, _ = differing_deals({**COLVER_OPTIONS, **others})
    assert differing > 0
