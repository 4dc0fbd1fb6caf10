"""``validate --fix`` / ``--diff``: the library's :mod:`belote_notation.pipeline.fix` over the
command's inputs, its outcome told as ruff tells it (``Found N errors (M fixed, K remaining).``,
the same N as ``validate`` reports)."""

from __future__ import annotations

import sys

from belote_notation.check.setup import ValidationConfig
from belote_notation.pipeline.inputs import Discovery
from belote_notation.pipeline.select import ReportOptions
from belote_replay.output import ConsoleStream

__all__ = ["fix_inputs"]


def fix_inputs(found: Discovery, config: ValidationConfig, options: ReportOptions, diff: bool,
               exit_zero: bool, unsafe: bool = False, show_fixes: bool = False) -> None:
    """Fix (or, with ``diff``, show the fixes of) every input, then exit: 0 when no error
    remains in the files (or ``exit_zero``), 1 when some do (with ``diff``, the fixable ones
    too), 2 when an input cannot be fixed (another format, not a regular file, read-only,
    changed meanwhile) or read or written."""
    from belote_notation.pipeline.fix import GameFixed, NotFixable, fix_file

    out, err = ConsoleStream("stdout"), ConsoleStream("stderr")
    unusable = [f"{p.path}: {p.message}" for p in found.problems]
    found_errors = fixed = remaining = 0
    held = [0]
    for source in found.sources:
        if not source.is_file:
            unusable.append(f"{source.display}: --fix and --diff rewrite files, not standard input")
            continue
        header = [f"--- {source.display}\n+++ {source.display}\n"] if diff else []

        def told(game: GameFixed, header: list[str] = header) -> None:
            if diff and game.diff:
                out.write("".join(header + game.diff))
                header.clear()
            if show_fixes or diff:
                for fix in game.applied:
                    out.write(f"{'Would fix' if diff else 'Fixed'} {fix.describe()}\n")
            held[0] += len(game.held_back)
            if show_fixes or diff:
                for fix in game.held_back:
                    out.write(f"Not applied {fix.describe()}\n")
            for finding in game.remaining:
                if finding.severity == "error":
                    out.write(finding.format_text() + "\n")

        try:
            result = fix_file(source.path, config, options, write=not diff, unsafe=unsafe, on_game=told)
        except (NotFixable, OSError) as exc:
            unusable.append(f"{source.display}: {exc}")
            continue
        found_errors += result.found
        fixed += result.fixed
        remaining += result.errors_remaining
    for line in unusable:
        err.write(f"belote-replay: {line}\n")
    noun = "error" if found_errors == 1 else "errors"
    verb = "fixable" if diff else "fixed"
    out.write(f"Found {found_errors} {noun} ({fixed} {verb}, {remaining} remaining).\n")
    if held[0]:
        hint = ("each would bring or hide another finding" if unsafe
                else "--unsafe-fixes applies the unsafe ones")
        plural = "es" if held[0] != 1 else ""
        out.write(f"{held[0]} fix{plural} not applied: {hint}, --show-fixes says why.\n")
    if unusable:
        sys.exit(2)
    left = found_errors if diff else remaining  # --diff wrote nothing: every error is still there
    sys.exit(1 if left and not exit_zero else 0)
