"""The compiled set-up of a contrée deal (``setup_auction``, game/engine/_play.c) against the
phases one by one (the distribution's check, the calls through ``apply_auction_call`` and the
hands through ``set_hands``, as check/deal.py places them): the same state when it sets a deal up,
and then the phases find nothing; the state untouched when it does not. On generated games of the
contrée rule systems (sans-atout, tout-atout, générale, other bid ranges and orders), flawed and
with faults injected into the facts; its steps are the engine's, kept in the rule set's table,
and it writes what the table says."""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from belote_notation.check.context import Context
from belote_notation.check.facts import BidFact, DealFacts, HandFact
from belote_notation.game.engine import _play, auction_table, new_deal
from belote_notation.game.engine.auction import STEP_STATE
from belote_notation.game.engine.auction_table import TABLE_SIZE, setup_auction, step_table
from belote_notation.game.engine.plain import NOT_SET_UP, TAKEN
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from belote_notation.notation.write.writer import write_games
from tests.speed.corpus import flawed
from tests.speed.test_setup_deal import _each_deal, _snapshot, against_phases

compiled = pytest.mark.skipif(setup_auction is None, reason="the C extensions are not built")

_CONTREE, _COINCHE = Ruleset.preset("contree"), Ruleset.preset("coinche")
RULE_SETS = [
    _CONTREE,
    _COINCHE,
    _CONTREE.with_options({"sans_atout": True, "tout_atout": True, "generale_bid": True}),
    _COINCHE.with_options({"sans_atout": True, "tout_atout": True, "max_points_bid": 180,
                           "tout_atout_values": "trump", "sans_atout_values": "plain"}),
    _CONTREE.with_options({"capot_bid": False, "bidding_direction": "clockwise", "first_bidder": "left"}),
    _CONTREE.with_options({"raise_own_bid": False}),  # its step reads the calls made: no table
]


def _texts(rate: float, seed: int, deals: int = 60) -> Iterator[str]:
    for k, rules in enumerate(RULE_SETS):
        out = io.StringIO()
        write_games(generate_games(rules, matches=None, deals=deals, seed=seed * 100 + k), out)
        yield flawed(out.getvalue(), random.Random(seed * 100 + k), rate)


def _compare(ctx: Context, deal: DealFacts, dealer: int, seen: Counter[str]) -> None:
    """``setup_auction`` on a fresh deal against the phases on another: equal when it sets the
    deal up (and the phases found nothing), else its deal untouched."""
    if deal.offer is not None or (ctx.position == 0 and ctx.contract_tag is not None):
        return  # not asked of it (check/deal.py: a smsara deal's set-up, the Contract tag's check)
    fast = new_deal(ctx.rules, dealer, ctx.deck)
    done = setup_auction(fast, deal.five, deal.bids, deal.rest, deal.hands)  # type: ignore[misc]
    against_phases(ctx, deal, dealer, fast, done, seen)
    if done == TAKEN:
        seen[f"strain {fast.strain}"] += 1
        seen[f"doubled {fast.doubled}"] += 1
        seen[f"kind {fast.contract_kind}"] += 1


@compiled
@pytest.mark.parametrize("rate", [0.0, 0.06])
def test_the_set_up_leaves_the_state_the_phases_leave(monkeypatch: pytest.MonkeyPatch, rate: float) -> None:
    seen: Counter[str] = Counter()
    _each_deal(monkeypatch, _texts(rate, seed=int(rate * 100) + 1),
               lambda ctx, deal, dealer: _compare(ctx, deal, dealer, seen))
    assert seen["taken"] > 150 and seen["all passed"] > 10
    assert all(seen[f"strain {s}"] > 0 for s in range(6)), seen  # the four suits, sans-atout, tout-atout
    assert seen["doubled 1"] > 0 and seen["doubled 2"] > 0 and seen["kind capot"] > 0, seen
    assert seen["not set up"] > (100 if rate else 40)  # flawed deals, and the rule set without a table


def _call(deal: DealFacts, rng: random.Random) -> BidFact:
    return rng.choice(deal.bids) if deal.bids else BidFact(0, "pass", None, 1, 1, 1)


