"""Announcements (sequences and carrés) and belote: held, valid, in time, and which count.

Shapes: a sequence is three or more cards of one suit in sequence order (7 8 9 10 J Q K A,
Spanish 4 5 6 7 10 11 12 1; no wrapping); a carré is the four cards of one rank. Values:
sequences 20/50/100 by length, carrés of jacks 200, nines 150, A/10/K/Q 100, 7/8 nothing.
Which team's announcements count is decided by ``announcement_ranking`` and
``announcement_tie`` (see :func:`best_announcements`).
"""

from __future__ import annotations

from collections.abc import Sequence

from belote_notation.game.cards import QUEEN
from belote_notation.game.engine import codes as C
from belote_notation.game.engine.codes import NO_VIOLATIONS, Violation
from belote_notation.game.engine.state import DealState
from belote_notation.game.engine.tables import (
    BELOTE_PAIRS,
    CARRE_VALUE,
    RANK_MASKS,
    SEQUENCE_VALUE,
    SUIT_MASKS,
    TRUMP_STRENGTH_OF,
)
from belote_notation.game.lang import Cards, Message, Seat, msg

__all__ = [
    "VALID_ANNOUNCEMENTS",
    "announce",
    "announcement_shape",
    "announcement_value",
    "belote_counts",
    "belote_holder",
    "best_announcements",
    "find_announcements",
]

KINDS = ("sequence", "carre", "belote")


def announcement_shape(kind: str, mask: int) -> Message | None:
    """``None`` when ``mask`` is a valid ``kind``; otherwise what is wrong, as a message."""
    if kind == "sequence":
        n = mask.bit_count()
        if n < 3:
            return msg("a sequence needs at least three cards, not %(cards)s", cards=n)
        suit = (mask & -mask).bit_length() - 1 >> 3
        if mask & ~SUIT_MASKS[suit]:
            return msg("a sequence must be in one suit")
        low = mask & -mask
        if (mask + low) & mask:
            return msg("the cards of a sequence must follow each other")
        return None
    if kind == "carre":
        if mask in RANK_MASKS:
            return None
        return msg("a carré is the four cards of one rank")
    return msg("unknown announcement %(kind)s", kind=repr(kind))


def announcement_value(kind: str, mask: int) -> int:
    """Points of a valid sequence or carré."""
    if kind == "carre":
        return CARRE_VALUE[(mask & -mask).bit_length() - 1 & 7]
    return SEQUENCE_VALUE[min(mask.bit_count(), 8)]


def _valid_announcements() -> dict[tuple[str, int], int]:
    """Every announcement :func:`announcement_shape` accepts, with its points: the runs of three
    to eight cards of a suit, the carrés (announce and the score look them up at every deal)."""
    runs = [((1 << length) - 1) << (suit * 8 + rank) for suit in range(4) for length in range(3, 9)
            for rank in range(9 - length)]
    found = [("sequence", mask) for mask in runs] + [("carre", mask) for mask in RANK_MASKS]
    return {key: announcement_value(*key) for key in found if announcement_shape(*key) is None}


VALID_ANNOUNCEMENTS = _valid_announcements()
"""``(kind, mask)`` of every valid sequence and carré, with its points."""


def find_announcements(hand: int) -> list[tuple[str, int]]:
    """Every maximal sequence and every carré of a hand, as ``(kind, mask)``.

    >>> [(kind, bin(mask)) for kind, mask in find_announcements(0b1110_1111)]
    [('sequence', '0b1111'), ('sequence', '0b11100000')]
    """
    out: list[tuple[str, int]] = []
    for suit in range(4):
        bits = hand >> (8 * suit) & 0xFF
        rank = 0
        while rank < 8:
            if bits >> rank & 1:
                end = rank
                while end + 1 < 8 and bits >> (end + 1) & 1:
                    end += 1
                if end - rank >= 2:
                    run = ((1 << (end - rank + 1)) - 1) << (8 * suit + rank)
                    out.append(("sequence", run))
                rank = end + 1
            else:
                rank += 1
    for mask in RANK_MASKS:
        if hand & mask == mask:
            out.append(("carre", mask))
    return out


