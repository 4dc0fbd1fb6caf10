"""``validate`` on a backend whose workers read byte ranges (a Dask cluster): the events of
:func:`belote_notation.pipeline.pool.run`, the same ones in the same order, with the inputs'
byte ranges checked on the workers (``run`` comes here for such a backend).

This process opens each input once to detect its format and cut it into byte
ranges at game boundaries (:func:`~belote_notation.pipeline.ranges.cut_input`, streaming); each
range is a task: a worker opens the file by its path (or URL), reads its bytes only, checks
and renders its games (:func:`~belote_notation.pipeline.pool.check_game`) and sends back the
rendered reports. What crosses the network: a :class:`~belote_notation.pipeline.ranges.ByteRange`
(the path, two offsets, the first game's number and line) and the :class:`Job` (the rules,
the output format, the code selection) to the worker; the rendered reports of the range (its
findings, as text or JSON) back. The writer runs here, in input order, so the output is the
serial one byte for byte.

A worker killed mid-range costs nothing on Dask: it runs the range again on another worker. A
range that still cannot be checked (every try failed) is said in one ``BEL901`` finding, as a
lost batch of worker processes is said; a read that fails in a range stops that input, as it stops the
serial read.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from belote_notation.check.validator import no_game_report
from belote_notation.game.lang import Message, msg
from belote_notation.pipeline.batches import Told, send_batches
from belote_notation.pipeline.executor import Backend, Done, Window
from belote_notation.pipeline.inputs import Discovery, InputProblem, OpenInput, Source, discover, open_input
from belote_notation.pipeline.output.base import RenderedGame
from belote_notation.pipeline.packed import Packed, Packer, unpack
from belote_notation.pipeline.pool import (
    Event,
    GameChecked,
    InputEnded,
    InputFailed,
    InputStarted,
    Job,
    Progress,
    check_game,
    stopped_message,
)
from belote_notation.pipeline.ranges import ByteRange, CutInput, cut_input, is_url, range_games
from belote_notation.pipeline.survey import local_size

__all__ = ["RangeChecked", "check_range", "discover_with_urls", "run_by_ranges"]


def discover_with_urls(items: Sequence[str], include: Callable[[str], bool] | None = None) -> Discovery:
    """The inputs of a command line whose workers read byte ranges, in the order given: HTTP(S)
    URLs as they are (the workers read them with ``Range`` requests), everything else as
    :func:`~belote_notation.pipeline.inputs.discover` finds it.

    >>> [s.path for s in discover_with_urls(["https://example.org/a.bel", "samples/classic"]).sources][:2]
    ['https://example.org/a.bel', 'samples/classic/capot-and-belote.bel']
    """
    if not any(is_url(item) for item in items):
        return discover(items, include=include)
    found = Discovery()
    seen: set[str] = set()
    for item in items:
        more = Discovery([Source(item)]) if is_url(item) else discover([item], include=include)
        for source in more.sources:
            key = source.path if is_url(source.path) else os.path.realpath(source.path)
            if key not in seen:
                seen.add(key)
                found.sources.append(source)
        found.problems.extend(more.problems)
    return found


@dataclass(frozen=True, slots=True)
class RangeChecked:
    """The rendered games of one range (packed: :mod:`.packed`, a whole CSV's reports would
    otherwise be held as objects three times), and why its reading stopped early (if it did)."""

    packed: Packed
    error: str | None = None

    @property
    def games(self) -> Iterator[RenderedGame]:
        return (RenderedGame(*fields) for fields in unpack(self.packed))


def _fields(game: RenderedGame) -> tuple[object, ...]:
    """``game`` as a plain tuple, what a range packs: a slotted dataclass pickles through its
    ``__getstate__``/``__setstate__`` in Python, 6 µs a game to load and 8 to dump against 1-2
    (most games have no finding: the writing process's main cost per game on the cluster)."""
    return (game.errors, game.warnings, game.infos, game.deals, game.findings, game.out, game.empty)


def check_range(byte_range: ByteRange, job: Job) -> RangeChecked:
    """The games of ``byte_range`` checked and rendered (a task, on a worker)."""
    games = Packer()
    try:
        for item in range_games(byte_range):
            games.add(_fields(check_game(item, byte_range.name, job)))
    except Exception as exc:  # noqa: BLE001 - a bug must not become a traceback: say what stopped
        return RangeChecked(games.done(), stopped_message(exc))
    return RangeChecked(games.done())


@dataclass(slots=True)
class _InputEnd:
    """Noted after an input's ranges: its end, with the error of its cutting if any."""

    cut: CutInput


def by_ranges(opened: OpenInput) -> bool:
    """Whether worker processes of this machine read ``opened`` by byte ranges themselves: a
    regular file of a format cut at game boundaries (``.bel``). Stdin, a stream, bytes given by
    a program and the formats read whole are cut here and sent in batches."""
    source = opened.source
    return (opened.format.splittable and source.is_file and not is_url(source.path)
            and os.path.isfile(source.path) and local_size(source.path) is not None)


def _cut(source: Source, window: Window, job: Job, target: int | None, batches: bool
         ) -> Iterator[Done] | CutInput | InputProblem:
    """``source`` cut into ranges, or (``batches``: worker processes of this machine) the
    outcomes of its games sent in batches when they cannot read it by ranges."""
    if not batches:
        return cut_input(source, target, window=window)
    opened = open_input(source)
    if isinstance(opened, InputProblem):
        return opened
    if not by_ranges(opened):
        return send_batches(opened, window, job)
    opened.close()
    return cut_input(source, target, opened.format, window=window)


def _submit(sources: Iterable[Source], window: Window, job: Job, target: int | None,
            told: Told, batches: bool = False) -> Iterator[Done]:
    for source in sources:
        cut = _cut(source, window, job, target, batches)
        if isinstance(cut, InputProblem):
            window.note(InputFailed(cut.path, cut.message, cut.msg))
            continue
        if not isinstance(cut, CutInput):
            yield from cut
            continue
        told.sizes[cut.info.name] = cut.size
        window.note(InputStarted(cut.info))
        try:
            for byte_range in cut.ranges:
                yield from window.submit(byte_range, check_range, byte_range, job)
        except Exception as exc:  # noqa: BLE001 - a pool that broke: said as the input's end, never a traceback
            cut.error = cut.error or stopped_message(exc)
        window.note(_InputEnd(cut))
    yield from window.drain()


def _events(done: Done, job: Job, told: Told) -> Iterator[Event]:
    if not done.noted and not isinstance(done.tag, ByteRange):  # a batch (worker processes)
        yield from told.events(done)
        return
    if done.noted:
        if isinstance(done.tag, _InputEnd):
            name = done.tag.cut.info.name
            yield InputEnded(name, told.stopped.pop(name, None) or done.tag.cut.error)
        else:
            yield done.tag
        return
    byte_range: ByteRange = done.tag
    if byte_range.name in told.stopped:
        return  # the input's reading stopped in an earlier range
    if done.error is not None:
        what = msg("%(size)s bytes", size=byte_range.size) if byte_range.size else \
            msg("the rest of the input")
        report = no_game_report(byte_range.name, 0, byte_range.first_line,
                                _lost_range(what, byte_range.first_line, done.error, told.on_cluster))
        lost = Packer()
        lost.add(_fields(job.render(report)))
        checked = RangeChecked(lost.done())
    else:
        checked = done.result
    for game in checked.games:
        told.games += 1
        told.deals += game.deals
        yield GameChecked(byte_range.name, game)
    if checked.error is not None:
        told.stopped[byte_range.name] = checked.error
    if told.progress is not None:
        reached = byte_range.end if byte_range.end is not None else told.sizes.get(byte_range.name, 0)
        told.progress(byte_range.name, reached, told.games, told.deals)


def _lost_range(what: Message, line: int, error: BaseException, on_cluster: bool) -> Message:
    """The finding of a range whose task was lost: by the cluster, or by a worker process."""
    if on_cluster:
        return msg("could not check %(what)s of games from line %(line)s: the cluster failed (%(error)s)",
                   what=what, line=line, error=type(error).__name__)
    return msg("could not check %(what)s of games from line %(line)s: a worker failed (%(error)s)",
               what=what, line=line, error=type(error).__name__)


def run_by_ranges(sources: Iterable[Source], job: Job, backend: Backend, progress: Progress | None = None,
                  *, target: int | None = None, batches: bool = False) -> Iterator[Event]:
    """The events of :func:`~belote_notation.pipeline.pool.run` for ``sources``, their ranges
    checked on ``backend``'s workers. ``progress`` is told the bytes of the current input
    reached, as ``run`` tells it. ``batches``: the workers are processes of this machine (they
    read its files by ranges, and are sent the games of the inputs they cannot read so)."""
    told = Told(job, progress, on_cluster=not batches)
    with backend.window() as window:
        for done in _submit(sources, window, job, target, told, batches):
            yield from _events(done, job, told)
