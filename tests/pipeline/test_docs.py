"""``docs/pipeline.md`` runs: its examples are the pipeline as it is."""

from __future__ import annotations

import doctest
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_pipeline_page_runs(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(ROOT)  # the examples name samples/ relative to the repository
    result = doctest.testfile(str(ROOT / "docs" / "pipeline.md"), module_relative=False, encoding="utf-8",
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 15
    assert result.failed == 0
    assert os.getcwd() == str(ROOT)
