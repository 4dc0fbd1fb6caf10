"""Findings: what the validator reports, and the registry of every finding code.

A :class:`Finding` is one problem (or one "could not check" note) at one place of a
record: a stable code, a severity, a message in a player's words, and where it is
(file, line, column, game, deal, trick, seat)::

    >>> f = Finding("BEL301", "error", "W did not overtrump", "club.bel", 41, 17, game=1, deal=3)
    >>> print(f)
    club.bel:41:17: error BEL301 W did not overtrump

The codes themselves, their severities and who raises them are in one static table,
:mod:`belote_notation.game.code_table`; ``docs/findings.md`` documents each.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from belote_notation.game.cards import SEAT_NAMES
from belote_notation.game.code_table import CODES, CodeInfo, severity_of
from belote_notation.game.lang import Message, render
from belote_notation.game.lang.render import chosen_lang

__all__ = [
    "SEVERITIES",
    "Finding",
    "Issue",
    "code_info",
    "code_registry",
    "count_by_severity",
    "fix_in",
    "fix_message",
    "effective_severity",
    "sort_key",
]

SEVERITIES: tuple[str, ...] = ("error", "warning", "info")


class Issue(Protocol):
    """What a reader found wrong at a place of its input: the notation's ``SyntaxIssue``, a
    format's ``FormatIssue``."""

    @property
    def code(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def line(self) -> int | None: ...

    @property
    def col(self) -> int | None: ...


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
    game: int | None = None
    deal: int | None = None
    trick: int | None = None
    seat: int | None = None
    fix: dict[str, Any] | None = None
    """Its fix as data, when it has one and it was asked for (``--format json``/``sarif``): the
    applicability, a message and the edits with their spans (``pipeline/fix_plan.py``)."""
    msg: Message | None = None
    """The message as data (its catalogue id and typed parameters) when the checks or the engine
    raised it; ``message`` is its English text."""

    @classmethod
    def of(cls, code: str, msg: Message, file: str = "<string>", line: int = 0, col: int = 0,
           game: int | None = None, deal: int | None = None, trick: int | None = None,
           seat: int | None = None) -> Finding:
        """The finding of ``msg``, its English text rendered once, its severity the code's.

        >>> from belote_notation.game.lang import Seat, msg
        >>> f = Finding.of("BEL201", msg("%(who)s bid after the bidding was over", who=Seat(3)))
        >>> f.message, f.text("fr")
        ('W bid after the bidding was over', 'W a parlé après la fin des enchères')
        """
        return cls(code, severity_of(code), render(msg), file, line, col, game, deal, trick, seat, None, msg)

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang`` (:func:`chosen_lang` when not given: ``BELOTE_LANG``); its
        English text when it has no message as data."""
        lang = lang or chosen_lang()
        return self.message if self.msg is None or lang == "en" else render(self.msg, lang)

    @classmethod
    def from_issue(cls, issue: Issue, file: str, game: int | None, severity: str | None = None) -> Finding:
        """The finding of a reader's issue (a syntax problem, a format's): ``severity``, else its
        code's severity from the registry; 0 for a place the reader does not know (a column
        without its line says nothing).

        >>> from belote_notation.notation.issues import SyntaxIssue
        >>> print(Finding.from_issue(SyntaxIssue("BEL004", "unknown card `9O`", 3, 10), "f.bel", 1))
        f.bel:3:10: error BEL004 unknown card `9O`
        """
        line = issue.line or 0
        col = (issue.col or 0) if line else 0
        return cls(issue.code, severity or severity_of(issue.code), issue.message, file, line, col, game,
                   msg=getattr(issue, "msg", None))

    def __str__(self) -> str:
        return self.format_text()

    def format_text(self, severity: str | None = None, lang: str | None = None) -> str:
        """The ruff-like line ``path:line:col: severity CODE message``."""
        sev = severity or self.severity
        return f"{self.file}:{self.line}:{self.col}: {sev} {self.code} {self.text(lang)}"

    def to_dict(self, severity: str | None = None, lang: str | None = None) -> dict[str, Any]:
        """JSON-ready form; ``seat`` as its letter (``"W"``); ``fix`` only when it has one; the
        message in ``lang``, and its catalogue id and parameters (``message_id``, ``args``) when it
        has them."""
        out = {
            "code": self.code,
            "severity": severity or self.severity,
            "message": self.text(lang),
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "game": self.game,
            "deal": self.deal,
            "trick": self.trick,
            "seat": SEAT_NAMES[self.seat] if self.seat is not None and 0 <= self.seat < 4 else None,
        }
        if self.fix is not None:
            out["fix"] = fix_in(self.fix, lang or chosen_lang())
        if self.msg is not None:
            out["message_id"] = self.msg.id
            out["args"] = self.msg.args_json()
            if self.msg.plural is not None:
                out["message_plural"], out["message_count"] = self.msg.plural, self.msg.count
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        """The finding :meth:`to_dict` wrote (fields this version does not know are ignored).

        >>> f = Finding("BEL301", "error", "W did not overtrump", "club.bel", 41, 17, 1, 3, 2, 3)
        >>> Finding.from_dict(f.to_dict()) == f
        True
        """
        seat = data.get("seat")
        message = None
        if isinstance(data.get("message_id"), str) and isinstance(data.get("args"), dict):
            try:
                message = Message.from_json(data["message_id"], data["args"], data.get("message_plural"),
                                            data.get("message_count"))
            except (ValueError, KeyError, TypeError):
                message = None
        return cls(data["code"], data["severity"], data["message"], data.get("file", "<string>"),
                   data.get("line", 0), data.get("col", 0), data.get("game"), data.get("deal"),
                   data.get("trick"), None if seat is None else SEAT_NAMES.index(seat), data.get("fix"),
                   message)


def fix_message(fix: dict[str, Any], key: str = "message") -> Message | None:
    """A fix's description (``key="reason"``: why it is unsafe) as a message, read back from its
    JSON form (``pipeline/fixable.py`` ``Fix.to_dict``); ``None`` when it has none or it cannot
    be read (a fix stored by an older version)."""
    ids, args = (("message_id", "args") if key == "message" else ("reason_id", "reason_args"))
    if not isinstance(fix.get(ids), str) or not isinstance(fix.get(args), dict):
        return None
    try:
        return Message.from_json(fix[ids], fix[args])
    except (ValueError, KeyError, TypeError):
        return None


def fix_in(fix: dict[str, Any], lang: str) -> dict[str, Any]:
    """A fix's JSON form with its description and reason in ``lang``, rendered from their ids
    and parameters (as written, in English, when it has none).

    >>> fix = {"message": "result -> NS", "message_id": "result -> %(result)s", "args": {"result": "NS"}}
    >>> fix_in(fix, "fr")["message"]
    'résultat -> NS'
    """
    if lang == "en":
        return fix
    out = dict(fix)
    for key in ("message", "reason"):
        said = fix_message(fix, key)
        if said is not None:
            out[key] = render(said, lang)
    return out


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


def code_registry() -> dict[str, CodeInfo]:
    """Every finding code (the static table :data:`~belote_notation.game.code_table.CODES`)."""
    return CODES


def code_info(code: str) -> CodeInfo | None:
    """The registry entry of ``code``, ``None`` for an unknown code."""
    return CODES.get(code)
