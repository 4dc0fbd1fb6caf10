"""The report as a versioned schema: the JSON of every report validates against the shipped
JSON Schema, reads back into equal report objects, and every code has a status and a "since"."""

from __future__ import annotations

import dataclasses
import json
import re
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from belote_notation.check.codes import CODES, STATUSES
from belote_notation.check.findings import Finding
from belote_notation.check.report import REPORT_SCHEMA_VERSION, DealReport, GameReport, report_schema
from belote_notation.check.validator import validate_text
from belote_notation.game.cards import Deck
from belote_notation.game.rules import Ruleset, preset_names
from belote_notation.generator import generate_games
from belote_notation.notation.records import Header
from belote_notation.notation.write.writer import write_game
from tests.cli.cli_support import run_belote

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.bel"))
VALIDATOR = jsonschema.Draft202012Validator(report_schema())


def _generated(rules: str, deck: str) -> str:
    game = next(iter(generate_games(Ruleset.preset(rules), deals=12, seed=11)))
    headers = [h for h in game.headers if h.name != "Deck"] + [Header(name="Deck", value=deck)]
    return write_game(game.model_copy(update={"headers": headers}))


def _texts() -> list[tuple[str, str]]:
    texts = [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in SAMPLES]
    texts += [(f"{r}-{d}", _generated(r, d)) for r in preset_names() for d in ("french", "spanish")]
    return texts


TEXTS = _texts()


def _as_written(report: GameReport) -> GameReport:
    """``report`` as its JSON says it: a sans-atout or tout-atout trump is written ``null``."""
    deals = [dataclasses.replace(d, trump=d.trump if d.trump is None or d.trump < 4 else None)
             for d in report.deals]
    return dataclasses.replace(report, deals=deals)


def test_the_schema_is_a_valid_json_schema_shipped_in_the_package() -> None:
    jsonschema.Draft202012Validator.check_schema(report_schema())
    shipped = resources.files("belote_notation.check").joinpath("game-report.schema.json")
    assert json.loads(shipped.read_text(encoding="utf-8")) == report_schema()
    assert report_schema()["properties"]["schema_version"]["const"] == REPORT_SCHEMA_VERSION
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"belote_notation.check" = ["*.schema.json"]' in pyproject


@pytest.mark.parametrize(("name", "text"), TEXTS, ids=[t[0] for t in TEXTS])
def test_every_report_validates_and_reads_back(name: str, text: str) -> None:
    reports = validate_text(text, name)
    for report in reports:
        for data in (report.to_dict(), report.to_dict(strict=True), report.to_dict(with_deals=False)):
            VALIDATOR.validate(data)
        data = json.loads(json.dumps(report.to_dict()))
        assert data["schema_version"] == REPORT_SCHEMA_VERSION
        assert GameReport.from_dict(data, name) == _as_written(report)
        for finding in report.findings:
            assert Finding.from_dict(finding.to_dict()) == finding


def test_the_command_lines_json_validates(tmp_path: Path) -> None:
    paths = []
    for name, text in TEXTS[-4:]:
        path = tmp_path / f"{name}.bel"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    done = run_belote("validate", "--format", "json", "--exit-zero", *paths, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    games = [game for entry in json.loads(done.stdout)["files"] for game in entry["games"]]
    assert len(games) == 4
    for game in games:
        VALIDATOR.validate(game)
        assert game["fingerprint"] is not None and all(d["fingerprint"] for d in game["deals"])


def test_a_sans_atout_trump_is_written_null_and_reads_back_as_none() -> None:
    deal = DealReport(1, trump=4)
    assert deal.to_dict()["trump"] is None and DealReport.from_dict(deal.to_dict()).trump is None
    spanish = DealReport(1, trump=2)
    assert spanish.to_dict(Deck.SPANISH)["trump"] == "O"
    assert DealReport.from_dict(spanish.to_dict(Deck.SPANISH), Deck.SPANISH) == spanish
    with pytest.raises(ValueError, match="not a suit of the french deck"):
        DealReport.from_dict(spanish.to_dict(Deck.SPANISH))


def test_another_major_version_is_refused_and_unknown_fields_are_ignored() -> None:
    data = GameReport("x.bel", 1).to_dict()
    later = {**data, "schema_version": "1.7", "later": 1}
    assert GameReport.from_dict(later, "x.bel") == GameReport("x.bel", 1)
    with pytest.raises(ValueError, match="schema version 2.0"):
        GameReport.from_dict({**data, "schema_version": "2.0"})


def test_the_json_fields_of_release_0_1_0_keep_their_order() -> None:
    """The fields this version adds come after the ones 0.1.0 wrote, which keep their order."""
    report = validate_text(TEXTS[-1][1])[0]
    keys = list(report.to_dict())
    old = ["game", "line", "rules", "options", "deck", "deal_count", "findings", "totals", "pot", "winner",
           "result", "deals"]
    assert [k for k in keys if k in old] == old
    assert keys[0] == "schema_version"
    deal_keys = list(report.deals[0].to_dict())
    assert deal_keys[-1] == "fingerprint" and deal_keys[:2] == ["deal", "line"]


def test_every_code_has_a_status_and_the_release_that_introduced_it() -> None:
    version = (ROOT / "pyproject.toml").read_text(encoding="utf-8").split('version = "', 1)[1].split('"')[0]
    findings_md = (ROOT / "docs" / "findings.md").read_text(encoding="utf-8")

    def release(text: str) -> tuple[int, ...]:
        return tuple(int(part) for part in text.split("."))

    for code, info in CODES.items():
        assert info.status in STATUSES, code
        assert re.fullmatch(r"\d+\.\d+\.\d+", info.since), code
        assert release(info.since) <= release(version) or release(info.since)[:2] == (0, 2), code
        if (info.status, info.since) != ("stable", "0.1.0"):  # the page says so in the code's section
            section = findings_md.split(f"### {code}\n", 1)[1].split("\n### ", 1)[0]
            assert info.status in section and info.since in section, code
