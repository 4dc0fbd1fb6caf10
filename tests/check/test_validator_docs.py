"""docs/findings.md documents every finding code, and its example deal is clean."""

from __future__ import annotations

import re
from pathlib import Path

from belote_notation.check.findings import code_registry
from belote_notation.check.validator import validate_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "findings.md"


def test_every_code_has_a_section_and_no_section_is_stale():
    text = DOC.read_text(encoding="utf-8")
    documented = set(re.findall(r"^### (BEL\d{3})$", text, flags=re.MULTILINE))
    registry = set(code_registry())
    assert registry - documented == set(), "codes missing from docs/findings.md"
    assert documented - registry == set(), "docs/findings.md documents codes nobody defines"


def test_documented_severity_matches_the_registry():
    text = DOC.read_text(encoding="utf-8")
    for code, severity in re.findall(r"^### (BEL\d{3})\n\*\*(error|warning|info):", text, flags=re.MULTILINE):
        assert code_registry()[code].severity == severity, code


def test_the_example_deal_validates_clean():
    text = DOC.read_text(encoding="utf-8")
    example = re.search(r"```bel\n(.*?)```", text, flags=re.DOTALL).group(1)
    reports = validate_text(example, "deal.bel")
    assert [f for r in reports for f in r.findings] == []
    assert reports[0].deals[0].outcome == "made"


def test_example_findings_are_what_the_validator_says():
    """A few documented mutations, replayed: the documented line is the validator's."""
    text = DOC.read_text(encoding="utf-8")
    example = re.search(r"```bel\n(.*?)```", text, flags=re.DOTALL).group(1)
    cases = [
        ("score 41 141", "score 40 142", "BEL503"),
        ("trick 2 E:8S S:7S W:JS N:KS", "trick 2 E:8S S:7S W:JS N:8C", "BEL303"),
        ("rest N 9S KS 8C", "rest N 9S KS 7S", "BEL102"),
        ("smsara 1 W:take", "smsara 1 W:take S", "BEL205"),
        ("match 41 141", "match 41 140", "BEL601"),
    ]
    for old, new, code in cases:
        found = [f for r in validate_text(example.replace(old, new, 1), "deal.bel") for f in r.findings]
        first = next(f for f in found if f.code == code)
        documented = f"deal.bel:{first.line}:{first.col}: {first.severity} {code} {first.message}"
        assert documented in text, documented
