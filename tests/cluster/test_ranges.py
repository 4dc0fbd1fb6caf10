"""pipeline/ranges.py: inputs cut into byte ranges at game boundaries cover every game exactly
once, and the games read back from the ranges are the games of the whole input (numbers,
lines, offsets, findings), whatever the cut: BOM, CRLF, empty inputs, one game, broken games."""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from belote_notation.formats import get_format
from belote_notation.notation.read.stream import iter_game_texts
from belote_notation.pipeline.games import check_input, games_of
from belote_notation.pipeline.inputs import InputProblem, Source, open_input
from belote_notation.pipeline.output.base import render_game
from belote_notation.pipeline.ranges import (
    ByteRange,
    CutInput,
    cut_input,
    range_games,
    range_items,
    range_records,
    range_texts,
)
from belote_notation.pipeline.records import records_of
from tests.support.validator import generated_text

ROOT = Path(__file__).resolve().parents[2]
BROKEN = (
    "deal 1 dealer N\ntrick 1 N:ZZ\nend\n\n\n"       # a syntax error
    "[Event \"no end\"]\ndeal 1\n"                    # a game without `end`, cut at the next tag
    "[Event \"next\"]\ndeal 1 {a comment\nover lines}\nend\n"
    "deal 1 ; end in a comment\nend\n"
    "deal 1 \xe9t\xe9\nend\n"                         # non-ASCII text: offsets in bytes
)


def _games_text(count: int) -> str:
    return "\n".join(generated_text(preset, deals=3, seed=seed)
                     for seed in range(count) for preset in ("classic",))


def _inputs() -> dict[str, bytes]:
    many = _games_text(6).encode()
    return {
        "many": many,
        "crlf": many.replace(b"\n", b"\r\n"),
        "bom": b"\xef\xbb\xbf" + many,
        "blank-lead": b"\n\n  \n" + many + b"\n\n\n",
        "broken": BROKEN.encode() + b"deal 1 \xff bad byte\nend\n",
        "one": generated_text("moroccan", deals=2).encode(),
        "empty": b"",
        "blank": b"\n \n",
    }


def _cut(source: Source, target: int) -> tuple[CutInput, list[ByteRange]]:
    cut = cut_input(source, target)
    assert isinstance(cut, CutInput)
    ranges = list(cut.ranges)
    assert cut.error is None
    return cut, ranges


def _whole_texts(path: Path) -> list:
    return list(iter_game_texts(path, name=str(path)))


@pytest.mark.parametrize("name", list(_inputs()))
@pytest.mark.parametrize("target", [1, 700, 10**9])
def test_ranges_cover_every_game_once_with_its_place(tmp_path: Path, name: str, target: int) -> None:
    data = _inputs()[name]
    path = tmp_path / f"{name}.bel"
    path.write_bytes(data)
    cut, ranges = _cut(Source(str(path), len(data)), target)
    assert cut.info.format == "bel"
    # contiguous, from byte 0 to the end, each range starting where a game starts
    assert ranges[0].start == 0 and ranges[-1].end is None
    assert [r.end for r in ranges[:-1]] == [r.start for r in ranges[1:]]
    whole = _whole_texts(path)
    starts = {t.start for t in whole}
    assert all(r.start in starts for r in ranges[1:])
    assert sum(r.games for r in ranges) == len(whole)
    if target == 1:
        assert len(ranges) == len(whole)       # a game per range: every boundary is used
    if target == 10**9:
        assert len(ranges) == 1
    # the games read back from the ranges are the whole input's, field by field
    from_ranges = [t for r in ranges for t in range_texts(r)]
    assert [t._replace(issues=tuple(t.issues)) for t in from_ranges] == whole
    assert [(r.first_game, r.first_line) for r in ranges] == \
        [(1, 1)] + [(whole[sum(q.games for q in ranges[:k])].index + 1,
                     whole[sum(q.games for q in ranges[:k])].first_line) for k in range(1, len(ranges))]


