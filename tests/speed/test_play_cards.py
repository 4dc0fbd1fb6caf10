"""The engine's compiled ``play_cards`` and ``play_tricks_batch`` (game/engine/_play.c) against
the Python ones (``PYTHON_PLAY_CARDS``, ``PYTHON_PLAY_TRICKS_BATCH``), state by state, on random
deals of every rule system (the contrée ones with sans-atout and tout-atout too, and rule sets
of other play obligations) with bad plays injected: the same index returned, the same state
after every call; and the compiled loop's legality is the engine's obligation table."""

from __future__ import annotations

import random
from collections import deque
from types import SimpleNamespace
from typing import Any

import pytest

from belote_notation.game.engine import (
    DealState,
    announce,
    apply_bid,
    deal_five,
    deal_rest,
    new_deal,
    obligations,
    play_card,
    set_contract,
    set_hands,
)
from belote_notation.game.engine import play_cards as bound_play_cards
from belote_notation.game.engine import play_tricks_batch as bound_play_tricks_batch
from belote_notation.game.engine.play import PYTHON_PLAY_CARDS, PYTHON_PLAY_TRICKS_BATCH
from belote_notation.game.engine.state import DealState as StateClass
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import DealScript, random_deal

compiled = pytest.mark.skipif(bound_play_cards is PYTHON_PLAY_CARDS, reason="the C extensions are not built")

_CONTREE_STRAINS = {"sans_atout": True, "tout_atout": True}
RULE_SETS = [
    *(Ruleset.preset(name) for name in preset_names()),
    Ruleset.preset("contree").with_options(_CONTREE_STRAINS),
    Ruleset.preset("coinche").with_options({**_CONTREE_STRAINS, "sans_atout_values": "plain",
                                            "tout_atout_values": "trump"}),
    Ruleset.preset("classic").with_options({"must_follow": False}),
    Ruleset.preset("classic").with_options({"must_trump_when_opponent_master": False}),
    Ruleset.preset("traditional").with_options({"partner_master_may_discard": False,
                                                "overtrump_when_trump_led": False}),
]
"""Every preset, the contrée presets with their sans-atout and tout-atout contracts, and rule
sets whose play obligations differ from every preset's."""


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


def _tricks(plays: list[tuple[object, object, object]]) -> list[SimpleNamespace]:
    return [SimpleNamespace(seats=[p[0] for p in plays[k:k + 4]], cards=[p[1] for p in plays[k:k + 4]],
                            marks=[p[2] for p in plays[k:k + 4]]) for k in range(0, len(plays), 4)]


def _replay_batch(play_tricks_batch: object, state: DealState,
                  plays: list[tuple[object, object, object]]) -> list[object]:
    """The checks' way through a deal's plain tricks: one batch, play_card where it stops."""
    tricks = _tricks(plays)
    seen: list[object] = []
    i = play_tricks_batch(state, tricks)  # type: ignore[operator]
    seen += [i, _snapshot(state)]
    while i < len(plays):
        seat, card, mark = plays[i]
        who = seat if isinstance(seat, int) and 0 <= seat < 4 else 0
        vs = play_card(state, who, card, mark)  # type: ignore[arg-type]
        seen.append([(v.code, v.message) for v in vs])
        i = play_tricks_batch(state, tricks, i + 1)  # type: ignore[operator]
        seen += [i, _snapshot(state)]
    return seen


def _rules_id(rules: Ruleset) -> str:
    return f"{rules.name}-{'-'.join(f'{k}={v}' for k, v in sorted(rules.changed_options().items()))}"


@compiled
@pytest.mark.parametrize("rules", RULE_SETS, ids=_rules_id)
def test_compiled_and_python_loops_leave_the_same_state_on_every_rule_set(rules: Ruleset) -> None:
    rng = random.Random(f"every rule set {_rules_id(rules)}")
    stopped = 0
    strains = set()
    for _ in range(100):
        script = random_deal(rules, rng.randrange(4), rng)
        plays = _spoiled(script, rng)
        strains.add(_start(rules, script).strain)
        fast = _replay(bound_play_cards, _start(rules, script), plays)
        slow = _replay(PYTHON_PLAY_CARDS, _start(rules, script), plays)
        assert fast == slow
        stopped += sum(1 for x in fast if isinstance(x, list) and x)
        if not plays or len(plays) % 4:  # a dead deal, or a deal cut short
            continue
        batch_state = _start(rules, script)
        fast_batch = _replay_batch(bound_play_tricks_batch, batch_state, plays)
        assert fast_batch == _replay_batch(PYTHON_PLAY_TRICKS_BATCH, _start(rules, script), plays)
        # the batch is the loop of the checks trick by trick: the same violations, the same deal
        assert [x for x in fast_batch if isinstance(x, list)] == [x for x in fast if isinstance(x, list)]
        assert _snapshot(batch_state) == fast[-1]
    assert stopped > 25  # the injected plays were refused by both
    if rules.sans_atout:
        assert {4, 5} <= strains  # sans-atout and tout-atout contracts were played


