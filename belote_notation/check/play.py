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
from belote_notation.check.facts import AnnouncementFact, DealFacts, TrickFact, UnreadTrick
from belote_notation.check.traces import plain_rows
from belote_notation.check.variations import replay_variations
from belote_notation.game.engine import (
    CompletedTrick,
    DealState,
    Violation,
    announce,
    cards_placed,
    check_trick_size,
    completed_trick,
    hand_now,
    hands_known,
    last_trick,
    last_trick_winner,
    next_player,
    plain_trick,
    play_card,
    play_cards,
    play_tricks_batch,
    running_points,
    tricks_played,
    wrong_winners,
)
from belote_notation.game.engine import codes as C
from belote_notation.game.lang import Card, Seat, msg, msg_n

__all__ = ["play_tricks"]

Pending = dict[tuple[int, int], list[AnnouncementFact]]
"""Announcements declared later than the first card, by (seat, the seat's card number)."""


def play_tricks(ctx: Context, deal: DealFacts, state: DealState, traces: list[TrickTrace] | None,
                unread: UnreadTrick | None = None) -> bool:
    """Announcements and tricks through the engine; False when the deal cannot be scored.
    ``unread``: the trick with a syntax error (:mod:`.followable`)."""
    pending = _announce_early(ctx, deal, state) if deal.announcements else {}
    tricks = deal.tricks
    first = _play_plain(ctx, state, tricks) if not pending and hands_known(state) else 0
    if _played_whole(ctx, state, tricks, first, traces):  # the whole deal, in one call to the engine
        return True
    counts = [0, 0, 0, 0]
    for t_index in range(first, len(tricks)):
        trick = tricks[t_index]
        if unread is not None and t_index == unread.index:
            if not _play_unread(ctx, state, tricks, t_index, unread, traces):
                unread.stopped = True
                deal.score = None  # a deal not played to its end is not scored
                break
            continue
        cards = trick.cards
        if None in trick.seats:
            trick.seats = _holders(state, trick)
        if (len(cards) == 4 and trick.number == t_index + 1 and state.trick_no < 8 and not pending
                and trick.variations is None):  # the usual trick, in one call to the engine
            stopped = play_cards(state, trick.seats, cards, trick.marks)
            if stopped < 4:
                _play_rest(ctx, state, tricks, trick, stopped)
            if traces is None and (trick.winner is None or trick.winner == last_trick_winner(state)):
                continue
        elif ctx.unterminated and len(cards) < 4 and t_index == len(tricks) - 1:
            _play(ctx, state, tricks, trick, len(cards), pending, counts)  # a position: the record stops here
            break
        else:
            n = _trick_shape(ctx, deal, state, trick, t_index)
            if not n:
                break
            _play(ctx, state, tricks, trick, n, pending, counts)
        _trick_end(ctx, state, trick, t_index, traces)
    for due in pending.values():
        for ann in due:
            _announce(ctx, state, ann)
    done = tricks_played(state)
    if done >= 8:
        return True
    if ctx.unterminated:  # a position ([Termination "unterminated"]): stopping early is no fault
        ctx.add(INCOMPLETE_DEAL, msg_n("could not score deal %(deal)s: the record stops after %(done)s "
                                       "complete trick (Termination: unterminated)",
                                       "could not score deal %(deal)s: the record stops after %(done)s "
                                       "complete tricks (Termination: unterminated)", "done",
                                       deal=deal.number, done=done), deal.line, deal.col)
        return False
    if len(tricks) < 8:  # the record stops early: say which trick is missing
        line, col = (tricks[-1].line, tricks[-1].col) if tricks else (deal.line, deal.col)
        ctx.add(C.TRICKS_MISSING, msg("only %(recorded)s of the 8 tricks are recorded", recorded=len(tricks)),
                line, col, trick=len(tricks) + 1)
    ctx.add(INCOMPLETE_DEAL, msg_n("could not score deal %(deal)s: only %(done)s complete trick",
                                   "could not score deal %(deal)s: only %(done)s complete tricks", "done",
                                   deal=deal.number, done=done), deal.line, deal.col)
    return False


