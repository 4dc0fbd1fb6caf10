"""Every finding code in one static table: code -> severity, area, who raises it, title.

Codes are grouped by area, the way a compiler groups its diagnostics; the hundreds digit is
the area and a code never changes meaning:

=======  ===========================================================  ==========
range    area                                                         raised by
=======  ===========================================================  ==========
BEL0xx   syntax of the notation                                       reader
BEL1xx   deck integrity (32 distinct cards, counts at every stage)    engine
BEL2xx   bidding (order, forced take, round-2 suit, dead deals)       engine
BEL3xx   play (turn order, leads, follow, trump, overtrump)           engine
BEL4xx   announcements and belote                                     engine
BEL5xx   what the record claims about a deal (trick winner, score)    checks
BEL6xx   what the record claims about the match (totals, dealer)      checks
BEL7xx   the record as a whole (rule system, options, numbering)      checks
BEL8xx   importing and exporting other formats (BEL800-849)           formats
BEL9xx   "could not check ..." notes for partial records              checks
=======  ===========================================================  ==========

``raised_by`` says which layer decides the finding: the reader
(:mod:`belote_notation.notation.issues`), the rules engine
(:mod:`belote_notation.game.engine.codes`, whose violations the checks place on the token
that caused them) or the checks themselves (the constants below). Retired codes (BEL105,
BEL502, BEL505: nothing raised them) are not in the table; ``docs/findings.md`` documents
every code that is.

Each code also has a ``status`` and the release that introduced it (``since``), as ruff's
rules do: the codes of the first release (0.1.0) are ``stable`` since ``0.1.0``; a code added
later says the release it first ships in (the next one is 0.2.0) and starts as ``preview``
when its meaning may still change.

>>> CODES[DEAL_SCORE].title, CODES[DEAL_SCORE].raised_by
('the recorded deal score is wrong', 'checks')
>>> CODES[DEAL_SCORE].status, CODES[DEAL_SCORE].since
('stable', '0.1.0')
>>> severity_of("BEL409")
'info'
"""

from __future__ import annotations

from typing import Literal, NamedTuple

__all__ = [
    "AREAS",
    "BAD_OPTION",
    "BAD_RESULT",
    "BAD_VARIATION",
    "BID_ROUND",
    "CONTREE_DISTRIBUTION",
    "CODES",
    "CONTRACT_TAG_MISMATCH",
    "DEALER_ROTATION",
    "DEAL_AFTER_END",
    "DEAL_NUMBER",
    "DEAL_SCORE",
    "ENGINE_FAILURE",
    "HANDS_DERIVED",
    "HAND_MISMATCH",
    "INCOMPLETE_DEAL",
    "LITIGE_POT",
    "MATCH_TOTALS",
    "MATCH_UNFINISHED",
    "MATCH_WINNER",
    "NO_BIDDING",
    "NO_DEALER",
    "NO_DISTRIBUTION",
    "NO_GAME",
    "NO_GAME_IN_FILE",
    "NO_MATCH_CHECK",
    "NO_TRUMP",
    "RETIRED",
    "RULES_ASSUMED",
    "SCORE_SHEET",
    "SHEET_TOTALS",
    "SHEET_TOTAL_DOWN",
    "SHORT_TRICK",
    "SKIPPED_PLAYS",
    "STATUSES",
    "TRICK_NUMBER",
    "TRICK_WINNER",
    "UNKNOWN_DECK",
    "UNKNOWN_RULES",
    "CodeInfo",
    "RaisedBy",
    "Severity",
    "Status",
    "area_of",
    "severity_of",
]

Severity = Literal["error", "warning", "info"]
RaisedBy = Literal["reader", "engine", "checks", "formats"]
Status = Literal["stable", "preview", "deprecated", "removed"]
STATUSES: tuple[Status, ...] = ("stable", "preview", "deprecated", "removed")
"""Every status a code can have, in the order of its life (as ruff's rules have)."""


class CodeInfo(NamedTuple):
    """A finding code: its severity, its area, the layer that raises it, its status, the version
    that introduced it, a one-line title."""

    code: str
    severity: Severity
    area: str
    raised_by: RaisedBy
    status: Status
    """:data:`STATUSES`: ``stable`` (its meaning will not change), ``preview`` (may still change),
    ``deprecated`` (still raised, going away), ``removed`` (no longer raised)."""
    since: str
    """The release that introduced the code (codes of the first release: ``0.1.0``)."""
    title: str


