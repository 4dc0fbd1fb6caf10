"""``belote-replay validate PATH...``: replay every deal and report every illegal act and wrong score.

Exit codes: 0 clean, 1 findings of severity error (or warning with ``--strict``), or an
input that could not be read among others; 2 when nothing could be read at all, or when
the command is misused.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

import click
from typing_extensions import Self

from belote_notation.check.setup import ValidationConfig, parse_option
from belote_notation.game.rules import RulesError, Ruleset
from belote_replay.discovery import discover
from belote_replay.output import JsonWriter, Summary, TextWriter

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

__all__ = ["command"]


def _check_rules(rules: str | None, options: tuple[str, ...]) -> ValidationConfig:
    pairs: list[tuple[str, str]] = []
    for text in options:
        try:
            pairs.append(parse_option(text))
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--option") from None
    try:
        base = Ruleset.preset(rules or "classic")
    except RulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--rules") from None
    for key, value in pairs:
        try:
            base.with_options({key: value})
        except RulesError as exc:
            raise click.BadParameter(str(exc), param_hint="--option") from None
    return ValidationConfig(rules=rules, options=tuple(pairs))


class _Display:
    """A rich progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.progress: Progress | None = None
        self.task: TaskID | None = None
        self.total = total
        self.base = 0
        self.last_path: str | None = None
        self.last_done = 0
        self.next_update = 0.0
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

        self.progress = Progress(
            TextColumn("[bold]validating[/] {task.description}"), BarColumn(),
            TaskProgressColumn(), TextColumn("{task.fields[games]} games, {task.fields[deals]} deals"),
            TimeElapsedColumn(), console=Console(stderr=True), transient=True,
            # findings on a terminal are printed above the bar; into a file or a pipe they go
            # straight to stdout, untouched
            redirect_stdout=_isatty(sys.stdout), redirect_stderr=False)
        self.task = self.progress.add_task("", total=total or None, games=0, deals=0)

    def __enter__(self) -> Self:
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def update(self, path: str, done: int, games: int, deals: int) -> None:
        if self.progress is None or self.task is None:
            return
        if path != self.last_path:
            self.base += self.last_done
            self.last_path, self.last_done = path, 0
        self.last_done = done
        now = time.monotonic()
        if now < self.next_update:
            return
        self.next_update = now + 0.1
        completed = self.base + done
        if self.total:
            completed = min(completed, self.total)
        self.progress.update(self.task, description=os.path.basename(path), completed=completed,
                             games=games, deals=deals)


@click.command("validate", epilog="Exit codes: 0 clean; 1 findings of severity error (warnings too "
               "with --strict) or an unreadable input among others; 2 nothing could be read, or "
               "a usage error. Codes are listed in docs/findings.md.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--rules", "rules", metavar="NAME",
              help="Rule system for every game, overriding the files' Rules headers "
                   "(moroccan, classic, gameduell, traditional).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Override one rule option (repeatable), e.g. --option target=1000.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: one line per finding and a summary; json: one document.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Worker processes (0: one per core).")
@click.option("--progress/--no-progress", default=None,
              help="Progress display on stderr (default: when stderr is a terminal).")
def command(paths: tuple[str, ...], rules: str | None, options: tuple[str, ...], fmt: str,
            strict: bool, jobs: int, progress: bool | None) -> None:
    """Replay every deal of PATH... (files, folders searched for *.bel, - for stdin) and report
    every illegal act and wrong score, one line per finding."""
    config = _check_rules(rules, options)
    config = ValidationConfig(config.rules, config.options, keep_deals=fmt == "json")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    started = time.perf_counter()
    found = discover(list(paths))
    out = _CurrentStream("stdout")  # follows rich's redirection while the progress bar shows
    err = _CurrentStream("stderr")
    writer = JsonWriter(out, err) if fmt == "json" else TextWriter(out, err)
    summary = Summary(files=len(found.sources) + len(found.problems))
    problems = [(p.path, p.message) for p in found.problems]
    for path, message in problems:
        writer.problem(path, message)
    show_progress = progress if progress is not None else _isatty(sys.stderr)
    total = sum(s.size for s in found.sources)

    from belote_replay.runner import run  # imports the parser and the engine only when there is work

    writer.begin()
    try:
        with _Display(total, bool(show_progress) and bool(found.sources)) as display:
            for event in run(found.sources, config, fmt, strict, jobs, display.update):
                kind = event[0]
                if kind == "game":
                    summary.add(event[1])
                    writer.game(event[1])
                elif kind == "start":
                    writer.file_start(event[1])
                elif kind == "end":
                    summary.files_read += 1
                    writer.file_end(event[1], event[2])
                    if event[2]:
                        problems.append((event[1], event[2]))
                else:  # problem
                    problems.append((event[1], event[2]))
                    writer.problem(event[1], event[2])
    except KeyboardInterrupt:
        err.write("belote-replay: interrupted\n")
        sys.exit(130)
    summary.problems = len(problems)
    summary.seconds = time.perf_counter() - started
    writer.end(summary, problems)
    if summary.files_read == 0:
        sys.exit(2)
    failed = summary.errors > 0 or (strict and summary.warnings > 0) or bool(problems)
    sys.exit(1 if failed else 0)


class _CurrentStream:
    """Writes to whatever ``sys.stdout``/``sys.stderr`` is at the time of writing."""

    def __init__(self, name: str) -> None:
        self.name = name

    def write(self, text: str) -> int:
        return getattr(sys, self.name).write(text)

    def flush(self) -> None:
        getattr(sys, self.name).flush()


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False
