"""The JSON outputs: one document streamed piece by piece, or JSON Lines.

``json``: one document, its memory flat however large the input::

    {"files": [{"path": ..., "games": [{...}, ...], "error": null}, ...],
     "problems": [{"path": ..., "message": ...}],
     "summary": {"files": ..., "inputs": ..., "games": ..., "deals": ..., "errors": ..., ...}}

``jsonl``: one object per line, each written as soon as it is known (a game as soon as it is
checked), told apart by ``"type"``:

* ``{"type": "game", "path": ..., <the game's object, as in the document>}`` per game;
* ``{"type": "problem", "path": ..., "message": ...}`` per input that could not be read, or
  whose reading stopped early;
* ``{"type": "summary", <the document's summary>}`` last.

>>> import io, json
>>> out = io.StringIO()
>>> writer = JsonLinesWriter(out, io.StringIO())
>>> writer.file_start(InputInfo("g.bel"))
>>> writer.game(RenderedGame(0, 0, 0, 1, out='{"game":1,"findings":[]}'))
>>> writer.end(Summary(files=1, files_read=1, games=1, deals=1), [])
>>> [json.loads(line)["type"] for line in out.getvalue().splitlines()]
['game', 'summary']
>>> json.loads(out.getvalue().splitlines()[0])
{'type': 'game', 'path': 'g.bel', 'game': 1, 'findings': []}
"""

from __future__ import annotations

import json

from belote_notation.pipeline.output.base import InputInfo, RenderedGame, Stream, Summary, Writer

__all__ = ["JsonLinesWriter", "JsonWriter"]


def _text(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _line(value: object) -> str:
    """A JSON Lines line, compact as the games' objects are."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


class JsonWriter(Writer):
    """One JSON document, streamed: files and games are written as they come."""

    def __init__(self, out: Stream, err: Stream) -> None:
        super().__init__(out, err)
        self._files = 0
        self._games = 0

    def begin(self) -> None:
        self.out.write('{"files":[')

    def file_start(self, info: InputInfo) -> None:
        self.out.write(("," if self._files else "") + '{"path":' + _text(info.name) + ',"games":[')
        self._files += 1
        self._games = 0

    def game(self, game: RenderedGame) -> None:
        self.out.write(("," if self._games else "") + game.out)
        self._games += 1

    def file_end(self, path: str, error: str | None) -> None:
        self.out.write('],"error":' + _text(error) + "}")
        super().file_end(path, error)

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        self.out.write('],"problems":' + _text([{"path": p, "message": m} for p, m in problems]))
        self.out.write(',"summary":' + json.dumps(summary.to_dict()) + "}\n")
        self.out.flush()


class JsonLinesWriter(Writer):
    """JSON Lines: a game's object per line as it is checked, problems as they happen, the
    summary last (see the module's documentation for the shape)."""

    def __init__(self, out: Stream, err: Stream) -> None:
        super().__init__(out, err)
        self._prefix = '{"type":"game","path":"",'

    def file_start(self, info: InputInfo) -> None:
        self._prefix = '{"type":"game","path":' + json.dumps(info.name, ensure_ascii=False) + ","

    def game(self, game: RenderedGame) -> None:
        self.out.write(self._prefix + game.out[1:] + "\n")

    def file_end(self, path: str, error: str | None) -> None:
        if error:
            self.problem(path, error)

    def problem(self, path: str, message: str) -> None:
        self.out.write(_line({"type": "problem", "path": path, "message": message}))
        self.err.write(f"belote-replay: {path}: {message}\n")

    def end(self, summary: Summary, problems: list[tuple[str, str]]) -> None:
        self.out.write(_line({"type": "summary", **summary.to_dict()}))
        self.out.flush()
