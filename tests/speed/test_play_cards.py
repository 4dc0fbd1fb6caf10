"""The engine's compiled ``play_cards``, ``play_tricks_batch`` and ``wrong_winners``
(game/engine/_play.c) against the Python ones (``PYTHON_PLAY_CARDS``, ``PYTHON_PLAY_TRICKS_BATCH``,
``PYTHON_WRONG_WINNERS``), state by state, on random deals of every rule system (the contrée ones
with sans-atout and tout-atout too, and rule sets of other play obligations) with bad plays,
marks, tricks that are not plain and records of other kinds injected: the same index returned,
the same state after every call; and the compiled loop's legality is the engine's obligation
table."""

from __future__ import annotations

import random
from collections import deque
from types import SimpleNamespace
from typing import Any

import pytest

from belote_notation.game.cards import KING, QUEEN
from belote_notation.game.engine import (
    BELOTE_WORDS,
    DealState,
    announce,
    apply_bid,
    deal_five,
    deal_rest,
    new_deal,
    obligations,
    plain_trick,
    play_card,
    set_contract,
    set_hands,
)
from belote_notation.game.engine import play_cards as bound_play_cards
from belote_notation.game.engine import play_tricks_batch as bound_play_tricks_batch
from belote_notation.game.engine.partial import PYTHON_WRONG_WINNERS, wrong_winners
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


def _trick(seats: object, cards: object, marks: object, number: object = 1, variations: object = None
           ) -> SimpleNamespace:
    return SimpleNamespace(seats=seats, cards=cards, marks=marks, number=number, variations=variations)


Odd = dict[int, tuple[object, object]]
"""Tricks numbered out of place, or with alternative lines: (number, variations) by trick."""


