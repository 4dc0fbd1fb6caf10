"""The play of a deal: announcements at the moment they were declared, then trick by trick.

Engine violations go to the card (or announcement) that caused them; what only the record
can get wrong (trick numbering, a trick of three or five cards, a wrong recorded winner) is
said here.
"""

from __future__ import annotations

from belote_notation.check.codes import (
    INCOMPLETE_DEAL,
    SHORT_TRICK,
    SKIPPED_PLAYS,
    TRICK_NUMBER,
    TRICK_WINNER,
)
from belote_notation.check.context import Context, TrickTrace
from belote_notation.check.facts import AnnouncementFact, DealFacts, PlayFact, TrickFact
from belote_notation.check.variations import replay_variations
from belote_notation.game.cards import SEAT_NAMES, card_symbol_name
from belote_notation.game.engine import (
    DealState,
    announce,
    check_trick_size,
    last_trick,
    next_player,
    play_card,
    running_points,
    tricks_played,
)
from belote_notation.game.engine import codes as C

__all__ = ["play_tricks"]

Pending = dict[tuple[int, int], list[AnnouncementFact]]
"""Announcements declared later than the first card, by (seat, the seat's card number)."""


def play_tricks(ctx: Context, deal: DealFacts, state: DealState,
                traces: list[TrickTrace] | None) -> bool:
    """Announcements and tricks through the engine; False when the deal cannot be scored."""
    pending = _announce_early(ctx, deal, state) if deal.announcements else {}
    counts = [0, 0, 0, 0]
    tricks = deal.tricks
    for t_index, trick in enumerate(tricks):
        plays = _trick_shape(ctx, deal, state, trick, t_index)
        if plays is None:
            break
        _play(ctx, state, plays, pending, counts)
        _trick_end(ctx, state, trick, plays, t_index, traces)
    for due in pending.values():
        for ann in due:
            _announce(ctx, state, ann)
    done = tricks_played(state)
    if done >= 8:
        return True
    if len(tricks) < 8:  # the record stops early: say which trick is missing
        line, col = (tricks[-1].line, tricks[-1].col) if tricks else (deal.line, deal.col)
        ctx.add(C.TRICKS_MISSING, f"only {len(tricks)} of the 8 tricks are recorded", line, col,
                trick=len(tricks) + 1)
    ctx.add(INCOMPLETE_DEAL, f"could not score deal {deal.number}: only {done} complete "
            "trick" + ("" if done == 1 else "s"), deal.line, deal.col)
    return False


def _announce_early(ctx: Context, deal: DealFacts, state: DealState) -> Pending:
    """Announce what was declared before or with the first card; keep the rest for later."""
    pending: Pending = {}
    early = []
    for ann in deal.announcements:
        when = ann.before_card if ann.before_card is not None else ann.trick
        if when is not None and when > 1:
            pending.setdefault((ann.seat & 3, when), []).append(ann)
        else:
            early.append(ann)
    for ann in early:
        _announce(ctx, state, ann)
    return pending


def _announce(ctx: Context, state: DealState, ann: AnnouncementFact) -> None:
    mask = 0
    for card in ann.cards:
        mask |= 1 << card
    vs = announce(state, ann.seat & 3, ann.kind, mask)
    if vs:
        ctx.violations(vs, ann.line, ann.col)


def _trick_shape(ctx: Context, deal: DealFacts, state: DealState, trick: TrickFact,
                 t_index: int) -> list[PlayFact] | None:
    """The trick's number and size; its first four plays (``None``: stop here)."""
    number = t_index + 1
    if trick.number != number:
        ctx.add(TRICK_NUMBER, f"trick numbered {trick.number}, expected {number}", trick.line,
                trick.col, trick=number)
    plays = trick.plays
    n = len(plays)
    more = number < len(deal.tricks)
    if n < 4:  # the record stops here
        ctx.add(SHORT_TRICK, f"trick {number} has only {n} card{'s' if n != 1 else ''}", trick.line,
                trick.col, trick=number)
        if more:
            ctx.add(SKIPPED_PLAYS, f"could not check deal {deal.number} after trick {number}",
                    trick.line, trick.col, trick=number)
        return None
    vs = check_trick_size(state, n)
    for v in vs:
        play = plays[v.index or 0]
        ctx.add(v.code, v.message, play.line, play.col, trick=v.trick, seat=play.seat)
    if n > 4 and more:
        ctx.add(SKIPPED_PLAYS, f"could not check deal {deal.number} after trick {number}",
                trick.line, trick.col, trick=number)
    if tricks_played(state) >= 8:
        return None
    return plays[:4] if n > 4 else plays


def _play(ctx: Context, state: DealState, plays: list[PlayFact], pending: Pending,
          counts: list[int]) -> None:
    """Four cards through the engine, with the announcements due before each."""
    for play in plays:
        seat = play.seat
        if seat is None:
            seat = next_player(state)
        if pending:
            counts[seat] += 1
            due = pending.pop((seat, counts[seat]), None)
            if due:
                for ann in due:
                    _announce(ctx, state, ann)
        if play.variations:
            replay_variations(ctx, state, play.variations)
        vs = play_card(state, seat, play.card, play.mark)
        if vs:
            ctx.violations(vs, play.line, play.col)


def _trick_end(ctx: Context, state: DealState, trick: TrickFact, plays: list[PlayFact], t_index: int,
               traces: list[TrickTrace] | None) -> None:
    """The recorded winner against the engine's (BEL501 at the winner), and the trace."""
    if trick.winner is None and traces is None:
        return
    done = last_trick(state)
    if done is None:
        return
    if trick.winner is not None and trick.winner != done.winner:
        line, col = trick.winner_pos
        ctx.add(TRICK_WINNER, f"trick {t_index + 1} recorded as won by {SEAT_NAMES[trick.winner & 3]}, "
                f"but {SEAT_NAMES[done.winner]} won it with "
                f"{card_symbol_name(done.cards[done.seats.index(done.winner)], ctx.deck)}", line, col,
                trick=t_index + 1, seat=trick.winner)
    if traces is not None:
        traces.append(TrickTrace(t_index + 1, list(done.seats), list(done.cards), [p.mark for p in plays],
                                 done.winner, done.points, running_points(state)))
