"""``belote-replay fmt FILE... [--check] [--diff]``: rewrite records in the canonical form.

A file with a syntax error is never rewritten (nothing the user wrote may be lost): its
issues are listed as ``path:line:col: CODE message`` and the exit code is 2. With
``--check`` nothing is written: files that are not canonical are listed and the exit
code is 1; ``--diff`` shows what would change as a unified diff (exit 1 too). ``fmt -`` reads
standard input and writes the canonical text to standard output, and so does a FILE that is not
a regular file (a FIFO, a pipe: read once, as a stream). A symbolic link is kept: the file it
points to is rewritten. A file keeps its format; one that ``fmt`` does not rewrite (an events
log, CFN, a CSV sheet...) is refused in one line pointing at ``belote-replay convert`` (exit 2).

The rewrite is the library's (:mod:`belote_notation.pipeline.canonical`); this module wires the
options, the progress and the counts.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from belote_notation.game.lang import Message, msg
from belote_notation.game.lang.render import listed, said, say
from belote_notation.pipeline.canonical import canonical_text, format_file, to_standard_output, unified_diff
from belote_notation.pipeline.inputs import discover
from belote_replay.lang import lang_option
from belote_replay.output import ConsoleStream
from belote_replay.progress import ProgressDisplay

__all__ = ["command", "format_file"]


def _format_stdin(check: bool, diff: bool) -> None:
    """``fmt -``: the canonical text of standard input on standard output, in UTF-8."""
    data = sys.stdin.buffer.read()
    refusal, messages, text = canonical_text(data, "<stdin>")
    err = ConsoleStream("stderr")
    for message in messages:
        err.write(message + "\n")
    if refusal is not None:
        raise SystemExit(2)
    changed = text.encode("utf-8") != data
    if diff:
        ConsoleStream("stdout").write(unified_diff(data.decode("utf-8", "replace"), text, "<stdin>"))
    elif check:
        if changed:
            err.write(say(msg("would reformat %(file)s", file="<stdin>")) + "\n")
    else:
        to_standard_output(text.encode("utf-8"))
    if changed and (check or diff):
        raise SystemExit(1)


def _summary(counts: dict[str, int]) -> str:
    """``2 reformatted, 5 unchanged``: the counts said, in the language asked."""
    said_counts = {"reformatted": msg("%(n)s reformatted", n=counts["reformatted"]),
                   "would-reformat": msg("%(n)s would be reformatted", n=counts["would-reformat"]),
                   "to-stdout": msg("%(n)s written to standard output (not a regular file)",
                                    n=counts["to-stdout"]),
                   "unchanged": msg("%(n)s unchanged", n=counts["unchanged"]),
                   "error": msg("%(n)s with errors (left untouched)", n=counts["error"]),
                   "refused": msg("%(n)s refused (not .bel or its JSON twin)", n=counts["refused"])}
    parts: list[Message] = [words for key, words in said_counts.items() if counts[key] or key == "unchanged"]
    return listed(parts)


@click.command("fmt")
@click.argument("files", nargs=-1, required=True)
@lang_option
@click.option("--check", is_flag=True, help="Do not write; list the files that are not canonical (exit 1).")
@click.option("--diff", is_flag=True, help="Do not write; show what would change as a unified diff (exit 1).")
@click.option("--progress/--no-progress", default=None,
              help="Progress display on stderr (default: when stderr is a terminal).")
def command(files: tuple[str, ...], check: bool, diff: bool, progress: bool | None) -> None:
    """Rewrite .bel FILES (or the .bel files under directories) in the canonical form;
    - reads standard input and writes standard output.

    Files with syntax errors are left untouched and reported (exit 2). The JSON twin is
    rewritten as the canonical JSON twin; other formats are refused (use convert, exit 2).
    """
    if files == ("-",):
        _format_stdin(check, diff)
        return
    counts = {"unchanged": 0, "reformatted": 0, "would-reformat": 0, "to-stdout": 0, "error": 0, "refused": 0}
    found = discover(files)  # the pipeline's: folders searched for .bel files, each file once
    out, err = ConsoleStream("stdout"), ConsoleStream("stderr")
    for problem in found.problems:
        err.write(f"{problem.path}: {said(problem.msg, problem.message)}\n")
        counts["error"] += 1
    if any(source.is_stdin for source in found.sources):
        alone = msg("standard input is formatted only when it is the one FILE (`fmt -`)")
        err.write(f"-: {say(alone)}\n")
        counts["error"] += 1
    paths = [Path(source.path) for source in found.sources if source.is_file]
    with ProgressDisplay(say(msg("formatting")), len(paths), say(msg("files")), progress) as display:
        for done, path in enumerate(paths, 1):
            status, messages = format_file(path, check, diff)
            counts[status] += 1
            for message in messages:
                (err if status in ("error", "refused") else out).write(message + "\n")
            display.update(done, description=path.name)
    err.write(_summary(counts) + "\n")
    if counts["error"] or counts["refused"]:
        raise SystemExit(2)
    if counts["would-reformat"]:
        raise SystemExit(1)
