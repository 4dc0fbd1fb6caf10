"""The structure of a JSON twin read as a stream: where each game starts and ends.

:func:`scan_json` cuts the text of each game out of ``{"games": [...]}``, a list of games, one
game or JSON Lines, without parsing it (strings skipped, brackets counted, bounds enforced),
so that memory holds one game and a bad game costs that game only: its text is still cut out
(or, past the reader's limits, skipped without being held) and the scan goes on with the next.
Only damage outside every game (a truncated input, a top level that is not a game, a list or
``{"games": [...]}``) ends the scan. Each game's text is parsed by :mod:`.jsonio` (this package's).

Where a game ends is found by matching its brackets outside strings: a bracket left open or
one that closes nothing costs that game only; a closing bracket of the wrong kind closes the
brackets opened after its match, so it may end the game early, and the rest of it then reads
as damage between the games (the scan stops there, with the place).

>>> for item in scan_json('[{"deals": []}, {"deals": [tru]}, 42 7]'):
...     print(item)
{"deals": []}
{"deals": [tru]}
42
line 1 column 38: not JSON (expected , or ], found '7')
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterator
from dataclasses import dataclass

from pydantic import ValidationError

from belote_notation.game.lang import msg
from belote_notation.notation.read.json_cursor import JsonCursor, JsonReadError, Source
from belote_notation.notation.records import BelFile

__all__ = ["JsonPiece", "scan_json"]


@dataclass(frozen=True)
class JsonPiece:
    """The JSON text of one game, where it starts (line, column) and its number in the input."""

    text: str
    line: int
    col: int
    game: int

    def __str__(self) -> str:
        return self.text


def scan_json(source: Source) -> Iterator[JsonPiece | JsonReadError]:
    """The text of each game of ``source`` (a string or an open file, text or binary UTF-8),
    in order, or the :class:`JsonReadError` that costs that game; a ``fatal`` error is the
    last item. Never raises :class:`JsonReadError`."""
    scanner = _Scanner(source)
    try:
        if not scanner.skip_space():
            raise JsonReadError(msg("empty JSON input"), 1, 1, fatal=True)
        first = True
        while True:
            char = scanner.peek()
            if char == "[" and first:
                yield from scanner.array_games()
            elif char == "{":
                yield from scanner.object_games()
            else:
                raise scanner.fatal(scanner.pos, msg('expected a game object, a list of games or '
                                                     '{"games": [...]}'))
            first = False
            if not scanner.skip_space():
                return
    except JsonReadError as exc:
        yield exc


class _Scanner(JsonCursor):
    """The scan of the games of one input: each game's text cut out and handed on."""

    # --- the games ---------------------------------------------------------------------------
    def piece(self, start: int) -> JsonPiece | JsonReadError:
        """The game whose text is ``buf[start:pos]``, or its error (a byte that is not UTF-8)."""
        bad = self.bad_byte(start, self.pos)
        if bad is not None:
            found: JsonPiece | JsonReadError = self.error(bad, self.not_utf8(bad))
        else:
            found = JsonPiece(self.buf[start:self.pos], *self.where(start), self.games)
        self.drop()
        return found

    def game(self) -> Iterator[JsonPiece | JsonReadError]:
        """The game (or its error) at ``pos``; a game past the limits is skipped after it."""
        self.games += 1
        if not self.skip_space():
            raise self._lost(self.fatal(self.pos, msg("not JSON (the input stops where a game should be)")))
        start = self.pos
        try:
            self.value()
        except JsonReadError as exc:
            if exc.fatal:  # the input stops (or breaks) inside this game: it is this game's
                raise self._lost(exc) from None
            yield self.past(start, exc)
            return
        yield self.piece(start)

    def _lost(self, exc: JsonReadError) -> JsonReadError:
        """``exc``, fatal, as the error of the game being read (a truncated input loses it)."""
        return JsonReadError(exc.reason, exc.line, exc.col, game=self.games, fatal=True)

    def past(self, start: int, exc: JsonReadError) -> JsonReadError:
        """``exc``, the error of the game at ``start``, once ``pos`` is past that game; made
        fatal when the input stops inside it (one error, at its first place)."""
        self.keep = None
        try:
            self.skip(start)
        except JsonReadError:
            raise JsonReadError(exc.reason, exc.line, exc.col, game=exc.game, fatal=True) from None
        self.drop()
        return exc

    # --- the forms of a file ---------------------------------------------------------------
    def array_games(self) -> Iterator[JsonPiece | JsonReadError]:
        """``[game, ...]`` at ``pos``."""
        self.expect("[")
        if self.skip_space() and self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield from self.game()
            if self.expect(",]") == "]":
                return

    def object_games(self) -> Iterator[JsonPiece | JsonReadError]:
        """An object at ``pos``: ``{"games": [...]}`` (its games streamed) or one game (its
        error, when it is not JSON, costs that game: the object is skipped)."""
        self.keep = start = self.pos
        top = self.where(start)
        self.games += 1
        try:
            fields = yield from self.fields()
        except JsonReadError as exc:
            if exc.fatal or self.keep is None:      # the damage is in the file (or ends a game of it)
                raise JsonReadError(exc.reason, exc.line, exc.col, game=exc.game if exc.fatal else 0,
                                    fatal=True) from None
            yield self.past(start, exc)
            return
        if fields is None:                          # one game
            self.keep = None
            yield self.piece(start)
            return
        try:
            BelFile.model_validate({**{k: json.loads(v) for k, v in fields.items()}, "games": []})
        except (ValidationError, ValueError) as exc:
            # pydantic's and json's own words on what they refuse are kept as they said them
            if isinstance(exc, ValidationError):
                first = exc.errors()[0]
                why = msg("not a valid file: %(path)s: %(error)s",
                          path=".".join(str(p) for p in first["loc"]), error=first["msg"])
            else:
                why = msg("not a valid file: %(error)s", error=str(exc))
            raise JsonReadError(why, *top, fatal=True) from None

    def fields(self) -> Generator[JsonPiece | JsonReadError, None, dict[str, str] | None]:
        """Read the object at ``pos`` field by field, its ``"games"`` list streamed; returns
        the other fields as JSON texts when it had that list, else ``None`` (a game)."""
        self.expect("{")
        fields: dict[str, str] = {}
        games = False
        if self.skip_space() and self.peek() == "}":
            self.pos += 1
            return None
        while True:
            if not self.skip_space():
                raise self.fatal(self.pos, msg("not JSON (the input stops inside this object)"))
            if self.peek() != '"':
                raise self.error(self.pos, msg("not JSON (expected a key)"))
            key_start = self.pos
            self.string()
            try:
                key = json.loads(self.buf[key_start:self.pos])
            except ValueError as exc:   # found by fuzz/ (json): a control character in a key
                raise self.error(key_start, msg("not JSON (%(error)s)", error=str(exc))) from None
            self.expect(":", fatal=False)
            self.skip_space()
            if key == "games" and games:
                raise self.error(self.pos, msg('not a valid file: a second "games" list'), fatal=True)
            if key == "games" and self.peek() == "[" and self.keep is not None:
                games, self.keep = True, None
                self.games -= 1
                yield from self.array_games()
            else:
                value_start = self.value()
                fields[key] = self.buf[value_start:self.pos]
            if self.keep is not None:
                self.too_long(self.keep)
            if self.expect(",}", fatal=False) == "}":
                return fields if games else None
