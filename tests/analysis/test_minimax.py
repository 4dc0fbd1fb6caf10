"""The C search equals a plain minimax over the engine on small endgames, every rule system."""

from __future__ import annotations

import random

import pytest

from belote_notation.analysis.peers import COLVER_RULES
from belote_notation.analysis.reference import minimax_values
from belote_notation.analysis.solver import DoubleDummy
from belote_notation.game.engine import new_deal, play_card, set_contract, set_hands
from belote_notation.game.rules import PRESETS, Ruleset
from tests.analysis.positions import play_random, random_deal


@pytest.mark.parametrize("rules", [*PRESETS.values(), COLVER_RULES], ids=lambda r: r.name)
def test_endgames_equal_minimax(rules: Ruleset) -> None:
    rng = random.Random(5)
    dd = DoubleDummy()
    for _ in range(40):
        state = play_random(random_deal(rules, rng), rng.randrange(18, 30), rng)
        assert dd.values(state) == minimax_values(state)


def test_a_capot_endgame_counts_the_capot() -> None:
    # N holds every trump and leads: N-S take all eight tricks.
    rules = Ruleset.preset("gameduell")
    state = new_deal(rules, dealer=3)
    set_contract(state, taker=0, trump=0)
    set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    for trick in range(5):
        for seat in range(4):
            play_card(state, seat, seat * 8 + trick)
    assert minimax_values(state) == DoubleDummy().values(state) == {5: 252, 6: 252, 7: 252}
