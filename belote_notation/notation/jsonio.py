"""The JSON twin: the same records as JSON, read back without loss, and their JSON Schema.

Cards are integers 0..31 (``suit * 8 + rank``), seats 0..3 (N E S W), exactly as in the
records, so the JSON is deck-neutral and the schema is generated from the pydantic models
(docs/notation.md, "JSON twin"). Positions (``line``/``col``) are kept.

>>> from belote_notation.notation.records import Game
>>> game_from_json(game_to_json(Game(result="NS"))) == Game(result="NS")
True
"""

from __future__ import annotations

import codecs
import json
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any, TextIO, Union

from pydantic import ValidationError

from belote_notation.notation.records import Announcement, BelFile, Bid, Game, Play, Variation
from belote_notation.notation.stream import MAX_GAME_CHARS
from belote_notation.notation.tokens import MAX_DIGITS, MAX_ITEMS_PER_GAME
from belote_notation.notation.writer import NotationWriteError

__all__ = [
    "MAX_DEPTH",
    "JsonReadError",
    "JsonWriteError",
    "check_depth",
    "game_from_json",
    "game_to_json",
    "games_to_json_text",
    "json_schema",
    "read_json_games",
    "write_json_games",
    "write_jsonl_games",
]

MAX_DEPTH = 100
"""Alternative lines inside one another that the JSON twin holds (docs/notation.md, "Limits
of the reader"): four JSON levels each, well within what JSON libraries nest (Python's own
stops near 1,000). The .bel text has no such limit; a deeper game cannot be written as JSON."""
MAX_JSON_DEPTH = 4 * MAX_DEPTH + 12
"""JSON nesting of one game: its deals, tricks, plays and the variations above."""
MAX_CONTAINERS = 4 * MAX_ITEMS_PER_GAME
"""Objects and arrays in one game (a play is up to four: itself, its NAGs, comments, variations)."""
_BLOCK = 1 << 16

Source = Union[str, IO[str], IO[bytes]]


class JsonReadError(ValueError):
    """JSON that is not a game, a list of games or ``{"games": [...]}``, or a game past the
    limits of the reader; the message says where (``line``: the line, when known apart)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


class JsonWriteError(NotationWriteError):
    """A record the JSON twin cannot hold (alternative lines nested past :data:`MAX_DEPTH`)."""


def game_to_json(game: Game) -> dict[str, Any]:
    """One game as a JSON-ready dict (:class:`JsonWriteError` past :data:`MAX_DEPTH`)."""
    check_depth(game)
    return game.model_dump(mode="json")


def check_depth(game: Game) -> None:
    """Alternative lines nested at most :data:`MAX_DEPTH` deep (walked without recursion)."""
    items: list[Bid | Play | Announcement] = []
    for deal in game.deals:
        items.extend(item for item in deal.bids if item.variations)
        items.extend(item for item in deal.announcements if item.variations)
        items.extend(play for trick in deal.tricks for play in trick.plays if play.variations)
    stack = [(item, 1) for item in items]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise JsonWriteError(f"alternative lines nested more than {MAX_DEPTH} deep (line "
                                 f"{item.line}): the JSON twin holds {MAX_DEPTH}")
        stack.extend((entry, depth + 1) for var in item.variations for entry in var.items
                     if entry.variations)


def game_from_json(data: dict[str, Any] | str) -> Game:
    """A game from its JSON dict (or text), validated against the models, within the limits
    of the reader."""
    if isinstance(data, str):
        return _game_of_text(data, 1, 1)
    return _build_game(data)


def _game_of_text(raw: str, line: int, col: int) -> Game:
    """A game from the JSON text of one game object, which starts at (``line``, ``col``)."""
    where = f"line {line} column {col}: "
    try:
        # the hook only when a run of digits is long enough to matter (it costs a call per number)
        data = json.loads(raw, parse_int=_bounded_int) if _LONG_DIGITS.search(raw) else json.loads(raw)
    except json.JSONDecodeError as exc:
        at = (line + exc.lineno - 1, exc.colno + (col - 1 if exc.lineno == 1 else 0))
        raise JsonReadError(f"line {at[0]} column {at[1]}: not JSON ({exc.msg})") from None
    except (ValueError, RecursionError) as exc:
        raise JsonReadError(where + str(exc)) from None
    try:
        return _build_game(data, _VARIATIONS.search(raw) is not None,
                           _SURROGATE.search(raw) is not None or not _encodes(raw))
    except JsonReadError as exc:
        message = str(exc)
        invalid = "not a valid game: "
        if message.startswith(invalid):     # "not a valid game at line L column C: deals.0..."
            raise JsonReadError(f"{invalid[:-2]} at {where}{message[len(invalid):]}") from None
        raise JsonReadError(where + message) from None


_LONG_DIGITS = re.compile(r"[0-9]{%d}" % (MAX_DIGITS + 1))
_VARIATIONS = re.compile(r'"variations"\s*:\s*\[\s*[^\]\s]')
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise ValueError(f"a number of {len(digits):,} digits: the reader reads numbers of at "
                         f"most {MAX_DIGITS} digits")
    return int(text)


def _path(path: tuple[object, ...]) -> str:
    """A JSON path for a message (the middle of a deep one left out)."""
    parts = [str(p) for p in path]
    return ".".join(parts if len(parts) <= 16 else [*parts[:8], "…", *parts[-8:]])


def _invalid(exc: ValidationError, path: tuple[object, ...] = ()) -> JsonReadError:
    first = exc.errors()[0]
    return JsonReadError(f"not a valid game: {_path((*path, *first['loc']))}: {first['msg']}")


Link = tuple[Any, ...]
"""A JSON path as a chain ``(parent, key)`` (``()`` at the top): one tuple per step, not a copy
of the whole path per value (that made deep variations quadratic)."""
Detached = tuple[Union[tuple[object, ...], int], int, int, list[Any], Link]
"""Variations taken out of an item: (where the item is: its path in the game, or the index of
the detached entry holding it, then the variation and item index there), the variations as
JSON, the item's path for messages."""


