"""The contrée auction: bids of points and trump, capot and générale, coinche and surcoinche.

Every call is one of ``pass``, ``bid`` (``value`` points in ``suit``: 0-3 a suit, 4
sans-atout, 5 tout-atout), ``capot``, ``generale`` (in ``suit``), ``coinche`` (contre,
double) and ``surcoinche`` (surcontre, redouble). A bid must be higher than the one in force
(points bids in steps of 10 from 80 to ``max_points_bid``, then capot, then générale); only
an opponent of the bid in force may coinche it, once; only the side coinchée may surcoinche,
which ends the auction; three passes after a bid or a coinche end it; four passes at the
start mean a new deal (a dead deal). The options: ``max_points_bid``, ``capot_bid``,
``generale_bid``, ``sans_atout``, ``tout_atout``, ``raise_own_bid``.

>>> from belote_notation.game.rules import Ruleset
>>> from belote_notation.game.engine import apply_bid, contract, new_deal
>>> state = new_deal(Ruleset.preset("contree"), dealer=0)  # W speaks first, then S, E, N
>>> for seat, action, suit, value in [(3, "bid", 1, 80), (2, "coinche", None, None),
...                                   (1, "surcoinche", None, None)]:
...     assert not apply_bid(state, seat, action, suit, value)
>>> contract(state)
Contract(taker=3, trump=1, kind='points', value=80, doubled=2)
"""

from __future__ import annotations

from collections.abc import Sequence

from belote_notation.game.cards import SANS_ATOUT, TOUT_ATOUT
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation
from belote_notation.game.engine.state import (
    PHASE_BIDDING,
    PHASE_DEAD,
    PHASE_PLAY,
    DealState,
    open_call,
    prepare_fast_path,
)
from belote_notation.game.engine.tables import SUIT_SYMBOLS
from belote_notation.game.lang import Message, Seat, msg
from belote_notation.game.rules import Ruleset

__all__ = ["AuctionCall", "BID_ACTIONS", "STEP_STATE", "apply_auction_call", "auction_over", "contract_name",
           "legal_auction_calls", "set_auction_result", "step_reads_calls", "strain_name"]

AuctionCall = tuple[str, int | None, int | None]
"""A possible call: ``(action, suit, value)``."""

BID_ACTIONS = ("bid", "capot", "generale")
"""The calls that make a contract (the others: ``pass``, ``coinche``, ``surcoinche``)."""
_RANK = {"bid": 0, "capot": 1, "generale": 2}
_STRAIN_NAMES = (*SUIT_SYMBOLS, "SA", "TA")


def strain_name(strain: int) -> str:
    """``♠ ♥ ♦ ♣ SA TA`` for a contract's trump 0-5.

    >>> strain_name(1), strain_name(4)
    ('♥', 'SA')
    """
    return _STRAIN_NAMES[strain] if 0 <= strain < 6 else "?"


def contract_name(action: str, suit: int | None, value: int | None) -> str:
    """A bid in words, ``80♥``, ``capot ♠``, ``générale SA``.

    >>> contract_name("bid", 1, 80), contract_name("capot", 0, None)
    ('80♥', 'capot ♠')
    """
    trump = strain_name(suit if suit is not None else -1)
    if action == "bid":
        return f"{value}{trump}"
    return f"{'générale' if action == 'generale' else action} {trump}"


def auction_over(state: DealState) -> bool:
    """True once the auction has a contract or everybody passed."""
    return state.taker is not None or state.phase == PHASE_DEAD


def _level(action: str, value: int | None) -> tuple[int, int]:
    return _RANK.get(action, 0), value or 0


def _strains(state: DealState) -> list[int]:
    rules = state.rules
    extra = ([SANS_ATOUT] if rules.sans_atout else []) + ([TOUT_ATOUT] if rules.tout_atout else [])
    return [0, 1, 2, 3, *extra]


def legal_auction_calls(state: DealState) -> list[AuctionCall]:
    """Every call the next bidder may make (empty once the auction is over).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal
    >>> calls = legal_auction_calls(new_deal(Ruleset.preset("contree"), dealer=0))
    >>> calls[:3], calls[-1], len(calls)
    ([('pass', None, None), ('bid', 0, 80), ('bid', 1, 80)], ('capot', 3, None), 41)
    """
    if auction_over(state):
        return []
    seat = state.bid_turn
    out: list[AuctionCall] = [("pass", None, None)]
    high = state.high_bid
    if state.doubled:
        if state.doubled == 1 and high is not None and (high[0] - seat) & 1 == 0:
            out.append(("surcoinche", None, None))
        return out
    rules = state.rules
    strains = _strains(state)
    floor = _level(high[1], high[3]) if high is not None else (0, 70)
    own = _own_strains(state, seat)
    for value in range(80, rules.max_points_bid + 1, 10):
        if (0, value) > floor:
            out.extend(("bid", s, value) for s in strains if s not in own)
    if rules.capot_bid and (1, 0) > floor:
        out.extend(("capot", s, None) for s in strains if s not in own)
    if rules.generale_bid and (2, 0) > floor:
        out.extend(("generale", s, None) for s in strains if s not in own)
    if high is not None and (high[0] - seat) & 1:
        out.append(("coinche", None, None))
    return out


