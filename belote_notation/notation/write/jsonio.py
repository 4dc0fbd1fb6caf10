"""The JSON twin written: the same records as JSON, and their JSON Schema.

Cards are integers 0..31 (``suit * 8 + rank``), seats 0..3 (N E S W), exactly as in the
records, so the JSON is deck-neutral and the schema is generated from the pydantic models
(docs/notation.md, "JSON twin"). Positions (``line``/``col``) are kept. It is read back by
:mod:`belote_notation.notation.read.jsonio`.

>>> from belote_notation.notation.records import Game
>>> game_to_json(Game(result="NS"))["result"]
'NS'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from belote_notation.game.lang import Message, msg
from belote_notation.notation.limits import MAX_DEPTH
from belote_notation.notation.records import Announcement, BelFile, Bid, Game, Play
from belote_notation.notation.write.writer import NotationWriteError

__all__ = ["JsonWriteError", "check_depth", "game_to_json", "games_to_json_text", "json_schema",
           "write_json_games", "write_jsonl_games"]


class JsonWriteError(NotationWriteError):
    """A record the JSON twin cannot hold (alternative lines nested past :data:`MAX_DEPTH`);
    ``line`` and ``col`` are those of the item past the limit (0 when not read from text)."""

    def __init__(self, reason: Message, line: int = 0, col: int = 0) -> None:
        super().__init__(reason)
        self.line, self.col = line, col


def game_to_json(game: Game) -> dict[str, Any]:
    """One game as a JSON-ready dict (:class:`JsonWriteError` past :data:`MAX_DEPTH`)."""
    check_depth(game)
    # the comments before the tag pairs only when there are some: the twin of a game without
    # them is what it was before the field existed
    return game.model_dump(mode="json", exclude=None if game.preamble else {"preamble"})


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
            raise JsonWriteError(msg("alternative lines nested more than %(most)s deep (line %(line)s): the "
                                     "JSON twin holds %(most)s", most=MAX_DEPTH, line=item.line),
                                 item.line, item.col)
        stack.extend((entry, depth + 1) for var in item.variations for entry in var.items
                     if entry.variations)


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


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the JSON twin of a file (``{"games": [...]}``), from the models."""
    schema = BelFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "belote-notation .bel file (JSON twin)"
    return schema
