"""The tag pairs of a game's head and their positions, whatever their layout: the layout fmt
writes (one a line, first column) is read without counting lines, every other one by counting
them; both give each tag where it is written."""

from __future__ import annotations

import re

import pytest

from belote_notation.notation.read.reader import read_game_events
from belote_notation.notation.visitor import Visitor

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\\n]|\\.)*)"')


class Tags(Visitor[list[tuple[str, str, int, int]]]):
    def __init__(self) -> None:
        self.tags: list[tuple[str, str, int, int]] = []

    def visit_header(self, name: str, value: str, line: int, col: int) -> None:
        self.tags.append((name, value, line, col))

    def result(self) -> list[tuple[str, str, int, int]]:
        return self.tags


def written(text: str, first_line: int) -> list[tuple[str, str, int, int]]:
    """Each tag pair of ``text`` where it is written (the values without escapes)."""
    out = []
    for found in _TAG.finditer(text):
        start = found.start()
        line = first_line + text.count("\n", 0, start)
        col = start - text.rfind("\n", 0, start)
        out.append((found.group(1), found.group(2).replace('\\"', '"'), line, col))
    return out


HEADS = [
    '[Event "a"]\n[Site "b"]\n[Rules "classic"]\n',           # fmt's layout
    '[Event "a"]\n\n[Site "b"]\n',                            # a blank line between
    '[Event "a"] [Site "b"]\n[Rules "classic"]\n',            # two on a line
    '  [Event "a"]\n[Site "b"]\n',                            # indented
    '[Event "a"]\n  [Site "b"]\n',
    '[Event "a \\"quoted\\""]\n[Site "b"]\n',                 # an escape
    '[Event "a"]   \n[Site "b"]\t\n',                         # trailing white space
    '[Event "a"]\n',
]


@pytest.mark.parametrize("head", HEADS)
@pytest.mark.parametrize("first_line", [1, 40])
def test_every_tag_is_where_it_is_written(head: str, first_line: int) -> None:
    text = head + "deal 1\nend\n"
    assert read_game_events(text, Tags(), first_line=first_line) == written(head, first_line)


def test_a_head_past_the_item_limit_stops_at_the_tag_that_passes_it() -> None:
    from belote_notation.notation.limits import MAX_ITEMS_PER_GAME

    class Errors(Tags):
        def __init__(self) -> None:
            super().__init__()
            self.errors: list[tuple[str, int, int]] = []

        def visit_error(self, issue: object) -> None:
            self.errors.append((issue.code, issue.line, issue.col))  # type: ignore[attr-defined]

    count = MAX_ITEMS_PER_GAME + 5
    head = "".join(f'[T{i} "v"]\n' for i in range(count))
    visitor = Errors()
    read_game_events(head + "deal 1\nend\n", visitor)
    assert len(visitor.tags) == MAX_ITEMS_PER_GAME
    assert visitor.errors[-1][1:] == (MAX_ITEMS_PER_GAME + 1, 1)
