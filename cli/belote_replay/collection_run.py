"""What the collection commands (select, dedupe, stats, export) share on the command line: the
inputs, ``--cluster``, writing an output whole, and their usage errors (exit code 2)."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

import click

from belote_notation.collections.work import InputGames, InputsUnreadable, WholeGames, each_input, sources_of
from belote_notation.formats import Format, all_formats, get_format, guess_format
from belote_notation.game.lang import Message, msg
from belote_notation.game.lang.render import said, say
from belote_notation.pipeline.files import replacing
from belote_notation.pipeline.unread import Unread

if TYPE_CHECKING:
    from belote_notation.pipeline.executor import Backend

__all__ = ["CLUSTER_HELP", "UNREAD_EXIT", "backend", "fail", "guarded", "open_output",
           "refuse_overwriting_inputs", "run", "say_unread", "sources", "writer_of"]

UNREAD_EXIT = "1 a game could not be read whole (left out, its findings on stderr)"
"""What exit code 1 says in the collection commands' help."""

CLUSTER_HELP = ("Run on a Dask cluster: local:N (N local workers) or tcp://HOST:PORT (a scheduler); "
                "the result is the serial run's (docs/scale.md).")


def fail(message: str | Message) -> None:
    """A usage error or an input that cannot be read: the message on stderr (in the language
    asked; a text of the library's or the system's as it is), exit code 2."""
    click.echo(say(msg("Error: %(why)s", why=say(message) if isinstance(message, Message) else message)),
               err=True)
    raise SystemExit(2)


def sources(paths: tuple[str, ...]) -> list[Any]:
    """The inputs; the files of their folders that are not read are said, never skipped silently."""
    notes: list[str] = []
    try:
        found = sources_of(paths or ("-",), notes)
        for note in notes:
            click.echo(f"belote-replay: {note}", err=True)
        return found
    except InputsUnreadable as exc:
        for problem in exc.problems:
            why = said(problem.msg, problem.message)
            click.echo(say(msg("%(path)s: cannot read: %(why)s", path=problem.path, why=why)), err=True)
        raise SystemExit(2) from None


def backend(cluster: str | None) -> Backend:
    """The backend of a collection command (no ``--jobs``): the cluster at ``--cluster``, else
    this process."""
    from belote_replay.cluster import backend_of

    return backend_of(None, cluster, jobs_option=None)


def run(work: Any, found: list[Any], backend: Backend, unread: Unread, label: str = "reading",
        here: Callable[[Iterator[InputGames]], Any] | None = None) -> Any:
    """``work`` over the games read whole of the inputs (the others counted in ``unread``) on
    ``backend`` (the ranges' progress on stderr when it has workers), each failure a message
    and exit code 2. ``here``: the work streamed over the inputs' games, one input at a time,
    for a run in this process (else its ``map`` per input and ``merge``)."""
    from belote_replay.cluster import run_collection_work

    tricks = getattr(work, "reads_tricks", False)  # a work that needs each deal's tricks says so
    streamed = None if here is None else lambda: (here(each_input(found, unread, tricks)), Unread())
    try:
        result, seen = run_collection_work(WholeGames(work), found, backend, label, here=streamed)
    except InputsUnreadable as exc:
        fail(str(exc))
    unread.join(seen)
    return result


def say_unread(unread: Unread) -> None:
    """The games not read whole, each finding at its place, on stderr; then exit code 1 when
    there was one (after the output is written: what was read whole is not lost)."""
    for line in unread.lines():
        click.echo(line, err=True)
    if unread:
        raise SystemExit(1)


@contextlib.contextmanager
def open_output(output: str) -> Iterator[TextIO]:
    """``-`` (stdout, UTF-8 whatever the locale) or a file written whole (a temporary renamed)."""
    if output == "-":
        out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="\n", write_through=True)
        try:
            yield out
        finally:
            with contextlib.suppress(BrokenPipeError, ValueError):
                out.flush()
            out.detach()
        return
    try:
        with replacing(output) as handle:
            yield handle
    except OSError as exc:
        fail(f"cannot write {output}: {exc.strerror or exc}")


def guarded(action: Callable[[], Any]) -> Any:
    try:
        return action()
    except InputsUnreadable as exc:
        fail(str(exc))


def writer_of(name: str | None, output: str) -> Format:
    """The format to write: ``--to``, else OUT's name, else ``.bel``."""
    fmt = get_format(name) if name else (guess_format(output, writing=True) if output != "-" else None)
    fmt = fmt or (None if name else get_format("bel"))
    if fmt is None or not fmt.can_write:
        names = ", ".join(f.name for f in all_formats() if f.can_write)
        fail(f"--to {name!r}: no installed format writes it (one of: {names})")
    assert fmt is not None
    return fmt


def refuse_overwriting_inputs(output: str, found: list) -> None:
    if output == "-" or not os.path.exists(output):
        return
    for source in found:
        if source.is_file and os.path.samefile(source.path, output):
            fail(f"{output} is one of the inputs: write the output elsewhere")
