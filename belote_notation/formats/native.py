"""The project's own forms as formats: ``.bel`` text and its JSON twin (``json``, ``jsonl``).

They wrap the notation's reader, writer and JSON twin (``notation/reader.py``,
``notation/writer.py``, ``notation/jsonio.py``) and add nothing: a syntax issue of a ``.bel``
game is reported with its own code (BEL0xx) and the game as far as it could be read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import BinaryIO, ClassVar, TextIO

from belote_notation.formats.base import (
    CANNOT_WRITE,
    UNREADABLE,
    Format,
    FormatIssue,
    ReadItem,
    first_line,
    issue,
)
from belote_notation.notation.jsonio import (
    JsonReadError,
    JsonWriteError,
    check_depth,
    read_json_games,
    write_json_games,
    write_jsonl_games,
)
from belote_notation.notation.reader import iter_games
from belote_notation.notation.records import Game
from belote_notation.notation.writer import NotationWriteError, write_game

__all__ = ["BelFormat", "JsonFormat", "JsonlFormat"]


class BelFormat(Format):
    name = "bel"
    title = "belote-notation text (.bel), canonical on output"
    extensions = (".bel",)

    def read(self, source: BinaryIO, name: str = "<input>") -> Iterator[ReadItem]:
        for parsed in iter_games(source, name):
            for problem in parsed.errors:
                yield FormatIssue(problem.code, "error", problem.message, problem.line, 0, "",
                                  problem.col)
            yield parsed.game

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        for count, game in enumerate(games):
            try:
                text = write_game(game)
            except NotationWriteError as exc:
                yield issue(CANNOT_WRITE, f"game {count + 1} cannot be written as .bel: {exc}",
                            game.line)
                continue
            if count:
                out.write("\n")
            out.write(text)


def _json_writable(games: Iterable[Game], lost: list[FormatIssue]) -> Iterator[Game]:
    """The games the JSON twin can hold; an issue in ``lost`` for each other one (alternative
    lines nested past ``jsonio.MAX_DEPTH``: a traceback before, issue 13)."""
    for count, game in enumerate(games):
        try:
            check_depth(game)
        except JsonWriteError as exc:
            lost.append(issue(CANNOT_WRITE, f"game {count + 1} cannot be written as JSON: {exc}", game.line))
            continue
        yield game


def _compact(game: Game) -> str:
    """A game as JSON without the fields at their defaults (positions stripped: 0, [], null)."""
    return json.dumps(game.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False)


class JsonFormat(Format):
    name = "json"
    title = "the JSON twin of .bel: {\"games\": [...]}, a game, or a list of games"
    extensions: ClassVar[tuple[str, ...]] = (".json",)

    def __init__(self, compact: bool = False) -> None:
        self.compact = compact

    def without_positions(self) -> Format:
        return type(self)(compact=True)

    def sniff(self, head: bytes) -> bool:
        text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
        if text.startswith(b"["):
            return text[1:].lstrip()[:1] in (b"{", b"]")
        return text.startswith(b"{") and text[1:].lstrip().startswith((b'"games"', b'"headers"', b'"deals"'))

    def read(self, source: BinaryIO, name: str = "<input>") -> Iterator[ReadItem]:
        # jsonio reads the twin as a stream, one game at a time (issue 13: read whole, a
        # 55.6 MB file took 3 GB); a bad byte or bad JSON is a JsonReadError with its place.
        try:
            yield from read_json_games(source)
        except JsonReadError as exc:
            yield issue(UNREADABLE, str(exc), line=exc.line)

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        lost: list[FormatIssue] = []
        games = _json_writable(games, lost)
        if not self.compact:
            write_json_games(games, out)
            return iter(lost)
        count = 0
        for game in games:
            out.write(",\n" if count else '{"games": [')
            out.write(_compact(game))
            count += 1
        out.write("]}\n" if count else '{"games": []}\n')
        return iter(lost)


class JsonlFormat(JsonFormat):
    name = "jsonl"
    title = "the JSON twin, one game object per line (JSON Lines)"
    extensions = (".jsonl", ".ndjson")

    def sniff(self, head: bytes) -> bool:
        first = first_line(head)
        return first.startswith(b"{") and (b'"deals"' in first or b'"headers"' in first)

    def read(self, source: BinaryIO, name: str = "<input>") -> Iterator[ReadItem]:
        for number, raw in enumerate(source, 1):
            if not raw.strip():
                continue
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                yield issue(UNREADABLE, f"not a JSON line ({exc})", line=number, event=number)
                continue
            try:  # jsonio's bounded reader: numbers, depth and size within the reader's limits
                yield from read_json_games(text)
            except JsonReadError as exc:
                yield issue(UNREADABLE, str(exc), line=number, event=number)

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        lost: list[FormatIssue] = []
        games = _json_writable(games, lost)
        if not self.compact:
            write_jsonl_games(games, out)
            return iter(lost)
        for game in games:
            out.write(_compact(game) + "\n")
        return iter(lost)
