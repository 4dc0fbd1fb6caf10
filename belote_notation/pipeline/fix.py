"""``validate --fix``: what the engine recomputes, written back into a ``.bel`` file, and only that.

A fix rewrites a recorded claim the checks found wrong: a trick's winner (BEL501), a deal's
score (BEL503), the litige pot (BEL504), the running totals (BEL601; BEL606 on a score sheet:
the last total plus the deal's recorded score) and the result (BEL603, the ``Result`` tag and
the ``end`` line). Never a card, a call, a hand or a seat of play: those are the players' acts.

Each fix is a text edit at the finding's own line and column, checked against the text there
(the keyword and numbers the grammar reads); a fix whose text is not found exactly there is
not applied and its finding remains. Everything else of the file (comments, spacing, line
ends, a byte-order mark) is kept byte for byte. As in ruff, fixing goes round until nothing is
left to fix (a corrected score can reveal the total written from it), at most
:data:`MAX_ROUNDS` times.

>>> text = ('[Rules "classic"]\\ndeal 1 dealer N\\nsmsara 1 E:pass S:pass W:pass N:pass\\n'
...         "smsara 2 E:pass S:pass W:pass N:pass\\nscore 10 0 {typed by hand}\\nend\\n")
>>> fixed = fix_text(text, "club.bel")
>>> print(fixed.text.splitlines()[4]), fixed.fixed, [f.code for f in fixed.remaining]
score 0 0 {typed by hand}
(None, 1, [])
>>> fix_text(fixed.text, "club.bel").changed
False
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from dataclasses import dataclass, field

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.codes import (
    DEAL_SCORE,
    LITIGE_POT,
    MATCH_TOTALS,
    MATCH_WINNER,
    SHEET_TOTALS,
    TRICK_WINNER,
)
from belote_notation.check.findings import Finding, effective_severity
from belote_notation.check.replay import DealReplay, GameReplay
from belote_notation.check.setup import ValidationConfig
from belote_notation.game.cards import SEAT_NAMES
from belote_notation.pipeline.files import replacing
from belote_notation.pipeline.inputs import InputProblem, Source, detect, open_input
from belote_notation.pipeline.records import replays_of
from belote_notation.pipeline.select import ReportOptions

__all__ = ["FIXABLE", "MAX_ROUNDS", "Edit", "FixResult", "NotFixable", "fix_file", "fix_text"]

FIXABLE = frozenset({TRICK_WINNER, DEAL_SCORE, LITIGE_POT, MATCH_TOTALS, SHEET_TOTALS, MATCH_WINNER})
"""The codes whose recorded value the engine recomputes (``belote-replay rule CODE``)."""

MAX_ROUNDS = 100
"""Rounds of check-and-fix at most (ruff's bound): each round fixes at least one claim, and a
claim written from an earlier wrong one shows only once that one is fixed."""

BOM = "\ufeff"
_WS = r"[ \t\f\r\n]+"
_INT = r"(-?\d+)"
_PAIR = re.compile(rf"(?i:score|points|marque|match|total)(?![\w]){_WS}{_INT}{_WS}{_INT}")
_POT = re.compile(r"-?\d+(?![\w])")
_SEAT = re.compile(r"[NESWnesw](?![\w:])")
_TAG = re.compile(r'\[Result[ \t]+"([^"\\\n]*)"')
_END_RESULT = re.compile(rf"(?<![\w:])(?i:end|fin){_WS}((?i:ns|ew)(?![\w])|\*)")
_BARE_RESULT = re.compile(r"((?i:ns|ew)(?![\w])|\*)")


class NotFixable(ValueError):
    """The input is not a ``.bel`` file (other formats are not rewritten): the reason in words."""


@dataclass(frozen=True, slots=True)
class Edit:
    """``text[start:end]`` replaced by ``replacement`` (offsets in the text without its BOM)."""

    start: int
    end: int
    replacement: str


@dataclass(slots=True)
class FixResult:
    """What fixing a text did: the new text, how many claims were rewritten, what remains."""

    original: str
    text: str
    fixed: int = 0
    remaining: list[Finding] = field(default_factory=list)
    """The findings of the fixed text (all of them, each with its effective severity)."""
    errors_remaining: int = 0
    """Among :attr:`remaining`, those of severity error (warnings too with ``strict``)."""

    @property
    def changed(self) -> bool:
        return self.text != self.original

    def diff(self, name: str) -> str:
        """The change as a unified diff (empty when nothing changed)."""
        return "".join(difflib.unified_diff(self.original.splitlines(keepends=True),
                                            self.text.splitlines(keepends=True), name, name))


class _Lines:
    """Offsets of the text's lines: (line, col) as the reader counts them (1-based characters)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.size = len(text)

    def offset(self, line: int, col: int) -> int | None:
        if not 1 <= line <= len(self.starts) or col < 1:
            return None
        at = self.starts[line - 1] + col - 1
        end = self.starts[line] if line < len(self.starts) else self.size
        return at if at < end else None


def fix_text(text: str, name: str = "<string>", config: ValidationConfig = DEFAULT_CONFIG,
             options: ReportOptions | None = None, max_rounds: int = MAX_ROUNDS) -> FixResult:
    """``text`` (a ``.bel`` file's, a BOM kept) with every reported recomputable claim rewritten
    to the engine's value; ``options`` chooses the codes that are reported (and so fixed)."""
    options = options or ReportOptions()
    bom = BOM if text.startswith(BOM) else ""
    body = text[len(bom):]
    fixed = 0
    for _ in range(max_rounds):
        replays = _replays(bom + body, name, config)
        edits, count = _edits(body, replays, options)
        if not edits:
            break
        body = _apply(body, edits)
        fixed += count
    else:
        replays = _replays(bom + body, name, config)
    findings = [f for r in replays for f in options.view(r.report).findings]
    errors = sum(effective_severity(f.severity, options.strict) == "error" for f in findings)
    return FixResult(text, bom + body, fixed, findings, errors)


def fix_file(path: str | os.PathLike[str], config: ValidationConfig = DEFAULT_CONFIG,
             options: ReportOptions | None = None, write: bool = True) -> FixResult:
    """:func:`fix_text` on a ``.bel`` file, written back (temporary + rename) when it changed and
    ``write``. Raises :class:`NotFixable` for a file of another format or one that is not UTF-8
    text, ``OSError`` when it cannot be read or written."""
    with open(path, "rb") as handle:
        data = handle.read()
        mode = stat.S_IMODE(os.fstat(handle.fileno()).st_mode)
    fmt = detect(os.fspath(path), data[:4096])
    if fmt.name != "bel":
        raise NotFixable(f"--fix rewrites .bel files only; this is {fmt.name}: convert it first")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotFixable(f"not UTF-8 text (byte {exc.start}): not rewritten") from None
    result = fix_text(text, os.fspath(path), config, options)
    if write and result.changed:
        with replacing(path) as out:
            out.write(result.text)
        os.chmod(path, mode)  # the file keeps its permissions (the temporary got the umask's)
    return result


def _replays(text: str, name: str, config: ValidationConfig) -> list[GameReplay]:
    opened = open_input(Source(name, data=text.encode("utf-8"), label=name))
    if isinstance(opened, InputProblem):  # bytes in memory always open; said for the type checker
        return []
    with opened:
        return list(replays_of(opened, config))


def _edits(text: str, replays: list[GameReplay], options: ReportOptions) -> tuple[list[Edit], int]:
    """The edits of one round, and how many findings they fix."""
    lines = _Lines(text)
    edits: dict[int, Edit] = {}
    count = 0
    starts = [r.report.line for r in replays]
    for index, replay in enumerate(replays):
        wanted = {id(f) for f in options.view(replay.report).findings if f.code in FIXABLE}
        if not wanted:
            continue
        bases = _bases(replay.deals)
        for deal, base in zip(replay.deals, bases, strict=True):
            for finding in deal.findings:
                if id(finding) in wanted:
                    found = _deal_fix(text, lines, finding, deal, base)
                    count += bool(found)
                    for edit in found:
                        edits.setdefault(edit.start, edit)
        game_end = lines.offset(starts[index + 1], 1) if index + 1 < len(starts) else None
        for finding in replay.report.findings:
            if id(finding) in wanted and finding.code == MATCH_WINNER:
                found = _result_fix(text, lines, finding, replay, game_end)
                count += bool(found)
                for edit in found:
                    edits.setdefault(edit.start, edit)
    return sorted(edits.values(), key=lambda e: e.start), count


def _apply(text: str, edits: list[Edit]) -> str:
    out, last = [], 0
    for edit in edits:
        if edit.start < last:  # overlapping edits: the later one waits for the next round
            continue
        out += [text[last:edit.start], edit.replacement]
        last = edit.end
    out.append(text[last:])
    return "".join(out)


Pair = tuple[int, int]


def _bases(deals: list[DealReplay]) -> list[Pair | None]:
    """The recorded totals before each deal, as the match check takes them (the record's word
    when it gives it, else the engine's running totals)."""
    out: list[Pair | None] = []
    base: Pair | None = (0, 0)
    for deal in deals:
        out.append(base)
        report = deal.report
        if report is None:
            base = None
        elif report.claimed_totals is not None:
            base = (report.claimed_totals[0], report.claimed_totals[1])
        elif report.totals is not None:
            base = (report.totals[0], report.totals[1]) if base is not None else None
        elif base is not None and report.claimed_score is not None:
            base = (base[0] + report.claimed_score[0], base[1] + report.claimed_score[1])
        else:
            base = None
    return out


def _step_score(deal: DealReplay) -> Pair | None:
    """The deal's score as the match credits it (the litige pot it claims included)."""
    report = deal.report
    if report is None or report.credited is None:
        return None
    claimed = report.pot_claimed or [0, 0]
    return report.credited[0] + claimed[0], report.credited[1] + claimed[1]


def _deal_fix(text: str, lines: _Lines, finding: Finding, deal: DealReplay, base: Pair | None) -> list[Edit]:
    at = lines.offset(finding.line, finding.col)
    if at is None:
        return []
    report = deal.report
    code = finding.code
    if code == TRICK_WINNER:
        trick = finding.trick
        if trick is None or not 1 <= trick <= len(deal.tricks):
            return []
        return _replace(_SEAT, text, at, 0, SEAT_NAMES[deal.tricks[trick - 1].winner])
    if code == LITIGE_POT:
        return [] if report is None or report.pot is None else _replace(_POT, text, at, 0, str(report.pot))
    value: Pair | None = None
    if code == DEAL_SCORE:
        value = _step_score(deal)
    elif base is not None and report is not None:
        score = _step_score(deal) if code == MATCH_TOTALS else (
            None if report.claimed_score is None else (report.claimed_score[0], report.claimed_score[1]))
        value = None if score is None else (base[0] + score[0], base[1] + score[1])
    if value is None:
        return []
    return _replace(_PAIR, text, at, 1, str(value[0])) + _replace(_PAIR, text, at, 2, str(value[1]))


def _replace(pattern: re.Pattern[str], text: str, at: int, group: int, value: str) -> list[Edit]:
    """The edit writing ``value`` over ``group`` of ``pattern`` matched exactly at ``at``."""
    found = pattern.match(text, at)
    if found is None or found.group(group) == value:
        return []
    return [Edit(found.start(group), found.end(group), value)]


def _result_fix(text: str, lines: _Lines, finding: Finding, replay: GameReplay,
                game_end: int | None) -> list[Edit]:
    """BEL603: the Result tag and the result after ``end`` (where they agreed) set to the winner."""
    at = lines.offset(finding.line, finding.col)
    if at is None:
        return []
    winner = replay.report.winner
    value = "*" if winner is None else ("NS", "EW")[winner]
    tag = _TAG.match(text, at)
    if tag is None:
        return _replace(_BARE_RESULT, text, at, 1, value)
    edits = _replace(_TAG, text, at, 1, value)
    last = replay.deals[-1].report if replay.deals else None
    start = lines.offset(last.line, 1) if last is not None and last.line else None
    if start is not None:
        matches = list(_END_RESULT.finditer(text, start, game_end if game_end is not None else len(text)))
        if matches and matches[0].group(1).lower() == tag.group(1).strip().lower():
            edits += _replace(_END_RESULT, text, matches[0].start(), 1, value)
    return edits
