"""``belote-replay annotate FILE [-o OUT]``: a reviewed copy of a record, from the solver.

Every card that had a choice is valued double dummy; a card losing points against the best
card gets a glyph (``?!``, ``?``, ``??`` by ``--inaccuracy/--mistake/--blunder`` points), its
NAG, a comment and the best card as an alternative line; a take or pass the double-dummy table
shows to lose gets a note; each game gets a line with every player's points lost, mistakes,
blunders and accuracy. Everything already in the record stays; running it on its own output
adds nothing. ``--samples N`` also judges each card over N deals consistent with what the
player knew (seeded) and gives the glyph on that expected loss. ``--jobs N`` spreads deals
over processes, ``--cluster`` over a Dask cluster (the pipeline's
:func:`~belote_notation.pipeline.review.review_input`).

FILE is in any readable format (``belote-replay formats``), opened through the pipeline's one
detector and read one game at a time (each game is written as soon as its deals are judged,
to a temporary renamed over OUT at the end); the reviewed copy is written as ``.bel``. A FILE
that could not be read whole (syntax errors, format issues of severity error) is refused: its
findings on stderr at their place in FILE, exit 1, nothing written (OUT stays as it was). OUT
may not be FILE itself (the same file under any name): the review would replace the record it
reads. Exit codes: 0 written, 1 refused (FILE not read whole), 2 FILE missing or unusable,
OUT the input or not writable, the solver not installed.
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
from collections.abc import Iterator
from typing import Any, NoReturn, TextIO

import click

from belote_notation.analysis.review import Thresholds
from belote_notation.analysis.solver import DEFAULT_BUDGET, SolverUnavailable
from belote_notation.check.findings import Finding
from belote_notation.game.lang import msg
from belote_notation.game.lang.render import said, say
from belote_notation.notation.records import Game
from belote_notation.notation.write.writer import NotationWriteError, write_game
from belote_notation.pipeline.annotate import GamesUntilUnread, annotated, figures_document
from belote_notation.pipeline.executor import Backend
from belote_notation.pipeline.files import replacing, same_file
from belote_notation.pipeline.inputs import InputProblem, OpenInput, Source, open_input
from belote_notation.pipeline.review import ReviewSettings, review_input
from belote_replay.click_words import Choice
from belote_replay.cluster import backend_of, cluster_option
from belote_replay.lang import lang_option
from belote_replay.suggest import Refused

__all__ = ["command"]

_DEFAULT = Thresholds()


class _Progress:
    """A progress bar on a terminal (stderr), nothing elsewhere. It starts with the first deal
    judged: its thread must not run yet when the worker processes are forked."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.shown = sys.stderr.isatty()

    def advance(self, deals: int) -> None:
        if self.shown and self.bar is None:
            from rich.progress import Progress

            self.bar = Progress(transient=True)
            self.bar.start()
            self.task = self.bar.add_task(say(msg("annotating deals (games read one at a time)")), total=None)
        if self.bar is not None:
            self.bar.advance(self.task, deals)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _review_all(reading: GamesUntilUnread, settings: ReviewSettings, backend: Backend, file: str,
                out: TextIO | None) -> list[dict[str, Any]]:
    """Every deal of every game judged on ``backend`` (by the pipeline) and each game written
    to ``out`` as soon as its deals are judged, with a progress bar on a terminal; the JSON
    figures of each game. The deals a review leaves out are said on stderr (and in the copy, as
    a comment of the deal)."""
    progress = _Progress()
    payload = []
    reviews = review_input(reading.games(), Source(file), settings, backend)
    try:
        for index, (game, judgements) in enumerate(reviews):
            done = annotated(game, judgements, file, index + 1)  # read for this: changed in place
            for note in done.notes():
                said_note = say(msg("game %(game)s, %(note)s", game=index + 1, note=note))
                click.echo(f"{file}: {said_note}", err=True)
            if out is not None:
                out.write(("\n" if index else "") + _written(done.game, file, index))
            payload.append(done.figures(settings.value))
            progress.advance(len(judgements))
    finally:
        progress.close()
    return payload


def _written(game: Game, file: str, index: int) -> str:
    """``game`` as .bel, or the command stopped (nothing written) with where and why it cannot
    be (a JSON twin may hold what the notation does not write: a negative deal number)."""
    try:
        return write_game(game)
    except NotationWriteError as exc:
        _fail(f"{file}:{game.line}:{game.col}: " + say(msg(
            "game %(game)s cannot be written as .bel: %(reason)s; nothing was written", game=index + 1,
            reason=exc.reason)))


@click.command("annotate")
@click.argument("file", metavar="FILE")
@lang_option
@click.option("-o", "--output", "out", default=None, metavar="OUT",
              help="Write the reviewed record here (default: standard output; nothing with --format json).")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text", show_default=True,
              help="json: the per-player figures and every card that lost points, on standard output.")
@click.option("--samples", type=click.IntRange(min=0), default=0, show_default=True,
              help="Also judge each card over N deals consistent with what the player knew.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled deals.")
@click.option("--sampling", type=Choice(["auction", "uniform"]), default="auction", show_default=True,
              help="auction: the sampled deals keep what the calls promised (docs/review.md); uniform: not.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes (deals are spread over them).")
@click.option("--inaccuracy", type=click.IntRange(min=1), default=_DEFAULT.inaccuracy, show_default=True,
              help="Points lost from which a card gets ?!")
