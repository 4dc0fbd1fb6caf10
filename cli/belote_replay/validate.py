"""``belote-replay validate PATH...``: replay every deal and report every illegal act and wrong score.

Exit codes: 0 clean, 1 findings of severity error (or warning with ``--strict``), or an
input that could not be read among others; 2 when nothing could be read at all (no input
opened, or no game read from any: malformed JSON, a log without a deal), or when the command
is misused.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from belote_notation.check.report import CodeSelection
from belote_notation.check.setup import ValidationConfig
from belote_notation.check.suggest import ConfigError, checked_codes
from belote_notation.game.lang import Number, msg, msg_n
from belote_notation.game.lang.render import said, say
from belote_notation.pipeline.inputs import Discovery, discover, discover_for
from belote_notation.pipeline.output import FORMATS, JSON_KINDS, TextStyle, make_writer
from belote_notation.pipeline.paths import AnyPatterns, PathPatterns, without_excluded
from belote_notation.pipeline.select import ReportOptions
from belote_replay.click_words import Choice
from belote_replay.cluster import backend_of, cluster_option
from belote_replay.config import Config, find_config, load_config
from belote_replay.config import ConfigError as ConfigFileError
from belote_replay.lang import lang_option
from belote_replay.output import ConsoleStream
from belote_replay.progress import ProgressDisplay, isatty
from belote_replay.suggest import check_rules, usage_error

if TYPE_CHECKING:
    from belote_notation.pipeline.executor import Backend

__all__ = ["FORMATS", "command"]


def _codes(field: str, values: tuple[str, ...] | list[str], hint: str) -> tuple[str, ...]:
    """``--select``/``--ignore`` values (repeatable, comma-separated), each a known code prefix."""
    try:
        return checked_codes("select" if field == "select" else "ignore", values)
    except ConfigError as exc:
        raise usage_error(exc, hint) from None


def _selection(select: tuple[str, ...], ignore: tuple[str, ...]) -> CodeSelection:
    """The codes to report, layered as in ruff: ``--select`` on the command line replaces the
    configuration's choice; ``--ignore`` alone refines it."""
    ctx = click.get_current_context()
    defaults = ctx.default_map or {}
    configured = CodeSelection(_codes("select", defaults.get("select", ()), "select"),
                               _codes("ignore", defaults.get("ignore", ()), "ignore"))
    typed = {name: ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE
             for name in ("select", "ignore")}
    if typed["select"]:
        return CodeSelection(_codes("select", select, "--select"),
                             _codes("ignore", ignore, "--ignore") if typed["ignore"] else ())
    if typed["ignore"]:
        return CodeSelection((), _codes("ignore", ignore, "--ignore"), base=configured)
    return configured


def _colour(choice: str) -> bool:
    """``--color``: ``auto`` colours a terminal unless ``NO_COLOR`` is set or ``TERM=dumb``."""
    if choice != "auto":
        return choice == "always"
    return isatty(sys.stdout) and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


class _Progress(ProgressDisplay):
    """The validation's progress over all inputs: bytes read, games and deals checked."""

    def __init__(self, total: int, wanted: bool | None) -> None:
        super().__init__(say(msg("validating")), total, say(msg("bytes")), wanted)
        self.base = 0
        self.last_path: str | None = None
        self.last_done = 0

    def advance(self, path: str, done: int, games: int, deals: int) -> None:
        if not self.shown:  # called once a game: its line is not even formatted
            return
        if path != self.last_path:
            self.base += self.last_done
            self.last_path, self.last_done = path, 0
        self.last_done = done
        counts = msg("%(games)s, %(deals)s", games=msg_n("%(n)s games", "%(n)s games", "n", n=Number(games)),
                     deals=msg_n("%(n)s deals", "%(n)s deals", "n", n=Number(deals)))
        self.update(self.base + done, say(counts), os.path.basename(path))