STEP_STATE = ("phase", "taker", "hands_known", "bid_turn", "passes_run", "high_bid", "doubled")
"""What :func:`apply_auction_call` reads of a deal's state besides the call, its rule set and
the calls made (``bids``: only their number, for a finding's index, and the caller's own bids
where :func:`step_reads_calls`): a call's step is a function of these values, the call and the
rule set, which the compiled set-up of a contrée deal (:mod:`.auction_table`) keeps as a table."""


def step_reads_calls(rules: Ruleset) -> bool:
    """True where a call's step reads the caller's earlier calls (``raise_own_bid=false``:
    :func:`_own_strains`), which :data:`STEP_STATE` does not hold.

    >>> from belote_notation.game.rules import Ruleset
    >>> step_reads_calls(Ruleset.preset("contree"))
    False
    """
    return not rules.raise_own_bid


def _own_strains(state: DealState, seat: int) -> set[int]:
    """The trumps ``seat`` may not bid again (``raise_own_bid=false``: those it bid already)."""
    if state.rules.raise_own_bid:
        return set()
    return {suit for s, action, suit in state.bids if s == seat and action in _RANK and suit is not None}


def apply_auction_call(state: DealState, seat: int, action: str, suit: int | None = None,
                       value: int | None = None) -> Sequence[Violation]:
    """Apply one call of the auction; returns the violations (the call is applied anyway
    where it makes sense, so the replay goes on).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal
    >>> state = new_deal(Ruleset.preset("contree"), dealer=0)
    >>> _ = apply_auction_call(state, 3, "bid", 1, 90)
    >>> [v.code for v in apply_auction_call(state, 2, "bid", 0, 80)]
    ['BEL210']
    """
    if action == "pass" and seat == state.bid_turn and state.phase == PHASE_BIDDING and state.taker is None:
        state.passes_run += 1  # the common call, in short (the same steps as below)
        _record(state, seat, action, None, None)
        state.bid_turn = (seat + state.flags.bid_step) & 3
        _maybe_end(state)
        return NO_VIOLATIONS
    out: list[Violation] = []
    index = len(state.bids)
    seat = open_call(state, seat)
    if auction_over(state):
        out.append(Violation(C.BID_AFTER_END, msg("%(who)s bid after the bidding was over", who=Seat(seat)),
                             seat=seat, index=index))
        _record(state, seat, action, suit, value)
        return out
    if seat != state.bid_turn:
        out.append(Violation(C.BID_OUT_OF_TURN,
                             msg("%(who)s bid out of turn: it was %(turn)s's turn", who=Seat(seat),
                                 turn=Seat(state.bid_turn)),
                             seat=seat, index=index))
    if action in _RANK:
        out.extend(_contract_bid(state, seat, action, suit, value, index))
    elif action in ("coinche", "surcoinche"):
        out.extend(_double(state, seat, index, 1 if action == "coinche" else 2))
    elif action == "pass":
        state.passes_run += 1
    else:
        out.append(Violation(C.BAD_BID, msg("%(who)s made a call %(call)s, which is not a call of "
                                            "contrée", who=Seat(seat),
                                            call=repr(action)),
                             seat=seat, index=index))
    _record(state, seat, action, suit, value)
    state.bid_turn = (seat + state.flags.bid_step) & 3
    _maybe_end(state)
    return out or NO_VIOLATIONS


def _record(state: DealState, seat: int, action: str, suit: int | None, value: int | None) -> None:
    state.bids.append((seat, action, suit))
    state.bid_values.append(value if action == "bid" else None)


