"""``get_format(name).read`` reads a text stream as it reads the same text's bytes."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest

from belote_notation.formats import get_format
from belote_notation.formats.base import FormatIssue, ReadItem, binary_stream
from belote_notation.game.rules import Ruleset
from belote_notation.generator import generate_games
from tests.formats.helpers import FIXTURES

SAMPLES = {"csv": "club-score-sheet.csv", "cfn": "colver-deals.cfn",
           "coinched": "coinched-party.coinched.jsonl", "coinche-ws": "coinche-server.coinche-ws.jsonl"}
WRITTEN = ("bel", "json", "jsonl", "events")


def _input_text(name: str) -> str:
    if name in SAMPLES:
        return (FIXTURES / SAMPLES[name]).read_text(encoding="utf-8")
    fmt = get_format(name)
    assert fmt is not None
    out = io.StringIO()
    games = itertools.islice(generate_games(Ruleset.preset("classic"), matches=None, deals=3, seed=7), 3)
    assert list(fmt.write(games, out)) == []
    return out.getvalue()


def _read(name: str, source: io.IOBase | io.TextIOWrapper) -> list[ReadItem]:
    fmt = get_format(name)
    assert fmt is not None
    return list(fmt.read(source, name))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [*WRITTEN, *SAMPLES])
def test_a_text_stream_reads_like_its_bytes(name: str, tmp_path: Path) -> None:
    text = _input_text(name)
    from_bytes = _read(name, io.BytesIO(text.encode("utf-8")))
    assert any(not isinstance(item, FormatIssue) for item in from_bytes), "no game read"
    assert _read(name, io.StringIO(text)) == from_bytes
    path = tmp_path / "input.txt"
    path.write_text(text, encoding="utf-8")
    with open(path, encoding="utf-8") as handle:  # a file opened in text mode
        assert _read(name, handle) == from_bytes
    with open(path, "rb") as raw:
        assert _read(name, raw) == from_bytes


def test_a_text_stream_is_read_a_chunk_at_a_time() -> None:
    long = "x" * 200_000 + "\n♠\n"
    stream = binary_stream(io.StringIO(long))
    assert stream.readline() == b"x" * 200_000 + b"\n"
    assert stream.read() == "♠\n".encode()


def test_a_lone_surrogate_in_a_text_stream_is_an_issue_not_a_traceback() -> None:
    items = _read("cfn", io.StringIO("N:\ud800/x\n"))
    assert [item.code for item in items if isinstance(item, FormatIssue)] == ["BEL801"]
