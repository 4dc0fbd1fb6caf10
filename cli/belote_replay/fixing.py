"""``validate --fix`` / ``--diff``: the library's :mod:`belote_notation.pipeline.fix` over the
command's inputs, its outcome told as ruff tells it (``Found N errors (M fixed, K remaining).``,
the same N as ``validate`` reports)."""

from __future__ import annotations

import sys

from belote_notation.check.setup import ValidationConfig
from belote_notation.game.lang import msg, msg_n
from belote_notation.game.lang.render import said, say
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
    unusable = [f"{p.path}: {said(p.msg, p.message)}" for p in found.problems]
    found_errors = fixed = remaining = 0
    held = [0]
    for source in found.sources:
        if not source.is_file:
            why = say(msg("--fix and --diff rewrite files, not standard input"))
            unusable.append(f"{source.display}: {why}")
            continue
        header = [f"--- {source.display}\n+++ {source.display}\n"] if diff else []

        def told(game: GameFixed, header: list[str] = header) -> None:
            if diff and game.diff:
                out.write("".join(header + game.diff))
                header.clear()
            if show_fixes or diff:
                for fix in game.applied:
                    told_fix = msg("Would fix %(fix)s", fix=fix.describe()) if diff else msg(
                        "Fixed %(fix)s", fix=fix.describe())
                    out.write(say(told_fix) + "\n")
            held[0] += len(game.held_back)
            if show_fixes or diff:
                for fix in game.held_back:
                    out.write(say(msg("Not applied %(fix)s", fix=fix.describe())) + "\n")
            for finding in game.remaining:
                if finding.severity == "error":
                    out.write(finding.format_text() + "\n")

        try:
            result = fix_file(source.path, config, options, write=not diff, unsafe=unsafe, on_game=told)
        except NotFixable as exc:
            unusable.append(f"{source.display}: {say(exc.reason)}")
            continue
        except OSError as exc:
            unusable.append(f"{source.display}: {exc}")
            continue
        found_errors += result.found
        fixed += result.fixed
        remaining += result.errors_remaining
    for line in unusable:
        err.write(f"belote-replay: {line}\n")
    out.write(_summary(found_errors, fixed, remaining, diff))
    if held[0]:
        hint = (msg("each would bring or hide another finding") if unsafe
                else msg("--unsafe-fixes applies the unsafe ones"))
        out.write(say(msg_n("%(n)s fix not applied: %(hint)s, --show-fixes says why.",
                            "%(n)s fixes not applied: %(hint)s, --show-fixes says why.", "n",
                            n=held[0], hint=hint)) + "\n")
    if unusable:
        sys.exit(2)
    left = found_errors if diff else remaining  # --diff wrote nothing: every error is still there
    sys.exit(1 if left and not exit_zero else 0)


def _summary(found: int, fixed: int, remaining: int, diff: bool) -> str:
    """ruff's last line, in the language asked: ``Found 3 errors (2 fixed, 1 remaining).``"""
    counts = {"n": found, "fixed": fixed, "remaining": remaining}
    summary = (msg_n("Found %(n)s error (%(fixed)s fixable, %(remaining)s remaining).",
                     "Found %(n)s errors (%(fixed)s fixable, %(remaining)s remaining).", "n", **counts)
               if diff else
               msg_n("Found %(n)s error (%(fixed)s fixed, %(remaining)s remaining).",
                     "Found %(n)s errors (%(fixed)s fixed, %(remaining)s remaining).", "n", **counts))
    return say(summary) + "\n"
