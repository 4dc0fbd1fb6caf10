"""Alternative lines: each replayed from the state before the item it replaces, on a copy.

An alternative line is an analyst's "what if": its illegal acts are warnings (BEL711), and it
changes nothing of the deal itself. Nested lines are replayed depth first with an explicit
stack (no recursion), down to ``MAX_DEPTH`` levels.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from belote_notation.check.codes import BAD_VARIATION
from belote_notation.check.context import Context
from belote_notation.check.facts import BidFact, Variation
from belote_notation.game.engine import DealState, apply_bid, copy_deal, next_bidder, next_player, play_card
from belote_notation.game.lang import msg

__all__ = ["replay_variations"]

MAX_DEPTH = 20
"""Lines nested deeper than this are not replayed (each level copies the deal state)."""


def replay_variations(ctx: Context, state: DealState, variations: list[Variation]) -> None:
    """Replay each of ``variations`` from ``state`` (which is left as it is), depth first."""
    stack: list[Iterator[Iterator[None] | None]] = [_lines(ctx, state, variations, 0)]
    while stack:
        nested = next(stack[-1], _DONE)
        if nested is _DONE:
            stack.pop()
        elif nested is not None:
            stack.append(nested)


_DONE = iter(())


def _copy(state: DealState) -> DealState | None:
    try:
        return copy_deal(state)
    except Exception:  # noqa: BLE001 - an uncopyable state only means the line is not replayed
        return None


def _lines(ctx: Context, origin: DealState, lines: list[Variation], depth: int) -> Iterator[Any]:
    """Replays each line on a copy of ``origin``; yields the replay of each nested line first."""
    if depth > MAX_DEPTH:
        return
    for line in lines:
        branch = _copy(origin)
        if branch is None:  # a state that cannot be copied: the lines are not checked
            return
        for item in line:
            if item.variations:
                yield _lines(ctx, branch, item.variations, depth + 1)
            if isinstance(item, BidFact):
                bidder = item.seat if item.seat is not None else next_bidder(branch)
                vs = apply_bid(branch, bidder, item.action, item.suit, item.value)
            else:
                player = item.seat if item.seat is not None else next_player(branch)
                vs = play_card(branch, player, item.card, item.mark)
            for v in vs:
                ctx.add(BAD_VARIATION, msg("in an alternative line: %(code)s %(problem)s", code=v.code,
                                               problem=v.msg), item.line,
                        item.col, trick=v.trick, seat=v.seat)
