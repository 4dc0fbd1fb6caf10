"""Finding codes of the rules engine, each defined once with a one-line title.

BEL1xx deck integrity, BEL2xx bidding, BEL3xx play, BEL4xx announcements and belote,
BEL5xx deal scoring, BEL6xx match. (BEL0xx is syntax, BEL9xx "could not check": they
belong to the notation and the validator.) A :class:`Violation` carries one of these codes.

>>> TITLES[NOT_FOLLOWED]
'did not follow the suit led'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["NO_VIOLATIONS", "SEVERITY", "TITLES", "Violation"]

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule, in a player's words.

    ``trick`` is 1-based; ``index`` is the 0-based position inside the trick, or the index
    of the bid / announcement the violation is about; ``card`` is the card it is about (the
    card dealt twice, the offer also in a hand, the card played), when there is one.

    >>> Violation(NOT_FOLLOWED, "E did not follow ♠", seat=1, trick=2, index=1, card=12).seat
    1
    """

    code: str
    message: str
    severity: Severity = "error"
    seat: int | None = None
    trick: int | None = None
    index: int | None = None
    card: int | None = None


NO_VIOLATIONS: tuple[Violation, ...] = ()
"""Shared empty result: engine calls return it when nothing is wrong."""

# --------------------------------------------------------------------- BEL1xx deck integrity
WRONG_FIVE_COUNT = "BEL101"
DUPLICATE_CARD = "BEL102"
WRONG_REST_COUNT = "BEL103"
WRONG_HAND_COUNT = "BEL104"
CARD_NOT_DEALT = "BEL105"
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

# --------------------------------------------------------------------- BEL5xx deal scoring
TRICK_WINNER = "BEL501"
CARD_POINTS = "BEL502"
DEAL_SCORE = "BEL503"
LITIGE_POT = "BEL504"
ANNOUNCE_SCORE = "BEL505"

# --------------------------------------------------------------------- BEL6xx match
MATCH_TOTALS = "BEL601"
DEALER_ROTATION = "BEL602"
MATCH_WINNER = "BEL603"
DEAL_AFTER_END = "BEL604"
MATCH_UNFINISHED = "BEL605"

TITLES: dict[str, str] = {
    WRONG_FIVE_COUNT: "a seat was not dealt five cards in the first distribution",
    DUPLICATE_CARD: "the same card appears twice in the deal",
    WRONG_REST_COUNT: "wrong number of cards in the rest of the distribution (taker 2, others 3)",
    WRONG_HAND_COUNT: "a hand does not hold eight cards",
    CARD_NOT_DEALT: "a card was played that was never dealt to anybody",
    OFFER_IN_HAND: "the offer card is also in a hand",
    BAD_CARD: "not a card of the 32-card deck",
    DECK_INCOMPLETE: "the deal does not use the 32 cards of the deck",
    BID_OUT_OF_TURN: "a bid out of turn",
    BID_AFTER_END: "a bid after the bidding was over",
    FORCED_TAKE_PASSED: "passed on a face-up top trump that the first bidder must take",
    ROUND2_OFFER_SUIT: "round 2 named the offer's suit",
    ROUND1_OTHER_SUIT: "round 1 took another suit than the offer's",
    ROUND2_NO_SUIT: "round 2 take without a suit",
    BIDDING_UNFINISHED: "play started before the bidding ended",
    PLAY_AFTER_DEAD_DEAL: "cards played in a dead deal (everybody passed twice)",
    BAD_BID: "not a bid (take or pass)",
    PLAYED_OUT_OF_TURN: "a card played out of turn",
    CARD_NOT_HELD: "a card played that the player did not hold",
    NOT_FOLLOWED: "did not follow the suit led",
    NOT_TRUMPED: "did not trump while unable to follow",
    NOT_OVERTRUMPED: "did not overtrump (play a higher trump) when obliged to",
    NOT_UNDERTRUMPED: "did not play a trump when obliged to, even a lower one",
    WRONG_LEADER: "the wrong player led the trick",
    TOO_MANY_CARDS: "more than eight tricks or more than four cards in a trick",
    TRICKS_MISSING: "the deal ended before eight tricks were played",
    ANNOUNCE_NOT_HELD: "an announcement of cards the player did not hold",
    ANNOUNCE_BAD_SHAPE: "an announcement that is not a sequence or a carré",
    ANNOUNCE_TOO_LATE: "an announcement declared after the deadline of the rules",
    ANNOUNCE_NOT_PLAYED: "an announcement while announcements are not played",
    ANNOUNCE_DUPLICATE: "the same announcement declared twice",
    BELOTE_NOT_HELD: "belote declared without holding king and queen of trump",
    BELOTE_BAD_MARK: "a belote/rebelote mark on a card that is not the trump king or queen",
    BELOTE_ORDER: "belote and rebelote said in the wrong order (or queen before king)",
    BELOTE_NOT_DECLARED: "belote held but not declared: not counted",
    ANNOUNCE_WORTHLESS: "a carré of sevens or eights, worth nothing",
    TRICK_WINNER: "the recorded trick winner is wrong",
    CARD_POINTS: "the recorded card points are wrong",
    DEAL_SCORE: "the recorded deal score is wrong",
    LITIGE_POT: "the recorded litige pot is wrong",
    ANNOUNCE_SCORE: "the recorded announcement points are wrong",
    MATCH_TOTALS: "the recorded match totals are wrong",
    DEALER_ROTATION: "the wrong player dealt",
    MATCH_WINNER: "the recorded match result is wrong",
    DEAL_AFTER_END: "a deal recorded after the match was won",
    MATCH_UNFINISHED: "the match ends before a team reached the target",
}

SEVERITY: dict[str, Severity] = {code: "error" for code in TITLES}
SEVERITY.update({
    BELOTE_NOT_DECLARED: "info",
    ANNOUNCE_WORTHLESS: "info",
    MATCH_UNFINISHED: "info",
    BELOTE_ORDER: "warning",
})


def _export() -> None:
    for name, value in list(globals().items()):
        if name.isupper() and isinstance(value, str) and value.startswith("BEL"):
            __all__.append(name)


_export()
