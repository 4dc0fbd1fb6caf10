"""One game of an input, in any readable format: what ``show`` and ``solve`` replay.

The input is opened through the pipeline's one detector (:func:`~.inputs.open_input`), so a
``.bel`` file, its JSON twin, an event log, a server's log or colver's deals are picked alike;
the game comes with the findings its reading gave (syntax issues, a format's issues, located
in that input). What prevents it is an :class:`~.inputs.InputProblem`, never an exception.

>>> from belote_notation.pipeline.inputs import Source
>>> picked = pick_game(Source("t.bel", data=b"deal 1\\nend\\ndeal 7\\ntrick 1 N:9O\\nend\\n"), 2)
>>> picked.game.deals[0].number, [f"{f.line}:{f.col} {f.code}" for f in picked.findings]
(7, ['4:11 BEL004'])
>>> pick_game(Source("t.bel", data=b"deal 1\\nend\\n"), 3)
InputProblem(path='t.bel', message='there is no game 3')
"""

from __future__ import annotations

from typing import NamedTuple

from belote_notation.check.findings import Finding
from belote_notation.formats.base import FormatIssue
from belote_notation.notation.reader import parse_game_text
from belote_notation.notation.records import Game
from belote_notation.pipeline.games import TextGame, games_of
from belote_notation.pipeline.inputs import InputProblem, OpenInput, Source, open_input, problem_message

__all__ = ["PickedGame", "pick_game"]


class PickedGame(NamedTuple):
    """A game of an input, the findings of its reading and the input's name in findings."""

    game: Game
    findings: list[Finding]
    name: str


def pick_game(source: str | Source, number: int) -> PickedGame | InputProblem:
    """Game ``number`` (from 1) of ``source`` (a path, ``-`` for stdin, or a :class:`~.inputs.Source`)."""
    opened = open_input(source if isinstance(source, Source) else Source(source))
    if isinstance(opened, InputProblem):
        return opened
    with opened:
        try:
            return _pick(opened, number)
        except (OSError, UnicodeError, MemoryError) as exc:
            return InputProblem(opened.name, problem_message(exc))


def _pick(opened: OpenInput, number: int) -> PickedGame | InputProblem:
    name = opened.name
    first_issue: FormatIssue | None = None
    for index, read in enumerate(games_of(opened), start=1):
        if isinstance(read, TextGame):  # .bel: only the game picked is parsed
            if index == number:
                parsed = parse_game_text(read.text, name)
                return PickedGame(parsed.game, [Finding.from_issue(i, name, number) for i in parsed.errors],
                                  name)
            continue
        first_issue = first_issue or next(iter(read.issues), None)
        if read.game is not None and read.number == number:
            return PickedGame(read.game, [Finding.from_issue(i, name, number) for i in read.issues], name)
    why = f" ({opened.format.name}: {first_issue})" if first_issue is not None else ""
    return InputProblem(name, f"there is no game {number}{why}")
