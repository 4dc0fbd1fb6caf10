"""What is reported of each game: the codes chosen (as ruff chooses) and ``strict``, applied to
a new report, never to the checker's own.

>>> from belote_notation.check.findings import Finding
>>> from belote_notation.check.report import CodeSelection, GameReport
>>> found = [Finding("BEL303", "error", "m"), Finding("BEL912", "warning", "w")]
>>> report = GameReport("g.bel", 1, findings=found)
>>> view = ReportOptions(CodeSelection(ignore=("BEL3",)), strict=True).view(report)
>>> [(f.code, f.severity) for f in view.findings], len(report.findings), report.findings[1].severity
([('BEL912', 'error')], 2, 'warning')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from belote_notation.check.findings import Finding, effective_severity
from belote_notation.check.report import CodeSelection, GameReport
from belote_notation.check.suggest import checked_codes
from belote_notation.pipeline.paths import PathPatterns

__all__ = ["EVERY_CODE", "ReportOptions"]

EVERY_CODE = CodeSelection()


@dataclass(frozen=True, slots=True)
class ReportOptions:
    """Which codes are reported and whether warnings count as errors (picklable: it travels to
    worker processes with the games). A code prefix that matches no code raises
    :class:`~belote_notation.check.suggest.ConfigError` when it is built.

    >>> ReportOptions.from_text(select=["BEL3O3"])
    Traceback (most recent call last):
    ...
    belote_notation.check.suggest.ConfigError: no finding code starts with 'BEL3O3' (did you mean 'BEL303'?)
    """

    codes: CodeSelection = field(default=EVERY_CODE)
    strict: bool = False
    per_file_ignores: tuple[tuple[PathPatterns, tuple[str, ...]], ...] = ()
    """``per-file-ignores``: the codes (prefixes) not reported in the files a pattern matches.

    >>> from belote_notation.check.findings import Finding
    >>> drafts = ((PathPatterns(("drafts",)), ("BEL6",)),)
    >>> report = GameReport("drafts/a.bel", 1, findings=[Finding("BEL601", "error", "m")])
    >>> len(ReportOptions(per_file_ignores=drafts).view(report).findings), len(report.findings)
    (0, 1)
    """

    def __post_init__(self) -> None:
        selection: CodeSelection | None = self.codes
        while selection is not None:
            checked_codes("select", selection.select)
            checked_codes("ignore", selection.ignore)
            selection = selection.base
        for _, codes in self.per_file_ignores:
            checked_codes("ignore", codes)

    @classmethod
    def from_text(cls, select: Iterable[str] = (), ignore: Iterable[str] = (), strict: bool = False,
                  base: CodeSelection | None = None) -> ReportOptions:
        """From what a user types: code prefixes, repeatable or comma-separated, any case."""
        codes = CodeSelection(checked_codes("select", select), checked_codes("ignore", ignore), base)
        return cls(codes, strict)

    def view(self, report: GameReport) -> GameReport:
        """A new report holding the findings reported, their severity final; ``report`` is left
        as it was."""
        return dataclasses.replace(report, findings=self.reported(report))

    def reported(self, report: GameReport) -> list[Finding]:
        """The findings of :meth:`view` (a new list), without the new report (the text outputs
        need no more)."""
        kept = self.codes.keep(report.findings)
        ignored = tuple(code for patterns, codes in self.per_file_ignores if patterns.matches(report.file)
                        for code in codes)
        if ignored:
            kept = CodeSelection(ignore=ignored, base=self.codes).keep(kept)
        if self.strict:
            kept = [dataclasses.replace(f, severity=effective_severity(f.severity, True)) for f in kept]
        return list(kept)
