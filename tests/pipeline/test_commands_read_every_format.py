"""``render``, ``convert`` and ``annotate`` read every readable built-in format through the
pipeline's one detector; ``fmt`` refuses, in one line, what is not ``.bel`` or its JSON twin.

The inputs are made here: a generated contrée match converted to each writable format (CFN from
colver's sample, read and written back: the generator's deals carry no CFN contract), plus the
files of ``samples/formats/`` (the read-only formats and a real score sheet).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from belote_notation.formats import all_formats
from belote_notation.pipeline.inputs import detect
from belote_replay.main import cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "formats"
GENERATED = {"bel": "match.bel", "json": "match.json", "jsonl": "match.jsonl", "events": "match.events.jsonl",
             "csv": "match.csv", "cfn": "colver.cfn"}
"""Each format made here, and the name its file gets (the detector reads the name first)."""
NATIVE = ("bel", "json", "jsonl")
SAMPLE_NAMES = [f"sample-{p.name}" for p in sorted(SAMPLES.iterdir()) if p.suffix != ".md"]


def belote(*args: str | Path, input: bytes | None = None) -> Result:
    """``belote-replay ARGS`` in this process; an exception escaping the command fails the test."""
    result = CliRunner().invoke(cli, [str(a) for a in args], input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"belote-replay {' '.join(map(str, args))} raised") from result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every input to read, by a name saying what it is: ``made-FORMAT`` or ``sample-FILE``."""
    folder = tmp_path_factory.mktemp("every-format")
    match = folder / GENERATED["bel"]
    assert belote("generate", "--rules", "contree", "--deals", "2", "--seed", "7", "-o", match).exit_code == 0
    made = {"bel": match}
    for name in ("json", "jsonl", "events", "csv"):
        made[name] = folder / GENERATED[name]
        assert belote("convert", match, "--to", name, "-o", made[name]).exit_code == 0, name
    colver = folder / "colver.bel"
    assert belote("convert", SAMPLES / "colver-deals.cfn", "--to", "bel", "-o", colver).exit_code == 0
    made["cfn"] = folder / GENERATED["cfn"]
    assert belote("convert", colver, "--to", "cfn", "-o", made["cfn"]).exit_code == 0
    found = {f"made-{name}": path for name, path in made.items()}
    found.update({f"sample-{path.name}": path for path in sorted(SAMPLES.iterdir()) if path.suffix != ".md"})
    return found


def test_every_readable_built_in_format_is_among_the_inputs(inputs: dict[str, Path]) -> None:
    readable = {f.name for f in all_formats() if f.can_read and f.__module__.startswith("belote_notation.")}
    covered = {detect(path.name, path.read_bytes()[:4096]).name for path in inputs.values()}
    assert readable <= covered, readable - covered


def _page_games(page: str) -> list[dict[str, object]]:
    blocks = re.findall(r'<script type="application/json" class="belote-game">(.*?)</script>', page, re.S)
    return [json.loads(block) for block in blocks]


def _codes(game: dict[str, object]) -> set[str]:
    return set(re.findall(r'"code": ?"(BEL\d{3})"', json.dumps(game)))


@pytest.mark.parametrize("which", [*(f"made-{n}" for n in GENERATED), *SAMPLE_NAMES])
def test_render_convert_and_annotate_read_it(inputs: dict[str, Path], which: str, tmp_path: Path) -> None:
    path = inputs[which]
    page = tmp_path / "page.html"
    rendered = belote("render", path, "-o", page)
    assert rendered.exit_code == 0, rendered.output
    games = _page_games(page.read_text(encoding="utf-8"))
    assert games and all(game["deals"] for game in games)
    assert not any("BEL001" in _codes(game) or "BEL006" in _codes(game) for game in games), which

    twin = tmp_path / "out.json"
    converted = belote("convert", path, "--to", "json", "-o", twin)
    assert converted.exit_code in (0, 1), converted.output  # 1: what an importer could not read, listed
    deals = [len(game["deals"]) for game in json.loads(twin.read_text(encoding="utf-8"))["games"]]
    assert deals and all(deals) and deals == [len(game["deals"]) for game in games]

    reviewed = tmp_path / "reviewed.bel"
    annotated = belote("annotate", path, "-o", reviewed, "--samples", "0")
    assert annotated.exit_code == 0, annotated.output
    text = reviewed.read_text(encoding="utf-8")
    assert text.count("DD review:") == len(deals) and len(re.findall(r"^deal \d+", text, re.M)) == sum(deals)


def test_render_places_a_finding_of_an_events_log_at_its_line(inputs: dict[str, Path],
                                                              tmp_path: Path) -> None:
    lines = inputs["made-events"].read_bytes().splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if b'"type": "card"' in line)
    lines[at] = re.sub(rb'"card": "[^"]+"', b'"card": "ZZ"', lines[at])
    planted = tmp_path / "app.events.jsonl"
    planted.write_bytes(b"".join(lines))
    page = tmp_path / "page.html"
    assert belote("render", planted, "-o", page).exit_code == 0
    (game,) = _page_games(page.read_text(encoding="utf-8"))
    places = re.findall(r'"code": "BEL803"[^}]*?"line": (\d+)', json.dumps(game))
    assert places and int(places[0]) == at + 1


@pytest.mark.parametrize("which", [*(f"made-{n}" for n in GENERATED if n not in NATIVE), *SAMPLE_NAMES])
def test_fmt_refuses_another_format_in_one_line(inputs: dict[str, Path], which: str, tmp_path: Path) -> None:
    path = tmp_path / inputs[which].name
    shutil.copyfile(inputs[which], path)
    before = path.read_bytes()
    result = belote("fmt", path)
    assert result.exit_code == 2
    about = [line for line in result.stderr.splitlines() if str(path) in line]
    assert len(about) == 1 and "convert" in about[0] and "BEL0" not in result.stderr
    assert path.read_bytes() == before
    piped = belote("fmt", "-", input=before)
    assert piped.exit_code == 2 and piped.stdout == "" and len(piped.stderr.splitlines()) == 1


@pytest.mark.parametrize("name", NATIVE)
def test_fmt_still_rewrites_bel_and_the_json_twin(inputs: dict[str, Path], name: str, tmp_path: Path) -> None:
    path = tmp_path / inputs[f"made-{name}"].name
    shutil.copyfile(inputs[f"made-{name}"], path)
    assert belote("fmt", path).exit_code == 0
    assert belote("fmt", "--check", path).exit_code == 0


def test_annotate_refuses_an_input_it_could_not_read_whole(inputs: dict[str, Path], tmp_path: Path) -> None:
    broken = tmp_path / "broken.bel"
    text = inputs["made-bel"].read_text(encoding="utf-8")
    broken.write_text(text.replace("trick 1 ", "trick 1 X:ZZ ", 1), encoding="utf-8")
    line = 1 + text[:text.index("trick 1 ")].count("\n")
    out = tmp_path / "reviewed.bel"
    result = belote("annotate", broken, "-o", out)
    assert result.exit_code == 1
    located = rf"^{re.escape(str(broken))}:{line}:\d+: error BEL0\d\d "
    assert re.search(located, result.stderr, re.M), result.stderr
    assert "nothing was written" in result.stderr and not out.exists() and result.stdout == ""