def _tricks(plays: list[tuple[object, object, object]], odd: Odd) -> list[SimpleNamespace]:
    """The plays as tricks of four, numbered in order; ``odd`` gives tricks another number and
    alternative lines."""
    return [_trick(*([p[n] for p in plays[k:k + 4]] for n in range(3)), *odd.get(k // 4, (k // 4 + 1, None)))
            for k in range(0, len(plays), 4)]


Plays = list[tuple[object, object, object]]


def _replay_batch(batch: object, play_cards: object, state: DealState, plays: Plays, odd: Odd
                  ) -> list[object]:
    """The checks' way through a deal: one batch for its plain tricks, play_card where it stops at a
    card, trick by trick (``play_cards``) from a trick that is not plain."""
    tricks = _tricks(plays, odd)
    seen: list[object] = []
    i = batch(state, tricks)  # type: ignore[operator]
    seen += [i, _snapshot(state)]
    while i < len(plays):
        if i % 4 == 0 and not plain_trick(tricks[i // 4], i // 4):
            return seen + _replay(play_cards, state, plays[i:])
        seat, card, mark = plays[i]
        who = seat if isinstance(seat, int) and 0 <= seat < 4 else 0
        vs = play_card(state, who, card, mark)  # type: ignore[arg-type]
        seen.append([(v.code, v.message) for v in vs])
        i = batch(state, tricks, i + 1)  # type: ignore[operator]
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
        odd = {t: rng.choice([(t + 2, None), (t + 1, []), (True, None), ("1", None)])
               for t in range(len(plays) // 4) if rng.random() < 0.05}
        batch_state = _start(rules, script)
        fast_batch = _replay_batch(bound_play_tricks_batch, bound_play_cards, batch_state, plays, odd)
        assert fast_batch == _replay_batch(PYTHON_PLAY_TRICKS_BATCH, PYTHON_PLAY_CARDS, _start(rules, script),
                                           plays, odd)
        # the batch is the loop of the checks trick by trick: the same violations, the same deal
        assert [x for x in fast_batch if isinstance(x, list)] == [x for x in fast if isinstance(x, list)]
        assert _snapshot(batch_state) == fast[-1]
    assert stopped > 25  # the injected plays were refused by both
    if rules.sans_atout:
        assert {4, 5} <= strains  # sans-atout and tout-atout contracts were played


@compiled
@pytest.mark.parametrize("rules", RULE_SETS[:6], ids=_rules_id)
def test_both_loops_play_the_belote_word_due_and_stop_at_any_other_mark(rules: Ruleset) -> None:
    """A belote or rebelote said as due (on the first or the second of the trump king and queen
    played, by a seat dealt both) does not stop either batch; another word, the word on another
    card or by another seat stops both at that card, the state the same."""
    rng = random.Random(f"marks {rules.name}")
    marked = 0
    for _ in range(300):
        script = random_deal(rules, rng.randrange(4), rng)
        said = [i for i, (_, _, mark) in enumerate(script.plays) if mark]
        if len(script.plays) != 32 or not said:
            continue
        marked += 1
        for batch in (bound_play_tricks_batch, PYTHON_PLAY_TRICKS_BATCH):
            assert batch(_start(rules, script), _tricks(list(script.plays), {})) == 32
        plays = list(script.plays)
        i = rng.choice(said)
        seat, card, mark = plays[i]
        other = BELOTE_WORDS[1] if mark == BELOTE_WORDS[0] else BELOTE_WORDS[0]
        plays[i] = rng.choice([(seat, card, other), (seat, card, "bogus")])
        j = rng.choice([k for k, (_, c, _) in enumerate(plays) if c & 7 not in (QUEEN, KING)])
        plays[j] = (plays[j][0], plays[j][1], rng.choice(BELOTE_WORDS))  # on a card of no belote
        states = [_start(rules, script), _start(rules, script)]
        stops = [batch(state, _tricks(plays, {})) for batch, state in
                 zip((bound_play_tricks_batch, PYTHON_PLAY_TRICKS_BATCH), states, strict=True)]
        assert stops[0] == stops[1] == min(i, j)
        assert _snapshot(states[0]) == _snapshot(states[1])
    assert marked > 20


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
        ([_trick(four[0], four[1][:3], four[2][:3])], 0),  # not four plays: not plain
        ([_trick(four[0], four[1][:3], four[2][:3])], 1),  # ... taken up after its first card
        ([_trick(tuple(four[0]), tuple(four[1]), tuple(four[2]))], 0),
        ([_trick(four[0], four[1], [None] * 3)], 0),  # marks too short
        (deque([_trick(*four)]), 0),  # neither list nor tuple
        ([_trick(four[0], range(7, 11), four[2])], 0),
        ([_trick(*four)], -1),
        ([_trick(*four)], 9),
        ([_trick([0, True, 2, 3], four[1], four[2])], 0),
        ([_trick(four[0], [7, 1 << 80, 16, 24], four[2])], 0),
        ([_trick(*four), SimpleNamespace(cards=[1])], 0),
        ([_trick(*four), SimpleNamespace(cards=[1, 2, 3, 4], number=3)], 0),  # not plain: no more is read
        ([_trick(*four), SimpleNamespace(cards=[1, 2, 3, 4], number=2)], 0),  # plain so far: no variations
        ([_trick(*four, number=True)], 0),  # numbered as Python compares it
        ([_trick(*four, number=1.0)], 0),
        ([_trick(*four, number="1")], 0),
        ([_trick(*four, variations=[])], 0),  # alternative lines, even none
        ([_trick([0, 1, None, 3], four[1], four[2])], 0),  # a seat left out
        ([_trick(5, four[1], four[2])], 0),  # seats that are no sequence
        ([_trick(*four, number=2)], 0),
        ([_trick([3, 0, 1, 2], [7, 7], four[2])], 1),  # taken up after its first card: cards too short
        ([_trick([3, 0, 1, 2], [0, 7, 15, 16, 24], four[2])], 1),  # ... too long
        ([SimpleNamespace(cards=four[1], marks=four[2], number=1, variations=None)], 0),  # no seats
    ]
    for tricks, start in cases:
        _alike(rules, (bound_play_tricks_batch, PYTHON_PLAY_TRICKS_BATCH), (tricks, start),
               (ValueError, TypeError, AttributeError, OverflowError))


@compiled
@pytest.mark.parametrize("rules", RULE_SETS[:6], ids=_rules_id)
def test_both_wrong_winners_name_the_same_tricks(rules: Ruleset) -> None:
    """The compiled wrong_winners against the Python one, on played deals whose recorded winners
    are right, another seat, not recorded or of another type, and on places it does not expect."""
    rng = random.Random(f"winners {rules.name}")
    found = 0
    for _ in range(60):
        script = random_deal(rules, rng.randrange(4), rng)
        if len(script.plays) != 32:
            continue
        state = _start(rules, script)
        assert PYTHON_PLAY_TRICKS_BATCH(state, _tricks(list(script.plays), {})) == 32
        winners = [rng.choice([done[2], (done[2] + 1) & 3, None, True, 2.0, "N"]) for done in state.tricks]
        tricks = [SimpleNamespace(winner=w) for w in winners]
        for start, end in ((0, 8), (0, 0), (3, 5), (rng.randrange(9), 8), (0, 9), (5, 3), (-1, 8), (0, True)):
            outcomes = []
            for find in (wrong_winners, PYTHON_WRONG_WINNERS):
                try:
                    outcomes.append(find(state, tricks, start, end))
                except (IndexError, TypeError) as exc:
                    outcomes.append(type(exc))
            assert outcomes[0] == outcomes[1], (winners, start, end)
            found += len(outcomes[0]) if isinstance(outcomes[0], list) else 0
        assert wrong_winners(state, tuple(tricks), 0, 8) == PYTHON_WRONG_WINNERS(state, tricks, 0, 8)
    assert found > 50


class _SlotTrick:
    """A trick record of plain slots, Python's layout (the compiled code reads it through getattr: only the
    reader's own part types are read at their fields, tests/speed/test_part_fields.py)."""

    __slots__ = ("cards", "marks", "number", "seats", "variations")

    def __init__(self, seats: object, cards: object, marks: object, number: object = 1) -> None:
        self.seats, self.cards, self.marks, self.number, self.variations = seats, cards, marks, number, None


class _Shadowed(_SlotTrick):
    """The same slots, one of them hidden behind a property."""

    __slots__ = ()

    @property  # type: ignore[override]
    def cards(self) -> list[int]:
        return [7, 15, 16, 25]

    @cards.setter
    def cards(self, value: list[int]) -> None:
        pass


@compiled
def test_attributes_are_read_as_python_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Records of slots, a slot hidden behind a property, a slot not set, a class changed after
    it was read: the compiled batch reads what Python reads, or fails as Python does."""
    rules = Ruleset.preset("classic")
    four = ([0, 1, 2, 3], [7, 15, 16, 24], [None] * 4)
    unset = _SlotTrick(*four)
    del unset.variations
    for tricks in ([_SlotTrick(*four)], [_Shadowed(*four)], [unset], [_SlotTrick(*four, number=2)]):
        _alike(rules, (bound_play_tricks_batch, PYTHON_PLAY_TRICKS_BATCH), (tricks, 0), (AttributeError,))
    read = [_SlotTrick(*four)]
    monkeypatch.setattr(_SlotTrick, "number", property(lambda trick: 2))  # read already: not plain now
    _alike(rules, (bound_play_tricks_batch, PYTHON_PLAY_TRICKS_BATCH), (read, 0), ())
    monkeypatch.undo()
    _alike(rules, (bound_play_tricks_batch, PYTHON_PLAY_TRICKS_BATCH), (read, 0), ())


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
