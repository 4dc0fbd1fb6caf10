"""``validate`` and ``bn.validate`` read every readable format; a finding in a converted input
is located in that input; ``--jobs 2`` gives what ``--jobs 1`` gives; JSON Lines parse back."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import belote_notation as bn
from belote_notation.formats import get_format
from belote_notation.notation.read.reader import iter_games
from tests.cli.cli_support import SAMPLES, run_belote, run_in_process

BEL303 = SAMPLES / "invalid" / "BEL303-did-not-follow.bel"
CLEAN = SAMPLES / "classic" / "partie-1.bel"
FORMATS = SAMPLES / "formats"


def as_format(path: Path, name: str) -> str:
    """The games of ``path`` written in the format ``name``."""
    fmt = get_format(name)
    assert fmt is not None
    out = io.StringIO()
    list(fmt.write((parsed.game for parsed in iter_games(path)), out))
    return out.getvalue()


def card_line(events: str, deal: int, trick: int, seat: str) -> int:
    """The line of the event log where ``seat`` plays in trick ``trick`` of deal ``deal``."""
    current = (0, 0)
    for number, line in enumerate(events.splitlines(), 1):
        event = json.loads(line)
        if event["type"] == "deal":
            current = (event["number"], 0)
        elif event["type"] == "trick":
            current = (current[0], event["number"])
        elif event["type"] == "card" and current == (deal, trick) and event["seat"] == seat:
            return number
    raise AssertionError(f"no card of {seat} in deal {deal} trick {trick}")


def annotations(text: str) -> list[tuple[str, str, str, str]]:
    return re.findall(r"^::(\w+) file=([^,]+),line=(\d+),col=\d+,title=(\w+)::", text, re.M)


def test_a_planted_card_in_an_event_log_is_reported_at_its_line(tmp_path: Path) -> None:
    events = as_format(BEL303, "events")
    log = tmp_path / "app.events.jsonl"
    log.write_text(events, encoding="utf-8")
    result = run_in_process("validate", "--format", "github", "--no-progress", log)
    bel = run_in_process("validate", "--format", "github", "--no-progress", BEL303)
    assert result.returncode == 1 == bel.returncode
    line = card_line(events, deal=2, trick=2, seat="N")  # BEL303's own note: deal 2, trick 2, N
    assert annotations(result.stdout) == [("error", str(log), str(line), "BEL303")]
    assert [a[3] for a in annotations(bel.stdout)] == ["BEL303"]


def test_bn_validate_reads_an_event_log_as_the_bel_it_came_from(tmp_path: Path) -> None:
    log = tmp_path / "app.events.jsonl"
    log.write_text(as_format(BEL303, "events"), encoding="utf-8")
    codes = [f.code for r in bn.validate(str(log)) for f in r.findings]
    assert codes == [f.code for r in bn.validate(str(BEL303)) for f in r.findings] == ["BEL303"]
    assert [f.code for r in bn.validate(log.read_bytes()) for f in r.findings] == ["BEL303"]


def test_an_event_log_on_stdin_is_known_by_its_content() -> None:
    result = run_in_process("validate", "--no-progress", "-", input=as_format(BEL303, "events"))
    assert result.returncode == 1
    assert re.search(r"^<stdin>:\d+:1: error BEL303 ", result.stdout, re.M)


@pytest.mark.parametrize("name", ["colver-deals.cfn", "club-score-sheet.csv",
                                  "coinched-party.coinched.jsonl", "coinche-server.coinche-ws.jsonl"])
def test_every_fixture_format_validates(name: str) -> None:
    result = run_in_process("validate", "--no-progress", "--format", "json", FORMATS / name)
    document = json.loads(result.stdout)
    assert document["files"][0]["path"].endswith(name) and document["files"][0]["error"] is None
    assert document["summary"]["games"] >= 1 and document["summary"]["deals"] >= 1
    assert result.returncode == (1 if document["summary"]["errors"] else 0)


def test_a_bad_line_of_a_json_lines_twin_costs_that_game_only(tmp_path: Path) -> None:
    lines = as_format(CLEAN, "jsonl").splitlines()
    twin = tmp_path / "three.jsonl"
    twin.write_text("\n".join([lines[0], '{"deals": 3}', lines[0]]) + "\n", encoding="utf-8")
    result = run_in_process("validate", "--no-progress", "--format", "json", twin)
    games = json.loads(result.stdout)["files"][0]["games"]
    # issue 31: the bad line is game 2 (an error: exit 1), the third game keeps its number
    assert [g["game"] for g in games] == [1, 2, 3] and result.returncode == 1
    assert [(g["game"], f["code"], f["severity"], f["line"]) for g in games for f in g["findings"]] == [
        (2, "BEL801", "error", 2)]


def mixed_inputs(tmp_path: Path) -> list[Path]:
    log = tmp_path / "app.events.jsonl"
    log.write_text(as_format(BEL303, "events"), encoding="utf-8")
    twin = tmp_path / "twin.json"
    twin.write_text(as_format(CLEAN, "json"), encoding="utf-8")
    return [SAMPLES / "invalid", log, FORMATS / "colver-deals.cfn", twin, tmp_path / "missing.bel",
            FORMATS / "club-score-sheet.csv", CLEAN]


def without_timing(text: str) -> str:
    return re.sub(r" in \d+\.\d+s(, [\d,]+ deals/s)?\.", ".", re.sub(r'"seconds":\s*[\d.]+', "", text))


@pytest.mark.parametrize("fmt", ["text", "json", "jsonl", "sarif"])
def test_two_jobs_give_what_one_job_gives(tmp_path: Path, fmt: str) -> None:
    inputs = mixed_inputs(tmp_path)
    one = run_belote("validate", "--no-progress", "--format", fmt, "-j", "1", *inputs)
    two = run_belote("validate", "--no-progress", "--format", fmt, "-j", "2", *inputs)
    assert one.returncode == two.returncode == 1
    assert without_timing(one.stdout) == without_timing(two.stdout)
    assert one.stderr == two.stderr
    assert "BEL303" in one.stdout


def test_json_lines_parse_back_one_game_a_line_then_the_summary(tmp_path: Path) -> None:
    inputs = mixed_inputs(tmp_path)
    lines = run_in_process("validate", "--no-progress", "--format", "jsonl", *inputs).stdout.splitlines()
    objects = [json.loads(line) for line in lines]
    document = json.loads(run_in_process("validate", "--no-progress", "--format", "json", *inputs).stdout)
    assert [o["type"] for o in objects[-1:]] == ["summary"]
    games = [o for o in objects if o["type"] == "game"]
    assert len(games) == document["summary"]["games"] == objects[-1]["games"]
    expected = [{"type": "game", "path": f["path"], **g} for f in document["files"] for g in f["games"]]
    assert games == expected
    problems = [(o["path"], o["message"]) for o in objects if o["type"] == "problem"]
    assert problems == [(p["path"], p["message"]) for p in document["problems"]]


def test_a_format_warning_in_a_deal_does_not_stop_its_checks() -> None:
    lines = as_format(BEL303, "events").splitlines()
    events = [json.loads(line) for line in lines]
    deal_2 = next(i for i, e in enumerate(events) if e["type"] == "deal" and e["number"] == 2)
    lines.insert(deal_2 + 1, '{"type": "shuffle", "seed": 7}')  # not an event of the format: BEL802
    found = [(f.code, f.severity, f.line) for r in bn.validate("\n".join(lines).encode(), "a.events.jsonl")
             for f in r.findings]
    assert ("BEL802", "warning", deal_2 + 2) in found
    assert [code for code, severity, _ in found if severity == "error"] == ["BEL303"]
