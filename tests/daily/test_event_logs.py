"""Issue 20 item 4: event logs without trick events, and unknown fields said once per field."""

from __future__ import annotations

import io
import json

from belote_notation.formats import get_format
from belote_notation.formats.base import FormatIssue
from belote_notation.notation.records import Game
from belote_notation.pipeline.api import validate
from tests.cli.cli_support import run_in_process
from tests.daily.support import SAMPLES


def _events(extra: dict | None = None, tricks: bool = False) -> bytes:
    """The classic sample as an event log, without its trick/trick_end events (unless
    ``tricks``), each event but match_start carrying ``extra``."""
    done = run_in_process("convert", SAMPLES / "classic" / "capot-and-belote.bel", "--to", "events")
    assert done.returncode == 0, done.stderr
    lines = []
    for line in done.stdout.splitlines():
        event = json.loads(line)
        if not tricks and event["type"] in ("trick", "trick_end"):
            continue
        if extra and event["type"] != "match_start":
            event.update(extra)
        lines.append(json.dumps(event))
    return ("\n".join(lines) + "\n").encode()


def _read(data: bytes, drop: bool = False) -> tuple[list[Game], list[FormatIssue]]:
    fmt = get_format("events")
    assert fmt is not None
    items = list((fmt.dropping_unknown() if drop else fmt).read(io.BytesIO(data)))
    return [i for i in items if isinstance(i, Game)], [i for i in items if isinstance(i, FormatIssue)]


def test_a_log_without_trick_events_closes_each_trick_at_its_fourth_card() -> None:
    games, issues = _read(_events())
    assert issues == []
    for deal in games[0].deals:
        assert [len(t.plays) for t in deal.tricks] in ([4] * 8, [])
    reports = validate(_events(), "log.events.jsonl")
    assert [f.code for r in reports for f in r.findings if f.severity == "error"] == []


def test_five_cards_in_a_trick_opened_by_a_trick_event_is_still_an_error() -> None:
    data = _events(tricks=True).decode().splitlines()
    at = next(i for i, line in enumerate(data) if '"trick_end"' in line)
    del data[at]  # trick 1 never ends: the next trick's cards join it
    del data[at]  # ... and the next trick event too
    reports = validate(("\n".join(data) + "\n").encode(), "log.events.jsonl")
    assert "BEL308" in [f.code for r in reports for f in r.findings]


def test_an_unknown_field_on_every_event_is_one_finding_with_a_count() -> None:
    games, issues = _read(_events({"ts": 17}))
    assert [(i.code, i.field) for i in issues] == [("BEL805", "ts")]
    assert "kept as a comment on" in issues[0].message and " events" in issues[0].message
    assert [len(t.plays) for t in games[0].deals[0].tricks] == [4] * 8


def test_drop_unknown_leaves_the_fields_out() -> None:
    plain, _ = _read(_events())
    dropped, issues = _read(_events({"ts": 17, "client": "x"}), drop=True)
    assert issues == []
    assert dropped[0].deals == plain[0].deals and dropped[0].comments == plain[0].comments


def test_convert_drop_unknown(tmp_path) -> None:
    log = tmp_path / "app.events.jsonl"
    log.write_bytes(_events({"ts": 17}))
    kept = run_in_process("convert", log, "--to", "bel")
    dropped = run_in_process("convert", log, "--to", "bel", "--drop-unknown")
    plain = tmp_path / "plain.events.jsonl"
    plain.write_bytes(_events())
    assert kept.returncode == 0 and dropped.returncode == 0
    assert "{ts=17}" in kept.stdout and kept.stderr.count("BEL805") == 1
    assert dropped.stdout == run_in_process("convert", plain, "--to", "bel").stdout
    assert "BEL805" not in dropped.stderr