def _contract_bid(state: DealState, seat: int, action: str, suit: int | None, value: int | None,
                  index: int) -> list[Violation]:
    out: list[Violation] = []
    rules = state.rules
    if suit is None or not 0 <= suit < 6:
        out.append(Violation(C.BAD_BID, msg("%(who)s bid %(call)s without a trump", who=Seat(seat),
                                            call=action), seat=seat, index=index))
        suit = 0
    problem: Message | None = None
    if action == "bid" and (value is None or value < 80 or value > rules.max_points_bid or value % 10):
        problem = msg("bids are 80 to %(most)s in steps of 10", most=rules.max_points_bid)
    elif action == "capot" and not rules.capot_bid:
        problem = msg("capot is not bid under these rules")
    elif action == "generale" and not rules.generale_bid:
        problem = msg("générale is not bid under these rules")
    elif suit == SANS_ATOUT and not rules.sans_atout:
        problem = msg("sans-atout is not played under these rules")
    elif suit == TOUT_ATOUT and not rules.tout_atout:
        problem = msg("tout-atout is not played under these rules")
    if problem is not None:
        out.append(Violation(C.BID_NOT_ALLOWED, msg("%(who)s bid %(bid)s: %(problem)s", who=Seat(seat),
                                                    bid=contract_name(action, suit, value), problem=problem),
                             seat=seat, index=index))
    if state.doubled:
        out.append(Violation(C.BID_AFTER_DOUBLE, msg("%(who)s bid %(bid)s after a coinche: only a "
                                                     "surcoinche or "
                                                     "a pass may follow", who=Seat(seat),
                                                     bid=contract_name(action, suit, value)),
                             seat=seat, index=index))
    high = state.high_bid
    if high is not None and _level(action, value) <= _level(high[1], high[3]):
        name = contract_name(action, suit, value)
        out.append(Violation(C.BID_NOT_HIGHER, msg("%(who)s bid %(bid)s, not higher than %(high)s",
                                                   who=Seat(seat), bid=name,
                                                   high=contract_name(high[1], high[2], high[3])),
                             seat=seat, index=index))
    elif suit in _own_strains(state, seat):
        name = contract_name(action, suit, value)
        out.append(Violation(C.RAISED_OWN_BID, msg("%(who)s bid %(bid)s in a trump they bid already: another "
                                                   "player must raise it", who=Seat(seat), bid=name),
                             seat=seat, index=index))
    state.high_bid = (seat, action, suit, value if action == "bid" and value is not None else 0)
    state.passes_run = 0
    return out


def _double(state: DealState, seat: int, index: int, level: int) -> list[Violation]:
    """A coinche (``level`` 1) or a surcoinche (2), when the auction allows it."""
    high = state.high_bid
    problem: Message | None
    if level == 1:
        code = C.DOUBLE_NOT_ALLOWED
        problem = (msg("there is no bid to coinche") if high is None
                   else msg("the contract is already coinché") if state.doubled
                   else msg("only an opponent of the bidder may coinche") if (high[0] - seat) & 1 == 0
                   else None)
    else:
        code = C.REDOUBLE_NOT_ALLOWED
        problem = (msg("there is no coinche to answer") if high is None or state.doubled == 0
                   else msg("the contract is already surcoinché") if state.doubled == 2
                   else msg("only the side coinchée may surcoinche") if (high[0] - seat) & 1
                   else None)
    state.passes_run = 0
    if problem is not None:
        told = (msg("%(who)s coinched: %(problem)s", who=Seat(seat), problem=problem) if level == 1
                else msg("%(who)s surcoinched: %(problem)s", who=Seat(seat), problem=problem))
        return [Violation(code, told, seat=seat, index=index)]
    state.doubled = level
    return []


def _maybe_end(state: DealState) -> None:
    """Three passes after a bid or a coinche, or a surcoinche, end the auction; four passes
    with no bid make a dead deal."""
    high = state.high_bid
    if high is None:
        if state.passes_run >= 4:
            state.phase = PHASE_DEAD
        return
    if state.doubled == 2 or state.passes_run >= 3:
        seat, action, suit, value = high
        _settle(state, seat, action, suit, value)


def _settle(state: DealState, seat: int, action: str, suit: int, value: int | None) -> None:
    """The contract is ``action`` (a call of :data:`BID_ACTIONS`) by ``seat``: play may start."""
    rules = state.rules
    state.taker = seat
    state.strain = suit
    state.trump = suit if suit < 4 else -1
    state.contract_kind = "points" if action == "bid" else action
    state.contract_value = ((value or 0) if action == "bid" else rules.capot_bid_value if action == "capot"
                            else rules.generale_bid_value)
    if state.hands_known:
        state.phase = PHASE_PLAY
    prepare_fast_path(state)


def set_auction_result(state: DealState, taker: int, action: str, suit: int, value: int | None = None,
                       doubled: int = 0) -> None:
    """Set a contrée contract without its auction (a record that gives only the contract): the
    call ``action`` (``bid`` of ``value`` points, ``capot`` or ``generale``) in ``suit`` (0-3, 4
    sans-atout, 5 tout-atout) by ``taker``, coinché once (``doubled=1``) or surcoinché (2).

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import contract, new_deal
    >>> state = new_deal(Ruleset.preset("contree"), dealer=0)
    >>> set_auction_result(state, 1, "capot", 0, doubled=1)
    >>> contract(state)
    Contract(taker=1, trump=0, kind='capot', value=250, doubled=1)
    """
    if action not in BID_ACTIONS or not 0 <= suit <= TOUT_ATOUT or not 0 <= doubled <= 2:
        raise ValueError(f"not a contrée contract: {action} {suit} doubled={doubled}")
    state.doubled = doubled
    _settle(state, taker & 3, action, suit, value)
