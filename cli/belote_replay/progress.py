"""A progress display on stderr for the long commands (``validate``, ``fmt``, ``generate``).

On a terminal it is a rich progress bar (by default, or with ``--progress``); when stderr is
not a terminal (a CI log, a file) nothing shows unless ``--progress`` forces it, and then it
is a plain line at most every second and a last one at the end, so a log shows that a long
run is alive without filling up. ``--no-progress`` turns both off.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, TextIO

from belote_notation.game.lang import Number, msg
from belote_notation.game.lang.render import listed, say

if TYPE_CHECKING:  # typing_extensions for Python 3.10 (its import: 3 ms of every start)
    from rich.progress import Progress, TaskID
    from typing_extensions import Self

__all__ = ["ProgressDisplay", "isatty"]

PLAIN_EVERY = 1.0
"""Seconds between two plain progress lines."""
BAR_EVERY = 0.1


def isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False


class ProgressDisplay:
    """``label: 45% (12,345 of 27,000 unit), detail``: a bar on a terminal, lines elsewhere.

    ``wanted`` is the ``--progress/--no-progress`` flag (``None``: only on a terminal);
    ``total`` 0 when unknown; ``label`` and ``unit`` in the language asked (the caller's words),
    the line around them said in it too.
    """

    def __init__(self, label: str, total: int, unit: str, wanted: bool | None,
                 stream: TextIO | None = None) -> None:
        self.label, self.total, self.unit = label, total, unit
        self.stream = stream or sys.stderr
        terminal = isatty(self.stream)
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.plain = bool(wanted) and not terminal
        self.next_update = 0.0
        self.line = ""
        self.dirty = False
        if terminal and wanted is not False:
            self._make_bar()

    def _make_bar(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

        self.bar = Progress(
            TextColumn(f"[bold]{self.label}[/] {{task.description}}"), BarColumn(),
            TaskProgressColumn(), TextColumn("{task.fields[detail]}"), TimeElapsedColumn(),
            console=Console(file=self.stream, soft_wrap=True), transient=True,  # no line cut at the width
            # output on a terminal is printed above the bar; into a file or a pipe it goes
            # straight to stdout, untouched
            redirect_stdout=isatty(sys.stdout), redirect_stderr=False)
        self.task = self.bar.add_task("", total=self.total or None, detail="")

    def __enter__(self) -> Self:
        if self.bar is not None:
            self.bar.start()
        self.started = time.monotonic()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
        elif self.plain and self.dirty:
            self._print(self.line)

    @property
    def shown(self) -> bool:
        """Progress is shown at all (a bar, or lines): else there is nothing to prepare for it."""
        return self.bar is not None or self.plain

    def update(self, done: int, detail: str = "", description: str = "") -> None:
        if not self.shown:
            return
        if self.total:
            done = min(done, self.total)
        now = time.monotonic()
        if self.bar is not None and self.task is not None:
            if now >= self.next_update:
                self.next_update = now + BAR_EVERY
                self.bar.update(self.task, description=description, completed=done, detail=detail)
            return
        share = say(msg("%(percent)s%% (%(done)s of %(total)s %(unit)s)", percent=100 * done // self.total,
                        done=Number(done), total=Number(self.total), unit=self.unit)) if self.total \
            else say(msg("%(done)s %(unit)s", done=Number(done), unit=self.unit))
        self.line = f"{self.label}: " + listed([share, detail] if detail else [share])
        self.dirty = True
        if now >= self.next_update:
            self.next_update = now + PLAIN_EVERY
            self._print(self.line)

    def _print(self, line: str) -> None:
        elapsed = time.monotonic() - self.started
        try:
            self.stream.write(f"{line} [{elapsed:.0f}s]\n")
            self.stream.flush()
            self.dirty = False
        except (OSError, ValueError):
            self.plain = False
