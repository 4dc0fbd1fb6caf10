"""``validate --format github|sarif|junit``: reports for CI, read by what CI reads them with:
the SARIF 2.1.0 JSON Schema (``jsonschema``), a JUnit reader (``junitparser``)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import junitparser

from tests.cli.cli_support import SAMPLES

INVALID = SAMPLES / "invalid"
BEL303 = INVALID / "BEL303-did-not-follow.bel"
BEL004 = INVALID / "BEL004-unknown-card.bel"
CLEAN = SAMPLES / "classic" / "partie-1.bel"
SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"

pytest_plugins = ["tests.cli.cli_fixture"]  # the `belote` fixture


def test_github_annotations(belote) -> None:
    result = belote("validate", "--format", "github", BEL303, BEL004)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert (f"::error file={BEL303},line=43,col=19,title=BEL303::"
            "BEL303 N did not follow ♥: held 10♥, K♥") in lines
    assert any(line.startswith(f"::notice file={BEL004},line=20,col=1,title=BEL910::") for line in lines)
    assert lines[-1].startswith("Checked 2 files")


def test_sarif_is_valid_sarif_2_1_0(belote) -> None:
    result = belote("validate", "--format", "sarif", BEL303, BEL004, CLEAN, "missing.bel")
    assert result.returncode == 1
    log = json.loads(result.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(log, schema, cls=jsonschema.Draft4Validator)
    run = log["runs"][0]
    assert log["version"] == "2.1.0" and run["tool"]["driver"]["name"] == "belote-replay"
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules == ["BEL004", "BEL303", "BEL910"]
    by_rule = {r["ruleId"]: r for r in run["results"]}
    follow = by_rule["BEL303"]
    assert follow["level"] == "error" and rules[follow["ruleIndex"]] == "BEL303"
    assert follow["message"]["text"] == "N did not follow ♥: held 10♥, K♥"
    where = follow["locations"][0]["physicalLocation"]
    assert where["artifactLocation"]["uri"] == BEL303.as_posix()
    assert where["region"] == {"startLine": 43, "startColumn": 19}
    assert by_rule["BEL910"]["level"] == "note"
    assert run["invocations"][0]["executionSuccessful"] is False  # missing.bel could not be read


def test_sarif_of_a_clean_file_validates_too(belote) -> None:
    result = belote("validate", "--format", "sarif", CLEAN)
    assert result.returncode == 0
    log = json.loads(result.stdout)
    jsonschema.validate(log, json.loads(SARIF_SCHEMA.read_text(encoding="utf-8")),
                        cls=jsonschema.Draft4Validator)
    assert log["runs"][0]["results"] == []


def test_junit_is_read_by_a_junit_reader(belote, tmp_path: Path) -> None:
    result = belote("validate", "--format", "junit", BEL303, BEL004, CLEAN)
    assert result.returncode == 1
    report = tmp_path / "report.xml"
    report.write_text(result.stdout, encoding="utf-8")
    xml = junitparser.JUnitXml.fromfile(str(report))
    suites = {suite.name: suite for suite in xml}
    assert list(suites) == [str(BEL303), str(BEL004), str(CLEAN)]
    assert xml.tests == 4 and xml.failures == 2
    cases = list(suites[str(BEL303)])
    assert len(cases) == 1 and cases[0].name == "BEL303 at 43:19"
    failure = cases[0].result[0]
    assert isinstance(failure, junitparser.Failure) and failure.type == "BEL303"
    assert failure.message == "N did not follow ♥: held 10♥, K♥"
    info = [c for c in suites[str(BEL004)] if c.name.startswith("BEL910")][0]
    assert info.is_passed and "BEL910" in info.system_out
    assert [c.is_passed for c in suites[str(CLEAN)]] == [True]


def _anchors() -> set[str]:
    """The anchors of docs/findings.md's headings as GitHub makes them (``### BEL303``: bel303)."""
    docs = (SAMPLES.parent / "docs" / "findings.md").read_text(encoding="utf-8")
    return {line.lstrip("#").strip().lower() for line in docs.splitlines() if line.startswith("### BEL")}


def test_each_sarif_rule_has_a_help_uri_at_its_code_s_documentation(belote) -> None:
    from urllib.parse import urlsplit
    from urllib.request import url2pathname

    result = belote("validate", "--format", "sarif", BEL303, BEL004)
    log = json.loads(result.stdout)
    jsonschema.validate(log, json.loads(SARIF_SCHEMA.read_text(encoding="utf-8")),
                        cls=jsonschema.Draft4Validator)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["BEL004", "BEL303", "BEL910"]
    for rule in rules:
        uri = urlsplit(rule["helpUri"])
        assert uri.scheme == "file" and uri.fragment == rule["id"].lower() in _anchors()
        shipped = Path(url2pathname(uri.path)).read_text(encoding="utf-8")
        assert f"### {rule['id']}\n" in shipped


def test_the_help_uri_base_is_where_the_docs_are_published(belote) -> None:
    base = "https://example.org/belote-notation/blob/main/docs/findings.md"
    result = belote("validate", "--format", "sarif", BEL303, env={"BELOTE_REPLAY_DOCS_URL": base})
    rules = json.loads(result.stdout)["runs"][0]["tool"]["driver"]["rules"]
    assert [r["helpUri"] for r in rules] == [f"{base}#bel303"]