AREAS: dict[str, str] = {
    "syntax": "syntax of the notation",
    "deck": "deck integrity",
    "bidding": "bidding",
    "play": "play",
    "announcements": "announcements and belote",
    "scoring": "deal scoring",
    "match": "match",
    "record": "the record as a whole",
    "formats": "other formats in and out",
    "not-checked": "could not check",
}
"""Area keys of :class:`CodeInfo` and their titles."""

# --------------------------------------------------------------- BEL5xx/6xx: the record's claims
TRICK_WINNER = "BEL501"
DEAL_SCORE = "BEL503"
LITIGE_POT = "BEL504"
MATCH_TOTALS = "BEL601"
DEALER_ROTATION = "BEL602"
MATCH_WINNER = "BEL603"
DEAL_AFTER_END = "BEL604"
MATCH_UNFINISHED = "BEL605"
SHEET_TOTALS = "BEL606"
SHEET_TOTAL_DOWN = "BEL607"

# --------------------------------------------------------------- BEL7xx: the record as a whole
UNKNOWN_RULES = "BEL701"
BAD_OPTION = "BEL702"
UNKNOWN_DECK = "BEL703"
BAD_RESULT = "BEL704"
DEAL_NUMBER = "BEL705"
TRICK_NUMBER = "BEL706"
NO_GAME_IN_FILE = "BEL708"
SHORT_TRICK = "BEL709"
BID_ROUND = "BEL710"
BAD_VARIATION = "BEL711"
HAND_MISMATCH = "BEL712"
CONTRACT_TAG_MISMATCH = "BEL713"

# --------------------------------------------------------------- contrée (the rules helper's range)
CONTREE_DISTRIBUTION = "BEL216"

# --------------------------------------------------------------- BEL9xx: could not check
NO_GAME = "BEL901"
NO_DISTRIBUTION = "BEL902"
NO_BIDDING = "BEL903"
NO_TRUMP = "BEL904"
HANDS_DERIVED = "BEL905"
INCOMPLETE_DEAL = "BEL906"
NO_DEALER = "BEL907"
NO_MATCH_CHECK = "BEL909"
SKIPPED_PLAYS = "BEL910"
ENGINE_FAILURE = "BEL911"
RULES_ASSUMED = "BEL912"
SCORE_SHEET = "BEL913"

