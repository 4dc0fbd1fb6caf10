"""Findings: what the validator reports, and the registry of every finding code.

A :class:`Finding` is one problem (or one "could not check" note) at one place of a
record: a stable code, a severity, a message in a player's words, and where it is
(file, line, column, game, deal, trick, seat)::

    >>> f = Finding("BEL301", "error", "W did not overtrump", "club.bel", 41, 17, game=1, deal=3)
    >>> f.format_text()
    'club.bel:41:17: error BEL301 W did not overtrump'

Codes are grouped by area, the way a compiler groups its diagnostics:

=======  ===========================================================  ============
range    area                                                         defined in
=======  ===========================================================  ============
BEL0xx   syntax of the notation                                       the parser
BEL1xx   deck integrity (32 distinct cards, counts at every stage)    the engine
BEL2xx   bidding (order, forced take, round-2 suit, dead deals)       the engine
BEL3xx   play (turn order, leads, follow, trump, overtrump)           the engine
BEL4xx   announcements and belote                                     the engine
BEL5xx   deal scoring (trick winners, card points, deal score, pot)   the engine
BEL6xx   match (totals, dealer rotation, winner)                      the engine
BEL7xx   the record as a whole (rule system, options, deck, numbering) this module
BEL9xx   "could not check ..." notes for partial records              this module
=======  ===========================================================  ============

:func:`code_registry` gathers all of them (it imports the parser's and the engine's code
tables when they are installed); ``docs/findings.md`` documents each one.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Iterable, Literal, NamedTuple, Optional

__all__ = [
    "Severity", "SEVERITIES", "Finding", "CodeInfo", "VALIDATOR_CODES", "AREAS",
    "code_registry", "code_info", "severity_of", "area_of", "count_by_severity",
    "effective_severity", "sort_key",
    # validator-level codes
    "UNKNOWN_RULES", "BAD_OPTION", "UNKNOWN_DECK", "BAD_RESULT", "DEAL_NUMBER",
    "TRICK_NUMBER", "NO_GAME_IN_FILE", "SHORT_TRICK", "BID_ROUND", "BAD_VARIATION", "HAND_MISMATCH",
    # could-not-check codes
    "NO_GAME", "NO_DISTRIBUTION", "NO_BIDDING", "NO_TRUMP", "HANDS_DERIVED", "INCOMPLETE_DEAL",
    "NO_DEALER", "NO_MATCH_CHECK", "SKIPPED_PLAYS", "ENGINE_FAILURE",
]

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[str, ...] = ("error", "warning", "info")
_SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}

SEAT_LETTERS = "NESW"


@dataclass(slots=True)
class Finding:
    """One problem found in a record, or one thing that could not be checked.

    ``line``/``col`` are 1-based file positions of the offending token (0 when unknown);
    ``game`` is the 1-based game number in the file, ``deal`` the deal's number as
    recorded, ``trick`` 1-based, ``seat`` 0..3 (N E S W).
    """

    code: str
    severity: str
    message: str
    file: str = "<string>"
    line: int = 0
    col: int = 0
    game: Optional[int] = None
    deal: Optional[int] = None
    trick: Optional[int] = None
    seat: Optional[int] = None

    def format_text(self, severity: Optional[str] = None) -> str:
        """The ruff-like line ``path:line:col: severity CODE message``."""
        sev = severity or self.severity
        return f"{self.file}:{self.line}:{self.col}: {sev} {self.code} {self.message}"

    def to_dict(self, severity: Optional[str] = None) -> dict[str, Any]:
        """JSON-ready form; ``seat`` as its letter (``"W"``)."""
        return {
            "code": self.code,
            "severity": severity or self.severity,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "game": self.game,
            "deal": self.deal,
            "trick": self.trick,
            "seat": SEAT_LETTERS[self.seat] if self.seat is not None and 0 <= self.seat < 4 else None,
        }


def sort_key(finding: Finding) -> tuple[int, int, str]:
    """Order findings by position in the file, then by code."""
    return (finding.line or 0, finding.col or 0, finding.code)


def effective_severity(severity: str, strict: bool) -> str:
    """``--strict`` turns warnings into errors."""
    return "error" if strict and severity == "warning" else severity


def count_by_severity(findings: Iterable[Finding], strict: bool = False) -> dict[str, int]:
    counts = {s: 0 for s in SEVERITIES}
    for f in findings:
        counts[effective_severity(f.severity, strict)] += 1
    return counts


# ----------------------------------------------------------------------------- registry
class CodeInfo(NamedTuple):
    """A finding code: its default severity, a one-line title, its area, and who raises it."""

    code: str
    severity: str
    title: str
    area: str
    source: str


AREAS: dict[str, str] = {
    "0": "syntax",
    "1": "deck integrity",
    "2": "bidding",
    "3": "play",
    "4": "announcements and belote",
    "5": "deal scoring",
    "6": "match",
    "7": "record",
    "9": "could not check",
}


def area_of(code: str) -> str:
    return AREAS.get(code[3:4], "other") if code.startswith("BEL") else "other"


# Validator-level codes: the record as a whole (headers, numbering, structure).
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

# "Could not check" notes.
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

VALIDATOR_CODES: dict[str, tuple[str, str]] = {
    UNKNOWN_RULES: ("error", "unknown rule system in the Rules header"),
    BAD_OPTION: ("error", "unknown rule option or a value the option does not take"),
    UNKNOWN_DECK: ("error", "unknown deck in the Deck header"),
    BAD_RESULT: ("warning", "a result that is not NS, EW or *, or Result tag and end disagree"),
    DEAL_NUMBER: ("warning", "deal numbers not consecutive from 1"),
    TRICK_NUMBER: ("warning", "trick numbers not consecutive from 1"),
    NO_GAME_IN_FILE: ("error", "an input that holds no game at all"),
    SHORT_TRICK: ("error", "a trick with fewer than four cards"),
    BID_ROUND: ("error", "a bidding round with fewer or more than four calls"),
    BAD_VARIATION: ("warning", "an alternative line holds an illegal bid or card"),
    HAND_MISMATCH: ("error", "a hand line that disagrees with the distribution"),
    NO_GAME: ("info", "could not check a game: nothing of it could be read"),
    NO_DISTRIBUTION: ("info", "could not check the dealing: no five-card hands, offer or rest"),
    NO_BIDDING: ("info", "could not check the bidding: no bids recorded"),
    NO_TRUMP: ("info", "could not check play obligations and scores: trump unknown"),
    HANDS_DERIVED: ("info", "hands derived from the cards played: could not check what was held"),
    INCOMPLETE_DEAL: ("info", "could not score the deal: fewer than eight complete tricks"),
    NO_DEALER: ("info", "could not check dealer rotation: dealer not recorded"),
    NO_MATCH_CHECK: ("info", "could not check the match winner: match not finished or totals unknown"),
    SKIPPED_PLAYS: ("info", "could not check the rest of a deal after a break in the record"),
    ENGINE_FAILURE: ("info", "could not check a deal: the engine stopped on it"),
}


_REGISTRY: Optional[dict[str, CodeInfo]] = None

# Modules that may define code tables, tried in order. Each may expose ``CODES`` as a
# mapping code -> title, code -> (severity, title), or code -> object with ``title``/
# ``severity`` attributes.
_CODE_MODULES = (
    ("belote_notation.notation.issues", "parser", "error"),
    ("belote_notation.notation_codes", "parser", "error"),
    ("belote_notation.notation.reader", "parser", "error"),
    ("belote_notation.game.engine.codes", "engine", "error"),
)


def _read_table(table: Any, source: str, default_severity: str) -> Iterable[CodeInfo]:
    items = table.items() if hasattr(table, "items") else ()
    for code, value in items:
        if not (isinstance(code, str) and code.startswith("BEL")):
            continue
        severity, title = default_severity, ""
        if isinstance(value, str):
            title = value
        elif isinstance(value, tuple) and len(value) >= 2:
            first, second = value[0], value[1]
            if first in _SEVERITY_RANK:
                severity, title = first, str(second)
            elif second in _SEVERITY_RANK:
                title, severity = str(first), second
            else:
                title = str(first)
        else:
            title = str(getattr(value, "title", "") or value)
            sev = getattr(value, "severity", None)
            if sev in _SEVERITY_RANK:
                severity = sev
        yield CodeInfo(code, severity, title, area_of(code), source)


def code_registry() -> dict[str, CodeInfo]:
    """Every known finding code, sorted: the parser's, the engine's and the validator's."""
    global _REGISTRY
    if _REGISTRY is not None:
        return _REGISTRY
    registry: dict[str, CodeInfo] = {}
    for module_name, source, default_sev in _CODE_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        severities = getattr(module, "SEVERITY", None) or getattr(module, "SEVERITIES", None) or {}
        for attr in ("TITLES", "CODES", "SYNTAX_CODES", "CODE_TITLES"):
            table = getattr(module, attr, None)
            if table is not None:
                for info in _read_table(table, source, default_sev):
                    sev = severities.get(info.code) if hasattr(severities, "get") else None
                    if sev in _SEVERITY_RANK:
                        info = info._replace(severity=sev)
                    registry.setdefault(info.code, info)
    for code, (severity, title) in VALIDATOR_CODES.items():
        registry[code] = CodeInfo(code, severity, title, area_of(code), "validator")
    _REGISTRY = dict(sorted(registry.items()))
    return _REGISTRY


def code_info(code: str) -> Optional[CodeInfo]:
    return code_registry().get(code)


def severity_of(code: str, default: str = "error") -> str:
    """The default severity of a code (``default`` when the code is not registered)."""
    info = code_registry().get(code)
    return info.severity if info else default