def _flat(link: Link) -> tuple[object, ...]:
    keys: list[object] = []
    while link:
        link, key = link
        keys.append(key)
    return tuple(reversed(keys))


def _detach(data: Any) -> list[Detached]:
    """Check the JSON of one game (text is Unicode, variations at most :data:`MAX_DEPTH` deep)
    and take every ``variations`` list out of its item, replaced by ``[]``, so that pydantic
    validates shallow objects: a nested ``Bid | Play`` union costs it four times more per level
    (24 levels took 50 s, issue 13). Walked without recursion; parents come before children."""
    detached: list[Detached] = []
    # (value, path, holder: None at the top, else (index of the detached entry, variation, item)), depth
    stack: list[tuple[Any, Link, tuple[int, int, int] | None, int]] = [(data, (), None, 0)]
    while stack:
        value, path, holder, depth = stack.pop()
        if isinstance(value, str):
            if not value.isascii():
                try:
                    value.encode("utf-8")
                except UnicodeEncodeError:
                    raise JsonReadError(f"{_path(_flat(path))}: {value[:40]!r} is not Unicode "
                                        "text (a lone surrogate)") from None
            continue
        if isinstance(value, list):
            stack.extend((v, (path, i), None, depth) for i, v in enumerate(value))
            continue
        if not isinstance(value, dict):
            continue
        variations = value.get("variations")
        if isinstance(variations, list) and variations:
            if depth >= MAX_DEPTH:
                raise JsonReadError(f"{_path(_flat(path))}: alternative lines nested more than "
                                    f"{MAX_DEPTH} deep (the JSON twin holds {MAX_DEPTH})")
            value["variations"] = []
            place: tuple[object, ...] | int = _flat(path) if holder is None else holder[0]
            detached.append((place, *(holder[1:] if holder else (0, 0)), variations, path))
            index = len(detached) - 1
            for v, var in enumerate(variations):
                var_path = ((path, "variations"), v)
                if not isinstance(var, dict):
                    raise JsonReadError(f"{_path(_flat(var_path))}: not an object")
                for key, item in var.items():
                    if key == "items" and isinstance(item, list):
                        stack.extend((entry, ((var_path, "items"), k), (index, v, k), depth + 1)
                                     for k, entry in enumerate(item))
                    else:
                        stack.append((item, (var_path, key), None, depth + 1))
        for key, item in value.items():
            if key != "variations":
                stack.append((item, (path, key), None, depth))
    return detached


