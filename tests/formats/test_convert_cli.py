"""belote-replay convert and formats: names guessed from names and content, -o follows its
extension, .bel output is UTF-8 whatever the locale, --no-positions, --progress, the umask."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_replay.convert import command as convert
from belote_replay.formats import command as formats
from tests.formats.helpers import FIXTURES, ROOT

CLASSIC = ROOT / "samples" / "traditional" / "match-1.bel"


def cli(*args: str, stdin: str | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "belote_replay", *args], capture_output=True,
                          input=stdin.encode() if stdin is not None else None,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, timeout=120)


def test_formats_lists_every_built_in_with_its_abilities() -> None:
    result = CliRunner().invoke(formats, [])
    rows = {line.split()[0]: line.split()[1] for line in result.output.splitlines()}
    assert rows == {"bel": "read/write", "json": "read/write", "jsonl": "read/write",
                    "events": "read/write", "csv": "read/write", "cfn": "read/write",
                    "coinched": "read", "coinche-ws": "read"}


def test_output_follows_its_extension(tmp_path: Path) -> None:
    as_json = tmp_path / "x.json"
    assert CliRunner().invoke(convert, [str(CLASSIC), "-o", str(as_json)]).exit_code == 0
    back = tmp_path / "y.bel"
    result = CliRunner().invoke(convert, [str(as_json), "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert back.read_text(encoding="utf-8") == CLASSIC.read_text(encoding="utf-8")
    events = tmp_path / "z.events.jsonl"
    assert CliRunner().invoke(convert, [str(back), "-o", str(events)]).exit_code == 0
    assert json.loads(events.read_text("utf-8").splitlines()[0])["type"] == "match_start"


@pytest.mark.parametrize(("fixture", "expected"), [
    ("colver-deals.cfn", "hand N"), ("coinched-party.coinched.jsonl", "hand N"),
    ("coinche-server.coinche-ws.jsonl", "[North \"Ana\"]"), ("club-score-sheet.csv", "score 41 141"),
])
def test_the_input_format_is_guessed_from_the_content(tmp_path: Path, fixture: str, expected: str) -> None:
    anonymous = tmp_path / "input.txt"
    anonymous.write_bytes((FIXTURES / fixture).read_bytes())
    result = cli("convert", str(anonymous), "--to", "bel")
    assert result.returncode == 0, result.stderr
    assert expected in result.stdout.decode("utf-8")


def test_content_that_knows_itself_wins_over_a_shared_extension(tmp_path: Path) -> None:
    # An event log named plainly .jsonl (the JSON twin's extension) is read as events, and the
    # JSON twin under that name is still the twin.
    events = tmp_path / "log.jsonl"
    assert CliRunner().invoke(convert, [str(CLASSIC), "--to", "events", "-o", str(events)]).exit_code == 0
    back = tmp_path / "back.bel"
    result = CliRunner().invoke(convert, [str(events), "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert back.read_text(encoding="utf-8") == CLASSIC.read_text(encoding="utf-8")
    twin = tmp_path / "twin.jsonl"
    assert CliRunner().invoke(convert, [str(CLASSIC), "-o", str(twin)]).exit_code == 0
    assert '"deals"' in twin.read_text("utf-8").splitlines()[0]
    result = CliRunner().invoke(convert, [str(twin), "-o", str(tmp_path / "twin.bel")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "twin.bel").read_text(encoding="utf-8") == CLASSIC.read_text(encoding="utf-8")


def test_bel_output_is_utf8_whatever_the_locale(tmp_path: Path) -> None:
    source = tmp_path / "names.bel"
    source.write_text('[Event "Coupe d\'été"]\n[North "Chloé"]\n\ndeal 1\ntrick 1 N:AS\n\nend\n',
                      encoding="utf-8")
    result = cli("convert", str(source), "--to", "bel", env={"PYTHONIOENCODING": "cp1252",
                                                             "LC_ALL": "C", "LANG": "C"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode("utf-8") == source.read_text(encoding="utf-8")


def test_no_positions_gives_compact_json_without_loss(tmp_path: Path) -> None:
    full = CliRunner().invoke(convert, [str(CLASSIC), "--to", "json"]).output
    compact = CliRunner().invoke(convert, [str(CLASSIC), "--to", "json", "--no-positions"]).output
    assert '"line"' not in compact and len(compact) * 3 < len(full)
    bel_size = CLASSIC.stat().st_size
    assert len(compact) < 4 * bel_size
    (tmp_path / "c.json").write_text(compact, encoding="utf-8")
    back = CliRunner().invoke(convert, [str(tmp_path / "c.json"), "--to", "bel"])
    assert back.output == CLASSIC.read_text(encoding="utf-8")


def test_progress_is_forced_when_stderr_is_not_a_terminal() -> None:
    shown = cli("convert", str(CLASSIC), "--to", "events", "--progress")
    assert shown.returncode == 0
    assert b"converting" in shown.stderr and b"1 games, 10 deals, 100%" in shown.stderr
    hidden = cli("convert", str(CLASSIC), "--to", "events")
    assert b"converting" not in hidden.stderr


def test_the_output_file_honours_the_umask(tmp_path: Path) -> None:
    out = tmp_path / "out.bel"
    old = os.umask(0o022)
    try:
        result = CliRunner().invoke(convert, [str(CLASSIC), "-o", str(out)])
    finally:
        os.umask(old)
    assert result.exit_code == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


def test_what_could_not_be_read_is_listed_and_the_rest_converted(tmp_path: Path) -> None:
    log = tmp_path / "app.events.jsonl"
    log.write_text('{"type": "match_start"}\n{"type": "card", "seat": "N", "card": "ZZ"}\n'
                   '{"type": "card", "seat": "N", "card": "AS"}\n', encoding="utf-8")
    result = CliRunner().invoke(convert, [str(log), "--to", "bel"])
    assert result.exit_code == 1
    # as validate prints a finding: path:line:col: severity CODE message (issue 20 item 8)
    assert "app.events.jsonl:2:1: warning BEL803 cannot read a card from 'ZZ' (field card)" in result.output
    assert "trick 1 N:AS" in result.output


def test_unknown_format_names_are_usage_errors() -> None:
    result = CliRunner().invoke(convert, [str(CLASSIC), "--to", "coinched"])
    assert result.exit_code == 2 and "no installed format can write 'coinched'" in result.output
    result = CliRunner().invoke(convert, [str(CLASSIC), "--from", "nope"])
    assert result.exit_code == 2 and "no installed format can read 'nope'" in result.output


def test_what_a_format_cannot_write_is_said(tmp_path: Path) -> None:
    result = CliRunner().invoke(convert, [str(CLASSIC), "--to", "cfn"])
    assert result.exit_code == 1
    assert "BEL810" in result.output
