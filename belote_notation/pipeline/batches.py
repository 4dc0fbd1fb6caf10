"""The games of an input that worker processes of this machine cannot read by byte ranges (stdin,
a stream, bytes given by a program, a format read whole), cut here into batches and sent to them
(:func:`send_batches`), and what is told as their outcomes come back (:class:`Told`).

Apart from :mod:`.pool` because only worker processes need it: ``--jobs 1`` runs in its own
process and never makes these classes (each dataclass made at import costs ~0.35 ms of every
start, most of it compiling its methods' source).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from belote_notation.check.validator import no_game_report
from belote_notation.game.lang import msg
from belote_notation.pipeline.executor import Done, Window
from belote_notation.pipeline.games import GameToCheck, games_of
from belote_notation.pipeline.inputs import OpenInput
from belote_notation.pipeline.output.base import RenderedGame
from belote_notation.pipeline.pool import (
    Event,
    GameChecked,
    InputEnded,
    Job,
    Progress,
    check_game,
    info_of,
    stopped_message,
)

__all__ = ["BATCH_CHARS", "Told", "send_batches"]

BATCH_CHARS = 256 * 1024
"""Games are sent to workers in batches of about this many characters."""
BATCH_GAMES = 400


def _work(path: str, batch: list[GameToCheck], job: Job) -> list[RenderedGame]:
    """Check and render a batch of games of one input (in a worker)."""
    return [check_game(item, path, job) for item in batch]


def _batches(opened: OpenInput) -> Iterator[tuple[list[GameToCheck], int]]:
    """Batches of games to check and the characters they hold (about)."""
    batch: list[GameToCheck] = []
    size = 0
    for item in games_of(opened):
        batch.append(item)
        size += item.size
        if size >= BATCH_CHARS or len(batch) >= BATCH_GAMES:
            yield batch, size
            batch, size = [], 0
    if batch:
        yield batch, size


@dataclass(frozen=True, slots=True)
class _Batch:
    """A batch sent to the workers: its input, its characters and how far into the input it
    reaches (bytes read when it was sent, for the progress display)."""

    path: str
    size: int
    reached: int


@dataclass(slots=True)
class Told:
    """The games and deals told so far, for the progress display; the inputs whose reading
    stopped early in a range (``stopped``) and the inputs' sizes, for the ranges'
    (:mod:`.range_checks`); whether a lost task was lost by a cluster or by a worker process of
    this machine (``on_cluster``)."""

    job: Job
    progress: Progress | None
    games: int = 0
    deals: int = 0
    stopped: dict[str, str] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    on_cluster: bool = True

    def events(self, done: Done) -> Iterator[Event]:
        """The events of one outcome of the window: a noted event, or a batch's games."""
        if done.noted:
            yield done.tag
            return
        sent: _Batch = done.tag
        if done.error is not None:  # a worker died: say so, keep going
            report = no_game_report(sent.path, 0, 0, msg("could not check %(size)s characters of games: "
                                                         "worker failed (%(error)s)", size=sent.size,
                                                         error=type(done.error).__name__))
            rendered_list = [self.job.render(report)]
        else:
            rendered_list = done.result
        for rendered in rendered_list:
            self.games += 1
            self.deals += rendered.deals
            yield GameChecked(sent.path, rendered)
        if self.progress is not None:
            self.progress(sent.path, sent.reached, self.games, self.deals)


def send_batches(opened: OpenInput, window: Window, job: Job) -> Iterator[Done]:
    """One opened input's games, in batches, to the workers (an input they cannot read by
    byte ranges: a stream, a format read whole); the outcomes the window hands back."""
    window.note(info_of(opened))
    error = None
    count = done = 0
    try:
        for batch, size in _batches(opened):
            done += size
            yield from window.submit(_Batch(opened.name, size, opened.tell() or done), _work, opened.name,
                                     batch, job)
            count += len(batch)
        if count == 0:
            window.note(GameChecked(opened.name, job.render(no_game_report(opened.name))))
    except Exception as exc:  # noqa: BLE001 - a bug must not become a traceback
        error = stopped_message(exc)
    finally:
        opened.close()
    window.note(InputEnded(opened.name, error))
