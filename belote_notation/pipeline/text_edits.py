"""Edits of a text by place, as the findings give places: 1-based lines and columns in
characters, over a window of a file (one game's text, its first line's number in the file).

>>> window = TextWindow("deal 1\\nscore 10 0\\n", first_line=7)
>>> window.offset(8, 7), window.place(13)
(13, (8, 7))
>>> window.apply([window.edit(13, 15, "0"), window.edit(16, 17, "10")])
'deal 1\\nscore 0 10\\n'
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

__all__ = ["Edit", "TextWindow"]


@dataclass(frozen=True, slots=True)
class Edit:
    """``replacement`` written over the text from (``line``, ``col``) to (``end_line``,
    ``end_col``), end excluded; 1-based lines and columns in characters, as the findings'."""

    line: int
    col: int
    end_line: int
    end_col: int
    replacement: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "col": self.col, "end_line": self.end_line, "end_col": self.end_col,
                "replacement": self.replacement}


class TextWindow:
    """The text of one game as in its file (CRs kept), its first line's number in the file."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.text = text
        self.first_line = first_line
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def offset(self, line: int, col: int) -> int | None:
        """The offset of (line, col) of the file in this text, ``None`` outside it."""
        index = line - self.first_line
        if not 0 <= index < len(self.starts) or col < 1:
            return None
        at = self.starts[index] + col - 1
        last = index + 1 == len(self.starts)
        end = len(self.text) if last else self.starts[index + 1]
        return at if at < end or (last and at == end) else None

    def place(self, offset: int) -> tuple[int, int]:
        """(line, col) in the file of an offset of this text."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return self.first_line + index, offset - self.starts[index] + 1

    def line_text(self, line: int) -> str:
        index = line - self.first_line
        if not 0 <= index < len(self.starts):
            return ""
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.text)
        return self.text[self.starts[index]:end]

    def edit(self, start: int, end: int, value: str) -> Edit:
        line, col = self.place(start)
        end_line, end_col = self.place(end)
        return Edit(line, col, end_line, end_col, value)

    def apply(self, edits: Collection[Edit]) -> str:
        """The text with ``edits`` (which do not overlap) made."""
        spans = sorted((self.offset(e.line, e.col), self.offset(e.end_line, e.end_col), e.replacement)
                       for e in edits)
        out, last = [], 0
        for start, end, value in spans:
            if start is None or end is None or start < last:
                continue
            out += [self.text[last:start], value]
            last = end
        out.append(self.text[last:])
        return "".join(out)
