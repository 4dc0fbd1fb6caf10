"""The project's own forms as formats: ``.bel`` text and its JSON twin (``json``, ``jsonl``).

They wrap the notation's reader, writer and JSON twin (``notation/read/reader.py``,
``notation/write/writer.py``, ``notation/read/jsonio.py``, ``notation/write/jsonio.py``) and add
nothing: a syntax issue of a ``.bel`` game is reported with its own code (BEL0xx) and the game
as far as it could be read.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, ClassVar, TextIO

from belote_notation.formats.base import (
    CANNOT_WRITE,
    ISSUE_CODES,
    UNREADABLE,
    Format,
    FormatIssue,
    ReadItem,
    Stream,
    binary_stream,
    first_line,
    issue,
)
from belote_notation.game.lang import msg, render
from belote_notation.notation.read.reader import iter_games

if TYPE_CHECKING:  # the JSON twin, the writer and the records are imported where used: validate reads
    # a .bel file's events, not its records
    from belote_notation.notation.read.jsonio import JsonReadError
    from belote_notation.notation.read.reader import ParsedGame
    from belote_notation.notation.records import Game

__all__ = ["BelFormat", "JsonFormat", "JsonlFormat", "parsed_items"]


class BelFormat(Format):
    name = "bel"
    title = msg("belote-notation text (.bel), canonical on output").id
    extensions = (".bel",)
    game_texts = True
    notation_text = True
    splittable = True
    canonical_rewrite = True

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        for parsed in iter_games(binary_stream(source), name):
            yield from parsed_items(parsed)

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        return self.write_texts(games, out)

    def write_texts(self, games: Iterable[Game | str], out: TextIO) -> Iterator[FormatIssue]:
        """:meth:`write`, a game also given as its canonical text, written already (what the
        collections write of a game from its reading: ``notation/write/parts.py``)."""
        from belote_notation.notation.write.writer import NotationWriteError, write_game

        for count, game in enumerate(games):
            try:
                text = game if isinstance(game, str) else write_game(game)
            except NotationWriteError as exc:
                yield issue(CANNOT_WRITE, msg("game %(game)s cannot be written as .bel: %(why)s",
                                              game=count + 1, why=exc.reason),
                            0 if isinstance(game, str) else game.line)
                continue
            if count:
                out.write("\n")
            out.write(text)


def parsed_items(parsed: ParsedGame) -> Iterator[ReadItem]:
    """What :meth:`BelFormat.read` gives for one parsed game: its syntax errors as issues, then
    the game (a cluster's worker reads the games of a byte range with it)."""
    for problem in parsed.errors:
        yield FormatIssue(problem.code, "error", problem.message, problem.line, 0, "", problem.col,
                          msg=problem.msg)
    yield parsed.game


def _json_writable(games: Iterable[Game], lost: list[FormatIssue]) -> Iterator[Game]:
    """The games the JSON twin can hold; an issue in ``lost`` for each other one (alternative
    lines nested past ``limits.MAX_DEPTH``: a traceback before, issue 13)."""
    from belote_notation.notation.write.jsonio import JsonWriteError, check_depth

    for count, game in enumerate(games):
        try:
            check_depth(game)
        except JsonWriteError as exc:
            lost.append(issue(CANNOT_WRITE, msg("game %(game)s cannot be written as JSON: %(why)s",
                                                game=count + 1, why=exc.reason), game.line))
            continue
        yield game


def _unreadable(error: JsonReadError, line: int = 0) -> FormatIssue:
    """The issue of a JSON game that cannot be read (or of the damage that ends the input), at
    its line and column (:meth:`FormatIssue.where` shows both); ``line``: the line of a JSON
    Lines input the error is in (its column is then within that line). The issue of a game
    stands in that game's place (``lost``): the games after it keep their numbers."""
    lost = (msg("the game of this line is left out") if line
            else msg("game %(game)s is left out", game=error.game) if error.game
            else msg("reading stops here") if error.fatal else None)
    said = error.reason if lost is None else msg("%(reason)s (%(lost)s)", reason=error.reason, lost=lost)
    return FormatIssue(UNREADABLE, ISSUE_CODES[UNREADABLE], render(said), line or error.line,
                       line or error.game, "", error.col or 1, lost=bool(line or error.game), msg=said)


def _compact(game: Game) -> str:
    """A game as JSON without the fields at their defaults (positions stripped: 0, [], null)."""
    return json.dumps(game.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False)


class JsonFormat(Format):
    name = "json"
    title = msg("the JSON twin of .bel: {\"games\": [...]}, a game, or a list of games").id
    extensions: ClassVar[tuple[str, ...]] = (".json",)
    own_positions = False
    canonical_rewrite = True

    def __init__(self, compact: bool = False) -> None:
        self.compact = compact

    def without_positions(self) -> Format:
        return type(self)(compact=True)

    def sniff(self, head: bytes) -> bool:
        text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
        if text.startswith(b"["):
            return text[1:].lstrip()[:1] in (b"{", b"]")
        return text.startswith(b"{") and text[1:].lstrip().startswith((b'"games"', b'"headers"', b'"deals"'))

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        # jsonio reads the twin as a stream, one game at a time (issue 13: read whole, a
        # 55.6 MB file took 3 GB); a bad game costs that game only (its issue in its place).
        from belote_notation.notation.read.jsonio import JsonReadError, iter_json_games

        for item in iter_json_games(binary_stream(source)):
            yield _unreadable(item) if isinstance(item, JsonReadError) else item

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        lost: list[FormatIssue] = []
        games = _json_writable(games, lost)
        if not self.compact:
            from belote_notation.notation.write.jsonio import write_json_games

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
    title = msg("the JSON twin, one game object per line (JSON Lines)").id
    extensions = (".jsonl", ".ndjson")

    def sniff(self, head: bytes) -> bool:
        first = first_line(head)
        return first.startswith(b"{") and (b'"deals"' in first or b'"headers"' in first)

    def read(self, source: Stream, name: str = "<input>") -> Iterator[ReadItem]:
        from belote_notation.notation.read.jsonio import JsonReadError, iter_json_games

        for number, raw in enumerate(binary_stream(source), 1):
            if not raw.strip():
                continue
            reported = False    # one issue per line: a line is one game
            # jsonio's bounded reader: within the reader's limits, a byte that is not UTF-8 placed
            for item in iter_json_games(io.BytesIO(raw)):
                if not isinstance(item, JsonReadError):
                    yield item
                elif not reported:
                    reported = True
                    yield _unreadable(item, number)

    def write(self, games: Iterable[Game], out: TextIO) -> Iterator[FormatIssue]:
        lost: list[FormatIssue] = []
        games = _json_writable(games, lost)
        if not self.compact:
            from belote_notation.notation.write.jsonio import write_jsonl_games

            write_jsonl_games(games, out)
            return iter(lost)
        for game in games:
            out.write(_compact(game) + "\n")
        return iter(lost)
