"""The pipeline's inputs: one detector over the format registry, every kind of input opened,
problems as data."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

import belote_notation.pipeline as pipeline
from belote_notation.formats import get_format
from belote_notation.notation.read.reader import iter_games
from tests.formats.test_plugin import install
from tests.formats.test_plugin import run as run_with_plugin

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "classic" / "partie-1.bel"
FIXTURES = ROOT / "samples" / "formats"
WRITABLE = ("bel", "json", "jsonl", "events")
"""Built-in formats whose text is made here from a sample."""
READ_ONLY = {"coinched": "coinched-party.coinched.jsonl", "coinche-ws": "coinche-server.coinche-ws.jsonl",
             "cfn": "colver-deals.cfn", "csv": "club-score-sheet.csv"}
"""The others, read from their fixtures (the sample's deals do not fit CFN; the sheet is French)."""


def written(name: str) -> bytes:
    """The sample's games written in the format ``name``."""
    fmt = get_format(name)
    assert fmt is not None
    out = io.StringIO()
    games = [parsed.game for parsed in iter_games(SAMPLE)]
    list(fmt.write(games, out))
    return out.getvalue().encode("utf-8")


def content(name: str) -> bytes:
    return (FIXTURES / READ_ONLY[name]).read_bytes() if name in READ_ONLY else written(name)


@pytest.mark.parametrize("name", [*WRITABLE, *READ_ONLY])
def test_every_builtin_format_is_detected_by_its_name(name: str) -> None:
    fmt = get_format(name)
    assert fmt is not None
    for extension in fmt.extensions:
        assert pipeline.detect(f"some/file{extension}").name == name


@pytest.mark.parametrize("name", [*WRITABLE, *READ_ONLY])
def test_every_builtin_format_is_detected_by_its_content(name: str) -> None:
    head = content(name)[:4096]
    expected = "json" if name == "jsonl" and head.lstrip().startswith(b'{"headers"') else name
    assert pipeline.detect(None, head).name in {expected, name}
    assert pipeline.detect("-", head).name in {expected, name}
    assert pipeline.detect("no-extension", head).name in {expected, name}


def test_an_event_log_named_jsonl_is_an_event_log_and_the_twin_stays_the_twin() -> None:
    assert pipeline.detect("app.jsonl", written("events")).name == "events"
    assert pipeline.detect("app.events.jsonl", written("events")).name == "events"
    assert pipeline.detect("games.jsonl", written("jsonl")).name == "jsonl"


def test_an_unknown_name_and_content_is_read_as_bel() -> None:
    assert pipeline.detect("notes.txt", b"{a comment} deal 1").name == "bel"
    assert pipeline.detect(None, b"").name == "bel"


def test_validate_reads_a_plugin_format_by_its_name(tmp_path: Path) -> None:
    install(tmp_path, """\
        [belote_notation.formats]
        plays = plays_plugin:PlaysFormat
        """)
    (tmp_path / "game.plays").write_text("N 7S\nE 8S\nS ZZ\nW 9S\n", encoding="utf-8")
    done = run_with_plugin(tmp_path, "validate", "--no-progress", "--format", "json", "game.plays")
    document = json.loads(done.stdout)
    findings = [(f["code"], f["line"]) for g in document["files"][0]["games"] for f in g["findings"]]
    assert ("BEL803", 3) in findings and document["summary"]["games"] == 1


def codes(reports: list) -> list[tuple[str, int]]:  # type: ignore[type-arg]
    return [(f.code, f.line) for r in reports for f in r.findings]


def test_every_kind_of_input_gives_the_same_reports(tmp_path: Path) -> None:
    data = SAMPLE.read_bytes()
    path = tmp_path / "copy.bel"
    path.write_bytes(data)
    by_path = pipeline.validate(str(path))
    assert by_path and all(r.file == str(path) for r in by_path)
    assert codes(pipeline.validate(path)) == codes(by_path)
    assert codes(pipeline.validate(data)) == codes(by_path)
    assert codes(pipeline.validate(io.BytesIO(data))) == codes(by_path)
    assert codes(pipeline.validate(io.StringIO(data.decode("utf-8")))) == codes(by_path)
    with open(path, "rb") as handle:
        assert codes(pipeline.validate(handle)) == codes(by_path)
    assert [r.file for r in pipeline.validate(data, "mine.bel")] == ["mine.bel"] * len(by_path)


class _Pipe(io.RawIOBase):
    """A stream that can neither seek nor peek (a socket, a pipe)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return False

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        chunk, self.data = self.data[:len(buffer)], self.data[len(buffer):]
        buffer[:len(chunk)] = chunk
        return len(chunk)


def test_a_stream_that_cannot_seek_is_detected_and_read_whole() -> None:
    data = written("events")
    found = pipeline.discover([_Pipe(data)])
    opened = pipeline.open_input(found.sources[0])
    assert isinstance(opened, pipeline.OpenInput)
    assert opened.format.name == "events"
    assert opened.stream.read() == data


def test_a_folder_is_searched_recursively_for_bel_files(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "deep.bel").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "top.bel").write_bytes(SAMPLE.read_bytes())
    (tmp_path / "notes.csv").write_text("not, a, game\n")
    (tmp_path / ".hidden.bel").write_text("deal 1\n")
    found = pipeline.discover([tmp_path, tmp_path / "top.bel"])
    names = [os.path.relpath(s.path, tmp_path) for s in found.sources]
    assert names == ["top.bel", os.path.join("a", "b", "deep.bel")]  # a folder's files, then its folders
    assert found.problems == []


def test_problems_are_data(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    locked = tmp_path / "locked.bel"
    locked.write_text("deal 1\nend\n")
    locked.chmod(0)
    found = pipeline.discover([str(tmp_path / "missing.bel"), str(tmp_path / "empty"), str(locked)])
    assert [p.message for p in found.problems] == ["no such file or folder", "folder holds no .bel file"]
    opened = pipeline.open_input(found.sources[0])
    if os.access(locked, os.R_OK):  # running as root: the permission cannot be refused
        assert isinstance(opened, pipeline.OpenInput)
        opened.close()
    else:
        assert opened == pipeline.InputProblem(str(locked), "permission denied")
    assert [f.message for f in pipeline.validate(str(tmp_path / "missing.bel"))[0].findings] == [
        "cannot read: no such file or folder"]


def test_format_issues_are_findings_of_that_input_and_trailing_issues_are_reported() -> None:
    log = written("events") + b"not json at all\n"
    reports = pipeline.validate(log, "app.events.jsonl")
    last = [f for f in reports[-1].findings if f.code == "BEL801"]
    assert len(last) == 1 and last[0].file == "app.events.jsonl"
    assert last[0].line == log.count(b"\n")


def test_an_input_with_issues_and_no_game_says_both() -> None:
    reports = pipeline.validate(b"garbage\n", "x.events.jsonl")
    assert [f.code for f in reports[0].findings] == ["BEL801", "BEL708"]
