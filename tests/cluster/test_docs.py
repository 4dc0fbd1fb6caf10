"""``docs/scale.md`` runs: its Python example is the cluster's API as it is (no cluster started)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_scale_page_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the example names samples/ relative to the repository
    result = doctest.testfile(str(ROOT / "docs" / "scale.md"), module_relative=False, encoding="utf-8")
    assert result.attempted >= 5
    assert result.failed == 0
