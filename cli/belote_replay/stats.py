"""``belote-replay stats INPUTS...``: figures per player, team, rule system, contract and
trump, and review figures where the games are annotated: a text table, JSON, CSV or an HTML
page with SVG charts (docs/collections.md)."""

from __future__ import annotations

import json

import click

from belote_notation.collections.stats import StatsWork
from belote_notation.pipeline.unread import Unread
from belote_replay.click_words import Choice
from belote_replay.collection_run import (
    CLUSTER_HELP,
    UNREAD_EXIT,
    backend,
    open_output,
    refuse_overwriting_inputs,
    run,
    say_unread,
    sources,
)
from belote_replay.lang import lang_option

__all__ = ["command"]


@click.command("stats", epilog=f"Exit codes: 0 done; {UNREAD_EXIT}; 2 usage error or an input that cannot "
               "be read.")
@click.argument("inputs", nargs=-1)
@lang_option
@click.option("--format", "fmt", type=Choice(["text", "json", "csv"]), default="text",
              show_default=True)
@click.option("--html", "html_path", metavar="FILE",
              help="Also write a self-contained HTML page with charts (SVG, no network).")
@click.option("-o", "--output", default="-", metavar="OUT", help="Where the table goes (default: stdout).")
@click.option("--cluster", metavar="ADDRESS", help=CLUSTER_HELP)
def command(inputs, fmt, html_path, output, cluster) -> None:
    """Figures per player and team across the games of INPUTS (any readable format)."""
    found = sources(inputs)
    for target in (output, html_path):
        if target is not None:
            refuse_overwriting_inputs(target, found)
    unread = Unread()
    stats = run(StatsWork(), found, backend(cluster), unread)
    if html_path is not None:
        from belote_notation.collections.page import stats_page

        with open_output(html_path) as page:
            page.write(stats_page(stats))
    text = stats.text() if fmt == "text" else stats.csv() if fmt == "csv" else \
        json.dumps(stats.to_dict(), indent=2, ensure_ascii=False) + "\n"
    with open_output(output) as out:
        out.write(text)
    say_unread(unread)
