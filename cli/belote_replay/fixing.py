"""``validate --fix`` / ``--diff``: the library's :mod:`belote_notation.pipeline.fix` over the
command's inputs, its outcome told as ruff tells it (``Found N errors (M fixed, K remaining).``)."""

from __future__ import annotations

import sys

from belote_notation.check.setup import ValidationConfig
from belote_notation.pipeline.inputs import Discovery
from belote_notation.pipeline.select import ReportOptions
from belote_replay.output import ConsoleStream

__all__ = ["fix_inputs"]


def fix_inputs(found: Discovery, config: ValidationConfig, options: ReportOptions, diff: bool,
               exit_zero: bool) -> None:
    """Fix (or, with ``diff``, show the fixes of) every input, then exit: 0 when no error
    remains in the files (or ``exit_zero``), 1 when some do (with ``diff``, the fixable ones
    too), 2 when an input is not a ``.bel`` file or cannot be read or written."""
    from belote_notation.check.findings import effective_severity
    from belote_notation.pipeline.fix import NotFixable, fix_file

    out, err = ConsoleStream("stdout"), ConsoleStream("stderr")
    unusable = [f"{p.path}: {p.message}" for p in found.problems]
    fixed = remaining = 0
    for source in found.sources:
        if not source.is_file:
            unusable.append(f"{source.display}: --fix and --diff rewrite files, not standard input")
            continue
        try:
            result = fix_file(source.path, config, options, write=not diff)
        except (NotFixable, OSError) as exc:
            unusable.append(f"{source.display}: {exc}")
            continue
        fixed += result.fixed
        remaining += result.errors_remaining
        if diff:
            out.write(result.diff(source.display))
        for finding in result.remaining:
            severity = effective_severity(finding.severity, options.strict)
            if severity == "error":
                out.write(finding.format_text(severity) + "\n")
    for line in unusable:
        err.write(f"belote-replay: {line}\n")
    errors = fixed + remaining
    noun = "error" if errors == 1 else "errors"
    verb = "fixable" if diff else "fixed"
    out.write(f"Found {errors} {noun} ({fixed} {verb}, {remaining} remaining).\n")
    if unusable:
        sys.exit(2)
    left = errors if diff else remaining  # --diff wrote nothing: every error is still there
    sys.exit(1 if left and not exit_zero else 0)
