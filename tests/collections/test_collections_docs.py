"""docs/collections.md runs: its shell examples in an empty folder, in order, then its DuckDB
queries over the export they made (and the takes per trump equal ``stats``), then its
Python example."""

from __future__ import annotations

import doctest
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "collections.md"


def _blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)


@pytest.fixture(scope="module")
def ran(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("collections-docs")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    for block in _blocks("sh"):
        done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block], cwd=folder, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (block, done.stdout[-2000:], done.stderr[-2000:])
    return folder


def test_every_shell_example_runs_and_writes_what_it_says(ran: Path):
    for name in ("first-matches.bel", "slams.jsonl", "openings.bel", "unique.bel", "dropped.json", "club.csv",
                 "stats.json", "stats.html"):
        assert (ran / name).stat().st_size > 0, name
    dropped = json.loads((ran / "dropped.json").read_text(encoding="utf-8"))
    assert dropped["dropped"] and all(d["reason"] == "exact" for d in dropped["dropped"])


def test_every_duckdb_query_runs_over_the_export(ran: Path, monkeypatch):
    duckdb = pytest.importorskip("duckdb")
    monkeypatch.chdir(ran)
    queries = _blocks("sql")
    assert len(queries) >= 4
    answers = [duckdb.sql(q).fetchall() for q in queries]
    assert all(answers), [q for q, a in zip(queries, answers, strict=True) if not a]
    stats = json.loads((ran / "stats.json").read_text(encoding="utf-8"))
    per_trump = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "SA": "SA", "TA": "TA"}
    want = sorted((per_trump[r["trump"]], r["takes"], r["made"]) for r in stats["trump"]
                  if r["trump"] != "none")
    assert sorted((t, n, int(m)) for t, n, m in answers[0]) == want


def test_the_python_example_runs(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(PAGE), module_relative=False, encoding="utf-8")
    assert result.failed == 0 and result.attempted >= 4