def _play_unread(ctx: Context, state: DealState, tricks: list[TrickFact], t_index: int,
                 unread: UnreadTrick, traces: list[TrickTrace] | None) -> bool:
    """The trick with a syntax error, played to go on with the tricks after it, and not
    checked: each card that could not be read is the one card its seat holds and does not
    play in the rest of the deal (or the one card nobody holds, the hands worked out from the
    plays). False when that is not one card for each: the deal is checked up to here."""
    trick = tricks[t_index]
    seats = _holders(state, trick) if None in trick.seats else list(trick.seats)
    read = dict(zip(seats, zip(trick.cards, trick.marks, strict=False), strict=False))
    if not hands_known(state) or None in read or len(read) != len(trick.cards) or len(read) > 4:
        return False
    before, later, played = _mask(tricks[:t_index]), _mask(tricks[t_index + 1:]), _mask([trick])
    held = [hand_now(state, seat) for seat in range(4)]
    nobody = ~(held[0] | held[1] | held[2] | held[3] | before) & 0xFFFFFFFF
    for seat in range(4):
        if seat not in read:
            left = (held[seat] | nobody) & ~later & ~played
            if left.bit_count() != 1:
                return False
            card = left.bit_length() - 1
            read[seat] = (card, None)
            unread.worked_out.append(msg("%(who)s's %(card)s", who=Seat(seat), card=Card(card, ctx.deck)))
    for _ in range(4):  # in the engine's turn order: the trick is not judged
        seat = next_player(state)
        card, mark = read[seat]
        play_card(state, seat, card, mark)
    if traces is not None:
        _trace(state, trick, t_index, traces)
    return True


def _mask(tricks: list[TrickFact]) -> int:
    """The cards of ``tricks``, as a mask."""
    mask = 0
    for trick in tricks:
        for card in trick.cards:
            if 0 <= card < 32:  # a record built in Python may hold anything: the engine says so
                mask |= 1 << card
    return mask


def _play_plain(ctx: Context, state: DealState, tricks: list[TrickFact]) -> int:
    """The deal's first plain tricks (four cards each with their seats, numbered in order, no
    alternative lines: the engine's ``plain_trick``) in one call to the engine: how many tricks
    are played and checked.

    The same steps as the loop of :func:`play_tricks`, trick after trick: where the batch stops
    at a card, ``play_card`` plays that card and says what is wrong with it, then the batch goes
    on; the recorded winners are compared once each trick is complete. Should a card not be
    placed (not a card of the deck), the cards no longer fall four to a trick: that trick ends
    as the loop ends it, and the loop goes on from the next."""
    if cards_placed(state):
        return 0
    i = play_tricks_batch(state, tricks)
    checked = 0
    while True:
        complete = i >> 2
        if complete > checked:  # the recorded winners of the tricks complete so far
            _check_winners(ctx, state, tricks, checked, complete)
            checked = complete
        t_index, j = divmod(i, 4)
        if complete >= 8 or t_index >= len(tricks) or (j == 0 and not plain_trick(tricks[t_index], t_index)):
            return complete
        trick = tricks[t_index]
        seat = trick.seats[j]
        _play_one(ctx, state, tricks, trick, j, seat if seat is not None else next_player(state))
        if cards_placed(state) != i + 1:  # the card was not placed: the loop's way from here
            stopped = play_cards(state, trick.seats, trick.cards, trick.marks, j + 1)
            if stopped < 4:
                _play_rest(ctx, state, tricks, trick, stopped)
            if trick.winner is not None and trick.winner != last_trick_winner(state):
                _trick_end(ctx, state, trick, t_index, None)
            return t_index + 1
        i = play_tricks_batch(state, tricks, i + 1)


def _check_winners(ctx: Context, state: DealState, tricks: list[TrickFact], start: int, end: int) -> None:
    """BEL501 for each of ``tricks[start:end]`` (complete) whose recorded winner is not the engine's."""
    for k in wrong_winners(state, tricks, start, end):
        done = completed_trick(state, k)
        recorded = tricks[k].winner
        if done is not None and recorded is not None:
            _wrong_winner(ctx, k, recorded, done, tricks[k].winner_pos)


