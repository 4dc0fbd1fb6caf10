"""The engine's compiled ``play_cards`` (game/engine/_play.c) against the Python one
(``PYTHON_PLAY_CARDS``), state by state, on random deals of every rule system with bad plays
injected: the same index returned, the same state after every call."""

from __future__ import annotations

import random

import pytest

from belote_notation.game.engine import (
    DealState,
    announce,
    apply_bid,
    deal_five,
    deal_rest,
    new_deal,
    play_card,
    set_contract,
    set_hands,
)
from belote_notation.game.engine import play_cards as bound_play_cards
from belote_notation.game.engine.play import PYTHON_PLAY_CARDS
from belote_notation.game.engine.state import DealState as StateClass
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import DealScript, random_deal

compiled = pytest.mark.skipif(bound_play_cards is PYTHON_PLAY_CARDS, reason="the C extensions are not built")


def _start(rules: Ruleset, script: DealScript) -> DealState:
    state = new_deal(rules, script.dealer)
    if script.hands is not None:  # contrée: eight cards at once, an auction of points
        set_hands(state, script.hands)
        for (seat, action, suit), value in zip(script.bids, script.values, strict=True):
            apply_bid(state, seat, action, suit, value)
    else:
        deal_five(state, script.five, script.offer)
        for seat, action, suit in script.bids:
            apply_bid(state, seat, action, suit)
    if script.rest is not None:
        deal_rest(state, script.rest)
    for seat, kind, mask, before in script.announcements:
        if before == 0:
            announce(state, seat, kind, mask)
    return state


def _spoiled(script: DealScript, rng: random.Random) -> list[tuple[object, object, object]]:
    plays: list[tuple[object, object, object]] = list(script.plays)
    for _ in range(rng.randrange(5) if plays else 0):  # a dead deal has no plays
        i = rng.randrange(len(plays))
        seat, card, mark = plays[i]
        what = rng.randrange(8)
        if what == 0:
            card = rng.randrange(32)
        elif what == 1:
            seat = rng.randrange(4)
        elif what == 2:
            seat = None
        elif what == 3:
            mark = rng.choice(["belote", "rebelote", "bogus"])
        elif what == 4:
            card = rng.choice([32, -1, 100, True])
        elif what == 5:
            seat = rng.choice([True, 1 << 70, -1])
        else:
            j = (i + 1) % len(plays)
            plays[i], plays[j] = plays[j], plays[i]
            continue
        plays[i] = (seat, card, mark)
    return plays


def _snapshot(state: DealState) -> tuple[object, ...]:
    return tuple(repr(getattr(state, name)) for name in StateClass.__slots__)


def _replay(play_cards: object, state: DealState, plays: list[tuple[object, object, object]]) -> list[object]:
    """The checks' way through a deal: a batch per trick, play_card where the batch stops."""
    seen: list[object] = []
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        seats, cards, marks = [p[0] for p in trick], [p[1] for p in trick], [p[2] for p in trick]
        i = play_cards(state, seats, cards, marks)  # type: ignore[operator]
        seen += [i, _snapshot(state)]
        while i < len(trick):
            seat = seats[i]
            who = seat if isinstance(seat, int) and 0 <= seat < 4 else 0
            vs = play_card(state, who, cards[i], marks[i])  # type: ignore[arg-type]
            seen.append([(v.code, v.message) for v in vs])
            i = play_cards(state, seats, cards, marks, i + 1)  # type: ignore[operator]
            seen += [i, _snapshot(state)]
    return seen


@compiled
@pytest.mark.parametrize("name", preset_names())
def test_compiled_and_python_play_cards_leave_the_same_state(name: str) -> None:
    rules = Ruleset.preset(name)
    rng = random.Random(f"play {name}")
    stopped = 0
    for _ in range(120):
        script = random_deal(rules, rng.randrange(4), rng)
        plays = _spoiled(script, rng)
        fast = _replay(bound_play_cards, _start(rules, script), plays)
        slow = _replay(PYTHON_PLAY_CARDS, _start(rules, script), plays)
        assert fast == slow
        stopped += sum(1 for x in fast if isinstance(x, list) and x)
    assert stopped > 30  # the injected plays were refused by both


@compiled
def test_sequences_it_does_not_expect_go_to_the_python_loop() -> None:
    rules = Ruleset.preset("classic")
    for args in (((0, 1), (7, 15), (None, None)), ([0, 1], [7], [None, None])):
        states = [new_deal(rules, 3), new_deal(rules, 3)]
        outcomes = []
        for state, play_cards in zip(states, (bound_play_cards, PYTHON_PLAY_CARDS), strict=True):
            set_contract(state, taker=0, trump=0)
            set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
            try:
                outcomes.append(play_cards(state, *args))
            except ValueError as exc:
                outcomes.append(type(exc))
        assert outcomes[0] == outcomes[1]
        assert _snapshot(states[0]) == _snapshot(states[1])