@compiled
def test_the_compiled_loop_decides_by_the_engines_obligation_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table that allows every card (handed over in place of the engine's) lets E discard
    where it must follow: the compiled loop reads the table it is given and decides nothing
    itself; without a table (None: a rule set the table cannot express) it asks legal_for."""
    for table, expected in ((bytes(65), 4), (None, 1)):
        rules = Ruleset.preset("classic").with_options({"target": 1234 if table else 1235})  # not asked yet
        monkeypatch.setattr(obligations, "obligation_table", lambda rules, strain, table=table: table)
        states = [new_deal(rules, 3), new_deal(rules, 3)]
        for state in states:
            set_contract(state, taker=0, trump=1)
            set_hands(state, [0x000F000F, 0x00000FF0, 0x00F0F000, 0xFF000000])
        plays = ([0, 1, 2, 3], [0, 8, 12, 24], [None] * 4)  # E holds spades and trumps the 7 of spades
        assert bound_play_cards(states[0], *plays) == expected
        assert PYTHON_PLAY_CARDS(states[1], *plays) == 1
    monkeypatch.undo()


@compiled
def test_batches_it_does_not_expect_go_to_the_python_loop() -> None:
    rules = Ruleset.preset("classic")
    four = ([0, 1, 2, 3], [7, 15, 16, 24], [None] * 4)
    cases: list[tuple[object, int]] = [
        ([SimpleNamespace(seats=four[0], cards=four[1][:3], marks=four[2][:3])], 0),  # not four plays
        ([SimpleNamespace(seats=tuple(four[0]), cards=tuple(four[1]), marks=tuple(four[2]))], 0),
        ([SimpleNamespace(seats=four[0], cards=four[1], marks=[None] * 3)], 0),  # marks too short
        (deque([SimpleNamespace(seats=four[0], cards=four[1], marks=four[2])]), 0),  # neither list nor tuple
        ([SimpleNamespace(seats=four[0], cards=range(7, 11), marks=four[2])], 0),
        ([SimpleNamespace(seats=four[0], cards=four[1], marks=four[2])], -1),
        ([SimpleNamespace(seats=four[0], cards=four[1], marks=four[2])], 9),
        ([SimpleNamespace(seats=[0, True, 2, 3], cards=four[1], marks=four[2])], 0),
        ([SimpleNamespace(seats=four[0], cards=[7, 1 << 80, 16, 24], marks=four[2])], 0),
        ([SimpleNamespace(seats=four[0], cards=four[1], marks=four[2]), SimpleNamespace(cards=[1])], 0),
    ]
    for tricks, start in cases:
        _alike(rules, (bound_play_tricks_batch, PYTHON_PLAY_TRICKS_BATCH), (tricks, start),
               (ValueError, TypeError, AttributeError, OverflowError))


@compiled
def test_sequences_it_does_not_expect_go_to_the_python_loop() -> None:
    rules = Ruleset.preset("classic")
    for args in (((0, 1), (7, 15), (None, None)), ([0, 1], [7], [None, None])):
        _alike(rules, (bound_play_cards, PYTHON_PLAY_CARDS), args, (ValueError,))


def _alike(rules: Ruleset, plays: tuple[Any, Any], args: tuple[Any, ...],
           errors: tuple[type[Exception], ...]) -> None:
    """The compiled and the Python function, each on a fresh deal (N takes, trump suit 0, each
    hand one whole suit): the same outcome (what it returns, or the type of what it raises among
    ``errors``) and the same state after."""
    states = [new_deal(rules, 3), new_deal(rules, 3)]
    outcomes: list[object] = []
    for state, play in zip(states, plays, strict=True):
        set_contract(state, taker=0, trump=0)
        set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
        try:
            outcomes.append(play(state, *args))
        except errors as exc:
            outcomes.append(type(exc))
    assert outcomes[0] == outcomes[1], args
    assert _snapshot(states[0]) == _snapshot(states[1])