def _holders(state: DealState, trick: TrickFact) -> list[int | None]:
    """The trick's seats, a seat left out being the player who holds the card when the hands
    are known: one wrong card is then one finding, as when the seats are written. A card that
    nobody holds any more (or unknown hands) leaves the seat to turn order."""
    seats = list(trick.seats)
    if not hands_known(state):
        return seats
    for i, seat in enumerate(seats):
        if seat is None and i < len(trick.cards):
            bit = 1 << trick.cards[i]
            for holder in range(4):
                if hand_now(state, holder) & bit:
                    seats[i] = holder
                    break
    return seats


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
                 t_index: int) -> int:
    """The trick's number and size; how many of its plays to play (0: stop here)."""
    number = t_index + 1
    if trick.number != number:
        ctx.add(TRICK_NUMBER, msg("trick numbered %(written)s, expected %(trick)s", written=trick.number,
                                  trick=number), trick.line,
                trick.col, trick=number)
    n = len(trick.cards)
    more = number < len(deal.tricks)
    if n < 4:  # the record stops here
        ctx.add(SHORT_TRICK, msg_n("trick %(trick)s has only %(cards)s card", "trick %(trick)s has only "
                                                                              "%(cards)s cards",
                                   "cards", trick=number, cards=n), trick.line,
                trick.col, trick=number)
        if more:
            ctx.add(SKIPPED_PLAYS, msg("could not check deal %(deal)s after trick %(trick)s",
                                       deal=deal.number, trick=number), trick.line, trick.col, trick=number)
        return 0
    for v in check_trick_size(state, n):
        line, col = trick.positions[v.index or 0]
        ctx.add(v.code, v.msg, line, col, trick=v.trick, seat=trick.seats[v.index or 0])
    if n > 4 and more:
        ctx.add(SKIPPED_PLAYS, msg("could not check deal %(deal)s after trick %(trick)s", deal=deal.number,
                                   trick=number), trick.line, trick.col, trick=number)
    if tricks_played(state) >= 8:
        return 0
    return 4


def _play_rest(ctx: Context, state: DealState, tricks: list[TrickFact], trick: TrickFact, i: int) -> None:
    """A trick of four plays the engine's batch stopped in at play ``i``: that card goes through
    ``play_card``, which says what is wrong with it, then the batch goes on."""
    seats, cards, marks = trick.seats, trick.cards, trick.marks
    while i < 4:
        seat = seats[i]
        _play_one(ctx, state, tricks, trick, i, seat if seat is not None else next_player(state))
        i = play_cards(state, seats, cards, marks, i + 1)


def _play_one(ctx: Context, state: DealState, tricks: list[TrickFact], trick: TrickFact, i: int,
              seat: int) -> None:
    vs = play_card(state, seat, trick.cards[i], trick.marks[i])
    if vs:
        line, col = trick.positions[i]
        if i == 0:
            vs = [v for v in vs
                  if v.code != C.WRONG_LEADER or not _lead_of_a_winner(ctx, state, tricks, v, (line, col))]
        ctx.violations(vs, line, col)


def _lead_of_a_winner(ctx: Context, state: DealState, tricks: list[TrickFact], v: Violation,
                      at: tuple[int, int]) -> bool:
    """Whether the lead error ``v`` only follows from the winner of the trick before it (one
    finding, as the winner): that winner recorded wrong (``winner X``, BEL501 said there) and
    the recorded winner leads, or no winner written and the lead records it (BEL501 said here,
    at the lead). An illegal card that changed the winner gives the same: the cause is said."""
    k = (v.trick or 0) - 2
    done = completed_trick(state, k) if 0 <= k < len(tricks) else None
    if done is None or v.seat is None or v.seat == done.winner:
        return False
    recorded = tricks[k].winner
    if recorded is None:
        _wrong_winner(ctx, k, v.seat, done, at, led=True)
        return True
    return recorded == v.seat