def announce(state: DealState, seat: int, kind: str, cards_mask: int) -> Sequence[Violation]:
    """Declare a ``sequence``, ``carre`` or ``belote`` for ``seat``; returns the violations.

    Only valid, held, in-time announcements are kept for scoring.

    >>> from belote_notation.game.rules import Ruleset
    >>> from belote_notation.game.engine import new_deal, set_contract
    >>> state = new_deal(Ruleset.preset("classic"), dealer=0)
    >>> set_contract(state, taker=1, trump=0)
    >>> announce(state, 1, "sequence", 0b111)
    ()
    >>> [v.code for v in announce(state, 1, "sequence", 0b101)]
    ['BEL402']
    """
    index = state.announcements_made
    if not isinstance(seat, int) or not 0 <= seat < 4 or not isinstance(cards_mask, int) or cards_mask < 0:
        state.announcements_made += 1
        return [Violation(C.ANNOUNCE_BAD_SHAPE, msg("announcement %(kind)s without a seat or cards",
                                                         kind=repr(kind)),
                          index=index)]
    state.announcements_made += 1
    if kind == "belote":
        return _announce_belote(state, seat, index)
    rules = state.rules
    value = VALID_ANNOUNCEMENTS.get((kind, cards_mask)) if type(kind) is str else None
    problem = None if rules.announcements else C.ANNOUNCE_NOT_PLAYED
    if problem is None and value is None:
        problem = C.ANNOUNCE_BAD_SHAPE
    if problem is None and state.hands_known and cards_mask & ~state.full_hands[seat]:
        problem = C.ANNOUNCE_NOT_HELD
    if problem is None and state.cards_played(seat) > (rules.announce_deadline != "before_first_card"):
        problem = C.ANNOUNCE_TOO_LATE
    if problem is None:
        for other_seat, other_kind, other_mask in state.announcements:
            if other_seat == seat and other_kind == kind and other_mask & cards_mask == cards_mask:
                problem = C.ANNOUNCE_DUPLICATE
                break
    if problem is not None:
        return [_refused(state, seat, kind, cards_mask, index, problem)]
    state.announcements.append((seat, kind, cards_mask))
    if value == 0:
        return [Violation(C.ANNOUNCE_WORTHLESS, msg("%(who)s announced a carré of %(cards)s, which is "
                                                    "worth nothing",
                                                         who=Seat(seat), cards=Cards(cards_mask, state.deck)),
                          seat=seat,
                          trick=_trick(state), index=index)]
    return NO_VIOLATIONS


def _trick(state: DealState) -> int | None:
    """The trick an act is made in (``None`` after the eighth)."""
    return state.trick_no + 1 if state.trick_no < 8 else None


def _refused(state: DealState, seat: int, kind: str, cards_mask: int, index: int, code: str) -> Violation:
    """What is wrong with an announcement that :func:`announce` does not keep, in words."""
    who, deck = Seat(seat), state.deck
    shown = Cards(cards_mask, deck)
    if code == C.ANNOUNCE_NOT_PLAYED:
        message = msg("%(who)s announced a %(kind)s, but announcements are not played under these rules",
                      who=who, kind=kind)
    elif code == C.ANNOUNCE_BAD_SHAPE:
        problem = announcement_shape(kind, cards_mask) or msg("None")
        message = (msg("%(who)s announced %(cards)s: %(problem)s", who=who, cards=shown, problem=problem)
                   if cards_mask else
                   msg("%(who)s announced no cards: %(problem)s", who=who, problem=problem))
    elif code == C.ANNOUNCE_NOT_HELD:
        message = msg("%(who)s announced %(cards)s without holding %(missing)s", who=who, cards=shown,
                      missing=Cards(cards_mask & ~state.full_hands[seat], deck))
    elif code == C.ANNOUNCE_TOO_LATE:
        message = (msg("%(who)s announced %(cards)s too late: announcements are declared before one's first "
                       "card", who=who, cards=shown)
                   if state.rules.announce_deadline == "before_first_card" else
                   msg("%(who)s announced %(cards)s too late: announcements are declared before one's second "
                       "card", who=who, cards=shown))
    else:
        message = msg("%(who)s announced %(cards)s twice", who=who, cards=shown)
    return Violation(code, message, seat=seat, trick=_trick(state), index=index)


def _announce_belote(state: DealState, seat: int, index: int) -> Sequence[Violation]:
    trump = state.trump
    if trump >= 0 and state.hands_known:
        pair = BELOTE_PAIRS[trump]
        if state.full_hands[seat] & pair != pair:
            told = msg("%(who)s announced belote without holding king and queen of trump", who=Seat(seat))
            return [Violation(C.BELOTE_NOT_HELD, told, seat=seat, trick=_trick(state), index=index)]
    state.belote_announced[seat] = True
    return NO_VIOLATIONS


