"""Games read from a file and replayed one at a time, for the page and the diagrams.

>>> import io
>>> [(r.report.game, len(r.deals)) for r in iter_replays(io.StringIO("deal 1\\nend\\ndeal 1\\nend\\n"))]
[(1, 1), (2, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator

from belote_notation.check.checker import DEFAULT_CONFIG
from belote_notation.check.findings import Finding
from belote_notation.check.replay import GameReplay, replay_game
from belote_notation.check.setup import ValidationConfig
from belote_notation.notation.reader import iter_games
from belote_notation.notation.stream import Source

__all__ = ["iter_replays"]


def iter_replays(source: Source, name: str | None = None, config: ValidationConfig = DEFAULT_CONFIG,
                 game: int | None = None) -> Iterator[GameReplay]:
    """Each game of ``source`` replayed by the checks, read and replayed only when asked for
    (flat memory); only game number ``game`` (from 1) when given."""
    label = name or str(source)
    for number, parsed in enumerate(iter_games(source, label), start=1):
        if game is not None and number != game:
            continue
        syntax = [Finding.from_issue(i, label, number) for i in parsed.errors]
        yield replay_game(parsed.game, label, number, config, syntax)
        if game is not None:
            return
