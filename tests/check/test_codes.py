"""The static code registry: every code the reader, the engine and the checks define is in it,
with the layer that raises it; retired codes are gone and said so in docs/findings.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from belote_notation.check import codes as checks
from belote_notation.check.codes import CODES, RETIRED
from belote_notation.game.engine import codes as engine
from belote_notation.notation.issues import SYNTAX_CODES

DOC = Path(__file__).resolve().parents[2] / "docs" / "findings.md"


def _constants(module: object) -> dict[str, str]:
    return {name: value for name, value in vars(module).items()
            if name.isupper() and isinstance(value, str) and value.startswith("BEL")}


def test_reader_codes_are_raised_by_the_reader():
    for code, title in SYNTAX_CODES.items():
        assert CODES[code].raised_by == "reader", code
        assert CODES[code].title == title, code


def test_checks_constants_are_raised_by_the_checks():
    constants = _constants(checks)
    assert len(constants) >= 29
    for name, code in constants.items():
        assert CODES[code].raised_by == "checks", name


def test_engine_codes_are_in_the_table_unless_retired():
    owned_by_checks = set(_constants(checks).values())
    for name, code in _constants(engine).items():
        if code in RETIRED:
            assert code not in CODES, name
        elif code in owned_by_checks:  # record comparisons: the engine never raises them
            assert CODES[code].raised_by == "checks", name
        else:
            assert CODES[code].raised_by == "engine", name


def test_nothing_else_claims_to_be_the_engine_s():
    engine_codes = set(_constants(engine).values())
    for code, info in CODES.items():
        if info.raised_by == "engine":
            assert code in engine_codes, code


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_entry_is_consistent(code):
    info = CODES[code]
    assert info.code == code
    assert info.severity in ("error", "warning", "info")
    assert info.area in checks.AREAS
    assert info.title


def test_retired_codes_are_said_retired_in_the_docs():
    text = DOC.read_text(encoding="utf-8")
    assert RETIRED == frozenset({"BEL105", "BEL502", "BEL505"})
    for code in RETIRED:
        assert code not in CODES
        assert f"### {code}" not in text
        assert code in text.split("**Retired codes.**", 1)[1].split("\n\n", 1)[0]
