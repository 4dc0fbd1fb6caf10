"""The batch fast path (``play_cards``) against ``play_card`` card by card and against the checked
path alone, on random deals with illegal cards injected: same violations, same deal."""

from __future__ import annotations

import random

import pytest

from belote_notation.game.engine import (
    DealState,
    Violation,
    announce,
    apply_bid,
    deal_five,
    deal_rest,
    new_deal,
    next_player,
    play_card,
    play_cards,
    score_deal,
)
from belote_notation.game.engine.play import _play_checked
from belote_notation.game.rules import Ruleset
from belote_notation.generator import DealScript, random_deal
from tests.support.engine import SMSARA_PRESETS

Plays = list[tuple[int | None, int, str | None]]


def _spoil(plays: Plays, rng: random.Random) -> Plays:
    """Some plays made wrong: another card, another seat, no seat, a mark, a bad card."""
    out = list(plays)
    for _ in range(rng.randrange(4)):
        i = rng.randrange(len(out))
        seat, card, mark = out[i]
        what = rng.randrange(6)
        if what == 0:
            card = rng.randrange(32)
        elif what == 1:
            seat = rng.randrange(4)
        elif what == 2:
            seat = None
        elif what == 3:
            mark = rng.choice(["belote", "rebelote", "bogus"])
        elif what == 4:
            card = rng.choice([32, -1])
        else:
            out[i], out[(i + 1) % len(out)] = out[(i + 1) % len(out)], out[i]
        out[i] = (seat, card, mark)
    return out


def _start(rules: Ruleset, script: DealScript) -> DealState:
    state = new_deal(rules, script.dealer)
    deal_five(state, script.five, script.offer)
    for seat, action, suit in script.bids:
        apply_bid(state, seat, action, suit)
    if script.rest is not None:
        deal_rest(state, script.rest)
    for seat, kind, mask, before in script.announcements:
        if before == 0:
            announce(state, seat, kind, mask)
    return state


def _one(state: DealState, seat: int | None, card: int, mark: str | None, checked: bool):
    who = seat if seat is not None else next_player(state)
    return (_play_checked if checked else play_card)(state, who, card, mark)


def _by_card(state: DealState, plays: Plays, checked: bool) -> list[list[Violation]]:
    return [list(_one(state, seat, card, mark, checked)) for seat, card, mark in plays]


def _batched(state: DealState, plays: Plays) -> list[list[Violation]]:
    """The way the checks play a trick: play_cards, play_card for the card it stops at."""
    out: list[list[Violation]] = []
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        seats, cards, marks = [p[0] for p in trick], [p[1] for p in trick], [p[2] for p in trick]
        found: list[list[Violation]] = [[] for _ in trick]
        i = play_cards(state, seats, cards, marks)
        while i < len(trick):
            found[i] = list(_one(state, seats[i], cards[i], marks[i], False))
            i = play_cards(state, seats, cards, marks, i + 1)
        out.extend(found)
    return out


def _summary(state: DealState) -> tuple[object, ...]:
    result = score_deal(state)
    return (state.hands, state.played, state.tricks, state.points, state.belote_marks, state.turn,
            state.first_belote_card,
            result._replace(violations=[(v.code, v.message) for v in result.violations]))


@pytest.mark.parametrize("name", sorted(SMSARA_PRESETS))
def test_batch_and_card_by_card_agree(name: str) -> None:
    rules = Ruleset.preset(name)
    rng = random.Random(20261130)
    illegal = 0
    for _ in range(150):
        script = random_deal(rules, rng.randrange(4), rng)
        if script.rest is None:
            continue
        plays: Plays = _spoil(list(script.plays), rng)
        states = [_start(rules, script) for _ in range(3)]
        got = [_batched(states[0], plays), _by_card(states[1], plays, False),
               _by_card(states[2], plays, True)]
        keys = [[[(v.code, v.message, v.seat, v.trick, v.index, v.card) for v in vs] for vs in g]
                for g in got]
        assert keys[0] == keys[1] == keys[2]
        assert _summary(states[0]) == _summary(states[1]) == _summary(states[2])
        illegal += sum(1 for vs in keys[0] if vs)
    assert illegal > 50  # the injected cards do raise violations


def test_play_cards_stops_at_the_first_card_it_cannot_play() -> None:
    rules = Ruleset.preset("classic")
    state = new_deal(rules, 3)
    from belote_notation.game.engine import set_contract, set_hands

    set_contract(state, taker=0, trump=0)
    set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
    # N leads 7♠... then S plays out of turn (E's turn): stops at index 1
    assert play_cards(state, [0, 2, 1, 3], [7, 16, 15, 24], [None] * 4) == 1
    assert play_cards(state, [0, 1], [7, 15], [None, None]) == 0  # not N's turn any more
    # a mark goes to play_card (it checks it)
    assert play_cards(state, [1], [15], ["belote"]) == 0
