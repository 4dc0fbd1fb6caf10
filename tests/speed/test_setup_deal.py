"""The compiled set-up of a deal (``setup_deal``, game/engine/_play.c) against the phases one by one
(the distribution, the calls and the rest through ``deal_five``, ``apply_bid`` and ``deal_rest``,
as check/deal.py places them): the same state when it sets a deal up, and then the phases find
nothing; the state untouched when it does not. On generated games of every rule system, flawed
(calls changed, cards replaced, alternative lines, cut lines...) and with faults injected into
the facts; its smsara tables are the engine's walk, and it decides by the tables it is given."""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from belote_notation.check.context import Context
from belote_notation.check.deal import DealCheck
from belote_notation.check.facts import BidFact, DealFacts, HandFact
from belote_notation.check.validator import validate_text
from belote_notation.game.engine import (
    DealState,
    apply_bid,
    bid_round,
    deal_five,
    legal_bids,
    new_deal,
    next_bidder,
    smsara_table,
)
from belote_notation.game.engine.bidding import take_trump
from belote_notation.game.engine.plain import ALL_PASSED, NOT_SET_UP, TAKEN, setup_deal
from belote_notation.game.engine.state import DealState as StateClass
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_games
from tests.speed.corpus import flawed

compiled = pytest.mark.skipif(setup_deal is None, reason="the C extensions are not built")

RULE_SETS = [
    *(Ruleset.preset(name) for name in preset_names()),
    Ruleset.preset("classic").with_options({"forced_take_on_top_trump": True,
                                            "round2_offer_suit_allowed": True}),
    Ruleset.preset("moroccan").with_options({"bidding_direction": "clockwise", "first_bidder": "left"}),
]
"""Every preset (the contrée ones are never set up: their auction is not a smsara), and smsara
rule sets whose forced take, round-2 suits and bidding order differ from every preset's."""


def _snapshot(state: DealState) -> tuple[object, ...]:
    return tuple(repr(getattr(state, name)) for name in StateClass.__slots__)


def _offer(deal: DealFacts) -> object:
    return deal.offer.card if deal.offer is not None else None


def _compare(ctx: Context, deal: DealFacts, dealer: int, seen: Counter[str]) -> None:
    """``setup_deal`` on a fresh deal against the three phases on another: equal when it sets the
    deal up (and the phases found nothing), else its deal untouched."""
    fast = new_deal(ctx.rules, dealer, ctx.deck)
    done = setup_deal(fast, deal.five, _offer(deal), deal.bids, deal.rest, deal.hands)  # type: ignore[misc]
    against_phases(ctx, deal, dealer, fast, done, seen)


def against_phases(ctx: Context, deal: DealFacts, dealer: int, fast: DealState, done: int,
                   seen: Counter[str]) -> None:
    """``fast``, a fresh deal a compiled set-up returned ``done`` for, against the three phases
    run on another fresh deal: equal when it set the deal up (and the phases found nothing),
    else its deal untouched; what happened counted in ``seen``."""
    scratch = Context(ctx.file, ctx.number, ctx.rules, ctx.deck, None)
    scratch.position, scratch.contract_tag = ctx.position, ctx.contract_tag
    slow = DealCheck(scratch, deal, dealer)
    if done == NOT_SET_UP:
        assert _snapshot(fast) == _snapshot(slow.state)
        seen["not set up"] += 1
        return
    slow.distribution()
    slow.bidding()
    slow.rest_and_hands()
    assert scratch.findings == []
    assert _snapshot(fast) == _snapshot(slow.state)
    assert done == (TAKEN if slow.state.taker is not None else ALL_PASSED)
    seen["taken" if done == TAKEN else "all passed"] += 1


def _each_deal(monkeypatch: pytest.MonkeyPatch, texts: Iterator[str],
               visit: Callable[[Context, DealFacts, int], None]) -> None:
    """``visit`` every deal the checks replay of ``texts``, before its replay."""
    run = DealCheck.run

    def visiting(check: DealCheck) -> Any:
        visit(check.ctx, check.deal, check.state.dealer)
        return run(check)

    monkeypatch.setattr(DealCheck, "run", visiting)
    for text in texts:
        validate_text(text, "t.bel")
    monkeypatch.undo()


def _texts(rate: float, seed: int, deals: int = 40) -> Iterator[str]:
    for k, rules in enumerate(RULE_SETS):
        out = io.StringIO()
        write_games(generate_games(rules, matches=None, deals=deals, seed=seed * 100 + k), out)
        yield flawed(out.getvalue(), random.Random(seed * 100 + k), rate)


