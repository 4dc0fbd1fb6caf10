"""The codes the checks raise, by name; the table of every code is re-exported from below.

The checks decide what a record claims (BEL5xx deal, BEL6xx match, BEL7xx the record as a
whole, BEL216 of contrée's dealing) and what they could not check (BEL9xx); their constants
are here. The one table of every finding code (severity, area, who raises it, status, since,
title) is :mod:`belote_notation.game.code_table`, the bottom layer every other reads; its names
(:data:`CODES`, :func:`severity_of` ...) are re-exported here for the checks' users, the same
objects, not a copy.

>>> CODES[DEAL_SCORE].title, CODES[DEAL_SCORE].raised_by
('the recorded deal score is wrong', 'checks')
>>> CODES[DEAL_SCORE].status, CODES[DEAL_SCORE].since
('stable', '0.1.0')
>>> severity_of("BEL409")
'info'
"""

from __future__ import annotations

from belote_notation.game.code_table import (
    AREAS,
    CODES,
    RETIRED,
    STATUSES,
    CodeInfo,
    RaisedBy,
    Severity,
    Status,
    area_of,
    severity_of,
)

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