def _encodes(text: str) -> bool:
    """``text`` is Unicode text (no lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _build_game(data: Any, nested: bool = True, surrogates: bool = True) -> Game:
    """The game of JSON ``data``: validated shallow, then its variations attached level by
    level (see :func:`_detach`). ``nested``/``surrogates``: whether the text may hold
    non-empty variations or lone surrogates (when neither, there is nothing to walk)."""
    if not isinstance(data, dict):
        raise JsonReadError("a game must be a JSON object")
    detached = _detach(data) if nested or surrogates else []
    try:
        game = Game.model_validate(data)
    except ValidationError as exc:
        raise _invalid(exc) from None
    made: list[list[Variation]] = []
    for place, v, k, raw, path in detached:
        if isinstance(place, int):
            item: Any = made[place][v].items[k]
        else:
            item = game
            for step in place:
                item = item[step] if isinstance(step, int) else getattr(item, str(step))
        if not isinstance(item, (Bid, Play, Announcement)):
            raise JsonReadError(f"{_path(_flat(path))}: only a call, a play or an "
                                "announcement has variations")
        variations = []
        for n, var in enumerate(raw):
            try:
                variations.append(Variation.model_validate(var))
            except ValidationError as exc:
                raise _invalid(exc, (*_flat(path), "variations", n)) from None
        item.__dict__["variations"] = variations
        made.append(variations)
    return game


def games_to_json_text(games: Iterable[Game]) -> str:
    """``{"games": [...]}`` as text (the JSON twin of a whole file)."""
    return json.dumps({"games": [game_to_json(g) for g in games]}, ensure_ascii=False)


def write_json_games(games: Iterable[Game], out: TextIO) -> int:
    """Stream ``{"games": [...]}`` to ``out`` one game at a time; returns the count."""
    count = 0
    for game in games:            # nothing is written before the first game is in hand
        out.write(",\n" if count else '{"games": [')
        out.write(json.dumps(game_to_json(game), ensure_ascii=False))
        count += 1
    out.write("]}\n" if count else '{"games": []}\n')
    return count


def write_jsonl_games(games: Iterable[Game], out: TextIO) -> int:
    """JSON Lines: one game object per line; returns the count."""
    count = 0
    for game in games:
        out.write(json.dumps(game_to_json(game), ensure_ascii=False))
        out.write("\n")
        count += 1
    return count


def read_json_games(source: Source) -> Iterator[Game]:
    """Games from JSON: ``{"games": [...]}``, one game object, a list, or JSON Lines; from a
    string or an open file (text or binary, UTF-8), read as a stream: one game at a time is
    held, each within the limits of the reader (:data:`MAX_GAME_CHARS` characters,
    :data:`MAX_JSON_DEPTH` levels, numbers of :data:`MAX_DIGITS` digits...).

    Raises :class:`JsonReadError` with a plain message, and the line and column, on anything
    else (games before it have been yielded).
    """
    scanner = _Scanner(source)
    if not scanner.skip_space():
        raise JsonReadError("empty JSON input")
    first = True
    while True:
        char = scanner.peek()
        if char == "[" and first:
            yield from scanner.array_games()
        elif char == "{":
            yield from scanner.object_games()
        else:
            raise JsonReadError(scanner.at() + "expected a game object, a list of games or "
                                "{\"games\": [...]}")
        first = False
        if not scanner.skip_space():
            return


_SPACE = re.compile(r"[ \t\r\n]*")
_SCAN = re.compile(r'"[^"\\]*"|["\[\]{}]')
_SCALAR = re.compile(r"[^,\]}\s]*")


class _Scanner:
    """The structure of a JSON stream read block by block: game objects are cut out as text
    (strings skipped, brackets counted, bounds enforced) and parsed one at a time, so memory
    holds one game (a 55.6 MB file read whole took 2.2-3.0 GB, issue 13)."""

    def __init__(self, source: Source) -> None:
        self.read: Any = None
        self.decoder: Any = None
        if isinstance(source, str):
            self.buf = source[1:] if source.startswith("\ufeff") else source
        else:
            self.read = source.read
            self.buf = ""
            if isinstance(source.read(0), bytes):
                self.decoder = codecs.getincrementaldecoder("utf-8-sig")("strict")
        self.eof = self.read is None
        self.pos = 0
        self.keep: int | None = None
        """Offset of an object being read field by field (not dropped: it may be a game)."""
        self.counted, self.line = 0, 1  # line breaks counted up to offset ``counted``
        self.bytes_read = 0

    # --- the buffer ------------------------------------------------------------------------
    def more(self, at_least: int = _BLOCK) -> bool:
        """Read another block of at least ``at_least`` characters; ``False`` at the end."""
        while not self.eof:
            raw = self.read(max(at_least, _BLOCK))
            if self.decoder is not None:
                try:
                    chunk = self.decoder.decode(raw, final=not raw)
                except UnicodeDecodeError as exc:
                    line = self.where(len(self.buf))[0] + raw[:exc.start].count(b"\n")
                    byte = self.bytes_read + exc.start
                    raise JsonReadError(f"not UTF-8 text (byte {byte})", line) from None
                self.bytes_read += len(raw)
            else:
                chunk = raw
            self.eof = not raw
            if chunk:
                self.buf += chunk
                return True
        return False

    def drop(self) -> None:
        """Forget the text read before ``pos`` (and before an object being read) when it is
        more than a block: each character is kept once, not copied per game."""
        cut = self.pos if self.keep is None else min(self.pos, self.keep)
        if cut > _BLOCK and cut * 2 > len(self.buf):
            self.where(cut)
            self.buf = self.buf[cut:]
            self.pos -= cut
            self.counted -= cut
            if self.keep is not None:
                self.keep -= cut

    def where(self, pos: int) -> tuple[int, int]:
        """(line, column) of offset ``pos`` of the buffer; line breaks counted once going on."""
        if pos >= self.counted:
            self.line += self.buf.count("\n", self.counted, pos)
            self.counted = pos
            line = self.line
        else:
            line = self.line - self.buf.count("\n", pos, self.counted)
        return line, pos - self.buf.rfind("\n", 0, pos)

    def at(self, pos: int | None = None) -> str:
        """``line L column C: `` of ``pos`` (default: the current position)."""
        line, col = self.where(self.pos if pos is None else pos)
        return f"line {line} column {col}: "

    def skip_space(self) -> bool:
        """Skip white space; ``False`` at the end of the input."""
        while True:
            self.pos = _SPACE.match(self.buf, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.buf):
                return True
            self.drop()
            if not self.more():
                return False

    def peek(self) -> str:
        return self.buf[self.pos]

    def expect(self, chars: str) -> str:
        if not self.skip_space() or self.buf[self.pos] not in chars:
            found = "the end of the input" if self.pos >= len(self.buf) else repr(self.buf[self.pos])
            raise JsonReadError(self.at() + f"not JSON (expected {' or '.join(chars)}, found {found})")
        self.pos += 1
        return self.buf[self.pos - 1]

    def too_long(self, start: int, what: str = "a game") -> None:
        if self.pos - start > MAX_GAME_CHARS:
            raise JsonReadError(self.at(start) + f"{what} longer than {MAX_GAME_CHARS:,} characters "
                                "(the reader's limit)")

    # --- values --------------------------------------------------------------------------------
    def value(self) -> int:
        """Move ``pos`` past the value there (bounded); returns where it starts."""
        self.skip_space()
        start = self.pos
        first = self.buf[start] if start < len(self.buf) else ""
        if first == '"':
            self.string()
        elif first in ("[", "{"):
            self.container(start)
        else:
            while (end := _SCALAR.match(self.buf, self.pos).end()) == len(self.buf):  # type: ignore[union-attr]
                self.pos = end
                self.too_long(start, "a value")
                if not self.more():
                    break
            self.pos = end
        return start

    def container(self, start: int) -> None:
        """Move ``pos`` past the object or array at ``start``, counting its brackets (a string
        without escapes is one match of :data:`_SCAN`, the others go through :meth:`string`)."""
        depth = containers = 0
        buf, pos = self.buf, start
        while True:
            found = _SCAN.search(buf, pos)
            if found is None or (found.group() == '"' and found.end() == len(buf)):
                self.pos = len(buf) if found is None else found.start()
                self.too_long(start)
                if not self.more():
                    raise JsonReadError(self.at(start) + "not JSON (the input stops inside this value)")
                buf, pos = self.buf, self.pos
                continue
            char = found.group()
            pos = found.end()
            if char[0] == '"':
                if len(char) == 1:      # a string with escapes, or cut by the end of the buffer
                    self.pos = found.start()
                    self.string()
                    buf, pos = self.buf, self.pos
            elif char in "[{":
                depth += 1
                containers += 1
                if depth > MAX_JSON_DEPTH:
                    raise JsonReadError(self.at(found.start()) + f"JSON nested more than {MAX_JSON_DEPTH} "
                                        "deep (the reader's limit for a game)")
                if containers > MAX_CONTAINERS:
                    raise JsonReadError(self.at(start) + f"a game of more than {MAX_CONTAINERS:,} "
                                        "objects and arrays (the reader's limit)")
            else:
                depth -= 1
                if depth == 0:
                    self.pos = pos
                    self.too_long(start)
                    return

    def string(self) -> None:
        """Move ``pos`` past the string there (found with ``str.find``, not a regular
        expression: those keep memory per escape they cross)."""
        look = self.pos + 1
        while True:
            quote = self.buf.find('"', look)
            if quote < 0:
                if len(self.buf) - self.pos > MAX_GAME_CHARS:
                    raise JsonReadError(self.at() + f"a string longer than {MAX_GAME_CHARS:,} characters")
                look = len(self.buf)
                if not self.more():
                    raise JsonReadError(self.at() + "not JSON (a string is never closed)")
                continue
            backslash = quote
            while self.buf[backslash - 1] == "\\":
                backslash -= 1
            if (quote - backslash) % 2 == 0:
                self.pos = quote + 1
                return
            look = quote + 1

    def game(self) -> Game:
        start = self.value()
        line, col = self.where(start)
        game = _game_of_text(self.buf[start:self.pos], line, col)
        self.drop()
        return game

    # --- the forms of a file ---------------------------------------------------------------
    def array_games(self) -> Iterator[Game]:
        """``[game, ...]`` at ``pos``."""
        self.expect("[")
        if self.skip_space() and self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.game()
            if self.expect(",]") == "]":
                return

    def object_games(self) -> Iterator[Game]:
        """An object at ``pos``: ``{"games": [...]}`` (its games streamed) or one game."""
        self.keep = self.pos
        self.expect("{")
        fields: dict[str, Any] = {}
        games = False
        if self.skip_space() and self.peek() == "}":
            self.pos += 1
        else:
            while True:
                if not self.skip_space() or self.peek() != '"':
                    raise JsonReadError(self.at() + "not JSON (expected a key)")
                key_start = self.pos
                self.string()
                try:
                    key = json.loads(self.buf[key_start:self.pos])
                except ValueError as exc:   # found by fuzz/ (json): a control character in a key
                    raise JsonReadError(self.at(key_start) + f"not JSON ({exc})") from None
                self.expect(":")
                self.skip_space()
                if key == "games" and games:
                    raise JsonReadError(self.at() + 'not a valid file: a second "games" list')
                if key == "games" and self.peek() == "[" and self.keep is not None:
                    games, self.keep = True, None
                    yield from self.array_games()
                else:
                    value_start = self.value()
                    fields[key] = self.buf[value_start:self.pos]
                if self.keep is not None:
                    self.too_long(self.keep)
                if self.expect(",}") == "}":
                    break
        if games:
            try:
                BelFile.model_validate({**{k: json.loads(v) for k, v in fields.items()}, "games": []})
            except (ValidationError, ValueError) as exc:
                detail = (".".join(str(p) for p in exc.errors()[0]["loc"]) + ": " + exc.errors()[0]["msg"]
                          if isinstance(exc, ValidationError) else str(exc))
                raise JsonReadError("not a valid file: " + detail) from None
            return
        start, self.keep = self.keep, None
        assert start is not None
        line, col = self.where(start)
        game = _game_of_text(self.buf[start:self.pos], line, col)
        self.drop()
        yield game


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the JSON twin of a file (``{"games": [...]}``), from the models."""
    schema = BelFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "belote-notation .bel file (JSON twin)"
    return schema
