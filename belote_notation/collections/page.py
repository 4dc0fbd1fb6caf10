"""The HTML page of ``stats --html``: tables and SVG bar charts, self-contained.

Nothing is loaded from anywhere (no script at all, no font, no image file): the charts are
inline SVG drawn here, the style one ``<style>`` element allowed by its hash in a strict
Content-Security-Policy (``default-src 'none'``).

>>> from belote_notation.collections.stats import Stats
>>> html = stats_page(Stats())
>>> html.startswith("<!doctype html>"), "<script" in html, "default-src 'none'" in html
(True, False, True)
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from html import escape
from typing import Any

from belote_notation.collections.stats import GROUPS, Stats, counted
from belote_notation.game.lang import msg
from belote_notation.game.lang.render import chosen_lang, say

__all__ = ["CSS", "csp", "stats_page"]

CSS = """body{font-family:system-ui,sans-serif;margin:1.5rem;color:#222;max-width:70rem}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0;font-size:.85rem}
th,td{border:1px solid #ccc;padding:.2rem .45rem;text-align:right}
th:first-child,td:first-child{text-align:left}
figure{margin:1rem 0}figcaption{font-size:.9rem;color:#555}svg{max-width:100%;height:auto}
.chart text{font-size:11px;fill:#222}.made{fill:#2e7d32}.failed{fill:#c62828}.value{fill:#1565c0}
.other{fill:#ef6c00}"""

BAR_HEIGHT, LABEL_WIDTH, CHART_WIDTH = 18, 150, 640


def csp() -> str:
    """The page's policy: nothing from outside, no script, only its own style (by hash)."""
    digest = base64.b64encode(hashlib.sha256(CSS.encode("utf-8")).digest()).decode("ascii")
    return (f"default-src 'none'; style-src 'sha256-{digest}'; img-src data:; base-uri 'none'; "
            "form-action 'none'")


def _bars(title: str, rows: Sequence[tuple[str, Sequence[tuple[float, str]]]], unit: str = "") -> str:
    """A horizontal bar chart: per label, stacked parts (value, class)."""
    if not rows:
        return ""
    top = max((sum(v for v, _ in parts) for _, parts in rows), default=0) or 1
    scale = (CHART_WIDTH - LABEL_WIDTH - 60) / top
    height = BAR_HEIGHT * len(rows) + 10
    shapes = []
    for index, (label, parts) in enumerate(rows):
        y = 5 + index * BAR_HEIGHT
        shapes.append(f'<text x="{LABEL_WIDTH - 6}" y="{y + 13}" text-anchor="end">{escape(label)}</text>')
        x = float(LABEL_WIDTH)
        for value, kind in parts:
            width = max(0.0, value * scale)
            shapes.append(f'<rect class="{kind}" x="{x:.1f}" y="{y + 2}" width="{width:.1f}" '
                          f'height="{BAR_HEIGHT - 4}"><title>{escape(label)}: {value:g}{unit}</title></rect>')
            x += width
        total = sum(v for v, _ in parts)
        shapes.append(f'<text x="{x + 4:.1f}" y="{y + 13}">{total:g}{unit}</text>')
    return (f'<figure><svg class="chart" role="img" aria-label="{escape(title)}" '
            'xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {CHART_WIDTH} {height}" width="{CHART_WIDTH}" height="{height}">'
            f'{"".join(shapes)}</svg><figcaption>{escape(title)}</figcaption></figure>')


_COLUMNS = {
    "player": msg("player"), "team": msg("team"), "rules": msg("rules"), "contract": msg("contract"),
    "trump": msg("trump"), "deals": msg("deals"), "takes": msg("takes"), "made": msg("made"),
    "failed": msg("failed"), "litige": msg("litige"), "capots": msg("capots"), "dead": msg("dead"),
    "belotes": msg("belotes"), "announcements": msg("announcements"),
    "points_as_taker": msg("points as taker"), "points_as_defender": msg("points as defender"),
    "findings_per_100": msg("findings per 100"),
    "review_cards": msg("review cards"), "points_lost": msg("points lost"),
    "points_lost_per_deal": msg("points lost per deal"), "inaccuracies": msg("inaccuracies"),
    "mistakes": msg("mistakes"), "blunders": msg("blunders"), "accuracy": msg("accuracy"),
}
"""Each column's heading (in English its key, ``_`` read as a space)."""


def _table(group: str, rows: list[dict[str, Any]]) -> str:
    if not rows:
        return ""
    columns = list(dict.fromkeys(k for row in rows for k in row))
    words = [say(_COLUMNS[c]) if c in _COLUMNS else c.replace("_", " ") for c in columns]
    head = "".join(f"<th>{escape(word)}</th>" for word in words)
    body = "".join("<tr>" + "".join(f"<td>{escape('-' if row.get(c) is None else str(row[c]))}</td>"
                                    for c in columns) + "</tr>" for row in rows)
    return f'<table data-group="{group}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _charts(group: str, rows: list[dict[str, Any]]) -> str:
    label = say(_COLUMNS[group])
    out = [_bars(say(msg("Takes by %(group)s: made and failed", group=label)),
                 [(str(r[group]), [(r["made"], "made"), (r["failed"], "failed")])
                  for r in rows if r["takes"]])]
    out.append(_bars(say(msg("Average points per deal as taker, by %(group)s", group=label)),
                     [(str(r[group]), [(r["points_as_taker"], "value")]) for r in rows
                      if r["points_as_taker"] is not None]))
    if group in ("player", "team"):
        out.append(_bars(say(msg("Findings per 100 deals, by %(group)s", group=label)),
                         [(str(r[group]), [(r["findings_per_100"] or 0, "other")]) for r in rows]))
        reviewed = [r for r in rows if "accuracy" in r]
        out.append(_bars(say(msg("Accuracy (review), by %(group)s", group=label)),
                         [(str(r[group]), [(r["accuracy"], "value")]) for r in reviewed], "%"))
    return "".join(out)


def stats_page(stats: Stats, title: str | None = None) -> str:
    """The whole page of ``stats``, in the language asked (``--lang``; Arabic right to left)."""
    title = say(msg("Belote collection statistics")) if title is None else title
    sections = []
    for group in GROUPS:
        rows = stats.table(group)
        if rows:
            by = escape(say(msg("By %(group)s", group=say(_COLUMNS[group]))))
            sections.append(f'<section id="{group}"><h2>{by}</h2>{_charts(group, rows)}'
                            f"{_table(group, rows)}</section>")
    lang = chosen_lang()
    html = f'<html lang="{lang}"' + (' dir="rtl"' if lang == "ar" else "") + ">"
    return (f"<!doctype html>\n{html}\n<head>\n<meta charset=\"utf-8\">\n"
            f'<meta http-equiv="Content-Security-Policy" content="{csp()}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"<h1>{escape(title)}</h1>\n<p id=\"summary\">{escape(counted(stats))}</p>\n"
            + "\n".join(sections) + "\n</body>\n</html>\n")