# ------------------------------------------------------------------------- which count
def _key(ranking: str, kind: str, mask: int, value: int, trump: int) -> tuple[int, ...]:
    """How an announcement worth ``value`` ranks (``announcement_ranking``): the higher key wins."""
    if kind == "carre":
        strength = TRUMP_STRENGTH_OF[(mask & -mask).bit_length() - 1]
        if ranking == "length":
            return (1, value, strength, 0)
        if ranking == "value":
            return (value, 1, strength, 0)
        return (value, 0)
    top = mask.bit_length() - 1
    is_trump = 1 if top >> 3 == trump else 0
    if ranking == "length":
        return (0, mask.bit_count(), top & 7, is_trump)
    if ranking == "value":
        return (value, 0, top & 7, is_trump)
    return (value, is_trump)


def best_announcements(state: DealState) -> tuple[int | None, tuple[int, int], tuple[int, int]]:
    """``(winning team or None, points scored per team, points declared per team)``.

    Only the team holding the single best announcement scores, all of its announcements.
    Worthless carrés (7s, 8s) never win.
    """
    if not state.announcements:
        return None, (0, 0), (0, 0)
    rules = state.rules
    declared = [0, 0]
    best: list[tuple[int, ...] | None] = [None, None]
    closeness = [9, 9]
    step = state.flags.play_step
    for seat, kind, mask in state.announcements:
        value = VALID_ANNOUNCEMENTS.get((kind, mask))
        if value is None:  # kept by other means than announce
            value = announcement_value(kind, mask)
        if not value:
            continue
        team = seat & 1
        declared[team] += value
        key = _key(rules.announcement_ranking, kind, mask, value, state.trump)
        dist = ((seat - state.dealer) * step) & 3
        held = best[team]
        if held is None or key > held or (key == held and dist < closeness[team]):
            best[team] = key
            closeness[team] = dist
    ns, ew = best
    if ns is None and ew is None:
        return None, (0, 0), (declared[0], declared[1])
    if ew is None or (ns is not None and ns > ew):
        winner: int | None = 0
    elif ns is None or ew > ns:
        winner = 1
    elif rules.announcement_tie == "closest_to_dealer":
        winner = 0 if closeness[0] < closeness[1] else 1
    else:
        winner = None
    scored = (declared[0] if winner == 0 else 0, declared[1] if winner == 1 else 0)
    return winner, scored, (declared[0], declared[1])


def belote_holder(state: DealState) -> int | None:
    """The seat holding both king and queen of trump (from the hands, else from the play)."""
    trump = state.trump
    if trump < 0:
        return None
    pair = BELOTE_PAIRS[trump]
    if state.hands_known:
        for seat, held in enumerate(state.full_hands):
            if held & pair == pair:
                return seat
        return None
    found = {}
    for seats, cards, _ in state.tricks:
        for s, c in zip(seats, cards, strict=True):
            if (1 << c) & pair:
                found[c] = s
    if len(found) == 2 and len(set(found.values())) == 1:
        return next(iter(found.values()))
    return None


def belote_counts(state: DealState) -> tuple[int | None, tuple[Violation, ...]]:
    """The seat whose belote scores (or ``None``), with infos on a belote that does not count."""
    seat = belote_holder(state)
    if seat is None:
        return None, ()
    rules = state.rules
    first = state.first_belote_card
    if rules.belote_king_first and first is not None and (first & 7) == QUEEN:
        return None, (Violation(C.BELOTE_ORDER, msg("%(who)s played the queen of trump before the king: "
                                                    "belote not "
                                                         "counted", who=Seat(seat)), seat=seat),)
    if not rules.belote_requires_declaration or state.belote_announced[seat]:
        return seat, ()
    said = {m for m, _ in state.belote_marks[seat]}
    if {"belote", "rebelote"} <= said:
        return seat, ()
    if state.trick_no < 8 and len(said) < 2:
        return None, ()
    missing = "rebelote" if "belote" in said else "belote"
    told = msg("%(who)s held king and queen of trump but did not say %(word)s: belote not counted",
               who=Seat(seat), word=missing)
    return None, (Violation(C.BELOTE_NOT_DECLARED, told, seat=seat),)