def _fault(deal: DealFacts, rng: random.Random) -> str:
    """One fault in the facts of a contrée deal: a call's seat, word, suit or value, an
    alternative line, a call more, less or out of place, a hand's seat or cards, a part of a
    smsara's distribution."""
    call, what = _call(deal, rng), rng.randrange(11)
    if what == 0:
        call.seat = rng.choice([None, True, -1, 4, 1 << 70, ((call.seat or 0) + 1) & 3])
    elif what == 1:
        class Word(str):
            pass
        call.action = rng.choice(["Pass", "take", "coinche", "surcoinche", Word("pass"), "capot", "generale"])
    elif what == 2:
        call.suit = rng.choice([None, 0, 4, 5, 6, -1, True, 1 << 70, "S"])
    elif what == 3:
        call.value = rng.choice([None, 70, 85, 90, 160, 170, 250, True, 1 << 70, "80"])
    elif what == 4:
        call.variations = rng.choice([[], [[BidFact(0, "pass", None, 1, 1, 1)]]])
    elif what == 5 and deal.bids:
        deal.bids.append(deal.bids[rng.randrange(len(deal.bids))])
    elif what == 6 and deal.bids:
        del deal.bids[rng.randrange(len(deal.bids))]
    elif what == 7 and deal.hands:
        rng.choice(deal.hands).seat = rng.choice([True, -1, 7, 1 << 70, None])
    elif what == 8 and deal.hands:
        hand = rng.choice(deal.hands)
        hand.cards = [*hand.cards[:-1], rng.randrange(32)]
        hand.bits = rng.choice([None, sum(1 << c for c in hand.cards)])
    elif what == 9:
        deal.rest.append(HandFact(0, [0], [(1, 1)], 1, 1))
    else:
        deal.bids = tuple(deal.bids)  # type: ignore[assignment]
    return str(what)


@compiled
def test_faults_leave_the_state_untouched_or_as_the_phases_leave_it(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(33)
    seen: Counter[str] = Counter()
    kinds: Counter[str] = Counter()

    def spoiled(ctx: Context, deal: DealFacts, dealer: int) -> None:
        kinds[_fault(deal, rng)] += 1
        _compare(ctx, deal, dealer, seen)

    _each_deal(monkeypatch, _texts(0.0, seed=7, deals=80), spoiled)
    assert len(kinds) == 11
    assert seen["not set up"] > 150 and seen["taken"] > 30


@compiled
def test_the_set_up_writes_what_the_table_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The steps are the table's: once a rule set's table is learnt, a step changed in it (the
    contract's value written) is what the set-up writes; a table full starts again empty."""
    rules = _CONTREE.with_options({"target": 1111})  # a table of its own
    deals: list[tuple[Context, DealFacts, int]] = []
    _each_deal(monkeypatch, _texts(0.0, seed=3, deals=30), lambda c, d, s: deals.append((c, d, s)))
    mine = [(c, d, s) for c, d, s in deals if c.rules == _CONTREE and d.offer is None and d.bids]
    for _, deal, dealer in mine:
        assert setup_auction(new_deal(rules, dealer), deal.five, deal.bids, deal.rest,  # type: ignore[misc]
                             deal.hands) != NOT_SET_UP
    table = step_table(rules)
    assert table and len(table) <= TABLE_SIZE
    value_at = _play_field("contract_value")
    for key, entry in table.items():
        table[key] = tuple((at, append, 999 if at == value_at else value) for at, append, value in entry)
    taken = 0
    for _, deal, dealer in mine:
        state = new_deal(rules, dealer)
        if setup_auction(state, deal.five, deal.bids, deal.rest, deal.hands) == TAKEN:  # type: ignore[misc]
            taken += 1
            assert state.contract_value == 999
    assert taken > 10
    _rebind(size=8)
    try:
        again = _CONTREE.with_options({"target": 1112})
        for _, deal, dealer in mine:
            assert setup_auction(new_deal(again, dealer), deal.five, deal.bids, deal.rest,  # type: ignore[misc]
                                 deal.hands) != NOT_SET_UP
            assert len(step_table(again) or {}) <= 8
    finally:
        _rebind(size=TABLE_SIZE)


def _play_field(name: str) -> int:
    from belote_notation.game.engine.state import FIELDS

    return FIELDS.index(name)


def _rebind(size: int) -> None:
    from belote_notation.game.cards import FULL_DECK
    from belote_notation.game.engine.auction import apply_auction_call
    from belote_notation.game.engine.distribution import HAND_CARDS
    from belote_notation.game.engine.plain import started_fields
    from belote_notation.game.engine.state import PHASE_DEAD, PHASE_NEW, start_play

    _play.bind_auction(step_table, apply_auction_call, start_play, started_fields, STEP_STATE, PHASE_NEW,
                       PHASE_DEAD, HAND_CARDS, FULL_DECK, size)


def test_a_smsara_rule_set_and_one_whose_step_reads_the_calls_have_no_table() -> None:
    assert step_table(Ruleset.preset("classic")) is None
    assert step_table(_CONTREE.with_options({"raise_own_bid": False})) is None
    assert step_table(_CONTREE) is not None and auction_table.TABLE_SIZE >= 1 << 12


@compiled
def test_a_state_of_another_class_or_not_fresh_is_not_set_up(monkeypatch: pytest.MonkeyPatch) -> None:
    deals: list[Any] = []
    _each_deal(monkeypatch, _texts(0.0, seed=4, deals=10), lambda c, d, s: deals.append((c, d, s)))
    ctx, deal, dealer = next((c, d, s) for c, d, s in deals if c.rules == _CONTREE and d.bids)
    state = new_deal(ctx.rules, dealer)
    state.bids.append((0, "pass", None))
    before = _snapshot(state)
    assert setup_auction(state, deal.five, deal.bids, deal.rest, deal.hands) == NOT_SET_UP  # type: ignore[misc]
    assert _snapshot(state) == before
