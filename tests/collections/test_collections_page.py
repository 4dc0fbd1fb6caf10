"""``stats --html`` in a real headless Chromium: the page shows the figures of ``stats --format
json``, draws its charts, loads nothing and breaks no rule of its Content-Security-Policy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from belote_replay.main import cli
from tests.collections.collection_data import as_text, collection_games


def test_the_stats_page_in_chromium(browser: Any, tmp_path: Path) -> None:
    source = tmp_path / "club.bel"
    source.write_text(as_text(collection_games()[:12]), encoding="utf-8")
    page_file = tmp_path / "stats.html"
    done = CliRunner().invoke(cli, ["stats", str(source), "--format", "json", "--html", str(page_file)])
    assert done.exit_code == 0, done.output
    figures = json.loads(done.stdout)
    page = browser.new_page()
    requests: list[str] = []
    problems: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda message: problems.append(message.text) if message.type in ("error", "warning")
            else None)
    try:
        page.goto(page_file.as_uri())
        shown = page.evaluate("""() => Array.from(
            document.querySelectorAll('table[data-group="player"] tbody tr'),
            (tr) => Array.from(tr.cells, (c) => c.textContent))""")
        headers = page.evaluate("""() => Array.from(document.querySelectorAll(
            'table[data-group="player"] thead th'), (th) => th.textContent)""")
        bars = page.evaluate("() => document.querySelectorAll('svg.chart rect').length")
        box = page.evaluate("""() => {
            const r = document.querySelector('svg.chart rect.made').getBoundingClientRect();
            return [r.width, r.height]; }""")
        styled = page.evaluate("() => getComputedStyle(document.querySelector('rect.made')).fill")
    finally:
        page.close()
    assert requests == [page_file.as_uri()] and problems == []
    want = [[str(r["player"]), str(r["deals"]), str(r["takes"])] for r in figures["player"]]
    column = {name: i for i, name in enumerate(headers)}
    assert [[row[column["player"]], row[column["deals"]], row[column["takes"]]] for row in shown] == want
    assert bars >= sum(1 for r in figures["player"] if r["takes"]) and box[0] > 0 and box[1] > 0
    assert styled == "rgb(46, 125, 50)"  # the style applies: its hash is in the policy
