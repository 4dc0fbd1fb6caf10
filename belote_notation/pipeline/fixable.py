"""Which findings have a fix (the codes whose recorded value can be worked out again), and a
fix as data (:class:`Fix`: its description and its reason as messages, rendered at the edge).

A module of its own so that the outputs that show fixes (``--format json``, ``jsonl``,
``sarif``: :mod:`.pool`) can tell a report without a fixable finding, most of them, without
importing the fix planner (:mod:`.fix_plan`: the replay, the records and pydantic, a tenth of a
second of every JSON run's start); :class:`Fix` needs no more than a finding and a message.

>>> sorted(FIXABLE)
['BEL501', 'BEL503', 'BEL504', 'BEL601', 'BEL603', 'BEL606']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from belote_notation.check.codes import (
    DEAL_SCORE,
    LITIGE_POT,
    MATCH_TOTALS,
    MATCH_WINNER,
    SHEET_TOTALS,
    TRICK_WINNER,
)
from belote_notation.check.findings import Finding
from belote_notation.game.lang import Message, msg, render
from belote_notation.game.lang.render import chosen_lang
from belote_notation.pipeline.text_edits import Edit

__all__ = ["FIXABLE", "Applicability", "Fix"]

FIXABLE = frozenset({TRICK_WINNER, DEAL_SCORE, LITIGE_POT, MATCH_TOTALS, SHEET_TOTALS, MATCH_WINNER})
"""The codes whose recorded value can be worked out again (``belote-replay rule CODE``)."""

Applicability = Literal["safe", "unsafe"]


@dataclass(slots=True)
class Fix:
    """The fix of one finding: what it does (a message), its edits, and whether ``--fix``
    applies it (``safe``) or only ``--unsafe-fixes`` does, with the reason (a message too,
    rendered in the reader's language at the edge: docs/languages.md)."""

    finding: Finding
    applicability: Applicability
    said: Message
    edits: list[Edit] = field(default_factory=list)
    why: Message | None = None
    """Why it is unsafe or held back (``None`` for a safe fix)."""

    @property
    def message(self) -> str:
        """What it does, in English."""
        return render(self.said)

    @property
    def reason(self) -> str:
        """Why it is unsafe or held back, in English (empty for a safe fix)."""
        return "" if self.why is None else render(self.why)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (ruff's: applicability, message, edits), the texts in English with their
        catalogue ids and parameters (``message_id``/``args``, ``reason_id``/``reason_args``), so
        that an output renders them in its language (:func:`~belote_notation.check.findings.fix_in`)."""
        out: dict[str, Any] = {"applicability": self.applicability, "message": self.message,
                               "edits": [e.to_dict() for e in self.edits]}
        if self.why is not None:
            out["reason"] = self.reason
        out["message_id"], out["args"] = self.said.id, self.said.args_json()
        if self.why is not None:
            out["reason_id"], out["reason_args"] = self.why.id, self.why.args_json()
        return out

    def describe(self, lang: str | None = None) -> str:
        """``path:line:col: CODE message`` and, when unsafe, why; in ``lang`` (else the language
        chosen: ``--lang``, ``BELOTE_LANG``)."""
        f = self.finding
        said = (self.said if self.why is None
                else msg("%(fix)s (unsafe: %(why)s)", fix=self.said, why=self.why))
        return f"{f.file}:{f.line}:{f.col}: {f.code} {render(said, lang or chosen_lang())}"