def _play(ctx: Context, state: DealState, tricks: list[TrickFact], trick: TrickFact, n: int,
          pending: Pending, counts: list[int]) -> None:
    """The first ``n`` cards one by one, with the announcements due before each and the
    alternative lines written after each."""
    lines = trick.variations
    for i in range(n):
        seat = trick.seats[i]
        if seat is None:
            seat = next_player(state)
        if pending:
            counts[seat] += 1
            due = pending.pop((seat, counts[seat]), None)
            if due:
                for ann in due:
                    _announce(ctx, state, ann)
        if lines and i in lines:
            replay_variations(ctx, state, lines[i])
        _play_one(ctx, state, tricks, trick, i, seat)


def _trick_end(ctx: Context, state: DealState, trick: TrickFact, t_index: int,
               traces: list[TrickTrace] | None) -> None:
    """The recorded winner against the engine's (BEL501 at the winner), and the trace."""
    recorded = trick.winner
    if recorded is None and traces is None:
        return
    if last_trick_winner(state) == recorded and traces is None:
        return
    done = last_trick(state)
    if done is None:
        return
    if recorded is not None and recorded != done.winner:
        _wrong_winner(ctx, t_index, recorded, done, trick.winner_pos)
    if traces is not None:
        _trace(state, trick, t_index, traces)


def _trace(state: DealState, trick: TrickFact, t_index: int, traces: list[TrickTrace]) -> None:
    """What ``show`` needs of the trick just completed."""
    done = last_trick(state)
    if done is not None:
        traces.append(TrickTrace(t_index + 1, list(done.seats), list(done.cards), list(trick.marks[:4]),
                                 done.winner, done.points, running_points(state)))


def _played_whole(ctx: Context, state: DealState, tricks: list[TrickFact], first: int,
                  traces: list[TrickTrace] | None) -> bool:
    """Whether :func:`_play_plain`'s ``first`` tricks are the whole deal; their traces made now
    (when asked for), or told to an observer that makes them on demand (a whole deal)."""
    whole = first == 8 == len(tricks) and tricks_played(state) == 8
    if traces is not None and first:
        if whole and getattr(ctx.observer, "traces_on_demand", False):
            ctx.observer.played_plain(ctx.position, tricks)  # type: ignore[union-attr]
        else:
            _trace_plain(state, tricks, first, traces)
    return whole


def _trace_plain(state: DealState, tricks: list[TrickFact], first: int, traces: list[TrickTrace]) -> None:
    """The traces of the ``first`` tricks :func:`_play_plain` played, as the loop of
    :func:`play_tricks` makes them trick by trick (the same cards through the same engine): each
    closed trick with the running card points when it closed (the points now, less those of the
    tricks closed after it: only a trick's close changes them); a last trick left open (a card
    not placed) is traced as the loop traces it."""
    closed = min(first, len(state.tricks))
    traces.extend([TrickTrace(*row) for row in plain_rows(state, tricks, closed)])
    if closed < first:
        _trace(state, tricks[first - 1], first - 1, traces)


def _wrong_winner(ctx: Context, t_index: int, recorded: int, done: CompletedTrick, at: tuple[int, int],
                  led: bool = False) -> None:
    """BEL501 at the recorded winner (``recorded``) of a trick that ``done`` says another seat
    won: its ``winner X``, or (``led``) the lead of the next trick when no winner is written."""
    line, col = at
    seat = Seat(recorded & 3)
    card = Card(done.cards[done.seats.index(done.winner)], ctx.deck)
    told = (msg("trick %(trick)s recorded as won by %(seat)s (%(seat)s leads trick %(next)s), but %(winner)s "
                "won it with %(card)s", trick=t_index + 1, seat=seat, next=t_index + 2,
                winner=Seat(done.winner), card=card) if led else
            msg("trick %(trick)s recorded as won by %(seat)s, but %(winner)s won it with %(card)s",
                trick=t_index + 1, seat=seat, winner=Seat(done.winner), card=card))
    ctx.add(TRICK_WINNER, told, line, col, trick=t_index + 1, seat=recorded)
