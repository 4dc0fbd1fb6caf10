"""Shared by the tests of the formats: read and write through a format, on bytes and text."""

from __future__ import annotations

import io
from pathlib import Path

from belote_notation.formats import Format, FormatIssue, get_format
from belote_notation.notation.read.reader import parse_text
from belote_notation.notation.records import Game

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.bel"))
FIXTURES = ROOT / "samples" / "formats"


def fmt(name: str) -> Format:
    found = get_format(name)
    assert found is not None, name
    return found


def read(name: str, data: bytes | str) -> tuple[list[Game], list[FormatIssue]]:
    """Games and issues of ``data`` read as format ``name``."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    items = list(fmt(name).read(io.BytesIO(raw), "<test>"))
    return ([x for x in items if isinstance(x, Game)], [x for x in items if isinstance(x, FormatIssue)])


def write(name: str, games: list[Game]) -> tuple[str, list[FormatIssue]]:
    out = io.StringIO()
    lost = list(fmt(name).write(games, out))
    return out.getvalue(), lost


def bel_games(path: Path) -> list[Game]:
    parsed = parse_text(path.read_text(encoding="utf-8"), str(path))
    return [p.game for p in parsed]


def codes(issues: list[FormatIssue]) -> list[str]:
    return [i.code for i in issues]
