"""The contrée auction as a table: each call's step, asked of the engine once and kept.

``setup_auction(state, five, calls, rest, hands)`` does to a fresh contrée deal (``new_deal``)
what ``apply_auction_call`` (each call in turn) and ``set_hands`` do when they find nothing
wrong: the auction's calls, with no alternative line, to its end (a contract, or four passes),
then the four hands of eight cards that make the deck (``hands``: hand lines, see
:class:`~.plain.HandLine`; no ``five`` nor ``rest``). It returns :data:`~.plain.TAKEN` or
:data:`~.plain.ALL_PASSED`; anything else leaves the state as it was and returns
:data:`~.plain.NOT_SET_UP`, and the phases one by one say what is wrong.

It decides nothing about the auction. A call's step is a function of the values the engine
names (:data:`~.auction.STEP_STATE`), the call and the rule set; the compiled code
(``_play.c``) looks the step up in the rule set's table (:func:`step_table`), keyed by those
values and the call, and writes what the table holds: the fields the step replaced, and the
items it added to a list. A step not in the table is :func:`~.auction.apply_auction_call`
itself, run on the deal: what it changed is kept in the table, unless it found something
wrong (the deal goes back as it was, to the phases) or changed a field to a value that
cannot be shared between deals (then it is asked again the next time). A rule set whose step
reads more (:func:`~.auction.step_reads_calls`) or that is not a contrée auction has no
table: its deals are the phases'. The hands are given to ``start_play``, or what it sets after
the contract is written with them (:func:`~.plain.started_fields`, by dealer, taker and strain).

``tests/speed/test_setup_auction.py`` proves it equal to the phases, state by state.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from belote_notation.game.cards import FULL_DECK
from belote_notation.game.compiled import compiled
from belote_notation.game.engine.auction import STEP_STATE, apply_auction_call, step_reads_calls
from belote_notation.game.engine.distribution import HAND_CARDS
from belote_notation.game.engine.plain import started_fields
from belote_notation.game.engine.state import PHASE_DEAD, PHASE_NEW, start_play
from belote_notation.game.rules import Ruleset

if TYPE_CHECKING:
    from belote_notation.game.engine._play import StepTable

__all__ = ["TABLE_SIZE", "setup_auction", "step_table"]

TABLE_SIZE = 1 << 15
"""The most steps a rule set's table keeps; full, it starts again empty. Twenty thousand
generated contrée deals (161,271 calls) meet about 7,000 different steps."""


@functools.lru_cache(maxsize=16)
def step_table(rules: Ruleset) -> StepTable | dict[tuple[object, ...], object] | None:
    """The table of the steps of ``rules``' auction, filled by the compiled set-up as it meets
    them (empty at first); ``None`` when the rule set's calls are not a contrée auction or its
    step reads more than :data:`~.auction.STEP_STATE` (a dict where the compiled engine is not
    built: nothing then asks for it).
    Its keys are the values of :data:`~.auction.STEP_STATE` and the call's seat, word, suit and
    value; it is the compiled ``StepTable`` (looked up by the values, no key tuple made a call),
    a mapping of those tuples to the entries.

    >>> from belote_notation.game.rules import Ruleset
    >>> step_table(Ruleset.preset("contree")) is not None, step_table(Ruleset.preset("classic"))
    (True, None)
    """
    if rules.bidding != "contree" or step_reads_calls(rules):
        return None
    try:
        from belote_notation.game.engine._play import StepTable
    except ImportError:  # the compiled engine not built: no set-up asks for a table
        return {}
    return StepTable(len(STEP_STATE) + 4)


def _compiled_setup() -> Callable[..., int]:
    """The compiled set-up of a contrée deal (``_play.c``), handed the engine's functions."""
    from belote_notation.game.engine import _play

    _play.bind_auction(step_table, apply_auction_call, start_play, started_fields, STEP_STATE, PHASE_NEW,
                       PHASE_DEAD, HAND_CARDS, FULL_DECK, TABLE_SIZE)
    return _play.setup_auction


setup_auction = compiled(_compiled_setup)
