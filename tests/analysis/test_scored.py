"""Values by score (``value="score"``) equal a plain minimax scoring every end with the engine."""

from __future__ import annotations

import random

import pytest

from belote_notation.analysis.peers import COLVER_RULES
from belote_notation.analysis.reference import minimax_values
from belote_notation.analysis.solver import DoubleDummy, side_points
from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import (
    DealState,
    copy_deal,
    legal_cards,
    new_deal,
    play_card,
    set_contract,
    set_hands,
    to_play,
)
from belote_notation.game.engine.announcements import belote_holder
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


def _strain(state: DealState) -> int:
    return state.strain if state.strain >= 0 else state.trump


def _contract(state: DealState, rng: random.Random) -> None:
    """At contrée, a contract of points (or a capot), doubled or not, as an auction would leave
    it: the points bid near what the takers make, so that the play decides the contract."""
    if state.rules.name not in ("contree", "coinche"):
        return
    diff = DoubleDummy().values(state)
    taker_points = side_points(max(diff.values()) if to_play(state) & 1 == 0 else min(diff.values()),
                               state.rules, _strain(state))[state.taker & 1]
    state.contract_kind = rng.choice(["points", "points", "points", "capot"])
    near = max(80, min(160, (taker_points // 10 + rng.choice([-1, 0, 1, 2])) * 10))
    state.contract_value = 250 if state.contract_kind == "capot" else near
    state.doubled = rng.choice([0, 0, 1, 2])


def _endgame(rules: Ruleset, rng: random.Random) -> DealState:
    """A deal part-played at random (the trump K and Q mostly kept: the belote still to play)."""
    state = random_deal(rules, rng)
    while belote_holder(state) is None and rng.random() < 0.8:
        state = random_deal(rules, rng)
    kept = {state.trump * 8 + QUEEN, state.trump * 8 + KING}
    for _ in range(rng.randrange(18, 25)):
        seat = to_play(state)
        cards = _cards(state)
        others = [c for c in cards if c not in kept]
        card = rng.choice(others if others and rng.random() < 0.9 else cards)
        play_card(state, seat, card, _mark(state, seat, card))
    _contract(state, rng)
    return state


def _by_score(dd: DoubleDummy, state: DealState) -> dict[int, int]:
    return {c: (lambda s: s[0] - s[1])(dd.side_values(state, d)) for c, d in dd.values(state).items()}


@pytest.mark.parametrize("rules", [*PRESETS.values(), COLVER_RULES], ids=lambda r: r.name)
def test_values_by_score_equal_a_minimax_scoring_every_end(rules: Ruleset) -> None:
    rng = random.Random(11)
    dd = DoubleDummy(value="score")
    for _ in range(40):
        state = _endgame(rules, rng)
        seat = to_play(state)
        expected = {c: _score_minimax(_after(state, seat, c)) for c in _cards(state)}
        assert _by_score(dd, state) == expected


def _failing_card_position() -> DealState:
    """Classic, N takes with ♦ (trump 2); E-W defend with the belote (E said it on K♦). Before
    trick 7 E leads: Q♦ (rebelote) keeps 73 card points and fails the contract; 10♥ keeps only
    63 and lets N-S make it."""
    state = new_deal(Ruleset.preset("classic"), dealer=2)
    set_contract(state, taker=0, trump=2)
    set_hands(state, [1351615777, 2187380740, 620896394, 135074384])
    tricks = [([3, 0, 1, 2], [6, 5, 2, 7]), ([2, 3, 0, 1], [29, 27, 28, 25]),
              ([3, 0, 1, 2], [4, 0, 15, 3]), ([2, 3, 0, 1], [17, 19, 20, 22]),
              ([0, 1, 2, 3], [30, 31, 26, 18]), ([3, 0, 1, 2], [12, 10, 14, 13])]
    for seats, cards in tricks:
        for seat, card in zip(seats, cards, strict=True):
            play_card(state, seat, card, "belote" if card == 22 else None)
    return state


def test_a_card_that_fails_the_contract_loses_the_score_swing() -> None:
    state = _failing_card_position()
    by_cards = {v.card: v.points for v in DoubleDummy().card_values(state)}
    by_score = {v.card: v.points for v in DoubleDummy(value="score").card_values(state)}
    assert by_cards == {21: 73, 11: 63}  # 10 card points apart
    assert by_score == {21: 182, 11: 83}  # 162 + belote for the failed contract, or 63 + belote
    seat = to_play(state)
    # N-S minus E-W by score: 0 - 182 (failed), or 99 card points - (63 + 20) (made)
    assert {c: _score_minimax(_after(state, seat, c)) for c in (21, 11)} == {21: -182, 11: 99 - 83}


def test_a_card_that_loses_the_capot_loses_the_capot_by_score() -> None:
    # N holds every trump (and the belote), E-W nothing: a capot of 250, plus the belote, by score.
    state = new_deal(Ruleset.preset("classic"), dealer=3)
    set_contract(state, taker=0, trump=0)
    set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    assert DoubleDummy(value="score").side_values(state, 250) == (270, 0)
    assert DoubleDummy().side_values(state, 250) == (250, 0)
    assert DoubleDummy(value="score").side_values(state, 160) == (161 + 20, 1)


def test_the_default_counts_card_points() -> None:
    rng = random.Random(2)
    for rules in PRESETS.values():
        state = _endgame(rules, rng)
        default, cards = DoubleDummy(), DoubleDummy(value="cards")
        assert default.value == "cards"
        assert default.card_values(state) == cards.card_values(state)
        assert default.values(state) == minimax_values(state)
        team = to_play(state) & 1
        strain = _strain(state)
        assert all(v.points == side_points(v.diff, rules, strain)[team] for v in default.card_values(state))


def test_an_unknown_value_is_refused() -> None:
    with pytest.raises(ValueError, match="expected one of cards, score"):
        DoubleDummy(value="tricks")


def test_king_first_is_exact_once_the_belote_is_settled() -> None:
    # With belote_king_first (no preset has it) the value takes the holder to play the king
    # first: exact once the holder no longer holds both (docs/review.md, Limits).
    rules = Ruleset.preset("classic").with_options({"belote_king_first": True})
    rng = random.Random(7)
    dd = DoubleDummy(value="score")
    settled = 0
    for _ in range(60):
        state = _endgame(rules, rng)
        holder = belote_holder(state)
        pair = {state.trump * 8 + QUEEN, state.trump * 8 + KING}
        if holder is not None and all(state.hands[holder] >> c & 1 for c in pair):
            continue
        settled += 1
        seat = to_play(state)
        assert _by_score(dd, state) == {c: _score_minimax(_after(state, seat, c)) for c in _cards(state)}
    assert settled >= 20