@pytest.mark.parametrize("name", ["crlf", "broken", "bom", "empty", "one"])
def test_records_items_and_reports_of_ranges_are_the_whole_inputs(tmp_path: Path, name: str) -> None:
    data = _inputs()[name]
    path = tmp_path / f"{name}.bel"
    path.write_bytes(data)
    _, ranges = _cut(Source(str(path), len(data)), 300)
    with open_input(Source(str(path))) as opened:  # type: ignore[union-attr]
        records = list(records_of(opened))
    assert [g for r in ranges for g in range_records(r)] == records
    bel = get_format("bel")
    assert bel is not None
    with path.open("rb") as handle:
        items = list(bel.read(handle, str(path)))
    assert [i for r in ranges for i in range_items(r)] == items
    with open_input(Source(str(path))) as opened:  # type: ignore[union-attr]
        serial = [render_game(report, "json") for report in check_input(opened)]
    checked = [render_game(g.check(str(path)), "json") for r in ranges for g in range_games(r)]
    assert checked == serial
    assert any(f.code == "BEL001" for g in serial for f in g.findings) == (name == "broken")


def test_bytes_given_by_a_program_are_cut_each_range_with_its_bytes() -> None:
    data = _inputs()["many"]
    _, ranges = _cut(Source("<bytes>", len(data), data), 500)
    assert len(ranges) > 2
    assert b"".join(r.data or b"" for r in ranges) == data
    with open_input(Source("<bytes>", len(data), data)) as opened:  # type: ignore[union-attr]
        assert [g for r in ranges for g in range_records(r)] == list(records_of(opened))


def test_another_format_is_one_range_read_whole(tmp_path: Path) -> None:
    path = ROOT / "samples" / "formats" / "colver-deals.cfn"
    _, ranges = _cut(Source(str(path)), 1)
    assert len(ranges) == 1 and ranges[0].whole and ranges[0].format == "cfn"
    with open_input(Source(str(path))) as opened:  # type: ignore[union-attr]
        expected = [g.number for g in games_of(opened)]
    assert [g.number for g in range_games(ranges[0])] == expected
    assert len(list(range_records(ranges[0]))) == len(expected)


def test_a_stream_or_a_missing_file_is_refused_with_the_reason(tmp_path: Path) -> None:
    import io

    refused = cut_input(Source("<stream 1>", 0, io.BytesIO(b"deal 1\nend\n")))
    assert isinstance(refused, InputProblem) and "give a file" in refused.message
    missing = cut_input(Source(str(tmp_path / "nope.bel")))
    assert isinstance(missing, InputProblem)
    assert (missing.path, missing.message) == (str(tmp_path / "nope.bel"), "no such file or folder")


class _RangeHandler(BaseHTTPRequestHandler):
    """A file server answering ``Range: bytes=A-B`` (as object stores and nginx do)."""

    data = b""

    def do_GET(self) -> None:  # noqa: N802 - the handler's name in http.server
        wanted = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        if wanted is None:
            body, status = self.data, 200
        else:
            first = int(wanted[1])
            last = int(wanted[2]) if wanted[2] else len(self.data) - 1
            body, status = self.data[first:last + 1], 206
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_a_url_is_cut_and_its_ranges_read_with_range_requests() -> None:
    data = _inputs()["crlf"]
    _RangeHandler.data = data
    server = HTTPServer(("127.0.0.1", 0), _RangeHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/games.bel"
        _, ranges = _cut(Source(url), 700)
        _, local = _cut(Source("<bytes>", len(data), data), 700)
        assert len(ranges) > 2
        assert [(r.start, r.end, r.first_game, r.first_line) for r in ranges] == \
            [(r.start, r.end, r.first_game, r.first_line) for r in local]
        assert [g for r in ranges for g in range_records(r)] == [g for r in local for g in range_records(r)]
    finally:
        server.shutdown()
        server.server_close()


def test_a_relative_path_is_read_by_its_absolute_path_and_named_as_given(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    (tmp_path / "t.bel").write_bytes(_inputs()["broken"])
    monkeypatch.chdir(tmp_path)
    _, ranges = _cut(Source("t.bel"), 50)
    assert {r.path for r in ranges} == {str(tmp_path / "t.bel")} and {r.name for r in ranges} == {"t.bel"}
    monkeypatch.chdir(ROOT)                      # a worker elsewhere still finds it
    findings = [f for r in ranges for g in range_records(r) for f in g.findings]
    assert findings and all(f.file == "t.bel" for f in findings)
    assert sum(1 for r in ranges for _ in range_records(r)) == sum(r.games for r in ranges)
