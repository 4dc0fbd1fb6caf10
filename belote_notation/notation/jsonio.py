"""The JSON twin: the same records as JSON, read back without loss, and their JSON Schema.

Cards are integers 0..31 (``suit * 8 + rank``), seats 0..3 (N E S W), exactly as in the
records, so the JSON is deck-neutral and the schema is generated from the pydantic models
(docs/notation.md, "JSON twin"). Positions (``line``/``col``) are kept.

>>> from belote_notation.notation.records import Game
>>> game_from_json(game_to_json(Game(result="NS"))) == Game(result="NS")
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from pydantic import ValidationError

from belote_notation.notation.records import BelFile, Game

__all__ = [
    "JsonReadError",
    "game_from_json",
    "game_to_json",
    "games_to_json_text",
    "json_schema",
    "read_json_games",
    "write_json_games",
    "write_jsonl_games",
]


class JsonReadError(ValueError):
    """JSON that is not a game, a list of games or ``{"games": [...]}``."""


def game_to_json(game: Game) -> dict[str, Any]:
    """One game as a JSON-ready dict."""
    return game.model_dump(mode="json")


def game_from_json(data: dict[str, Any] | str) -> Game:
    """A game from its JSON dict (or text), validated against the models."""
    try:
        if isinstance(data, str):
            return Game.model_validate_json(data)
        return Game.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise JsonReadError(f"not a valid game: {where}: {first['msg']}") from None


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


def read_json_games(text: str) -> Iterator[Game]:
    """Games from JSON text: ``{"games": [...]}``, one game object, a list, or JSON Lines.

    Raises :class:`JsonReadError` with a plain message on anything else.
    """
    stripped = text.strip()
    if not stripped:
        raise JsonReadError("empty JSON input")
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as whole_error:
        # JSON Lines: one object per line.
        for number, line in enumerate(stripped.splitlines(), 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise JsonReadError(f"line {number}: not JSON ({exc.msg}, column {exc.colno})"
                                    if number > 1 else
                                    f"not JSON: {whole_error.msg} at line {whole_error.lineno} "
                                    f"column {whole_error.colno}") from None
            yield game_from_json(item)
        return
    if isinstance(data, dict) and "games" in data and "headers" not in data:
        try:
            bel = BelFile.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            raise JsonReadError("not a valid file: " + ".".join(str(p) for p in first["loc"])
                                + ": " + first["msg"]) from None
        yield from bel.games
    elif isinstance(data, dict):
        yield game_from_json(data)
    elif isinstance(data, list):
        for item in data:
            yield game_from_json(item)
    else:
        raise JsonReadError("expected a game object, a list of games or {\"games\": [...]}")


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the JSON twin of a file (``{"games": [...]}``), from the models."""
    schema = BelFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "belote-notation .bel file (JSON twin)"
    return schema
