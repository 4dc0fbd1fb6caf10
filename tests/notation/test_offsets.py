"""Byte offsets of every game in its source: ``source[start:end]`` is exactly the game's bytes,
whatever the UTF-8, the BOM, the line endings and the size of the source."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from belote_notation.check.validator import validate_game_text, validate_source
from belote_notation.notation.read.stream import GameText, iter_game_texts

GAME = """[Event "Fès — tournoi d'été"]
[North "Sévérine"]
[Rules "moroccan"]
{ un commentaire : ♠ ♥ 🂡 }
deal 1 dealer N
tafr9a N 1E 4E 5E 6E 7E
; fin de la donne
end *
"""
NO_END = '[Event "coupée"]\ndeal 1 dealer E\n'


def _source(newline: str, bom: bool, games: int = 3) -> bytes:
    text = "\n\n".join([GAME] * games) + "\n" + NO_END + GAME
    data = text.replace("\n", newline).encode("utf-8")
    return (b"\xef\xbb\xbf" if bom else b"") + data


def _read(game: GameText) -> str:
    """What the reader makes of a game's bytes: CR before LF dropped, bad bytes U+FFFD."""
    return game.text


def _assert_exact(data: bytes, games: list[GameText]) -> None:
    assert games
    previous = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    for game in games:
        chunk = data[game.start:game.end]
        assert chunk.decode("utf-8", "replace").replace("\r\n", "\n") == _read(game)
        assert not data[previous:game.start].strip(), "only blank lines between games"
        previous = game.end
    assert not data[previous:].strip()


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize("bom", [False, True])
def test_offsets_of_a_small_source(newline: str, bom: bool) -> None:
    data = _source(newline, bom)
    games = list(iter_game_texts(io.BytesIO(data)))
    assert len(games) == 5
    _assert_exact(data, games)
    assert data[games[3].start:games[3].end].startswith(b'[Event "coup\xc3\xa9e"]')


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_offsets_of_a_source_of_many_blocks(newline: str, tmp_path: Path) -> None:
    """Far more than one read block, with games cut inside blocks and across them."""
    data = _source(newline, True, games=1500)
    path = tmp_path / "many.bel"
    path.write_bytes(data)
    games = list(iter_game_texts(path))
    assert len(games) == 1502
    _assert_exact(data, games)


def test_offsets_with_bad_bytes_and_a_long_line() -> None:
    long_comment = "{" + "é" * 700_000 + "}\n"
    text = GAME + "\n" + GAME.replace("deal 1", long_comment + "deal 1") + GAME
    data = text.encode("utf-8").replace("Sévérine".encode(), b"S\xe9v\xe9rine")
    games = list(iter_game_texts(io.BytesIO(data)))
    assert len(games) == 3 and games[0].issues
    _assert_exact(data, games)


def test_offsets_of_a_text_handle_count_its_utf8() -> None:
    text = "\n".join([GAME] * 4)
    data = text.encode("utf-8")
    games = list(iter_game_texts(io.StringIO(text, newline="")))
    _assert_exact(data, games)


def test_a_source_with_no_game_spans_all_of_it_but_its_bom() -> None:
    assert [(g.start, g.end) for g in iter_game_texts(io.BytesIO(b"\xef\xbb\xbf\n\n"))] == [(3, 5)]


def test_the_report_says_where_its_game_is() -> None:
    data = _source("\r\n", True)
    reports = list(validate_source(io.BytesIO(data), "x.bel"))
    games = list(iter_game_texts(io.BytesIO(data)))
    assert [(r.offset, r.length) for r in reports] == [(g.start, g.end - g.start) for g in games]
    assert validate_game_text(games[1], "x.bel").offset == games[1].start
    for report in reports:
        assert report.offset is not None and report.length is not None
        chunk = data[report.offset:report.offset + report.length]
        assert chunk.lstrip(b"\xef\xbb\xbf").startswith(b"[Event")
        assert json.loads(json.dumps(report.to_dict()))["length"] == report.length


def test_lines_of_a_source_of_many_blocks() -> None:
    """Each game's first line, and the line of a bad byte, in a source of many read blocks of
    clean lines (the splitter counts their lines, the line reader does not count them again)
    with blocks that are not clean in between (a comment)."""
    clean = GAME.replace("{ un commentaire : ♠ ♥ 🂡 }\n", "").replace("; fin de la donne\n", "")
    texts = [clean] * 1200 + [GAME] + [clean] * 1200 + [clean.replace("Sévérine", "S\udce9v")]
    data = "\n".join(texts).encode("utf-8", "surrogateescape")
    games = list(iter_game_texts(io.BytesIO(data)))
    assert len(games) == len(texts) and len(data) > 4 * 65536
    lines = data.split(b"\n")
    for game in games:
        assert lines[game.first_line - 1].decode("utf-8", "replace") == game.text.split("\n", 1)[0]
    assert [issue.line for issue in games[-1].issues] == [games[-1].first_line + 1]
