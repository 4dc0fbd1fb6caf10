"""``stats --html`` in a real headless Chromium: the page shows the figures of ``stats --format
json``, draws its charts, loads nothing and breaks no rule of its Content-Security-Policy.

Chromium is driven in a process of its own (one Playwright per process: the render tests hold
theirs for the session in the same worker); without Playwright or Chromium the test skips,
and fails when ``CI`` is set, as the render tests do."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from belote_replay.main import cli
from tests.collections.collection_data import as_text, collection_games
from tests.render.conftest import CHROMIUM_ARGS, HOW_TO, chromium_path

LOOK = r"""
import json, sys
from playwright.sync_api import sync_playwright
uri, executable, args = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path=executable, args=args)
    page = browser.new_page()
    requests, problems = [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(uri)
    seen = page.evaluate('''() => {
        const rows = (g) => Array.from(document.querySelectorAll(`table[data-group="${g}"] tbody tr`),
                                       (tr) => Array.from(tr.cells, (c) => c.textContent));
        const heads = Array.from(document.querySelectorAll('table[data-group="player"] thead th'),
                                 (th) => th.textContent);
        const bar = document.querySelector('svg.chart rect.made');
        const box = bar.getBoundingClientRect();
        return {rows: rows("player"), heads, bars: document.querySelectorAll('svg.chart rect').length,
                box: [box.width, box.height], fill: getComputedStyle(bar).fill,
                summary: document.getElementById("summary").textContent};
    }''')
    browser.close()
print(json.dumps({"requests": requests, "problems": problems, **seen}))
"""


def _chromium() -> str:
    executable = chromium_path()
    missing = None if importlib.util.find_spec("playwright") else "Playwright is not installed"
    missing = missing or (None if executable else "no Chromium found")
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set and {missing}; {HOW_TO}", pytrace=False)
        pytest.skip(f"{missing}; {HOW_TO}")
    assert executable is not None
    return executable


def test_the_stats_page_in_chromium(tmp_path: Path) -> None:
    executable = _chromium()
    source = tmp_path / "club.bel"
    source.write_text(as_text(collection_games()[:12]), encoding="utf-8")
    page_file = tmp_path / "stats.html"
    done = CliRunner().invoke(cli, ["stats", str(source), "--format", "json", "--html", str(page_file)])
    assert done.exit_code == 0, done.output
    figures = json.loads(done.stdout)
    command = [sys.executable, "-c", LOOK, page_file.as_uri(), executable, json.dumps(CHROMIUM_ARGS)]
    looked = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert looked.returncode == 0, looked.stderr[-3000:]
    seen = json.loads(looked.stdout)
    assert seen["requests"] == [page_file.as_uri()] and seen["problems"] == []
    column = {name: i for i, name in enumerate(seen["heads"])}
    shown = [[row[column["player"]], row[column["deals"]], row[column["takes"]]] for row in seen["rows"]]
    assert shown == [[str(r["player"]), str(r["deals"]), str(r["takes"])] for r in figures["player"]]
    assert seen["bars"] >= sum(1 for r in figures["player"] if r["takes"])
    assert seen["box"][0] > 0 and seen["box"][1] > 0
    assert seen["fill"] == "rgb(46, 125, 50)"  # the style applies: its hash is in the policy
    assert seen["summary"] == f"{figures['games']} games, {figures['deals']} deals"
