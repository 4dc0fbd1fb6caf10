"""``stats --html`` in a real headless Chromium: the page shows the figures of ``stats --format
json``, draws its charts, loads nothing and breaks no rule of its Content-Security-Policy.

Chromium is the session's (the fixture ``browser`` of tests/conftest.py, shared with the render
and service browser tests: one Playwright per process); without Playwright or Chromium the test
skips, and fails when ``CI`` is set, as the render tests do."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from belote_replay.main import cli
from tests.collections.collection_data import as_text, collection_games

SEEN_JS = """() => {
    const rows = (g) => Array.from(document.querySelectorAll(`table[data-group="${g}"] tbody tr`),
                                   (tr) => Array.from(tr.cells, (c) => c.textContent));
    const heads = Array.from(document.querySelectorAll('table[data-group="player"] thead th'),
                             (th) => th.textContent);
    const bar = document.querySelector('svg.chart rect.made');
    const box = bar.getBoundingClientRect();
    return {rows: rows("player"), heads, bars: document.querySelectorAll('svg.chart rect').length,
            box: [box.width, box.height], fill: getComputedStyle(bar).fill,
            summary: document.getElementById("summary").textContent};
}"""


def _look(browser: Any, uri: str) -> dict[str, Any]:
    """What the page shows, the requests it made and the errors and warnings it gave."""
    context = browser.new_context()
    try:
        page = context.new_page()
        requests: list[str] = []
        problems: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(uri)
        seen: dict[str, Any] = page.evaluate(SEEN_JS)
    finally:
        context.close()
    return {"requests": requests, "problems": problems, **seen}


def test_the_stats_page_in_chromium(browser: Any, tmp_path: Path) -> None:
    source = tmp_path / "club.bel"
    source.write_text(as_text(collection_games()[:12]), encoding="utf-8")
    page_file = tmp_path / "stats.html"
    done = CliRunner().invoke(cli, ["stats", str(source), "--format", "json", "--html", str(page_file)])
    assert done.exit_code == 0, done.output
    figures = json.loads(done.stdout)
    seen = _look(browser, page_file.as_uri())
    assert seen["requests"] == [page_file.as_uri()] and seen["problems"] == []
    column = {name: i for i, name in enumerate(seen["heads"])}
    shown = [[row[column["player"]], row[column["deals"]], row[column["takes"]]] for row in seen["rows"]]
    assert shown == [[str(r["player"]), str(r["deals"]), str(r["takes"])] for r in figures["player"]]
    assert seen["bars"] >= sum(1 for r in figures["player"] if r["takes"])
    assert seen["box"][0] > 0 and seen["box"][1] > 0
    assert seen["fill"] == "rgb(46, 125, 50)"  # the style applies: its hash is in the policy
    assert seen["summary"] == f"{figures['games']} games, {figures['deals']} deals"