@compiled
@pytest.mark.parametrize("rate", [0.0, 0.06])
def test_the_set_up_leaves_the_state_the_phases_leave(monkeypatch: pytest.MonkeyPatch, rate: float) -> None:
    seen: Counter[str] = Counter()
    _each_deal(monkeypatch, _texts(rate, seed=int(rate * 100)),
               lambda ctx, deal, dealer: _compare(ctx, deal, dealer, seen))
    assert seen["taken"] > 100 and seen["all passed"] > 10
    assert seen["not set up"] > (60 if rate else 40)  # flawed deals, and the contrée ones


Fault = Callable[[DealFacts, random.Random], None]
_FAULTS: list[tuple[str, Fault]] = []


def _fault(name: str) -> Callable[[Fault], Fault]:
    def register(change: Fault) -> Fault:
        _FAULTS.append((name, change))
        return change
    return register


def _call(deal: DealFacts, rng: random.Random) -> BidFact:
    return rng.choice(deal.bids) if deal.bids else BidFact(0, "pass", None, 1, 1, 1)


def _line(deal: DealFacts, rng: random.Random) -> HandFact:
    lines = deal.five + deal.rest
    return rng.choice(lines) if lines else HandFact(0, [], [], 1, 1)


@_fault("call's seat")
def _call_seat(deal: DealFacts, rng: random.Random) -> None:
    _call(deal, rng).seat = rng.choice([None, True, -1, 4, 1 << 70, (_call(deal, rng).seat or 0) + 1])


@_fault("call's round")
def _call_round(deal: DealFacts, rng: random.Random) -> None:
    _call(deal, rng).round = rng.choice([0, 3, True, 2, 1])


@_fault("call's word")
def _call_word(deal: DealFacts, rng: random.Random) -> None:
    class Word(str):
        pass
    words = ["Pass", "bid", "coinche", Word("pass"), Word("take"), "take", "pass"]
    _call(deal, rng).action = rng.choice(words)


@_fault("call's suit")
def _call_suit(deal: DealFacts, rng: random.Random) -> None:
    _call(deal, rng).suit = rng.choice([None, 0, 1, 2, 3, 4, -1, True, 1 << 70, "S"])


@_fault("alternative line")
def _call_variation(deal: DealFacts, rng: random.Random) -> None:
    _call(deal, rng).variations = rng.choice([[], [[BidFact(0, "pass", None, 1, 1, 1)]]])


@_fault("calls")
def _calls(deal: DealFacts, rng: random.Random) -> None:
    bids = deal.bids
    what = rng.randrange(4)
    if what == 0 and bids:
        bids.append(bids[-1])  # a call after the last
    elif what == 1 and bids:
        del bids[rng.randrange(len(bids))]
    elif what == 2:
        deal.bids = tuple(bids)  # type: ignore[assignment]
    else:
        deal.bids = []


@_fault("hand line's seat")
def _line_seat(deal: DealFacts, rng: random.Random) -> None:
    _line(deal, rng).seat = rng.choice([True, -1, 7, 1 << 70, None])


@_fault("hand line's cards")
def _line_cards(deal: DealFacts, rng: random.Random) -> None:
    line = _line(deal, rng)
    what = rng.randrange(4)
    if what == 0:
        line.bits = rng.choice([None, -1, 1 << 40, True, 0])
    elif what == 1:
        line.cards = [*line.cards, rng.randrange(32)]  # a card given twice, or one too many
        line.bits = sum(1 << c for c in line.cards)
    elif what == 2 and line.cards:
        line.cards = line.cards[:-1]
        line.bits = sum(1 << c for c in line.cards)
    else:
        line.cards = None  # type: ignore[assignment]


@_fault("hand lines")
def _lines(deal: DealFacts, rng: random.Random) -> None:
    what = rng.randrange(4)
    if what == 0 and deal.five:
        deal.rest.append(deal.five.pop())
    elif what == 1:
        deal.hands.append(HandFact(0, [0], [(1, 1)], 1, 1))
    elif what == 2:
        deal.rest = []
    else:
        deal.five = tuple(deal.five)  # type: ignore[assignment]


@_fault("offer")
def _offer_changed(deal: DealFacts, rng: random.Random) -> None:
    if deal.offer is not None:
        deal.offer.card = rng.choice([40, -1, True, 1 << 70, rng.randrange(32)])


