"""The C search's play obligations are the engine's: legal masks equal on random positions."""

from __future__ import annotations

import random

import pytest

from belote_notation.analysis.peers import COLVER_RULES
from belote_notation.analysis.tables import LEAD, obligation_codes, solver_for
from belote_notation.game.engine import legal_cards
from belote_notation.game.rules import PRESETS, Ruleset
from tests.analysis.positions import every_position, random_deal, solver_args

RULE_SETS = [*PRESETS.values(), COLVER_RULES,
             Ruleset.preset("classic").with_options({"must_follow": False}),
             Ruleset.preset("classic").with_options({"must_trump_when_opponent_master": False}),
             Ruleset.preset("traditional").with_options({"partner_master_may_discard": False,
                                                          "overtrump_when_trump_led": False})]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: f"{r.name}-{len(r.changed_options())}")
def test_legal_masks_equal_the_engine(rules: Ruleset) -> None:
    rng = random.Random(11)
    compared = 0
    solvers = {trump: solver_for(rules, trump) for trump in range(4)}
    for _ in range(60):
        for state in every_position(random_deal(rules, rng), rng):
            assert solvers[state.trump].legal(*solver_args(state)) == legal_cards(state), state
            compared += 1
    assert compared == 60 * 32


def test_every_rule_set_leads_any_card() -> None:
    assert {obligation_codes(rules)[LEAD] for rules in RULE_SETS} == {0}


def test_the_rule_sets_differ_where_their_options_do() -> None:
    classic = obligation_codes(Ruleset.preset("classic"))
    assert obligation_codes(Ruleset.preset("moroccan")) != classic
    assert obligation_codes(COLVER_RULES) != classic


def test_a_position_with_wrong_hand_sizes_is_refused() -> None:
    solver = solver_for(Ruleset.preset("classic"), trump=0)
    with pytest.raises(ValueError, match="hand 3 holds 7 cards, 8 expected"):
        solver.values([0xFF, 0xFF00, 0xFF0000, 0x7F000000], [], 0, 0, 0, 0, 0)
    with pytest.raises(ValueError, match="two hands"):
        solver.values([0xFF, 0xFF, 0xFF0000, 0xFF000000], [], 0, 0, 0, 0, 0)