@click.option("--mistake", type=click.IntRange(min=1), default=_DEFAULT.mistake, show_default=True,
              help="Points lost from which a card gets ?")
@click.option("--blunder", type=click.IntRange(min=1), default=_DEFAULT.blunder, show_default=True,
              help="Points lost from which a card gets ??")
@click.option("--value", type=Choice(["cards", "score"]), default="cards", show_default=True,
              help="What a card's value counts: cards, the card points; score, the points the deal scores "
                   "(contract made or failed, belote, announcements, capot).")
@click.option("--budget", type=click.IntRange(min=1, max=10**15), default=DEFAULT_BUDGET, show_default=True,
              help="Positions the solver may search for one deal, every card and sampled deal together; "
                   "past it the deal's remaining cards are left unjudged, and said (as solve --budget).")
@cluster_option("Judge the games on a Dask cluster, a game per task: local:N or tcp://HOST:PORT "
                "(docs/scale.md). Not with --jobs.")
def command(file: str, out: str | None, fmt: str, samples: int, seed: int, sampling: str, jobs: int,
            inaccuracy: int, mistake: int, blunder: int, value: str, cluster: str | None,
            budget: int) -> None:
    """Write a reviewed copy of FILE: glyphs, NAGs, comments and the best cards from the solver."""
    backend = backend_of(jobs, cluster)
    if not inaccuracy <= mistake <= blunder:
        raise Refused(say(msg("the thresholds must grow: --inaccuracy <= --mistake <= --blunder")))
    settings = ReviewSettings(Thresholds(inaccuracy, mistake, blunder), samples, seed, sampling == "auction",
                              value, budget)
    if value == "score" and fmt == "text":
        by_score = msg("values by the deal's score (--value score), not card points")
        click.echo(f"belote-replay: {say(by_score)}", err=True)
    if out is not None and same_file(file, out):
        _fail(say(msg("%(out)s is FILE itself: not annotated (the reviewed copy would replace the record it "
                      "is read from); write it to another file", out=out)))
    opened = open_input(Source(file))
    if isinstance(opened, InputProblem):
        _fail(_cannot_read(opened.path, said(opened.msg, opened.message)))
    if opened.source.rereadable:  # a file is read once before judging: refused before any solver work
        with opened:
            _refuse_unread(opened)
        opened = open_input(Source(file))
        if isinstance(opened, InputProblem):
            _fail(_cannot_read(opened.path, said(opened.msg, opened.message)))
    with opened, _output(out, fmt) as handle:
        reading = GamesUntilUnread(opened, _show)
        try:
            payload = _review_all(reading, settings, backend, opened.name, handle)
        except SolverUnavailable as exc:  # installed without a C compiler: one line, exit 2
            _fail(str(exc))
        except (OSError, UnicodeError) as exc:  # on a cluster also: the scheduler not reached
            _fail(str(exc) if backend.reads_ranges  # the workers' messages name the input
                  else _cannot_read(opened.name, str(getattr(exc, "strerror", None) or exc)))
        if reading.unread:
            _refused(opened.name)
    if fmt == "json":
        click.echo(figures_document(payload))


def _refuse_unread(opened: OpenInput) -> None:
    """Every game of ``opened`` read (one at a time, nothing judged); refused when one could not
    be read whole."""
    reading = GamesUntilUnread(opened, _show)
    try:
        for _ in reading.games():
            pass
    except (OSError, UnicodeError) as exc:
        _fail(_cannot_read(opened.name, str(getattr(exc, "strerror", None) or exc)))
    if reading.unread:
        _refused(opened.name)


def _show(finding: Finding) -> None:
    """A finding of a game not read whole, at its place in FILE, on stderr."""
    click.echo(str(finding), err=True)


def _refused(name: str) -> NoReturn:
    refused = msg("not annotated: it could not be read whole (the errors above; `belote-replay validate` "
                  "tells more); nothing was written")
    click.echo(f"belote-replay: {name}: {say(refused)}", err=True)
    raise SystemExit(1)


def _cannot_read(name: str, why: str) -> str:
    """``cannot read NAME: why`` in the language asked (``why``: the input's problem as said, or
    the operating system's words)."""
    return say(msg("cannot read %(file)s: %(error)s", file=name, error=why))


def _fail(message: str) -> NoReturn:
    click.echo(f"belote-replay: {message}", err=True)
    raise SystemExit(2)


@contextlib.contextmanager
def _output(out: str | None, fmt: str) -> Iterator[TextIO | None]:
    """Where the reviewed record goes: OUT through a temporary renamed at the end, standard
    output through a temporary copied at the end (so a refused input writes nothing there
    either), nowhere with ``--format json`` and no OUT. Nothing is written when the block
    exits with an exception, ``SystemExit`` included."""
    if out is None and fmt == "json":
        yield None
        return
    if out is None:
        with tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n") as spool:
            yield spool
            spool.seek(0)
            stdout = sys.stdout
            while chunk := spool.read(1 << 16):
                stdout.write(chunk)
            stdout.flush()
        return
    try:
        with replacing(out) as handle:  # OUT appears whole, or stays as it was
            yield handle
    except OSError as exc:
        _fail(say(msg("cannot write %(file)s: %(error)s", file=out, error=str(exc.strerror or exc))))
