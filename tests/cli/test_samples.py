"""The files in samples/: valid ones validate clean and round-trip; invalid ones break the
one rule their name says, at the place their comment says.

Every file in samples/invalid/ is named ``BELxxx-what.bel``, starts with a ``{comment}``
saying what is wrong in plain words, and ends that comment with ``expect BELxxx at L:C``.
The validator must report errors/warnings of that code and no other, the first of them at
exactly ``L:C``, and the text there must be the kind of token the code is about.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_replay.main import cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
INVALID_DIR = SAMPLES / "invalid"
VALID = sorted(p for p in SAMPLES.rglob("*.bel") if INVALID_DIR not in p.parents)
INVALID = sorted(INVALID_DIR.glob("*.bel"))
EXPECT = re.compile(r"expect (BEL\d{3}) at (\d+):(\d+)\}")

# What the text at the finding's position must look like, per code: the token at fault.
PLAY = r"[NESW]:\S+"
TOKEN_AT = {
    "BEL004": r"[0-9A-Z]+\b",            # the unknown card itself (after the seat)
    "BEL102": r"[0-9A-Z]+\b",            # the second occurrence of the card
    "BEL201": r"[NESW]:(pass|take)\b",   # the bid
    "BEL203": r"[NESW]:pass\b",
    "BEL204": r"[NESW]:take [ESHDCOB]\b",
    "BEL210": r"[NESW]:\d+[SHDC]\b",   # the contrée bid
    "BEL212": r"[NESW]:coinche\b",
    "BEL301": PLAY, "BEL303": PLAY, "BEL304": PLAY, "BEL305": PLAY, "BEL306": PLAY,
    "BEL406": PLAY + r" (belote|rebelote)\b", "BEL407": PLAY + r" (belote|rebelote)\b",
    "BEL401": r"announce [NESW] ", "BEL403": r"announce [NESW] ",
    "BEL501": r"[NESW]$",                    # the seat after `winner`
    "BEL503": r"score -?\d+ -?\d+$",
    "BEL504": r"-?\d+$",                     # the number after `pot`
    "BEL601": r"match -?\d+ -?\d+$",
    "BEL602": r"deal \d+ dealer [NESW]$",
    "BEL603": r'\[Result "',
}


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def findings(path: Path) -> tuple[int, list[dict]]:
    """Exit code and every finding of ``belote-replay validate --format json PATH``."""
    result = run("validate", "--format", "json", "--no-progress", str(path))
    document = json.loads(result.stdout)
    found = [f for file in document["files"] for game in file["games"] for f in game["findings"]]
    return result.exit_code, found


def serious(found: list[dict]) -> list[dict]:
    return [f for f in found if f["severity"] in ("error", "warning")]


def test_samples_are_there():
    assert len(VALID) >= 16
    for preset in ("moroccan", "classic", "gameduell", "traditional"):
        assert len(list((SAMPLES / preset).glob("*.bel"))) >= 3, preset
    assert 16 <= len(INVALID) <= 24
    assert {p.name[:6] for p in INVALID} >= {
        "BEL004", "BEL102", "BEL201", "BEL203", "BEL204", "BEL301", "BEL303", "BEL304", "BEL305",
        "BEL401", "BEL403", "BEL501", "BEL503", "BEL504", "BEL601", "BEL602", "BEL603"}


@pytest.mark.parametrize("path", VALID, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_valid_sample_is_clean(path):
    code, found = findings(path)
    assert serious(found) == []
    assert code == 0


@pytest.mark.parametrize("path", VALID, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_valid_sample_is_canonical_and_round_trips_through_json(path, tmp_path):
    check = run("fmt", "--check", str(path))
    assert check.exit_code == 0, check.output
    as_json = tmp_path / "game.json"
    back = tmp_path / "game.bel"
    assert run("convert", str(path), "--to", "json", "-o", str(as_json)).exit_code == 0
    assert json.loads(as_json.read_text(encoding="utf-8"))["games"]
    assert run("convert", str(as_json), "--to", "bel", "-o", str(back)).exit_code == 0
    assert back.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_sample_breaks_the_rule_its_name_says(path):
    text = path.read_text(encoding="utf-8")
    named = re.match(r"(BEL\d{3})-[a-z0-9-]+\.bel$", path.name)
    assert named, "name it BELxxx-short-description.bel"
    code = named.group(1)
    assert text.startswith("{"), "start with a {comment} saying what is wrong"
    expect = EXPECT.search(text)
    assert expect and expect.group(1) == code, "end the comment with: expect CODE at LINE:COL"
    line, col = int(expect.group(2)), int(expect.group(3))

    exit_code, found = findings(path)
    wrong = serious(found)
    assert exit_code == 1
    assert wrong, "the validator found nothing"
    assert {f["code"] for f in wrong} == {code}, wrong
    first = min(wrong, key=lambda f: (f["line"], f["col"]))
    assert (first["line"], first["col"]) == (line, col), first

    at = text.splitlines()[line - 1][col - 1:]
    assert re.match(TOKEN_AT[code], at), f"{line}:{col} is {at!r}, not the token at fault"


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_sample_text_output_names_the_place(path):
    result = run("validate", "--no-progress", str(path))
    expect = EXPECT.search(path.read_text(encoding="utf-8"))
    assert result.exit_code == 1
    assert f"{path}:{expect.group(2)}:{expect.group(3)}: error {expect.group(1)} " in result.stdout


def test_invalid_samples_regenerate_identically(tmp_path, monkeypatch, capsys):
    tool_path = ROOT / "tools" / "make_invalid_samples.py"
    spec = importlib.util.spec_from_file_location("make_invalid_samples", tool_path)
    tool = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, tool)  # dataclasses look their module up
    spec.loader.exec_module(tool)
    assert tool.main([str(tmp_path)]) == 0
    made = sorted(p.name for p in tmp_path.glob("*.bel"))
    assert made == [p.name for p in INVALID]
    for name in made:
        assert (tmp_path / name).read_bytes() == (INVALID_DIR / name).read_bytes(), \
            f"{name} changed: run tools/make_invalid_samples.py and review the diff"
