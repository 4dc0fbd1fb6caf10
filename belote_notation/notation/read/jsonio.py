"""The JSON twin read back: the records from JSON, without loss, a bad game costing that game.

The twin (docs/notation.md, "JSON twin") is written by
:mod:`belote_notation.notation.write.jsonio`; cards are integers 0..31, seats 0..3, exactly as
in the records, and positions (``line``/``col``) are kept.

>>> game_from_json('{"result": "NS"}').result
'NS'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, Union

from pydantic import ValidationError

from belote_notation.game.lang import Number, msg
from belote_notation.notation.limits import MAX_DEPTH, MAX_DIGITS
from belote_notation.notation.read.json_cursor import MAX_CONTAINERS, MAX_JSON_DEPTH, JsonReadError, Source
from belote_notation.notation.read.json_scan import scan_json
from belote_notation.notation.records import Announcement, Bid, Game, Play, Variation

__all__ = ["MAX_CONTAINERS", "MAX_JSON_DEPTH", "JsonReadError", "game_from_json", "iter_json_games",
           "read_json_games"]


def game_from_json(data: dict[str, Any] | str) -> Game:
    """A game from its JSON dict (or text), validated against the models, within the limits
    of the reader."""
    if isinstance(data, str):
        return _game_of_text(data, 1, 1)
    return _build_game(data)


def _game_of_text(raw: str, line: int, col: int, number: int = 0) -> Game:
    """A game from the JSON text of one game object, which starts at (``line``, ``col``) and
    is game ``number`` of its input; a :class:`JsonReadError` says where it is refused."""
    try:
        # the hook only when a run of digits is long enough to matter (it costs a call per number)
        data = json.loads(raw, parse_int=_bounded_int) if _LONG_DIGITS.search(raw) else json.loads(raw)
    except json.JSONDecodeError as exc:  # json's own words on what it refuses are kept
        at = (line + exc.lineno - 1, exc.colno + (col - 1 if exc.lineno == 1 else 0))
        raise JsonReadError(msg("not JSON (%(error)s)", error=exc.msg), *at, game=number) from None
    except JsonReadError as exc:         # a number too long (:func:`_bounded_int`)
        raise JsonReadError(exc.reason, line, col, game=number) from None
    except (ValueError, RecursionError) as exc:  # Python's words (its recursion limit: a text not read
        # by the cursor, which bounds the nesting)
        raise JsonReadError(msg("%(error)s", error=str(exc)), line, col, game=number) from None
    try:
        return _build_game(data, _VARIATIONS.search(raw) is not None,
                           _SURROGATE.search(raw) is not None or not _encodes(raw))
    except JsonReadError as exc:
        raise JsonReadError(exc.reason, line, col, game=number) from None


_LONG_DIGITS = re.compile(r"[0-9]{%d}" % (MAX_DIGITS + 1))
_VARIATIONS = re.compile(r'"variations"\s*:\s*\[\s*[^\]\s]')
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise JsonReadError(msg("a number of %(digits)s digits: the reader reads numbers of at most %(most)s "
                                "digits", digits=Number(len(digits)), most=MAX_DIGITS))
    return int(text)


def _path(path: tuple[object, ...]) -> str:
    """A JSON path for a message (the middle of a deep one left out)."""
    parts = [str(p) for p in path]
    return ".".join(parts if len(parts) <= 16 else [*parts[:8], "…", *parts[-8:]])


def _invalid(exc: ValidationError, path: tuple[object, ...] = ()) -> JsonReadError:
    """The error of a game pydantic refuses: its own words on the first field it refuses kept."""
    first = exc.errors()[0]
    return JsonReadError(msg("not a valid game: %(path)s: %(error)s", path=_path((*path, *first["loc"])),
                             error=first["msg"]))


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
                    raise JsonReadError(msg("%(path)s: %(text)s is not Unicode text (a lone surrogate)",
                                            path=_path(_flat(path)), text=repr(value[:40]))) from None
            continue
        if isinstance(value, list):
            stack.extend((v, (path, i), None, depth) for i, v in enumerate(value))
            continue
        if not isinstance(value, dict):
            continue
        variations = value.get("variations")
        if isinstance(variations, list) and variations:
            if depth >= MAX_DEPTH:
                raise JsonReadError(msg("%(path)s: alternative lines nested more than %(most)s deep (the "
                                        "JSON twin holds %(most)s)", path=_path(_flat(path)), most=MAX_DEPTH))
            value["variations"] = []
            place: tuple[object, ...] | int = _flat(path) if holder is None else holder[0]
            detached.append((place, *(holder[1:] if holder else (0, 0)), variations, path))
            index = len(detached) - 1
            for v, var in enumerate(variations):
                var_path = ((path, "variations"), v)
                if not isinstance(var, dict):
                    raise JsonReadError(msg("%(path)s: not an object", path=_path(_flat(var_path))))
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
        raise JsonReadError(msg("a game must be a JSON object"))
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
            raise JsonReadError(msg("%(path)s: only a call, a play or an announcement has variations",
                                    path=_path(_flat(path))))
        variations = []
        for n, var in enumerate(raw):
            try:
                variations.append(Variation.model_validate(var))
            except ValidationError as exc:
                raise _invalid(exc, (*_flat(path), "variations", n)) from None
        item.__dict__["variations"] = variations
        made.append(variations)
    return game


def iter_json_games(source: Source) -> Iterator[Game | JsonReadError]:
    """Games from JSON, as :func:`read_json_games` reads them, where a bad game costs that
    game only: its :class:`JsonReadError` (``line``, ``col``, ``game``: its number) is yielded
    in its place and reading goes on with the next game. Damage outside every game (a
    truncated input, a top level that is not a game, a list or ``{"games": [...]}``) ends the
    input with one error whose ``fatal`` is true. Never raises :class:`JsonReadError`.

    >>> for item in iter_json_games('[{"result": "NS"}, {"deals": [{"number": "x"}]}, {}]'):
    ...     bad = isinstance(item, JsonReadError)
    ...     print((item.game, item.line, item.col, item.reason.arg("path")) if bad else item.result)
    NS
    (2, 1, 20, 'deals.0.number')
    None
    """
    for piece in scan_json(source):
        if isinstance(piece, JsonReadError):
            yield piece
            continue
        try:
            yield _game_of_text(piece.text, piece.line, piece.col, piece.game)
        except JsonReadError as exc:
            yield exc


def read_json_games(source: Source) -> Iterator[Game]:
    """Games from JSON: ``{"games": [...]}``, one game object, a list, or JSON Lines; from a
    string or an open file (text or binary, UTF-8), read as a stream: one game at a time is
    held, each within the limits of the reader (``stream.MAX_GAME_CHARS`` characters,
    :data:`MAX_JSON_DEPTH` levels, numbers of :data:`MAX_DIGITS` digits...).

    Raises :class:`JsonReadError` with a plain message, and the line and column, at the first
    bad game (games before it have been yielded): for callers that take a file whole or not
    at all (``fmt``). :func:`iter_json_games` goes on past a bad game.

    >>> [game.result for game in read_json_games('{"games": [{"result": "NS"}, {"result": "*"}]}')]
    ['NS', '*']
    """
    for item in iter_json_games(source):
        if isinstance(item, JsonReadError):
            raise item
        yield item
