"""The solver's values equal colver's ``solve_scores`` on contrée deals under matching rules.

colver (a test dependency) solves Belote contrée double dummy; :data:`COLVER_RULES` is a rule
set with its play obligations, card values and 252-point capot. 200 deals: each at its first
lead (every opening card valued) and at a random later point of random legal play.
"""

from __future__ import annotations

import random

import colver
import pytest

from belote_notation.analysis.peers import COLVER_RULES, from_colver_card, to_colver_card
from belote_notation.analysis.solver import side_points
from belote_notation.analysis.tables import solver_for
from belote_notation.game.engine import legal_cards, new_deal, play_card, set_contract, set_hands, to_play

DEALS = 200
SOLVERS = {trump: solver_for(COLVER_RULES, trump) for trump in range(4)}
"""One searcher per trump for every deal (its table's keys are whole positions: sharing is exact)."""


def _deal(n: int, rng: random.Random) -> tuple[colver.Env, int]:
    env = colver.Env.deal(dealer=n % 4, seed=7000 + n)
    trump = rng.randrange(4)
    env.set_contract(trump, 80, rng.randrange(2), 0)
    env.set_phase_playing()
    return env, trump


def _ns_points(env: colver.Env, trump: int) -> dict[int, int]:
    """This library's N-S points of each legal card, for colver's position ``env``."""
    hands = [sum(1 << from_colver_card(c) for c in hand) for hand in env.get_hands()]
    by_seat, lead = env.get_current_trick(), env.get_trick_lead()  # colver: one slot per seat, -1 empty
    trick = [from_colver_card(by_seat[(lead + i) & 3]) for i in range(4) if by_seat[(lead + i) & 3] >= 0]
    ns, ew = env.get_points()
    ns_tricks, ew_tricks = env.get_tricks_won()
    found = SOLVERS[trump].values(hands, trick, lead, ns, ew, ns_tricks,
                                                    ew_tricks)
    return {to_colver_card(card): side_points(diff, COLVER_RULES, 0)[0] for card, diff in found}


@pytest.mark.slow  # 200 deals solved by both solvers: about 15 s
def test_values_equal_colver_at_the_first_lead_and_later() -> None:
    rng = random.Random(2026)
    first = later = 0
    for n in range(DEALS):
        env, trump = _deal(n, rng)
        assert _ns_points(env, trump) == dict(map(tuple, env.solve_scores()["scores"])), f"deal {n}"
        first += 1
        for _ in range(rng.randrange(1, 28)):
            env.step(rng.choice(env.legal_actions()))
        assert _ns_points(env, trump) == dict(map(tuple, env.solve_scores()["scores"])), f"deal {n} later"
        later += 1
    assert first == later == DEALS


def test_colver_rules_give_colver_legal_cards() -> None:
    rng = random.Random(9)
    compared = 0
    for n in range(100):
        env, trump = _deal(n, rng)
        hands = [sum(1 << from_colver_card(c) for c in hand) for hand in env.get_hands()]
        state = new_deal(COLVER_RULES, env.get_dealer())
        set_contract(state, taker=0, trump=trump)
        set_hands(state, hands)
        while not env.is_terminal():
            assert to_play(state) == env.current_player()
            legal = legal_cards(state)
            theirs = {from_colver_card(c) for c in env.legal_actions()}
            assert {c for c in range(32) if legal >> c & 1} == theirs
            action = rng.choice(env.legal_actions())
            play_card(state, to_play(state), from_colver_card(action))
            env.step(action)
            compared += 1
    assert compared == 100 * 32