@compiled
def test_faults_leave_the_state_untouched_or_as_the_phases_leave_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each deal of generated smsara games with one fault in its facts: a seat, a round, a word, a
    suit, an alternative line, a call more or less, a hand line's cards or seat, an offer..."""
    rng = random.Random(23)
    seen: Counter[str] = Counter()
    kinds: Counter[str] = Counter()

    def spoiled(ctx: Context, deal: DealFacts, dealer: int) -> None:
        name, change = rng.choice(_FAULTS)
        change(deal, rng)
        kinds[name] += 1
        _compare(ctx, deal, dealer, seen)

    _each_deal(monkeypatch, _texts(0.0, seed=5, deals=60), spoiled)
    assert len(kinds) == len(_FAULTS)
    assert seen["not set up"] > 200 and seen["taken"] > 20


def _walk(rules: Ruleset, dealer: int, offer: int) -> Iterator[tuple[int, ...]]:
    """The engine after each number of passes of the deal: (bidder, round, legal bits, the five
    trumps of the legal takes, the bidder and the phase after a pass), until a pass is not legal."""
    state = new_deal(rules, dealer)
    deal_five(state, None, offer)
    for passes in range(8):
        seat = next_bidder(state)
        legal, trumps = 0, [smsara_table.NOT_LEGAL] * 5
        for action, suit in legal_bids(state):
            if action == "pass":
                legal |= smsara_table.PASS_LEGAL
            else:
                legal |= smsara_table.TAKE_LEGAL if suit is None else 4 << suit
                trumps[0 if suit is None else 1 + suit] = take_trump(state, seat, suit, passes)[0]
        if not legal & smsara_table.PASS_LEGAL:
            yield (seat, bid_round(state), legal, *trumps)
            return
        row = (seat, bid_round(state), legal, *trumps)
        assert not apply_bid(state, seat, "pass")
        yield (*row, next_bidder(state), state.phase)


@pytest.mark.parametrize("rules", [r for r in RULE_SETS if r.bidding == "smsara"], ids=lambda r: r.name)
def test_the_tables_are_the_engines_walk_for_every_dealer_and_offer(rules: Ruleset) -> None:
    """The table of the dealer and the table of the offer together say, after every number of
    passes, what the engine says on the walk of that very deal."""
    T = smsara_table
    forced = 0
    for dealer in range(4):
        turns = T.bidding_turns(rules, dealer)
        assert turns is not None
        for offer in range(32):
            calls = T.bidding_calls(rules, offer)
            assert calls is not None
            for passes, walked in enumerate(_walk(rules, dealer, offer)):
                turn = turns[1 + passes * T.TURNS_ROW:1 + (passes + 1) * T.TURNS_ROW]
                row = calls[passes * T.CALLS_ROW:(passes + 1) * T.CALLS_ROW]
                assert walked[:8] == (turn[T.SEAT], turn[T.ROUND], *row)
                if len(walked) > 8:
                    assert walked[8:] == (turn[T.TURN_AFTER], turn[T.PHASE_AFTER])
                else:
                    forced += 1
                    assert row[T.LEGAL] & T.PASS_LEGAL == 0
            assert passes == 7 or not any(calls[(passes + 1) * T.CALLS_ROW:][::T.CALLS_ROW])
    assert forced == (16 if rules.forced_take_on_top_trump else 0)  # the four jacks, for each dealer


def test_a_contree_auction_has_no_table() -> None:
    rules = Ruleset.preset("contree")
    assert smsara_table.bidding_turns(rules, 0) is None and smsara_table.bidding_calls(rules, 0) is None


