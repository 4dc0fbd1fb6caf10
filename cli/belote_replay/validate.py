"""``belote-replay validate PATH...``: replay every deal and report every illegal act and wrong score.

Exit codes: 0 clean, 1 findings of severity error (or warning with ``--strict``), or an
input that could not be read among others; 2 when nothing could be read at all, or when
the command is misused.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import click

from belote_notation.check.codes import CODES
from belote_notation.check.report import CodeSelection
from belote_notation.check.setup import ValidationConfig
from belote_replay.config import ConfigError, find_config
from belote_replay.discovery import discover
from belote_replay.output import ConsoleStream, JsonWriter, Summary, TextStyle, TextWriter, Writer
from belote_replay.progress import ProgressDisplay, isatty
from belote_replay.suggest import check_rules, did_you_mean

__all__ = ["FORMATS", "command"]

FORMATS = ("text", "json", "github", "sarif", "junit")


def _codes(values: tuple[str, ...] | list[str], hint: str) -> tuple[str, ...]:
    """``--select``/``--ignore`` values (repeatable, comma-separated), each a known code prefix."""
    codes = tuple(c.strip().upper() for v in values for c in v.split(",") if c.strip())
    for unknown in CodeSelection.unknown(codes):
        raise click.BadParameter(f"no finding code starts with {unknown!r}{did_you_mean(unknown, CODES)}",
                                 param_hint=hint)
    return codes


def _selection(select: tuple[str, ...], ignore: tuple[str, ...]) -> CodeSelection:
    """The codes to report, layered as in ruff: ``--select`` on the command line replaces the
    configuration's choice; ``--ignore`` alone refines it."""
    ctx = click.get_current_context()
    defaults = ctx.default_map or {}
    configured = CodeSelection(_codes(defaults.get("select", ()), "select"),
                               _codes(defaults.get("ignore", ()), "ignore"))
    typed = {name: ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE
             for name in ("select", "ignore")}
    if typed["select"]:
        return CodeSelection(_codes(select, "--select"),
                             _codes(ignore, "--ignore") if typed["ignore"] else ())
    if typed["ignore"]:
        return CodeSelection((), _codes(ignore, "--ignore"), base=configured)
    return configured


def _colour(choice: str) -> bool:
    """``--color``: ``auto`` colours a terminal unless ``NO_COLOR`` is set or ``TERM=dumb``."""
    if choice != "auto":
        return choice == "always"
    return isatty(sys.stdout) and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


def _writer(fmt: str, style: TextStyle) -> Writer:
    out, err = ConsoleStream("stdout"), ConsoleStream("stderr")
    if fmt == "text":
        return TextWriter(out, err, style)
    if fmt == "json":
        return JsonWriter(out, err)
    from belote_replay import ci_output

    kind = {"github": ci_output.GithubWriter, "sarif": ci_output.SarifWriter, "junit": ci_output.JunitWriter}
    return kind[fmt](out, err)


class _Progress(ProgressDisplay):
    """The validation's progress over all inputs: bytes read, games and deals checked."""

    def __init__(self, total: int, wanted: bool | None) -> None:
        super().__init__("validating", total, "bytes", wanted)
        self.base = 0
        self.last_path: str | None = None
        self.last_done = 0

    def advance(self, path: str, done: int, games: int, deals: int) -> None:
        if path != self.last_path:
            self.base += self.last_done
            self.last_path, self.last_done = path, 0
        self.last_done = done
        self.update(self.base + done, f"{games:,} games, {deals:,} deals", os.path.basename(path))


class _ConfiguredCommand(click.Command):
    """Takes its defaults from ``belote-replay.toml`` or ``[tool.belote-replay]`` (see
    :mod:`belote_replay.config`); options on the command line override them."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        try:
            config = find_config()
        except ConfigError as exc:
            raise click.UsageError(str(exc)) from None
        if config.defaults:
            extra["default_map"] = {**config.defaults, **(extra.get("default_map") or {})}
        return super().make_context(info_name, args, parent, **extra)


@click.command("validate", cls=_ConfiguredCommand, epilog="Exit codes: 0 clean (or --exit-zero); 1 "
               "findings of severity error (warnings too with --strict) or an unreadable input among "
               "others; 2 nothing could be read, or a usage error. `belote-replay rule CODE` explains "
               "a code (`rule --all`: every code). Defaults come from belote-replay.toml or "
               "[tool.belote-replay] in pyproject.toml, found from the current folder upwards.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--rules", "rules", metavar="NAME",
              help="Rule system for every game, overriding the files' Rules headers "
                   "(moroccan, classic, gameduell, traditional, contree, coinche).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="Override one rule option (repeatable), e.g. --option target=1000.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text: one line per finding and a summary; json: one document; github: workflow "
                   "annotations; sarif: SARIF 2.1.0; junit: JUnit XML.")
@click.option("--select", "select", multiple=True, metavar="CODES",
              help="Report only these codes or prefixes (repeatable or comma-separated: BEL3,BEL605).")
@click.option("--ignore", "ignore", multiple=True, metavar="CODES",
              help="Do not report these codes or prefixes (e.g. BEL9,BEL605); the longest prefix wins.")
@click.option("-q", "--quiet", is_flag=True, help="Only errors and warnings: no infos, no summary line.")
@click.option("--statistics", is_flag=True, help="A count per code instead of the findings (text format).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings are reported.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Colour by severity (auto: on a terminal, unless NO_COLOR is set).")
@click.option("--source/--no-source", default=None,
              help="Show the source line with a caret under each finding (default: on a terminal).")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Worker processes (0: one per core).")
@click.option("--progress/--no-progress", default=None,
              help="Progress display on stderr (default: when stderr is a terminal).")
def command(paths: tuple[str, ...], rules: str | None, options: tuple[str, ...], fmt: str,
            select: tuple[str, ...], ignore: tuple[str, ...], quiet: bool, statistics: bool,
            exit_zero: bool, color: str, source: bool | None, strict: bool, jobs: int,
            progress: bool | None) -> None:
    """Replay every deal of PATH... (files, folders searched for *.bel, - for stdin; a file may
    be the JSON twin) and report every illegal act and wrong score, one line per finding."""
    _, config = check_rules(rules, options)
    config = ValidationConfig(config.rules, config.options, keep_deals=fmt == "json")
    selection = _selection(select, ignore)
    if statistics and fmt != "text":
        raise click.UsageError("--statistics goes with --format text")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    started = time.perf_counter()
    found = discover(list(paths))
    from belote_notation.pipeline.inputs import detect

    no_source = frozenset({s.display for s in found.sources
                           if s.is_stdin or detect(s.path).name in ("json", "jsonl")})
    style = TextStyle(_colour(color), isatty(sys.stdout) if source is None else source, quiet,
                      statistics, no_source)
    writer = _writer(fmt, style)
    err = ConsoleStream("stderr")
    summary = Summary(files=len(found.sources) + len(found.problems))
    problems = [(p.path, p.message) for p in found.problems]
    for path, message in problems:
        writer.problem(path, message)
    total = sum(s.size for s in found.sources)

    from belote_replay.runner import run  # imports the parser and the engine only when there is work

    writer.begin()
    try:
        with _Progress(total, progress if found.sources else False) as display:
            for event in run(found.sources, config, fmt, strict, jobs, display.advance, selection):
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
    failed = (summary.errors > 0 and not exit_zero) or bool(problems)
    sys.exit(1 if failed else 0)
