"""The one table of every finding code: code, severity, area, who raises it, status, since, title.

Every layer reads it: the reader (:mod:`belote_notation.notation.issues`), the rules engine
(:mod:`belote_notation.game.engine.codes`), the formats (:mod:`belote_notation.formats.base`),
the checks (:mod:`belote_notation.check.codes`), the reports, the service and the command
line's ``rule``. It lives in the namespace ``belote_notation.game``, the bottom layer of
``tests/test_layers.py``, because every one of those may import it (the notation and the
formats may not import the engine, nor the engine the checks). It holds data only; each layer
keeps the *names* of the codes it raises (``NOT_FOLLOWED = "BEL303"``) in the module that
:data:`NAMED_IN` gives, and ``tests/check/test_code_table.py`` keeps every name, row and view
one: no code is defined twice.

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

``raised_by`` says which layer decides the finding: the reader, the rules engine (whose
violations the checks place on the token that caused them), the formats' importers and
exporters, or the checks themselves. Retired codes (BEL105, BEL502, BEL505: nothing raised
them) are not in the table; ``docs/findings.md`` documents every code that is.

Each code also has a ``status`` and the release that introduced it (``since``), as ruff's
rules do: the codes of the first release (0.1.0) are ``stable`` since ``0.1.0``; a code added
later says the release it first ships in (the next one is 0.2.0) and starts as ``preview``
when its meaning may still change. No release has been tagged yet (the package is 0.1.0), so
every code of the table ships in the first one: ``since`` is ``0.1.0`` for all of them.

>>> CODES["BEL503"].title, CODES["BEL503"].raised_by
('the recorded deal score is wrong', 'checks')
>>> CODES["BEL503"].status, CODES["BEL503"].since
('stable', '0.1.0')
>>> severity_of("BEL409"), area_of("BEL409")
('info', 'announcements')
>>> sorted(raised_by("formats"))[:2]
['BEL801', 'BEL802']
"""

from __future__ import annotations

from typing import Literal, NamedTuple

__all__ = [
    "AREAS",
    "CODES",
    "NAMED_IN",
    "RETIRED",
    "ROWS",
    "STATUSES",
    "CodeInfo",
    "RaisedBy",
    "Severity",
    "Status",
    "area_of",
    "raised_by",
    "severity_of",
]

Severity = Literal["error", "warning", "info"]
RaisedBy = Literal["reader", "engine", "checks", "formats"]
Status = Literal["stable", "preview", "deprecated", "removed"]
STATUSES: tuple[Status, ...] = ("stable", "preview", "deprecated", "removed")
"""Every status a code can have, in the order of its life (as ruff's rules have)."""

NAMED_IN: dict[RaisedBy, str] = {
    "reader": "belote_notation.notation.issues",
    "engine": "belote_notation.game.engine.codes",
    "checks": "belote_notation.check.codes",
    "formats": "belote_notation.formats.base",
}
"""The one module that names the codes each layer raises (its constants, ``"BELnnn"``)."""


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