class _ConfiguredCommand(click.Command):
    """Takes its defaults from ``belote-replay.toml`` or ``[tool.belote-replay]`` (see
    :mod:`belote_replay.config`); options on the command line override them."""

    reads_config = True
    """Its ``--lang`` takes the configuration's ``lang`` as a default (:mod:`belote_replay.lang`)."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        try:
            config = _chosen_config(args)
        except ConfigFileError as exc:
            raise click.UsageError(str(exc)) from None
        if config.defaults:
            extra["default_map"] = {**config.defaults, **(extra.get("default_map") or {})}
        ctx = super().make_context(info_name, args, parent, **extra)
        ctx.meta[_CONFIG] = config
        return ctx


_CONFIG = "belote_replay.config"  # also read by belote_replay.cluster.checked_jobs


def _chosen_config(args: list[str]) -> Config:
    """``--isolated``: none; ``--config PATH``: that file; else the one found upwards (read
    before click parses the rest: the file gives the other options' defaults)."""
    named: str | None = None
    isolated = False
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--isolated":
            isolated = True
        elif arg == "--config" and i + 1 < len(args):
            named = args[i + 1]
        elif arg.startswith("--config="):
            named = arg.split("=", 1)[1]
    if isolated:
        return Config()
    return load_config(Path(named)) if named is not None else find_config()


def _included(config: Config, include: tuple[str, ...]) -> Callable[[str], bool] | None:
    """Whether a file found in a folder is read besides ``*.bel``: the configuration's
    ``include`` globs (relative to its folder) and ``--include`` (to the current folder)."""
    patterns = AnyPatterns((PathPatterns(config.include, config.root), PathPatterns(include)))
    return patterns.matches if patterns else None


def _path_options(config: Config, report_options: ReportOptions) -> tuple[ReportOptions, PathPatterns]:
    """The configuration's ``per-file-ignores`` into the report options, and its ``exclude``."""
    try:
        per_file = tuple((PathPatterns((glob,), config.root), codes)
                         for glob, codes in config.per_file_ignores)
        options = dataclasses.replace(report_options, per_file_ignores=per_file)
    except ConfigError as exc:
        refused = msg("%(file)s: per-file-ignores: %(error)s", file=str(config.path), error=str(exc))
        raise click.UsageError(say(refused)) from None
    return options, PathPatterns(config.exclude, config.root)




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
@lang_option
@click.option("--format", "fmt", type=Choice(FORMATS), default="text", show_default=True,
              help="text: one line per finding and a summary; json: one document; jsonl: one line "
                   "per game as it is checked, then a summary line; github: workflow annotations; "
                   "sarif: SARIF 2.1.0; junit: JUnit XML.")
@click.option("--select", "select", multiple=True, metavar="CODES",
              help="Report only these codes or prefixes (repeatable or comma-separated: BEL3,BEL605).")
@click.option("--ignore", "ignore", multiple=True, metavar="CODES",
              help="Do not report these codes or prefixes (e.g. BEL9,BEL605); the longest prefix wins.")
@click.option("-q", "--quiet", is_flag=True, help="Only errors and warnings: no infos, no summary line.")
@click.option("--statistics", is_flag=True, help="A count per code instead of the findings (text format).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings are reported.")
@click.option("--color", type=Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Colour by severity (auto: on a terminal, unless NO_COLOR is set).")
@click.option("--source/--no-source", default=None,
              help="Show the source line with a caret under each finding (default: on a terminal).")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True,
              help="Worker processes (0: one per core).")
@click.option("--progress/--no-progress", default=None,
              help="Progress display on stderr (default: when stderr is a terminal).")
@click.option("--config", "config_path", metavar="PATH", type=click.Path(dir_okay=False),
              help="Take the defaults from this configuration file only (a belote-replay.toml or a "
                   "pyproject.toml with [tool.belote-replay]).")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file.")
@click.option("--include", "include", multiple=True, metavar="GLOB",
              help="Also read the files of a folder this glob names, besides *.bel (repeatable; any "
                   "readable format), e.g. --include '*.events.jsonl'; as `include` in the configuration.")
@click.option("--fix", "fix", is_flag=True,
              help="Apply the safe fixes to the .bel files (a running total that is not the last one "
                   "plus the typed deal score; a trick winner, deal score, pot or result where nothing "
                   "before it in the deal is wrong or unread; never a card, a call or a hand), then "
                   "report what remains.")
@click.option("--unsafe-fixes", "unsafe_fixes", is_flag=True,
              help="With --fix or --diff, apply the unsafe fixes too: the engine's values of a deal "
                   "with an illegal act or a reading error.")
@click.option("--show-fixes", "show_fixes", is_flag=True,
              help="With --fix, list each fix applied, and each fix not applied with the reason.")
@click.option("--diff", "diff", is_flag=True, help="Show the fixes --fix would make as a unified diff, "
              "and those it would not make with the reason; write nothing.")
@cluster_option()
def command(paths: tuple[str, ...], rules: str | None, options: tuple[str, ...], fmt: str,
            select: tuple[str, ...], ignore: tuple[str, ...], quiet: bool, statistics: bool,
            exit_zero: bool, color: str, source: bool | None, strict: bool, jobs: int,
            progress: bool | None, config_path: str | None, isolated: bool, include: tuple[str, ...],
            fix: bool, diff: bool, cluster: str | None, unsafe_fixes: bool, show_fixes: bool) -> None:
    """Replay every deal of PATH... (files, folders searched for *.bel, - for stdin; a file may be
    in any readable format of `belote-replay formats`) and report every illegal act and wrong
    score, one line per finding."""
    _, config = check_rules(rules, options)
    config = ValidationConfig(config.rules, config.options, keep_deals=fmt in JSON_KINDS)
    configured = click.get_current_context().meta.get(_CONFIG, Config())
    report_options, exclude = _path_options(configured, ReportOptions(_selection(select, ignore), strict))
    _refuse_what_does_not_go_together(fmt, statistics, fix or diff, cluster, unsafe_fixes or show_fixes)
    if fix or diff:
        from belote_replay.fixing import fix_inputs

        fix_inputs(without_excluded(discover(list(paths)), paths, exclude), config, report_options, diff,
                   exit_zero, unsafe_fixes, show_fixes)
    backend = backend_of(jobs, cluster)
    started = time.perf_counter()
    found = _inputs(paths, backend, exclude, _included(configured, include))
    style = TextStyle(_colour(color), isatty(sys.stdout) if source is None else source, quiet, statistics)
    writer = make_writer(fmt, ConsoleStream("stdout"), ConsoleStream("stderr"), style)

    # the parser and the engine only when there is work
    from belote_notation.pipeline.outputs import RunOutputs
    from belote_notation.pipeline.pool import run

    outputs = RunOutputs.begin(writer, len(found.sources) + len(found.problems),
                               [(p.path, said(p.msg, p.message)) for p in found.problems], started)
    try:
        with _Progress(sum(s.size for s in found.sources), progress if found.sources else False) as display:
            # no display: no progress to tell (a game's tell() and call saved)
            advance = display.advance if display.shown else None
            events = run(found.sources, config, fmt, report_options, backend, advance, freeze_gc=True)
            outputs.tell_all(events)
    except OSError as exc:  # the scheduler of --cluster cannot be reached
        ConsoleStream("stderr").write(f"belote-replay: {exc}\n")
        sys.exit(2)
    except KeyboardInterrupt:
        ConsoleStream("stderr").write("belote-replay: " + say(msg("interrupted")) + "\n")
        sys.exit(130)
    summary = outputs.end()
    left_out = found.left_out_line()
    if left_out is not None:  # never skipped without a word
        ConsoleStream("stderr").write(f"belote-replay: {left_out}\n")
    if outputs.nothing_read:
        sys.exit(2)
    failed = (summary.errors > 0 and not exit_zero) or bool(outputs.problems)
    sys.exit(1 if failed else 0)


def _refuse_what_does_not_go_together(fmt: str, statistics: bool, fixing: bool, cluster: str | None,
                                      fix_options: bool = False) -> None:
    """A usage error for options that do not go together."""
    if fix_options and not fixing:
        raise click.UsageError(say(msg("--unsafe-fixes and --show-fixes go with --fix or --diff")))
    if statistics and fmt != "text":
        raise click.UsageError(say(msg("--statistics goes with --format text")))
    if fixing and (fmt != "text" or statistics or cluster is not None):
        apart = msg("--fix and --diff go with --format text, without --statistics or --cluster")
        raise click.UsageError(say(apart))


def _inputs(paths: tuple[str, ...], backend: Backend, exclude: PathPatterns,
            include: Callable[[str], bool] | None = None) -> Discovery:
    """The inputs PATH... names (in folders: ``*.bel`` and what ``include`` names), without
    those ``exclude`` leaves out; on a cluster, URLs too (its workers read them by byte ranges)."""
    found = discover_for(backend, list(paths), include)
    kept = without_excluded(found, paths, exclude)
    if found.sources and not kept.sources:  # say why nothing is checked (exclude = ["**"])
        # English keeps its one form ("the 1 files"); a catalogue counts by its rule
        every = msg_n("the %(n)s files found are all left out by exclude = %(patterns)s of the "
                      "configuration file in %(folder)s",
                      "the %(n)s files found are all left out by exclude = %(patterns)s of the "
                      "configuration file in %(folder)s",
                      "n", n=Number(len(found.sources)), patterns=repr(list(exclude.patterns)),
                      folder=str(exclude.root))
        ConsoleStream("stderr").write(f"belote-replay: {say(every)}\n")
    return kept
