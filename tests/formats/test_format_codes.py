"""Every code of the formats (BEL801-BEL810) raised at its place; the registry and
docs/findings.md agree with belote_notation.formats.base."""

from __future__ import annotations

import re

import pytest

from belote_notation.check.codes import CODES
from belote_notation.formats.base import ISSUE_CODES
from tests.formats.helpers import ROOT, bel_games, read, write

DOC = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")


def test_the_formats_codes_are_registered_with_their_severity() -> None:
    for code, severity in ISSUE_CODES.items():
        assert CODES[code].severity == severity, code
        assert CODES[code].raised_by == "formats", code
    assert {c for c, info in CODES.items() if info.raised_by == "formats"} == set(ISSUE_CODES)
    assert all("BEL800" <= code <= "BEL849" for code in ISSUE_CODES)


def padded(line: int, bad: str, before: tuple[str, ...] = ()) -> str:
    """A log whose line ``line`` is ``bad`` (after ``before``, comments filling the gap)."""
    lines = ['{"type": "match_start", "version": 1}', *before]
    while len(lines) < line - 1:
        lines.append('{"type": "comment", "text": "pad"}')
    return "\n".join([*lines, bad]) + "\n"


IN_A_TRICK = ('{"type": "deal", "number": 1}', '{"type": "trick", "number": 1}')


def documented(code: str) -> str:
    """The finding line the docs show for ``code``, without its file name."""
    section = DOC.split(f"### {code}\n", 1)[1].split("\n### ", 1)[0].split("\n## ", 1)[0]
    line = re.findall(r"^`[^`:]+: (.*)`$", section, flags=re.MULTILINE)[-1]
    return line


@pytest.mark.parametrize(("code", "log"), [
    ("BEL801", padded(7, '{"type": "card", "seat": "N", "card": "AS"', IN_A_TRICK)),
    ("BEL802", padded(3, '{"type": "shuffle", "seed": 12}')),
    ("BEL803", padded(9, '{"type": "card", "seat": "N", "card": "ZZ"}', IN_A_TRICK)),
    ("BEL804", padded(9, '{"type": "card", "seat": "N"}', IN_A_TRICK)),
    ("BEL805", padded(9, '{"type": "card", "seat": "N", "card": "AS", "ms": 1200}', IN_A_TRICK)),
    ("BEL806", padded(4, '{"type": "trick_end", "winner": "N"}', ('{"type": "deal", "number": 1}',))),
])
def test_each_event_log_code_is_raised_where_the_docs_say(code: str, log: str) -> None:
    games, issues = read("events", log)
    assert len(games) == 1  # the rest is read
    assert [str(i) for i in issues] == [documented(code)]


def test_bel807_a_newer_version() -> None:
    _, issues = read("events", '{"type": "match_start", "version": 2}\n')
    assert [str(i) for i in issues] == [documented("BEL807")]


def test_bel810_what_an_output_format_cannot_say() -> None:
    games = bel_games(ROOT / "samples" / "classic" / "partie-1.bel")
    _, lost = write("cfn", games[:1])
    assert str(lost[0]) == documented("BEL810")
    assert (lost[0].code, lost[0].line) == ("BEL810", 14)


@pytest.mark.parametrize(("name", "data", "code", "line", "field"), [
    ("jsonl", b'{"headers": []}\n{nope\n', "BEL801", 2, ""),
    ("json", b"\xff{", "BEL801", 1, ""),
    ("csv", b"deal,taker,score_ns,score_ew\n1,Q,10,20\n", "BEL803", 2, "taker"),
    ("csv", b"deal,taker,score_ns,score_ew\n1,N,10,\n", "BEL804", 2, "score_ew"),
    ("csv", b"deal,remark\n1,x\n", "BEL805", 1, ""),
    ("csv", b"nothing,here\n", "BEL801", 1, ""),
    # issue 31: a CFN line that gives no game is that game lost: BEL801 (an error), was BEL803
    ("cfn", b"N:-/-/-/- - 80sNS\n", "BEL801", 1, "hands"),
    ("cfn", b"hello\n", "BEL801", 1, ""),
    ("cfn", b"Q:-/-/-/- - 80sNS\n", "BEL801", 1, "dealer"),
    ("coinched", b'{"event": {"type": "Shuffled"}, "id": 0}\n', "BEL802", 1, "type"),
    ("coinched", b'{"event": {"type": "FromPlayer", "pos": 7, "event": {"type": "Passed"}}, "id": 0}\n',
     "BEL803", 1, "pos"),
    ("coinched",
     b'{"event": {"type": "FromPlayer", "pos": 1, "event": {"type": "CardPlayed", "card": 3}}, "id": 0}\n',
     "BEL803", 1, "card"),
    ("coinched", b'{"event": {"type": "GameOver", "points": [90, 72], "winner": "T02", "scores": [80, 0]}}\n',
     "BEL805", 1, ""),
    ("coinche-ws", b'{"Hello": {}}\n', "BEL802", 1, "Hello"),
    ("coinche-ws", b'{"Trick": {"winner_id": "x"}}\n', "BEL803", 1, "winner_id"),
    ("coinche-ws", b'{"Error": {"message": "not your turn"}}\n', "BEL805", 1, ""),
    ("coinche-ws", b'{"PlayerBid": {"player_id": 1, "bid": {"trump": "Joker", "score": "80"}}}\n',
     "BEL805", 1, ""),
])
def test_each_importer_raises_its_codes_at_their_place(name: str, data: bytes, code: str, line: int,
                                                       field: str) -> None:
    _, issues = read(name, data)
    assert (code, line, field) in [(i.code, i.line, i.field) for i in issues], [str(i) for i in issues]