ROWS: tuple[CodeInfo, ...] = (
    CodeInfo("BEL001", "error", "syntax", "reader", "stable", "0.1.0",
             'unexpected text: not what the notation allows here'),
    CodeInfo("BEL002", "error", "syntax", "reader", "stable", "0.1.0",
             'a brace comment is never closed'),
    CodeInfo("BEL003", "error", "syntax", "reader", "stable", "0.1.0",
             'a tag pair is malformed (unclosed quote or bad escape)'),
    CodeInfo("BEL004", "error", "syntax", "reader", "stable", "0.1.0",
             "unknown card in the game's deck"),
    CodeInfo("BEL005", "error", "syntax", "reader", "stable", "0.1.0",
             'unknown value (seat, suit, deck, round, announcement kind)'),
    CodeInfo("BEL006", "error", "syntax", "reader", "stable", "0.1.0",
             'the game does not end with `end` (truncated file?)'),
    CodeInfo("BEL007", "error", "syntax", "reader", "stable", "0.1.0",
             'the bytes are not valid UTF-8'),
    CodeInfo("BEL008", "error", "syntax", "reader", "stable", "0.1.0",
             'a game is too large to buffer; it was skipped'),
    CodeInfo("BEL009", "error", "syntax", "reader", "stable", "0.1.0",
             'no game in the file (empty or only blank lines)'),
    CodeInfo("BEL010", "error", "syntax", "reader", "stable", "0.1.0",
             'review material with nothing to attach to'),
    CodeInfo("BEL011", "error", "syntax", "reader", "stable", "0.1.0",
             'too many syntax errors in one game; the rest are not listed'),
    CodeInfo("BEL012", "error", "syntax", "reader", "stable", "0.1.0",
             'a number has more digits than the reader reads'),
    CodeInfo("BEL013", "error", "syntax", "reader", "stable", "0.1.0",
             'a game holds more items than the reader reads; the rest is not read'),
    CodeInfo("BEL099", "error", "syntax", "reader", "stable", "0.1.0",
             'internal error of the reader (please report it)'),
    CodeInfo("BEL101", "error", "deck", "engine", "stable", "0.1.0",
             'a seat was not dealt five cards in the first distribution'),
    CodeInfo("BEL102", "error", "deck", "engine", "stable", "0.1.0",
             'the same card appears twice in the deal'),
    CodeInfo("BEL103", "error", "deck", "engine", "stable", "0.1.0",
             'wrong number of cards in the rest of the distribution (taker 2, others 3)'),
    CodeInfo("BEL104", "error", "deck", "engine", "stable", "0.1.0",
             'a hand does not hold eight cards'),
    CodeInfo("BEL106", "error", "deck", "engine", "stable", "0.1.0",
             'the offer card is also in a hand'),
    CodeInfo("BEL107", "error", "deck", "engine", "stable", "0.1.0",
             'not a card of the 32-card deck'),
    CodeInfo("BEL108", "error", "deck", "engine", "stable", "0.1.0",
             'the deal does not use the 32 cards of the deck'),
    CodeInfo("BEL201", "error", "bidding", "engine", "stable", "0.1.0", 'a bid out of turn'),
    CodeInfo("BEL202", "error", "bidding", "engine", "stable", "0.1.0",
             'a bid after the bidding was over'),
    CodeInfo("BEL203", "error", "bidding", "engine", "stable", "0.1.0",
             'passed on a face-up top trump that the first bidder must take'),
    CodeInfo("BEL204", "error", "bidding", "engine", "stable", "0.1.0",
             "round 2 named the offer's suit"),
    CodeInfo("BEL205", "error", "bidding", "engine", "stable", "0.1.0",
             "round 1 took another suit than the offer's"),
    CodeInfo("BEL206", "error", "bidding", "engine", "stable", "0.1.0",
             'round 2 take without a suit'),
    CodeInfo("BEL207", "error", "bidding", "engine", "stable", "0.1.0",
             'play started before the bidding ended'),
    CodeInfo("BEL208", "error", "bidding", "engine", "stable", "0.1.0",
             'cards played in a dead deal (everybody passed twice)'),
    CodeInfo("BEL209", "error", "bidding", "engine", "stable", "0.1.0", 'not a bid (take or pass)'),
    CodeInfo("BEL210", "error", "bidding", "engine", "stable", "0.1.0",
             'contrée: a bid not higher than the bid in force'),
    CodeInfo("BEL211", "error", "bidding", "engine", "stable", "0.1.0",
             'contrée: a bid the rules do not allow (points, capot, générale, SA, TA)'),
    CodeInfo("BEL212", "error", "bidding", "engine", "stable", "0.1.0",
             'contrée: a coinche with nothing to coinche, by the bidder\'s side, or twice'),
    CodeInfo("BEL213", "error", "bidding", "engine", "stable", "0.1.0",
             'contrée: a surcoinche without a coinche, or by the side that coinched'),
    CodeInfo("BEL214", "error", "bidding", "engine", "stable", "0.1.0",
             'contrée: a bid after a coinche'),
    CodeInfo("BEL215", "error", "bidding", "engine", "stable", "0.1.0",
             'contrée: a player raised their own bid (raise_own_bid=false)'),
    CodeInfo("BEL216", "error", "bidding", "checks", "stable", "0.1.0",
             'contrée: a deal written with five cards, an offer or the rest'),
    CodeInfo("BEL301", "error", "play", "engine", "stable", "0.1.0", 'a card played out of turn'),
    CodeInfo("BEL302", "error", "play", "engine", "stable", "0.1.0",
             'a card played that the player did not hold'),
    CodeInfo("BEL303", "error", "play", "engine", "stable", "0.1.0", 'did not follow the suit led'),
    CodeInfo("BEL304", "error", "play", "engine", "stable", "0.1.0",
             'did not trump while unable to follow'),
    CodeInfo("BEL305", "error", "play", "engine", "stable", "0.1.0",
             'did not overtrump (play a higher trump) when obliged to'),
    CodeInfo("BEL306", "error", "play", "engine", "stable", "0.1.0",
             'did not play a trump when obliged to, even a lower one'),
    CodeInfo("BEL307", "error", "play", "engine", "stable", "0.1.0",
             'the wrong player led the trick'),
    CodeInfo("BEL308", "error", "play", "engine", "stable", "0.1.0",
             'more than eight tricks or more than four cards in a trick'),
    CodeInfo("BEL309", "error", "play", "engine", "stable", "0.1.0",
             'the deal ended before eight tricks were played'),
    CodeInfo("BEL401", "error", "announcements", "engine", "stable", "0.1.0",
             'an announcement of cards the player did not hold'),
    CodeInfo("BEL402", "error", "announcements", "engine", "stable", "0.1.0",
             'an announcement that is not a sequence or a carré'),
    CodeInfo("BEL403", "error", "announcements", "engine", "stable", "0.1.0",
             'an announcement declared after the deadline of the rules'),
    CodeInfo("BEL404", "error", "announcements", "engine", "stable", "0.1.0",
             'an announcement while announcements are not played'),
    CodeInfo("BEL405", "error", "announcements", "engine", "stable", "0.1.0",
             'the same announcement declared twice'),
    CodeInfo("BEL406", "error", "announcements", "engine", "stable", "0.1.0",
             'belote declared without holding king and queen of trump'),
    CodeInfo("BEL407", "error", "announcements", "engine", "stable", "0.1.0",
             'a belote/rebelote mark on a card that is not the trump king or queen'),
    CodeInfo("BEL408", "warning", "announcements", "engine", "stable", "0.1.0",
             'belote and rebelote said in the wrong order (or queen before king)'),
    CodeInfo("BEL409", "info", "announcements", "engine", "stable", "0.1.0",
             'belote held but not declared: not counted'),
    CodeInfo("BEL410", "info", "announcements", "engine", "stable", "0.1.0",
             'a carré of sevens or eights, worth nothing'),
    CodeInfo("BEL501", "error", "scoring", "checks", "stable", "0.1.0",
             'the recorded trick winner is wrong'),
    CodeInfo("BEL503", "error", "scoring", "checks", "stable", "0.1.0",
             'the recorded deal score is wrong'),
    CodeInfo("BEL504", "error", "scoring", "checks", "stable", "0.1.0",
             'the recorded litige pot is wrong'),
    CodeInfo("BEL601", "error", "match", "checks", "stable", "0.1.0",
             'the recorded match totals are wrong'),
    CodeInfo("BEL602", "error", "match", "checks", "stable", "0.1.0", 'the wrong player dealt'),
    CodeInfo("BEL603", "error", "match", "checks", "stable", "0.1.0",
             'the recorded match result is wrong'),
    CodeInfo("BEL604", "error", "match", "checks", "stable", "0.1.0",
             'a deal recorded after the match was won'),
    CodeInfo("BEL605", "info", "match", "checks", "stable", "0.1.0",
             'the match ends before a team reached the target'),
    CodeInfo("BEL606", "error", "match", "checks", "stable", "0.1.0",
             "a running total is not the last one plus the deal's recorded score"),
    CodeInfo("BEL607", "error", "match", "checks", "stable", "0.1.0", 'a running total goes down'),
    CodeInfo("BEL701", "error", "record", "checks", "stable", "0.1.0",
             'unknown rule system in the Rules header'),
    CodeInfo("BEL702", "error", "record", "checks", "stable", "0.1.0",
             'unknown rule option or a value the option does not take'),
    CodeInfo("BEL703", "error", "record", "checks", "stable", "0.1.0",
             'unknown deck in the Deck header'),
    CodeInfo("BEL704", "warning", "record", "checks", "stable", "0.1.0",
             'a result that is not NS, EW or *, or Result tag and end disagree'),
    CodeInfo("BEL705", "warning", "record", "checks", "stable", "0.1.0",
             'deal numbers not consecutive from 1'),
    CodeInfo("BEL706", "warning", "record", "checks", "stable", "0.1.0",
             'trick numbers not consecutive from 1'),
    CodeInfo("BEL708", "error", "record", "checks", "stable", "0.1.0",
             'an input that holds no game at all'),
    CodeInfo("BEL709", "error", "record", "checks", "stable", "0.1.0",
             'a trick with fewer than four cards'),
    CodeInfo("BEL710", "error", "record", "checks", "stable", "0.1.0",
             'a bidding round with fewer or more than four calls'),
    CodeInfo("BEL711", "warning", "record", "checks", "stable", "0.1.0",
             'an alternative line holds an illegal bid or card'),
    CodeInfo("BEL712", "error", "record", "checks", "stable", "0.1.0",
             'a hand line that disagrees with the distribution'),
    CodeInfo("BEL713", "error", "record", "checks", "stable", "0.1.0",
             'a Contract tag that disagrees with the recorded auction'),
    # BEL800-849: the formats (belote_notation/formats/base.py names them)
    CodeInfo("BEL801", "error", "formats", "formats", "stable", "0.1.0",
             'a line or row that is not readable in its format at all'),
    CodeInfo("BEL802", "warning", "formats", "formats", "stable", "0.1.0",
             'an event or message type the format does not define'),
    CodeInfo("BEL803", "warning", "formats", "formats", "stable", "0.1.0",
             'a value that cannot be read: its item is left out'),
    CodeInfo("BEL804", "warning", "formats", "formats", "stable", "0.1.0",
             'a field the item needs is missing: the item is left out'),
    CodeInfo("BEL805", "info", "formats", "formats", "stable", "0.1.0",
             'kept as a tag or a comment: .bel cannot say it'),
    CodeInfo("BEL806", "warning", "formats", "formats", "stable", "0.1.0",
             'an item where the format does not allow it: left out'),
    CodeInfo("BEL807", "warning", "formats", "formats", "stable", "0.1.0",
             'written by a newer version of the format than this reader knows'),
    CodeInfo("BEL810", "warning", "formats", "formats", "stable", "0.1.0",
             'the output format cannot say part of a record: left out of the output'),
    CodeInfo("BEL901", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not check a game: nothing of it could be read'),
    CodeInfo("BEL902", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not check the dealing: no five-card hands, offer or rest'),
    CodeInfo("BEL903", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not check the bidding: no bids recorded'),
    CodeInfo("BEL904", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not check play obligations and scores: trump unknown'),
    CodeInfo("BEL905", "info", "not-checked", "checks", "stable", "0.1.0",
             'hands derived from the cards played: could not check what was held'),
    CodeInfo("BEL906", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not score the deal: fewer than eight complete tricks'),
    CodeInfo("BEL907", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not check dealer rotation: dealer not recorded'),
    CodeInfo("BEL909", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not check the match winner: match not finished or totals unknown'),
    CodeInfo("BEL910", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not check the rest of a deal after a break in the record'),
    CodeInfo("BEL911", "info", "not-checked", "checks", "stable", "0.1.0",
             'could not check a deal: the engine stopped on it'),
    CodeInfo("BEL912", "info", "not-checked", "checks", "stable", "0.1.0",
             'no Rules tag: the rule system was assumed (the message says which)'),
    CodeInfo("BEL913", "info", "not-checked", "checks", "stable", "0.1.0",
             'a score sheet: deals recorded by their scores alone were not replayed'),
)
"""Every finding code, one row each, sorted by code."""

CODES: dict[str, CodeInfo] = {row.code: row for row in ROWS}
"""Code -> its row of :data:`ROWS`."""

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


def raised_by(layer: RaisedBy) -> dict[str, CodeInfo]:
    """The rows of the codes ``layer`` raises, by code (a layer's view of the table)."""
    return {row.code: row for row in ROWS if row.raised_by == layer}