@compiled
def test_the_set_up_decides_by_the_engines_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The legal calls and the trumps are the table's: a table that makes hearts the trump of every
    round-1 take sets it; one that allows nothing, or gives a take no trump, sets nothing up."""
    texts = list(_texts(0.0, seed=9, deals=30))[1:2]  # classic
    deals: list[tuple[Context, DealFacts, int]] = []
    _each_deal(monkeypatch, iter(texts), lambda ctx, deal, dealer: deals.append((ctx, deal, dealer)))
    round_one = [(c, d, s) for c, d, s in deals if 0 < len(d.bids) <= 4 and d.bids[-1].action == "take"]
    assert len(round_one) > 3
    real = smsara_table.bidding_calls
    for trump, expected in ((1, TAKEN), (None, NOT_SET_UP), (smsara_table.NOT_LEGAL, NOT_SET_UP)):

        def calls(rules: Ruleset, offer: int, trump: int | None = trump) -> bytes | None:
            table = bytearray(real(rules, offer) or b"")
            for passes in range(4):
                if trump is None:
                    table[passes * smsara_table.CALLS_ROW + smsara_table.LEGAL] = 0
                else:
                    table[passes * smsara_table.CALLS_ROW + smsara_table.TRUMP] = trump
            return bytes(table)

        monkeypatch.setattr(smsara_table, "bidding_calls", calls)
        for ctx, deal, dealer in round_one:
            rules = ctx.rules.with_options({"target": 1000 + 7 * (trump or 0)})  # not asked yet
            state = new_deal(rules, dealer, ctx.deck)
            assert setup_deal(state, deal.five, _offer(deal), deal.bids, deal.rest,  # type: ignore[misc]
                              deal.hands) == expected
            assert state.trump == (trump if expected == TAKEN else -1)
        monkeypatch.undo()
    real_turns = smsara_table.bidding_turns

    def turns(rules: Ruleset, dealer: int) -> bytes | None:  # a bidder that is no seat
        table = bytearray(real_turns(rules, dealer) or b"")
        table[1 + smsara_table.SEAT::smsara_table.TURNS_ROW] = bytes([9] * 8)
        return bytes(table)

    monkeypatch.setattr(smsara_table, "bidding_turns", turns)
    for ctx, deal, dealer in round_one:
        for bid in deal.bids:
            bid.seat = 9
        state = new_deal(ctx.rules.with_options({"target": 999}), dealer, ctx.deck)
        assert setup_deal(state, deal.five, _offer(deal), deal.bids, deal.rest, deal.hands) == NOT_SET_UP  # type: ignore[misc]


class _SlotState(StateClass):
    __slots__ = ("extra",)


class _DictState(StateClass):
    pass


@compiled
def test_a_state_of_a_subclass_is_set_up_as_a_deal_state_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """What start_play did to a deal is written again on the next only for a class whose slots are
    all its own: a subclass of DealState (slots of its own or a dict) is set up as DealState is,
    deal after deal, and copy_deal refuses it rather than copy part of it."""
    from belote_notation.game.engine import copy_deal

    texts = list(_texts(0.0, seed=9, deals=30))[1:2]  # classic
    deals: list[tuple[Context, DealFacts, int]] = []
    _each_deal(monkeypatch, iter(texts), lambda ctx, deal, dealer: deals.append((ctx, deal, dealer)))
    taken = [(c, d, s) for c, d, s in deals if d.bids and d.bids[-1].action == "take"]
    assert len(taken) > 3
    rules = taken[0][0].rules.with_options({"target": 1234})  # a rule set of its own: nothing known yet
    for ctx, deal, dealer in taken * 2:  # each deal twice: after the first, start_play's work is known
        states = [cls(rules, dealer, ctx.deck) for cls in (_SlotState, _DictState, StateClass)]
        for state in states:
            assert setup_deal(state, deal.five, _offer(deal), deal.bids, deal.rest,  # type: ignore[misc]
                              deal.hands) == TAKEN
        assert _snapshot(states[0]) == _snapshot(states[1]) == _snapshot(states[2])
    for state in states[:2]:
        with pytest.raises(TypeError):
            copy_deal(state)


@compiled
def test_a_new_deal_is_the_deal_the_constructor_makes_and_a_copy_is_independent() -> None:
    """new_deal copies a first deal made per ruleset, dealer and deck: equal to a deal made anew,
    sharing no list with it or with another; copy_deal (compiled) equals the Python copy."""
    from belote_notation.game.cards import Deck
    from belote_notation.game.engine import copy_deal, play_card, set_contract, set_hands
    from belote_notation.game.engine.state import python_copy_deal

    for rules in RULE_SETS:
        for dealer in range(4):
            for deck in Deck:
                made, copied = StateClass(rules, dealer, deck), new_deal(rules, dealer, deck)
                assert type(copied) is StateClass and _snapshot(copied) == _snapshot(made)
                again = new_deal(rules, dealer, deck)
                copied.bids.append((0, "pass", None))
                copied.belote_marks[1].append(("belote", 5))
                copied.reported_once.add("BEL999")
                assert _snapshot(again) == _snapshot(made)
        state = new_deal(rules, 1)
        set_contract(state, taker=2, trump=3)
        set_hands(state, [0xFF, 0xFF00, 0xFF0000, 0xFF000000])
        for seat, card in ((2, 16), (3, 24), (0, 0)):
            play_card(state, seat, card)
            twin, python_twin = copy_deal(state), python_copy_deal(state)
            assert _snapshot(twin) == _snapshot(python_twin) == _snapshot(state)
            twin.hands[0] = 0
            twin.trick_cards.append(9)
            twin.belote_marks[0].append(("rebelote", 6))
            assert _snapshot(python_twin) == _snapshot(state)