CODES: dict[str, CodeInfo] = {
    "BEL001": CodeInfo("BEL001", "error", "syntax", "reader", "stable", "0.1.0",
                       'unexpected text: not what the notation allows here'),
    "BEL002": CodeInfo("BEL002", "error", "syntax", "reader", "stable", "0.1.0",
                       'a brace comment is never closed'),
    "BEL003": CodeInfo("BEL003", "error", "syntax", "reader", "stable", "0.1.0",
                       'a tag pair is malformed (unclosed quote or bad escape)'),
    "BEL004": CodeInfo("BEL004", "error", "syntax", "reader", "stable", "0.1.0",
                       "unknown card in the game's deck"),
    "BEL005": CodeInfo("BEL005", "error", "syntax", "reader", "stable", "0.1.0",
                       'unknown value (seat, suit, deck, round, announcement kind)'),
    "BEL006": CodeInfo("BEL006", "error", "syntax", "reader", "stable", "0.1.0",
                       'the game does not end with `end` (truncated file?)'),
    "BEL007": CodeInfo("BEL007", "error", "syntax", "reader", "stable", "0.1.0",
                       'the bytes are not valid UTF-8'),
    "BEL008": CodeInfo("BEL008", "error", "syntax", "reader", "stable", "0.1.0",
                       'a game is too large to buffer; it was skipped'),
    "BEL009": CodeInfo("BEL009", "error", "syntax", "reader", "stable", "0.1.0",
                       'no game in the file (empty or only blank lines)'),
    "BEL010": CodeInfo("BEL010", "error", "syntax", "reader", "stable", "0.1.0",
                       'review material with nothing to attach to'),
    "BEL011": CodeInfo("BEL011", "error", "syntax", "reader", "stable", "0.1.0",
                       'too many syntax errors in one game; the rest are not listed'),
    "BEL012": CodeInfo("BEL012", "error", "syntax", "reader", "stable", "0.1.0",
                       'a number has more digits than the reader reads'),
    "BEL013": CodeInfo("BEL013", "error", "syntax", "reader", "stable", "0.1.0",
                       'a game holds more items than the reader reads; the rest is not read'),
    "BEL099": CodeInfo("BEL099", "error", "syntax", "reader", "stable", "0.1.0",
                       'internal error of the reader (please report it)'),
    "BEL101": CodeInfo("BEL101", "error", "deck", "engine", "stable", "0.1.0",
                       'a seat was not dealt five cards in the first distribution'),
    "BEL102": CodeInfo("BEL102", "error", "deck", "engine", "stable", "0.1.0",
                       'the same card appears twice in the deal'),
    "BEL103": CodeInfo("BEL103", "error", "deck", "engine", "stable", "0.1.0",
                       'wrong number of cards in the rest of the distribution (taker 2, others 3)'),
    "BEL104": CodeInfo("BEL104", "error", "deck", "engine", "stable", "0.1.0",
                       'a hand does not hold eight cards'),
    "BEL106": CodeInfo("BEL106", "error", "deck", "engine", "stable", "0.1.0",
                       'the offer card is also in a hand'),
    "BEL107": CodeInfo("BEL107", "error", "deck", "engine", "stable", "0.1.0",
                       'not a card of the 32-card deck'),
    "BEL108": CodeInfo("BEL108", "error", "deck", "engine", "stable", "0.1.0",
                       'the deal does not use the 32 cards of the deck'),
    "BEL201": CodeInfo("BEL201", "error", "bidding", "engine", "stable", "0.1.0", 'a bid out of turn'),
    "BEL202": CodeInfo("BEL202", "error", "bidding", "engine", "stable", "0.1.0",
                       'a bid after the bidding was over'),
    "BEL203": CodeInfo("BEL203", "error", "bidding", "engine", "stable", "0.1.0",
                       'passed on a face-up top trump that the first bidder must take'),
    "BEL204": CodeInfo("BEL204", "error", "bidding", "engine", "stable", "0.1.0",
                       "round 2 named the offer's suit"),
    "BEL205": CodeInfo("BEL205", "error", "bidding", "engine", "stable", "0.1.0",
                       "round 1 took another suit than the offer's"),
    "BEL206": CodeInfo("BEL206", "error", "bidding", "engine", "stable", "0.1.0",
                       'round 2 take without a suit'),
    "BEL207": CodeInfo("BEL207", "error", "bidding", "engine", "stable", "0.1.0",
                       'play started before the bidding ended'),
    "BEL208": CodeInfo("BEL208", "error", "bidding", "engine", "stable", "0.1.0",
                       'cards played in a dead deal (everybody passed twice)'),
    "BEL209": CodeInfo("BEL209", "error", "bidding", "engine", "stable", "0.1.0", 'not a bid (take or pass)'),
    "BEL210": CodeInfo("BEL210", "error", "bidding", "engine", "stable", "0.1.0",
                       'contrée: a bid not higher than the bid in force'),
    "BEL211": CodeInfo("BEL211", "error", "bidding", "engine", "stable", "0.1.0",
                       'contrée: a bid the rules do not allow (points, capot, générale, SA, TA)'),
    "BEL212": CodeInfo("BEL212", "error", "bidding", "engine", "stable", "0.1.0",
                       'contrée: a coinche with nothing to coinche, by the bidder\'s side, or twice'),
    "BEL213": CodeInfo("BEL213", "error", "bidding", "engine", "stable", "0.1.0",
                       'contrée: a surcoinche without a coinche, or by the side that coinched'),
    "BEL214": CodeInfo("BEL214", "error", "bidding", "engine", "stable", "0.1.0",
                       'contrée: a bid after a coinche'),
    "BEL215": CodeInfo("BEL215", "error", "bidding", "engine", "stable", "0.1.0",
                       'contrée: a player raised their own bid (raise_own_bid=false)'),
    "BEL216": CodeInfo("BEL216", "error", "bidding", "checks", "stable", "0.1.0",
                       'contrée: a deal written with five cards, an offer or the rest'),
    "BEL301": CodeInfo("BEL301", "error", "play", "engine", "stable", "0.1.0", 'a card played out of turn'),
    "BEL302": CodeInfo("BEL302", "error", "play", "engine", "stable", "0.1.0",
                       'a card played that the player did not hold'),
    "BEL303": CodeInfo("BEL303", "error", "play", "engine", "stable", "0.1.0", 'did not follow the suit led'),
    "BEL304": CodeInfo("BEL304", "error", "play", "engine", "stable", "0.1.0",
                       'did not trump while unable to follow'),
    "BEL305": CodeInfo("BEL305", "error", "play", "engine", "stable", "0.1.0",
                       'did not overtrump (play a higher trump) when obliged to'),
    "BEL306": CodeInfo("BEL306", "error", "play", "engine", "stable", "0.1.0",
                       'did not play a trump when obliged to, even a lower one'),
    "BEL307": CodeInfo("BEL307", "error", "play", "engine", "stable", "0.1.0",
                       'the wrong player led the trick'),
    "BEL308": CodeInfo("BEL308", "error", "play", "engine", "stable", "0.1.0",
                       'more than eight tricks or more than four cards in a trick'),
    "BEL309": CodeInfo("BEL309", "error", "play", "engine", "stable", "0.1.0",
                       'the deal ended before eight tricks were played'),
    "BEL401": CodeInfo("BEL401", "error", "announcements", "engine", "stable", "0.1.0",
                       'an announcement of cards the player did not hold'),
    "BEL402": CodeInfo("BEL402", "error", "announcements", "engine", "stable", "0.1.0",
                       'an announcement that is not a sequence or a carré'),
    "BEL403": CodeInfo("BEL403", "error", "announcements", "engine", "stable", "0.1.0",
                       'an announcement declared after the deadline of the rules'),
    "BEL404": CodeInfo("BEL404", "error", "announcements", "engine", "stable", "0.1.0",
                       'an announcement while announcements are not played'),
    "BEL405": CodeInfo("BEL405", "error", "announcements", "engine", "stable", "0.1.0",
                       'the same announcement declared twice'),
    "BEL406": CodeInfo("BEL406", "error", "announcements", "engine", "stable", "0.1.0",
                       'belote declared without holding king and queen of trump'),
    "BEL407": CodeInfo("BEL407", "error", "announcements", "engine", "stable", "0.1.0",
                       'a belote/rebelote mark on a card that is not the trump king or queen'),
    "BEL408": CodeInfo("BEL408", "warning", "announcements", "engine", "stable", "0.1.0",
                       'belote and rebelote said in the wrong order (or queen before king)'),
    "BEL409": CodeInfo("BEL409", "info", "announcements", "engine", "stable", "0.1.0",
                       'belote held but not declared: not counted'),
    "BEL410": CodeInfo("BEL410", "info", "announcements", "engine", "stable", "0.1.0",
                       'a carré of sevens or eights, worth nothing'),
    "BEL501": CodeInfo("BEL501", "error", "scoring", "checks", "stable", "0.1.0",
                       'the recorded trick winner is wrong'),
    "BEL503": CodeInfo("BEL503", "error", "scoring", "checks", "stable", "0.1.0",
                       'the recorded deal score is wrong'),
    "BEL504": CodeInfo("BEL504", "error", "scoring", "checks", "stable", "0.1.0",
                       'the recorded litige pot is wrong'),
    "BEL601": CodeInfo("BEL601", "error", "match", "checks", "stable", "0.1.0",
                       'the recorded match totals are wrong'),
    "BEL602": CodeInfo("BEL602", "error", "match", "checks", "stable", "0.1.0", 'the wrong player dealt'),
    "BEL603": CodeInfo("BEL603", "error", "match", "checks", "stable", "0.1.0",
                       'the recorded match result is wrong'),
    "BEL604": CodeInfo("BEL604", "error", "match", "checks", "stable", "0.1.0",
                       'a deal recorded after the match was won'),
    "BEL605": CodeInfo("BEL605", "info", "match", "checks", "stable", "0.1.0",
                       'the match ends before a team reached the target'),
    "BEL606": CodeInfo("BEL606", "error", "match", "checks", "stable", "0.1.0",
                       "a running total is not the last one plus the deal's recorded score"),
    "BEL607": CodeInfo("BEL607", "error", "match", "checks", "stable", "0.1.0", 'a running total goes down'),
    "BEL701": CodeInfo("BEL701", "error", "record", "checks", "stable", "0.1.0",
                       'unknown rule system in the Rules header'),
    "BEL702": CodeInfo("BEL702", "error", "record", "checks", "stable", "0.1.0",
                       'unknown rule option or a value the option does not take'),
    "BEL703": CodeInfo("BEL703", "error", "record", "checks", "stable", "0.1.0",
                       'unknown deck in the Deck header'),
    "BEL704": CodeInfo("BEL704", "warning", "record", "checks", "stable", "0.1.0",
                       'a result that is not NS, EW or *, or Result tag and end disagree'),
    "BEL705": CodeInfo("BEL705", "warning", "record", "checks", "stable", "0.1.0",
                       'deal numbers not consecutive from 1'),
    "BEL706": CodeInfo("BEL706", "warning", "record", "checks", "stable", "0.1.0",
                       'trick numbers not consecutive from 1'),
    "BEL708": CodeInfo("BEL708", "error", "record", "checks", "stable", "0.1.0",
                       'an input that holds no game at all'),
    "BEL709": CodeInfo("BEL709", "error", "record", "checks", "stable", "0.1.0",
                       'a trick with fewer than four cards'),
    "BEL710": CodeInfo("BEL710", "error", "record", "checks", "stable", "0.1.0",
                       'a bidding round with fewer or more than four calls'),
    "BEL711": CodeInfo("BEL711", "warning", "record", "checks", "stable", "0.1.0",
                       'an alternative line holds an illegal bid or card'),
    "BEL712": CodeInfo("BEL712", "error", "record", "checks", "stable", "0.1.0",
                       'a hand line that disagrees with the distribution'),
    "BEL713": CodeInfo("BEL713", "error", "record", "checks", "stable", "0.1.0",
                       'a Contract tag that disagrees with the recorded auction'),
    # BEL800-849: the formats (belote_notation/formats/base.py names them; a test keeps both equal)
    "BEL801": CodeInfo("BEL801", "error", "formats", "formats", "stable", "0.1.0",
                       'a line or row that is not readable in its format at all'),
    "BEL802": CodeInfo("BEL802", "warning", "formats", "formats", "stable", "0.1.0",
                       'an event or message type the format does not define'),
    "BEL803": CodeInfo("BEL803", "warning", "formats", "formats", "stable", "0.1.0",
                       'a value that cannot be read: its item is left out'),
    "BEL804": CodeInfo("BEL804", "warning", "formats", "formats", "stable", "0.1.0",
                       'a field the item needs is missing: the item is left out'),
    "BEL805": CodeInfo("BEL805", "info", "formats", "formats", "stable", "0.1.0",
                       'kept as a tag or a comment: .bel cannot say it'),
    "BEL806": CodeInfo("BEL806", "warning", "formats", "formats", "stable", "0.1.0",
                       'an item where the format does not allow it: left out'),
    "BEL807": CodeInfo("BEL807", "warning", "formats", "formats", "stable", "0.1.0",
                       'written by a newer version of the format than this reader knows'),
    "BEL810": CodeInfo("BEL810", "warning", "formats", "formats", "stable", "0.1.0",
                       'the output format cannot say part of a record: left out of the output'),
    "BEL901": CodeInfo("BEL901", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not check a game: nothing of it could be read'),
    "BEL902": CodeInfo("BEL902", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not check the dealing: no five-card hands, offer or rest'),
    "BEL903": CodeInfo("BEL903", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not check the bidding: no bids recorded'),
    "BEL904": CodeInfo("BEL904", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not check play obligations and scores: trump unknown'),
    "BEL905": CodeInfo("BEL905", "info", "not-checked", "checks", "stable", "0.1.0",
                       'hands derived from the cards played: could not check what was held'),
    "BEL906": CodeInfo("BEL906", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not score the deal: fewer than eight complete tricks'),
    "BEL907": CodeInfo("BEL907", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not check dealer rotation: dealer not recorded'),
    "BEL909": CodeInfo("BEL909", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not check the match winner: match not finished or totals unknown'),
    "BEL910": CodeInfo("BEL910", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not check the rest of a deal after a break in the record'),
    "BEL911": CodeInfo("BEL911", "info", "not-checked", "checks", "stable", "0.1.0",
                       'could not check a deal: the engine stopped on it'),
    "BEL912": CodeInfo("BEL912", "info", "not-checked", "checks", "stable", "0.1.0",
                       'no Rules tag: the rule system was assumed (the message says which)'),
    "BEL913": CodeInfo("BEL913", "info", "not-checked", "checks", "stable", "0.1.0",
                       'a score sheet: deals recorded by their scores alone were not replayed'),
}
"""Every finding code, sorted by code."""


RETIRED = frozenset({"BEL105", "BEL502", "BEL505"})
"""Codes that were reserved but never raised; not in :data:`CODES`, never reused."""


def severity_of(code: str, default: Severity = "error") -> Severity:
    """The severity of ``code`` (``default`` for a code that is not in the table)."""
    info = CODES.get(code)
    return info.severity if info is not None else default


def area_of(code: str) -> str:
    """The area key of ``code`` (``"other"`` for a code that is not in the table)."""
    info = CODES.get(code)
    return info.area if info is not None else "other"
