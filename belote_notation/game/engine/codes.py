"""The codes of the rules the engine decides, each a named constant a :class:`Violation` carries.

BEL1xx deck integrity, BEL2xx bidding, BEL3xx play, BEL4xx announcements and belote: the
names of the table's rows raised by ``"engine"``. Their titles, severities, status and the
codes of the other layers live in the one table, :mod:`belote_notation.game.code_table`.

>>> NOT_FOLLOWED
'BEL303'
"""

from __future__ import annotations

from dataclasses import dataclass

from belote_notation.game.lang import Message, render


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: its code, its message as data (rendered in a language at the edge;
    :attr:`message` is its English text), and where it is.

    ``trick`` is 1-based; ``index`` is the 0-based position inside the trick, or the index
    of the bid / announcement the violation is about; ``card`` is the card it is about (the
    card dealt twice, the offer also in a hand, the card played), when there is one.

    >>> from belote_notation.game.lang import Seat, msg
    >>> v = Violation(TRICKS_MISSING, msg("only %(played)s of the 8 tricks were played", played=7))
    >>> v.message
    'only 7 of the 8 tricks were played'
    """

    code: str
    msg: Message
    seat: int | None = None
    trick: int | None = None
    index: int | None = None
    card: int | None = None

    @property
    def message(self) -> str:
        """The message in English."""
        return render(self.msg)


NO_VIOLATIONS: tuple[Violation, ...] = ()
"""Shared empty result: engine calls return it when nothing is wrong."""

# --------------------------------------------------------------------- BEL1xx deck integrity
WRONG_FIVE_COUNT = "BEL101"
DUPLICATE_CARD = "BEL102"
WRONG_REST_COUNT = "BEL103"
WRONG_HAND_COUNT = "BEL104"
OFFER_IN_HAND = "BEL106"
BAD_CARD = "BEL107"
DECK_INCOMPLETE = "BEL108"

# --------------------------------------------------------------------- BEL2xx bidding
BID_OUT_OF_TURN = "BEL201"
BID_AFTER_END = "BEL202"
FORCED_TAKE_PASSED = "BEL203"
ROUND2_OFFER_SUIT = "BEL204"
ROUND1_OTHER_SUIT = "BEL205"
ROUND2_NO_SUIT = "BEL206"
BIDDING_UNFINISHED = "BEL207"
PLAY_AFTER_DEAD_DEAL = "BEL208"
BAD_BID = "BEL209"
# contrée auction
BID_NOT_HIGHER = "BEL210"
BID_NOT_ALLOWED = "BEL211"
DOUBLE_NOT_ALLOWED = "BEL212"
REDOUBLE_NOT_ALLOWED = "BEL213"
BID_AFTER_DOUBLE = "BEL214"
RAISED_OWN_BID = "BEL215"

# --------------------------------------------------------------------- BEL3xx play
PLAYED_OUT_OF_TURN = "BEL301"
CARD_NOT_HELD = "BEL302"
NOT_FOLLOWED = "BEL303"
NOT_TRUMPED = "BEL304"
NOT_OVERTRUMPED = "BEL305"
NOT_UNDERTRUMPED = "BEL306"
WRONG_LEADER = "BEL307"
TOO_MANY_CARDS = "BEL308"
TRICKS_MISSING = "BEL309"

# --------------------------------------------------------------------- BEL4xx announcements, belote
ANNOUNCE_NOT_HELD = "BEL401"
ANNOUNCE_BAD_SHAPE = "BEL402"
ANNOUNCE_TOO_LATE = "BEL403"
ANNOUNCE_NOT_PLAYED = "BEL404"
ANNOUNCE_DUPLICATE = "BEL405"
BELOTE_NOT_HELD = "BEL406"
BELOTE_BAD_MARK = "BEL407"
BELOTE_ORDER = "BEL408"
BELOTE_NOT_DECLARED = "BEL409"
ANNOUNCE_WORTHLESS = "BEL410"

__all__ = [
    "ANNOUNCE_BAD_SHAPE", "ANNOUNCE_DUPLICATE", "ANNOUNCE_NOT_HELD", "ANNOUNCE_NOT_PLAYED",
    "ANNOUNCE_TOO_LATE", "ANNOUNCE_WORTHLESS", "BAD_BID", "BAD_CARD", "BELOTE_BAD_MARK",
    "BELOTE_NOT_DECLARED", "BELOTE_NOT_HELD", "BELOTE_ORDER", "BIDDING_UNFINISHED", "BID_AFTER_DOUBLE",
    "BID_AFTER_END", "BID_NOT_ALLOWED", "BID_NOT_HIGHER", "BID_OUT_OF_TURN", "DOUBLE_NOT_ALLOWED",
    "RAISED_OWN_BID", "REDOUBLE_NOT_ALLOWED", "CARD_NOT_HELD", "DECK_INCOMPLETE", "DUPLICATE_CARD",
    "FORCED_TAKE_PASSED",
    "NOT_FOLLOWED", "NOT_OVERTRUMPED", "NOT_TRUMPED", "NOT_UNDERTRUMPED", "NO_VIOLATIONS",
    "OFFER_IN_HAND", "PLAYED_OUT_OF_TURN", "PLAY_AFTER_DEAD_DEAL", "ROUND1_OTHER_SUIT",
    "ROUND2_NO_SUIT", "ROUND2_OFFER_SUIT", "TOO_MANY_CARDS", "TRICKS_MISSING", "WRONG_FIVE_COUNT",
    "WRONG_HAND_COUNT", "WRONG_LEADER", "WRONG_REST_COUNT", "Violation",
]
