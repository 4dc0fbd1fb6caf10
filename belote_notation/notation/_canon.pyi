"""Type stub of the compiled reader of canonical deals (belote_notation/notation/_canon.c)."""

from collections.abc import Sequence
from typing import Any

def scan_lines(text: str, heading_end: int, line: int, left: int, tables: tuple[Any, ...], /
               ) -> tuple[list[Any], int, int] | None: ...
def make_plays(cls: type, slots: tuple[Any, Any, Any, Any], fields: set[str], seats: Sequence[int | None],
               cards: Sequence[int], marks: Sequence[str | None], positions: Sequence[tuple[int, int]], /
               ) -> list[Any]: ...
