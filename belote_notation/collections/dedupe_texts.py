"""What ``dedupe`` writes: the games kept, each as its canonical ``.bel`` text written while the
first pass read it (:class:`GameTexts`, no records) or, for a game only its records can say
(another format, review material, a reading with issues), its records read again.

The first pass reads every game into the checks to make its entry; a ``.bel`` output takes its
text then, from the same reading (:meth:`~.reading.InputGame.canonical_text`), into a temporary
file (memory stays flat: 16 bytes a game in memory), and the output copies the kept ones in input
order: the inputs are not read a second time but for the games written from records.

>>> import tempfile
>>> from belote_notation.collections.dedupe import DedupeWork
>>> from belote_notation.collections.work import each_input
>>> from belote_notation.pipeline.inputs import Source
>>> game = "[North \\"A\\"]\\ndeal 1 dealer N\\ntrick 1 N:AS E:KS S:QS W:JS\\nend\\n"
>>> reviewed = game.replace("N:AS", "N:AH!")  # review material: written from its records
>>> source = Source("a.bel", data=(game + game + reviewed).encode())
>>> with tempfile.TemporaryDirectory() as folder, GameTexts(folder) as texts:
...     work = DedupeWork()
...     with work.streamed(work.entries(games, texts) for games in each_input([source])) as result:
...         kept = list(kept_output(result, texts, [source]))
>>> [type(item).__name__ for item in kept], kept[0].splitlines()[:3]
(['str', 'Game'], ['[North "A"]', '', 'deal 1 dealer N'])
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from belote_notation.collections.dedupe import DedupeResult, DedupeWork, GameEntry
from belote_notation.collections.reading import InputGame
from belote_notation.collections.work import each_input
from belote_notation.notation.records import Game
from belote_notation.pipeline.inputs import Source

__all__ = ["DedupeTextsWork", "GameTexts", "TextBlock", "kept_output"]


class GameTexts:
    """Each game's canonical text (or that it has none), in the order the games were read,
    in a temporary file of ``folder``."""

    def __init__(self, folder: str) -> None:
        self.path = os.path.join(folder, "texts")
        self.handle = open(self.path, "w+b")  # noqa: SIM115 (closed by close)
        self.starts = array("q")
        self.sizes = array("q")
        self.end = 0

    def add(self, text: str | None) -> None:
        """The next game's text (``None``: it has none: its records will say it)."""
        if text is None:
            self.starts.append(-1)
            self.sizes.append(0)
            return
        data = text.encode()
        self.handle.write(data)
        self.starts.append(self.end)
        self.sizes.append(len(data))
        self.end += len(data)

    def add_block(self, block: TextBlock) -> None:
        """The texts of the next games, written elsewhere (:class:`TextBlock`): one write here."""
        self.handle.write(block.data)
        for size in block.sizes:
            if size < 0:
                self.starts.append(-1)
                self.sizes.append(0)
            else:
                self.starts.append(self.end)
                self.sizes.append(size)
                self.end += size

    def __len__(self) -> int:
        """How many games were added."""
        return len(self.starts)

    def text(self, index: int) -> str | None:
        """The text of game ``index`` (0-based, in the order added), ``None`` when it has none."""
        start = self.starts[index]
        if start < 0:
            return None
        self.handle.seek(start)
        return self.handle.read(self.sizes[index]).decode()

    def close(self) -> None:
        self.handle.close()

    def __enter__(self) -> GameTexts:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class TextBlock:
    """The texts of a run of games in one block, to be sent whole (what a cluster's worker sends
    back of its byte range): the UTF-8 bytes one after the other, and each game's size (-1: the
    game has no text, its records will say it)."""

    __slots__ = ("chunks", "data", "sizes")

    def __init__(self) -> None:
        self.chunks: list[bytes] = []
        self.data = b""
        self.sizes = array("q")

    def add(self, text: str | None) -> None:
        if text is None:
            self.sizes.append(-1)
            return
        data = text.encode()
        self.chunks.append(data)
        self.sizes.append(len(data))

    def done(self) -> TextBlock:
        """The block made whole, to be sent."""
        self.data, self.chunks = b"".join(self.chunks), []
        return self

    def __getstate__(self) -> tuple[bytes, array[int]]:
        return self.data, self.sizes

    def __setstate__(self, state: tuple[bytes, array[int]]) -> None:
        self.data, self.sizes = state
        self.chunks = []


@dataclass(frozen=True, slots=True)
class DedupeTextsWork:
    """:class:`~.dedupe.DedupeWork` whose parts also carry each game's ``.bel`` text, written
    where the games were read (a cluster's worker: from the reading, or from the records of a
    game only they can say); the merge puts the texts into a :class:`GameTexts` of ``folder``
    (in the process that writes the output: one write a part), so that the kept games are
    copied from there and no game is read again here but one the writer refuses.

    >>> import tempfile
    >>> from belote_notation.collections.spread import serial_parts
    >>> from belote_notation.pipeline.inputs import Source
    >>> game = "[North \\"A\\"]\\ndeal 1 dealer N\\ntrick 1 N:AS E:KS S:QS W:JS\\nend\\n"
    >>> source = Source("a.bel", data=(game + game.replace("N:AS", "N:AH!")).encode())
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     work = DedupeTextsWork(DedupeWork(), folder)
    ...     result, texts = work.merge(serial_parts(work, [source], target=1))
    ...     with result, texts:
    ...         kept = list(kept_output(result, texts, [source]))
    >>> [type(item).__name__ for item in kept], "N:AH!" in kept[1]
    (['str', 'str'], True)
    """

    work: DedupeWork
    folder: str
    """Where the merge's :class:`GameTexts` goes (in the process that merges)."""

    def map(self, games: Iterable[InputGame]) -> tuple[list[GameEntry], TextBlock]:
        block = TextBlock()
        entries = list(self.work.entries(games, block, records_text=True))
        return entries, block.done()

    def merge(self, parts: Iterable[tuple[list[GameEntry], TextBlock]]) -> tuple[DedupeResult, GameTexts]:
        texts = GameTexts(self.folder)

        def entries() -> Iterator[list[GameEntry]]:
            for part, block in parts:
                texts.add_block(block)
                yield part

        try:
            return self.work.streamed(entries()), texts
        except BaseException:
            texts.close()
            raise


def _records(found: Sequence[Source]) -> Iterator[tuple[str, int, Any]]:
    """Every game of the inputs, in order: its input's name, number and the game (read lazily)."""
    for games in each_input(found):
        for game in games:
            yield games.name, game.number, game


def kept_output(result: DedupeResult, texts: GameTexts, found: Sequence[Source]) -> Iterator[str | Game]:
    """The games kept, in input order: the text written of each in the first pass, else its
    records (the inputs read again up to it: only these games are read into records)."""
    again: Iterator[tuple[str, int, Any]] | None = None
    texts.handle.flush()
    for index, file, number in result.kept_games():
        text = texts.text(index)
        if text is not None:
            yield text
            continue
        again = again if again is not None else _records(found)
        for name, at, game in again:
            if (name, at) == (file, number):
                record = game.game
                assert record is not None  # a game kept was read whole
                yield record
                break
