"""Values by score (``value="score"``) equal a plain minimax scoring every end with the engine."""

from __future__ import annotations

import random

import pytest

from belote_notation.analysis.peers import COLVER_RULES
from belote_notation.analysis.reference import minimax_values
from belote_notation.analysis.solver import DoubleDummy
from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import DealState, copy_deal, legal_cards, play_card, to_play
from belote_notation.game.engine.scoring import score_deal
from belote_notation.game.rules import PRESETS, Ruleset
from tests.analysis.positions import random_deal


def _mark(state: DealState, seat: int, card: int) -> str | None:
    """The holder of the belote says it on the trump K and Q (as the value by score takes it)."""
    if state.trump < 0 or card >> 3 != state.trump or card & 7 not in (QUEEN, KING):
        return None
    other = state.trump * 8 + (QUEEN ^ KING ^ (card & 7))
    if not (state.full_hands[seat] >> other & 1):
        return None
    return "rebelote" if state.played >> other & 1 else "belote"


def _score_minimax(state: DealState) -> int:
    """N-S minus E-W points the deal credits under best play (every end scored by the engine)."""
    if state.trick_no >= 8:
        credited = score_deal(state).credited
        return credited[0] - credited[1]
    seat = to_play(state)
    values = [_score_minimax(_after(state, seat, c)) for c in _cards(state)]
    return max(values) if seat & 1 == 0 else min(values)


def _after(state: DealState, seat: int, card: int) -> DealState:
    twin = copy_deal(state)
    play_card(twin, seat, card, _mark(twin, seat, card))
    return twin


def _cards(state: DealState) -> list[int]:
    mask = legal_cards(state)
    return [c for c in range(32) if mask >> c & 1]


def _contract(state: DealState, rng: random.Random) -> None:
    """At contrée, a contract of points (or a capot), doubled or not, as an auction would leave it."""
    if not state.rules.contree_scoring or state.rules.name not in ("contree", "coinche"):
        return
    state.contract_kind = rng.choice(["points", "points", "points", "capot"])
    state.contract_value = 250 if state.contract_kind == "capot" else rng.choice([80, 90, 100, 120, 140])
    state.doubled = rng.choice([0, 0, 1, 2])


def _endgame(rules: Ruleset, rng: random.Random) -> DealState:
    state = random_deal(rules, rng)
    _contract(state, rng)
    for _ in range(rng.randrange(18, 27)):
        seat = to_play(state)
        play_card(state, seat, c := rng.choice(_cards(state)), _mark(state, seat, c))
    return state


def _by_score(dd: DoubleDummy, state: DealState) -> dict[int, int]:
    return {c: (lambda s: s[0] - s[1])(dd.side_values(state, d)) for c, d in dd.values(state).items()}


@pytest.mark.parametrize("rules", [*PRESETS.values(), COLVER_RULES], ids=lambda r: r.name)
def test_values_by_score_equal_a_minimax_scoring_every_end(rules: Ruleset) -> None:
    rng = random.Random(11)
    dd = DoubleDummy(value="score")
    for _ in range(30):
        state = _endgame(rules, rng)
        seat = to_play(state)
        expected = {c: _score_minimax(_after(state, seat, c)) for c in _cards(state)}
        assert _by_score(dd, state) == expected
